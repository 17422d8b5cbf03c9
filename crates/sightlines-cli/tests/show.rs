//! `sightlines show`, run as a user runs it.

mod common;

use common::*;
use serde_json::Value;
use sightlines::{Algorithm, Fov, Grid, Range, Shape, VisibleSet};
use std::path::PathBuf;

/// A file holding `contents`, in a folder of its own.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    PathBuf::from(write(&temp_dir(name), name, contents))
}

const ROOM: &str = "\
#########
#@..#...#
#...#...#
#.......#
#########
";

#[test]
fn show_without_arguments_draws_the_built_in_map() {
    let o = sightlines(&["show"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let sample = Grid::parse(sightlines::SAMPLE_MAP).unwrap();
    let (vx, vy) = sample.viewer.unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[vy as usize].chars().nth(vx as usize), Some('@'));
    assert!(lines
        .last()
        .unwrap()
        .starts_with("precise-permissive from (4, 3), no radius:"));
    // Some tile the viewer cannot see is left blank.
    assert!(lines[1].len() < sightlines::SAMPLE_MAP.lines().nth(1).unwrap().len());
}

#[test]
fn json_is_exactly_the_contract_object() {
    let path = temp_file("room.txt", ROOM);
    let o = sightlines(
        &[
            "show",
            path.to_str().unwrap(),
            "--at",
            "2,2",
            "--radius",
            "5",
            "--shape",
            "diamond",
            "--format",
            "json",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 1);
    let v: Value = serde_json::from_str(&text).unwrap();
    let obj = v.as_object().unwrap();
    let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    let mut expected_keys = [
        "algorithm",
        "width",
        "height",
        "origin",
        "radius",
        "shape",
        "visible",
    ];
    expected_keys.sort();
    let mut sorted_keys = keys.clone();
    sorted_keys.sort();
    assert_eq!(sorted_keys, expected_keys);
    assert_eq!(v["algorithm"], "precise-permissive");
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(9), Some(5))
    );
    assert_eq!(v["origin"], serde_json::json!([2, 2]));
    assert_eq!(v["radius"], 5);
    assert_eq!(v["shape"], "diamond");
    let visible: Vec<(i32, i32)> = v["visible"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap() as i32, p[1].as_i64().unwrap() as i32))
        .collect();
    let mut sorted = visible.clone();
    sorted.sort_by_key(|&(x, y)| (y, x));
    assert_eq!(visible, sorted, "sorted by y, then x");
    // The same set as the library computes.
    let grid = Grid::parse(ROOM).unwrap().grid;
    let mut set = VisibleSet::new();
    Fov::new(Algorithm::PrecisePermissive)
        .compute_into(&grid, (2, 2), Range::new(5, Shape::Diamond), &mut set)
        .unwrap();
    assert_eq!(visible, set.iter().collect::<Vec<_>>());
    assert!(visible.contains(&(4, 2)) && !visible.contains(&(6, 1)));
}

#[test]
fn json_without_radius_says_null_and_reads_stdin() {
    let o = sightlines(&["show", "-", "--format", "json"], Some(ROOM));
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["radius"], Value::Null);
    assert_eq!(v["origin"], serde_json::json!([1, 1]));
    assert_eq!(v["shape"], "circle");
}

#[test]
fn text_marks_origin_and_blanks_unseen_tiles() {
    let o = sightlines(&["show", "-", "--at", "7,1"], Some(ROOM));
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1].chars().nth(7), Some('@'));
    // The map's own '@' at (1, 1) is not the viewer now, and is hidden behind the wall.
    assert!(!lines[1].starts_with("#@"));
    assert!(lines[5].contains("of 45 tiles visible"));
}

