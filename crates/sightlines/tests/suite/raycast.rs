//! The three ray casters: `raycast` against its definition and the tutorials'
//! bugs, `basic-raycast` and `diamond-raycast` against libtcod's own output
//! (golden files written by tools/golden/libtcod_raycast.py), and the
//! properties their docs promise.

use crate::common::*;
use sightlines::line::{Bresenham, Rounding};
use sightlines::{
    Algorithm, BasicRaycast, DiagonalGaps, DiamondRaycast, FieldOfView, Fov, FovError, Grid,
    Opacity, Range, Raycast, Rect, Shape,
};
use std::collections::BTreeSet;

const RAY: Algorithm = Algorithm::Raycast;
const BASIC: Algorithm = Algorithm::BasicRaycast;
const DIAMOND: Algorithm = Algorithm::DiamondRaycast;
const ALL3: [Algorithm; 3] = [RAY, BASIC, DIAMOND];

// ---------------------------------------------------------------- golden data

struct Case {
    name: String,
    origin: (i32, i32),
    radius: u32,
    light_walls: bool,
    grid: Grid,
    visible: BTreeSet<(i32, i32)>,
}

fn load(folder: &str) -> Vec<Case> {
    let path = format!(
        "{}/tests/data/{folder}/cases.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with("# "));
    let mut cases = Vec::new();
    let field = |line: Option<&str>, key: &str| -> Vec<i64> {
        let line = line.unwrap_or_else(|| panic!("{path}: missing {key}"));
        let mut parts = line.split_whitespace();
        assert_eq!(parts.next(), Some(key), "{path}: {line}");
        parts.map(|p| p.parse().unwrap()).collect()
    };
    while let Some(line) = lines.next() {
        let name = line.strip_prefix("case ").expect("case line").to_owned();
        let o = field(lines.next(), "origin");
        let radius = field(lines.next(), "radius")[0] as u32;
        let light_walls = field(lines.next(), "light_walls")[0] == 1;
        let size = field(lines.next(), "map");
        let (w, h) = (size[0] as u32, size[1] as u32);
        let mut grid = Grid::new(w, h);
        let mut visible = BTreeSet::new();
        for y in 0..h as i32 {
            let row = lines.next().unwrap();
            assert_eq!(row.len(), w as usize, "{name}");
            for (x, c) in row.chars().enumerate() {
                let x = x as i32;
                grid.set(x, y, matches!(c, '#' | 'X'));
                if matches!(c, 'X' | 'o') {
                    visible.insert((x, y));
                }
            }
        }
        assert_eq!(lines.next(), Some("end"), "{name}");
        cases.push(Case {
            name,
            origin: (o[0] as i32, o[1] as i32),
            radius,
            light_walls,
            grid,
            visible,
        });
    }
    cases
}

/// libtcod's radius: `r > 0` cuts at `dx² + dy² <= r²`, `0` is the whole map.
fn libtcod_range(radius: u32) -> Range {
    if radius == 0 {
        Range::UNLIMITED
    } else {
        Range::circle(radius)
    }
}

/// Ours must equal libtcod's set minus the walls its post-pass lights
/// outside the circle (in the square box); returns how many such walls.
fn check_golden(folder: &str, algorithm: Algorithm) -> usize {
    let cases = load(folder);
    let maps: BTreeSet<String> = cases
        .iter()
        .map(|c| c.name.rsplit_once('-').unwrap().0.to_owned())
        .collect();
    assert!(maps.len() >= 30, "{folder}: only {} maps", maps.len());
    assert!(cases.iter().any(|c| c.radius == 0) && cases.iter().any(|c| !c.light_walls));
    let mut dropped = 0;
    let mut plus_would_differ = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let range = libtcod_range(case.radius);
        let mut fov = Fov::new(algorithm);
        fov.set_lit_walls(case.light_walls);
        let mut ours = BTreeSet::new();
        fov.compute(&case.grid, case.origin, range, |x, y| {
            assert!(ours.insert((x, y)), "{}: ({x}, {y}) twice", case.name);
        })
        .unwrap();
        let (ox, oy) = case.origin;
        let in_range = |&(x, y): &(i32, i32)| range.contains(i64::from(x - ox), i64::from(y - oy));
        let expected: BTreeSet<_> = case.visible.iter().copied().filter(in_range).collect();
        for &(x, y) in case.visible.difference(&expected) {
            // The only tiles libtcod shows out of range are post-pass walls.
            assert!(
                case.light_walls && case.grid.is_opaque(x, y),
                "{}",
                case.name
            );
            dropped += 1;
        }
        if case.radius > 0 {
            // libtcod's rule is r², not r(r + 1): the rounder circle would
            // add transparent tiles that libtcod never shows.
            let plus = fov_set(
                algorithm,
                &case.grid,
                case.origin,
                Range::circle_plus(case.radius),
            );
            plus_would_differ += usize::from(
                plus.iter()
                    .any(|&(x, y)| !case.grid.is_opaque(x, y) && !case.visible.contains(&(x, y))),
            );
        }
        if ours != expected {
            failures.push(format!(
                "{} origin {:?} radius {} light_walls {} (+ ours only, - libtcod only):\n{}",
                case.name,
                case.origin,
                case.radius,
                case.light_walls,
                render(
                    &case.grid,
                    case.origin,
                    &ours.difference(&expected).copied().collect(),
                    &expected.difference(&ours).copied().collect()
                )
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{algorithm}: {} of {} cases differ from libtcod:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert!(plus_would_differ > 0);
    eprintln!(
        "{algorithm}: {} cases on {} maps equal libtcod; {dropped} post-pass walls out of range dropped; circle-plus would differ in {plus_would_differ} cases",
        cases.len(),
        maps.len()
    );
    dropped
}

#[test]
fn basic_raycast_equals_libtcod_fov_basic() {
    let dropped = check_golden("libtcod_basic", BASIC);
    // The documented difference exists in the data, so the rule is pinned.
    assert!(dropped > 0);
}

#[test]
fn diamond_raycast_equals_libtcod_fov_diamond() {
    let dropped = check_golden("libtcod_diamond", DIAMOND);
    assert!(dropped > 0);
}

#[test]
fn libtcod_post_pass_walls_outside_the_circle_are_not_reported() {
    // Floor (3, 4) is 5 from the origin; wall (4, 4) is sqrt(32) > 5 away,
    // inside the square box, next to that floor: libtcod lights it, we don't.
    let wall: FnMap = &|x: i32, y: i32| (x, y) == (4, 4);
    for algorithm in [BASIC, DIAMOND] {
        let seen = fov_set(algorithm, &wall, (0, 0), Range::circle(5));
        assert!(seen.contains(&(3, 4)) && !seen.contains(&(4, 4)));
        // With a square range the same wall is in range and lit.
        let seen = fov_set(algorithm, &wall, (0, 0), Range::square(5));
        assert!(seen.contains(&(4, 4)));
    }
}

// ------------------------------------------------------------------- raycast

/// Every tile of `range` around the origin.
fn range_tiles(range: Range) -> BTreeSet<(i32, i32)> {
    let r = range.radius().unwrap() as i32;
    let mut out = BTreeSet::new();
    for y in -r..=r {
        for x in -r..=r {
            if range.contains(i64::from(x), i64::from(y)) {
                out.insert((x, y));
            }
        }
    }
    out
}

#[test]
fn raycast_reaches_every_tile_of_an_open_range_up_to_radius_100() {
    let open: FnMap = OPEN;
    for shape in Shape::ALL {
        for r in 0..=100 {
            let range = Range::new(r, shape);
            let want = range_tiles(range);
            for algorithm in ALL3 {
                let seen = fov_set(algorithm, &open, (0, 0), range);
                assert!(
                    seen == want,
                    "{algorithm} {shape} radius {r}: {} missing, {} extra",
                    want.difference(&seen).count(),
                    seen.difference(&want).count()
                );
            }
        }
    }
    assert_eq!(range_tiles(Range::circle(100)).len(), 31417);
}

#[test]
fn the_tutorials_one_ray_per_degree_leaves_gaps_that_raycast_does_not() {
    // The tutorial's rays in floating point (test only): one per degree
    // toward the rounded circle point, stepping by lerp and round.
    fn tutorial_tiles(r: f64) -> BTreeSet<(i32, i32)> {
        let mut out = BTreeSet::new();
        for degree in 0..360 {
            let rad = f64::from(degree) * std::f64::consts::PI / 180.0;
            let (nx, ny) = ((rad.cos() * r).round(), (rad.sin() * r).round());
            let d = nx.abs().max(ny.abs());
            for tile in 0..d as i32 {
                let t = f64::from(tile) / d;
                out.insert(((nx * t).round() as i32, (ny * t).round() as i32));
            }
        }
        out
    }
    let open: FnMap = OPEN;
    let disc = |r: u32| range_tiles(Range::circle(r));
    for r in [40u32, 70] {
        // Leave out the rim, which the tutorial never reaches (it stops one
        // step short of each ray's end): the gaps are inside.
        let gaps = disc(r - 2)
            .difference(&tutorial_tiles(f64::from(r)))
            .count();
        assert!(gaps > 50, "radius {r}: {gaps} gaps");
        assert_eq!(fov_set(RAY, &open, (0, 0), Range::circle(r)), disc(r));
    }
}

/// A bounded map that fails the test if a tile off it is ever read.
struct Strict<'a> {
    grid: &'a Grid,
    reads_off_map: std::cell::Cell<usize>,
}

impl Opacity for Strict<'_> {
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        if !self.grid.rect().contains(x, y) {
            self.reads_off_map.set(self.reads_off_map.get() + 1);
        }
        self.grid.is_opaque(x, y)
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.grid.rect())
    }
}

