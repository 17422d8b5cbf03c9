//! Adam Milazzo's algorithm with beveled wall corners (`beveled`), as in his
//! article "Roguelike Vision Algorithms" ("My algorithm"), in exact integer
//! slopes and without recursion.
//!
//! **Definition.** Sight lines start at the centre of the origin tile. A
//! floor tile is a square and a wall is a square whose corners are cut off
//! (beveled) where the two tiles beside that corner are both floors, so a
//! wall corner only sticks out where walls meet. Each octant is scanned
//! column by column, keeping *sectors*: wedges of sight lines between a
//! bottom and a top slope. In a column, a sector reaches the tiles its lines
//! cross; a wall ends the sector below it at the wall's top edge (its
//! middle, when that corner is beveled) and a floor after a wall starts a
//! new top at the wall's bottom edge (its middle, or its corner when the
//! wall goes on to the right). Then:
//!
//! - a wall is visible when a sector's lines hit its (beveled) shape;
//! - a floor is visible when a sector's lines pass through its *inner
//!   square*, the centred square of half a tile's width: between its
//!   corners `(x ± 1/4, y ∓ 1/4)`.
//!
//! **Why.** Beveled corners let a viewer standing next to a doorway or a
//! wall's end peek around it, and see along diagonal corridors and through
//! diagonal gaps, while the inner-square rule keeps floors behind a pillar
//! or half hidden by a corner dark: fewer artifacts than shadow casting in
//! rooms and corridors, at shadow-casting speed (each tile at most once per
//! sector).
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! Two walls meeting at a corner bevel each other open, so sight passes
//! diagonal gaps; walls are lit when sight reaches their shape. Each octant
//! runs the same rules in its own frame, so the field turns and mirrors with
//! the map. It is not symmetric: lines from A's centre may reach B's inner
//! square while lines from B's centre miss A's (a test pins such a pair),
//! though on random maps with a quarter of walls only about 5% of the floor
//! pairs seen one way are not seen the other way (a test bounds it).
//! Milazzo's code notes a variant testing the floor's centre instead, more
//! symmetric; that is what the `adam_fov_rs` crate ports. We implement the
//! article's default, which sees a superset of it: the same walls, and more
//! floors at the edges of sectors.
//!
//! **Range.** As in the article, tiles out of range are skipped: they
//! neither show nor block, and the last column does not split sectors. A
//! view with a range is the unlimited view cut to the range's shape (tests
//! check it on random maps for every shape).
//!
//! **Speed.** No step divides, and a sector reads its column's opacity as
//! one word: straight from the packed lines of a map that keeps its tiles
//! packed both by rows and by columns ([`Grid`](crate::Grid)), one shift a
//! column.
//!
//! **Allocation.** The sectors split off by walls wait on a reused stack,
//! not the call stack (the article recurses once per split), and marks per
//! column and per diagonal tile report each tile once; all are sized from
//! the range and the map's longer side, never from what the map holds.
//!
//! ```
//! use sightlines::{Beveled, FieldOfView, Grid, Range};
//!
//! // Two walls meeting at a corner: the bevels leave a gap to see through.
//! let map = Grid::parse("#d\ns#\n")?.grid;
//! let mut fov = Beveled::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(1, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::centre_ray;
use crate::kernel::sink::Target;
use crate::kernel::tiles::{Asked, Packed};
use crate::kernel::{
    each_octant, one_octant, presized_reach, with_tiles, Field, FieldLines, Lines, Octant,
    OctantRows, Reach, Ring, Sink, Tiles,
};
use crate::map::Opacity;
use crate::range::Range;

/// A wedge of sight lines `bottom < slope < top`, both slopes `num / den`
/// from 0 to 1, to be scanned from column `x` on.
///
/// With each slope comes the row where it enters column `x` (at
/// `x - 1/2`), rounded: `t0 = floor(((2x - 1)·top + 1) / 2)` as the
/// quotient and remainder of `(2x - 1)·num + den` by `2·den`. Every test
/// of the scan is a comparison of that remainder with the slope's terms,
/// and the next column's row is one addition away, so the scan never
/// divides. Values stay below 2^33 (columns below
/// [`MAX_REACH`](crate::kernel::field::MAX_REACH)), products
/// of two below 2^64.
#[derive(Clone, Copy, Debug)]
struct Sector {
    x: u64,
    top_num: u64,
    top_den: u64,
    /// The top's row and remainder in column `x`.
    t0: u64,
    tr: u64,
    bottom_num: u64,
    bottom_den: u64,
    b0: u64,
    br: u64,
}

