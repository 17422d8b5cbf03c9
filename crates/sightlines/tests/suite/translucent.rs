//! Sight through translucent tiles against a brute-force model of its
//! definition: every combinatorially distinct ray of each octant followed
//! row by row through the map's levels; the plain fields where levels are
//! only 0 and 255; symmetry where the definition makes it; and the errors.

use crate::common::{Field, Octant, Random, Slope};
use sightlines::line::{Bresenham, Rounding};
use sightlines::{
    Algorithm, DiagonalGaps, Fov, FovError, Grid, LevelGrid, Opacity, Range, Shape, Translucency,
};
use std::collections::{BTreeMap, BTreeSet};

const RS: Algorithm = Algorithm::RecursiveShadowcast;
const SS: Algorithm = Algorithm::SymmetricShadowcast;
const PP: Algorithm = Algorithm::PrecisePermissive;

/// How a ray of slope `s` (col per depth, from the origin's centre) meets
/// and crosses tile (`k`, `c`) of an octant, by the algorithm's definition.
trait Model {
    /// The sides of a ray its dimming is followed on: the exact ray (0),
    /// or the rays just below (-1) and just above (+1) it.
    const SIDES: &'static [i8];
    /// Every slope where what a ray meets or crosses in row `k` can change.
    fn critical(k: i64, c: i64) -> Vec<Slope>;
    /// Whether the ray sees the tile, whose level is `level`.
    fn meets(s: Slope, k: i64, c: i64, level: u8) -> bool;
    /// How much the row `k` dims the ray on `side`: `level(c)` is each
    /// tile's level.
    fn dims(s: Slope, side: i8, k: i64, level: &dyn Fn(i64) -> u8) -> i32;
}

fn inside(s: Slope, lo: Slope, hi: Slope) -> bool {
    lo < s && s < hi
}

/// `recursive-shadowcast`: a tile spans the closed slopes
/// [(2c - 1) / (2k + 1), (2c + 1) / (2k - 1)]; a ray meets it there and
/// crosses it strictly inside.
struct SquaresModel;

impl SquaresModel {
    fn span(k: i64, c: i64) -> (Slope, Slope) {
        (
            Slope::new(2 * c - 1, 2 * k + 1),
            Slope::new(2 * c + 1, 2 * k - 1),
        )
    }
}

impl Model for SquaresModel {
    const SIDES: &'static [i8] = &[0];

    fn critical(k: i64, c: i64) -> Vec<Slope> {
        let (lo, hi) = SquaresModel::span(k, c);
        vec![lo, hi]
    }

    fn meets(s: Slope, k: i64, c: i64, _level: u8) -> bool {
        let (lo, hi) = SquaresModel::span(k, c);
        lo <= s && s <= hi
    }

    fn dims(s: Slope, _side: i8, k: i64, level: &dyn Fn(i64) -> u8) -> i32 {
        (-1..=k + 1)
            .filter(|&c| {
                let (lo, hi) = SquaresModel::span(k, c);
                inside(s, lo, hi)
            })
            .map(|c| i32::from(level(c)))
            .sum()
    }
}

/// `symmetric-shadowcast`: a tile's mid-line spans the slopes
/// ((2c - 1) / 2k, (2c + 1) / 2k). A ray is as bright as the rays beside it
/// on its brighter side: just below it, it crosses the mid-lines with
/// lo < s <= hi; just above, those with lo <= s < hi. Opaque tiles are seen
/// through their mid-line, the others at their centre.
struct MidLinesModel;

impl MidLinesModel {
    fn span(k: i64, c: i64) -> (Slope, Slope) {
        (Slope::new(2 * c - 1, 2 * k), Slope::new(2 * c + 1, 2 * k))
    }
}

impl Model for MidLinesModel {
    const SIDES: &'static [i8] = &[-1, 1];

    fn critical(k: i64, c: i64) -> Vec<Slope> {
        let (lo, hi) = MidLinesModel::span(k, c);
        vec![lo, hi, Slope::new(c, k)]
    }

    fn meets(s: Slope, k: i64, c: i64, level: u8) -> bool {
        if level == 255 {
            let (lo, hi) = MidLinesModel::span(k, c);
            inside(s, lo, hi)
        } else {
            s == Slope::new(c, k)
        }
    }

    fn dims(s: Slope, side: i8, k: i64, level: &dyn Fn(i64) -> u8) -> i32 {
        (-1..=k + 1)
            .filter(|&c| {
                let (lo, hi) = MidLinesModel::span(k, c);
                inside(s, lo, hi) || (side < 0 && s == hi) || (side > 0 && s == lo)
            })
            .map(|c| i32::from(level(c)))
            .sum()
    }
}

