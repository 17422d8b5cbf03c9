//! RuggRogue's diamond-wall shadowcasting against RuggRogue's rules, an
//! independent brute-force of its definition, and the properties its docs
//! promise.

use crate::common::*;
use proptest::prelude::*;
use sightlines::{
    Algorithm, DiamondShadowcast, FieldOfView, Fov, Grid, Opacity, Range, Shape, VisibleSet,
};
use std::collections::{BTreeMap, BTreeSet};

const DS: Algorithm = Algorithm::DiamondShadowcast;

/// The iterator's output as a map from tile to `symmetric`, checking that no
/// tile comes twice and that the origin comes first.
fn reached<M: Opacity + ?Sized>(
    map: &M,
    origin: (i32, i32),
    range: Range,
) -> BTreeMap<(i32, i32), bool> {
    let mut fov = DiamondShadowcast::new();
    let mut out = BTreeMap::new();
    let mut first = None;
    for (x, y, symmetric) in fov.iter(map, origin, range).expect("fov") {
        first.get_or_insert((x, y, symmetric));
        assert!(
            out.insert((x, y), symmetric).is_none(),
            "({x}, {y}) yielded twice"
        );
    }
    assert_eq!(first, Some((origin.0, origin.1, true)));
    out
}

/// The visible tiles by RuggRogue's rule: symmetric, or opaque.
fn visible_of<M: Opacity + ?Sized>(
    map: &M,
    tiles: &BTreeMap<(i32, i32), bool>,
) -> BTreeSet<(i32, i32)> {
    tiles
        .iter()
        .filter(|&(&(x, y), &s)| s || map.is_opaque(x, y))
        .map(|(&t, _)| t)
        .collect()
}

fn grid_with_walls(w: u32, h: u32, walls: &[(i32, i32)]) -> Grid {
    let mut g = Grid::new(w, h);
    for &(x, y) in walls {
        g.set(x, y, true);
    }
    g
}

/// Rows `0..=x` of column `x` (octant 0 from the origin (0, 0)): which are
/// reached, and which of those are symmetric.
fn column(tiles: &BTreeMap<(i32, i32), bool>, x: i32) -> (Vec<i32>, Vec<i32>) {
    let rows = (0..=x).filter(|&y| tiles.contains_key(&(x, y)));
    let sym = (0..=x).filter(|&y| tiles.get(&(x, y)) == Some(&true));
    (rows.collect(), sym.collect())
}

// ---------------------------------------------------------------------------
// RuggRogue's rules.

#[test]
fn ruggrogue_quarter_to_three_quarters_sight_covers_rows_1_to_4_of_column_5() {
    // Walls at (2, 0) and (2, 2) leave column 3 onwards the sight from the
    // top corner of the first, 1/4, to the bottom corner of the second, 3/4.
    let g = grid_with_walls(12, 12, &[(2, 0), (2, 2)]);
    let tiles = reached(&g, (0, 0), Range::UNLIMITED);
    let (rows, sym) = column(&tiles, 5);
    assert_eq!(rows, [1, 2, 3, 4]);
    // Centers at 2/5 and 3/5 lie inside [1/4, 3/4]; 1/5 and 4/5 do not.
    assert_eq!(sym, [2, 3]);
    let visible = visible_of(&g, &tiles);
    assert!(visible.contains(&(5, 2)) && !visible.contains(&(5, 1)));
}

#[test]
fn ruggrogue_wall_in_column_5_splits_the_sight_into_0_3_10_and_5_10_1() {
    let g = grid_with_walls(12, 12, &[(5, 2)]);
    let tiles = reached(&g, (0, 0), Range::UNLIMITED);
    // Column 6: every mid-line meets a sight, but the center of row 2
    // (2/6) lies in the gap between 3/10 and 5/10.
    assert_eq!(
        column(&tiles, 6),
        ((0..=6).collect(), vec![0, 1, 3, 4, 5, 6])
    );
    // Column 7: row 3's mid-line, 5/14 to 7/14, misses both sights (the
    // top end 7/14 = 5/10 does not count).
    assert_eq!(
        column(&tiles, 7),
        (vec![0, 1, 2, 4, 5, 6, 7], vec![0, 1, 2, 4, 5, 6, 7])
    );
    assert_eq!(
        column(&tiles, 10),
        (
            vec![0, 1, 2, 3, 5, 6, 7, 8, 9, 10],
            vec![0, 1, 2, 3, 5, 6, 7, 8, 9, 10]
        )
    );
}

