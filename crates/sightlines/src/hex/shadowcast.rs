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
use crate::visible::VisibleSet;

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

impl<S> Report<'_, S> {
    #[inline]
    fn hex<A>(&mut self, at: A, dq: i64, dr: i64, opaque: bool)
    where
        S: HexSink<A>,
    {
        if self.lit_walls || !opaque {
            self.sink.hex(at, dq, dr);
        }
    }
}

/// Where a scan puts a hex it sees: by its offset `(dq, dr)` from the
/// origin, or by its place `at` in the reader.
pub(crate) trait HexSink<A> {
    fn hex(&mut self, at: A, dq: i64, dr: i64);
}

/// Any of the kernel's sinks, by offset.
struct Offsets<'s, S>(&'s mut S);

impl<A, S: Sink> HexSink<A> for Offsets<'_, S> {
    #[inline]
    fn hex(&mut self, _: A, dq: i64, dr: i64) {
        self.0.tile(dq, dr);
    }
}

/// The words of a set laid out as the window, by the window's bit index,
/// and how many hexes were set (each is given once).
struct Plane<'p>(&'p mut [u64], usize);

impl HexSink<i64> for Plane<'_> {
    #[inline]
    fn hex(&mut self, at: i64, _: i64, _: i64) {
        self.0[at as usize / 64] |= 1 << (at as u64 % 64);
        self.1 += 1;
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
        let Report {
            rule,
            lit_walls,
            sink,
        } = report;
        let report = Report {
            rule,
            lit_walls,
            sink: &mut Offsets(sink),
        };
        // A whole field reads most of its box: copying it once pays. A
        // target's few directions are asked.
        if scope == Scope::Field && self.window.fill(field) {
            let (lit, next) = (&mut self.lit, &mut self.next);
            walk(lit, next, field, &self.window, scope, report);
        } else {
            let tiles = Asked(field);
            walk(&mut self.lit, &mut self.next, field, &tiles, scope, report);
        }
    }

    /// Scans a whole field into `seen`, as [`scan`](Self::scan) with a
    /// set's sink would, if the range fits the map and has a window: the
    /// set over the range's box then has the window's layout, so each hex
    /// seen is one bit set at its window index. False, with `seen`
    /// unspecified, when that does not apply (the caller then scans).
    pub(crate) fn scan_into<M: HexOpacity + ?Sized>(
        &mut self,
        field: &HexField<'_, M>,
        rule: Rule,
        lit_walls: bool,
        seen: &mut VisibleSet,
    ) -> bool {
        if !field.inside || !self.window.fill(field) {
            return false;
        }
        let Some(tiles) = self.window.inside() else {
            return false;
        };
        let area = field.area();
        let side = 2 * field.rings + 1;
        seen.reset(area);
        if u64::from(area.width) != side
            || u64::from(area.height) != side
            || seen.words_per_row() as i64 * 64 != self.window.stride()
        {
            return false;
        }
        let mut plane = Plane(seen.words_mut(), 0);
        let report = Report {
            rule,
            lit_walls,
            sink: &mut plane,
        };
        walk(
            &mut self.lit,
            &mut self.next,
            field,
            &tiles,
            Scope::Field,
            report,
        );
        let counted = plane.1;
        seen.set_len(counted);
        true
    }
}

