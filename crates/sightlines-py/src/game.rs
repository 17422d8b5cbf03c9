//! The game layer: cones, fog-of-war memory, viewers with dirty flags and
//! light maps, on NumPy arrays.

use numpy::ndarray::ArrayViewMut2;
use numpy::{PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sightlines::{Falloff, Light, Range, Rect, VisibleSet};

use crate::arrays::{on_map, position, with_map, Scratch, Transparency, Window};
use crate::fov::fov_error;
use crate::options::{self, Truthy};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Cone>()?;
    m.add_class::<Memory>()?;
    m.add_class::<Viewer>()?;
    m.add_class::<LightMap>()?;
    m.add_function(wrap_pyfunction!(update_viewers, m)?)?;
    m.add_function(wrap_pyfunction!(tile_changed, m)?)?;
    Ok(())
}

/// A map shape `(height, width)` as the `Rect` at the origin.
fn area((h, w): (usize, usize)) -> PyResult<Rect> {
    match (u32::try_from(w), u32::try_from(h)) {
        (Ok(w), Ok(h)) if i32::try_from(w).is_ok() && i32::try_from(h).is_ok() => {
            Ok(Rect::new(0, 0, w, h))
        }
        _ => Err(PyValueError::new_err(format!(
            "shape ({h}, {w}) is too large"
        ))),
    }
}

fn shape_of(obj: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    obj.extract::<(usize, usize)>()
        .map_err(|_| PyValueError::new_err(format!("shape must be (height, width), got {obj}")))
}

/// Sets `value` at the tiles `(x, y)` of `tiles` that lie in `view`.
fn mark<T: Copy>(
    view: &mut ArrayViewMut2<'_, T>,
    tiles: impl Iterator<Item = (i32, i32)>,
    value: T,
) {
    for (x, y) in tiles {
        if let (Ok(i), Ok(j)) = (usize::try_from(y), usize::try_from(x)) {
            if let Some(cell) = view.get_mut((i, j)) {
                *cell = value;
            }
        }
    }
}

/// The tiles `(x, y)` as a boolean array of shape `(h, w)`.
fn tiles_to_array<'py>(
    py: Python<'py>,
    tiles: impl Iterator<Item = (i32, i32)>,
    (h, w): (usize, usize),
) -> Bound<'py, PyArray2<bool>> {
    let out = PyArray2::<bool>::zeros(py, [h, w], false);
    mark(&mut out.readwrite().as_array_mut(), tiles, true);
    out
}

/// A direction of sight: only the tiles inside it are seen. Directions are
/// `(di, dj)` steps and angles are in degrees from `+j` (east) toward `+i`
/// (south), as a map array is drawn.
///
/// >>> import numpy as np, sightlines
/// >>> east = sightlines.Cone.quarter((0, 1))
/// >>> east.contains(1, 5), east.contains(0, -5)
/// (True, False)
/// >>> seen = sightlines.Fov().compute(np.ones((5, 5)), (2, 0), radius=4, cone=east)
/// >>> bool(seen[2, 4]), bool(seen[0, 1])
/// (True, False)
#[pyclass(module = "sightlines", frozen)]
pub struct Cone {
    inner: sightlines::Cone,
}

impl Cone {
    pub fn inner(&self) -> &sightlines::Cone {
        &self.inner
    }
}

fn direction(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i32, i32)> {
    position(obj, what)
}

fn no_cone(what: &str) -> PyErr {
    PyValueError::new_err(format!("{what}: a direction must not be (0, 0)"))
}

#[pymethods]
impl Cone {
    /// The tiles from direction `start` turning clockwise on the screen to
    /// direction `end` (both `(di, dj)`, not `(0, 0)`); equal directions
    /// give the single ray.
    #[new]
    fn py_new(start: &Bound<'_, PyAny>, end: &Bound<'_, PyAny>) -> PyResult<Cone> {
        let (s, e) = (direction(start, "start")?, direction(end, "end")?);
        sightlines::Cone::new(s, e)
            .map(|inner| Cone { inner })
            .ok_or_else(|| no_cone("Cone"))
    }

    /// A cone around `direction` degrees, `width` degrees wide (360 or more
    /// is every direction). The edges are rounded once to 2**-24; every
    /// later test is exact.
    #[staticmethod]
    fn from_degrees(direction: f64, width: f64) -> PyResult<Cone> {
        sightlines::Cone::from_degrees(direction, width)
            .map(|inner| Cone { inner })
            .ok_or_else(|| {
                PyValueError::new_err("Cone.from_degrees: direction and width must be finite")
            })
    }

