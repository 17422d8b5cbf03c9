//! Hex maps in `sightlines show`, `compare` and `check`: a map file whose
//! first line is `hex LAYOUT` (see [`sightlines::hex::HexGrid::parse`]) is
//! drawn with a hex algorithm, from an axial `--at Q,R`, within `--radius`
//! rings, compared across the hex algorithms, or checked for one-way pairs
//! and broken promises.

use crate::compare::{
    caption, columns_for, disputed_among, disputed_label, push_cell, summary, title_line, Cell,
    CompareArgs, CompareFormat, Comparison, PICTURE_HINT, TEXT_GAP,
};
use crate::input::{write_output, AlgorithmChoice};
use crate::picture::{
    draw_legend, legend_size, palette, text_width, Crop, LegendItems, Picture, MARGIN, MAX_SIDE,
    TITLE_HEIGHT,
};
use crate::show::{AnyAlgorithm, Format, ShowArgs};
use crate::Failure;
use sightlines::hex::{HexAlgorithm, HexFov, HexGrid, HexOpacity, NEIGHBORS};
use sightlines::{Algorithm, DiagonalGaps, Rect, Shape, VisibleSet};
use std::fmt::Write as _;
use std::io::IsTerminal;

/// A hex map as the user gave it.
pub struct HexMap {
    /// Where it came from, for messages.
    pub name: String,
    pub grid: HexGrid,
    /// Axial `(q, r)` of the map's `@`.
    pub viewer: Option<(i32, i32)>,
}

/// The glyph of a hex the viewer does not see, when not on a terminal: any
/// character but `#` reads back as a transparent hex.
pub const UNSEEN: char = '?';

/// Parses a hex map's text; errors name the map, the line and the column.
pub fn parse(name: String, text: &str) -> Result<HexMap, Failure> {
    let parsed = HexGrid::parse(text).map_err(|e| Failure::input(format!("{name}: {e}")))?;
    Ok(HexMap {
        name,
        grid: parsed.grid,
        viewer: parsed.viewer,
    })
}

/// The hex ids, for messages.
pub fn hex_ids() -> String {
    let ids: Vec<&str> = HexAlgorithm::ALL.iter().map(|a| a.id()).collect();
    ids.join(", ")
}

/// The square ids, for messages.
pub fn square_ids() -> String {
    let ids: Vec<&str> = Algorithm::ALL.iter().map(|a| a.id()).collect();
    ids.join(", ")
}

/// The viewer: `--at` (axial) if given, else the map's `@`; it must be a
/// hex of the map.
pub fn resolve_origin(map: &HexMap, at: Option<(i32, i32)>) -> Result<(i32, i32), Failure> {
    let (q, r) = at.or(map.viewer).ok_or_else(|| {
        Failure::usage(format!(
            "{}: no viewer; mark one hex with '@' or pass --at Q,R (axial coordinates)",
            map.name
        ))
    })?;
    let (w, h) = (map.grid.width(), map.grid.height());
    let layout = map.grid.layout();
    let inside = map.grid.bounds().is_some_and(|b| b.contains(q, r));
    if !inside {
        let offset = match layout.from_axial(q, r) {
            Some((c, w)) => format!("offset ({c}, {w})"),
            None => "past the offsets' range".to_owned(),
        };
        return Err(Failure::input(format!(
            "origin ({q}, {r}) is off the hex map {} ({w} x {h} hexes in {layout}: columns 0 to {}, rows 0 to {}; axial ({q}, {r}) is {offset})",
            map.name,
            w - 1,
            h - 1
        )));
    }
    if map.grid.is_opaque(q, r) {
        eprintln!(
            "sightlines: note: origin ({q}, {r}) is on an opaque hex; it sees out as if it were floor"
        );
    }
    Ok((q, r))
}

/// A hex algorithm named for the hex map `map`; a square one is refused in
/// one line naming the hex ids.
pub fn hex_only(chosen: AnyAlgorithm, map: &HexMap) -> Result<HexAlgorithm, Failure> {
    match chosen {
        AnyAlgorithm::Hex(a) => Ok(a),
        AnyAlgorithm::Square(a) => Err(Failure::usage(format!(
            "'{a}' is a square-grid algorithm and {} is a hex map; use one of {}",
            map.name,
            hex_ids()
        ))),
    }
}

