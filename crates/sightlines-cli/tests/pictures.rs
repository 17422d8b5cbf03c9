//! `show --format png|svg`: pictures decode, and tiles have the colours of the legend.

mod common;
use common::*;
use sightlines::{visible_tiles, Algorithm, Grid, Opacity, Range};

const ROOM: &str = "\
#########
#...#...#
#...#...#
#.......#
#########
";

// The figure's layout: an 8-pixel margin, then an 18-pixel title band above the map.
const LEFT: u32 = 8;
const TOP: u32 = 8 + 18;

const ORIGIN: [u8; 3] = [0x00, 0x72, 0xB2];
const FLOOR_SEEN: [u8; 3] = [0xF0, 0xE4, 0x42];
const WALL_SEEN: [u8; 3] = [0xE6, 0x9F, 0x00];
const FLOOR_UNSEEN: [u8; 3] = [0x8C, 0x8C, 0x8C];

fn centre(tile: u32, x: i32, y: i32) -> (u32, u32) {
    (
        LEFT + x as u32 * tile + tile / 2,
        TOP + y as u32 * tile + tile / 2,
    )
}

#[test]
fn png_has_the_origin_and_an_unseen_tile_in_their_colours() {
    let dir = temp_dir("png");
    let map = write(&dir, "room.txt", ROOM);
    let out = dir.join("room.png");
    for algorithm in Algorithm::ALL {
        let o = sightlines(
            &[
                "show",
                &map,
                "--at",
                "1,1",
                "--algorithm",
                algorithm.id(),
                "--format",
                "png",
                "--tile-size",
                "10",
                "--output",
                out.to_str().unwrap(),
            ],
            None,
        );
        assert_ok(&o);
        // Decoded by the `image` crate, as a user's tools would.
        let png = image::open(&out).expect("a PNG image").into_rgb8();
        let (w, h) = png.dimensions();
        assert!(w >= LEFT + 9 * 10 && h >= TOP + 5 * 10, "{w}x{h}");
        let at = |x: u32, y: u32| png.get_pixel(x, y).0;
        let (ox, oy) = centre(10, 1, 1);
        assert_eq!(at(ox, oy), ORIGIN, "{algorithm}: the origin");
        // Every tile's colour says what it is and whether it is seen.
        let grid = Grid::parse(ROOM).unwrap().grid;
        let seen = visible_tiles(*algorithm, &grid, (1, 1), Range::UNLIMITED).unwrap();
        let mut unseen_floors = 0;
        for y in 0..5 {
            for x in 0..9 {
                if (x, y) == (1, 1) {
                    continue;
                }
                let (cx, cy) = centre(10, x, y);
                let expected = match (grid.is_opaque(x, y), seen.contains(x, y)) {
                    (false, true) => FLOOR_SEEN,
                    (true, true) => WALL_SEEN,
                    (false, false) => {
                        unseen_floors += 1;
                        FLOOR_UNSEEN
                    }
                    (true, false) => [0x26, 0x26, 0x26],
                };
                assert_eq!(at(cx, cy), expected, "{algorithm} at ({x}, {y})");
            }
        }
        // The wall at x = 4 hides the far corner of the right room from everyone.
        assert!(!seen.contains(7, 1));
        assert!(unseen_floors > 0);
        let (ux, uy) = centre(10, 7, 1);
        assert_eq!(at(ux, uy), FLOOR_UNSEEN);
    }
}

