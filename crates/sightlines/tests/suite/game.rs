//! The game layer against brute-force references: memory, viewers and their
//! dirty flags, batches (sequential and parallel), targeting, blasts, cones
//! and light.

use crate::common::*;
use sightlines::{
    nearest_first, targets, targets_into, tile_changed, update_viewers, update_viewers_par,
    Algorithm, Blast, Cone, Falloff, Fov, FovError, Grid, Knowledge, Light, LightMap, Memory,
    Opacity, Range, Rect, Shape, Viewer, VisibleSet, Vision,
};
use std::cmp::Ordering;
use std::collections::BTreeSet;

fn random_range(rng: &mut Random) -> Range {
    if rng.percent(20) {
        Range::UNLIMITED
    } else {
        Range::new(rng.below(12) as u32, Shape::ALL[rng.below(4) as usize])
    }
}

fn random_tile(rng: &mut Random, g: &Grid) -> (i32, i32) {
    (
        rng.below(u64::from(g.width())) as i32,
        rng.below(u64::from(g.height())) as i32,
    )
}

fn set_of(s: &VisibleSet) -> BTreeSet<(i32, i32)> {
    s.iter().collect()
}

// ---------------------------------------------------------------- memory

#[test]
fn memory_remembers_exactly_the_union_of_views_and_never_forgets() {
    let mut rng = Random::new(0x3E30);
    let mut fov = Fov::default();
    let mut view = VisibleSet::new();
    for _ in 0..200 {
        let (w, h) = (1 + rng.below(150) as u32, 1 + rng.below(40) as u32);
        let density = rng.below(40);
        let g = random_grid(&mut rng, w, h, density);
        // Memories over the map, over part of it, and beyond it.
        let areas = [
            g.rect(),
            Rect::new(rng.below(30) as i32 - 10, -3, rng.below(200) as u32, h + 5),
            Rect::new(5, 1, 64, 2),
        ];
        for area in areas {
            let mut memory = Memory::new(area).unwrap();
            let mut reference = BTreeSet::new();
            for _ in 0..6 {
                let origin = random_tile(&mut rng, &g);
                fov.set_algorithm(Algorithm::ALL[rng.below(Algorithm::ALL.len() as u64) as usize]);
                fov.compute_into(&g, origin, random_range(&mut rng), &mut view)
                    .unwrap();
                let before = reference.len();
                reference.extend(view.iter().filter(|&(x, y)| area.contains(x, y)));
                let fresh = memory.remember(&view);
                assert_eq!(fresh as usize, reference.len() - before);
                assert_eq!(memory.len() as usize, reference.len());
                assert_eq!(memory.iter().collect::<BTreeSet<_>>(), reference);
                for y in -4..h as i32 + 4 {
                    for x in -12..w as i32 + 12 {
                        let expected = if view.contains(x, y) {
                            Knowledge::Visible
                        } else if reference.contains(&(x, y)) {
                            Knowledge::Remembered
                        } else {
                            Knowledge::Unknown
                        };
                        assert_eq!(
                            memory.knowledge(&view, x, y),
                            expected,
                            "{area:?} ({x}, {y})"
                        );
                    }
                }
            }
            memory.clear();
            assert!(memory.is_empty() && memory.iter().next().is_none());
        }
    }
}

#[test]
fn memory_resize_keeps_the_overlap() {
    let mut rng = Random::new(0x5E1);
    for _ in 0..300 {
        let a = Rect::new(
            rng.below(20) as i32 - 10,
            rng.below(20) as i32 - 10,
            rng.below(140) as u32,
            rng.below(30) as u32,
        );
        let b = Rect::new(
            rng.below(20) as i32 - 10,
            rng.below(20) as i32 - 10,
            rng.below(140) as u32,
            rng.below(30) as u32,
        );
        let mut memory = Memory::new(a).unwrap();
        let mut marked = BTreeSet::new();
        for _ in 0..50 {
            let p = (rng.below(160) as i32 - 20, rng.below(50) as i32 - 20);
            memory.mark_seen(p.0, p.1);
            if a.contains(p.0, p.1) {
                marked.insert(p);
            }
        }
        memory.resize(b).unwrap();
        let kept: BTreeSet<_> = marked
            .into_iter()
            .filter(|&(x, y)| b.contains(x, y))
            .collect();
        assert_eq!(memory.iter().collect::<BTreeSet<_>>(), kept);
        assert_eq!(memory.len() as usize, kept.len());
        assert_eq!(memory.area(), b);
    }
    let mut m = Memory::new(Rect::new(0, 0, 4, 4)).unwrap();
    m.mark_seen(1, 1);
    assert!(m.resize(Rect::new(0, 0, u32::MAX, u32::MAX)).is_err());
    assert!(
        m.is_seen(1, 1),
        "a failed resize leaves the memory as it was"
    );
}

