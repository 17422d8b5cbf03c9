//! Reading a hex field's walls: hex by hex from any map ([`Asked`]), or from
//! a window of the range copied out of a packed map once per call
//! ([`HexWindow`]), where a hex is a bit index and the next hex along a
//! ring is one addition. Scans are generic over the reader, so each gets
//! its own compiled loop.

use super::coord::Layout;
use super::field::HexField;
use super::map::HexOpacity;
use crate::bits::mask;
use crate::map::Rect;
use crate::visible::VisibleSet;

/// A field's hexes as a scan reads them, walking rings.
pub(crate) trait HexTiles {
    /// Where a hex is in the reader.
    type At: Copy;
    /// A step between neighbouring hexes, in the reader's terms.
    type Step: Copy;

    /// The hex at offset `(dq, dr)` from the origin, within the range.
    fn at(&self, dq: i64, dr: i64) -> Self::At;
    /// The step of axial offset `(sq, sr)`.
    fn step(&self, sq: i64, sr: i64) -> Self::Step;
    /// `at` moved by `step`; it may leave the range, if it is not read.
    fn advance(&self, at: Self::At, step: Self::Step) -> Self::At;
    /// `at` moved by `k` steps, as [`advance`](Self::advance).
    fn advance_by(&self, at: Self::At, step: Self::Step, k: i64) -> Self::At;
    /// Whether the hex blocks sight, or `None` off the map.
    fn read(&self, at: Self::At) -> Option<bool>;
}

/// Any map, asked hex by hex (from its packed bits when it has them).
pub(crate) struct Asked<'f, 'm, M: ?Sized>(pub(crate) &'f HexField<'m, M>);

impl<M: HexOpacity + ?Sized> HexTiles for Asked<'_, '_, M> {
    type At = (i64, i64);
    type Step = (i64, i64);

    #[inline]
    fn at(&self, dq: i64, dr: i64) -> (i64, i64) {
        (dq, dr)
    }

    #[inline]
    fn step(&self, sq: i64, sr: i64) -> (i64, i64) {
        (sq, sr)
    }

    #[inline]
    fn advance(&self, at: (i64, i64), step: (i64, i64)) -> (i64, i64) {
        (at.0 + step.0, at.1 + step.1)
    }

    #[inline]
    fn advance_by(&self, at: (i64, i64), step: (i64, i64), k: i64) -> (i64, i64) {
        (at.0 + k * step.0, at.1 + k * step.1)
    }

    #[inline]
    fn read(&self, at: (i64, i64)) -> Option<bool> {
        self.0.read(at.0, at.1).map(|(_, _, opaque)| opaque)
    }
}

/// The most bits a [`HexWindow`] holds (512 KiB a plane): ranges past it
/// are asked hex by hex, so scratch stays proportional to common ranges.
const MAX_WINDOW_BITS: i64 = 1 << 22;

/// The axial box `[-n, n]²` around the origin, two bits a hex (on the map;
/// blocks sight), copied from a map's packed rows. Offset `(dq, dr)` is bit
/// `(dr + n)·stride + dq + n`, so a ring's next hex is a fixed step. Rows
/// start on a word, as a [`VisibleSet`]'s do: over the
/// same box, a hex has the same bit in both. A third plane of the same
/// layout takes what a scan shows when the range is cut by the map's edge.
#[derive(Clone, Debug, Default)]
pub(crate) struct HexWindow {
    /// Every hex of the window's range is on the map: `on` and `shown`
    /// are then unused.
    inside: bool,
    on: Vec<u64>,
    /// A hex off the map is a wall here.
    wall: Vec<u64>,
    shown: Vec<u64>,
    n: i64,
    stride: i64,
}

