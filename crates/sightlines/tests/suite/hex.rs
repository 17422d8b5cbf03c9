//! Hex grids: each hex algorithm equals a brute-force model of its
//! definition on thousands of random hex maps, in every layout.
//!
//! The models work in axial coordinates scaled by 3 ("thirds"), where every
//! hex centre and vertex is an integer point. Axial coordinates are a
//! linear image of the plane, so segments, rays and the sign of a cross
//! product (which side of a line a point lies) are kept.

use crate::common::Random;
use sightlines::hex::{self, HexAlgorithm, HexFov, HexGrid, HexOpacity, Layout};
use sightlines::{FovError, VisibleSet};
use std::collections::BTreeSet;

type P = (i128, i128);

/// The six vertices of the hex centred at axial `c`, in thirds.
fn vertices(c: (i64, i64)) -> [P; 6] {
    let (x, y) = (3 * i128::from(c.0), 3 * i128::from(c.1));
    [(2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1)].map(|(a, b)| (x + a, y + b))
}

fn cross(a: P, b: P) -> i128 {
    a.0 * b.1 - a.1 * b.0
}

/// The three edge forms; a hex is `|f(p - c)| < 3` for each, in thirds.
fn forms(p: P) -> [i128; 3] {
    [2 * p.0 + p.1, p.0 + 2 * p.1, p.0 - p.1]
}

/// Whether `{ t·v : t in (t0, t1) }` meets the open hex centred at `c`
/// (`t1 = None`: unbounded).
fn meets_interior(v: P, c: (i64, i64), t0: i128, t1: Option<i128>) -> bool {
    // Bounds on t as fractions num/den with den > 0; start with (t0, t1).
    let mut lo = (t0, 1i128);
    let mut hi: Option<(i128, i128)> = t1.map(|t| (t, 1));
    let fc = forms((3 * i128::from(c.0), 3 * i128::from(c.1)));
    let fv = forms(v);
    for j in 0..3 {
        // fc - 3 < t·fv < fc + 3
        let (a, b, f) = (fc[j] - 3, fc[j] + 3, fv[j]);
        if f == 0 {
            if !(a < 0 && 0 < b) {
                return false;
            }
            continue;
        }
        let (l, h) = if f > 0 {
            ((a, f), (b, f))
        } else {
            ((-b, -f), (-a, -f))
        };
        if l.0 * lo.1 > lo.0 * l.1 {
            lo = l;
        }
        if hi.is_none_or(|hv| h.0 * hv.1 < hv.0 * h.1) {
            hi = Some(h);
        }
    }
    hi.is_none_or(|h| lo.0 * h.1 < h.0 * lo.1)
}

/// Whether point `e` lies on `{ t·v : t in [0, t1] }` (`t1 = None`: the ray).
fn on_segment(v: P, e: P, t1: Option<i128>) -> bool {
    if cross(v, e) != 0 || e.0 * v.0 < 0 || e.1 * v.1 < 0 {
        return false;
    }
    match t1 {
        None => true,
        // |e| <= t1·|v| along the line: compare the larger component.
        Some(t) => {
            if v.0.abs() >= v.1.abs() {
                e.0.abs() <= t * v.0.abs()
            } else {
                e.1.abs() <= t * v.1.abs()
            }
        }
    }
}

/// The map as the algorithms see it: opaque off the map, by offset.
struct View<'a, M: HexOpacity> {
    map: &'a M,
    origin: (i32, i32),
}

impl<M: HexOpacity> View<'_, M> {
    fn exists(&self, d: (i64, i64)) -> Option<(i32, i32)> {
        let q = i32::try_from(i64::from(self.origin.0) + d.0).ok()?;
        let r = i32::try_from(i64::from(self.origin.1) + d.1).ok()?;
        match self.map.bounds() {
            Some(b) if !b.contains(q, r) => None,
            _ => Some((q, r)),
        }
    }

    fn opaque(&self, d: (i64, i64)) -> bool {
        self.exists(d).is_none_or(|(q, r)| self.map.is_opaque(q, r))
    }
}

fn ring(d: (i64, i64)) -> i64 {
    d.0.abs().max(d.1.abs()).max((d.0 + d.1).abs())
}