/// A square algorithm named for the square map called `map`; a hex one is
/// refused in one line naming the square ids.
pub fn square_only(chosen: AnyAlgorithm, map: &str) -> Result<Algorithm, Failure> {
    match chosen {
        AnyAlgorithm::Square(a) => Ok(a),
        AnyAlgorithm::Hex(a) => Err(Failure::usage(format!(
            "'{a}' is a hex algorithm and {map} is a square map; use one of {}",
            square_ids()
        ))),
    }
}

/// Refuses the square-grid options `show`, `check` and `compare` share, in
/// one line each, as a bad command line.
fn refuse_grid_options(
    shape: Shape,
    walls: &crate::input::Walls,
    gaps: DiagonalGaps,
    translucent: bool,
) -> Result<(), Failure> {
    if translucent {
        return Err(Failure::usage(
            "--translucent does not apply to hex maps yet: their algorithms see through walls or floors only; leave it out",
        ));
    }
    if shape != Shape::Circle {
        return Err(Failure::usage(format!(
            "--shape {} does not apply to hex maps: --radius counts rings of hexes; leave --shape out",
            shape.id()
        )));
    }
    if *walls != crate::input::Walls::default() {
        return Err(Failure::usage(
            "--walls does not apply to hex maps: '#' is their only wall; leave --walls out",
        ));
    }
    if gaps != DiagonalGaps::Pass {
        return Err(Failure::usage(
            "--diagonal-gaps does not apply to hex maps: hexes never touch at a corner alone; leave it out",
        ));
    }
    Ok(())
}

/// Refuses the options of `show` that have no meaning on hexes (yet), in
/// one line each, as a bad command line.
fn refuse_square_options(args: &ShowArgs) -> Result<(), Failure> {
    refuse_grid_options(
        args.shape.unwrap_or(Shape::Circle),
        &args.walls,
        args.diagonal_gaps,
        args.translucent.is_some(),
    )?;
    if !args.visited.is_empty() || args.memory.is_some() || args.save_memory.is_some() {
        return Err(Failure::usage(
            "--visited, --memory and --save-memory do not read hex maps yet; leave them out",
        ));
    }
    Ok(())
}

/// `sightlines show` on a hex map.
pub fn show(args: &ShowArgs, name: String, source: &str) -> Result<(), Failure> {
    let map = parse(name, source)?;
    let algorithm = match args.algorithm {
        Some(a) => hex_only(a, &map)?,
        None => HexAlgorithm::default(),
    };
    refuse_square_options(args)?;
    let origin = resolve_origin(&map, args.at)?;
    let mut fov = HexFov::new(algorithm);
    fov.set_lit_walls(!args.dark_walls);
    let mut seen = VisibleSet::new();
    fov.compute_into(&map.grid, origin, args.radius, &mut seen)?;
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let bytes = match args.format {
        Format::Json => json(algorithm, &map, origin, args.radius, &seen),
        Format::Text => text(algorithm, &map, origin, args.radius, &seen, to_terminal),
        Format::Png | Format::Svg => {
            let title = format!(
                "{algorithm} from ({}, {}): {} seen",
                origin.0,
                origin.1,
                seen.len()
            );
            let panel = HexPanel {
                title,
                seen: &seen,
                disputed: &[],
            };
            let legend = LegendItems {
                sight_lines: args.sight_lines,
                ..LegendItems::default()
            };
            let pic = figure(
                &map,
                &[panel],
                origin,
                args.tile_size,
                args.sight_lines,
                args.crop,
                legend,
                |_| 1,
                "--radius R to draw a smaller field of view",
            )?;
            return pic.write_to(args.output.as_deref(), args.format == Format::Png);
        }
    };
    write_output(args.output.as_deref(), bytes.as_bytes(), false)
}

/// `sightlines compare` on a hex map: the hex algorithms (all four by
/// default) from one hex, as text panels side by side in the hex text
/// layout or as a picture with one panel an algorithm, the hexes they
/// disagree on pointed out and counted as on square maps.
pub fn compare(args: &CompareArgs, name: String, source: &str) -> Result<(), Failure> {
    let map = parse(name, source)?;
    let algorithms: Vec<HexAlgorithm> = match &args.algorithms {
        AlgorithmChoice::All => HexAlgorithm::ALL.to_vec(),
        AlgorithmChoice::Listed(ids) => ids
            .iter()
            .map(|&a| hex_only(a, &map))
            .collect::<Result<_, _>>()?,
    };
    refuse_grid_options(
        args.shape,
        &args.walls,
        args.diagonal_gaps,
        args.translucent.is_some(),
    )?;
    let origin = resolve_origin(&map, args.at)?;
    let cmp = compare_fields(&map, origin, args.radius, &algorithms, !args.dark_walls)?;
    match args.format {
        CompareFormat::Text => {
            let colour = args.output.is_none() && std::io::stdout().is_terminal();
            let out = compare_text(&map, origin, args.radius, &cmp, colour);
            write_output(args.output.as_deref(), out.as_bytes(), false)
        }
        CompareFormat::Png | CompareFormat::Svg => {
            let pic = compare_picture(&map, origin, &cmp, args.tile_size, args.crop)?;
            let png = args.format == CompareFormat::Png;
            pic.write_to(args.output.as_deref(), png)
        }
    }
}

