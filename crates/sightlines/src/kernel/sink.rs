//! Where algorithms put what they see.

use super::octant::Octant;

/// Where an algorithm puts the tiles it sees, by offset from the origin.
///
/// Offsets always lie within the field. A [`VisibleSet`](crate::VisibleSet)
/// takes rows and columns a word at a time, so open ground fills by spans.
pub(crate) trait Sink {
    /// The tile at offset `(dx, dy)`.
    fn tile(&mut self, dx: i64, dy: i64);

    /// The tiles from `(dx0, dy)` to `(dx1, dy)`, both included; none when `dx1 < dx0`.
    #[inline]
    fn row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        for dx in dx0..=dx1 {
            self.tile(dx, dy);
        }
    }

    /// The tiles from `(dx, dy0)` to `(dx, dy1)`, both included; none when `dy1 < dy0`.
    #[inline]
    fn column(&mut self, dx: i64, dy0: i64, dy1: i64) {
        for dy in dy0..=dy1 {
            self.tile(dx, dy);
        }
    }
}

/// A visitor closure as a [`Sink`]: map positions, one tile at a time.
pub(crate) struct Visit<V> {
    pub(crate) visit: V,
    pub(crate) origin: (i64, i64),
}

impl<V> Visit<V> {
    /// `visit` given the positions of the offsets from `origin`.
    pub(crate) fn new(visit: V, origin: (i32, i32)) -> Visit<V> {
        Visit {
            visit,
            origin: (i64::from(origin.0), i64::from(origin.1)),
        }
    }
}

impl<V: FnMut(i32, i32)> Sink for Visit<V> {
    #[inline]
    fn tile(&mut self, dx: i64, dy: i64) {
        (self.visit)((self.origin.0 + dx) as i32, (self.origin.1 + dy) as i32);
    }
}

/// Whether one offset is among the tiles reported: `can_see`'s sink, one
/// comparison a row or column.
pub(crate) struct Target {
    d: (i64, i64),
    pub(crate) seen: bool,
}

impl Target {
    /// Looks for the tile at offset `d`.
    pub(crate) fn new(d: (i64, i64)) -> Target {
        Target { d, seen: false }
    }
}

impl Sink for Target {
    #[inline]
    fn tile(&mut self, dx: i64, dy: i64) {
        self.seen |= (dx, dy) == self.d;
    }

    #[inline]
    fn row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        self.seen |= dy == self.d.1 && dx0 <= self.d.0 && self.d.0 <= dx1;
    }

    #[inline]
    fn column(&mut self, dx: i64, dy0: i64, dy1: i64) {
        self.seen |= dx == self.d.0 && dy0 <= self.d.1 && self.d.1 <= dy1;
    }
}

/// Where an octant's scan puts the tiles it sees: spans of one line, in
/// the octant's own frame.
pub(crate) trait Spans {
    /// Whether only the spans of the scan's last line matter (a target
    /// there): the scan then reports no other.
    const LAST_LINE_ONLY: bool = false;

    /// The tiles (`depth`, `c0..=c1`); none when `c1 < c0`.
    fn span(&mut self, depth: i64, c0: i64, c1: i64);
}

/// A [`Sink`] seen through an octant's transform: each span becomes a row
/// or a column of the map.
pub(crate) struct InOctant<'s, S> {
    pub(crate) octant: Octant,
    pub(crate) sink: &'s mut S,
}

impl<S: Sink> Spans for InOctant<'_, S> {
    #[inline(always)]
    fn span(&mut self, depth: i64, c0: i64, c1: i64) {
        self.octant.span(self.sink, depth, c0, c1);
    }
}

/// `can_see`'s target in an octant's frame: whether the tile (`depth`,
/// `col`) is among the spans, with no transform.
pub(crate) struct OctantTarget {
    pub(crate) depth: i64,
    pub(crate) col: i64,
    pub(crate) seen: bool,
}

impl Spans for OctantTarget {
    const LAST_LINE_ONLY: bool = true;

    #[inline(always)]
    fn span(&mut self, depth: i64, c0: i64, c1: i64) {
        self.seen |= depth == self.depth && c0 <= self.col && self.col <= c1;
    }
}
