//! Foliage and smoke: tiles that dim sight without stopping it.
//!
//! Foliage grows in clumps when the level is made and stays. Smoke is what
//! the wand's blast leaves on every tile it burned; it thins each turn
//! until it is gone. Both are levels of the library's
//! [`Translucency`]: a creature sees through them with less light, and
//! through enough of them not at all (see [`sightlines::translucent`]).
//! Only the algorithms that support it see that way
//! ([`Algorithm::supports_translucency`](sightlines::Algorithm::supports_translucency));
//! to the others, foliage and smoke are clear.

use sightlines::generate::SplitMix64;
use sightlines::translucent::OPAQUE;
use sightlines::{Grid, Opacity, Rect, Translucency};

/// How much a tile of foliage dims sight (of 255).
pub const FOLIAGE: u8 = 64;
/// How much the smoke a blast leaves dims sight at first: a creature sees
/// through one tile of it, not through two.
pub const SMOKE: u8 = 160;
/// How much smoke thins each turn: it is gone four turns after the blast.
pub const SMOKE_FADE: u8 = 40;

/// The translucent tiles of a level.
#[derive(Clone, Debug)]
pub(super) struct Haze {
    /// Foliage tiles (a [`Grid`] used as a bitset).
    foliage: Grid,
    /// Smoke density per tile, row by row.
    smoke: Vec<u8>,
    /// The tiles with smoke, so that thinning does not read the whole map,
    /// each with whether it was filled since the last thinning.
    smoky: Vec<((i32, i32), bool)>,
}

impl Haze {
    /// No foliage, no smoke, on a map of `rect`'s size.
    pub(super) fn clear(rect: Rect) -> Haze {
        Haze {
            foliage: Grid::new(rect.width, rect.height),
            smoke: vec![0; rect.width as usize * rect.height as usize],
            smoky: Vec::new(),
        }
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let rect = self.foliage.rect();
        rect.contains(x, y)
            .then(|| y as usize * rect.width as usize + x as usize)
    }

    /// Clumps of foliage on about one floor tile in `one_in` of `region`:
    /// short random walks from random seeds, over floor only.
    pub(super) fn grow(
        &mut self,
        map: &Grid,
        region: &[(i32, i32)],
        one_in: usize,
        rng: &mut SplitMix64,
    ) {
        const WALK: usize = 10;
        let clumps = region.len() / one_in.max(1) / WALK;
        for _ in 0..clumps {
            let Some(&(mut x, mut y)) = region.get(rng.below(region.len() as u32) as usize) else {
                return;
            };
            for _ in 0..WALK {
                self.foliage.set(x, y, true);
                let (dx, dy) = super::Dir::ALL[rng.below(8) as usize].delta();
                if !map.is_opaque(x + dx, y + dy) && map.rect().contains(x + dx, y + dy) {
                    (x, y) = (x + dx, y + dy);
                }
            }
        }
    }

    /// Plants foliage on one tile.
    pub(super) fn plant(&mut self, x: i32, y: i32) {
        self.foliage.set(x, y, true);
    }

    /// Whether `(x, y)` holds foliage.
    pub(super) fn is_foliage(&self, x: i32, y: i32) -> bool {
        self.foliage.is_opaque(x, y)
    }

    /// How thick the smoke on `(x, y)` is (0: none).
    pub(super) fn smoke(&self, x: i32, y: i32) -> u8 {
        self.index(x, y).map_or(0, |i| self.smoke[i])
    }

    /// Fills `(x, y)` with fresh smoke, which the next thinning spares;
    /// returns whether the tile is on the map.
    pub(super) fn puff(&mut self, x: i32, y: i32) -> bool {
        let Some(i) = self.index(x, y) else {
            return false;
        };
        if self.smoke[i] == 0 {
            self.smoky.push(((x, y), true));
        } else if let Some(entry) = self.smoky.iter_mut().find(|(t, _)| *t == (x, y)) {
            entry.1 = true;
        }
        self.smoke[i] = SMOKE;
        true
    }

    /// Thins every smoke tile but the freshly filled ones by
    /// [`SMOKE_FADE`]; `changed` is told each tile whose level changed.
    pub(super) fn thin(&mut self, mut changed: impl FnMut((i32, i32))) {
        let width = self.foliage.width() as usize;
        let smoke = &mut self.smoke;
        self.smoky.retain_mut(|((x, y), fresh)| {
            if std::mem::take(fresh) {
                return true;
            }
            // Smoky tiles are on the map: their index is in bounds.
            let level = &mut smoke[*y as usize * width + *x as usize];
            *level = level.saturating_sub(SMOKE_FADE);
            changed((*x, *y));
            *level > 0
        });
    }
}

/// What sight meets on a level: walls and closed doors stop it, foliage
/// and smoke dim it ([`FOLIAGE`] plus the smoke's density, below opaque).
/// A [`Translucency`] map for the library, and an [`Opacity`] map (its
/// walls) for the algorithms that see only walls.
#[derive(Clone, Copy, Debug)]
pub struct Sight<'a> {
    pub(super) walls: &'a Grid,
    pub(super) haze: &'a Haze,
}

impl Translucency for Sight<'_> {
    #[inline]
    fn level(&self, x: i32, y: i32) -> u8 {
        if self.walls.is_opaque(x, y) {
            return OPAQUE;
        }
        let foliage = if self.haze.is_foliage(x, y) {
            FOLIAGE
        } else {
            0
        };
        foliage
            .saturating_add(self.haze.smoke(x, y))
            .min(OPAQUE - 1)
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.walls.rect())
    }
}

impl Opacity for Sight<'_> {
    #[inline]
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        self.walls.is_opaque(x, y)
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.walls.rect())
    }
}
