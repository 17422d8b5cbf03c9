//! `sightlines generate`: map files from the library's generators.

mod common;
use common::*;
use sightlines::Grid;

#[test]
fn every_kind_writes_a_map_of_the_size_asked() {
    for kind in ["cave", "rooms", "pillars"] {
        let o = sightlines(&["generate", kind, "--size", "37x21", "--seed", "5"], None);
        assert_ok(&o);
        let text = stdout(&o);
        let grid = Grid::parse(&text).unwrap().grid;
        assert_eq!((grid.width(), grid.height()), (37, 21), "{kind}");
        assert!(text.contains('.') && text.contains('#'), "{kind}");
        // The same seed gives the same map; the library gives it too.
        let again = sightlines(&["generate", kind, "--size", "37x21", "--seed", "5"], None);
        assert_eq!(o.stdout, again.stdout);
        let lib = match kind {
            "cave" => sightlines::generate::cave(37, 21, 5),
            "rooms" => sightlines::generate::rooms(37, 21, 5),
            _ => sightlines::generate::pillars(37, 21),
        };
        assert_eq!(text, lib.to_text());
    }
    let a = sightlines(&["generate", "cave", "--seed", "1"], None);
    let b = sightlines(&["generate", "cave", "--seed", "2"], None);
    assert_ne!(a.stdout, b.stdout);
    assert_eq!(stdout(&a).lines().count(), 40); // default 80x40
}

#[test]
fn viewer_is_placed_on_a_floor_and_the_map_shows() {
    let dir = temp_dir("generate");
    let path = dir.join("cave.txt");
    let o = sightlines(
        &[
            "generate",
            "cave",
            "--size",
            "50x30",
            "--seed",
            "9",
            "--viewer",
            "-o",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_ok(&o);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches('@').count(), 1);
    assert_eq!(
        text.replace('@', "."),
        sightlines::generate::cave(50, 30, 9).to_text()
    );
    assert_ok(&sightlines(&["show", path.to_str().unwrap()], None));
}

#[test]
fn bad_sizes_and_kinds_fail_in_one_line() {
    for bad in ["80", "0x10", "10x0", "axb", "20000x5", "-4x4"] {
        assert_fails_with(
            &sightlines(&["generate", "cave", "--size", bad], None),
            "expected WIDTHxHEIGHT",
        );
    }
    assert_fails_with(&sightlines(&["generate", "maze"], None), "maze");
    assert_fails_with(
        &sightlines(&["generate", "rooms", "--seed", "-1"], None),
        "--seed",
    );
    assert_fails_with(
        &sightlines(&["generate", "cave", "--size", "2x2", "--viewer"], None),
        "no floor tile",
    );
}
