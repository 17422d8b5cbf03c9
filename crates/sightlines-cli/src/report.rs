//! `sightlines report`: the comparison a game developer wants before
//! choosing an algorithm, computed rather than written by hand.
//!
//! Small scenario maps ship with the binary (`scenarios/*.txt`); each asks
//! one question whose answer is a computed predicate on the field of view
//! from the map's `@`. The report also counts one-way pairs (symmetry) and,
//! given the benchmark maps, the tiles seen from their viewpoints. Relative
//! speed is given as a cost in map reads: how often each algorithm asks the
//! map whether a tile is opaque, counted through the `Opacity` trait.
//! Everything in the Markdown is deterministic, so the README's copy is
//! checked byte for byte; timings, which are not, only appear with
//! `--timings`.

use crate::check::check;
use crate::input::{
    field_of_view, floor_tiles, parse_algorithms, parse_tile_size, write_output, AlgorithmList,
};
use crate::picture::{figure, LegendItems, Panel};
use crate::Failure;
use clap::Args;
use sightlines::{visible_tiles, Algorithm, Fov, Grid, Opacity, Range, Rect, Shape, VisibleSet};
use std::cell::Cell;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Algorithm ids, comma-separated, or `all` (the default).
    #[arg(long, short, value_name = "A,B,...", default_value = "all", value_parser = parse_algorithms)]
    pub algorithms: AlgorithmList,
    /// The benchmark maps' folder (NAME.txt and NAME.viewpoints.txt), such as
    /// ../shared/maps/bench; left out of the report when not given.
    #[arg(long, value_name = "DIR")]
    pub bench: Option<PathBuf>,
    /// Write one picture a scenario, every algorithm side by side, as
    /// DIR/SCENARIO.png.
    #[arg(long, value_name = "DIR")]
    pub pictures: Option<PathBuf>,
    /// Pixels per tile in the pictures (1 to 64).
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true, default_value = "12", value_parser = parse_tile_size)]
    pub tile_size: u32,
    /// Add indicative timings (they change from run to run, so they are
    /// never written into the README).
    #[arg(long)]
    pub timings: bool,
    /// Replace the text between `<!-- report:start -->` and
    /// `<!-- report:end -->` in this file with the report.
    #[arg(long, value_name = "FILE")]
    pub readme: Option<PathBuf>,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// One scenario map and the question it asks.
pub struct Scenario {
    pub name: &'static str,
    pub text: &'static str,
    pub radius: Option<u32>,
    /// The question, answered yes or no by `answer`.
    pub question: &'static str,
    pub answer: fn(&Ctx<'_>) -> bool,
}

/// What a scenario's answer may look at.
pub struct Ctx<'a> {
    pub algorithm: Algorithm,
    pub grid: &'a Grid,
    pub origin: (i32, i32),
    pub range: Range,
    /// The field of view from `@`.
    pub seen: &'a VisibleSet,
    /// The tiles marked with lower-case letters.
    pub marks: &'a [(char, (i32, i32))],
}

impl Ctx<'_> {
    fn mark(&self, c: char) -> (i32, i32) {
        self.marks
            .iter()
            .find(|m| m.0 == c)
            .map(|m| m.1)
            .unwrap_or_else(|| panic!("scenario map without mark '{c}'"))
    }

    fn sees(&self, c: char) -> bool {
        let (x, y) = self.mark(c);
        self.seen.contains(x, y)
    }

    /// The field of view from another tile, same algorithm and range.
    fn from(&self, origin: (i32, i32)) -> VisibleSet {
        visible_tiles(self.algorithm, self.grid, origin, self.range).unwrap_or_default()
    }
}

