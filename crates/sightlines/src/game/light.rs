//! Light: torches, lamps and glowing moss that light what they see, and a
//! player who sees only what is lit.
//!
//! A torch behind a wall lights nothing on this side. A [`LightMap`] adds
//! up the light of every [`Light`] tile by tile in exact integers, so two
//! machines always agree on what is lit: a replay or a networked game stays
//! in step. In the dark, [`Vision`] decides what a player makes out.
//!
//! ```
//! use sightlines::{Falloff, Fov, Grid, Light, LightMap, Range, Vision, VisibleSet};
//!
//! let map = Grid::parse("...........\n.....#.....\n...........\n")?.grid;
//! let mut lights = LightMap::new(map.rect())?;
//! let mut fov = Fov::default();
//! let torch = Light::new((1, 1), 6, 100, Falloff::Linear);
//! lights.add(&mut fov, &map, &torch)?;
//! assert_eq!(lights.level(1, 1), 100);
//! assert_eq!(lights.level(4, 1), 50); // 3 of 6 tiles away: half
//! assert_eq!(lights.level(6, 1), 0); // in the wall's shadow
//!
//! // The player at (9, 1) sees the lit tiles in view, and their own tile.
//! let mut view = VisibleSet::new();
//! fov.compute_into(&map, (9, 1), Range::UNLIMITED, &mut view)?;
//! let vision = Vision::new(10, Range::circle(1));
//! let mut seen = VisibleSet::new();
//! vision.filter_into(&view, &lights, (9, 1), &mut seen);
//! assert!(seen.contains(4, 0) && seen.contains(9, 1) && !seen.contains(7, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::FovError;
use crate::fov::Fov;
use crate::map::{Opacity, Rect};
use crate::range::Range;
use crate::visible::{VisibleSet, MAX_SET_AREA};

/// How a light dims with the distance `d` from its source, for a light of
/// intensity `I` and radius `R`; no light beyond `R`, all levels rounded
/// down.
#[derive(Clone, Copy, Debug)]
pub enum Falloff {
    /// `I` everywhere within the radius.
    Constant,
    /// `I · (R - d) / R`: straight down to zero at the radius.
    Linear,
    /// `I · (R² - d²) / R²`: bright near the source, dimming faster toward
    /// the edge (libtcod's torch).
    Quadratic,
    /// The caller's rule: `f(intensity, d², radius)`, called only for tiles
    /// with `d² <= R²`. It should be deterministic (integers) for a
    /// deterministic light map.
    Custom(fn(u16, u64, u32) -> u16),
}

/// A source of light: a position, a radius, an intensity and a falloff.
///
/// ```
/// use sightlines::{Falloff, Light};
/// let lamp = Light::new((0, 0), 4, 80, Falloff::Quadratic);
/// assert_eq!(lamp.level_at(0, 0), 80);
/// assert_eq!(lamp.level_at(2, 0), 60); // 80 · (16 - 4) / 16
/// assert_eq!(lamp.level_at(4, 0), 0);
/// assert_eq!(lamp.level_at(3, 3), 0); // beyond the radius
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Light {
    /// Where the source is.
    pub position: (i32, i32),
    /// How far it lights: the circle `dx² + dy² <= radius²`.
    pub radius: u32,
    /// The level at the source.
    pub intensity: u16,
    /// How it dims.
    pub falloff: Falloff,
}

impl Light {
    /// A light at `position`.
    pub const fn new(position: (i32, i32), radius: u32, intensity: u16, falloff: Falloff) -> Light {
        Light {
            position,
            radius,
            intensity,
            falloff,
        }
    }

