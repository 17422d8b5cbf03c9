//! The game layer allocates nothing once its scratch has grown: viewers,
//! line of sight, what changed, memory, targets, blasts, cones and light.

mod counting;

use counting::allocations_during;
use sightlines::{
    targets_into, update_viewers, Algorithm, Blast, Cone, Falloff, Fov, Grid, Light, LightMap,
    Memory, Range, Viewer, VisibleSet, Vision,
};

#[test]
fn the_game_layer_allocates_nothing_after_warm_up() {
    let cave = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cave64.txt"
    ))
    .unwrap();
    let grid = Grid::parse(&cave).unwrap().grid;
    let origins = [(31, 31), (10, 12), (50, 40), (3, 60)];
    for &algorithm in Algorithm::ALL {
        let mut fov = Fov::new(algorithm);
        let mut viewers: Vec<Viewer> = origins
            .iter()
            .map(|&o| Viewer::new(o, Range::circle(12), algorithm))
            .collect();
        let mut memory = Memory::new(grid.rect()).unwrap();
        let mut lights = LightMap::new(grid.rect()).unwrap();
        let (mut area, mut seen) = (VisibleSet::new(), VisibleSet::new());
        let (mut newly_seen, mut newly_hidden) = (VisibleSet::new(), VisibleSet::new());
        let mut targets = Vec::with_capacity(8);
        let cone = Cone::from_degrees(30.0, 100.0).unwrap();
        let vision = Vision::new(20, Range::circle(2));
        let mut turn = |fov: &mut Fov, viewers: &mut Vec<Viewer>, step: i32| {
            for v in viewers.iter_mut() {
                let (x, y) = v.origin();
                v.set_origin((x + step, y));
            }
            update_viewers(&grid, fov, viewers.iter_mut()).unwrap();
            viewers[0].changes(&mut newly_seen, &mut newly_hidden);
            memory.remember(&newly_seen);
            viewers[1].visible().changes_since(
                viewers[2].visible(),
                &mut newly_seen,
                &mut newly_hidden,
            );
            for &o in &origins {
                for &t in &origins {
                    fov.can_see(&grid, o, t, Range::circle(40)).unwrap();
                }
                fov.compute_cone_into(&grid, o, Range::circle(12), &cone, &mut area)
                    .unwrap();
            }
            let v = &viewers[0];
            targets_into(
                v.visible(),
                v.origin(),
                Range::circle(8),
                origins,
                &mut targets,
            );
            Blast::radius(3)
                .compute_into(fov, &grid, v.origin(), &mut area)
                .unwrap();
            lights.clear();
            lights
                .add(fov, &grid, &Light::new(v.origin(), 9, 100, Falloff::Linear))
                .unwrap();
            vision.filter_into(v.visible(), &lights, v.origin(), &mut seen);
        };
        let warm_up = allocations_during(|| {
            turn(&mut fov, &mut viewers, 1);
            turn(&mut fov, &mut viewers, -1);
        });
        assert!(
            warm_up > 0,
            "{algorithm}: the warm-up should have allocated scratch"
        );
        let n = allocations_during(|| {
            for _ in 0..3 {
                turn(&mut fov, &mut viewers, 1);
                turn(&mut fov, &mut viewers, -1);
            }
        });
        assert_eq!(
            n, 0,
            "{algorithm}: the game layer allocated {n} times after warm-up"
        );
    }
}
