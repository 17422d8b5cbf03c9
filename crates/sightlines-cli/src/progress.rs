//! Progress bars for long work, drawn on standard error when it is a
//! terminal (and not with `--quiet`); hidden otherwise, at no cost.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::borrow::Cow;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: no bar at all.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

fn shown() -> bool {
    !QUIET.load(Ordering::Relaxed) && std::io::stderr().is_terminal()
}

/// A bar of `len` steps of `unit` (such as "fields of view"), with the
/// elapsed time and an estimate of the time left.
pub fn bar(len: u64, message: impl Into<Cow<'static, str>>, unit: &str) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let template = format!(
        "{{msg}} [{{bar:30}}] {{percent:>3}}% ({{human_pos}}/{{human_len}} {unit}), {{elapsed}} elapsed, about {{eta}} left"
    );
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("#>-");
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
        .with_style(style)
        .with_message(message);
    // Drawn at once, then as it moves (and at least each second for the clock).
    bar.enable_steady_tick(Duration::from_secs(1));
    bar.tick();
    bar
}

/// A spinner for work whose length is not known, with the elapsed time.
pub fn spinner(message: impl Into<Cow<'static, str>>) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("{spinner} {msg}, {elapsed} elapsed")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        .with_style(style)
        .with_message(message);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
