//! The screen, drawn into ratatui's TestBackend and read back cell by cell.

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use sightlines::Algorithm;
use sightlines_demo::game::{Command, Config, Dir, Game, MapKind};
use sightlines_demo::ui::{self, camera, MIN_HEIGHT, MIN_WIDTH, PLAYER};

fn draw(game: &Game, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::draw(frame, game)).unwrap();
    terminal.backend().buffer().clone()
}

fn rows(buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

fn screen(buf: &Buffer) -> String {
    rows(buf).join("\n")
}

/// Where world tile `(x, y)` lands on a screen of `w` x `h` cells.
fn cell_of(game: &Game, (w, h): (u16, u16), (x, y): (i32, i32)) -> (u16, u16) {
    let map = game.map();
    let (left, top) = camera((w, h - 3), (map.width(), map.height()), game.player());
    ((x - left) as u16, (y - top) as u16)
}

#[test]
fn a_frame_shows_the_player_and_the_status_line() {
    let mut game = Game::new(Config::new(5, MapKind::Cave));
    let size = (100, 35);
    let buf = draw(&game, size.0, size.1);
    let at = cell_of(&game, size, game.player());
    assert_eq!(buf[at].symbol(), PLAYER.to_string());
    assert_eq!(screen(&buf).matches(PLAYER).count(), 1);
    let status = &rows(&buf)[32];
    assert!(status.starts_with("symmetric-shadowcast fov "), "{status}");
    assert!(status.contains("HP 12/12") && status.contains("wand 3/3"));
    // The status line follows the algorithm.
    game.apply(Command::NextAlgorithm);
    let buf = draw(&game, size.0, size.1);
    assert!(rows(&buf)[32].starts_with("recursive-shadowcast fov "));
}

#[test]
fn the_camera_follows_the_player_across_a_big_level() {
    let mut game = Game::new(Config::new(5, MapKind::Rooms));
    let size = (60, 24);
    for step in 0..300 {
        game.apply(Command::Move(Dir::ALL[(step / 7) % 8]));
        let buf = draw(&game, size.0, size.1);
        let at = cell_of(&game, size, game.player());
        assert!(at.0 < size.0 && at.1 < size.1 - 3);
        assert_eq!(buf[at].symbol(), "@", "step {step}");
    }
}

#[test]
fn fog_of_war_bright_dim_and_blank() {
    let game = Game::from_text(
        &[
            "##########", //
            "#@...#...#",
            "#....#...#",
            "##########",
        ]
        .join("\n"),
        Algorithm::SymmetricShadowcast,
    )
    .unwrap();
    let size = (60, 24);
    let buf = draw(&game, size.0, size.1);
    // In view: lit wall and floor, bright.
    let wall = &buf[cell_of(&game, size, (5, 1))];
    assert_eq!((wall.symbol(), wall.fg), ("#", Color::Yellow));
    let floor = &buf[cell_of(&game, size, (2, 2))];
    assert_eq!((floor.symbol(), floor.fg), (".", Color::White));
    // Never seen: blank.
    assert_eq!(buf[cell_of(&game, size, (7, 1))].symbol(), " ");
    // Remembered tiles are dim: walk out of sight of the start.
    let mut game = Game::from_text(
        &[
            "####################", //
            "#@.................#",
            "#########.##########",
            "#########..........#",
            "####################",
        ]
        .join("\n"),
        Algorithm::SymmetricShadowcast,
    )
    .unwrap();
    for _ in 0..8 {
        game.apply(Command::Move(Dir::E));
    }
    game.apply(Command::Move(Dir::S));
    game.apply(Command::Move(Dir::SE));
    for _ in 0..8 {
        game.apply(Command::Move(Dir::E));
    }
    assert!(!game.sees(1, 1) && game.memory().is_seen(1, 1));
    let buf = draw(&game, size.0, size.1);
    let old = &buf[cell_of(&game, size, (1, 1))];
    assert_eq!((old.symbol(), old.fg), (".", Color::DarkGray));
    let old_wall = &buf[cell_of(&game, size, (1, 0))];
    assert_eq!((old_wall.symbol(), old_wall.fg), ("#", Color::Blue));
}

#[test]
fn monsters_are_drawn_only_where_the_player_sees() {
    let game = Game::from_text(
        &[
            "############", //
            "#@...g#...o#",
            "############",
        ]
        .join("\n"),
        Algorithm::SymmetricShadowcast,
    )
    .unwrap();
    // The map rows only: the status line has letters too.
    let text = rows(&draw(&game, 60, 24))[..21].join("\n");
    assert!(text.contains('g'), "the goblin is in view");
    assert!(!text.contains('o'), "the orc hides behind the wall");
}

#[test]
fn aiming_shows_the_line_and_the_blast() {
    let mut game = Game::from_text(
        &[
            "##############", //
            "#@...........#",
            "#............#",
            "#.......g....#",
            "##############",
        ]
        .join("\n"),
        Algorithm::SymmetricShadowcast,
    )
    .unwrap();
    game.apply(Command::Aim);
    let size = (60, 24);
    let buf = draw(&game, size.0, size.1);
    let aim = *game.aim().unwrap();
    // The flight is drawn with '*', the target highlighted, the area in red.
    for &t in &game.aim_line()[..aim.flight - 1] {
        assert_eq!(buf[cell_of(&game, size, t)].symbol(), "*");
    }
    let target = &buf[cell_of(&game, size, aim.cursor)];
    assert_eq!(target.symbol(), "g");
    assert_eq!((target.fg, target.bg), (Color::Black, Color::LightYellow));
    assert!(target.modifier.contains(Modifier::BOLD));
    let red = game
        .blast_area()
        .iter()
        .filter(|&t| t != aim.cursor && buf[cell_of(&game, size, t)].bg == Color::Red)
        .count();
    assert_eq!(red + 1, game.blast_area().len());
    assert!(rows(&buf)[22].contains("AIM") && rows(&buf)[22].contains("bresenham"));
}

#[test]
fn the_diff_overlay_colours_each_disagreement() {
    let mut game = Game::new(Config::new(8, MapKind::Cave));
    game.apply(Command::ToggleDiff);
    game.apply(Command::SelectAlgorithm(4)); // raycast, against symmetric-shadowcast
    let size = (100, 35);
    let buf = draw(&game, size.0, size.1);
    let count = |colour| {
        let (w, h) = (buf.area.width, buf.area.height - 3);
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&p| buf[p].bg == colour)
            .count()
    };
    let diff = game.diff();
    assert!(diff.only_current + diff.only_other > 0);
    assert_eq!(count(Color::Green), diff.only_current);
    assert_eq!(count(Color::Magenta), diff.only_other);
    assert!(rows(&buf)[33].contains("DIFF"));
}

