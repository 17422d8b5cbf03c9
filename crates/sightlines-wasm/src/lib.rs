//! sightlines for WebAssembly, behind a plain C ABI: the functions that
//! `web/pkg/sightlines.mjs` calls.
//!
//! Why a C ABI and not wasm-bindgen: building it needs only
//! `rustup target add wasm32-unknown-unknown`, no `wasm-bindgen-cli` whose
//! version must match the crate's, and the JavaScript side stays one small
//! hand-written file.
//!
//! The model: JavaScript asks for a *context* (a handle, a small positive
//! integer), which owns a map, a [`Fov`], the last field of view, a fog of
//! war [`Memory`] and the buffers both sides share. JavaScript writes a map
//! into the context's input buffer (one byte a tile, non-zero opaque), then
//! asks for fields of view; each answer is a count, and the visible tiles
//! are read as tile indices (`y * width + x`), each once, sorted by row then
//! column, from the context's tile buffer.
//!
//! Nothing here traps on input: every function checks its arguments and
//! returns a negative [error code](code) for bad ones, with a one-line
//! message that [`sightlines_error_ptr`] and [`sightlines_error_len`] give
//! to JavaScript, which throws it as an `Error`. A buffer's address is
//! valid until the next call into the module (memory may grow).
//!
//! The same functions build for the host as an ordinary Rust library, so
//! the workspace's tests and lints cover them.
//!
//! ```
//! use sightlines_wasm::{Context, Settings};
//! let mut cx = Context::new();
//! cx.load_map(&[0, 0, 0, 0, 1, 0, 0, 0, 0], 3, 3)?;
//! let n = cx.compute((0, 0), Settings::default())?;
//! assert_eq!(n, 8); // the pillar hides the far corner
//! assert!(!cx.tiles().contains(&8));
//! # Ok::<(), sightlines_wasm::Failure>(())
//! ```

use sightlines::{
    generate, Algorithm, Cone, DiagonalGaps, Fov, Grid, Knowledge, Memory, Range, Shape,
};
use sightlines::{Opacity, Rect, VisibleSet};
use std::cell::RefCell;
use std::fmt::Write as _;

/// The error codes the exported functions return (always negative).
pub mod code {
    /// The handle names no live context.
    pub const BAD_HANDLE: i32 = -1;
    /// A map's size is zero or too large, or its bytes are not width x height.
    pub const BAD_MAP: i32 = -2;
    /// The origin (or a tile to change) is off the map.
    pub const OFF_MAP: i32 = -3;
    /// The algorithm id is not one of the catalogue's.
    pub const UNKNOWN_ALGORITHM: i32 = -4;
    /// The shape is not 0 (square), 1 (diamond), 2 (circle) or 3 (circle-plus).
    pub const BAD_SHAPE: i32 = -5;
    /// The radius is negative (only -1, for none, is allowed).
    pub const BAD_RADIUS: i32 = -6;
    /// A cone's direction or width is not a finite number.
    pub const BAD_CONE: i32 = -7;
    /// The field of view failed otherwise (an area too large for a set).
    pub const FOV_FAILED: i32 = -8;
    /// The one-way pairs of this map would need too much memory.
    pub const TOO_LARGE: i32 = -9;
    /// The generator kind is not 0 (cave), 1 (rooms) or 2 (pillars).
    pub const BAD_GENERATOR: i32 = -10;
    /// A buffer could not be allocated.
    pub const NO_MEMORY: i32 = -11;
}

/// The most tiles a map may have: 16 Mi (its bytes, bits and masks then fit
/// comfortably in a 32-bit wasm memory).
pub const MAX_TILES: u64 = 1 << 24;

/// The bits the one-way view may keep: one per (floor origin, tile), 32 MiB.
pub const ONE_WAY_BUDGET_BITS: u64 = 1 << 28;

/// A failed call: its [error code](code) and the message JavaScript throws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// One of [`code`]'s constants.
    pub code: i32,
    /// One line: what is wrong and what to do.
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

fn fail<T>(code: i32, message: impl Into<String>) -> Result<T, Failure> {
    Err(Failure {
        code,
        message: message.into(),
    })
}

