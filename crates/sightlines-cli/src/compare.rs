//! `sightlines compare`: several algorithms from the same tile, side by side,
//! with the tiles where they disagree pointed out and counted. On a hex map
//! (`hex LAYOUT` first) the hex algorithms are compared, in
//! [`crate::hex::compare`], through the same pieces.

use crate::input::{
    describe_range, field_of_view, is_hex_map, keeping_diagonal_rule, parse_algorithm_choice,
    parse_position, parse_shape, parse_square_map, parse_tile_size, read_map_text, resolve_origin,
    seeing_through, translucent_field, write_output, AlgorithmChoice, LoadedMap,
};
use crate::picture::{fit, Crop, LegendItems, Panel, Picture, Sight};
use crate::Failure;
use clap::{Args, ValueEnum};
use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, LevelGrid, Range, Shape, VisibleSet};
use std::fmt::{Display, Write as _};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Map file ('-' for standard input; the built-in map when absent); a
    /// first line `hex LAYOUT` makes it a hex map.
    pub map: Option<PathBuf>,
    /// The characters that block sight; `#` by default. Not on hex maps.
    #[arg(long, value_name = "CHARS", default_value = "#", value_parser = crate::input::parse_walls)]
    pub walls: crate::input::Walls,
    /// The viewer's tile, as X,Y, or on a hex map its axial Q,R; overrides
    /// the map's '@'.
    #[arg(long, value_name = "X,Y", value_parser = parse_position, allow_hyphen_values = true)]
    pub at: Option<(i32, i32)>,
    /// Comma-separated algorithm ids, or `all` (the default): every square
    /// algorithm, or on a hex map every hex one.
    #[arg(long, short, value_name = "A,B,...", default_value = "all", value_parser = parse_algorithm_choice)]
    pub algorithms: AlgorithmChoice,
    /// How far the viewer sees, in tiles (in rings on a hex map); without
    /// it, the whole map.
    #[arg(long, short, value_name = "R", allow_hyphen_values = true)]
    pub radius: Option<u32>,
    /// The shape the radius cuts: square, diamond, circle or circle-plus.
    /// Not on hex maps.
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
    /// note); `pass` (the default): each algorithm's own rule. Not on hex
    /// maps.
    #[arg(long, value_name = "RULE", default_value = "pass", value_parser = crate::input::parse_diagonal_gaps)]
    pub diagonal_gaps: DiagonalGaps,
    /// Characters that dim sight, each with its level from 1 to 255:
    /// `'~=96,"=48'`. Only the algorithms that see through them are
    /// compared (the others are left out, with a note); pictures shade
    /// each tile by its visibility.
    #[arg(long, value_name = "C=LEVEL,...", value_parser = crate::input::parse_translucent)]
    pub translucent: Option<crate::input::Translucent>,
    /// The visibility sight starts with through --translucent tiles, 1 to 255.
    #[arg(long, value_name = "V", default_value = "255", value_parser = crate::input::parse_visibility)]
    pub visibility: u8,
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

/// The fields of view of several algorithms (square ones, or hex ones:
/// `A`) from one origin.
pub struct Comparison<A = Algorithm> {
    pub algorithms: Vec<A>,
    pub seen: Vec<VisibleSet>,
    /// Cells some algorithms see and others do not, in the map's reading
    /// order (by row, then column).
    pub disputed: Vec<(i32, i32)>,
    /// Through translucent tiles: each algorithm's visibilities (else empty).
    pub sights: Vec<Sight>,
}

impl<A> Comparison<A> {
    /// How many of the disputed cells `seen` holds.
    pub fn own(&self, seen: &VisibleSet) -> usize {
        self.disputed
            .iter()
            .filter(|&&(x, y)| seen.contains(x, y))
            .count()
    }
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
        sights: Vec::new(),
    })
}

