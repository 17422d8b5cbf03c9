//! Hex lines: the cube-rounding line, exact, with its tie rule.

use super::coord::offset_distance;

/// The hexes of the line from `from` to `to`, both included: for each step
/// `k` of the `n = distance` steps, the hex holding the point `k / n` of the
/// way between the two centres (the "cube rounding" line of Red Blob
/// Games' "Hexagonal Grids", computed exactly in integers).
///
/// **Ties.** Where that point lies on an edge or a vertex, the hex taken is
/// the one the point enters when moved a hair towards axial `(+1, +2)`
/// So every line is one fixed choice,
/// the same on every machine; a line and its reverse can differ where ties
/// fall.
///
/// Each step is a neighbour of the last, the line has `distance + 1` hexes,
/// and it never leaves the `i32` space between its ends.
///
/// ```
/// use sightlines::hex;
///
/// let line: Vec<_> = hex::line((0, 0), (3, -1)).collect();
/// assert_eq!(line, [(0, 0), (1, 0), (2, -1), (3, -1)]);
/// // A tie: the point half-way lies on the edge between (1, 0) and (0, 1).
/// let tie: Vec<_> = hex::line((0, 0), (1, 1)).collect();
/// assert_eq!(tie, [(0, 0), (0, 1), (1, 1)]);
/// ```
pub fn line(from: (i32, i32), to: (i32, i32)) -> Line {
    let dq = i64::from(to.0) - i64::from(from.0);
    let dr = i64::from(to.1) - i64::from(from.1);
    Line {
        from,
        dq,
        dr,
        n: offset_distance(dq, dr) as i64,
        k: 0,
    }
}

/// The iterator of [`line()`].
#[derive(Clone, Debug)]
pub struct Line {
    from: (i32, i32),
    dq: i64,
    dr: i64,
    n: i64,
    k: i64,
}

impl Iterator for Line {
    type Item = (i32, i32);

