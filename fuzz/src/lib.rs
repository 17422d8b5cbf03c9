//! The checks behind the fuzz targets: each takes any bytes, and panics
//! only when the library breaks a promise (or panics itself).
//!
//! - [`parse`]: the map parser on any text;
//! - [`memory`]: a saved `Memory` (its serde JSON form) on any bytes;
//! - [`fov`]: every algorithm on a map, origin, range, shape and options
//!   read from the bytes, held to the promises every algorithm makes;
//! - [`cli`]: the `sightlines` command line, run in-process in a folder of
//!   its own.

use sightlines::{Algorithm, DiagonalGaps, Fov, FovError, Grid, Memory, Opacity, Range, Shape};

/// A parsed map writes itself back as text that parses to the same walls,
/// and its viewer is on it.
pub fn parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = Grid::parse(text) else {
        return;
    };
    let grid = parsed.grid;
    if let Some((x, y)) = parsed.viewer {
        assert!(
            grid.rect().contains(x, y),
            "the viewer ({x}, {y}) is off the map"
        );
    }
    // Big maps cost time, not coverage.
    if grid.rect().area() > 1 << 16 {
        return;
    }
    let again = Grid::parse(&grid.to_text()).expect("a grid's text parses");
    assert_eq!(again.grid, grid, "the text of a grid is another grid");
    assert_eq!(again.viewer, None);
}

/// A memory that loads holds only tiles of its area, as many as it says,
/// and saves to what loads back equal.
pub fn memory(data: &[u8]) {
    let Ok(memory) = serde_json::from_slice::<Memory>(data) else {
        return;
    };
    let area = memory.area();
    let mut count = 0;
    for (x, y) in memory.iter() {
        assert!(area.contains(x, y), "({x}, {y}) outside {area:?}");
        assert!(memory.is_seen(x, y));
        count += 1;
    }
    assert_eq!(count, memory.len());
    let json = serde_json::to_string(&memory).expect("a memory saves");
    let back: Memory = serde_json::from_str(&json).expect("a saved memory loads");
    assert_eq!(back, memory);
}

/// Reads a case from the bytes: the map's size, the algorithm, the range,
/// lit walls and the diagonal rule, the origin (possibly off the map), then
/// the walls, a bit a tile.
pub fn fov(data: &[u8]) {
    let [w, h, a, shape, radius, options, ox, oy, walls @ ..] = data else {
        return;
    };
    let (w, h) = (1 + u32::from(*w % 20), 1 + u32::from(*h % 20));
    let algorithm = Algorithm::ALL[usize::from(*a) % Algorithm::ALL.len()];
    let shape = Shape::ALL[usize::from(*shape) % Shape::ALL.len()];
    let radius = match *radius {
        255 => None,
        254 => Some(u32::MAX),
        253 => Some(i32::MAX as u32 + 1),
        r => Some(u32::from(r % 30)),
    };
    let range = Range::with_radius(radius, shape);
    let lit_walls = options & 1 == 0;
    let gaps = if options & 2 == 0 {
        DiagonalGaps::Pass
    } else {
        DiagonalGaps::Block
    };
    // Two tiles each side off the map, to try the errors.
    let origin = (
        i32::from(*ox) % (w as i32 + 4) - 2,
        i32::from(*oy) % (h as i32 + 4) - 2,
    );
    let mut grid = Grid::new(w, h);
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let i = (y * w as i32 + x) as usize;
            let bit = walls.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1);
            grid.set(x, y, bit);
        }
    }
    let mut fov = Fov::new(algorithm);
    fov.set_lit_walls(lit_walls);
    fov.set_diagonal_gaps(gaps);
    let mut seen = Vec::new();
    let result = fov.compute(&grid, origin, range, |x, y| seen.push((x, y)));
    if gaps.blocks() && !algorithm.supports_diagonal_rule() {
        // Refused, whatever the rest.
        assert!(
            matches!(result, Err(FovError::Unsupported { .. })),
            "{algorithm}: {result:?}"
        );
        return;
    }
    let on_map = grid.rect().contains(origin.0, origin.1);
    assert_eq!(
        result.is_ok(),
        on_map,
        "{algorithm}: {result:?} from {origin:?}"
    );
    if !on_map {
        return;
    }
    let case =
        format!("{algorithm}, {range:?}, lit walls {lit_walls}, gaps {gaps}, from {origin:?}");
    let sorted = sorted_once(&seen, origin, &case, "tile");
    for &(x, y) in &seen {
        assert!(grid.rect().contains(x, y), "{case}: ({x}, {y}) off the map");
        let (dx, dy) = (i64::from(x - origin.0), i64::from(y - origin.1));
        assert!(range.contains(dx, dy), "{case}: ({x}, {y}) out of range");
    }
    // The diagonal rule only ever hides.
    if gaps.blocks() {
        let mut open = Fov::new(algorithm);
        open.set_lit_walls(lit_walls);
        let mut passing = Vec::new();
        open.compute(&grid, origin, range, |x, y| passing.push((x, y)))
            .expect("on the map");
        passing.sort_unstable();
        for t in &sorted {
            assert!(
                passing.binary_search(t).is_ok(),
                "{case}: {t:?} only with the rule"
            );
        }
    }
    // Line of sight agrees with the field of view, tile by tile.
    for y in -1..=h as i32 {
        for x in -1..=w as i32 {
            let sees = fov
                .can_see(&grid, origin, (x, y), range)
                .expect("from the map");
            let listed = sorted.binary_search(&(x, y)).is_ok();
            assert_eq!(sees, listed, "{case}: can_see ({x}, {y})");
        }
    }
    // Symmetry between floors, where promised.
    if algorithm.is_symmetric() && !grid.is_opaque(origin.0, origin.1) {
        for &(x, y) in seen.iter().filter(|&&(x, y)| !grid.is_opaque(x, y)) {
            let back = fov
                .can_see(&grid, (x, y), origin, range)
                .expect("on the map");
            assert!(back, "{case}: sees ({x}, {y}), which does not see back");
        }
    }
}

