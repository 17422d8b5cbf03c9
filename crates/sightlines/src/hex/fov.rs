//! [`HexAlgorithm`] and [`HexFov`], the run-time choice of a hex algorithm.

use super::coord::offset_distance;
use super::field::{locate, HexField};
use super::map::HexOpacity;
use super::precise_permissive::HexPrecisePermissive;
use super::raycast::HexRaycast;
use super::shadowcast::{HexShadowcast, Report, Rule, Scope};
use crate::error::FovError;
use crate::kernel::sink::{Sink, Target, Visit};
use crate::visible::VisibleSet;
use crate::visible::MAX_SET_AREA;
use std::fmt;
use std::str::FromStr;

/// The hex algorithms, by id. Each module's docs give its definition; the
/// table sums them up.
///
/// | id | sees | symmetric | between two walls sharing an edge that points at the viewer |
/// | --- | --- | --- | --- |
/// | `hex-shadowcast` | a hex when a ray from the origin's centre through its interior is not shadowed by a nearer ring | no | shut |
/// | `hex-symmetric-shadowcast` | a floor hex when the segment between the two centres is clear; walls as `hex-shadowcast` | floor to floor | shut |
/// | `hex-precise-permissive` | a hex when some segment from an interior point of the origin to an interior point of it meets no opaque interior | yes, walls too | open: a segment along the seam touches no interior |
/// | `hex-raycast` | the hexes of lines to the last ring, up to the first wall | no | open or shut, as the line's tie rule falls |
///
/// ```
/// use sightlines::hex::HexAlgorithm;
/// assert_eq!("hex-shadowcast".parse(), Ok(HexAlgorithm::Shadowcast));
/// assert_eq!(HexAlgorithm::SymmetricShadowcast.id(), "hex-symmetric-shadowcast");
/// assert!(HexAlgorithm::SymmetricShadowcast.symmetric());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HexAlgorithm {
    /// Hex shadowcasting ([`crate::hex`] has the definition).
    #[default]
    Shadowcast,
    /// Hex shadowcasting whose floor hexes see each other symmetrically.
    SymmetricShadowcast,
    /// Lines to the last ring, as `hexx`'s `range_fov`.
    Raycast,
    /// Any segment between the two hexes' interiors that no opaque interior
    /// meets: the most permissive, and symmetric.
    PrecisePermissive,
}

impl HexAlgorithm {
    /// Every hex algorithm.
    pub const ALL: [HexAlgorithm; 4] = [
        HexAlgorithm::Shadowcast,
        HexAlgorithm::SymmetricShadowcast,
        HexAlgorithm::Raycast,
        HexAlgorithm::PrecisePermissive,
    ];

    /// The id, as the CLI and the docs spell it.
    pub const fn id(self) -> &'static str {
        match self {
            HexAlgorithm::Shadowcast => "hex-shadowcast",
            HexAlgorithm::SymmetricShadowcast => "hex-symmetric-shadowcast",
            HexAlgorithm::Raycast => "hex-raycast",
            HexAlgorithm::PrecisePermissive => "hex-precise-permissive",
        }
    }

    /// Whether B is seen from A exactly when A is seen from B, for
    /// transparent A and B.
    pub const fn symmetric(self) -> bool {
        matches!(
            self,
            HexAlgorithm::SymmetricShadowcast | HexAlgorithm::PrecisePermissive
        )
    }
}

impl HexAlgorithm {
    /// The shadowcast scan's sight rule, for the two shadowcasts.
    fn shadowcast_rule(self) -> Option<Rule> {
        match self {
            HexAlgorithm::Shadowcast => Some(Rule::Extent),
            HexAlgorithm::SymmetricShadowcast => Some(Rule::FloorCentres),
            HexAlgorithm::Raycast | HexAlgorithm::PrecisePermissive => None,
        }
    }
}

impl fmt::Display for HexAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A hex algorithm id that is not one of [`HexAlgorithm::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHexAlgorithm(pub String);

impl fmt::Display for UnknownHexAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = HexAlgorithm::ALL.iter().map(|a| a.id()).collect();
        write!(
            f,
            "unknown hex algorithm '{}'; the hex algorithms are {}",
            self.0,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownHexAlgorithm {}

impl FromStr for HexAlgorithm {
    type Err = UnknownHexAlgorithm;

    fn from_str(s: &str) -> Result<HexAlgorithm, UnknownHexAlgorithm> {
        HexAlgorithm::ALL
            .into_iter()
            .find(|a| a.id() == s)
            .ok_or_else(|| UnknownHexAlgorithm(s.to_owned()))
    }
}

/// A hex field of view: an algorithm, its options and its scratch, kept
/// between calls so that a game loop allocates nothing once warm.
///
/// ```
/// use sightlines::hex::{HexAlgorithm, HexFov, HexGrid};
///
/// let parsed = HexGrid::parse("hex odd-r\n. . . . .\n . @ # . .\n. . . . .\n")?;
/// let origin = parsed.viewer.unwrap();
/// let mut fov = HexFov::new(HexAlgorithm::SymmetricShadowcast);
/// let mut seen = Vec::new();
/// fov.compute(&parsed.grid, origin, None, |q, r| seen.push((q, r)))?;
/// assert_eq!(origin, (1, 1));
/// assert!(seen.contains(&(2, 1))); // the wall east of the viewer is lit
/// assert!(!seen.contains(&(3, 1))); // the hex behind it is not
/// assert!(fov.can_see(&parsed.grid, origin, (-1, 2), None)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct HexFov {
    algorithm: HexAlgorithm,
    lit_walls: bool,
    shadowcast: HexShadowcast,
    raycast: HexRaycast,
    precise_permissive: HexPrecisePermissive,
}

