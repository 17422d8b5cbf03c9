//! Milazzo's beveled-corner algorithm (`beveled`): the article's cases, its
//! properties, and a cross-check with the `adam_fov_rs` crate.

use crate::common::*;
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
    let mut rng = Random::new(0xADA0);
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
    let mut rng = Random::new(5);
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
fn properties_on_random_maps() {
    let mut rng = Random::new(0xBE7E);
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
            let seen = fov_set(B, &OPEN, (2, -9), range);
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
fn many_splits_at_a_large_radius_need_no_call_stack() {
    // Pillars split sectors over and over: the article's code recurses once
    // per split. Sparse pillars split it at every range out to 3000.
    let map: FnMap = &|x: i32, y: i32| x % 29 == 0 && y % 31 == 0;
    let mut count = 0u64;
    Beveled::new()
        .compute(&map, (1, 1), Range::circle(3000), |_, _| count += 1)
        .unwrap();
    assert!(count > 5_000_000, "{count}");
}

/// The article's per-tile loop, kept as the model the fast scan must match
/// tile for tile: each octant scanned column by column, one tile at a time,
/// with the same slopes, bevels and inner-square tests as the module docs.
/// Slow and plain on purpose (i128 slopes, a map lookup per tile).
mod article {
    use crate::common::{Field, Octant, Slope};
    use sightlines::{Opacity, Range};
    use std::cmp::Ordering;
    use std::collections::BTreeSet;

    /// The sign of `a - n/d`, exactly, `d > 0`.
    fn cmp(a: Slope, n: i64, d: i64) -> Ordering {
        (i128::from(a.num) * i128::from(d)).cmp(&(i128::from(n) * i128::from(a.den)))
    }

    struct Frame<'a, M: ?Sized> {
        map: &'a M,
        field: Field,
        octant: Octant,
    }

    impl<M: Opacity + ?Sized> Frame<'_, M> {
        /// Walls, and every tile off a bounded map or the i32 space.
        fn blocks(&self, x: i64, y: i64) -> bool {
            let (dx, dy) = self.octant.offset(x, y);
            let (Ok(tx), Ok(ty)) = (
                i32::try_from(i64::from(self.field.origin.0) + dx),
                i32::try_from(i64::from(self.field.origin.1) + dy),
            ) else {
                return true;
            };
            match self.map.bounds() {
                Some(b) if !b.contains(tx, ty) => true,
                _ => self.map.is_opaque(tx, ty),
            }
        }
    }

    /// Every report of the view, in order (a tile twice is a defect the
    /// callers check for).
    pub fn reports<M: Opacity + ?Sized>(
        map: &M,
        origin: (i32, i32),
        range: Range,
    ) -> Vec<(i32, i32)> {
        let field = Field::new(map, origin, range);
        let mut out = vec![origin];
        // Per octant and column: bit 0 the axis tile was reported, bit 1 the diagonal.
        let mut shared: Vec<Vec<u8>> = vec![Vec::new(); 8];
        for (index, &octant) in Octant::ALL.iter().enumerate() {
            let frame = Frame { map, field, octant };
            let (last, _) = octant.extents(&field);
            shared[index] = vec![0; last.max(0) as usize + 2];
            let mut current = vec![(Slope::new(1, 1), Slope::new(0, 1))];
            let mut x = 1;
            while x <= last && !current.is_empty() {
                let mut next = Vec::new();
                let mut column = vec![false; x as usize + 1];
                for &(top, bottom) in &current {
                    let mut report = |y: i64| {
                        let (dx, dy) = octant.offset(x, y);
                        if y > x || column[y as usize] || !field.reaches(dx, dy) {
                            return;
                        }
                        column[y as usize] = true;
                        let line = if y == 0 {
                            Some((
                                1u8,
                                (if index % 2 == 1 { index + 1 } else { index + 7 }) % 8,
                            ))
                        } else if y == x {
                            Some((2u8, index ^ 1))
                        } else {
                            None
                        };
                        if let Some((bit, other)) = line {
                            shared[index][x as usize] |= bit;
                            if other < index
                                && shared[other].get(x as usize).is_some_and(|&m| m & bit != 0)
                            {
                                return;
                            }
                        }
                        out.push(field.tile(dx, dy));
                    };
                    column_of(&frame, x, x == last, top, bottom, &mut report, &mut next);
                }
                current = next;
                x += 1;
            }
        }
        out
    }

    /// One sector through column `x`: reports what it sees, queues what goes on.
    fn column_of<M: Opacity + ?Sized>(
        frame: &Frame<'_, M>,
        x: i64,
        last: bool,
        mut top: Slope,
        mut bottom: Slope,
        report: &mut impl FnMut(i64),
        next: &mut Vec<(Slope, Slope)>,
    ) {
        let top_y = if top.den == 1 {
            x
        } else {
            let mut y = ((2 * x - 1) * top.num + top.den) / (2 * top.den);
            if frame.blocks(x, y) {
                if cmp(top, 2 * y + 1, 2 * x).is_ge() && !frame.blocks(x, y + 1) {
                    y += 1;
                }
            } else {
                let ax = if frame.blocks(x + 1, y + 1) {
                    2 * x + 1
                } else {
                    2 * x
                };
                if cmp(top, 2 * y + 1, ax).is_gt() {
                    y += 1;
                }
            }
            y
        };
        let bottom_y = if bottom.num == 0 {
            0
        } else {
            let y = ((2 * x - 1) * bottom.num + bottom.den) / (2 * bottom.den);
            if cmp(bottom, 2 * y + 1, 2 * x).is_ge()
                && frame.blocks(x, y)
                && !frame.blocks(x, y + 1)
            {
                y + 1
            } else {
                y
            }
        };
        let mut was_opaque = -1;
        let mut y = top_y;
        while y >= bottom_y {
            let (dx, dy) = frame.octant.offset(x, y);
            if !frame.field.in_range(dx, dy) {
                y -= 1;
                continue;
            }
            let opaque = frame.blocks(x, y);
            let visible = opaque
                || ((y != top_y || cmp(top, 4 * y - 1, 4 * x + 1).is_gt())
                    && (y != bottom_y || cmp(bottom, 4 * y + 1, 4 * x - 1).is_lt()));
            if visible {
                report(y);
            }
            if !last {
                if opaque {
                    if was_opaque == 0 {
                        let nx = if frame.blocks(x, y + 1) {
                            2 * x - 1
                        } else {
                            2 * x
                        };
                        let new_bottom = Slope::new(2 * y + 1, nx);
                        if top > new_bottom {
                            if y == bottom_y {
                                bottom = new_bottom;
                                was_opaque = 0;
                                break;
                            }
                            next.push((top, new_bottom));
                        } else if y == bottom_y {
                            return;
                        }
                    }
                    was_opaque = 1;
                } else {
                    if was_opaque > 0 {
                        let nx = if frame.blocks(x + 1, y + 1) {
                            2 * x + 1
                        } else {
                            2 * x
                        };
                        let new_top = Slope::new(2 * y + 1, nx);
                        if bottom >= new_top {
                            return;
                        }
                        top = new_top;
                    }
                    was_opaque = 0;
                }
            }
            y -= 1;
        }
        if was_opaque == 0 {
            next.push((top, bottom));
        }
    }

    /// The view as a set; panics on a tile reported twice.
    pub fn view<M: Opacity + ?Sized>(
        map: &M,
        origin: (i32, i32),
        range: Range,
    ) -> BTreeSet<(i32, i32)> {
        let all = reports(map, origin, range);
        let set: BTreeSet<_> = all.iter().copied().collect();
        assert_eq!(set.len(), all.len(), "the model reported a tile twice");
        set
    }
}

