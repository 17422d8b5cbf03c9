//! The diagonal rule for sight from centre to centre.
//!
//! A corner between two diagonally opposite walls is a single point, so it
//! shuts a single ray: the one from the origin's centre through it. An
//! algorithm whose floors are seen by the ray to their centre, and whose
//! walls by a spread of rays that a point cannot close, then loses exactly
//! the floors centred on such a ray past such a corner. So
//! [`ShutCentres::find`] lists those floors before the scan, and the scan
//! reports through [`Except`], which leaves them out: no scan needs to know
//! the rule.

use crate::error::FovError;
use crate::kernel::{Field, Reach, Sink, Tiles};
use crate::visible::checked_area;

/// Bits along lines (the rows, or the columns, of a field's box), a whole
/// number of words a line.
#[derive(Clone, Debug, Default)]
struct Lines {
    words: Vec<u64>,
    per_line: usize,
    /// A bit per line that has a set bit.
    marked: Vec<u64>,
}

impl Lines {
    /// `lines` clear lines of `len` bits.
    fn reset(&mut self, lines: usize, len: usize) {
        self.per_line = len.div_ceil(64);
        self.words.clear();
        self.words.resize(lines * self.per_line, 0);
        self.marked.clear();
        self.marked.resize(lines.div_ceil(64), 0);
    }

    #[inline]
    fn insert(&mut self, line: usize, at: usize) {
        self.words[line * self.per_line + at / 64] |= 1 << (at % 64);
        self.marked[line / 64] |= 1 << (line % 64);
    }

    /// The first set bit of `line` in `from..=to`, if any.
    #[inline]
    fn first_in(&self, line: usize, from: usize, to: usize) -> Option<usize> {
        if self.marked[line / 64] & 1 << (line % 64) == 0 {
            return None;
        }
        let words = &self.words[line * self.per_line..][..self.per_line];
        let mut k = from / 64;
        let mut bits = words[k] & u64::MAX << (from % 64);
        loop {
            if bits != 0 {
                let at = k * 64 + bits.trailing_zeros() as usize;
                return (at <= to).then_some(at);
            }
            k += 1;
            if k > to / 64 {
                return None;
            }
            bits = words[k];
        }
    }
}

/// The floors of a field centred on a shut ray past its corner, a bit
/// each, kept both by row and by column of the field's box, so that a span
/// of the scan, across or along, finds the few among its tiles a word at a
/// time.
#[derive(Clone, Debug, Default)]
pub(crate) struct ShutCentres {
    reach: Reach,
    /// By `dy + up`, bits by `dx + left`.
    rows: Lines,
    /// By `dx + left`, bits by `dy + up`.
    columns: Lines,
    up: i64,
    left: i64,
}

impl ShutCentres {
    /// Finds, within `field`'s box, every floor whose centre lies on the
    /// ray from the origin's centre through a corner between two
    /// diagonally opposite walls, past the corner; whether there is one.
    ///
    /// The corner `(cx, cy)` (the top-left one of the tile at that offset)
    /// sits at `(2cx - 1, 2cy - 1) / 2 = g·(p, q) / 2` from the origin's
    /// centre, with `p` and `q` odd and coprime and `g` odd; the centres on
    /// its ray are the `m·(p, q)`, past it for `m > g / 2`. A ray through a
    /// corner first crosses, strictly inside its mid-line, the tile of the
    /// four that is nearer the origin on both axes, and right after it the
    /// one across the corner, farther on both: when either is a wall (other
    /// than the origin's, which is a point), the ray is shut before any
    /// centre past the corner without the rule, and the corner changes
    /// nothing. That leaves only the corners where the walls are the other
    /// two tiles, found a word at a time.
    pub(crate) fn find<T: Tiles>(&mut self, tiles: &T, field: &Field) -> Result<bool, FovError> {
        checked_area(field.rect())?;
        (self.up, self.left) = (field.up, field.left);
        let (height, width) = (
            (field.up + field.down + 1) as usize,
            (field.left + field.right + 1) as usize,
        );
        self.rows.reset(height, width);
        self.columns.reset(width, height);
        self.reach.reset(field.range);
        let mut any = false;
        let (x0, x1) = (-field.left, field.right);
        // 63 corners a word, down each band of 64 columns: bit i is the
        // corner between tiles at + i and at + i + 1, corner (at + i + 1,
        // cy), between rows cy - 1 and cy.
        let mut at = x0;
        while at < x1 {
            let len = (x1 - at + 1).min(64) as u32;
            // The origin's column in the band, if in it or right of it.
            let origin_bit = u32::try_from(-at).ok();
            // Right of the origin the nearer tile is the left one, bit i of
            // a row; left of it, the right one, bit i + 1.
            let right = origin_bit.map_or(u64::MAX, |i| u64::MAX.checked_shl(i).unwrap_or(0));
            // The origin's tile is a point, not a wall.
            let origin = origin_bit.map_or(u64::MAX, |i| !1u64.checked_shl(i).unwrap_or(0));
            // Past a corner, a ray meets only tiles at least as far on
            // both axes as the corner's farthest tile: a band's rows end
            // where the range no longer reaches its nearest column.
            let near_col = if at <= 0 && 0 < at + i64::from(len) {
                0
            } else {
                at.abs().min((at + i64::from(len) - 1).abs())
            };
            let mut rows_out = 0;
            while rows_out < field.up.max(field.down) && self.reach.at(rows_out + 1) >= near_col {
                rows_out += 1;
            }
            let (top, bottom) = ((-rows_out + 1).max(-field.up + 1), rows_out.min(field.down));
            let mut above = tiles.row_bits(at, top - 1, len);
            for cy in top..=bottom {
                let below = tiles.row_bits(at, cy, len);
                let shut = above & below >> 1 | above >> 1 & below;
                // The nearer row: above the corner below the origin.
                let mut near = if cy >= 1 { above } else { below };
                if cy == 0 || cy == 1 {
                    near &= origin;
                }
                let near = near & right | near >> 1 & !right;
                // And the farther one, across the corner from it.
                let far = if cy >= 1 { below } else { above };
                let far = far >> 1 & right | far & !right;
                let mut bits = shut & !near & !far & (u64::MAX >> (65 - len));
                while bits != 0 {
                    let cx = at + i64::from(bits.trailing_zeros()) + 1;
                    bits &= bits - 1;
                    any |= self.hide_past(tiles, field, (cx, cy));
                }
                above = below;
            }
            at += i64::from(len) - 1;
        }
        Ok(any)
    }

