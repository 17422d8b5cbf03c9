//! `sightlines check`: does an algorithm keep its promises on this map?
//!
//! For every pair of floor tiles A and B (or every pair among a sample of
//! floor tiles on big maps) it computes both fields of view and lists the
//! one-way pairs: A sees B but B does not see A. An algorithm that promises
//! symmetry (`Algorithm::is_symmetric`) must have none; one that does not is
//! only reported.

use crate::input::{
    describe_range, field_of_view, floor_tiles, load_map, parse_algorithm, parse_shape,
    parse_tile_size, write_output, LoadedMap,
};
use crate::picture::{figure, LegendItems, Panel};
use crate::Failure;
use clap::Args;
use sightlines::generate::SplitMix64;
use sightlines::{Algorithm, Fov, Grid, Range, Shape, VisibleSet};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Map file ('-' for standard input; the built-in map when absent).
    pub map: Option<PathBuf>,
    /// The characters that block sight; `#` by default.
    #[arg(long, value_name = "CHARS", default_value = "#", value_parser = crate::input::parse_walls)]
    pub walls: crate::input::Walls,
    /// The algorithm to check; every algorithm when absent.
    #[arg(long, short, value_name = "ID", value_parser = parse_algorithm)]
    pub algorithm: Option<Algorithm>,
    /// How far viewers see, in tiles; without it, the whole map.
    #[arg(long, short, value_name = "R", allow_hyphen_values = true)]
    pub radius: Option<u32>,
    /// The shape the radius cuts: square, diamond, circle or circle-plus.
    #[arg(long, value_name = "SHAPE", default_value = "circle", value_parser = parse_shape)]
    pub shape: Shape,
    /// On maps with more floor tiles than this, check the pairs among this
    /// many floor tiles picked at random (with --seed).
    #[arg(long, value_name = "N", allow_hyphen_values = true, default_value = "1500", value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub sample: u32,
    /// The seed of the sample.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        default_value = "1"
    )]
    pub seed: u64,
    /// List at most this many one-way pairs an algorithm.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        default_value = "20"
    )]
    pub limit: usize,
    /// Demand symmetry from every algorithm, even those that do not
    /// promise it: exit 1 on any one-way pair.
    #[arg(long)]
    pub strict: bool,
    /// Draw the worst one-way pair (the longest) to this file, PNG or SVG by
    /// its extension.
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,
    /// Pixels per tile in the picture (1 to 64).
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true, default_value = "12", value_parser = parse_tile_size)]
    pub tile_size: u32,
}

/// A one-way pair: `seer` sees `seen`, `seen` does not see `seer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneWay {
    pub seer: (i32, i32),
    pub seen: (i32, i32),
}

impl OneWay {
    fn distance2(&self) -> i64 {
        let dx = i64::from(self.seer.0) - i64::from(self.seen.0);
        let dy = i64::from(self.seer.1) - i64::from(self.seen.1);
        dx * dx + dy * dy
    }
}

/// The outcome of checking one algorithm on one map.
pub struct Symmetry {
    /// Every one-way pair, in the order of the tiles (row, then column).
    pub one_way: Vec<OneWay>,
}

impl Symmetry {
    /// The longest one-way pair: the most surprising to a player.
    pub fn worst(&self) -> Option<OneWay> {
        let mut best: Option<OneWay> = None;
        for v in &self.one_way {
            if best.is_none_or(|b| v.distance2() > b.distance2()) {
                best = Some(*v);
            }
        }
        best
    }
}

/// Checks every pair among `tiles` for `algorithm`; `progress` is called
/// with (done, total) after each field of view.
pub fn one_way_pairs(
    grid: &Grid,
    tiles: &[(i32, i32)],
    algorithm: Algorithm,
    range: Range,
    progress: impl FnMut(usize, usize),
) -> Result<Symmetry, Failure> {
    let mut fov = Fov::new(algorithm);
    one_way_pairs_with(
        grid,
        tiles,
        |origin, set| field_of_view(&mut fov, grid, origin, range, set),
        progress,
    )
}

