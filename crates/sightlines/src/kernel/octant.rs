//! The quadrant and octant transforms: algorithms scan in a canonical frame
//! (offsets that grow away from the origin) and map each offset back through
//! them, so no algorithm writes its own reflection tables.

use super::field::Field;
use super::sink::Sink;

/// One of the four quadrants: offsets `(x * sx, y * sy)` for `x, y >= 0`.
///
/// The axes are shared by two quadrants each; [`Quadrant::owns_x_axis`] and
/// [`Quadrant::owns_y_axis`] say which one reports them, so that a tile on an
/// axis is reported once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quadrant {
    /// +1 or -1: the direction of x.
    pub(crate) sx: i64,
    /// +1 or -1: the direction of y.
    pub(crate) sy: i64,
}

impl Quadrant {
    /// The four quadrants, counter-clockwise from +x+y.
    pub(crate) const ALL: [Quadrant; 4] = [
        Quadrant { sx: 1, sy: 1 },
        Quadrant { sx: -1, sy: 1 },
        Quadrant { sx: -1, sy: -1 },
        Quadrant { sx: 1, sy: -1 },
    ];

    /// The map offset of quadrant offset `(x, y)` (the scans map through
    /// octants; tests' references still use it).
    #[cfg(test)]
    pub(crate) fn offset(self, x: i64, y: i64) -> (i64, i64) {
        (x * self.sx, y * self.sy)
    }

    /// Whether this quadrant reports the tiles with `y == 0`, `x > 0`.
    #[inline]
    pub(crate) fn owns_x_axis(self) -> bool {
        self.sy > 0
    }

    /// Whether this quadrant reports the tiles with `x == 0`, `y > 0`.
    #[inline]
    pub(crate) fn owns_y_axis(self) -> bool {
        self.sx > 0
    }

    /// How far `field` reaches along this quadrant's x and y axes.
    #[inline]
    pub(crate) fn extents(self, field: &Field) -> (i64, i64) {
        (
            if self.sx > 0 { field.right } else { field.left },
            if self.sy > 0 { field.down } else { field.up },
        )
    }
}

/// One of the eight octants: a scan by `depth` along a major axis and
/// `col` across it, `0 <= col <= depth`, mapped to a map offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Octant {
    /// Map dx per unit of depth.
    pub(crate) xx: i64,
    /// Map dx per unit of col.
    pub(crate) xy: i64,
    /// Map dy per unit of depth.
    pub(crate) yx: i64,
    /// Map dy per unit of col.
    pub(crate) yy: i64,
}

impl Octant {
    /// The eight octants, going around the origin; octants `2k` and `2k + 1`
    /// share the diagonal `col == depth`, octants `2k + 1` and `2k + 2` share
    /// an axis `col == 0`.
    pub(crate) const ALL: [Octant; 8] = [
        Octant::new(1, 0, 0, 1),
        Octant::new(0, 1, 1, 0),
        Octant::new(0, -1, 1, 0),
        Octant::new(-1, 0, 0, 1),
        Octant::new(-1, 0, 0, -1),
        Octant::new(0, -1, -1, 0),
        Octant::new(0, 1, -1, 0),
        Octant::new(1, 0, 0, -1),
    ];

    const fn new(xx: i64, xy: i64, yx: i64, yy: i64) -> Octant {
        Octant { xx, xy, yx, yy }
    }

    /// The map offset of octant position (`depth`, `col`).
    #[inline(always)]
    pub(crate) fn offset(self, depth: i64, col: i64) -> (i64, i64) {
        (
            depth * self.xx + col * self.xy,
            depth * self.yx + col * self.yy,
        )
    }

    /// This frame with depth and col swapped: its lines at one depth are
    /// this one's tiles at one col, so [`Tiles::octant_bits`] on it reads a
    /// run along this octant's depth axis.
    ///
    /// [`Tiles::octant_bits`]: super::Tiles::octant_bits
    #[inline]
    pub(crate) const fn transposed(self) -> Octant {
        Octant::new(self.xy, self.xx, self.yy, self.yx)
    }

