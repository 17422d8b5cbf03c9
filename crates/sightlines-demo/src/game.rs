//! The game itself: the level, the player, the monsters, turns, targeting
//! and blasts, with no terminal in sight.
//!
//! Everything that happens in a turn lives here, so that tests can play the
//! game by sending [`Command`]s to [`Game::apply`] and reading the state
//! back; [`crate::ui`] only draws a [`Game`] and [`crate::input`] only turns
//! keys into commands.
//!
//! Every use of sight goes through the library's game layer, as the seeds'
//! games do it (RuggRogue, seed 001; the ray-casting tutorial, seed 002):
//!
//! - the player and every monster own a [`Viewer`], recomputed only when it
//!   is dirty: it moved, the algorithm changed, or a door opened within its
//!   range ([`tile_changed`]). Monsters are brought up to date in one batch
//!   with one shared [`Fov`] scratch ([`update_viewers`]), and the game
//!   counts how many were really recomputed;
//! - the player's [`Memory`] is the fog of war: visible, remembered or
//!   unknown;
//! - a monster that sees the player's tile hunts them, except that a
//!   wandering monster looks only ahead of it (a half-plane [`Cone`]); the
//!   player sees a monster only when their own view holds its tile;
//! - the wand aims at what the player sees within its reach, nearest first
//!   ([`targets_into`]); its bolt flies along a Bresenham or supercover line
//!   and bursts at the first wall or creature on the way, and the burst
//!   reaches what the epicentre sees within the blast radius ([`Blast`]).
//!
//! The game is deterministic: the map and every random choice come from
//! the seed (the library's [`SplitMix64`]). Only the measured time of the
//! player's field of view depends on the machine.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use sightlines::generate::{cave, rooms, SplitMix64};
use sightlines::line::{Bresenham, Supercover};
use sightlines::{
    targets_into, tile_changed, update_viewers, Algorithm, Blast, Cone, Fov, Grid, Memory, Opacity,
    Range, Viewer, VisibleSet,
};

/// How far the player sees: radius 10 in RuggRogue's `circle-plus` shape.
pub const PLAYER_SIGHT: Range = Range::circle_plus(10);
/// How far the wand reaches: a tile must also be in view to be aimed at.
pub const WAND_REACH: Range = Range::circle_plus(8);
/// The wand's fireball: RuggRogue's blast of radius 2.
pub const FIREBALL: Blast = Blast::radius(2);
/// The player's hit points at the start.
pub const MAX_HP: u32 = 12;
/// The wand's charges when full.
pub const MAX_CHARGES: u32 = 3;
/// A charge comes back every this many turns.
pub const RECHARGE_TURNS: u64 = 12;
/// A hit point comes back every this many turns.
pub const REGEN_TURNS: u64 = 6;
/// How much the player's own fireball hurts them when they stand in it.
pub const SELF_BURN: u32 = 3;
/// Messages kept for the log.
const LOG_LEN: usize = 8;

/// The nine algorithms on the function keys (and on the number keys when
/// they select algorithms): every algorithm except libtcod's lower
/// permissive levels, which Tab also reaches.
pub const QUICK: [Algorithm; 9] = [
    Algorithm::PrecisePermissive,
    Algorithm::DiamondShadowcast,
    Algorithm::SymmetricShadowcast,
    Algorithm::RecursiveShadowcast,
    Algorithm::Raycast,
    Algorithm::BasicRaycast,
    Algorithm::DiamondRaycast,
    Algorithm::Restrictive,
    Algorithm::Beveled,
];

/// Which generator makes the level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MapKind {
    /// Cellular-automaton caves, as in the seeds.
    #[default]
    Cave,
    /// Rooms joined by corridors, with doors.
    Rooms,
}

impl MapKind {
    /// The name used on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            MapKind::Cave => "cave",
            MapKind::Rooms => "rooms",
        }
    }
}

impl fmt::Display for MapKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for MapKind {
    type Err = String;

    fn from_str(s: &str) -> Result<MapKind, String> {
        match s {
            "cave" => Ok(MapKind::Cave),
            "rooms" => Ok(MapKind::Rooms),
            _ => Err(format!("unknown map kind '{s}'; use cave or rooms")),
        }
    }
}

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

    fn from_glyph(c: char) -> Option<Kind> {
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
    kind: Kind,
    pos: (i32, i32),
    hp: u32,
    viewer: Viewer,
    heading: Dir,
    /// Where it last saw the player, while it hunts them.
    hunt: Option<(i32, i32)>,
    /// Whether it saw the player at its last turn.
    sees_player: bool,
}