/// [`one_way_pairs`] for any way of computing a field of view.
fn one_way_pairs_with(
    grid: &Grid,
    tiles: &[(i32, i32)],
    mut compute: impl FnMut((i32, i32), &mut VisibleSet) -> Result<(), Failure>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Symmetry, Failure> {
    let n = tiles.len();
    let width = grid.width() as usize;
    // Index of each checked tile, plus one; 0 for the others.
    let mut index = vec![0u32; width * grid.height() as usize];
    for (i, &(x, y)) in tiles.iter().enumerate() {
        index[y as usize * width + x as usize] = i as u32 + 1;
    }
    let words = n.div_ceil(64);
    let mut sees = vec![0u64; n * words];
    let mut set = VisibleSet::new();
    for (i, &origin) in tiles.iter().enumerate() {
        compute(origin, &mut set)?;
        for (x, y) in set.iter() {
            let j = index[y as usize * width + x as usize];
            if j > 0 {
                let j = j as usize - 1;
                sees[i * words + j / 64] |= 1 << (j % 64);
            }
        }
        progress(i + 1, n);
    }
    let bit = |i: usize, j: usize| sees[i * words + j / 64] >> (j % 64) & 1 == 1;
    let mut one_way = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            match (bit(i, j), bit(j, i)) {
                (true, false) => one_way.push(OneWay {
                    seer: tiles[i],
                    seen: tiles[j],
                }),
                (false, true) => one_way.push(OneWay {
                    seer: tiles[j],
                    seen: tiles[i],
                }),
                _ => {}
            }
        }
    }
    Ok(Symmetry { one_way })
}

/// All floor tiles, or `sample` of them picked with `seed` (sorted by row,
/// then column) when there are more.
pub fn sample_floors(grid: &Grid, sample: usize, seed: u64) -> (Vec<(i32, i32)>, usize) {
    let mut floors = floor_tiles(grid);
    let total = floors.len();
    if total > sample {
        let mut rng = SplitMix64::new(seed);
        for i in 0..sample {
            let j = i + rng.below((total - i) as u32) as usize;
            floors.swap(i, j);
        }
        floors.truncate(sample);
        floors.sort_by_key(|&(x, y)| (y, x));
    }
    (floors, total)
}

pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let map = load_map(args.map.as_deref(), &args.walls)?;
    let range = Range::with_radius(args.radius, args.shape);
    let algorithms: Vec<Algorithm> = match args.algorithm {
        Some(a) => vec![a],
        None => Algorithm::ALL.to_vec(),
    };
    let (tiles, total) = sample_floors(&map.grid, args.sample as usize, args.seed);
    if tiles.len() < 2 {
        return Err(Failure::input(format!(
            "{}: fewer than two floor tiles, no pair to check",
            map.name
        )));
    }
    let mut out = String::new();
    let sampled = tiles.len() < total;
    let _ = writeln!(
        out,
        "{}: {} floor tiles; {}{} pairs checked, {}",
        map.name,
        total,
        if sampled {
            format!("a sample of {} tiles (seed {}), ", tiles.len(), args.seed)
        } else {
            "all ".to_owned()
        },
        tiles.len() as u64 * (tiles.len() as u64 - 1) / 2,
        describe_range(range)
    );
    let bar = std::io::stderr().is_terminal() && tiles.len() >= 200;
    let mut broken = false;
    let mut pictured = false;
    for &a in &algorithms {
        let result = one_way_pairs(&map.grid, &tiles, a, range, |done, n| {
            if bar && (done == n || done % (n / 100).max(1) == 0) {
                progress_bar(a, done, n);
            }
        })?;
        if bar {
            eprint!("\r\x1b[2K");
        }
        let count = result.one_way.len();
        let (ok, verdict) = verdict(a.is_symmetric(), args.strict, count);
        broken |= !ok;
        let _ = writeln!(out, "{a}: {count} one-way pairs; {verdict}");
        for v in result.one_way.iter().take(args.limit) {
            let _ = writeln!(
                out,
                "  ({}, {}) sees ({}, {}), but ({}, {}) does not see ({}, {})",
                v.seer.0, v.seer.1, v.seen.0, v.seen.1, v.seen.0, v.seen.1, v.seer.0, v.seer.1
            );
        }
        if count > args.limit {
            let _ = writeln!(out, "  ... and {} more", count - args.limit);
        }
        if let (Some(path), Some(worst), false) = (&args.picture, result.worst(), pictured) {
            pictured = true;
            let _ = writeln!(
                out,
                "  the longest, ({}, {}) -> ({}, {}), is drawn in {}",
                worst.seer.0,
                worst.seer.1,
                worst.seen.0,
                worst.seen.1,
                path.display()
            );
            write_picture(path, &map, a, range, worst, args.tile_size)?;
        }
    }
    if args.picture.is_some() && !pictured {
        let _ = writeln!(out, "no one-way pair to draw; no picture written");
    }
    write_output(None, out.as_bytes(), false)?;
    if broken {
        Err(Failure::quiet(1))
    } else {
        Ok(())
    }
}

