//! The wasm crate's functions against the library they wrap: every answer
//! the JavaScript package gets must be the library's.

use sightlines::generate::SplitMix64;
use sightlines::{bounded, can_see, Algorithm, Cone, Fov, Grid, Memory, Opacity, Range, Rect};
use sightlines::{DiagonalGaps, Shape, VisibleSet};
use sightlines_wasm::{code, Context, Settings, BLOCK_DIAGONAL_GAPS, LIT_WALLS};

fn random_bytes(rng: &mut SplitMix64, w: u32, h: u32, percent: u32) -> Vec<u8> {
    (0..w * h).map(|_| u8::from(rng.percent(percent))).collect()
}

fn grid_of(bytes: &[u8], w: u32, h: u32) -> Grid {
    let mut g = Grid::new(w, h);
    for (i, &b) in bytes.iter().enumerate() {
        g.set((i as u32 % w) as i32, (i as u32 / w) as i32, b != 0);
    }
    g
}

fn random_settings(rng: &mut SplitMix64) -> Settings {
    Settings {
        radius: if rng.percent(25) {
            -1
        } else {
            rng.below(12) as i32
        },
        shape: rng.below(4) as i32,
        lit_walls: rng.percent(70),
        ..Settings::default()
    }
}

fn sorted(set: &VisibleSet, w: u32) -> Vec<u32> {
    set.iter().map(|(x, y)| y as u32 * w + x as u32).collect()
}

fn library_field(grid: &Grid, a: Algorithm, origin: (i32, i32), s: Settings) -> Vec<u32> {
    let mut fov = Fov::new(a);
    fov.set_lit_walls(s.lit_walls);
    fov.set_diagonal_gaps(s.gaps);
    let mut set = VisibleSet::new();
    let range = s.range().unwrap();
    match s.cone().unwrap() {
        None => fov.compute_into(grid, origin, range, &mut set).unwrap(),
        Some(c) => fov
            .compute_cone_into(grid, origin, range, &c, &mut set)
            .unwrap(),
    }
    sorted(&set, grid.width())
}

#[test]
fn fields_equal_the_library_for_every_algorithm() {
    let mut rng = SplitMix64::new(20);
    let mut cx = Context::new();
    for round in 0..60 {
        let (w, h) = (1 + rng.below(24), 1 + rng.below(20));
        let density = 10 + rng.below(40);
        let bytes = random_bytes(&mut rng, w, h, density);
        cx.load_map(&bytes, w, h).unwrap();
        let grid = grid_of(&bytes, w, h);
        for &a in Algorithm::ALL {
            cx.set_algorithm(a.id().as_bytes()).unwrap();
            let origin = (rng.below(w) as i32, rng.below(h) as i32);
            let mut s = random_settings(&mut rng);
            if a.supports_diagonal_rule() && rng.percent(50) {
                s.gaps = DiagonalGaps::Block;
            }
            if round % 3 == 0 {
                s.cone_direction = f64::from(rng.below(720)) - 360.0;
                s.cone_width = f64::from(rng.below(400));
            }
            let n = cx.compute(origin, s).unwrap();
            let want = library_field(&grid, a, origin, s);
            assert_eq!(n, want.len());
            // The library's tiles, in its set's order: sorted by row.
            assert_eq!(cx.tiles(), &want[..], "{a} from {origin:?} with {s:?}");
        }
    }
}

#[test]
fn cones_are_the_library_cones() {
    let mut cx = Context::new();
    cx.load_map(&[0; 81], 9, 9).unwrap();
    let s = Settings {
        radius: 4,
        cone_direction: 0.0,
        cone_width: 90.0,
        ..Settings::default()
    };
    cx.compute((4, 4), s).unwrap();
    let east = Cone::quarter((1, 0)).unwrap();
    let tiles: Vec<(i32, i32)> = cx
        .tiles()
        .iter()
        .map(|&t| ((t % 9) as i32, (t / 9) as i32))
        .collect();
    assert!(tiles.contains(&(8, 4)) && !tiles.contains(&(0, 4)));
    assert!(tiles
        .iter()
        .all(|&(x, y)| east.contains(i64::from(x - 4), i64::from(y - 4))));
}