/// Our view, through `compute` (each tile once) and through `compute_into`
/// (the span-filling path), which must agree.
fn both_paths<M: Opacity + ?Sized>(
    map: &M,
    origin: (i32, i32),
    range: Range,
    fov: &mut sightlines::Fov,
    set: &mut sightlines::VisibleSet,
) -> BTreeSet<(i32, i32)> {
    let mut seen = BTreeSet::new();
    fov.compute(map, origin, range, |x, y| {
        assert!(seen.insert((x, y)), "({x}, {y}) reported twice");
    })
    .unwrap();
    if fov.compute_into(map, origin, range, set).is_ok() {
        // The set counts what the scan writes: a tile written twice shows.
        assert_eq!(set.len(), set.iter().count(), "a tile was written twice");
        assert_eq!(set.iter().collect::<BTreeSet<_>>(), seen);
    }
    seen
}

#[test]
fn matches_the_article_loop_tile_for_tile() {
    let mut rng = Random::new(0x5EC7);
    let mut fov = sightlines::Fov::new(B);
    let mut set = sightlines::VisibleSet::new();
    for round in 0..4000 {
        // Mostly small maps; some wide enough for columns of more than 64 rows.
        let big = round % 10 == 0;
        let side = if big { 200 } else { 30 };
        let (w, h) = (1 + rng.below(side) as u32, 1 + rng.below(side) as u32);
        let density = rng.below(if big { 12 } else { 60 });
        let g = random_grid(&mut rng, w, h, density);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = if rng.below(4) == 0 {
            Range::UNLIMITED
        } else {
            Range::new(
                rng.below(side + 10) as u32,
                Shape::ALL[rng.below(4) as usize],
            )
        };
        let expected = article::view(&g, origin, range);
        let packed = both_paths(&g, origin, range, &mut fov, &mut set);
        assert_eq!(
            packed,
            expected,
            "{w}x{h} from {origin:?} {range:?}: + ours, - article\n{}",
            if big {
                String::new()
            } else {
                render(&g, origin, &packed, &expected)
            }
        );
        // The same map asked tile by tile (no packed rows).
        let asked: FnMap = &|x: i32, y: i32| g.is_opaque(x, y);
        let asked = sightlines::bounded(g.rect(), asked);
        assert_eq!(
            both_paths(&asked, origin, range, &mut fov, &mut set),
            expected
        );
    }
}