/// Reusable scratch for Milazzo's beveled-corner algorithm; see the
/// [module docs](self).
///
/// ```
/// use sightlines::{Beveled, FieldOfView, Range};
///
/// // A pillar hides the tiles straight behind it, not those beside them.
/// let map = |x: i32, y: i32| (x, y) == (2, 0);
/// let mut fov = Beveled::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::circle(6), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(2, 0)) && !seen.contains(&(3, 0)) && !seen.contains(&(6, 0)));
/// assert!(seen.contains(&(5, 2))); // (6, 2) is out of the circle
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Beveled {
    /// Sectors split off by walls, waiting for their column; the lowest
    /// deepest in the stack, so that each column meets its sectors from the
    /// top down.
    stack: Vec<Sector>,
    /// Per column of the octant being scanned: the lowest row reported so far.
    lowest: Vec<u64>,
    /// A bit per column: the even octant of a pair reported the diagonal tile.
    diagonal: Vec<u64>,
    /// The opacity of a column of more than 64 rows, a word per 64 rows.
    words: Vec<u64>,
    /// The range's reach, column by column.
    reach: Reach,
}

/// What a scan of one octant needs of the field: column `x >= 1` away
/// from the origin, row `0 <= y <= x` across it.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The last column: the field's reach along the octant.
    last: u64,
    /// The last row reported: the field's reach across.
    max_row: u64,
}

/// How a scan reads the opacity of one octant: by column `x` and row `y`.
/// Tiles off a bounded map or outside the `i32` space are walls.
trait Reader {
    /// Rows `a..a + n` of column `x` (`n` from 1 to 64): bit `i` is row `a + i`.
    fn window(&mut self, x: u64, a: u64, n: u32) -> u64;
    /// Whether the tile at column `x`, row `y` blocks sight.
    fn wall(&mut self, x: u64, y: u64) -> bool;
}

/// How far an octant's columns and rows stay on the map: the tiles past
/// `depth` columns or `row` rows lie off a bounded map or the `i32` space,
/// and are walls.
#[derive(Clone, Copy, Debug)]
struct OnMap {
    depth: u64,
    row: u64,
}

impl OnMap {
    /// Octant `octant`'s, from the map's reach `[left, right, up, down]`.
    fn of(reach: [u64; 4], octant: Octant) -> OnMap {
        let along = |direction| match direction {
            (-1, 0) => reach[0],
            (1, 0) => reach[1],
            (0, -1) => reach[2],
            _ => reach[3],
        };
        OnMap {
            depth: along((octant.xx, octant.yx)),
            row: along((octant.xy, octant.yy)),
        }
    }

    /// Rows `a..a + n` of column `x`, as [`Reader::window`]: those on the
    /// map read by `read(on)` (rows `a..a + on`), the others walls.
    #[inline(always)]
    fn window(self, x: u64, a: u64, n: u32, read: impl FnOnce(u32) -> u64) -> u64 {
        let all = u64::MAX >> (64 - n);
        if x > self.depth || a > self.row {
            return all;
        }
        let on = (self.row - a + 1).min(u64::from(n)) as u32;
        read(on) | (all & !(u64::MAX >> (64 - on)))
    }

    /// Whether the tile at column `x`, row `y` is a wall: off the map, or
    /// as `read` says.
    #[inline(always)]
    fn wall(self, x: u64, y: u64, read: impl FnOnce() -> bool) -> bool {
        x > self.depth || y > self.row || read()
    }
}

/// Reads through [`Tiles`]: for maps that do not keep their tiles packed
/// both by rows and by columns over the field (maps without packed rows are
/// asked only the tiles the scan needs).
struct Direct<'a, T, const O: usize> {
    tiles: &'a T,
    on_map: OnMap,
}

impl<T: Tiles, const O: usize> Reader for Direct<'_, T, O> {
    #[inline]
    fn window(&mut self, x: u64, a: u64, n: u32) -> u64 {
        self.on_map.window(x, a, n, |on| {
            self.tiles
                .octant_bits(Octant::ALL[O], x as i64, a as i64, on)
        })
    }

    #[inline]
    fn wall(&mut self, x: u64, y: u64) -> bool {
        self.on_map.wall(x, y, || {
            let (dx, dy) = Octant::ALL[O].offset(x as i64, y as i64);
            self.tiles.opaque(dx, dy)
        })
    }
}