/// Every hex algorithm's field of view from `origin` and the hexes they
/// disagree on, in offset reading order.
pub fn compare_fields(
    map: &HexMap,
    origin: (i32, i32),
    radius: Option<u32>,
    algorithms: &[HexAlgorithm],
    lit_walls: bool,
) -> Result<Comparison<HexAlgorithm>, Failure> {
    let mut fov = HexFov::default();
    fov.set_lit_walls(lit_walls);
    let mut seen = Vec::with_capacity(algorithms.len());
    for &a in algorithms {
        fov.set_algorithm(a);
        let mut set = VisibleSet::new();
        fov.compute_into(&map.grid, origin, radius, &mut set)?;
        seen.push(set);
    }
    let (width, height) = (map.grid.width() as i32, map.grid.height() as i32);
    let layout = map.grid.layout();
    let hexes = (0..height).flat_map(|w| (0..width).filter_map(move |c| layout.to_axial(c, w)));
    Ok(Comparison {
        algorithms: algorithms.to_vec(),
        disputed: disputed_among(hexes, &seen),
        seen,
        sights: Vec::new(),
    })
}

/// Text panels side by side, each the hex map in its text layout (shifted
/// rows start with a space) with the marks of [`crate::compare::push_cell`],
/// and the comparison's summary below.
pub fn compare_text(
    map: &HexMap,
    origin: (i32, i32),
    radius: Option<u32>,
    cmp: &Comparison<HexAlgorithm>,
    colour: bool,
) -> String {
    let grid = &map.grid;
    let layout = grid.layout();
    let columns = grid.width() as usize;
    // W hexes and the spaces between them, and the shift of the row layouts.
    let width = (2 * columns).saturating_sub(1) + usize::from(layout.pointy_top());
    let mut s = title_line(cmp.algorithms.iter().map(|a| a.id()), width);
    let mut disputed = VisibleSet::new();
    disputed.reset(grid.axial_rect());
    for &(q, r) in &cmp.disputed {
        disputed.insert(q, r);
    }
    for w in 0..grid.height() as i32 {
        let shifted = layout.pointy_top() && layout.shifted(i64::from(w));
        let mut line = String::new();
        for (i, seen) in cmp.seen.iter().enumerate() {
            if i > 0 {
                line.push_str(TEXT_GAP);
            }
            // Characters of this panel's row, escapes left out, for the padding.
            let mut used = 0;
            if shifted {
                line.push(' ');
                used += 1;
            }
            for c in 0..columns as i32 {
                if c > 0 {
                    line.push(' ');
                    used += 1;
                }
                let ((q, r), glyph) = cell(grid, c, w, origin);
                let visible = seen.contains(q, r);
                push_cell(&mut line, glyph, visible, disputed.contains(q, r), colour);
                used += 1;
            }
            line.extend(std::iter::repeat_n(' ', width.saturating_sub(used)));
        }
        s.push_str(line.trim_end_matches(' '));
        s.push('\n');
    }
    let reach = match radius {
        Some(r) => format!("radius {r} (rings)"),
        None => "no radius".to_owned(),
    };
    s.push_str(&summary(origin, &reach, cmp, Cell::Hex, colour));
    s
}

/// One hexagon panel an algorithm, the disputed hexes ringed, within the
/// picture limit.
pub fn compare_picture<'a>(
    map: &HexMap,
    origin: (i32, i32),
    cmp: &Comparison<HexAlgorithm>,
    tile: u32,
    crop: Crop,
) -> Result<Picture<'a>, Failure> {
    let panels: Vec<HexPanel<'_>> = cmp
        .algorithms
        .iter()
        .zip(&cmp.seen)
        .map(|(a, seen)| HexPanel {
            title: caption(a, seen, &cmp.disputed),
            seen,
            disputed: &cmp.disputed,
        })
        .collect();
    let legend = LegendItems {
        disputed: Some(disputed_label(cmp.disputed.len(), Cell::Hex)),
        ..LegendItems::default()
    };
    let n = panels.len();
    figure(
        map,
        &panels,
        origin,
        tile,
        false,
        crop,
        legend,
        |w| columns_for(n, w),
        PICTURE_HINT.trim_start_matches(", or "),
    )
}

