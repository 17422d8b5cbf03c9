//! Geometry every algorithm shares: the area a field of view covers, the
//! quadrant and octant transforms, and exact slopes.
//!
//! Algorithms scan one quadrant or octant in a canonical frame (offsets that
//! grow away from the origin) and map each offset back to the map through
//! the same transform, so no algorithm writes its own reflection tables.

use crate::error::FovError;
use crate::map::{Opacity, Rect};
use crate::range::Range;
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
    #[inline]
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
