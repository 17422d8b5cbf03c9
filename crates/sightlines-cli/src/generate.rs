//! `sightlines generate`: map files from the library's generators, so every
//! figure can be rebuilt from a kind, a size and a seed.

use crate::input::{floor_tiles, parse_size, write_output};
use crate::Failure;
use clap::{Args, ValueEnum};
use sightlines::generate::{cave, pillars, rooms, SplitMix64};
use sightlines::Grid;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// What to generate.
    #[arg(value_enum)]
    pub kind: Kind,
    /// The map's size in tiles, as WIDTHxHEIGHT (each 1 to 10000).
    #[arg(long, value_name = "WxH", allow_hyphen_values = true, default_value = "80x40", value_parser = parse_size)]
    pub size: (u32, u32),
    /// The random seed (pillar fields do not use it).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        default_value = "1"
    )]
    pub seed: u64,
    /// Mark a floor tile, picked with the seed, as the viewer '@'.
    #[arg(long)]
    pub viewer: bool,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// Cellular-automaton caves: 45% walls, five rounds of the 4-5 rule.
    Cave,
    /// Rectangular rooms joined by L-shaped corridors.
    Rooms,
    /// An open hall with a pillar where x % 4 == 2 and y % 4 == 2.
    Pillars,
}

pub fn run(args: &GenerateArgs) -> Result<(), Failure> {
    let (w, h) = args.size;
    // The generators allocate with Grid::new, which panics when memory runs
    // out; try the allocation first, to fail with a message instead.
    drop(Grid::try_new(w, h).map_err(|e| Failure::input(e.to_string()))?);
    let grid = match args.kind {
        Kind::Cave => cave(w, h, args.seed),
        Kind::Rooms => rooms(w, h, args.seed),
        Kind::Pillars => pillars(w, h),
    };
    let mut text = grid.to_text();
    if args.viewer {
        let floors = floor_tiles(&grid);
        if floors.is_empty() {
            return Err(Failure::input(format!(
                "the {w}x{h} map has no floor tile to put the viewer on; try another seed or a larger size"
            )));
        }
        // A stream apart from the generator's, so the map does not change.
        let mut rng = SplitMix64::new(args.seed ^ 0x05EE_D0FF_1E1D);
        let (x, y) = floors[rng.below(floors.len() as u32) as usize];
        let at = y as usize * (w as usize + 1) + x as usize;
        text.replace_range(at..at + 1, "@");
    }
    write_output(args.output.as_deref(), text.as_bytes(), false)
}
