//! NumPy arrays as maps, and the `(i, j)` positions of python-tcod.
//!
//! A transparency array is read where it lies: a view of any layout (C,
//! Fortran, strided) and of any numeric or boolean dtype is a map without a
//! copy; other array-likes go through `numpy.asarray(..., dtype=bool)` once.
//! Row `i` is `y` and column `j` is `x`, as libtcod stores a
//! `transparency[i, j]` array: `pov = (i, j)` is the tile `(x, y) = (j, i)`.

use numpy::ndarray::ArrayView2;
use numpy::{
    PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use sightlines::{Opacity, Rect};

/// An element whose zero means "blocks sight".
pub trait Clear: Copy + Sync {
    fn is_zero(self) -> bool;

    /// Sets bit `k` of `words` where cell `k` of a contiguous row blocks
    /// sight, 64 cells a word.
    #[inline]
    fn pack(cells: &[Self], words: &mut [u64]) {
        for (chunk, word) in cells.chunks(64).zip(words.iter_mut()) {
            *word = chunk
                .iter()
                .enumerate()
                .fold(0, |bits, (k, cell)| bits | u64::from(cell.is_zero()) << k);
        }
    }
}

/// Gathers the low bits of a word's 8 bytes into its top byte, byte `k` to
/// bit `56 + k`: each byte `k` times `2^(56 - 7k)` lands on its own bit, and
/// no two of the 64 partial products share a bit, so nothing carries.
const GATHER: u64 = 0x0102_0408_1020_4080;

impl Clear for bool {
    #[inline]
    fn is_zero(self) -> bool {
        !self
    }

    /// Eight booleans (bytes of 0 or 1) a load and a multiplication.
    #[inline]
    fn pack(cells: &[bool], words: &mut [u64]) {
        let bytes: &[u8] = bytemuck::cast_slice(cells);
        for (chunk, word) in bytes.chunks(64).zip(words.iter_mut()) {
            let mut clear = 0u64;
            let mut eights = chunk.chunks_exact(8);
            for (k, eight) in eights.by_ref().enumerate() {
                let eight = u64::from_le_bytes(eight.try_into().expect("chunks of 8"));
                clear |= (eight.wrapping_mul(GATHER) >> 56) << (8 * k);
            }
            let done = chunk.len() - eights.remainder().len();
            for (k, &byte) in eights.remainder().iter().enumerate() {
                clear |= u64::from(byte) << (done + k);
            }
            let width = chunk.len();
            *word = !clear
                & if width == 64 {
                    u64::MAX
                } else {
                    (1 << width) - 1
                };
        }
    }
}

macro_rules! clear_numbers {
    ($($t:ty => $zero:expr),*) => {$(
        impl Clear for $t {
            #[inline]
            fn is_zero(self) -> bool {
                self == $zero
            }
        }
    )*};
}
clear_numbers!(u8 => 0, i8 => 0, u16 => 0, i16 => 0, u32 => 0, i32 => 0,
    u64 => 0, i64 => 0, f32 => 0.0, f64 => 0.0);

/// A transparency array as a bounded map: nonzero is transparent.
pub struct ArrayMap<'a, T> {
    view: ArrayView2<'a, T>,
    rect: Rect,
}

impl<'a, T: Clear> ArrayMap<'a, T> {
    pub fn new(view: ArrayView2<'a, T>) -> ArrayMap<'a, T> {
        let (h, w) = view.dim();
        // `Transparency::extract` refuses sides past i32::MAX.
        let rect = Rect::new(0, 0, w as u32, h as u32);
        ArrayMap { view, rect }
    }
}

impl<T: Clear> Opacity for ArrayMap<'_, T> {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        match (usize::try_from(y), usize::try_from(x)) {
            (Ok(i), Ok(j)) => self.view.get((i, j)).is_none_or(|v| v.is_zero()),
            _ => true,
        }
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.rect)
    }
}

