//! The catalogue: the trade-offs each [`Algorithm`] makes, as
//! [`Properties`] the test suite checks on maps (`tests/suite/catalogue.rs`),
//! so the table cannot drift from the code.

use crate::algorithm::Algorithm;
use std::fmt;

/// Which pairs of tiles an algorithm sees symmetrically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// B is in the field of view from A exactly when A is in the field of
    /// view from B, for every pair of tiles.
    Full,
    /// As [`Symmetry::Full`], for every pair of transparent tiles; walls are
    /// lit by a rule of their own.
    Floors,
    /// No promise: some maps have a pair where only one sees the other.
    None,
}

/// The shape an opaque tile casts its shadow with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WallShape {
    /// The whole unit square.
    Square,
    /// The diamond joining the midpoints of the square's edges.
    Diamond,
    /// The square with its corners cut where no neighbour wall continues it.
    Beveled,
}

/// Where sight starts and what it must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SightModel {
    /// From any point inside the origin tile to any point inside the target.
    TileToTile,
    /// From a centered square of side `n/8` of the origin tile to any point
    /// inside the target (libtcod's permissiveness levels).
    SquareToTile(u8),
    /// From the origin's center to any part of the target.
    CenterToTile,
    /// From the origin's center to the target's center.
    CenterToCenter,
    /// Along digital lines (Bresenham) from the origin.
    Lines,
}

/// How fast an algorithm is, relative to the others here (see BENCHMARKS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// Among the fastest: at most 2.5 times the fastest's instructions per
    /// field of view (cave map, radius 16).
    Fast,
    /// Within a few times of the fastest: at most 12 times.
    Moderate,
    /// Noticeably slower; pick it for its promises, not its speed.
    Slow,
}

/// The catalogue entry of an algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Properties {
    /// Which pairs of tiles see each other symmetrically.
    pub symmetry: Symmetry,
    /// The shadow an opaque tile casts.
    pub walls: WallShape,
    /// Where sight starts and what it must reach.
    pub sight: SightModel,
    /// Whether sight passes between two walls that touch at a corner.
    pub diagonal_gaps: bool,
    /// Whether the algorithm keeps the diagonal rule,
    /// [`DiagonalGaps::Block`](crate::DiagonalGaps::Block). Those without
    /// diagonal gaps keep it without change; the others are being taught
    /// it, and until then [`Fov`](crate::Fov) refuses it with
    /// [`FovError::Unsupported`](crate::FovError::Unsupported).
    pub diagonal_rule: bool,
    /// Whether a viewer beside a long straight wall sees every tile of it
    /// within range.
    pub expansive_walls: bool,
    /// Whether rotating or mirroring the map rotates or mirrors the field of
    /// view, and nothing else (no favoured direction in tie-breaks).
    pub invariant: bool,
    /// Relative speed: no test checks it (tests are not timed); each
    /// regeneration of BENCHMARKS.md compares it with instruction counts.
    pub speed: Speed,
}

/// Classic shadowcasting's promises ([`Algorithm::RecursiveShadowcast`]'s):
/// each other entry names only where it differs from these or from a kin's.
const SHADOWCAST: Properties = Properties {
    symmetry: Symmetry::None,
    walls: WallShape::Square,
    sight: SightModel::CenterToTile,
    diagonal_gaps: true,
    diagonal_rule: true,
    expansive_walls: true,
    invariant: true,
    speed: Speed::Fast,
};

impl Algorithm {
    /// What this algorithm promises.
    ///
    /// ```
    /// use sightlines::{Algorithm, Symmetry};
    /// let p = Algorithm::PrecisePermissive.properties();
    /// assert_eq!(p.symmetry, Symmetry::Full);
    /// assert!(p.diagonal_gaps);
    /// ```
    pub const fn properties(self) -> Properties {
        match self {
            Algorithm::PrecisePermissive => Properties {
                symmetry: Symmetry::Full,
                sight: SightModel::TileToTile,
                ..SHADOWCAST
            },
            Algorithm::DiamondShadowcast => Properties {
                diagonal_rule: false,
                ..Algorithm::SymmetricShadowcast.properties()
            },
            Algorithm::SymmetricShadowcast => Properties {
                symmetry: Symmetry::Floors,
                walls: WallShape::Diamond,
                sight: SightModel::CenterToCenter,
                ..SHADOWCAST
            },
            Algorithm::RecursiveShadowcast => SHADOWCAST,
            Algorithm::Raycast => Properties {
                // A wall is lit only where a ray ends on it: grazing rays skip some.
                expansive_walls: false,
                ..Algorithm::BasicRaycast.properties()
            },
            Algorithm::BasicRaycast => Properties {
                sight: SightModel::Lines,
                ..SHADOWCAST
            },
            Algorithm::DiamondRaycast => Properties {
                diagonal_gaps: false,
                ..Algorithm::BasicRaycast.properties()
            },
            Algorithm::Restrictive => Properties {
                // A wall blocks the angles of its mid-line across the scan
                // (a diamond's shadow), and a floor is seen by its centre.
                walls: WallShape::Diamond,
                sight: SightModel::CenterToCenter,
                diagonal_rule: false,
                ..SHADOWCAST
            },
            Algorithm::Beveled => Properties {
                walls: WallShape::Beveled,
                diagonal_rule: false,
                ..SHADOWCAST
            },
            Algorithm::Permissive(level) => Properties {
                sight: SightModel::SquareToTile(level.get()),
                // A view narrowed to a single line closes, so only a source
                // square with area passes between two walls touching at a corner.
                diagonal_gaps: level.get() > 0,
                diagonal_rule: level.get() == 0,
                ..SHADOWCAST
            },
        }
    }

