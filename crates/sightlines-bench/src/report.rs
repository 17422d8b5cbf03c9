//! `BENCHMARKS.md` from the measurements: criterion's estimates, callgrind's
//! instruction counts and the visible counts, turned into tables and the
//! ratios the project's claims rest on.
//!
//! The generated part of `BENCHMARKS.md` lies between [`START`] and [`END`];
//! the prose around it is written by hand and kept.

use crate::contender::{self, Spec, FLOOR, OURS};
use crate::workload::{Case, Workload, CASES};
use sightlines::{Algorithm, Speed};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The line that opens the generated block.
pub const START: &str = "<!-- bench:start -->";
/// The line that closes the generated block.
pub const END: &str = "<!-- bench:end -->";

/// Whether the "never behind" target covers a case: every case of the suite
/// but the per-call overhead one ([`OVERHEAD_CASE`]), open-r8 to unlimited,
/// the caves, the pillars and the rooms.
pub fn is_target_case(case: &str) -> bool {
    case != OVERHEAD_CASE
}

/// The families that were already at least twice as fast as their fastest
/// peer on every case and are to stay so; the others are to be at least
/// [`AHEAD`] times as fast.
pub const STAY_TWICE: [&str; 12] = [
    "precise-permissive",
    "symmetric-shadowcast",
    "basic-raycast",
    "diamond-raycast",
    "permissive-0",
    "permissive-1",
    "permissive-2",
    "permissive-3",
    "permissive-4",
    "permissive-5",
    "permissive-6",
    "permissive-7",
];

/// The margin over the fastest peer every family is to have on every target
/// case, in time and in instructions.
pub const AHEAD: f64 = 1.3;

/// The ratio a family's cells are to reach on every target case.
pub fn family_target(family: &str) -> f64 {
    if STAY_TWICE.contains(&family) {
        2.0
    } else {
        AHEAD
    }
}

/// The folder for this crate's outputs: `target/sightlines-bench`
/// (`$CARGO_TARGET_DIR/sightlines-bench` when that is set).
pub fn out_dir() -> PathBuf {
    target_dir().join("sightlines-bench")
}

/// The workspace's target folder, where criterion writes `criterion/`.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
    }
}

/// The build profiles the suite is measured in: `release`, what `cargo build
/// --release` gives (`cargo bench` uses the `bench` profile, which is the
/// same and builds into `target/release`), and `lto`, the workspace's fat-LTO,
/// one-codegen-unit profile (`cargo bench --profile lto`).
pub const PROFILES: [&str; 2] = ["release", "lto"];

/// What a profile applies, for the report's headings.
pub fn profile_description(profile: &str) -> String {
    match profile {
        "release" => "`release` (what `cargo build --release` gives: opt-level 3, thin local LTO, 16 codegen units)".to_owned(),
        "lto" => "`lto` (release with `lto = \"fat\"` and `codegen-units = 1`, for every contender alike)".to_owned(),
        other => format!("`{other}`"),
    }
}

/// The file-name suffix of a profile's outputs: none for `release`, so that
/// the paths stay those of earlier runs; `-lto` for `lto`.
fn suffix(profile: &str) -> String {
    if profile == "release" {
        String::new()
    } else {
        format!("-{profile}")
    }
}

/// Where criterion writes a profile's results: `target/criterion`,
/// `target/criterion-lto`.
pub fn criterion_dir(profile: &str) -> PathBuf {
    target_dir().join(format!("criterion{}", suffix(profile)))
}

/// The instruction counts of a profile: `instructions.tsv`,
/// `instructions-lto.tsv` in [`out_dir`].
pub fn instructions_file(profile: &str) -> PathBuf {
    out_dir().join(format!("instructions{}.tsv", suffix(profile)))
}

/// The note on a profile's timing run (clock, load): `bench-run.txt`,
/// `bench-run-lto.txt` in [`out_dir`].
pub fn run_note_file(profile: &str) -> PathBuf {
    out_dir().join(format!("bench-run{}.txt", suffix(profile)))
}

/// The profile the running binary was built with: the name of its folder
/// under the target folder (`target/PROFILE/deps/fov-*`, `target/PROFILE/count`;
/// the `bench` profile builds into `release`).
pub fn profile_of_exe() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    let mut dir = exe.parent();
    if dir.and_then(Path::file_name).is_some_and(|n| n == "deps") {
        dir = dir.and_then(Path::parent);
    }
    dir.and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .map_or_else(|| "release".to_owned(), str::to_owned)
}

