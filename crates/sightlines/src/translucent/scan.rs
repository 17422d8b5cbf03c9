//! The shadowcasts through translucent tiles: each octant is scanned row by
//! row keeping *pieces*, runs of rays from the origin's centre that share
//! one visibility. A row first reports its tiles, each at the best
//! visibility of the pieces meeting it, then dims the pieces by the tiles
//! whose interiors they cross; pieces that fall to 0 end.
//!
//! A run of rays has open or closed ends, and one ray alone (grazing a
//! corner between two dimming tiles) can be brighter than those around it:
//! ends are [`Key`]s, a slope and a side, so that every run is a closed
//! range of keys and every test a comparison.
//!
//! On a map of walls alone the pieces at a row are exactly the rays that
//! reach it unshadowed, which is what partial visibility measures: the
//! same scan, each tile reported with the angle of its pieces over its own
//! ([`TranslucentScan::run_partial`]).

use super::{Translucency, Walls, OPAQUE};
use crate::kernel::tiles::Asked;
use crate::kernel::{pinched, presized_reach, Field, Octant, Reach, Slope};
use std::cmp::Ordering;

/// A place among the rays: just below `at` (`side` -1), on it (0), or just
/// above it (+1). A run of rays is a closed range of keys from a start key
/// (side 0 or +1) to an end key (side 0 or -1), empty when the start is
/// above the end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Key {
    at: Slope,
    side: i8,
}

impl Key {
    /// The ray of slope `at` itself.
    pub(crate) const fn on(at: Slope) -> Key {
        Key { at, side: 0 }
    }

    /// The start of the rays just above `at`.
    pub(crate) const fn above(at: Slope) -> Key {
        Key { at, side: 1 }
    }

    /// The end of the rays just below `at`.
    pub(crate) const fn below(at: Slope) -> Key {
        Key { at, side: -1 }
    }

    /// Whether `next` starts right where `self` ends, with nothing between.
    fn meets(self, next: Key) -> bool {
        self.at == next.at && next.side == self.side + 1
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Key {}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Key) -> Ordering {
        self.at.cmp(&other.at).then(self.side.cmp(&other.side))
    }
}

/// How an algorithm's rays see and cross the tiles of an octant row: what
/// its definition says, in slopes `col / depth` from the origin's centre.
pub(crate) trait SightRule {
    /// The octant's rays: from slope 0 to 1, the ends included or not.
    const RAYS: (Key, Key);

    /// Whether a ray can be a piece alone (the octant starts on a ray), or
    /// only the rays beside one are ever kept.
    const EXACT: bool = Self::RAYS.0.side == 0;

    /// The open slopes of the rays that cross the interior of tile (`d`,
    /// `c`) and are dimmed by it.
    fn crossing(d: i64, c: i64) -> (Slope, Slope);

    /// The rays that see tile (`d`, `c`) of `level`, a closed range of keys
    /// (cut to [`RAYS`](SightRule::RAYS) by the caller).
    fn seen_by(d: i64, c: i64, level: u8) -> (Key, Key);

    /// The rays that meet the tile's extent, whatever its level: what
    /// partial visibility measures (cut to the octant by the caller).
    fn extent(d: i64, c: i64) -> (Key, Key);

    /// The columns of row `d` whose tiles some ray from `lo` to `hi` sees:
    /// first and last, of the tiles below [`OPAQUE`] and of the opaque
    /// ones; what [`seen_by`](SightRule::seen_by) says of each column,
    /// solved for the column.
    fn columns(lo: Key, hi: Key, d: i64) -> [(i64, i64); 2];

    /// Whether [`columns`](SightRule::columns) answers the same for both.
    const ONE_RANGE: bool;

    /// How the high end of [`crossing`](SightRule::crossing) at column
    /// `j` of a row lies against the low end at column `i`, for `i > j`:
    /// the order of a row's ends follows from their columns alone.
    fn high_against_low(j: i64, i: i64) -> Ordering;
}

/// `a = q·b + r` with `0 <= r < b`, for `a >= 0` and `b > 0`: one
/// unsigned division, in 32 bits when both fit (a 64-bit division is
/// several times slower on many processors, and rows rarely need one).
#[inline]
fn div_rem(a: i64, b: i64) -> (i64, i64) {
    debug_assert!(a >= 0 && b > 0);
    let (a, b) = (a as u64, b as u64);
    if (a | b) >> 32 == 0 {
        let (a, b) = (a as u32, b as u32);
        (i64::from(a / b), i64::from(a % b))
    } else {
        ((a / b) as i64, (a % b) as i64)
    }
}

/// A run of rays with one visibility, above 0.
#[derive(Clone, Copy, Debug)]
struct Piece {
    lo: Key,
    hi: Key,
    visibility: i32,
}

