//! The game itself: the level, the player, the monsters, turns, targeting
//! and blasts, with no terminal in sight.
//!
//! Everything that happens in a turn lives here, so that tests can play the
//! game by sending [`Command`]s to [`Game::apply`] and reading the state
//! back; [`crate::ui`] only draws a [`Game`] and [`crate::input`] only turns
//! keys into commands.
//!
//! This module holds the [`Game`] state, its [`Config`], the commands and
//! the turn loop; three private submodules hold the parts, and their public
//! items are re-exported here:
//!
//! - `level`: the map kinds and the generation of a level (doors,
//!   foliage, where the player and the monsters start);
//! - `haze`: foliage and the smoke blasts leave, which dim sight;
//! - `monsters`: the monsters, what they see and how they move;
//! - `wand`: aiming, the bolt and the blast.
//!
//! Every use of sight goes through the library's game layer, as roguelikes
//! do it (RuggRogue, or a ray-casting roguelike tutorial):
//!
//! - the player and every monster own a [`Viewer`], recomputed only when it
//!   is dirty: it moved, the algorithm changed, or a door opened or smoke
//!   thinned within its range ([`tile_changed`]). Everyone shares one
//!   [`Fov`] scratch, and the game counts how many views were really
//!   recomputed;
//! - foliage and smoke are translucent: the algorithms that support it see
//!   through them dimmer ([`Viewer::update_translucent`]), and not at all
//!   through two tiles of fresh smoke, so a blast's smoke hides the player
//!   from the monsters for a few turns;
//! - the player's [`Memory`] is the fog of war: visible, remembered or
//!   unknown;
//! - a monster that sees the player's tile hunts them, except that a
//!   wandering monster looks only ahead of it (a half-plane
//!   [`Cone`](sightlines::Cone)); the player sees a monster only when their
//!   own view holds its tile;
//! - the wand aims at what the player sees within its reach, nearest first
//!   ([`targets_into`](sightlines::targets_into)); its bolt flies along a
//!   Bresenham or supercover line and bursts at the first wall or creature
//!   on the way, and the burst reaches what the epicentre sees within the
//!   blast radius ([`Blast`](sightlines::Blast)).
//!
//! The game is deterministic: the map and every random choice come from
//! the seed (the library's [`SplitMix64`]). Only the measured time of the
//! player's field of view depends on the machine.

mod haze;
mod level;
mod monsters;
mod wand;

pub use haze::{Sight, FOLIAGE, SMOKE, SMOKE_FADE};
pub use level::MapKind;
pub use monsters::{Kind, Monster};
pub use wand::{Aim, LineKind, FIREBALL, MAX_CHARGES, RECHARGE_TURNS, SELF_BURN, WAND_REACH};

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use sightlines::generate::SplitMix64;
use sightlines::{
    tile_changed, Algorithm, DiagonalGaps, Fov, FovError, Grid, Memory, Opacity, Range, Viewer,
    VisibleSet,
};

use haze::Haze;
use level::Level;

/// How far the player sees: radius 10 in RuggRogue's `circle-plus` shape.
pub const PLAYER_SIGHT: Range = Range::circle_plus(10);
/// The player's hit points at the start.
pub const MAX_HP: u32 = 12;
/// A hit point comes back every this many turns.
pub const REGEN_TURNS: u64 = 6;
/// Messages kept for the log.
const LOG_LEN: usize = 8;

/// The nine algorithms on the function keys (and on the number keys when
/// they select algorithms): every algorithm except libtcod's lower
/// permissive levels, which Tab also reaches.
pub const QUICK: [Algorithm; 9] = match Algorithm::ALL.first_chunk() {
    // The catalogue lists the lower permissive levels last.
    Some(first) => *first,
    None => panic!("the catalogue has nine algorithms before the permissive levels"),
};

/// What a new game is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Seed of the map and of every random choice.
    pub seed: u64,
    /// Caves or rooms.
    pub map: MapKind,
    /// Map size in tiles (clamped to 8..=1000 on each side).
    pub width: u32,
    /// See `width`.
    pub height: u32,
    /// How many monsters to place (at most one per 8 floor tiles).
    pub monsters: usize,
    /// The algorithm everyone sees with at the start.
    pub algorithm: Algorithm,
}

