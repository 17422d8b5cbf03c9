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
//! live and not obscured, that is visible, so each row is scanned from the
//! first visible tile of the row before, live tile by live tile; a run of
//! floor that no shadow reaches is filled a word at a time, and walls are
//! read a word of 64 tiles at a time (on a map with packed rows).
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
use super::FieldBits;
use crate::bits::mask;
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::{
    one_octant, presized_reach, with_tiles, ByTile, Field, Octant, OctantRows, Reach, Sink, Tiles,
};
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
    /// The row before and the row being scanned.
    prev: Row,
    cur: Row,
}

/// One row of a quadrant, by column.
#[derive(Clone, Debug, Default)]
struct Row {
    /// The shadows, where `shadowed` says there is one (others are stale).
    shadows: Vec<Shadow>,
    /// A bit per column: the tile carries a shadow.
    shadowed: Vec<u64>,
    /// A bit per column: the tile is visible.
    seen: Vec<u64>,
}

impl Row {
    /// Room for `n` columns.
    fn fit(&mut self, n: usize) {
        if self.shadows.len() < n {
            self.shadows.resize(n, NONE);
        }
        let words = n / 64 + 1;
        if self.seen.len() < words {
            self.seen.resize(words, 0);
            self.shadowed.resize(words, 0);
        }
    }

    /// Clears the bits of the words of columns `from..=to` (mostly one word:
    /// a loop, not a call to `memset`).
    #[inline(always)]
    fn clear(&mut self, from: i64, to: i64) {
        for k in from as usize / 64..=to as usize / 64 {
            self.seen[k] = 0;
            self.shadowed[k] = 0;
        }
    }

    /// The tile at column `i`'s shadow.
    #[inline(always)]
    fn shadow(&self, i: usize) -> Shadow {
        if self.shadowed[i / 64] >> (i % 64) & 1 != 0 {
            self.shadows[i]
        } else {
            NONE
        }
    }
}

/// The row before's last visible tile.
#[derive(Clone, Copy, Debug)]
struct RowBefore {
    last: i64,
}

impl DiamondRaycast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> DiamondRaycast {
        DiamondRaycast::default()
    }

    /// Scans the quadrant of octant `o` (one of [`QUADRANTS`]) row by row,
    /// marking its visible tiles in `lit`.
    #[inline(never)]
    fn scan_quadrant<R: OctantRows>(&mut self, rows: &R, field: &Field, o: usize) {
        let octant = Octant::ALL[o];
        let (ey, ex) = octant.extents(field);
        let n = ex as usize + 1;
        self.prev.fit(n);
        self.cur.fit(n);
        // The origin's row: the origin is live and visible, and no row
        // comes before it, so no shadow above.
        let mut before = RowBefore { last: 0 };
        let mut start = 1;
        for b in 0..=ey {
            let lim = self.reach.at(b).min(ex);
            if lim < start && b > 0 {
                // The tiles from `start` on are out of range, those before dead.
                break;
            }
            // Shapes shrink across as rows go out, so the row after reads
            // no bit past `lim`.
            self.cur.clear(start.min(lim), lim);
            if b == 0 {
                self.prev.clear(0, lim);
                self.cur.seen[0] = 1;
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
                    &self.prev,
                    &mut self.cur,
                )
            };
            // The visible tiles, reported; the first and last for the row after.
            let (mut first, mut last) = (-1, -1);
            let from = if b == 0 { 0 } else { start as usize / 64 };
            for k in from..=end as usize / 64 {
                let word = self.cur.seen[k];
                if word == 0 {
                    continue;
                }
                let base = 64 * k as i64;
                if first < 0 {
                    first = base + i64::from(word.trailing_zeros());
                }
                last = base + 63 - i64::from(word.leading_zeros());
                let dy = b * octant.yx;
                if octant.xy > 0 {
                    self.lit.or_word(dy, base, word);
                } else {
                    // Columns run leftward: bit `i` is `dx = -(base + i)`.
                    self.lit.or_word(dy, -(base + 63), word.reverse_bits());
                }
            }
            if first < 0 {
                return;
            }
            before = RowBefore { last };
            start = first;
            std::mem::swap(&mut self.prev, &mut self.cur);
        }
    }
}

