//! The wand: its charges, aiming (the cursor, the targets, the bolt's
//! line) and the blast.
//!
//! It is apart from the turn loop because aiming is a mode of its own with
//! its own commands, and all of it answers one question: what would a bolt
//! fired now reach? The preview ([`Blast`] from the bolt's epicentre) is
//! kept, and firing burns exactly its tiles.

use sightlines::line::{Bresenham, Supercover};
use sightlines::{targets_into, Blast, Opacity, Range};

use super::{Command, Game, Mode};

/// How far the wand reaches: a tile must also be in view to be aimed at.
pub const WAND_REACH: Range = Range::circle_plus(8);
/// The wand's fireball: RuggRogue's blast of radius 2.
pub const FIREBALL: Blast = Blast::radius(2);
/// The wand's charges when full.
pub const MAX_CHARGES: u32 = 3;
/// A charge comes back every this many turns.
pub const RECHARGE_TURNS: u64 = 12;
/// How much the player's own fireball hurts them when they stand in it.
pub const SELF_BURN: u32 = 3;

/// The line a bolt flies along.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// One tile per step: slips between two walls that touch at a corner.
    #[default]
    Bresenham,
    /// Every tile the segment touches: stopped by either wall at a corner.
    Supercover,
}

impl LineKind {
    /// Its name in the status line.
    pub const fn name(self) -> &'static str {
        match self {
            LineKind::Bresenham => "bresenham",
            LineKind::Supercover => "supercover",
        }
    }
}

/// The wand's aim: where the cursor is and what firing would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    /// The tile aimed at.
    pub cursor: (i32, i32),
    /// Which of [`Game::targets`] the cursor is on, if any.
    pub target: Option<usize>,
    /// The line the bolt flies along.
    pub line: LineKind,
    /// How many tiles of [`Game::aim_line`] the bolt flies before it bursts.
    pub flight: usize,
    /// Where it bursts: the cursor, or the first creature on the way, or the
    /// last open tile before a wall.
    pub epicentre: (i32, i32),
    /// Whether the cursor may be fired at: in view, within reach, not the
    /// player's own tile.
    pub valid: bool,
}

impl Game {
    pub(super) fn start_aiming(&mut self) {
        if self.charges == 0 {
            let wait = RECHARGE_TURNS - self.turn % RECHARGE_TURNS;
            self.say(format!(
                "The wand is empty; a charge comes back in {wait} turns."
            ));
            return;
        }
        self.refresh_targets();
        let (cursor, target) = match self.targets.first() {
            Some(&t) => (t, Some(0)),
            None => {
                self.say("No monster in sight: move the cursor to aim at a tile.".to_string());
                (self.player(), None)
            }
        };
        self.mode = Mode::Aim;
        self.aim = Some(Aim {
            cursor,
            target,
            line: self.line_kind,
            flight: 0,
            epicentre: cursor,
            valid: false,
        });
        self.refresh_aim();
    }

    pub(super) fn refresh_targets(&mut self) {
        let monsters = self.monsters.iter().map(|m| m.pos);
        targets_into(
            self.player.visible(),
            self.player.origin(),
            WAND_REACH,
            monsters,
            &mut self.targets,
        );
    }

    pub(super) fn aiming(&mut self, command: Command) {
        let Some(mut aim) = self.aim else {
            self.mode = Mode::Play;
            return;
        };
        match command {
            Command::Cancel => {
                self.stop_aiming();
                return;
            }
            Command::Fire => {
                if aim.valid {
                    self.fire();
                } else if aim.cursor == self.player() {
                    self.say("Aim away from yourself first.".to_string());
                } else {
                    self.say("You can only aim at a tile you see within reach.".to_string());
                }
                return;
            }
            Command::NextTarget | Command::PrevTarget => {
                let n = self.targets.len();
                if n == 0 {
                    self.say("No monster in sight within reach.".to_string());
                    return;
                }
                let forward = command == Command::NextTarget;
                let next = match (aim.target, forward) {
                    (Some(i), true) => (i + 1) % n,
                    (Some(i), false) => (i + n - 1) % n,
                    (None, true) => 0,
                    (None, false) => n - 1,
                };
                aim.target = Some(next);
                aim.cursor = self.targets[next];
            }
            Command::Move(dir) => {
                let (dx, dy) = dir.delta();
                let to = (aim.cursor.0 + dx, aim.cursor.1 + dy);
                let (px, py) = self.player();
                let offset = (i64::from(to.0 - px), i64::from(to.1 - py));
                if !self.map.rect().contains(to.0, to.1) || !WAND_REACH.contains(offset.0, offset.1)
                {
                    return;
                }
                aim.cursor = to;
                aim.target = self.targets.iter().position(|&t| t == to);
            }
            Command::ToggleLine => {
                self.line_kind = match self.line_kind {
                    LineKind::Bresenham => LineKind::Supercover,
                    LineKind::Supercover => LineKind::Bresenham,
                };
                aim.line = self.line_kind;
            }
            _ => return,
        }
        self.aim = Some(aim);
        self.refresh_aim();
    }

