//! Drawing a [`Game`] with ratatui: the map through a camera, the status
//! line, the message log, and the help, aim and death overlays.
//!
//! Nothing here changes the game; [`draw`] reads it and fills a frame, so
//! the tests draw into ratatui's `TestBackend` and read the cells back.
//!
//! In the fog of war, tiles in view are bright (lit walls in amber, floors
//! in white), remembered tiles dim (walls blue, floors dark grey), and
//! unknown tiles blank. Monsters are drawn only on tiles the player sees,
//! since a remembered tile shows the level as it was, not who stands there
//! now. The screen uses ASCII only, so that it reads the same in any
//! terminal and locale.

use std::fmt::Write as _;
use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};
use ratatui::Frame;
use sightlines::Knowledge;

use crate::game::{Game, Kind, Mode, MAX_CHARGES, MAX_HP, QUICK, SMOKE};

/// The smallest terminal the game draws in: the player's whole field of
/// view (21 rows) above three lines of status and messages.
pub const MIN_WIDTH: u16 = 50;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 24;
/// Lines under the map: the status line and two lines of messages.
const FOOTER: u16 = 3;

/// The player's glyph.
pub const PLAYER: char = '@';

/// Draws the whole screen for `game`, or a polite refusal when the frame
/// is smaller than [`MIN_WIDTH`] x [`MIN_HEIGHT`].
pub fn draw(frame: &mut Frame, game: &Game) {
    let area = frame.area();
    render(game, area, frame.buffer_mut());
}

/// [`draw`] into any buffer.
pub fn render(game: &Game, area: Rect, buf: &mut Buffer) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(area, buf);
        return;
    }
    let map_area = Rect::new(area.x, area.y, area.width, area.height - FOOTER);
    let status_area = Rect::new(area.x, area.bottom() - FOOTER, area.width, 1);
    let log_area = Rect::new(area.x, area.bottom() - FOOTER + 1, area.width, 2);
    MapView { game }.render(map_area, buf);
    Paragraph::new(status_line(game)).render(status_area, buf);
    Paragraph::new(footer_lines(game)).render(log_area, buf);
    if game.mode() == Mode::Dead {
        popup(
            "You died",
            vec![
                Line::from(format!(
                    "Turn {}, {} monsters slain.",
                    game.turn(),
                    game.stats().kills
                )),
                Line::from(""),
                Line::from("r: a new level (the next seed)    q: quit"),
            ],
            area,
            buf,
        );
    }
    if game.help_shown() {
        popup(
            &format!(
                "Keys - {} seed {} - any key closes",
                game.config().map,
                game.config().seed
            ),
            help_lines(),
            area,
            buf,
        );
    }
}

fn too_small(area: Rect, buf: &mut Buffer) {
    let lines = vec![
        Line::from(format!(
            "The terminal is {}x{}, too small:",
            area.width, area.height
        )),
        Line::from(format!("sightlines-demo needs {MIN_WIDTH}x{MIN_HEIGHT}.")),
        Line::from("Make the window larger, or press q."),
    ];
    let top = area.height.saturating_sub(lines.len() as u16) / 2;
    let rect = Rect::new(area.x, area.y + top, area.width, area.height - top);
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}

/// The top-left world tile shown at the top-left of a view of `view`
/// cells on a map of `map` tiles, keeping `focus` in the middle: the
/// camera stops at the map's edges, and a map smaller than the view is
/// centred in it.
pub fn camera(view: (u16, u16), map: (u32, u32), focus: (i32, i32)) -> (i32, i32) {
    fn axis(view: u16, map: u32, focus: i32) -> i32 {
        let (view, map, focus) = (i64::from(view), i64::from(map), i64::from(focus));
        let left = if map <= view {
            -(view - map) / 2
        } else {
            (focus - view / 2).clamp(0, map - view)
        };
        left.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
    (axis(view.0, map.0, focus.0), axis(view.1, map.1, focus.1))
}

struct MapView<'a> {
    game: &'a Game,
}