/// Scans row `b` of `octant`'s quadrant from column `start`, a live tile,
/// tile by live tile up to `lim`, into `cur` (its bits from `start`'s word
/// to `lim`'s clear). Returns the last column looked at.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn scan_row<R: OctantRows>(
    rows: &R,
    octant: Octant,
    b: i64,
    start: i64,
    lim: i64,
    before: RowBefore,
    prev: &Row,
    cur: &mut Row,
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
        let y = prev.shadow(i);
        let here = walls >> (a - wall_from);
        if x == NONE && y == NONE && here & 1 == 0 {
            // No shadow comes in: the run of floor from here with no shadow
            // above is visible and carries none (to the end of the word).
            let s = i % 64;
            let free = !(here | prev.shadowed[i / 64] >> s);
            let len = (free.trailing_ones() as i64)
                .min(64 - s as i64)
                .min(wall_to - a + 1)
                .min(lim - a + 1);
            cur.seen[i / 64] |= mask(s, s + len as usize - 1);
            a += len;
            if a > lim {
                return lim;
            }
            continue;
        }
        let (shadow, visible) = tile(x, y, a, b, here & 1 != 0);
        cur.shadows[i] = shadow;
        cur.shadowed[i / 64] |= u64::from(shadow != NONE) << (i % 64);
        x = shadow;
        if visible {
            cur.seen[i / 64] |= 1 << (i % 64);
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
        let mut above = prev.seen[k] & (u64::MAX << (i % 64) << 1);
        while above == 0 {
            k += 1;
            above = prev.seen[k];
        }
        let next = 64 * k as i64 + i64::from(above.trailing_zeros());
        if next > lim {
            return a;
        }
        if next > a + 1 {
            // The tile to its left is dead.
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
        return (
            Shadow {
                p: a as i32,
                q: b as i32,
            },
            false,
        );
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
        self.ready(map, field)?;
        with_tiles!(map, field.origin, |tiles| self.scan(tiles, field));
        self.lit.report(sink);
        Ok(())
    }
}

impl DiamondRaycast {
    /// Readies the scratch for `field`: no tile lit but the origin, and
    /// rows for the widest quadrant any origin can have with its range, so
    /// that no later origin needs more.
    fn ready<M: Opacity + ?Sized>(&mut self, map: &M, field: &Field) -> Result<(), FovError> {
        self.lit.reset(field)?;
        self.lit.insert(0, 0);
        let cells = presized_reach(map, field.range) + 1;
        for row in [&mut self.prev, &mut self.cur] {
            row.shadows.reserve(cells.saturating_sub(row.shadows.len()));
            for bits in [&mut row.seen, &mut row.shadowed] {
                bits.reserve((cells / 64 + 1).saturating_sub(bits.len()));
            }
        }
        self.reach.reset(field.range);
        Ok(())
    }

    /// The visible tiles of `quadrants` (of [`QUADRANTS`]) into `lit`.
    fn scan_quadrants<T: Tiles>(&mut self, tiles: &T, field: &Field, quadrants: &[usize]) {
        let lines = tiles.lines(field);
        for &o in quadrants {
            match lines.of(Octant::ALL[o]) {
                Some(rows) => self.scan_quadrant(&rows, field, o),
                None => self.scan_quadrant(&ByTile(tiles), field, o),
            }
        }
    }