/// The model's field: each tile's best visibility over every ray of every
/// octant that holds it. Rays: the critical slopes of all rows and the
/// midpoints between them, which between two critical slopes meet and
/// cross the same tiles. Levels are read whatever the range (off the map,
/// 255), so this also pins that tiles beyond the range never dim a tile
/// within it. With `shut`, the diagonal rule (see [`follow`]).
fn model_field<T: Model>(
    map: &LevelGrid,
    origin: (i32, i32),
    range: Range,
    start: u8,
    shut: bool,
) -> BTreeMap<(i32, i32), u8> {
    let field = Field::new(map, origin, range);
    let mut best = BTreeMap::new();
    best.insert(origin, start);
    for octant in Octant::ALL {
        let (max_depth, _) = octant.extents(&field);
        let mut slopes = vec![Slope::new(0, 1), Slope::new(1, 1)];
        for k in 1..=max_depth {
            for c in 0..=k {
                slopes.extend(T::critical(k, c));
            }
        }
        slopes.retain(|s| Slope::new(0, 1) <= *s && *s <= Slope::new(1, 1));
        slopes.sort();
        slopes.dedup();
        let mut rays = slopes.clone();
        for w in slopes.windows(2) {
            let (a, b) = (w[0], w[1]);
            rays.push(Slope::new(a.num * b.den + b.num * a.den, 2 * a.den * b.den));
        }
        for s in rays {
            for &side in T::SIDES {
                // The octant holds only the rays between its bounds.
                let outside =
                    (side < 0 && s == Slope::new(0, 1)) || (side > 0 && s == Slope::new(1, 1));
                if !outside {
                    follow::<T>(map, &field, octant, (s, side), (start, shut), &mut best);
                }
            }
        }
    }
    best
}

/// Follows the ray of slope `s` on `side` through `octant`, row by row,
/// keeping each tile's best visibility in `best`. With `shut` (the
/// diagonal rule), a ray through a corner where two diagonally opposite
/// tiles are opaque stops there: the exact ray (side 0) once it has met
/// the tiles beyond the corner's row that it meets at the corner itself,
/// after the next row; the rays beside it do not pass the corner, but the
/// ray itself sees no floor (at its end) beyond.
fn follow<T: Model>(
    map: &LevelGrid,
    field: &Field,
    octant: Octant,
    (s, side): (Slope, i8),
    (start, shut): (u8, bool),
    best: &mut BTreeMap<(i32, i32), u8>,
) {
    let (max_depth, max_col) = octant.extents(field);
    let level = |k: i64, c: i64| {
        let (dx, dy) = octant.offset(k, c);
        let (x, y) = field.tile(dx, dy);
        map.level(x, y)
    };
    let opaque = |k: i64, c: i64| level(k, c) == 255;
    // Whether the ray passes a corner between rows k and k + 1 between two
    // opaque tiles.
    let passes_shut = |k: i64| {
        (-1..=k).any(|j| {
            s == Slope::new(2 * j + 1, 2 * k + 1)
                && (opaque(k, j) && opaque(k + 1, j + 1) || opaque(k, j + 1) && opaque(k + 1, j))
        })
    };
    let mut v = i32::from(start);
    let mut centre_shut = shut && side != 0 && passes_shut(0);
    for k in 1..=max_depth {
        for c in 0..=k.min(max_col) {
            let (dx, dy) = octant.offset(k, c);
            let floor_shut = centre_shut && level(k, c) < 255;
            if field.in_range(dx, dy) && T::meets(s, k, c, level(k, c)) && !floor_shut {
                let e = best.entry(field.tile(dx, dy)).or_insert(0);
                *e = (*e).max(v as u8);
            }
        }
        v -= T::dims(s, side, k, &|c| level(k, c));
        if v <= 0 {
            break;
        }
        if shut && side == 0 && passes_shut(k - 1) {
            break;
        }
        centre_shut |= shut && side != 0 && passes_shut(k);
    }
}

/// `raycast`'s definition, ray by ray: from the origin's centre to each
/// tile of the ring at the field's farthest reach `D`, a tile a step
/// (Bresenham, halfway ties away from the origin); a ray stops before a
/// tile off the map or out of the range, and where its visibility runs out;
/// with `shut` (the diagonal rule), before a diagonal step between two
/// opaque tiles.
fn raycast_model(
    map: &LevelGrid,
    origin: (i32, i32),
    range: Range,
    start: u8,
    shut: bool,
) -> BTreeMap<(i32, i32), u8> {
    let field = Field::new(map, origin, range);
    let d = field.left.max(field.right).max(field.up).max(field.down) as i32;
    let mut best = BTreeMap::from([(origin, start)]);
    for to in (-d..d).flat_map(|k| [(k, -d), (d, k), (-k, d), (-d, -k)]) {
        let mut v = i32::from(start);
        let mut from = (0, 0);
        for (dx, dy) in Bresenham::with_rounding((0, 0), to, Rounding::AwayFromStart).skip(1) {
            let (dx, dy) = (i64::from(dx), i64::from(dy));
            if !field.reaches(dx, dy) || !field.in_range(dx, dy) {
                break;
            }
            let opaque = |(dx, dy): (i64, i64)| {
                let (x, y) = field.tile(dx, dy);
                map.level(x, y) == 255
            };
            let diagonal = from.0 != dx && from.1 != dy;
            if shut && diagonal && opaque((from.0, dy)) && opaque((dx, from.1)) {
                break;
            }
            from = (dx, dy);
            let (x, y) = field.tile(dx, dy);
            let e = best.entry((x, y)).or_insert(0);
            *e = (*e).max(v as u8);
            v -= i32::from(map.level(x, y));
            if v <= 0 {
                break;
            }
        }
    }
    best
}

