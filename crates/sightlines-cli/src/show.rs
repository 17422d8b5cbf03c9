//! `sightlines show`: one field of view, as text for people or JSON for scripts.
//!
//! With a memory (`--visited`, `--memory`), the tiles seen before and out of
//! sight now are drawn as remembered, as a game draws its fog of war.

use crate::input::{
    is_hex_map, parse_position, parse_positions, parse_shape, parse_square_map, parse_tile_size,
    read_map_text, resolve_origin, translucent_field, write_output, LoadedMap, Positions,
    Translucent,
};
use crate::picture::{fit, Crop, LegendItems, Panel, Picture, Sight};
use crate::{memory, Failure};
use clap::{Args, ValueEnum};
use sightlines::hex::HexAlgorithm;
use sightlines::{
    Algorithm, Fov, Knowledge, LevelGrid, Memory, Opacity, Range, Shape, Translucency, VisibleSet,
};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Map file: one row per line, '#' opaque, anything else transparent,
    /// '@' the viewer; a first line `hex LAYOUT` makes it a hex map. '-'
    /// reads standard input; without it a built-in map is used.
    pub map: Option<PathBuf>,
    /// The characters that block sight; `#` by default.
    #[arg(long, value_name = "CHARS", default_value = "#", value_parser = crate::input::parse_walls)]
    pub walls: crate::input::Walls,
    /// The viewer's tile, as X,Y (column, row, from 0), or on a hex map its
    /// axial Q,R; overrides the map's '@'.
    #[arg(long, value_name = "X,Y", value_parser = parse_position, allow_hyphen_values = true)]
    pub at: Option<(i32, i32)>,
    /// How far the viewer sees, in tiles (in rings on a hex map); without
    /// it, the whole map.
    #[arg(long, short, value_name = "R", allow_hyphen_values = true)]
    pub radius: Option<u32>,
    /// The shape the radius cuts: square, diamond, circle (the default) or
    /// circle-plus. Not on hex maps.
    #[arg(long, value_name = "SHAPE", value_parser = parse_shape)]
    pub shape: Option<Shape>,
    /// The algorithm's id: `precise-permissive` by default, and on a hex map
    /// `hex-shadowcast` (or another hex id).
    #[arg(long, short, value_name = "ID", value_parser = parse_any_algorithm)]
    pub algorithm: Option<AnyAlgorithm>,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Leave opaque tiles out of the field of view (they are lit by default).
    #[arg(long)]
    pub dark_walls: bool,
    /// `block`: walls that touch at a corner seal it (the diagonal rule);
    /// `pass` (the default): each algorithm's own rule.
    #[arg(long, value_name = "RULE", default_value = "pass", value_parser = crate::input::parse_diagonal_gaps)]
    pub diagonal_gaps: sightlines::DiagonalGaps,
    /// Characters that dim sight without stopping it, each with its level
    /// from 1 to 255: `'~=96,"=48'` (quote it for the shell). Sight starts
    /// at --visibility and loses a tile's level each time it crosses one;
    /// JSON gives each visible tile's visibility, pictures shade by it.
    /// For the algorithms that see through them (precise-permissive,
    /// recursive-shadowcast, symmetric-shadowcast, raycast).
    #[arg(long, value_name = "C=LEVEL,...", value_parser = crate::input::parse_translucent)]
    pub translucent: Option<crate::input::Translucent>,
    /// The visibility sight starts with through --translucent tiles, 1 to 255.
    #[arg(long, value_name = "V", default_value = "255", value_parser = crate::input::parse_visibility)]
    pub visibility: u8,
    /// Pixels per tile in PNG and SVG pictures (1 to 64).
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true, default_value = "16", value_parser = parse_tile_size)]
    pub tile_size: u32,
    /// In pictures, draw sight lines from the viewer's centre to the centre
    /// of every seen tile on the edge of the field of view.
    #[arg(long)]
    pub sight_lines: bool,
    /// Earlier viewpoints, as X,Y;X,Y... (quote it for the shell) or the
    /// option repeated: what they saw, with the same algorithm, range and
    /// walls, is remembered and drawn so.
    #[arg(long, value_name = "X,Y[;X,Y...]", value_parser = parse_positions, allow_hyphen_values = true)]
    pub visited: Vec<Positions>,
    /// Remembered tiles from a file written by --save-memory for this map.
    #[arg(long, value_name = "FILE")]
    pub memory: Option<PathBuf>,
    /// Write the memory, with what is seen now added, to FILE (JSON) for
    /// a later --memory; it may be the --memory file itself.
    #[arg(long, value_name = "FILE")]
    pub save_memory: Option<PathBuf>,
    /// Which tiles a picture draws: `map`, `fov` (the box around what is
    /// seen), or `auto`: the whole map unless the picture would pass 16384
    /// pixels a side.
    #[arg(long, value_enum, default_value_t = Crop::Auto)]
    pub crop: Crop,
    /// Use a --memory file saved for another map of the same size (other
    /// walls) instead of refusing it.
    #[arg(long)]
    pub force: bool,
}