/// criterion's median for one benchmark.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Median time of one iteration (every viewpoint once), in ns.
    pub median_ns: f64,
    /// The 95% confidence interval of that median, in ns.
    pub low_ns: f64,
    /// Upper bound of the interval.
    pub high_ns: f64,
    /// Fields of view per iteration (criterion's throughput elements).
    pub fovs: u64,
}

impl Timing {
    /// Median time per field of view, in µs.
    pub fn us_per_fov(&self) -> f64 {
        self.median_ns / self.fovs as f64 / 1000.0
    }
}

/// `(case, contender id)`.
pub type Key = (String, String);

/// Everything measured, by case and contender.
#[derive(Clone, Debug, Default)]
pub struct Measurements {
    /// From criterion.
    pub timings: HashMap<Key, Timing>,
    /// Instructions per field of view, from callgrind.
    pub instructions: HashMap<Key, f64>,
    /// Mean tiles seen per field of view.
    pub visible: HashMap<Key, f64>,
}

/// Reads every `*/new/benchmark.json` with its `estimates.json` under
/// criterion's folder (`target/criterion`).
pub fn read_criterion(dir: &Path) -> Result<HashMap<Key, Timing>, String> {
    let mut out = HashMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries =
            std::fs::read_dir(&d).map_err(|e| format!("cannot read {}: {e}", d.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n == "new") {
                    if let Some((key, t)) = read_one(&path)? {
                        out.insert(key, t);
                    }
                } else {
                    stack.push(path);
                }
            }
        }
    }
    Ok(out)
}

fn read_json(path: &Path) -> Result<serde_json::Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read_one(new: &Path) -> Result<Option<(Key, Timing)>, String> {
    let bench = new.join("benchmark.json");
    if !bench.is_file() {
        return Ok(None);
    }
    let b = read_json(&bench)?;
    let e = read_json(&new.join("estimates.json"))?;
    let field = |v: &serde_json::Value, path: &[&str]| {
        path.iter()
            .try_fold(v, |v, k| v.get(k))
            .cloned()
            .ok_or_else(|| format!("{}: no {}", new.display(), path.join(".")))
    };
    let group = field(&b, &["group_id"])?;
    let id = field(&b, &["function_id"])?;
    // Other benchmarks of the workspace (the game benchmark) share the
    // folder; only this suite's have fields of view as throughput.
    let Ok(fovs) = field(&b, &["throughput", "Elements"]) else {
        return Ok(None);
    };
    let num = |v: serde_json::Value| {
        v.as_f64()
            .ok_or_else(|| format!("{}: not a number", new.display()))
    };
    let timing = Timing {
        median_ns: num(field(&e, &["median", "point_estimate"])?)?,
        low_ns: num(field(
            &e,
            &["median", "confidence_interval", "lower_bound"],
        )?)?,
        high_ns: num(field(
            &e,
            &["median", "confidence_interval", "upper_bound"],
        )?)?,
        fovs: fovs.as_u64().unwrap_or(1).max(1),
    };
    match (group.as_str(), id.as_str()) {
        (Some(g), Some(i)) => Ok(Some(((g.to_owned(), i.to_owned()), timing))),
        _ => Ok(None),
    }
}

/// Reads the instruction counts that `tools/bench/instructions.sh` writes:
/// `case<TAB>contender<TAB>fields of view<TAB>instructions` per line.
pub fn read_instructions(text: &str) -> Result<HashMap<Key, f64>, String> {
    let mut out = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let parsed = match f.as_slice() {
            [case, id, fovs, ir] => fovs
                .parse::<f64>()
                .ok()
                .zip(ir.parse::<f64>().ok())
                .filter(|&(fovs, _)| fovs > 0.0)
                .map(|(fovs, ir)| ((case.to_string(), id.to_string()), ir / fovs)),
            _ => None,
        };
        let (key, per_fov) = parsed.ok_or_else(|| {
            format!(
                "line {}: expected case, contender, fields of view and instructions \
                 separated by tabs, found '{line}'",
                n + 1
            )
        })?;
        out.insert(key, per_fov);
    }
    Ok(out)
}

/// The mean number of tiles each contender sees per field of view, for
/// every case (each contender run once from every viewpoint; untimed).
pub fn visible_counts(workloads: &[Workload]) -> HashMap<Key, f64> {
    let mut out = HashMap::new();
    for case in CASES {
        let Some(w) = workloads.iter().find(|w| w.name == case.map) else {
            continue;
        };
        for spec in contender::for_map(case.map) {
            let mut c = (spec.build)(w, case.radius);
            let total: usize = w.viewpoints.iter().map(|&vp| c.tiles(vp).len()).sum();
            out.insert(
                (case.name(), spec.id.clone()),
                total as f64 / w.viewpoints.len() as f64,
            );
        }
    }
    out
}

