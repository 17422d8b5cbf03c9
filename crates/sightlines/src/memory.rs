//! Memory, or fog of war: the tiles a player has ever seen.
//!
//! A roguelike shows three kinds of tile: those in view now, those seen
//! before and remembered (drawn dim, without the monsters on them), and
//! those never seen (drawn blank). The field of view answers the first; a
//! [`Memory`] keeps the second, one bit a tile of the map, so that a
//! 256x256 level costs 8 KiB and a saved game keeps what was explored.
//!
//! Recording a turn's view costs `O(view / 64)` word operations: the
//! view's bits (a [`VisibleSet`] covers only the range's box) are shifted
//! into the memory's rows a word at a time; the map is never walked.
//!
//! With the `serde` feature, [`Memory`] and [`Knowledge`] implement serde's
//! `Serialize` and `Deserialize`: the area and the bits, row by row.
//!
//! ```
//! use sightlines::{Fov, Grid, Knowledge, Memory, Range, VisibleSet};
//!
//! let map = Grid::parse("#######\n#.....#\n#######\n")?.grid;
//! let mut memory = Memory::new(map.rect())?;
//! let mut fov = Fov::default();
//! let mut view = VisibleSet::new();
//! fov.compute_into(&map, (1, 1), Range::circle(2), &mut view)?;
//! memory.remember(&view);
//! fov.compute_into(&map, (5, 1), Range::circle(2), &mut view)?;
//! memory.remember(&view);
//! assert_eq!(memory.knowledge(&view, 5, 1), Knowledge::Visible);
//! assert_eq!(memory.knowledge(&view, 1, 1), Knowledge::Remembered);
//! assert_eq!(memory.knowledge(&view, 0, 5), Knowledge::Unknown);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::MAX_SET_AREA;
use crate::error::FovError;
use crate::map::Rect;
use crate::visible::VisibleSet;

/// What the player knows of a tile: how to draw it.
///
/// ```
/// use sightlines::Knowledge;
/// let glyph = |k: Knowledge, wall: bool| match (k, wall) {
///     (Knowledge::Visible, true) => '#',
///     (Knowledge::Visible, false) => '.',
///     (Knowledge::Remembered, true) => ':',
///     (Knowledge::Remembered, false) => ',',
///     (Knowledge::Unknown, _) => ' ',
/// };
/// assert_eq!(glyph(Knowledge::Remembered, true), ':');
/// assert!(Knowledge::Unknown < Knowledge::Remembered && Knowledge::Remembered < Knowledge::Visible);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Knowledge {
    /// Never seen: draw nothing.
    Unknown,
    /// Seen before, not in view now: draw it as remembered.
    Remembered,
    /// In view now.
    Visible,
}

/// The tiles of a map ever seen, one bit a tile.
///
/// A memory covers an area (usually the map's [`Rect`]); tiles outside it
/// are never remembered. It only grows with [`remember`](Memory::remember)
/// and [`mark_seen`](Memory::mark_seen), until [`clear`](Memory::clear):
/// once seen, a tile stays seen.
///
/// ```
/// use sightlines::{Memory, Rect};
///
/// let mut memory = Memory::new(Rect::new(0, 0, 80, 40))?;
/// memory.mark_seen(3, 4); // a magic map, say
/// assert!(memory.is_seen(3, 4));
/// assert_eq!(memory.len(), 1);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Memory {
    area: Rect,
    words_per_row: usize,
    words: Vec<u64>,
    len: u64,
}

impl Memory {
    /// An empty memory of the tiles of `area` (the part of it with `i32`
    /// positions).
    ///
    /// # Errors
    ///
    /// [`FovError::AreaTooLarge`] when `area` has more than
    /// [`MAX_SET_AREA`] tiles.
    pub fn new(area: Rect) -> Result<Memory, FovError> {
        let area = clip_to_i32(area);
        if area.area() > MAX_SET_AREA {
            return Err(FovError::AreaTooLarge { area });
        }
        let words_per_row = (area.width as usize).div_ceil(64);
        Ok(Memory {
            area,
            words_per_row,
            words: vec![0; words_per_row * area.height as usize],
            len: 0,
        })
    }

