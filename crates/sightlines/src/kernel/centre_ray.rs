//! The segment between two tiles' centres, walked as a Bresenham line is:
//! what `can_see` asks before, or instead of, a scan.
//!
//! **A floor seen centre to centre** (`symmetric-shadowcast`,
//! `diamond-shadowcast`) is decided by that segment alone ([`blocked`]).
//! In the frame of the segment's major axis (depth along it, col across),
//! a wall at depth `d` and col `c` blocks rays crossing the interior of its
//! mid-line, col `c - 1/2` to `c + 1/2` at depth `d` (for a ray no steeper
//! than the diagonal, the same as crossing the diamond inscribed in the
//! tile). A ray that only touches a mid-line's end passes it, but one that
//! touches a wall's end on one side and another wall's on the other side
//! slips through a pinch, which each algorithm rules on its own way
//! ([`Pinch`]). At depth `d` the ray to `(a, b)` is at col `b·d / a`: one
//! tile holds it, or two touch it at a half-integer. Stepping `d` updates
//! that col's whole part and remainder by additions, so asking whether the
//! ray is blocked costs a tile read a step.
//!
//! **Sight between squares** (`precise-permissive` and its levels,
//! `beveled`, `recursive-shadowcast`) is a wedge of lines, but two cheap
//! facts settle most pairs ([`verdict`]): a segment between the centres
//! that touches no wall at all proves B visible, and a column walled across
//! the hull of the two squares proves it hidden. Both read a run of tiles
//! at a time from the packed words.

use super::field::Field;
use super::octant::{one_octant, Octant};
use super::tiles::{ByTile, OctantRows, Tiles};

/// Which pinches block: a ray touching a wall's mid-line end on the side
/// toward the major axis (*axis side*) and another's on the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pinch {
    /// Both touches block, in either order along the ray (Ford's
    /// symmetric shadowcasting).
    EitherOrder,
    /// Only an axis-side touch followed, at the same depth or farther, by
    /// an other-side touch (RuggRogue's rounding).
    AxisSideFirst,
}

/// Whether the segment from the origin's centre to the centre of the tile
/// at offset `to` (not the origin) is blocked by the walls strictly before
/// `to` in its major axis, with `pinch` ruling the touched ends. Every tile
/// asked lies in the rectangle between the origin and `to`: read straight
/// from the map's packed lines when they hold it all (`field` says where
/// the origin is), else asked one by one.
pub(crate) fn blocked<T: Tiles>(tiles: &T, field: &Field, to: (i64, i64), pinch: Pinch) -> bool {
    let (k, a, b) = Octant::holding(to.0, to.1);
    let octant = Octant::ALL[k];
    match tiles.octant_lines_to(field, to, octant) {
        Some(lines) => walk(|d, c| lines.octant_tile(octant, d, c), a, b, pinch),
        None => walk(
            |d, c| {
                let (x, y) = octant.offset(d, c);
                tiles.opaque(x, y)
            },
            a,
            b,
            pinch,
        ),
    }
}

/// [`blocked`] in the frame of the segment's octant, the target at depth
/// `a`, col `b` (`0 <= b <= a`, so the axis side of the ray is below it),
/// with `wall` telling the tile at a depth and col.
#[inline(always)]
fn walk(wall: impl Fn(i64, i64) -> bool, a: i64, b: i64, pinch: Pinch) -> bool {
    // Col `b·d / a` plus 1/2 in units of 1/2a: `q` whole, `r` over.
    let (den, rise) = (2 * a, 2 * b);
    let (mut q, mut r) = (0, a);
    let mut axis_touched = false;
    let mut other_touched = false;
    for d in 1..a {
        r += rise;
        if r >= den {
            r -= den;
            q += 1;
        }
        if r != 0 {
            // Inside tile `q`'s mid-line.
            if wall(d, q) {
                return true;
            }
            continue;
        }
        // On the end where tile `q - 1` (axis side) and tile `q` meet.
        let (near_wall, far_wall) = (wall(d, q - 1), wall(d, q));
        axis_touched |= near_wall;
        if far_wall && axis_touched {
            return true;
        }
        other_touched |= far_wall;
        if pinch == Pinch::EitherOrder && axis_touched && other_touched {
            return true;
        }
    }
    false
}

