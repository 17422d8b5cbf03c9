//! The anti-diagonal Precise Permissive scan this module replaced, kept as a
//! test reference: the row scan must give its sets exactly, at every
//! permissiveness level (levels below 8 have no brute-force definition to
//! compare with), for packed and asked tiles and through `compute_into`.

use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::{each_quadrant, with_tiles, Field, Quadrant, Reach, Sink, Tiles};
use crate::map::Opacity;

/// A sight line through two lattice points, in quadrant coordinates (x right,
/// y away from the origin). Points are tile corners; tile `(x, y)` spans
/// `[x, x+1] x [y, y+1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    xi: i64,
    yi: i64,
    xf: i64,
    yf: i64,
}

impl Line {
    /// The orientation of `(x, y)` against the line directed from its start
    /// to its end: positive when the point lies counter-clockwise of it (to
    /// its left, with y up), negative clockwise, zero on it.
    #[inline]
    fn side(&self, x: i64, y: i64) -> i64 {
        (self.yf - self.yi) * (self.xf - x) - (self.xf - self.xi) * (self.yf - y)
    }

    #[inline]
    fn has_ccw(&self, (x, y): (i64, i64)) -> bool {
        self.side(x, y) > 0
    }

    #[inline]
    fn has_cw(&self, (x, y): (i64, i64)) -> bool {
        self.side(x, y) < 0
    }

    #[inline]
    fn passes_through(&self, (x, y): (i64, i64)) -> bool {
        self.side(x, y) == 0
    }

    fn is_collinear_with(&self, other: &Line) -> bool {
        self.passes_through((other.xi, other.yi)) && self.passes_through((other.xf, other.yf))
    }
}

/// The orientation against `line` of the corner `(a - step·j, b + step·j)`,
/// which slides along an anti-diagonal as `j` grows: `c0 + c1·j`.
///
/// Line coordinates stay within 2^30 + 16 and `a` within 2^31 + 16 (see
/// `LEVEL_REACH` and [`MAX_REACH`](crate::kernel::field::MAX_REACH)), so each
/// product is below 2^62 and `c0` fits in `i64`.
#[inline]
fn along_diagonal(line: &Line, a: i64, b: i64, step: i64) -> (i64, i64) {
    let (dx, dy) = (line.xf - line.xi, line.yf - line.yi);
    (dy * (line.xf - a) - dx * (line.yf - b), step * (dx + dy))
}

/// The first `j` on anti-diagonal `i` whose tile `(i - j, j)` has its
/// top-left corner strictly counter-clockwise of `shallow`, or `i + 1`.
///
/// A line runs from a point nearer the origin (in `x + y`) to a farther one,
/// so `c1 >= 0`: once a corner is counter-clockwise, so are the later ones.
#[inline]
fn first_inside(shallow: &Line, i: i64, step: i64) -> i64 {
    let (c0, c1) = along_diagonal(shallow, step * i, step, step);
    debug_assert!(c1 >= 0, "{shallow:?}");
    // The least j with c0 + c1·j > 0.
    let j = if c1 > 0 {
        (-c0).div_euclid(c1) + 1
    } else if c0 > 0 {
        0
    } else {
        i + 1
    };
    j.clamp(0, i + 1)
}

/// The last `j` on anti-diagonal `i` whose tile has its bottom-right corner
/// strictly clockwise of `steep`, or -1.
#[inline]
fn last_inside(steep: &Line, i: i64, step: i64) -> i64 {
    let (c0, c1) = along_diagonal(steep, step * (i + 1), 0, step);
    debug_assert!(c1 >= 0, "{steep:?}");
    // The greatest j with c0 + c1·j < 0.
    let j = if c1 > 0 {
        (-c0 - 1).div_euclid(c1)
    } else if c0 < 0 {
        i
    } else {
        -1
    };
    j.clamp(-1, i)
}

/// No bump: the end of a bump list.
const NO_BUMP: u32 = u32::MAX;

