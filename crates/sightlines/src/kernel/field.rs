//! The part of a map one field of view covers.

use crate::error::FovError;
use crate::gaps::DiagonalGaps;
use crate::map::{Opacity, Rect};
use crate::range::Range;

/// How far from its origin a field of view may reach in each direction.
///
/// Keeping every offset below 2^30 keeps every slope product below 2^62, so
/// exact comparisons fit in `i64`. No map a game can hold comes near it.
pub(crate) const MAX_REACH: i64 = 1 << 30;

/// The part of a map one field of view covers: its origin, range and the
/// reach in each direction, clipped to the map's bounds, the `i32` space and
/// [`MAX_REACH`]. Every offset an algorithm reports lies within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Field {
    pub(crate) origin: (i32, i32),
    pub(crate) range: Range,
    /// How many tiles the field reaches left, right, up (-y) and down (+y).
    pub(crate) left: i64,
    pub(crate) right: i64,
    pub(crate) up: i64,
    pub(crate) down: i64,
    /// Whether corners between diagonal walls block sight.
    pub(crate) gaps: DiagonalGaps,
}

impl Field {
    /// The field of a view from `origin` with `range` on `map`; errors when
    /// the origin is off a bounded map, or neither map nor range sets a limit.
    pub(crate) fn new<M: Opacity + ?Sized>(
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
        let (min, max) = (i64::from(i32::MIN), i64::from(i32::MAX));
        let (mut x0, mut y0) = ((ox - reach).max(min), (oy - reach).max(min));
        let (mut x1, mut y1) = ((ox + reach).min(max), (oy + reach).min(max));
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
            gaps: DiagonalGaps::Pass,
        })
    }

    /// This field cut to the rectangle between the origin and offset `d`
    /// (which it reaches): the same origin, range and rule.
    #[inline]
    pub(crate) fn cut_to_rectangle(&self, d: (i64, i64)) -> Field {
        Field {
            left: self.left.min(-d.0).max(0),
            right: self.right.min(d.0).max(0),
            up: self.up.min(-d.1).max(0),
            down: self.down.min(d.1).max(0),
            ..*self
        }
    }

    /// The bounding box of the field: every tile it may report lies inside.
    pub(crate) fn rect(&self) -> Rect {
        let (ox, oy) = (i64::from(self.origin.0), i64::from(self.origin.1));
        Rect::new(
            (ox - self.left) as i32,
            (oy - self.up) as i32,
            (self.left + self.right + 1) as u32,
            (self.up + self.down + 1) as u32,
        )
    }

    /// Whether offset `(dx, dy)` from the origin is within the range's shape.
    #[inline]
    pub(crate) fn in_range(&self, dx: i64, dy: i64) -> bool {
        self.range.contains(dx, dy)
    }

    /// Whether offset `(dx, dy)` lies within the field's reach.
    #[inline]
    pub(crate) fn reaches(&self, dx: i64, dy: i64) -> bool {
        -self.left <= dx && dx <= self.right && -self.up <= dy && dy <= self.down
    }

    /// The tile at offset `(dx, dy)` from the origin; the offset must lie
    /// within the field.
    #[inline]
    pub(crate) fn tile(&self, dx: i64, dy: i64) -> (i32, i32) {
        debug_assert!(self.reaches(dx, dy));
        (
            (i64::from(self.origin.0) + dx) as i32,
            (i64::from(self.origin.1) + dy) as i32,
        )
    }
}

/// The reach up to which scratch is sized when a call starts, so that one
/// warm-up serves every origin with the same range. Beyond it (a huge radius
/// on an unbounded map) scratch grows as a scan needs it instead: memory
/// stays proportional to what the scan reaches.
pub(crate) const PRESIZED_REACH: i64 = 4096;

/// How far a field of view with `range` can reach along either axis from any
/// origin on `map` (never depending on the origin), capped at
/// [`PRESIZED_REACH`]: what scratch per row or per column is sized for.
pub(crate) fn presized_reach<M: Opacity + ?Sized>(map: &M, range: Range) -> usize {
    let mut reach = range.radius().map_or(PRESIZED_REACH, i64::from);
    if let Some(b) = map.bounds() {
        reach = reach.min(i64::from(b.width.max(b.height)) - 1);
    }
    reach.clamp(0, PRESIZED_REACH) as usize
}

/// A field around `origin` on an endless floor, for the tests of the
/// walks that cut their rectangle from a field's box (tiles asked one by
/// one keep no packed lines, so only its reaches count).
#[cfg(test)]
pub(crate) fn open_field(origin: (i32, i32)) -> Field {
    let open = |_: i32, _: i32| false;
    Field::new(&open, origin, crate::Range::square(4_000_000)).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let f = Field::new(&crate::Grid::new(4, 3), (1, 2), Range::UNLIMITED).unwrap();
        assert!(f.reaches(-1, -2) && f.reaches(2, 0));
        assert!(!f.reaches(-2, 0) && !f.reaches(0, 1) && !f.reaches(3, 0));
    }

    #[test]
    fn a_field_cut_to_a_rectangle_keeps_its_corner_and_origin() {
        let map = crate::Grid::new(20, 10);
        let field = Field::new(&map, (5, 5), Range::circle(8)).unwrap();
        let cut = field.cut_to_rectangle((3, -2));
        assert_eq!((cut.left, cut.right, cut.up, cut.down), (0, 3, 2, 0));
        assert_eq!(cut.rect(), crate::Rect::new(5, 3, 4, 3));
        assert_eq!((cut.origin, cut.range), (field.origin, field.range));
        let cut = field.cut_to_rectangle((-5, 0));
        assert_eq!((cut.left, cut.right, cut.up, cut.down), (5, 0, 0, 0));
    }
}
