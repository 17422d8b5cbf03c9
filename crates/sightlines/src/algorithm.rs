//! Choosing an algorithm: the [`FieldOfView`] trait every algorithm's scratch
//! implements, the [`Algorithm`] ids, and [`Fov`], which picks one at run time.

use crate::beveled::Beveled;
use crate::diamond_shadowcast::DiamondShadowcast;
use crate::error::FovError;
use crate::geometry::{Field, Sink, Visit};
use crate::map::Opacity;
use crate::precise_permissive::PrecisePermissive;
use crate::range::Range;
use crate::recursive_shadowcast::RecursiveShadowcast;
use crate::restrictive::Restrictive;
use crate::symmetric_shadowcast::SymmetricShadowcast;
use crate::visible::VisibleSet;
use crate::{BasicRaycast, DiamondRaycast, Raycast};
use std::fmt;
use std::str::FromStr;

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
    /// [`FovError::NeedsRadius`] when neither the map nor the range is bounded.
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

/// The algorithms, by the ids used in the CLI, the docs and the benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Algorithm {
    /// `precise-permissive`: tile-to-tile, symmetric, the most permissive;
    /// see [`PrecisePermissive`].
    #[default]
    PrecisePermissive,
    /// `diamond-shadowcast`: RuggRogue's shadowcasting, diamond walls,
    /// symmetric for transparent tiles only; see [`DiamondShadowcast`].
    DiamondShadowcast,
    /// `symmetric-shadowcast`: Albert Ford's symmetric shadowcasting in exact
    /// rationals, symmetric for floor tiles; see [`SymmetricShadowcast`].
    SymmetricShadowcast,
    /// `recursive-shadowcast`: classic shadowcasting as in libtcod's
    /// `FOV_SHADOW`, fast and not symmetric; see [`RecursiveShadowcast`].
    RecursiveShadowcast,
    /// `raycast`: 360-degree ray casting, point-to-tile, not symmetric;
    /// see [`Raycast`].
    Raycast,
    /// `basic-raycast`: libtcod's `FOV_BASIC`, not symmetric; see [`BasicRaycast`].
    BasicRaycast,
    /// `diamond-raycast`: libtcod's `FOV_DIAMOND`, not symmetric; see [`DiamondRaycast`].
    DiamondRaycast,
    /// `restrictive`: MRPAS, libtcod's `FOV_RESTRICTIVE`; not symmetric;
    /// see [`Restrictive`].
    Restrictive,
    /// `beveled`: Adam Milazzo's algorithm, beveled wall corners; not
    /// symmetric; see [`Beveled`].
    Beveled,
    /// `permissive-0` to `permissive-7`: libtcod's lower permissiveness
    /// levels, seeing from a square of side `N/8` centered in the origin
    /// tile; not symmetric. Level 8 is [`Algorithm::PrecisePermissive`].
    Permissive(PermissiveLevel),
}

/// A permissiveness level below 8, for [`Algorithm::Permissive`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PermissiveLevel(u8);

impl PermissiveLevel {
    /// The level `n`, if it is 0 to 7.
    pub const fn new(n: u8) -> Option<PermissiveLevel> {
        if n < 8 {
            Some(PermissiveLevel(n))
        } else {
            None
        }
    }

    /// The level, 0 to 7.
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl Algorithm {
    /// Every algorithm, in catalogue order.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::PrecisePermissive,
        Algorithm::DiamondShadowcast,
        Algorithm::SymmetricShadowcast,
        Algorithm::RecursiveShadowcast,
        Algorithm::Raycast,
        Algorithm::BasicRaycast,
        Algorithm::DiamondRaycast,
        Algorithm::Restrictive,
        Algorithm::Beveled,
        Algorithm::Permissive(PermissiveLevel(0)),
        Algorithm::Permissive(PermissiveLevel(1)),
        Algorithm::Permissive(PermissiveLevel(2)),
        Algorithm::Permissive(PermissiveLevel(3)),
        Algorithm::Permissive(PermissiveLevel(4)),
        Algorithm::Permissive(PermissiveLevel(5)),
        Algorithm::Permissive(PermissiveLevel(6)),
        Algorithm::Permissive(PermissiveLevel(7)),
    ];

    /// libtcod's permissiveness level `n` (0 to 8): `permissive-n`, where
    /// level 8 is [`Algorithm::PrecisePermissive`]; `None` above 8.
    ///
    /// ```
    /// use sightlines::Algorithm;
    /// assert_eq!(Algorithm::permissive(8), Some(Algorithm::PrecisePermissive));
    /// assert_eq!(Algorithm::permissive(3).unwrap().id(), "permissive-3");
    /// assert_eq!(Algorithm::permissive(9), None);
    /// ```
    pub const fn permissive(n: u8) -> Option<Algorithm> {
        match PermissiveLevel::new(n) {
            Some(level) => Some(Algorithm::Permissive(level)),
            None if n == 8 => Some(Algorithm::PrecisePermissive),
            None => None,
        }
    }

