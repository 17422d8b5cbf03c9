//! What a hex field of view asks of a map, and the built-in hex grid.

use super::coord::{offset_distance, Layout};
use crate::grid::ParseError;
use crate::map::Rect;
use std::fmt;

/// What every hex field of view asks of a map: does hex `(q, r)` block
/// sight? The hex twin of [`Opacity`](crate::Opacity).
///
/// Implemented for every `Fn(i32, i32) -> bool` closure over axial
/// coordinates (unbounded: a radius is then needed) and for [`HexGrid`]. A
/// bounded map tells its [`bounds`](HexOpacity::bounds): hexes outside them
/// block sight and are never reported.
///
/// ```
/// use sightlines::hex::{HexBounds, HexOpacity, Layout};
/// use sightlines::Rect;
///
/// let pillar = |q: i32, r: i32| (q, r) == (2, 0);
/// assert!(pillar.is_opaque(2, 0) && pillar.bounds().is_none());
///
/// // A game's own storage, 10x8 hexes in odd-r rows.
/// struct Board { walls: Vec<bool> }
/// impl HexOpacity for Board {
///     fn is_opaque(&self, q: i32, r: i32) -> bool {
///         match Layout::OddR.from_axial(q, r) {
///             Some((c, w)) if (0..10).contains(&c) && (0..8).contains(&w) => {
///                 self.walls[(w * 10 + c) as usize]
///             }
///             _ => true,
///         }
///     }
///     fn bounds(&self) -> Option<HexBounds> {
///         Some(HexBounds::new(Layout::OddR, Rect::new(0, 0, 10, 8)))
///     }
/// }
/// let board = Board { walls: vec![false; 80] };
/// assert!(!board.is_opaque(0, 0) && board.is_opaque(-1, 0));
/// ```
pub trait HexOpacity {
    /// True when the hex at axial `(q, r)` blocks sight.
    fn is_opaque(&self, q: i32, r: i32) -> bool;

    /// The hexes that exist, or `None` for a map without edges.
    fn bounds(&self) -> Option<HexBounds> {
        None
    }

    /// The map's opacity packed one bit a hex by offset rows, if it keeps it
    /// so (as [`HexGrid`] does): the scans then read a bit instead of
    /// calling [`is_opaque`](HexOpacity::is_opaque). Inside
    /// [`HexBits::bounds`] the bits must agree with `is_opaque`.
    fn hex_bits(&self) -> Option<HexBits<'_>> {
        None
    }
}

/// Opacity packed one bit a hex, for [`HexOpacity::hex_bits`]: offset
/// `(bounds.rect.x + i, bounds.rect.y + j)` is bit `i % 64` of word
/// `j * words_per_row + i / 64`; a set bit blocks sight.
#[derive(Clone, Copy, Debug)]
pub struct HexBits<'a> {
    words: &'a [u64],
    words_per_row: usize,
    bounds: HexBounds,
}

/// The 64 bits from bit `s` (0 to 63) of word `a` on, into word `b`.
#[inline(always)]
fn join(a: u64, b: u64, s: u32) -> u64 {
    // Two shifts, so that `s = 0` shifts `b` out whole.
    a >> s | b << 1 << (63 - s)
}