    /// Whether the tile at offset `to` (in the range, not the origin;
    /// opaque when `wall`) is in the field over `field`, for `can_see` when
    /// [`sees`] cannot tell (`field` cut to the rectangle between the
    /// origin and `to`, which decides it). The scan of `to`'s quadrant
    /// alone, and for a wall the post-pass's rule at `to` only, with no
    /// masks of the box: a wall is lit when a lit transparent tile lies
    /// beside it, one step nearer the origin or level with it along each
    /// axis (see [`light_walls`]). The tiles the scan lights are visible,
    /// so transparent, but for the origin, which is lit whatever it is.
    /// A rectangle less than 64 tiles wide or high is taken a line of one
    /// word at a time instead, along its longer side ([`sees_narrow`]).
    pub(crate) fn sees_in_field<M: Opacity + ?Sized>(
        &mut self,
        map: &M,
        field: &Field,
        to: (i64, i64),
        wall: bool,
    ) -> Result<bool, FovError> {
        if let Some((k, _, _)) = narrow_octant(to) {
            let origin_open = !map.is_opaque(field.origin.0, field.origin.1);
            // A line's 64 columns whatever `to`: no later question grows it.
            self.prev.fit(64);
            self.cur.fit(64);
            let rows = (&mut self.prev.shadows[..], &mut self.cur.shadows[..]);
            let ask = (to, wall, origin_open);
            return Ok(with_tiles!(map, field.origin, |tiles| one_octant!(
                k,
                narrow_in::<_, _>(tiles, field, rows, ask)
            )));
        }
        // The quadrant holding `to` holds the rectangle: on an axis, either
        // of the two beside it, which scan that axis alike (its tiles have
        // one input, along it).
        let o = QUADRANTS
            .into_iter()
            .find(|&o| {
                let octant = Octant::ALL[o];
                to.0 * octant.xy >= 0 && to.1 * octant.yx >= 0
            })
            .unwrap_or(QUADRANTS[0]);
        self.ready(map, field)?;
        with_tiles!(map, field.origin, |tiles| self.scan_quadrants(
            tiles,
            field,
            &[o]
        ));
        if !wall {
            return Ok(self.lit.contains(to.0, to.1));
        }
        let (sx, sy) = (to.0.signum(), to.1.signum());
        let beside = [(0, sy), (sx, 0), (sx, sy)].map(|(ix, iy)| (to.0 - ix, to.1 - iy));
        Ok(beside.iter().any(|&(x, y)| {
            (x, y) != to
                && self.lit.contains(x, y)
                && ((x, y) != (0, 0) || !map.is_opaque(field.origin.0, field.origin.1))
        }))
    }

    /// The four quadrants, then `basic-raycast`'s wall post-pass.
    fn scan<T: Tiles>(&mut self, tiles: &T, field: &Field) {
        self.scan_quadrants(tiles, field, &QUADRANTS);
        self.masks.reset(tiles, field, &mut self.reach);
        // The lit tiles are visible, so transparent, but for the origin.
        if !T::PACKED_ROWS && tiles.opaque(0, 0) {
            self.masks.walls.insert(0, 0);
        }
        light_walls(tiles, &mut self.masks, &mut self.lit);
    }
}

/// [`sees_narrow`] for `to` in octant `K` of [`Octant::ALL`] (see
/// [`narrow_octant`]), compiled once per octant so that its reads know
/// their direction: straight from the map's packed lines when they hold
/// the rectangle, else through `tiles`.
fn narrow_in<const K: usize, T: Tiles>(
    tiles: &T,
    field: &Field,
    rows: (&mut [Shadow], &mut [Shadow]),
    (to, wall, origin_open): ((i64, i64), bool, bool),
) -> bool {
    let octant = Octant::ALL[K];
    // Lines along the map's columns: depth along x.
    let columns = octant.xx != 0;
    let (a, b) = (to.0.abs(), to.1.abs());
    let ask = (if columns { (b, a) } else { (a, b) }, columns);
    match tiles.octant_lines_to(field, to, octant) {
        Some(lines) => sees_narrow(&lines, rows, octant, ask, wall, origin_open),
        None => sees_narrow(&ByTile(tiles), rows, octant, ask, wall, origin_open),
    }
}

