//! `sightlines check`: does an algorithm keep its promises on this map?
//!
//! For every pair of floor tiles A and B (or every pair among a sample of
//! floor tiles on big maps) it computes both fields of view and lists the
//! one-way pairs: A sees B but B does not see A. An algorithm that promises
//! symmetry (`Algorithm::is_symmetric`) must have none; by default any
//! one-way pair fails the check, and `--promises` fails only on broken
//! promises. Every field of view is also held to the promises every
//! algorithm makes: the origin is seen, each tile is reported once, and no
//! tile lies off the map or out of range.
//!
//! Memory stays bounded on big samples: each origin keeps one bit for each
//! checked tile in the rows its range reaches, and when those bits would
//! pass a budget the origins are taken in chunks, the fields of view from
//! later tiles recomputed for each chunk instead of stored.

use crate::input::{
    describe_range, field_of_view, floor_tiles, load_map, parse_algorithm, parse_shape,
    parse_tile_size, write_output, LoadedMap,
};
use crate::picture::{figure, LegendItems, Panel};
use crate::Failure;
use clap::Args;
use sightlines::generate::SplitMix64;
use sightlines::{Algorithm, Fov, Grid, Range, Rect, Shape, VisibleSet};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Map file ('-' for standard input; the built-in map when absent).
    pub map: Option<PathBuf>,
    /// The characters that block sight; `#` by default.
    #[arg(long, value_name = "CHARS", default_value = "#", value_parser = crate::input::parse_walls)]
    pub walls: crate::input::Walls,
    /// The algorithm to check; every algorithm when absent.
    #[arg(long, short, value_name = "ID", value_parser = parse_algorithm)]
    pub algorithm: Option<Algorithm>,
    /// How far viewers see, in tiles; without it, the whole map.
    #[arg(long, short, value_name = "R", allow_hyphen_values = true)]
    pub radius: Option<u32>,
    /// The shape the radius cuts: square, diamond, circle or circle-plus.
    #[arg(long, value_name = "SHAPE", default_value = "circle", value_parser = parse_shape)]
    pub shape: Shape,
    /// On maps with more floor tiles than this, check the pairs among this
    /// many floor tiles picked at random (with --seed).
    #[arg(long, value_name = "N", allow_hyphen_values = true, default_value = "1500", value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub sample: u32,
    /// The seed of the sample.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        default_value = "1"
    )]
    pub seed: u64,
    /// List at most this many one-way pairs an algorithm.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        default_value = "20"
    )]
    pub limit: usize,
    /// Exit 1 only when an algorithm breaks a promise of the catalogue; the
    /// one-way pairs of an algorithm that does not promise symmetry are then
    /// only reported. Without it, any one-way pair exits 1.
    #[arg(long)]
    pub promises: bool,
    /// The default (any one-way pair exits 1); kept for older scripts.
    #[arg(long, hide = true, conflicts_with = "promises")]
    pub strict: bool,
    /// Draw the worst one-way pair (the longest) to this file, PNG or SVG by
    /// its extension.
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,
    /// Pixels per tile in the picture (1 to 64).
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true, default_value = "12", value_parser = parse_tile_size)]
    pub tile_size: u32,
}

/// A one-way pair: `seer` sees `seen`, `seen` does not see `seer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneWay {
    pub seer: (i32, i32),
    pub seen: (i32, i32),
}

impl OneWay {
    fn distance2(&self) -> i64 {
        let dx = i64::from(self.seer.0) - i64::from(self.seen.0);
        let dy = i64::from(self.seer.1) - i64::from(self.seen.1);
        dx * dx + dy * dy
    }
}

/// How often one promise every algorithm makes was broken, and the first
/// time: (origin, tile).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub count: u64,
    pub first: Option<((i32, i32), (i32, i32))>,
}

impl Tally {
    fn add(&mut self, origin: (i32, i32), tile: (i32, i32)) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some((origin, tile));
        }
    }
}

