//! Exact fractions, so that every scan decides with integers only: a slope,
//! and a multiple of one stepped line by line.

use std::cmp::Ordering;

/// An exact slope `num / den` with `den > 0`, compared by cross-multiplication
/// (products fit in `i64`: see [`MAX_REACH`](super::field::MAX_REACH)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slope {
    pub(crate) num: i64,
    pub(crate) den: i64,
}

impl Slope {
    #[inline]
    pub(crate) const fn new(num: i64, den: i64) -> Slope {
        debug_assert!(den > 0);
        Slope { num, den }
    }

    /// `self * n`, compared with `m` without division: the sign of `num·n - m·den`.
    #[inline]
    pub(crate) fn scaled_cmp(self, n: i64, m: i64) -> Ordering {
        (self.num * n).cmp(&(m * self.den))
    }

    /// `n · self` rounded to the nearest integer, halves rounded up (toward
    /// +∞): 2.5 gives 3, -2.5 gives -2. Exact; `n · num` must fit in `i64`.
    #[inline]
    pub(crate) fn mul_round_ties_up(self, n: i64) -> i64 {
        let (q, r) = self.mul_div_rem(n);
        q + i64::from(2 * r >= self.den)
    }

    /// As [`mul_round_ties_up`](Slope::mul_round_ties_up), halves rounded
    /// down (toward -∞): 2.5 gives 2, -2.5 gives -3.
    #[inline]
    pub(crate) fn mul_round_ties_down(self, n: i64) -> i64 {
        let (q, r) = self.mul_div_rem(n);
        q + i64::from(2 * r > self.den)
    }

    /// `n · num = q · den + r` with `0 <= r < den`.
    #[inline]
    fn mul_div_rem(self, n: i64) -> (i64, i64) {
        let p = self.num * n;
        (p.div_euclid(self.den), p.rem_euclid(self.den))
    }
}

impl PartialEq for Slope {
    fn eq(&self, other: &Slope) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Slope {}

impl PartialOrd for Slope {
    fn partial_cmp(&self, other: &Slope) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Slope {
    #[inline]
    fn cmp(&self, other: &Slope) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// `value + rem / den`, with `0 <= rem < den`, stepped by
/// `step + step_rem / den` a line: where a sight line meets successive lines
/// of a scan. The denominator is kept by the caller, who often holds it
/// already (a line's run, say).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stepped {
    /// The floor of the value.
    pub(crate) value: i64,
    pub(crate) rem: i64,
    pub(crate) step: i64,
    pub(crate) step_rem: i64,
}

impl Stepped {
    /// `num / den` now, `(num + a) / den` a line later, ...; `den > 0`.
    #[inline]
    pub(crate) fn new(num: i64, a: i64, den: i64) -> Stepped {
        debug_assert!(den > 0);
        Stepped {
            value: num.div_euclid(den),
            rem: num.rem_euclid(den),
            step: a.div_euclid(den),
            step_rem: a.rem_euclid(den),
        }
    }

    /// The integer `value` now, `value + a / den` a line later, ...; one
    /// division fewer than [`Stepped::new`].
    #[inline(always)]
    pub(crate) fn whole(value: i64, a: i64, den: i64) -> Stepped {
        Stepped {
            value,
            rem: 0,
            step: a.div_euclid(den),
            step_rem: a.rem_euclid(den),
        }
    }

    /// `value` on every line, for any denominator.
    #[inline]
    pub(crate) fn constant(value: i64) -> Stepped {
        Stepped {
            value,
            // Far below any `-den` (`|den| < 2^40`): never wraps, and
            // `next` cannot overflow.
            rem: -(1 << 62),
            step: 0,
            step_rem: 0,
        }
    }

