//! Ray casting to the edge of the range's box (`basic-raycast`): libtcod's
//! `FOV_BASIC`.
//!
//! **Definition.** Let the *box* be the range's bounding square clipped to
//! the map (the whole map when there is no radius). From the origin a
//! Bresenham line ([`Bresenham`](crate::line::Bresenham), halfway ties
//! toward the origin, exactly libtcod's `TCOD_line`) goes to every tile on
//! the box's border. Each line stops before its first tile out of the
//! range's shape, and after its first opaque tile, which is lit. A tile is
//! visible when some line reaches it; the origin always is. Then a
//! *post-pass* lights walls: every opaque tile in the range next to a
//! visible transparent tile (8-neighbours) that lies no farther from the
//! origin on either axis, `|tx| <= |wx|` and `|ty| <= |wy|` in offsets
//! from the origin. The post-pass fills the gaps that single rays leave in
//! walls seen at a grazing angle; it never reveals floor.
//!
//! **Against libtcod.** `tcod.map.compute_fov(..., algorithm=FOV_BASIC)`
//! with `radius = r > 0` cuts its rays at `dx² + dy² > r²`, which is
//! [`Range::circle(r)`](crate::Range::circle); `radius = 0` means the whole
//! map, [`Range::UNLIMITED`](crate::Range::UNLIMITED). One difference: its
//! post-pass scans the whole square box, so it also lights walls just
//! outside the circle (a wall at `(4, 4)` next to a lit floor at `(3, 4)`
//! with radius 5). Ours keeps every reported tile inside the range's shape,
//! as every algorithm here does, so for a circle we report libtcod's tiles
//! minus those walls; the tests check exactly that on libtcod's own output.
//! With walls not lit ([`Fov::set_lit_walls`](crate::Fov::set_lit_walls)),
//! both report the same tiles. Other shapes cut the lines the same way.
//!
//! **Properties.** Point-to-tile, not symmetric (the line from A to B and
//! the one from B to A can round differently, and lines go only to the box's
//! border). It sees through diagonal gaps. The post-pass lights the walls of
//! a corridor or room that single lines skip at grazing angles. Lines and
//! post-pass are symmetric under the eight mirrors and rotations, so the
//! result is too. Because the lines aim at the box clipped to the map, a
//! tile's visibility can change with where the map ends (an origin near the
//! map edge casts its lines to nearer targets).
//!
//! **Cost.** `O(perimeter · radius)` steps, a bitset over the box (boxes
//! above [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles give
//! [`FovError::AreaTooLarge`]), and a post-pass over the lit tiles.
//!
//! ```
//! use sightlines::{BasicRaycast, FieldOfView, Grid, Range};
//!
//! let map = Grid::parse("#####\n#...#\n#####\n")?.grid;
//! let mut fov = BasicRaycast::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (1, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert_eq!(seen.len(), 15); // the whole room, walls lit by the post-pass
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::FieldOfView;
use crate::error::FovError;
use crate::geometry::{Field, Reach, Sink, Visit};
use crate::line::Rounding;
use crate::map::{Asked, Opacity, Packed, Tiles};
use crate::range::Range;
use crate::raycast::{cast_ray, FieldBits};

/// Reusable scratch for [`basic-raycast`](self), libtcod's `FOV_BASIC`.
///
/// ```
/// use sightlines::{BasicRaycast, FieldOfView, Range};
///
/// // A pillar at (2, 0) shades the row behind it.
/// let pillar = |x: i32, y: i32| (x, y) == (2, 0);
/// let mut fov = BasicRaycast::new();
/// let mut seen = Vec::new();
/// fov.compute(&pillar, (0, 0), Range::square(4), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(2, 0)) && !seen.contains(&(3, 0)));
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct BasicRaycast {
    lit: FieldBits,
    reach: Reach,
}

impl BasicRaycast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> BasicRaycast {
        BasicRaycast::default()
    }
}

impl FieldOfView for BasicRaycast {
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

impl BasicRaycast {
    /// The scan, into any [`Sink`].
    pub(crate) fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.lit.reset(field)?;
        match map.bit_rows() {
            Some(bits) => self.scan(&Packed::new(map, bits, field.origin), field, sink),
            None => self.scan(&Asked::new(map, field.origin), field, sink),
        }
        Ok(())
    }

    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        let lit = &mut self.lit;
        let reach = &mut self.reach;
        reach.reset(field.range);
        lit.insert(0, 0);
        let (x0, x1, y0, y1) = (-field.left, field.right, -field.up, field.down);
        let mut ray = |to: (i64, i64)| {
            cast_ray(
                tiles,
                field,
                reach,
                lit,
                to,
                Rounding::TowardStart,
                &mut |_, _| {},
            );
        };
        // The border of the box, each tile once (a one-tile-wide box has
        // only its top row and right column).
        for x in x0..=x1 {
            ray((x, y0));
        }
        for y in y0 + 1..=y1 {
            ray((x1, y));
        }
        if y1 > y0 {
            for x in x0..x1 {
                ray((x, y1));
            }
        }
        if x1 > x0 {
            for y in y0 + 1..y1 {
                ray((x0, y));
            }
        }
        light_walls(tiles, field, reach, lit);
        sink.tile(0, 0);
        lit.for_each(|dx, dy| {
            if (dx, dy) != (0, 0) {
                sink.tile(dx, dy);
            }
        });
    }
}

/// libtcod's wall post-pass, kept within the range: lights every opaque
/// tile of the field that is an 8-neighbour of a lit transparent tile lying
/// no farther from the origin on either axis.
pub(crate) fn light_walls<T: Tiles>(
    tiles: &T,
    field: &Field,
    reach: &mut Reach,
    lit: &mut FieldBits,
) {
    // Walls lit here are opaque, so they never spread, and the pass's order
    // does not matter. Each word is read before its walls are set; a wall
    // set in a later word is skipped there by its opacity.
    lit.for_each_mut(|lit, dx, dy| {
        if tiles.opaque(dx, dy) {
            return;
        }
        // The neighbours no nearer the origin on either axis: away from
        // the origin, or either way on an axis (three of them off the axes).
        let (sx, sy) = (dx.signum(), dy.signum());
        let mut light = |ex: i64, ey: i64| {
            let (wx, wy) = (dx + ex, dy + ey);
            if field.reaches(wx, wy)
                && wy.abs() <= reach.at(wx.abs())
                && !lit.contains(wx, wy)
                && tiles.opaque(wx, wy)
            {
                lit.insert(wx, wy);
            }
        };
        match (sx, sy) {
            (0, 0) => {
                for (ex, ey) in [
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ] {
                    light(ex, ey);
                }
            }
            (0, _) => {
                for (ex, ey) in [(-1, 0), (1, 0), (-1, sy), (0, sy), (1, sy)] {
                    light(ex, ey);
                }
            }
            (_, 0) => {
                for (ex, ey) in [(0, -1), (0, 1), (sx, -1), (sx, 0), (sx, 1)] {
                    light(ex, ey);
                }
            }
            _ => {
                light(sx, 0);
                light(0, sy);
                light(sx, sy);
            }
        }
    });
}
