//! `can_see` for MRPAS before any scan: two facts about the tiles between
//! A and B that settle most pairs, each read a line at a time.
//!
//! MRPAS has no margin around the segment that is safe to scan alone (an
//! obstacle grows with every wall that joins it), so when no fact tells,
//! `can_see` computes the field in the square that reaches B, as little of
//! it as B depends on (`Restrictive::sees_in_field`). Each fact holds
//! whatever the other octants mark, since marks only add open cells. In
//! B's octant, B at line `a` and column `b`:
//!
//! - **Nothing below the centre ray** ([`first_wall_below`]). Obstacles start
//!   where the walls that make or widen them start. If no wall of lines
//!   `1..a` starts below B's centre (angle `b/a`), no obstacle does, and the
//!   minimum angle stays 0 (it grows from walls on the axis, which start
//!   below). Then no obstacle holds B's centre, let alone its whole range,
//!   and the cells `(j, ⌊b·j/a⌋)` (centres at or below B's, each an inner
//!   neighbour of the next, all transparent) are visible up to B: B is
//!   seen.
//! - **A wall head-on** ([`head_on`]). When the first wall below the ray
//!   holds B's centre's angle strictly inside its range and is surely
//!   seen (its inner neighbour on the ray's floor path, a floor before it
//!   on its line so that it does not join the minimum angle), its obstacle
//!   hides a floor B.
//!
//! A third fact, that no chain of transparent tiles a king's step apart
//! leads from A to B, was tried here and dropped: it walks every line to B,
//! and on the cave it seldom told. The field's scan now stops at the first
//! line where no chain of seen ones can (`Restrictive::sees_in_field`).

use crate::kernel::{one_octant, ByTile, Field, Octant, OctantRows, Tiles};

/// What the facts of the [module docs](self) tell of the tile at offset
/// `to` (not the origin): `Some(true)` when nothing below the centre ray
/// can hide it, `Some(false)` when a wall hides its centre head-on, `None`
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
    let octant = Octant::ALL[K];
    // Every tile the facts read lies in the rectangle between the origin
    // and `to`.
    let below = match tiles.octant_lines_to(field, to, octant) {
        Some(rows) => first_wall_below(&rows, octant, a, b),
        None => first_wall_below(&ByTile(tiles), octant, a, b),
    };
    let Some(below) = below else {
        return Some(true);
    };
    if floor && head_on(below, a, b) {
        Some(false)
    } else {
        None
    }
}

/// The first line of `1..a` of `octant` holding a wall whose angle range
/// starts below the centre of cell `b` of line `a` (the cells `c` of line
/// `j` with `(2c - 1)/2j < b/a`, that is `c <= (2bj + a - 1) / 2a`), with
/// that line's walls among its first 64 cells; `None` when there is none.
#[inline(always)]
fn first_wall_below<R: OctantRows>(
    tiles: &R,
    octant: Octant,
    a: i64,
    b: i64,
) -> Option<(i64, u64)> {
    let den = 2 * a;
    // The last column, `q`, with `r` over, in units of 1/2a; line 0 first.
    let (mut q, mut r) = (0, a - 1);
    for j in 1..a {
        // `2b <= den` and `r < den`: at most one carry.
        r += 2 * b;
        if r >= den {
            r -= den;
            q += 1;
        }
        let mut c0 = 0;
        while c0 <= q {
            let len = (q - c0 + 1).min(64) as u32;
            let walls = tiles.octant_bits(octant, j, c0, len);
            if walls != 0 {
                return Some((j, if c0 == 0 { walls } else { 0 }));
            }
            c0 += 64;
        }
    }
    None
}