/// The promises every algorithm makes, checked on each field of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Promises {
    /// Fields of view checked.
    pub fields: u64,
    /// Fields of view without their origin.
    pub origin_unseen: Tally,
    /// Tiles reported more than once by one field of view.
    pub reported_twice: Tally,
    /// Tiles reported off the map.
    pub off_map: Tally,
    /// Tiles reported beyond the range.
    pub out_of_range: Tally,
}

impl Promises {
    pub fn kept(&self) -> bool {
        self.broken().is_empty()
    }

    /// One phrase a broken promise, with its count and first example.
    pub fn broken(&self) -> Vec<String> {
        let mut out = Vec::new();
        let say = |t: &Tally, what: &str, out: &mut Vec<String>| {
            if let Some(((ox, oy), (x, y))) = t.first {
                out.push(format!(
                    "{} {what} (first from ({ox}, {oy}): ({x}, {y}))",
                    t.count
                ));
            }
        };
        if let Some(((ox, oy), _)) = self.origin_unseen.first {
            out.push(format!(
                "{} fields of view without their origin (first from ({ox}, {oy}))",
                self.origin_unseen.count
            ));
        }
        say(&self.reported_twice, "tiles reported twice", &mut out);
        say(&self.off_map, "tiles reported off the map", &mut out);
        say(&self.out_of_range, "tiles reported out of range", &mut out);
        out
    }
}

/// The outcome of checking one algorithm on one map.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// How many one-way pairs.
    pub one_way: u64,
    /// The first `limit` one-way pairs, by their first tile (row, then
    /// column), then their second.
    pub listed: Vec<OneWay>,
    /// The longest one-way pair (the first of them in that order): the most
    /// surprising to a player.
    pub worst: Option<OneWay>,
    /// The promises every algorithm makes.
    pub promises: Promises,
}

/// The bits one chunk of origins may keep, in all: 32 MiB.
const BUDGET_BITS: usize = 1 << 28;

/// Checks every pair among `tiles` (sorted by row, then column) for
/// `algorithm`; `progress` is called with (done, total) fields of view.
pub fn check(
    grid: &Grid,
    tiles: &[(i32, i32)],
    algorithm: Algorithm,
    range: Range,
    limit: usize,
    progress: impl FnMut(usize, usize),
) -> Result<Outcome, Failure> {
    let mut fov = Fov::new(algorithm);
    check_with(
        grid,
        tiles,
        range,
        limit,
        BUDGET_BITS,
        |origin, visit| {
            fov.compute(grid, origin, range, visit)
                .map_err(|e| Failure::input(e.to_string()))
        },
        progress,
    )
}

/// Where the checked tiles lie: by row, then column.
struct Lookup<'a> {
    tiles: &'a [(i32, i32)],
    bounds: Rect,
    /// `rows[k]`: the index of the first checked tile on row `bounds.y + k` or below.
    rows: Vec<usize>,
}

impl<'a> Lookup<'a> {
    fn new(bounds: Rect, tiles: &'a [(i32, i32)]) -> Lookup<'a> {
        let rows = (0..=i64::from(bounds.height))
            .map(|k| tiles.partition_point(|t| i64::from(t.1) < i64::from(bounds.y) + k))
            .collect();
        Lookup {
            tiles,
            bounds,
            rows,
        }
    }

    /// The index of the checked tile at (x, y), if it is one.
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let row = usize::try_from(i64::from(y) - i64::from(self.bounds.y)).ok()?;
        let (a, b) = (*self.rows.get(row)?, *self.rows.get(row + 1)?);
        self.tiles[a..b]
            .binary_search_by_key(&x, |t| t.0)
            .ok()
            .map(|k| a + k)
    }

    /// The indices of the checked tiles in the rows a field of view from
    /// tile `i` reaches, as a range `lo..hi`. A tile is in another's window
    /// exactly when that one is in its own.
    fn window(&self, i: usize, range: Range) -> (usize, usize) {
        let Some(r) = range.radius() else {
            return (0, self.tiles.len());
        };
        let (y, r) = (i64::from(self.tiles[i].1), i64::from(r));
        (
            self.tiles.partition_point(|t| i64::from(t.1) < y - r),
            self.tiles.partition_point(|t| i64::from(t.1) <= y + r),
        )
    }

