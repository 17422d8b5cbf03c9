//! The supercover line against its geometric definition, and its promises:
//! symmetry, connectivity, endpoints, length, no overflow.

use crate::common::Random;
use sightlines::line::{Bresenham, Supercover};
use std::collections::BTreeSet;

/// Whether the closed unit square around tile offset `t` meets the segment
/// from `0` to `d` (separating axes: x, y and the segment's normal).
fn touches(d: (i64, i64), t: (i64, i64)) -> bool {
    let in_x = t.0 >= d.0.min(0) && t.0 <= d.0.max(0);
    let in_y = t.1 >= d.1.min(0) && t.1 <= d.1.max(0);
    let cross = i128::from(d.0) * i128::from(t.1) - i128::from(d.1) * i128::from(t.0);
    in_x && in_y && 2 * cross.abs() <= i128::from(d.0.abs() + d.1.abs())
}

fn offsets(from: (i32, i32), to: (i32, i32)) -> Vec<(i64, i64)> {
    Supercover::new(from, to)
        .map(|(x, y)| {
            (
                i64::from(x) - i64::from(from.0),
                i64::from(y) - i64::from(from.1),
            )
        })
        .collect()
}

#[test]
fn supercover_is_exactly_the_tiles_the_segment_touches() {
    for dy in -14i64..=14 {
        for dx in -14i64..=14 {
            let line = offsets((3, -2), (3 + dx as i32, -2 + dy as i32));
            let set: BTreeSet<_> = line.iter().copied().collect();
            assert_eq!(set.len(), line.len(), "({dx}, {dy}): a tile twice");
            let expected: BTreeSet<_> = (-15i64..=15)
                .flat_map(|y| (-15i64..=15).map(move |x| (x, y)))
                .filter(|&t| touches((dx, dy), t))
                .collect();
            assert_eq!(set, expected, "({dx}, {dy})");
            assert_eq!(line.first(), Some(&(0, 0)));
            assert_eq!(line.last(), Some(&(dx, dy)));
            assert_eq!(
                Supercover::new((3, -2), (3 + dx as i32, -2 + dy as i32)).len(),
                line.len()
            );
            // Every step goes one tile along dx or dy, except at a corner:
            // from the tile beside it along x to the one beside it along y.
            let (sx, sy) = (dx.signum(), dy.signum());
            for (k, w) in line.windows(2).enumerate() {
                let step = (w[1].0 - w[0].0, w[1].1 - w[0].1);
                if step == (-sx, sy) && sx != 0 && sy != 0 {
                    let before = line[k - 1];
                    assert_eq!(
                        (w[0].0 - before.0, w[0].1 - before.1),
                        (sx, 0),
                        "({dx}, {dy}) at {w:?}"
                    );
                    assert_eq!(line[k + 2], (w[0].0, w[1].1), "({dx}, {dy}) after {w:?}");
                } else {
                    assert!(
                        (step == (sx, 0) && sx != 0) || (step == (0, sy) && sy != 0),
                        "({dx}, {dy}) steps {step:?} at {w:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn supercover_reversed_is_the_line_back() {
    let mut rng = Random::new(0x11E);
    for i in 0..20_000 {
        let span = if i % 2 == 0 { 20 } else { 1 << 10 };
        // Half of the lines sit at the far corners of i32 space.
        let base = match i % 4 {
            0 | 1 => 0,
            2 => i32::MAX - 1024,
            _ => i32::MIN,
        };
        let mut p = || base + rng.below(span) as i32;
        let (a, b) = ((p(), p()), (p(), p()));
        // A third of them diagonal, through corners.
        let b = if i % 3 == 0 {
            // Toward the inside of i32 space, so both ends exist.
            let d = (b.0 - a.0).abs();
            if base > 0 {
                (a.0 - d, a.1 - d)
            } else {
                (a.0 + d, a.1 + d)
            }
        } else {
            b
        };
        let fwd: Vec<_> = Supercover::new(a, b).collect();
        let mut back: Vec<_> = Supercover::new(b, a).collect();
        back.reverse();
        assert_eq!(fwd, back, "{a:?} {b:?}");
    }
}

#[test]
fn supercover_near_the_i32_limits() {
    let corners = [
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MAX),
        (i32::MAX, i32::MIN),
        (0, 0),
    ];
    for a in corners {
        for b in corners {
            let line = Supercover::new(a, b);
            let d = (
                i64::from(b.0) - i64::from(a.0),
                i64::from(b.1) - i64::from(a.1),
            );
            // Length from the definition: |dx| + |dy| + 1, plus the corners.
            let expected = d.0.unsigned_abs()
                + d.1.unsigned_abs()
                + 1
                + if d.0.abs() == d.1.abs() {
                    d.0.unsigned_abs()
                } else {
                    0
                };
            assert_eq!(line.len() as u64, expected, "{a:?} {b:?}");
            for (x, y) in line.take(1000) {
                let t = (i64::from(x) - i64::from(a.0), i64::from(y) - i64::from(a.1));
                assert!(touches(d, t), "{a:?} {b:?} ({x}, {y})");
            }
            // The last tiles: the reverse line's first ones.
            let tail: Vec<_> = Supercover::new(b, a).take(5).collect();
            assert_eq!(tail[0], b);
        }
    }
    // Short lines at the very edge of i32 space.
    let edge: Vec<_> =
        Supercover::new((i32::MAX - 1, i32::MAX), (i32::MAX, i32::MAX - 1)).collect();
    assert_eq!(
        edge,
        [
            (i32::MAX - 1, i32::MAX),
            (i32::MAX, i32::MAX),
            (i32::MAX - 1, i32::MAX - 1),
            (i32::MAX, i32::MAX - 1)
        ]
    );
}

#[test]
fn bresenham_tiles_lie_on_the_supercover_of_axis_and_diagonal_lines() {
    // Where both lines are unambiguous (rows, columns), they agree.
    for n in -10..=10 {
        for (a, b) in [((0, 0), (n, 0)), ((0, 0), (0, n))] {
            let s: Vec<_> = Supercover::new(a, b).collect();
            let l: Vec<_> = Bresenham::new(a, b).collect();
            assert_eq!(s, l);
        }
    }
}