impl<'a> HexBits<'a> {
    /// The bits of `bounds`, or `None` when `words` is too short for them.
    pub fn new(words: &'a [u64], words_per_row: usize, bounds: HexBounds) -> Option<HexBits<'a>> {
        let width = bounds.rect.width as usize;
        let rows = bounds.rect.height as usize;
        let enough = words_per_row
            .checked_mul(64)
            .is_some_and(|bits| bits >= width)
            && words_per_row
                .checked_mul(rows)
                .is_some_and(|n| n <= words.len());
        enough.then_some(HexBits {
            words,
            words_per_row,
            bounds,
        })
    }

    /// The hexes the bits cover.
    pub fn bounds(&self) -> HexBounds {
        self.bounds
    }

    /// The 64 bits from bit `p` of the rows laid end to end (row `j` from
    /// bit `j · 64 · words_per_row`): bits before the first row's or past
    /// the last row's words read as 0, and those between a row's end and
    /// the next row's start are unspecified.
    #[inline]
    pub(crate) fn word_from(&self, p: i64) -> u64 {
        if p < 0 {
            return match self.words.first() {
                Some(&w) if p > -64 => w << -p,
                _ => 0,
            };
        }
        let (w, s) = ((p / 64) as usize, p as u32 % 64);
        let at = |w: usize| self.words.get(w).copied().unwrap_or(0);
        join(at(w), at(w + 1), s)
    }

    /// Fills `out` with the bits from bit `p` on, as
    /// [`word_from`](Self::word_from) would word by word.
    #[inline]
    pub(crate) fn copy_from(&self, p: i64, out: &mut [u64]) {
        if p >= 0 {
            let (w, s) = ((p / 64) as usize, p as u32 % 64);
            // The words the copy spans, when all are there: one bounds
            // check for the lot.
            if let Some(from) = self.words.get(w..w + out.len() + 1) {
                let join = |a, b| join(a, b, s);
                // Windows of up to 127 bits, the common ones, unrolled.
                match (out, from) {
                    ([word], &[a, b]) => *word = join(a, b),
                    ([w0, w1], &[a, b, c]) => (*w0, *w1) = (join(a, b), join(b, c)),
                    (out, from) => {
                        for (k, word) in out.iter_mut().enumerate() {
                            *word = join(from[k], from[k + 1]);
                        }
                    }
                }
                return;
            }
        }
        for (k, word) in (0..).zip(out) {
            *word = self.word_from(p + 64 * k);
        }
    }

    /// How many bits a row takes, padding included.
    #[inline]
    pub(crate) fn row_bits(&self) -> i64 {
        self.words_per_row as i64 * 64
    }

    /// Whether axial `(q, r)` is opaque, or `None` outside the bounds.
    #[inline]
    pub(crate) fn get(&self, q: i64, r: i64) -> Option<bool> {
        let (c, w) = self.bounds.layout.offset_i64(q, r);
        let i = c - i64::from(self.bounds.rect.x);
        let j = w - i64::from(self.bounds.rect.y);
        if i < 0
            || j < 0
            || i >= i64::from(self.bounds.rect.width)
            || j >= i64::from(self.bounds.rect.height)
        {
            return None;
        }
        let (i, j) = (i as usize, j as usize);
        Some(self.words[j * self.words_per_row + i / 64] >> (i % 64) & 1 == 1)
    }
}

impl<F: Fn(i32, i32) -> bool> HexOpacity for F {
    #[inline]
    fn is_opaque(&self, q: i32, r: i32) -> bool {
        self(q, r)
    }
}

/// The hexes of a bounded hex map: a rectangle of offset coordinates
/// `(col, row)` in a [`Layout`].
///
/// ```
/// use sightlines::hex::{HexBounds, Layout};
/// use sightlines::Rect;
///
/// let b = HexBounds::new(Layout::OddR, Rect::new(0, 0, 4, 3));
/// assert!(b.contains(0, 0) && b.contains(-1, 2)); // offset (0, 2)
/// assert!(!b.contains(-1, 0) && !b.contains(3, 2)); // offset (4, 2)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexBounds {
    /// How offsets map to axial coordinates.
    pub layout: Layout,
    /// The offset rectangle: columns `rect.x..`, rows `rect.y..`.
    pub rect: Rect,
}

impl HexBounds {
    /// A rectangle of offsets in `layout`.
    pub const fn new(layout: Layout, rect: Rect) -> HexBounds {
        HexBounds { layout, rect }
    }

    /// Whether axial `(q, r)` is a hex of the map.
    pub fn contains(&self, q: i32, r: i32) -> bool {
        self.layout
            .from_axial(q, r)
            .is_some_and(|(c, w)| self.rect.contains(c, w))
    }

    /// Whether every hex within `n` rings of `origin` is on the map. In
    /// every layout the hexes within `n` of offset `(c, w)` reach exactly
    /// the columns `c ± n` and the rows `w ± n`, so that box must fit.
    pub(crate) fn holds_ball(&self, origin: (i32, i32), n: u64) -> bool {
        let n = n.min(1 << 40) as i64;
        let (c, w) = self
            .layout
            .offset_i64(i64::from(origin.0), i64::from(origin.1));
        let (x, y) = (i64::from(self.rect.x), i64::from(self.rect.y));
        c - n >= x
            && c + n < x + i64::from(self.rect.width)
            && w - n >= y
            && w + n < y + i64::from(self.rect.height)
    }

    /// The farthest hex distance from `origin` to a hex of the map.
    pub(crate) fn farthest(&self, origin: (i32, i32)) -> u64 {
        // Hex distance is a norm, so the farthest centre is a corner of the
        // centres' convex hull.
        let (q, r) = (i64::from(origin.0), i64::from(origin.1));
        self.hull_candidates()
            .map(|(hq, hr)| offset_distance(hq - q, hr - r))
            .max()
            .unwrap_or(0)
    }

