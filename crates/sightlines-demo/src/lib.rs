//! sightlines-demo: a small roguelike that shows the `sightlines` library
//! at work. Explore a cave under fog of war, watch monsters that see with
//! their own fields of view, switch the field-of-view algorithm live, and
//! aim a wand whose blast is shaped by walls.
//!
//! The crate is a library with a thin binary so that everything but the
//! terminal itself is tested without one:
//!
//! - [`game`]: the state and the rules; a turn is [`game::Game::apply`].
//!   Its parts are submodules: `level` (generation), `monsters` and
//!   `wand` (aiming and blasts).
//! - [`input`]: keys to [`game::Command`]s.
//! - [`ui`]: drawing a game with ratatui.
//!
//! It uses only the public API of `sightlines`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod game;
pub mod input;
pub mod ui;