/// The scenarios, in report order.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "corner-peeking",
        text: include_str!("../scenarios/corner-peeking.txt"),
        radius: None,
        question: "Standing right beside the end of a wall, does the viewer see `a`, around the wall's end: in the row behind the wall, three tiles along it?",
        answer: |c| c.sees('a'),
    },
    Scenario {
        name: "corridor-asymmetry",
        text: include_str!("../scenarios/corridor-asymmetry.txt"),
        radius: None,
        question: "In a corridor past a doorway, does every floor tile see the viewer exactly when the viewer sees it?",
        answer: |c| {
            floor_tiles(c.grid).into_iter().all(|(x, y)| {
                c.seen.contains(x, y) == c.from((x, y)).contains(c.origin.0, c.origin.1)
            })
        },
    },
    Scenario {
        name: "narrow-spaces",
        text: include_str!("../scenarios/narrow-spaces.txt"),
        radius: None,
        question: "Does the viewer see `a`, at the end of a one-wide corridor that jogs one tile sideways?",
        answer: |c| c.sees('a'),
    },
    Scenario {
        name: "diagonal-spaces",
        text: include_str!("../scenarios/diagonal-spaces.txt"),
        radius: None,
        question: "Does sight pass through a diagonal wall (tiles touching only at corners) to `a`, whose centre-to-centre line crosses the wall exactly at a corner?",
        answer: |c| c.sees('a'),
    },
    Scenario {
        name: "rooms-with-doors",
        text: include_str!("../scenarios/rooms-with-doors.txt"),
        radius: None,
        question: "Two tiles below a door, does the viewer see `a`, in the room's far row, two columns off the door?",
        answer: |c| c.sees('a'),
    },
    Scenario {
        name: "pillars",
        text: include_str!("../scenarios/pillars.txt"),
        radius: None,
        question: "Does a lone pillar three tiles away hide `a`, three tiles behind it on the same row?",
        answer: |c| !c.sees('a'),
    },
    Scenario {
        name: "long-walls",
        text: include_str!("../scenarios/long-walls.txt"),
        radius: None,
        question: "Standing against a long straight wall, does the viewer see every tile of it, to the far end?",
        answer: |c| {
            let w = c.grid.width() as i32;
            (0..w).all(|x| c.seen.contains(x, c.origin.1 - 1))
        },
    },
    Scenario {
        name: "open-field",
        text: include_str!("../scenarios/open-field.txt"),
        radius: Some(6),
        question: "With nothing in the way, is the field of view exactly the radius-6 circle (113 tiles)?",
        answer: |c| {
            let (w, h) = (c.grid.width() as i32, c.grid.height() as i32);
            (0..h).all(|y| {
                (0..w).all(|x| {
                    let dx = i64::from(x - c.origin.0);
                    let dy = i64::from(y - c.origin.1);
                    c.seen.contains(x, y) == c.range.contains(dx, dy)
                })
            })
        },
    },
];

/// A scenario's map: grid, viewer and letter marks.
pub struct ScenarioMap {
    pub grid: Grid,
    pub origin: (i32, i32),
    pub marks: Vec<(char, (i32, i32))>,
}

impl Scenario {
    pub fn load(&self) -> ScenarioMap {
        let parsed = Grid::parse(self.text).expect("scenario maps parse");
        let mut marks = Vec::new();
        for (y, line) in self.text.lines().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                if ch.is_ascii_lowercase() {
                    marks.push((ch, (x as i32, y as i32)));
                }
            }
        }
        ScenarioMap {
            grid: parsed.grid,
            origin: parsed.viewer.expect("scenario maps mark the viewer"),
            marks,
        }
    }

    pub fn range(&self) -> Range {
        Range::with_radius(self.radius, Shape::Circle)
    }
}

/// A benchmark case of DESIGN.md: a map, its viewpoints and the radius used here.
struct Bench {
    name: &'static str,
    radius: u32,
}

const BENCHES: &[Bench] = &[
    Bench {
        name: "open",
        radius: 32,
    },
    Bench {
        name: "cave",
        radius: 16,
    },
    Bench {
        name: "pillars",
        radius: 32,
    },
    Bench {
        name: "rooms",
        radius: 16,
    },
];

