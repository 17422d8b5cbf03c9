//! # sightlines-bench
//!
//! The measuring instrument for sightlines' speed claims: every algorithm
//! of ours and every peer library, on the same maps, viewpoints and radii,
//! in the same run.
//!
//! - [`workload`]: the benchmark maps of this crate's `maps/` folder with
//!   their viewpoints, and the cases (map and radius).
//! - [`contender`]: one trait over everything that is timed: our algorithms
//!   through [`sightlines::Fov::compute_into`] into a reused
//!   [`sightlines::VisibleSet`], the floor (a loop that only writes the
//!   range's tiles), and the peers ([`peers`], and `libtcod` with the feature
//!   of that name).
//! - [`report`]: turns criterion's estimates and the callgrind instruction
//!   counts into `BENCHMARKS.md`.
//!
//! Time is the benchmark thread's CPU time ([`cputime`]; wall-clock time with
//! `SIGHTLINES_BENCH_CLOCK=wall`), measured by `cargo bench -p sightlines-bench` (criterion),
//! instructions by `tools/bench/instructions.sh` (callgrind over the `count`
//! binary); `tools/bench/regenerate.sh` does both and rewrites the table.
#![warn(missing_docs)]
// Unsafe code is confined to the libtcod binding's `ffi` module and the one
// call of `cputime`.
#![deny(unsafe_code)]

pub mod contender;
pub mod cputime;
#[cfg(feature = "libtcod")]
#[allow(unsafe_code)]
pub mod libtcod;
pub mod peers;
pub mod report;
pub mod workload;
