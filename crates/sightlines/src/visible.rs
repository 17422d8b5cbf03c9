//! [`VisibleSet`], the reusable set of visible tiles.

use crate::bits::{fill_bits, span_mask, TileBits};
use crate::error::FovError;
use crate::kernel::{Field, Sink};
use crate::map::Rect;

/// Largest [`VisibleSet`] area, in tiles, that [`Fov::compute_into`](crate::Fov::compute_into)
/// will allocate; the same bound holds for every set of tiles the library
/// keeps (a [`Memory`](crate::Memory), a ray cast's marks).
pub const MAX_SET_AREA: u64 = 1 << 31;

/// `area`, or [`FovError::AreaTooLarge`] when a set over it would exceed
/// [`MAX_SET_AREA`] tiles.
pub(crate) fn checked_area(area: Rect) -> Result<Rect, FovError> {
    if area.area() > MAX_SET_AREA {
        return Err(FovError::AreaTooLarge { area });
    }
    Ok(area)
}

/// The tiles seen from one origin, as a bitset over the range's bounding box
/// clipped to the map, not over the map: radius 8 on a 1000x1000 map is
/// 17x17 bits, cleared in O(box / 64) words. A game keeps one per viewer and
/// refills it every turn; its buffer grows to the largest box it has held.
///
/// ```
/// use sightlines::{Fov, Grid, Range, VisibleSet};
///
/// let map = Grid::parse("......\n..#...\n......\n")?.grid;
/// let mut fov = Fov::default();
/// let mut seen = VisibleSet::new();
/// fov.compute_into(&map, (0, 1), Range::square(3), &mut seen)?;
/// assert!(seen.contains(1, 1));
/// assert!(seen.contains(2, 1)); // the wall is lit
/// assert!(!seen.contains(3, 1)); // behind it
/// assert!(!seen.contains(4, 1)); // out of range
/// assert_eq!(seen.iter().next(), Some((0, 0))); // rows first, then columns
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VisibleSet {
    bits: TileBits,
    len: usize,
}

impl VisibleSet {
    /// An empty set; it allocates on first use.
    pub fn new() -> VisibleSet {
        VisibleSet::default()
    }

    /// Empties the set and makes it cover `area`, reusing its buffer, in
    /// O(area / 64). Tiles outside `area` can never be inserted.
    pub fn reset(&mut self, area: Rect) {
        self.bits.reset(area);
        self.len = 0;
    }

    /// Empties the set, keeping its area. Costs O(area / 64).
    pub fn clear(&mut self) {
        self.bits.clear();
        self.len = 0;
    }

    /// The box the set covers: the range's bounding box clipped to the map.
    pub fn area(&self) -> Rect {
        self.bits.area()
    }

    /// Adds `(x, y)`; false if it was already there or lies outside the area.
    #[inline]
    pub fn insert(&mut self, x: i32, y: i32) -> bool {
        let fresh = self.bits.insert(x, y);
        self.len += usize::from(fresh);
        fresh
    }

    /// Adds the tiles from `(x0, y)` to `(x1, y)`, both included, a word at a
    /// time, leaving out those outside the area; returns how many are new.
    ///
    /// ```
    /// use sightlines::{Rect, VisibleSet};
    /// let mut s = VisibleSet::new();
    /// s.reset(Rect::new(0, 0, 100, 2));
    /// assert_eq!(s.insert_span(1, -5, 69), 70);
    /// assert_eq!(s.insert_span(1, 60, 200), 30);
    /// assert_eq!(s.len(), 100);
    /// assert!(s.contains(99, 1) && !s.contains(0, 0));
    /// ```
    pub fn insert_span(&mut self, y: i32, x0: i32, x1: i32) -> usize {
        let added = self.bits.insert_span(y, x0, x1);
        self.len += added;
        added
    }

