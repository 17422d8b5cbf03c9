//! Milazzo's beveled-corner algorithm (`beveled`): the article's cases, its
//! properties, and a cross-check with the `adam_fov_rs` crate.

mod common;

use common::*;
use sightlines::{Algorithm, Beveled, FieldOfView, Grid, Opacity, Range, Shape};
use std::collections::BTreeSet;

const B: Algorithm = Algorithm::Beveled;

fn adam(g: &Grid, origin: (i32, i32)) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    adam_fov_rs::compute_fov(
        [origin.0, origin.1],
        200,
        [g.width(), g.height()],
        |p: adam_fov_rs::IVec2| g.is_opaque(p.x, p.y),
        |p: adam_fov_rs::IVec2| {
            out.insert((p.x, p.y));
        },
    );
    out
}

#[test]
fn adam_fov_rs_sees_the_same_walls_and_a_subset_of_floors() {
    let mut rng = Rng(0xADA0);
    let (mut maps, mut more_floors, mut walls_differ) = (0, 0, 0);
    for _ in 0..3000 {
        let (w, h) = (1 + rng.below(30) as u32, 1 + rng.below(30) as u32);
        let density = rng.below(50);
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let ours = fov_set(B, &g, origin, Range::UNLIMITED);
        let theirs = adam(&g, origin);
        maps += 1;
        let wall = |p: &&(i32, i32)| g.is_opaque(p.0, p.1) && **p != origin;
        let ow: BTreeSet<_> = ours.iter().filter(wall).collect();
        let tw: BTreeSet<_> = theirs.iter().filter(wall).collect();
        if ow != tw {
            walls_differ += 1;
        }
        assert!(
            theirs.is_subset(&ours),
            "adam_fov_rs sees more from {origin:?}: + ours, - adam\n{}",
            render(&g, origin, &ours, &theirs)
        );
        more_floors += ours.difference(&theirs).count();
    }
    assert_eq!(walls_differ, 0);
    // The inner-square rule does see more floors than the centre rule.
    assert!(more_floors > 1000, "{maps} maps, {more_floors}");
}

/// Parses a picture: `@` the viewer, `#` walls; `*` and `+` mark the tiles
/// expected visible (`*` a floor, `+` a wall), `.` and `#` tiles expected hidden.
fn picture(text: &str) -> (Grid, (i32, i32), BTreeSet<(i32, i32)>) {
    let map: String = text
        .chars()
        .map(|c| match c {
            '*' => '.',
            '+' => '#',
            c => c,
        })
        .collect();
    let p = Grid::parse(&map).unwrap();
    let at = p.viewer.unwrap();
    let mut expected = BTreeSet::from([at]);
    for (y, line) in text.lines().enumerate() {
        for (x, c) in line.chars().enumerate() {
            if c == '*' || c == '+' {
                expected.insert((x as i32, y as i32));
            }
        }
    }
    (p.grid, at, expected)
}

fn check(text: &str) -> BTreeSet<(i32, i32)> {
    let (g, at, expected) = picture(text);
    let seen = fov_set(B, &g, at, Range::UNLIMITED);
    assert_eq!(
        seen,
        expected,
        "+ seen only, - expected only:\n{}",
        render(&g, at, &seen, &expected)
    );
    seen
}

#[test]
fn article_corner_peeking_from_a_doorway() {
    // The wall beside the door has a beveled corner: its top-right corner is
    // cut from (4.5, 3) to (5, 3.5), so from the viewer's centre (5.5, 3.5)
    // sight rises at most 1 in 2 past it. Row 2's inner squares reach that
    // from x = 3 to 7; (2, 2)'s nearest inner corner (2.75, 2.25) lies below
    // it, while row 1 is seen whole. The room's side walls are square where
    // they meet (no bevel), and (0, 2)'s edge corner (1, 2) is below the line.
    check(
        "++++++++++\n\
         +********+\n\
         #..*****.#\n\
         ####+@+###\n\
         \x20   +*+   \n",
    );
}

#[test]
fn article_corner_peeking_past_the_end_of_a_wall() {
    // Standing just right of a wall's end, the viewer sees along the wall's
    // far side, farther the farther from it: the same bevel limits row 2 to
    // x >= 4 and row 1 to x >= 2.
    check(
        "#++++++++++\n\
         ..********+\n\
         ....******+\n\
         #####+@***+\n\
         #####++***+\n",
    );
}

