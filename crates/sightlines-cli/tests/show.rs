//! `sightlines show`, run as a user runs it.

use serde_json::Value;
use sightlines::{Algorithm, Fov, Grid, Range, Shape, VisibleSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn sightlines(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sightlines"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sightlines");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sightlines-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A failure: non-zero exit, nothing on stdout, one line on stderr containing `needle`.
fn assert_fails_with(o: &Output, needle: &str) {
    assert!(!o.status.success(), "should fail: {}", stdout(o));
    assert!(o.stdout.is_empty(), "stdout: {}", stdout(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    assert!(err.contains(needle), "{err:?} should contain {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
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
