//! The part of a hex map one field of view covers, and the sextant frames
//! the scans walk it in.

use super::coord::NEIGHBORS;
use super::map::{HexBits, HexBounds, HexOpacity};
use crate::error::FovError;
use crate::kernel::Slope;

/// The farthest ring any hex scan reaches: thirds of offsets then stay
/// below 2^30, so every slope product fits in `i64`.
pub(crate) const MAX_HEX_REACH: u64 = 1 << 28;

/// A map, an origin, and how many rings around it the field covers.
pub(crate) struct HexField<'m, M: ?Sized> {
    map: &'m M,
    pub(crate) origin: (i32, i32),
    pub(crate) rings: u64,
    /// At least `rings` for every origin on this map with this radius: what
    /// scratch is sized by, so that one warm-up serves every origin.
    pub(crate) span: u64,
    bounds: Option<HexBounds>,
    bits: Option<HexBits<'m>>,
    /// Whether every hex of the range is on the map.
    pub(crate) inside: bool,
}

impl<'m, M: HexOpacity + ?Sized> HexField<'m, M> {
    /// Checks the origin and cuts the range: `radius` rings, or the whole
    /// bounded map.
    pub(crate) fn new(
        map: &'m M,
        origin: (i32, i32),
        radius: Option<u32>,
    ) -> Result<HexField<'m, M>, FovError> {
        let bounds = map.bounds();
        if let Some(b) = bounds {
            if !b.contains(origin.0, origin.1) {
                return Err(FovError::OriginOffHexMap {
                    origin,
                    offsets: b.rect,
                    layout: b.layout.id(),
                });
            }
        }
        let inside = match (radius, bounds) {
            (Some(r), Some(b)) => b.holds_ball(origin, u64::from(r)),
            (Some(_), None) => true,
            (None, _) => false,
        };
        let rings = match (radius, bounds) {
            // The map goes on past the radius: no need for its farthest hex.
            (Some(r), Some(_)) if inside => u64::from(r),
            (Some(r), Some(b)) => u64::from(r).min(b.farthest(origin)),
            (Some(r), None) => u64::from(r),
            (None, Some(b)) => b.farthest(origin),
            (None, None) => return Err(FovError::NeedsRadius),
        };
        let size = bounds.map_or(u64::MAX, |b| {
            u64::from(b.rect.width) + u64::from(b.rect.height)
        });
        let span = radius.map_or(size, |r| u64::from(r).min(size));
        Ok(HexField {
            map,
            origin,
            rings: rings.min(MAX_HEX_REACH),
            span: span.max(rings).min(MAX_HEX_REACH),
            bounds,
            bits: map.hex_bits(),
            inside,
        })
    }

    /// The axial box of the hexes the field can report: the range's box,
    /// cut to the map's.
    pub(crate) fn area(&self) -> crate::map::Rect {
        let n = self.rings as i64;
        let (q, r) = (i64::from(self.origin.0), i64::from(self.origin.1));
        let (mut q0, mut q1, mut r0, mut r1) = (q - n, q + n, r - n, r + n);
        // A range that fits the map reaches its box's four sides (the
        // hexes n steps along each axis), so the map's box holds it.
        if let Some(b) = self.bounds.filter(|_| !self.inside) {
            if let Some((bq0, bq1, br0, br1)) = b.axial_box() {
                (q0, q1, r0, r1) = (q0.max(bq0), q1.min(bq1), r0.max(br0), r1.min(br1));
            }
        }
        let (lo, hi) = (i64::from(i32::MIN), i64::from(i32::MAX));
        let (q0, q1, r0, r1) = (q0.max(lo), q1.min(hi), r0.max(lo), r1.min(hi));
        crate::map::Rect::new(
            q0 as i32,
            r0 as i32,
            (q1 - q0 + 1).max(0) as u32,
            (r1 - r0 + 1).max(0) as u32,
        )
    }

    /// The map's packed bits, if it has them.
    #[inline]
    pub(crate) fn bits(&self) -> Option<HexBits<'m>> {
        self.bits
    }

    /// How many hexes a bounded map has (`usize::MAX` for an unbounded one).
    pub(crate) fn map_hexes(&self) -> usize {
        self.bounds.map_or(usize::MAX, |b| {
            (u64::from(b.rect.width) * u64::from(b.rect.height)) as usize
        })
    }

    /// The hex at offset `(dq, dr)` from the origin, if it is on the map.
    #[inline]
    pub(crate) fn hex(&self, dq: i64, dr: i64) -> Option<(i32, i32)> {
        let q = i32::try_from(i64::from(self.origin.0) + dq).ok()?;
        let r = i32::try_from(i64::from(self.origin.1) + dr).ok()?;
        match self.bounds {
            Some(b) if !b.contains(q, r) => None,
            _ => Some((q, r)),
        }
    }

    /// The hex at offset `(dq, dr)` and whether it blocks sight, or `None`
    /// off the map: one read, from the bits when the map has them.
    #[inline]
    pub(crate) fn read(&self, dq: i64, dr: i64) -> Option<(i32, i32, bool)> {
        let (q, r) = (i64::from(self.origin.0) + dq, i64::from(self.origin.1) + dr);
        if let Some(opaque) = self.bits.and_then(|bits| bits.get(q, r)) {
            if let (Ok(q), Ok(r)) = (i32::try_from(q), i32::try_from(r)) {
                return Some((q, r, opaque));
            }
        }
        let (q, r) = self.hex(dq, dr)?;
        Some((q, r, self.map.is_opaque(q, r)))
    }

    /// Whether the hex at offset `(dq, dr)` blocks sight (off the map: yes).
    #[inline]
    pub(crate) fn opaque(&self, dq: i64, dr: i64) -> bool {
        self.hex(dq, dr)
            .is_none_or(|(q, r)| self.map.is_opaque(q, r))
    }
}