    /// The algorithm's id, such as `precise-permissive`.
    pub const fn id(self) -> &'static str {
        match self {
            Algorithm::PrecisePermissive => "precise-permissive",
            Algorithm::DiamondShadowcast => "diamond-shadowcast",
            Algorithm::Permissive(PermissiveLevel(level)) => match level {
                0 => "permissive-0",
                1 => "permissive-1",
                2 => "permissive-2",
                3 => "permissive-3",
                4 => "permissive-4",
                5 => "permissive-5",
                6 => "permissive-6",
                _ => "permissive-7",
            },
            Algorithm::SymmetricShadowcast => "symmetric-shadowcast",
            Algorithm::RecursiveShadowcast => "recursive-shadowcast",
            Algorithm::Raycast => "raycast",
            Algorithm::BasicRaycast => "basic-raycast",
            Algorithm::DiamondRaycast => "diamond-raycast",
            Algorithm::Restrictive => "restrictive",
            Algorithm::Beveled => "beveled",
        }
    }

    /// Whether B is in the field of view from A exactly when A is in the
    /// field of view from B, for every pair of tiles, or for every pair of
    /// transparent tiles: see [`Properties::symmetry`](crate::Properties).
    pub const fn is_symmetric(self) -> bool {
        matches!(
            self.properties().symmetry,
            crate::Symmetry::Full | crate::Symmetry::Floors
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The error of parsing an unknown algorithm id; it lists the known ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown algorithm '{}'; known algorithms: ", self.0)?;
        for (i, a) in Algorithm::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(a.id())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    /// ```
    /// use sightlines::Algorithm;
    /// assert_eq!("precise-permissive".parse(), Ok(Algorithm::PrecisePermissive));
    /// assert!("fast".parse::<Algorithm>().unwrap_err().to_string().contains("precise-permissive"));
    /// ```
    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        if s == "permissive-8" {
            return Ok(Algorithm::PrecisePermissive);
        }
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.id() == s)
            .ok_or_else(|| UnknownAlgorithm(s.to_owned()))
    }
}

/// Largest [`VisibleSet`] area, in tiles, that [`Fov::compute_into`] will allocate.
pub const MAX_SET_AREA: u64 = 1 << 31;

/// A field of view with its algorithm chosen at run time, and its scratch
/// kept between calls: the type a game loop holds.
///
/// ```
/// use sightlines::{Algorithm, Fov, Grid, Range, VisibleSet, SAMPLE_MAP};
///
/// let parsed = Grid::parse(SAMPLE_MAP)?;
/// let at = parsed.viewer.unwrap();
/// let mut fov = Fov::new(Algorithm::PrecisePermissive);
/// let mut seen = VisibleSet::new();
/// for _turn in 0..3 {
///     fov.compute_into(&parsed.grid, at, Range::circle(8), &mut seen)?;
/// }
/// assert!(seen.contains(at.0, at.1));
///
/// // Or from a closure, which needs a radius.
/// let mut count = 0;
/// fov.compute(&|x: i32, y: i32| x.abs() == 4, (0, 0), Range::square(6), |_, _| count += 1)?;
/// assert_eq!(count, 9 * 13); // columns -4..=4 (walls lit) of the 13x13 square
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Fov {
    algorithm: Algorithm,
    lit_walls: bool,
    precise_permissive: PrecisePermissive,
    diamond_shadowcast: DiamondShadowcast,
    symmetric_shadowcast: SymmetricShadowcast,
    recursive_shadowcast: RecursiveShadowcast,
    raycast: Raycast,
    basic_raycast: BasicRaycast,
    diamond_raycast: DiamondRaycast,
    restrictive: Restrictive,
    beveled: Beveled,
}

impl Default for Fov {
    fn default() -> Fov {
        Fov::new(Algorithm::default())
    }
}

impl Fov {
    /// A field of view computed with `algorithm`, walls lit.
    pub fn new(algorithm: Algorithm) -> Fov {
        Fov {
            algorithm,
            lit_walls: true,
            precise_permissive: PrecisePermissive::new(),
            diamond_shadowcast: DiamondShadowcast::new(),
            symmetric_shadowcast: SymmetricShadowcast::new(),
            recursive_shadowcast: RecursiveShadowcast::new(),
            raycast: Raycast::new(),
            basic_raycast: BasicRaycast::new(),
            diamond_raycast: DiamondRaycast::new(),
            restrictive: Restrictive::new(),
            beveled: Beveled::new(),
        }
    }

