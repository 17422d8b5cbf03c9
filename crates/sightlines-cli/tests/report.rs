//! `sightlines report`: computed, deterministic, and the README's copy is current.

mod common;
use common::*;
use sightlines::Algorithm;
use std::path::PathBuf;

const START: &str = "<!-- report:start -->\n";
const END: &str = "<!-- report:end -->";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn readme_block() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let a = readme.find(START).expect("README has the report block") + START.len();
    let b = readme.find(END).unwrap();
    readme[a..b].to_owned()
}

#[test]
fn readme_report_is_regenerated_byte_for_byte() {
    let block = readme_block();
    let bench = root().join("crates/sightlines-bench/maps");
    let stale = "the README's report is stale: run `sightlines report --bench crates/sightlines-bench/maps --readme README.md` from the repository's root";
    if bench.is_dir() {
        let o = sightlines(&["report", "--bench", bench.to_str().unwrap()], None);
        assert_ok(&o);
        assert_eq!(stdout(&o), block, "{stale}");
    } else {
        // Without the benchmark maps, the scenario part must still match.
        let o = sightlines(&["report"], None);
        assert_ok(&o);
        let scenarios = block.split("\n### Benchmark maps").next().unwrap();
        let out = stdout(&o);
        let ours = out.split("\n### Cost in map reads").next().unwrap();
        assert_eq!(ours.trim_end(), scenarios.trim_end(), "{stale}");
    }
    for a in Algorithm::ALL {
        assert!(block.contains(&format!("`{a}`")), "{a} missing: {stale}");
    }
}

#[test]
fn report_is_deterministic_and_answers_every_scenario() {
    let a = sightlines(&["report"], None);
    let b = sightlines(&["report"], None);
    assert_ok(&a);
    assert_eq!(a.stdout, b.stdout);
    let out = stdout(&a);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains('?'))
        .collect();
    assert_eq!(rows.len(), 8, "{out}");
    for row in rows {
        let cells = row.matches(" yes, ").count() + row.matches(" no, ").count();
        assert_eq!(cells, Algorithm::ALL.len(), "{row}");
    }
    // Every symmetric algorithm keeps its promise on the scenario maps.
    for a in Algorithm::ALL.iter().filter(|a| a.is_symmetric()) {
        assert!(out.contains(&format!("| `{a}` | yes | 0 | yes |")), "{out}");
    }
    assert!(!out.contains("Indicative"));
}

#[test]
fn precise_permissive_answers_are_its_known_properties() {
    let o = sightlines(&["report", "--algorithms", "precise-permissive"], None);
    assert_ok(&o);
    let out = stdout(&o);
    let answer = |scenario: &str| {
        let row = out
            .lines()
            .find(|l| l.starts_with(&format!("| {scenario} |")))
            .unwrap();
        row.rsplit('|').nth(1).unwrap().trim().to_owned()
    };
    // Symmetric, sees through diagonal gaps, hides tiles behind a pillar, exact circle.
    assert_eq!(answer("corridor-asymmetry"), "yes, 45");
    assert!(answer("diagonal-spaces").starts_with("yes"));
    assert!(answer("pillars").starts_with("yes"));
    assert_eq!(answer("open-field"), "yes, 113");
}

