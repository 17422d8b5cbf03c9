//! Viewers: a field of view that belongs to a creature and is recomputed
//! only when something it depends on changed.
//!
//! Most monsters of a roguelike stand still most turns, on a map that rarely
//! changes, so a [`Viewer`] keeps a *dirty flag* (as RuggRogue's
//! `FieldOfView` component does) instead of recomputing every turn. When a
//! tile changes (a door opens, a wall is dug), [`tile_changed`] marks only
//! the viewers that [cover](Viewer::covers) it. [`update_viewers`] brings a
//! batch up to date with one shared [`Fov`]; with the `rayon` feature,
//! `update_viewers_par` does the same on every core.
//!
//! ```
//! use sightlines::{tile_changed, update_viewers, Algorithm, Fov, Grid, Range, Viewer};
//!
//! let mut map = Grid::parse("..........\n....#.....\n..........\n")?.grid;
//! let mut viewers = vec![
//!     Viewer::new((0, 1), Range::circle(3), Algorithm::SymmetricShadowcast),
//!     Viewer::new((9, 1), Range::circle(3), Algorithm::SymmetricShadowcast),
//! ];
//! let mut fov = Fov::default();
//! assert_eq!(update_viewers(&map, &mut fov, &mut viewers)?, 2); // both new
//! assert_eq!(update_viewers(&map, &mut fov, &mut viewers)?, 0); // nothing changed
//!
//! map.set(2, 1, true); // a wall appears within the first viewer's range only
//! assert_eq!(tile_changed(&mut viewers, (2, 1)), 1);
//! assert_eq!(update_viewers(&map, &mut fov, &mut viewers)?, 1);
//! assert!(!viewers[0].sees(3, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::Algorithm;
use crate::error::FovError;
use crate::fov::Fov;
use crate::map::{Opacity, Rect};
use crate::range::Range;
use crate::translucent::Translucency;
use crate::visible::VisibleSet;

/// A creature's field of view, recomputed by [`update`](Viewer::update) only
/// when dirty: when new, when a `set_` method changes a setting, or when its
/// map changes ([`mark_dirty`](Viewer::mark_dirty), [`tile_changed`]).
///
/// ```
/// use sightlines::{Algorithm, Fov, Grid, Range, Viewer};
///
/// let map = Grid::new(20, 20);
/// let mut fov = Fov::default();
/// let mut orc = Viewer::new((5, 5), Range::circle(4), Algorithm::PrecisePermissive);
/// assert!(orc.update(&mut fov, &map)?); // computed
/// assert!(!orc.update(&mut fov, &map)?); // still clean: nothing to do
/// assert!(orc.sees(8, 5) && !orc.sees(10, 5));
/// orc.set_origin((6, 5));
/// assert!(orc.update(&mut fov, &map)?); // moved: dirty
/// assert!(orc.sees(10, 5));
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Viewer {
    origin: (i32, i32),
    range: Range,
    algorithm: Algorithm,
    lit_walls: bool,
    visible: VisibleSet,
    /// The field before the last recomputation, for [`Viewer::changes`].
    previous: VisibleSet,
    /// The tiles seen below `full` at the last translucent update, sorted.
    dimmed: Vec<(i32, i32, u8)>,
    /// The visibility of the other tiles in `visible`.
    full: u8,
    /// Whether the last update recomputed (else nothing changed).
    recomputed: bool,
    dirty: bool,
}

impl Viewer {
    /// A dirty viewer at `origin` seeing within `range` by `algorithm`,
    /// walls lit.
    pub fn new(origin: (i32, i32), range: Range, algorithm: Algorithm) -> Viewer {
        Viewer {
            origin,
            range,
            algorithm,
            lit_walls: true,
            visible: VisibleSet::new(),
            previous: VisibleSet::new(),
            dimmed: Vec::new(),
            full: u8::MAX,
            recomputed: false,
            dirty: true,
        }
    }

    /// Where the viewer stands.
    pub fn origin(&self) -> (i32, i32) {
        self.origin
    }

    /// How far it sees.
    pub fn range(&self) -> Range {
        self.range
    }

    /// How it sees.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Whether the walls it reaches are in its set.
    pub fn lit_walls(&self) -> bool {
        self.lit_walls
    }

    /// The tiles it saw at its last [`update`](Viewer::update), if any.
    pub fn visible(&self) -> &VisibleSet {
        &self.visible
    }

    /// Whether tile `(x, y)` was visible at the last update.
    #[inline]
    pub fn sees(&self, x: i32, y: i32) -> bool {
        self.visible.contains(x, y)
    }

