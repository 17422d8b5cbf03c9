//! 360-degree ray casting (`raycast`), as roguelike tutorials teach it (one
//! ray a degree, stepped in fixed increments), without its gaps at long range
//! and its off-by-one at the map edge.
//!
//! **Definition.** Let `D` be the range's radius, or the distance from the
//! origin to the farthest edge of the map when that is smaller (or when
//! there is no radius): the largest distance the field reaches in any of
//! the four directions. From the origin's center a ray goes to the center of
//! every tile of the square ring at Chebyshev distance `D`, `8·D` rays in
//! all. A ray to offset
//! `(dx, dy)` takes one tile per step along its major axis, the tile nearest
//! the exact ray, a halfway tie going to the tile farther from the origin
//! (what rounding the exact offset half away from zero gives; see
//! [`Rounding::AwayFromStart`]). Each
//! ray stops before its first tile off the map or out of the range's shape,
//! and after its first opaque tile, which is lit. A tile is visible when some ray reaches it; the origin always is.
//!
//! **Why these rays.** The tutorial casts one ray per degree toward a circle
//! of radius `R`, so two neighbouring rays are `R·π/180` tiles apart at the
//! end: beyond a radius of about 57 whole tiles fall between them, and with
//! its rounding some tiles stay unseen on an open floor from about 28 tiles
//! out (the tests count them). Aiming at every tile of the bounding square's
//! edge instead reaches every tile inside it: the rays to `(D, 0)` …
//! `(D, D)` cross column `x` at rows `round(x·c / D)`, which step by at most
//! one as `c` grows, so no row is skipped. That holds for every shape, since
//! every shape lies within its square. The tutorial also reads the tile at
//! `x = width` before stopping (it tests `x > width`); here a ray stops
//! before leaving the map, and tiles off a bounded map are never read.
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! The rays are integer Bresenham lines (the tutorial's `lerp` and `round`,
//! done exactly), the same under the eight mirrors and rotations of the map.
//! A ray steps diagonally between two walls that touch at a corner, unless
//! [`DiagonalGaps::Block`](crate::DiagonalGaps::Block) stops it there. Walls
//! are lit only where a ray ends on them, so a long straight wall seen at a
//! grazing angle can show unlit gaps; [`BasicRaycast`](crate::BasicRaycast)
//! lights walls next to lit floor in a second pass instead. When the map
//! reaches at least the radius in some direction, `D` is the radius and the
//! result depends only on the tiles within the range.
//!
//! **How it is computed.** Mirrored into one octant, the rays are those to
//! `(D, c)` for `c` from 0 to `D`, and ray `c` crosses the line `depth`
//! away from the origin at column `floor((2·depth·c + D) / 2D)`: the
//! columns of a line split the rays into runs of neighbours, in order. Each
//! octant is scanned a line at a time with a bit per ray that still goes
//! on: a tile is seen when a ray of its run still goes on, and a wall (or,
//! with [`DiagonalGaps::Block`](crate::DiagonalGaps::Block), a blocking
//! corner) stops that run, or the part of it that steps past the corner.
//! So every tile is looked at once, whatever the number of rays through it,
//! and each line's walls are read a word of 64 tiles at a time. The axes
//! and diagonals, which two octants share, are kept a bit per tile and
//! reported at the end, so that each tile is reported once.
//!
//! **Cost.** One pass over the tiles between the first and last rays still
//! going on, line by line; scratch of a few bits per ray (`D + 1` of them),
//! per tile on the axes and diagonals, and per line. Boxes above
//! [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles give
//! [`FovError::AreaTooLarge`], as for the other ray casts.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, Range, Raycast};
//!
//! let map = Grid::parse("......\n..#...\n......\n")?.grid;
//! let mut fov = Raycast::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(2, 1))); // the wall stops the ray and is lit
//! assert!(!seen.contains(&(3, 1)) && !seen.contains(&(5, 1))); // its shadow
//! assert!(seen.contains(&(3, 0))); // rays above the wall go on
//! assert!(!seen.contains(&(5, 0))); // the shadow widens: the ray to (5, 0) grazes the wall
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::some_ray_reaches;
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::{
    presized_reach, with_tiles, ByTile, Field, FieldLines, Octant, OctantRows, Reach, Sink, Tiles,
};
use crate::line::Rounding;
use crate::map::Opacity;
use crate::visible::checked_area;

/// Where the rays to the ring at distance `D` cross one line of an octant,
/// `depth` away from the origin: ray `c` crosses it at column
/// `floor((2·depth·c + D) / 2D)`, so column `k >= 1` starts at ray
/// `ceil(D·(2k - 1) / 2·depth)`. Kept per depth for the current `D`, so that
/// a scan moves from column to column with no division.
#[derive(Clone, Copy, Debug, Default)]
struct Crossing {
    /// The first ray of column 1, and how far `2·depth` times it is past
    /// the exact boundary `D`.
    first: i64,
    over: i64,
    /// One column further the boundary moves by `2D`: `quot` rays and
    /// `rem / 2·depth` of one.
    quot: i64,
    rem: i64,
}

impl Crossing {
    fn new(d: i64, depth: i64) -> Crossing {
        let den = 2 * depth;
        let first = (d + den - 1) / den;
        Crossing {
            first,
            over: first * den - d,
            quot: d / depth,
            rem: 2 * (d % depth),
        }
    }
}

/// The first ray of column `k` on the line `depth` away (`k, depth >= 1`),
/// and how far `2·depth` times it is past the exact boundary.
#[inline]
pub(crate) fn first_ray(d: i64, depth: i64, k: i64) -> (i64, i64) {
    let (n, den) = (d * (2 * k - 1), 2 * depth);
    let first = (n + den - 1) / den;
    (first, first * den - n)
}

/// Whether any of the bits `a..=b` is set.
#[inline(always)]
fn any_in(words: &[u64], a: usize, b: usize) -> bool {
    let (wa, wb) = (a / 64, b / 64);
    let low = u64::MAX << (a % 64);
    let high = u64::MAX >> (63 - b % 64);
    if wa == wb {
        return words[wa] & low & high != 0;
    }
    words[wa] & low != 0 || words[wa + 1..wb].iter().any(|&w| w != 0) || words[wb] & high != 0
}

/// Clears the bits `a..=b`.
#[inline(always)]
fn clear_in(words: &mut [u64], a: usize, b: usize) {
    let (wa, wb) = (a / 64, b / 64);
    let low = u64::MAX << (a % 64);
    let high = u64::MAX >> (63 - b % 64);
    if wa == wb {
        words[wa] &= !(low & high);
        return;
    }
    words[wa] &= !low;
    words[wa + 1..wb].fill(0);
    words[wb] &= !high;
}

/// Calls `f(first, last)` for every run of set bits of `bits`.
#[inline(always)]
fn each_run(mut bits: u64, mut f: impl FnMut(i64, i64)) {
    while bits != 0 {
        let first = bits.trailing_zeros();
        let len = (!(bits >> first)).trailing_zeros();
        f(i64::from(first), i64::from(first + len - 1));
        bits &= !((u64::MAX >> (64 - len)) << first);
    }
}

/// Reusable scratch for [`raycast`](self) ray casting.
///
/// ```
/// use sightlines::{FieldOfView, Range, Raycast};
///
/// // An open floor: every tile of the radius-100 circle is reached.
/// let open = |_: i32, _: i32| false;
/// let mut fov = Raycast::new();
/// let mut count = 0;
/// fov.compute(&open, (0, 0), Range::circle(100), |_, _| count += 1)?;
/// assert_eq!(count, 31417);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Raycast {
    /// The `D` that the tables below were made for, if any.
    made_for: Option<i64>,
    /// When `D < 64`, so that an octant's rays fit in a word, by depth
    /// from 0 to `D`: the column each ray crosses (`D + 1` a depth) and the
    /// rays that cross each column, as a mask (`D + 2` a depth).
    columns: Vec<u8>,
    segments: Vec<u64>,
    /// Otherwise, per depth from 0 to `D`, where the rays cross its line.
    crossings: Vec<Crossing>,
    /// Which rays of the octant being scanned go on, a bit per ray.
    rays: Vec<u64>,
    /// The tiles seen on the four axes and then the four diagonals, a bit
    /// per depth; line `j` is the words `shared_at[j]..shared_at[j + 1]`.
    shared: Vec<u64>,
    shared_at: [usize; 9],
    reach: Reach,
}