/// How one field of view is asked for: the numbers JavaScript passes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The radius, or -1 for none (the whole map).
    pub radius: i32,
    /// The index of the shape in [`Shape::ALL`]: square, diamond, circle,
    /// circle-plus.
    pub shape: i32,
    /// Whether opaque tiles that sight reaches are visible.
    pub lit_walls: bool,
    /// Whether sight passes between two walls that touch at a corner.
    pub gaps: DiagonalGaps,
    /// The cone's direction in degrees (0 east, 90 south, as y grows down).
    pub cone_direction: f64,
    /// The cone's width in degrees; 360 or more is no cone.
    pub cone_width: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            radius: -1,
            shape: 2,
            lit_walls: true,
            gaps: DiagonalGaps::Pass,
            cone_direction: 0.0,
            cone_width: 360.0,
        }
    }
}

/// Bit 0 of the flags JavaScript passes: walls lit.
pub const LIT_WALLS: i32 = 1;
/// Bit 1 of the flags: the diagonal rule ([`DiagonalGaps::Block`]).
pub const BLOCK_DIAGONAL_GAPS: i32 = 2;

impl Settings {
    /// The settings of a range and the flags ([`LIT_WALLS`],
    /// [`BLOCK_DIAGONAL_GAPS`]), no cone.
    pub fn new(radius: i32, shape: i32, flags: i32) -> Settings {
        Settings {
            radius,
            shape,
            lit_walls: flags & LIT_WALLS != 0,
            gaps: if flags & BLOCK_DIAGONAL_GAPS != 0 {
                DiagonalGaps::Block
            } else {
                DiagonalGaps::Pass
            },
            ..Settings::default()
        }
    }

    /// The library's range for these numbers.
    ///
    /// # Errors
    ///
    /// [`code::BAD_RADIUS`] or [`code::BAD_SHAPE`].
    pub fn range(&self) -> Result<Range, Failure> {
        let shape = match usize::try_from(self.shape)
            .ok()
            .and_then(|i| Shape::ALL.get(i))
        {
            Some(&shape) => shape,
            None => {
                return fail(
                    code::BAD_SHAPE,
                    format!(
                    "unknown shape {}; use 0 (square), 1 (diamond), 2 (circle) or 3 (circle-plus)",
                    self.shape
                ),
                )
            }
        };
        match self.radius {
            -1 => Ok(Range::with_radius(None, shape)),
            r if r >= 0 => Ok(Range::new(r.unsigned_abs(), shape)),
            r => fail(
                code::BAD_RADIUS,
                format!("radius {r} is negative; give 0 or more, or none for the whole map"),
            ),
        }
    }

    /// The cone, or `None` for a full view.
    ///
    /// # Errors
    ///
    /// [`code::BAD_CONE`] when an angle is not finite.
    pub fn cone(&self) -> Result<Option<Cone>, Failure> {
        let (d, w) = (self.cone_direction, self.cone_width);
        if !d.is_finite() || !w.is_finite() {
            // No numbers in the message: formatting floats would add 13 KB
            // to the module (the JavaScript side names them).
            return fail(
                code::BAD_CONE,
                "the cone's direction and width must be finite numbers of degrees",
            );
        }
        if w >= 360.0 {
            return Ok(None);
        }
        // Finite arguments always give a cone.
        Ok(Cone::from_degrees(d, w))
    }
}

/// One context: a map, the field of view machinery and the buffers shared
/// with JavaScript.
pub struct Context {
    fov: Fov,
    grid: Grid,
    /// What JavaScript writes: a map's bytes or an algorithm id.
    input: Vec<u8>,
    /// The last field of view as a set, made from `tiles` when `remember`
    /// or `knowledge` needs it (`set_fresh`), in the range's box.
    set: VisibleSet,
    set_fresh: bool,
    field_area: Rect,
    /// Fields the answer does not keep (`can_see`, one-way pairs).
    scratch: VisibleSet,
    /// The last field of view: tile indices `y * width + x`, sorted.
    tiles: Vec<u32>,
    /// Fog of war, made for the map's size when first needed.
    memory: Option<Memory>,
    /// Byte answers: masks, the catalogue's JSON.
    bytes: Vec<u8>,
    /// The one-way view's pairs per tile.
    counts: Vec<u32>,
}

impl Default for Context {
    fn default() -> Context {
        Context::new()
    }
}