    /// The range's bounding box around `origin`, on the map.
    fn area(&self, origin: (i32, i32), range: Range) -> Rect {
        let b = self.bounds;
        let Some(r) = range.radius() else {
            return b;
        };
        let r = i64::from(r);
        let x0 = (i64::from(origin.0) - r).max(i64::from(b.x));
        let y0 = (i64::from(origin.1) - r).max(i64::from(b.y));
        let x1 = (i64::from(origin.0) + r).min(i64::from(b.x) + i64::from(b.width) - 1);
        let y1 = (i64::from(origin.1) + r).min(i64::from(b.y) + i64::from(b.height) - 1);
        Rect::new(
            x0 as i32,
            y0 as i32,
            (x1 - x0 + 1) as u32,
            (y1 - y0 + 1) as u32,
        )
    }
}

/// The one-way pairs found so far: counted, the longest kept, the first
/// `limit` (by tile indices) kept for listing.
struct Found<'a> {
    tiles: &'a [(i32, i32)],
    limit: usize,
    count: u64,
    listed: Vec<((usize, usize), OneWay)>,
    worst: Option<((usize, usize), OneWay)>,
}

impl Found<'_> {
    /// Tiles `i < j` where exactly one sees the other.
    fn record(&mut self, i: usize, j: usize, i_sees_j: bool) {
        let (a, b) = (self.tiles[i], self.tiles[j]);
        let v = if i_sees_j {
            OneWay { seer: a, seen: b }
        } else {
            OneWay { seer: b, seen: a }
        };
        self.count += 1;
        let key = (i, j);
        let longer = |(k, w): ((usize, usize), OneWay)| {
            v.distance2() > w.distance2() || (v.distance2() == w.distance2() && key < k)
        };
        if self.worst.is_none_or(longer) {
            self.worst = Some((key, v));
        }
        if self.limit > 0 {
            self.listed.push((key, v));
            if self.listed.len() >= self.limit.max(64).saturating_mul(2) {
                self.trim();
            }
        }
    }

    fn trim(&mut self) {
        self.listed.sort_unstable_by_key(|c| c.0);
        self.listed.truncate(self.limit);
    }
}

/// Where a field of view reports its tiles.
type Visitor<'a> = &'a mut dyn FnMut(i32, i32);