/// The side of the window, at the middle of a benchmark map, whose floor
/// tiles are checked pair by pair for symmetry.
const WINDOW: i32 = 32;

pub fn run(args: &ReportArgs) -> Result<(), Failure> {
    let algorithms = &args.algorithms.0;
    let mut md = scenarios_markdown(algorithms)?;
    md.push('\n');
    if let Some(dir) = &args.bench {
        md.push_str(&bench_markdown(algorithms, dir)?);
        md.push('\n');
        let cases = BENCHES
            .iter()
            .map(|b| {
                let m = load_bench(dir, b.name)?;
                Ok(CostCase {
                    label: format!("{} (r{})", b.name, b.radius),
                    grid: m.grid,
                    origins: m.viewpoints,
                    range: Range::circle(b.radius),
                })
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        md.push_str(&cost_markdown(
            algorithms,
            &cases,
            "the viewpoints of each benchmark map",
        )?);
    } else {
        let cases: Vec<CostCase> = SCENARIOS
            .iter()
            .map(|sc| {
                let map = sc.load();
                CostCase {
                    label: sc.name.to_owned(),
                    origins: floor_tiles(&map.grid),
                    grid: map.grid,
                    range: sc.range(),
                }
            })
            .collect();
        md.push_str(&cost_markdown(
            algorithms,
            &cases,
            "every floor tile of each scenario",
        )?);
    }
    if let Some(dir) = &args.pictures {
        write_pictures(algorithms, dir, args.tile_size)?;
    }
    if let Some(path) = &args.readme {
        update_readme(path, &md)?;
    }
    if args.timings {
        md.push('\n');
        md.push_str(&timings_markdown(algorithms, args.bench.as_deref())?);
    }
    write_output(args.output.as_deref(), md.as_bytes(), false)
}

fn header(s: &mut String, first: &[&str], algorithms: &[Algorithm]) {
    let cols: Vec<String> = first
        .iter()
        .map(|c| c.to_string())
        .chain(algorithms.iter().map(|a| format!("`{a}`")))
        .collect();
    let _ = writeln!(s, "| {} |", cols.join(" | "));
    let _ = writeln!(s, "|{}", " --- |".repeat(cols.len()));
}

/// The scenario table and the symmetry table over the scenario maps.
pub fn scenarios_markdown(algorithms: &[Algorithm]) -> Result<String, Failure> {
    let mut s = String::new();
    let _ = writeln!(s, "### Scenarios\n");
    let _ = writeln!(
        s,
        "Each scenario is a small map in `crates/sightlines-cli/scenarios/`, seen from its `@` \
         with no radius unless the question gives one; letters mark the tiles a question names. \
         A cell answers the question for that algorithm, then gives the number of tiles seen.\n"
    );
    header(&mut s, &["scenario", "question"], algorithms);
    let mut fov = Fov::default();
    let mut seen = VisibleSet::new();
    for sc in SCENARIOS {
        let map = sc.load();
        let mut row = format!("| {} | {} |", sc.name, sc.question);
        for &a in algorithms {
            fov.set_algorithm(a);
            field_of_view(&mut fov, &map.grid, map.origin, sc.range(), &mut seen)?;
            let ctx = Ctx {
                algorithm: a,
                grid: &map.grid,
                origin: map.origin,
                range: sc.range(),
                seen: &seen,
                marks: &map.marks,
            };
            let answer = if (sc.answer)(&ctx) { "yes" } else { "no" };
            let _ = write!(row, " {answer}, {} |", seen.len());
        }
        let _ = writeln!(s, "{row}");
    }
    let _ = writeln!(s, "\n### Symmetry\n");
    let _ = writeln!(
        s,
        "One-way pairs (A sees B but B does not see A) over every pair of floor tiles of the \
         scenario maps. An algorithm that promises symmetry must have none.\n"
    );
    let _ = writeln!(
        s,
        "| algorithm | promises symmetry | one-way pairs | promise kept |"
    );
    let _ = writeln!(s, "| --- | --- | --- | --- |");
    for &a in algorithms {
        let mut total = 0;
        for sc in SCENARIOS {
            let map = sc.load();
            let tiles = floor_tiles(&map.grid);
            total += check(&map.grid, &tiles, a, sc.range(), 0, |_, _| {})?.one_way;
        }
        let promises = a.is_symmetric();
        let kept = !promises || total == 0;
        let _ = writeln!(
            s,
            "| `{a}` | {} | {total} | {} |",
            if promises { "yes" } else { "no" },
            if kept { "yes" } else { "**no**" }
        );
    }
    Ok(s)
}

struct BenchMap {
    grid: Grid,
    viewpoints: Vec<(i32, i32)>,
}

fn load_bench(dir: &Path, name: &str) -> Result<BenchMap, Failure> {
    let path = dir.join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        Failure::input(format!(
            "cannot read benchmark map '{}': {e}",
            path.display()
        ))
    })?;
    let grid = Grid::parse(&text)
        .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?
        .grid;
    let vpath = dir.join(format!("{name}.viewpoints.txt"));
    let vtext = std::fs::read_to_string(&vpath).map_err(|e| {
        Failure::input(format!("cannot read viewpoints '{}': {e}", vpath.display()))
    })?;
    let mut viewpoints = Vec::new();
    for (i, line) in vtext.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split_whitespace().map(str::parse::<i32>);
        match (parts.next(), parts.next(), parts.next()) {
            (Some(Ok(x)), Some(Ok(y)), None) if grid.rect().contains(x, y) => {
                viewpoints.push((x, y))
            }
            _ => {
                return Err(Failure::input(format!(
                    "{}: line {}: expected 'x y' on the map",
                    vpath.display(),
                    i + 1
                )))
            }
        }
    }
    Ok(BenchMap { grid, viewpoints })
}

