//! [`DiagonalGaps`]: whether sight passes between two walls that touch at a
//! corner.

use std::fmt;
use std::str::FromStr;

/// What sight does at a corner of the grid where two diagonally opposite
/// tiles are both opaque (walls touching at a corner, with two floors
/// touching at the same corner the other way).
///
/// With [`DiagonalGaps::Pass`], the default, each algorithm follows its own
/// definition: most let a line through such a corner (the catalogue's
/// *diagonal gaps* column says which). With [`DiagonalGaps::Block`] the
/// corner point itself is opaque: no sight line, ray or view of any
/// algorithm passes through it. That is the rule players expect when "my
/// diagonal walls leak": a wall drawn as a staircase of tiles is sealed.
///
/// For square walls the corner is the only place where sight slips between
/// the two walls, so the rule closes the gap. For the algorithms whose walls
/// are smaller than their squares (diamonds, bevels), sight still passes
/// beside the corner; the rule removes the lines through the point itself.
/// Sight still reaches the corner itself: an algorithm that sees a tile
/// when sight meets any point of its square (`recursive-shadowcast`) lights
/// the tile whose corner it is, and nothing past it. The algorithms that
/// never see through such a gap (`diamond-raycast`, `permissive-0`) give
/// the same field either way; those not yet taught the rule refuse it
/// ([`Properties::diagonal_rule`](crate::Properties::diagonal_rule)).
///
/// [`Fov::set_diagonal_gaps`](crate::Fov::set_diagonal_gaps) sets it.
///
/// ```
/// use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, Range};
///
/// // Two walls touch at a corner on the viewer's diagonal.
/// let map = Grid::parse("@...\n..#.\n.#..\n....\n")?.grid;
/// let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
/// assert!(fov.can_see(&map, (0, 0), (3, 3), Range::UNLIMITED)?);
/// fov.set_diagonal_gaps(DiagonalGaps::Block);
/// assert!(!fov.can_see(&map, (0, 0), (3, 3), Range::UNLIMITED)?);
/// assert_eq!("block".parse(), Ok(DiagonalGaps::Block));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DiagonalGaps {
    /// Each algorithm's own rule (the default).
    #[default]
    Pass,
    /// A corner between two diagonally opposite walls is opaque.
    Block,
}

impl DiagonalGaps {
    /// Both settings, the default first.
    pub const ALL: [DiagonalGaps; 2] = [DiagonalGaps::Pass, DiagonalGaps::Block];

    /// The setting's name: `pass` or `block`.
    pub fn name(self) -> &'static str {
        match self {
            DiagonalGaps::Pass => "pass",
            DiagonalGaps::Block => "block",
        }
    }

    /// Whether corners between diagonal walls block sight.
    #[inline]
    pub fn blocks(self) -> bool {
        self == DiagonalGaps::Block
    }
}

impl fmt::Display for DiagonalGaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is neither `pass` nor `block`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDiagonalGaps(pub String);

impl fmt::Display for UnknownDiagonalGaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown diagonal-gaps setting '{}'; use 'pass' (each algorithm's own rule) or 'block' (walls touching at a corner block sight)",
            self.0
        )
    }
}

impl std::error::Error for UnknownDiagonalGaps {}

impl FromStr for DiagonalGaps {
    type Err = UnknownDiagonalGaps;

    fn from_str(s: &str) -> Result<DiagonalGaps, UnknownDiagonalGaps> {
        DiagonalGaps::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| UnknownDiagonalGaps(s.to_owned()))
    }
}
