//! Field of view on hexagonal maps: the hex twin of the square library.
//!
//! ## The model
//!
//! - A hex is `(q, r)` in **axial** coordinates (`i32`): `q` grows to the
//!   east, `r` to the south-east on a pointy-top map, and the third cube
//!   coordinate is `s = -q - r`. [`distance`] is the fewest steps between
//!   two hexes. Maps stored as rectangles of offsets convert with
//!   [`Layout`] (odd-r, even-r, odd-q, even-q; its docs have the formulas).
//! - A **map** answers "does `(q, r)` block sight?" through [`HexOpacity`]:
//!   any closure (unbounded), or a bounded map such as [`HexGrid`], packed
//!   one bit a hex, whose hexes outside its [`HexBounds`] block sight and are
//!   never reported.
//! - A **range** is a radius in rings (hex distance), or `None` for the whole
//!   bounded map.
//! - The **origin** is always visible, and so are the opaque hexes sight
//!   reaches unless [`HexFov::set_lit_walls`] turns them off.
//! - **Results** come to a visitor callback, each visible hex once, or fill a
//!   reusable [`VisibleSet`](crate::VisibleSet) over axial `(q, r)` sized
//!   to the range, so the game layer's sets and [`Memory`](crate::Memory)
//!   serve hexes too ([`HexViewer`] and the rest of the hex game layer).
//!
//! ## The geometry, exactly
//!
//! Each algorithm scans six **sextants**, the wedges between two neighbour
//! directions. In a sextant's frame, a linear map of the plane that keeps
//! straight lines straight, hex centres are integer points and every
//! hexagon vertex lies on thirds, so every decision is an exact comparison
//! of integer fractions.
//!
//! ## Algorithms
//!
//! [`HexAlgorithm`] has the table; the definitions are in the docs of
//! each: hex shadowcasting and its symmetric variant, hex precise
//! permissive, and hex ray casting.
//! Each is checked in the tests against a brute-force model of its
//! definition on thousands of random maps.
//!
//! ```
//! use sightlines::hex::{self, HexAlgorithm, HexFov};
//! use sightlines::VisibleSet;
//!
//! // An endless field with a wall of three hexes east of the viewer.
//! let map = |q: i32, r: i32| q == 2 && (-1..=1).contains(&r);
//! let mut fov = HexFov::new(HexAlgorithm::Shadowcast);
//! let mut seen = VisibleSet::new();
//! fov.compute_into(&map, (0, 0), Some(5), &mut seen)?;
//! assert!(seen.contains(2, 0)); // the wall is lit
//! assert!(!seen.contains(4, 0)); // behind it is dark
//! assert!(seen.contains(-5, 0)); // the other way is open to the range
//! assert_eq!(hex::distance((0, 0), (-5, 0)), 5);
//! # Ok::<(), sightlines::FovError>(())
//! ```

mod coord;
mod field;
mod fov;
mod game;
mod line;
mod map;
mod precise_permissive;
mod raycast;
mod shadowcast;
mod tiles;

pub use coord::{distance, Layout, UnknownLayout, NEIGHBORS};
pub use fov::{HexAlgorithm, HexFov, UnknownHexAlgorithm};
pub use game::{hex_changed, nearest_first, targets_into, update_hex_viewers, HexViewer};
pub use line::{line, supercover_into, Line};
pub use map::{HexBits, HexBounds, HexGrid, HexOpacity, ParsedHexMap};
