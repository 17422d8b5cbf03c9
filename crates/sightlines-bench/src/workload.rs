//! The benchmark workloads: maps, viewpoints and radii.
//!
//! Every contender is measured on the same four 256x256 maps (open, cave,
//! pillars, rooms), from the same viewpoints, at the radii of [`CASES`]. The
//! maps ship in this crate's `maps/` folder (its `README.md` says what each
//! one is), so a clone runs the benchmarks as they are; `SIGHTLINES_BENCH_MAPS`
//! points elsewhere. They are read at run time, not compiled in.

use sightlines::translucent::OPAQUE;
use sightlines::{Grid, LevelGrid, Opacity, Range, Rect};
use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variable that overrides where the maps are read from.
pub const MAPS_ENV: &str = "SIGHTLINES_BENCH_MAPS";

/// One benchmark case: a map and a radius (`None`: the whole map).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The map's name: `NAME.txt` and `NAME.viewpoints.txt` in the maps folder.
    pub map: &'static str,
    /// The radius of a circle range, or `None` for the whole map.
    pub radius: Option<u32>,
}

impl Case {
    /// The case's name, as criterion groups and tables show it: `cave-r16`,
    /// `open-all`.
    pub fn name(&self) -> String {
        match self.radius {
            Some(r) => format!("{}-r{r}", self.map),
            None => format!("{}-all", self.map),
        }
    }

    /// Our range for the case: a circle (dx² + dy² <= r²), or unlimited.
    pub fn range(&self) -> Range {
        Range::with_radius(self.radius, sightlines::Shape::Circle)
    }

    /// The case with this name, if it is one of [`CASES`].
    pub fn by_name(name: &str) -> Option<Case> {
        CASES.iter().copied().find(|c| c.name() == name)
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Every case measured, in table order: the open map at radii 1, 8, 16, 32,
/// 64 and none, the cave at 16 and 32, the pillars at 32, the rooms at 16.
/// Radius 1 sees 5 tiles: its cost is the per-call overhead (dispatch, range
/// tables, set reset).
pub const CASES: &[Case] = &[
    Case {
        map: "open",
        radius: Some(1),
    },
    Case {
        map: "open",
        radius: Some(8),
    },
    Case {
        map: "open",
        radius: Some(16),
    },
    Case {
        map: "open",
        radius: Some(32),
    },
    Case {
        map: "open",
        radius: Some(64),
    },
    Case {
        map: "open",
        radius: None,
    },
    Case {
        map: "cave",
        radius: Some(16),
    },
    Case {
        map: "cave",
        radius: Some(32),
    },
    Case {
        map: "pillars",
        radius: Some(32),
    },
    Case {
        map: "rooms",
        radius: Some(16),
    },
];

/// A loaded map with its viewpoints, in the forms the contenders need.
#[derive(Clone, Debug)]
pub struct Workload {
    /// The map's name.
    pub name: String,
    /// Our bit-packed grid.
    pub grid: Grid,
    /// Width in tiles.
    pub width: u32,
    /// Height in tiles.
    pub height: u32,
    /// Row-major opacity, `opaque[x + y * width]`, for the peers' maps.
    pub opaque: Vec<bool>,
    /// The viewpoints, in file order.
    pub viewpoints: Vec<(i32, i32)>,
}

impl Workload {
    /// A workload from a grid and viewpoints (tests build small ones).
    pub fn new(name: &str, grid: Grid, viewpoints: Vec<(i32, i32)>) -> Workload {
        let (width, height) = (grid.width(), grid.height());
        let opaque = (0..height as i32)
            .flat_map(|y| (0..width as i32).map(move |x| (x, y)))
            .map(|(x, y)| grid.is_opaque(x, y))
            .collect();
        Workload {
            name: name.to_owned(),
            grid,
            width,
            height,
            opaque,
            viewpoints,
        }
    }

    /// The map with a tenth of its floor (chosen by a hash of the
    /// position, the same as the game benchmark's) at `level`, its walls
    /// opaque: the translucent workload.
    pub fn smoky(&self, level: u8) -> LevelGrid {
        let mut levels = LevelGrid::new(self.width, self.height).expect("a loaded map fits");
        for y in 0..self.height as i32 {
            for x in 0..self.width as i32 {
                let h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
                let tile = if self.grid.is_opaque(x, y) {
                    OPAQUE
                } else if (h >> 32) % 10 == 0 {
                    level
                } else {
                    0
                };
                levels.set(x, y, tile);
            }
        }
        levels
    }

    /// Reads `NAME.txt` and `NAME.viewpoints.txt` from `dir`.
    pub fn load(dir: &Path, name: &str) -> Result<Workload, String> {
        let map_path = dir.join(format!("{name}.txt"));
        let text = std::fs::read_to_string(&map_path)
            .map_err(|e| format!("cannot read {}: {e}", map_path.display()))?;
        let grid = Grid::parse(&text)
            .map_err(|e| format!("{}: {e}", map_path.display()))?
            .grid;
        let vp_path = dir.join(format!("{name}.viewpoints.txt"));
        let text = std::fs::read_to_string(&vp_path)
            .map_err(|e| format!("cannot read {}: {e}", vp_path.display()))?;
        let viewpoints = parse_viewpoints(&text, grid.rect())
            .map_err(|e| format!("{}: {e}", vp_path.display()))?;
        Ok(Workload::new(name, grid, viewpoints))
    }

    /// The index of `(x, y)` in [`Workload::opaque`]; the tile must be on the map.
    #[inline]
    pub fn index(&self, x: i32, y: i32) -> usize {
        x as usize + y as usize * self.width as usize
    }

    /// Whether `(x, y)` is on the map.
    #[inline]
    pub fn on_map(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.width)).contains(&x) && (0..i64::from(self.height)).contains(&y)
    }