/// What the squares' scans can tell of the tile at offset `to` (not the
/// origin) before scanning: `Some(true)` when the segment between the two
/// centres is clear, touching no opaque tile but those two, not even at an
/// edge or a corner (the segments near it are clear too: a wedge of sight
/// however the source square is cut and whatever a corner rule says);
/// `Some(false)` when a column from the first wall it touches on is
/// [walled across](walled_across); `None` when only a scan can tell. For
/// the algorithms whose sight lines run between points of the two squares,
/// from the origin's centre or not.
pub(crate) fn verdict<T: Tiles>(tiles: &T, field: &Field, to: (i64, i64)) -> Option<bool> {
    let (k, a, b) = Octant::holding(to.0, to.1);
    one_octant!(k, verdict_in::<_, T>(tiles, field, a, b, to))
}

/// [`verdict`] for the tile at depth `a`, col `b` of octant `K` of
/// [`Octant::ALL`], compiled once per octant so that its packed reads know
/// their direction. Every tile asked lies in the rectangle between the
/// origin and the tile: read straight from the map's packed lines when
/// they hold it all, with no check a read, else through `tiles`. (The
/// lines found here rather than in [`verdict`]: passed in, they cost 15 to
/// 20 more instructions a question.)
fn verdict_in<const K: usize, T: Tiles>(
    tiles: &T,
    field: &Field,
    a: i64,
    b: i64,
    to: (i64, i64),
) -> Option<bool> {
    let octant = Octant::ALL[K];
    let lines = tiles.lines_to(field, to);
    match (lines.of(octant.transposed()), lines.of(octant)) {
        (Some(across), Some(down)) => decide(&across, &down, octant, a, b),
        _ => decide(&ByTile(tiles), &ByTile(tiles), octant, a, b),
    }
}

/// [`verdict_in`] reading the octant's cols from `across` (lines along the
/// depth axis) and its depths from `down`.
#[inline(always)]
fn decide<A: OctantRows, D: OctantRows>(
    across: &A,
    down: &D,
    octant: Octant,
    a: i64,
    b: i64,
) -> Option<bool> {
    match first_touch(across, octant, a, b) {
        None => Some(true),
        Some(d) if walled_across(down, octant, a, b, d) => Some(false),
        Some(_) => None,
    }
}