    /// The tiles this memory covers.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// How many tiles have been seen.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when no tile has been seen.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<(usize, u32)> {
        let dx = i64::from(x) - i64::from(self.area.x);
        let dy = i64::from(y) - i64::from(self.area.y);
        if dx < 0 || dy < 0 || dx >= i64::from(self.area.width) || dy >= i64::from(self.area.height)
        {
            return None;
        }
        Some((
            dy as usize * self.words_per_row + dx as usize / 64,
            (dx % 64) as u32,
        ))
    }

    /// Whether tile `(x, y)` has ever been seen; false outside the area.
    #[inline]
    pub fn is_seen(&self, x: i32, y: i32) -> bool {
        self.index(x, y)
            .is_some_and(|(w, b)| self.words[w] >> b & 1 == 1)
    }

    /// Records tile `(x, y)` as seen (a magic map, a revealed vault);
    /// returns true if it was not seen before. Tiles outside the area are
    /// ignored.
    pub fn mark_seen(&mut self, x: i32, y: i32) -> bool {
        match self.index(x, y) {
            Some((w, b)) if self.words[w] >> b & 1 == 0 => {
                self.words[w] |= 1 << b;
                self.len += 1;
                true
            }
            _ => false,
        }
    }

    /// What the player knows of tile `(x, y)`, given what they see now:
    /// [`Knowledge::Visible`] when `view` contains it, else
    /// [`Knowledge::Remembered`] when it was seen before, else
    /// [`Knowledge::Unknown`].
    ///
    /// ```
    /// use sightlines::{Knowledge, Memory, Rect, VisibleSet};
    /// let mut memory = Memory::new(Rect::new(0, 0, 4, 4))?;
    /// memory.mark_seen(0, 0);
    /// let nothing = VisibleSet::new();
    /// assert_eq!(memory.knowledge(&nothing, 0, 0), Knowledge::Remembered);
    /// assert_eq!(memory.knowledge(&nothing, 1, 0), Knowledge::Unknown);
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    #[inline]
    pub fn knowledge(&self, view: &VisibleSet, x: i32, y: i32) -> Knowledge {
        if view.contains(x, y) {
            Knowledge::Visible
        } else if self.is_seen(x, y) {
            Knowledge::Remembered
        } else {
            Knowledge::Unknown
        }
    }

    /// Records every tile of `view` inside the area as seen; returns how
    /// many were not seen before.
    ///
    /// Costs `O(view's area / 64)`: a word of the view at a time, never a
    /// walk over the map; no allocation.
    ///
    /// ```
    /// use sightlines::{Fov, Grid, Memory, Range, VisibleSet};
    /// let map = Grid::new(30, 30);
    /// let mut memory = Memory::new(map.rect())?;
    /// let mut view = VisibleSet::new();
    /// Fov::default().compute_into(&map, (0, 0), Range::square(2), &mut view)?;
    /// assert_eq!(memory.remember(&view), 9);
    /// assert_eq!(memory.remember(&view), 0); // nothing new
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    pub fn remember(&mut self, view: &VisibleSet) -> u64 {
        let va = view.area();
        let (view_words_per_row, view_words) = view.raw_rows();
        if va.is_empty() || self.area.is_empty() || view_words_per_row == 0 {
            return 0;
        }
        let width = i64::from(self.area.width);
        let mut fresh = 0u64;
        for (row, words) in view_words.chunks_exact(view_words_per_row).enumerate() {
            let my_row = i64::from(va.y) + row as i64 - i64::from(self.area.y);
            if my_row < 0 || my_row >= i64::from(self.area.height) {
                continue;
            }
            let start = my_row as usize * self.words_per_row;
            let dest = &mut self.words[start..start + self.words_per_row];
            for (w, &bits) in words.iter().enumerate() {
                if bits == 0 {
                    continue;
                }
                // The memory column of this word's bit 0.
                let col = i64::from(va.x) + 64 * w as i64 - i64::from(self.area.x);
                let (mut bits, base) = if col < 0 {
                    if col <= -64 {
                        continue;
                    }
                    (bits >> (-col), 0)
                } else {
                    (bits, col)
                };
                let room = width - base;
                if room <= 0 {
                    continue;
                }
                if room < 64 {
                    bits &= (1u64 << room) - 1;
                }
                let (i, shift) = (base as usize / 64, (base % 64) as u32);
                let low = bits << shift;
                fresh += u64::from((low & !dest[i]).count_ones());
                dest[i] |= low;
                if shift > 0 && i + 1 < dest.len() {
                    let high = bits >> (64 - shift);
                    fresh += u64::from((high & !dest[i + 1]).count_ones());
                    dest[i + 1] |= high;
                }
            }
        }
        self.len += fresh;
        fresh
    }

    /// Forgets every tile (a new level, an amnesia potion), keeping the area.
    ///
    /// ```
    /// use sightlines::{Memory, Rect};
    /// let mut memory = Memory::new(Rect::new(0, 0, 8, 8))?;
    /// memory.mark_seen(1, 1);
    /// memory.clear();
    /// assert!(memory.is_empty() && !memory.is_seen(1, 1));
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    pub fn clear(&mut self) {
        self.words.fill(0);
        self.len = 0;
    }

    /// Makes the memory cover `area`, keeping what it remembers of the tiles
    /// in both the old and the new area (a level that grows or shifts).
    ///
    /// ```
    /// use sightlines::{Memory, Rect};
    /// let mut memory = Memory::new(Rect::new(0, 0, 10, 10))?;
    /// memory.mark_seen(9, 9);
    /// memory.mark_seen(0, 0);
    /// memory.resize(Rect::new(5, 5, 100, 100))?;
    /// assert!(memory.is_seen(9, 9) && !memory.is_seen(0, 0));
    /// assert_eq!(memory.len(), 1);
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`FovError::AreaTooLarge`] as [`Memory::new`]; the memory is then
    /// unchanged.
    pub fn resize(&mut self, area: Rect) -> Result<(), FovError> {
        let mut next = Memory::new(area)?;
        let overlap = crate::map::intersect(self.area, next.area);
        for dy in 0..overlap.height {
            let y = (i64::from(overlap.y) + i64::from(dy)) as i32;
            for dx in 0..overlap.width {
                let x = (i64::from(overlap.x) + i64::from(dx)) as i32;
                if self.is_seen(x, y) {
                    next.mark_seen(x, y);
                }
            }
        }
        *self = next;
        Ok(())
    }

    /// The tiles seen, by row and then column.
    ///
    /// ```
    /// use sightlines::{Memory, Rect};
    /// let mut memory = Memory::new(Rect::new(-5, -5, 10, 10))?;
    /// memory.mark_seen(2, -1);
    /// memory.mark_seen(-5, 4);
    /// assert_eq!(memory.iter().collect::<Vec<_>>(), [(2, -1), (-5, 4)]);
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        let per_row = self.words_per_row.max(1);
        self.words.iter().enumerate().flat_map(move |(w, &word)| {
            let row = (w / per_row) as i64;
            let col0 = (w % per_row) as i64 * 64;
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = i64::from(bits.trailing_zeros());
                bits &= bits - 1;
                Some((
                    (i64::from(self.area.x) + col0 + b) as i32,
                    (i64::from(self.area.y) + row) as i32,
                ))
            })
        })
    }
}

