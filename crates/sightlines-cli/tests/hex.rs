//! `sightlines show` on hex maps, run as a user runs it.

mod common;

use common::*;
use serde_json::Value;
use sightlines::hex::{distance, HexAlgorithm, HexFov, HexGrid};
use sightlines::VisibleSet;

fn room() -> String {
    data("hex-room.txt")
}

/// The library's field of view on the committed hex room.
fn library(algorithm: HexAlgorithm, origin: (i32, i32), radius: Option<u32>) -> Vec<(i32, i32)> {
    let parsed = HexGrid::parse(&std::fs::read_to_string(room()).unwrap()).unwrap();
    let mut seen = VisibleSet::new();
    HexFov::new(algorithm)
        .compute_into(&parsed.grid, origin, radius, &mut seen)
        .unwrap();
    seen.iter().collect()
}

fn hexes(v: &Value) -> Vec<(i32, i32)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap() as i32, p[1].as_i64().unwrap() as i32))
        .collect()
}

#[test]
fn json_is_exactly_the_hex_contract_object() {
    let o = sightlines(
        &[
            "show",
            &room(),
            "--at",
            "1,3",
            "--radius",
            "3",
            "-f",
            "json",
        ],
        None,
    );
    assert_ok(&o);
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 1);
    assert!(
        text.starts_with("{\"grid\": \"hex\", \"layout\": \"odd-r\", \"algorithm\": \"hex-shadowcast\", \"width\": 9, \"height\": 6, \"origin\": [1, 3], \"radius\": 3, \"visible\": [["),
        "{text}"
    );
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "algorithm",
            "grid",
            "height",
            "layout",
            "origin",
            "radius",
            "visible",
            "width"
        ]
    );
    let visible = hexes(&v["visible"]);
    let mut sorted = visible.clone();
    sorted.sort_by_key(|&(q, r)| (r, q));
    assert_eq!(visible, sorted, "sorted by r, then q");
    assert_eq!(visible, library(HexAlgorithm::Shadowcast, (1, 3), Some(3)));
    assert!(visible.iter().all(|&h| distance(h, (1, 3)) <= 3));
    assert!(visible.contains(&(1, 3)));
}

#[test]
fn every_hex_algorithm_is_the_library_s_and_the_viewer_is_the_map_s() {
    for algorithm in HexAlgorithm::ALL {
        let o = sightlines(&["show", &room(), "-a", algorithm.id(), "-f", "json"], None);
        assert_ok(&o);
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["algorithm"], algorithm.id());
        // The '@' is odd-r (2, 2), axial (1, 2).
        assert_eq!(v["origin"], serde_json::json!([1, 2]));
        assert_eq!(v["radius"], Value::Null);
        assert_eq!(hexes(&v["visible"]), library(algorithm, (1, 2), None));
    }
}

#[test]
fn text_is_the_hex_map_with_unseen_hexes_marked_and_reads_back() {
    let o = sightlines(&["show", &room()], None);
    assert_ok(&o);
    let out = stdout(&o);
    assert_eq!(
        out,
        "\
hex odd-r
? # # # # # # # ?
 # . . . . . . ? ?
# . @ . # ? ? ? ?
 # . . . # ? ? ? ?
# . . . # ? ? ? ?
 # # # # ? ? ? ? ?
"
    );
    let back = HexGrid::parse(&out).unwrap();
    assert_eq!(back.viewer, Some((1, 2)));
    assert_eq!((back.grid.width(), back.grid.height()), (9, 6));
    // --at moves the viewer (axial), the map's '@' becomes floor; --dark-walls
    // leaves the walls out.
    let o = sightlines(
        &["show", "-", "--at", "4,1", "-r", "1", "--dark-walls"],
        Some(&std::fs::read_to_string(room()).unwrap()),
    );
    assert_ok(&o);
    assert_eq!(
        stdout(&o),
        "\
hex odd-r
? ? ? ? ? ? ? ? ?
 ? ? ? . @ . ? ? ?
? ? ? ? ? . ? ? ?
 ? ? ? ? ? ? ? ? ?
? ? ? ? ? ? ? ? ?
 ? ? ? ? ? ? ? ? ?
"
    );
}

