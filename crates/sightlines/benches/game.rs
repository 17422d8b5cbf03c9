//! Benchmarks of the game layer.
//!
//! - `can_see/MAP/ALGORITHM/dD`: one line-of-sight question at distance `D`
//!   (5, 20, 60) against the full field of view it replaces (`full`: the
//!   field with `compute_into`, then a lookup). Both use the viewer range
//!   `circle(64)`; each iteration asks from 8 origins, each to a target `D`
//!   tiles away (Euclidean, rounded) in a different direction.
//!   `can_see/MAP/bresenham/dD` is the reference line of sight of issue 22:
//!   a plain Bresenham walk over the same pairs, every tile between the
//!   ends clear (no algorithm's definition; the cost of a line).
//! - `batch/cave/ALGORITHM`: 1,000 viewers (the cave viewpoints, radius 16)
//!   all dirty, updated sequentially with one shared `Fov` and in parallel
//!   with rayon on 2 threads (and on 1, to show the parallel path's own cost).
//!
//! The maps are the benchmark crate's, `crates/sightlines-bench/maps`
//! (`open.txt`, `cave.txt`, `cave.viewpoints.txt`); set
//! `SIGHTLINES_BENCH_MAPS` to another folder. Without them the benchmarks
//! run on generated stand-ins and say so.
//!
//! - `diagonal-gaps/cave-rR/ALGORITHM/GAPS`: 200 cave fields of view of
//!   radius 16 and 32, with the diagonal rule (`block`) and without (`pass`).
//! - `translucent/cave-rR/ALGORITHM/{translucent,plain-set,plain-visit}`:
//!   200 cave fields of view through translucent tiles (a tenth of the
//!   floor at level 64), against the plain field on the plain cave, into a
//!   set and to a visitor.
//! - `turn/cave/ALGORITHM/{turn,monsters,player}`: a turn's worth of work
//!   (issue 22): 1,000 monsters (the cave viewpoints) each ask
//!   `Fov::can_see` whether they see the player (`circle(16)`), then the
//!   player's own field of view (`Viewer::update`) and `Memory::remember`;
//!   `monsters` and `player` are the two halves alone.
//!
//! `cargo bench -p sightlines --bench game`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use sightlines::line::Bresenham;
use sightlines::{
    update_viewers, update_viewers_par, Algorithm, DiagonalGaps, Fov, Grid, LevelGrid, Memory,
    Opacity, Range, Viewer, VisibleSet,
};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

struct Case {
    name: &'static str,
    grid: Grid,
    viewpoints: Vec<(i32, i32)>,
}

fn maps_dir() -> PathBuf {
    match std::env::var_os("SIGHTLINES_BENCH_MAPS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../sightlines-bench/maps"
        )),
    }
}

fn load(name: &'static str) -> Case {
    let dir = maps_dir();
    let text = std::fs::read_to_string(dir.join(format!("{name}.txt")));
    let points = std::fs::read_to_string(dir.join(format!("{name}.viewpoints.txt")));
    match (text, points) {
        (Ok(text), Ok(points)) => {
            let grid = Grid::parse(&text).expect("a benchmark map parses").grid;
            let viewpoints = points
                .lines()
                .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
                .map(|l| {
                    let mut it = l.split_whitespace().map(|n| n.parse::<i32>().expect("x y"));
                    (it.next().expect("x"), it.next().expect("y"))
                })
                .collect();
            Case {
                name,
                grid,
                viewpoints,
            }
        }
        _ => {
            eprintln!(
                "benchmark map {name} not found in {}: set SIGHTLINES_BENCH_MAPS to the folder \
                 holding {name}.txt and {name}.viewpoints.txt (crates/sightlines-bench/maps); \
                 using a generated stand-in",
                dir.display()
            );
            let grid = if name == "open" {
                Grid::new(256, 256)
            } else {
                sightlines::generate::cave(256, 256, 1)
            };
            let mut viewpoints = Vec::new();
            let mut rng = sightlines::generate::SplitMix64::new(7);
            while viewpoints.len() < 1000 {
                let p = (rng.below(256) as i32, rng.below(256) as i32);
                if !grid.is_opaque(p.0, p.1) {
                    viewpoints.push(p);
                }
            }
            if name == "open" {
                viewpoints.insert(0, (128, 128));
            }
            Case {
                name,
                grid,
                viewpoints,
            }
        }
    }
}

