//! Reading maps and origins from the command line.

use crate::Failure;
use sightlines::{Algorithm, Fov, Grid, LevelGrid, Opacity, Range, Shape, VisibleSet, SAMPLE_MAP};
use std::io::{IsTerminal, Read, Write};
use std::path::Path;

/// A map as the user gave it: its text (for drawing), its grid and its viewer mark.
pub struct LoadedMap {
    /// Where it came from, for messages: a path, `<stdin>` or `<built-in map>`.
    pub name: String,
    /// One string a row, as written.
    pub rows: Vec<String>,
    pub grid: Grid,
    pub viewer: Option<(i32, i32)>,
}

/// The characters of a map that block sight (`--walls`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walls(pub Vec<char>);

impl Default for Walls {
    fn default() -> Walls {
        Walls(vec!['#'])
    }
}

/// Parses `--walls`: the characters that block sight, such as `#%T`.
pub fn parse_walls(text: &str) -> Result<Walls, String> {
    if text.is_empty() {
        return Err(
            "no characters given; list the characters that block sight, such as '#%'".into(),
        );
    }
    if text.contains('@') {
        return Err(format!(
            "'{text}' contains '@', which marks the viewer; list only wall characters"
        ));
    }
    Ok(Walls(text.chars().collect()))
}

/// The characters of a map that dim sight and their levels (`--translucent`),
/// in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translucent(pub Vec<(char, u8)>);

/// Parses `--translucent`: `C=LEVEL` pairs separated by commas, such as
/// `~=96,"=48`; a level runs from 1 (a faint haze) to 255 (opaque). Any
/// character but `@` can dim, `,` and `=` included (`,=40`).
pub fn parse_translucent(text: &str) -> Result<Translucent, String> {
    let usage = "write C=LEVEL pairs separated by commas, such as '~=96,\"=48'";
    let mut pairs: Vec<(char, u8)> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if chars.next() != Some('=') {
            return Err(format!("'{text}': expected '=' after '{c}'; {usage}"));
        }
        let mut digits = String::new();
        while let Some(&d) = chars.peek() {
            if d == ',' {
                chars.next();
                break;
            }
            digits.push(d);
            chars.next();
        }
        if c == '@' {
            return Err(format!(
                "'{text}': '@' marks the viewer and cannot dim sight; pick another character"
            ));
        }
        let level: u32 = digits.trim().parse().map_err(|_| {
            format!("'{text}': the level of '{c}' is '{digits}', not a number; {usage}")
        })?;
        if !(1..=255).contains(&level) {
            return Err(format!(
                "'{text}': the level of '{c}' is {level}, out of range; levels run from 1 (a faint haze) to 255 (opaque)"
            ));
        }
        if pairs.iter().any(|&(p, _)| p == c) {
            return Err(format!(
                "'{text}': '{c}' is given twice; give each character one level"
            ));
        }
        pairs.push((c, level as u8));
    }
    if pairs.is_empty() {
        return Err(format!("no characters given; {usage}"));
    }
    Ok(Translucent(pairs))
}

/// Parses `--visibility`: the visibility sight starts with, 1 to 255.
pub fn parse_visibility(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u32>() {
        Ok(v @ 1..=255) => Ok(v as u8),
        Ok(0) => Err(
            "a visibility of 0 sees nothing, not even the viewer's tile; give 1 to 255 (255 by default)".into(),
        ),
        _ => Err(format!("invalid visibility '{text}': give a whole number from 1 to 255")),
    }
}

impl Translucent {
    /// The map's levels: walls 255, translucent characters their level,
    /// everything else (the viewer's `@` too) 0. A character both a wall
    /// and translucent is an error.
    pub fn levels(&self, map: &LoadedMap, walls: &Walls) -> Result<LevelGrid, Failure> {
        if let Some(&(c, _)) = self.0.iter().find(|(c, _)| walls.0.contains(c)) {
            return Err(Failure::input(format!(
                "'{c}' is both a wall (--walls) and translucent (--translucent); drop it from one of them"
            )));
        }
        let mut levels = LevelGrid::new(map.grid.width(), map.grid.height())
            .map_err(|e| Failure::input(e.to_string()))?;
        for (y, row) in map.rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let level = if walls.0.contains(&c) {
                    255
                } else {
                    self.0.iter().find(|p| p.0 == c).map_or(0, |p| p.1)
                };
                levels.set(x as i32, y as i32, level);
            }
        }
        Ok(levels)
    }
}

