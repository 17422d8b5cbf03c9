//! `can_see` for MRPAS before any scan: a walk along B's centre ray that
//! settles most pairs, reading a few cells a line.
//!
//! MRPAS has no margin around the segment that is safe to scan alone (an
//! obstacle grows with every wall that joins it), so when the walk cannot
//! tell, `can_see` computes the field in the square that reaches B, as
//! little of it as B depends on (`Restrictive::sees_in_field`). In B's
//! octant, B is at line `a` and column `b`, its centre at angle `r = b/a`.
//! On each line `j < a` the walk looks at `low = ⌊r·j⌋` and `high = low +
//! 1`, the cells whose centres lie just below and just above `r`; one of
//! them holds `r` in its range, strictly except on a *tie* (`r` on their
//! shared edge).
//!
//! - **No obstacle reaches the ray.** An obstacle is a chain of visible
//!   walls' ranges; if one held `r`, a wall of the chain would hold it,
//!   and such a wall is a cell the walk meets (where it stops, below).
//!   So each obstacle lies wholly below `r` or wholly above, and the walk
//!   bounds the highest end below (`below`) and the lowest start above
//!   (`above`). Only walls at `low - 1 ..= low + 2` count: a wall two
//!   cells farther out ends (or starts) at least `3/2j` from `r`, while a
//!   later centre of the walk lies within `1/j'` of it, `j' > j`.
//! - **The cells beside the ray.** `low` or `high` is *surely seen and
//!   open* when it is a floor, scanned (its range ends past a bound on
//!   the minimum angle), its centre in no obstacle (`below` at most its
//!   centre, or `above` at least), and one of its inner neighbours (one
//!   line back, same column or one toward the axis) was surely seen and
//!   open. Line 1 is seen whole. Marks other octants leave only add open
//!   cells, so this holds whatever they mark.
//! - **The minimum angle** grows by runs of walls from the first cell a
//!   line scans; taking every wall as seen bounds it from above.
//! - **Seen.** If `low` or `high` is surely open on line `a - 1` and
//!   feeds B, B is seen: no obstacle holds `r`, B's centre, and none
//!   holds B's whole range, which holds `r`.
//! - **Hidden.** If the cell holding `r` strictly is a wall fed by a surely
//!   open cell, it is seen: no obstacle holds its whole range, which holds
//!   `r`. It then makes or widens an obstacle over its range, or joins the
//!   minimum angle, which then passes its end. If no run of walls from the
//!   line's first cell reaches it, it cannot join, and a floor B is hidden
//!   (its centre `r` strictly inside); else B is hidden when the wall's
//!   range passes B's end. A wall B is hidden when the wall's range holds
//!   B's whole range. B on an axis or a diagonal, which another octant's
//!   pass may see, is left to the field.
//! - **Hidden between two walls.** On a tie line, both cells beside the
//!   ray walls, each fed by a surely open cell, make obstacles that meet on
//!   the ray (or join the minimum angle past it); neither holds `r`, but
//!   they hold both of B's inner neighbours' centres, and with obstacles
//!   about a cell is seen only from an open neighbour
//!   ([`walls_meet_on_the_ray`]).
//! - Otherwise, when neither `low` nor `high` is surely open, the walk
//!   stops and the field decides. So it does when walls meet on the ray on
//!   two tie lines, one ending at `r` and one starting there, which could
//!   join into an obstacle across it: on the second line both cells beside
//!   the ray are walls or hidden.
//!
//! Open ground, where no cell from the axis to `low + 2` is a wall, takes
//! one read a line. The walk replaced two earlier facts, a clear wedge
//! below the ray and the first wall below it head-on, which it covers.
//! A third, that no chain of transparent tiles a king's step apart leads
//! from A to B, was tried and dropped: it walks every line to B, and on
//! the cave it seldom told.

use crate::kernel::{one_octant, ByTile, Field, Octant, OctantRows, Slope, Tiles};

/// What the walk of the [module docs](self) tells of the tile at offset
/// `to` (not the origin): `Some(true)` seen, `Some(false)` hidden, `None`
/// when only the field can tell.
pub(crate) fn sees<T: Tiles>(tiles: &T, field: &Field, to: (i64, i64)) -> Option<bool> {
    let floor = !tiles.opaque(to.0, to.1);
    let (k, a, b) = Octant::holding(to.0, to.1);
    one_octant!(k, sees_in::<_, T>(tiles, field, to, a, b, floor))
}

