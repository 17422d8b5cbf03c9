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
use super::tiles::{Asked, HexTiles, HexWindow};
use crate::kernel::sink::Sink;
use crate::kernel::Slope;

/// A lit interval of slopes, both ends included.
type Lit = (Slope, Slope);

/// The scratch of hex shadowcasting, kept between calls so that a game
/// loop allocates nothing once it has grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct HexShadowcast {
    lit: [Vec<Lit>; 6],
    next: Vec<Lit>,
    window: HexWindow,
}

/// What one scan covers: every direction, or only those of the hex
/// `can_see` asks about (other hexes it reports may be wrong).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    Field,
    /// Sextant frame positions `(s, d, i)` of the target, `0 <= i < d`.
    Target(usize, i64, i64),
}

/// Which hexes of a ring a lit interval shows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Any hex whose extent it meets (`hex-shadowcast`).
    Extent,
    /// A floor hex when it holds its centre, a wall as `Extent`
    /// (`hex-symmetric-shadowcast`).
    FloorCentres,
    /// Any hex when it holds its centre: the segment between the two
    /// centres is then clear, so precise permissive sees the hex.
    Centres,
}

/// How a scan reports: the sight rule, whether walls are reported, where.
pub(crate) struct Report<'s, S> {
    pub(crate) rule: Rule,
    pub(crate) lit_walls: bool,
    pub(crate) sink: &'s mut S,
}

impl<S: Sink> Report<'_, S> {
    #[inline]
    fn hex(&mut self, dq: i64, dr: i64, opaque: bool) {
        if self.lit_walls || !opaque {
            self.sink.tile(dq, dr);
        }
    }
}

impl HexShadowcast {
    /// Scans `field`, giving `report`'s sink each hex seen by its offset
    /// from the origin, once (the origin first, always).
    pub(crate) fn scan<M: HexOpacity + ?Sized, S: Sink>(
        &mut self,
        field: &HexField<'_, M>,
        scope: Scope,
        report: Report<'_, S>,
    ) {
        // A whole field reads most of its box: copying it once pays. A
        // target's few directions are asked.
        if scope == Scope::Field && self.window.fill(field) {
            let (lit, next) = (&mut self.lit, &mut self.next);
            walk(lit, next, field, &self.window, scope, report);
        } else {
            walk(
                &mut self.lit,
                &mut self.next,
                field,
                &Asked(field),
                scope,
                report,
            );
        }
    }
}

/// The scan itself, reading walls through `tiles`.
fn walk<M: HexOpacity + ?Sized, T: HexTiles, S: Sink>(
    lit: &mut [Vec<Lit>; 6],
    next: &mut Vec<Lit>,
    field: &HexField<'_, M>,
    tiles: &T,
    scope: Scope,
    mut report: Report<'_, S>,
) {
    let rings = match scope {
        Scope::Field => {
            report.sink.tile(0, 0);
            field.rings as i64
        }
        Scope::Target(_, d, _) => d,
    };
    // A ring's lit intervals in a sextant are at most its hexes; sized
    // from the range, one warm-up serves every origin.
    let need = (field.span as usize).saturating_add(2).min(1 << 16);
    next.clear();
    next.reserve(need);
    for (s, lit) in lit.iter_mut().enumerate() {
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
    let steps: [T::Step; 6] = std::array::from_fn(|s| {
        let (sq, sr) = frames[s].along();
        tiles.step(sq, sr)
    });
    for d in 1..=rings {
        if lit.iter().all(Vec::is_empty) {
            break;
        }
        // The rays between sextants whose hex this ring has been reported.
        let mut rays = 0u8;
        for s in 0..6 {
            let lit = &mut lit[s];
            if lit.is_empty() {
                continue;
            }
            let (frame, step) = (frames[s], steps[s]);
            let (sq, sr) = frame.along();
            next.clear();
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
                // The first hex of the current run of walls, or -1.
                let mut run = -1;
                let (mut dq, mut dr) = frame.offset(d, first);
                let mut at = tiles.at(dq, dr);
                for i in first..=last {
                    let hex = tiles.read(at);
                    let opaque = hex.unwrap_or(true);
                    if hex.is_some() {
                        // Between the two ends, extents and centres lie
                        // inside the interval; only the ends are tested.
                        if i != first && i != last {
                            report.hex(dq, dr, opaque);
                        } else if i > reported
                            && if report.rule == Rule::Centres
                                || (report.rule == Rule::FloorCentres && !opaque)
                            {
                                let c = Slope::new(i, d);
                                a <= c && c <= b
                            } else {
                                a < high(d, i) && low(d, i) < b
                            }
                        {
                            reported = i;
                            // A hex on a ray between two sextants is seen
                            // from either: reported once a ring.
                            let ray = if i == 0 {
                                1 << s
                            } else if i == d {
                                1 << ((s + 1) % 6)
                            } else {
                                0
                            };
                            if rays & ray == 0 {
                                rays |= ray;
                                report.hex(dq, dr, opaque);
                            }
                        }
                    }
                    if opaque {
                        if run < 0 {
                            run = i;
                        }
                    } else if run >= 0 {
                        cut(next, &mut start, low(d, run), high(d, i - 1));
                        run = -1;
                    }
                    at = tiles.advance(at, step);
                    (dq, dr) = (dq + sq, dr + sr);
                }
                if run >= 0 {
                    cut(next, &mut start, low(d, run), high(d, last));
                }
                if start <= b {
                    next.push((start, b));
                }
            }
            std::mem::swap(lit, next);
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
