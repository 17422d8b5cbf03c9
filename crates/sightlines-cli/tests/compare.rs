//! `sightlines compare`: every algorithm side by side, disagreements counted.

mod common;
use common::*;
use sightlines::{visible_tiles, Algorithm, Grid, Range, Shape};

#[test]
fn text_panels_and_the_disagreement_count_match_the_library() {
    let path = data("pillars.txt");
    let o = sightlines(&["compare", &path, "--at", "3,7", "--radius", "9"], None);
    assert_ok(&o);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // A title line, then one line a map row, then the summary.
    for a in Algorithm::ALL {
        assert!(lines[0].contains(a.id()), "{}", lines[0]);
    }
    let grid = Grid::parse(&std::fs::read_to_string(&path).unwrap())
        .unwrap()
        .grid;
    let sets: Vec<_> = Algorithm::ALL
        .iter()
        .map(|&a| visible_tiles(a, &grid, (3, 7), Range::new(9, Shape::Circle)).unwrap())
        .collect();
    let mut disputed = 0;
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            let n = sets.iter().filter(|s| s.contains(x, y)).count();
            disputed += usize::from(n != 0 && n != sets.len());
        }
    }
    let summary = lines[1 + grid.height() as usize];
    assert!(
        summary.starts_with(&format!(
            "from (3, 7), radius 9 (circle): {disputed} tiles where the algorithms disagree"
        )),
        "{summary}"
    );
    for (a, s) in Algorithm::ALL.iter().zip(&sets) {
        assert!(
            out.contains(&format!("  {a}: {} tiles seen", s.len())),
            "{out}"
        );
    }
    // The viewer is drawn in the first panel.
    assert_eq!(lines[8].chars().nth(3), Some('@'));
}

#[test]
fn chosen_algorithms_in_the_order_given() {
    let o = sightlines(&["compare", "--algorithms", "precise-permissive"], None);
    assert_ok(&o);
    assert!(stdout(&o).starts_with("precise-permissive"));
    assert!(stdout(&o).contains(": 0 tiles where the algorithms disagree"));
}

/// Each algorithm's field of view on the pillar map from (3, 7) at radius 9,
/// and the tiles where they disagree.
fn pillar_sets() -> (Vec<sightlines::VisibleSet>, Vec<(i32, i32)>) {
    let grid = Grid::parse(&std::fs::read_to_string(data("pillars.txt")).unwrap())
        .unwrap()
        .grid;
    let sets: Vec<_> = Algorithm::ALL
        .iter()
        .map(|&a| visible_tiles(a, &grid, (3, 7), Range::new(9, Shape::Circle)).unwrap())
        .collect();
    let mut disputed = Vec::new();
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            let n = sets.iter().filter(|s| s.contains(x, y)).count();
            if n != 0 && n != sets.len() {
                disputed.push((x, y));
            }
        }
    }
    (sets, disputed)
}

#[test]
fn picture_grid_as_png_and_svg_with_the_counts() {
    let dir = temp_dir("compare");
    let png = dir.join("c.png");
    let o = sightlines(&["compare", "-f", "png", "-o", png.to_str().unwrap()], None);
    assert_ok(&o);
    let (w, h, _) = decode_png(&std::fs::read(&png).unwrap());
    assert!(w > 42 * 12 && h > 14 * 12, "{w}x{h}");
    let args = ["--at", "3,7", "--radius", "9", "--tile-size", "6"];
    let png = sightlines(
        &[&["compare", &data("pillars.txt"), "-f", "png"][..], &args].concat(),
        None,
    );
    assert_ok(&png);
    let (w, h, _) = decode_png(&png.stdout);
    assert!(w > 4 * 6 * 20 && h > 5 * 6 * 20, "{w}x{h}");
    let o = sightlines(
        &[&["compare", &data("pillars.txt"), "-f", "svg"][..], &args].concat(),
        None,
    );
    assert_ok(&o);
    let text = stdout(&o);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .collect();
    // Each panel's caption counts its tiles and the disputed ones it sees,
    // as the text output does; the legend counts the disputed tiles.
    let (sets, disputed) = pillar_sets();
    assert!(
        disputed.len() > 1,
        "the pillar map should show disagreement"
    );
    for (a, seen) in Algorithm::ALL.iter().zip(&sets) {
        let own = disputed
            .iter()
            .filter(|&&(x, y)| seen.contains(x, y))
            .count();
        let caption = format!(
            "{a}: {} seen, {own} of the {} disputed",
            seen.len(),
            disputed.len()
        );
        assert!(texts.contains(&caption.as_str()), "{caption} in {texts:?}");
    }
    let legend = format!("not all agree: {} tiles", disputed.len());
    assert!(texts.contains(&legend.as_str()), "{legend} in {texts:?}");
    // Every disputed tile is framed once a panel.
    let frames = doc
        .descendants()
        .filter(|n| n.attribute("stroke") == Some("#d55e00") && n.tag_name().name() == "rect")
        .count();
    assert_eq!(
        frames,
        disputed.len() * Algorithm::ALL.len() + 1,
        "+1: the legend's swatch"
    );
}

