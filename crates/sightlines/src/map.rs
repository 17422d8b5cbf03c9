//! The map model: the one question every algorithm asks of a map.
//!
//! Field of view needs nothing from a map but "does the tile at (x, y) block
//! sight?" and, for a map with edges, where those edges are. [`Opacity`]
//! asks exactly that, so a game passes its own map as a closure without
//! copying it into ours:
//!
//! ```
//! use sightlines::{Opacity, Rect};
//!
//! let walls = [(3, 4), (5, 5)];
//! let map = |x: i32, y: i32| walls.contains(&(x, y));
//! assert!(map.is_opaque(3, 4));
//! assert_eq!(map.bounds(), None); // closures are unbounded
//!
//! // A closure over a bounded area: tiles outside block sight and are never reported.
//! let bounded = sightlines::bounded(Rect::new(0, 0, 10, 10), map);
//! assert!(bounded.is_opaque(-1, 0));
//! ```

/// A rectangle of tiles: `width` columns from `x` and `height` rows from `y`.
///
/// Its far edge may lie beyond `i32::MAX` without overflow: all arithmetic on
/// it is done in `i64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    /// The leftmost column.
    pub x: i32,
    /// The top row.
    pub y: i32,
    /// Number of columns; zero makes the rectangle empty.
    pub width: u32,
    /// Number of rows; zero makes the rectangle empty.
    pub height: u32,
}

impl Rect {
    /// A rectangle of `width` x `height` tiles whose top-left tile is `(x, y)`.
    ///
    /// ```
    /// let r = sightlines::Rect::new(-2, 0, 5, 3);
    /// assert!(r.contains(2, 2));
    /// assert!(!r.contains(3, 2));
    /// ```
    pub const fn new(x: i32, y: i32, width: u32, height: u32) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// True when the rectangle has no tiles.
    pub const fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// Whether tile `(x, y)` lies inside.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        let dx = i64::from(x) - i64::from(self.x);
        let dy = i64::from(y) - i64::from(self.y);
        (0..i64::from(self.width)).contains(&dx) && (0..i64::from(self.height)).contains(&dy)
    }

    /// The last column, if the rectangle is not empty and it fits in `i32`.
    pub(crate) fn max_x(&self) -> i64 {
        i64::from(self.x) + i64::from(self.width) - 1
    }

    pub(crate) fn max_y(&self) -> i64 {
        i64::from(self.y) + i64::from(self.height) - 1
    }

    /// The number of tiles, as `u64` so that it cannot overflow.
    pub fn area(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }
}

/// What every field of view asks of a map: does tile `(x, y)` block sight?
///
/// Implemented for every `Fn(i32, i32) -> bool` closure (unbounded), for
/// [`Grid`](crate::Grid) and for [`Bounded`]. A bounded map also tells its
/// [`bounds`](Opacity::bounds): tiles outside them block sight and are never
/// reported. An unbounded map needs a radius, or the field of view has no end.
///
/// ```
/// use sightlines::{Opacity, Rect};
///
/// struct Dungeon { walls: Vec<bool>, width: i32, height: i32 }
///
/// impl Opacity for Dungeon {
///     fn is_opaque(&self, x: i32, y: i32) -> bool {
///         !(0..self.width).contains(&x)
///             || !(0..self.height).contains(&y)
///             || self.walls[(y * self.width + x) as usize]
///     }
///     fn bounds(&self) -> Option<Rect> {
///         Some(Rect::new(0, 0, self.width as u32, self.height as u32))
///     }
/// }
///
/// let d = Dungeon { walls: vec![false, true, false, false], width: 2, height: 2 };
/// assert!(d.is_opaque(1, 0));
/// assert!(d.is_opaque(5, 5));
/// ```
pub trait Opacity {
    /// True when the tile at `(x, y)` blocks sight.
    fn is_opaque(&self, x: i32, y: i32) -> bool;

    /// The tiles that exist, or `None` for a map without edges.
    fn bounds(&self) -> Option<Rect> {
        None
    }
}

impl<F: Fn(i32, i32) -> bool> Opacity for F {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        self(x, y)
    }
}

/// A map limited to a rectangle: see [`bounded`].
#[derive(Clone, Copy, Debug)]
pub struct Bounded<M> {
    bounds: Rect,
    map: M,
}

/// Limits `map` to `bounds`: tiles outside block sight and are never reported,
/// and a field of view needs no radius.
///
/// ```
/// use sightlines::{bounded, Fov, Range, Rect};
///
/// let map = bounded(Rect::new(0, 0, 5, 1), |x: i32, _y: i32| x == 3);
/// let mut seen = Vec::new();
/// Fov::default().compute(&map, (0, 0), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
/// seen.sort();
/// assert_eq!(seen, [(0, 0), (1, 0), (2, 0), (3, 0)]);
/// # Ok::<(), sightlines::FovError>(())
/// ```
pub fn bounded<M: Opacity>(bounds: Rect, map: M) -> Bounded<M> {
    Bounded { bounds, map }
}

impl<M: Opacity> Opacity for Bounded<M> {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        !self.bounds.contains(x, y) || self.map.is_opaque(x, y)
    }

    fn bounds(&self) -> Option<Rect> {
        Some(match self.map.bounds() {
            None => self.bounds,
            Some(inner) => intersect(self.bounds, inner),
        })
    }
}

fn intersect(a: Rect, b: Rect) -> Rect {
    let x0 = a.x.max(b.x);
    let y0 = a.y.max(b.y);
    let x1 = (i64::from(a.x) + i64::from(a.width)).min(i64::from(b.x) + i64::from(b.width));
    let y1 = (i64::from(a.y) + i64::from(a.height)).min(i64::from(b.y) + i64::from(b.height));
    let width = (x1 - i64::from(x0)).max(0) as u32;
    let height = (y1 - i64::from(y0)).max(0) as u32;
    Rect::new(x0, y0, width, height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_contains_near_the_i32_limits() {
        let r = Rect::new(i32::MAX - 1, i32::MIN, u32::MAX, 2);
        assert!(r.contains(i32::MAX, i32::MIN + 1));
        assert!(!r.contains(i32::MAX - 2, i32::MIN));
        assert!(!r.contains(i32::MAX, i32::MIN + 2));
        assert!(Rect::new(0, 0, 0, 5).is_empty());
        assert!(!Rect::new(0, 0, 0, 5).contains(0, 0));
    }

    #[test]
    fn bounded_intersects_inner_bounds() {
        let grid = crate::Grid::new(4, 4);
        let b = bounded(Rect::new(2, -1, 10, 2), grid.clone());
        assert_eq!(b.bounds(), Some(Rect::new(2, 0, 2, 1)));
        assert!(b.is_opaque(1, 0));
        assert!(!b.is_opaque(3, 0));
        assert!(b.is_opaque(3, 1));
        let disjoint = bounded(Rect::new(10, 10, 1, 1), grid);
        assert!(disjoint.bounds().unwrap().is_empty());
    }
}
