//! Fields of view: `compute_fov`, the reusable `Fov`, `can_see`, the
//! parallel batch, and lines.

use numpy::{PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use sightlines::line::{Bresenham, Supercover};
use sightlines::{FovError, Opacity};

use crate::arrays::{
    inside, on_map, position, position_on, with_map, Scratch, Transparency, Window,
};
use crate::game::Cone;
use crate::options::{self, Frame, Reach, Truthy};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(compute_fov, m)?)?;
    m.add_function(wrap_pyfunction!(compute_fov_batch, m)?)?;
    m.add_function(wrap_pyfunction!(can_see, m)?)?;
    m.add_function(wrap_pyfunction!(bresenham, m)?)?;
    m.add_function(wrap_pyfunction!(supercover, m)?)?;
    m.add_function(wrap_pyfunction!(properties, m)?)?;
    m.add_class::<Fov>()?;
    Ok(())
}

pub fn fov_error(e: FovError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// One field of view into `out` (row-major, the map's shape, all false).
#[allow(clippy::too_many_arguments)]
fn field_into<M: Opacity + ?Sized>(
    fov: &mut sightlines::Fov,
    map: &M,
    shape: (usize, usize),
    origin: (i32, i32),
    reach: Reach,
    cone: Option<&sightlines::Cone>,
    frame: Frame,
    out: &mut [bool],
) -> Result<(), FovError> {
    let mut visit = |x: i32, y: i32| {
        if let Some(k) = frame.index(i64::from(x), i64::from(y)) {
            out[k] = true;
        }
    };
    match cone {
        None => fov.compute(map, origin, reach.range, &mut visit)?,
        Some(cone) => fov.compute_cone(map, origin, reach.range, cone, &mut visit)?,
    }
    if reach.tcod {
        let radius = reach.range.radius();
        options::tcod_fixups(map, fov, origin, radius, shape, frame, out);
    }
    Ok(())
}

/// Computes a field of view, as `tcod.map.compute_fov` does.
///
/// `transparency[i, j]` is nonzero where sight passes (any boolean or
/// numeric dtype, any memory layout, read in place); `pov` is `(i, j)`;
/// `radius` 0 is the whole map. `algorithm` is an id from `ALGORITHMS` or
/// one of python-tcod's `FOV_*` constants (the default is tcod's,
/// `"restrictive"`). `shape` is `"square"`, `"diamond"`, `"circle"` or
/// `"circle-plus"`; `None` follows python-tcod: the radius cuts as libtcod
/// cuts it for the algorithm (a square for the permissive levels and
/// restrictive, the circle `di² + dj² < radius²` for symmetric shadowcasting,
/// `di² + dj² <= radius²` for the others), `FOV_BASIC` and `FOV_DIAMOND`
/// light the walls past the circle that libtcod's wall pass lights, and
/// symmetric shadowcasting without `light_walls` hides a `pov` on a wall.
/// `diagonal_gaps="block"` seals corners where two walls meet diagonally
/// (the diagonal rule: `Algorithm` docs of the Rust library say which
/// algorithms keep it; the others raise `ValueError`).
/// Returns a new C-ordered boolean array of `transparency`'s shape.
///
/// >>> import numpy as np, sightlines
/// >>> transparency = np.ones((3, 5), dtype=bool)
/// >>> transparency[:, 2] = False
/// >>> sightlines.compute_fov(transparency, (1, 0), algorithm="symmetric-shadowcast").astype(int)
/// array([[1, 1, 1, 0, 0],
///        [1, 1, 1, 0, 0],
///        [1, 1, 1, 0, 0]])
#[pyfunction]
#[pyo3(signature = (transparency, pov, radius = None, light_walls = Truthy(true), algorithm = None, shape = None, diagonal_gaps = "pass"))]
#[allow(clippy::too_many_arguments)]
pub fn compute_fov<'py>(
    py: Python<'py>,
    transparency: &Bound<'py, PyAny>,
    pov: &Bound<'py, PyAny>,
    radius: Option<&Bound<'py, PyAny>>,
    light_walls: Truthy,
    algorithm: Option<&Bound<'py, PyAny>>,
    shape: Option<&str>,
    diagonal_gaps: &str,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let mut fov = Fov::new(algorithm, light_walls.0, diagonal_gaps)?;
    fov.compute(py, transparency, pov, radius, shape, None, None)
}