/// The largest `D` whose rays (`D + 1` an octant) fit in one word.
const WORD_D: i64 = 63;

impl Raycast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> Raycast {
        Raycast::default()
    }

    /// Sizes the scratch for a field whose rays aim at distance `d`, room
    /// first for the largest `d` any origin can have with this range.
    fn prepare<M: Opacity + ?Sized>(&mut self, map: &M, field: &Field, d: i64) {
        let most = presized_reach(map, field.range) + 1;
        let words = most / 64 + 1;
        let in_word = most.min(WORD_D as usize + 1);
        reserve(&mut self.columns, in_word * in_word);
        reserve(&mut self.segments, in_word * (in_word + 1));
        if most > in_word {
            reserve(&mut self.crossings, most);
        }
        reserve(&mut self.rays, words);
        reserve(&mut self.shared, 8 * words);
        if self.made_for != Some(d) {
            self.made_for = Some(d);
            self.make_tables(d);
        }
        self.rays.clear();
        self.rays.resize(d as usize / 64 + 1, 0);
        // An axis line is as long as its octants' depth; a diagonal as the
        // shorter of their two extents.
        let mut at = 0;
        for j in 0..8 {
            self.shared_at[j] = at;
            let (depth, col) = Octant::ALL[2 * (j % 4)].extents(field);
            let len = if j < 4 { depth } else { depth.min(col) };
            at += len as usize / 64 + 1;
        }
        self.shared_at[8] = at;
        self.shared.clear();
        self.shared.resize(at, 0);
        self.reach.reset(field.range);
    }

    /// The tables of where the rays to distance `d` cross each line.
    fn make_tables(&mut self, d: i64) {
        self.columns.clear();
        self.segments.clear();
        self.crossings.clear();
        if d > WORD_D {
            self.crossings.push(Crossing::default());
            self.crossings
                .extend((1..=d).map(|depth| Crossing::new(d, depth)));
            return;
        }
        let n = d as usize + 1;
        self.columns.resize(n * n, 0);
        self.segments.resize(n * (n + 1), 0);
        // Depth 0: every ray at the origin's column.
        self.segments[0] = u64::MAX >> (63 - d);
        for depth in 1..=d {
            for ray in 0..=d {
                let col = (2 * depth * ray + d) / (2 * d);
                let (i, c) = (depth as usize, ray as usize);
                self.columns[i * n + c] = col as u8;
                self.segments[i * (n + 1) + col as usize] |= 1 << ray;
            }
        }
    }

    /// Octant `o`, reading its lines straight from the map's packed words
    /// when it keeps them over the field.
    #[inline(always)]
    fn scan_octant<const BLOCK: bool, T: Tiles, S: Sink>(
        &mut self,
        o: usize,
        tiles: &T,
        lines: &FieldLines<'_>,
        field: &Field,
        sink: &mut S,
    ) {
        let in_word = self.made_for.is_some_and(|d| d <= WORD_D);
        match lines.of(Octant::ALL[o]) {
            Some(lines) if in_word => self.cast_word::<BLOCK, _, S>(o, &lines, field, sink),
            Some(lines) => self.cast::<BLOCK, _, S>(o, &lines, field, sink),
            None if in_word => self.cast_word::<BLOCK, _, S>(o, &ByTile(tiles), field, sink),
            None => self.cast::<BLOCK, _, S>(o, &ByTile(tiles), field, sink),
        }
    }

    /// [`Raycast::cast`] when the octant's rays fit in a word (`D < 64`):
    /// only the columns that live rays cross are looked at, each the
    /// lowest live ray's column, found in the tables.
    fn cast_word<const BLOCK: bool, R: OctantRows, S: Sink>(
        &mut self,
        o: usize,
        rows: &R,
        field: &Field,
        sink: &mut S,
    ) {
        let octant = Octant::ALL[o];
        let (max_depth, max_col) = octant.extents(field);
        let d = self.made_for.unwrap_or(0);
        let n = d as usize + 1;
        let Raycast {
            columns,
            segments,
            shared,
            shared_at,
            reach,
            ..
        } = self;
        let (axis, diagonal) = shared_lines(o, shared, shared_at);
        let column = |depth: i64, ray: u32| i64::from(columns[depth as usize * n + ray as usize]);
        let segment = |depth: i64, col: i64| segments[depth as usize * (n + 1) + col as usize];
        let mut rays = u64::MAX >> (63 - d);
        if BLOCK && rows.corner_shut(octant, 0, 0, (max_depth, max_col)) {
            // The rays' first step, off the origin, past a blocking corner.
            rays &= !segment(1, 1);
        }
        for depth in 1..=max_depth {
            // Shapes shrink across as they go out: a ray leaving the range
            // or the box never comes back.
            let cut = reach.at(depth);
            if cut < 0 {
                break;
            }
            let top = segment(depth, cut.min(max_col).min(depth));
            rays &= top | (top - 1);
            if rays == 0 {
                break;
            }
            let lo = column(depth, rays.trailing_zeros());
            let hi = column(depth, 63 - rays.leading_zeros());
            let walls = rows.octant_bits(octant, depth, lo, (hi - lo + 1) as u32);
            // With the rule, bit `col - lo` when the tile past column `col`
            // on this line is a wall, the first half of `corner_shut` (none
            // on the box's last line or column): the line's own walls, and
            // one read for the tile past `hi`.
            let beside = if BLOCK && depth < max_depth {
                let past = hi < max_col && rows.opaque_at(octant, depth, hi + 1);
                walls >> 1 | u64::from(past) << (hi - lo)
            } else {
                0
            };
            let (mut seen, mut stopped) = (0u64, 0u64);
            let mut left = rays;
            while left != 0 {
                let col = column(depth, left.trailing_zeros());
                let through = segment(depth, col);
                left &= !through;
                seen |= 1 << col;
                if walls >> (col - lo) & 1 != 0 {
                    stopped |= through;
                } else if BLOCK
                    && beside >> (col - lo) & 1 != 0
                    && rows.opaque_at(octant, depth + 1, col)
                {
                    // The rays that step to column `col + 1` pass the
                    // blocking corner: they stop.
                    stopped |= through & segment(depth + 1, col + 1);
                }
            }
            rays &= !stopped;
            // The axis and the diagonal wait for the other octant.
            if seen & 1 != 0 {
                set_bit(axis, depth);
            }
            if seen >> depth & 1 != 0 {
                set_bit(diagonal, depth);
            }
            each_run(seen & !1 & !(1 << depth), |c0, c1| {
                octant.span(sink, depth, c0, c1)
            });
            if rays == 0 {
                break;
            }
        }
    }

    /// The rays of octant `o`, a line at a time; with `BLOCK` a ray stops
    /// before a diagonal step between two walls (see
    /// [`DiagonalGaps`](crate::DiagonalGaps)). Interior tiles go to `sink`,
    /// the axis and diagonal to `shared`.
    fn cast<const BLOCK: bool, R: OctantRows, S: Sink>(
        &mut self,
        o: usize,
        rows: &R,
        field: &Field,
        sink: &mut S,
    ) {
        let octant = Octant::ALL[o];
        let (max_depth, max_col) = octant.extents(field);
        let d = self.made_for.unwrap_or(0);
        let Raycast {
            crossings,
            rays,
            shared,
            shared_at,
            reach,
            ..
        } = self;
        let (axis, diagonal) = shared_lines(o, shared, shared_at);
        rays.fill(u64::MAX);
        let last_ray = d as usize;
        if BLOCK && rows.corner_shut(octant, 0, 0, (max_depth, max_col)) {
            // The rays' first step, off the origin, past a blocking corner.
            let (from, _) = first_ray(d, 1, 1);
            clear_in(rays, from as usize, last_ray);
        }
        // The columns of the first and last rays that go on past the line
        // before (all at the origin's column before the first line).
        let (mut lo, mut hi) = (0, 0);
        for depth in 1..=max_depth {
            // Shapes shrink across as they go out: a ray leaving the range
            // or the box never comes back, so the columns past `top` need
            // no look (their rays have stopped).
            let cut = reach.at(depth);
            if cut < 0 {
                break;
            }
            let top = (hi + 1).min(cut).min(max_col);
            if lo > top {
                break;
            }
            let den = 2 * depth;
            let step = crossings[depth as usize];
            // The first ray of column `lo`, then of the column after it
            // (`next`), with how far past the exact boundary that one is.
            let (mut first, mut next, mut over) = if lo == 0 {
                (0, step.first, step.over)
            } else {
                let (first, over) = first_ray(d, depth, lo);
                let (next, over) = if over >= step.rem {
                    (first + step.quot, over - step.rem)
                } else {
                    (first + step.quot + 1, over - step.rem + den)
                };
                (first, next, over)
            };
            let (mut new_lo, mut new_hi) = (0, -1);
            let mut k = lo;
            while k <= top {
                let len = (top - k + 1).min(64) as u32;
                let walls = rows.octant_bits(octant, depth, k, len);
                let mut seen = 0u64;
                for i in 0..len {
                    let col = k + i64::from(i);
                    let (a, b) = (first as usize, (next as usize - 1).min(last_ray));
                    if any_in(rays, a, b) {
                        seen |= 1 << i;
                        let goes_on = if walls >> i & 1 != 0 {
                            clear_in(rays, a, b);
                            false
                        } else if BLOCK
                            && rows.corner_shut(octant, depth, col, (max_depth, max_col))
                        {
                            // The rays that step to column `col + 1` pass
                            // the blocking corner: they stop.
                            let (diagonal_first, _) = first_ray(d, depth + 1, col + 1);
                            let from = (diagonal_first as usize).max(a);
                            if from <= b {
                                clear_in(rays, from, b);
                            }
                            from > a && any_in(rays, a, from - 1)
                        } else {
                            true
                        };
                        if goes_on {
                            if new_hi < 0 {
                                new_lo = col;
                            }
                            new_hi = col;
                        }
                    }
                    first = next;
                    next += step.quot;
                    over -= step.rem;
                    if over < 0 {
                        over += den;
                        next += 1;
                    }
                }
                // The axis and the diagonal wait for the other octant.
                if k == 0 && seen & 1 != 0 {
                    set_bit(axis, depth);
                }
                let end = depth - k;
                if end < i64::from(len) && seen >> end & 1 != 0 {
                    set_bit(diagonal, depth);
                    seen &= !(1 << end);
                }
                if k == 0 {
                    seen &= !1;
                }
                each_run(seen, |c0, c1| octant.span(sink, depth, k + c0, k + c1));
                k += i64::from(len);
            }
            if new_hi < 0 {
                break;
            }
            (lo, hi) = (new_lo, new_hi);
        }
    }

    /// The axes and diagonals seen from either side.
    fn report_shared<S: Sink>(&self, sink: &mut S) {
        for j in 0..8 {
            let octant = Octant::ALL[2 * (j % 4)];
            let words = &self.shared[self.shared_at[j]..self.shared_at[j + 1]];
            for (w, &word) in words.iter().enumerate() {
                let base = 64 * w as i64;
                each_run(word, |a, b| {
                    let (d0, d1) = (base + a, base + b);
                    if j >= 4 {
                        for depth in d0..=d1 {
                            let (dx, dy) = octant.offset(depth, depth);
                            sink.tile(dx, dy);
                        }
                    } else {
                        let (x0, y0) = octant.offset(d0, 0);
                        let (x1, y1) = octant.offset(d1, 0);
                        if octant.yx == 0 {
                            sink.row(0, x0.min(x1), x0.max(x1));
                        } else {
                            sink.column(0, y0.min(y1), y0.max(y1));
                        }
                    }
                });
            }
        }
    }
}

