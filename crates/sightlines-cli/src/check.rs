//! `sightlines check`: does an algorithm keep its promises on this map?
//!
//! For every pair of floor tiles A and B (or every pair among a sample of
//! floor tiles on big maps) it lists the one-way pairs: A sees B but B does
//! not see A. An algorithm that promises symmetry (`Algorithm::is_symmetric`)
//! must have none; by default any one-way pair fails the check, and
//! `--promises` fails only on broken promises. Every field of view is also
//! held to the promises every algorithm makes: the origin is seen, each tile
//! is reported once, and no tile lies off the map or out of range.
//!
//! The counting is [`crate::pairs`]'s; this module is the command around it:
//! which tiles to check, the progress bar, the text, the picture of the
//! longest one-way pair, and the exit code.

use crate::input::{
    count_floors, describe_range, field_of_view, floor_tiles, is_hex_map, keeping_diagonal_rule,
    parse_shape, parse_square_map, parse_tile_size, read_map_text, seeing_through, write_output,
    LoadedMap,
};
use crate::pairs::{self, OneWay, Outcome, Promises};
use crate::picture::{fit, Crop, LegendItems, Panel};
use crate::uneven;
use crate::{progress, Failure};
use clap::Args;
use sightlines::generate::SplitMix64;
use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, Opacity, Range, Shape, VisibleSet};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Map file ('-' for standard input; the built-in map when absent).
    pub map: Option<PathBuf>,
    /// The characters that block sight; `#` by default.
    #[arg(long, value_name = "CHARS", default_value = "#", value_parser = crate::input::parse_walls)]
    pub walls: crate::input::Walls,
    /// The algorithm to check; every algorithm of the map's grid when absent.
    #[arg(long, short, value_name = "ID", value_parser = crate::show::parse_any_algorithm)]
    pub algorithm: Option<crate::show::AnyAlgorithm>,
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
    /// `block`: walls that touch at a corner seal it (the diagonal rule),
    /// for the algorithms that keep it (the others are left out, with a
    /// note); `pass` (the default): each algorithm's own rule.
    #[arg(long, value_name = "RULE", default_value = "pass", value_parser = crate::input::parse_diagonal_gaps)]
    pub diagonal_gaps: DiagonalGaps,
    /// Characters that dim sight, each with its level from 1 to 255:
    /// `'~=96,"=48'`. Then the pairs checked are those seen better one way
    /// than the other (uneven), for the algorithms that see through
    /// translucent tiles (the others are left out, with a note); at most
    /// 4096 tiles are checked.
    #[arg(long, value_name = "C=LEVEL,...", value_parser = crate::input::parse_translucent)]
    pub translucent: Option<crate::input::Translucent>,
    /// The visibility sight starts with through --translucent tiles, 1 to 255.
    #[arg(long, value_name = "V", default_value = "255", value_parser = crate::input::parse_visibility)]
    pub visibility: u8,
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
    /// Exit 1 only when an algorithm breaks a promise of the catalogue; the
    /// one-way pairs of an algorithm that does not promise symmetry are then
    /// only reported. Without it, any one-way pair exits 1.
    #[arg(long)]
    pub promises: bool,
    /// The default (any one-way pair exits 1); kept for older scripts.
    #[arg(long, hide = true, conflicts_with = "promises")]
    pub strict: bool,
    /// Draw the worst one-way pair (the longest) to this file, PNG or SVG by
    /// its extension.
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,
    /// Which tiles the picture draws: `map`, `fov` (the box around both
    /// fields of view), or `auto`: the whole map unless the picture would
    /// pass 16384 pixels a side.
    #[arg(long, value_enum, default_value_t = Crop::Auto)]
    pub crop: Crop,
    /// Pixels per tile in the picture (1 to 64).
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true, default_value = "12", value_parser = parse_tile_size)]
    pub tile_size: u32,
}

