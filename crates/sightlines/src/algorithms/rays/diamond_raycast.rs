//! Diamond ray casting (`diamond-raycast`): libtcod's `FOV_DIAMOND`.
//!
//! **Definition.** Light spreads outward from the origin one Manhattan ring
//! at a time. Every tile `(x, y)` (offsets from the origin, taken as
//! absolute values `a = |x|`, `b = |y|`, the same rule in each quadrant)
//! carries an *obscurity vector* `(xo, yo)` and an *error* `(xe, ye)`, all
//! zero at the origin, and has up to two inputs: the tile one step nearer
//! the origin along x, `(a - 1, b)`, and along y, `(a, b - 1)`, each counted
//! only if it is *live* (reached, in range and not ignored). A tile with no
//! live input is never reached. Otherwise, starting from zero:
//!
//! 1. from the x input `X`, if its obscurity is not zero and `X.xe > 0`:
//!    `(xe, ye) = (X.xe - X.yo, X.ye + X.yo)` and `(xo, yo) = (X.xo, X.yo)`;
//! 2. then from the y input `Y`, if its obscurity is not zero, `Y.ye > 0`,
//!    and either `yo` is still zero or `Y.xe <= 0 < Y.xo`:
//!    `(xe, ye) = (Y.xe + Y.xo, Y.ye - Y.xo)` and `(xo, yo) = (Y.xo, Y.yo)`;
//! 3. a tile is *obscured* when `0 < xe <= xo` or `0 < ye <= yo`. The tile
//!    is ignored (not live, not visible) when its one input is obscured, or
//!    both of its two are;
//! 4. a live opaque tile becomes an obstacle: `xe = xo = a`, `ye = yo = b`.
//!
//! A live tile that is not obscured after step 4 is visible; so an opaque
//! tile never is, and walls are lit only by
//! [`basic-raycast`](crate::basic_raycast)'s post-pass. Tiles out of the
//! range's shape are ignored, as are tiles off the map. The error vectors
//! are a Bresenham-like account of how far each obstacle's shadow has
//! drifted from the ray through it; obstacles spread their shadows along
//! both axes at once, which gives the diamond its name.
//!
//! **Against libtcod.** The same radius rule, and the same one difference in
//! the post-pass, as [`basic-raycast`](crate::basic_raycast) (pinned by the
//! tests on libtcod's own output).
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! Not symmetric. It does not see through diagonal gaps: between two walls
//! touching at a corner, both inputs of the tile beyond are obstacles that
//! obscure it. The rule is the same in the four quadrants, so the result is
//! the same under the mirrors `x → -x` and `y → -y`. Steps 1 and 2 are not
//! written symmetrically (step 2 may overwrite step 1, not the reverse), yet
//! swapping the axes changed no result on the tests' thousands of random
//! maps; that invariance is observed, not proven.
//!
//! **How it is computed.** libtcod walks a queue over the whole map; here
//! each quadrant is scanned row by row, which meets every tile after both
//! its inputs, so the states are the same. Steps 1 and 2 copy an input's
//! obscurity and move its error by the same amount along each axis, so a
//! tile `(a, b)` carrying the obscurity of the obstacle `(p, q)` has
//! `xe = p + k` and `ye = q - k` with `k = p·b - q·a` (0 on the obstacle):
//! a tile keeps only which obstacle it carries, and the steps and the test
//! of step 3 are sign tests on `k`. A tile is live only when an input is
//! live and not obscured, so each row is scanned from the first such tile
//! of the row before to the last tile one can reach, and its walls are read
//! a word of 64 tiles at a time (on a map with packed rows).
//!
//! **Cost.** One pass over the live tiles of each quadrant, with two rows
//! of state, then the post-pass, over bitsets of the box (boxes above
//! [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles give
//! [`FovError::AreaTooLarge`]).
//!
//! ```
//! use sightlines::{DiamondRaycast, FieldOfView, Grid, Range};
//!
//! let map = Grid::parse(".....\n..#..\n.....\n")?.grid;
//! let mut fov = DiamondRaycast::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(2, 1)) && !seen.contains(&(3, 1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::walls::{light_walls, BoxMasks};
use super::{each_run, FieldBits};
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::{
    presized_reach, with_tiles, ByTile, Field, Octant, OctantRows, Reach, Tiles,
};
use crate::kernel::Sink;
use crate::map::Opacity;

/// The obstacle whose obscurity a tile carries, in quadrant offsets;
/// `(0, 0)` for none (the origin never is one). The errors follow from it
/// and the tile (see the [module docs](self)). Offsets stay within
/// [`MAX_REACH`](crate::kernel::field::MAX_REACH), 2^30, so they fit in
/// `i32` and their products in `i64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Shadow {
    p: i32,
    q: i32,
}

const NONE: Shadow = Shadow { p: 0, q: 0 };

