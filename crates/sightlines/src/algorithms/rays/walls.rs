//! libtcod's wall post-pass, shared by [`basic-raycast`](super::basic_raycast)
//! and [`diamond-raycast`](super::diamond_raycast): the walls next to lit
//! floor that single rays skip at grazing angles.

use super::FieldBits;
use crate::kernel::{Field, Reach, Tiles};
use crate::range::Range;

/// What the rays and the wall post-pass know of the box, in the layout of
/// the lit tiles' [`FieldBits`].
#[derive(Clone, Debug, Default)]
pub(crate) struct BoxMasks {
    /// The tiles of the box within the range's shape.
    pub(super) in_range: FieldBits,
    /// Opaque tiles: on a map with packed rows every one of the box, read
    /// up front; otherwise those asked so far.
    pub(super) walls: FieldBits,
    /// The post-pass's scratch: two rows of the box.
    spread: Vec<u64>,
    /// The field whose box and range `in_range` holds: from an origin as
    /// far from the map's edges as the one before, it is the same.
    in_range_of: Option<(i64, i64, i64, i64, Range)>,
}

impl BoxMasks {
    /// Masks for `field`: its range cut by `reach` and, on a map with packed
    /// rows, its walls (other maps are asked only the tiles a scan needs).
    pub(crate) fn reset<T: Tiles>(&mut self, tiles: &T, field: &Field, reach: &mut Reach) {
        // The box is no larger than the lit tiles' one, which fits.
        let fits = self.walls.reset(field);
        debug_assert!(fits.is_ok());
        let of = (field.left, field.right, field.up, field.down, field.range);
        if self.in_range_of != Some(of) {
            self.in_range_of = Some(of);
            let fits = self.in_range.reset(field);
            debug_assert!(fits.is_ok());
            // The range row by row: the shapes are the same along x and y, so
            // at row `dy` they reach `reach.at(|dy|)` either way.
            for dy in -field.up..=field.down {
                let across = reach.at(dy.abs());
                self.in_range
                    .insert_row(dy, (-across).max(-field.left), across.min(field.right));
            }
        }
        if T::PACKED_ROWS {
            let wpr = self.walls.bits.words_per_row();
            let width = (field.left + field.right + 1) as usize;
            let words = self.walls.bits.words_mut();
            for (r, dy) in (-field.up..=field.down).enumerate() {
                for k in 0..wpr {
                    let len = (width - 64 * k).min(64) as u32;
                    words[r * wpr + k] = tiles.row_bits(64 * k as i64 - field.left, dy, len);
                }
            }
        }
    }
}

/// The post-pass of [`basic-raycast`](super::basic_raycast)'s definition,
/// kept within the range; `masks` must know the opacity of every lit tile.
///
/// Word by word: for a wall `w` the tiles `t` with `|tx| <= |wx|` and
/// `|ty| <= |wy|` among its neighbours are those with `tx` in `{wx, wx -
/// sign(wx)}` (only `wx` on the origin's column) and `ty` likewise. So each
/// row's lit transparent tiles, spread one column away from the origin's
/// column on each side, or-ed with the same of the row one nearer the origin,
/// give the tiles next to one; the walls among them in range and not lit
/// yet are lit. Only those candidates are asked of a map without packed rows.
pub(crate) fn light_walls<T: Tiles>(tiles: &T, masks: &mut BoxMasks, lit: &mut FieldBits) {
    let wpr = lit.bits.words_per_row();
    let oy = lit.up as usize;
    let rows = lit.bits.words().len() / wpr.max(1);
    // Two rows of spread tiles, the row being lit and the one nearer the
    // origin, as the rows go outward from the origin's: up, then down.
    masks.spread.clear();
    masks.spread.resize(2 * wpr, 0);
    light_rows(tiles, masks, lit, (0..=oy).rev());
    light_rows(tiles, masks, lit, oy + 1..rows);
}

/// The post-pass over `rows`, each one farther from the origin's row than
/// the one before, the first next to it (or the origin's own).
fn light_rows<T: Tiles>(
    tiles: &T,
    masks: &mut BoxMasks,
    lit: &mut FieldBits,
    rows: impl Iterator<Item = usize>,
) {
    let wpr = lit.bits.words_per_row();
    let (ox, oy) = (lit.left as usize, lit.up as usize);
    let BoxMasks {
        in_range,
        walls,
        spread,
        ..
    } = masks;
    let (mut near, mut here) = spread.split_at_mut(wpr);
    // The origin's row is the nearer row of its neighbours, and its own.
    spread_row(lit, walls, ox, oy, near);
    for r in rows {
        spread_row(lit, walls, ox, r, here);
        for k in 0..wpr {
            let i = r * wpr + k;
            let candidates = (here[k] | near[k]) & in_range.bits.words()[i] & !lit.bits.words()[i];
            if T::PACKED_ROWS {
                lit.bits.words_mut()[i] |= candidates & walls.bits.words()[i];
            } else {
                let mut bits = candidates;
                while bits != 0 {
                    let col = (64 * k) as i64 + i64::from(bits.trailing_zeros());
                    let (dx, dy) = (col - ox as i64, r as i64 - oy as i64);
                    if tiles.opaque(dx, dy) {
                        // Recorded, so that the row spreads as before.
                        let bit = bits & bits.wrapping_neg();
                        lit.bits.words_mut()[i] |= bit;
                        walls.bits.words_mut()[i] |= bit;
                    }
                    bits &= bits - 1;
                }
            }
        }
        std::mem::swap(&mut near, &mut here);
    }
}

/// Row `r`'s lit transparent tiles, spread one column away from the
/// origin's column `ox` on each side, into `out`.
fn spread_row(lit: &FieldBits, walls: &FieldBits, ox: usize, r: usize, out: &mut [u64]) {
    let wpr = out.len();
    let row = r * wpr;
    let clear = |k: usize| lit.bits.words()[row + k] & !walls.bits.words()[row + k];
    // The bits of word `k`'s columns left of `col` (all 64 past it).
    let below = |col: usize, k: usize| match col.saturating_sub(64 * k) {
        n if n >= 64 => u64::MAX,
        n => (1u64 << n) - 1,
    };
    for (k, out) in out.iter_mut().enumerate() {
        let l = clear(k);
        let before = if k > 0 { clear(k - 1) } else { 0 };
        let after = if k + 1 < wpr { clear(k + 1) } else { 0 };
        // Right of the origin a tile spreads right, left of it left.
        let rightward = (l << 1 | before >> 63) & !below(ox + 1, k);
        let leftward = (l >> 1 | after << 63) & below(ox, k);
        *out = l | rightward | leftward;
    }
}
