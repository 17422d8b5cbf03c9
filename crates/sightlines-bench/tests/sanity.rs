//! Each peer, wired as the benchmarks wire it, sees about what our algorithm
//! of the same family sees: a peer given the wrong map, origin, axes or
//! radius would fail here instead of producing a fast, meaningless figure.

use sightlines::generate;
use sightlines::{Grid, Opacity};
use sightlines_bench::contender::{self, Spec};
use sightlines_bench::workload::Workload;
use std::collections::HashSet;

/// Small maps of each kind, with every fifth floor tile as a viewpoint.
fn workloads() -> Vec<Workload> {
    let maps = [
        ("cave", generate::cave(48, 40, 7)),
        ("rooms", generate::rooms(48, 40, 3)),
        ("pillars", generate::pillars(33, 29)),
        ("open", Grid::new(31, 27)),
    ];
    maps.into_iter()
        .map(|(name, grid)| {
            let floors: Vec<(i32, i32)> = (0..grid.height() as i32)
                .flat_map(|y| (0..grid.width() as i32).map(move |x| (x, y)))
                .filter(|&(x, y)| !sightlines::Opacity::is_opaque(&grid, x, y))
                .step_by(5)
                .collect();
            Workload::new(name, grid, floors)
        })
        .collect()
}

/// Mean Jaccard similarity of the peer's tiles (cut to our circle, as some
/// peers' ranges are squares) with ours, and the ratio of their mean counts.
fn agreement(w: &Workload, radius: Option<u32>, ours: &Spec, peer: &Spec) -> (f64, f64) {
    agreement_on(w, w, radius, ours, peer)
}

/// As [`agreement`], with the peer on map `wb` (the same size as `w`).
fn agreement_on(
    w: &Workload,
    wb: &Workload,
    radius: Option<u32>,
    ours: &Spec,
    peer: &Spec,
) -> (f64, f64) {
    let mut a = (ours.build)(w, radius);
    let mut b = (peer.build)(wb, radius);
    let (mut jaccard, mut count_a, mut count_b) = (0.0, 0usize, 0usize);
    for &(ox, oy) in &w.viewpoints {
        let in_range = |&(x, y): &(i32, i32)| {
            let (dx, dy) = (i64::from(x - ox), i64::from(y - oy));
            radius.is_none_or(|r| dx * dx + dy * dy <= i64::from(r) * i64::from(r))
        };
        let ta: HashSet<(i32, i32)> = a.tiles((ox, oy)).into_iter().collect();
        let tb_all = b.tiles((ox, oy));
        assert!(
            tb_all.iter().all(|&(x, y)| w.on_map(x.into(), y.into())),
            "{} reports a tile off the map from {:?}",
            peer.id,
            (ox, oy)
        );
        assert!(
            tb_all.contains(&(ox, oy)),
            "{} does not see its own origin {:?} on {}",
            peer.id,
            (ox, oy),
            w.name
        );
        let tb: HashSet<(i32, i32)> = tb_all.into_iter().filter(in_range).collect();
        count_a += ta.len();
        count_b += tb.len();
        jaccard += ta.intersection(&tb).count() as f64 / ta.union(&tb).count() as f64;
    }
    (
        jaccard / w.viewpoints.len() as f64,
        count_b as f64 / count_a as f64,
    )
}

/// The bar a peer must clear: the algorithms differ (bracket-pathfinding's
/// float shadowcasting is the most different, at 0.85 on the pillars), but
/// a wrong map, origin or radius scores far lower (see the test below).
fn close(jaccard: f64, counts: f64) -> bool {
    jaccard > 0.8 && (0.8..1.25).contains(&counts)
}

