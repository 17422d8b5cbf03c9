//! Mingos' Restrictive Precise Angle Shadowcasting, MRPAS (`restrictive`):
//! libtcod's `FOV_RESTRICTIVE`, in exact rational arithmetic.
//!
//! **Definition.** Each octant is scanned line by line away from the origin
//! (a *line* is a row for the two octants around the y axis, a column for the
//! two around the x axis). At line `d` the octant's `d + 1` cells split the
//! angles `[-1/2d, (2d + 1)/2d]`: cell `c` covers the *angle range*
//! `[(2c - 1)/2d, (2c + 1)/2d]` with its *centre* `c/d`. A visible opaque cell
//! becomes an *obstacle* over its angle range. Then, from line 2 on:
//!
//! - a cell is hidden unless one of its two inner neighbours (one line back,
//!   same column or one column toward the axis) is visible and transparent;
//! - a transparent cell is hidden when its centre lies strictly inside an
//!   obstacle it overlaps;
//! - an opaque cell is hidden when its whole angle range lies inside one
//!   obstacle; an opaque cell that an obstacle only partly covers widens
//!   that obstacle to cover it, instead of adding one of its own;
//! - obstacles that join the axis side of the octant fold into one
//!   *minimum angle*, below which the next lines start.
//!
//! **Properties** (see [`Algorithm::properties`](crate::Algorithm::properties)).
//! It is *restrictive*: a tile half hidden by a wall is seen when its centre
//! is, while a wall is seen unless some single obstacle hides it whole; so
//! walls look continuous and floors behind corners stay dark. A wall's angle
//! range is that of its mid-line across the scan, the shadow a diamond
//! casts, and a floor counts by its centre: diamond walls, sight from centre
//! to centre. Two walls touching at a corner leave a diagonal gap, as their
//! obstacles only touch. It is not symmetric: B may see A while A does not
//! see B. At the edges of an octant the scan reads tiles that other octants
//! marked earlier, in libtcod's order (quadrants `(+x, +y)`, `(+x, -y)`,
//! `(-x, +y)`, `(-x, -y)`, each rows before columns); we keep that order.
//! With exact angles and every obstacle tested, our results are still
//! invariant under the eight symmetries of the map; libtcod's are not (its
//! skip, below, breaks it).
//!
//! **Range.** libtcod cuts `FOV_RESTRICTIVE` to a square of the radius (the
//! line count). Our result is that square's result cut to the range's shape,
//! so a `square` range equals libtcod's. We scan only the tiles in range,
//! which gives the same: a cell at line `d` and column `c` only affects cells
//! of later lines at columns `c` or more (its angles start at `(2c - 1)/2d`;
//! the neighbour rule looks one column toward the axis at most), and every
//! shape leaves out those if it leaves out the cell.
//!
//! **Differences from libtcod**, all found on the golden cases in
//! `tests/data/libtcod_restrictive` and each pinned by a test in
//! `tests/suite/restrictive.rs`:
//!
//! - In the two octants around the x axis libtcod advances its obstacle index
//!   twice after each obstacle a cell overlaps, so it never tests the next
//!   obstacle against that cell, and sees tiles that obstacle hides. The
//!   octants around the y axis test every obstacle, and the algorithm is
//!   defined by them: the skip is an accident of a copied loop. We test every
//!   obstacle in every octant.
//! - libtcod computes angles in `f64`, so two angles that are equal as
//!   fractions may compare either way: `(1/2 + 1/10) / (1/5)` gives
//!   `2.9999999999999996`, and libtcod starts a line at a cell whose angles
//!   all lie below the minimum angle. We compare exact rationals, so ties
//!   follow the rules above.
//!
//! Of the 255 golden cases (39 maps), ours equals libtcod on 201; 2 differ by
//! the skipped obstacle and 52 by rounded ties, a few tiles each (173 in
//! all). A model of libtcod's scan in the tests gives libtcod's 255 sets bit
//! for bit with `f64` and the skip, ours with exact angles and no skip, and
//! explains every differing tile by one of the two or what follows from it.
//!
//! ```
//! use sightlines::{FieldOfView, Grid, Range, Restrictive};
//!
//! // Walls are seen whole; the floor tile whose centre a wall hides is not.
//! let map = Grid::parse("@.#..\n.....\n.....\n")?.grid;
//! let mut fov = Restrictive::new();
//! let mut seen = Vec::new();
//! fov.compute(&map, (0, 0), Range::UNLIMITED, |x, y| seen.push((x, y)))?;
//! assert!(seen.contains(&(2, 0)));
//! assert!(!seen.contains(&(3, 0)));
//! assert!(seen.contains(&(4, 2)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::bits::{fill_bits, mask, span_mask};
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::sink::Target;
use crate::kernel::{
    each_octant, presized_reach, with_tiles, ByTile, Field, FieldLines, Octant, OctantRows, Reach,
    Ring, Sink, Stepped, Tiles,
};
use crate::map::Opacity;

/// The octant scans in libtcod's order (see the [module docs](self)), as
/// indices into [`Octant::ALL`]. The edge reads depend on it.
const PASSES: [usize; 8] = [1, 0, 6, 7, 2, 3, 5, 4];

/// Marks kept per octant and line for the cells other passes read or
/// share: columns 0 and 1 (the axis side) and `line - 1` and `line` (the
/// diagonal side). The low four bits say the cell was seen, the high four
/// ([`OPEN`] higher) that it was seen and is transparent.
const AXIS: u8 = 1;
const NEXT_TO_AXIS: u8 = 2;
const NEXT_TO_DIAGONAL: u8 = 4;
const DIAGONAL: u8 = 8;
const OPEN: u32 = 4;

/// The marks of cell `col` of line `line`; a cell may be two of the four
/// on the first lines (column 1 of line 1 is also the diagonal).
#[inline]
fn mark_bits(line: i64, col: i64) -> u8 {
    let mut bits = 0;
    if col == 0 {
        bits |= AXIS;
    }
    if col == 1 {
        bits |= NEXT_TO_AXIS;
    }
    if col == line - 1 {
        bits |= NEXT_TO_DIAGONAL;
    }
    if col == line {
        bits |= DIAGONAL;
    }
    bits
}

