//! `cardscript repl`: the interactive session on a terminal or on piped input.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};

use crate::repl::helper::ReplHelper;
use crate::repl::{Feeder, Session};

use super::{EXIT_OK, EXIT_USAGE};

/// Runs the REPL until end of input or `:quit`; returns the exit code.
pub fn run_repl(game: Option<String>, paths: &[PathBuf], is_tty: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut session = Session::new(None);
    session.color = is_tty;
    if let Some(g) = &game {
        let mut msg = Vec::new();
        let _ = session.switch_game(g, &mut msg);
        if session.game != *g {
            let _ = err.write_all(&msg);
            return EXIT_USAGE;
        }
    }
    if !paths.is_empty() {
        let _ = session.load_paths(paths, out);
    }
    if is_tty && std::io::stdin().is_terminal() {
        terminal(&mut session, out, err)
    } else {
        piped(&mut session, &mut std::io::stdin().lock(), out)
    }
}

/// Reads `input` line by line, buffering until each input is complete; echoes and executes it.
pub fn piped(session: &mut Session, input: &mut dyn BufRead, out: &mut dyn Write) -> i32 {
    let mut feeder = Feeder::default();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(out, "error: cannot read input: {e}");
                break;
            }
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.strip_suffix('\n').unwrap_or(&line);
        if !feeder.push_line(line, session, out) {
            return EXIT_OK;
        }
        let _ = out.flush();
    }
    feeder.finish(session, out);
    let _ = out.flush();
    EXIT_OK
}

/// Where history is kept: `$XDG_DATA_HOME/cardscript/history`, else `~/.cardscript_history`.
fn history_path() -> Option<PathBuf> {
    if let Some(data) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(data).join("cardscript").join("history"));
    }
    std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".cardscript_history"))
}

fn terminal(session: &mut Session, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let config = Config::builder().auto_add_history(false).history_ignore_space(true).completion_type(CompletionType::List).build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            let _ = writeln!(err, "warning: no line editor ({e}); reading plain lines");
            return piped(session, &mut std::io::stdin().lock(), out);
        }
    };
    editor.set_helper(Some(ReplHelper::new(session.completion_words(), session.color)));
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h); // missing on the first run
    }
    let _ = writeln!(out, "cardscript repl — :help for commands, :quit or Ctrl-D to leave");
    loop {
        let _ = out.flush();
        let prompt = format!("{}> ", session.game);
        match editor.readline(&prompt) {
            Ok(input) => {
                if !input.trim().is_empty() {
                    let _ = editor.add_history_entry(input.as_str());
                }
                session.execute(&input, out);
                if session.quit {
                    break;
                }
                if let Some(helper) = editor.helper_mut() {
                    helper.words = session.completion_words();
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                break;
            }
        }
    }
    let _ = out.flush();
    if let Some(h) = &history {
        let saved = h.parent().map_or(Ok(()), std::fs::create_dir_all).map_err(rustyline::error::ReadlineError::Io).and_then(|_| editor.save_history(h));
        if let Err(e) = saved {
            let _ = writeln!(err, "warning: could not save history to {}: {e}", h.display());
        }
    }
    EXIT_OK
}