fn offsets_within(n: i64) -> impl Iterator<Item = (i64, i64)> {
    (-n..=n)
        .flat_map(move |q| (-n..=n).map(move |r| (q, r)))
        .filter(move |&d| ring(d) <= n)
}

/// Whether the part `t in (0, t1)` of the ray along `v` (in thirds) is
/// blocked by the opaque hexes of `blockers`: it meets an interior, or runs
/// along an edge two of them share.
fn blocked(v: P, t1: Option<i128>, blockers: &[(i64, i64)]) -> bool {
    if blockers.iter().any(|&c| meets_interior(v, c, 0, t1)) {
        return true;
    }
    let set: BTreeSet<_> = blockers.iter().copied().collect();
    for &c in blockers {
        for n in hex::NEIGHBORS {
            let o = (c.0 + i64::from(n.0), c.1 + i64::from(n.1));
            if o > c && set.contains(&o) {
                let (vc, vo) = (vertices(c), vertices(o));
                let shared: Vec<P> = vc.iter().copied().filter(|p| vo.contains(p)).collect();
                if shared.iter().all(|&e| on_segment(v, e, t1)) {
                    return true;
                }
            }
        }
    }
    false
}

/// `hex-shadowcast`'s definition for the hex at offset `b`: some direction
/// strictly inside its angular extent is blocked by no opaque hex of a
/// nearer ring.
fn shadowcast_sees(view: &View<'_, impl HexOpacity>, b: (i64, i64)) -> bool {
    let d = ring(b);
    let blockers: Vec<_> = offsets_within(d - 1)
        .filter(|&x| x != (0, 0) && view.opaque(x))
        .collect();
    let own = vertices(b);
    // The extent's ends: corners with every other corner on one side.
    let low = *own
        .iter()
        .find(|&&w| own.iter().all(|&u| cross(w, u) >= 0))
        .unwrap();
    let high = *own
        .iter()
        .find(|&&w| own.iter().all(|&u| cross(u, w) >= 0))
        .unwrap();
    let inside = |v: P| cross(low, v) > 0 && cross(v, high) > 0;
    let mut dirs: Vec<P> = vec![low, high];
    for &x in &blockers {
        dirs.extend(vertices(x).into_iter().filter(|&v| inside(v)));
    }
    dirs.sort_by(|&u, &v| 0.cmp(&cross(u, v)));
    dirs.dedup_by(|u, v| cross(*u, *v) == 0);
    let mut candidates: Vec<P> = dirs.iter().copied().filter(|&v| inside(v)).collect();
    candidates.extend(dirs.windows(2).map(|w| (w[0].0 + w[1].0, w[0].1 + w[1].1)));
    candidates.iter().any(|&v| !blocked(v, None, &blockers))
}

/// `hex-symmetric-shadowcast`'s definition for a transparent hex at offset
/// `b`: the segment between the centres is clear.
fn centre_line_clear(view: &View<'_, impl HexOpacity>, b: (i64, i64)) -> bool {
    let d = ring(b);
    let blockers: Vec<_> = offsets_within(d + 1)
        .filter(|&x| x != (0, 0) && x != b && view.opaque(x))
        .collect();
    let v = (3 * i128::from(b.0), 3 * i128::from(b.1));
    !blocked(v, Some(1), &blockers)
}

/// The open interval of `t` along `p + t·v` inside the open hex centred at
/// `c` scaled by `k` (in thirds), as fractions `(num, den)` with `den > 0`,
/// or `None` when the line misses it.
fn chord(p: P, v: P, c: P, k: i128) -> Option<((i128, i128), (i128, i128))> {
    let (fp, fv, fc) = (forms(p), forms(v), forms(c));
    let mut lo: Option<(i128, i128)> = None;
    let mut hi: Option<(i128, i128)> = None;
    for j in 0..3 {
        // fc - 3k < fp + t·fv < fc + 3k
        let (a, b, f) = (fc[j] - 3 * k - fp[j], fc[j] + 3 * k - fp[j], fv[j]);
        if f == 0 {
            if !(a < 0 && 0 < b) {
                return None;
            }
            continue;
        }
        let (l, h) = if f > 0 {
            ((a, f), (b, f))
        } else {
            ((-b, -f), (-a, -f))
        };
        if lo.is_none_or(|x| l.0 * x.1 > x.0 * l.1) {
            lo = Some(l);
        }
        if hi.is_none_or(|x| h.0 * x.1 < x.0 * h.1) {
            hi = Some(h);
        }
    }
    let (lo, hi) = (lo?, hi?);
    (lo.0 * hi.1 < hi.0 * lo.1).then_some((lo, hi))
}

