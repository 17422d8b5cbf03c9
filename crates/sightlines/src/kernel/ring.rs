//! The first ring: the eight tiles around the origin, read and reported at
//! once for the algorithms that always see them all, so that their scans
//! start one line out and a field of radius 1 runs no scan at all.

use super::field::Field;
use super::octant::Octant;
use super::sink::Sink;
use super::tiles::Tiles;

/// The tiles at offsets `-1..=1` each way but the origin: bit
/// `3·(dy + 1) + dx + 1` is the tile `(dx, dy)`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ring {
    /// Which tiles are opaque (those outside the field read as clear).
    pub(crate) opaque: u16,
    /// Which tiles lie in the field and the range.
    pub(crate) inside: u16,
}

impl Ring {
    /// The bit of offset `(dx, dy)`.
    #[inline(always)]
    const fn bit(dx: i64, dy: i64) -> u32 {
        (3 * (dy + 1) + dx + 1) as u32
    }

    /// Reads the ring of `field` through `tiles`, asking only tiles of the
    /// field; `corners` says whether the range holds the four diagonal ones
    /// (it holds the four beside the origin whenever its radius is 1 or more).
    #[inline]
    pub(crate) fn read<T: Tiles + ?Sized>(tiles: &T, field: &Field, corners: bool) -> Ring {
        let side = i64::from(corners);
        let (x0, x1) = (-field.left.min(1), field.right.min(1));
        let mut ring = Ring::default();
        for dy in -field.up.min(1)..=field.down.min(1) {
            let row = tiles.row_bits(x0, dy, (x1 - x0 + 1) as u32);
            let at = Ring::bit(x0, dy);
            ring.opaque |= (row << at) as u16;
            // Beside the origin always, on the corners when in range.
            let (a, b) = if dy == 0 {
                (x0, x1)
            } else {
                (-field.left.min(side), field.right.min(side))
            };
            if a <= b {
                ring.inside |= ((1u16 << (b - a + 1)) - 1) << Ring::bit(a, dy);
            }
        }
        ring.inside &= !(1 << Ring::bit(0, 0));
        ring
    }

    /// Puts the tiles of the ring in the field and range into `sink`, by
    /// rows.
    #[inline]
    pub(crate) fn report<S: Sink>(self, sink: &mut S) {
        for dy in [-1i64, 0, 1] {
            let mut run = u64::from(self.inside >> Ring::bit(-1, dy) & 7);
            while run != 0 {
                let s = run.trailing_zeros();
                let len = (!(run >> s)).trailing_zeros();
                sink.row(dy, i64::from(s) - 1, i64::from(s + len) - 2);
                run &= run.wrapping_add(1 << s);
            }
        }
    }

    /// Whether the tile at column `col` (0 or 1) of `octant`'s first line
    /// is opaque.
    #[inline(always)]
    pub(crate) fn opaque(self, octant: Octant, col: i64) -> bool {
        let (dx, dy) = octant.offset(1, col);
        self.opaque >> Ring::bit(dx, dy) & 1 != 0
    }

    /// Whether the tile at column `col` (0 or 1) of `octant`'s first line
    /// lies in the field and the range.
    #[inline(always)]
    pub(crate) fn inside(self, octant: Octant, col: i64) -> bool {
        let (dx, dy) = octant.offset(1, col);
        self.inside >> Ring::bit(dx, dy) & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::tiles::Asked;
    use crate::map::Opacity;
    use crate::{Grid, Range, Shape};

    /// The ring equals the tiles read one by one, and reports each tile of
    /// the field and range once, on every map edge and range.
    #[test]
    fn ring_reads_and_reports_the_field_and_range() {
        let mut grid = Grid::new(3, 3);
        for (x, y) in [(0, 0), (2, 1), (1, 2)] {
            grid.set(x, y, true);
        }
        for origin in [(0, 0), (1, 1), (2, 2), (0, 2), (1, 0)] {
            for radius in 0..3 {
                for shape in Shape::ALL {
                    let range = Range::new(radius, shape);
                    let field = Field::new(&grid, origin, range).unwrap();
                    let tiles = Asked::new(&grid, origin);
                    let ring = Ring::read(&tiles, &field, range.contains(1, 1));
                    let mut seen = Vec::new();
                    let mut sink = crate::kernel::Visit::new(|x, y| seen.push((x, y)), origin);
                    ring.report(&mut sink);
                    let mut want = Vec::new();
                    for dy in -1..=1i64 {
                        for dx in -1..=1i64 {
                            let (x, y) = (origin.0 + dx as i32, origin.1 + dy as i32);
                            let on = field.reaches(dx, dy) && (dx, dy) != (0, 0);
                            if on && range.contains(dx, dy) {
                                want.push((x, y));
                            }
                            if on {
                                let bit = ring.opaque >> Ring::bit(dx, dy) & 1 != 0;
                                assert_eq!(bit, grid.is_opaque(x, y), "{origin:?} {dx},{dy}");
                            }
                        }
                    }
                    want.sort();
                    seen.sort();
                    assert_eq!(seen, want, "{origin:?} {range:?}");
                }
            }
        }
    }
}
