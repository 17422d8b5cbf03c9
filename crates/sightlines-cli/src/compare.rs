//! `sightlines compare`: several algorithms from the same tile, side by side,
//! with the tiles where they disagree pointed out and counted.

use crate::input::{
    describe_range, field_of_view, keeping_diagonal_rule, load_map, parse_algorithms,
    parse_position, parse_shape, parse_tile_size, resolve_origin, write_output, AlgorithmList,
    LoadedMap,
};
use crate::picture::{fit, Crop, LegendItems, Panel, Picture};
use crate::Failure;
use clap::{Args, ValueEnum};
use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, Range, Shape, VisibleSet};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Map file ('-' for standard input; the built-in map when absent).
    pub map: Option<PathBuf>,
    /// The characters that block sight; `#` by default.
    #[arg(long, value_name = "CHARS", default_value = "#", value_parser = crate::input::parse_walls)]
    pub walls: crate::input::Walls,
    /// The viewer's tile, as X,Y; overrides the map's '@'.
    #[arg(long, value_name = "X,Y", value_parser = parse_position, allow_hyphen_values = true)]
    pub at: Option<(i32, i32)>,
    /// Comma-separated algorithm ids, or `all` (the default).
    #[arg(long, short, value_name = "A,B,...", default_value = "all", value_parser = parse_algorithms)]
    pub algorithms: AlgorithmList,
    /// How far the viewer sees, in tiles; without it, the whole map.
    #[arg(long, short, value_name = "R", allow_hyphen_values = true)]
    pub radius: Option<u32>,
    /// The shape the radius cuts: square, diamond, circle or circle-plus.
    #[arg(long, value_name = "SHAPE", default_value = "circle", value_parser = parse_shape)]
    pub shape: Shape,
    /// Output format: text panels, or a picture with one panel an algorithm.
    #[arg(long, short, value_enum, default_value_t = CompareFormat::Text)]
    pub format: CompareFormat,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Pixels per tile in pictures (1 to 64).
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true, default_value = "12", value_parser = parse_tile_size)]
    pub tile_size: u32,
    /// Leave opaque tiles out of the fields of view.
    #[arg(long)]
    pub dark_walls: bool,
    /// `block`: walls that touch at a corner seal it (the diagonal rule),
    /// for the algorithms that keep it (the others are left out, with a
    /// note); `pass` (the default): each algorithm's own rule.
    #[arg(long, value_name = "RULE", default_value = "pass", value_parser = crate::input::parse_diagonal_gaps)]
    pub diagonal_gaps: DiagonalGaps,
    /// Which tiles the pictures draw: `map`, `fov` (the box around what any
    /// algorithm sees), or `auto`: the whole map unless the picture would
    /// pass 16384 pixels a side.
    #[arg(long, value_enum, default_value_t = Crop::Auto)]
    pub crop: Crop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    Text,
    Png,
    Svg,
}

/// The fields of view of several algorithms from one origin.
pub struct Comparison {
    pub algorithms: Vec<Algorithm>,
    pub seen: Vec<VisibleSet>,
    /// Tiles some algorithms see and others do not, by row then column.
    pub disputed: Vec<(i32, i32)>,
}

/// Computes every algorithm's field of view and the tiles they disagree on.
pub fn compare(
    map: &LoadedMap,
    origin: (i32, i32),
    range: Range,
    algorithms: &[Algorithm],
    lit_walls: bool,
    gaps: DiagonalGaps,
) -> Result<Comparison, Failure> {
    let mut seen = Vec::with_capacity(algorithms.len());
    let mut fov = Fov::default();
    fov.set_lit_walls(lit_walls);
    fov.set_diagonal_gaps(gaps);
    for &a in algorithms {
        fov.set_algorithm(a);
        let mut set = VisibleSet::new();
        field_of_view(&mut fov, &map.grid, origin, range, &mut set)?;
        seen.push(set);
    }
    Ok(Comparison {
        algorithms: algorithms.to_vec(),
        disputed: disputed_tiles(&map.grid, &seen),
        seen,
    })
}

/// The tiles of `grid` some of the fields of view `seen` hold and others do
/// not, by row then column.
pub fn disputed_tiles(grid: &Grid, seen: &[VisibleSet]) -> Vec<(i32, i32)> {
    let mut disputed = Vec::new();
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            let count = seen.iter().filter(|s| s.contains(x, y)).count();
            if count != 0 && count != seen.len() {
                disputed.push((x, y));
            }
        }
    }
    disputed
}

