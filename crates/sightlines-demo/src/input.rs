//! Keys to commands: the only place that knows the key bindings.
//!
//! A key means different things in different modes (Tab switches the
//! algorithm while walking and picks the next target while aiming), so the
//! mapping takes a [`Context`]. It is a pure function of the key event, so
//! the bindings are tested without a terminal.
//!
//! **Numbers.** A numeric keypad sends plain digits in most terminals (with
//! Num Lock on), and roguelike players move with it: 8 is up, 9 up-right,
//! 5 waits. The issue also asks for 1–9 to switch algorithms. Both cannot
//! have the digits, so:
//!
//! - by default ([`Digits::Move`]) digits move like the keypad, and the
//!   algorithms are on F1–F9 and Tab / Shift-Tab;
//! - with `--digits algorithms` ([`Digits::Algorithms`]) the digits 1–9
//!   pick the algorithms instead (F1–F9 still do too), and the keypad moves
//!   with Num Lock off: it then sends arrows, Home, End, Page Up and Page
//!   Down, which move diagonally as on the keypad's labels.
//!
//! (Terminals that speak the kitty keyboard protocol could tell keypad
//! digits from top-row digits, but only by reporting every key as an escape
//! code, which changes how shifted keys such as `?` arrive; the demo keeps
//! the legacy encoding that every terminal sends.)

use crate::game::{Command, Dir, Game, Mode};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// What the digits 1–9 do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Digits {
    /// Move as on a numeric keypad (5 waits).
    #[default]
    Move,
    /// Pick the algorithm [`QUICK`](crate::game::QUICK)`[d - 1]`.
    Algorithms,
}

impl std::str::FromStr for Digits {
    type Err = String;

    fn from_str(s: &str) -> Result<Digits, String> {
        match s {
            "move" => Ok(Digits::Move),
            "algorithms" => Ok(Digits::Algorithms),
            _ => Err(format!(
                "unknown digits mode '{s}'; use move (numeric keypad) or algorithms"
            )),
        }
    }
}

/// What the screen shows, which decides what a key means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Walking about.
    Play,
    /// Aiming the wand.
    Aim,
    /// The help screen is up: any key closes it.
    Help,
    /// The player died.
    Dead,
}

impl Context {
    /// The context `game` is in.
    pub fn of(game: &Game) -> Context {
        if game.help_shown() {
            return Context::Help;
        }
        match game.mode() {
            Mode::Play => Context::Play,
            Mode::Aim => Context::Aim,
            Mode::Dead => Context::Dead,
        }
    }
}

/// The command for a key press in `context`, if the key means anything
/// there. Key releases are ignored; q and Ctrl-C quit everywhere.
pub fn command(key: &KeyEvent, context: Context, digits: Digits) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') if ctrl => return Some(Command::Quit),
        KeyCode::Char('q') if !ctrl => return Some(Command::Quit),
        _ if ctrl => return None,
        _ => {}
    }
    if context == Context::Help {
        return Some(Command::Cancel);
    }
    if context == Context::Dead {
        return match key.code {
            KeyCode::Char('r') => Some(Command::Restart),
            KeyCode::Char('?') => Some(Command::Help),
            _ => None,
        };
    }
    if let Some(cmd) = digit(key, digits) {
        return Some(cmd);
    }
    if let Some(dir) = direction(key.code) {
        return Some(Command::Move(dir));
    }
    let aiming = context == Context::Aim;
    let cmd = match key.code {
        KeyCode::F(n @ 1..=9) => Command::SelectAlgorithm(usize::from(n) - 1),
        KeyCode::Char('?') => Command::Help,
        KeyCode::Char('d') => Command::ToggleDiff,
        KeyCode::Char('g') => Command::ToggleDiagonalGaps,
        // Walking about.
        KeyCode::Tab if !aiming => Command::NextAlgorithm,
        KeyCode::BackTab if !aiming => Command::PrevAlgorithm,
        KeyCode::Char('.' | 's') | KeyCode::KeypadBegin if !aiming => Command::Wait,
        KeyCode::Char('f' | 't') if !aiming => Command::Aim,
        // Aiming.
        KeyCode::Tab | KeyCode::Char(' ' | '+' | '=') if aiming => Command::NextTarget,
        KeyCode::BackTab | KeyCode::Char('-') if aiming => Command::PrevTarget,
        KeyCode::Enter | KeyCode::Char('f' | 't') if aiming => Command::Fire,
        KeyCode::Char('L') if aiming => Command::ToggleLine,
        KeyCode::Esc if aiming => Command::Cancel,
        _ => return None,
    };
    Some(cmd)
}

/// A digit key: keypad movement or an algorithm.
fn digit(key: &KeyEvent, digits: Digits) -> Option<Command> {
    let KeyCode::Char(c @ '1'..='9') = key.code else {
        return None;
    };
    let d = c as usize - '0' as usize;
    if digits == Digits::Algorithms {
        // d - 1 is 0..=8: QUICK has nine algorithms.
        return Some(Command::SelectAlgorithm(d - 1));
    }
    Some(match d {
        1 => Command::Move(Dir::SW),
        2 => Command::Move(Dir::S),
        3 => Command::Move(Dir::SE),
        4 => Command::Move(Dir::W),
        6 => Command::Move(Dir::E),
        7 => Command::Move(Dir::NW),
        8 => Command::Move(Dir::N),
        9 => Command::Move(Dir::NE),
        _ => Command::Wait,
    })
}

