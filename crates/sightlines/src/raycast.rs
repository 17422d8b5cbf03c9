//! 360-degree ray casting (`raycast`), as in the ray-casting tutorial (seed
//! 002), without its gaps at long range and its off-by-one at the map edge.
//!
//! **Definition.** Let `D` be the range's radius, or the distance from the
//! origin to the farthest edge of the map when that is smaller (or when
//! there is no radius): the largest distance the field reaches in any of
//! the four directions. From
//! the origin's center a ray goes to the center of every tile of the square
//! ring at Chebyshev distance `D`, `8·D` rays in all. A ray to offset
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
//! **Exact and deterministic.** The rays are integer Bresenham lines (the
//! tutorial's `lerp` and `round` in floating point, done exactly), so every
//! platform gives the same tiles.
//!
//! **Properties.** Point-to-tile (from the origin's center to a tile's
//! center), not symmetric: a ray from A may reach B while every ray from B
//! is blocked before A. It sees through diagonal gaps (a ray steps
//! diagonally between two walls that touch at a corner). Walls are lit only
//! where a ray ends on them, so a long straight wall seen at a grazing angle
//! can show unlit gaps; [`BasicRaycast`](crate::BasicRaycast) lights walls
//! next to lit floor in a second pass instead. The result is the same under
//! the eight mirrors and rotations of the map (the rays and their rounding
//! are). When the map reaches at least the radius in some direction, `D` is
//! the radius and the result depends only on the tiles within the range.
//!
//! **Cost.** `8·D` rays of at most `D` steps, and a bitset over the range's
//! bounding box (clipped to the map) so each tile is reported once. Boxes
//! above [`MAX_SET_AREA`] tiles give
//! [`FovError::AreaTooLarge`].
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

use crate::algorithm::{FieldOfView, MAX_SET_AREA};
use crate::error::FovError;
use crate::geometry::{Field, Reach, Sink, Visit};
use crate::line::{Rounding, Steps};
use crate::map::{Asked, Opacity, Packed, Tiles};
use crate::range::Range;
use crate::visible::fill_bits;

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
}

impl FieldOfView for Raycast {
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

impl Raycast {
    /// The scan, into any [`Sink`].
    pub(crate) fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.seen.reset(field)?;
        match map.bit_rows() {
            Some(bits) => self.scan(&Packed::new(map, bits, field.origin), field, sink),
            None => self.scan(&Asked::new(map, field.origin), field, sink),
        }
        Ok(())
    }

    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        self.reach.reset(field.range);
        self.seen.insert(0, 0);
        sink.tile(0, 0);
        let d = field.left.max(field.right).max(field.up).max(field.down);
        for to in square_ring(d) {
            cast_ray(
                tiles,
                field,
                &mut self.reach,
                &mut self.seen,
                to,
                Rounding::AwayFromStart,
                &mut |dx, dy| sink.tile(dx, dy),
            );
        }
    }
}

/// The `8·d` tiles at Chebyshev distance `d >= 1` from the origin, once
/// each, clockwise from the top-left corner (none for `d == 0`).
pub(crate) fn square_ring(d: i64) -> impl Iterator<Item = (i64, i64)> {
    (-d..d).flat_map(move |k| [(k, -d), (d, k), (-k, d), (-d, -k)])
}

/// Casts one ray from the origin toward offset `to` (which may lie beyond
/// the field), marking the tiles it reaches in `seen` and visiting those
/// not marked before. The ray stops before leaving the field's box or the
/// range, and after an opaque tile.
pub(crate) fn cast_ray<T, V>(
    tiles: &T,
    field: &Field,
    reach: &mut Reach,
    seen: &mut FieldBits,
    to: (i64, i64),
    rounding: Rounding,
    visit: &mut V,
) where
    T: Tiles,
    V: FnMut(i64, i64),
{
    for (dx, dy) in Steps::new(to.0, to.1, rounding).skip(1) {
        // Within the box, then within the range's shape (`reach` cuts it
        // row by row; the box keeps |dx| below the table's end).
        if !field.reaches(dx, dy) || dy.abs() > reach.at(dx.abs()) {
            return;
        }
        if seen.insert(dx, dy) {
            visit(dx, dy);
        }
        if tiles.opaque(dx, dy) {
            return;
        }
    }
}

