//! `cardscript repl`: the interactive session on a terminal or on piped input.

use std::io::Write;
use std::path::PathBuf;

/// Runs the REPL until end of input or `:quit`; returns the exit code.
pub fn run_repl(game: Option<String>, paths: &[PathBuf], is_tty: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let _ = (game, paths, is_tty, out);
    let _ = writeln!(err, "the REPL is not built yet");
    super::EXIT_USAGE
}
