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

use crate::input::{
    field_of_view, floor_tiles, parse_algorithms, parse_tile_size, write_output, AlgorithmList,
};
use crate::pairs;
use crate::picture::{fit, Crop, LegendItems, Panel, Picture};
use crate::{progress, Failure};
use clap::Args;
use sightlines::{
    visible_tiles, Algorithm, DiagonalGaps, Fov, Grid, Opacity, Range, Rect, Shape, VisibleSet,
};
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
    /// crates/sightlines-bench/maps; left out of the report when not given.
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

/// A benchmark map (`crates/sightlines-bench/maps/NAME.txt`, with its
/// viewpoints) and the radius the report sees it at, in a circle.
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
    let benches = args.bench.as_deref().map(load_benches).transpose()?;
    let mut md = markdown(algorithms, benches.as_deref())?;
    if let Some(dir) = &args.pictures {
        write_pictures(algorithms, dir, args.tile_size)?;
    }
    if let Some(path) = &args.readme {
        update_readme(path, &md)?;
    }
    // Timings change from run to run: never in the README.
    if args.timings {
        md.push('\n');
        md.push_str(&timings_table(algorithms, benches.as_deref())?);
    }
    write_output(args.output.as_deref(), md.as_bytes(), false)
}

/// The deterministic report, as the README holds it: the scenarios, the
/// symmetry table, the benchmark maps when given, and the cost in map reads
/// (over the benchmark maps' viewpoints when given, else the scenarios').
fn markdown(algorithms: &[Algorithm], benches: Option<&[BenchMap]>) -> Result<String, Failure> {
    let mut sections = vec![scenario_table(algorithms)?, symmetry_table(algorithms)?];
    match benches {
        Some(maps) => {
            sections.push(bench_table(algorithms, maps)?);
            sections.push(cost_table(
                algorithms,
                &bench_cases(maps),
                "the viewpoints of each benchmark map",
            )?);
        }
        None => sections.push(cost_table(
            algorithms,
            &scenario_cases(),
            "every floor tile of each scenario",
        )?),
    }
    Ok(sections.join("\n"))
}

/// A table's header row and the separator line under it.
fn table_head(s: &mut String, columns: &[String]) {
    let _ = writeln!(s, "| {} |", columns.join(" | "));
    let _ = writeln!(s, "|{}", " --- |".repeat(columns.len()));
}

/// The scenario table: each scenario's question, answered by every
/// algorithm, with the number of tiles it sees.
fn scenario_table(algorithms: &[Algorithm]) -> Result<String, Failure> {
    let mut s = String::new();
    let _ = writeln!(s, "### Scenarios\n");
    let _ = writeln!(
        s,
        "Each scenario is a small map in `crates/sightlines-cli/scenarios/`, seen from its `@` \
         with no radius unless the question gives one; letters mark the tiles a question names. \
         A cell answers the question for that algorithm, then gives the number of tiles seen.\n"
    );
    let columns: Vec<String> = ["scenario", "question"]
        .iter()
        .map(|c| c.to_string())
        .chain(algorithms.iter().map(|a| format!("`{a}`")))
        .collect();
    table_head(&mut s, &columns);
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
    Ok(s)
}

