//! Recursive shadowcasting (`recursive-shadowcast`): the classic algorithm
//! most roguelikes use, as in libtcod's `FOV_SHADOW`. Fast, **not symmetric**.
//!
//! **Definition.** Tile T is visible from the origin O when some ray from the
//! *centre* of O that meets T's square (its edges included) passes through
//! the interior of no opaque tile *nearer* to O than T, nearer meaning a
//! smaller Chebyshev distance `max(|dx|, |dy|)`. Opaque tiles that sight
//! reaches are visible by the same rule. So the viewer is a point and
//! targets are whole squares, which is why B may see A while A does not see
//! B (the example below); a single ray grazing the corner two walls share
//! passes their diagonal gap; a wall shadows everything behind its whole
//! square, but only tiles farther away than itself. The rule treats the
//! eight octants alike, so the field turns and mirrors with the map; the
//! other [properties](crate::Algorithm::properties) follow as well.
//!
//! **How.** Each octant is scanned row by row (one row per distance) keeping
//! *views*: ranges of slopes from the origin's centre still open to sight.
//! A run of opaque tiles in a row splits a view: the part above the run
//! goes on in a new view, the part below in the current one. Only the tiles
//! a view overlaps are ever looked at, which makes it the fastest of the
//! classic algorithms on maps with walls; that speed, and being what most
//! games ship, is why it is here. There is no recursion: a view goes on row
//! by row in a loop, and the views that walls split off wait in a stack kept
//! from call to call (it grows only when a call leaves more views waiting
//! than any before), so a radius of 10,000 needs no deep call stack.
//!
//! **Exactness and libtcod.** libtcod computes the same slopes in `float32`:
//! ratios of half-integers such as `(col + 0.5) / (row - 0.5)`. Here every
//! slope is the exact rational `(2·col + 1) / (2·row - 1)`. Two distinct such
//! ratios with offsets below 1024 never round to the same `float32`, so
//! within that distance this module makes exactly libtcod's decisions;
//! beyond it libtcod can tie slopes that differ. The test suite compares the
//! two on the golden cases in `tests/data/libtcod_shadow/`, made by
//! `tools/golden/libtcod_shadow.py`. libtcod's radius `r > 0` is
//! [`Range::circle`](crate::Range::circle)`(r)` here (libtcod cuts the scan
//! at `dx² + dy² <= r²`), radius 0 is [`Range::UNLIMITED`](crate::Range::UNLIMITED),
//! and `light_walls = false` is [`Fov::set_lit_walls`](crate::Fov::set_lit_walls)`(false)`.
//! Tiles beyond the range cast no shadow here, while libtcod still reads
//! them, and tiles off the map are opaque here, while libtcod skips them;
//! neither can shadow a tile of the map within the range, so the results are
//! equal (the brute-force test of the definition checks both).
//!
//! **Speed.** Each row of a view is reported as one span, and its walls are
//! found a word of 64 tiles at a time, so the cost grows with the rows and
//! the walls a view meets, not with the tiles it lights. Half the octants
//! run along rows of the map and half along its columns: bit-packed maps
//! give both whole ([`Opacity::bit_rows`], [`Opacity::bit_columns`]), and
//! when the whole field lies in the packed bits the scan reads words
//! straight from them; no step divides.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, Range, RecursiveShadowcast};
//!
//! // Asymmetry: A sees B past the wall's corner, but B does not see A.
//! let map = Grid::parse("b#..\n...a\n")?.grid;
//! let (a, b) = ((3, 1), (0, 0));
//! let mut fov = RecursiveShadowcast::new();
//! let (mut from_a, mut from_b) = (Vec::new(), Vec::new());
//! fov.compute(&map, a, Range::UNLIMITED, |x, y| from_a.push((x, y)))?;
//! fov.compute(&map, b, Range::UNLIMITED, |x, y| from_b.push((x, y)))?;
//! // From a's centre, rays just under the wall reach b's square; every ray
//! // from b's centre to a's square crosses the wall, which is nearer to b.
//! assert!(from_a.contains(&b) && !from_b.contains(&a));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::centre_ray;
use crate::kernel::sink::{InOctant, OctantTarget, Spans};
use crate::kernel::{
    presized_reach, with_tiles, ByTile, Field, Octant, OctantRows, Reach, Ring, Sink, Slope, Tiles,
};
use crate::map::Opacity;

mod translucent;

