//! Test support: random maps, the eight map symmetries, and a brute-force
//! reference for tile-to-tile visibility in exact integer arithmetic.
#![allow(dead_code)]

use sightlines::generate::SplitMix64;
use sightlines::{Algorithm, DiagonalGaps, FieldOfView, Fov, Grid, Opacity, Range};
use std::collections::BTreeSet;

/// A map given as a closure, as one type for the whole suite. Every map type
/// compiles its own copy of every algorithm's scan, so dozens of distinct
/// closure types would make this binary take many times longer to build.
pub type FnMap<'a> = &'a dyn Fn(i32, i32) -> bool;

/// The map without walls (unbounded).
pub const OPEN: FnMap<'static> = &|_, _| false;

/// The library's SplitMix64 with `u64` bounds, so failures reproduce from a
/// seed and the suite has no generator of its own.
pub struct Random(SplitMix64);

impl Random {
    pub const fn new(seed: u64) -> Random {
        Random(SplitMix64::new(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with probability `percent / 100`.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Whether tile `(x, y)` of an unbounded random map is a wall: about
/// `density` percent of tiles are, the same ones for the same `salt`.
pub fn hashed_wall(x: i32, y: i32, salt: u64, density: u64) -> bool {
    let h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ salt;
    Random::new(h).below(100) < density
}

/// How [`equals_definition_on_random_maps`] draws its cases: maps with
/// sides up to `max_side` and up to 60% walls, viewed from every tile when
/// they have at most `all_origins_up_to` tiles and from `other_origins`
/// random tiles otherwise; with a random range on half the maps when
/// `ranges`, else unlimited.
pub struct Cases {
    pub maps: usize,
    pub max_side: u64,
    pub all_origins_up_to: u32,
    pub other_origins: usize,
    pub ranges: bool,
}

/// Compares `fov`, the scratch of `algorithm` (through its visitor, which
/// must report each tile once), with its definition `sees(map, from, to)`
/// on random maps; returns the number of (origin, tile) pairs compared.
pub fn equals_definition_on_random_maps(
    mut fov: impl FieldOfView,
    algorithm: Algorithm,
    seed: u64,
    cases: Cases,
    sees: impl Fn(&Grid, (i32, i32), (i32, i32)) -> bool,
) -> usize {
    let mut rng = Random::new(seed);
    let mut compared = 0;
    for n in 0..cases.maps {
        let (w, h) = (
            1 + rng.below(cases.max_side) as u32,
            1 + rng.below(cases.max_side) as u32,
        );
        let density = rng.below(61);
        let g = random_grid(&mut rng, w, h, density);
        let origins: Vec<(i32, i32)> = if w * h <= cases.all_origins_up_to {
            grid_tiles(&g).collect()
        } else {
            (0..cases.other_origins)
                .map(|_| {
                    (
                        rng.below(u64::from(w)) as i32,
                        rng.below(u64::from(h)) as i32,
                    )
                })
                .collect()
        };
        let range = if cases.ranges && rng.percent(50) {
            Range::new(
                rng.below(12) as u32,
                sightlines::Shape::ALL[rng.below(4) as usize],
            )
        } else {
            Range::UNLIMITED
        };
        for origin in origins {
            let mut fast = BTreeSet::new();
            fov.compute(&g, origin, range, |x, y| {
                assert!(fast.insert((x, y)), "({x}, {y}) reported twice");
            })
            .unwrap();
            let slow: BTreeSet<_> = grid_tiles(&g)
                .filter(|&(x, y)| range.contains(i64::from(x - origin.0), i64::from(y - origin.1)))
                .filter(|&t| sees(&g, origin, t))
                .collect();
            compared += (w * h) as usize;
            assert_eq!(
                fast,
                slow,
                "{algorithm}: map {n} (seed {seed}) from {origin:?} with {range:?}; + only the scan, - only the definition:\n{}",
                render(&g, origin, &fast, &slow)
            );
        }
    }
    compared
}

/// [`equals_definition_on_random_maps`] for `algorithm` through a [`Fov`]
/// with the diagonal rule, on 3,000 maps up to `max_side` tiles a side
/// with ranges, against its definition with the rule; returns the number
/// of (origin, tile) pairs compared.
pub fn equals_definition_with_the_diagonal_rule(
    algorithm: Algorithm,
    seed: u64,
    max_side: u64,
    sees: impl Fn(&Grid, (i32, i32), (i32, i32)) -> bool,
) -> usize {
    let cases = Cases {
        maps: 3000,
        max_side,
        all_origins_up_to: 30,
        other_origins: 1,
        ranges: true,
    };
    let mut fov = Fov::new(algorithm);
    fov.set_diagonal_gaps(DiagonalGaps::Block);
    equals_definition_on_random_maps(fov, algorithm, seed, cases, sees)
}

/// Compares `algorithm` with its definition `sees(map, from, to)` on 300
/// unbounded random maps, viewed from near the corners of `i32` space and
/// near its middle with square ranges up to 8: the tiles past the `i32`
/// edge are never reported, and the rest are exactly what the definition
/// sees.
pub fn equals_definition_near_the_i32_limits(
    algorithm: Algorithm,
    seed: u64,
    sees: impl Fn(&dyn Fn(i32, i32) -> bool, (i32, i32), (i32, i32)) -> bool,
) {
    let mut rng = Random::new(seed);
    for _ in 0..300 {
        let salt = rng.next_u64();
        let density = rng.below(45);
        let map: FnMap = &move |x: i32, y: i32| hashed_wall(x, y, salt, density);
        let corner = [i32::MIN, i32::MAX, 0, -3][rng.below(4) as usize];
        let origin = (
            corner.saturating_add(rng.below(5) as i32 - 2),
            corner.saturating_sub(rng.below(5) as i32 - 2),
        );
        let r = rng.below(9) as u32;
        let fast = fov_set(algorithm, &map, origin, Range::square(r));
        let ri = i64::from(r);
        let tiles = (-ri..=ri).flat_map(|dy| (-ri..=ri).map(move |dx| (dx, dy)));
        let slow: BTreeSet<_> = tiles
            .filter_map(|(dx, dy)| {
                let (x, y) = (i64::from(origin.0) + dx, i64::from(origin.1) + dy);
                Some((i32::try_from(x).ok()?, i32::try_from(y).ok()?))
            })
            .filter(|&t| sees(map, origin, t))
            .collect();
        assert_eq!(fast, slow, "{algorithm}: origin {origin:?} radius {r}");
    }
}

/// One of the eight octants of a scan, as the models in this suite frame
/// them: `depth` along a major axis, `col` across it, `0 <= col <= depth`.
/// Octants `2k` and `2k + 1` share a diagonal, `2k + 1` and `2k + 2` an axis.
#[derive(Clone, Copy, Debug)]
pub struct Octant {
    pub xx: i64,
    pub xy: i64,
    pub yx: i64,
    pub yy: i64,
}

impl Octant {
    pub const ALL: [Octant; 8] = [
        Octant {
            xx: 1,
            xy: 0,
            yx: 0,
            yy: 1,
        },
        Octant {
            xx: 0,
            xy: 1,
            yx: 1,
            yy: 0,
        },
        Octant {
            xx: 0,
            xy: -1,
            yx: 1,
            yy: 0,
        },
        Octant {
            xx: -1,
            xy: 0,
            yx: 0,
            yy: 1,
        },
        Octant {
            xx: -1,
            xy: 0,
            yx: 0,
            yy: -1,
        },
        Octant {
            xx: 0,
            xy: -1,
            yx: -1,
            yy: 0,
        },
        Octant {
            xx: 0,
            xy: 1,
            yx: -1,
            yy: 0,
        },
        Octant {
            xx: 1,
            xy: 0,
            yx: 0,
            yy: -1,
        },
    ];

    /// The map offset of octant position (`depth`, `col`).
    pub fn offset(self, depth: i64, col: i64) -> (i64, i64) {
        (
            depth * self.xx + col * self.xy,
            depth * self.yx + col * self.yy,
        )
    }

    /// How deep and how wide the octant runs inside `field`.
    pub fn extents(self, field: &Field) -> (i64, i64) {
        let reach = |dx: i64, dy: i64| match (dx, dy) {
            (1, 0) => field.right,
            (-1, 0) => field.left,
            (0, 1) => field.down,
            _ => field.up,
        };
        (reach(self.xx, self.yx), reach(self.xy, self.yy))
    }
}

/// What one view covers, from the public API only: its origin, range, and
/// how far it reaches each way, clipped to the map's bounds and the `i32`
/// space (the models here never come near the library's 2^30 reach).
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub origin: (i32, i32),
    pub range: Range,
    pub left: i64,
    pub right: i64,
    pub up: i64,
    pub down: i64,
}

impl Field {
    /// Panics where the library returns an error: the models are only asked
    /// for views that exist.
    pub fn new<M: Opacity + ?Sized>(map: &M, origin: (i32, i32), range: Range) -> Field {
        let reach = range.radius().map_or(1 << 30, i64::from);
        let (ox, oy) = (i64::from(origin.0), i64::from(origin.1));
        let (lo, hi) = (i64::from(i32::MIN), i64::from(i32::MAX));
        let (mut x0, mut y0) = ((ox - reach).max(lo), (oy - reach).max(lo));
        let (mut x1, mut y1) = ((ox + reach).min(hi), (oy + reach).min(hi));
        if let Some(b) = map.bounds() {
            assert!(b.contains(origin.0, origin.1), "origin off the map");
            x0 = x0.max(i64::from(b.x));
            y0 = y0.max(i64::from(b.y));
            x1 = x1.min(i64::from(b.x) + i64::from(b.width) - 1);
            y1 = y1.min(i64::from(b.y) + i64::from(b.height) - 1);
        } else {
            assert!(range.radius().is_some(), "an unbounded map needs a radius");
        }
        Field {
            origin,
            range,
            left: ox - x0,
            right: x1 - ox,
            up: oy - y0,
            down: y1 - oy,
        }
    }

    pub fn in_range(&self, dx: i64, dy: i64) -> bool {
        self.range.contains(dx, dy)
    }

    pub fn reaches(&self, dx: i64, dy: i64) -> bool {
        -self.left <= dx && dx <= self.right && -self.up <= dy && dy <= self.down
    }

    pub fn tile(&self, dx: i64, dy: i64) -> (i32, i32) {
        (
            (i64::from(self.origin.0) + dx) as i32,
            (i64::from(self.origin.1) + dy) as i32,
        )
    }
}

/// A slope `num / den`, `den > 0`, compared exactly.
#[derive(Clone, Copy, Debug)]
pub struct Slope {
    pub num: i64,
    pub den: i64,
}

impl Slope {
    pub const fn new(num: i64, den: i64) -> Slope {
        Slope { num, den }
    }
}

impl PartialEq for Slope {
    fn eq(&self, other: &Slope) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Slope {}

impl PartialOrd for Slope {
    fn partial_cmp(&self, other: &Slope) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Slope {
    fn cmp(&self, other: &Slope) -> std::cmp::Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

/// A random `width` x `height` grid with about `percent` walls.
pub fn random_grid(rng: &mut Random, width: u32, height: u32, percent: u64) -> Grid {
    let mut g = Grid::new(width, height);
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            g.set(x, y, rng.percent(percent));
        }
    }
    g
}

/// The field of view as a sorted set.
pub fn fov_set<M: Opacity + ?Sized>(
    algorithm: Algorithm,
    map: &M,
    origin: (i32, i32),
    range: Range,
) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    let mut dupes = Vec::new();
    Fov::new(algorithm)
        .compute(map, origin, range, |x, y| {
            if !out.insert((x, y)) {
                dupes.push((x, y));
            }
        })
        .expect("fov");
    assert!(
        dupes.is_empty(),
        "{algorithm} reported tiles twice: {dupes:?}"
    );
    out
}

/// The eight symmetries of the square: `(swap, flip_x, flip_y)`.
pub const TRANSFORMS: [(bool, bool, bool); 8] = [
    (false, false, false),
    (false, true, false),
    (false, false, true),
    (false, true, true),
    (true, false, false),
    (true, true, false),
    (true, false, true),
    (true, true, true),
];

/// Applies a symmetry to a position on a `w` x `h` grid (the result lives on
/// a `w x h` grid, or `h x w` when swapped).
pub fn transform_pos(
    (swap, fx, fy): (bool, bool, bool),
    w: i32,
    h: i32,
    (x, y): (i32, i32),
) -> (i32, i32) {
    let x = if fx { w - 1 - x } else { x };
    let y = if fy { h - 1 - y } else { y };
    if swap {
        (y, x)
    } else {
        (x, y)
    }
}

pub fn transform_grid(t: (bool, bool, bool), g: &Grid) -> Grid {
    let (w, h) = (g.width() as i32, g.height() as i32);
    let mut out = if t.0 {
        Grid::new(h as u32, w as u32)
    } else {
        Grid::new(w as u32, h as u32)
    };
    for y in 0..h {
        for x in 0..w {
            let (tx, ty) = transform_pos(t, w, h, (x, y));
            out.set(tx, ty, g.is_opaque(x, y));
        }
    }
    out
}

/// Whether some segment from a point strictly inside tile `a` to a point
/// strictly inside tile `b` meets the interior of no opaque tile other than
/// `a` and `b`. Exact: every quantity is an integer.
///
/// Reflect so that b is up-right of a (offsets `dx, dy >= 0`). On one row or
/// column the segment stays inside that strip, so every tile between must be
/// clear. Otherwise every such segment lies on a line `y = m·x + c` with
/// `m > 0`; it passes through the interiors of a and b when `c` lies in an
/// open interval, and it misses a wall's interior when `c` lies outside an
/// open interval, all bounds linear in `m`. Between two slopes where bounds
/// cross the answer cannot change, so it is enough to try every crossing
/// slope and one slope between each pair of neighbours, and for each slope
/// ask whether the walls' open intervals cover the open interval of a and b.
pub fn sees<M: Opacity + ?Sized>(map: &M, a: (i32, i32), b: (i32, i32)) -> bool {
    sees_with_rule(map, a, b, false)
}

/// [`sees`], and with `shut` the diagonal rule too: no segment may pass a
/// corner where two diagonally opposite tiles are both opaque. After the
/// reflection such a corner `(j, k)` between the two tiles matters only when
/// its tiles `(j, k - 1)` and `(j - 1, k)` are opaque (the other pair would
/// have the segment cross their interiors), with `1 <= j <= dx` and
/// `1 <= k <= dy`, and on the line of slope `p/q` it is the single offset
/// `C = k·q - p·j`: so an offset the walls leave uncovered must also be no
/// such `C`. Only the isolated offsets between two touching intervals can
/// be one, as the corner's two tiles cover each side of it.
pub fn sees_with_rule<M: Opacity + ?Sized>(
    map: &M,
    a: (i32, i32),
    b: (i32, i32),
    shut: bool,
) -> bool {
    if a == b {
        return true;
    }
    let (ddx, ddy) = (
        i64::from(b.0) - i64::from(a.0),
        i64::from(b.1) - i64::from(a.1),
    );
    let (sx, sy) = (if ddx < 0 { -1 } else { 1 }, if ddy < 0 { -1 } else { 1 });
    let (dx, dy) = (ddx.abs(), ddy.abs());
    let wall = |u: i64, v: i64| {
        map.is_opaque(
            (i64::from(a.0) + u * sx) as i32,
            (i64::from(a.1) + v * sy) as i32,
        )
    };
    if dx == 0 {
        return (1..dy).all(|v| !wall(0, v));
    }
    if dy == 0 {
        return (1..dx).all(|u| !wall(u, 0));
    }
    // Walls that can meet a segment: inside the hull of a and b.
    let mut walls = Vec::new();
    for v in 0..=dy {
        for u in 0..=dx {
            if (u, v) == (0, 0) || (u, v) == (dx, dy) || !wall(u, v) {
                continue;
            }
            let below_hull = dx * (v + 1) - dy * (u - 1) <= 0;
            let above_hull = dx * (v - 1) - dy * (u + 1) >= 0;
            if !below_hull && !above_hull {
                walls.push((u, v));
            }
        }
    }
    // Corners whose lines bound the feasible set: top-left and bottom-right of each tile.
    let mut corners = vec![(0, 1), (1, 0), (dx, dy + 1), (dx + 1, dy)];
    for &(u, v) in &walls {
        corners.push((u, v + 1));
        corners.push((u + 1, v));
    }
    // Slopes as (num, den), den > 0, strictly between the extremes the two tiles allow.
    let lo = (dy - 1, dx + 1);
    let hi = if dx > 1 { Some((dy + 1, dx - 1)) } else { None };
    let less = |p: (i64, i64), q: (i64, i64)| p.0 * q.1 < q.0 * p.1;
    let mut slopes = Vec::new();
    for (i, &(j1, k1)) in corners.iter().enumerate() {
        for &(j2, k2) in &corners[i + 1..] {
            if j1 == j2 {
                continue;
            }
            let (mut num, mut den) = (k1 - k2, j1 - j2);
            if den < 0 {
                num = -num;
                den = -den;
            }
            let m = (num, den);
            if less(lo, m) && hi.is_none_or(|h| less(m, h)) {
                slopes.push(m);
            }
        }
    }
    slopes.sort_by(|&p, &q| (p.0 * q.1).cmp(&(q.0 * p.1)));
    slopes.dedup_by(|p, q| p.0 * q.1 == q.0 * p.1);
    let mut candidates = Vec::with_capacity(slopes.len() * 2 + 2);
    let mut previous = lo;
    for &m in &slopes {
        candidates.push(midpoint(previous, m));
        candidates.push(m);
        previous = m;
    }
    candidates.push(match hi {
        Some(h) => midpoint(previous, h),
        None => (previous.0 + previous.1, previous.1),
    });
    // Shut corners between the two tiles, as (j, k).
    let mut shut_corners = Vec::new();
    if shut {
        for k in 1..=dy {
            for j in 1..=dx {
                if wall(j, k - 1) && wall(j - 1, k) {
                    shut_corners.push((j, k));
                }
            }
        }
    }
    let mut intervals = Vec::with_capacity(walls.len());
    let mut shut_offsets = Vec::with_capacity(shut_corners.len());
    candidates.into_iter().any(|(p, q)| {
        // Scaled by q: the line is q·y = p·x + C.
        let low = (-p).max(dy * q - p * (dx + 1));
        let high = q.min((dy + 1) * q - p * dx);
        if low >= high {
            return false;
        }
        intervals.clear();
        intervals.extend(
            walls
                .iter()
                .map(|&(u, v)| (v * q - p * (u + 1), (v + 1) * q - p * u)),
        );
        intervals.sort_unstable();
        shut_offsets.clear();
        shut_offsets.extend(shut_corners.iter().map(|&(j, k)| k * q - p * j));
        uncovered(low, high, &intervals, &shut_offsets)
    })
}

fn midpoint(p: (i64, i64), q: (i64, i64)) -> (i64, i64) {
    (p.0 * q.1 + q.0 * p.1, 2 * p.1 * q.1)
}

/// Whether some point of the open interval `(low, high)` lies in none of the
/// open `intervals`, sorted by their start, and is none of the points `shut`.
fn uncovered(low: i64, high: i64, intervals: &[(i64, i64)], shut: &[i64]) -> bool {
    // Every point of (low, cur) is covered; cur itself is not.
    let mut cur = low;
    for &(a, b) in intervals {
        if a >= high {
            break;
        }
        if a > cur {
            // An open gap: points that are not shut.
            return cur < high;
        }
        if a == cur && cur > low && cur < high && !shut.contains(&cur) {
            // A single point between two touching intervals.
            return true;
        }
        cur = cur.max(b);
    }
    cur < high
}

/// The brute-force field of view: every tile of `area` that `sees` from `origin`.
pub fn brute_fov<M: Opacity + ?Sized>(
    map: &M,
    origin: (i32, i32),
    tiles: impl Iterator<Item = (i32, i32)>,
) -> BTreeSet<(i32, i32)> {
    tiles.filter(|&t| sees(map, origin, t)).collect()
}

/// Every tile of a grid.
pub fn grid_tiles(g: &Grid) -> impl Iterator<Item = (i32, i32)> {
    let (w, h) = (g.width() as i32, g.height() as i32);
    (0..h).flat_map(move |y| (0..w).map(move |x| (x, y)))
}

/// Renders a grid with a field of view, for failure messages.
pub fn render(
    g: &Grid,
    origin: (i32, i32),
    marks: &BTreeSet<(i32, i32)>,
    other: &BTreeSet<(i32, i32)>,
) -> String {
    let mut s = String::new();
    for y in 0..g.height() as i32 {
        for x in 0..g.width() as i32 {
            let wall = g.is_opaque(x, y);
            let c = match (marks.contains(&(x, y)), other.contains(&(x, y))) {
                _ if (x, y) == origin => '@',
                (true, true) => {
                    if wall {
                        '#'
                    } else {
                        '.'
                    }
                }
                (true, false) => '+',
                (false, true) => '-',
                (false, false) => {
                    if wall {
                        'X'
                    } else {
                        ' '
                    }
                }
            };
            s.push(c);
        }
        s.push('\n');
    }
    s
}

#[test]
fn brute_force_knows_the_seed_cases() {
    let diag = Grid::parse("#d\ns#\n").unwrap().grid;
    assert!(sees(&diag, (0, 1), (1, 0)));
    let pillar = Grid::parse("..d\n.#.\ns..\n").unwrap().grid;
    assert!(!sees(&pillar, (0, 2), (2, 0)));
    assert!(sees(&pillar, (0, 2), (2, 1)));
    let knight = Grid::parse("..\n#.\n.#\n").unwrap().grid;
    // From (0,2) to (1,0): the line must pass between wall (0,1) and wall (1,2).
    assert!(sees(&knight, (0, 2), (1, 0)));
    // Walls (0,1) and (1,1): past them a line from (0,2) is too steep to
    // come back down into (2,0), but it reaches (2,1) along the wall's bottom edge.
    let blocked = Grid::parse("...\n##.\n...\n").unwrap().grid;
    assert!(!sees(&blocked, (0, 2), (0, 0)));
    assert!(!sees(&blocked, (0, 2), (2, 0)));
    assert!(sees(&blocked, (0, 2), (2, 1)));
}
