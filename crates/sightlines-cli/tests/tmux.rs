//! Progress bars and Ctrl-C in a real terminal: the `sightlines` binary in
//! tmux, driven with `send-keys` and read with `capture-pane`.
//!
//! Skipped, with a message, when tmux is not installed. Each test runs its
//! own tmux server on a private socket, killed at the end, pass or fail; the
//! screen is polled until it shows what is expected.

mod common;

use common::*;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_sightlines");
const TIMEOUT: Duration = Duration::from_secs(60);

fn tmux_available() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("SKIPPED: tmux is not installed; the CLI's progress and Ctrl-C test did not run");
    }
    found
}

/// A tmux server of our own with one session running `command` in `dir`.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(dir: &Path, command: &str) -> Tmux {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let socket = format!(
            "sightlines-cli-test-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst)
        );
        let tmux = Tmux { socket };
        let script = format!(
            "cd '{}' && {command}; echo \"exit=$?\"; sleep 600",
            dir.display()
        );
        tmux.run(&[
            "new-session",
            "-d",
            "-x",
            "160",
            "-y",
            "20",
            "-s",
            "cli",
            &script,
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

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "cli"]).stdout).into_owned()
    }

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

    fn ctrl_c(&self) {
        self.run(&["send-keys", "-t", "cli", "C-c"]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// A 2000x2000 pillar field: thousands of fields of view over it take
/// many seconds.
fn big_map(dir: &Path) {
    let path = dir.join("big.txt");
    assert_ok(&sightlines(
        &[
            "generate",
            "pillars",
            "--size",
            "2000x2000",
            "-o",
            path.to_str().unwrap(),
        ],
        None,
    ));
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[test]
fn check_shows_a_bar_with_an_estimate_and_stops_on_ctrl_c() {
    if !tmux_available() {
        return;
    }
    let dir = temp_dir("tmux-check");
    big_map(&dir);
    let old = "the old picture\n";
    std::fs::write(dir.join("pair.png"), old).unwrap();
    let tmux = Tmux::start(
        &dir,
        &format!("'{BIN}' check big.txt -a recursive-shadowcast --sample 8000 --picture pair.png"),
    );
    let screen = tmux.wait_for("the progress bar", |s| {
        // The estimate comes once the first fields of view are done.
        s.contains("recursive-shadowcast [")
            && s.contains("fields of view)")
            && s.contains("elapsed, about ")
    });
    assert!(screen.contains("/8,000 fields of view"), "{screen}");
    tmux.ctrl_c();
    let screen = tmux.wait_for("the exit code", |s| s.contains("exit="));
    assert!(
        screen.contains("sightlines: interrupted\nexit=130"),
        "{screen}"
    );
    // The bar's line was cleared; the old picture stands, and nothing else.
    assert!(!screen.contains("fields of view)"), "{screen}");
    assert_eq!(std::fs::read_to_string(dir.join("pair.png")).unwrap(), old);
    assert!(temporaries(&dir).is_empty());
}

#[test]
fn quiet_hides_the_bar() {
    if !tmux_available() {
        return;
    }
    let dir = temp_dir("tmux-quiet");
    big_map(&dir);
    let tmux = Tmux::start(
        &dir,
        &format!("'{BIN}' check big.txt -a recursive-shadowcast --sample 8000 --quiet"),
    );
    // A second and a half of work with no bar drawn.
    std::thread::sleep(Duration::from_millis(1500));
    let screen = tmux.screen();
    assert!(
        !screen.contains("elapsed") && !screen.contains("exit="),
        "{screen}"
    );
    tmux.ctrl_c();
    let screen = tmux.wait_for("the exit code", |s| s.contains("exit="));
    assert!(
        screen.contains("sightlines: interrupted\nexit=130"),
        "{screen}"
    );
}

#[test]
fn generate_shows_its_progress_and_ctrl_c_leaves_the_old_map() {
    if !tmux_available() {
        return;
    }
    let dir = temp_dir("tmux-generate");
    let old = "#@#\n";
    std::fs::write(dir.join("map.txt"), old).unwrap();
    let tmux = Tmux::start(
        &dir,
        &format!("'{BIN}' generate cave --size 10000x10000 -o map.txt"),
    );
    tmux.wait_for("the spinner", |s| {
        s.contains("generating a 10000x10000 cave") && s.contains("elapsed")
    });
    tmux.ctrl_c();
    let screen = tmux.wait_for("the exit code", |s| s.contains("exit="));
    assert!(screen.contains("exit=130"), "{screen}");
    assert_eq!(std::fs::read_to_string(dir.join("map.txt")).unwrap(), old);
    assert!(temporaries(&dir).is_empty());
    // Left to finish, it shows the rows being written, then nothing.
    let tmux = Tmux::start(
        &dir,
        &format!("'{BIN}' generate pillars --size 6000x6000 -o map.txt"),
    );
    let screen = tmux.wait_for("the end", |s| s.contains("exit="));
    assert!(
        screen.contains("exit=0") && !screen.contains("elapsed"),
        "{screen}"
    );
    let map = std::fs::read(dir.join("map.txt")).unwrap();
    assert_eq!(map.len(), 6001 * 6000);
}
