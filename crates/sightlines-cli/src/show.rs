//! `sightlines show`: one field of view, as text for people or JSON for scripts.

use crate::input::{
    load_map, parse_algorithm, parse_position, parse_shape, parse_tile_size, resolve_origin,
    write_output, LoadedMap,
};
use crate::picture::{figure, LegendItems, Panel};
use crate::Failure;
use clap::{Args, ValueEnum};
use sightlines::{Algorithm, Fov, Range, Shape, VisibleSet};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Map file: one row per line, '#' opaque, anything else transparent,
    /// '@' the viewer. '-' reads standard input; without it a built-in map is used.
    pub map: Option<PathBuf>,
    /// The characters that block sight; `#` by default.
    #[arg(long, value_name = "CHARS", default_value = "#", value_parser = crate::input::parse_walls)]
    pub walls: crate::input::Walls,
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
    /// Pixels per tile in PNG and SVG pictures (1 to 64).
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true, default_value = "16", value_parser = parse_tile_size)]
    pub tile_size: u32,
    /// In pictures, draw sight lines from the viewer's centre to the centre
    /// of every seen tile on the edge of the field of view.
    #[arg(long)]
    pub sight_lines: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The map with what is seen; unseen tiles blank (dimmed on a terminal).
    Text,
    /// One JSON object: algorithm, width, height, origin, radius, shape, visible.
    Json,
    /// A PNG picture with a legend.
    Png,
    /// An SVG picture with a legend.
    Svg,
}

pub fn run(args: &ShowArgs) -> Result<(), Failure> {
    let map = load_map(args.map.as_deref(), &args.walls)?;
    let origin = resolve_origin(&map, args.at)?;
    let range = Range::with_radius(args.radius, args.shape);
    let mut fov = Fov::new(args.algorithm);
    fov.set_lit_walls(!args.dark_walls);
    let mut seen = VisibleSet::new();
    fov.compute_into(&map.grid, origin, range, &mut seen)
        .map_err(|e| Failure::input(e.to_string()))?;
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let out = match args.format {
        Format::Json => json(args.algorithm, &map, origin, range, &seen).into_bytes(),
        Format::Text => text(args.algorithm, &map, origin, range, &seen, to_terminal).into_bytes(),
        Format::Png | Format::Svg => {
            let mut panel = Panel::new(
                format!(
                    "{} from ({}, {}): {} seen",
                    args.algorithm,
                    origin.0,
                    origin.1,
                    seen.len()
                ),
                &map.grid,
                &seen,
            );
            panel.origin = Some(origin);
            panel.sight_lines = args.sight_lines;
            let legend = LegendItems {
                sight_lines: args.sight_lines,
                ..LegendItems::default()
            };
            let pic = figure(&[panel], args.tile_size, 1, legend);
            if args.format == Format::Png {
                pic.to_png()
            } else {
                pic.to_svg().into_bytes()
            }
        }
    };
    write_output(args.output.as_deref(), &out, args.format == Format::Png)
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
