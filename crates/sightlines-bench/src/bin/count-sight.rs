//! Asks `Fov::can_see` the game benchmark's eight questions (or walks a
//! Bresenham line over the same pairs), for callgrind to count the
//! instructions a question costs.
//!
//! ```text
//! count-sight MAP ALGORITHM|bresenham D [--reps N] [--pair I]
//!     MAP is `open` or `cave`; the pairs are those of `can_see/MAP/…/dD` in
//!     crates/sightlines/benches/game.rs: from the open map's centre (the
//!     cave's first 8 viewpoints) to the tile D away (Euclidean, rounded)
//!     in 8 directions, range circle(64). One warm-up round, then N rounds
//!     (100) inside sightlines_sight_measure; prints questions=<number asked>.
//!     --pair I asks only the I-th question (0 to 7), to see where the
//!     instructions of a mean go.
//! ```
//!
//! Instructions per question:
//!
//! ```text
//! valgrind --tool=callgrind --collect-atstart=no \
//!   --toggle-collect=sightlines_sight_measure target/release/count-sight cave recursive-shadowcast 60
//! ```
//!
//! then the total over the printed question count.

use sightlines::line::Bresenham;
use sightlines::{Algorithm, Fov, Grid, Opacity, Range};
use sightlines_bench::workload::maps_dir;
use std::hint::black_box;
use std::process::ExitCode;

/// The measured work; its unmangled name is what callgrind toggles on.
#[no_mangle]
#[inline(never)]
pub fn sightlines_sight_measure(ask: &mut dyn FnMut() -> usize, reps: u32) -> usize {
    (0..reps).map(|_| ask()).sum()
}

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("count-sight: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let usage = "usage: count-sight open|cave ALGORITHM|bresenham D [--reps N] [--pair I]";
    let [map, who, d, rest @ ..] = args.as_slice() else {
        return Err(usage.into());
    };
    let (mut reps, mut pair) = (100, None);
    for option in rest.chunks(2) {
        match option {
            [flag, n] if flag == "--reps" => {
                reps = n.parse().map_err(|_| format!("bad --reps {n}"))?
            }
            [flag, i] if flag == "--pair" => {
                pair = Some(
                    i.parse::<usize>()
                        .ok()
                        .filter(|&i| i < 8)
                        .ok_or(format!("bad --pair {i}: 0 to 7"))?,
                )
            }
            _ => return Err(usage.into()),
        }
    }
    let d: f64 = d.parse().map_err(|_| format!("bad distance {d}"))?;
    let dir = maps_dir()?;
    let read =
        |name: String| std::fs::read_to_string(dir.join(&name)).map_err(|e| format!("{name}: {e}"));
    let grid = Grid::parse(&read(format!("{map}.txt"))?)
        .map_err(|e| format!("{map}.txt: {e}"))?
        .grid;
    let origins: Vec<(i32, i32)> = if map == "open" {
        vec![(128, 128); 8]
    } else {
        read(format!("{map}.viewpoints.txt"))?
            .lines()
            .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
            .take(8)
            .map(|l| {
                let mut it = l.split_whitespace().map(|n| n.parse::<i32>());
                match (it.next(), it.next()) {
                    (Some(Ok(x)), Some(Ok(y))) => Ok((x, y)),
                    _ => Err(format!("bad viewpoint line {l:?}")),
                }
            })
            .collect::<Result<_, _>>()?
    };
    if origins.len() < 8 {
        return Err(format!("{map}: fewer than 8 viewpoints"));
    }
    let pairs: Vec<_> = (0..8)
        .map(|i| {
            let from = origins[i];
            let angle = (i as f64) * 0.785 + 0.3;
            let to = (
                from.0 + (d * angle.cos()).round() as i32,
                from.1 + (d * angle.sin()).round() as i32,
            );
            (from, to)
        })
        .collect();
    let pairs: Vec<_> = match pair {
        Some(i) => vec![pairs[i]],
        None => pairs,
    };
    let questions = pairs.len() as u32 * reps;
    let range = Range::circle(64);
    let mut ask: Box<dyn FnMut() -> usize> = if who == "bresenham" {
        Box::new(|| {
            let walk = |&(from, to): &((i32, i32), (i32, i32))| {
                Bresenham::new(from, to)
                    .filter(|&p| p != from && p != to)
                    .all(|(x, y)| !grid.is_opaque(x, y))
            };
            pairs.iter().filter(|p| walk(p)).count()
        })
    } else {
        let algorithm: Algorithm = who.parse().map_err(|e| format!("{e}"))?;
        let mut fov = Fov::new(algorithm);
        Box::new(move || {
            let mut seen = 0;
            for &(from, to) in &pairs {
                seen += usize::from(fov.can_see(&grid, from, to, range).unwrap_or(false));
            }
            seen
        })
    };
    ask();
    let seen = sightlines_sight_measure(&mut ask, reps);
    black_box(seen);
    println!("questions={questions}");
    Ok(())
}