/// The octants that share the axis (column 0) and the diagonal (column
/// `line`) with octant `o`.
const fn neighbours(o: usize) -> (usize, usize) {
    ((o + if o % 2 == 1 { 1 } else { 7 }) % 8, o ^ 1)
}

/// A pair of numbers per octant, indexed as [`Octant::ALL`].
type PerOctant = [(i64, i64); 8];

/// The last line and column each pass needs to scan (`(0, 0)`: none, the
/// pass is skipped) for the cell at line `a`, column `b` of octant `k` (see
/// [`Restrictive::sees_in_field`]), and the last line of each octant whose
/// axis marks, and whose diagonal marks, a later pass reads (0: none). From
/// `k`'s pass back, each needed pass asks its axis neighbour for columns 0
/// and 1 on its lines, and its diagonal neighbour for the lines up to one
/// past its own last column, when they run before it; a pass is needed when
/// a later needed one asks it, so one sweep backwards finds them all.
fn pass_caps(k: usize, a: i64, b: i64) -> (PerOctant, PerOctant) {
    let mut caps = [(0, 0); 8];
    let mut read = [(0, 0); 8];
    caps[k] = (a, b);
    for p in (0..8).rev() {
        let o = PASSES[p];
        let (lines, cols) = caps[o];
        if (lines, cols) == (0, 0) {
            continue;
        }
        let (axis, diagonal) = neighbours(o);
        for &n in &PASSES[..p] {
            let need = if n == axis {
                read[n].0 = read[n].0.max(lines);
                (lines, 1)
            } else if n == diagonal {
                read[n].1 = read[n].1.max(lines.min(cols + 1));
                (lines.min(cols + 1), cols + 1)
            } else {
                continue;
            };
            caps[n] = (caps[n].0.max(need.0), caps[n].1.max(need.1));
        }
    }
    (caps, read)
}

/// What a pass of [`Restrictive::sees_in_field`] is run for: the tile
/// asked, if in its octant; its axis marks up to line `axis` and its
/// diagonal marks up to line `diagonal` (0: not needed), read by later
/// passes.
#[derive(Clone, Copy, Debug)]
struct Wanted {
    goal: Option<Goal>,
    axis: i64,
    diagonal: i64,
}

/// The tile asked of [`Restrictive::sees_in_field`]: line `a`, column `b`
/// of its pass (`0 < b < a`), and whether it is opaque.
#[derive(Clone, Copy, Debug)]
struct Goal {
    a: i64,
    b: i64,
    wall: bool,
}

impl Goal {
    /// Whether the obstacles or the minimum angle at the end of line
    /// `d < a` already hide the tile. Obstacles only widen and are all
    /// tested at line `a`, and the minimum angle only grows, so it stays
    /// hidden: a floor whose centre lies strictly inside an obstacle, a
    /// wall whose whole angle range lies inside one, any cell whose angles
    /// all lie below the minimum angle.
    #[inline(always)]
    fn hidden(&self, obstacles: &[Obstacle], min_angle: &Edge, d: i64) -> bool {
        use std::cmp::Ordering::{Greater, Less};
        let (a, b) = (self.a, self.b);
        if min_angle.against(2 * b + 1, a, d) != Less {
            return true;
        }
        obstacles.iter().any(|ob| {
            if self.wall {
                ob.start.against(2 * b - 1, a, d) != Greater
                    && ob.end.against(2 * b + 1, a, d) != Less
            } else {
                ob.start.against(2 * b, a, d) == Less && ob.end.against(2 * b, a, d) == Greater
            }
        })
    }
}

impl Wanted {
    /// Whether nothing wanted can change past line `d`, whose cells seen
    /// and transparent are `open`.
    ///
    /// Cells of a line past the first are seen only with an inner
    /// neighbour seen and transparent (same column or one toward the
    /// axis), read from this pass's previous line or, at columns `-1`, `0`,
    /// `d` and `d + 1`, from the marks of the octants across the axis and
    /// across the diagonal. When marks are wanted, those octants run after
    /// this one, so only this pass's own cells count:
    ///
    /// - the axis cells (columns 0 and 1) of the lines after `d` chain
    ///   back to columns 0 or 1 of line `d`;
    /// - the diagonal cells (columns `line - 1` and `line`) to columns
    ///   `d - 1` or `d`;
    /// - the tile asked, to the columns of [`out_of_reach`], unless
    ///   [`Goal::hidden`] already.
    // Inlined in every pass it saves a few instructions a line natively,
    // and 5 KB of the playground's size budget on wasm.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline)]
    fn done<B: LineBits>(
        &self,
        l: &LineMasks<B>,
        d: i64,
        (obstacles, min_angle): (&[Obstacle], &Edge),
    ) -> bool {
        let open = &l.previous;
        let goal = self.goal.is_some_and(|goal| {
            // Walls seen make obstacles and move the minimum angle (hidden
            // ones may widen some): `Goal::hidden` is tested only then,
            // which at worst delays a stop to the next line with a wall
            // seen.
            let walls_seen = (0..=B::index(d)).any(|k| l.seen.get(k) & !open.get(k) != 0);
            d < goal.a
                && !out_of_reach(open, d, (goal.a, goal.b))
                && !(walls_seen && goal.hidden(obstacles, min_angle, d))
        });
        let axis = d < self.axis && open.two(0) != 0;
        let diagonal = d < self.diagonal && open.two(d - 1) != 0;
        !(goal || axis || diagonal)
    }
}

/// Whether pass `P`'s axis and diagonal neighbours ran before it.
const fn before<const P: usize>() -> (bool, bool) {
    let (axis, diagonal) = neighbours(PASSES[P]);
    let (mut axis_before, mut diagonal_before) = (false, false);
    let mut p = 0;
    while p < P {
        axis_before |= PASSES[p] == axis;
        diagonal_before |= PASSES[p] == diagonal;
        p += 1;
    }
    (axis_before, diagonal_before)
}

/// A cell edge, the angle `num / 2l` (`num` is `2c ± 1` for cell `c` of line
/// `l`), as the scan meets it at line `d`: `at` is `2·angle·d` (its value the
/// floor), stepped by `num / l` a line with no division.
#[derive(Clone, Copy, Debug)]
struct Edge {
    at: Stepped,
    den: i64,
}

impl Edge {
    /// The angle `num / 2·line`, met at `line`.
    #[inline]
    fn at(num: i64, line: i64) -> Edge {
        Edge {
            at: Stepped::whole(num, num, line),
            den: line,
        }
    }