#[test]
fn ruggrogue_long_straight_wall_stays_visible_to_its_end() {
    // Expansive walls: a viewer beside a long wall sees all of it, though
    // center-to-center its far tiles would be hidden (symmetric == false).
    for length in [5u32, 60, 300] {
        let mut g = Grid::new(length, 3);
        for x in 0..length as i32 {
            g.set(x, 0, true);
            g.set(x, 2, true);
        }
        let tiles = reached(&g, (1, 1), Range::UNLIMITED);
        let visible = visible_of(&g, &tiles);
        assert_eq!(visible.len(), 3 * length as usize, "length {length}");
        let far = length as i32 - 1;
        assert_eq!(tiles.get(&(far, 0)), Some(&false));
        assert_eq!(tiles.get(&(far, 1)), Some(&true));
        let mut fov = Fov::new(DS);
        let mut set = VisibleSet::new();
        fov.compute_into(&g, (1, 1), Range::UNLIMITED, &mut set)
            .unwrap();
        assert_eq!(set.iter().collect::<BTreeSet<_>>(), visible);
    }
}

#[test]
fn ruggrogue_center_to_center_floors_and_center_to_mid_line_walls() {
    // Behind the close wall (5, 2), tile (6, 2) is reached by its mid-line
    // (down to 3/10) but its center (1/3) is in the shadow.
    let g = grid_with_walls(8, 8, &[(5, 2)]);
    let tiles = reached(&g, (0, 0), Range::UNLIMITED);
    assert_eq!(tiles.get(&(5, 2)), Some(&true)); // the close wall: symmetric
    assert_eq!(tiles.get(&(6, 2)), Some(&false));
    assert!(!visible_of(&g, &tiles).contains(&(6, 2))); // a floor: not visible
    let g = grid_with_walls(8, 8, &[(5, 2), (6, 2)]);
    let tiles = reached(&g, (0, 0), Range::UNLIMITED);
    assert_eq!(tiles.get(&(6, 2)), Some(&false));
    assert!(visible_of(&g, &tiles).contains(&(6, 2))); // a wall: visible
    assert!(fov_set(DS, &g, (0, 0), Range::UNLIMITED).contains(&(6, 2)));
}

#[test]
fn ruggrogue_rounding_closes_a_pin_hole_in_one_order_only() {
    // The ray from (0, 0) to (4, 2) touches a corner of (1, 0), below it
    // (the axis side), then a corner of (3, 2), above it: RuggRogue's
    // rounding scans only the upper tile at column 3, a wall, and the ray is
    // lost: (4, 2) is not even reached. Both ends agree.
    let g = grid_with_walls(6, 6, &[(1, 0), (3, 2)]);
    assert_eq!(reached(&g, (0, 0), Range::UNLIMITED).get(&(4, 2)), None);
    assert_eq!(reached(&g, (4, 2), Range::UNLIMITED).get(&(0, 0)), None);
    assert!(!center_sees(&g, (0, 0), (4, 2)) && !center_sees(&g, (4, 2), (0, 0)));
    // Above first, then below: the ray stays in sight, both ways.
    let g = grid_with_walls(6, 6, &[(1, 1), (3, 1)]);
    assert_eq!(
        reached(&g, (0, 0), Range::UNLIMITED).get(&(4, 2)),
        Some(&true)
    );
    assert_eq!(
        reached(&g, (4, 2), Range::UNLIMITED).get(&(0, 0)),
        Some(&true)
    );
    assert!(center_sees(&g, (0, 0), (4, 2)) && center_sees(&g, (4, 2), (0, 0)));
}