    /// How well tile `(x, y)` was seen at the last update: 0 when not seen,
    /// else its visibility from the last
    /// [`update_translucent`](Viewer::update_translucent), or 255 after a
    /// plain [`update`](Viewer::update). A binary search among the dimmed
    /// tiles.
    ///
    /// ```
    /// use sightlines::{Algorithm, Fov, LevelGrid, Range, Viewer};
    ///
    /// // A hedge ('"', level 100) between the viewer and the far end.
    /// let map = LevelGrid::parse_with("@.\"..\n", |c| if c == '"' { 100 } else { 0 })?.levels;
    /// let mut fov = Fov::default();
    /// let mut scout = Viewer::new((0, 0), Range::UNLIMITED, Algorithm::SymmetricShadowcast);
    /// scout.update_translucent(&mut fov, &map)?;
    /// assert_eq!(scout.visibility(2, 0), 255); // the hedge itself
    /// assert_eq!(scout.visibility(4, 0), 155); // through it
    /// assert_eq!(scout.visibility(9, 9), 0); // off the map: unseen
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visibility(&self, x: i32, y: i32) -> u8 {
        if !self.sees(x, y) {
            return 0;
        }
        match self
            .dimmed
            .binary_search_by(|&(dx, dy, _)| (dx, dy).cmp(&(x, y)))
        {
            Ok(i) => self.dimmed[i].2,
            Err(_) => self.full,
        }
    }

    /// Whether the next [`update`](Viewer::update) will recompute.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Asks the next [`update`](Viewer::update) to recompute.
    pub fn mark_dirty(&mut self) {
        self.dirty = true;
    }

    /// Moves the viewer; marks it dirty if the origin changed.
    pub fn set_origin(&mut self, origin: (i32, i32)) {
        self.dirty |= std::mem::replace(&mut self.origin, origin) != origin;
    }

    /// Changes how far it sees; marks it dirty if the range changed.
    pub fn set_range(&mut self, range: Range) {
        self.dirty |= std::mem::replace(&mut self.range, range) != range;
    }