    /// Whether [`Properties::diagonal_rule`] holds: a [`Fov`](crate::Fov)
    /// with [`DiagonalGaps::Block`](crate::DiagonalGaps::Block) computes
    /// this algorithm's fields.
    ///
    /// ```
    /// use sightlines::Algorithm;
    /// assert!(Algorithm::RecursiveShadowcast.supports_diagonal_rule());
    /// ```
    pub const fn supports_diagonal_rule(self) -> bool {
        self.properties().diagonal_rule
    }

    /// Whether [`Fov::compute_translucent`](crate::Fov::compute_translucent)
    /// runs this algorithm through translucent tiles (see
    /// [`translucent`](crate::translucent)); the others refuse with
    /// [`FovError::Unsupported`](crate::FovError::Unsupported).
    ///
    /// ```
    /// use sightlines::Algorithm;
    /// assert!(Algorithm::RecursiveShadowcast.supports_translucency());
    /// assert!(!Algorithm::Restrictive.supports_translucency());
    /// ```
    pub const fn supports_translucency(self) -> bool {
        matches!(
            self,
            Algorithm::PrecisePermissive
                | Algorithm::RecursiveShadowcast
                | Algorithm::SymmetricShadowcast
                | Algorithm::Raycast
        )
    }

    /// Whether [`Fov::compute_partial`](crate::Fov::compute_partial) gives
    /// this algorithm's tiles with the part of them in view; the others
    /// refuse with [`FovError::Unsupported`](crate::FovError::Unsupported).
    ///
    /// ```
    /// use sightlines::Algorithm;
    /// assert!(Algorithm::RecursiveShadowcast.supports_partial_visibility());
    /// assert!(Algorithm::SymmetricShadowcast.supports_partial_visibility());
    /// assert!(Algorithm::DiamondShadowcast.supports_partial_visibility());
    /// assert!(!Algorithm::Raycast.supports_partial_visibility());
    /// ```
    pub const fn supports_partial_visibility(self) -> bool {
        matches!(
            self,
            Algorithm::RecursiveShadowcast
                | Algorithm::SymmetricShadowcast
                | Algorithm::DiamondShadowcast
        )
    }

    /// Whether [`Properties::symmetry`] is other than [`Symmetry::None`].
    pub const fn is_symmetric(self) -> bool {
        !matches!(self.properties().symmetry, Symmetry::None)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::Full => "yes",
            Symmetry::Floors => "floors",
            Symmetry::None => "no",
        })
    }
}

impl fmt::Display for WallShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WallShape::Square => "square",
            WallShape::Diamond => "diamond",
            WallShape::Beveled => "beveled",
        })
    }
}

impl fmt::Display for SightModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SightModel::TileToTile => f.write_str("tile to tile"),
            SightModel::SquareToTile(0) | SightModel::CenterToTile => f.write_str("center to tile"),
            SightModel::SquareToTile(n) => write!(f, "{n}/8-tile square to tile"),
            SightModel::CenterToCenter => f.write_str("center to center"),
            SightModel::Lines => f.write_str("digital lines"),
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Speed::Fast => "fast",
            Speed::Moderate => "moderate",
            Speed::Slow => "slow",
        })
    }
}

/// The catalogue as a Markdown table: one row per algorithm, in
/// [`Algorithm::ALL`] order. The CLI's `algorithms` command prints it.
///
/// ```
/// let table = sightlines::catalogue_table();
/// assert!(table.lines().any(|l| l.starts_with("| `precise-permissive` | yes |")));
/// ```
pub fn catalogue_table() -> String {
    let mut s = String::from(
        "| id | symmetric | walls | sight | diagonal gaps | diagonal rule | expansive walls | rotation invariant | speed |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    let yes = |b: bool| if b { "yes" } else { "no" };
    for &a in Algorithm::ALL {
        let (id, p) = (a.id(), a.properties());
        let (symmetry, walls, sight, speed) = (p.symmetry, p.walls, p.sight, p.speed);
        let [gaps, expansive, invariant] =
            [p.diagonal_gaps, p.expansive_walls, p.invariant].map(yes);
        let rule = match (p.diagonal_rule, p.diagonal_gaps) {
            (true, true) => "yes",
            (true, false) => "no change",
            (false, _) => "not yet",
        };
        s += &format!(
            "| `{id}` | {symmetry} | {walls} | {sight} | {gaps} | {rule} | {expansive} | {invariant} | {speed} |\n"
        );
    }
    s
}