/// `precise-permissive`'s definition, tile by tile: each tile in range is
/// seen at the starting visibility less the least its segments from the
/// origin are dimmed ([`least_dimming`]); with `shut` (the diagonal rule),
/// by segments that pass no corner between two opaque tiles.
fn permissive_model(
    map: &LevelGrid,
    origin: (i32, i32),
    range: Range,
    start: u8,
    shut: bool,
) -> BTreeMap<(i32, i32), u8> {
    let field = Field::new(map, origin, range);
    let mut seen = BTreeMap::new();
    for dy in -field.up..=field.down {
        for dx in -field.left..=field.right {
            if field.in_range(dx, dy) {
                let b = field.tile(dx, dy);
                let v = i64::from(start) - least_dimming(map, origin, b, shut);
                if v > 0 {
                    seen.insert(b, v as u8);
                }
            }
        }
    }
    seen
}

/// The least sum of the levels of the tiles whose interiors a segment from
/// a point strictly inside tile `a` to one strictly inside tile `b` meets
/// (`a` and `b` left out), `i64::MAX` when none does; with `shut`, none
/// passing a corner between two opaque tiles.
///
/// Mirrored so that `b` lies up and right of `a`, a segment between tiles
/// of different rows and columns lies on a line `q·y = p·x + C` of slope
/// `p / q > 0`; for one slope, it runs from `a` to `b` when `C` lies in an
/// open interval, and meets a tile's interior when `C` lies in another,
/// every bound linear in the slope. Between two slopes where bounds cross
/// (lines through two corners), the order of the bounds, and so the least
/// dimming, cannot change: every such slope and one between each pair of
/// neighbours are tried, each at every bound and between each two. A
/// corner `(j, k)` between the two tiles whose tiles `(j, k - 1)` and
/// `(j - 1, k)` are opaque is the point where those two tiles' offsets
/// touch: the rule leaves out that bound (the other diagonal pair has any
/// segment through the corner cross them).
fn least_dimming(map: &LevelGrid, a: (i32, i32), b: (i32, i32), shut: bool) -> i64 {
    if a == b {
        return 0;
    }
    let (ddx, ddy) = (i64::from(b.0 - a.0), i64::from(b.1 - a.1));
    let (sx, sy) = (ddx.signum(), ddy.signum());
    let (dx, dy) = (ddx.abs(), ddy.abs());
    let level = |u: i64, v: i64| {
        i64::from(map.level(
            (i64::from(a.0) + u * sx) as i32,
            (i64::from(a.1) + v * sy) as i32,
        ))
    };
    if dx == 0 {
        return (1..dy).map(|v| level(0, v)).sum();
    }
    if dy == 0 {
        return (1..dx).map(|u| level(u, 0)).sum();
    }
    // The tiles that dim, inside the hull of a and b (others no segment meets).
    let mut dimmers = Vec::new();
    for v in 0..=dy {
        for u in 0..=dx {
            if (u, v) == (0, 0) || (u, v) == (dx, dy) || level(u, v) == 0 {
                continue;
            }
            let below_hull = dx * (v + 1) - dy * (u - 1) <= 0;
            let above_hull = dx * (v - 1) - dy * (u + 1) >= 0;
            if !below_hull && !above_hull {
                dimmers.push((u, v, level(u, v)));
            }
        }
    }
    // The corners whose offsets bound: top-left and bottom-right of each tile.
    let mut corners = vec![(0, 1), (1, 0), (dx, dy + 1), (dx + 1, dy)];
    for &(u, v, _) in &dimmers {
        corners.push((u, v + 1));
        corners.push((u + 1, v));
    }
    // Slopes (num, den), den > 0, strictly between the extremes a and b allow.
    let lo = (dy - 1, dx + 1);
    let hi = (dx > 1).then_some((dy + 1, dx - 1));
    let less = |p: (i64, i64), q: (i64, i64)| p.0 * q.1 < q.0 * p.1;
    let mut slopes = Vec::new();
    for (i, &(j1, k1)) in corners.iter().enumerate() {
        for &(j2, k2) in &corners[i + 1..] {
            if j1 != j2 {
                let m = if j1 > j2 {
                    (k1 - k2, j1 - j2)
                } else {
                    (k2 - k1, j2 - j1)
                };
                if less(lo, m) && hi.is_none_or(|h| less(m, h)) {
                    slopes.push(m);
                }
            }
        }
    }
    slopes.sort_by(|&p, &q| (p.0 * q.1).cmp(&(q.0 * p.1)));
    slopes.dedup_by(|p, q| p.0 * q.1 == q.0 * p.1);
    let between = |p: (i64, i64), q: (i64, i64)| (p.0 * q.1 + q.0 * p.1, 2 * p.1 * q.1);
    let mut candidates = Vec::new();
    let mut previous = lo;
    for &m in &slopes {
        candidates.push(between(previous, m));
        candidates.push(m);
        previous = m;
    }
    candidates.push(match hi {
        Some(h) => between(previous, h),
        None => (previous.0 + previous.1, previous.1),
    });
    let mut shut_corners = Vec::new();
    if shut {
        for k in 1..=dy {
            for j in 1..=dx {
                if level(j, k - 1) == 255 && level(j - 1, k) == 255 {
                    shut_corners.push((j, k));
                }
            }
        }
    }
    let mut least = i64::MAX;
    let mut points = Vec::new();
    for (p, q) in candidates {
        // Offsets doubled, so that the middle of two is whole.
        let low = 2 * (-p).max(dy * q - p * (dx + 1));
        let high = 2 * q.min((dy + 1) * q - p * dx);
        if low >= high {
            continue;
        }
        let spans: Vec<(i64, i64, i64)> = dimmers
            .iter()
            .map(|&(u, v, l)| (2 * (v * q - p * (u + 1)), 2 * ((v + 1) * q - p * u), l))
            .collect();
        points.clear();
        points.extend([low, high]);
        for &(s, e, _) in &spans {
            points.extend([s, e].into_iter().filter(|&c| low < c && c < high));
        }
        points.sort_unstable();
        points.dedup();
        let middles = points.windows(2).map(|w| (w[0] + w[1]) / 2);
        let inner = points[1..points.len() - 1].iter().copied();
        let open = |c: i64| !shut_corners.iter().any(|&(j, k)| c == 2 * (k * q - p * j));
        for c in middles.chain(inner).filter(|&c| open(c)) {
            let dims = spans
                .iter()
                .filter(|&&(s, e, _)| s < c && c < e)
                .map(|&(_, _, l)| l)
                .sum();
            least = least.min(dims);
        }
    }
    least
}

