//! Runs one case's viewpoints for one contender, for callgrind to count the
//! instructions (`tools/bench/instructions.sh` drives it).
//!
//! ```text
//! count CASE CONTENDER [--reps N] [--diagonal-gaps pass|block] [--translucent LEVEL]
//!                                   one warm-up field of view, then every
//!                                   viewpoint N times inside sightlines_bench_measure;
//!                                   prints fovs=<number of fields of view measured>;
//!                                   `block` only for our algorithms that keep the rule;
//!                                   --translucent: through a tenth of the floor at
//!                                   LEVEL (Fov::compute_translucent), for
//!                                   sightlines/ALGORITHM of the algorithms that see
//!                                   through translucent tiles
//! count --cases                     the case names
//! count --list [CASE]               the contender ids (of a case)
//! count --visible CASE              each contender's mean visible tiles
//! ```
//!
//! Under `valgrind --tool=callgrind --collect-atstart=no
//! --toggle-collect=sightlines_bench_measure`, the total is the instructions
//! of the measured runs alone.

use sightlines::{Algorithm, DiagonalGaps, Fov, LevelGrid};
use sightlines_bench::contender::{self, Contender};
use sightlines_bench::workload::{maps_dir, Case, Workload, CASES};
use std::process::ExitCode;

/// Our algorithm's field of view through translucent tiles from each
/// viewpoint: a contender measured as the others are.
struct Translucent {
    fov: Fov,
    levels: LevelGrid,
    range: sightlines::Range,
}

impl Contender for Translucent {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        let mut sum = 0usize;
        for &at in viewpoints {
            self.fov
                .compute_translucent(&self.levels, at, self.range, |_, _, v| {
                    sum += usize::from(v)
                })
                .expect("a viewpoint of the case is on its map");
        }
        std::hint::black_box(sum);
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        let mut tiles = Vec::new();
        self.fov
            .compute_translucent(&self.levels, origin, self.range, |x, y, _| {
                tiles.push((y, x))
            })
            .expect("a viewpoint of the case is on its map");
        tiles.sort_unstable();
        tiles.into_iter().map(|(y, x)| (x, y)).collect()
    }

    fn set_diagonal_gaps(&mut self, gaps: DiagonalGaps) -> bool {
        self.fov.set_diagonal_gaps(gaps);
        true
    }
}

/// The measured work; its unmangled name is what callgrind toggles on.
#[no_mangle]
#[inline(never)]
pub fn sightlines_bench_measure(c: &mut dyn Contender, viewpoints: &[(i32, i32)], reps: u32) {
    for _ in 0..reps {
        c.run(viewpoints);
    }
}

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("count: {e}");
            ExitCode::FAILURE
        }
    }
}

fn case(name: &str) -> Result<Case, String> {
    Case::by_name(name).ok_or_else(|| {
        let names: Vec<String> = CASES.iter().map(|c| c.name()).collect();
        format!("unknown case '{name}'; cases: {}", names.join(", "))
    })
}

fn run(args: Vec<String>) -> Result<(), String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["--cases"] => {
            for c in CASES {
                println!("{c}");
            }
            Ok(())
        }
        ["--list"] => {
            for s in contender::all() {
                println!("{}", s.id);
            }
            Ok(())
        }
        ["--list", name] => {
            for s in contender::for_map(case(name)?.map) {
                println!("{}", s.id);
            }
            Ok(())
        }
        ["--visible", name] => {
            let case = case(name)?;
            let w = Workload::load(&maps_dir()?, case.map)?;
            for s in contender::for_map(case.map) {
                let mut c = (s.build)(&w, case.radius);
                let total: usize = w.viewpoints.iter().map(|&vp| c.tiles(vp).len()).sum();
                println!("{}\t{:.1}", s.id, total as f64 / w.viewpoints.len() as f64);
            }
            Ok(())
        }
        [name, id, rest @ ..] if !name.starts_with('-') => {
            let (mut reps, mut gaps, mut level) = (1, DiagonalGaps::Pass, None);
            let mut rest = rest;
            while let [flag, value, more @ ..] = rest {
                match *flag {
                    "--reps" => {
                        reps = value
                            .parse()
                            .map_err(|_| format!("--reps: '{value}' is not a count"))?
                    }
                    "--diagonal-gaps" => gaps = value.parse().map_err(|e| format!("{e}"))?,
                    "--translucent" => {
                        level = Some(value.parse::<u8>().map_err(|_| {
                            format!("--translucent: '{value}' is not a level from 0 to 255")
                        })?)
                    }
                    _ => return Err(format!("unexpected arguments {rest:?}")),
                }
                rest = more;
            }
            if !rest.is_empty() {
                return Err(format!("unexpected arguments {rest:?}"));
            }
            let case = case(name)?;
            let w = Workload::load(&maps_dir()?, case.map)?;
            let mut c = match level {
                Some(level) => translucent(&w, case, id, level)?,
                None => {
                    let spec = contender::for_map(case.map)
                        .into_iter()
                        .find(|s| s.id == *id)
                        .ok_or_else(|| {
                            format!("no contender '{id}' for {case} (see count --list)")
                        })?;
                    (spec.build)(&w, case.radius)
                }
            };
            // Peers have no rule to set: only `block` needs one of ours.
            if gaps.blocks() && !c.set_diagonal_gaps(gaps) {
                return Err(format!("{id} does not keep the diagonal rule"));
            }
            c.run(&w.viewpoints[..1]); // warm-up: buffers grown, code paged in
            sightlines_bench_measure(&mut *c, &w.viewpoints, reps);
            println!("fovs={}", w.viewpoints.len() as u64 * u64::from(reps));
            Ok(())
        }
        _ => Err(
            "usage: count CASE CONTENDER [--reps N] [--diagonal-gaps pass|block] [--translucent LEVEL] | --cases | --list [CASE] | --visible CASE"
                .to_owned(),
        ),
    }
}

/// `count CASE sightlines/ALGORITHM --translucent LEVEL`: the case's
/// viewpoints through a tenth of its floor at `level`.
fn translucent(
    w: &Workload,
    case: Case,
    id: &str,
    level: u8,
) -> Result<Box<dyn Contender>, String> {
    let algorithm = id
        .strip_prefix("sightlines/")
        .and_then(|a| a.parse::<Algorithm>().ok())
        .filter(|a| a.supports_translucency())
        .ok_or_else(|| format!("--translucent needs sightlines/ALGORITHM of an algorithm that sees through translucent tiles, not '{id}'"))?;
    Ok(Box::new(Translucent {
        fov: Fov::new(algorithm),
        levels: w.smoky(level),
        range: case.range(),
    }))
}
