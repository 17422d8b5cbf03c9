//! Precise Permissive Field of View (`precise-permissive`).
//!
//! **Definition.** Tile B is visible from tile A when some straight segment
//! from a point strictly inside A to a point strictly inside B meets the
//! interior of no opaque tile. Segments may run along wall edges and through
//! the corner shared by two diagonal walls, so diagonal gaps are see-through,
//! while a pillar still hides what is straight behind it. The definition is
//! symmetric, so the field of view is: B sees A exactly when A sees B. It is
//! the most permissive tile-to-tile rule: if any part of A can see any part
//! of B, B is visible. libtcod's `FOV_PERMISSIVE_8` computes the same sets.
//!
//! **How.** Each quadrant is scanned row by row moving away from the origin,
//! each row from the axis outward, keeping a list of *views*: wedges bounded
//! by a *shallow* and a *steep* sight line from the corners of the origin
//! tile. An opaque tile inside a view *bumps* one of its lines inward, splits
//! the view in two, or closes it. Every line keeps its bumps, because moving
//! one line can make it cross a bump of the other line; the line then pivots
//! on that bump. Coordinates are integers and every test is an exact integer
//! orientation test, so there is no rounding anywhere.
//!
//! **Performance.** Nothing divides but when a line moves, and within a
//! view's span on a row no geometry is needed: the next wall is found a
//! 64-tile word at a time from packed rows, and the lit tiles go to the sink
//! as row spans.
//!
//! **The diagonal rule** ([`DiagonalGaps::Block`](crate::DiagonalGaps::Block)).
//! The definition gains one condition: the segment passes no corner whose
//! two diagonally opposite tiles are both opaque. A view's sight lines all
//! pass where its shallow and steep lines cross (its waist), so a view
//! whose lines cross at such a corner is closed; a view of one line (the
//! two lines coincide) is closed at the first such corner it reaches, row by
//! row. That is the whole change: the test runs only after a bump, and on
//! views of one line, so fields without the rule cost what they did. The
//! definition stays symmetric, and so does the field.
//!
//! **Permissiveness levels** (`permissive-0` to `permissive-8`, see
//! [`PrecisePermissive::with_level`]). The same code serves libtcod's
//! generalisation, which sees from a smaller square centered in the origin
//! tile. A view that narrows to a single line closes, so level 0 does not
//! see through diagonal gaps. With libtcod's square radius it gives
//! libtcod's sets exactly at every level (40 golden maps in the tests).
//!
//! **Allocation.** Bumps live in a reused arena as persistent linked lists,
//! so splitting a view copies two indices rather than two lists. Views and
//! bumps are sized from the range cut to the map's size, whatever the
//! origin, never from the map beyond it.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, PrecisePermissive, Range};
//!
//! // A diagonal gap: S sees D between two walls touching at a corner.
//! let map = Grid::parse("#d\ns#\n")?.grid;
//! let mut fov = PrecisePermissive::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(1, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::centre_ray;
use crate::kernel::sink::Target;
use crate::kernel::{
    each_quadrant, presized_reach, with_tiles, Field, Quadrant, Reach, Sink, Stepped, Tiles,
};
use crate::map::Opacity;
use crate::range::Range;

#[cfg(test)]
mod old_reference;
mod translucent;

/// A sight line, in quadrant coordinates (x right, y away from the origin)
/// scaled by the size of a tile (1, or [`STEP`] below level 8): through the
/// point `(px, py)`, directed along `(dx, dy)`. Points are tile corners (or
/// corners of the source square); tile `(x, y)` spans `[x, x+1] x [y, y+1]`
/// times the step.
///
/// Coordinates stay within 2^30 + 16 (see `LEVEL_REACH` and
/// [`MAX_REACH`](crate::kernel::field::MAX_REACH)), so they and the directions
/// fit in `i32`, and every product of two in `i64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    px: i32,
    py: i32,
    dx: i32,
    dy: i32,
}

impl Line {
    /// The line from `(px, py)` through `(qx, qy)`.
    #[inline]
    fn through(px: i64, py: i64, qx: i64, qy: i64) -> Line {
        Line {
            px: px as i32,
            py: py as i32,
            dx: (qx - px) as i32,
            dy: (qy - py) as i32,
        }
    }

    /// Positive when `(x, y)` lies counter-clockwise of the line (to its
    /// left, with y up), negative clockwise, zero on it.
    #[inline]
    fn side(&self, x: i64, y: i64) -> i64 {
        i64::from(self.dx) * (y - i64::from(self.py))
            - i64::from(self.dy) * (x - i64::from(self.px))
    }

    /// `k` in `side(x, y) = dx·y - dy·x - k`.
    #[inline]
    fn k(&self) -> i64 {
        i64::from(self.dx) * i64::from(self.py) - i64::from(self.dy) * i64::from(self.px)
    }

