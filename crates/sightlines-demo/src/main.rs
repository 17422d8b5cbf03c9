//! `sightlines-demo`: the terminal around the game. Parses the options,
//! takes over the terminal (raw mode, alternate screen), and gives it back
//! on every way out: `q`, Ctrl-C, an error, or a panic (the panic hook
//! restores the terminal before the panic message is printed, so that the
//! message is readable and the shell usable).

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{Parser, ValueEnum};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::Terminal;
use sightlines::Algorithm;
use sightlines_demo::game::{Config, Flow, Game, MapKind};
use sightlines_demo::input::{self, Context, Digits};
use sightlines_demo::ui;

/// Explore a level under fog of war, with monsters that see you, and aim a
/// wand whose blast walls stop. Press ? in the game for the keys.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Seed of the level and of every random choice [default: from the
    /// clock; the status line shows it]
    #[arg(long)]
    seed: Option<u64>,
    /// The level: cellular-automaton caves, or rooms, corridors and doors
    #[arg(long, value_enum, default_value_t = MapArg::Cave)]
    map: MapArg,
    /// The field-of-view algorithm to start with (any id of
    /// `sightlines algorithms`)
    #[arg(long, default_value = "symmetric-shadowcast")]
    algorithm: Algorithm,
    /// What the digit keys do: move as on a numeric keypad, or pick one of
    /// the nine algorithms (F1-F9 always pick them)
    #[arg(long, value_enum, default_value_t = DigitsArg::Move)]
    digits: DigitsArg,
    /// How many monsters
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u16).range(0..=1000))]
    monsters: u16,
    /// Level width in tiles
    #[arg(long, default_value_t = 140, value_parser = clap::value_parser!(u32).range(8..=1000))]
    width: u32,
    /// Level height in tiles
    #[arg(long, default_value_t = 70, value_parser = clap::value_parser!(u32).range(8..=1000))]
    height: u32,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MapArg {
    Cave,
    Rooms,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DigitsArg {
    Move,
    Algorithms,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let map = match args.map {
        MapArg::Cave => MapKind::Cave,
        MapArg::Rooms => MapKind::Rooms,
    };
    let digits = match args.digits {
        DigitsArg::Move => Digits::Move,
        DigitsArg::Algorithms => Digits::Algorithms,
    };
    let mut config = Config::new(seed, map);
    config.algorithm = args.algorithm;
    config.monsters = usize::from(args.monsters);
    config.width = args.width;
    config.height = args.height;
    let game = Game::new(config);
    match run(game, digits) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sightlines-demo: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A seed from the clock, for a new level each run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() % 1_000_000)
}

fn run(mut game: Game, digits: Digits) -> io::Result<()> {
    let _screen = Screen::take()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    // A hook for the end-to-end test of the panic hook (tests/tmux.rs).
    let test_panic = std::env::var_os("SIGHTLINES_DEMO_TEST_PANIC").is_some();
    loop {
        // `draw` notices a resized terminal and redraws everything.
        terminal.draw(|frame| ui::draw(frame, &game))?;
        if test_panic {
            panic!("SIGHTLINES_DEMO_TEST_PANIC is set: panicking on purpose");
        }
        match event::read()? {
            Event::Key(key) => {
                if let Some(command) = input::command(&key, Context::of(&game), digits) {
                    if game.apply(command) == Flow::Quit {
                        return Ok(());
                    }
                }
            }
            // The next draw resizes.
            Event::Resize(..) => {}
            _ => {}
        }
    }
}

/// Whether the terminal is ours now and must be given back.
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The terminal in raw mode on the alternate screen, given back when
/// dropped or on a panic.
struct Screen;

impl Screen {
    fn take() -> io::Result<Screen> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        enable_raw_mode()?;
        TAKEN.store(true, Ordering::SeqCst);
        execute!(io::stdout(), EnterAlternateScreen, cursor::Hide)?;
        Ok(Screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back, once: cooked mode, the main screen, a cursor.
fn restore() {
    if TAKEN.swap(false, Ordering::SeqCst) {
        let _ = disable_raw_mode();
        let mut out = io::stdout();
        let _ = execute!(out, LeaveAlternateScreen, cursor::Show);
        let _ = out.flush();
    }
}
