//! Recursive shadowcasting through translucent tiles, by views: the plain
//! scan's views, each with one visibility.
//!
//! **Definition** (see [`translucent`](crate::translucent)): a tile's
//! visibility is the largest, over the rays from the origin's centre that
//! meet its square, of the starting visibility minus the levels of the
//! nearer tiles (in Chebyshev distance) whose interiors the ray crosses.
//!
//! **How.**
//! A view is a closed range of rays from the origin's centre that have
//! crossed the same dimming tiles, so every tile it meets is seen at its
//! visibility, and a tile's visibility is the best of the views meeting it
//! (kept in a byte per tile of the field's box, reported at the end). A
//! view goes on row by row, as in the plain scan, until a row holds a tile
//! that dims the rays crossing its interior (a translucent tile or a wall).
//! There it ends, and the rays it held go on in new views, one for each
//! run of them that crosses the same tiles of the row: on a map whose
//! smoke is sparse most rows of most views dim nothing, and cost what the
//! plain scan's do.
//!
//! The rays crossing a tile's interior are an open range; the new views are
//! closed. A ray at the end of an open range lies on the corner of the tile
//! it leaves, so it crosses one tile fewer than the rays inside: it belongs
//! to the view beside, brighter, and is in this one as well only at a lower
//! visibility, which the best of the two hides. Only at the view's own ends,
//! where the view beside lies outside it, does such a ray get a view alone
//! (one ray, as the plain scan keeps a view that narrows to a ray).
//!
//! Levels are read straight from the map's bytes when it packs them
//! ([`Translucency::level_rows`], as a [`LevelGrid`](crate::LevelGrid)
//! does), else asked tile by tile. Each call clears and reads the box's
//! bytes once, as the plain field clears its set's bits.
//!
//! The diagonal rule and partial visibility take the shadowcasts' general
//! scan (`translucent/scan.rs`), as do fields whose box is too large for a
//! byte a tile.
//! Against it, on the benchmark's cave with a tenth of the floor at level
//! 64: about 0.58 of its instructions at radius 16, 0.63 at radius 32
//! (`BENCHMARKS.md`).

use super::RecursiveShadowcast;
use crate::kernel::{presized_reach, Field, Octant, Reach, Slope};
use crate::translucent::{Translucency, Walls, OPAQUE};

/// A view waiting to be scanned from row `depth` on: the rays of slopes
/// from `low` to `high` (both included, from 0 to 1), which reach the
/// columns from `last` up to `first` of that row, seen at `visibility`
/// (above 0). As in the plain scan, a tile at column c of row d spans the
/// slopes from (2c - 1) / (2d + 1) to (2c + 1) / (2d - 1).
#[derive(Clone, Copy, Debug)]
struct View {
    depth: i64,
    first: i64,
    last: i64,
    low: Slope,
    high: Slope,
    visibility: i32,
}

/// Where a new view's rays end, for its columns in the row after the one
/// that split it (row d + 1): each kind gives them without a division.
#[derive(Clone, Copy, Debug)]
enum End {
    /// The old view's end: its columns stepped as the plain scan steps
    /// them.
    Old,
    /// The slope (2c - 1) / (2d + 1) where the rays start to cross column
    /// c's interior: as a high end it reaches column c, as a low end
    /// column c - 1.
    Enters(i64),
    /// The slope (2c + 1) / (2d - 1) where they stop: as a low end it
    /// reaches column c + 1, as a high end c + 1 or c + 2.
    Leaves(i64),
}

impl RecursiveShadowcast {
    /// The most tiles of a field's box [`run_translucent`](Self::run_translucent)
    /// keeps a byte for (4 MiB); larger fields take the general scan, whose
    /// memory grows with a row.
    pub(crate) const MAX_TRANSLUCENT_BOX: u64 = 1 << 22;