/// The symmetry table: every algorithm's one-way pairs over every pair of
/// floor tiles of the scenario maps, against its promise.
fn symmetry_table(algorithms: &[Algorithm]) -> Result<String, Failure> {
    let mut s = String::new();
    let _ = writeln!(s, "### Symmetry\n");
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
    let cases = scenario_cases();
    for &a in algorithms {
        let mut total = 0;
        for case in &cases {
            total += pairs::check(
                &case.grid,
                &case.origins,
                (a, DiagonalGaps::Pass),
                case.range,
                0,
                |_, _| {},
            )?
            .one_way;
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

/// A benchmark map, read: its grid and viewpoints, and the radius the
/// report sees it at.
struct BenchMap {
    bench: &'static Bench,
    grid: Grid,
    viewpoints: Vec<(i32, i32)>,
}

impl BenchMap {
    fn range(&self) -> Range {
        Range::circle(self.bench.radius)
    }
}

/// Every benchmark map of [`BENCHES`] from `dir`.
fn load_benches(dir: &Path) -> Result<Vec<BenchMap>, Failure> {
    BENCHES.iter().map(|b| load_bench(dir, b)).collect()
}

/// `NAME.txt` and `NAME.viewpoints.txt` from `dir`.
fn load_bench(dir: &Path, bench: &'static Bench) -> Result<BenchMap, Failure> {
    let path = dir.join(format!("{}.txt", bench.name));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        Failure::input(format!(
            "cannot read benchmark map '{}': {e}",
            path.display()
        ))
    })?;
    let grid = Grid::parse(&text)
        .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?
        .grid;
    let vpath = dir.join(format!("{}.viewpoints.txt", bench.name));
    let vtext = std::fs::read_to_string(&vpath).map_err(|e| {
        Failure::input(format!("cannot read viewpoints '{}': {e}", vpath.display()))
    })?;
    let viewpoints = parse_viewpoints(&vtext, &grid).map_err(|line| {
        Failure::input(format!(
            "{}: line {line}: expected 'x y' on the map",
            vpath.display()
        ))
    })?;
    Ok(BenchMap {
        bench,
        grid,
        viewpoints,
    })
}

/// The viewpoints of a viewpoints file: `x y` a line, on the map; blank
/// lines and `#` comments skipped. The error is the number of the first
/// line that is not one.
fn parse_viewpoints(text: &str, grid: &Grid) -> Result<Vec<(i32, i32)>, usize> {
    let mut viewpoints = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split_whitespace().map(str::parse::<i32>);
        match (parts.next(), parts.next(), parts.next()) {
            (Some(Ok(x)), Some(Ok(y)), None) if grid.rect().contains(x, y) => {
                viewpoints.push((x, y))
            }
            _ => return Err(i + 1),
        }
    }
    Ok(viewpoints)
}

/// The benchmark maps' table: the mean tiles seen from each map's
/// viewpoints, and the one-way pairs in the window at the middle of every map.
fn bench_table(algorithms: &[Algorithm], maps: &[BenchMap]) -> Result<String, Failure> {
    let mut s = String::new();
    let _ = writeln!(s, "### Benchmark maps\n");
    let _ = writeln!(
        s,
        "The maps of `crates/sightlines-bench/maps/` (256x256): the mean number of tiles seen from each \
         map's viewpoints, at the radius given (circle), then the one-way pairs among the floor \
         tiles of the {WINDOW}x{WINDOW} window at the middle of every map, at the same radii.\n"
    );
    let mut columns: Vec<String> = vec!["algorithm".into()];
    for m in maps {
        columns.push(format!(
            "{} (r{}, {} viewpoints)",
            m.bench.name,
            m.bench.radius,
            m.viewpoints.len()
        ));
    }
    columns.push("one-way pairs".into());
    table_head(&mut s, &columns);
    let windows: Vec<Vec<(i32, i32)>> = maps.iter().map(|m| middle_window(&m.grid)).collect();
    let mut fov = Fov::default();
    let mut seen = VisibleSet::new();
    let bar = progress::bar(algorithms.len() as u64, "benchmark maps", "algorithms");
    for &a in algorithms {
        bar.inc(1);
        fov.set_algorithm(a);
        let mut row = format!("| `{a}` |");
        let mut one_way = 0;
        for (m, window) in maps.iter().zip(&windows) {
            let mut total: u64 = 0;
            for &v in &m.viewpoints {
                field_of_view(&mut fov, &m.grid, v, m.range(), &mut seen)?;
                total += seen.len() as u64;
            }
            let _ = write!(row, " {} |", mean(total, m.viewpoints.len()));
            one_way += pairs::check(
                &m.grid,
                window,
                (a, DiagonalGaps::Pass),
                m.range(),
                0,
                |_, _| {},
            )?
            .one_way;
        }
        let _ = writeln!(s, "{row} {one_way} |");
    }
    Ok(s)
}

/// The floor tiles of the [`WINDOW`]-wide square at the middle of `grid`.
fn middle_window(grid: &Grid) -> Vec<(i32, i32)> {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let (x0, y0) = ((w - WINDOW).max(0) / 2, (h - WINDOW).max(0) / 2);
    // Only the window is walked: memory does not grow with the map.
    let (x1, y1) = ((x0 + WINDOW).min(w), (y0 + WINDOW).min(h));
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| !grid.is_opaque(x, y))
        .collect()
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

/// A map, origins on it and a range: the fields of view a table's column
/// sums up (map reads, time), or among whose origins it counts one-way pairs.
struct Case {
    label: String,
    grid: Grid,
    origins: Vec<(i32, i32)>,
    range: Range,
}

