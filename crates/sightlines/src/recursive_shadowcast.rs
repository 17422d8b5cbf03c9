//! Recursive shadowcasting (`recursive-shadowcast`): the classic algorithm
//! most roguelikes use, as in libtcod's `FOV_SHADOW`. Fast, **not symmetric**.
//!
//! **Definition.** Tile T is visible from the origin O when some ray from the
//! *centre* of O that meets T's square (its edges included) passes through
//! the interior of no opaque tile *nearer* to O than T, nearer meaning a
//! smaller Chebyshev distance `max(|dx|, |dy|)`. Opaque tiles that sight
//! reaches are visible by the same rule ("lit walls"). So:
//!
//! - the viewer is a point and targets are whole squares, which is why the
//!   rule is not symmetric (see the example below);
//! - a ray may graze a wall's corner, so a single ray passes a diagonal gap
//!   between two walls that touch at a corner;
//! - a wall only shadows tiles farther away than itself: tiles at the same
//!   distance are seen around it. Walls cast the shadow of their whole
//!   square.
//!
//! **How.** Each octant is scanned row by row (one row per distance) keeping
//! *views*: ranges of slopes from the origin's centre still open to sight.
//! A run of opaque tiles in a row splits a view: the part above the run
//! goes on in a new view, the part below in the current one. Only the tiles
//! a view overlaps are ever looked at, which makes it the fastest of the
//! classic algorithms on maps with walls; that speed, and being what most
//! games ship, is why it is here. The price is the asymmetry above, and
//! wide shadows: a wall hides everything behind its whole square.
//!
//! **Exactness and libtcod.** libtcod computes the same slopes in `float32`:
//! ratios of half-integers such as `(col + 0.5) / (row - 0.5)`. Here every
//! slope is the exact rational `(2·col + 1) / (2·row - 1)` (a
//! [`Slope`]), and every decision is an exact integer comparison.
//! Two distinct such ratios with offsets below 1024 never round to the same
//! `float32`, so within that distance this module makes exactly libtcod's
//! decisions; beyond it libtcod can tie slopes that differ, and this module
//! does not. The test suite compares the two on the golden cases in
//! `tests/data/libtcod_shadow/`, made by `tools/golden/libtcod_shadow.py`.
//! Calling libtcod with radius `r > 0` is [`Range::circle`]`(r)` here
//! (libtcod cuts the scan at `dx² + dy² <= r²`), and radius 0 is
//! [`Range::UNLIMITED`]; `light_walls = false` is
//! [`Fov::set_lit_walls`](crate::Fov::set_lit_walls)`(false)`. Tiles beyond
//! the range cast no shadow here, while libtcod still reads them, and tiles
//! off the map are opaque here, while libtcod skips them; neither can
//! shadow a tile of the map within the range, so the results are equal
//! (the brute-force test of the definition checks both).
//!
//! **Properties.** Not symmetric: B may see A while A does not see B (the
//! example below). Tile model: a point viewer, square walls and square
//! targets. Diagonal gaps: the single ray through the corner two walls share
//! passes, so a viewer on that diagonal sees through. Walls are expansive:
//! from inside a rectangular room every wall tile is lit. The definition
//! treats the eight octants alike, so the field of view turns and mirrors
//! with the map. Tiles on the axes and diagonals, shared by two octants,
//! are reported once. There is no recursion: a view goes on row by row in
//! a loop, and the views that walls split off wait in a reused stack, so a
//! radius of 10,000 needs no deep call stack, and a second call allocates
//! nothing.
//!
//! **Speed.** Each row of a view is reported as one span, and its walls are
//! found a word of 64 tiles at a time (bit-packed maps such as
//! [`Grid`](crate::Grid) give their rows whole, see
//! [`Opacity::bit_rows`]), so the cost grows with the rows and the walls a
//! view meets, not with the tiles it lights.
//! ```
//! use sightlines::{FieldOfView, Grid, Range, RecursiveShadowcast};
//!
//! // Asymmetry: A sees B past the wall's corner, but B does not see A.
//! let map = Grid::parse("b#..\n...a\n")?.grid;
//! let (a, b) = ((3, 1), (0, 0));
//! let mut fov = RecursiveShadowcast::new();
//! let mut from_a = Vec::new();
//! fov.compute(&map, a, Range::UNLIMITED, |x, y| from_a.push((x, y)))?;
//! let mut from_b = Vec::new();
//! fov.compute(&map, b, Range::UNLIMITED, |x, y| from_b.push((x, y)))?;
//! // From a's centre, rays just under the wall reach b's square; every ray
//! // from b's centre to a's square crosses the wall, which is nearer to b.
//! assert!(from_a.contains(&b));
//! assert!(!from_b.contains(&a));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::algorithm::FieldOfView;
use crate::error::FovError;
use crate::geometry::{Field, Octant, Reach, Sink, Slope, Visit};
use crate::map::{Asked, Opacity, Packed, Tiles};
use crate::range::Range;

