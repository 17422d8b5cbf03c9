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
//!
//! Lit intervals are short (about four hexes in a cave), so what an
//! interval costs beyond its hexes decides the speed. Each end of an
//! interval carries its multiple by the ring (`⌊s·d⌋` and the remainder),
//! so its first and last hexes come from one comparison each of the
//! remainder, with no division and no product; its hexes run in one loop
//! whose choices (is this an end, is it shown) are bits, not branches.
//! The six sextants' intervals share one list a ring, each interval
//! with its sextant, walked in one loop: how many intervals a sextant
//! holds is then no loop's end to guess. Into a
//! [`VisibleSet`] the hexes are bits or'ed into a plane laid out as the
//! window of walls it reads ([`HexWindow`]), repeats allowed, and counted
//! once at the end.

use super::field::{high, low, HexField, Sextant};
use super::map::HexOpacity;
use super::tiles::{Asked, HexTiles, HexWindow};
use crate::kernel::sink::Sink;
use crate::kernel::Slope;
use crate::visible::VisibleSet;
use std::cmp::Ordering;

/// A lit interval of slopes, both ends included, and its sextant.
type Lit = (End, End, usize);

/// A slope `s` and its multiple by the ring a list of intervals is for:
/// `s·d = q + r / s.den`, `0 <= r < s.den`. Carried from ring to ring, so
/// the hexes an interval reaches are found without a division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct End {
    s: Slope,
    q: i64,
    r: i64,
}

impl End {
    /// Slope `s` at ring `d`, by division: where a scan starts.
    fn at(s: Slope, d: i64) -> End {
        let x = s.num * d;
        End {
            s,
            q: x.div_euclid(s.den),
            r: x.rem_euclid(s.den),
        }
    }

    /// The same slope a ring farther: `s·(d + 1) = s·d + s`, and `s` is in
    /// `[0, 1]`, so at most one carry.
    #[inline]
    fn next(self) -> End {
        let r = self.r + self.s.num;
        let carry = r >= self.s.den;
        End {
            s: self.s,
            q: self.q + i64::from(carry),
            r: if carry { r - self.s.den } else { r },
        }
    }

    /// Slope `s` at ring `m`, knowing that `s·m` is in `[q0, q0 + 3)`.
    #[inline]
    fn near(s: Slope, m: i64, q0: i64) -> End {
        let x = s.num * m;
        let q = q0 + i64::from(x >= (q0 + 1) * s.den) + i64::from(x >= (q0 + 2) * s.den);
        End {
            s,
            q,
            r: x - q * s.den,
        }
    }

    /// The sign of `s - high(d, q)`, the end of hex `q`'s extent, at ring
    /// `d`, from the remainder: with `s·d = q + r/den`, `s·(3d ∓ 1)` is
    /// `3q + (3r ∓ num)/den`, so no product of slopes is needed.
    #[inline]
    fn past_high(self, d: i64) -> i64 {
        self.past_corner(2 * self.q >= d)
    }

    /// The sign of `s - low(d, q + 1)`, the start of the next hex's extent
    /// at ring `d`, as [`past_high`](Self::past_high).
    #[inline]
    fn past_low_next(self, d: i64) -> i64 {
        self.past_corner(2 * (self.q + 1) <= d)
    }

    /// The sign of `s` minus the corner slope `(3q + 1) / (3d - 1)` (`near`)
    /// or `(3q + 2) / (3d + 1)`: the two corners that end hex `q`'s extent
    /// and start hex `q + 1`'s.
    #[inline]
    fn past_corner(self, near: bool) -> i64 {
        let Slope { num, den } = self.s;
        // Which corner depends on the hex, so a branch would be guessed
        // wrong often: both are worked out, one is picked by a mask.
        let (a, b) = (3 * self.r - num - den, 3 * self.r + num - 2 * den);
        let pick = -i64::from(near);
        a & pick | b & !pick
    }

    /// How `self` compares with `other`, both at the same ring `m`: `s·m`
    /// orders them as `(q, r / den)`, since `r / den` is below 1, so the
    /// remainders are cross-multiplied only when the `q` are equal.
    #[inline]
    fn cmp_at_ring(self, other: End) -> Ordering {
        self.q
            .cmp(&other.q)
            .then_with(|| (self.r * other.s.den).cmp(&(other.r * self.s.den)))
    }