/// Whether the tile `(a, b)` of quadrant `octant` (not the origin) is in
/// the field, `a` and `b` the offsets across and along `octant`'s lines
/// (`a` below 64), which run along the map's columns when `columns`
/// (opaque when `wall`): the module docs' steps over the rectangle between
/// it and the origin, a line of one word at a time. The steps are not
/// symmetric in the axes, so with `columns` a tile's input along x is the
/// one on the line before, along y the one before it on its line. A tile
/// is live when an input is visible: the whole rectangle is
/// in the range, as `to` is (a range's [`Shape`](crate::Shape) only grows
/// with `|dx|` and `|dy|`). A wall is lit, as by the post-pass, when a
/// visible tile lies beside it nearer the origin or level with it along
/// each axis (the origin only when `origin_open`).
///
/// Per line, each a word of bits by column: the visible tiles, the live
/// walls (each an obstacle carrying itself, so no shadow to keep), and the
/// live floors carrying a shadow, kept in `above` and `here` (the scratch
/// rows, swapped as references). Only floors with a shadow coming in are
/// taken one by one. A run of walls is live where the tile above, or
/// before it the tile to the left, is visible. A run of floor with no
/// shadow coming in is visible from its first live tile on (a tile that
/// carries no shadow is never obscured, and lights the next). Both are
/// masks, so open ground and solid rock cost a few operations a line.
#[inline(always)]
fn sees_narrow<R: OctantRows>(
    lines: &R,
    (mut above, mut here): (&mut [Shadow], &mut [Shadow]),
    octant: Octant,
    ((a, b), columns): ((i64, i64), bool),
    wall: bool,
    origin_open: bool,
) -> bool {
    // The obstacle at column `i` of line `j`, in the quadrant's `(x, y)`.
    let obstacle = |i: i64, j: i64| {
        let (p, q) = if columns { (j, i) } else { (i, j) };
        Shadow {
            p: p as i32,
            q: q as i32,
        }
    };
    // This line's and the line before's bits.
    let (mut seen, mut obstacles, mut shadowed) = (0u64, 0u64, 0u64);
    let mut seen_above = 0;
    for j in 0..=b {
        let walls = lines.octant_bits(octant, j, 0, a as u32 + 1);
        let (obstacles_above, shadowed_above) = (obstacles, shadowed);
        seen_above = seen;
        (seen, obstacles, shadowed) = (0, 0, 0);
        // Where the free runs end.
        let special = walls | obstacles_above | shadowed_above;
        // The tile to the left: its shadow, and whether it is visible. The
        // origin is live and visible whatever it is, with no shadow.
        let (mut x, mut x_seen) = (NONE, j == 0);
        let mut i = i64::from(j == 0);
        seen |= u64::from(j == 0);
        while i <= a {
            if walls >> i & 1 != 0 {
                let end = (i + i64::from((!(walls >> i)).trailing_zeros())).min(a + 1);
                let live = seen_above & mask(i as usize, end as usize - 1) | u64::from(x_seen) << i;
                obstacles |= live;
                let last = end - 1;
                x = if live >> last & 1 != 0 {
                    obstacle(last, j)
                } else {
                    NONE
                };
                (x_seen, i) = (false, end);
                continue;
            }
            if x == NONE {
                // Up to the next special tile, no shadow comes in.
                let ahead = special >> i;
                let end = if ahead == 0 {
                    a + 1
                } else {
                    i + i64::from(ahead.trailing_zeros())
                };
                if end > i {
                    let first = if x_seen {
                        i
                    } else {
                        let lit = seen_above & mask(i as usize, end as usize - 1);
                        if lit == 0 {
                            end
                        } else {
                            i64::from(lit.trailing_zeros())
                        }
                    };
                    if first < end {
                        seen |= mask(first as usize, end as usize - 1);
                    }
                    (x_seen, i) = (first < end, end);
                    continue;
                }
            }
            // A floor with a shadow coming in.
            if !x_seen && seen_above >> i & 1 == 0 {
                // Not live: no shadow, not visible; nor the floors after it
                // up to a wall or one below a visible tile.
                let ahead = (walls | seen_above) >> i;
                (x, x_seen) = (NONE, false);
                i = if ahead == 0 {
                    a + 1
                } else {
                    i + i64::from(ahead.trailing_zeros())
                };
                continue;
            }
            let y = if obstacles_above >> i & 1 != 0 {
                obstacle(i, j - 1)
            } else if shadowed_above >> i & 1 != 0 {
                above[i as usize]
            } else {
                NONE
            };
            let (shadow, visible) = if columns {
                tile(y, x, j, i, false)
            } else {
                tile(x, y, i, j, false)
            };
            here[i as usize] = shadow;
            shadowed |= u64::from(shadow != NONE) << i;
            seen |= u64::from(visible) << i;
            (x, x_seen) = (shadow, visible);
            i += 1;
        }
        if j < b {
            if seen == 0 {
                // Nothing on this row is live, so nothing beyond.
                return false;
            }
            (above, here) = (here, above);
        }
    }
    let at = |bits: u64, i: i64| i >= 0 && bits >> i & 1 != 0;
    if !wall {
        return at(seen, a);
    }
    // Beside: one step nearer along y, along x, along both.
    let origin = |i: i64, row_b: i64| (i, row_b) == (0, 0) && !origin_open;
    (b > 0 && at(seen_above, a) && !origin(a, b - 1))
        || (at(seen, a - 1) && !origin(a - 1, b))
        || (b > 0 && at(seen_above, a - 1) && !origin(a - 1, b - 1))
}

