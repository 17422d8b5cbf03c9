//! Map generators, reproducible from a seed: [`cave`], [`rooms`], [`pillars`],
//! and [`hex_cave`] for hex grids.
//!
//! Every figure, benchmark and demo level of the project can be rebuilt from
//! a generator name, a size and a seed: the same inputs give the same
//! [`Grid`] on every platform and in every version, from our own [`SplitMix64`].
//!
//! ```
//! use sightlines::generate::{cave, rooms};
//! use sightlines::Opacity;
//!
//! let a = cave(40, 20, 7);
//! assert_eq!(a, cave(40, 20, 7)); // same seed, same cave
//! assert!(a.is_opaque(0, 0) && a.is_opaque(39, 19)); // walled border
//! let text = rooms(30, 12, 1).to_text(); // the CLI's map format
//! assert_eq!(text.lines().count(), 12);
//! ```

use crate::grid::Grid;
use crate::hex::{HexGrid, HexOpacity, Layout, NEIGHBORS};
use crate::map::Opacity;

/// The SplitMix64 generator (Steele, Lea and Flood): tiny, fast, and with a
/// fixed output stream, so a seed means the same map forever.
///
/// ```
/// use sightlines::generate::SplitMix64;
/// let mut rng = SplitMix64::new(1);
/// let first = rng.next_u64();
/// assert_eq!(SplitMix64::new(1).next_u64(), first);
/// assert!(rng.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), without modulo bias worth
    /// noticing: the high bits of a 64x64-bit product.
    pub fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u32
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
}

/// A cellular-automaton cave of `width` x `height` tiles.
///
/// Each inner tile starts as wall with probability 45%; then, five times,
/// every tile becomes wall when at least 5 of its 8 neighbours are walls, or
/// when it is a wall with at least 4 wall neighbours (tiles off the map count
/// as walls). The border is wall. Caves may have several unconnected parts.
///
/// ```
/// use sightlines::generate::cave;
/// use sightlines::Opacity;
/// let g = cave(64, 32, 42);
/// let floors = (0..32).flat_map(|y| (0..64).map(move |x| (x, y)))
///     .filter(|&(x, y)| !g.is_opaque(x, y)).count();
/// assert!(floors > 64 * 32 / 4 && floors < 64 * 32 * 3 / 4);
/// ```
pub fn cave(width: u32, height: u32, seed: u64) -> Grid {
    let mut rng = SplitMix64::new(seed);
    let (w, h) = (clamp(width), clamp(height));
    let mut grid = Grid::new(w as u32, h as u32);
    let border = |x: i32, y: i32| x == 0 || y == 0 || x == w - 1 || y == h - 1;
    for y in 0..h {
        for x in 0..w {
            grid.set(x, y, border(x, y) || rng.percent(45));
        }
    }
    let mut next = grid.clone();
    for _ in 0..5 {
        for y in 0..h {
            for x in 0..w {
                let mut walls = 0;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        walls += u32::from((dx, dy) != (0, 0) && grid.is_opaque(x + dx, y + dy));
                    }
                }
                let wall = walls >= 5 || (grid.is_opaque(x, y) && walls >= 4);
                next.set(x, y, border(x, y) || wall);
            }
        }
        std::mem::swap(&mut grid, &mut next);
    }
    grid
}

