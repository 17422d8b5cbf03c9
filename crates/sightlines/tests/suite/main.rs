//! The crate's integration tests, in one binary.
//!
//! Every module builds every algorithm for both tile models at opt-level 3;
//! one binary compiles them once instead of once per file, which is most of
//! CI's time. The allocation-counting tests (`alloc.rs`, `game_alloc.rs`)
//! stay separate binaries because each installs its own global allocator.

mod common;

mod architecture;
mod beveled;
mod catalogue;
mod diamond_shadowcast;
mod game;
mod hex;
mod hex_peers;
mod lines;
mod partial;
mod permissive_levels;
mod precise_permissive;
mod properties;
mod raycast;
mod recursive_shadowcast;
mod restrictive;
mod sight;
mod symmetric_shadowcast;
mod translucent;