    /// Moves to the next line.
    #[inline(always)]
    fn advance(&mut self) {
        self.at.next(self.den);
    }

    /// The angle against `num / 2a`, the edge met at line `d`: `2·angle·d`
    /// is `value + rem / den`, compared with `num·d / a` exactly.
    #[inline(always)]
    fn against(&self, num: i64, a: i64, d: i64) -> std::cmp::Ordering {
        let den = i128::from(self.den);
        let scaled = i128::from(self.at.value) * den + i128::from(self.at.rem);
        (scaled * i128::from(a)).cmp(&(i128::from(num) * i128::from(d) * den))
    }
}

/// An obstacle: the angle range a visible opaque cell covers, maybe widened.
///
/// At line `d`, with `X = 2·start·d` and `Y = 2·end·d`, cell `c` (angles
/// `(2c ± 1)/2d`, centre `2c/2d`) meets it when `2c + 1 >= X` and
/// `2c - 1 <= Y`, lies inside it when `2c - 1 >= X` and `2c + 1 <= Y`, and
/// has its centre strictly inside when `X < 2c < Y`: integer bounds on `c`
/// from the floors and ceilings of `X` and `Y`, exact.
#[derive(Clone, Copy, Debug)]
struct Obstacle {
    start: Edge,
    end: Edge,
}

impl Obstacle {
    /// The angle range of cell `col` of line `line`.
    #[inline]
    fn cell(col: i64, line: i64) -> Obstacle {
        Obstacle {
            start: Edge::at(2 * col - 1, line),
            end: Edge::at(2 * col + 1, line),
        }
    }

    /// The cells whose centre lies strictly inside: `lo..=hi`.
    #[inline(always)]
    fn hides_floors(&self) -> (i64, i64) {
        (
            (self.start.at.value >> 1) + 1,
            (self.end.at.ceil() - 1) >> 1,
        )
    }

    /// The cells that meet it (touching counts).
    #[inline(always)]
    fn meets(&self) -> (i64, i64) {
        (self.start.at.ceil() >> 1, (self.end.at.value + 1) >> 1)
    }

    /// The cells that lie wholly inside.
    #[inline(always)]
    fn covers(&self) -> (i64, i64) {
        (
            (self.start.at.ceil() + 2) >> 1,
            (self.end.at.value - 1) >> 1,
        )
    }
}

/// A line's columns as bits, bit `i` of word `k` being column `64k + i`:
/// one word for the lines of up to 64 cells, held in a register (`u64`), a
/// buffer of words for longer lines (`Vec<u64>`). The scan of a line is
/// written once over both.
trait LineBits {
    /// Whether the line is one word, column `c` being bit `c`.
    const ONE_WORD: bool;
    fn words(&self) -> &[u64];
    fn words_mut(&mut self) -> &mut [u64];

    /// The word holding column `c`.
    #[inline(always)]
    fn index(c: i64) -> usize {
        if Self::ONE_WORD {
            0
        } else {
            (c >> 6) as usize
        }
    }

    #[inline(always)]
    fn get(&self, k: usize) -> u64 {
        self.words()[k]
    }

    #[inline(always)]
    fn put(&mut self, k: usize, bits: u64) {
        self.words_mut()[k] = bits;
    }

    /// Clears words `0..=k`.
    #[inline(always)]
    fn clear_to(&mut self, k: usize) {
        self.words_mut()[..=k].fill(0);
    }

    /// The columns from `first` to `last` in word `k`.
    #[inline(always)]
    fn span(k: usize, first: i64, last: i64) -> u64 {
        let (first, last) = (first as usize, last as usize);
        if Self::ONE_WORD {
            mask(first, last)
        } else {
            span_mask(k, first, last)
        }
    }

    /// Sets columns `lo..=hi`.
    #[inline(always)]
    fn fill(&mut self, lo: i64, hi: i64) {
        let (lo, hi) = (lo as usize, hi as usize);
        if Self::ONE_WORD {
            self.words_mut()[0] |= mask(lo, hi);
        } else {
            fill_bits(self.words_mut(), lo, hi);
        }
    }

    /// Sets column `c` when `bit`.
    #[inline(always)]
    fn set(&mut self, c: i64, bit: bool) {
        self.words_mut()[Self::index(c)] |= u64::from(bit) << (c & 63);
    }

    /// Clears column `c` when `bit`.
    #[inline(always)]
    fn unset(&mut self, c: i64, bit: bool) {
        self.words_mut()[Self::index(c)] &= !(u64::from(bit) << (c & 63));
    }

    /// Columns `c` and `c + 1` as the two low bits.
    #[inline(always)]
    fn two(&self, c: i64) -> u8 {
        let (w, b) = (Self::index(c), c & 63);
        let lo = self.words()[w] >> b;
        let hi = if !Self::ONE_WORD && b == 63 {
            self.words()[w + 1] << 1
        } else {
            0
        };
        ((lo | hi) & 3) as u8
    }
}

impl LineBits for u64 {
    const ONE_WORD: bool = true;
    #[inline(always)]
    fn words(&self) -> &[u64] {
        std::slice::from_ref(self)
    }
    #[inline(always)]
    fn words_mut(&mut self) -> &mut [u64] {
        std::slice::from_mut(self)
    }
}

impl LineBits for Vec<u64> {
    const ONE_WORD: bool = false;
    #[inline(always)]
    fn words(&self) -> &[u64] {
        self
    }
    #[inline(always)]
    fn words_mut(&mut self) -> &mut [u64] {
        self
    }
}

/// What a pass keeps of its lines: the one before and the one being
/// scanned.
#[derive(Clone, Debug, Default)]
struct LineMasks<B> {
    /// The previous line's cells seen and transparent.
    previous: B,
    /// This line's cells seen and transparent (first, the cells with an
    /// open inner neighbour).
    current: B,
    /// This line's cells whose centre an obstacle hides.
    hidden: B,
    /// This line's visible cells.
    seen: B,
}

impl LineMasks<Vec<u64>> {
    /// Room for lines of `cells` columns, and one more column.
    fn size(&mut self, cells: i64) {
        let words = (cells as usize >> 6) + 2;
        for v in [
            &mut self.previous,
            &mut self.current,
            &mut self.hidden,
            &mut self.seen,
        ] {
            if v.len() < words {
                v.resize(words, 0);
            }
        }
    }
}

