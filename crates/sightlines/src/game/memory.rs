//! Memory, or fog of war: the tiles a player has ever seen.
//!
//! A roguelike draws a tile as in view, remembered or never seen
//! ([`Knowledge`]). The field of view answers the first; a [`Memory`] keeps
//! the second, one bit a tile of the map, so that a 256x256 level costs
//! 8 KiB and a saved game keeps what was explored.
//!
//! With the `serde` feature, [`Memory`] and [`Knowledge`] implement serde's
//! `Serialize` and `Deserialize`: the area and the bits, row by row.
//!
//! The saved form of a [`Memory`] is versioned. Version 1, this one, is a
//! struct named `Memory` with the fields, in this order:
//!
//! - `version`: 1;
//! - `x`, `y` (`i32`), `width`, `height` (`u32`): the area;
//! - `seen`: the bits, `ceil(width / 64)` `u64` words a row, rows from the
//!   top; in a word, bit `i` (`1 << i`) is the tile `i` columns right of the
//!   word's first; bits past a row's width are zero.
//!
//! In JSON: `{"version":1,"x":0,"y":0,"width":3,"height":1,"seen":[5]}`
//! remembers tiles (0, 0) and (2, 0). A missing `version` is version 1 (the
//! form saved before the field existed, in formats that name their fields,
//! such as JSON); a version newer than this crate reads is an error that
//! says so. Formats that do not name fields (bincode, postcard) read only
//! the form they were written in.
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

use crate::bits::{clip_to_i32, TileBits};
use crate::error::FovError;
use crate::map::Rect;
use crate::visible::{checked_area, VisibleSet};

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
    /// Seen before, not in view now: draw it dim, without its monsters.
    Remembered,
    /// In view now.
    Visible,
}

/// The tiles of a map ever seen, one bit a tile.
///
/// It covers an area (usually the map's [`Rect`]) and remembers no tile
/// outside it; once seen, a tile stays seen until [`clear`](Memory::clear).
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
    bits: TileBits,
    len: u64,
}

impl Memory {
    /// An empty memory of the tiles of `area` (the part of it with `i32`
    /// positions).
    ///
    /// # Errors
    ///
    /// [`FovError::AreaTooLarge`] when `area` has more than
    /// [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles.
    pub fn new(area: Rect) -> Result<Memory, FovError> {
        let mut bits = TileBits::default();
        bits.reset(checked_area(clip_to_i32(area))?);
        Ok(Memory { bits, len: 0 })
    }

    /// The tiles this memory covers.
    pub fn area(&self) -> Rect {
        self.bits.area()
    }

    /// How many tiles have been seen.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when no tile has been seen.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether tile `(x, y)` has ever been seen; false outside the area.
    #[inline]
    pub fn is_seen(&self, x: i32, y: i32) -> bool {
        self.bits.contains(x, y)
    }

    /// Records tile `(x, y)`, if in the area, as seen (a magic map, a
    /// revealed vault); returns true if it was not seen before.
    pub fn mark_seen(&mut self, x: i32, y: i32) -> bool {
        let fresh = self.bits.insert(x, y);
        self.len += u64::from(fresh);
        fresh
    }

    /// What the player knows of tile `(x, y)` while they see `view`.
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
    /// Costs `O(view's area / 64)`: the view's bits (a [`VisibleSet`] covers
    /// only the range's box) are shifted in a word at a time, never a walk
    /// over the map; no allocation.
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
        let fresh = self.bits.union(view.bits());
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
        self.bits.clear();
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
        // The tiles outside the new area are left out, a word at a time.
        next.len = next.bits.union(&self.bits);
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
        self.bits.iter()
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Memory, Rect};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The version of the saved form this crate writes; it reads this one
    /// and every earlier one (see the module's docs).
    const VERSION: u32 = 1;

    fn first_version() -> u32 {
        1
    }

    /// The saved form: the version, the area and the bits,
    /// `ceil(width / 64)` words a row.
    #[derive(Serialize, Deserialize)]
    #[serde(rename = "Memory")]
    struct Saved {
        #[serde(default = "first_version")]
        version: u32,
        x: i32,
        y: i32,
        width: u32,
        height: u32,
        seen: Vec<u64>,
    }

    impl Serialize for Memory {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let area = self.area();
            Saved {
                version: VERSION,
                x: area.x,
                y: area.y,
                width: area.width,
                height: area.height,
                seen: self.bits.words().to_vec(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Memory {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Memory, D::Error> {
            let saved = Saved::deserialize(deserializer)?;
            if saved.version > VERSION {
                return Err(D::Error::custom(format!(
                    "a memory saved in format version {}, newer than this sightlines reads ({VERSION}); update sightlines",
                    saved.version
                )));
            }
            let area = Rect::new(saved.x, saved.y, saved.width, saved.height);
            let mut memory = Memory::new(area).map_err(D::Error::custom)?;
            let (words, n) = (memory.bits.words().len(), saved.seen.len());
            if memory.area() != area || n != words {
                let (w, h) = (area.width, area.height);
                return Err(D::Error::custom(format!(
                    "a memory of {w} x {h} tiles holds {words} words of 64 bits, not {n}"
                )));
            }
            memory.len = memory
                .bits
                .set_words(saved.seen)
                .map_err(|e| D::Error::custom(format!("a memory has {e}")))?;
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

    /// Memories saved by each version of the format load in this one: the
    /// fixture was saved by version 1 and must load, tile for tile, in every
    /// later version. A new version adds its own fixture here.
    #[cfg(feature = "serde")]
    #[test]
    fn saved_memories_of_every_version_load() {
        let mut expected = Memory::new(Rect::new(-3, 2, 70, 3)).unwrap();
        for (x, y) in [(-3, 2), (60, 2), (66, 3), (0, 4), (64, 4)] {
            expected.mark_seen(x, y);
        }
        let v1 = include_str!("../../tests/data/memory-v1.json");
        let loaded: Memory = serde_json::from_str(v1).unwrap();
        assert_eq!(loaded, expected);
        assert_eq!(loaded.len(), 5);
        // The form written before the version field existed is version 1.
        let unversioned = v1.replace("\"version\":1,", "");
        assert_ne!(unversioned, v1);
        assert_eq!(
            serde_json::from_str::<Memory>(&unversioned).unwrap(),
            expected
        );
        // This version writes version 1, field for field as the fixture.
        assert_eq!(serde_json::to_string(&expected).unwrap(), v1.trim_end());
        // A newer version is refused with a message that says so.
        let newer = v1.replace("\"version\":1,", "\"version\":2,");
        let err = serde_json::from_str::<Memory>(&newer)
            .unwrap_err()
            .to_string();
        assert!(err.contains("format version 2, newer than"), "{err}");
    }
}