    /// The line from `(px, py)` through this line's end.
    #[inline]
    fn pivot(&self, px: i64, py: i64) -> Line {
        Line::through(
            px,
            py,
            i64::from(self.px) + i64::from(self.dx),
            i64::from(self.py) + i64::from(self.dy),
        )
    }
}

/// No bump: the end of a bump list.
const NO_BUMP: u32 = u32::MAX;

/// A tile corner that moved a sight line, linked to the line's earlier bumps.
#[derive(Clone, Copy, Debug)]
struct Bump {
    x: i32,
    y: i32,
    previous: u32,
}

/// A wedge of the quadrant still open to sight, between a shallow line
/// (nearer the x axis) and a steep one, each ending at its last bump; and
/// its span on the row being scanned, tiles `lo.value..=hi.value`, stepped
/// from row to row.
#[derive(Clone, Copy, Debug)]
struct View {
    shallow: Line,
    steep: Line,
    shallow_bumps: u32,
    steep_bumps: u32,
    /// The first tile whose bottom-right corner lies strictly clockwise of
    /// the steep line.
    lo: Stepped,
    /// The last tile whose top-left corner lies strictly counter-clockwise
    /// of the shallow line.
    hi: Stepped,
}

impl View {
    /// Sets [`View::hi`] from row `y` on, for tiles of `step` units: the
    /// last `x` with `side(step·x, step·(y + 1)) > 0`, that is `b·x < n`
    /// with `b = step·dy` and `n = step·dx·(y + 1) - k`.
    ///
    /// The line starts at the source's corner `(offset, limit)` or at a
    /// bump of an earlier row, and ends at a top-left corner of row `y` or
    /// later, so `dy >= 0` once bumped. Only the first line descends, and
    /// it bounds no tile of the quadrant; a level line through a bump of
    /// row `y` lets every later row through.
    #[inline]
    fn shallow_bound(&mut self, y: i64, step: i64) {
        let s = &self.shallow;
        let (a, b) = (step * i64::from(s.dx), step * i64::from(s.dy));
        let n = a * (y + 1) - s.k();
        self.hi = if b > 0 {
            Stepped::new(n - 1, a, b)
        } else if b < 0 || n + a > 0 {
            Stepped::constant(i64::MAX)
        } else {
            Stepped::constant(i64::MIN)
        };
    }

    /// Sets [`View::lo`] from row `y` on: the first `x` with
    /// `side(step·(x + 1), step·y) < 0`, that is `c·(x + 1) > m` with
    /// `c = step·dy` and `m = step·dx·y - k`.
    ///
    /// The line starts at the source's corner `(limit, offset)` or at a bump
    /// of an earlier row, and ends at a bottom-right corner of row `y`, so
    /// `dy >= 0` but on row 0 from a source corner above it (levels below
    /// 8): the line then falls, and no later row has a tile clockwise of it.
    #[inline]
    fn steep_bound(&mut self, y: i64, step: i64) {
        let t = &self.steep;
        let (a, c) = (step * i64::from(t.dx), step * i64::from(t.dy));
        let m = a * y - t.k();
        self.lo = if c > 0 {
            Stepped::new(m, a, c)
        } else if c == 0 && m + a < 0 {
            Stepped::constant(i64::MIN)
        } else {
            // No tile: the view is done for good.
            Stepped::constant(i64::MAX)
        };
    }

    /// Steps the span on to the next row.
    #[inline(always)]
    fn next_row(&mut self, step: i64) {
        self.lo.next(step * i64::from(self.steep.dy));
        self.hi.next(step * i64::from(self.shallow.dy));
    }

    /// Moves the shallow line (`SHALLOW`) or the steep one to pass through
    /// `(x, y)`, then pivots it on the other line's bumps it would leave
    /// clockwise (the shallow line) or counter-clockwise (the steep one).
    #[inline(never)]
    fn bump<const SHALLOW: bool>(&mut self, bumps: &mut Vec<Bump>, x: i64, y: i64) {
        let (line, own, other) = if SHALLOW {
            (&mut self.shallow, &mut self.shallow_bumps, self.steep_bumps)
        } else {
            (&mut self.steep, &mut self.steep_bumps, self.shallow_bumps)
        };
        *line = Line::through(i64::from(line.px), i64::from(line.py), x, y);
        bumps.push(Bump {
            x: x as i32,
            y: y as i32,
            previous: *own,
        });
        *own = bumps.len() as u32 - 1;
        // A bump the line would leave on the wrong side of it.
        let left_out = |side: i64| if SHALLOW { side < 0 } else { side > 0 };
        let mut bump = other;
        while let Some(b) = bumps.get(bump as usize) {
            let (bx, by) = (i64::from(b.x), i64::from(b.y));
            if left_out(line.side(bx, by)) {
                *line = line.pivot(bx, by);
            }
            bump = b.previous;
        }
    }

