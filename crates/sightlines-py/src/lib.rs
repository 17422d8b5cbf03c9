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
    for (value, name, _) in options::TCOD_CONSTANTS {
        m.add(name, value)?;
    }
    Ok(())
}