/// A field of view by `algorithm` with the diagonal rule.
fn with_rule(algorithm: Algorithm) -> Fov {
    let mut fov = Fov::new(algorithm);
    fov.set_diagonal_gaps(DiagonalGaps::Block);
    fov
}

/// Each visible tile's visibility.
type Seen = BTreeMap<(i32, i32), u8>;

fn fast_field(
    fov: &mut Fov,
    map: &LevelGrid,
    origin: (i32, i32),
    range: Range,
) -> BTreeMap<(i32, i32), u8> {
    let mut seen = BTreeMap::new();
    fov.compute_translucent(map, origin, range, |x, y, v| {
        assert!(v > 0, "({x}, {y}) reported at visibility 0");
        assert!(seen.insert((x, y), v).is_none(), "({x}, {y}) twice");
    })
    .unwrap();
    seen
}

/// A random level: mostly clear or opaque, a fifth translucent, often at a
/// few shared levels so that sums tie.
fn random_level(rng: &mut Random) -> u8 {
    match rng.below(20) {
        0..=10 => 0,
        11..=15 => 255,
        16 => 64,
        17 => 128,
        18 => 100,
        _ => 1 + rng.below(254) as u8,
    }
}

fn random_levels(rng: &mut Random, width: u32, height: u32) -> LevelGrid {
    let mut map = LevelGrid::new(width, height).unwrap();
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            map.set(x, y, random_level(rng));
        }
    }
    map
}

fn random_range(rng: &mut Random) -> Range {
    if rng.percent(50) {
        return Range::UNLIMITED;
    }
    let shape = [
        Shape::Square,
        Shape::Diamond,
        Shape::Circle,
        Shape::CirclePlus,
    ][rng.below(4) as usize];
    Range::new(rng.below(9) as u32, shape)
}

/// Compares the fast field with the model on `maps` random maps, from a few
/// origins each; returns the tiles compared.
fn equals_model<T: Model>(algorithm: Algorithm, seed: u64, maps: usize) -> usize {
    equals(algorithm, seed, maps, model_field::<T>)
}

/// A model of a definition: the map, the origin, the range, the starting
/// visibility and whether the diagonal rule holds.
type ModelField = fn(&LevelGrid, (i32, i32), Range, u8, bool) -> Seen;

