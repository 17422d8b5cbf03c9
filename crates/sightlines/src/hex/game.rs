//! The game layer on hexes: viewers recomputed only when dirty, targets
//! nearest first, blasts and fog of war.
//!
//! Most of it is the square layer's own types: a hex field fills a
//! [`VisibleSet`] over axial `(q, r)`, so [`Memory`](crate::Memory) (fog of
//! war, over [`HexGrid::axial_rect`](super::HexGrid::axial_rect)),
//! [`VisibleSet::changes_since`] and the sets' iterators work unchanged.
//! What depends on hex distance has a hex twin here: [`HexViewer`] with
//! [`hex_changed`] and [`update_hex_viewers`], and [`targets_into`] with
//! [`nearest_first`]. A blast is the epicentre's field with its walls
//! unlit ([`HexFov::set_lit_walls`]), so walls stop it as they stop sight:
//!
//! ```
//! use sightlines::hex::{HexAlgorithm, HexFov, HexGrid};
//! use sightlines::{Knowledge, Memory, VisibleSet};
//!
//! let map = HexGrid::parse("hex odd-r\n. . . # . .\n . . . # . .\n. . . # . .\n")?;
//! let mut fireball = HexFov::new(HexAlgorithm::SymmetricShadowcast);
//! fireball.set_lit_walls(false);
//! let mut area = VisibleSet::new();
//! fireball.compute_into(&map.grid, (1, 1), Some(2), &mut area)?;
//! assert!(area.contains(2, 1) && !area.contains(3, 1)); // the wall is spared
//! assert!(!area.contains(4, 1)); // and shelters what is behind it
//!
//! // Fog of war: a memory over the map's axial box.
//! let mut memory = Memory::new(map.grid.axial_rect())?;
//! memory.remember(&area);
//! assert_eq!(memory.knowledge(&area, 2, 1), Knowledge::Visible);
//! assert_eq!(memory.knowledge(&VisibleSet::new(), 2, 1), Knowledge::Remembered);
//! assert_eq!(memory.knowledge(&area, 5, 0), Knowledge::Unknown);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::coord::distance;
use super::fov::{HexAlgorithm, HexFov};
use super::map::HexOpacity;
use crate::error::FovError;
use crate::map::Rect;
use crate::visible::VisibleSet;
use std::cmp::Ordering;

/// A creature's hex field of view, recomputed only when it moved, changed
/// its settings, or the map changed within its range ([`hex_changed`]).
/// The hex twin of [`Viewer`](crate::Viewer).
///
/// ```
/// use sightlines::hex::{hex_changed, HexAlgorithm, HexFov, HexGrid, HexViewer};
///
/// let mut map = HexGrid::parse("hex odd-r\n. . . . . .\n . . . . . .\n")?.grid;
/// let mut fov = HexFov::default();
/// let mut orc = HexViewer::new((0, 0), Some(5), HexAlgorithm::Shadowcast);
/// assert!(orc.update(&mut fov, &map)?); // new: computed
/// assert!(!orc.update(&mut fov, &map)?); // nothing changed: kept
/// assert!(orc.sees(4, 0));
/// map.set(2, 0, true);
/// assert_eq!(hex_changed([&mut orc], (2, 0)), 1);
/// assert!(orc.update(&mut fov, &map)?);
/// assert!(orc.sees(2, 0) && !orc.sees(4, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexViewer {
    origin: (i32, i32),
    radius: Option<u32>,
    algorithm: HexAlgorithm,
    lit_walls: bool,
    visible: VisibleSet,
    /// The field before the last recomputation, for [`HexViewer::changes`].
    previous: VisibleSet,
    recomputed: bool,
    dirty: bool,
}

impl HexViewer {
    /// A viewer at axial `origin` seeing `radius` rings (`None`: the whole
    /// bounded map) with `algorithm`, walls lit; dirty until first updated.
    pub fn new(origin: (i32, i32), radius: Option<u32>, algorithm: HexAlgorithm) -> HexViewer {
        HexViewer {
            origin,
            radius,
            algorithm,
            lit_walls: true,
            visible: VisibleSet::new(),
            previous: VisibleSet::new(),
            recomputed: false,
            dirty: true,
        }
    }

