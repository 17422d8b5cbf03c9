//! RuggRogue's shadowcasting with diamond walls (`diamond-shadowcast`).
//!
//! **Definition.** Every opaque tile is a *diamond*: the square joining the
//! mid-points of the tile's four sides. Sight runs from the *center* of the
//! origin tile, whose own opacity never matters. A segment is *blocked* when
//!
//! 1. it passes through the interior of a wall diamond, or
//! 2. it passes through the point where two orthogonally adjacent wall
//!    diamonds touch (a run of walls has no pin-hole between its tiles), or
//! 3. it touches the corner of a wall diamond on its *axis side* (the side
//!    facing the nearest axis through the origin) and, farther on, the
//!    corner of one on its other side. This pin-hole rule comes from
//!    RuggRogue's rounding; seen from the far end both the sides and the order
//!    swap, so it keeps visibility symmetric.
//!
//! A segment that only touches diamond corners otherwise passes.
//!
//! - A **transparent** tile is visible when the segment from the origin's
//!   center to the tile's *center* is not blocked (center-to-center). This
//!   is the iterator's `symmetric` flag, and it is symmetric: between two
//!   transparent tiles A and B, B sees A exactly when A sees B.
//! - An **opaque** tile is visible when a segment from the origin's center
//!   to some point of its *mid-line* is not blocked by the other walls
//!   (center-to-mid-line; the diamond is as good as a plus). This is
//!   asymmetric on purpose: it keeps walls *expansive*, so a long straight
//!   wall beside the viewer stays lit to its end, where a center-to-center
//!   rule would leave its far tiles dark.
//!
//! Exactly: the scan splits the plane into eight octants, each with a depth
//! axis and `0 <= col <= depth`. A tile's mid-line is the one across the
//! depth axis (vertical for a tile mostly left or right of the origin),
//! cut to its octant; of its two ends, the one nearer the octant's axis
//! counts and the one nearer the diagonal does not (RuggRogue's rounding
//! `y = (2·x·rise/run + 1) / 2`).
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! The whole result is invariant under the eight rotations and reflections
//! of the map. The diamonds of two walls touching only diagonally leave a
//! wide gap, so sight passes between them; a lone pillar hides what lies
//! straight behind it.
//!
//! **How.** Each octant is scanned column by column, keeping a list of
//! *sights*: closed intervals of slopes still open, measured from the
//! origin's center in half-tile units, so every slope is an exact integer
//! fraction. Walls in a column cut their mid-line's slope interval out of
//! the sights; the survivors go to the next column's list. Two lists, one
//! for even and one for odd columns, swap roles; no recursion.
//! [`DiamondShadowcast::iter`] yields every tile the scan reaches with its
//! `symmetric` flag, as RuggRogue's iterator does. `compute` runs the same
//! scan a sight at a time instead: it reads the walls a sight covers a word
//! of 64 tiles at a time and reports what the sight shows as one span
//! (every tile it covers, but a floor at either end whose center lies
//! outside it), so its cost grows with the sights, not the tiles.
//!
//! ```
//! use sightlines::{FieldOfView, DiamondShadowcast, Grid, Range};
//!
//! // A wall running along the viewer's row stays lit to its far end.
//! let map = Grid::parse("#############\n@............\n")?.grid;
//! let mut fov = DiamondShadowcast::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(12, 0)));
//! assert_eq!(seen.len(), 26);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::centre_ray::{self, Pinch};
use crate::kernel::sink::{InOctant, OctantTarget, Spans};
use crate::kernel::{
    each_octant, presized_reach, with_tiles, ByTile, Field, FieldLines, Octant, OctantRows, Reach,
    Sink, Slope, Tiles,
};
use crate::map::Opacity;
use crate::range::Range;
use std::iter::FusedIterator;

/// A closed interval of slopes still open to sight, in an octant's frame.
#[derive(Clone, Copy, Debug)]
struct Sight {
    low: Slope,
    high: Slope,
}

/// The whole octant: slopes 0/1 to 1/1.
const FULL: Sight = Sight {
    low: Slope::new(0, 1),
    high: Slope::new(1, 1),
};

/// The tile of column `x` whose mid-line holds the point at `slope`:
/// RuggRogue's `(2·x·rise/run + 1) / 2`, a point on the corner between two tiles
/// going to the one farther from the axis. `slope` lies in `[0, 1]`.
#[inline]
fn tile_at(x: i64, slope: Slope) -> i64 {
    // x < 2^30 and 0 <= num <= den <= 2^31, so this stays below 2^63.
    (2 * x * slope.num + slope.den).div_euclid(2 * slope.den)
}

