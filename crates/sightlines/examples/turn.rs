// A turn loop: a player and monsters with their own fields of view, the
// player's memory of the level (fog of war), a door that opens, a wand aimed
// at the nearest monster in view, and the fireball's blast.
//
// `cargo run --example turn` prints the level as the player knows it each
// turn: `@` the player, `o` a monster in view, `#`/`.` in view, `:`/`,`
// remembered walls and floors, blank for the unknown.

use sightlines::line::Bresenham;
use sightlines::{
    targets_into, tile_changed, update_viewers, Algorithm, Blast, Fov, Grid, Knowledge, Memory,
    Opacity, Range, Viewer, VisibleSet,
};

// One string a row (a doctest would read a line that starts with '#' as
// hidden code).
const LEVEL: [&str; 7] = [
    "######################",
    "#........#...........#",
    "#........#.....o.....#",
    "#........#...........#",
    "#........+.......o...#",
    "#........#...........#",
    "######################",
];

struct Monster {
    name: &'static str,
    pos: (i32, i32),
    viewer: Viewer,
    noticed: bool,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // '+' is a closed door: it blocks sight until it opens.
    let mut map = Grid::parse_with(&LEVEL.join("\n"), |c| c == '#' || c == '+')?.grid;
    let sight = Range::circle_plus(8);
    let algorithm = Algorithm::SymmetricShadowcast;
    let mut player = Viewer::new((2, 4), sight, algorithm);
    let mut monsters: Vec<Monster> = [("orc", (15, 2)), ("goblin", (17, 4))]
        .into_iter()
        .map(|(name, pos)| Monster {
            name,
            pos,
            viewer: Viewer::new(pos, sight, algorithm),
            noticed: false,
        })
        .collect();
    let mut memory = Memory::new(map.rect())?;
    // Scratch kept for the whole game: nothing below allocates after turn 1.
    let mut fov = Fov::new(algorithm);
    let mut targets = Vec::new();
    let mut blast_area = VisibleSet::new();
    let fireball = Blast::radius(1);

    for turn in 1..=10 {
        // The player walks east along row 4; on turn 6 the door opens.
        let (x, y) = player.origin();
        if x < 10 && (x + 1 != 9 || !map.is_opaque(9, 4)) {
            player.set_origin((x + 1, y)); // marks the player's view dirty
        }
        if turn == 6 {
            map.set(9, 4, false);
            // Only the fields of view whose range covers the door recompute.
            let marked = tile_changed(
                std::iter::once(&mut player).chain(monsters.iter_mut().map(|m| &mut m.viewer)),
                (9, 4),
            );
            println!("turn {turn}: the door opens ({marked} fields of view to redo)");
        }

        // Every dirty field of view, with one shared scratch.
        let redone = update_viewers(
            &map,
            &mut fov,
            std::iter::once(&mut player).chain(monsters.iter_mut().map(|m| &mut m.viewer)),
        )?;
        let before = memory.len();
        memory.remember(player.visible());
        assert!(memory.len() >= before, "memory never forgets");

        // A monster notices the player when its field of view holds the
        // player's tile (line of sight gives the same answer), then closes
        // in along a line.
        let occupied: Vec<(i32, i32)> = monsters.iter().map(|m| m.pos).collect();
        for m in &mut monsters {
            let me = player.origin();
            let sees = m.viewer.sees(me.0, me.1);
            assert_eq!(sees, fov.can_see(&map, m.pos, me, sight)?);
            if sees && !m.noticed {
                m.noticed = true;
                println!("turn {turn}: the {} sees you", m.name);
            }
            if m.noticed {
                let step = Bresenham::new(m.pos, me).nth(1).unwrap_or(m.pos);
                if step != me && !map.is_opaque(step.0, step.1) && !occupied.contains(&step) {
                    m.pos = step;
                    m.viewer.set_origin(step); // dirty: recomputed next turn
                }
            }
        }

        // A wand of fire: aim at the nearest monster in view within 7 tiles.
        targets_into(
            player.visible(),
            player.origin(),
            Range::circle(7),
            monsters.iter().map(|m| m.pos),
            &mut targets,
        );
        if let Some(&target) = targets.first() {
            let flight = Bresenham::new(player.origin(), target).count() - 1;
            fireball.compute_into(&mut fov, &map, target, &mut blast_area)?;
            // The blast reaches only what its epicentre sees.
            assert!(blast_area.iter().all(|t| fov
                .can_see(&map, target, t, fireball.range())
                .unwrap_or(false)));
            for m in &monsters {
                if blast_area.contains(m.pos.0, m.pos.1) {
                    println!(
                        "turn {turn}: the bolt flies {flight} tiles, bursts at {target:?} and burns the {}",
                        m.name
                    );
                }
            }
            monsters.retain(|m| !blast_area.contains(m.pos.0, m.pos.1));
        }

        println!(
            "turn {turn}: {redone} fields of view recomputed, {} tiles explored",
            memory.len()
        );
        print!("{}", render(&map, &memory, &player, &monsters));
    }
    assert!(monsters.is_empty(), "both monsters burned");
    Ok(())
}

/// The level as the player knows it.
fn render(map: &Grid, memory: &Memory, player: &Viewer, monsters: &[Monster]) -> String {
    let mut out = String::new();
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let wall = map.is_opaque(x, y);
            out.push(match memory.knowledge(player.visible(), x, y) {
                _ if (x, y) == player.origin() => '@',
                Knowledge::Visible if monsters.iter().any(|m| m.pos == (x, y)) => 'o',
                Knowledge::Visible => {
                    if wall {
                        '#'
                    } else {
                        '.'
                    }
                }
                Knowledge::Remembered => {
                    if wall {
                        ':'
                    } else {
                        ','
                    }
                }
                Knowledge::Unknown => ' ',
            });
        }
        out.push('\n');
    }
    out
}
