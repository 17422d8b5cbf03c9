//! Reading a field's walls: tile by tile from any map ([`Asked`]), or a word
//! of 64 tiles at a time from a map that keeps its opacity packed
//! ([`Packed`], [`Lines`]). Algorithms are generic over the reader, so each
//! gets its own compiled scan.

use super::field::Field;
use super::octant::Octant;
use crate::map::{BitColumns, BitRows, Opacity};

/// A field's tiles as an algorithm reads them: by offset from the origin.
pub(crate) trait Tiles {
    /// Whether [`row_bits`](Tiles::row_bits) reads packed words rather
    /// than asking tile by tile: reading tiles no scan needs is then cheap,
    /// and asks the map nothing.
    const PACKED_ROWS: bool = false;

    /// Whether the tile at offset `(dx, dy)` blocks sight (offsets between
    /// `i32` positions; tiles off a bounded map block).
    fn opaque(&self, dx: i64, dy: i64) -> bool;

    /// The opacity of the `len` (1 to 64) tiles from offset `(dx, dy)`
    /// rightwards: bit `i` is tile `(dx + i, dy)`.
    #[inline]
    fn row_bits(&self, dx: i64, dy: i64, len: u32) -> u64 {
        ask_row(self, dx, dy, len)
    }

    /// The opacity of the `len` (1 to 64) tiles from offset `(dx, dy)`
    /// going down (`step` 1) or up (`step` -1): bit `i` is tile
    /// `(dx, dy + step·i)`.
    #[inline]
    fn column_bits(&self, dx: i64, dy: i64, step: i64, len: u32) -> u64 {
        ask_column(self, dx, dy, step, len)
    }

    /// The map's rows and columns that it keeps packed over the whole of
    /// `field`, as [`Lines`]: the fastest way to read them.
    #[inline]
    fn lines(&self, _field: &Field) -> FieldLines<'_> {
        FieldLines::default()
    }

    /// [`lines`](Tiles::lines) over the rectangle between the origin and
    /// offset `to` (on `field`): what a walk along the sight line from the
    /// origin to `to` reads, and `can_see`'s first facts with it.
    #[inline]
    fn lines_to(&self, field: &Field, to: (i64, i64)) -> FieldLines<'_> {
        self.lines(&field.cut_to_rectangle(to))
    }

    /// [`lines_to`](Tiles::lines_to) for `octant`'s scan alone
    /// ([`FieldLines::of`]), where only one of the two is read.
    #[inline]
    fn octant_lines_to(&self, field: &Field, to: (i64, i64), octant: Octant) -> Option<Lines<'_>> {
        self.lines_to(field, to).of(octant)
    }

    /// The opacity of the tiles (`depth`, `c0..c0 + len`) of `octant`,
    /// `len` from 1 to 64, in the scan's order: bit `i` is column `c0 + i`.
    #[inline(always)]
    fn octant_bits(&self, octant: Octant, depth: i64, c0: i64, len: u32) -> u64 {
        debug_assert!((1..=64).contains(&len));
        let (x, y) = octant.offset(depth, c0);
        if octant.xy == 0 {
            self.column_bits(x, y, octant.yy, len)
        } else if octant.xy > 0 {
            self.row_bits(x, y, len)
        } else {
            // Columns run leftward: read from the leftmost and mirror.
            let bits = self.row_bits(x - i64::from(len) + 1, y, len);
            bits.reverse_bits() >> (64 - len)
        }
    }
}

/// [`Tiles::row_bits`] asked tile by tile.
#[inline]
fn ask_row<T: Tiles + ?Sized>(tiles: &T, dx: i64, dy: i64, len: u32) -> u64 {
    let mut bits = 0;
    for i in 0..len {
        bits |= u64::from(tiles.opaque(dx + i64::from(i), dy)) << i;
    }
    bits
}

/// [`Tiles::column_bits`] asked tile by tile.
#[inline]
fn ask_column<T: Tiles + ?Sized>(tiles: &T, dx: i64, dy: i64, step: i64, len: u32) -> u64 {
    let mut bits = 0;
    for i in 0..len {
        bits |= u64::from(tiles.opaque(dx, dy + step * i64::from(i))) << i;
    }
    bits
}

/// The lines of a field that a map keeps packed: see [`Tiles::lines`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FieldLines<'a> {
    /// The field's rows of the map, from the top down.
    rows: Option<Lines<'a>>,
    /// The field's columns of the map, from the left.
    columns: Option<Lines<'a>>,
}

impl<'a> FieldLines<'a> {
    /// Whether both the rows and the columns are packed over the field, so
    /// that [`FieldLines::of`] gives every octant's lines.
    #[inline]
    pub(crate) fn complete(&self) -> bool {
        self.rows.is_some() && self.columns.is_some()
    }

