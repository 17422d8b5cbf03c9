//! The map model: [`Opacity`], all a field of view asks of a map, and the
//! [`Rect`], [`Bounded`] and packed bits ([`BitRows`], [`BitColumns`]) it speaks.

/// A rectangle of tiles: `width` columns from `x` and `height` rows from `y`.
/// Its far edge may lie past `i32::MAX`: all arithmetic on it is in `i64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    /// The leftmost column.
    pub x: i32,
    /// The top row.
    pub y: i32,
    /// Number of columns; zero makes the rectangle empty.
    pub width: u32,
    /// Number of rows; zero makes the rectangle empty.
    pub height: u32,
}

impl Rect {
    /// A rectangle of `width` x `height` tiles whose top-left tile is `(x, y)`.
    ///
    /// ```
    /// let r = sightlines::Rect::new(-2, 0, 5, 3);
    /// assert!(r.contains(2, 2));
    /// assert!(!r.contains(3, 2));
    /// ```
    pub const fn new(x: i32, y: i32, width: u32, height: u32) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// True when the rectangle has no tiles.
    pub const fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// Whether tile `(x, y)` lies inside.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        let dx = i64::from(x) - i64::from(self.x);
        let dy = i64::from(y) - i64::from(self.y);
        (0..i64::from(self.width)).contains(&dx) && (0..i64::from(self.height)).contains(&dy)
    }

    /// The last column (`max_y`: row), as `i64`; before the first when empty.
    pub(crate) fn max_x(&self) -> i64 {
        i64::from(self.x) + i64::from(self.width) - 1
    }

    pub(crate) fn max_y(&self) -> i64 {
        i64::from(self.y) + i64::from(self.height) - 1
    }

    /// The number of tiles, as `u64` so that it cannot overflow.
    pub fn area(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// The tiles in both rectangles (empty when they do not overlap).
    pub(crate) fn intersection(&self, other: Rect) -> Rect {
        let (x0, y0) = (self.x.max(other.x), self.y.max(other.y));
        let width = (self.max_x().min(other.max_x()) + 1 - i64::from(x0)).max(0) as u32;
        let height = (self.max_y().min(other.max_y()) + 1 - i64::from(y0)).max(0) as u32;
        Rect::new(x0, y0, width, height)
    }
}

/// What every field of view asks of a map: does tile `(x, y)` block sight?
///
/// Implemented for every `Fn(i32, i32) -> bool` closure (unbounded), so a
/// game passes its own map without copying it, for [`Grid`](crate::Grid)
/// and for [`Bounded`]. A bounded map also tells its
/// [`bounds`](Opacity::bounds): tiles outside them block sight and are never
/// reported. An unbounded map needs a radius, or the field of view has no end.
///
/// Each map type, so each closure, gets its own compiled copy of the scans.
/// A program with many closure maps (tests, say) compiles faster passing
/// them as `&dyn Fn(i32, i32) -> bool`, at an indirect call per tile read.
///
/// ```
/// use sightlines::{Opacity, Rect};
///
/// let map = |x: i32, y: i32| (x, y) == (3, 4);
/// assert!(map.is_opaque(3, 4) && map.bounds().is_none()); // closures are unbounded
///
/// struct Dungeon { walls: Vec<bool>, width: i32, height: i32 }
///
/// impl Opacity for Dungeon {
///     fn is_opaque(&self, x: i32, y: i32) -> bool {
///         !(0..self.width).contains(&x)
///             || !(0..self.height).contains(&y)
///             || self.walls[(y * self.width + x) as usize]
///     }
///     fn bounds(&self) -> Option<Rect> {
///         Some(Rect::new(0, 0, self.width as u32, self.height as u32))
///     }
/// }
///
/// let d = Dungeon { walls: vec![false, true, false, false], width: 2, height: 2 };
/// assert!(d.is_opaque(1, 0));
/// assert!(d.is_opaque(5, 5));
/// ```
pub trait Opacity {
    /// True when the tile at `(x, y)` blocks sight.
    fn is_opaque(&self, x: i32, y: i32) -> bool;

    /// The tiles that exist, or `None` for a map without edges.
    fn bounds(&self) -> Option<Rect> {
        None
    }