    /// Whether the two lines coincide through a corner `(offset, limit)` or
    /// `(limit, offset)` of the source: nothing is left to see.
    #[inline]
    fn is_dead(&self, offset: i64, limit: i64) -> bool {
        let (s, t) = (&self.shallow, &self.steep);
        s.side(i64::from(t.px), i64::from(t.py)) == 0
            && i64::from(s.dx) * i64::from(t.dy) == i64::from(s.dy) * i64::from(t.dx)
            && (s.side(offset, limit) == 0 || s.side(limit, offset) == 0)
    }

    /// Whether the two lines cross at a tile corner `(x, y)`, `x, y >= 1`,
    /// whose tiles `(x, y - 1)` and `(x - 1, y)` are both opaque: a corner
    /// that [`DiagonalGaps::Block`](crate::DiagonalGaps::Block) shuts. The
    /// view's sight lines all pass where its lines cross (its waist), so
    /// beyond such a corner the view sees nothing. When the lines coincide
    /// the view is that one line, shut by any such corner among the bumps
    /// it passes. Level 8 only (`step` 1).
    #[inline(never)]
    fn sealed<T: Tiles>(&self, q: Quadrant, tiles: &T, bumps: &[Bump]) -> bool {
        let shut = |x: i64, y: i64| shut(q, tiles, x, y);
        let (s, t) = (&self.shallow, &self.steep);
        // Products of two coordinates or directions fit in i64 (each is
        // within 2^31); the crossing's numerators need i128 only far out.
        let cross = i64::from(s.dx) * i64::from(t.dy) - i64::from(s.dy) * i64::from(t.dx);
        if cross == 0 {
            if s.side(i64::from(t.px), i64::from(t.py)) != 0 {
                return false;
            }
            for list in [self.shallow_bumps, self.steep_bumps] {
                let mut bump = list;
                while let Some(b) = bumps.get(bump as usize) {
                    let (bx, by) = (i64::from(b.x), i64::from(b.y));
                    if s.side(bx, by) == 0 && shut(bx, by) {
                        return true;
                    }
                    bump = b.previous;
                }
            }
            return false;
        }
        // The crossing is s.p + s.d·λ with λ = ((t.p - s.p) × t.d) / cross.
        let (ex, ey) = (
            i64::from(t.px) - i64::from(s.px),
            i64::from(t.py) - i64::from(s.py),
        );
        let lambda = ex * i64::from(t.dy) - ey * i64::from(t.dx);
        let (x, y) = match (
            i64::from(s.dx).checked_mul(lambda),
            i64::from(s.dy).checked_mul(lambda),
        ) {
            // (i64::MIN / -1 would overflow; that rare case goes to i128.)
            (Some(xn), Some(yn)) if xn != i64::MIN && yn != i64::MIN => {
                if xn % cross != 0 || yn % cross != 0 {
                    return false;
                }
                (i64::from(s.px) + xn / cross, i64::from(s.py) + yn / cross)
            }
            _ => {
                let (c, l) = (i128::from(cross), i128::from(lambda));
                let (xn, yn) = (i128::from(s.dx) * l, i128::from(s.dy) * l);
                if xn % c != 0 || yn % c != 0 {
                    return false;
                }
                // Lines stay within 2^31 of the origin, so the corner fits.
                (
                    (i128::from(s.px) + xn / c) as i64,
                    (i128::from(s.py) + yn / c) as i64,
                )
            }
        };
        shut(x, y)
    }

    /// Whether the view is a single sight line (its two lines coincide)
    /// that passes a shut corner at height `y`, the bottom of row `y`:
    /// the corners between its bumps are met only as the rows reach them.
    #[inline]
    fn shut_on_row<T: Tiles>(&self, q: Quadrant, tiles: &T, y: i64) -> bool {
        let (s, t) = (&self.shallow, &self.steep);
        let parallel = i64::from(s.dx) * i64::from(t.dy) == i64::from(s.dy) * i64::from(t.dx);
        parallel && self.single_line_shut_on_row(q, tiles, y)
    }

    /// [`View::shut_on_row`] once the lines are known parallel.
    #[inline(never)]
    fn single_line_shut_on_row<T: Tiles>(&self, q: Quadrant, tiles: &T, y: i64) -> bool {
        let (s, t) = (&self.shallow, &self.steep);
        if s.side(i64::from(t.px), i64::from(t.py)) != 0 || s.dy == 0 {
            return false;
        }
        // The line's x at height y is px + dx·(y - py)/dy.
        let dy = i128::from(s.dy);
        let num = i128::from(s.dx) * i128::from(y - i64::from(s.py)) + i128::from(s.px) * dy;
        if num % dy != 0 {
            return false;
        }
        shut(q, tiles, (num / dy) as i64, y)
    }