    /// The axial box of the map's hexes (`x` is `q`, `y` is `r`), for the
    /// sets over them: a [`Memory`](crate::Memory) of a hex map, say. Empty
    /// for an empty map; cut to the `i32` space.
    ///
    /// ```
    /// use sightlines::hex::{HexBounds, Layout};
    /// use sightlines::Rect;
    /// let b = HexBounds::new(Layout::OddR, Rect::new(0, 0, 4, 3));
    /// assert_eq!(b.axial_rect(), Rect::new(-1, 0, 5, 3)); // q from -1 (row 2) to 3
    /// ```
    pub fn axial_rect(&self) -> Rect {
        let Some((q0, q1, r0, r1)) = self.axial_box() else {
            return Rect::default();
        };
        let (lo, hi) = (i64::from(i32::MIN), i64::from(i32::MAX));
        let (q0, q1, r0, r1) = (q0.max(lo), q1.min(hi), r0.max(lo), r1.min(hi));
        if q1 < q0 || r1 < r0 {
            return Rect::default();
        }
        Rect::new(
            q0 as i32,
            r0 as i32,
            (q1 - q0 + 1) as u32,
            (r1 - r0 + 1) as u32,
        )
    }

    /// The least and greatest axial `q` and `r` of the map's hexes, or
    /// `None` for an empty map.
    pub(crate) fn axial_box(&self) -> Option<(i64, i64, i64, i64)> {
        self.hull_candidates().fold(None, |b, (q, r)| {
            let (q0, q1, r0, r1) = b.unwrap_or((q, q, r, r));
            Some((q0.min(q), q1.max(q), r0.min(r), r1.max(r)))
        })
    }

    /// Axial centres among which every corner of the centres' convex hull
    /// is: the first and last hex of the first two and last two offset
    /// lines. None for an empty map.
    fn hull_candidates(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        let empty = self.rect.width == 0 || self.rect.height == 0;
        let (c0, c1) = (i64::from(self.rect.x), self.rect.max_x());
        let (w0, w1) = (i64::from(self.rect.y), self.rect.max_y());
        let (mut cols, mut rows) = ([c0, c1, c0, c1], [w0, w1, w0, w1]);
        if self.layout.pointy_top() {
            rows[2] = (w0 + 1).min(w1);
            rows[3] = (w1 - 1).max(w0);
        } else {
            cols[2] = (c0 + 1).min(c1);
            cols[3] = (c1 - 1).max(c0);
        }
        let layout = self.layout;
        cols.into_iter()
            .filter(move |_| !empty)
            .flat_map(move |c| rows.into_iter().map(move |w| layout.axial_i64(c, w)))
    }
}

/// A bounded hex map, one bit a hex, stored as offset rows in a [`Layout`]
/// with columns `0..width` and rows `0..height`. Hexes outside it block
/// sight and are never reported.
///
/// ```
/// use sightlines::hex::{HexGrid, HexOpacity, Layout};
///
/// let mut grid = HexGrid::new(5, 4, Layout::OddR);
/// grid.set_offset(2, 1, true);
/// assert!(grid.is_opaque(2, 1)); // odd-r (2, 1) is axial (2, 1)
/// grid.set(0, 3, true); // axial (0, 3) is odd-r (1, 3)
/// assert!(grid.is_opaque_offset(1, 3));
/// assert!(grid.is_opaque(-5, 0)); // off the map
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexGrid {
    layout: Layout,
    width: u32,
    height: u32,
    words_per_row: usize,
    words: Vec<u64>,
}

/// A parsed hex map: the grid and the viewer's hex, if marked with `@`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedHexMap {
    /// The map.
    pub grid: HexGrid,
    /// Axial `(q, r)` of the `@`, if there was one.
    pub viewer: Option<(i32, i32)>,
}

/// The largest hex grid, in hexes, [`HexGrid::parse`] will allocate.
const MAX_HEXES: u64 = 1 << 32;

impl HexGrid {
    /// An open (all transparent) grid of `width` x `height` offset hexes.
    /// Panics only when the bits do not fit in memory; see
    /// [`HexGrid::try_new`].
    pub fn new(width: u32, height: u32, layout: Layout) -> HexGrid {
        HexGrid::try_new(width, height, layout).expect("a hex grid that fits in memory")
    }