/// [`check`] for any way of computing a field of view, keeping at most
/// about `budget_bits` bits of fields of view at a time.
fn check_with(
    grid: &Grid,
    tiles: &[(i32, i32)],
    range: Range,
    limit: usize,
    budget_bits: usize,
    mut compute: impl FnMut((i32, i32), Visitor<'_>) -> Result<(), Failure>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Outcome, Failure> {
    let n = tiles.len();
    let lookup = Lookup::new(grid.rect(), tiles);
    let bounds = lookup.bounds;
    let windows: Vec<(usize, usize)> = (0..n).map(|i| lookup.window(i, range)).collect();
    let words = |i: usize| (windows[i].1 - windows[i].0).div_ceil(64);
    // Runs of origins whose bits fit the budget, at least one origin each.
    let mut chunks = Vec::new();
    let mut start = 0;
    while start < n {
        let (mut end, mut used) = (start, 0);
        while end < n && (end == start || (used + words(end)) * 64 <= budget_bits) {
            used += words(end);
            end += 1;
        }
        chunks.push((start, end));
        start = end;
    }
    // A chunk's own fields of view, then those of the later tiles its rows
    // reach (windows end further down as tiles go down).
    let total = n + chunks
        .iter()
        .map(|&(_, end)| windows[end - 1].1.max(end) - end)
        .sum::<usize>();
    let mut done = 0;
    let mut found = Found {
        tiles,
        limit,
        count: 0,
        listed: Vec::new(),
        worst: None,
    };
    let mut promises = Promises::default();
    let mut seen = VisibleSet::new();
    let mut bits: Vec<u64> = Vec::new();
    let mut offsets: Vec<usize> = Vec::new();
    let in_range = |origin: (i32, i32), x: i32, y: i32| {
        range.contains(
            i64::from(x) - i64::from(origin.0),
            i64::from(y) - i64::from(origin.1),
        )
    };
    for &(start, end) in &chunks {
        bits.clear();
        offsets.clear();
        for i in start..end {
            offsets.push(bits.len());
            bits.resize(bits.len() + words(i), 0);
        }
        for i in start..end {
            let origin = tiles[i];
            let (lo, hi) = windows[i];
            let own = &mut bits[offsets[i - start]..][..words(i)];
            seen.reset(lookup.area(origin, range));
            let mut saw_origin = false;
            compute(origin, &mut |x, y| {
                if !bounds.contains(x, y) {
                    promises.off_map.add(origin, (x, y));
                } else if !in_range(origin, x, y) {
                    promises.out_of_range.add(origin, (x, y));
                } else if !seen.insert(x, y) {
                    promises.reported_twice.add(origin, (x, y));
                } else {
                    saw_origin |= (x, y) == origin;
                    if let Some(j) = lookup.index(x, y).filter(|j| (lo..hi).contains(j)) {
                        own[(j - lo) / 64] |= 1 << ((j - lo) % 64);
                    }
                }
            })?;
            promises.fields += 1;
            if !saw_origin {
                promises.origin_unseen.add(origin, origin);
            }
            done += 1;
            progress(done, total);
        }
        // Whether tile i of the chunk sees tile j.
        let sees = |i: usize, j: usize| {
            let (lo, hi) = windows[i];
            (lo..hi).contains(&j)
                && bits[offsets[i - start] + (j - lo) / 64] >> ((j - lo) % 64) & 1 == 1
        };
        for (i, &(_, hi)) in windows.iter().enumerate().take(end).skip(start) {
            for j in i + 1..hi.min(end) {
                let (there, back) = (sees(i, j), sees(j, i));
                if there != back {
                    found.record(i, j, there);
                }
            }
        }
        for j in end..windows[end - 1].1 {
            let origin = tiles[j];
            seen.reset(lookup.area(origin, range));
            compute(origin, &mut |x, y| {
                if in_range(origin, x, y) {
                    seen.insert(x, y);
                }
            })?;
            done += 1;
            progress(done, total);
            for i in windows[j].0.max(start)..end {
                if j < windows[i].1 {
                    let (there, back) = (sees(i, j), seen.contains(tiles[i].0, tiles[i].1));
                    if there != back {
                        found.record(i, j, there);
                    }
                }
            }
        }
    }
    found.trim();
    Ok(Outcome {
        one_way: found.count,
        listed: found.listed.into_iter().map(|c| c.1).collect(),
        worst: found.worst.map(|w| w.1),
        promises,
    })
}

/// All floor tiles, or `sample` of them picked with `seed` (sorted by row,
/// then column) when there are more.
pub fn sample_floors(grid: &Grid, sample: usize, seed: u64) -> (Vec<(i32, i32)>, usize) {
    let mut floors = floor_tiles(grid);
    let total = floors.len();
    if total > sample {
        let mut rng = SplitMix64::new(seed);
        for i in 0..sample {
            let j = i + rng.below((total - i) as u32) as usize;
            floors.swap(i, j);
        }
        floors.truncate(sample);
        floors.sort_by_key(|&(x, y)| (y, x));
    }
    (floors, total)
}

pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let map = load_map(args.map.as_deref(), &args.walls)?;
    let range = Range::with_radius(args.radius, args.shape);
    let algorithms: Vec<Algorithm> = match args.algorithm {
        Some(a) => vec![a],
        None => Algorithm::ALL.to_vec(),
    };
    let (tiles, total) = sample_floors(&map.grid, args.sample as usize, args.seed);
    if tiles.len() < 2 {
        return Err(Failure::input(format!(
            "{}: fewer than two floor tiles, no pair to check",
            map.name
        )));
    }
    let mut out = String::new();
    let sampled = tiles.len() < total;
    let _ = writeln!(
        out,
        "{}: {} floor tiles; {}{} pairs checked, {}",
        map.name,
        total,
        if sampled {
            format!("a sample of {} tiles (seed {}), ", tiles.len(), args.seed)
        } else {
            "all ".to_owned()
        },
        tiles.len() as u64 * (tiles.len() as u64 - 1) / 2,
        describe_range(range)
    );
    let bar = std::io::stderr().is_terminal() && tiles.len() >= 200;
    let mut asymmetric = Vec::new();
    let mut broken = Vec::new();
    let mut pictured = false;
    for &a in &algorithms {
        let result = check(&map.grid, &tiles, a, range, args.limit, |done, n| {
            if bar && (done == n || done % (n / 100).max(1) == 0) {
                progress_bar(a, done, n);
            }
        })?;
        if bar {
            eprint!("\r\x1b[2K");
        }
        let count = result.one_way;
        let promise = match (a.is_symmetric(), count) {
            (true, 0) => "promises symmetry and keeps it",
            (true, _) => "promises symmetry and BREAKS it",
            (false, _) => "does not promise symmetry",
        };
        let _ = writeln!(out, "{a}: {count} one-way pairs; {promise}");
        for v in &result.listed {
            let _ = writeln!(
                out,
                "  ({}, {}) sees ({}, {}), but ({}, {}) does not see ({}, {})",
                v.seer.0, v.seer.1, v.seen.0, v.seen.1, v.seen.0, v.seen.1, v.seer.0, v.seer.1
            );
        }
        if count > result.listed.len() as u64 {
            let _ = writeln!(out, "  ... and {} more", count - result.listed.len() as u64);
        }
        if let (Some(path), Some(worst), false) = (&args.picture, result.worst, pictured) {
            pictured = true;
            let _ = writeln!(
                out,
                "  the longest, ({}, {}) -> ({}, {}), is drawn in {}",
                worst.seer.0,
                worst.seer.1,
                worst.seen.0,
                worst.seen.1,
                path.display()
            );
            write_picture(path, &map, a, range, worst, args.tile_size)?;
        }
        let p = &result.promises;
        let every = format!(
            "  every algorithm's promises over {} fields of view (the origin seen, each tile once, none off the map or out of range):",
            p.fields
        );
        if p.kept() {
            let _ = writeln!(out, "{every} kept");
        } else {
            let _ = writeln!(out, "{every} BROKEN: {}", p.broken().join("; "));
        }
        if count > 0 {
            asymmetric.push(a);
        }
        if !p.kept() || (a.is_symmetric() && count > 0) {
            broken.push(a);
        }
    }
    if args.picture.is_some() && !pictured {
        let _ = writeln!(out, "no one-way pair to draw; no picture written");
    }
    let ids = |list: &[Algorithm]| list.iter().map(|a| a.id()).collect::<Vec<_>>().join(", ");
    let failed = if !broken.is_empty() {
        let _ = writeln!(out, "FAIL: broken promises: {}", ids(&broken));
        true
    } else if asymmetric.is_empty() {
        let _ = writeln!(out, "OK: no one-way pair, every promise kept");
        false
    } else if args.promises {
        let _ = writeln!(
            out,
            "OK: every promise kept; one-way pairs, reported only (no symmetry promised): {}",
            ids(&asymmetric)
        );
        false
    } else {
        let _ = writeln!(
            out,
            "FAIL: one-way pairs: {}; every promise kept (--promises fails only on broken promises)",
            ids(&asymmetric)
        );
        true
    };
    write_output(None, out.as_bytes(), false)?;
    if failed {
        Err(Failure::quiet(1))
    } else {
        Ok(())
    }
}

