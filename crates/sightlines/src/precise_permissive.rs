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
//! **How.** Each quadrant is scanned along anti-diagonals moving away from
//! the origin, keeping a list of *views*: wedges bounded by a *shallow* and a
//! *steep* sight line from the corners of the origin tile. An opaque tile
//! inside a view *bumps* one of its lines inward, splits the view in two, or
//! closes it. Every line keeps its bumps, because moving one line can make
//! it cross a bump of the other line; the line then pivots on that bump.
//! Coordinates are integers and every test is an exact integer orientation
//! test, so there is no rounding anywhere.
//!
//! **Permissiveness levels** (`permissive-0` to `permissive-8`). libtcod
//! generalises the scan: at level `p` the viewer sees from the square of
//! side `p/8` tile centered in its own tile (corners at `8 - p` and `8 + p`
//! sixteenths), still onto whole target tiles. Level 8 is this algorithm;
//! level 0 sees from the center point only, and a view that narrows to a
//! single line closes, so it does not see through diagonal gaps. Levels
//! below 8 are not symmetric (the source is smaller than the target). The
//! same code serves every level; with libtcod's square radius it gives
//! libtcod's sets exactly (40 golden maps, every level, in the tests).
//!
//! **Allocation.** Views live in a reused `Vec`, and bumps in a reused arena
//! as persistent linked lists, so splitting a view copies two indices rather
//! than two lists. Each call first sizes both for the range (cut to the
//! map's size) whatever the origin: a quadrant's tiles each block a view at
//! most once, adding at most one view and two bumps. So after one call on a
//! [`PrecisePermissive`] with a given range, later calls with that range
//! allocate nothing, from any origin; memory grows with the range, never
//! with the map beyond it.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, PrecisePermissive, Range};
//!
//! // The seed's diagonal gap: S sees D between two walls touching at a corner.
//! let map = Grid::parse("#d\ns#\n")?.grid;
//! let mut fov = PrecisePermissive::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(1, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::FieldOfView;
use crate::error::FovError;
use crate::geometry::{presized_reach, Field, Quadrant, Reach, Sink, Visit};
use crate::map::{Asked, Opacity, Packed, Tiles};
use crate::range::Range;

/// A sight line through two lattice points, in quadrant coordinates (x right,
/// y away from the origin). Points are tile corners; tile `(x, y)` spans
/// `[x, x+1] x [y, y+1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    xi: i64,
    yi: i64,
    xf: i64,
    yf: i64,
}

impl Line {
    /// The orientation of `(x, y)` against the line directed from its start
    /// to its end: positive when the point lies counter-clockwise of it (to
    /// its left, with y up), negative clockwise, zero on it.
    #[inline]
    fn side(&self, x: i64, y: i64) -> i64 {
        (self.yf - self.yi) * (self.xf - x) - (self.xf - self.xi) * (self.yf - y)
    }

    #[inline]
    fn has_ccw(&self, (x, y): (i64, i64)) -> bool {
        self.side(x, y) > 0
    }

    #[inline]
    fn has_cw(&self, (x, y): (i64, i64)) -> bool {
        self.side(x, y) < 0
    }

    #[inline]
    fn passes_through(&self, (x, y): (i64, i64)) -> bool {
        self.side(x, y) == 0
    }

    fn is_collinear_with(&self, other: &Line) -> bool {
        self.passes_through((other.xi, other.yi)) && self.passes_through((other.xf, other.yf))
    }
}

/// The orientation against `line` of the corner `(a - step·j, b + step·j)`,
/// which slides along an anti-diagonal as `j` grows: `c0 + c1·j`.
///
/// Line coordinates stay within 2^30 + 16 and `a` within 2^31 + 16 (see
/// `LEVEL_REACH` and [`MAX_REACH`](crate::geometry::MAX_REACH)), so each
/// product is below 2^62 and `c0` fits in `i64`.
#[inline]
fn along_diagonal(line: &Line, a: i64, b: i64, step: i64) -> (i64, i64) {
    let (dx, dy) = (line.xf - line.xi, line.yf - line.yi);
    (dy * (line.xf - a) - dx * (line.yf - b), step * (dx + dy))
}

