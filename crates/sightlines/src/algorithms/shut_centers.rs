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
use crate::error::FovError;
use crate::kernel::{Field, Tiles};

/// Removes from `seen` every transparent tile whose centre lies on the ray
/// from the origin's centre through a corner between two diagonal walls,
/// before the centre. `corners` is scratch for those corners.
///
/// The centre at offset `(a, b)` is `g·(p, q)` with `p` and `q` coprime.
/// The corners of the grid sit at `(cx - 1/2, cy - 1/2)` from the origin's
/// centre (corner `(cx, cy)` is the top-left one of the tile at that
/// offset), so the ray passes one only when `p` and `q` are both odd, at
/// `k·(p, q)/2` for odd `k`, and before the centre for `k < 2g`. Most
/// centres are done after a parity test; the corners between walls are
/// found a word of 63 at a time beforehand. (Walking the ray of each such
/// corner instead costs more: caves have many, and few shut a centre.)
pub(crate) fn hide_shut_centers<T: Tiles>(
    tiles: &T,
    field: &Field,
    seen: &mut FieldBits,
    corners: &mut FieldBits,
) -> Result<(), FovError> {
    if !mark_corners(tiles, field, corners)? {
        return Ok(());
    }
    seen.retain(|a, b| {
        // Both quotients are odd only when 2 divides a and b equally often
        // (neither being 0): a cheap test that most centres fail.
        if a == 0 || b == 0 || a.trailing_zeros() != b.trailing_zeros() {
            return true;
        }
        !ray_meets_corner((a, b), |cx, cy| corners.contains(cx, cy)) || tiles.opaque(a, b)
    });
    Ok(())
}

/// Whether the ray from the origin's centre to the centre at offset `to`
/// (not on an axis, `a` and `b` with equally many factors of 2) passes,
/// before it, a corner for which `shut(cx, cy)` holds, `(cx, cy)` being the
/// tile whose top-left corner it is (see [`hide_shut_centers`]).
#[inline]
fn ray_meets_corner(to: (i64, i64), mut shut: impl FnMut(i64, i64) -> bool) -> bool {
    let (a, b) = to;
    let g = gcd(a.unsigned_abs(), b.unsigned_abs()) as i64;
    let (p, q) = (a / g, b / g);
    let mut k = 1;
    while k < 2 * g {
        if shut((k * p + 1) / 2, (k * q + 1) / 2) {
            return true;
        }
        k += 2;
    }
    false
}

/// Whether the ray from the origin's centre to the centre at offset `to`
/// passes a corner between two diagonally opposite opaque tiles before it:
/// [`hide_shut_centers`] for one tile, asking only the corners on the ray.
pub(crate) fn centre_shut<T: Tiles>(tiles: &T, to: (i64, i64)) -> bool {
    let (a, b) = to;
    if a == 0 || b == 0 || a.trailing_zeros() != b.trailing_zeros() {
        return false;
    }
    ray_meets_corner(to, |cx, cy| {
        let (nw, ne) = (tiles.opaque(cx - 1, cy - 1), tiles.opaque(cx, cy - 1));
        let (sw, se) = (tiles.opaque(cx - 1, cy), tiles.opaque(cx, cy));
        nw && se || ne && sw
    })
}

/// Marks in `corners`, at the tile whose top-left corner it is, every corner
/// inside `field` between two diagonally opposite opaque tiles; whether
/// there is one.
fn mark_corners<T: Tiles>(
    tiles: &T,
    field: &Field,
    corners: &mut FieldBits,
) -> Result<bool, FovError> {
    corners.reset(field)?;
    let mut any = false;
    let (x0, x1) = (-field.left, field.right);
    for cy in -field.up + 1..=field.down {
        // The corners between rows cy - 1 and cy, 63 a word: bit i is the
        // corner between tiles at + i and at + i + 1.
        let mut at = x0;
        while at < x1 {
            let len = (x1 - at + 1).min(64) as u32;
            let above = tiles.row_bits(at, cy - 1, len);
            let below = tiles.row_bits(at, cy, len);
            let mut bits = (above & below >> 1 | above >> 1 & below) & (u64::MAX >> (65 - len));
            any |= bits != 0;
            while bits != 0 {
                corners.insert(at + i64::from(bits.trailing_zeros()) + 1, cy);
                bits &= bits - 1;
            }
            at += i64::from(len) - 1;
        }
    }
    Ok(any)
}

/// Binary gcd: shifts and subtractions, no division; `gcd(0, n)` is `n`.
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
