//! What the benchmarks run: our algorithms, the floor, and the peers, all
//! behind one small trait so that every one is timed and counted the same way.

use crate::workload::{range_box, Workload};
use sightlines::{Algorithm, DiagonalGaps, Fov, Grid, Range, VisibleSet};
use std::hint::black_box;

/// One implementation, set up for one map and radius, with its buffers.
pub trait Contender {
    /// Computes the field of view from each viewpoint in turn, each into the
    /// contender's own reused output: the timed work.
    fn run(&mut self, viewpoints: &[(i32, i32)]);

    /// The tiles seen from `origin`, sorted by row then column: for the
    /// visible counts and the sanity checks, never timed.
    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)>;

    /// Sets the diagonal rule, for our algorithms that keep it; whether it
    /// was set (peers have no such option).
    fn set_diagonal_gaps(&mut self, _gaps: DiagonalGaps) -> bool {
        false
    }
}

/// Builds a contender for a workload and a radius (`None`: the whole map).
pub type Build = Box<dyn Fn(&Workload, Option<u32>) -> Box<dyn Contender>>;

/// A contender by name: `library/algorithm`, its family, and how to build it.
pub struct Spec {
    /// `sightlines/precise-permissive`, `libtcod/shadow`, `floor`, ...
    pub id: String,
    /// The id of our algorithm it competes with (`recursive-shadowcast`), or
    /// `floor`.
    pub family: &'static str,
    /// Builds it for a map and radius.
    pub build: Build,
}

impl Spec {
    /// The library part of the id: `sightlines`, `libtcod`, `floor`, ...
    pub fn library(&self) -> &str {
        self.id.split('/').next().unwrap_or(&self.id)
    }

    /// Whether this is one of our algorithms.
    pub fn is_ours(&self) -> bool {
        self.library() == OURS
    }

    /// Whether this is one of the floors.
    pub fn is_floor(&self) -> bool {
        self.family == FLOOR
    }
}

/// The library name of our own contenders.
pub const OURS: &str = "sightlines";
/// The id and family of the floor.
pub const FLOOR: &str = "floor";
/// The id of the floor without a set: plain bits, no bookkeeping.
pub const FLOOR_BITS: &str = "floor-bits";

/// Every contender this build has: ours in [`Algorithm::ALL`] order, the
/// floor, then the peers (libtcod only with the `libtcod` feature).
pub fn all() -> Vec<Spec> {
    let mut specs: Vec<Spec> = Algorithm::ALL
        .iter()
        .map(|&a| Spec {
            id: format!("{OURS}/{}", a.id()),
            family: a.id(),
            build: Box::new(move |w, r| Box::new(Ours::new(w, r, a))),
        })
        .collect();
    specs.push(Spec {
        id: FLOOR.to_owned(),
        family: FLOOR,
        build: Box::new(|w, r| Box::new(Floor::new(w, r))),
    });
    specs.push(Spec {
        id: FLOOR_BITS.to_owned(),
        family: FLOOR,
        build: Box::new(|w, r| Box::new(FloorBits::new(w, r))),
    });
    specs.extend(crate::peers::specs());
    #[cfg(feature = "libtcod")]
    specs.extend(crate::libtcod::specs());
    specs
}

/// The contenders of a case: the floor only on the open map, where every
/// tile of the range is visible and it is the bound no algorithm can beat.
pub fn for_map(map: &str) -> Vec<Spec> {
    all()
        .into_iter()
        .filter(|s| !s.is_floor() || map == "open")
        .collect()
}

/// One of our algorithms through [`Fov::compute_into`] into a reused
/// [`VisibleSet`] on our bit-packed [`Grid`]: the way a game loop uses it.
struct Ours {
    fov: Fov,
    grid: Grid,
    range: Range,
    set: VisibleSet,
}

impl Ours {
    fn new(w: &Workload, radius: Option<u32>, algorithm: Algorithm) -> Ours {
        Ours {
            fov: Fov::new(algorithm),
            grid: w.grid.clone(),
            range: Range::with_radius(radius, sightlines::Shape::Circle),
            set: VisibleSet::new(),
        }
    }
}

impl Contender for Ours {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &origin in viewpoints {
            self.fov
                .compute_into(&self.grid, origin, self.range, &mut self.set)
                .expect("viewpoints are on the map");
            black_box(&self.set);
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.run(&[origin]);
        self.set.iter().collect()
    }

    fn set_diagonal_gaps(&mut self, gaps: DiagonalGaps) -> bool {
        let algorithm = self.fov.algorithm();
        self.fov.set_diagonal_gaps(gaps);
        !gaps.blocks() || algorithm.supports_diagonal_rule()
    }
}

/// The floor: a plain loop that writes every tile of the same range (the
/// circle clipped to the map) into the same reused [`VisibleSet`], one
/// `insert` per tile, with no sight computation at all.
struct Floor {
    width: u32,
    height: u32,
    radius: Option<u32>,
    set: VisibleSet,
}

impl Floor {
    fn new(w: &Workload, radius: Option<u32>) -> Floor {
        Floor {
            width: w.width,
            height: w.height,
            radius,
            set: VisibleSet::new(),
        }
    }