/// A view waiting to be scanned from row `depth` on: the slopes `col / depth`
/// from `low` to `high` (both included), and the columns it reaches in that
/// row, from `last` up to `first`.
///
/// A tile at column c of row d spans the slopes from (2c - 1) / (2d + 1)
/// to (2c + 1) / (2d - 1), so the view reaches the columns with
/// c <= (high·(2d + 1) + 1) / 2 and c >= (low·(2d - 1) - 1) / 2: `first` is
/// the floor of the one, `last` the ceiling of the other. Both grow by 0 or
/// 1 a row (slopes are from 0 to 1), so one exact comparison a row moves
/// each on, and every view starts where a wall's corner makes both known
/// outright: no division anywhere. `first` is at most `d + 1`, and `d + 1`
/// only when `high` is 1: it is kept at most `d` (the row's last column),
/// which the same comparison keeps so (with `high` 1 it always adds 1).
///
/// With the diagonal rule, `shut` is the row `k` when the ray along `high`
/// meets a corner between two walls at depth `k + 1/2` (`OPEN` when it
/// meets none): tiles that only that ray reaches past the corner are out of
/// view, and a view left with that ray alone ends after row `k + 1`.
#[derive(Clone, Copy, Debug)]
struct View {
    depth: i64,
    first: i64,
    last: i64,
    high: Slope,
    low: Slope,
    shut: i64,
}

/// [`View::shut`] of a ray that meets no corner between two walls.
const OPEN: i64 = i64::MAX;

impl View {
    /// The view of the slopes from `low` to `high` (from 0 to 1) at row 1
    /// of `octant`, whose extents are `max`: `first` is
    /// floor((3·high + 1) / 2), kept to the row's 1, and `last`
    /// ceil((low - 1) / 2), 0.
    #[inline(always)]
    fn first_row<const BLOCK_GAPS: bool, R: OctantRows>(
        low: Slope,
        high: Slope,
        octant: Octant,
        rows: &R,
        max: (i64, i64),
    ) -> View {
        View {
            depth: 1,
            first: i64::from(high.scaled_cmp(3, 1).is_ge()),
            last: 0,
            high,
            low,
            // The diagonal's first corner, between rows 0 and 1.
            shut: if BLOCK_GAPS
                && high.num == high.den
                && max.1 >= 1
                && rows.opaque_at(octant, 0, 1)
                && rows.opaque_at(octant, 1, 0)
            {
                0
            } else {
                OPEN
            },
        }
    }
}

/// Reusable scratch for recursive shadowcasting; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, Range, RecursiveShadowcast};
///
/// // A pillar next door hides a wedge behind it, wider than the pillar.
/// let map = |x: i32, y: i32| (x, y) == (1, 0);
/// let mut fov = RecursiveShadowcast::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(3), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(1, 0))); // the pillar is lit
/// assert!(!seen.contains(&(2, 0)) && !seen.contains(&(3, 1)));
/// assert!(seen.contains(&(2, 1)));
/// assert_eq!(seen.len(), 49 - 4);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecursiveShadowcast {
    /// Views waiting to be scanned.
    stack: Vec<View>,
    /// The range's reach, row by row.
    reach: Reach,
    /// The scan through translucent tiles.
    translucent: translucent::Views,
}

