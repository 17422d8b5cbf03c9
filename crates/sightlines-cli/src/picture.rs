//! Pictures of fields of view, as PNG or SVG, in bounded memory.
//!
//! A [`Picture`] is a list of simple shapes (filled rectangles, frames,
//! lines, discs, text) in pixel coordinates, and map layers that colour
//! their tiles only when a row is drawn. It is written as SVG text, one
//! element at a time, or rasterised into a PNG a band of rows at a time:
//! the memory a picture takes is its shapes and one band, never a buffer of
//! the whole picture, whatever the map's size. [`figure`] lays out one or
//! more map panels with titles and a legend; `show`, `compare`, `check` and
//! `report` all draw through it, so every picture of the project reads the
//! same way. Pictures are at most [`MAX_SIDE`] pixels a side (see [`fit`]).
//!
//! The palette is Okabe and Ito's, safe for the common kinds of colour
//! blindness, with greys for what is not seen and sky blue for what is
//! remembered (seen before, out of sight now).

use crate::Failure;
use clap::ValueEnum;
use indicatif::ProgressBar;
use noto_sans_mono_bitmap::{
    get_raster, get_raster_width, FontWeight, RasterHeight, RasterizedChar,
};
use sightlines::{Grid, Knowledge, LevelGrid, Memory, Opacity, Rect, Translucency, VisibleSet};
use std::io::{self, Write};

/// The largest picture side, in pixels: what image viewers and browsers
/// open (16384 is the common limit of their canvases and textures).
pub const MAX_SIDE: u32 = 16384;

/// Pixel rows rasterised at a time for a PNG.
const BAND: i64 = 32;

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
    /// A floor tile out of sight but remembered: sky blue.
    pub const FLOOR_REMEMBERED: Rgb = Rgb(0x56, 0xB4, 0xE9);
    /// A wall tile out of sight but remembered: sky blue at half brightness,
    /// dark as the unseen walls are, still blue beside them.
    pub const WALL_REMEMBERED: Rgb = Rgb(0x2B, 0x5A, 0x75);
    /// The viewer and the sight lines: blue.
    pub const ORIGIN: Rgb = Rgb(0x00, 0x72, 0xB2);
    /// Sight lines: sky blue.
    pub const SIGHT_LINE: Rgb = Rgb(0x00, 0x72, 0xB2);
    /// Tiles where algorithms disagree, or a symmetry violation: vermillion.
    pub const DISPUTED: Rgb = Rgb(0xD5, 0x5E, 0x00);
    /// A marked target tile: bluish green.
    pub const TARGET: Rgb = Rgb(0x00, 0x9E, 0x73);
    /// A translucent tile (smoke, foliage): reddish purple, mixed into its
    /// floor colour.
    pub const TRANSLUCENT: Rgb = Rgb(0xCC, 0x79, 0xA7);
}

/// A field of view through translucent tiles: the map's levels and each
/// visible tile's visibility (0 for the others).
#[derive(Clone, Debug)]
pub struct Sight {
    pub levels: LevelGrid,
    pub visibility: LevelGrid,
}

impl Rgb {
    /// `self` moved toward `other` by `t / 255`.
    pub fn mix(self, other: Rgb, t: u8) -> Rgb {
        let m = |a: u8, b: u8| {
            let (a, b, t) = (u32::from(a), u32::from(b), u32::from(t));
            ((a * (255 - t) + b * t + 127) / 255) as u8
        };
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

/// A map drawn tile by tile: the tiles of `area`, `tile` pixels each, from
/// pixel (x, y); coloured by [`tile_colour`] only when its rows are drawn.
#[derive(Clone, Debug)]
struct MapLayer<'a> {
    x: i32,
    y: i32,
    tile: i32,
    area: Rect,
    map: &'a Grid,
    seen: &'a VisibleSet,
    memory: Option<&'a Memory>,
    sight: Option<&'a Sight>,
}

impl MapLayer<'_> {
    fn colour(&self, col: u32, row: u32) -> Rgb {
        let (x, y) = (self.area.x + col as i32, self.area.y + row as i32);
        let colour = tile_colour(self.map, self.seen, self.memory, x, y);
        match self.sight {
            Some(sight) => shade(colour, sight, x, y),
            None => colour,
        }
    }

    /// Thin grid lines between tiles help count them when tiles are large.
    fn grid_lines(&self) -> bool {
        self.tile >= 8
    }
}

#[derive(Clone, Debug)]
enum Item<'a> {
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
    /// A line of text in a box [`TEXT_HEIGHT`] pixels tall whose top-left
    /// corner is at (x, y).
    Text {
        x: i32,
        y: i32,
        text: String,
        fill: Rgb,
    },
    Map(MapLayer<'a>),
    /// A regular hexagon of circumradius `size` centred on (cx, cy),
    /// pointy-top or flat-top.
    Hex {
        cx: f64,
        cy: f64,
        size: f64,
        pointy: bool,
        fill: Rgb,
    },
}

/// The corners of a hexagon, clockwise from the top (pointy-top) or from
/// the right (flat-top).
fn hex_corners(cx: f64, cy: f64, size: f64, pointy: bool) -> [(f64, f64); 6] {
    let start = if pointy { -90.0f64 } else { 0.0 };
    std::array::from_fn(|k| {
        let a = (start + 60.0 * k as f64).to_radians();
        (cx + size * a.cos(), cy + size * a.sin())
    })
}

/// A drawing in pixels, rendered as SVG or PNG.
#[derive(Clone, Debug)]
pub struct Picture<'a> {
    pub width: u32,
    pub height: u32,
    items: Vec<Item<'a>>,
}