impl Monster {
    fn new(kind: Kind, pos: (i32, i32), algorithm: Algorithm, heading: Dir) -> Monster {
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
    stats: Stats,
}

impl Game {
    /// A new game: the level from the configured generator and seed, the
    /// player on the largest open area, the monsters out of sight.
    pub fn new(config: Config) -> Game {
        let width = config.width.clamp(8, 1000);
        let height = config.height.clamp(8, 1000);
        let mut map = match config.map {
            MapKind::Cave => cave(width, height, config.seed),
            MapKind::Rooms => rooms(width, height, config.seed),
        };
        let mut rng = SplitMix64::new(config.seed ^ 0x5157_4854_4c49_4e45);
        let mut region = largest_region(&map);
        if region.is_empty() {
            // A level with no floor at all: open its middle.
            let centre = (width as i32 / 2, height as i32 / 2);
            map.set(centre.0, centre.1, false);
            region.push(centre);
        }
        let mut doors = Grid::new(map.width(), map.height());
        if config.map == MapKind::Rooms {
            place_doors(&mut map, &mut doors, &mut rng);
        }
        // Doors block sight, not the way: the region stays connected, but
        // nobody starts on a door.
        region.retain(|&(x, y)| !doors.is_opaque(x, y));
        if region.is_empty() {
            let centre = (width as i32 / 2, height as i32 / 2);
            map.set(centre.0, centre.1, false);
            doors.set(centre.0, centre.1, false);
            region.push(centre);
        }
        let start = region[rng.below(region.len() as u32) as usize];
        let algorithm = config.algorithm;
        let mut monsters = Vec::new();
        let wanted = config.monsters.min(region.len() / 8);
        let sight = PLAYER_SIGHT.radius().unwrap_or(8) as i64 + 2;
        for _ in 0..wanted * 50 {
            if monsters.len() >= wanted {
                break;
            }
            let pos = region[rng.below(region.len() as u32) as usize];
            let (dx, dy) = (i64::from(pos.0 - start.0), i64::from(pos.1 - start.1));
            let taken = monsters.iter().any(|m: &Monster| m.pos == pos);
            if taken || dx * dx + dy * dy <= sight * sight {
                continue;
            }
            let kind = match rng.below(10) {
                0..=3 => Kind::Rat,
                4..=7 => Kind::Goblin,
                _ => Kind::Orc,
            };
            let heading = Dir::ALL[rng.below(8) as usize];
            monsters.push(Monster::new(kind, pos, algorithm, heading));
        }
        let mut game = Game::assemble(config, map, doors, start, monsters, rng);
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
        let parsed = Grid::parse_with(text, |c| c == '#' || c == '+').map_err(|e| e.to_string())?;
        let start = parsed
            .viewer
            .ok_or("the level has no player: mark one tile with @")?;
        let map = parsed.grid;
        let mut doors = Grid::new(map.width(), map.height());
        let mut monsters = Vec::new();
        for (y, line) in text.lines().enumerate() {
            for (x, c) in line.chars().enumerate() {
                let (x, y) = (x as i32, y as i32);
                if c == '+' || c == '\'' {
                    doors.set(x, y, true);
                }
                if let Some(kind) = Kind::from_glyph(c) {
                    monsters.push(Monster::new(kind, (x, y), algorithm, Dir::W));
                }
            }
        }
        let config = Config {
            seed: 0,
            width: map.width(),
            height: map.height(),
            monsters: monsters.len(),
            algorithm,
            map: MapKind::Cave,
        };
        Ok(Game::assemble(
            config,
            map,
            doors,
            start,
            monsters,
            SplitMix64::new(0),
        ))
    }

    fn assemble(
        config: Config,
        map: Grid,
        doors: Grid,
        start: (i32, i32),
        monsters: Vec<Monster>,
        rng: SplitMix64,
    ) -> Game {
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
            std::iter::once(&mut self.player)
                .chain(std::iter::once(&mut self.compare))
                .chain(self.monsters.iter_mut().map(|m| &mut m.viewer)),
            at,
        );
    }

    fn cycle_algorithm(&mut self, step: isize) {
        let all = Algorithm::ALL;
        let now = all.iter().position(|&a| a == self.algorithm()).unwrap_or(0) as isize;
        let next = (now + step).rem_euclid(all.len() as isize) as usize;
        self.set_algorithm(all[next]);
    }

