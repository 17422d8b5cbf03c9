//! [`HexVisibleSet`], the reusable set of visible hexes.

use crate::bits::{TileBits, Tiles};
use crate::map::Rect;

/// The hexes seen from one origin, a bit each over the axial box of the
/// range (`q` and `r` each within the radius of the origin's), not over the
/// map. Refilling it allocates nothing once its buffer has grown.
///
/// ```
/// use sightlines::hex::{HexFov, HexVisibleSet};
///
/// let wall = |q: i32, r: i32| (q, r) == (2, 0);
/// let mut seen = HexVisibleSet::new();
/// HexFov::default().compute_into(&wall, (0, 0), Some(4), &mut seen)?;
/// assert!(seen.contains(2, 0) && !seen.contains(3, 0) && !seen.contains(4, 0));
/// assert_eq!(seen.iter().next(), Some((0, -4))); // by r, then q
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexVisibleSet {
    bits: TileBits,
    len: usize,
}

impl HexVisibleSet {
    /// An empty set; it allocates on first use.
    pub fn new() -> HexVisibleSet {
        HexVisibleSet::default()
    }

    /// Empties the set and makes it cover the axial box `area` (`x` is `q`,
    /// `y` is `r`), reusing its buffer.
    pub fn reset(&mut self, area: Rect) {
        self.bits.reset(area);
        self.len = 0;
    }

    /// The axial box covered.
    pub fn area(&self) -> Rect {
        self.bits.area()
    }

    /// Adds `(q, r)`; false if it was there already or lies outside the area.
    #[inline]
    pub fn insert(&mut self, q: i32, r: i32) -> bool {
        let fresh = self.bits.insert(q, r);
        self.len += usize::from(fresh);
        fresh
    }

    /// Whether `(q, r)` is in the set.
    #[inline]
    pub fn contains(&self, q: i32, r: i32) -> bool {
        self.bits.contains(q, r)
    }

    /// How many hexes are in the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The hexes, by `r` and then `q`.
    pub fn iter(&self) -> HexIter<'_> {
        HexIter(self.bits.iter())
    }
}

impl<'a> IntoIterator for &'a HexVisibleSet {
    type Item = (i32, i32);
    type IntoIter = HexIter<'a>;

    fn into_iter(self) -> HexIter<'a> {
        self.iter()
    }
}

/// The hexes of a [`HexVisibleSet`], by `r` and then `q`.
#[derive(Clone, Debug)]
pub struct HexIter<'a>(Tiles<'a>);

impl Iterator for HexIter<'_> {
    type Item = (i32, i32);

    fn next(&mut self) -> Option<(i32, i32)> {
        self.0.next()
    }
}