/// Reusable scratch for MRPAS; see the [module docs](self).
///
/// ```
/// use sightlines::{FieldOfView, Range, Restrictive};
///
/// // A pillar next to the origin hides the line behind it, and lights up.
/// let map = |x: i32, y: i32| (x, y) == (1, 0);
/// let mut fov = Restrictive::new();
/// let mut seen = Vec::new();
/// fov.compute(&map, (0, 0), Range::square(4), |x, y| seen.push((x, y)))?;
/// assert!(seen.contains(&(1, 0)));
/// assert!(!seen.contains(&(2, 0)) && !seen.contains(&(4, 0)));
/// assert!(seen.contains(&(4, 2)));
/// # Ok::<(), sightlines::FovError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Restrictive {
    obstacles: Vec<Obstacle>,
    /// The masks of lines of more than 64 cells.
    lines: LineMasks<Vec<u64>>,
    /// Per line, per octant (index into [`Octant::ALL`]): the marks of the
    /// cells seen so far in this field of view, by the passes that a later
    /// pass reads (see [`Restrictive::mark`]).
    marks: Vec<[u8; 8]>,
    /// The range's reach, line by line.
    reach: Reach,
    /// For [`Restrictive::sees_in_field`], per octant (an index into
    /// [`Octant::ALL`]): the last line and column its pass scans
    /// ([`pass_caps`]), and what it is run for.
    caps: Option<(PerOctant, [Wanted; 8])>,
}

impl Restrictive {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> Restrictive {
        Restrictive::default()
    }

    /// Whether the tile at offset `to` (not the origin; opaque when `wall`)
    /// is in the field of `map` over `field`, a square that reaches it, for
    /// `can_see` when [`sees`] cannot tell.
    ///
    /// A tile off the axes and diagonals is scanned by one pass only, so
    /// only the passes whose marks it reads, maybe through others, are run,
    /// each only as far as is read ([`pass_caps`]): a cell affects no
    /// column below its own (see the module docs), so the tile's pass stops
    /// at its line and column; a pass reads its axis neighbour's columns 0
    /// and 1, and its diagonal neighbour's cells beside the diagonal on the
    /// lines where it reaches the diagonal. Each pass also stops at the
    /// first line after which nothing it is run for can change
    /// ([`Wanted::done`]).
    pub(crate) fn sees_in_field<M: Opacity + ?Sized>(
        &mut self,
        map: &M,
        field: &Field,
        to: (i64, i64),
        wall: bool,
    ) -> Result<bool, FovError> {
        let (k, a, b) = Octant::holding(to.0, to.1);
        if 0 < b && b < a {
            let (caps, read) = pass_caps(k, a, b);
            let wanted = std::array::from_fn(|o| Wanted {
                goal: (o == k).then_some(Goal { a, b, wall }),
                axis: read[o].0,
                diagonal: read[o].1,
            });
            self.caps = Some((caps, wanted));
        }
        let mut target = Target::new(to);
        let result = self.run(map, field, &mut target);
        self.caps = None;
        result.map(|()| target.seen)
    }

    /// Room for line `d` in `lines` and the marks, on a field reaching past
    /// [`PRESIZED_REACH`](crate::kernel::field::PRESIZED_REACH) lines.
    #[cold]
    fn grow(&mut self, lines: &mut LineMasks<Vec<u64>>, d: i64) {
        self.marks.resize(2 * d as usize + 2, [0; 8]);
        lines.size(2 * d + 1);
    }

    /// Pass `P` reads its lines straight from the map's packed words when
    /// the map keeps them over the whole field, else through `tiles`.
    #[inline(always)]
    fn pass<const P: usize, T: Tiles, S: Sink>(
        &mut self,
        tiles: &T,
        lines: &FieldLines,
        (field, ring): (&Field, Ring),
        sink: &mut S,
    ) {
        match lines.of(Octant::ALL[PASSES[P]]) {
            Some(lines) => self.scan::<P, _, S>(&lines, field, ring, sink),
            None => self.scan::<P, _, S>(&ByTile(tiles), field, ring, sink),
        }
    }

    /// Pass `P` of [`PASSES`], compiled once per pass so that its octant's
    /// transform is constant in the hot loop. Lines of up to 64 cells fit in
    /// one word, kept in registers; longer ones go to [`Restrictive::wide`].
    fn scan<const P: usize, W, S>(&mut self, tiles: &W, field: &Field, ring: Ring, sink: &mut S)
    where
        W: OctantRows,
        S: Sink,
    {
        let o = PASSES[P];
        let pass = Octant::ALL[o];
        let (mut lines, mut cols) = pass.extents(field);
        let mut wanted = None;
        if let Some((caps, want)) = &self.caps {
            // A pass capped at (0, 0) is not needed: it ends here.
            lines = lines.min(caps[o].0);
            cols = cols.min(caps[o].1);
            wanted = Some(want[o]);
        }
        if lines < 2 {
            return;
        }
        self.obstacles.clear();
        // Line 1, seen whole and reported with the ring: its walls make
        // the minimum angle or an obstacle, its floors open line 2.
        let (wall, beside) = (ring.opaque(pass, 0), ring.inside(pass, 1));
        let corner = beside && ring.opaque(pass, 1);
        let open = u8::from(!wall) | u8::from(beside && !corner) << 1;
        let seen = 1 | u8::from(beside) << 1;
        // Columns 0 and 1, each two of the four marks on line 1.
        let spread = |two: u8| two & 1 | (two & 1) << 2 | (two & 2) | (two & 2) << 2;
        self.marks[1][o] = spread(seen) | spread(open) << OPEN;
        // The minimum angle, as an edge (0 at first).
        let mut min_angle = Edge::at(0, 1);
        if wall {
            if corner {
                return;
            }
            min_angle = Edge::at(1, 1);
        } else if corner {
            self.obstacles.push(Obstacle::cell(1, 1));
        }
        let mut narrow = LineMasks::<u64> {
            previous: u64::from(open),
            ..LineMasks::default()
        };
        // Open ground (see `open_line`): every cell of line 1 seen is open,
        // no obstacle, no minimum angle. Not on wasm, where a copy in every
        // pass took the playground past its size budget (the general scan
        // gives the same lines).
        let mut open_ground = cfg!(not(target_arch = "wasm32")) && open == seen;
        for d in 2..=lines.min(63) {
            // The walls of the line that ends the open ground, read already.
            let mut read = None;
            if open_ground {
                match self.open_line::<P, _, _>(&mut narrow, tiles, (pass, d, cols), sink) {
                    Ok(true) => {}
                    Ok(false) => return,
                    Err(walls) => (open_ground, read) = (false, Some(walls)),
                }
            }
            if !open_ground
                && !self.line::<P, _, _, _>(
                    &mut narrow,
                    tiles,
                    (pass, d, cols),
                    (&mut min_angle, read),
                    sink,
                )
            {
                return;
            }
            // Cold for a whole field: `wanted` is `None` on every line.
            if let Some(w) = wanted {
                if w.done(&narrow, d, (&self.obstacles, &min_angle)) {
                    return;
                }
            }
        }
        if lines >= 64 {
            let ends = (lines, cols, wanted);
            self.wide::<P, W, S>(tiles, ends, narrow.previous, min_angle, sink);
        }
    }

