//! A compact opacity grid and the text map format.
//!
//! [`Grid`] keeps one bit a tile twice, row by row (each row padded to whole
//! 64-bit words) and column by column, so every scan reads 64 tiles a word
//! ([`Opacity::bit_rows`], [`Opacity::bit_columns`]). It costs twice the
//! memory (a 256x256 map takes 16 KiB, a 4096x4096 one 4 MiB) and two words
//! written by [`Grid::set`].

use crate::map::{BitColumns, BitRows, Opacity, Rect};
use std::fmt;

/// A map of the tiles that block sight, one bit a tile; tiles outside the
/// grid block sight and are never reported.
///
/// ```
/// use sightlines::{Grid, Opacity};
///
/// let parsed = Grid::parse("#####\n#@..#\n#####\n")?;
/// let grid = parsed.grid;
/// assert_eq!((grid.width(), grid.height()), (5, 3));
/// assert_eq!(parsed.viewer, Some((1, 1)));
/// assert!(grid.is_opaque(0, 0));
/// assert!(!grid.is_opaque(2, 1));
/// assert!(grid.is_opaque(-1, 1)); // off the map
/// # Ok::<(), sightlines::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: u32,
    height: u32,
    words_per_row: usize,
    words: Vec<u64>,
    /// The same bits column by column, laid out as [`BitColumns`] reads them.
    words_per_column: usize,
    columns: Vec<u64>,
}

/// A parsed text map: the grid and the viewer marked with `@`, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMap {
    /// The opacity of every tile.
    pub grid: Grid,
    /// Where the `@` was, if the map has one.
    pub viewer: Option<(i32, i32)>,
}

/// Why a text map could not be read, with the line and column (both from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the problem, from 1.
    pub line: usize,
    /// The column of the problem, from 1, counted in characters.
    pub column: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column, message) = (self.line, self.column, &self.message);
        write!(f, "line {line}, column {column}: {message}")
    }
}

impl std::error::Error for ParseError {}

/// A grid too large to make: a side beyond `i32::MAX` tiles, or more
/// memory than the machine can give ([`Grid::try_new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridTooLarge {
    /// The width asked for.
    pub width: u32,
    /// The height asked for.
    pub height: u32,
}

impl fmt::Display for GridTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.width, self.height);
        if w > i32::MAX as u32 || h > i32::MAX as u32 {
            write!(
                f,
                "a {w} x {h} grid is too large: a side may have at most {} tiles; use a smaller map",
                i32::MAX
            )
        } else {
            // The rows and the columns (see the module docs).
            let bytes = (u128::from(w).div_ceil(64) * u128::from(h)
                + u128::from(h).div_ceil(64) * u128::from(w))
                * 8;
            write!(
                f,
                "a {w} x {h} grid is too large: its {bytes} bytes cannot be allocated; use a smaller map"
            )
        }
    }
}

impl std::error::Error for GridTooLarge {}

/// A small dungeon to try algorithms on: rooms, a pillar hall, a diagonal gap
/// and a long bent corridor. `@` marks the viewer.
pub const SAMPLE_MAP: &str = "\
##########################################
#........#..........######...............#
#........#..........######.#############.#
#...@...............######.#.............#
#........#...........####..#..#..#..#....#
#........#..........#......#.............#
######.###..........#.######..#..#..#....#
#......#.#####.######.#.....#............#
#.####.#.......#......#.###.##############
#.####.#.......#.######.###.#............#
#.####.#.......#........###.#..#.#########
#..........#...#############..#..........#
####.#######.................#.#.#.#.#...#
##########################################
";

impl Grid {
    /// An all-transparent grid of `width` x `height` tiles, each side cut to
    /// `i32::MAX` so that every tile has an `i32` position.
    ///
    /// # Panics
    ///
    /// When its bits cannot be allocated (both sides near `i32::MAX` need
    /// 2^60 bytes); [`Grid::try_new`] returns an error instead.
    pub fn new(width: u32, height: u32) -> Grid {
        let (width, height) = (width.min(i32::MAX as u32), height.min(i32::MAX as u32));
        Grid::try_new(width, height).unwrap_or_else(|e| panic!("{e}"))
    }

