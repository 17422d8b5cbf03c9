//! Line of sight: can A see B? The same answer as a whole field of view,
//! for a cost that grows with the distance from A to B, not with the area.
//!
//! A game asks this far more often than it needs a whole field (may this
//! monster shoot the player?), and another rule than the field the player
//! is shown (a Bresenham line, say) makes it lie: monsters would shoot
//! through gaps the player cannot see through, or the reverse. [`can_see`]
//! answers what [`Fov::compute`] with the same settings would say about B.
//!
//! **How: the ray to the centre.** `symmetric-shadowcast` and
//! `diamond-shadowcast` see a floor when the segment between the two
//! centres passes the walls' mid-lines (diamonds), a definition about one
//! segment. For a floor B, `can_see` walks it: a tile read a step, the
//! segment's col at each depth kept as a whole part and a remainder by
//! additions, as a Bresenham line is; each algorithm's rule for a segment
//! pinched between two touched wall ends, and with the diagonal rule
//! `symmetric-shadowcast`'s shut corners on the segment, decide the rest.
//!
//! **First, the segment and the hull.** For `precise-permissive`, the
//! permissive levels, `beveled` and `recursive-shadowcast`, two facts about
//! the squares settle most pairs before any scan. A segment between the
//! two centres that touches no wall, not even at an edge or a corner,
//! proves B visible: every sight line near it is clear too, and reaches B's
//! square (inner square, for `beveled`). A column across the major axis
//! walled over the whole width of the convex hull of A's and B's squares
//! proves B hidden: every sight line crosses that column's full width
//! through its walls. `can_see` walks the segment (a packed read for each
//! col it crosses), then, from the first wall it touches, the hull's
//! columns (a packed read each), and scans as below only when neither
//! tells.
//!
//! **How: a narrowed scan.** `recursive-shadowcast`, and for a wall B
//! `symmetric-shadowcast`, `diamond-shadowcast`, and `beveled` scan slope
//! intervals (views, rows, sights, sectors) that walls only ever cut, so
//! the part of an interval that holds B's rays evolves as the whole one
//! does, restricted. `can_see` runs B's octant (quadrant) alone, started
//! with the one interval of the rays that can make B visible (those
//! meeting B's square, or its mid-line) and stopped at B's row: one or two
//! tiles a row, read from the map's packed words. The shadowcasting
//! machinery is the field's own, compiled once more. Two details keep it
//! exact: `diamond-shadowcast`'s sights lose a low end that grazes a
//! wall's corner where an inner ray would pass, so its interval starts
//! just below B's (see `DiamondShadowcast::sight`); and both of
//! `beveled`'s octants beside a diagonal see its tiles, each its own way,
//! so a diagonal B is asked of both.
//!
//! **How: a corridor.** `precise-permissive` and the permissive levels are
//! defined by segments between two squares, so B's verdict depends only on
//! the tiles within 1 of the segment from A's centre to B's: the convex
//! hull of the two squares. `can_see` runs B's quadrant with the tiles
//! outside that corridor taken as clear (so they bump no view) and skipped,
//! up to B's row, and stops as soon as no view meets the corridor: every
//! sight line to B crosses each row inside it.
//!
//! **How: the rays that take B**, for `raycast` and `basic-raycast`. Their
//! rays are Bresenham lines to the tiles of a box's border (the ring at
//! `D`, the range's box), so whether a ray takes B has a closed form: its
//! minor coordinate at B's major one is a rounded fraction. `can_see`
//! tests only the border tiles within half a tile of B's direction (a run
//! per side, found by division) and walks the rays that take B up to it;
//! `basic-raycast`'s wall post-pass lights a wall B from a floor neighbour
//! no farther from A, asked the same way. The cost is `O(D)` steps,
//! whatever B's distance.
//!
//! **How: the rectangle**, for `diamond-raycast`, which spreads light
//! outward one tile at a time, each tile fed by its neighbours one step
//! nearer A along an axis, so B depends on the rectangle between A and B
//! alone, and only through its transparent tiles (an opaque input obscures
//! itself). Read a line of the rectangle at a time (across its longer
//! side), it settles many pairs: no wall but B in it (B seen, or lit by
//! the wall post-pass from the floors beside it nearer A); no staircase of
//! transparent tiles from A, each a step farther along one axis, reaching
//! a tile that could feed or light B (B hidden: a live tile has a visible
//! input, so every live tile ends such a staircase). One addition a line
//! carries the staircases along each run of floor. Otherwise, when a side
//! of the rectangle is below 64 tiles, `can_see` takes the same lines from
//! A's, a word each: the visible tiles, the live walls (each an obstacle
//! that carries itself) and the live floors carrying a shadow are bits,
//! and only floors with a shadow coming in are decided one by one; a run
//! of walls, and a run of floor with no shadow coming in, are a mask each.
//! A wall B is lit, as by the post-pass, when a visible transparent tile
//! lies beside it nearer A or level with it along each axis. When both
//! sides are 64 or more, it runs the scan of B's quadrant in a field cut
//! to the rectangle, with no post-pass. The cost is one step a line (the
//! shorter side when both fit in a word) plus the tiles that carry
//! shadows, `O(|dx|·|dy|)` at worst.
//!
//! **How: a walk along the centre ray, then a smaller field**, for
//! `restrictive` (MRPAS), which widens an obstacle with every wall that
//! joins it and hides a wall only when one obstacle covers it whole, so a
//! chain of walls far from the segment can decide B (a fuzzer found maps
//! where a margin of 3 changed the verdict). A walk over the lines between
//! A and B settles most pairs first: on each line, the two cells beside
//! B's centre ray that are surely seen and open, and bounds on the
//! obstacles beside the ray and on the minimum angle. It ends at B (seen),
//! at a wall holding the ray that is surely seen and hides B, or at two
//! walls meeting on the ray that hide both of B's inner neighbours
//! (hidden); the proof is in `algorithms/restrictive/sight.rs`.
//! Otherwise MRPAS's scan runs line by line away from A (a line
//! being a row or column at one Chebyshev distance), a tile is decided by
//! earlier lines and its own, and its range is a square cut to the shape
//! afterwards. So `can_see` computes the real map's field in the square
//! that just reaches B, with no mask, and of it only B's octant up to B's
//! column and the parts of the octants scanned before it whose marks that
//! one reads, each pass stopping at the first line after which nothing it
//! is run for can change (no chain of seen open cells can reach B, or an
//! obstacle or the minimum angle already hides it; the marks a later pass
//! reads are dark for good): at most the cost of a field of view of that
//! radius, `O(distance²)`.
//!
//! The tests check `can_see` against the full field of view for every
//! algorithm on thousands of random maps, ranges and targets.
//!
//! The ray to the centre, the narrowed scans, the corridor and the rays
//! that take B cost one to a few times a Bresenham walk over the same
//! pair; the smaller fields of `restrictive` and `diamond-raycast`, when
//! their first facts do not tell, up to a field of view of the distance
//! (BENCHMARKS.md). Many questions from one viewer are best answered by one
//! field of view and lookups.
//!
//! ```
//! use sightlines::{can_see, Algorithm, Grid, Range};
//!
//! let map = Grid::parse("......\n..#...\n......\n")?.grid;
//! let a = Algorithm::SymmetricShadowcast;
//! assert!(can_see(&map, (0, 1), (2, 1), Range::UNLIMITED, a)?); // the wall is lit
//! assert!(!can_see(&map, (0, 1), (4, 1), Range::UNLIMITED, a)?); // behind it
//! assert!(!can_see(&map, (0, 1), (5, 0), Range::circle(3), a)?); // out of range
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::Algorithm;
use crate::error::FovError;
use crate::fov::Fov;
use crate::map::Opacity;
use crate::range::Range;