#[test]
fn memory_round_trips_through_serde() {
    let map = Grid::parse(sightlines::SAMPLE_MAP).unwrap().grid;
    let mut memory = Memory::new(map.rect()).unwrap();
    let mut view = VisibleSet::new();
    let mut fov = Fov::default();
    for origin in [(4, 3), (30, 4), (12, 12)] {
        fov.compute_into(&map, origin, Range::circle(6), &mut view)
            .unwrap();
        memory.remember(&view);
    }
    let json = serde_json::to_string(&memory).unwrap();
    let back: Memory = serde_json::from_str(&json).unwrap();
    assert_eq!(back, memory);
    assert!(back.len() > 50);
    // A saved game with a wrong number of words, or bits past a row, is refused.
    let bad = json.replacen("\"seen\":[", "\"seen\":[0,", 1);
    let err = serde_json::from_str::<Memory>(&bad)
        .unwrap_err()
        .to_string();
    assert!(err.contains("words"), "{err}");
    let small = Memory::new(Rect::new(0, 0, 3, 1)).unwrap();
    let json = serde_json::to_string(&small).unwrap();
    assert_eq!(
        json,
        r#"{"version":1,"x":0,"y":0,"width":3,"height":1,"seen":[0]}"#
    );
    assert!(serde_json::from_str::<Memory>(&json.replace("[0]", "[8]")).is_err());
    assert_eq!(
        serde_json::from_str::<Memory>(&json.replace("[0]", "[5]"))
            .unwrap()
            .len(),
        2
    );
    let k: Knowledge =
        serde_json::from_str(&serde_json::to_string(&Knowledge::Remembered).unwrap()).unwrap();
    assert_eq!(k, Knowledge::Remembered);
}

// --------------------------------------------------------------- viewers

/// The tiles a viewer depends on, by definition: those in its range, and
/// for `beveled` also those next to a tile in range.
fn depends_on(v: &Viewer, t: (i32, i32)) -> bool {
    let margin = i64::from(v.algorithm() == Algorithm::Beveled);
    let (dx, dy) = (i64::from(t.0 - v.origin().0), i64::from(t.1 - v.origin().1));
    (-margin..=margin).any(|ey| (-margin..=margin).any(|ex| v.range().contains(dx + ex, dy + ey)))
}

#[test]
fn changing_a_tile_a_viewer_does_not_cover_never_changes_its_view() {
    // Why `tile_changed` may skip the viewers that do not cover the tile.
    let mut needed_margin = false;
    for &algorithm in Algorithm::ALL {
        let mut rng = Random::new(0x0FF);
        let mut fov = Fov::new(algorithm);
        let (mut a, mut b) = (VisibleSet::new(), VisibleSet::new());
        let maps = if algorithm == Algorithm::Beveled {
            2000
        } else {
            300
        };
        for _ in 0..maps {
            let (w, h) = (1 + rng.below(24) as u32, 1 + rng.below(24) as u32);
            let density = rng.below(50);
            let mut g = random_grid(&mut rng, w, h, density);
            let origin = random_tile(&mut rng, &g);
            let range = Range::new(rng.below(10) as u32, Shape::ALL[rng.below(4) as usize]);
            let viewer = Viewer::new(origin, range, algorithm);
            fov.compute_into(&g, origin, range, &mut a).unwrap();
            for _ in 0..8 {
                let t = random_tile(&mut rng, &g);
                let in_range = range.contains(i64::from(t.0 - origin.0), i64::from(t.1 - origin.1));
                assert_eq!(viewer.covers(t.0, t.1), depends_on(&viewer, t));
                if in_range {
                    continue;
                }
                let was = g.is_opaque(t.0, t.1);
                g.set(t.0, t.1, !was);
                fov.compute_into(&g, origin, range, &mut b).unwrap();
                if a != b {
                    assert!(
                        viewer.covers(t.0, t.1),
                        "{algorithm} {range:?} {origin:?} flip {t:?}"
                    );
                    needed_margin = true;
                }
                g.set(t.0, t.1, was);
            }
        }
    }
    assert!(needed_margin, "beveled reads the tiles next to its range");
}