/// Part of a row's rays with one dimming.
#[derive(Clone, Copy, Debug)]
struct Shade {
    lo: Key,
    hi: Key,
    level: i32,
}

/// A tile of a row that dims the rays crossing it.
#[derive(Clone, Copy, Debug)]
struct Dimmer {
    low: Slope,
    high: Slope,
    level: i32,
    /// The first and last columns of its tiles (a run of walls is one
    /// dimmer): what orders its ends against the other dimmers' without
    /// comparing slopes ([`SightRule::high_against_low`]).
    first: i64,
    last: i64,
}

/// Scratch for the translucent scans, kept between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct TranslucentScan {
    pieces: Vec<Piece>,
    next: Vec<Piece>,
    dimmers: Vec<Dimmer>,
    shades: Vec<Shade>,
    /// The best visibility of the tiles on the eight lines two octants
    /// share (four axes, four diagonals), by depth: reported once, after
    /// both octants.
    lines: [SharedLine; 8],
    /// The same for partial visibility: each line tile's parts.
    parts: [Vec<Part>; 8],
    /// The best visibility of each column of the row as a tile below
    /// [`OPAQUE`] and as an opaque one (the first alone when
    /// [`SightRule::ONE_RANGE`]), from column 0, as far as the range
    /// reaches; in use on the columns the pieces meet.
    light: [Vec<i32>; 2],
    pub(crate) reach: Reach,
    /// The ray casts' visibility of each ray of an octant.
    pub(crate) rays: Vec<i32>,
    /// With the diagonal rule, the slopes of the row's shut corners: the
    /// single rays that stop there.
    shut: Vec<Slope>,
    /// With the diagonal rule and rays that are not exact, the slopes of
    /// the shut corners met so far in the octant, sorted: the centre rays
    /// that see no floor beyond.
    shut_rays: Vec<Slope>,
}

/// [`OPAQUE`] as a dimming.
const OPAQUE_LEVEL: i32 = OPAQUE as i32;

/// The octant's bounding slopes.
const FLOOR: Slope = Slope::new(0, 1);
const CEILING: Slope = Slope::new(1, 1);