/// Every floor tile of each scenario, at the scenario's range.
fn scenario_cases() -> Vec<Case> {
    SCENARIOS
        .iter()
        .map(|sc| {
            let map = sc.load();
            Case {
                label: sc.name.to_owned(),
                origins: floor_tiles(&map.grid),
                grid: map.grid,
                range: sc.range(),
            }
        })
        .collect()
}

/// The viewpoints of each benchmark map, at the map's radius.
fn bench_cases(maps: &[BenchMap]) -> Vec<Case> {
    maps.iter()
        .map(|m| Case {
            label: format!("{} (r{})", m.bench.name, m.bench.radius),
            grid: m.grid.clone(),
            origins: m.viewpoints.clone(),
            range: m.range(),
        })
        .collect()
}

/// Map reads and tiles reported, summed over every origin of `case`.
fn count_cost(fov: &mut Fov, case: &Case) -> Result<(u64, u64), Failure> {
    let map = CountingMap {
        grid: &case.grid,
        reads: Cell::new(0),
    };
    let mut tiles = 0u64;
    for &origin in &case.origins {
        fov.compute(&map, origin, case.range, |_, _| tiles += 1)?;
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
fn cost_table(algorithms: &[Algorithm], cases: &[Case], origins: &str) -> Result<String, Failure> {
    let mut fov = Fov::default();
    // costs[a][c] = (reads, tiles), summed over the case's origins.
    let mut costs = Vec::with_capacity(algorithms.len());
    let bar = progress::bar(algorithms.len() as u64, "map reads", "algorithms");
    for &a in algorithms {
        bar.inc(1);
        fov.set_algorithm(a);
        costs.push(
            cases
                .iter()
                .map(|c| count_cost(&mut fov, c))
                .collect::<Result<Vec<_>, _>>()?,
        );
    }
    let ratio = relative_reads(&costs, cases.len());
    let cheapest = ratio.iter().copied().min().unwrap_or(1).max(1);
    let mut s = String::new();
    let _ = writeln!(s, "### Cost in map reads\n");
    let _ = writeln!(
        s,
        "A deterministic stand-in for speed, not a measurement: for {origins}, the mean number of \
         map reads (calls of `Opacity::is_opaque`, counted through the trait) per field of view, \
         then the mean number of tiles reported. The relative cost is each case's reads over the \
         fewest any algorithm needs there, averaged over the cases, with the cheapest at 1.00x. \
         Reads are not all the work an algorithm does; measured times are in BENCHMARKS.md.\n"
    );
    let mut columns: Vec<String> = vec!["algorithm".into()];
    columns.extend(cases.iter().map(|c| format!("{}: reads / tiles", c.label)));
    columns.push("relative cost".into());
    table_head(&mut s, &columns);
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

/// For each algorithm's row of (reads, tiles) over `cases` cases: each
/// case's reads over the fewest any algorithm needs there, in millionths,
/// summed over the cases (in integers, so every platform prints the same).
fn relative_reads(costs: &[Vec<(u64, u64)>], cases: usize) -> Vec<u64> {
    let fewest: Vec<u64> = (0..cases)
        .map(|c| costs.iter().map(|row| row[c].0).min().unwrap_or(0).max(1))
        .collect();
    costs
        .iter()
        .map(|row| {
            row.iter()
                .zip(&fewest)
                .map(|(&(reads, _), &f)| (u128::from(reads) * 1_000_000 / u128::from(f)) as u64)
                .sum()
        })
        .collect()
}

/// Time of every field of view of the report, per algorithm, relative to the fastest.
fn timings_table(
    algorithms: &[Algorithm],
    benches: Option<&[BenchMap]>,
) -> Result<String, Failure> {
    let mut cases = scenario_cases();
    if let Some(maps) = benches {
        cases.extend(bench_cases(maps));
    }
    let times = best_times(algorithms, &cases)?;
    let fastest = times.iter().copied().fold(f64::INFINITY, f64::min);
    let fovs: usize = cases.iter().map(|c| c.origins.len()).sum();
    let mut s = String::new();
    let _ = writeln!(s, "### Indicative timings\n");
    let _ = writeln!(
        s,
        "Indicative only: one machine, one run, {fovs} fields of view per algorithm (every floor \
         tile of the scenarios{}), best of three. Use the benchmarks for real figures.\n",
        if benches.is_some() {
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

/// Each algorithm's time, in seconds, for every field of view of `cases`:
/// the best of three runs, to damp noise from other processes.
fn best_times(algorithms: &[Algorithm], cases: &[Case]) -> Result<Vec<f64>, Failure> {
    let mut fov = Fov::default();
    let mut seen = VisibleSet::new();
    let mut times = Vec::new();
    let bar = progress::bar(algorithms.len() as u64, "timings", "algorithms");
    for &a in algorithms {
        bar.inc(1);
        fov.set_algorithm(a);
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let start = Instant::now();
            for case in cases {
                for &o in &case.origins {
                    field_of_view(&mut fov, &case.grid, o, case.range, &mut seen)?;
                }
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        times.push(best);
    }
    Ok(times)
}

/// One picture a scenario, `DIR/SCENARIO.png`.
fn write_pictures(algorithms: &[Algorithm], dir: &Path, tile: u32) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("cannot create folder '{}': {e}", dir.display())))?;
    for sc in SCENARIOS {
        let map = sc.load();
        let sets = scenario_sets(algorithms, sc, &map)?;
        let disputed = crate::compare::disputed_tiles(&map.grid, &sets);
        let pic = scenario_picture(algorithms, &map, &sets, &disputed, tile)?;
        pic.write_to(Some(&dir.join(format!("{}.png", sc.name))), true)?;
    }
    Ok(())
}

/// Every algorithm's field of view on a scenario.
fn scenario_sets(
    algorithms: &[Algorithm],
    sc: &Scenario,
    map: &ScenarioMap,
) -> Result<Vec<VisibleSet>, Failure> {
    let mut sets = Vec::new();
    let mut fov = Fov::default();
    for &a in algorithms {
        fov.set_algorithm(a);
        let mut set = VisibleSet::new();
        field_of_view(&mut fov, &map.grid, map.origin, sc.range(), &mut set)?;
        sets.push(set);
    }
    Ok(sets)
}

/// Every algorithm's field of view on a scenario, side by side: the
/// disputed tiles framed, the marked tiles shown.
fn scenario_picture<'a>(
    algorithms: &[Algorithm],
    map: &'a ScenarioMap,
    sets: &'a [VisibleSet],
    disputed: &'a [(i32, i32)],
    tile: u32,
) -> Result<Picture<'a>, Failure> {
    let panels: Vec<Panel<'_>> = algorithms
        .iter()
        .zip(sets)
        .map(|(a, set)| {
            let mut p = Panel::new(crate::compare::caption(*a, set, disputed), &map.grid, set);
            p.origin = Some(map.origin);
            p.disputed = disputed;
            p.targets = map.marks.iter().map(|m| m.1).collect();
            p
        })
        .collect();
    let n = panels.len();
    let legend = LegendItems {
        disputed: Some(crate::compare::disputed_label(
            disputed.len(),
            crate::compare::Cell::Tile,
        )),
        targets: if map.marks.is_empty() {
            None
        } else {
            Some("marked tile")
        },
        ..LegendItems::default()
    };
    fit(
        panels,
        tile,
        |w| crate::compare::columns_for(n, w),
        legend,
        Crop::Map,
        ", or fewer --algorithms",
    )
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
    crate::save::write_file(path, |out| out.write_all(new.as_bytes()))
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
            let case = Case {
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

    #[test]
    fn viewpoints_skip_blanks_and_comments_and_name_the_first_bad_line() {
        let grid = Grid::parse("....\n....\n").unwrap().grid;
        assert_eq!(
            parse_viewpoints("# x y\n0 0\n\n  3 1  \n", &grid),
            Ok(vec![(0, 0), (3, 1)])
        );
        assert_eq!(parse_viewpoints("0 0\n4 0\n", &grid), Err(2));
        assert_eq!(parse_viewpoints("0 0 0\n", &grid), Err(1));
        assert_eq!(parse_viewpoints("1\n", &grid), Err(1));
        assert_eq!(parse_viewpoints("a b\n", &grid), Err(1));
    }

    #[test]
    fn the_middle_window_is_the_floor_of_the_central_square() {
        let row = ".".repeat(40);
        let mut text = String::new();
        for _ in 0..36 {
            text.push_str(&row);
            text.push('\n');
        }
        let grid = Grid::parse(&text).unwrap().grid;
        let window = middle_window(&grid);
        assert_eq!(window.len(), (WINDOW * WINDOW) as usize);
        assert!(window.contains(&(4, 2)) && window.contains(&(35, 33)));
        assert!(!window.contains(&(3, 2)) && !window.contains(&(36, 33)));
        // A map smaller than the window: all of its floor.
        let small = Grid::parse("..#\n...\n").unwrap().grid;
        assert_eq!(middle_window(&small), floor_tiles(&small));
    }
}
