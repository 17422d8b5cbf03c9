//! The game played through commands, without a terminal: every rule the
//! demo shows is checked on the game's state.

use std::collections::HashSet;

use sightlines::generate::SplitMix64;
use sightlines::{nearest_first, Algorithm, Cone, Fov, Opacity, VisibleSet};
use sightlines_demo::game::{
    Command, Config, Dir, Flow, Game, Kind, LineKind, MapKind, Mode, FIREBALL, FOLIAGE,
    MAX_CHARGES, MAX_HP, PLAYER_SIGHT, QUICK, SMOKE, SMOKE_FADE, WAND_REACH,
};

fn level(rows: &[&str]) -> Game {
    Game::from_text(&rows.join("\n"), Algorithm::SymmetricShadowcast).expect("a valid level")
}

/// The player's view recomputed from scratch, as a set of tiles: through
/// foliage and smoke (with the game's diagonal rule) when `algorithm` sees
/// through translucent tiles.
fn fresh_view(game: &Game, algorithm: Algorithm) -> Vec<(i32, i32)> {
    let mut set = VisibleSet::new();
    let mut fov = Fov::new(algorithm);
    if algorithm.supports_translucency() {
        fov.set_diagonal_gaps(game.diagonal_gaps());
        set.reset(game.map().rect());
        fov.compute_translucent(&game.sight(), game.player(), PLAYER_SIGHT, |x, y, _| {
            set.insert(x, y);
        })
    } else {
        fov.compute_into(game.map(), game.player(), PLAYER_SIGHT, &mut set)
    }
    .expect("the player stands on the map");
    set.iter().collect()
}

#[test]
fn moving_and_bumping_into_walls() {
    let mut game = level(&[
        "#######", //
        "#.....#", "#.@...#", "#.....#", "#######",
    ]);
    assert_eq!((game.player(), game.turn()), ((2, 2), 0));
    game.apply(Command::Move(Dir::E));
    assert_eq!((game.player(), game.turn()), ((3, 2), 1));
    game.apply(Command::Move(Dir::NW));
    game.apply(Command::Move(Dir::SW));
    assert_eq!((game.player(), game.turn()), ((1, 2), 3));
    // Into the wall: no move, no turn, a message.
    game.apply(Command::Move(Dir::W));
    game.apply(Command::Move(Dir::NW));
    assert_eq!((game.player(), game.turn()), ((1, 2), 3));
    assert_eq!(game.log().last(), Some("You bump into the wall."));
    game.apply(Command::Wait);
    assert_eq!((game.player(), game.turn()), ((1, 2), 4));
    // The view follows the player.
    assert_eq!(
        game.view().visible().iter().collect::<Vec<_>>(),
        fresh_view(&game, Algorithm::SymmetricShadowcast)
    );
    assert_eq!(game.apply(Command::Quit), Flow::Quit);
}

#[test]
fn switching_the_algorithm_switches_every_view() {
    let mut game = Game::new(Config::new(3, MapKind::Cave));
    // The quick keys reach every algorithm but libtcod's lower permissive levels.
    let lower = |a: &Algorithm| (0..8).any(|l| Algorithm::permissive(l) == Some(*a));
    assert_eq!(
        QUICK.to_vec(),
        Algorithm::ALL
            .iter()
            .copied()
            .filter(|a| !lower(a))
            .collect::<Vec<_>>()
    );
    for (i, &algorithm) in QUICK.iter().enumerate() {
        game.apply(Command::SelectAlgorithm(i));
        assert_eq!(game.algorithm(), algorithm);
        assert!(game.last_fov_time().is_some());
        assert_eq!(
            game.view().visible().iter().collect::<Vec<_>>(),
            fresh_view(&game, algorithm),
            "{algorithm}"
        );
        for m in game.monsters() {
            assert_eq!(m.viewer().algorithm(), algorithm);
        }
    }
    // Tab walks through every algorithm and comes back; Shift-Tab undoes it.
    let start = game.algorithm();
    let mut seen = HashSet::new();
    for _ in 0..Algorithm::ALL.len() {
        game.apply(Command::NextAlgorithm);
        seen.insert(game.algorithm());
    }
    assert_eq!(game.algorithm(), start);
    assert_eq!(seen.len(), Algorithm::ALL.len());
    game.apply(Command::PrevAlgorithm);
    game.apply(Command::NextAlgorithm);
    assert_eq!(game.algorithm(), start);
    // Switching costs no turn; out-of-range indices are ignored.
    game.apply(Command::SelectAlgorithm(99));
    assert_eq!((game.turn(), game.algorithm()), (0, start));
}