    /// The smallest radius whose circle around `origin` covers the whole
    /// map, for peers that have no "unlimited" range.
    pub fn covering_radius(&self, origin: (i32, i32)) -> u32 {
        covering_radius(self.width, self.height, origin)
    }

    /// The bounding box of `radius` around `origin`, clipped to the map.
    pub fn range_box(&self, origin: (i32, i32), radius: Option<u32>) -> Rect {
        range_box(self.width, self.height, origin, radius)
    }
}

/// The bounding box of `radius` around `origin`, clipped to a `width` x
/// `height` map: the area [`sightlines::Fov::compute_into`] gives its set.
pub fn range_box(width: u32, height: u32, origin: (i32, i32), radius: Option<u32>) -> Rect {
    let (w, h) = (i64::from(width), i64::from(height));
    let (x0, y0, x1, y1) = match radius {
        None => (0, 0, w - 1, h - 1),
        Some(r) => {
            let (ox, oy, r) = (i64::from(origin.0), i64::from(origin.1), i64::from(r));
            (
                (ox - r).max(0),
                (oy - r).max(0),
                (ox + r).min(w - 1),
                (oy + r).min(h - 1),
            )
        }
    };
    Rect::new(
        x0 as i32,
        y0 as i32,
        (x1 - x0 + 1) as u32,
        (y1 - y0 + 1) as u32,
    )
}

/// The smallest radius whose circle (dx² + dy² <= r²) around `origin`
/// covers a `width` x `height` map.
pub fn covering_radius(width: u32, height: u32, (x, y): (i32, i32)) -> u32 {
    let dx = i64::from(x).max(i64::from(width) - 1 - i64::from(x)).max(0);
    let dy = i64::from(y)
        .max(i64::from(height) - 1 - i64::from(y))
        .max(0);
    let d2 = dx * dx + dy * dy;
    let mut r = (d2 as f64).sqrt() as i64;
    while r * r < d2 {
        r += 1;
    }
    r as u32
}

/// Parses a viewpoints file: `x y` per line, `#` comments, blank lines
/// ignored; every viewpoint must lie in `bounds`.
pub fn parse_viewpoints(text: &str, bounds: Rect) -> Result<Vec<(i32, i32)>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace().map(str::parse::<i32>);
        match (fields.next(), fields.next(), fields.next()) {
            (Some(Ok(x)), Some(Ok(y)), None) if bounds.contains(x, y) => out.push((x, y)),
            (Some(Ok(_)), Some(Ok(_)), None) => {
                return Err(format!("line {}: viewpoint '{line}' is off the map", n + 1))
            }
            _ => return Err(format!("line {}: expected 'x y', found '{line}'", n + 1)),
        }
    }
    if out.is_empty() {
        return Err("no viewpoints".to_owned());
    }
    Ok(out)
}

/// The maps that ship with this crate: `crates/sightlines-bench/maps`.
pub fn default_maps_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps")
}