    /// Where it stands.
    pub fn origin(&self) -> (i32, i32) {
        self.origin
    }

    /// How many rings it sees.
    pub fn radius(&self) -> Option<u32> {
        self.radius
    }

    /// Its algorithm.
    pub fn algorithm(&self) -> HexAlgorithm {
        self.algorithm
    }

    /// Whether walls it reaches are in its field.
    pub fn lit_walls(&self) -> bool {
        self.lit_walls
    }

    /// Its field of view as of the last update, over axial `(q, r)`.
    pub fn visible(&self) -> &VisibleSet {
        &self.visible
    }

    /// Whether hex `(q, r)` was in its field at the last update.
    pub fn sees(&self, q: i32, r: i32) -> bool {
        self.visible.contains(q, r)
    }

    /// Whether the next update will recompute.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Forces the next update to recompute.
    pub fn mark_dirty(&mut self) {
        self.dirty = true;
    }

    /// Moves it (dirty if it moved).
    pub fn set_origin(&mut self, origin: (i32, i32)) {
        self.dirty |= origin != self.origin;
        self.origin = origin;
    }

    /// Changes its radius (dirty if changed).
    pub fn set_radius(&mut self, radius: Option<u32>) {
        self.dirty |= radius != self.radius;
        self.radius = radius;
    }

    /// Changes its algorithm (dirty if changed).
    pub fn set_algorithm(&mut self, algorithm: HexAlgorithm) {
        self.dirty |= algorithm != self.algorithm;
        self.algorithm = algorithm;
    }

    /// Reports walls or not (dirty if changed).
    pub fn set_lit_walls(&mut self, lit_walls: bool) {
        self.dirty |= lit_walls != self.lit_walls;
        self.lit_walls = lit_walls;
    }

    /// Whether a change to hex `(q, r)` can change its field: the hex is
    /// within its radius (always, with no radius).
    ///
    /// ```
    /// use sightlines::hex::{HexAlgorithm, HexViewer};
    /// let v = HexViewer::new((0, 0), Some(3), HexAlgorithm::Shadowcast);
    /// assert!(v.covers(3, -3) && !v.covers(2, 2));
    /// ```
    pub fn covers(&self, q: i32, r: i32) -> bool {
        self.radius
            .is_none_or(|radius| distance(self.origin, (q, r)) <= u64::from(radius))
    }

    /// If dirty, recomputes the field with `fov`'s scratch (its settings
    /// restored after); returns whether it did. No allocation once the
    /// scratch and the set have grown.
    ///
    /// # Errors
    ///
    /// As [`HexFov::compute_into`]; the viewer then sees nothing and stays
    /// dirty.
    pub fn update<M>(&mut self, fov: &mut HexFov, map: &M) -> Result<bool, FovError>
    where
        M: HexOpacity + ?Sized,
    {
        if !self.dirty {
            self.recomputed = false;
            return Ok(false);
        }
        std::mem::swap(&mut self.visible, &mut self.previous);
        self.recomputed = true;
        let (algorithm, lit_walls) = (fov.algorithm(), fov.lit_walls());
        fov.set_algorithm(self.algorithm);
        fov.set_lit_walls(self.lit_walls);
        let result = fov.compute_into(map, self.origin, self.radius, &mut self.visible);
        fov.set_algorithm(algorithm);
        fov.set_lit_walls(lit_walls);
        result.inspect_err(|_| self.visible.reset(Rect::default()))?;
        self.dirty = false;
        Ok(true)
    }

    /// What the last update changed, as [`Viewer::changes`](crate::Viewer::changes).
    pub fn changes(&self, newly_seen: &mut VisibleSet, newly_hidden: &mut VisibleSet) {
        if self.recomputed {
            self.visible
                .changes_since(&self.previous, newly_seen, newly_hidden);
        } else {
            newly_seen.reset(Rect::default());
            newly_hidden.reset(Rect::default());
        }
    }
}

