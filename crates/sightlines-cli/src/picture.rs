//! Pictures of fields of view, as PNG or SVG.
//!
//! A [`Picture`] is a list of simple shapes (filled rectangles, frames,
//! lines, discs, text) in pixel coordinates, rendered either as SVG text or
//! rasterised into a PNG. [`figure`] lays out one or more map panels with
//! titles and a legend; `show`, `compare`, `check` and `report` all draw
//! through it, so every picture of the project reads the same way.
//!
//! The palette is Okabe and Ito's, safe for the common kinds of colour
//! blindness, with greys for what is not seen.

use sightlines::{Grid, Opacity, VisibleSet};
use std::fmt::Write as _;

/// A colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The palette (Okabe-Ito colours for what matters, greys for what is not seen).
pub mod palette {
    use super::Rgb;
    pub const BACKGROUND: Rgb = Rgb(255, 255, 255);
    pub const TEXT: Rgb = Rgb(0, 0, 0);
    /// A floor tile in the field of view: yellow.
    pub const FLOOR_SEEN: Rgb = Rgb(0xF0, 0xE4, 0x42);
    /// A wall tile in the field of view (a lit wall): orange.
    pub const WALL_SEEN: Rgb = Rgb(0xE6, 0x9F, 0x00);
    /// A floor tile out of sight: mid grey.
    pub const FLOOR_UNSEEN: Rgb = Rgb(0x8C, 0x8C, 0x8C);
    /// A wall tile out of sight: near black.
    pub const WALL_UNSEEN: Rgb = Rgb(0x26, 0x26, 0x26);
    /// The viewer and the sight lines: blue.
    pub const ORIGIN: Rgb = Rgb(0x00, 0x72, 0xB2);
    /// Sight lines: sky blue.
    pub const SIGHT_LINE: Rgb = Rgb(0x00, 0x72, 0xB2);
    /// Tiles where algorithms disagree, or a symmetry violation: vermillion.
    pub const DISPUTED: Rgb = Rgb(0xD5, 0x5E, 0x00);
    /// A marked target tile: bluish green.
    pub const TARGET: Rgb = Rgb(0x00, 0x9E, 0x73);
}

#[derive(Clone, Debug)]
enum Item {
    Rect {
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        fill: Rgb,
    },
    Frame {
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        stroke: Rgb,
        width: i32,
    },
    Line {
        from: (i32, i32),
        to: (i32, i32),
        stroke: Rgb,
        width: i32,
    },
    Disc {
        cx: i32,
        cy: i32,
        r: i32,
        fill: Rgb,
    },
    /// Text whose top-left corner is at (x, y), `scale` pixels a font dot.
    Text {
        x: i32,
        y: i32,
        scale: i32,
        text: String,
        fill: Rgb,
    },
}

/// A drawing in pixels, rendered as SVG or PNG.
#[derive(Clone, Debug)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    items: Vec<Item>,
}

/// Width of one character of text at `scale`, in pixels.
pub fn text_width(text: &str, scale: i32) -> i32 {
    text.chars().count() as i32 * 4 * scale
}

impl Picture {
    pub fn new(width: u32, height: u32) -> Picture {
        Picture {
            width,
            height,
            items: Vec::new(),
        }
    }

