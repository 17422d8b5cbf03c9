//! Mingos' Restrictive Precise Angle Shadowcasting, MRPAS (`restrictive`):
//! libtcod's `FOV_RESTRICTIVE`, in exact rational arithmetic.
//!
//! **Definition.** Each octant is scanned line by line away from the origin
//! (a *line* is a row for the two octants around the y axis, a column for the
//! two around the x axis). At line `d` the octant's `d + 1` cells split the
//! angles `[-1/2d, (2d + 1)/2d]`: cell `c` covers the *angle range*
//! `[(2c - 1)/2d, (2c + 1)/2d]` with its *centre* `c/d`. A visible opaque cell
//! becomes an *obstacle* over its angle range. Then, from line 2 on:
//!
//! - a cell is hidden unless one of its two inner neighbours (one line back,
//!   same column or one column toward the axis) is visible and transparent;
//! - a transparent cell is hidden when its centre lies strictly inside an
//!   obstacle it overlaps;
//! - an opaque cell is hidden when its whole angle range lies inside one
//!   obstacle; an opaque cell that an obstacle only partly covers widens
//!   that obstacle to cover it, instead of adding one of its own;
//! - obstacles that join the axis side of the octant fold into one
//!   *minimum angle*, below which the next lines start.
//!
//! It is *restrictive*: a tile half hidden by a wall is seen when its centre
//! is, while a wall is seen unless some single obstacle hides it whole; so
//! walls look continuous and floors behind corners stay dark. Sight starts
//! at the origin's centre; a wall's angle range is that of its mid-line
//! across the scan, which is the shadow a diamond casts, and a floor counts
//! by its centre: in the catalogue's terms, diamond walls and sight from
//! centre to centre (`tests/catalogue.rs` checks both on maps where square
//! walls or whole target tiles would give another answer). Diagonal gaps: two
//! walls touching at a corner do not close the sight line between them, as
//! their two obstacles only touch. Expansive walls: from any floor of an
//! empty rectangular room, every wall tile of it is seen (tests check both).
//!
//! **Not symmetric.** B may see A while A does not see B (a test pins a
//! pair). At the edges of an octant the scan reads tiles that other octants
//! marked earlier, in libtcod's order (quadrants `(+x, +y)`, `(+x, -y)`,
//! `(-x, +y)`, `(-x, -y)`, each rows before columns); we keep that order.
//! Even so, with exact angles and every obstacle tested, our results are
//! invariant under the eight symmetries of the map on every random map we
//! tried (a test checks thousands); libtcod's are not (its skip breaks it:
//! see the transposed pair of golden maps below).
//!
//! **Range.** libtcod cuts `FOV_RESTRICTIVE` to a square of the radius (the
//! line count). We scan the square of the radius and report the tiles of it
//! that the range's shape contains, so a `square` range equals libtcod's, and
//! any other shape is that square result cut to the shape.
//!
//! **Differences from libtcod**, all found on the golden cases in
//! `tests/data/libtcod_restrictive` and each pinned by a test in
//! `tests/restrictive.rs`:
//!
//! - In the two octants around the x axis libtcod advances its obstacle index
//!   twice after each obstacle a cell overlaps, so it never tests the next
//!   obstacle against that cell, and sees tiles that obstacle hides. The
//!   octants around the y axis test every obstacle, and the algorithm is
//!   defined by them: the skip is an accident of a copied loop. We test every
//!   obstacle in every octant.
//! - libtcod computes angles in `f64`, so two angles that are equal as
//!   fractions may compare either way: `(1/2 + 1/10) / (1/5)` gives
//!   `2.9999999999999996`, and libtcod starts a line at a cell whose angles
//!   all lie below the minimum angle. We compare exact rationals, so ties
//!   follow the rules above.
//!
//! Of the 255 golden cases (39 maps), ours equals libtcod on 201; 2 differ by
//! the skipped obstacle and 52 by rounded ties, a few tiles each (173 tiles
//! in all). A model of libtcod's scan in `tests/restrictive.rs` gives
//! libtcod's 255 sets bit for bit with `f64` and the skip, and our 255 with
//! exact angles and no skip; a test uses it to explain every differing tile:
//! a comparison at the tile of two angles equal as fractions that `f64`
//! decides the other way, or the skip at the tile, or what follows from
//! either (a floor seen one line back, an obstacle or the minimum angle set
//! differently).
//!
//! **Allocation.** Two line buffers, the obstacle list and a few marks per
//! line live in [`Restrictive`] and are reused; after the first call with a
//! given range, later calls allocate nothing.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, Range, Restrictive};
//!
//! // Walls are seen whole; the floor tile whose centre a wall hides is not.
//! let map = Grid::parse("@.#..\n.....\n.....\n")?.grid;
//! let mut fov = Restrictive::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 0), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(2, 0)));
//! assert!(!seen.contains(&(3, 0)));
//! assert!(seen.contains(&(4, 2)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::FieldOfView;
use crate::error::FovError;
use crate::geometry::{Field, Octant, Slope};
use crate::map::Opacity;
use crate::range::Range;

/// The octant scans in libtcod's order, as indices into [`Octant::ALL`]:
/// quadrants `(+x, +y)`, `(+x, -y)`, `(-x, +y)`, `(-x, -y)`, each its octant
/// around the y axis (lines are rows) first. The edge reads depend on it.
const PASSES: [usize; 8] = [1, 0, 6, 7, 2, 3, 5, 4];