#[test]
fn can_see_equals_the_library() {
    let mut rng = SplitMix64::new(7);
    let mut cx = Context::new();
    for _ in 0..100 {
        let (w, h) = (2 + rng.below(20), 2 + rng.below(20));
        let bytes = random_bytes(&mut rng, w, h, 30);
        cx.load_map(&bytes, w, h).unwrap();
        let grid = grid_of(&bytes, w, h);
        for &a in Algorithm::ALL {
            cx.set_algorithm(a.id().as_bytes()).unwrap();
            let s = random_settings(&mut rng);
            let from = (rng.below(w) as i32, rng.below(h) as i32);
            // Targets a little off the map too: never seen.
            let to = (rng.below(w + 2) as i32 - 1, rng.below(h + 2) as i32 - 1);
            let want = if s.lit_walls {
                can_see(&grid, from, to, s.range().unwrap(), a).unwrap()
            } else {
                let mut fov = Fov::new(a);
                fov.set_lit_walls(false);
                fov.can_see(&grid, from, to, s.range().unwrap()).unwrap()
            };
            assert_eq!(
                cx.can_see(from, to, s).unwrap(),
                want,
                "{a} {from:?} -> {to:?}"
            );
        }
    }
}

/// All one-way pairs by brute force: every floor tile's field of view.
fn brute_one_way(grid: &Grid, a: Algorithm, range: Range) -> (u64, Vec<u32>) {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let floors: Vec<(i32, i32)> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| !grid.is_opaque(x, y))
        .collect();
    let fields: Vec<VisibleSet> = floors
        .iter()
        .map(|&o| sightlines::visible_tiles(a, grid, o, range).unwrap())
        .collect();
    let mut counts = vec![0u32; (w * h) as usize];
    let mut pairs = 0;
    for (i, &p) in floors.iter().enumerate() {
        for (j, &q) in floors.iter().enumerate() {
            if fields[i].contains(q.0, q.1) && !fields[j].contains(p.0, p.1) {
                pairs += 1;
                counts[(p.1 * w + p.0) as usize] += 1;
                counts[(q.1 * w + q.0) as usize] += 1;
            }
        }
    }
    (pairs, counts)
}

#[test]
fn one_way_pairs_equal_brute_force() {
    let mut rng = SplitMix64::new(3);
    let mut cx = Context::new();
    let mut found = 0;
    for _ in 0..12 {
        let (w, h) = (3 + rng.below(14), 3 + rng.below(12));
        let bytes = random_bytes(&mut rng, w, h, 25);
        cx.load_map(&bytes, w, h).unwrap();
        let grid = grid_of(&bytes, w, h);
        for &a in Algorithm::ALL {
            cx.set_algorithm(a.id().as_bytes()).unwrap();
            let s = Settings {
                lit_walls: true,
                ..random_settings(&mut rng)
            };
            let (pairs, counts) = brute_one_way(&grid, a, s.range().unwrap());
            assert_eq!(cx.one_way(s).unwrap(), pairs, "{a}");
            assert_eq!(cx.counts(), &counts[..]);
            found += pairs;
            if a.is_symmetric() {
                assert_eq!(pairs, 0, "{a} promises symmetry");
            }
        }
    }
    assert!(found > 0, "the random maps should show some one-way pairs");
}