/// Mean tiles seen from the viewpoints, and one-way pairs in the central window.
pub fn bench_markdown(algorithms: &[Algorithm], dir: &Path) -> Result<String, Failure> {
    let maps: Vec<BenchMap> = BENCHES
        .iter()
        .map(|b| load_bench(dir, b.name))
        .collect::<Result<_, _>>()?;
    let mut s = String::new();
    let _ = writeln!(s, "### Benchmark maps\n");
    let _ = writeln!(
        s,
        "The maps of `../shared/maps/bench/` (256x256): the mean number of tiles seen from each \
         map's viewpoints, at the radius given (circle), then the one-way pairs among the floor \
         tiles of the {WINDOW}x{WINDOW} window at the middle of every map, at the same radii.\n"
    );
    let mut cols: Vec<String> = vec!["algorithm".into()];
    for (b, m) in BENCHES.iter().zip(&maps) {
        cols.push(format!(
            "{} (r{}, {} viewpoints)",
            b.name,
            b.radius,
            m.viewpoints.len()
        ));
    }
    cols.push("one-way pairs".into());
    let _ = writeln!(s, "| {} |", cols.join(" | "));
    let _ = writeln!(s, "|{}", " --- |".repeat(cols.len()));
    let mut fov = Fov::default();
    let mut seen = VisibleSet::new();
    for &a in algorithms {
        fov.set_algorithm(a);
        let mut row = format!("| `{a}` |");
        let mut one_way = 0;
        for (b, m) in BENCHES.iter().zip(&maps) {
            let range = Range::circle(b.radius);
            let mut total: u64 = 0;
            for &v in &m.viewpoints {
                field_of_view(&mut fov, &m.grid, v, range, &mut seen)?;
                total += seen.len() as u64;
            }
            let _ = write!(row, " {} |", mean(total, m.viewpoints.len()));
            let (w, h) = (m.grid.width() as i32, m.grid.height() as i32);
            let (x0, y0) = ((w - WINDOW).max(0) / 2, (h - WINDOW).max(0) / 2);
            let tiles: Vec<(i32, i32)> = floor_tiles(&m.grid)
                .into_iter()
                .filter(|&(x, y)| (x0..x0 + WINDOW).contains(&x) && (y0..y0 + WINDOW).contains(&y))
                .collect();
            one_way += check(&m.grid, &tiles, a, range, 0, |_, _| {})?.one_way;
        }
        let _ = writeln!(s, "{row} {one_way} |");
    }
    Ok(s)
}

