//! Precise Permissive FOV through translucent tiles.
//!
//! **Definition** (see [`translucent`](crate::translucent)): a tile's
//! visibility is the largest, over the segments from a point strictly
//! inside the origin's tile to a point strictly inside it, of the starting
//! visibility minus the levels of the tiles whose interiors the segment
//! meets on the way. Reversed, a segment meets the same tiles, so
//! visibility is symmetric: A sees B as well as B sees A.
//!
//! **How.** The plain scan's views, each with the visibility its sight
//! lines still have. A view meeting a tile of level `L` splits in three,
//! by where its lines pass the tile: beyond its top-left corner (the
//! shallow line bumped there), beyond its bottom-right corner (the steep
//! line bumped there), both kept at the view's visibility; and through its
//! interior (the steep line bumped at the top-left corner, the shallow one
//! at the bottom-right), at `L` less, or gone when nothing is left. An
//! opaque tile leaves the first two: the plain scan's bump or split. The
//! three views share only their boundary lines, and such a line, which
//! touches the tile's corner without crossing it, keeps the brighter
//! visibility through the view on its side: so every line is in some view
//! with exactly its own visibility, and in no view brighter. A tile is seen
//! at the best visibility of the views that reach it.
//!
//! Views now overlap on a row (a tile two views reach is no longer given to
//! the first), so each view reads its own span, from where its parent split
//! on the row; a row keeps its tiles' best visibility until it is done.

use super::{Bump, Line, PrecisePermissive, View, NO_BUMP};
use crate::kernel::tiles::Asked;
use crate::kernel::{Field, Quadrant, Stepped};
use crate::translucent::{Translucency, Walls};

/// A view with the visibility its lines still have, above 0.
#[derive(Clone, Copy, Debug)]
struct LitView {
    view: View,
    visibility: i32,
    /// The first tile of the row being scanned the view has left to read:
    /// past the tile that split it from its parent; [`DONE`] when it is
    /// done with the row (and already stepped to the next).
    from: i64,
}

/// [`LitView::from`] of a view done with the row.
const DONE: i64 = i64::MAX;

/// Scratch for the translucent scan, kept between calls.
#[derive(Clone, Debug, Default)]
pub(super) struct Lit {
    views: Vec<LitView>,
    /// The views of the next row.
    next: Vec<LitView>,
    /// The views beyond a tile that split them, left to scan on the row,
    /// the next on top.
    stack: Vec<LitView>,
    /// The best visibility of each tile of the row being scanned.
    row: Vec<u8>,
    /// The best visibility of the tiles on the axes, which two quadrants
    /// share, by distance: +x, -x, +y, -y.
    axes: [Vec<u8>; 4],
}

impl PrecisePermissive {
    /// Reports every tile of `field` visible from its origin with sight
    /// starting at `start` (above 0), with its visibility, by offset: the
    /// whole origin tile sees, whatever the permissiveness level.
    pub(crate) fn run_translucent<M, V>(&mut self, map: &M, field: &Field, start: u8, visit: &mut V)
    where
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        visit(0, 0, start);
        let reach = self.reserve(&Walls(map), field.range);
        let lit = &mut self.lit;
        for views in [&mut lit.views, &mut lit.next] {
            views.clear();
            views.reserve(4 * reach);
        }
        lit.stack.clear();
        lit.stack.reserve(reach);
        lit.row.clear();
        lit.row.reserve(reach);
        for axis in &mut lit.axes {
            axis.clear();
            axis.reserve(reach);
        }
        for q in Quadrant::ALL {
            self.translucent_quadrant(map, field, start, q, visit);
        }
        for (j, axis) in self.lit.axes.iter().enumerate() {
            let (sx, sy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][j];
            for (d, &v) in axis.iter().enumerate().skip(1) {
                if v > 0 {
                    visit(sx * d as i64, sy * d as i64, v);
                }
            }
        }
    }

    /// Scans quadrant `q` row by row, as the plain scan does.
    fn translucent_quadrant<M, V>(
        &mut self,
        map: &M,
        field: &Field,
        start: u8,
        q: Quadrant,
        visit: &mut V,
    ) where
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        let (ex, ey) = q.extents(field);
        if ex == 0 && ey == 0 {
            return;
        }
        let level = |x: i64, y: i64| {
            let (tx, ty) = field.tile(q.sx * x, q.sy * y);
            map.level(tx, ty)
        };
        // The diagonal rule shuts corners between two opaque tiles.
        let walls = Walls(map);
        let tiles = &Asked::new(&walls, field.origin);
        let seal = field.gaps.blocks();
        let closed = |view: &View, bumps: &[Bump]| {
            view.is_dead(0, 1) || seal && view.sealed(q, tiles, bumps)
        };
        let mut first = View {
            shallow: Line::through(0, 1, ex.max(1), 0),
            steep: Line::through(1, 0, 0, ey.max(1)),
            shallow_bumps: NO_BUMP,
            steep_bumps: NO_BUMP,
            lo: Stepped::constant(0),
            hi: Stepped::constant(0),
        };
        first.shallow_bound(0, 1);
        first.steep_bound(0, 1);
        let Lit {
            views,
            next,
            stack,
            row,
            axes,
        } = &mut self.lit;
        let bumps = &mut self.bumps;
        bumps.clear();
        views.clear();
        views.push(LitView {
            view: first,
            visibility: i32::from(start),
            from: 0,
        });
        for y in 0..=ey {
            let last = self.reach.at(y).min(ex);
            if last < 0 || views.is_empty() {
                return;
            }
            row.clear();
            next.clear();
            // Each view, then the views it splits into that go on along the
            // row, depth first: the next row's views keep their order.
            for &view in views.iter() {
                let mut pending = Some(view);
                while let Some(mut lit) = pending.take().or_else(|| stack.pop()) {
                    if lit.from == DONE {
                        lit.from = 0;
                        next.push(lit);
                        continue;
                    }
                    let view = &mut lit.view;
                    if seal && view.shut_on_row(q, tiles, y) {
                        continue;
                    }
                    let lo = view.lo.value.max(lit.from).max(i64::from(y == 0));
                    let hi = view.hi.value.min(last);
                    if lo > hi {
                        // Unless beyond the range, and only going farther.
                        if view.lo.value <= last || view.lo.step < 0 {
                            view.next_row(1);
                            lit.from = 0;
                            next.push(lit);
                        }
                        continue;
                    }
                    // The first tile from `lo` on that dims.
                    let mut x = lo;
                    let mut dims = 0;
                    while x <= hi {
                        dims = level(x, y);
                        if dims > 0 {
                            break;
                        }
                        x += 1;
                    }
                    see(row, lo, x.min(hi), lit.visibility);
                    if x > hi {
                        view.next_row(1);
                        lit.from = 0;
                        next.push(lit);
                        continue;
                    }
                    let [near, through, far] = split(bumps, lit, (x, y), i32::from(dims), closed);
                    // The view beyond the tile's top-left corner is done with
                    // the row; the one through it goes on now, and the one
                    // beyond its bottom-right corner after it.
                    next.extend(near);
                    stack.extend(far);
                    pending = through;
                }
            }
            std::mem::swap(views, next);
            for (x, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let x = x as i64;
                match (x, y) {
                    (0, _) => keep(&mut axes[2 + usize::from(q.sy < 0)], y, v),
                    (_, 0) => keep(&mut axes[usize::from(q.sx < 0)], x, v),
                    _ => visit(q.sx * x, q.sy * y, v),
                }
            }
        }
    }
}