/// Eight (origin, target) pairs `d` apart: from the map's first viewpoints
/// (the centre for the open map), in eight directions.
fn pairs(case: &Case, d: f64) -> Vec<((i32, i32), (i32, i32))> {
    (0..8)
        .map(|i| {
            let from = if case.name == "open" {
                case.viewpoints[0]
            } else {
                case.viewpoints[i]
            };
            let angle = (i as f64) * 0.785 + 0.3;
            let to = (
                from.0 + (d * angle.cos()).round() as i32,
                from.1 + (d * angle.sin()).round() as i32,
            );
            (from, to)
        })
        .collect()
}

/// Every algorithm but libtcod's lower permissive levels, which the
/// catalogue lists last.
const ALGORITHMS: [Algorithm; 9] = match Algorithm::ALL.first_chunk() {
    Some(first) => *first,
    None => panic!("the catalogue has nine algorithms before the permissive levels"),
};

fn can_see(c: &mut Criterion) {
    let range = Range::circle(64);
    for case in [load("open"), load("cave")] {
        let mut group = c.benchmark_group(format!("can_see/{}", case.name));
        group
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_millis(900))
            .sample_size(20);
        for d in [5.0, 20.0, 60.0] {
            let pairs = pairs(&case, d);
            group.bench_function(BenchmarkId::new("bresenham", format!("d{d}")), |b| {
                b.iter(|| {
                    let mut n = 0;
                    for &(from, to) in &pairs {
                        let clear = Bresenham::new(from, to)
                            .filter(|&p| p != from && p != to)
                            .all(|(x, y)| !case.grid.is_opaque(x, y));
                        n += usize::from(clear);
                    }
                    black_box(n)
                })
            });
        }
        for algorithm in ALGORITHMS {
            let mut fov = Fov::new(algorithm);
            let mut set = VisibleSet::new();
            for d in [5.0, 20.0, 60.0] {
                let pairs = pairs(&case, d);
                // The two must agree, or the comparison means nothing.
                for &(from, to) in &pairs {
                    fov.compute_into(&case.grid, from, range, &mut set).unwrap();
                    assert_eq!(
                        fov.can_see(&case.grid, from, to, range).unwrap(),
                        set.contains(to.0, to.1)
                    );
                }
                let label = format!("{algorithm}/d{d}");
                group.bench_function(BenchmarkId::new("can_see", &label), |b| {
                    b.iter(|| {
                        let mut n = 0;
                        for &(from, to) in &pairs {
                            n += usize::from(fov.can_see(&case.grid, from, to, range).unwrap());
                        }
                        black_box(n)
                    })
                });
                group.bench_function(BenchmarkId::new("full", &label), |b| {
                    b.iter(|| {
                        let mut n = 0;
                        for &(from, to) in &pairs {
                            fov.compute_into(&case.grid, from, range, &mut set).unwrap();
                            n += usize::from(set.contains(to.0, to.1));
                        }
                        black_box(n)
                    })
                });
            }
        }
        group.finish();
    }
}

fn batch(c: &mut Criterion) {
    let case = load("cave");
    // One thread: the overhead of the parallel path, without parallelism.
    let pool1 = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a 1-thread pool");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a 2-thread pool");
    let mut group = c.benchmark_group("batch/cave");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    for algorithm in [Algorithm::PrecisePermissive, Algorithm::SymmetricShadowcast] {
        let mut viewers: Vec<Viewer> = case
            .viewpoints
            .iter()
            .take(1000)
            .map(|&p| Viewer::new(p, Range::circle(16), algorithm))
            .collect();
        let mut fov = Fov::default();
        group.bench_function(BenchmarkId::new("sequential", algorithm), |b| {
            b.iter(|| {
                viewers.iter_mut().for_each(Viewer::mark_dirty);
                black_box(update_viewers(&case.grid, &mut fov, &mut viewers).unwrap())
            })
        });
        group.bench_function(BenchmarkId::new("rayon-1", algorithm), |b| {
            b.iter(|| {
                viewers.iter_mut().for_each(Viewer::mark_dirty);
                pool1.install(|| black_box(update_viewers_par(&case.grid, &mut viewers).unwrap()))
            })
        });
        group.bench_function(BenchmarkId::new("rayon-2", algorithm), |b| {
            b.iter(|| {
                viewers.iter_mut().for_each(Viewer::mark_dirty);
                pool.install(|| black_box(update_viewers_par(&case.grid, &mut viewers).unwrap()))
            })
        });
    }
    group.finish();
}