/// What the rectangle between the origin and offset `to` (not the origin)
/// tells of `to` before any scan, for `can_see`: light reaches a tile only
/// from its inputs, one step nearer the origin along an axis, so only the
/// rectangle's tiles count, and a tile is live only when an input is
/// visible, so transparent (or the origin).
///
/// - `Some(true)` when every tile of the rectangle but `to` is
///   transparent: no obstacle arises, every tile is live and none
///   obscured, so `to` is seen, or lit by the post-pass when a wall (its
///   neighbours nearer the origin are visible floors).
/// - `Some(false)` when no chain of transparent tiles, each one step
///   farther from the origin along an axis, leads from the origin to a
///   neighbour of `to` that could light it: its inputs, or for a wall also
///   the tile one step nearer along both axes. The live tiles lie on such
///   chains, and the post-pass lights a wall only from a lit floor beside
///   it.
/// - `None` otherwise, or when the rectangle is more than 64 tiles both
///   wide and high (it is read a line of one word at a time).
pub(crate) fn sees<T: Tiles>(tiles: &T, field: &Field, to: (i64, i64)) -> Option<bool> {
    let (k, depth, col) = narrow_octant(to)?;
    one_octant!(k, rectangle_in::<_, T>(tiles, field, to, depth, col))
}

/// The octant whose lines take the rectangle between the origin and
/// offset `to` in the fewest lines of one word each: across the longer
/// side if it is below 64, else the shorter; as an index into
/// [`Octant::ALL`] (lines along rows, depth along y, or along columns,
/// the quadrant by the signs of `to`), with `to`'s depth and column there.
/// `None` when both sides are 64 or more.
#[inline(always)]
fn narrow_octant(to: (i64, i64)) -> Option<(usize, i64, i64)> {
    let (a, b) = (to.0.abs(), to.1.abs());
    if a.min(b) >= 64 {
        return None;
    }
    let along_rows = if a.max(b) < 64 { a >= b } else { a < 64 };
    let (depth, col) = if along_rows { (b, a) } else { (a, b) };
    let k = match (along_rows, to.0 < 0, to.1 < 0) {
        (true, false, false) => 1,
        (true, true, false) => 2,
        (true, true, true) => 5,
        (true, false, true) => 6,
        (false, false, false) => 0,
        (false, true, false) => 3,
        (false, true, true) => 4,
        (false, false, true) => 7,
    };
    Some((k, depth, col))
}

