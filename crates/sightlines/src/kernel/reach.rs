//! The range's shape cut line by line.

use super::field::PRESIZED_REACH;
use crate::range::{Range, Shape};

/// The range cut row by row: at distance `d` from the origin along one axis,
/// the tiles in range reach `at(d)` along the other (every shape is the same
/// along x and y). Built as the scan goes deeper, so a huge radius costs
/// only the rows a scan reaches.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reach {
    table: Vec<i64>,
    range: Range,
    /// For circles: the reach of the last row computed.
    col: i64,
}

impl Reach {
    /// Forgets the rows and cuts `range` from now on.
    pub(crate) fn reset(&mut self, range: Range) {
        if range == self.range && !self.table.is_empty() {
            // The same cut as last time: keep the rows.
            return;
        }
        self.table.clear();
        self.range = range;
        self.col = range.radius().map_or(0, i64::from);
        // Room for every row up front, so that no origin grows it later.
        if let Some(r) = range.radius() {
            self.table
                .reserve((i64::from(r).min(PRESIZED_REACH) + 1) as usize);
        }
    }

    /// How far the range reaches across at distance `d >= 0`; -1 when `d`
    /// is beyond the range.
    #[inline]
    pub(crate) fn at(&mut self, d: i64) -> i64 {
        match self.table.get(d as usize) {
            Some(&reach) => reach,
            None => self.grow(d),
        }
    }

    /// Computes rows up to `d` and some way past it: a scan asks for one
    /// row more at a time, and `can_see` cuts a new square every question,
    /// so one call serves the rows to come (never past the range, nor past
    /// the rows sized up front, so that nothing allocates that did not).
    #[cold]
    fn grow(&mut self, d: i64) -> i64 {
        let Some(r) = self.range.radius() else {
            return i64::MAX;
        };
        let r = i64::from(r);
        if d > r {
            return -1;
        }
        let upto = r.min((2 * d).max(d + 32).min(PRESIZED_REACH.max(d)));
        let shape = self.range.shape();
        // Circles: a tile is in range when x² + y² <= r·(r + plus).
        let plus = i64::from(shape == Shape::CirclePlus);
        let limit = i128::from(r) * i128::from(r + plus);
        while self.table.len() as i64 <= upto {
            let row = self.table.len() as i64;
            let reach = match shape {
                Shape::Square => r,
                Shape::Diamond => r - row,
                _ => {
                    let row2 = i128::from(row) * i128::from(row);
                    while self.col > 0 && i128::from(self.col).pow(2) + row2 > limit {
                        self.col -= 1;
                    }
                    self.col
                }
            };
            self.table.push(reach);
        }
        self.table[d as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_cuts_every_shape_exactly() {
        let mut reach = Reach::default();
        for shape in Shape::ALL {
            for r in 0..20u32 {
                let range = Range::new(r, shape);
                reach.reset(range);
                // Ask rows out of order and twice: the table must not care.
                for d in (0..25i64).rev().chain(0..25) {
                    let want = (0..=25i64)
                        .rev()
                        .find(|&c| range.contains(c, d))
                        .unwrap_or(-1);
                    assert_eq!(reach.at(d), want, "{shape:?} r={r} d={d}");
                }
            }
        }
        reach.reset(Range::UNLIMITED);
        assert_eq!(reach.at(1 << 40), i64::MAX);
        reach.reset(Range::circle(u32::MAX));
        assert_eq!(reach.at(0), i64::from(u32::MAX));
        assert_eq!(reach.at(1), i64::from(u32::MAX) - 1);
    }
}