impl Widget for MapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let game = self.game;
        let map = game.map();
        let (left, top) = camera(
            (area.width, area.height),
            (map.width(), map.height()),
            game.player(),
        );
        let memory = game.memory();
        let view = game.view().visible();
        let aim = game.aim();
        let blast = game.blast_area();
        let diff = game.show_diff().then(|| game.compare_view());
        for sy in 0..area.height {
            for sx in 0..area.width {
                let (x, y) = (left + i32::from(sx), top + i32::from(sy));
                let knowledge = memory.knowledge(view, x, y);
                let (mut ch, mut style) = tile(game, x, y, knowledge);
                if knowledge == Knowledge::Visible {
                    if let Some(m) = game.monster_at(x, y) {
                        (ch, style) = monster(m.kind(), m.sees_player());
                    }
                }
                if (x, y) == game.player() {
                    let colour = if game.hp() * 3 <= MAX_HP {
                        Color::LightRed
                    } else {
                        Color::White
                    };
                    (ch, style) = (PLAYER, Style::new().fg(colour).add_modifier(Modifier::BOLD));
                }
                if let Some(other) = diff {
                    let (mine, theirs) = (view.contains(x, y), other.sees(x, y));
                    if mine != theirs {
                        if ch == ' ' {
                            (ch, _) = tile(game, x, y, Knowledge::Visible);
                        }
                        let bg = if mine { Color::Green } else { Color::Magenta };
                        style = style.bg(bg).fg(Color::Black);
                    }
                }
                if let Some(aim) = aim {
                    if blast.contains(x, y) {
                        style = style.bg(Color::Red);
                    }
                    let line = game.aim_line();
                    if let Some(i) = line.iter().position(|&t| t == (x, y)) {
                        if i < aim.flight {
                            // The bolt's flight, except over a monster in view.
                            if game.monster_at(x, y).is_none() || !game.sees(x, y) {
                                ch = '*';
                                style = style.fg(Color::LightYellow).add_modifier(Modifier::BOLD);
                            }
                        } else {
                            style = style.bg(Color::DarkGray);
                        }
                    }
                    if (x, y) == aim.cursor {
                        if ch == ' ' {
                            ch = 'X';
                        }
                        style = Style::new()
                            .fg(Color::Black)
                            .bg(Color::LightYellow)
                            .add_modifier(Modifier::BOLD);
                    }
                }
                if let Some(cell) = buf.cell_mut((area.x + sx, area.y + sy)) {
                    cell.set_char(ch).set_style(style);
                }
            }
        }
    }
}

/// How a map tile looks for what the player knows of it: smoke is drawn
/// only while seen (it thins away), and a tile seen dimmer, through
/// foliage or smoke, is drawn darker.
fn tile(game: &Game, x: i32, y: i32, knowledge: Knowledge) -> (char, Style) {
    let smoke = game.smoke(x, y);
    let ch = if game.is_closed_door(x, y) {
        '+'
    } else if game.is_door(x, y) {
        '\''
    } else if game.is_wall(x, y) {
        '#'
    } else if knowledge == Knowledge::Visible && smoke > SMOKE / 2 {
        '▒'
    } else if knowledge == Knowledge::Visible && smoke > 0 {
        '░'
    } else if game.is_foliage(x, y) {
        '"'
    } else {
        '.'
    };
    let door = game.is_door(x, y);
    let colour = match (knowledge, ch) {
        (Knowledge::Unknown, _) => return (' ', Style::new()),
        (Knowledge::Visible, _) if door => Color::LightYellow,
        (Knowledge::Visible, '#') => Color::Yellow,
        (Knowledge::Visible, '"') => Color::LightGreen,
        (Knowledge::Visible, '▒' | '░') => Color::Gray,
        (Knowledge::Visible, _) => Color::White,
        (Knowledge::Remembered, '.') => Color::DarkGray,
        (Knowledge::Remembered, '"') => Color::Green,
        (Knowledge::Remembered, _) => Color::Blue,
    };
    let colour = match knowledge {
        Knowledge::Visible => dimmed(colour, game.view().visibility(x, y)),
        _ => colour,
    };
    let mut style = Style::new().fg(colour);
    if knowledge == Knowledge::Visible && door {
        style = style.add_modifier(Modifier::BOLD);
    }
    (ch, style)
}