impl TranslucentScan {
    /// Reports every tile of `field` visible from its origin with sight
    /// starting at `start` (above 0), with its visibility, by offset.
    pub(crate) fn run<R, M, V>(&mut self, map: &M, field: &Field, start: u8, visit: &mut V)
    where
        R: SightRule,
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        visit(0, 0, start);
        self.prepare(map, field);
        for (k, &octant) in Octant::ALL.iter().enumerate() {
            self.octant::<false, R, M, V>(map, field, start, k, octant, visit);
        }
        self.report_lines(visit);
    }

    /// Reports every tile of `field` visible from its origin through the
    /// opaque tiles of `map` (levels 0 and 255), with the fraction of its
    /// angular extent that no opaque tile shadows, in 255ths: see
    /// [`Part::fraction`].
    pub(crate) fn run_partial<R, M, V>(&mut self, map: &M, field: &Field, visit: &mut V)
    where
        R: SightRule,
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        visit(0, 0, u8::MAX);
        self.prepare(map, field);
        for (k, &octant) in Octant::ALL.iter().enumerate() {
            self.octant::<true, R, M, V>(map, field, OPAQUE, k, octant, visit);
        }
        for (j, line) in self.parts.iter().enumerate() {
            for (d, part) in line.iter().enumerate().skip(1) {
                if part.halves_seen > 0 {
                    let (dx, dy) = line_tile(j, d as i64);
                    visit(dx, dy, part.fraction(2));
                }
            }
        }
    }

    /// Readies the scratch for `field`: the range's longest lines up front,
    /// so that one warm-up serves most origins (a field whose pieces
    /// outnumber any before grows it once), and no shared line seen yet.
    pub(crate) fn prepare<M: Translucency + ?Sized>(&mut self, map: &M, field: &Field) {
        self.reach.reset(field.range);
        let reach = presized_reach(&Walls(map), field.range) + 2;
        self.pieces.clear();
        self.pieces.reserve(16 * reach);
        self.next.clear();
        self.next.reserve(16 * reach);
        self.dimmers.clear();
        self.dimmers.reserve(reach);
        self.shades.clear();
        self.shades.reserve(4 * reach);
        for line in &mut self.lines {
            line.reset(reach);
        }
        for parts in &mut self.parts {
            parts.clear();
            parts.reserve(reach);
        }
        self.rays.clear();
        self.rays.reserve(reach);
        for light in &mut self.light {
            light.clear();
            light.resize(reach + 1, 0);
        }
        self.shut.clear();
        self.shut.reserve(reach);
        self.shut_rays.clear();
        self.shut_rays.reserve(4 * reach);
    }

    /// Lists the corners between rows `d - 1` and `d` of `octant`, beside
    /// the columns `c0..=c1`, where two diagonally opposite tiles are
    /// opaque: the diagonal rule stops the single ray through each (an
    /// exact ray once it has met row `d`, whose tiles it meets at the
    /// corner).
    fn shut_corners<M: Translucency + ?Sized>(
        &mut self,
        map: &M,
        field: &Field,
        octant: Octant,
        d: i64,
        (c0, c1): (i64, i64),
    ) {
        let walls = Walls(map);
        let tiles = &Asked::new(&walls, field.origin);
        // A step between two tiles diagonally apart passes the corner
        // between the other two.
        let shut =
            |(k0, c0), (k1, c1)| pinched(tiles, octant.offset(k0, c0), octant.offset(k1, c1));
        // Corner j lies between columns j and j + 1, on the ray of slope
        // (2j + 1) / (2d - 1).
        for j in c0.max(1) - 1..=c1.min(d - 1) {
            if shut((d - 1, j), (d, j + 1)) || shut((d - 1, j + 1), (d, j)) {
                self.shut.push(Slope::new(2 * j + 1, 2 * d - 1));
            }
        }
    }

    /// Puts tile (`d`, `c`) of octant `k`, seen at `v`, to `visit`, or when
    /// it lies on a line two octants share, keeps it for
    /// [`report_lines`](Self::report_lines): each tile is reported once, at
    /// the better of the two octants' visibilities.
    #[inline]
    pub(crate) fn see<V>(&mut self, k: usize, octant: Octant, d: i64, c: i64, v: u8, visit: &mut V)
    where
        V: FnMut(i64, i64, u8),
    {
        match shared_line(k, d, c) {
            Some(j) => self.lines[j].keep(d, v),
            None => {
                let (dx, dy) = octant.offset(d, c);
                visit(dx, dy, v);
            }
        }
    }

    /// Reports the tiles of the shared lines.
    pub(crate) fn report_lines<V: FnMut(i64, i64, u8)>(&self, visit: &mut V) {
        for (j, line) in self.lines.iter().enumerate() {
            for (d, &v) in line.best[..line.seen].iter().enumerate().skip(1) {
                if v > 0 {
                    let (dx, dy) = line_tile(j, d as i64);
                    visit(dx, dy, v);
                }
            }
        }
    }

    /// Scans octant `k`: each tile it sees to `visit` with its visibility,
    /// or with `PARTIAL` the part of its angular extent in view.
    fn octant<const PARTIAL: bool, R, M, V>(
        &mut self,
        map: &M,
        field: &Field,
        start: u8,
        k: usize,
        octant: Octant,
        visit: &mut V,
    ) where
        R: SightRule,
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        let (max_depth, max_col) = octant.extents(field);
        self.pieces.clear();
        self.pieces.push(Piece {
            lo: R::RAYS.0,
            hi: R::RAYS.1,
            visibility: i32::from(start),
        });
        // The diagonal rule: exact rays stop at a shut corner; rays that are
        // only as bright as their neighbours still see the walls beyond it
        // through their neighbours, but not the floors at their end.
        let rule = field.gaps.blocks();
        self.shut_rays.clear();
        let mut d = 0;
        while d < max_depth && !self.pieces.is_empty() {
            d += 1;
            let top = d.min(max_col).min(self.reach.at(d));
            if top < 0 {
                break;
            }
            // The columns the pieces can meet.
            let (c0, c1) = if PARTIAL {
                let (lo, hi) = (
                    self.pieces[0].lo.at,
                    self.pieces[self.pieces.len() - 1].hi.at,
                );
                (
                    ((lo.num * d).div_euclid(lo.den) - 1).max(0),
                    ((hi.num * d).div_euclid(hi.den) + 2).min(top),
                )
            } else {
                match self.light_row::<R>(d, top) {
                    Some(columns) => columns,
                    None => continue,
                }
            };
            self.dimmers.clear();
            self.shut.clear();
            if rule {
                self.shut_corners(map, field, octant, d, (c0, c1));
                if !R::EXACT {
                    self.shut_rays.append(&mut self.shut);
                    self.shut_rays.sort_unstable();
                    self.shut_rays.dedup();
                }
            }
            let mut first = 0;
            // The tile's offset, a column's step at a time.
            let (mut dx, mut dy) = octant.offset(d, c0);
            let step = octant.offset(0, 1);
            for c in c0..=c1 {
                let (x, y) = field.tile(dx, dy);
                let level = map.level(x, y);
                let offset = (dx, dy);
                (dx, dy) = (dx + step.0, dy + step.1);
                if PARTIAL {
                    // The rays that see the tile, and its extent, which
                    // holds them.
                    let (from, to) = R::seen_by(d, c, level);
                    let (from, to) = (from.max(R::RAYS.0), to.min(R::RAYS.1));
                    let (lo, hi) = R::extent(d, c);
                    let extent = (lo.max(R::RAYS.0), hi.min(R::RAYS.1));
                    while first < self.pieces.len() && self.pieces[first].hi < extent.0 {
                        first += 1;
                    }
                    self.see_part(k, octant, (d, c), first, (from, to), extent, visit);
                    self.dimmers_of::<R>(level, d, c);
                    continue;
                }
                let kind = usize::from(!R::ONE_RANGE && level == OPAQUE);
                let best = self.light[kind][c as usize];
                let shut = !R::EXACT
                    && level != OPAQUE
                    && !self.shut_rays.is_empty()
                    && self.shut_rays.binary_search(&Slope::new(c, d)).is_ok();
                if best > 0 && !shut {
                    if c == 0 || c == d {
                        self.see(k, octant, d, c, best as u8, visit);
                    } else {
                        visit(offset.0, offset.1, best as u8);
                    }
                }
                self.dimmers_of::<R>(level, d, c);
            }
            if !self.dimmers.is_empty() || !self.shut.is_empty() {
                self.dim::<R>();
            }
        }
    }

    /// Lights the row's columns from the pieces, each at the best
    /// visibility of the pieces that see it (columns up to `top`), and
    /// answers the columns they meet, or `None` when they meet none. The
    /// pieces come in order, so do their first columns: each piece clears
    /// the columns past those lit before it, then lights its own.
    fn light_row<R: SightRule>(&mut self, d: i64, top: i64) -> Option<(i64, i64)> {
        // The opaque tiles a piece sees hold the others it sees: their
        // columns drive.
        let drive = usize::from(!R::ONE_RANGE);
        let (mut c0, mut lit) = (i64::MAX, -1);
        // Sized up front for most ranges; a row past any before grows it.
        let columns = top.max(0) as usize + 1;
        for light in &mut self.light {
            if light.len() < columns {
                light.resize(columns, 0);
            }
        }
        let [floor_light, wall_light] = &mut self.light;
        for piece in &self.pieces {
            let ranges = R::columns(piece.lo, piece.hi, d);
            let (first, last) = (ranges[drive].0.max(0), ranges[drive].1.min(top));
            if first > last {
                continue;
            }
            // Tiles below OPAQUE, when the rule tells them apart.
            let floors = (ranges[0].0.max(0), ranges[0].1.min(top));
            debug_assert!(floors.0 > floors.1 || first <= floors.0 && floors.1 <= last);
            let v = piece.visibility;
            let floor = |c: i64| {
                if R::ONE_RANGE || (floors.0..=floors.1).contains(&c) {
                    v
                } else {
                    0
                }
            };
            if c0 == i64::MAX {
                (c0, lit) = (first, first - 1);
            }
            // Columns lit before, then new ones (past a gap, dark).
            for c in first..=last.min(lit) {
                let best = &mut floor_light[c as usize];
                *best = (*best).max(floor(c));
                if !R::ONE_RANGE {
                    let best = &mut wall_light[c as usize];
                    *best = (*best).max(v);
                }
            }
            for c in (lit + 1)..=last {
                let seen = c >= first;
                floor_light[c as usize] = if seen { floor(c) } else { 0 };
                if !R::ONE_RANGE {
                    wall_light[c as usize] = if seen { v } else { 0 };
                }
            }
            lit = lit.max(last);
        }
        (c0 <= lit).then_some((c0, lit))
    }

    /// Adds tile (`d`, `c`) of `level` to the row's dimmers. A run of opaque
    /// tiles stops every ray it crosses alike: one dimmer (no visibility
    /// exceeds 255).
    #[inline]
    fn dimmers_of<R: SightRule>(&mut self, level: u8, d: i64, c: i64) {
        if level == 0 {
            return;
        }
        let (low, high) = R::crossing(d, c);
        let level = i32::from(level);
        match self.dimmers.last_mut() {
            Some(last)
                if level == OPAQUE_LEVEL && last.level == OPAQUE_LEVEL && last.last + 1 == c =>
            {
                last.high = high;
                last.last = c;
            }
            _ => self.dimmers.push(Dimmer {
                low,
                high,
                level,
                first: c,
                last: c,
            }),
        }
    }

    /// The part of tile (`d`, `c`) of octant `k` that the pieces from
    /// `first` on see, if any of them meets the rays `seen` that see it:
    /// the angle in view of its `extent`, to `visit` as a fraction, or kept
    /// for the line two octants share.
    #[allow(clippy::too_many_arguments)]
    fn see_part<V>(
        &mut self,
        k: usize,
        octant: Octant,
        (d, c): (i64, i64),
        first: usize,
        seen: (Key, Key),
        (from, to): (Key, Key),
        visit: &mut V,
    ) where
        V: FnMut(i64, i64, u8),
    {
        let mut part = Part {
            half: angle(to.at) - angle(from.at),
            ..Part::default()
        };
        for piece in &self.pieces[first..] {
            if piece.lo > to {
                break;
            }
            let (lo, hi) = (piece.lo.max(from), piece.hi.min(to));
            if lo <= hi {
                part.halves_seen |= u8::from(piece.lo.max(seen.0) <= piece.hi.min(seen.1));
                part.halves_whole |= u8::from(piece.lo <= from && to <= piece.hi);
                part.seen += angle(hi.at) - angle(lo.at);
            }
        }
        if part.halves_seen == 0 {
            return;
        }
        let Some(line) = shared_line(k, d, c) else {
            let (dx, dy) = octant.offset(d, c);
            visit(dx, dy, part.fraction(1));
            return;
        };
        let parts = &mut self.parts[line];
        let d = d as usize;
        if parts.len() <= d {
            parts.resize(d + 1, Part::default());
        }
        let kept = &mut parts[d];
        kept.half = part.half;
        kept.seen += part.seen;
        kept.halves_seen += 1;
        kept.halves_whole += part.halves_whole;
    }

    /// Dims the pieces by the row's dimmers.
    fn dim<R: SightRule>(&mut self) {
        if self.shut.is_empty() && self.dimmers.iter().all(|t| t.level == OPAQUE_LEVEL) {
            self.bump(R::EXACT);
            return;
        }
        self.shade::<R>();
        if R::EXACT {
            self.cut::<true>();
        } else {
            self.cut::<false>();
        }
    }

    /// The row's shades, from its dimmers and shut corners.
    fn shade<R: SightRule>(&mut self) {
        // The row's rays cut where a dimming starts or ends, or a shut
        // corner lies: between two cuts, and on each, the dimming is the
        // same for every ray. Dimmers come by column, one to a column, so
        // their lows and their highs each grow, and so do the shut
        // corners: one sweep over the three, keeping the level of the open
        // rays below the next cut. A dimmer holds the rays strictly between
        // its ends, so its low comes before its high; a high against a
        // later low is told by their columns.
        self.shades.clear();
        let (dimmers, shut) = (&self.dimmers, &self.shut);
        let (mut i, mut j, mut s) = (0, 0, 0);
        let mut from = Key::on(Slope::new(-1, 1));
        let mut below = 0;
        loop {
            // The next end of a dimmer: a high, a low, or both at once.
            let (mut at, mut high, mut low) = match (dimmers.get(j), dimmers.get(i)) {
                (Some(h), Some(l)) if j < i => {
                    let order = R::high_against_low(h.last, l.first);
                    debug_assert_eq!(
                        order,
                        h.high.cmp(&l.low),
                        "the high end of column {} against the low end of column {}",
                        h.last,
                        l.first
                    );
                    match order {
                        Ordering::Less => (h.high, true, false),
                        Ordering::Equal => (h.high, true, true),
                        Ordering::Greater => (l.low, false, true),
                    }
                }
                (_, Some(l)) => (l.low, false, true),
                (Some(h), None) => (h.high, true, false),
                (None, None) => match shut.get(s) {
                    Some(&corner) => (corner, false, false),
                    None => break,
                },
            };
            let mut corner = false;
            if let Some(&c) = shut.get(s) {
                match c.cmp(&at) {
                    Ordering::Less => (at, high, low, corner) = (c, false, false, true),
                    Ordering::Equal => corner = true,
                    Ordering::Greater => {}
                }
            }
            push_shade(&mut self.shades, from, Key::below(at), below);
            let mut on = below;
            if high {
                on -= dimmers[j].level;
                j += 1;
            }
            below = on;
            if low {
                below += dimmers[i].level;
                i += 1;
            }
            if corner {
                on = OPAQUE_LEVEL;
                s += 1;
            }
            push_shade(&mut self.shades, Key::on(at), Key::on(at), on);
            from = Key::above(at);
        }
        push_shade(&mut self.shades, from, Key::on(Slope::new(2, 1)), below);
    }

    /// Cuts each piece by the shades, dimmed (with `EXACT` rays, a ray
    /// can be a piece alone). The shades follow one another from below the
    /// octant to above it: a piece meets the one that holds its start, then
    /// each next one up to the one that holds its end. Neighbouring shades
    /// differ in level, so the parts of one piece never join one another;
    /// only its first can join the piece kept before.
    fn cut<const EXACT: bool>(&mut self) {
        self.next.clear();
        let shades = &self.shades;
        let mut j = 0;
        for piece in &self.pieces {
            while shades[j].hi < piece.lo {
                j += 1;
            }
            let (mut lo, mut join) = (piece.lo, true);
            loop {
                let shade = &shades[j];
                let end = piece.hi <= shade.hi;
                let hi = if end { piece.hi } else { shade.hi };
                let visibility = piece.visibility - shade.level;
                if visibility > 0 {
                    keep_piece::<EXACT>(&mut self.next, lo, hi, visibility, join);
                }
                if end {
                    break;
                }
                j += 1;
                (lo, join) = (shades[j].lo, false);
            }
        }
        std::mem::swap(&mut self.pieces, &mut self.next);
    }

    /// [`dim`](Self::dim) for a row whose dimmers are all opaque, apart
    /// (runs of walls, which only touch): each piece loses the rays
    /// strictly inside each, as the plain scan's bump.
    fn bump(&mut self, exact: bool) {
        self.next.clear();
        let mut i = 0;
        for piece in &self.pieces {
            // Walls below the piece are below those after it too.
            while i < self.dimmers.len() && Key::on(self.dimmers[i].high) <= piece.lo {
                i += 1;
            }
            let mut lo = piece.lo;
            for wall in &self.dimmers[i..] {
                if Key::on(wall.low) >= piece.hi {
                    break;
                }
                push_piece(
                    &mut self.next,
                    exact,
                    lo,
                    Key::on(wall.low),
                    piece.visibility,
                );
                lo = Key::on(wall.high);
            }
            push_piece(&mut self.next, exact, lo, piece.hi, piece.visibility);
        }
        std::mem::swap(&mut self.pieces, &mut self.next);
    }
}

