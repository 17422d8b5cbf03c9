//! Symmetric shadowcasting against its definition, computed by a brute force
//! that does not scan, and every property its docs promise.

use crate::common::*;
use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, Opacity, Range, Shape, SymmetricShadowcast};
use std::collections::BTreeSet;

const SS: Algorithm = Algorithm::SymmetricShadowcast;

/// A slope `p / q`, `q > 0`.
type Rational = (i64, i64);

fn less((p1, q1): Rational, (p2, q2): Rational) -> bool {
    p1 * q2 < p2 * q1
}

/// Whether the ray of slope `m` from the origin's center is blocked by the
/// mid-lines of `walls` (depth, col): it crosses a mid-line's interior, or
/// touches mid-line ends on both sides.
fn blocked((p, q): Rational, walls: &[(i64, i64)]) -> bool {
    let (mut above, mut below) = (false, false);
    for &(a, b) in walls {
        // 2q·(m·a - b), against ±q.
        let t = 2 * (p * a - b * q);
        if t.abs() < q {
            return true;
        }
        above |= t == q;
        below |= t == -q;
    }
    above && below
}

/// Whether the target at depth `a`, col `b` of one frame is visible:
/// `wall_at(depth, col)` reads the frame. With `block` (the diagonal rule),
/// the ray through a corner between two diagonal walls nearer than the
/// target is blocked too.
fn visible_in_frame(
    a: i64,
    b: i64,
    target_wall: bool,
    block: bool,
    wall_at: impl Fn(i64, i64) -> bool,
) -> bool {
    let mut walls = Vec::new();
    for depth in 1..a {
        for col in -depth..=depth {
            if wall_at(depth, col) {
                walls.push((depth, col));
            }
        }
    }
    // The slopes of the corners (k + 1/2, j + 1/2) before depth `a` where
    // two diagonal walls meet.
    let mut corners = Vec::new();
    if block {
        for k in 0..a {
            for j in -k - 1..=k {
                if wall_at(k, j) && wall_at(k + 1, j + 1) || wall_at(k, j + 1) && wall_at(k + 1, j)
                {
                    corners.push((2 * j + 1, 2 * k + 1));
                }
            }
        }
    }
    let shut = |(p, q): Rational| corners.iter().any(|&(u, v)| p * v == u * q);
    if !target_wall {
        return !blocked((b, a), &walls) && !shut((b, a));
    }
    // Slopes through the interior of the target's mid-line, within [-1, 1].
    let (lo, hi) = ((2 * b - 1, 2 * a), (2 * b + 1, 2 * a));
    // A wall whose closed shade [lower end, upper end] misses [lo, hi]
    // neither crosses nor touches any of those rays: leave it out.
    walls.retain(|&(depth, col)| {
        !less((2 * col + 1, 2 * depth), lo) && !less(hi, (2 * col - 1, 2 * depth))
    });
    let inside = |m: Rational| less(lo, m) && less(m, hi) && !less(m, (-1, 1)) && !less((1, 1), m);
    // Blocked or not is constant between critical slopes: every mid-line
    // end, every shut corner's slope, the ends of the target's mid-line and
    // of the quadrant.
    let mut critical = vec![lo, hi, (-1, 1), (1, 1)];
    for &(depth, col) in &walls {
        critical.push((2 * col - 1, 2 * depth));
        critical.push((2 * col + 1, 2 * depth));
    }
    critical.extend(corners.iter().copied());
    critical.sort_by(|&x, &y| (x.0 * y.1).cmp(&(y.0 * x.1)));
    critical.dedup_by(|x, y| x.0 * y.1 == y.0 * x.1);
    let mut candidates = critical.clone();
    for pair in critical.windows(2) {
        let ((p1, q1), (p2, q2)) = (pair[0], pair[1]);
        candidates.push((p1 * q2 + p2 * q1, 2 * q1 * q2));
    }
    candidates
        .into_iter()
        .any(|m| inside(m) && !blocked(m, &walls) && !shut(m))
}

/// The definition of symmetric shadowcasting, without scanning: in the frame
/// of the target's major axis (either frame for a diagonal), see the module
/// docs of `sightlines::symmetric_shadowcast`.
fn ford_sees<M: Opacity + ?Sized>(map: &M, origin: (i32, i32), target: (i32, i32)) -> bool {
    ford_sees_with(map, origin, target, false)
}