    /// Marks the floors centred on the ray through corner `corner`, past
    /// it and before the first wall centred on it (whose mid-line shuts it
    /// again), within `field`'s box; whether there is one.
    fn hide_past<T: Tiles>(&mut self, tiles: &T, field: &Field, corner: (i64, i64)) -> bool {
        let (u, v) = (2 * corner.0 - 1, 2 * corner.1 - 1);
        let g = gcd(u.unsigned_abs(), v.unsigned_abs()) as i64;
        let (p, q) = (u / g, v / g);
        let mut any = false;
        let (mut a, mut b) = ((g + 1) / 2 * p, (g + 1) / 2 * q);
        // Up to the first wall centred on the ray: it shuts the ray itself.
        while (-field.left..=field.right).contains(&a)
            && (-field.up..=field.down).contains(&b)
            && !tiles.opaque(a, b)
        {
            let (col, row) = ((a + self.left) as usize, (b + self.up) as usize);
            self.rows.insert(row, col);
            self.columns.insert(col, row);
            any = true;
            (a, b) = (a + p, b + q);
        }
        any
    }
}

/// A [`Sink`] that passes on every tile but the [`ShutCentres`]' floors,
/// if any.
pub(crate) struct Except<'a, S: ?Sized> {
    pub(crate) sink: &'a mut S,
    pub(crate) shut: Option<&'a ShutCentres>,
}

// Out of line: the scan calls these from many places, and its copy for
// the rule weighs on the wasm module.
impl<S: Sink + ?Sized> Sink for Except<'_, S> {
    #[inline(never)]
    fn tile(&mut self, dx: i64, dy: i64) {
        let hidden = self.shut.is_some_and(|shut| {
            let at = (dx + shut.left) as usize;
            shut.rows
                .first_in((dy + shut.up) as usize, at, at)
                .is_some()
        });
        if !hidden {
            self.sink.tile(dx, dy);
        }
    }

    #[inline(never)]
    fn row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        let sink = &mut *self.sink;
        match self.shut {
            None => sink.row(dy, dx0, dx1),
            Some(shut) => {
                let line = (dy + shut.up) as usize;
                between(&shut.rows, line, shut.left, (dx0, dx1), |a, b| {
                    sink.row(dy, a, b);
                });
            }
        }
    }

    #[inline(never)]
    fn column(&mut self, dx: i64, dy0: i64, dy1: i64) {
        let sink = &mut *self.sink;
        match self.shut {
            None => sink.column(dx, dy0, dy1),
            Some(shut) => {
                let line = (dx + shut.left) as usize;
                between(&shut.columns, line, shut.up, (dy0, dy1), |a, b| {
                    sink.column(dx, a, b);
                });
            }
        }
    }
}

/// Calls `span(a, b)` for the runs of `from..=to` (offsets along `line` of
/// `lines`, bit `offset + t` for `t`) between its set bits.
#[inline]
fn between(
    lines: &Lines,
    line: usize,
    offset: i64,
    (from, to): (i64, i64),
    mut span: impl FnMut(i64, i64),
) {
    let mut from = from;
    while from <= to {
        let Some(at) = lines.first_in(line, (from + offset) as usize, (to + offset) as usize)
        else {
            break;
        };
        let t = at as i64 - offset;
        span(from, t - 1);
        from = t + 1;
    }
    span(from, to);
}

/// Whether the ray from the origin's centre to the centre at offset `to`
/// (not on an axis, `a` and `b` with equally many factors of 2) passes,
/// before it, a corner for which `shut(cx, cy)` holds, `(cx, cy)` being the
/// tile whose top-left corner it is (see [`ShutCentres::find`]).
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
/// [`ShutCentres::find`] for one tile, asking only the corners on the ray.
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
