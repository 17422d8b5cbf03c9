//! Adam Milazzo's algorithm with beveled wall corners (`beveled`), as in his
//! article "Roguelike Vision Algorithms" ("My algorithm"), in exact integer
//! slopes and without recursion.
//!
//! **Definition.** Sight lines start at the centre of the origin tile. A
//! floor tile is a square and a wall is a square whose corners are cut off
//! (beveled) where the two tiles beside that corner are both floors, so a
//! wall corner only sticks out where walls meet. Each octant is scanned
//! column by column, keeping *sectors*: wedges of sight lines between a
//! bottom and a top slope. In a column, a sector reaches the tiles its lines
//! cross; a wall ends the sector below it at the wall's top edge (its
//! middle, when that corner is beveled) and a floor after a wall starts a
//! new top at the wall's bottom edge (its middle, or its corner when the
//! wall goes on to the right). Then:
//!
//! - a wall is visible when a sector's lines hit its (beveled) shape;
//! - a floor is visible when a sector's lines pass through its *inner
//!   square*, the centred square of half a tile's width: between its
//!   corners `(x ± 1/4, y ∓ 1/4)`.
//!
//! **Why.** Beveled corners let a viewer standing next to a doorway or a
//! wall's end peek around it, and see along diagonal corridors and through
//! diagonal gaps, while the inner-square rule keeps floors behind a pillar
//! or half hidden by a corner dark: fewer artifacts than shadow casting in
//! rooms and corridors, at shadow-casting speed (each tile at most once per
//! sector).
//!
//! **Properties.** Point-to-tile, beveled walls. Sees through diagonal
//! gaps (two walls meeting at a corner bevel each other open). Walls are
//! lit when sight reaches their shape; expansive walls: from any floor of an
//! empty rectangular room, every wall tile of it is seen (a test checks it). Invariant under the eight symmetries
//! of the map (each octant runs the same rules in its own frame). **Not
//! symmetric**: lines from A's centre may reach B's inner square while
//! lines from B's centre miss A's; a test pins such a pair. It is symmetric
//! in most cases: on random maps with a quarter of walls, about 5% of the
//! floor pairs seen one way are not seen the other way (a test bounds it). Milazzo's
//! code notes a variant testing the floor's centre instead, more symmetric;
//! that is what the `adam_fov_rs` crate ports. We implement the article's
//! default, which sees a superset of it: the same walls, and more floors at
//! the edges of sectors.
//!
//! **Range.** As in the article, tiles out of range are skipped: they
//! neither show nor block, and the last column does not split sectors. A
//! view with a range is the unlimited view cut to the range's shape (tests
//! check it on random maps for every shape).
//!
//! **Allocation.** Sectors of one column and the next live in two reused
//! `Vec`s (the article recurses once per split; a breadth-first scan by
//! column visits the same sectors with no call stack), plus per-column and
//! per-octant marks so each tile is reported once. All of it is sized from
//! the range (and the map's longer side) when a call starts, never from
//! what the map holds: after one call with a given range, later calls with
//! that range from any origin allocate nothing.
//!
//! ```
//! use sightlines::{Beveled, FieldOfView, Grid, Range};
//!
//! // Two walls meeting at a corner: the bevels leave a gap to see through.
//! let map = Grid::parse("#d\ns#\n")?.grid;
//! let mut fov = Beveled::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(1, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::FieldOfView;
use crate::error::FovError;
use crate::geometry::{presized_reach, Field, Octant, Sink, Slope, Visit};
use crate::map::Opacity;
use crate::range::Range;
use std::cmp::Ordering;

/// The sign of `a - n/d`, exactly; `d > 0`. In `i128`: inner-square corners
/// have denominators up to `4x + 1`, past what `i64` products allow.
#[inline]
fn cmp(a: Slope, n: i64, d: i64) -> Ordering {
    (i128::from(a.num) * i128::from(d)).cmp(&(i128::from(n) * i128::from(a.den)))
}

/// A wedge of sight lines `bottom < slope < top` still open in an octant.
#[derive(Clone, Copy, Debug)]
struct Sector {
    top: Slope,
    bottom: Slope,
}

/// Reusable scratch for Milazzo's beveled-corner algorithm; see the
/// [module docs](self).
///
/// ```
/// use sightlines::{Beveled, FieldOfView, Range};
///
/// // A pillar hides the tiles straight behind it, not those beside them.
/// let map = |x: i32, y: i32| (x, y) == (2, 0);
/// let mut fov = Beveled::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::circle(6), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(2, 0)) && !seen.contains(&(3, 0)) && !seen.contains(&(6, 0)));
/// assert!(seen.contains(&(5, 2))); // (6, 2) is out of the circle
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Beveled {
    current: Vec<Sector>,
    next: Vec<Sector>,
    /// Tiles of the current column already reported.
    column: Vec<bool>,
    /// Per octant and column: bit 0 the axis tile (row 0) was seen, bit 1
    /// the diagonal tile. Neighbouring octants share those tiles.
    shared: [Vec<u8>; 8],
}

