//! Partial visibility (`Fov::compute_partial`) against a brute-force
//! angular sweep: for each visible tile, the angle of its extent as seen
//! from the origin's centre, less the union of the open angles of the
//! opaque tiles nearer to the origin (Chebyshev), in floating point and in
//! map coordinates, with none of the scan's octants or slopes. A tile's
//! extent is its square for `recursive-shadowcast`, and its mid-lines (the
//! plus sign of the unit segments through its centre) for
//! `symmetric-shadowcast` and `diamond-shadowcast` (whose diamonds shadow
//! the same angles as their mid-lines).

use crate::common::{random_grid, Random};
use sightlines::{Algorithm, DiagonalGaps, Fov, FovError, Grid, Opacity, Range, Shape};
use std::collections::BTreeMap;
use std::f64::consts::PI;

const RS: Algorithm = Algorithm::RecursiveShadowcast;
const SS: Algorithm = Algorithm::SymmetricShadowcast;
const DS: Algorithm = Algorithm::DiamondShadowcast;

/// The points, relative to a tile's centre, whose angles bound its extent.
type Outline = [(f64, f64); 4];

/// The corners of the square.
const SQUARE: Outline = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)];
/// The ends of the two mid-lines.
const MID_LINES: Outline = [(-0.5, 0.0), (0.5, 0.0), (0.0, -0.5), (0.0, 0.5)];

/// The outline of the tiles of `algorithm`.
fn outline(algorithm: Algorithm) -> Outline {
    if algorithm == SS || algorithm == DS {
        MID_LINES
    } else {
        SQUARE
    }
}

/// The angles, relative to `towards`, of the `outline` of the tile at
/// offset `t` from the origin's centre: its extent as (min, max), or `None`
/// when it straddles the direction opposite `towards`.
fn extent(t: (i64, i64), towards: f64, outline: &Outline) -> Option<(f64, f64)> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for &(cx, cy) in outline {
        let mut a = (t.1 as f64 + cy).atan2(t.0 as f64 + cx) - towards;
        // Into (-pi, pi].
        while a <= -PI {
            a += 2.0 * PI;
        }
        while a > PI {
            a -= 2.0 * PI;
        }
        lo = lo.min(a);
        hi = hi.max(a);
    }
    (hi - lo < PI).then_some((lo, hi))
}

/// The part of tile `t`'s extent that no opaque tile nearer than it
/// shadows, in 255ths, by the definition's rule for rounding.
fn swept(map: &Grid, origin: (i32, i32), t: (i32, i32), outline: &Outline) -> u8 {
    let (dx, dy) = (i64::from(t.0 - origin.0), i64::from(t.1 - origin.1));
    let towards = (dy as f64).atan2(dx as f64);
    let (lo, hi) = extent((dx, dy), towards, outline).unwrap();
    let near = dx.abs().max(dy.abs());
    let mut shadows: Vec<(f64, f64)> = Vec::new();
    for by in 0..map.height() as i32 {
        for bx in 0..map.width() as i32 {
            let (ex, ey) = (i64::from(bx - origin.0), i64::from(by - origin.1));
            if (ex, ey) == (0, 0) || ex.abs().max(ey.abs()) >= near || !map.is_opaque(bx, by) {
                continue;
            }
            if let Some((a, b)) = extent((ex, ey), towards, outline) {
                let (a, b) = (a.max(lo), b.min(hi));
                if a < b {
                    shadows.push((a, b));
                }
            }
        }
    }
    shadows.sort_by(|p, q| p.0.total_cmp(&q.0));
    let (mut covered, mut reach) = (0.0, lo);
    for (a, b) in shadows {
        let a = a.max(reach);
        if b > a {
            covered += b - a;
            reach = b;
        }
    }
    if covered < 1e-12 {
        return 255;
    }
    // Halves round up, as the library states (with its margin).
    ((255.0 * (hi - lo - covered) / (hi - lo) + 0.5 + 1e-9).floor() as u8).clamp(1, 254)
}

#[test]
fn recursive_shadowcast_equals_an_angular_sweep_on_3000_random_maps() {
    equals_an_angular_sweep(RS, 0x9A27_0001, 3000);
}

