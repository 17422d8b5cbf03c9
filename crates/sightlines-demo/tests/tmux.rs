//! End to end: the real `sightlines-demo` binary in a real terminal, tmux,
//! driven with `send-keys` and read with `capture-pane`.
//!
//! Skipped, with a message, when tmux is not installed (`.ci/run` installs
//! it when it can and says so when it cannot). Each test runs its own tmux
//! server on a private socket, so it never touches a user's sessions and
//! the tests can run in parallel; the server is killed at the end, pass or
//! fail. The screen is polled until it shows what is expected, with a
//! generous timeout, rather than read after fixed sleeps.

use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_sightlines-demo");
const WIDTH: u16 = 100;
const HEIGHT: u16 = 35;
/// Rows of the map: the last three are the status line and messages.
const MAP_ROWS: usize = HEIGHT as usize - 3;
const TIMEOUT: Duration = Duration::from_secs(30);

fn tmux_available() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!(
            "SKIPPED: tmux is not installed; the end-to-end test of sightlines-demo did not run"
        );
    }
    found
}

/// A tmux server of our own with one session running `command`.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(command: &str) -> Tmux {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let socket = format!(
            "sightlines-demo-test-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst)
        );
        let tmux = Tmux { socket };
        let (w, h) = (WIDTH.to_string(), HEIGHT.to_string());
        tmux.run(&[
            "new-session",
            "-d",
            "-x",
            &w,
            "-y",
            &h,
            "-s",
            "demo",
            command,
        ]);
        tmux
    }

    fn run(&self, args: &[&str]) -> Output {
        let output = Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    fn send(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "demo", key]);
        }
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "demo"]).stdout)
            .into_owned()
    }

    fn alternate_screen(&self) -> bool {
        let out = self.run(&["display-message", "-p", "-t", "demo", "#{alternate_on}"]);
        String::from_utf8_lossy(&out.stdout).trim() == "1"
    }

    /// Polls the screen until `ok` holds; panics with the screen after the
    /// timeout.
    fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "timed out waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

fn map_rows(screen: &str) -> Vec<&str> {
    screen.lines().take(MAP_ROWS).collect()
}

fn status(screen: &str) -> &str {
    screen.lines().nth(MAP_ROWS).unwrap_or("")
}

/// A shell command that runs the demo once for each `(environment,
/// options)`, printing how each run exited and waiting for Enter (a `read`
/// that completes only when the terminal is back in cooked mode), then
/// prints the terminal's modes.
fn script(runs: &[(&str, &str)]) -> String {
    let mut s = String::new();
    for (i, (env, options)) in runs.iter().enumerate() {
        s.push_str(&format!(
            "{env} '{BIN}' {options}; echo \"run {i} exit=$?\"; read line; "
        ));
    }
    s.push_str("stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo '<stty'; sleep 600");
    s
}

/// Polls for `ok` for a short while; `None` if it never held.
fn within(tmux: &Tmux, time: Duration, ok: impl Fn(&str) -> bool) -> Option<String> {
    let start = Instant::now();
    while start.elapsed() < time {
        let screen = tmux.screen();
        if ok(&screen) {
            return Some(screen);
        }
        std::thread::sleep(Duration::from_millis(40));
    }
    None
}