    /// The lines of `octant`'s scan, each a row or a column of the map, if
    /// they are packed.
    #[inline(always)]
    pub(crate) fn of(&self, octant: Octant) -> Option<Lines<'a>> {
        let lines = if octant.xy != 0 {
            self.rows
        } else {
            self.columns
        };
        lines.map(|l| l.along(octant))
    }
}

/// The lines of one octant's scan (or one quadrant's) read straight from a
/// map's packed words, each line of the scan being a row or a column of the
/// map: no checks but the slice's own, since [`Tiles::lines`] gives them
/// only when every line the scan can reach is in the words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lines<'a> {
    words: &'a [u64],
    /// The index of the first word of the origin's line, and how far it
    /// moves for a unit of depth.
    line0: i64,
    line_step: i64,
    /// The origin's bit position along its line.
    pos0: i64,
}

impl Lines<'_> {
    /// These lines (the map's rows, or its columns, origin's line first)
    /// stepped the way `octant`'s depth runs along them.
    #[inline(always)]
    fn along(self, octant: Octant) -> Self {
        let dir = if octant.xy != 0 { octant.yx } else { octant.xx };
        Lines {
            line_step: self.line_step * dir,
            ..self
        }
    }

    /// The opacity of the `len` (1 to 64) tiles of the line `depth` away
    /// from the origin's, from the one `lowest` positions along from the
    /// origin's (to the right on a row, down on a column): bit `i` is the
    /// tile `lowest + i`. Bits from `len` up are left as the words have them
    /// (other tiles of the line): callers mask them off.
    #[inline(always)]
    fn read(&self, depth: i64, lowest: i64, len: u32) -> u64 {
        debug_assert!((1..=64).contains(&len));
        let p = self.pos0 + lowest;
        debug_assert!(p >= 0);
        let at = (self.line0 + depth * self.line_step + (p >> 6)) as usize;
        let shift = (p & 63) as u32;
        let mut bits = self.words[at] >> shift;
        // The tiles past the first word, when the span crosses into the next.
        if shift + len > 64 {
            bits |= self.words[at + 1] << (64 - shift);
        }
        bits
    }

    /// Whether the tile (`depth`, `col`) of `octant` is opaque.
    #[inline(always)]
    pub(crate) fn octant_tile(&self, octant: Octant, depth: i64, col: i64) -> bool {
        OctantRows::bits(self, octant, depth, col, 1) & 1 != 0
    }
}

/// How a scan reads its lines of walls: straight from [`Lines`], or through
/// any [`Tiles`] ([`ByTile`]). Each scan is compiled for both.
pub(crate) trait OctantRows {
    /// Whether reading tiles a scan may not need is cheap and asks the map
    /// nothing (packed words), so that a scan can read ahead a word at a time.
    const PACKED: bool;

    /// The opacity of the tiles (`depth`, `c0..c0 + len`) of `octant`, in
    /// the map's order: bit 0 is the tile with the smallest x (on a row of
    /// the map) or y (on a column), so no bits are mirrored
    /// ([`Octant::runs_forward`] says which way the columns go). The bits
    /// from `len` up may be set (the scan looks at the `len` low bits only).
    fn bits(&self, octant: Octant, depth: i64, c0: i64, len: u32) -> u64;

    /// The same tiles in the scan's order, as [`Tiles::octant_bits`]: bit
    /// `i` is column `c0 + i`, and the bits from `len` up are clear.
    #[inline(always)]
    fn octant_bits(&self, octant: Octant, depth: i64, c0: i64, len: u32) -> u64 {
        let bits = self.bits(octant, depth, c0, len);
        if octant.runs_forward() {
            bits & u64::MAX >> (64 - len)
        } else {
            bits.reverse_bits() >> (64 - len)
        }
    }

    /// The same tiles as [`octant_bits`](OctantRows::octant_bits) in the
    /// map's order, not mirrored, the bits from `len` up clear: for the
    /// questions that count walls (any, all) and not which.
    #[inline(always)]
    fn unordered_bits(&self, octant: Octant, depth: i64, c0: i64, len: u32) -> u64 {
        self.bits(octant, depth, c0, len) & u64::MAX >> (64 - len)
    }

    /// Whether the tile (`depth`, `col`) of `octant` is opaque.
    #[inline(always)]
    fn opaque_at(&self, octant: Octant, depth: i64, col: i64) -> bool {
        self.bits(octant, depth, col, 1) & 1 != 0
    }

    /// Whether the diagonal step from (`depth`, `col`) to (`depth + 1`,
    /// `col + 1`) of `octant` passes a blocking corner: the two tiles
    /// beside it, both within `max_depth` and `max_col`, are opaque
    /// ([`DiagonalGaps::Block`](crate::DiagonalGaps::Block)).
    #[inline(always)]
    fn corner_shut(&self, octant: Octant, depth: i64, col: i64, max: (i64, i64)) -> bool {
        depth < max.0
            && col < max.1
            && self.opaque_at(octant, depth, col + 1)
            && self.opaque_at(octant, depth + 1, col)
    }
}