    /// Reports every tile of `field` (whose box holds at most
    /// [`MAX_TRANSLUCENT_BOX`](Self::MAX_TRANSLUCENT_BOX) tiles, with no
    /// diagonal rule) visible from its origin with sight starting at
    /// `start` (above 0), each once with its visibility, by offset.
    pub(crate) fn run_translucent<M, V>(&mut self, map: &M, field: &Field, start: u8, visit: &mut V)
    where
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        let presized = presized_reach(&Walls(map), field.range) + 2;
        let RecursiveShadowcast {
            reach, translucent, ..
        } = self;
        translucent.run(map, field, reach, presized, start, visit);
    }
}

/// Scratch for the scan by views, kept between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Views {
    /// Views waiting to be scanned.
    stack: Vec<View>,
    /// The row's dimming columns, from the lowest, with their levels.
    dims: Vec<(i64, i32)>,
    /// The best visibility of each tile of the field's box, row by row.
    light: Vec<u8>,
}

impl Views {
    /// [`RecursiveShadowcast::run_translucent`], the reach of `field`'s
    /// range in `reach`, scratch sized for `presized` rows.
    pub(crate) fn run<M, V>(
        &mut self,
        map: &M,
        field: &Field,
        reach: &mut Reach,
        presized: usize,
        start: u8,
        visit: &mut V,
    ) where
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        let width = (field.left + field.right + 1) as usize;
        let height = (field.up + field.down + 1) as usize;
        debug_assert!((width * height) as u64 <= RecursiveShadowcast::MAX_TRANSLUCENT_BOX);
        // Room for the largest box of this range on this map, so that an
        // origin near the map's edge warms up for one in the open.
        let most = |map_side: Option<u32>| match (field.range.radius(), map_side) {
            (Some(r), Some(side)) => (2 * u64::from(r) + 1).min(u64::from(side)),
            (Some(r), None) => 2 * u64::from(r) + 1,
            (None, side) => side.map_or(1, u64::from),
        };
        let bounds = map.bounds();
        let largest = most(bounds.map(|b| b.width))
            .saturating_mul(most(bounds.map(|b| b.height)))
            .min(RecursiveShadowcast::MAX_TRANSLUCENT_BOX);
        self.light.clear();
        self.light.reserve(largest as usize);
        self.light.resize(width * height, 0);
        // Room for the views and rows of any origin with this range, so
        // that one warm-up serves them.
        self.stack.clear();
        self.stack.reserve(32 * presized);
        self.dims.clear();
        self.dims.reserve(presized + 1);
        reach.reset(field.range);
        let stride = width as i64;
        let origin = field.up * stride + field.left;
        self.light[origin as usize] = start;
        // The packed levels, when they hold the box's two far corners.
        let packed = map.level_rows().and_then(|rows| {
            let r = rows.rect();
            let (x0, y0) = field.tile(-field.left, -field.up);
            let (x1, y1) = field.tile(field.right, field.down);
            (r.contains(x0, y0) && r.contains(x1, y1)).then(|| {
                let width = i64::from(r.width);
                let (ox, oy) = (
                    i64::from(field.origin.0) - i64::from(r.x),
                    i64::from(field.origin.1) - i64::from(r.y),
                );
                Packed {
                    levels: rows.levels(),
                    origin: oy * width + ox,
                    stride: width,
                }
            })
        });
        for octant in Octant::ALL {
            let at = (origin, stride);
            match &packed {
                Some(read) => self.octant(read, field, reach, start, octant, at),
                None => self.octant(&Asked(map), field, reach, start, octant, at),
            }
        }
        report(&self.light, width, (field.left, field.up), visit);
    }

    /// Scans `octant`, lighting its tiles in `light`, given the origin's
    /// index in the box and the box's row stride.
    fn octant<R: Read>(
        &mut self,
        map: &R,
        field: &Field,
        reach: &mut Reach,
        start: u8,
        octant: Octant,
        (origin, stride): (i64, i64),
    ) {
        let (max_depth, max_col) = octant.extents(field);
        if max_depth < 1 {
            return;
        }
        // A step along the depth and along a row, in the box.
        let down = octant.yx * stride + octant.xx;
        let across = octant.yy * stride + octant.xy;
        let step = (octant.xy as i32, octant.yy as i32);
        // The same in the map's levels, when packed.
        let (map_down, map_across) = (
            octant.yx * map.stride() + octant.xx,
            octant.yy * map.stride() + octant.xy,
        );
        let Views { stack, dims, light } = self;
        stack.clear();
        // The whole octant at row 1: columns 0 and 1.
        stack.push(View {
            depth: 1,
            first: 1,
            last: 0,
            low: Slope::new(0, 1),
            high: Slope::new(1, 1),
            visibility: i32::from(start),
        });
        while let Some(mut view) = stack.pop() {
            loop {
                let d = view.depth;
                // Tiles out of range come first in a row and cannot shadow
                // one in range (as in the plain scan).
                let top = view.first.min(max_col).min(reach.at(d));
                if top < view.last {
                    break;
                }
                dims.clear();
                let v = view.visibility as u8;
                let mut index = origin + d * down + view.last * across;
                let (dx, dy) = octant.offset(d, view.last);
                let (mut x, mut y) = field.tile(dx, dy);
                let mut at = map.origin() + d * map_down + view.last * map_across;
                let mut c = view.last;
                while c <= top {
                    if let Some(best) = light.get_mut(index as usize) {
                        if v > *best {
                            *best = v;
                        }
                    }
                    let level = map.level((x, y), at);
                    if level > 0 {
                        dims.push((c, i32::from(level)));
                    }
                    c += 1;
                    index += across;
                    at += map_across;
                    (x, y) = (x.wrapping_add(step.0), y.wrapping_add(step.1));
                }
                if d == max_depth {
                    break;
                }
                // The next row's columns, one comparison each: column
                // first + 1 comes in when its lowest corner is in view,
                // column `last` drops out when its highest is below it.
                let first = view.first
                    + i64::from(view.high.scaled_cmp(2 * d + 3, 2 * view.first + 1).is_ge());
                let last = view.last
                    + i64::from(view.low.scaled_cmp(2 * d + 1, 2 * view.last + 1).is_gt());
                if !dims.is_empty() {
                    split(stack, dims, &view, (first, last));
                    break;
                }
                (view.first, view.last) = (first, last);
                view.depth += 1;
            }
        }
    }
}