/// Many viewers' fields of view on one map, in parallel on every core with
/// the GIL released: `povs` is an `(n, 2)` array of `(i, j)`, the result an
/// `(n, height, width)` boolean array whose `k`-th layer equals
/// `compute_fov(transparency, povs[k], ...)`.
///
/// With `window=True` (a radius needed) each layer is only the square the
/// radius can reach, `(n, 2 * radius + 1, 2 * radius + 1)`: `[k, a, b]` is
/// the tile `(i - radius + a, j - radius + b)` around `povs[k] = (i, j)`,
/// false off the map. A thousand viewers at radius 16 then take 1 MB
/// instead of a thousand copies of the map, and no time goes to the
/// memory of a large result.
///
/// >>> import numpy as np, sightlines
/// >>> transparency = np.ones((4, 4), dtype=bool)
/// >>> fields = sightlines.compute_fov_batch(transparency, [(0, 0), (3, 3)], radius=1)
/// >>> fields.shape, int(fields[0].sum()), int(fields[1].sum())
/// ((2, 4, 4), 4, 4)
/// >>> windows = sightlines.compute_fov_batch(transparency, [(0, 0), (3, 3)], radius=1, window=True)
/// >>> windows.shape, windows[0].astype(int).tolist()
/// ((2, 3, 3), [[0, 0, 0], [0, 1, 1], [0, 1, 1]])
#[pyfunction]
#[pyo3(signature = (transparency, povs, radius = None, light_walls = Truthy(true), algorithm = None, shape = None, window = false, diagonal_gaps = "pass"))]
#[allow(clippy::too_many_arguments)]
pub fn compute_fov_batch<'py>(
    py: Python<'py>,
    transparency: &Bound<'py, PyAny>,
    povs: &Bound<'py, PyAny>,
    radius: Option<&Bound<'py, PyAny>>,
    light_walls: Truthy,
    algorithm: Option<&Bound<'py, PyAny>>,
    shape: Option<&str>,
    window: bool,
    diagonal_gaps: &str,
) -> PyResult<Bound<'py, PyArray3<bool>>> {
    let algorithm = options::algorithm(algorithm)?;
    let gaps = options::diagonal_gaps(diagonal_gaps)?;
    let reach = options::reach(radius, shape, algorithm)?;
    let side = match (window, reach.range.radius()) {
        (false, _) => None,
        (true, Some(r)) if r <= MAX_WINDOW => Some(2 * r as usize + 1),
        (true, Some(r)) => {
            return Err(PyValueError::new_err(format!(
                "window=True with radius {r}: windows are for radii up to {MAX_WINDOW}; leave window off"
            )))
        }
        (true, None) => {
            return Err(PyValueError::new_err(
                "window=True needs a radius: with radius 0 each window would be the whole map",
            ))
        }
    };
    let map = Transparency::extract(transparency)?;
    let (h, w) = map.shape();
    let numpy = py.import("numpy")?;
    let povs = numpy
        .call_method1("asarray", (povs,))
        .and_then(|a| a.call_method1("astype", ("int64",)))
        .map_err(|e| {
            PyValueError::new_err(format!(
                "povs must be an (n, 2) array of integers: {}",
                e.value(py)
            ))
        })?;
    let povs: PyReadonlyArray2<'py, i64> = povs
        .extract()
        .map_err(|_| PyValueError::new_err("povs must be a 2D (n, 2) array of (i, j) positions"))?;
    if povs.shape()[1] != 2 && povs.shape()[0] > 0 {
        return Err(PyValueError::new_err(format!(
            "povs must have shape (n, 2), got {:?}",
            povs.shape()
        )));
    }
    let mut origins = Vec::with_capacity(povs.shape()[0]);
    for (k, row) in povs.as_array().rows().into_iter().enumerate() {
        let what = format!("povs[{k}]");
        let tile = match (i32::try_from(row[1]), i32::try_from(row[0])) {
            (Ok(x), Ok(y)) => (x, y),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "{what} ({}, {}) is off the map",
                    row[0], row[1]
                )))
            }
        };
        origins.push(on_map(tile, &what, (h, w))?);
    }
    let (layer_h, layer_w) = side.map_or((h, w), |side| (side, side));
    let out = PyArray3::<bool>::zeros(py, [origins.len(), layer_h, layer_w], false);
    if origins.is_empty() {
        return Ok(out);
    }
    let mut write = out.readwrite();
    let cells = write
        .as_slice_mut()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let mut scratch = Scratch::default();
    with_map!(&map, |map| {
        // One packed copy of the whole map, read by every thread.
        let map = Window::new(&map, (0, 0), None, &mut scratch);
        py.detach(|| {
            cells
                .par_chunks_mut(layer_h * layer_w)
                .zip(origins.par_iter())
                .try_for_each_init(
                    || {
                        let mut fov = sightlines::Fov::new(algorithm);
                        fov.set_lit_walls(light_walls.0);
                        fov.set_diagonal_gaps(gaps);
                        fov
                    },
                    |fov, (field, &origin)| {
                        let frame = match reach.range.radius() {
                            Some(r) if window => Frame::around(origin, r),
                            _ => Frame::map((h, w)),
                        };
                        field_into(fov, &map, (h, w), origin, reach, None, frame, field)
                    },
                )
        })
    })
    .map_err(fov_error)?;
    drop(write);
    Ok(out)
}