/// [`ford_sees`], with the diagonal rule when `block`.
fn ford_sees_with<M: Opacity + ?Sized>(
    map: &M,
    origin: (i32, i32),
    target: (i32, i32),
    block: bool,
) -> bool {
    if origin == target {
        return true;
    }
    let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
    let (dx, dy) = (i64::from(target.0) - ox, i64::from(target.1) - oy);
    let opaque = |x: i64, y: i64| match (i32::try_from(x), i32::try_from(y)) {
        (Ok(x), Ok(y)) => map.is_opaque(x, y),
        _ => true,
    };
    let target_wall = map.is_opaque(target.0, target.1);
    let (sx, sy) = (dx.signum(), dy.signum());
    (dx.abs() >= dy.abs()
        && visible_in_frame(dx.abs(), dy, target_wall, block, |a, b| {
            opaque(ox + sx * a, oy + b)
        }))
        || (dy.abs() >= dx.abs()
            && visible_in_frame(dy.abs(), dx, target_wall, block, |a, b| {
                opaque(ox + b, oy + sy * a)
            }))
}

fn ford_fov<M: Opacity + ?Sized>(
    map: &M,
    origin: (i32, i32),
    tiles: impl Iterator<Item = (i32, i32)>,
) -> BTreeSet<(i32, i32)> {
    tiles.filter(|&t| ford_sees(map, origin, t)).collect()
}

fn parse(text: &str) -> (Grid, (i32, i32)) {
    let p = Grid::parse(text).unwrap();
    (p.grid, p.viewer.unwrap_or((0, 0)))
}

fn random_map(rng: &mut Random, max_side: u64, max_percent: u64) -> Grid {
    let (w, h) = (
        1 + rng.below(max_side) as u32,
        1 + rng.below(max_side) as u32,
    );
    let density = rng.below(max_percent + 1);
    random_grid(rng, w, h, density)
}

fn random_origin(rng: &mut Random, g: &Grid) -> (i32, i32) {
    (
        rng.below(u64::from(g.width())) as i32,
        rng.below(u64::from(g.height())) as i32,
    )
}

#[test]
fn brute_force_knows_hand_worked_cases() {
    // A pillar at (1, 1) seen from (0, 0) shades the slopes (1/2, 3/2): the
    // knight's move at slope 1/2 only touches its mid-line's end.
    let pillar: FnMap = &|x: i32, y: i32| (x, y) == (1, 1);
    assert!(!ford_sees(&pillar, (0, 0), (2, 2)));
    assert!(ford_sees(&pillar, (0, 0), (2, 1)));
    assert!(!ford_sees(&pillar, (0, 0), (3, 2)));
    assert!(ford_sees(&pillar, (0, 0), (3, 1)));
    assert!(ford_sees(&pillar, (0, 0), (4, 2)));
    // Two walls whose mid-lines meet end to end, at (2, 0) and (2, 1) from
    // (0, 0), block the ray of slope 1/4 between them ...
    let pair: FnMap = &|x: i32, y: i32| x == 2 && (y == 0 || y == 1);
    assert!(!ford_sees(&pair, (0, 0), (4, 1)));
    // ... and so do mid-lines touching at different depths: (1, 0) shades
    // (-1/2, 1/2), (3, 2) shades (1/2, 5/6).
    let staggered: FnMap = &|x: i32, y: i32| (x, y) == (1, 0) || (x, y) == (3, 2);
    assert!(!ford_sees(&staggered, (0, 0), (6, 3)));
    assert!(!ford_sees(&staggered, (0, 0), (6, 4)));
    assert!(ford_sees(&staggered, (0, 0), (6, 5)));
    // A wall is lit when some ray through its own mid-line gets there: the
    // wall (3, 2) by slopes just above 1/2, but not (3, 1), whose mid-line
    // (1/6, 1/2) lies in the shade of (1, 0).
    let row: FnMap = &|x: i32, y: i32| x == 3 || (x, y) == (1, 0);
    assert!(ford_sees(&row, (0, 0), (3, 2)));
    assert!(!ford_sees(&row, (0, 0), (3, 1)));
    assert!(!ford_sees(&row, (0, 0), (3, 0)));
    assert!(!ford_sees(&row, (0, 0), (4, 1)));
}

