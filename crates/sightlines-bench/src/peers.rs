//! The peer crates, each wired to its best case.
//!
//! Every peer gets the same map (walls `#`, a tile off the map blocks sight)
//! and the same radius as closely as its API allows, and keeps whatever
//! buffers its API lets a caller keep:
//!
//! - `bracket-pathfinding`: `field_of_view_set` returns a new `HashSet` (and
//!   `field_of_view` a `Vec` collected from that set): an allocation per call
//!   that the API forces. Both are run, for both of its algorithms. The map is
//!   read through `&dyn Algorithm2D`, as the API requires.
//! - `doryen-fov`: writes into its `MapData`, whose `fov` flags the caller must
//!   clear between calls (MRPAS reads them back). Its own `clear_fov` clears
//!   the whole map; we clear only the rows of the range's bounding box, which
//!   the public `fov` field allows, so the clear costs what ours does.
//! - `adam_fov_rs` and `symmetric-shadowcasting` report tiles to a callback:
//!   they write into a reused [`VisibleSet`] sized exactly as ours.
//!   `symmetric-shadowcasting` has no radius: tiles beyond it are given to it
//!   as walls and not reported.

use crate::contender::{Contender, Spec};
use crate::workload::{covering_radius, range_box, Workload};
use bracket_pathfinding::prelude as bracket;
use doryen_fov::{FovAlgorithm, FovRecursiveShadowCasting, FovRestrictive, MapData};
use sightlines::VisibleSet;
use std::collections::HashSet;
use std::hint::black_box;

/// The peers' contenders.
pub fn specs() -> Vec<Spec> {
    let mut specs = Vec::new();
    for (alg, name, family) in [
        (
            bracket::FieldOfViewAlg::RecursiveShadowcasting,
            "shadow",
            "recursive-shadowcast",
        ),
        (
            bracket::FieldOfViewAlg::SymmetricShadowcasting,
            "symmetric",
            "symmetric-shadowcast",
        ),
    ] {
        for vec in [false, true] {
            specs.push(Spec {
                id: format!(
                    "bracket-pathfinding/{name}-{}",
                    if vec { "vec" } else { "set" }
                ),
                family,
                build: Box::new(move |w, r| Box::new(Bracket::new(w, r, alg, vec))),
            });
        }
    }
    specs.push(Spec {
        id: "doryen-fov/recursive-shadowcasting".to_owned(),
        family: "recursive-shadowcast",
        build: Box::new(|w, r| Box::new(Doryen::new(w, r, FovRecursiveShadowCasting::new()))),
    });
    specs.push(Spec {
        id: "doryen-fov/mrpas".to_owned(),
        family: "restrictive",
        build: Box::new(|w, r| Box::new(Doryen::new(w, r, FovRestrictive::new()))),
    });
    specs.push(Spec {
        id: "adam_fov_rs/compute_fov".to_owned(),
        family: "beveled",
        build: Box::new(|w, r| Box::new(Adam::new(w, r))),
    });
    specs.push(Spec {
        id: "symmetric-shadowcasting/compute_fov".to_owned(),
        family: "symmetric-shadowcast",
        build: Box::new(|w, r| Box::new(SymmetricShadowcasting::new(w, r))),
    });
    specs
}

/// bracket-pathfinding's map: row-major opacity and its size.
struct BracketMap {
    width: i32,
    height: i32,
    opaque: Vec<bool>,
}

impl bracket::BaseMap for BracketMap {
    fn is_opaque(&self, idx: usize) -> bool {
        self.opaque[idx]
    }
}

impl bracket::Algorithm2D for BracketMap {
    fn dimensions(&self) -> bracket::Point {
        bracket::Point::new(self.width, self.height)
    }
}

/// bracket-pathfinding: a new set (or vector) per call, kept until the next.
struct Bracket {
    map: BracketMap,
    range: Option<u32>,
    alg: bracket::FieldOfViewAlg,
    vec: bool,
    set: HashSet<bracket::Point>,
    list: Vec<bracket::Point>,
}

impl Bracket {
    fn new(w: &Workload, radius: Option<u32>, alg: bracket::FieldOfViewAlg, vec: bool) -> Bracket {
        Bracket {
            map: BracketMap {
                width: w.width as i32,
                height: w.height as i32,
                opaque: w.opaque.clone(),
            },
            range: radius,
            alg,
            vec,
            set: HashSet::new(),
            list: Vec::new(),
        }
    }

    fn compute(&mut self, (x, y): (i32, i32)) {
        let at = bracket::Point::new(x, y);
        // No unlimited range: the radius that reaches the farthest corner.
        let (w, h) = (self.map.width as u32, self.map.height as u32);
        let radius = self.range.unwrap_or_else(|| covering_radius(w, h, (x, y))) as i32;
        if self.vec {
            self.list = self.alg.field_of_view(at, radius, &self.map);
        } else {
            self.set = self.alg.field_of_view_set(at, radius, &self.map);
        }
    }
}

impl Contender for Bracket {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &origin in viewpoints {
            self.compute(origin);
            black_box((&self.set, &self.list));
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.compute(origin);
        let points = if self.vec {
            self.list.clone()
        } else {
            self.set.iter().copied().collect()
        };
        sorted(points.into_iter().map(|p| (p.x, p.y)).collect())
    }
}

