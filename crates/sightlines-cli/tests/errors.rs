//! Every subcommand's bad input: one line on stderr, a non-zero exit, no panic.

mod common;
use common::*;

/// The subcommands that read a map, with the arguments each needs.
const MAP_COMMANDS: [&[&str]; 3] = [&["show"], &["compare"], &["check"]];

#[test]
fn unreadable_ragged_empty_and_binary_maps() {
    let dir = temp_dir("errors");
    let ragged = write(&dir, "ragged.txt", "#####\n#@..#\n#..\n#####\n");
    let empty = write(&dir, "empty.txt", "\n\n");
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, [b'#', 0xff, b'\n']).unwrap();
    for cmd in MAP_COMMANDS {
        let run = |map: &str| {
            let mut args = cmd.to_vec();
            args.push(map);
            sightlines(&args, None)
        };
        assert_fails_with(
            &run("/no/such/map.txt"),
            "cannot read map file '/no/such/map.txt'",
        );
        assert_fails_with(&run(dir.to_str().unwrap()), "cannot read map file");
        assert_fails_with(&run(&ragged), "line 3, column 4: this row has 3 tiles");
        assert_fails_with(&run(&empty), "line 1, column 1: the map is empty");
        assert_fails_with(&run(binary.to_str().unwrap()), "not UTF-8");
        let mut args = cmd.to_vec();
        args.push("-");
        assert_fails_with(&sightlines(&args, Some("@.@\n")), "a second '@'");
    }
}

#[test]
fn origins_off_the_map_fail_and_on_a_wall_are_said() {
    for cmd in [&["show"][..], &["compare"][..]] {
        for at in ["42,0", "0,14", "-1,3", "2147483647,2147483647"] {
            let mut args = cmd.to_vec();
            args.extend(["--at", at]);
            assert_fails_with(&sightlines(&args, None), "off the map");
        }
        let mut args = cmd.to_vec();
        args.extend(["--at", "0,0"]);
        let o = sightlines(&args, None);
        assert_ok(&o);
        assert_eq!(stderr(&o).lines().count(), 1);
        assert!(stderr(&o).contains("origin (0, 0) is on an opaque tile"));
        let mut args = cmd.to_vec();
        args.extend(["--at", "1;2"]);
        assert_fails_with(&sightlines(&args, None), "expected X,Y");
        let mut args = cmd.to_vec();
        args.push("-");
        assert_fails_with(&sightlines(&args, Some("...\n")), "no viewer");
    }
}

#[test]
fn unknown_ids_list_the_known_ones() {
    let known = "known algorithms: precise-permissive";
    assert_fails_with(&sightlines(&["show", "-a", "fov9"], None), known);
    assert_fails_with(
        &sightlines(&["compare", "--algorithms", "fov9"], None),
        known,
    );
    assert_fails_with(&sightlines(&["check", "--algorithm", "fov9"], None), known);
    assert_fails_with(
        &sightlines(&["report", "--algorithms", "fov9"], None),
        known,
    );
    assert_fails_with(
        &sightlines(&["compare", "--shape", "hexagon"], None),
        "expected one of: square, diamond, circle, circle-plus",
    );
    assert_fails_with(&sightlines(&["generate", "dungeon"], None), "dungeon");
    assert_fails_with(&sightlines(&["frobnicate"], None), "frobnicate");
}

#[test]
fn bad_numbers_name_the_option() {
    let cases: [(&[&str], &str); 12] = [
        (&["show", "--radius", "far"], "--radius"),
        (&["show", "--radius", "-1"], "--radius"),
        (&["show", "--radius", "99999999999"], "--radius"),
        (&["show", "--tile-size", "100"], "tile size"),
        (&["show", "--tile-size", "-2"], "tile size"),
        (&["compare", "--radius", "1.5"], "--radius"),
        (&["check", "--radius", "x"], "--radius"),
        (&["check", "--limit", "-5"], "--limit"),
        (&["check", "--seed", "1e3"], "--seed"),
        (&["report", "--tile-size", "0"], "tile size"),
        (
            &["generate", "cave", "--size", "10x"],
            "expected WIDTHxHEIGHT",
        ),
        (&["generate", "cave", "--seed", "ten"], "--seed"),
    ];
    for (args, needle) in cases {
        assert_fails_with(&sightlines(args, None), needle);
    }
}

#[test]
fn unwritable_output_fails_in_one_line() {
    assert_fails_with(
        &sightlines(&["show", "-f", "svg", "-o", "/no/such/dir/x.svg"], None),
        "cannot write '/no/such/dir/x.svg'",
    );
    assert_fails_with(
        &sightlines(&["generate", "rooms", "-o", "/no/such/dir/m.txt"], None),
        "cannot write",
    );
    assert_fails_with(
        &sightlines(&["report", "--pictures", "/proc/no-such/pics"], None),
        "cannot create folder",
    );
}