/// A cellular-automaton cave of `width` x `height` offset hexes in
/// `layout`: the hex twin of [`cave`], from the same [`SplitMix64`] stream,
/// so a seed means the same map forever.
///
/// The border (the first and last offset column and row) is wall, and each
/// other hex starts as wall with probability 45%, drawn row by row. Then,
/// five times, every hex becomes wall when at least 4 of its 6 neighbours
/// are walls, floor when at most 2 are, and stays as it was with 3 (hexes
/// off the map count as walls); the border stays wall. Caves may have
/// several unconnected parts.
///
/// Panics only when the grid does not fit in memory, as [`HexGrid::new`];
/// a side past `i32::MAX - 1` is cut to it.
///
/// ```
/// use sightlines::generate::hex_cave;
/// use sightlines::hex::Layout;
///
/// let g = hex_cave(40, 20, Layout::OddR, 7);
/// assert_eq!(g, hex_cave(40, 20, Layout::OddR, 7)); // same seed, same cave
/// assert!(g.is_opaque_offset(0, 0) && g.is_opaque_offset(39, 19)); // walled border
/// let floors = (0..20).flat_map(|r| (0..40).map(move |c| (c, r)))
///     .filter(|&(c, r)| !g.is_opaque_offset(c, r)).count();
/// assert!(floors > 40 * 20 / 4 && floors < 40 * 20 * 3 / 4);
/// assert!(g.to_text(None).starts_with("hex odd-r\n")); // the CLI's hex map format
/// ```
pub fn hex_cave(width: u32, height: u32, layout: Layout, seed: u64) -> HexGrid {
    let mut rng = SplitMix64::new(seed);
    let (w, h) = (clamp(width), clamp(height));
    let mut grid = HexGrid::new(w as u32, h as u32, layout);
    let border = |c: i32, r: i32| c == 0 || r == 0 || c == w - 1 || r == h - 1;
    for r in 0..h {
        for c in 0..w {
            grid.set_offset(c, r, border(c, r) || rng.percent(45));
        }
    }
    let mut next = grid.clone();
    for _ in 0..5 {
        for row in 0..h {
            for c in 0..w {
                let Some((q, r)) = layout.to_axial(c, row) else {
                    continue;
                };
                let walls = NEIGHBORS
                    .iter()
                    .filter(|&&(dq, dr)| grid.is_opaque(q + dq, r + dr))
                    .count();
                let wall = walls >= 4 || (walls == 3 && grid.is_opaque_offset(c, row));
                next.set_offset(c, row, border(c, row) || wall);
            }
        }
        std::mem::swap(&mut grid, &mut next);
    }
    grid
}

/// Rooms joined by corridors on a `width` x `height` map of wall.
///
/// Up to `max(1, width * height / 150)` rectangular rooms, 3 to 10 tiles on
/// a side, are placed at random without touching; each is joined to the
/// previous one by an L-shaped corridor one tile wide (horizontal then
/// vertical, or the other way, at random), so every room is reachable. The
/// border stays wall.
///
/// ```
/// use sightlines::generate::rooms;
/// use sightlines::Opacity;
/// let g = rooms(48, 24, 3);
/// assert!((0..48).all(|x| g.is_opaque(x, 0) && g.is_opaque(x, 23)));
/// assert!((0..24).any(|y| (0..48).any(|x| !g.is_opaque(x, y))));
/// ```
pub fn rooms(width: u32, height: u32, seed: u64) -> Grid {
    let mut rng = SplitMix64::new(seed);
    let (w, h) = (clamp(width), clamp(height));
    let mut grid = Grid::new(w as u32, h as u32);
    fill(&mut grid, (0, 0), (w - 1, h - 1), true);
    if w < 3 || h < 3 {
        return grid;
    }
    let wanted = (i64::from(w) * i64::from(h) / 150).clamp(1, 4096);
    // Rooms as (x, y, width, height) of floor, inside the border.
    let mut placed: Vec<(i32, i32, i32, i32)> = Vec::new();
    for _ in 0..wanted * 20 {
        if placed.len() as i64 >= wanted {
            break;
        }
        let rw = (3 + rng.below(8) as i32).min(w - 2);
        let rh = (3 + rng.below(8) as i32).min(h - 2);
        let x = 1 + rng.below((w - 1 - rw) as u32) as i32;
        let y = 1 + rng.below((h - 1 - rh) as u32) as i32;
        // Keep a wall between rooms: compare with a one-tile margin.
        let clear = placed
            .iter()
            .all(|&(px, py, pw, ph)| x > px + pw || px > x + rw || y > py + ph || py > y + rh);
        if !clear {
            continue;
        }
        fill(&mut grid, (x, y), (x + rw - 1, y + rh - 1), false);
        if let Some(&(px, py, pw, ph)) = placed.last() {
            let (ax, ay) = (px + pw / 2, py + ph / 2);
            let (bx, by) = (x + rw / 2, y + rh / 2);
            let corner = [(bx, ay), (ax, by)][rng.below(2) as usize];
            fill(&mut grid, (ax, ay), corner, false);
            fill(&mut grid, corner, (bx, by), false);
        }
        placed.push((x, y, rw, rh));
    }
    grid
}

/// An open `width` x `height` hall with a pillar wherever `x % 4 == 2` and
/// `y % 4 == 2`: the benchmark's pillar field, where every algorithm's
/// handling of small obstacles shows. It has no border wall.
///
/// ```
/// use sightlines::generate::pillars;
/// use sightlines::Opacity;
/// let g = pillars(8, 8);
/// assert!(g.is_opaque(2, 2) && g.is_opaque(6, 6));
/// assert!(!g.is_opaque(3, 2) && !g.is_opaque(0, 0));
/// ```
pub fn pillars(width: u32, height: u32) -> Grid {
    let mut grid = Grid::new(width, height);
    for y in (2..grid.height() as i32).step_by(4) {
        for x in (2..grid.width() as i32).step_by(4) {
            grid.set(x, y, true);
        }
    }
    grid
}