#[test]
fn one_way_from_a_viewer_marks_both_directions() {
    let mut rng = SplitMix64::new(11);
    let mut cx = Context::new();
    let mut marks = [0usize; 3];
    for _ in 0..20 {
        let (w, h) = (4 + rng.below(14), 4 + rng.below(12));
        let bytes = random_bytes(&mut rng, w, h, 25);
        cx.load_map(&bytes, w, h).unwrap();
        let grid = grid_of(&bytes, w, h);
        let a = Algorithm::RecursiveShadowcast;
        cx.set_algorithm(a.id().as_bytes()).unwrap();
        let origin = (rng.below(w) as i32, rng.below(h) as i32);
        let s = Settings::default();
        cx.one_way_from(origin, s).unwrap();
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let want = if grid.is_opaque(x, y) || (x, y) == origin {
                    0
                } else {
                    let there = can_see(&grid, origin, (x, y), Range::UNLIMITED, a).unwrap();
                    let back = can_see(&grid, (x, y), origin, Range::UNLIMITED, a).unwrap();
                    match (there, back) {
                        (true, false) => 1,
                        (false, true) => 2,
                        _ => 0,
                    }
                };
                let got = cx.bytes()[(y as u32 * w + x as u32) as usize];
                assert_eq!(got, want, "({x}, {y}) from {origin:?}");
                marks[usize::from(got)] += 1;
            }
        }
    }
    assert!(marks[1] > 0 && marks[2] > 0, "both kinds seen: {marks:?}");
}

#[test]
fn memory_follows_the_library() {
    let mut rng = SplitMix64::new(5);
    let (w, h) = (30, 20);
    let bytes = random_bytes(&mut rng, w, h, 30);
    let grid = grid_of(&bytes, w, h);
    let mut cx = Context::new();
    cx.load_map(&bytes, w, h).unwrap();
    let mut memory = Memory::new(grid.rect()).unwrap();
    let mut fov = Fov::default();
    let mut set = VisibleSet::new();
    for _ in 0..10 {
        let origin = (rng.below(w) as i32, rng.below(h) as i32);
        let s = Settings {
            radius: 5,
            ..Settings::default()
        };
        cx.compute(origin, s).unwrap();
        fov.compute_into(&grid, origin, Range::circle(5), &mut set)
            .unwrap();
        assert_eq!(cx.remember().unwrap(), memory.remember(&set));
        let knowledge = cx.knowledge().unwrap().to_vec();
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let want = memory.knowledge(&set, x, y) as u8;
                assert_eq!(knowledge[(y as u32 * w + x as u32) as usize], want);
            }
        }
    }
    // An edit keeps the memory; forgetting clears it.
    cx.set_tile(0, 0, true).unwrap();
    assert!(cx.knowledge().unwrap().contains(&1));
    cx.forget();
    assert!(!cx.knowledge().unwrap().contains(&1));
}

#[test]
fn generated_maps_are_the_library_maps() {
    let mut cx = Context::new();
    for (kind, want) in [
        (0, sightlines::generate::cave(40, 25, 9)),
        (1, sightlines::generate::rooms(40, 25, 9)),
        (2, sightlines::generate::pillars(40, 25)),
    ] {
        cx.generate(kind, 40, 25, 9).unwrap();
        assert_eq!((cx.width(), cx.height()), (40, 25));
        let bytes = cx.map_bytes().to_vec();
        assert_eq!(grid_of(&bytes, 40, 25), want);
    }
}

/// The JavaScript package's `lightPasses` maps are unbounded: it samples a
/// window of radius + 1 around the origin into a grid. The field of view in
/// that window must be the unbounded map's.
#[test]
fn a_window_one_tile_past_the_radius_sees_as_the_unbounded_map() {
    let mut rng = SplitMix64::new(42);
    let mut cx = Context::new();
    for _ in 0..30 {
        let salt = rng.next_u64();
        let density = 5 + rng.below(40);
        let walls = move |x: i32, y: i32| {
            let mut r = SplitMix64::new(salt ^ (x as u64) << 32 ^ y as u32 as u64);
            r.percent(density)
        };
        let origin = (rng.below(200) as i32 - 100, rng.below(200) as i32 - 100);
        for &a in Algorithm::ALL {
            for shape in Shape::ALL {
                let r = rng.below(12);
                let range = Range::new(r, shape);
                let mut fov = Fov::new(a);
                let mut want = Vec::new();
                fov.compute(&walls, origin, range, |x, y| want.push((x, y)))
                    .unwrap();
                want.sort_by_key(|&(x, y)| (y, x));
                let m = r as i32 + 1;
                let side = (2 * m + 1) as u32;
                let (x0, y0) = (origin.0 - m, origin.1 - m);
                let window: Vec<u8> = (0..side * side)
                    .map(|i| u8::from(walls(x0 + (i % side) as i32, y0 + (i / side) as i32)))
                    .collect();
                cx.load_map(&window, side, side).unwrap();
                cx.set_algorithm(a.id().as_bytes()).unwrap();
                let shape_index = Shape::ALL.iter().position(|&s| s == shape).unwrap() as i32;
                let s = Settings {
                    radius: r as i32,
                    shape: shape_index,
                    ..Settings::default()
                };
                cx.compute((m, m), s).unwrap();
                let got: Vec<(i32, i32)> = cx
                    .tiles()
                    .iter()
                    .map(|&t| (x0 + (t % side) as i32, y0 + (t / side) as i32))
                    .collect();
                assert_eq!(got, want, "{a} r{r} {shape:?} from {origin:?}");
            }
        }
    }
}