    /// The lines from 64 on, of more than one word each, with their masks
    /// in [`Restrictive::lines`]; `previous` is line 63's.
    #[inline(never)]
    fn wide<const P: usize, W: OctantRows, S: Sink>(
        &mut self,
        tiles: &W,
        (lines, cols, wanted): (i64, i64, Option<Wanted>),
        previous: u64,
        mut min_angle: Edge,
        sink: &mut S,
    ) {
        let pass = Octant::ALL[PASSES[P]];
        let mut wide = std::mem::take(&mut self.lines);
        wide.previous[0] = previous;
        wide.previous[1] = 0;
        for d in 64..=lines {
            if d as usize + 2 > self.marks.len() {
                self.grow(&mut wide, d);
            }
            if !self.line::<P, _, _, _>(
                &mut wide,
                tiles,
                (pass, d, cols),
                (&mut min_angle, None),
                sink,
            ) || wanted.is_some_and(|w| w.done(&wide, d, (&self.obstacles, &min_angle)))
            {
                break;
            }
        }
        self.lines = wide;
    }

    /// Line `d` of pass `P`, the previous one's masks in `l`; whether the
    /// pass goes on.
    ///
    /// Only the cells with an open inner neighbour are read (or taken from
    /// `read`, the line's walls from column 0 when [`Restrictive::open_line`]
    /// has read them); floors are bit masks, and only walls are tested one
    /// by one against the obstacles (in [`Restrictive::walls`]).
    #[inline(always)]
    fn line<const P: usize, B: LineBits, W: OctantRows, S: Sink>(
        &mut self,
        l: &mut LineMasks<B>,
        tiles: &W,
        (pass, d, cols): (Octant, i64, i64),
        (min_angle, read): (&mut Edge, Option<u64>),
        sink: &mut S,
    ) -> bool {
        min_angle.advance();
        // The first cell whose angles reach past the minimum angle:
        // floor(min_angle·d + 1/2).
        let first = (min_angle.at.value + 1) >> 1;
        // Cells out of range are skipped (see the module docs).
        let last = d.min(cols).min(self.reach.at(d));
        if first > last {
            return false;
        }
        // Words `k0..k1`: an exclusive range, which the compiler folds to
        // one pass for a line of one word (an inclusive one it does not).
        let (k0, k1) = (B::index(first), B::index(last) + 1);
        // This line's open cells go to `current`; clear it up to the
        // column the next line reads past its end.
        l.current.clear_to(B::index(d + 1));
        l.seen.clear_to(B::index(d));
        // Obstacles of earlier lines: only they are tested on this one.
        let old = self.obstacles.len();
        if old == 0 {
            // Without obstacles every cell may be seen.
            for k in k0..k1 {
                l.current.put(k, B::span(k, first, last));
                l.hidden.put(k, 0);
            }
        } else {
            // Neighbour rule: a cell needs an inner neighbour (same column
            // or one toward the axis, one line back) seen and transparent.
            let (axis_open, back_open, past_open, outside_open) = self.edges::<P>(d);
            l.previous.set(0, axis_open);
            l.previous.set(d - 1, back_open);
            l.previous.set(d, past_open);
            let mut any = 0;
            for k in k0..k1 {
                let carry = if k == 0 {
                    u64::from(outside_open)
                } else {
                    l.previous.get(k - 1) >> 63
                };
                let p = l.previous.get(k);
                l.current
                    .put(k, (p | p << 1 | carry) & B::span(k, first, last));
                l.hidden.put(k, 0);
                any |= l.current.get(k);
            }
            if any == 0 {
                return false;
            }
            // Floors whose centre an obstacle hides, among the cells read.
            let (lo, hi) = if B::ONE_WORD {
                (
                    i64::from(any.trailing_zeros()),
                    63 - i64::from(any.leading_zeros()),
                )
            } else {
                (first, last)
            };
            for ob in &mut self.obstacles {
                ob.start.advance();
                ob.end.advance();
                let (f0, f1) = ob.hides_floors();
                let (lo, hi) = (f0.max(lo), f1.min(hi));
                if lo <= hi {
                    l.hidden.fill(lo, hi);
                }
            }
        }
        let mut next_first = first;
        let mut closed = false;
        let mut any = 0;
        for k in k0..k1 {
            let inner = l.current.get(k);
            let mut opaque = 0;
            // A line of one word has an open cell (it would have ended).
            if B::ONE_WORD || inner != 0 {
                // Only the cells from the first to the last with an open
                // neighbour need reading.
                let (lo, hi) = (inner.trailing_zeros(), 63 - inner.leading_zeros());
                let base = (k as i64) << 6;
                opaque = match read {
                    Some(walls) => walls,
                    None => tiles.octant_bits(pass, d, base + i64::from(lo), hi - lo + 1) << lo,
                } & inner;
            }
            let floors = inner & !opaque & !l.hidden.get(k);
            l.current.put(k, floors);
            let seen = floors
                | Self::walls(
                    &mut self.obstacles,
                    old,
                    opaque,
                    (k as i64) << 6,
                    d,
                    &mut next_first,
                    &mut closed,
                );
            l.seen.put(k, seen);
            any |= seen;
        }
        if any == 0 {
            return false;
        }
        if next_first > first {
            *min_angle = Edge::at(2 * next_first - 1, d);
        }
        self.mark_and_report::<P, B, S>((pass, d), (&mut l.seen, &l.current), k0..k1, sink);
        if closed {
            return false;
        }
        std::mem::swap(&mut l.previous, &mut l.current);
        true
    }