/// Hex maps: the text format on the bytes read as text (a parsed map
/// prints back to text that parses to the same map), then every hex
/// algorithm on a grid, origin, radius and lit-walls setting read from the
/// bytes: an error exactly when the origin is off the map, the origin first,
/// no hex twice, none off the map or out of range, `can_see` equal to
/// membership, symmetry between floors where promised.
pub fn hex(data: &[u8]) {
    use sightlines::hex::{distance, HexAlgorithm, HexFov, HexGrid, HexOpacity, Layout};
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(parsed) = HexGrid::parse(text) {
            let again =
                HexGrid::parse(&parsed.grid.to_text(parsed.viewer)).expect("printed maps parse");
            assert_eq!(again.grid, parsed.grid);
            assert_eq!(again.viewer, parsed.viewer);
        }
    }
    let [w, h, a, layout, radius, options, oc, or, walls @ ..] = data else {
        return;
    };
    let (w, h) = (1 + u32::from(*w % 16), 1 + u32::from(*h % 16));
    let algorithm = HexAlgorithm::ALL[usize::from(*a) % HexAlgorithm::ALL.len()];
    let layout = Layout::ALL[usize::from(*layout) % 4];
    let radius = match *radius {
        255 => None,
        254 => Some(u32::MAX),
        r => Some(u32::from(r % 20)),
    };
    let lit_walls = options & 1 == 0;
    let mut grid = HexGrid::new(w, h, layout);
    for r in 0..h as i32 {
        for c in 0..w as i32 {
            let i = (r * w as i32 + c) as usize;
            grid.set_offset(
                c,
                r,
                walls.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1),
            );
        }
    }
    let offset = (
        i32::from(*oc) % (w as i32 + 4) - 2,
        i32::from(*or) % (h as i32 + 4) - 2,
    );
    let origin = layout.to_axial(offset.0, offset.1).expect("small offsets");
    let bounds = grid.bounds().expect("bounded");
    let mut fov = HexFov::new(algorithm);
    fov.set_lit_walls(lit_walls);
    let mut seen = Vec::new();
    let result = fov.compute(&grid, origin, radius, |q, r| seen.push((q, r)));
    let on_map = bounds.contains(origin.0, origin.1);
    assert_eq!(
        result.is_ok(),
        on_map,
        "{algorithm}: {result:?} from {origin:?}"
    );
    if !on_map {
        return;
    }
    let case = format!(
        "{algorithm} in {layout}, radius {radius:?}, lit walls {lit_walls}, from {origin:?}"
    );
    let sorted = sorted_once(&seen, origin, &case, "hex");
    for &(q, r) in &seen {
        assert!(bounds.contains(q, r), "{case}: ({q}, {r}) off the map");
        assert!(
            radius.is_none_or(|n| distance(origin, (q, r)) <= u64::from(n)),
            "{case}: ({q}, {r}) out of range"
        );
        assert!(
            lit_walls || !grid.is_opaque(q, r) || (q, r) == origin,
            "{case}: wall ({q}, {r})"
        );
    }
    for r in -1..=h as i32 {
        for c in -1..=w as i32 {
            let b = layout.to_axial(c, r).expect("small offsets");
            let sees = fov.can_see(&grid, origin, b, radius).expect("from the map");
            assert_eq!(
                sees,
                sorted.binary_search(&b).is_ok(),
                "{case}: can_see {b:?}"
            );
        }
    }
    if algorithm.symmetric() && !grid.is_opaque(origin.0, origin.1) {
        for &b in seen.iter().filter(|&&(q, r)| !grid.is_opaque(q, r)) {
            assert!(
                fov.can_see(&grid, b, origin, radius).expect("on the map"),
                "{case}: {b:?} does not see back"
            );
        }
    }
}