/// Keeps the rays from `lo` to `hi` (not empty) at `visibility` (above 0)
/// as a piece: with rays that are not `EXACT`, only those beside the ends,
/// if any; joined to the last piece when `join` and they meet it at the
/// same visibility.
#[inline]
fn keep_piece<const EXACT: bool>(
    pieces: &mut Vec<Piece>,
    lo: Key,
    hi: Key,
    visibility: i32,
    join: bool,
) {
    let (lo, hi) = if EXACT { (lo, hi) } else { beside_ends(lo, hi) };
    if EXACT || lo <= hi {
        add_piece(pieces, lo, hi, visibility, join);
    }
}

/// Adds the rays from `lo` to `hi` at `visibility` to `pieces`, if any
/// (with rays that are not `exact`, only those beside the ends), joined
/// to the last when they meet it at the same visibility.
#[inline]
fn push_piece(pieces: &mut Vec<Piece>, exact: bool, lo: Key, hi: Key, visibility: i32) {
    let (lo, hi) = if exact { (lo, hi) } else { beside_ends(lo, hi) };
    if lo <= hi && visibility > 0 {
        add_piece(pieces, lo, hi, visibility, true);
    }
}

/// The rays from `lo` to `hi` that rays which are not exact keep: those
/// beside each end that is a ray alone (empty when both are the same ray).
#[inline]
fn beside_ends(mut lo: Key, mut hi: Key) -> (Key, Key) {
    lo.side |= i8::from(lo.side == 0);
    hi.side -= i8::from(hi.side == 0);
    (lo, hi)
}

