//! [`TileBits`], the one bitset: behind [`VisibleSet`](crate::VisibleSet),
//! [`Memory`](crate::Memory) and the ray casts' scratch.

use crate::map::Rect;

/// A rectangle's tiles, a bit each, laid out as [`BitRows`](crate::BitRows):
/// a row's span is filled a word at a time and its tiles are found without a
/// division. Bits past a row's width are always clear.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct TileBits {
    area: Rect,
    words_per_row: usize,
    words: Vec<u64>,
}

impl TileBits {
    /// Empties the bits and makes them cover `area`, reusing the buffer.
    /// Only the part of `area` with `i32` positions is kept.
    pub(crate) fn reset(&mut self, area: Rect) {
        let area = clip_to_i32(area);
        self.area = area;
        self.words_per_row = (area.width as usize).div_ceil(64);
        let needed = self.words_per_row.saturating_mul(area.height as usize);
        self.words.clear();
        self.words.resize(needed, 0);
    }

    /// Empties the bits, keeping the area.
    pub(crate) fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The tiles covered.
    #[inline]
    pub(crate) fn area(&self) -> Rect {
        self.area
    }

    /// How many words make a row.
    #[inline]
    pub(crate) fn words_per_row(&self) -> usize {
        self.words_per_row
    }

    /// The words, row after row.
    #[inline]
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// See [`TileBits::words`]; bits past a row's width must stay clear.
    #[inline]
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Takes `words` as the bits, if they are as many as the area needs and
    /// none is set past a row's width; returns how many are set.
    #[cfg(feature = "serde")]
    pub(crate) fn set_words(&mut self, words: Vec<u64>) -> Result<u64, &'static str> {
        if words.len() != self.words.len() {
            return Err("the wrong number of words");
        }
        let tail = self.area.width % 64;
        let mut ones = 0;
        for (i, &word) in words.iter().enumerate() {
            let last = (i + 1) % self.words_per_row == 0;
            if last && tail != 0 && word >> tail != 0 {
                return Err("bits set past the end of a row");
            }
            ones += u64::from(word.count_ones());
        }
        self.words = words;
        Ok(ones)
    }

    /// The word and bit of tile `(x, y)`, if it is covered.
    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<(usize, u64)> {
        // The area lies within i32 space (see `reset`), so a position left of
        // or above it wraps to a distance at least as large as its size.
        let dx = x.wrapping_sub(self.area.x) as u32;
        let dy = y.wrapping_sub(self.area.y) as u32;
        if dx >= self.area.width || dy >= self.area.height {
            return None;
        }
        Some((
            dy as usize * self.words_per_row + dx as usize / 64,
            1 << (dx % 64),
        ))
    }

    /// Whether tile `(x, y)` is set; false for any tile not covered.
    #[inline]
    pub(crate) fn contains(&self, x: i32, y: i32) -> bool {
        self.index(x, y)
            .is_some_and(|(word, bit)| self.words[word] & bit != 0)
    }

    /// Sets tile `(x, y)`; whether it was covered and clear before.
    #[inline]
    pub(crate) fn insert(&mut self, x: i32, y: i32) -> bool {
        match self.index(x, y) {
            Some((word, bit)) if self.words[word] & bit == 0 => {
                self.words[word] |= bit;
                true
            }
            _ => false,
        }
    }

    /// As [`VisibleSet::insert_span`](crate::VisibleSet::insert_span).
    pub(crate) fn insert_span(&mut self, y: i32, x0: i32, x1: i32) -> usize {
        let dy = i64::from(y) - i64::from(self.area.y);
        let c0 = (i64::from(x0) - i64::from(self.area.x)).max(0);
        let c1 = (i64::from(x1) - i64::from(self.area.x)).min(i64::from(self.area.width) - 1);
        if dy < 0 || dy >= i64::from(self.area.height) || c1 < c0 {
            return 0;
        }
        let mut added = 0;
        let row = self.row_mut(dy as usize);
        let (c0, c1) = (c0 as usize, c1 as usize);
        for (k, word) in row[c0 / 64..=c1 / 64].iter_mut().enumerate() {
            let mask = span_mask(c0 / 64 + k, c0, c1);
            added += (mask & !*word).count_ones() as usize;
            *word |= mask;
        }
        added
    }

    /// The words of row `r` (counted from the area's top).
    #[inline]
    pub(crate) fn row_mut(&mut self, r: usize) -> &mut [u64] {
        let start = r * self.words_per_row;
        &mut self.words[start..start + self.words_per_row]
    }

    /// Sets every tile of `other` inside this area; returns how many were
    /// clear.
    pub(crate) fn union(&mut self, other: &TileBits) -> u64 {
        let mut fresh = 0u64;
        self.overlay(other, |dest, bits| {
            fresh += u64::from((bits & !*dest).count_ones());
            *dest |= bits;
        });
        fresh
    }

    /// Clears every tile of `other` inside this area.
    pub(crate) fn subtract(&mut self, other: &TileBits) {
        self.overlay(other, |dest, bits| *dest &= !bits);
    }

    /// How many tiles are set: the nonzero words' bits (few, in a diff).
    pub(crate) fn count(&self) -> usize {
        self.words
            .iter()
            .filter(|&&w| w != 0)
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Makes these bits a copy of `other`'s, reusing the buffer.
    pub(crate) fn copy_from(&mut self, other: &TileBits) {
        self.area = other.area;
        self.words_per_row = other.words_per_row;
        self.words.clear();
        self.words.extend_from_slice(&other.words);
    }

    /// Calls `op(word, bits)` with each nonzero word of `other` shifted into
    /// place over this area's words, the part outside the area cut off: a
    /// word of `other` at a time, not a tile.
    #[inline]
    fn overlay(&mut self, other: &TileBits, mut op: impl FnMut(&mut u64, u64)) {
        let (va, area) = (other.area, self.area);
        if va.is_empty() || area.is_empty() {
            return;
        }
        // `other`'s column 0 is this area's column 64 * shift_words + shift.
        let dx = i64::from(va.x) - i64::from(area.x);
        let (shift_words, shift) = (dx.div_euclid(64), dx.rem_euclid(64) as u32);
        let last = self.words_per_row as i64 - 1;
        let edge = match area.width % 64 {
            0 => u64::MAX,
            w => (1 << w) - 1,
        };
        // Only the bits that land inside the area's width.
        let fit = |i: i64, bits: u64| if i == last { bits & edge } else { bits };
        let top = i64::from(va.y) - i64::from(area.y);
        for (row, words) in other.words.chunks_exact(other.words_per_row).enumerate() {
            let my_row = top + row as i64;
            if my_row < 0 || my_row >= i64::from(area.height) {
                continue;
            }
            let dest = self.row_mut(my_row as usize);
            for (w, &bits) in words.iter().enumerate() {
                if bits == 0 {
                    continue;
                }
                let i = shift_words + w as i64;
                if (0..=last).contains(&i) {
                    op(&mut dest[i as usize], fit(i, bits << shift));
                }
                if shift > 0 && (0..=last).contains(&(i + 1)) {
                    op(
                        &mut dest[(i + 1) as usize],
                        fit(i + 1, bits >> (64 - shift)),
                    );
                }
            }
        }
    }

    /// Calls `f(r, c0, c1)` for every run of set tiles `c0..=c1` of row `r`
    /// (from the area's corner) within one word, rows first, left to right.
    pub(crate) fn for_each_run(&self, mut f: impl FnMut(usize, usize, usize)) {
        if self.words_per_row == 0 {
            return;
        }
        for (r, row) in self.words.chunks_exact(self.words_per_row).enumerate() {
            for (k, &word) in row.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let lo = bits.trailing_zeros();
                    // The run's length: the ones from `lo` up.
                    let len = (!(bits >> lo)).trailing_zeros();
                    let c0 = k * 64 + lo as usize;
                    f(r, c0, c0 + len as usize - 1);
                    bits &= u64::MAX.checked_shl(lo + len).unwrap_or(0);
                }
            }
        }
    }

    /// The set tiles, by row and then column.
    pub(crate) fn iter(&self) -> Tiles<'_> {
        Tiles {
            bits: self,
            word: 0,
            row: 0,
            col: 0,
            ones: self.words.first().copied().unwrap_or(0),
        }
    }
}