#[test]
fn too_small_a_terminal_gets_a_polite_message() {
    let game = Game::new(Config::new(1, MapKind::Cave));
    for (w, h) in [
        (MIN_WIDTH - 1, 40),
        (120, MIN_HEIGHT - 1),
        (20, 5),
        (1, 1),
        (0, 0),
    ] {
        let text = screen(&draw(&game, w, h));
        assert!(!text.contains('@'), "{w}x{h}");
        if w >= 36 && h >= 3 {
            assert!(text.contains("larger"), "{w}x{h}:\n{text}");
        }
    }
    let text = screen(&draw(&game, MIN_WIDTH, MIN_HEIGHT));
    assert!(text.contains('@') && !text.contains("larger"));
}

#[test]
fn help_and_death_screens() {
    let mut game = Game::new(Config::new(1, MapKind::Cave));
    game.apply(Command::Help);
    let text = screen(&draw(&game, 100, 35));
    assert!(
        text.contains("Keys") && text.contains("F9 beveled"),
        "{text}"
    );
    game.apply(Command::Wait); // any key closes it
    assert!(!screen(&draw(&game, 100, 35)).contains("F9 beveled"));
    let mut game = Game::from_text("#####\n#o@o#\n#####", Algorithm::Beveled).unwrap();
    for _ in 0..50 {
        game.apply(Command::Wait);
    }
    let text = screen(&draw(&game, 60, 24));
    assert!(text.contains("You died") && text.contains("r: a new level"));
}

#[test]
fn foliage_and_smoke_are_drawn_and_what_is_behind_them_is_darker() {
    let mut game = Game::from_text(
        "############\n#@..\"......#\n#..........#\n############",
        Algorithm::SymmetricShadowcast,
    )
    .unwrap();
    let size = (60, 24);
    let buf = draw(&game, size.0, size.1);
    let foliage = cell_of(&game, size, (4, 1));
    assert_eq!(buf[foliage].symbol(), "\"");
    assert_eq!(buf[foliage].fg, Color::LightGreen);
    // Behind the foliage, the floor is drawn darker than beside it.
    let (behind, beside) = (cell_of(&game, size, (8, 1)), cell_of(&game, size, (5, 2)));
    assert_eq!(buf[beside].fg, Color::White);
    assert!(
        matches!(buf[behind].fg, Color::Rgb(r, g, b) if r == g && g == b && r < 255),
        "{:?}",
        buf[behind].fg
    );
    // A blast's smoke is drawn while seen, thick then thin.
    game.apply(Command::Aim);
    for _ in 0..12 {
        let x = game.aim().unwrap().cursor.0;
        if x != 8 {
            game.apply(Command::Move(if x < 8 { Dir::E } else { Dir::W }));
        }
    }
    game.apply(Command::Fire);
    let buf = draw(&game, size.0, size.1);
    assert_eq!(buf[cell_of(&game, size, (6, 1))].symbol(), "▒");
    for _ in 0..3 {
        game.apply(Command::Wait);
    }
    let buf = draw(&game, size.0, size.1);
    assert_eq!(buf[cell_of(&game, size, (6, 1))].symbol(), "░");
}