impl RecursiveShadowcast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> RecursiveShadowcast {
        RecursiveShadowcast::default()
    }

    /// Scans every octant of `field`; whether the field was the ring
    /// around the origin alone, with no octant to scan.
    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) -> bool {
        sink.tile(0, 0);
        self.reach.reset(field.range);
        // The eight tiles around the origin, bit 3·(dy + 1) + dx + 1: an
        // octant whose two tiles of row 1 are walls in the field and range
        // sees nothing past them, and needs no scan.
        let ring = Ring::read(tiles, field, self.reach.at(1) >= 1);
        // A field no farther than the ring: its tiles are all seen (only the
        // origin lies nearer), and no scan is needed.
        if Ring::is_whole_field(field, &mut self.reach) {
            ring.report(field, sink);
            return true;
        }
        let lines = tiles.lines(field);
        let ring = u64::from(ring.opaque & ring.inside);
        macro_rules! octant {
            ($o:literal, $owns_diagonal:literal) => {
                let octant = Octant::ALL[$o];
                let bit = |(dx, dy): (i64, i64)| 1u64 << (3 * (dy + 1) + dx + 1);
                let (axis, diagonal) = (octant.offset(1, 0), octant.offset(1, 1));
                let both = bit(axis) | bit(diagonal);
                if ring & both == both {
                    let (dx, dy) = if $owns_diagonal { diagonal } else { axis };
                    sink.tile(dx, dy);
                } else if let Some(lines) = lines.of(octant) {
                    self.scan_octant::<$o, $owns_diagonal, _, S>(&lines, field, sink);
                } else {
                    self.scan_octant::<$o, $owns_diagonal, _, S>(&ByTile(tiles), field, sink);
                }
            };
        }
        // Two octants sharing a line see its tiles alike (a tile's visibility
        // depends only on the tiles of its line): the even one of two sharing
        // a diagonal reports it, the odd one of two sharing an axis.
        octant!(0, true);
        octant!(1, false);
        octant!(2, true);
        octant!(3, false);
        octant!(4, true);
        octant!(5, false);
        octant!(6, true);
        octant!(7, false);
        false
    }

    /// [`scan_rows`](Self::scan_rows) with the field's diagonal rule.
    #[inline(always)]
    fn scan_octant<const O: usize, const OWNS_DIAGONAL: bool, R, S>(
        &mut self,
        rows: &R,
        field: &Field,
        sink: &mut S,
    ) where
        R: OctantRows,
        S: Sink,
    {
        if field.gaps.blocks() {
            self.scan_rows::<O, OWNS_DIAGONAL, true, R, S>(rows, field, sink);
        } else {
            self.scan_rows::<O, OWNS_DIAGONAL, false, R, S>(rows, field, sink);
        }
    }

    /// Scans octant `O`, reading the walls from `rows` and reporting the
    /// tiles of its diagonal when `OWNS_DIAGONAL`, else those of its axis;
    /// compiled once per octant, so that its transform is constant in the
    /// hot loop.
    fn scan_rows<const O: usize, const OWNS_DIAGONAL: bool, const BLOCK_GAPS: bool, R, S>(
        &mut self,
        rows: &R,
        field: &Field,
        sink: &mut S,
    ) where
        R: OctantRows,
        S: Sink,
    {
        let octant = Octant::ALL[O];
        let max = octant.extents(field);
        if max.0 < 1 {
            return;
        }
        // The whole octant, slopes 0 to 1.
        let whole =
            View::first_row::<BLOCK_GAPS, R>(Slope::new(0, 1), Slope::new(1, 1), octant, rows, max);
        let mut spans = InOctant { octant, sink };
        self.scan_views::<BLOCK_GAPS, R, _>(octant, OWNS_DIAGONAL, rows, max, whole, &mut spans);
    }

    /// Whether the tile at offset `to` (on the field, in its range, not the
    /// origin) is visible, walls lit: [`centre_ray::verdict`] when the
    /// segment between the centres or the squares' hull settles it, else
    /// its octant's scan alone, started with the one view of the rays that
    /// meet its square and stopped at its row.
    /// A view only ever loses the slopes that walls shadow, so the scan of
    /// part of a view finds that part of what the whole one does.
    pub(crate) fn sees<T: Tiles>(&mut self, tiles: &T, field: &Field, to: (i64, i64)) -> bool {
        if let Some(seen) = centre_ray::verdict(tiles, field, to) {
            return seen;
        }
        let (k, depth, col) = Octant::holding(to.0, to.1);
        let octant = Octant::ALL[k];
        let max = (depth, octant.extents(field).1);
        self.reach.reset(field.range);
        let lines = tiles.lines(field);
        let mut target = OctantTarget {
            depth,
            col,
            seen: false,
        };
        let gaps = field.gaps.blocks();
        match (lines.of(octant), gaps) {
            (Some(l), false) => self.sight::<false, _>(octant, k, &l, max, col, &mut target),
            (Some(l), true) => self.sight::<true, _>(octant, k, &l, max, col, &mut target),
            (None, false) => {
                self.sight::<false, _>(octant, k, &ByTile(tiles), max, col, &mut target)
            }
            (None, true) => self.sight::<true, _>(octant, k, &ByTile(tiles), max, col, &mut target),
        }
        target.seen
    }

    /// [`sees`](Self::sees) in octant `k`, the target at (`max.0`, `col`):
    /// compiled once for all octants, which a single row of views does not
    /// miss.
    #[inline(never)]
    fn sight<const BLOCK_GAPS: bool, R: OctantRows>(
        &mut self,
        octant: Octant,
        k: usize,
        rows: &R,
        max: (i64, i64),
        col: i64,
        target: &mut OctantTarget,
    ) {
        let depth = max.0;
        // The rays from the origin's centre that meet the tile's square:
        // from its far corner on the axis side to its near corner on the
        // diagonal side, cut to the octant.
        let low = if col == 0 {
            Slope::new(0, 1)
        } else {
            Slope::new(2 * col - 1, 2 * depth + 1)
        };
        let high = if col == depth {
            Slope::new(1, 1)
        } else {
            Slope::new(2 * col + 1, 2 * depth - 1)
        };
        let view = View::first_row::<BLOCK_GAPS, R>(low, high, octant, rows, max);
        self.scan_views::<BLOCK_GAPS, R, _>(octant, k % 2 == 0, rows, max, view, target);
    }

    /// Scans `start` and the views that walls split from it, through the
    /// rows of `octant` up to `max.0` (columns up to `max.1`), reporting the
    /// tiles of its diagonal when `owns_diagonal`, else those of its axis.
    /// With `BLOCK_GAPS` no ray passes a corner between two diagonal walls:
    /// only the ray along a view's `high` can meet one (where a wall run's
    /// lowest corner lowers `high`, or on the diagonal), so [`View::shut`]
    /// tracks it.
    #[inline(always)]
    fn scan_views<const BLOCK_GAPS: bool, R, S>(
        &mut self,
        octant: Octant,
        owns_diagonal: bool,
        rows: &R,
        (max_depth, max_col): (i64, i64),
        start: View,
        spans: &mut S,
    ) where
        R: OctantRows,
        S: Spans,
    {
        let forward = octant.runs_forward();
        let RecursiveShadowcast { stack, reach, .. } = self;
        stack.clear();
        let mut next = Some(start);
        while let Some(view) = next {
            let View {
                mut depth,
                mut first,
                mut last,
                mut high,
                low,
                mut shut,
            } = view;
            loop {
                let d = depth;
                // The diagonal ray passes the corner (d + 1/2, d + 1/2), between
                // the tile past this row's end and the one under it.
                if BLOCK_GAPS
                    && shut == OPEN
                    && high.num == high.den
                    && rows.corner_shut(octant, d, d, (max_depth, max_col))
                {
                    shut = d;
                }
                // Tiles out of range come first in a row (every shape grows
                // with |dx| and |dy|) and are cut whole: they cannot shadow
                // a tile within the range.
                debug_assert!(first <= d);
                let top = first.min(max_col).min(reach.at(d));
                if top < last {
                    break;
                }
                // Every tile the view overlaps is seen; the shared lines go
                // to one octant of the two.
                let c0 = if owns_diagonal && last == 0 { 1 } else { last };
                let c1 = if owns_diagonal || top < d { top } else { d - 1 };
                if !S::LAST_LINE_ONLY || d == max_depth {
                    spans.span(d, c0, c1);
                }
                // `first` of the next row: column first + 1 comes in when
                // its lowest corner (2·first + 1) / (2d + 3) is in view.
                let comes_in = high.scaled_cmp(2 * d + 3, 2 * first + 1);
                let comes_in = if BLOCK_GAPS && shut <= d {
                    comes_in.is_gt()
                } else {
                    comes_in.is_ge()
                };
                let mut next_first = first + i64::from(comes_in);
                let mut lowered = false;
                // Walls split the view: find each change between floor and
                // wall from the top down, 64 columns at a time.
                let mut blocked = false;
                let mut col = top;
                while col >= last {
                    let c0 = (col - 63).max(last);
                    let len = (col - c0 + 1) as u32;
                    let walls = rows.bits(octant, d, c0, len);
                    // Put the chunk's top column in bit 0, mirroring the
                    // word when columns run the map's way, so that the
                    // search is `trailing_zeros` (`tzcnt`): without a target
                    // CPU, `leading_zeros` is `bsr`, which made this loop
                    // 20% slower on AMD cores. Bits past the chunk are
                    // shifted out, or lie at `len` and beyond, where the
                    // search stops anyway.
                    let walls = if forward {
                        (walls << (64 - len)).reverse_bits()
                    } else {
                        walls
                    };
                    // Columns from the top already passed.
                    let mut passed = 0;
                    loop {
                        let ahead = if blocked { !walls } else { walls };
                        let at = (ahead & (u64::MAX << passed)).trailing_zeros();
                        if at >= len {
                            break;
                        }
                        // The column where floor turns to wall or back.
                        let c = col - i64::from(at);
                        passed = at;
                        blocked = !blocked;
                        if blocked {
                            // The part of the view above the wall goes on in
                            // its own view, down to the wall's highest
                            // corner (2c + 1) / (2d - 1), if the view's
                            // high slope is not below it. Then c < d, and
                            // the new view's `last` in row d + 1,
                            // ceil(c + (2c + 1) / (2d - 1)), is c + 1.
                            let wall = Slope::new(2 * c + 1, 2 * d - 1);
                            // Along `high` alone, the view sees nothing
                            // when the ray was shut before this row.
                            let open = if BLOCK_GAPS && shut < d {
                                high > wall
                            } else {
                                high >= wall
                            };
                            if d < max_depth && open {
                                stack.push(View {
                                    depth: d + 1,
                                    first: next_first,
                                    last: c + 1,
                                    high,
                                    low: wall,
                                    shut,
                                });
                            }
                        } else {
                            // A run of walls ended over the floor at c: the
                            // view now stops at the walls' lowest corner
                            // (2c + 1) / (2d + 1); c < d, so `first` in row
                            // d + 1, floor(c + 1 + (2c + 1) / (2d + 1)), is
                            // c + 1.
                            let corner = Slope::new(2 * c + 1, 2 * d + 1);
                            if BLOCK_GAPS {
                                // The corner is between two walls when the
                                // tile under the floor is one too.
                                let here = if d < max_depth && rows.opaque_at(octant, d + 1, c) {
                                    d
                                } else {
                                    OPEN
                                };
                                shut = if high == corner { shut.min(here) } else { here };
                            }
                            high = corner;
                            next_first = c + 1;
                            lowered = true;
                        }
                    }
                    col = c0 - 1;
                }
                if blocked || d == max_depth {
                    break;
                }
                // Closed when its high slope fell below its low one, or
                // with the diagonal rule to a single ray that is shut.
                if lowered && high < low || BLOCK_GAPS && shut < d && high == low {
                    break;
                }
                // `last` of the next row: column `last` drops out when its
                // highest corner (2·last + 1) / (2d + 1) is below the view.
                last += i64::from(low.scaled_cmp(2 * d + 1, 2 * last + 1).is_gt());
                first = next_first;
                depth += 1;
            }
            next = stack.pop();
        }
    }
}

