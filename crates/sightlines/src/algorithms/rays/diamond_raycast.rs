//! Diamond ray casting (`diamond-raycast`): libtcod's `FOV_DIAMOND`.
//!
//! **Definition.** Light spreads outward from the origin one Manhattan ring
//! at a time. Every tile `(x, y)` (offsets from the origin, taken as
//! absolute values `a = |x|`, `b = |y|`, the same rule in each quadrant)
//! carries an *obscurity vector* `(xo, yo)` and an *error* `(xe, ye)`, all
//! zero at the origin, and has up to two inputs: the tile one step nearer
//! the origin along x, `(a - 1, b)`, and along y, `(a, b - 1)`, each counted
//! only if it is *live* (reached, in range and not ignored). A tile with no
//! live input is never reached. Otherwise, starting from zero:
//!
//! 1. from the x input `X`, if its obscurity is not zero and `X.xe > 0`:
//!    `(xe, ye) = (X.xe - X.yo, X.ye + X.yo)` and `(xo, yo) = (X.xo, X.yo)`;
//! 2. then from the y input `Y`, if its obscurity is not zero, `Y.ye > 0`,
//!    and either `yo` is still zero or `Y.xe <= 0 < Y.xo`:
//!    `(xe, ye) = (Y.xe + Y.xo, Y.ye - Y.xo)` and `(xo, yo) = (Y.xo, Y.yo)`;
//! 3. a tile is *obscured* when `0 < xe <= xo` or `0 < ye <= yo`. The tile
//!    is ignored (not live, not visible) when its one input is obscured, or
//!    both of its two are;
//! 4. a live opaque tile becomes an obstacle: `xe = xo = a`, `ye = yo = b`.
//!
//! A live tile that is not obscured after step 4 is visible; so an opaque
//! tile never is, and walls are lit only by
//! [`basic-raycast`](crate::basic_raycast)'s post-pass. Tiles out of the
//! range's shape are ignored, as are tiles off the map. The error vectors
//! are a Bresenham-like account of how far each obstacle's shadow has
//! drifted from the ray through it; obstacles spread their shadows along
//! both axes at once, which gives the diamond its name.
//!
//! **Against libtcod.** The same radius rule, and the same one difference in
//! the post-pass, as [`basic-raycast`](crate::basic_raycast) (pinned by the
//! tests on libtcod's own output). libtcod walks a queue over the whole map;
//! here each quadrant is scanned row by row, which meets every tile after
//! both its inputs, so the states are the same.
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! Not symmetric. It does not see through diagonal gaps: between two walls
//! touching at a corner, both inputs of the tile beyond are obstacles that
//! obscure it. The rule is the same in the four quadrants, so the result is
//! the same under the mirrors `x → -x` and `y → -y`. Steps 1 and 2 are not
//! written symmetrically (step 2 may overwrite step 1, not the reverse), yet
//! swapping the axes changed no result on the tests' thousands of random
//! maps; that invariance is observed, not proven.
//!
//! **Cost.** One pass over the range's box with two rows of state per
//! quadrant, then the post-pass, over bitsets of the box (boxes above
//! [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles give
//! [`FovError::AreaTooLarge`]).
//!
//! ```
//! use sightlines::{DiamondRaycast, FieldOfView, Grid, Range};
//!
//! let map = Grid::parse(".....\n..#..\n.....\n")?.grid;
//! let mut fov = DiamondRaycast::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(2, 1)) && !seen.contains(&(3, 1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::walls::{light_walls, BoxMasks};
use super::FieldBits;
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::{presized_reach, with_tiles, Field, Quadrant, Reach, Sink};
use crate::map::Opacity;

/// The state of one tile; see the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
struct Ray {
    xe: i64,
    ye: i64,
    xo: i64,
    yo: i64,
    live: bool,
}

impl Ray {
    #[inline]
    fn obscured(&self) -> bool {
        (self.xe > 0 && self.xe <= self.xo) || (self.ye > 0 && self.ye <= self.yo)
    }

    #[inline]
    fn casts_shadow(&self) -> bool {
        self.xo != 0 || self.yo != 0
    }
}