    /// As [`Grid::new`], but a [`GridTooLarge`] error for a side over
    /// `i32::MAX` tiles (instead of cutting it) or memory it cannot allocate.
    ///
    /// ```
    /// use sightlines::Grid;
    ///
    /// assert_eq!(Grid::try_new(80, 40)?.width(), 80);
    /// let err = Grid::try_new(u32::MAX, u32::MAX).unwrap_err();
    /// assert!(err.to_string().starts_with("a 4294967295 x 4294967295 grid is too large"));
    /// # Ok::<(), sightlines::GridTooLarge>(())
    /// ```
    pub fn try_new(width: u32, height: u32) -> Result<Grid, GridTooLarge> {
        let err = GridTooLarge { width, height };
        if width > i32::MAX as u32 || height > i32::MAX as u32 {
            return Err(err);
        }
        let zeros = |len: usize| -> Result<Vec<u64>, GridTooLarge> {
            let mut words = Vec::new();
            words.try_reserve_exact(len).map_err(|_| err)?;
            words.resize(len, 0);
            Ok(words)
        };
        let words_per_row = (width as usize).div_ceil(64);
        let words_per_column = (height as usize).div_ceil(64);
        let words = zeros(words_per_row.checked_mul(height as usize).ok_or(err)?)?;
        let columns = zeros(words_per_column.checked_mul(width as usize).ok_or(err)?)?;
        Ok(Grid {
            width,
            height,
            words_per_row,
            words,
            words_per_column,
            columns,
        })
    }

    /// Parses the text map format: one row per line, `#` opaque, anything
    /// else transparent, `@` the viewer (at most one). A final `\r` on a line
    /// is dropped, blank lines at the end and a byte-order mark at the start
    /// are ignored.
    ///
    /// ```
    /// use sightlines::Grid;
    ///
    /// let err = Grid::parse("###\n#.\n###").unwrap_err();
    /// assert_eq!(err.to_string(),
    ///     "line 2, column 3: this row has 2 tiles but the first row has 3; every row must have the same width");
    /// ```
    pub fn parse(text: &str) -> Result<ParsedMap, ParseError> {
        Grid::parse_with(text, |c| c == '#')
    }

    /// Parses a text map whose opaque tiles are the characters for which
    /// `opaque` is true (`@` always marks the viewer and is transparent).
    ///
    /// ```
    /// use sightlines::{Grid, Opacity};
    /// // Walls drawn with '#', trees with 'T': both block sight.
    /// let p = Grid::parse_with("#T.\n.@T\n", |c| c == '#' || c == 'T')?;
    /// assert!(p.grid.is_opaque(1, 0) && p.grid.is_opaque(2, 1));
    /// assert!(!p.grid.is_opaque(2, 0));
    /// # Ok::<(), sightlines::ParseError>(())
    /// ```
    pub fn parse_with(text: &str, opaque: impl Fn(char) -> bool) -> Result<ParsedMap, ParseError> {
        let (grid, viewer) = parse_tiles(
            text,
            |width, height| Grid::try_new(width, height).map_err(|e| e.to_string()),
            |grid, x, y, c| {
                if opaque(c) {
                    grid.set(x, y, true);
                }
            },
        )?;
        Ok(ParsedMap { grid, viewer })
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
    fn index(&self, x: i32, y: i32) -> Option<(usize, u32)> {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.height {
            return None;
        }
        let (x, y) = (x as usize, y as usize);
        Some((y * self.words_per_row + x / 64, (x % 64) as u32))
    }

    /// Makes tile `(x, y)` opaque or transparent; positions off the grid are ignored.
    ///
    /// ```
    /// use sightlines::{Grid, Opacity};
    /// let mut grid = Grid::new(3, 3);
    /// grid.set(1, 1, true);
    /// assert!(grid.is_opaque(1, 1));
    /// grid.set(1, 1, false);
    /// assert!(!grid.is_opaque(1, 1));
    /// ```
    pub fn set(&mut self, x: i32, y: i32, opaque: bool) {
        if let Some((word, bit)) = self.index(x, y) {
            let (x, y) = (x as usize, y as usize);
            let (column_word, column_bit) = (x * self.words_per_column + y / 64, y % 64);
            if opaque {
                self.words[word] |= 1 << bit;
                self.columns[column_word] |= 1 << column_bit;
            } else {
                self.words[word] &= !(1 << bit);
                self.columns[column_word] &= !(1 << column_bit);
            }
        }
    }

    /// Writes the grid back in the text format (`#` and `.`), one line a row.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity((self.width as usize + 1) * self.height as usize);
        for y in 0..self.height as i32 {
            for x in 0..self.width as i32 {
                out.push(if self.is_opaque(x, y) { '#' } else { '.' });
            }
            out.push('\n');
        }
        out
    }
}

