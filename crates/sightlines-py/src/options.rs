//! The arguments every call shares: algorithm, radius and shape.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use sightlines::{Algorithm, Opacity, Range, Shape};

/// A flag read as Python reads one in an `if` (python-tcod's
/// `light_walls=1` works), where PyO3's `bool` takes only `True` and `False`.
#[derive(Clone, Copy, Debug)]
pub struct Truthy(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Truthy {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Truthy> {
        obj.is_truthy().map(Truthy)
    }
}

/// The algorithm when none is given: python-tcod's default, `FOV_RESTRICTIVE`,
/// so that `compute_fov` drops into code that relies on it.
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::Restrictive;

/// libtcod's `FOV_*` constants, in its order: `(value, name, id)`.
pub const TCOD_CONSTANTS: [(i64, &str, &str); 14] = [
    (0, "FOV_BASIC", "basic-raycast"),
    (1, "FOV_DIAMOND", "diamond-raycast"),
    (2, "FOV_SHADOW", "recursive-shadowcast"),
    (3, "FOV_PERMISSIVE_0", "permissive-0"),
    (4, "FOV_PERMISSIVE_1", "permissive-1"),
    (5, "FOV_PERMISSIVE_2", "permissive-2"),
    (6, "FOV_PERMISSIVE_3", "permissive-3"),
    (7, "FOV_PERMISSIVE_4", "permissive-4"),
    (8, "FOV_PERMISSIVE_5", "permissive-5"),
    (9, "FOV_PERMISSIVE_6", "permissive-6"),
    (10, "FOV_PERMISSIVE_7", "permissive-7"),
    (11, "FOV_PERMISSIVE_8", "precise-permissive"),
    (12, "FOV_RESTRICTIVE", "restrictive"),
    (13, "FOV_SYMMETRIC_SHADOWCAST", "symmetric-shadowcast"),
];

/// An algorithm id (`"symmetric-shadowcast"`) or a python-tcod constant
/// (`tcod.FOV_SHADOW`); `None` is [`DEFAULT_ALGORITHM`].
pub fn algorithm(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Algorithm> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(DEFAULT_ALGORITHM);
    };
    if let Ok(id) = obj.extract::<String>() {
        return id
            .parse()
            .map_err(|e| PyValueError::new_err(format!("{e}")));
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "algorithm must be an id string or a tcod FOV_* constant, got a bool",
        ));
    }
    if let Ok(n) = obj.extract::<i64>() {
        return TCOD_CONSTANTS
            .iter()
            .find(|(value, _, _)| *value == n)
            .map(|(_, _, id)| id.parse().expect("the table's ids parse"))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown tcod FOV constant {n}: libtcod's run from 0 (FOV_BASIC) to 13 (FOV_SYMMETRIC_SHADOWCAST)"
                ))
            });
    }
    Err(PyTypeError::new_err(format!(
        "algorithm must be an id string (such as \"symmetric-shadowcast\") or a tcod FOV_* constant, got {}",
        obj.get_type().name().map_or("?".into(), |n| n.to_string())
    )))
}

/// How libtcod cuts a radius for `algorithm`: a square for the permissive
/// levels and `FOV_RESTRICTIVE`, a circle of `dx² + dy² <= r²` for the rest.
pub fn tcod_shape(algorithm: Algorithm) -> Shape {
    match algorithm {
        Algorithm::PrecisePermissive | Algorithm::Permissive(_) | Algorithm::Restrictive => {
            Shape::Square
        }
        _ => Shape::Circle,
    }
}

/// A radius and shape, and whether python-tcod's own conventions apply
/// (no shape given; see [`tcod_fixups`]).
#[derive(Clone, Copy, Debug)]
pub struct Reach {
    pub range: Range,
    pub tcod: bool,
}

