//! The ray casts: [`raycast`], [`basic_raycast`] (libtcod's `FOV_BASIC`)
//! and [`diamond_raycast`] (libtcod's `FOV_DIAMOND`).
//!
//! Rays cross each other, so unlike the shadow casts they can reach a tile
//! twice: libtcod's two mark what they reach in [`FieldBits`] and report
//! the marks once at the end, and share its wall post-pass ([`walls`]);
//! [`raycast`] follows runs of rays a line at a time, so it meets each tile
//! once, and through translucent tiles ([`translucent`]) carries a
//! visibility per ray along the same runs.

pub mod basic_raycast;
pub mod diamond_raycast;
pub mod raycast;
mod translucent;
mod walls;

pub use basic_raycast::BasicRaycast;
pub use diamond_raycast::DiamondRaycast;
pub use raycast::Raycast;

use crate::bits::{fill_bits, TileBits};
use crate::error::FovError;
use crate::kernel::{pinched, Field, Sink, Tiles};
use crate::line::{Rounding, Steps};
use crate::visible::checked_area;

/// Calls `f` on the tiles of the border of the box from `x0..=x1` by
/// `y0..=y1` (offsets, the origin inside) whose rays from the origin may
/// take tile `b` (see [`toward`]), each once, until it answers true;
/// whether it did. The border holds the targets of `basic-raycast`'s lines
/// (its range's box; its field casts to all of them) and of `raycast`'s
/// rays (the square ring at `D`).
#[inline(always)]
fn any_on_border_toward(
    (x0, x1, y0, y1): (i64, i64, i64, i64),
    (bx, by): (i64, i64),
    mut f: impl FnMut((i64, i64)) -> bool,
) -> bool {
    // A row at `y = v` or (`column`) a column at `x = v`, from `a` to `c`:
    // the tiles toward `b`.
    let mut side = |column: bool, v: i64, (a, c): (i64, i64)| {
        let (lo, hi) = if column {
            toward(by, bx, v)
        } else {
            toward(bx, by, v)
        };
        (a.max(lo)..=c.min(hi)).any(|u| f(if column { (v, u) } else { (u, v) }))
    };
    // A one-tile-wide box has only its top row and right column.
    side(false, y0, (x0, x1))
        || side(true, x1, (y0 + 1, y1))
        || (y1 > y0 && side(false, y1, (x0, x1 - 1)))
        || (x1 > x0 && side(true, x0, (y0 + 1, y1 - 1)))
}

/// On the side of a box at `v` along one axis, the run of the other
/// coordinate `u` whose rays from the origin may take the tile at `bu`
/// across the side and `bv` along its axis: within `1/2` of it at its own
/// step, so `|u|` from `(2|bu| - 1)·|v| / (2|bv| + 1)` to `(2|bu| + 1)·|v|
/// / (2|bv| - 1)`, whichever axis is major, on `bu`'s side of the axis.
/// Empty (`lo > hi`) when none can.
fn toward(bu: i64, bv: i64, v: i64) -> (i64, i64) {
    if bv.signum() * v.signum() < 0 || (v == 0 && bv != 0) {
        return (1, 0);
    }
    let (bu_abs, bv_abs, v_abs) = (
        i128::from(bu.abs()),
        i128::from(bv.abs()),
        i128::from(v.abs()),
    );
    let lo = ((2 * bu_abs - 1) * v_abs).div_euclid(2 * bv_abs + 1).max(0);
    let hi = if bv_abs == 0 {
        i128::from(i64::MAX)
    } else {
        let d = 2 * bv_abs - 1;
        ((2 * bu_abs + 1) * v_abs + d - 1) / d
    };
    // `lo` is at most `|bu|·|v|`, within i64; `hi` is cut to it.
    let (lo, hi) = (lo as i64, hi.min(i128::from(i64::MAX)) as i64);
    match bu.signum() {
        1 => (lo, hi),
        -1 => (-hi, -lo),
        _ => (-hi, hi),
    }
}