/// Where the segment from the origin's centre to the centre of the tile at
/// depth `a`, col `b` of `octant` first touches an opaque tile other than
/// those two, even at an edge or a corner: a depth at or before the first
/// such tile's, or `None` when it touches none.
#[inline(always)]
fn first_touch<R: OctantRows>(tiles: &R, octant: Octant, a: i64, b: i64) -> Option<i64> {
    // Runs along the depth axis, at one col: in any order, only "any wall"
    // matters.
    let along = octant.transposed();
    // The segment is at col `b·x / a` at depth `x`, so tile (`d`, `c`) is
    // touched when `c - 1/2 <= b·x / a <= c + 1/2` for some `x` within half
    // a tile of `d`: for `c` from 0 to `b`, the depths from
    // `(2ac - a - b) / 2b` rounded up to `(2ac + a + b) / 2b` rounded down.
    // Both numerators step by `2a` a col: whole parts and remainders
    // stepped, all from one division, `a = w·b + v` (a division is many
    // times the cost of any other step here).
    let den = 2 * b.max(1);
    let (w, v) = (a / b.max(1), a % b.max(1));
    // `2a = w·den + 2v`.
    let (step, step_r) = (w, 2 * v);
    // `hi`: `2ac + a + b` over `den`, rounded down, at `c = 0`; `a + b =
    // (w + 1)·b + v`, one `b` over a whole `den` when `w` is even.
    let (mut hi_q, mut hi_r) = if w % 2 == 1 {
        ((w + 1) / 2, v)
    } else {
        (w / 2, b + v)
    };
    // `lo`: `2ac - a - b` over `den`, rounded up (floor and remainder
    // kept): at `c = 0` the negation of `hi`'s numerator.
    let (mut lo_q, mut lo_r) = if hi_r == 0 {
        (-hi_q, 0)
    } else {
        (-hi_q - 1, den - hi_r)
    };
    // The tiles at either end are not asked. Along the axis (`b = 0`,
    // where none of this holds) the one col is read to B.
    if b == 0 {
        hi_q = a - 1;
    }
    let mut c = 0;
    loop {
        // Depth 0 holds the origin and, at col 0, nothing else touched.
        let mut first = if c == 0 {
            1
        } else {
            lo_q + i64::from(lo_r > 0)
        };
        let last = if c == b { hi_q.min(a - 1) } else { hi_q };
        while first <= last {
            let len = (last - first + 1).min(64) as u32;
            if tiles.unordered_bits(along, c, first, len) != 0 {
                // The cols before were clear, those after start no nearer.
                return Some(first);
            }
            first += i64::from(len);
        }
        if c == b {
            return None;
        }
        c += 1;
        (lo_q, lo_r) = (lo_q + step, lo_r + step_r);
        if lo_r >= den {
            (lo_q, lo_r) = (lo_q + 1, lo_r - den);
        }
        (hi_q, hi_r) = (hi_q + step, hi_r + step_r);
        if hi_r >= den {
            (hi_q, hi_r) = (hi_q + 1, hi_r - den);
        }
    }
}