#[test]
fn output_file_gets_the_result() {
    let path = temp_file("room-out.txt", ROOM);
    let out = path.with_extension("json");
    let o = sightlines(
        &[
            "show",
            path.to_str().unwrap(),
            "-f",
            "json",
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success());
    assert!(o.stdout.is_empty());
    let v: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    assert_eq!(v["width"], 9);
}

#[test]
fn malformed_map_names_line_and_column() {
    let o = sightlines(&["show", "-"], Some("####\n#@.#\n#.\n####\n"));
    assert_fails_with(&o, "line 3, column 3:");
    let o = sightlines(&["show", "-"], Some(""));
    assert_fails_with(&o, "line 1, column 1:");
    let o = sightlines(&["show", "-"], Some("@.@\n"));
    assert_fails_with(&o, "line 1, column 3:");
}

#[test]
fn bad_input_is_one_line_and_non_zero() {
    assert_fails_with(
        &sightlines(&["show", "--algorithm", "fastest"], None),
        "unknown algorithm 'fastest'",
    );
    assert_fails_with(
        &sightlines(&["show", "--algorithm", "fastest"], None),
        "precise-permissive",
    );
    assert_fails_with(&sightlines(&["show", "--at", "100,2"], None), "off the map");
    assert_fails_with(&sightlines(&["show", "--at", "-1,2"], None), "off the map");
    assert_fails_with(&sightlines(&["show", "--at", "3"], None), "expected X,Y");
    assert_fails_with(&sightlines(&["show", "--radius", "-3"], None), "--radius");
    assert_fails_with(&sightlines(&["show", "--radius", "ten"], None), "--radius");
    assert_fails_with(
        &sightlines(&["show", "--shape", "oval"], None),
        "unknown shape 'oval'",
    );
    assert_fails_with(&sightlines(&["show", "--format", "bmp"], None), "bmp");
    assert_fails_with(
        &sightlines(&["show", "/no/such/map.txt"], None),
        "cannot read map file",
    );
    assert_fails_with(
        &sightlines(&["show", "-"], Some("....\n....\n")),
        "no viewer",
    );
    let bin = temp_file("binary.txt", "");
    std::fs::write(&bin, [0xff, 0xfe, b'#']).unwrap();
    assert_fails_with(
        &sightlines(&["show", bin.to_str().unwrap()], None),
        "not UTF-8",
    );
}

#[test]
fn origin_on_a_wall_is_allowed_but_said() {
    let o = sightlines(&["show", "-", "--at", "0,0", "--radius", "2"], Some(ROOM));
    assert!(o.status.success());
    assert!(stderr(&o).contains("opaque"));
    assert!(stdout(&o).starts_with('@'));
}

#[test]
fn huge_radius_is_the_whole_map() {
    let o = sightlines(
        &["show", "-", "--radius", "4294967295", "-f", "json"],
        Some(ROOM),
    );
    let p = sightlines(&["show", "-", "-f", "json"], Some(ROOM));
    let (a, b): (Value, Value) = (
        serde_json::from_str(&stdout(&o)).unwrap(),
        serde_json::from_str(&stdout(&p)).unwrap(),
    );
    assert_eq!(a["visible"], b["visible"]);
}

#[test]
fn algorithms_lists_every_id_with_its_properties() {
    let o = sightlines(&["algorithms"], None);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out, sightlines::catalogue_table());
    for &a in Algorithm::ALL {
        assert!(out.contains(&format!("| `{}` |", a.id())), "{a}");
    }
}

#[test]
fn every_id_works_with_every_format() {
    let path = temp_file("every-id.txt", ROOM);
    for &a in Algorithm::ALL {
        for format in ["text", "json", "svg", "png"] {
            let out = path.with_extension(format!("{}.{format}", a.id()));
            let o = sightlines(
                &[
                    "show",
                    path.to_str().unwrap(),
                    "--algorithm",
                    a.id(),
                    "--format",
                    format,
                    "--output",
                    out.to_str().unwrap(),
                ],
                None,
            );
            assert!(o.status.success(), "{a} {format}: {}", stderr(&o));
            let bytes = std::fs::read(&out).unwrap();
            assert!(!bytes.is_empty(), "{a} {format}");
            if format == "json" {
                let v: Value = serde_json::from_slice(&bytes).unwrap();
                assert_eq!(v["algorithm"], a.id());
            }
        }
    }
    // `permissive-8` is another name for `precise-permissive`.
    let o = sightlines(
        &["show", "-", "--algorithm", "permissive-8", "-f", "json"],
        Some(ROOM),
    );
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["algorithm"], "precise-permissive");
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let bom_room = format!("\u{feff}{ROOM}");
    let file = temp_file("bom.txt", &bom_room);
    let plain = sightlines(&["show", "-", "--format", "json"], Some(ROOM));
    for (map, stdin) in [
        ("-", Some(bom_room.as_str())),
        (file.to_str().unwrap(), None),
    ] {
        let json = sightlines(&["show", map, "--format", "json"], stdin);
        assert!(json.status.success(), "{}", stderr(&json));
        let v: Value = serde_json::from_str(&stdout(&json)).unwrap();
        assert_eq!(
            (v["width"].as_u64(), v["origin"][0].as_i64()),
            (Some(9), Some(1))
        );
        assert_eq!(stdout(&json), stdout(&plain));
        let text = sightlines(&["show", map], stdin);
        assert!(text.status.success(), "{}", stderr(&text));
        assert!(!stdout(&text).contains('\u{feff}'));
        assert_eq!(
            stdout(&text),
            stdout(&sightlines(&["show", "-"], Some(ROOM)))
        );
    }
}