/// [`rectangle`] in octant `K` of [`Octant::ALL`], compiled once per
/// octant so that its reads know their direction: straight from the map's
/// packed `lines` when they hold the rectangle, else through `tiles`.
fn rectangle_in<const K: usize, T: Tiles>(
    tiles: &T,
    field: &Field,
    to: (i64, i64),
    depth: i64,
    col: i64,
) -> Option<bool> {
    let octant = Octant::ALL[K];
    match tiles.octant_lines_to(field, to, octant) {
        Some(rows) => rectangle(&rows, octant, depth, col),
        None => rectangle(&ByTile(tiles), octant, depth, col),
    }
}

/// [`sees`] in `octant`'s frame, `to` at `depth` and `col` (below 64),
/// reading the rectangle's lines from the origin's out. A line's reach is
/// the chains' tiles on it: its transparent tiles below one reached on the
/// line before, and the runs of transparent tiles after them.
#[inline(always)]
fn rectangle<R: OctantRows>(lines: &R, octant: Octant, depth: i64, col: i64) -> Option<bool> {
    let len = col as u32 + 1;
    let all = mask(0, col as usize);
    let target = 1 << col;
    // Each seed carries through the run of open bits above it.
    let carry = |seeds: u64, open: u64| seeds | (open.wrapping_add(seeds) ^ open) & open;
    // B's line, its walls but B's own; the origin's, where the origin is
    // live whatever it is.
    let last = lines.octant_bits(octant, depth, 0, len);
    let wall = last & target != 0;
    let last = last & !target;
    let first = if depth == 0 {
        last
    } else {
        lines.octant_bits(octant, 0, 0, len)
    };
    // Walls anywhere but B; the reach of the line before and this one's.
    let mut any = first | last;
    let mut reach = carry(1, !first & all | 1);
    for j in 1..depth {
        let walls = lines.octant_bits(octant, j, 0, len);
        any |= walls;
        reach = carry(reach & !walls, !walls & all);
        if reach == 0 {
            // Nothing on this line is live, so nothing beyond.
            return Some(false);
        }
    }
    let mut before = 0;
    if depth > 0 {
        before = reach;
        reach = carry(reach & !last, !last & all);
    }
    if any == 0 {
        Some(true)
    } else if reach & target == 0 && !(wall && col > 0 && before >> (col - 1) & 1 != 0) {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::rays::test_maps::{
        hashed_walls, origin_near_edges, random_grid, random_range, reported_once, Unpacked,
    };
    use crate::generate::{cave, SplitMix64};
    use crate::kernel::Quadrant;
    use crate::{Range, Shape};
    use std::collections::BTreeSet;

    /// The state of one tile in the scan this one replaced: the module
    /// docs' vectors, tile by tile.
    #[derive(Clone, Copy, Debug, Default)]
    struct Ray {
        xe: i64,
        ye: i64,
        xo: i64,
        yo: i64,
        live: bool,
    }

    impl Ray {
        fn obscured(&self) -> bool {
            (self.xe > 0 && self.xe <= self.xo) || (self.ye > 0 && self.ye <= self.yo)
        }

        fn casts_shadow(&self) -> bool {
            self.xo != 0 || self.yo != 0
        }
    }

    /// Steps 1 to 3 of the definition from the live inputs.
    fn merge(x_in: Option<Ray>, y_in: Option<Ray>) -> Ray {
        let mut ray = Ray::default();
        if let Some(x) = x_in {
            if x.casts_shadow() && x.xe > 0 {
                ray = Ray {
                    xe: x.xe - x.yo,
                    ye: x.ye + x.yo,
                    ..x
                };
            }
        }
        if let Some(y) = y_in {
            if y.casts_shadow() && y.ye > 0 && (ray.yo == 0 || (y.xe <= 0 && y.xo > 0)) {
                ray = Ray {
                    xe: y.xe + y.xo,
                    ye: y.ye - y.xo,
                    ..y
                };
            }
        }
        ray.live = match (x_in, y_in) {
            (None, None) => false,
            (Some(x), None) => !x.obscured(),
            (None, Some(y)) => !y.obscured(),
            (Some(x), Some(y)) => !(x.obscured() && y.obscured()),
        };
        ray
    }

    /// The definition, over every tile of each quadrant's box with the
    /// vectors as written, then the post-pass by its definition: the
    /// positions seen.
    fn reference<M: Opacity + ?Sized>(
        map: &M,
        origin: (i32, i32),
        range: Range,
    ) -> BTreeSet<(i32, i32)> {
        let field = Field::new(map, origin, range).unwrap();
        let opaque = |dx: i64, dy: i64| {
            let (x, y) = field.tile(dx, dy);
            map.is_opaque(x, y)
        };
        let mut seen = BTreeSet::from([(0, 0)]);
        for q in Quadrant::ALL {
            let (ex, ey) = q.extents(&field);
            let mut rows = vec![vec![Ray::default(); ex as usize + 1]; ey as usize + 1];
            for b in 0..=ey {
                for a in 0..=ex {
                    let (i, j) = (a as usize, b as usize);
                    if (a, b) == (0, 0) {
                        rows[0][0].live = true;
                        continue;
                    }
                    let x_in = (a > 0 && rows[j][i - 1].live).then(|| rows[j][i - 1]);
                    let y_in = (b > 0 && rows[j - 1][i].live).then(|| rows[j - 1][i]);
                    let (dx, dy) = q.offset(a, b);
                    let mut ray = merge(x_in, y_in);
                    ray.live &= field.in_range(dx, dy);
                    if ray.live {
                        if opaque(dx, dy) {
                            (ray.xe, ray.xo, ray.ye, ray.yo) = (a, a, b, b);
                        } else if !ray.obscured() {
                            seen.insert((dx, dy));
                        }
                    }
                    rows[j][i] = ray;
                }
            }
        }
        // The post-pass: walls in range next to a visible transparent tile
        // no farther from the origin on either axis.
        let mut walls = Vec::new();
        for dy in -field.up..=field.down {
            for dx in -field.left..=field.right {
                if seen.contains(&(dx, dy)) || !field.in_range(dx, dy) || !opaque(dx, dy) {
                    continue;
                }
                let lights = (-1..=1).any(|sy: i64| {
                    (-1..=1).any(|sx: i64| {
                        let (tx, ty) = (dx + sx, dy + sy);
                        (sx, sy) != (0, 0)
                            && tx.abs() <= dx.abs()
                            && ty.abs() <= dy.abs()
                            && seen.contains(&(tx, ty))
                            && !opaque(tx, ty)
                    })
                });
                if lights {
                    walls.push((dx, dy));
                }
            }
        }
        seen.extend(walls);
        seen.iter().map(|&(dx, dy)| field.tile(dx, dy)).collect()
    }

    /// The scan's positions, checked to come once each, the origin first.
    fn scanned<M: Opacity + ?Sized>(
        fov: &mut DiamondRaycast,
        map: &M,
        origin: (i32, i32),
        range: Range,
    ) -> BTreeSet<(i32, i32)> {
        let field = Field::new(map, origin, range).unwrap();
        reported_once(origin, |sink| fov.run(map, &field, sink).unwrap())
    }

    #[test]
    fn equals_the_definition_tile_by_tile_on_random_maps() {
        let mut rng = SplitMix64::new(0x4449_414d);
        let mut fov = DiamondRaycast::new();
        let mut wide = 0;
        for n in 0..3000 {
            // Most maps small; one in five wide enough for rows of more
            // than a word; caves as well as noise.
            let large = n % 5 == 0;
            let (w, h) = if large {
                let (long, other) = (65 + rng.below(100), 1 + rng.below(100));
                if n % 2 == 0 {
                    (long, other)
                } else {
                    (other, long)
                }
            } else {
                let side = 1 + rng.below(30);
                (1 + rng.below(side), 1 + rng.below(side))
            };
            // Sparse walls on the large maps, so that shadows go far.
            let g = if n % 3 == 0 && !large {
                cave(w, h, rng.next_u64())
            } else if large {
                random_grid(&mut rng, w, h, [1, 2, 4, 8][n % 4])
            } else {
                random_grid(&mut rng, w, h, [0, 5, 15, 30, 50][n % 5])
            };
            let origin = origin_near_edges(&mut rng, w, h);
            let range = random_range(&mut rng, if large { 120 } else { 25 });
            let field = Field::new(&g, origin, range).unwrap();
            wide += usize::from(
                field.left.max(field.right) >= 64 && range.radius().is_none_or(|r| r >= 64),
            );
            let want = reference(&g, origin, range);
            let packed = scanned(&mut fov, &g, origin, range);
            assert_eq!(packed, want, "map {n} {w}x{h} from {origin:?} {range:?}");
            let asked = scanned(&mut fov, &Unpacked(&g), origin, range);
            assert_eq!(asked, want, "map {n} read tile by tile");
        }
        assert!(wide > 100, "only {wide} fields with rows past a word");
    }

    #[test]
    fn an_unbounded_map_with_a_radius_equals_the_definition() {
        let mut rng = SplitMix64::new(17);
        let mut fov = DiamondRaycast::new();
        for n in 0..150u64 {
            // Random walls from a hash of the position.
            let walls = hashed_walls(rng.next_u64(), n % 30);
            let range = Range::new(rng.below(80), Shape::ALL[n as usize % Shape::ALL.len()]);
            let origin = (rng.below(20) as i32 - 10, rng.below(20) as i32 - 10);
            let want = reference(&walls, origin, range);
            assert_eq!(scanned(&mut fov, &walls, origin, range), want, "{n}");
        }
    }

    #[test]
    fn the_rectangle_settles_clear_and_cut_off() {
        use crate::kernel::field::open_field;
        use crate::kernel::tiles::Asked;
        let ask = |walls: &[(i32, i32)], to: (i64, i64)| {
            let map = |x: i32, y: i32| walls.contains(&(x, y));
            sees(&Asked::new(&map, (0, 0)), &open_field((0, 0)), to)
        };
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let at = |x: i32, y: i32| (x * sx, y * sy);
            let to = |x: i64, y: i64| (x * i64::from(sx), y * i64::from(sy));
            // Clear but for B, a wall or not; walls outside do not count.
            assert_eq!(ask(&[at(-1, 0), at(7, 2)], to(6, 2)), Some(true));
            assert_eq!(ask(&[at(6, 2)], to(6, 2)), Some(true));
            // A column walled across the rectangle, or a row.
            let column = [at(3, 0), at(3, 1), at(3, 2)];
            assert_eq!(ask(&column, to(6, 2)), Some(false));
            let row = [at(0, 1), at(1, 1), at(2, 1), at(3, 1)];
            assert_eq!(ask(&row, to(3, 3)), Some(false));
            // Either with a gap, or on the origin's or B's own line, tells
            // nothing.
            assert_eq!(ask(&column[..2], to(6, 2)), None);
            assert_eq!(ask(&[at(0, 3), at(1, 3), at(2, 3)], to(3, 3)), None);
            // A staircase with no line walled across still cuts every
            // chain that steps away from the origin...
            let stairs = [at(3, 0), at(2, 1), at(1, 2)];
            assert_eq!(ask(&stairs, to(6, 2)), Some(false));
            assert_eq!(ask(&stairs[..2], to(6, 2)), None);
            // ...but a wall B may still be lit from the floor one step
            // nearer along both axes.
            let corner = [at(6, 2), at(6, 1), at(5, 2)];
            assert_eq!(ask(&corner, to(6, 2)), None);
            assert_eq!(ask(&[at(6, 1), at(5, 2)], to(6, 2)), Some(false));
            // Rectangles wider than a word are read by columns.
            assert_eq!(ask(&[], to(70, 3)), Some(true));
            assert_eq!(ask(&[], to(3, 70)), Some(true));
            let row = [at(0, 40), at(1, 40), at(2, 40), at(3, 40)];
            assert_eq!(ask(&row, to(3, 70)), Some(false));
            assert_eq!(ask(&[], to(70, 70)), None);
        }
    }
}