#[test]
fn flat_top_layouts_and_explicit_defaults() {
    let map = "hex even-q\n. . .\n. @ .\n. . .\n";
    let o = sightlines(
        &[
            "show",
            "-",
            "--shape",
            "circle",
            "-a",
            "hex-shadowcast",
            "-f",
            "json",
        ],
        Some(map),
    );
    assert_ok(&o);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["layout"], "even-q");
    assert_eq!(v["origin"], serde_json::json!([1, 0])); // even-q (1, 1)
    assert_eq!(hexes(&v["visible"]).len(), 9);
}

#[test]
fn bad_hex_maps_name_line_and_column() {
    let dir = temp_dir("hex-errors");
    let cases = [
        (
            "hex odd-x\n. .\n",
            "line 1, column 5: unknown hex layout 'odd-x'",
        ),
        (
            "hex\n. .\n",
            "line 1, column 1: a hex map starts with a line 'hex odd-r'",
        ),
        (
            "hex odd-r\n. . .\n . .\n",
            "line 3, column 6: this row has 2 hexes but the first row has 3",
        ),
        (
            "hex odd-r\n. . .\n. @ .\n",
            "line 3, column 1: row 1 is shifted in odd-r",
        ),
        ("hex odd-r\n", "line 2, column 1: the hex map has no rows"),
        ("hex odd-r\n@ .\n . @\n", "line 3, column 4: a second '@'"),
    ];
    for (i, (text, want)) in cases.into_iter().enumerate() {
        let path = write(&dir, &format!("bad{i}.txt"), text);
        let o = sightlines(&["show", &path], None);
        assert_fails_with(&o, &format!("{path}: {want}"));
        assert_eq!(o.status.code(), Some(1), "{text:?}");
    }
}

#[test]
fn origins_off_the_hex_map_or_missing() {
    // Axial (9, 0) is odd-r (9, 0) and (-3, 6) is (0, 6), past the 9 x 6
    // room; (-2, 0) is offset (-2, 0); (-1, 3) is offset (0, 3), on the map.
    for at in ["9,0", "-3,6", "-2,0", "0,-1", "2147483647,2147483647"] {
        let o = sightlines(&["show", &room(), "--at", at], None);
        assert_fails_with(&o, "is off the hex map");
        assert_eq!(o.status.code(), Some(1));
    }
    let o = sightlines(&["show", &room(), "--at", "-2,0"], None);
    assert_fails_with(&o, "origin (-2, 0) is off the hex map");
    assert!(stderr(&o).contains("9 x 6 hexes in odd-r"));
    assert_ok(&sightlines(&["show", &room(), "--at", "-1,3"], None));
    let o = sightlines(&["show", "-"], Some("hex odd-r\n. .\n . .\n"));
    assert_fails_with(&o, "no viewer; mark one hex with '@' or pass --at Q,R");
    // On a wall: allowed, with a note.
    let o = sightlines(&["show", &room(), "--at", "0,0"], None);
    assert_ok(&o);
    assert!(stderr(&o).contains("origin (0, 0) is on an opaque hex"));
}

#[test]
fn the_algorithm_must_be_of_the_map_s_family() {
    let o = sightlines(&["show", &room(), "-a", "precise-permissive"], None);
    assert_fails_with(&o, "'precise-permissive' is a square-grid algorithm and");
    assert!(stderr(&o).contains(
        "is a hex map; use one of hex-shadowcast, hex-symmetric-shadowcast, hex-raycast"
    ));
    assert_eq!(o.status.code(), Some(2));
    let o = sightlines(&["show", "-a", "hex-raycast"], None);
    assert_fails_with(
        &o,
        "'hex-raycast' is a hex algorithm and <built-in map> is a square map; use one of precise-permissive,",
    );
    assert_eq!(o.status.code(), Some(2));
    // An unknown id lists both families.
    let o = sightlines(&["show", &room(), "-a", "hex-fov9"], None);
    assert_fails_with(
        &o,
        "on hex maps: hex-shadowcast, hex-symmetric-shadowcast, hex-raycast",
    );
}