/// The tiles of a JSON array of `[x, y]` pairs.
fn tiles(v: &Value) -> Vec<(i32, i32)> {
    v.as_array()
        .expect("an array of tiles")
        .iter()
        .map(|p| (p[0].as_i64().unwrap() as i32, p[1].as_i64().unwrap() as i32))
        .collect()
}

/// `X,Y;X,Y...` for `--visited`.
fn positions(tiles: &[(i32, i32)]) -> String {
    tiles
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(";")
}

#[test]
fn json_remembered_is_what_the_visited_tiles_saw_minus_what_is_seen_now() {
    let path = format!("{}/tests/data/cave.txt", env!("CARGO_MANIFEST_DIR"));
    let grid = Grid::parse(&std::fs::read_to_string(&path).unwrap())
        .unwrap()
        .grid;
    let floors: Vec<(i32, i32)> = (0..grid.height() as i32)
        .flat_map(|y| (0..grid.width() as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| !sightlines::Opacity::is_opaque(&grid, x, y))
        .collect();
    let cases = [
        (Algorithm::PrecisePermissive, Some(8), Shape::Circle, false),
        (Algorithm::RecursiveShadowcast, None, Shape::Circle, false),
        (Algorithm::Beveled, Some(6), Shape::Square, true),
        (Algorithm::DiamondRaycast, Some(10), Shape::Diamond, false),
        (
            Algorithm::SymmetricShadowcast,
            Some(7),
            Shape::CirclePlus,
            true,
        ),
    ];
    for (k, &(algorithm, radius, shape, dark_walls)) in cases.iter().enumerate() {
        // Viewpoints spread over the cave, different for each case.
        let pick = |i: usize| floors[(i * 7919 + k * 131) % floors.len()];
        let origin = pick(0);
        let visited = [pick(1), pick(2), pick(3), pick(4)];
        let at = format!("{},{}", origin.0, origin.1);
        let radius_arg = radius.map(|r: u32| r.to_string());
        let mut args = vec![
            "show",
            &path,
            "--at",
            &at,
            "--algorithm",
            algorithm.id(),
            "--shape",
            shape.id(),
            "--format",
            "json",
        ];
        if let Some(r) = &radius_arg {
            args.extend(["--radius", r]);
        }
        if dark_walls {
            args.push("--dark-walls");
        }
        let listed = positions(&visited);
        args.extend(["--visited", &listed]);
        let o = sightlines(&args, None);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();

        // The same fields of view, computed with the library.
        let range = Range::with_radius(radius, shape);
        let mut fov = Fov::new(algorithm);
        fov.set_lit_walls(!dark_walls);
        let mut now = VisibleSet::new();
        fov.compute_into(&grid, origin, range, &mut now).unwrap();
        let mut expected = std::collections::BTreeSet::new();
        let mut view = VisibleSet::new();
        for &tile in &visited {
            fov.compute_into(&grid, tile, range, &mut view).unwrap();
            expected.extend(view.iter().filter(|&(x, y)| !now.contains(x, y)));
        }
        let mut expected: Vec<(i32, i32)> = expected.into_iter().collect();
        expected.sort_by_key(|&(x, y)| (y, x));
        assert!(!expected.is_empty(), "case {k}: a case that shows nothing");
        assert_eq!(tiles(&v["remembered"]), expected, "case {k}: {algorithm}");
        assert_eq!(tiles(&v["visible"]), now.iter().collect::<Vec<_>>());
        if dark_walls {
            assert!(expected
                .iter()
                .all(|&(x, y)| !sightlines::Opacity::is_opaque(&grid, x, y)));
        }
    }
}

#[test]
fn json_without_a_memory_is_the_contract_byte_for_byte() {
    let grid = Grid::parse(ROOM).unwrap().grid;
    let mut set = VisibleSet::new();
    Fov::new(Algorithm::PrecisePermissive)
        .compute_into(&grid, (2, 2), Range::circle(3), &mut set)
        .unwrap();
    let visible = positions(&set.iter().collect::<Vec<_>>())
        .split(';')
        .map(|p| format!("[{}]", p.replace(',', ", ")))
        .collect::<Vec<_>>()
        .join(", ");
    let expected = format!(
        "{{\"algorithm\": \"precise-permissive\", \"width\": 9, \"height\": 5, \"origin\": [2, 2], \"radius\": 3, \"shape\": \"circle\", \"visible\": [{visible}]}}\n"
    );
    let args = ["show", "-", "--at", "2,2", "--radius", "3", "-f", "json"];
    let plain = sightlines(&args, Some(ROOM));
    assert!(plain.status.success(), "{}", stderr(&plain));
    assert_eq!(stdout(&plain), expected);
    // --save-memory alone writes the memory and changes nothing else.
    let saved = temp_file("contract-memory.json", "");
    let o = sightlines(
        &[&args[..], &["--save-memory", saved.to_str().unwrap()]].concat(),
        Some(ROOM),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), expected);
    // A memory adds one key at the end and leaves the others as they were.
    let o = sightlines(&[&args[..], &["--visited", "6,2"]].concat(), Some(ROOM));
    let with = stdout(&o);
    let head = expected.strip_suffix("}\n").unwrap();
    let tail = with.strip_prefix(head).expect("the contract's keys first");
    assert!(tail.starts_with(", \"remembered\": [[5, 0], "), "{tail}");
    assert!(tail.ends_with("]}\n"));
    // An empty memory still says so.
    let o = sightlines(
        &[&args[..], &["--memory", saved.to_str().unwrap()]].concat(),
        Some(ROOM),
    );
    assert_eq!(stdout(&o), format!("{head}, \"remembered\": []}}\n"));
}