#[test]
fn article_pillars_cast_thin_shadows() {
    // A lone pillar has all four corners beveled: a diamond. Seen from two
    // tiles away its shadow has half-width 1/4 per tile of distance, so only
    // the tiles straight behind it are hidden; (4, 0)'s inner corner
    // (4.25, 0.75) is 1.25 across and 4.75 up, steeper than 1/4.
    check(
        "*****.*****\n\
         *****.*****\n\
         *****.*****\n\
         *****+*****\n\
         ***********\n\
         *****@*****\n",
    );
    // Rows of pillars: every gap between them is seen through, and the
    // pillars hide a thin line behind each.
    let (g, at, _) =
        picture("...........\n...#.#.#...\n...........\n...#.#.#...\n.....@.....\n...#.#.#...\n");
    let seen = fov_set(B, &g, at, Range::UNLIMITED);
    assert!(!seen.contains(&(5, 2)) && !seen.contains(&(5, 0)));
    assert!(seen.contains(&(4, 2)) && seen.contains(&(6, 2)) && seen.contains(&(0, 0)));
}

#[test]
fn article_diagonal_spaces() {
    // Two walls touching at a corner bevel it open.
    check("+*\n@+\n");
    // A one-wide diagonal corridor is seen to its end, with both its walls.
    check(
        "####+*\n\
         ###+*+\n\
         ##+*+#\n\
         #+*+##\n\
         +*+###\n\
         @+####\n",
    );
}

#[test]
fn not_symmetric() {
    assert!(!B.is_symmetric());
    // From (0, 3) the lines past the wall (1, 1) reach (1, 0)'s inner square;
    // from (1, 0) the lines to (0, 3)'s inner square all hit the wall.
    let g = Grid::parse("..\n.#\n..\n..\n").unwrap().grid;
    assert!(fov_set(B, &g, (0, 3), Range::UNLIMITED).contains(&(1, 0)));
    assert!(!fov_set(B, &g, (1, 0), Range::UNLIMITED).contains(&(0, 3)));
}

#[test]
fn asymmetric_pairs_are_rare() {
    // Milazzo's algorithm is symmetric in most cases: measure it.
    let mut rng = Rng(5);
    let (mut pairs, mut asymmetric) = (0u64, 0u64);
    for _ in 0..2000 {
        let (w, h) = (2 + rng.below(8) as u32, 2 + rng.below(8) as u32);
        let g = random_grid(&mut rng, w, h, 25);
        let floors: Vec<_> = grid_tiles(&g)
            .filter(|&(x, y)| !g.is_opaque(x, y))
            .collect();
        let fovs: Vec<_> = floors
            .iter()
            .map(|&t| fov_set(B, &g, t, Range::UNLIMITED))
            .collect();
        for (i, a) in floors.iter().enumerate() {
            for (j, b) in floors.iter().enumerate() {
                if fovs[i].contains(b) {
                    pairs += 1;
                    asymmetric += u64::from(!fovs[j].contains(a));
                }
            }
        }
    }
    assert!(asymmetric > 0);
    // About 5% of the pairs that see each other one way (49,304 of 948,802).
    assert!(asymmetric * 10 < pairs, "{asymmetric} of {pairs}");
}

#[test]
fn invariant_under_the_eight_symmetries() {
    let mut rng = Rng(0xB0B0);
    for _ in 0..1500 {
        let (w, h) = (1 + rng.below(16) as u32, 1 + rng.below(16) as u32);
        let density = rng.below(50);
        let g = random_grid(&mut rng, w, h, density);
        let (wi, hi) = (w as i32, h as i32);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = Range::new(rng.below(14) as u32, Shape::ALL[rng.below(4) as usize]);
        let base = fov_set(B, &g, origin, range);
        for t in TRANSFORMS {
            let tg = transform_grid(t, &g);
            let seen = fov_set(B, &tg, transform_pos(t, wi, hi, origin), range);
            let expected: BTreeSet<_> = base.iter().map(|&p| transform_pos(t, wi, hi, p)).collect();
            assert_eq!(seen, expected, "transform {t:?}");
        }
    }
}

