//! The contract every algorithm keeps: [`FieldOfView`].
//!
//! Each algorithm is a struct holding its reusable scratch. Inside the
//! crate it implements [`Scan`], which scans a checked [`Field`] into a
//! [`Sink`]; [`field_of_view!`] then gives it the public [`FieldOfView`],
//! and [`Fov`](crate::Fov) dispatches to the same `Scan` at run time. So
//! every algorithm checks its input, reports its tiles and fills a
//! [`VisibleSet`](crate::VisibleSet) the same way.

use crate::error::FovError;
use crate::kernel::{Field, Sink, Visit};
use crate::map::Opacity;
use crate::range::Range;

/// A field-of-view algorithm with its reusable scratch.
///
/// `compute` calls `visit` exactly once for each visible tile: the origin
/// first, then every tile in range that the algorithm sees, opaque ones
/// included ("lit walls"). Tiles outside a bounded map are never visited.
/// After the first call, calls with the same or a smaller range allocate
/// nothing.
pub trait FieldOfView {
    /// Visits every tile visible from `origin` within `range` on `map`.
    ///
    /// # Errors
    ///
    /// [`FovError::OriginOffMap`] when `origin` is outside a bounded map;
    /// [`FovError::NeedsRadius`] when neither the map nor the range is
    /// bounded; [`FovError::AreaTooLarge`] when an algorithm that marks the
    /// tiles of the range's box in a bitset (the ray casts) would need one
    /// larger than [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles.
    fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32);
}

/// What an algorithm implements inside the crate: its scan of one field.
pub(crate) trait Scan {
    /// Puts every tile visible in `field` on `map` into `sink`, each once,
    /// the origin (offset `(0, 0)`) first.
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink;
}

/// [`FieldOfView::compute`] for any [`Scan`]: the field checked, the
/// visitor taking the tiles.
#[inline]
pub(crate) fn compute<A, M, V>(
    algorithm: &mut A,
    map: &M,
    origin: (i32, i32),
    range: Range,
    visit: V,
) -> Result<(), FovError>
where
    A: Scan,
    M: Opacity + ?Sized,
    V: FnMut(i32, i32),
{
    let field = Field::new(map, origin, range)?;
    algorithm.run(map, &field, &mut Visit::new(visit, origin))
}

/// `field_of_view!(Algorithm)` implements [`FieldOfView`] for an algorithm
/// that implements [`Scan`].
macro_rules! field_of_view {
    ($algorithm:ty) => {
        impl $crate::FieldOfView for $algorithm {
            fn compute<M, V>(
                &mut self,
                map: &M,
                origin: (i32, i32),
                range: $crate::Range,
                visit: V,
            ) -> Result<(), $crate::FovError>
            where
                M: $crate::Opacity + ?Sized,
                V: FnMut(i32, i32),
            {
                $crate::field_of_view::compute(self, map, origin, range, visit)
            }
        }
    };
}
pub(crate) use field_of_view;