/// Sizes as `i32`, cut to a size whose loops cannot overflow.
fn clamp(size: u32) -> i32 {
    size.min(i32::MAX as u32 - 1) as i32
}

/// Makes the tiles between corners `a` and `b` (in either order, both
/// included) `opaque` or not; tiles off the grid are ignored, as by [`Grid::set`].
fn fill(grid: &mut Grid, a: (i32, i32), b: (i32, i32), opaque: bool) {
    for y in a.1.min(b.1)..=a.1.max(b.1) {
        for x in a.0.min(b.0)..=a.0.max(b.0) {
            grid.set(x, y, opaque);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_stream() {
        // First outputs of SplitMix64 seeded with 0, as published with the algorithm.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn seeds_change_caves_and_rooms() {
        assert_ne!(cave(30, 30, 1), cave(30, 30, 2));
        assert_ne!(rooms(40, 30, 1), rooms(40, 30, 2));
        assert_eq!(rooms(40, 30, 5), rooms(40, 30, 5));
    }

    #[test]
    fn tiny_and_empty_sizes_do_not_panic() {
        for (w, h) in [(0, 0), (1, 1), (2, 5), (3, 3), (5, 2), (0, 9)] {
            let c = cave(w, h, 9);
            let r = rooms(w, h, 9);
            let p = pillars(w, h);
            assert_eq!((c.width(), r.height(), p.width()), (w, h, w));
        }
    }

    #[test]
    fn hex_caves_are_seeded_walled_and_about_half_wall() {
        for layout in Layout::ALL {
            let g = hex_cave(64, 48, layout, 3);
            assert_eq!(g, hex_cave(64, 48, layout, 3), "{layout}");
            assert_ne!(g, hex_cave(64, 48, layout, 4), "{layout}");
            assert_eq!((g.width(), g.height(), g.layout()), (64, 48, layout));
            assert!((0..64).all(|c| g.is_opaque_offset(c, 0) && g.is_opaque_offset(c, 47)));
            assert!((0..48).all(|r| g.is_opaque_offset(0, r) && g.is_opaque_offset(63, r)));
        }
        // Walls, border included, settle between 30% and 60% of the map.
        for seed in 0..16 {
            let g = hex_cave(64, 64, Layout::EvenR, seed);
            let walls = (0..64)
                .flat_map(|r| (0..64).map(move |c| (c, r)))
                .filter(|&(c, r)| g.is_opaque_offset(c, r))
                .count();
            assert!(
                (64 * 64 * 3 / 10..64 * 64 * 6 / 10).contains(&walls),
                "{seed}: {walls}"
            );
        }
    }

    #[test]
    fn hex_caves_are_the_ones_the_cli_has_always_made() {
        // `sightlines generate cave --hex odd-r --size 12x7 --seed 4`, as
        // written before the generator moved here.
        let want = "\
hex odd-r
# # # # # # # # # # # #
 # # # # . . . # # # # #
# # # # . . . . . # # #
 # # # # . . . . . # # #
# # # # # # . . . . # #
 # # # # # # . . . # # #
# # # # # # # # # # # #
";
        assert_eq!(hex_cave(12, 7, Layout::OddR, 4).to_text(None), want);
        for (w, h) in [(0, 0), (1, 1), (2, 5), (0, 9), (3, 1)] {
            let g = hex_cave(w, h, Layout::OddQ, 9);
            assert_eq!((g.width(), g.height()), (w, h));
        }
    }

    #[test]
    fn rooms_are_connected() {
        let g = rooms(60, 40, 11);
        let floors: Vec<(i32, i32)> = (0..40)
            .flat_map(|y| (0..60).map(move |x| (x, y)))
            .filter(|&(x, y)| !g.is_opaque(x, y))
            .collect();
        let mut seen = vec![false; 60 * 40];
        let mut stack = vec![floors[0]];
        seen[(floors[0].1 * 60 + floors[0].0) as usize] = true;
        let mut count = 0;
        while let Some((x, y)) = stack.pop() {
            count += 1;
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (x + dx, y + dy);
                if !g.is_opaque(nx, ny) && !seen[(ny * 60 + nx) as usize] {
                    seen[(ny * 60 + nx) as usize] = true;
                    stack.push((nx, ny));
                }
            }
        }
        assert_eq!(count, floors.len());
    }
}