/// `seen` sorted, once checked to start at the origin and to list no
/// `what` (tile or hex) twice: the promises every field makes.
fn sorted_once(seen: &[(i32, i32)], origin: (i32, i32), case: &str, what: &str) -> Vec<(i32, i32)> {
    assert_eq!(seen.first(), Some(&origin), "{case}: the origin first");
    let mut sorted = seen.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), seen.len(), "{case}: a {what} twice");
    sorted
}

/// The files the [`cli`] target's commands find in their folder, put back
/// before every run: a map with a viewer, one without, a memory saved for
/// the first, and a hex map.
const CLI_FILES: [(&str, &str); 4] = [
    (
        "map.txt",
        "##########\n#....#...#\n#.@..#.#.#\n#..#...#.#\n#....##..#\n##########\n",
    ),
    ("open.txt", "......\n..#...\n......\n"),
    (
        "hex.txt",
        "hex odd-r\n# # # # #\n # . @ . #\n# . # . #\n # # # # #\n",
    ),
    (
        "memory.json",
        r#"{"sightlines_memory_file":2,"map":{"width":10,"height":6,"walls":"fnv1a64:c12820ba5818f6d2"},"memory":{"version":1,"x":0,"y":0,"width":10,"height":6,"seen":[63,63,63,63,47,15]}}"#,
    ),
];

/// The folder the [`cli`] target runs in, made once per process and made
/// the current folder: every path it accepts is a plain name, so nothing
/// is read or written outside it.
fn cli_folder() -> &'static std::path::Path {
    static FOLDER: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    FOLDER.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("sightlines-fuzz-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder for the cli target");
        std::env::set_current_dir(&dir).expect("into the cli target's folder");
        dir
    })
}

/// Reads a command line from the bytes, an argument a line, and runs it:
/// it must end with a defined exit code (0, 1 or 2), a message of one line
/// that is there exactly when a failure needs one, and no temporary file
/// left behind.
///
/// Lines naming a path outside the folder (a `/`, `.` or `..`), standard
/// input (`-`), `report` (a fixed, slow workload) and maps larger than
/// `generate --size 999x999` are skipped: cost and safety, not coverage.
pub fn cli(data: &[u8]) {
    use std::os::unix::ffi::OsStrExt;
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').take(24).collect();
    let unsafe_path = |a: &[u8]| a.contains(&b'/') || a == b"." || a == b".." || a == b"-";
    if lines.iter().any(|a| unsafe_path(a) || *a == b"report") {
        return;
    }
    let long_number = |a: &[u8]| a.windows(4).any(|w| w.iter().all(u8::is_ascii_digit));
    if lines.iter().any(|a| *a == b"generate") && lines.iter().any(|a| long_number(a)) {
        return;
    }
    let folder = cli_folder();
    for entry in std::fs::read_dir(folder).expect("the cli folder").flatten() {
        let _ = std::fs::remove_file(entry.path());
    }
    for (name, text) in CLI_FILES {
        std::fs::write(folder.join(name), text).expect("a fixture");
    }
    let args = std::iter::once(std::ffi::OsStr::new("sightlines"))
        .chain(lines.iter().map(|a| std::ffi::OsStr::from_bytes(a)));
    let outcome = sightlines_cli::run(args);
    let case = String::from_utf8_lossy(data).replace('\n', " ");
    assert!(
        matches!(outcome.code, 0..=2),
        "`{case}`: exit code {}",
        outcome.code
    );
    assert!(
        !outcome.message.contains('\n'),
        "`{case}`: a message of more than one line: {:?}",
        outcome.message
    );
    if outcome.code == 0 {
        assert!(outcome.message.is_empty(), "`{case}`: {}", outcome.message);
    }
    for entry in std::fs::read_dir(folder).expect("the cli folder").flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        assert!(
            !(name.starts_with('.') && name.ends_with(".tmp")),
            "`{case}` left {name} behind"
        );
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Every seed and every kept crash of `target`, through its check.
    fn replay(target: &str, check: fn(&[u8])) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut n = 0;
        for folder in ["seeds", "regressions"] {
            let Ok(files) = std::fs::read_dir(root.join(folder).join(target)) else {
                continue;
            };
            for file in files {
                let path = file.unwrap().path();
                check(&std::fs::read(&path).unwrap());
                n += 1;
            }
        }
        assert!(n > 0, "no seed for {target}");
    }

    #[test]
    fn seeds_and_regressions_pass() {
        replay("parse", super::parse);
        replay("memory", super::memory);
        replay("fov", super::fov);
        replay("cli", super::cli);
        replay("hex", super::hex);
    }

    #[test]
    fn random_cases_pass() {
        let mut rng = sightlines::generate::SplitMix64::new(1);
        for _ in 0..3000 {
            let len = 8 + rng.below(60) as usize;
            let data: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            super::fov(&data);
            super::hex(&data);
        }
    }
}