/// One bit per tile of a field's bounding box, by offset from the origin,
/// row by row, each row starting a word (so positions come from the row
/// and word being read, without a division).
#[derive(Clone, Debug, Default)]
pub(crate) struct FieldBits {
    words: Vec<u64>,
    left: i64,
    up: i64,
    words_per_row: usize,
    rows: usize,
}

impl FieldBits {
    /// Clears the bits and makes them cover `field`'s box, reusing the buffer.
    pub(crate) fn reset(&mut self, field: &Field) -> Result<(), FovError> {
        let area = field.rect();
        if area.area() > MAX_SET_AREA {
            return Err(FovError::AreaTooLarge { area });
        }
        self.left = field.left;
        self.up = field.up;
        self.words_per_row = (area.width as usize).div_ceil(64);
        self.rows = area.height as usize;
        self.words.clear();
        self.words.resize(self.words_per_row * self.rows, 0);
        Ok(())
    }

    #[inline]
    fn index(&self, dx: i64, dy: i64) -> (usize, u64) {
        let p = self.position(dx, dy);
        (p / 64, 1 << (p % 64))
    }

    /// The bit position of offset `(dx, dy)`: bit `p % 64` of word `p / 64`.
    #[inline]
    pub(crate) fn position(&self, dx: i64, dy: i64) -> usize {
        (dy + self.up) as usize * self.row_stride() + (dx + self.left) as usize
    }

    /// How far a bit position moves for one row down.
    #[inline]
    pub(crate) fn row_stride(&self) -> usize {
        self.words_per_row * 64
    }

    /// Sets the bits of offsets `(dx0..=dx1, dy)`; none when `dx1 < dx0`.
    pub(crate) fn insert_row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        if dx1 < dx0 {
            return;
        }
        let row = (dy + self.up) as usize * self.words_per_row;
        let (c0, c1) = ((dx0 + self.left) as usize, (dx1 + self.left) as usize);
        fill_bits(&mut self.words[row..row + self.words_per_row], c0, c1);
    }

    /// Clears the bit of offset `(dx, dy)`.
    pub(crate) fn remove(&mut self, dx: i64, dy: i64) {
        let (word, bit) = self.index(dx, dy);
        self.words[word] &= !bit;
    }

    /// The words, row by row, each row [`words_per_row`](Self::words_per_row) long.
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// See [`words`](Self::words).
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// How many words a row takes.
    pub(crate) fn words_per_row(&self) -> usize {
        self.words_per_row
    }

    /// The box's column of the origin (its offset from the left edge) and
    /// its row (from the top).
    pub(crate) fn origin_cell(&self) -> (usize, usize) {
        (self.left as usize, self.up as usize)
    }

    /// Sets the bit of offset `(dx, dy)`; whether it was clear before.
    #[inline]
    pub(crate) fn insert(&mut self, dx: i64, dy: i64) -> bool {
        let (word, bit) = self.index(dx, dy);
        let fresh = self.words[word] & bit == 0;
        self.words[word] |= bit;
        fresh
    }

    /// Calls `f(dy, dx0, dx1)` for every run of set bits `(dx0..=dx1, dy)`
    /// within a word, rows first, left to right.
    pub(crate) fn for_each_run(&self, mut f: impl FnMut(i64, i64, i64)) {
        for row in 0..self.rows {
            let dy = row as i64 - self.up;
            for k in 0..self.words_per_row {
                let mut bits = self.words[row * self.words_per_row + k];
                while bits != 0 {
                    let lo = bits.trailing_zeros();
                    // The run's length: the ones from `lo` up.
                    let len = (!(bits >> lo)).trailing_zeros();
                    let dx0 = (k * 64) as i64 + i64::from(lo) - self.left;
                    f(dy, dx0, dx0 + i64::from(len) - 1);
                    bits &= u64::MAX.checked_shl(lo + len).unwrap_or(0);
                }
            }
        }
    }

    /// Calls `f` with the offset of every set bit, rows first.
    pub(crate) fn for_each(&self, mut f: impl FnMut(i64, i64)) {
        for row in 0..self.rows {
            for k in 0..self.words_per_row {
                let mut bits = self.words[row * self.words_per_row + k];
                while bits != 0 {
                    let col = (k * 64) as i64 + i64::from(bits.trailing_zeros());
                    bits &= bits - 1;
                    f(col - self.left, row as i64 - self.up);
                }
            }
        }
    }
}