/// `hex-precise-permissive`'s definition for the hex at offset `b`: some
/// segment from an interior point of the origin to an interior point of
/// `b` meets no opaque interior. Lines are tried by direction: every
/// direction through two corners of the hexes involved, and one between
/// each two consecutive ones; along one direction the lines are told apart
/// by the cross product with it, an exact 1D problem.
fn permissive_sees(view: &View<'_, impl HexOpacity>, b: (i64, i64)) -> bool {
    if b == (0, 0) {
        return true;
    }
    let t: P = (3 * i128::from(b.0), 3 * i128::from(b.1));
    // Opaque hexes that may meet the hull of the two (a superset is
    // harmless): not separated on an edge form of a hex or across `t`.
    let side = |c: P| -> bool {
        let (fc, ft) = (forms(c), forms(t));
        let apart = (0..3).any(|j| fc[j] + 6 < ft[j].min(0) || fc[j] - 6 > ft[j].max(0));
        let w = vertices((0, 0)).iter().map(|&k| cross(t, k)).max().unwrap();
        apart || cross(t, c).abs() > 2 * w
    };
    let mut blockers = Vec::new();
    for q in b.0.min(0) - 2..=b.0.max(0) + 2 {
        for r in b.1.min(0) - 2..=b.1.max(0) + 2 {
            let c = (3 * i128::from(q), 3 * i128::from(r));
            if (q, r) != (0, 0) && (q, r) != b && view.opaque((q, r)) && !side(c) {
                blockers.push((q, r));
            }
        }
    }
    let mut hexes = vec![(0i64, 0i64), b];
    hexes.extend(&blockers);
    let corners: Vec<P> = hexes.iter().flat_map(|&h| vertices(h)).collect();
    let mut dirs: Vec<P> = Vec::new();
    for &x in &corners {
        for &y in &corners {
            let d = (y.0 - x.0, y.1 - x.1);
            if d.1 > 0 || (d.1 == 0 && d.0 > 0) {
                dirs.push(d);
            }
        }
    }
    dirs.sort_by(|&u, &v| 0.cmp(&cross(u, v)));
    dirs.dedup_by(|u, v| cross(*u, *v) == 0);
    let mut tries = dirs.clone();
    tries.extend(dirs.windows(2).map(|w| (w[0].0 + w[1].0, w[0].1 + w[1].1)));
    let (first, last) = (dirs[0], dirs[dirs.len() - 1]);
    tries.push((last.0 - first.0, last.1 - first.1));
    let centre = |h: (i64, i64)| (3 * i128::from(h.0), 3 * i128::from(h.1));
    tries.into_iter().any(|v| {
        let span = |h: (i64, i64)| {
            let vals = vertices(h).map(|p| cross(v, p));
            (*vals.iter().min().unwrap(), *vals.iter().max().unwrap())
        };
        let (a, bb) = (span((0, 0)), span(b));
        let (lo, hi) = (a.0.max(bb.0), a.1.min(bb.1));
        if lo >= hi {
            return false;
        }
        let mut cover = Vec::new();
        for &o in &blockers {
            let s = span(o);
            let (l, h) = (s.0.max(lo), s.1.min(hi));
            if l >= h {
                continue;
            }
            // The chords on one line of the three, at value (l + h) / 2:
            // scaled by k = 2·|v|², its point is (-v.1, v.0)·(l + h).
            let k = 2 * (v.0 * v.0 + v.1 * v.1);
            let p = (-v.1 * (l + h), v.0 * (l + h));
            let at = |h: (i64, i64)| {
                let c = centre(h);
                chord(p, v, (c.0 * k, c.1 * k), k)
                    .expect("the line meets all three")
                    .0
            };
            let (ta, to, tb) = (at((0, 0)), at(o), at(b));
            let less = |x: (i128, i128), y: (i128, i128)| x.0 * y.1 < y.0 * x.1;
            if (less(ta, to) && less(to, tb)) || (less(tb, to) && less(to, ta)) {
                cover.push(s);
            }
        }
        // A value in (lo, hi) in no open interval of `cover`.
        cover.sort();
        let mut cur = lo;
        for (a, b) in cover {
            if cur >= hi {
                return false;
            }
            if a > cur || (a == cur && cur > lo) {
                return true;
            }
            cur = cur.max(b);
        }
        cur < hi
    })
}