#[test]
fn the_demo_plays_in_a_real_terminal() {
    if !tmux_available() {
        return;
    }
    let tmux = Tmux::start(&script(&[
        ("", "--seed 7 --map cave"),
        ("SIGHTLINES_DEMO_TEST_PANIC=1", "--seed 8"),
    ]));

    // The first frame: the player and the status line naming the algorithm.
    let first = tmux.wait_for("the first frame", |s| {
        status(s).starts_with("symmetric-shadowcast fov ") && s.contains('@')
    });
    assert!(tmux.alternate_screen());
    assert_eq!(map_rows(&first).concat().matches('@').count(), 1);
    assert!(status(&first).contains("turn 0"));

    // A move changes the map. Try each direction until one is open: a
    // bump takes no turn and only prints a message.
    let mut moved = false;
    for key in ["l", "h", "j", "k", "y", "u", "b", "n"] {
        tmux.send(&[key]);
        let turned = |s: &str| !status(s).contains("turn 0 ");
        if within(&tmux, Duration::from_secs(3), turned).is_some() {
            tmux.wait_for("the map to change", |s| map_rows(s) != map_rows(&first));
            moved = true;
            break;
        }
    }
    assert!(moved, "no direction was open:\n{}", tmux.screen());

    // Switching the algorithm changes the status line.
    tmux.send(&["Tab"]);
    tmux.wait_for("Tab to switch", |s| {
        status(s).starts_with("recursive-shadowcast fov ")
    });
    tmux.send(&["F1"]);
    tmux.wait_for("F1 to switch", |s| {
        status(s).starts_with("precise-permissive fov ")
    });
    tmux.send(&["d"]);
    tmux.wait_for("the diff overlay", |s| s.contains("DIFF"));

    // Help opens and any key closes it.
    tmux.send(&["?"]);
    tmux.wait_for("the help screen", |s| s.contains("F9 beveled"));
    tmux.send(&["x"]);
    tmux.wait_for("the help to close", |s| !s.contains("F9 beveled"));

    // Aiming, then putting the wand away.
    tmux.send(&["f"]);
    tmux.wait_for("aim mode", |s| s.contains("AIM"));
    tmux.send(&["Escape"]);
    tmux.wait_for("aim mode to end", |s| !s.contains("AIM"));

    // Too small, then large again: the game keeps running.
    tmux.run(&["resize-window", "-t", "demo", "-x", "40", "-y", "12"]);
    tmux.wait_for("the too-small message", |s| s.contains("too small"));
    let (w, h) = (WIDTH.to_string(), HEIGHT.to_string());
    tmux.run(&["resize-window", "-t", "demo", "-x", &w, "-y", &h]);
    tmux.wait_for("the game after resizing", |s| {
        status(s).starts_with("precise-permissive fov ")
    });

    // q quits and gives the terminal back: the main screen, and a shell
    // `read` that completes on Enter (it would not in raw mode).
    tmux.send(&["q"]);
    let after = tmux.wait_for("the first exit", |s| s.contains("run 0 exit=0"));
    assert!(
        !after.contains("fov "),
        "the game's screen is gone:\n{after}"
    );
    assert!(!tmux.alternate_screen());
    tmux.send(&["Enter"]);

    // A panic gives the terminal back too, with the message readable.
    let after = tmux.wait_for("the panic's exit", |s| s.contains("run 1 exit=101"));
    assert!(after.contains("panicking on purpose"), "{after}");
    assert!(!tmux.alternate_screen());
    tmux.send(&["Enter"]);
    let after = tmux.wait_for("the terminal modes", |s| s.contains("<stty"));
    assert!(
        after.contains("icanon echo <stty") || after.contains("echo icanon <stty"),
        "cooked mode restored:\n{after}"
    );
}

#[test]
fn ctrl_c_quits_the_rooms_level() {
    if !tmux_available() {
        return;
    }
    let tmux = Tmux::start(&script(&[(
        "",
        "--seed 7 --map rooms --algorithm beveled --digits algorithms",
    )]));
    tmux.wait_for("the first frame", |s| status(s).starts_with("beveled fov "));
    // With --digits algorithms, 1 picks the first algorithm.
    tmux.send(&["1"]);
    tmux.wait_for("1 to switch", |s| {
        status(s).starts_with("precise-permissive fov ")
    });
    tmux.send(&["C-c"]);
    tmux.wait_for("Ctrl-C to quit", |s| s.contains("run 0 exit=0"));
    assert!(!tmux.alternate_screen());
}

/// The keys of the README's screenshot on the cave of seed 4: explore, meet
/// a goblin and two rats, aim at the goblin.
const SCREENSHOT_KEYS: &str = "k k k k k k k k u u u u l l l l l l \
    j j j j j j j j j j j j j j j j j j j j j j j j b b b b b b y y \
    h h h h h h h h h h h h l j j j l l l l d F5 d F3 j j j j j j j j j j \
    f";

/// Writes the README's screenshot to `docs/demo-screenshot.{txt,ansi}`
/// (`cargo test -p sightlines-demo --test tmux -- --ignored`); then
/// `python3 tools/ansi2png.py docs/demo-screenshot.ansi docs/demo-screenshot.png`
/// draws the PNG.
#[test]
#[ignore = "writes the README screenshot"]
fn screenshot() {
    if !tmux_available() {
        return;
    }
    let tmux = Tmux::start(&script(&[("", "--seed 4 --map cave")]));
    tmux.wait_for("the first frame", |s| {
        status(s).starts_with("symmetric-shadowcast")
    });
    for key in SCREENSHOT_KEYS.split_whitespace() {
        tmux.send(&[key]);
    }
    tmux.wait_for("the aim", |s| s.contains("AIM  goblin 1/3"));
    // Polled until two captures agree: the last frame is complete.
    let mut plain = tmux.screen();
    loop {
        std::thread::sleep(Duration::from_millis(200));
        let again = tmux.screen();
        if again == plain {
            break;
        }
        plain = again;
    }
    let colour = tmux.run(&["capture-pane", "-p", "-e", "-t", "demo"]).stdout;
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("demo-screenshot.txt"), plain).unwrap();
    std::fs::write(docs.join("demo-screenshot.ansi"), colour).unwrap();
    tmux.send(&["q"]);
    tmux.wait_for("the exit", |s| s.contains("exit=0"));
}