    /// The 90 degrees centred on `direction` `(di, dj)`.
    #[staticmethod]
    fn quarter(direction_: &Bound<'_, PyAny>) -> PyResult<Cone> {
        let d = direction(direction_, "direction")?;
        sightlines::Cone::quarter(d)
            .map(|inner| Cone { inner })
            .ok_or_else(|| no_cone("Cone.quarter"))
    }

    /// The 180 degrees centred on `direction` `(di, dj)`.
    #[staticmethod]
    fn half(direction_: &Bound<'_, PyAny>) -> PyResult<Cone> {
        let d = direction(direction_, "direction")?;
        sightlines::Cone::half(d)
            .map(|inner| Cone { inner })
            .ok_or_else(|| no_cone("Cone.half"))
    }

    /// Every direction.
    #[staticmethod]
    fn full() -> Cone {
        Cone {
            inner: sightlines::Cone::FULL,
        }
    }

    /// Whether the offset `(di, dj)` from the viewer lies in the cone (the
    /// viewer's own tile always does).
    fn contains(&self, di: i64, dj: i64) -> bool {
        self.inner.contains(dj, di)
    }

    fn __repr__(&self) -> String {
        format!("<Cone {:?}>", self.inner)
    }
}

/// The tiles of a map ever seen (fog of war), one bit a tile; picklable.
///
/// >>> import numpy as np, pickle, sightlines
/// >>> transparency = np.ones((4, 6), dtype=bool)
/// >>> memory = sightlines.Memory(transparency.shape)
/// >>> visible = sightlines.compute_fov(transparency, (0, 0), radius=1)
/// >>> memory.remember(visible)
/// 4
/// >>> memory.knowledge(sightlines.compute_fov(transparency, (0, 1), radius=1))[0].tolist()
/// [2, 2, 2, 0, 0, 0]
/// >>> len(pickle.loads(pickle.dumps(memory)))
/// 4
#[pyclass(module = "sightlines")]
pub struct Memory {
    inner: sightlines::Memory,
    shape: (usize, usize),
}

/// Knowledge of a tile in `Memory.knowledge`'s array.
const UNKNOWN: i8 = 0;
const REMEMBERED: i8 = 1;
const VISIBLE: i8 = 2;

impl Memory {
    fn visible_array<'py>(&self, visible: &Bound<'py, PyAny>) -> PyResult<Transparency<'py>> {
        let array = Transparency::extract(visible)?;
        if array.shape() != self.shape {
            return Err(PyValueError::new_err(format!(
                "visible has shape {:?}, the memory {:?}",
                array.shape(),
                self.shape
            )));
        }
        Ok(array)
    }
}

#[pymethods]
impl Memory {
    /// An empty memory of a map of `shape` `(height, width)`.
    #[new]
    fn py_new(shape: &Bound<'_, PyAny>) -> PyResult<Memory> {
        let shape = shape_of(shape)?;
        let inner = sightlines::Memory::new(area(shape)?).map_err(fov_error)?;
        Ok(Memory { inner, shape })
    }

