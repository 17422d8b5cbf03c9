//! `sightlines show`: one field of view, as text for people or JSON for scripts.

use crate::input::{load_map, parse_position, resolve_origin, LoadedMap};
use crate::Failure;
use clap::{Args, ValueEnum};
use sightlines::{Algorithm, Fov, Range, Shape, VisibleSet};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Map file: one row per line, '#' opaque, anything else transparent,
    /// '@' the viewer. '-' reads standard input; without it a built-in map is used.
    pub map: Option<PathBuf>,
    /// The viewer's tile, as X,Y (column, row, from 0); overrides the map's '@'.
    #[arg(long, value_name = "X,Y", value_parser = parse_position, allow_hyphen_values = true)]
    pub at: Option<(i32, i32)>,
    /// How far the viewer sees, in tiles; without it, the whole map.
    #[arg(long, short, value_name = "R", allow_hyphen_values = true)]
    pub radius: Option<u32>,
    /// The shape the radius cuts: square, diamond, circle or circle-plus.
    #[arg(long, value_name = "SHAPE", default_value = "circle", value_parser = parse_shape)]
    pub shape: Shape,
    /// The algorithm's id; `precise-permissive` by default.
    #[arg(long, short, value_name = "ID", default_value = "precise-permissive", value_parser = parse_algorithm)]
    pub algorithm: Algorithm,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Leave opaque tiles out of the field of view (they are lit by default).
    #[arg(long)]
    pub dark_walls: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The map with what is seen; unseen tiles blank (dimmed on a terminal).
    Text,
    /// One JSON object: algorithm, width, height, origin, radius, shape, visible.
    Json,
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse()
        .map_err(|e: sightlines::UnknownShape| e.to_string())
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
        .map_err(|e: sightlines::UnknownAlgorithm| e.to_string())
}

pub fn run(args: &ShowArgs) -> Result<(), Failure> {
    let map = load_map(args.map.as_deref())?;
    let origin = resolve_origin(&map, args.at)?;
    let range = Range::with_radius(args.radius, args.shape);
    let mut fov = Fov::new(args.algorithm);
    fov.set_lit_walls(!args.dark_walls);
    let mut seen = VisibleSet::new();
    fov.compute_into(&map.grid, origin, range, &mut seen)
        .map_err(|e| Failure::input(e.to_string()))?;
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let out = match args.format {
        Format::Json => json(args.algorithm, &map, origin, range, &seen),
        Format::Text => text(args.algorithm, &map, origin, range, &seen, to_terminal),
    };
    match &args.output {
        Some(path) => std::fs::write(path, out)
            .map_err(|e| Failure::input(format!("cannot write '{}': {}", path.display(), e))),
        None => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth reporting.
            let _ = stdout
                .write_all(out.as_bytes())
                .and_then(|_| stdout.flush());
            Ok(())
        }
    }
}

/// The JSON object of the CLI contract, `visible` sorted by y, then x.
pub fn json(
    algorithm: Algorithm,
    map: &LoadedMap,
    origin: (i32, i32),
    range: Range,
    seen: &VisibleSet,
) -> String {
    let mut s = String::with_capacity(96 + seen.len() * 10);
    let radius = range.radius().map_or("null".to_owned(), |r| r.to_string());
    let _ = write!(
        s,
        "{{\"algorithm\": \"{}\", \"width\": {}, \"height\": {}, \"origin\": [{}, {}], \"radius\": {}, \"shape\": \"{}\", \"visible\": [",
        algorithm.id(),
        map.grid.width(),
        map.grid.height(),
        origin.0,
        origin.1,
        radius,
        range.shape().id()
    );
    for (i, (x, y)) in seen.iter().enumerate() {
        let _ = write!(s, "{}[{x}, {y}]", if i == 0 { "" } else { ", " });
    }
    s.push_str("]}\n");
    s
}

/// The map with the field of view: seen tiles as written, the origin as `@`,
/// unseen tiles blank, or dimmed when writing to a terminal.
pub fn text(
    algorithm: Algorithm,
    map: &LoadedMap,
    origin: (i32, i32),
    range: Range,
    seen: &VisibleSet,
    dim_unseen: bool,
) -> String {
    const DIM: &str = "\x1b[2m";
    const RESET: &str = "\x1b[0m";
    let mut s = String::new();
    for (y, row) in map.rows.iter().enumerate() {
        let mut dimmed = false;
        let mut line = String::with_capacity(row.len());
        for (x, &c) in row.iter().enumerate() {
            let (x, y) = (x as i32, y as i32);
            let visible = seen.contains(x, y);
            let glyph = if (x, y) == origin {
                '@'
            } else if c == '@' {
                '.'
            } else {
                c
            };
            if visible || !dim_unseen {
                if dimmed {
                    line.push_str(RESET);
                    dimmed = false;
                }
                line.push(if visible { glyph } else { ' ' });
            } else {
                if !dimmed {
                    line.push_str(DIM);
                    dimmed = true;
                }
                line.push(glyph);
            }
        }
        if dimmed {
            line.push_str(RESET);
        }
        s.push_str(line.trim_end_matches(' '));
        s.push('\n');
    }
    let reach = match range.radius() {
        Some(r) => format!("radius {r} ({})", range.shape()),
        None => "no radius".to_owned(),
    };
    let _ = writeln!(
        s,
        "{} from ({}, {}), {}: {} of {} tiles visible",
        algorithm,
        origin.0,
        origin.1,
        reach,
        seen.len(),
        map.grid.rect().area()
    );
    s
}
