//! Recursive shadowcasting against libtcod's `FOV_SHADOW` (golden cases made
//! by `tools/golden/libtcod_shadow.py`), against its own definition by brute
//! force, and every property its docs promise.

use crate::common::*;
use sightlines::{Algorithm, Fov, Grid, Opacity, Range, RecursiveShadowcast, Shape};
use std::collections::BTreeSet;

const RS: Algorithm = Algorithm::RecursiveShadowcast;

/// One libtcod run: its map, request and answer.
struct Golden {
    name: String,
    grid: Grid,
    origin: (i32, i32),
    radius: u32,
    light_walls: bool,
    visible: BTreeSet<(i32, i32)>,
}

fn parse_golden(text: &str) -> Vec<Golden> {
    let mut cases = Vec::new();
    // Comments start with "# "; map rows never hold a space.
    let mut lines = text.lines().filter(|l| !l.starts_with("# "));
    let field = |line: Option<&str>, key: &str| -> Vec<String> {
        let line = line.unwrap_or_else(|| panic!("missing {key}"));
        let mut words = line.split_whitespace();
        assert_eq!(words.next(), Some(key), "{line}");
        words.map(str::to_owned).collect()
    };
    while let Some(line) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        let name = field(Some(line), "case").join(" ");
        let o = field(lines.next(), "origin");
        let origin = (o[0].parse().unwrap(), o[1].parse().unwrap());
        let radius = field(lines.next(), "radius")[0].parse().unwrap();
        let light_walls = field(lines.next(), "light_walls")[0] == "true";
        let size = field(lines.next(), "map");
        let (w, h): (u32, u32) = (size[0].parse().unwrap(), size[1].parse().unwrap());
        let mut grid = Grid::new(w, h);
        for y in 0..h as i32 {
            let row = lines.next().unwrap();
            assert_eq!(row.len(), w as usize, "{name}: {row}");
            for (x, ch) in row.chars().enumerate() {
                grid.set(x as i32, y, ch == '#');
            }
        }
        let count: usize = field(lines.next(), "visible")[0].parse().unwrap();
        let mut visible = BTreeSet::new();
        for y in 0..h as i32 {
            let row = lines.next().unwrap();
            assert_eq!(row.len(), w as usize, "{name}: {row}");
            for (x, ch) in row.chars().enumerate() {
                if ch == '*' {
                    visible.insert((x as i32, y));
                }
            }
        }
        assert_eq!(visible.len(), count, "{name}");
        assert_eq!(lines.next(), Some("end"), "{name}");
        cases.push(Golden {
            name,
            grid,
            origin,
            radius,
            light_walls,
            visible,
        });
    }
    cases
}

fn golden_cases() -> Vec<Golden> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/libtcod_shadow");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|p| parse_golden(&std::fs::read_to_string(p).unwrap()))
        .collect()
}

/// libtcod's radius as a range: `r > 0` cuts at `dx² + dy² <= r²`, 0 is unlimited.
fn libtcod_range(radius: u32) -> Range {
    if radius == 0 {
        Range::UNLIMITED
    } else {
        Range::circle(radius)
    }
}

fn ours(g: &Golden) -> BTreeSet<(i32, i32)> {
    let mut fov = Fov::new(RS);
    fov.set_lit_walls(g.light_walls);
    let mut seen = BTreeSet::new();
    fov.compute(&g.grid, g.origin, libtcod_range(g.radius), |x, y| {
        assert!(seen.insert((x, y)), "{}: ({x}, {y}) twice", g.name);
    })
    .unwrap();
    seen
}