/// Reusable scratch for RuggRogue's diamond-wall shadowcasting: the even and
/// odd sight lists. See the [module docs](self) for what it sees.
///
/// ```
/// use sightlines::{DiamondShadowcast, FieldOfView, Range};
///
/// // A pillar hides the tile straight behind it; its neighbours stay in view.
/// let map = |x: i32, y: i32| (x, y) == (2, 0);
/// let mut fov = DiamondShadowcast::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(4), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(2, 0)) && !seen.contains(&(4, 0)));
/// assert!(seen.contains(&(4, 1)));
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct DiamondShadowcast {
    /// Index 0: sights of even columns; 1: of odd columns.
    sights: [Vec<Sight>; 2],
    /// The range's reach, column by column.
    reach: Reach,
}

impl DiamondShadowcast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> DiamondShadowcast {
        DiamondShadowcast::default()
    }

    /// Every tile the scan reaches, as `(x, y, symmetric)`: the origin
    /// first, then each tile once. `symmetric` is true when the tile's center
    /// is in sight; a tile is *visible* when `symmetric` is true or the tile
    /// is opaque (the rule [`FieldOfView::compute`](crate::FieldOfView::compute)
    /// applies): transparent tiles yielded with `symmetric == false` are
    /// reached only by their mid-line. The iterator borrows this scratch.
    ///
    /// ```
    /// use sightlines::{DiamondShadowcast, Grid, Opacity, Range};
    ///
    /// let map = Grid::parse("@....\n..#..\n.....\n")?.grid;
    /// let mut fov = DiamondShadowcast::new();
    /// let visible: Vec<_> = fov
    ///     .iter(&map, (0, 0), Range::UNLIMITED)?
    ///     .filter(|&(x, y, symmetric)| symmetric || map.is_opaque(x, y))
    ///     .map(|(x, y, _)| (x, y))
    ///     .collect();
    /// assert!(visible.contains(&(2, 1))); // the wall is lit
    /// assert!(!visible.contains(&(4, 2))); // its shadow
    /// assert!(visible.contains(&(4, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`FieldOfView::compute`](crate::FieldOfView::compute).
    pub fn iter<'a, M>(
        &'a mut self,
        map: &'a M,
        origin: (i32, i32),
        range: Range,
    ) -> Result<DiamondIter<'a, M>, FovError>
    where
        M: Opacity + ?Sized,
    {
        let field = Field::new(map, origin, range)?;
        self.reserve(map, range);
        Ok(DiamondIter {
            map,
            sights: &mut self.sights,
            field,
            origin_pending: true,
            octant: 0,
            depth: 0,
            max_depth: 0,
            max_col: 0,
            next_sight: 0,
            sight: FULL,
            scanning: false,
            col: 0,
            col_end: 0,
            working: None,
        })
    }
}

field_of_view!(DiamondShadowcast);

impl Scan for DiamondShadowcast {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.reserve(map, field.range);
        self.reach.reset(field.range);
        sink.tile(0, 0);
        with_tiles!(map, field.origin, |tiles| {
            let lines = tiles.lines(field);
            each_octant!(self.scan_octant::<_, _, S>(tiles, &lines, field, sink));
        });
        Ok(())
    }
}

impl DiamondShadowcast {
    /// Room in both sight lists for the farthest column any origin can
    /// reach with `range` on `map`: a column's sights each end on a
    /// transparent tile of the column before, which at most two sights
    /// share, so that no later origin needs more.
    fn reserve<M: Opacity + ?Sized>(&mut self, map: &M, range: Range) {
        let sights = 2 * (presized_reach(map, range) + 2);
        for list in &mut self.sights {
            list.reserve(sights.saturating_sub(list.len()));
        }
    }

    /// Octant `O` of [`Scan::run`], reading its lines straight from the
    /// map's packed words when it keeps them over the field.
    #[inline(always)]
    fn scan_octant<const O: usize, T: Tiles, S: Sink>(
        &mut self,
        tiles: &T,
        lines: &FieldLines<'_>,
        field: &Field,
        sink: &mut S,
    ) {
        match lines.of(Octant::ALL[O]) {
            Some(lines) => self.scan_columns::<O, _, S>(&lines, field, sink),
            None => self.scan_columns::<O, _, S>(&ByTile(tiles), field, sink),
        }
    }