fn equals(algorithm: Algorithm, seed: u64, maps: usize, model: ModelField) -> usize {
    equals_on(Fov::new(algorithm), seed, maps, 16, model)
}

/// [`equals`] with `fov`'s options, on maps of at most `side` tiles a side.
fn equals_on(mut fov: Fov, seed: u64, maps: usize, side: u64, model: ModelField) -> usize {
    let mut rng = Random::new(seed);
    let algorithm = fov.algorithm();
    let shut = fov.diagonal_gaps().blocks();
    let mut compared = 0;
    for i in 0..maps {
        let (w, h) = (1 + rng.below(side) as u32, 1 + rng.below(side) as u32);
        let map = random_levels(&mut rng, w, h);
        let range = random_range(&mut rng);
        let start = if rng.percent(70) {
            255
        } else {
            1 + rng.below(255) as u8
        };
        fov.set_visibility(start);
        for _ in 0..3 {
            let origin = (
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            let want = model(&map, origin, range, start, shut);
            let got = fast_field(&mut fov, &map, origin, range);
            if want != got {
                let diff: Vec<_> = want
                    .iter()
                    .filter(|(t, v)| got.get(t) != Some(v))
                    .map(|(t, v)| (*t, Some(*v), got.get(t).copied()))
                    .chain(
                        got.iter()
                            .filter(|(t, _)| !want.contains_key(t))
                            .map(|(t, v)| (*t, None, Some(*v))),
                    )
                    .collect();
                panic!(
                    "{algorithm} map {i} from {origin:?}, {range:?}, start {start}: (tile, model, fast) {diff:?}\n{}",
                    render(&map)
                );
            }
            compared += want.len();
        }
    }
    compared
}

fn render(map: &LevelGrid) -> String {
    let mut out = String::new();
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            out.push_str(&format!("{:>4}", map.level(x, y)));
        }
        out.push('\n');
    }
    out
}

#[test]
fn recursive_shadowcast_equals_its_model_on_2500_random_maps() {
    let compared = equals_model::<SquaresModel>(RS, 0x7A45_0001, 2500);
    assert!(compared > 60_000, "{compared}");
}

#[test]
fn recursive_shadowcast_with_the_diagonal_rule_equals_its_model_on_2500_random_maps() {
    let compared = equals_on(
        with_rule(RS),
        0x7A45_000B,
        2500,
        16,
        model_field::<SquaresModel>,
    );
    assert!(compared > 60_000, "{compared}");
}

#[test]
fn symmetric_shadowcast_with_the_diagonal_rule_equals_its_model_on_2500_random_maps() {
    let compared = equals_on(
        with_rule(SS),
        0x7A45_000C,
        2500,
        16,
        model_field::<MidLinesModel>,
    );
    assert!(compared > 40_000, "{compared}");
}

#[test]
fn symmetric_shadowcast_equals_its_model_on_2500_random_maps() {
    let compared = equals_model::<MidLinesModel>(SS, 0x7A45_0002, 2500);
    assert!(compared > 40_000, "{compared}");
}

#[test]
fn raycast_equals_its_model_on_2500_random_maps() {
    let compared = equals(Algorithm::Raycast, 0x7A45_0005, 2500, raycast_model);
    assert!(compared > 40_000, "{compared}");
}

#[test]
fn raycast_with_the_diagonal_rule_equals_its_model_on_2500_random_maps() {
    let compared = equals_on(
        with_rule(Algorithm::Raycast),
        0x7A45_000A,
        2500,
        16,
        raycast_model,
    );
    assert!(compared > 40_000, "{compared}");
}

#[test]
fn precise_permissive_equals_its_model_on_2500_random_maps() {
    let compared = equals_on(Fov::new(PP), 0x7A45_0006, 2500, 14, permissive_model);
    assert!(compared > 40_000, "{compared}");
}

#[test]
fn precise_permissive_with_the_diagonal_rule_equals_its_model_on_2500_random_maps() {
    let compared = equals_on(with_rule(PP), 0x7A45_0008, 2500, 14, permissive_model);
    assert!(compared > 40_000, "{compared}");
}