/// An algorithm id of either family: the map says which one it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyAlgorithm {
    Square(Algorithm),
    Hex(HexAlgorithm),
}

/// Parses a square or a hex algorithm id; the error lists both families.
pub fn parse_any_algorithm(s: &str) -> Result<AnyAlgorithm, String> {
    match (s.parse::<Algorithm>(), s.parse::<HexAlgorithm>()) {
        (Ok(a), _) => Ok(AnyAlgorithm::Square(a)),
        (_, Ok(a)) => Ok(AnyAlgorithm::Hex(a)),
        (Err(e), Err(_)) => Err(format!("{e}; on hex maps: {}", crate::hex::hex_ids())),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The map with what is seen; unseen tiles blank (dimmed on a terminal);
    /// with a memory, remembered floors ',' and walls ':', never-seen tiles blank.
    /// A hex map is written in its own format, unseen hexes '?'.
    Text,
    /// One JSON object: algorithm, width, height, origin, radius, shape,
    /// visible, and with a memory, remembered.
    Json,
    /// A PNG picture with a legend.
    Png,
    /// An SVG picture with a legend.
    Svg,
}

pub fn run(args: &ShowArgs) -> Result<(), Failure> {
    let (name, source) = read_map_text(args.map.as_deref())?;
    if is_hex_map(&source) {
        return crate::hex::show(args, name, &source);
    }
    let map = parse_square_map(name, &source, &args.walls)?;
    drop(source);
    let algorithm = match args.algorithm {
        None => Algorithm::PrecisePermissive,
        Some(a) => crate::hex::square_only(a, &map.name)?,
    };
    let origin = resolve_origin(&map, args.at)?;
    let range = Range::with_radius(args.radius, args.shape.unwrap_or(Shape::Circle));
    let mut fov = Fov::new(algorithm);
    fov.set_lit_walls(!args.dark_walls);
    fov.set_diagonal_gaps(args.diagonal_gaps);
    // The memory drawn: the file's, plus what the visited tiles see.
    let visited: Vec<(i32, i32)> = args.visited.iter().flat_map(|p| p.0.clone()).collect();
    let mut recalled = match &args.memory {
        Some(path) => Some(memory::load(path, &map, args.force)?),
        None if !visited.is_empty() => Some(memory::empty(&map)?),
        None => None,
    };
    if let Some(recalled) = &mut recalled {
        memory::visit(recalled, &mut fov, &map, &visited, range)?;
    }
    let mut seen = VisibleSet::new();
    // Through translucent tiles: the tiles seen, and how well each is.
    let sight = match &args.translucent {
        None => {
            fov.compute_into(&map.grid, origin, range, &mut seen)
                .map_err(|e| Failure::input(e.to_string()))?;
            None
        }
        Some(translucent) => {
            if recalled.is_some() {
                return Err(Failure::input(
                    "--translucent does not combine with --visited or --memory yet; leave one of them out",
                ));
            }
            let levels = translucent.levels(&map, &args.walls)?;
            fov.set_visibility(args.visibility);
            Some(translucent_field(
                &mut fov, &levels, origin, range, &mut seen,
            )?)
        }
    };
    let sight = sight.as_ref();
    let recalled = recalled.as_ref();
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let out = match args.format {
        Format::Json => {
            let mut s = json(algorithm, &map, origin, range, &seen, recalled);
            if let Some(sight) = sight {
                add_visibility(&mut s, &seen, &sight.visibility);
            }
            Out::Bytes(s.into_bytes())
        }
        Format::Text => {
            let mut s = text(algorithm, &map, origin, range, &seen, recalled, to_terminal);
            if let (Some(sight), Some(translucent)) = (sight, &args.translucent) {
                describe_translucency(&mut s, sight, translucent, args.visibility);
            }
            Out::Bytes(s.into_bytes())
        }
        Format::Png | Format::Svg => {
            let mut title = format!(
                "{} from ({}, {}): {} seen",
                algorithm,
                origin.0,
                origin.1,
                seen.len()
            );
            if let Some(recalled) = recalled {
                let count = memory::remembered(recalled, &seen).count();
                let _ = write!(title, ", {count} remembered");
            }
            let mut panel = Panel::new(title, &map.grid, &seen);
            panel.origin = Some(origin);
            panel.sight_lines = args.sight_lines;
            panel.memory = recalled;
            panel.sight = sight;
            let legend = LegendItems {
                sight_lines: args.sight_lines,
                remembered: recalled.is_some(),
                translucent: sight.is_some(),
                ..LegendItems::default()
            };
            let hint = ", or --radius R to draw a smaller field of view";
            Out::Picture(fit(
                vec![panel],
                args.tile_size,
                |_| 1,
                legend,
                args.crop,
                hint,
            )?)
        }
    };
    // The memory is saved before the output is written, so that a failure
    // to save it leaves no half-done result behind.
    if let Some(path) = &args.save_memory {
        let mut saved = match recalled {
            Some(recalled) => recalled.clone(),
            None => memory::empty(&map)?,
        };
        saved.remember(&seen);
        memory::save(path, &map.grid, &saved)?;
    }
    match out {
        Out::Bytes(bytes) => write_output(args.output.as_deref(), &bytes, false),
        Out::Picture(pic) => pic.write_to(args.output.as_deref(), args.format == Format::Png),
    }
}

/// Adds `"visibility": [V, ...]` to the JSON object `s`, in the order of
/// its `visible` tiles.
pub fn add_visibility(s: &mut String, seen: &VisibleSet, visibility: &LevelGrid) {
    debug_assert!(s.ends_with("}\n"));
    s.truncate(s.len() - 2);
    s.push_str(", \"visibility\": [");
    for (i, (x, y)) in seen.iter().enumerate() {
        let _ = write!(
            s,
            "{}{}",
            if i == 0 { "" } else { ", " },
            visibility.level(x, y)
        );
    }
    s.push_str("]}\n");
}

/// A line under the text map: the translucent characters, and how many
/// tiles are seen dimmed.
fn describe_translucency(s: &mut String, sight: &Sight, translucent: &Translucent, start: u8) {
    let pairs: Vec<String> = translucent
        .0
        .iter()
        .map(|(c, level)| format!("'{c}' {level}"))
        .collect();
    let rect = sight.visibility.rect();
    let dimmed = (rect.y..rect.y + rect.height as i32)
        .flat_map(|y| (rect.x..rect.x + rect.width as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| (1..start).contains(&sight.visibility.level(x, y)))
        .count();
    let _ = writeln!(
        s,
        "through translucent tiles ({}), sight starting at {start}: {dimmed} tiles seen dimmed",
        pairs.join(", ")
    );
}

/// What `show` writes: text, or a picture drawn as it is written.
enum Out<'a> {
    Bytes(Vec<u8>),
    Picture(Picture<'a>),
}

/// The JSON object of the CLI contract, `visible` sorted by y, then x;
/// with a memory, `remembered` too (the tiles remembered and not visible,
/// in the same order).
pub fn json(
    algorithm: Algorithm,
    map: &LoadedMap,
    origin: (i32, i32),
    range: Range,
    seen: &VisibleSet,
    recalled: Option<&Memory>,
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
    s.push(']');
    if let Some(recalled) = recalled {
        s.push_str(", \"remembered\": [");
        for (i, (x, y)) in memory::remembered(recalled, seen).enumerate() {
            let _ = write!(s, "{}[{x}, {y}]", if i == 0 { "" } else { ", " });
        }
        s.push(']');
    }
    s.push_str("}\n");
    s
}

/// The glyphs of remembered tiles (seen before, out of sight now), the same
/// with or without colour: a floor, a wall.
pub const REMEMBERED_FLOOR: char = ',';
pub const REMEMBERED_WALL: char = ':';

/// The map with the field of view: seen tiles as written, the origin as `@`,
/// unseen tiles blank, or dimmed when writing to a terminal (`colour`).
///
/// With a memory, tiles are drawn as a game draws its fog of war: seen
/// tiles as written, remembered ones as [`REMEMBERED_FLOOR`] and
/// [`REMEMBERED_WALL`] (also dimmed on a terminal), never-seen ones blank.
pub fn text(
    algorithm: Algorithm,
    map: &LoadedMap,
    origin: (i32, i32),
    range: Range,
    seen: &VisibleSet,
    recalled: Option<&Memory>,
    colour: bool,
) -> String {
    const DIM: &str = "\x1b[2m";
    const RESET: &str = "\x1b[0m";
    let mut s = String::new();
    for (y, row) in map.rows.iter().enumerate() {
        let mut dimmed = false;
        let mut line = String::with_capacity(row.len());
        for (x, c) in row.chars().enumerate() {
            let (x, y) = (x as i32, y as i32);
            let visible = seen.contains(x, y);
            let glyph = if (x, y) == origin {
                '@'
            } else if c == '@' {
                '.'
            } else {
                c
            };
            let (visible, glyph) = match recalled.map(|m| m.knowledge(seen, x, y)) {
                None => (visible, glyph),
                Some(Knowledge::Visible) => (true, glyph),
                Some(Knowledge::Remembered) if map.grid.is_opaque(x, y) => (false, REMEMBERED_WALL),
                Some(Knowledge::Remembered) => (false, REMEMBERED_FLOOR),
                // Never seen: blank, even on a terminal.
                Some(Knowledge::Unknown) => (false, ' '),
            };
            let dim_unseen = colour && glyph != ' ';
            if visible || !dim_unseen {
                if dimmed {
                    line.push_str(RESET);
                    dimmed = false;
                }
                line.push(if visible || recalled.is_some() {
                    glyph
                } else {
                    ' '
                });
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
    let _ = write!(
        s,
        "{} from ({}, {}), {}: {} of {} tiles visible",
        algorithm,
        origin.0,
        origin.1,
        reach,
        seen.len(),
        map.grid.rect().area()
    );
    if let Some(recalled) = recalled {
        let _ = write!(
            s,
            ", {} remembered",
            memory::remembered(recalled, seen).count()
        );
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use sightlines::Grid;

    fn room() -> LoadedMap {
        let text = "#######\n#..#..#\n#######\n";
        LoadedMap {
            name: "room".into(),
            rows: text.lines().map(|l| l.chars().collect()).collect(),
            grid: Grid::parse(text).unwrap().grid,
            viewer: None,
        }
    }

    #[test]
    fn remembered_tiles_have_their_own_glyphs_and_are_dimmed_on_a_terminal() {
        let map = room();
        let mut fov = Fov::default();
        let mut memory = Memory::new(map.grid.rect()).unwrap();
        let mut view = VisibleSet::new();
        fov.compute_into(&map.grid, (5, 1), Range::UNLIMITED, &mut view)
            .unwrap();
        memory.remember(&view);
        fov.compute_into(&map.grid, (1, 1), Range::UNLIMITED, &mut view)
            .unwrap();
        let draw = |colour| {
            text(
                Algorithm::PrecisePermissive,
                &map,
                (1, 1),
                Range::UNLIMITED,
                &view,
                Some(&memory),
                colour,
            )
        };
        // Without colour: the wall at x = 3 hides the right room, remembered.
        let plain = draw(false);
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines[..3], ["####:::", "#@.#,,:", "####:::"]);
        assert!(lines[3].ends_with("12 of 21 tiles visible, 9 remembered"));
        assert!(!plain.contains('\x1b'));
        // On a terminal, the same glyphs, the remembered ones dimmed.
        let tty = draw(true);
        assert!(tty.starts_with("####\x1b[2m:::\x1b[0m\n#@.#\x1b[2m,,:\x1b[0m\n"));
        assert_eq!(tty.replace("\x1b[2m", "").replace("\x1b[0m", ""), plain);
        // A never-seen tile stays blank with a memory, even on a terminal.
        let empty = Memory::new(map.grid.rect()).unwrap();
        let tty = text(
            Algorithm::PrecisePermissive,
            &map,
            (1, 1),
            Range::UNLIMITED,
            &view,
            Some(&empty),
            true,
        );
        assert!(tty.starts_with("####\n#@.#\n####\n"), "{tty:?}");
        assert!(tty.contains(", 0 remembered"));
    }
}
