//! Geometry every algorithm shares: the area a field of view covers, the
//! quadrant and octant transforms, and exact slopes.
//!
//! Algorithms scan one quadrant or octant in a canonical frame (offsets that
//! grow away from the origin) and map each offset back to the map through
//! the same transform, so no algorithm writes its own reflection tables.

use crate::error::FovError;
use crate::map::{Opacity, Rect, Tiles};
use crate::range::{Range, Shape};
use std::cmp::Ordering;

/// How far from its origin a field of view may reach in each direction.
///
/// Keeping every offset below 2^30 keeps every slope product below 2^62, so
/// exact comparisons fit in `i64`. No map a game can hold comes near it.
pub const MAX_REACH: i64 = 1 << 30;

/// The part of a map one field of view covers: its origin, range and the
/// reach in each direction, clipped to the map's bounds, the `i32` space and
/// [`MAX_REACH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The origin.
    pub origin: (i32, i32),
    /// The range asked for.
    pub range: Range,
    /// How many tiles the field reaches left, right, up (-y) and down (+y).
    pub left: i64,
    /// See [`Field::left`].
    pub right: i64,
    /// See [`Field::left`].
    pub up: i64,
    /// See [`Field::left`].
    pub down: i64,
}

impl Field {
    /// The field of a view from `origin` with `range` on `map`.
    ///
    /// Errors when the origin is off a bounded map, or when neither the map
    /// nor the range sets a limit.
    pub fn new<M: Opacity + ?Sized>(
        map: &M,
        origin: (i32, i32),
        range: Range,
    ) -> Result<Field, FovError> {
        let bounds = map.bounds();
        if bounds.is_none() && range.radius().is_none() {
            return Err(FovError::NeedsRadius);
        }
        let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
        let reach = range
            .radius()
            .map_or(MAX_REACH, |r| i64::from(r).min(MAX_REACH));
        let (mut x0, mut y0) = (
            (ox - reach).max(i64::from(i32::MIN)),
            (oy - reach).max(i64::from(i32::MIN)),
        );
        let (mut x1, mut y1) = (
            (ox + reach).min(i64::from(i32::MAX)),
            (oy + reach).min(i64::from(i32::MAX)),
        );
        if let Some(b) = bounds {
            if !b.contains(origin.0, origin.1) {
                return Err(FovError::OriginOffMap { origin, bounds: b });
            }
            x0 = x0.max(i64::from(b.x));
            y0 = y0.max(i64::from(b.y));
            x1 = x1.min(b.max_x());
            y1 = y1.min(b.max_y());
        }
        Ok(Field {
            origin,
            range,
            left: ox - x0,
            right: x1 - ox,
            up: oy - y0,
            down: y1 - oy,
        })
    }

    /// The bounding box of the field: every tile it may report lies inside.
    pub fn rect(&self) -> Rect {
        let (ox, oy) = (i64::from(self.origin.0), i64::from(self.origin.1));
        Rect::new(
            (ox - self.left) as i32,
            (oy - self.up) as i32,
            (self.left + self.right + 1) as u32,
            (self.up + self.down + 1) as u32,
        )
    }

    /// How far the field reaches along a quadrant's x and y axes.
    #[inline]
    pub fn extents(&self, q: Quadrant) -> (i64, i64) {
        (
            if q.sx > 0 { self.right } else { self.left },
            if q.sy > 0 { self.down } else { self.up },
        )
    }

    /// Whether offset `(dx, dy)` from the origin is within the range's shape.
    #[inline]
    pub fn in_range(&self, dx: i64, dy: i64) -> bool {
        self.range.contains(dx, dy)
    }

    /// The tile at quadrant offset `(x, y)` of quadrant `q`; it must lie within the field.
    #[inline]
    pub fn tile_in(&self, q: Quadrant, x: i64, y: i64) -> (i32, i32) {
        let (dx, dy) = q.offset(x, y);
        self.tile(dx, dy)
    }

