//! Precise Permissive FOV against its definition, the diagrams of its
//! description ("Precise Permissive Field of View", RogueBasin), and
//! every property its docs promise.

use crate::common::*;
use proptest::prelude::*;
use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, PrecisePermissive, Range, Shape};
use std::collections::BTreeSet;

const PP: Algorithm = Algorithm::PrecisePermissive;

fn parse(text: &str) -> (Grid, (i32, i32)) {
    let p = Grid::parse(text).unwrap();
    (p.grid, p.viewer.unwrap_or((0, 0)))
}

fn find(g: &str, ch: char) -> (i32, i32) {
    for (y, line) in g.lines().enumerate() {
        if let Some(x) = line.chars().position(|c| c == ch) {
            return (x as i32, y as i32);
        }
    }
    panic!("no {ch}");
}

#[test]
fn description_long_bent_corridor_is_seen_at_any_length() {
    // From length 4 on, the corridor has the shape the description draws: three rows that
    // meet at single corners.
    for length in [4usize, 5, 19, 60, 200] {
        let bar = "#".repeat(length);
        let dots = ".".repeat(length);
        let text = format!(
            "{pad}####\n #{bar}..d\n##{dots}## \ns..{bar}# \n####{padrest}\n",
            pad = " ".repeat(length + 1),
            padrest = " ".repeat(length + 1),
        );
        let (g, _) = parse(&text);
        let (s, d) = (find(&text, 's'), find(&text, 'd'));
        let seen = fov_set(PP, &g, s, Range::UNLIMITED);
        assert!(seen.contains(&d), "length {length}:\n{text}");
        if length < 30 {
            assert!(sees(&g, s, d));
        }
        assert!(fov_set(PP, &g, d, Range::UNLIMITED).contains(&s));
    }
}

#[test]
fn description_diagonal_gap_is_see_through() {
    let text = "#d\ns#\n";
    let (g, _) = parse(text);
    assert!(fov_set(PP, &g, find(text, 's'), Range::UNLIMITED).contains(&find(text, 'd')));
}

#[test]
fn description_pillar_hides_what_is_behind_it() {
    let text = "..d\n.#.\ns..\n";
    let (g, _) = parse(text);
    let seen = fov_set(PP, &g, find(text, 's'), Range::UNLIMITED);
    assert!(!seen.contains(&find(text, 'd')));
    assert_eq!(seen.len(), 8);
}

#[test]
fn equals_brute_force_on_10000_random_maps() {
    let cases = Cases {
        maps: 10_000,
        max_side: 16,
        all_origins_up_to: 40,
        other_origins: 1,
        ranges: false,
    };
    let compared =
        equals_definition_on_random_maps(PrecisePermissive::new(), PP, 0x5EED_0001, cases, sees);
    assert!(compared > 1_000_000, "{compared}");
}

#[test]
fn equals_brute_force_with_the_diagonal_rule_on_3000_random_maps() {
    let compared = equals_definition_with_the_diagonal_rule(PP, 0x5EED_0D1B, 14, |map, a, b| {
        sees_with_rule(map, a, b, true)
    });
    assert!(compared > 150_000, "{compared}");
}

#[test]
fn description_diagonal_gap_is_shut_by_the_rule() {
    // The gap of `description_diagonal_gap_is_see_through`, and the same
    // gap farther off, where the view narrows to the shut corner.
    let mut fov = Fov::new(PP);
    fov.set_diagonal_gaps(DiagonalGaps::Block);
    for text in ["#d\ns#\n", "...d\n.#..\n..#.\ns...\n"] {
        let (g, s) = (parse(text).0, find(text, 's'));
        let d = find(text, 'd');
        let mut seen = std::collections::BTreeSet::new();
        fov.compute(&g, s, Range::UNLIMITED, |x, y| {
            seen.insert((x, y));
        })
        .unwrap();
        assert!(!seen.contains(&d), "{text}");
        assert!(fov_set(PP, &g, s, Range::UNLIMITED).contains(&d), "{text}");
    }
}

#[test]
fn equals_brute_force_within_every_shape() {
    let mut rng = Random::new(0x5EED_0002);
    for _ in 0..1500 {
        let (w, h) = (1 + rng.below(16) as u32, 1 + rng.below(16) as u32);
        let density = rng.below(50);
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let shape = Shape::ALL[rng.below(4) as usize];
        let r = rng.below(12) as u32;
        let range = Range::new(r, shape);
        let fast = fov_set(PP, &g, origin, range);
        let slow: BTreeSet<_> = brute_fov(&g, origin, grid_tiles(&g))
            .into_iter()
            .filter(|&(x, y)| shape.contains(i64::from(x - origin.0), i64::from(y - origin.1), r))
            .collect();
        assert_eq!(
            fast,
            slow,
            "{shape} {r} from {origin:?}:\n{}",
            render(&g, origin, &fast, &slow)
        );
    }
}

#[test]
fn equals_brute_force_on_unbounded_maps() {
    // A closure map: pseudo-random walls over all of i32 space, near the corners too.
    equals_definition_near_the_i32_limits(PP, 0x5EED_0003, |map, a, b| sees(&map, a, b));
}

fn arb_grid() -> impl Strategy<Value = Grid> {
    (1u32..=12, 1u32..=12, 0u64..=60, any::<u64>())
        .prop_map(|(w, h, p, seed)| random_grid(&mut Random::new(seed), w, h, p))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn symmetric_for_every_pair(g in arb_grid()) {
        let tiles: Vec<_> = grid_tiles(&g).collect();
        let fovs: Vec<BTreeSet<_>> = tiles.iter().map(|&t| fov_set(PP, &g, t, Range::UNLIMITED)).collect();
        for (i, a) in tiles.iter().enumerate() {
            for (j, b) in tiles.iter().enumerate() {
                prop_assert_eq!(fovs[i].contains(b), fovs[j].contains(a), "{:?} and {:?}", a, b);
            }
        }
    }

    #[test]
    fn shapes_cut_exactly_by_their_rules(r in 0u32..20, s in 0usize..4) {
        // On an open field every tile of the range is visible, and nothing else.
        let shape = Shape::ALL[s];
        let seen = fov_set(PP, &OPEN, (3, -7), Range::new(r, shape));
        let ri = i64::from(r);
        let expected: BTreeSet<_> = (-ri..=ri)
            .flat_map(|dy| (-ri..=ri).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| shape.contains(dx, dy, r))
            .map(|(dx, dy)| (3 + dx as i32, -7 + dy as i32))
            .collect();
        prop_assert_eq!(seen, expected);
    }
}

#[test]
fn origin_inside_a_wall_sees_out() {
    let (g, _) = parse("...\n.#.\n...\n");
    assert_eq!(fov_set(PP, &g, (1, 1), Range::UNLIMITED).len(), 9);
}
