//! Saves that cannot be lost: memory files name their map, and every file
//! is written whole or not at all, even when the run is killed mid-write.

mod common;

use common::*;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ROOM: &str = "#####\n#@..#\n#####\n";
/// The same size as ROOM, another wall.
const OTHER_ROOM: &str = "#####\n#@.##\n#####\n";

#[test]
fn a_memory_of_another_map_is_refused_unless_forced() {
    let dir = temp_dir("saves-other-map");
    let room = write(&dir, "room.txt", ROOM);
    let other = write(&dir, "other.txt", OTHER_ROOM);
    let memory = dir.join("m.json");
    let memory = memory.to_str().unwrap();
    assert_ok(&sightlines(&["show", &room, "--save-memory", memory], None));
    let o = sightlines(&["show", &other, "--memory", memory], None);
    assert_fails_with(
        &o,
        "was saved for another map of 5 x 3 tiles (walls fnv1a64:",
    );
    assert!(stderr(&o).contains("or --force to use it anyway"));
    // --force uses it, with a note.
    let o = sightlines(&["show", &other, "--memory", memory, "--force"], None);
    assert_ok(&o);
    assert!(stderr(&o).contains("saved for other walls; used anyway (--force)"));
    assert!(stdout(&o).contains("remembered"));
    // The map it was saved for loads it without a word; so does the same
    // walls with other floor characters and the viewer elsewhere.
    let same = write(&dir, "same.txt", "#####\n#,.@#\n#####\n");
    for map in [&room, &same] {
        let o = sightlines(&["show", map, "--memory", memory], None);
        assert_ok(&o);
        assert_eq!(stderr(&o), "");
    }
}

#[test]
fn format_1_memories_still_load_and_newer_formats_are_refused() {
    let dir = temp_dir("saves-formats");
    let room = write(&dir, "room.txt", ROOM);
    let v2 = dir.join("v2.json");
    let v2 = v2.to_str().unwrap();
    assert_ok(&sightlines(&["show", &room, "--save-memory", v2], None));
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(v2).unwrap()).unwrap();
    // Format 1 was the library's Memory alone, as earlier versions saved it.
    let v1 = write(&dir, "v1.json", &file["memory"].to_string());
    let shown = |memory: &str| sightlines(&["show", &room, "--memory", memory], None);
    let (new, old) = (shown(v2), shown(&v1));
    assert_ok(&old);
    assert_eq!(stdout(&old), stdout(&new));
    assert!(
        stderr(&old).contains("is in format 1, without its map's checksum; used as is"),
        "{}",
        stderr(&old)
    );
    // Saving it again writes format 2.
    assert_ok(&sightlines(
        &["show", &room, "--memory", &v1, "--save-memory", &v1],
        None,
    ));
    assert_eq!(
        std::fs::read_to_string(&v1).unwrap(),
        std::fs::read_to_string(v2).unwrap()
    );
    // A newer format says what to do.
    let newer = write(
        &dir,
        "v3.json",
        &std::fs::read_to_string(v2).unwrap().replace(
            "\"sightlines_memory_file\":2",
            "\"sightlines_memory_file\":3",
        ),
    );
    assert_fails_with(
        &shown(&newer),
        "is in format 3, newer than this sightlines reads (2); update sightlines",
    );
    let partial = write(&dir, "partial.json", "{\"sightlines_memory_file\":2}");
    assert_fails_with(&shown(&partial), "it lacks its map or its memory");
}

/// The temporary files the CLI writes in `dir` (`.NAME.PID-N.tmp`).
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

/// Starts `show` on `map` from `at`, carrying the memory file `memory`
/// (`--memory` and `--save-memory` the same file).
fn start_show(map: &str, at: &str, memory: &str, out: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sightlines"))
        .args([
            "show",
            map,
            "--at",
            at,
            "--memory",
            memory,
            "--save-memory",
            memory,
        ])
        .args(["-f", "json", "-o", out])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `child` writes a temporary file in `dir`; false if it ended
/// first.
fn wait_for_temporary(child: &mut Child, dir: &Path) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if !temporaries(dir).is_empty() {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::yield_now();
    }
    false
}

