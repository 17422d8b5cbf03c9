//! The game layer: what games do with a field of view, for any algorithm.
//!
//! Everything here is built on [`Fov`](crate::Fov) and
//! [`VisibleSet`](crate::VisibleSet) alone, never on one algorithm's
//! internals: memory of seen tiles, viewers with dirty flags, line of
//! sight, targets and blasts, cones and light.

pub mod cone;
pub mod light;
pub mod memory;
pub mod sight;
pub mod target;
pub mod viewer;

pub use cone::Cone;
pub use light::{Falloff, Light, LightMap, Vision};
pub use memory::{Knowledge, Memory};
pub use sight::can_see;
pub use target::{nearest_first, targets, targets_into, Blast};
pub use viewer::{tile_changed, update_viewers, Viewer};
