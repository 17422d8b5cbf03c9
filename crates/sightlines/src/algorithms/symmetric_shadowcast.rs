//! Albert Ford's symmetric shadowcasting (`symmetric-shadowcast`), in exact
//! rationals.
//!
//! **Definition.** Work in the frame of the target's major axis: *depth*
//! along it, *col* across it, so the target lies at (`a`, `b`) with
//! `|b| <= a` (an exact diagonal lies in two frames, and is visible when
//! either frame shows it). Sight lines are rays from the **center** of the
//! origin tile with slope `m` (col per depth), `-1 <= m <= 1`. Every wall
//! nearer than the target in that frame (depth below `a`) acts as its
//! *mid-line*: the segment across the axis from col `b' - 1/2` to
//! `b' + 1/2` at its depth `a'` (the same as the diamond inscribed in the
//! tile, for such rays). A ray is **blocked** when it crosses the interior of
//! a mid-line (`|m·a' - b'| < 1/2`), or when it slips between two mid-lines
//! touching both of their ends (one wall at `m·a' - b' = 1/2`, another at
//! `-1/2`).
//!
//! - A **floor** is visible when the ray to its center (`m = b / a`) is not
//!   blocked.
//! - A **wall** is visible when some ray through the interior of its own
//!   mid-line (`b - 1/2 < m·a < b + 1/2`, `|m| <= 1`) is not blocked.
//! - The origin is always visible and is treated as a point whatever it is
//!   (Ford's published choice: a wall origin sees as if it were a floor).
//!
//! **How.** Ford's scan, to the letter: each of the four quadrants (the
//! wedges `|col| <= depth` around +x, +y, -x, -y) is scanned row by row,
//! each row carrying the exact slopes `start..=end` still open. A tile
//! edge's slope is `(2·col - 1) / (2·depth)`; a row spans the columns from
//! `depth·start` rounded with ties up to `depth·end` rounded with ties down,
//! which is exactly the columns whose mid-line interior meets the open
//! slopes. Open slopes never shrink to a single one: a wall whose shade
//! starts exactly at a row's start is that row's first tile and makes no
//! child row, which is the "touching both ends" rule above. Walls are
//! revealed whenever scanned, floors only when `depth·start <= col <=
//! depth·end` (the floor's center inside the open slopes, which is what
//! makes floors symmetric). The open rows of one depth wait in a reused
//! list rather than on the call stack, so a radius of tens of thousands
//! cannot overflow it; their order changes nothing that is seen. Walls are
//! found 64 tiles at a time ([`Opacity::bit_rows`]).
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! Floors see each other symmetrically, since the center-to-center ray is
//! the same segment both ways; walls are reported when lit, as Ford's are,
//! and a lit wall need not see back. The diamond walls let sight pass close
//! to corners (expanding pillar shadows, no blind corners), and leave gaps
//! where square walls touch only at corners, so sight leaks through a
//! diagonal line of walls (from (0, 0), the walls on `x + y = 3` hide
//! (4, 0) but not (5, 1)); mid-lines that meet end to end across a ray do
//! block it. With exact slopes and integer rounding the scan is invariant
//! under the eight reflections and rotations of the map.
//!
//! **The diagonal rule** ([`DiagonalGaps::Block`](crate::DiagonalGaps::Block)):
//! a corner between two diagonally opposite walls also blocks the one ray
//! through it. That hides the floors centred on such a ray past the corner,
//! and nothing else (a wall is seen by a spread of rays, which a point
//! cannot close); floors stay symmetric, since the segment between two
//! centres passes the same corners both ways.
//!
//! **Not libtcod's.** libtcod's `FOV_SYMMETRIC_SHADOWCAST` runs the same
//! scan on `float` slopes and rounds with `roundf(n * (1 ± FLT_EPSILON))`,
//! which sends a negative tie the other way from Ford's (`-2.5` "rounded
//! half up" gives `-3`, not `-2`); its float32 slopes are inexact besides.
//! The result is not mirror-symmetric: in an emulation of its scan, 77 of
//! 100 random maps up to 16x16 have an origin whose field differs from the
//! mirror image of the mirrored map's (0 of 100 with exact rounding). It
//! also skips tiles off the map instead of treating them as walls, and cuts
//! its radius with `dx² + dy² < r²`. So the tests check the definition
//! above with an exact brute force instead of golden cases.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, Range, SymmetricShadowcast};
//!
//! let map = Grid::parse("#####\n#@..#\n#.#.#\n#...#\n#####\n")?.grid;
//! let mut fov = SymmetricShadowcast::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (1, 1), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(!seen.contains(&(3, 3))); // straight behind the pillar
//! assert!(seen.contains(&(3, 2)) && seen.contains(&(2, 3)));
//! assert!(seen.contains(&(4, 2))); // a lit wall
//! assert!(!seen.contains(&(4, 4))); // a wall in the pillar's shadow
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::shut_centers::{centre_shut, Except, ShutCentres};
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::centre_ray::{self, Pinch};
use crate::kernel::sink::Target;
use crate::kernel::{
    each_quadrant, presized_reach, with_tiles, ByTile, Field, Octant, OctantRows, Reach, Sink,
    Slope, Tiles,
};
use crate::map::Opacity;