/// Whether some ray from the origin to a tile on the border of box
/// `targets`, stepped with `rounding`, reaches tile `b` (not the origin) of
/// the field: takes it, with no opaque tile before it and, with
/// `block_gaps`, no diagonal step up to it between two walls. The tiles a
/// ray takes before `b` lie no farther from the origin than `b` on either
/// axis, so in the field and in its range whenever `b` is: only walls stop
/// it.
///
/// Each target's ray is asked whether it takes `b` in closed form
/// (`Steps::takes`), so only the rays that do are walked, each up to `b`.
pub(crate) fn some_ray_reaches<T: Tiles>(
    tiles: &T,
    targets: (i64, i64, i64, i64),
    b: (i64, i64),
    rounding: Rounding,
    block_gaps: bool,
) -> bool {
    let reaches = |line: Steps| {
        let mut from = (0, 0);
        for at in line.skip(1) {
            if block_gaps && pinched(tiles, from, at) {
                return false;
            }
            if at == b {
                return true;
            }
            if tiles.opaque(at.0, at.1) {
                return false;
            }
            from = at;
        }
        false
    };
    any_on_border_toward(targets, b, |to| {
        let line = Steps::new(to.0, to.1, rounding);
        line.takes(b) && reaches(line)
    })
}

/// A bit per tile of a field's bounding box, by offset from the origin.
#[derive(Clone, Debug, Default)]
pub(crate) struct FieldBits {
    /// The bits, row by row from the box's top left.
    bits: TileBits,
    /// The origin's column and row in the box.
    left: i64,
    up: i64,
}

impl FieldBits {
    /// Clears the bits and makes them cover `field`'s box, reusing the buffer;
    /// a box can be the whole map, so it may be [`FovError::AreaTooLarge`].
    pub(crate) fn reset(&mut self, field: &Field) -> Result<(), FovError> {
        self.bits.reset(checked_area(field.rect())?);
        self.left = field.left;
        self.up = field.up;
        Ok(())
    }

    /// The bit position of offset `(dx, dy)`: bit `p % 64` of word `p / 64`.
    #[inline]
    pub(crate) fn position(&self, dx: i64, dy: i64) -> usize {
        (dy + self.up) as usize * self.row_stride() + (dx + self.left) as usize
    }

    #[inline]
    fn index(&self, dx: i64, dy: i64) -> (usize, u64) {
        let p = self.position(dx, dy);
        (p / 64, 1 << (p % 64))
    }

    /// How far a bit position moves for one row down.
    #[inline]
    pub(crate) fn row_stride(&self) -> usize {
        self.bits.words_per_row() * 64
    }

    /// Sets the bit of offset `(dx, dy)`; whether it was clear before.
    #[inline]
    pub(crate) fn insert(&mut self, dx: i64, dy: i64) -> bool {
        let (word, bit) = self.index(dx, dy);
        let words = self.bits.words_mut();
        let fresh = words[word] & bit == 0;
        words[word] |= bit;
        fresh
    }

    /// Whether the bit of offset `(dx, dy)` is set.
    #[inline]
    pub(crate) fn contains(&self, dx: i64, dy: i64) -> bool {
        let (word, bit) = self.index(dx, dy);
        self.bits.words()[word] & bit != 0
    }

    /// Clears the bit of offset `(dx, dy)`.
    pub(crate) fn remove(&mut self, dx: i64, dy: i64) {
        let (word, bit) = self.index(dx, dy);
        self.bits.words_mut()[word] &= !bit;
    }

    /// Sets the bits of offsets `(dx0..=dx1, dy)`; none when `dx1 < dx0`.
    pub(crate) fn insert_row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        if dx1 < dx0 {
            return;
        }
        let (c0, c1) = ((dx0 + self.left) as usize, (dx1 + self.left) as usize);
        fill_bits(self.bits.row_mut((dy + self.up) as usize), c0, c1);
    }

    /// Sets the bits of offsets `(dx0 + i, dy)` for the set bits `i` of
    /// `word`; those of offsets outside the box must be clear.
    #[inline(always)]
    pub(crate) fn or_word(&mut self, dy: i64, dx0: i64, word: u64) {
        let c0 = dx0 + self.left;
        let row = self.bits.row_mut((dy + self.up) as usize);
        if c0 < 0 {
            // Bits left of the box are clear.
            row[0] |= word >> -c0;
            return;
        }
        let (k, s) = (c0 as usize / 64, c0 as u32 % 64);
        row[k] |= word << s;
        let spill = if s == 0 { 0 } else { word >> (64 - s) };
        if spill != 0 {
            row[k + 1] |= spill;
        }
    }

    /// Calls `f(dy, dx0, dx1)` for every run of set bits `(dx0..=dx1, dy)`
    /// within a word, rows first, left to right.
    pub(crate) fn for_each_run(&self, mut f: impl FnMut(i64, i64, i64)) {
        let (up, left) = (self.up, self.left);
        self.bits
            .for_each_run(|r, c0, c1| f(r as i64 - up, c0 as i64 - left, c1 as i64 - left));
    }
}