fn model(
    algorithm: HexAlgorithm,
    map: &impl HexOpacity,
    origin: (i32, i32),
    radius: Option<u32>,
) -> BTreeSet<(i32, i32)> {
    let view = View { map, origin };
    let rings = match (radius, map.bounds()) {
        (Some(r), None) => i64::from(r),
        // The map's farthest hex, found by walking all of it.
        (r, Some(_)) => {
            let far = offsets_within(40)
                .filter(|&d| view.exists(d).is_some())
                .map(ring)
                .max()
                .unwrap();
            r.map_or(far, |r| far.min(i64::from(r)))
        }
        (None, None) => unreachable!(),
    };
    let mut seen = BTreeSet::from([origin]);
    match algorithm {
        HexAlgorithm::Raycast => {
            for d in offsets_within(rings).filter(|&d| ring(d) == rings) {
                for h in hex::line((0, 0), (d.0 as i32, d.1 as i32)).skip(1) {
                    let off = (i64::from(h.0), i64::from(h.1));
                    let Some(hex) = view.exists(off) else { break };
                    seen.insert(hex);
                    if view.opaque(off) {
                        break;
                    }
                }
            }
        }
        _ => {
            for b in offsets_within(rings).filter(|&d| d != (0, 0)) {
                let Some(hex) = view.exists(b) else { continue };
                let sees = if algorithm == HexAlgorithm::PrecisePermissive {
                    permissive_sees(&view, b)
                } else if algorithm == HexAlgorithm::SymmetricShadowcast && !view.opaque(b) {
                    centre_line_clear(&view, b)
                } else {
                    shadowcast_sees(&view, b)
                };
                if sees {
                    seen.insert(hex);
                }
            }
        }
    }
    seen
}

fn fast(
    algorithm: HexAlgorithm,
    map: &impl HexOpacity,
    origin: (i32, i32),
    radius: Option<u32>,
) -> BTreeSet<(i32, i32)> {
    let mut seen = BTreeSet::new();
    let mut fov = HexFov::new(algorithm);
    fov.compute(map, origin, radius, |q, r| {
        assert!(seen.insert((q, r)), "({q}, {r}) reported twice");
    })
    .unwrap();
    // The same map asked hex by hex (no packed bits), and into a set: each
    // way of reading and of reporting gives the same field.
    let mut asked = BTreeSet::new();
    fov.compute(&Asked(map), origin, radius, |q, r| {
        asked.insert((q, r));
    })
    .unwrap();
    assert_eq!(seen, asked, "{algorithm} from {origin:?}, asked hex by hex");
    let mut set = VisibleSet::new();
    fov.compute_into(map, origin, radius, &mut set).unwrap();
    assert_eq!(
        set.len(),
        seen.len(),
        "{algorithm} from {origin:?}, into a set"
    );
    let listed: BTreeSet<(i32, i32)> = set.iter().collect();
    assert_eq!(listed, seen, "{algorithm} from {origin:?}, into a set");
    seen
}

/// A map's opacity and bounds without its packed bits.
struct Asked<'a, M: ?Sized>(&'a M);

impl<M: HexOpacity + ?Sized> HexOpacity for Asked<'_, M> {
    fn is_opaque(&self, q: i32, r: i32) -> bool {
        self.0.is_opaque(q, r)
    }

    fn bounds(&self) -> Option<hex::HexBounds> {
        self.0.bounds()
    }
}