#[test]
fn bad_compare_options_fail_in_one_line() {
    assert_fails_with(
        &sightlines(&["compare", "--algorithms", "precise-permissive,fog"], None),
        "unknown algorithm 'fog'; known algorithms: precise-permissive",
    );
    assert_fails_with(
        &sightlines(
            &[
                "compare",
                "--algorithms",
                "precise-permissive,precise-permissive",
            ],
            None,
        ),
        "listed twice",
    );
    assert_fails_with(
        &sightlines(&["compare", "--at", "1000,1"], None),
        "off the map",
    );
    assert_fails_with(
        &sightlines(&["compare", "--tile-size", "0"], None),
        "tile size",
    );
    assert_fails_with(&sightlines(&["compare", "--format", "gif"], None), "gif");
}

#[test]
fn origin_on_a_wall_is_said_but_allowed() {
    let o = sightlines(&["compare", "--at", "0,0", "--radius", "3"], None);
    assert_ok(&o);
    assert!(stderr(&o).contains("opaque tile"));
}

/// `--translucent`: the algorithms that see through translucent tiles, each
/// with the library's tiles, the others left out with a note.
#[test]
fn translucent_compares_the_algorithms_that_see_through() {
    let text = "#########\n#@..~~..#\n#..\"\"...#\n#.....#.#\n#########\n";
    let dir = temp_dir("compare-translucent");
    let path = write(&dir, "smoky.txt", text);
    let o = sightlines(&["compare", &path, "--translucent", "~=96,\"=48"], None);
    assert_ok(&o);
    let (out, note) = (stdout(&o), stderr(&o));
    assert!(
        note.contains("leaving out") && note.contains("restrictive"),
        "{note}"
    );
    let levels = sightlines::LevelGrid::parse_with(text, |c| match c {
        '#' => 255,
        '~' => 96,
        '"' => 48,
        _ => 0,
    })
    .unwrap()
    .levels;
    for a in Algorithm::ALL {
        if !a.supports_translucency() {
            assert!(!out.contains(&format!("  {a}:")), "{out}");
            continue;
        }
        let mut fov = sightlines::Fov::new(*a);
        let mut n = 0;
        fov.compute_translucent(&levels, (1, 1), Range::UNLIMITED, |_, _, _| n += 1)
            .unwrap();
        assert!(out.contains(&format!("  {a}: {n} tiles seen")), "{out}");
    }
    let png = dir.join("cmp.png");
    let o = sightlines(
        &[
            "compare",
            &path,
            "--translucent",
            "~=96",
            "-f",
            "png",
            "-o",
            png.to_str().unwrap(),
        ],
        None,
    );
    assert_ok(&o);
    let o = sightlines(
        &[
            "compare",
            &path,
            "-a",
            "restrictive",
            "--translucent",
            "~=96",
        ],
        None,
    );
    assert_fails_with(
        &o,
        "none of these algorithms sees through translucent tiles",
    );
    // With the diagonal rule too: each algorithm that sees through
    // translucent tiles, with the rule.
    let o = sightlines(
        &[
            "compare",
            &path,
            "--translucent",
            "~=96",
            "--diagonal-gaps",
            "block",
        ],
        None,
    );
    assert_ok(&o);
    let out = stdout(&o);
    let levels = sightlines::LevelGrid::parse_with(text, |c| match c {
        '#' => 255,
        '~' => 96,
        _ => 0,
    })
    .unwrap()
    .levels;
    for a in Algorithm::ALL.iter().filter(|a| a.supports_translucency()) {
        let mut fov = sightlines::Fov::new(*a);
        fov.set_diagonal_gaps(sightlines::DiagonalGaps::Block);
        let mut n = 0;
        fov.compute_translucent(&levels, (1, 1), Range::UNLIMITED, |_, _, _| n += 1)
            .unwrap();
        assert!(out.contains(&format!("  {a}: {n} tiles seen")), "{out}");
    }
}
