//! `can_see` answers exactly what the full field of view says, for every
//! algorithm, on random maps, ranges, targets and lit-walls settings.

use crate::common::*;
use sightlines::{
    can_see, Algorithm, DiagonalGaps, Fov, FovError, Grid, Opacity, Range, Shape, VisibleSet,
};

fn random_range(rng: &mut Random) -> Range {
    if rng.percent(25) {
        Range::UNLIMITED
    } else {
        Range::new(rng.below(16) as u32, Shape::ALL[rng.below(4) as usize])
    }
}

/// A random map with sides drawn from `sides`, up to `densest` percent
/// walls (exclusive), and an origin on it.
fn random_map(rng: &mut Random, sides: std::ops::Range<u64>, densest: u64) -> (Grid, (i32, i32)) {
    let side = |rng: &mut Random| (sides.start + rng.below(sides.end - sides.start)) as u32;
    let (w, h) = (side(rng), side(rng));
    let density = rng.below(densest);
    let g = random_grid(rng, w, h, density);
    let from = (
        rng.below(u64::from(w)) as i32,
        rng.below(u64::from(h)) as i32,
    );
    (g, from)
}

#[test]
fn can_see_equals_field_of_view_membership() {
    let mut rng = Random::new(0x5EE);
    let mut total = 0usize;
    let mut seen_count = 0usize;
    for &algorithm in Algorithm::ALL {
        let mut full = Fov::new(algorithm);
        let mut sight = Fov::new(algorithm);
        let mut set = VisibleSet::new();
        for _ in 0..120 {
            let (g, from) = random_map(&mut rng, 1..25, 61);
            let (w, h) = (g.width(), g.height());
            let range = random_range(&mut rng);
            let lit = rng.percent(70);
            full.set_lit_walls(lit);
            sight.set_lit_walls(lit);
            full.compute_into(&g, from, range, &mut set).unwrap();
            // Every tile of the map and a ring of tiles just off it.
            for y in -2..h as i32 + 2 {
                for x in -2..w as i32 + 2 {
                    let expected = set.contains(x, y);
                    let got = sight.can_see(&g, from, (x, y), range).unwrap();
                    total += 1;
                    seen_count += usize::from(expected);
                    if got != expected {
                        panic!(
                            "{algorithm} lit={lit} {range:?} from {from:?} to ({x}, {y}): \
                             can_see {got}, field of view {expected}\n{}",
                            g.to_text()
                        );
                    }
                }
            }
        }
    }
    // Enough triples, and both answers common.
    assert!(total > 500_000, "{total}");
    assert!(seen_count > total / 10 && seen_count < total * 9 / 10);
}