impl HexWindow {
    /// Copies `field`'s range, if its map packs its rows in an `-r` layout
    /// (an axial row is then a run of one offset row) and the box is within
    /// [`MAX_WINDOW_BITS`]; false otherwise, leaving the window unusable.
    pub(crate) fn fill<M: HexOpacity + ?Sized>(&mut self, field: &HexField<'_, M>) -> bool {
        let Some(bits) = field.bits() else {
            return false;
        };
        let bounds = bits.bounds();
        if !matches!(bounds.layout, Layout::OddR | Layout::EvenR) {
            return false;
        }
        // Sized from the span, which bounds the rings from every origin
        // of this map and range: one warm-up serves them all, and whether
        // a window is used does not depend on the origin.
        let most = 2 * field.span as i64 + 1;
        if (most + 63) / 64 * 64 > MAX_WINDOW_BITS / most {
            return false;
        }
        let capacity = ((most + 63) / 64 * most) as usize;
        let n = field.rings as i64;
        let words_per_row = ((2 * n + 1 + 63) / 64) as usize;
        let words = words_per_row * (2 * n + 1) as usize;
        (self.n, self.stride, self.inside) = (n, 64 * words_per_row as i64, field.inside);
        for plane in [&mut self.wall, &mut self.on, &mut self.shown] {
            if plane.capacity() < capacity {
                plane.reserve(capacity - plane.len());
            }
        }
        if self.wall.len() < words {
            self.wall.resize(words, 0);
        }
        if !self.inside {
            if self.on.len() < words {
                self.on.resize(words, 0);
            }
            self.shown.clear();
            self.shown.resize(words, 0);
        }
        let (q0, r0) = (i64::from(field.origin.0), i64::from(field.origin.1));
        let (x, y) = (i64::from(bounds.rect.x), i64::from(bounds.rect.y));
        let (width, height) = (i64::from(bounds.rect.width), i64::from(bounds.rect.height));
        // Row `r` of an `-r` layout starts at column `q + ⌊(r + e)/2⌋`, `e`
        // = 1 for even-r: the offset formulas of `Layout`, as a shift.
        let e = i64::from(bounds.layout == Layout::EvenR);
        let row_bits = bits.row_bits();
        let (wall, on) = (&mut self.wall[..words], &mut self.on[..]);
        for row in 0..2 * n as usize + 1 {
            // The offset column of the row's first window hex, from the
            // map's left edge (`q + ⌊(r + e)/2⌋` for an `-r` layout), and
            // its bit in the map's rows laid end to end.
            let r = r0 - n + row as i64;
            let (j, first) = (r - y, q0 - n + ((r + e) >> 1) - x);
            let p = j * row_bits + first;
            let base = row * words_per_row;
            let window_row = &mut wall[base..base + words_per_row];
            if self.inside {
                // Every row of the range is on the map, but not the box's
                // corners past it: their bits, read from the map's
                // neighbouring columns or rows, are never read.
                bits.copy_from(p, window_row);
                continue;
            }
            let on_row = &mut on[base..base + words_per_row];
            if j < 0 || j >= height {
                window_row.fill(!0);
                on_row.fill(0);
                continue;
            }
            bits.copy_from(p, window_row);
            // The window's columns on the map: `0..width` of the map's.
            let (lo, hi) = ((-first).max(0), (width - 1 - first).min(2 * n));
            for (k, (word, on)) in (0..).zip(window_row.iter_mut().zip(on_row)) {
                let k = 64 * k;
                let (from, to) = (lo.max(k), hi.min(k + 63));
                let cut = if from <= to {
                    mask((from - k) as usize, (to - k) as usize)
                } else {
                    0
                };
                *word = *word & cut | !cut;
                *on = cut;
            }
        }
        true
    }

    /// How many bits a row of the window takes: a whole number of words.
    pub(crate) fn stride(&self) -> i64 {
        self.stride
    }

    /// The window's walls as a reader.
    #[inline]
    fn walls(&self) -> Walls<'_> {
        Walls::new(&self.wall, self.n, self.stride)
    }

    /// The window's walls as a reader, and its plane for what a scan
    /// shows when the range is cut by the map's edge (clear since `fill`).
    pub(crate) fn split(&mut self) -> (Walls<'_>, &mut [u64]) {
        (Walls::new(&self.wall, self.n, self.stride), &mut self.shown)
    }

    /// Puts what a scan showed in the plane of [`split`](Self::split), cut
    /// to the hexes on the map, into `seen`, reset to `area` (within the
    /// window's box around `origin`); `seen`'s count is left to the caller.
    pub(crate) fn show(&self, seen: &mut VisibleSet, area: Rect, origin: (i32, i32)) {
        let words_per_row = seen.words_per_row();
        let words = seen.words_mut();
        let (q0, r0) = (i64::from(origin.0), i64::from(origin.1));
        // The window's bit column of the area's first column.
        let left = i64::from(area.x) - (q0 - self.n);
        let width = area.width as usize;
        for y in 0..area.height as usize {
            let dr = i64::from(area.y) + y as i64 - r0;
            let from = ((dr + self.n) * self.stride + left) as usize;
            for (k, word) in words[y * words_per_row..][..words_per_row]
                .iter_mut()
                .enumerate()
            {
                let len = (width - 64 * k).min(64);
                let at = from + 64 * k;
                *word = read(&self.shown, at, len) & read(&self.on, at, len);
            }
        }
    }
}

/// The `len` (1 to 64) bits of `row` from bit `i` (a plane's too).
#[inline]
fn read(row: &[u64], i: usize, len: usize) -> u64 {
    let (w, s) = (i / 64, i % 64);
    let mut bits = row[w] >> s;
    if s != 0 && w + 1 < row.len() {
        bits |= row[w + 1] << (64 - s);
    }
    bits & mask(0, len - 1)
}

