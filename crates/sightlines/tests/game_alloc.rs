//! The game layer allocates nothing once its scratch has grown: viewers,
//! line of sight, memory, targets, blasts, cones and light.
//!
//! Only the allocations of the thread being measured count: the test
//! harness's own threads may allocate at any moment.

use sightlines::{
    targets_into, update_viewers, Algorithm, Blast, Cone, Falloff, Fov, Grid, Light, LightMap,
    Memory, Range, Viewer, VisibleSet, Vision,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static MEASURED: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if MEASURED.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    MEASURED.with(|m| m.set(true));
    f();
    MEASURED.with(|m| m.set(false));
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

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
        let mut targets = Vec::with_capacity(8);
        let cone = Cone::from_degrees(30.0, 100.0).unwrap();
        let vision = Vision::new(20, Range::circle(2));
        let mut turn = |fov: &mut Fov, viewers: &mut Vec<Viewer>, step: i32| {
            for v in viewers.iter_mut() {
                let (x, y) = v.origin();
                v.set_origin((x + step, y));
            }
            update_viewers(&grid, fov, viewers.iter_mut()).unwrap();
            memory.remember(viewers[0].visible());
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