/// The tiles newly seen and hidden between two radius-32 fields a step
/// apart, against computing one of them with `recursive-shadowcast`.
fn changes(c: &mut Criterion) {
    let case = load("cave");
    let mut group = c.benchmark_group("changes/cave-r32");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    let steps: Vec<((i32, i32), (i32, i32))> = case
        .viewpoints
        .iter()
        .take(200)
        .map(|&(x, y)| {
            let next = if case.grid.is_opaque(x + 1, y) {
                (x, y)
            } else {
                (x + 1, y)
            };
            ((x, y), next)
        })
        .collect();
    let fields: Vec<(VisibleSet, VisibleSet)> = steps
        .iter()
        .map(|&(a, b)| {
            let (mut before, mut now) = (VisibleSet::new(), VisibleSet::new());
            fov.compute_into(&case.grid, a, Range::circle(32), &mut before)
                .unwrap();
            fov.compute_into(&case.grid, b, Range::circle(32), &mut now)
                .unwrap();
            (before, now)
        })
        .collect();
    let (mut seen, mut hidden) = (VisibleSet::new(), VisibleSet::new());
    group.bench_function("changes_since", |b| {
        b.iter(|| {
            for (before, now) in &fields {
                now.changes_since(before, &mut seen, &mut hidden);
                black_box((seen.len(), hidden.len()));
            }
        })
    });
    let mut field = VisibleSet::new();
    group.bench_function("recursive-shadowcast", |b| {
        b.iter(|| {
            for &(_, next) in &steps {
                fov.compute_into(&case.grid, next, Range::circle(32), &mut field)
                    .unwrap();
                black_box(field.len());
            }
        })
    });
    group.finish();
}

/// Each algorithm that keeps the diagonal rule, with it
/// (`DiagonalGaps::Block`) and without, on the cave viewpoints.
fn diagonal_gaps(c: &mut Criterion) {
    let case = load("cave");
    let points: Vec<(i32, i32)> = case.viewpoints.iter().copied().take(200).collect();
    for radius in [16, 32] {
        let mut group = c.benchmark_group(format!("diagonal-gaps/cave-r{radius}"));
        group
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        for &algorithm in Algorithm::ALL
            .iter()
            .filter(|a| a.supports_diagonal_rule() && a.properties().diagonal_gaps)
        {
            for gaps in DiagonalGaps::ALL {
                let mut fov = Fov::new(algorithm);
                fov.set_diagonal_gaps(gaps);
                let mut field = VisibleSet::new();
                let id = format!("{}/{gaps}", algorithm.id());
                group.bench_function(id, |b| {
                    b.iter(|| {
                        for &at in &points {
                            fov.compute_into(&case.grid, at, Range::circle(radius), &mut field)
                                .unwrap();
                            black_box(field.len());
                        }
                    })
                });
            }
        }
        group.finish();
    }
}

/// The cave with a tenth of its floor (chosen by a hash of the position)
/// at level 64, its walls at 255.
fn smoky(grid: &Grid) -> LevelGrid {
    let mut levels = LevelGrid::new(grid.width(), grid.height()).unwrap();
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            let h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
            let level = if grid.is_opaque(x, y) {
                255
            } else if (h >> 32) % 10 == 0 {
                64
            } else {
                0
            };
            levels.set(x, y, level);
        }
    }
    levels
}

/// Each algorithm that sees through translucent tiles, on the cave with a
/// tenth of its floor at level 64, against its plain field on the cave
/// (into a set, and to a visitor as the translucent field is).
fn translucent(c: &mut Criterion) {
    let case = load("cave");
    let levels = smoky(&case.grid);
    let points: Vec<(i32, i32)> = case.viewpoints.iter().copied().take(200).collect();
    for radius in [16, 32] {
        let mut group = c.benchmark_group(format!("translucent/cave-r{radius}"));
        group
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        let range = Range::circle(radius);
        for &algorithm in Algorithm::ALL.iter().filter(|a| a.supports_translucency()) {
            let mut fov = Fov::new(algorithm);
            let mut field = VisibleSet::new();
            group.bench_function(format!("{}/plain-set", algorithm.id()), |b| {
                b.iter(|| {
                    for &at in &points {
                        fov.compute_into(&case.grid, at, range, &mut field).unwrap();
                        black_box(field.len());
                    }
                })
            });
            group.bench_function(format!("{}/plain-visit", algorithm.id()), |b| {
                b.iter(|| {
                    let mut n = 0usize;
                    for &at in &points {
                        fov.compute(&case.grid, at, range, |_, _| n += 1).unwrap();
                    }
                    black_box(n)
                })
            });
            group.bench_function(format!("{}/translucent", algorithm.id()), |b| {
                b.iter(|| {
                    let mut n = 0usize;
                    for &at in &points {
                        fov.compute_translucent(&levels, at, range, |_, _, v| n += usize::from(v))
                            .unwrap();
                    }
                    black_box(n)
                })
            });
        }
        group.finish();
    }
}