    /// The span on row `y`, computed from the lines: what the steppers
    /// must agree with (within `0..=last`).
    #[cfg(debug_assertions)]
    fn exact_span(&self, y: i64, step: i64) -> (i64, i64) {
        let (mut lo, mut hi) = (i64::MIN, i64::MAX);
        let s = &self.shallow;
        let (b, n) = (
            step * i64::from(s.dy),
            step * i64::from(s.dx) * (y + 1) - s.k(),
        );
        if b > 0 {
            hi = (n - 1).div_euclid(b);
        } else if b < 0 {
            lo = (-n).div_euclid(-b) + 1;
        } else if n <= 0 {
            return (1, 0);
        }
        let t = &self.steep;
        let (c, m) = (step * i64::from(t.dy), step * i64::from(t.dx) * y - t.k());
        if c > 0 {
            lo = lo.max(m.div_euclid(c));
        } else if c < 0 {
            hi = hi.min((-m - 1).div_euclid(-c) - 1);
        } else if m >= 0 {
            return (1, 0);
        }
        (lo, hi)
    }
}

/// Whether the corner `(x, y)` of quadrant `q`, `x, y >= 1`, is shut by the
/// diagonal rule for the quadrant's sight lines: its tiles `(x, y - 1)` and
/// `(x - 1, y)` are both opaque (lines through the other pair cross their
/// interiors anyway).
#[inline]
fn shut<T: Tiles>(q: Quadrant, tiles: &T, x: i64, y: i64) -> bool {
    x >= 1
        && y >= 1
        && tiles.opaque(q.sx * x, q.sy * (y - 1))
        && tiles.opaque(q.sx * (x - 1), q.sy * y)
}

/// The opacity of the tiles `x..=end` (at most 64) of row `y` of quadrant
/// `Q`. A quadrant whose x runs rightward gets tile `x + i` in bit `i`; one
/// whose x runs leftward gets it in bit `63 - i`, the map's own order, so
/// that no word is ever mirrored.
#[inline(always)]
fn read_row<const Q: usize, T: Tiles>(tiles: &T, y: i64, x: i64, end: i64) -> (u64, i64) {
    let q = Quadrant::ALL[Q];
    let len = (end - x + 1).min(64) as u32;
    let dy = q.sy * y;
    let bits = if q.sx > 0 {
        tiles.row_bits(x, dy, len)
    } else {
        tiles.row_bits(-(x + i64::from(len) - 1), dy, len) << (64 - len)
    };
    (bits, x + i64::from(len))
}

/// Reusable scratch for Precise Permissive FOV; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, PrecisePermissive, Range};
///
/// // A pillar hides the tile straight behind it, and nothing else.
/// let map = |x: i32, y: i32| (x, y) == (1, 1);
/// let mut fov = PrecisePermissive::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(2), |x, y| seen.push((x, y)))?;
/// assert!(!seen.contains(&(2, 2)));
/// assert!(seen.contains(&(2, 1)) && seen.contains(&(1, 2)));
/// assert_eq!(seen.len(), 25 - 1);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PrecisePermissive {
    level: u8,
    views: Vec<View>,
    bumps: Vec<Bump>,
    /// The range's reach, row by row.
    reach: Reach,
    /// The scan through translucent tiles.
    lit: translucent::Lit,
}

impl Default for PrecisePermissive {
    fn default() -> PrecisePermissive {
        PrecisePermissive {
            level: MAX_LEVEL,
            views: Vec::new(),
            bumps: Vec::new(),
            reach: Reach::default(),
            lit: translucent::Lit::default(),
        }
    }
}

/// The highest permissiveness: the whole origin tile sees.
pub const MAX_LEVEL: u8 = 8;

/// Sixteenths of a tile: the unit of libtcod's permissiveness levels.
const STEP: i64 = 16;

/// The most tiles a quadrant reserves scratch for up front.
const RESERVE_CAP: i64 = 1 << 14;

/// How far a level below 8 reaches: offsets times [`STEP`] stay below 2^30,
/// so orientation products stay below 2^62.
const LEVEL_REACH: i64 = 1 << 26;

impl PrecisePermissive {
    /// Empty scratch for Precise Permissive FOV (level 8); it grows on first
    /// use and is then reused.
    pub fn new() -> PrecisePermissive {
        PrecisePermissive::default()
    }