    /// Line `d` of pass `P` while the ground is open: no obstacle, the
    /// minimum angle 0, and the previous line's open cells all its cells
    /// in range, columns `0..=d - 1` at most. Then every cell of the line in
    /// range has an open inner neighbour (its own column or the one toward
    /// the axis; the range shrinks by at most a column a line), the marks
    /// of other passes add nothing, and no obstacle hides a centre: when
    /// the line holds no wall, it is seen and open whole, and the ground
    /// stays open. Returns whether the pass goes on, or, with nothing
    /// changed, the walls of the line from column 0 when it holds one and
    /// [`Restrictive::line`] must scan it (every cell in range has an open
    /// inner neighbour there too, so it reads no other).
    #[inline(always)]
    fn open_line<const P: usize, W: OctantRows, S: Sink>(
        &mut self,
        l: &mut LineMasks<u64>,
        tiles: &W,
        (pass, d, cols): (Octant, i64, i64),
        sink: &mut S,
    ) -> Result<bool, u64> {
        let last = d.min(cols).min(self.reach.at(d));
        if last < 0 {
            return Ok(false);
        }
        let walls = tiles.octant_bits(pass, d, 0, last as u32 + 1);
        if walls != 0 {
            return Err(walls);
        }
        let mut seen = mask(0, last as usize);
        l.previous = seen;
        self.mark_and_report::<P, u64, S>((pass, d), (&mut seen, &l.previous), 0..1, sink);
        Ok(true)
    }

    /// Marks line `d`'s edge cells, `seen` and `open` (seen and
    /// transparent), for the passes that read them, then reports the
    /// words `words` of `seen`, less the edge cells an earlier pass
    /// reported already.
    #[inline(always)]
    fn mark_and_report<const P: usize, B: LineBits, S: Sink>(
        &mut self,
        (pass, d): (Octant, i64),
        (seen, open): (&mut B, &B),
        words: std::ops::Range<usize>,
        sink: &mut S,
    ) {
        // Columns 0, 1, d - 1 and d, as four bits.
        let seen_edge = seen.two(0) | seen.two(d - 1) << 2;
        let open_edge = open.two(0) | open.two(d - 1) << 2;
        let (axis_done, diagonal_done) = self.mark::<P>(d, seen_edge, open_edge);
        seen.unset(0, axis_done);
        seen.unset(d, diagonal_done);
        for k in words {
            report(pass, sink, d, (k as i64) << 6, seen.get(k));
        }
    }

    /// The open marks a line `d >= 2` of pass `P` reads at the octant's
    /// edges: cells `(d - 1, 0)`, `(d - 1, d - 1)` and `(d - 1, d)` (past
    /// the diagonal) and `(d - 1, -1)` (past the axis), each seen by any
    /// pass so far and transparent. From line 4 on, only a neighbour that
    /// ran before can have marked them (the first two this pass marks
    /// itself, in `previous` already).
    #[inline(always)]
    fn edges<const P: usize>(&self, d: i64) -> (bool, bool, bool, bool) {
        let o = PASSES[P];
        let (axis, diagonal) = neighbours(o);
        let back = d - 1;
        let (b, line) = (back as usize, d as usize);
        let (axis_before, diagonal_before) = before::<P>();
        if back >= 3 {
            // The four columns are distinct: one mark each.
            let earlier = self.marks[b];
            (
                axis_before && earlier[o] >> OPEN & AXIS != 0,
                diagonal_before && earlier[o] >> OPEN & DIAGONAL != 0,
                diagonal_before && self.marks[line][diagonal] >> OPEN & NEXT_TO_DIAGONAL != 0,
                axis_before && earlier[axis] >> OPEN & NEXT_TO_AXIS != 0,
            )
        } else {
            let own = self.marks[b][o] >> OPEN;
            (
                own & mark_bits(back, 0) != 0,
                own & mark_bits(back, back) != 0,
                self.marks[line][diagonal] >> OPEN & mark_bits(d, back) != 0,
                self.marks[b][axis] >> OPEN & mark_bits(back, 1) != 0,
            )
        }
    }

    /// Records line `d`'s edge cells seen (`seen`) and seen and transparent
    /// (`open`) by pass `P`, four bits each for columns 0, 1, `d - 1` and
    /// `d`. Returns whether column 0 and the diagonal cell were already seen
    /// by an earlier pass (and so reported).
    ///
    /// The marks say what any pass saw, so the shared column 0 and diagonal
    /// are marked in the neighbour's octant too. From line 3 on the columns
    /// are distinct and only the neighbour across each edge reads them: a
    /// pass marks for a neighbour that runs after it, and nothing when both
    /// ran before. Line 2, where a cell may lie in three octants' reads, is
    /// marked in full; line 1, which the ring reports, by each pass for its
    /// own octant as it starts (see [`Restrictive::scan`]).
    #[inline(always)]
    fn mark<const P: usize>(&mut self, d: i64, seen: u8, open: u8) -> (bool, bool) {
        let o = PASSES[P];
        let (axis, diagonal) = neighbours(o);
        let (axis_before, diagonal_before) = before::<P>();
        let line = d as usize;
        let marks = &mut self.marks[line];
        let axis_seen = seen & 1 != 0;
        let diagonal_seen = seen & 8 != 0;
        if d >= 3 {
            // Bits 0 to 3 of `seen` and `open` are the marks.
            let done = (
                axis_before && axis_seen && marks[o] & AXIS != 0,
                diagonal_before && diagonal_seen && marks[o] & DIAGONAL != 0,
            );
            if !axis_before {
                marks[o] |= (seen | open << OPEN) & (NEXT_TO_AXIS | NEXT_TO_AXIS << OPEN);
                marks[axis] |= (seen | open << OPEN) & (AXIS | AXIS << OPEN);
            }
            if !diagonal_before {
                marks[o] |= (seen | open << OPEN) & (NEXT_TO_DIAGONAL | NEXT_TO_DIAGONAL << OPEN);
                marks[diagonal] |= (seen | open << OPEN) & (DIAGONAL | DIAGONAL << OPEN);
            }
            return done;
        }
        // On lines 1 and 2 a column may be two of the four, and the scan
        // sets every bit of a column it gives (`d - 1` is 0 or 1): the four
        // bits are that column's marks already.
        let before = marks[o];
        let (axis_mark, diagonal_mark) = (mark_bits(d, 0), mark_bits(d, d));
        marks[o] = before | seen | open << OPEN;
        if axis_seen {
            marks[axis] |= axis_mark | (open & axis_mark) << OPEN;
        }
        if diagonal_seen {
            marks[diagonal] |= diagonal_mark | (open & diagonal_mark) << OPEN;
        }
        (
            axis_seen && before & axis_mark != 0,
            diagonal_seen && before & diagonal_mark != 0,
        )
    }