/// The algorithms a game would pick for its creatures, in the catalogue's
/// order.
const GAME_ALGORITHMS: [Algorithm; 6] = [
    Algorithm::PrecisePermissive,
    Algorithm::DiamondShadowcast,
    Algorithm::SymmetricShadowcast,
    Algorithm::RecursiveShadowcast,
    Algorithm::Restrictive,
    Algorithm::Beveled,
];

/// Every creature's sight in a turn.
const TURN_SIGHT: Range = Range::circle(16);

/// The monsters' half of a turn: how many see the player at `at`. Not
/// inlined, so that callgrind can count it (`tools/bench/turn.sh`).
#[inline(never)]
fn monsters_look(fov: &mut Fov, grid: &Grid, monsters: &[(i32, i32)], at: (i32, i32)) -> usize {
    let mut n = 0;
    for &m in monsters {
        n += usize::from(fov.can_see(grid, m, at, TURN_SIGHT).unwrap());
    }
    black_box(n)
}

/// The player's half: a fresh field of view, then the memory's update.
#[inline(never)]
fn player_look(fov: &mut Fov, grid: &Grid, player: &mut Viewer, memory: &mut Memory) -> u64 {
    player.mark_dirty();
    player.update(fov, grid).unwrap();
    black_box(memory.remember(player.visible()))
}

/// A whole turn: both halves.
#[inline(never)]
fn play_turn(
    fov: &mut Fov,
    grid: &Grid,
    monsters: &[(i32, i32)],
    at: (i32, i32),
    player: &mut Viewer,
    memory: &mut Memory,
) -> (usize, u64) {
    let seen_by = monsters_look(fov, grid, monsters, at);
    (seen_by, player_look(fov, grid, player, memory))
}

/// One turn on the cave: every monster asks whether it sees the player, then
/// the player looks and remembers. The player stands on the viewpoint with
/// the most monsters within its sight radius, the busiest turn of the map.
fn turn(c: &mut Criterion) {
    let case = load("cave");
    let sight = TURN_SIGHT;
    let monsters: Vec<(i32, i32)> = case.viewpoints.iter().copied().take(1000).collect();
    let near = |p: (i32, i32)| {
        monsters
            .iter()
            .filter(|&&m| m != p && sight.contains(i64::from(m.0 - p.0), i64::from(m.1 - p.1)))
            .count()
    };
    let player_at = *monsters
        .iter()
        .max_by_key(|&&p| near(p))
        .expect("the cave has viewpoints");
    let mut group = c.benchmark_group("turn/cave");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    for algorithm in GAME_ALGORITHMS {
        let mut fov = Fov::new(algorithm);
        let mut player = Viewer::new(player_at, sight, algorithm);
        let mut memory = Memory::new(case.grid.rect()).expect("a 256x256 memory");
        // Each answer checked against the monster's own field of view.
        let mut field = VisibleSet::new();
        let mut seeing = 0;
        for &m in &monsters {
            let sees = fov.can_see(&case.grid, m, player_at, sight).unwrap();
            fov.compute_into(&case.grid, m, sight, &mut field).unwrap();
            assert_eq!(sees, field.contains(player_at.0, player_at.1), "{m:?}");
            seeing += usize::from(sees);
        }
        eprintln!(
            "turn/cave/{algorithm}: player at {player_at:?}, {} monsters within 16, {seeing} see the player",
            near(player_at)
        );
        let (grid, at) = (&case.grid, player_at);
        // Warm: the player's set and the memory grown outside any count.
        player_look(&mut fov, grid, &mut player, &mut memory);
        group.bench_function(BenchmarkId::new(algorithm.id(), "turn"), |b| {
            b.iter(|| play_turn(&mut fov, grid, &monsters, at, &mut player, &mut memory))
        });
        group.bench_function(BenchmarkId::new(algorithm.id(), "monsters"), |b| {
            b.iter(|| monsters_look(&mut fov, grid, &monsters, at))
        });
        group.bench_function(BenchmarkId::new(algorithm.id(), "player"), |b| {
            b.iter(|| player_look(&mut fov, grid, &mut player, &mut memory))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    can_see,
    batch,
    changes,
    diagonal_gaps,
    translucent,
    turn
);
criterion_main!(benches);