/// Reusable scratch for [`diamond-raycast`](self), libtcod's `FOV_DIAMOND`.
///
/// ```
/// use sightlines::{DiamondRaycast, FieldOfView, Range};
///
/// let open = |_: i32, _: i32| false;
/// let mut fov = DiamondRaycast::new();
/// let mut count = 0;
/// fov.compute(&open, (0, 0), Range::diamond(3), |_, _| count += 1)?;
/// assert_eq!(count, 25);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct DiamondRaycast {
    lit: FieldBits,
    reach: Reach,
    masks: BoxMasks,
    prev: Vec<Ray>,
    cur: Vec<Ray>,
}

impl DiamondRaycast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> DiamondRaycast {
        DiamondRaycast::default()
    }

    fn scan_quadrant<M: Opacity + ?Sized>(&mut self, map: &M, field: &Field, q: Quadrant) {
        let (ex, ey) = q.extents(field);
        let n = ex as usize + 1;
        self.prev.clear();
        self.prev.resize(n, Ray::default());
        self.cur.clear();
        self.cur.resize(n, Ray::default());
        for b in 0..=ey {
            let mut any_live = false;
            for a in 0..=ex {
                let i = a as usize;
                let ray = if (a, b) == (0, 0) {
                    Ray {
                        live: true,
                        ..Ray::default()
                    }
                } else {
                    let x_in = (a > 0 && self.cur[i - 1].live).then(|| self.cur[i - 1]);
                    let y_in = (b > 0 && self.prev[i].live).then(|| self.prev[i]);
                    let (dx, dy) = q.offset(a, b);
                    let mut ray = merge(x_in, y_in);
                    if ray.live && !field.in_range(dx, dy) {
                        ray.live = false;
                    }
                    if ray.live {
                        let (x, y) = field.tile(dx, dy);
                        if map.is_opaque(x, y) {
                            (ray.xe, ray.xo, ray.ye, ray.yo) = (a, a, b, b);
                        } else if !ray.obscured() {
                            self.lit.insert(dx, dy);
                        }
                    }
                    ray
                };
                any_live |= ray.live;
                self.cur[i] = ray;
            }
            if !any_live {
                return;
            }
            std::mem::swap(&mut self.prev, &mut self.cur);
        }
    }
}

/// A tile's state from its live inputs, before its own opacity counts.
#[inline]
fn merge(x_in: Option<Ray>, y_in: Option<Ray>) -> Ray {
    let mut ray = Ray::default();
    if let Some(x) = x_in {
        if x.casts_shadow() && x.xe > 0 {
            ray = Ray {
                xe: x.xe - x.yo,
                ye: x.ye + x.yo,
                ..x
            };
        }
    }
    if let Some(y) = y_in {
        if y.casts_shadow() && y.ye > 0 && (ray.yo == 0 || (y.xe <= 0 && y.xo > 0)) {
            ray = Ray {
                xe: y.xe + y.xo,
                ye: y.ye - y.xo,
                ..y
            };
        }
    }
    ray.live = match (x_in, y_in) {
        (None, None) => false,
        (Some(x), None) => !x.obscured(),
        (None, Some(y)) => !y.obscured(),
        (Some(x), Some(y)) => !(x.obscured() && y.obscured()),
    };
    ray
}

field_of_view!(DiamondRaycast);

impl Scan for DiamondRaycast {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        self.lit.reset(field)?;
        self.lit.insert(0, 0);
        // Rays for the widest quadrant any origin can have with this range,
        // so that no later origin needs more.
        let rays = presized_reach(map, field.range) + 1;
        for list in [&mut self.prev, &mut self.cur] {
            list.reserve(rays.saturating_sub(list.len()));
        }
        for q in Quadrant::ALL {
            self.scan_quadrant(map, field, q);
        }
        self.reach.reset(field.range);
        // `basic-raycast`'s wall post-pass over the lit tiles.
        with_tiles!(map, field.origin, |tiles| {
            self.masks.reset(tiles, field, &mut self.reach);
            self.masks.read_lit(tiles, &self.lit);
            light_walls(tiles, &mut self.masks, &mut self.lit);
        });
        // The origin first, then the rest run by run.
        sink.tile(0, 0);
        self.lit.remove(0, 0);
        self.lit.for_each_run(|dy, dx0, dx1| sink.row(dy, dx0, dx1));
        Ok(())
    }
}
