//! The level: which generator makes it, the generation itself (the map,
//! the doors, where the player and the monsters start) and the text format
//! of hand-drawn levels.
//!
//! It is apart from [`super::Game`] because it runs once, before the first
//! turn: a [`Level`] is everything a game starts from, and nothing here
//! knows about turns.

use std::fmt;
use std::str::FromStr;

use sightlines::generate::{cave, rooms, SplitMix64};
use sightlines::{Algorithm, Grid, Opacity};

use super::haze::Haze;
use super::{Config, Dir, Kind, Monster, PLAYER_SIGHT};

/// Which generator makes the level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MapKind {
    /// Cellular-automaton caves.
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

/// What a game starts from.
pub(super) struct Level {
    /// Opacity: walls and closed doors.
    pub(super) map: Grid,
    /// Door tiles, open or closed (a [`Grid`] used as a bitset).
    pub(super) doors: Grid,
    /// Foliage (and, later, smoke).
    pub(super) haze: Haze,
    /// The player's tile.
    pub(super) start: (i32, i32),
    pub(super) monsters: Vec<Monster>,
}

/// About one floor tile in this many grows foliage.
const FOLIAGE_ONE_IN: usize = 12;

impl Level {
    /// The level from the configured generator and seed, the player on the
    /// largest open area, the monsters out of sight. `rng` makes every
    /// choice and goes on into the game.
    pub(super) fn generate(config: &Config, rng: &mut SplitMix64) -> Level {
        let width = config.width.clamp(8, 1000);
        let height = config.height.clamp(8, 1000);
        let mut map = match config.map {
            MapKind::Cave => cave(width, height, config.seed),
            MapKind::Rooms => rooms(width, height, config.seed),
        };
        let mut region = largest_region(&map);
        if region.is_empty() {
            // A level with no floor at all: open its middle.
            let centre = (width as i32 / 2, height as i32 / 2);
            map.set(centre.0, centre.1, false);
            region.push(centre);
        }
        let mut doors = Grid::new(map.width(), map.height());
        if config.map == MapKind::Rooms {
            place_doors(&mut map, &mut doors, rng);
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
        let monsters = place_monsters(config, &region, start, rng);
        // From a random stream of its own, so that the map, the start, the
        // monsters and their moves of a seed stay what they were before
        // foliage grew.
        let mut haze = Haze::clear(map.rect());
        let mut growth = SplitMix64::new(config.seed ^ 0x0046_6f6c_6961_6765);
        haze.grow(&map, &region, FOLIAGE_ONE_IN, &mut growth);
        Level {
            map,
            doors,
            haze,
            start,
            monsters,
        }
    }

    /// A level drawn as text, in the format of [`super::Game::from_text`].
    pub(super) fn parse(text: &str, algorithm: Algorithm) -> Result<Level, String> {
        let parsed = Grid::parse_with(text, |c| c == '#' || c == '+').map_err(|e| e.to_string())?;
        let start = parsed
            .viewer
            .ok_or("the level has no player: mark one tile with @")?;
        let map = parsed.grid;
        let mut doors = Grid::new(map.width(), map.height());
        let mut haze = Haze::clear(map.rect());
        let mut monsters = Vec::new();
        for (y, line) in text.lines().enumerate() {
            for (x, c) in line.chars().enumerate() {
                let (x, y) = (x as i32, y as i32);
                if c == '+' || c == '\'' {
                    doors.set(x, y, true);
                }
                if c == '"' {
                    haze.plant(x, y);
                }
                if let Some(kind) = Kind::from_glyph(c) {
                    monsters.push(Monster::new(kind, (x, y), algorithm, Dir::W));
                }
            }
        }
        Ok(Level {
            map,
            doors,
            haze,
            start,
            monsters,
        })
    }
}

/// Up to `config.monsters` monsters on `region`, one per 8 tiles at most,
/// none within the player's sight of `start`.
fn place_monsters(
    config: &Config,
    region: &[(i32, i32)],
    start: (i32, i32),
    rng: &mut SplitMix64,
) -> Vec<Monster> {
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
        monsters.push(Monster::new(kind, pos, config.algorithm, heading));
    }
    monsters
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