impl OctantRows for Lines<'_> {
    const PACKED: bool = true;

    #[inline(always)]
    fn bits(&self, octant: Octant, depth: i64, c0: i64, len: u32) -> u64 {
        let lowest = if octant.runs_forward() {
            c0
        } else {
            -(c0 + i64::from(len) - 1)
        };
        self.read(depth, lowest, len)
    }
}

/// Lines of walls read through [`Tiles`].
pub(crate) struct ByTile<'t, T>(pub(crate) &'t T);

impl<T: Tiles> OctantRows for ByTile<'_, T> {
    const PACKED: bool = T::PACKED_ROWS;

    #[inline(always)]
    fn bits(&self, octant: Octant, depth: i64, c0: i64, len: u32) -> u64 {
        debug_assert!((1..=64).contains(&len));
        let (x, y) = octant.offset(depth, c0);
        let back = i64::from(len) - 1;
        if octant.xy != 0 {
            let x = if octant.xy > 0 { x } else { x - back };
            self.0.row_bits(x, y, len)
        } else {
            let y = if octant.yy > 0 { y } else { y - back };
            self.0.column_bits(x, y, 1, len)
        }
    }

    /// Read in the scan's order, a column without mirroring.
    #[inline(always)]
    fn octant_bits(&self, octant: Octant, depth: i64, c0: i64, len: u32) -> u64 {
        self.0.octant_bits(octant, depth, c0, len)
    }
}

/// Tiles asked one by one of the map.
pub(crate) struct Asked<'a, M: ?Sized> {
    map: &'a M,
    origin: (i64, i64),
}

impl<'a, M: Opacity + ?Sized> Asked<'a, M> {
    pub(crate) fn new(map: &'a M, origin: (i32, i32)) -> Asked<'a, M> {
        Asked {
            map,
            origin: (i64::from(origin.0), i64::from(origin.1)),
        }
    }
}

impl<M: Opacity + ?Sized> Tiles for Asked<'_, M> {
    #[inline]
    fn opaque(&self, dx: i64, dy: i64) -> bool {
        let (x, y) = (self.origin.0 + dx, self.origin.1 + dy);
        match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => self.map.is_opaque(x, y),
            // Outside i32 space nothing exists: it blocks like an edge.
            _ => true,
        }
    }
}

/// Tiles read from a map's [`BitRows`] (and [`BitColumns`], when it has
/// them); tiles outside them are asked.
pub(crate) struct Packed<'a, M: ?Sized> {
    rows: BitRows<'a>,
    /// The origin relative to the rows' top-left tile.
    at: (i64, i64),
    /// The columns, as the rows of the transposed map, and the origin's
    /// column and row relative to their top-left tile.
    columns: Option<(BitRows<'a>, (i64, i64))>,
    asked: Asked<'a, M>,
}

impl<'a, M: Opacity + ?Sized> Packed<'a, M> {
    pub(crate) fn new(map: &'a M, rows: BitRows<'a>, origin: (i32, i32)) -> Packed<'a, M> {
        let (x, y) = (i64::from(origin.0), i64::from(origin.1));
        let columns = map.bit_columns().map(|c: BitColumns<'a>| {
            let t = c.transposed();
            // Transposed: rows are the map's columns, from its left edge.
            let r = t.rect();
            (t, (x - i64::from(r.y), y - i64::from(r.x)))
        });
        let r = rows.rect();
        Packed {
            rows,
            at: (x - i64::from(r.x), y - i64::from(r.y)),
            columns,
            asked: Asked::new(map, origin),
        }
    }

    #[cold]
    fn asked_row(&self, dx: i64, dy: i64, len: u32) -> u64 {
        ask_row(self, dx, dy, len)
    }

    /// The map's rows as [`Lines`], if they hold every tile of `field`.
    #[inline]
    fn rows_over(&self, field: &Field) -> Option<Lines<'a>> {
        lines_through(
            &self.rows,
            self.at,
            (field.left, field.right, field.up, field.down),
        )
    }

    /// The map's columns as [`Lines`], if it keeps them and they hold every
    /// tile of `field`.
    #[inline]
    fn columns_over(&self, field: &Field) -> Option<Lines<'a>> {
        // Transposed: a column's position is its y, its line its x.
        let (up, down, left, right) = (field.up, field.down, field.left, field.right);
        self.columns
            .as_ref()
            .and_then(|(bits, (x, y))| lines_through(bits, (*y, *x), (up, down, left, right)))
    }
}

