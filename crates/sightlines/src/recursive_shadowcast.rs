//! Recursive shadowcasting (`recursive-shadowcast`): the classic algorithm
//! most roguelikes use, as in libtcod's `FOV_SHADOW`. Fast, **not symmetric**.
//!
//! **Definition.** Tile T is visible from the origin O when some ray from the
//! *centre* of O that meets T's square (its edges included) passes through
//! the interior of no opaque tile *nearer* to O than T, nearer meaning a
//! smaller Chebyshev distance `max(|dx|, |dy|)`. Opaque tiles that sight
//! reaches are visible by the same rule ("lit walls"). So:
//!
//! - the viewer is a point and targets are whole squares, which is why the
//!   rule is not symmetric (see the example below);
//! - a ray may graze a wall's corner, so a single ray passes a diagonal gap
//!   between two walls that touch at a corner;
//! - a wall only shadows tiles farther away than itself: tiles at the same
//!   distance are seen around it. Walls cast the shadow of their whole
//!   square.
//!
//! **How.** Each octant is scanned row by row (one row per distance) keeping
//! *views*: ranges of slopes from the origin's centre still open to sight.
//! A run of opaque tiles in a row splits a view: the part above the run
//! goes on in a new view, the part below in the current one. Only the tiles
//! a view overlaps are ever looked at, which makes it the fastest of the
//! classic algorithms on maps with walls; that speed, and being what most
//! games ship, is why it is here. The price is the asymmetry above, and
//! wide shadows: a wall hides everything behind its whole square.
//!
//! **Exactness and libtcod.** libtcod computes the same slopes in `float32`:
//! ratios of half-integers such as `(col + 0.5) / (row - 0.5)`. Here every
//! slope is the exact rational `(2·col + 1) / (2·row - 1)` (a
//! [`Slope`]), and every decision is an exact integer comparison.
//! Two distinct such ratios with offsets below 1024 never round to the same
//! `float32`, so within that distance this module makes exactly libtcod's
//! decisions; beyond it libtcod can tie slopes that differ, and this module
//! does not. The test suite compares the two on the golden cases in
//! `tests/data/libtcod_shadow/`, made by `tools/golden/libtcod_shadow.py`.
//! Calling libtcod with radius `r > 0` is [`Range::circle`]`(r)` here
//! (libtcod cuts the scan at `dx² + dy² <= r²`), and radius 0 is
//! [`Range::UNLIMITED`]; `light_walls = false` is
//! [`Fov::set_lit_walls`](crate::Fov::set_lit_walls)`(false)`. Tiles beyond
//! the range cast no shadow here, while libtcod still reads them, and tiles
//! off the map are opaque here, while libtcod skips them; neither can
//! shadow a tile of the map within the range, so the results are equal
//! (the brute-force test of the definition checks both).
//!
//! **Properties.** Not symmetric: B may see A while A does not see B (the
//! example below). Tile model: a point viewer, square walls and square
//! targets. Diagonal gaps: the single ray through the corner two walls share
//! passes, so a viewer on that diagonal sees through. Walls are expansive:
//! from inside a rectangular room every wall tile is lit. The definition
//! treats the eight octants alike, so the field of view turns and mirrors
//! with the map. Tiles on the axes and diagonals, shared by two octants,
//! are reported once. There is no recursion: pending views live in a reused
//! stack, one per distance at most, so a radius of 10,000 needs no deep call
//! stack, and a second call allocates nothing.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, Range, RecursiveShadowcast};
//!
//! // Asymmetry: A sees B past the wall's corner, but B does not see A.
//! let map = Grid::parse("b#..\n...a\n")?.grid;
//! let (a, b) = ((3, 1), (0, 0));
//! let mut fov = RecursiveShadowcast::new();
//! let mut from_a = Vec::new();
//! fov.compute(&map, a, Range::UNLIMITED, |x, y| from_a.push((x, y)))?;
//! let mut from_b = Vec::new();
//! fov.compute(&map, b, Range::UNLIMITED, |x, y| from_b.push((x, y)))?;
//! // From a's centre, rays just under the wall reach b's square; every ray
//! // from b's centre to a's square crosses the wall, which is nearer to b.
//! assert!(from_a.contains(&b));
//! assert!(!from_b.contains(&a));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::FieldOfView;
use crate::error::FovError;
use crate::geometry::{Field, Octant, Slope};
use crate::map::Opacity;
use crate::range::Range;

/// One row of one view, scanned from its high slope down to its low slope.
#[derive(Clone, Copy, Debug)]
struct Row {
    /// Distance from the origin along the octant's major axis.
    depth: i64,
    /// The view: slopes `col / depth` from `low` to `high`, both included.
    high: Slope,
    low: Slope,
    /// The next column to look at; the scan goes down to `last`.
    col: i64,
    /// The lowest column the view reaches in this row.
    last: i64,
    /// Whether the last tile looked at in this row was opaque.
    blocked: bool,
    /// Whether any tile of this row was looked at (in range and on the map).
    any: bool,
}

/// Reusable scratch for recursive shadowcasting; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, Range, RecursiveShadowcast};
///
/// // A pillar next door hides a wedge behind it, wider than the pillar.
/// let map = |x: i32, y: i32| (x, y) == (1, 0);
/// let mut fov = RecursiveShadowcast::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(3), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(1, 0))); // the pillar is lit
/// assert!(!seen.contains(&(2, 0)) && !seen.contains(&(3, 1)));
/// assert!(seen.contains(&(2, 1)));
/// assert_eq!(seen.len(), 49 - 4);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecursiveShadowcast {
    /// Rows waiting to be scanned; depths grow by one from bottom to top.
    stack: Vec<Row>,
}