/// The part of `area` whose tiles have `i32` positions.
fn clip_to_i32(area: Rect) -> Rect {
    let width = (i64::from(i32::MAX) - i64::from(area.x) + 1).min(i64::from(area.width)) as u32;
    let height = (i64::from(i32::MAX) - i64::from(area.y) + 1).min(i64::from(area.height)) as u32;
    Rect::new(area.x, area.y, width, height)
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Memory, Rect};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The saved form: the area and the bits, `ceil(width / 64)` words a row.
    #[derive(Serialize, Deserialize)]
    #[serde(rename = "Memory")]
    struct Saved {
        x: i32,
        y: i32,
        width: u32,
        height: u32,
        seen: Vec<u64>,
    }

    impl Serialize for Memory {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Saved {
                x: self.area.x,
                y: self.area.y,
                width: self.area.width,
                height: self.area.height,
                seen: self.words.clone(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Memory {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Memory, D::Error> {
            let saved = Saved::deserialize(deserializer)?;
            let area = Rect::new(saved.x, saved.y, saved.width, saved.height);
            let mut memory = Memory::new(area).map_err(D::Error::custom)?;
            if memory.area != area || saved.seen.len() != memory.words.len() {
                return Err(D::Error::custom(format!(
                    "a memory of {} x {} tiles holds {} words of 64 bits, not {}",
                    area.width,
                    area.height,
                    memory.words.len(),
                    saved.seen.len()
                )));
            }
            let tail = memory.area.width % 64;
            for (i, &word) in saved.seen.iter().enumerate() {
                let last = (i + 1) % memory.words_per_row == 0;
                if last && tail != 0 && word >> tail != 0 {
                    return Err(D::Error::custom(
                        "a memory has bits set past the end of a row",
                    ));
                }
                memory.len += u64::from(word.count_ones());
            }
            memory.words = saved.seen;
            Ok(memory)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_areas_are_errors() {
        assert!(matches!(
            Memory::new(Rect::new(0, 0, u32::MAX, u32::MAX)),
            Err(FovError::AreaTooLarge { .. })
        ));
        let m = Memory::new(Rect::new(i32::MAX - 1, 0, 100, 1)).unwrap();
        assert_eq!(m.area().width, 2);
        let mut m = Memory::new(Rect::new(0, 0, 0, 0)).unwrap();
        assert!(!m.mark_seen(0, 0));
        assert_eq!(m.iter().count(), 0);
        assert_eq!(m.remember(&VisibleSet::new()), 0);
    }
}