#[test]
fn png_to_standard_output_when_piped() {
    let o = sightlines(
        &[
            "show",
            "-",
            "--at",
            "1,1",
            "--format",
            "png",
            "--sight-lines",
        ],
        Some(ROOM),
    );
    assert_ok(&o);
    assert!(o.stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
    let (w, _, px) = decode_png(&o.stdout);
    let (ox, oy) = centre(16, 1, 1);
    assert_eq!(pixel(&px, w, ox, oy), ORIGIN);
}

#[test]
fn tile_size_scales_the_picture() {
    let small = sightlines(
        &["show", "-", "--at", "1,1", "-f", "png", "--tile-size", "4"],
        Some(ROOM),
    );
    let large = sightlines(
        &["show", "-", "--at", "1,1", "-f", "png", "--tile-size", "50"],
        Some(ROOM),
    );
    let (ws, hs, _) = decode_png(&small.stdout);
    let (wl, hl, _) = decode_png(&large.stdout);
    assert_eq!(wl, 2 * LEFT + 9 * 50);
    assert!(ws < wl && hs < hl);
    assert_eq!(hl - hs, 5 * 46);
}

#[test]
fn svg_parses_as_xml_with_tiles_origin_legend_and_sight_lines() {
    let o = sightlines(
        &[
            "show",
            "-",
            "--at",
            "1,1",
            "--format",
            "svg",
            "--sight-lines",
        ],
        Some(ROOM),
    );
    assert_ok(&o);
    let text = stdout(&o);
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let count = |tag: &str| {
        doc.descendants()
            .filter(|n| n.tag_name().name() == tag)
            .count()
    };
    assert!(count("rect") > 10);
    assert!(count("line") > 3, "sight lines");
    let origin = doc
        .descendants()
        .find(|n| n.tag_name().name() == "circle" && n.attribute("fill") == Some("#0072b2"))
        .expect("the origin's disc");
    assert_eq!(origin.attribute("cx"), Some("32")); // 8 + 1 * 16 + 8
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .collect();
    for label in ["floor seen", "wall unseen", "viewer", "sight line"] {
        assert!(texts.contains(&label), "legend {label}: {texts:?}");
    }
    assert!(texts[0].starts_with("precise-permissive from (1, 1)"));
}

const FLOOR_REMEMBERED: [u8; 3] = [0x56, 0xB4, 0xE9];
const WALL_REMEMBERED: [u8; 3] = [0x2B, 0x5A, 0x75];
const WALL_UNSEEN: [u8; 3] = [0x26, 0x26, 0x26];

#[test]
fn png_draws_remembered_tiles_in_their_colour() {
    let dir = temp_dir("png-memory");
    let map = write(&dir, "room.txt", ROOM);
    let out = dir.join("memory.png");
    let grid = Grid::parse(ROOM).unwrap().grid;
    let range = Range::circle(2);
    for algorithm in Algorithm::ALL {
        // Standing at (1, 1), having stood at (7, 1) and (6, 3) before.
        let o = sightlines(
            &[
                "show",
                &map,
                "--at",
                "1,1",
                "--radius",
                "2",
                "--visited",
                "7,1;6,3",
                "--algorithm",
                algorithm.id(),
                "--format",
                "png",
                "--tile-size",
                "10",
                "--output",
                out.to_str().unwrap(),
            ],
            None,
        );
        assert_ok(&o);
        let png = image::open(&out).expect("a PNG image").into_rgb8();
        let at = |x: i32, y: i32| {
            let (cx, cy) = centre(10, x, y);
            png.get_pixel(cx, cy).0
        };
        let now = visible_tiles(*algorithm, &grid, (1, 1), range).unwrap();
        let before = [
            visible_tiles(*algorithm, &grid, (7, 1), range).unwrap(),
            visible_tiles(*algorithm, &grid, (6, 3), range).unwrap(),
        ];
        let mut counts = [0; 3];
        for y in 0..5 {
            for x in 0..9 {
                if (x, y) == (1, 1) {
                    continue;
                }
                let wall = grid.is_opaque(x, y);
                let expected = if now.contains(x, y) {
                    counts[0] += 1;
                    [FLOOR_SEEN, WALL_SEEN][usize::from(wall)]
                } else if before.iter().any(|v| v.contains(x, y)) {
                    counts[1] += 1;
                    [FLOOR_REMEMBERED, WALL_REMEMBERED][usize::from(wall)]
                } else {
                    counts[2] += 1;
                    [FLOOR_UNSEEN, WALL_UNSEEN][usize::from(wall)]
                };
                assert_eq!(at(x, y), expected, "{algorithm} at ({x}, {y})");
            }
        }
        assert!(counts.iter().all(|&c| c > 0), "{algorithm}: {counts:?}");
        // Named tiles: seen now, seen only from (7, 1), and never seen.
        assert_eq!(at(2, 1), FLOOR_SEEN, "{algorithm}");
        assert_eq!(at(7, 2), FLOOR_REMEMBERED, "{algorithm}");
        assert_eq!(at(8, 1), WALL_REMEMBERED, "{algorithm}");
        assert_eq!(at(3, 3), FLOOR_UNSEEN, "{algorithm}");
    }
    // Without a memory, nothing is drawn as remembered.
    let o = sightlines(
        &["show", &map, "--at", "1,1", "--radius", "2", "-f", "png"],
        None,
    );
    assert_ok(&o);
    let (_, _, px) = decode_png(&o.stdout);
    assert!(px
        .chunks_exact(3)
        .all(|p| p != FLOOR_REMEMBERED && p != WALL_REMEMBERED));
}

#[test]
fn svg_has_the_remembered_legend_only_with_a_memory() {
    let legend_and_fills = |extra: &[&str]| {
        let o = sightlines(
            &[
                &["show", "-", "--at", "1,1", "--radius", "2", "-f", "svg"][..],
                extra,
            ]
            .concat(),
            Some(ROOM),
        );
        assert_ok(&o);
        let text = stdout(&o);
        let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
        let texts: Vec<String> = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "text")
            .filter_map(|n| n.text().map(str::to_owned))
            .collect();
        let fills: Vec<String> = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "rect")
            .filter_map(|n| n.attribute("fill").map(str::to_owned))
            .collect();
        (texts, fills)
    };
    let (texts, fills) = legend_and_fills(&["--visited", "7,1"]);
    for label in [
        "floor remembered",
        "wall remembered",
        "floor seen",
        "viewer",
    ] {
        assert!(
            texts.iter().any(|t| t == label),
            "legend {label}: {texts:?}"
        );
    }
    // The map's remembered tiles and the legend's swatches.
    assert!(fills.iter().filter(|f| *f == "#56b4e9").count() >= 2);
    assert!(fills.iter().any(|f| f == "#2b5a75"));
    assert!(texts[0].ends_with(" remembered"), "{}", texts[0]);

    let (texts, fills) = legend_and_fills(&[]);
    assert!(texts.iter().all(|t| !t.contains("remembered")), "{texts:?}");
    assert!(fills.iter().all(|f| f != "#56b4e9" && f != "#2b5a75"));
}