/// An octant read straight from the map's packed rows or columns, when the
/// map keeps both over every tile of the map the scan may read. Near the
/// map's `EDGE`, the tiles past it are walls ([`OnMap`]): two comparisons
/// a read, where a copy of the rows near the origin with walls around
/// costs thousands of instructions a call. Away from it, no comparison.
struct FromLines<'a, const O: usize, const EDGE: bool> {
    lines: Lines<'a>,
    on_map: OnMap,
}

impl<const O: usize, const EDGE: bool> Reader for FromLines<'_, O, EDGE> {
    #[inline(always)]
    fn window(&mut self, x: u64, a: u64, n: u32) -> u64 {
        let read = |on| {
            self.lines
                .octant_bits(Octant::ALL[O], x as i64, a as i64, on)
        };
        if EDGE {
            self.on_map.window(x, a, n, read)
        } else {
            read(n)
        }
    }

    #[inline(always)]
    fn wall(&mut self, x: u64, y: u64) -> bool {
        let read = || self.lines.octant_tile(Octant::ALL[O], x as i64, y as i64);
        if EDGE {
            self.on_map.wall(x, y, read)
        } else {
            read()
        }
    }
}

/// The opacity of one column's rows from the first the sector may touch,
/// as one word (up to 64 rows) or as a slice of them.
trait Window {
    /// Whether row `i` (counted from the window's first) is a wall.
    fn wall(&self, i: u64) -> bool;
    /// The first row from `i` to `end` (both included) that is a floor
    /// (`floor`) or a wall (`!floor`).
    fn find(&self, floor: bool, i: u64, end: u64) -> Option<u64>;
}

impl Window for u64 {
    #[inline(always)]
    fn wall(&self, i: u64) -> bool {
        self >> i & 1 != 0
    }

    #[inline(always)]
    fn find(&self, floor: bool, i: u64, end: u64) -> Option<u64> {
        let bits = if floor { !*self } else { *self };
        let at = i + u64::from((bits >> i).trailing_zeros());
        (at <= end).then_some(at)
    }
}

impl Window for [u64] {
    #[inline]
    fn wall(&self, i: u64) -> bool {
        self[(i / 64) as usize] >> (i % 64) & 1 != 0
    }

    fn find(&self, floor: bool, i: u64, end: u64) -> Option<u64> {
        let word = |w: u64| self[w as usize] ^ if floor { u64::MAX } else { 0 };
        let mut w = i / 64;
        let mut bits = word(w) >> (i % 64) << (i % 64);
        loop {
            if bits != 0 {
                let at = w * 64 + u64::from(bits.trailing_zeros());
                return (at <= end).then_some(at);
            }
            w += 1;
            if w * 64 > end {
                return None;
            }
            bits = word(w);
        }
    }
}

/// The next column's row and remainder of a slope kept from this column:
/// the numerator `(2x - 1)·num + den` grows by `2·num <= 2·den`.
#[inline(always)]
fn step(row: u64, rem: u64, num: u64, den: u64) -> (u64, u64) {
    // The compiler makes this choice a conditional move already: here
    // `geometry::step_fraction`'s masks measured 1% slower.
    let rem = rem + 2 * num;
    if rem >= 2 * den {
        (row + 1, rem - 2 * den)
    } else {
        (row, rem)
    }
}

impl Beveled {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> Beveled {
        Beveled::default()
    }

    /// Scans one octant, depth first: a sector goes on column after column
    /// while walls leave it one part; the parts below wait on the stack.
    /// Compiled once per octant (`O`), so that its transform is constant.
    fn scan_octant<const O: usize, R: Reader, S: Sink>(
        &mut self,
        reader: &mut R,
        (field, ring): (&Field, Ring),
        sink: &mut S,
    ) {
        let octant = Octant::ALL[O];
        let (last, max_row) = octant.extents(field);
        let frame = Frame {
            last: last as u64,
            max_row: max_row as u64,
        };
        // Column 1 is the ring's, reported already.
        if frame.last < 2 {
            return;
        }
        if O % 2 == 0 {
            self.diagonal.clear();
        }
        // The whole octant, from column 1; from column 2 when column 1's
        // two tiles are floors, which leave it whole (the top enters
        // column 2 at row 2, the bottom at row 0).
        let open = ring.inside(octant, 1) && !ring.opaque(octant, 0) && !ring.opaque(octant, 1);
        let first = Sector {
            x: 1 + u64::from(open),
            top_num: 1,
            top_den: 1,
            t0: 1 + u64::from(open),
            tr: 0,
            bottom_num: 0,
            bottom_den: 1,
            b0: 0,
            br: 1,
        };
        self.scan_sectors::<O, false, R, S>(reader, &frame, first, sink);
    }

