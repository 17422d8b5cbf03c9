//! The scan kernel every algorithm is built from (crate-private).
//!
//! A field of view is computed the same way whatever the algorithm: the
//! map, origin and range are checked and cut into a [`Field`]; the
//! algorithm scans it in canonical frames ([`Octant`], [`Quadrant`]) line by
//! line away from the origin, cutting each line to the range ([`Reach`]),
//! reading its walls a word of 64 tiles at a time ([`Tiles`], [`Lines`]),
//! deciding with exact fractions ([`Slope`], [`Stepped`]), and putting what
//! it sees, by offset from the origin, into a [`Sink`]: a visitor closure
//! ([`Visit`]) or a [`VisibleSet`](crate::VisibleSet)'s words. Nothing here
//! knows any one algorithm (`ARCHITECTURE.md` has the invariants).

pub(crate) mod centre_ray;
pub(crate) mod field;
pub(crate) mod octant;
pub(crate) mod reach;
pub(crate) mod ring;
pub(crate) mod sink;
pub(crate) mod slope;
pub(crate) mod tiles;

pub(crate) use field::{presized_reach, Field};
pub(crate) use octant::{each_octant, each_quadrant, one_octant, Octant, Quadrant};
pub(crate) use reach::Reach;
pub(crate) use ring::Ring;
pub(crate) use sink::{Sink, Visit};
pub(crate) use slope::{Slope, Stepped};
pub(crate) use tiles::{pinched, with_tiles, ByTile, FieldLines, Lines, OctantRows, Tiles};