pub fn run(args: &CompareArgs) -> Result<(), Failure> {
    let map = load_map(args.map.as_deref(), &args.walls, "compare")?;
    let origin = resolve_origin(&map, args.at)?;
    let range = Range::with_radius(args.radius, args.shape);
    let algorithms = keeping_diagonal_rule(args.algorithms.0.clone(), args.diagonal_gaps)
        .map_err(|_| {
            Failure::usage(
                "none of these algorithms keeps the diagonal rule yet; with --diagonal-gaps block use precise-permissive, symmetric-shadowcast, recursive-shadowcast, raycast or basic-raycast",
            )
        })?;
    let cmp = compare(
        &map,
        origin,
        range,
        &algorithms,
        !args.dark_walls,
        args.diagonal_gaps,
    )?;
    let out = match args.format {
        CompareFormat::Text => {
            let colour = args.output.is_none() && std::io::stdout().is_terminal();
            text(&map, origin, range, &cmp, colour).into_bytes()
        }
        CompareFormat::Png | CompareFormat::Svg => {
            let pic = picture(&map, origin, &cmp, args.tile_size, args.crop)?;
            let png = args.format == CompareFormat::Png;
            return pic.write_to(args.output.as_deref(), png);
        }
    };
    write_output(args.output.as_deref(), &out, false)
}

/// One panel an algorithm, disputed tiles framed, within the picture limit.
pub fn picture<'a>(
    map: &'a LoadedMap,
    origin: (i32, i32),
    cmp: &'a Comparison,
    tile: u32,
    crop: Crop,
) -> Result<Picture<'a>, Failure> {
    let panels: Vec<Panel<'_>> = cmp
        .algorithms
        .iter()
        .zip(&cmp.seen)
        .map(|(a, seen)| {
            let mut p = Panel::new(caption(*a, seen, &cmp.disputed), &map.grid, seen);
            p.origin = Some(origin);
            p.disputed = &cmp.disputed;
            p
        })
        .collect();
    let n = panels.len();
    let legend = LegendItems {
        disputed: Some(disputed_label(cmp.disputed.len())),
        ..LegendItems::default()
    };
    let hint = ", or --radius R or fewer --algorithms for a smaller picture";
    fit(panels, tile, |w| columns_for(n, w), legend, crop, hint)
}

/// A panel's caption: the algorithm, the tiles it sees, and how many of the
/// disputed tiles (those some algorithms see and others miss) are among them.
pub fn caption(a: Algorithm, seen: &VisibleSet, disputed: &[(i32, i32)]) -> String {
    let own = disputed
        .iter()
        .filter(|&&(x, y)| seen.contains(x, y))
        .count();
    format!(
        "{a}: {} seen, {own} of the {} disputed",
        seen.len(),
        disputed.len()
    )
}

/// The legend's entry for the framed tiles, with their count.
pub fn disputed_label(count: usize) -> String {
    format!(
        "not all agree: {count} tile{}",
        if count == 1 { "" } else { "s" }
    )
}

/// Columns for a grid of panels: about square, at most 4, fewer for wide maps.
pub fn columns_for(panels: usize, panel_width: u64) -> usize {
    let by_width = (2400 / panel_width.max(1)).max(1) as usize;
    let square = (1..=panels).find(|c| c * c >= panels).unwrap_or(1);
    square.clamp(1, 4).min(by_width).max(1)
}

