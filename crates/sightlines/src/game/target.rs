//! Targeting and blasts: what a ranged item may aim at, and what its
//! explosion reaches.
//!
//! RuggRogue builds both on the field of view. A wand may aim only at what
//! the player sees, so it never shoots through a wall ([`targets`]). A
//! fireball's area is the field of view *of its epicentre* cut to the blast
//! radius: walls stop it as they stop sight, so it does not burn the room
//! next door ([`Blast`]).

use crate::error::FovError;
use crate::fov::Fov;
use crate::map::Opacity;
use crate::range::{Range, Shape};
use crate::visible::VisibleSet;
use std::cmp::Ordering;

/// The order "nearest first" from `origin`: by squared Euclidean distance,
/// then by row (y), then by column (x). Exact for any `i32` positions, and
/// total, so sorting by it is deterministic.
///
/// ```
/// use sightlines::nearest_first;
/// use std::cmp::Ordering;
/// let me = (0, 0);
/// assert_eq!(nearest_first(me, (1, 1), (2, 0)), Ordering::Less); // 2 < 4
/// assert_eq!(nearest_first(me, (2, 0), (0, -2)), Ordering::Greater); // a tie: y decides
/// ```
pub fn nearest_first(origin: (i32, i32), a: (i32, i32), b: (i32, i32)) -> Ordering {
    let d2 = |p| {
        let (dx, dy) = super::offset(origin, p);
        i128::from(dx).pow(2) + i128::from(dy).pow(2)
    };
    d2(a).cmp(&d2(b)).then(a.1.cmp(&b.1)).then(a.0.cmp(&b.0))
}

/// Fills `out` with the `candidates` that are in `view` and within `range`
/// of `origin`, nearest first (see [`nearest_first`]), each position once.
/// `out` is cleared first; no allocation once it has grown.
///
/// `view` is what the shooter sees from `origin` (a
/// [`Viewer::visible`](crate::Viewer::visible), say), `range` the item's
/// reach; the origin is a valid target if it is a candidate.
///
/// ```
/// use sightlines::{targets_into, Fov, Grid, Range, VisibleSet};
///
/// let map = Grid::parse("..........\n..#.......\n..........\n")?.grid;
/// let mut view = VisibleSet::new();
/// Fov::default().compute_into(&map, (0, 1), Range::UNLIMITED, &mut view)?;
/// let monsters = [(9, 1), (5, 2), (4, 1), (1, 0)];
/// let mut targets = Vec::new();
/// targets_into(&view, (0, 1), Range::circle(6), monsters, &mut targets);
/// // (4, 1) hides behind the wall, (9, 1) is out of reach.
/// assert_eq!(targets, [(1, 0), (5, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn targets_into<I>(
    view: &VisibleSet,
    origin: (i32, i32),
    range: Range,
    candidates: I,
    out: &mut Vec<(i32, i32)>,
) where
    I: IntoIterator<Item = (i32, i32)>,
{
    out.clear();
    out.extend(candidates.into_iter().filter(|&(x, y)| {
        let (dx, dy) = super::offset(origin, (x, y));
        view.contains(x, y) && range.contains(dx, dy)
    }));
    out.sort_unstable_by(|&a, &b| nearest_first(origin, a, b));
    out.dedup();
}

/// [`targets_into`] into a new `Vec`.
///
/// ```
/// use sightlines::{targets, Range, VisibleSet, Rect};
/// let mut view = VisibleSet::new();
/// view.reset(Rect::new(0, 0, 10, 10));
/// view.insert(3, 3);
/// view.insert(1, 0);
/// assert_eq!(targets(&view, (0, 0), Range::circle(8), [(3, 3), (1, 0), (7, 7)]), [(1, 0), (3, 3)]);
/// ```
pub fn targets<I>(
    view: &VisibleSet,
    origin: (i32, i32),
    range: Range,
    candidates: I,
) -> Vec<(i32, i32)>
where
    I: IntoIterator<Item = (i32, i32)>,
{
    let mut out = Vec::new();
    targets_into(view, origin, range, candidates, &mut out);
    out
}