#[test]
fn square_only_options_are_refused_on_hex_maps() {
    for (args, want) in [
        (
            &["--shape", "diamond"][..],
            "--shape diamond does not apply to hex maps",
        ),
        (&["--walls", "#T"][..], "--walls does not apply to hex maps"),
        (
            &["--diagonal-gaps", "block"][..],
            "--diagonal-gaps does not apply to hex maps",
        ),
        (&["--visited", "1,2"][..], "do not read hex maps yet"),
        (&["--memory", "m.json"][..], "do not read hex maps yet"),
    ] {
        let mut all = vec!["show", "-"];
        all.extend_from_slice(args);
        let o = sightlines(&all, Some("hex odd-r\n@ .\n"));
        assert_fails_with(&o, want);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

/// Two walls side by side below the viewer (odd-r (1, 1), axial (1, 1)):
/// the centre-to-centre line to the hex below them, odd-r (1, 3), axial
/// (0, 3), runs along the seam between them.
const SEAM: &str = "hex odd-r\n. . . . .\n . @ . . .\n. # # . .\n . . . . .\n. . . . .\n";

/// The library's field of view on a hex map's text.
fn library_on(
    map: &str,
    algorithm: HexAlgorithm,
    origin: (i32, i32),
    radius: Option<u32>,
) -> VisibleSet {
    let parsed = HexGrid::parse(map).unwrap();
    let mut seen = VisibleSet::new();
    HexFov::new(algorithm)
        .compute_into(&parsed.grid, origin, radius, &mut seen)
        .unwrap();
    seen
}

#[test]
fn compare_points_out_the_seam_precise_permissive_opens() {
    // The library's answer: precise permissive sees through the seam,
    // shadowcasting does not, and within 2 rings that is their only quarrel.
    let shut = library_on(SEAM, HexAlgorithm::Shadowcast, (1, 1), Some(2));
    let open = library_on(SEAM, HexAlgorithm::PrecisePermissive, (1, 1), Some(2));
    assert!(open.contains(0, 3) && !shut.contains(0, 3));
    let o = sightlines(
        &[
            "compare",
            "-",
            "-a",
            "hex-shadowcast,hex-precise-permissive",
            "-r",
            "2",
        ],
        Some(SEAM),
    );
    assert_ok(&o);
    let want = format!(
        "\
hex-shadow  hex-precis
. . . .     . . . .
 . @ . .     . @ . .
. # # .     . # # .
   -           +

from (1, 1), radius 2 (rings): 1 hex where the algorithms disagree ('+': seen here, missed by another; '-': missed here, seen by another)
  hex-shadowcast: {} hexes seen, 0 of them not seen by every other
  hex-precise-permissive: {} hexes seen, 1 of them not seen by every other
",
        shut.len(),
        open.len()
    );
    assert_eq!(stdout(&o), want);
}

#[test]
fn compare_defaults_to_every_hex_algorithm_and_counts_as_the_library() {
    let fields: Vec<VisibleSet> = HexAlgorithm::ALL
        .iter()
        .map(|&a| library_on(SEAM, a, (1, 1), None))
        .collect();
    let grid = HexGrid::parse(SEAM).unwrap().grid;
    let disputed: Vec<(i32, i32)> = (0..5)
        .flat_map(|w| (0..5).map(move |c| (c, w)))
        .map(|(c, w)| grid.to_axial(c, w).unwrap())
        .filter(|&(q, r)| {
            let n = fields.iter().filter(|f| f.contains(q, r)).count();
            n != 0 && n != fields.len()
        })
        .collect();
    assert!(disputed.contains(&(0, 3)) && disputed.len() > 1);
    let o = sightlines(&["compare", "-", "--at", "1,1"], Some(SEAM));
    assert_ok(&o);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // One title a panel, each panel as wide as the map's text (10 characters).
    assert_eq!(lines[0], "hex-shadow  hex-symmet  hex-raycas  hex-precis");
    assert_eq!(lines[1], ". . . . .   . . . . .   . . . . .   . . . . .");
    assert_eq!(
        lines[6],
        format!(
            "from (1, 1), no radius: {} hexes where the algorithms disagree ('+': seen here, missed by another; '-': missed here, seen by another)",
            disputed.len()
        )
    );
    for (i, (a, seen)) in HexAlgorithm::ALL.iter().zip(&fields).enumerate() {
        let own = disputed
            .iter()
            .filter(|&&(q, r)| seen.contains(q, r))
            .count();
        assert_eq!(
            lines[7 + i],
            format!(
                "  {a}: {} hexes seen, {own} of them not seen by every other",
                seen.len()
            )
        );
    }
    // The seam hex, the second of its shifted row (after the shift's space,
    // a hex and a space): '-' where missed, '+' where seen.
    let seam_column = 3;
    for (panel, mark) in [(0, '-'), (1, '-'), (3, '+')] {
        let at = panel * 12 + seam_column;
        assert_eq!(
            lines[4].chars().nth(at),
            Some(mark),
            "panel {panel}: {:?}",
            lines[4]
        );
    }
}

#[test]
fn compare_refuses_square_ids_and_square_options_on_hex_maps() {
    for (args, want) in [
        (
            &["-a", "hex-raycast,restrictive"][..],
            "'restrictive' is a square-grid algorithm and <stdin> is a hex map; use one of hex-shadowcast, hex-symmetric-shadowcast, hex-raycast, hex-precise-permissive",
        ),
        (
            &["--shape", "diamond"][..],
            "--shape diamond does not apply to hex maps",
        ),
        (&["--walls", "#T"][..], "--walls does not apply to hex maps"),
        (
            &["--diagonal-gaps", "block"][..],
            "--diagonal-gaps does not apply to hex maps",
        ),
    ] {
        let mut all = vec!["compare", "-"];
        all.extend_from_slice(args);
        let o = sightlines(&all, Some(SEAM));
        assert_fails_with(&o, want);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    let o = sightlines(&["compare", "-", "--at", "9,0"], Some(SEAM));
    assert_fails_with(&o, "origin (9, 0) is off the hex map <stdin>");
    assert_eq!(o.status.code(), Some(1));
    // And a hex id on a square map names the square ids.
    let o = sightlines(&["compare", "-a", "precise-permissive,hex-raycast"], None);
    assert_fails_with(
        &o,
        "'hex-raycast' is a hex algorithm and <built-in map> is a square map; use one of precise-permissive,",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn compare_pictures_have_a_hexagon_panel_an_algorithm() {
    let svg = stdout(&sightlines(
        &["compare", "-", "-f", "svg", "--tile-size", "24"],
        Some(SEAM),
    ));
    let shapes = polygons(&svg);
    let rings = shapes.iter().filter(|(_, f)| f == "#d55e00").count();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let titles: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .filter(|t| t.contains(" seen, "))
        .collect();
    assert_eq!(titles.len(), 4, "{titles:?}");
    for (title, a) in titles.iter().zip(HexAlgorithm::ALL) {
        assert!(title.starts_with(&format!("{a}: ")), "{title}");
    }
    let disputed: usize = svg
        .split("not all agree: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the legend's count");
    // Every hex of the 5 x 5 map in each panel, the disputed ones ringed.
    assert_eq!(rings, 4 * disputed);
    assert_eq!(shapes.len(), 4 * 25 + rings);
    for (corners, _) in &shapes {
        assert_eq!(corners.len(), 6);
    }
    // The PNG is the same picture: its size, and in the first panel
    // (hex-shadowcast) the seam hex an unseen floor ringed in vermillion.
    let dir = temp_dir("hex-compare-png");
    let png = dir.join("seam.png");
    let path = write(&dir, "seam.txt", SEAM);
    let o = sightlines(
        &[
            "compare",
            &path,
            "-f",
            "png",
            "--tile-size",
            "24",
            "-o",
            png.to_str().unwrap(),
        ],
        None,
    );
    assert_ok(&o);
    let (w, h, px) = decode_png(&std::fs::read(&png).unwrap());
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some(w.to_string().as_str()));
    assert_eq!(root.attribute("height"), Some(h.to_string().as_str()));
    let (x, y) = pointy_centre(24.0, 1, 3, true);
    assert_eq!(pixel(&px, w, x, y), [0x8C, 0x8C, 0x8C]);
    assert_eq!(pixel(&px, w, x, y + 11), [0xD5, 0x5E, 0x00]);
    // A hex all agree on has no ring.
    let (x, y) = pointy_centre(24.0, 0, 0, false);
    assert_eq!(pixel(&px, w, x, y + 11), [0xF0, 0xE4, 0x42]);
}

#[test]
fn check_counts_the_one_way_pairs_the_library_gives() {
    let grid = HexGrid::parse(&std::fs::read_to_string(room()).unwrap())
        .unwrap()
        .grid;
    let floors: Vec<(i32, i32)> = (0..grid.height() as i32)
        .flat_map(|w| (0..grid.width() as i32).map(move |c| (c, w)))
        .filter(|&(c, w)| !grid.is_opaque_offset(c, w))
        .map(|(c, w)| grid.to_axial(c, w).unwrap())
        .collect();
    for algorithm in HexAlgorithm::ALL {
        let fields: Vec<Vec<(i32, i32)>> = floors
            .iter()
            .map(|&o| library(algorithm, o, None))
            .collect();
        let mut want = 0;
        for (i, a) in floors.iter().enumerate() {
            for (j, b) in floors.iter().enumerate() {
                want += usize::from(fields[i].contains(b) && !fields[j].contains(a));
            }
        }
        let o = sightlines(
            &["check", &room(), "-a", algorithm.id(), "--promises"],
            None,
        );
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            out.contains(&format!("{algorithm}: {want} one-way pairs;")),
            "{algorithm}: want {want}\n{out}"
        );
        assert!(
            out.contains("each hex once, none off the map or out of range): kept"),
            "{out}"
        );
        assert_eq!(o.status.code(), Some(0), "{out}");
        if algorithm.symmetric() {
            assert_eq!(want, 0);
            assert!(out.contains("promises symmetry and keeps it"));
        }
    }
    // Without --promises any one-way pair fails, as on square maps.
    let o = sightlines(&["check", &room(), "-a", "hex-shadowcast"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("FAIL: one-way pairs: hex-shadowcast"));
}

#[test]
fn check_refuses_what_hex_maps_cannot_do() {
    for (args, want, code) in [
        (
            &["-a", "restrictive"][..],
            "'restrictive' is a square-grid algorithm",
            2,
        ),
        (
            &["--shape", "square"][..],
            "--shape square does not apply to hex maps",
            2,
        ),
        (
            &["--picture", "x.png"][..],
            "--picture does not draw hex maps yet",
            2,
        ),
    ] {
        let mut all = vec!["check".to_owned(), room()];
        all.extend(args.iter().map(|a| a.to_string()));
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let o = sightlines(&refs, None);
        assert_fails_with(&o, want);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
    }
    let o = sightlines(
        &["check", "-", "-a", "hex-raycast"],
        Some("#####\n#.@.#\n#####\n"),
    );
    assert_fails_with(
        &o,
        "'hex-raycast' is a hex algorithm and <stdin> is a square map",
    );
    let o = sightlines(&["check", "-"], Some("hex odd-r\n# # #\n # . #\n"));
    assert_fails_with(&o, "fewer than two floor hexes");
}

/// The centre of offset (col, row) of a pointy-top map in a picture with
/// `tile` pixels between centres, below the title.
fn pointy_centre(tile: f64, col: i32, row: i32, shifted: bool) -> (u32, u32) {
    let s = tile / 3f64.sqrt();
    let x = 8.0 + tile / 2.0 + f64::from(col) * tile + if shifted { tile / 2.0 } else { 0.0 };
    let y = 8.0 + 20.0 + s + f64::from(row) * 1.5 * s;
    (x as u32, y as u32)
}

#[test]
fn png_draws_hexagons_in_the_palette() {
    let dir = temp_dir("hex-png");
    let png = dir.join("room.png");
    let o = sightlines(
        &[
            "show",
            &room(),
            "-f",
            "png",
            "--tile-size",
            "24",
            "-o",
            png.to_str().unwrap(),
        ],
        None,
    );
    assert_ok(&o);
    let (w, h, px) = decode_png(&std::fs::read(&png).unwrap());
    // The same size as the SVG.
    let svg = stdout(&sightlines(
        &["show", &room(), "-f", "svg", "--tile-size", "24"],
        None,
    ));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some(w.to_string().as_str()));
    assert_eq!(root.attribute("height"), Some(h.to_string().as_str()));
    let viewer = pointy_centre(24.0, 2, 2, false);
    assert_eq!(pixel(&px, w, viewer.0, viewer.1), [0x00, 0x72, 0xB2]);
    let seen = pointy_centre(24.0, 1, 1, true);
    assert_eq!(pixel(&px, w, seen.0, seen.1), [0xF0, 0xE4, 0x42]);
    let wall = pointy_centre(24.0, 4, 2, false);
    assert_eq!(pixel(&px, w, wall.0, wall.1), [0xE6, 0x9F, 0x00]);
    let unseen = pointy_centre(24.0, 5, 3, true);
    assert_eq!(pixel(&px, w, unseen.0, unseen.1), [0x8C, 0x8C, 0x8C]);
    // Between two hexes of a row, the gap is background.
    let (x0, y0) = pointy_centre(24.0, 1, 2, false);
    assert_eq!(pixel(&px, w, x0 + 12, y0), [255, 255, 255]);
}

/// The corners of the SVG's polygons.
fn polygons(svg: &str) -> Vec<(Vec<(f64, f64)>, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("polygon"))
        .map(|n| {
            let points = n
                .attribute("points")
                .unwrap()
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            (points, n.attribute("fill").unwrap().to_owned())
        })
        .collect()
}

#[test]
fn svg_hexagons_are_pointy_top_for_rows_and_flat_top_for_columns() {
    let o = sightlines(&["show", &room(), "-f", "svg", "--sight-lines"], None);
    assert_ok(&o);
    let svg = stdout(&o);
    let hexes = polygons(&svg);
    assert_eq!(hexes.len(), 9 * 6);
    for (corners, _) in &hexes {
        assert_eq!(corners.len(), 6);
        // A vertex straight above the one below it: pointy-top.
        assert!((corners[0].0 - corners[3].0).abs() < 0.02, "{corners:?}");
    }
    let seen = hexes
        .iter()
        .filter(|(_, f)| f == "#f0e442" || f == "#e69f00")
        .count();
    let json = stdout(&sightlines(&["show", &room(), "-f", "json"], None));
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(seen, v["visible"].as_array().unwrap().len());
    assert!(svg.contains("<circle") && svg.contains("<line") && svg.contains("sight line"));
    let o = sightlines(
        &["show", "-", "-f", "svg"],
        Some("hex odd-q\n. . .\n. @ .\n"),
    );
    assert_ok(&o);
    let hexes = polygons(&stdout(&o));
    assert_eq!(hexes.len(), 6);
    for (corners, _) in &hexes {
        // A vertex level with the one opposite: flat-top.
        assert!((corners[0].1 - corners[3].1).abs() < 0.02, "{corners:?}");
    }
}

#[test]
fn crop_fov_draws_only_the_offset_box_around_what_is_seen() {
    let o = sightlines(
        &["show", &room(), "-r", "1", "-f", "svg", "--crop", "fov"],
        None,
    );
    assert_ok(&o);
    // Radius 1 from odd-r (2, 2): rows 1 to 3, columns 1 to 3.
    assert_eq!(polygons(&stdout(&o)).len(), 9);
    let o = sightlines(
        &["show", &room(), "-r", "1", "-f", "svg", "--crop", "map"],
        None,
    );
    assert_eq!(polygons(&stdout(&o)).len(), 54);
}

#[test]
fn hex_pictures_past_the_limit_name_the_tile_size_that_fits() {
    let row = vec!["."; 300].join(" ");
    let map = format!("hex odd-r\n@ {row}\n");
    let o = sightlines(
        &[
            "show",
            "-",
            "-f",
            "svg",
            "--crop",
            "map",
            "--tile-size",
            "64",
        ],
        Some(&map),
    );
    assert_fails_with(
        &o,
        "past the limit of 16384 a side; pass --tile-size 54 (or less)",
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn generate_makes_seeded_hex_caves_that_show_reads() {
    for layout in ["odd-r", "even-r", "odd-q", "even-q"] {
        let args = [
            "generate", "cave", "--hex", layout, "--size", "31x17", "--seed", "4",
        ];
        let o = sightlines(&args, None);
        assert_ok(&o);
        let text = stdout(&o);
        assert!(text.starts_with(&format!("hex {layout}\n")));
        let parsed = HexGrid::parse(&text).unwrap();
        assert_eq!((parsed.grid.width(), parsed.grid.height()), (31, 17));
        assert_eq!(parsed.viewer, None);
        assert_eq!(parsed.grid.to_text(None), text);
        assert!(text.contains('.') && text.contains('#'), "{layout}");
        // The border is wall, the same seed gives the same map, another seed another.
        let g = &parsed.grid;
        assert!((0..31).all(|c| g.is_opaque_offset(c, 0) && g.is_opaque_offset(c, 16)));
        assert!((0..17).all(|r| g.is_opaque_offset(0, r) && g.is_opaque_offset(30, r)));
        assert_eq!(sightlines(&args, None).stdout, o.stdout);
        let mut other = args;
        other[7] = "5";
        assert_ne!(sightlines(&other, None).stdout, o.stdout);
    }
    // With a viewer on a floor hex, show draws the cave from it.
    let dir = temp_dir("hex-generate");
    let path = dir.join("cave.txt");
    let o = sightlines(
        &[
            "generate",
            "cave",
            "--hex",
            "odd-r",
            "--size",
            "40x20",
            "--seed",
            "7",
            "--viewer",
            "-o",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_ok(&o);
    let parsed = HexGrid::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let (q, r) = parsed.viewer.expect("a viewer");
    assert!(!sightlines::hex::HexOpacity::is_opaque(&parsed.grid, q, r));
    let o = sightlines(
        &["show", path.to_str().unwrap(), "-r", "5", "-f", "json"],
        None,
    );
    assert_ok(&o);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["origin"], serde_json::json!([q, r]));
}

#[test]
fn generate_hex_refuses_other_kinds_and_unknown_layouts() {
    let o = sightlines(&["generate", "rooms", "--hex", "odd-r"], None);
    assert_fails_with(
        &o,
        "--hex makes caves only; use `generate cave --hex odd-r`",
    );
    assert_eq!(o.status.code(), Some(2));
    let o = sightlines(&["generate", "cave", "--hex", "odd-z"], None);
    assert_fails_with(&o, "unknown hex layout 'odd-z'");
    assert_eq!(o.status.code(), Some(2));
}