    /// `(height, width)`.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        self.shape
    }

    /// Adds the tiles of `visible` (a boolean array of the memory's shape,
    /// or a `Viewer`'s last field); returns how many were new.
    fn remember(&mut self, visible: &Bound<'_, PyAny>) -> PyResult<u64> {
        if let Ok(viewer) = visible.cast::<Viewer>() {
            return Ok(self.inner.remember(viewer.borrow().inner.visible()));
        }
        let array = self.visible_array(visible)?;
        let mut new = 0;
        with_map!(&array, |map| {
            let (h, w) = self.shape;
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    if !sightlines::Opacity::is_opaque(&map, x, y) {
                        new += u64::from(self.inner.mark_seen(x, y));
                    }
                }
            }
        });
        Ok(new)
    }

    /// Whether tile `(i, j)` was ever seen.
    fn is_seen(&self, tile: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (x, y) = position(tile, "tile")?;
        Ok(self.inner.is_seen(x, y))
    }

    /// The explored tiles, a new boolean array.
    #[getter]
    fn explored<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        tiles_to_array(py, self.inner.iter(), self.shape)
    }

    /// Each tile's knowledge as an int8 array: `UNKNOWN` (0), `REMEMBERED`
    /// (1) or `VISIBLE` (2), given the tiles `visible` now.
    fn knowledge<'py>(
        &self,
        py: Python<'py>,
        visible: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let array = self.visible_array(visible)?;
        let out = PyArray2::<i8>::zeros(py, [self.shape.0, self.shape.1], false);
        {
            let mut write = out.readwrite();
            let mut view = write.as_array_mut();
            mark(&mut view, self.inner.iter(), REMEMBERED);
            with_map!(&array, |map| {
                for ((i, j), cell) in view.indexed_iter_mut() {
                    if !sightlines::Opacity::is_opaque(&map, j as i32, i as i32) {
                        *cell = VISIBLE;
                    }
                }
            });
        }
        debug_assert_eq!(UNKNOWN, 0);
        Ok(out)
    }

    /// Forgets every tile.
    fn clear(&mut self) {
        self.inner.clear();
    }

    fn __len__(&self) -> usize {
        self.inner.len() as usize
    }

    fn __repr__(&self) -> String {
        format!(
            "<Memory shape={:?}, {} tiles seen>",
            self.shape,
            self.inner.len()
        )
    }

    fn __getnewargs__(&self) -> ((usize, usize),) {
        (self.shape,)
    }

    /// `(shape, bits)`: the seen tiles packed 8 a byte, row by row, low bit first.
    fn __getstate__<'py>(&self, py: Python<'py>) -> ((usize, usize), Bound<'py, PyBytes>) {
        let (h, w) = self.shape;
        let mut bits = vec![0u8; (h * w).div_ceil(8)];
        for (x, y) in self.inner.iter() {
            let k = y as usize * w + x as usize;
            bits[k / 8] |= 1 << (k % 8);
        }
        (self.shape, PyBytes::new(py, &bits))
    }

    fn __setstate__(&mut self, state: ((usize, usize), Vec<u8>)) -> PyResult<()> {
        let (shape, bits) = state;
        let (h, w) = shape;
        if bits.len() != (h * w).div_ceil(8) {
            return Err(PyValueError::new_err(
                "corrupt Memory state: the bits do not match the shape",
            ));
        }
        let mut inner = sightlines::Memory::new(area(shape)?).map_err(fov_error)?;
        for k in 0..h * w {
            if bits[k / 8] >> (k % 8) & 1 == 1 {
                inner.mark_seen((k % w) as i32, (k / w) as i32);
            }
        }
        *self = Memory { inner, shape };
        Ok(())
    }
}

/// A viewer that keeps its field of view and recomputes it only when dirty:
/// after it moves, after `mark_dirty`, or after `tile_changed` names a tile
/// it covers.
///
/// >>> import numpy as np, sightlines
/// >>> transparency = np.ones((9, 9), dtype=bool)
/// >>> guard = sightlines.Viewer((4, 4), radius=3, algorithm="symmetric-shadowcast")
/// >>> guard.update(transparency), guard.update(transparency)
/// (True, False)
/// >>> guard.sees((4, 7)), guard.sees((0, 0))
/// (True, False)
/// >>> guard.pov = (4, 5)
/// >>> guard.dirty
/// True
#[pyclass(module = "sightlines")]
pub struct Viewer {
    inner: sightlines::Viewer,
    shape: (usize, usize),
}

impl Viewer {
    /// Readies the viewer for a map of `shape`: its position must lie on
    /// it (`what` names it in the error), and a map of another shape makes
    /// the kept field stale.
    fn place_on(&mut self, shape: (usize, usize), what: &str) -> PyResult<()> {
        on_map(self.inner.origin(), what, shape)?;
        if shape != self.shape {
            self.inner.mark_dirty();
            self.shape = shape;
        }
        Ok(())
    }
}

#[pymethods]
impl Viewer {
    /// A viewer at `pov` `(i, j)`; radius, shape and algorithm as in
    /// `compute_fov` (radius 0 is the whole map). A viewer's range is
    /// exact: with no shape, libtcod's shape for the algorithm, without
    /// python-tcod's adjustments (see `compute_fov`); give the shape to be
    /// sure.
    #[new]
    #[pyo3(signature = (pov, radius = None, shape = None, algorithm = None, light_walls = Truthy(true)))]
    fn py_new(
        pov: &Bound<'_, PyAny>,
        radius: Option<&Bound<'_, PyAny>>,
        shape: Option<&str>,
        algorithm: Option<&Bound<'_, PyAny>>,
        light_walls: Truthy,
    ) -> PyResult<Viewer> {
        let algorithm = options::algorithm(algorithm)?;
        let range = options::reach(radius, shape, algorithm)?.range;
        let mut inner = sightlines::Viewer::new(position(pov, "pov")?, range, algorithm);
        inner.set_lit_walls(light_walls.0);
        Ok(Viewer {
            inner,
            shape: (0, 0),
        })
    }