/// A tile corner that moved a sight line, linked to the line's earlier bumps.
#[derive(Clone, Copy, Debug)]
struct Bump {
    at: (i64, i64),
    previous: u32,
}

/// A wedge of the quadrant still open to sight.
#[derive(Clone, Copy, Debug)]
struct View {
    shallow: Line,
    steep: Line,
    shallow_bumps: u32,
    steep_bumps: u32,
}

/// Reusable scratch for Precise Permissive FOV; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, PrecisePermissive, Range};
///
/// // A pillar hides the tile straight behind it, and nothing else.
/// let map = |x: i32, y: i32| (x, y) == (1, 1);
/// let mut fov = OldPP::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(2), |x, y| seen.push((x, y)))?;
/// assert!(!seen.contains(&(2, 2)));
/// assert!(seen.contains(&(2, 1)) && seen.contains(&(1, 2)));
/// assert_eq!(seen.len(), 25 - 1);
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug)]
pub struct OldPP {
    level: u8,
    views: Vec<View>,
    bumps: Vec<Bump>,
    /// The range's reach, row by row.
    reach: Reach,
}

impl Default for OldPP {
    fn default() -> OldPP {
        OldPP {
            level: MAX_LEVEL,
            views: Vec::new(),
            bumps: Vec::new(),
            reach: Reach::default(),
        }
    }
}

/// The highest permissiveness: the whole origin tile sees.
const MAX_LEVEL: u8 = 8;

/// Sixteenths of a tile: the unit of libtcod's permissiveness levels.
const STEP: i64 = 16;

/// How far a level below 8 reaches: offsets times [`STEP`] stay below 2^30,
/// so orientation products stay below 2^62.
const LEVEL_REACH: i64 = 1 << 26;

impl OldPP {
    /// The old scan at libtcod's permissiveness `level`, 0 to 8.
    pub fn with_level(level: u8) -> Option<OldPP> {
        (level <= MAX_LEVEL).then(|| OldPP {
            level,
            ..OldPP::default()
        })
    }

    /// The corners of the square the viewer sees from, `(offset, limit)`,
    /// and the size of a tile, in the same units.
    fn source(&self) -> (i64, i64, i64) {
        if self.level == MAX_LEVEL {
            (0, 1, 1)
        } else {
            let p = i64::from(self.level);
            (8 - p, 8 + p, STEP)
        }
    }

    /// Scans quadrant `Q` of [`Quadrant::ALL`], compiled once per quadrant
    /// so that its transform is constant in the hot loop.
    fn scan_quadrant<const Q: usize, T, S>(&mut self, tiles: &T, field: &Field, sink: &mut S)
    where
        T: Tiles,
        S: Sink,
    {
        let q = Quadrant::ALL[Q];
        let (mut ex, mut ey) = q.extents(field);
        let (offset, limit, step) = self.source();
        if step > 1 {
            ex = ex.min(LEVEL_REACH);
            ey = ey.min(LEVEL_REACH);
        }
        if ex == 0 && ey == 0 {
            return;
        }
        // From the source square's corners to the far edges of the field, as
        // libtcod draws them; an empty side still gets a far end off the
        // origin, or its line would be degenerate.
        self.views.clear();
        self.bumps.clear();
        self.views.push(View {
            shallow: Line {
                xi: offset,
                yi: limit,
                xf: step * ex.max(1),
                yf: 0,
            },
            steep: Line {
                xi: limit,
                yi: offset,
                xf: 0,
                yf: step * ey.max(1),
            },
            shallow_bumps: NO_BUMP,
            steep_bumps: NO_BUMP,
        });
        // Along anti-diagonal i the tiles within the range's shape are the
        // interval [first, i - first] (every shape is symmetric in x and y and
        // grows with both), and `first` never decreases with i. Tiles beyond
        // the range cannot block tiles within it, so they are skipped whole.
        let mut first = 0;
        for i in 1..=ex + ey {
            while first <= i - first && self.reach.at(first) < i - first {
                first += 1;
            }
            if self.views.is_empty() || first > i - first {
                return;
            }
            let lo = (i - ex).max(0).max(first);
            let hi = i.min(ey).min(i - first);
            // Views and tiles both run clockwise to counter-clockwise along the
            // diagonal. Each view covers a span of it, computed from its two
            // lines; the tiles of a span need no geometry, only a wall changes
            // the views and so the spans.
            let (mut j, mut k) = (lo, 0);
            while j <= hi {
                let Some(view) = self.views.get(k) else {
                    break;
                };
                let (a, b) = (
                    first_inside(&view.shallow, i, step),
                    last_inside(&view.steep, i, step),
                );
                if b < j {
                    k += 1;
                    continue;
                }
                if a > hi {
                    break;
                }
                j = j.max(a);
                let end = b.min(hi);
                while j <= end {
                    let (x, y) = (i - j, j);
                    let (dx, dy) = q.offset(x, y);
                    if (y != 0 || q.owns_x_axis()) && (x != 0 || q.owns_y_axis()) {
                        sink.tile(dx, dy);
                    }
                    j += 1;
                    if tiles.opaque(dx, dy) {
                        self.block(k, (x, y), step);
                        break;
                    }
                }
            }
        }
    }