/// The first `j` on anti-diagonal `i` whose tile `(i - j, j)` has its
/// top-left corner strictly counter-clockwise of `shallow`, or `i + 1`.
///
/// A line runs from a point nearer the origin (in `x + y`) to a farther one,
/// so `c1 >= 0`: once a corner is counter-clockwise, so are the later ones.
#[inline]
fn first_inside(shallow: &Line, i: i64, step: i64) -> i64 {
    let (c0, c1) = along_diagonal(shallow, step * i, step, step);
    debug_assert!(c1 >= 0, "{shallow:?}");
    // The least j with c0 + c1·j > 0.
    let j = if c1 > 0 {
        (-c0).div_euclid(c1) + 1
    } else if c0 > 0 {
        0
    } else {
        i + 1
    };
    j.clamp(0, i + 1)
}

/// The last `j` on anti-diagonal `i` whose tile has its bottom-right corner
/// strictly clockwise of `steep`, or -1.
#[inline]
fn last_inside(steep: &Line, i: i64, step: i64) -> i64 {
    let (c0, c1) = along_diagonal(steep, step * (i + 1), 0, step);
    debug_assert!(c1 >= 0, "{steep:?}");
    // The greatest j with c0 + c1·j < 0.
    let j = if c1 > 0 {
        (-c0 - 1).div_euclid(c1)
    } else if c0 < 0 {
        i
    } else {
        -1
    };
    j.clamp(-1, i)
}

/// No bump: the end of a bump list.
const NO_BUMP: u32 = u32::MAX;

/// A tile corner that moved a sight line, linked to the line's earlier bumps.
#[derive(Clone, Copy, Debug)]
struct Bump {
    at: (i64, i64),
    previous: u32,
}

/// A wedge of the quadrant still open to sight.
#[derive(Clone, Copy, Debug)]
struct View {
    shallow: Line,
    steep: Line,
    shallow_bumps: u32,
    steep_bumps: u32,
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
}