impl Context {
    /// A context with a 1x1 floor map and `precise-permissive`.
    pub fn new() -> Context {
        Context {
            fov: Fov::new(Algorithm::PrecisePermissive),
            grid: Grid::new(1, 1),
            input: Vec::new(),
            set: VisibleSet::new(),
            set_fresh: true,
            field_area: Rect::new(0, 0, 0, 0),
            scratch: VisibleSet::new(),
            tiles: Vec::new(),
            memory: None,
            bytes: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// The map's width.
    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    /// The map's height.
    pub fn height(&self) -> u32 {
        self.grid.height()
    }

    /// The tiles of the last field of view, as indices `y * width + x`:
    /// each once, sorted by row then column.
    pub fn tiles(&self) -> &[u32] {
        &self.tiles
    }

    /// The last byte answer.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The one-way view's pairs per tile.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The input buffer, resized to `len` bytes (zeroed).
    ///
    /// # Errors
    ///
    /// [`code::NO_MEMORY`] when it cannot grow.
    pub fn input(&mut self, len: usize) -> Result<&mut [u8], Failure> {
        self.input.clear();
        if self.input.try_reserve(len).is_err() {
            return fail(
                code::NO_MEMORY,
                format!("cannot allocate {len} bytes; use a smaller map"),
            );
        }
        self.input.resize(len, 0);
        Ok(&mut self.input)
    }

    /// Loads a map from one byte a tile, row by row, non-zero opaque.
    ///
    /// # Errors
    ///
    /// [`code::BAD_MAP`] for an empty or too large size, or bytes of
    /// another length.
    pub fn load_map(&mut self, bytes: &[u8], width: u32, height: u32) -> Result<(), Failure> {
        let area = check_size(width, height)?;
        if bytes.len() as u64 != area {
            return fail(
                code::BAD_MAP,
                format!(
                    "the map has {} tiles, but {width} x {height} needs {area}; give one entry per tile, row by row",
                    bytes.len()
                ),
            );
        }
        let mut grid = new_grid(width, height)?;
        for (i, &b) in bytes.iter().enumerate() {
            if b != 0 {
                let (x, y) = (i as u64 % u64::from(width), i as u64 / u64::from(width));
                grid.set(x as i32, y as i32, true);
            }
        }
        self.replace_grid(grid)
    }

    /// Loads the map in the input buffer (see [`Context::input`]).
    ///
    /// # Errors
    ///
    /// As [`Context::load_map`].
    pub fn load_input_map(&mut self, width: u32, height: u32) -> Result<(), Failure> {
        let bytes = std::mem::take(&mut self.input);
        let result = self.load_map(&bytes, width, height);
        self.input = bytes;
        result
    }

    /// Keeps the memory when the size is unchanged (an edited map), and
    /// starts a new one otherwise.
    fn replace_grid(&mut self, grid: Grid) -> Result<(), Failure> {
        if grid.rect() != self.grid.rect() {
            self.memory = None;
        }
        self.grid = grid;
        self.tiles.clear();
        self.set.clear();
        self.set_fresh = true;
        Ok(())
    }

    /// Makes one tile opaque or transparent.
    ///
    /// # Errors
    ///
    /// [`code::OFF_MAP`] for a tile off the map.
    pub fn set_tile(&mut self, x: i32, y: i32, opaque: bool) -> Result<(), Failure> {
        self.check_on_map(x, y, "tile")?;
        self.grid.set(x, y, opaque);
        Ok(())
    }

    fn check_on_map(&self, x: i32, y: i32, what: &str) -> Result<(), Failure> {
        if self.grid.rect().contains(x, y) {
            return Ok(());
        }
        let (w, h) = (self.width(), self.height());
        fail(
            code::OFF_MAP,
            format!(
                "{what} ({x}, {y}) is off the {w} x {h} map; use 0 <= x < {w} and 0 <= y < {h}"
            ),
        )
    }

    /// Replaces the map with a generated one (the CLI's `generate`):
    /// `kind` 0 cave, 1 rooms, 2 pillars (which has no seed).
    ///
    /// # Errors
    ///
    /// [`code::BAD_GENERATOR`], or [`code::BAD_MAP`] for a bad size.
    pub fn generate(
        &mut self,
        kind: i32,
        width: u32,
        height: u32,
        seed: u64,
    ) -> Result<(), Failure> {
        check_size(width, height)?;
        let grid = match kind {
            0 => generate::cave(width, height, seed),
            1 => generate::rooms(width, height, seed),
            2 => generate::pillars(width, height),
            _ => {
                return fail(
                    code::BAD_GENERATOR,
                    format!("unknown map kind {kind}; use 0 (cave), 1 (rooms) or 2 (pillars)"),
                )
            }
        };
        self.replace_grid(grid)
    }

    /// Fills the byte answer with the map, one byte a tile, 1 opaque.
    pub fn map_bytes(&mut self) -> &[u8] {
        let (w, h) = (self.width() as i32, self.height() as i32);
        self.bytes.clear();
        let grid = &self.grid;
        self.bytes
            .extend((0..h).flat_map(|y| (0..w).map(move |x| u8::from(grid.is_opaque(x, y)))));
        &self.bytes
    }

    /// Chooses the algorithm by its id.
    ///
    /// # Errors
    ///
    /// [`code::UNKNOWN_ALGORITHM`], with the known ids.
    pub fn set_algorithm(&mut self, id: &[u8]) -> Result<(), Failure> {
        let id = String::from_utf8_lossy(id);
        match id.parse::<Algorithm>() {
            Ok(a) => {
                self.fov.set_algorithm(a);
                Ok(())
            }
            Err(e) => fail(code::UNKNOWN_ALGORITHM, format!("{e}")),
        }
    }

    /// The algorithm in use.
    pub fn algorithm(&self) -> Algorithm {
        self.fov.algorithm()
    }

    /// Computes the field of view from `origin`; the visible tiles are then
    /// in [`Context::tiles`], and the count is returned.
    ///
    /// # Errors
    ///
    /// [`code::OFF_MAP`] for an origin off the map, the settings' errors,
    /// [`code::FOV_FAILED`].
    pub fn compute(&mut self, origin: (i32, i32), settings: Settings) -> Result<usize, Failure> {
        let range = settings.range()?;
        let cone = settings.cone()?;
        self.check_on_map(origin.0, origin.1, "origin")?;
        self.set_fresh = false;
        self.tiles.clear();
        field(
            &mut self.fov,
            &self.grid,
            origin,
            range,
            settings.gaps,
            &mut self.set,
        )?;
        self.field_area = self.set.area();
        let (w, grid, lit) = (self.grid.width(), &self.grid, settings.lit_walls);
        let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
        self.tiles.extend(
            self.set
                .iter()
                .filter(|&(x, y)| lit || (x, y) == origin || !grid.is_opaque(x, y))
                .filter(|&(x, y)| {
                    cone.is_none_or(|c| c.contains(i64::from(x) - ox, i64::from(y) - oy))
                })
                .map(|(x, y)| y as u32 * w + x as u32),
        );
        Ok(self.tiles.len())
    }

    /// Whether `to` is in the field of view from `from`: the library's
    /// `can_see`, answered from the field of view from `from` (the same
    /// answer; `can_see` itself would add a copy of every algorithm to the
    /// module). `to` off the map is never seen.
    ///
    /// # Errors
    ///
    /// As [`Context::compute`] (for `from`).
    pub fn can_see(
        &mut self,
        from: (i32, i32),
        to: (i32, i32),
        settings: Settings,
    ) -> Result<bool, Failure> {
        let range = settings.range()?;
        self.check_on_map(from.0, from.1, "origin")?;
        if !self.grid.rect().contains(to.0, to.1) {
            return Ok(false);
        }
        let mut set = std::mem::take(&mut self.scratch);
        let result = field(
            &mut self.fov,
            &self.grid,
            from,
            range,
            settings.gaps,
            &mut set,
        );
        let seen = sees(&set, &self.grid, from, settings.lit_walls, to);
        self.scratch = set;
        result.map(|()| seen)
    }

    /// Adds the last field of view to the fog-of-war memory; returns how
    /// many tiles were new.
    ///
    /// # Errors
    ///
    /// [`code::NO_MEMORY`] when the memory cannot be made.
    pub fn remember(&mut self) -> Result<u64, Failure> {
        self.memory()?;
        self.fresh_set();
        Ok(self.memory.as_mut().map_or(0, |m| m.remember(&self.set)))
    }

    /// Makes `set` hold the last field of view.
    fn fresh_set(&mut self) {
        if self.set_fresh {
            return;
        }
        self.set.reset(self.field_area);
        let w = self.grid.width();
        for &t in &self.tiles {
            self.set.insert((t % w) as i32, (t / w) as i32);
        }
        self.set_fresh = true;
    }

    fn memory(&mut self) -> Result<&mut Memory, Failure> {
        if self.memory.is_none() {
            let memory =
                Memory::new(self.grid.rect()).or_else(|e| fail(code::NO_MEMORY, format!("{e}")))?;
            self.memory = Some(memory);
        }
        self.memory
            .as_mut()
            .map_or_else(|| fail(code::NO_MEMORY, "no memory"), Ok)
    }

    /// Forgets every remembered tile.
    pub fn forget(&mut self) {
        if let Some(memory) = &mut self.memory {
            memory.clear();
        }
    }

    /// Fills the byte answer with each tile's knowledge: 0 never seen, 1
    /// remembered, 2 in the last field of view.
    ///
    /// # Errors
    ///
    /// [`code::NO_MEMORY`] when the memory cannot be made.
    pub fn knowledge(&mut self) -> Result<&[u8], Failure> {
        let (w, h) = (self.width() as i32, self.height() as i32);
        self.memory()?;
        self.fresh_set();
        let mut bytes = std::mem::take(&mut self.bytes);
        bytes.clear();
        if let Some(memory) = &self.memory {
            let set = &self.set;
            bytes.extend((0..h).flat_map(|y| {
                (0..w).map(move |x| match memory.knowledge(set, x, y) {
                    Knowledge::Unknown => 0,
                    Knowledge::Remembered => 1,
                    Knowledge::Visible => 2,
                })
            }));
        }
        self.bytes = bytes;
        Ok(&self.bytes)
    }

    /// The one-way pairs among the floor tiles (what `sightlines check`
    /// counts): A sees B, B does not see A. Returns their number and fills
    /// [`Context::counts`] with the pairs each tile is in.
    ///
    /// # Errors
    ///
    /// [`code::TOO_LARGE`] past [`ONE_WAY_BUDGET_BITS`], the settings' errors.
    pub fn one_way(&mut self, settings: Settings) -> Result<u64, Failure> {
        let range = settings.range()?;
        let (w, h) = (self.width() as usize, self.height() as usize);
        let floors: Vec<(i32, i32)> = (0..h as i32)
            .flat_map(|y| (0..w as i32).map(move |x| (x, y)))
            .filter(|&(x, y)| !self.grid.is_opaque(x, y))
            .collect();
        let words = (w * h).div_ceil(64);
        let bits = floors.len() as u64 * words as u64 * 64;
        if bits > ONE_WAY_BUDGET_BITS {
            return fail(
                code::TOO_LARGE,
                format!(
                    "the one-way view of {} floor tiles on a {w} x {h} map needs {} MiB; use a map of at most 128 x 128 tiles",
                    floors.len(),
                    bits / 8 / (1 << 20)
                ),
            );
        }
        let mut seen = vec![0u64; floors.len() * words];
        let mut set = std::mem::take(&mut self.scratch);
        for (i, &origin) in floors.iter().enumerate() {
            let row = &mut seen[i * words..(i + 1) * words];
            if let Err(e) = field(
                &mut self.fov,
                &self.grid,
                origin,
                range,
                settings.gaps,
                &mut set,
            ) {
                self.scratch = set;
                return Err(e);
            }
            // Walls are in no pair, so lit walls or not is the same here.
            for (x, y) in set.iter() {
                let t = y as usize * w + x as usize;
                row[t / 64] |= 1 << (t % 64);
            }
        }
        self.scratch = set;
        let mut floor_index = vec![u32::MAX; w * h];
        for (i, &(x, y)) in floors.iter().enumerate() {
            floor_index[y as usize * w + x as usize] = i as u32;
        }
        self.counts.clear();
        self.counts.resize(w * h, 0);
        let mut pairs = 0u64;
        for (i, &(ax, ay)) in floors.iter().enumerate() {
            let a = ay as usize * w + ax as usize;
            for (k, &word) in seen[i * words..(i + 1) * words].iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let b = k * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let j = floor_index[b];
                    if j == u32::MAX {
                        continue;
                    }
                    let back = seen[j as usize * words + a / 64] >> (a % 64) & 1;
                    if back == 0 {
                        pairs += 1;
                        self.counts[a] += 1;
                        self.counts[b] += 1;
                    }
                }
            }
        }
        Ok(pairs)
    }