/// Levels 0 and 255 only: the plain field, every tile at full visibility;
/// with the diagonal rule too.
#[test]
fn levels_of_0_and_255_give_the_plain_field() {
    let mut rng = Random::new(0x7A45_0003);
    let fovs = [PP, RS, SS, Algorithm::Raycast]
        .map(Fov::new)
        .into_iter()
        .chain([PP, RS, SS, Algorithm::Raycast].map(with_rule));
    for mut fov in fovs {
        let algorithm = fov.algorithm();
        for _ in 0..1000 {
            let (w, h) = (1 + rng.below(16) as u32, 1 + rng.below(16) as u32);
            let mut grid = Grid::new(w, h);
            let mut levels = LevelGrid::new(w, h).unwrap();
            let walls = rng.below(60);
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let wall = rng.percent(walls);
                    grid.set(x, y, wall);
                    levels.set(x, y, if wall { 255 } else { 0 });
                }
            }
            let origin = (
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            let range = random_range(&mut rng);
            let mut plain = BTreeSet::new();
            fov.compute(&grid, origin, range, |x, y| {
                plain.insert((x, y));
            })
            .unwrap();
            let seen = fast_field(&mut fov, &levels, origin, range);
            assert!(seen.values().all(|&v| v == 255), "{algorithm}");
            assert_eq!(
                seen.keys().copied().collect::<BTreeSet<_>>(),
                plain,
                "{algorithm} from {origin:?} {range:?}\n{}",
                grid.to_text()
            );
        }
    }
}

/// Between two tiles below 255, `symmetric-shadowcast` sees as well both
/// ways: the ray between their centres is the same segment.
#[test]
fn symmetric_shadowcast_visibility_is_symmetric() {
    let pairs = visibility_is_symmetric(Fov::new(SS), 0x7A45_0004, |level| level < 255);
    assert!(pairs > 20_000, "{pairs}");
}

/// `precise-permissive` sees as well both ways between any two tiles: the
/// segments one way are the other's, reversed.
#[test]
fn precise_permissive_visibility_is_symmetric() {
    let pairs = visibility_is_symmetric(Fov::new(PP), 0x7A45_0007, |_| true);
    assert!(pairs > 30_000, "{pairs}");
}

/// Both keep their symmetry with the diagonal rule, which shuts the same
/// corners for a segment or a centre ray both ways.
#[test]
fn visibility_with_the_diagonal_rule_stays_symmetric() {
    let pairs = visibility_is_symmetric(with_rule(PP), 0x7A45_0009, |_| true);
    assert!(pairs > 30_000, "{pairs}");
    let pairs = visibility_is_symmetric(with_rule(SS), 0x7A45_000D, |level| level < 255);
    assert!(pairs > 20_000, "{pairs}");
}

/// Checks that every two tiles whose levels pass `tile` see each other
/// equally well through `fov` on 300 random maps; returns the pairs seen.
fn visibility_is_symmetric(mut fov: Fov, seed: u64, tile: fn(u8) -> bool) -> usize {
    let mut rng = Random::new(seed);
    let algorithm = fov.algorithm();
    let mut pairs = 0;
    for _ in 0..300 {
        let (w, h) = (2 + rng.below(11) as u32, 2 + rng.below(11) as u32);
        let map = random_levels(&mut rng, w, h);
        let tiles: Vec<(i32, i32)> = (0..h as i32)
            .flat_map(|y| (0..w as i32).map(move |x| (x, y)))
            .filter(|&(x, y)| tile(map.level(x, y)))
            .collect();
        let fields: BTreeMap<_, _> = tiles
            .iter()
            .map(|&a| (a, fast_field(&mut fov, &map, a, Range::UNLIMITED)))
            .collect();
        for &a in &tiles {
            for &b in &tiles {
                let ab = fields[&a].get(&b).copied().unwrap_or(0);
                let ba = fields[&b].get(&a).copied().unwrap_or(0);
                assert_eq!(ab, ba, "{algorithm}: {a:?} and {b:?}\n{}", render(&map));
                pairs += usize::from(ab > 0 && a != b);
            }
        }
    }
    pairs
}

/// `recursive-shadowcast` is not symmetric with translucency either: the
/// test above can fail.
#[test]
fn recursive_shadowcast_visibility_is_not_symmetric() {
    // From b, the rays passing under the smoke reach a's square at full
    // visibility; from a's centre every ray to b's square crosses the smoke.
    let map = LevelGrid::parse_with("a~..\n...b\n", |c| if c == '~' { 100 } else { 0 })
        .unwrap()
        .levels;
    let mut fov = Fov::new(RS);
    let from_b = fast_field(&mut fov, &map, (3, 1), Range::UNLIMITED);
    let from_a = fast_field(&mut fov, &map, (0, 0), Range::UNLIMITED);
    assert_ne!(from_a.get(&(3, 1)), from_b.get(&(0, 0)));
}

#[test]
fn a_smoke_corridor_dims_tile_by_tile() {
    let map = |x: i32, _y: i32| if (2..5).contains(&x) { 60u8 } else { 0 };
    for algorithm in [PP, RS, SS, Algorithm::Raycast] {
        let mut fov = Fov::new(algorithm);
        let seen = {
            let mut seen = BTreeMap::new();
            fov.compute_translucent(&map, (0, 0), Range::square(8), |x, y, v| {
                seen.insert((x, y), v);
            })
            .unwrap();
            seen
        };
        let along: Vec<u8> = (0..=8).map(|x| seen[&(x, 0)]).collect();
        assert_eq!(
            along,
            [255, 255, 255, 195, 135, 75, 75, 75, 75],
            "{algorithm}"
        );
    }
}

