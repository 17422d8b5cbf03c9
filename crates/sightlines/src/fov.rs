//! [`Fov`], which runs the algorithm chosen at run time.

use crate::algorithm::Algorithm;
use crate::algorithms::{
    BasicRaycast, Beveled, DiamondRaycast, DiamondShadowcast, FieldBits, PrecisePermissive,
    Raycast, RecursiveShadowcast, Restrictive, SymmetricShadowcast, MAX_LEVEL,
};
use crate::error::{FovError, DIAGONAL_RULE, PARTIAL_VISIBILITY, TRANSLUCENT_TILES};
use crate::field_of_view::{FieldOfView, Scan};
use crate::gaps::DiagonalGaps;
use crate::kernel::sink::Target;
use crate::kernel::{with_tiles, Field, Sink, Visit};
use crate::map::Opacity;
use crate::range::Range;
use crate::translucent::scan::{Diamonds, MidLines, Squares, TranslucentScan};
use crate::translucent::{Binary, Translucency, Walls, OPAQUE};
use crate::visible::{checked_area, VisibleSet};

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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Fov {
    algorithm: Algorithm,
    lit_walls: bool,
    gaps: DiagonalGaps,
    visibility: u8,
    translucent: TranslucentScan,
    /// The plain field, for the partial visibility of an algorithm whose
    /// tiles the partial scan does not pick alone.
    partial_field: FieldBits,
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
            gaps: DiagonalGaps::Pass,
            visibility: OPAQUE,
            translucent: TranslucentScan::default(),
            partial_field: FieldBits::default(),
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

    /// Whether sight passes between two walls that touch at a corner: each
    /// algorithm's own rule ([`DiagonalGaps::Pass`], the default), or never
    /// ([`DiagonalGaps::Block`]). Every way of computing with this `Fov`
    /// follows it: fields, sets, cones, [`Fov::can_see`], viewers and lights.
    /// Algorithms whose [`Properties::diagonal_rule`](crate::Properties::diagonal_rule)
    /// is false refuse `Block` with [`FovError::Unsupported`].
    ///
    /// ```
    /// use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, Range};
    ///
    /// // A staircase wall: its tiles touch only at corners.
    /// let map = Grid::parse("...#\n..#.\n.#..\n#...\n")?.grid;
    /// let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    /// assert!(fov.can_see(&map, (0, 0), (3, 3), Range::UNLIMITED)?);
    /// fov.set_diagonal_gaps(DiagonalGaps::Block);
    /// assert!(!fov.can_see(&map, (0, 0), (3, 3), Range::UNLIMITED)?);
    /// assert!(fov.can_see(&map, (0, 0), (2, 1), Range::UNLIMITED)?); // the wall itself
    ///
    /// // Algorithms not yet taught the rule refuse it.
    /// fov.set_algorithm(Algorithm::Restrictive);
    /// assert!(fov.can_see(&map, (0, 0), (1, 1), Range::UNLIMITED).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_diagonal_gaps(&mut self, gaps: DiagonalGaps) {
        self.gaps = gaps;
    }

    /// Whether sight passes between two walls that touch at a corner.
    pub fn diagonal_gaps(&self) -> DiagonalGaps {
        self.gaps
    }

    /// The visibility sight starts with through translucent tiles
    /// ([`Fov::compute_translucent`]): 255 (the default) sees through
    /// anything short of an opaque tile, a lower one is put out sooner, as a
    /// dim lantern or a blinded viewer. 0 makes `compute_translucent` fail
    /// with [`FovError::NoVisibility`].
    ///
    /// ```
    /// use sightlines::{Algorithm, Fov, Range};
    /// let fog = |_x: i32, _y: i32| 50u8; // fog everywhere
    /// let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    /// fov.set_visibility(120);
    /// let mut seen = Vec::new();
    /// fov.compute_translucent(&fog, (0, 0), Range::square(5), |x, y, v| seen.push((x, y, v)))?;
    /// // 120 next door, then 70 and 20 through one and two tiles of fog.
    /// assert!(seen.contains(&(1, 0, 120)) && seen.contains(&(3, 0, 20)));
    /// assert!(!seen.iter().any(|t| t.0 == 4));
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    pub fn set_visibility(&mut self, visibility: u8) {
        self.visibility = visibility;
    }

    /// The visibility sight starts with through translucent tiles.
    pub fn visibility(&self) -> u8 {
        self.visibility
    }

    /// Visits every tile visible from `origin` within `range` through the
    /// translucent tiles of `map`, each once, with its visibility (1 to
    /// [`Fov::visibility`]): see [`translucent`](crate::translucent) for the
    /// definition, the same as the algorithm's own where levels are 0 and
    /// 255. Opaque tiles (level 255) are reported when lit, as
    /// [`Fov::set_lit_walls`] says.
    ///
    /// ```
    /// use sightlines::{Algorithm, Fov, LevelGrid, Range};
    ///
    /// // Foliage ('"', 48) beside a wall: sight through it is dimmer.
    /// let map = LevelGrid::parse_with("@\"\".\n..#.\n", |c| match c {
    ///     '"' => 48,
    ///     '#' => 255,
    ///     _ => 0,
    /// })?.levels;
    /// let mut fov = Fov::new(Algorithm::SymmetricShadowcast);
    /// let mut seen = std::collections::HashMap::new();
    /// fov.compute_translucent(&map, (0, 0), Range::UNLIMITED, |x, y, v| {
    ///     seen.insert((x, y), v);
    /// })?;
    /// assert_eq!(seen[&(1, 0)], 255); // the foliage itself is seen at full
    /// assert_eq!(seen[&(3, 0)], 255 - 48 - 48); // through both
    /// assert_eq!(seen[&(2, 1)], 255); // the wall, lit
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute`]; [`FovError::Unsupported`] for an algorithm
    /// that is not [`Algorithm::supports_translucency`];
    /// [`FovError::NoVisibility`] when [`Fov::visibility`] is 0.
    pub fn compute_translucent<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        visit: V,
    ) -> Result<(), FovError>
    where
        M: Translucency + ?Sized,
        V: FnMut(i32, i32, u8),
    {
        let field = self.translucent_field(map, origin, range)?;
        self.scan_translucent(map, &field, visit)
    }

    /// The field of [`Fov::compute_translucent`], once its options pass.
    fn translucent_field<M>(
        &self,
        map: &M,
        origin: (i32, i32),
        range: Range,
    ) -> Result<Field, FovError>
    where
        M: Translucency + ?Sized,
    {
        if !self.algorithm.supports_translucency() {
            return Err(FovError::Unsupported {
                algorithm: self.algorithm.id(),
                option: TRANSLUCENT_TILES,
            });
        }
        if self.visibility == 0 {
            return Err(FovError::NoVisibility);
        }
        let mut field = Field::new(&Walls(map), origin, range)?;
        field.gaps = self.gaps;
        Ok(field)
    }

    /// The scan of [`Fov::compute_translucent`] on its `field`.
    fn scan_translucent<M, V>(
        &mut self,
        map: &M,
        field: &Field,
        mut visit: V,
    ) -> Result<(), FovError>
    where
        M: Translucency + ?Sized,
        V: FnMut(i32, i32, u8),
    {
        let lit_walls = self.lit_walls;
        let mut report = |dx: i64, dy: i64, v: u8| {
            let (x, y) = field.tile(dx, dy);
            if lit_walls || (dx, dy) == (0, 0) || map.level(x, y) != OPAQUE {
                visit(x, y, v);
            }
        };
        let scan = &mut self.translucent;
        match self.algorithm {
            Algorithm::SymmetricShadowcast => {
                scan.run::<MidLines, M, _>(map, field, self.visibility, &mut report)
            }
            Algorithm::Raycast => {
                // Its rays are as many as the field is wide: bounded as the
                // plain cast's marks are.
                checked_area(field.rect())?;
                scan.raycast(map, field, self.visibility, &mut report)
            }
            Algorithm::PrecisePermissive => {
                self.precise_permissive
                    .run_translucent(map, field, self.visibility, &mut report)
            }
            // `recursive-shadowcast`: by views, unless the diagonal rule or
            // a box too large for a byte a tile asks for the general scan.
            _ if !field.gaps.blocks()
                && field.rect().area() <= RecursiveShadowcast::MAX_TRANSLUCENT_BOX =>
            {
                self.recursive_shadowcast
                    .run_translucent(map, field, self.visibility, &mut report)
            }
            _ => scan.run::<Squares, M, _>(map, field, self.visibility, &mut report),
        }
        Ok(())
    }

    /// [`Fov::compute_translucent`] into `set`, with every tile seen below
    /// [`Fov::visibility`] pushed onto the cleared `dimmed`: what a
    /// [`Viewer`](crate::Viewer) keeps.
    pub(crate) fn compute_translucent_into<M>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        set: &mut VisibleSet,
        dimmed: &mut Vec<(i32, i32, u8)>,
    ) -> Result<(), FovError>
    where
        M: Translucency + ?Sized,
    {
        let field = self.translucent_field(map, origin, range)?;
        set.reset(checked_area(field.rect())?);
        dimmed.clear();
        let full = self.visibility;
        self.scan_translucent(map, &field, |x, y, v| {
            set.insert(x, y);
            if v < full {
                dimmed.push((x, y, v));
            }
        })
    }

    /// Visits every tile visible from `origin` within `range`, each once,
    /// with how much of it is in view: the fraction of its angular extent,
    /// as seen from the origin's centre, that no opaque tile shadows, in
    /// 255ths. 255 exactly when the whole tile is in view; otherwise the
    /// angle in view over the tile's whole angle, rounded to the nearest
    /// 255th, halves up (computed in `f64` from the exact slopes of the
    /// shadows' edges, so a value within 1e-9 of a half counts as one) and
    /// kept from 1 to 254, so a visible tile is never 0, even one seen by
    /// a single ray past a corner. The origin is 255. Soft edges for
    /// lighting, or "you half see something".
    ///
    /// For the three shadowcasts
    /// ([`Algorithm::supports_partial_visibility`]), each by its own
    /// definition; the tiles are those of its field:
    ///
    /// - `recursive-shadowcast`: a tile's extent is the rays from the
    ///   origin's centre that meet its square, shadowed where they cross an
    ///   opaque tile nearer (in Chebyshev distance);
    /// - `symmetric-shadowcast`: a tile's extent is the rays that cross its
    ///   mid-lines (the unit segments through its centre, across the rows
    ///   and the columns of the scan: for a tile off the diagonals, the one
    ///   across its octant's rows), shadowed where they cross the mid-line
    ///   of an opaque tile nearer. A floor tile is in view when the ray to
    ///   its centre is, so one in the field may have only a sliver of its
    ///   extent in view, and one with most of it in view may be out of the
    ///   field;
    /// - `diamond-shadowcast`: the same, as its diamond walls shadow the
    ///   same angles as their mid-lines; the single rays its pin-hole and
    ///   corner rules shut have no angle, and a tile of its field with no
    ///   angle in view is 1.
    ///
    /// With the diagonal rule ([`DiagonalGaps::Block`],
    /// `recursive-shadowcast` and `symmetric-shadowcast`), the tiles are
    /// those of the field with the rule. The rule shuts single rays, which
    /// have no angle, so each tile's part is the same as without it, and a
    /// tile seen only along such rays leaves the field.
    ///
    /// ```
    /// use sightlines::{Algorithm, Fov, Range};
    ///
    /// // A pillar next door: the tile behind it is half in its shadow.
    /// let map = |x: i32, y: i32| (x, y) == (1, 0);
    /// let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    /// let mut seen = std::collections::HashMap::new();
    /// fov.compute_partial(&map, (0, 0), Range::square(3), |x, y, part| {
    ///     seen.insert((x, y), part);
    /// })?;
    /// assert_eq!(seen[&(0, 0)], 255);
    /// assert_eq!(seen[&(1, 1)], 255); // beside the pillar, all in view
    /// assert!(!seen.contains_key(&(2, 0))); // straight behind it
    /// assert!((1..255).contains(&seen[&(2, 1)])); // partly behind it
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute`]; [`FovError::Unsupported`] for another
    /// algorithm, and for `diamond-shadowcast` with the diagonal rule.
    pub fn compute_partial<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        mut visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32, u8),
    {
        if !self.algorithm.supports_partial_visibility() {
            return Err(FovError::Unsupported {
                algorithm: self.algorithm.id(),
                option: PARTIAL_VISIBILITY,
            });
        }
        // The scan measures angles without the diagonal rule: the single
        // rays the rule shuts have none.
        let ruled = self.field(map, origin, range)?;
        let field = Field {
            gaps: DiagonalGaps::Pass,
            ..ruled
        };
        let lit_walls = self.lit_walls;
        let mut report = |dx: i64, dy: i64, part: u8| {
            let (x, y) = field.tile(dx, dy);
            if lit_walls || (dx, dy) == (0, 0) || !map.is_opaque(x, y) {
                visit(x, y, part);
            }
        };
        // `diamond-shadowcast`'s pin-hole and corner rules, and the diagonal
        // rule, shut single rays: the tiles are then those of the plain
        // field, each with the part the scan measures, or 1 when no angle
        // of it is in view.
        let own_tiles = self.algorithm != Algorithm::DiamondShadowcast && !ruled.gaps.blocks();
        if own_tiles {
            return self.scan_partial(map, &field, &mut report);
        }
        let mut tiles = std::mem::take(&mut self.partial_field);
        tiles.reset(&ruled)?;
        let run = self.dispatch(map, &ruled, &mut tiles).and_then(|()| {
            self.scan_partial(map, &field, &mut |dx, dy, part| {
                if tiles.contains(dx, dy) {
                    tiles.remove(dx, dy);
                    report(dx, dy, part);
                }
            })
        });
        if run.is_ok() {
            tiles.for_each_run(|dy, dx0, dx1| {
                for dx in dx0..=dx1 {
                    report(dx, dy, 1);
                }
            });
        }
        self.partial_field = tiles;
        run
    }

    /// The partial scan of the algorithm on `field`: the tiles some ray of
    /// their extent reaches, each with its part in view, by offset.
    fn scan_partial<M, V>(&mut self, map: &M, field: &Field, visit: &mut V) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        let scan = &mut self.translucent;
        let map = &Binary(map);
        match self.algorithm {
            Algorithm::SymmetricShadowcast => scan.run_partial::<MidLines, _, _>(map, field, visit),
            Algorithm::DiamondShadowcast => scan.run_partial::<Diamonds, _, _>(map, field, visit),
            _ => scan.run_partial::<Squares, _, _>(map, field, visit),
        }
        Ok(())
    }

    /// The field of a view from `origin`, with this `Fov`'s options.
    pub(crate) fn field<M: Opacity + ?Sized>(
        &self,
        map: &M,
        origin: (i32, i32),
        range: Range,
    ) -> Result<Field, FovError> {
        if self.gaps.blocks() && !self.algorithm.supports_diagonal_rule() {
            return Err(FovError::Unsupported {
                algorithm: self.algorithm.id(),
                option: DIAGONAL_RULE,
            });
        }
        let mut field = Field::new(map, origin, range)?;
        field.gaps = self.gaps;
        Ok(field)
    }

    /// Visits every tile visible from `origin` within `range`, each once.
    ///
    /// `visit` is called through `dyn FnMut`, so each algorithm is compiled
    /// once per map type, not once per closure. The fastest ways in are
    /// [`Fov::compute_into`] (rows of tiles into a set) and an algorithm's own
    /// type, whose [`FieldOfView::compute`] inlines `visit`.
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
        let field = self.field(map, origin, range)?;
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
        self.dispatch(map, &field, &mut Visit::new(visit, origin))
    }

    /// Runs the algorithm on `field`, every visible tile to `sink` (walls
    /// lit, whatever the setting).
    pub(crate) fn dispatch<M, S>(
        &mut self,
        map: &M,
        field: &Field,
        sink: &mut S,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        match self.algorithm {
            Algorithm::PrecisePermissive => {
                self.precise_permissive.set_level(MAX_LEVEL);
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

    /// Whether the tile at offset `to` (on `field`, in its range, not the
    /// origin) is visible, walls lit, by the algorithm's own line-of-sight
    /// scan: the least of its field that decides the tile. `None` when
    /// `restrictive`'s or `diamond-raycast`'s first facts do not tell, and
    /// `can_see` computes a smaller field.
    ///
    /// # Errors
    ///
    /// As the field: [`FovError::AreaTooLarge`] from the ray casts, whose
    /// field marks a bit per tile of its box.
    pub(crate) fn sees<M>(
        &mut self,
        map: &M,
        field: &Field,
        to: (i64, i64),
    ) -> Result<Option<bool>, FovError>
    where
        M: Opacity + ?Sized,
    {
        Ok(match self.algorithm {
            Algorithm::RecursiveShadowcast => Some(with_tiles!(map, field.origin, |tiles| {
                self.recursive_shadowcast.sees(tiles, field, to)
            })),
            Algorithm::DiamondShadowcast => Some(with_tiles!(map, field.origin, |tiles| {
                self.diamond_shadowcast.sees(tiles, field, to)
            })),
            Algorithm::SymmetricShadowcast => Some(with_tiles!(map, field.origin, |tiles| {
                self.symmetric_shadowcast.sees(tiles, field, to)
            })),
            Algorithm::Beveled => Some(self.beveled.sees(map, field, to)),
            Algorithm::Restrictive => with_tiles!(map, field.origin, |tiles| {
                crate::algorithms::restrictive::sees(tiles, field, to)
            }),
            Algorithm::DiamondRaycast => with_tiles!(map, field.origin, |tiles| {
                crate::algorithms::diamond_raycast::sees(tiles, field, to)
            }),
            Algorithm::BasicRaycast => Some(self.basic_raycast.sees(map, field, to)?),
            Algorithm::Raycast => Some(self.raycast.sees(map, field, to)?),
            Algorithm::PrecisePermissive => {
                self.precise_permissive.set_level(MAX_LEVEL);
                Some(self.precise_permissive.sees(map, field, to))
            }
            Algorithm::Permissive(level) => {
                self.precise_permissive.set_level(level.get());
                Some(self.precise_permissive.sees(map, field, to))
            }
        })
    }

    /// Whether the algorithm's field over `field` holds offset `to` (opaque
    /// when `wall`), for `can_see` when [`Fov::sees`] cannot tell, on the
    /// smaller field that decides it (see the module docs of
    /// `game/sight.rs`): `restrictive` and `diamond-raycast` scan only what
    /// the tile depends on (`Restrictive::sees_in_field`,
    /// `DiamondRaycast::sees_in_field`); any other computes `field` and
    /// looks the tile up.
    pub(crate) fn sees_in_field<M>(
        &mut self,
        map: &M,
        field: &Field,
        to: (i64, i64),
        wall: bool,
    ) -> Result<bool, FovError>
    where
        M: Opacity + ?Sized,
    {
        match self.algorithm {
            Algorithm::Restrictive => self.restrictive.sees_in_field(map, field, to, wall),
            Algorithm::DiamondRaycast => self.diamond_raycast.sees_in_field(map, field, to, wall),
            _ => {
                let mut target = Target::new(to);
                self.dispatch(map, field, &mut target)?;
                Ok(target.seen)
            }
        }
    }

    /// Fills `set` with the tiles visible from `origin` within `range`,
    /// resizing it to the range's bounding box clipped to the map.
    ///
    /// # Errors
    ///
    /// As [`FieldOfView::compute`], and
    /// [`FovError::AreaTooLarge`] for any algorithm when that box is too large.
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
        let field = self.field(map, origin, range)?;
        let area = checked_area(field.rect())?;
        if self.lit_walls {
            self.dispatch(map, &field, &mut set.fill(&field))
        } else {
            set.reset(area);
            self.compute(map, origin, range, |x, y| {
                set.insert(x, y);
            })
        }
    }
}

/// A [`Fov`] is a [`FieldOfView`] with its algorithm and options, so that
/// code generic over algorithms takes it too.
impl FieldOfView for Fov {
    fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        Fov::compute(self, map, origin, range, visit)
    }
}

/// The tiles visible from `origin`, in a new [`VisibleSet`]: the shortest way
/// to one field of view. A game loop should keep a [`Fov`] and a set instead.
///
/// ```
/// use sightlines::{visible_tiles, Algorithm, Grid, Range};
/// let map = Grid::parse("..d\n.#.\ns..\n")?.grid;
/// let seen = visible_tiles(Algorithm::PrecisePermissive, &map, (0, 2), Range::UNLIMITED)?;
/// assert!(!seen.contains(2, 0)); // the pillar hides D
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