/// The largest radius of `compute_fov_batch(..., window=True)`: a window
/// of 8,193 tiles a side, 64 MiB a layer.
const MAX_WINDOW: u32 = 4096;

/// Whether `b` is in the field of view from `a`, exactly as
/// `compute_fov(transparency, a, ...)[b]` with the same arguments, without
/// the rest of the field. `a` must be on the map; `b` off it is never seen.
///
/// >>> import numpy as np, sightlines
/// >>> transparency = np.ones((3, 6), dtype=bool)
/// >>> transparency[2, 2] = False
/// >>> sightlines.can_see(transparency, (1, 0), (2, 3), algorithm="precise-permissive")
/// True
/// >>> sightlines.can_see(transparency, (1, 0), (2, 3), algorithm="symmetric-shadowcast")
/// False
#[pyfunction]
#[pyo3(signature = (transparency, a, b, radius = None, light_walls = Truthy(true), algorithm = None, shape = None, diagonal_gaps = "pass"))]
#[allow(clippy::too_many_arguments)]
pub fn can_see<'py>(
    transparency: &Bound<'py, PyAny>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    radius: Option<&Bound<'py, PyAny>>,
    light_walls: Truthy,
    algorithm: Option<&Bound<'py, PyAny>>,
    shape: Option<&str>,
    diagonal_gaps: &str,
) -> PyResult<bool> {
    Fov::new(algorithm, light_walls.0, diagonal_gaps)?.can_see(transparency, a, b, radius, shape)
}

/// The tiles of the Bresenham line from `start` to `end`, both included, as
/// an `(n, 2)` int32 array of `(i, j)`: libtcod's line (halfway ties toward
/// the start), the same as `tcod.los.bresenham`.
///
/// >>> import sightlines
/// >>> sightlines.bresenham((0, 0), (2, 4)).tolist()
/// [[0, 0], [0, 1], [1, 2], [1, 3], [2, 4]]
#[pyfunction]
pub fn bresenham<'py>(
    py: Python<'py>,
    start: &Bound<'py, PyAny>,
    end: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<i32>>> {
    let (a, b) = (position(start, "start")?, position(end, "end")?);
    line_array(py, Bresenham::new(a, b), a, b)
}

/// Every tile the segment between the centres of `start` and `end` touches
/// (a corner counts), as an `(n, 2)` int32 array of `(i, j)` from start to
/// end: the tiles a thin ray can never slip past.
///
/// >>> import sightlines
/// >>> sightlines.supercover((0, 0), (1, 1)).tolist()
/// [[0, 0], [0, 1], [1, 0], [1, 1]]
#[pyfunction]
pub fn supercover<'py>(
    py: Python<'py>,
    start: &Bound<'py, PyAny>,
    end: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<i32>>> {
    let (a, b) = (position(start, "start")?, position(end, "end")?);
    line_array(py, Supercover::new(a, b), a, b)
}

/// Lines longer than this are refused: a million tiles is past any map a
/// game draws, and a line across the whole i32 plane would not fit in memory.
const MAX_LINE: u64 = 1 << 24;

