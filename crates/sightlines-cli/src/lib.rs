//! `sightlines`: compute and show fields of view on map files.
//!
//! This library is the command itself, so that tests and the fuzz target for
//! its arguments (`fuzz/`) can run it in-process: [`run`] takes the
//! arguments and returns the [`Outcome`]; the `sightlines` binary prints the
//! outcome's message and exits with its code. Everything else is private:
//! the library for games is the `sightlines` crate.
//!
//! Every error is one line on stderr and a non-zero exit: 2 for a bad
//! command line, 1 for bad input (an unreadable or malformed map, an origin
//! off the map), 130 after Ctrl-C. Files are written whole or not at all
//! (`save`); long work shows a progress bar on a terminal (`progress`).

mod check;
mod compare;
mod generate;
mod hex;
mod input;
mod memory;
mod pairs;
mod picture;
mod progress;
mod report;
mod save;
mod show;
mod uneven;

use clap::{Parser, Subcommand};
use std::ffi::OsString;

pub use save::stop_on_interrupt;

/// Field of view on 2D grid maps.
#[derive(Parser, Debug)]
#[command(name = "sightlines", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress bars (they are drawn on standard error only when it is
    /// a terminal).
    #[arg(long, short, global = true)]
    quiet: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show the field of view from one tile of a map.
    Show(show::ShowArgs),
    /// Compare algorithms from the same tile, side by side.
    Compare(compare::CompareArgs),
    /// Find one-way pairs (A sees B, B does not see A) among the floor tiles,
    /// and check each algorithm's promises; exit 1 on any one-way pair, or
    /// with --promises only on a broken promise.
    Check(check::CheckArgs),
    /// Write a generated map: a cave, rooms and corridors, or a pillar field.
    Generate(generate::GenerateArgs),
    /// The comparison of every algorithm on the scenario and benchmark maps, in Markdown.
    Report(report::ReportArgs),
    /// List every algorithm id with what it promises, as a Markdown table.
    Algorithms,
}

/// An error for the user: one line, and the exit code to leave with.
#[derive(Debug)]
pub struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// Bad input: a map that cannot be read or used.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 1,
        }
    }

    /// A failure already explained on standard output (a broken promise).
    pub fn quiet(code: u8) -> Failure {
        Failure {
            message: String::new(),
            code,
        }
    }

    /// A bad command line.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 2,
        }
    }
}

/// A field of view that cannot be computed (an origin off the map, a range
/// too large) is bad input; the library's message says why.
impl From<sightlines::FovError> for Failure {
    fn from(e: sightlines::FovError) -> Failure {
        Failure::input(e.to_string())
    }
}

/// How a run of the command ended: the exit code and the one-line message
/// for standard error (empty when there is none to print).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// 0 on success, 1 for bad input or a failed check, 2 for a bad command
    /// line; 130 after Ctrl-C comes from the binary's handler, not from here.
    pub code: u8,
    /// One line without its `sightlines: ` prefix, or empty.
    pub message: String,
}

impl Outcome {
    fn success() -> Outcome {
        Outcome {
            code: 0,
            message: String::new(),
        }
    }
}

/// Runs the command line `args` (the program's name first, as in
/// `std::env::args_os()`): parses it, does the work, and prints what the
/// command prints on standard output (help and version included).
///
/// ```
/// let outcome = sightlines_cli::run(["sightlines", "show", "--radius", "-3"]);
/// assert_eq!(outcome.code, 2);
/// assert!(outcome.message.contains("--radius"), "{}", outcome.message);
/// ```
pub fn run<I, T>(args: I) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            use clap::error::ErrorKind;
            return match err.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = err.print();
                    Outcome::success()
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = err.print();
                    Outcome {
                        code: 2,
                        message: String::new(),
                    }
                }
                _ => {
                    // clap's own message, first line only, without its "error: " prefix.
                    let text = err.to_string();
                    let first = text.lines().next().unwrap_or("invalid arguments");
                    Outcome {
                        code: 2,
                        message: first.strip_prefix("error: ").unwrap_or(first).to_owned(),
                    }
                }
            };
        }
    };
    progress::set_quiet(cli.quiet);
    let result = match cli.command {
        Command::Show(args) => show::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Algorithms => {
            print!("{}", sightlines::catalogue_table());
            Ok(())
        }
    };
    match result {
        Ok(()) => Outcome::success(),
        Err(failure) => Outcome {
            code: failure.code,
            message: failure.message,
        },
    }
}