#[test]
fn diagonal_gaps_are_wide_and_pillars_hide_what_is_behind() {
    let g = Grid::parse("#d\ns#\n").unwrap().grid;
    assert_eq!(
        reached(&g, (0, 1), Range::UNLIMITED).get(&(1, 0)),
        Some(&true)
    );
    let g = Grid::parse("..d\n.#.\ns..\n").unwrap().grid;
    let seen = fov_set(DS, &g, (0, 2), Range::UNLIMITED);
    assert!(!seen.contains(&(2, 0)));
    assert_eq!(seen.len(), 8);
}

// ---------------------------------------------------------------------------
// An independent brute force of the definition, in exact integers.

/// Offsets of the opaque tiles of `g` from `origin`, origin excluded (the
/// scan never asks about the origin's own tile), in the frame `to_frame`.
fn walls_from(
    g: &Grid,
    origin: (i32, i32),
    to_frame: impl Fn(i64, i64) -> (i64, i64),
) -> Vec<(i64, i64)> {
    grid_tiles(g)
        .filter(|&t| t != origin && g.is_opaque(t.0, t.1))
        .map(|(x, y)| to_frame(i64::from(x - origin.0), i64::from(y - origin.1)))
        .collect()
}

/// Whether the segment from (0, 0) to `(px, py) / den` is blocked, by
/// RuggRogue's rules made explicit. Walls are the diamonds `|u - a| + |v - b| <=
/// 1/2`; the segment is blocked when
///
/// 1. it meets the interior of one, or
/// 2. it passes, before its end, through the point where two orthogonally
///    adjacent ones touch, or
/// 3. it touches the corner of one lying on its *axis side* (the side of the
///    line toward `axis`, the nearest axis direction from the origin), and
///    farther on the corner of one lying on its other side: a pin-hole
///    between two walls. RuggRogue's rounding closes it in this order only,
///    which keeps the rule symmetric: seen from the far end, sides and order
///    both swap.
///
/// `skip` is the target's own tile.
fn blocked(
    walls: &BTreeSet<(i64, i64)>,
    (px, py, den): (i64, i64, i64),
    skip: (i64, i64),
    axis: (i64, i64),
) -> bool {
    // Along the segment, a doubled point (cx, cy) / 2 lies at t = dot / (2·|P|²·/den).
    let len2 = 2 * (px * px + py * py);
    let on_segment = |(cx, cy): (i64, i64)| {
        let dot = (cx * px + cy * py) * den;
        (cx * py == cy * px && 0 < dot && dot < len2).then_some(dot)
    };
    let axis_side = (px * axis.1 - py * axis.0).signum();
    let mut first_axis_touch = None;
    let mut last_far_touch = None;
    for &(a, b) in walls {
        if (a, b) == skip {
            continue;
        }
        // |t·px/den - a| + |t·py/den - b| is convex and piecewise linear in t:
        // its minimum over [0, 1] is at 0, 1 or a kink.
        let mut ts = vec![(0, 1), (1, 1)];
        for (c, p) in [(a, px), (b, py)] {
            if p != 0 {
                let (n, d) = if p < 0 { (-c * den, -p) } else { (c * den, p) };
                if 0 < n && n < d {
                    ts.push((n, d));
                }
            }
        }
        // At t = n/d, times 2·den·d: 2(|n·px - a·den·d| + |n·py - b·den·d|) < den·d.
        let inside = ts.iter().any(|&(n, d)| {
            2 * ((n * px - a * den * d).abs() + (n * py - b * den * d).abs()) < den * d
        });
        if inside {
            return true;
        }
        // Touching points with the right and lower neighbours, doubled.
        for (nb, c) in [
            ((a + 1, b), (2 * a + 1, 2 * b)),
            ((a, b + 1), (2 * a, 2 * b + 1)),
        ] {
            if nb != skip && walls.contains(&nb) && on_segment(c).is_some() {
                return true;
            }
        }
        let side = (px * b - py * a).signum();
        for c in [
            (2 * a - 1, 2 * b),
            (2 * a + 1, 2 * b),
            (2 * a, 2 * b - 1),
            (2 * a, 2 * b + 1),
        ] {
            if let Some(t) = on_segment(c) {
                if side == axis_side {
                    first_axis_touch = Some(first_axis_touch.map_or(t, |f: i64| f.min(t)));
                } else {
                    last_far_touch = Some(last_far_touch.map_or(t, |l: i64| l.max(t)));
                }
            }
        }
    }
    matches!((first_axis_touch, last_far_touch), (Some(f), Some(l)) if f < l)
}