#[test]
fn save_memory_then_memory_round_trips() {
    let map = temp_file("trip.txt", ROOM);
    let map = map.to_str().unwrap();
    let file = temp_file("trip-memory.json", "");
    let file = file.to_str().unwrap();
    let _ = std::fs::remove_file(file);
    let show = |at: &str, extra: &[&str]| {
        let o = sightlines(
            &[&["show", map, "--at", at, "--radius", "3"][..], extra].concat(),
            None,
        );
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    // Three turns of a game, the memory carried in one file ...
    show("1,1", &["--save-memory", file]);
    show("7,3", &["--memory", file, "--save-memory", file]);
    for format in ["json", "text", "svg"] {
        let carried = show("4,3", &["--memory", file, "-f", format]);
        // ... draw what one command with the same viewpoints visited draws.
        let replayed = show("4,3", &["--visited", "1,1;7,3", "-f", format]);
        assert_eq!(carried, replayed, "{format}");
    }
    // The file (format 2) names its map and holds the library's Memory,
    // with both turns' views.
    let file_json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(file_json["sightlines_memory_file"], 2);
    assert_eq!(file_json["map"]["width"], 9);
    assert_eq!(file_json["map"]["height"], 5);
    assert!(file_json["map"]["walls"]
        .as_str()
        .is_some_and(|w| w.starts_with("fnv1a64:") && w.len() == 8 + 16));
    let saved: sightlines::Memory = serde_json::from_value(file_json["memory"].clone()).unwrap();
    let grid = Grid::parse(ROOM).unwrap().grid;
    assert_eq!(saved.area(), grid.rect());
    let mut expected = sightlines::Memory::new(grid.rect()).unwrap();
    let mut view = VisibleSet::new();
    for origin in [(1, 1), (7, 3)] {
        Fov::default()
            .compute_into(&grid, origin, Range::circle(3), &mut view)
            .unwrap();
        expected.remember(&view);
    }
    assert_eq!(saved, expected);
    // Saving what was loaded with nothing new seen gives the same file.
    let before = std::fs::read(file).unwrap();
    show("1,1", &["--memory", file, "--save-memory", file]);
    assert_eq!(std::fs::read(file).unwrap(), before);
}

#[test]
fn text_draws_remembered_floors_and_walls_and_counts_them() {
    // Within 2 tiles of (1, 1), and of (7, 1) beyond the wall at x = 4:
    // seen tiles as written, remembered floors ',' and walls ':', the rest
    // never seen and blank.
    let o = sightlines(&["show", "-", "--visited", "7,1", "-r", "2"], Some(ROOM));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "\
###   :::
#@.. ,,,:
#..   ,,:
 .     ,

precise-permissive from (1, 1), radius 2 (circle): 11 of 45 tiles visible, 11 remembered
"
    );
    // The library agrees on which tiles those are.
    let grid = Grid::parse(ROOM).unwrap().grid;
    let mut memory = sightlines::Memory::new(grid.rect()).unwrap();
    let mut view = VisibleSet::new();
    let mut fov = Fov::default();
    fov.compute_into(&grid, (7, 1), Range::circle(2), &mut view)
        .unwrap();
    memory.remember(&view);
    fov.compute_into(&grid, (1, 1), Range::circle(2), &mut view)
        .unwrap();
    let remembered = memory.iter().filter(|&(x, y)| !view.contains(x, y));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    for (x, y) in remembered {
        let glyph = lines[y as usize].chars().nth(x as usize);
        assert!(matches!(glyph, Some(',' | ':')), "({x}, {y}): {glyph:?}");
    }
    // The option repeated is the list.
    let repeated = sightlines(
        &[
            "show",
            "-",
            "--visited",
            "7,1",
            "--visited",
            "6,2",
            "-f",
            "json",
        ],
        Some(ROOM),
    );
    let listed = sightlines(
        &["show", "-", "--visited", "7,1;6,2", "-f", "json"],
        Some(ROOM),
    );
    assert!(repeated.status.success() && listed.status.success());
    assert_eq!(stdout(&repeated), stdout(&listed));
}