/// Adds the rays from `lo` to `hi` (not empty) at `visibility` (above 0)
/// to `pieces`, joined to the last when `join` and they meet it at the
/// same visibility.
#[inline]
fn add_piece(pieces: &mut Vec<Piece>, lo: Key, hi: Key, visibility: i32, join: bool) {
    if join {
        if let Some(last) = pieces.last_mut() {
            if last.visibility == visibility && last.hi.meets(lo) {
                last.hi = hi;
                return;
            }
        }
    }
    pieces.push(Piece { lo, hi, visibility });
}

/// What the rays in view see of a tile, in angle: of the `half` of its
/// extent that one octant holds (a tile on a line two octants share has
/// two halves, alike), how much is in view.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    half: f64,
    seen: f64,
    /// The halves with some ray in view, and those wholly in view.
    halves_seen: u8,
    halves_whole: u8,
}

impl Part {
    /// The part of the tile's extent in view, of `halves` halves, in 255ths:
    /// 255 exactly when every ray that meets the tile is in view, else the
    /// nearest 255th of the angle in view over the whole (computed in
    /// `f64`; a half, as when one octant sees a line tile and the other
    /// does not, rounds up, with a margin of 1e-9 for the rounding of
    /// angles), kept from 1 (a tile seen by a single ray) to 254.
    fn fraction(&self, halves: u8) -> u8 {
        if self.halves_whole == halves {
            return u8::MAX;
        }
        let whole = self.half * f64::from(halves);
        ((255.0 * self.seen / whole + 0.5 + 1e-9).floor() as u8).clamp(1, 254)
    }
}