/// Whether a result keeps the promise, and the sentence that says so.
fn verdict(symmetric: bool, strict: bool, one_way: usize) -> (bool, &'static str) {
    match (symmetric, strict, one_way) {
        (true, _, 0) => (true, "promises symmetry and keeps it: OK"),
        (true, _, _) => (false, "promises symmetry and breaks it: FAIL"),
        (false, true, 0) => (
            true,
            "does not promise symmetry, symmetric here (--strict): OK",
        ),
        (false, true, _) => (
            false,
            "does not promise symmetry, demanded by --strict: FAIL",
        ),
        (false, false, _) => (true, "does not promise symmetry: reported only"),
    }
}

fn progress_bar(a: Algorithm, done: usize, n: usize) {
    let width = 30;
    let filled = done * width / n.max(1);
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "\r{a} [{}{}] {:>3}% ({done}/{n} fields of view)",
        "#".repeat(filled),
        " ".repeat(width - filled),
        done * 100 / n.max(1)
    );
    let _ = err.flush();
}

/// Two panels: what the seer sees (the seen tile marked), and what the seen
/// tile sees (the seer marked, missing).
fn write_picture(
    path: &std::path::Path,
    map: &LoadedMap,
    a: Algorithm,
    range: Range,
    v: OneWay,
    tile: u32,
) -> Result<(), Failure> {
    let mut fov = Fov::new(a);
    let (mut from_seer, mut from_seen) = (VisibleSet::new(), VisibleSet::new());
    field_of_view(&mut fov, &map.grid, v.seer, range, &mut from_seer)?;
    field_of_view(&mut fov, &map.grid, v.seen, range, &mut from_seen)?;
    let mut left = Panel::new(
        format!(
            "{a}: ({}, {}) sees ({}, {})",
            v.seer.0, v.seer.1, v.seen.0, v.seen.1
        ),
        &map.grid,
        &from_seer,
    );
    left.origin = Some(v.seer);
    left.targets = vec![v.seen];
    left.disputed = vec![v.seen];
    let mut right = Panel::new(
        format!("but ({}, {}) does not see it", v.seen.0, v.seen.1),
        &map.grid,
        &from_seen,
    );
    right.origin = Some(v.seen);
    right.targets = vec![v.seer];
    right.disputed = vec![v.seer];
    let legend = LegendItems {
        disputed: Some("one-way pair".to_owned()),
        targets: Some("the other end"),
        sight_lines: false,
    };
    let pic = figure(&[left, right], tile, 2, legend);
    let svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if svg {
        pic.to_svg().into_bytes()
    } else {
        pic.to_png()
    };
    write_output(Some(path), &bytes, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_one_way_pairs_of_a_lopsided_field_of_view() {
        let grid = Grid::new(5, 1);
        let tiles = floor_tiles(&grid);
        // Everyone sees everything to the right only: each pair is one-way.
        let result = one_way_pairs_with(
            &grid,
            &tiles,
            |(ox, oy), set| {
                set.reset(grid.rect());
                for x in ox..5 {
                    set.insert(x, oy);
                }
                Ok(())
            },
            |_, _| {},
        )
        .unwrap();
        assert_eq!(result.one_way.len(), 10);
        assert_eq!(
            result.one_way[0],
            OneWay {
                seer: (0, 0),
                seen: (1, 0)
            }
        );
        assert_eq!(
            result.worst(),
            Some(OneWay {
                seer: (0, 0),
                seen: (4, 0)
            })
        );
    }

    #[test]
    fn verdicts_follow_promises() {
        assert!(verdict(true, false, 0).0);
        assert!(!verdict(true, false, 1).0);
        assert!(verdict(false, false, 7).0);
        assert!(!verdict(false, true, 7).0);
        assert!(verdict(false, true, 0).0);
    }

    #[test]
    fn samples_are_sorted_distinct_and_repeatable() {
        let grid = Grid::new(40, 40);
        let (a, total) = sample_floors(&grid, 100, 3);
        assert_eq!((a.len(), total), (100, 1600));
        let mut b = a.clone();
        b.sort_by_key(|&(x, y)| (y, x));
        b.dedup();
        assert_eq!(a, b);
        assert_eq!(sample_floors(&grid, 100, 3).0, a);
        assert_ne!(sample_floors(&grid, 100, 4).0, a);
    }
}
