//! Every claim of the catalogue (`Algorithm::properties`) checked on maps:
//! a claim of symmetry fails on the first counterexample, a claim of no
//! symmetry fails when no counterexample turns up.

mod common;

use common::*;
use sightlines::{Algorithm, Fov, Grid, Opacity, Range, SightModel, Symmetry, VisibleSet};

/// Fields of view from every tile of `g`, indexed like `grid_tiles`.
fn all_fovs(fov: &mut Fov, g: &Grid) -> (Vec<(i32, i32)>, Vec<VisibleSet>) {
    let tiles: Vec<_> = grid_tiles(g).collect();
    let sets = tiles
        .iter()
        .map(|&t| {
            let mut s = VisibleSet::new();
            fov.compute_into(g, t, Range::UNLIMITED, &mut s).unwrap();
            s
        })
        .collect();
    (tiles, sets)
}

/// The first pair (a, b) the symmetry rule applies to where a sees b but b does not see a.
fn asymmetric_pair(
    g: &Grid,
    tiles: &[(i32, i32)],
    sets: &[VisibleSet],
    floors_only: bool,
) -> Option<((i32, i32), (i32, i32))> {
    for (i, &a) in tiles.iter().enumerate() {
        for (j, &b) in tiles.iter().enumerate() {
            if floors_only && (g.is_opaque(a.0, a.1) || g.is_opaque(b.0, b.1)) {
                continue;
            }
            if sets[i].contains(b.0, b.1) && !sets[j].contains(a.0, a.1) {
                return Some((a, b));
            }
        }
    }
    None
}

#[test]
fn symmetry_claims_hold() {
    for &algorithm in Algorithm::ALL {
        let claim = algorithm.properties().symmetry;
        let mut fov = Fov::new(algorithm);
        let mut rng = Rng(0xC0FFEE);
        let mut counterexample = None;
        // Small dense maps first, then long sparse ones: some asymmetries
        // need sight lines longer than 16 tiles to show.
        for n in 0..1200 {
            let (w, h, density) = if n < 800 {
                (
                    1 + rng.below(10) as u32,
                    1 + rng.below(10) as u32,
                    rng.below(50),
                )
            } else {
                (
                    16 + rng.below(12) as u32,
                    3 + rng.below(8) as u32,
                    2 + rng.below(14),
                )
            };
            let g = random_grid(&mut rng, w, h, density);
            let (tiles, sets) = all_fovs(&mut fov, &g);
            let floors_only = claim != Symmetry::Full;
            if let Some(pair) = asymmetric_pair(&g, &tiles, &sets, floors_only) {
                counterexample = Some((g, pair));
                break;
            }
        }
        match (claim, counterexample) {
            (Symmetry::Full | Symmetry::Floors, Some((g, (a, b)))) => {
                panic!("{algorithm} claims {claim:?} symmetry, but {a:?} sees {b:?} and not back on\n{}", g.to_text())
            }
            (Symmetry::None, None) => {
                panic!("{algorithm} claims no symmetry, yet 1200 random maps showed none")
            }
            _ => {}
        }
    }
}

#[test]
fn diagonal_gap_claims_hold() {
    // Two walls touch at a corner between the viewer and the tiles beyond;
    // in each of the four diagonal directions.
    for &algorithm in Algorithm::ALL {
        let claim = algorithm.properties().diagonal_gaps;
        for (sx, sy) in [(1, 1), (-1, 1), (-1, -1), (1, -1)] {
            let map = move |x: i32, y: i32| (x, y) == (sx, 0) || (x, y) == (0, sy);
            let seen = fov_set(algorithm, &map, (0, 0), Range::square(4));
            for k in 1..=3 {
                assert_eq!(
                    seen.contains(&(k * sx, k * sy)),
                    claim,
                    "{algorithm}: diagonal gap toward ({sx}, {sy}), tile {k} along it"
                );
            }
        }
    }
}

#[test]
fn expansive_wall_claims_hold() {
    for &algorithm in Algorithm::ALL {
        let claim = algorithm.properties().expansive_walls;
        for (wall, origin) in [(0, (0, 1)), (0, (5, -1)), (3, (-2, 1))] {
            // A straight wall along row `wall`; the viewer stands right next to it.
            let map = move |_x: i32, y: i32| y == wall;
            let r = 12;
            let seen = fov_set(algorithm, &map, origin, Range::circle(r));
            let wall_in_range: Vec<_> = (-(r as i32)..=r as i32)
                .map(|dx| (origin.0 + dx, wall))
                .filter(|&(x, y)| {
                    Range::circle(r).contains(i64::from(x - origin.0), i64::from(y - origin.1))
                })
                .collect();
            let all_lit = wall_in_range.iter().all(|t| seen.contains(t));
            assert_eq!(
                all_lit, claim,
                "{algorithm}: wall row {wall} from {origin:?}"
            );
        }
    }
}