/// The angle of the ray of slope `s` from the octant's axis, in radians.
fn angle(s: Slope) -> f64 {
    (s.num as f64 / s.den as f64).atan()
}

/// The line two octants share that tile (`d`, `c`) of octant `k` lies on,
/// if any: axis `j` (0 to 3), shared by octants 2j + 1 and 2j + 2, or
/// diagonal `4 + j`, shared by octants 2j and 2j + 1.
#[inline]
fn shared_line(k: usize, d: i64, c: i64) -> Option<usize> {
    if c == 0 {
        Some((k + 7) % 8 / 2)
    } else if c == d {
        Some(4 + k / 2)
    } else {
        None
    }
}

/// The offset of the tile at depth `d` of shared line `j` (see [`shared_line`]).
fn line_tile(j: usize, d: i64) -> (i64, i64) {
    if j < 4 {
        Octant::ALL[2 * j + 1].offset(d, 0)
    } else {
        Octant::ALL[2 * (j - 4)].offset(d, d)
    }
}

/// The best visibility of the tiles of a line two octants share, by depth,
/// zero where none is seen yet: sized for the range up front, so that
/// keeping a tile does not grow it (a line seen past that range grows it
/// once), and cleared only as far as it was seen.
#[derive(Clone, Debug, Default)]
pub(crate) struct SharedLine {
    best: Vec<u8>,
    /// One past the farthest depth kept.
    seen: usize,
}