/// A view waiting to be scanned: slopes `col / depth` from `low` to `high`,
/// both included, from row `depth` on.
#[derive(Clone, Copy, Debug)]
struct View {
    depth: i64,
    high: Slope,
    low: Slope,
}

/// Reusable scratch for recursive shadowcasting; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, Range, RecursiveShadowcast};
///
/// // A pillar next door hides a wedge behind it, wider than the pillar.
/// let map = |x: i32, y: i32| (x, y) == (1, 0);
/// let mut fov = RecursiveShadowcast::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(3), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(1, 0))); // the pillar is lit
/// assert!(!seen.contains(&(2, 0)) && !seen.contains(&(3, 1)));
/// assert!(seen.contains(&(2, 1)));
/// assert_eq!(seen.len(), 49 - 4);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecursiveShadowcast {
    /// Views waiting to be scanned.
    stack: Vec<View>,
    /// The range's reach, row by row.
    reach: Reach,
}

/// `floor(n / m)` for `n = n0, n0 + step, n0 + 2·step, …`, without a
/// division after the first: `0 <= n0` and `0 <= step <= m`, so each step
/// adds 0 or 1.
#[derive(Clone, Copy, Debug)]
struct Stepper {
    value: i64,
    rem: i64,
    step: i64,
    m: i64,
}

impl Stepper {
    #[inline]
    fn floor(n0: i64, step: i64, m: i64) -> Stepper {
        debug_assert!(n0 >= 0 && (0..=m).contains(&step));
        Stepper {
            value: (n0 as u64 / m as u64) as i64,
            rem: (n0 as u64 % m as u64) as i64,
            step,
            m,
        }
    }

    #[inline]
    fn step(&mut self) {
        self.rem += self.step;
        if self.rem >= self.m {
            self.rem -= self.m;
            self.value += 1;
        }
    }
}

/// The highest column set in `bits` at or below bit `top`, as an offset.
#[inline]
fn highest(bits: u64, top: u32) -> Option<u32> {
    let masked = bits & (u64::MAX >> (63 - top));
    (masked != 0).then(|| 63 - masked.leading_zeros())
}

impl RecursiveShadowcast {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> RecursiveShadowcast {
        RecursiveShadowcast::default()
    }

