//! The algorithms by id: [`Algorithm`], the names the library, the CLI, the
//! docs and the benchmarks share.

use std::fmt;
use std::str::FromStr;

/// The algorithms, by the ids used in the CLI, the docs and the benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Algorithm {
    /// `precise-permissive`: tile-to-tile, symmetric, the most permissive;
    /// see [`PrecisePermissive`](crate::PrecisePermissive).
    #[default]
    PrecisePermissive,
    /// `diamond-shadowcast`: RuggRogue's shadowcasting, diamond walls,
    /// symmetric for transparent tiles only; see [`DiamondShadowcast`](crate::DiamondShadowcast).
    DiamondShadowcast,
    /// `symmetric-shadowcast`: Albert Ford's symmetric shadowcasting in exact
    /// rationals, symmetric for floor tiles; see [`SymmetricShadowcast`](crate::SymmetricShadowcast).
    SymmetricShadowcast,
    /// `recursive-shadowcast`: classic shadowcasting as in libtcod's
    /// `FOV_SHADOW`, fast and not symmetric; see [`RecursiveShadowcast`](crate::RecursiveShadowcast).
    RecursiveShadowcast,
    /// `raycast`: 360-degree ray casting, point-to-tile, not symmetric;
    /// see [`Raycast`](crate::Raycast).
    Raycast,
    /// `basic-raycast`: libtcod's `FOV_BASIC`, not symmetric; see [`BasicRaycast`](crate::BasicRaycast).
    BasicRaycast,
    /// `diamond-raycast`: libtcod's `FOV_DIAMOND`, not symmetric; see [`DiamondRaycast`](crate::DiamondRaycast).
    DiamondRaycast,
    /// `restrictive`: MRPAS, libtcod's `FOV_RESTRICTIVE`; not symmetric;
    /// see [`Restrictive`](crate::Restrictive).
    Restrictive,
    /// `beveled`: Adam Milazzo's algorithm, beveled wall corners; not
    /// symmetric; see [`Beveled`](crate::Beveled).
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