    /// Where hex `(d, j)`'s extent ends, at ring `d + 1`. It ends in
    /// `[j/d, (j+1)/d)` (and at most 1 when it is an interval's end).
    #[inline]
    fn high_next(d: i64, j: i64) -> End {
        End::near(high(d, j), d + 1, j)
    }

    /// Where hex `(d, j)`'s extent starts, at ring `d + 1`. It starts in
    /// `((j-1)/d, j/d]`.
    #[inline]
    fn low_next(d: i64, j: i64) -> End {
        End::near(low(d, j), d + 1, j - 1)
    }
}

/// The scratch of hex shadowcasting, kept between calls so that a game
/// loop allocates nothing once it has grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct HexShadowcast {
    /// A ring's lit intervals, sextant after sextant, and the next
    /// ring's: one list each, whatever the number of sextants still lit.
    lit: Vec<Lit>,
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
/// A scan owns its sink, so that a sink by place stays in registers.
pub(crate) struct Report<S> {
    pub(crate) rule: Rule,
    pub(crate) lit_walls: bool,
    pub(crate) sink: S,
}

/// Where a scan puts a hex it sees: by its place `at` in the reader, or
/// by its offset from the origin, which `offset` works out when asked (a
/// sink by place never pays for it).
pub(crate) trait HexSink<A> {
    /// Whether a hex given twice is as good as once. A scan then gives
    /// each hex without tracking what it gave (an interval's end hex may
    /// be the next one's first; a hex on a ray between sextants is in
    /// both): fewer branches to guess.
    const REPEATS: bool = false;

    fn hex(&mut self, at: A, offset: impl Fn() -> (i64, i64));

    /// The hex, if `sees`.
    #[inline]
    fn hex_if(&mut self, at: A, offset: impl Fn() -> (i64, i64), sees: bool) {
        if sees {
            self.hex(at, offset);
        }
    }
}

/// Any of the kernel's sinks, by offset.
struct Offsets<'s, S>(&'s mut S);

impl<A, S: Sink> HexSink<A> for Offsets<'_, S> {
    #[inline]
    fn hex(&mut self, _: A, offset: impl Fn() -> (i64, i64)) {
        let (dq, dr) = offset();
        self.0.tile(dq, dr);
    }
}

/// The words of a set laid out as the window, by the window's bit index.
struct Plane<'p>(&'p mut [u64]);

impl HexSink<i64> for Plane<'_> {
    const REPEATS: bool = true;

    #[inline]
    fn hex(&mut self, at: i64, offset: impl Fn() -> (i64, i64)) {
        self.hex_if(at, offset, true);
    }

    /// One bit or'ed in, set or not: no branch.
    #[inline]
    fn hex_if(&mut self, at: i64, _: impl Fn() -> (i64, i64), sees: bool) {
        self.0[at as usize / 64] |= u64::from(sees) << (at as u64 % 64);
    }
}

