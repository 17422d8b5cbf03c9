//! The first ring: the eight tiles around the origin, read and reported at
//! once for the algorithms that always see them all, so that their scans
//! start one line out and a field of radius 1 runs no scan at all.

use super::field::Field;
use super::octant::Octant;
use super::reach::Reach;
use super::sink::Sink;
use super::tiles::Tiles;

/// The tiles at offsets `-1..=1` each way but the origin: bit
/// `3·(dy + 1) + dx + 1` is the tile `(dx, dy)`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ring {
    /// Which tiles are opaque (those outside the field and, on a map that
    /// is asked tile by tile, the range read as clear).
    pub(crate) opaque: u16,
    /// Which tiles lie in the field and the range.
    pub(crate) inside: u16,
    /// Whether the range holds the corners.
    corners: bool,
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
        let (left, right) = (field.left.min(1), field.right.min(1));
        let (up, down) = (field.up >= 1, field.down >= 1);
        // The columns in the field, as three bits from dx = -1.
        let across = (left | 2 | right << 2) as u16;
        let side = if corners { across } else { 2 };
        let inside = ((across & 5) << 3) | (side * u16::from(up)) | ((side * u16::from(down)) << 6);
        let mut opaque = 0;
        if T::PACKED_ROWS {
            // A word a row, cheaper than picking the tiles.
            let len = (left + right + 1) as u32;
            let row =
                |dy: i64| (tiles.row_bits(-left, dy, len) << (1 - left) << (3 * dy + 3)) as u16;
            opaque = row(0);
            if up {
                opaque |= row(-1);
            }
            if down {
                opaque |= row(1);
            }
        } else {
            // Asked of the map: only the tiles the algorithms see.
            let mut todo = inside;
            while todo != 0 {
                let b = todo.trailing_zeros();
                todo &= todo - 1;
                let (dx, dy) = (i64::from(b % 3) - 1, i64::from(b / 3) - 1);
                opaque |= u16::from(tiles.opaque(dx, dy)) << b;
            }
        }
        Ring {
            opaque,
            inside,
            corners,
        }
    }

    /// Whether `field` reaches no farther than the ring: no tile two steps
    /// from the origin is on it or in the range (`reach` is the range's).
    #[inline]
    pub(crate) fn is_whole_field(field: &Field, reach: &mut Reach) -> bool {
        let far = field.left.max(field.right).max(field.up).max(field.down);
        far < 2 || reach.at(2) < 0
    }

    /// Puts the tiles of the ring in `field` and the range into `sink`.
    #[inline]
    pub(crate) fn report<S: Sink>(self, field: &Field, sink: &mut S) {
        let side = i64::from(self.corners);
        let (lo, hi) = (-field.left.min(side), field.right.min(side));
        if field.up >= 1 {
            sink.row(-1, lo, hi);
        }
        if field.left >= 1 {
            sink.tile(-1, 0);
        }
        if field.right >= 1 {
            sink.tile(1, 0);
        }
        if field.down >= 1 {
            sink.row(1, lo, hi);
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
    use crate::kernel::tiles::{Asked, Packed};
    use crate::map::Opacity;
    use crate::{Grid, Range, Shape};

    /// The ring equals the tiles read one by one, through either reader,
    /// and reports each tile of the field and range once, on every map edge
    /// and range.
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
                    let corners = range.contains(1, 1);
                    let rows = grid.bit_rows().unwrap();
                    let rings = [
                        Ring::read(&Asked::new(&grid, origin), &field, corners),
                        Ring::read(&Packed::new(&grid, rows, origin), &field, corners),
                    ];
                    for ring in rings {
                        let mut seen = Vec::new();
                        let mut sink = crate::kernel::Visit::new(|x, y| seen.push((x, y)), origin);
                        ring.report(&field, &mut sink);
                        let mut want = Vec::new();
                        for dy in -1..=1i64 {
                            for dx in -1..=1i64 {
                                let (x, y) = (origin.0 + dx as i32, origin.1 + dy as i32);
                                let on = field.reaches(dx, dy) && (dx, dy) != (0, 0);
                                if !(on && range.contains(dx, dy)) {
                                    continue;
                                }
                                want.push((x, y));
                                let bit = ring.opaque >> Ring::bit(dx, dy) & 1 != 0;
                                assert_eq!(bit, grid.is_opaque(x, y), "{origin:?} {dx},{dy}");
                                assert!(ring.inside >> Ring::bit(dx, dy) & 1 != 0);
                            }
                        }
                        assert_eq!(ring.inside.count_ones() as usize, want.len());
                        want.sort();
                        seen.sort();
                        assert_eq!(seen, want, "{origin:?} {range:?}");
                    }
                }
            }
        }
    }
}