/// The axis and diagonal lines of octant `o` in `shared`.
fn shared_lines<'a>(
    o: usize,
    shared: &'a mut [u64],
    shared_at: &[usize; 9],
) -> (&'a mut [u64], &'a mut [u64]) {
    let (axes, diagonals) = shared.split_at_mut(shared_at[4]);
    let axis = o.div_ceil(2) % 4;
    let diagonal = 4 + o / 2;
    (
        &mut axes[shared_at[axis]..shared_at[axis + 1]],
        &mut diagonals[shared_at[diagonal] - shared_at[4]..shared_at[diagonal + 1] - shared_at[4]],
    )
}

/// Makes room for `len` items in all in `list`.
fn reserve<T>(list: &mut Vec<T>, len: usize) {
    list.reserve(len.saturating_sub(list.len()));
}

/// Sets bit `i` of `words`.
#[inline(always)]
fn set_bit(words: &mut [u64], i: i64) {
    words[i as usize / 64] |= 1 << (i % 64);
}

impl Raycast {
    /// Whether the tile at offset `to` (on the field, in its range, not the
    /// origin) is visible, walls lit: some ray to the ring at `D` reaches
    /// it (only the rays that take it are walked, each up to it).
    ///
    /// # Errors
    ///
    /// [`FovError::AreaTooLarge`] where the field would give it, its box
    /// being too large for its bit per tile.
    pub(crate) fn sees<M>(
        &mut self,
        map: &M,
        field: &Field,
        to: (i64, i64),
    ) -> Result<bool, FovError>
    where
        M: Opacity + ?Sized,
    {
        checked_area(field.rect())?;
        let d = field.left.max(field.right).max(field.up).max(field.down);
        let gaps = field.gaps.blocks();
        Ok(with_tiles!(map, field.origin, |tiles| {
            some_ray_reaches(tiles, (-d, d, -d, d), to, Rounding::AwayFromStart, gaps)
        }))
    }
}

