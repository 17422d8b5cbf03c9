//! The scan before the bit-parallel rewrite, kept to test the new one against.
use crate::error::FovError;
use crate::field_of_view::{field_of_view, Scan};
use crate::kernel::{each_octant, with_tiles, Field, Octant, Reach, Sink, Slope, Tiles};
use crate::map::Opacity;

/// The octant scans in libtcod's order, as indices into [`Octant::ALL`]:
/// quadrants `(+x, +y)`, `(+x, -y)`, `(-x, +y)`, `(-x, -y)`, each its octant
/// around the y axis (lines are rows) first. The edge reads depend on it.
const PASSES: [usize; 8] = [1, 0, 6, 7, 2, 3, 5, 4];

/// Marks kept per line for the cells other passes read or share: columns
/// 0 and 1 (the axis side) and `line - 1` and `line` (the diagonal side).
const AXIS: u8 = 1;
const NEXT_TO_AXIS: u8 = 2;
const NEXT_TO_DIAGONAL: u8 = 4;
const DIAGONAL: u8 = 8;

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

/// Whether an earlier pass than `pass` saw the tile at map offset `at`.
#[inline]
fn seen_before(marks: &[Vec<u8>; 8], pass: usize, at: (i64, i64)) -> bool {
    PASSES[..pass].iter().zip(marks).any(|(&o, marks)| {
        let oc = Octant::ALL[o];
        let (line, col) = (at.0 * oc.xx + at.1 * oc.yx, at.0 * oc.xy + at.1 * oc.yy);
        line >= 1
            && (0..=line).contains(&col)
            && marks
                .get(line as usize)
                .is_some_and(|&m| m & mark_bits(line, col) != 0)
    })
}

/// An obstacle: the angle range a visible opaque cell covers, maybe widened.
#[derive(Clone, Copy, Debug)]
struct Obstacle {
    start: Slope,
    end: Slope,
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
    /// Per cell of the previous line and of this one: seen and transparent.
    previous: Vec<bool>,
    current: Vec<bool>,
    obstacles: Vec<Obstacle>,
    /// Per pass, per line: the [`mark_bits`] of the cells the pass saw.
    marks: [Vec<u8>; 8],
    /// The range's reach, line by line.
    reach: Reach,
}

impl Restrictive {
    /// Empty scratch; it grows on first use and is then reused.
    pub fn new() -> Restrictive {
        Restrictive::default()
    }

    /// Pass `P` of [`PASSES`], compiled once per pass so that its octant's
    /// transform is constant in the hot loop.
    fn scan<const P: usize, T, S>(&mut self, tiles: &T, field: &Field, sink: &mut S)
    where
        T: Tiles,
        S: Sink,
    {
        let index = P;
        let pass = Octant::ALL[PASSES[P]];
        let (lines, cols) = pass.extents(field);
        let opaque = |(dx, dy): (i64, i64)| tiles.opaque(dx, dy);
        self.marks[index].clear();
        self.marks[index].push(0);
        self.obstacles.clear();
        self.previous.clear();
        let mut in_last_line = 0;
        let mut min_angle = Slope::new(0, 1);
        for line in 1..=lines {
            self.current.clear();
            self.current.resize(line as usize + 1, false);
            let mut marks = 0u8;
            // The first cell whose centre is not below the minimum angle:
            // floor(min_angle·line + 1/2), exactly.
            let first = match (2 * min_angle.num)
                .checked_mul(line)
                .and_then(|p| p.checked_add(min_angle.den))
            {
                // Both are at least 0: a plain division.
                Some(p) => p / (2 * min_angle.den),
                None => {
                    let (n, m) = (i128::from(min_angle.num), i128::from(min_angle.den));
                    ((2 * n * i128::from(line) + m) / (2 * m)) as i64
                }
            };
            let mut done = true;
            let den = 2 * line;
            // The columns of this line within the range's shape.
            let cut = self.reach.at(line);
            for col in first..=line.min(cols) {
                let at = pass.offset(line, col);
                let start = Slope::new(2 * col - 1, den);
                let centre = Slope::new(2 * col, den);
                let end = Slope::new(2 * col + 1, den);
                let wall = opaque(at);
                let mut visible = true;
                let mut extended = false;
                if in_last_line > 0 {
                    // Whether the inner neighbour in column `c` is seen and
                    // transparent: this pass's own mark, or at the octant's
                    // edges an earlier pass's.
                    let previous = &self.previous;
                    let open = |c: i64| -> bool {
                        ((0..line).contains(&c) && previous[c as usize])
                            || ((c <= 0 || c >= line - 1) && {
                                let at = pass.offset(line - 1, c);
                                field.reaches(at.0, at.1)
                                    && !opaque(at)
                                    && seen_before(&self.marks, index, at)
                            })
                    };
                    if !open(col) && !open(col - 1) {
                        visible = false;
                    } else {
                        for o in &mut self.obstacles[..in_last_line] {
                            if start > o.end || end < o.start {
                                continue;
                            }
                            if !wall {
                                if centre > o.start && centre < o.end {
                                    visible = false;
                                    break;
                                }
                            } else if start >= o.start && end <= o.end {
                                visible = false;
                                break;
                            } else {
                                o.start = o.start.min(start);
                                o.end = o.end.max(end);
                                extended = true;
                            }
                        }
                    }
                }
                if !visible {
                    continue;
                }
                done = false;
                self.current[col as usize] = !wall;
                if col <= 1 || col >= line - 1 {
                    marks |= mark_bits(line, col);
                }
                if col <= cut && !((col == 0 || col == line) && seen_before(&self.marks, index, at))
                {
                    sink.tile(at.0, at.1);
                }
                if wall {
                    if min_angle >= start {
                        min_angle = end;
                        if col == line {
                            done = true;
                        }
                    } else if !extended {
                        self.obstacles.push(Obstacle { start, end });
                    }
                }
            }
            self.marks[index].push(marks);
            in_last_line = self.obstacles.len();
            std::mem::swap(&mut self.previous, &mut self.current);
            if done {
                break;
            }
        }
    }
}

field_of_view!(Restrictive);

impl Scan for Restrictive {
    fn run<M, S>(&mut self, map: &M, field: &Field, sink: &mut S) -> Result<(), FovError>
    where
        M: Opacity + ?Sized,
        S: Sink,
    {
        with_tiles!(map, field.origin, |tiles| self.scan_all(tiles, field, sink));
        Ok(())
    }
}

impl Restrictive {
    fn scan_all<T: Tiles, S: Sink>(&mut self, tiles: &T, field: &Field, sink: &mut S) {
        sink.tile(0, 0);
        self.reach.reset(field.range);
        each_octant!(self.scan::<_, T, S>(tiles, field, sink));
    }
}