    /// Scratch for libtcod's permissiveness `level`, 0 to 8, or `None` above 8.
    ///
    /// At level `p` the viewer sees from the square of side `p/8` tile
    /// centered in its tile, rather than from the whole tile: level 8 is
    /// Precise Permissive FOV; level 0 sees from the center point only.
    /// Levels below 8 are not symmetric (the source is smaller than the
    /// target), and reach at most 2^26 tiles from the origin.
    ///
    /// ```
    /// use sightlines::{FieldOfView, Grid, PrecisePermissive, Range};
    ///
    /// // Peeking past a corner: the whole tile sees more than its center.
    /// let map = Grid::parse("....\n.##.\n@...\n")?.grid;
    /// let count = |level| {
    ///     let mut fov = PrecisePermissive::with_level(level).unwrap();
    ///     let mut n = 0;
    ///     fov.compute(&map, (0, 2), Range::UNLIMITED, |_, _| n += 1).unwrap();
    ///     n
    /// };
    /// assert!(count(0) <= count(4) && count(4) <= count(8));
    /// assert!(PrecisePermissive::with_level(9).is_none());
    /// # Ok::<(), sightlines::ParseError>(())
    /// ```
    pub fn with_level(level: u8) -> Option<PrecisePermissive> {
        (level <= MAX_LEVEL).then(|| PrecisePermissive {
            level,
            ..PrecisePermissive::default()
        })
    }

    /// The permissiveness level, 0 to 8.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Changes the permissiveness level, keeping the scratch; `false` (and no
    /// change) above 8.
    pub fn set_level(&mut self, level: u8) -> bool {
        let ok = level <= MAX_LEVEL;
        if ok {
            self.level = level;
        }
        ok
    }

    /// Sizes the scratch from the range cut to the map's size, whatever the
    /// origin: a quadrant holds at most `(reach + 1)²` tiles, each blocking
    /// a view at most once, adding at most two bumps and one view (beyond
    /// [`RESERVE_CAP`] tiles a quadrant, the scratch grows as the scan
    /// demands). The range's rows are reserved by [`Reach::reset`]. Returns
    /// the side, `reach + 1`.
    fn reserve<M: Opacity + ?Sized>(&mut self, map: &M, range: Range) -> usize {
        let side = presized_reach(map, range) as i64 + 1;
        let tiles = side.min(RESERVE_CAP).pow(2).min(RESERVE_CAP);
        self.views.clear();
        self.bumps.clear();
        self.views.reserve(tiles as usize + 1);
        self.bumps.reserve(2 * tiles as usize);
        self.reach.reset(range);
        side as usize
    }

    /// Whether the tile at offset `to` (on the field, in its range, not the
    /// origin) is visible, walls lit: [`centre_ray::verdict`] when the
    /// segment between the centres or the squares' hull settles it, else
    /// its quadrant's scan alone, through the [`Corridor`] around the sight
    /// line and up to its row.
    pub(crate) fn sees<M>(&mut self, map: &M, field: &Field, to: (i64, i64)) -> bool
    where
        M: Opacity + ?Sized,
    {
        if let Some(seen) = with_tiles!(map, field.origin, |tiles| {
            centre_ray::verdict(tiles, field, to)
        }) {
            return seen;
        }
        self.reserve(map, field.range);
        // The quadrant that reports the tile (axis tiles included).
        let q = match (to.0 < 0, to.1 < 0) {
            (false, false) => 0,
            (true, false) => 1,
            (true, true) => 2,
            (false, true) => 3,
        };
        let corridor = Corridor::new(to.0.abs(), to.1.abs());
        let mut target = Target::new(to);
        with_tiles!(map, field.origin, |tiles| match q {
            0 => self.sight::<0, _>(tiles, field, corridor, &mut target),
            1 => self.sight::<1, _>(tiles, field, corridor, &mut target),
            2 => self.sight::<2, _>(tiles, field, corridor, &mut target),
            _ => self.sight::<3, _>(tiles, field, corridor, &mut target),
        });
        target.seen
    }

    /// [`sees`](Self::sees) in quadrant `Q`.
    fn sight<const Q: usize, T: Tiles>(
        &mut self,
        tiles: &T,
        field: &Field,
        corridor: Corridor,
        target: &mut Target,
    ) {
        let tiles = &InCorridor {
            tiles,
            corridor,
            q: Quadrant::ALL[Q],
        };
        self.scan_quadrant::<Q, _, _, _>(tiles, field, target, corridor);
    }