/// Where the hexes of an offset rectangle go in a picture: `tile` pixels
/// between neighbouring centres, pointy-top for the `-r` layouts and
/// flat-top for the `-q` ones.
struct HexPlacer {
    area: Rect,
    layout: sightlines::hex::Layout,
    tile: f64,
}

impl HexPlacer {
    /// The hexagon's circumradius.
    fn size(&self) -> f64 {
        self.tile / 3f64.sqrt()
    }

    /// The centre of offset (col, row), from the map's top-left corner.
    fn centre(&self, col: i32, row: i32) -> (f64, f64) {
        let (c, w) = (f64::from(col - self.area.x), f64::from(row - self.area.y));
        let (t, s) = (self.tile, self.size());
        if self.layout.pointy_top() {
            let shift = if self.layout.shifted(i64::from(row)) {
                t / 2.0
            } else {
                0.0
            };
            (t / 2.0 + c * t + shift, s + w * 1.5 * s)
        } else {
            let shift = if self.layout.shifted(i64::from(col)) {
                t / 2.0
            } else {
                0.0
            };
            (s + c * 1.5 * s, t / 2.0 + w * t + shift)
        }
    }

    /// The map's width and height in pixels.
    fn extent(&self) -> (i64, i64) {
        let (t, s) = (self.tile, self.size());
        let (w, h) = (f64::from(self.area.width), f64::from(self.area.height));
        if self.area.width == 0 || self.area.height == 0 {
            return (0, 0);
        }
        let (x, y) = if self.layout.pointy_top() {
            (w * t + t / 2.0, (h - 1.0) * 1.5 * s + 2.0 * s)
        } else {
            ((w - 1.0) * 1.5 * s + 2.0 * s, h * t + t / 2.0)
        };
        (x.ceil() as i64, y.ceil() as i64)
    }
}

/// The offset box around the hexes of every set of `sets`.
fn seen_box<'s>(map: &HexMap, sets: impl IntoIterator<Item = &'s VisibleSet>) -> Rect {
    let layout = map.grid.layout();
    let mut b: Option<(i32, i32, i32, i32)> = None;
    for (q, r) in sets.into_iter().flat_map(VisibleSet::iter) {
        if let Some((c, w)) = layout.from_axial(q, r) {
            b = Some(match b {
                None => (c, w, c, w),
                Some((c0, w0, c1, w1)) => (c0.min(c), w0.min(w), c1.max(c), w1.max(w)),
            });
        }
    }
    b.map_or(Rect::new(0, 0, 0, 0), |(c0, w0, c1, w1)| {
        Rect::new(c0, w0, (c1 - c0 + 1) as u32, (w1 - w0 + 1) as u32)
    })
}

/// One map of a hex figure: a title over the map drawn with what `seen`
/// holds, the hexes of `disputed` ringed.
struct HexPanel<'s> {
    title: String,
    seen: &'s VisibleSet,
    disputed: &'s [(i32, i32)],
}

/// A hex figure's size in pixels and where its parts go.
#[derive(Clone, Copy)]
struct HexLayout {
    width: i64,
    height: i64,
    columns: usize,
    cell_w: i64,
    cell_h: i64,
    legend_w: i64,
}