/// Arrows, vi keys (hjkl yubn) and the keypad's Num Lock-off keys.
fn direction(code: KeyCode) -> Option<Dir> {
    Some(match code {
        KeyCode::Up | KeyCode::Char('k') => Dir::N,
        KeyCode::Down | KeyCode::Char('j') => Dir::S,
        KeyCode::Left | KeyCode::Char('h') => Dir::W,
        KeyCode::Right | KeyCode::Char('l') => Dir::E,
        KeyCode::Home | KeyCode::Char('y') => Dir::NW,
        KeyCode::PageUp | KeyCode::Char('u') => Dir::NE,
        KeyCode::End | KeyCode::Char('b') => Dir::SW,
        KeyCode::PageDown | KeyCode::Char('n') => Dir::SE,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn play(code: KeyCode) -> Option<Command> {
        command(&key(code), Context::Play, Digits::Move)
    }

    #[test]
    fn eight_directions_by_arrows_vi_keys_and_keypad() {
        let sets = [
            [
                KeyCode::Up,
                KeyCode::PageUp,
                KeyCode::Right,
                KeyCode::PageDown,
                KeyCode::Down,
                KeyCode::End,
                KeyCode::Left,
                KeyCode::Home,
            ],
            ['k', 'u', 'l', 'n', 'j', 'b', 'h', 'y'].map(KeyCode::Char),
            ['8', '9', '6', '3', '2', '1', '4', '7'].map(KeyCode::Char),
        ];
        for set in sets {
            for (code, dir) in set.into_iter().zip(Dir::ALL) {
                assert_eq!(play(code), Some(Command::Move(dir)), "{code:?}");
            }
        }
        assert_eq!(play(KeyCode::Char('5')), Some(Command::Wait));
        assert_eq!(play(KeyCode::Char('.')), Some(Command::Wait));
    }

    #[test]
    fn digits_pick_algorithms_when_asked_and_function_keys_always() {
        let three = key(KeyCode::Char('3'));
        assert_eq!(
            command(&three, Context::Play, Digits::Algorithms),
            Some(Command::SelectAlgorithm(2))
        );
        assert_eq!(
            command(&key(KeyCode::Char('9')), Context::Aim, Digits::Algorithms),
            Some(Command::SelectAlgorithm(8))
        );
        assert_eq!(
            command(&three, Context::Play, Digits::Move),
            Some(Command::Move(Dir::SE))
        );
        // Num Lock off: the keypad's diagonals still move.
        assert_eq!(
            command(&key(KeyCode::End), Context::Play, Digits::Algorithms),
            Some(Command::Move(Dir::SW))
        );
        for n in 1..=9u8 {
            assert_eq!(
                play(KeyCode::F(n)),
                Some(Command::SelectAlgorithm(usize::from(n) - 1))
            );
        }
        assert_eq!(play(KeyCode::F(10)), None);
    }

    #[test]
    fn tab_switches_algorithms_while_walking_and_targets_while_aiming() {
        assert_eq!(play(KeyCode::Tab), Some(Command::NextAlgorithm));
        assert_eq!(play(KeyCode::BackTab), Some(Command::PrevAlgorithm));
        let aim = |c| command(&key(c), Context::Aim, Digits::Move);
        assert_eq!(aim(KeyCode::Tab), Some(Command::NextTarget));
        assert_eq!(aim(KeyCode::Char(' ')), Some(Command::NextTarget));
        assert_eq!(aim(KeyCode::Char('+')), Some(Command::NextTarget));
        assert_eq!(aim(KeyCode::BackTab), Some(Command::PrevTarget));
        assert_eq!(aim(KeyCode::Char('-')), Some(Command::PrevTarget));
        assert_eq!(aim(KeyCode::Enter), Some(Command::Fire));
        assert_eq!(aim(KeyCode::Esc), Some(Command::Cancel));
        assert_eq!(aim(KeyCode::Char('L')), Some(Command::ToggleLine));
        assert_eq!(aim(KeyCode::Char('l')), Some(Command::Move(Dir::E)));
        assert_eq!(play(KeyCode::Char('f')), Some(Command::Aim));
        assert_eq!(play(KeyCode::Enter), None);
    }

    #[test]
    fn quitting_help_and_releases() {
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for context in [Context::Play, Context::Aim, Context::Help, Context::Dead] {
            assert_eq!(command(&ctrl_c, context, Digits::Move), Some(Command::Quit));
            assert_eq!(
                command(&key(KeyCode::Char('q')), context, Digits::Move),
                Some(Command::Quit)
            );
        }
        assert_eq!(
            command(&key(KeyCode::Char('x')), Context::Help, Digits::Move),
            Some(Command::Cancel)
        );
        assert_eq!(
            command(&key(KeyCode::Char('r')), Context::Dead, Digits::Move),
            Some(Command::Restart)
        );
        assert_eq!(play(KeyCode::Char('?')), Some(Command::Help));
        let mut release = key(KeyCode::Char('k'));
        release.kind = KeyEventKind::Release;
        assert_eq!(command(&release, Context::Play, Digits::Move), None);
        let ctrl_k = KeyEvent::new(KeyCode::Char('k'), KeyModifiers::CONTROL);
        assert_eq!(command(&ctrl_k, Context::Play, Digits::Move), None);
    }
}
