//! The diagonal rule for sight from centre to centre.
//!
//! A corner between two diagonally opposite walls is a single point, so it
//! shuts a single ray: the one from the origin's centre through it. An
//! algorithm whose floors are seen by the ray to their centre, and whose
//! walls by a spread of rays that a point cannot close, then loses exactly
//! the floors centred on such a ray past such a corner. So the algorithm
//! scans as usual into [`FieldBits`], and [`hide_shut_centers`] takes those
//! floors out: no scan needs to know the rule.

use super::rays::FieldBits;
use crate::kernel::Tiles;

/// Removes from `seen` every transparent tile whose centre lies on the ray
/// from the origin's centre through a corner between two diagonal walls,
/// before the centre.
///
/// The centre at offset `(a, b)` is `g·(p, q)` with `p` and `q` coprime.
/// The corners of the grid sit at `(cx - 1/2, cy - 1/2)` from the origin's
/// centre (corner `(cx, cy)` is the top-left one of the tile at that
/// offset), so the ray passes one only when `p` and `q` are both odd, at
/// `k·(p, q)/2` for odd `k`, and before the centre for `k < 2g`. Most
/// centres are done after a gcd and a parity test; the cost follows the
/// tiles seen, not the field's area.
pub(crate) fn hide_shut_centers<T: Tiles>(tiles: &T, seen: &mut FieldBits) {
    seen.retain(|a, b| {
        // Both quotients are odd only when 2 divides a and b equally often
        // (neither being 0): a cheap test that most centres fail.
        if a == 0 || b == 0 || a.trailing_zeros() != b.trailing_zeros() {
            return true;
        }
        let g = gcd(a.unsigned_abs(), b.unsigned_abs()) as i64;
        let (p, q) = (a / g, b / g);
        if p % 2 == 0 || q % 2 == 0 || tiles.opaque(a, b) {
            return true;
        }
        !(1..2 * g).step_by(2).any(|k| {
            let (cx, cy) = ((k * p + 1) / 2, (k * q + 1) / 2);
            let wall = |x: i64, y: i64| tiles.opaque(x, y);
            wall(cx - 1, cy - 1) && wall(cx, cy) || wall(cx, cy - 1) && wall(cx - 1, cy)
        })
    });
}

/// Binary gcd: shifts and subtractions, no division.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcd_of_odd_pairs() {
        assert_eq!(gcd(9, 15), 3);
        assert_eq!(gcd(1, 7), 1);
        assert_eq!(gcd(21, 21), 21);
        assert_eq!(gcd(0, 5), 5);
        assert_eq!(gcd(12, 18), 6);
        assert_eq!(gcd(1 << 40, 3 << 20), 1 << 20);
    }
}