/// Reads a text map, one row of tiles per line, into the map `new` makes
/// for its width and height: `put` gets every tile's character but `@`,
/// which marks the viewer (at most one). A final `\r` on a line is dropped,
/// blank lines at the end and a byte-order mark at the start are ignored.
pub(crate) fn parse_tiles<T>(
    text: &str,
    new: impl FnOnce(u32, u32) -> Result<T, String>,
    mut put: impl FnMut(&mut T, i32, i32, char),
) -> Result<(T, Option<(i32, i32)>), ParseError> {
    // Editors on Windows may start UTF-8 files with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows: Vec<&str> = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    while rows.last().is_some_and(|row| row.is_empty()) {
        rows.pop();
    }
    let at_start = |message: &str| ParseError {
        line: 1,
        column: 1,
        message: message.into(),
    };
    if rows.is_empty() {
        return Err(at_start(
            "the map is empty; write one row of tiles per line, '#' for walls",
        ));
    }
    let width = rows[0].chars().count();
    if width == 0 {
        return Err(at_start(
            "the first row is empty; a map starts with a row of tiles",
        ));
    }
    if width > i32::MAX as usize || rows.len() > i32::MAX as usize {
        return Err(at_start(
            "the map is larger than 2^31 - 1 tiles in one direction",
        ));
    }
    let mut map = new(width as u32, rows.len() as u32).map_err(|e| at_start(&e))?;
    let mut viewer = None;
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().take(width).enumerate() {
            match (ch, viewer) {
                ('@', Some((vx, vy))) => {
                    return Err(ParseError {
                        line: y + 1,
                        column: x + 1,
                        message: format!(
                            "a second '@' (the first is at line {}, column {}); mark at most one viewer",
                            vy + 1,
                            vx + 1
                        ),
                    });
                }
                ('@', None) => viewer = Some((x as i32, y as i32)),
                (c, _) => put(&mut map, x as i32, y as i32, c),
            }
        }
        let len = row.chars().count();
        if len != width {
            return Err(ParseError {
                line: y + 1,
                column: len.min(width) + 1,
                message: format!(
                    "this row has {len} tiles but the first row has {width}; every row must have the same width"
                ),
            });
        }
    }
    Ok((map, viewer))
}