    /// For the viewer at `origin`, marks each floor tile in the byte answer:
    /// 1 when the viewer sees it and it does not see the viewer, 2 when it
    /// sees the viewer and the viewer does not see it, 0 otherwise.
    ///
    /// # Errors
    ///
    /// As [`Context::compute`].
    pub fn one_way_from(&mut self, origin: (i32, i32), settings: Settings) -> Result<(), Failure> {
        let range = settings.range()?;
        self.check_on_map(origin.0, origin.1, "origin")?;
        let (w, h, lit) = (
            self.width() as i32,
            self.height() as i32,
            settings.lit_walls,
        );
        let mut from = VisibleSet::new();
        field(
            &mut self.fov,
            &self.grid,
            origin,
            range,
            settings.gaps,
            &mut from,
        )?;
        let mut back = std::mem::take(&mut self.scratch);
        self.bytes.clear();
        self.bytes.resize((w * h) as usize, 0);
        for y in 0..h {
            for x in 0..w {
                if self.grid.is_opaque(x, y) || (x, y) == origin {
                    continue;
                }
                if let Err(e) = field(
                    &mut self.fov,
                    &self.grid,
                    (x, y),
                    range,
                    settings.gaps,
                    &mut back,
                ) {
                    self.scratch = back;
                    return Err(e);
                }
                let there = sees(&from, &self.grid, origin, lit, (x, y));
                let mark = match (there, sees(&back, &self.grid, (x, y), lit, origin)) {
                    (true, false) => 1,
                    (false, true) => 2,
                    _ => 0,
                };
                self.bytes[(y * w + x) as usize] = mark;
            }
        }
        self.scratch = back;
        Ok(())
    }

