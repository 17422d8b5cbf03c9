//! `sightlines check`: one-way pairs, counted as the library computes them,
//! and exit codes that follow each algorithm's promise.

mod common;
use common::*;
use sightlines::{visible_tiles, Algorithm, Grid, Opacity, Range, VisibleSet};

/// The committed maps where classic shadowcasting is known to be asymmetric:
/// a pillar field and a cave.
const MAPS: [&str; 2] = ["pillars.txt", "cave.txt"];

/// One-way pairs counted directly: every floor tile's field of view, every pair.
fn one_way_pairs(grid: &Grid, algorithm: Algorithm) -> usize {
    let floors: Vec<(i32, i32)> = (0..grid.height() as i32)
        .flat_map(|y| (0..grid.width() as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| !grid.is_opaque(x, y))
        .collect();
    let sets: Vec<VisibleSet> = floors
        .iter()
        .map(|&o| visible_tiles(algorithm, grid, o, Range::UNLIMITED).unwrap())
        .collect();
    let mut count = 0;
    for i in 0..floors.len() {
        for j in i + 1..floors.len() {
            let (a, b) = (floors[i], floors[j]);
            if sets[i].contains(b.0, b.1) != sets[j].contains(a.0, a.1) {
                count += 1;
            }
        }
    }
    count
}

fn count_in(out: &str, algorithm: Algorithm) -> usize {
    let prefix = format!("{algorithm}: ");
    let line = out
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no line for {algorithm} in {out}"));
    line[prefix.len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn counts_match_the_library_and_exit_codes_follow_promises() {
    let dir = temp_dir("check");
    for algorithm in Algorithm::ALL {
        let mut asymmetric_somewhere = false;
        for name in MAPS {
            let path = data(name);
            let grid = Grid::parse(&std::fs::read_to_string(&path).unwrap())
                .unwrap()
                .grid;
            let expected = one_way_pairs(&grid, *algorithm);
            let o = sightlines(&["check", &path, "--algorithm", algorithm.id()], None);
            let out = stdout(&o);
            assert_eq!(
                count_in(&out, *algorithm),
                expected,
                "{algorithm} on {name}"
            );
            assert!(
                out.contains("all "),
                "small maps are checked in full: {out}"
            );
            if algorithm.is_symmetric() {
                // A symmetric algorithm must keep its promise: exit 0, nothing listed.
                assert_eq!(expected, 0, "{algorithm} breaks symmetry on {name}");
                assert_ok(&o);
                assert!(out.contains("keeps it: OK"));
                assert!(!out.contains(" sees ("));
            } else {
                // Not promised: reported, exit 0; --strict demands it: exit 1.
                assert_ok(&o);
                asymmetric_somewhere |= expected > 0;
                let picture = dir.join(format!("{algorithm}-{name}.png"));
                let strict = sightlines(
                    &[
                        "check",
                        &path,
                        "--algorithm",
                        algorithm.id(),
                        "--strict",
                        "--picture",
                        picture.to_str().unwrap(),
                    ],
                    None,
                );
                if expected > 0 {
                    assert_eq!(strict.status.code(), Some(1), "{algorithm} on {name}");
                    let out = stdout(&strict);
                    assert!(out.contains(" sees ("), "violations listed: {out}");
                    assert!(out.contains("does not see"));
                    let (w, h, _) = decode_png(&std::fs::read(&picture).unwrap());
                    assert!(w > 0 && h > 0);
                } else {
                    assert_ok(&strict);
                }
            }
        }
        if !algorithm.is_symmetric() {
            assert!(
                asymmetric_somewhere,
                "{algorithm} does not promise symmetry but shows no one-way pair on the pillar field or the cave"
            );
        }
    }
}

#[test]
fn without_an_algorithm_every_one_is_checked() {
    let o = sightlines(&["check", &data("pillars.txt")], None);
    assert_ok(&o);
    let out = stdout(&o);
    for algorithm in Algorithm::ALL {
        assert!(out.contains(&format!("{algorithm}: ")), "{out}");
    }
}

#[test]
fn big_maps_are_sampled_with_a_seed() {
    let args = |seed: &str| {
        sightlines(
            &[
                "check",
                &data("cave.txt"),
                "--sample",
                "50",
                "--seed",
                seed,
                "--radius",
                "8",
            ],
            None,
        )
    };
    let (a, b) = (args("3"), args("3"));
    assert_ok(&a);
    assert_eq!(stdout(&a), stdout(&b));
    assert!(
        stdout(&a).contains("a sample of 50 tiles (seed 3), 1225 pairs checked, radius 8 (circle)")
    );
}

#[test]
fn no_picture_without_a_one_way_pair() {
    let dir = temp_dir("check-nopic");
    let picture = dir.join("none.svg");
    let o = sightlines(
        &[
            "check",
            &data("pillars.txt"),
            "--algorithm",
            "precise-permissive",
            "--picture",
            picture.to_str().unwrap(),
        ],
        None,
    );
    assert_ok(&o);
    assert!(stdout(&o).contains("no picture written"));
    assert!(!picture.exists());
}

#[test]
fn bad_check_options_fail_in_one_line() {
    assert_fails_with(
        &sightlines(&["check", "--algorithm", "nope"], None),
        "known algorithms: precise-permissive",
    );
    assert_fails_with(&sightlines(&["check", "--sample", "1"], None), "--sample");
    assert_fails_with(
        &sightlines(&["check", "--sample", "many"], None),
        "--sample",
    );
    assert_fails_with(
        &sightlines(&["check", "-"], Some("###\n#.#\n###\n")),
        "fewer than two floor tiles",
    );
    assert_fails_with(
        &sightlines(&["check", "/no/such/map.txt"], None),
        "cannot read map file",
    );
}
