//! 360-degree ray casting (`raycast`), as roguelike tutorials teach it (one
//! ray a degree, stepped in fixed increments), without its gaps at long range
//! and its off-by-one at the map edge.
//!
//! **Definition.** Let `D` be the range's radius, or the distance from the
//! origin to the farthest edge of the map when that is smaller (or when
//! there is no radius): the largest distance the field reaches in any of
//! the four directions. From the origin's center a ray goes to the center of
//! every tile of the square ring at Chebyshev distance `D`, `8·D` rays in
//! all. A ray to offset
//! `(dx, dy)` takes one tile per step along its major axis, the tile nearest
//! the exact ray, a halfway tie going to the tile farther from the origin
//! (what rounding the exact offset half away from zero gives; see
//! [`Rounding::AwayFromStart`]). Each ray stops before its first tile off the
//! map or out of the range's shape, and after its first opaque tile, which
//! is lit. A tile is visible when some ray reaches it; the origin always is.
//!
//! **Why these rays.** The tutorial casts one ray per degree toward a circle
//! of radius `R`, so two neighbouring rays are `R·π/180` tiles apart at the
//! end: beyond a radius of about 57 whole tiles fall between them, and with
//! its rounding some tiles stay unseen on an open floor from about 28 tiles
//! out (the tests count them). Aiming at every tile of the bounding square's
//! edge instead reaches every tile inside it: the rays to `(D, 0)` …
//! `(D, D)` cross column `x` at rows `round(x·c / D)`, which step by at most
//! one as `c` grows, so no row is skipped. That holds for every shape, since
//! every shape lies within its square. The tutorial also reads the tile at
//! `x = width` before stopping (it tests `x > width`); here a ray stops
//! before leaving the map, and tiles off a bounded map are never read.
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! The rays are integer Bresenham lines (the tutorial's `lerp` and `round`,
//! done exactly), the same under the eight mirrors and rotations of the map.
//! A ray steps diagonally between two walls that touch at a corner, unless
//! [`DiagonalGaps::Block`](crate::DiagonalGaps::Block) stops it there. Walls
//! are lit only where a ray ends on them, so a long straight wall seen at a
//! grazing angle can show unlit gaps; [`BasicRaycast`](crate::BasicRaycast)
//! lights walls next to lit floor in a second pass instead. When the map
//! reaches at least the radius in some direction, `D` is the radius and the
//! result depends only on the tiles within the range.
//!
//! **Cost.** `8·D` rays of at most `D` steps, and a bitset over the range's
//! bounding box clipped to the map, so each tile is reported once (boxes
//! above [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles give [`FovError::AreaTooLarge`]).
//!
//! ```
//! use sightlines::{FieldOfView, Grid, Range, Raycast};
//!
//! let map = Grid::parse("......\n..#...\n......\n")?.grid;
//! let mut fov = Raycast::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(2, 1))); // the wall stops the ray and is lit
//! assert!(!seen.contains(&(3, 1)) && !seen.contains(&(5, 1))); // its shadow
//! assert!(seen.contains(&(3, 0))); // rays above the wall go on
//! assert!(!seen.contains(&(5, 0))); // the shadow widens: the ray to (5, 0) grazes the wall
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::FieldBits;
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::{pinched, with_tiles, Field, Reach, Sink, Tiles};
use crate::line::{Rounding, Steps};
use crate::map::Opacity;

/// Reusable scratch for [`raycast`](self) ray casting.
///
/// ```
/// use sightlines::{FieldOfView, Range, Raycast};
///
/// // An open floor: every tile of the radius-100 circle is reached.
/// let open = |_: i32, _: i32| false;
/// let mut fov = Raycast::new();
/// let mut count = 0;
/// fov.compute(&open, (0, 0), Range::circle(100), |_, _| count += 1)?;
/// assert_eq!(count, 31417);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Raycast {
    seen: FieldBits,
    reach: Reach,
}

impl Raycast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> Raycast {
        Raycast::default()
    }

    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        if field.gaps.blocks() {
            self.cast::<true, T, S>(tiles, field, sink);
        } else {
            self.cast::<false, T, S>(tiles, field, sink);
        }
    }

    /// Casts every ray; with `BLOCK_GAPS` a ray stops before a diagonal step
    /// between two walls (see [`DiagonalGaps`](crate::DiagonalGaps)).
    fn cast<const BLOCK_GAPS: bool, T: Tiles, S: Sink>(
        &mut self,
        tiles: &T,
        field: &Field,
        sink: &mut S,
    ) {
        self.reach.reset(field.range);
        self.seen.insert(0, 0);
        sink.tile(0, 0);
        let d = field.left.max(field.right).max(field.up).max(field.down);
        // The `8·d` tiles of the square ring at distance `d`, once each.
        for to in (-d..d).flat_map(|k| [(k, -d), (d, k), (-k, d), (-d, -k)]) {
            let mut from = (0, 0);
            for (dx, dy) in Steps::new(to.0, to.1, Rounding::AwayFromStart).skip(1) {
                // Within the box, then within the range's shape (`reach` cuts
                // it row by row; the box keeps |dx| below the table's end).
                if !field.reaches(dx, dy) || dy.abs() > self.reach.at(dx.abs()) {
                    break;
                }
                if BLOCK_GAPS && pinched(tiles, from, (dx, dy)) {
                    break;
                }
                if self.seen.insert(dx, dy) {
                    sink.tile(dx, dy);
                }
                if tiles.opaque(dx, dy) {
                    break;
                }
                from = (dx, dy);
            }
        }
    }
}

field_of_view!(Raycast);

impl Scan for Raycast {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.seen.reset(field)?;
        with_tiles!(map, field.origin, |tiles| self.scan(tiles, field, sink));
        Ok(())
    }
}