/// The four quadrants as (depth, col) transforms: depth along +x, +y, -x,
/// -y; col across, both signs.
const QUADRANTS: [Octant; 4] = [
    Octant::ALL[0],
    Octant::ALL[1],
    Octant::ALL[3],
    Octant::ALL[6],
];

/// A row of a quadrant still open between two exact slopes.
#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

impl Row {
    /// Whether the center of column `col` lies within the row's slopes.
    #[inline]
    fn is_symmetric(&self, col: i64) -> bool {
        self.start.scaled_cmp(self.depth, col).is_le()
            && self.end.scaled_cmp(self.depth, col).is_ge()
    }
}

/// The slope of the edge of `col` nearer to `-col`, at `depth`.
#[inline]
fn edge(depth: i64, col: i64) -> Slope {
    Slope::new(2 * col - 1, 2 * depth)
}

/// Reusable scratch for symmetric shadowcasting; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, Range, SymmetricShadowcast};
///
/// // Floors see each other symmetrically, here past a pillar at (2, 1).
/// let map = |x: i32, y: i32| (x, y) == (2, 1);
/// let mut fov = SymmetricShadowcast::new();
/// let (mut from_a, mut from_b) = (Vec::new(), Vec::new());
/// fov.compute(&map, (0, 0), Range::circle(8), |x, y| from_a.push((x, y)))?;
/// fov.compute(&map, (5, 2), Range::circle(8), |x, y| from_b.push((x, y)))?;
/// assert_eq!(from_a.contains(&(5, 2)), from_b.contains(&(0, 0)));
/// assert!(!from_a.contains(&(4, 2))); // in the pillar's shadow
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SymmetricShadowcast {
    /// The rows open at the depth being scanned.
    rows: Vec<Row>,
    /// The rows open at the next depth.
    next: Vec<Row>,
    /// The range's reach, row by row.
    reach: Reach,
    /// Per diagonal distance, one bit per diagonal already reported: each
    /// diagonal tile is scanned by the two quadrants sharing it.
    diagonals: Vec<u8>,
    /// With the diagonal rule, the floors it hides (see `shut_centers`).
    shut: ShutCentres,
}

