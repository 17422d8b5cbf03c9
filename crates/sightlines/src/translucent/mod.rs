//! Translucent tiles: smoke, fog, foliage and murky water, which dim sight
//! without stopping it.
//!
//! A map answers an opacity *level* per tile through [`Translucency`]: 0 is
//! clear, [`OPAQUE`] (255) stops sight, and every level between takes that
//! much from the sight that crosses the tile. A viewer starts with a
//! *visibility*, 255 unless [`Fov::set_visibility`](crate::Fov::set_visibility)
//! says less.
//!
//! **Definition.** A tile's visibility is the largest, over the algorithm's
//! sight lines from the viewer to it, of the starting visibility minus the
//! levels of the tiles whose interiors the line crosses before reaching it.
//! The tile is visible when that is above 0, and the visitor receives it
//! (from 1 to 255). What counts as a sight line, as crossing an interior
//! and as "before" is the algorithm's own definition, the one its module
//! documents for opaque tiles; so a map whose levels are all 0 or 255 gives
//! exactly the algorithm's plain field, every tile at the full visibility.
//! The origin's own level takes nothing (a viewer in smoke still sees out);
//! tiles off a bounded map are opaque.
//!
//! - `precise-permissive`: segments from any point inside the origin's tile
//!   to any point inside the tile, each dimmed by the tiles whose interiors
//!   it meets on the way. Visibility between any two tiles is symmetric: a
//!   segment reversed meets the same tiles.
//! - `recursive-shadowcast`: rays from the origin's centre; a ray reaches a
//!   tile when it meets its square, and is dimmed by the tiles nearer (in
//!   Chebyshev distance) whose interior it crosses.
//! - `symmetric-shadowcast`: rays from the origin's centre; a tile below
//!   [`OPAQUE`] is seen along the ray to its centre, an opaque one along any
//!   ray through its mid-line; a ray is dimmed by the mid-lines of nearer
//!   tiles whose interior it crosses, and where it passes exactly between two
//!   mid-lines that meet end to end, by the lesser of their levels (two
//!   opaque tiles so stop it, as the plain field does). Visibility between
//!   two tiles below [`OPAQUE`] is symmetric: the ray between their centres
//!   is the same segment both ways.
//! - `raycast`: its rays, from the origin's centre to the centre of each
//!   tile of the ring at the field's farthest reach, a tile a step; each
//!   tile a ray reaches is dimmed by the tiles the ray stepped on before
//!   it, and a ray still stops before leaving the map or the range.
//!
//! Other algorithms answer [`FovError::Unsupported`](crate::FovError::Unsupported)
//! ([`Algorithm::supports_translucency`](crate::Algorithm::supports_translucency)
//! tells which).
//!
//! **The diagonal rule** ([`DiagonalGaps::Block`](crate::DiagonalGaps::Block))
//! adds its condition to each definition, as in the plain field:
//! `precise-permissive`'s segments pass no corner between two opaque
//! tiles; a single ray of `recursive-shadowcast` through such a corner
//! stops once it has met the tiles it meets at the corner;
//! `symmetric-shadowcast` sees no tile below [`OPAQUE`] along a centre ray
//! that passes such a corner on the way; `raycast`'s rays stop before a
//! step between two opaque tiles.
//!
//! ```
//! use sightlines::{Algorithm, DiagonalGaps, Fov, Range};
//!
//! // Two walls touching at a corner, smoke beside them.
//! let map = |x: i32, y: i32| match (x, y) {
//!     (1, 0) | (0, 1) => 255u8,
//!     (-1, 0) => 60,
//!     _ => 0,
//! };
//! let mut fov = Fov::new(Algorithm::PrecisePermissive);
//! fov.set_diagonal_gaps(DiagonalGaps::Block);
//! let mut seen = Vec::new();
//! fov.compute_translucent(&map, (0, 0), Range::square(3), |x, y, v| seen.push((x, y, v)))?;
//! // Nothing through the corner; behind the smoke, what it leaves.
//! assert!(!seen.iter().any(|&(x, y, _)| (x, y) == (1, 1)));
//! assert!(seen.contains(&(-1, 0, 255)) && seen.contains(&(-2, 0, 195)));
//! # Ok::<(), sightlines::FovError>(())
//! ```
//!
//! ```
//! use sightlines::{Algorithm, Fov, LevelGrid, Range};
//!
//! // Smoke ('~', level 100) in a corridor: each puff takes 100 of 255.
//! let map = LevelGrid::parse_with("@.~~~.\n", |c| match c {
//!     '~' => 100,
//!     '#' => 255,
//!     _ => 0,
//! })?;
//! let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
//! let mut seen = Vec::new();
//! fov.compute_translucent(&map.levels, (0, 0), Range::UNLIMITED, |x, _y, v| seen.push((x, v)))?;
//! seen.sort();
//! assert_eq!(seen, [(0, 255), (1, 255), (2, 255), (3, 155), (4, 55)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod grid;
pub(crate) mod scan;

