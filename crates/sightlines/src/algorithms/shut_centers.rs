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
use crate::kernel::{Field, Tiles};

/// Removes from `seen` every transparent tile whose centre lies on the ray
/// from the origin's centre through a corner between two diagonal walls of
/// `field`, past the corner.
///
/// Corner `(cx, cy)` is the top-left corner of the tile at offset
/// `(cx, cy)`, at `(cx - 1/2, cy - 1/2)` from the origin's centre: its ray
/// runs along `(2cx - 1, 2cy - 1)`, both odd, so the centres on it are the
/// multiples `n·(p, q)` of that vector divided by `g`, their (odd) common
/// divisor, and they lie past the corner from `2n > g` on. Corners on the
/// field's edge shut rays that leave the field there.
pub(crate) fn hide_shut_centers<T: Tiles>(tiles: &T, field: &Field, seen: &mut FieldBits) {
    let (x0, x1) = (-field.left, field.right);
    for cy in -field.up + 1..=field.down {
        // Corners between the rows cy - 1 and cy, 63 a word.
        let mut at = x0;
        while at < x1 {
            let len = (x1 - at + 1).min(64) as u32;
            let above = tiles.row_bits(at, cy - 1, len);
            let below = tiles.row_bits(at, cy, len);
            // Bit i: the corner between tiles at + i and at + i + 1.
            let pinched = (above & below >> 1 | above >> 1 & below) & (u64::MAX >> (65 - len));
            let mut bits = pinched;
            while bits != 0 {
                let cx = at + i64::from(bits.trailing_zeros()) + 1;
                bits &= bits - 1;
                hide_along(tiles, field, seen, (2 * cx - 1, 2 * cy - 1));
            }
            at += i64::from(len) - 1;
        }
    }
}

/// Removes the floors on the ray along `(u, v)` (both odd), past the corner
/// at half of it.
fn hide_along<T: Tiles>(tiles: &T, field: &Field, seen: &mut FieldBits, (u, v): (i64, i64)) {
    let g = gcd(u.abs(), v.abs());
    let (p, q) = (u / g, v / g);
    let mut n = (g + 1) / 2;
    loop {
        let (a, b) = (n * p, n * q);
        if !field.reaches(a, b) {
            return;
        }
        if !tiles.opaque(a, b) {
            seen.remove(a, b);
        }
        n += 1;
    }
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
    }
}