    /// Everyone sees with `algorithm` from now on; the diff overlay then
    /// compares with the algorithm used before.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        let now = self.algorithm();
        if algorithm == now {
            return;
        }
        self.previous = now;
        self.fov.set_algorithm(algorithm);
        self.player.set_algorithm(algorithm);
        self.compare.set_algorithm(now);
        for m in &mut self.monsters {
            // Dirty: each recomputes at its next turn.
            m.viewer.set_algorithm(algorithm);
        }
        self.refresh_view();
        self.say(format!("Everyone now sees by {algorithm} (was {now})."));
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
        if let Ok(true) = self.player.update(&mut self.fov, &self.map) {
            self.last_fov = Some(start.elapsed());
            self.stats.player_updates += 1;
        }
        self.memory.remember(self.player.visible());
        self.refresh_diff();
    }

    fn refresh_diff(&mut self) {
        if !self.show_diff {
            return;
        }
        self.compare.set_origin(self.player.origin());
        if self.compare.update(&mut self.fov, &self.map).is_err() {
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

    fn update_monster_views(&mut self) -> usize {
        let updated = update_viewers(
            &self.map,
            &mut self.fov,
            self.monsters.iter_mut().map(|m| &mut m.viewer),
        )
        .unwrap_or(0);
        self.stats.monster_updates = updated;
        self.stats.monster_updates_total += updated as u64;
        updated
    }

    fn monsters_act(&mut self) {
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

    // ----- aiming ------------------------------------------------------

    fn start_aiming(&mut self) {
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

    fn refresh_targets(&mut self) {
        let monsters = self.monsters.iter().map(|m| m.pos);
        targets_into(
            self.player.visible(),
            self.player.origin(),
            WAND_REACH,
            monsters,
            &mut self.targets,
        );
    }

    fn aiming(&mut self, command: Command) {
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
    fn refresh_aim(&mut self) {
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
        self.stop_aiming();
        self.end_turn();
    }

    fn say(&mut self, text: String) {
        if self.log.len() == LOG_LEN {
            self.log.pop_front();
        }
        self.log.push_back(text);
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

/// The floor tiles of the largest area reachable by king's moves.
fn largest_region(map: &Grid) -> Vec<(i32, i32)> {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let index = |x: i32, y: i32| (y as usize) * (w as usize) + x as usize;
    let mut seen = vec![false; (w as usize) * (h as usize)];
    let mut best: Vec<(i32, i32)> = Vec::new();
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if seen[index(x, y)] || map.is_opaque(x, y) {
                continue;
            }
            region.clear();
            seen[index(x, y)] = true;
            stack.push((x, y));
            while let Some((cx, cy)) = stack.pop() {
                region.push((cx, cy));
                for dir in Dir::ALL {
                    let (dx, dy) = dir.delta();
                    let (nx, ny) = (cx + dx, cy + dy);
                    if nx < 0 || ny < 0 || nx >= w || ny >= h {
                        continue;
                    }
                    if !seen[index(nx, ny)] && !map.is_opaque(nx, ny) {
                        seen[index(nx, ny)] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            if region.len() > best.len() {
                std::mem::swap(&mut best, &mut region);
            }
        }
    }
    best
}

/// Closes about half of the doorways where a corridor meets a room: a
/// floor tile with walls on two opposite sides, a corridor (walls on both
/// sides) beyond one end and a room (floor on both sides) beyond the other.
fn place_doors(map: &mut Grid, doors: &mut Grid, rng: &mut SplitMix64) {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let floor = |map: &Grid, x: i32, y: i32| !map.is_opaque(x, y);
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            if !floor(map, x, y) {
                continue;
            }
            let doorway = |along: (i32, i32)| {
                let across = (along.1, along.0);
                let wall = |p: (i32, i32)| !floor(map, p.0, p.1);
                let (a, b) = ((x - along.0, y - along.1), (x + along.0, y + along.1));
                let room = |p: (i32, i32)| {
                    floor(map, p.0 + across.0, p.1 + across.1)
                        && floor(map, p.0 - across.0, p.1 - across.1)
                };
                let corridor = |p: (i32, i32)| {
                    wall((p.0 + across.0, p.1 + across.1)) && wall((p.0 - across.0, p.1 - across.1))
                };
                wall((x + across.0, y + across.1))
                    && wall((x - across.0, y - across.1))
                    && floor(map, a.0, a.1)
                    && floor(map, b.0, b.1)
                    && ((room(a) && corridor(b)) || (room(b) && corridor(a)))
            };
            let near_door = (-1..=1).any(|dy| (-1..=1).any(|dx| doors.is_opaque(x + dx, y + dy)));
            if (doorway((1, 0)) || doorway((0, 1))) && !near_door && rng.percent(50) {
                doors.set(x, y, true);
                map.set(x, y, true);
            }
        }
    }
}
