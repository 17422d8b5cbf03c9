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
