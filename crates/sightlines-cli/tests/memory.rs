//! Peak memory on a 5000x5000 map, command by command: each completes, or
//! refuses with one line, within a stated bound, a multiple of the map's
//! size. The peak is the process's own high-water mark (`VmHWM`), which
//! `SIGHTLINES_PEAK_MEMORY` makes it print as it leaves.

mod common;

use common::*;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Instant;

const SIDE: u64 = 5000;
const TILES: u64 = SIDE * SIDE;
const MIB: u64 = 1 << 20;

/// Runs `sightlines ARGS` and returns its output and peak memory in bytes.
fn measured(dir: &Path, args: &[&str]) -> (Output, u64) {
    let start = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_sightlines"))
        .args(args)
        .current_dir(dir)
        .env("SIGHTLINES_PEAK_MEMORY", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = stderr(&o);
    let peak = err
        .lines()
        .find_map(|l| l.strip_prefix("sightlines: peak memory "))
        .and_then(|l| l.strip_suffix(" KiB"))
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no peak memory in {err:?}"));
    eprintln!(
        "{:>7.1} MiB peak ({:.2} bytes a tile), {:>5.1} s: sightlines {}",
        peak as f64 / 1024.0,
        (peak * 1024) as f64 / TILES as f64,
        start.elapsed().as_secs_f64(),
        args.join(" ")
    );
    (o, peak * 1024)
}

/// The bound: `per_tile` bytes a tile of the map, and 64 MiB for the
/// program, its libraries and a picture's band.
fn within(peak: u64, per_tile: u64, what: &str) {
    let bound = per_tile * TILES + 64 * MIB;
    assert!(
        peak <= bound,
        "{what}: {} MiB, past the bound of {} MiB",
        peak / MIB,
        bound / MIB
    );
}

#[test]
fn every_command_stays_within_its_bound_on_a_5000_by_5000_map() {
    if std::env::var_os("SIGHTLINES_SKIP_BIG").is_some() {
        eprintln!("SKIPPED: SIGHTLINES_SKIP_BIG is set");
        return;
    }
    let dir = temp_dir("memory");
    let size = format!("{SIDE}x{SIDE}");
    // An open hall (pillars): the largest fields of view, the largest pictures.
    let (o, peak) = measured(
        &dir,
        &["generate", "pillars", "--size", &size, "-o", "hall.txt"],
    );
    assert_ok(&o);
    within(peak, 1, "generate");
    let centre = format!("{},{}", SIDE / 2, SIDE / 2);
    let show = |extra: &[&str]| {
        let args = [&["show", "hall.txt", "--at", &centre][..], extra].concat();
        measured(&dir, &args)
    };
    // The whole field of view at 16 pixels a tile is 80,000 pixels wide:
    // refused, saying what to do.
    let (o, peak) = show(&["-f", "png", "-o", "a.png"]);
    let err = stderr(&o);
    let err: Vec<&str> = err.lines().filter(|l| !l.contains("peak memory")).collect();
    assert!(!o.status.success() && err.len() == 1, "{err:?}");
    assert!(
        err[0].contains("pass --tile-size 3 (or less), or --radius R"),
        "{err:?}"
    );
    within(peak, 3, "show -f png, refused");
    assert!(!dir.join("a.png").exists());
    // At 3 pixels a tile it fits: 15,016 pixels a side.
    let (o, peak) = show(&["-f", "png", "--tile-size", "3", "-o", "a.png"]);
    assert_ok(&o);
    within(peak, 3, "show -f png");
    let png = std::fs::File::open(dir.join("a.png")).unwrap();
    let info = png::Decoder::new(std::io::BufReader::new(png))
        .read_info()
        .unwrap();
    assert_eq!(info.info().width, 2 * 8 + 3 * SIDE as u32);
    let (o, peak) = show(&["-f", "svg", "--tile-size", "3", "-o", "a.svg"]);
    assert_ok(&o);
    within(peak, 3, "show -f svg");
    // With a radius, the default crop draws the box around what is seen.
    let (o, peak) = show(&["-f", "png", "-r", "100", "-o", "r.png"]);
    assert_ok(&o);
    assert!(stderr(&o).contains("drawing the tiles around what is seen"));
    within(peak, 3, "show -f png -r 100");
    // Every algorithm side by side, cropped to what they see.
    let (o, peak) = measured(
        &dir,
        &[
            "compare", "hall.txt", "--at", &centre, "-r", "100", "-f", "png", "-o", "c.png",
        ],
    );
    assert_ok(&o);
    within(peak, 5, "compare -f png");
    // A sample of the floor tiles, a field of view each, radius 40.
    let (o, peak) = measured(
        &dir,
        &[
            "check",
            "hall.txt",
            "-a",
            "precise-permissive",
            "-r",
            "40",
            "--sample",
            "300",
        ],
    );
    assert!(o.status.code() == Some(0), "{}", stderr(&o));
    within(peak, 3, "check");
    // The report, with the hall as its open benchmark map.
    let bench = dir.join("bench");
    std::fs::create_dir_all(&bench).unwrap();
    let maps = format!("{}/../sightlines-bench/maps", env!("CARGO_MANIFEST_DIR"));
    for name in ["cave", "pillars", "rooms"] {
        for file in [format!("{name}.txt"), format!("{name}.viewpoints.txt")] {
            std::fs::copy(Path::new(&maps).join(&file), bench.join(&file)).unwrap();
        }
    }
    std::fs::rename(dir.join("hall.txt"), bench.join("open.txt")).unwrap();
    std::fs::write(
        bench.join("open.viewpoints.txt"),
        format!("{} {}\n", SIDE / 2, SIDE / 2),
    )
    .unwrap();
    let (o, peak) = measured(&dir, &["report", "--bench", "bench", "-o", "report.md"]);
    assert_ok(&o);
    within(peak, 3, "report");
    let _ = std::fs::remove_dir_all(&dir);
}