#[test]
fn only_the_affected_viewers_are_recomputed() {
    let mut rng = Random::new(0xD1);
    let mut fov = Fov::default();
    let mut fresh = Fov::default();
    let mut expected = VisibleSet::new();
    for round in 0..40 {
        let mut g = random_grid(&mut rng, 40, 30, 25);
        let mut viewers: Vec<Viewer> = (0..30)
            .map(|_| {
                let algorithm = Algorithm::ALL[rng.below(Algorithm::ALL.len() as u64) as usize];
                Viewer::new(
                    random_tile(&mut rng, &g),
                    Range::new(2 + rng.below(8) as u32, Shape::ALL[rng.below(4) as usize]),
                    algorithm,
                )
            })
            .collect();
        assert_eq!(update_viewers(&g, &mut fov, &mut viewers).unwrap(), 30);
        assert_eq!(update_viewers(&g, &mut fov, &mut viewers).unwrap(), 0);
        for step in 0..20 {
            if step % 2 == 0 {
                // One viewer moves: exactly one recomputation.
                let i = rng.below(30) as usize;
                let to = random_tile(&mut rng, &g);
                let moved = to != viewers[i].origin();
                viewers[i].set_origin(to);
                assert_eq!(
                    update_viewers(&g, &mut fov, &mut viewers).unwrap(),
                    usize::from(moved)
                );
            } else {
                // One tile changes: exactly the viewers whose range covers it.
                let t = random_tile(&mut rng, &g);
                g.set(t.0, t.1, !g.is_opaque(t.0, t.1));
                let covering = viewers.iter().filter(|v| depends_on(v, t)).count();
                assert_eq!(tile_changed(&mut viewers, t), covering);
                assert_eq!(
                    update_viewers(&g, &mut fov, &mut viewers).unwrap(),
                    covering,
                    "round {round}"
                );
            }
            // And every viewer, recomputed or not, sees what it should.
            for v in &viewers {
                fresh.set_algorithm(v.algorithm());
                fresh
                    .compute_into(&g, v.origin(), v.range(), &mut expected)
                    .unwrap();
                assert_eq!(v.visible(), &expected);
            }
        }
        // Changing the range, algorithm or lit walls marks dirty only on a change.
        let v = &mut viewers[0];
        v.set_range(v.range());
        v.set_algorithm(v.algorithm());
        v.set_lit_walls(true);
        assert!(!v.is_dirty());
        v.set_lit_walls(false);
        assert!(v.is_dirty());
        assert!(v.update(&mut fov, &g).unwrap());
        assert!(v
            .visible()
            .iter()
            .all(|(x, y)| !g.is_opaque(x, y) || (x, y) == v.origin()));
    }
}

#[test]
fn a_failed_update_empties_the_viewer_and_keeps_it_dirty() {
    let g = Grid::new(10, 10);
    let mut fov = Fov::default();
    let mut viewers = vec![
        Viewer::new((2, 2), Range::circle(3), Algorithm::Beveled),
        Viewer::new((20, 2), Range::circle(3), Algorithm::Beveled),
        Viewer::new((-1, 2), Range::circle(3), Algorithm::Beveled),
        Viewer::new((5, 5), Range::circle(3), Algorithm::Beveled),
    ];
    let err = update_viewers(&g, &mut fov, &mut viewers).unwrap_err();
    assert!(matches!(
        err,
        FovError::OriginOffMap {
            origin: (20, 2),
            ..
        }
    ));
    assert!(!viewers[0].is_dirty() && !viewers[3].is_dirty() && viewers[3].sees(5, 5));
    assert!(viewers[1].is_dirty() && viewers[1].visible().is_empty());
    let par = update_viewers_par(&g, &mut viewers).unwrap_err();
    assert_eq!(
        par, err,
        "the first error in order, whichever thread met it"
    );
    viewers[1].set_origin((9, 9));
    viewers[2].set_origin((0, 0));
    assert_eq!(update_viewers(&g, &mut fov, &mut viewers).unwrap(), 2);
}