const AXIS: u8 = 1;
const DIAGONAL: u8 = 2;

/// One octant's view of the map: column `x` away from the origin, row `y`
/// across, `0 <= y <= x` inside the octant.
struct Frame<'a, M: ?Sized> {
    map: &'a M,
    field: &'a Field,
    octant: Octant,
    origin: (i64, i64),
}

impl<M: Opacity + ?Sized> Frame<'_, M> {
    /// Whether the tile at column `x`, row `y` blocks sight: walls, and
    /// every tile off a bounded map or outside the `i32` space.
    #[inline]
    fn blocks(&self, x: i64, y: i64) -> bool {
        let (dx, dy) = self.octant.offset(x, y);
        let (Ok(tx), Ok(ty)) = (
            i32::try_from(self.origin.0 + dx),
            i32::try_from(self.origin.1 + dy),
        ) else {
            return true;
        };
        match self.map.bounds() {
            Some(b) if !b.contains(tx, ty) => true,
            _ => self.map.is_opaque(tx, ty),
        }
    }

    /// Whether the tile lies inside the field (on the map, within reach).
    #[inline]
    fn in_field(&self, x: i64, y: i64) -> bool {
        let (dx, dy) = self.octant.offset(x, y);
        self.field.reaches(dx, dy)
    }
}

impl Beveled {
    /// Empty scratch; the first call sizes it from its range, and later
    /// calls with that range reuse it.
    pub fn new() -> Beveled {
        Beveled::default()
    }