    /// Scans quadrant `Q` of [`Quadrant::ALL`], compiled once per quadrant
    /// so that its transform is constant in the hot loop, through the tiles
    /// `cut` keeps.
    #[inline(never)]
    fn scan_quadrant<const Q: usize, T, S, C>(
        &mut self,
        tiles: &T,
        field: &Field,
        sink: &mut S,
        mut cut: C,
    ) where
        T: Tiles,
        S: Sink,
        C: Cut,
    {
        let q = Quadrant::ALL[Q];
        let (mut ex, mut ey) = q.extents(field);
        // The corners of the square the viewer sees from, `(offset, limit)`,
        // and the size of a tile, in the same units.
        let (offset, limit, step) = match self.level {
            MAX_LEVEL => (0, 1, 1),
            p => (8 - i64::from(p), 8 + i64::from(p), STEP),
        };
        if step > 1 {
            ex = ex.min(LEVEL_REACH);
            ey = ey.min(LEVEL_REACH);
        }
        if ex == 0 && ey == 0 {
            return;
        }
        // The diagonal rule, at level 8 (below it no view passes a corner).
        let seal = field.gaps.blocks() && step == 1;
        // From the source square's corners to the far edges of the field, as
        // libtcod draws them; an empty side still gets a far end off the
        // origin, or its line would be degenerate.
        let mut first = View {
            shallow: Line::through(offset, limit, step * ex.max(1), 0),
            steep: Line::through(limit, offset, 0, step * ey.max(1)),
            shallow_bumps: NO_BUMP,
            steep_bumps: NO_BUMP,
            lo: Stepped::constant(0),
            hi: Stepped::constant(0),
        };
        first.shallow_bound(0, step);
        first.steep_bound(0, step);
        self.views.clear();
        self.bumps.clear();
        self.views.push(first);
        // Row by row away from the origin, each row from the y axis outward.
        // A tile can only be hidden by tiles of earlier rows, or of its own
        // row nearer the axis, so every tile that can hide it has been met;
        // and every wall met so far lies, along any sight line through the
        // tile, before it: the lines' bumps are all behind the row.
        for y in 0..=cut.last_row(ey) {
            // Tiles beyond the range cannot hide tiles within it (every
            // shape grows with |x| and |y|), so the row stops at its reach.
            let last = self.reach.at(y).min(ex);
            if last < 0 || self.views.is_empty() {
                return;
            }
            let (first_kept, last_kept) = cut.next_row();
            let reported = cut.reports(y);
            // Whether some view meets the kept columns on this row.
            let mut open = false;
            // The row's opacity, read a window at a time as the views ask.
            let (mut window, mut window_end) = (0u64, 0i64);
            let mut window_start = 0i64;
            // Views run from the steep side (small x) to the shallow one;
            // each tile is given to the first view that holds it.
            let mut cursor = i64::from(y == 0);
            let (mut run_start, mut run_end) = (0, -1);
            let mut k = 0;
            while let Some(view) = self.views.get_mut(k) {
                #[cfg(debug_assertions)]
                {
                    let (lo, hi) = view.exact_span(y, step);
                    let (a, b) = (lo.max(cursor), hi.min(last));
                    let (c, d) = (view.lo.value.max(cursor), view.hi.value.min(last));
                    assert!(
                        a > b && c > d || (a, b) == (c, d),
                        "row {y}: {view:?} {lo} {hi} cursor {cursor} last {last}"
                    );
                }
                if seal && view.shut_on_row(q, tiles, y) {
                    self.views.remove(k);
                    continue;
                }
                let (lo, hi) = (view.lo.value.max(cursor), view.hi.value.min(last));
                let (lo, hi) = if C::CUTS {
                    // A view whose own span meets the kept columns may
                    // hold a sight line to the target; one that does not
                    // holds none, nor will the views it leaves.
                    let (a, b) = (view.lo.value, view.hi.value.min(last));
                    if a.max(first_kept) > b.min(last_kept) && y > 0 {
                        self.views.remove(k);
                        continue;
                    }
                    open = true;
                    (lo.max(first_kept), hi.min(last_kept))
                } else {
                    (lo, hi)
                };
                if lo > hi {
                    if view.lo.value > last && view.lo.step >= 0 {
                        // Beyond the range, and only going farther.
                        self.views.remove(k);
                    } else {
                        view.next_row(step);
                        k += 1;
                    }
                    continue;
                }
                // The first wall from `lo` on.
                let mut x = lo;
                let wall = loop {
                    if x >= window_end {
                        window_start = x;
                        let end = if T::PACKED_ROWS { last } else { hi };
                        (window, window_end) = read_row::<Q, T>(tiles, y, x, end);
                    }
                    let skip = (x - window_start) as u32;
                    let (ahead, zeros) = if q.sx > 0 {
                        let ahead = window >> skip;
                        (ahead, ahead.trailing_zeros())
                    } else {
                        let ahead = window << skip;
                        (ahead, ahead.leading_zeros())
                    };
                    if ahead != 0 {
                        break x + i64::from(zeros);
                    }
                    if window_end > hi {
                        break window_end;
                    }
                    x = window_end;
                };
                let end = wall.min(hi);
                if lo != run_end + 1 {
                    if reported {
                        emit::<Q, S>(sink, y, run_start, run_end);
                    }
                    run_start = lo;
                }
                run_end = end;
                cursor = end + 1;
                if wall > hi {
                    view.next_row(step);
                    k += 1;
                    continue;
                }
                // The wall bumps, splits or closes the view.
                let (left, right) = (wall * step, (wall + 1) * step);
                let (bottom, top) = (y * step, (y + 1) * step);
                let shallow_hit = view.shallow.side(right, bottom) < 0;
                let steep_hit = view.steep.side(left, top) > 0;
                if shallow_hit && steep_hit {
                    self.views.remove(k);
                    continue;
                }
                if shallow_hit {
                    // The shallow line starts on an earlier row or at the
                    // source, so it now rises through the wall's top-left
                    // corner: the view has no more tiles on this row.
                    view.bump::<true>(&mut self.bumps, left, top);
                    if view.is_dead(offset, limit) || seal && view.sealed(q, tiles, &self.bumps) {
                        self.views.remove(k);
                    } else {
                        view.shallow_bound(y, step);
                        view.next_row(step);
                        k += 1;
                    }
                    continue;
                }
                if !steep_hit {
                    // A split: the part beyond the wall's top-left corner
                    // is done with this row; the one beyond its
                    // bottom-right corner goes on, after it.
                    let mut near = *view;
                    near.bump::<true>(&mut self.bumps, left, top);
                    if !(near.is_dead(offset, limit) || seal && near.sealed(q, tiles, &self.bumps))
                    {
                        near.shallow_bound(y, step);
                        near.next_row(step);
                        self.views.insert(k, near);
                        k += 1;
                    }
                }
                let view = &mut self.views[k];
                view.bump::<false>(&mut self.bumps, right, bottom);
                if view.is_dead(offset, limit) || seal && view.sealed(q, tiles, &self.bumps) {
                    self.views.remove(k);
                    continue;
                }
                view.steep_bound(y, step);
                if view.steep.dy <= 0 {
                    // The line is level or falls: no more tiles on this row.
                    view.next_row(step);
                    k += 1;
                }
            }
            if reported {
                emit::<Q, S>(sink, y, run_start, run_end);
            }
            if C::CUTS && !open && y > 0 {
                // Every sight line that passes the walls so far lies in a
                // view, and one that reaches the target crosses this row
                // within the kept columns: none does. (Row 0 is the source's,
                // whose own tile no view holds.)
                return;
            }
        }
    }
}

