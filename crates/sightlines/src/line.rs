//! Integer lines on the grid: the Bresenham line, for line of sight,
//! projectiles and the ray-casting fields of view, and the symmetric
//! [`Supercover`] line, every tile a segment touches.
//!
//! A line from `A` to `B` visits one tile per step along its *major* axis
//! (the axis with the larger distance; `y` when the distances tie) and, at
//! each step `i` of `n`, the tile whose minor coordinate is nearest to the
//! exact point `A + (B - A) · i / n`. When that point lies exactly halfway
//! between two tiles, a [`Rounding`] picks one. Everything is integer
//! arithmetic with an error term, so a line is the same on every platform,
//! and it is symmetric under the eight mirrors and rotations of the grid:
//! mirroring `A` and `B` mirrors the line.
//!
//! ```
//! use sightlines::line::Bresenham;
//!
//! let tiles: Vec<(i32, i32)> = Bresenham::new((0, 0), (5, 2)).collect();
//! assert_eq!(tiles, [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)]);
//! ```

use std::iter::FusedIterator;

mod supercover;
pub use supercover::Supercover;

/// Which tile a line takes when its exact point lies halfway between two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// The tile nearer the line's start: libtcod's `TCOD_line`, and so the
    /// rays of libtcod's `FOV_BASIC`.
    #[default]
    TowardStart,
    /// The tile farther from the line's start: what rounding the exact
    /// offset half away from zero gives.
    AwayFromStart,
}

/// The steps of a line from offset `(0, 0)` to `(dx, dy)`, as offsets.
///
/// The error term is the doubled distance to the next minor step, so it
/// stays within `±2·max(|dx|, |dy|)`: no product of coordinates, no overflow
/// for any pair of `i32` positions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Steps {
    /// Current offset along the major and minor axes (absolute values).
    major: i64,
    minor: i64,
    /// Absolute distances along the major and minor axes.
    len: i64,
    rise: i64,
    /// Doubled error; the minor coordinate steps when it drops below zero.
    err: i64,
    sx: i64,
    sy: i64,
    x_major: bool,
    started: bool,
}

impl Steps {
    /// The offsets of the line to `(dx, dy)`, `(0, 0)` first.
    #[inline]
    pub(crate) fn new(dx: i64, dy: i64, rounding: Rounding) -> Steps {
        let (ax, ay) = (dx.abs(), dy.abs());
        let x_major = ax > ay;
        let (len, rise) = if x_major { (ax, ay) } else { (ay, ax) };
        // Step minor when len - 2·i·rise + 2·len·j < 0; starting one lower
        // makes an exact half (zero) step too, rounding away from the start.
        let err = len - i64::from(rounding == Rounding::AwayFromStart);
        Steps {
            major: 0,
            minor: 0,
            len,
            rise,
            err,
            sx: dx.signum(),
            sy: dy.signum(),
            x_major,
            started: false,
        }
    }

    /// Whether the line, not yet stepped, takes offset `b` (not `(0, 0)`):
    /// `b` lies on its side of both axes, within its length, and its minor
    /// coordinate is the one the error term reaches at `b`'s step `i`, the
    /// least `j >= 0` with `err - 2·i·rise + 2·len·j >= 0`. No stepping: a
    /// closed form, for asking many lines about one tile.
    pub(crate) fn takes(&self, b: (i64, i64)) -> bool {
        if b.0 != self.sx * b.0.abs() || b.1 != self.sy * b.1.abs() {
            return false;
        }
        let (i, minor) = if self.x_major {
            (b.0.abs(), b.1.abs())
        } else {
            (b.1.abs(), b.0.abs())
        };
        if i > self.len {
            return false;
        }
        // Products of two coordinates: i128 for any pair of i32 positions.
        let num = 2 * i128::from(i) * i128::from(self.rise) - i128::from(self.err);
        let den = 2 * i128::from(self.len);
        let at = if num <= 0 { 0 } else { (num + den - 1) / den };
        at == i128::from(minor)
    }

    /// One step along the major axis; whether the minor one steps too.
    #[inline(always)]
    fn advance(&mut self) -> bool {
        self.major += 1;
        self.err -= 2 * self.rise;
        let minor = self.err < 0;
        if minor {
            self.minor += 1;
            self.err += 2 * self.len;
        }
        minor
    }