impl Opacity for Grid {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        match self.index(x, y) {
            Some((word, bit)) => self.words[word] >> bit & 1 == 1,
            None => true,
        }
    }

    #[inline]
    fn bounds(&self) -> Option<Rect> {
        Some(self.rect())
    }

    #[inline]
    fn bit_rows(&self) -> Option<BitRows<'_>> {
        BitRows::new(&self.words, self.words_per_row, self.rect())
    }

    #[inline]
    fn bit_columns(&self) -> Option<BitColumns<'_>> {
        BitColumns::new(&self.columns, self.words_per_column, self.rect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_walls_and_viewer() {
        let p = Grid::parse("#.#\r\n.@.\r\n#..\r\n\r\n").unwrap();
        assert_eq!(p.viewer, Some((1, 1)));
        assert_eq!(p.grid.to_text(), "#.#\n...\n#..\n");
    }

    #[test]
    fn reports_line_and_column() {
        let long = Grid::parse("...\n....\n").unwrap_err();
        assert_eq!((long.line, long.column), (2, 4));
        let short = Grid::parse("...\n...\n.\n").unwrap_err();
        assert_eq!((short.line, short.column), (3, 2));
        let gap = Grid::parse("...\n\n...\n").unwrap_err();
        assert_eq!((gap.line, gap.column), (2, 1));
        let two = Grid::parse("@..\n..@\n").unwrap_err();
        assert_eq!((two.line, two.column), (2, 3));
        assert!(two.message.contains("line 1, column 1"));
        for empty in ["", "\n", "\r\n\n"] {
            let e = Grid::parse(empty).unwrap_err();
            assert_eq!((e.line, e.column), (1, 1));
            assert!(e.message.contains("empty"));
        }
        let first_empty = Grid::parse("\n...\n").unwrap_err();
        assert_eq!((first_empty.line, first_empty.column), (1, 1));
    }

    #[test]
    fn wide_rows_use_several_words() {
        let mut g = Grid::new(130, 2);
        g.set(129, 1, true);
        g.set(64, 0, true);
        assert!(g.is_opaque(129, 1) && g.is_opaque(64, 0));
        assert!(!g.is_opaque(63, 0) && !g.is_opaque(128, 1));
        assert!(g.is_opaque(130, 0) && g.is_opaque(0, 2));
        g.set(i32::MAX, i32::MIN, true); // ignored, no panic
    }

    #[test]
    fn columns_are_the_transposed_rows() {
        let mut g = Grid::new(70, 130);
        for (x, y) in [(0, 0), (69, 129), (3, 64), (65, 2), (3, 63)] {
            g.set(x, y, true);
        }
        g.set(3, 63, false);
        let (rows, columns) = (g.bit_rows().unwrap(), g.bit_columns().unwrap());
        assert_eq!(columns.rect(), rows.rect());
        for x in 0..70 {
            for y in 0..130 {
                let bit = g.columns[x * g.words_per_column + y / 64] >> (y % 64) & 1 == 1;
                assert_eq!(bit, g.is_opaque(x as i32, y as i32), "{x},{y}");
            }
        }
    }

    #[test]
    fn sample_map_parses_with_a_viewer() {
        let p = Grid::parse(SAMPLE_MAP).unwrap();
        assert!(p.viewer.is_some());
        assert!(p.grid.width() > 20 && p.grid.height() > 10);
    }

    #[test]
    fn a_byte_order_mark_is_not_a_tile() {
        let p = Grid::parse("\u{feff}#.#\n.@.\n").unwrap();
        assert_eq!((p.grid.width(), p.grid.height()), (3, 2));
        assert_eq!(p.viewer, Some((1, 1)));
        assert!(p.grid.is_opaque(0, 0) && !p.grid.is_opaque(1, 0));
        // Only at the start: elsewhere it is a transparent tile like any other.
        let e = Grid::parse("\u{feff}###\n\u{feff}##\n").unwrap();
        assert!(!e.grid.is_opaque(0, 1) && e.grid.is_opaque(1, 1));
        let ragged = Grid::parse("\u{feff}###\n##\n").unwrap_err();
        assert_eq!((ragged.line, ragged.column), (2, 3));
        assert!(Grid::parse("\u{feff}")
            .unwrap_err()
            .message
            .contains("empty"));
    }

    #[test]
    fn absurd_sizes_are_errors_not_aborts() {
        let err = Grid::try_new(u32::MAX, u32::MAX).unwrap_err();
        assert_eq!((err.width, err.height), (u32::MAX, u32::MAX));
        assert!(
            err.to_string().contains("at most 2147483647 tiles"),
            "{err}"
        );
        // Within the i32 limit on both sides: 2^60 bytes, more than any machine.
        let max = i32::MAX as u32;
        let err = Grid::try_new(max, max).unwrap_err();
        assert!(err.to_string().contains("cannot be allocated"), "{err}");
        // Grid::new cuts the sides to i32::MAX, then panics (it does not abort).
        let panic = std::panic::catch_unwind(|| Grid::new(u32::MAX, u32::MAX)).unwrap_err();
        let message = panic.downcast_ref::<String>().unwrap();
        assert!(
            message.contains("2147483647 x 2147483647 grid is too large"),
            "{message}"
        );
        let g = Grid::try_new(130, 2).unwrap();
        assert_eq!(g, Grid::new(130, 2));
        assert_eq!(Grid::try_new(0, 5).unwrap().width(), 0);
    }

    #[test]
    fn unicode_counts_characters() {
        let p = Grid::parse("é#\n·.\n").unwrap();
        assert_eq!(p.grid.width(), 2);
        assert!(p.grid.is_opaque(1, 0));
    }
}