    /// The tile at offset `(dx, dy)` from the origin; the offset must lie within the field.
    #[inline]
    pub fn tile(&self, dx: i64, dy: i64) -> (i32, i32) {
        debug_assert!(-self.left <= dx && dx <= self.right && -self.up <= dy && dy <= self.down);
        (
            (i64::from(self.origin.0) + dx) as i32,
            (i64::from(self.origin.1) + dy) as i32,
        )
    }
}

/// One of the four quadrants: offsets `(x * sx, y * sy)` for `x, y >= 0`.
///
/// The axes are shared by two quadrants each; [`Quadrant::owns_x_axis`] and
/// [`Quadrant::owns_y_axis`] say which one reports them, so that a tile on an
/// axis is reported once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quadrant {
    /// +1 or -1: the direction of x.
    pub sx: i64,
    /// +1 or -1: the direction of y.
    pub sy: i64,
}

impl Quadrant {
    /// The four quadrants, counter-clockwise from +x+y.
    pub const ALL: [Quadrant; 4] = [
        Quadrant { sx: 1, sy: 1 },
        Quadrant { sx: -1, sy: 1 },
        Quadrant { sx: -1, sy: -1 },
        Quadrant { sx: 1, sy: -1 },
    ];

    /// The map offset of quadrant offset `(x, y)`.
    #[inline]
    pub fn offset(self, x: i64, y: i64) -> (i64, i64) {
        (x * self.sx, y * self.sy)
    }

    /// Whether this quadrant reports the tiles with `y == 0`, `x > 0`.
    #[inline]
    pub fn owns_x_axis(self) -> bool {
        self.sy > 0
    }

    /// Whether this quadrant reports the tiles with `x == 0`, `y > 0`.
    #[inline]
    pub fn owns_y_axis(self) -> bool {
        self.sx > 0
    }

    /// Whether this quadrant reports quadrant offset `(x, y)`, which is not the origin.
    #[inline]
    pub fn owns(self, x: i64, y: i64) -> bool {
        (y != 0 || self.owns_x_axis()) && (x != 0 || self.owns_y_axis())
    }
}

/// One of the eight octants: a scan by `depth` along a major axis and
/// `col` across it, `0 <= col <= depth`, mapped to a map offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Octant {
    /// Map dx per unit of depth.
    pub xx: i64,
    /// Map dx per unit of col.
    pub xy: i64,
    /// Map dy per unit of depth.
    pub yx: i64,
    /// Map dy per unit of col.
    pub yy: i64,
}

impl Octant {
    /// The eight octants, going around the origin; octants `2k` and `2k + 1`
    /// share the diagonal `col == depth`, octants `2k + 1` and `2k + 2` share
    /// an axis `col == 0`.
    pub const ALL: [Octant; 8] = [
        Octant {
            xx: 1,
            xy: 0,
            yx: 0,
            yy: 1,
        },
        Octant {
            xx: 0,
            xy: 1,
            yx: 1,
            yy: 0,
        },
        Octant {
            xx: 0,
            xy: -1,
            yx: 1,
            yy: 0,
        },
        Octant {
            xx: -1,
            xy: 0,
            yx: 0,
            yy: 1,
        },
        Octant {
            xx: -1,
            xy: 0,
            yx: 0,
            yy: -1,
        },
        Octant {
            xx: 0,
            xy: -1,
            yx: -1,
            yy: 0,
        },
        Octant {
            xx: 0,
            xy: 1,
            yx: -1,
            yy: 0,
        },
        Octant {
            xx: 1,
            xy: 0,
            yx: 0,
            yy: -1,
        },
    ];

    /// The map offset of octant position (`depth`, `col`).
    #[inline(always)]
    pub fn offset(self, depth: i64, col: i64) -> (i64, i64) {
        (
            depth * self.xx + col * self.xy,
            depth * self.yx + col * self.yy,
        )
    }