/// An area of effect: the field of view of the epicentre within the blast's
/// range (see the [module docs](self)).
///
/// Whether the walls it reaches are *hit* is a choice: [`Blast::new`]
/// spares them, as RuggRogue does (it hits only the tiles whose centre the
/// epicentre sees, and walls hold no targets); a game with destructible
/// walls turns [`Blast::hitting_walls`] on. The algorithm is the [`Fov`]'s.
///
/// ```
/// use sightlines::{Blast, Fov, Grid, Range, VisibleSet};
///
/// let map = Grid::parse("#########\n#...#...#\n#...#...#\n#########\n")?.grid;
/// let fireball = Blast::new(Range::circle_plus(3));
/// let mut fov = Fov::default();
/// let mut area = VisibleSet::new();
/// fireball.compute_into(&mut fov, &map, (2, 1), &mut area)?;
/// assert!(area.contains(3, 2));
/// assert!(!area.contains(4, 1)); // the wall is spared ...
/// assert!(!area.contains(5, 1)); // ... and shelters the next room
/// fireball.hitting_walls(true).compute_into(&mut fov, &map, (2, 1), &mut area)?;
/// assert!(area.contains(4, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Blast {
    range: Range,
    hits_walls: bool,
}

impl Blast {
    /// A blast over `range` around its epicentre, sparing walls.
    pub const fn new(range: Range) -> Blast {
        Blast {
            range,
            hits_walls: false,
        }
    }

    /// RuggRogue's blast: radius `r` in the `circle-plus` shape.
    ///
    /// ```
    /// use sightlines::{Blast, Range};
    /// assert_eq!(Blast::radius(2).range(), Range::circle_plus(2));
    /// ```
    pub const fn radius(r: u32) -> Blast {
        Blast::new(Range::new(r, Shape::CirclePlus))
    }

    /// The same blast, hitting the walls it reaches or not.
    pub const fn hitting_walls(self, hits_walls: bool) -> Blast {
        Blast { hits_walls, ..self }
    }

    /// How far it reaches.
    pub const fn range(&self) -> Range {
        self.range
    }

    /// Whether it hits the walls it reaches.
    pub const fn hits_walls(&self) -> bool {
        self.hits_walls
    }

    /// Visits every tile the blast hits from `epicentre`, each once, the
    /// epicentre first; `fov`'s lit-walls setting is restored after.
    ///
    /// ```
    /// use sightlines::{Blast, Fov, Range};
    /// let open = |_: i32, _: i32| false;
    /// let mut hit = 0;
    /// Blast::radius(1).compute(&mut Fov::default(), &open, (0, 0), |_, _| hit += 1)?;
    /// assert_eq!(hit, 9); // circle-plus 1: dx² + dy² <= 2
    /// # Ok::<(), sightlines::FovError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute`].
    pub fn compute<M, V>(
        &self,
        fov: &mut Fov,
        map: &M,
        epicentre: (i32, i32),
        visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let lit = fov.lit_walls();
        fov.set_lit_walls(self.hits_walls);
        let result = fov.compute(map, epicentre, self.range, visit);
        fov.set_lit_walls(lit);
        result
    }

    /// Fills `area` with the tiles the blast hits from `epicentre`.
    ///
    /// ```
    /// use sightlines::{Blast, Fov, Grid, VisibleSet};
    /// let map = Grid::parse(".....\n.....\n.....\n")?.grid;
    /// let mut area = VisibleSet::new();
    /// Blast::radius(1).compute_into(&mut Fov::default(), &map, (0, 0), &mut area)?;
    /// assert_eq!(area.iter().collect::<Vec<_>>(), [(0, 0), (1, 0), (0, 1), (1, 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute_into`].
    pub fn compute_into<M>(
        &self,
        fov: &mut Fov,
        map: &M,
        epicentre: (i32, i32),
        area: &mut VisibleSet,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
    {
        let lit = fov.lit_walls();
        fov.set_lit_walls(self.hits_walls);
        let result = fov.compute_into(map, epicentre, self.range, area);
        fov.set_lit_walls(lit);
        result
    }
}