    /// The scan of [`DiamondIter`], a sight at a time rather than a tile at
    /// a time: the walls a sight covers are read a word of 64 tiles at a
    /// time, each run of floor between them becomes a sight of the next
    /// column, and what the sight shows is one span (every tile it covers
    /// but the end ones whose floor has its center outside the sight).
    fn scan_columns<const O: usize, R: OctantRows, S: Sink>(
        &mut self,
        rows: &R,
        field: &Field,
        sink: &mut S,
    ) {
        let octant = Octant::ALL[O];
        let max = octant.extents(field);
        let mut spans = InOctant { octant, sink };
        self.columns::<R, _>(octant, O % 2 == 0, rows, max, FULL, &mut spans);
    }

    /// Whether the tile at offset `to` (on the field, in its range, not the
    /// origin) is visible. A floor is decided by the segment to its centre,
    /// walked tile by tile ([`centre_ray`]). A wall by its octant's scan
    /// alone (the even octant, for a tile on an axis or a diagonal),
    /// started with the one sight of the rays to its mid-line and stopped
    /// at its column. Walls only ever cut sights, so the scan of part of a
    /// sight finds that part of what the whole one does.
    pub(crate) fn sees<T: Tiles>(&mut self, tiles: &T, field: &Field, to: (i64, i64)) -> bool {
        if !tiles.opaque(to.0, to.1) {
            // A floor: the one segment to its centre decides.
            return !centre_ray::blocked(tiles, field, to, Pinch::AxisSideFirst);
        }
        let (mut k, depth, col) = Octant::holding(to.0, to.1);
        if col == 0 && k % 2 == 1 {
            // An axis tile: the even octant across the axis holds it too.
            k = (k + 1) % 8;
        }
        let octant = Octant::ALL[k];
        debug_assert_eq!(octant.offset(depth, col), to);
        self.reach.reset(field.range);
        let max = (depth, octant.extents(field).1);
        let mut target = OctantTarget {
            depth,
            col,
            seen: false,
        };
        match tiles.lines(field).of(octant) {
            Some(lines) => self.sight(octant, &lines, max, col, &mut target),
            None => self.sight(octant, &ByTile(tiles), max, col, &mut target),
        }
        target.seen
    }

    /// [`sees`](Self::sees) in `octant`, the target at (`max.0`, `col`):
    /// one copy for all octants.
    #[inline(never)]
    fn sight<R: OctantRows>(
        &mut self,
        octant: Octant,
        rows: &R,
        max: (i64, i64),
        col: i64,
        target: &mut OctantTarget,
    ) {
        // The rays to the tile's mid-line, cut to the octant. A sight's high
        // end fares as any ray would, but its low end is lost where it
        // touches a wall's axis-side corner, which a ray inside a sight
        // survives (as the high end of the sight below). So the low end
        // starts a little lower, between the mid-line's end (2c - 1) / 2d
        // and the next slope below it of a corner or centre of the columns
        // up to `depth` (denominators up to 2·depth, so at least 1 / 4d²
        // away): it meets none of them. Far out, where that would not fit,
        // the sight starts at the axis.
        let depth = max.0;
        let low = if col == 0 || depth > 1 << 14 {
            FULL.low
        } else {
            Slope::new((2 * col - 1) * 4 * depth - 1, 8 * depth * depth)
        };
        let mid_line = Sight {
            low,
            high: Slope::new(2 * col + 1, 2 * depth).min(FULL.high),
        };
        self.columns::<R, _>(octant, true, rows, max, mid_line, target);
    }