/// `colour` as seen at `visibility` (of 255): unchanged at full, else
/// darker, down to a quarter of its brightness.
fn dimmed(colour: Color, visibility: u8) -> Color {
    if visibility == u8::MAX {
        return colour;
    }
    let (r, g, b) = match colour {
        Color::Yellow => (205, 205, 0),
        Color::LightYellow => (255, 255, 96),
        Color::LightGreen => (96, 255, 96),
        Color::Gray => (176, 176, 176),
        _ => (255, 255, 255),
    };
    let scale = |c: u16| (c * (64 + u16::from(visibility) * 3 / 4) / 255) as u8;
    Color::Rgb(scale(r), scale(g), scale(b))
}

fn monster(kind: Kind, hunting: bool) -> (char, Style) {
    let colour = if hunting {
        Color::LightRed
    } else {
        match kind {
            Kind::Rat => Color::LightMagenta,
            Kind::Goblin => Color::LightGreen,
            Kind::Orc => Color::LightCyan,
        }
    };
    (
        kind.glyph(),
        Style::new().fg(colour).add_modifier(Modifier::BOLD),
    )
}

/// `12.3us`, `1.25ms`.
pub fn format_duration(d: Duration) -> String {
    let micros = d.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.1}us")
    } else {
        format!("{:.2}ms", micros / 1000.0)
    }
}

fn status_line(game: &Game) -> Line<'static> {
    let sep = || Span::styled(" | ", Style::new().fg(Color::DarkGray));
    let mut spans = vec![Span::styled(
        game.algorithm().id(),
        Style::new()
            .fg(Color::Black)
            .bg(Color::LightCyan)
            .add_modifier(Modifier::BOLD),
    )];
    let fov = game
        .last_fov_time()
        .map_or_else(|| "-".to_string(), format_duration);
    spans.push(Span::raw(format!(" fov {fov}")));
    if game.diagonal_gaps().blocks() {
        spans.push(Span::styled(" sealed", Style::new().fg(Color::LightYellow)));
    }
    spans.push(sep());
    let hp_colour = if game.hp() * 3 <= MAX_HP {
        Color::LightRed
    } else {
        Color::Reset
    };
    spans.push(Span::styled(
        format!("HP {}/{MAX_HP}", game.hp()),
        Style::new().fg(hp_colour),
    ));
    spans.push(sep());
    spans.push(Span::raw(format!("wand {}/{MAX_CHARGES}", game.charges())));
    spans.push(sep());
    let stats = game.stats();
    let mut rest = String::new();
    let _ = write!(
        rest,
        "turn {} | seen {} | fovs {}/{}",
        game.turn(),
        game.memory().len(),
        stats.monster_updates,
        game.monsters().len(),
    );
    spans.push(Span::raw(rest));
    spans.push(sep());
    spans.push(Span::raw("? help"));
    Line::from(spans)
}

fn footer_lines(game: &Game) -> Vec<Line<'static>> {
    let mut lines = Vec::with_capacity(2);
    if let (Mode::Aim, Some(aim)) = (game.mode(), game.aim()) {
        let target = match (aim.target, game.monster_at(aim.cursor.0, aim.cursor.1)) {
            (Some(i), Some(m)) => format!("{} {}/{}", m.kind().name(), i + 1, game.targets().len()),
            _ if aim.valid => "a tile".to_string(),
            _ => "out of sight".to_string(),
        };
        let burst = if aim.epicentre == aim.cursor {
            String::new()
        } else {
            format!(", stopped after {}", aim.flight)
        };
        let mut spans = vec![
            Span::styled(
                " AIM ",
                Style::new()
                    .fg(Color::Black)
                    .bg(Color::LightYellow)
                    .add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(
                " {target}{burst} | {} line (L) | Tab next, - prev, Enter fire, Esc ",
                aim.line.name(),
            )),
        ];
        let (px, py) = game.player();
        if game.blast_area().contains(px, py) {
            spans.push(Span::styled(
                "the blast would reach you!",
                Style::new()
                    .fg(Color::LightRed)
                    .add_modifier(Modifier::BOLD),
            ));
        }
        lines.push(Line::from(spans));
        if let Some(last) = game.log().next_back() {
            lines.push(Line::from(last.to_string()));
        }
        return lines;
    }
    let mut room = 2;
    if game.show_diff() {
        let diff = game.diff();
        lines.push(Line::from(vec![
            Span::styled(
                " DIFF ",
                Style::new()
                    .fg(Color::Black)
                    .bg(Color::LightCyan)
                    .add_modifier(Modifier::BOLD),
            ),
            Span::raw(" "),
            Span::styled(
                format!(" {} only {} ", game.algorithm(), diff.only_current),
                Style::new().fg(Color::Black).bg(Color::Green),
            ),
            Span::raw(" "),
            Span::styled(
                format!(" {} only {} ", game.compared(), diff.only_other),
                Style::new().fg(Color::Black).bg(Color::Magenta),
            ),
            Span::raw(" (d hides)"),
        ]));
        room = 1;
    }
    let n = game.log().len();
    for text in game.log().skip(n.saturating_sub(room)) {
        lines.push(Line::from(text.to_string()));
    }
    lines
}