#[test]
fn parallel_batches_equal_sequential_ones() {
    let map = sightlines::generate::cave(120, 80, 7);
    let mut rng = Random::new(0xBA7);
    let floors: Vec<(i32, i32)> = grid_tiles(&map)
        .filter(|&(x, y)| !map.is_opaque(x, y))
        .collect();
    let make = |rng: &mut Random| -> Vec<Viewer> {
        (0..600)
            .map(|i| {
                let at = floors[rng.below(floors.len() as u64) as usize];
                let algorithm = Algorithm::ALL[i % Algorithm::ALL.len()];
                Viewer::new(
                    at,
                    Range::new(1 + rng.below(20) as u32, Shape::ALL[i % 4]),
                    algorithm,
                )
            })
            .collect()
    };
    let mut seq = make(&mut rng);
    let mut par = seq.clone();
    let mut fov = Fov::default();
    assert_eq!(update_viewers(&map, &mut fov, &mut seq).unwrap(), 600);
    assert_eq!(update_viewers_par(&map, &mut par).unwrap(), 600);
    assert_eq!(seq, par);
    // Through a projection, as a game with monster structs would call it.
    struct Monster {
        viewer: Viewer,
    }
    let mut monsters: Vec<Monster> = make(&mut Random::new(0xBA7))
        .into_iter()
        .map(|viewer| Monster { viewer })
        .collect();
    use rayon::prelude::*;
    assert_eq!(
        update_viewers_par(&map, monsters.par_iter_mut().map(|m| &mut m.viewer)).unwrap(),
        600
    );
    assert!(monsters.iter().zip(&seq).all(|(m, v)| &m.viewer == v));
}

// -------------------------------------------------------- targets, blasts