#[test]
fn bad_input_gives_codes_and_messages_never_panics() {
    fn err<T: std::fmt::Debug>(r: Result<T, sightlines_wasm::Failure>) -> sightlines_wasm::Failure {
        r.unwrap_err()
    }
    let mut cx = Context::new();
    let e = err(cx.load_map(&[0; 5], 2, 3));
    assert_eq!(e.code, code::BAD_MAP);
    assert!(
        e.message.contains("has 5 tiles") && e.message.contains("needs 6"),
        "{e}"
    );
    assert_eq!(err(cx.load_map(&[], 0, 3)).code, code::BAD_MAP);
    assert_eq!(
        err(cx.load_map(&[], u32::MAX, u32::MAX)).code,
        code::BAD_MAP
    );
    cx.load_map(&[0; 6], 2, 3).unwrap();
    let e = err(cx.compute((2, 0), Settings::default()));
    assert_eq!(e.code, code::OFF_MAP);
    assert!(
        e.message.contains("origin (2, 0) is off the 2 x 3 map"),
        "{e}"
    );
    assert_eq!(
        err(cx.compute((-1, 0), Settings::default())).code,
        code::OFF_MAP
    );
    assert_eq!(
        err(cx.can_see((0, 9), (0, 0), Settings::default())).code,
        code::OFF_MAP
    );
    assert_eq!(err(cx.set_tile(0, 3, true)).code, code::OFF_MAP);
    let e = err(cx.set_algorithm(b"fastest"));
    assert_eq!(e.code, code::UNKNOWN_ALGORITHM);
    assert!(
        e.message.contains("fastest") && e.message.contains("precise-permissive"),
        "{e}"
    );
    assert_eq!(
        err(cx.set_algorithm(&[0xff, 0xfe])).code,
        code::UNKNOWN_ALGORITHM
    );
    let bad = |s: Settings| Settings { ..s };
    for (s, c) in [
        (
            bad(Settings {
                shape: 4,
                ..Settings::default()
            }),
            code::BAD_SHAPE,
        ),
        (
            bad(Settings {
                shape: -1,
                ..Settings::default()
            }),
            code::BAD_SHAPE,
        ),
        (
            bad(Settings {
                radius: -2,
                ..Settings::default()
            }),
            code::BAD_RADIUS,
        ),
        (
            bad(Settings {
                cone_width: f64::NAN,
                ..Settings::default()
            }),
            code::BAD_CONE,
        ),
        (
            bad(Settings {
                cone_direction: f64::INFINITY,
                cone_width: 10.0,
                ..Settings::default()
            }),
            code::BAD_CONE,
        ),
    ] {
        assert_eq!(err(cx.compute((0, 0), s)).code, c, "{s:?}");
    }
    // Huge radii are fine: the field is clipped to the map.
    let s = Settings {
        radius: i32::MAX,
        shape: 3,
        ..Settings::default()
    };
    assert_eq!(cx.compute((0, 0), s).unwrap(), 6);
    assert_eq!(err(cx.generate(3, 10, 10, 1)).code, code::BAD_GENERATOR);
    assert_eq!(err(cx.generate(0, 0, 10, 1)).code, code::BAD_MAP);
    let e = err(cx.input(usize::MAX));
    assert_eq!(e.code, code::NO_MEMORY);
}