#[test]
fn equals_the_definition_on_10000_random_maps() {
    let cases = Cases {
        maps: 10_000,
        max_side: 16,
        all_origins_up_to: 40,
        other_origins: 3,
        ranges: false,
    };
    let compared = equals_definition_on_random_maps(
        SymmetricShadowcast::new(),
        SS,
        0x5EED_F0D1,
        cases,
        ford_sees,
    );
    eprintln!("symmetric-shadowcast: {compared} (origin, tile) pairs on 10000 maps, 0 mismatches");
    assert!(compared > 1_000_000, "{compared}");
}

#[test]
fn equals_the_definition_within_every_shape() {
    let mut rng = Random::new(0x5EED_F0D2);
    for _ in 0..2000 {
        let g = random_map(&mut rng, 16, 50);
        let origin = random_origin(&mut rng, &g);
        let shape = Shape::ALL[rng.below(4) as usize];
        let r = rng.below(12) as u32;
        let fast = fov_set(SS, &g, origin, Range::new(r, shape));
        let slow: BTreeSet<_> = ford_fov(&g, origin, grid_tiles(&g))
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
fn equals_the_definition_on_unbounded_maps_near_the_i32_limits() {
    equals_definition_near_the_i32_limits(SS, 0x5EED_F0D3, |map, a, b| ford_sees(&map, a, b));
}

#[test]
fn floors_see_each_other_symmetrically() {
    let mut rng = Random::new(0x5EED_F0D4);
    let mut pairs = 0usize;
    for _ in 0..600 {
        let g = random_map(&mut rng, 12, 60);
        let floors: Vec<_> = grid_tiles(&g)
            .filter(|&(x, y)| !g.is_opaque(x, y))
            .collect();
        let fovs: Vec<BTreeSet<_>> = floors
            .iter()
            .map(|&t| fov_set(SS, &g, t, Range::UNLIMITED))
            .collect();
        for (i, a) in floors.iter().enumerate() {
            for (j, b) in floors.iter().enumerate() {
                pairs += 1;
                assert_eq!(
                    fovs[i].contains(b),
                    fovs[j].contains(a),
                    "{a:?} and {b:?}:\n{}",
                    render(&g, *a, &fovs[i], &fovs[j])
                );
            }
        }
    }
    assert!(pairs > 100_000, "{pairs}");
}

#[test]
fn walls_are_not_symmetric_which_is_why_only_floors_are_promised() {
    // A floor lights a wall through any ray across the wall's mid-line, but
    // from the wall (a point at its center, as Ford's origin) only the ray
    // between the centers counts.
    let mut rng = Random::new(0x5EED_F0D5);
    let mut found = false;
    for _ in 0..2000 {
        let g = random_map(&mut rng, 8, 50);
        let walls: Vec<_> = grid_tiles(&g).filter(|&(x, y)| g.is_opaque(x, y)).collect();
        for &floor in grid_tiles(&g)
            .filter(|&(x, y)| !g.is_opaque(x, y))
            .collect::<Vec<_>>()
            .iter()
        {
            let seen = fov_set(SS, &g, floor, Range::UNLIMITED);
            for &w in &walls {
                if seen.contains(&w) && !fov_set(SS, &g, w, Range::UNLIMITED).contains(&floor) {
                    found = true;
                }
            }
        }
        if found {
            break;
        }
    }
    assert!(found, "lit walls were expected to be asymmetric somewhere");
    assert!(SS.is_symmetric());
}

#[test]
fn pillar_shadows_expand_and_corners_are_not_blind() {
    // A pillar at (2, 0) hides a widening wedge behind it.
    let pillar: FnMap = &|x: i32, y: i32| (x, y) == (2, 0);
    let seen = fov_set(SS, &pillar, (0, 0), Range::square(12));
    let hidden_at = |x: i32| (-12..=12).filter(|&y| !seen.contains(&(x, y))).count();
    assert_eq!(hidden_at(3), 1);
    assert!(hidden_at(12) > hidden_at(6) && hidden_at(6) > hidden_at(3));
    // Standing beside a corridor's corner, the tiles around the corner that
    // a diagonal step reaches are seen.
    let (g, at) = parse("#####\n#@..#\n###.#\n###.#\n");
    let seen = fov_set(SS, &g, at, Range::UNLIMITED);
    assert!(seen.contains(&(3, 2)));
}

#[test]
fn a_diagonal_line_of_walls_lets_the_45_degree_ray_through() {
    // Square walls along x + y = 3 touch at corners; their diamonds leave
    // gaps, so sight leaks through the line: the ray to (5, 1) passes the
    // corner shared by (2, 1) and (3, 0) and crosses no mid-line.
    let line: FnMap = &|x: i32, y: i32| x >= 0 && y >= 0 && x + y == 3;
    let seen = fov_set(SS, &line, (0, 0), Range::square(6));
    for t in [(3, 3), (5, 5), (4, 3), (3, 4), (5, 1), (1, 5)] {
        assert!(seen.contains(&t), "{t:?}");
    }
    assert!(!seen.contains(&(4, 0)) && !seen.contains(&(0, 4)));
    assert_eq!(
        seen,
        ford_fov(
            &line,
            (0, 0),
            (-6..=6).flat_map(|y| (-6..=6).map(move |x| (x, y)))
        )
    );
}

#[test]
fn deep_scans_do_not_overflow_the_stack() {
    // A corridor 10,000 tiles long each way, and a pillar field of radius 2,000.
    let corridor: FnMap = &|_x: i32, y: i32| y.abs() > 1;
    let seen = fov_set(SS, &corridor, (0, 0), Range::square(10_000));
    assert!(seen.contains(&(10_000, 0)) && seen.contains(&(-10_000, 0)));
    assert!(seen.contains(&(10_000, 1)) && seen.contains(&(-10_000, -1)));
    let pillars: FnMap = &|x: i32, y: i32| x.rem_euclid(4) == 2 && y.rem_euclid(4) == 2;
    let seen = fov_set(SS, &pillars, (0, 0), Range::circle(2_000));
    assert!(seen.contains(&(2_000, 0)) && seen.contains(&(0, -2_000)));
}

#[test]
fn registered_under_its_id() {
    assert_eq!("symmetric-shadowcast".parse(), Ok(SS));
    assert!(Algorithm::ALL.contains(&SS));
    assert!(SS.is_symmetric());
}

#[test]
fn equals_the_definition_with_the_diagonal_rule_on_3000_random_maps() {
    let compared = equals_definition_with_the_diagonal_rule(SS, 0x5EED_D1A6, 12, |map, a, b| {
        ford_sees_with(map, a, b, true)
    });
    assert!(compared > 100_000, "{compared}");
}

#[test]
fn floors_stay_symmetric_with_the_diagonal_rule() {
    let mut rng = Random::new(0x5A11_D1A6);
    let mut fov = Fov::new(SS);
    fov.set_diagonal_gaps(DiagonalGaps::Block);
    let mut hidden = 0;
    for _ in 0..300 {
        let (w, h) = (2 + rng.below(12) as u32, 2 + rng.below(12) as u32);
        let density = 20 + rng.below(30);
        let g = random_grid(&mut rng, w, h, density);
        let floors: Vec<_> = grid_tiles(&g)
            .filter(|&(x, y)| !g.is_opaque(x, y))
            .collect();
        let fovs: Vec<BTreeSet<(i32, i32)>> = floors
            .iter()
            .map(|&t| {
                let mut s = BTreeSet::new();
                fov.compute(&g, t, Range::UNLIMITED, |x, y| {
                    s.insert((x, y));
                })
                .unwrap();
                hidden += fov_set(SS, &g, t, Range::UNLIMITED).len() - s.len();
                s
            })
            .collect();
        for (i, a) in floors.iter().enumerate() {
            for (j, b) in floors.iter().enumerate() {
                assert_eq!(fovs[i].contains(b), fovs[j].contains(a), "{a:?} and {b:?}");
            }
        }
    }
    assert!(hidden > 100, "the rule hid only {hidden} floors");
}