/// [`sees`] for line `a`, column `b` of octant `K` of [`Octant::ALL`] (a
/// floor or not), compiled once per octant so that its reads know their
/// direction: straight from the map's packed `lines` when they hold the
/// rectangle, else through `tiles`.
fn sees_in<const K: usize, T: Tiles>(
    tiles: &T,
    field: &Field,
    to: (i64, i64),
    a: i64,
    b: i64,
    floor: bool,
) -> Option<bool> {
    // Products of a line and a column stay far inside i64.
    if a > 1 << 28 {
        return None;
    }
    let octant = Octant::ALL[K];
    // Every tile the walk reads lies in the rectangle between the origin
    // and `to`.
    match tiles.octant_lines_to(field, to, octant) {
        Some(rows) => walk_the_ray(&rows, octant, a, b, floor),
        None => walk_the_ray(&ByTile(tiles), octant, a, b, floor),
    }
}

/// The angle `num / 2·line`: a cell's edge (`num = 2c ± 1`) or centre
/// (`num = 2c`) at its line, as an exact [`Slope`] (lines below 2^28,
/// numerators below 2^30: products fit).
#[inline(always)]
const fn angle(num: i64, line: i64) -> Slope {
    Slope::new(num, 2 * line)
}

/// Four bits in the other order.
const MIRROR_FOUR: [u64; 16] = [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15];