/// The maps folder: `$SIGHTLINES_BENCH_MAPS`, or [`default_maps_dir`]; an
/// error that says how to fix it when it is missing.
pub fn maps_dir() -> Result<PathBuf, String> {
    let (dir, origin) = match std::env::var_os(MAPS_ENV) {
        Some(dir) => (PathBuf::from(dir), format!("${MAPS_ENV}")),
        None => (default_maps_dir(), "the default path".to_owned()),
    };
    if dir.join("cave.txt").is_file() {
        Ok(dir)
    } else {
        Err(format!(
            "benchmark maps not found in {} ({origin}): expected open, cave, pillars and \
             rooms (.txt and .viewpoints.txt) there; set {MAPS_ENV} to the folder that holds \
             them (crates/sightlines-bench/maps in the repository)",
            dir.display()
        ))
    }
}

/// Loads the workload of every map that [`CASES`] use, in case order.
pub fn load_all() -> Result<Vec<Workload>, String> {
    let dir = maps_dir()?;
    let mut names: Vec<&str> = CASES.iter().map(|c| c.map).collect();
    names.dedup();
    names.into_iter().map(|n| Workload::load(&dir, n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewpoints_parse_and_errors_name_the_line() {
        let b = Rect::new(0, 0, 10, 10);
        assert_eq!(
            parse_viewpoints("# c\n1 2\n\n3 4\n", b),
            Ok(vec![(1, 2), (3, 4)])
        );
        assert!(parse_viewpoints("1 2\n1 x\n", b)
            .unwrap_err()
            .contains("line 2"));
        assert!(parse_viewpoints("10 2\n", b)
            .unwrap_err()
            .contains("off the map"));
        assert!(parse_viewpoints("1 2 3\n", b).is_err());
        assert!(parse_viewpoints("# only\n", b).is_err());
    }

    #[test]
    fn case_names_are_unique_and_found() {
        for c in CASES {
            assert_eq!(Case::by_name(&c.name()), Some(*c));
        }
        assert_eq!(CASES[0].name(), "open-r1");
        assert_eq!(CASES[5].name(), "open-all");
        assert_eq!(Case::by_name("cave-r99"), None);
    }

    #[test]
    fn range_box_is_clipped_to_the_map() {
        let w = Workload::new("t", Grid::new(20, 10), vec![(1, 1)]);
        assert_eq!(w.range_box((1, 1), Some(3)), Rect::new(0, 0, 5, 5));
        assert_eq!(w.range_box((18, 8), Some(3)), Rect::new(15, 5, 5, 5));
        assert_eq!(w.range_box((5, 5), None), Rect::new(0, 0, 20, 10));
        assert_eq!(w.covering_radius((1, 1)), 20); // to (19, 9): 18² + 8² = 388 <= 20²
        assert_eq!(w.covering_radius((10, 5)), 12); // to (0, 0): 10² + 5² = 125 <= 12²
        assert_eq!(covering_radius(256, 256, (128, 128)), 182);
    }

    #[test]
    fn the_shipped_maps_are_as_their_readme_describes() {
        let dir = default_maps_dir();
        let viewpoints = [("open", 1), ("cave", 1000), ("pillars", 1), ("rooms", 1000)];
        for (name, count) in viewpoints {
            let w = Workload::load(&dir, name).unwrap();
            assert_eq!((w.width, w.height), (256, 256), "{name}");
            assert_eq!(w.viewpoints.len(), count, "{name}");
            assert!(
                w.viewpoints.iter().all(|&(x, y)| !w.grid.is_opaque(x, y)),
                "{name}: a viewpoint on a wall"
            );
        }
        let open = Workload::load(&dir, "open").unwrap();
        assert!(open.opaque.iter().all(|&o| !o));
        assert_eq!(open.viewpoints, vec![(128, 128)]);
        let pillars = Workload::load(&dir, "pillars").unwrap();
        for y in 0..256 {
            for x in 0..256 {
                let pillar = x % 4 == 2 && y % 4 == 2;
                assert_eq!(pillars.grid.is_opaque(x, y), pillar, "({x}, {y})");
            }
        }
    }

    #[test]
    fn a_missing_maps_folder_says_what_to_do() {
        let err = Workload::load(Path::new("/nonexistent"), "cave").unwrap_err();
        assert!(err.contains("/nonexistent/cave.txt"));
    }
}