/// Two walls touching at a corner on the viewer's diagonal.
const STAIRCASE: &str = "\
@....
..#..
.#...
.....
.....
";

#[test]
fn diagonal_gaps_block_seals_a_staircase_wall_as_the_library_does() {
    let map = temp_file("staircase.txt", STAIRCASE);
    let grid = Grid::parse(STAIRCASE).unwrap().grid;
    for id in [
        "symmetric-shadowcast",
        "recursive-shadowcast",
        "raycast",
        "basic-raycast",
    ] {
        let mut counts = Vec::new();
        for gaps in ["pass", "block"] {
            let o = sightlines(
                &[
                    "show",
                    map.to_str().unwrap(),
                    "-a",
                    id,
                    "--diagonal-gaps",
                    gaps,
                    "-f",
                    "json",
                ],
                None,
            );
            assert_ok(&o);
            let json: Value = serde_json::from_str(&stdout(&o)).unwrap();
            let visible: Vec<(i32, i32)> = json["visible"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_i64().unwrap() as i32, p[1].as_i64().unwrap() as i32))
                .collect();
            let mut fov = Fov::new(id.parse().unwrap());
            fov.set_diagonal_gaps(gaps.parse().unwrap());
            let mut set = VisibleSet::new();
            fov.compute_into(&grid, (0, 0), Range::UNLIMITED, &mut set)
                .unwrap();
            assert_eq!(visible, set.iter().collect::<Vec<_>>(), "{id} {gaps}");
            counts.push(visible.len());
        }
        // Sealed: less is seen, and never the far corner.
        assert!(counts[1] < counts[0], "{id}: {counts:?}");
    }
}

#[test]
fn diagonal_gaps_errors_name_the_way_out() {
    let map = temp_file("staircase-errors.txt", STAIRCASE);
    let path = map.to_str().unwrap();
    let o = sightlines(&["show", path, "--diagonal-gaps", "seal"], None);
    assert_fails_with(&o, "use 'pass'");
    // The default algorithm keeps the rule; restrictive does not yet.
    let o = sightlines(&["show", path, "--diagonal-gaps", "block"], None);
    assert_ok(&o);
    let o = sightlines(
        &[
            "show",
            path,
            "-a",
            "restrictive",
            "--diagonal-gaps",
            "block",
        ],
        None,
    );
    assert_fails_with(&o, "does not support the diagonal rule");
    assert!(
        stderr(&o).contains("precise-permissive, symmetric-shadowcast, recursive-shadowcast"),
        "{}",
        stderr(&o)
    );
    // compare leaves such algorithms out, and says so.
    let o = sightlines(&["compare", path, "--diagonal-gaps", "block"], None);
    assert_ok(&o);
    let note = stderr(&o);
    assert!(
        note.contains("leaving out") && note.contains("restrictive"),
        "{note}"
    );
    assert!(!note.contains("precise-permissive,"), "{note}");
    assert!(stdout(&o).contains("recursive-shadowcast"));
    let o = sightlines(
        &["compare", path, "-a", "beveled", "--diagonal-gaps", "block"],
        None,
    );
    assert_fails_with(&o, "none of these algorithms keeps the diagonal rule");
}

const SMOKY: &str = "\
############
#@...~~....#
#....~~.#..#
#..\"\"......#
############
";