field_of_view!(RecursiveShadowcast);

impl Scan for RecursiveShadowcast {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        let ring_only = with_tiles!(map, field.origin, |tiles| self.scan(tiles, field, sink));
        if ring_only {
            // No scan grew the stack of views: room for a farther origin of
            // this range on this map, so that it need not allocate.
            self.stack.reserve(presized_reach(map, field.range) + 2);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::tiles::Asked;
    use crate::kernel::Visit;
    use crate::map::{BitColumns, BitRows, Rect};
    use crate::Grid;
    use crate::{FieldOfView, Range};

    /// A grid's packed bits inside a larger bounded map whose other tiles
    /// are asked: the field runs off the bits, so rows and columns are read
    /// through the tiles, with packed words where there are some.
    struct Framed<'a> {
        grid: &'a Grid,
        bounds: Rect,
        columns: bool,
        salt: u64,
    }

    impl Opacity for Framed<'_> {
        fn is_opaque(&self, x: i32, y: i32) -> bool {
            if !self.bounds.contains(x, y) {
                return true;
            }
            if self.grid.rect().contains(x, y) {
                return self.grid.is_opaque(x, y);
            }
            let h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                ^ self.salt;
            (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9) % 3 == 0
        }
        fn bounds(&self) -> Option<Rect> {
            Some(self.bounds)
        }
        fn bit_rows(&self) -> Option<BitRows<'_>> {
            self.grid.bit_rows()
        }
        fn bit_columns(&self) -> Option<BitColumns<'_>> {
            if self.columns {
                self.grid.bit_columns()
            } else {
                None
            }
        }
    }

    #[test]
    fn every_way_of_reading_walls_agrees() {
        // Packed rows and columns straight from the words (a grid), packed
        // rows and columns with asked tiles around them, packed rows only,
        // and every tile asked: all four must see the same.
        let mut state = 0x5EED_u64;
        let mut next = move |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        let mut fov = RecursiveShadowcast::new();
        for round in 0..300 {
            let (w, h) = (1 + next(150) as u32, 1 + next(150) as u32);
            let density = next(45);
            let mut grid = Grid::new(w, h);
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    grid.set(x, y, next(100) < density);
                }
            }
            let margin = next(4) as i32;
            let bounds = Rect::new(
                -margin,
                -margin,
                w + 2 * margin as u32,
                h + 2 * margin as u32,
            );
            let origin = (
                bounds.x + next(u64::from(bounds.width)) as i32,
                bounds.y + next(u64::from(bounds.height)) as i32,
            );
            let range = match round % 3 {
                0 => Range::UNLIMITED,
                1 => Range::circle(next(80) as u32),
                _ => Range::new(next(40) as u32, crate::Shape::ALL[next(4) as usize]),
            };
            let mut seen = |map: &dyn Opacity| {
                let mut tiles = Vec::new();
                fov.compute(map, origin, range, |x, y| tiles.push((x, y)))
                    .unwrap();
                tiles.sort_unstable();
                tiles
            };
            let framed = |columns| Framed {
                grid: &grid,
                bounds,
                columns,
                salt: round,
            };
            let asked_map = framed(false);
            let asked = seen(&crate::bounded(bounds, |x: i32, y: i32| {
                asked_map.is_opaque(x, y)
            }));
            assert_eq!(
                seen(&framed(true)),
                asked,
                "rows and columns, round {round}"
            );
            assert_eq!(seen(&framed(false)), asked, "rows only, round {round}");
            if margin == 0 && grid.rect().contains(origin.0, origin.1) {
                assert_eq!(seen(&grid), asked, "grid, round {round}");
            }
        }
    }

    #[test]
    fn long_corridors_need_no_deep_stack() {
        // Each row along the corridor y == x narrows the view: it goes on
        // row by row in a loop, with nothing left waiting.
        let corridor = |x: i32, y: i32| y != x;
        let mut fov = RecursiveShadowcast::new();
        let mut count = 0;
        fov.compute(&corridor, (0, 0), Range::square(3000), |_, _| count += 1)
            .unwrap();
        assert!(fov.stack.capacity() < 16, "{}", fov.stack.capacity());
        assert_eq!(count, 1 + 2 * 3 * 3000 + 2);
    }

    #[test]
    fn octants_agree_on_the_lines_they_share() {
        // Each shared tile is reported by one octant only, which is right
        // only if the other octant would see it alike: check by scanning
        // each octant alone on random maps and comparing the shared lines.
        let mut state = 0x1234_5678_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut fov = RecursiveShadowcast::new();
        for _ in 0..400 {
            let salt = next();
            let density = next() % 60;
            let map = move |x: i32, y: i32| {
                let h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                    ^ salt;
                (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) % 100 < density
            };
            let field = Field::new(&map, (0, 0), Range::square(12)).unwrap();
            let mut per_octant = Vec::new();
            for index in 0..8 {
                // A copy that owns every tile of its octant: rotate the ownership
                // by scanning with both parities and merging.
                let mut seen = std::collections::BTreeSet::new();
                for parity in [index, index ^ 1] {
                    let mut only = std::collections::BTreeSet::new();
                    fov.reach.reset(field.range);
                    let mut sink = Visit {
                        visit: |x, y| {
                            only.insert((x, y));
                        },
                        origin: (0, 0),
                    };
                    let tiles = Asked::new(&map, (0, 0));
                    let owns = parity % 2 == 0;
                    macro_rules! scan {
                        ($($o:literal)*) => {
                            match (index, owns) {
                                $(
                                    ($o, true) => fov.scan_octant::<$o, true, _, _>(&ByTile(&tiles), &field, &mut sink),
                                    ($o, false) => fov.scan_octant::<$o, false, _, _>(&ByTile(&tiles), &field, &mut sink),
                                )*
                                _ => unreachable!(),
                            }
                        };
                    }
                    scan!(0 1 2 3 4 5 6 7);
                    seen.extend(only);
                }
                per_octant.push(seen);
            }
            for index in 0..8 {
                let next_index = (index + 1) % 8;
                let o = Octant::ALL[index];
                let p = Octant::ALL[next_index];
                for depth in 1..=12 {
                    let line = if index % 2 == 0 { depth } else { 0 };
                    let (dx, dy) = o.offset(depth, line);
                    let (qx, qy) = p.offset(depth, line);
                    assert_eq!((dx, dy), (qx, qy));
                    let t = (dx as i32, dy as i32);
                    assert_eq!(
                        per_octant[index].contains(&t),
                        per_octant[next_index].contains(&t),
                        "{t:?}"
                    );
                }
            }
        }
    }
}