/// All floor tiles, or `sample` of them picked with `seed` (sorted by row,
/// then column) when there are more; and how many floor tiles there are.
///
/// The pick is the first `sample` steps of a Fisher-Yates shuffle of the
/// floor tiles in row order, kept sparse (only the swapped places are
/// stored): memory grows with the sample, not with the map.
pub fn sample_floors(grid: &Grid, sample: usize, seed: u64) -> (Vec<(i32, i32)>, usize) {
    let total = count_floors(grid);
    if total <= sample {
        return (floor_tiles(grid), total);
    }
    let mut rng = SplitMix64::new(seed);
    let mut moved: HashMap<usize, usize> = HashMap::with_capacity(2 * sample);
    let mut ranks = Vec::with_capacity(sample);
    for i in 0..sample {
        let j = i + rng.below((total - i) as u32) as usize;
        let at_i = *moved.get(&i).unwrap_or(&i);
        let at_j = *moved.get(&j).unwrap_or(&j);
        moved.insert(j, at_i);
        ranks.push(at_j);
    }
    ranks.sort_unstable();
    // The floor tiles of those ranks, in one pass over the map.
    let mut tiles = Vec::with_capacity(sample);
    let (mut rank, mut next) = (0, ranks.iter().peekable());
    'rows: for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            if !grid.is_opaque(x, y) {
                if next.peek() == Some(&&rank) {
                    tiles.push((x, y));
                    next.next();
                    if next.peek().is_none() {
                        break 'rows;
                    }
                }
                rank += 1;
            }
        }
    }
    (tiles, total)
}

pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let (name, text) = read_map_text(args.map.as_deref())?;
    if is_hex_map(&text) {
        return crate::hex::check(args, name, &text);
    }
    let map = parse_square_map(name, &text, &args.walls)?;
    let range = Range::with_radius(args.radius, args.shape);
    let all = match args.algorithm {
        Some(a) => vec![crate::hex::square_only(a, &map.name)?],
        None => Algorithm::ALL.to_vec(),
    };
    let gaps = args.diagonal_gaps;
    if let Some(translucent) = &args.translucent {
        if args.picture.is_some() {
            return Err(Failure::usage(
                "--translucent does not draw --picture yet; leave --picture out (the uneven pairs are listed)",
            ));
        }
        return check_translucent(args, &map, range, seeing_through(all)?, translucent);
    }
    let algorithms = keeping_diagonal_rule(all, gaps).map_err(|left_out| {
        Failure::usage(format!(
            "{} does not keep the diagonal rule yet; with --diagonal-gaps block use precise-permissive, symmetric-shadowcast, recursive-shadowcast, raycast or basic-raycast",
            left_out[0]
        ))
    })?;
    let (tiles, total) = sample_floors(&map.grid, args.sample as usize, args.seed);
    if tiles.len() < 2 {
        return Err(Failure::input(format!(
            "{}: fewer than two floor tiles, no pair to check",
            map.name
        )));
    }
    let mut out = String::new();
    write_heading(&mut out, &map.name, total, tiles.len(), args.seed, range);
    let mut asymmetric = Vec::new();
    let mut broken = Vec::new();
    let mut pictured = false;
    for (k, &a) in algorithms.iter().enumerate() {
        let message = if algorithms.len() > 1 {
            format!("{a} ({}/{})", k + 1, algorithms.len())
        } else {
            a.to_string()
        };
        let bar = progress::bar(tiles.len() as u64, message, "fields of view");
        let outcome = pairs::check(
            &map.grid,
            &tiles,
            (a, gaps),
            range,
            args.limit,
            |done, n| {
                if done == 1 {
                    bar.set_length(n as u64);
                }
                bar.set_position(done as u64);
            },
        )?;
        bar.finish_and_clear();
        write_pairs(&mut out, a, &outcome);
        // Only the first algorithm with a one-way pair is drawn.
        if let (Some(path), Some(worst), false) = (&args.picture, outcome.worst, pictured) {
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
            write_picture(
                path,
                &map,
                (a, gaps),
                range,
                worst,
                args.tile_size,
                args.crop,
            )?;
        }
        write_promises(&mut out, &outcome.promises);
        if outcome.one_way > 0 {
            asymmetric.push(a);
        }
        if !outcome.promises.kept() || (a.is_symmetric() && outcome.one_way > 0) {
            broken.push(a);
        }
    }
    if args.picture.is_some() && !pictured {
        let _ = writeln!(out, "no one-way pair to draw; no picture written");
    }
    finish(out, &broken, &asymmetric, args.promises)
}