/// A borrowed transparency array of one of the dtypes read in place.
pub enum Transparency<'py> {
    Bool(PyReadonlyArray2<'py, bool>),
    U8(PyReadonlyArray2<'py, u8>),
    I8(PyReadonlyArray2<'py, i8>),
    U16(PyReadonlyArray2<'py, u16>),
    I16(PyReadonlyArray2<'py, i16>),
    U32(PyReadonlyArray2<'py, u32>),
    I32(PyReadonlyArray2<'py, i32>),
    U64(PyReadonlyArray2<'py, u64>),
    I64(PyReadonlyArray2<'py, i64>),
    F32(PyReadonlyArray2<'py, f32>),
    F64(PyReadonlyArray2<'py, f64>),
}

/// Runs `$body` with `$map` bound to the [`ArrayMap`] of a [`Transparency`].
macro_rules! with_map {
    ($t:expr, |$map:ident| $body:expr) => {{
        use $crate::arrays::{ArrayMap, Transparency as T};
        match $t {
            T::Bool(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::U8(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::I8(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::U16(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::I16(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::U32(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::I32(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::U64(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::I64(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::F32(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
            T::F64(a) => {
                let $map = ArrayMap::new(a.as_array());
                $body
            }
        }
    }};
}
pub(crate) use with_map;

impl<'py> Transparency<'py> {
    /// Reads `obj` as a 2D transparency array: a `ValueError` for another
    /// number of dimensions or a side past `2**31 - 1`, a `TypeError` for
    /// values that do not convert to booleans.
    pub fn extract(obj: &Bound<'py, PyAny>) -> PyResult<Transparency<'py>> {
        let py = obj.py();
        let array = match obj.cast::<PyUntypedArray>() {
            Ok(a) => a.clone(),
            Err(_) => {
                let numpy = py.import("numpy")?;
                let converted = numpy
                    .call_method1("asarray", (obj,))
                    .map_err(|e| not_boolean(py, obj, &e))?;
                converted
                    .cast_into::<PyUntypedArray>()
                    .map_err(|_| PyTypeError::new_err("transparency must be an array"))?
            }
        };
        if array.ndim() != 2 {
            return Err(PyValueError::new_err(format!(
                "transparency must be a 2D array (rows i, columns j), got {} dimension{} of shape {:?}",
                array.ndim(),
                if array.ndim() == 1 { "" } else { "s" },
                array.shape()
            )));
        }
        let (h, w) = (array.shape()[0], array.shape()[1]);
        if i32::try_from(h).is_err() || i32::try_from(w).is_err() {
            return Err(PyValueError::new_err(format!(
                "transparency of shape ({h}, {w}) is too large: each side must be below 2**31"
            )));
        }
        macro_rules! try_as {
            ($($variant:ident: $t:ty),*) => {$(
                if let Ok(a) = array.extract::<PyReadonlyArray2<'py, $t>>() {
                    return Ok(Transparency::$variant(a));
                }
            )*};
        }
        try_as!(Bool: bool, U8: u8, I8: i8, U16: u16, I16: i16, U32: u32, I32: i32,
            U64: u64, I64: i64, F32: f32, F64: f64);
        // Booleans and numbers convert; strings, objects and dates would
        // convert by rules nobody means for a map.
        let kind = array.dtype().kind();
        if !matches!(kind, b'b' | b'i' | b'u' | b'f' | b'c') {
            return Err(PyTypeError::new_err(format!(
                "transparency must be a 2D array of booleans or numbers (nonzero = transparent), got dtype {}",
                array.dtype()
            )));
        }
        let converted = array
            .call_method1("astype", (py.get_type::<pyo3::types::PyBool>(),))
            .map_err(|e| not_boolean(py, obj, &e))?;
        let converted = converted
            .cast_into::<numpy::PyArray2<bool>>()
            .map_err(|_| PyTypeError::new_err("transparency did not convert to booleans"))?;
        Ok(Transparency::Bool(converted.readonly()))
    }

    /// `(height, width)`.
    pub fn shape(&self) -> (usize, usize) {
        with_map!(self, |map| map.view.dim())
    }
}

fn not_boolean(py: Python<'_>, obj: &Bound<'_, PyAny>, err: &PyErr) -> PyErr {
    let what = obj
        .getattr("dtype")
        .map(|d| format!("an array of dtype {d}"))
        .unwrap_or_else(|_| {
            format!(
                "a {}",
                obj.get_type().name().map_or("?".into(), |n| n.to_string())
            )
        });
    PyTypeError::new_err(format!(
        "transparency must be a 2D array of booleans or numbers (nonzero = transparent), got {what}: {}",
        err.value(py)
    ))
}

/// A position `(i, j)` as the tile `(x, y) = (j, i)`; a `ValueError` naming
/// `what` when it is not a pair of integers in `i32`.
pub fn position(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i32, i32)> {
    let not_a_pair = || {
        PyValueError::new_err(format!(
            "{what} must be a pair of integers (i, j), got {obj}"
        ))
    };
    // A tuple, or any other sequence of two (a list, a row of np.argwhere).
    let (i, j): (i64, i64) = match obj.extract() {
        Ok(pair) => pair,
        Err(_) if !obj.is_instance_of::<pyo3::types::PyString>() => match obj.extract::<Vec<i64>>()
        {
            Ok(v) if v.len() == 2 => (v[0], v[1]),
            _ => return Err(not_a_pair()),
        },
        Err(_) => return Err(not_a_pair()),
    };
    match (i32::try_from(i), i32::try_from(j)) {
        (Ok(i), Ok(j)) => Ok((j, i)),
        _ => Err(PyValueError::new_err(format!(
            "{what} ({i}, {j}) is outside the 32-bit coordinates sightlines works in"
        ))),
    }
}

/// A position that must lie on a map of shape `(h, w)`.
pub fn position_on(
    obj: &Bound<'_, PyAny>,
    what: &str,
    shape: (usize, usize),
) -> PyResult<(i32, i32)> {
    on_map(position(obj, what)?, what, shape)
}

/// Whether tile `(x, y)` lies on a map of shape `(h, w)`.
pub fn inside((x, y): (i32, i32), (h, w): (usize, usize)) -> bool {
    usize::try_from(x).is_ok_and(|x| x < w) && usize::try_from(y).is_ok_and(|y| y < h)
}

/// `tile` `(x, y)` if it lies on a map of shape `(h, w)`.
pub fn on_map((x, y): (i32, i32), what: &str, (h, w): (usize, usize)) -> PyResult<(i32, i32)> {
    if !inside((x, y), (h, w)) {
        return Err(PyValueError::new_err(format!(
            "{what} ({y}, {x}) is off the map: the transparency array has shape ({h}, {w})"
        )));
    }
    Ok((x, y))
}

/// An [`ArrayMap`] with the window a field can reach packed one bit a tile,
/// so that the algorithms read it 64 tiles a word as they read a
/// [`sightlines::Grid`]: packing the window costs far less than asking the
/// array tile by tile along every scan line. Outside the window the array
/// still answers.
pub struct Window<'a, 'm, T> {
    map: &'m ArrayMap<'a, T>,
    words: &'m [u64],
    words_per_row: usize,
    columns: &'m [u64],
    words_per_column: usize,
    rect: Rect,
}

/// The words a [`Window`] packs into, kept from call to call.
#[derive(Default)]
pub struct Scratch {
    rows: Vec<u64>,
    columns: Vec<u64>,
}

impl<'a, 'm, T: Clear> Window<'a, 'm, T> {
    /// Packs the tiles of `map` within `radius` (Chebyshev; `None` is the
    /// whole map) of `origin` into `scratch`, which keeps its capacity.
    pub fn new(
        map: &'m ArrayMap<'a, T>,
        origin: (i32, i32),
        radius: Option<u32>,
        scratch: &'m mut Scratch,
    ) -> Window<'a, 'm, T> {
        let (h, w) = map.view.dim();
        let (x0, x1, y0, y1) = match radius {
            None => (0, w as i64, 0, h as i64),
            Some(r) => {
                let (ox, oy, r) = (i64::from(origin.0), i64::from(origin.1), i64::from(r));
                (
                    (ox - r).clamp(0, w as i64),
                    (ox + r + 1).clamp(0, w as i64),
                    (oy - r).clamp(0, h as i64),
                    (oy + r + 1).clamp(0, h as i64),
                )
            }
        };
        let (width, height) = ((x1 - x0) as usize, (y1 - y0) as usize);
        let words_per_row = width.div_ceil(64).max(1);
        let rows = &mut scratch.rows;
        rows.clear();
        rows.resize(words_per_row * height, 0);
        for (row, words) in (y0 as usize..y1 as usize).zip(rows.chunks_exact_mut(words_per_row)) {
            let cells = map.view.row(row);
            let cells = cells.slice(numpy::ndarray::s![x0 as usize..x1 as usize]);
            match cells.as_slice() {
                Some(cells) => T::pack(cells, words),
                None => pack_row(cells.iter().copied(), words),
            }
        }
        // The columns, 64x64 blocks of the rows transposed.
        let words_per_column = height.div_ceil(64).max(1);
        let columns = &mut scratch.columns;
        columns.clear();
        columns.resize(words_per_column * width, 0);
        let mut block = [0u64; 64];
        for by in 0..height.div_ceil(64) {
            for bx in 0..width.div_ceil(64) {
                for (k, word) in block.iter_mut().enumerate() {
                    let row = by * 64 + k;
                    *word = if row < height {
                        rows[row * words_per_row + bx]
                    } else {
                        0
                    };
                }
                transpose(&mut block);
                for (i, &word) in block.iter().enumerate().take(width - bx * 64) {
                    columns[(bx * 64 + i) * words_per_column + by] = word;
                }
            }
        }
        let rect = Rect::new(x0 as i32, y0 as i32, width as u32, height as u32);
        Window {
            map,
            words: rows,
            words_per_row,
            columns,
            words_per_column,
            rect,
        }
    }
}

/// Transposes a 64x64 bit matrix in place (bit `i` of word `k` to bit `k`
/// of word `i`): swaps ever smaller off-diagonal blocks, 32 bits, then 16,
/// down to 1.
fn transpose(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut mask = 0x0000_0000_FFFF_FFFF_u64;
    while j != 0 {
        for k in (0..64).filter(|k| k & j == 0) {
            let t = ((a[k] >> j) ^ a[k + j]) & mask;
            a[k + j] ^= t;
            a[k] ^= t << j;
        }
        j >>= 1;
        mask ^= mask << j;
    }
}

/// [`Clear::pack`] for a strided row.
fn pack_row<T: Clear>(cells: impl Iterator<Item = T>, words: &mut [u64]) {
    for (k, cell) in cells.enumerate() {
        words[k / 64] |= u64::from(cell.is_zero()) << (k % 64);
    }
}

impl<T: Clear> Opacity for Window<'_, '_, T> {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        let (dx, dy) = (
            x.wrapping_sub(self.rect.x) as u32,
            y.wrapping_sub(self.rect.y) as u32,
        );
        if dx < self.rect.width && dy < self.rect.height {
            let k = dx as usize;
            self.words[dy as usize * self.words_per_row + k / 64] >> (k % 64) & 1 == 1
        } else {
            self.map.is_opaque(x, y)
        }
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.map.rect)
    }

    fn bit_rows(&self) -> Option<sightlines::BitRows<'_>> {
        sightlines::BitRows::new(self.words, self.words_per_row, self.rect)
    }

    fn bit_columns(&self) -> Option<sightlines::BitColumns<'_>> {
        sightlines::BitColumns::new(self.columns, self.words_per_column, self.rect)
    }
}