/// A picture of hex fields of view: the panels in a grid (`columns` gives
/// the columns for a map's width in pixels), each a title and the map
/// drawn as hexagons in the palette of square maps, the viewer a blue disc,
/// then the legend. Within [`MAX_SIDE`] a side, cropped as `crop` says to
/// the offset box around what any panel sees; when it cannot fit, the
/// error names the tile size that does, or asks for `smaller`.
#[allow(clippy::too_many_arguments)]
fn figure<'a>(
    map: &HexMap,
    panels: &[HexPanel<'_>],
    origin: (i32, i32),
    tile: u32,
    sight_lines: bool,
    crop: Crop,
    legend: LegendItems,
    columns: impl Fn(u64) -> usize,
    smaller: &str,
) -> Result<Picture<'a>, Failure> {
    let n = panels.len().max(1);
    let whole = Rect::new(0, 0, map.grid.width(), map.grid.height());
    let title_w = panels
        .iter()
        .map(|p| i64::from(text_width(&p.title)))
        .max()
        .unwrap_or(0);
    let margin = i64::from(MARGIN);
    let size_of = |area: Rect, tile: u32| {
        let placer = HexPlacer {
            area,
            layout: map.grid.layout(),
            tile: f64::from(tile),
        };
        let (mw, mh) = placer.extent();
        let cell_w = mw.max(title_w).max(1);
        let cell_h = i64::from(TITLE_HEIGHT) + mh;
        let with = |columns: usize| {
            let rows = n.div_ceil(columns) as i64;
            let content_w = columns as i64 * cell_w + (columns as i64 - 1) * margin;
            let (legend_w, legend_h) = legend_size(&legend, content_w);
            HexLayout {
                width: 2 * margin + legend_w.max(content_w),
                height: 2 * margin + rows * cell_h + (rows - 1) * margin + margin + legend_h,
                columns,
                cell_w,
                cell_h,
                legend_w,
            }
        };
        let preferred = with(columns(mw.max(1) as u64).clamp(1, n));
        if fits(preferred) {
            return preferred;
        }
        // Past the limit: the columns that fit, the squarest picture.
        (1..=n)
            .map(with)
            .filter(|&l| fits(l))
            .min_by_key(|l| l.width.max(l.height))
            .unwrap_or(preferred)
    };
    let seen = || seen_box(map, panels.iter().map(|p| p.seen));
    let mut area = match crop {
        Crop::Fov => seen(),
        Crop::Map | Crop::Auto => whole,
    };
    if crop == Crop::Auto && !fits(size_of(area, tile)) {
        area = seen();
        if fits(size_of(area, tile)) {
            eprintln!(
                "sightlines: note: the whole hex map would be past the limit of {MAX_SIDE} pixels a side; drawing the hexes around what is seen (--crop map and a smaller --tile-size draw it all)"
            );
        }
    }
    let l = size_of(area, tile);
    if !fits(l) {
        let advice = match (1..tile).rev().find(|&t| fits(size_of(area, t))) {
            Some(t) => format!("; pass --tile-size {t} (or less), or {smaller}"),
            None => format!(", even at --tile-size 1; pass {smaller}"),
        };
        return Err(Failure::input(format!(
            "a picture of the hex map would be {} x {} pixels, past the limit of {MAX_SIDE} a side{advice}",
            l.width, l.height
        )));
    }
    let placer = HexPlacer {
        area,
        layout: map.grid.layout(),
        tile: f64::from(tile),
    };
    let mut pic = Picture::new(l.width as u32, l.height as u32);
    // A gap of a pixel or so between hexes, as the grid lines of square
    // maps, when they are large enough to count
    // (0.9 off the circumradius is 0.78 off each side: a gap of 1.5).
    let gap = if tile >= 8 { 0.9 } else { 0.0 };
    // The ring of a disputed hex: as thick as the frame of a disputed tile.
    let ring = f64::from((tile / 6).max(1));
    let size = placer.size();
    let layout = map.grid.layout();
    let pointy = layout.pointy_top();
    for (i, panel) in panels.iter().enumerate() {
        let left = MARGIN + (i % l.columns) as i32 * (l.cell_w + margin) as i32;
        let top = MARGIN + (i / l.columns) as i32 * (l.cell_h + margin) as i32;
        pic.text(left, top + 2, &panel.title, palette::TEXT);
        let (ox, oy) = (f64::from(left), f64::from(top + TITLE_HEIGHT));
        let centre = |c: i32, w: i32| {
            let (x, y) = placer.centre(c, w);
            (ox + x, oy + y)
        };
        let disputed: std::collections::HashSet<(i32, i32)> =
            panel.disputed.iter().copied().collect();
        for w in area.y..area.y + area.height as i32 {
            for c in area.x..area.x + area.width as i32 {
                let Some((q, r)) = layout.to_axial(c, w) else {
                    continue;
                };
                let visible = (q, r) == origin || panel.seen.contains(q, r);
                let fill = match (map.grid.is_opaque_offset(c, w), visible) {
                    (false, true) => palette::FLOOR_SEEN,
                    (true, true) => palette::WALL_SEEN,
                    (false, false) => palette::FLOOR_UNSEEN,
                    (true, false) => palette::WALL_UNSEEN,
                };
                let (x, y) = centre(c, w);
                if disputed.contains(&(q, r)) {
                    pic.hexagon(x, y, size - gap, pointy, palette::DISPUTED);
                    pic.hexagon(x, y, (size - gap - ring).max(0.5), pointy, fill);
                } else {
                    pic.hexagon(x, y, size - gap, pointy, fill);
                }
            }
        }
        let at = |(q, r): (i32, i32)| {
            layout
                .from_axial(q, r)
                .filter(|&(c, w)| area.contains(c, w))
                .map(|(c, w)| {
                    let (x, y) = centre(c, w);
                    (x.round() as i32, y.round() as i32)
                })
        };
        if let Some(from) = at(origin) {
            if sight_lines {
                for (q, r) in panel.seen.iter() {
                    let edge = NEIGHBORS
                        .iter()
                        .any(|&(dq, dr)| !panel.seen.contains(q + dq, r + dr));
                    if let (true, false, Some(to)) = (edge, (q, r) == origin, at((q, r))) {
                        pic.line(from, to, palette::SIGHT_LINE, 1);
                    }
                }
            }
            let radius = ((f64::from(tile) * 3.0 / 8.0).round() as i32).max(1);
            pic.disc(from.0, from.1, radius, palette::ORIGIN);
        }
    }
    let rows = n.div_ceil(l.columns) as i64;
    let top = margin + rows * l.cell_h + (rows - 1) * margin + margin;
    draw_legend(&mut pic, &legend, MARGIN, top as i32, l.legend_w as i32);
    Ok(pic)
}

