//! Reading maps and origins from the command line.

use crate::Failure;
use sightlines::{Grid, Opacity, SAMPLE_MAP};
use std::io::Read;
use std::path::Path;

/// A map as the user gave it: its text (for drawing), its grid and its viewer mark.
pub struct LoadedMap {
    /// Where it came from, for messages: a path, `<stdin>` or `<built-in map>`.
    pub name: String,
    /// One string a row, as written.
    pub rows: Vec<Vec<char>>,
    pub grid: Grid,
    pub viewer: Option<(i32, i32)>,
}

/// Loads `MAP`: a file, `-` for standard input, or the built-in sample when absent.
pub fn load_map(path: Option<&Path>) -> Result<LoadedMap, Failure> {
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
    let parsed = Grid::parse(&text).map_err(|e| Failure::input(format!("{name}: {e}")))?;
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
    if !map.grid.rect().contains(origin.0, origin.1) {
        return Err(Failure::input(format!(
            "origin ({}, {}) is off the map {} ({} x {} tiles; x from 0 to {}, y from 0 to {})",
            origin.0,
            origin.1,
            map.name,
            map.grid.width(),
            map.grid.height(),
            map.grid.width() - 1,
            map.grid.height() - 1
        )));
    }
    if map.grid.is_opaque(origin.0, origin.1) {
        eprintln!(
            "sightlines: note: origin ({}, {}) is on an opaque tile; it sees out as if it were floor",
            origin.0, origin.1
        );
    }
    Ok(origin)
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
    }
}