    /// Fills the byte answer with the catalogue as JSON: an array of
    /// objects, one per algorithm in catalogue order.
    pub fn catalogue(&mut self) -> &[u8] {
        let yes = |b: bool| if b { "yes" } else { "no" };
        let mut s = String::from("[");
        for (i, a) in Algorithm::ALL.iter().enumerate() {
            let p = a.properties();
            let _ = write!(
                s,
                "{}{{\"id\":\"{}\",\"symmetric\":\"{}\",\"walls\":\"{}\",\"sight\":\"{}\",\"diagonalGaps\":\"{}\",\"diagonalRule\":\"{}\",\"expansiveWalls\":\"{}\",\"rotationInvariant\":\"{}\",\"speed\":\"{}\"}}",
                if i == 0 { "" } else { "," },
                a.id(),
                p.symmetry,
                p.walls,
                p.sight,
                yes(p.diagonal_gaps),
                yes(p.diagonal_rule),
                yes(p.expansive_walls),
                yes(p.invariant),
                p.speed
            );
        }
        s.push(']');
        self.bytes = s.into_bytes();
        &self.bytes
    }
}

/// The field of view with lit walls into `set`: the one entry point of the
/// library every answer here goes through (rows of tiles as spans into a
/// set, its fastest). Each other entry point (`compute` with a visitor,
/// `can_see`, packed-word reads) would put another copy of every algorithm
/// in the module; unlit walls and cones are filters of this field, as the
/// library defines them.
fn field(
    fov: &mut Fov,
    grid: &Grid,
    origin: (i32, i32),
    range: Range,
    gaps: DiagonalGaps,
    set: &mut VisibleSet,
) -> Result<(), Failure> {
    fov.set_lit_walls(true);
    fov.set_diagonal_gaps(gaps);
    fov.compute_into(&Scanned(grid), origin, range, set)
        .or_else(|e| fail(code::FOV_FAILED, format!("{e}")))
}