fn random_hex_map(rng: &mut Random) -> (HexGrid, (i32, i32)) {
    let layout = Layout::ALL[rng.below(4) as usize];
    let (w, h) = (1 + rng.below(11) as u32, 1 + rng.below(11) as u32);
    let density = rng.below(50);
    let mut grid = HexGrid::new(w, h, layout);
    for c in 0..w as i32 {
        for r in 0..h as i32 {
            grid.set_offset(c, r, rng.percent(density));
        }
    }
    let (c, r) = (
        rng.below(u64::from(w)) as i32,
        rng.below(u64::from(h)) as i32,
    );
    let origin = layout.to_axial(c, r).unwrap();
    if rng.percent(80) {
        grid.set(origin.0, origin.1, false);
    }
    (grid, origin)
}

fn random_radius(rng: &mut Random) -> Option<u32> {
    if rng.percent(40) {
        None
    } else {
        Some(rng.below(9) as u32)
    }
}

fn render(grid: &HexGrid, origin: (i32, i32), seen: &BTreeSet<(i32, i32)>) -> String {
    let mut out = grid.to_text(Some(origin));
    out.push_str(&format!("seen: {seen:?}\n"));
    out
}

#[test]
fn every_hex_algorithm_equals_its_definition_on_random_maps() {
    let mut rng = Random::new(0x4e58);
    for case in 0..3000 {
        let (grid, origin) = random_hex_map(&mut rng);
        let radius = random_radius(&mut rng);
        for algorithm in HexAlgorithm::ALL {
            let want = model(algorithm, &grid, origin, radius);
            let got = fast(algorithm, &grid, origin, radius);
            assert!(
                want == got,
                "{algorithm} case {case}, radius {radius:?}\n{}\nmissing {:?}\nextra {:?}",
                render(&grid, origin, &want),
                want.difference(&got).collect::<Vec<_>>(),
                got.difference(&want).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn clear_centre_lines_are_seen_by_precise_permissive() {
    // Precise permissive takes every hex, walls too, whose centre line
    // from the origin's is clear without a pair test: the segment between
    // the centres is one the definition asks for.
    let mut rng = Random::new(0x5ab5);
    let mut clear = 0;
    for case in 0..3000 {
        let (grid, origin) = random_hex_map(&mut rng);
        let view = View { map: &grid, origin };
        for b in offsets_within(10).filter(|&d| d != (0, 0)) {
            if view.exists(b).is_some() && centre_line_clear(&view, b) {
                clear += 1;
                assert!(
                    permissive_sees(&view, b),
                    "case {case}: {b:?}\n{}",
                    grid.to_text(Some(origin))
                );
            }
        }
    }
    assert!(clear > 50_000, "{clear}");
}

#[test]
fn hex_shadowcast_is_not_a_subset_of_precise_permissive() {
    // A lit ray can cross a wall of the target's own ring just before it
    // (shadows come from nearer rings only), so hex-shadowcast's field
    // cannot stand in for precise permissive's. Found on a cave, 19 apart.
    let grid = sightlines::generate::hex_cave(96, 96, Layout::OddR, 0x5eed_4e58);
    let (origin, b) = ((-14, 90), (-29, 86));
    let view = View { map: &grid, origin };
    let d = (i64::from(b.0 - origin.0), i64::from(b.1 - origin.1));
    assert!(shadowcast_sees(&view, d));
    assert!(!permissive_sees(&view, d));
    for (algorithm, seen) in [
        (HexAlgorithm::Shadowcast, true),
        (HexAlgorithm::PrecisePermissive, false),
    ] {
        let mut set = VisibleSet::new();
        let mut fov = HexFov::new(algorithm);
        fov.compute_into(&grid, origin, None, &mut set).unwrap();
        assert_eq!(set.contains(b.0, b.1), seen, "{algorithm}");
        assert_eq!(
            fov.can_see(&grid, origin, b, None).unwrap(),
            seen,
            "{algorithm}"
        );
    }
}

#[test]
fn floors_see_each_other_symmetrically() {
    let mut rng = Random::new(0x5e11);
    let mut fov = HexFov::new(HexAlgorithm::SymmetricShadowcast);
    let mut checked = 0;
    for _ in 0..3000 {
        let (grid, origin) = random_hex_map(&mut rng);
        if grid.is_opaque(origin.0, origin.1) {
            continue;
        }
        let mut seen = VisibleSet::new();
        fov.compute_into(&grid, origin, None, &mut seen).unwrap();
        let shadow = fast(HexAlgorithm::Shadowcast, &grid, origin, None);
        for c in 0..grid.width() as i32 {
            for r in 0..grid.height() as i32 {
                let b = grid.to_axial(c, r).unwrap();
                if grid.is_opaque(b.0, b.1) {
                    continue;
                }
                let back = fov.can_see(&grid, b, origin, None).unwrap();
                assert_eq!(
                    seen.contains(b.0, b.1),
                    back,
                    "{origin:?} {b:?}\n{}",
                    grid.to_text(Some(origin))
                );
                // Floors seen symmetrically are seen by hex-shadowcast too.
                assert!(!back || shadow.contains(&b));
                checked += 1;
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}

#[test]
fn can_see_agrees_with_the_field() {
    let mut rng = Random::new(0xca5e);
    for _ in 0..1500 {
        let (grid, origin) = random_hex_map(&mut rng);
        let radius = random_radius(&mut rng);
        for algorithm in HexAlgorithm::ALL {
            let mut fov = HexFov::new(algorithm);
            fov.set_lit_walls(rng.percent(70));
            let mut seen = VisibleSet::new();
            fov.compute_into(&grid, origin, radius, &mut seen).unwrap();
            for c in -1..=grid.width() as i32 {
                for r in -1..=grid.height() as i32 {
                    let b = grid.to_axial(c, r).unwrap();
                    assert_eq!(
                        fov.can_see(&grid, origin, b, radius).unwrap(),
                        seen.contains(b.0, b.1),
                        "{algorithm} {origin:?} -> {b:?} radius {radius:?}, lit walls {}\n{}",
                        fov.lit_walls(),
                        grid.to_text(Some(origin))
                    );
                }
            }
        }
    }
}

#[test]
fn walls_unlit_leave_out_exactly_the_opaque_hexes() {
    let mut rng = Random::new(0x1117);
    for _ in 0..500 {
        let (grid, origin) = random_hex_map(&mut rng);
        for algorithm in HexAlgorithm::ALL {
            let lit = fast(algorithm, &grid, origin, None);
            let mut fov = HexFov::new(algorithm);
            fov.set_lit_walls(false);
            let mut unlit = BTreeSet::new();
            fov.compute(&grid, origin, None, |q, r| {
                unlit.insert((q, r));
            })
            .unwrap();
            let want: BTreeSet<_> = lit
                .into_iter()
                .filter(|&(q, r)| (q, r) == origin || !grid.is_opaque(q, r))
                .collect();
            assert_eq!(unlit, want);
        }
    }
}

#[test]
fn unbounded_maps_near_the_i32_limits() {
    let walls = |q: i32, r: i32| (i64::from(q) * 7 + i64::from(r) * 3).rem_euclid(5) == 0;
    for origin in [
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MAX),
        (i32::MAX - 2, i32::MIN + 1),
        (0, i32::MIN),
    ] {
        for algorithm in HexAlgorithm::ALL {
            let got = fast(algorithm, &walls, origin, Some(6));
            assert_eq!(
                got,
                model(algorithm, &walls, origin, Some(6)),
                "{algorithm} {origin:?}"
            );
            assert!(got.contains(&origin));
        }
    }
    let err = HexFov::default()
        .compute(&walls, (0, 0), None, |_, _| {})
        .unwrap_err();
    assert_eq!(err, FovError::NeedsRadius);
    let grid = HexGrid::new(3, 3, Layout::OddQ);
    let err = HexFov::default()
        .compute(&grid, (5, 5), None, |_, _| {})
        .unwrap_err();
    assert!(
        err.to_string().starts_with(
            "origin (5, 5) is off the hex map, whose odd-q offsets run from (0, 0) to (2, 2)"
        ),
        "{err}"
    );
    let huge =
        HexFov::new(HexAlgorithm::Raycast).compute(&walls, (0, 0), Some(u32::MAX), |_, _| {});
    assert!(matches!(huge, Err(FovError::AreaTooLarge { .. })));
}

#[test]
fn the_seam_between_two_walls_is_shut_for_the_shadowcasts() {
    // Two walls south-west and south-east of the viewer share an edge that
    // points straight down at it; the hex below them is behind that edge.
    let walls = |q: i32, r: i32| (q, r) == (-1, 1) || (q, r) == (0, 1);
    for algorithm in [HexAlgorithm::Shadowcast, HexAlgorithm::SymmetricShadowcast] {
        let seen = fast(algorithm, &walls, (0, 0), Some(4));
        assert!(seen.contains(&(0, 1)) && seen.contains(&(-1, 1)));
        assert!(!seen.contains(&(-1, 2)), "{algorithm}");
        assert!(!seen.contains(&(-2, 4)), "{algorithm}");
    }
    // Either wall alone leaves the centre line open for the symmetric one.
    let one = |q: i32, r: i32| (q, r) == (0, 1);
    let seen = fast(HexAlgorithm::SymmetricShadowcast, &one, (0, 0), Some(4));
    assert!(seen.contains(&(-1, 2)));
}

#[test]
fn precise_permissive_model_on_hand_made_maps() {
    let pp = HexAlgorithm::PrecisePermissive;
    let check = |map: &dyn Fn(i32, i32) -> bool, yes: &[(i32, i32)], no: &[(i32, i32)]| {
        let want = model(pp, &map, (0, 0), Some(8));
        assert_eq!(want, fast(pp, &map, (0, 0), Some(8)));
        for h in yes {
            assert!(want.contains(h), "{h:?} should be seen");
        }
        for h in no {
            assert!(!want.contains(h), "{h:?} should be hidden");
        }
    };
    // A wall between: the hex straight behind it is as wide as the wall.
    check(
        &|q, r| (q, r) == (1, 0),
        &[(1, 0), (2, -1), (1, 1), (8, -1)],
        &[(2, 0), (3, 0), (8, 0)],
    );
    // A wall beside the line: the hexes past it along the line stay seen,
    // the one straight behind it does not.
    check(
        &|q, r| (q, r) == (1, -1),
        &[(1, -1), (2, 0), (8, 0), (3, -2), (1, -2)],
        &[(2, -2), (3, -3)],
    );
    // The seam between two walls whose shared edge points at the viewer is
    // a line of sight: it runs on through the hexes below.
    check(
        &|q, r| (q, r) == (-1, 1) || (q, r) == (0, 1),
        &[(-1, 2), (-2, 4), (-4, 8)],
        &[],
    );
    // A long corridor: all of it and its walls, nothing beyond them.
    check(
        &|_, r| r != 0,
        &[(8, 0), (-8, 0), (5, -1), (-3, 1), (1, -1)],
        &[(3, -2), (-4, 2)],
    );
}

#[test]
fn precise_permissive_is_symmetric_on_random_maps() {
    let mut rng = Random::new(0x9e9e);
    let mut fov = HexFov::new(HexAlgorithm::PrecisePermissive);
    let mut pairs = 0;
    for _ in 0..3000 {
        let (grid, origin) = random_hex_map(&mut rng);
        let mut seen = VisibleSet::new();
        fov.compute_into(&grid, origin, None, &mut seen).unwrap();
        // The centre line is one of the segments: what the symmetric
        // shadowcast sees, precise permissive sees.
        let centre = fast(HexAlgorithm::SymmetricShadowcast, &grid, origin, None);
        assert!(centre.iter().all(|&(q, r)| seen.contains(q, r)));
        for c in 0..grid.width() as i32 {
            for r in 0..grid.height() as i32 {
                let b = grid.to_axial(c, r).unwrap();
                let back = fov.can_see(&grid, b, origin, None).unwrap();
                assert_eq!(
                    seen.contains(b.0, b.1),
                    back,
                    "{origin:?} {b:?}\n{}",
                    grid.to_text(Some(origin))
                );
                pairs += 1;
            }
        }
    }
    assert!(pairs > 50_000, "{pairs}");
}

#[test]
fn precise_permissive_model_hides_no_sampled_segment() {
    // The model's "hidden" is checked against random segments: none may be
    // clear. (A seen hex may need a segment too thin to sample.)
    let mut rng = Random::new(0x5a3e);
    const S: i128 = 64;
    let point = |rng: &mut Random, c: (i64, i64)| -> P {
        loop {
            let (x, y) = (
                rng.below(4 * S as u64) as i128 - 2 * S,
                rng.below(4 * S as u64) as i128 - 2 * S,
            );
            if forms((x, y)).iter().all(|f| f.abs() < 3 * S) {
                return (3 * S * i128::from(c.0) + x, 3 * S * i128::from(c.1) + y);
            }
        }
    };
    let mut hidden = 0;
    for _ in 0..300 {
        let (grid, origin) = random_hex_map(&mut rng);
        let view = View { map: &grid, origin };
        let n = 12;
        for b in offsets_within(n).filter(|&d| d != (0, 0)) {
            if view.exists(b).is_none() || permissive_sees(&view, b) {
                continue;
            }
            hidden += 1;
            for _ in 0..50 {
                let (p, q) = (point(&mut rng, (0, 0)), point(&mut rng, b));
                let v = (q.0 - p.0, q.1 - p.1);
                let clear = offsets_within(n + 2)
                    .filter(|&o| o != (0, 0) && o != b && view.opaque(o))
                    .all(|o| {
                        let c = (3 * S * i128::from(o.0), 3 * S * i128::from(o.1));
                        chord(p, v, c, S).is_none_or(|(lo, hi)| lo.0 >= lo.1 || hi.0 <= 0)
                    });
                assert!(
                    !clear,
                    "{b:?} hidden, but {p:?} -> {q:?} is clear\n{}",
                    grid.to_text(Some(origin))
                );
            }
        }
    }
    assert!(hidden > 1000, "{hidden}");
}

#[test]
fn viewers_recompute_exactly_when_a_change_can_matter() {
    use sightlines::hex::{hex_changed, update_hex_viewers, HexViewer};
    let mut rng = Random::new(0x71e3);
    for _ in 0..300 {
        let (mut grid, _) = random_hex_map(&mut rng);
        let (w, h) = (grid.width(), grid.height());
        let layout = grid.layout();
        let pick = |rng: &mut Random| {
            layout
                .to_axial(
                    rng.below(u64::from(w)) as i32,
                    rng.below(u64::from(h)) as i32,
                )
                .unwrap()
        };
        let mut viewers: Vec<HexViewer> = (0..4)
            .map(|k| {
                let at = pick(&mut rng);
                let radius = if k == 0 {
                    None
                } else {
                    Some(rng.below(5) as u32)
                };
                HexViewer::new(at, radius, HexAlgorithm::ALL[k % 3])
            })
            .collect();
        let mut fov = HexFov::default();
        update_hex_viewers(&grid, &mut fov, &mut viewers).unwrap();
        for _ in 0..5 {
            let hex = pick(&mut rng);
            grid.set(hex.0, hex.1, !grid.is_opaque(hex.0, hex.1));
            hex_changed(&mut viewers, hex);
            update_hex_viewers(&grid, &mut fov, &mut viewers).unwrap();
            for v in &viewers {
                let mut fresh = VisibleSet::new();
                HexFov::new(v.algorithm())
                    .compute_into(&grid, v.origin(), v.radius(), &mut fresh)
                    .unwrap();
                let kept: Vec<_> = v.visible().iter().collect();
                assert_eq!(
                    kept,
                    fresh.iter().collect::<Vec<_>>(),
                    "{:?} after {hex:?}",
                    v.origin()
                );
            }
        }
    }
}

#[test]
fn targets_are_the_seen_candidates_in_reach_nearest_first() {
    let mut rng = Random::new(0x7a6e);
    for _ in 0..300 {
        let (grid, origin) = random_hex_map(&mut rng);
        let mut view = VisibleSet::new();
        HexFov::default()
            .compute_into(&grid, origin, None, &mut view)
            .unwrap();
        let radius = random_radius(&mut rng);
        let candidates: Vec<_> = (0..10)
            .map(|_| {
                grid.to_axial(rng.below(12) as i32 - 1, rng.below(12) as i32 - 1)
                    .unwrap()
            })
            .collect();
        let mut got = Vec::new();
        hex::targets_into(&view, origin, radius, candidates.iter().copied(), &mut got);
        let mut want: Vec<_> = candidates
            .iter()
            .copied()
            .filter(|&c| {
                view.contains(c.0, c.1)
                    && radius.is_none_or(|r| hex::distance(origin, c) <= u64::from(r))
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        want.sort_by_key(|&(q, r)| (hex::distance(origin, (q, r)), r, q));
        assert_eq!(got, want);
    }
}