    /// The octant holding offset `(dx, dy)` (not the origin), as an index
    /// into [`Octant::ALL`], and the offset's `(depth, col)` there. A tile
    /// on a line two octants share goes to the one the scans have report
    /// it: the even octant for a diagonal, the odd one for an axis.
    pub(crate) fn holding(dx: i64, dy: i64) -> (usize, i64, i64) {
        debug_assert!((dx, dy) != (0, 0));
        let (ax, ay) = (dx.abs(), dy.abs());
        // By the octants' order around the origin (see `ALL`).
        let index = match (dx > 0, dy > 0, ax > ay) {
            _ if ax == ay => match (dx > 0, dy > 0) {
                (true, true) => 0,
                (false, true) => 2,
                (false, false) => 4,
                (true, false) => 6,
            },
            _ if dy == 0 => {
                if dx > 0 {
                    7
                } else {
                    3
                }
            }
            _ if dx == 0 => {
                if dy > 0 {
                    1
                } else {
                    5
                }
            }
            (true, true, true) => 0,
            (true, true, false) => 1,
            (false, true, false) => 2,
            (false, true, true) => 3,
            (false, false, true) => 4,
            (false, false, false) => 5,
            (true, false, false) => 6,
            (true, false, true) => 7,
        };
        let octant = Octant::ALL[index];
        // The transform is a signed permutation: its inverse is its transpose.
        let depth = dx * octant.xx + dy * octant.yx;
        let col = dx * octant.xy + dy * octant.yy;
        (index, depth, col)
    }

    /// How far `field` reaches along this octant's depth and col axes.
    #[inline]
    pub(crate) fn extents(self, field: &Field) -> (i64, i64) {
        let reach = |dx: i64, dy: i64| match (dx, dy) {
            (1, 0) => field.right,
            (-1, 0) => field.left,
            (0, 1) => field.down,
            _ => field.up,
        };
        (reach(self.xx, self.yx), reach(self.xy, self.yy))
    }

    /// Whether columns grow the way the map's coordinates do along a row
    /// (or column) of the map: then bit `i` of a line read in the map's
    /// order is column `c0 + i`, else column `c0 + len - 1 - i`.
    #[inline(always)]
    pub(crate) const fn runs_forward(self) -> bool {
        self.xy + self.yy > 0
    }

    /// Puts the tiles (`depth`, `c0..=c1`) of this octant in `sink`, as one
    /// row or column of the map.
    #[inline(always)]
    pub(crate) fn span<S: Sink>(self, sink: &mut S, depth: i64, c0: i64, c1: i64) {
        if c1 < c0 {
            return;
        }
        let (ax, ay) = self.offset(depth, c0);
        let (bx, by) = self.offset(depth, c1);
        if self.xy != 0 {
            sink.row(ay, ax.min(bx), ax.max(bx));
        } else {
            sink.column(ax, ay.min(by), ay.max(by));
        }
    }
}

/// `each_octant!(self.scan::<_, T, S>(tiles, sink))` calls
/// `self.scan::<0, T, S>(tiles, sink)`, then `::<1, T, S>`, up to 7: a const
/// generic, so that each octant's transform is constant in its own copy.
macro_rules! each_octant {
    ($this:ident . $method:ident :: <_ $(, $generic:tt)*> ($($arg:expr),* $(,)?)) => {{
        $this.$method::<0 $(, $generic)*>($($arg),*);
        $this.$method::<1 $(, $generic)*>($($arg),*);
        $this.$method::<2 $(, $generic)*>($($arg),*);
        $this.$method::<3 $(, $generic)*>($($arg),*);
        $this.$method::<4 $(, $generic)*>($($arg),*);
        $this.$method::<5 $(, $generic)*>($($arg),*);
        $this.$method::<6 $(, $generic)*>($($arg),*);
        $this.$method::<7 $(, $generic)*>($($arg),*);
    }};
}
pub(crate) use each_octant;