    /// Scans `first` and the sectors that walls split from it, column by
    /// column up to `frame.last` (column 1 being the ring's, not reported);
    /// with `LAST_ONLY`, only the last column's tiles go to `sink` (a
    /// target there).
    fn scan_sectors<const O: usize, const LAST_ONLY: bool, R: Reader, S: Sink>(
        &mut self,
        reader: &mut R,
        frame: &Frame,
        first: Sector,
        sink: &mut S,
    ) {
        self.stack.clear();
        self.lowest.clear();
        self.lowest.push(u64::MAX);
        self.lowest.push(0);
        let mut sector = first;
        loop {
            if sector.x as usize == self.lowest.len() {
                self.lowest.push(u64::MAX);
            }
            // The sector touches rows b0 to t0 + 1 at most.
            let n = sector.t0 - sector.b0 + 2;
            let goes_on = if n <= 64 {
                let window = reader.window(sector.x, sector.b0, n as u32);
                self.column::<O, LAST_ONLY, R, S, u64>(reader, frame, sink, &mut sector, &window)
            } else {
                let mut wide = sector;
                let goes_on = self.wide::<O, LAST_ONLY, R, S>(reader, frame, sink, &mut wide);
                sector = wide;
                goes_on
            };
            if !goes_on {
                match self.stack.pop() {
                    Some(s) => sector = s,
                    None => break,
                }
            }
        }
    }

    /// [`Beveled::column`] for a column of more than 64 rows.
    #[inline(never)]
    fn wide<const O: usize, const LAST_ONLY: bool, R: Reader, S: Sink>(
        &mut self,
        reader: &mut R,
        frame: &Frame,
        sink: &mut S,
        s: &mut Sector,
    ) -> bool {
        let mut words = std::mem::take(&mut self.words);
        words.clear();
        let mut a = s.b0;
        while a <= s.t0 + 1 {
            words.push(reader.window(s.x, a, (s.t0 + 2 - a).min(64) as u32));
            a += 64;
        }
        let goes_on = self.column::<O, LAST_ONLY, R, S, [u64]>(reader, frame, sink, s, &words[..]);
        self.words = words;
        goes_on
    }