/// Whether the center of `b` is in sight from the center of `a` on `g`,
/// straight from the definition in map coordinates.
fn center_sees(g: &Grid, a: (i32, i32), b: (i32, i32)) -> bool {
    let t = (i64::from(b.0 - a.0), i64::from(b.1 - a.1));
    // Only diamonds around the segment's bounding box can meet it.
    let walls: BTreeSet<_> = walls_from(g, a, |dx, dy| (dx, dy))
        .into_iter()
        .filter(|&(u, v)| {
            (t.0.min(0) - 1..=t.0.max(0) + 1).contains(&u)
                && (t.1.min(0) - 1..=t.1.max(0) + 1).contains(&v)
        })
        .collect();
    // The nearest axis direction; on an axis or a diagonal nothing is touched.
    let axis = if t.0.abs() >= t.1.abs() {
        (t.0.signum(), 0)
    } else {
        (0, t.1.signum())
    };
    !blocked(&walls, (t.0, t.1, 1), t, axis)
}

/// The octant that reports offset `(dx, dy)` (the even one on shared
/// edges, as in the seed) and the offset in its frame, `0 <= y <= x`.
fn owning_octant(dx: i64, dy: i64) -> (Octant, i64, i64) {
    for (i, o) in Octant::ALL.into_iter().enumerate() {
        // The transforms are orthogonal: the inverse is the transpose.
        let (x, y) = (o.xx * dx + o.yx * dy, o.xy * dx + o.yy * dy);
        if 0 <= y && y <= x && ((0 < y && y < x) || i % 2 == 0) {
            return (o, x, y);
        }
    }
    unreachable!("({dx}, {dy})")
}

/// Brute force of what the scan reaches, and which of it is symmetric: tile
/// `(x, y)` of an octant (x the depth) is reached when some point of its
/// mid-line `{x} x [y - 1/2, y + 1/2)` inside the octant (slopes 0 to 1) is in
/// sight; symmetric when its center is. Sight is tested against every wall of
/// the map, in the octant's frame, at every slope where the answer can
/// change and between each two of them.
fn brute_reached(g: &Grid, origin: (i32, i32), range: Range) -> BTreeMap<(i32, i32), bool> {
    let mut out = BTreeMap::new();
    for (tx, ty) in grid_tiles(g) {
        let (dx, dy) = (i64::from(tx - origin.0), i64::from(ty - origin.1));
        if !range.contains(dx, dy) {
            continue;
        }
        if (dx, dy) == (0, 0) {
            out.insert((tx, ty), true);
            continue;
        }
        let (o, x, y) = owning_octant(dx, dy);
        let walls: BTreeSet<_> =
            walls_from(g, origin, |a, b| (o.xx * a + o.yx * b, o.xy * a + o.yy * b))
                .into_iter()
                .filter(|&(a, b)| (-1..=x + 1).contains(&a) && (-1..=y + 1).contains(&b))
                .collect();
        // Heights on the line u = x, doubled: the mid-line runs from 2y - 1 to 2y + 1.
        let (lo, hi) = ((2 * y - 1).max(0), (2 * y + 1).min(2 * x));
        let hi_counts = 2 * y + 1 > 2 * x;
        // Critical heights as fractions n / d of a doubled height: rays
        // through every wall corner and touching point.
        let mut crit: Vec<(i64, i64)> = vec![(lo, 1), (hi, 1)];
        for &(a, b) in &walls {
            for (cu, cv) in [
                (2 * a - 1, 2 * b),
                (2 * a + 1, 2 * b),
                (2 * a, 2 * b - 1),
                (2 * a, 2 * b + 1),
            ] {
                if cu > 0 {
                    // v at u = x: 2x·cv/cu, doubled already by cv.
                    crit.push((2 * x * cv, cu));
                }
            }
        }
        let less = |p: (i64, i64), q: (i64, i64)| p.0 * q.1 < q.0 * p.1;
        crit.retain(|&c| !less(c, (lo, 1)) && !less((hi, 1), c));
        crit.sort_by(|&p, &q| (p.0 * q.1).cmp(&(q.0 * p.1)));
        crit.dedup_by(|p, q| p.0 * q.1 == q.0 * p.1);
        let mut candidates = Vec::new();
        for (i, &c) in crit.iter().enumerate() {
            candidates.push(c);
            if let Some(&n) = crit.get(i + 1) {
                candidates.push((c.0 * n.1 + n.0 * c.1, 2 * c.1 * n.1));
            }
        }
        // The point (x, n / (2d)) is (2d·x, n) / 2d.
        let in_sight = |(n, d): (i64, i64)| !blocked(&walls, (2 * d * x, n, 2 * d), (x, y), (1, 0));
        let reach = candidates
            .into_iter()
            .filter(|&c| hi_counts || less(c, (hi, 1)))
            .any(in_sight);
        if reach {
            out.insert((tx, ty), in_sight((2 * y, 1)));
        }
    }
    out
}