    /// The candidate walls `walls` of word `base / 64` of line `d`, in
    /// order: each may widen the obstacles it meets (which later walls of
    /// the line then meet), is hidden when one covers it whole, and folds
    /// into the minimum angle (moving `next_first`) or adds an obstacle.
    /// Returns the visible ones.
    #[inline(always)]
    fn walls(
        obstacles: &mut Vec<Obstacle>,
        old: usize,
        mut walls: u64,
        base: i64,
        d: i64,
        next_first: &mut i64,
        closed: &mut bool,
    ) -> u64 {
        let mut seen = 0;
        while walls != 0 {
            let b = walls.trailing_zeros();
            walls &= walls - 1;
            let c = base + i64::from(b);
            let mut hidden = false;
            let mut extended = false;
            for ob in &mut obstacles[..old] {
                let (lo, hi) = ob.meets();
                if c < lo || c > hi {
                    continue;
                }
                let (lo, hi) = ob.covers();
                if lo <= c && c <= hi {
                    hidden = true;
                    break;
                }
                if c < lo {
                    ob.start = Edge::at(2 * c - 1, d);
                }
                if c > hi {
                    ob.end = Edge::at(2 * c + 1, d);
                }
                extended = true;
            }
            if hidden {
                continue;
            }
            seen |= 1 << b;
            if c == *next_first {
                // Joins the axis side: the minimum angle moves to its end,
                // which is where the next cell starts.
                *next_first = c + 1;
                *closed |= c == d;
            } else if !extended {
                obstacles.push(Obstacle::cell(c, d));
            }
        }
        seen
    }
}

/// Whether the cell at line `a`, column `b` of a pass (`0 < b < a`) is
/// surely hidden once line `d` has left `open` its cells seen and
/// transparent: none lies in the columns `b - (a - d)..=b` from which a
/// chain of inner neighbours can reach it.
///
/// Past the diagonal (`d > b`) and off the axis (`b - (a - d) >= 1`), the
/// next line's cells in that window have their inner neighbours in this
/// line's, none read from another pass's marks (see [`Wanted::done`]), so
/// the window stays empty to line `a`.
#[inline(always)]
fn out_of_reach<B: LineBits>(open: &B, d: i64, (a, b): (i64, i64)) -> bool {
    let lo = b - (a - d);
    if d <= b || lo < 1 {
        return false;
    }
    (B::index(lo)..=B::index(b)).all(|k| open.get(k) & B::span(k, lo, b) == 0)
}

/// Puts the runs of set bits of `run` (columns `base + i` of line `d`) in
/// `sink`, a span each.
#[inline(always)]
fn report<S: Sink>(pass: Octant, sink: &mut S, d: i64, base: i64, mut run: u64) {
    while run != 0 {
        let s = run.trailing_zeros();
        let len = (!(run >> s)).trailing_zeros();
        let c0 = base + i64::from(s);
        pass.span(sink, d, c0, c0 + i64::from(len) - 1);
        // Clears the lowest run: the carry runs through it.
        run &= run.wrapping_add(1 << s);
    }
}

field_of_view!(Restrictive);

impl Scan for Restrictive {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        sink.tile(0, 0);
        self.reach.reset(field.range);
        // Sized for the range on this map whatever the origin, even when
        // this one needs no pass, so that no later origin allocates.
        let lines = presized_reach(map, field.range);
        self.marks.clear();
        self.marks.resize(lines + 2, [0; 8]);
        self.lines.size(lines as i64 + 1);
        // At most 2 obstacles a line (see `scan`), for any map.
        self.obstacles.clear();
        self.obstacles.reserve(2 * lines + 2);
        with_tiles!(map, field.origin, |tiles| {
            // Every cell of line 1 is seen (the neighbour rule starts at
            // line 2): the eight tiles around the origin, read at once.
            let ring = Ring::read(tiles, field, self.reach.at(1) >= 1);
            ring.report(field, sink);
            if Ring::is_whole_field(field, &mut self.reach) {
                return Ok(());
            }
            let lines = tiles.lines(field);
            each_octant!(self.pass::<_, _, S>(tiles, &lines, (field, ring), sink));
        });
        Ok(())
    }
}

#[cfg(test)]
mod reference;
mod sight;

