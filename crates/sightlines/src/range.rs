//! How far a viewer sees: [`Range`], a radius and a [`Shape`].

use std::fmt;
use std::str::FromStr;

/// The rule that cuts a range at radius `r`, for an offset `(dx, dy)` from the origin.
///
/// Each is an integer test, never floating point, so every platform agrees
/// on the edge of a field of view; and each only grows with `|dx|` and
/// `|dy|`, so an algorithm may skip the tiles beyond it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `max(|dx|, |dy|) <= r`: a square, Chebyshev distance.
    Square,
    /// `|dx| + |dy| <= r`: a diamond, Manhattan distance.
    Diamond,
    /// `dx² + dy² <= r²`: a circle through the tiles `r` away on the axes.
    #[default]
    Circle,
    /// `dx² + dy² <= r·(r + 1)`: a rounder circle without lone tiles on the
    /// axes (RuggRogue's `CirclePlus`).
    CirclePlus,
}

impl Shape {
    /// Every shape, in the order of their ids.
    pub const ALL: [Shape; 4] = [
        Shape::Square,
        Shape::Diamond,
        Shape::Circle,
        Shape::CirclePlus,
    ];

    /// The id used by the CLI and in JSON: `square`, `diamond`, `circle`, `circle-plus`.
    pub const fn id(self) -> &'static str {
        match self {
            Shape::Square => "square",
            Shape::Diamond => "diamond",
            Shape::Circle => "circle",
            Shape::CirclePlus => "circle-plus",
        }
    }

    /// Whether offset `(dx, dy)` lies within radius `r` of this shape, exactly
    /// for every offset between two `i32` positions.
    ///
    /// ```
    /// use sightlines::Shape;
    /// assert!(Shape::Circle.contains(3, 4, 5));
    /// assert!(!Shape::Circle.contains(4, 4, 5));
    /// assert!(Shape::CirclePlus.contains(5, 1, 5)); // 26 <= 30
    /// assert!(!Shape::Diamond.contains(3, 3, 5));
    /// ```
    #[inline]
    pub fn contains(self, dx: i64, dy: i64, r: u32) -> bool {
        let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
        let r = u64::from(r);
        match self {
            Shape::Square => ax <= r && ay <= r,
            Shape::Diamond => ax.saturating_add(ay) <= r,
            // Offsets between i32 positions are below 2^32, so each square
            // fits in u64; a saturated sum is larger than any r² or r(r+1).
            Shape::Circle => ax <= r && ay <= r && (ax * ax).saturating_add(ay * ay) <= r * r,
            Shape::CirclePlus => {
                ax <= r && ay <= r && (ax * ax).saturating_add(ay * ay) <= r * (r + 1)
            }
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The error of parsing an unknown shape id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownShape(pub String);

impl fmt::Display for UnknownShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown shape '{}'; expected one of: square, diamond, circle, circle-plus",
            self.0
        )
    }
}

impl std::error::Error for UnknownShape {}

impl FromStr for Shape {
    type Err = UnknownShape;

    fn from_str(s: &str) -> Result<Shape, UnknownShape> {
        Shape::ALL
            .into_iter()
            .find(|shape| shape.id() == s)
            .ok_or_else(|| UnknownShape(s.to_owned()))
    }
}

/// How far a field of view reaches: a radius and a [`Shape`], or no limit,
/// the whole map, which only a bounded map allows.
///
/// ```
/// use sightlines::{Range, Shape};
///
/// let r = Range::circle(8);
/// assert_eq!(r.radius(), Some(8));
/// assert!(r.contains(5, 6));
/// assert!(!r.contains(6, 6));
/// assert!(Range::UNLIMITED.contains(1_000_000, -7));
/// assert_eq!(Range::new(3, Shape::Diamond), Range::diamond(3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Range {
    radius: Option<u32>,
    shape: Shape,
}

impl Range {
    /// No radius: everything in a bounded map.
    pub const UNLIMITED: Range = Range::with_radius(None, Shape::Circle);

    /// A radius and a shape.
    pub const fn new(radius: u32, shape: Shape) -> Range {
        Range::with_radius(Some(radius), shape)
    }

    /// A radius with an optional limit, as a CLI or config file gives it.
    pub const fn with_radius(radius: Option<u32>, shape: Shape) -> Range {
        Range { radius, shape }
    }

    /// `max(|dx|, |dy|) <= r`.
    pub const fn square(radius: u32) -> Range {
        Range::new(radius, Shape::Square)
    }

    /// `|dx| + |dy| <= r`.
    pub const fn diamond(radius: u32) -> Range {
        Range::new(radius, Shape::Diamond)
    }

    /// `dx² + dy² <= r²`.
    pub const fn circle(radius: u32) -> Range {
        Range::new(radius, Shape::Circle)
    }

    /// `dx² + dy² <= r·(r + 1)`.
    pub const fn circle_plus(radius: u32) -> Range {
        Range::new(radius, Shape::CirclePlus)
    }

    /// The radius, or `None` for no limit.
    pub const fn radius(&self) -> Option<u32> {
        self.radius
    }

    /// The shape (meaningful only with a radius).
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether offset `(dx, dy)` from the origin is within range.
    #[inline]
    pub fn contains(&self, dx: i64, dy: i64) -> bool {
        match self.radius {
            None => true,
            Some(r) => self.shape.contains(dx, dy, r),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_follow_their_rules_exactly() {
        for r in 0..12u32 {
            let ri = i64::from(r);
            for dx in -15i64..=15 {
                for dy in -15i64..=15 {
                    let sq = dx.abs().max(dy.abs()) <= ri;
                    let di = dx.abs() + dy.abs() <= ri;
                    let ci = dx * dx + dy * dy <= ri * ri;
                    let cp = dx * dx + dy * dy <= ri * (ri + 1);
                    assert_eq!(Shape::Square.contains(dx, dy, r), sq);
                    assert_eq!(Shape::Diamond.contains(dx, dy, r), di);
                    assert_eq!(Shape::Circle.contains(dx, dy, r), ci);
                    assert_eq!(Shape::CirclePlus.contains(dx, dy, r), cp);
                }
            }
        }
    }

    #[test]
    fn shapes_do_not_overflow_at_the_extremes() {
        let far = i64::from(u32::MAX);
        for shape in Shape::ALL {
            assert!(shape.contains(0, 0, u32::MAX));
            assert!(!shape.contains(far, far, 1));
            assert!(!shape.contains(-far, far, u32::MAX) || shape == Shape::Square);
        }
        assert!(Shape::Circle.contains(far, 0, u32::MAX));
        assert!(!Shape::Circle.contains(far, 1, u32::MAX));
        assert!(Shape::CirclePlus.contains(far, 1, u32::MAX));
    }

    #[test]
    fn shape_ids_round_trip() {
        for shape in Shape::ALL {
            assert_eq!(shape.id().parse::<Shape>(), Ok(shape));
        }
        let err = "oval".parse::<Shape>().unwrap_err();
        assert!(err.to_string().contains("circle-plus"));
    }
}