    /// An opaque tile `(x, y)` inside view `index` bumps, splits or closes it.
    fn block(&mut self, index: usize, (x, y): (i64, i64), step: i64) {
        let top_left = (x * step, (y + 1) * step);
        let bottom_right = ((x + 1) * step, y * step);
        let view = self.views[index];
        match (
            view.shallow.has_cw(bottom_right),
            view.steep.has_ccw(top_left),
        ) {
            (true, true) => {
                self.views.remove(index);
            }
            (true, false) => {
                self.add_shallow_bump(index, top_left);
                self.close_if_dead(index);
            }
            (false, true) => {
                self.add_steep_bump(index, bottom_right);
                self.close_if_dead(index);
            }
            (false, false) => {
                self.views.insert(index, view);
                // The farther view first: if it closes, `index` still names the nearer one.
                self.add_shallow_bump(index + 1, top_left);
                self.close_if_dead(index + 1);
                self.add_steep_bump(index, bottom_right);
                self.close_if_dead(index);
            }
        }
    }

    fn push_bump(&mut self, at: (i64, i64), previous: u32) -> u32 {
        let id = self.bumps.len() as u32;
        self.bumps.push(Bump { at, previous });
        id
    }

    fn add_shallow_bump(&mut self, index: usize, at: (i64, i64)) {
        let mut view = self.views[index];
        view.shallow.xf = at.0;
        view.shallow.yf = at.1;
        view.shallow_bumps = self.push_bump(at, view.shallow_bumps);
        let mut bump = view.steep_bumps;
        while bump != NO_BUMP {
            let b = self.bumps[bump as usize];
            if view.shallow.has_cw(b.at) {
                view.shallow.xi = b.at.0;
                view.shallow.yi = b.at.1;
            }
            bump = b.previous;
        }
        self.views[index] = view;
    }

    fn add_steep_bump(&mut self, index: usize, at: (i64, i64)) {
        let mut view = self.views[index];
        view.steep.xf = at.0;
        view.steep.yf = at.1;
        view.steep_bumps = self.push_bump(at, view.steep_bumps);
        let mut bump = view.shallow_bumps;
        while bump != NO_BUMP {
            let b = self.bumps[bump as usize];
            if view.steep.has_ccw(b.at) {
                view.steep.xi = b.at.0;
                view.steep.yi = b.at.1;
            }
            bump = b.previous;
        }
        self.views[index] = view;
    }

    /// Closes a view whose two lines coincide through a corner of the origin tile.
    fn close_if_dead(&mut self, index: usize) {
        let (offset, limit, _) = self.source();
        let view = &self.views[index];
        if view.shallow.is_collinear_with(&view.steep)
            && (view.shallow.passes_through((offset, limit))
                || view.shallow.passes_through((limit, offset)))
        {
            self.views.remove(index);
        }
    }
}

