//! Hex precise permissive: sight between two hexes when any segment joins
//! them.
//!
//! ## Definition
//!
//! Hex A sees hex B when some segment from an interior point of A to an
//! interior point of B meets the interior of no opaque hex (A and B
//! themselves aside). Opaque hexes are seen by the same rule (lit walls),
//! the origin always, and hexes off the map block sight and are never
//! reported. The relation reads the same both ways, so it is symmetric for
//! every pair of hexes, walls included.
//!
//! A segment that runs along the edge two opaque hexes share touches
//! neither interior, so it passes: **between two walls whose shared edge
//! points at the viewer, sight is open** (the seam is a line of sight),
//! unlike the hex shadowcasts, which shut it.
//!
//! ## How
//!
//! Lines of one direction `θ` are told apart by a linear form that is
//! constant along them (the cross product with `θ`): every hex projects to
//! an open interval of its values. A is joined to B along direction `θ`
//! when some value lies in both A's and B's intervals and in the interval
//! of no opaque hex whose chord on that line lies between theirs (an
//! isolated value between two walls' intervals is the seam and counts).
//! That answer only changes at directions where two interval ends meet,
//! which are the directions through a corner of one hex and a corner of
//! another: `cY - cX` and `cY - cX + 2k` for hex centres `cX`, `cY` and a
//! corner offset `k`. Each such direction `u` is tested, and so is the
//! direction just beside it, turned one way, symbolically: `u + εw` gives
//! every value as a pair compared lexicographically. That side is enough:
//! a range of good directions starts at a critical one, and a lone good
//! direction (a seam) is a critical one. The hexes that matter are A, B
//! and the opaque hexes that meet the interior of the convex hull of A and
//! B, since every segment between them lies in it.
//!
//! Everything is integers in axial thirds (hex centres on multiples of 3,
//! corners on integers), so the test is exact.
//!
//! The field starts from one `hex-shadowcast` scan that takes a hex, wall
//! or floor, when the direction of its centre is lit at its ring: the
//! segment between the two centres then meets no opaque interior, so the
//! hex is seen without a pair test. (`hex-shadowcast`'s own field will not
//! do: a lit ray may cross a wall of the target's ring just before it.)
//!
//! The rest are pair-tested, grown from the seen transparent hexes. The
//! last interior a clear segment crosses before B's is a seen transparent
//! hex X (or A) whose interior meets the hull of A and B. Either X is
//! next to B, or the segment runs along one edge from X to B; that edge's
//! line then passes through A's interior, and the only edge lines that do
//! pass through A's centre, along one of the six rays through its
//! corners, with X and B one step apart on it. Only those hexes are
//! tested.
//!
//! ## Cost
//!
//! One pair test with `m` opaque hexes in the hull tries at most
//! `7 (m + 2)(m + 1)` directions (fewer: pairs with the same centre
//! difference share them, and directions whose lines miss A or B are
//! dropped at once) at `O(m²)` each, so `O(m⁴)` in the worst case; a hex
//! whose centre line is clear is settled by the first direction. A field
//! is one shadowcast scan plus the pair tests of the hexes at its rim. On
//! the benchmark's hex cave at radius 16 the scan finds about 242 of the
//! 300 hexes seen and about 99 are pair-tested (42 of them hidden, against
//! 430 and 125 when every hex was tested): about 0.29 ms a field, 100
//! times `hex-shadowcast` and 7.5 times `hexx`'s `range_fov` in the same
//! run; most of it is the pair tests of hidden rim hexes.
//! `can_see` is a single pair test, which is cheap.

use super::coord::NEIGHBORS;
use super::field::HexField;
use super::map::HexOpacity;
use super::shadowcast::{HexShadowcast, Report, Rule, Scope};
use crate::bits::TileBits;
use crate::error::FovError;
use crate::kernel::sink::Sink;
use crate::visible::MAX_SET_AREA;
use std::cmp::Ordering;

/// How many centre differences a pair test remembers.
const TRIED: usize = 256;

/// A hex's corners around its centre, in axial thirds; symmetric about the
/// centre (`CORNERS[j + 3] = -CORNERS[j]`).
const CORNERS: [(i64, i64); 6] = [(2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1)];

/// The axial steps to the six hexes two away across an edge: the rays
/// from a hex's centre through its corners run along them.
const DIAGONALS: [(i64, i64); 6] = [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)];

/// The hexes the centre scan reports, marked and listed.
struct Sure<'a> {
    marks: &'a mut TileBits,
    seen: &'a mut Vec<(i64, i64)>,
    origin: (i64, i64),
}

