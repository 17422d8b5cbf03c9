//! Files the command writes, so that none is ever left half written.
//!
//! Every file (pictures, reports, memories, generated maps, the README's
//! report block) is written to a temporary file in the target's folder,
//! flushed to the disk, then renamed over the target. A rename within one
//! folder replaces the file whole, so a run that fails or is stopped while
//! writing leaves the old file as it was, never a truncated one.
//!
//! Ctrl-C (see [`stop_on_interrupt`]) removes the temporary files of the
//! writes under way and leaves at once with exit code 130.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The exit code after Ctrl-C: 128 + SIGINT, as shells report it.
pub const INTERRUPTED: i32 = 130;

/// The temporary files of the writes under way, removed on Ctrl-C.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Makes temporary names unique within the process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere while holding the list leaves it usable.
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Writes the file at `path` with `write`, through a temporary file in the
/// same folder renamed over it. On any error the target is untouched and
/// the temporary file removed. A symbolic link is written through, to the
/// file it names, and an existing file keeps its permissions.
pub fn write_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let target = match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    // A device or a pipe (`-o /dev/stdout`) is no file to replace.
    if fs::metadata(&target).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut out = BufWriter::new(OpenOptions::new().write(true).open(&target)?);
        write(&mut out)?;
        return out.flush();
    }
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let temp = folder.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    // Created and listed under the lock that Ctrl-C takes and keeps to the
    // exit: a file created after its cleanup would be left behind.
    let file = {
        let mut list = pending();
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        list.push(temp.clone());
        file
    };
    let result = write_temp(file, &temp, &target, write);
    let mut list = pending();
    let result = result.and_then(|()| fs::rename(&temp, &target));
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    list.retain(|p| p != &temp);
    result
}

fn write_temp(
    file: File,
    temp: &Path,
    target: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    if let Ok(meta) = fs::metadata(target) {
        if meta.is_file() {
            let _ = fs::set_permissions(temp, meta.permissions());
        }
    }
    let mut out = BufWriter::with_capacity(1 << 16, file);
    write(&mut out)?;
    let file: File = out.into_inner().map_err(|e| e.into_error())?;
    // On the disk before the rename, or a crash could leave an empty file.
    file.sync_all()
}

/// Ctrl-C from now on removes the temporary files of the writes under way,
/// clears the progress line and leaves with [`INTERRUPTED`], at once.
pub fn stop_on_interrupt() {
    // Without a handler (it cannot be set twice) Ctrl-C still stops the
    // run; only the temporary file of a write under way would stay.
    let _ = ctrlc::set_handler(|| {
        // Held to the end: a rename under way finishes first, so the
        // target is the old file or the new one, whole.
        let list = pending();
        for temp in list.iter() {
            let _ = fs::remove_file(temp);
        }
        crate::progress::clear_all();
        let _ = writeln!(io::stderr().lock(), "sightlines: interrupted");
        std::process::exit(INTERRUPTED);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sightlines-save-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_that_fails_half_way_leaves_the_old_file_whole() {
        let dir = folder("fail");
        let path = dir.join("memory.json");
        fs::write(&path, "the old memory\n").unwrap();
        let err = write_file(&path, |out| {
            out.write_all(b"half of the new ")?;
            out.flush()?; // the half is on the disk, in the temporary file
            Err(io::Error::other("the disk is full"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "the disk is full");
        assert_eq!(fs::read_to_string(&path).unwrap(), "the old memory\n");
        assert_eq!(entries(&dir), ["memory.json"], "no temporary file left");
        assert!(!pending().iter().any(|p| p.starts_with(&dir)));
        // A write that succeeds replaces it, and leaves nothing else.
        write_file(&path, |out| out.write_all(b"the new memory\n")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "the new memory\n");
        assert_eq!(entries(&dir), ["memory.json"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn new_files_links_and_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder("links");
        let path = dir.join("new.txt");
        write_file(&path, |out| out.write_all(b"a")).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"a");
        // An existing file keeps its permissions.
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&path, |out| out.write_all(b"b")).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        // A link is written through: it still names the file, which changed.
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        write_file(&link, |out| out.write_all(b"c")).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&path).unwrap(), b"c");
        // A folder that does not exist, or a folder as the target, is an
        // error that leaves nothing behind.
        assert!(write_file(&dir.join("no/such/file"), |_| Ok(())).is_err());
        let sub = dir.join("sub");
        fs::create_dir(&sub).unwrap();
        assert!(write_file(&sub, |out| out.write_all(b"x")).is_err());
        // A device is written to, never replaced.
        write_file(Path::new("/dev/null"), |out| out.write_all(b"x")).unwrap();
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
        assert_eq!(entries(&dir), ["link.txt", "new.txt", "sub"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