/// Ends `view` at its row, whose columns `dims` dim the rays crossing
/// them, and puts on `stack` the views of the row after: one for each run
/// of its rays that crosses the same dimming tiles, at what they leave.
/// `stepped` is the view's own first and last columns in the row after.
#[inline(always)]
fn split(stack: &mut Vec<View>, dims: &[(i64, i32)], view: &View, stepped: (i64, i64)) {
    let d = view.depth;
    let (low, high) = (view.low, view.high);
    // The columns each kind of end reaches in row d + 1, which holds
    // columns 0 to d + 1.
    let first = |end: End| {
        let c = match end {
            End::Old => stepped.0,
            End::Enters(c) => c,
            // c + 1, or c + 2 when 8c + 6 >= 4d (c + 3 only for c >= d - 1,
            // whose end is the octant's or beyond: d + 1 all the same).
            End::Leaves(c) => c + 1 + i64::from(8 * c + 6 >= 4 * d),
        };
        c.min(d + 1)
    };
    let last = |end: End| match end {
        End::Old => stepped.1,
        End::Enters(c) => (c - 1).max(0),
        End::Leaves(c) => c + 1,
    };
    let mut push = |(lo, lo_end): (Slope, End), (hi, hi_end): (Slope, End), visibility: i32| {
        if visibility > 0 {
            stack.push(View {
                depth: d + 1,
                first: first(hi_end),
                last: last(lo_end),
                low: lo,
                high: hi,
                visibility,
            });
        }
    };
    // Column c dims the open range of slopes from (2c - 1) / (2d + 1) to
    // (2c + 1) / (2d - 1) (`enters` to `leaves`).
    let enters = |c: i64| Slope::new(2 * c - 1, 2 * d + 1);
    let leaves = |c: i64| Slope::new(2 * c + 1, 2 * d - 1);
    if let [(c, level)] = *dims {
        // One tile (most rows that split a view): the rays below it, those
        // through it and those above; a ray on the view's end and the
        // tile's corner goes alone, undimmed. (A tile the view meets only
        // on a corner adds the one ray there, dimmed, beside the view of
        // all its rays undimmed.)
        let v = view.visibility;
        let (start, end) = (enters(c), leaves(c));
        let (below, above) = (start.cmp(&low), end.cmp(&high));
        let lo = if below.is_gt() {
            push((low, End::Old), (start, End::Enters(c)), v);
            (start, End::Enters(c))
        } else {
            if below.is_eq() {
                push((low, End::Enters(c)), (low, End::Enters(c)), v);
            }
            (low, End::Old)
        };
        let hi = if above.is_lt() {
            push((end, End::Leaves(c)), (high, End::Old), v);
            (end, End::Leaves(c))
        } else {
            if above.is_eq() {
                push((high, End::Leaves(c)), (high, End::Leaves(c)), v);
            }
            (high, End::Old)
        };
        push(lo, hi, v - level);
        return;
    }
    // The rays between two changes of their dimming, at `visibility`; the
    // one on a change crosses the tiles of the brighter side only. The
    // tiles' ranges overlap when they are neighbours, not two columns
    // apart (within the octant): in slope order, the ranges start and end
    // in column order, a tile's start before the end of its neighbour
    // below. `k` is the next tile to start, `j` the next to end.
    let mut visibility = view.visibility;
    let mut from = (low, End::Old);
    let (mut j, mut k) = (0, 0);
    while j < dims.len() {
        let starts = k < dims.len() && (k == j || k == j + 1 && dims[k].0 == dims[j].0 + 1);
        let (at, change, end) = if starts {
            let (c, level) = dims[k];
            k += 1;
            (enters(c), -level, End::Enters(c))
        } else {
            let (c, level) = dims[j];
            j += 1;
            (leaves(c), level, End::Leaves(c))
        };
        let after = visibility + change;
        let (to_low, to_high) = (at.cmp(&low), at.cmp(&high));
        if to_low.is_gt() {
            let hi = if to_high.is_lt() {
                (at, end)
            } else {
                (high, End::Old)
            };
            push(from, hi, visibility);
            from = (at, end);
        }
        // A ray on the view's end alone, when the brighter side is outside.
        if to_high.is_eq() && after > visibility {
            push((at, end), (at, end), after);
        } else if to_low.is_eq() && visibility > after {
            push((at, end), (at, end), visibility);
        }
        if to_low.is_gt() && to_high.is_ge() {
            return;
        }
        visibility = after;
    }
    push(from, (high, End::Old), visibility);
}

