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
        let g = gcd(a.abs(), b.abs());
        if g == 0 {
            return true;
        }
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

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
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
    }
}