#[test]
fn rotation_invariance_claims_hold() {
    for &algorithm in Algorithm::ALL {
        let claim = algorithm.properties().invariant;
        let mut rng = Rng(0x8017);
        let mut counterexample = None;
        'maps: for _ in 0..600 {
            let (w, h) = (1 + rng.below(14) as u32, 1 + rng.below(14) as u32);
            let density = rng.below(50);
            let g = random_grid(&mut rng, w, h, density);
            let origin = (
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            let range = Range::new(
                rng.below(16) as u32,
                sightlines::Shape::ALL[rng.below(4) as usize],
            );
            let base = fov_set(algorithm, &g, origin, range);
            let (wi, hi) = (w as i32, h as i32);
            for t in TRANSFORMS {
                let seen = fov_set(
                    algorithm,
                    &transform_grid(t, &g),
                    transform_pos(t, wi, hi, origin),
                    range,
                );
                let expected: std::collections::BTreeSet<_> =
                    base.iter().map(|&p| transform_pos(t, wi, hi, p)).collect();
                if seen != expected {
                    counterexample = Some((g.to_text(), origin, t));
                    break 'maps;
                }
            }
        }
        match (claim, counterexample) {
            (true, Some((map, origin, t))) => panic!("{algorithm} claims rotation invariance; transform {t:?} from {origin:?} differs on\n{map}"),
            (false, None) => panic!("{algorithm} claims no rotation invariance, yet 600 maps showed none"),
            _ => {}
        }
    }
}

#[test]
fn tile_to_tile_claims_equal_the_brute_force() {
    let mut rng = Rng(0x7171);
    for &algorithm in Algorithm::ALL {
        if algorithm.properties().sight != SightModel::TileToTile {
            continue;
        }
        for _ in 0..300 {
            let (w, h) = (1 + rng.below(12) as u32, 1 + rng.below(12) as u32);
            let density = rng.below(50);
            let g = random_grid(&mut rng, w, h, density);
            let origin = (
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            assert_eq!(
                fov_set(algorithm, &g, origin, Range::UNLIMITED),
                brute_fov(&g, origin, grid_tiles(&g))
            );
        }
    }
}

#[test]
fn every_id_round_trips_and_the_table_lists_it() {
    let table = sightlines::catalogue_table();
    for &algorithm in Algorithm::ALL {
        assert_eq!(algorithm.id().parse::<Algorithm>(), Ok(algorithm));
        assert!(
            table.contains(&format!("| `{}` |", algorithm.id())),
            "{algorithm}"
        );
        assert_eq!(
            algorithm.is_symmetric(),
            algorithm.properties().symmetry != Symmetry::None
        );
    }
    assert_eq!(table.lines().count(), Algorithm::ALL.len() + 2);
}

#[test]
fn crate_docs_show_the_current_table() {
    // The crate docs include catalogue.md; regenerate it with
    // `SIGHTLINES_BLESS=1 cargo test -p sightlines --test catalogue`.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/catalogue.md");
    let table = sightlines::catalogue_table();
    if std::env::var_os("SIGHTLINES_BLESS").is_some() {
        std::fs::write(path, &table).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(path).unwrap(),
        table,
        "catalogue.md is stale; rerun with SIGHTLINES_BLESS=1"
    );
}

#[test]
fn readme_shows_the_current_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let (start, end) = ("<!-- catalogue:start -->\n", "<!-- catalogue:end -->");
    let a = readme
        .find(start)
        .expect("README has a catalogue:start marker")
        + start.len();
    let b = readme.find(end).expect("README has a catalogue:end marker");
    let table = sightlines::catalogue_table();
    if std::env::var_os("SIGHTLINES_BLESS").is_some() {
        std::fs::write(path, format!("{}{}{}", &readme[..a], table, &readme[b..])).unwrap();
    } else {
        assert_eq!(
            &readme[a..b],
            table,
            "README's catalogue is stale; rerun with SIGHTLINES_BLESS=1"
        );
    }
}