impl SymmetricShadowcast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> SymmetricShadowcast {
        SymmetricShadowcast::default()
    }

    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        sink.tile(0, 0);
        self.reach.reset(field.range);
        each_quadrant!(self.scan_quadrant::<_, T, S>(tiles, field, sink));
    }

    /// Scans quadrant `Q` of [`QUADRANTS`], compiled once per quadrant so
    /// that its transform is constant in the hot loop.
    fn scan_quadrant<const Q: usize, T: Tiles, S: Sink>(
        &mut self,
        tiles: &T,
        field: &Field,
        sink: &mut S,
    ) {
        let q = QUADRANTS[Q];
        let (reach, right) = q.extents(field);
        let mirror = Octant {
            xy: -q.xy,
            yy: -q.yy,
            ..q
        };
        let left = mirror.extents(field).1;
        if reach == 0 {
            return;
        }
        let whole = Row {
            depth: 1,
            start: Slope::new(-1, 1),
            end: Slope::new(1, 1),
        };
        match tiles.lines(field).of(q) {
            Some(lines) => {
                self.scan_rows::<true, false, _, S>(q, &lines, (reach, left, right), whole, sink)
            }
            None => self.scan_rows::<true, false, _, S>(
                q,
                &ByTile(tiles),
                (reach, left, right),
                whole,
                sink,
            ),
        }
    }

    /// Whether the tile at offset `to` (on the field, in its range, not the
    /// origin) is visible, walls lit. A floor is decided by the ray to its
    /// centre, walked tile by tile ([`centre_ray`]). A wall by the scan of
    /// its quadrant alone (of each of the two, for a diagonal), started
    /// with the one row of the rays through its mid-line and stopped at its
    /// depth. Rows only ever lose the slopes that walls shadow, so the scan
    /// of part of a row finds that part of what the whole one does.
    pub(crate) fn sees<T: Tiles>(&mut self, tiles: &T, field: &Field, to: (i64, i64)) -> bool {
        if !tiles.opaque(to.0, to.1) {
            // A floor: the one ray to its centre decides.
            let shut = field.gaps.blocks() && centre_shut(tiles, to);
            return !shut && !centre_ray::blocked(tiles, field, to, Pinch::EitherOrder);
        }
        self.reach.reset(field.range);
        let (ax, ay) = (to.0.abs(), to.1.abs());
        let mut seen = false;
        for (k, q) in QUADRANTS.into_iter().enumerate() {
            let holds = match k {
                0 => to.0 >= ay,
                1 => to.1 >= ax,
                2 => -to.0 >= ay,
                _ => -to.1 >= ax,
            };
            if !holds {
                continue;
            }
            let (depth, col) = (to.0 * q.xx + to.1 * q.yx, to.0 * q.xy + to.1 * q.yy);
            let right = q.extents(field).1;
            let left = Octant {
                xy: -q.xy,
                yy: -q.yy,
                ..q
            }
            .extents(field)
            .1;
            let through = Row {
                depth: 1,
                start: edge(depth, col).max(Slope::new(-1, 1)),
                end: edge(depth, col + 1).min(Slope::new(1, 1)),
            };
            let mut target = Target::new(to);
            match tiles.lines(field).of(q) {
                Some(lines) => self.sight(q, &lines, (depth, left, right), through, &mut target),
                None => self.sight(
                    q,
                    &ByTile(tiles),
                    (depth, left, right),
                    through,
                    &mut target,
                ),
            }
            if target.seen {
                seen = true;
                break;
            }
        }
        seen
    }

    /// [`sees`](Self::sees) in quadrant `q`: one copy for all quadrants.
    #[inline(never)]
    fn sight<R: OctantRows>(
        &mut self,
        q: Octant,
        lines: &R,
        extents: (i64, i64, i64),
        through: Row,
        target: &mut Target,
    ) {
        self.scan_rows::<false, true, R, Target>(q, lines, extents, through, target);
    }

    /// Scans `start` and the rows it opens, in quadrant `q`, down to depth
    /// `reach`, the quadrant reaching `left` columns one way and `right` the
    /// other; `DEDUPE` reports each diagonal tile once (a field), else it may
    /// be reported by both quadrants that scan it; `LAST_ONLY` reports only
    /// the last depth (a target there).
    #[inline(always)]
    fn scan_rows<const DEDUPE: bool, const LAST_ONLY: bool, R: OctantRows, S: Sink>(
        &mut self,
        q: Octant,
        lines: &R,
        (reach, left, right): (i64, i64, i64),
        start: Row,
        sink: &mut S,
    ) {
        // Row by row: the rows still open at one depth make the next
        // depth's.
        let (mut rows, mut next) = (
            std::mem::take(&mut self.rows),
            std::mem::take(&mut self.next),
        );
        rows.clear();
        rows.push(start);
        for depth in 1..=reach {
            next.clear();
            for &Row { mut start, end, .. } in &rows {
                let row = Row { depth, start, end };
                // Off the field is wall; one such column on each side behaves as all of them.
                let first = start.mul_round_ties_up(depth).max(-left - 1);
                let last = end.mul_round_ties_down(depth).min(right + 1);
                if first > last {
                    continue;
                }
                // The columns on the field and within the range. Those out of
                // range are walls, which hides nothing in range: every shape
                // grows with |dx| and |dy|, and every wall that could block a
                // tile in range lies nearer on both axes.
                let cut = self.reach.at(depth);
                let (lo, hi) = ((-left).max(-cut), right.min(cut));
                // Walls, on and off the field, 64 columns at a time, from
                // the left: floor to wall splits a row off, wall to floor
                // moves the start.
                let mut wall_before: Option<bool> = None;
                let mut c0 = first;
                while c0 <= last {
                    let len = (last - c0 + 1).min(64) as u32;
                    let full = u64::MAX >> (64 - len);
                    let mut walls = full;
                    let (a, b) = (c0.max(lo), (c0 + i64::from(len) - 1).min(hi));
                    if a <= b {
                        let n = (b - a + 1) as u32;
                        let inside = (u64::MAX >> (64 - n)) << (a - c0);
                        walls = (walls & !inside) | lines.octant_bits(q, depth, a, n) << (a - c0);
                    }
                    if !LAST_ONLY || depth == reach {
                        self.report::<DEDUPE, S>(
                            sink,
                            q,
                            &row,
                            (c0, len, walls),
                            (first, last),
                            (lo, hi),
                        );
                    }
                    let mut pos = 0;
                    let mut wall = match wall_before {
                        Some(wall) => wall,
                        None => {
                            pos = 1;
                            walls & 1 == 1
                        }
                    };
                    while pos < len {
                        let changes =
                            (if wall { !walls } else { walls }) & full & (u64::MAX << pos);
                        if changes == 0 {
                            break;
                        }
                        let i = changes.trailing_zeros();
                        let col = c0 + i64::from(i);
                        if wall {
                            start = edge(depth, col);
                        } else if depth < reach {
                            next.push(Row {
                                depth: depth + 1,
                                start,
                                end: edge(depth, col),
                            });
                        }
                        wall = !wall;
                        pos = i + 1;
                    }
                    wall_before = Some(wall);
                    c0 += i64::from(len);
                }
                // A row that ends on a floor goes on deeper.
                if wall_before == Some(false) && depth < reach {
                    next.push(Row {
                        depth: depth + 1,
                        start,
                        end,
                    });
                }
            }
            std::mem::swap(&mut rows, &mut next);
            if rows.is_empty() {
                break;
            }
        }
        (self.rows, self.next) = (rows, next);
    }

    /// Reports the visible tiles among the columns `c0..c0 + len` of `row`
    /// (bit `i` of `walls` is column `c0 + i`; the row runs `first..=last`,
    /// `lo..=hi` are on the field): every wall, and the floors whose centre
    /// is in sight. Only the row's two ends can be floors out of sight, or
    /// diagonal tiles that the next quadrant shares: they are checked one by
    /// one, the rest is one span.
    #[inline(always)]
    fn report<const DEDUPE: bool, S: Sink>(
        &mut self,
        sink: &mut S,
        q: Octant,
        row: &Row,
        (c0, len, walls): (i64, u32, u64),
        (first, last): (i64, i64),
        (lo, hi): (i64, i64),
    ) {
        let end = c0 + i64::from(len) - 1;
        let (mut a, mut b) = (c0.max(lo), end.min(hi));
        if a > b {
            return;
        }
        if a == first {
            self.report_end::<DEDUPE, S>(sink, q, row, walls >> (a - c0) & 1 == 1, a);
            a += 1;
        }
        if b == last && b >= a {
            self.report_end::<DEDUPE, S>(sink, q, row, walls >> (b - c0) & 1 == 1, b);
            b -= 1;
        }
        q.span(sink, row.depth, a, b);
    }

    /// Reports column `col`, the first or last of `row`, if it is a wall or
    /// its centre is in sight, unless the other quadrant reported it.
    #[inline(always)]
    fn report_end<const DEDUPE: bool, S: Sink>(
        &mut self,
        sink: &mut S,
        q: Octant,
        row: &Row,
        wall: bool,
        col: i64,
    ) {
        let (dx, dy) = q.offset(row.depth, col);
        if (wall || row.is_symmetric(col)) && (!DEDUPE || self.first_report(dx, dy)) {
            sink.tile(dx, dy);
        }
    }

    /// Whether offset `(dx, dy)` has not been reported yet; only diagonal
    /// tiles can be scanned twice.
    #[inline]
    fn first_report(&mut self, dx: i64, dy: i64) -> bool {
        if dx.abs() != dy.abs() {
            return true;
        }
        let bit = 1u8 << (u8::from(dx < 0) | u8::from(dy < 0) << 1);
        let at = dx.unsigned_abs() as usize;
        if at >= self.diagonals.len() {
            self.diagonals.resize(at + 1, 0);
        }
        let seen = self.diagonals[at] & bit != 0;
        self.diagonals[at] |= bit;
        !seen
    }
}

