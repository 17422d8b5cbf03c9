//! Cones: a field of view limited to a direction and an angle, for guards,
//! flashlights and creatures with eyes in front.
//!
//! A cone sweeps from its `start` vector to its `end` vector (map offsets)
//! in the direction that turns `+x` toward `+y`, clockwise on the screen,
//! from one ray to the full circle ([`Cone::FULL`]). A tile is in its view
//! exactly when it is in the full field of view and its centre lies inside
//! the angle (the origin always is), so walls cast the same shadows. Every
//! test is an integer cross product, so a tile whose centre lies on an edge
//! is in (edges are closed) on every platform.
//!
//! ```
//! use sightlines::{Cone, Fov, Range};
//!
//! let open = |_: i32, _: i32| false;
//! let east = Cone::quarter((1, 0)).unwrap(); // 45 degrees either side of +x
//! let mut seen = Vec::new();
//! Fov::default().compute_cone(&open, (0, 0), Range::square(2), &east, |x, y| seen.push((x, y)))?;
//! seen.sort();
//! assert_eq!(seen, [(0, 0), (1, -1), (1, 0), (1, 1), (2, -2), (2, -1), (2, 0), (2, 1), (2, 2)]);
//! # Ok::<(), sightlines::FovError>(())
//! ```

use crate::error::FovError;
use crate::fov::Fov;
use crate::kernel::Field;
use crate::map::Opacity;
use crate::range::Range;
use crate::visible::{checked_area, VisibleSet};

/// The angle of a cone of view; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cone {
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// Every direction.
    Full,
    /// [`Cone::new`]'s sweep, `start` and `end` non-zero.
    Sweep { start: (i64, i64), end: (i64, i64) },
}

#[inline]
fn cross(a: (i64, i64), b: (i64, i64)) -> i128 {
    i128::from(a.0) * i128::from(b.1) - i128::from(a.1) * i128::from(b.0)
}

#[inline]
fn dot(a: (i64, i64), b: (i64, i64)) -> i128 {
    i128::from(a.0) * i128::from(b.0) + i128::from(a.1) * i128::from(b.1)
}

impl Cone {
    /// Every direction: the full field of view.
    pub const FULL: Cone = Cone { kind: Kind::Full };

    /// The directions swept from `start` to `end` (see the [module
    /// docs](self)): one ray when the two point the same way. `None` when a
    /// vector is zero.
    ///
    /// ```
    /// use sightlines::Cone;
    /// // From north (0, -1) clockwise to east (1, 0): the north-east quarter.
    /// let ne = Cone::new((0, -1), (1, 0)).unwrap();
    /// assert!(ne.contains(3, -3) && ne.contains(0, -5) && ne.contains(5, 0));
    /// assert!(!ne.contains(-1, -5) && !ne.contains(5, 1));
    /// // From east clockwise round to north: the other three quarters.
    /// let rest = Cone::new((1, 0), (0, -1)).unwrap();
    /// assert!(rest.contains(-3, 3) && rest.contains(5, 0) && !rest.contains(3, -3));
    /// assert_eq!(Cone::new((0, 0), (1, 0)), None);
    /// ```
    pub fn new(start: (i32, i32), end: (i32, i32)) -> Option<Cone> {
        Cone::sweep(super::offset((0, 0), start), super::offset((0, 0), end))
    }

    fn sweep(start: (i64, i64), end: (i64, i64)) -> Option<Cone> {
        let kind = Kind::Sweep { start, end };
        (start != (0, 0) && end != (0, 0)).then_some(Cone { kind })
    }

    /// A right angle centred on `direction`, 45 degrees either side (rot.js's
    /// `compute90`, for any integer direction, exact). `None` for `(0, 0)`.
    ///
    /// ```
    /// use sightlines::Cone;
    /// let north = Cone::quarter((0, -1)).unwrap();
    /// assert!(north.contains(-4, -4) && north.contains(4, -4)); // the diagonals are edges
    /// assert!(!north.contains(5, -4));
    /// let south_east = Cone::quarter((1, 1)).unwrap(); // between east and south
    /// assert!(south_east.contains(7, 0) && south_east.contains(0, 7) && !south_east.contains(-1, 7));
    /// ```
    pub fn quarter(direction: (i32, i32)) -> Option<Cone> {
        let (a, b) = (i64::from(direction.0), i64::from(direction.1));
        // The direction turned by -45 and +45 degrees, scaled by √2.
        Cone::sweep((a + b, b - a), (a - b, a + b))
    }

    /// A half plane centred on `direction`, 90 degrees either side (rot.js's
    /// `compute180`, for any integer direction, exact). `None` for `(0, 0)`.
    ///
    /// ```
    /// use sightlines::Cone;
    /// let west = Cone::half((-1, 0)).unwrap();
    /// assert!(west.contains(0, 5) && west.contains(0, -5) && west.contains(-1, 100));
    /// assert!(!west.contains(1, 0));
    /// ```
    pub fn half(direction: (i32, i32)) -> Option<Cone> {
        let (a, b) = (i64::from(direction.0), i64::from(direction.1));
        Cone::sweep((b, -a), (-b, a))
    }