    /// Sector `s` through its column, whose opacity from row `s.b0` on is
    /// `window`: reports what it sees, pushes the parts the walls split off
    /// but the top one, and makes `s` that one (false if there is none).
    #[inline(always)]
    fn column<const O: usize, const LAST_ONLY: bool, R: Reader, S: Sink, W: Window + ?Sized>(
        &mut self,
        reader: &mut R,
        frame: &Frame,
        sink: &mut S,
        s: &mut Sector,
        window: &W,
    ) -> bool {
        let Sector {
            x,
            top_num: tn,
            top_den: td,
            t0,
            tr,
            bottom_num: bn,
            bottom_den: bd,
            b0,
            br,
        } = *s;
        let wall = |y: u64| window.wall(y - b0);
        // With N = (2x - 1)·tn + td = 2·td·t0 + tr, the top's tests against
        // points of this column reduce to comparisons of tr:
        //   top vs (2·t0 + 1) / (2x)      is  tr + tn     vs 2·td,
        //   top vs (2·t0 + 1) / (2x + 1)  is  tr + 2·tn   vs 2·td,
        //   top vs (4·t0 - 1) / (4x + 1)  is  2·tr + 3·tn vs td,
        //   top vs (4·t0 + 3) / (4x + 1)  is  2·tr + 3·tn vs 5·td;
        // and the bottom's alike (with 4x - 1 for the inner squares).
        //
        // The top row: one more than t0 when the top line passes a wall's
        // beveled top-left corner (its top centre) into a floor above, or
        // the bottom centre of the tile above a floor (its bottom-right
        // corner when the tile right of that one is a wall).
        let up = if wall(t0) {
            tr + tn >= 2 * td && !wall(t0 + 1)
        } else {
            tr + tn > 2 * td || (tr + 2 * tn > 2 * td && reader.wall(x + 1, t0 + 1))
        };
        let top_y = t0 + u64::from(up);
        // The bottom row: one more when the bottom line passes above a
        // wall's beveled top-left corner, missing the wall.
        let missed = br + bn >= 2 * bd && wall(b0) && !wall(b0 + 1);
        let bottom_y = b0 + u64::from(missed);
        // Rows out of range are skipped: they come first from the top.
        let high = top_y.min(self.reach.at(x as i64) as u64);
        if high < bottom_y {
            return false;
        }

        // Every tile between is seen; a floor at either end only if the
        // lines reach its inner square.
        let bottom_in = if missed {
            2 * br + bn < 7 * bd
        } else {
            2 * br + bn < 3 * bd
        };
        let lo = bottom_y + u64::from(!bottom_in && !wall(bottom_y));
        let top_in = if up {
            2 * tr + 3 * tn > 5 * td
        } else {
            2 * tr + 3 * tn > td
        };
        let hi = high - u64::from(high == top_y && !top_in && !wall(high));
        // Only tiles of the field, and each once: the sectors of a column
        // come from the top down and their rows with them, so the rows a
        // sector shares with those before are all at or above the lowest
        // row reported so far.
        let lowest = &mut self.lowest[x as usize];
        let hi = hi.min(frame.max_row).min(lowest.wrapping_sub(1));
        if lo <= hi && *lowest != 0 {
            *lowest = lo;
            // Row 0 is reached only by the sector whose bottom is the axis,
            // which lives as long as the axis is clear: both octants beside
            // the axis see its tiles alike, and one reports them. The
            // diagonal is not so simple: both report what they see, once.
            // Octants 2k + 1 and 2k + 2 share an axis, 2k and 2k + 1 a diagonal.
            let lo = lo + u64::from(lo == 0 && O % 2 == 0);
            let hi = hi - u64::from(hi == x && self.diagonal_seen(x, O % 2 == 0));
            if !LAST_ONLY || x == frame.last {
                Octant::ALL[O].span(sink, x as i64, lo as i64, hi as i64);
            }
        }
        if x == frame.last {
            return false;
        }

        // The parts for the next column: one per run of floors, from its
        // bottom (the wall below's top centre) to its top (the wall above's
        // bottom centre, or its corner when the wall goes on to the right).
        // Found from the bottom up, so that each part but the top one is
        // pushed below those above it.
        let mut found = false;
        let end = high - b0;
        let mut i = bottom_y - b0;
        while let Some(a) = window.find(true, i, end) {
            let b = window.find(false, a, end).map_or(end, |w| w - 1);
            let (fa, fb) = (b0 + a, b0 + b);
            let (bottom_num, bottom_den, nb0, nbr) = if fa == bottom_y {
                let (row, rem) = step(b0, br, bn, bd);
                (bn, bd, row, rem)
            } else {
                // (2·fa - 1) / (2x), whose row in column x + 1 is fa.
                (2 * fa - 1, 2 * x, fa, 2 * fa - 1)
            };
            let (top_num, top_den, nt0, ntr) = if fb == high {
                let (row, rem) = step(t0, tr, tn, td);
                (tn, td, row, rem)
            } else if reader.wall(x + 1, fb + 1) {
                // (2·fb + 1) / (2x + 1): row fb + 1 in column x + 1.
                (2 * fb + 1, 2 * x + 1, fb + 1, 0)
            } else {
                // (2·fb + 1) / (2x): row fb + 1 in column x + 1.
                (2 * fb + 1, 2 * x, fb + 1, 2 * fb + 1)
            };
            if top_num * bottom_den > bottom_num * top_den {
                if found {
                    self.stack.push(*s);
                }
                found = true;
                *s = Sector {
                    x: x + 1,
                    top_num,
                    top_den,
                    t0: nt0,
                    tr: ntr,
                    bottom_num,
                    bottom_den,
                    b0: nb0,
                    br: nbr,
                };
            }
            if b == end {
                break;
            }
            i = b + 2;
            if i > end {
                break;
            }
        }
        found
    }