#[test]
fn symmetric_shadowcast_equals_an_angular_sweep_on_3000_random_maps() {
    equals_an_angular_sweep(SS, 0x9A27_0002, 3000);
}

#[test]
fn diamond_shadowcast_equals_an_angular_sweep_on_3000_random_maps() {
    equals_an_angular_sweep(DS, 0x9A27_0003, 3000);
}

fn equals_an_angular_sweep(algorithm: Algorithm, seed: u64, maps: usize) {
    let mut rng = Random::new(seed);
    let mut fov = Fov::new(algorithm);
    let outline = outline(algorithm);
    let (mut tiles, mut partial, mut ruled) = (0, 0, 0);
    for i in 0..maps {
        let (w, h) = (1 + rng.below(16) as u32, 1 + rng.below(16) as u32);
        let walls = rng.below(50);
        let map = random_grid(&mut rng, w, h, walls);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = if rng.percent(50) {
            Range::UNLIMITED
        } else {
            Range::new(rng.below(10) as u32, Shape::Circle)
        };
        // The diagonal rule on half the maps, where the algorithm has it:
        // the tiles are then the field's with the rule, the parts the same.
        let rule = algorithm.supports_diagonal_rule() && rng.percent(50);
        fov.set_diagonal_gaps(if rule {
            DiagonalGaps::Block
        } else {
            DiagonalGaps::Pass
        });
        ruled += usize::from(rule);
        let mut plain = Vec::new();
        fov.compute(&map, origin, range, |x, y| plain.push((x, y)))
            .unwrap();
        let mut parts = BTreeMap::new();
        fov.compute_partial(&map, origin, range, |x, y, part| {
            assert!(parts.insert((x, y), part).is_none(), "({x}, {y}) twice");
        })
        .unwrap();
        plain.sort();
        assert_eq!(
            parts.keys().copied().collect::<Vec<_>>(),
            plain,
            "map {i} from {origin:?}\n{}",
            map.to_text()
        );
        for (&t, &part) in &parts {
            let want = if t == origin {
                255
            } else {
                swept(&map, origin, t, &outline)
            };
            assert_eq!(
                part,
                want,
                "{algorithm} map {i} from {origin:?}: {t:?}\n{}",
                map.to_text()
            );
            assert!(part >= 1);
            partial += usize::from(part < 255);
            tiles += 1;
        }
    }
    assert!(
        tiles > 80_000 && partial > 15_000,
        "{algorithm}: {tiles} tiles, {partial} partial"
    );
    if algorithm.supports_diagonal_rule() {
        assert!(ruled > maps / 3, "{algorithm}: {ruled} maps with the rule");
    }
    eprintln!("{algorithm}: {tiles} tiles, {partial} partial, {ruled} maps with the rule");
}

#[test]
fn a_pillar_casts_a_soft_shadow() {
    let map = |x: i32, y: i32| (x, y) == (2, 0);
    let mut fov = Fov::new(RS);
    let mut parts = BTreeMap::new();
    fov.compute_partial(&map, (0, 0), Range::square(6), |x, y, p| {
        parts.insert((x, y), p);
    })
    .unwrap();
    // The pillar shadows the rays of slope -1/5 to 1/3 (open) beyond it.
    // Straight behind it: out of view; clear of its shadow: whole.
    assert!(!parts.contains_key(&(4, 0)) && !parts.contains_key(&(6, 1)));
    assert_eq!(parts[&(2, 0)], 255);
    assert_eq!((parts[&(0, 3)], parts[&(6, 3)]), (255, 255));
    // (6, 2) spans 3/13 to 5/11: partly in the shadow.
    assert!((100..200).contains(&parts[&(6, 2)]), "{}", parts[&(6, 2)]);
    // (5, 1) spans 1/11 to 1/3: only the ray along the shadow's edge sees
    // it, which is visible all the same, at the least part there is.
    assert_eq!(parts[&(5, 1)], 1);
}

