//! `sightlines check --translucent`: the symmetry of sight through
//! translucent tiles.
//!
//! Through translucent tiles a pair of tiles is symmetric when each sees the
//! other at the same visibility; an *uneven* pair is one where A sees B
//! better than B sees A (B not seeing A at all is the extreme case). An
//! algorithm whose plain field is symmetric between floors
//! (`Algorithm::is_symmetric`) keeps that promise through translucent tiles
//! when its definition makes it so: `precise-permissive` and
//! `symmetric-shadowcast` do (the segments, or the ray between two centres,
//! are the same both ways).
//!
//! Every visibility between the checked tiles is kept, a byte a pair, so
//! the tiles checked are capped at [`MAX_TILES`]; the promises every
//! algorithm makes (the origin seen, each tile once, none off the map or out
//! of range) are held on each field as in [`crate::pairs`].

use crate::pairs::Promises;
use crate::Failure;
use sightlines::{Algorithm, DiagonalGaps, Fov, LevelGrid, Range, VisibleSet};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The most tiles a translucent check takes: their visibilities, a byte a
/// pair, stay within 16 MiB.
pub const MAX_TILES: usize = 4096;

/// A pair seen better one way: `seer` sees `seen` at `there`, `seen` sees
/// `seer` at `back` (0: not at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uneven {
    pub seer: (i32, i32),
    pub seen: (i32, i32),
    pub there: u8,
    pub back: u8,
}

/// The outcome of checking one algorithm through translucent tiles.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// How many uneven pairs.
    pub uneven: u64,
    /// The first `limit` of them, by their seer (row, then column).
    pub listed: Vec<Uneven>,
    pub promises: Promises,
}

/// Checks every pair among `tiles` (sorted by row, then column, at most
/// [`MAX_TILES`]) through the levels of `levels`, sight starting at
/// `visibility`; `progress` is called with (done, total) fields of view.
pub fn check(
    levels: &LevelGrid,
    tiles: &[(i32, i32)],
    (algorithm, visibility, gaps): (Algorithm, u8, DiagonalGaps),
    range: Range,
    limit: usize,
    mut progress: impl FnMut(usize, usize),
) -> Result<Outcome, Failure> {
    debug_assert!(tiles.len() <= MAX_TILES);
    let n = tiles.len();
    let index: HashMap<(i32, i32), usize> =
        tiles.iter().enumerate().map(|(i, &t)| (t, i)).collect();
    let mut seen_at = vec![0u8; n * n];
    let mut fov = Fov::new(algorithm);
    fov.set_visibility(visibility);
    fov.set_diagonal_gaps(gaps);
    let mut promises = Promises::default();
    let mut field = VisibleSet::new();
    let map = levels.rect();
    for (i, &origin) in tiles.iter().enumerate() {
        field.reset(map);
        let mut origin_seen = false;
        fov.compute_translucent(levels, origin, range, |x, y, v| {
            if promises.hold(origin, (x, y), (map, range), &mut field) {
                origin_seen |= (x, y) == origin;
                if let Some(&j) = index.get(&(x, y)) {
                    seen_at[i * n + j] = v;
                }
            }
        })
        .map_err(|e| Failure::input(e.to_string()))?;
        promises.end_field(origin, origin_seen);
        progress(i + 1, n);
    }
    let mut outcome = Outcome {
        promises,
        ..Outcome::default()
    };
    for i in 0..n {
        for j in 0..n {
            let (there, back) = (seen_at[i * n + j], seen_at[j * n + i]);
            if there > back {
                outcome.uneven += 1;
                if outcome.listed.len() < limit {
                    outcome.listed.push(Uneven {
                        seer: tiles[i],
                        seen: tiles[j],
                        there,
                        back,
                    });
                }
            }
        }
    }
    Ok(outcome)
}

/// An algorithm's uneven pairs: how many, whether it promised none, and the
/// first of them.
pub fn write(out: &mut String, a: Algorithm, outcome: &Outcome) {
    let count = outcome.uneven;
    let promise = crate::check::promise(a, count);
    let _ = writeln!(
        out,
        "{a}: {count} uneven pairs through translucent tiles; {promise}"
    );
    for u in &outcome.listed {
        let back = match u.back {
            0 => "does not see it back".to_owned(),
            v => format!("sees it back at {v}"),
        };
        let _ = writeln!(
            out,
            "  ({}, {}) sees ({}, {}) at {}, but ({}, {}) {back}",
            u.seer.0, u.seer.1, u.seen.0, u.seen.1, u.there, u.seen.0, u.seen.1
        );
    }
    if count > outcome.listed.len() as u64 {
        let _ = writeln!(
            out,
            "  ... and {} more",
            count - outcome.listed.len() as u64
        );
    }
}

/// The error for a sample too large to keep every pair's visibility.
pub fn too_many(name: &str, tiles: usize) -> Failure {
    Failure::usage(format!(
        "{name}: --translucent keeps a visibility for every pair of the {tiles} tiles checked; check at most {MAX_TILES} with --sample {MAX_TILES} or less"
    ))
}
