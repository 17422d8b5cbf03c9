//! Hex shadowcasting, and its symmetric variant: one ring-by-ring scan of
//! the six sextants with exact slopes.
//!
//! ## Definition
//!
//! Directions are rays from the centre of the origin hex. An opaque hex
//! *shadows* the open set of directions whose ray meets its interior; a
//! run of opaque hexes side by side in one ring shadows as one piece, so
//! sight never slips along the edge two walls share (the hex counterpart of
//! a diagonal gap: two walls whose shared edge points at the viewer). A
//! direction is *lit* at ring `d` when no opaque hex of a nearer ring
//! shadows it.
//!
//! - **`hex-shadowcast`**: a hex at ring `d` is visible when some direction
//!   through its interior is lit at ring `d`.
//! - **`hex-symmetric-shadowcast`**: an opaque hex is visible as above; a
//!   transparent hex when the direction of its centre is lit at its ring.
//!   That is exactly "the segment between the two centres meets no opaque
//!   interior and runs along no edge between two opaque hexes", a relation
//!   that reads the same both ways, so floor hexes see each other
//!   symmetrically (the hex counterpart of Albert Ford's "Symmetric
//!   Shadowcasting" rule). It sees a subset of what `hex-shadowcast` sees.
//!
//! Rings follow hex distance, and a ray from the centre crosses rings in
//! order, so "nearer ring" is "before, along the ray".
//!
//! ## How
//!
//! Each sextant keeps its lit directions as closed intervals of slopes.
//! Ring by ring, the hexes each interval overlaps are reported and the
//! shadows of their opaque runs cut the intervals for the next ring. The
//! six sextants advance together so that a hex on the ray between two of
//! them, seen from either side, is reported once.

use super::field::{high, low, HexField, Sextant};
use super::map::HexOpacity;
use crate::kernel::Slope;

/// A lit interval of slopes, both ends included.
type Lit = (Slope, Slope);

/// The scratch of hex shadowcasting, kept between calls so that a game
/// loop allocates nothing once it has grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct HexShadowcast {
    lit: [Vec<Lit>; 6],
    next: Vec<Lit>,
}

/// What one scan reports: every hex, or only the one `can_see` asks about.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    Field,
    /// Sextant frame positions `(s, d, i)` of the target, `0 <= i < d`.
    Target(usize, i64, i64),
}

impl Scope {
    #[inline]
    fn wants(self, s: usize, d: i64, i: i64) -> bool {
        match self {
            Scope::Field => true,
            Scope::Target(ts, td, ti) => (ts, td, ti) == (s, d, i),
        }
    }
}

impl HexShadowcast {
    /// Scans `field`, calling `visit(q, r, opaque)` once for each hex seen
    /// (the origin first).
    pub(crate) fn scan<M: HexOpacity + ?Sized>(
        &mut self,
        field: &HexField<'_, M>,
        symmetric: bool,
        scope: Scope,
        mut visit: impl FnMut(i32, i32, bool),
    ) {
        let rings = match scope {
            Scope::Field => {
                visit(field.origin.0, field.origin.1, field.opaque(0, 0));
                field.rings as i64
            }
            Scope::Target(_, d, _) => d,
        };
        // A ring's lit intervals in a sextant are at most its hexes; sized
        // from the range, one warm-up serves every origin.
        let need = (field.span as usize).saturating_add(2).min(1 << 16);
        self.next.clear();
        self.next.reserve(need);
        for (s, lit) in self.lit.iter_mut().enumerate() {
            lit.clear();
            lit.reserve(need);
            match scope {
                Scope::Field => lit.push((Slope::new(0, 1), Slope::new(1, 1))),
                // Only the target's own directions matter to it; on the ray
                // between two sextants it is in both.
                Scope::Target(ts, d, i) => {
                    if ts == s {
                        lit.push((max(low(d, i), Slope::new(0, 1)), high(d, i)));
                    } else if i == 0 && (ts + 5) % 6 == s {
                        lit.push((low(d, d), Slope::new(1, 1)));
                    }
                }
            }
        }
        let frames: [Sextant; 6] = std::array::from_fn(Sextant::new);
        for d in 1..=rings {
            if self.lit.iter().all(Vec::is_empty) {
                break;
            }
            // The hexes on the six rays between sextants, seen from either side.
            let mut ray = [None; 6];
            for s in 0..6 {
                let lit = &mut self.lit[s];
                if lit.is_empty() {
                    continue;
                }
                let frame = frames[s];
                self.next.clear();
                let mut reported = -1;
                for &(a, b) in lit.iter() {
                    // The hexes whose extent meets [a, b]. Hexes that only
                    // touch it report nothing but still join a run of walls:
                    // that is how a seam between two walls closes when an
                    // interval ends on it. Estimates from a·d and b·d are
                    // off by at most one hex.
                    let mut first = ((a.num * d).div_euclid(a.den) - 1).max(0);
                    while first <= d && high(d, first) < a {
                        first += 1;
                    }
                    let mut last = ((b.num * d).div_euclid(b.den) + 1).min(d);
                    while last >= first && low(d, last) > b {
                        last -= 1;
                    }
                    let mut start = a;
                    // The first and last hex of the current run of walls.
                    let mut run: Option<(i64, i64)> = None;
                    for i in first..=last {
                        let (dq, dr) = frame.offset(d, i);
                        let hex = field.read(dq, dr);
                        let opaque = hex.is_none_or(|(_, _, opaque)| opaque);
                        if let Some((q, r, _)) = hex {
                            // Between the two ends, extents and centres lie
                            // inside the interval; only the ends are tested.
                            let sees = if i != first && i != last {
                                true
                            } else if symmetric && !opaque {
                                let c = Slope::new(i, d);
                                a <= c && c <= b
                            } else {
                                a < high(d, i) && low(d, i) < b
                            };
                            if i > reported && sees {
                                reported = i;
                                if i == 0 {
                                    ray[s] = Some((q, r, opaque));
                                } else if i == d {
                                    ray[(s + 1) % 6] = Some((q, r, opaque));
                                } else if scope.wants(s, d, i) {
                                    visit(q, r, opaque);
                                }
                            }
                        }
                        if opaque {
                            run = Some((run.map_or(i, |(j, _)| j), i));
                        } else if let Some((j, k)) = run.take() {
                            cut(&mut self.next, &mut start, low(d, j), high(d, k));
                        }
                    }
                    if let Some((j, k)) = run {
                        cut(&mut self.next, &mut start, low(d, j), high(d, k));
                    }
                    if start <= b {
                        self.next.push((start, b));
                    }
                }
                std::mem::swap(lit, &mut self.next);
            }
            for (s, seen) in ray.into_iter().enumerate() {
                match seen {
                    Some((q, r, opaque)) if scope.wants(s, d, 0) => visit(q, r, opaque),
                    _ => {}
                }
            }
        }
    }
}

/// Closes the lit piece before a shadow `(lo, hi)` and moves past it.
#[inline]
fn cut(next: &mut Vec<Lit>, start: &mut Slope, lo: Slope, hi: Slope) {
    if *start <= lo {
        next.push((*start, lo));
    }
    *start = max(*start, hi);
}

#[inline]
fn max(a: Slope, b: Slope) -> Slope {
    if a < b {
        b
    } else {
        a
    }
}
