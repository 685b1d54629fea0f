//! The command line: argument parsing and the subcommands.

pub mod check;
mod coverage;
mod repl;
mod selfplay;
mod test;

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

pub use check::{run_check, CheckReport};

#[derive(Debug, Parser)]
#[command(name = "cardscript", version, about = "Card-scripting language and rules engine for trading card games")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check every .card file under the given paths and print diagnostics.
    Check {
        /// Files or directories (searched recursively for .card files).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format for diagnostics.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// When to colour the output.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
    },
    /// Report which phrases the cards use that are not yet bound to a kernel primitive.
    Coverage {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Run golden scenario files (.scenario) and report which pass.
    Test {
        /// Scenario files or directories (searched recursively for .scenario files).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print each scenario's transcript.
        #[arg(long)]
        transcript: bool,
    },
    /// An interactive session: load scripts, define cards, set up a board and play.
    Repl {
        /// The game new definitions and boards are for.
        #[arg(long)]
        game: Option<String>,
        /// Scripts to load (files or directories).
        paths: Vec<PathBuf>,
    },
    /// Play whole games between decks with the random agent and report the results.
    Selfplay {
        #[arg(long)]
        game: String,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The first game's seed; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Deck files or folders (default: cards/GAME/decks, or cards/GAME/limited-decks with --limited).
        #[arg(long, num_args = 1..)]
        decks: Vec<PathBuf>,
        /// Games played at once, each on its own thread (the results do not depend on it).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Check the kernel's shortcuts against the long way in every game (much slower; the same
        /// games): a game where one disagrees fails, with its trace.
        #[arg(long)]
        audit: bool,
        /// FF-TCG's limited format: decks of 40 or more cards, and 6 damage loses (FF 8.1.1.1, 3.1.1).
        #[arg(long)]
        limited: bool,
    },
    /// Draw the board of a scenario as an SVG picture.
    Render {
        scenario: PathBuf,
        /// Where to write the picture.
        #[arg(long)]
        svg: PathBuf,
        /// Draw the board after this many steps instead of at the end.
        #[arg(long)]
        step: Option<usize>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

/// Exit codes: 0 clean, 1 errors in the scripts, 2 usage or I/O errors.
pub const EXIT_OK: i32 = 0;
pub const EXIT_ERRORS: i32 = 1;
pub const EXIT_USAGE: i32 = 2;

/// Runs the command line; returns the process exit code.
pub fn run(args: impl IntoIterator<Item = std::ffi::OsString>, out: &mut dyn Write, err: &mut dyn Write, is_tty: bool) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
            let _ = if e.use_stderr() { write!(err, "{e}") } else { write!(out, "{e}") };
            return code;
        }
    };
    match cli.command {
        Command::Check { paths, format, color } => {
            let color = match color {
                Color::Always => true,
                Color::Never => false,
                Color::Auto => is_tty,
            };
            run_check(&paths, format, color, out, err)
        }
        Command::Coverage { paths } => coverage::run_coverage(&paths, out, err),
        Command::Test { paths, transcript } => test::run_tests(&paths, transcript, out, err),
        Command::Render { scenario, svg, step } => test::run_render(&scenario, &svg, step, out, err),
        Command::Selfplay { game, games, seed, decks, jobs, audit, limited } => selfplay::run_selfplay(&game, games, seed, &decks, jobs, audit, limited, out, err),
        Command::Repl { game, paths } => repl::run_repl(game, &paths, is_tty, out, err),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn cli_definition_is_valid() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