/// `radius` 0 (or `None`, or not given) is the whole map (as in
/// python-tcod), a negative radius an error, one past `u32::MAX` the same as
/// `u32::MAX` (no map is that large); `shape` `None` cuts the way libtcod
/// does for `algorithm`.
pub fn reach(
    radius: Option<&Bound<'_, PyAny>>,
    shape: Option<&str>,
    algorithm: Algorithm,
) -> PyResult<Reach> {
    let radius = match radius {
        Some(r) if !r.is_none() => radius_of(r)?,
        _ => 0,
    };
    let parsed = match shape {
        None => None,
        Some(s) => Some(
            s.parse::<Shape>()
                .map_err(|e| PyValueError::new_err(format!("{e}")))?,
        ),
    };
    let range = match radius {
        0 => Range::UNLIMITED,
        r => Range::new(r, parsed.unwrap_or_else(|| tcod_shape(algorithm))),
    };
    Ok(Reach {
        range,
        tcod: parsed.is_none(),
    })
}

/// A Python integer radius: negative is an error, past `u32::MAX` is
/// `u32::MAX`.
fn radius_of(radius: &Bound<'_, PyAny>) -> PyResult<u32> {
    if radius.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "radius must be an integer, got a bool",
        ));
    }
    let radius: i128 = match radius.extract() {
        Ok(r) => r,
        // An int past 128 bits: only its sign matters.
        Err(_) if radius.is_instance_of::<pyo3::types::PyInt>() => {
            if radius.lt(0)? {
                i128::MIN
            } else {
                i128::MAX
            }
        }
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "radius must be an integer, got {}",
                radius.repr()?
            )))
        }
    };
    if radius < 0 {
        return Err(PyValueError::new_err(
            "radius must be 0 (the whole map) or positive, got a negative radius",
        ));
    }
    Ok(u32::try_from(radius).unwrap_or(u32::MAX))
}

/// Where a field's tiles lie in a flat boolean array: tile `(x, y)` at
/// `(y - top) * width + x - left`, if inside. The whole map, or for a
/// windowed batch the square of the radius around each viewer.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub left: i64,
    pub top: i64,
    pub width: usize,
    pub height: usize,
}

impl Frame {
    /// The whole map of shape `(h, w)`.
    pub fn map((h, w): (usize, usize)) -> Frame {
        Frame {
            left: 0,
            top: 0,
            width: w,
            height: h,
        }
    }

    /// The square of radius `r` around `origin`.
    pub fn around(origin: (i32, i32), r: u32) -> Frame {
        let side = 2 * r as usize + 1;
        let (r, (x, y)) = (i64::from(r), origin);
        Frame {
            left: i64::from(x) - r,
            top: i64::from(y) - r,
            width: side,
            height: side,
        }
    }

    #[inline]
    pub fn index(&self, x: i64, y: i64) -> Option<usize> {
        let (dx, dy) = (x - self.left, y - self.top);
        ((0..self.width as i64).contains(&dx) && (0..self.height as i64).contains(&dy))
            .then(|| dy as usize * self.width + dx as usize)
    }
}

/// Whether libtcod's result for `algorithm` differs from ours with the same
/// range in more than the documented ways: [`tcod_fixups`] then applies.
pub fn has_tcod_fixups(algorithm: Algorithm) -> bool {
    matches!(
        algorithm,
        Algorithm::BasicRaycast | Algorithm::DiamondRaycast | Algorithm::SymmetricShadowcast
    )
}