/// Text in PNG pictures is Noto Sans Mono, regular, pre-rasterised with
/// anti-aliasing (the `noto-sans-mono-bitmap` crate): real lower and upper
/// case without a font engine, in bounded memory. SVG pictures name the
/// `monospace` family at the size whose advance matches.
const FONT: (FontWeight, RasterHeight) = (FontWeight::Regular, RasterHeight::Size16);

/// The height of a line of text, in pixels (ascent and descent included).
pub const TEXT_HEIGHT: i32 = 16;

/// The advance of one character, in pixels.
const TEXT_ADVANCE: i32 = get_raster_width(FONT.0, FONT.1) as i32;

/// Width of a line of text, in pixels.
pub fn text_width(text: &str) -> i32 {
    text.chars().count() as i32 * TEXT_ADVANCE
}

/// The raster of a character; a character outside the font's basic Latin
/// draws as `?`.
fn raster(c: char) -> Option<RasterizedChar> {
    get_raster(c, FONT.0, FONT.1).or_else(|| get_raster('?', FONT.0, FONT.1))
}

/// Pixel rows `y0..y1` of a picture `width` pixels wide, RGB.
struct Band<'b> {
    width: i64,
    y0: i64,
    y1: i64,
    px: &'b mut [u8],
}

impl Band<'_> {
    fn put(&mut self, x: i64, y: i64, c: Rgb) {
        self.blend(x, y, c, 255);
    }

    /// Mixes `c` over the pixel with opacity `alpha` (255: replaces it).
    fn blend(&mut self, x: i64, y: i64, c: Rgb, alpha: u8) {
        if (0..self.width).contains(&x) && (self.y0..self.y1).contains(&y) {
            let i = (((y - self.y0) * self.width + x) * 3) as usize;
            let a = u32::from(alpha);
            for (old, new) in self.px[i..i + 3].iter_mut().zip([c.0, c.1, c.2]) {
                *old = ((u32::from(*old) * (255 - a) + u32::from(new) * a + 127) / 255) as u8;
            }
        }
    }

    /// Fills the rectangle, clipped to the band.
    fn fill(&mut self, x: i32, y: i32, w: i32, h: i32, c: Rgb) {
        let (x0, y0) = (i64::from(x).max(0), i64::from(y).max(self.y0));
        let x1 = (i64::from(x) + i64::from(w)).min(self.width);
        let y1 = (i64::from(y) + i64::from(h)).min(self.y1);
        for yy in y0..y1 {
            for xx in x0..x1 {
                self.put(xx, yy, c);
            }
        }
    }

    fn map(&mut self, m: &MapLayer<'_>) {
        let (tile, top) = (i64::from(m.tile), i64::from(m.y));
        let bottom = top + i64::from(m.area.height) * tile;
        let mut colours: Vec<Rgb> = Vec::new();
        let mut row_of_colours = None;
        for py in self.y0.max(top)..self.y1.min(bottom) {
            let row = ((py - top) / tile) as u32;
            if row_of_colours != Some(row) {
                colours.clear();
                colours.extend((0..m.area.width).map(|col| m.colour(col, row)));
                row_of_colours = Some(row);
            }
            let line = m.grid_lines() && row > 0 && (py - top) % tile == 0;
            for (col, &c) in colours.iter().enumerate() {
                let x0 = i64::from(m.x) + col as i64 * tile;
                for px in x0..x0 + tile {
                    let on_line = line || (m.grid_lines() && col > 0 && px == x0);
                    self.put(px, py, if on_line { palette::BACKGROUND } else { c });
                }
            }
        }
    }

    fn item(&mut self, item: &Item<'_>) {
        match item {
            &Item::Rect { x, y, w, h, fill } => self.fill(x, y, w, h, fill),
            &Item::Frame {
                x,
                y,
                w,
                h,
                stroke,
                width,
            } => {
                let t = width.min(w / 2).min(h / 2).max(1);
                self.fill(x, y, w, t, stroke);
                self.fill(x, y + h - t, w, t, stroke);
                self.fill(x, y, t, h, stroke);
                self.fill(x + w - t, y, t, h, stroke);
            }
            &Item::Line {
                from,
                to,
                stroke,
                width,
            } => self.line(from, to, stroke, width),
            &Item::Disc { cx, cy, r, fill } => {
                let r2 = f64::from(r) * f64::from(r);
                let rows = i64::from(cy - r).max(self.y0)..=i64::from(cy + r).min(self.y1 - 1);
                for yy in rows {
                    for xx in cx - r..=cx + r {
                        let (dx, dy) = (
                            xx as f64 + 0.5 - f64::from(cx),
                            yy as f64 + 0.5 - f64::from(cy),
                        );
                        if dx * dx + dy * dy <= r2 {
                            self.put(i64::from(xx), yy, fill);
                        }
                    }
                }
            }
            Item::Text { x, y, text, fill } => {
                if i64::from(*y) >= self.y1 || i64::from(*y + TEXT_HEIGHT) < self.y0 {
                    return;
                }
                for (i, ch) in text.chars().enumerate() {
                    let Some(glyph) = raster(ch) else { continue };
                    let gx = i64::from(*x) + i as i64 * i64::from(TEXT_ADVANCE);
                    for (row, alphas) in glyph.rows().enumerate() {
                        let py = i64::from(*y) + row as i64;
                        for (col, &alpha) in alphas.iter().enumerate() {
                            if alpha > 0 {
                                self.blend(gx + col as i64, py, *fill, alpha);
                            }
                        }
                    }
                }
            }
            Item::Map(m) => self.map(m),
            &Item::Hex {
                cx,
                cy,
                size,
                pointy,
                fill,
            } => {
                let half = size * 3f64.sqrt() / 2.0;
                let (rx, ry) = if pointy { (half, size) } else { (size, half) };
                let rows = ((cy - ry).floor() as i64).max(self.y0)
                    ..=((cy + ry).ceil() as i64).min(self.y1 - 1);
                for yy in rows {
                    for xx in (cx - rx).floor() as i64..=(cx + rx).ceil() as i64 {
                        let (dx, dy) = ((xx as f64 + 0.5 - cx).abs(), (yy as f64 + 0.5 - cy).abs());
                        // Pointy-top: |x| within the half width and
                        // |x| / sqrt(3) + |y| within the size; flat-top the same, turned.
                        let (a, b) = if pointy { (dx, dy) } else { (dy, dx) };
                        if a <= half && a / 3f64.sqrt() + b <= size {
                            self.put(xx, yy, fill);
                        }
                    }
                }
            }
        }
    }

    /// Pixels whose centre lies within width/2 of the segment, row by row:
    /// on each row only the pixels near where the segment crosses it are
    /// tried, so a long line costs its length, not its bounding box.
    fn line(&mut self, from: (i32, i32), to: (i32, i32), stroke: Rgb, width: i32) {
        let (ax, ay) = (f64::from(from.0), f64::from(from.1));
        let (bx, by) = (f64::from(to.0), f64::from(to.1));
        let half = f64::from(width.max(1)) / 2.0;
        let (dx, dy) = (bx - ax, by - ay);
        let len2 = dx * dx + dy * dy;
        let pad = i64::from(width.max(1) + 1);
        let top = i64::from(from.1.min(to.1)) - pad;
        let bottom = i64::from(from.1.max(to.1)) + pad;
        for yy in top.max(self.y0)..=bottom.min(self.y1 - 1) {
            let py = yy as f64 + 0.5;
            // The segment's x where its y is within reach of this row.
            let (lo, hi) = if dy == 0.0 {
                (ax.min(bx), ax.max(bx))
            } else {
                let t0 = ((py - half - 1.0 - ay) / dy).clamp(0.0, 1.0);
                let t1 = ((py + half + 1.0 - ay) / dy).clamp(0.0, 1.0);
                let (xa, xb) = (ax + t0 * dx, ax + t1 * dx);
                (xa.min(xb), xa.max(xb))
            };
            let x0 = (lo - half - 2.0).floor() as i64;
            let x1 = (hi + half + 2.0).ceil() as i64;
            for xx in x0.max(0)..=x1.min(self.width - 1) {
                let px = xx as f64 + 0.5;
                let t = if len2 == 0.0 {
                    0.0
                } else {
                    (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0)
                };
                let (qx, qy) = (ax + t * dx - px, ay + t * dy - py);
                if qx * qx + qy * qy <= half * half {
                    self.put(xx, yy, stroke);
                }
            }
        }
    }
}