    pub fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, fill: Rgb) {
        self.items.push(Item::Rect { x, y, w, h, fill });
    }

    pub fn frame(&mut self, x: i32, y: i32, w: i32, h: i32, stroke: Rgb, width: i32) {
        self.items.push(Item::Frame {
            x,
            y,
            w,
            h,
            stroke,
            width,
        });
    }

    pub fn line(&mut self, from: (i32, i32), to: (i32, i32), stroke: Rgb, width: i32) {
        self.items.push(Item::Line {
            from,
            to,
            stroke,
            width,
        });
    }

    pub fn disc(&mut self, cx: i32, cy: i32, r: i32, fill: Rgb) {
        self.items.push(Item::Disc { cx, cy, r, fill });
    }

    pub fn text(&mut self, x: i32, y: i32, scale: i32, text: &str, fill: Rgb) {
        self.items.push(Item::Text {
            x,
            y,
            scale,
            text: text.to_owned(),
            fill,
        });
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" shape-rendering=\"crispEdges\">",
            w = self.width,
            h = self.height
        );
        let _ = writeln!(
            s,
            "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            self.width,
            self.height,
            palette::BACKGROUND.hex()
        );
        for item in &self.items {
            match item {
                Item::Rect { x, y, w, h, fill } => {
                    let _ = writeln!(
                        s,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
                        fill.hex()
                    );
                }
                Item::Frame {
                    x,
                    y,
                    w,
                    h,
                    stroke,
                    width,
                } => {
                    // SVG strokes straddle the path: inset by half the width.
                    let half = *width as f64 / 2.0;
                    let _ = writeln!(
                        s,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width}\"/>",
                        *x as f64 + half,
                        *y as f64 + half,
                        (*w as f64 - 2.0 * half).max(0.0),
                        (*h as f64 - 2.0 * half).max(0.0),
                        stroke.hex()
                    );
                }
                Item::Line {
                    from,
                    to,
                    stroke,
                    width,
                } => {
                    let _ = writeln!(
                        s,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{width}\" shape-rendering=\"auto\"/>",
                        from.0,
                        from.1,
                        to.0,
                        to.1,
                        stroke.hex()
                    );
                }
                Item::Disc { cx, cy, r, fill } => {
                    let _ = writeln!(
                        s,
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{}\" shape-rendering=\"auto\"/>",
                        fill.hex()
                    );
                }
                Item::Text {
                    x,
                    y,
                    scale,
                    text,
                    fill,
                } => {
                    let _ = writeln!(
                        s,
                        "<text x=\"{x}\" y=\"{}\" font-family=\"monospace\" font-size=\"{}\" fill=\"{}\">{}</text>",
                        y + 5 * scale,
                        6 * scale,
                        fill.hex(),
                        escape(text)
                    );
                }
            }
        }
        s.push_str("</svg>\n");
        s
    }

    /// The picture as RGB pixels, row by row.
    pub fn to_pixels(&self) -> Vec<u8> {
        let (w, h) = (self.width as i64, self.height as i64);
        let mut px = vec![255u8; (w * h * 3) as usize];
        let mut put = |x: i64, y: i64, c: Rgb| {
            if (0..w).contains(&x) && (0..h).contains(&y) {
                let i = ((y * w + x) * 3) as usize;
                px[i..i + 3].copy_from_slice(&[c.0, c.1, c.2]);
            }
        };
        let fill = |put: &mut dyn FnMut(i64, i64, Rgb), x: i32, y: i32, rw: i32, rh: i32, c| {
            let (x0, y0) = (i64::from(x).max(0), i64::from(y).max(0));
            let (x1, y1) = (
                (i64::from(x) + i64::from(rw)).min(w),
                (i64::from(y) + i64::from(rh)).min(h),
            );
            for yy in y0..y1 {
                for xx in x0..x1 {
                    put(xx, yy, c);
                }
            }
        };
        for item in &self.items {
            match item {
                &Item::Rect {
                    x,
                    y,
                    w: rw,
                    h: rh,
                    fill: c,
                } => fill(&mut put, x, y, rw, rh, c),
                &Item::Frame {
                    x,
                    y,
                    w: rw,
                    h: rh,
                    stroke,
                    width,
                } => {
                    let t = width.min(rw / 2).min(rh / 2).max(1);
                    fill(&mut put, x, y, rw, t, stroke);
                    fill(&mut put, x, y + rh - t, rw, t, stroke);
                    fill(&mut put, x, y, t, rh, stroke);
                    fill(&mut put, x + rw - t, y, t, rh, stroke);
                }
                &Item::Line {
                    from,
                    to,
                    stroke,
                    width,
                } => {
                    // Pixels whose centre lies within width/2 of the segment.
                    let (ax, ay) = (from.0 as f64, from.1 as f64);
                    let (bx, by) = (to.0 as f64, to.1 as f64);
                    let half = (width.max(1) as f64) / 2.0;
                    let (dx, dy) = (bx - ax, by - ay);
                    let len2 = dx * dx + dy * dy;
                    let pad = width.max(1) + 1;
                    for yy in from.1.min(to.1) - pad..=from.1.max(to.1) + pad {
                        for xx in from.0.min(to.0) - pad..=from.0.max(to.0) + pad {
                            let (px_, py_) = (xx as f64 + 0.5, yy as f64 + 0.5);
                            let t = if len2 == 0.0 {
                                0.0
                            } else {
                                (((px_ - ax) * dx + (py_ - ay) * dy) / len2).clamp(0.0, 1.0)
                            };
                            let (qx, qy) = (ax + t * dx - px_, ay + t * dy - py_);
                            if qx * qx + qy * qy <= half * half {
                                put(i64::from(xx), i64::from(yy), stroke);
                            }
                        }
                    }
                }
                &Item::Disc { cx, cy, r, fill: c } => {
                    let r2 = f64::from(r) * f64::from(r);
                    for yy in cy - r..=cy + r {
                        for xx in cx - r..=cx + r {
                            let (ddx, ddy) = (
                                xx as f64 + 0.5 - f64::from(cx),
                                yy as f64 + 0.5 - f64::from(cy),
                            );
                            if ddx * ddx + ddy * ddy <= r2 {
                                put(i64::from(xx), i64::from(yy), c);
                            }
                        }
                    }
                }
                Item::Text {
                    x,
                    y,
                    scale,
                    text,
                    fill: c,
                } => {
                    for (i, ch) in text.chars().enumerate() {
                        let rows = glyph(ch);
                        let gx = x + i as i32 * 4 * scale;
                        for (row, bits) in rows.iter().enumerate() {
                            for col in 0..3 {
                                if bits >> (2 - col) & 1 == 1 {
                                    fill(
                                        &mut put,
                                        gx + col * scale,
                                        y + row as i32 * scale,
                                        *scale,
                                        *scale,
                                        *c,
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        px
    }

    /// The picture as a PNG file.
    pub fn to_png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut out, self.width.max(1), self.height.max(1));
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let pixels = if self.width == 0 || self.height == 0 {
                vec![255; 3]
            } else {
                self.to_pixels()
            };
            // Writing to memory cannot fail once the header is valid.
            if let Ok(mut writer) = encoder.write_header() {
                let _ = writer.write_image_data(&pixels);
            }
        }
        out
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A 3x5 dot font (upper case, digits, some punctuation): rows top down,
/// bit 2 the left column. Lower case draws as upper case.
fn glyph(c: char) -> [u8; 5] {
    let rows: [&str; 5] = match c.to_ascii_uppercase() {
        'A' => [".#.", "#.#", "###", "#.#", "#.#"],
        'B' => ["##.", "#.#", "##.", "#.#", "##."],
        'C' => [".##", "#..", "#..", "#..", ".##"],
        'D' => ["##.", "#.#", "#.#", "#.#", "##."],
        'E' => ["###", "#..", "##.", "#..", "###"],
        'F' => ["###", "#..", "##.", "#..", "#.."],
        'G' => [".##", "#..", "#.#", "#.#", ".##"],
        'H' => ["#.#", "#.#", "###", "#.#", "#.#"],
        'I' => ["###", ".#.", ".#.", ".#.", "###"],
        'J' => ["..#", "..#", "..#", "#.#", ".#."],
        'K' => ["#.#", "#.#", "##.", "#.#", "#.#"],
        'L' => ["#..", "#..", "#..", "#..", "###"],
        'M' => ["#.#", "###", "###", "#.#", "#.#"],
        'N' => ["##.", "#.#", "#.#", "#.#", "#.#"],
        'O' => [".#.", "#.#", "#.#", "#.#", ".#."],
        'P' => ["##.", "#.#", "##.", "#..", "#.."],
        'Q' => [".#.", "#.#", "#.#", "##.", ".##"],
        'R' => ["##.", "#.#", "##.", "#.#", "#.#"],
        'S' => [".##", "#..", ".#.", "..#", "##."],
        'T' => ["###", ".#.", ".#.", ".#.", ".#."],
        'U' => ["#.#", "#.#", "#.#", "#.#", "###"],
        'V' => ["#.#", "#.#", "#.#", "#.#", ".#."],
        'W' => ["#.#", "#.#", "###", "###", "#.#"],
        'X' => ["#.#", "#.#", ".#.", "#.#", "#.#"],
        'Y' => ["#.#", "#.#", ".#.", ".#.", ".#."],
        'Z' => ["###", "..#", ".#.", "#..", "###"],
        '0' => ["###", "#.#", "#.#", "#.#", "###"],
        '1' => [".#.", "##.", ".#.", ".#.", "###"],
        '2' => ["##.", "..#", ".#.", "#..", "###"],
        '3' => ["##.", "..#", ".#.", "..#", "##."],
        '4' => ["#.#", "#.#", "###", "..#", "..#"],
        '5' => ["###", "#..", "##.", "..#", "##."],
        '6' => [".##", "#..", "###", "#.#", "###"],
        '7' => ["###", "..#", ".#.", ".#.", ".#."],
        '8' => ["###", "#.#", "###", "#.#", "###"],
        '9' => ["###", "#.#", "###", "..#", "##."],
        '-' => ["...", "...", "###", "...", "..."],
        ',' => ["...", "...", "...", ".#.", "#.."],
        '.' => ["...", "...", "...", "...", ".#."],
        '(' => [".#.", "#..", "#..", "#..", ".#."],
        ')' => [".#.", "..#", "..#", "..#", ".#."],
        ':' => ["...", ".#.", "...", ".#.", "..."],
        '/' => ["..#", "..#", ".#.", "#..", "#.."],
        '=' => ["...", "###", "...", "###", "..."],
        '+' => ["...", ".#.", "###", ".#.", "..."],
        '>' => ["#..", ".#.", "..#", ".#.", "#.."],
        '<' => ["..#", ".#.", "#..", ".#.", "..#"],
        ' ' => ["...", "...", "...", "...", "..."],
        _ => ["##.", "..#", ".#.", "...", ".#."],
    };
    rows.map(|r| r.bytes().fold(0u8, |acc, b| acc << 1 | u8::from(b == b'#')))
}

/// One map panel of a figure: a field of view and what to point out on it.
pub struct Panel<'a> {
    pub title: String,
    pub map: &'a Grid,
    pub seen: &'a VisibleSet,
    pub origin: Option<(i32, i32)>,
    /// Tiles framed in vermillion (disagreements, violations).
    pub disputed: Vec<(i32, i32)>,
    /// Tiles marked with a green disc (a target).
    pub targets: Vec<(i32, i32)>,
    /// Draw sight lines from the origin to the edge of what is seen.
    pub sight_lines: bool,
}

impl<'a> Panel<'a> {
    pub fn new(title: impl Into<String>, map: &'a Grid, seen: &'a VisibleSet) -> Panel<'a> {
        Panel {
            title: title.into(),
            map,
            seen,
            origin: None,
            disputed: Vec::new(),
            targets: Vec::new(),
            sight_lines: false,
        }
    }
}

/// What a figure's legend explains.
#[derive(Clone, Debug, Default)]
pub struct LegendItems {
    pub disputed: Option<String>,
    pub targets: Option<&'static str>,
    pub sight_lines: bool,
}

const MARGIN: i32 = 8;
const TEXT_SCALE: i32 = 2;
const TITLE_HEIGHT: i32 = 5 * TEXT_SCALE + 8;

/// Lays out panels in a grid of at most `columns` columns, each with its
/// title above, and a legend below.
pub fn figure(panels: &[Panel<'_>], tile: u32, columns: usize, legend: LegendItems) -> Picture {
    let tile = tile as i32;
    let columns = columns.clamp(1, panels.len().max(1));
    let rows = panels.len().div_ceil(columns).max(1);
    let map_w = panels
        .iter()
        .map(|p| p.map.width() as i32 * tile)
        .max()
        .unwrap_or(0);
    let map_h = panels
        .iter()
        .map(|p| p.map.height() as i32 * tile)
        .max()
        .unwrap_or(0);
    let title_w = panels
        .iter()
        .map(|p| text_width(&p.title, TEXT_SCALE))
        .max()
        .unwrap_or(0);
    let cell_w = map_w.max(title_w);
    let cell_h = TITLE_HEIGHT + map_h;

    let mut entries: Vec<(Rgb, &str, bool)> = vec![
        (palette::FLOOR_SEEN, "floor seen", false),
        (palette::WALL_SEEN, "wall seen", false),
        (palette::FLOOR_UNSEEN, "floor unseen", false),
        (palette::WALL_UNSEEN, "wall unseen", false),
        (palette::ORIGIN, "viewer", false),
    ];
    if let Some(label) = &legend.disputed {
        entries.push((palette::DISPUTED, label, true));
    }
    if let Some(label) = legend.targets {
        entries.push((palette::TARGET, label, false));
    }
    if legend.sight_lines {
        entries.push((palette::SIGHT_LINE, "sight line", false));
    }
    let swatch = 5 * TEXT_SCALE + 4;
    let entry_widths: Vec<i32> = entries
        .iter()
        .map(|(_, label, _)| swatch + 6 + text_width(label, TEXT_SCALE) + 14)
        .collect();
    let content_w = (columns as i32 * cell_w + (columns as i32 - 1) * MARGIN).max(1);
    // Legend entries flow onto as many lines as the width needs.
    let mut legend_lines = 1;
    let mut cursor = 0;
    for &ew in &entry_widths {
        if cursor > 0 && cursor + ew > content_w.max(360) {
            legend_lines += 1;
            cursor = 0;
        }
        cursor += ew;
    }
    let legend_w = content_w.max(360);
    let width = 2 * MARGIN + legend_w.max(content_w);
    let grid_h = rows as i32 * cell_h + (rows as i32 - 1) * MARGIN;
    let legend_h = legend_lines * (swatch + 6);
    let height = 2 * MARGIN + grid_h + MARGIN + legend_h;
    let mut pic = Picture::new(width as u32, height as u32);

    for (i, panel) in panels.iter().enumerate() {
        let ox = MARGIN + (i % columns) as i32 * (cell_w + MARGIN);
        let oy = MARGIN + (i / columns) as i32 * (cell_h + MARGIN);
        pic.text(ox, oy + 2, TEXT_SCALE, &panel.title, palette::TEXT);
        draw_map(&mut pic, panel, ox, oy + TITLE_HEIGHT, tile);
    }

    let (mut lx, mut ly) = (MARGIN, MARGIN + grid_h + MARGIN);
    for ((colour, label, framed), ew) in entries.iter().zip(&entry_widths) {
        if lx > MARGIN && lx + ew > MARGIN + legend_w {
            lx = MARGIN;
            ly += swatch + 6;
        }
        if *framed {
            pic.rect(lx, ly, swatch, swatch, palette::FLOOR_SEEN);
            pic.frame(lx, ly, swatch, swatch, *colour, 3);
        } else if *colour == palette::ORIGIN && *label == "viewer" {
            pic.rect(lx, ly, swatch, swatch, palette::FLOOR_SEEN);
            pic.disc(lx + swatch / 2, ly + swatch / 2, swatch * 3 / 8, *colour);
        } else {
            pic.rect(lx, ly, swatch, swatch, *colour);
        }
        pic.text(
            lx + swatch + 6,
            ly + (swatch - 5 * TEXT_SCALE) / 2,
            TEXT_SCALE,
            label,
            palette::TEXT,
        );
        lx += ew;
    }
    pic
}

/// The colour of tile (x, y) in a panel.
pub fn tile_colour(map: &Grid, seen: &VisibleSet, x: i32, y: i32) -> Rgb {
    match (map.is_opaque(x, y), seen.contains(x, y)) {
        (false, true) => palette::FLOOR_SEEN,
        (true, true) => palette::WALL_SEEN,
        (false, false) => palette::FLOOR_UNSEEN,
        (true, false) => palette::WALL_UNSEEN,
    }
}

fn draw_map(pic: &mut Picture, panel: &Panel<'_>, ox: i32, oy: i32, tile: i32) {
    let (w, h) = (panel.map.width() as i32, panel.map.height() as i32);
    // Runs of one colour along a row make small SVGs.
    for y in 0..h {
        let mut x = 0;
        while x < w {
            let colour = tile_colour(panel.map, panel.seen, x, y);
            let mut end = x + 1;
            while end < w && tile_colour(panel.map, panel.seen, end, y) == colour {
                end += 1;
            }
            pic.rect(ox + x * tile, oy + y * tile, (end - x) * tile, tile, colour);
            x = end;
        }
    }
    // Thin grid lines between tiles help count them when tiles are large.
    if tile >= 8 {
        for x in 1..w {
            pic.rect(ox + x * tile, oy, 1, h * tile, palette::BACKGROUND);
        }
        for y in 1..h {
            pic.rect(ox, oy + y * tile, w * tile, 1, palette::BACKGROUND);
        }
    }
    let centre = |(x, y): (i32, i32)| (ox + x * tile + tile / 2, oy + y * tile + tile / 2);
    if panel.sight_lines {
        if let Some(origin) = panel.origin {
            let from = centre(origin);
            for (x, y) in panel.seen.iter() {
                let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .iter()
                    .any(|(dx, dy)| !panel.seen.contains(x + dx, y + dy));
                if edge && (x, y) != origin {
                    pic.line(from, centre((x, y)), palette::SIGHT_LINE, 1);
                }
            }
        }
    }
    let frame = (tile / 6).max(1);
    for &(x, y) in &panel.disputed {
        pic.frame(
            ox + x * tile,
            oy + y * tile,
            tile,
            tile,
            palette::DISPUTED,
            frame,
        );
    }
    for &t in &panel.targets {
        let (cx, cy) = centre(t);
        pic.disc(cx, cy, (tile * 3 / 8).max(1), palette::TARGET);
    }
    if let Some(origin) = panel.origin {
        let (cx, cy) = centre(origin);
        pic.disc(cx, cy, (tile * 3 / 8).max(1), palette::ORIGIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_are_three_dots_wide() {
        for c in ('A'..='Z').chain('0'..='9').chain("-,.():/=+<> ".chars()) {
            assert!(glyph(c).iter().all(|&r| r < 8), "{c}");
        }
        assert_eq!(glyph('T'), [7, 2, 2, 2, 2]);
    }

    #[test]
    fn rasterises_shapes_where_asked() {
        let mut p = Picture::new(20, 10);
        p.rect(2, 2, 3, 3, Rgb(1, 2, 3));
        p.disc(15, 5, 3, Rgb(9, 9, 9));
        let px = p.to_pixels();
        let at = |x: usize, y: usize| &px[(y * 20 + x) * 3..(y * 20 + x) * 3 + 3];
        assert_eq!(at(3, 3), [1, 2, 3]);
        assert_eq!(at(5, 3), [255, 255, 255]);
        assert_eq!(at(15, 5), [9, 9, 9]);
        assert!(p.to_svg().contains("<circle cx=\"15\""));
    }
}