fn progress_bar(a: Algorithm, done: usize, n: usize) {
    let width = 30;
    let filled = done * width / n.max(1);
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "\r{a} [{}{}] {:>3}% ({done}/{n} fields of view)",
        "#".repeat(filled),
        " ".repeat(width - filled),
        done * 100 / n.max(1)
    );
    let _ = err.flush();
}

/// Two panels: what the seer sees (the seen tile marked), and what the seen
/// tile sees (the seer marked, missing).
fn write_picture(
    path: &std::path::Path,
    map: &LoadedMap,
    a: Algorithm,
    range: Range,
    v: OneWay,
    tile: u32,
) -> Result<(), Failure> {
    let mut fov = Fov::new(a);
    let (mut from_seer, mut from_seen) = (VisibleSet::new(), VisibleSet::new());
    field_of_view(&mut fov, &map.grid, v.seer, range, &mut from_seer)?;
    field_of_view(&mut fov, &map.grid, v.seen, range, &mut from_seen)?;
    let mut left = Panel::new(
        format!(
            "{a}: ({}, {}) sees ({}, {})",
            v.seer.0, v.seer.1, v.seen.0, v.seen.1
        ),
        &map.grid,
        &from_seer,
    );
    left.origin = Some(v.seer);
    left.targets = vec![v.seen];
    left.disputed = vec![v.seen];
    let mut right = Panel::new(
        format!("but ({}, {}) does not see it", v.seen.0, v.seen.1),
        &map.grid,
        &from_seen,
    );
    right.origin = Some(v.seen);
    right.targets = vec![v.seer];
    right.disputed = vec![v.seer];
    let legend = LegendItems {
        disputed: Some("one-way pair".to_owned()),
        targets: Some("the other end"),
        sight_lines: false,
    };
    let pic = figure(&[left, right], tile, 2, legend);
    let svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if svg {
        pic.to_svg().into_bytes()
    } else {
        pic.to_png()
    };
    write_output(Some(path), &bytes, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A made-up field of view: from `origin`, the tiles of `grid` in range
    /// that a hash of the pair lets through (about two in three), and the origin.
    fn scrambled(
        grid: &Grid,
        range: Range,
    ) -> impl FnMut((i32, i32), Visitor<'_>) -> Result<(), Failure> + '_ {
        move |(ox, oy), visit| {
            visit(ox, oy);
            for (x, y) in floor_tiles(grid) {
                let dx = i64::from(x - ox);
                let dy = i64::from(y - oy);
                let h = SplitMix64::new((x * 131 + y * 7 + ox * 977 + oy * 31) as u64).next_u64();
                if (x, y) != (ox, oy) && range.contains(dx, dy) && h % 3 != 0 {
                    visit(x, y);
                }
            }
            Ok(())
        }
    }

    /// The one-way pairs of `scrambled`, pair by pair, in (i, j) order.
    fn naive(grid: &Grid, tiles: &[(i32, i32)], range: Range) -> Vec<OneWay> {
        let mut f = scrambled(grid, range);
        let sets: Vec<Vec<(i32, i32)>> = tiles
            .iter()
            .map(|&o| {
                let mut v = Vec::new();
                f(o, &mut |x, y| v.push((x, y))).unwrap();
                v
            })
            .collect();
        let mut out = Vec::new();
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                let there = sets[i].contains(&tiles[j]);
                let back = sets[j].contains(&tiles[i]);
                if there && !back {
                    out.push(OneWay {
                        seer: tiles[i],
                        seen: tiles[j],
                    });
                } else if back && !there {
                    out.push(OneWay {
                        seer: tiles[j],
                        seen: tiles[i],
                    });
                }
            }
        }
        out
    }

    #[test]
    fn finds_one_way_pairs_of_a_lopsided_field_of_view() {
        let grid = Grid::new(5, 1);
        let tiles = floor_tiles(&grid);
        // Everyone sees everything to the right only: each pair is one-way.
        let result = check_with(
            &grid,
            &tiles,
            Range::UNLIMITED,
            3,
            BUDGET_BITS,
            |(ox, oy), visit| {
                (ox..5).for_each(|x| visit(x, oy));
                Ok(())
            },
            |_, _| {},
        )
        .unwrap();
        assert_eq!(result.one_way, 10);
        assert_eq!(result.listed.len(), 3);
        assert_eq!(
            result.listed[0],
            OneWay {
                seer: (0, 0),
                seen: (1, 0)
            }
        );
        assert_eq!(
            result.worst,
            Some(OneWay {
                seer: (0, 0),
                seen: (4, 0)
            })
        );
        assert!(result.promises.kept());
        assert_eq!(result.promises.fields, 5);
    }

    #[test]
    fn chunks_under_a_small_budget_find_the_same_pairs() {
        let mut grid = Grid::new(15, 11);
        for (x, y) in [(3, 4), (10, 10), (11, 10), (0, 0), (14, 6)] {
            grid.set(x, y, true);
        }
        let tiles = floor_tiles(&grid);
        for range in [Range::UNLIMITED, Range::circle(4), Range::square(1)] {
            let expected = naive(&grid, &tiles, range);
            assert!(expected.len() > 100);
            let worst =
                expected
                    .iter()
                    .copied()
                    .reduce(|a, b| if b.distance2() > a.distance2() { b } else { a });
            for budget in [BUDGET_BITS, 1024, 200, 1] {
                let mut calls = (0, 0);
                let got = check_with(
                    &grid,
                    &tiles,
                    range,
                    usize::MAX,
                    budget,
                    scrambled(&grid, range),
                    |done, total| calls = (done, total),
                )
                .unwrap();
                assert_eq!(got.one_way, expected.len() as u64, "{range:?} {budget}");
                assert_eq!(got.listed, expected, "{range:?} {budget}");
                assert_eq!(got.worst, worst);
                assert_eq!(got.promises.fields, tiles.len() as u64);
                // Progress ends at its total; small budgets recompute more.
                assert_eq!(calls.0, calls.1);
                if budget == BUDGET_BITS {
                    assert_eq!(calls.1, tiles.len());
                }
            }
        }
    }

    #[test]
    fn broken_promises_are_counted_with_their_first_case() {
        let grid = Grid::new(4, 4);
        let tiles = floor_tiles(&grid);
        let result = check_with(
            &grid,
            &tiles,
            Range::circle(1),
            5,
            BUDGET_BITS,
            |(ox, oy), visit| {
                if (ox, oy) != (2, 2) {
                    visit(ox, oy);
                }
                visit(ox + 1, oy);
                visit(ox + 1, oy); // twice, or off the map at the right edge
                visit(ox + 1, oy + 1); // out of a circle of radius 1
                Ok(())
            },
            |_, _| {},
        )
        .unwrap();
        let p = result.promises;
        assert!(!p.kept());
        assert_eq!(p.origin_unseen.count, 1);
        assert_eq!(p.origin_unseen.first, Some(((2, 2), (2, 2))));
        // From x = 3: (4, y) twice and (4, y + 1); from y = 3: (x + 1, 4).
        assert_eq!(p.off_map.count, 4 * 3 + 3);
        assert_eq!(p.reported_twice.count, 3 * 4);
        assert_eq!(p.reported_twice.first, Some(((0, 0), (1, 0))));
        assert_eq!(p.out_of_range.count, 3 * 3);
        assert_eq!(p.broken().len(), 4);
        assert!(p.broken()[1].starts_with("12 tiles reported twice (first from (0, 0): (1, 0))"));
    }

    #[test]
    fn samples_are_sorted_distinct_and_repeatable() {
        let grid = Grid::new(40, 40);
        let (a, total) = sample_floors(&grid, 100, 3);
        assert_eq!((a.len(), total), (100, 1600));
        let mut b = a.clone();
        b.sort_by_key(|&(x, y)| (y, x));
        b.dedup();
        assert_eq!(a, b);
        assert_eq!(sample_floors(&grid, 100, 3).0, a);
        assert_ne!(sample_floors(&grid, 100, 4).0, a);
    }
}