impl<'a> Picture<'a> {
    pub fn new(width: u32, height: u32) -> Picture<'a> {
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

    pub fn hexagon(&mut self, cx: f64, cy: f64, size: f64, pointy: bool, fill: Rgb) {
        self.items.push(Item::Hex {
            cx,
            cy,
            size,
            pointy,
            fill,
        });
    }

    pub fn text(&mut self, x: i32, y: i32, text: &str, fill: Rgb) {
        self.items.push(Item::Text {
            x,
            y,
            text: text.to_owned(),
            fill,
        });
    }

    /// The picture as an SVG document (for the tests; [`Picture::write_svg`]
    /// streams it).
    #[cfg(test)]
    pub fn to_svg(&self) -> String {
        let mut out = Vec::new();
        // Writing to memory cannot fail.
        let _ = self.write_svg(&mut out, &ProgressBar::hidden());
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Writes the picture as an SVG document, element by element; `bar`
    /// counts the pixel rows of the maps written.
    pub fn write_svg(&self, out: &mut dyn Write, bar: &ProgressBar) -> io::Result<()> {
        writeln!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" shape-rendering=\"crispEdges\">",
            w = self.width,
            h = self.height
        )?;
        writeln!(
            out,
            "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            self.width,
            self.height,
            palette::BACKGROUND.hex()
        )?;
        let rect = |out: &mut dyn Write, x: i32, y: i32, w: i32, h: i32, fill: Rgb| {
            writeln!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
                fill.hex()
            )
        };
        for item in &self.items {
            match item {
                &Item::Rect { x, y, w, h, fill } => rect(out, x, y, w, h, fill)?,
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
                    writeln!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width}\"/>",
                        *x as f64 + half,
                        *y as f64 + half,
                        (*w as f64 - 2.0 * half).max(0.0),
                        (*h as f64 - 2.0 * half).max(0.0),
                        stroke.hex()
                    )?;
                }
                Item::Line {
                    from,
                    to,
                    stroke,
                    width,
                } => {
                    writeln!(
                        out,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{width}\" shape-rendering=\"auto\"/>",
                        from.0,
                        from.1,
                        to.0,
                        to.1,
                        stroke.hex()
                    )?;
                }
                Item::Disc { cx, cy, r, fill } => {
                    writeln!(
                        out,
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{}\" shape-rendering=\"auto\"/>",
                        fill.hex()
                    )?;
                }
                Item::Text { x, y, text, fill } => {
                    // The PNG font's baseline is 12 pixels down its box, and
                    // monospace fonts advance 0.6 em: 12 pixels gives 7.2.
                    writeln!(
                        out,
                        "<text x=\"{x}\" y=\"{}\" font-family=\"monospace\" font-size=\"12\" fill=\"{}\">{}</text>",
                        y + 12,
                        fill.hex(),
                        escape(text)
                    )?;
                }
                &Item::Hex {
                    cx,
                    cy,
                    size,
                    pointy,
                    fill,
                } => {
                    let points: Vec<String> = hex_corners(cx, cy, size, pointy)
                        .iter()
                        .map(|(x, y)| format!("{x:.2},{y:.2}"))
                        .collect();
                    writeln!(
                        out,
                        "<polygon points=\"{}\" fill=\"{}\"/>",
                        points.join(" "),
                        fill.hex()
                    )?;
                }
                Item::Map(m) => {
                    let (w, h, t) = (m.area.width as i32, m.area.height as i32, m.tile);
                    // Runs of one colour along a row make small SVGs.
                    for row in 0..h {
                        let mut col = 0;
                        while col < w {
                            let colour = m.colour(col as u32, row as u32);
                            let mut end = col + 1;
                            while end < w && m.colour(end as u32, row as u32) == colour {
                                end += 1;
                            }
                            rect(
                                out,
                                m.x + col * t,
                                m.y + row * t,
                                (end - col) * t,
                                t,
                                colour,
                            )?;
                            col = end;
                        }
                        bar.inc(t as u64);
                    }
                    if m.grid_lines() {
                        for col in 1..w {
                            rect(out, m.x + col * t, m.y, 1, h * t, palette::BACKGROUND)?;
                        }
                        for row in 1..h {
                            rect(out, m.x, m.y + row * t, w * t, 1, palette::BACKGROUND)?;
                        }
                    }
                }
            }
        }
        out.write_all(b"</svg>\n")
    }

    /// Writes the picture to `path` (standard output when `None`) as PNG
    /// or SVG, with a progress bar on a terminal.
    pub fn write_to(&self, path: Option<&std::path::Path>, png: bool) -> Result<(), Failure> {
        let bar = crate::progress::bar(
            u64::from(self.height),
            if png {
                "drawing the PNG"
            } else {
                "drawing the SVG"
            },
            "pixel rows",
        );
        crate::input::write_output_with(path, png, |out| {
            if png {
                self.write_png(out, &bar)
            } else {
                self.write_svg(out, &bar)
            }
        })?;
        bar.finish_and_clear();
        Ok(())
    }

    /// Rasterises pixel rows `y0..y1` into `px` (RGB, `width` pixels a row).
    fn render_band(&self, y0: i64, y1: i64, px: &mut [u8]) {
        px.fill(255);
        let mut band = Band {
            width: i64::from(self.width),
            y0,
            y1,
            px,
        };
        for item in &self.items {
            band.item(item);
        }
    }

    /// The picture as RGB pixels, row by row (for the tests: a PNG is
    /// written a band at a time, [`Picture::write_png`]).
    #[cfg(test)]
    pub fn to_pixels(&self) -> Vec<u8> {
        let mut px = vec![255u8; self.width as usize * self.height as usize * 3];
        self.render_band(0, i64::from(self.height), &mut px);
        px
    }

    /// The picture as a PNG file, in memory (for small pictures and tests).
    #[cfg(test)]
    pub fn to_png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        // Writing to memory cannot fail once the header is valid.
        let _ = self.write_png(&mut out, &ProgressBar::hidden());
        out
    }

    /// Writes the picture as a PNG, rasterised and compressed a band of
    /// rows at a time; `bar` counts the pixel rows.
    pub fn write_png(&self, out: &mut dyn Write, bar: &ProgressBar) -> io::Result<()> {
        let (w, h) = (self.width.max(1), self.height.max(1));
        let mut encoder = png::Encoder::new(out, w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(io::Error::other)?;
        let mut stream = writer.stream_writer().map_err(io::Error::other)?;
        let row = w as usize * 3;
        let mut px = vec![255u8; row * BAND as usize];
        let mut y0 = 0;
        while y0 < i64::from(h) {
            let y1 = (y0 + BAND).min(i64::from(h));
            let band = &mut px[..row * (y1 - y0) as usize];
            if self.width == 0 || self.height == 0 {
                band.fill(255);
            } else {
                self.render_band(y0, y1, band);
            }
            stream.write_all(band)?;
            bar.inc((y1 - y0) as u64);
            y0 = y1;
        }
        stream.finish().map_err(io::Error::other)
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One map panel of a figure: a field of view and what to point out on it.
pub struct Panel<'a> {
    pub title: String,
    pub map: &'a Grid,
    pub seen: &'a VisibleSet,
    pub origin: Option<(i32, i32)>,
    /// Tiles framed in vermillion (disagreements, violations).
    pub disputed: &'a [(i32, i32)],
    /// Tiles marked with a green disc (a target).
    pub targets: Vec<(i32, i32)>,
    /// Draw sight lines from the origin to the edge of what is seen.
    pub sight_lines: bool,
    /// Tiles seen before: those out of sight now are drawn as remembered.
    pub memory: Option<&'a Memory>,
    /// Sight through translucent tiles: tiles shaded by their visibility.
    pub sight: Option<&'a Sight>,
    /// The tiles drawn: the whole map when `None` (see [`fit`]).
    pub crop: Option<Rect>,
}

impl<'a> Panel<'a> {
    pub fn new(title: impl Into<String>, map: &'a Grid, seen: &'a VisibleSet) -> Panel<'a> {
        Panel {
            title: title.into(),
            map,
            seen,
            origin: None,
            disputed: &[],
            targets: Vec::new(),
            sight_lines: false,
            memory: None,
            sight: None,
            crop: None,
        }
    }

    /// The tiles drawn.
    fn area(&self) -> Rect {
        self.crop.unwrap_or_else(|| self.map.rect())
    }
}