    /// Scans octant `index`, reporting the tiles of its diagonal when
    /// `owns_diagonal`, else those of its axis.
    ///
    /// Compiled once per octant (`O`), so that the octant's transform is
    /// constant in the hot loop.
    fn scan_octant<const O: usize, T, S>(
        &mut self,
        tiles: &T,
        field: &Field,
        owns_diagonal: bool,
        sink: &mut S,
    ) where
        T: Tiles,
        S: Sink,
    {
        let octant = Octant::ALL[O];
        let (max_depth, max_col) = octant.extents(field);
        self.stack.clear();
        if max_depth >= 1 {
            self.stack.push(View {
                depth: 1,
                high: Slope::new(1, 1),
                low: Slope::new(0, 1),
            });
        }
        while let Some(View {
            depth,
            mut high,
            low,
        }) = self.stack.pop()
        {
            // One row after the other until the view closes; the parts of
            // it that walls split off wait on the stack.
            if high < low {
                continue;
            }
            // A tile at column c spans the slopes from (2c - 1) / (2d + 1)
            // to (2c + 1) / (2d - 1). The view reaches the columns with
            // c <= (high·(2d + 1) + 1) / 2 and c >= (low·(2d - 1) - 1) / 2,
            // which grow by 0 or 1 a row (slopes are from 0 to 1): stepped
            // exactly, with a division only when the view starts or its
            // high slope moves.
            let mut first_at = Stepper::floor(
                high.num * (2 * depth + 1) + high.den,
                2 * high.num,
                2 * high.den,
            );
            let mut last_at = Stepper::floor(
                low.num * (2 * depth - 1) + low.den - 1,
                2 * low.num,
                2 * low.den,
            );
            for d in depth..=max_depth {
                if d > depth {
                    first_at.step();
                    last_at.step();
                }
                let (first, last) = (first_at.value, last_at.value);
                // Tiles out of range come first in a row (every shape grows
                // with |dx| and |dy|) and are skipped whole: they cannot
                // shadow a tile within the range.
                let top = first.min(d).min(max_col).min(self.reach.at(d));
                if top < last {
                    break;
                }
                // Every tile the view overlaps is seen; the shared lines go
                // to one octant of the two.
                octant.span(
                    sink,
                    d,
                    if owns_diagonal && last == 0 { 1 } else { last },
                    if !owns_diagonal && top == d {
                        d - 1
                    } else {
                        top
                    },
                );
                // Walls split the view: find each change between floor and
                // wall from the top down, 64 columns at a time.
                let mut blocked = false;
                let mut high_moved = false;
                let mut col = top;
                while col >= last {
                    let c0 = (col - 63).max(last);
                    let walls = octant.opaque_bits(tiles, d, c0, (col - c0 + 1) as u32);
                    while col >= c0 {
                        let below = (col - c0) as u32;
                        // The next change, between wall and floor, at or below `col`.
                        let Some(i) = highest(if blocked { !walls } else { walls }, below) else {
                            col = c0 - 1;
                            break;
                        };
                        let c = c0 + i64::from(i);
                        col = c - 1;
                        blocked = !blocked;
                        if blocked {
                            // The part of the view above the wall goes on in its
                            // own view, down to the wall's highest slope.
                            let wall = Slope::new(2 * c + 1, 2 * d - 1);
                            if d < max_depth && high >= wall {
                                self.stack.push(View {
                                    depth: d + 1,
                                    high,
                                    low: wall,
                                });
                            }
                        } else {
                            // A run of walls ended: the view now stops at its
                            // lowest slope.
                            high = Slope::new(2 * c + 1, 2 * d + 1);
                            high_moved = true;
                        }
                    }
                }
                if blocked {
                    break;
                }
                if high_moved {
                    if high < low {
                        break;
                    }
                    // Stepped to the next row by the caller.
                    first_at = Stepper::floor(
                        high.num * (2 * d + 1) + high.den,
                        2 * high.num,
                        2 * high.den,
                    );
                }
            }
        }
    }
}

impl FieldOfView for RecursiveShadowcast {
    fn compute<M, V>(
        &mut self,
        map: &M,
        origin: (i32, i32),
        range: Range,
        visit: V,
    ) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        V: FnMut(i32, i32),
    {
        let field = Field::new(map, origin, range)?;
        self.run(
            map,
            &field,
            &mut Visit {
                visit,
                origin: (i64::from(origin.0), i64::from(origin.1)),
            },
        )
    }
}

