//! One-way pairs: the all-pairs engine behind `sightlines check` and the
//! report's symmetry tables.
//!
//! Given tiles and a way to compute a field of view, it finds every pair of
//! tiles A and B where A sees B but B does not see A, keeps the first few
//! and the longest, and holds every field of view to the promises every
//! algorithm makes: the origin is seen, each tile is reported once, and no
//! tile lies off the map or out of range. Which tiles to check, progress
//! bars and printing are the commands' business; this module only counts.
//!
//! Checking every pair means every field of view, and a field of view is
//! too costly to compute twice for each pair. So each origin keeps one bit
//! for each checked tile in the rows its range reaches, and both directions
//! of a pair are read from the bits. When those bits would pass a budget,
//! the origins are taken in chunks, the fields of view from later tiles
//! recomputed for each chunk instead of stored: memory stays bounded on big
//! samples.

use sightlines::{Algorithm, DiagonalGaps, Fov, FovError, Grid, Range, Rect, VisibleSet};

/// A one-way pair: `seer` sees `seen`, `seen` does not see `seer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneWay {
    pub seer: (i32, i32),
    pub seen: (i32, i32),
}

impl OneWay {
    /// The squared distance between the two tiles: the longest pair is the
    /// most surprising to a player.
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
    /// Holds a tile that a field of view from `origin` reported to the
    /// promises: on the map (`bounds`), in `range`, and not reported before
    /// (`seen` keeps those reported); whether it kept them.
    pub fn hold(
        &mut self,
        origin: (i32, i32),
        (x, y): (i32, i32),
        (bounds, range): (Rect, Range),
        seen: &mut VisibleSet,
    ) -> bool {
        let (dx, dy) = (
            i64::from(x) - i64::from(origin.0),
            i64::from(y) - i64::from(origin.1),
        );
        if !bounds.contains(x, y) {
            self.off_map.add(origin, (x, y));
        } else if !range.contains(dx, dy) {
            self.out_of_range.add(origin, (x, y));
        } else if !seen.insert(x, y) {
            self.reported_twice.add(origin, (x, y));
        } else {
            return true;
        }
        false
    }

    /// Ends a field of view from `origin`, which saw it or not.
    pub fn end_field(&mut self, origin: (i32, i32), saw_origin: bool) {
        self.fields += 1;
        if !saw_origin {
            self.origin_unseen.add(origin, origin);
        }
    }

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
/// `algorithm` with the diagonal rule `gaps`, listing at most `limit`
/// one-way pairs; `progress` is called with (done, total) fields of view.
pub fn check(
    grid: &Grid,
    tiles: &[(i32, i32)],
    (algorithm, gaps): (Algorithm, DiagonalGaps),
    range: Range,
    limit: usize,
    progress: impl FnMut(usize, usize),
) -> Result<Outcome, FovError> {
    let mut fov = Fov::new(algorithm);
    fov.set_diagonal_gaps(gaps);
    check_with(
        grid,
        tiles,
        range,
        limit,
        BUDGET_BITS,
        |origin, visit| fov.compute(grid, origin, range, visit),
        progress,
    )
}

/// Where the checked tiles lie, by row, then column, and which of them a
/// field of view from each can reach.
struct Lookup<'a> {
    tiles: &'a [(i32, i32)],
    bounds: Rect,
    range: Range,
    /// `rows[k]`: the index of the first checked tile on row `bounds.y + k` or below.
    rows: Vec<usize>,
    /// `windows[i]`: the indices of the checked tiles in the rows a field of
    /// view from tile `i` reaches, as `lo..hi`.
    windows: Vec<(usize, usize)>,
}