#[test]
fn memory_grows_and_never_forgets() {
    for kind in [MapKind::Cave, MapKind::Rooms] {
        let mut game = Game::new(Config::new(11, kind));
        let mut rng = SplitMix64::new(5);
        let mut ever_seen: HashSet<(i32, i32)> = HashSet::new();
        for step in 0..400 {
            let command = if step % 50 == 49 {
                Command::NextAlgorithm
            } else {
                Command::Move(Dir::ALL[rng.below(8) as usize])
            };
            game.apply(command);
            if game.mode() == Mode::Dead {
                break;
            }
            ever_seen.extend(game.view().visible().iter());
            let memory = game.memory();
            assert_eq!(memory.len(), ever_seen.len() as u64, "step {step}");
            assert!(ever_seen.iter().all(|&(x, y)| memory.is_seen(x, y)));
        }
        assert!(
            ever_seen.len() > 300,
            "{kind}: only {} tiles seen",
            ever_seen.len()
        );
    }
}

#[test]
fn monsters_recompute_their_view_only_when_dirty() {
    let mut game = Game::new(Config::new(7, MapKind::Cave));
    let n = game.monsters().len();
    assert!(n >= 20);
    let mut total = 0;
    for turn in 0..200 {
        let dirty_before = game
            .monsters()
            .iter()
            .filter(|m| m.viewer().is_dirty())
            .count();
        let before: Vec<(i32, i32)> = game.monsters().iter().map(|m| m.pos()).collect();
        game.apply(Command::Wait);
        if game.mode() == Mode::Dead {
            break;
        }
        // The monster turn recomputed exactly the views that were dirty ...
        assert_eq!(game.stats().monster_updates, dirty_before, "turn {turn}");
        total += dirty_before;
        // ... and now exactly the monsters that moved are dirty.
        for (m, &was) in game.monsters().iter().zip(&before) {
            assert_eq!(m.viewer().is_dirty(), m.pos() != was, "turn {turn}");
            assert_eq!(m.viewer().origin(), m.pos());
        }
    }
    // Monsters rest often: far fewer recomputations than monster-turns.
    assert!(total < n * 200 * 3 / 4, "{total} of {}", n * 200);
    assert!(total > 0);
}

#[test]
fn an_opened_door_dirties_only_the_views_it_is_in() {
    // The goblin and the orc are walled in and never move; the door at
    // (2, 1) is within the goblin's sight (7) and beyond the orc's (10).
    let mut game = level(&[
        "#######################",
        "#@+..#g#.......#o#....#",
        "#######################",
    ]);
    assert!(game.is_closed_door(2, 1));
    game.apply(Command::Wait);
    assert_eq!(game.stats().monster_updates, 0);
    assert!(!game.sees(3, 1));
    game.apply(Command::Move(Dir::E)); // opens the door
    assert!(!game.is_closed_door(2, 1) && game.is_door(2, 1));
    assert_eq!(game.player(), (1, 1));
    assert!(game.sees(3, 1), "the player's view was recomputed");
    assert_eq!(game.stats().monster_updates, 1, "the goblin's only");
    game.apply(Command::Wait);
    assert_eq!(game.stats().monster_updates, 0);
    game.apply(Command::Move(Dir::E)); // through the open door
    assert_eq!(game.player(), (2, 1));
}

#[test]
fn a_monster_that_sees_the_player_comes_for_them() {
    let mut game = level(&[
        "##############",
        "#@..........o#",
        "##############",
        "#......#....o#",
        "##############",
    ]);
    // The top orc sees the player (distance 11 is beyond its sight of 10,
    // so first move the player one step).
    game.apply(Command::Move(Dir::E));
    let hunter = |g: &Game| {
        g.monsters()
            .iter()
            .find(|m| m.pos().1 == 1)
            .cloned()
            .unwrap()
    };
    let mut distance = hunter(&game).pos().0 - game.player().0;
    assert!(hunter(&game).sees_player());
    for _ in 0..10 {
        game.apply(Command::Wait);
        let now = hunter(&game).pos().0 - game.player().0;
        assert!(now < distance || now == 1, "it closes in");
        distance = now;
    }
    assert_eq!(distance, 1);
    assert!(game.hp() < MAX_HP, "and attacks");
    // The other orc, behind a wall, never saw the player.
    let other = game.monsters().iter().find(|m| m.pos().1 == 3).unwrap();
    assert!(!other.sees_player() && !other.is_hunting());
    // Drawn or not, the player sees it only when its tile is in view.
    assert!(!game.sees(other.pos().0, other.pos().1));
}

