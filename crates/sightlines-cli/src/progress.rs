//! Progress bars for long work, drawn on standard error when it is a
//! terminal (and not with `--quiet`); hidden otherwise, at no cost.

use console::Term;
use indicatif::{
    HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike,
};
use std::borrow::Cow;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

static QUIET: AtomicBool = AtomicBool::new(false);

/// The bars drawn, so that Ctrl-C can clear them (see [`clear_all`]).
static SHOWN: Mutex<Vec<ProgressBar>> = Mutex::new(Vec::new());

/// Clears every bar and stops drawing them: before leaving on Ctrl-C.
pub fn clear_all() {
    let bars = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    for bar in bars.iter() {
        bar.finish_and_clear();
    }
}

fn shown_bar(bar: ProgressBar) -> ProgressBar {
    let mut bars = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    bars.retain(|b| !b.is_finished());
    bars.push(bar.clone());
    bar
}

/// `--quiet`: no bar at all.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

fn shown() -> bool {
    !QUIET.load(Ordering::Relaxed) && std::io::stderr().is_terminal()
}

/// A bar of `len` steps of `unit` (such as "fields of view"), with the
/// elapsed time and an estimate of the time left.
pub fn bar(len: u64, message: impl Into<Cow<'static, str>>, unit: &str) -> Bar {
    if !shown() {
        return Bar(ProgressBar::hidden());
    }
    let template = format!(
        "{{msg}} [{{bar:30}}] {{percent:>3}}% ({{human_pos}}/{{human_len}} {unit}), {{elapsed}} elapsed, {{left}}"
    );
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("#>-")
        .with_key(
            "left",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                // No estimate before the first step is done.
                let _ = if state.pos() == 0 {
                    write!(w, "estimating the time left")
                } else {
                    write!(w, "about {} left", HumanDuration(state.eta()))
                };
            },
        );
    let bar = ProgressBar::with_draw_target(Some(len), target())
        .with_style(style)
        .with_message(message);
    // Drawn at once, then as it moves (and at least each second for the clock).
    bar.enable_steady_tick(Duration::from_secs(1));
    bar.tick();
    Bar(shown_bar(bar))
}

/// A spinner for work whose length is not known, with the elapsed time.
pub fn spinner(message: impl Into<Cow<'static, str>>) -> Bar {
    if !shown() {
        return Bar(ProgressBar::hidden());
    }
    let style = ProgressStyle::with_template("{spinner} {msg}, {elapsed} elapsed")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    let bar = ProgressBar::with_draw_target(None, target())
        .with_style(style)
        .with_message(message);
    bar.enable_steady_tick(Duration::from_millis(200));
    Bar(shown_bar(bar))
}

/// A bar that clears itself when dropped, on every way out of the work.
pub struct Bar(ProgressBar);

impl std::ops::Deref for Bar {
    type Target = ProgressBar;
    fn deref(&self) -> &ProgressBar {
        &self.0
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// Standard error, a column narrower than it is. indicatif pads a bar's line
/// to the terminal's width, leaving the cursor past its end, so the `^C` a
/// terminal echoes would wrap to the next line, out of reach of the clear
/// on Ctrl-C; with two columns spare it stays on the bar's line.
#[derive(Debug)]
struct Narrow(Term);

fn target() -> ProgressDrawTarget {
    ProgressDrawTarget::term_like_with_hz(Box::new(Narrow(Term::buffered_stderr())), 20)
}

impl TermLike for Narrow {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(2).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}
