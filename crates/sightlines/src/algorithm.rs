//! The algorithms by id: [`Algorithm`].

use std::fmt;
use std::str::FromStr;

/// The algorithms, by the ids the CLI, the docs and the benchmarks share;
/// what each promises is [`Algorithm::properties`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Algorithm {
    /// `precise-permissive`: [`PrecisePermissive`](crate::PrecisePermissive), the most permissive.
    #[default]
    PrecisePermissive,
    /// `diamond-shadowcast`: [`DiamondShadowcast`](crate::DiamondShadowcast), RuggRogue's.
    DiamondShadowcast,
    /// `symmetric-shadowcast`: [`SymmetricShadowcast`](crate::SymmetricShadowcast), Albert Ford's.
    SymmetricShadowcast,
    /// `recursive-shadowcast`: [`RecursiveShadowcast`](crate::RecursiveShadowcast),
    /// libtcod's `FOV_SHADOW`.
    RecursiveShadowcast,
    /// `raycast`: [`Raycast`](crate::Raycast), 360-degree ray casting.
    Raycast,
    /// `basic-raycast`: [`BasicRaycast`](crate::BasicRaycast), libtcod's `FOV_BASIC`.
    BasicRaycast,
    /// `diamond-raycast`: [`DiamondRaycast`](crate::DiamondRaycast), libtcod's `FOV_DIAMOND`.
    DiamondRaycast,
    /// `restrictive`: [`Restrictive`](crate::Restrictive), MRPAS, libtcod's `FOV_RESTRICTIVE`.
    Restrictive,
    /// `beveled`: [`Beveled`](crate::Beveled), Adam Milazzo's.
    Beveled,
    /// `permissive-0` to `permissive-7`: libtcod's lower permissiveness
    /// levels, seeing from a square of side `N/8` centered in the origin
    /// tile. Level 8 is [`Algorithm::PrecisePermissive`].
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
        let known: Vec<&str> = Algorithm::ALL.iter().map(|a| a.id()).collect();
        let known = known.join(", ");
        write!(
            f,
            "unknown algorithm '{}'; known algorithms: {known}",
            self.0
        )
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
