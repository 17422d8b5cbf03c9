//! `raycast` through translucent tiles: the plain cast's rays, each
//! carrying its own visibility.
//!
//! Mirrored into one octant the rays aim at `(D, c)` for `c` from 0 to `D`
//! (see [`Raycast`](crate::Raycast)) and ray `c` crosses the line `depth`
//! away at column `floor((2·depth·c + D) / 2D)`. A line is scanned run of
//! rays by run: the tile a run crosses is seen at the best visibility of
//! its rays still going on, then dims each of them by its level. A ray
//! stops where the plain cast's does: before a tile off the map or out of
//! the range, after an opaque one (its level puts any visibility out), and
//! with the diagonal rule before a step between two opaque tiles that touch
//! at a corner.

use super::raycast::first_ray;
use crate::kernel::tiles::Asked;
use crate::kernel::{pinched, Field, Octant};
use crate::translucent::scan::TranslucentScan;
use crate::translucent::{Translucency, Walls};

impl TranslucentScan {
    /// Reports every tile of `field` that a ray reaches with visibility
    /// left, starting at `start`, with the best such visibility, by offset.
    pub(crate) fn raycast<M, V>(&mut self, map: &M, field: &Field, start: u8, visit: &mut V)
    where
        M: Translucency + ?Sized,
        V: FnMut(i64, i64, u8),
    {
        visit(0, 0, start);
        self.prepare(map, field);
        let walls = Walls(map);
        let tiles = &Asked::new(&walls, field.origin);
        // The ring the rays aim at: the field's longest reach.
        let d = field.left.max(field.right).max(field.up).max(field.down);
        if d == 0 {
            return;
        }
        for (k, &octant) in Octant::ALL.iter().enumerate() {
            let (max_depth, max_col) = octant.extents(field);
            let mut rays = std::mem::take(&mut self.rays);
            rays.clear();
            rays.resize(d as usize + 1, i32::from(start));
            // The rays still going on lie between `lo` and `hi`.
            let (mut lo, mut hi) = (0, d);
            for depth in 1..=max_depth {
                let top = depth.min(max_col).min(self.reach.at(depth));
                // Rays past `top` leave the map or the range here, for good
                // (columns grow with the ray, every shape with the depth).
                hi = hi.min(first_ray(d, depth, top + 1).0 - 1);
                while lo <= hi && rays[lo as usize] <= 0 {
                    lo += 1;
                }
                while hi >= lo && rays[hi as usize] <= 0 {
                    hi -= 1;
                }
                if lo > hi {
                    break;
                }
                let mut c = lo;
                while c <= hi {
                    let col = (2 * depth * c + d) / (2 * d);
                    // The run of rays crossing this column: up to the first
                    // ray of the next.
                    let end = (first_ray(d, depth, col + 1).0 - 1).min(hi);
                    if field.gaps.blocks()
                        && col > 0
                        && pinched(
                            tiles,
                            octant.offset(depth - 1, col - 1),
                            octant.offset(depth, col),
                        )
                    {
                        // The rays that step here from the column before
                        // pass the corner the rule shuts.
                        let stepped = if depth == 1 {
                            end
                        } else {
                            (first_ray(d, depth - 1, col).0 - 1).min(end)
                        };
                        if stepped >= c {
                            rays[c as usize..=stepped as usize].fill(0);
                        }
                    }
                    let run = &mut rays[c as usize..=end as usize];
                    let best = run.iter().copied().max().unwrap_or(0);
                    if best > 0 {
                        self.see(k, octant, depth, col, best as u8, visit);
                        let (dx, dy) = octant.offset(depth, col);
                        let (x, y) = field.tile(dx, dy);
                        let level = i32::from(map.level(x, y));
                        for v in run.iter_mut() {
                            *v -= level;
                        }
                    }
                    c = end + 1;
                }
            }
            self.rays = rays;
        }
        self.report_lines(visit);
    }
}