fn line_array<'py>(
    py: Python<'py>,
    line: impl Iterator<Item = (i32, i32)>,
    a: (i32, i32),
    b: (i32, i32),
) -> PyResult<Bound<'py, PyArray2<i32>>> {
    let span = (i64::from(a.0) - i64::from(b.0)).unsigned_abs()
        + (i64::from(a.1) - i64::from(b.1)).unsigned_abs();
    if span > MAX_LINE {
        return Err(PyValueError::new_err(format!(
            "a line of {span} steps is too long: lines are limited to {MAX_LINE} tiles"
        )));
    }
    let rows: Vec<[i32; 2]> = line.map(|(x, y)| [y, x]).collect();
    Ok(PyArray2::from_owned_array(
        py,
        numpy::ndarray::Array2::from(rows),
    ))
}

/// What the catalogue says of an algorithm: a dict of its properties.
///
/// >>> import sightlines
/// >>> sightlines.properties("symmetric-shadowcast")["symmetric"]
/// 'floors'
/// >>> sightlines.properties(sightlines.FOV_SHADOW)["id"]
/// 'recursive-shadowcast'
#[pyfunction]
#[pyo3(signature = (algorithm = None))]
pub fn properties<'py>(
    py: Python<'py>,
    algorithm: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let algorithm = options::algorithm(algorithm)?;
    let p = algorithm.properties();
    let d = pyo3::types::PyDict::new(py);
    d.set_item("id", algorithm.id())?;
    d.set_item("symmetric", p.symmetry.to_string())?;
    d.set_item("walls", p.walls.to_string())?;
    d.set_item("sight", p.sight.to_string())?;
    d.set_item("diagonal_gaps", p.diagonal_gaps)?;
    d.set_item("expansive_walls", p.expansive_walls)?;
    d.set_item("tcod_radius", options::tcod_shape(algorithm).id())?;
    Ok(d)
}

/// A reusable field of view: one algorithm, buffers kept between calls, so
/// that a game loop allocates nothing after the first call (pass `out=` to
/// reuse the result array too).
///
/// >>> import numpy as np, sightlines
/// >>> fov = sightlines.Fov("precise-permissive")
/// >>> transparency = np.ones((5, 5), dtype=bool)
/// >>> seen = fov.compute(transparency, (2, 2), radius=1, shape="diamond")
/// >>> int(seen.sum())
/// 5
/// >>> _ = fov.compute(transparency, (0, 0), radius=1, shape="diamond", out=seen)
/// >>> seen.astype(int)[:2, :2].tolist()
/// [[1, 1], [1, 0]]
#[pyclass(module = "sightlines")]
pub struct Fov {
    inner: sightlines::Fov,
    /// The packed window of the last map read.
    scratch: Scratch,
}

impl Fov {
    pub fn new(
        algorithm: Option<&Bound<'_, PyAny>>,
        light_walls: bool,
        diagonal_gaps: &str,
    ) -> PyResult<Fov> {
        let mut inner = sightlines::Fov::new(options::algorithm(algorithm)?);
        inner.set_lit_walls(light_walls);
        inner.set_diagonal_gaps(options::diagonal_gaps(diagonal_gaps)?);
        Ok(Fov {
            inner,
            scratch: Scratch::default(),
        })
    }
}

#[pymethods]
impl Fov {
    #[new]
    #[pyo3(signature = (algorithm = None, light_walls = Truthy(true), diagonal_gaps = "pass"))]
    fn py_new(
        algorithm: Option<&Bound<'_, PyAny>>,
        light_walls: Truthy,
        diagonal_gaps: &str,
    ) -> PyResult<Fov> {
        Fov::new(algorithm, light_walls.0, diagonal_gaps)
    }