    /// How far the field reaches along this octant's depth and col axes.
    #[inline]
    pub fn extents(self, field: &Field) -> (i64, i64) {
        let reach = |dx: i64, dy: i64| match (dx, dy) {
            (1, 0) => field.right,
            (-1, 0) => field.left,
            (0, 1) => field.down,
            _ => field.up,
        };
        (reach(self.xx, self.yx), reach(self.xy, self.yy))
    }
}

/// A fraction `q + r / den` stepped by `step_q + step_r / den`, where
/// `r + step_r < 2·den`: returns the new `(q, r)`, the remainder wrapped
/// into the quotient at most once. A remainder far below `-den` never
/// wraps, which gives a constant.
///
/// Scans step a slope's row (or column) this way, line after line, so as
/// never to divide. It goes without a branch: whether the remainder wraps
/// follows the slope's digits, which no branch predictor learns, and a
/// mispredicted branch per step cost restrictive about a sixth of its time.
#[inline(always)]
pub(crate) fn step_fraction(q: i64, r: i64, step_q: i64, step_r: i64, den: i64) -> (i64, i64) {
    let r = r + step_r - den;
    // All ones when the remainder stays below `den`.
    let under = r >> 63;
    // `under + 1` first: a constant at `i64::MAX` must not pass through it.
    (q + (step_q + 1 + under), r + (den & under))
}

/// An exact slope `num / den` with `den > 0`, compared by cross-multiplication.
///
/// Numerators and denominators stay below 2^31 in every algorithm (offsets
/// are below [`MAX_REACH`]), so products fit in `i64`.
#[derive(Clone, Copy, Debug)]
pub struct Slope {
    /// The numerator.
    pub num: i64,
    /// The denominator, positive.
    pub den: i64,
}

impl Slope {
    /// `num / den`; `den` must be positive.
    #[inline]
    pub const fn new(num: i64, den: i64) -> Slope {
        debug_assert!(den > 0);
        Slope { num, den }
    }

    /// `self * n`, compared with `m` without division: the sign of `num·n - m·den`.
    #[inline]
    pub fn scaled_cmp(self, n: i64, m: i64) -> Ordering {
        (self.num * n).cmp(&(m * self.den))
    }
}