    /// The algorithm in use.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Switches algorithm; scratch of the others is kept for switching back.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        self.algorithm = algorithm;
    }

    /// Whether opaque tiles that sight reaches are reported (the default) or
    /// only transparent ones and the origin.
    ///
    /// ```
    /// use sightlines::{Fov, Range};
    /// let wall = |x: i32, _y: i32| x == 1;
    /// let mut fov = Fov::default();
    /// fov.set_lit_walls(false);
    /// let mut seen = Vec::new();
    /// fov.compute(&wall, (0, 0), Range::square(1), |x, y| seen.push((x, y)))?;
    /// seen.sort();
    /// assert_eq!(seen, [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1)]);
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    pub fn set_lit_walls(&mut self, lit_walls: bool) {
        self.lit_walls = lit_walls;
    }

    /// Whether opaque tiles are reported.
    pub fn lit_walls(&self) -> bool {
        self.lit_walls
    }

    /// Visits every tile visible from `origin` within `range`, each once.
    ///
    /// `visit` is called through `dyn FnMut`, so a program with many call
    /// sites compiles each algorithm once per map type, not once per
    /// closure. The fastest ways in are [`Fov::compute_into`] (rows of tiles
    /// into a set) and an algorithm's own type, whose
    /// [`FieldOfView::compute`] inlines the closure.
    ///
    /// # Errors
    ///
    /// As [`FieldOfView::compute`].
    pub fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        mut visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let field = Field::new(map, origin, range)?;
        // Through `dyn`: every algorithm's scan is compiled once per map type
        // rather than once per closure a program passes here.
        let mut walls_unlit;
        let visit: &mut dyn FnMut(i32, i32) = if self.lit_walls {
            &mut visit
        } else {
            walls_unlit = |x, y| {
                if (x, y) == origin || !map.is_opaque(x, y) {
                    visit(x, y);
                }
            };
            &mut walls_unlit
        };
        let origin = (i64::from(origin.0), i64::from(origin.1));
        self.dispatch(map, &field, &mut Visit { visit, origin })
    }

    fn dispatch<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        match self.algorithm {
            Algorithm::PrecisePermissive => {
                self.precise_permissive
                    .set_level(crate::precise_permissive::MAX_LEVEL);
                self.precise_permissive.run(map, field, sink)
            }
            Algorithm::Restrictive => self.restrictive.run(map, field, sink),
            Algorithm::Beveled => self.beveled.run(map, field, sink),
            Algorithm::Raycast => self.raycast.run(map, field, sink),
            Algorithm::BasicRaycast => self.basic_raycast.run(map, field, sink),
            Algorithm::DiamondRaycast => self.diamond_raycast.run(map, field, sink),
            Algorithm::Permissive(level) => {
                self.precise_permissive.set_level(level.get());
                self.precise_permissive.run(map, field, sink)
            }
            Algorithm::DiamondShadowcast => self.diamond_shadowcast.run(map, field, sink),
            Algorithm::SymmetricShadowcast => self.symmetric_shadowcast.run(map, field, sink),
            Algorithm::RecursiveShadowcast => self.recursive_shadowcast.run(map, field, sink),
        }
    }

    /// Fills `set` with the tiles visible from `origin` within `range`,
    /// resizing it to the range's bounding box clipped to the map.
    ///
    /// # Errors
    ///
    /// As [`FieldOfView::compute`], and [`FovError::AreaTooLarge`] when that
    /// box exceeds [`MAX_SET_AREA`] tiles (a huge radius on an unbounded map).
    pub fn compute_into<M>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        set: &mut VisibleSet,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
    {
        let field = Field::new(map, origin, range)?;
        let area = field.rect();
        if area.area() > MAX_SET_AREA {
            return Err(FovError::AreaTooLarge { area });
        }
        if self.lit_walls {
            // Straight into the set's words, rows of tiles at a time.
            self.dispatch(map, &field, &mut set.fill(&field))
        } else {
            set.reset(area);
            self.compute(map, origin, range, |x, y| {
                set.insert(x, y);
            })
        }
    }
}

/// The tiles visible from `origin`, in a new [`VisibleSet`]: the shortest way
/// to one field of view. A game loop should keep a [`Fov`] and a set instead.
///
/// ```
/// use sightlines::{visible_tiles, Algorithm, Grid, Range};
/// let map = Grid::parse("..d\n.#.\ns..\n")?.grid;
/// let seen = visible_tiles(Algorithm::PrecisePermissive, &map, (0, 2), Range::UNLIMITED)?;
/// assert!(!seen.contains(2, 0)); // the seed's pillar hides D
/// assert_eq!(seen.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`Fov::compute_into`].
pub fn visible_tiles<M>(
    algorithm: Algorithm,
    map: &M,
    origin: (i32, i32),
    range: Range,
) -> Result<VisibleSet, FovError>
where
    M: Opacity + ?Sized,
{
    let mut set = VisibleSet::new();
    Fov::new(algorithm).compute_into(map, origin, range, &mut set)?;
    Ok(set)
}
