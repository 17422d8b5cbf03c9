//! `sightlines generate`: map files from the library's generators, so every
//! figure can be rebuilt from a kind, a size and a seed.

use crate::input::{count_floors, parse_size, write_output_with};
use crate::progress;
use crate::Failure;
use clap::{Args, ValueEnum};
use sightlines::generate::{cave, pillars, rooms, SplitMix64};
use sightlines::hex::{Layout, UnknownLayout};
use sightlines::{Grid, Opacity};
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
    /// Make a hex map in this offset layout (odd-r, even-r, odd-q, even-q),
    /// written in the hex text format; caves only. `--size` counts offset
    /// columns and rows.
    #[arg(long, value_name = "LAYOUT", value_parser = parse_layout)]
    pub hex: Option<Layout>,
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

/// Parses a hex layout id.
fn parse_layout(s: &str) -> Result<Layout, String> {
    s.parse().map_err(|e: UnknownLayout| e.to_string())
}

pub fn run(args: &GenerateArgs) -> Result<(), Failure> {
    if let Some(layout) = args.hex {
        return run_hex(args, layout);
    }
    let (w, h) = args.size;
    // The generators allocate with Grid::new, which panics when memory runs
    // out; try the allocation first, to fail with a message instead.
    drop(Grid::try_new(w, h).map_err(|e| Failure::input(e.to_string()))?);
    let kind = match args.kind {
        Kind::Cave => "cave",
        Kind::Rooms => "rooms",
        Kind::Pillars => "pillar field",
    };
    // The generators say nothing of how far they are: a spinner, then a bar
    // while the rows are written.
    let spinner = progress::spinner(format!("generating a {w}x{h} {kind}"));
    let grid = match args.kind {
        Kind::Cave => cave(w, h, args.seed),
        Kind::Rooms => rooms(w, h, args.seed),
        Kind::Pillars => pillars(w, h),
    };
    spinner.finish_and_clear();
    let viewer = if args.viewer {
        let floors = count_floors(&grid) as u64;
        if floors == 0 {
            return Err(Failure::input(format!(
                "the {w}x{h} map has no floor tile to put the viewer on; try another seed or a larger size"
            )));
        }
        // A stream apart from the generator's, so the map does not change.
        let mut rng = SplitMix64::new(args.seed ^ 0x05EE_D0FF_1E1D);
        nth_floor(&grid, rng.below(floors as u32) as u64)
    } else {
        None
    };
    let bar = progress::bar(u64::from(h), format!("writing the {kind}"), "rows");
    // Row by row, as Grid::to_text writes them: the text is never held whole.
    write_output_with(args.output.as_deref(), false, |out| {
        let mut row = Vec::with_capacity(w as usize + 1);
        for y in 0..h as i32 {
            row.clear();
            row.extend((0..w as i32).map(|x| if grid.is_opaque(x, y) { b'#' } else { b'.' }));
            if let Some((vx, vy)) = viewer {
                if vy == y {
                    row[vx as usize] = b'@';
                }
            }
            row.push(b'\n');
            out.write_all(&row)?;
            bar.inc(1);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    Ok(())
}

/// `generate cave --hex LAYOUT`: a hex cave ([`sightlines::generate::hex_cave`]) in the
/// hex text format, a row at a time.
fn run_hex(args: &GenerateArgs, layout: Layout) -> Result<(), Failure> {
    if args.kind != Kind::Cave {
        return Err(Failure::usage(format!(
            "--hex makes caves only; use `generate cave --hex {layout}`"
        )));
    }
    let (w, h) = args.size;
    let spinner = progress::spinner(format!("generating a {w}x{h} hex cave"));
    let grid = sightlines::generate::hex_cave(w, h, layout, args.seed);
    spinner.finish_and_clear();
    let floors: Vec<(i32, i32)> = if args.viewer {
        (0..h as i32)
            .flat_map(|row| (0..w as i32).map(move |c| (c, row)))
            .filter(|&(c, row)| !grid.is_opaque_offset(c, row))
            .collect()
    } else {
        Vec::new()
    };
    let viewer = if args.viewer {
        if floors.is_empty() {
            return Err(Failure::input(format!(
                "the {w}x{h} hex map has no floor hex to put the viewer on; try another seed or a larger size"
            )));
        }
        let mut rng = SplitMix64::new(args.seed ^ 0x05EE_D0FF_1E1D);
        Some(floors[rng.below(floors.len() as u32) as usize])
    } else {
        None
    };
    let bar = progress::bar(u64::from(h), "writing the hex cave", "rows");
    write_output_with(args.output.as_deref(), false, |out| {
        writeln!(out, "hex {layout}")?;
        let mut line = Vec::with_capacity(2 * w as usize + 2);
        for row in 0..h as i32 {
            line.clear();
            if layout.pointy_top() && layout.shifted(i64::from(row)) {
                line.push(b' ');
            }
            for c in 0..w as i32 {
                if c > 0 {
                    line.push(b' ');
                }
                line.push(if viewer == Some((c, row)) {
                    b'@'
                } else if grid.is_opaque_offset(c, row) {
                    b'#'
                } else {
                    b'.'
                });
            }
            line.push(b'\n');
            out.write_all(&line)?;
            bar.inc(1);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    Ok(())
}

/// The `n`th transparent tile of `grid` (from 0), by row then column.
fn nth_floor(grid: &Grid, mut n: u64) -> Option<(i32, i32)> {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    for y in 0..h {
        for x in 0..w {
            if !grid.is_opaque(x, y) {
                if n == 0 {
                    return Some((x, y));
                }
                n -= 1;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::floor_tiles;

    #[test]
    fn the_nth_floor_is_the_nth_of_the_list() {
        let grid = cave(37, 23, 5);
        let floors = floor_tiles(&grid);
        assert_eq!(count_floors(&grid), floors.len());
        for (n, &tile) in floors.iter().enumerate() {
            assert_eq!(nth_floor(&grid, n as u64), Some(tile));
        }
        assert_eq!(nth_floor(&grid, floors.len() as u64), None);
    }
}