#[test]
fn lit_walls_off_drops_opaque_tiles_but_not_the_origin() {
    let map = LevelGrid::parse_with("#.~#\n", |c| match c {
        '#' => 255,
        '~' => 30,
        _ => 0,
    })
    .unwrap()
    .levels;
    let mut fov = Fov::new(RS);
    fov.set_lit_walls(false);
    let mut seen = Vec::new();
    fov.compute_translucent(&map, (0, 0), Range::UNLIMITED, |x, y, v| {
        seen.push((x, y, v))
    })
    .unwrap();
    seen.sort();
    assert_eq!(seen, [(0, 0, 255), (1, 0, 255), (2, 0, 255)]);
}

#[test]
fn errors_are_clear() {
    let map = |_x: i32, _y: i32| 0u8;
    let mut fov = Fov::new(Algorithm::Restrictive);
    let err = fov
        .compute_translucent(&map, (0, 0), Range::circle(3), |_, _, _| {})
        .unwrap_err();
    assert!(matches!(err, FovError::Unsupported { .. }));
    assert!(err.to_string().contains("recursive-shadowcast"), "{err}");

    // The diagonal rule goes with every algorithm that sees through.
    fov.set_diagonal_gaps(DiagonalGaps::Block);
    for algorithm in [PP, RS, SS, Algorithm::Raycast] {
        fov.set_algorithm(algorithm);
        assert!(fov
            .compute_translucent(&map, (0, 0), Range::circle(3), |_, _, _| {})
            .is_ok());
    }

    fov.set_algorithm(RS);
    fov.set_diagonal_gaps(DiagonalGaps::Pass);
    fov.set_visibility(0);
    let err = fov
        .compute_translucent(&map, (0, 0), Range::circle(3), |_, _, _| {})
        .unwrap_err();
    assert_eq!(err, FovError::NoVisibility);
    assert!(err.to_string().contains("from 1 to 255"), "{err}");

    fov.set_visibility(255);
    let err = fov
        .compute_translucent(&map, (0, 0), Range::UNLIMITED, |_, _, _| {})
        .unwrap_err();
    assert_eq!(err, FovError::NeedsRadius);
    let grid = LevelGrid::new(3, 3).unwrap();
    let err = fov
        .compute_translucent(&grid, (5, 0), Range::UNLIMITED, |_, _, _| {})
        .unwrap_err();
    assert!(matches!(err, FovError::OriginOffMap { .. }));
}

/// Near the `i32` limits and with a huge radius: a defined field, no panic.
#[test]
fn extreme_coordinates_and_radii_do_not_panic() {
    // Every tile dims, so sight ends within a few tiles whatever the radius.
    let fog = |x: i32, y: i32| 30 + ((x ^ y) & 7) as u8 * 20;
    for algorithm in [PP, RS, SS] {
        let mut fov = Fov::new(algorithm);
        for origin in [
            (i32::MAX, i32::MAX),
            (i32::MIN, i32::MIN),
            (i32::MAX, i32::MIN),
        ] {
            let mut n = 0;
            fov.compute_translucent(&fog, origin, Range::circle(20), |_, _, _| n += 1)
                .unwrap();
            assert!(n >= 1);
        }
        let mut n = 0;
        fov.compute_translucent(&fog, (0, 0), Range::circle(u32::MAX), |_, _, _| n += 1)
            .unwrap();
        assert!(n > 1);
    }
    // The ray cast's rays are as many as the field is wide: too wide is an
    // error, as for its plain field.
    let mut fov = Fov::new(Algorithm::Raycast);
    let err = fov
        .compute_translucent(&fog, (0, 0), Range::circle(u32::MAX), |_, _, _| {})
        .unwrap_err();
    assert!(matches!(err, FovError::AreaTooLarge { .. }), "{err}");
    let mut n = 0;
    fov.compute_translucent(&fog, (i32::MIN, i32::MAX), Range::square(30), |_, _, _| {
        n += 1
    })
    .unwrap();
    assert!(n > 1);
}

#[test]
fn sight_reaches_farther_than_the_scratch_is_sized_for() {
    // A diagonal corridor with a puff of smoke now and then, out past the
    // 4,096 columns the scans size their scratch for up front.
    let corridor = |x: i32, y: i32| match (x - y).abs() {
        0 if x % 1000 == 500 => 1,
        0 | 1 => 0,
        _ => 255,
    };
    for algorithm in [PP, RS, SS] {
        let mut fov = Fov::new(algorithm);
        let mut far = None;
        fov.compute_translucent(&corridor, (0, 0), Range::square(5000), |x, y, v| {
            if (x, y) == (4999, 4999) {
                far = Some(v);
            }
        })
        .unwrap();
        // Five puffs of 1 on the way.
        assert_eq!(far, Some(250), "{algorithm}");
    }
}

