//! The promises every algorithm keeps, checked for each id in
//! `Algorithm::ALL`: each tile reported once with the origin first, nothing
//! outside the map or the range, an open field filled to the range's exact
//! shape, no panic anywhere in `i32` space, errors instead of nonsense.

use crate::common::*;
use sightlines::{
    Algorithm, BitRows, Fov, FovError, Grid, Opacity, Range, Rect, Shape, VisibleSet,
};
use std::collections::BTreeSet;

#[test]
fn origin_first_each_tile_once_inside_map_and_range() {
    let mut rng = Random::new(0xA11);
    for &algorithm in Algorithm::ALL {
        let mut fov = Fov::new(algorithm);
        for _ in 0..400 {
            let (w, h) = (1 + rng.below(20) as u32, 1 + rng.below(20) as u32);
            let density = rng.below(60);
            let g = random_grid(&mut rng, w, h, density);
            let origin = (
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            let range = if rng.percent(20) {
                Range::UNLIMITED
            } else {
                Range::new(rng.below(25) as u32, Shape::ALL[rng.below(4) as usize])
            };
            let mut seen = Vec::new();
            fov.compute(&g, origin, range, |x, y| seen.push((x, y)))
                .unwrap();
            assert_eq!(
                seen.first(),
                Some(&origin),
                "{algorithm}: the origin comes first"
            );
            let unique: BTreeSet<_> = seen.iter().copied().collect();
            assert_eq!(
                unique.len(),
                seen.len(),
                "{algorithm}: a tile reported twice"
            );
            for &(x, y) in &seen {
                assert!(
                    g.rect().contains(x, y),
                    "{algorithm}: ({x}, {y}) is off the map"
                );
                assert!(
                    range.contains(i64::from(x - origin.0), i64::from(y - origin.1)),
                    "{algorithm}: ({x}, {y}) out of {range:?}"
                );
            }
            // The set output holds exactly what the visitor saw.
            let mut set = VisibleSet::new();
            fov.compute_into(&g, origin, range, &mut set).unwrap();
            assert_eq!(set.iter().collect::<BTreeSet<_>>(), unique, "{algorithm}");
            assert_eq!(set.len(), unique.len(), "{algorithm}");
        }
    }
}

#[test]
fn an_open_field_is_the_exact_range() {
    let open: FnMap = OPEN;
    for &algorithm in Algorithm::ALL {
        for shape in Shape::ALL {
            for r in [0u32, 1, 2, 5, 13, 40] {
                let seen = fov_set(algorithm, &open, (7, -3), Range::new(r, shape));
                let ri = i64::from(r);
                let expected: BTreeSet<_> = (-ri..=ri)
                    .flat_map(|dy| (-ri..=ri).map(move |dx| (dx, dy)))
                    .filter(|&(dx, dy)| shape.contains(dx, dy, r))
                    .map(|(dx, dy)| (7 + dx as i32, -3 + dy as i32))
                    .collect();
                assert_eq!(seen, expected, "{algorithm} {shape} {r}");
            }
        }
    }
}

#[test]
fn no_panics_anywhere_in_i32_space() {
    let open: FnMap = OPEN;
    let checker: FnMap = &|x: i32, y: i32| (x ^ y) & 3 == 0;
    let corners = [
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MAX),
        (i32::MAX, 0),
        (0, i32::MIN + 1),
    ];
    for &algorithm in Algorithm::ALL {
        let mut fov = Fov::new(algorithm);
        for origin in corners {
            for range in [
                Range::square(0),
                Range::circle(6),
                Range::diamond(9),
                Range::circle_plus(4),
                Range::square(11),
                Range::circle(5),
                Range::diamond(40),
                Range::circle_plus(9),
            ] {
                let r = i64::from(range.radius().unwrap());
                let fits = |c: i32, d: i64| i32::try_from(i64::from(c) + d).is_ok();
                let expected = (-r..=r)
                    .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
                    .filter(|&(dx, dy)| {
                        range.contains(dx, dy) && fits(origin.0, dx) && fits(origin.1, dy)
                    })
                    .count();
                let seen = fov_set(algorithm, &open, origin, range);
                assert_eq!(
                    seen.len(),
                    expected,
                    "{algorithm} at {origin:?} with {range:?}"
                );
                let mut origin_seen = false;
                fov.compute(&checker, origin, range, |x, y| {
                    origin_seen |= (x, y) == origin;
                })
                .unwrap();
                assert!(origin_seen, "{algorithm} at {origin:?} with {range:?}");
            }
        }
        // A huge radius on a bounded map is the whole map's view.
        let g = Grid::parse(sightlines::SAMPLE_MAP).unwrap();
        let at = g.viewer.unwrap();
        assert_eq!(
            fov_set(algorithm, &g.grid, at, Range::circle(u32::MAX)),
            fov_set(algorithm, &g.grid, at, Range::UNLIMITED),
            "{algorithm}"
        );
        assert_eq!(
            fov_set(algorithm, &g.grid, at, Range::square(0)),
            BTreeSet::from([at])
        );
    }
}