#[test]
fn no_ray_reads_past_the_map_edge_where_the_tutorial_did() {
    // The tutorial stops at `x > width`, so a viewer on the last column reads
    // column `width`. Ours stops before leaving the map, from every edge
    // tile, and still sees the whole open edge region.
    let mut rng = Random::new(2);
    for (w, h) in [(1, 1), (1, 7), (7, 1), (9, 6), (16, 16)] {
        for percent in [0, 20] {
            let grid = random_grid(&mut rng, w, h, percent);
            let strict = Strict {
                grid: &grid,
                reads_off_map: std::cell::Cell::new(0),
            };
            for (x, y) in grid_tiles(&grid) {
                let edge = x == 0 || y == 0 || x == w as i32 - 1 || y == h as i32 - 1;
                if !edge {
                    continue;
                }
                for range in [
                    Range::circle(3),
                    Range::square(20),
                    Range::UNLIMITED,
                    Range::circle(u32::MAX),
                ] {
                    for algorithm in ALL3 {
                        let seen = fov_set(algorithm, &strict, (x, y), range);
                        assert!(seen.iter().all(|&(a, b)| grid.rect().contains(a, b)));
                        if percent == 0 {
                            let all: BTreeSet<_> = grid_tiles(&grid)
                                .filter(|&(a, b)| {
                                    range.contains(i64::from(a - x), i64::from(b - y))
                                })
                                .collect();
                            assert_eq!(seen, all, "{algorithm} {w}x{h} from ({x}, {y})");
                        }
                    }
                }
            }
            assert_eq!(strict.reads_off_map.get(), 0);
        }
    }
}