impl PartialEq for Slope {
    fn eq(&self, other: &Slope) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Slope {}

impl PartialOrd for Slope {
    fn partial_cmp(&self, other: &Slope) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Slope {
    #[inline]
    fn cmp(&self, other: &Slope) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

impl Slope {
    /// `n · self` rounded to the nearest integer, halves rounded up (toward
    /// +∞): `round_ties_up(2.5) == 3`, `round_ties_up(-2.5) == -2`. Exact;
    /// `n · num` must fit in `i64`.
    ///
    /// ```
    /// use sightlines::geometry::Slope;
    /// assert_eq!(Slope::new(-1, 2).mul_round_ties_up(5), -2); // -2.5
    /// assert_eq!(Slope::new(1, 2).mul_round_ties_up(5), 3); // 2.5
    /// ```
    #[inline]
    pub fn mul_round_ties_up(self, n: i64) -> i64 {
        let (q, r) = self.mul_div_rem(n);
        q + i64::from(2 * r >= self.den)
    }

    /// `n · self` rounded to the nearest integer, halves rounded down
    /// (toward -∞): `round_ties_down(2.5) == 2`. Exact; `n · num` must fit
    /// in `i64`.
    ///
    /// ```
    /// use sightlines::geometry::Slope;
    /// assert_eq!(Slope::new(-1, 2).mul_round_ties_down(5), -3); // -2.5
    /// assert_eq!(Slope::new(1, 2).mul_round_ties_down(5), 2); // 2.5
    /// ```
    #[inline]
    pub fn mul_round_ties_down(self, n: i64) -> i64 {
        let (q, r) = self.mul_div_rem(n);
        q + i64::from(2 * r > self.den)
    }

    /// `n · num = q · den + r` with `0 <= r < den`.
    #[inline]
    fn mul_div_rem(self, n: i64) -> (i64, i64) {
        let p = self.num * n;
        (p.div_euclid(self.den), p.rem_euclid(self.den))
    }
}

impl Octant {
    /// The octant position (`depth`, `col`) of map offset `(dx, dy)`: the
    /// inverse of [`Octant::offset`]. The offset lies in this octant when
    /// `0 <= col <= depth`.
    #[inline]
    pub fn position(self, dx: i64, dy: i64) -> (i64, i64) {
        (dx * self.xx + dy * self.yx, dx * self.xy + dy * self.yy)
    }
}

impl Field {
    /// Whether offset `(dx, dy)` lies within the field's reach (on the map,
    /// within the radius's bounding square, inside the `i32` space).
    #[inline]
    pub fn reaches(&self, dx: i64, dy: i64) -> bool {
        -self.left <= dx && dx <= self.right && -self.up <= dy && dy <= self.down
    }
}

/// Calls a method once for each octant index, 0 to 7 in order:
/// `each_octant!(self.scan::<_, T, S>(tiles, sink))` calls
/// `self.scan::<0, T, S>(tiles, sink)`, then `::<1, T, S>`, and so on. The
/// index is a const generic so that each octant's transform is constant in
/// its own copy of the scan.
macro_rules! each_octant {
    ($this:ident . $method:ident :: <_ $(, $generic:tt)*> ($($arg:expr),* $(,)?)) => {{
        $this.$method::<0 $(, $generic)*>($($arg),*);
        $this.$method::<1 $(, $generic)*>($($arg),*);
        $this.$method::<2 $(, $generic)*>($($arg),*);
        $this.$method::<3 $(, $generic)*>($($arg),*);
        $this.$method::<4 $(, $generic)*>($($arg),*);
        $this.$method::<5 $(, $generic)*>($($arg),*);
        $this.$method::<6 $(, $generic)*>($($arg),*);
        $this.$method::<7 $(, $generic)*>($($arg),*);
    }};
}
pub(crate) use each_octant;

/// Where an algorithm puts the tiles it sees, by offset from the origin.
///
/// Offsets always lie within the field. A visitor closure gets each tile in
/// turn ([`Visit`]); a [`VisibleSet`](crate::VisibleSet) takes rows and
/// columns of tiles a word at a time, which is what lets open ground be
/// filled span by span.
pub(crate) trait Sink {
    /// The tile at offset `(dx, dy)`.
    fn tile(&mut self, dx: i64, dy: i64);

    /// The tiles from `(dx0, dy)` to `(dx1, dy)`, both included; none when `dx1 < dx0`.
    #[inline]
    fn row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        for dx in dx0..=dx1 {
            self.tile(dx, dy);
        }
    }

    /// The tiles from `(dx, dy0)` to `(dx, dy1)`, both included; none when `dy1 < dy0`.
    #[inline]
    fn column(&mut self, dx: i64, dy0: i64, dy1: i64) {
        for dy in dy0..=dy1 {
            self.tile(dx, dy);
        }
    }
}

/// A visitor closure as a [`Sink`]: map positions, one tile at a time.
pub(crate) struct Visit<V> {
    pub(crate) visit: V,
    pub(crate) origin: (i64, i64),
}

impl<V: FnMut(i32, i32)> Sink for Visit<V> {
    #[inline]
    fn tile(&mut self, dx: i64, dy: i64) {
        (self.visit)((self.origin.0 + dx) as i32, (self.origin.1 + dy) as i32);
    }
}

impl Octant {
    /// Puts the tiles (`depth`, `c0..=c1`) of this octant in `sink`, as one
    /// row or column of the map.
    #[inline(always)]
    pub(crate) fn span<S: Sink>(self, sink: &mut S, depth: i64, c0: i64, c1: i64) {
        if c1 < c0 {
            return;
        }
        let (ax, ay) = self.offset(depth, c0);
        let (bx, by) = self.offset(depth, c1);
        if self.xy != 0 {
            sink.row(ay, ax.min(bx), ax.max(bx));
        } else {
            sink.column(ax, ay.min(by), ay.max(by));
        }
    }
}

impl Octant {
    /// The opacity of the tiles (`depth`, `c0..c0 + len`) of this octant,
    /// `len` from 1 to 64: bit `i` is column `c0 + i`. A row of the map is
    /// read a word at a time (and mirrored when columns run right to left);
    /// a column of the map tile by tile.
    #[inline(always)]
    pub(crate) fn opaque_bits<T: Tiles>(self, tiles: &T, depth: i64, c0: i64, len: u32) -> u64 {
        debug_assert!((1..=64).contains(&len));
        if self.xy != 0 {
            let (ax, dy) = self.offset(depth, c0);
            if self.xy > 0 {
                tiles.row_bits(ax, dy, len)
            } else {
                // Columns run leftward: read from the leftmost and mirror.
                let bits = tiles.row_bits(ax - i64::from(len) + 1, dy, len);
                bits.reverse_bits() >> (64 - len)
            }
        } else {
            let (dx, dy) = self.offset(depth, c0);
            tiles.column_bits(dx, dy, self.yy, len)
        }
    }
}

impl Octant {
    /// Whether columns grow the way the map's coordinates do along a row
    /// (or column) of the map: then bit `i` of [`Octant::map_bits`] is
    /// column `c0 + i`, else column `c0 + len - 1 - i`.
    #[inline(always)]
    pub(crate) const fn runs_forward(self) -> bool {
        self.xy + self.yy > 0
    }

