//! The monsters: their kinds, what each sees, and how they act on their
//! turn (notice the player, hunt them, or wander).
//!
//! They are apart from the player's side of [`Game`] because they play by
//! their own rules: each owns a [`Viewer`], all of them are brought up to
//! date with one shared [`Fov`](sightlines::Fov) scratch (through foliage
//! and smoke when the algorithm can), and a wanderer notices the player
//! only ahead of it (a half-plane [`Cone`]).

use sightlines::{Algorithm, Cone, Opacity, Range, Viewer};

use super::{look, Dir, Game, Sight};

/// The kinds of monster: each sees as far as its kind allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Short-sighted and restless.
    Rat,
    /// Sees fairly far.
    Goblin,
    /// Sees as far as the player, takes two hits.
    Orc,
}

impl Kind {
    /// Its letter on the map.
    pub const fn glyph(self) -> char {
        match self {
            Kind::Rat => 'r',
            Kind::Goblin => 'g',
            Kind::Orc => 'o',
        }
    }

    /// Its name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Rat => "rat",
            Kind::Goblin => "goblin",
            Kind::Orc => "orc",
        }
    }

    /// How far it sees.
    pub const fn sight(self) -> Range {
        match self {
            Kind::Rat => Range::circle_plus(4),
            Kind::Goblin => Range::circle_plus(7),
            Kind::Orc => Range::circle_plus(10),
        }
    }

    const fn hp(self) -> u32 {
        match self {
            Kind::Orc => 2,
            _ => 1,
        }
    }

    const fn damage(self) -> u32 {
        match self {
            Kind::Orc => 2,
            _ => 1,
        }
    }

    const fn attack(self) -> &'static str {
        match self {
            Kind::Rat => "bites",
            Kind::Goblin => "stabs",
            Kind::Orc => "hits",
        }
    }

    /// Percent chance to stay put on a turn when not hunting.
    const fn rest(self) -> u32 {
        match self {
            Kind::Rat => 30,
            Kind::Goblin => 50,
            Kind::Orc => 70,
        }
    }

    pub(super) fn from_glyph(c: char) -> Option<Kind> {
        match c {
            'r' => Some(Kind::Rat),
            'g' => Some(Kind::Goblin),
            'o' => Some(Kind::Orc),
            _ => None,
        }
    }
}

/// A monster: where it is and what it sees.
#[derive(Clone, Debug)]
pub struct Monster {
    pub(super) kind: Kind,
    pub(super) pos: (i32, i32),
    pub(super) hp: u32,
    pub(super) viewer: Viewer,
    heading: Dir,
    /// Where it last saw the player, while it hunts them.
    hunt: Option<(i32, i32)>,
    /// Whether it saw the player at its last turn.
    sees_player: bool,
}

impl Monster {
    pub(super) fn new(kind: Kind, pos: (i32, i32), algorithm: Algorithm, heading: Dir) -> Monster {
        Monster {
            kind,
            pos,
            hp: kind.hp(),
            viewer: Viewer::new(pos, kind.sight(), algorithm),
            heading,
            hunt: None,
            sees_player: false,
        }
    }

    /// What it is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Where it stands.
    pub fn pos(&self) -> (i32, i32) {
        self.pos
    }

    /// Its field of view.
    pub fn viewer(&self) -> &Viewer {
        &self.viewer
    }

    /// Which way it faces: where it last stepped, or tried to.
    pub fn facing(&self) -> Dir {
        self.heading
    }

    /// Whether it saw the player on its last turn (and so hunts them).
    pub fn sees_player(&self) -> bool {
        self.sees_player
    }

    /// Whether it is going after the player, seen now or remembered.
    pub fn is_hunting(&self) -> bool {
        self.hunt.is_some()
    }

    fn step_to(&mut self, to: (i32, i32)) {
        self.pos = to;
        self.viewer.set_origin(to); // dirty: recomputed at its next turn
    }
}

impl Game {
    pub(super) fn update_monster_views(&mut self) -> usize {
        let sight = Sight {
            walls: &self.map,
            haze: &self.haze,
        };
        let mut updated = 0;
        for m in &mut self.monsters {
            // A monster off the map (impossible here) would see nothing.
            updated += usize::from(look(&mut m.viewer, &mut self.fov, sight).unwrap_or(false));
        }
        self.stats.monster_updates = updated;
        self.stats.monster_updates_total += updated as u64;
        updated
    }

