//! libtcod's permissiveness levels: golden cases from libtcod itself, and
//! level 8 against the brute-force definition.

use crate::common::*;
use sightlines::{FieldOfView, Grid, PrecisePermissive, Range};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// One golden case of `tools/golden/libtcod_permissive.py`.
struct Case {
    name: String,
    grid: Grid,
    origin: (i32, i32),
    radius: u32,
    /// The visible set for each level 0..=8.
    levels: Vec<BTreeSet<(i32, i32)>>,
}

fn load_cases() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/libtcod_permissive");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            parse_case(
                p.file_name().unwrap().to_str().unwrap(),
                &std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect()
}

fn parse_case(name: &str, text: &str) -> Case {
    let mut lines = text.lines().filter(|l| !l.starts_with("# "));
    let mut next = || lines.next().unwrap_or_else(|| panic!("{name}: truncated"));
    let header: Vec<i32> = next()
        .strip_prefix("map ")
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let (w, h) = (header[0], header[1]);
    let rows: Vec<&str> = (0..h).map(|_| next()).collect();
    let grid = Grid::parse(&rows.join("\n")).unwrap().grid;
    let o: Vec<i32> = next()
        .strip_prefix("origin ")
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let radius = next().strip_prefix("radius ").unwrap().parse().unwrap();
    let mut levels = Vec::new();
    for level in 0..=8 {
        assert_eq!(next(), format!("level {level}"), "{name}");
        let mut set = BTreeSet::new();
        for y in 0..h {
            for (x, c) in next().chars().enumerate() {
                if c == '*' {
                    set.insert((x as i32, y));
                }
            }
        }
        levels.push(set);
    }
    assert_eq!(grid.width() as i32, w);
    Case {
        name: name.to_owned(),
        grid,
        origin: (o[0], o[1]),
        radius,
        levels,
    }
}

/// libtcod cuts a permissive radius as a square, and 0 means no radius.
fn libtcod_range(radius: u32) -> Range {
    if radius == 0 {
        Range::UNLIMITED
    } else {
        Range::square(radius)
    }
}

fn ours(level: u8, grid: &Grid, origin: (i32, i32), range: Range) -> BTreeSet<(i32, i32)> {
    let mut fov = PrecisePermissive::with_level(level).unwrap();
    let mut set = BTreeSet::new();
    fov.compute(grid, origin, range, |x, y| assert!(set.insert((x, y))))
        .unwrap();
    set
}

#[test]
fn every_level_equals_libtcod_on_the_golden_cases() {
    let cases = load_cases();
    assert!(cases.len() >= 30, "{} golden cases", cases.len());
    let mut compared = 0;
    for case in &cases {
        for level in 0..=8u8 {
            let expected = &case.levels[level as usize];
            let got = ours(level, &case.grid, case.origin, libtcod_range(case.radius));
            assert_eq!(
                &got,
                expected,
                "{} level {level} radius {}; + only ours, - only libtcod:\n{}",
                case.name,
                case.radius,
                render(&case.grid, case.origin, &got, expected)
            );
            compared += 1;
        }
    }
    assert_eq!(compared, cases.len() * 9);
}

#[test]
fn libtcod_level_8_is_the_brute_force_definition() {
    for case in load_cases() {
        let range = libtcod_range(case.radius);
        let brute: BTreeSet<_> = brute_fov(&case.grid, case.origin, grid_tiles(&case.grid))
            .into_iter()
            .filter(|&(x, y)| {
                range.contains(i64::from(x - case.origin.0), i64::from(y - case.origin.1))
            })
            .collect();
        assert_eq!(case.levels[8], brute, "{}", case.name);
    }
}

#[test]
fn permissive_8_is_precise_permissive_on_10000_random_maps() {
    // One code path serves both ids; this pins that the level-8 geometry (in
    // tile units) and the sixteenths of levels 0..7 agree at level 8.
    let mut rng = Random::new(0x8888);
    let mut fov8 = PrecisePermissive::with_level(8).unwrap();
    for _ in 0..10_000 {
        let (w, h) = (1 + rng.below(16) as u32, 1 + rng.below(16) as u32);
        let density = rng.below(61);
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let a = fov_set(
            sightlines::Algorithm::PrecisePermissive,
            &g,
            origin,
            Range::UNLIMITED,
        );
        let b = fov_set(
            sightlines::Algorithm::permissive(8).unwrap(),
            &g,
            origin,
            Range::UNLIMITED,
        );
        let mut c = BTreeSet::new();
        fov8.compute(&g, origin, Range::UNLIMITED, |x, y| {
            c.insert((x, y));
        })
        .unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
    }
}

#[test]
fn lower_levels_see_less() {
    // A smaller source square sees a subset of what a larger one sees.
    let mut rng = Random::new(0x1e7e1);
    for _ in 0..2_000 {
        let (w, h) = (1 + rng.below(14) as u32, 1 + rng.below(14) as u32);
        let density = rng.below(50);
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let sets: Vec<_> = (0..=8)
            .map(|l| ours(l, &g, origin, Range::UNLIMITED))
            .collect();
        for l in 0..8 {
            assert!(
                sets[l].is_subset(&sets[l + 1]),
                "level {l} sees what {} does not:\n{}",
                l + 1,
                render(&g, origin, &sets[l], &sets[l + 1])
            );
        }
    }
}

#[test]
fn levels_below_8_are_not_symmetric() {
    // Seeing from a smaller square than the target tile breaks symmetry. At
    // level 7 the margin is 1/16 of a tile, which only sight lines longer
    // than 16 tiles can tell apart: this map shows it.
    let text = "\
....................
..............#.....
...#............#...
....................
.......#............
";
    let g = Grid::parse(text).unwrap().grid;
    let (a, b) = ((18, 0), (1, 4));
    assert!(!ours(7, &g, a, Range::UNLIMITED).contains(&b));
    assert!(ours(7, &g, b, Range::UNLIMITED).contains(&a));
    assert!(ours(8, &g, a, Range::UNLIMITED).contains(&b));
    // Every other level shows a violating pair on small random maps.
    let mut rng = Random::new(99);
    for level in 0..7u8 {
        let found = (0..200).any(|_| {
            let g = random_grid(&mut rng, 8, 8, 30);
            let tiles: Vec<_> = grid_tiles(&g).collect();
            let fovs: Vec<_> = tiles
                .iter()
                .map(|&t| ours(level, &g, t, Range::UNLIMITED))
                .collect();
            tiles.iter().enumerate().any(|(i, a)| {
                tiles
                    .iter()
                    .enumerate()
                    .any(|(j, b)| fovs[i].contains(b) != fovs[j].contains(a))
            })
        });
        assert!(found, "level {level} looked symmetric on 200 random maps");
    }
}

#[test]
fn no_panics_at_the_limits() {
    let open: FnMap = OPEN;
    for level in 0..=8 {
        for origin in [(i32::MIN, i32::MIN), (i32::MAX, i32::MAX)] {
            let seen = ours(level, &Grid::new(1, 1), (0, 0), Range::UNLIMITED);
            assert_eq!(seen.len(), 1);
            let mut fov = PrecisePermissive::with_level(level).unwrap();
            let mut n = 0;
            fov.compute(&open, origin, Range::circle(6), |_, _| n += 1)
                .unwrap();
            // At a corner of i32 space only one quadrant of the circle exists.
            let quadrant = (0..=6i64)
                .flat_map(|dy| (0..=6i64).map(move |dx| (dx, dy)))
                .filter(|&(dx, dy)| dx * dx + dy * dy <= 36);
            assert_eq!(n, quadrant.count());
        }
    }
}