/// The part of `area` whose tiles have `i32` positions.
pub(crate) fn clip_to_i32(area: Rect) -> Rect {
    let width = (i64::from(i32::MAX) - i64::from(area.x) + 1).min(i64::from(area.width)) as u32;
    let height = (i64::from(i32::MAX) - i64::from(area.y) + 1).min(i64::from(area.height)) as u32;
    Rect::new(area.x, area.y, width, height)
}

/// Bits `lo..=hi` (both in `0..64`) of a word.
#[inline(always)]
pub(crate) fn mask(lo: usize, hi: usize) -> u64 {
    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
}

/// The bits of word `w` of a row that fall within columns `c0..=c1`.
#[inline(always)]
pub(crate) fn span_mask(w: usize, c0: usize, c1: usize) -> u64 {
    let lo = if w == c0 / 64 { c0 % 64 } else { 0 };
    let hi = if w == c1 / 64 { c1 % 64 } else { 63 };
    mask(lo, hi)
}

/// Sets bits `c0..=c1` of a row of words.
#[inline]
pub(crate) fn fill_bits(row: &mut [u64], c0: usize, c1: usize) {
    let w0 = c0 / 64;
    for (k, word) in row[w0..=c1 / 64].iter_mut().enumerate() {
        *word |= span_mask(w0 + k, c0, c1);
    }
}