/// The views a tile `(x, y)` dimming by `dims` splits `parent` into, from
/// the steep side: beyond its top-left corner (done with the row, already
/// stepped to the next), through it (dimmed), beyond its bottom-right
/// corner; each when it holds a line.
/// The last two go on along the row from the next tile.
/// `closed` tells a view that sees nothing more.
fn split(
    bumps: &mut Vec<Bump>,
    parent: LitView,
    (x, y): (i64, i64),
    dims: i32,
    closed: impl Fn(&View, &[Bump]) -> bool,
) -> [Option<LitView>; 3] {
    let (left, right, bottom, top) = (x, x + 1, y, y + 1);
    let view = &parent.view;
    // Whether the tile stops the lines along the shallow line, along the
    // steep line: then no line passes that side of it.
    let shallow_hit = view.shallow.side(right, bottom) < 0;
    let steep_hit = view.steep.side(left, top) > 0;
    let mut near = None;
    if !steep_hit {
        let mut v = *view;
        v.bump::<true>(bumps, left, top);
        if !closed(&v, bumps) {
            v.shallow_bound(y, 1);
            v.next_row(1);
            near = Some(LitView {
                view: v,
                visibility: parent.visibility,
                from: 0,
            });
        }
    }
    let mut through = None;
    let visibility = parent.visibility - dims;
    if visibility > 0 {
        let mut v = *view;
        if !steep_hit {
            v.bump::<false>(bumps, left, top);
            v.steep_bound(y, 1);
        }
        if !shallow_hit {
            v.bump::<true>(bumps, right, bottom);
            v.shallow_bound(y, 1);
        }
        if !closed(&v, bumps) {
            through = Some(LitView {
                view: v,
                visibility,
                from: x + 1,
            });
        }
    }
    let mut far = None;
    if !shallow_hit {
        let mut v = *view;
        v.bump::<false>(bumps, right, bottom);
        if !closed(&v, bumps) {
            v.steep_bound(y, 1);
            let mut from = x + 1;
            if v.steep.dy <= 0 {
                // The line is level or falls: no more tiles on this row.
                v.next_row(1);
                from = DONE;
            }
            far = Some(LitView {
                view: v,
                visibility: parent.visibility,
                from,
            });
        }
    }
    [near, through, far]
}

/// Raises the best visibility of the row's tiles `lo..=hi` to `v`.
fn see(row: &mut Vec<u8>, lo: i64, hi: i64, v: i32) {
    let (lo, hi) = (lo as usize, hi as usize);
    if row.len() <= hi {
        row.resize(hi + 1, 0);
    }
    let v = v as u8;
    for best in &mut row[lo..=hi] {
        *best = (*best).max(v);
    }
}

/// Keeps the best visibility of the tile `d` along an axis.
fn keep(axis: &mut Vec<u8>, d: i64, v: u8) {
    let d = d as usize;
    if axis.len() <= d {
        axis.resize(d + 1, 0);
    }
    axis[d] = axis[d].max(v);
}
