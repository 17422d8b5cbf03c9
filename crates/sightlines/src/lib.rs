//! # sightlines
//!
//! Field of view on 2D grid maps: which tiles can a creature see from here?
//! Every algorithm is exact (integer or rational arithmetic, no floating
//! point), allocation-free after warm-up, and never panics on any input.
//!
//! ## The model
//!
//! - A **position** is `(x, y)` in `i32`, x right, y down; a tile is the
//!   unit square `[x, x+1] x [y, y+1]`.
//! - A **map** answers "does `(x, y)` block sight?" through [`Opacity`]: any
//!   closure, or a bounded map ([`Grid`], [`bounded`]) whose tiles outside
//!   its [`Rect`] block sight and never appear.
//! - A **range** ([`Range`]) is a radius and a [`Shape`], each cut by one
//!   exact integer rule, or no radius for the whole bounded map.
//! - The **origin** is always visible, and so are the opaque tiles sight
//!   reaches ("lit walls") unless [`Fov::set_lit_walls`] turns them off.
//! - **Results** come to a visitor callback, each visible tile once, or fill
//!   a reusable [`VisibleSet`] sized to the range, not to the map.
//!
//! ## Algorithms
//!
//! Each algorithm's promises, as [`Algorithm::properties`] states them and
//! the tests check them:
//!
#![doc = include_str!("../catalogue.md")]
//!
//! Pick one at run time with [`Algorithm`] and [`Fov`], or hold an
//! algorithm's own scratch struct and call [`FieldOfView::compute`].
//!
//! ## From a closure
//!
//! ```
//! use sightlines::{Fov, Range};
//!
//! // An endless field with a wall along x = 3.
//! let map = |x: i32, _y: i32| x == 3;
//! let mut fov = Fov::default();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 0), Range::circle(5), |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(3, 0))); // the wall is lit
//! assert!(!seen.contains(&(4, 0))); // behind it is not
//! # Ok::<(), sightlines::FovError>(())
//! ```
//!
//! ## From the built-in grid
//!
//! ```
//! use sightlines::{Algorithm, Fov, Grid, Range, VisibleSet};
//!
//! let text = ["#######",
//!             "#@....#",
//!             "#..#..#",
//!             "#.....#",
//!             "#######"].join("\n");
//! let parsed = Grid::parse(&text)?;
//! let origin = parsed.viewer.expect("the map marks the viewer with @");
//! let mut fov = Fov::new(Algorithm::PrecisePermissive);
//! let mut seen = VisibleSet::new(); // keep it: refilling allocates nothing
//! fov.compute_into(&parsed.grid, origin, Range::UNLIMITED, &mut seen)?;
//! assert!(seen.contains(6, 0) && seen.contains(4, 4)); // walls are lit
//! assert!(!seen.contains(5, 3)); // the pillar at (3, 2) hides what lies behind it
//! assert_eq!(seen.len(), 31);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The game layer
//!
//! What games do with a field of view, on top of any algorithm:
//!
//! - [`Memory`] ([`memory`]): fog of war, the tiles ever seen, one bit a
//!   tile, each [`Knowledge`]; saved with the `serde` feature.
//! - [`Viewer`] ([`viewer`]): a creature's field of view, recomputed only
//!   when it moved or the map changed within its range ([`tile_changed`]);
//!   [`update_viewers`] for a batch, `update_viewers_par` (feature `rayon`).
//! - [`can_see`] and [`Fov::can_see`] ([`sight`]): line of sight, exactly what
//!   the full field of view says; the lines a projectile flies,
//!   [`line::Bresenham`] and [`line::Supercover`].
//! - [`targets_into`] ([`target`]): what a ranged item may aim at, nearest
//!   first; a [`Blast`]: what its explosion reaches, the epicentre's view.
//! - [`Cone`] ([`cone`]): a field of view limited to an angle, exact at the edges.
//! - [`Light`], [`LightMap`], [`Vision`] ([`light`]): light sources that light
//!   what they see, and a player who sees what is lit.
//!
//! All of it in one turn loop, `examples/turn.rs`:
//!
//! ```
#![doc = include_str!("../examples/turn.rs")]
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The layers of ARCHITECTURE.md: the public model; the contract and the
// run-time choice; the algorithms, kernel, bitset and game layer.
mod error;
mod gaps;
pub mod generate;
mod grid;
pub mod hex;
pub mod line;
mod map;
mod range;
pub mod translucent;
mod visible;

mod algorithm;
mod catalogue;
mod field_of_view;
mod fov;

mod algorithms;
mod bits;
mod game;
mod kernel;

pub use algorithm::{Algorithm, PermissiveLevel, UnknownAlgorithm};
pub use algorithms::{
    basic_raycast, beveled, diamond_raycast, diamond_shadowcast, precise_permissive, raycast,
    recursive_shadowcast, restrictive, symmetric_shadowcast, BasicRaycast, Beveled, DiamondIter,
    DiamondRaycast, DiamondShadowcast, PrecisePermissive, Raycast, RecursiveShadowcast,
    Restrictive, SymmetricShadowcast,
};
pub use catalogue::{catalogue_table, Properties, SightModel, Speed, Symmetry, WallShape};
pub use error::FovError;
pub use field_of_view::FieldOfView;
pub use fov::{visible_tiles, Fov};
#[cfg(feature = "rayon")]
pub use game::viewer::update_viewers_par;
pub use game::{
    can_see, cone, light, memory, nearest_first, sight, target, targets, targets_into,
    tile_changed, update_viewers, viewer, Blast, Cone, Falloff, Knowledge, Light, LightMap, Memory,
    Viewer, Vision,
};
pub use gaps::{DiagonalGaps, UnknownDiagonalGaps};
pub use grid::{Grid, GridTooLarge, ParseError, ParsedMap, SAMPLE_MAP};
pub use map::{bounded, BitColumns, BitRows, Bounded, Opacity, Rect};
pub use range::{Range, Shape, UnknownShape};
pub use translucent::{LevelGrid, LevelRows, ParsedLevels, Translucency};
pub use visible::{Iter, VisibleSet, MAX_SET_AREA};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