/// What the report says about the machine and the run.
#[derive(Clone, Debug, Default)]
pub struct Machine {
    /// Lines such as `CPU: ...`, shown as a list.
    pub lines: Vec<String>,
}

/// Replaces the generated block of `doc` (between [`START`] and [`END`]).
pub fn splice(doc: &str, block: &str) -> Result<String, String> {
    let start = doc
        .find(START)
        .ok_or_else(|| format!("no '{START}' line to put the tables after"))?;
    let end = doc
        .find(END)
        .filter(|&e| e > start)
        .ok_or_else(|| format!("no '{END}' line after '{START}'"))?;
    Ok(format!("{}{START}\n{block}{}", &doc[..start], &doc[end..]))
}

/// A family: our algorithm id and the contenders that implement it.
struct Family<'a> {
    ours: &'a Spec,
    peers: Vec<&'a Spec>,
}

fn families(specs: &[Spec]) -> Vec<Family<'_>> {
    specs
        .iter()
        .filter(|s| s.is_ours())
        .map(|ours| Family {
            ours,
            peers: specs
                .iter()
                .filter(|p| !p.is_ours() && p.family == ours.family)
                .collect(),
        })
        .collect()
}

impl Measurements {
    fn time(&self, case: &str, id: &str) -> Option<f64> {
        self.timings
            .get(&(case.to_owned(), id.to_owned()))
            .map(Timing::us_per_fov)
    }

    fn instr(&self, case: &str, id: &str) -> Option<f64> {
        self.instructions
            .get(&(case.to_owned(), id.to_owned()))
            .copied()
    }

    fn seen(&self, case: &str, id: &str) -> Option<f64> {
        self.visible.get(&(case.to_owned(), id.to_owned())).copied()
    }