impl Sink for Sure<'_> {
    #[inline]
    fn tile(&mut self, dq: i64, dr: i64) {
        let (q, r) = (self.origin.0 + dq, self.origin.1 + dr);
        if let (Ok(q), Ok(r)) = (i32::try_from(q), i32::try_from(r)) {
            if self.marks.insert(q, r) {
                self.seen.push((dq, dr));
            }
        }
    }
}

/// Whether the open hex at offset `c` meets the open hull of the origin's
/// hex and the one centred at `t` (in thirds): no separating axis.
#[inline]
fn meets_hull(t: (i64, i64), c: (i64, i64)) -> bool {
    let c = (3 * c.0, 3 * c.1);
    let ht = CORNERS.iter().map(|&k| cross(t, k)).max().unwrap_or(0);
    !((0..3).any(|j| {
        let (fc, ft) = (form(j, c), form(j, t));
        fc + 6 <= ft.min(0) || fc - 6 >= ft.max(0)
    }) || cross(t, c).abs() >= 2 * ht)
}

/// The three edge forms: a hex centred at `c` is `|f(p - c)| < 3`.
#[inline]
fn form(j: usize, p: (i64, i64)) -> i64 {
    match j {
        0 => 2 * p.0 + p.1,
        1 => p.0 + 2 * p.1,
        _ => p.0 - p.1,
    }
}

/// A form whose slabs separate two hexes `delta` apart (in thirds), and
/// the sign of the second's side.
#[inline]
fn separator(delta: (i64, i64)) -> (usize, i64) {
    for j in 0..3 {
        let f = form(j, delta);
        if f.abs() >= 6 {
            return (j, f.signum());
        }
    }
    (0, 0)
}

/// `a + ε·b` for an infinitesimal `ε > 0`: tuples compare lexicographically.
/// Offsets stay within `3 (MAX_HEX_REACH + 2)` thirds, directions within
/// twice that, so every product and sum here fits in `i64`.
type Num = (i64, i64);

#[inline]
fn add(a: Num, b: Num) -> Num {
    (a.0 + b.0, a.1 + b.1)
}

#[inline]
fn sub(a: Num, b: Num) -> Num {
    (a.0 - b.0, a.1 - b.1)
}