/// The tiles of a quadrant that a scan looks at: every tile of the field,
/// or for `can_see` a [`Corridor`].
trait Cut {
    /// Whether rows are cut at all.
    const CUTS: bool;

    /// The last row to scan, of the field's `ey`.
    fn last_row(&self, ey: i64) -> i64;

    /// The columns kept on the next row, `first..=last` (rows come in
    /// order from 0).
    fn next_row(&mut self) -> (i64, i64);

    /// Whether row `y`'s tiles go to the sink.
    fn reports(&self, y: i64) -> bool;
}

/// Every tile of the field: a field of view.
struct Whole;

impl Cut for Whole {
    const CUTS: bool = false;

    #[inline(always)]
    fn last_row(&self, ey: i64) -> i64 {
        ey
    }

    #[inline(always)]
    fn next_row(&mut self) -> (i64, i64) {
        (0, i64::MAX)
    }

    #[inline(always)]
    fn reports(&self, _y: i64) -> bool {
        true
    }
}

/// The tiles within 1 (Chebyshev) of the segment from the origin's centre
/// to target `(bx, by)`'s, widened to whole runs of columns, from row 0 to
/// the target's row (quadrant coordinates).
///
/// Why scanning them alone answers for the target: whether a segment from
/// the source square to the target's square passes (the definition, with
/// or without the diagonal rule) depends only on the tiles that the convex
/// hull of the two squares meets, and on the corners inside it, whose
/// tiles the hull touches. The hull is the segment widened by half a tile
/// every way, so those tiles' centres lie within 1 of it. So the
/// target's verdict is the same on the map cleared outside the corridor,
/// and there the tiles outside the corridor bump nothing: the scan may skip
/// them, as it skips the rows past the target. Walls the corridor cuts off
/// would bump views on every row, which is why the tiles outside count as
/// clear rather than opaque.
#[derive(Clone, Copy, Debug)]
struct Corridor {
    bx: i64,
    by: i64,
    /// `bx·(y - m) / by` and `bx·(y + m) / by` on row `y`, `m` being
    /// [`CORRIDOR_MARGIN`] (`by > 0`).
    low: Stepped,
    high: Stepped,
}

/// How far from the sight line a corridor keeps tiles (see [`Corridor`]).
const CORRIDOR_MARGIN: i64 = 1;

impl Corridor {
    fn new(bx: i64, by: i64) -> Corridor {
        let (low, high) = if by == 0 {
            (Stepped::constant(0), Stepped::constant(bx))
        } else {
            // Two divisions for both: `low` starts at the negated `high`.
            let high = Stepped::new(CORRIDOR_MARGIN * bx, bx, by);
            let low = Stepped {
                value: -high.value - i64::from(high.rem > 0),
                rem: if high.rem > 0 { by - high.rem } else { 0 },
                ..high
            };
            (low, high)
        };
        Corridor { bx, by, low, high }
    }