fn help_lines() -> Vec<Line<'static>> {
    let keys = [
        "Move      arrows, vi keys h j k l y u b n, numeric keypad",
        "          (digits 1-9 move as on a keypad; 5 . s wait)",
        "Attack    move into a monster; open a door by moving into it",
        "Monsters  see with their own field of view; wanderers look only",
        "          ahead (creep up from behind), hunters all around",
        "Wand      f or t: aim at the nearest monster in view",
        "          Tab/space/+ next target, Shift-Tab/- previous,",
        "          move keys move the cursor, L Bresenham/supercover,",
        "          Enter (or f) fires, Esc cancels",
        "Sight     Tab / Shift-Tab: next / previous algorithm",
        "          F1-F9: the algorithms below (also 1-9 when started",
        "          with --digits algorithms)",
        "          d: show where this algorithm and the previous one",
        "          disagree (green: only this one, magenta: only the other)",
        "          g: walls touching at a corner seal it (the diagonal rule)",
        "          foliage \" and a blast's smoke dim sight (darker tiles);",
        "          two tiles of fresh smoke hide what lies behind them",
        "Quit      q or Ctrl-C",
        "",
    ];
    let mut lines: Vec<Line<'static>> = keys.into_iter().map(Line::from).collect();
    // The most useful lines first: a short terminal cuts the popup's end.
    let mut row = String::new();
    for (i, a) in QUICK.iter().enumerate() {
        row.push_str(&format!("F{} {:<21}", i + 1, a.id()));
        if i % 3 == 2 || i + 1 == QUICK.len() {
            lines.push(Line::from(row.trim_end().to_string()));
            row.clear();
        }
    }
    for text in [
        "",
        "Bright: in view. Dim: remembered. Red monsters have seen you.",
        "Status: the algorithm, the time of the player's last field of view,",
        "hit points, wand charges, turns, tiles seen, and fovs: monster",
        "fields of view recomputed last turn (only those that moved, or saw",
        "a door open, or changed algorithm) / monsters alive.",
    ] {
        lines.push(Line::from(text));
    }
    lines
}

fn popup(title: &str, lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(title.len()) as u16
        + 4;
    let height = lines.len() as u16 + 2;
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        )
        .render(rect, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camera_follows_and_stops_at_edges() {
        // Inside: the focus is in the middle.
        assert_eq!(camera((20, 10), (100, 50), (50, 25)), (40, 20));
        // Near the top-left and bottom-right edges the camera stops.
        assert_eq!(camera((20, 10), (100, 50), (2, 1)), (0, 0));
        assert_eq!(camera((20, 10), (100, 50), (99, 49)), (80, 40));
        // A map smaller than the view is centred.
        assert_eq!(camera((20, 10), (10, 4), (3, 3)), (-5, -3));
        // Extreme values neither overflow nor panic.
        let _ = camera(
            (u16::MAX, u16::MAX),
            (u32::MAX, u32::MAX),
            (i32::MIN, i32::MAX),
        );
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(format_duration(Duration::from_nanos(12_345)), "12.3us");
        assert_eq!(format_duration(Duration::from_micros(1_250)), "1.25ms");
    }
}