impl Default for HexFov {
    fn default() -> HexFov {
        HexFov::new(HexAlgorithm::default())
    }
}

impl HexFov {
    /// A field of view with `algorithm`, walls lit.
    pub fn new(algorithm: HexAlgorithm) -> HexFov {
        HexFov {
            algorithm,
            lit_walls: true,
            shadowcast: HexShadowcast::default(),
            raycast: HexRaycast::default(),
            precise_permissive: HexPrecisePermissive::default(),
        }
    }

    /// The algorithm.
    pub fn algorithm(&self) -> HexAlgorithm {
        self.algorithm
    }

    /// Picks another algorithm, keeping the options.
    pub fn set_algorithm(&mut self, algorithm: HexAlgorithm) {
        self.algorithm = algorithm;
    }

    /// Whether opaque hexes that sight reaches are reported (the default).
    pub fn lit_walls(&self) -> bool {
        self.lit_walls
    }

    /// Reports opaque hexes sight reaches, or not (the origin always is).
    pub fn set_lit_walls(&mut self, lit_walls: bool) {
        self.lit_walls = lit_walls;
    }

    /// Calls `visit(q, r)` once for each hex seen from `origin` within
    /// `radius` rings (`None`: the whole bounded map), the origin first.
    ///
    /// Errors: the origin off a bounded map, or no radius on an unbounded
    /// one; for `hex-raycast` and `hex-precise-permissive`, a range whose
    /// box of marks would pass
    /// [`MAX_SET_AREA`].
    pub fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        radius: Option<u32>,
        visit: V,
    ) -> Result<(), FovError>
    where
        M: HexOpacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let field = HexField::new(map, origin, radius)?;
        self.scan(&field, &mut Visit::new(visit, origin))
    }

    /// Scans a checked field, giving `sink` what the options ask for: each
    /// hex seen once, by offset from the origin.
    fn scan<M, S>(&mut self, field: &HexField<'_, M>, sink: &mut S) -> Result<(), FovError>
    where
        M: HexOpacity + ?Sized,
        S: Sink,
    {
        let lit_walls = self.lit_walls;
        let Some(rule) = self.algorithm.shadowcast_rule() else {
            let (oq, or) = (i64::from(field.origin.0), i64::from(field.origin.1));
            let mut report = |q: i32, r: i32, opaque: bool| {
                let (dq, dr) = (i64::from(q) - oq, i64::from(r) - or);
                if lit_walls || !opaque || (dq, dr) == (0, 0) {
                    sink.tile(dq, dr);
                }
            };
            return match self.algorithm {
                HexAlgorithm::Raycast => self.raycast.scan(field, &mut report),
                _ => self.precise_permissive.scan(field, &mut report),
            };
        };
        let report = Report {
            rule,
            lit_walls,
            sink,
        };
        self.shadowcast.scan(field, Scope::Field, report);
        Ok(())
    }

    /// Fills `seen` with the hexes seen, as [`compute`](HexFov::compute);
    /// the set covers the range's axial box.
    pub fn compute_into<M>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        radius: Option<u32>,
        seen: &mut VisibleSet,
    ) -> Result<(), FovError>
    where
        M: HexOpacity + ?Sized,
    {
        let field = HexField::new(map, origin, radius)?;
        let area = field.area();
        if area.area() > MAX_SET_AREA {
            return Err(FovError::AreaTooLarge { area });
        }
        if let Some(rule) = self.algorithm.shadowcast_rule() {
            if self
                .shadowcast
                .scan_into(&field, rule, self.lit_walls, seen)
            {
                return Ok(());
            }
        }
        let (left, up) = (
            i64::from(origin.0) - i64::from(area.x),
            i64::from(origin.1) - i64::from(area.y),
        );
        self.scan(&field, &mut seen.fill_at(area, left, up))
    }

    /// Whether `to` is in the field of view from `from` within `radius`,
    /// exactly as [`compute`](HexFov::compute) would say, at a fraction of
    /// its cost for the shadowcasts (only the target's directions are
    /// scanned) and for precise permissive (one pair test).
    pub fn can_see<M>(
        &mut self,
        map: &M,
        from: (i32, i32),
        to: (i32, i32),
        radius: Option<u32>,
    ) -> Result<bool, FovError>
    where
        M: HexOpacity + ?Sized,
    {
        let field = HexField::new(map, from, radius)?;
        if from == to {
            return Ok(true);
        }
        let (dq, dr) = (
            i64::from(to.0) - i64::from(from.0),
            i64::from(to.1) - i64::from(from.1),
        );
        if offset_distance(dq, dr) > field.rings || field.hex(dq, dr).is_none() {
            return Ok(false);
        }
        let mut target = Target::new((dq, dr));
        let (s, d, i) = locate(dq, dr);
        match (self.algorithm, self.algorithm.shadowcast_rule()) {
            (_, Some(rule)) => {
                let report = Report {
                    rule,
                    lit_walls: self.lit_walls,
                    sink: &mut target,
                };
                self.shadowcast.scan(&field, Scope::Target(s, d, i), report)
            }
            (HexAlgorithm::Raycast, _) => self.scan(&field, &mut target)?,
            // One pair test: the relation needs nothing else.
            _ => {
                let opaque = field.opaque(dq, dr);
                if self.precise_permissive.pair(&field, (dq, dr)) {
                    target.seen = self.lit_walls || !opaque;
                }
            }
        }
        Ok(target.seen)
    }
}