/// Whether some column across the depth axis of `octant`, strictly between
/// the origin and the tile at depth `a`, col `b`, is walled over the whole
/// width of the convex hull of the two tiles' squares: then every segment
/// between the two squares' interiors crosses that column's full width
/// through its walls, so meets a wall's interior, and the tile is hidden
/// from every algorithm whose sight lines run between points of the two
/// squares. The columns from depth `from` on are asked (a full column
/// holds the tiles the segment between the centres touches there). Each
/// tile asked is no farther from either axis than the target, so within
/// any range that holds it.
#[inline(always)]
fn walled_across<R: OctantRows>(tiles: &R, octant: Octant, a: i64, b: i64, from: i64) -> bool {
    // In column `d` (depths `d - 1/2` to `d + 1/2`) the hull spans the cols
    // between its lower tangent at the column's near side, `-1/2 +
    // b(d - 1)/a`, and its upper one at the far side, `1/2 + b(d + 1)/a`,
    // open: the tiles from `b(d - 1)/a` rounded down to `b(d + 1)/a`
    // rounded up.
    let first = from.max(1);
    let last = a - 1;
    if first > last {
        return false;
    }
    // `b(d - 1)` over `a`, whole part and remainder, stepped by `b`; the
    // far side is `2b` on. Products of offsets can pass 2^63, but seldom:
    // only then a division in 128 bits, a call to a slow routine.
    let (mut q, mut r) = match b.checked_mul(first - 1) {
        Some(start) => (start / a, start % a),
        None => {
            let start = i128::from(b) * i128::from(first - 1);
            (
                (start / i128::from(a)) as i64,
                (start % i128::from(a)) as i64,
            )
        }
    };
    // `2b <= 2a`, so with no division: a whole part of 0 or 1, and a
    // part over it of at most `a` (`a` itself when `b = a`).
    let two_q = i64::from(2 * b >= a);
    let two_r = 2 * b - two_q * a;
    for d in first..=last {
        let lo = q;
        // `r + two_r < 2a`: one wrap at most, and no division a column.
        let (wrap, over) = match r + two_r {
            hi_r if hi_r >= a => (1, hi_r - a),
            hi_r => (0, hi_r),
        };
        let hi = q + two_q + wrap + i64::from(over != 0);
        let len = (hi - lo + 1) as u32;
        if tiles.unordered_bits(octant, d, lo, len) == u64::MAX >> (64 - len) {
            return true;
        }
        r += b;
        if r >= a {
            (q, r) = (q + 1, r - a);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::field::open_field as field_at;
    use crate::kernel::tiles::Asked;
    use crate::map::Opacity;

    /// A map of a few walls on an endless floor.
    struct Walls(Vec<(i64, i64)>);

    impl Opacity for Walls {
        fn is_opaque(&self, x: i32, y: i32) -> bool {
            self.0.contains(&(i64::from(x), i64::from(y)))
        }
    }

    /// What `ask` answers of the ray from (0, 0) to `to` among `walls`, the
    /// same in each of the eight frames the map can be turned to.
    fn all_ways<A>(
        walls: &[(i64, i64)],
        to: (i64, i64),
        ask: impl Fn(&Asked<'_, Walls>, (i64, i64)) -> A,
    ) -> A
    where
        A: PartialEq + std::fmt::Debug,
    {
        let mut answers = Vec::new();
        for (sx, sy, swap) in [
            (1, 1, false),
            (-1, 1, false),
            (1, -1, false),
            (-1, -1, false),
            (1, 1, true),
            (-1, 1, true),
            (1, -1, true),
            (-1, -1, true),
        ] {
            let turn = |(x, y): (i64, i64)| {
                let (x, y) = (sx * x, sy * y);
                if swap {
                    (y, x)
                } else {
                    (x, y)
                }
            };
            let map = Walls(walls.iter().map(|&w| turn(w)).collect());
            answers.push(ask(&Asked::new(&map, (0, 0)), turn(to)));
        }
        assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
        answers.swap_remove(0)
    }

    /// Whether the ray from (0, 0) to `to` is blocked by `walls`, for each
    /// pinch rule, in each of the eight frames.
    fn blocked_all_ways(walls: &[(i64, i64)], to: (i64, i64)) -> [bool; 2] {
        all_ways(walls, to, |tiles, to| {
            [
                blocked(tiles, &field_at((0, 0)), to, Pinch::EitherOrder),
                blocked(tiles, &field_at((0, 0)), to, Pinch::AxisSideFirst),
            ]
        })
    }

    #[test]
    fn a_clear_segment_or_a_walled_column_decides_between_squares() {
        let field = field_at((0, 0));
        let verdict_all_ways =
            |walls: &[(i64, i64)], to| all_ways(walls, to, |t, to| verdict(t, &field, to));
        // From (0, 0) to (6, 2) the segment is at col 1 at depth 3, and
        // the hull of the two squares spans cols 0 to 2 there.
        assert_eq!(verdict_all_ways(&[], (6, 2)), Some(true));
        // A wall beside the hull's middle, untouched by the segment.
        assert_eq!(verdict_all_ways(&[(3, 2)], (6, 2)), Some(true));
        assert_eq!(verdict_all_ways(&[(3, 1)], (6, 2)), None);
        assert_eq!(
            verdict_all_ways(&[(3, 0), (3, 1), (3, 2)], (6, 2)),
            Some(false)
        );
        // A gap at either end of the column leaves only a scan to tell.
        assert_eq!(verdict_all_ways(&[(3, 0), (3, 1)], (6, 2)), None);
        assert_eq!(verdict_all_ways(&[(3, 1), (3, 2)], (6, 2)), None);
        // The segment through the corner at depth 1/2 of a diagonal touches
        // (0, 1) and (1, 0): not clear, though nothing is walled across.
        assert_eq!(verdict_all_ways(&[(1, 0)], (3, 3)), None);
        // A wall across the axis.
        assert_eq!(verdict_all_ways(&[(2, 0)], (4, 0)), Some(false));
        assert_eq!(verdict_all_ways(&[(2, 1), (2, -1)], (4, 0)), Some(true));
    }

    #[test]
    fn a_wall_blocks_the_rays_through_its_mid_line() {
        // The ray to (4, 1) is at col 1/2 at depth 2: on the end of (2, 0)
        // and (2, 1), not inside either; at depth 1 inside (1, 0).
        assert_eq!(blocked_all_ways(&[(1, 0)], (4, 1)), [true, true]);
        assert_eq!(blocked_all_ways(&[(3, 1)], (4, 1)), [true, true]);
        assert_eq!(blocked_all_ways(&[(2, 0)], (4, 1)), [false, false]);
        assert_eq!(blocked_all_ways(&[(2, 1)], (4, 1)), [false, false]);
        // The target itself, and walls past it or beside the ray, do not.
        assert_eq!(
            blocked_all_ways(&[(4, 1), (5, 1), (2, 2)], (4, 1)),
            [false, false]
        );
        // Nothing is before a neighbour.
        assert_eq!(blocked_all_ways(&[(0, 1), (1, 0)], (1, 1)), [false, false]);
    }

    #[test]
    fn touching_ends_on_both_sides_is_a_pinch() {
        // Two walls at one depth, meeting where the ray passes: blocked by
        // both rules.
        assert_eq!(blocked_all_ways(&[(2, 0), (2, 1)], (4, 1)), [true, true]);
        // The ray to (6, 1) touches ends at depths 3 (col 1/2) only; to
        // (10, 3), at depths 5 (col 3/2) only. The ray to (10, 1) touches
        // them at depth 5 (col 1/2). For two depths: the ray to (12, 2)
        // is at col 1/2 at depths 3 and 9.
        // Axis side (below the ray) first, then the other side: both block.
        assert_eq!(blocked_all_ways(&[(3, 0), (9, 2)], (12, 2)), [true, true]);
        // The other side first: only Ford's rule blocks.
        assert_eq!(blocked_all_ways(&[(3, 1), (9, 1)], (12, 2)), [true, false]);
        // Two touches on one side are no pinch.
        assert_eq!(blocked_all_ways(&[(3, 0), (9, 1)], (12, 2)), [false, false]);
        assert_eq!(blocked_all_ways(&[(3, 1), (9, 2)], (12, 2)), [false, false]);
    }

    #[test]
    fn long_rays_stay_exact_near_the_ends_of_i32() {
        // From near i32::MAX, toward it: the ray to (3M, 1.5M) is at col
        // d / 2, a touch between two tiles at every odd depth.
        let origin = (i32::MAX - 3_000_000, i32::MAX - 1_500_000);
        let ask = |walls: &[(i64, i64)], pinch| {
            let map = |x: i32, y: i32| {
                let at = (i64::from(x - origin.0), i64::from(y - origin.1));
                walls.contains(&at)
            };
            let to = (3_000_000, 1_500_000);
            blocked(&Asked::new(&map, origin), &field_at(origin), to, pinch)
        };
        let either = Pinch::EitherOrder;
        assert!(!ask(&[], either));
        assert!(ask(&[(2_999_998, 1_499_999)], either));
        assert!(!ask(&[(2_999_998, 1_500_000)], either));
        let (axis_then_other, other_then_axis) = (
            [(2_000_001, 1_000_000), (2_999_999, 1_500_000)],
            [(2_000_001, 1_000_001), (2_999_999, 1_499_999)],
        );
        assert!(ask(&axis_then_other, Pinch::AxisSideFirst));
        assert!(!ask(&other_then_axis, Pinch::AxisSideFirst));
        assert!(ask(&other_then_axis, either));
        // Past i32 space everything blocks, as an edge would.
        let open = |_: i32, _: i32| false;
        let tiles = Asked::new(&open, (i32::MAX - 1, 0));
        let field = field_at((i32::MAX - 1, 0));
        assert!(blocked(&tiles, &field, (5, 0), Pinch::AxisSideFirst));
        assert!(!blocked(&tiles, &field, (-5, 2), Pinch::AxisSideFirst));
    }
}