/// Puts every tile of the box `light` (`width` tiles a row, the origin at
/// `origin` from its top left corner) seen at some visibility to `visit`.
fn report<V: FnMut(i64, i64, u8)>(light: &[u8], width: usize, origin: (i64, i64), visit: &mut V) {
    const LOW: u64 = u64::from_ne_bytes([0x7f; 8]);
    for (row, line) in light.chunks_exact(width).enumerate() {
        let dy = row as i64 - origin.1;
        let mut words = line.chunks_exact(8);
        let mut x = 0;
        for bytes in &mut words {
            let mut word = [0; 8];
            word.copy_from_slice(bytes);
            let w = u64::from_le_bytes(word);
            // The high bit of each byte that is not 0.
            let mut seen = ((w & LOW).wrapping_add(LOW) | w) & !LOW;
            while seen != 0 {
                let i = seen.trailing_zeros() as usize / 8;
                visit((x + i) as i64 - origin.0, dy, bytes[i]);
                seen &= seen - 1;
            }
            x += 8;
        }
        for (i, &v) in words.remainder().iter().enumerate() {
            if v > 0 {
                visit((x + i) as i64 - origin.0, dy, v);
            }
        }
    }
}

/// How the scan reads a tile's level: by its map coordinates or by its
/// index among packed levels (each reader ignores the other).
trait Read {
    /// The index of the field's origin, and the step from one row to the
    /// next, among the packed levels (0 when they are not packed).
    fn origin(&self) -> i64;
    fn stride(&self) -> i64;
    /// The level of the tile at `(x, y)`, index `at`.
    fn level(&self, tile: (i32, i32), at: i64) -> u8;
}