/// The walk of the [module docs](self): the cells around B's centre ray
/// (angle `b/a`) line by line, carrying which of the two cells beside the
/// ray are surely seen and open, and bounds on the obstacles and on the
/// minimum angle, until a wall that surely hides B, B itself, or a line
/// where nothing is sure.
#[inline(always)]
fn walk_the_ray<R: OctantRows>(
    tiles: &R,
    octant: Octant,
    a: i64,
    b: i64,
    floor: bool,
) -> Option<bool> {
    let ray = angle(2 * b, a);
    // The highest end of a wall wholly below the ray (at most the ray) and
    // the lowest start of one wholly above (at least the ray), among the
    // cells that can matter; none yet: -1/2 and 3/2, past every centre.
    let mut below = angle(-1, 1);
    let mut above = angle(3, 1);
    // A bound on the minimum angle, every wall taken as seen, and the first
    // cell a line scans, the first whose range ends past it:
    // `⌊min_angle·j + 1/2⌋`, stepped a line at a time as `first` and
    // `over / min_angle.den`.
    let mut min_angle = angle(0, 1);
    let (mut first, mut over) = (0i64, 1i64);
    // `low` is column `⌊b·j/a⌋` of line `j`, `b·j = low·a + rem`; `high`
    // the next. Whether each is surely seen and open on the line before
    // (line 1 is seen whole: the origin counts as both).
    let (mut low, mut rem) = (0i64, 0i64);
    // Open ground first: while every cell from the axis to two past `low`
    // is a floor, no wall can have made an obstacle or moved the minimum
    // angle near the ray, and `low` (and `high`, when it is read) is seen
    // and open; one read a line.
    let mut j = 1;
    while j < a {
        let (next_low, next_rem) = if rem + b >= a {
            (low + 1, rem + b - a)
        } else {
            (low, rem + b)
        };
        let hi = (next_low + 2).min(b).min(j);
        if hi >= 64 || tiles.unordered_bits(octant, j, 0, (hi + 1) as u32) != 0 {
            break;
        }
        (low, rem) = (next_low, next_rem);
        j += 1;
    }
    if j == a {
        return Some(true);
    }
    // Line `j - 1` was open ground: `high` too is open (off the diagonal,
    // where beyond it feeds nothing).
    let (mut low_open, mut high_open) = (true, true);
    for j in j..=a {
        rem += b;
        let stepped = rem >= a;
        if stepped {
            rem -= a;
            low += 1;
        }
        // The inner neighbours of a cell are one line back, in its column
        // and one toward the axis.
        let (low_fed, high_fed) = if stepped {
            (low_open || high_open, high_open)
        } else {
            (low_open, low_open || high_open)
        };
        // `min_angle < 1`: at most one carry.
        over += min_angle.num;
        if over >= min_angle.den {
            over -= min_angle.den;
            first += 1;
        }
        if j == a {
            // B's centre lies in no obstacle: one would hold a wall on the
            // ray, which the walk passes only as a seen head-on one.
            return (low_fed && b >= first).then_some(true);
        }
        // The walls of columns `lo..=hi`: from the first cell scanned (or
        // the band's first) to two past `low`; past the diagonal no cell
        // of this pass, and past B's column no wall that matters.
        let hi = (low + 2).min(b).min(j);
        let band_lo = (low - 1).max(0);
        let lo = first.min(band_lo);
        let (band, run_end) = if hi - lo < 64 {
            let bits = tiles.unordered_bits(octant, j, lo, (hi - lo + 1) as u32);
            if octant.runs_forward() {
                // Bit `i` is column `lo + i`.
                let run = i64::from((!(bits >> (first - lo))).trailing_zeros());
                (bits >> (band_lo - lo) << (band_lo - low + 1), first + run)
            } else {
                // Bit `i` is column `hi - i`: the run goes down from
                // `first`'s bit, and the band's four columns, from `low + 2`
                // down, are mirrored by a table.
                let run = i64::from((bits << (63 - (hi - first))).leading_ones());
                let shift = hi - low - 2;
                let window = if shift >= 0 {
                    bits >> shift
                } else {
                    bits << -shift
                };
                (MIRROR_FOUR[(window & 0xF) as usize], first + run)
            }
        } else {
            // A long line from the minimum angle: the band and the run
            // read apart, the run up to 64 cells.
            let bits = tiles.octant_bits(octant, j, band_lo, (hi - band_lo + 1) as u32);
            let len = (hi - first + 1).min(64);
            let run = tiles.octant_bits(octant, j, first, len as u32);
            let run = i64::from((!run).trailing_zeros());
            if run == 64 && first + 64 <= hi {
                return None;
            }
            (bits << (band_lo - low + 1), first + run)
        };
        // Bit `col - low + 1` of `band` is column `col`.
        let wall = |col: i64| band >> (col - low + 1) & 1 != 0;
        let twice = 2 * rem;
        if band != 0 {
            if twice != a {
                // The cell holding the ray strictly.
                let (w, fed) = if twice < a {
                    (low, low_fed)
                } else {
                    (low + 1, high_fed)
                };
                if wall(w) {
                    // Head-on: seen when fed (no obstacle holds the ray).
                    // It makes or widens an obstacle over its range, unless
                    // it joins the minimum angle (when the run of walls
                    // from the first cell reaches it), which then passes
                    // its end. Either hides B when its range holds B's (B
                    // a wall), or B's centre and end.
                    let starts_before = angle(2 * b - 1, a) >= angle(2 * w - 1, j);
                    let ends_after = angle(2 * w + 1, j) >= angle(2 * b + 1, a);
                    let hides = if floor {
                        run_end < w || ends_after
                    } else {
                        starts_before && ends_after
                    };
                    return (fed && hides && 0 < b && b < a).then_some(false);
                }
            } else if wall(low) && wall(low + 1) {
                return walls_meet_on_the_ray((low_fed, high_fed), (below, ray, above), (a, b));
            }
        }
        // `low`'s centre lies at or below the ray, `high`'s above.
        low_open =
            low_fed && low >= first && !wall(low) && (rem == 0 || below <= angle(2 * low, j));
        high_open = high_fed && low < j && !wall(low + 1) && angle(2 * (low + 1), j) <= above;
        if !(low_open || high_open) {
            return None;
        }
        // This line's walls: the minimum angle, and the obstacles beside
        // the ray (walls farther out end or start too far from it to hold
        // a later centre of the walk).
        if run_end > first {
            // At line `j` the new bound times `j`, plus 1/2, is `run_end`.
            min_angle = angle(2 * run_end - 1, j);
            (first, over) = (run_end, 0);
            if ray < min_angle {
                return None;
            }
        }
        if band != 0 {
            // Below the ray: `low - 1`, and `low` unless it holds the ray
            // strictly; above: `low + 2`, and `high` unless it does.
            let under = band & if twice < a { 0b0001 } else { 0b0011 };
            if under != 0 {
                let col = low - 2 + i64::from(64 - under.leading_zeros());
                let end = angle(2 * col + 1, j);
                if below < end {
                    below = end;
                }
            }
            let over_ray = band & if twice > a { 0b1000 } else { 0b1100 };
            if over_ray != 0 {
                let col = low - 1 + i64::from(over_ray.trailing_zeros());
                let start = angle(2 * col - 1, j);
                if start < above {
                    above = start;
                }
            }
        }
    }
    None
}