pub use grid::{LevelGrid, ParsedLevels};

use crate::map::{Bounded, Opacity, Rect};

/// The level of a tile that stops sight; the brightest visibility.
pub const OPAQUE: u8 = u8::MAX;

/// A map whose tiles dim sight by a level each: 0 clear, [`OPAQUE`] (255)
/// blocking, anything between translucent. The sibling of
/// [`Opacity`]; closures `Fn(i32, i32) -> u8` are maps, unbounded, and so is
/// a [`LevelGrid`], bounded.
///
/// Tiles outside [`bounds`](Translucency::bounds) are opaque and never
/// reported, whatever `level` says of them.
///
/// ```
/// use sightlines::{Rect, Translucency};
///
/// let fog = |x: i32, _y: i32| if x > 3 { 40 } else { 0 };
/// assert_eq!(fog.level(5, 0), 40);
/// assert!(fog.bounds().is_none());
///
/// struct Swamp { reeds: Vec<u8>, width: i32 }
/// impl Translucency for Swamp {
///     fn level(&self, x: i32, y: i32) -> u8 {
///         self.reeds[(y * self.width + x) as usize]
///     }
///     fn bounds(&self) -> Option<Rect> {
///         Some(Rect::new(0, 0, self.width as u32, (self.reeds.len() as i32 / self.width) as u32))
///     }
/// }
/// let swamp = Swamp { reeds: vec![0, 80, 0, 255], width: 2 };
/// assert_eq!(swamp.level(1, 0), 80);
/// ```
pub trait Translucency {
    /// How much the tile at (x, y) dims the sight that crosses it, from 0
    /// (clear) to [`OPAQUE`]. Only asked for tiles within the bounds.
    fn level(&self, x: i32, y: i32) -> u8;

    /// The tiles of the map, or `None` for a map without end (then a field
    /// of view needs a radius).
    fn bounds(&self) -> Option<Rect> {
        None
    }

    /// The levels packed a byte a tile, row by row, if the map keeps them
    /// so (as [`LevelGrid`] does): scans then read them straight, without a
    /// call and a bounds test per tile. With `None`, the default, they ask
    /// [`level`](Translucency::level). Inside [`LevelRows::rect`] the bytes
    /// must agree with `level`.
    ///
    /// ```
    /// use sightlines::{Algorithm, Fov, LevelRows, Range, Rect, Translucency};
    ///
    /// // A 3x2 swamp whose reeds dim sight by 100.
    /// struct Swamp([u8; 6]);
    /// impl Translucency for Swamp {
    ///     fn level(&self, x: i32, y: i32) -> u8 {
    ///         self.0[(y * 3 + x) as usize]
    ///     }
    ///     fn bounds(&self) -> Option<Rect> {
    ///         Some(Rect::new(0, 0, 3, 2))
    ///     }
    ///     fn level_rows(&self) -> Option<LevelRows<'_>> {
    ///         LevelRows::new(&self.0, Rect::new(0, 0, 3, 2))
    ///     }
    /// }
    /// let swamp = Swamp([0, 100, 0, 0, 0, 0]);
    /// let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    /// let mut seen = Vec::new();
    /// fov.compute_translucent(&swamp, (0, 0), Range::UNLIMITED, |x, y, v| seen.push((x, y, v)))?;
    /// assert!(seen.contains(&(2, 0, 155)));
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    fn level_rows(&self) -> Option<LevelRows<'_>> {
        None
    }
}