    /// The map's opacity packed one bit a tile, if it keeps it so (as
    /// [`Grid`](crate::Grid) does): every algorithm then reads rows 64 tiles
    /// a word. With `None`, the default, they ask [`is_opaque`](Opacity::is_opaque)
    /// for each tile they need. Inside [`BitRows::rect`] the bits must agree
    /// with `is_opaque`, which still answers for the tiles outside it.
    ///
    /// ```
    /// use sightlines::{BitRows, Opacity, Rect};
    ///
    /// // A 3x2 map whose walls are kept as bits: row 0 is `#..`, row 1 `..#`.
    /// struct Packed([u64; 2]);
    /// impl Opacity for Packed {
    ///     fn is_opaque(&self, x: i32, y: i32) -> bool {
    ///         !(0..3).contains(&x) || !(0..2).contains(&y) || self.0[y as usize] >> x & 1 == 1
    ///     }
    ///     fn bounds(&self) -> Option<Rect> {
    ///         Some(Rect::new(0, 0, 3, 2))
    ///     }
    ///     fn bit_rows(&self) -> Option<BitRows<'_>> {
    ///         BitRows::new(&self.0, 1, Rect::new(0, 0, 3, 2))
    ///     }
    /// }
    /// let map = Packed([0b001, 0b100]);
    /// let seen = sightlines::visible_tiles(sightlines::Algorithm::RecursiveShadowcast,
    ///     &map, (1, 0), sightlines::Range::UNLIMITED)?;
    /// assert_eq!(seen.len(), 6);
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    fn bit_rows(&self) -> Option<BitRows<'_>> {
        None
    }

    /// The same bits *column by column*, if the map also keeps them so (as
    /// [`Grid`](crate::Grid) does): the scans that run up and down from the
    /// origin then read 64 tiles a word too. With `None`, the default, they
    /// take a bit from each row's word of [`bit_rows`](Opacity::bit_rows).
    /// Inside [`BitColumns::rect`] the bits must agree with `is_opaque`.
    ///
    /// ```
    /// use sightlines::{BitColumns, BitRows, Opacity, Rect};
    ///
    /// // A 3x2 map, `#..` over `..#`, kept both ways.
    /// struct Packed { rows: [u64; 2], columns: [u64; 3] }
    /// impl Opacity for Packed {
    ///     fn is_opaque(&self, x: i32, y: i32) -> bool {
    ///         !(0..3).contains(&x) || !(0..2).contains(&y) || self.rows[y as usize] >> x & 1 == 1
    ///     }
    ///     fn bounds(&self) -> Option<Rect> {
    ///         Some(Rect::new(0, 0, 3, 2))
    ///     }
    ///     fn bit_rows(&self) -> Option<BitRows<'_>> {
    ///         BitRows::new(&self.rows, 1, Rect::new(0, 0, 3, 2))
    ///     }
    ///     fn bit_columns(&self) -> Option<BitColumns<'_>> {
    ///         BitColumns::new(&self.columns, 1, Rect::new(0, 0, 3, 2))
    ///     }
    /// }
    /// // Column 0 holds a wall at y = 0, column 2 one at y = 1.
    /// let map = Packed { rows: [0b001, 0b100], columns: [0b01, 0b00, 0b10] };
    /// let seen = sightlines::visible_tiles(sightlines::Algorithm::RecursiveShadowcast,
    ///     &map, (1, 0), sightlines::Range::UNLIMITED)?;
    /// assert_eq!(seen.len(), 6);
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    fn bit_columns(&self) -> Option<BitColumns<'_>> {
        None
    }
}

/// Opacity packed one bit a tile, row by row, for [`Opacity::bit_rows`].
///
/// Tile `(rect.x + i, rect.y + j)` is bit `i % 64` of word
/// `j * words_per_row + i / 64`; a set bit blocks sight. Bits past a row's
/// width are ignored.
#[derive(Clone, Copy, Debug)]
pub struct BitRows<'a> {
    words: &'a [u64],
    words_per_row: usize,
    rect: Rect,
}

impl<'a> BitRows<'a> {
    /// Rows of `words_per_row` words over `rect`; `None` unless the rows are
    /// wide enough for `rect.width` bits and `words` holds `rect.height` of them.
    ///
    /// ```
    /// use sightlines::{BitRows, Rect};
    /// assert!(BitRows::new(&[0; 4], 2, Rect::new(0, 0, 100, 2)).is_some());
    /// assert!(BitRows::new(&[0; 4], 2, Rect::new(0, 0, 129, 2)).is_none());
    /// assert!(BitRows::new(&[0; 3], 2, Rect::new(0, 0, 100, 2)).is_none());
    /// ```
    pub fn new(words: &'a [u64], words_per_row: usize, rect: Rect) -> Option<BitRows<'a>> {
        let wide_enough = words_per_row as u64 * 64 >= u64::from(rect.width);
        let tall_enough = (words.len() as u64) >= words_per_row as u64 * u64::from(rect.height);
        (wide_enough && tall_enough).then_some(BitRows {
            words,
            words_per_row,
            rect,
        })
    }

    /// The tiles the bits cover.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The words, and how many make a row.
    pub(crate) fn words(&self) -> (&'a [u64], usize) {
        (self.words, self.words_per_row)
    }

    /// The `len` (1 to 64) bits from column `col` of row `row`, both
    /// relative to the rectangle's corner: bit `i` is column `col + i`.
    /// `None` when the span is not wholly inside.
    #[inline(always)]
    pub(crate) fn span(&self, row: i64, col: i64, len: u32) -> Option<u64> {
        debug_assert!((1..=64).contains(&len));
        let (row, col) = (row as u64, col as u64);
        let end = col.wrapping_add(u64::from(len));
        if row >= u64::from(self.rect.height)
            || col >= u64::from(self.rect.width)
            || end > u64::from(self.rect.width)
        {
            return None;
        }
        let at = row as usize * self.words_per_row + (col / 64) as usize;
        let shift = col % 64;
        let mut bits = self.words[at] >> shift;
        // The tiles past the first word, when the span crosses into the next.
        if shift + u64::from(len) > 64 {
            bits |= self.words[at + 1] << (64 - shift);
        }
        Some(bits & (u64::MAX >> (64 - len)))
    }
}

/// Opacity packed one bit a tile, column by column, for
/// [`Opacity::bit_columns`]: the transpose of [`BitRows`], tile
/// `(rect.x + i, rect.y + j)` bit `j % 64` of word
/// `i * words_per_column + j / 64`.
#[derive(Clone, Copy, Debug)]
pub struct BitColumns<'a> {
    transposed: BitRows<'a>,
}