impl RecursiveShadowcast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> RecursiveShadowcast {
        RecursiveShadowcast::default()
    }

    /// Scans octant `index`, reporting the tiles of its diagonal when
    /// `owns_diagonal`, else those of its axis.
    fn scan_octant<M, V>(
        &mut self,
        map: &M,
        field: &Field,
        index: usize,
        owns_diagonal: bool,
        visit: &mut V,
    ) where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let octant = Octant::ALL[index];
        let (max_depth, max_col) = octant.extents(field);
        let start = |depth: i64, high: Slope, low: Slope| -> Option<Row> {
            if depth > max_depth || high < low {
                return None;
            }
            // A tile at column c spans the slopes from (2c - 1) / (2d + 1)
            // to (2c + 1) / (2d - 1). The view reaches the columns with
            // c <= (high·(2d + 1) + 1) / 2 and c >= (low·(2d - 1) - 1) / 2.
            let first = (high.num * (2 * depth + 1) + high.den).div_euclid(2 * high.den);
            let last = -(low.den - low.num * (2 * depth - 1)).div_euclid(2 * low.den);
            Some(Row {
                depth,
                high,
                low,
                col: first.min(depth).min(max_col),
                last: last.max(0),
                blocked: false,
                any: false,
            })
        };
        self.stack.clear();
        self.stack
            .extend(start(1, Slope::new(1, 1), Slope::new(0, 1)));
        while let Some(mut row) = self.stack.pop() {
            let d = row.depth;
            let mut child = None;
            while row.col >= row.last {
                let c = row.col;
                row.col -= 1;
                let (dx, dy) = octant.offset(d, c);
                // Out of range tiles come first in a row (every shape grows
                // with |dx| and |dy|) and are skipped whole: they cannot
                // shadow a tile within the range. Past the first tile in
                // range, the rest of the row is in range too.
                if !row.any && !field.in_range(dx, dy) {
                    continue;
                }
                row.any = true;
                let (x, y) = field.tile(dx, dy);
                let reports = if c == d {
                    owns_diagonal
                } else {
                    c != 0 || !owns_diagonal
                };
                if reports {
                    visit(x, y);
                }
                let opaque = map.is_opaque(x, y);
                if row.blocked && !opaque {
                    // A run of walls ended: the view now stops at its lowest slope.
                    row.high = Slope::new(2 * c + 1, 2 * d + 1);
                }
                let wall_starts = !row.blocked && opaque;
                row.blocked = opaque;
                if wall_starts {
                    // The part of the view above the wall goes on in its own
                    // view, down to the wall's highest slope.
                    child = start(d + 1, row.high, Slope::new(2 * c + 1, 2 * d - 1));
                    if child.is_some() {
                        break;
                    }
                }
            }
            if let Some(child) = child {
                self.stack.push(row);
                self.stack.push(child);
            } else if row.any && !row.blocked {
                self.stack.extend(start(d + 1, row.high, row.low));
            }
        }
    }
}

impl FieldOfView for RecursiveShadowcast {
    fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        mut visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let field = Field::new(map, origin, range)?;
        visit(origin.0, origin.1);
        for index in 0..Octant::ALL.len() {
            // Octants 2k and 2k+1 share a diagonal, 2k+1 and 2k+2 an axis.
            // Both see a shared tile alike (its visibility depends only on
            // the tiles of its line), so one of them reports it.
            self.scan_octant(map, &field, index, index % 2 == 0, &mut visit);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_views_live_on_the_heap_stack() {
        // Each row along the corridor y == x opens a view inside the last.
        let corridor = |x: i32, y: i32| y != x;
        let mut fov = RecursiveShadowcast::new();
        let mut count = 0;
        fov.compute(&corridor, (0, 0), Range::square(3000), |_, _| count += 1)
            .unwrap();
        assert!(fov.stack.capacity() >= 3000, "{}", fov.stack.capacity());
        assert_eq!(count, 1 + 2 * 3 * 3000 + 2);
    }

    #[test]
    fn octants_agree_on_the_lines_they_share() {
        // Each shared tile is reported by one octant only, which is right
        // only if the other octant would see it alike: check by scanning
        // each octant alone on random maps and comparing the shared lines.
        let mut state = 0x1234_5678_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut fov = RecursiveShadowcast::new();
        for _ in 0..400 {
            let salt = next();
            let density = next() % 60;
            let map = move |x: i32, y: i32| {
                let h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                    ^ salt;
                (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) % 100 < density
            };
            let field = Field::new(&map, (0, 0), Range::square(12)).unwrap();
            let mut per_octant = Vec::new();
            for index in 0..8 {
                // A copy that owns every tile of its octant: rotate the ownership
                // by scanning with both parities and merging.
                let mut seen = std::collections::BTreeSet::new();
                for parity in [index, index ^ 1] {
                    let mut only = std::collections::BTreeSet::new();
                    fov.scan_octant(&map, &field, index, parity % 2 == 0, &mut |x, y| {
                        only.insert((x, y));
                    });
                    seen.extend(only);
                }
                per_octant.push(seen);
            }
            for index in 0..8 {
                let next_index = (index + 1) % 8;
                let o = Octant::ALL[index];
                let p = Octant::ALL[next_index];
                for depth in 1..=12 {
                    let line = if index % 2 == 0 { depth } else { 0 };
                    let (dx, dy) = o.offset(depth, line);
                    let (qx, qy) = p.offset(depth, line);
                    assert_eq!((dx, dy), (qx, qy));
                    let t = (dx as i32, dy as i32);
                    assert_eq!(
                        per_octant[index].contains(&t),
                        per_octant[next_index].contains(&t),
                        "{t:?}"
                    );
                }
            }
        }
    }
}