    /// Where it stands, `(i, j)`; setting a new one marks it dirty.
    #[getter]
    fn pov(&self) -> (i32, i32) {
        let (x, y) = self.inner.origin();
        (y, x)
    }

    #[setter(pov)]
    fn set_pov(&mut self, pov: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.set_origin(position(pov, "pov")?);
        Ok(())
    }

    /// The algorithm's id.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.inner.algorithm().id()
    }

    /// Whether the next `update` recomputes.
    #[getter]
    fn dirty(&self) -> bool {
        self.inner.is_dirty()
    }

    /// Asks the next `update` to recompute.
    fn mark_dirty(&mut self) {
        self.inner.mark_dirty();
    }

    /// Recomputes the field if dirty; returns whether it did. `pov` must be
    /// on the map.
    fn update(&mut self, transparency: &Bound<'_, PyAny>) -> PyResult<bool> {
        let map = Transparency::extract(transparency)?;
        self.place_on(map.shape(), "pov")?;
        let mut fov = sightlines::Fov::new(self.inner.algorithm());
        let (origin, radius) = (self.inner.origin(), self.inner.range().radius());
        let mut scratch = Scratch::default();
        with_map!(&map, |map| {
            let map = Window::new(&map, origin, radius, &mut scratch);
            self.inner.update(&mut fov, &map)
        })
        .map_err(fov_error)
    }

    /// Whether tile `(i, j)` was visible at the last update.
    fn sees(&self, tile: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (x, y) = position(tile, "tile")?;
        Ok(self.inner.sees(x, y))
    }

    /// Whether a change to tile `(i, j)` could change this field.
    fn covers(&self, tile: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (x, y) = position(tile, "tile")?;
        Ok(self.inner.covers(x, y))
    }

    /// What the last `update` changed: `(newly_seen, newly_hidden)`, two new
    /// boolean arrays of the map's shape (both empty when that update had
    /// nothing to recompute). For "you spot a goblin", or redrawing only
    /// what changed.
    ///
    /// >>> import numpy as np, sightlines
    /// >>> transparency = np.ones((3, 6), dtype=bool)
    /// >>> transparency[1, 1:5] = False
    /// >>> hero = sightlines.Viewer((0, 0), algorithm="symmetric-shadowcast")
    /// >>> _ = hero.update(transparency)
    /// >>> hero.pov = (2, 0)
    /// >>> _ = hero.update(transparency)
    /// >>> seen, hidden = hero.changes()
    /// >>> bool(seen[2, 5]), bool(hidden[0, 5])
    /// (True, True)
    fn changes<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray2<bool>>, Bound<'py, PyArray2<bool>>) {
        let (mut seen, mut hidden) = (VisibleSet::new(), VisibleSet::new());
        self.inner.changes(&mut seen, &mut hidden);
        (
            tiles_to_array(py, seen.iter(), self.shape),
            tiles_to_array(py, hidden.iter(), self.shape),
        )
    }

    /// The field of the last update, a new boolean array of the map's shape.
    #[getter]
    fn visible<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        tiles_to_array(py, self.inner.visible().iter(), self.shape)
    }

    fn __repr__(&self) -> String {
        let (x, y) = self.inner.origin();
        format!(
            "<Viewer at ({y}, {x}), {}{}>",
            self.inner.algorithm().id(),
            if self.inner.is_dirty() { ", dirty" } else { "" }
        )
    }
}

/// Updates every dirty viewer in `viewers` on one map, in parallel on every
/// core with the GIL released; returns how many were recomputed.
///
/// >>> import numpy as np, sightlines
/// >>> transparency = np.ones((16, 16), dtype=bool)
/// >>> guards = [sightlines.Viewer((i, i), radius=4) for i in range(16)]
/// >>> sightlines.update_viewers(transparency, guards), sightlines.update_viewers(transparency, guards)
/// (16, 0)
#[pyfunction]
pub fn update_viewers(
    py: Python<'_>,
    transparency: &Bound<'_, PyAny>,
    viewers: Vec<Bound<'_, Viewer>>,
) -> PyResult<usize> {
    let map = Transparency::extract(transparency)?;
    let shape = map.shape();
    // Every viewer stays borrowed until its field is back: one listed twice
    // fails to borrow the second time.
    let mut borrowed = Vec::with_capacity(viewers.len());
    let mut taken = Vec::with_capacity(viewers.len());
    for (k, v) in viewers.iter().enumerate() {
        let mut v = v.try_borrow_mut().map_err(|_| {
            PyRuntimeError::new_err(format!("viewers[{k}] is in use: is it listed twice?"))
        })?;
        v.place_on(shape, &format!("viewers[{k}].pov"))?;
        let placeholder = sightlines::Viewer::new((0, 0), Range::UNLIMITED, v.inner.algorithm());
        taken.push(std::mem::replace(&mut v.inner, placeholder));
        borrowed.push(v);
    }
    let mut scratch = Scratch::default();
    let result = with_map!(&map, |map| {
        let map = Window::new(&map, (0, 0), None, &mut scratch);
        py.detach(|| sightlines::update_viewers_par(&map, &mut taken))
    });
    for (mut v, inner) in borrowed.into_iter().zip(taken) {
        v.inner = inner;
    }
    result.map_err(fov_error)
}