/// A map asked tile by tile.
struct Asked<'a, M: ?Sized>(&'a M);

impl<M: Translucency + ?Sized> Read for Asked<'_, M> {
    fn origin(&self) -> i64 {
        0
    }

    fn stride(&self) -> i64 {
        0
    }

    #[inline(always)]
    fn level(&self, (x, y): (i32, i32), _: i64) -> u8 {
        self.0.level(x, y)
    }
}

/// Levels packed row by row ([`Translucency::level_rows`]), holding the
/// field's box.
struct Packed<'a> {
    levels: &'a [u8],
    origin: i64,
    stride: i64,
}

impl Read for Packed<'_> {
    fn origin(&self) -> i64 {
        self.origin
    }

    fn stride(&self) -> i64 {
        self.stride
    }

    #[inline(always)]
    fn level(&self, _: (i32, i32), at: i64) -> u8 {
        self.levels.get(at as usize).copied().unwrap_or(OPAQUE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::SplitMix64;
    use crate::translucent::scan::{Squares, TranslucentScan};
    use crate::translucent::LevelGrid;
    use crate::{bounded, Range, Rect, Shape};
    use std::collections::BTreeMap;

    /// Each tile reported, with its visibility; a tile reported twice fails.
    fn collect(run: impl FnOnce(&mut dyn FnMut(i64, i64, u8))) -> BTreeMap<(i64, i64), u8> {
        let mut seen = BTreeMap::new();
        run(&mut |dx, dy, v| assert!(seen.insert((dx, dy), v).is_none(), "({dx}, {dy}) twice"));
        seen
    }

    /// The scan by views, reading packed levels or asking the map, equals
    /// the general scan (itself checked against the definition in the test
    /// suite) on random maps of smoke, walls and floor, with every range
    /// and starting visibility.
    #[test]
    fn equals_the_general_scan_on_random_maps() {
        let mut rng = SplitMix64::new(0x5EED_1E7E);
        let (mut views, mut general, mut reach) = (
            Views::default(),
            TranslucentScan::default(),
            Reach::default(),
        );
        let mut dimmed = 0;
        for _ in 0..3000 {
            let (w, h) = (1 + rng.below(20), 1 + rng.below(20));
            let mut grid = LevelGrid::new(w, h).unwrap();
            let (walls, smoke) = (rng.below(40), rng.below(40));
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let level = if rng.percent(walls) {
                        OPAQUE
                    } else if rng.percent(smoke) {
                        match rng.below(3) {
                            0 => 1 + rng.below(254) as u8,
                            1 => 64,
                            _ => 128,
                        }
                    } else {
                        0
                    };
                    grid.set(x, y, level);
                }
            }
            let origin = (rng.below(w) as i32, rng.below(h) as i32);
            let range = match rng.below(6) {
                0 => Range::UNLIMITED,
                k => Range::new(
                    rng.below(12),
                    Shape::ALL[(k as usize - 1) % Shape::ALL.len()],
                ),
            };
            let start = if rng.percent(50) {
                OPAQUE
            } else {
                1 + rng.below(255) as u8
            };
            let field = Field::new(&Walls(&grid), origin, range).unwrap();
            let asked = bounded(Rect::new(0, 0, w, h), |x: i32, y: i32| grid.level(x, y));
            assert!(asked.level_rows().is_none());
            let expected =
                collect(|mut visit| general.run::<Squares, _, _>(&grid, &field, start, &mut visit));
            dimmed += expected.values().filter(|&&v| v < start).count();
            for map in [&grid as &dyn Translucency, &asked] {
                let found =
                    collect(|mut visit| views.run(map, &field, &mut reach, 32, start, &mut visit));
                assert_eq!(
                    found, expected,
                    "{origin:?} {range:?} from {start}, map:\n{grid:?}"
                );
            }
        }
        // The maps dim a good share of what they show.
        assert!(dimmed > 20_000, "{dimmed}");
    }
}
