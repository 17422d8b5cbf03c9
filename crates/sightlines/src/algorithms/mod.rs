//! The algorithms, one file each; the three ray casts share a folder.
//!
//! Each is a struct holding its reusable scratch, a
//! [`Scan`](crate::field_of_view::Scan) over the [`kernel`](crate::kernel).
//! Their module docs say what each sees (its definition), why it is here and
//! how it is made fast; [`Algorithm::properties`](crate::Algorithm::properties)
//! sums up their promises.

pub mod beveled;
pub mod diamond_shadowcast;
pub mod precise_permissive;
pub mod recursive_shadowcast;
pub mod restrictive;
pub mod symmetric_shadowcast;

mod rays;
mod shut_centers;

pub use beveled::Beveled;
pub use diamond_shadowcast::{DiamondIter, DiamondShadowcast};
pub use precise_permissive::{PrecisePermissive, MAX_LEVEL};
pub(crate) use rays::FieldBits;
pub use rays::{basic_raycast, diamond_raycast, raycast, BasicRaycast, DiamondRaycast, Raycast};
pub use recursive_shadowcast::RecursiveShadowcast;
pub use restrictive::Restrictive;
pub use symmetric_shadowcast::SymmetricShadowcast;