/// [`compare`] through the translucent tiles of `levels`, sight starting
/// at `visibility`.
pub fn compare_translucent(
    levels: &LevelGrid,
    origin: (i32, i32),
    range: Range,
    algorithms: &[Algorithm],
    lit_walls: bool,
    (visibility, gaps): (u8, DiagonalGaps),
) -> Result<Comparison, Failure> {
    let mut seen = Vec::with_capacity(algorithms.len());
    let mut sights = Vec::with_capacity(algorithms.len());
    let mut fov = Fov::default();
    fov.set_lit_walls(lit_walls);
    fov.set_visibility(visibility);
    fov.set_diagonal_gaps(gaps);
    for &a in algorithms {
        fov.set_algorithm(a);
        let mut set = VisibleSet::new();
        sights.push(translucent_field(
            &mut fov, levels, origin, range, &mut set,
        )?);
        seen.push(set);
    }
    let (w, h) = (levels.width() as i32, levels.height() as i32);
    Ok(Comparison {
        algorithms: algorithms.to_vec(),
        disputed: disputed_among((0..h).flat_map(|y| (0..w).map(move |x| (x, y))), &seen),
        seen,
        sights,
    })
}

/// The tiles of `grid` some of the fields of view `seen` hold and others do
/// not, by row then column.
pub fn disputed_tiles(grid: &Grid, seen: &[VisibleSet]) -> Vec<(i32, i32)> {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    disputed_among((0..h).flat_map(|y| (0..w).map(move |x| (x, y))), seen)
}

/// The cells of `cells` some of the fields of view `seen` hold and others
/// do not, in the order given.
pub fn disputed_among(
    cells: impl IntoIterator<Item = (i32, i32)>,
    seen: &[VisibleSet],
) -> Vec<(i32, i32)> {
    cells
        .into_iter()
        .filter(|&(x, y)| {
            let count = seen.iter().filter(|s| s.contains(x, y)).count();
            count != 0 && count != seen.len()
        })
        .collect()
}

pub fn run(args: &CompareArgs) -> Result<(), Failure> {
    let (name, source) = read_map_text(args.map.as_deref())?;
    if is_hex_map(&source) {
        return crate::hex::compare(args, name, &source);
    }
    let map = parse_square_map(name, &source, &args.walls)?;
    drop(source);
    let chosen = match &args.algorithms {
        AlgorithmChoice::All => Algorithm::ALL.to_vec(),
        AlgorithmChoice::Listed(ids) => ids
            .iter()
            .map(|&a| crate::hex::square_only(a, &map.name))
            .collect::<Result<_, _>>()?,
    };
    let origin = resolve_origin(&map, args.at)?;
    let range = Range::with_radius(args.radius, args.shape);
    let algorithms = keeping_diagonal_rule(chosen, args.diagonal_gaps).map_err(|_| {
        Failure::usage(
            "none of these algorithms keeps the diagonal rule yet; with --diagonal-gaps block use precise-permissive, symmetric-shadowcast, recursive-shadowcast, raycast or basic-raycast",
        )
    })?;
    let cmp = match &args.translucent {
        None => compare(
            &map,
            origin,
            range,
            &algorithms,
            !args.dark_walls,
            args.diagonal_gaps,
        )?,
        Some(translucent) => {
            let levels = translucent.levels(&map, &args.walls)?;
            compare_translucent(
                &levels,
                origin,
                range,
                &seeing_through(algorithms)?,
                !args.dark_walls,
                (args.visibility, args.diagonal_gaps),
            )?
        }
    };
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
        .enumerate()
        .map(|(i, (a, seen))| {
            let mut p = Panel::new(caption(*a, seen, &cmp.disputed), &map.grid, seen);
            p.origin = Some(origin);
            p.disputed = &cmp.disputed;
            p.sight = cmp.sights.get(i);
            p
        })
        .collect();
    let n = panels.len();
    let legend = LegendItems {
        disputed: Some(disputed_label(cmp.disputed.len(), Cell::Tile)),
        translucent: !cmp.sights.is_empty(),
        ..LegendItems::default()
    };
    fit(
        panels,
        tile,
        |w| columns_for(n, w),
        legend,
        crop,
        PICTURE_HINT,
    )
}

/// The end of the advice when a comparison's picture is too large.
pub const PICTURE_HINT: &str = ", or --radius R or fewer --algorithms for a smaller picture";

/// A panel's caption: the algorithm, the tiles it sees, and how many of the
/// disputed tiles (those some algorithms see and others miss) are among them.
pub fn caption(a: impl Display, seen: &VisibleSet, disputed: &[(i32, i32)]) -> String {
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

/// What the cells of a map are called in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Tile,
    Hex,
}