/// Reads `MAP`'s text: a file, `-` for standard input, or the built-in
/// sample when absent; with the name messages give it. A byte-order mark
/// is dropped.
pub fn read_map_text(path: Option<&Path>) -> Result<(String, String), Failure> {
    let (name, text) = match path {
        None => ("<built-in map>".to_owned(), SAMPLE_MAP.to_owned()),
        Some(p) if p.as_os_str() == "-" => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(|e| {
                Failure::input(format!("cannot read the map from standard input: {e}"))
            })?;
            ("<stdin>".to_owned(), text)
        }
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|e| {
                Failure::input(format!("cannot read map file '{}': {}", p.display(), e))
            })?;
            let text = String::from_utf8(bytes).map_err(|e| {
                Failure::input(format!(
                    "map file '{}' is not UTF-8 text (bad byte at offset {}); save it as UTF-8",
                    p.display(),
                    e.utf8_error().valid_up_to()
                ))
            })?;
            (p.display().to_string(), text)
        }
    };
    // A byte-order mark is no tile (Grid::parse skips it too); drop it here
    // so that the rows drawn in text match the grid.
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    };
    Ok((name, text))
}

/// Whether a map's text is a hex map: its first line's first word is
/// `hex` (as in `hex odd-r`), at the start of the line.
pub fn is_hex_map(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    first.starts_with("hex") && first.split_whitespace().next() == Some("hex")
}

/// A square map from its text.
pub fn parse_square_map(name: String, text: &str, walls: &Walls) -> Result<LoadedMap, Failure> {
    let parsed = Grid::parse_with(text, |c| walls.0.contains(&c))
        .map_err(|e| Failure::input(format!("{name}: {e}")))?;
    let rows = text
        .lines()
        .take(parsed.grid.height() as usize)
        .map(|l| l.chars().collect())
        .collect();
    Ok(LoadedMap {
        name,
        rows,
        grid: parsed.grid,
        viewer: parsed.viewer,
    })
}

/// Parses `X,Y`.
pub fn parse_position(text: &str) -> Result<(i32, i32), String> {
    let err = || format!("invalid position '{text}': expected X,Y such as 10,5");
    let (x, y) = text.split_once(',').ok_or_else(err)?;
    let x = x.trim().parse().map_err(|_| err())?;
    let y = y.trim().parse().map_err(|_| err())?;
    Ok((x, y))
}

/// The viewer: `--at` if given, else the map's `@`; it must be on the map.
pub fn resolve_origin(map: &LoadedMap, at: Option<(i32, i32)>) -> Result<(i32, i32), Failure> {
    let origin = at.or(map.viewer).ok_or_else(|| {
        Failure::usage(format!(
            "{}: no viewer; mark one tile with '@' or pass --at X,Y",
            map.name
        ))
    })?;
    check_viewpoint(map, origin, "origin")?;
    Ok(origin)
}

/// A tile to see from must be on the map; on an opaque tile it is allowed,
/// with a note. `what` names it in the messages ("origin", "visited tile").
pub fn check_viewpoint(map: &LoadedMap, (x, y): (i32, i32), what: &str) -> Result<(), Failure> {
    if !map.grid.rect().contains(x, y) {
        return Err(Failure::input(format!(
            "{what} ({x}, {y}) is off the map {} ({} x {} tiles; x from 0 to {}, y from 0 to {})",
            map.name,
            map.grid.width(),
            map.grid.height(),
            map.grid.width() - 1,
            map.grid.height() - 1
        )));
    }
    if map.grid.is_opaque(x, y) {
        eprintln!(
            "sightlines: note: {what} ({x}, {y}) is on an opaque tile; it sees out as if it were floor"
        );
    }
    Ok(())
}

/// Positions given as `X,Y;X,Y;...` (`--visited`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions(pub Vec<(i32, i32)>);

/// Parses `X,Y` positions separated by `;`, such as `3,4;10,2`.
pub fn parse_positions(text: &str) -> Result<Positions, String> {
    let mut out = Vec::new();
    for part in text.split(';') {
        if part.trim().is_empty() {
            return Err(format!(
                "invalid positions '{text}': expected X,Y;X,Y... such as 3,4;10,2"
            ));
        }
        out.push(parse_position(part)?);
    }
    Ok(Positions(out))
}

