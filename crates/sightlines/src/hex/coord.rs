//! Axial coordinates: distance, neighbours, and the offset layouts maps are
//! stored in.

use std::fmt;
use std::str::FromStr;

/// The six neighbours of `(0, 0)` in axial `(q, r)`, counter-clockwise on
/// screen from east (y grows down, so this turns from east to south-east):
/// east, south-east, south-west, west, north-west, north-east.
pub const NEIGHBORS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The hex distance between two hexes: the fewest steps between them.
///
/// ```
/// use sightlines::hex;
/// assert_eq!(hex::distance((0, 0), (3, -1)), 3);
/// assert_eq!(hex::distance((2, 2), (-1, 4)), 3);
/// assert_eq!(hex::distance((i32::MIN, 0), (i32::MAX, 0)), u32::MAX as u64);
/// ```
pub fn distance(a: (i32, i32), b: (i32, i32)) -> u64 {
    let dq = i64::from(b.0) - i64::from(a.0);
    let dr = i64::from(b.1) - i64::from(a.1);
    offset_distance(dq, dr)
}

/// The hex distance of an offset `(dq, dr)` from `(0, 0)`.
#[inline]
pub(crate) fn offset_distance(dq: i64, dr: i64) -> u64 {
    dq.unsigned_abs()
        .max(dr.unsigned_abs())
        .max((dq + dr).unsigned_abs())
}

/// How a rectangular array of hexes is laid out: which rows (or columns)
/// are shifted by half a hex. The names are those of Red Blob Games'
/// "Hexagonal Grids" guide.
///
/// - `OddR`, `EvenR`: pointy-top hexes in rows; odd (even) rows are shifted
///   right by half a hex.
/// - `OddQ`, `EvenQ`: flat-top hexes in columns; odd (even) columns are
///   shifted down by half a hex.
///
/// Offsets `(col, row)` convert to axial `(q, r)`:
///
/// | layout | `q` | `r` |
/// | --- | --- | --- |
/// | odd-r | `col - (row - (row & 1)) / 2` | `row` |
/// | even-r | `col - (row + (row & 1)) / 2` | `row` |
/// | odd-q | `col` | `row - (col - (col & 1)) / 2` |
/// | even-q | `col` | `row - (col + (col & 1)) / 2` |
///
/// ```
/// use sightlines::hex::Layout;
///
/// assert_eq!(Layout::OddR.to_axial(3, 1), Some((3, 1)));
/// assert_eq!(Layout::OddR.to_axial(3, 2), Some((2, 2)));
/// assert_eq!(Layout::EvenQ.to_axial(1, 0), Some((1, -1)));
/// for layout in Layout::ALL {
///     let (q, r) = layout.to_axial(-7, 5).unwrap();
///     assert_eq!(layout.from_axial(q, r), Some((-7, 5)));
/// }
/// assert_eq!("odd-q".parse::<Layout>(), Ok(Layout::OddQ));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Pointy-top rows, odd rows shifted right.
    #[default]
    OddR,
    /// Pointy-top rows, even rows shifted right.
    EvenR,
    /// Flat-top columns, odd columns shifted down.
    OddQ,
    /// Flat-top columns, even columns shifted down.
    EvenQ,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 4] = [Layout::OddR, Layout::EvenR, Layout::OddQ, Layout::EvenQ];

    /// The layout's id: `odd-r`, `even-r`, `odd-q` or `even-q`.
    pub const fn id(self) -> &'static str {
        match self {
            Layout::OddR => "odd-r",
            Layout::EvenR => "even-r",
            Layout::OddQ => "odd-q",
            Layout::EvenQ => "even-q",
        }
    }

    /// Whether hexes have a point at the top (rows are offset), as opposed
    /// to a flat top (columns are offset).
    pub const fn pointy_top(self) -> bool {
        matches!(self, Layout::OddR | Layout::EvenR)
    }

    /// Whether offset row (pointy) or column (flat) `line` is the shifted one.
    pub const fn shifted(self, line: i64) -> bool {
        let odd = line & 1 == 1;
        match self {
            Layout::OddR | Layout::OddQ => odd,
            Layout::EvenR | Layout::EvenQ => !odd,
        }
    }

    /// Axial `(q, r)` of offset `(col, row)`, or `None` outside `i32`.
    pub fn to_axial(self, col: i32, row: i32) -> Option<(i32, i32)> {
        let (q, r) = self.axial_i64(i64::from(col), i64::from(row));
        Some((i32::try_from(q).ok()?, i32::try_from(r).ok()?))
    }

    /// Offset `(col, row)` of axial `(q, r)`, or `None` outside `i32`.
    pub fn from_axial(self, q: i32, r: i32) -> Option<(i32, i32)> {
        let (c, w) = self.offset_i64(i64::from(q), i64::from(r));
        Some((i32::try_from(c).ok()?, i32::try_from(w).ok()?))
    }

    /// [`Layout::to_axial`] without the `i32` limit.
    #[inline]
    pub(crate) fn axial_i64(self, c: i64, w: i64) -> (i64, i64) {
        match self {
            Layout::OddR => (c - (w - (w & 1)) / 2, w),
            Layout::EvenR => (c - (w + (w & 1)) / 2, w),
            Layout::OddQ => (c, w - (c - (c & 1)) / 2),
            Layout::EvenQ => (c, w - (c + (c & 1)) / 2),
        }
    }

    /// [`Layout::from_axial`] without the `i32` limit.
    #[inline]
    pub(crate) fn offset_i64(self, q: i64, r: i64) -> (i64, i64) {
        match self {
            Layout::OddR => (q + (r - (r & 1)) / 2, r),
            Layout::EvenR => (q + (r + (r & 1)) / 2, r),
            Layout::OddQ => (q, r + (q - (q & 1)) / 2),
            Layout::EvenQ => (q, r + (q + (q & 1)) / 2),
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A layout name that is not one of [`Layout::ALL`]'s ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLayout(pub String);

impl fmt::Display for UnknownLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown hex layout '{}'; use odd-r, even-r, odd-q or even-q",
            self.0
        )
    }
}