    /// The level this light gives at offset `(dx, dy)` from it if nothing is
    /// in the way: 0 beyond the radius. Exact, integer arithmetic.
    pub fn level_at(&self, dx: i64, dy: i64) -> u16 {
        if !Range::circle(self.radius).contains(dx, dy) {
            return 0;
        }
        // Within the radius both offsets are at most 2^32, so d² < 2^65.
        let d2 = (dx.unsigned_abs() as u128).pow(2) + (dy.unsigned_abs() as u128).pow(2);
        let (i, r) = (u128::from(self.intensity), u128::from(self.radius));
        let level = match self.falloff {
            Falloff::Constant => i,
            Falloff::Custom(f) => return f(self.intensity, d2 as u64, self.radius),
            _ if r == 0 => i,
            // floor((I·R - I·d) / R) = floor((I·R - ceil(I·d)) / R), and
            // I·d = sqrt(I²·d²) with I²·d² <= 2^32 · 2^64.
            Falloff::Linear => (i * r).saturating_sub(ceil_sqrt(i * i * d2)) / r,
            Falloff::Quadratic => i * (r * r - d2) / (r * r),
        };
        level as u16
    }
}

/// `ceil(sqrt(n))`, exactly.
fn ceil_sqrt(n: u128) -> u128 {
    let s = n.isqrt();
    s + u128::from(s * s < n)
}

/// The light of every tile of an area: the sum of the levels of the
/// sources that see it, saturating at `u32::MAX`.
///
/// ```
/// use sightlines::{Falloff, Fov, Light, LightMap, Rect};
/// let open = sightlines::bounded(Rect::new(0, 0, 10, 1), |_: i32, _: i32| false);
/// let mut lights = LightMap::new(Rect::new(0, 0, 10, 1))?;
/// let mut fov = Fov::default();
/// lights.add(&mut fov, &open, &Light::new((0, 0), 9, 90, Falloff::Linear))?;
/// lights.add(&mut fov, &open, &Light::new((9, 0), 9, 90, Falloff::Linear))?;
/// assert_eq!(lights.level(0, 0), 90); // 90 + 0 from the far one
/// assert_eq!(lights.level(3, 0), 60 + 30);
/// lights.clear();
/// assert_eq!(lights.level(3, 0), 0);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LightMap {
    area: Rect,
    levels: Vec<u32>,
}

impl LightMap {
    /// A dark light map over `area` (usually the map's [`Rect`]).
    ///
    /// # Errors
    ///
    /// [`FovError::AreaTooLarge`] when `area` has more than
    /// [`MAX_SET_AREA`]` / 8` tiles (a light map takes 32 bits a tile).
    pub fn new(area: Rect) -> Result<LightMap, FovError> {
        if area.area() > MAX_SET_AREA / 8 {
            return Err(FovError::AreaTooLarge { area });
        }
        Ok(LightMap {
            area,
            levels: vec![0; area.area() as usize],
        })
    }

    /// The tiles it covers.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// Darkness everywhere, keeping the area (before relighting a turn).
    pub fn clear(&mut self) {
        self.levels.fill(0);
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        self.area.contains(x, y).then(|| {
            let (dx, dy) = super::offset((self.area.x, self.area.y), (x, y));
            dy as usize * self.area.width as usize + dx as usize
        })
    }

    /// The light at `(x, y)`; 0 outside the area.
    #[inline]
    pub fn level(&self, x: i32, y: i32) -> u32 {
        self.index(x, y).map_or(0, |i| self.levels[i])
    }

