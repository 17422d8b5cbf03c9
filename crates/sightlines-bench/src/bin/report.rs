//! Rewrites the generated block of `BENCHMARKS.md` from the latest
//! measurements (`tools/bench/regenerate.sh` runs everything, then this).
//!
//! ```text
//! report [--criterion DIR] [--instructions FILE] [--output FILE | --stdout]
//! ```
//!
//! Defaults: `target/criterion`, `target/sightlines-bench/instructions.tsv`
//! (the `release` profile's results; `--criterion` and `--instructions`
//! replace these) and the repository's `BENCHMARKS.md`. The `lto` profile's
//! results are read from `target/criterion-lto` and
//! `target/sightlines-bench/instructions-lto.tsv` when they exist. The visible
//! counts are computed here, from the maps, with the contenders of this build
//! (so build it with `--features libtcod` when the benchmarks ran with it).

use sightlines_bench::report::{self, Machine, Measurements, PROFILES};
use sightlines_bench::workload::load_all;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("report: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut criterion = report::criterion_dir(PROFILES[0]);
    let mut instructions = report::instructions_file(PROFILES[0]);
    let mut output = Some(repo.join("BENCHMARKS.md"));
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .map(PathBuf::from)
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--criterion" => criterion = value("--criterion")?,
            "--instructions" => instructions = value("--instructions")?,
            "--output" => output = Some(value("--output")?),
            "--stdout" => output = None,
            _ => {
                return Err(format!(
                    "unknown argument '{arg}'; usage: report [--criterion DIR] \
                     [--instructions FILE] [--output FILE | --stdout]"
                ))
            }
        }
    }

    eprintln!("report: counting the tiles each contender sees...");
    let visible = report::visible_counts(&load_all()?);
    let mut runs = Vec::new();
    for (i, profile) in PROFILES.iter().enumerate() {
        let (criterion, instructions) = if i == 0 {
            (criterion.clone(), instructions.clone())
        } else {
            (
                report::criterion_dir(profile),
                report::instructions_file(profile),
            )
        };
        // Only the first profile is required; the others may not have run.
        let timings = if criterion.is_dir() || i == 0 {
            report::read_criterion(&criterion).map_err(|e| {
                format!(
                    "{e} (run `cargo bench -p sightlines-bench` first, or pass --criterion DIR)"
                )
            })?
        } else {
            eprintln!(
                "report: no `{profile}` times ({} is missing)",
                criterion.display()
            );
            Default::default()
        };
        if i == 0 && timings.is_empty() {
            return Err(format!(
                "no criterion results under {}",
                criterion.display()
            ));
        }
        let instructions = match std::fs::read_to_string(&instructions) {
            Ok(text) => report::read_instructions(&text)
                .map_err(|e| format!("{}: {e}", instructions.display()))?,
            Err(e) => {
                eprintln!(
                    "report: no `{profile}` instruction counts ({}: {e}); run \
                     tools/bench/instructions.sh --profile {profile}",
                    instructions.display()
                );
                Default::default()
            }
        };
        let m = Measurements {
            timings,
            instructions,
            visible: visible.clone(),
        };
        runs.push((profile.to_string(), m));
    }
    let block = report::render_profiles(&runs, &machine(&repo));
    match output {
        None => print!("{block}"),
        Some(path) => {
            let doc = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let doc =
                report::splice(&doc, &block).map_err(|e| format!("{}: {e}", path.display()))?;
            std::fs::write(&path, doc)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            eprintln!("report: wrote {}", path.display());
        }
    }
    Ok(())
}

/// The output of a command, trimmed, if it ran and succeeded.
fn output(program: &str, args: &[&str], dir: &Path) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn machine(repo: &Path) -> Machine {
    let mut lines = Vec::new();
    if let Some(lscpu) = output("lscpu", &[], repo) {
        let field = |name: &str| {
            lscpu.lines().find_map(|l| {
                l.strip_prefix(name)
                    .and_then(|rest| rest.strip_prefix(':'))
                    .map(|v| v.trim().to_owned())
            })
        };
        let mut cpu = field("Model name").unwrap_or_else(|| "unknown CPU".to_owned());
        if let Some(n) = field("CPU(s)") {
            cpu.push_str(&format!(", {n} CPUs"));
        }
        if let Some(t) = field("Thread(s) per core") {
            cpu.push_str(&format!(" ({t} thread(s) per core)"));
        }
        if let Some(mhz) = field("CPU max MHz") {
            cpu.push_str(&format!(", max {mhz} MHz"));
        }
        lines.push(format!("CPU (`lscpu`): {cpu}"));
    }
    if let Some(rustc) = output("rustc", &["-V"], repo) {
        let profiles: Vec<String> = PROFILES
            .iter()
            .map(|p| report::profile_description(p))
            .collect();
        lines.push(format!(
            "Compiler: `{rustc}`; profiles {}",
            profiles.join(" and ")
        ));
    }
    if let Ok(lock) = std::fs::read_to_string(repo.join("Cargo.lock")) {
        let peers = [
            "bracket-pathfinding",
            "doryen-fov",
            "adam_fov_rs",
            "symmetric-shadowcasting",
            "criterion",
        ];
        let versions: Vec<String> = peers
            .iter()
            .filter_map(|p| locked_version(&lock, p).map(|v| format!("{p} {v}")))
            .collect();
        lines.push(format!("Crates: {}", versions.join(", ")));
    }
    if cfg!(feature = "libtcod") {
        let v = output("pkg-config", &["--modversion", "libtcod"], repo)
            .unwrap_or_else(|| "version unknown".to_owned());
        lines.push(format!(
            "libtcod {v} (the system library, feature `libtcod`)"
        ));
    } else {
        lines.push("libtcod: not in this report (built without the `libtcod` feature)".to_owned());
    }
    if let Some(commit) = output("git", &["rev-parse", "--short", "HEAD"], repo) {
        let dirty = output(
            "git",
            &["status", "--porcelain", "--untracked-files=no"],
            repo,
        )
        .is_some_and(|s| !s.is_empty());
        let note = if dirty {
            " plus uncommitted changes"
        } else {
            ""
        };
        lines.push(format!("sightlines: commit `{commit}`{note}"));
    }
    for profile in PROFILES {
        if let Ok(run) = std::fs::read_to_string(report::run_note_file(profile)) {
            lines.push(format!(
                "Timing run, profile `{profile}`: {} (on 2 CPUs, a load above 2 means other \
                 work shared the machine: CPU time leaves out the waits for a CPU, not the \
                 shared caches; instruction counts are not affected)",
                run.trim()
            ));
        }
    }
    if let Some(date) = output("date", &["-u", "+%Y-%m-%d"], repo) {
        lines.push(format!("Report generated on {date}"));
    }
    Machine { lines }
}

/// The version of `name` in a Cargo.lock.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let needle = format!("name = \"{name}\"\nversion = \"");
    let start = lock.find(&needle)? + needle.len();
    let len = lock[start..].find('"')?;
    Some(lock[start..start + len].to_owned())
}