#[test]
fn wall_character_sets() {
    for cmd in MAP_COMMANDS {
        for (walls, needle) in [("", "no characters given"), ("#@", "contains '@'")] {
            let mut args = cmd.to_vec();
            args.extend(["--walls", walls]);
            assert_fails_with(&sightlines(&args, None), needle);
        }
    }
    // Trees block sight once listed; unlisted they are floor.
    let map = "@.T.\n";
    let with = sightlines(&["show", "-", "--walls", "#T", "-f", "json"], Some(map));
    let without = sightlines(&["show", "-", "-f", "json"], Some(map));
    let visible = |o: &std::process::Output| String::from_utf8(o.stdout.clone()).unwrap();
    assert!(with.status.success() && without.status.success());
    assert!(!visible(&with).contains("[3, 0]"), "{}", visible(&with));
    assert!(visible(&without).contains("[3, 0]"));
}

#[test]
fn memory_files_that_cannot_be_used() {
    let dir = temp_dir("memory-errors");
    let room = "#####\n#@..#\n#####\n";
    let map = write(&dir, "room.txt", room);
    let good = dir.join("good.json");
    assert_ok(&sightlines(
        &["show", &map, "--save-memory", good.to_str().unwrap()],
        None,
    ));
    // The room is 5 x 3: one 64-bit word a row.
    let binary = dir.join("binary.json");
    std::fs::write(&binary, [0xff, 0xfe, b'{']).unwrap();
    let cases: [(&str, &str); 9] = [
        (
            "/no/such/memory.json",
            "cannot read memory file '/no/such/memory.json'",
        ),
        (dir.to_str().unwrap(), "cannot read memory file"),
        (
            &write(&dir, "empty.json", ""),
            "is not a memory written by --save-memory",
        ),
        (
            &write(&dir, "text.json", "seen: 1 2 3\n"),
            "is not a memory written by --save-memory",
        ),
        (
            binary.to_str().unwrap(),
            "is not a memory written by --save-memory",
        ),
        (
            &write(&dir, "fields.json", "{\"x\": 0, \"y\": 0}"),
            "missing field `width`",
        ),
        (
            &write(
                &dir,
                "words.json",
                "{\"x\": 0, \"y\": 0, \"width\": 5, \"height\": 3, \"seen\": [1, 2]}",
            ),
            "holds 3 words of 64 bits, not 2",
        ),
        (
            &write(
                &dir,
                "small.json",
                "{\"x\": 0, \"y\": 0, \"width\": 4, \"height\": 3, \"seen\": [0, 0, 0]}",
            ),
            "covers 4 x 3 tiles, but the map",
        ),
        (
            &write(
                &dir,
                "shifted.json",
                "{\"x\": 2, \"y\": 0, \"width\": 5, \"height\": 3, \"seen\": [0, 0, 0]}",
            ),
            "covers 5 x 3 tiles from (2, 0), but the map",
        ),
    ];
    for (file, needle) in cases {
        let saved = dir.join("not-saved.json");
        let o = sightlines(
            &[
                "show",
                &map,
                "--memory",
                file,
                "--save-memory",
                saved.to_str().unwrap(),
            ],
            None,
        );
        assert_fails_with(&o, needle);
        assert!(!saved.exists(), "{file}: nothing saved after a failure");
    }
    // The size message names the map's size.
    let o = sightlines(
        &[
            "show",
            &map,
            "--memory",
            &dir.join("small.json").to_string_lossy(),
        ],
        None,
    );
    assert_fails_with(&o, "is 5 x 3; pass a memory saved with this map");
    // The memory saved for this map loads.
    assert_ok(&sightlines(
        &[
            "show",
            &map,
            "--memory",
            good.to_str().unwrap(),
            "-f",
            "json",
        ],
        None,
    ));
}

#[test]
fn visited_tiles_and_saving_the_memory() {
    // A map file, not standard input: a bad command line ends the run
    // before standard input would be read.
    let dir = temp_dir("visited-errors");
    let map = write(&dir, "room.txt", "#####\n#@..#\n#####\n");
    for (visited, needle) in [
        ("9,1", "visited tile (9, 1) is off the map"),
        ("1,1;-1,0", "visited tile (-1, 0) is off the map"),
        ("1,1;", "--visited"),
        ("1;1", "expected X,Y"),
        ("", "--visited"),
    ] {
        assert_fails_with(
            &sightlines(&["show", &map, "--visited", visited], None),
            needle,
        );
    }
    // On a wall: allowed, and said.
    let o = sightlines(&["show", &map, "--visited", "0,0"], None);
    assert_ok(&o);
    assert!(stderr(&o).contains("visited tile (0, 0) is on an opaque tile"));
    assert_fails_with(
        &sightlines(&["show", "--save-memory", "/no/such/dir/memory.json"], None),
        "cannot write memory file '/no/such/dir/memory.json'",
    );
}