#[test]
fn equals_libtcod_on_every_golden_case() {
    let cases = golden_cases();
    let maps: BTreeSet<_> = cases
        .iter()
        .map(|c| c.name.split('/').next().unwrap().to_owned())
        .collect();
    assert!(maps.len() >= 30, "{} maps", maps.len());
    assert!(cases.len() >= 1000, "{} cases", cases.len());
    let mut failures = Vec::new();
    for g in &cases {
        let seen = ours(g);
        if seen != g.visible {
            failures.push(format!(
                "{} from {:?} radius {} light_walls {}; + only ours, - only libtcod:\n{}",
                g.name,
                g.origin,
                g.radius,
                g.light_walls,
                render(&g.grid, g.origin, &seen, &g.visible)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures[..failures.len().min(3)].join("\n")
    );
}

/// `num / den` with `den > 0`, exact.
#[derive(Clone, Copy, Debug)]
struct Frac(i64, i64);

impl Frac {
    fn lt(self, o: Frac) -> bool {
        self.0 * o.1 < o.0 * self.1
    }
    fn le(self, o: Frac) -> bool {
        self.0 * o.1 <= o.0 * self.1
    }
    fn max(self, o: Frac) -> Frac {
        if self.lt(o) {
            o
        } else {
            self
        }
    }
    fn min(self, o: Frac) -> Frac {
        if self.lt(o) {
            self
        } else {
            o
        }
    }
}

/// The eight octants as (depth axis, col axis) unit vectors.
const OCTANTS: [((i64, i64), (i64, i64)); 8] = [
    ((1, 0), (0, 1)),
    ((1, 0), (0, -1)),
    ((-1, 0), (0, 1)),
    ((-1, 0), (0, -1)),
    ((0, 1), (1, 0)),
    ((0, 1), (-1, 0)),
    ((0, -1), (1, 0)),
    ((0, -1), (-1, 0)),
];

/// The module's definition, by brute force: T is visible when some ray from
/// the origin's centre that meets T's square passes through the interior of
/// no opaque tile nearer (in Chebyshev distance) than T. Per octant, a tile
/// at depth d and column c spans the closed slopes [(2c-1)/(2d+1), (2c+1)/(2d-1)]
/// and a ray through its interior has a slope strictly inside them.
///
/// With `block` (the diagonal rule), a ray also stops at a corner between
/// two diagonally opposite walls that it passes before it meets T's square.
fn defined_visible<M: Opacity + ?Sized>(
    map: &M,
    origin: (i32, i32),
    t: (i32, i32),
    block: bool,
) -> bool {
    let (tx, ty) = (
        i64::from(t.0) - i64::from(origin.0),
        i64::from(t.1) - i64::from(origin.1),
    );
    if (tx, ty) == (0, 0) {
        return true;
    }
    // Tiles off a bounded map are opaque, as everywhere in sightlines (the
    // scan skips them instead, like libtcod: equal, as this test shows).
    let wall = |x: i64, y: i64| {
        let (x, y) = (i64::from(origin.0) + x, i64::from(origin.1) + y);
        match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => map.is_opaque(x, y),
            _ => true,
        }
    };
    OCTANTS.iter().any(|&((ax, ay), (bx, by))| {
        // T in octant coordinates: (tx, ty) = d·a + c·b.
        let d = tx * ax + ty * ay;
        let c = tx * bx + ty * by;
        if d < 1 || c < 0 || c > d {
            return false;
        }
        let at = |wd: i64, wc: i64| wall(wd * ax + wc * bx, wd * ay + wc * by);
        let lo = Frac(2 * c - 1, 2 * d + 1).max(Frac(0, 1));
        let hi = Frac(2 * c + 1, 2 * d - 1).min(Frac(1, 1));
        let mut shadows = Vec::new();
        for wd in 1..d {
            for wc in 0..=wd {
                if at(wd, wc) {
                    shadows.push((Frac(2 * wc - 1, 2 * wd + 1), Frac(2 * wc + 1, 2 * wd - 1)));
                }
            }
        }
        shadows.sort_by(|p, q| (p.0 .0 * q.0 .1).cmp(&(q.0 .0 * p.0 .1)));
        // The slopes no shadow covers: closed intervals, swept from `lo`.
        let mut clear = Vec::new();
        let mut cur = lo;
        for (l, h) in shadows {
            if cur.le(l) {
                clear.push((cur, l.min(hi)));
            }
            cur = cur.max(h);
        }
        clear.push((cur, hi));
        clear.retain(|&(a, b)| a.le(b));
        // A ray meets T's square at depth max(d - 1/2, (c - 1/2) / s); a
        // corner at depth k + 1/2 on it shuts it when it comes first.
        let shut = |s: Frac| {
            (0..d).any(|k| {
                (-1..=k).any(|j| {
                    let corner = Frac(2 * j + 1, 2 * k + 1);
                    let pinched = at(k, j) && at(k + 1, j + 1) || at(k, j + 1) && at(k + 1, j);
                    let on_ray = corner.0 * s.1 == s.0 * corner.1;
                    // k + 1/2 < (c - 1/2) / s, that is (2k + 1)·s < 2c - 1.
                    let before = k < d - 1 || (2 * k + 1) * s.0 < (2 * c - 1) * s.1;
                    pinched && on_ray && before
                })
            })
        };
        clear.iter().any(|&(a, b)| !block || a.lt(b) || !shut(a))
    })
}

#[test]
fn equals_its_definition_on_5000_random_maps() {
    // Walls beyond the range are part of the definition, so this also pins
    // that they never shadow a tile within the range.
    let cases = Cases {
        maps: 5000,
        max_side: 14,
        all_origins_up_to: 30,
        other_origins: 1,
        ranges: true,
    };
    let compared = equals_definition_on_random_maps(
        RecursiveShadowcast::new(),
        RS,
        0x5EED_0101,
        cases,
        |map, from, to| defined_visible(map, from, to, false),
    );
    assert!(compared > 300_000, "{compared}");
}

#[test]
fn equals_its_definition_with_the_diagonal_rule_on_3000_random_maps() {
    let compared = equals_definition_with_the_diagonal_rule(RS, 0x5EED_0D1A, 14, |map, a, b| {
        defined_visible(map, a, b, true)
    });
    assert!(compared > 150_000, "{compared}");
}

#[test]
fn libtcod_radius_is_a_circle_of_r_squared() {
    // On an open map libtcod's radius r keeps exactly dx² + dy² <= r²
    // (golden case "open"), which is `Range::circle(r)`, not circle-plus.
    let cases = golden_cases();
    let open: Vec<_> = cases
        .iter()
        .filter(|c| c.name.starts_with("open/") && c.radius > 0)
        .collect();
    assert!(open.len() >= 4);
    for g in open {
        let r = i64::from(g.radius);
        let expected: BTreeSet<_> = grid_tiles(&g.grid)
            .filter(|&(x, y)| {
                let (dx, dy) = (i64::from(x - g.origin.0), i64::from(y - g.origin.1));
                dx * dx + dy * dy <= r * r
            })
            .collect();
        assert_eq!(g.visible, expected, "{}", g.name);
        assert_eq!(ours(g), expected, "{}", g.name);
    }
    // libtcod's radius 0 is the whole map, which is `Range::UNLIMITED`; our
    // radius 0 is the origin alone.
    let whole = cases.iter().find(|c| c.name == "open/0").unwrap();
    assert_eq!(whole.radius, 0);
    assert_eq!(whole.visible.len(), 31 * 31);
    assert_eq!(ours(whole).len(), 31 * 31);
    assert_eq!(
        fov_set(RS, &whole.grid, whole.origin, Range::circle(0)),
        BTreeSet::from([whole.origin])
    );
}

#[test]
fn libtcod_dark_walls_keep_only_the_origin_and_floors() {
    // light_walls = false is our `set_lit_walls(false)`: every golden dark
    // case equals the lit case with its walls removed, the origin kept.
    let cases = golden_cases();
    let mut checked = 0;
    for g in cases.iter().filter(|c| !c.light_walls) {
        let mut fov = Fov::new(RS);
        let mut lit = BTreeSet::new();
        fov.compute(&g.grid, g.origin, libtcod_range(g.radius), |x, y| {
            lit.insert((x, y));
        })
        .unwrap();
        lit.retain(|&(x, y)| (x, y) == g.origin || !g.grid.is_opaque(x, y));
        assert_eq!(lit, g.visible, "{}", g.name);
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn not_symmetric_and_says_so() {
    assert!(!RS.is_symmetric());
    let g = Grid::parse("b#..\n...a\n").unwrap().grid;
    let (a, b) = ((3, 1), (0, 0));
    assert!(fov_set(RS, &g, a, Range::UNLIMITED).contains(&b));
    assert!(!fov_set(RS, &g, b, Range::UNLIMITED).contains(&a));
    // libtcod agrees: golden case "asymmetry" holds this map both ways round.
    let cases = golden_cases();
    let from = |o: (i32, i32)| {
        cases
            .iter()
            .find(|c| c.name.starts_with("asymmetry/") && c.origin == o)
            .expect("golden asymmetry case")
    };
    assert!(from(a).visible.contains(&b));
    assert!(!from(b).visible.contains(&a));
    // And it is common: count one-way pairs on random maps.
    let mut rng = Random::new(0xA5_1111);
    let mut one_way = 0;
    for _ in 0..50 {
        let g = random_grid(&mut rng, 8, 8, 25);
        let tiles: Vec<_> = grid_tiles(&g).collect();
        let fovs: Vec<_> = tiles
            .iter()
            .map(|&t| fov_set(RS, &g, t, Range::UNLIMITED))
            .collect();
        for (i, a) in tiles.iter().enumerate() {
            for (j, b) in tiles.iter().enumerate() {
                if fovs[i].contains(b) && !fovs[j].contains(a) {
                    one_way += 1;
                }
            }
        }
    }
    assert!(one_way > 100, "{one_way}");
}

#[test]
fn origin_is_always_visible_even_inside_a_wall() {
    let solid: FnMap = &|_: i32, _: i32| true;
    let seen = fov_set(RS, &solid, (5, 5), Range::circle(3));
    // The origin and its eight neighbours, lit, and nothing behind them.
    assert_eq!(seen.len(), 9);
    assert!(seen.contains(&(5, 5)));
    let g = Grid::parse("...\n.#.\n...\n").unwrap().grid;
    assert_eq!(fov_set(RS, &g, (1, 1), Range::UNLIMITED).len(), 9);
    for shape in Shape::ALL {
        assert_eq!(
            fov_set(RS, &g, (1, 1), Range::new(0, shape)),
            BTreeSet::from([(1, 1)])
        );
    }
}

#[test]
fn radius_ten_thousand_nests_ten_thousand_views_without_recursion() {
    // Along the diagonal corridor y == x each row opens a new view inside
    // the previous one (a wall just below the diagonal tile), so a
    // recursive implementation would nest once per tile of distance.
    let corridor: FnMap = &|x: i32, y: i32| y != x;
    let r = 10_000u32;
    let seen = fov_set(RS, &corridor, (0, 0), Range::circle(r));
    let r2 = i64::from(r) * i64::from(r);
    // The diagonal tiles, the walls beside them (both ways along the
    // corridor), and the two walls at the origin's other corners.
    let k = (1..).take_while(|&k: &i64| 2 * k * k <= r2).count() as i64;
    let beside = (1..)
        .take_while(|&k: &i64| k * k + (k - 1) * (k - 1) <= r2)
        .count() as i64;
    assert_eq!(seen.len() as i64, 1 + 2 * k + 4 * beside + 2);
    assert!(seen.contains(&(7071, 7071)) && seen.contains(&(-7071, -7070)));
    assert!(!seen.contains(&(7072, 7072)));
    // A long straight corridor: the whole length, walls on both sides.
    let straight: FnMap = &|_x: i32, y: i32| y != 0;
    let seen = fov_set(RS, &straight, (0, 0), Range::circle(r));
    assert_eq!(seen.len(), 20_001 + 2 * 19_999);
}

#[test]
fn sees_through_a_diagonal_gap_along_a_single_ray() {
    // Walls at (2, 1) and (1, 2) touch at a corner on the diagonal: the one
    // ray through that corner passes, and nothing beside it.
    let map: FnMap = &|x: i32, y: i32| (x, y) == (2, 1) || (x, y) == (1, 2);
    let seen = fov_set(RS, &map, (0, 0), Range::square(6));
    for k in 1..=6 {
        assert!(seen.contains(&(k, k)), "({k}, {k})");
    }
    // Tiles whose squares touch the diagonal ray are seen along it too.
    assert!(seen.contains(&(4, 3)) && seen.contains(&(3, 4)));
    assert!(!seen.contains(&(4, 2)) && !seen.contains(&(2, 4)));
    assert!(!seen.contains(&(6, 4)) && !seen.contains(&(4, 6)));
}
