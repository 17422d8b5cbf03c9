//! A second field of view on the same scratch allocates nothing.

mod counting;

use counting::allocations_during;
use sightlines::{
    Algorithm, DiagonalGaps, Fov, Grid, LevelGrid, Opacity, Range, Viewer, VisibleSet,
};

/// The 64x64 cave of the tests' data.
fn cave() -> Grid {
    let cave = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cave64.txt"
    ))
    .unwrap();
    Grid::parse(&cave).unwrap().grid
}

/// Every floor tile of `grid`, row by row.
fn floors(grid: &Grid) -> Vec<(i32, i32)> {
    (0..grid.height() as i32)
        .flat_map(|y| (0..grid.width() as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| !grid.is_opaque(x, y))
        .collect()
}

#[test]
fn second_computation_allocates_nothing() {
    let grid = cave();
    let origins = [(31, 31), (10, 12), (50, 40), (3, 60)];
    for &algorithm in Algorithm::ALL {
        for range in [Range::circle(16), Range::UNLIMITED, Range::square(40)] {
            let mut fov = Fov::new(algorithm);
            let mut set = VisibleSet::new();
            let mut count = 0usize;
            // Warm up on every origin: scratch grows to the largest need. The
            // count proves the counter sees this crate's allocations.
            let warm_up = allocations_during(|| {
                for &o in &origins {
                    fov.compute_into(&grid, o, range, &mut set).unwrap();
                    fov.compute(&grid, o, range, |_, _| count += 1).unwrap();
                }
            });
            assert!(
                warm_up > 0,
                "{algorithm}: the warm-up should have allocated scratch"
            );
            let n = allocations_during(|| {
                for &o in &origins {
                    fov.compute_into(&grid, o, range, &mut set).unwrap();
                    fov.compute(&grid, o, range, |_, _| count += 1).unwrap();
                }
            });
            assert_eq!(
                n, 0,
                "{algorithm} with {range:?} allocated {n} times after warm-up"
            );
            assert!(count > 0);
        }
    }
}

/// The promise a game relies on: once a field of view has been computed with
/// a range, computing it again from *any* origin with that range (or a
/// smaller one) allocates nothing. Scratch is sized from the range when a
/// call starts, not grown as the map demands.
#[test]
fn one_warm_up_serves_every_origin() {
    let grid = cave();
    let floors = floors(&grid);
    // Every floor tile but the warm-up's: the map's worst cases are in there.
    let warm_origin = floors[floors.len() / 2];
    let mut failures = Vec::new();
    let rules = [DiagonalGaps::Pass, DiagonalGaps::Block];
    for (&algorithm, gaps) in Algorithm::ALL.iter().flat_map(|a| rules.map(|g| (a, g))) {
        if gaps.blocks() && !algorithm.supports_diagonal_rule() {
            continue;
        }
        for range in [Range::circle(16), Range::square(24), Range::UNLIMITED] {
            let mut fov = Fov::new(algorithm);
            fov.set_diagonal_gaps(gaps);
            let mut set = VisibleSet::new();
            fov.compute_into(&grid, warm_origin, range, &mut set)
                .unwrap();
            let mut count = 0usize;
            let n = allocations_during(|| {
                for &o in &floors {
                    fov.compute_into(&grid, o, range, &mut set).unwrap();
                    fov.compute(&grid, o, range, |_, _| count += 1).unwrap();
                }
            });
            assert!(count > 0);
            if n > 0 {
                failures.push(format!(
                    "{algorithm} ({gaps:?}) with {range:?}: {n} allocations"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "after one warm-up, other origins allocated:\n{}",
        failures.join("\n")
    );
}

/// A warm-up whose field is no more than the tiles around the origin (the
/// centre of a 3x3 map) still sizes the scratch for the range: an origin
/// in a corner, whose field reaches two tiles, allocates nothing, for every
/// algorithm (some skip their scans when the field is only that ring).
#[test]
fn a_warm_up_near_the_origin_serves_a_farther_one() {
    let grid = Grid::parse(".#.\n...\n.#.\n").unwrap().grid;
    for &algorithm in Algorithm::ALL {
        let range = Range::circle(5);
        let mut fov = Fov::new(algorithm);
        let mut set = VisibleSet::new();
        fov.compute_into(&grid, (1, 1), range, &mut set).unwrap();
        fov.compute(&grid, (1, 1), range, |_, _| {}).unwrap();
        let n = allocations_during(|| {
            for o in [(0, 0), (2, 2), (0, 1)] {
                fov.compute_into(&grid, o, range, &mut set).unwrap();
                fov.compute(&grid, o, range, |_, _| {}).unwrap();
            }
        });
        assert_eq!(n, 0, "{algorithm}: {n} allocations after warm-up");
    }
}

/// `diamond-raycast`'s `can_see` keeps its rows of one word whatever the
/// distance: questions at most two columns across warm it up for those up
/// to 63 across.
#[test]
fn diamond_raycast_can_see_near_serves_far() {
    let grid = cave();
    let floors = floors(&grid);
    let from = floors[floors.len() / 2];
    let mut fov = Fov::new(Algorithm::DiamondRaycast);
    let range = Range::UNLIMITED;
    let across = |to: (i32, i32)| (to.0 - from.0).abs();
    for &to in floors.iter().filter(|&&to| across(to) <= 2) {
        fov.can_see(&grid, from, to, range).unwrap();
    }
    let mut asked = 0;
    let n = allocations_during(|| {
        for &to in floors.iter().filter(|&&to| across(to) < 64) {
            fov.can_see(&grid, from, to, range).unwrap();
            asked += 1;
        }
    });
    assert!(asked > 1000, "{asked}");
    assert_eq!(n, 0, "{n} allocations after questions two columns across");
}

/// Sight through translucent tiles keeps the promise too, on the cave with
/// a tenth of its floor at level 64 and smoke of every level.
#[test]
fn translucent_fields_allocate_nothing_after_warm_up() {
    let grid = cave();
    let mut levels = LevelGrid::new(grid.width(), grid.height()).unwrap();
    let mut floors = Vec::new();
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            let h = (x * 7919 + y * 104_729) % 100;
            let level = if grid.is_opaque(x, y) {
                255
            } else if h < 10 {
                64
            } else if h < 15 {
                (h * 37) as u8
            } else {
                0
            };
            levels.set(x, y, level);
            if level < 255 {
                floors.push((x, y));
            }
        }
    }
    for algorithm in [
        Algorithm::PrecisePermissive,
        Algorithm::RecursiveShadowcast,
        Algorithm::SymmetricShadowcast,
        Algorithm::Raycast,
    ] {
        for range in [Range::circle(16), Range::UNLIMITED] {
            let mut fov = Fov::new(algorithm);
            let mut count = 0usize;
            let warm_origin = floors[floors.len() / 2];
            fov.compute_translucent(&levels, warm_origin, range, |_, _, _| count += 1)
                .unwrap();
            let n = allocations_during(|| {
                for &o in &floors {
                    fov.compute_translucent(&levels, o, range, |_, _, _| count += 1)
                        .unwrap();
                }
            });
            assert!(count > floors.len());
            assert_eq!(
                n, 0,
                "{algorithm} with {range:?}: {n} allocations after warm-up"
            );
            // A viewer's buffers (its sets and its dimmed tiles) grow to the
            // largest field it met: one round over every floor warms it up.
            let mut viewer = Viewer::new(warm_origin, range, algorithm);
            let mut walk = |viewer: &mut Viewer| {
                for &o in &floors {
                    viewer.set_origin(o);
                    viewer.update_translucent(&mut fov, &levels).unwrap();
                }
            };
            walk(&mut viewer);
            let n = allocations_during(|| walk(&mut viewer));
            assert_eq!(n, 0, "{algorithm} viewer with {range:?}: {n} allocations");
        }
    }
}

/// Partial visibility too, for every algorithm that gives it.
#[test]
fn partial_fields_allocate_nothing_after_warm_up() {
    let grid = cave();
    let floors = floors(&grid);
    let warm_origin = floors[floors.len() / 2];
    for &algorithm in Algorithm::ALL {
        if !algorithm.supports_partial_visibility() {
            continue;
        }
        for range in [Range::circle(16), Range::UNLIMITED] {
            let mut fov = Fov::new(algorithm);
            let mut count = 0usize;
            fov.compute_partial(&grid, warm_origin, range, |_, _, _| count += 1)
                .unwrap();
            let n = allocations_during(|| {
                for &o in &floors {
                    fov.compute_partial(&grid, o, range, |_, _, _| count += 1)
                        .unwrap();
                }
            });
            assert!(count > floors.len());
            assert_eq!(n, 0, "{algorithm} partial with {range:?}: {n} allocations");
        }
    }
}

/// The hex algorithms keep the same promise: one warm-up with a range
/// serves every origin.
#[test]
fn hex_fields_allocate_nothing_after_warm_up() {
    use sightlines::hex::{HexAlgorithm, HexFov, HexGrid, Layout};
    let mut grid = HexGrid::new(64, 64, Layout::OddR);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for c in 0..64 {
        for r in 0..64 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            grid.set_offset(c, r, state >> 60 < 5);
        }
    }
    let origins = [(31, 31), (10, 12), (50, 40), (3, 60)].map(|(c, r)| {
        grid.set_offset(c, r, false);
        grid.to_axial(c, r).unwrap()
    });
    for algorithm in HexAlgorithm::ALL {
        for radius in [Some(16), None, Some(40)] {
            let mut fov = HexFov::new(algorithm);
            let mut set = VisibleSet::new();
            let mut count = 0usize;
            let warm_up = allocations_during(|| {
                fov.compute_into(&grid, origins[0], radius, &mut set)
                    .unwrap();
                fov.compute(&grid, origins[0], radius, |_, _| count += 1)
                    .unwrap();
            });
            assert!(warm_up > 0, "{algorithm}: the warm-up should allocate");
            let n = allocations_during(|| {
                for &o in &origins {
                    fov.compute_into(&grid, o, radius, &mut set).unwrap();
                    fov.compute(&grid, o, radius, |_, _| count += 1).unwrap();
                    for &t in &origins {
                        fov.can_see(&grid, o, t, radius).unwrap();
                    }
                }
            });
            assert_eq!(
                n, 0,
                "{algorithm} with radius {radius:?} allocated {n} times after warm-up"
            );
            assert!(count > 100);
        }
    }
}