#[test]
fn a_wandering_monster_does_not_notice_the_player_behind_it() {
    // The goblin faces west, away from the player, who stands in its view.
    let mut game = level(&[
        "##########", //
        "#...g..@.#",
        "##########",
    ]);
    assert_eq!(game.monsters()[0].facing(), Dir::W);
    assert!(game.monsters()[0].viewer().sees(7, 1));
    game.apply(Command::Wait);
    let goblin = &game.monsters()[0];
    assert!(!goblin.sees_player() && !goblin.is_hunting());
    // Facing the player, it notices at once: the same goblin, mirrored.
    let mut game = level(&[
        "##########", //
        "#.@..g...#",
        "##########",
    ]);
    game.apply(Command::Wait);
    assert!(game.monsters()[0].sees_player() && game.monsters()[0].is_hunting());
}

#[test]
fn monster_views_agree_with_line_of_sight() {
    // Every clean monster view, every turn, says what `Fov::can_see` says
    // about the player's tile; and a monster notices the player exactly
    // when it sees the tile and faces it (or already hunts).
    let mut game = level(&[
        "##################################################",
        "#@.......#...........r...........#......g........#",
        "#........#.......................#...............#",
        "#..............g.........#.......................#",
        "#........#...............#..........r......#.....#",
        "####.#####...............#.................#.....#",
        "#........................#######.....o.....#.....#",
        "#.....r..........................................#",
        "#.............g.............#........#.....g.....#",
        "#...........................#........#...........#",
        "##################################################",
    ]);
    let mut rng = SplitMix64::new(3);
    let (mut checked, mut behind) = (0, 0);
    for turn in 0..1500 {
        if turn % 40 == 39 {
            game.apply(Command::NextAlgorithm);
        }
        let me = game.player();
        let mut fov = Fov::new(game.algorithm());
        for m in game.monsters().iter().filter(|m| !m.viewer().is_dirty()) {
            let los = fov
                .can_see(game.map(), m.pos(), me, m.kind().sight())
                .unwrap();
            assert_eq!(m.viewer().sees(me.0, me.1), los, "turn {turn}");
            checked += 1;
        }
        // Each monster decides from where it stands, facing where it faced.
        let before: Vec<_> = game
            .monsters()
            .iter()
            .map(|m| (m.pos(), m.facing(), m.is_hunting()))
            .collect();
        let turns = game.turn();
        game.apply(Command::Move(Dir::ALL[rng.below(8) as usize]));
        if game.mode() == Mode::Dead {
            // Go on in a new cave.
            game = Game::new(Config::new(turn as u64, MapKind::Cave));
            continue;
        }
        if game.turn() == turns || game.monsters().len() != before.len() {
            continue; // a bump (no turn), or the player slew one (the order changed)
        }
        let me = game.player();
        for (m, &(from, facing, hunting)) in game.monsters().iter().zip(&before) {
            let (dx, dy) = (i64::from(me.0 - from.0), i64::from(me.1 - from.1));
            let ahead = Cone::half(facing.delta()).unwrap().contains(dx, dy);
            let los = fov.can_see(game.map(), from, me, m.kind().sight()).unwrap();
            assert_eq!(m.sees_player(), los && (hunting || ahead), "turn {turn}");
            behind += usize::from(los && !hunting && !ahead);
        }
    }
    assert!(checked > 2000, "{checked}");
    assert!(
        behind >= 5,
        "the player was behind a monster only {behind} times"
    );
}