    /// Whether the tile at offset `to` (on the field, in its range, not the
    /// origin) is visible, walls lit: [`centre_ray::verdict`] when the
    /// segment between the centres or the squares' hull settles it, else
    /// its octant's scan alone, started with one sector of the lines that
    /// can meet its square and stopped at its column. Walls only ever cut sectors, at lines their shapes set, so
    /// the part of a sector that holds those lines evolves as the whole
    /// one does, restricted to them.
    pub(crate) fn sees<M>(&mut self, map: &M, field: &Field, to: (i64, i64)) -> bool
    where
        M: Opacity + ?Sized,
    {
        if let Some(seen) = with_tiles!(map, field.origin, |tiles| {
            centre_ray::verdict(tiles, field, to)
        }) {
            return seen;
        }
        let (k, depth, col) = Octant::holding(to.0, to.1);
        if depth == 1 {
            // The ring, which every octant sees whole.
            return true;
        }
        self.reach.reset(field.range);
        self.prepare(map, field.range);
        let reach = map_reach(map, field.origin);
        let mut target = Target::new(to);
        self.sight_in(map, field, reach, k, (depth, col), &mut target);
        if col == depth && !target.seen {
            // Both octants beside a diagonal see its tiles, each its own way.
            self.diagonal.clear();
            self.sight_in(map, field, reach, k + 1, (depth, col), &mut target);
        }
        target.seen
    }

    /// [`sight`](Self::sight) in octant `k`.
    fn sight_in<M>(
        &mut self,
        map: &M,
        field: &Field,
        reach: [u64; 4],
        k: usize,
        (depth, col): (i64, i64),
        target: &mut Target,
    ) where
        M: Opacity + ?Sized,
    {
        with_tiles!(map, field.origin, |tiles| one_octant!(
            k,
            self.sight::<_, _>(tiles, field, reach, (depth, col), target)
        ));
    }

    /// [`sees`](Self::sees) in octant `O`, the target at column `x`, row
    /// `y`, `x >= 2`.
    fn sight<const O: usize, T: Tiles>(
        &mut self,
        tiles: &T,
        field: &Field,
        reach: [u64; 4],
        (x, y): (i64, i64),
        target: &mut Target,
    ) {
        let on_map = OnMap::of(reach, Octant::ALL[O]);
        let frame = Frame {
            last: x as u64,
            max_row: Octant::ALL[O].extents(field).1 as u64,
        };
        // Lines through the square span the slopes from (2y - 1) / (2x + 1)
        // to (2y + 1) / (2x - 1), strictly inside (y - 1) / (x + 1) and
        // (y + 1) / (x - 1), which the sector's open ends keep clear of
        // the square's corners; cut to the octant.
        let (bottom_num, bottom_den) = if y <= 1 { (0, 1) } else { (y - 1, x + 1) };
        let (top_num, top_den) = if y + 1 >= x - 1 {
            (1, 1)
        } else {
            (y + 1, x - 1)
        };
        // Each end's row and remainder in column 1: `(num + den) / 2·den`.
        let entry = |num: i64, den: i64| {
            let (n, d) = ((num + den) as u64, 2 * den as u64);
            (n / d, n % d)
        };
        let ((t0, tr), (b0, br)) = (entry(top_num, top_den), entry(bottom_num, bottom_den));
        let first = Sector {
            x: 1,
            top_num: top_num as u64,
            top_den: top_den as u64,
            t0,
            tr,
            bottom_num: bottom_num as u64,
            bottom_den: bottom_den as u64,
            b0,
            br,
        };
        let reader = &mut Direct::<T, O> { tiles, on_map };
        self.scan_sectors::<O, true, _, _>(reader, &frame, first, target);
    }

    /// Whether the diagonal tile of column `x` is reported already: marks
    /// it in the first octant of the pair, asks in the second.
    #[inline]
    fn diagonal_seen(&mut self, x: u64, first: bool) -> bool {
        let (w, bit) = ((x / 64) as usize, 1 << (x % 64));
        if w >= self.diagonal.len() {
            self.diagonal.resize(w + 1, 0);
        }
        let seen = self.diagonal[w] & bit != 0;
        self.diagonal[w] |= bit;
        seen && !first
    }

    fn scan_direct<T: Tiles, S: Sink>(
        &mut self,
        tiles: &T,
        field: (&Field, Ring),
        reach: [u64; 4],
        sink: &mut S,
    ) {
        each_octant!(self.direct::<_, T, S>(tiles, field, reach, sink));
    }

    fn direct<const O: usize, T: Tiles, S: Sink>(
        &mut self,
        tiles: &T,
        field: (&Field, Ring),
        reach: [u64; 4],
        sink: &mut S,
    ) {
        let on_map = OnMap::of(reach, Octant::ALL[O]);
        self.scan_octant::<O, _, S>(&mut Direct::<T, O> { tiles, on_map }, field, sink);
    }

