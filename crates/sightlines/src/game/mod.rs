//! The game layer: what games do with a field of view, for any algorithm
//! (ARCHITECTURE.md, *The library, folder by folder*).

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

/// The offset from `from` to `to`, in `i64` so that no difference overflows.
fn offset(from: (i32, i32), to: (i32, i32)) -> (i64, i64) {
    (
        i64::from(to.0) - i64::from(from.0),
        i64::from(to.1) - i64::from(from.1),
    )
}