field_of_view!(SymmetricShadowcast);

impl Scan for SymmetricShadowcast {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        // Each next row holds a floor of its depth that no other row holds
        // twice, so a depth holds at most `2 * (2 * depth + 1)` rows: room
        // for the farthest any origin can reach with this range.
        let reach = presized_reach(map, field.range);
        let rows = 4 * (reach + 1);
        self.rows.reserve(rows.saturating_sub(self.rows.len()));
        self.next.reserve(rows.saturating_sub(self.next.len()));
        self.diagonals.clear();
        self.diagonals.reserve(reach + 1);
        if field.gaps.blocks() {
            let mut shut = std::mem::take(&mut self.shut);
            let found = with_tiles!(map, field.origin, |tiles| {
                let found = shut.find(tiles, field);
                if let Ok(found) = found {
                    // The sink behind a pointer: one compiled copy of the
                    // scan serves every sink with the rule, which keeps the
                    // wasm module small.
                    let sink: &mut dyn Sink = sink;
                    let shut = found.then_some(&shut);
                    self.scan(tiles, field, &mut Except { sink, shut });
                }
                found
            });
            self.shut = shut;
            found?;
        } else {
            with_tiles!(map, field.origin, |tiles| self.scan(tiles, field, sink));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrants_are_the_four_axis_wedges() {
        let axes: Vec<_> = QUADRANTS.iter().map(|q| q.offset(1, 0)).collect();
        assert_eq!(axes, [(1, 0), (0, 1), (-1, 0), (0, -1)]);
        // Each diagonal is shared by exactly two quadrants.
        let mut hits = std::collections::HashMap::new();
        for q in QUADRANTS {
            for col in [-2, 2] {
                *hits.entry(q.offset(2, col)).or_insert(0) += 1;
            }
        }
        assert_eq!(hits.len(), 4);
        assert!(hits.values().all(|&n| n == 2));
    }

    #[test]
    fn rows_span_ford_s_rounded_columns() {
        // Row at depth 3 between the edges 1/2 and 5/6: 1.5 rounds up to 2,
        // 2.5 rounds down to 2.
        let row = Row {
            depth: 3,
            start: Slope::new(1, 2),
            end: Slope::new(5, 6),
        };
        assert_eq!(row.start.mul_round_ties_up(3), 2);
        assert_eq!(row.end.mul_round_ties_down(3), 2);
        assert!(row.is_symmetric(2));
        assert!(!row.is_symmetric(1));
        assert_eq!(edge(3, 2), Slope::new(1, 2));
    }

    #[test]
    fn diagonal_tiles_are_reported_once() {
        let mut fov = SymmetricShadowcast::new();
        assert!(fov.first_report(2, -2));
        assert!(!fov.first_report(2, -2));
        assert!(fov.first_report(-2, -2));
        assert!(fov.first_report(3, 1) && fov.first_report(3, 1));
    }
}
