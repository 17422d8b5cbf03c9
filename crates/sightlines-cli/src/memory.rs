//! `show`'s memory: the tiles seen before, from earlier viewpoints
//! (`--visited`) or a file (`--memory`), and saved again (`--save-memory`).
//!
//! The file (format 2) is one JSON object:
//!
//! ```json
//! {"sightlines_memory_file":2,"map":{"width":9,"height":5,"walls":"fnv1a64:…"},"memory":{…}}
//! ```
//!
//! `memory` is the library's serde form of [`Memory`] (its own version,
//! area and bits); `map` names the map it was saved for: its size and a
//! checksum of its walls ([`walls_checksum`]), so that a memory of another
//! map of the same size is refused unless `--force`. Format 1, the bare
//! `Memory` that earlier versions saved, still loads, with a note.
//! The file is written whole or not at all ([`crate::save`]).

use crate::input::{check_viewpoint, LoadedMap};
use crate::Failure;
use serde::{Deserialize, Serialize};
use sightlines::{Fov, Grid, Memory, Opacity, Range, VisibleSet};
use std::io::BufReader;
use std::path::Path;

/// The version of the memory file this sightlines writes; it reads it and
/// format 1 (a bare `Memory`, without the map's checksum).
pub const FILE_VERSION: u32 = 2;

/// The map a memory was saved for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapId {
    pub width: u32,
    pub height: u32,
    /// `fnv1a64:` and the [`walls_checksum`] in 16 hex digits.
    pub walls: String,
}

impl MapId {
    pub fn of(grid: &Grid) -> MapId {
        MapId {
            width: grid.width(),
            height: grid.height(),
            walls: format!("fnv1a64:{:016x}", walls_checksum(grid)),
        }
    }
}

/// FNV-1a (64 bits) of the map's walls written as text: each row, top
/// down, as one byte a tile, `#` opaque and `.` transparent, then `\n`. It
/// depends only on which tiles are opaque: not on the file's other
/// characters, nor on where `@` stands.
pub fn walls_checksum(grid: &Grid) -> u64 {
    let mut hash = Fnv1a::new();
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            hash.byte(if grid.is_opaque(x, y) { b'#' } else { b'.' });
        }
        hash.byte(b'\n');
    }
    hash.0
}

/// The 64-bit FNV-1a hash (Fowler, Noll and Vo): simple, stable, and
/// enough to tell two maps apart (it guards against mistakes, not attacks).
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    fn byte(&mut self, b: u8) {
        self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// The file as written.
#[derive(Serialize)]
struct FileOut<'a> {
    sightlines_memory_file: u32,
    map: MapId,
    memory: &'a Memory,
}

/// The file as read: format 2, or none of these keys for format 1.
#[derive(Deserialize)]
struct FileIn {
    sightlines_memory_file: Option<u32>,
    map: Option<MapId>,
    memory: Option<Memory>,
}

/// An empty memory of `map`'s tiles.
pub fn empty(map: &LoadedMap) -> Result<Memory, Failure> {
    Memory::new(map.grid.rect()).map_err(|e| Failure::input(e.to_string()))
}

/// Reads a memory written by `--save-memory`, checking it is of `map`: of
/// its size, and unless `force`, of its walls.
pub fn load(path: &Path, map: &LoadedMap, force: bool) -> Result<Memory, Failure> {
    let open = || {
        std::fs::File::open(path).map(BufReader::new).map_err(|e| {
            Failure::input(format!(
                "cannot read memory file '{}': {}",
                path.display(),
                e
            ))
        })
    };
    let not_a_memory = |e: serde_json::Error| {
        Failure::input(format!(
            "memory file '{}' is not a memory written by --save-memory: {}",
            path.display(),
            one_line(&e.to_string())
        ))
    };
    let file: FileIn = serde_json::from_reader(open()?).map_err(|e| {
        // A folder opens, but reading it fails: say so as a read error.
        if e.is_io() {
            Failure::input(format!(
                "cannot read memory file '{}': {}",
                path.display(),
                e
            ))
        } else {
            not_a_memory(e)
        }
    })?;
    let (memory, saved_for) = match file {
        FileIn {
            sightlines_memory_file: Some(v),
            ..
        } if v > FILE_VERSION => {
            return Err(Failure::input(format!(
                "memory file '{}' is in format {v}, newer than this sightlines reads ({FILE_VERSION}); update sightlines",
                path.display()
            )))
        }
        FileIn {
            sightlines_memory_file: Some(_),
            map: Some(id),
            memory: Some(memory),
        } => (memory, Some(id)),
        FileIn {
            sightlines_memory_file: Some(_),
            ..
        } => {
            return Err(Failure::input(format!(
                "memory file '{}' is not a memory written by --save-memory: it lacks its map or its memory",
                path.display()
            )))
        }
        // Format 1: the library's Memory itself.
        FileIn { .. } => (
            serde_json::from_reader(open()?).map_err(not_a_memory)?,
            None,
        ),
    };
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
    let here = MapId::of(&map.grid);
    match saved_for {
        Some(id) if id != here && !force => {
            return Err(Failure::input(format!(
                "memory file '{}' was saved for another map of {} x {} tiles (walls {}, this map's {}); pass the memory saved with this map, or --force to use it anyway",
                path.display(),
                id.width,
                id.height,
                id.walls,
                here.walls
            )))
        }
        Some(id) if id != here => eprintln!(
            "sightlines: note: memory file '{}' was saved for other walls; used anyway (--force)",
            path.display()
        ),
        Some(_) => {}
        None => eprintln!(
            "sightlines: note: memory file '{}' is in format 1, without its map's checksum; used as is (--save-memory writes format {FILE_VERSION})",
            path.display()
        ),
    }
    Ok(memory)
}

/// Writes `memory` of `grid` as one line of JSON, whole or not at all.
pub fn save(path: &Path, grid: &Grid, memory: &Memory) -> Result<(), Failure> {
    let file = FileOut {
        sightlines_memory_file: FILE_VERSION,
        map: MapId::of(grid),
        memory,
    };
    crate::save::write_file(path, |out| {
        serde_json::to_writer(&mut *out, &file)?;
        out.write_all(b"\n")
    })
    .map_err(|e| {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fnv(bytes: &[u8]) -> u64 {
        let mut h = Fnv1a::new();
        bytes.iter().for_each(|&b| h.byte(b));
        h.0
    }

    #[test]
    fn fnv1a_is_the_published_hash() {
        // Test vectors of the FNV reference.
        assert_eq!(fnv(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn the_checksum_is_of_the_walls_as_text() {
        let parsed = Grid::parse_with("#@.\n%x#\n", |c| c == '#' || c == '%').unwrap();
        assert_eq!(walls_checksum(&parsed.grid), fnv(b"#..\n#.#\n"));
        // Another wall, same size: another checksum.
        let other = Grid::parse("#..\n..#\n").unwrap().grid;
        assert_ne!(walls_checksum(&other), walls_checksum(&parsed.grid));
        assert_eq!(
            MapId::of(&other).walls,
            format!("fnv1a64:{:016x}", fnv(b"#..\n..#\n"))
        );
    }
}