#[test]
fn can_see_on_an_unbounded_map_with_a_radius() {
    let mut rng = Random::new(0xC105);
    for &algorithm in Algorithm::ALL {
        let mut fov = Fov::new(algorithm);
        for _ in 0..30 {
            let seed = rng.next_u64();
            // An endless random field: opacity from a hash of the position.
            let density = rng.below(50);
            let map: FnMap = &move |x: i32, y: i32| {
                let mut r =
                    Random::new(seed ^ (x as u64).wrapping_mul(0x9E37) ^ ((y as u64) << 32));
                r.percent(density)
            };
            let from = (rng.below(40) as i32 - 20, rng.below(40) as i32 - 20);
            let range = Range::new(1 + rng.below(12) as u32, Shape::ALL[rng.below(4) as usize]);
            let expected = fov_set(algorithm, &map, from, range);
            let r = range.radius().unwrap() as i32 + 2;
            for dy in -r..=r {
                for dx in -r..=r {
                    let to = (from.0 + dx, from.1 + dy);
                    assert_eq!(
                        fov.can_see(&map, from, to, range).unwrap(),
                        expected.contains(&to),
                        "{algorithm} {range:?} {from:?} -> {to:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn can_see_errors_and_edges() {
    let g = Grid::new(5, 5);
    let open: FnMap = OPEN;
    for &algorithm in Algorithm::ALL {
        assert!(matches!(
            can_see(&g, (5, 0), (1, 1), Range::UNLIMITED, algorithm),
            Err(FovError::OriginOffMap { .. })
        ));
        assert_eq!(
            can_see(&open, (0, 0), (1, 1), Range::UNLIMITED, algorithm),
            Err(FovError::NeedsRadius)
        );
        assert_eq!(
            can_see(&g, (2, 2), (2, 2), Range::square(0), algorithm),
            Ok(true)
        );
        assert_eq!(
            can_see(&g, (2, 2), (3, 2), Range::square(0), algorithm),
            Ok(false)
        );
        assert_eq!(
            can_see(&g, (0, 0), (-1, 0), Range::UNLIMITED, algorithm),
            Ok(false)
        );
        // The i32 corners: no panic, no overflow, far targets unseen.
        for (from, to) in [
            ((i32::MIN, i32::MIN), (i32::MAX, i32::MAX)),
            ((i32::MAX, i32::MAX), (i32::MAX - 3, i32::MAX - 2)),
            ((i32::MIN, 0), (i32::MIN + 2, 1)),
            ((0, i32::MAX), (-2, i32::MAX)),
        ] {
            let range = Range::circle(u32::MAX);
            let got = can_see(&open, from, to, range, algorithm);
            let far = (i64::from(to.0) - i64::from(from.0)).abs() > 1 << 30;
            match got {
                Ok(seen) => assert_eq!(seen, !far, "{algorithm} {from:?} {to:?}"),
                Err(e) => assert!(matches!(e, FovError::AreaTooLarge { .. }), "{e}"),
            }
            assert_eq!(
                can_see(&open, from, to, Range::circle(5), algorithm),
                Ok(!far && (i64::from(to.0) - i64::from(from.0)).abs() <= 3),
                "{algorithm} {from:?} {to:?}"
            );
        }
    }
}

#[test]
fn can_see_on_larger_maps() {
    // Longer sight lines: where `restrictive` needs its wider mask.
    let mut rng = Random::new(0x1A6E);
    for &algorithm in Algorithm::ALL {
        let maps = if algorithm == Algorithm::Restrictive {
            150
        } else {
            12
        };
        let mut full = Fov::new(algorithm);
        let mut sight = Fov::new(algorithm);
        let mut set = VisibleSet::new();
        for _ in 0..maps {
            let (g, from) = random_map(&mut rng, 24..49, 35);
            let (w, h) = (g.width(), g.height());
            let range = if rng.percent(30) {
                Range::UNLIMITED
            } else {
                Range::new(10 + rng.below(40) as u32, Shape::ALL[rng.below(4) as usize])
            };
            full.compute_into(&g, from, range, &mut set).unwrap();
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    assert_eq!(
                        sight.can_see(&g, from, (x, y), range).unwrap(),
                        set.contains(x, y),
                        "{algorithm} {range:?} from {from:?} to ({x}, {y})\n{}",
                        g.to_text()
                    );
                }
            }
        }
    }
}

#[test]
fn restrictive_can_see_keeps_far_walls() {
    // Found by the `fov` fuzz target: MRPAS widens obstacles with the walls
    // that join them, and walls more than 3 tiles from the sight line
    // changed these verdicts while `can_see` masked them away.
    // The top rows (the rest floor), the size, the viewer, the range and
    // whether walls are lit.
    type Case = (&'static [&'static str], (u32, u32), (i32, i32), Range, bool);
    let cases: [Case; 3] = [
        (
            &[
                "#.#.....#..........#",
                "....#...............",
                "...##...............",
                "......#..#..........",
                ".####............##.",
                "...####...##########",
            ],
            (20, 20),
            (10, 17),
            Range::UNLIMITED,
            false,
        ),
        (
            &[
                "###...###...#",
                "##...###...##",
                "#...###......",
                "...###.#...##",
                "#.#...###.#..",
            ],
            (13, 13),
            (9, 12),
            Range::square(18),
            false,
        ),
        (
            &[
                "..###.#...###.#...##",
                "#.#...###.#.########",
                "#######...###.#...##",
                "#.#..#....#.........",
                "...##...........####",
                "###########.####....",
            ],
            (20, 20),
            (16, 18),
            Range::square(28),
            true,
        ),
    ];
    for (top, (w, h), from, range, lit_walls) in cases {
        let mut text = String::new();
        for y in 0..h as usize {
            let row = top
                .get(y)
                .map_or_else(|| ".".repeat(w as usize), |r| r.to_string());
            text.push_str(&row);
            text.push('\n');
        }
        let g = Grid::parse(&text).unwrap().grid;
        let mut full = Fov::new(Algorithm::Restrictive);
        full.set_lit_walls(lit_walls);
        let mut set = VisibleSet::new();
        full.compute_into(&g, from, range, &mut set).unwrap();
        let mut sight = full.clone();
        let mut differ = Vec::new();
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                if sight.can_see(&g, from, (x, y), range).unwrap() != set.contains(x, y) {
                    differ.push((x, y));
                }
            }
        }
        assert!(differ.is_empty(), "from {from:?}: {differ:?}\n{text}");
    }
}