#[test]
fn walls_are_opaque_to_the_map_trait_too() {
    let map = LevelGrid::parse_with(".#~\n", |c| match c {
        '#' => 255,
        '~' => 9,
        _ => 0,
    })
    .unwrap()
    .levels;
    assert!(map.is_opaque(1, 0) && !map.is_opaque(2, 0) && map.is_opaque(3, 0));
}

/// A [`Viewer`](sightlines::Viewer) updated through translucent tiles keeps
/// exactly the field's visibilities, from origin to origin with one shared
/// scratch; a plain update afterwards sees at full; only a dirty viewer
/// recomputes.
#[test]
fn viewers_keep_the_visibility_of_each_tile() {
    let mut rng = Random::new(0x5EE_7417);
    let mut fov = Fov::new(SS);
    let mut compared = 0;
    for _ in 0..300 {
        let (w, h) = (1 + rng.below(16) as u32, 1 + rng.below(16) as u32);
        let map = random_levels(&mut rng, w, h);
        let range = random_range(&mut rng);
        let algorithm = [PP, RS, SS, Algorithm::Raycast][rng.below(4) as usize];
        let start = 1 + rng.below(255) as u8;
        fov.set_visibility(start);
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let mut viewer = sightlines::Viewer::new(origin, range, algorithm);
        fov.set_algorithm(algorithm);
        let want = fast_field(&mut fov, &map, origin, range);
        fov.set_algorithm(Algorithm::Restrictive); // the viewer's own is used
        assert!(viewer.update_translucent(&mut fov, &map).unwrap());
        assert_eq!(fov.algorithm(), Algorithm::Restrictive);
        for y in -1..=h as i32 {
            for x in -1..=w as i32 {
                let v = want.get(&(x, y)).copied().unwrap_or(0);
                assert_eq!(viewer.visibility(x, y), v, "{algorithm} ({x}, {y})");
                assert_eq!(viewer.sees(x, y), v > 0);
                compared += 1;
            }
        }
        assert!(!viewer.update_translucent(&mut fov, &map).unwrap());
        viewer.mark_dirty();
        assert!(viewer.update(&mut fov, &map).unwrap());
        for (x, y) in viewer.visible().iter() {
            assert_eq!(viewer.visibility(x, y), 255);
        }
    }
    assert!(compared > 20_000, "{compared}");
}

/// A viewer whose translucent update fails sees nothing and stays dirty.
#[test]
fn a_failed_viewer_update_sees_nothing() {
    let map = LevelGrid::new(4, 4).unwrap();
    let mut fov = Fov::default();
    let mut viewer = sightlines::Viewer::new((1, 1), Range::circle(3), RS);
    viewer.update_translucent(&mut fov, &map).unwrap();
    assert!(viewer.sees(2, 2));
    viewer.set_algorithm(Algorithm::Restrictive);
    let err = viewer.update_translucent(&mut fov, &map).unwrap_err();
    assert!(matches!(err, FovError::Unsupported { .. }));
    assert!(viewer.is_dirty() && viewer.visible().is_empty());
    assert_eq!(viewer.visibility(1, 1), 0);
    viewer.set_algorithm(RS);
    viewer.set_origin((9, 9));
    let err = viewer.update_translucent(&mut fov, &map).unwrap_err();
    assert!(matches!(err, FovError::OriginOffMap { .. }));
}

/// A map is asked the levels of its own tiles only (the trait's promise),
/// with the diagonal rule too, whose corner tests read tiles beside the
/// field's edge: here a map that panics when asked beyond its bounds.
#[test]
fn only_tiles_within_the_bounds_are_asked() {
    struct Strict(LevelGrid);
    impl Translucency for Strict {
        fn level(&self, x: i32, y: i32) -> u8 {
            assert!(self.0.rect().contains(x, y), "asked for ({x}, {y})");
            self.0.level(x, y)
        }
        fn bounds(&self) -> Option<sightlines::Rect> {
            Some(self.0.rect())
        }
    }
    let mut rng = Random::new(0x7A45_000E);
    for _ in 0..300 {
        let (w, h) = (1 + rng.below(12) as u32, 1 + rng.below(12) as u32);
        let map = Strict(random_levels(&mut rng, w, h));
        let origin = (
            rng.below(u64::from(w)) as i32,
            rng.below(u64::from(h)) as i32,
        );
        let range = random_range(&mut rng);
        for algorithm in [PP, RS, SS, Algorithm::Raycast] {
            for gaps in [DiagonalGaps::Pass, DiagonalGaps::Block] {
                let mut fov = Fov::new(algorithm);
                fov.set_diagonal_gaps(gaps);
                fov.compute_translucent(&map, origin, range, |_, _, _| {})
                    .unwrap();
            }
        }
    }
}