/// Makes a field computed with [`tcod_shape`]'s range equal libtcod's where
/// libtcod's conventions differ from ours:
///
/// - `FOV_BASIC` and `FOV_DIAMOND` light walls beyond the circle (see
///   [`light_box_walls`]);
/// - `FOV_SYMMETRIC_SHADOWCAST` cuts a strict circle, `di² + dj² < r²`, and
///   with `light_walls` off it clears every wall, a viewer's own tile too.
pub fn tcod_fixups<M: Opacity + ?Sized>(
    map: &M,
    fov: &sightlines::Fov,
    origin: (i32, i32),
    radius: Option<u32>,
    shape: (usize, usize),
    frame: Frame,
    visible: &mut [bool],
) {
    let (w, h) = (shape.1 as i64, shape.0 as i64);
    let lit_walls = fov.lit_walls();
    match fov.algorithm() {
        Algorithm::BasicRaycast | Algorithm::DiamondRaycast if lit_walls => {
            if let Some(r) = radius {
                light_box_walls(map, origin, r, shape, frame, visible);
            }
        }
        Algorithm::SymmetricShadowcast => {
            if let Some(r) = radius {
                // The tiles exactly at the radius.
                let r = i64::from(r);
                for dx in -r..=r {
                    let rest = r * r - dx * dx;
                    let dy = rest.isqrt();
                    if dy * dy == rest {
                        for dy in [-dy, dy] {
                            let (x, y) = (i64::from(origin.0) + dx, i64::from(origin.1) + dy);
                            if (0..w).contains(&x) && (0..h).contains(&y) {
                                if let Some(k) = frame.index(x, y) {
                                    visible[k] = false;
                                }
                            }
                        }
                    }
                }
            }
            if !lit_walls && map.is_opaque(origin.0, origin.1) {
                if let Some(k) = frame.index(i64::from(origin.0), i64::from(origin.1)) {
                    visible[k] = false;
                }
            }
        }
        _ => {}
    }
}

/// libtcod's `FOV_BASIC` and `FOV_DIAMOND` light walls after the rays: each
/// visible floor lights its opaque neighbours away from the viewer (across,
/// down, and diagonally) inside the radius's square box, so walls beyond the
/// circle's edge but inside the box are lit too. Our `basic-raycast` and
/// `diamond-raycast` keep to the range.
fn light_box_walls<M: Opacity + ?Sized>(
    map: &M,
    origin: (i32, i32),
    radius: u32,
    (h, w): (usize, usize),
    frame: Frame,
    visible: &mut [bool],
) {
    let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
    let r = i64::from(radius);
    let r2 = r * r;
    let (x0, x1) = ((ox - r).max(0), (ox + r).min(w as i64 - 1));
    let (y0, y1) = ((oy - r).max(0), (oy + r).min(h as i64 - 1));
    let steps = |d: i64| -> &'static [i64] {
        match d.signum() {
            1 => &[1],
            -1 => &[-1],
            _ => &[-1, 1],
        }
    };
    for y in y0..=y1 {
        let dy = y - oy;
        if dy * dy > r2 {
            continue;
        }
        // Visible floors lie in the circle, |dx| <= reach; those with
        // (|dx| + 1)² + (|dy| + 1)² <= r² light no wall outside it.
        let reach = (r2 - dy * dy).isqrt();
        let edge = (dy.abs() + 1).pow(2);
        let inner = if edge <= r2 { (r2 - edge).isqrt() } else { 0 };
        let left = (ox - reach).max(x0)..=(ox - inner).min(x1);
        let right = (ox + inner).max(x0)..=(ox + reach).min(x1);
        for x in left.chain(right) {
            let dx = x - ox;
            let seen = frame.index(x, y).is_some_and(|k| visible[k]);
            if !seen || map.is_opaque(x as i32, y as i32) {
                continue;
            }
            for &sx in steps(dx) {
                for &sy in steps(dy) {
                    for (nx, ny) in [(x + sx, y), (x, y + sy), (x + sx, y + sy)] {
                        if (x0..=x1).contains(&nx)
                            && (y0..=y1).contains(&ny)
                            && map.is_opaque(nx as i32, ny as i32)
                        {
                            if let Some(k) = frame.index(nx, ny) {
                                visible[k] = true;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The diagonal rule by name: `"pass"` or `"block"`.
pub fn diagonal_gaps(name: &str) -> PyResult<sightlines::DiagonalGaps> {
    name.parse()
        .map_err(|e: sightlines::UnknownDiagonalGaps| PyValueError::new_err(e.to_string()))
}
