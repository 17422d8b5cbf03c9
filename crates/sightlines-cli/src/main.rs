//! The `sightlines` binary: [`sightlines_cli::run`] with the process's
//! arguments, Ctrl-C handling and the exit code.

use std::process::ExitCode;

fn main() -> ExitCode {
    sightlines_cli::stop_on_interrupt();
    let outcome = sightlines_cli::run(std::env::args_os());
    // For the tests of memory bounds, and anyone curious.
    if std::env::var_os("SIGHTLINES_PEAK_MEMORY").is_some() {
        if let Some(peak) = peak_memory_kib() {
            eprintln!("sightlines: peak memory {peak} KiB");
        }
    }
    if !outcome.message.is_empty() {
        eprintln!("sightlines: {}", outcome.message);
    }
    ExitCode::from(outcome.code)
}

/// The process's peak resident memory (`VmHWM` of /proc/self/status), on
/// Linux.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
