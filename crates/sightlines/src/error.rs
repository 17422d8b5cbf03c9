//! The errors a field of view can report instead of panicking.

use crate::map::Rect;
use std::fmt;

/// Why a field of view could not be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FovError {
    /// The origin lies outside the bounded map; no tile of it can be seen.
    OriginOffMap {
        /// The origin asked for.
        origin: (i32, i32),
        /// The map's bounds.
        bounds: Rect,
    },
    /// The origin lies outside the bounded hex map.
    OriginOffHexMap {
        /// The origin asked for, axial `(q, r)`.
        origin: (i32, i32),
        /// The map's rectangle of offsets `(col, row)`.
        offsets: Rect,
        /// Its offset layout's id (`odd-r`, `even-r`, `odd-q`, `even-q`).
        layout: &'static str,
    },
    /// The map has no bounds and the range no radius: the field of view
    /// would never end.
    NeedsRadius,
    /// A [`VisibleSet`](crate::VisibleSet) or a ray cast's marks for this
    /// range would exceed [`MAX_SET_AREA`](crate::MAX_SET_AREA) tiles.
    AreaTooLarge {
        /// The range's bounding box, clipped to the map.
        area: Rect,
    },
    /// The algorithm does not keep an option the [`Fov`](crate::Fov) asks
    /// for: [`DiagonalGaps::Block`](crate::DiagonalGaps::Block) on an
    /// algorithm whose [`Properties::diagonal_rule`](crate::Properties::diagonal_rule)
    /// is false, or translucent tiles on one that is not
    /// [`Algorithm::supports_translucency`](crate::Algorithm::supports_translucency)
    /// (or with the diagonal rule).
    Unsupported {
        /// The algorithm's id.
        algorithm: &'static str,
        /// The option, as the command line spells it.
        option: &'static str,
    },
    /// The viewer's starting visibility through translucent tiles is 0: it
    /// would see nothing, not even its own tile.
    NoVisibility,
}

/// [`FovError::Unsupported`]'s option for the diagonal rule.
pub(crate) const DIAGONAL_RULE: &str = "the diagonal rule (DiagonalGaps::Block)";
/// [`FovError::Unsupported`]'s option for translucent tiles.
pub(crate) const TRANSLUCENT_TILES: &str = "translucent tiles";
/// [`FovError::Unsupported`]'s option for partial visibility.
pub(crate) const PARTIAL_VISIBILITY: &str = "partial visibility";

impl fmt::Display for FovError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FovError::OriginOffMap { origin: (x, y), bounds: b } => {
                let (x0, y0, x1, y1) = (b.x, b.y, b.max_x(), b.max_y());
                write!(
                    f,
                    "origin ({x}, {y}) is off the map, whose tiles run from ({x0}, {y0}) to ({x1}, {y1}); put the viewer on a tile of the map"
                )
            }
            FovError::OriginOffHexMap { origin: (q, r), offsets: b, layout } => {
                let (c0, w0, c1, w1) = (b.x, b.y, b.max_x(), b.max_y());
                write!(
                    f,
                    "origin ({q}, {r}) is off the hex map, whose {layout} offsets run from ({c0}, {w0}) to ({c1}, {w1}); put the viewer on a hex of the map (axial coordinates convert with Layout::from_axial)"
                )
            }
            FovError::NeedsRadius => f.write_str(
                "the map has no bounds, so the range needs a radius; use a range such as Range::circle(8), or bound the map with sightlines::bounded",
            ),
            FovError::AreaTooLarge { area } => write!(
                f,
                "a visible set of {} x {} tiles is too large to allocate; use a smaller radius, or a visitor instead of a set",
                area.width, area.height
            ),
            FovError::Unsupported { algorithm, option } => {
                let fix = match *option {
                    TRANSLUCENT_TILES => "pick an algorithm that sees through them (precise-permissive, recursive-shadowcast, symmetric-shadowcast, raycast), or give the map only levels 0 and 255 and compute a plain field",
                    PARTIAL_VISIBILITY => "use recursive-shadowcast, symmetric-shadowcast or diamond-shadowcast, or compute a plain field",
                    _ => "pick an algorithm whose catalogue entry has the rule (precise-permissive, symmetric-shadowcast, recursive-shadowcast, raycast, basic-raycast), or leave the option off",
                };
                write!(f, "{algorithm} does not support {option} yet; {fix}")
            }
            FovError::NoVisibility => f.write_str(
                "the starting visibility is 0, so the viewer would see nothing; give a visibility from 1 to 255 (255, the default, sees through everything but opaque tiles)",
            ),
        }
    }
}

impl std::error::Error for FovError {}