impl<'a> BitColumns<'a> {
    /// Columns of `words_per_column` words over `rect`; `None` unless the
    /// columns are tall enough for `rect.height` bits and `words` holds
    /// `rect.width` of them.
    ///
    /// ```
    /// use sightlines::{BitColumns, Rect};
    /// assert!(BitColumns::new(&[0; 4], 2, Rect::new(0, 0, 2, 100)).is_some());
    /// assert!(BitColumns::new(&[0; 4], 2, Rect::new(0, 0, 2, 129)).is_none());
    /// assert!(BitColumns::new(&[0; 3], 2, Rect::new(0, 0, 2, 100)).is_none());
    /// ```
    pub fn new(words: &'a [u64], words_per_column: usize, rect: Rect) -> Option<BitColumns<'a>> {
        let transposed = Rect::new(rect.y, rect.x, rect.height, rect.width);
        BitRows::new(words, words_per_column, transposed)
            .map(|transposed| BitColumns { transposed })
    }

    /// The tiles the bits cover.
    pub fn rect(&self) -> Rect {
        let t = self.transposed.rect;
        Rect::new(t.y, t.x, t.height, t.width)
    }

    /// The same words, as the [`BitRows`] of the transposed map.
    pub(crate) fn transposed(&self) -> BitRows<'a> {
        self.transposed
    }
}

impl<F: Fn(i32, i32) -> bool> Opacity for F {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        self(x, y)
    }
}

/// A map limited to a rectangle: see [`bounded`].
#[derive(Clone, Copy, Debug)]
pub struct Bounded<M> {
    bounds: Rect,
    map: M,
}

/// Limits `map` to `bounds`: tiles outside block sight and are never reported,
/// and a field of view needs no radius.
///
/// ```
/// use sightlines::{bounded, Fov, Range, Rect};
///
/// let map = bounded(Rect::new(0, 0, 5, 1), |x: i32, _y: i32| x == 3);
/// let mut seen = Vec::new();
/// Fov::default().compute(&map, (0, 0), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
/// seen.sort();
/// assert_eq!(seen, [(0, 0), (1, 0), (2, 0), (3, 0)]);
/// # Ok::<(), sightlines::FovError>(())
/// ```
///
/// A map of levels ([`Translucency`](crate::Translucency)) is bounded the same way.
pub fn bounded<M>(bounds: Rect, map: M) -> Bounded<M> {
    Bounded { bounds, map }
}

impl<M> Bounded<M> {
    /// The rectangle the map is limited to.
    pub(crate) fn rect(&self) -> Rect {
        self.bounds
    }

    /// The map within.
    pub(crate) fn inner(&self) -> &M {
        &self.map
    }
}

impl<M: Opacity> Opacity for Bounded<M> {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        !self.bounds.contains(x, y) || self.map.is_opaque(x, y)
    }

    fn bounds(&self) -> Option<Rect> {
        Some(match self.map.bounds() {
            None => self.bounds,
            Some(inner) => self.bounds.intersection(inner),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_contains_near_the_i32_limits() {
        let r = Rect::new(i32::MAX - 1, i32::MIN, u32::MAX, 2);
        assert!(r.contains(i32::MAX, i32::MIN + 1));
        assert!(!r.contains(i32::MAX - 2, i32::MIN));
        assert!(!r.contains(i32::MAX, i32::MIN + 2));
        assert!(Rect::new(0, 0, 0, 5).is_empty());
        assert!(!Rect::new(0, 0, 0, 5).contains(0, 0));
    }

    #[test]
    fn bounded_intersects_inner_bounds() {
        let grid = crate::Grid::new(4, 4);
        let b = bounded(Rect::new(2, -1, 10, 2), grid.clone());
        assert_eq!(b.bounds(), Some(Rect::new(2, 0, 2, 1)));
        assert!(b.is_opaque(1, 0));
        assert!(!b.is_opaque(3, 0));
        assert!(b.is_opaque(3, 1));
        let disjoint = bounded(Rect::new(10, 10, 1, 1), grid);
        assert!(disjoint.bounds().unwrap().is_empty());
    }
}