/// Marks kept per line for the cells other passes read or share: columns
/// 0 and 1 (the axis side) and `line - 1` and `line` (the diagonal side).
const AXIS: u8 = 1;
const NEXT_TO_AXIS: u8 = 2;
const NEXT_TO_DIAGONAL: u8 = 4;
const DIAGONAL: u8 = 8;

fn mark_bits(line: i64, col: i64) -> u8 {
    let mut bits = 0;
    if col == 0 {
        bits |= AXIS;
    }
    if col == 1 {
        bits |= NEXT_TO_AXIS;
    }
    if col == line - 1 {
        bits |= NEXT_TO_DIAGONAL;
    }
    if col == line {
        bits |= DIAGONAL;
    }
    bits
}

/// An obstacle: the angle range a visible opaque cell covers, maybe widened.
#[derive(Clone, Copy, Debug)]
struct Obstacle {
    start: Slope,
    end: Slope,
}

/// Reusable scratch for MRPAS; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, Range, Restrictive};
///
/// // A pillar next to the origin hides the line behind it, and lights up.
/// let map = |x: i32, y: i32| (x, y) == (1, 0);
/// let mut fov = Restrictive::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(4), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(1, 0)));
/// assert!(!seen.contains(&(2, 0)) && !seen.contains(&(4, 0)));
/// assert!(seen.contains(&(4, 2)));
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Restrictive {
    previous: Vec<bool>,
    current: Vec<bool>,
    obstacles: Vec<Obstacle>,
    /// Per pass, per line: the [`mark_bits`] of the cells the pass saw.
    marks: [Vec<u8>; 8],
}

impl Restrictive {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> Restrictive {
        Restrictive::default()
    }

    /// Whether an earlier pass than `pass` saw the tile at map offset `at`.
    fn seen_before(&self, pass: usize, at: (i64, i64)) -> bool {
        PASSES[..pass].iter().zip(&self.marks).any(|(&o, marks)| {
            let (line, col) = Octant::ALL[o].position(at.0, at.1);
            line >= 1
                && (0..=line).contains(&col)
                && marks
                    .get(line as usize)
                    .is_some_and(|&m| m & mark_bits(line, col) != 0)
        })
    }

    fn scan<M, V>(&mut self, map: &M, field: &Field, index: usize, visit: &mut V)
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let pass = Octant::ALL[PASSES[index]];
        let (lines, cols) = pass.extents(field);
        let opaque = |(dx, dy): (i64, i64)| {
            let (x, y) = field.tile(dx, dy);
            map.is_opaque(x, y)
        };
        self.marks[index].clear();
        self.marks[index].push(0);
        self.obstacles.clear();
        self.previous.clear();
        let mut in_last_line = 0;
        let mut min_angle = Slope::new(0, 1);
        for line in 1..=lines {
            self.current.clear();
            self.current.resize(line as usize + 1, false);
            let mut marks = 0u8;
            // The first cell whose centre is not below the minimum angle:
            // floor(min_angle·line + 1/2), exactly.
            let first = {
                let (n, m) = (i128::from(min_angle.num), i128::from(min_angle.den));
                ((2 * n * i128::from(line) + m) / (2 * m)) as i64
            };
            let mut done = true;
            let den = 2 * line;
            for col in first..=line.min(cols) {
                let at = pass.offset(line, col);
                let start = Slope::new(2 * col - 1, den);
                let centre = Slope::new(2 * col, den);
                let end = Slope::new(2 * col + 1, den);
                let wall = opaque(at);
                let mut visible = true;
                let mut extended = false;
                if in_last_line > 0 {
                    let open = |c: i64| -> bool {
                        let at = pass.offset(line - 1, c);
                        if !field.reaches(at.0, at.1) || opaque(at) {
                            return false;
                        }
                        let own = (0..line).contains(&c) && self.previous[c as usize];
                        own || ((c <= 0 || c >= line - 1) && self.seen_before(index, at))
                    };
                    if !open(col) && !open(col - 1) {
                        visible = false;
                    } else {
                        for o in &mut self.obstacles[..in_last_line] {
                            if start > o.end || end < o.start {
                                continue;
                            }
                            if !wall {
                                if centre > o.start && centre < o.end {
                                    visible = false;
                                    break;
                                }
                            } else if start >= o.start && end <= o.end {
                                visible = false;
                                break;
                            } else {
                                o.start = o.start.min(start);
                                o.end = o.end.max(end);
                                extended = true;
                            }
                        }
                    }
                }
                if !visible {
                    continue;
                }
                done = false;
                self.current[col as usize] = true;
                marks |= mark_bits(line, col);
                if field.in_range(at.0, at.1)
                    && !((col == 0 || col == line) && self.seen_before(index, at))
                {
                    let (x, y) = field.tile(at.0, at.1);
                    visit(x, y);
                }
                if wall {
                    if min_angle >= start {
                        min_angle = end;
                        if col == line {
                            done = true;
                        }
                    } else if !extended {
                        self.obstacles.push(Obstacle { start, end });
                    }
                }
            }
            self.marks[index].push(marks);
            in_last_line = self.obstacles.len();
            std::mem::swap(&mut self.previous, &mut self.current);
            if done {
                break;
            }
        }
    }
}

impl FieldOfView for Restrictive {
    fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        mut visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        // The field's reach is the radius in every direction, whatever the
        // shape: the square libtcod scans. `in_range` cuts the shape.
        let field = Field::new(map, origin, range)?;
        visit(origin.0, origin.1);
        for index in 0..PASSES.len() {
            self.scan(map, &field, index, &mut visit);
        }
        Ok(())
    }
}