    /// The current offset.
    #[inline(always)]
    fn offset(&self) -> (i64, i64) {
        let (x, y) = if self.x_major {
            (self.major, self.minor)
        } else {
            (self.minor, self.major)
        };
        (x * self.sx, y * self.sy)
    }

    /// The offsets after `(0, 0)`, each with its position `start + dx +
    /// dy·row` in a grid stored row by row `row` apart, the position kept
    /// up to date with an addition or two a step.
    #[inline]
    pub(crate) fn positions(self, start: i64, row: i64) -> Positions {
        let (x_step, y_step) = (self.sx, self.sy * row);
        let (major_step, minor_step) = if self.x_major {
            (x_step, y_step)
        } else {
            (y_step, x_step)
        };
        Positions {
            steps: self,
            position: start,
            major_step,
            minor_step,
        }
    }
}

/// See [`Steps::positions`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Positions {
    steps: Steps,
    position: i64,
    major_step: i64,
    minor_step: i64,
}

impl Iterator for Positions {
    type Item = (i64, (i64, i64));

    #[inline(always)]
    fn next(&mut self) -> Option<(i64, (i64, i64))> {
        if self.steps.major == self.steps.len {
            return None;
        }
        self.position += self.major_step;
        if self.steps.advance() {
            self.position += self.minor_step;
        }
        Some((self.position, self.steps.offset()))
    }
}

impl Iterator for Steps {
    type Item = (i64, i64);

    #[inline]
    fn next(&mut self) -> Option<(i64, i64)> {
        if !self.started {
            self.started = true;
        } else if self.major == self.len {
            return None;
        } else {
            self.advance();
        }
        Some(self.offset())
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // The offsets left, the current one included if not yet given.
        size_hint((self.len - self.major) as u64 + u64::from(!self.started))
    }
}

/// The exact size hint of an iterator with `n` items left.
fn size_hint(n: u64) -> (usize, Option<usize>) {
    let exact = usize::try_from(n).ok();
    (exact.unwrap_or(usize::MAX), exact)
}

impl FusedIterator for Steps {}

/// The tiles of a Bresenham line from `from` to `to`, both included.
///
/// A line of `n = max(|dx|, |dy|)` steps yields `n + 1` tiles, each a king's
/// move from the one before.
///
/// ```
/// use sightlines::line::Bresenham;
///
/// // A line of sight: is every tile between the two ends transparent?
/// let wall = |x: i32, y: i32| (x, y) == (2, 1);
/// let clear = |a, b| Bresenham::new(a, b)
///     .filter(|&p| p != a && p != b)
///     .all(|(x, y)| !wall(x, y));
/// assert!(!clear((0, 0), (4, 2)));
/// assert!(clear((0, 0), (4, 0)));
///
/// // Extreme coordinates neither overflow nor panic.
/// let far = Bresenham::new((i32::MIN, i32::MAX), (i32::MAX, i32::MIN));
/// assert_eq!(far.len(), 1 << 32);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bresenham {
    from: (i64, i64),
    steps: Steps,
}

impl Bresenham {
    /// The line from `from` to `to`, halfway ties toward `from` (libtcod's).
    pub fn new(from: (i32, i32), to: (i32, i32)) -> Bresenham {
        Bresenham::with_rounding(from, to, Rounding::TowardStart)
    }

    /// The line from `from` to `to`, halfway ties broken by `rounding`.
    ///
    /// ```
    /// use sightlines::line::{Bresenham, Rounding};
    /// let away = Bresenham::with_rounding((0, 0), (2, 1), Rounding::AwayFromStart);
    /// assert_eq!(away.collect::<Vec<_>>(), [(0, 0), (1, 1), (2, 1)]);
    /// let toward = Bresenham::new((0, 0), (2, 1)); // Rounding::TowardStart
    /// assert_eq!(toward.collect::<Vec<_>>(), [(0, 0), (1, 0), (2, 1)]);
    /// ```
    pub fn with_rounding(from: (i32, i32), to: (i32, i32), rounding: Rounding) -> Bresenham {
        let from = (i64::from(from.0), i64::from(from.1));
        let steps = Steps::new(i64::from(to.0) - from.0, i64::from(to.1) - from.1, rounding);
        Bresenham { from, steps }
    }
}