    /// As [`HexGrid::new`], or `None` past 2^32 hexes or when the memory
    /// cannot be had.
    pub fn try_new(width: u32, height: u32, layout: Layout) -> Option<HexGrid> {
        if u64::from(width) * u64::from(height) > MAX_HEXES {
            return None;
        }
        let words_per_row = (width as usize).div_ceil(64);
        let len = words_per_row.checked_mul(height as usize)?;
        let mut words = Vec::new();
        words.try_reserve_exact(len).ok()?;
        words.resize(len, 0);
        Some(HexGrid {
            layout,
            width,
            height,
            words_per_row,
            words,
        })
    }

    /// Columns of offsets.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows of offsets.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The offset layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    fn index(&self, col: i32, row: i32) -> Option<(usize, u64)> {
        if col < 0 || row < 0 || col as u32 >= self.width || row as u32 >= self.height {
            return None;
        }
        let (c, w) = (col as usize, row as usize);
        Some((w * self.words_per_row + c / 64, 1 << (c % 64)))
    }

    /// Whether offset `(col, row)` blocks sight (true off the map).
    pub fn is_opaque_offset(&self, col: i32, row: i32) -> bool {
        self.index(col, row)
            .is_none_or(|(word, bit)| self.words[word] & bit != 0)
    }

    /// Makes offset `(col, row)` opaque or not; ignored off the map.
    pub fn set_offset(&mut self, col: i32, row: i32, opaque: bool) {
        if let Some((word, bit)) = self.index(col, row) {
            if opaque {
                self.words[word] |= bit;
            } else {
                self.words[word] &= !bit;
            }
        }
    }

    /// Makes axial `(q, r)` opaque or not; ignored off the map.
    pub fn set(&mut self, q: i32, r: i32, opaque: bool) {
        if let Some((c, w)) = self.layout.from_axial(q, r) {
            self.set_offset(c, w, opaque);
        }
    }

    /// The axial box of the grid's hexes; see [`HexBounds::axial_rect`].
    pub fn axial_rect(&self) -> Rect {
        self.bounds().map_or_else(Rect::default, |b| b.axial_rect())
    }

    /// Axial `(q, r)` of offset `(col, row)` in this grid's layout.
    pub fn to_axial(&self, col: i32, row: i32) -> Option<(i32, i32)> {
        self.layout.to_axial(col, row)
    }

    /// Parses the hex map text format: a first line `hex LAYOUT` (`odd-r`,
    /// `even-r`, `odd-q` or `even-q`), then one offset row per line, hexes
    /// separated by one space, `#` opaque, anything else transparent, `@` the
    /// viewer. In the row layouts a shifted row starts with one space, so the
    /// text looks like the map:
    ///
    /// ```text
    /// hex odd-r
    /// # # # # #
    ///  # . @ . #
    /// # . . # #
    ///  # # # # #
    /// ```
    ///
    /// Column layouts (`odd-q`, `even-q`) cannot show a half-row shift in
    /// text; their rows start without a space. Trailing spaces, a final `\r`,
    /// blank lines at the end and a byte-order mark are ignored.
    ///
    /// ```
    /// use sightlines::hex::{HexGrid, HexOpacity};
    ///
    /// let parsed = HexGrid::parse("hex odd-r\n# . .\n . @ #\n")?;
    /// assert_eq!(parsed.viewer, Some((1, 1))); // odd-r (1, 1)
    /// assert!(parsed.grid.is_opaque(0, 0) && parsed.grid.is_opaque(2, 1));
    /// let err = HexGrid::parse("hex odd-r\n# . .\n. @ #\n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 3, column 1: row 1 is shifted in odd-r, so it starts with a space; \
    ///     check the layout on the first line");
    /// # Ok::<(), sightlines::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<ParsedHexMap, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|line| line.strip_suffix('\r').unwrap_or(line).trim_end())
            .collect();
        while lines.last().is_some_and(|line| line.is_empty()) {
            lines.pop();
        }
        let error = |line: usize, column: usize, message: String| ParseError {
            line,
            column,
            message,
        };
        let header = lines.first().copied().unwrap_or("");
        let layout = match header.split_whitespace().collect::<Vec<_>>()[..] {
            ["hex", name] => name
                .parse::<Layout>()
                .map_err(|e| error(1, header.find(name).unwrap_or(0) + 1, e.to_string()))?,
            _ => {
                return Err(error(
                    1,
                    1,
                    "a hex map starts with a line 'hex odd-r' (or even-r, odd-q, even-q) naming its offset layout".into(),
                ))
            }
        };
        let rows = &lines[1..];
        if rows.is_empty() {
            return Err(error(
                2,
                1,
                "the hex map has no rows; write one row of hexes per line after the header".into(),
            ));
        }
        if rows.len() > i32::MAX as usize {
            return Err(error(2, 1, "the map has more than 2^31 - 1 rows".into()));
        }
        let mut cells: Vec<Vec<char>> = Vec::with_capacity(rows.len());
        for (k, row) in rows.iter().enumerate() {
            let line = k + 2;
            let shift = layout.pointy_top() && layout.shifted(k as i64);
            let chars: Vec<char> = row.chars().collect();
            if shift && chars.first() != Some(&' ') && !chars.is_empty() {
                return Err(error(
                    line,
                    1,
                    format!(
                        "row {k} is shifted in {layout}, so it starts with a space; check the layout on the first line"
                    ),
                ));
            }
            if !shift && chars.first() == Some(&' ') {
                return Err(error(
                    line,
                    1,
                    format!(
                        "row {k} is not shifted in {layout}, so it starts with a hex, not a space; check the layout on the first line"
                    ),
                ));
            }
            let start = usize::from(shift);
            let mut hexes = Vec::new();
            for (i, &ch) in chars.iter().enumerate().skip(start) {
                if (i - start) % 2 == 0 {
                    if ch == ' ' {
                        return Err(error(
                            line,
                            i + 1,
                            "a hex is missing here; hexes are separated by exactly one space"
                                .into(),
                        ));
                    }
                    hexes.push(ch);
                } else if ch != ' ' {
                    return Err(error(line, i + 1, format!("'{ch}' is where a space between two hexes should be; hexes are separated by exactly one space")));
                }
            }
            if let Some(first) = cells.first() {
                if hexes.len() != first.len() {
                    let column = start + 2 * hexes.len().min(first.len()) + 1;
                    return Err(error(
                        line,
                        column,
                        format!(
                            "this row has {} hexes but the first row has {}; every row must have the same width",
                            hexes.len(),
                            first.len()
                        ),
                    ));
                }
            } else if hexes.is_empty() {
                return Err(error(
                    line,
                    1,
                    "the first row is empty; a map starts with a row of hexes".into(),
                ));
            }
            cells.push(hexes);
        }
        let width = cells[0].len();
        if width > i32::MAX as usize {
            return Err(error(2, 1, "the map has more than 2^31 - 1 columns".into()));
        }
        let mut grid = HexGrid::try_new(width as u32, cells.len() as u32, layout)
            .ok_or_else(|| error(2, 1, "the map is too large to hold in memory".into()))?;
        let mut viewer: Option<(usize, usize)> = None;
        for (w, row) in cells.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                let column =
                    usize::from(layout.pointy_top() && layout.shifted(w as i64)) + 2 * c + 1;
                match ch {
                    '@' => {
                        if let Some((vc, vw)) = viewer {
                            let first =
                                usize::from(layout.pointy_top() && layout.shifted(vw as i64))
                                    + 2 * vc
                                    + 1;
                            return Err(error(
                                w + 2,
                                column,
                                format!("a second '@' (the first is at line {}, column {first}); mark at most one viewer", vw + 2),
                            ));
                        }
                        viewer = Some((c, w));
                    }
                    '#' => grid.set_offset(c as i32, w as i32, true),
                    _ => {}
                }
            }
        }
        let viewer = viewer.and_then(|(c, w)| layout.to_axial(c as i32, w as i32));
        Ok(ParsedHexMap { grid, viewer })
    }

    /// The map in the text format of [`HexGrid::parse`], with `@` at
    /// `viewer` (axial) if given.
    ///
    /// ```
    /// use sightlines::hex::HexGrid;
    /// let text = "hex even-r\n . # .\n# . .\n";
    /// let parsed = HexGrid::parse(text)?;
    /// assert_eq!(parsed.grid.to_text(None), text);
    /// # Ok::<(), sightlines::ParseError>(())
    /// ```
    pub fn to_text(&self, viewer: Option<(i32, i32)>) -> String {
        let viewer = viewer.and_then(|(q, r)| self.layout.from_axial(q, r));
        let mut out = format!("hex {}\n", self.layout);
        for w in 0..self.height as i32 {
            if self.layout.pointy_top() && self.layout.shifted(i64::from(w)) {
                out.push(' ');
            }
            for c in 0..self.width as i32 {
                if c > 0 {
                    out.push(' ');
                }
                out.push(
                    match (viewer == Some((c, w)), self.is_opaque_offset(c, w)) {
                        (true, _) => '@',
                        (false, true) => '#',
                        (false, false) => '.',
                    },
                );
            }
            out.push('\n');
        }
        out
    }
}