    /// On to the next line.
    ///
    /// Without a branch: whether the remainder wraps follows the slope's
    /// digits, which no branch predictor learns, and a mispredicted branch
    /// a step cost restrictive about a sixth of its time. The remainder
    /// wraps into the value at most once (`rem + step_rem < 2·den`); one far
    /// below `-den` never wraps, which keeps a constant constant.
    #[inline(always)]
    pub(crate) fn next(&mut self, den: i64) {
        let r = self.rem + self.step_rem - den;
        // All ones when the remainder stays below `den`.
        let under = r >> 63;
        // `under + 1` first: a constant at `i64::MAX` must not pass through it.
        (self.value, self.rem) = (self.value + (self.step + 1 + under), r + (den & under));
    }

    /// The ceiling of the value.
    #[inline(always)]
    pub(crate) fn ceil(&self) -> i64 {
        self.value + i64::from(self.rem != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slopes_compare_exactly() {
        assert!(Slope::new(1, 3) < Slope::new(1, 2));
        assert_eq!(Slope::new(2, 4), Slope::new(1, 2));
        assert_eq!(Slope::new(1, 2).scaled_cmp(3, 1), Ordering::Greater);
        assert_eq!(Slope::new(-1, 2).scaled_cmp(2, -1), Ordering::Equal);
    }

    #[test]
    fn slopes_round_ties_both_ways() {
        for num in -40i64..=40 {
            for den in 1i64..=12 {
                for n in -7i64..=7 {
                    // Reference in doubled integers: x = n·num/den, 2x·den = 2·n·num.
                    let twice = 2 * n * num;
                    let floor = |a: i64| a.div_euclid(2 * den);
                    let up = floor(twice + den); // floor(x + 1/2)
                    let down = -floor(den - twice); // ceil(x - 1/2)
                    let s = Slope::new(num, den);
                    assert_eq!(s.mul_round_ties_up(n), up, "{num}/{den} * {n}");
                    assert_eq!(s.mul_round_ties_down(n), down, "{num}/{den} * {n}");
                }
            }
        }
        assert_eq!(Slope::new(-1, 2).mul_round_ties_up(5), -2); // -2.5
        assert_eq!(Slope::new(1, 2).mul_round_ties_up(5), 3); // 2.5
        assert_eq!(Slope::new(-1, 2).mul_round_ties_down(5), -3);
        assert_eq!(Slope::new(1, 2).mul_round_ties_down(5), 2);
        assert_eq!(Slope::new(3, 2).mul_round_ties_up(1), 2);
        assert_eq!(Slope::new(3, 2).mul_round_ties_down(1), 1);
        assert_eq!(Slope::new(-3, 2).mul_round_ties_up(1), -1);
        assert_eq!(Slope::new(-3, 2).mul_round_ties_down(1), -2);
        assert_eq!(Slope::new(7, 3).mul_round_ties_up(1), 2);
        let big = super::super::field::MAX_REACH;
        assert_eq!(
            Slope::new(2 * big + 1, 2 * big).mul_round_ties_down(big),
            big
        );
        assert_eq!(
            Slope::new(-2 * big - 1, 2 * big).mul_round_ties_up(big),
            -big
        );
    }

    #[test]
    fn stepped_values_are_exact_floors() {
        for num in -30i64..=30 {
            for a in -12i64..=12 {
                for den in 1i64..=9 {
                    let mut s = Stepped::new(num, a, den);
                    let mut w = Stepped::whole(num, a, den);
                    for line in 0..6 {
                        let exact = num + a * line;
                        assert_eq!(s.value, exact.div_euclid(den), "{num}+{a}·{line} / {den}");
                        assert_eq!(s.rem, exact.rem_euclid(den));
                        assert_eq!(s.ceil(), -(-exact).div_euclid(den));
                        let whole = num * den + a * line;
                        assert_eq!(
                            (w.value, w.rem),
                            (whole.div_euclid(den), whole.rem_euclid(den))
                        );
                        s.next(den);
                        w.next(den);
                    }
                }
            }
        }
        let mut c = Stepped::constant(i64::MAX);
        c.next(1 << 40);
        assert_eq!(c.value, i64::MAX);
    }
}