/// `check --translucent`: the uneven pairs of each algorithm that sees
/// through translucent tiles ([`crate::uneven`]), and the promises every
/// algorithm makes.
fn check_translucent(
    args: &CheckArgs,
    map: &LoadedMap,
    range: Range,
    algorithms: Vec<Algorithm>,
    translucent: &crate::input::Translucent,
) -> Result<(), Failure> {
    let levels = translucent.levels(map, &args.walls)?;
    let (tiles, total) = sample_floors(&map.grid, args.sample as usize, args.seed);
    if tiles.len() < 2 {
        return Err(Failure::input(format!(
            "{}: fewer than two floor tiles, no pair to check",
            map.name
        )));
    }
    if tiles.len() > uneven::MAX_TILES {
        return Err(uneven::too_many(&map.name, tiles.len()));
    }
    let mut out = String::new();
    write_heading(&mut out, &map.name, total, tiles.len(), args.seed, range);
    let (mut asymmetric, mut broken) = (Vec::new(), Vec::new());
    for (k, &a) in algorithms.iter().enumerate() {
        let message = format!("{a} ({}/{})", k + 1, algorithms.len());
        let bar = progress::bar(tiles.len() as u64, message, "fields of view");
        let outcome = uneven::check(
            &levels,
            &tiles,
            (a, args.visibility, args.diagonal_gaps),
            range,
            args.limit,
            |done, _| bar.set_position(done as u64),
        )?;
        bar.finish_and_clear();
        uneven::write(&mut out, a, &outcome);
        write_promises(&mut out, &outcome.promises);
        if outcome.uneven > 0 {
            asymmetric.push(a);
        }
        if !outcome.promises.kept() || (a.is_symmetric() && outcome.uneven > 0) {
            broken.push(a);
        }
    }
    finish(out, &broken, &asymmetric, args.promises)
}

/// Writes the verdict under `out` and `out` itself; exits 1 when it fails.
fn finish(
    mut out: String,
    broken: &[Algorithm],
    asymmetric: &[Algorithm],
    promises_only: bool,
) -> Result<(), Failure> {
    let failed = write_verdict(&mut out, broken, asymmetric, promises_only);
    write_output(None, out.as_bytes(), false)?;
    if failed {
        Err(Failure::quiet(1))
    } else {
        Ok(())
    }
}

/// The first line: the map, its floor tiles, the pairs checked and the range.
fn write_heading(
    out: &mut String,
    name: &str,
    floors: usize,
    checked: usize,
    seed: u64,
    range: Range,
) {
    let _ = writeln!(
        out,
        "{}: {} floor tiles; {}{} pairs checked, {}",
        name,
        floors,
        if checked < floors {
            format!("a sample of {checked} tiles (seed {seed}), ")
        } else {
            "all ".to_owned()
        },
        checked as u64 * (checked as u64 - 1) / 2,
        describe_range(range)
    );
}

/// An algorithm's one-way pairs: how many, whether it promised none, and
/// the first of them.
fn write_pairs(out: &mut String, a: Algorithm, outcome: &Outcome) {
    let count = outcome.one_way;
    let promise = promise(a, count);
    let _ = writeln!(out, "{a}: {count} one-way pairs; {promise}");
    for v in &outcome.listed {
        let _ = writeln!(
            out,
            "  ({}, {}) sees ({}, {}), but ({}, {}) does not see ({}, {})",
            v.seer.0, v.seer.1, v.seen.0, v.seen.1, v.seen.0, v.seen.1, v.seer.0, v.seer.1
        );
    }
    if count > outcome.listed.len() as u64 {
        let _ = writeln!(
            out,
            "  ... and {} more",
            count - outcome.listed.len() as u64
        );
    }
}

/// What `count` pairs seen one way mean for algorithm `a`'s promise.
pub(crate) fn promise(a: Algorithm, count: u64) -> &'static str {
    match (a.is_symmetric(), count) {
        (true, 0) => "promises symmetry and keeps it",
        (true, _) => "promises symmetry and BREAKS it",
        (false, _) => "does not promise symmetry",
    }
}

