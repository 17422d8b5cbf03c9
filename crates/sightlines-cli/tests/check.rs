//! `sightlines check`: one-way pairs, counted as the library computes them,
//! and exit codes that follow each algorithm's promise.

mod common;
use common::*;
use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, Opacity, Range, Translucency, VisibleSet};

/// The committed maps where classic shadowcasting is known to be asymmetric:
/// a pillar field and a cave.
const MAPS: [&str; 2] = ["pillars.txt", "cave.txt"];

/// One-way pairs counted directly: every floor tile's field of view, every pair.
fn one_way_pairs(grid: &Grid, algorithm: Algorithm) -> usize {
    one_way_pairs_with(grid, algorithm, DiagonalGaps::Pass)
}

/// [`one_way_pairs`] with the diagonal rule `gaps`.
fn one_way_pairs_with(grid: &Grid, algorithm: Algorithm, gaps: DiagonalGaps) -> usize {
    let floors: Vec<(i32, i32)> = (0..grid.height() as i32)
        .flat_map(|y| (0..grid.width() as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| !grid.is_opaque(x, y))
        .collect();
    let mut fov = Fov::new(algorithm);
    fov.set_diagonal_gaps(gaps);
    let sets: Vec<VisibleSet> = floors
        .iter()
        .map(|&o| {
            let mut set = VisibleSet::new();
            fov.compute_into(grid, o, Range::UNLIMITED, &mut set)
                .unwrap();
            set
        })
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
fn counts_match_the_library_and_exit_codes_follow_the_mode() {
    let dir = temp_dir("check");
    for algorithm in Algorithm::ALL {
        let mut asymmetric_somewhere = false;
        for name in MAPS {
            let path = data(name);
            let grid = Grid::parse(&std::fs::read_to_string(&path).unwrap())
                .unwrap()
                .grid;
            let expected = one_way_pairs(&grid, *algorithm);
            let picture = dir.join(format!("{algorithm}-{name}.png"));
            let run = |extra: &[&str]| {
                let mut args = vec!["check", &path, "--algorithm", algorithm.id()];
                args.extend_from_slice(extra);
                sightlines(&args, None)
            };
            let o = run(&["--picture", picture.to_str().unwrap()]);
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
            // The promises every algorithm makes hold on every field of view.
            assert!(
                out.contains("none off the map or out of range): kept"),
                "{out}"
            );
            // What the algorithm promises is said either way.
            let promise = if algorithm.is_symmetric() {
                "; promises symmetry and keeps it"
            } else {
                "; does not promise symmetry"
            };
            assert!(
                out.contains(&format!("{algorithm}: {expected} one-way pairs{promise}\n")),
                "{out}"
            );
            // By default any one-way pair fails; --promises (and the old
            // --strict, now the default) as the catalogue promises.
            let promises = run(&["--promises"]);
            let strict = run(&["--strict", "--picture", picture.to_str().unwrap()]);
            assert_eq!(stdout(&strict), out);
            assert_ok(&promises);
            if expected > 0 {
                assert!(
                    !algorithm.is_symmetric(),
                    "{algorithm} breaks symmetry on {name}"
                );
                asymmetric_somewhere = true;
                assert_eq!(o.status.code(), Some(1), "{algorithm} on {name}");
                assert_eq!(strict.status.code(), Some(1));
                assert!(out.contains(" sees ("), "violations listed: {out}");
                assert!(out.contains("does not see"));
                assert!(
                    out.contains(&format!("FAIL: one-way pairs: {algorithm};")),
                    "{out}"
                );
                assert!(stdout(&promises)
                    .contains("OK: every promise kept; one-way pairs, reported only"));
                let (w, h, _) = decode_png(&std::fs::read(&picture).unwrap());
                assert!(w > 0 && h > 0);
            } else {
                assert_ok(&o);
                assert_ok(&strict);
                assert!(
                    out.ends_with("OK: no one-way pair, every promise kept\n"),
                    "{out}"
                );
                assert!(!out.contains(" sees ("));
                assert!(out.contains("no picture written") && !picture.exists());
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
fn known_asymmetry_of_recursive_shadowcast_and_none_for_the_symmetric_ones() {
    // Classic shadowcasting's asymmetry on a committed map exits 1 with the
    // pairs listed; precise-permissive and symmetric-shadowcast exit 0.
    let cave = data("cave.txt");
    let o = sightlines(&["check", &cave, "-a", "recursive-shadowcast"], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("recursive-shadowcast: "), "{out}");
    assert!(out.contains("one-way pairs; does not promise symmetry"));
    assert_eq!(
        out.lines()
            .filter(|l| l.contains(") does not see ("))
            .count(),
        20
    );
    for symmetric in ["precise-permissive", "symmetric-shadowcast"] {
        let o = sightlines(&["check", &cave, "-a", symmetric], None);
        assert_ok(&o);
        assert!(stdout(&o).contains(&format!(
            "{symmetric}: 0 one-way pairs; promises symmetry and keeps it"
        )));
    }
    let bad = sightlines(&["check", &cave, "--promises", "--strict"], None);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_big_sample_stays_within_a_few_hundred_megabytes() {
    // 62,090 floor tiles, all checked at radius 10: a bit for every pair
    // would take 480 MB; the check keeps one for each tile in range rows.
    let dir = temp_dir("check-big");
    let map = dir.join("cave.txt");
    let args = ["generate", "cave", "--size", "300x300", "--seed", "5", "-o"];
    assert_ok(&sightlines(
        &[&args[..], &[map.to_str().unwrap()]].concat(),
        None,
    ));
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 262144 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_sightlines"))
        .args(["check", map.to_str().unwrap(), "-a", "symmetric-shadowcast"])
        .args(["--sample", "100000", "--radius", "10"])
        .output()
        .unwrap();
    assert_ok(&o);
    let out = stdout(&o);
    assert!(
        out.contains("62090 floor tiles; all 1927553005 pairs checked"),
        "{out}"
    );
    assert!(
        out.contains("symmetric-shadowcast: 0 one-way pairs"),
        "{out}"
    );
}

#[test]
fn without_an_algorithm_every_one_is_checked() {
    let o = sightlines(&["check", &data("pillars.txt")], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    for algorithm in Algorithm::ALL {
        assert!(out.contains(&format!("{algorithm}: ")), "{out}");
    }
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("FAIL: one-way pairs: recursive-shadowcast, "),
        "{last}"
    );
    let o = sightlines(&["check", &data("pillars.txt"), "--promises"], None);
    assert_ok(&o);
    assert!(stdout(&o).contains("OK: every promise kept; one-way pairs, reported only (no symmetry promised): recursive-shadowcast, "));
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
                "--promises",
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

#[test]
fn the_diagonal_rule_keeps_symmetric_shadowcasting_symmetric() {
    // The cave has walls touching at corners; with the rule sealing them,
    // symmetric shadowcasting still promises symmetry and keeps it, and the
    // counts are the library's.
    let cave = data("cave.txt");
    let grid = Grid::parse(&std::fs::read_to_string(&cave).unwrap())
        .unwrap()
        .grid;
    for algorithm in [
        Algorithm::SymmetricShadowcast,
        Algorithm::RecursiveShadowcast,
    ] {
        let o = sightlines(
            &[
                "check",
                &cave,
                "-a",
                algorithm.id(),
                "--diagonal-gaps",
                "block",
                "--promises",
            ],
            None,
        );
        assert_ok(&o);
        let out = stdout(&o);
        assert_eq!(
            count_in(&out, algorithm),
            one_way_pairs_with(&grid, algorithm, DiagonalGaps::Block),
            "{out}"
        );
    }
    let o = sightlines(
        &[
            "check",
            &cave,
            "-a",
            "symmetric-shadowcast",
            "--diagonal-gaps",
            "block",
        ],
        None,
    );
    assert_ok(&o);
    assert!(stdout(&o)
        .contains("symmetric-shadowcast: 0 one-way pairs; promises symmetry and keeps it"));
    // Every algorithm: those without the rule are left out, with a note.
    let o = sightlines(
        &["check", &cave, "--diagonal-gaps", "block", "--promises"],
        None,
    );
    assert_ok(&o);
    assert!(
        stderr(&o).contains("leaving out") && stderr(&o).contains("restrictive"),
        "{}",
        stderr(&o)
    );
    let o = sightlines(
        &["check", &cave, "-a", "beveled", "--diagonal-gaps", "block"],
        None,
    );
    assert_fails_with(&o, "beveled does not keep the diagonal rule yet");
}

/// `--translucent`: the uneven pairs (seen better one way) are those the
/// library's fields give, the symmetric algorithms have none, and the exit
/// code follows the mode.
#[test]
fn translucent_uneven_pairs_match_the_library() {
    let text = "##########\n#...~~...#\n#.\"\"..#..#\n#..~...\".#\n##########\n";
    let dir = temp_dir("check-translucent");
    let path = write(&dir, "smoky.txt", text);
    let levels = sightlines::LevelGrid::parse_with(text, |c| match c {
        '#' => 255,
        '~' => 96,
        '"' => 48,
        _ => 0,
    })
    .unwrap()
    .levels;
    let floors: Vec<(i32, i32)> = (0..5)
        .flat_map(|y| (0..10).map(move |x| (x, y)))
        .filter(|&(x, y)| levels.level(x, y) < 255)
        .collect();
    for algorithm in [
        Algorithm::PrecisePermissive,
        Algorithm::RecursiveShadowcast,
        Algorithm::SymmetricShadowcast,
        Algorithm::Raycast,
    ] {
        let mut fov = Fov::new(algorithm);
        let mut seen = std::collections::HashMap::new();
        for &a in &floors {
            fov.compute_translucent(&levels, a, Range::UNLIMITED, |x, y, v| {
                seen.insert((a, (x, y)), v);
            })
            .unwrap();
        }
        let at = |a, b| seen.get(&(a, b)).copied().unwrap_or(0);
        let want = floors
            .iter()
            .flat_map(|&a| floors.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| at(a, b) > at(b, a))
            .count();
        let o = sightlines(
            &[
                "check",
                &path,
                "-a",
                algorithm.id(),
                "--translucent",
                "~=96,\"=48",
            ],
            None,
        );
        let out = stdout(&o);
        assert!(
            out.contains(&format!(
                "{algorithm}: {want} uneven pairs through translucent tiles"
            )),
            "{out}"
        );
        let expect = if want == 0 { 0 } else { 1 };
        assert_eq!(o.status.code(), Some(expect), "{algorithm}: {out}");
        if algorithm.is_symmetric() {
            assert_eq!(want, 0);
        } else {
            assert!(want > 0, "{algorithm}");
            let o = sightlines(
                &[
                    "check",
                    &path,
                    "-a",
                    algorithm.id(),
                    "--translucent",
                    "~=96",
                    "--promises",
                ],
                None,
            );
            assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
        }
    }
    let o = sightlines(
        &["check", &path, "-a", "restrictive", "--translucent", "~=96"],
        None,
    );
    assert_fails_with(
        &o,
        "none of these algorithms sees through translucent tiles",
    );
}

/// `--translucent` with `--diagonal-gaps block`: the symmetric algorithms
/// keep their promise through translucent tiles with the rule too.
#[test]
fn translucent_with_the_diagonal_rule_keeps_the_symmetric_promises() {
    let text = "########\n#..~#..#\n#.#..#.#\n#..#.~.#\n########\n";
    let dir = temp_dir("check-translucent-rule");
    let path = write(&dir, "gaps.txt", text);
    for id in ["precise-permissive", "symmetric-shadowcast"] {
        let o = sightlines(
            &[
                "check",
                &path,
                "-a",
                id,
                "--translucent",
                "~=96",
                "--diagonal-gaps",
                "block",
            ],
            None,
        );
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{out}");
        assert!(
            out.contains(&format!("{id}: 0 uneven pairs through translucent tiles")),
            "{out}"
        );
    }
}