/// Parses a map whose visible tiles are marked: `o` floor and `X` wall seen,
/// `.` floor and `#` wall unseen, `@` the origin (floor).
fn marked(text: &str) -> (Grid, (i32, i32), BTreeSet<(i32, i32)>) {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut grid = Grid::new(rows[0].len() as u32, rows.len() as u32);
    let (mut origin, mut seen) = ((0, 0), BTreeSet::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = (x as i32, y as i32);
            grid.set(p.0, p.1, matches!(c, '#' | 'X'));
            if matches!(c, 'o' | 'X' | '@') {
                seen.insert(p);
            }
            if c == '@' {
                origin = p;
            }
        }
    }
    (grid, origin, seen)
}

#[test]
fn raycast_exact_sets_on_small_maps() {
    // D = 3: rays to the 24 tiles of the ring at distance 3. Only the ray
    // to (3, 1) has minor 0 at x = 3 (its neighbours step to y = 0 and 2 at
    // x = 2, since 2/3 rounds to 1), and it stops at the pillar.
    let (g, o, want) = marked(
        "
        oooo
        @oX.
        oooo
        ",
    );
    assert_eq!(fov_set(RAY, &g, o, Range::UNLIMITED), want);
    // Walls touching at corners. The ray to offset (4, -2) ties at x = 2
    // (rounding 1/2 away from the origin) into wall (2, 3) and stops, so
    // (4, 2) stays dark; the ray to (4, -3) ties at x = 2 onto the diagonal
    // and ends on wall (3, 2). The diagonal ray sees (3, 1) and (4, 0)
    // between the walls; wall (4, 1) is never the first wall of a ray.
    let (g, o, want) = marked(
        "
        ....o
        XXXo#
        oooX.
        ooX..
        @oX..
        ",
    );
    assert_eq!(fov_set(RAY, &g, o, Range::UNLIMITED), want);
    // A corridor seen from its end: a wall is lit only where a ray lands.
    // Rays to (7, c) first leave row 0 at x = 4 (c = 1), 2 (c = 2, 3) or
    // 1 (c >= 4); the rays to (c, +-7) light x = 0 and 1. Walls at x = 3
    // and x >= 5 stay dark; `basic-raycast`'s post-pass lights them all.
    let (g, o, want) = marked(
        "
        XXX#X###
        @ooooooo
        XXX#X###
        ",
    );
    assert_eq!(fov_set(RAY, &g, o, Range::UNLIMITED), want);
    let (_, _, lit) = marked("XXXXXXXX\n@ooooooo\nXXXXXXXX\n");
    assert_eq!(fov_set(BASIC, &g, o, Range::UNLIMITED), lit);
    assert_eq!(fov_set(DIAMOND, &g, o, Range::UNLIMITED), lit);
}

