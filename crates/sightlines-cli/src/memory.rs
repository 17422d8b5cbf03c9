//! `show`'s memory: the tiles seen before, from earlier viewpoints
//! (`--visited`) or a file (`--memory`), and saved again (`--save-memory`).
//!
//! The file is the library's serde form of [`Memory`] as JSON: the area and
//! the bits, `ceil(width / 64)` 64-bit words a row. A memory belongs to one
//! map, so loading it checks that it covers exactly that map's tiles.

use crate::input::{check_viewpoint, LoadedMap};
use crate::Failure;
use sightlines::{Fov, Memory, Range, VisibleSet};
use std::path::Path;

/// An empty memory of `map`'s tiles.
pub fn empty(map: &LoadedMap) -> Result<Memory, Failure> {
    Memory::new(map.grid.rect()).map_err(|e| Failure::input(e.to_string()))
}

/// Reads a memory written by `--save-memory`, checking it is of `map`.
pub fn load(path: &Path, map: &LoadedMap) -> Result<Memory, Failure> {
    let bytes = std::fs::read(path).map_err(|e| {
        Failure::input(format!(
            "cannot read memory file '{}': {}",
            path.display(),
            e
        ))
    })?;
    let memory: Memory = serde_json::from_slice(&bytes).map_err(|e| {
        Failure::input(format!(
            "memory file '{}' is not a memory written by --save-memory: {}",
            path.display(),
            one_line(&e.to_string())
        ))
    })?;
    let (area, rect) = (memory.area(), map.grid.rect());
    if area != rect {
        let at = if (area.x, area.y) == (0, 0) {
            String::new()
        } else {
            format!(" from ({}, {})", area.x, area.y)
        };
        return Err(Failure::input(format!(
            "memory file '{}' covers {} x {} tiles{at}, but the map {} is {} x {}; pass a memory saved with this map",
            path.display(),
            area.width,
            area.height,
            map.name,
            rect.width,
            rect.height
        )));
    }
    Ok(memory)
}

/// Writes `memory` as JSON, one line.
pub fn save(path: &Path, memory: &Memory) -> Result<(), Failure> {
    let mut text = serde_json::to_string(memory)
        .map_err(|e| Failure::input(format!("cannot encode the memory: {e}")))?;
    text.push('\n');
    std::fs::write(path, text).map_err(|e| {
        Failure::input(format!(
            "cannot write memory file '{}': {}",
            path.display(),
            e
        ))
    })
}

/// Remembers the field of view from each of `visited`, seen with the same
/// `fov` and `range` as the current one.
pub fn visit(
    memory: &mut Memory,
    fov: &mut Fov,
    map: &LoadedMap,
    visited: &[(i32, i32)],
    range: Range,
) -> Result<(), Failure> {
    let mut view = VisibleSet::new();
    for &tile in visited {
        check_viewpoint(map, tile, "visited tile")?;
        fov.compute_into(&map.grid, tile, range, &mut view)
            .map_err(|e| Failure::input(e.to_string()))?;
        memory.remember(&view);
    }
    Ok(())
}

/// The tiles of `memory` out of sight now, by row then column.
pub fn remembered<'a>(
    memory: &'a Memory,
    seen: &'a VisibleSet,
) -> impl Iterator<Item = (i32, i32)> + 'a {
    memory.iter().filter(|&(x, y)| !seen.contains(x, y))
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