    /// Empties the set, makes it cover `field`'s box and returns its [`Fill`].
    pub(crate) fn fill(&mut self, field: &Field) -> Fill<'_> {
        self.fill_at(field.rect(), field.left, field.up)
    }

    /// Empties the set, makes it cover `area` and returns its [`Fill`] for
    /// offsets from the tile `(left, up)` tiles into it. The sink must
    /// give it each tile of `area` at most once.
    pub(crate) fn fill_at(&mut self, area: Rect, left: i64, up: i64) -> Fill<'_> {
        self.reset(area);
        let words_per_row = self.bits.words_per_row();
        Fill {
            words: self.bits.words_mut(),
            words_per_row,
            left,
            up,
            len: &mut self.len,
        }
    }

    /// How many words a row of the set takes.
    pub(crate) fn words_per_row(&self) -> usize {
        self.bits.words_per_row()
    }

    /// The set's words, row after row, to set bits in directly (none past
    /// a row's width); [`recount`](Self::recount) after.
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        self.bits.words_mut()
    }

    /// Counts a set whose words were set directly: a bit may then have
    /// been set twice, so counting as it goes would not do. Every word is
    /// counted, none tested for zero first as `Bits::count` does for a
    /// sparse diff: a field's words are mostly set, and the test costs 1%
    /// of a hex field.
    pub(crate) fn recount(&mut self) {
        self.len = self
            .bits
            .words()
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
    }

    /// What changed since `before` (the same viewer a turn ago, or any other
    /// set): the tiles of this set that `before` lacks into `newly_seen`,
    /// those of `before` that this set lacks into `newly_hidden`. A word of
    /// 64 tiles at a time, shifted where the two areas differ; both outputs
    /// keep their buffers, so a game loop allocates nothing once they have
    /// grown. "You spot a goblin" is a monster in `newly_seen`; redrawing
    /// only what changed is both sets.
    ///
    /// ```
    /// use sightlines::{Fov, Grid, Range, VisibleSet};
    ///
    /// let map = Grid::parse("....#....\n....#....\n.........\n")?.grid;
    /// let mut fov = Fov::default();
    /// let (mut before, mut now) = (VisibleSet::new(), VisibleSet::new());
    /// fov.compute_into(&map, (0, 0), Range::UNLIMITED, &mut before)?;
    /// fov.compute_into(&map, (8, 0), Range::UNLIMITED, &mut now)?;
    /// let (mut seen, mut hidden) = (VisibleSet::new(), VisibleSet::new());
    /// now.changes_since(&before, &mut seen, &mut hidden);
    /// assert!(seen.contains(8, 0) && !before.contains(8, 0));
    /// assert!(hidden.contains(0, 0) && !now.contains(0, 0));
    /// let kept = now.iter().filter(|&(x, y)| before.contains(x, y)).count();
    /// assert_eq!(seen.len() + kept, now.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn changes_since(
        &self,
        before: &VisibleSet,
        newly_seen: &mut VisibleSet,
        newly_hidden: &mut VisibleSet,
    ) {
        self.difference_into(before, newly_seen);
        before.difference_into(self, newly_hidden);
    }

    /// The tiles of this set that `other` lacks, into `out`.
    fn difference_into(&self, other: &VisibleSet, out: &mut VisibleSet) {
        out.bits.copy_from(&self.bits);
        out.bits.subtract(&other.bits);
        out.len = out.bits.count();
    }

    /// Whether `(x, y)` is in the set; false for any tile outside the area.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        self.bits.contains(x, y)
    }

    /// The number of tiles in the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no tile is in the set.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tiles in the set, sorted by row (y) and then column (x).
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.bits.iter())
    }

    /// The bits, for the game layer.
    pub(crate) fn bits(&self) -> &TileBits {
        &self.bits
    }
}

/// A [`Sink`] writing straight into a [`VisibleSet`]'s words, rows a word
/// at a time. It does not check for tiles already there: the algorithms
/// report each tile once, which the tests check.
pub(crate) struct Fill<'a> {
    words: &'a mut [u64],
    words_per_row: usize,
    left: i64,
    up: i64,
    len: &'a mut usize,
}