impl RecursiveShadowcast {
    /// The scan, into any [`Sink`].
    pub(crate) fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        match map.bit_rows() {
            Some(bits) => self.scan(&Packed::new(map, bits, field.origin), field, sink),
            None => self.scan(&Asked::new(map, field.origin), field, sink),
        }
        Ok(())
    }

    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        sink.tile(0, 0);
        self.reach.reset(field.range);
        // Octants 2k and 2k+1 share a diagonal, 2k+1 and 2k+2 an axis.
        // Both see a shared tile alike (its visibility depends only on
        // the tiles of its line), so the even one reports the diagonal.
        self.scan_octant::<0, T, S>(tiles, field, true, sink);
        self.scan_octant::<1, T, S>(tiles, field, false, sink);
        self.scan_octant::<2, T, S>(tiles, field, true, sink);
        self.scan_octant::<3, T, S>(tiles, field, false, sink);
        self.scan_octant::<4, T, S>(tiles, field, true, sink);
        self.scan_octant::<5, T, S>(tiles, field, false, sink);
        self.scan_octant::<6, T, S>(tiles, field, true, sink);
        self.scan_octant::<7, T, S>(tiles, field, false, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_corridors_need_no_deep_stack() {
        // Each row along the corridor y == x narrows the view: it goes on
        // row by row in a loop, with nothing left waiting.
        let corridor = |x: i32, y: i32| y != x;
        let mut fov = RecursiveShadowcast::new();
        let mut count = 0;
        fov.compute(&corridor, (0, 0), Range::square(3000), |_, _| count += 1)
            .unwrap();
        assert!(fov.stack.capacity() < 16, "{}", fov.stack.capacity());
        assert_eq!(count, 1 + 2 * 3 * 3000 + 2);
    }

    #[test]
    fn octants_agree_on_the_lines_they_share() {
        // Each shared tile is reported by one octant only, which is right
        // only if the other octant would see it alike: check by scanning
        // each octant alone on random maps and comparing the shared lines.
        let mut state = 0x1234_5678_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut fov = RecursiveShadowcast::new();
        for _ in 0..400 {
            let salt = next();
            let density = next() % 60;
            let map = move |x: i32, y: i32| {
                let h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                    ^ salt;
                (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) % 100 < density
            };
            let field = Field::new(&map, (0, 0), Range::square(12)).unwrap();
            let mut per_octant = Vec::new();
            for index in 0..8 {
                // A copy that owns every tile of its octant: rotate the ownership
                // by scanning with both parities and merging.
                let mut seen = std::collections::BTreeSet::new();
                for parity in [index, index ^ 1] {
                    let mut only = std::collections::BTreeSet::new();
                    fov.reach.reset(field.range);
                    let mut sink = Visit {
                        visit: |x, y| {
                            only.insert((x, y));
                        },
                        origin: (0, 0),
                    };
                    let tiles = Asked::new(&map, (0, 0));
                    let owns = parity % 2 == 0;
                    match index {
                        0 => fov.scan_octant::<0, _, _>(&tiles, &field, owns, &mut sink),
                        1 => fov.scan_octant::<1, _, _>(&tiles, &field, owns, &mut sink),
                        2 => fov.scan_octant::<2, _, _>(&tiles, &field, owns, &mut sink),
                        3 => fov.scan_octant::<3, _, _>(&tiles, &field, owns, &mut sink),
                        4 => fov.scan_octant::<4, _, _>(&tiles, &field, owns, &mut sink),
                        5 => fov.scan_octant::<5, _, _>(&tiles, &field, owns, &mut sink),
                        6 => fov.scan_octant::<6, _, _>(&tiles, &field, owns, &mut sink),
                        _ => fov.scan_octant::<7, _, _>(&tiles, &field, owns, &mut sink),
                    }
                    seen.extend(only);
                }
                per_octant.push(seen);
            }
            for index in 0..8 {
                let next_index = (index + 1) % 8;
                let o = Octant::ALL[index];
                let p = Octant::ALL[next_index];
                for depth in 1..=12 {
                    let line = if index % 2 == 0 { depth } else { 0 };
                    let (dx, dy) = o.offset(depth, line);
                    let (qx, qy) = p.offset(depth, line);
                    assert_eq!((dx, dy), (qx, qy));
                    let t = (dx as i32, dy as i32);
                    assert_eq!(
                        per_octant[index].contains(&t),
                        per_octant[next_index].contains(&t),
                        "{t:?}"
                    );
                }
            }
        }
    }
}