#[test]
fn bad_requests_are_errors() {
    let g = Grid::new(5, 4);
    let open: FnMap = OPEN;
    for &algorithm in Algorithm::ALL {
        let mut fov = Fov::new(algorithm);
        for origin in [(-1, 0), (5, 0), (0, 4), (i32::MIN, i32::MAX)] {
            let err = fov
                .compute(&g, origin, Range::circle(3), |_, _| {
                    panic!("{algorithm}: nothing to see")
                })
                .unwrap_err();
            assert!(matches!(err, FovError::OriginOffMap { .. }), "{algorithm}");
        }
        assert!(fov
            .compute(&Grid::new(0, 0), (0, 0), Range::UNLIMITED, |_, _| ())
            .is_err());
        assert_eq!(
            fov.compute(&open, (0, 0), Range::UNLIMITED, |_, _| ()),
            Err(FovError::NeedsRadius)
        );
    }
}

#[test]
fn walls_can_be_left_dark() {
    let mut rng = Random::new(0xDA4C);
    for &algorithm in Algorithm::ALL {
        let mut lit = Fov::new(algorithm);
        let mut dark = Fov::new(algorithm);
        dark.set_lit_walls(false);
        for _ in 0..100 {
            let g = random_grid(&mut rng, 12, 9, 35);
            let origin = (rng.below(12) as i32, rng.below(9) as i32);
            let (mut a, mut b) = (BTreeSet::new(), BTreeSet::new());
            lit.compute(&g, origin, Range::UNLIMITED, |x, y| {
                a.insert((x, y));
            })
            .unwrap();
            dark.compute(&g, origin, Range::UNLIMITED, |x, y| {
                b.insert((x, y));
            })
            .unwrap();
            let expected: BTreeSet<_> = a
                .into_iter()
                .filter(|&(x, y)| (x, y) == origin || !sightlines::Opacity::is_opaque(&g, x, y))
                .collect();
            assert_eq!(b, expected, "{algorithm}");
        }
    }
}

/// A map kept as bits over a rectangle that does not start at (0, 0), with
/// walls all around it: the packed fast path with offsets.
struct Shifted {
    rect: Rect,
    words_per_row: usize,
    words: Vec<u64>,
}

impl Opacity for Shifted {
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        if !self.rect.contains(x, y) {
            return true;
        }
        let (c, r) = ((x - self.rect.x) as usize, (y - self.rect.y) as usize);
        self.words[r * self.words_per_row + c / 64] >> (c % 64) & 1 == 1
    }
    fn bounds(&self) -> Option<Rect> {
        Some(self.rect)
    }
    fn bit_rows(&self) -> Option<BitRows<'_>> {
        BitRows::new(&self.words, self.words_per_row, self.rect)
    }
}

#[test]
fn packed_rows_and_asked_tiles_agree() {
    // Every algorithm reads a bit-packed map a word at a time and any other
    // map tile by tile: both paths must see the same.
    let mut rng = Random::new(0xB175);
    for &algorithm in Algorithm::ALL {
        let mut fov = Fov::new(algorithm);
        for round in 0..150 {
            let (w, h) = (1 + rng.below(140) as u32, 1 + rng.below(70) as u32);
            let density = rng.below(50);
            let g = random_grid(&mut rng, w, h, density);
            let rect = Rect::new(
                rng.below(200) as i32 - 100,
                rng.below(200) as i32 - 100,
                w,
                h,
            );
            let words_per_row = (w as usize).div_ceil(64) + (round % 2);
            let mut words = vec![0u64; words_per_row * h as usize];
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    if g.is_opaque(x, y) {
                        words[y as usize * words_per_row + x as usize / 64] |= 1 << (x % 64);
                    }
                }
            }
            let packed = Shifted {
                rect,
                words_per_row,
                words,
            };
            let asked = sightlines::bounded(rect, |x: i32, y: i32| packed.is_opaque(x, y));
            let origin = (
                rect.x + rng.below(u64::from(w)) as i32,
                rect.y + rng.below(u64::from(h)) as i32,
            );
            let range = if rng.percent(30) {
                Range::UNLIMITED
            } else {
                Range::new(rng.below(80) as u32, Shape::ALL[rng.below(4) as usize])
            };
            let mut a = Vec::new();
            fov.compute(&packed, origin, range, |x, y| a.push((x, y)))
                .unwrap();
            let mut b = Vec::new();
            fov.compute(&asked, origin, range, |x, y| b.push((x, y)))
                .unwrap();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(
                a, b,
                "{algorithm} from {origin:?} with {range:?} on {rect:?}"
            );
            let mut set = VisibleSet::new();
            fov.compute_into(&packed, origin, range, &mut set).unwrap();
            assert_eq!(set.iter().collect::<Vec<_>>().len(), a.len(), "{algorithm}");
        }
    }
}
