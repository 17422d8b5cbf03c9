//! `sightlines`: compute and show fields of view on map files.
//!
//! Every error is one line on stderr and a non-zero exit: 2 for a bad
//! command line, 1 for bad input (an unreadable or malformed map, an origin
//! off the map).

mod input;
mod show;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Field of view on 2D grid maps.
#[derive(Parser, Debug)]
#[command(name = "sightlines", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show the field of view from one tile of a map.
    Show(show::ShowArgs),
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

    /// A bad command line.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 2,
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            use clap::error::ErrorKind;
            return match err.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = err.print();
                    ExitCode::SUCCESS
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = err.print();
                    ExitCode::from(2)
                }
                _ => {
                    // clap's own message, first line only, without its "error: " prefix.
                    let text = err.to_string();
                    let first = text.lines().next().unwrap_or("invalid arguments");
                    eprintln!(
                        "sightlines: {}",
                        first.strip_prefix("error: ").unwrap_or(first)
                    );
                    ExitCode::from(2)
                }
            };
        }
    };
    let result = match cli.command {
        Command::Show(args) => show::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("sightlines: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}
