//! Playing in the REPL: scenario lines set up a board, perform actions and answer the engine's
//! questions; the session replays its lines (a game is deterministic), so `:undo` drops the last.

use std::io::Write;

use crate::scenario::{run_on, LoadedLibrary, Report};

use super::commands::{Command, LineHandler};
use super::{Outcome, Session};

/// The lines played so far and what replaying them gave.
#[derive(Default)]
pub struct Play {
    pub lines: Vec<String>,
    pub last: Option<Report>,
}

/// The words a scenario line starts with (see docs/scenarios.md).
const SCENARIO_WORDS: [&str; 12] = ["me", "you", "turn", "seed", "scenario", "answer", "expect", "resolve", "end", "signal", "next", "pass"];

pub fn handler() -> LineHandler {
    LineHandler { name: "scenario", claims: |_, line| SCENARIO_WORDS.contains(&line.split_whitespace().next().unwrap_or("")), run: play_line }
}

pub fn commands() -> Vec<Command> {
    vec![
        Command { name: "board", args: "[me|you]", help: "show the board (as one player sees it: hidden cards hidden)", run: board },
        Command { name: "log", args: "", help: "show the transcript: every action and event so far", run: log },
        Command { name: "undo", args: "", help: "take back the last scenario line", run: undo },
        Command { name: "options", args: "", help: "the questions the last action asked, with their legal options", run: options },
        Command { name: "explain", args: "\"CARD\" PROPERTY", help: "every continuous effect on a card's characteristic, in order", run: explain },
        Command { name: "why", args: "ACTION", help: "whether an action is legal now, and why not", run: why },
        Command { name: "reset", args: "", help: "clear the board and start again", run: reset },
    ]
}

/// Replays `lines` in the session's game with the session's cards.
fn replay(session: &Session, lines: &[String]) -> (String, Report) {
    let text = format!("game {}\n{}\n", session.game, lines.join("\n"));
    let db = &session.db;
    let report = run_on(&text, None, &mut |game, _| {
        let (library, names) = crate::workspace::library_of(db, game).ok_or_else(|| format!("no vocabulary for `{game}`"))?;
        Ok(LoadedLibrary { library: std::sync::Arc::new(library), names })
    });
    (text, report)
}

/// The transcript without its final board.
fn events(report: &Report) -> &str {
    report.transcript.split("\n== board at end ==").next().unwrap_or("")
}

fn play_line(session: &mut Session, line: &str, out: &mut dyn Write) -> Outcome {
    let mut lines = session.play.lines.clone();
    lines.push(line.to_string());
    let (text, report) = replay(session, &lines);
    let start = text.len() - line.len() - 1;
    let mine: Vec<_> = report.diagnostics.iter().filter(|d| d.span.start as usize >= start).collect();
    let shown = events(&report);
    let setup = report.transcript.split("\n> ").count() == 1;
    if mine.iter().any(|d| matches!(d.code, crate::diagnostic::Code::E0002 | crate::diagnostic::Code::E0200)) {
    } else if setup {
        if let Some(state) = &report.state {
            write!(out, "{}", crate::board::text(state))?;
        }
    } else {
        // The last action with what it did, its answers and the expectations after it.
        let from = shown.rfind("\n> ").map_or(0, |i| i + 1);
        write!(out, "{}", &shown[from..])?;
    }
    for d in &mine {
        write!(out, "{}", crate::diagnostic::render::render_human(d, "<input>", &text, session.color))?;
    }
    // A line with a mistake is not kept: the board stays as it was.
    if mine.iter().any(|d| d.is_error()) {
        return writeln!(out, "not kept");
    }
    session.play.lines = lines;
    session.play.last = Some(report);
    Ok(())
}

fn board(session: &mut Session, arg: &str, out: &mut dyn Write) -> Outcome {
    let viewer = match arg.trim() {
        "" => None,
        "me" => Some(crate::kernel::PlayerId(0)),
        "you" => Some(crate::kernel::PlayerId(1)),
        other => return writeln!(out, "no player `{other}`: `:board`, `:board me` or `:board you`"),
    };
    match session.play.last.as_ref().and_then(|r| r.state.as_ref()) {
        Some(state) => write!(out, "{}", viewer.map_or_else(|| crate::board::text(state), |p| crate::board::text_for(state, p))),
        None => writeln!(out, "no board yet: set one up with scenario lines (`me field: \"Cloud\"`)"),
    }
}

fn log(session: &mut Session, _: &str, out: &mut dyn Write) -> Outcome {
    match &session.play.last {
        Some(report) => writeln!(out, "{}", events(report).trim_end()),
        None => writeln!(out, "nothing has happened yet"),
    }
}

fn undo(session: &mut Session, _: &str, out: &mut dyn Write) -> Outcome {
    let Some(line) = session.play.lines.pop() else { return writeln!(out, "nothing to undo") };
    let lines = session.play.lines.clone();
    session.play.last = (!lines.is_empty()).then(|| replay(session, &lines).1);
    writeln!(out, "took back: {line}")
}

fn options(session: &mut Session, _: &str, out: &mut dyn Write) -> Outcome {
    let notes: Vec<&str> = session.play.last.as_ref().map_or(vec![], |r| events(r).lines().filter(|l| l.trim_start().starts_with("note:")).collect());
    match notes.last() {
        Some(note) => writeln!(out, "{}\nanswer with an `answer ...` line right after the action", note.trim()),
        None => writeln!(out, "no question is waiting for an answer"),
    }
}

fn explain(session: &mut Session, args: &str, out: &mut dyn Write) -> Outcome {
    let Some(state) = session.play.last.as_ref().and_then(|r| r.state.as_ref()) else { return writeln!(out, "no board yet") };
    match crate::scenario::explain(state, args) {
        Ok(text) => write!(out, "{text}"),
        Err(message) => writeln!(out, "{message}"),
    }
}

fn why(session: &mut Session, args: &str, out: &mut dyn Write) -> Outcome {
    let mut lines = session.play.lines.clone();
    lines.push(format!("expect illegal {args}"));
    let (text, report) = replay(session, &lines);
    let start = text.len() - lines.last().map_or(0, String::len) - 1;
    match report.diagnostics.iter().find(|d| d.span.start as usize >= start) {
        Some(d) if d.code == crate::diagnostic::Code::E0203 && d.label.ends_with("found legal") => writeln!(out, "legal now"),
        Some(d) if d.code == crate::diagnostic::Code::E0203 => writeln!(out, "{}", d.label.replace("expected illegal, found ", "")),
        Some(d) => write!(out, "{}", crate::diagnostic::render::render_human(d, "<input>", &text, session.color)),
        None => {
            let reason = events(&report).lines().rev().find_map(|l| l.trim().strip_prefix("illegal: "));
            writeln!(out, "illegal now: {}", reason.unwrap_or("no reason given"))
        }
    }
}

fn reset(session: &mut Session, _: &str, out: &mut dyn Write) -> Outcome {
    session.play = Play::default();
    writeln!(out, "the board is cleared")
}