/// A map that counts how often an algorithm asks whether a tile is opaque.
/// It answers through the public [`Opacity`] trait only, as any map a game
/// passes does, so the count does not depend on shortcuts the built-in grid
/// may offer the algorithms.
struct CountingMap<'a> {
    grid: &'a Grid,
    reads: Cell<u64>,
}

impl Opacity for CountingMap<'_> {
    fn is_opaque(&self, x: i32, y: i32) -> bool {
        self.reads.set(self.reads.get() + 1);
        self.grid.is_opaque(x, y)
    }

    fn bounds(&self) -> Option<Rect> {
        Some(self.grid.rect())
    }
}

/// Fields of view whose cost the report counts: a map, origins, a range.
struct CostCase {
    label: String,
    grid: Grid,
    origins: Vec<(i32, i32)>,
    range: Range,
}

/// Map reads and tiles reported, summed over every origin of `case`.
fn count_cost(fov: &mut Fov, case: &CostCase) -> Result<(u64, u64), Failure> {
    let map = CountingMap {
        grid: &case.grid,
        reads: Cell::new(0),
    };
    let mut tiles = 0u64;
    for &origin in &case.origins {
        fov.compute(&map, origin, case.range, |_, _| tiles += 1)
            .map_err(|e| Failure::input(e.to_string()))?;
    }
    Ok((map.reads.get(), tiles))
}

/// `total / n` to one decimal, in integers so every platform prints the same.
fn mean(total: u64, n: usize) -> String {
    let n = n.max(1) as u64;
    let tenths = (total * 10 + n / 2) / n;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// The cost table: map reads and tiles reported per field of view, and a
/// relative cost from the reads.
fn cost_markdown(
    algorithms: &[Algorithm],
    cases: &[CostCase],
    origins: &str,
) -> Result<String, Failure> {
    let mut fov = Fov::default();
    // costs[a][c] = (reads, tiles), summed over the case's origins.
    let mut costs = Vec::with_capacity(algorithms.len());
    for &a in algorithms {
        fov.set_algorithm(a);
        costs.push(
            cases
                .iter()
                .map(|c| count_cost(&mut fov, c))
                .collect::<Result<Vec<_>, _>>()?,
        );
    }
    // Each case's reads over the fewest any algorithm needs there, in
    // millionths, averaged over the cases; then over the cheapest average.
    let fewest: Vec<u64> = (0..cases.len())
        .map(|c| costs.iter().map(|row| row[c].0).min().unwrap_or(0).max(1))
        .collect();
    let ratio: Vec<u64> = costs
        .iter()
        .map(|row| {
            row.iter()
                .zip(&fewest)
                .map(|(&(reads, _), &f)| (u128::from(reads) * 1_000_000 / u128::from(f)) as u64)
                .sum()
        })
        .collect();
    let cheapest = ratio.iter().copied().min().unwrap_or(1).max(1);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "### Cost in map reads
"
    );
    let _ = writeln!(
        s,
        "A deterministic stand-in for speed, not a measurement: for {origins}, the mean number of \
         map reads (calls of `Opacity::is_opaque`, counted through the trait) per field of view, \
         then the mean number of tiles reported. The relative cost is each case's reads over the \
         fewest any algorithm needs there, averaged over the cases, with the cheapest at 1.00x. \
         Reads are not all the work an algorithm does; measured times are in BENCHMARKS.md.\n"
    );
    let mut cols: Vec<String> = vec!["algorithm".into()];
    cols.extend(cases.iter().map(|c| format!("{}: reads / tiles", c.label)));
    cols.push("relative cost".into());
    let _ = writeln!(s, "| {} |", cols.join(" | "));
    let _ = writeln!(s, "|{}", " --- |".repeat(cols.len()));
    for ((a, row), r) in algorithms.iter().zip(&costs).zip(&ratio) {
        let mut line = format!("| `{a}` |");
        for (&(reads, tiles), case) in row.iter().zip(cases) {
            let n = case.origins.len();
            let _ = write!(line, " {} / {} |", mean(reads, n), mean(tiles, n));
        }
        let hundredths = (u128::from(*r) * 100 + u128::from(cheapest) / 2) / u128::from(cheapest);
        let _ = writeln!(line, " {}.{:02}x |", hundredths / 100, hundredths % 100);
        s.push_str(&line);
    }
    Ok(s)
}