field_of_view!(Raycast);

impl Scan for Raycast {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        checked_area(field.rect())?;
        // The ring the rays aim at: the field's longest reach.
        let d = field.left.max(field.right).max(field.up).max(field.down);
        self.prepare(map, field, d);
        sink.tile(0, 0);
        if d == 0 {
            return Ok(());
        }
        with_tiles!(map, field.origin, |tiles| {
            let lines = tiles.lines(field);
            if field.gaps.blocks() {
                // The octant at run time: eight compiled copies of each
                // scan would weigh on the wasm module, for little speed.
                for o in 0..8 {
                    self.scan_octant::<true, _, S>(o, tiles, &lines, field, sink);
                }
            } else {
                for o in 0..8 {
                    self.scan_octant::<false, _, S>(o, tiles, &lines, field, sink);
                }
            }
        });
        self.report_shared(sink);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::rays::test_maps::{
        hashed_walls, origin_near_edges, random_grid, random_range, reported_once, Unpacked,
    };
    use crate::gaps::DiagonalGaps;
    use crate::generate::SplitMix64;
    use crate::kernel::pinched;
    use crate::line::{Rounding, Steps};
    use crate::{Range, Shape};
    use std::collections::BTreeSet;

    /// The scan this one replaced, ray by ray along [`Steps`], kept as the
    /// reference: the positions it sees.
    fn reference<M: Opacity + ?Sized>(
        map: &M,
        origin: (i32, i32),
        range: Range,
        gaps: DiagonalGaps,
    ) -> BTreeSet<(i32, i32)> {
        let field = Field::new(map, origin, range).unwrap();
        let mut reach = Reach::default();
        reach.reset(range);
        let mut seen = BTreeSet::from([origin]);
        let d = field.left.max(field.right).max(field.up).max(field.down);
        with_tiles!(map, origin, |tiles| {
            for to in (-d..d).flat_map(|k| [(k, -d), (d, k), (-k, d), (-d, -k)]) {
                let mut from = (0, 0);
                for (dx, dy) in Steps::new(to.0, to.1, Rounding::AwayFromStart).skip(1) {
                    if !field.reaches(dx, dy) || dy.abs() > reach.at(dx.abs()) {
                        break;
                    }
                    if gaps.blocks() && pinched(tiles, from, (dx, dy)) {
                        break;
                    }
                    seen.insert(field.tile(dx, dy));
                    if tiles.opaque(dx, dy) {
                        break;
                    }
                    from = (dx, dy);
                }
            }
        });
        seen
    }