impl Default for PrecisePermissive {
    fn default() -> PrecisePermissive {
        PrecisePermissive {
            level: MAX_LEVEL,
            views: Vec::new(),
            bumps: Vec::new(),
            reach: Reach::default(),
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
    /// Levels below 8 are not symmetric, and reach at most 2^26 tiles from
    /// the origin.
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

    /// The corners of the square the viewer sees from, `(offset, limit)`,
    /// and the size of a tile, in the same units.
    fn source(&self) -> (i64, i64, i64) {
        if self.level == MAX_LEVEL {
            (0, 1, 1)
        } else {
            let p = i64::from(self.level);
            (8 - p, 8 + p, STEP)
        }
    }

    /// Scans quadrant `Q` of [`Quadrant::ALL`], compiled once per quadrant
    /// so that its transform is constant in the hot loop.
    fn scan_quadrant<const Q: usize, T, S>(&mut self, tiles: &T, field: &Field, sink: &mut S)
    where
        T: Tiles,
        S: Sink,
    {
        let q = Quadrant::ALL[Q];
        let (mut ex, mut ey) = field.extents(q);
        let (offset, limit, step) = self.source();
        if step > 1 {
            ex = ex.min(LEVEL_REACH);
            ey = ey.min(LEVEL_REACH);
        }
        if ex == 0 && ey == 0 {
            return;
        }
        // From the source square's corners to the far edges of the field, as
        // libtcod draws them; an empty side still gets a far end off the
        // origin, or its line would be degenerate.
        self.views.clear();
        self.bumps.clear();
        self.views.push(View {
            shallow: Line {
                xi: offset,
                yi: limit,
                xf: step * ex.max(1),
                yf: 0,
            },
            steep: Line {
                xi: limit,
                yi: offset,
                xf: 0,
                yf: step * ey.max(1),
            },
            shallow_bumps: NO_BUMP,
            steep_bumps: NO_BUMP,
        });
        // Along anti-diagonal i the tiles within the range's shape are the
        // interval [first, i - first] (every shape is symmetric in x and y and
        // grows with both), and `first` never decreases with i. Tiles beyond
        // the range cannot block tiles within it, so they are skipped whole.
        let mut first = 0;
        for i in 1..=ex + ey {
            while first <= i - first && self.reach.at(first) < i - first {
                first += 1;
            }
            if self.views.is_empty() || first > i - first {
                return;
            }
            let lo = (i - ex).max(0).max(first);
            let hi = i.min(ey).min(i - first);
            // Views and tiles both run clockwise to counter-clockwise along the
            // diagonal. Each view covers a span of it, computed from its two
            // lines; the tiles of a span need no geometry, only a wall changes
            // the views and so the spans.
            let (mut j, mut k) = (lo, 0);
            while j <= hi {
                let Some(view) = self.views.get(k) else {
                    break;
                };
                let (a, b) = (
                    first_inside(&view.shallow, i, step),
                    last_inside(&view.steep, i, step),
                );
                if b < j {
                    k += 1;
                    continue;
                }
                if a > hi {
                    break;
                }
                j = j.max(a);
                let end = b.min(hi);
                while j <= end {
                    let (x, y) = (i - j, j);
                    let (dx, dy) = q.offset(x, y);
                    if q.owns(x, y) {
                        sink.tile(dx, dy);
                    }
                    j += 1;
                    if tiles.opaque(dx, dy) {
                        self.block(k, (x, y), step);
                        break;
                    }
                }
            }
        }
    }

    /// An opaque tile `(x, y)` inside view `index` bumps, splits or closes it.
    fn block(&mut self, index: usize, (x, y): (i64, i64), step: i64) {
        let top_left = (x * step, (y + 1) * step);
        let bottom_right = ((x + 1) * step, y * step);
        let view = self.views[index];
        match (
            view.shallow.has_cw(bottom_right),
            view.steep.has_ccw(top_left),
        ) {
            (true, true) => {
                self.views.remove(index);
            }
            (true, false) => {
                self.add_shallow_bump(index, top_left);
                self.close_if_dead(index);
            }
            (false, true) => {
                self.add_steep_bump(index, bottom_right);
                self.close_if_dead(index);
            }
            (false, false) => {
                self.views.insert(index, view);
                // The farther view first: if it closes, `index` still names the nearer one.
                self.add_shallow_bump(index + 1, top_left);
                self.close_if_dead(index + 1);
                self.add_steep_bump(index, bottom_right);
                self.close_if_dead(index);
            }
        }
    }

    fn push_bump(&mut self, at: (i64, i64), previous: u32) -> u32 {
        let id = self.bumps.len() as u32;
        self.bumps.push(Bump { at, previous });
        id
    }

    fn add_shallow_bump(&mut self, index: usize, at: (i64, i64)) {
        let mut view = self.views[index];
        view.shallow.xf = at.0;
        view.shallow.yf = at.1;
        view.shallow_bumps = self.push_bump(at, view.shallow_bumps);
        let mut bump = view.steep_bumps;
        while bump != NO_BUMP {
            let b = self.bumps[bump as usize];
            if view.shallow.has_cw(b.at) {
                view.shallow.xi = b.at.0;
                view.shallow.yi = b.at.1;
            }
            bump = b.previous;
        }
        self.views[index] = view;
    }

    fn add_steep_bump(&mut self, index: usize, at: (i64, i64)) {
        let mut view = self.views[index];
        view.steep.xf = at.0;
        view.steep.yf = at.1;
        view.steep_bumps = self.push_bump(at, view.steep_bumps);
        let mut bump = view.shallow_bumps;
        while bump != NO_BUMP {
            let b = self.bumps[bump as usize];
            if view.steep.has_ccw(b.at) {
                view.steep.xi = b.at.0;
                view.steep.yi = b.at.1;
            }
            bump = b.previous;
        }
        self.views[index] = view;
    }

    /// Closes a view whose two lines coincide through a corner of the origin tile.
    fn close_if_dead(&mut self, index: usize) {
        let (offset, limit, _) = self.source();
        let view = &self.views[index];
        if view.shallow.is_collinear_with(&view.steep)
            && (view.shallow.passes_through((offset, limit))
                || view.shallow.passes_through((limit, offset)))
        {
            self.views.remove(index);
        }
    }
}

impl FieldOfView for PrecisePermissive {
    fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let field = Field::new(map, origin, range)?;
        self.run(
            map,
            &field,
            &mut Visit {
                visit,
                origin: (i64::from(origin.0), i64::from(origin.1)),
            },
        )
    }
}

impl PrecisePermissive {
    /// The scan, into any [`Sink`].
    pub(crate) fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.reserve(map, field.range);
        match map.bit_rows() {
            Some(bits) => self.scan(&Packed::new(map, bits, field.origin), field, sink),
            None => self.scan(&Asked::new(map, field.origin), field, sink),
        }
        Ok(())
    }

