//! `hexx::algorithms::range_fov` against our `hex-raycast` and
//! `hex-shadowcast` on seeded random hex maps, with every difference put
//! down to a cause.
//!
//! `range_fov` walks `line_to` from the origin to each hex of the ring at
//! the radius, keeping hexes until the first blocking one (left out). The
//! differences are explained by a chain of models, each one change from the
//! last; a difference goes to the first change that flips it:
//!
//! 1. hexx's procedure with our exact [`hex::line`] (its tie rule stated)
//!    instead of hexx's `f32` lerp and rounding;
//! 2. the lines aimed at our last ring: the radius, or the map's farthest
//!    ring when that is nearer (hexx aims at the radius's ring, off the map);
//! 3. `hex-raycast` with walls unlit, which must equal 2;
//! 4. for `hex-shadowcast`: `hex-shadowcast` with walls unlit;
//! 5. walls lit (hexx never reports the blocking hex).

use sightlines::hex::{self, HexAlgorithm, HexFov, HexGrid, HexOpacity, Layout};
use std::collections::{BTreeMap, BTreeSet};

type Hexes = BTreeSet<(i32, i32)>;

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

struct Case {
    grid: HexGrid,
    origin: (i32, i32),
    radius: u32,
}

/// 1,000 odd-r maps up to 20x20, 0% to 50% walls, radii 1 to 10, the
/// viewer on a floor hex.
fn cases() -> Vec<Case> {
    let mut rng = Lcg(0x4845_5858);
    (0..1000)
        .map(|n| {
            let (w, h) = (3 + rng.below(18) as u32, 3 + rng.below(18) as u32);
            let density = 10 * (n % 6);
            let mut grid = HexGrid::new(w, h, Layout::OddR);
            for row in 0..h as i32 {
                for col in 0..w as i32 {
                    grid.set_offset(col, row, rng.below(100) < density);
                }
            }
            let (col, row) = (
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            grid.set_offset(col, row, false);
            Case {
                origin: grid.to_axial(col, row).unwrap(),
                radius: 1 + rng.below(10) as u32,
                grid,
            }
        })
        .collect()
}

fn hexx_fov(c: &Case) -> Hexes {
    hexx::algorithms::range_fov(hexx::hex(c.origin.0, c.origin.1), c.radius, |h| {
        c.grid.is_opaque(h.x, h.y)
    })
    .into_iter()
    .map(|h| (h.x, h.y))
    .collect()
}

/// The ring `d` around `o` (any order).
fn ring(o: (i32, i32), d: i32) -> impl Iterator<Item = (i32, i32)> {
    (-d..=d)
        .flat_map(move |dq| (-d..=d).map(move |dr| (dq, dr)))
        .filter(move |&(dq, dr)| hex::distance((0, 0), (dq, dr)) == d as u64)
        .map(move |(dq, dr)| (o.0 + dq, o.1 + dr))
}

/// hexx's procedure with our exact lines, aimed at ring `d`.
fn exact_lines(c: &Case, d: u32) -> Hexes {
    ring(c.origin, d as i32)
        .flat_map(|t| hex::line(c.origin, t).take_while(|&(q, r)| !c.grid.is_opaque(q, r)))
        .collect()
}

fn farthest(c: &Case) -> u32 {
    (0..c.grid.height() as i32)
        .flat_map(|row| (0..c.grid.width() as i32).map(move |col| (col, row)))
        .map(|(col, row)| hex::distance(c.origin, c.grid.to_axial(col, row).unwrap()) as u32)
        .max()
        .unwrap()
}

fn ours(c: &Case, algorithm: HexAlgorithm, lit_walls: bool) -> Hexes {
    let mut fov = HexFov::new(algorithm);
    fov.set_lit_walls(lit_walls);
    let mut seen = Hexes::new();
    fov.compute(&c.grid, c.origin, Some(c.radius), |q, r| {
        seen.insert((q, r));
    })
    .unwrap();
    seen
}

/// Whether the point `k/n` of the way from `(0, 0)` to `(dq, dr)` lies on
/// the boundary of two hexes (a tie for any rounding).
fn on_a_tie(dq: i64, dr: i64, k: i64, n: i64) -> bool {
    let (pq, pr) = (dq * k, dr * k);
    let mut holders = 0;
    for cq in pq.div_euclid(n) - 1..=pq.div_euclid(n) + 2 {
        for cr in pr.div_euclid(n) - 1..=pr.div_euclid(n) + 2 {
            let (gq, gr) = (pq - n * cq, pr - n * cr);
            if [2 * gq + gr, gq + 2 * gr, gq - gr]
                .iter()
                .all(|f| f.abs() <= n)
            {
                holders += 1;
            }
        }
    }
    holders > 1
}

const CAUSES: [&str; 6] = [
    "line rounding: hexx's f32 line takes another hex than the exact line",
    "last ring: hexx aims its lines at the radius's ring, off the map",
    "unexplained: hex-raycast (walls unlit) differs from hexx's procedure",
    "shadowcast: a ray through the hex is lit but no clear line reaches it",
    "shadowcast: a line reaches it but every ray through it is shadowed",
    "walls lit: hexx leaves the blocking hex out",
];

#[test]
fn hexx_range_fov_agreement_with_every_difference_explained() {
    let cases = cases();
    let mut table = Vec::new();
    for algorithm in [HexAlgorithm::Raycast, HexAlgorithm::Shadowcast] {
        let (mut maps, mut agree, mut union, mut model) = (0, 0, 0, 0);
        let mut causes: BTreeMap<usize, usize> = BTreeMap::new();
        for c in &cases {
            let last = c.radius.min(farthest(c));
            let mut chain = vec![
                hexx_fov(c),
                exact_lines(c, c.radius),
                exact_lines(c, last),
                ours(c, HexAlgorithm::Raycast, false),
            ];
            if algorithm == HexAlgorithm::Shadowcast {
                chain.push(ours(c, algorithm, false));
            }
            chain.push(ours(c, algorithm, true));
            // hex-raycast is hexx's procedure with exact lines to our last ring.
            model += usize::from(chain[2] == chain[3]);
            let (h, x) = (&chain[0], chain.last().unwrap());
            maps += usize::from(h == x);
            union += h.union(x).count();
            agree += h.intersection(x).count();
            for &t in h.symmetric_difference(x) {
                let step = (1..chain.len())
                    .find(|&i| chain[i].contains(&t) != chain[i - 1].contains(&t))
                    .unwrap();
                let cause = match (step, chain.len()) {
                    (1, _) => 0,
                    (2, _) => 1,
                    (3, _) => 2,
                    (4, 6) if chain[4].contains(&t) => 3,
                    (4, 6) => 4,
                    _ => 5,
                };
                *causes.entry(cause).or_default() += 1;
            }
        }
        assert_eq!(model, cases.len());
        println!(
            "hexx range_fov vs {algorithm}: {maps}/{} maps identical, {agree}/{union} hexes seen by either agree ({:.1}%)",
            cases.len(),
            100.0 * agree as f64 / union as f64
        );
        for (&cause, &n) in &causes {
            println!("  {n:6}  {}", CAUSES[cause]);
        }
        table.push((
            algorithm.id(),
            maps,
            agree,
            union,
            causes.into_iter().collect::<Vec<_>>(),
        ));
    }
    let expected: Vec<_> = PINNED
        .iter()
        .map(|&(id, m, a, u, c)| (id, m, a, u, c.to_vec()))
        .collect();
    assert_eq!(table, expected, "agreement with hexx changed");
}

/// Per algorithm: maps identical, hexes agreeing, hexes seen by either, and
/// differences by cause (index into `CAUSES`).
type Row = (&'static str, usize, usize, usize, &'static [(usize, usize)]);

const PINNED: &[Row] = &[
    (
        "hex-raycast",
        193,
        25792,
        31735,
        &[(0, 624), (1, 50), (5, 5269)],
    ),
    (
        "hex-shadowcast",
        193,
        26089,
        33426,
        &[(0, 324), (1, 8), (3, 1139), (4, 47), (5, 5819)],
    ),
];

/// Where hexx's `line_to` and our exact line part, on every line of the
/// cases: only at ties (the point lies on an edge or vertex between two
/// hexes), or also elsewhere (an `f32` error).
#[test]
fn hexx_lines_differ_from_ours_only_at_ties() {
    let (mut lines, mut parted, mut at_ties, mut elsewhere) = (0, 0, 0, 0);
    for c in cases() {
        for t in ring(c.origin, c.radius as i32) {
            lines += 1;
            let theirs: Vec<(i32, i32)> = hexx::hex(c.origin.0, c.origin.1)
                .line_to(hexx::hex(t.0, t.1))
                .map(|h| (h.x, h.y))
                .collect();
            let exact: Vec<(i32, i32)> = hex::line(c.origin, t).collect();
            assert_eq!(theirs.len(), exact.len());
            parted += usize::from(theirs != exact);
            let (dq, dr) = (i64::from(t.0 - c.origin.0), i64::from(t.1 - c.origin.1));
            for (k, (a, b)) in theirs.iter().zip(&exact).enumerate() {
                if a != b {
                    if on_a_tie(dq, dr, k as i64, i64::from(c.radius)) {
                        at_ties += 1;
                    } else {
                        elsewhere += 1;
                    }
                }
            }
        }
    }
    println!("{lines} lines, {parted} differ: {at_ties} hexes at ties, {elsewhere} elsewhere");
    assert_eq!(
        (lines, parted, at_ties, elsewhere),
        (33_282, 6_935, 10_608, 0)
    );
}
