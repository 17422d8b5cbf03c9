//! Hex grids: our hex algorithms against `hexx`'s `range_fov` on a hex
//! cave, and our square `recursive-shadowcast` on the square cave of the
//! suite, in one criterion run.
//!
//! The hex cave is the library's `generate::hex_cave`, seeded: 256x256
//! hexes in odd-r rows, a wall border, 45% walls, then five rounds of a
//! cellular automaton (a hex with 4 or more wall neighbours becomes a wall,
//! with 2 or fewer a floor), like the square cave's rule. Its 1,000
//! viewpoints are floor hexes picked by a seeded `SplitMix64`. One iteration computes the field from all 1,000,
//! so the time per field is the iteration's over 1,000.
//!
//! ```sh
//! cargo bench -p sightlines-bench --bench hex
//! ```
//!
//! The square scan runs on two maps: the square cave of the suite, and the
//! hex cave's offset rows read as square tiles (`square-of-hex-cave`), a
//! square cave with exactly the hex cave's floor count, seen from the
//! same 1,000 floors.
//!
//! `hexx` returns a fresh `HashSet` of the floor hexes (it does not light
//! walls); ours fill a reused `VisibleSet` with walls lit, the way a
//! game calls them.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sightlines::generate::{self, SplitMix64};
use sightlines::hex::{HexAlgorithm, HexFov, HexGrid, HexOpacity, Layout};
use sightlines::{Algorithm, Fov, Range, VisibleSet};
use sightlines_bench::workload::{maps_dir, Workload};
use std::hint::black_box;

const SIDE: u32 = 256;

/// The hex cave and its viewpoints (axial).
fn hex_cave() -> (HexGrid, Vec<(i32, i32)>) {
    let grid = generate::hex_cave(SIDE, SIDE, Layout::OddR, 0x5eed_4e58);
    let mut rng = SplitMix64::new(0x5eed_4e58);
    let mut viewpoints = Vec::new();
    while viewpoints.len() < 1000 {
        let (c, w) = (rng.below(SIDE) as i32, rng.below(SIDE) as i32);
        if !grid.is_opaque_offset(c, w) {
            viewpoints.extend(grid.to_axial(c, w));
        }
    }
    (grid, viewpoints)
}

/// The radii of every case, hex and square alike.
const RADII: [u32; 3] = [8, 16, 32];

fn hex(c: &mut Criterion) {
    let (grid, viewpoints) = hex_cave();
    let floors = (0..SIDE as i32)
        .flat_map(|c| (0..SIDE as i32).map(move |w| (c, w)))
        .filter(|&(c, w)| !grid.is_opaque_offset(c, w))
        .count();
    eprintln!("hex cave: {floors} floor hexes of {}", SIDE * SIDE);
    for radius in RADII {
        let mut group = c.benchmark_group(format!("hex-cave-r{radius}"));
        group.throughput(Throughput::Elements(viewpoints.len() as u64));
        for algorithm in HexAlgorithm::ALL {
            let mut fov = HexFov::new(algorithm);
            let mut seen = VisibleSet::new();
            group.bench_function(format!("sightlines/{algorithm}"), |b| {
                b.iter(|| {
                    let mut total = 0;
                    for &o in &viewpoints {
                        fov.compute_into(&grid, o, Some(radius), &mut seen).unwrap();
                        total += seen.len();
                    }
                    black_box(total)
                })
            });
        }
        group.bench_function("hexx/range_fov", |b| {
            b.iter(|| {
                let mut total = 0;
                for &(q, r) in &viewpoints {
                    let seen = hexx::algorithms::range_fov(hexx::hex(q, r), radius, |h| {
                        grid.is_opaque(h.x, h.y)
                    });
                    total += seen.len();
                }
                black_box(total)
            })
        });
        group.finish();
    }
    // The square cave of the suite, for "within 2x of the square scan".
    let cave = maps_dir()
        .and_then(|dir| Workload::load(&dir, "cave"))
        .unwrap_or_else(|e| panic!("{e}"));
    let square_floors = (0..cave.width as i32)
        .flat_map(|x| (0..cave.height as i32).map(move |y| (x, y)))
        .filter(|&(x, y)| !cave.opaque[(x + y * cave.width as i32) as usize])
        .count();
    eprintln!(
        "square cave: {square_floors} floor tiles of {}",
        cave.width * cave.height
    );
    // The hex cave's offset rows read as square tiles: a square cave of
    // exactly the hex cave's floor count, seen from the same 1,000 floors.
    let mut same = sightlines::Grid::new(SIDE, SIDE);
    for w in 0..SIDE as i32 {
        for c in 0..SIDE as i32 {
            same.set(c, w, grid.is_opaque_offset(c, w));
        }
    }
    let same_viewpoints: Vec<(i32, i32)> = viewpoints
        .iter()
        .map(|&(q, r)| grid.layout().from_axial(q, r).expect("on the map"))
        .collect();
    let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    let mut seen = VisibleSet::new();
    for radius in RADII {
        let mut group = c.benchmark_group(format!("square-of-hex-cave-r{radius}"));
        group.throughput(Throughput::Elements(same_viewpoints.len() as u64));
        group.bench_function("sightlines/recursive-shadowcast", |b| {
            b.iter(|| {
                let mut total = 0;
                for &o in &same_viewpoints {
                    fov.compute_into(&same, o, Range::circle(radius), &mut seen)
                        .unwrap();
                    total += seen.len();
                }
                black_box(total)
            })
        });
        group.finish();
    }
    for radius in RADII {
        let mut group = c.benchmark_group(format!("square-cave-r{radius}"));
        group.throughput(Throughput::Elements(cave.viewpoints.len() as u64));
        group.bench_function("sightlines/recursive-shadowcast", |b| {
            b.iter(|| {
                let mut total = 0;
                for &o in &cave.viewpoints {
                    fov.compute_into(&cave.grid, o, Range::circle(radius), &mut seen)
                        .unwrap();
                    total += seen.len();
                }
                black_box(total)
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(4));
    targets = hex
}
criterion_main!(benches);