    /// A cone of `width` degrees centred on `direction` degrees, angles as
    /// `atan2(dy, dx)` of map offsets: 0 is east (+x), 90 south (+y, down
    /// the screen), 180 west, 270 north.
    ///
    /// The only floating point here: the two edges become integer vectors
    /// once (`cos` and `sin` times 2^24, rounded: within about 6e-8 radians,
    /// exact at multiples of 45 degrees); every later test is exact. A width
    /// of 360 or more is [`Cone::FULL`]; 0 or less, the ray along
    /// `direction`. `None` when an argument is not finite.
    ///
    /// ```
    /// use sightlines::Cone;
    /// let guard = Cone::from_degrees(270.0, 60.0).unwrap(); // looking north, 60 degrees wide
    /// assert!(guard.contains(0, -10) && guard.contains(5, -9));
    /// assert!(!guard.contains(6, -9)); // 33.7 degrees off north
    /// assert_eq!(Cone::from_degrees(10.0, 360.0), Some(Cone::FULL));
    /// assert_eq!(Cone::from_degrees(f64::NAN, 90.0), None);
    /// // Edges at multiples of 45 degrees are exact.
    /// assert_eq!(Cone::from_degrees(0.0, 90.0), Cone::quarter((1, 0)));
    /// ```
    pub fn from_degrees(direction: f64, width: f64) -> Option<Cone> {
        if !direction.is_finite() || !width.is_finite() {
            return None;
        }
        let half = width.max(0.0) / 2.0;
        let start = unit_vector(direction - half);
        let end = unit_vector(direction + half);
        // Full, or so nearly that the two edges round to the same vector.
        if width >= 360.0 || (width > 180.0 && cross(start, end) == 0 && dot(start, end) > 0) {
            return Some(Cone::FULL);
        }
        Cone::sweep(start, end)
    }

    /// Whether the direction of offset `(dx, dy)` lies in the cone; the
    /// origin `(0, 0)` always does. Exact (integer cross products).
    #[inline]
    pub fn contains(&self, dx: i64, dy: i64) -> bool {
        let v = (dx, dy);
        let (start, end) = match self.kind {
            Kind::Sweep { start, end } if v != (0, 0) => (start, end),
            _ => return true,
        };
        let span = cross(start, end);
        let from_start = cross(start, v);
        let to_end = cross(v, end);
        match span.signum() {
            // Narrower than 180 degrees: inside both edges.
            1 => from_start >= 0 && to_end >= 0,
            // Wider than 180 degrees: not strictly inside the gap.
            -1 => from_start >= 0 || to_end >= 0,
            _ if dot(start, end) < 0 => from_start >= 0, // exactly 180: a half plane
            _ => from_start == 0 && dot(start, v) > 0,   // zero width: one ray
        }
    }
}

/// The integer vector of angle `degrees` (see [`Cone::from_degrees`]); at a
/// multiple of 45 degrees, `cos` and `sin` unscaled round to the exact one.
fn unit_vector(degrees: f64) -> (i64, i64) {
    let d = degrees.rem_euclid(360.0);
    let scale = if d % 45.0 == 0.0 { 1.0 } else { 16_777_216.0 };
    let r = d.to_radians();
    (
        (r.cos() * scale).round() as i64,
        (r.sin() * scale).round() as i64,
    )
}

impl Fov {
    /// Visits the tiles of the field of view from `origin` within `range`
    /// whose centre lies in `cone`, and the origin, each once; costs one
    /// full field of view.
    ///
    /// ```
    /// use sightlines::{Cone, Fov, Grid, Range};
    /// let map = Grid::parse(".....\n.#...\n.....\n")?.grid;
    /// let flashlight = Cone::from_degrees(0.0, 20.0).unwrap(); // east, 20 degrees
    /// let mut lit = Vec::new();
    /// Fov::default().compute_cone(&map, (0, 1), Range::UNLIMITED, &flashlight, |x, y| lit.push((x, y)))?;
    /// assert_eq!(lit, [(0, 1), (1, 1)]); // the wall at (1, 1) stops the beam
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute`].
    pub fn compute_cone<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        cone: &Cone,
        mut visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
        self.compute(map, origin, range, |x, y| {
            if cone.contains(i64::from(x) - ox, i64::from(y) - oy) {
                visit(x, y);
            }
        })
    }

    /// Fills `set` with the tiles of [`Fov::compute_cone`].
    ///
    /// ```
    /// use sightlines::{Cone, Fov, Range, VisibleSet};
    /// let open = |_: i32, _: i32| false;
    /// let mut set = VisibleSet::new();
    /// let south = Cone::half((0, 1)).unwrap();
    /// Fov::default().compute_cone_into(&open, (0, 0), Range::square(1), &south, &mut set)?;
    /// assert_eq!(set.len(), 6); // the row y = 1 and the row y = 0, edges included
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute_into`].
    pub fn compute_cone_into<M>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        cone: &Cone,
        set: &mut VisibleSet,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
    {
        set.reset(checked_area(Field::new(map, origin, range)?.rect())?);
        self.compute_cone(map, origin, range, cone, |x, y| {
            set.insert(x, y);
        })
    }
}