impl HexShadowcast {
    /// Scans `field`, giving `report`'s sink each hex seen by its offset
    /// from the origin, once (the origin first, always).
    pub(crate) fn scan<M: HexOpacity + ?Sized, S: Sink>(
        &mut self,
        field: &HexField<'_, M>,
        scope: Scope,
        report: Report<&mut S>,
    ) {
        let Report {
            rule,
            lit_walls,
            sink,
        } = report;
        let report = Report {
            rule,
            lit_walls,
            sink: Offsets(sink),
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
    /// set's sink would, if the map has a window: the scan shows hexes as
    /// bits of a plane laid out as the window, one `or` each, repeats
    /// allowed. When the range fits the map that plane is the set over the
    /// range's box itself; otherwise it is the window's, cut to the map
    /// and copied into `seen` row by row after. False, with `seen`
    /// unspecified, when there is no window (the caller then scans).
    pub(crate) fn scan_into<M: HexOpacity + ?Sized>(
        &mut self,
        field: &HexField<'_, M>,
        rule: Rule,
        lit_walls: bool,
        seen: &mut VisibleSet,
    ) -> bool {
        if !self.window.fill(field) {
            return false;
        }
        let area = field.area();
        seen.reset(area);
        let (lit, next) = (&mut self.lit, &mut self.next);
        if field.inside {
            let side = 2 * field.rings + 1;
            if u64::from(area.width) != side
                || u64::from(area.height) != side
                || seen.words_per_row() as i64 * 64 != self.window.stride()
            {
                return false;
            }
            // The set and the walls cut to one length: one bounds check
            // serves both.
            let words = seen.words_mut();
            let (walls, _) = self.window.split();
            let len = words.len().min(walls.len());
            let walls = walls.cut(len);
            let report = Report {
                rule,
                lit_walls,
                sink: Plane(&mut words[..len]),
            };
            walk(lit, next, field, &walls, Scope::Field, report);
        } else {
            let (walls, shown) = self.window.split();
            let report = Report {
                rule,
                lit_walls,
                sink: Plane(shown),
            };
            walk(lit, next, field, &walls, Scope::Field, report);
            self.window.show(seen, area, field.origin);
        }
        seen.recount();
        true
    }
}

/// The scan itself, reading walls through `tiles`.
#[inline(always)]
fn walk<M, T, S>(
    lit: &mut Vec<Lit>,
    next: &mut Vec<Lit>,
    field: &HexField<'_, M>,
    tiles: &T,
    scope: Scope,
    report: Report<S>,
) where
    M: HexOpacity + ?Sized,
    T: HexTiles,
    S: HexSink<T::At>,
{
    // Each rule its own loop: which hexes a floor and a wall show is then
    // known when it is compiled.
    match report.rule {
        Rule::Extent => walk_by::<M, T, S, false, false>(lit, next, field, tiles, scope, report),
        Rule::FloorCentres => {
            walk_by::<M, T, S, true, false>(lit, next, field, tiles, scope, report)
        }
        Rule::Centres => walk_by::<M, T, S, true, true>(lit, next, field, tiles, scope, report),
    }
}

/// [`walk`] for one rule: floors (`FLOOR_CENTRES`) and walls
/// (`WALL_CENTRES`) shown when their centre is lit, or else when their
/// extent meets a lit interval.
#[inline(always)]
fn walk_by<M, T, S, const FLOOR_CENTRES: bool, const WALL_CENTRES: bool>(
    lit: &mut Vec<Lit>,
    next: &mut Vec<Lit>,
    field: &HexField<'_, M>,
    tiles: &T,
    scope: Scope,
    report: Report<S>,
) where
    M: HexOpacity + ?Sized,
    T: HexTiles,
    S: HexSink<T::At>,
{
    let mut report = report;
    let rings = match scope {
        Scope::Field => {
            report.sink.hex(tiles.at(0, 0), || (0, 0));
            field.rings as i64
        }
        Scope::Target(_, d, _) => d,
    };
    // A ring's lit intervals in a sextant are at most its hexes; sized
    // from the range, one warm-up serves every origin.
    let need = 6 * (field.span as usize).saturating_add(2).min(1 << 16);
    for list in [&mut *lit, &mut *next] {
        list.clear();
        list.reserve(need);
    }
    for s in 0..6 {
        match scope {
            // Slopes 0 and 1 at ring 1.
            Scope::Field => lit.push((
                End {
                    s: Slope::new(0, 1),
                    q: 0,
                    r: 0,
                },
                End {
                    s: Slope::new(1, 1),
                    q: 1,
                    r: 0,
                },
                s,
            )),
            // Only the target's own directions matter to it; on the ray
            // between two sextants it is in both.
            Scope::Target(ts, d, i) => {
                if ts == s {
                    let a = max(low(d, i), Slope::new(0, 1));
                    lit.push((End::at(a, 1), End::at(high(d, i), 1), s));
                } else if i == 0 && (ts + 5) % 6 == s {
                    lit.push((End::at(low(d, d), 1), End::at(Slope::new(1, 1), 1), s));
                }
            }
        }
    }
    let sextants: [Steps<T::Step>; 6] = std::array::from_fn(|s| {
        let frame = Sextant::new(s);
        let ((sq, sr), (cq, cr)) = (frame.along(), frame.corner());
        Steps {
            frame,
            step: tiles.step(sq, sr),
            corner: tiles.step(cq, cr),
            ray_low: 1 << s,
            ray_high: 1 << ((s + 1) % 6),
        }
    });
    let centre = tiles.at(0, 0);
    for d in 1..=rings {
        if lit.is_empty() {
            break;
        }
        // The rays between sextants whose hex this ring has been reported.
        let mut rays = 0u8;
        next.clear();
        // The sextant walked last, and the last hex reported in it.
        let (mut current, mut reported) = (usize::MAX, -1);
        // One loop over the ring's intervals, sextant after sextant: how
        // many each sextant has is no loop's end to guess.
        for &(a, b, s) in lit.iter() {
            let Steps {
                frame,
                step,
                corner,
                ray_low,
                ray_high,
            } = sextants[s];
            if s != current {
                (current, reported) = (s, -1);
            }
            // The sextant's first hex of the ring, `(d, 0)`.
            let corner_at = tiles.advance_by(centre, corner, d);
            // The hexes whose extent meets [a, b]. Hexes that only
            // touch it report nothing but still join a run of walls:
            // that is how a seam between two walls closes when an
            // interval ends on it.
            let Reach {
                first,
                last,
                meets,
                centres,
            } = reach(a, b, d);
            // The hexes shown, as a range of i, for a floor and a wall.
            let floor = Span::new(if FLOOR_CENTRES { centres } else { meets });
            let wall = Span::new(if WALL_CENTRES { centres } else { meets });
            let lit_walls = report.lit_walls;
            // The start of the lit piece now open, at the next ring.
            let mut start = a.next();
            // The first hex of the current run of walls, or `NO_RUN`.
            let mut run = NO_RUN;
            let mut at = tiles.advance_by(corner_at, step, first);
            let mut i = first;
            // One loop from end to end, its choices made without
            // branches where they can be: lit intervals are short,
            // so which hex is an end is hard to guess.
            loop {
                let hex = tiles.read(at);
                let opaque = hex.unwrap_or(true);
                let shown = if FLOOR_CENTRES == WALL_CENTRES {
                    floor.holds(i) & (lit_walls | !opaque)
                } else if opaque {
                    lit_walls & wall.holds(i)
                } else {
                    floor.holds(i)
                };
                let shown = shown & hex.is_some();
                let offset = || frame.offset(d, i);
                if S::REPEATS {
                    report.sink.hex_if(at, offset, shown);
                } else if shown && i > reported {
                    // A hex on a ray between two sextants is seen
                    // from either: its ray's bit has it reported once
                    // a ring.
                    reported = i;
                    let ray = if i == 0 {
                        ray_low
                    } else if i == d {
                        ray_high
                    } else {
                        0
                    };
                    if rays & ray == 0 {
                        rays |= ray;
                        report.sink.hex(at, offset);
                    }
                }
                if !opaque && run != NO_RUN {
                    shadow(next, &mut start, d, run, i - 1, s);
                }
                run = if opaque { run.min(i) } else { NO_RUN };
                if i == last {
                    break;
                }
                at = tiles.advance(at, step);
                i += 1;
            }
            if run != NO_RUN {
                shadow(next, &mut start, d, run, last, s);
            }
            let b = b.next();
            if start.cmp_at_ring(b).is_le() {
                next.push((start, b, s));
            }
        }
        std::mem::swap(lit, next);
    }
}

/// A sextant as a scan walks it: its frame, its steps in the reader
/// along a ring and from one ring's corner to the next, and the bits of
/// the two rays between sextants it ends on (`i = 0` and `i = d`).
#[derive(Clone, Copy)]
struct Steps<S> {
    frame: Sextant,
    step: S,
    corner: S,
    ray_low: u8,
    ray_high: u8,
}

/// A range of positions on a ring as its first and its width, so that a
/// position is tested with one unsigned comparison.
#[derive(Clone, Copy)]
struct Span {
    first: i64,
    width: u64,
}

impl Span {
    /// The positions `lo..=hi`, none when `hi < lo`.
    #[inline]
    fn new((lo, hi): (i64, i64)) -> Span {
        if lo <= hi {
            Span {
                first: lo,
                width: (hi - lo) as u64,
            }
        } else {
            // Every position `i >= 0` is then `2^63` or more past it.
            Span {
                first: i64::MAX,
                width: 0,
            }
        }
    }

    /// Whether position `i` (at least 0) is in the range.
    #[inline]
    fn holds(self, i: i64) -> bool {
        i.wrapping_sub(self.first) as u64 <= self.width
    }
}

/// No run of walls: above every hex, so that `min` starts one.
const NO_RUN: i64 = i64::MAX;

/// The hexes of ring `d` that a lit interval `[a, b]` (within `[0, 1]`,
/// both ends at ring `d`) reaches: `first..=last` have extents meeting or
/// touching it, `meets.0..=meets.1` extents meeting it (not only touching
/// an end), and the centres of `centres.0..=centres.1` are in it.
#[derive(Debug, PartialEq, Eq)]
struct Reach {
    first: i64,
    last: i64,
    meets: (i64, i64),
    centres: (i64, i64),
}

/// A hex's extent starts in `((i-1)/d, i/d]` and ends in `[i/d, (i+1)/d)`,
/// so the first hex to reach `a` is `⌊a·d⌋` or the next, and the last to
/// start by `b` is `⌊b·d⌋` or the next: one test each, no search. The
/// extent meets the open interval beyond the hex that only touches its
/// end, so the same two tests, strict or not, give `meets`.
#[inline]
fn reach(a: End, b: End, d: i64) -> Reach {
    let (ta, tb) = (a.past_high(d), b.past_low_next(d));
    Reach {
        first: a.q + i64::from(ta > 0),
        last: b.q + i64::from(tb >= 0),
        meets: (a.q + i64::from(ta >= 0), b.q + i64::from(tb > 0)),
        centres: (a.q + i64::from(a.r > 0), b.q),
    }
}

/// Closes the lit piece before the shadow of the walls `from..=to` of ring
/// `d` and moves past it, at the next ring. Not inlined: walls end a run
/// far less often than hexes are read, and the loop that reads them keeps
/// its registers.
#[inline(never)]
fn shadow(next: &mut Vec<Lit>, start: &mut End, d: i64, from: i64, to: i64, s: usize) {
    let (lo, hi) = (End::low_next(d, from), End::high_next(d, to));
    if start.cmp_at_ring(lo).is_le() {
        next.push((*start, lo, s));
    }
    if start.cmp_at_ring(hi).is_lt() {
        *start = hi;
    }
}

#[inline]
fn max(a: Slope, b: Slope) -> Slope {
    if a < b {
        b
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reach_of_an_interval_is_found_without_a_search() {
        // Every interval between slopes of small denominators, against a
        // search of the ring.
        let slopes: Vec<Slope> = (1..40i64)
            .flat_map(|den| (0..=den).map(move |num| Slope::new(num, den)))
            .collect();
        for d in 1..50i64 {
            for &a in &slopes {
                for &b in slopes.iter().filter(|&&b| a <= b).step_by(7) {
                    let centre = |i: i64| a <= Slope::new(i, d) && Slope::new(i, d) <= b;
                    let first = (0..d).find(|&i| high(d, i) >= a).unwrap_or(d);
                    let last = (0..=d).rev().find(|&i| low(d, i) <= b).unwrap();
                    let want = Reach {
                        first,
                        last,
                        // The end hexes, unless they only touch an end.
                        meets: (
                            first + i64::from(high(d, first) <= a),
                            last - i64::from(low(d, last) >= b),
                        ),
                        centres: (
                            (0..=d).find(|&i| centre(i)).unwrap_or(d + 1),
                            (0..=d).rev().find(|&i| centre(i)).unwrap_or(-1),
                        ),
                    };
                    let got = reach(End::at(a, d), End::at(b, d), d);
                    assert_eq!(got.first, want.first, "[{a:?}, {b:?}] at {d}");
                    assert_eq!(got.last, want.last, "[{a:?}, {b:?}] at {d}");
                    assert_eq!(got.meets, want.meets, "[{a:?}, {b:?}] at {d}");
                    // An empty range of centres may be any empty range.
                    if want.centres.0 <= want.centres.1 {
                        assert_eq!(got.centres, want.centres, "[{a:?}, {b:?}] at {d}");
                    } else {
                        assert!(got.centres.0 > got.centres.1, "[{a:?}, {b:?}] at {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_shadow_is_carried_to_the_next_ring_without_a_division() {
        for d in 1..200i64 {
            for j in 0..=d {
                for (end, s) in [
                    (End::high_next(d, j), high(d, j)),
                    (End::low_next(d, j), low(d, j)),
                ] {
                    // The ends a scan keeps: slopes in [0, 1].
                    if s >= Slope::new(0, 1) && s <= Slope::new(1, 1) {
                        assert_eq!(end, End::at(s, d + 1), "{d} {j}");
                        assert_eq!(End::at(s, d).next(), End::at(s, d + 1), "{d} {j}");
                    }
                }
            }
        }
    }
}