    fn lines_octant<const O: usize, const EDGE: bool, S: Sink>(
        &mut self,
        lines: &FieldLines,
        field: (&Field, Ring),
        reach: [u64; 4],
        sink: &mut S,
    ) {
        let octant = Octant::ALL[O];
        if let Some(lines) = lines.of(octant) {
            let on_map = OnMap::of(reach, octant);
            self.scan_octant::<O, _, S>(&mut FromLines::<O, EDGE> { lines, on_map }, field, sink);
        }
    }

    /// Reads and reports the ring around the origin, which every octant
    /// sees whole (column 1 meets the whole octant: a wall there is hit,
    /// a floor's inner square crossed); whether the field goes past it.
    fn ring<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) -> Option<Ring> {
        let ring = Ring::read(tiles, field, self.reach.at(1) >= 1);
        ring.report(field, sink);
        (!Ring::is_whole_field(field, &mut self.reach)).then_some(ring)
    }

    /// Sizes the scratch for `range` on `map`, whatever the origin: a
    /// column per tile of reach.
    fn prepare<M: Opacity + ?Sized>(&mut self, map: &M, range: Range) {
        let columns = presized_reach(map, range);
        let presized = columns + 2;
        // The sectors waiting at once are separated by the shadows of
        // walls, each wider than 1 / (columns + 1): at most `columns + 1`.
        // (`reserve` counts from the length: empty first.)
        self.stack.clear();
        self.lowest.clear();
        self.diagonal.clear();
        self.words.clear();
        self.stack.reserve(presized);
        self.lowest.reserve(presized);
        self.diagonal.reserve(presized / 64 + 1);
        self.words.reserve(presized / 64 + 2);
    }
}

field_of_view!(Beveled);

impl Scan for Beveled {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        sink.tile(0, 0);
        self.reach.reset(field.range);
        // Sized whatever the origin, even one that needs no octant scan,
        // so that no later origin allocates.
        self.prepare(map, field.range);
        let reach = map_reach(map, field.origin);
        match map.bit_rows() {
            Some(bits) => {
                let tiles = Packed::new(map, bits, field.origin);
                let Some(ring) = self.ring(&tiles, field, sink) else {
                    return Ok(());
                };
                let field = (field, ring);
                // Every tile the scan may read lies within `widest` tiles of
                // the origin each way (a column is read one row past the
                // diagonal, and the bevels read one column past the last).
                // Those on the map are read from its packed lines when it
                // keeps them both ways; those off it are walls.
                let widest = field
                    .0
                    .left
                    .max(field.0.right)
                    .max(field.0.up)
                    .max(field.0.down)
                    + 1;
                let [left, right, up, down] = reach.map(|r| (widest as u64).min(r) as i64);
                let square = Field {
                    left,
                    right,
                    up,
                    down,
                    ..*field.0
                };
                let lines = tiles.lines(&square);
                if lines.complete() {
                    // Away from the edge the whole square lies on the map.
                    if reach.iter().all(|&r| r >= widest as u64) {
                        each_octant!(self.lines_octant::<_, false, S>(&lines, field, reach, sink));
                    } else {
                        each_octant!(self.lines_octant::<_, true, S>(&lines, field, reach, sink));
                    }
                } else {
                    self.scan_direct(&tiles, field, reach, sink);
                }
            }
            None => {
                let tiles = Asked::new(map, field.origin);
                let Some(ring) = self.ring(&tiles, field, sink) else {
                    return Ok(());
                };
                self.scan_direct(&tiles, (field, ring), reach, sink);
            }
        }
        Ok(())
    }
}

/// How far a map reaches from `origin` in each direction (left, right, up,
/// down): its bounds, else the `i32` space.
fn map_reach<M: Opacity + ?Sized>(map: &M, origin: (i32, i32)) -> [u64; 4] {
    let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
    let (min, max) = (i64::from(i32::MIN), i64::from(i32::MAX));
    let (x0, y0, x1, y1) = match map.bounds() {
        Some(b) => (i64::from(b.x), i64::from(b.y), b.max_x(), b.max_y()),
        None => (min, min, max, max),
    };
    [ox - x0, x1 - ox, oy - y0, y1 - oy].map(|d| d as u64)
}