impl Iterator for Bresenham {
    type Item = (i32, i32);

    #[inline]
    fn next(&mut self) -> Option<(i32, i32)> {
        // Every tile lies between the two ends, so it fits in i32.
        self.steps
            .next()
            .map(|(dx, dy)| ((self.from.0 + dx) as i32, (self.from.1 + dy) as i32))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.steps.size_hint()
    }
}

impl ExactSizeIterator for Bresenham {}

impl FusedIterator for Bresenham {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_answers_as_the_steps_do() {
        for rounding in [Rounding::TowardStart, Rounding::AwayFromStart] {
            for ty in -9i64..=9 {
                for tx in -9i64..=9 {
                    let line = Steps::new(tx, ty, rounding);
                    let steps: Vec<_> = line.skip(1).collect();
                    for by in -10i64..=10 {
                        for bx in -10i64..=10 {
                            if (bx, by) == (0, 0) {
                                continue;
                            }
                            assert_eq!(
                                line.takes((bx, by)),
                                steps.contains(&(bx, by)),
                                "{rounding:?} to ({tx}, {ty}), ({bx}, {by})"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The minor offset at major step `i`, from the exact rational point.
    fn exact(i: i64, len: i64, rise: i64, rounding: Rounding) -> i64 {
        // round(i·rise/len): floor((2·i·rise + len) / (2·len)), minus one on
        // an exact half when rounding toward the start.
        let num = 2 * i * rise + len;
        let j = num.div_euclid(2 * len);
        if rounding == Rounding::TowardStart && num % (2 * len) == 0 {
            j - 1
        } else {
            j
        }
    }

    #[test]
    fn steps_follow_the_exact_rounded_line() {
        for rounding in [Rounding::TowardStart, Rounding::AwayFromStart] {
            for dx in -13i64..=13 {
                for dy in -13i64..=13 {
                    let pts: Vec<_> = Steps::new(dx, dy, rounding).collect();
                    let len = dx.abs().max(dy.abs());
                    assert_eq!(pts.len() as i64, len + 1);
                    assert_eq!(pts[0], (0, 0));
                    assert_eq!(*pts.last().unwrap(), (dx, dy));
                    for (i, &(x, y)) in pts.iter().enumerate() {
                        let i = i as i64;
                        if len == 0 {
                            continue;
                        }
                        let (maj, min, rise) = if dx.abs() > dy.abs() {
                            (x.abs(), y.abs(), dy.abs())
                        } else {
                            (y.abs(), x.abs(), dx.abs())
                        };
                        assert_eq!(maj, i);
                        assert_eq!(min, exact(i, len, rise, rounding), "{dx},{dy} step {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn lines_are_symmetric_under_the_eight_transforms() {
        for (rounding, dx, dy) in [Rounding::TowardStart, Rounding::AwayFromStart]
            .into_iter()
            .flat_map(|r| (-9i64..=9).flat_map(move |dx| (-9i64..=9).map(move |dy| (r, dx, dy))))
        {
            let base: Vec<_> = Steps::new(dx, dy, rounding).collect();
            for (swap, fx, fy) in [
                (false, true, false),
                (false, false, true),
                (true, false, false),
            ] {
                let t = |(x, y): (i64, i64)| {
                    let (x, y) = (if fx { -x } else { x }, if fy { -y } else { y });
                    if swap {
                        (y, x)
                    } else {
                        (x, y)
                    }
                };
                let (tx, ty) = t((dx, dy));
                let mirrored: Vec<_> = Steps::new(tx, ty, rounding).collect();
                let expected: Vec<_> = base.iter().map(|&p| t(p)).collect();
                assert_eq!(mirrored, expected);
            }
        }
    }

    #[test]
    fn size_hint_is_exact() {
        let mut line = Bresenham::new((0, 0), (7, -3));
        assert_eq!(line.len(), 8);
        line.next();
        assert_eq!(line.len(), 7);
        assert_eq!(line.by_ref().count(), 7);
        assert_eq!(line.next(), None);
        assert_eq!(Bresenham::new((4, 4), (4, 4)).collect::<Vec<_>>(), [(4, 4)]);
    }
}