impl std::error::Error for UnknownLayout {}

impl FromStr for Layout {
    type Err = UnknownLayout;

    fn from_str(s: &str) -> Result<Layout, UnknownLayout> {
        Layout::ALL
            .into_iter()
            .find(|l| l.id() == s)
            .ok_or_else(|| UnknownLayout(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_round_trip_and_keep_neighbours_adjacent() {
        for layout in Layout::ALL {
            for col in -6..6 {
                for row in -6..6 {
                    let (q, r) = layout.to_axial(col, row).unwrap();
                    assert_eq!(layout.from_axial(q, r), Some((col, row)));
                    // Horizontal (pointy) or vertical (flat) offset neighbours
                    // are axial neighbours.
                    let next = if layout.pointy_top() {
                        layout.to_axial(col + 1, row)
                    } else {
                        layout.to_axial(col, row + 1)
                    };
                    assert_eq!(distance((q, r), next.unwrap()), 1);
                    // So are the two hexes of the next line that touch it.
                    for side in 0..2 {
                        let shift = i32::from(layout.shifted(if layout.pointy_top() {
                            i64::from(row)
                        } else {
                            i64::from(col)
                        }));
                        let other = if layout.pointy_top() {
                            layout.to_axial(col - 1 + side + shift, row + 1)
                        } else {
                            layout.to_axial(col + 1, row - 1 + side + shift)
                        };
                        assert_eq!(distance((q, r), other.unwrap()), 1, "{layout} {col},{row}");
                    }
                }
            }
        }
    }

    #[test]
    fn conversions_refuse_to_leave_i32() {
        assert_eq!(Layout::OddR.to_axial(i32::MIN, i32::MAX), None);
        assert_eq!(Layout::OddR.from_axial(i32::MAX, 2), None);
        assert!(Layout::EvenQ.to_axial(i32::MAX, i32::MAX).is_some());
        assert_eq!(
            distance((i32::MAX, i32::MIN), (i32::MIN, i32::MAX)),
            u64::from(u32::MAX)
        );
    }
}