/// Compares the iterator with the brute force on random maps; returns
/// (maps, origins, tiles compared).
fn compare_with_brute_force(seed: u64, maps: usize, max_side: u64) -> (usize, usize, usize) {
    let mut rng = Random::new(seed);
    let (mut origins, mut tiles) = (0, 0);
    for n in 0..maps {
        let (w, h) = (
            1 + rng.below(max_side) as u32,
            1 + rng.below(max_side) as u32,
        );
        let density = rng.below(61);
        let g = random_grid(&mut rng, w, h, density);
        let range = if rng.percent(30) {
            Range::new(rng.below(12) as u32, Shape::ALL[rng.below(4) as usize])
        } else {
            Range::UNLIMITED
        };
        for _ in 0..3 {
            let origin = (
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            let fast = reached(&g, origin, range);
            let slow = brute_reached(&g, origin, range);
            if fast != slow {
                let fs: BTreeSet<_> = fast.iter().filter(|e| *e.1).map(|e| *e.0).collect();
                let ss: BTreeSet<_> = slow.iter().filter(|e| *e.1).map(|e| *e.0).collect();
                panic!(
                    "map {n} (seed {seed}) from {origin:?} {range:?}\nreached, + only fast, - only brute:\n{}\nsymmetric:\n{}\nfast {fast:?}\nslow {slow:?}",
                    render(&g, origin, &fast.keys().copied().collect(), &slow.keys().copied().collect()),
                    render(&g, origin, &fs, &ss),
                );
            }
            origins += 1;
            tiles += (w * h) as usize;
        }
    }
    (maps, origins, tiles)
}

#[test]
fn equals_brute_force_reach_and_symmetry_on_3000_random_maps() {
    let (maps, origins, tiles) = compare_with_brute_force(0xD1A0_0001, 3000, 12);
    eprintln!("brute force: {maps} maps, {origins} origins, {tiles} tiles compared, 0 mismatches");
    assert!(tiles > 100_000, "{tiles}");
}

#[test]
fn floor_is_symmetric_exactly_when_its_center_is_in_sight() {
    // Straight from the definition in map coordinates, every origin of
    // every map, every floor tile.
    let mut rng = Random::new(0xD1A0_0002);
    let mut compared = 0usize;
    for n in 0..2000 {
        let (w, h) = (1 + rng.below(9) as u32, 1 + rng.below(9) as u32);
        let density = rng.below(61);
        let g = random_grid(&mut rng, w, h, density);
        for origin in grid_tiles(&g) {
            let tiles = reached(&g, origin, Range::UNLIMITED);
            for t in grid_tiles(&g) {
                if g.is_opaque(t.0, t.1) || t == origin {
                    continue;
                }
                let fast = tiles.get(&t) == Some(&true);
                assert_eq!(
                    fast,
                    center_sees(&g, origin, t),
                    "map {n}: {origin:?} to {t:?}\n{}",
                    g.to_text()
                );
                compared += 1;
            }
        }
    }
    eprintln!("center-to-center: {compared} (origin, floor) pairs, 0 mismatches");
    assert!(compared > 100_000, "{compared}");
}

#[test]
fn brute_force_knows_ruggrogues_cases() {
    let g = grid_with_walls(12, 12, &[(5, 2)]);
    assert!(!center_sees(&g, (0, 0), (6, 2)));
    assert!(center_sees(&g, (0, 0), (6, 3)));
    // Grazing one diamond's corner is in sight; through two touching corners is not.
    let g = grid_with_walls(5, 5, &[(1, 0)]);
    assert!(center_sees(&g, (0, 0), (2, 1)));
    let g = grid_with_walls(5, 5, &[(1, 0), (1, 1)]);
    assert!(!center_sees(&g, (0, 0), (2, 1)));
    let g = Grid::parse("#.\n.#\n").unwrap().grid;
    assert!(center_sees(&g, (0, 1), (1, 0)));
}

// ---------------------------------------------------------------------------
// Properties.

fn arb_grid() -> impl Strategy<Value = Grid> {
    (1u32..=12, 1u32..=12, 0u64..=60, any::<u64>())
        .prop_map(|(w, h, p, seed)| random_grid(&mut Random::new(seed), w, h, p))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn floors_see_each_other_symmetrically(g in arb_grid()) {
        let floors: Vec<_> = grid_tiles(&g).filter(|&(x, y)| !g.is_opaque(x, y)).collect();
        let sym: Vec<BTreeSet<(i32, i32)>> = floors
            .iter()
            .map(|&a| reached(&g, a, Range::UNLIMITED).into_iter().filter(|e| e.1).map(|e| e.0).collect())
            .collect();
        for (i, a) in floors.iter().enumerate() {
            for (j, b) in floors.iter().enumerate() {
                prop_assert_eq!(sym[i].contains(b), sym[j].contains(a), "{:?} and {:?}", a, b);
            }
        }
    }

    #[test]
    fn invariant_under_the_eight_symmetries(g in arb_grid(), ox in 0i32..12, oy in 0i32..12, r in 0u32..14, s in 0usize..5) {
        let (w, h) = (g.width() as i32, g.height() as i32);
        let origin = (ox % w, oy % h);
        let range = if s == 4 { Range::UNLIMITED } else { Range::new(r, Shape::ALL[s]) };
        let base = reached(&g, origin, range);
        for t in TRANSFORMS {
            let tg = transform_grid(t, &g);
            let got = reached(&tg, transform_pos(t, w, h, origin), range);
            let expected: BTreeMap<_, _> = base.iter().map(|(&p, &s)| (transform_pos(t, w, h, p), s)).collect();
            prop_assert_eq!(got, expected, "transform {:?}", t);
        }
    }

    #[test]
    fn stays_in_the_map_and_range_and_visitor_agrees(g in arb_grid(), ox in 0i32..12, oy in 0i32..12, r in 0u32..20, s in 0usize..5) {
        let origin = (ox % g.width() as i32, oy % g.height() as i32);
        let range = if s == 4 { Range::UNLIMITED } else { Range::new(r, Shape::ALL[s]) };
        let tiles = reached(&g, origin, range);
        for &(x, y) in tiles.keys() {
            prop_assert!(g.rect().contains(x, y));
            prop_assert!(range.contains(i64::from(x - origin.0), i64::from(y - origin.1)));
        }
        // The visitor: each tile once, the iterator's visible tiles exactly.
        let mut fov = DiamondShadowcast::new();
        let mut seen = BTreeSet::new();
        fov.compute(&g, origin, range, |x, y| assert!(seen.insert((x, y)), "({x}, {y}) twice")).unwrap();
        prop_assert_eq!(&seen, &visible_of(&g, &tiles));
        prop_assert_eq!(&fov_set(DS, &g, origin, range), &seen);
        let mut set = VisibleSet::new();
        Fov::new(DS).compute_into(&g, origin, range, &mut set).unwrap();
        prop_assert_eq!(set.iter().collect::<BTreeSet<_>>(), seen);
    }

    #[test]
    fn open_field_shows_exactly_the_range(r in 0u32..20, s in 0usize..4) {
        let shape = Shape::ALL[s];
        let tiles = reached(&OPEN, (3, -7), Range::new(r, shape));
        let ri = i64::from(r);
        let expected: BTreeMap<_, _> = (-ri..=ri)
            .flat_map(|dy| (-ri..=ri).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| shape.contains(dx, dy, r))
            .map(|(dx, dy)| ((3 + dx as i32, -7 + dy as i32), true))
            .collect();
        prop_assert_eq!(tiles, expected);
    }
}

#[test]
fn reusing_the_scratch_gives_the_same_answers() {
    let mut rng = Random::new(0xD1A0_0003);
    let mut fov = DiamondShadowcast::new();
    for _ in 0..300 {
        let (w, h) = (1 + rng.below(20) as u32, 1 + rng.below(20) as u32);
        let density = rng.below(50);
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = Range::new(rng.below(25) as u32, Shape::ALL[rng.below(4) as usize]);
        let again: BTreeMap<_, _> = fov
            .iter(&g, origin, range)
            .unwrap()
            .map(|(x, y, s)| ((x, y), s))
            .collect();
        assert_eq!(again, reached(&g, origin, range));
    }
}

/// `compute` (each tile once) and `compute_into` give exactly the tiles
/// the iterator's rule makes visible on `map`.
fn assert_compute_agrees<M: Opacity + ?Sized>(map: &M, origin: (i32, i32), range: Range) {
    let mut fov = DiamondShadowcast::new();
    let mut seen = BTreeSet::new();
    let mut first = None;
    fov.compute(map, origin, range, |x, y| {
        first.get_or_insert((x, y));
        assert!(seen.insert((x, y)), "({x}, {y}) twice");
    })
    .unwrap();
    assert_eq!(first, Some(origin));
    let visible = visible_of(map, &reached(map, origin, range));
    assert_eq!(seen, visible, "{origin:?} {range:?}");
    let mut set = VisibleSet::new();
    Fov::new(DS)
        .compute_into(map, origin, range, &mut set)
        .unwrap();
    assert_eq!(set.iter().collect::<BTreeSet<_>>(), visible);
}

#[test]
fn compute_equals_the_iterator_on_large_maps_and_unpacked_ones() {
    // Sights wider than a 64-tile word, on packed grids and on closures
    // (read tile by tile), with every shape and no radius.
    let mut rng = Random::new(0xD1A0_0004);
    for _ in 0..40 {
        let (w, h) = (60 + rng.below(140) as u32, 60 + rng.below(140) as u32);
        let density = rng.below(8);
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let s = rng.below(5) as usize;
        let range = if s == 4 {
            Range::UNLIMITED
        } else {
            Range::new(rng.below(160) as u32, Shape::ALL[s])
        };
        assert_compute_agrees(&g, origin, range);
        let radius = Range::new(1 + rng.below(120) as u32, Shape::ALL[s % 4]);
        let walls = |x: i32, y: i32| g.rect().contains(x, y) && g.is_opaque(x, y);
        assert_compute_agrees(&walls, origin, radius);
    }
}

// ---------------------------------------------------------------------------
// Edges of the input space.

#[test]
fn origin_inside_a_wall_sees_out() {
    let g = Grid::parse("...\n.#.\n...\n").unwrap().grid;
    assert_eq!(fov_set(DS, &g, (1, 1), Range::UNLIMITED).len(), 9);
}

#[test]
fn algorithm_is_registered() {
    assert_eq!("diamond-shadowcast".parse(), Ok(DS));
    assert_eq!(DS.id(), "diamond-shadowcast");
    // Symmetric for transparent tiles; walls are lit by their own rule.
    assert!(DS.is_symmetric());
    assert_eq!(DS.properties().symmetry, sightlines::Symmetry::Floors);
    assert!(Algorithm::ALL.contains(&DS));
}