/// The scan itself, reading walls through `tiles`.
fn walk<M, T, S>(
    lit: &mut [Vec<Lit>; 6],
    next: &mut Vec<Lit>,
    field: &HexField<'_, M>,
    tiles: &T,
    scope: Scope,
    mut report: Report<'_, S>,
) where
    M: HexOpacity + ?Sized,
    T: HexTiles,
    S: HexSink<T::At>,
{
    let rings = match scope {
        Scope::Field => {
            report.sink.hex(tiles.at(0, 0), 0, 0);
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
    // Each sextant's frame, its step along a ring in the reader, and the
    // bits of the two rays it ends on (i = 0 and i = d).
    let sextants: [(Sextant, T::Step, u8, u8); 6] = std::array::from_fn(|s| {
        let frame = Sextant::new(s);
        let (sq, sr) = frame.along();
        (frame, tiles.step(sq, sr), 1 << s, 1 << ((s + 1) % 6))
    });
    for d in 1..=rings {
        if lit.iter().all(Vec::is_empty) {
            break;
        }
        // The rays between sextants whose hex this ring has been reported.
        let mut rays = 0u8;
        for (lit, &(frame, step, ray_low, ray_high)) in lit.iter_mut().zip(&sextants) {
            if lit.is_empty() {
                continue;
            }
            let (sq, sr) = frame.along();
            next.clear();
            let mut reported = -1;
            for &(a, b) in lit.iter() {
                // The hexes whose extent meets [a, b]. Hexes that only
                // touch it report nothing but still join a run of walls:
                // that is how a seam between two walls closes when an
                // interval ends on it. Estimates from a·d and b·d (slopes
                // are in [0, 1]) are off by at most one hex.
                let mut first = (estimate(a, d) - 1).max(0);
                let mut first_high = high(d, first);
                while first < d && first_high < a {
                    first += 1;
                    first_high = high(d, first);
                }
                let mut last = (estimate(b, d) + 1).min(d);
                let mut last_low = low(d, last);
                // Extents overlap, so the first hex starts below a: some
                // hex from `first` on meets the interval.
                while last > first && last_low > b {
                    last -= 1;
                    last_low = low(d, last);
                }
                let mut start = a;
                // The first hex of the current run of walls, or -1.
                let mut run = -1;
                // An end hex's extent meets the open interval unless the
                // first's only touches a or the last's only touches b. A
                // hex on a ray between two sextants is seen from either:
                // its ray's bit has it reported once a ring.
                let ray = |i: i64| {
                    if i == 0 {
                        ray_low
                    } else if i == d {
                        ray_high
                    } else {
                        0
                    }
                };
                let ends = [
                    (
                        a < first_high && (first != last || last_low < b),
                        ray(first),
                    ),
                    (last_low < b, ray(last)),
                ];
                let (all_centres, floor_centres) = (
                    report.rule == Rule::Centres,
                    report.rule == Rule::FloorCentres,
                );
                let (mut dq, mut dr) = frame.offset(d, first);
                let mut at = tiles.at(dq, dr);
                let mut i = first;
                loop {
                    let hex = tiles.read(at);
                    let opaque = hex.unwrap_or(true);
                    let (meets, ray) = ends[usize::from(i != first)];
                    let sees = if all_centres || (floor_centres && !opaque) {
                        let c = Slope::new(i, d);
                        a <= c && c <= b
                    } else {
                        meets
                    };
                    if hex.is_some() && i > reported && sees {
                        reported = i;
                        if rays & ray == 0 {
                            rays |= ray;
                            report.hex(at, dq, dr, opaque);
                        }
                    }
                    walls(next, &mut start, &mut run, d, i, opaque);
                    if i == last {
                        break;
                    }
                    at = tiles.advance(at, step);
                    (dq, dr) = (dq + sq, dr + sr);
                    i += 1;
                    // Between the two ends, extents and centres lie inside
                    // the interval: every hex on the map is seen.
                    while i < last {
                        let hex = tiles.read(at);
                        if let Some(opaque) = hex {
                            report.hex(at, dq, dr, opaque);
                        }
                        walls(next, &mut start, &mut run, d, i, hex.unwrap_or(true));
                        at = tiles.advance(at, step);
                        (dq, dr) = (dq + sq, dr + sr);
                        i += 1;
                    }
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

/// Hex `i` of ring `d` in the runs of walls: an opaque hex starts or goes
/// on with a run, a clear one closes it.
#[inline(always)]
fn walls(next: &mut Vec<Lit>, start: &mut Slope, run: &mut i64, d: i64, i: i64, opaque: bool) {
    if opaque {
        if *run < 0 {
            *run = i;
        }
    } else if *run >= 0 {
        cut(next, start, low(d, *run), high(d, i - 1));
        *run = -1;
    }
}

/// `⌊slope·d⌋` for a slope in `[0, 1]`.
#[inline]
fn estimate(slope: Slope, d: i64) -> i64 {
    debug_assert!(slope.num >= 0 && slope.den > 0);
    ((slope.num * d) as u64 / slope.den as u64) as i64
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