    /// Scans `start` and the sights it leaves, through the columns of
    /// `octant` up to `max_depth` (rows up to `max_col`); `shares` reports
    /// the tiles of the axis and the diagonal, which two octants share.
    #[inline(always)]
    fn columns<R: OctantRows, S: Spans>(
        &mut self,
        octant: Octant,
        shares: bool,
        rows: &R,
        (max_depth, max_col): (i64, i64),
        start: Sight,
        spans: &mut S,
    ) {
        let DiamondShadowcast { sights, reach } = self;
        let [even, odd] = sights;
        odd.clear();
        odd.push(start);
        for depth in 1..=max_depth {
            // Shapes grow with |dx| and |dy|: the tiles out of range end the
            // column, and sight through them reaches only tiles out of range.
            let in_range = reach.at(depth);
            if in_range < 0 {
                break;
            }
            let limit = max_col.min(in_range);
            let (current, next) = if depth & 1 == 0 {
                (&*even, &mut *odd)
            } else {
                (&*odd, &mut *even)
            };
            next.clear();
            for &sight in current {
                let c0 = tile_at(depth, sight.low);
                let c1 = tile_at(depth, sight.high).min(limit);
                if c1 < c0 {
                    continue;
                }
                // The run of floor being scanned starts at this slope, if in one.
                let mut working: Option<Slope> = None;
                // Whether the sight's first and last tiles are walls.
                let (mut first_wall, mut last_wall) = (false, false);
                let mut start = c0;
                while start <= c1 {
                    let len = (c1 - start + 1).min(64) as u32;
                    let walls = rows.octant_bits(octant, depth, start, len);
                    if start == c0 {
                        first_wall = walls & 1 != 0;
                    }
                    last_wall = walls >> (len - 1) & 1 != 0;
                    // Each change from floor to wall or back, in order.
                    let mut passed = 0;
                    loop {
                        let ahead = if working.is_some() { walls } else { !walls };
                        let at = (ahead & (u64::MAX << passed)).trailing_zeros();
                        if at >= len {
                            break;
                        }
                        passed = at;
                        let c = start + i64::from(at);
                        // The bottom end of the tile's mid-line.
                        let low_mid = Slope::new(2 * c - 1, 2 * depth);
                        working = match working {
                            Some(low) => {
                                next.push(Sight { low, high: low_mid });
                                None
                            }
                            // The first tile's mid-line starts at or below the
                            // sight (`tile_at` rounds to the nearest), a later
                            // tile's above it.
                            None => Some(if c == c0 { sight.low } else { low_mid }),
                        };
                    }
                    start += i64::from(len);
                }
                if let Some(low) = working {
                    next.push(Sight {
                        low,
                        high: sight.high,
                    });
                }
                // Every tile between the ends has its center inside the sight:
                // walls are seen, and floor at an end only by its center.
                let v0 = if !first_wall && sight.low.scaled_cmp(depth, c0).is_gt() {
                    c0 + 1
                } else {
                    c0
                };
                let v1 = if !last_wall && sight.high.scaled_cmp(depth, c1).is_lt() {
                    c1 - 1
                } else {
                    c1
                };
                // The axis and diagonal, which two octants share, go to the even one.
                let (v0, v1) = if shares {
                    (v0, v1)
                } else {
                    (v0.max(1), v1.min(depth - 1))
                };
                if !S::LAST_LINE_ONLY || depth == max_depth {
                    spans.span(depth, v0, v1);
                }
            }
            if next.is_empty() {
                break;
            }
        }
    }
}

/// The iterator of [`DiamondShadowcast::iter`]: the scan itself, paused
/// between tiles, its fields saying which octant, column, sight and tile
/// come next.
#[derive(Debug)]
pub struct DiamondIter<'a, M: ?Sized> {
    map: &'a M,
    sights: &'a mut [Vec<Sight>; 2],
    field: Field,
    origin_pending: bool,
    /// 0..8; 8 when done.
    octant: usize,
    /// The column being scanned; 0 before the octant starts.
    depth: i64,
    max_depth: i64,
    max_col: i64,
    /// Index in the current column's list of the next sight to scan.
    next_sight: usize,
    /// The sight being scanned, when `scanning`.
    sight: Sight,
    scanning: bool,
    /// The next tile of the sight, and its last.
    col: i64,
    col_end: i64,
    /// Where the run of transparent tiles being scanned starts, if in one.
    working: Option<Slope>,
}

/// A tile the scan reaches.
struct Reached {
    x: i32,
    y: i32,
    symmetric: bool,
}