/// What a figure's legend explains.
#[derive(Clone, Debug, Default)]
pub struct LegendItems {
    pub disputed: Option<String>,
    pub targets: Option<&'static str>,
    pub sight_lines: bool,
    /// Remembered floors and walls (shown when a memory is given).
    pub remembered: bool,
    /// Translucent tiles, and seen tiles fading with their visibility.
    pub translucent: bool,
}

pub const MARGIN: i32 = 8;
pub const TITLE_HEIGHT: i32 = TEXT_HEIGHT + 4;

/// Which tiles a picture draws (`--crop`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Crop {
    /// The whole map when the picture fits in the limit, else the box
    /// around what is seen.
    #[default]
    Auto,
    /// The whole map.
    Map,
    /// The box around the tiles seen (every panel's, together).
    Fov,
}

/// The smallest rectangle around the tiles of `sets`, if any.
pub fn seen_box<'s>(sets: impl IntoIterator<Item = &'s VisibleSet>) -> Option<Rect> {
    let mut b: Option<(i32, i32, i32, i32)> = None;
    for set in sets {
        for (x, y) in set.iter() {
            b = Some(match b {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    b.map(|(x0, y0, x1, y1)| {
        Rect::new(
            x0,
            y0,
            (i64::from(x1) - i64::from(x0) + 1) as u32,
            (i64::from(y1) - i64::from(y0) + 1) as u32,
        )
    })
}

/// Lays out `panels` with [`figure`] within [`MAX_SIDE`] pixels a side,
/// cropped as `crop` says to the box around every panel's field of view;
/// the error says what to do (the tile size that fits, the crop, `hint`:
/// a smaller range, fewer panels).
///
/// `columns` gives the columns of panels for a panel's width in pixels.
pub fn fit<'a>(
    mut panels: Vec<Panel<'a>>,
    tile: u32,
    columns: impl Fn(u64) -> usize,
    legend: LegendItems,
    crop: Crop,
    hint: &str,
) -> Result<Picture<'a>, Failure> {
    let size = |panels: &[Panel<'_>], tile: u32, legend: &LegendItems| {
        let widest = panels.iter().map(|p| p.area().width).max().unwrap_or(0);
        let preferred = columns(u64::from(widest) * u64::from(tile));
        let wanted = size(panels, tile, preferred, legend);
        if fits(wanted) {
            return (wanted, preferred);
        }
        // Past the limit: the columns that fit, the squarest picture.
        (1..=panels.len().max(1))
            .map(|c| (size(panels, tile, c, legend), c))
            .filter(|&(wh, _)| fits(wh))
            .min_by_key(|&((w, h), _)| w.max(h))
            .unwrap_or((wanted, preferred))
    };
    let seen = seen_box(panels.iter().map(|p| p.seen));
    let cropped = |panels: &mut Vec<Panel<'a>>| {
        for p in panels.iter_mut() {
            p.crop = seen.or(Some(Rect::new(0, 0, 0, 0)));
        }
    };
    if crop == Crop::Fov {
        cropped(&mut panels);
    }
    let (whole, _) = size(&panels, tile, &legend);
    if crop == Crop::Auto && !fits(whole) {
        cropped(&mut panels);
        if let (true, Some(b)) = (fits(size(&panels, tile, &legend).0), seen) {
            eprintln!(
                "sightlines: note: the whole map would be {} x {} pixels, past the limit of {MAX_SIDE} a side; drawing the tiles around what is seen, ({}, {}) to ({}, {}) (--crop map and a smaller --tile-size draw it all)",
                whole.0,
                whole.1,
                b.x,
                b.y,
                i64::from(b.x) + i64::from(b.width) - 1,
                i64::from(b.y) + i64::from(b.height) - 1
            );
        }
    }
    let ((w, h), columns) = size(&panels, tile, &legend);
    if fits((w, h)) {
        return Ok(figure(&panels, tile, columns, legend));
    }
    let smaller = (1..tile).rev().find(|&t| fits(size(&panels, t, &legend).0));
    let what = if panels.iter().all(|p| p.crop.is_some()) {
        "the box around what is seen"
    } else {
        "the whole map"
    };
    let advice = match smaller {
        Some(t) => format!("; pass --tile-size {t} (or less){hint}"),
        None => format!(
            ", even at --tile-size 1; pass {}",
            hint.trim_start_matches(", or ")
        ),
    };
    let crop_advice = if what == "the whole map" && crop != Crop::Fov {
        ", or --crop fov to draw only the box around what is seen"
    } else {
        ""
    };
    Err(Failure::input(format!(
        "a picture of {what} would be {w} x {h} pixels, past the limit of {MAX_SIDE} a side{advice}{crop_advice}"
    )))
}

fn fits((w, h): (i64, i64)) -> bool {
    w <= i64::from(MAX_SIDE) && h <= i64::from(MAX_SIDE)
}

/// The legend's entries: colour, label, framed.
fn legend_entries(legend: &LegendItems) -> Vec<(Rgb, &str, bool)> {
    let mut entries: Vec<(Rgb, &str, bool)> = vec![
        (palette::FLOOR_SEEN, "floor seen", false),
        (palette::WALL_SEEN, "wall seen", false),
        (palette::FLOOR_UNSEEN, "floor unseen", false),
        (palette::WALL_UNSEEN, "wall unseen", false),
    ];
    if legend.remembered {
        entries.push((palette::FLOOR_REMEMBERED, "floor remembered", false));
        entries.push((palette::WALL_REMEMBERED, "wall remembered", false));
    }
    if legend.translucent {
        entries.push((
            palette::TRANSLUCENT,
            "translucent (fainter: dimmer sight)",
            false,
        ));
    }
    entries.push((palette::ORIGIN, "viewer", false));
    if let Some(label) = &legend.disputed {
        entries.push((palette::DISPUTED, label, true));
    }
    if let Some(label) = legend.targets {
        entries.push((palette::TARGET, label, false));
    }
    if legend.sight_lines {
        entries.push((palette::SIGHT_LINE, "sight line", false));
    }
    entries
}

const SWATCH: i32 = 14;

/// The widths of the legend's entries, in pixels.
fn entry_widths(legend: &LegendItems) -> Vec<i64> {
    legend_entries(legend)
        .iter()
        .map(|(_, label, _)| i64::from(SWATCH + 6 + text_width(label) + 14))
        .collect()
}

/// The legend's width and height in pixels below content `content_w` wide.
pub fn legend_size(legend: &LegendItems, content_w: i64) -> (i64, i64) {
    let legend_w = content_w.max(360);
    let mut legend_lines = 1;
    let mut cursor = 0;
    for ew in entry_widths(legend) {
        if cursor > 0 && cursor + ew > legend_w {
            legend_lines += 1;
            cursor = 0;
        }
        cursor += ew;
    }
    (legend_w, legend_lines * i64::from(SWATCH + 6))
}

/// Draws the legend from (x, y), its entries flowing onto lines
/// `legend_w` pixels wide.
pub fn draw_legend(pic: &mut Picture<'_>, legend: &LegendItems, x: i32, y: i32, legend_w: i32) {
    let (mut lx, mut ly) = (x, y);
    for ((colour, label, framed), ew) in legend_entries(legend).iter().zip(entry_widths(legend)) {
        let ew = ew as i32;
        if lx > x && lx + ew > x + legend_w {
            lx = x;
            ly += SWATCH + 6;
        }
        if *framed {
            pic.rect(lx, ly, SWATCH, SWATCH, palette::FLOOR_SEEN);
            pic.frame(lx, ly, SWATCH, SWATCH, *colour, 3);
        } else if *colour == palette::ORIGIN && *label == "viewer" {
            pic.rect(lx, ly, SWATCH, SWATCH, palette::FLOOR_SEEN);
            pic.disc(lx + SWATCH / 2, ly + SWATCH / 2, SWATCH * 3 / 8, *colour);
        } else {
            pic.rect(lx, ly, SWATCH, SWATCH, *colour);
        }
        pic.text(
            lx + SWATCH + 6,
            ly + (SWATCH - TEXT_HEIGHT) / 2,
            label,
            palette::TEXT,
        );
        lx += ew;
    }
}

/// Where a figure's parts go, in pixels (`i64`: checked against the limit
/// before anything is drawn).
struct Layout {
    columns: usize,
    cell_w: i64,
    cell_h: i64,
    grid_h: i64,
    legend_w: i64,
    width: i64,
    height: i64,
}

fn layout(panels: &[Panel<'_>], tile: u32, columns: usize, legend: &LegendItems) -> Layout {
    let tile = i64::from(tile);
    let columns = columns.clamp(1, panels.len().max(1));
    let rows = panels.len().div_ceil(columns).max(1) as i64;
    let map_w = panels
        .iter()
        .map(|p| i64::from(p.area().width) * tile)
        .max()
        .unwrap_or(0);
    let map_h = panels
        .iter()
        .map(|p| i64::from(p.area().height) * tile)
        .max()
        .unwrap_or(0);
    let title_w = panels
        .iter()
        .map(|p| i64::from(text_width(&p.title)))
        .max()
        .unwrap_or(0);
    let cell_w = map_w.max(title_w);
    let cell_h = i64::from(TITLE_HEIGHT) + map_h;
    let margin = i64::from(MARGIN);
    let content_w = (columns as i64 * cell_w + (columns as i64 - 1) * margin).max(1);
    // Legend entries flow onto as many lines as the width needs.
    let (legend_w, legend_h) = legend_size(legend, content_w);
    let grid_h = rows * cell_h + (rows - 1) * margin;
    Layout {
        columns,
        cell_w,
        cell_h,
        grid_h,
        legend_w,
        width: 2 * margin + legend_w.max(content_w),
        height: 2 * margin + grid_h + margin + legend_h,
    }
}

/// A figure's size in pixels, before it is drawn.
pub fn size(panels: &[Panel<'_>], tile: u32, columns: usize, legend: &LegendItems) -> (i64, i64) {
    let l = layout(panels, tile, columns, legend);
    (l.width, l.height)
}

/// Lays out panels in a grid of at most `columns` columns, each with its
/// title above, and a legend below. The caller keeps it within
/// [`MAX_SIDE`] ([`fit`]); past `i32` pixels it would not be drawn right.
pub fn figure<'a>(
    panels: &[Panel<'a>],
    tile: u32,
    columns: usize,
    legend: LegendItems,
) -> Picture<'a> {
    let l = layout(panels, tile, columns, &legend);
    let tile = tile as i32;
    let (cell_w, cell_h) = (l.cell_w as i32, l.cell_h as i32);
    let mut pic = Picture::new(l.width as u32, l.height as u32);
    for (i, panel) in panels.iter().enumerate() {
        let ox = MARGIN + (i % l.columns) as i32 * (cell_w + MARGIN);
        let oy = MARGIN + (i / l.columns) as i32 * (cell_h + MARGIN);
        pic.text(ox, oy + 2, &panel.title, palette::TEXT);
        draw_map(&mut pic, panel, ox, oy + TITLE_HEIGHT, tile);
    }

    draw_legend(
        &mut pic,
        &legend,
        MARGIN,
        MARGIN + l.grid_h as i32 + MARGIN,
        l.legend_w as i32,
    );
    pic
}

/// A tile's colour through translucent tiles: a translucent tile tinted
/// by its level, a seen tile faded toward unseen as its visibility falls
/// (never all the way, so that every seen tile still shows).
fn shade(colour: Rgb, sight: &Sight, x: i32, y: i32) -> Rgb {
    let level = sight.levels.level(x, y);
    let colour = if (1..255).contains(&level) {
        colour.mix(palette::TRANSLUCENT, 64 + level / 2)
    } else {
        colour
    };
    match sight.visibility.level(x, y) {
        0 => colour,
        v => colour.mix(palette::FLOOR_UNSEEN, ((255 - u32::from(v)) * 3 / 4) as u8),
    }
}

/// The colour of tile (x, y) in a panel: seen, remembered (when there is
/// a memory) or unseen, wall or floor.
pub fn tile_colour(map: &Grid, seen: &VisibleSet, memory: Option<&Memory>, x: i32, y: i32) -> Rgb {
    let knowledge = match memory {
        Some(memory) => memory.knowledge(seen, x, y),
        None if seen.contains(x, y) => Knowledge::Visible,
        None => Knowledge::Unknown,
    };
    match (map.is_opaque(x, y), knowledge) {
        (false, Knowledge::Visible) => palette::FLOOR_SEEN,
        (true, Knowledge::Visible) => palette::WALL_SEEN,
        (false, Knowledge::Remembered) => palette::FLOOR_REMEMBERED,
        (true, Knowledge::Remembered) => palette::WALL_REMEMBERED,
        (false, Knowledge::Unknown) => palette::FLOOR_UNSEEN,
        (true, Knowledge::Unknown) => palette::WALL_UNSEEN,
    }
}

fn draw_map<'a>(pic: &mut Picture<'a>, panel: &Panel<'a>, ox: i32, oy: i32, tile: i32) {
    let area = panel.area();
    pic.items.push(Item::Map(MapLayer {
        x: ox,
        y: oy,
        tile,
        area,
        map: panel.map,
        seen: panel.seen,
        memory: panel.memory,
        sight: panel.sight,
    }));
    // Only what lies in the area drawn, placed from its corner.
    let inside = |&(x, y): &(i32, i32)| area.contains(x, y);
    let corner = |(x, y): (i32, i32)| (ox + (x - area.x) * tile, oy + (y - area.y) * tile);
    let centre = |t: (i32, i32)| {
        let (x, y) = corner(t);
        (x + tile / 2, y + tile / 2)
    };
    if panel.sight_lines {
        if let Some(origin) = panel.origin.filter(inside) {
            let from = centre(origin);
            for (x, y) in panel.seen.iter() {
                let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .iter()
                    .any(|(dx, dy)| !panel.seen.contains(x + dx, y + dy));
                if edge && (x, y) != origin && inside(&(x, y)) {
                    pic.line(from, centre((x, y)), palette::SIGHT_LINE, 1);
                }
            }
        }
    }
    let frame = (tile / 6).max(1);
    for &t in panel.disputed.iter().filter(|t| inside(t)) {
        let (x, y) = corner(t);
        pic.frame(x, y, tile, tile, palette::DISPUTED, frame);
    }
    for &t in panel.targets.iter().filter(|t| inside(t)) {
        let (cx, cy) = centre(t);
        pic.disc(cx, cy, (tile * 3 / 8).max(1), palette::TARGET);
    }
    if let Some(origin) = panel.origin.filter(inside) {
        let (cx, cy) = centre(origin);
        pic.disc(cx, cy, (tile * 3 / 8).max(1), palette::ORIGIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_anti_aliased_and_has_lower_case() {
        let draw = |text: &str| {
            let mut pic = Picture::new(40, TEXT_HEIGHT as u32);
            pic.rect(0, 0, 40, TEXT_HEIGHT, Rgb(0, 0, 0));
            pic.text(1, 0, text, Rgb(255, 255, 255));
            let mut png = Vec::new();
            pic.write_png(&mut png, &ProgressBar::hidden()).unwrap();
            decode(&png)
        };
        let (lower, upper) = (draw("ab"), draw("AB"));
        assert_ne!(lower, upper);
        // Grey edges between the black ground and the white ink, and only
        // grey: every channel equal.
        assert!(lower.iter().any(|&v| v > 0 && v < 255));
        assert!(lower.chunks(3).all(|p| p[0] == p[1] && p[1] == p[2]));
        // The ink stays within the characters' advance.
        let inked_columns = (0..40)
            .filter(|&x| (0..TEXT_HEIGHT as usize).any(|y| lower[(y * 40 + x) * 3] > 0))
            .max()
            .unwrap();
        assert!(inked_columns < 1 + text_width("ab") as usize);
        // A character outside the font is drawn as '?'.
        assert_eq!(draw("\u{263A}"), draw("?"));
    }

    /// Pixels of a PNG, decoded.
    fn decode(png: &[u8]) -> Vec<u8> {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut px = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut px).unwrap();
        px.truncate(info.buffer_size());
        px
    }

    #[test]
    fn a_png_written_band_by_band_is_the_whole_picture() {
        // Shapes across band edges (every 32 rows): lines, discs, text, a map.
        let grid = sightlines::generate::cave(30, 20, 4);
        let mut seen = VisibleSet::new();
        sightlines::Fov::default()
            .compute_into(&grid, (15, 10), sightlines::Range::UNLIMITED, &mut seen)
            .unwrap();
        let mut panel = Panel::new("A TITLE 123", &grid, &seen);
        panel.origin = Some((15, 10));
        panel.sight_lines = true;
        let marks = [(3, 3), (29, 19)];
        panel.disputed = &marks;
        let pic = figure(&[panel], 9, 1, LegendItems::default());
        assert!(pic.height > 3 * BAND as u32);
        assert_eq!(decode(&pic.to_png()), pic.to_pixels());
        // Each band alone is that band of the whole.
        let whole = pic.to_pixels();
        let row = pic.width as usize * 3;
        for (y0, y1) in [(0, 1), (31, 33), (100, 180)] {
            let mut band = vec![0; row * (y1 - y0)];
            pic.render_band(y0 as i64, y1 as i64, &mut band);
            assert_eq!(band, whole[y0 * row..y1 * row], "{y0}..{y1}");
        }
    }

    #[test]
    fn lines_row_by_row_are_the_pixels_near_the_segment() {
        // The pixels whose centre is within half the width of the segment,
        // tried over the whole picture.
        let (w, h) = (60i64, 50i64);
        let mut rng = sightlines::generate::SplitMix64::new(5);
        for _ in 0..300 {
            let mut p = || (rng.below(70) as i32 - 5, rng.below(60) as i32 - 5);
            let (from, to) = (p(), p());
            let width = 1 + (from.0.unsigned_abs() % 3) as i32;
            let mut pic = Picture::new(w as u32, h as u32);
            pic.line(from, to, Rgb(0, 0, 0), width);
            let px = pic.to_pixels();
            let half = f64::from(width) / 2.0;
            let (ax, ay, bx, by) = (from.0 as f64, from.1 as f64, to.0 as f64, to.1 as f64);
            for y in 0..h {
                for x in 0..w {
                    let (cx, cy) = (x as f64 + 0.5, y as f64 + 0.5);
                    let (dx, dy) = (bx - ax, by - ay);
                    let len2 = dx * dx + dy * dy;
                    let t = if len2 == 0.0 {
                        0.0
                    } else {
                        (((cx - ax) * dx + (cy - ay) * dy) / len2).clamp(0.0, 1.0)
                    };
                    let (qx, qy) = (ax + t * dx - cx, ay + t * dy - cy);
                    let on = qx * qx + qy * qy <= half * half;
                    let i = ((y * w + x) * 3) as usize;
                    assert_eq!(px[i] == 0, on, "{from:?} {to:?} {width}: ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn crops_and_the_limit() {
        let grid = Grid::new(2000, 30);
        let mut seen = VisibleSet::new();
        sightlines::Fov::default()
            .compute_into(&grid, (1000, 15), sightlines::Range::circle(5), &mut seen)
            .unwrap();
        let panel = || {
            let mut p = Panel::new("t", &grid, &seen);
            p.origin = Some((1000, 15));
            p
        };
        let fov = Rect::new(995, 10, 11, 11);
        assert_eq!(seen_box([&seen]), Some(fov));
        // 2000 tiles of 16 pixels do not fit; auto draws the field of view's box.
        let pic = fit(
            vec![panel()],
            16,
            |_| 1,
            LegendItems::default(),
            Crop::Auto,
            "",
        )
        .unwrap();
        assert!(pic.width < 400, "{}", pic.width);
        let Some(Item::Map(m)) = pic.items.iter().find(|i| matches!(i, Item::Map(_))) else {
            panic!("no map layer");
        };
        assert_eq!(m.area, fov);
        // The origin's disc is at the centre of its tile in the box.
        assert!(pic
            .items
            .iter()
            .any(|i| matches!(i, Item::Disc { cx, .. } if *cx == 8 + 5 * 16 + 8)));
        // At 8 pixels it fits whole: auto draws the map.
        let pic = fit(
            vec![panel()],
            8,
            |_| 1,
            LegendItems::default(),
            Crop::Auto,
            "",
        )
        .unwrap();
        assert_eq!(pic.width, 2 * 8 + 2000 * 8);
        // The whole map at 16 pixels is refused, naming the tile size that fits.
        let err = fit(
            vec![panel()],
            16,
            |_| 1,
            LegendItems::default(),
            Crop::Map,
            ", or --radius R",
        )
        .err()
        .unwrap();
        assert_eq!(
            err.message,
            "a picture of the whole map would be 32016 x 544 pixels, past the limit of 16384 a side; pass --tile-size 8 (or less), or --radius R, or --crop fov to draw only the box around what is seen"
        );
        let wide = Grid::new(20_000, 3);
        let mut all = VisibleSet::new();
        sightlines::Fov::default()
            .compute_into(&wide, (0, 0), sightlines::Range::UNLIMITED, &mut all)
            .unwrap();
        let err = fit(
            vec![Panel::new("t", &wide, &all)],
            4,
            |_| 1,
            LegendItems::default(),
            Crop::Auto,
            ", or --radius R",
        )
        .err()
        .unwrap();
        assert_eq!(
            err.message,
            "a picture of the box around what is seen would be 80016 x 76 pixels, past the limit of 16384 a side, even at --tile-size 1; pass --radius R"
        );
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