/// The walk's verdict when both cells beside the ray on tie line `j`,
/// `low` and `low + 1`, are walls, their ranges meeting on the ray `r`.
///
/// Fed, and not wholly in an obstacle (none ends at `r` below them or
/// starts there above), both are seen. The lower makes or widens an
/// obstacle over `[r - 1/j, r]` and the upper one over `[r, r + 1/j]`,
/// or the lower joins the minimum angle and then so does the upper,
/// which starts where it ends: the minimum angle passes `r + 1/j`. Either
/// way B is hidden: its range ends by `r + 1/2a`, before `r + 1/j`, and
/// its two inner neighbours' centres, `r - (1 - r)/(a - 1)` and
/// `r + r/(a - 1)`, lie strictly inside the obstacles (`a - 1 >= j`), so
/// no neighbour is open, and with obstacles about a cell needs one. Only
/// for B's neighbours off the octant's edges, where other passes' marks
/// count, and B off the shared lines.
fn walls_meet_on_the_ray(
    (low_fed, high_fed): (bool, bool),
    (below, ray, above): (Slope, Slope, Slope),
    (a, b): (i64, i64),
) -> Option<bool> {
    let seen = low_fed && high_fed && below < ray && ray < above;
    (seen && b >= 2 && b <= a - 3).then_some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::field::open_field as field_at;
    use crate::kernel::tiles::Asked;
    use crate::{Algorithm, Fov, Range};

    /// The walk's verdict on `to` from `(0, 0)` of the map drawn in `rows`
    /// (`#` a wall, the origin top left), the same in each of the eight
    /// orientations of the map, and never against the field of view.
    fn verdict(rows: &[&str], to: (i64, i64)) -> Option<bool> {
        let walls: Vec<(i64, i64)> = rows
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.chars()
                    .enumerate()
                    .filter(|&(_, ch)| ch == '#')
                    .map(move |(x, _)| (x as i64, y as i64))
            })
            .collect();
        turned(&walls, to)
    }

    /// [`verdict`] for `walls`.
    fn turned(walls: &[(i64, i64)], to: (i64, i64)) -> Option<bool> {
        let mut verdicts = Vec::new();
        for swap in [false, true] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let turn = move |(x, y): (i64, i64)| {
                    let (x, y) = if swap { (y, x) } else { (x, y) };
                    (x * sx, y * sy)
                };
                let turned: Vec<(i64, i64)> = walls.iter().map(|&w| turn(w)).collect();
                let map = move |x: i32, y: i32| turned.contains(&(i64::from(x), i64::from(y)));
                let tiles = Asked::new(&map, (0, 0));
                let (tx, ty) = turn(to);
                let got = sees(&tiles, &field_at((0, 0)), (tx, ty));
                let range = Range::square(tx.abs().max(ty.abs()) as u32);
                let target = (tx as i32, ty as i32);
                let mut truth = false;
                Fov::new(Algorithm::Restrictive)
                    .compute(&map, (0, 0), range, |x, y| truth |= (x, y) == target)
                    .unwrap();
                assert!(
                    got.is_none_or(|g| g == truth),
                    "{walls:?} {to:?} turned to {target:?}"
                );
                verdicts.push(got);
            }
        }
        assert!(verdicts.iter().all(|&v| v == verdicts[0]), "{verdicts:?}");
        verdicts[0]
    }

    #[test]
    fn open_cells_around_the_ray_see_b() {
        assert_eq!(verdict(&[".."], (9, 9)), Some(true));
        assert_eq!(verdict(&[".."], (9, 4)), Some(true));
        // (3, 2) starts at angle 3/6, above B's centre 2/6; (6, 0) is on
        // B's own line.
        let rows = ["......#", ".......", "...#..."];
        assert_eq!(verdict(&rows, (6, 2)), Some(true));
        // A wall below the ray that ends at 1/6 (it joins the minimum
        // angle) is too far from the cells around the ray to hide them.
        assert_eq!(verdict(&["...#..", "......", "......"], (6, 2)), Some(true));
    }

    #[test]
    fn a_wall_head_on_hides_b() {
        // (3, 1) spans angles 1/6 to 3/6 around B's centre 2/6 at (6, 2).
        let rows = ["......", "...#..", "......"];
        assert_eq!(verdict(&rows, (6, 2)), Some(false));
        // A wall B too: its range, 3/12 to 5/12, lies inside.
        let rows = ["......", "...#..", "......#"];
        assert_eq!(verdict(&rows, (6, 2)), Some(false));
        // Not a wall B at (4, 3), whose range 5/8 to 7/8 passes the end
        // of (3, 2), 5/6.
        let rows = ["....", "....", "...#", "....#"];
        assert_eq!(verdict(&rows, (4, 3)), None);
        // A floor there is hidden.
        assert_eq!(verdict(&rows[..3], (4, 3)), Some(false));
        // A head-on wall that may join the minimum angle (the walls from
        // the axis reach it) still hides a floor B whose range it passes.
        let rows = ["...#..", "...#..", "......"];
        assert_eq!(verdict(&rows, (6, 2)), Some(false));
    }

    #[test]
    fn two_walls_meeting_on_the_ray_hide_b() {
        // B's centre 1/2 at (6, 3) passes between (3, 1) and (3, 2).
        assert_eq!(turned(&[(3, 1), (3, 2)], (6, 3)), Some(false));
        // So it does when they may join the minimum angle from the axis.
        assert_eq!(turned(&[(3, 0), (3, 1), (3, 2)], (6, 3)), Some(false));
        // Too near the octant's edge for the proof (B's neighbour on the
        // diagonal side, where another pass marks cells).
        assert_eq!(turned(&[(3, 1), (3, 2)], (4, 2)), None);
    }

    #[test]
    fn walls_meeting_on_the_ray_stop_the_walk() {
        // B's centre 1/2 at (10, 5) falls between two cells on lines 3 and
        // 5: (3, 1) ends at 1/2, and (5, 3) starting at 1/2 widens its
        // obstacle across the ray. On line 5 both cells beside the ray are
        // hidden or walls.
        assert_eq!(turned(&[(3, 1), (5, 3)], (10, 5)), None);
        // One of them alone leaves B seen, along the cells above the ray.
        assert_eq!(turned(&[(3, 1)], (10, 5)), Some(true));
    }

    #[test]
    fn long_lines_are_read_in_words() {
        // B at line 200, column 150, with a wall on the axis at line 199.
        let wall = |x: i32, y: i32| (x, y) == (199, 0);
        assert_eq!(
            sees(&Asked::new(&wall, (0, 0)), &field_at((0, 0)), (200, 150)),
            Some(true)
        );
        let open = |_: i32, _: i32| false;
        assert_eq!(
            sees(&Asked::new(&open, (0, 0)), &field_at((0, 0)), (200, 150)),
            Some(true)
        );
        // Walls on the axis at line 100 raise the minimum angle: from
        // there each line's first cell lies more than 64 cells below B's.
        assert_eq!(
            turned(&[(100, 0), (120, 0), (120, 1)], (200, 150)),
            Some(true)
        );
        // A wall head-on far out.
        let head_on = |x: i32, y: i32| (x, y) == (160, 120);
        assert_eq!(
            sees(&Asked::new(&head_on, (0, 0)), &field_at((0, 0)), (200, 150)),
            Some(false)
        );
        // Near the edge of i32 space the tiles past it block.
        let tiles = Asked::new(&open, (i32::MAX - 10, 0));
        assert_eq!(
            sees(&tiles, &field_at((i32::MAX - 10, 0)), (10, 3)),
            Some(true)
        );
    }
}