    /// Changes how it sees; marks it dirty if the algorithm changed.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        self.dirty |= std::mem::replace(&mut self.algorithm, algorithm) != algorithm;
    }

    /// Whether reached walls are in its set; marks it dirty on a change.
    pub fn set_lit_walls(&mut self, lit_walls: bool) {
        self.dirty |= std::mem::replace(&mut self.lit_walls, lit_walls) != lit_walls;
    }

    /// Whether a change of tile `(x, y)` can change what this viewer sees:
    /// whether its range covers the tile (no algorithm reads beyond its
    /// range; the tests check it), or for `beveled`, which bevels a wall
    /// corner between two floors, the tile or one of its 8 neighbours.
    ///
    /// ```
    /// use sightlines::{Algorithm, Range, Viewer};
    /// let v = Viewer::new((0, 0), Range::circle(5), Algorithm::SymmetricShadowcast);
    /// assert!(v.covers(3, 4) && !v.covers(4, 4));
    /// let b = Viewer::new((0, 0), Range::circle(5), Algorithm::Beveled);
    /// assert!(b.covers(4, 4) && !b.covers(5, 5));
    /// ```
    #[inline]
    pub fn covers(&self, x: i32, y: i32) -> bool {
        let (dx, dy) = super::offset(self.origin, (x, y));
        // Shapes grow with |dx| and |dy|, so a block of tiles meets the
        // range when its tile nearest the origin is in it.
        let margin = i64::from(self.algorithm == Algorithm::Beveled);
        let near = |d: i64| d - d.signum() * d.abs().min(margin);
        self.range.contains(near(dx), near(dy))
    }

    /// If dirty, recomputes the field of view with `fov`'s scratch (its own
    /// settings restored after); returns whether it did. No allocation once
    /// the scratch and the set have grown to the viewer's range.
    ///
    /// # Errors
    ///
    /// As [`Fov::compute_into`] (an origin off the map, say). The viewer then
    /// sees nothing and stays dirty, so a later update tries again.
    pub fn update<M>(&mut self, fov: &mut Fov, map: &M) -> Result<bool, FovError>
    where
        M: Opacity + ?Sized,
    {
        self.recompute(fov, u8::MAX, |fov, origin, range, visible, dimmed| {
            dimmed.clear();
            fov.compute_into(map, origin, range, visible)
        })
    }

    /// [`update`](Viewer::update) through translucent tiles: if dirty,
    /// recomputes with [`Fov::compute_translucent`] (starting from
    /// [`Fov::visibility`]), keeping each seen tile's
    /// [`visibility`](Viewer::visibility). A tile is in
    /// [`visible`](Viewer::visible) when some light reaches it, so smoke
    /// thick enough hides what is behind it. No allocation once the buffers
    /// have grown.
    ///
    /// Mark the viewers dirty when levels change ([`tile_changed`]), as for
    /// walls.
    ///
    /// ```
    /// use sightlines::{tile_changed, Algorithm, Fov, LevelGrid, Range, Viewer};
    ///
    /// let mut map = LevelGrid::new(12, 1)?;
    /// let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    /// let mut guard = Viewer::new((0, 0), Range::UNLIMITED, Algorithm::RecursiveShadowcast);
    /// guard.update_translucent(&mut fov, &map)?;
    /// assert!(guard.sees(11, 0));
    /// for x in [3, 4] {
    ///     map.set(x, 0, 160); // two tiles of thick smoke
    ///     tile_changed([&mut guard], (x, 0));
    /// }
    /// assert!(guard.update_translucent(&mut fov, &map)?);
    /// assert_eq!(guard.visibility(4, 0), 95); // seen through the first
    /// assert!(!guard.sees(5, 0)); // but not through both
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute_translucent`]: an algorithm that does not see
    /// through translucent tiles, the diagonal rule, a starting visibility
    /// of 0, an origin off the map. The viewer then sees nothing and stays
    /// dirty.
    pub fn update_translucent<M>(&mut self, fov: &mut Fov, map: &M) -> Result<bool, FovError>
    where
        M: Translucency + ?Sized,
    {
        self.recompute(
            fov,
            fov.visibility(),
            |fov, origin, range, visible, dimmed| {
                fov.compute_translucent_into(map, origin, range, visible, dimmed)
            },
        )
    }

    /// The work of both updates: if dirty, `compute` fills the set and the
    /// dimmed tiles with `fov` set to this viewer's algorithm and lit walls
    /// (`fov`'s own restored after); `full` is the visibility of the tiles
    /// not dimmed.
    fn recompute<F>(&mut self, fov: &mut Fov, full: u8, compute: F) -> Result<bool, FovError>
    where
        F: FnOnce(
            &mut Fov,
            (i32, i32),
            Range,
            &mut VisibleSet,
            &mut Vec<(i32, i32, u8)>,
        ) -> Result<(), FovError>,
    {
        if !self.dirty {
            self.recomputed = false;
            return Ok(false);
        }
        // The old field becomes the one `changes` compares with; its buffer
        // takes the new field next time.
        std::mem::swap(&mut self.visible, &mut self.previous);
        self.recomputed = true;
        let (algorithm, lit_walls) = (fov.algorithm(), fov.lit_walls());
        fov.set_algorithm(self.algorithm);
        fov.set_lit_walls(self.lit_walls);
        let result = compute(
            fov,
            self.origin,
            self.range,
            &mut self.visible,
            &mut self.dimmed,
        );
        fov.set_algorithm(algorithm);
        fov.set_lit_walls(lit_walls);
        if let Err(e) = result {
            self.visible.reset(Rect::default());
            self.dimmed.clear();
            return Err(e);
        }
        self.dimmed.sort_unstable();
        self.full = full;
        self.dirty = false;
        Ok(true)
    }

    /// What the last [`update`](Viewer::update) changed: the tiles it
    /// newly sees into `newly_seen`, those it no longer sees into
    /// `newly_hidden` (both empty when that update had nothing to
    /// recompute). A word of 64 tiles at a time
    /// ([`VisibleSet::changes_since`]), into sets whose buffers are reused:
    /// the "you spot a goblin" message, or a redraw of only what changed.
    ///
    /// ```
    /// use sightlines::{Algorithm, Fov, Grid, Range, Viewer, VisibleSet};
    ///
    /// let map = Grid::parse("......\n.####.\n......\n")?.grid;
    /// let mut fov = Fov::default();
    /// let mut hero = Viewer::new((0, 0), Range::UNLIMITED, Algorithm::SymmetricShadowcast);
    /// hero.update(&mut fov, &map)?;
    /// hero.set_origin((0, 2)); // around the corner of the wall
    /// hero.update(&mut fov, &map)?;
    /// let (mut seen, mut hidden) = (VisibleSet::new(), VisibleSet::new());
    /// hero.changes(&mut seen, &mut hidden);
    /// assert!(seen.contains(5, 2) && hidden.contains(5, 0));
    /// assert!(!hero.update(&mut fov, &map)?); // nothing to recompute ...
    /// hero.changes(&mut seen, &mut hidden);
    /// assert!(seen.is_empty() && hidden.is_empty()); // ... so nothing changed
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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