/// Levels packed a byte a tile, row by row, for
/// [`Translucency::level_rows`]: tile `(rect.x + i, rect.y + j)` is byte
/// `j * rect.width + i`.
///
/// ```
/// use sightlines::{LevelRows, Rect};
///
/// let levels = [0, 40, 255, 0];
/// let rows = LevelRows::new(&levels, Rect::new(5, 5, 2, 2)).unwrap();
/// assert_eq!(rows.level(6, 5), Some(40));
/// assert_eq!(rows.level(4, 5), None);
/// // The bytes must fill the rectangle exactly.
/// assert!(LevelRows::new(&levels, Rect::new(0, 0, 3, 2)).is_none());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LevelRows<'a> {
    levels: &'a [u8],
    rect: Rect,
}

impl<'a> LevelRows<'a> {
    /// The levels of `rect`, row by row; `None` unless `levels` holds
    /// exactly `rect.width * rect.height` bytes.
    pub fn new(levels: &'a [u8], rect: Rect) -> Option<LevelRows<'a>> {
        (levels.len() as u64 == rect.area()).then_some(LevelRows { levels, rect })
    }

    /// The tiles the bytes hold.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The bytes, row by row.
    pub fn levels(&self) -> &'a [u8] {
        self.levels
    }

    /// The level of tile `(x, y)`, or `None` outside [`rect`](LevelRows::rect).
    pub fn level(&self, x: i32, y: i32) -> Option<u8> {
        if !self.rect.contains(x, y) {
            return None;
        }
        let (i, j) = (
            i64::from(x) - i64::from(self.rect.x),
            i64::from(y) - i64::from(self.rect.y),
        );
        self.levels
            .get((j * i64::from(self.rect.width) + i) as usize)
            .copied()
    }
}

impl<F: Fn(i32, i32) -> u8> Translucency for F {
    #[inline]
    fn level(&self, x: i32, y: i32) -> u8 {
        self(x, y)
    }
}

/// A [`bounded`](crate::bounded) map of levels: tiles outside are opaque.
///
/// ```
/// use sightlines::{bounded, Rect, Translucency};
/// let map = bounded(Rect::new(0, 0, 4, 4), |_x: i32, _y: i32| 30u8);
/// assert_eq!(map.level(1, 1), 30);
/// assert_eq!(map.level(9, 1), 255);
/// ```
impl<M: Translucency> Translucency for Bounded<M> {
    #[inline]
    fn level(&self, x: i32, y: i32) -> u8 {
        if self.rect().contains(x, y) {
            self.inner().level(x, y)
        } else {
            OPAQUE
        }
    }

    fn bounds(&self) -> Option<Rect> {
        Some(match self.inner().bounds() {
            None => self.rect(),
            Some(inner) => self.rect().intersection(inner),
        })
    }

    /// The inner map's: they agree with `level` inside the bounds, where
    /// every field lies.
    fn level_rows(&self) -> Option<LevelRows<'_>> {
        self.inner().level_rows()
    }
}

/// A map of walls seen as a map of levels: 255 for its opaque tiles, 0 for
/// the others.
pub(crate) struct Binary<'a, M: ?Sized>(pub(crate) &'a M);

impl<M: Opacity + ?Sized> Translucency for Binary<'_, M> {
    #[inline]
    fn level(&self, x: i32, y: i32) -> u8 {
        if self.0.is_opaque(x, y) {
            OPAQUE
        } else {
            0
        }
    }

    fn bounds(&self) -> Option<Rect> {
        self.0.bounds()
    }
}

/// A map of levels seen as a map of walls: the tiles at [`OPAQUE`].
/// What the field's checks (bounds, radius) and the diagonal rule's corner
/// tests read. Tiles off the map are opaque without asking it: a map is
/// asked for its own tiles only.
pub(crate) struct Walls<'a, M: ?Sized>(pub(crate) &'a M);

impl<M: Translucency + ?Sized> Opacity for Walls<'_, M> {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        let off_map = self.0.bounds().is_some_and(|b| !b.contains(x, y));
        off_map || self.0.level(x, y) == OPAQUE
    }

    fn bounds(&self) -> Option<Rect> {
        self.0.bounds()
    }
}