/// Time of every field of view of the report, per algorithm, relative to the fastest.
fn timings_markdown(algorithms: &[Algorithm], bench: Option<&Path>) -> Result<String, Failure> {
    // (map, origins, range) for every field of view timed.
    type Job = (Grid, Vec<(i32, i32)>, Range);
    let mut jobs: Vec<Job> = Vec::new();
    for sc in SCENARIOS {
        let map = sc.load();
        let tiles = floor_tiles(&map.grid);
        jobs.push((map.grid, tiles, sc.range()));
    }
    if let Some(dir) = bench {
        for b in BENCHES {
            let m = load_bench(dir, b.name)?;
            jobs.push((m.grid, m.viewpoints, Range::circle(b.radius)));
        }
    }
    let mut fov = Fov::default();
    let mut seen = VisibleSet::new();
    let mut times = Vec::new();
    for &a in algorithms {
        fov.set_algorithm(a);
        let mut best = f64::INFINITY;
        // The best of three runs, to damp noise from other processes.
        for _ in 0..3 {
            let start = Instant::now();
            for (grid, origins, range) in &jobs {
                for &o in origins {
                    field_of_view(&mut fov, grid, o, *range, &mut seen)?;
                }
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        times.push(best);
    }
    let fastest = times.iter().copied().fold(f64::INFINITY, f64::min);
    let fovs: usize = jobs.iter().map(|j| j.1.len()).sum();
    let mut s = String::new();
    let _ = writeln!(s, "### Indicative timings\n");
    let _ = writeln!(
        s,
        "Indicative only: one machine, one run, {fovs} fields of view per algorithm (every floor \
         tile of the scenarios{}), best of three. Use the benchmarks for real figures.\n",
        if bench.is_some() {
            ", every benchmark viewpoint"
        } else {
            ""
        }
    );
    let _ = writeln!(s, "| algorithm | time | relative |");
    let _ = writeln!(s, "| --- | --- | --- |");
    for (a, t) in algorithms.iter().zip(&times) {
        let _ = writeln!(
            s,
            "| `{a}` | {:.1} ms | {:.2}x |",
            t * 1000.0,
            t / fastest.max(1e-12)
        );
    }
    Ok(s)
}

fn write_pictures(algorithms: &[Algorithm], dir: &Path, tile: u32) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("cannot create folder '{}': {e}", dir.display())))?;
    for sc in SCENARIOS {
        let map = sc.load();
        let mut sets = Vec::new();
        let mut fov = Fov::default();
        for &a in algorithms {
            fov.set_algorithm(a);
            let mut set = VisibleSet::new();
            field_of_view(&mut fov, &map.grid, map.origin, sc.range(), &mut set)?;
            sets.push(set);
        }
        let mut disputed = Vec::new();
        for y in 0..map.grid.height() as i32 {
            for x in 0..map.grid.width() as i32 {
                let n = sets.iter().filter(|s| s.contains(x, y)).count();
                if n != 0 && n != sets.len() {
                    disputed.push((x, y));
                }
            }
        }
        let panels: Vec<Panel<'_>> = algorithms
            .iter()
            .zip(&sets)
            .map(|(a, set)| {
                let mut p = Panel::new(crate::compare::caption(*a, set, &disputed), &map.grid, set);
                p.origin = Some(map.origin);
                p.disputed = disputed.clone();
                p.targets = map.marks.iter().map(|m| m.1).collect();
                p
            })
            .collect();
        let columns = crate::compare::columns_for(panels.len(), map.grid.width() * tile);
        let legend = LegendItems {
            disputed: Some(crate::compare::disputed_label(disputed.len())),
            targets: if map.marks.is_empty() {
                None
            } else {
                Some("marked tile")
            },
            sight_lines: false,
        };
        let pic = figure(&panels, tile, columns, legend);
        let path = dir.join(format!("{}.png", sc.name));
        write_output(Some(&path), &pic.to_png(), true)?;
    }
    Ok(())
}