/// Marks dirty every viewer that [covers](Viewer::covers) the changed `tile`;
/// returns how many it marked (already dirty ones included).
///
/// ```
/// use sightlines::{tile_changed, Algorithm, Range, Viewer};
/// let mut viewers = [
///     Viewer::new((0, 0), Range::circle(4), Algorithm::RecursiveShadowcast),
///     Viewer::new((10, 0), Range::circle(4), Algorithm::RecursiveShadowcast),
/// ];
/// assert_eq!(tile_changed(&mut viewers, (3, 0)), 1);
/// assert_eq!(tile_changed(&mut viewers, (5, 0)), 0);
/// ```
pub fn tile_changed<'a, I>(viewers: I, tile: (i32, i32)) -> usize
where
    I: IntoIterator<Item = &'a mut Viewer>,
{
    let mut marked = 0;
    for viewer in viewers.into_iter().filter(|v| v.covers(tile.0, tile.1)) {
        viewer.dirty = true;
        marked += 1;
    }
    marked
}

/// Updates every dirty viewer with one shared [`Fov`] (its scratch serves
/// them all); returns how many were recomputed.
///
/// ```
/// use sightlines::{update_viewers, Algorithm, Fov, Grid, Range, Viewer};
/// struct Monster { hp: u32, viewer: Viewer }
/// let map = Grid::new(30, 10);
/// let mut monsters: Vec<Monster> = (0..5)
///     .map(|i| Monster { hp: 3, viewer: Viewer::new((i * 5, 5), Range::circle(6), Algorithm::Beveled) })
///     .collect();
/// let mut fov = Fov::default();
/// let n = update_viewers(&map, &mut fov, monsters.iter_mut().map(|m| &mut m.viewer))?;
/// assert_eq!(n, 5);
/// # Ok::<(), sightlines::FovError>(())
/// ```
///
/// # Errors
///
/// Every viewer is updated even when some fail; the error is that of the
/// first one that failed (see [`Viewer::update`]).
pub fn update_viewers<'a, M, I>(map: &M, fov: &mut Fov, viewers: I) -> Result<usize, FovError>
where
    M: Opacity + ?Sized,
    I: IntoIterator<Item = &'a mut Viewer>,
{
    let mut updated = 0;
    let mut first_error = None;
    for viewer in viewers {
        match viewer.update(fov, map) {
            Ok(done) => updated += usize::from(done),
            Err(e) => first_error = first_error.or(Some(e)),
        }
    }
    first_error.map_or(Ok(updated), Err)
}

/// [`update_viewers`] on every core (the `rayon` feature), with the same
/// sets: each thread keeps its own [`Fov`] scratch (a thread-local) from call
/// to call, so nothing is allocated once every thread's scratch has grown.
///
/// ```
/// use sightlines::{update_viewers_par, Algorithm, Grid, Range, Viewer};
/// let map = Grid::new(64, 64);
/// let mut viewers: Vec<Viewer> = (0..100)
///     .map(|i| Viewer::new((i % 64, i / 2), Range::circle(8), Algorithm::SymmetricShadowcast))
///     .collect();
/// assert_eq!(update_viewers_par(&map, &mut viewers)?, 100);
/// assert_eq!(update_viewers_par(&map, &mut viewers)?, 0);
/// # Ok::<(), sightlines::FovError>(())
/// ```
///
/// # Errors
///
/// As [`update_viewers`], the error of the first failing viewer in the
/// iterator's order, whatever thread met it.
#[cfg(feature = "rayon")]
pub fn update_viewers_par<'a, M, I>(map: &M, viewers: I) -> Result<usize, FovError>
where
    M: Opacity + Sync + ?Sized,
    I: rayon::iter::IntoParallelIterator<Item = &'a mut Viewer>,
    I::Iter: rayon::iter::IndexedParallelIterator,
{
    use rayon::iter::{IndexedParallelIterator, ParallelIterator};
    thread_local! {
        static SCRATCH: std::cell::RefCell<Fov> = std::cell::RefCell::new(Fov::default());
    }
    let (updated, error) = viewers
        .into_par_iter()
        .enumerate()
        // Clean viewers cost nothing: hand out work in runs, not one by one.
        .with_min_len(8)
        .map(|(i, viewer)| {
            // `update` never re-enters rayon, so the scratch is never borrowed twice.
            match SCRATCH.with(|fov| viewer.update(&mut fov.borrow_mut(), map)) {
                Ok(done) => (usize::from(done), None),
                Err(e) => (0, Some((i, e))),
            }
        })
        // The error of the lowest index is the first in the iterator's order.
        .reduce(
            || (0, None),
            |a, b| (a.0 + b.0, a.1.into_iter().chain(b.1).min_by_key(|e| e.0)),
        );
    error.map_or(Ok(updated), |(_, e)| Err(e))
}