fn fits(l: HexLayout) -> bool {
    l.width <= i64::from(MAX_SIDE) && l.height <= i64::from(MAX_SIDE)
}

/// The JSON object of a hex field of view, `visible` sorted by r, then q.
pub fn json(
    algorithm: HexAlgorithm,
    map: &HexMap,
    origin: (i32, i32),
    radius: Option<u32>,
    seen: &VisibleSet,
) -> String {
    let mut s = String::with_capacity(128 + seen.len() * 10);
    let radius = radius.map_or("null".to_owned(), |r| r.to_string());
    let _ = write!(
        s,
        "{{\"grid\": \"hex\", \"layout\": \"{}\", \"algorithm\": \"{}\", \"width\": {}, \"height\": {}, \"origin\": [{}, {}], \"radius\": {}, \"visible\": [",
        map.grid.layout(),
        algorithm.id(),
        map.grid.width(),
        map.grid.height(),
        origin.0,
        origin.1,
        radius,
    );
    for (i, (q, r)) in seen.iter().enumerate() {
        let _ = write!(s, "{}[{q}, {r}]", if i == 0 { "" } else { ", " });
    }
    s.push_str("]}\n");
    s
}

/// The hex map in its own text format, `hex LAYOUT` first: the viewer `@`,
/// seen hexes `.` (floor) and `#` (wall), unseen hexes [`UNSEEN`], so that
/// the output reads back as a hex map of the same size and layout. On a
/// terminal (`colour`), unseen hexes keep their glyph, dimmed, and a line
/// sums the field up.
pub fn text(
    algorithm: HexAlgorithm,
    map: &HexMap,
    origin: (i32, i32),
    radius: Option<u32>,
    seen: &VisibleSet,
    colour: bool,
) -> String {
    const DIM: &str = "\x1b[2m";
    const RESET: &str = "\x1b[0m";
    let grid = &map.grid;
    let layout = grid.layout();
    let mut s = format!("hex {layout}\n");
    for w in 0..grid.height() as i32 {
        if layout.pointy_top() && layout.shifted(i64::from(w)) {
            s.push(' ');
        }
        let mut dimmed = false;
        for c in 0..grid.width() as i32 {
            if c > 0 {
                s.push(' ');
            }
            let ((q, r), glyph) = cell(grid, c, w, origin);
            let visible = (q, r) == origin || seen.contains(q, r);
            if visible {
                if dimmed {
                    s.push_str(RESET);
                    dimmed = false;
                }
                s.push(glyph);
            } else if colour {
                if !dimmed {
                    s.push_str(DIM);
                    dimmed = true;
                }
                s.push(glyph);
            } else {
                s.push(UNSEEN);
            }
        }
        if dimmed {
            s.push_str(RESET);
        }
        s.push('\n');
    }
    if colour {
        let reach = match radius {
            Some(r) => format!("radius {r} (rings)"),
            None => "no radius".to_owned(),
        };
        let _ = writeln!(
            s,
            "{algorithm} from ({}, {}), {reach}: {} of {} hexes visible",
            origin.0,
            origin.1,
            seen.len(),
            u64::from(grid.width()) * u64::from(grid.height())
        );
    }
    s
}