/// A big open map makes a memory file of some megabytes: long enough to
/// stop the run while it writes.
fn big_map(dir: &Path) -> String {
    let map = dir.join("big.txt");
    let o = sightlines(
        &[
            "generate",
            "pillars",
            "--size",
            "3000x3000",
            "-o",
            map.to_str().unwrap(),
        ],
        None,
    );
    assert_ok(&o);
    map.to_str().unwrap().to_owned()
}

#[test]
fn killing_show_while_it_saves_leaves_the_old_memory_whole() {
    let dir = temp_dir("saves-kill");
    let map = big_map(&dir);
    let memory = dir.join("m.json");
    let (memory, out) = (memory.to_str().unwrap(), dir.join("out.json"));
    let out = out.to_str().unwrap();
    let mut caught = 0;
    for round in 0..20 {
        // The old memory: what one viewpoint saw.
        let _ = std::fs::remove_file(memory);
        let o = sightlines(
            &[
                "show",
                &map,
                "--at",
                "1,1",
                "--save-memory",
                memory,
                "-f",
                "json",
                "-o",
                out,
            ],
            None,
        );
        assert_ok(&o);
        let old = std::fs::read(memory).unwrap();
        // Killed (SIGKILL: nothing can clean up) once it is writing the new one.
        let mut child = start_show(&map, "1500,1500", memory, out);
        let writing = wait_for_temporary(&mut child, &dir);
        let _ = child.kill();
        let _ = child.wait();
        let now = std::fs::read(memory).unwrap();
        if writing && now == old {
            caught += 1;
        } else {
            // Too late to stop it: the new memory is there, whole.
            let o = sightlines(&["show", &map, "--at", "1,1", "--memory", memory], None);
            assert_ok(&o);
            assert_ne!(now, old, "round {round}");
        }
        // The old memory still loads, whole.
        let o = sightlines(
            &[
                "show", &map, "--at", "1,1", "--memory", memory, "-f", "json", "-o", out,
            ],
            None,
        );
        assert_ok(&o);
        for t in temporaries(&dir) {
            std::fs::remove_file(dir.join(t)).unwrap();
        }
        if caught >= 3 {
            break;
        }
    }
    assert!(caught >= 1, "never stopped a save under way");
}

#[test]
fn ctrl_c_while_saving_exits_130_and_leaves_no_partial_file() {
    let dir = temp_dir("saves-interrupt");
    let map = big_map(&dir);
    let memory = dir.join("m.json");
    let (memory, out) = (memory.to_str().unwrap(), dir.join("out.json"));
    let out = out.to_str().unwrap();
    let mut caught = 0;
    for _ in 0..20 {
        let _ = std::fs::remove_file(memory);
        let _ = std::fs::remove_file(out);
        assert_ok(&sightlines(
            &[
                "show",
                &map,
                "--at",
                "1,1",
                "--save-memory",
                memory,
                "-f",
                "json",
                "-o",
                out,
            ],
            None,
        ));
        let old = std::fs::read(memory).unwrap();
        std::fs::remove_file(out).unwrap();
        let mut child = start_show(&map, "1500,1500", memory, out);
        let writing = wait_for_temporary(&mut child, &dir);
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let o = child.wait_with_output().unwrap();
        assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
        if writing && o.status.code() == Some(130) {
            assert_eq!(stderr(&o).lines().last(), Some("sightlines: interrupted"));
            // The memory is the old one or the new one; the output, when
            // it had not begun, is absent rather than partial.
            let now = std::fs::read(memory).unwrap();
            if now == old {
                caught += 1;
                assert!(
                    !Path::new(out).exists(),
                    "the output comes after the memory"
                );
            }
        } else {
            assert_ok(&o);
        }
        if caught >= 3 {
            break;
        }
    }
    assert!(caught >= 1, "never interrupted a save under way");
}
