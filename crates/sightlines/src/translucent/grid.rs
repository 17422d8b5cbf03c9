//! [`LevelGrid`]: a bounded map that stores a level per tile.

use super::{LevelRows, Translucency, OPAQUE};
use crate::grid::{parse_tiles, GridTooLarge, ParseError};
use crate::map::{Opacity, Rect};

/// A bounded map of levels, a byte a tile, row by row: what smoke, fog and
/// foliage are drawn on. It is also an [`Opacity`] map whose walls are the
/// tiles at [`OPAQUE`], so every algorithm runs on it.
///
/// ```
/// use sightlines::{LevelGrid, Opacity, Translucency};
///
/// let mut map = LevelGrid::new(4, 3)?;
/// map.set(1, 1, 96); // smoke
/// map.set(2, 1, 255); // a wall
/// assert_eq!(map.level(1, 1), 96);
/// assert!(map.is_opaque(2, 1) && !map.is_opaque(1, 1));
/// assert_eq!(map.level(-1, 0), 255); // off the map
/// # Ok::<(), sightlines::GridTooLarge>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LevelGrid {
    width: u32,
    height: u32,
    levels: Vec<u8>,
}

/// A parsed text map of levels: the grid and the viewer marked with `@`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLevels {
    /// The level of every tile.
    pub levels: LevelGrid,
    /// Where the `@` was, if the map has one.
    pub viewer: Option<(i32, i32)>,
}

impl LevelGrid {
    /// A clear grid of `width` x `height` tiles (every level 0); an error
    /// for a side over `i32::MAX` tiles or memory that cannot be allocated.
    pub fn new(width: u32, height: u32) -> Result<LevelGrid, GridTooLarge> {
        let err = GridTooLarge { width, height };
        if width > i32::MAX as u32 || height > i32::MAX as u32 {
            return Err(err);
        }
        let len = (width as usize).checked_mul(height as usize).ok_or(err)?;
        let mut levels = Vec::new();
        levels.try_reserve_exact(len).map_err(|_| err)?;
        levels.resize(len, 0);
        Ok(LevelGrid {
            width,
            height,
            levels,
        })
    }

    /// Parses a text map, one row of tiles per line, each character's level
    /// given by `level` (`@` marks the viewer, at most one, and is clear).
    /// Errors as [`Grid::parse`](crate::Grid::parse), with line and column.
    ///
    /// ```
    /// use sightlines::{LevelGrid, Translucency};
    /// let p = LevelGrid::parse_with("#~.\n\"@#\n", |c| match c {
    ///     '#' => 255,
    ///     '~' => 96,
    ///     '"' => 48,
    ///     _ => 0,
    /// })?;
    /// assert_eq!(p.viewer, Some((1, 1)));
    /// assert_eq!((p.levels.level(1, 0), p.levels.level(0, 1)), (96, 48));
    /// # Ok::<(), sightlines::ParseError>(())
    /// ```
    pub fn parse_with(text: &str, level: impl Fn(char) -> u8) -> Result<ParsedLevels, ParseError> {
        let (levels, viewer) = parse_tiles(
            text,
            |width, height| LevelGrid::new(width, height).map_err(|e| e.to_string()),
            |grid: &mut LevelGrid, x, y, c| grid.set(x, y, level(c)),
        )?;
        Ok(ParsedLevels { levels, viewer })
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The grid's tiles: `(0, 0)` to `(width - 1, height - 1)`.
    pub fn rect(&self) -> Rect {
        Rect::new(0, 0, self.width, self.height)
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.height {
            return None;
        }
        Some(y as usize * self.width as usize + x as usize)
    }

    /// Sets the level of tile `(x, y)`; positions off the grid are ignored.
    pub fn set(&mut self, x: i32, y: i32, level: u8) {
        if let Some(i) = self.index(x, y) {
            self.levels[i] = level;
        }
    }
}

impl Translucency for LevelGrid {
    #[inline]
    fn level(&self, x: i32, y: i32) -> u8 {
        self.index(x, y).map_or(OPAQUE, |i| self.levels[i])
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.rect())
    }

    fn level_rows(&self) -> Option<LevelRows<'_>> {
        LevelRows::new(&self.levels, self.rect())
    }
}

impl Opacity for LevelGrid {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        self.level(x, y) == OPAQUE
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.rect())
    }
}