pub(crate) use sight::sees;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::SplitMix64;
    use crate::{FieldOfView, Grid, Range, Shape};

    fn collect<M: Opacity>(
        map: &M,
        origin: (i32, i32),
        range: Range,
        new: bool,
    ) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        if new {
            Restrictive::new()
                .compute(map, origin, range, |x, y| out.push((x, y)))
                .unwrap();
        } else {
            reference::Restrictive::new()
                .compute(map, origin, range, |x, y| out.push((x, y)))
                .unwrap();
        }
        out.sort();
        out
    }

    /// A random map, sides up to `side`, whose tiles are walls with a chance
    /// of `walls / scale` (`walls` drawn below `max_walls`); and an origin on it.
    fn random_case(
        rng: &mut SplitMix64,
        side: u32,
        scale: u32,
        max_walls: u32,
    ) -> (Grid, (i32, i32)) {
        let (w, h) = (1 + rng.below(side), 1 + rng.below(side));
        let walls = rng.below(max_walls);
        let mut g = Grid::new(w, h);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                g.set(x, y, rng.below(scale) < walls);
            }
        }
        let origin = (rng.below(w) as i32, rng.below(h) as i32);
        (g, origin)
    }

    /// The scan equals the reference on `cases` random maps, and on a map
    /// of asked tiles every `every`-th case.
    fn equals_reference_on(
        seed: u64,
        cases: usize,
        every: usize,
        (side, scale, max_walls): (u32, u32, u32),
        unlimited_one_in: u32,
    ) {
        let mut rng = SplitMix64::new(seed);
        for i in 0..cases {
            let (g, origin) = random_case(&mut rng, side, scale, max_walls);
            let range = if rng.below(unlimited_one_in) == 0 {
                Range::UNLIMITED
            } else {
                Range::new(rng.below(side.min(300)), Shape::ALL[rng.below(4) as usize])
            };
            let a = collect(&g, origin, range, true);
            let b = collect(&g, origin, range, false);
            assert_eq!(a, b, "case {i} {range:?} from {origin:?}\n{}", g.to_text());
            if i % every == 0 {
                // Off the map, alternately walls and clear ground.
                let outside = (i / every) % 2 == 0;
                let f = |x: i32, y: i32| {
                    if g.rect().contains(x, y) {
                        g.is_opaque(x, y)
                    } else {
                        outside
                    }
                };
                let r = Range::new(rng.below(side.min(200)), Shape::ALL[rng.below(4) as usize]);
                assert_eq!(collect(&f, origin, r, true), collect(&f, origin, r, false));
            }
        }
    }

    #[test]
    fn equals_reference() {
        equals_reference_on(7, 200_000, 16, (40, 100, 60), 3);
    }

    #[test]
    fn equals_reference_on_long_lines() {
        equals_reference_on(11, 400, 8, (300, 1000, 4), 2);
    }

    #[test]
    fn a_goal_is_hidden_by_an_obstacle_holding_it_or_the_minimum_angle() {
        let floor = Goal {
            a: 6,
            b: 2,
            wall: false,
        };
        let wall = Goal {
            wall: true,
            ..floor
        };
        let none = Edge::at(0, 1);
        // Cell 1 of line 3 spans angles 1/6 to 3/6: B's centre 2/6
        // strictly inside, and B's range 3/12 to 5/12 too.
        let around = [Obstacle::cell(1, 3)];
        assert!(floor.hidden(&around, &none, 3) && wall.hidden(&around, &none, 3));
        // Stepped on to later lines, the same angles.
        let mut later = around;
        for _ in 0..2 {
            later[0].start.advance();
            later[0].end.advance();
        }
        assert!(floor.hidden(&later, &none, 5));
        // B at (6, 3): its centre 3/6 on the edge, not strictly inside.
        let edge = Goal { b: 3, ..floor };
        assert!(!edge.hidden(&around, &none, 3));
        // Cell 1 of line 4 spans 1/8 to 3/8: it holds B's centre 2/6, not
        // its range up to 5/12.
        let short = [Obstacle::cell(1, 4)];
        assert!(floor.hidden(&short, &none, 4) && !wall.hidden(&short, &none, 4));
        // The minimum angle hides B once at B's top edge, 5/12.
        assert!(floor.hidden(&[], &Edge::at(5, 6), 6));
        assert!(wall.hidden(&[], &Edge::at(5, 6), 6));
        assert!(!floor.hidden(&[], &Edge::at(4, 6), 6));
    }

    #[test]
    fn pass_caps_cover_the_marks_read_and_nothing_after() {
        for (a, b) in [(2, 1), (5, 1), (40, 17), (63, 62), (200, 3)] {
            for k in 0..8 {
                let (caps, read) = pass_caps(k, a, b);
                let own = PASSES.iter().position(|&p| p == k).unwrap();
                assert_eq!(caps[k], (a, b));
                // Nothing after the octant's own pass.
                for &o in &PASSES[own + 1..] {
                    assert_eq!(caps[o], (0, 0), "octant {k}, pass of {o}");
                }
                // Every neighbour that runs before a needed pass covers
                // what that pass reads of it.
                for p in (0..=own).filter(|&p| caps[PASSES[p]] != (0, 0)) {
                    let (lines, cols) = caps[PASSES[p]];
                    let (axis, diagonal) = neighbours(PASSES[p]);
                    for &n in &PASSES[..p] {
                        let (l, c) = caps[n];
                        if n == axis {
                            assert!(l >= lines && c >= 1, "octant {k}, {n} for {p}");
                            assert!(read[n].0 >= lines, "octant {k}, {n}'s axis for {p}");
                        }
                        if n == diagonal {
                            assert!(l >= lines.min(cols + 1) && c > cols, "octant {k}, {n}");
                            let last = lines.min(cols + 1);
                            assert!(read[n].1 >= last, "octant {k}, {n}'s diagonal for {p}");
                        }
                    }
                }
            }
            // The first pass reads none; the last reads through a chain of
            // five.
            let needed = |k: usize| {
                pass_caps(k, a, b)
                    .0
                    .iter()
                    .filter(|&&c| c != (0, 0))
                    .count()
            };
            assert_eq!(needed(PASSES[0]), 1);
            assert_eq!(needed(PASSES[7]), 6);
        }
    }

    #[test]
    fn a_tile_asked_alone_is_in_the_field_as_computed_whole() {
        // `can_see`'s last resort, asked of every tile, shared lines too.
        let mut rng = SplitMix64::new(0x5EE5);
        let mut whole = Restrictive::new();
        let mut alone = Restrictive::new();
        for i in 0..600 {
            let (g, origin) = random_case(&mut rng, 40, 100, 45);
            let mut seen = Vec::new();
            whole
                .compute(&g, origin, Range::UNLIMITED, |x, y| seen.push((x, y)))
                .unwrap();
            for y in 0..g.height() as i32 {
                for x in 0..g.width() as i32 {
                    let to = (i64::from(x - origin.0), i64::from(y - origin.1));
                    if to == (0, 0) {
                        continue;
                    }
                    let reach = to.0.unsigned_abs().max(to.1.unsigned_abs()) as u32;
                    let field = Field::new(&g, origin, Range::square(reach)).unwrap();
                    assert_eq!(
                        alone
                            .sees_in_field(&g, &field, to, g.is_opaque(x, y))
                            .unwrap(),
                        seen.contains(&(x, y)),
                        "case {i} from {origin:?} to ({x}, {y})\n{}",
                        g.to_text()
                    );
                }
            }
        }
    }
}