impl Cell {
    /// "1 tile", "2 tiles", "1 hex", "2 hexes".
    pub fn count(self, n: usize) -> String {
        match (self, n) {
            (Cell::Tile, 1) => "1 tile".to_owned(),
            (Cell::Tile, _) => format!("{n} tiles"),
            (Cell::Hex, 1) => "1 hex".to_owned(),
            (Cell::Hex, _) => format!("{n} hexes"),
        }
    }
}

/// The legend's entry for the framed cells, with their count.
pub fn disputed_label(count: usize, cell: Cell) -> String {
    format!("not all agree: {}", cell.count(count))
}

/// Columns for a grid of panels: about square, at most 4, fewer for wide maps.
pub fn columns_for(panels: usize, panel_width: u64) -> usize {
    let by_width = (2400 / panel_width.max(1)).max(1) as usize;
    let square = (1..=panels).find(|c| c * c >= panels).unwrap_or(1);
    square.clamp(1, 4).min(by_width).max(1)
}

/// The gap between text panels.
pub const TEXT_GAP: &str = "  ";

/// The first line of text panels: each title cut or padded to `width`
/// characters, the panels' width.
pub fn title_line<'t>(titles: impl IntoIterator<Item = &'t str>, width: usize) -> String {
    let titles: Vec<String> = titles
        .into_iter()
        .map(|t| {
            let mut t: String = t.chars().take(width.max(1)).collect();
            while t.chars().count() < width {
                t.push(' ');
            }
            t
        })
        .collect();
    let mut s = titles.join(TEXT_GAP).trim_end().to_owned();
    s.push('\n');
    s
}

/// Adds one cell to a text panel's line: its glyph when seen, blank when
/// not; a disputed cell `+` where seen and `-` where missed, or coloured on
/// a terminal.
pub fn push_cell(line: &mut String, glyph: char, visible: bool, disputed: bool, colour: bool) {
    const DISPUTED_SEEN: &str = "\x1b[30;48;5;208m";
    const DISPUTED_MISSED: &str = "\x1b[38;5;208m";
    const RESET: &str = "\x1b[0m";
    match (disputed, visible, colour) {
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

/// The lines below text panels: where from, how far, how many cells are
/// disputed and what the marks mean, then each algorithm's counts.
pub fn summary<A: Display>(
    origin: (i32, i32),
    reach: &str,
    cmp: &Comparison<A>,
    cell: Cell,
    colour: bool,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "from ({}, {}), {reach}: {} where the algorithms disagree{}",
        origin.0,
        origin.1,
        cell.count(cmp.disputed.len()),
        if colour {
            " (highlighted: seen here, missed by another; '-': missed here, seen by another)"
        } else {
            " ('+': seen here, missed by another; '-': missed here, seen by another)"
        }
    );
    for (a, seen) in cmp.algorithms.iter().zip(&cmp.seen) {
        let _ = writeln!(
            s,
            "  {a}: {} seen, {} of them not seen by every other",
            cell.count(seen.len()),
            cmp.own(seen)
        );
    }
    s
}

/// Panels side by side as text, the map's own characters where seen (see
/// [`push_cell`]), and the [`summary`] below.
pub fn text(
    map: &LoadedMap,
    origin: (i32, i32),
    range: Range,
    cmp: &Comparison,
    colour: bool,
) -> String {
    let width = map.grid.width() as usize;
    let mut s = title_line(cmp.algorithms.iter().map(|a| a.id()), width);
    let disputed = |x: i32, y: i32| cmp.disputed.binary_search_by_key(&(y, x), |&(a, b)| (b, a));
    for (y, row) in map.rows.iter().enumerate() {
        let mut line = String::new();
        for (i, seen) in cmp.seen.iter().enumerate() {
            if i > 0 {
                line.push_str(TEXT_GAP);
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
                push_cell(&mut line, glyph, visible, disputed(x, y).is_ok(), colour);
            }
        }
        s.push_str(line.trim_end_matches(' '));
        s.push('\n');
    }
    s.push_str(&summary(
        origin,
        &describe_range(range),
        cmp,
        Cell::Tile,
        colour,
    ));
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
            sights: Vec::new(),
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
