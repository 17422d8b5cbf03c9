//! The segment between two tiles' centres against the walls' *mid-lines*:
//! what decides a floor for the algorithms whose floors are seen centre to
//! centre (`symmetric-shadowcast`, `diamond-shadowcast`).
//!
//! In the frame of the segment's major axis (depth along it, col across),
//! a wall at depth `d` and col `c` blocks rays crossing the interior of its
//! mid-line, col `c - 1/2` to `c + 1/2` at depth `d` (for a ray no steeper
//! than the diagonal, the same as crossing the diamond inscribed in the
//! tile). A ray that only touches a mid-line's end passes it, but one that
//! touches a wall's end on one side and another wall's on the other side
//! slips through a pinch, which each algorithm rules on its own way
//! ([`Pinch`]). At depth `d` the ray to `(a, b)` is at col `b·d / a`: one
//! tile holds it, or two touch it at a half-integer. Stepping `d` updates
//! that col's whole part and remainder by additions, as a Bresenham line
//! does, so asking whether the ray is blocked costs a tile read a step.

use super::tiles::Tiles;

/// Which pinches block: a ray touching a wall's mid-line end on the side
/// toward the major axis (*axis side*) and another's on the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pinch {
    /// Both touches block, in either order along the ray (Ford's
    /// symmetric shadowcasting).
    EitherOrder,
    /// Only an axis-side touch followed, at the same depth or farther, by
    /// an other-side touch (RuggRogue's rounding).
    AxisSideFirst,
}

/// Whether the segment from the origin's centre to the centre of the tile
/// at offset `to` (not the origin) is blocked by the walls strictly before
/// `to` in its major axis, with `pinch` ruling the touched ends.
pub(crate) fn blocked<T: Tiles + ?Sized>(tiles: &T, to: (i64, i64), pinch: Pinch) -> bool {
    // The frame: depth steps along the major axis, col across it.
    let (a, b, depth, across) = if to.0.abs() >= to.1.abs() {
        (to.0.abs(), to.1, (to.0.signum(), 0), (0, 1))
    } else {
        (to.1.abs(), to.0, (0, to.1.signum()), (1, 0))
    };
    let wall =
        |d: i64, c: i64| tiles.opaque(depth.0 * d + across.0 * c, depth.1 * d + across.1 * c);
    debug_assert!(a > 0);
    // Col `b·d / a` plus 1/2 in units of 1/2a: `q` whole, `r` over.
    let (den, rise) = (2 * a, 2 * b);
    let (mut q, mut r) = (0, a);
    // The col offset, from the lower of two touching tiles, of the one on
    // the axis side: below the ray when `b > 0`, above it when `b < 0`.
    let axis = i64::from(b < 0);
    let mut axis_touched = false;
    let mut other_touched = false;
    for d in 1..a {
        r += rise;
        if r >= den {
            r -= den;
            q += 1;
        } else if r < 0 {
            r += den;
            q -= 1;
        }
        if r != 0 {
            // Inside tile `q`'s mid-line.
            if wall(d, q) {
                return true;
            }
            continue;
        }
        // On the end where tiles `q - 1` and `q` meet.
        let (near_wall, far_wall) = (wall(d, q - 1 + axis), wall(d, q - axis));
        axis_touched |= near_wall;
        if far_wall && axis_touched {
            return true;
        }
        other_touched |= far_wall;
        if pinch == Pinch::EitherOrder && axis_touched && other_touched {
            return true;
        }
    }
    false
}

/// Whether the segment from the origin's centre to the centre of the tile
/// at offset `to` (not the origin) touches no opaque tile but those two,
/// not even at an edge or a corner. Such a segment is clear with room to
/// spare: the segments near it are clear too, a wedge of sight however the
/// source square is cut and whatever a corner rule says, so it proves B
/// visible for the algorithms whose sight lines run between squares.
pub(crate) fn clear<T: Tiles + ?Sized>(tiles: &T, to: (i64, i64)) -> bool {
    if to.0.abs() >= to.1.abs() {
        clear_along::<true, T>(tiles, to)
    } else {
        clear_along::<false, T>(tiles, to)
    }
}