    fn stop_aiming(&mut self) {
        self.mode = Mode::Play;
        self.aim = None;
        self.aim_line.clear();
        self.blast_area.clear();
    }

    /// The bolt's flight and the blast's preview for the current cursor.
    pub(super) fn refresh_aim(&mut self) {
        let Some(mut aim) = self.aim else { return };
        let from = self.player();
        self.aim_line.clear();
        match aim.line {
            LineKind::Bresenham => self
                .aim_line
                .extend(Bresenham::new(from, aim.cursor).skip(1)),
            LineKind::Supercover => self
                .aim_line
                .extend(Supercover::new(from, aim.cursor).skip(1)),
        }
        // The bolt flies until a wall stops it (bursting on the tile
        // before) or a creature is in the way (bursting on it).
        let mut epicentre = from;
        let mut flight = 0;
        for &(x, y) in &self.aim_line {
            if self.map.is_opaque(x, y) {
                break;
            }
            flight += 1;
            epicentre = (x, y);
            if self.monster_at(x, y).is_some() {
                break;
            }
        }
        aim.flight = flight;
        aim.epicentre = epicentre;
        let offset = (
            i64::from(aim.cursor.0) - i64::from(from.0),
            i64::from(aim.cursor.1) - i64::from(from.1),
        );
        aim.valid = aim.cursor != from
            && self.player.sees(aim.cursor.0, aim.cursor.1)
            && WAND_REACH.contains(offset.0, offset.1);
        // The epicentre's own field of view within the blast's radius, by
        // the current algorithm: exactly what firing will burn.
        if FIREBALL
            .compute_into(&mut self.fov, &self.map, epicentre, &mut self.blast_area)
            .is_err()
        {
            self.blast_area.clear();
        }
        self.aim = Some(aim);
    }

    fn fire(&mut self) {
        let Some(aim) = self.aim else { return };
        self.charges = self.charges.saturating_sub(1);
        let area = &self.blast_area;
        let before = self.monsters.len();
        let mut burned: Vec<&'static str> = Vec::new();
        self.monsters.retain(|m| {
            let hit = area.contains(m.pos.0, m.pos.1);
            if hit {
                burned.push(m.kind.name());
            }
            !hit
        });
        let killed = before - self.monsters.len();
        self.stats.kills += killed as u32;
        let (px, py) = self.player();
        let self_hit = area.contains(px, py);
        let mut text = if aim.flight == 0 {
            "The bolt bursts in your hands".to_string()
        } else {
            format!("The bolt flies {} and bursts", tiles(aim.flight))
        };
        if burned.is_empty() {
            text.push_str(", burning nothing.");
        } else {
            text.push_str(&format!(", burning {}.", list(&burned)));
        }
        self.say(text);
        if self_hit {
            self.hp = self.hp.saturating_sub(SELF_BURN);
            self.say("You are caught in the blast!".to_string());
        }
        if self.monsters.is_empty() {
            self.say("The level is quiet: every monster is gone.".to_string());
        }
        self.leave_smoke();
        self.stop_aiming();
        self.end_turn();
    }
}

/// "1 tile", "3 tiles".
fn tiles(n: usize) -> String {
    if n == 1 {
        "1 tile".to_string()
    } else {
        format!("{n} tiles")
    }
}

/// "a rat", "a rat and 2 goblins" ...
fn list(names: &[&str]) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for &n in names {
        match counts.iter_mut().find(|(m, _)| *m == n) {
            Some((_, c)) => *c += 1,
            None => counts.push((n, 1)),
        }
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|&(n, c)| {
            if c == 1 {
                format!("a {n}")
            } else {
                format!("{c} {n}s")
            }
        })
        .collect();
    match parts.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