impl SharedLine {
    /// Clears the line for a field that reaches `reach` tiles.
    fn reset(&mut self, reach: usize) {
        self.best[..self.seen].fill(0);
        self.seen = 0;
        if self.best.len() <= reach {
            self.best.resize(reach + 1, 0);
        }
    }

    /// Keeps the best visibility of depth `d`.
    #[inline]
    fn keep(&mut self, d: i64, v: u8) {
        let d = d as usize;
        if self.best.len() <= d {
            self.best.resize(d + 1, 0);
        }
        self.best[d] = self.best[d].max(v);
        self.seen = self.seen.max(d + 1);
    }
}

/// Adds a shade, joined to the last when they dim alike.
#[inline]
fn push_shade(shades: &mut Vec<Shade>, lo: Key, hi: Key, level: i32) {
    match shades.last_mut() {
        Some(last) if last.level == level => last.hi = hi,
        _ => shades.push(Shade { lo, hi, level }),
    }
}

/// `recursive-shadowcast`: a tile at column c of row d spans the slopes
/// from (2c - 1) / (2d + 1) to (2c + 1) / (2d - 1); rays meeting that
/// closed range see it, rays strictly inside cross it. Rays are exact: one
/// ray alone can pass between two tiles that touch at a corner.
pub(crate) struct Squares;

impl SightRule for Squares {
    const RAYS: (Key, Key) = (Key::on(FLOOR), Key::on(CEILING));
    const ONE_RANGE: bool = true;