/// Whether the first wall below the centre ray, on line `j` among `walls`
/// (see [`first_wall_below`]), hides the centre of floor cell `b` of line
/// `a` for certain: the wall `W` is the cell whose range holds the ray
/// strictly inside; its inner neighbour at column `⌊b·(j - 1)/a⌋` is seen
/// and open (the lines before `j` have no wall below the ray, as for a
/// clear wedge); a floor before it on line `j` keeps it from joining the
/// minimum angle (which starts line `j` at 0). So `W` is seen, and widens
/// or makes an obstacle holding B's centre strictly, or is hidden by one
/// that does. Only for B off the shared lines (`0 < b < a`), which another
/// octant's pass could see.
fn head_on((j, walls): (i64, u64), a: i64, b: i64) -> bool {
    if j < 2 || b == 0 || b == a {
        return false;
    }
    // `W`: column `⌊b·j/a + 1/2⌋`, not on the ray's edge.
    let twice = 2 * b * j + a;
    let c = twice / (2 * a);
    if twice % (2 * a) == 0 || !(1..64).contains(&c) {
        return false;
    }
    let before = u64::MAX >> (64 - c);
    let neighbour = b * (j - 1) / a;
    walls >> c & 1 != 0 && c - neighbour <= 1 && walls & before != before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::field::open_field as field_at;
    use crate::kernel::tiles::Asked;

    /// The verdict on `to` from `(0, 0)` of the map drawn in `rows` (`#` a
    /// wall, the origin top left), in each of the eight orientations.
    fn verdicts(rows: &[&str], to: (i64, i64)) -> Vec<Option<bool>> {
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

    /// The verdict on `to` from `(0, 0)` with `walls`, in each of the eight
    /// orientations of the map.
    fn turned(walls: &[(i64, i64)], to: (i64, i64)) -> Vec<Option<bool>> {
        let mut out = Vec::new();
        for swap in [false, true] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let turn = move |(x, y): (i64, i64)| {
                    let (x, y) = if swap { (y, x) } else { (x, y) };
                    (x * sx, y * sy)
                };
                let turned: Vec<(i64, i64)> = walls.iter().map(|&w| turn(w)).collect();
                let map = move |x: i32, y: i32| turned.contains(&(i64::from(x), i64::from(y)));
                let tiles = Asked::new(&map, (0, 0));
                out.push(sees(&tiles, &field_at((0, 0)), turn(to)));
            }
        }
        out
    }

    #[test]
    fn a_clear_wedge_below_the_centre_ray_sees_b() {
        // (3, 2) starts at angle 3/6, above B's centre 2/6; (6, 0) is on
        // B's own line.
        let rows = ["......#", ".......", "...#..."];
        assert!(verdicts(&rows, (6, 2)).iter().all(|&v| v == Some(true)));
        // On open ground, and on a diagonal, too.
        assert!(verdicts(&[".."], (9, 9)).iter().all(|&v| v == Some(true)));
    }

    #[test]
    fn a_wall_head_on_hides_a_floor() {
        // (3, 1) spans angles 1/6 to 3/6 around B's centre 2/6 at (6, 2);
        // (2, 0) before it on the floor path is open, and so is (3, 0).
        let rows = ["......", "...#..", "......"];
        assert!(verdicts(&rows, (6, 2)).iter().all(|&v| v == Some(false)));
        // A wall B is hidden only when one obstacle covers it whole.
        let rows = ["......", "...#..", "......#"];
        assert!(verdicts(&rows, (6, 2)).iter().all(|&v| v.is_none()));
        // A wall below the ray, ending at 1/6, leaves it to the field...
        let rows = ["...#..", "......", "......"];
        assert!(verdicts(&rows, (6, 2)).iter().all(|&v| v.is_none()));
        // ...and so does one head-on that joins the minimum angle.
        let rows = ["...#..", "...#..", "......"];
        assert!(verdicts(&rows, (6, 2)).iter().all(|&v| v.is_none()));
        // The ray on the edge of (3, 1) and (3, 2) (B at (6, 3), angle 3/6
        // meeting 3/6): no wall holds it strictly.
        let rows = ["......", "...#..", "......"];
        assert!(verdicts(&rows, (6, 3)).iter().all(|&v| v.is_none()));
    }

    #[test]
    fn long_lines_are_read_in_words_and_left_to_the_field_past_63() {
        // B at line 200, column 150: a wall on the axis at line 199 starts
        // below its centre; the clear wedge reads 151 columns of line 199.
        let wall = |x: i32, y: i32| (x, y) == (199, 0);
        assert_eq!(
            sees(&Asked::new(&wall, (0, 0)), &field_at((0, 0)), (200, 150)),
            None
        );
        let open = |_: i32, _: i32| false;
        assert_eq!(
            sees(&Asked::new(&open, (0, 0)), &field_at((0, 0)), (200, 150)),
            Some(true)
        );
        // Near the edge of i32 space the tiles past it block.
        let tiles = Asked::new(&open, (i32::MAX - 10, 0));
        assert_eq!(
            sees(&tiles, &field_at((i32::MAX - 10, 0)), (10, 3)),
            Some(true)
        );
    }
}
