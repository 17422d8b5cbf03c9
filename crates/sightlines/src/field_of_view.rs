//! The contract every algorithm keeps, [`FieldOfView`]: [`field_of_view!`]
//! makes it of an algorithm's [`Scan`], which [`Fov`](crate::Fov) runs too,
//! so every algorithm checks its input and reports its tiles the same way.

use crate::error::FovError;
use crate::kernel::{Field, Sink};
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
    /// [`FovError::OriginOffMap`], [`FovError::NeedsRadius`], and for the ray
    /// casts, which mark the range's box in a bitset, [`FovError::AreaTooLarge`].
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

/// `field_of_view!(Algorithm)` implements [`FieldOfView`] for a [`Scan`].
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
                let field = $crate::kernel::Field::new(map, origin, range)?;
                let mut sink = $crate::kernel::Visit::new(visit, origin);
                $crate::field_of_view::Scan::run(self, map, &field, &mut sink)
            }
        }
    };
}
pub(crate) use field_of_view;