    /// Neighbours' squares overlap in slope: (2j + 1) / (2d - 1) lies
    /// above (2j + 1) / (2d + 1) and below (2j + 3) / (2d + 1) for j < d - 1
    /// (never equal to a low within the octant).
    fn high_against_low(j: i64, i: i64) -> Ordering {
        if i >= j + 2 {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    fn crossing(d: i64, c: i64) -> (Slope, Slope) {
        (
            Slope::new(2 * c - 1, 2 * d + 1),
            Slope::new(2 * c + 1, 2 * d - 1),
        )
    }

    fn seen_by(d: i64, c: i64, _level: u8) -> (Key, Key) {
        Squares::extent(d, c)
    }

    /// The square.
    fn extent(d: i64, c: i64) -> (Key, Key) {
        let (low, high) = Squares::crossing(d, c);
        (Key::on(low), Key::on(high))
    }

    /// Column c is seen when `lo` is at most the key on (2c + 1) / (2d - 1)
    /// and `hi` at least the key on (2c - 1) / (2d + 1).
    #[inline]
    fn columns(lo: Key, hi: Key, d: i64) -> [(i64, i64); 2] {
        // Slopes in the octant are at least 0. lo = p / q: 2qc >= p(2d - 1)
        // - q, strictly when lo lies above; one more 2q keeps it positive.
        let (p, q) = (lo.at.num, lo.at.den);
        let (whole, r) = div_rem(p * (2 * d - 1) + q, 2 * q);
        let first = whole - 1 + i64::from(lo.side > 0 || r > 0);
        // hi = p / q: 2qc <= p(2d + 1) + q, strictly when hi lies below.
        let (p, q) = (hi.at.num, hi.at.den);
        let (whole, r) = div_rem(p * (2 * d + 1) + q, 2 * q);
        let last = whole - i64::from(hi.side < 0 && r == 0);
        [(first, last); 2]
    }
}

/// `symmetric-shadowcast`: a tile's mid-line spans the slopes from
/// (2c - 1) / 2d to (2c + 1) / 2d; rays strictly inside cross it, an opaque
/// tile is seen by those, any other by the ray to its centre, c / d.
///
/// Ford's scan keeps open ranges of slopes, so a ray is as bright as the
/// rays beside it on one side or the other: it has no key of its own, only
/// the one just below it (crossing what ends there) and the one just above
/// (crossing what starts there). A ray squeezed between two opaque
/// mid-lines' ends, at any depths, so goes dark, as in the plain field.
pub(crate) struct MidLines;

impl SightRule for MidLines {
    const RAYS: (Key, Key) = (Key::above(FLOOR), Key::below(CEILING));
    const ONE_RANGE: bool = false;

    /// Neighbours' mid-lines meet end to end.
    fn high_against_low(j: i64, i: i64) -> Ordering {
        (j + 1).cmp(&i)
    }

    fn crossing(d: i64, c: i64) -> (Slope, Slope) {
        (Slope::new(2 * c - 1, 2 * d), Slope::new(2 * c + 1, 2 * d))
    }

    fn seen_by(d: i64, c: i64, level: u8) -> (Key, Key) {
        if level == OPAQUE {
            MidLines::extent(d, c)
        } else {
            let centre = Slope::new(c, d);
            (Key::below(centre), Key::above(centre))
        }
    }

    /// The mid-line, the rays that cross it.
    fn extent(d: i64, c: i64) -> (Key, Key) {
        let (low, high) = MidLines::crossing(d, c);
        (Key::above(low), Key::below(high))
    }

    /// A tile below [`OPAQUE`] is seen when the centre ray c / d lies from
    /// `lo` to `hi` (ends of either side hold the keys beside it); an
    /// opaque one when `lo` is below the key just under (2c + 1) / 2d and
    /// `hi` above the key just over (2c - 1) / 2d.
    #[inline]
    fn columns(lo: Key, hi: Key, d: i64) -> [(i64, i64); 2] {
        // Slopes in the octant are at least 0. With p·d = whole·q + r,
        // 0 <= r < q, the ray p / q meets row d at column whole + r / q: the
        // centre c / d is compared with whole and r, the mid-line's ends,
        // on half columns, with whole and r against q / 2.
        let (whole, r) = div_rem(lo.at.num * d, lo.at.den);
        let half = (2 * r).cmp(&lo.at.den);
        let floor_first = whole + i64::from(r > 0);
        // lo <= below((2c + 1) / 2d): 2c + 1 > 2pd / q, or equal when lo is below.
        let wall_first = if lo.side < 0 {
            whole + i64::from(half.is_gt())
        } else {
            whole + i64::from(!half.is_lt())
        };
        let (whole, r) = div_rem(hi.at.num * d, hi.at.den);
        let half = (2 * r).cmp(&hi.at.den);
        let floor_last = whole;
        // above((2c - 1) / 2d) <= hi: 2c - 1 < 2pd / q, or equal when hi is above.
        let wall_last = if hi.side > 0 {
            whole + i64::from(!half.is_lt())
        } else {
            whole + i64::from(half.is_gt())
        };
        [(floor_first, floor_last), (wall_first, wall_last)]
    }
}

/// `diamond-shadowcast`'s partial visibility: its diamond walls shadow,
/// within an octant, the same open slopes as the mid-lines, and a tile's
/// extent is its mid-line; every tile some ray of its extent reaches is
/// reported, for the caller to keep those of the algorithm's own field
/// (whose pin-holes and corner rules block single rays, which have no
/// angle).
pub(crate) struct Diamonds;

impl SightRule for Diamonds {
    const RAYS: (Key, Key) = MidLines::RAYS;
    const ONE_RANGE: bool = true;

    fn high_against_low(j: i64, i: i64) -> Ordering {
        MidLines::high_against_low(j, i)
    }

    fn crossing(d: i64, c: i64) -> (Slope, Slope) {
        MidLines::crossing(d, c)
    }

    fn seen_by(d: i64, c: i64, _level: u8) -> (Key, Key) {
        MidLines::extent(d, c)
    }

    fn extent(d: i64, c: i64) -> (Key, Key) {
        MidLines::extent(d, c)
    }

    fn columns(lo: Key, hi: Key, d: i64) -> [(i64, i64); 2] {
        let [_, walls] = MidLines::columns(lo, hi, d);
        [walls; 2]
    }
}