#[test]
fn narrowed_scans_answer_on_many_maps() {
    // `precise-permissive` (and its levels) scan a corridor and stop as
    // soon as no view meets it; `beveled` scans one narrowed sector, in
    // both octants beside a diagonal; the ray casts walk only the rays
    // that take the target (and its lighting neighbours). Many maps, both
    // diagonal rules where the catalogue keeps them, every tile, against
    // the field.
    let mut rng = Random::new(0xC0_4417);
    let by_id = |id: &str| id.parse::<Algorithm>().unwrap();
    let algorithms = [
        Algorithm::PrecisePermissive,
        by_id("permissive-4"),
        by_id("permissive-0"),
        Algorithm::Beveled,
        Algorithm::Raycast,
        Algorithm::BasicRaycast,
    ];
    for algorithm in algorithms {
        let (mut asked, mut seen) = (0usize, 0usize);
        for gaps in [DiagonalGaps::Pass, DiagonalGaps::Block] {
            if gaps == DiagonalGaps::Block && !algorithm.properties().diagonal_rule {
                continue;
            }
            let mut full = Fov::new(algorithm);
            let mut sight = Fov::new(algorithm);
            full.set_diagonal_gaps(gaps);
            sight.set_diagonal_gaps(gaps);
            let mut set = VisibleSet::new();
            for _ in 0..250 {
                let (g, from) = random_map(&mut rng, 1..41, 45);
                let (w, h) = (g.width(), g.height());
                let range = random_range(&mut rng);
                full.compute_into(&g, from, range, &mut set).unwrap();
                for y in 0..h as i32 {
                    for x in 0..w as i32 {
                        let expected = set.contains(x, y);
                        asked += 1;
                        seen += usize::from(expected);
                        assert_eq!(
                            sight.can_see(&g, from, (x, y), range).unwrap(),
                            expected,
                            "{algorithm} {gaps:?} {range:?} from {from:?} to ({x}, {y})\n{}",
                            g.to_text()
                        );
                    }
                }
            }
        }
        assert!(
            asked > 50_000 && seen > asked / 10 && seen < asked * 9 / 10,
            "{algorithm}: {asked} {seen}"
        );
    }
}

#[test]
fn diamond_raycast_can_see_across_a_whole_word_and_down_long_rectangles() {
    // `diamond-raycast` answers for B from the rectangle between A and B,
    // a row of one word at a time while B is less than 64 columns away:
    // maps wide enough for B at 63 columns and past it (the field's scan),
    // and tall enough for rectangles of a hundred rows; caves and noise.
    let mut rng = Random::new(0xD1A3);
    let mut full = Fov::new(Algorithm::DiamondRaycast);
    let mut sight = Fov::new(Algorithm::DiamondRaycast);
    let mut set = VisibleSet::new();
    let (mut narrow, mut wide) = (0, 0);
    for n in 0..8u64 {
        let (w, h) = (64 + rng.below(8) as u32, 80 + rng.below(30) as u32);
        let g = if n % 2 == 0 {
            sightlines::generate::cave(w, h, rng.next_u64())
        } else {
            random_grid(&mut rng, w, h, [3, 8, 15, 25][n as usize / 2])
        };
        // The viewer in a corner, on a floor where there is one.
        let corner = (
            [0, w as i32 - 1][rng.below(2) as usize],
            [0, h as i32 - 1][rng.below(2) as usize],
        );
        let from = (0..64)
            .flat_map(|d| [(d, 0), (0, d), (d, d)])
            .map(|(dx, dy)| {
                let x = if corner.0 == 0 { dx } else { corner.0 - dx };
                let y = if corner.1 == 0 { dy } else { corner.1 - dy };
                (x.min(w as i32 - 1), y.min(h as i32 - 1))
            })
            .find(|&(x, y)| !g.is_opaque(x, y))
            .unwrap_or(corner);
        for lit in [true, false] {
            full.set_lit_walls(lit);
            sight.set_lit_walls(lit);
            full.compute_into(&g, from, Range::UNLIMITED, &mut set)
                .unwrap();
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let got = sight.can_see(&g, from, (x, y), Range::UNLIMITED).unwrap();
                    assert_eq!(
                        got,
                        set.contains(x, y),
                        "map {n} lit={lit} from {from:?} to ({x}, {y})\n{}",
                        g.to_text()
                    );
                    if got {
                        if (x - from.0).abs() < 64 {
                            narrow += 1;
                        } else {
                            wide += 1;
                        }
                    }
                }
            }
        }
    }
    // Both ways of answering, and far along the narrow one.
    assert!(narrow > 5_000 && wide > 50, "{narrow} narrow, {wide} wide");
}