impl HexOpacity for HexGrid {
    #[inline]
    fn is_opaque(&self, q: i32, r: i32) -> bool {
        match self.layout.from_axial(q, r) {
            Some((c, w)) => self.is_opaque_offset(c, w),
            None => true,
        }
    }

    fn bounds(&self) -> Option<HexBounds> {
        Some(HexBounds::new(
            self.layout,
            Rect::new(0, 0, self.width, self.height),
        ))
    }

    fn hex_bits(&self) -> Option<HexBits<'_>> {
        HexBits::new(&self.words, self.words_per_row, self.bounds()?)
    }
}

impl fmt::Display for HexGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_maps_name_line_and_column() {
        let cases = [
            ("", "line 1, column 1: a hex map starts"),
            (
                "hex odd-x\n.",
                "line 1, column 5: unknown hex layout 'odd-x'",
            ),
            ("hex odd-r", "line 2, column 1: the hex map has no rows"),
            (
                "hex odd-r\n. . .\n . .",
                "line 3, column 6: this row has 2 hexes but the first row has 3",
            ),
            (
                "hex even-r\n. . .",
                "line 2, column 1: row 0 is shifted in even-r",
            ),
            (
                "hex odd-q\n . .",
                "line 2, column 1: row 0 is not shifted in odd-q",
            ),
            ("hex odd-r\n.. .", "line 2, column 2: '.' is where a space"),
            ("hex odd-r\n.  .", "line 2, column 3: a hex is missing here"),
            (
                "hex odd-r\n@ .\n . @",
                "line 3, column 4: a second '@' (the first is at line 2, column 1)",
            ),
        ];
        for (text, want) in cases {
            let got = HexGrid::parse(text).unwrap_err().to_string();
            assert!(got.starts_with(want), "{text:?}: {got}");
        }
    }

    #[test]
    fn text_round_trips_in_every_layout() {
        for layout in Layout::ALL {
            let mut grid = HexGrid::new(7, 5, layout);
            for (c, w) in [(0, 0), (6, 4), (3, 2), (2, 3)] {
                grid.set_offset(c, w, true);
            }
            let viewer = layout.to_axial(1, 1);
            let parsed = HexGrid::parse(&grid.to_text(viewer)).unwrap();
            assert_eq!(parsed.grid, grid);
            assert_eq!(parsed.viewer, viewer);
        }
    }

    #[test]
    fn a_ball_is_held_when_its_offset_box_is() {
        for layout in Layout::ALL {
            let b = HexBounds::new(layout, Rect::new(-2, 1, 9, 8));
            for c in -3..8 {
                for w in 0..10 {
                    let Some(origin) = layout.to_axial(c, w) else {
                        continue;
                    };
                    for n in 0..6u64 {
                        let ni = n as i32;
                        let mut all = true;
                        for dq in -ni..=ni {
                            for dr in (-ni).max(-ni - dq)..=ni.min(ni - dq) {
                                all &= b.contains(origin.0 + dq, origin.1 + dr);
                            }
                        }
                        assert_eq!(b.holds_ball(origin, n), all, "{layout} {c},{w} n{n}");
                    }
                }
            }
        }
    }

    #[test]
    fn farthest_bounds_every_hex() {
        for layout in Layout::ALL {
            for (x, y, width, height) in [(-3, 2, 9, 6), (0, 0, 1, 7), (1, 1, 7, 1), (-1, -1, 2, 2)]
            {
                let b = HexBounds::new(layout, Rect::new(x, y, width, height));
                for (c, w) in [
                    (x, y),
                    (x + width as i32 - 1, y + height as i32 - 1),
                    (x + 1, y),
                ] {
                    if !b.rect.contains(c, w) {
                        continue;
                    }
                    let origin = layout.to_axial(c, w).unwrap();
                    let far = b.farthest(origin);
                    let mut most = 0;
                    for cc in x..x + width as i32 {
                        for ww in y..y + height as i32 {
                            let h = layout.to_axial(cc, ww).unwrap();
                            most = most.max(super::super::coord::distance(origin, h));
                        }
                    }
                    assert_eq!(most, far, "{layout}");
                }
            }
        }
    }
}