    /// The columns of row `y` (from 0 to the target's), found directly.
    fn columns(&self, y: i64) -> (i64, i64) {
        let m = CORRIDOR_MARGIN;
        if self.by == 0 {
            return (0, self.bx + m);
        }
        let low = (self.bx * (y - m)).div_euclid(self.by);
        let high = self.bx * (y + m).min(self.by);
        let high = high.div_euclid(self.by) + i64::from(high.rem_euclid(self.by) > 0);
        ((low - m).max(0), high + m)
    }

    /// Whether quadrant tile `(x, y)` lies in the corridor.
    fn keeps(&self, x: i64, y: i64) -> bool {
        if y < 0 || y > self.by {
            return false;
        }
        let (first, last) = self.columns(y);
        first <= x && x <= last
    }
}

impl Cut for Corridor {
    const CUTS: bool = true;

    #[inline(always)]
    fn last_row(&self, ey: i64) -> i64 {
        ey.min(self.by)
    }

    #[inline(always)]
    fn next_row(&mut self) -> (i64, i64) {
        let m = CORRIDOR_MARGIN;
        // `high`'s ceiling, but for the constant of a target on row 0.
        let high = self.high.value + i64::from(self.high.rem > 0);
        let row = ((self.low.value - m).max(0), high.min(self.bx) + m);
        self.low.next(self.by);
        self.high.next(self.by);
        row
    }

    /// Only the target's row: the sink looks for the target alone.
    #[inline(always)]
    fn reports(&self, y: i64) -> bool {
        y == self.by
    }
}

/// The map as a [`Corridor`]'s scan sees it: its own tiles in the corridor,
/// clear outside. The scan reads rows only within the corridor; the
/// diagonal rule's corner tests, which may look anywhere, are why the
/// tiles outside are asked through [`Tiles::opaque`] as clear.
struct InCorridor<'a, T> {
    tiles: &'a T,
    corridor: Corridor,
    q: Quadrant,
}

impl<T: Tiles> Tiles for InCorridor<'_, T> {
    const PACKED_ROWS: bool = T::PACKED_ROWS;

    #[inline]
    fn opaque(&self, dx: i64, dy: i64) -> bool {
        self.corridor.keeps(dx * self.q.sx, dy * self.q.sy) && self.tiles.opaque(dx, dy)
    }

    #[inline(always)]
    fn row_bits(&self, dx: i64, dy: i64, len: u32) -> u64 {
        self.tiles.row_bits(dx, dy, len)
    }
}

/// Puts the tiles `a..=b` of row `y` of quadrant `Q` in `sink`, as one row
/// of the map, leaving out the axes the quadrant does not own.
#[inline(always)]
fn emit<const Q: usize, S: Sink>(sink: &mut S, y: i64, a: i64, b: i64) {
    let q = Quadrant::ALL[Q];
    if b < a || (y == 0 && !q.owns_x_axis()) {
        return;
    }
    let a = if a == 0 && !q.owns_y_axis() { 1 } else { a };
    if q.sx > 0 {
        sink.row(q.sy * y, a, b);
    } else {
        sink.row(q.sy * y, -b, -a);
    }
}

field_of_view!(PrecisePermissive);

impl Scan for PrecisePermissive {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.reserve(map, field.range);
        sink.tile(0, 0);
        with_tiles!(map, field.origin, |tiles| {
            each_quadrant!(self.scan_quadrant::<_, _, S, _>(tiles, field, sink, Whole));
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The corridor's stepped rows agree with its rows found directly, and
    /// hold every tile within 1 of the sight line.
    #[test]
    fn corridor_rows_step_exactly_and_hold_the_sight_line() {
        for by in 0..=13 {
            for bx in 0..=13 {
                let mut corridor = Corridor::new(bx, by);
                let direct = corridor;
                assert_eq!(corridor.last_row(100), by);
                for y in 0..=by {
                    let row = corridor.next_row();
                    assert_eq!(row, direct.columns(y), "({bx}, {by}) row {y}");
                    // Tiles within 1 of some point of the segment, in
                    // exact fractions: the point t·(bx, by), t = i / 64 by.
                    for x in 0..=bx + 4 {
                        let near = (0..=64 * by.max(1)).any(|i| {
                            let den = 64 * by.max(1);
                            let (px, py) = (bx * i, by * i);
                            (x * den - px).abs() <= den && (y * den - py).abs() <= den
                        });
                        if near {
                            assert!(row.0 <= x && x <= row.1, "({bx}, {by}) ({x}, {y})");
                        }
                        assert_eq!(direct.keeps(x, y), row.0 <= x && x <= row.1);
                    }
                }
                assert!(!direct.keeps(0, by + 1) && !direct.keeps(0, -1));
            }
        }
    }
}
