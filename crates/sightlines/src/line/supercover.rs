//! [`Supercover`], the line of every tile a segment touches.

use std::iter::FusedIterator;

/// The tiles whose closed squares the segment from the centre of `from` to
/// the centre of `to` meets, in order from `from` to `to`, both included.
///
/// Where a [`Bresenham`](super::Bresenham) line takes one tile per step
/// along its major axis, a supercover line takes *every* tile the segment
/// passes through, so a projectile cannot slip between two walls that touch
/// at a corner, and a beam hits everything in its way.
///
/// Where the segment passes exactly through a corner, *both* tiles beside it
/// are on the line, between the tile before and the tile after: the
/// previous tile's x-neighbour first, then its y-neighbour. That order
/// reverses with the line, so the line from `to` to `from` is this one
/// reversed, tile for tile. Consecutive tiles share an edge or a corner. A
/// line has `|dx| + |dy| + 1` tiles plus one per corner: with
/// `g = gcd(|dx|, |dy|)`, `g` corners when `|dx| / g` and `|dy| / g` are
/// both odd (a diagonal, or `(3, 1)`), none otherwise. The arithmetic is an
/// integer error term within `±2·(|dx| + |dy|)`: no `i32` ends overflow it.
///
/// ```
/// use sightlines::line::Supercover;
///
/// // The segment crosses the corner at (1.5, 0.5): (2, 0) and (1, 1) both touch it.
/// let line: Vec<_> = Supercover::new((0, 0), (3, 1)).collect();
/// assert_eq!(line, [(0, 0), (1, 0), (2, 0), (1, 1), (2, 1), (3, 1)]);
///
/// // Symmetric: the way back is the same tiles, reversed.
/// let mut back: Vec<_> = Supercover::new((3, 1), (0, 0)).collect();
/// back.reverse();
/// assert_eq!(back, line);
///
/// // A projectile: the first wall on the way stops it.
/// let wall = |x: i32, y: i32| (x, y) == (1, 1);
/// let hit = Supercover::new((0, 0), (3, 1)).skip(1).find(|&(x, y)| wall(x, y));
/// assert_eq!(hit, Some((1, 1)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Supercover {
    /// The next tile to yield, as i64 so that no step overflows.
    x: i64,
    y: i64,
    sx: i64,
    sy: i64,
    /// Absolute distances.
    dx: i64,
    dy: i64,
    /// Steps still to take along each axis.
    left_x: i64,
    left_y: i64,
    /// `(2·ix + 1)·dy - (2·iy + 1)·dx` after `ix`, `iy` steps: negative when
    /// the segment leaves the current tile through its x side first, zero
    /// when it leaves through a corner.
    err: i64,
    corner: Corner,
    /// Tiles still to yield.
    remaining: u64,
}

/// Where the line is in passing a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Corner {
    /// Not at a corner.
    None,
    /// The next tile is the x-neighbour beside the corner.
    XSide,
    /// The next tile is the y-neighbour beside the corner.
    YSide,
}

impl Supercover {
    /// The supercover line from `from` to `to`.
    ///
    /// ```
    /// use sightlines::line::Supercover;
    /// assert_eq!(Supercover::new((5, 5), (5, 5)).collect::<Vec<_>>(), [(5, 5)]);
    /// assert_eq!(Supercover::new((0, 0), (-2, 0)).count(), 3);
    /// assert_eq!(Supercover::new((0, 0), (2, 2)).count(), 7); // two corners
    /// // Extreme coordinates neither overflow nor panic.
    /// let far = Supercover::new((i32::MIN, i32::MIN), (i32::MAX, i32::MAX));
    /// assert_eq!(far.len() as u64, 3 * ((1u64 << 32) - 1) + 1);
    /// ```
    pub fn new(from: (i32, i32), to: (i32, i32)) -> Supercover {
        let ddx = i64::from(to.0) - i64::from(from.0);
        let ddy = i64::from(to.1) - i64::from(from.1);
        let (dx, dy) = (ddx.abs(), ddy.abs());
        // g = gcd(dx, dy), by Euclid's algorithm.
        let (mut g, mut b) = (dx as u64, dy as u64);
        while b != 0 {
            (g, b) = (b, g % b);
        }
        let odd = |d: i64| g > 0 && (d as u64 / g) % 2 == 1;
        let corners = if odd(dx) && odd(dy) { g } else { 0 };
        Supercover {
            x: i64::from(from.0),
            y: i64::from(from.1),
            sx: ddx.signum(),
            sy: ddy.signum(),
            dx,
            dy,
            left_x: dx,
            left_y: dy,
            err: dy - dx,
            corner: Corner::None,
            remaining: (dx + dy) as u64 + 1 + corners,
        }
    }
}

impl Iterator for Supercover {
    type Item = (i32, i32);

    #[inline]
    fn next(&mut self) -> Option<(i32, i32)> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        // Every tile lies within the rectangle of the two ends: it fits in i32.
        let tile = (self.x as i32, self.y as i32);
        match self.corner {
            Corner::XSide => {
                // From the x-neighbour to the y-neighbour of the tile before.
                self.x -= self.sx;
                self.y += self.sy;
                self.corner = Corner::YSide;
            }
            Corner::YSide => {
                self.x += self.sx;
                self.corner = Corner::None;
            }
            Corner::None => {
                if self.left_x > 0 && (self.left_y == 0 || self.err < 0) {
                    self.x += self.sx;
                    self.left_x -= 1;
                    self.err += 2 * self.dy;
                } else if self.left_y > 0 && (self.left_x == 0 || self.err > 0) {
                    self.y += self.sy;
                    self.left_y -= 1;
                    self.err -= 2 * self.dx;
                } else if self.left_x > 0 {
                    // Through a corner: both tiles beside it, then across.
                    self.x += self.sx;
                    self.left_x -= 1;
                    self.left_y -= 1;
                    self.err += 2 * self.dy - 2 * self.dx;
                    self.corner = Corner::XSide;
                }
            }
        }
        Some(tile)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        super::size_hint(self.remaining)
    }
}

impl ExactSizeIterator for Supercover {}

impl FusedIterator for Supercover {}