    fn scan_octant<M, V>(&mut self, map: &M, field: &Field, index: usize, visit: &mut V)
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let octant = Octant::ALL[index];
        let frame = Frame {
            map,
            field,
            octant,
            origin: (i64::from(field.origin.0), i64::from(field.origin.1)),
        };
        let (last, _) = octant.extents(field);
        self.shared[index].clear();
        self.shared[index].push(0);
        self.current.clear();
        self.current.push(Sector {
            top: Slope::new(1, 1),
            bottom: Slope::new(0, 1),
        });
        let mut x = 1;
        while x <= last && !self.current.is_empty() {
            self.next.clear();
            self.column.clear();
            self.column.resize(x as usize + 1, false);
            self.shared[index].push(0);
            for i in 0..self.current.len() {
                let sector = self.current[i];
                self.scan_column(&frame, index, x, x == last, sector, visit);
            }
            std::mem::swap(&mut self.current, &mut self.next);
            x += 1;
        }
    }

    /// Reports tile (`x`, `y`) of an octant once, and only if it is on the map.
    fn report<M, V>(&mut self, frame: &Frame<'_, M>, index: usize, x: i64, y: i64, visit: &mut V)
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        if y > x || self.column[y as usize] || !frame.in_field(x, y) {
            return;
        }
        self.column[y as usize] = true;
        // The axis is shared with the octant before or after, the diagonal
        // with the octant paired with this one; the first to see it reports it.
        let shared = if y == 0 {
            Some((
                AXIS,
                (if index % 2 == 1 { index + 1 } else { index + 7 }) % 8,
            ))
        } else if y == x {
            Some((DIAGONAL, index ^ 1))
        } else {
            None
        };
        if let Some((bit, other)) = shared {
            self.shared[index][x as usize] |= bit;
            if other < index
                && self.shared[other]
                    .get(x as usize)
                    .is_some_and(|&m| m & bit != 0)
            {
                return;
            }
        }
        let (dx, dy) = frame.octant.offset(x, y);
        let (tx, ty) = frame.field.tile(dx, dy);
        visit(tx, ty);
    }

    /// One sector through column `x`: reports what it sees and queues the
    /// sectors it leaves for column `x + 1`, top first.
    fn scan_column<M, V>(
        &mut self,
        frame: &Frame<'_, M>,
        index: usize,
        x: i64,
        last: bool,
        sector: Sector,
        visit: &mut V,
    ) where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let Sector {
            mut top,
            mut bottom,
        } = sector;
        // The row where the top line enters the column (at x - 1/2), then
        // one more if it climbs into the row above before leaving it.
        let top_y = if top.den == 1 {
            x
        } else {
            let mut y = ((2 * x - 1) * top.num + top.den) / (2 * top.den);
            if frame.blocks(x, y) {
                // Past a wall's beveled top-left corner (its top centre).
                if cmp(top, 2 * y + 1, 2 * x).is_ge() && !frame.blocks(x, y + 1) {
                    y += 1;
                }
            } else {
                // Past the bottom centre of the tile above, or its
                // bottom-right corner when the tile right of it is a wall.
                let ax = if frame.blocks(x + 1, y + 1) {
                    2 * x + 1
                } else {
                    2 * x
                };
                if cmp(top, 2 * y + 1, ax).is_gt() {
                    y += 1;
                }
            }
            y
        };
        let bottom_y = if bottom.num == 0 {
            0
        } else {
            let y = ((2 * x - 1) * bottom.num + bottom.den) / (2 * bottom.den);
            // A wall whose beveled top-left corner the bottom line passes
            // above is missed: the sector starts in the row above it.
            if cmp(bottom, 2 * y + 1, 2 * x).is_ge()
                && frame.blocks(x, y)
                && !frame.blocks(x, y + 1)
            {
                y + 1
            } else {
                y
            }
        };
        // -1: no tile yet, 0: the last tile was clear, 1: it was opaque.
        let mut was_opaque = -1;
        let mut y = top_y;
        while y >= bottom_y {
            let (dx, dy) = frame.octant.offset(x, y);
            if !frame.field.in_range(dx, dy) {
                y -= 1;
                continue;
            }
            let opaque = frame.blocks(x, y);
            // Rows strictly inside the sector are crossed whole; at its
            // edges a floor needs the lines to reach its inner square.
            let visible = opaque
                || ((y != top_y || cmp(top, 4 * y - 1, 4 * x + 1).is_gt())
                    && (y != bottom_y || cmp(bottom, 4 * y + 1, 4 * x - 1).is_lt()));
            if visible {
                self.report(frame, index, x, y, visit);
            }
            if !last {
                if opaque {
                    if was_opaque == 0 {
                        // Clear to opaque: the part above goes on with the
                        // wall's top edge (centre if beveled) as its bottom.
                        let nx = if frame.blocks(x, y + 1) {
                            2 * x - 1
                        } else {
                            2 * x
                        };
                        let new_bottom = Slope::new(2 * y + 1, nx);
                        if top > new_bottom {
                            if y == bottom_y {
                                bottom = new_bottom;
                                was_opaque = 0;
                                break;
                            }
                            self.next.push(Sector {
                                top,
                                bottom: new_bottom,
                            });
                        } else if y == bottom_y {
                            return;
                        }
                    }
                    was_opaque = 1;
                } else {
                    if was_opaque > 0 {
                        // Opaque to clear: the top comes down to the wall's
                        // bottom edge, its corner if the wall goes on right.
                        let nx = if frame.blocks(x + 1, y + 1) {
                            2 * x + 1
                        } else {
                            2 * x
                        };
                        let new_top = Slope::new(2 * y + 1, nx);
                        if bottom >= new_top {
                            return;
                        }
                        top = new_top;
                    }
                    was_opaque = 0;
                }
            }
            y -= 1;
        }
        if was_opaque == 0 {
            self.next.push(Sector { top, bottom });
        }
    }
}

impl FieldOfView for Beveled {
    fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let field = Field::new(map, origin, range)?;
        self.run(
            map,
            &field,
            &mut Visit {
                visit,
                origin: (i64::from(origin.0), i64::from(origin.1)),
            },
        )
    }
}

impl Beveled {
    /// The scan, into any [`Sink`].
    pub(crate) fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        let field = *field;
        let origin = field.origin;
        let mut visit = |x: i32, y: i32| {
            sink.tile(
                i64::from(x) - i64::from(origin.0),
                i64::from(y) - i64::from(origin.1),
            )
        };
        visit(origin.0, origin.1);
        self.prepare(map, field.range);
        for index in 0..Octant::ALL.len() {
            self.scan_octant(map, &field, index, &mut visit);
        }
        Ok(())
    }

    /// Sizes the scratch for `range` on `map`, whatever the origin: no
    /// octant reaches past the radius nor past the map's longer side, a
    /// column has one row more than its index, and each sector of a column
    /// goes on from a run of floors of the column before, whose rows it
    /// shares at most at its ends with the next sector's: fewer than twice
    /// as many sectors as rows.
    fn prepare<M: Opacity + ?Sized>(&mut self, map: &M, range: Range) {
        let columns = presized_reach(map, range) + 2;
        // `reserve` counts from the length: empty first.
        self.current.clear();
        self.next.clear();
        self.column.clear();
        self.current.reserve(2 * columns);
        self.next.reserve(2 * columns);
        self.column.reserve(columns);
        for marks in &mut self.shared {
            marks.clear();
            marks.reserve(columns);
        }
    }
}