/// Panels side by side as text. Unseen tiles are blank; a tile not every
/// algorithm sees is `+` where seen and `-` where missed, or coloured on a
/// terminal.
pub fn text(
    map: &LoadedMap,
    origin: (i32, i32),
    range: Range,
    cmp: &Comparison,
    colour: bool,
) -> String {
    const DISPUTED_SEEN: &str = "\x1b[30;48;5;208m";
    const DISPUTED_MISSED: &str = "\x1b[38;5;208m";
    const RESET: &str = "\x1b[0m";
    let width = map.grid.width() as usize;
    let gap = "  ";
    let mut s = String::new();
    // Titles, one a panel, cut or padded to the panel's width.
    let titles: Vec<String> = cmp
        .algorithms
        .iter()
        .map(|a| {
            let mut t: String = a.id().chars().take(width.max(1)).collect();
            while t.chars().count() < width {
                t.push(' ');
            }
            t
        })
        .collect();
    let _ = writeln!(s, "{}", titles.join(gap).trim_end());
    let disputed = |x: i32, y: i32| cmp.disputed.binary_search_by_key(&(y, x), |&(a, b)| (b, a));
    for (y, row) in map.rows.iter().enumerate() {
        let mut line = String::new();
        for (i, seen) in cmp.seen.iter().enumerate() {
            if i > 0 {
                line.push_str(gap);
            }
            for (x, c) in row.chars().enumerate() {
                let (x, y) = (x as i32, y as i32);
                let glyph = if (x, y) == origin {
                    '@'
                } else if c == '@' {
                    '.'
                } else {
                    c
                };
                let visible = seen.contains(x, y);
                let is_disputed = disputed(x, y).is_ok();
                match (is_disputed, visible, colour) {
                    (false, true, _) => line.push(glyph),
                    (false, false, _) => line.push(' '),
                    (true, true, false) => line.push('+'),
                    (true, false, false) => line.push('-'),
                    (true, true, true) => {
                        let _ = write!(line, "{DISPUTED_SEEN}{glyph}{RESET}");
                    }
                    (true, false, true) => {
                        let _ = write!(line, "{DISPUTED_MISSED}-{RESET}");
                    }
                }
            }
        }
        s.push_str(line.trim_end_matches(' '));
        s.push('\n');
    }
    let _ = writeln!(
        s,
        "from ({}, {}), {}: {} tiles where the algorithms disagree{}",
        origin.0,
        origin.1,
        describe_range(range),
        cmp.disputed.len(),
        if colour {
            " (highlighted: seen here, missed by another; '-': missed here, seen by another)"
        } else {
            " ('+': seen here, missed by another; '-': missed here, seen by another)"
        }
    );
    for (a, seen) in cmp.algorithms.iter().zip(&cmp.seen) {
        let own = cmp
            .disputed
            .iter()
            .filter(|&&(x, y)| seen.contains(x, y))
            .count();
        let _ = writeln!(
            s,
            "  {a}: {} tiles seen, {own} of them not seen by every other",
            seen.len()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use sightlines::Grid;

    fn map(text: &str) -> LoadedMap {
        let parsed = Grid::parse(text).unwrap();
        LoadedMap {
            name: "test".into(),
            rows: text.lines().map(|l| l.chars().collect()).collect(),
            grid: parsed.grid,
            viewer: parsed.viewer,
        }
    }

    /// Two made-up fields of view that differ on two tiles.
    fn lopsided(m: &LoadedMap) -> Comparison {
        let mut a = VisibleSet::new();
        let mut b = VisibleSet::new();
        a.reset(m.grid.rect());
        b.reset(m.grid.rect());
        for x in 0..4 {
            a.insert(x, 0);
            if x < 2 {
                b.insert(x, 0);
            }
        }
        Comparison {
            algorithms: vec![Algorithm::PrecisePermissive, Algorithm::PrecisePermissive],
            seen: vec![a, b],
            disputed: vec![(2, 0), (3, 0)],
        }
    }

    #[test]
    fn text_marks_disagreements_and_counts_them() {
        let m = map("@.#.\n");
        let cmp = lopsided(&m);
        let plain = text(&m, (0, 0), Range::UNLIMITED, &cmp, false);
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines[1], "@.++  @.--");
        assert!(lines[2].contains(": 2 tiles where the algorithms disagree"));
        assert!(lines[3].ends_with("4 tiles seen, 2 of them not seen by every other"));
        assert!(lines[4].ends_with("2 tiles seen, 0 of them not seen by every other"));
        let coloured = text(&m, (0, 0), Range::UNLIMITED, &cmp, true);
        assert!(coloured.contains("\x1b[30;48;5;208m#\x1b[0m"));
    }

    #[test]
    fn compare_finds_no_dispute_with_itself() {
        let m = map("@..#\n....\n");
        let cmp = compare(
            &m,
            (0, 0),
            Range::UNLIMITED,
            &[Algorithm::PrecisePermissive, Algorithm::PrecisePermissive],
            true,
            DiagonalGaps::Pass,
        )
        .unwrap();
        assert!(cmp.disputed.is_empty());
        assert_eq!(cmp.seen[0].len(), 8);
        let cmp = lopsided(&m);
        let pic = picture(&m, (0, 0), &cmp, 10, Crop::Auto).unwrap();
        assert!(pic.to_svg().matches("stroke=\"#d55e00\"").count() >= 4);
    }

    #[test]
    fn columns_stay_readable() {
        assert_eq!(columns_for(1, 100), 1);
        assert_eq!(columns_for(4, 100), 2);
        assert_eq!(columns_for(10, 100), 4);
        assert_eq!(columns_for(10, 3000), 1);
    }
}