impl Config {
    /// The default game for `seed` on a map of `kind`: a level of 140x70
    /// tiles, larger than any usual terminal, with 24 monsters.
    pub fn new(seed: u64, map: MapKind) -> Config {
        Config {
            seed,
            map,
            width: 140,
            height: 70,
            monsters: 24,
            algorithm: Algorithm::SymmetricShadowcast,
        }
    }
}

/// One of the eight directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up.
    N,
    /// Up and right.
    NE,
    /// Right.
    E,
    /// Down and right.
    SE,
    /// Down.
    S,
    /// Down and left.
    SW,
    /// Left.
    W,
    /// Up and left.
    NW,
}

impl Dir {
    /// The eight directions, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The step `(dx, dy)`; y grows down.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (1, 1),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, -1),
        }
    }
}

/// What the player asks for. Which ones apply depends on the [`Mode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Step (or attack, or open a door); moves the cursor while aiming.
    Move(Dir),
    /// Let a turn pass.
    Wait,
    /// Show the help screen.
    Help,
    /// Close the help screen, or stop aiming.
    Cancel,
    /// Leave the game.
    Quit,
    /// The next algorithm of [`Algorithm::ALL`].
    NextAlgorithm,
    /// The previous algorithm of [`Algorithm::ALL`].
    PrevAlgorithm,
    /// The algorithm [`QUICK`]`[i]`.
    SelectAlgorithm(usize),
    /// Show or hide where the current and the previous algorithm disagree.
    ToggleDiff,
    /// Walls touching at a corner seal it, or let sight through
    /// ([`DiagonalGaps`]).
    ToggleDiagonalGaps,
    /// Take the wand out and aim it.
    Aim,
    /// While aiming: the next target, farther away.
    NextTarget,
    /// While aiming: the previous target, nearer.
    PrevTarget,
    /// While aiming: fly the bolt along a Bresenham or a supercover line.
    ToggleLine,
    /// While aiming: fire.
    Fire,
    /// After death: a new game on the next seed.
    Restart,
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Moving about.
    Play,
    /// Aiming the wand: a cursor, the bolt's line and the blast's preview.
    Aim,
    /// The player died; restart or quit.
    Dead,
}

/// Whether the program goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep playing.
    Continue,
    /// Leave.
    Quit,
}

/// Counters the status line shows and the tests check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Monster fields of view recomputed in the last monster turn.
    pub monster_updates: usize,
    /// Monster fields of view recomputed since the start.
    pub monster_updates_total: u64,
    /// Player fields of view recomputed since the start.
    pub player_updates: u64,
    /// Monsters killed.
    pub kills: u32,
}

/// Tiles where the current algorithm and the one compared disagree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// Seen by the current algorithm only.
    pub only_current: usize,
    /// Seen by the compared algorithm only.
    pub only_other: usize,
}

/// A whole game.
#[derive(Clone, Debug)]
pub struct Game {
    config: Config,
    /// Opacity: walls and closed doors.
    map: Grid,
    /// Door tiles, open or closed (a [`Grid`] used as a bitset).
    doors: Grid,
    /// Foliage and smoke.
    haze: Haze,
    player: Viewer,
    hp: u32,
    charges: u32,
    memory: Memory,
    monsters: Vec<Monster>,
    /// Scratch shared by every computation, set to the current algorithm.
    fov: Fov,
    previous: Algorithm,
    /// The player's view by the previous algorithm, for the diff overlay.
    compare: Viewer,
    show_diff: bool,
    diff: Diff,
    last_fov: Option<Duration>,
    mode: Mode,
    help: bool,
    aim: Option<Aim>,
    targets: Vec<(i32, i32)>,
    aim_line: Vec<(i32, i32)>,
    blast_area: VisibleSet,
    line_kind: LineKind,
    rng: SplitMix64,
    turn: u64,
    log: VecDeque<String>,
    /// What the player's last view change revealed and hid (for "you spot").
    newly_seen: VisibleSet,
    newly_hidden: VisibleSet,
    stats: Stats,
}

impl Game {
    /// A new game: the level from the configured generator and seed, the
    /// player on the largest open area, the monsters out of sight.
    pub fn new(config: Config) -> Game {
        let mut rng = SplitMix64::new(config.seed ^ 0x5157_4854_4c49_4e45);
        let level = Level::generate(&config, &mut rng);
        let mut game = Game::assemble(config, level, rng);
        game.say(format!(
            "A {} level of {}x{} tiles, seed {}, {} monsters. ? shows the keys.",
            config.map,
            game.map.width(),
            game.map.height(),
            config.seed,
            game.monsters.len()
        ));
        game
    }