/// Whether `tile` is in the field `set` from `origin`, with walls lit or not.
fn sees(set: &VisibleSet, grid: &Grid, origin: (i32, i32), lit: bool, tile: (i32, i32)) -> bool {
    set.contains(tile.0, tile.1) && (lit || tile == origin || !grid.is_opaque(tile.0, tile.1))
}

fn check_size(width: u32, height: u32) -> Result<u64, Failure> {
    let area = u64::from(width) * u64::from(height);
    if area == 0 || area > MAX_TILES {
        return fail(
            code::BAD_MAP,
            format!(
                "a map of {width} x {height} tiles is not allowed; give a width and height of at least 1, with at most {MAX_TILES} tiles in all"
            ),
        );
    }
    Ok(area)
}

fn new_grid(width: u32, height: u32) -> Result<Grid, Failure> {
    Grid::try_new(width, height).or_else(|e| fail(code::NO_MEMORY, format!("{e}")))
}

// The exported C ABI. Contexts live in a table owned by this module, so
// JavaScript holds small integers, never pointers into Rust objects; the
// only addresses it gets are those of byte and u32 buffers, which it reads
// and writes between calls.

thread_local! {
    static CONTEXTS: RefCell<Vec<Option<Context>>> = const { RefCell::new(Vec::new()) };
    static ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_error(message: &str) {
    ERROR.with(|e| {
        let mut e = e.borrow_mut();
        e.clear();
        e.push_str(message);
    });
}

/// Runs `f` on the context `handle`, turning a failure into its code.
fn with<F>(handle: i32, f: F) -> i32
where
    F: FnOnce(&mut Context) -> Result<i32, Failure>,
{
    let result = CONTEXTS.with(|all| {
        let mut all = all.borrow_mut();
        let slot = usize::try_from(handle).ok().and_then(|h| h.checked_sub(1));
        match slot.and_then(|i| all.get_mut(i)).and_then(Option::as_mut) {
            Some(cx) => f(cx),
            None => fail(
                code::BAD_HANDLE,
                format!("context {handle} does not exist (freed, or never made); make a new one"),
            ),
        }
    });
    result.unwrap_or_else(|e| {
        set_error(&e.message);
        e.code
    })
}

fn clamp_count(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn address<T>(slice: &[T]) -> i32 {
    slice.as_ptr() as usize as i32
}

/// A new context; returns its handle (1 or more).
#[no_mangle]
pub extern "C" fn sightlines_new() -> i32 {
    CONTEXTS.with(|all| {
        let mut all = all.borrow_mut();
        let context = Some(Context::new());
        match all.iter().position(Option::is_none) {
            Some(i) => {
                all[i] = context;
                i as i32 + 1
            }
            None => {
                all.push(context);
                all.len() as i32
            }
        }
    })
}

/// Frees a context; its handle is then invalid. Returns 0.
#[no_mangle]
pub extern "C" fn sightlines_free(handle: i32) -> i32 {
    let found = with(handle, |_| Ok(0));
    if found == 0 {
        CONTEXTS.with(|all| all.borrow_mut()[handle as usize - 1] = None);
    }
    found
}

/// The address of the last error's message (UTF-8).
#[no_mangle]
pub extern "C" fn sightlines_error_ptr() -> i32 {
    ERROR.with(|e| address(e.borrow().as_bytes()))
}

/// The length in bytes of the last error's message.
#[no_mangle]
pub extern "C" fn sightlines_error_len() -> i32 {
    ERROR.with(|e| e.borrow().len() as i32)
}

/// Resizes the context's input buffer to `len` bytes; returns its address.
#[no_mangle]
pub extern "C" fn sightlines_input(handle: i32, len: u32) -> i32 {
    with(handle, |cx| cx.input(len as usize).map(|b| address(b)))
}

/// Loads a `width` x `height` map from the input buffer.
#[no_mangle]
pub extern "C" fn sightlines_load_map(handle: i32, width: u32, height: u32) -> i32 {
    with(handle, |cx| cx.load_input_map(width, height).map(|()| 0))
}

/// The map's width.
#[no_mangle]
pub extern "C" fn sightlines_width(handle: i32) -> i32 {
    with(handle, |cx| Ok(cx.width() as i32))
}

/// The map's height.
#[no_mangle]
pub extern "C" fn sightlines_height(handle: i32) -> i32 {
    with(handle, |cx| Ok(cx.height() as i32))
}

/// Makes a tile opaque (`opaque` non-zero) or transparent.
#[no_mangle]
pub extern "C" fn sightlines_set_tile(handle: i32, x: i32, y: i32, opaque: i32) -> i32 {
    with(handle, |cx| cx.set_tile(x, y, opaque != 0).map(|()| 0))
}

/// Replaces the map with a generated one (0 cave, 1 rooms, 2 pillars),
/// the seed given as two 32-bit halves.
#[no_mangle]
pub extern "C" fn sightlines_generate(
    handle: i32,
    kind: i32,
    width: u32,
    height: u32,
    seed_low: u32,
    seed_high: u32,
) -> i32 {
    let seed = u64::from(seed_high) << 32 | u64::from(seed_low);
    with(handle, |cx| {
        cx.generate(kind, width, height, seed).map(|()| 0)
    })
}

/// Fills the byte buffer with the map (1 opaque); returns its address.
#[no_mangle]
pub extern "C" fn sightlines_map_bytes(handle: i32) -> i32 {
    with(handle, |cx| Ok(address(cx.map_bytes())))
}

/// Chooses the algorithm whose id is the first `len` bytes of the input.
#[no_mangle]
pub extern "C" fn sightlines_set_algorithm(handle: i32, len: u32) -> i32 {
    with(handle, |cx| {
        let id = std::mem::take(&mut cx.input);
        let end = (len as usize).min(id.len());
        let result = cx.set_algorithm(&id[..end]);
        cx.input = id;
        result.map(|()| 0)
    })
}

/// Computes a field of view; returns the number of visible tiles, whose
/// indices are then at [`sightlines_tiles`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn sightlines_compute(
    handle: i32,
    x: i32,
    y: i32,
    radius: i32,
    shape: i32,
    flags: i32,
    cone_direction: f64,
    cone_width: f64,
) -> i32 {
    let settings = Settings {
        cone_direction,
        cone_width,
        ..Settings::new(radius, shape, flags)
    };
    with(handle, |cx| cx.compute((x, y), settings).map(|n| n as i32))
}

/// The address of the last field of view's tile indices (u32).
#[no_mangle]
pub extern "C" fn sightlines_tiles(handle: i32) -> i32 {
    with(handle, |cx| Ok(address(cx.tiles())))
}

/// 1 when `(tx, ty)` is in the field of view from `(x, y)`, else 0.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn sightlines_can_see(
    handle: i32,
    x: i32,
    y: i32,
    tx: i32,
    ty: i32,
    radius: i32,
    shape: i32,
    flags: i32,
) -> i32 {
    let settings = Settings::new(radius, shape, flags);
    with(handle, |cx| {
        cx.can_see((x, y), (tx, ty), settings).map(i32::from)
    })
}