#[test]
fn the_one_way_view_refuses_maps_past_its_budget() {
    let mut cx = Context::new();
    cx.load_map(&vec![0; 200 * 200], 200, 200).unwrap();
    let e = cx
        .one_way(Settings {
            radius: 2,
            ..Settings::default()
        })
        .unwrap_err();
    assert_eq!(e.code, code::TOO_LARGE);
    assert!(e.message.contains("128 x 128"), "{e}");
}

#[test]
fn the_exported_functions_check_handles() {
    use sightlines_wasm::*;
    let h = sightlines_new();
    assert!(h > 0);
    assert_eq!(sightlines_width(h), 1);
    assert_eq!(sightlines_compute(h, 0, 0, -1, 2, 1, 0.0, 360.0), 1);
    assert_eq!(
        sightlines_compute(h, 5, 0, -1, 2, 1, 0.0, 360.0),
        code::OFF_MAP
    );
    assert!(sightlines_error_len() > 0);
    assert_eq!(sightlines_load_map(h, 3, 3), code::BAD_MAP); // the input holds 0 bytes
    assert_eq!(sightlines_generate(h, 0, 10, 8, 1, 0), 0);
    assert_eq!((sightlines_width(h), sightlines_height(h)), (10, 8));
    assert!(sightlines_catalogue(h) > 100);
    assert_eq!(sightlines_free(h), 0);
    for bad in [h, 0, -5, 1000] {
        assert_eq!(sightlines_width(bad), code::BAD_HANDLE);
        assert_eq!(sightlines_free(bad), code::BAD_HANDLE);
        assert_eq!(
            sightlines_compute(bad, 0, 0, -1, 2, 1, 0.0, 360.0),
            code::BAD_HANDLE
        );
    }
    // A freed slot is reused.
    let again = sightlines_new();
    assert_eq!(again, h);
    assert_eq!(sightlines_free(again), 0);
}

#[test]
fn the_catalogue_names_every_algorithm_with_its_properties() {
    let mut cx = Context::new();
    let json = String::from_utf8(cx.catalogue().to_vec()).unwrap();
    for &a in Algorithm::ALL {
        let p = a.properties();
        let entry = format!(
            "{{\"id\":\"{}\",\"symmetric\":\"{}\",\"walls\":\"{}\"",
            a.id(),
            p.symmetry,
            p.walls
        );
        assert!(json.contains(&entry), "{entry} in {json}");
    }
    assert!(json.starts_with('[') && json.ends_with(']'));
    let _ = bounded(Rect::new(0, 0, 1, 1), |_: i32, _: i32| false); // keeps the import honest
}

#[test]
fn the_diagonal_rule_travels_in_the_flags() {
    // A staircase of walls: (1, 0) and (0, 1) touch at a corner.
    let bytes = [0u8, 1, 0, 1, 0, 0, 0, 0, 0];
    let mut cx = Context::new();
    cx.load_map(&bytes, 3, 3).unwrap();
    cx.set_algorithm(b"precise-permissive").unwrap();
    let pass = Settings::new(-1, 0, LIT_WALLS);
    let block = Settings::new(-1, 0, LIT_WALLS | BLOCK_DIAGONAL_GAPS);
    assert_eq!(
        (pass.gaps, block.gaps),
        (DiagonalGaps::Pass, DiagonalGaps::Block)
    );
    assert!(!Settings::new(-1, 0, BLOCK_DIAGONAL_GAPS).lit_walls);
    assert!(cx.can_see((0, 0), (2, 2), pass).unwrap());
    assert!(!cx.can_see((0, 0), (2, 2), block).unwrap());
    // An algorithm without the rule refuses it with the library's message.
    cx.set_algorithm(b"restrictive").unwrap();
    let err = cx.compute((0, 0), block).unwrap_err();
    assert!(err.message.contains("does not support"), "{}", err.message);
    assert!(
        err.message.contains("precise-permissive"),
        "{}",
        err.message
    );
}
