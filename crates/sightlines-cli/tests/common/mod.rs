//! Running the `sightlines` binary as a user does, for the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `sightlines ARGS`, feeding `stdin` when given.
pub fn sightlines(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sightlines"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sightlines");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

/// A fresh folder for one test's files.
pub fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sightlines-cli-{}-{}", test, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `contents` to `dir/name` and returns the path as a string.
pub fn write(dir: &std::path::Path, name: &str, contents: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Success, with stderr shown when not.
pub fn assert_ok(o: &Output) {
    assert!(
        o.status.success(),
        "should succeed: {} {}",
        o.status,
        stderr(o)
    );
}

/// A failure: non-zero exit, nothing on stdout, one line on stderr containing `needle`.
pub fn assert_fails_with(o: &Output, needle: &str) {
    assert!(!o.status.success(), "should fail: {}", stdout(o));
    assert!(o.stdout.is_empty(), "stdout: {}", stdout(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    assert!(err.contains(needle), "{err:?} should contain {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
}

/// The committed test maps' folder.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Decodes a PNG with the `image` crate into (width, height, RGB pixels).
pub fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("a PNG the image crate decodes");
    assert_eq!(image.color(), image::ColorType::Rgb8);
    let rgb = image.into_rgb8();
    (rgb.width(), rgb.height(), rgb.into_raw())
}

/// The pixel at (x, y) of decoded RGB pixels `width` wide.
pub fn pixel(pixels: &[u8], width: u32, x: u32, y: u32) -> [u8; 3] {
    let i = ((y * width + x) * 3) as usize;
    [pixels[i], pixels[i + 1], pixels[i + 2]]
}