    fn fill(&mut self, (ox, oy): (i32, i32)) {
        let area = range_box(self.width, self.height, (ox, oy), self.radius);
        self.set.reset(area);
        let (x_end, y_end) = (area.x + area.width as i32, area.y + area.height as i32);
        for y in area.y..y_end {
            let (from, to) = match self.radius {
                None => (area.x, x_end),
                Some(r) => {
                    let half = half_width(r, y - oy);
                    ((ox - half).max(area.x), (ox + half + 1).min(x_end))
                }
            };
            for x in from..to {
                self.set.insert(x, y);
            }
        }
    }
}

/// A lower floor: the same tiles, each set as one bit of a plain reused
/// buffer over the range's box, without the set's checks and count, the bits
/// of a word gathered in a register: what writing the tiles one by one costs
/// with no bookkeeping at all.
struct FloorBits {
    width: u32,
    height: u32,
    radius: Option<u32>,
    words: Vec<u64>,
    words_per_row: usize,
    area: sightlines::Rect,
}

impl FloorBits {
    fn new(w: &Workload, radius: Option<u32>) -> FloorBits {
        FloorBits {
            width: w.width,
            height: w.height,
            radius,
            words: Vec::new(),
            words_per_row: 0,
            area: sightlines::Rect::default(),
        }
    }

    fn fill(&mut self, (ox, oy): (i32, i32)) {
        let area = range_box(self.width, self.height, (ox, oy), self.radius);
        self.area = area;
        self.words_per_row = (area.width as usize).div_ceil(64);
        self.words.clear();
        self.words
            .resize(self.words_per_row * area.height as usize, 0);
        let x_end = area.x + area.width as i32;
        for (row, y) in (area.y..area.y + area.height as i32).enumerate() {
            let (from, to) = match self.radius {
                None => (area.x, x_end),
                Some(r) => {
                    let half = half_width(r, y - oy);
                    ((ox - half).max(area.x), (ox + half + 1).min(x_end))
                }
            };
            let words = &mut self.words[row * self.words_per_row..][..self.words_per_row];
            // Tile by tile, but gathered in a register and stored a word at
            // a time, so no tile waits for the store of the one before.
            let (mut dx, end) = (
                (from - area.x) as usize,
                (to - area.x).max(from - area.x) as usize,
            );
            while dx < end {
                let stop = end.min((dx / 64 + 1) * 64);
                let mut bits = 0u64;
                for d in dx..stop {
                    bits |= 1 << (d % 64);
                }
                words[dx / 64] |= bits;
                dx = stop;
            }
        }
    }
}

impl Contender for FloorBits {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &origin in viewpoints {
            self.fill(origin);
            black_box(&self.words);
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.fill(origin);
        let a = self.area;
        (0..a.height as usize)
            .flat_map(|row| (0..a.width as usize).map(move |dx| (row, dx)))
            .filter(|&(row, dx)| {
                self.words[row * self.words_per_row + dx / 64] >> (dx % 64) & 1 == 1
            })
            .map(|(row, dx)| (a.x + dx as i32, a.y + row as i32))
            .collect()
    }
}

/// The largest `dx` with `dx² + dy² <= r²` (`dy` within the radius).
fn half_width(r: u32, dy: i32) -> i32 {
    let left = i64::from(r) * i64::from(r) - i64::from(dy) * i64::from(dy);
    let mut w = (left as f64).sqrt() as i64;
    while w * w > left {
        w -= 1;
    }
    while (w + 1) * (w + 1) <= left {
        w += 1;
    }
    w as i32
}

impl Contender for Floor {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &origin in viewpoints {
            self.fill(origin);
            black_box(&self.set);
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.fill(origin);
        self.set.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_families_are_ours() {
        let specs = all();
        let mut ids: Vec<&str> = specs.iter().map(|s| s.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), specs.len());
        for s in &specs {
            assert!(
                s.family == FLOOR || s.family.parse::<Algorithm>().is_ok(),
                "{}: unknown family {}",
                s.id,
                s.family
            );
        }
        assert_eq!(
            specs.iter().filter(|s| s.is_ours()).count(),
            Algorithm::ALL.len()
        );
    }

    #[test]
    fn half_width_is_the_exact_circle() {
        for r in 0..70u32 {
            for dy in -(r as i32)..=r as i32 {
                let w = half_width(r, dy);
                let r2 = i64::from(r * r);
                let f = |dx: i32| i64::from(dx * dx + dy * dy) <= r2;
                assert!(f(w) && !f(w + 1), "r {r} dy {dy}");
            }
        }
    }

    #[test]
    fn the_floor_fills_exactly_our_open_field() {
        let w = Workload::new("open", Grid::new(40, 30), vec![(3, 4), (20, 15)]);
        for radius in [Some(0), Some(5), Some(12), None] {
            let mut floor = Floor::new(&w, radius);
            let mut bits = FloorBits::new(&w, radius);
            let mut ours = Ours::new(&w, radius, Algorithm::RecursiveShadowcast);
            for &vp in &w.viewpoints {
                let want = ours.tiles(vp);
                assert_eq!(floor.tiles(vp), want, "{radius:?} {vp:?}");
                assert_eq!(bits.tiles(vp), want, "{radius:?} {vp:?}");
            }
        }
    }
}