/// The window's walls, cut to the map by `on`: hexes off the map read as
/// `None`. Places and steps are its [`Walls`]'.
impl HexTiles for HexWindow {
    type At = i64;
    type Step = i64;

    #[inline]
    fn at(&self, dq: i64, dr: i64) -> i64 {
        self.walls().at(dq, dr)
    }

    #[inline]
    fn step(&self, sq: i64, sr: i64) -> i64 {
        self.walls().step(sq, sr)
    }

    #[inline]
    fn advance(&self, at: i64, step: i64) -> i64 {
        at + step
    }

    #[inline]
    fn advance_by(&self, at: i64, step: i64, k: i64) -> i64 {
        at + k * step
    }

    #[inline]
    fn read(&self, at: i64) -> Option<bool> {
        if !self.inside && self.on[at as usize / 64] >> (at as u64 % 64) & 1 == 0 {
            return None;
        }
        self.walls().read(at)
    }
}

/// A window's walls alone: a read is one bit, and a hex off the map reads
/// as a wall, so a scan that shows walls must cut what it shows to the map.
#[derive(Clone, Copy)]
pub(crate) struct Walls<'w> {
    wall: &'w [u64],
    n: i64,
    stride: i64,
}

impl<'w> Walls<'w> {
    #[inline]
    fn new(wall: &'w [u64], n: i64, stride: i64) -> Walls<'w> {
        Walls { wall, n, stride }
    }

    /// The reader cut to its first `len` words (`len` at most
    /// [`len`](Self::len)): a plane cut to the same length then needs no
    /// bounds check of its own.
    #[inline]
    pub(crate) fn cut(self, len: usize) -> Walls<'w> {
        Walls {
            wall: &self.wall[..len],
            ..self
        }
    }

    /// How many words the reader holds.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.wall.len()
    }
}

impl HexTiles for Walls<'_> {
    type At = i64;
    type Step = i64;

    #[inline]
    fn at(&self, dq: i64, dr: i64) -> i64 {
        (dr + self.n) * self.stride + dq + self.n
    }

    #[inline]
    fn step(&self, sq: i64, sr: i64) -> i64 {
        sr * self.stride + sq
    }

    #[inline]
    fn advance(&self, at: i64, step: i64) -> i64 {
        at + step
    }

    #[inline]
    fn advance_by(&self, at: i64, step: i64, k: i64) -> i64 {
        at + k * step
    }

    #[inline]
    fn read(&self, at: i64) -> Option<bool> {
        Some(self.wall[at as usize / 64] >> (at as u64 % 64) & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexGrid;

    #[test]
    fn the_window_reads_as_the_map() {
        // A map wider than a word, so rows are copied in pieces across
        // word ends, with origins near every edge.
        for layout in [Layout::OddR, Layout::EvenR] {
            let mut grid = HexGrid::new(150, 9, layout);
            let mut seed = 7u64;
            for c in 0..150 {
                for w in 0..9 {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    grid.set_offset(c, w, seed >> 60 < 5);
                }
            }
            // One window for every call, as a scan keeps it: what one call
            // leaves must not leak into the next.
            let mut window = HexWindow::default();
            for (c, w) in [(0, 0), (149, 8), (70, 4), (63, 1), (64, 7), (3, 3)] {
                let origin = grid.to_axial(c, w).unwrap();
                for radius in [1, 5, 40, 70, 3] {
                    let field = HexField::new(&grid, origin, Some(radius)).unwrap();
                    assert!(window.fill(&field));
                    let asked = Asked(&field);
                    let n = field.rings as i64;
                    // The range: the box's corners past it are never read.
                    for dq in -n..=n {
                        for dr in (-n).max(-n - dq)..=n.min(n - dq) {
                            let want = asked.read(asked.at(dq, dr));
                            assert_eq!(
                                window.read(window.at(dq, dr)),
                                want,
                                "{layout} from {origin:?} r{radius} at {dq},{dr}"
                            );
                            let walls = window.split().0;
                            assert_eq!(walls.read(walls.at(dq, dr)), Some(want.unwrap_or(true)));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn only_packed_r_layouts_within_the_cap_get_a_window() {
        let grid = HexGrid::new(4, 4, Layout::OddQ);
        let field = HexField::new(&grid, (1, 1), Some(2)).unwrap();
        assert!(!HexWindow::default().fill(&field));
        let open = |_: i32, _: i32| false;
        let field = HexField::new(&open, (0, 0), Some(2)).unwrap();
        assert!(!HexWindow::default().fill(&field));
        let long = HexGrid::new(3000, 2, Layout::OddR);
        let field = HexField::new(&long, (0, 0), Some(5)).unwrap();
        assert!(HexWindow::default().fill(&field));
        let field = HexField::new(&long, (0, 0), None).unwrap();
        assert!(!HexWindow::default().fill(&field));
    }
}