    /// The scan's positions, checked to come once each, the origin first.
    fn scanned<M: Opacity + ?Sized>(
        fov: &mut Raycast,
        map: &M,
        origin: (i32, i32),
        range: Range,
        gaps: DiagonalGaps,
    ) -> BTreeSet<(i32, i32)> {
        let mut field = Field::new(map, origin, range).unwrap();
        field.gaps = gaps;
        reported_once(origin, |sink| fov.run(map, &field, sink).unwrap())
    }

    #[test]
    fn equals_the_ray_by_ray_scan_on_random_maps_in_one_word_and_in_many() {
        let mut rng = SplitMix64::new(0x5241_5943);
        let mut fov = Raycast::new();
        let mut wide = 0;
        for n in 0..900 {
            // Most maps small; one in six large enough for `D >= 64`.
            let large = n % 6 == 0;
            let side = if large {
                60 + rng.below(140)
            } else {
                1 + rng.below(40)
            };
            let (w, h) = (1 + rng.below(side), 1 + rng.below(side));
            let g = random_grid(&mut rng, w, h, [0, 8, 20, 35, 50][n % 5]);
            let origin = origin_near_edges(&mut rng, w, h);
            let range = random_range(&mut rng, if large { 130 } else { 30 });
            let field = Field::new(&g, origin, range).unwrap();
            wide += usize::from(field.left.max(field.right).max(field.up).max(field.down) > WORD_D);
            for gaps in DiagonalGaps::ALL {
                let want = reference(&g, origin, range, gaps);
                let packed = scanned(&mut fov, &g, origin, range, gaps);
                assert_eq!(
                    packed, want,
                    "map {n} {w}x{h} from {origin:?} {range:?} {gaps:?}"
                );
                let asked = scanned(&mut fov, &Unpacked(&g), origin, range, gaps);
                assert_eq!(asked, want, "map {n} read tile by tile");
            }
        }
        assert!(wide > 50, "only {wide} fields with D >= 64");
    }

    #[test]
    fn an_unbounded_map_with_a_radius_equals_the_ray_by_ray_scan() {
        let mut rng = SplitMix64::new(11);
        let mut fov = Raycast::new();
        for n in 0..120u64 {
            // Random walls from a hash of the position.
            let walls = hashed_walls(rng.next_u64(), n % 40);
            let range = Range::new(rng.below(90), Shape::ALL[n as usize % Shape::ALL.len()]);
            let origin = (rng.below(20) as i32 - 10, rng.below(20) as i32 - 10);
            for gaps in DiagonalGaps::ALL {
                let want = reference(&walls, origin, range, gaps);
                assert_eq!(scanned(&mut fov, &walls, origin, range, gaps), want, "{n}");
            }
        }
    }
}
