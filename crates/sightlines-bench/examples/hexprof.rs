// Temporary: instruction counts for hex-shadowcast vs square recursive-shadowcast.
use sightlines::hex::{
    HexAlgorithm, HexFov, HexGrid, HexOpacity, HexVisibleSet, Layout, NEIGHBORS,
};
use sightlines::{Algorithm, Fov, Range, VisibleSet};
use sightlines_bench::workload::{maps_dir, Workload};
const SIDE: u32 = 256;
include!("/tmp/hexprof/gen.rs");
fn main() {
    let which = std::env::args().nth(1).unwrap();
    if which == "hex" {
        let (grid, vps) = hex_cave();
        let mut fov = HexFov::new(HexAlgorithm::Shadowcast);
        let mut seen = HexVisibleSet::new();
        let mut total = 0;
        for &o in &vps {
            fov.compute_into(&grid, o, Some(16), &mut seen).unwrap();
            total += seen.len();
        }
        println!("hex visible per field {}", total as f64 / 1000.0);
    } else {
        let cave = Workload::load(&maps_dir().unwrap(), "cave").unwrap();
        let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
        let mut seen = VisibleSet::new();
        let mut total = 0;
        for &o in &cave.viewpoints {
            fov.compute_into(&cave.grid, o, Range::circle(16), &mut seen)
                .unwrap();
            total += seen.len();
        }
        println!("square visible per field {}", total as f64 / 1000.0);
    }
}