impl<'a> Lookup<'a> {
    fn new(bounds: Rect, tiles: &'a [(i32, i32)], range: Range) -> Lookup<'a> {
        let rows = (0..=i64::from(bounds.height))
            .map(|k| tiles.partition_point(|t| i64::from(t.1) < i64::from(bounds.y) + k))
            .collect();
        let windows = (0..tiles.len()).map(|i| window(tiles, i, range)).collect();
        Lookup {
            tiles,
            bounds,
            range,
            rows,
            windows,
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

    /// The words of bits tile `i` keeps: one bit for each tile of its window.
    fn words(&self, i: usize) -> usize {
        let (lo, hi) = self.windows[i];
        (hi - lo).div_ceil(64)
    }

    /// The range's bounding box around `origin`, on the map.
    fn area(&self, origin: (i32, i32)) -> Rect {
        let b = self.bounds;
        let Some(r) = self.range.radius() else {
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

    /// Whether (x, y) lies in the range around `origin`.
    fn in_range(&self, origin: (i32, i32), x: i32, y: i32) -> bool {
        self.range.contains(
            i64::from(x) - i64::from(origin.0),
            i64::from(y) - i64::from(origin.1),
        )
    }
}

/// The indices of the `tiles` in the rows a field of view from tile `i`
/// reaches, as a range `lo..hi`. A tile is in another's window exactly when
/// that one is in its own.
fn window(tiles: &[(i32, i32)], i: usize, range: Range) -> (usize, usize) {
    let Some(r) = range.radius() else {
        return (0, tiles.len());
    };
    let (y, r) = (i64::from(tiles[i].1), i64::from(r));
    (
        tiles.partition_point(|t| i64::from(t.1) < y - r),
        tiles.partition_point(|t| i64::from(t.1) <= y + r),
    )
}

/// Runs of origins, as `start..end`, whose bits fit `budget_bits`: at least
/// one origin each, however many bits it needs.
fn chunks(lookup: &Lookup<'_>, budget_bits: usize) -> Vec<(usize, usize)> {
    let n = lookup.tiles.len();
    let mut chunks = Vec::new();
    let mut start = 0;
    while start < n {
        let (mut end, mut used) = (start, 0);
        while end < n && (end == start || (used + lookup.words(end)) * 64 <= budget_bits) {
            used += lookup.words(end);
            end += 1;
        }
        chunks.push((start, end));
        start = end;
    }
    chunks
}

/// What one chunk of origins saw: for each origin, one bit for each tile of
/// its window.
#[derive(Default)]
struct ChunkBits {
    start: usize,
    bits: Vec<u64>,
    /// For each origin of the chunk: where its words start, and its window.
    origins: Vec<(usize, (usize, usize))>,
}

impl ChunkBits {
    /// Clears the bits for the origins `start..end`.
    fn reset(&mut self, lookup: &Lookup<'_>, start: usize, end: usize) {
        self.start = start;
        self.bits.clear();
        self.origins.clear();
        for i in start..end {
            self.origins.push((self.bits.len(), lookup.windows[i]));
            self.bits.resize(self.bits.len() + lookup.words(i), 0);
        }
    }

    /// Records that origin `i` of the chunk sees tile `j`, if `j` is in its
    /// window.
    fn set(&mut self, i: usize, j: usize) {
        let (offset, (lo, hi)) = self.origins[i - self.start];
        if (lo..hi).contains(&j) {
            self.bits[offset + (j - lo) / 64] |= 1 << ((j - lo) % 64);
        }
    }

    /// Whether origin `i` of the chunk sees tile `j`.
    fn sees(&self, i: usize, j: usize) -> bool {
        let (offset, (lo, hi)) = self.origins[i - self.start];
        (lo..hi).contains(&j) && self.bits[offset + (j - lo) / 64] >> ((j - lo) % 64) & 1 == 1
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

impl<'a> Found<'a> {
    fn new(tiles: &'a [(i32, i32)], limit: usize) -> Found<'a> {
        Found {
            tiles,
            limit,
            count: 0,
            listed: Vec::new(),
            worst: None,
        }
    }

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
            // Sorting only now and then keeps recording cheap.
            if self.listed.len() >= self.limit.max(64).saturating_mul(2) {
                self.trim();
            }
        }
    }

    fn trim(&mut self) {
        self.listed.sort_unstable_by_key(|c| c.0);
        self.listed.truncate(self.limit);
    }

    /// The outcome: these pairs, and the promises checked along the way.
    fn into_outcome(mut self, promises: Promises) -> Outcome {
        self.trim();
        Outcome {
            one_way: self.count,
            listed: self.listed.into_iter().map(|c| c.1).collect(),
            worst: self.worst.map(|w| w.1),
            promises,
        }
    }
}

/// Where a field of view reports its tiles.
type Visitor<'a> = &'a mut dyn FnMut(i32, i32);

/// Computes fields of view from the checked tiles into one reused set.
struct Fields<'a, C> {
    lookup: Lookup<'a>,
    compute: C,
    seen: VisibleSet,
}

impl<C> Fields<'_, C> {
    /// The field of view from tile `i`, held to the promises, into `chunk`.
    fn own<E>(&mut self, i: usize, chunk: &mut ChunkBits, promises: &mut Promises) -> Result<(), E>
    where
        C: FnMut((i32, i32), Visitor<'_>) -> Result<(), E>,
    {
        let Fields {
            lookup,
            compute,
            seen,
        } = self;
        let origin = lookup.tiles[i];
        seen.reset(lookup.area(origin));
        let mut saw_origin = false;
        compute(origin, &mut |x, y| {
            if promises.hold(origin, (x, y), (lookup.bounds, lookup.range), seen) {
                saw_origin |= (x, y) == origin;
                if let Some(j) = lookup.index(x, y) {
                    chunk.set(i, j);
                }
            }
        })?;
        promises.end_field(origin, saw_origin);
        Ok(())
    }

    /// The field of view from a tile `j` past the chunk, into `self.seen`,
    /// only to look back at the chunk (its promises were checked when its
    /// own chunk came).
    fn later<E>(&mut self, j: usize) -> Result<(), E>
    where
        C: FnMut((i32, i32), Visitor<'_>) -> Result<(), E>,
    {
        let Fields {
            lookup,
            compute,
            seen,
        } = self;
        let origin = lookup.tiles[j];
        seen.reset(lookup.area(origin));
        compute(origin, &mut |x, y| {
            if lookup.in_range(origin, x, y) {
                seen.insert(x, y);
            }
        })
    }
}

/// [`check`] for any way of computing a field of view, keeping at most
/// about `budget_bits` bits of fields of view at a time.
fn check_with<E>(
    grid: &Grid,
    tiles: &[(i32, i32)],
    range: Range,
    limit: usize,
    budget_bits: usize,
    compute: impl FnMut((i32, i32), Visitor<'_>) -> Result<(), E>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Outcome, E> {
    let lookup = Lookup::new(grid.rect(), tiles, range);
    let chunks = chunks(&lookup, budget_bits);
    // A chunk's own fields of view, then those of the later tiles its rows
    // reach (windows end further down as tiles go down).
    let total = tiles.len()
        + chunks
            .iter()
            .map(|&(_, end)| lookup.windows[end - 1].1.max(end) - end)
            .sum::<usize>();
    let mut done = 0;
    let mut tick = || {
        done += 1;
        progress(done, total);
    };
    let mut fields = Fields {
        lookup,
        compute,
        seen: VisibleSet::new(),
    };
    let mut found = Found::new(tiles, limit);
    let mut promises = Promises::default();
    let mut chunk = ChunkBits::default();
    for &(start, end) in &chunks {
        chunk.reset(&fields.lookup, start, end);
        for i in start..end {
            fields.own(i, &mut chunk, &mut promises)?;
            tick();
        }
        let windows = &fields.lookup.windows;
        for (i, &(_, hi)) in windows.iter().enumerate().take(end).skip(start) {
            for j in i + 1..hi.min(end) {
                let (there, back) = (chunk.sees(i, j), chunk.sees(j, i));
                if there != back {
                    found.record(i, j, there);
                }
            }
        }
        for j in end..fields.lookup.windows[end - 1].1 {
            fields.later(j)?;
            tick();
            let windows = &fields.lookup.windows;
            for i in windows[j].0.max(start)..end {
                if j < windows[i].1 {
                    let back = fields.seen.contains(tiles[i].0, tiles[i].1);
                    let there = chunk.sees(i, j);
                    if there != back {
                        found.record(i, j, there);
                    }
                }
            }
        }
    }
    Ok(found.into_outcome(promises))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::floor_tiles;
    use sightlines::generate::SplitMix64;

    /// A made-up field of view: from `origin`, the tiles of `grid` in range
    /// that a hash of the pair lets through (about two in three), and the origin.
    fn scrambled(
        grid: &Grid,
        range: Range,
    ) -> impl FnMut((i32, i32), Visitor<'_>) -> Result<(), FovError> + '_ {
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
                Ok::<(), FovError>(())
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
    fn chunks_cover_every_origin_once_within_the_budget() {
        let grid = Grid::new(20, 12);
        let tiles = floor_tiles(&grid);
        for range in [Range::UNLIMITED, Range::circle(3)] {
            let lookup = Lookup::new(grid.rect(), &tiles, range);
            for budget in [BUDGET_BITS, 4096, 640, 1] {
                let runs = chunks(&lookup, budget);
                assert_eq!(runs.first().map(|c| c.0), Some(0));
                assert_eq!(runs.last().map(|c| c.1), Some(tiles.len()));
                for pair in runs.windows(2) {
                    assert_eq!(pair[0].1, pair[1].0);
                }
                for &(start, end) in &runs {
                    let bits: usize = (start..end).map(|i| lookup.words(i) * 64).sum();
                    assert!(end - start == 1 || bits <= budget, "{range:?} {budget}");
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
                Ok::<(), FovError>(())
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
}