impl<M: Opacity + ?Sized> DiamondIter<'_, M> {
    fn next_tile(&mut self) -> Option<Reached> {
        if self.origin_pending {
            self.origin_pending = false;
            let (x, y) = self.field.origin;
            return Some(Reached {
                x,
                y,
                symmetric: true,
            });
        }
        loop {
            if self.scanning {
                if self.col > self.col_end {
                    self.scanning = false;
                    if let Some(low) = self.working.take() {
                        let high = self.sight.high;
                        self.next_list().push(Sight { low, high });
                    }
                    continue;
                }
                let (x, y) = (self.depth, self.col);
                let (dx, dy) = Octant::ALL[self.octant].offset(x, y);
                if !self.field.in_range(dx, dy) {
                    // Shapes grow with |dx| and |dy|: the rest of the column is
                    // out of range, and sight through it reaches only tiles
                    // out of range.
                    self.col = self.col_end + 1;
                    continue;
                }
                self.col += 1;
                let (tx, ty) = self.field.tile(dx, dy);
                let opaque = self.map.is_opaque(tx, ty);
                // The bottom end of the tile's mid-line.
                let low_mid = Slope::new(2 * y - 1, 2 * x);
                if opaque {
                    if let Some(low) = self.working.take() {
                        self.next_list().push(Sight { low, high: low_mid });
                    }
                } else if self.working.is_none() {
                    self.working = Some(self.sight.low.max(low_mid));
                }
                // Tiles on an axis or a diagonal, scanned by both octants that
                // share them (which agree on them), go to the even one, as
                // RuggRogue's guide says first (its later "0, 3, 4 and 7"
                // would report the x axis twice, the y axis never).
                if (y > 0 && y < x) || self.octant % 2 == 0 {
                    let center = Slope::new(y, x);
                    let symmetric = self.sight.low <= center && center <= self.sight.high;
                    return Some(Reached {
                        x: tx,
                        y: ty,
                        symmetric,
                    });
                }
                continue;
            }
            if self.depth == 0 {
                if !self.start_octant() {
                    return None;
                }
                continue;
            }
            let current = &self.sights[(self.depth & 1) as usize];
            if let Some(&sight) = current.get(self.next_sight) {
                self.next_sight += 1;
                self.sight = sight;
                self.col = tile_at(self.depth, sight.low);
                // Tiles beyond the map's edge across the octant could only pass
                // sight on to tiles beyond that edge.
                self.col_end = tile_at(self.depth, sight.high).min(self.max_col);
                self.working = None;
                self.scanning = true;
                continue;
            }
            self.next_column();
        }
    }

    /// The list the current column fills for the next one.
    #[inline]
    fn next_list(&mut self) -> &mut Vec<Sight> {
        &mut self.sights[((self.depth + 1) & 1) as usize]
    }

    /// Sets up the next octant that has a column to scan; false when done.
    fn start_octant(&mut self) -> bool {
        while self.octant < 8 {
            let octant = Octant::ALL[self.octant];
            (self.max_depth, self.max_col) = octant.extents(&self.field);
            let (dx, dy) = octant.offset(1, 0);
            if self.max_depth >= 1 && self.field.in_range(dx, dy) {
                self.depth = 1;
                self.next_sight = 0;
                self.sights[1].clear();
                self.sights[1].push(FULL);
                self.sights[0].clear();
                return true;
            }
            self.octant += 1;
        }
        false
    }

    /// Moves on to the next column, or to the next octant when this one is done.
    fn next_column(&mut self) {
        self.depth += 1;
        self.next_sight = 0;
        let (dx, dy) = Octant::ALL[self.octant].offset(self.depth, 0);
        if self.depth > self.max_depth
            || self.sights[(self.depth & 1) as usize].is_empty()
            || !self.field.in_range(dx, dy)
        {
            self.octant += 1;
            self.depth = 0;
        } else {
            self.next_list().clear();
        }
    }
}

impl<M: Opacity + ?Sized> Iterator for DiamondIter<'_, M> {
    type Item = (i32, i32, bool);

    #[inline]
    fn next(&mut self) -> Option<(i32, i32, bool)> {
        self.next_tile().map(|t| (t.x, t.y, t.symmetric))
    }
}

impl<M: Opacity + ?Sized> FusedIterator for DiamondIter<'_, M> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn slopes(list: &[Sight]) -> Vec<(i64, i64, i64, i64)> {
        list.iter()
            .map(|s| (s.low.num, s.low.den, s.high.num, s.high.den))
            .collect()
    }

    #[test]
    fn seed_rounding_puts_quarter_to_three_quarters_on_rows_1_to_4_of_column_5() {
        assert_eq!(tile_at(5, Slope::new(1, 4)), 1);
        assert_eq!(tile_at(5, Slope::new(3, 4)), 4);
        // A slope through the corner between two tiles goes to the upper one.
        assert_eq!(tile_at(2, Slope::new(1, 4)), 1);
        assert_eq!(tile_at(7, Slope::new(0, 1)), 0);
        assert_eq!(tile_at(7, Slope::new(1, 1)), 7);
    }

    #[test]
    fn seed_wall_in_column_5_splits_the_sight() {
        // Octant 0 maps (depth, col) to (x, y): the wall is at column 5, row 2.
        let map = |x: i32, y: i32| (x, y) == (5, 2);
        let mut fov = DiamondShadowcast::new();
        let mut it = fov.iter(&map, (0, 0), Range::square(10)).unwrap();
        while it.octant == 0 && it.depth < 6 {
            it.next_tile().unwrap();
        }
        assert_eq!(it.depth, 6);
        assert_eq!(
            slopes(&it.sights[0]),
            [(0, 1, 3, 10), (5, 10, 1, 1)],
            "column 6's sights"
        );
    }
}