#[test]
fn targeting_cycles_through_visible_monsters_nearest_first() {
    let mut game = level(&[
        "####################",
        "#@.......#.........#",
        "#...g....#....g....#",
        "#.....r..#.........#",
        "#.......o.........r#",
        "####################",
    ]);
    game.apply(Command::Aim);
    assert_eq!(game.mode(), Mode::Aim);
    let me = game.player();
    let targets = game.targets().to_vec();
    // Behind the wall, or out of reach: not targets.
    let expected: Vec<(i32, i32)> = {
        let mut t: Vec<(i32, i32)> = game
            .monsters()
            .iter()
            .map(|m| m.pos())
            .filter(|&(x, y)| {
                game.sees(x, y) && WAND_REACH.contains(i64::from(x - me.0), i64::from(y - me.1))
            })
            .collect();
        t.sort_by(|&a, &b| nearest_first(me, a, b));
        t
    };
    assert_eq!(targets, expected);
    assert_eq!(targets, [(4, 2), (6, 3), (8, 4)]);
    assert!(!targets.contains(&(14, 2)) && !targets.contains(&(18, 4)));
    // The cursor starts on the nearest; Tab goes farther and wraps around.
    let cursor = |g: &Game| g.aim().unwrap().cursor;
    assert_eq!(cursor(&game), (4, 2));
    for &t in targets.iter().skip(1).chain(&targets[..1]) {
        game.apply(Command::NextTarget);
        assert_eq!(cursor(&game), t);
    }
    game.apply(Command::PrevTarget);
    assert_eq!(cursor(&game), (8, 4));
    assert_eq!(game.aim().unwrap().target, Some(2));
    // Aiming takes no turn; Esc puts the wand away.
    assert_eq!(game.turn(), 0);
    game.apply(Command::Cancel);
    assert_eq!((game.mode(), game.aim()), (Mode::Play, None));
}

#[test]
fn the_blast_preview_is_the_blast_and_kills_what_it_shows() {
    let mut game = level(&[
        "###############",
        "#@............#",
        "#.............#",
        "#.......g#r...#",
        "#.......g.....#",
        "###############",
    ]);
    game.apply(Command::Aim);
    let aim = *game.aim().unwrap();
    assert_eq!(
        (aim.cursor, aim.epicentre, aim.valid),
        ((8, 3), (8, 3), true)
    );
    // The preview is exactly the library's blast from the epicentre.
    let mut area = VisibleSet::new();
    let mut fov = Fov::new(game.algorithm());
    FIREBALL
        .compute_into(&mut fov, game.map(), aim.epicentre, &mut area)
        .unwrap();
    let preview: Vec<(i32, i32)> = game.blast_area().iter().collect();
    assert_eq!(preview, area.iter().collect::<Vec<_>>());
    assert!(area.contains(8, 4), "the second goblin is in it");
    assert!(!area.contains(10, 3), "the wall shelters the rat");
    game.apply(Command::Fire);
    assert_eq!(game.mode(), Mode::Play);
    assert_eq!(game.charges(), MAX_CHARGES - 1);
    assert_eq!(game.turn(), 1);
    assert_eq!(game.stats().kills, 2);
    let kinds: Vec<Kind> = game.monsters().iter().map(|m| m.kind()).collect();
    assert_eq!(kinds, [Kind::Rat]);
    assert!(game.log().any(|m| m.contains("burning 2 goblins")));
}

#[test]
fn the_bolt_stops_at_walls_and_supercover_lines_stop_sooner() {
    // From (1, 1) to (4, 2) the Bresenham line is (2,1) (3,2) (4,2); the
    // supercover line also touches (3, 1), a wall.
    let mut game = level(&[
        "#######", //
        "#@.#..#", "#.....#", "#######",
    ]);
    game.apply(Command::Aim);
    assert_eq!(
        game.aim().unwrap().cursor,
        game.player(),
        "no monster: the cursor starts here"
    );
    for dir in [Dir::E, Dir::E, Dir::E, Dir::S] {
        game.apply(Command::Move(dir));
    }
    let aim = *game.aim().unwrap();
    assert_eq!((aim.cursor, aim.line), ((4, 2), LineKind::Bresenham));
    assert_eq!(game.aim_line(), [(2, 1), (3, 2), (4, 2)]);
    assert_eq!((aim.flight, aim.epicentre), (3, (4, 2)));
    game.apply(Command::ToggleLine);
    let aim = *game.aim().unwrap();
    assert_eq!(aim.line, LineKind::Supercover);
    assert_eq!(game.aim_line(), [(2, 1), (3, 1), (2, 2), (3, 2), (4, 2)]);
    assert_eq!((aim.flight, aim.epicentre), (1, (2, 1)));
    // The blast is then centred where the bolt stopped, next to the player.
    assert!(game.blast_area().contains(1, 1));
}