#[test]
fn properties_on_random_maps() {
    let mut rng = Rng(0xBE7E);
    let mut fov = Beveled::new();
    for _ in 0..3000 {
        let (w, h) = (1 + rng.below(24) as u32, 1 + rng.below(24) as u32);
        let density = rng.below(50);
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let r = rng.below(14) as u32;
        // `fov_set` fails on a tile reported twice.
        let all = fov_set(B, &g, origin, Range::UNLIMITED);
        assert!(all.contains(&origin));
        for shape in Shape::ALL {
            let range = Range::new(r, shape);
            let seen = fov_set(B, &g, origin, range);
            for &(x, y) in &seen {
                assert!(g.rect().contains(x, y));
            }
            // Tiles out of range are skipped, and that hides nothing in range.
            let cut: BTreeSet<_> = all
                .iter()
                .copied()
                .filter(|&(x, y)| range.contains(i64::from(x - origin.0), i64::from(y - origin.1)))
                .collect();
            assert_eq!(seen, cut, "{shape} {r} from {origin:?}");
        }
        let mut direct = BTreeSet::new();
        fov.compute(&g, origin, Range::UNLIMITED, |x, y| {
            assert!(direct.insert((x, y)));
        })
        .unwrap();
        assert_eq!(direct, all);
    }
}

#[test]
fn open_field_sees_every_tile_of_every_shape() {
    for r in 0..20u32 {
        for shape in Shape::ALL {
            let range = Range::new(r, shape);
            let seen = fov_set(B, &|_: i32, _: i32| false, (2, -9), range);
            let ri = i64::from(r);
            let expected = (-ri..=ri)
                .flat_map(|dy| (-ri..=ri).map(move |dx| (dx, dy)))
                .filter(|&(dx, dy)| range.contains(dx, dy))
                .count();
            assert_eq!(seen.len(), expected, "{shape} {r}");
        }
    }
}

#[test]
fn no_panics_at_the_i32_limits() {
    let open = |_: i32, _: i32| false;
    let walls = |x: i32, y: i32| (x ^ y) & 3 == 0;
    for origin in [
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MAX),
        (i32::MAX, 0),
    ] {
        for range in [
            Range::square(0),
            Range::circle(5),
            Range::diamond(40),
            Range::circle_plus(9),
        ] {
            let seen = fov_set(B, &open, origin, range);
            let ri = i64::from(range.radius().unwrap());
            let fits = |c: i32, d: i64| i32::try_from(i64::from(c) + d).is_ok();
            let expected = (-ri..=ri)
                .flat_map(|dy| (-ri..=ri).map(move |dx| (dx, dy)))
                .filter(|&(dx, dy)| {
                    range.contains(dx, dy) && fits(origin.0, dx) && fits(origin.1, dy)
                })
                .count();
            assert_eq!(seen.len(), expected);
            assert!(fov_set(B, &walls, origin, range).contains(&origin));
        }
    }
    let g = Grid::parse(sightlines::SAMPLE_MAP).unwrap();
    let at = g.viewer.unwrap();
    let whole = fov_set(B, &g.grid, at, Range::UNLIMITED);
    assert_eq!(fov_set(B, &g.grid, at, Range::circle(u32::MAX)), whole);
    assert_eq!(
        fov_set(B, &g.grid, at, Range::square(0)),
        BTreeSet::from([at])
    );
}

#[test]
fn many_splits_at_a_large_radius_need_no_call_stack() {
    // Pillars split sectors over and over: the article's code recurses once
    // per split. Sparse pillars split it at every range out to 3000.
    let map = |x: i32, y: i32| x % 29 == 0 && y % 31 == 0;
    let mut count = 0u64;
    Beveled::new()
        .compute(&map, (1, 1), Range::circle(3000), |_, _| count += 1)
        .unwrap();
    assert!(count > 5_000_000, "{count}");
}

/// From every floor of an empty rectangular room, every tile is seen.
fn sees_whole_rooms(algorithm: Algorithm) {
    for (w, h) in [(3u32, 3u32), (5, 4), (12, 7), (20, 15), (9, 30)] {
        let mut g = Grid::new(w, h);
        let (wi, hi) = (w as i32, h as i32);
        for (x, y) in grid_tiles(&Grid::new(w, h)) {
            g.set(x, y, x == 0 || y == 0 || x == wi - 1 || y == hi - 1);
        }
        let all: BTreeSet<_> = grid_tiles(&g).collect();
        for origin in grid_tiles(&g).filter(|&(x, y)| !g.is_opaque(x, y)) {
            assert_eq!(
                fov_set(algorithm, &g, origin, Range::UNLIMITED),
                all,
                "{w}x{h} from {origin:?}"
            );
        }
    }
}

#[test]
fn expansive_walls_in_rooms() {
    sees_whole_rooms(B);
}