/// The axial position of offset `(c, w)` and its glyph in the text format:
/// `@` the viewer, `#` a wall, `.` a floor.
fn cell(grid: &HexGrid, c: i32, w: i32, origin: (i32, i32)) -> ((i32, i32), char) {
    let (q, r) = grid.layout().to_axial(c, w).unwrap_or((i32::MIN, i32::MIN));
    let glyph = if (q, r) == origin {
        '@'
    } else if grid.is_opaque_offset(c, w) {
        '#'
    } else {
        '.'
    };
    ((q, r), glyph)
}

/// `sightlines check` on a hex map: the one-way pairs among the floor hexes
/// (a seeded sample of `--sample` on big maps) of each hex algorithm, and
/// the promises every algorithm makes (the origin seen, each hex once, none
/// off the map or out of range). The exit code follows the square check's.
pub fn check(args: &crate::check::CheckArgs, name: String, source: &str) -> Result<(), Failure> {
    let map = parse(name, source)?;
    let algorithms = match args.algorithm {
        Some(a) => vec![hex_only(a, &map)?],
        None => HexAlgorithm::ALL.to_vec(),
    };
    refuse_grid_options(
        args.shape,
        &args.walls,
        args.diagonal_gaps,
        args.translucent.is_some(),
    )?;
    if args.picture.is_some() {
        return Err(Failure::usage(
            "--picture does not draw hex maps yet; leave it out (sightlines show draws one field)",
        ));
    }
    let grid = &map.grid;
    let mut floors = Vec::new();
    for w in 0..grid.height() as i32 {
        for c in 0..grid.width() as i32 {
            if !grid.is_opaque_offset(c, w) {
                floors.extend(grid.to_axial(c, w));
            }
        }
    }
    let total = floors.len();
    let sample = args.sample as usize;
    if total > sample {
        // The first `sample` steps of a seeded Fisher-Yates shuffle.
        let mut rng = sightlines::generate::SplitMix64::new(args.seed);
        for i in 0..sample {
            let j = i + rng.below((total - i) as u32) as usize;
            floors.swap(i, j);
        }
        floors.truncate(sample);
        floors.sort_unstable_by_key(|&(q, r)| (r, q));
    }
    if floors.len() < 2 {
        return Err(Failure::input(format!(
            "{}: fewer than two floor hexes, no pair to check",
            map.name
        )));
    }
    let n = floors.len();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} floor hexes; {}{} pairs checked, {}",
        map.name,
        total,
        if n < total {
            format!("a sample of {n} hexes (seed {}), ", args.seed)
        } else {
            "all ".to_owned()
        },
        n as u64 * (n as u64 - 1) / 2,
        match args.radius {
            Some(r) => format!("radius {r} rings"),
            None => "no radius (the whole map)".to_owned(),
        }
    );
    let bounds = grid.bounds().expect("a hex grid is bounded");
    let (mut broken, mut asymmetric) = (Vec::new(), Vec::new());
    for &a in &algorithms {
        let mut fov = HexFov::new(a);
        let mut seen = VisibleSet::new();
        // sees[i * n + j]: floor i sees floor j.
        let mut sees = vec![false; n * n];
        let mut problems: Vec<String> = Vec::new();
        for (i, &origin) in floors.iter().enumerate() {
            let mut once = VisibleSet::new();
            once.reset(grid.axial_rect());
            let (mut twice, mut off, mut far) = (0u64, 0u64, 0u64);
            fov.compute(grid, origin, args.radius, |q, r| {
                if !bounds.contains(q, r) {
                    off += 1;
                } else if !once.insert(q, r) {
                    twice += 1;
                }
                if args
                    .radius
                    .is_some_and(|rad| sightlines::hex::distance(origin, (q, r)) > u64::from(rad))
                {
                    far += 1;
                }
            })?;
            fov.compute_into(grid, origin, args.radius, &mut seen)?;
            if !once.contains(origin.0, origin.1) {
                problems.push(format!("the origin ({}, {}) not seen", origin.0, origin.1));
            }
            for (count, what) in [
                (twice, "reported twice"),
                (off, "off the map"),
                (far, "out of range"),
            ] {
                if count > 0 {
                    problems.push(format!(
                        "{count} hexes {what} from ({}, {})",
                        origin.0, origin.1
                    ));
                }
            }
            for (j, &b) in floors.iter().enumerate() {
                sees[i * n + j] = seen.contains(b.0, b.1);
            }
        }
        let mut one_way = Vec::new();
        for i in 0..n {
            for j in 0..n {
                if sees[i * n + j] && !sees[j * n + i] {
                    one_way.push((floors[i], floors[j]));
                }
            }
        }
        let promise = match (a.symmetric(), one_way.len()) {
            (true, 0) => "promises symmetry and keeps it",
            (true, _) => "promises symmetry and BREAKS it",
            (false, _) => "does not promise symmetry",
        };
        let _ = writeln!(out, "{a}: {} one-way pairs; {promise}", one_way.len());
        for (seer, seen) in one_way.iter().take(args.limit) {
            let _ = writeln!(
                out,
                "  ({}, {}) sees ({}, {}), but ({}, {}) does not see ({}, {})",
                seer.0, seer.1, seen.0, seen.1, seen.0, seen.1, seer.0, seer.1
            );
        }
        if one_way.len() > args.limit {
            let _ = writeln!(out, "  ... and {} more", one_way.len() - args.limit);
        }
        let every = format!(
            "  every algorithm's promises over {n} fields of view (the origin seen, each hex once, none off the map or out of range):"
        );
        if problems.is_empty() {
            let _ = writeln!(out, "{every} kept");
        } else {
            problems.truncate(5);
            let _ = writeln!(out, "{every} BROKEN: {}", problems.join("; "));
        }
        if !one_way.is_empty() {
            asymmetric.push(a);
        }
        if !problems.is_empty() || (a.symmetric() && !one_way.is_empty()) {
            broken.push(a);
        }
    }
    let failed = crate::check::write_verdict(&mut out, &broken, &asymmetric, args.promises);
    write_output(None, out.as_bytes(), false)?;
    if failed {
        Err(Failure::quiet(1))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_text_colours_the_disputed_hexes_on_a_terminal() {
        let map = parse(
            "seam".into(),
            "hex odd-r\n. . . .\n . @ . .\n. # # .\n . . . .\n",
        )
        .unwrap();
        let origin = map.viewer.unwrap();
        let algorithms = [HexAlgorithm::Shadowcast, HexAlgorithm::PrecisePermissive];
        let cmp = compare_fields(&map, origin, None, &algorithms, true).unwrap();
        let plain = compare_text(&map, origin, None, &cmp, false);
        let tty = compare_text(&map, origin, None, &cmp, true);
        let n = cmp.disputed.len();
        assert!(n > 0);
        // Each disputed hex is highlighted in the panel that sees it and an
        // orange '-' in the other: as many marks as in the plain text.
        let marks = |text: &str, c: char| {
            text.lines()
                .skip(1)
                .take(4)
                .map(|l| l.matches(c).count())
                .sum::<usize>()
        };
        assert_eq!(marks(&plain, '+') + marks(&plain, '-'), 2 * n);
        assert_eq!(tty.matches("\x1b[30;48;5;208m").count(), marks(&plain, '+'));
        assert!(tty.contains("(highlighted: seen here, missed by another;"));
        assert!(!plain.contains('\x1b'));
    }

    #[test]
    fn text_reads_back_and_dims_on_a_terminal() {
        let map = parse("room".into(), "hex odd-r\n. . # .\n . @ # .\n. . # .\n").unwrap();
        let origin = map.viewer.unwrap();
        let mut seen = VisibleSet::new();
        HexFov::default()
            .compute_into(&map.grid, origin, None, &mut seen)
            .unwrap();
        let plain = text(HexAlgorithm::Shadowcast, &map, origin, None, &seen, false);
        assert_eq!(plain, "hex odd-r\n. . # ?\n . @ # ?\n. . # ?\n");
        let back = HexGrid::parse(&plain).unwrap();
        assert_eq!(back.viewer, Some(origin));
        let tty = text(HexAlgorithm::Shadowcast, &map, origin, Some(3), &seen, true);
        assert!(
            tty.starts_with("hex odd-r\n. . # \x1b[2m.\x1b[0m\n"),
            "{tty:?}"
        );
        assert!(
            tty.ends_with("hex-shadowcast from (1, 1), radius 3 (rings): 9 of 12 hexes visible\n")
        );
    }
}