/// doryen-fov: one `MapData` reused, its range box cleared before each call.
struct Doryen<A> {
    alg: A,
    map: MapData,
    /// doryen-fov's radius: 0 is the whole map.
    radius: usize,
    range: Option<u32>,
}

impl<A: FovAlgorithm> Doryen<A> {
    fn new(w: &Workload, radius: Option<u32>, alg: A) -> Doryen<A> {
        let mut map = MapData::new(w.width as usize, w.height as usize);
        for (i, &opaque) in w.opaque.iter().enumerate() {
            map.transparent[i] = !opaque;
        }
        Doryen {
            alg,
            map,
            radius: radius.map_or(0, |r| r as usize),
            range: radius,
        }
    }

    fn compute(&mut self, (x, y): (i32, i32)) {
        // Both algorithms only write inside the radius's square; MRPAS reads
        // the flags it wrote on the previous line, so old ones must go.
        let area = range_box(
            self.map.width as u32,
            self.map.height as u32,
            (x, y),
            self.range,
        );
        let width = self.map.width;
        for row in area.y as usize..(area.y as usize + area.height as usize) {
            let start = row * width + area.x as usize;
            self.map.fov[start..start + area.width as usize].fill(false);
        }
        self.alg
            .compute_fov(&mut self.map, x as usize, y as usize, self.radius, true);
    }
}

impl<A: FovAlgorithm> Contender for Doryen<A> {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &origin in viewpoints {
            self.compute(origin);
            black_box(&self.map.fov);
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.map.clear_fov();
        self.compute(origin);
        let width = self.map.width;
        (0..self.map.fov.len())
            .filter(|&i| self.map.fov[i])
            .map(|i| ((i % width) as i32, (i / width) as i32))
            .collect()
    }
}

/// adam_fov_rs: a callback into a reused set sized as ours.
struct Adam {
    width: u32,
    height: u32,
    opaque: Vec<bool>,
    range: Option<u32>,
    set: VisibleSet,
}

impl Adam {
    fn new(w: &Workload, radius: Option<u32>) -> Adam {
        Adam {
            width: w.width,
            height: w.height,
            opaque: w.opaque.clone(),
            range: radius,
            set: VisibleSet::new(),
        }
    }

    fn compute(&mut self, origin: (i32, i32)) {
        self.set
            .reset(range_box(self.width, self.height, origin, self.range));
        let (width, opaque, set) = (self.width as usize, &self.opaque, &mut self.set);
        // Its range is the circle sqrt(dx² + dy²) <= r in f32; it has no
        // unlimited range: the radius that reaches the farthest corner.
        let radius = self
            .range
            .unwrap_or_else(|| covering_radius(self.width, self.height, origin));
        adam_fov_rs::compute_fov(
            origin,
            radius as usize,
            [self.width, self.height],
            // Called only for tiles on the map.
            |p| opaque[p.x as usize + p.y as usize * width],
            |p| {
                set.insert(p.x, p.y);
            },
        );
    }
}

impl Contender for Adam {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &origin in viewpoints {
            self.compute(origin);
            black_box(&self.set);
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.compute(origin);
        self.set.iter().collect()
    }
}

/// symmetric-shadowcasting: callbacks for opacity and visibility; it has no
/// radius, so tiles out of range are walls to it and are not reported.
struct SymmetricShadowcasting {
    width: u32,
    height: u32,
    opaque: Vec<bool>,
    range: Option<u32>,
    set: VisibleSet,
}

impl SymmetricShadowcasting {
    fn new(w: &Workload, radius: Option<u32>) -> SymmetricShadowcasting {
        SymmetricShadowcasting {
            width: w.width,
            height: w.height,
            opaque: w.opaque.clone(),
            range: radius,
            set: VisibleSet::new(),
        }
    }

    fn compute(&mut self, origin: (i32, i32)) {
        self.set
            .reset(range_box(self.width, self.height, origin, self.range));
        let (w, h) = (self.width as isize, self.height as isize);
        let (ox, oy) = (origin.0 as isize, origin.1 as isize);
        let r2 = self.range.map(|r| r as isize * r as isize);
        let in_range = move |(x, y): (isize, isize)| {
            (0..w).contains(&x)
                && (0..h).contains(&y)
                && r2.is_none_or(|r2| (x - ox) * (x - ox) + (y - oy) * (y - oy) <= r2)
        };
        let opaque = &self.opaque;
        let set = &mut self.set;
        symmetric_shadowcasting::compute_fov(
            (ox, oy),
            &mut |p| !in_range(p) || opaque[(p.0 + p.1 * w) as usize],
            &mut |p| {
                if in_range(p) {
                    set.insert(p.0 as i32, p.1 as i32);
                }
            },
        );
    }
}

impl Contender for SymmetricShadowcasting {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &origin in viewpoints {
            self.compute(origin);
            black_box(&self.set);
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.compute(origin);
        self.set.iter().collect()
    }
}

/// Sorts tiles by row, then column, as [`VisibleSet::iter`] gives them.
pub(crate) fn sorted(mut tiles: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    tiles.sort_unstable_by_key(|&(x, y)| (y, x));
    tiles.dedup();
    tiles
}