/// Marks, for the scans that report through them (see `shut_centers`).
impl Sink for FieldBits {
    #[inline]
    fn tile(&mut self, dx: i64, dy: i64) {
        self.insert(dx, dy);
    }

    #[inline]
    fn row(&mut self, dy: i64, dx0: i64, dx1: i64) {
        self.insert_row(dy, dx0, dx1);
    }
}

impl FieldBits {
    /// Reports the marks to `sink`: the origin first, then run by run. The
    /// origin's mark is cleared.
    pub(crate) fn report<S: Sink>(&mut self, sink: &mut S) {
        sink.tile(0, 0);
        self.remove(0, 0);
        self.for_each_run(|dy, dx0, dx1| sink.row(dy, dx0, dx1));
    }
}

/// Maps the ray casts' tests share.
#[cfg(test)]
pub(crate) mod test_maps {
    use crate::generate::SplitMix64;
    use crate::kernel::Visit;
    use crate::map::{Opacity, Rect};
    use crate::{Grid, Range, Shape};
    use std::collections::BTreeSet;

    /// The positions `scan` reports through a [`Visit`] from `origin`,
    /// checked to come once each, the origin first.
    pub(crate) fn reported_once(
        origin: (i32, i32),
        scan: impl FnOnce(&mut Visit<&mut dyn FnMut(i32, i32)>),
    ) -> BTreeSet<(i32, i32)> {
        let mut order = Vec::new();
        let mut push = |x, y| order.push((x, y));
        scan(&mut Visit::new(&mut push, origin));
        assert_eq!(order.first(), Some(&origin));
        let set: BTreeSet<_> = order.iter().copied().collect();
        assert_eq!(set.len(), order.len(), "a tile reported twice");
        set
    }

    /// A grid read tile by tile: the scans' other reader.
    pub(crate) struct Unpacked<'a>(pub(crate) &'a Grid);

    impl Opacity for Unpacked<'_> {
        fn is_opaque(&self, x: i32, y: i32) -> bool {
            self.0.is_opaque(x, y)
        }

        fn bounds(&self) -> Option<Rect> {
            Some(self.0.rect())
        }
    }

    /// An unbounded map whose tiles are walls with chance `percent` in
    /// 100, from a hash of the position and `seed`.
    pub(crate) fn hashed_walls(seed: u64, percent: u64) -> impl Fn(i32, i32) -> bool {
        move |x, y| SplitMix64::new(seed ^ (x as u64) << 32 ^ y as u64).next_u64() % 100 < percent
    }

    /// An origin on a `w` x `h` map, on or near its edges half the time.
    pub(crate) fn origin_near_edges(rng: &mut SplitMix64, w: u32, h: u32) -> (i32, i32) {
        let mut pick = |len: u32| match rng.below(4) {
            0 => 0,
            1 => len - 1,
            _ => rng.below(len),
        };
        (pick(w) as i32, pick(h) as i32)
    }

    /// Unlimited one time in six, else a radius below `below` in one of
    /// the shapes.
    pub(crate) fn random_range(rng: &mut SplitMix64, below: u32) -> Range {
        match rng.below(6) {
            0 => Range::UNLIMITED,
            k => Range::new(
                rng.below(below),
                Shape::ALL[(k as usize - 1) % Shape::ALL.len()],
            ),
        }
    }

    /// A `w` x `h` grid, each tile a wall with chance `percent` in 100.
    pub(crate) fn random_grid(rng: &mut SplitMix64, w: u32, h: u32, percent: u32) -> Grid {
        let mut g = Grid::new(w, h);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                g.set(x, y, rng.percent(percent));
            }
        }
        g
    }
}
