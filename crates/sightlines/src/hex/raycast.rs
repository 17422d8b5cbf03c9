//! Hex ray casting as `hexx`'s `range_fov` and rot.js users know it.
//!
//! ## Definition
//!
//! From the origin, a [`line`](super::line()) runs to every hex of the
//! last ring: the radius, or the ring of the map's farthest hex when that
//! is nearer or no radius is given. Walking each
//! line out from the origin, its hexes are visible up to and including the
//! first opaque one (lit walls) or the map's edge. Hexes no line passes
//! through are not seen, even in the open; it is the cheapest to explain
//! and the least exact, kept for comparison. It is not symmetric.

use super::field::{HexField, Sextant};
use super::line::hex_at;
use super::map::HexOpacity;
use crate::bits::TileBits;
use crate::error::FovError;
use crate::visible::MAX_SET_AREA;

/// The scratch of hex ray casting: the hexes already reported.
#[derive(Clone, Debug, Default)]
pub(crate) struct HexRaycast {
    marks: TileBits,
}

impl HexRaycast {
    pub(crate) fn scan<M: HexOpacity + ?Sized>(
        &mut self,
        field: &HexField<'_, M>,
        visit: &mut dyn FnMut(i32, i32, bool),
    ) -> Result<(), FovError> {
        let rings = field.rings as i64;
        // Over the range's box cut to the map's: the whole map's box with no
        // radius, whatever the origin.
        let area = field.area();
        if area.area() > MAX_SET_AREA {
            return Err(FovError::AreaTooLarge { area });
        }
        self.marks.reset(area);
        self.marks.insert(field.origin.0, field.origin.1);
        visit(field.origin.0, field.origin.1, field.opaque(0, 0));
        for s in 0..6 {
            let frame = Sextant::new(s);
            for i in 0..rings {
                let (eq, er) = frame.offset(rings, i);
                for k in 1..=rings {
                    let (dq, dr) =
                        hex_at(i128::from(eq * k), i128::from(er * k), i128::from(rings));
                    let (dq, dr) = (dq as i64, dr as i64);
                    let Some((q, r, opaque)) = field.read(dq, dr) else {
                        break;
                    };
                    if self.marks.insert(q, r) {
                        visit(q, r, opaque);
                    }
                    if opaque {
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}