/// Whether an algorithm kept the promises every algorithm makes.
fn write_promises(out: &mut String, p: &Promises) {
    let every = format!(
        "  every algorithm's promises over {} fields of view (the origin seen, each tile once, none off the map or out of range):",
        p.fields
    );
    if p.kept() {
        let _ = writeln!(out, "{every} kept");
    } else {
        let _ = writeln!(out, "{every} BROKEN: {}", p.broken().join("; "));
    }
}

/// The last line, OK or FAIL; whether the check fails. Broken promises
/// always fail; one-way pairs fail unless `promises_only`.
pub(crate) fn write_verdict<A: std::fmt::Display>(
    out: &mut String,
    broken: &[A],
    asymmetric: &[A],
    promises_only: bool,
) -> bool {
    let ids = |list: &[A]| {
        list.iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !broken.is_empty() {
        let _ = writeln!(out, "FAIL: broken promises: {}", ids(broken));
        true
    } else if asymmetric.is_empty() {
        let _ = writeln!(out, "OK: no one-way pair, every promise kept");
        false
    } else if promises_only {
        let _ = writeln!(
            out,
            "OK: every promise kept; one-way pairs, reported only (no symmetry promised): {}",
            ids(asymmetric)
        );
        false
    } else {
        let _ = writeln!(
            out,
            "FAIL: one-way pairs: {}; every promise kept (--promises fails only on broken promises)",
            ids(asymmetric)
        );
        true
    }
}

/// Two panels: what the seer sees (the seen tile marked), and what the seen
/// tile sees (the seer marked, missing).
fn write_picture(
    path: &Path,
    map: &LoadedMap,
    (a, gaps): (Algorithm, DiagonalGaps),
    range: Range,
    v: OneWay,
    tile: u32,
    crop: Crop,
) -> Result<(), Failure> {
    let mut fov = Fov::new(a);
    fov.set_diagonal_gaps(gaps);
    let (mut from_seer, mut from_seen) = (VisibleSet::new(), VisibleSet::new());
    field_of_view(&mut fov, &map.grid, v.seer, range, &mut from_seer)?;
    field_of_view(&mut fov, &map.grid, v.seen, range, &mut from_seen)?;
    let (seen_mark, seer_mark) = ([v.seen], [v.seer]);
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
    left.disputed = &seen_mark;
    let mut right = Panel::new(
        format!("but ({}, {}) does not see it", v.seen.0, v.seen.1),
        &map.grid,
        &from_seen,
    );
    right.origin = Some(v.seen);
    right.targets = vec![v.seer];
    right.disputed = &seer_mark;
    let legend = LegendItems {
        disputed: Some("one-way pair".to_owned()),
        targets: Some("the other end"),
        ..LegendItems::default()
    };
    let hint = ", or --radius R for smaller fields of view";
    let pic = fit(vec![left, right], tile, |_| 2, legend, crop, hint)?;
    let svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    pic.write_to(Some(path), !svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pick of the first version: the whole list of floors shuffled.
    fn sample_from_the_list(grid: &Grid, sample: usize, seed: u64) -> Vec<(i32, i32)> {
        let mut floors = floor_tiles(grid);
        let mut rng = SplitMix64::new(seed);
        for i in 0..sample {
            let j = i + rng.below((floors.len() - i) as u32) as usize;
            floors.swap(i, j);
        }
        floors.truncate(sample);
        floors.sort_by_key(|&(x, y)| (y, x));
        floors
    }

    #[test]
    fn the_sparse_sample_is_the_sample_of_the_shuffled_list() {
        for (seed, size, sample) in [(1, 40, 100), (7, 23, 500), (9, 60, 1500), (3, 12, 2)] {
            let grid = sightlines::generate::cave(size, size + 5, seed);
            let floors = floor_tiles(&grid).len();
            let sample = sample.min(floors - 1);
            let (got, total) = sample_floors(&grid, sample, seed);
            assert_eq!(total, floors);
            assert_eq!(got, sample_from_the_list(&grid, sample, seed), "{seed}");
        }
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