    /// The opacity of the tiles (`depth`, `c0..c0 + len`) of this octant,
    /// `len` from 1 to 64, in the map's order: bit 0 is the tile with the
    /// smallest x (on a row of the map) or y (on a column), so no bits are
    /// mirrored; [`Octant::runs_forward`] says which way the columns go.
    /// Rows and columns of the map are both read a word at a time when the
    /// map keeps its bits both ways (see [`Opacity::bit_columns`](crate::Opacity::bit_columns)).
    #[inline(always)]
    pub(crate) fn map_bits<T: Tiles>(self, tiles: &T, depth: i64, c0: i64, len: u32) -> u64 {
        debug_assert!((1..=64).contains(&len));
        let (x, y) = self.offset(depth, c0);
        let back = i64::from(len) - 1;
        if self.xy != 0 {
            let x = if self.xy > 0 { x } else { x - back };
            tiles.row_bits(x, y, len)
        } else {
            let y = if self.yy > 0 { y } else { y - back };
            tiles.column_bits(x, y, 1, len)
        }
    }
}

/// The reach up to which scratch is sized when a call starts, so that one
/// warm-up serves every origin with the same range. Beyond it (a huge radius
/// on an unbounded map) scratch grows as a scan needs it instead: memory
/// stays proportional to what the scan reaches.
pub(crate) const PRESIZED_REACH: i64 = 4096;

/// How far a field of view with `range` can reach along either axis from any
/// origin on `map`, capped at [`PRESIZED_REACH`]: what scratch sized per
/// row or per column is reserved for when a call starts. It depends on the
/// range and the map's size, never on the origin.
pub(crate) fn presized_reach<M: Opacity + ?Sized>(map: &M, range: Range) -> usize {
    let mut reach = range.radius().map_or(PRESIZED_REACH, i64::from);
    if let Some(b) = map.bounds() {
        reach = reach.min(i64::from(b.width.max(b.height)) - 1);
    }
    reach.clamp(0, PRESIZED_REACH) as usize
}

/// The range cut row by row: at distance `d` from the origin along one axis,
/// the tiles in range reach `at(d)` along the other (every shape is the same
/// along x and y). Built as the scan goes deeper, so a huge radius costs
/// only the rows a scan reaches.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reach {
    table: Vec<i64>,
    range: Range,
    /// For circles: the reach of the last row computed.
    col: i64,
}

impl Reach {
    /// Forgets the rows and cuts `range` from now on.
    pub(crate) fn reset(&mut self, range: Range) {
        if range == self.range && !self.table.is_empty() {
            // The same cut as last time: keep the rows.
            return;
        }
        self.table.clear();
        self.range = range;
        self.col = range.radius().map_or(0, i64::from);
        // Room for every row up front, so that no origin grows the table
        // later (rows past the radius are never stored).
        if let Some(r) = range.radius() {
            self.table
                .reserve((i64::from(r).min(PRESIZED_REACH) + 1) as usize);
        }
    }