#[test]
fn the_wand_refuses_bad_aims_and_runs_out() {
    let mut game = level(&[
        "##########", //
        "#@.......#",
        "##########",
    ]);
    game.apply(Command::Aim);
    game.apply(Command::Fire); // at the player's own tile
    assert_eq!((game.mode(), game.charges()), (Mode::Aim, MAX_CHARGES));
    // The cursor stays within the wand's reach (8).
    for _ in 0..20 {
        game.apply(Command::Move(Dir::E));
    }
    assert_eq!(game.aim().unwrap().cursor, (9, 1));
    for _ in 0..MAX_CHARGES {
        game.apply(Command::Aim);
        game.apply(Command::Move(Dir::E));
        game.apply(Command::Move(Dir::E));
        game.apply(Command::Move(Dir::E));
        game.apply(Command::Fire);
        // Its smoke hides the corridor beyond the next tile: wait until it
        // is gone (fresh smoke thins from the next turn on, by 40 a turn).
        for _ in 0..4 * game.charges().min(1) {
            game.apply(Command::Wait);
        }
    }
    assert_eq!(game.charges(), 0);
    game.apply(Command::Aim);
    assert_eq!(game.mode(), Mode::Play);
    assert!(game.log().last().unwrap().contains("empty"));
}

#[test]
fn the_diff_overlay_counts_what_two_algorithms_disagree_on() {
    let mut game = Game::new(Config::new(21, MapKind::Cave));
    game.apply(Command::ToggleDiff);
    for i in 0..QUICK.len() {
        game.apply(Command::SelectAlgorithm(i));
        let (now, before) = (game.algorithm(), game.compared());
        assert_ne!(now, before);
        let a: HashSet<_> = fresh_view(&game, now).into_iter().collect();
        let b: HashSet<_> = fresh_view(&game, before).into_iter().collect();
        let diff = game.diff();
        assert_eq!(
            diff.only_current,
            a.difference(&b).count(),
            "{now} vs {before}"
        );
        assert_eq!(
            diff.only_other,
            b.difference(&a).count(),
            "{now} vs {before}"
        );
        game.apply(Command::Move(Dir::ALL[i % 8]));
    }
}

#[test]
fn death_and_a_new_game() {
    let mut game = level(&[
        "#####", //
        "#o@o#", "#####",
    ]);
    for _ in 0..100 {
        if game.mode() == Mode::Dead {
            break;
        }
        game.apply(Command::Wait);
    }
    assert_eq!((game.mode(), game.hp()), (Mode::Dead, 0));
    let turn = game.turn();
    game.apply(Command::Move(Dir::E));
    game.apply(Command::Wait);
    assert_eq!(game.turn(), turn, "the dead do not move");
    game.apply(Command::Restart);
    assert_eq!(
        (game.mode(), game.hp(), game.turn()),
        (Mode::Play, MAX_HP, 0)
    );
    assert_eq!(game.config().seed, 1);
}