#[test]
fn errors_are_clear() {
    let open = |_: i32, _: i32| false;
    let mut fov = Fov::new(Algorithm::Raycast);
    let err = fov
        .compute_partial(&open, (0, 0), Range::circle(3), |_, _, _| {})
        .unwrap_err();
    assert!(matches!(err, FovError::Unsupported { .. }));
    assert!(
        err.to_string()
            .contains("use recursive-shadowcast, symmetric-shadowcast or diamond-shadowcast"),
        "{err}"
    );
    // diamond-shadowcast has no diagonal rule, with partial visibility or not.
    fov.set_algorithm(DS);
    fov.set_diagonal_gaps(DiagonalGaps::Block);
    let err = fov
        .compute_partial(&open, (0, 0), Range::circle(3), |_, _, _| {})
        .unwrap_err();
    assert!(err.to_string().contains("diagonal rule"), "{err}");
    fov.set_algorithm(RS);
    fov.set_diagonal_gaps(DiagonalGaps::Pass);
    let err = fov
        .compute_partial(&open, (0, 0), Range::UNLIMITED, |_, _, _| {})
        .unwrap_err();
    assert_eq!(err, FovError::NeedsRadius);
    let mut n = 0;
    fov.compute_partial(&open, (i32::MAX, i32::MIN), Range::circle(5), |_, _, p| {
        assert_eq!(p, 255);
        n += 1;
    })
    .unwrap();
    assert!(n > 1);
}

#[test]
fn symmetric_shadowcast_measures_mid_lines() {
    let map = |x: i32, y: i32| (x, y) == (2, 0);
    let mut fov = Fov::new(SS);
    let mut parts = BTreeMap::new();
    fov.compute_partial(&map, (0, 0), Range::square(6), |x, y, p| {
        parts.insert((x, y), p);
    })
    .unwrap();
    // The pillar's mid-line shadows the open slopes -1/4 to 1/4. The
    // mid-line of (4, 1) spans 1/8 to 3/8, its centre on the shadow's edge:
    // in view, with atan(3/8) - atan(1/4) of atan(3/8) - atan(1/8) lit,
    // 123.8 in 255ths.
    assert_eq!(parts[&(4, 1)], 124);
    // (4, 0) is straight behind; (3, 1)'s mid-line, 1/6 to 1/2, is
    // partly in the shadow, but its centre, 1/3, is not.
    assert!(!parts.contains_key(&(4, 0)));
    assert!((1..255).contains(&parts[&(3, 1)]));
    // A tile off to the side is whole, and the plain field is the same.
    assert_eq!(parts[&(1, 3)], 255);
    let mut plain = Vec::new();
    fov.compute(&map, (0, 0), Range::square(6), |x, y| plain.push((x, y)))
        .unwrap();
    plain.sort();
    assert_eq!(parts.into_keys().collect::<Vec<_>>(), plain);
}

#[test]
fn the_diagonal_rule_hides_what_only_a_shut_corner_showed() {
    // Two walls touching at a corner. Without the rule, `recursive-shadowcast`
    // sees (2, 2) by the single ray through the corner, at the least part
    // there is; `symmetric-shadowcast` by its centre ray, whole (the gap
    // between the walls' mid-lines has an angle). The rule shuts the ray.
    let map = |x: i32, y: i32| matches!((x, y), (1, 0) | (0, 1));
    for algorithm in [RS, SS] {
        let mut fov = Fov::new(algorithm);
        let mut parts = BTreeMap::new();
        fov.compute_partial(&map, (0, 0), Range::square(4), |x, y, p| {
            parts.insert((x, y), p);
        })
        .unwrap();
        let want = if algorithm == RS { 1 } else { 255 };
        assert_eq!(parts.get(&(2, 2)), Some(&want), "{algorithm}");
        fov.set_diagonal_gaps(DiagonalGaps::Block);
        let mut ruled = BTreeMap::new();
        fov.compute_partial(&map, (0, 0), Range::square(4), |x, y, p| {
            ruled.insert((x, y), p);
        })
        .unwrap();
        assert!(!ruled.contains_key(&(2, 2)), "{algorithm}");
        // The rest is as before: the tiles of the field with the rule, each
        // with the same part.
        let mut field = Vec::new();
        fov.compute(&map, (0, 0), Range::square(4), |x, y| field.push((x, y)))
            .unwrap();
        field.sort();
        assert_eq!(ruled.keys().copied().collect::<Vec<_>>(), field);
        for (t, p) in &ruled {
            assert_eq!(parts[t], *p, "{algorithm} {t:?}");
        }
        assert!(ruled.len() > 40 && ruled.len() < parts.len());
    }
}