field_of_view!(OldPP);

impl Scan for OldPP {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        with_tiles!(map, field.origin, |tiles| self.scan(tiles, field, sink));
        Ok(())
    }
}

impl OldPP {
    fn scan<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        sink.tile(0, 0);
        self.reach.reset(field.range);
        each_quadrant!(self.scan_quadrant::<_, T, S>(tiles, field, sink));
    }
}

#[cfg(test)]
mod diff {
    use super::OldPP;
    use crate::generate::SplitMix64;
    use crate::{Algorithm, FieldOfView, Fov, Grid, PrecisePermissive, Range, Shape, VisibleSet};
    use std::collections::BTreeSet;

    fn check(seed: u64, n: usize, max_side: u32) {
        let mut rng = SplitMix64::new(seed);
        for it in 0..n {
            let (w, h) = (1 + rng.below(max_side), 1 + rng.below(max_side));
            let density = rng.below(70);
            let mut g = Grid::new(w, h);
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    if rng.below(100) < density {
                        g.set(x, y, true);
                    }
                }
            }
            let origin = (rng.below(w) as i32, rng.below(h) as i32);
            let level = rng.below(9) as u8;
            let range = if rng.below(4) == 0 {
                Range::UNLIMITED
            } else {
                Range::new(rng.below(max_side), Shape::ALL[rng.below(4) as usize])
            };
            let mut old = OldPP::with_level(level).unwrap();
            let mut a = BTreeSet::new();
            old.compute(&g, origin, range, |x, y| {
                assert!(a.insert((x, y)));
            })
            .unwrap();
            let mut new = PrecisePermissive::with_level(level).unwrap();
            let mut b = BTreeSet::new();
            new.compute(&g, origin, range, |x, y| {
                assert!(b.insert((x, y)), "twice {x},{y}");
            })
            .unwrap();
            if a != b {
                let mut s = String::new();
                for y in 0..h as i32 {
                    for x in 0..w as i32 {
                        let c = if (x, y) == origin {
                            '@'
                        } else if crate::Opacity::is_opaque(&g, x, y) {
                            '#'
                        } else {
                            '.'
                        };
                        let m = match (a.contains(&(x, y)), b.contains(&(x, y))) {
                            (true, true) => c,
                            (true, false) => '-',
                            (false, true) => '+',
                            _ => {
                                if c == '#' {
                                    'X'
                                } else {
                                    ' '
                                }
                            }
                        };
                        s.push(m);
                    }
                    s.push('\n');
                }
                panic!("it {it} level {level} range {range:?} origin {origin:?}\n{s}");
            }
            // closure map (asked tiles) and the visible set path agree too
            let gg = g.clone();
            let closure = crate::bounded(crate::Rect::new(0, 0, w, h), move |x: i32, y: i32| {
                crate::Opacity::is_opaque(&gg, x, y)
            });
            let mut c = BTreeSet::new();
            new.compute(&closure, origin, range, |x, y| {
                assert!(c.insert((x, y)));
            })
            .unwrap();
            assert_eq!(a, c, "asked, it {it}");
            let alg = if level == 8 {
                Algorithm::PrecisePermissive
            } else {
                Algorithm::permissive(level).unwrap()
            };
            let mut set = VisibleSet::new();
            Fov::new(alg)
                .compute_into(&g, origin, range, &mut set)
                .unwrap();
            let d: BTreeSet<_> = set.iter().collect();
            assert_eq!(a, d, "set, it {it}");
            assert_eq!(set.len(), a.len());
        }
    }

    #[test]
    fn diff_small() {
        check(1, 100_000, 12);
    }
    #[test]
    fn diff_medium() {
        check(2, 30_000, 40);
    }
    #[test]
    fn diff_large() {
        check(3, 2_000, 150);
    }
}