    /// The peer of `family` with the least of `metric` on `case`.
    fn fastest<'a>(
        &self,
        family: &Family<'a>,
        case: &str,
        metric: impl Fn(&Self, &str, &str) -> Option<f64>,
    ) -> Option<(&'a Spec, f64)> {
        family
            .peers
            .iter()
            .filter_map(|p| metric(self, case, &p.id).map(|v| (*p, v)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Fastest peer's metric over ours, for a family on a case.
    fn ratio<'a>(
        &self,
        family: &Family<'a>,
        case: &str,
        metric: impl Fn(&Self, &str, &str) -> Option<f64> + Copy,
    ) -> Option<(f64, &'a Spec)> {
        let ours = metric(self, case, &family.ours.id)?;
        let (peer, theirs) = self.fastest(family, case, metric)?;
        Some((theirs / ours, peer))
    }
}

/// Formats a number with three significant digits (at least one decimal
/// below 100), thousands grouped.
fn num(v: f64) -> String {
    if v >= 1000.0 {
        group_thousands(v.round() as u64)
    } else if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else if v >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn opt(v: Option<f64>, f: impl Fn(f64) -> String) -> String {
    v.map_or_else(|| "–".to_owned(), f)
}

/// A time ratio, bold when it reaches `target`.
fn ratio_cell(r: Option<(f64, &Spec)>, target: f64) -> String {
    match r {
        Some((r, _)) if r >= target => format!("**{r:.2}**"),
        Some((r, _)) => format!("{r:.2}"),
        None => "–".to_owned(),
    }
}

fn describe(case: &Case, viewpoints: Option<u64>) -> String {
    let range = match case.radius {
        Some(r) => format!("circle of radius {r}"),
        None => "no radius (the whole map)".to_owned(),
    };
    let vps = match viewpoints {
        Some(1) => "1 viewpoint".to_owned(),
        Some(n) => format!("{} viewpoints", group_thousands(n)),
        None => "viewpoints as listed".to_owned(),
    };
    format!("`{}.txt`, {range}, {vps}", case.map)
}

/// The class the catalogue's speed column should give an algorithm whose
/// instructions per field of view are `ratio` times our fewest (cave-r16).
pub fn speed_class(ratio: f64) -> Speed {
    if ratio <= SPEED_FAST {
        Speed::Fast
    } else if ratio <= SPEED_MODERATE {
        Speed::Moderate
    } else {
        Speed::Slow
    }
}

/// Up to this many times our fewest instructions on cave-r16, an algorithm
/// is [`Speed::Fast`]; up to [`SPEED_MODERATE`] times, [`Speed::Moderate`].
pub const SPEED_FAST: f64 = 2.5;
/// See [`SPEED_FAST`].
pub const SPEED_MODERATE: f64 = 12.0;

/// The generated block for one profile's measurements: see [`render_profiles`].
pub fn render(m: &Measurements, machine: &Machine) -> String {
    render_profiles(&[("release".to_owned(), m.clone())], machine)
}

/// One profile's measurements, by profile name.
pub type ProfileRun = (String, Measurements);

/// Whether a profile was measured at all.
fn measured(m: &Measurements) -> bool {
    !m.timings.is_empty() || !m.instructions.is_empty()
}

/// The generated block: the machine, the family ratios and the verdicts on
/// the target cases in each profile, the per-call overhead (open-r1) in
/// each, then for the first profile the exact algorithms, the catalogue's
/// speed column, the floor, and a table per case; the other profiles' case
/// tables follow, folded.
pub fn render_profiles(runs: &[ProfileRun], machine: &Machine) -> String {
    let specs = contender::all();
    let fams = families(&specs);
    let peered: Vec<&Family<'_>> = fams.iter().filter(|f| !f.peers.is_empty()).collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!-- Generated by tools/bench/regenerate.sh (the `report` binary); edits here are overwritten. -->\n"
    );
    machine_section(&mut s, machine);
    for (i, (profile, m)) in runs.iter().enumerate() {
        let title = if i == 0 {
            "Each family: the fastest peer's cost over ours".to_owned()
        } else {
            format!("Each family, profile `{profile}`: the fastest peer's cost over ours")
        };
        let _ = writeln!(s, "\n### {title}\n");
        let _ = writeln!(s, "Profile {}.\n", profile_description(profile));
        if measured(m) {
            family_ratios(&mut s, m, &peered);
            target_verdicts(&mut s, m, &peered);
        } else {
            not_measured(&mut s, profile);
        }
    }
    overhead_section(&mut s, runs, &specs, &fams);
    let Some((first, m)) = runs.first() else {
        return s;
    };
    exact_algorithms(&mut s, m);
    speed_column(&mut s, m, &specs);
    floor_section(&mut s, m, &specs);
    let _ = writeln!(s, "\n### Every case\n");
    let _ = writeln!(s, "Profile {}.\n", profile_description(first));
    every_case_legend(&mut s);
    every_case(&mut s, m, &specs, &fams);
    for (profile, m) in runs.iter().skip(1).filter(|r| measured(&r.1)) {
        let _ = writeln!(
            s,
            "<details><summary>Every case, profile {}</summary>\n",
            profile_description(profile)
        );
        every_case(&mut s, m, &specs, &fams);
        let _ = writeln!(s, "</details>\n");
    }
    s
}

/// What to run when a profile has no results.
fn not_measured(w: &mut String, profile: &str) {
    let _ = writeln!(
        w,
        "Not measured in this report: `tools/bench/regenerate.sh --profile {profile}` \
         (or `cargo bench -p sightlines-bench --profile {profile}` and \
         `tools/bench/instructions.sh --profile {profile}`, then the `report` binary)."
    );
}

/// The case whose cost is the per-call overhead: 5 tiles on open ground.
pub const OVERHEAD_CASE: &str = "open-r1";

/// Every contender's cost for a field of radius 1, in every profile: what a
/// call costs before any sight is computed (dispatch, range tables, the
/// set's reset).
fn overhead_section(w: &mut String, runs: &[ProfileRun], specs: &[Spec], fams: &[Family<'_>]) {
    let _ = writeln!(
        w,
        "\n### Per-call overhead: a field of radius 1 ({OVERHEAD_CASE})\n"
    );
    let _ = writeln!(
        w,
        "A circle of radius 1 from the open map's centre (5 tiles; peers with a \
         square range see 9): what a call costs before any sight is computed \
         (dispatch, range tables, resetting the output). Median time per field \
         of view in **ns** and callgrind's instructions per field of view, in \
         each profile.\n"
    );
    let Some(case) = Case::by_name(OVERHEAD_CASE) else {
        return;
    };
    let mut columns = vec!["contender".to_owned(), "seen".to_owned()];
    for (profile, _) in runs {
        columns.push(format!("ns per FOV, `{profile}`"));
    }
    for (profile, _) in runs {
        columns.push(format!("instructions per FOV, `{profile}`"));
    }
    let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
    table_head(w, &columns);
    let Some((_, first)) = runs.first() else {
        return;
    };
    for s in case_rows(first, specs, fams, &case) {
        let seen = runs.iter().find_map(|r| r.1.seen(OVERHEAD_CASE, &s.id));
        let mut row = format!("| `{}` | {} |", s.id, opt(seen, num));
        for (_, m) in runs {
            let t = m.time(OVERHEAD_CASE, &s.id).map(|us| us * 1000.0);
            let _ = write!(row, " {} |", opt(t, num));
        }
        for (_, m) in runs {
            let _ = write!(row, " {} |", opt(m.instr(OVERHEAD_CASE, &s.id), num));
        }
        let _ = writeln!(w, "{row}");
    }
}

/// A table's header row and the separator line under it.
fn table_head(w: &mut String, columns: &[&str]) {
    let _ = writeln!(w, "| {} |", columns.join(" | "));
    let _ = writeln!(w, "|{}", " --- |".repeat(columns.len()));
}

/// A ratio to two decimals.
fn two_places(r: f64) -> String {
    format!("{r:.2}")
}

/// The machine and the run, as a list.
fn machine_section(w: &mut String, machine: &Machine) {
    let _ = writeln!(w, "### Machine and run\n");
    for line in &machine.lines {
        let _ = writeln!(w, "- {line}");
    }
}

/// Per family and case, the fastest peer's time and instructions over ours.
fn family_ratios(w: &mut String, m: &Measurements, peered: &[&Family<'_>]) {
    let _ = writeln!(
        w,
        "Above 1, ours is faster. Each cell is *time ratio / instruction ratio*: \
         the fastest peer's median time per field of view over ours, then the same \
         for callgrind's instructions per field of view (the peer with the fewest \
         instructions may differ from the fastest one). The target, on every starred \
         case: {AHEAD}x, or 2x for the families that were already past 2x ({}). \
         Bold: a time ratio at its family's target.\n",
        STAY_TWICE
            .iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let cases: Vec<String> = CASES
        .iter()
        .map(|c| {
            let star = if is_target_case(&c.name()) { " *" } else { "" };
            format!("{}{star}", c.name())
        })
        .collect();
    let mut columns = vec!["family (ours)", "peers"];
    columns.extend(cases.iter().map(String::as_str));
    table_head(w, &columns);
    for f in peered {
        let target = family_target(f.ours.family);
        let peers: Vec<String> = f.peers.iter().map(|p| format!("`{}`", p.id)).collect();
        let _ = write!(w, "| `{}` | {} |", f.ours.family, peers.join(", "));
        for c in CASES {
            let name = c.name();
            let t = ratio_cell(m.ratio(f, &name, Measurements::time), target);
            let i = opt(
                m.ratio(f, &name, Measurements::instr).map(|r| r.0),
                two_places,
            );
            let _ = write!(w, " {t} / {i} |");
        }
        let _ = writeln!(w);
    }
}

/// One line a family: whether it reaches its target over its fastest peer
/// on every target case, by time and by instructions, and where it does not.
fn target_verdicts(w: &mut String, m: &Measurements, peered: &[&Family<'_>]) {
    let _ = writeln!(
        w,
        "\nOn the starred cases, the target being met when every ratio, of time \
         and of instructions, reaches the family's target:\n"
    );
    for f in peered {
        let target = family_target(f.ours.family);
        let time = short_of(m, f, target, Measurements::time);
        let instr = short_of(m, f, target, Measurements::instr);
        let met = if time.is_empty() && instr.is_empty() {
            "target met"
        } else {
            "target missed"
        };
        let describe = |short: &[String]| {
            if short.is_empty() {
                "on every case".to_owned()
            } else if short.iter().all(|c| c.ends_with("(not measured)")) {
                "not measured".to_owned()
            } else {
                format!("short on {}", short.join(", "))
            }
        };
        let _ = writeln!(
            w,
            "- `{}` ({target}x): **{met}**. By time {}; by instructions {}.",
            f.ours.family,
            describe(&time),
            describe(&instr),
        );
    }
}

/// The starred cases where a family's ratio by `metric` misses `target` or
/// was not measured, each as "case (ratio)".
fn short_of(
    m: &Measurements,
    f: &Family<'_>,
    target: f64,
    metric: impl Fn(&Measurements, &str, &str) -> Option<f64> + Copy,
) -> Vec<String> {
    CASES
        .iter()
        .map(Case::name)
        .filter(|c| is_target_case(c))
        .filter_map(|c| match m.ratio(f, &c, metric) {
            Some((r, _)) if r >= target => None,
            Some((r, _)) => Some(format!("{c} ({r:.2})")),
            None => Some(format!("{c} (not measured)")),
        })
        .collect()
}

/// The exact algorithms' cost on cave-r16 over our `recursive-shadowcast`'s.
fn exact_algorithms(w: &mut String, m: &Measurements) {
    let base = format!("{OURS}/recursive-shadowcast");
    let _ = writeln!(
        w,
        "\n### The exact algorithms against our `recursive-shadowcast` (cave-r16)\n"
    );
    let _ = writeln!(
        w,
        "Target: each within 2x of `recursive-shadowcast` (ratio at most 2).\n"
    );
    table_head(
        w,
        &[
            "algorithm",
            "µs per FOV",
            "time ratio",
            "instructions per FOV",
            "instruction ratio",
        ],
    );
    for id in [
        "precise-permissive",
        "symmetric-shadowcast",
        "recursive-shadowcast",
    ] {
        let full = format!("{OURS}/{id}");
        let t = m.time("cave-r16", &full);
        let bt = m.time("cave-r16", &base);
        let i = m.instr("cave-r16", &full);
        let bi = m.instr("cave-r16", &base);
        let ratio = |a: Option<f64>, b: Option<f64>| opt(a.zip(b).map(|(a, b)| a / b), two_places);
        let _ = writeln!(
            w,
            "| `{id}` | {} | {} | {} | {} |",
            opt(t, num),
            ratio(t, bt),
            opt(i, num),
            ratio(i, bi)
        );
    }
}

/// The catalogue's speed column against the instruction counts.
fn speed_column(w: &mut String, m: &Measurements, specs: &[Spec]) {
    let _ = writeln!(w, "\n### The catalogue's speed column (cave-r16)\n");
    let _ = writeln!(
        w,
        "`Algorithm::properties().speed` against the counts: *fast* up to \
         {SPEED_FAST}x our fewest instructions per field of view, *moderate* up \
         to {SPEED_MODERATE}x, *slow* beyond. A mismatch means the catalogue \
         needs updating.\n"
    );
    table_head(
        w,
        &[
            "algorithm",
            "instructions per FOV",
            "ratio to our fewest",
            "measured",
            "catalogue",
        ],
    );
    let ours: Vec<(Algorithm, Option<f64>)> = specs
        .iter()
        .filter(|s| s.is_ours())
        .filter_map(|s| {
            let name = s.id.strip_prefix(OURS)?.trim_start_matches('/');
            let algorithm = name.parse::<Algorithm>().ok()?;
            Some((algorithm, m.instr("cave-r16", &s.id)))
        })
        .collect();
    let fewest = ours
        .iter()
        .filter_map(|o| o.1)
        .fold(f64::INFINITY, f64::min);
    for (algorithm, ir) in ours {
        let ratio = ir.map(|i| i / fewest);
        let measured = ratio.map(speed_class);
        let claimed = algorithm.properties().speed;
        let mark = match measured {
            Some(c) if c != claimed => " (mismatch)",
            _ => "",
        };
        let _ = writeln!(
            w,
            "| `{algorithm}` | {} | {} | {} | {claimed}{mark} |",
            opt(ir, num),
            opt(ratio, two_places),
            measured.map_or_else(|| "–".to_owned(), |c| c.to_string()),
        );
    }
}

/// Every algorithm of ours against the floor on open-r64, per visible tile.
fn floor_section(w: &mut String, m: &Measurements, specs: &[Spec]) {
    let _ = writeln!(
        w,
        "\n### Our fastest algorithm against the floor (open-r64)\n"
    );
    let _ = writeln!(
        w,
        "`floor` writes every tile of the range into the same set, one insert \
         per tile; `floor-bits` sets the same tiles' bits in a plain buffer, with no \
         set bookkeeping. Target: our fastest algorithm's time per visible tile \
         within 3x of `floor`'s. Every algorithm of ours, from the fastest.\n"
    );
    let per_tile =
        |id: &str, metric: Option<f64>| metric.zip(m.seen("open-r64", id)).map(|(v, n)| v / n);
    let floor_t = per_tile(FLOOR, m.time("open-r64", FLOOR));
    let floor_i = per_tile(FLOOR, m.instr("open-r64", FLOOR));
    table_head(
        w,
        &[
            "contender",
            "ns per visible tile",
            "ratio to the floor",
            "instructions per visible tile",
            "ratio to the floor",
        ],
    );
    let mut rows: Vec<(&str, Option<f64>)> = specs
        .iter()
        .filter(|s| s.is_ours() || s.is_floor())
        .map(|s| (s.id.as_str(), per_tile(&s.id, m.time("open-r64", &s.id))))
        .collect();
    rows.sort_by(|a, b| {
        let key = |v: Option<f64>| v.unwrap_or(f64::INFINITY);
        key(a.1).total_cmp(&key(b.1))
    });
    for (id, t) in rows {
        let i = per_tile(id, m.instr("open-r64", id));
        let rt = t.zip(floor_t).map(|(a, b)| a / b);
        let ri = i.zip(floor_i).map(|(a, b)| a / b);
        let _ = writeln!(
            w,
            "| `{id}` | {} | {} | {} | {} |",
            opt(t.map(|t| t * 1000.0), num),
            opt(rt, two_places),
            opt(i, num),
            opt(ri, two_places)
        );
    }
}

/// What the per-case tables show, then one table a case.
fn every_case(w: &mut String, m: &Measurements, specs: &[Spec], fams: &[Family<'_>]) {
    for case in CASES {
        case_table(w, m, specs, fams, case);
    }
}

/// What the per-case tables show.
fn every_case_legend(w: &mut String) {
    let _ = writeln!(
        w,
        "Per family, ours first, then its peers from the fastest. *Seen*: mean \
         tiles in the field of view (peers with another range shape see more or \
         fewer). *µs per FOV*: criterion's median time for one pass over all \
         viewpoints divided by their number, with its 95% confidence interval. \
         *ns per tile*: that over *seen*. *Instructions*: callgrind, per field of \
         view and per tile seen.\n"
    );
}

/// One case: every contender's tiles seen, time and instructions.
fn case_table(w: &mut String, m: &Measurements, specs: &[Spec], fams: &[Family<'_>], case: &Case) {
    let name = case.name();
    let vps = specs
        .iter()
        .find_map(|s| m.timings.get(&(name.clone(), s.id.clone())).map(|t| t.fovs));
    let _ = writeln!(w, "#### {name}: {}\n", describe(case, vps));
    table_head(
        w,
        &[
            "contender",
            "seen",
            "µs per FOV [95% CI]",
            "ns per tile",
            "instructions per FOV",
            "per tile",
        ],
    );
    for s in case_rows(m, specs, fams, case) {
        let t = m.timings.get(&(name.clone(), s.id.clone()));
        let seen = m.seen(&name, &s.id);
        let us = t.map(|t| {
            let k = 1000.0 * t.fovs as f64;
            format!(
                "{} [{}–{}]",
                num(t.us_per_fov()),
                num(t.low_ns / k),
                num(t.high_ns / k)
            )
        });
        let ns_tile = t
            .map(Timing::us_per_fov)
            .zip(seen)
            .map(|(us, n)| us * 1000.0 / n);
        let ir = m.instr(&name, &s.id);
        let ir_tile = ir.zip(seen).map(|(i, n)| i / n);
        let id = if s.is_ours() {
            format!("**`{}`**", s.id)
        } else {
            format!("`{}`", s.id)
        };
        let _ = writeln!(
            w,
            "| {id} | {} | {} | {} | {} | {} |",
            opt(seen, num),
            us.unwrap_or_else(|| "–".to_owned()),
            opt(ns_tile, num),
            opt(ir, num),
            opt(ir_tile, num)
        );
    }
    let _ = writeln!(w);
}

/// A case's rows: per family ours, then its peers from the fastest; the
/// floor on the open map.
fn case_rows<'a>(
    m: &Measurements,
    specs: &'a [Spec],
    fams: &[Family<'a>],
    case: &Case,
) -> Vec<&'a Spec> {
    let name = case.name();
    let mut rows: Vec<&Spec> = Vec::new();
    for f in fams {
        rows.push(f.ours);
        let mut peers = f.peers.clone();
        peers.sort_by(|a, b| {
            let key = |s: &Spec| m.time(&name, &s.id).unwrap_or(f64::INFINITY);
            key(a).total_cmp(&key(b))
        });
        rows.extend(peers);
    }
    if case.map == "open" {
        rows.extend(specs.iter().filter(|s| s.is_floor()));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(num(1234567.0), "1,234,567");
        assert_eq!(num(123.4), "123");
        assert_eq!(num(12.34), "12.3");
        assert_eq!(num(1.234), "1.23");
        assert_eq!(num(0.1234), "0.123");
        assert_eq!(group_thousands(1000), "1,000");
        assert_eq!(group_thousands(999), "999");
    }

    #[test]
    fn instructions_parse_and_errors_name_the_line() {
        let m = read_instructions("# c\ncave-r16\tfloor\t1000\t5000\n").unwrap();
        assert_eq!(m[&("cave-r16".to_owned(), "floor".to_owned())], 5.0);
        let e = read_instructions("a\tb\t0\t5\n").unwrap_err();
        assert!(e.contains("line 1"), "{e}");
        assert!(read_instructions("a\tb\t1\n").is_err());
    }

    #[test]
    fn splice_keeps_the_prose_around_the_block() {
        let doc = format!("intro\n{START}\nold\n{END}\nafter\n");
        let new = splice(&doc, "new\n").unwrap();
        assert_eq!(new, format!("intro\n{START}\nnew\n{END}\nafter\n"));
        assert!(splice("no markers", "x").is_err());
        assert!(splice(&format!("{END}\n{START}\n"), "x").is_err());
    }

    #[test]
    fn each_profile_has_its_family_table_and_the_overhead_its_column() {
        let mut m = Measurements::default();
        let key = |id: &str| (OVERHEAD_CASE.to_owned(), id.to_owned());
        m.timings.insert(
            key("sightlines/recursive-shadowcast"),
            Timing {
                median_ns: 100.0,
                low_ns: 90.0,
                high_ns: 110.0,
                fovs: 1,
            },
        );
        m.instructions
            .insert(key("sightlines/recursive-shadowcast"), 1806.0);
        let runs = [
            ("release".to_owned(), m),
            ("lto".to_owned(), Measurements::default()),
        ];
        let out = render_profiles(&runs, &Machine::default());
        assert!(out.contains("### Each family, profile `lto`"), "{out}");
        assert!(
            out.contains("Not measured in this report: `tools/bench/regenerate.sh --profile lto`"),
            "{out}"
        );
        // 100 ns and 1,806 instructions in release, nothing in lto.
        assert!(
            out.contains("| `sightlines/recursive-shadowcast` | – | 100 | – | 1,806 | – |"),
            "{out}"
        );
    }

    #[test]
    fn render_computes_ratios_from_the_fastest_peer() {
        let mut m = Measurements::default();
        let key = |c: &str, id: &str| (c.to_owned(), id.to_owned());
        let t = |us: f64| Timing {
            median_ns: us * 1000.0 * 1000.0,
            low_ns: us * 900.0 * 1000.0,
            high_ns: us * 1100.0 * 1000.0,
            fovs: 1000,
        };
        let names: Vec<String> = CASES.iter().map(Case::name).collect();
        for c in names.iter().map(String::as_str) {
            m.timings
                .insert(key(c, "sightlines/recursive-shadowcast"), t(2.0));
            // Short of 1.3x by time on the rooms only.
            let doryen = if c == "rooms-r16" { 2.4 } else { 5.0 };
            m.timings
                .insert(key(c, "doryen-fov/recursive-shadowcasting"), t(doryen));
            m.timings
                .insert(key(c, "bracket-pathfinding/shadow-set"), t(50.0));
            m.instructions
                .insert(key(c, "sightlines/recursive-shadowcast"), 1000.0);
            m.instructions
                .insert(key(c, "bracket-pathfinding/shadow-set"), 3000.0);
            m.visible
                .insert(key(c, "sightlines/recursive-shadowcast"), 100.0);
        }
        m.timings
            .insert(key("cave-r16", "sightlines/precise-permissive"), t(5.0));
        let out = render(
            &m,
            &Machine {
                lines: vec!["CPU: test".into()],
            },
        );
        assert!(out.contains("- CPU: test"));
        // 5.0 / 2.0 in time (doryen is the fastest peer), 3000 / 1000 in instructions.
        assert!(out.contains("| **2.50** / 3.00 |"), "{out}");
        assert!(out.contains("| 1.20 / 3.00 |"), "{out}");
        assert!(
            out.contains(
                "- `recursive-shadowcast` (1.3x): **target missed**. By time short on \
                 rooms-r16 (1.20); by instructions on every case."
            ),
            "{out}"
        );
        // symmetric-shadowcast is not measured at all.
        assert!(
            out.contains(
                "- `symmetric-shadowcast` (2x): **target missed**. By time not measured; \
                 by instructions not measured."
            ),
            "{out}"
        );
        assert!(is_target_case("open-r8") && !is_target_case(OVERHEAD_CASE));
        assert_eq!(family_target("permissive-3"), 2.0);
        assert_eq!(family_target("beveled"), AHEAD);
        assert!(
            out.contains("| `precise-permissive` | 5.00 | 2.50 |"),
            "{out}"
        );
        // 2 µs over 100 tiles: 20 ns per tile.
        assert!(
            out.contains(
                "| **`sightlines/recursive-shadowcast`** | 100 | 2.00 [1.80–2.20] | 20.0 |"
            ),
            "{out}"
        );
    }
}