/// Whether `to` is in the field of view from `from` with `range`, computed
/// by `algorithm` with walls lit: exactly what [`Fov::compute`] would say,
/// at a cost that grows with the distance (see the [module docs](self)).
/// This builds a new [`Fov`] each call: a game loop should keep one and
/// call [`Fov::can_see`], which reuses its scratch.
///
/// ```
/// use sightlines::{can_see, Algorithm, Range};
///
/// // A pillar at (2, 2) on an endless floor.
/// let pillar = |x: i32, y: i32| (x, y) == (2, 2);
/// let a = Algorithm::PrecisePermissive;
/// assert!(!can_see(&pillar, (0, 0), (4, 4), Range::circle(10), a)?);
/// assert!(can_see(&pillar, (0, 0), (4, 3), Range::circle(10), a)?);
/// # Ok::<(), sightlines::FovError>(())
/// ```
///
/// # Errors
///
/// As [`Fov::compute`] from `from`.
pub fn can_see<M>(
    map: &M,
    from: (i32, i32),
    to: (i32, i32),
    range: Range,
    algorithm: Algorithm,
) -> Result<bool, FovError>
where
    M: Opacity + ?Sized,
{
    Fov::new(algorithm).can_see(map, from, to, range)
}

impl Fov {
    /// [`can_see`] with this `Fov`'s algorithm and lit-walls
    /// setting, reusing its scratch: no allocation after warm-up.
    ///
    /// ```
    /// use sightlines::{Algorithm, Fov, Grid, Range};
    ///
    /// let map = Grid::parse("#####\n#...#\n#####\n")?.grid;
    /// let mut fov = Fov::new(Algorithm::RecursiveShadowcast);
    /// assert!(fov.can_see(&map, (1, 1), (4, 1), Range::UNLIMITED)?); // a lit wall
    /// fov.set_lit_walls(false);
    /// assert!(!fov.can_see(&map, (1, 1), (4, 1), Range::UNLIMITED)?);
    /// assert!(fov.can_see(&map, (1, 1), (3, 1), Range::UNLIMITED)?);
    /// assert!(!fov.can_see(&map, (1, 1), (9, 9), Range::UNLIMITED)?); // off the map
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Fov::compute`] from `from`.
    pub fn can_see<M>(
        &mut self,
        map: &M,
        from: (i32, i32),
        to: (i32, i32),
        range: Range,
    ) -> Result<bool, FovError>
    where
        M: Opacity + ?Sized,
    {
        let field = self.field(map, from, range)?;
        let d = super::offset(from, to);
        if d == (0, 0) {
            return Ok(true);
        }
        if !field.reaches(d.0, d.1) || !field.in_range(d.0, d.1) {
            return Ok(false);
        }
        if !self.lit_walls() && map.is_opaque(to.0, to.1) {
            return Ok(false);
        }
        // Walls count as lit from here on: an unlit B was answered above.
        if let Some(seen) = self.sees(map, &field, d)? {
            return Ok(seen);
        }
        let wall = map.is_opaque(to.0, to.1);
        if self.algorithm() == Algorithm::Restrictive {
            // The square that reaches B (see the module docs); `d` is
            // within MAX_REACH.
            let reach = d.0.unsigned_abs().max(d.1.unsigned_abs()) as u32;
            let field = self.field(map, from, Range::square(reach))?;
            return self.sees_in_field(map, &field, d, wall);
        }
        // `diamond-raycast`: B depends on the rectangle between A and B
        // alone (see the module docs).
        self.sees_in_field(map, &field.cut_to_rectangle(d), d, wall)
    }
}