    /// Adds `light`'s level to every tile of the area in its field of view,
    /// a circle of its radius by `fov`'s algorithm with walls lit (the walls
    /// a light reaches are lit). No allocation once `fov`'s scratch has grown.
    ///
    /// ```
    /// use sightlines::{Falloff, Fov, Grid, Light, LightMap};
    /// let map = Grid::parse("....#...\n")?.grid;
    /// let mut lights = LightMap::new(map.rect())?;
    /// lights.add(&mut Fov::default(), &map, &Light::new((0, 0), 7, 70, Falloff::Linear))?;
    /// assert_eq!(lights.level(4, 0), 30); // the wall is lit
    /// assert_eq!(lights.level(5, 0), 0); // behind it, dark
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute`], from the light's position: a light off a bounded
    /// map is an error, so a game should skip or clip those it places.
    pub fn add<M>(&mut self, fov: &mut Fov, map: &M, light: &Light) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
    {
        let lit = fov.lit_walls();
        fov.set_lit_walls(true);
        let (ox, oy) = (i64::from(light.position.0), i64::from(light.position.1));
        let result = fov.compute(map, light.position, Range::circle(light.radius), |x, y| {
            if let Some(i) = self.index(x, y) {
                let level = light.level_at(i64::from(x) - ox, i64::from(y) - oy);
                self.levels[i] = self.levels[i].saturating_add(u32::from(level));
            }
        });
        fov.set_lit_walls(lit);
        result
    }
}

/// What a viewer makes out in the dark: the tiles in view lit to at least
/// `threshold` or within `night_vision`, and always the viewer's own tile.
///
/// ```
/// use sightlines::{LightMap, Range, Rect, Vision, VisibleSet};
/// let dark = LightMap::new(Rect::new(0, 0, 10, 10))?;
/// let mut view = VisibleSet::new();
/// view.reset(Rect::new(0, 0, 10, 10));
/// view.insert(6, 5);
/// view.insert(9, 9);
/// let cat = Vision::new(1, Range::circle(2));
/// assert!(cat.sees(&view, &dark, (5, 5), 6, 5)); // near enough to make out
/// assert!(!cat.sees(&view, &dark, (5, 5), 9, 9)); // in view, but dark
/// assert!(!cat.sees(&view, &dark, (5, 5), 4, 5)); // not in view
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vision {
    /// The least light a tile needs to be seen beyond night vision.
    pub threshold: u32,
    /// How far the viewer sees without light; `Range::square(0)` for only
    /// its own tile.
    pub night_vision: Range,
}

impl Vision {
    /// A vision rule.
    pub const fn new(threshold: u32, night_vision: Range) -> Vision {
        Vision {
            threshold,
            night_vision,
        }
    }

    /// Whether a viewer at `origin` with field of view `view` sees `(x, y)`
    /// by the rule of [`Vision`].
    #[inline]
    pub fn sees(
        &self,
        view: &VisibleSet,
        lights: &LightMap,
        origin: (i32, i32),
        x: i32,
        y: i32,
    ) -> bool {
        // Night vision, a range, always contains the origin.
        let (dx, dy) = super::offset(origin, (x, y));
        view.contains(x, y)
            && (self.night_vision.contains(dx, dy) || lights.level(x, y) >= self.threshold)
    }

    /// Fills `out` with the tiles of `view` that [`Vision::sees`]: what to
    /// show the player and to [`Memory::remember`](crate::Memory::remember).
    /// No allocation once `out` has grown to the view's area.
    ///
    /// ```
    /// use sightlines::{Fov, LightMap, Range, Rect, Vision, VisibleSet};
    /// let open = sightlines::bounded(Rect::new(0, 0, 9, 9), |_: i32, _: i32| false);
    /// let mut view = VisibleSet::new();
    /// Fov::default().compute_into(&open, (4, 4), Range::UNLIMITED, &mut view)?;
    /// let dark = LightMap::new(Rect::new(0, 0, 9, 9))?;
    /// let mut seen = VisibleSet::new();
    /// Vision::new(1, Range::square(1)).filter_into(&view, &dark, (4, 4), &mut seen);
    /// assert_eq!(seen.len(), 9); // in the dark: only the 3x3 around the viewer
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    pub fn filter_into(
        &self,
        view: &VisibleSet,
        lights: &LightMap,
        origin: (i32, i32),
        out: &mut VisibleSet,
    ) {
        out.reset(view.area());
        for (x, y) in view {
            if self.sees(view, lights, origin, x, y) {
                out.insert(x, y);
            }
        }
    }
}