    pub(super) fn monsters_act(&mut self) {
        // Only the monsters that moved, or saw a door open, or switched
        // algorithm, recompute here.
        self.update_monster_views();
        let me = self.player();
        for i in 0..self.monsters.len() {
            let m = &self.monsters[i];
            let was_hunting = m.hunt.is_some();
            // A wandering monster looks where it walks: it notices the
            // player only in the half plane ahead (a cone of 180 degrees,
            // the same test `Fov::compute_cone` makes), so the player can
            // creep up from behind. A hunter looks all around.
            let ahead = Cone::half(m.heading.delta()).unwrap_or(Cone::FULL);
            let offset = (
                i64::from(me.0) - i64::from(m.pos.0),
                i64::from(me.1) - i64::from(m.pos.1),
            );
            let sees =
                m.viewer.sees(me.0, me.1) && (was_hunting || ahead.contains(offset.0, offset.1));
            let in_view = self.player.sees(m.pos.0, m.pos.1);
            let (kind, pos) = (m.kind, m.pos);
            {
                let m = &mut self.monsters[i];
                m.sees_player = sees;
                if sees {
                    m.hunt = Some(me);
                }
            }
            if sees && !was_hunting && in_view {
                self.say(format!("The {} sees you!", kind.name()));
            }
            if sees && chebyshev(pos, me) == 1 {
                self.hp = self.hp.saturating_sub(kind.damage());
                self.say(format!("The {} {} you.", kind.name(), kind.attack()));
                continue;
            }
            match self.monsters[i].hunt {
                Some(goal) => self.hunt(i, goal),
                None => self.wander(i),
            }
        }
    }

    /// One step nearer `goal`, opening a closed door on the way.
    fn hunt(&mut self, i: usize, goal: (i32, i32)) {
        let pos = self.monsters[i].pos;
        if pos == goal {
            // It reached where it last saw the player and lost track.
            self.monsters[i].hunt = None;
            return;
        }
        let mut best: Option<(Dir, (i32, i32), i64)> = None;
        for dir in Dir::ALL {
            let (dx, dy) = dir.delta();
            let to = (pos.0 + dx, pos.1 + dy);
            let blocked = (self.map.is_opaque(to.0, to.1) && !self.is_closed_door(to.0, to.1))
                || self.occupied(to);
            if blocked {
                continue;
            }
            let d = dist2(to, goal);
            if best.is_none_or(|(_, _, b)| d < b) {
                best = Some((dir, to, d));
            }
        }
        match best {
            Some((dir, to, d)) if d < dist2(pos, goal) => {
                // It turns toward the player and keeps facing that way.
                self.monsters[i].heading = dir;
                if self.is_closed_door(to.0, to.1) {
                    self.open_door(to);
                    if self.player.sees(to.0, to.1) || self.sees(pos.0, pos.1) {
                        let name = self.monsters[i].kind.name();
                        self.say(format!("The {name} opens a door."));
                    }
                } else {
                    self.monsters[i].step_to(to);
                }
            }
            // Nothing brings it nearer: it gives up.
            _ => self.monsters[i].hunt = None,
        }
    }

    fn wander(&mut self, i: usize) {
        let kind = self.monsters[i].kind;
        if self.rng.percent(kind.rest()) {
            return;
        }
        for attempt in 0..3 {
            if attempt > 0 || self.rng.percent(15) {
                self.monsters[i].heading = Dir::ALL[self.rng.below(8) as usize];
            }
            let (dx, dy) = self.monsters[i].heading.delta();
            let pos = self.monsters[i].pos;
            let to = (pos.0 + dx, pos.1 + dy);
            if !self.map.is_opaque(to.0, to.1) && !self.occupied(to) {
                self.monsters[i].step_to(to);
                return;
            }
        }
    }

    fn occupied(&self, at: (i32, i32)) -> bool {
        at == self.player() || self.monsters.iter().any(|m| m.pos == at)
    }
}

fn dist2(a: (i32, i32), b: (i32, i32)) -> i64 {
    let dx = i64::from(a.0) - i64::from(b.0);
    let dy = i64::from(a.1) - i64::from(b.1);
    dx * dx + dy * dy
}

fn chebyshev(a: (i32, i32), b: (i32, i32)) -> i64 {
    let dx = (i64::from(a.0) - i64::from(b.0)).abs();
    let dy = (i64::from(a.1) - i64::from(b.1)).abs();
    dx.max(dy)
}
