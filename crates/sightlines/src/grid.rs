//! A compact opacity grid and the text map format.
//!
//! [`Grid`] stores one bit a tile, a row padded to whole 64-bit words, so a
//! 256x256 map takes 8 KiB and a row of opacity can be read a word at a time.
//! It parses the text format of the CLI: one map row per line, `#` opaque,
//! every other character transparent, `@` marking the viewer.

use crate::map::{BitRows, Opacity, Rect};
use std::fmt;

/// A map of the tiles that block sight, one bit a tile.
///
/// Tiles outside the grid block sight and are never reported.
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
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

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
    /// An all-transparent grid of `width` x `height` tiles.
    ///
    /// Sizes beyond `i32::MAX` are cut to `i32::MAX`, so that every tile has
    /// an `i32` position.
    pub fn new(width: u32, height: u32) -> Grid {
        let width = width.min(i32::MAX as u32);
        let height = height.min(i32::MAX as u32);
        let words_per_row = (width as usize).div_ceil(64);
        Grid {
            width,
            height,
            words_per_row,
            words: vec![0; words_per_row * height as usize],
        }
    }

    /// Parses the text map format: one row per line, `#` opaque, anything
    /// else transparent, `@` the viewer (at most one). A final `\r` on a line
    /// is dropped and blank lines at the end are ignored.
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
        let mut rows: Vec<&str> = text
            .split('\n')
            .map(|line| line.strip_suffix('\r').unwrap_or(line))
            .collect();
        while rows.last().is_some_and(|row| row.is_empty()) {
            rows.pop();
        }
        if rows.is_empty() {
            return Err(ParseError {
                line: 1,
                column: 1,
                message: "the map is empty; write one row of tiles per line, '#' for walls".into(),
            });
        }
        let width = rows[0].chars().count();
        if width == 0 {
            return Err(ParseError {
                line: 1,
                column: 1,
                message: "the first row is empty; a map starts with a row of tiles".into(),
            });
        }
        if width > i32::MAX as usize || rows.len() > i32::MAX as usize {
            return Err(ParseError {
                line: 1,
                column: 1,
                message: "the map is larger than 2^31 - 1 tiles in one direction".into(),
            });
        }
        let mut grid = Grid::new(width as u32, rows.len() as u32);
        let mut viewer = None;
        for (y, row) in rows.iter().enumerate() {
            let mut count = 0;
            for (x, ch) in row.chars().enumerate() {
                if x >= width {
                    break;
                }
                count = x + 1;
                match ch {
                    '@' if viewer.is_some() => {
                        let (vx, vy): (i32, i32) = viewer.unwrap_or_default();
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
                    '@' => viewer = Some((x as i32, y as i32)),
                    c if opaque(c) => grid.set(x as i32, y as i32, true),
                    _ => {}
                }
            }
            let len = row.chars().count();
            if len != width {
                return Err(ParseError {
                    line: y + 1,
                    column: count.min(len) + 1,
                    message: format!(
                        "this row has {len} tiles but the first row has {width}; every row must have the same width"
                    ),
                });
            }
        }
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
            if opaque {
                self.words[word] |= 1 << bit;
            } else {
                self.words[word] &= !(1 << bit);
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

impl Opacity for Grid {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        match self.index(x, y) {
            Some((word, bit)) => self.words[word] >> bit & 1 == 1,
            None => true,
        }
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.rect())
    }

    fn bit_rows(&self) -> Option<BitRows<'_>> {
        BitRows::new(&self.words, self.words_per_row, self.rect())
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
    fn sample_map_parses_with_a_viewer() {
        let p = Grid::parse(SAMPLE_MAP).unwrap();
        assert!(p.viewer.is_some());
        assert!(p.grid.width() > 20 && p.grid.height() > 10);
    }

    #[test]
    fn unicode_counts_characters() {
        let p = Grid::parse("é#\n·.\n").unwrap();
        assert_eq!(p.grid.width(), 2);
        assert!(p.grid.is_opaque(1, 0));
    }
}