#[test]
fn generated_levels_are_big_reproducible_and_start_quiet() {
    for kind in [MapKind::Cave, MapKind::Rooms] {
        let config = Config::new(42, kind);
        let game = Game::new(config);
        assert!(game.map().width() > 100 && game.map().height() > 40);
        let (x, y) = game.player();
        assert!(!game.map().is_opaque(x, y));
        assert_eq!(game.monsters().len(), config.monsters);
        // Nobody is in sight at the start.
        assert!(game
            .monsters()
            .iter()
            .all(|m| !game.sees(m.pos().0, m.pos().1)));
        // The same seed gives the same game, command for command.
        let mut a = Game::new(config);
        let mut b = Game::new(config);
        for i in 0..50 {
            let c = Command::Move(Dir::ALL[(i * 5) % 8]);
            a.apply(c);
            b.apply(c);
        }
        let where_ = |g: &Game| {
            (
                g.player(),
                g.monsters().iter().map(|m| m.pos()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(where_(&a), where_(&b));
        assert_ne!(
            Game::new(Config::new(43, kind)).map().to_text(),
            game.map().to_text()
        );
    }
    let rooms = Game::new(Config::new(42, MapKind::Rooms));
    let doors = (0..70)
        .flat_map(|y| (0..140).map(move |x| (x, y)))
        .filter(|&(x, y)| rooms.is_closed_door(x, y))
        .count();
    assert!(doors > 5, "{doors} doors");
}

#[test]
fn no_command_sequence_breaks_the_rules() {
    let commands = |rng: &mut SplitMix64| match rng.below(20) {
        0..=7 => Command::Move(Dir::ALL[rng.below(8) as usize]),
        8 => Command::Wait,
        9 => Command::Help,
        10 => Command::Cancel,
        11 => Command::NextAlgorithm,
        12 => Command::PrevAlgorithm,
        13 => Command::SelectAlgorithm(rng.below(12) as usize),
        14 => Command::ToggleDiff,
        15 => Command::Aim,
        16 => [Command::NextTarget, Command::PrevTarget][rng.below(2) as usize],
        17 => Command::ToggleLine,
        18 => Command::Fire,
        _ => Command::Restart,
    };
    let mut rng = SplitMix64::new(99);
    let sizes = [(8, 8, 0), (9, 40, 3), (60, 30, 1000), (140, 70, 24)];
    for (round, &(width, height, monsters)) in sizes.iter().enumerate() {
        for kind in [MapKind::Cave, MapKind::Rooms] {
            let mut config = Config::new(round as u64, kind);
            (config.width, config.height, config.monsters) = (width, height, monsters);
            let mut game = Game::new(config);
            let mut seen = game.memory().len();
            for _ in 0..1500 {
                let c = commands(&mut rng);
                assert_eq!(game.apply(c), Flow::Continue);
                if c == Command::Restart && game.turn() == 0 {
                    seen = game.memory().len();
                }
                let (x, y) = game.player();
                assert!(!game.map().is_opaque(x, y));
                assert!(game.hp() <= MAX_HP && game.charges() <= MAX_CHARGES);
                assert!(game.memory().len() >= seen, "memory never shrinks");
                seen = game.memory().len();
                let mut places = HashSet::new();
                for m in game.monsters() {
                    let (mx, my) = m.pos();
                    assert!(!game.map().is_opaque(mx, my));
                    assert_ne!(m.pos(), game.player());
                    assert!(places.insert(m.pos()), "two monsters on one tile");
                }
                if let Some(aim) = game.aim() {
                    assert_eq!(game.mode(), Mode::Aim);
                    assert!(aim.flight <= game.aim_line().len());
                }
            }
        }
    }
}

#[test]
fn the_diagonal_rule_seals_corners_for_everyone() {
    let mut game = level(&[
        "#######", //
        "#@....#", "#..#..#", "#.#...#", "#.....#", "#######",
    ]);
    // Walls at (3, 2) and (2, 3) touch at a corner on the player's diagonal.
    assert!(game.sees(3, 3));
    game.apply(Command::ToggleDiagonalGaps);
    assert!(game.diagonal_gaps().blocks());
    assert!(!game.sees(3, 3), "the corner is sealed");
    assert!(game.log().last().unwrap().contains("seal"));
    game.apply(Command::ToggleDiagonalGaps);
    assert!(!game.diagonal_gaps().blocks() && game.sees(3, 3));
    // An algorithm that does not keep the rule yet says so and stays as it is.
    game.set_algorithm(Algorithm::Restrictive);
    game.apply(Command::ToggleDiagonalGaps);
    assert!(!game.diagonal_gaps().blocks());
    assert!(game
        .log()
        .last()
        .unwrap()
        .contains("does not keep the diagonal rule"));
    // Switching to such an algorithm turns the rule off.
    game.set_algorithm(Algorithm::RecursiveShadowcast);
    game.apply(Command::ToggleDiagonalGaps);
    assert!(game.diagonal_gaps().blocks());
    game.set_algorithm(Algorithm::Beveled);
    assert!(!game.diagonal_gaps().blocks());
    assert_eq!(
        game.view().visible().iter().collect::<Vec<_>>(),
        fresh_view(&game, Algorithm::Beveled)
    );
}

#[test]
fn a_monster_the_player_comes_upon_is_spotted() {
    let mut game = level(&[
        "##########",
        "#@.......#",
        "#........#",
        "######.###",
        "#g.......#",
        "##########",
    ]);
    assert!(!game.log().any(|l| l.contains("spot")));
    for dir in [
        Dir::E,
        Dir::E,
        Dir::E,
        Dir::E,
        Dir::E,
        Dir::S,
        Dir::S,
        Dir::S,
    ] {
        game.apply(Command::Move(dir));
    }
    assert!(
        game.log().any(|l| l == "You spot a goblin."),
        "{:?}",
        game.log().collect::<Vec<_>>()
    );
}

#[test]
fn foliage_dims_what_lies_behind_it() {
    let mut game = level(&[
        "############",
        "#@..\"\".....#",
        "#..........#",
        "############",
    ]);
    assert!(game.is_foliage(4, 1) && !game.is_foliage(3, 1));
    let view = game.view();
    assert_eq!(view.visibility(4, 1), 255, "the foliage itself");
    assert_eq!(view.visibility(5, 1), 255 - FOLIAGE);
    assert_eq!(view.visibility(8, 1), 255 - 2 * FOLIAGE);
    assert_eq!(view.visibility(5, 2), 255, "beside the foliage");
    assert_eq!(view.visibility(0, 0), 255, "a wall in full view");
    // An algorithm that does not see through translucent tiles sees the
    // foliage as clear, and says so.
    game.set_algorithm(Algorithm::Restrictive);
    assert!(!game.sees_through_haze());
    assert_eq!(game.view().visibility(8, 1), 255);
    assert!(game.log().last().unwrap().contains("clear to it"));
    assert_eq!(
        game.view().visible().iter().collect::<Vec<_>>(),
        fresh_view(&game, Algorithm::Restrictive)
    );
    // With the diagonal rule too, every algorithm that sees through
    // translucent tiles does.
    game.set_algorithm(Algorithm::SymmetricShadowcast);
    game.apply(Command::ToggleDiagonalGaps);
    assert!(game.diagonal_gaps().blocks());
    for algorithm in [
        Algorithm::PrecisePermissive,
        Algorithm::RecursiveShadowcast,
        Algorithm::SymmetricShadowcast,
        Algorithm::Raycast,
    ] {
        game.set_algorithm(algorithm);
        assert!(game.sees_through_haze(), "{algorithm}");
        assert_eq!(game.view().visibility(8, 1), 255 - 2 * FOLIAGE);
        assert_eq!(
            game.view().visible().iter().collect::<Vec<_>>(),
            fresh_view(&game, algorithm)
        );
    }
}

#[test]
fn a_blast_leaves_smoke_that_hides_and_thins_away() {
    let mut game = level(&["##############", "#@.........o.#", "##############"]);
    game.apply(Command::Wait);
    assert!(game.monsters()[0].sees_player(), "the orc sees the player");
    // Fire at (5, 1): the blast (radius 2) fills (3..=7, 1) with smoke.
    game.apply(Command::Aim);
    for _ in 0..12 {
        let x = game.aim().unwrap().cursor.0;
        if x != 5 {
            game.apply(Command::Move(if x < 5 { Dir::E } else { Dir::W }));
        }
    }
    assert_eq!(game.aim().unwrap().cursor, (5, 1));
    game.apply(Command::Fire);
    for x in 3..=7 {
        assert_eq!(game.smoke(x, 1), SMOKE, "({x}, 1)");
    }
    assert_eq!((game.smoke(2, 1), game.smoke(8, 1)), (0, 0));
    // Through one tile of fresh smoke, not through two.
    let view = game.view();
    assert_eq!(view.visibility(3, 1), 255);
    assert_eq!(view.visibility(4, 1), 255 - SMOKE);
    assert!(!game.sees(5, 1));
    // Nor does the orc see the player through it.
    let orc = &game.monsters()[0];
    assert!(orc.pos().0 > 8, "{:?}", orc.pos());
    assert!(!orc.sees_player() && !orc.viewer().sees(1, 1));
    assert_eq!(
        game.view().visible().iter().collect::<Vec<_>>(),
        fresh_view(&game, Algorithm::SymmetricShadowcast)
    );
    // The smoke thins each turn and is gone after four.
    let mut levels = Vec::new();
    for _ in 0..4 {
        game.apply(Command::Wait);
        levels.push(game.smoke(5, 1));
        assert_eq!(
            game.view().visible().iter().collect::<Vec<_>>(),
            fresh_view(&game, Algorithm::SymmetricShadowcast)
        );
    }
    assert_eq!(levels, [SMOKE - SMOKE_FADE, 80, 40, 0]);
    assert_eq!(game.view().visibility(5, 1), 255);
}