    /// How far the range reaches across at distance `d >= 0`; -1 when `d`
    /// is beyond the range.
    #[inline]
    pub(crate) fn at(&mut self, d: i64) -> i64 {
        match self.table.get(d as usize) {
            Some(&reach) => reach,
            None => self.grow(d),
        }
    }

    #[cold]
    fn grow(&mut self, d: i64) -> i64 {
        let Some(r) = self.range.radius() else {
            return i64::MAX;
        };
        let r = i64::from(r);
        while self.table.len() as i64 <= d {
            let row = self.table.len() as i64;
            let reach = if row > r {
                -1
            } else {
                match self.range.shape() {
                    Shape::Square => r,
                    Shape::Diamond => r - row,
                    Shape::Circle | Shape::CirclePlus => {
                        let limit = if self.range.shape() == Shape::Circle {
                            i128::from(r) * i128::from(r)
                        } else {
                            i128::from(r) * i128::from(r + 1)
                        };
                        let row2 = i128::from(row) * i128::from(row);
                        while self.col > 0 && i128::from(self.col).pow(2) + row2 > limit {
                            self.col -= 1;
                        }
                        self.col
                    }
                }
            };
            if reach < 0 {
                // Nothing from here on: no need to store the rows.
                return -1;
            }
            self.table.push(reach);
        }
        self.table[d as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octants_cover_every_offset_once_off_the_shared_lines() {
        let mut hits = std::collections::HashMap::new();
        for o in Octant::ALL {
            for depth in 1..=5 {
                for col in 1..depth {
                    *hits.entry(o.offset(depth, col)).or_insert(0) += 1;
                }
            }
        }
        for dx in -5i64..=5 {
            for dy in -5i64..=5 {
                let interior = dx != 0 && dy != 0 && dx.abs() != dy.abs();
                assert_eq!(
                    hits.get(&(dx, dy)).copied().unwrap_or(0),
                    usize::from(interior),
                    "{dx},{dy}"
                );
            }
        }
    }

    #[test]
    fn octant_position_inverts_offset() {
        for o in Octant::ALL {
            for depth in -3..=3 {
                for col in -3..=3 {
                    let (dx, dy) = o.offset(depth, col);
                    assert_eq!(o.position(dx, dy), (depth, col));
                }
            }
        }
        let f = Field::new(&crate::Grid::new(4, 3), (1, 2), Range::UNLIMITED).unwrap();
        assert!(f.reaches(-1, -2) && f.reaches(2, 0));
        assert!(!f.reaches(-2, 0) && !f.reaches(0, 1) && !f.reaches(3, 0));
    }

    #[test]
    fn quadrants_own_each_axis_once() {
        for (dx, dy) in [(3, 0), (-3, 0), (0, 3), (0, -3)] {
            let owners = Quadrant::ALL
                .iter()
                .filter(|q| {
                    let (x, y) = (dx * q.sx, dy * q.sy);
                    x >= 0 && y >= 0 && q.owns(x, y)
                })
                .count();
            assert_eq!(owners, 1, "{dx},{dy}");
        }
    }

    #[test]
    fn slopes_compare_exactly() {
        assert!(Slope::new(1, 3) < Slope::new(1, 2));
        assert_eq!(Slope::new(2, 4), Slope::new(1, 2));
        assert_eq!(Slope::new(1, 2).scaled_cmp(3, 1), Ordering::Greater);
        assert_eq!(Slope::new(-1, 2).scaled_cmp(2, -1), Ordering::Equal);
    }

    #[test]
    fn field_clips_to_map_and_i32_space() {
        let grid = crate::Grid::new(10, 5);
        let f = Field::new(&grid, (2, 4), Range::circle(3)).unwrap();
        assert_eq!((f.left, f.right, f.up, f.down), (2, 3, 3, 0));
        assert_eq!(f.rect(), Rect::new(0, 1, 6, 4));
        let open = |_: i32, _: i32| false;
        let g = Field::new(&open, (i32::MAX, i32::MIN), Range::square(u32::MAX)).unwrap();
        assert_eq!((g.right, g.up), (0, 0));
        assert_eq!((g.left, g.down), (MAX_REACH, MAX_REACH));
        assert_eq!(
            Field::new(&open, (0, 0), Range::UNLIMITED),
            Err(FovError::NeedsRadius)
        );
        assert!(matches!(
            Field::new(&grid, (10, 0), Range::UNLIMITED),
            Err(FovError::OriginOffMap { .. })
        ));
    }

    #[test]
    fn reach_cuts_every_shape_exactly() {
        let mut reach = Reach::default();
        for shape in Shape::ALL {
            for r in 0..20u32 {
                let range = Range::new(r, shape);
                reach.reset(range);
                // Ask rows out of order and twice: the table must not care.
                for d in (0..25i64).rev().chain(0..25) {
                    let want = (0..=25i64)
                        .rev()
                        .find(|&c| range.contains(c, d))
                        .unwrap_or(-1);
                    assert_eq!(reach.at(d), want, "{shape:?} r={r} d={d}");
                }
            }
        }
        reach.reset(Range::UNLIMITED);
        assert_eq!(reach.at(1 << 40), i64::MAX);
        reach.reset(Range::circle(u32::MAX));
        assert_eq!(reach.at(0), i64::from(u32::MAX));
        assert_eq!(reach.at(1), i64::from(u32::MAX) - 1);
    }

    #[test]
    fn slopes_round_ties_both_ways() {
        for num in -40i64..=40 {
            for den in 1i64..=12 {
                for n in -7i64..=7 {
                    // Reference in doubled integers: x = n·num/den, 2x·den = 2·n·num.
                    let twice = 2 * n * num;
                    let floor = |a: i64| a.div_euclid(2 * den);
                    let up = floor(twice + den); // floor(x + 1/2)
                    let down = -floor(den - twice); // ceil(x - 1/2)
                    let s = Slope::new(num, den);
                    assert_eq!(s.mul_round_ties_up(n), up, "{num}/{den} * {n}");
                    assert_eq!(s.mul_round_ties_down(n), down, "{num}/{den} * {n}");
                }
            }
        }
        assert_eq!(Slope::new(3, 2).mul_round_ties_up(1), 2);
        assert_eq!(Slope::new(3, 2).mul_round_ties_down(1), 1);
        assert_eq!(Slope::new(-3, 2).mul_round_ties_up(1), -1);
        assert_eq!(Slope::new(-3, 2).mul_round_ties_down(1), -2);
        assert_eq!(Slope::new(7, 3).mul_round_ties_up(1), 2);
        let big = MAX_REACH;
        assert_eq!(
            Slope::new(2 * big + 1, 2 * big).mul_round_ties_down(big),
            big
        );
        assert_eq!(
            Slope::new(-2 * big - 1, 2 * big).mul_round_ties_up(big),
            -big
        );
    }
}