/// The lines of `bits` through (`pos`, `line`), the origin in their frame,
/// if they hold every tile from `before` positions before it to `after`
/// after, and from `above` lines above to `below` below.
#[inline]
fn lines_through<'a>(
    bits: &BitRows<'a>,
    (pos, line): (i64, i64),
    (before, after, above, below): (i64, i64, i64, i64),
) -> Option<Lines<'a>> {
    let rect = bits.rect();
    let inside = pos - before >= 0
        && pos + after < i64::from(rect.width)
        && line - above >= 0
        && line + below < i64::from(rect.height);
    let (words, words_per_row) = bits.words();
    let stride = words_per_row as i64;
    inside.then_some(Lines {
        words,
        line0: line * stride,
        line_step: stride,
        pos0: pos,
    })
}

impl<'a, M: Opacity + ?Sized> Tiles for Packed<'a, M> {
    const PACKED_ROWS: bool = true;

    #[inline]
    fn opaque(&self, dx: i64, dy: i64) -> bool {
        match self.rows.span(self.at.1 + dy, self.at.0 + dx, 1) {
            Some(bit) => bit == 1,
            None => self.asked.opaque(dx, dy),
        }
    }

    #[inline(always)]
    fn row_bits(&self, dx: i64, dy: i64, len: u32) -> u64 {
        match self.rows.span(self.at.1 + dy, self.at.0 + dx, len) {
            Some(bits) => bits,
            // Partly off the bits: tile by tile.
            None => self.asked_row(dx, dy, len),
        }
    }

    fn lines(&self, field: &Field) -> FieldLines<'_> {
        FieldLines {
            rows: self.rows_over(field),
            columns: self.columns_over(field),
        }
    }

    #[inline]
    fn octant_lines_to(&self, field: &Field, to: (i64, i64), octant: Octant) -> Option<Lines<'_>> {
        let field = field.cut_to_rectangle(to);
        let lines = if octant.xy != 0 {
            self.rows_over(&field)
        } else {
            self.columns_over(&field)
        };
        lines.map(|l| l.along(octant))
    }

    #[inline(always)]
    fn column_bits(&self, dx: i64, dy: i64, step: i64, len: u32) -> u64 {
        if let Some((columns, at)) = &self.columns {
            // A column of the map is a row of the transposed bits, read from
            // its top end and mirrored when it runs up.
            let first = if step > 0 {
                dy
            } else {
                dy - i64::from(len) + 1
            };
            if let Some(bits) = columns.span(at.0 + dx, at.1 + first, len) {
                return if step > 0 {
                    bits
                } else {
                    bits.reverse_bits() >> (64 - len)
                };
            }
        } else {
            // Only rows: one bit from each row's word.
            let col = self.at.0 + dx;
            let (first, last) = (self.at.1 + dy, self.at.1 + dy + step * (i64::from(len) - 1));
            let rect = self.rows.rect();
            let (words, words_per_row) = self.rows.words();
            if (col as u64) < u64::from(rect.width)
                && first.min(last) >= 0
                && first.max(last) < i64::from(rect.height)
            {
                let stride = words_per_row as i64 * step;
                let mut index = first * words_per_row as i64 + col / 64;
                let shift = col % 64;
                let mut bits = 0;
                for i in 0..len {
                    bits |= (words[index as usize] >> shift & 1) << i;
                    index += stride;
                }
                return bits;
            }
        }
        ask_column(self, dx, dy, step, len)
    }
}

/// Reads `map` through the fastest [`Tiles`] it allows from `origin`:
/// `with_tiles!(map, origin, |tiles| body)` runs `body` with `tiles` bound
/// to a [`Packed`] reader when the map keeps its rows packed, else to an
/// [`Asked`] one, so that the body is compiled for both.
macro_rules! with_tiles {
    ($map:expr, $origin:expr, |$tiles:ident| $body:expr) => {
        match $map.bit_rows() {
            Some(bits) => {
                let $tiles = &$crate::kernel::tiles::Packed::new($map, bits, $origin);
                $body
            }
            None => {
                let $tiles = &$crate::kernel::tiles::Asked::new($map, $origin);
                $body
            }
        }
    };
}
pub(crate) use with_tiles;

/// Whether a step from offset `from` to its diagonal neighbour `to` passes
/// through a blocking corner: the two tiles beside the step are both
/// opaque ([`DiagonalGaps::Block`](crate::DiagonalGaps::Block); the step's
/// own tiles are the other diagonal pair). Straight steps pass no corner.
#[inline]
pub(crate) fn pinched<T: Tiles + ?Sized>(tiles: &T, from: (i64, i64), to: (i64, i64)) -> bool {
    from.0 != to.0 && from.1 != to.1 && tiles.opaque(from.0, to.1) && tiles.opaque(to.0, from.1)
}