/// Marks dirty every viewer whose field a change to tile `(i, j)` could
/// change (a door opened, a wall dug); returns how many.
#[pyfunction]
pub fn tile_changed(viewers: Vec<Bound<'_, Viewer>>, tile: &Bound<'_, PyAny>) -> PyResult<usize> {
    let tile = position(tile, "tile")?;
    let mut borrowed: Vec<PyRefMut<'_, Viewer>> = viewers.iter().map(|v| v.borrow_mut()).collect();
    Ok(sightlines::tile_changed(
        borrowed.iter_mut().map(|v| &mut v.inner),
        tile,
    ))
}

/// Light from many sources on one map: each source lights the tiles it
/// sees, by its falloff, and the levels add up.
///
/// >>> import numpy as np, sightlines
/// >>> transparency = np.ones((5, 9), dtype=bool)
/// >>> lights = sightlines.LightMap(transparency.shape)
/// >>> lights.add(transparency, (2, 4), radius=4, intensity=100, falloff="linear")
/// >>> lights.levels[2].tolist()
/// [0, 25, 50, 75, 100, 75, 50, 25, 0]
#[pyclass(module = "sightlines")]
pub struct LightMap {
    inner: sightlines::LightMap,
    fov: sightlines::Fov,
    scratch: Scratch,
    shape: (usize, usize),
}

#[pymethods]
impl LightMap {
    /// A dark light map of `shape` `(height, width)`.
    #[new]
    fn py_new(shape: &Bound<'_, PyAny>) -> PyResult<LightMap> {
        let shape = shape_of(shape)?;
        let inner = sightlines::LightMap::new(area(shape)?).map_err(fov_error)?;
        Ok(LightMap {
            inner,
            fov: sightlines::Fov::new(options::DEFAULT_ALGORITHM),
            scratch: Scratch::default(),
            shape,
        })
    }

    /// Adds a light at `position` `(i, j)`: `intensity` (0 to 65535) at the
    /// source, falling off to the `radius` by `falloff` (`"constant"`,
    /// `"linear"` or `"quadratic"`), on the tiles the source sees with
    /// `algorithm`.
    #[pyo3(signature = (transparency, position, radius, intensity, falloff = "linear", algorithm = None))]
    fn add(
        &mut self,
        transparency: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
        radius: u32,
        intensity: u16,
        falloff: &str,
        algorithm: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let map = Transparency::extract(transparency)?;
        if map.shape() != self.shape {
            return Err(PyValueError::new_err(format!(
                "transparency has shape {:?}, the light map {:?}",
                map.shape(),
                self.shape
            )));
        }
        let falloff = match falloff {
            "constant" => Falloff::Constant,
            "linear" => Falloff::Linear,
            "quadratic" => Falloff::Quadratic,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown falloff {other:?}: use \"constant\", \"linear\" or \"quadratic\""
                )))
            }
        };
        self.fov.set_algorithm(options::algorithm(algorithm)?);
        let light = Light::new(
            crate::arrays::position(position, "position")?,
            radius,
            intensity,
            falloff,
        );
        let origin = light.position;
        with_map!(&map, |map| {
            let map = Window::new(&map, origin, Some(radius), &mut self.scratch);
            self.inner.add(&mut self.fov, &map, &light)
        })
        .map_err(fov_error)
    }

    /// The summed light level of each tile, a new uint32 array.
    #[getter]
    fn levels<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<u32>> {
        let out = PyArray2::<u32>::zeros(py, [self.shape.0, self.shape.1], false);
        {
            let mut write = out.readwrite();
            for ((i, j), cell) in write.as_array_mut().indexed_iter_mut() {
                *cell = self.inner.level(j as i32, i as i32);
            }
        }
        out
    }

    /// Turns every light off.
    fn clear(&mut self) {
        self.inner.clear();
    }
}