    /// A game on a level drawn as text, for tests and examples: `#` wall,
    /// `+` closed door, `'` open door, `@` the player, `r`, `g`, `o` a rat,
    /// a goblin, an orc, each facing west (left); anything else is floor.
    ///
    /// # Errors
    ///
    /// A message when the text is not a rectangle or has no `@`.
    pub fn from_text(text: &str, algorithm: Algorithm) -> Result<Game, String> {
        let level = Level::parse(text, algorithm)?;
        let config = Config {
            seed: 0,
            width: level.map.width(),
            height: level.map.height(),
            monsters: level.monsters.len(),
            algorithm,
            map: MapKind::Cave,
        };
        Ok(Game::assemble(config, level, SplitMix64::new(0)))
    }

    fn assemble(config: Config, level: Level, rng: SplitMix64) -> Game {
        let Level {
            map,
            doors,
            haze,
            start,
            monsters,
        } = level;
        let algorithm = config.algorithm;
        let previous = if algorithm == Algorithm::PrecisePermissive {
            Algorithm::SymmetricShadowcast
        } else {
            Algorithm::PrecisePermissive
        };
        // Memory::new fails only for areas beyond 2^31 tiles; a Grid that
        // large cannot be generated here, but stay total anyway.
        let memory = Memory::new(map.rect()).unwrap_or_default();
        let mut game = Game {
            config,
            map,
            doors,
            haze,
            player: Viewer::new(start, PLAYER_SIGHT, algorithm),
            hp: MAX_HP,
            charges: MAX_CHARGES,
            memory,
            monsters,
            fov: Fov::new(algorithm),
            previous,
            compare: Viewer::new(start, PLAYER_SIGHT, previous),
            show_diff: false,
            diff: Diff::default(),
            last_fov: None,
            mode: Mode::Play,
            help: false,
            aim: None,
            targets: Vec::new(),
            aim_line: Vec::new(),
            blast_area: VisibleSet::new(),
            line_kind: LineKind::default(),
            rng,
            turn: 0,
            log: VecDeque::with_capacity(LOG_LEN + 1),
            newly_seen: VisibleSet::new(),
            newly_hidden: VisibleSet::new(),
            stats: Stats::default(),
        };
        game.refresh_view();
        // Monsters look around once, so that they know from the start
        // whether they see the player.
        game.update_monster_views();
        game
    }

    // ----- reading the state -------------------------------------------

    /// The configuration the game was made from.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The level: which tiles block sight (walls and closed doors).
    pub fn map(&self) -> &Grid {
        &self.map
    }

    /// Whether `(x, y)` is a wall (a closed door is not a wall).
    pub fn is_wall(&self, x: i32, y: i32) -> bool {
        self.map.is_opaque(x, y) && !self.is_door(x, y)
    }

    /// Whether `(x, y)` is a door, open or closed.
    pub fn is_door(&self, x: i32, y: i32) -> bool {
        self.doors.is_opaque(x, y)
    }

    /// Whether `(x, y)` is a closed door.
    pub fn is_closed_door(&self, x: i32, y: i32) -> bool {
        self.is_door(x, y) && self.map.is_opaque(x, y)
    }

    /// Whether `(x, y)` holds foliage.
    pub fn is_foliage(&self, x: i32, y: i32) -> bool {
        self.haze.is_foliage(x, y)
    }

    /// How thick the smoke on `(x, y)` is: 0 for none, [`SMOKE`] fresh.
    pub fn smoke(&self, x: i32, y: i32) -> u8 {
        self.haze.smoke(x, y)
    }