/// Marks dirty every viewer that [covers](HexViewer::covers) the changed
/// hex; returns how many.
pub fn hex_changed<'a, I>(viewers: I, hex: (i32, i32)) -> usize
where
    I: IntoIterator<Item = &'a mut HexViewer>,
{
    let mut marked = 0;
    for viewer in viewers.into_iter().filter(|v| v.covers(hex.0, hex.1)) {
        viewer.dirty = true;
        marked += 1;
    }
    marked
}

/// Updates every dirty viewer with one shared [`HexFov`]; returns how many
/// were recomputed. Stops at the first error.
///
/// ```
/// use sightlines::hex::{update_hex_viewers, HexAlgorithm, HexFov, HexGrid, HexViewer};
/// let map = HexGrid::parse("hex odd-q\n. . . .\n. # . .\n. . . .\n")?.grid;
/// let mut monsters: Vec<_> = [(0, 0), (3, 0)]
///     .map(|at| HexViewer::new(at, Some(4), HexAlgorithm::SymmetricShadowcast))
///     .into();
/// let mut fov = HexFov::default();
/// assert_eq!(update_hex_viewers(&map, &mut fov, &mut monsters)?, 2);
/// assert_eq!(update_hex_viewers(&map, &mut fov, &mut monsters)?, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn update_hex_viewers<'a, M, I>(
    map: &M,
    fov: &mut HexFov,
    viewers: I,
) -> Result<usize, FovError>
where
    M: HexOpacity + ?Sized,
    I: IntoIterator<Item = &'a mut HexViewer>,
{
    let mut updated = 0;
    for viewer in viewers {
        updated += usize::from(viewer.update(fov, map)?);
    }
    Ok(updated)
}

/// The order "nearest first" from `origin` on hexes: by hex distance, then
/// by `r`, then by `q`. Total, so sorting by it is deterministic.
///
/// ```
/// use sightlines::hex::nearest_first;
/// use std::cmp::Ordering;
/// assert_eq!(nearest_first((0, 0), (2, -1), (0, 3)), Ordering::Less); // 2 < 3
/// assert_eq!(nearest_first((0, 0), (1, 0), (0, -1)), Ordering::Greater); // a tie: r decides
/// ```
pub fn nearest_first(origin: (i32, i32), a: (i32, i32), b: (i32, i32)) -> Ordering {
    distance(origin, a)
        .cmp(&distance(origin, b))
        .then(a.1.cmp(&b.1))
        .then(a.0.cmp(&b.0))
}

/// Fills `out` with the `candidates` that are in `view` and within `radius`
/// rings of `origin`, nearest first, each once: what a ranged weapon may
/// aim at. The hex twin of [`crate::targets_into`].
///
/// ```
/// use sightlines::hex::{targets_into, HexFov, HexGrid};
/// use sightlines::VisibleSet;
///
/// let map = HexGrid::parse("hex odd-r\n. . # . . .\n . . . . . .\n")?.grid;
/// let mut view = VisibleSet::new();
/// HexFov::default().compute_into(&map, (0, 0), None, &mut view)?;
/// let mut targets = Vec::new();
/// targets_into(&view, (0, 0), Some(4), [(5, 0), (3, 0), (1, 1), (0, 1)], &mut targets);
/// // (3, 0) hides behind the wall at (2, 0); (5, 0) is out of reach.
/// assert_eq!(targets, [(0, 1), (1, 1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn targets_into<I>(
    view: &VisibleSet,
    origin: (i32, i32),
    radius: Option<u32>,
    candidates: I,
    out: &mut Vec<(i32, i32)>,
) where
    I: IntoIterator<Item = (i32, i32)>,
{
    out.clear();
    out.extend(candidates.into_iter().filter(|&(q, r)| {
        view.contains(q, r) && radius.is_none_or(|n| distance(origin, (q, r)) <= u64::from(n))
    }));
    out.sort_unstable_by(|&a, &b| nearest_first(origin, a, b));
    out.dedup();
}