#[test]
fn raycast_ties_round_away_from_the_origin_and_basic_toward_it() {
    // Walls at (1, -1), (1, 0) and (1, 2). In a radius-2 square only the
    // ray to (2, 1) reaches (2, 1); it passes the floor (1, 1) under
    // raycast's rounding and the wall (1, 0) under libtcod's.
    let away: Vec<_> = Bresenham::with_rounding((0, 0), (2, 1), Rounding::AwayFromStart).collect();
    let toward: Vec<_> = Bresenham::new((0, 0), (2, 1)).collect();
    assert_eq!(away, [(0, 0), (1, 1), (2, 1)]);
    assert_eq!(toward, [(0, 0), (1, 0), (2, 1)]);
    let map: FnMap = &|x: i32, y: i32| (x, y) == (1, 0) || (x, y) == (1, 2) || (x, y) == (1, -1);
    let ray = fov_set(RAY, &map, (0, 0), Range::square(2));
    let basic = fov_set(BASIC, &map, (0, 0), Range::square(2));
    assert!(ray.contains(&(2, 1)));
    assert!(!basic.contains(&(2, 1)));
}

#[test]
fn results_are_the_same_on_every_platform() {
    // A checksum of every field of view from every floor tile of the cave,
    // for each algorithm and several ranges: integer-only code gives these
    // exact numbers everywhere. Each field is hashed in sorted order: the
    // order of the tiles after the origin is not promised.
    let cave = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cave64.txt"
    ))
    .unwrap();
    let grid = Grid::parse(&cave).unwrap().grid;
    let mut sums = Vec::new();
    for algorithm in ALL3 {
        let mut fov = Fov::new(algorithm);
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut tiles = 0u64;
        let mut field = Vec::new();
        for (x, y) in grid_tiles(&grid).filter(|&(x, y)| (x + y) % 7 == 0) {
            for range in [Range::circle(9), Range::diamond(12), Range::UNLIMITED] {
                field.clear();
                fov.compute(&grid, (x, y), range, |a, b| field.push((b, a)))
                    .unwrap();
                field.sort_unstable();
                for &(b, a) in &field {
                    tiles += 1;
                    for v in [a as u64, b as u64] {
                        hash = (hash ^ v).wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
        sums.push((algorithm.id(), tiles, hash));
    }
    let expected: [(&str, u64, u64); 3] = EXPECTED_SUMS;
    assert_eq!(sums, expected);
}

const EXPECTED_SUMS: [(&str, u64, u64); 3] = [
    ("raycast", 489403, 12201566023752572396),
    ("basic-raycast", 500561, 13045171047341092411),
    ("diamond-raycast", 503151, 16745483326742676107),
];

// ---------------------------------------------------------------- properties

#[test]
fn random_maps_keep_the_contract() {
    let mut rng = Random::new(7);
    for n in 0..1500 {
        let (w, h) = (1 + rng.below(24) as u32, 1 + rng.below(24) as u32);
        let g = random_grid(&mut rng, w, h, [0, 10, 30, 50][n % 4]);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = match rng.below(5) {
            0 => Range::UNLIMITED,
            k => Range::new(rng.below(14) as u32, Shape::ALL[k as usize - 1]),
        };
        for algorithm in ALL3 {
            let mut first = None;
            let mut seen = BTreeSet::new();
            Fov::new(algorithm)
                .compute(&g, origin, range, |x, y| {
                    first.get_or_insert((x, y));
                    assert!(seen.insert((x, y)), "{algorithm}: ({x}, {y}) twice");
                })
                .unwrap();
            assert_eq!(first, Some(origin), "{algorithm}: origin first");
            for &(x, y) in &seen {
                assert!(g.rect().contains(x, y));
                assert!(range.contains(i64::from(x - origin.0), i64::from(y - origin.1)));
            }
            // Walls off: the same tiles minus the opaque ones (origin kept).
            let mut fov = Fov::new(algorithm);
            fov.set_lit_walls(false);
            let mut unlit = BTreeSet::new();
            fov.compute(&g, origin, range, |x, y| {
                unlit.insert((x, y));
            })
            .unwrap();
            let want: BTreeSet<_> = seen
                .iter()
                .copied()
                .filter(|&(x, y)| (x, y) == origin || !g.is_opaque(x, y))
                .collect();
            assert_eq!(unlit, want);
        }
    }
}

#[test]
fn none_is_symmetric_and_here_is_a_counterexample_for_each() {
    let mut rng = Random::new(5);
    for algorithm in ALL3 {
        assert!(!algorithm.is_symmetric());
        let mut found = None;
        'search: for _ in 0..500 {
            let g = random_grid(&mut rng, 8, 8, 30);
            for a in grid_tiles(&g).filter(|&p| !g.is_opaque(p.0, p.1)) {
                for b in fov_set(algorithm, &g, a, Range::UNLIMITED) {
                    if !g.is_opaque(b.0, b.1)
                        && !fov_set(algorithm, &g, b, Range::UNLIMITED).contains(&a)
                    {
                        found = Some((g.to_text(), a, b));
                        break 'search;
                    }
                }
            }
        }
        let (text, a, b) = found.unwrap_or_else(|| panic!("{algorithm}: no asymmetric pair"));
        let g = Grid::parse(&text).unwrap().grid;
        assert!(fov_set(algorithm, &g, a, Range::UNLIMITED).contains(&b));
        assert!(!fov_set(algorithm, &g, b, Range::UNLIMITED).contains(&a));
    }
}

#[test]
fn extreme_inputs_do_not_panic() {
    let open: FnMap = OPEN;
    let pillars: FnMap = &|x: i32, y: i32| x % 3 == 0 && y % 3 == 0;
    for o in [
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MAX),
        (0, 0),
    ] {
        for algorithm in ALL3 {
            for range in [Range::circle(0), Range::square(5), Range::circle(40)] {
                let seen = fov_set(algorithm, &pillars, o, range);
                assert!(seen.contains(&o));
                let seen = fov_set(algorithm, &open, o, range);
                assert!(seen.contains(&o));
            }
        }
    }
    // A huge radius on an unbounded map is refused, not a panic or an abort.
    for mut fov in [Fov::new(RAY), Fov::new(BASIC), Fov::new(DIAMOND)] {
        let err = fov.compute(&open, (0, 0), Range::circle(u32::MAX), |_, _| {});
        assert!(matches!(err, Err(FovError::AreaTooLarge { .. })));
    }
    // Structs used directly, and a second call on the same scratch.
    let g = Grid::new(5, 5);
    let mut r = Raycast::new();
    let mut b = BasicRaycast::new();
    let mut d = DiamondRaycast::new();
    for _ in 0..2 {
        let mut n = [0; 3];
        r.compute(&g, (4, 4), Range::circle(u32::MAX), |_, _| n[0] += 1)
            .unwrap();
        b.compute(&g, (4, 4), Range::circle(u32::MAX), |_, _| n[1] += 1)
            .unwrap();
        d.compute(&g, (4, 4), Range::circle(u32::MAX), |_, _| n[2] += 1)
            .unwrap();
        assert_eq!(n, [25; 3]);
    }
}

type Tiles = BTreeSet<(i32, i32)>;

/// The field of view on `g`, and on `g` inside a floor border of `pad`
/// tiles, restricted to `g`'s tiles and coordinates.
fn with_and_without_border(
    algorithm: Algorithm,
    g: &Grid,
    origin: (i32, i32),
    range: Range,
    pad: i32,
) -> (Tiles, Tiles) {
    let (w, h) = (g.width() as i32, g.height() as i32);
    let mut big = Grid::new((w + 2 * pad) as u32, (h + 2 * pad) as u32);
    for (x, y) in grid_tiles(g) {
        big.set(x + pad, y + pad, g.is_opaque(x, y));
    }
    let small = fov_set(algorithm, g, origin, range);
    let padded = fov_set(algorithm, &big, (origin.0 + pad, origin.1 + pad), range)
        .into_iter()
        .map(|(x, y)| (x - pad, y - pad))
        .filter(|&p| g.rect().contains(p.0, p.1))
        .collect();
    (small, padded)
}

#[test]
fn only_basic_raycast_depends_on_where_the_map_ends() {
    // Maps at least twice the radius wide: raycast's D is the radius, and
    // raycast and diamond-raycast see the same with a border added. The
    // lines of basic-raycast aim at the box clipped to the map, so an
    // origin near the edge sees differently once the map goes on.
    let mut rng = Random::new(13);
    let mut basic_differs = 0;
    for _ in 0..400 {
        let g = random_grid(&mut rng, 14, 14, 30);
        let origin = (rng.below(14) as i32, rng.below(3) as i32);
        let range = Range::circle(6);
        for algorithm in [RAY, DIAMOND] {
            let (small, padded) = with_and_without_border(algorithm, &g, origin, range, 7);
            assert_eq!(small, padded, "{algorithm} from {origin:?}");
        }
        let (small, padded) = with_and_without_border(BASIC, &g, origin, range, 7);
        basic_differs += usize::from(small != padded);
    }
    assert!(basic_differs > 0);
}

#[test]
fn diagonal_gaps_are_see_through_for_rays_but_not_for_diamond() {
    // The tutorials' diagonal gap: two walls touching at a corner.
    let (g, _, _) = marked("#.\n@#\n");
    for algorithm in [RAY, BASIC] {
        assert!(fov_set(algorithm, &g, (0, 1), Range::UNLIMITED).contains(&(1, 0)));
    }
    // Both inputs of (1, 0) are obstacles that obscure it.
    assert!(!fov_set(DIAMOND, &g, (0, 1), Range::UNLIMITED).contains(&(1, 0)));
    // Farther along a diagonal corridor of single-tile steps, the same.
    let (g, _, _) = marked("###.\n##.#\n#.##\n@###\n");
    assert!(fov_set(RAY, &g, (0, 3), Range::UNLIMITED).contains(&(3, 0)));
    assert!(fov_set(BASIC, &g, (0, 3), Range::UNLIMITED).contains(&(3, 0)));
    assert!(!fov_set(DIAMOND, &g, (0, 3), Range::UNLIMITED).contains(&(1, 2)));
}

// ------------------------------------------------------------ diagonal gaps

/// `raycast` and `basic-raycast` by their definitions, walking the public
/// [`Bresenham`] lines tile by tile; with `block`, a line also stops before
/// a diagonal step whose two side tiles are both opaque.
fn rays_by_definition(
    algorithm: Algorithm,
    g: &Grid,
    origin: (i32, i32),
    range: Range,
    block: bool,
) -> BTreeSet<(i32, i32)> {
    let rect = g.rect();
    let r = range.radius().map_or(1 << 40, i64::from);
    let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
    // The box: the range's square clipped to the map.
    let x0 = (ox - r).max(i64::from(rect.x));
    let x1 = (ox + r).min(i64::from(rect.x) + i64::from(rect.width) - 1);
    let y0 = (oy - r).max(i64::from(rect.y));
    let y1 = (oy + r).min(i64::from(rect.y) + i64::from(rect.height) - 1);
    let mut targets = Vec::new();
    let rounding = if algorithm == RAY {
        // The ring at distance D, the field's longest reach.
        let d = (ox - x0).max(x1 - ox).max(oy - y0).max(y1 - oy);
        for k in -d..=d {
            for t in [(k, -d), (k, d), (-d, k), (d, k)] {
                targets.push((ox + t.0, oy + t.1));
            }
        }
        Rounding::AwayFromStart
    } else {
        for x in x0..=x1 {
            targets.extend([(x, y0), (x, y1)]);
        }
        for y in y0..=y1 {
            targets.extend([(x0, y), (x1, y)]);
        }
        Rounding::TowardStart
    };
    let inside = |x: i64, y: i64| {
        (x0..=x1).contains(&x) && (y0..=y1).contains(&y) && range.contains(x - ox, y - oy)
    };
    let mut seen = BTreeSet::from([origin]);
    for (tx, ty) in targets {
        let mut from = origin;
        for (x, y) in Bresenham::with_rounding(origin, (tx as i32, ty as i32), rounding).skip(1) {
            if !inside(i64::from(x), i64::from(y)) {
                break;
            }
            let diagonal = x != from.0 && y != from.1;
            if block && diagonal && g.is_opaque(from.0, y) && g.is_opaque(x, from.1) {
                break;
            }
            seen.insert((x, y));
            if g.is_opaque(x, y) {
                break;
            }
            from = (x, y);
        }
    }
    if algorithm == BASIC {
        // The post-pass: walls next to a lit floor no farther on either axis.
        let lit = seen.clone();
        for &(fx, fy) in lit.iter().filter(|&&(x, y)| !g.is_opaque(x, y)) {
            for (wx, wy) in (-1..=1).flat_map(|j| (-1..=1).map(move |i| (fx + i, fy + j))) {
                let (dx, dy) = (i64::from(wx) - ox, i64::from(wy) - oy);
                let (fdx, fdy) = (i64::from(fx) - ox, i64::from(fy) - oy);
                if inside(i64::from(wx), i64::from(wy))
                    && g.is_opaque(wx, wy)
                    && fdx.abs() <= dx.abs()
                    && fdy.abs() <= dy.abs()
                {
                    seen.insert((wx, wy));
                }
            }
        }
    }
    seen
}

#[test]
fn ray_casts_equal_their_definitions_with_and_without_the_diagonal_rule() {
    let mut rng = Random::new(0xD1A6_0001);
    let mut differ = [0; 2];
    for n in 0..2000 {
        let (w, h) = (1 + rng.below(16) as u32, 1 + rng.below(16) as u32);
        let g = random_grid(&mut rng, w, h, [10, 25, 40, 55][n % 4]);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = match rng.below(5) {
            0 => Range::UNLIMITED,
            k => Range::new(rng.below(12) as u32, Shape::ALL[k as usize - 1]),
        };
        for (i, algorithm) in [RAY, BASIC].into_iter().enumerate() {
            let mut sets = Vec::new();
            for gaps in DiagonalGaps::ALL {
                let mut fov = Fov::new(algorithm);
                fov.set_diagonal_gaps(gaps);
                let mut fast = BTreeSet::new();
                fov.compute(&g, origin, range, |x, y| {
                    assert!(fast.insert((x, y)), "({x}, {y}) twice");
                })
                .unwrap();
                let slow = rays_by_definition(algorithm, &g, origin, range, gaps.blocks());
                assert_eq!(
                    fast,
                    slow,
                    "{algorithm} {gaps}: map {n} from {origin:?} {range:?}; + fast, - definition:\n{}",
                    render(&g, origin, &fast, &slow)
                );
                sets.push(fast);
            }
            assert!(
                sets[1].is_subset(&sets[0]),
                "{algorithm}: the rule only hides"
            );
            differ[i] += usize::from(sets[0] != sets[1]);
        }
    }
    // The rule matters on a good share of these maps.
    assert!(differ.iter().all(|&d| d > 200), "{differ:?}");
}

#[test]
fn diagonal_rule_seals_a_staircase_wall_for_rays() {
    let (g, _, _) = marked("###.\n##.#\n#.##\n@###\n");
    for algorithm in [RAY, BASIC] {
        let mut fov = Fov::new(algorithm);
        fov.set_diagonal_gaps(DiagonalGaps::Block);
        let mut seen = BTreeSet::new();
        fov.compute(&g, (0, 3), Range::UNLIMITED, |x, y| {
            seen.insert((x, y));
        })
        .unwrap();
        // The origin and its two wall neighbours; the floor past their
        // shared corner is sealed off.
        assert_eq!(
            seen,
            BTreeSet::from([(0, 3), (0, 2), (1, 3)]),
            "{algorithm}"
        );
    }
}