/// [`clear`] with the major axis x (`X_MAJOR`) or y.
#[inline]
fn clear_along<const X_MAJOR: bool, T: Tiles + ?Sized>(tiles: &T, to: (i64, i64)) -> bool {
    let (depth, across) = if X_MAJOR { to } else { (to.1, to.0) };
    let (a, b) = (depth.abs(), across.abs());
    let (sd, sc) = (depth.signum(), across.signum());
    debug_assert!(a > 0);
    // The `len` (1 to 64) tiles from depth `d` on at col `c`: one packed
    // read along the major axis (in any order: only "any wall" matters).
    let read = |c: i64, d: i64, len: u32| {
        if X_MAJOR {
            let x = if sd < 0 { -(d + i64::from(len) - 1) } else { d };
            tiles.row_bits(x, sc * c, len)
        } else {
            tiles.column_bits(sc * c, sd * d, sd, len)
        }
    };
    // The segment is at col `b·x / a` at depth `x`, so tile (`d`, `c`) is
    // touched when `c - 1/2 <= b·x / a <= c + 1/2` for some `x` within half
    // a tile of `d`: for `c` from 0 to `b`, the depths from
    // `(2ac - a - b) / 2b` rounded up to `(2ac + a + b) / 2b` rounded down.
    // Both numerators step by `2a` a col: whole parts and remainders
    // stepped, after one division.
    let den = 2 * b.max(1);
    let (step, step_r) = (2 * a / den, 2 * a % den);
    // `lo`: `2ac - a - b` over `den`, rounded up; `hi`: `2ac + a + b`
    // over `den`, rounded down; the tiles at either end are not asked.
    let (mut lo_q, mut lo_r) = ((-a - b).div_euclid(den), (-a - b).rem_euclid(den));
    let (mut hi_q, mut hi_r) = ((a + b) / den, (a + b) % den);
    if b == 0 {
        hi_q = a - 1;
    }
    let mut c = 0;
    loop {
        // Depth 0 holds the origin and, at col 0, nothing else touched.
        let mut first = if c == 0 {
            1
        } else {
            lo_q + i64::from(lo_r > 0)
        };
        let last = if c == b { hi_q.min(a - 1) } else { hi_q };
        while first <= last {
            let len = (last - first + 1).min(64) as u32;
            if read(c, first, len) != 0 {
                return false;
            }
            first += i64::from(len);
        }
        if c == b {
            return true;
        }
        c += 1;
        (lo_q, lo_r) = (lo_q + step, lo_r + step_r);
        if lo_r >= den {
            (lo_q, lo_r) = (lo_q + 1, lo_r - den);
        }
        (hi_q, hi_r) = (hi_q + step, hi_r + step_r);
        if hi_r >= den {
            (hi_q, hi_r) = (hi_q + 1, hi_r - den);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::tiles::Asked;

    /// Whether the ray from (0, 0) to `to` is blocked by `walls`, for each
    /// pinch rule, in each of the eight frames the map can be turned to.
    fn blocked_all_ways(walls: &[(i64, i64)], to: (i64, i64)) -> [bool; 2] {
        let mut answers = Vec::new();
        for (sx, sy, swap) in [
            (1, 1, false),
            (-1, 1, false),
            (1, -1, false),
            (-1, -1, false),
            (1, 1, true),
            (-1, 1, true),
            (1, -1, true),
            (-1, -1, true),
        ] {
            let turn = |(x, y): (i64, i64)| {
                let (x, y) = (sx * x, sy * y);
                if swap {
                    (y, x)
                } else {
                    (x, y)
                }
            };
            let turned: Vec<(i64, i64)> = walls.iter().map(|&w| turn(w)).collect();
            let map = |x: i32, y: i32| turned.contains(&(i64::from(x), i64::from(y)));
            let tiles = Asked::new(&map, (0, 0));
            let to = turn(to);
            answers.push([
                blocked(&tiles, to, Pinch::EitherOrder),
                blocked(&tiles, to, Pinch::AxisSideFirst),
            ]);
        }
        assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
        answers[0]
    }

    #[test]
    fn a_wall_blocks_the_rays_through_its_mid_line() {
        // The ray to (4, 1) is at col 1/2 at depth 2: on the end of (2, 0)
        // and (2, 1), not inside either; at depth 1 inside (1, 0).
        assert_eq!(blocked_all_ways(&[(1, 0)], (4, 1)), [true, true]);
        assert_eq!(blocked_all_ways(&[(3, 1)], (4, 1)), [true, true]);
        assert_eq!(blocked_all_ways(&[(2, 0)], (4, 1)), [false, false]);
        assert_eq!(blocked_all_ways(&[(2, 1)], (4, 1)), [false, false]);
        // The target itself, and walls past it or beside the ray, do not.
        assert_eq!(
            blocked_all_ways(&[(4, 1), (5, 1), (2, 2)], (4, 1)),
            [false, false]
        );
        // Nothing is before a neighbour.
        assert_eq!(blocked_all_ways(&[(0, 1), (1, 0)], (1, 1)), [false, false]);
    }

    #[test]
    fn touching_ends_on_both_sides_is_a_pinch() {
        // Two walls at one depth, meeting where the ray passes: blocked by
        // both rules.
        assert_eq!(blocked_all_ways(&[(2, 0), (2, 1)], (4, 1)), [true, true]);
        // The ray to (6, 1) touches ends at depths 3 (col 1/2) only; to
        // (10, 3), at depths 5 (col 3/2) only. The ray to (10, 1) touches
        // them at depth 5 (col 1/2). For two depths: the ray to (12, 2)
        // is at col 1/2 at depths 3 and 9.
        // Axis side (below the ray) first, then the other side: both block.
        assert_eq!(blocked_all_ways(&[(3, 0), (9, 2)], (12, 2)), [true, true]);
        // The other side first: only Ford's rule blocks.
        assert_eq!(blocked_all_ways(&[(3, 1), (9, 1)], (12, 2)), [true, false]);
        // Two touches on one side are no pinch.
        assert_eq!(blocked_all_ways(&[(3, 0), (9, 1)], (12, 2)), [false, false]);
        assert_eq!(blocked_all_ways(&[(3, 1), (9, 2)], (12, 2)), [false, false]);
    }

    #[test]
    fn long_rays_stay_exact_near_the_ends_of_i32() {
        // From near i32::MAX, toward it: the ray to (3M, 1.5M) is at col
        // d / 2, a touch between two tiles at every odd depth.
        let origin = (i32::MAX - 3_000_000, i32::MAX - 1_500_000);
        let ask = |walls: &[(i64, i64)], pinch| {
            let map = |x: i32, y: i32| {
                let at = (i64::from(x - origin.0), i64::from(y - origin.1));
                walls.contains(&at)
            };
            blocked(&Asked::new(&map, origin), (3_000_000, 1_500_000), pinch)
        };
        let either = Pinch::EitherOrder;
        assert!(!ask(&[], either));
        assert!(ask(&[(2_999_998, 1_499_999)], either));
        assert!(!ask(&[(2_999_998, 1_500_000)], either));
        let (axis_then_other, other_then_axis) = (
            [(2_000_001, 1_000_000), (2_999_999, 1_500_000)],
            [(2_000_001, 1_000_001), (2_999_999, 1_499_999)],
        );
        assert!(ask(&axis_then_other, Pinch::AxisSideFirst));
        assert!(!ask(&other_then_axis, Pinch::AxisSideFirst));
        assert!(ask(&other_then_axis, either));
        // Past i32 space everything blocks, as an edge would.
        let open = |_: i32, _: i32| false;
        let tiles = Asked::new(&open, (i32::MAX - 1, 0));
        assert!(blocked(&tiles, (5, 0), Pinch::AxisSideFirst));
        assert!(!blocked(&tiles, (-5, 2), Pinch::AxisSideFirst));
    }
}
