//! The `sightlines` Python package: field of view on NumPy arrays.
//!
//! The extension module `sightlines._sightlines`; `python/sightlines`
//! re-exports it with the constants, and `_sightlines.pyi` types it. Every
//! function takes python-tcod's conventions: a `transparency[i, j]` array
//! (nonzero = transparent), positions `(i, j)`, radius 0 for the whole map,
//! and a boolean array of the map's shape back.

#![deny(unsafe_code)]

mod arrays;
mod fov;
mod game;
mod options;

use pyo3::prelude::*;

#[pymodule]
fn _sightlines(m: &Bound<'_, PyModule>) -> PyResult<()> {
    fov::register(m)?;
    game::register(m)?;
    let ids: Vec<&str> = sightlines::Algorithm::ALL.iter().map(|a| a.id()).collect();
    m.add("ALGORITHMS", pyo3::types::PyTuple::new(m.py(), ids)?)?;
    m.add("DEFAULT_ALGORITHM", options::DEFAULT_ALGORITHM.id())?;
    for (value, id) in options::TCOD_CONSTANTS {
        let name = match value {
            0 => "FOV_BASIC".to_owned(),
            1 => "FOV_DIAMOND".to_owned(),
            2 => "FOV_SHADOW".to_owned(),
            3..=11 => format!("FOV_PERMISSIVE_{}", value - 3),
            12 => "FOV_RESTRICTIVE".to_owned(),
            _ => "FOV_SYMMETRIC_SHADOWCAST".to_owned(),
        };
        debug_assert!(!id.is_empty());
        m.add(name.as_str(), value)?;
    }
    Ok(())
}