    /// What sight meets: walls and closed doors, foliage and smoke.
    pub fn sight(&self) -> Sight<'_> {
        Sight {
            walls: &self.map,
            haze: &self.haze,
        }
    }

    /// Whether everyone now sees through foliage and smoke dimmer, or as
    /// if they were clear: the algorithm must support translucency.
    pub fn sees_through_haze(&self) -> bool {
        self.algorithm().supports_translucency()
    }

    /// The player's position.
    pub fn player(&self) -> (i32, i32) {
        self.player.origin()
    }

    /// The player's field of view.
    pub fn view(&self) -> &Viewer {
        &self.player
    }

    /// Whether the player sees `(x, y)` now.
    pub fn sees(&self, x: i32, y: i32) -> bool {
        self.player.sees(x, y)
    }

    /// The player's hit points.
    pub fn hp(&self) -> u32 {
        self.hp
    }

    /// The wand's charges.
    pub fn charges(&self) -> u32 {
        self.charges
    }

    /// The fog of war: every tile the player has seen.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// The living monsters.
    pub fn monsters(&self) -> &[Monster] {
        &self.monsters
    }

    /// The monster on `(x, y)`, if any.
    pub fn monster_at(&self, x: i32, y: i32) -> Option<&Monster> {
        self.monsters.iter().find(|m| m.pos == (x, y))
    }

    /// The algorithm everyone sees with.
    pub fn algorithm(&self) -> Algorithm {
        self.player.algorithm()
    }

    /// The algorithm the diff overlay compares with: the previous one.
    pub fn compared(&self) -> Algorithm {
        self.previous
    }

    /// Whether the diff overlay is on.
    pub fn show_diff(&self) -> bool {
        self.show_diff
    }

    /// The player's field of view by the compared algorithm (up to date
    /// while the diff overlay is on).
    pub fn compare_view(&self) -> &Viewer {
        &self.compare
    }

    /// How much the two algorithms disagree (while the overlay is on).
    pub fn diff(&self) -> Diff {
        self.diff
    }

    /// How long the player's last field of view took to compute.
    pub fn last_fov_time(&self) -> Option<Duration> {
        self.last_fov
    }

    /// What the game waits for.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the help screen is up.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// The wand's aim, while aiming.
    pub fn aim(&self) -> Option<&Aim> {
        self.aim.as_ref()
    }

    /// While aiming: the monsters in view within reach, nearest first.
    pub fn targets(&self) -> &[(i32, i32)] {
        &self.targets
    }

    /// While aiming: the line from the player (excluded) to the cursor.
    pub fn aim_line(&self) -> &[(i32, i32)] {
        &self.aim_line
    }

    /// While aiming: the tiles the blast would reach.
    pub fn blast_area(&self) -> &VisibleSet {
        &self.blast_area
    }

    /// The line kind the next bolt flies along.
    pub fn line_kind(&self) -> LineKind {
        self.line_kind
    }

    /// Turns played.
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// Recent messages, oldest first.
    pub fn log(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.log.iter().map(String::as_str)
    }

    /// Counters.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    // ----- playing -----------------------------------------------------

    /// Carries out one command; returns whether to go on.
    pub fn apply(&mut self, command: Command) -> Flow {
        if command == Command::Quit {
            return Flow::Quit;
        }
        if self.help {
            // Any key closes the help screen.
            self.help = false;
            return Flow::Continue;
        }
        if command == Command::Help {
            self.help = true;
            return Flow::Continue;
        }
        match command {
            Command::NextAlgorithm => {
                self.cycle_algorithm(1);
                return Flow::Continue;
            }
            Command::PrevAlgorithm => {
                self.cycle_algorithm(-1);
                return Flow::Continue;
            }
            Command::SelectAlgorithm(i) => {
                if let Some(&a) = QUICK.get(i) {
                    self.set_algorithm(a);
                }
                return Flow::Continue;
            }
            Command::ToggleDiagonalGaps => {
                self.toggle_diagonal_gaps();
                return Flow::Continue;
            }
            Command::ToggleDiff => {
                self.show_diff = !self.show_diff;
                self.refresh_diff();
                if self.show_diff {
                    self.say(format!(
                        "Showing where {} and {} disagree.",
                        self.algorithm(),
                        self.previous
                    ));
                }
                return Flow::Continue;
            }
            _ => {}
        }
        match self.mode {
            Mode::Play => self.play(command),
            Mode::Aim => self.aiming(command),
            Mode::Dead => {
                if command == Command::Restart {
                    let mut config = self.config;
                    config.seed = config.seed.wrapping_add(1);
                    *self = Game::new(config);
                }
            }
        }
        Flow::Continue
    }

    fn play(&mut self, command: Command) {
        match command {
            Command::Move(dir) => self.player_step(dir),
            Command::Wait => self.end_turn(),
            Command::Aim => self.start_aiming(),
            _ => {}
        }
    }

    fn player_step(&mut self, dir: Dir) {
        let (dx, dy) = dir.delta();
        let (x, y) = self.player();
        let to = (x.saturating_add(dx), y.saturating_add(dy));
        if let Some(i) = self.monsters.iter().position(|m| m.pos == to) {
            let m = &mut self.monsters[i];
            m.hp = m.hp.saturating_sub(1);
            let name = m.kind.name();
            if m.hp == 0 {
                self.monsters.swap_remove(i);
                self.stats.kills += 1;
                self.say(format!("You slay the {name}."));
            } else {
                self.say(format!("You hit the {name}."));
            }
            self.end_turn();
        } else if self.is_closed_door(to.0, to.1) {
            self.open_door(to);
            self.say("You open the door.".to_string());
            self.end_turn();
        } else if self.map.is_opaque(to.0, to.1) || !self.map.rect().contains(to.0, to.1) {
            // Bumping costs no turn.
            self.say("You bump into the wall.".to_string());
        } else {
            self.player.set_origin(to);
            self.end_turn();
        }
    }

    fn open_door(&mut self, at: (i32, i32)) {
        self.map.set(at.0, at.1, false);
        // Only the fields of view whose range covers the door can change.
        tile_changed(
            everyone(&mut self.player, &mut self.compare, &mut self.monsters),
            at,
        );
    }

    fn cycle_algorithm(&mut self, step: isize) {
        let all = Algorithm::ALL;
        let now = all.iter().position(|&a| a == self.algorithm()).unwrap_or(0) as isize;
        let next = (now + step).rem_euclid(all.len() as isize) as usize;
        self.set_algorithm(all[next]);
    }

    /// Whether walls touching at a corner seal it for everyone's sight.
    pub fn diagonal_gaps(&self) -> DiagonalGaps {
        self.fov.diagonal_gaps()
    }

    /// Turns the diagonal rule on or off for everyone, if the algorithm
    /// keeps it; every view is recomputed.
    pub fn toggle_diagonal_gaps(&mut self) {
        let algorithm = self.algorithm();
        let gaps = match self.diagonal_gaps() {
            DiagonalGaps::Block => DiagonalGaps::Pass,
            DiagonalGaps::Pass if !algorithm.supports_diagonal_rule() => {
                self.say(format!(
                    "{algorithm} does not keep the diagonal rule yet; try recursive-shadowcast."
                ));
                return;
            }
            DiagonalGaps::Pass => DiagonalGaps::Block,
        };
        self.set_diagonal_gaps(gaps);
        self.say(match gaps {
            DiagonalGaps::Block => "Walls touching at a corner now seal it (g).".to_string(),
            DiagonalGaps::Pass => format!("Sight passes corners as {algorithm} has it (g)."),
        });
    }

    fn set_diagonal_gaps(&mut self, gaps: DiagonalGaps) {
        self.fov.set_diagonal_gaps(gaps);
        for viewer in everyone(&mut self.player, &mut self.compare, &mut self.monsters) {
            viewer.mark_dirty();
        }
        self.refresh_view();
        if self.mode == Mode::Aim {
            self.refresh_targets();
            self.refresh_aim();
        }
    }

    /// Everyone sees with `algorithm` from now on; the diff overlay then
    /// compares with the algorithm used before.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        let now = self.algorithm();
        if algorithm == now {
            return;
        }
        self.previous = now;
        if self.diagonal_gaps().blocks() && !algorithm.supports_diagonal_rule() {
            self.fov.set_diagonal_gaps(DiagonalGaps::Pass);
            self.say(format!(
                "{algorithm} does not keep the diagonal rule yet: it is off."
            ));
        }
        self.fov.set_algorithm(algorithm);
        self.player.set_algorithm(algorithm);
        self.compare.set_algorithm(now);
        for m in &mut self.monsters {
            // Dirty: each recomputes at its next turn.
            m.viewer.set_algorithm(algorithm);
        }
        self.refresh_view();
        self.say(format!("Everyone now sees by {algorithm} (was {now})."));
        if !self.sees_through_haze() {
            self.say(format!(
                "{algorithm} does not see through translucent tiles yet: foliage and smoke are clear to it."
            ));
        }
        if self.mode == Mode::Aim {
            // What is in view changed: so may the targets.
            self.refresh_targets();
            if let Some(aim) = &mut self.aim {
                aim.target = self.targets.iter().position(|&t| t == aim.cursor);
            }
            self.refresh_aim();
        }
    }

    /// The player's view after a move or a change: recomputed if dirty,
    /// timed, and remembered.
    fn refresh_view(&mut self) {
        let start = Instant::now();
        let sight = Sight {
            walls: &self.map,
            haze: &self.haze,
        };
        if let Ok(true) = look(&mut self.player, &mut self.fov, sight) {
            self.last_fov = Some(start.elapsed());
            self.stats.player_updates += 1;
            self.spot_monsters();
        }
        self.memory.remember(self.player.visible());
        self.refresh_diff();
    }

    /// "You spot a goblin": the monsters on tiles the last update revealed.
    fn spot_monsters(&mut self) {
        self.player
            .changes(&mut self.newly_seen, &mut self.newly_hidden);
        // The first monster's name and how many more: no list each update.
        let mut spotted = self
            .monsters
            .iter()
            .filter(|m| self.newly_seen.contains(m.pos.0, m.pos.1))
            .map(|m| m.kind.name());
        match (spotted.next(), spotted.count()) {
            (None, _) => {}
            (Some(one), 0) => self.say(format!("You spot a {one}.")),
            (Some(first), more) => self.say(format!("You spot a {first} and {more} more.")),
        }
    }

    fn refresh_diff(&mut self) {
        if !self.show_diff {
            return;
        }
        self.compare.set_origin(self.player.origin());
        let sight = Sight {
            walls: &self.map,
            haze: &self.haze,
        };
        if look(&mut self.compare, &mut self.fov, sight).is_err() {
            self.diff = Diff::default();
            return;
        }
        let (a, b) = (self.player.visible(), self.compare.visible());
        self.diff = Diff {
            only_current: a.iter().filter(|&(x, y)| !b.contains(x, y)).count(),
            only_other: b.iter().filter(|&(x, y)| !a.contains(x, y)).count(),
        };
    }

    fn end_turn(&mut self) {
        self.turn += 1;
        let (player, compare, monsters) = (&mut self.player, &mut self.compare, &mut self.monsters);
        self.haze.thin(|tile| {
            tile_changed(everyone(player, compare, monsters), tile);
        });
        if self.turn % REGEN_TURNS == 0 {
            self.hp = (self.hp + 1).min(MAX_HP);
        }
        if self.turn % RECHARGE_TURNS == 0 && self.charges < MAX_CHARGES {
            self.charges += 1;
        }
        self.refresh_view();
        self.monsters_act();
        // Again, in case a monster opened a door in view (only then is the
        // view dirty and recomputed).
        self.refresh_view();
        if self.hp == 0 {
            self.mode = Mode::Dead;
            self.say(format!(
                "You die on turn {}. r: a new cave, q: quit.",
                self.turn
            ));
        }
    }

    /// Fills the tiles of the blast that are not walls with smoke.
    fn leave_smoke(&mut self) {
        for (x, y) in self.blast_area.iter() {
            if !self.map.is_opaque(x, y) && self.haze.puff(x, y) {
                tile_changed(
                    everyone(&mut self.player, &mut self.compare, &mut self.monsters),
                    (x, y),
                );
            }
        }
    }

    fn say(&mut self, text: String) {
        if self.log.len() == LOG_LEN {
            self.log.pop_front();
        }
        self.log.push_back(text);
    }
}

/// Every viewer of the game: the player's, the diff overlay's and the
/// monsters'. Fields apart, so that the callers can borrow the rest.
fn everyone<'a>(
    player: &'a mut Viewer,
    compare: &'a mut Viewer,
    monsters: &'a mut [Monster],
) -> impl Iterator<Item = &'a mut Viewer> {
    [player, compare]
        .into_iter()
        .chain(monsters.iter_mut().map(|m| &mut m.viewer))
}

/// Brings `viewer` up to date on `sight`: through foliage and smoke when
/// its algorithm can, else seeing only the walls.
fn look(viewer: &mut Viewer, fov: &mut Fov, sight: Sight<'_>) -> Result<bool, FovError> {
    if viewer.algorithm().supports_translucency() {
        viewer.update_translucent(fov, &sight)
    } else {
        viewer.update(fov, &sight)
    }
}