/// Remembers the last field of view; returns how many tiles were new.
#[no_mangle]
pub extern "C" fn sightlines_remember(handle: i32) -> i32 {
    with(handle, |cx| cx.remember().map(clamp_count))
}

/// Forgets every remembered tile. Returns 0.
#[no_mangle]
pub extern "C" fn sightlines_forget(handle: i32) -> i32 {
    with(handle, |cx| {
        cx.forget();
        Ok(0)
    })
}

/// Fills the byte buffer with each tile's knowledge (0 unknown, 1
/// remembered, 2 visible); returns its address.
#[no_mangle]
pub extern "C" fn sightlines_knowledge(handle: i32) -> i32 {
    with(handle, |cx| cx.knowledge().map(address))
}

/// Counts the one-way pairs; the pairs per tile are then at
/// [`sightlines_counts`].
#[no_mangle]
pub extern "C" fn sightlines_one_way(handle: i32, radius: i32, shape: i32, flags: i32) -> i32 {
    let settings = Settings::new(radius, shape, flags);
    with(handle, |cx| cx.one_way(settings).map(clamp_count))
}

/// The address of the one-way view's pairs per tile (u32).
#[no_mangle]
pub extern "C" fn sightlines_counts(handle: i32) -> i32 {
    with(handle, |cx| Ok(address(cx.counts())))
}

/// Fills the byte buffer with the one-way marks from `(x, y)`; returns
/// its address.
#[no_mangle]
pub extern "C" fn sightlines_one_way_from(
    handle: i32,
    x: i32,
    y: i32,
    radius: i32,
    shape: i32,
    flags: i32,
) -> i32 {
    let settings = Settings::new(radius, shape, flags);
    with(handle, |cx| {
        cx.one_way_from((x, y), settings)
            .map(|()| address(cx.bytes()))
    })
}

/// Fills the byte buffer with the catalogue's JSON; returns its length
/// (the address is then [`sightlines_bytes`]).
#[no_mangle]
pub extern "C" fn sightlines_catalogue(handle: i32) -> i32 {
    with(handle, |cx| Ok(cx.catalogue().len() as i32))
}

/// The address of the byte buffer.
#[no_mangle]
pub extern "C" fn sightlines_bytes(handle: i32) -> i32 {
    with(handle, |cx| Ok(address(cx.bytes())))
}

/// The map as every field of view here reads it: the grid's packed rows.
struct Scanned<'a>(&'a Grid);

impl Opacity for Scanned<'_> {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        self.0.is_opaque(x, y)
    }

    fn bounds(&self) -> Option<Rect> {
        self.0.bounds()
    }
}