pub const START: &str = "<!-- report:start -->";
pub const END: &str = "<!-- report:end -->";

fn update_readme(path: &Path, md: &str) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::input(format!("cannot read '{}': {e}", path.display())))?;
    let (Some(a), Some(b)) = (text.find(START), text.find(END)) else {
        return Err(Failure::input(format!(
            "'{}' has no {START} ... {END} block to replace",
            path.display()
        )));
    };
    if b < a {
        return Err(Failure::input(format!(
            "'{}': {END} comes before {START}",
            path.display()
        )));
    }
    let new = format!("{}{START}\n{md}{}", &text[..a], &text[b..]);
    std::fs::write(path, new)
        .map_err(|e| Failure::input(format!("cannot write '{}': {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sightlines::Opacity;

    #[test]
    fn every_scenario_has_its_viewer_and_marks() {
        for sc in SCENARIOS {
            let map = sc.load();
            assert!(
                !map.grid.is_opaque(map.origin.0, map.origin.1),
                "{}",
                sc.name
            );
            for c in ['a', 'b'] {
                if sc.question.contains(&format!("`{c}`")) {
                    assert!(map.marks.iter().any(|m| m.0 == c), "{} lacks {c}", sc.name);
                }
            }
        }
    }

    #[test]
    fn counting_map_counts_every_question() {
        let grid = Grid::parse("#####\n#...#\n#.#.#\n#...#\n#####\n")
            .unwrap()
            .grid;
        let asked = Cell::new(0u64);
        let closure = sightlines::bounded(grid.rect(), |x: i32, y: i32| {
            asked.set(asked.get() + 1);
            grid.is_opaque(x, y)
        });
        for &a in Algorithm::ALL {
            let case = CostCase {
                label: String::new(),
                grid: grid.clone(),
                origins: vec![(1, 1), (3, 3)],
                range: Range::UNLIMITED,
            };
            let (reads, tiles) = count_cost(&mut Fov::new(a), &case).unwrap();
            asked.set(0);
            let mut reported = 0;
            let mut fov = Fov::new(a);
            for &o in &case.origins {
                fov.compute(&closure, o, Range::UNLIMITED, |_, _| reported += 1)
                    .unwrap();
            }
            assert_eq!((reads, tiles), (asked.get(), reported), "{a}");
            assert!(reads > 0, "{a}");
        }
    }

    #[test]
    fn open_field_circle_has_113_tiles() {
        let sc = SCENARIOS.iter().find(|s| s.name == "open-field").unwrap();
        let map = sc.load();
        let n = floor_tiles(&map.grid)
            .into_iter()
            .filter(|&(x, y)| {
                sc.range()
                    .contains(i64::from(x - map.origin.0), i64::from(y - map.origin.1))
            })
            .count();
        assert_eq!(n, 113);
    }
}