/// `--translucent`: JSON's visible tiles and their visibility are the
/// library's, for algorithms that see through translucent tiles, and
/// with a lower starting visibility.
#[test]
fn translucent_json_is_the_library_field_with_its_visibility() {
    let map = temp_file("smoky.txt", SMOKY);
    let levels = sightlines::LevelGrid::parse_with(SMOKY, |c| match c {
        '#' => 255,
        '~' => 96,
        '"' => 48,
        _ => 0,
    })
    .unwrap()
    .levels;
    for id in [
        "precise-permissive",
        "recursive-shadowcast",
        "symmetric-shadowcast",
    ] {
        for visibility in ["255", "150"] {
            let o = sightlines(
                &[
                    "show",
                    map.to_str().unwrap(),
                    "-a",
                    id,
                    "--translucent",
                    "~=96,\"=48",
                    "--visibility",
                    visibility,
                    "-f",
                    "json",
                ],
                None,
            );
            assert_ok(&o);
            let json: Value = serde_json::from_str(&stdout(&o)).unwrap();
            let got: Vec<(i32, i32, u8)> = json["visible"]
                .as_array()
                .unwrap()
                .iter()
                .zip(json["visibility"].as_array().unwrap())
                .map(|(p, v)| {
                    (
                        p[0].as_i64().unwrap() as i32,
                        p[1].as_i64().unwrap() as i32,
                        v.as_u64().unwrap() as u8,
                    )
                })
                .collect();
            assert_eq!(
                got.len(),
                json["visibility"].as_array().unwrap().len(),
                "{id}"
            );
            let mut fov = Fov::new(id.parse().unwrap());
            fov.set_visibility(visibility.parse().unwrap());
            let mut want = Vec::new();
            fov.compute_translucent(&levels, (1, 1), Range::UNLIMITED, |x, y, v| {
                want.push((x, y, v))
            })
            .unwrap();
            want.sort_by_key(|&(x, y, _)| (y, x));
            assert_eq!(got, want, "{id} from {visibility}");
            // Dimmed: the tile behind the smoke, seen through both columns
            // at full visibility, and not at all from 150.
            let behind = got.iter().find(|t| (t.0, t.1) == (7, 1)).map(|t| t.2);
            let want_behind = if visibility == "255" {
                Some(255 - 2 * 96)
            } else {
                None
            };
            assert_eq!(behind, want_behind, "{id} from {visibility}");
        }
    }
}

#[test]
fn translucent_text_says_what_dims_and_pictures_shade() {
    let map = temp_file("smoky-text.txt", SMOKY);
    let path = map.to_str().unwrap();
    let args = [
        "show",
        path,
        "-a",
        "recursive-shadowcast",
        "--translucent",
        "~=96,\"=48",
    ];
    let o = sightlines(&args, None);
    assert_ok(&o);
    let out = stdout(&o);
    assert!(
        out.contains("through translucent tiles ('~' 96, '\"' 48), sight starting at 255:"),
        "{out}"
    );
    let picture = temp_dir("smoky-png").join("smoky.png");
    let mut with_png = args.to_vec();
    with_png.extend(["-f", "png", "-o", picture.to_str().unwrap()]);
    assert_ok(&sightlines(&with_png, None));
    assert!(std::fs::metadata(&picture).unwrap().len() > 100);
}

#[test]
fn translucent_errors_name_the_way_out() {
    let map = temp_file("smoky-errors.txt", SMOKY);
    let path = map.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["show", path, "-a", "recursive-shadowcast"];
        args.extend_from_slice(extra);
        sightlines(&args, None)
    };
    assert_fails_with(
        &run(&["--translucent", "~=300"]),
        "out of range; levels run from 1",
    );
    assert_fails_with(&run(&["--translucent", "~=0"]), "out of range");
    assert_fails_with(&run(&["--translucent", "~96"]), "expected '=' after '~'");
    assert_fails_with(&run(&["--translucent", "~=x"]), "not a number");
    assert_fails_with(&run(&["--translucent", "~=9,~=8"]), "given twice");
    assert_fails_with(&run(&["--translucent", "#=30"]), "both a wall");
    assert_fails_with(
        &run(&["--translucent", "~=30", "--visibility", "0"]),
        "sees nothing",
    );
    // The diagonal rule goes with it.
    assert_ok(&run(&["--translucent", "~=30", "--diagonal-gaps", "block"]));
    assert_fails_with(
        &sightlines(
            &["show", path, "-a", "restrictive", "--translucent", "~=30"],
            None,
        ),
        "does not support translucent tiles",
    );
    // A comma can dim too.
    assert_ok(&run(&["--translucent", ",=40,~=9"]));
}