/// The quadrants as octants whose lines are the map's rows: depth along
/// `y`, columns along `x`, in the order of [`Quadrant::ALL`](crate::kernel::Quadrant::ALL).
const QUADRANTS: [usize; 4] = [1, 2, 5, 6];

/// Reusable scratch for [`diamond-raycast`](self), libtcod's `FOV_DIAMOND`.
///
/// ```
/// use sightlines::{DiamondRaycast, FieldOfView, Range};
///
/// let open = |_: i32, _: i32| false;
/// let mut fov = DiamondRaycast::new();
/// let mut count = 0;
/// fov.compute(&open, (0, 0), Range::diamond(3), |_, _| count += 1)?;
/// assert_eq!(count, 25);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct DiamondRaycast {
    lit: FieldBits,
    reach: Reach,
    masks: BoxMasks,
    /// The shadows of the row before and of the row being scanned, by
    /// column, and which of their tiles are visible, a bit per column.
    prev: Vec<Shadow>,
    cur: Vec<Shadow>,
    prev_seen: Vec<u64>,
    cur_seen: Vec<u64>,
}

/// Where the row before left off: the tiles its scan wrote, `..=end`, and
/// its first and last visible ones.
#[derive(Clone, Copy, Debug)]
struct RowBefore {
    end: i64,
    first: i64,
    last: i64,
}

impl DiamondRaycast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> DiamondRaycast {
        DiamondRaycast::default()
    }

    /// Scans the quadrant of octant `o` (one of [`QUADRANTS`]) row by row,
    /// marking its visible tiles in `lit`.
    fn scan_quadrant<R: OctantRows>(&mut self, rows: &R, field: &Field, o: usize) {
        let octant = Octant::ALL[o];
        let (ey, ex) = octant.extents(field);
        let n = ex as usize + 1;
        let words = n / 64 + 1;
        // Only cells a scan wrote are read: no clearing.
        for list in [&mut self.prev, &mut self.cur] {
            if list.len() < n {
                list.resize(n, NONE);
            }
        }
        for list in [&mut self.prev_seen, &mut self.cur_seen] {
            if list.len() < words {
                list.resize(words, 0);
            }
        }
        // The origin's row: the origin is live and visible, and no row
        // comes before it.
        self.cur[0] = NONE;
        let mut before = RowBefore {
            end: -1,
            first: 0,
            last: 0,
        };
        let mut start = 1;
        for b in 0..=ey {
            let lim = self.reach.at(b).min(ex);
            if lim < start && b > 0 {
                // The tiles from `start` on are out of range, those before dead.
                break;
            }
            self.cur_seen[start.min(lim) as usize / 64..=lim as usize / 64].fill(0);
            if b == 0 {
                self.cur_seen[0] = 1;
            }
            // The origin's row may be the origin alone.
            let end = if lim < start {
                0
            } else {
                scan_row(
                    rows,
                    octant,
                    b,
                    start,
                    lim,
                    before,
                    (&self.prev, &self.prev_seen),
                    (&mut self.cur, &mut self.cur_seen),
                )
            };
            // The visible tiles, reported; the first and last for the row after.
            let (mut first, mut last) = (-1, -1);
            let from = if b == 0 { 0 } else { before.first as usize / 64 };
            for k in from..=end as usize / 64 {
                let word = self.cur_seen[k];
                if word == 0 {
                    continue;
                }
                let base = 64 * k as i64;
                if first < 0 {
                    first = base + i64::from(word.trailing_zeros());
                }
                last = base + 63 - i64::from(word.leading_zeros());
                let lit = &mut self.lit;
                each_run(word, |c0, c1| octant.span(lit, b, base + c0, base + c1));
            }
            if first < 0 {
                return;
            }
            before = RowBefore { end, first, last };
            start = first;
            std::mem::swap(&mut self.prev, &mut self.cur);
            std::mem::swap(&mut self.prev_seen, &mut self.cur_seen);
        }
    }
}