#[test]
fn targets_are_the_visible_candidates_in_range_nearest_first() {
    let mut rng = Random::new(0x7A6);
    let mut fov = Fov::default();
    let mut view = VisibleSet::new();
    let mut out = Vec::new();
    for _ in 0..2000 {
        let (w, h) = (1 + rng.below(30) as u32, 1 + rng.below(30) as u32);
        let density = rng.below(50);
        let g = random_grid(&mut rng, w, h, density);
        let origin = random_tile(&mut rng, &g);
        fov.set_algorithm(Algorithm::ALL[rng.below(Algorithm::ALL.len() as u64) as usize]);
        fov.compute_into(&g, origin, random_range(&mut rng), &mut view)
            .unwrap();
        let range = random_range(&mut rng);
        let candidates: Vec<(i32, i32)> = (0..rng.below(20))
            .map(|_| {
                (
                    rng.below(u64::from(w) + 4) as i32 - 2,
                    rng.below(u64::from(h) + 4) as i32 - 2,
                )
            })
            .collect();
        targets_into(&view, origin, range, candidates.iter().copied(), &mut out);
        // The reference: filter, then sort by the definition, then dedup.
        let mut expected: Vec<_> = candidates
            .iter()
            .copied()
            .filter(|&(x, y)| {
                view.contains(x, y)
                    && range.contains(i64::from(x - origin.0), i64::from(y - origin.1))
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let key = |&(x, y): &(i32, i32)| {
            let (dx, dy) = (i64::from(x - origin.0), i64::from(y - origin.1));
            (dx * dx + dy * dy, y, x)
        };
        expected.sort_by_key(key);
        assert_eq!(out, expected);
        assert_eq!(targets(&view, origin, range, candidates), expected);
    }
    // Far apart positions compare exactly.
    let o = (i32::MIN, i32::MIN);
    assert_eq!(
        nearest_first(o, (i32::MAX, i32::MAX), (i32::MAX, i32::MAX - 1)),
        Ordering::Greater
    );
    assert_eq!(nearest_first(o, o, o), Ordering::Equal);
}

#[test]
fn blasts_are_the_epicentres_view_within_the_radius() {
    let mut rng = Random::new(0xB1A5);
    let mut fov = Fov::default();
    let mut area = VisibleSet::new();
    for &algorithm in Algorithm::ALL {
        fov.set_algorithm(algorithm);
        for _ in 0..150 {
            let (w, h) = (1 + rng.below(24) as u32, 1 + rng.below(24) as u32);
            let density = rng.below(50);
            let g = random_grid(&mut rng, w, h, density);
            let at = random_tile(&mut rng, &g);
            let blast = Blast::new(Range::new(
                rng.below(8) as u32,
                Shape::ALL[rng.below(4) as usize],
            ))
            .hitting_walls(rng.percent(50));
            fov.set_lit_walls(rng.percent(50)); // must not matter
            blast.compute_into(&mut fov, &g, at, &mut area).unwrap();
            let hit = set_of(&area);
            let view = fov_set(algorithm, &g, at, blast.range());
            let expected: BTreeSet<_> = view
                .iter()
                .copied()
                .filter(|&(x, y)| blast.hits_walls() || !g.is_opaque(x, y) || (x, y) == at)
                .collect();
            assert_eq!(hit, expected, "{algorithm} {blast:?} at {at:?}");
            assert!(hit.contains(&at));
            if algorithm == Algorithm::PrecisePermissive {
                // Never through a wall: the brute-force sight line exists.
                assert!(hit.iter().all(|&t| sees(&g, at, t)));
            }
        }
    }
    assert_eq!(Blast::radius(3).range(), Range::circle_plus(3));
}

// ------------------------------------------------------------------ cones

/// An exact angle key independent of `Cone::contains`: the half-turn the
/// vector lies in, then the order within it by cross product.
fn angle_cmp(a: (i64, i64), b: (i64, i64)) -> Ordering {
    // Half 0: angles in [0, 180) measured from +x toward +y; half 1: [180, 360).
    let half = |v: (i64, i64)| u8::from(!(v.1 > 0 || (v.1 == 0 && v.0 > 0)));
    half(a).cmp(&half(b)).then_with(|| {
        let c = i128::from(a.0) * i128::from(b.1) - i128::from(a.1) * i128::from(b.0);
        0.cmp(&c)
    })
}

/// Whether `v`'s angle lies in the sweep from `s` to `e` (closed), going
/// the positive way round: by the angles relative to `s`.
fn in_sweep(s: (i64, i64), e: (i64, i64), v: (i64, i64)) -> bool {
    let rel = |v: (i64, i64)| {
        // v's angle minus s's angle, as a key in [0, 360): rotate v by -angle(s)
        // exactly: (v · s, s × v) is v in s's frame, scaled by |s|.
        let x = i128::from(v.0) * i128::from(s.0) + i128::from(v.1) * i128::from(s.1);
        let y = i128::from(s.0) * i128::from(v.1) - i128::from(s.1) * i128::from(v.0);
        (x, y)
    };
    let (ve, vv) = (rel(e), rel(v));
    let to_i64 = |(x, y): (i128, i128)| {
        // Shrink to i64 without changing the angle (values here are small).
        (i64::try_from(x).unwrap(), i64::try_from(y).unwrap())
    };
    angle_cmp(to_i64(vv), to_i64(ve)) != Ordering::Greater
}

#[test]
fn cone_edges_are_exact() {
    let mut rng = Random::new(0xC0E);
    let mut vectors: Vec<(i32, i32)> = vec![
        (1, 0),
        (0, 1),
        (-1, 0),
        (0, -1),
        (1, 1),
        (-1, 1),
        (2, 1),
        (-3, 7),
    ];
    for _ in 0..60 {
        let v = (rng.below(13) as i32 - 6, rng.below(13) as i32 - 6);
        if v != (0, 0) {
            vectors.push(v);
        }
    }
    for &s in &vectors {
        for &e in &vectors {
            let cone = Cone::new(s, e).unwrap();
            let (s64, e64) = (
                (i64::from(s.0), i64::from(s.1)),
                (i64::from(e.0), i64::from(e.1)),
            );
            let same_way = angle_cmp(s64, e64) == Ordering::Equal;
            for dy in -12i64..=12 {
                for dx in -12i64..=12 {
                    let expected = if (dx, dy) == (0, 0) {
                        true
                    } else if same_way {
                        angle_cmp(s64, (dx, dy)) == Ordering::Equal
                    } else {
                        in_sweep(s64, e64, (dx, dy))
                    };
                    assert_eq!(
                        cone.contains(dx, dy),
                        expected,
                        "{s:?} -> {e:?} at ({dx}, {dy})"
                    );
                }
            }
        }
    }
}

#[test]
fn cones_are_the_full_field_cut_to_the_angle() {
    let mut rng = Random::new(0xC0F);
    let mut cone_set = VisibleSet::new();
    for &algorithm in Algorithm::ALL {
        let mut fov = Fov::new(algorithm);
        for _ in 0..60 {
            let (w, h) = (1 + rng.below(24) as u32, 1 + rng.below(24) as u32);
            let density = rng.below(50);
            let g = random_grid(&mut rng, w, h, density);
            let origin = random_tile(&mut rng, &g);
            let range = random_range(&mut rng);
            let full = fov_set(algorithm, &g, origin, range);
            // 360 degrees is the full field, by every constructor.
            for cone in [
                Cone::FULL,
                Cone::from_degrees(rng.below(360) as f64, 360.0).unwrap(),
            ] {
                fov.compute_cone_into(&g, origin, range, &cone, &mut cone_set)
                    .unwrap();
                assert_eq!(set_of(&cone_set), full, "{algorithm}");
            }
            let cone = match rng.below(4) {
                0 => Cone::quarter((rng.below(5) as i32 - 2, rng.below(5) as i32 - 2)),
                1 => Cone::half((rng.below(5) as i32 - 2, rng.below(5) as i32 - 2)),
                _ => {
                    Cone::from_degrees(rng.below(3600) as f64 / 10.0, rng.below(3700) as f64 / 10.0)
                }
            };
            let Some(cone) = cone else { continue };
            fov.compute_cone_into(&g, origin, range, &cone, &mut cone_set)
                .unwrap();
            let expected: BTreeSet<_> = full
                .iter()
                .copied()
                .filter(|&(x, y)| cone.contains(i64::from(x - origin.0), i64::from(y - origin.1)))
                .collect();
            assert_eq!(set_of(&cone_set), expected);
            assert!(cone_set.contains(origin.0, origin.1));
        }
    }
}

#[test]
fn degree_cones_agree_with_floating_point_away_from_their_edges() {
    let mut rng = Random::new(0xDE6);
    for _ in 0..400 {
        let direction = rng.below(7200) as f64 / 10.0 - 360.0;
        let width = rng.below(3600) as f64 / 10.0;
        let cone = Cone::from_degrees(direction, width).unwrap();
        for dy in -15i64..=15 {
            for dx in -15i64..=15 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let angle = (dy as f64).atan2(dx as f64).to_degrees();
                let off = (angle - direction + 540.0).rem_euclid(360.0) - 180.0;
                let margin = off.abs() - width / 2.0;
                if margin.abs() > 1e-6 {
                    assert_eq!(
                        cone.contains(dx, dy),
                        margin < 0.0,
                        "{direction} {width} ({dx}, {dy})"
                    );
                }
            }
        }
    }
    // Edges at multiples of 45 degrees are exact: the diagonal is in.
    let cone = Cone::from_degrees(90.0, 90.0).unwrap();
    assert!(cone.contains(5, 5) && cone.contains(-5, 5) && !cone.contains(6, 5));
    assert_eq!(Cone::from_degrees(0.0, 180.0), Cone::half((1, 0)));
    assert_eq!(Cone::from_degrees(90.0, 90.0), Cone::quarter((0, 1)));
    let ray = Cone::from_degrees(45.0, 0.0).unwrap();
    assert!(ray.contains(3, 3) && !ray.contains(3, 2) && !ray.contains(-3, -3));
    assert!(Cone::from_degrees(f64::INFINITY, 1.0).is_none() && Cone::quarter((0, 0)).is_none());
    // i32 extremes: no overflow.
    let c = Cone::new((i32::MAX, i32::MIN), (i32::MIN, i32::MIN)).unwrap();
    assert!(c.contains(0, 1) && !c.contains(0, -1)); // the long way round, by the south
    assert!(c.contains(i64::from(u32::MAX), -i64::from(u32::MAX)));
}

// ------------------------------------------------------------------ light

fn reference_level(light: &Light, dx: i64, dy: i64) -> u16 {
    let (i, r, d2) = (
        f64::from(light.intensity),
        f64::from(light.radius),
        (dx * dx + dy * dy) as f64,
    );
    if d2 > r * r {
        return 0;
    }
    let exact = match light.falloff {
        Falloff::Constant => return light.intensity,
        Falloff::Linear if light.radius == 0 => return light.intensity,
        Falloff::Quadratic if light.radius == 0 => return light.intensity,
        Falloff::Linear => i * (r - d2.sqrt()) / r,
        Falloff::Quadratic => i * (r * r - d2) / (r * r),
        Falloff::Custom(f) => return f(light.intensity, d2 as u64, light.radius),
    };
    exact.floor() as u16
}

#[test]
fn falloffs_are_exact() {
    for radius in 0..40u32 {
        for intensity in [0u16, 1, 7, 100, 255, 1000, u16::MAX] {
            for falloff in [Falloff::Constant, Falloff::Linear, Falloff::Quadratic] {
                let light = Light::new((0, 0), radius, intensity, falloff);
                for dy in -41i64..=41 {
                    for dx in 0i64..=41 {
                        let got = light.level_at(dx, dy);
                        let want = reference_level(&light, dx, dy);
                        // f64 can only err right at an integer boundary.
                        assert!(
                            got == want || got.abs_diff(want) == 1,
                            "{falloff:?} r={radius} i={intensity} ({dx}, {dy}): {got} vs {want}"
                        );
                        // Exact check of the linear rule: got <= I(R-d)/R < got + 1,
                        // i.e. (got·R - I·R)² ... done in integers:
                        if let (Falloff::Linear, true) = (
                            falloff,
                            radius > 0 && dx * dx + dy * dy <= i64::from(radius).pow(2),
                        ) {
                            let (i, r, d2) = (
                                i128::from(intensity),
                                i128::from(radius),
                                i128::from(dx * dx + dy * dy),
                            );
                            let g = i128::from(got);
                            // g <= I(R - d)/R  <=>  I·d <= I·R - g·R  <=>  I²d² <= (IR - gR)²
                            let lhs = i * i * d2;
                            assert!(lhs <= (i * r - g * r).pow(2) && i * r - g * r >= 0);
                            // g + 1 > I(R - d)/R  <=>  I·d > I·R - (g+1)·R
                            let m = i * r - (g + 1) * r;
                            assert!(m < 0 || lhs > m * m);
                        }
                    }
                }
            }
        }
    }
    assert_eq!(
        Light::new((0, 0), u32::MAX, u16::MAX, Falloff::Linear).level_at(1 << 31, 1 << 31),
        19_194
    );
    let custom = Light::new(
        (0, 0),
        5,
        9,
        Falloff::Custom(|i, d2, _| i.saturating_sub(d2 as u16)),
    );
    assert_eq!(custom.level_at(2, 1), 4);
    assert_eq!(custom.level_at(5, 1), 0);
}

#[test]
fn light_comes_only_from_sources_that_see_the_tile() {
    let mut rng = Random::new(0x116);
    let mut fov = Fov::default();
    for _ in 0..150 {
        let (w, h) = (1 + rng.below(30) as u32, 1 + rng.below(30) as u32);
        let density = rng.below(45);
        let g = random_grid(&mut rng, w, h, density);
        let algorithm = Algorithm::ALL[rng.below(Algorithm::ALL.len() as u64) as usize];
        fov.set_algorithm(algorithm);
        fov.set_lit_walls(false); // lights light walls whatever this says
        let lights: Vec<Light> = (0..1 + rng.below(5))
            .map(|_| {
                let falloff =
                    [Falloff::Constant, Falloff::Linear, Falloff::Quadratic][rng.below(3) as usize];
                Light::new(
                    random_tile(&mut rng, &g),
                    rng.below(12) as u32,
                    rng.below(300) as u16,
                    falloff,
                )
            })
            .collect();
        let mut map = LightMap::new(g.rect()).unwrap();
        for light in &lights {
            map.add(&mut fov, &g, light).unwrap();
        }
        assert!(!fov.lit_walls());
        let views: Vec<_> = lights
            .iter()
            .map(|l| fov_set(algorithm, &g, l.position, Range::circle(l.radius)))
            .collect();
        for (x, y) in grid_tiles(&g) {
            let expected: u32 = lights
                .iter()
                .zip(&views)
                .filter(|(_, v)| v.contains(&(x, y)))
                .map(|(l, _)| {
                    u32::from(l.level_at(i64::from(x - l.position.0), i64::from(y - l.position.1)))
                })
                .sum();
            assert_eq!(map.level(x, y), expected, "{algorithm} ({x}, {y})");
        }
        assert_eq!(map.level(-1, 0), 0);
        // The player sees what is in view and lit, near, or underfoot.
        let player = random_tile(&mut rng, &g);
        let mut view = VisibleSet::new();
        fov.compute_into(&g, player, random_range(&mut rng), &mut view)
            .unwrap();
        let vision = Vision::new(
            rng.below(200) as u32,
            Range::new(rng.below(4) as u32, Shape::ALL[rng.below(4) as usize]),
        );
        let mut seen = VisibleSet::new();
        vision.filter_into(&view, &map, player, &mut seen);
        for (x, y) in grid_tiles(&g) {
            let (dx, dy) = (i64::from(x - player.0), i64::from(y - player.1));
            let expected = view.contains(x, y)
                && ((dx, dy) == (0, 0)
                    || vision.night_vision.contains(dx, dy)
                    || map.level(x, y) >= vision.threshold);
            assert_eq!(seen.contains(x, y), expected);
            assert_eq!(vision.sees(&view, &map, player, x, y), expected);
        }
        assert!(seen.contains(player.0, player.1));
    }
    // A light off the map is an error, not a panic.
    let mut map = LightMap::new(Rect::new(0, 0, 3, 3)).unwrap();
    let g = Grid::new(3, 3);
    assert!(map
        .add(&mut fov, &g, &Light::new((7, 7), 3, 10, Falloff::Linear))
        .is_err());
    assert!(LightMap::new(Rect::new(0, 0, u32::MAX, u32::MAX)).is_err());
}

#[test]
fn changes_since_are_the_two_set_differences() {
    // Two fields a step or a map apart, any algorithm and range: what the
    // word-by-word diff reports is exactly the tiles in one and not the other.
    let mut rng = Random::new(0x0c4a_46e5);
    let (mut before, mut now) = (VisibleSet::new(), VisibleSet::new());
    let (mut seen, mut hidden) = (VisibleSet::new(), VisibleSet::new());
    let mut fov = Fov::default();
    for case in 0..2_000 {
        let (width, height) = (1 + rng.below(90) as u32, 1 + rng.below(40) as u32);
        let walls = rng.below(50);
        let g = random_grid(&mut rng, width, height, walls);
        fov.set_algorithm(Algorithm::ALL[case % Algorithm::ALL.len()]);
        let a = random_tile(&mut rng, &g);
        let b = if rng.percent(50) {
            let (dx, dy) = (rng.below(3) as i32 - 1, rng.below(3) as i32 - 1);
            let (x, y) = (a.0 + dx, a.1 + dy);
            if g.rect().contains(x, y) {
                (x, y)
            } else {
                a
            }
        } else {
            random_tile(&mut rng, &g)
        };
        fov.compute_into(&g, a, random_range(&mut rng), &mut before)
            .unwrap();
        fov.compute_into(&g, b, random_range(&mut rng), &mut now)
            .unwrap();
        now.changes_since(&before, &mut seen, &mut hidden);
        let (then, next): (BTreeSet<_>, BTreeSet<_>) =
            (before.iter().collect(), now.iter().collect());
        let want_seen: BTreeSet<_> = next.difference(&then).copied().collect();
        let want_hidden: BTreeSet<_> = then.difference(&next).copied().collect();
        assert_eq!(
            seen.iter().collect::<BTreeSet<_>>(),
            want_seen,
            "case {case}"
        );
        assert_eq!(
            hidden.iter().collect::<BTreeSet<_>>(),
            want_hidden,
            "case {case}"
        );
        assert_eq!(
            (seen.len(), hidden.len()),
            (want_seen.len(), want_hidden.len()),
            "case {case}"
        );
    }
}

#[test]
fn a_viewer_reports_what_its_last_update_changed() {
    // A walk through random maps: after each update, the viewer's changes
    // are the differences between its field and the one before, and empty
    // when the update had nothing to recompute.
    let mut rng = Random::new(0x5ee_0ff);
    let mut fov = Fov::default();
    let (mut seen, mut hidden) = (VisibleSet::new(), VisibleSet::new());
    for case in 0..300 {
        let (width, height) = (5 + rng.below(40) as u32, 5 + rng.below(30) as u32);
        let walls = rng.below(40);
        let g = random_grid(&mut rng, width, height, walls);
        let algorithm = Algorithm::ALL[case % Algorithm::ALL.len()];
        let mut viewer = Viewer::new(random_tile(&mut rng, &g), random_range(&mut rng), algorithm);
        let mut before = BTreeSet::new();
        for _ in 0..8 {
            if rng.percent(70) {
                let (x, y) = viewer.origin();
                let (dx, dy) = (rng.below(3) as i32 - 1, rng.below(3) as i32 - 1);
                if g.rect().contains(x + dx, y + dy) {
                    viewer.set_origin((x + dx, y + dy));
                }
            }
            let recomputed = viewer.update(&mut fov, &g).unwrap();
            viewer.changes(&mut seen, &mut hidden);
            let now = set_of(viewer.visible());
            if recomputed {
                assert_eq!(set_of(&seen), &now - &before, "case {case}");
                assert_eq!(set_of(&hidden), &before - &now, "case {case}");
            } else {
                assert!(seen.is_empty() && hidden.is_empty(), "case {case}");
            }
            before = now;
        }
    }
}