    /// `"pass"` (each algorithm's own rule, the default) or `"block"`: walls
    /// that touch at a corner seal it.
    #[getter]
    fn diagonal_gaps(&self) -> &'static str {
        self.inner.diagonal_gaps().name()
    }

    #[setter(diagonal_gaps)]
    fn set_diagonal_gaps(&mut self, diagonal_gaps: &str) -> PyResult<()> {
        self.inner
            .set_diagonal_gaps(options::diagonal_gaps(diagonal_gaps)?);
        Ok(())
    }

    /// The algorithm's id.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.inner.algorithm().id()
    }

    #[setter(algorithm)]
    fn set_algorithm(&mut self, algorithm: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner
            .set_algorithm(options::algorithm(Some(algorithm))?);
        Ok(())
    }

    /// Whether opaque tiles that sight reaches are visible.
    #[getter]
    fn light_walls(&self) -> bool {
        self.inner.lit_walls()
    }

    #[setter(light_walls)]
    fn set_light_walls(&mut self, light_walls: Truthy) {
        self.inner.set_lit_walls(light_walls.0);
    }

    /// The field of view from `pov`, as `compute_fov`; `cone` keeps only the
    /// tiles within a `Cone`; `out`, a C-contiguous boolean array of the
    /// map's shape, receives the result instead of a new array.
    #[pyo3(signature = (transparency, pov, radius = None, shape = None, cone = None, out = None))]
    #[allow(clippy::too_many_arguments)]
    pub fn compute<'py>(
        &mut self,
        py: Python<'py>,
        transparency: &Bound<'py, PyAny>,
        pov: &Bound<'py, PyAny>,
        radius: Option<&Bound<'py, PyAny>>,
        shape: Option<&str>,
        cone: Option<PyRef<'py, Cone>>,
        out: Option<Bound<'py, PyArray2<bool>>>,
    ) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let reach = options::reach(radius, shape, self.inner.algorithm())?;
        let map = Transparency::extract(transparency)?;
        let (h, w) = map.shape();
        let origin = position_on(pov, "pov", (h, w))?;
        let out = match out {
            None => PyArray2::<bool>::zeros(py, [h, w], false),
            Some(out) => {
                if !out.is_c_contiguous() {
                    return Err(PyValueError::new_err(
                        "out must be a C-contiguous boolean array",
                    ));
                }
                if out.shape() != [h, w] {
                    return Err(PyValueError::new_err(format!(
                        "out has shape {:?}, the map ({h}, {w})",
                        out.shape()
                    )));
                }
                out
            }
        };
        {
            let mut write = out.try_readwrite().map_err(|e| {
                PyValueError::new_err(format!("out must be a writeable array: {e}"))
            })?;
            let cells = write
                .as_slice_mut()
                .map_err(|_| PyValueError::new_err("out must be a C-contiguous boolean array"))?;
            cells.fill(false);
            let cone = cone.as_ref().map(|c| c.inner());
            with_map!(&map, |map| {
                let map = Window::new(&map, origin, reach.range.radius(), &mut self.scratch);
                let frame = Frame::map((h, w));
                field_into(
                    &mut self.inner,
                    &map,
                    (h, w),
                    origin,
                    reach,
                    cone,
                    frame,
                    cells,
                )
            })
            .map_err(fov_error)?;
        }
        Ok(out)
    }

    /// Whether `b` is in the field of view from `a` (see `can_see`).
    #[pyo3(signature = (transparency, a, b, radius = None, shape = None))]
    pub fn can_see<'py>(
        &mut self,
        transparency: &Bound<'py, PyAny>,
        a: &Bound<'py, PyAny>,
        b: &Bound<'py, PyAny>,
        radius: Option<&Bound<'py, PyAny>>,
        shape: Option<&str>,
    ) -> PyResult<bool> {
        let reach = options::reach(radius, shape, self.inner.algorithm())?;
        let map = Transparency::extract(transparency)?;
        let (h, w) = map.shape();
        let from = position_on(a, "a", (h, w))?;
        let to = position(b, "b")?;
        if !inside(to, (h, w)) {
            return Ok(false);
        }
        if reach.tcod && options::has_tcod_fixups(self.inner.algorithm()) {
            // libtcod's conventions change the field after the scan: ask it.
            let mut field = vec![false; h * w];
            with_map!(&map, |map| field_into(
                &mut self.inner,
                &map,
                (h, w),
                from,
                reach,
                None,
                Frame::map((h, w)),
                &mut field
            ))
            .map_err(fov_error)?;
            return Ok(field[to.1 as usize * w + to.0 as usize]);
        }
        with_map!(&map, |map| self.inner.can_see(&map, from, to, reach.range)).map_err(fov_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "Fov({:?}, light_walls={})",
            self.inner.algorithm().id(),
            if self.inner.lit_walls() {
                "True"
            } else {
                "False"
            }
        )
    }
}