/// Parses a shape id.
pub fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse()
        .map_err(|e: sightlines::UnknownShape| e.to_string())
}

/// Parses `pass` or `block` (the diagonal rule).
pub fn parse_diagonal_gaps(s: &str) -> Result<sightlines::DiagonalGaps, String> {
    s.parse()
        .map_err(|e: sightlines::UnknownDiagonalGaps| e.to_string())
}

/// The algorithms of `algorithms` that can compute with `gaps`: all of them
/// with `pass`; with `block`, those that keep the diagonal rule, the others
/// left out with a note on standard error. `Err` holds them all when none
/// keeps it, for the caller's one-line error.
pub fn keeping_diagonal_rule(
    algorithms: Vec<sightlines::Algorithm>,
    gaps: sightlines::DiagonalGaps,
) -> Result<Vec<sightlines::Algorithm>, Vec<sightlines::Algorithm>> {
    if !gaps.blocks() {
        return Ok(algorithms);
    }
    let (kept, left_out): (Vec<_>, Vec<_>) = algorithms
        .into_iter()
        .partition(|a| a.supports_diagonal_rule());
    if kept.is_empty() {
        return Err(left_out);
    }
    if !left_out.is_empty() {
        let ids: Vec<&str> = left_out.iter().map(|a| a.id()).collect();
        eprintln!(
            "sightlines: leaving out {}: they do not keep the diagonal rule yet",
            ids.join(", ")
        );
    }
    Ok(kept)
}

/// Parses an algorithm id; the error lists the known ids.
pub fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
        .map_err(|e: sightlines::UnknownAlgorithm| e.to_string())
}

/// Algorithms named on the command line, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgorithmList(pub Vec<Algorithm>);

/// Parses a comma-separated list of algorithm ids, or `all`.
pub fn parse_algorithms(s: &str) -> Result<AlgorithmList, String> {
    if s == "all" {
        return Ok(AlgorithmList(Algorithm::ALL.to_vec()));
    }
    let mut out = Vec::new();
    for id in s.split(',') {
        let a = parse_algorithm(id.trim())?;
        if out.contains(&a) {
            return Err(format!("algorithm '{a}' is listed twice"));
        }
        out.push(a);
    }
    Ok(AlgorithmList(out))
}

/// `compare --algorithms`: every algorithm of the map's family, or ids of
/// either family in the order given (the map then says which family fits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlgorithmChoice {
    All,
    Listed(Vec<crate::show::AnyAlgorithm>),
}

/// Parses `all` or a comma-separated list of square or hex algorithm ids.
pub fn parse_algorithm_choice(s: &str) -> Result<AlgorithmChoice, String> {
    if s == "all" {
        return Ok(AlgorithmChoice::All);
    }
    let mut out = Vec::new();
    for id in s.split(',') {
        let a = crate::show::parse_any_algorithm(id.trim())?;
        if out.contains(&a) {
            return Err(format!("algorithm '{}' is listed twice", id.trim()));
        }
        out.push(a);
    }
    Ok(AlgorithmChoice::Listed(out))
}

/// Parses a tile size in pixels, 1 to 64.
pub fn parse_tile_size(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n @ 1..=64) => Ok(n),
        _ => Err(format!(
            "invalid tile size '{s}': expected a whole number of pixels from 1 to 64"
        )),
    }
}

/// Parses a map size `WxH`, each side 1 to 10000 tiles.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let err =
        || format!("invalid size '{s}': expected WIDTHxHEIGHT such as 80x40, each from 1 to 10000");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(err)?;
    let w: u32 = w.trim().parse().map_err(|_| err())?;
    let h: u32 = h.trim().parse().map_err(|_| err())?;
    if !(1..=10_000).contains(&w) || !(1..=10_000).contains(&h) {
        return Err(err());
    }
    Ok((w, h))
}

/// Writes a result to `path`, or to standard output. Binary output is not
/// sent to a terminal, where it would only garble the screen.
pub fn write_output(path: Option<&Path>, bytes: &[u8], binary: bool) -> Result<(), Failure> {
    write_output_with(path, binary, |out| out.write_all(bytes))
}