#[test]
fn matches_the_article_loop_on_unbounded_maps_and_odd_bounds() {
    let mut rng = Random::new(0xB0DE);
    let mut fov = sightlines::Fov::new(B);
    let mut set = sightlines::VisibleSet::new();
    // A map that claims bounds but answers "clear" outside them: tiles off
    // a bounded map still block.
    struct Lax(Grid);
    impl Opacity for Lax {
        fn is_opaque(&self, x: i32, y: i32) -> bool {
            self.0.rect().contains(x, y) && self.0.is_opaque(x, y)
        }
        fn bounds(&self) -> Option<sightlines::Rect> {
            Some(self.0.rect())
        }
    }
    for _ in 0..1500 {
        let salt = rng.next_u64();
        let density = rng.below(50);
        let hashed: FnMap = &move |x: i32, y: i32| hashed_wall(x, y, salt, density);
        let corner = [0, 0, i32::MAX, i32::MIN, i32::MAX - 3, i32::MIN + 5];
        let origin = (
            corner[rng.below(6) as usize].wrapping_add(rng.below(3) as i32),
            corner[rng.below(6) as usize].wrapping_add(rng.below(3) as i32),
        );
        let range = Range::new(rng.below(90) as u32, Shape::ALL[rng.below(4) as usize]);
        assert_eq!(
            both_paths(&hashed, origin, range, &mut fov, &mut set),
            article::view(&hashed, origin, range),
            "{origin:?} {range:?}"
        );
        let (w, h) = (1 + rng.below(40) as u32, 1 + rng.below(40) as u32);
        let lax = Lax(random_grid(&mut rng, w, h, density));
        let at = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = Range::new(rng.below(50) as u32, Shape::ALL[rng.below(4) as usize]);
        assert_eq!(
            both_paths(&lax, at, range, &mut fov, &mut set),
            article::view(&lax, at, range)
        );
    }
}