impl Sink for Fill<'_> {
    #[inline]
    fn tile(&mut self, dx: i64, dy: i64) {
        let (col, row) = ((dx + self.left) as usize, (dy + self.up) as usize);
        self.words[row * self.words_per_row + col / 64] |= 1 << (col % 64);
        *self.len += 1;
    }

    #[inline(always)]
    fn row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        if dx1 < dx0 {
            return;
        }
        let (c0, c1) = ((dx0 + self.left) as usize, (dx1 + self.left) as usize);
        *self.len += c1 - c0 + 1;
        let row = (dy + self.up) as usize * self.words_per_row;
        if c0 / 64 == c1 / 64 {
            self.words[row + c0 / 64] |= span_mask(c0 / 64, c0, c1);
        } else {
            fill_bits(&mut self.words[row..row + self.words_per_row], c0, c1);
        }
    }

    #[inline]
    fn column(&mut self, dx: i64, dy0: i64, dy1: i64) {
        let col = (dx + self.left) as usize;
        let bit = 1 << (col % 64);
        let stride = self.words_per_row;
        if dy1 < dy0 {
            return;
        }
        let start = (dy0 + self.up) as usize * stride + col / 64;
        let count = (dy1 - dy0 + 1) as usize;
        *self.len += count;
        // One bounds check for the whole column, then a word per row.
        let words = &mut self.words[start..=start + (count - 1) * stride];
        let mut at = 0;
        while at < words.len() {
            words[at] |= bit;
            at += stride;
        }
    }
}

impl<'a> IntoIterator for &'a VisibleSet {
    type Item = (i32, i32);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// Iterator over a [`VisibleSet`], by row and then column.
#[derive(Clone, Debug)]
pub struct Iter<'a>(crate::bits::Tiles<'a>);

impl Iterator for Iter<'_> {
    type Item = (i32, i32);

    #[inline]
    fn next(&mut self) -> Option<(i32, i32)> {
        self.0.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_contains_iterate_clear() {
        let mut s = VisibleSet::new();
        s.reset(Rect::new(-70, 5, 140, 3));
        assert!(s.insert(69, 7));
        assert!(s.insert(-70, 5));
        assert!(s.insert(0, 6));
        assert!(!s.insert(0, 6));
        assert!(!s.insert(70, 7));
        assert_eq!(s.len(), 3);
        assert_eq!(s.iter().collect::<Vec<_>>(), [(-70, 5), (0, 6), (69, 7)]);
        s.clear();
        assert!(s.is_empty() && !s.contains(0, 6));
        assert_eq!(s.iter().count(), 0);
    }

    #[test]
    fn areas_beyond_i32_space_are_cut() {
        let mut s = VisibleSet::new();
        s.reset(Rect::new(i32::MAX - 1, i32::MIN, 10, 3));
        assert_eq!(s.area(), Rect::new(i32::MAX - 1, i32::MIN, 2, 3));
        assert!(s.insert(i32::MAX, i32::MIN + 2));
        assert!(!s.insert(i32::MIN, i32::MIN));
        assert!(!s.contains(i32::MAX - 2, i32::MIN));
        assert_eq!(s.iter().collect::<Vec<_>>(), [(i32::MAX, i32::MIN + 2)]);
    }

    #[test]
    fn works_at_the_i32_corner() {
        let mut s = VisibleSet::new();
        s.reset(Rect::new(i32::MAX - 2, i32::MAX - 1, 3, 2));
        assert!(s.insert(i32::MAX, i32::MAX));
        assert_eq!(s.iter().collect::<Vec<_>>(), [(i32::MAX, i32::MAX)]);
        s.reset(Rect::new(0, 0, 0, 0));
        assert_eq!(s.iter().next(), None);
        assert!(!s.insert(0, 0));
    }
}