    /// Sizes the scratch for any origin on `map` from the range alone, so
    /// that one call serves every later one with the same range (up to
    /// [`RESERVE_CAP`] tiles a quadrant; beyond, it grows as the scan
    /// demands).
    ///
    /// A quadrant holds at most `(reach + 1)²` tiles, `reach` the range's
    /// radius cut to the map's size whatever the origin. Each tile blocks a
    /// view at most once, adding at most two bumps and one view. The range's
    /// rows are reserved by [`Reach::reset`].
    fn reserve<M: Opacity + ?Sized>(&mut self, map: &M, range: Range) {
        let side = presized_reach(map, range) as i64 + 1;
        let tiles = side.min(RESERVE_CAP).pow(2).min(RESERVE_CAP);
        self.views.clear();
        self.bumps.clear();
        self.views.reserve(tiles as usize + 1);
        self.bumps.reserve(2 * tiles as usize);
        self.reach.reset(range);
    }

    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        sink.tile(0, 0);
        self.scan_quadrant::<0, T, S>(tiles, field, sink);
        self.scan_quadrant::<1, T, S>(tiles, field, sink);
        self.scan_quadrant::<2, T, S>(tiles, field, sink);
        self.scan_quadrant::<3, T, S>(tiles, field, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_orientation_matches_the_seed_diagram() {
        let diagonal = Line {
            xi: 0,
            yi: 0,
            xf: 1,
            yf: 1,
        };
        assert!(diagonal.is_collinear_with(&Line {
            xi: 2,
            yi: 2,
            xf: 3,
            yf: 3
        }));
        assert!(diagonal.passes_through((0, 0)));
        assert!(diagonal.has_cw((1, 0)));
        assert!(diagonal.has_ccw((0, 1)));
        assert!(!diagonal.has_ccw((5, 5)) && !diagonal.has_cw((5, 5)));
    }

    #[test]
    fn a_bump_pivots_the_other_line_on_old_bumps() {
        // The seed's worked example: square 5 bumps the steep line, square 7 splits the view.
        let mut fov = PrecisePermissive::new();
        fov.views.push(View {
            shallow: Line {
                xi: 0,
                yi: 1,
                xf: 5,
                yf: 0,
            },
            steep: Line {
                xi: 1,
                yi: 0,
                xf: 0,
                yf: 5,
            },
            shallow_bumps: NO_BUMP,
            steep_bumps: NO_BUMP,
        });
        fov.add_steep_bump(0, (1, 2));
        assert!(fov.views[0].steep.passes_through((1, 1)));
        let view = fov.views[0];
        fov.views.insert(0, view);
        fov.add_shallow_bump(1, (2, 2));
        fov.add_steep_bump(0, (3, 1));
        // The old steep bump (1, 2) lies counter-clockwise of the new shallow
        // line, so the shallow line keeps its start.
        assert_eq!(
            fov.views[1].shallow,
            Line {
                xi: 0,
                yi: 1,
                xf: 2,
                yf: 2
            }
        );
        assert_eq!(
            fov.views[0].steep,
            Line {
                xi: 1,
                yi: 0,
                xf: 3,
                yf: 1
            }
        );
        assert_eq!(fov.views.len(), 2);
    }
}
