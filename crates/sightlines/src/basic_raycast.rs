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
//! [`FovError::AreaTooLarge`]), and a post-pass over the box's rows, 64
//! tiles a word (each wall is lit by the lit floor of its own and the
//! nearer column, in its own and the nearer row).
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
///
/// Word-parallel, 64 tiles at a time: a wall at `(wx, wy)` is lit by the lit
/// floor of columns `wx` and `wx` minus one step toward the origin (`wx`
/// alone on the axis), in rows `wy` and the row toward the origin (`wy`
/// alone on the axis). Walls lit here are opaque, so they never light
/// others, and the rows can be done in any order.
pub(crate) fn light_walls<T: Tiles>(
    tiles: &T,
    field: &Field,
    reach: &mut Reach,
    lit: &mut FieldBits,
) {
    let (left, width) = (field.left, field.left + field.right + 1);
    let rows = lit.rows();
    for row in 0..rows {
        let dy = row as i64 - field.up;
        // In range on this row: |dx| <= cut (the shapes are the same along
        // x and y).
        let cut = reach.at(dy.abs());
        if cut < 0 {
            continue;
        }
        let inner = match dy.signum() {
            1 => Some(row - 1),
            -1 => Some(row + 1),
            _ => None,
        };
        let range = (
            left.saturating_sub(cut).max(0),
            left.saturating_add(cut).min(width - 1),
        );
        for k in 0..lit.words_per_row() {
            let mut near = widened_floor(tiles, field, lit, row, k);
            if let Some(inner) = inner {
                near |= widened_floor(tiles, field, lit, inner, k);
            }
            let near = near & !lit.word(row, k) & span_mask(range.0, range.1, k);
            if near != 0 {
                let walls = near & opaque_word(tiles, field, dy, k);
                lit.or_word(row, k, walls);
            }
        }
    }
}

/// Bits `lo..=hi` of the field's columns that fall in word `k`.
#[inline]
fn span_mask(lo: i64, hi: i64, k: usize) -> u64 {
    let base = 64 * k as i64;
    let (lo, hi) = ((lo - base).max(0), (hi - base).min(63));
    if lo > hi {
        0
    } else {
        (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
    }
}

/// The opacity of word `k` of the field's row at `dy`, bit `i` for column
/// `64·k + i` (zero past the field's width).
#[inline]
fn opaque_word<T: Tiles>(tiles: &T, field: &Field, dy: i64, k: usize) -> u64 {
    let width = field.left + field.right + 1;
    let base = 64 * k as i64;
    let len = (width - base).min(64) as u32;
    tiles.row_bits(base - field.left, dy, len)
}

/// The lit transparent tiles of word `k` of `row`, zero off the field.
#[inline]
fn floor_word<T: Tiles>(
    tiles: &T,
    field: &Field,
    lit: &FieldBits,
    row: usize,
    k: Option<usize>,
) -> u64 {
    match k {
        Some(k) if k < lit.words_per_row() => {
            let bits = lit.word(row, k);
            if bits == 0 {
                0
            } else {
                bits & !opaque_word(tiles, field, row as i64 - field.up, k)
            }
        }
        _ => 0,
    }
}

/// The columns of word `k` of `row` whose tile, or the tile one step nearer
/// the origin along the row, is lit floor (the origin's column takes only
/// its own tile).
#[inline]
fn widened_floor<T: Tiles>(tiles: &T, field: &Field, lit: &FieldBits, row: usize, k: usize) -> u64 {
    let here = floor_word(tiles, field, lit, row, Some(k));
    let before = floor_word(tiles, field, lit, row, k.checked_sub(1));
    let after = floor_word(tiles, field, lit, row, Some(k + 1));
    let width = field.left + field.right + 1;
    // Right of the origin the nearer tile is one column left (a shift up a
    // bit), left of it one column right.
    let right = span_mask(field.left + 1, width - 1, k);
    let left = span_mask(0, field.left - 1, k);
    here | ((here << 1 | before >> 63) & right) | ((here >> 1 | after << 63) & left)
}