/// The set tiles of a [`TileBits`], by row and then column.
#[derive(Clone, Debug)]
pub(crate) struct Tiles<'a> {
    bits: &'a TileBits,
    /// The word being read, its row and its first column.
    word: usize,
    row: usize,
    col: usize,
    /// Its set bits not yet given.
    ones: u64,
}

impl Iterator for Tiles<'_> {
    type Item = (i32, i32);

    fn next(&mut self) -> Option<(i32, i32)> {
        while self.ones == 0 {
            self.word += 1;
            self.col += 64;
            if self.col >= self.bits.area.width as usize {
                (self.row, self.col) = (self.row + 1, 0);
            }
            self.ones = *self.bits.words.get(self.word)?;
        }
        let col = self.col + self.ones.trailing_zeros() as usize;
        self.ones &= self.ones - 1;
        // Inside the area, so the sums fit in i32.
        Some((
            (i64::from(self.bits.area.x) + col as i64) as i32,
            (i64::from(self.bits.area.y) + self.row as i64) as i32,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_stop_at_word_ends() {
        let mut s = TileBits::default();
        s.reset(Rect::new(0, 0, 130, 2));
        assert_eq!(s.insert_span(1, 60, 129), 70);
        assert_eq!(s.insert_span(0, 3, 3), 1);
        let mut runs = Vec::new();
        s.for_each_run(|r, c0, c1| runs.push((r, c0, c1)));
        assert_eq!(runs, [(0, 3, 3), (1, 60, 63), (1, 64, 127), (1, 128, 129)]);
    }

    #[test]
    fn union_shifts_words_into_place() {
        let mut big = TileBits::default();
        big.reset(Rect::new(-3, 0, 200, 3));
        let mut small = TileBits::default();
        small.reset(Rect::new(-10, 1, 80, 3));
        small.insert_span(1, -10, 69);
        small.insert(-4, 2);
        // Row 1 from -3 to 69, and (-4, 2) is outside `big`.
        assert_eq!(big.union(&small), 73);
        assert_eq!(big.union(&small), 0);
        assert!(big.contains(-3, 1) && big.contains(69, 1) && !big.contains(70, 1));
        assert!(!big.contains(-4, 2));
    }
}