/// Scans row `b` of `octant`'s quadrant from column `start`, a live tile,
/// tile by live tile up to `lim`: writes each tile's shadow (none for the
/// dead ones between) and marks the visible ones in `cur_seen`, whose words
/// from `start`'s to `lim`'s must be clear. Returns the last column written.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn scan_row<R: OctantRows>(
    rows: &R,
    octant: Octant,
    b: i64,
    start: i64,
    lim: i64,
    before: RowBefore,
    (prev, prev_seen): (&[Shadow], &[u64]),
    (cur, cur_seen): (&mut [Shadow], &mut [u64]),
) -> i64 {
    let mut a = start;
    // The tile to the left: dead at the start of a row after the first, the
    // origin (no shadow) in the first.
    let mut x = NONE;
    let (mut wall_from, mut wall_to, mut walls) = (0, -1, 0u64);
    loop {
        // Tile `a` is live: the tile to its left or above is visible.
        if a > wall_to {
            // Past the row before's visible tiles only a chain of visible
            // tiles goes on: ask a map without packed rows tile by tile.
            let ahead = if R::PACKED {
                63
            } else {
                (before.last - a).clamp(0, 63)
            };
            (wall_from, wall_to) = (a, (a + ahead).min(lim));
            walls = rows.octant_bits(octant, b, a, (wall_to - a + 1) as u32);
        }
        let i = a as usize;
        let y = if a <= before.end { prev[i] } else { NONE };
        let opaque = walls >> (a - wall_from) & 1 != 0;
        let (shadow, visible) = tile(x, y, a, b, opaque);
        cur[i] = shadow;
        x = shadow;
        if visible {
            cur_seen[i / 64] |= 1 << (i % 64);
            if a == lim {
                return a;
            }
            a += 1;
            continue;
        }
        if a >= before.last {
            // Nothing visible to the left or above the next tile.
            return a;
        }
        // The next tile below a visible one (there is one up to `last`).
        let mut k = i / 64;
        let mut above = prev_seen[k] & (u64::MAX << (i % 64) << 1);
        while above == 0 {
            k += 1;
            above = prev_seen[k];
        }
        let next = 64 * k as i64 + i64::from(above.trailing_zeros());
        if next > lim {
            return a;
        }
        if next > a + 1 {
            // Dead tiles between: no shadow, for the row after.
            cur[i + 1..next as usize].fill(NONE);
            x = NONE;
        }
        a = next;
    }
}

/// A live tile `(a, b)` from its inputs' shadows (none for an input that is
/// not live): its shadow and whether it is visible. Steps 1 to 4 of the
/// [module docs](self), with `xe = p + k`, `ye = q - k` and `k = p·b - q·a`
/// for the tile carrying obstacle `(p, q)`; an input one step back along x
/// has `k + q`, along y `k - p`.
#[inline(always)]
fn tile(x: Shadow, y: Shadow, a: i64, b: i64, opaque: bool) -> (Shadow, bool) {
    let (xp, xq) = (i64::from(x.p), i64::from(x.q));
    let (yp, yq) = (i64::from(y.p), i64::from(y.q));
    // Step 1: `X.xe = xp + kx + xq > 0` (none gives 0).
    let kx = xp * b - xq * a;
    let from_x = xp + xq + kx > 0;
    let (mut shadow, mut k) = if from_x { (x, kx) } else { (NONE, 0) };
    // Step 2: `Y.ye = yq - ky + yp > 0`, and `yo` still zero or
    // `Y.xe = ky <= 0 < Y.xo`.
    let ky = yp * b - yq * a;
    if yp + yq - ky > 0 && (shadow.q == 0 || (ky <= 0 && yp > 0)) {
        (shadow, k) = (y, ky);
    }
    if opaque {
        // Step 4: an obstacle, obscured by itself.
        return (Shadow { p: a as i32, q: b as i32 }, false);
    }
    // Step 3: `0 < xe <= xo` or `0 < ye <= yo` (never for none).
    let (p, q) = (i64::from(shadow.p), i64::from(shadow.q));
    let obscured = (k <= 0 && k > -p) || (k >= 0 && k < q);
    (shadow, !obscured)
}

field_of_view!(DiamondRaycast);

impl Scan for DiamondRaycast {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.lit.reset(field)?;
        self.lit.insert(0, 0);
        // Rows for the widest quadrant any origin can have with this range,
        // so that no later origin needs more.
        let cells = presized_reach(map, field.range) + 1;
        for list in [&mut self.prev, &mut self.cur] {
            list.reserve(cells.saturating_sub(list.len()));
        }
        for list in [&mut self.prev_seen, &mut self.cur_seen] {
            list.reserve((cells / 64 + 1).saturating_sub(list.len()));
        }
        self.reach.reset(field.range);
        with_tiles!(map, field.origin, |tiles| self.scan(tiles, field));
        self.lit.report(sink);
        Ok(())
    }
}

impl DiamondRaycast {
    /// The four quadrants, then `basic-raycast`'s wall post-pass.
    fn scan<T: Tiles>(&mut self, tiles: &T, field: &Field) {
        let lines = tiles.lines(field);
        for o in QUADRANTS {
            match lines.of(Octant::ALL[o]) {
                Some(rows) => self.scan_quadrant(&rows, field, o),
                None => self.scan_quadrant(&ByTile(tiles), field, o),
            }
        }
        self.masks.reset(tiles, field, &mut self.reach);
        // The lit tiles are visible, so transparent, but for the origin.
        if !T::PACKED_ROWS && tiles.opaque(0, 0) {
            self.masks.walls.insert(0, 0);
        }
        light_walls(tiles, &mut self.masks, &mut self.lit);
    }
}