#[test]
fn pictures_timings_and_readme_refresh() {
    let dir = temp_dir("report");
    let pictures = dir.join("pictures");
    let o = sightlines(
        &[
            "report",
            "--pictures",
            pictures.to_str().unwrap(),
            "--timings",
        ],
        None,
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.contains("### Indicative timings"));
    assert!(out.contains("Indicative only"));
    let mut names: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 8, "{names:?}");
    for name in &names {
        let (w, h, _) = decode_png(&std::fs::read(pictures.join(name)).unwrap());
        assert!(w > 100 && h > 40, "{name}");
    }
    // --readme replaces only the block, and never with timings.
    let readme = write(
        &dir,
        "README.md",
        "# x\n\nbefore\n<!-- report:start -->\nold\n<!-- report:end -->\nafter\n",
    );
    let o = sightlines(&["report", "--timings", "--readme", &readme], None);
    assert_ok(&o);
    let text = std::fs::read_to_string(&readme).unwrap();
    assert!(text.starts_with("# x\n\nbefore\n<!-- report:start -->\n### Scenarios"));
    assert!(text.ends_with("<!-- report:end -->\nafter\n"));
    assert!(!text.contains("old") && !text.contains("Indicative"));
    let bare = write(&dir, "bare.md", "no markers\n");
    assert_fails_with(
        &sightlines(&["report", "--readme", &bare], None),
        "no <!-- report:start -->",
    );
    assert_fails_with(
        &sightlines(&["report", "--bench", "/no/such/dir"], None),
        "cannot read benchmark map",
    );
    assert_fails_with(
        &sightlines(&["report", "--algorithms", "x"], None),
        "unknown algorithm 'x'",
    );
}

/// The cells of a table row, without the first `skip` columns.
fn cells(row: &str, skip: usize) -> Vec<String> {
    row.trim_matches('|')
        .split(" | ")
        .skip(skip)
        .map(|c| c.trim().to_owned())
        .collect()
}

#[test]
fn corner_peeking_tells_algorithms_apart() {
    let o = sightlines(&["report"], None);
    assert_ok(&o);
    let out = stdout(&o);
    let row = out
        .lines()
        .find(|l| l.starts_with("| corner-peeking |"))
        .unwrap();
    let answers = cells(row, 2);
    assert_eq!(answers.len(), Algorithm::ALL.len());
    // Tile to tile, sight reaches around the wall's end; from the viewer's
    // centre it does not.
    let answer = |a: Algorithm| {
        let i = Algorithm::ALL.iter().position(|&b| b == a).unwrap();
        answers[i].split(',').next().unwrap().to_owned()
    };
    assert_eq!(answer(Algorithm::PrecisePermissive), "yes");
    assert_eq!(answer(Algorithm::SymmetricShadowcast), "no");
    assert_eq!(answer(Algorithm::RecursiveShadowcast), "no");
    // Every scenario but the open field (a sanity check) and the pillar (no
    // algorithm sees around one) splits the algorithms.
    for line in out
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains('?'))
    {
        let name = cells(line, 0)[0].clone();
        let yes = cells(line, 2)
            .iter()
            .filter(|c| c.starts_with("yes"))
            .count();
        let split = yes > 0 && yes < Algorithm::ALL.len();
        assert_eq!(split, name != "open-field" && name != "pillars", "{line}");
    }
}

#[test]
fn cost_table_counts_map_reads_with_the_cheapest_at_one() {
    let o = sightlines(&["report"], None);
    assert_ok(&o);
    let out = stdout(&o);
    let table = out
        .split("### Cost in map reads")
        .nth(1)
        .expect("a cost table");
    assert!(table.contains("BENCHMARKS.md") && table.contains("`Opacity::is_opaque`"));
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), Algorithm::ALL.len());
    let mut relative = Vec::new();
    for row in rows {
        let c = cells(row, 1);
        // Eight scenarios, each "reads / tiles", then the relative cost.
        assert_eq!(c.len(), 9, "{row}");
        for cell in &c[..8] {
            let (reads, tiles) = cell.split_once(" / ").unwrap();
            let (reads, tiles): (f64, f64) = (reads.parse().unwrap(), tiles.parse().unwrap());
            // Every tile reported was read, but the origin need not be.
            assert!(tiles > 0.0 && reads + 1.0 >= tiles, "{row}");
        }
        relative.push(c[8].strip_suffix('x').unwrap().parse::<f64>().unwrap());
    }
    assert!(relative.iter().all(|&r| r >= 1.0));
    assert!(relative.contains(&1.0));
    // Deterministic: the README compares it byte for byte.
    assert_eq!(stdout(&sightlines(&["report"], None)), out);
}