#[inline]
fn sign(a: Num) -> i64 {
    match a.cmp(&(0, 0)) {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

/// An opaque hex in the hull: its centre and the forms separating it from
/// A and from B.
#[derive(Clone, Copy, Debug)]
struct Blocker {
    c: (i64, i64),
    from_a: (usize, i64),
    to_b: (usize, i64),
}

/// The scratch of hex precise permissive.
#[derive(Clone, Debug, Default)]
pub(crate) struct HexPrecisePermissive {
    /// Hexes already seen or tested.
    marks: TileBits,
    /// The hexes seen, in the order they are reported.
    seen: Vec<(i64, i64)>,
    /// The scan that finds the hexes whose centre line is clear.
    centres: HexShadowcast,
    blockers: Vec<Blocker>,
    /// Intervals of the blockers between A and B along one direction, and
    /// along the direction beside it.
    cover: [Vec<(Num, Num)>; 2],
    /// Centre differences already tried in this pair test (pairs with the
    /// same difference have the same critical directions).
    tried: Vec<(i64, i64)>,
}

impl HexPrecisePermissive {
    /// Sizes the per-pair scratch for a field: the hull of two hexes `n`
    /// rings apart meets fewer than `6 (n + 2)` hexes.
    fn reserve<M: HexOpacity + ?Sized>(&mut self, field: &HexField<'_, M>) {
        let n = (field.span as usize).min(1 << 20);
        let need = 6 * (n + 2);
        self.blockers.clear();
        self.blockers.reserve(need);
        for cover in &mut self.cover {
            cover.clear();
            cover.reserve(need);
        }
        self.tried.clear();
        self.tried.reserve(TRIED);
    }

    /// Scans `field`, calling `visit(q, r, opaque)` once for each hex seen
    /// (the origin first).
    pub(crate) fn scan<M: HexOpacity + ?Sized>(
        &mut self,
        field: &HexField<'_, M>,
        visit: &mut dyn FnMut(i32, i32, bool),
    ) -> Result<(), FovError> {
        let area = field.area();
        if area.area() > MAX_SET_AREA {
            return Err(FovError::AreaTooLarge { area });
        }
        self.reserve(field);
        self.marks.reset(area);
        // Every hex of the range on the map is listed at most once.
        let n = field.span as usize;
        let hexes = 3usize.saturating_mul(n).saturating_mul(n + 1) + 1;
        self.seen.clear();
        self.seen.reserve(hexes.min(field.map_hexes()));
        // Hexes whose centre a lit ray from the origin's centre reaches
        // are seen without a pair test.
        let mut sure = Sure {
            marks: &mut self.marks,
            seen: &mut self.seen,
            origin: (i64::from(field.origin.0), i64::from(field.origin.1)),
        };
        let report = Report {
            rule: Rule::Centres,
            lit_walls: true,
            sink: &mut sure,
        };
        self.centres.scan(field, Scope::Field, report);
        // The rest are found from the seen floors around them.
        let mut next = 0;
        while let Some(&x) = self.seen.get(next) {
            next += 1;
            let Some((q, r, opaque)) = field.read(x.0, x.1) else {
                continue;
            };
            visit(q, r, opaque);
            if !opaque || x == (0, 0) {
                self.grow(field, x);
            }
        }
        Ok(())
    }

    /// Pair-tests the hexes a segment may enter straight from the seen
    /// transparent hex at offset `x` (or the origin): the last interior a
    /// clear segment crosses before B's is such a hex, and it meets the
    /// hull of A and B. It is next to B, or the segment runs along one edge
    /// from it to B; that edge's line then passes through the origin's
    /// centre (the only edge line through its interior), so `x` and B lie
    /// on one of the six rays from it through a corner.
    fn grow<M: HexOpacity + ?Sized>(&mut self, field: &HexField<'_, M>, x: (i64, i64)) {
        let rings = field.rings as i64;
        let beyond = DIAGONALS
            .iter()
            .find(|&&k| cross(x, k) == 0 && x.0 * k.0 + x.1 * k.1 >= 0 && x != (0, 0))
            .map(|&k| (x.0 + k.0, x.1 + k.1));
        let around = NEIGHBORS
            .iter()
            .map(|&(q, r)| (x.0 + i64::from(q), x.1 + i64::from(r)));
        let from_origin = DIAGONALS.iter().filter(|_| x == (0, 0)).copied();
        for b in around.chain(beyond).chain(from_origin) {
            if b.0.abs().max(b.1.abs()).max((b.0 + b.1).abs()) > rings {
                continue;
            }
            let Some((q, r)) = field.hex(b.0, b.1) else {
                continue;
            };
            if self.marks.contains(q, r) || (x != (0, 0) && !meets_hull((3 * b.0, 3 * b.1), x)) {
                continue;
            }
            self.marks.insert(q, r);
            if self.sees(field, b) {
                self.seen.push(b);
            }
        }
    }

    /// Whether the hex at offset `b` (on the map) is seen from the origin,
    /// on its own: `can_see`.
    pub(crate) fn pair<M: HexOpacity + ?Sized>(
        &mut self,
        field: &HexField<'_, M>,
        b: (i64, i64),
    ) -> bool {
        self.reserve(field);
        self.sees(field, b)
    }

    /// Whether the hex at offset `b` (on the map) is seen from the origin:
    /// the pair test of the module docs.
    fn sees<M: HexOpacity + ?Sized>(&mut self, field: &HexField<'_, M>, b: (i64, i64)) -> bool {
        if b == (0, 0) {
            return true;
        }
        self.blockers.clear();
        let t = (3 * b.0, 3 * b.1);
        // The hull's own edges: the three hex forms and the two sides
        // parallel to `t`, whose form is the cross product with `t`.
        let ht = CORNERS.iter().map(|&k| cross(t, k)).max().unwrap_or(0);
        let (q0, q1) = (b.0.min(0) - 1, b.0.max(0) + 1);
        for r in b.1.min(0) - 1..=b.1.max(0) + 1 {
            // The strip |cross(t, c)| < 2·ht cuts the row to a span of q
            // (widened by one; the exact test follows).
            let (mut lo, mut hi) = (q0, q1);
            if t.1 != 0 {
                let (a, m) = (t.0 * 3 * r, 3 * t.1);
                let (e0, e1) = ((a - 2 * ht).div_euclid(m), (a + 2 * ht).div_euclid(m));
                lo = lo.max(e0.min(e1) - 1);
                hi = hi.min(e0.max(e1) + 1);
            }
            for q in lo..=hi {
                if (q, r) == (0, 0) || (q, r) == b {
                    continue;
                }
                let c = (3 * q, 3 * r);
                if !meets_hull(t, (q, r)) || !field.opaque(q, r) {
                    continue;
                }
                self.blockers.push(Blocker {
                    c,
                    from_a: separator(c),
                    to_b: separator((t.0 - c.0, t.1 - c.1)),
                });
            }
        }
        let ab = separator(t);
        // Pairs of hexes, A and B first: their centre line is the first
        // direction tried.
        let count = self.blockers.len() + 2;
        self.tried.clear();
        for x in 0..count {
            for y in x + 1..count {
                let (cx, cy) = (self.centre(x, t), self.centre(y, t));
                let mut delta = (cy.0 - cx.0, cy.1 - cx.1);
                // Opposite differences give the same lines, and the side
                // just beside them turns the same way.
                if delta.1 < 0 || (delta.1 == 0 && delta.0 < 0) {
                    delta = (-delta.0, -delta.1);
                }
                if self.tried.contains(&delta) {
                    continue;
                }
                if self.tried.len() < TRIED {
                    self.tried.push(delta);
                }
                // The centre line of the pair first, then the six lines
                // through a corner of each on opposite sides.
                let dirs: [(i64, i64); 7] = std::array::from_fn(|k| match k {
                    0 => delta,
                    _ => (
                        delta.0 + 2 * CORNERS[k - 1].0,
                        delta.1 + 2 * CORNERS[k - 1].1,
                    ),
                });
                for u in dirs {
                    // A's and B's intervals strictly apart: no line of
                    // this direction, nor of the one beside it, meets both.
                    let h = CORNERS.iter().map(|&k| cross(u, k)).max().unwrap_or(0);
                    if cross(u, t).abs() > 2 * h {
                        continue;
                    }
                    if self.joined(t, ab, u) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Centre of hex `x` of the pair test: A, B, then the blockers.
    #[inline]
    fn centre(&self, x: usize, t: (i64, i64)) -> (i64, i64) {
        match x {
            0 => (0, 0),
            1 => t,
            _ => self.blockers[x - 2].c,
        }
    }

    /// Whether a line of direction `u`, or of the direction just beside it
    /// (`u + εw`), joins A to B: the 1D test, both sides sharing the
    /// products.
    fn joined(&mut self, t: (i64, i64), ab: (usize, i64), u: (i64, i64)) -> bool {
        let w = (-u.1, u.0);
        let mut lo = [(0, 0); 2];
        let mut hi = [(0, 0); 2];
        let mut h = [(0, 0); 2];
        let mut along = [[0i64; 3]; 2];
        let mut way = [0i64; 2];
        let mut open = [false; 2];
        for e in 0..2 {
            let value = |p: (i64, i64)| -> Num { (cross(u, p), e * cross(w, p)) };
            // Which way each edge form grows along the direction.
            along[e as usize] = std::array::from_fn(|j| sign((form(j, u), e * form(j, w))));
            // Half the width of a hex's interval (the same for every hex);
            // the corners are symmetric about the centre.
            let mut he = (0, 0);
            for &k in &CORNERS[..3] {
                let v = value(k);
                he = he.max(v).max((-v.0, -v.1));
            }
            let vb = value(t);
            let (l, r) = (sub(vb, he).max(sub((0, 0), he)), add(vb, he).min(he));
            // Which way B lies from A along the direction; then a blocker
            // is between when it lies that way from A and B that way from it.
            let wy = along[e as usize][ab.0] * ab.1;
            let e = e as usize;
            (lo[e], hi[e], h[e], way[e], open[e]) = (l, r, he, wy, l < r && wy != 0);
        }
        if !open[0] && !open[1] {
            return false;
        }
        self.cover[0].clear();
        self.cover[1].clear();
        for o in &self.blockers {
            let (cu, cw) = (cross(u, o.c), cross(w, o.c));
            for e in 0..2 {
                if !open[e] {
                    continue;
                }
                let vo = (cu, e as i64 * cw);
                let (a, b) = (sub(vo, h[e]), add(vo, h[e]));
                if b <= lo[e] || a >= hi[e] {
                    continue;
                }
                let al = &along[e];
                if al[o.from_a.0] * o.from_a.1 == way[e] && al[o.to_b.0] * o.to_b.1 == way[e] {
                    self.cover[e].push((a, b));
                }
            }
        }
        (0..2).any(|e| open[e] && free_value(&self.cover[e], lo[e], hi[e]))
    }
}

/// Whether some value in `(lo, hi)` is in none of the open intervals of
/// `cover`: just above `lo`, or at the top of one of them.
fn free_value(cover: &[(Num, Num)], lo: Num, hi: Num) -> bool {
    let free = |p: Num, strict_low: bool| {
        cover.iter().all(|&(a, b)| {
            if strict_low {
                !(a <= p && p < b)
            } else {
                !(a < p && p < b)
            }
        })
    };
    free(lo, true)
        || cover
            .iter()
            .any(|&(_, b)| lo < b && b < hi && free(b, false))
}

#[inline]
fn cross(a: (i64, i64), b: (i64, i64)) -> i64 {
    a.0 * b.1 - a.1 * b.0
}
