//! The `:` commands: a table of (name, arguments, help, handler); adding a command is one entry.

use std::io::Write;

use super::{load, lookup, Outcome, Session};

/// A `:name args` command. The handler gets the session, the text after the name (trimmed) and
/// the output; it reports problems as messages and returns `Err` only when writing fails.
#[derive(Clone, Copy)]
pub struct Command {
    pub name: &'static str,
    /// Argument synopsis for `:help` (`PATH...`).
    pub args: &'static str,
    pub help: &'static str,
    pub run: fn(&mut Session, &str, &mut dyn Write) -> Outcome,
}

/// A handler for input that is not a command (scenario lines, actions): `claims` says whether
/// it takes the (trimmed) input; the first handler that claims it runs it.
#[derive(Clone, Copy)]
pub struct LineHandler {
    pub name: &'static str,
    pub claims: fn(&Session, &str) -> bool,
    pub run: fn(&mut Session, &str, &mut dyn Write) -> Outcome,
}

/// The commands every session has. Board and play commands are added with `Session::add_command`
/// or by another entry here.
pub fn builtin_commands() -> Vec<Command> {
    vec![
        Command { name: "help", args: "", help: "list the commands", run: help },
        Command { name: "load", args: "PATH...", help: "load .card files or directories and show their diagnostics", run: load::load_command },
        Command { name: "reload", args: "", help: "re-read the loaded files and re-check the ones that changed", run: load::reload_command },
        Command { name: "card", args: "NAME", help: "show a card's script and its printed text", run: lookup::card_command },
        Command { name: "keyword", args: "NAME", help: "show a keyword's definition and its rule text", run: lookup::keyword_command },
        Command { name: "game", args: "GAME", help: "check new definitions in GAME (fftcg, trails, ufs)", run: game },
        Command { name: "quit", args: "", help: "leave the session", run: quit },
    ]
}

fn help(session: &mut Session, _args: &str, out: &mut dyn Write) -> Outcome {
    let width = session.commands.iter().map(|c| c.name.len() + c.args.len() + 2).max().unwrap_or(0);
    for c in &session.commands {
        let synopsis = if c.args.is_empty() { format!(":{}", c.name) } else { format!(":{} {}", c.name, c.args) };
        writeln!(out, "  {synopsis:<width$}  {}", c.help)?;
    }
    writeln!(out, "Anything else is read as items of the language (cards, keywords, declarations), checked in")?;
    writeln!(out, "the session's game ({}); `game X` switches. A clean item is added to the session.", session.game)
}

fn game(session: &mut Session, args: &str, out: &mut dyn Write) -> Outcome {
    if args.is_empty() {
        return writeln!(out, "game {}", session.game);
    }
    session.switch_game(args, out)
}

fn quit(session: &mut Session, _args: &str, _out: &mut dyn Write) -> Outcome {
    session.quit = true;
    Ok(())
}