    fn next(&mut self) -> Option<(i32, i32)> {
        if self.k > self.n {
            return None;
        }
        let (q, r) = if self.n == 0 {
            (0, 0)
        } else {
            hex_at(
                i128::from(self.dq) * i128::from(self.k),
                i128::from(self.dr) * i128::from(self.k),
                i128::from(self.n),
            )
        };
        self.k += 1;
        // Between the two ends, so inside i32.
        Some((
            (i64::from(self.from.0) + q as i64) as i32,
            (i64::from(self.from.1) + r as i64) as i32,
        ))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.n + 1 - self.k).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

/// The axial hex holding the point `(q / n, r / n)` moved a hair towards
/// `(+1, +2)`, `n > 0`.
///
/// A hex `c` holds point `p` when each of the three edge forms
/// `2q + r`, `q + 2r` and `q - r` of `p - c` lies within `(-1, 1)`; on a
/// bound, the nudge (whose forms are `4`, `5` and `-1`) decides. Each
/// bound leaves two whole values for a form of `c`; two forms fix `c`.
pub(crate) fn hex_at(q: i128, r: i128, n: i128) -> (i128, i128) {
    let (f1, f2, f3) = (2 * q + r, q + 2 * r, q - r);
    // f1(c) in (f1/n - 1, f1/n + 1], f2(c) likewise, f3(c) in [f3/n - 1, f3/n + 1).
    let (m1, m2) = (f1.div_euclid(n), f2.div_euclid(n));
    for a in [m1, m1 + 1] {
        for b in [m2, m2 + 1] {
            if (2 * a - b) % 3 != 0 {
                continue;
            }
            let (cq, cr) = ((2 * a - b) / 3, (2 * b - a) / 3);
            let g3 = f3 - n * (cq - cr);
            let g1 = f1 - n * a;
            let g2 = f2 - n * b;
            if -n <= g1 && g1 < n && -n <= g2 && g2 < n && -n < g3 && g3 <= n {
                return (cq, cr);
            }
        }
    }
    unreachable_hex(q, r, n)
}

#[cold]
fn unreachable_hex(q: i128, r: i128, n: i128) -> (i128, i128) {
    // The nudged cells tile the plane, so a candidate above always holds;
    // fall back on plain rounding rather than panic.
    debug_assert!(false, "no hex holds ({q}/{n}, {r}/{n})");
    ((q + n / 2).div_euclid(n), (r + n / 2).div_euclid(n))
}

/// Every hex the segment between the two centres touches, corners
/// included, in the order the segment reaches them (ties, hexes first
/// touched at one point, by `r` then `q`); both ends included. Where the
/// segment runs along the edge between two hexes, or through a vertex,
/// both or all three are listed: the hexes a projectile may graze.
///
/// `out` is cleared first and keeps its buffer.
///
/// ```
/// use sightlines::hex;
///
/// let mut hexes = Vec::new();
/// // Along the edge between (1, 0) and (0, 1): both are touched.
/// hex::supercover_into((0, 0), (1, 1), &mut hexes);
/// assert_eq!(hexes, [(0, 0), (1, 0), (0, 1), (1, 1)]);
/// // Straight east, through the centres: only the line's hexes.
/// hex::supercover_into((0, 0), (3, 0), &mut hexes);
/// assert_eq!(hexes, [(0, 0), (1, 0), (2, 0), (3, 0)]);
/// ```
pub fn supercover_into(from: (i32, i32), to: (i32, i32), out: &mut Vec<(i32, i32)>) {
    out.clear();
    let d = (
        i128::from(to.0) - i128::from(from.0),
        i128::from(to.1) - i128::from(from.1),
    );
    // (entry time, r, q) of each hex found, relative to `from`; a hex is
    // reached from a neighbour entered no later, so walking forward from
    // the start finds them all.
    let mut found: Vec<((i128, i128), i128, i128)> = vec![((0, 1), 0, 0)];
    let mut next = 0;
    while next < found.len() {
        let (entry, r, q) = found[next];
        next += 1;
        for (nq, nr) in super::coord::NEIGHBORS {
            let (cq, cr) = (q + i128::from(nq), r + i128::from(nr));
            if let Some(t) = touch(d, (cq, cr)) {
                let later = (t.0 * entry.1)
                    .cmp(&(entry.0 * t.1))
                    .then((cr, cq).cmp(&(r, q)));
                if later.is_gt() {
                    found.push((t, cr, cq));
                }
            }
        }
    }
    found.sort_unstable_by(|a, b| {
        (a.0 .0 * b.0 .1)
            .cmp(&(b.0 .0 * a.0 .1))
            .then((a.1, a.2).cmp(&(b.1, b.2)))
    });
    found.dedup_by(|a, b| (a.1, a.2) == (b.1, b.2));
    out.extend(found.into_iter().map(|(_, r, q)| {
        // Touched hexes lie between the ends, so inside i32.
        (
            (i128::from(from.0) + q) as i32,
            (i128::from(from.1) + r) as i32,
        )
    }));
}

/// The first `t` in `[0, 1]` at which `t·d` lies in the closed hex centred
/// at `c`, as a fraction `(num, den)` with `den > 0`, or `None`.
fn touch(d: (i128, i128), c: (i128, i128)) -> Option<(i128, i128)> {
    let forms = |p: (i128, i128)| [2 * p.0 + p.1, p.0 + 2 * p.1, p.0 - p.1];
    let (fd, fc) = (forms(d), forms(c));
    let (mut lo, mut hi) = ((0i128, 1i128), (1i128, 1i128));
    for j in 0..3 {
        // fc - 1 <= t·fd <= fc + 1
        let (a, b, f) = (fc[j] - 1, fc[j] + 1, fd[j]);
        if f == 0 {
            if a > 0 || b < 0 {
                return None;
            }
            continue;
        }
        let (l, h) = if f > 0 {
            ((a, f), (b, f))
        } else {
            ((-b, -f), (-a, -f))
        };
        if l.0 * lo.1 > lo.0 * l.1 {
            lo = l;
        }
        if h.0 * hi.1 < hi.0 * h.1 {
            hi = h;
        }
    }
    (lo.0 * hi.1 <= hi.0 * lo.1).then_some(lo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::distance;

    #[test]
    fn every_point_is_in_exactly_one_nudged_hex() {
        let n = 6;
        for q in -30..30i128 {
            for r in -30..30i128 {
                let mut holders = 0;
                for cq in -7..7i128 {
                    for cr in -7..7i128 {
                        let (g1, g2, g3) = (
                            2 * (q - n * cq) + (r - n * cr),
                            (q - n * cq) + 2 * (r - n * cr),
                            (q - n * cq) - (r - n * cr),
                        );
                        let inside = |g: i128, e: i128| {
                            -n < g && g < n || g == -n && e > 0 || g == n && e < 0
                        };
                        if inside(g1, 4) && inside(g2, 5) && inside(g3, -1) {
                            holders += 1;
                            assert_eq!(hex_at(q, r, n), (cq, cr), "{q}/{n} {r}/{n}");
                        }
                    }
                }
                assert_eq!(holders, 1, "{q}/{n} {r}/{n}");
            }
        }
    }

    #[test]
    fn lines_step_between_neighbours() {
        for q in -8..=8 {
            for r in -8..=8 {
                let hexes: Vec<_> = line((1, -2), (q, r)).collect();
                assert_eq!(hexes.len() as u64, distance((1, -2), (q, r)) + 1);
                assert_eq!(hexes[0], (1, -2));
                assert_eq!(*hexes.last().unwrap(), (q, r));
                for w in hexes.windows(2) {
                    assert_eq!(distance(w[0], w[1]), 1);
                }
            }
        }
        let far: Vec<_> = line((i32::MIN, i32::MAX), (i32::MAX, i32::MIN))
            .take(3)
            .collect();
        assert_eq!(far.len(), 3);
    }

    #[test]
    fn supercover_lists_the_touched_hexes_in_order() {
        let mut out = Vec::new();
        for q in -7..=7 {
            for r in -7..=7 {
                supercover_into((2, -1), (q, r), &mut out);
                assert_eq!(out[0], (2, -1));
                assert_eq!(*out.last().unwrap(), (q, r));
                // Every hex of the rounding line is touched.
                for h in line((2, -1), (q, r)) {
                    assert!(out.contains(&h), "{h:?} on the way to {q},{r}");
                }
                // Each hex found touches the segment, its neighbours off
                // the list do not, and they come in the order reached.
                let d = (i128::from(q - 2), i128::from(r + 1));
                let times: Vec<_> = out
                    .iter()
                    .map(|&(hq, hr)| touch(d, (i128::from(hq - 2), i128::from(hr + 1))).unwrap())
                    .collect();
                for w in times.windows(2) {
                    assert!(w[0].0 * w[1].1 <= w[1].0 * w[0].1, "to {q},{r}: {out:?}");
                }
                for hq in -10..=10 {
                    for hr in -10..=10 {
                        let touched = touch(d, (i128::from(hq - 2), i128::from(hr + 1))).is_some();
                        assert_eq!(touched, out.contains(&(hq, hr)), "{hq},{hr} to {q},{r}");
                    }
                }
            }
        }
    }
}