/// `each_quadrant!(self.scan::<_, T, S>(tiles, sink))` calls it with the
/// const generics 0 to 3, as [`each_octant!`] does for octants.
macro_rules! each_quadrant {
    ($this:ident . $method:ident :: <_ $(, $generic:tt)*> ($($arg:expr),* $(,)?)) => {{
        $this.$method::<0 $(, $generic)*>($($arg),*);
        $this.$method::<1 $(, $generic)*>($($arg),*);
        $this.$method::<2 $(, $generic)*>($($arg),*);
        $this.$method::<3 $(, $generic)*>($($arg),*);
    }};
}
pub(crate) use each_quadrant;

/// `one_octant!(k, verdict_in::<_, T>(tiles, a, b))` calls
/// `verdict_in::<k, T>(tiles, a, b)` for the octant index `k` (0 to 7, any
/// larger as 7): a run-time octant dispatched to its own const-generic
/// copy, as [`each_octant!`] calls all eight. A method works too
/// (`self.sight::<_, _>(…)`).
macro_rules! one_octant {
    ($k:expr, $($f:ident).+ :: <_ $(, $generic:tt)*> ($($arg:expr),* $(,)?)) => {
        match $k {
            0 => $($f).+::<0 $(, $generic)*>($($arg),*),
            1 => $($f).+::<1 $(, $generic)*>($($arg),*),
            2 => $($f).+::<2 $(, $generic)*>($($arg),*),
            3 => $($f).+::<3 $(, $generic)*>($($arg),*),
            4 => $($f).+::<4 $(, $generic)*>($($arg),*),
            5 => $($f).+::<5 $(, $generic)*>($($arg),*),
            6 => $($f).+::<6 $(, $generic)*>($($arg),*),
            _ => $($f).+::<7 $(, $generic)*>($($arg),*),
        }
    };
}
pub(crate) use one_octant;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octants_cover_every_offset_once_off_the_shared_lines() {
        let mut hits = std::collections::HashMap::new();
        for o in Octant::ALL {
            for depth in 1..=5 {
                for col in 1..depth {
                    *hits.entry(o.offset(depth, col)).or_insert(0) += 1;
                }
            }
        }
        for dx in -5i64..=5 {
            for dy in -5i64..=5 {
                let interior = dx != 0 && dy != 0 && dx.abs() != dy.abs();
                assert_eq!(
                    hits.get(&(dx, dy)).copied().unwrap_or(0),
                    usize::from(interior),
                    "{dx},{dy}"
                );
            }
        }
    }

    #[test]
    fn holding_finds_each_offset_and_its_owner() {
        for dx in -6i64..=6 {
            for dy in -6i64..=6 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let (k, depth, col) = Octant::holding(dx, dy);
                assert!((0..=depth).contains(&col), "{dx},{dy}");
                assert_eq!(Octant::ALL[k].offset(depth, col), (dx, dy));
                // Shared lines: diagonals to the even octant, axes to the odd.
                if col == depth {
                    assert_eq!(k % 2, 0, "{dx},{dy}");
                } else if col == 0 {
                    assert_eq!(k % 2, 1, "{dx},{dy}");
                }
            }
        }
    }

    #[test]
    fn quadrants_own_each_axis_once() {
        for (dx, dy) in [(3, 0), (-3, 0), (0, 3), (0, -3)] {
            let owners = Quadrant::ALL
                .iter()
                .filter(|q| {
                    let (x, y) = (dx * q.sx, dy * q.sy);
                    x >= 0 && y >= 0 && (y != 0 || q.owns_x_axis()) && (x != 0 || q.owns_y_axis())
                })
                .count();
            assert_eq!(owners, 1, "{dx},{dy}");
        }
    }
}