/// One of the six sextants around the origin, between neighbour directions
/// `NEIGHBORS[s]` and `NEIGHBORS[s + 1]`. Its frame numbers a hex `(d, i)`:
/// ring `d`, the `i`-th hex from the first direction, `0 <= i <= d`; the
/// hex at `i = d` is the next sextant's `i = 0`.
///
/// The frame is a linear map of the plane, so straight lines stay straight
/// and every hexagon vertex falls on thirds: hex `(d, i)` has its corners
/// at `(3d + 1, 3i - 1)`, `(3d - 1, 3i - 2)`, `(3d - 2, 3i - 1)`,
/// `(3d - 1, 3i + 1)`, `(3d + 1, 3i + 2)` and `(3d + 2, 3i + 1)`, in
/// thirds. Seen from the origin's centre a direction is a slope `i / d` in
/// `[0, 1]` (a slope outside belongs to the neighbouring sextant).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sextant {
    a: (i64, i64),
    b_minus_a: (i64, i64),
}

impl Sextant {
    pub(crate) fn new(s: usize) -> Sextant {
        let a = NEIGHBORS[s % 6];
        let b = NEIGHBORS[(s + 1) % 6];
        Sextant {
            a: (i64::from(a.0), i64::from(a.1)),
            b_minus_a: (i64::from(b.0 - a.0), i64::from(b.1 - a.1)),
        }
    }

    /// The axial step from hex `(d, i)` to `(d, i + 1)`.
    #[inline]
    pub(crate) fn along(self) -> (i64, i64) {
        self.b_minus_a
    }

    /// The axial step from hex `(d, 0)` to `(d + 1, 0)`: the sextant's
    /// corner direction.
    #[inline]
    pub(crate) fn corner(self) -> (i64, i64) {
        self.a
    }

    /// The axial offset of hex `(d, i)`.
    #[inline]
    pub(crate) fn offset(self, d: i64, i: i64) -> (i64, i64) {
        (
            d * self.a.0 + i * self.b_minus_a.0,
            d * self.a.1 + i * self.b_minus_a.1,
        )
    }
}

/// The sextant and frame position `(s, d, i)` of a non-zero offset, with
/// `0 <= i < d`.
pub(crate) fn locate(dq: i64, dr: i64) -> (usize, i64, i64) {
    // Solve (dq, dr) = d·A + i·(B − A) in each frame; the first whose
    // solution has 0 <= i < d is the sextant.
    for s in 0..6 {
        let (a, b) = (NEIGHBORS[s], NEIGHBORS[(s + 1) % 6]);
        let (a, e) = (
            (i64::from(a.0), i64::from(a.1)),
            (i64::from(b.0 - a.0), i64::from(b.1 - a.1)),
        );
        // Both bases have determinant ±1, so the solution is integral.
        let det = a.0 * e.1 - a.1 * e.0;
        let d = (dq * e.1 - dr * e.0) * det;
        let i = (a.0 * dr - a.1 * dq) * det;
        if 0 <= i && i < d {
            return (s, d, i);
        }
    }
    (0, 0, 0)
}

/// The least slope of hex `(d, i)`'s corners, seen from the origin's centre
/// (`d >= 1`, `0 <= i <= d`): its open angular extent starts here.
#[inline]
pub(crate) fn low(d: i64, i: i64) -> Slope {
    if 2 * i <= d {
        Slope::new(3 * i - 2, 3 * d - 1)
    } else {
        Slope::new(3 * i - 1, 3 * d + 1)
    }
}

/// The greatest slope of hex `(d, i)`'s corners: its extent ends here.
#[inline]
pub(crate) fn high(d: i64, i: i64) -> Slope {
    if 2 * i >= d {
        Slope::new(3 * i + 1, 3 * d - 1)
    } else {
        Slope::new(3 * i + 2, 3 * d + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents_are_the_extreme_corners() {
        for d in 1..40i64 {
            for i in 0..=d {
                let corners = [
                    (3 * d + 1, 3 * i - 1),
                    (3 * d - 1, 3 * i - 2),
                    (3 * d - 2, 3 * i - 1),
                    (3 * d - 1, 3 * i + 1),
                    (3 * d + 1, 3 * i + 2),
                    (3 * d + 2, 3 * i + 1),
                ];
                let slopes = corners.map(|(x, y)| Slope::new(y, x));
                assert_eq!(low(d, i), *slopes.iter().min().unwrap(), "{d} {i}");
                assert_eq!(high(d, i), *slopes.iter().max().unwrap(), "{d} {i}");
            }
        }
    }

    #[test]
    fn every_offset_has_one_frame_position() {
        for dq in -9..=9i64 {
            for dr in -9..=9i64 {
                if (dq, dr) == (0, 0) {
                    continue;
                }
                let (s, d, i) = locate(dq, dr);
                assert!(0 <= i && i < d, "{dq},{dr}");
                assert_eq!(Sextant::new(s).offset(d, i), (dq, dr));
                assert_eq!(d as u64, super::super::coord::offset_distance(dq, dr));
            }
        }
    }
}