/// [`write_output`] for output written piece by piece by `write`: a file is
/// written whole or not at all ([`crate::save`]).
pub fn write_output_with(
    path: Option<&Path>,
    binary: bool,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Failure> {
    match path {
        Some(path) => crate::save::write_file(path, write)
            .map_err(|e| Failure::input(format!("cannot write '{}': {}", path.display(), e))),
        None => {
            if binary && std::io::stdout().is_terminal() {
                return Err(Failure::usage(
                    "not writing a binary picture to the terminal; pass --output FILE or redirect standard output",
                ));
            }
            let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            // A closed pipe (`| head`) is not an error worth reporting.
            let _ = write(&mut stdout).and_then(|_| stdout.flush());
            Ok(())
        }
    }
}

/// The tiles `algorithm` sees from `origin`, as one failure line when it cannot.
pub fn field_of_view(
    fov: &mut Fov,
    grid: &Grid,
    origin: (i32, i32),
    range: Range,
    seen: &mut VisibleSet,
) -> Result<(), Failure> {
    fov.compute_into(grid, origin, range, seen)
        .map_err(|e| Failure::input(e.to_string()))
}

/// A field of view through translucent tiles: the tiles seen into `seen`
/// (reset to the map), and each one's visibility with the map's levels.
pub fn translucent_field(
    fov: &mut Fov,
    levels: &LevelGrid,
    origin: (i32, i32),
    range: Range,
    seen: &mut VisibleSet,
) -> Result<crate::picture::Sight, Failure> {
    let mut visibility = LevelGrid::new(levels.width(), levels.height())
        .map_err(|e| Failure::input(e.to_string()))?;
    seen.reset(levels.rect());
    fov.compute_translucent(levels, origin, range, |x, y, v| {
        seen.insert(x, y);
        visibility.set(x, y, v);
    })
    .map_err(|e| Failure::input(e.to_string()))?;
    Ok(crate::picture::Sight {
        levels: levels.clone(),
        visibility,
    })
}

/// The algorithms of `algorithms` that see through translucent tiles, the
/// others left out with a note on standard error; a usage error when none does.
pub fn seeing_through(algorithms: Vec<Algorithm>) -> Result<Vec<Algorithm>, Failure> {
    let (kept, left_out): (Vec<_>, Vec<_>) = algorithms
        .into_iter()
        .partition(|a| a.supports_translucency());
    if kept.is_empty() {
        return Err(Failure::usage(
            "none of these algorithms sees through translucent tiles yet; with --translucent use precise-permissive, recursive-shadowcast, symmetric-shadowcast or raycast",
        ));
    }
    if !left_out.is_empty() {
        let ids: Vec<&str> = left_out.iter().map(|a| a.id()).collect();
        eprintln!(
            "sightlines: leaving out {}: they do not see through translucent tiles yet",
            ids.join(", ")
        );
    }
    Ok(kept)
}

/// "radius 8 (circle)" or "no radius", for messages and titles.
pub fn describe_range(range: Range) -> String {
    match range.radius() {
        Some(r) => format!("radius {r} ({})", range.shape()),
        None => "no radius".to_owned(),
    }
}

/// How many transparent tiles `grid` has.
pub fn count_floors(grid: &Grid) -> usize {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    (0..h)
        .map(|y| (0..w).filter(|&x| !grid.is_opaque(x, y)).count())
        .sum()
}

/// The transparent tiles of a grid, by row then column.
pub fn floor_tiles(grid: &Grid) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            if !grid.is_opaque(x, y) {
                out.push((x, y));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        assert_eq!(parse_position("3,4"), Ok((3, 4)));
        assert_eq!(parse_position(" -1 , 20 "), Ok((-1, 20)));
        for bad in ["3", "3;4", "a,b", "1,2,3", "99999999999,0", ""] {
            assert!(parse_position(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_positions("3,4"), Ok(Positions(vec![(3, 4)])));
        assert_eq!(
            parse_positions("3,4; -1,2"),
            Ok(Positions(vec![(3, 4), (-1, 2)]))
        );
        for bad in ["", ";", "3,4;", ";3,4", "3,4;;5,6", "3;4", "3,4;x"] {
            assert!(parse_positions(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_and_lists() {
        assert_eq!(parse_size("80x40"), Ok((80, 40)));
        for bad in ["80", "0x4", "4x0", "x", "10001x2", "axb", "-3x4"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_algorithms("all").unwrap().0, Algorithm::ALL);
        assert!(parse_algorithms("precise-permissive,precise-permissive").is_err());
        assert!(parse_algorithms("nope")
            .unwrap_err()
            .contains("precise-permissive"));
        assert!(parse_tile_size("0").is_err() && parse_tile_size("65").is_err());
    }
}