#[test]
fn the_bar_catches_a_peer_wired_wrong() {
    let specs = contender::all();
    let ours = specs
        .iter()
        .find(|s| s.id == "sightlines/recursive-shadowcast")
        .unwrap();
    let w = &workloads()[0];
    assert!(close(agreement(w, Some(9), ours, ours).0, 1.0));
    // Another cave of the same size: a peer given the wrong map.
    let other = Workload::new("other", generate::cave(48, 40, 8), w.viewpoints.clone());
    let (j, c) = agreement_on(w, &other, Some(9), ours, ours);
    assert!(!close(j, c), "jaccard {j:.3} counts {c:.3}");
    // The map flipped left to right: a peer with a mirrored axis.
    let mut flipped = Grid::new(48, 40);
    for y in 0..40 {
        for x in 0..48 {
            flipped.set(47 - x, y, sightlines::Opacity::is_opaque(&w.grid, x, y));
        }
    }
    let flipped = Workload::new("flipped", flipped, w.viewpoints.clone());
    let (j, c) = agreement_on(w, &flipped, Some(9), ours, ours);
    assert!(!close(j, c), "jaccard {j:.3} counts {c:.3}");
    // The right map and a different radius.
    let mut a = (ours.build)(w, Some(9));
    let mut b = (ours.build)(w, Some(6));
    let (na, nb): (usize, usize) = w
        .viewpoints
        .iter()
        .map(|&vp| (a.tiles(vp).len(), b.tiles(vp).len()))
        .fold((0, 0), |(x, y), (p, q)| (x + p, y + q));
    assert!(!close(1.0, nb as f64 / na as f64));
}

#[test]
fn every_peer_sees_about_what_ours_of_its_family_sees() {
    let specs = contender::all();
    let peers: Vec<&Spec> = specs
        .iter()
        .filter(|s| !s.is_ours() && !s.is_floor())
        .collect();
    assert!(peers.len() >= 6, "the peer crates are missing");
    for w in workloads() {
        for radius in [Some(4), Some(9), None] {
            for peer in &peers {
                let ours = specs
                    .iter()
                    .find(|s| s.is_ours() && s.family == peer.family)
                    .expect("every family has one of ours");
                let (jaccard, counts) = agreement(&w, radius, ours, peer);
                println!(
                    "{:8} {:>5} {:40} jaccard {jaccard:.3} counts {counts:.3}",
                    w.name,
                    format!("{radius:?}"),
                    peer.id
                );
                assert!(
                    close(jaccard, counts),
                    "{} differs from {} on {} at radius {radius:?}: mean Jaccard \
                     similarity {jaccard:.3}, count ratio {counts:.3}",
                    peer.id,
                    ours.id,
                    w.name
                );
            }
        }
    }
}

#[test]
fn the_floor_matches_our_open_field() {
    let specs = contender::all();
    let ours = specs.iter().find(|s| s.is_ours()).unwrap();
    let open = Workload::new("open", Grid::new(40, 40), vec![(20, 20), (1, 38)]);
    let floors: Vec<&Spec> = specs.iter().filter(|s| s.is_floor()).collect();
    assert_eq!(floors.len(), 2);
    for floor in floors {
        for radius in [Some(3), Some(15), Some(30), None] {
            let (jaccard, counts) = agreement(&open, radius, ours, floor);
            assert_eq!(
                (jaccard, counts),
                (1.0, 1.0),
                "{} radius {radius:?}",
                floor.id
            );
        }
    }
}

#[test]
fn the_smoky_cave_dims_a_tenth_of_its_floor_and_keeps_its_walls() {
    use sightlines::Translucency;
    let w = &workloads()[0];
    let smoky = w.smoky(64);
    let (mut floors, mut smoke) = (0, 0);
    for y in 0..w.height as i32 {
        for x in 0..w.width as i32 {
            let level = smoky.level(x, y);
            if w.grid.is_opaque(x, y) {
                assert_eq!(level, 255, "({x}, {y})");
            } else {
                assert!(level == 0 || level == 64, "({x}, {y}): {level}");
                floors += 1;
                smoke += usize::from(level == 64);
            }
        }
    }
    let share = smoke as f64 / floors as f64;
    assert!((0.07..0.13).contains(&share), "{smoke} of {floors}");
}
