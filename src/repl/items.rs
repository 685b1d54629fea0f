//! Items typed at the prompt: checked in the session's game, added to the session when clean.

use std::io::Write;

use salsa::Setter;

use crate::db::{file_diagnostics, SourceFile};
use crate::diagnostic::render::render_human;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use crate::syntax::ast::Item;
use crate::syntax::parse_source;

use super::{Outcome, Session};

/// The path inline input is rendered under.
pub const INPUT_PATH: &str = "<input>";

/// One item defined inline: its (what, name) when it has one, and its source text.
#[derive(Debug, Clone)]
pub struct Defined {
    pub key: Option<(&'static str, String)>,
    pub text: String,
}

fn key(item: &Item) -> Option<(&'static str, String)> {
    match item {
        Item::Card(c) => Some(("card", c.name.node.clone())),
        Item::Keyword(k) => Some(("keyword", k.name.node.clone())),
        _ => None,
    }
}

/// The text of a session file for `game` holding `items`.
fn session_text(game: &str, items: &[Defined]) -> String {
    let mut text = format!("game {game}\n");
    for d in items {
        text.push('\n');
        text.push_str(d.text.trim_end());
        text.push('\n');
    }
    text
}

/// A leading `game X` line: switches the game; returns the rest of the input (or `None` when
/// the game is unknown).
fn take_game_line<'a>(session: &mut Session, input: &'a str, out: &mut dyn Write) -> std::io::Result<Option<&'a str>> {
    let mut offset = 0;
    for line in input.split_inclusive('\n') {
        let t = line.trim();
        if t.is_empty() || (t.starts_with("//") && !t.starts_with("///")) {
            offset += line.len();
            continue;
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        if let ["game", name] = words.as_slice() {
            let known = crate::db::known_games(&session.db).iter().any(|g| g == name);
            session.switch_game(name, out)?;
            return Ok(known.then(|| &input[offset + line.len()..]));
        }
        break;
    }
    Ok(Some(input))
}

pub fn define(session: &mut Session, input: &str, out: &mut dyn Write) -> Outcome {
    let Some(text) = take_game_line(session, input, out)? else { return Ok(()) };
    if text.trim().is_empty() {
        return Ok(());
    }
    let parsed = parse_source(text);
    let new_keys: Vec<(&'static str, String)> = parsed.items.iter().filter_map(|p| p.item.as_ref().and_then(key)).collect();
    let game = session.game.clone();
    let slot = session.defined_slot(&game);
    let (file, previous) = (session.defined[slot].1, session.defined[slot].2.clone());
    let kept: Vec<Defined> = previous.iter().filter(|d| !d.key.as_ref().is_some_and(|k| new_keys.contains(k))).cloned().collect();
    let replaced = previous.len() - kept.len();
    // Check with the definitions being replaced out of the way, so they are not duplicates.
    file.set_text(&mut session.db).to(session_text(&game, &kept));
    let prefix = format!("game {game}\n");
    session.scratch.set_text(&mut session.db).to(format!("{prefix}{text}"));
    // A stray `}` continues the `game` line's item; what that says about the prefix is not the user's.
    let diags: Vec<Diagnostic> = file_diagnostics(&session.db, session.scratch)
        .iter()
        .filter(|d| d.span.start as usize >= prefix.len() || d.code != crate::diagnostic::Code::E0004)
        .map(|d| unshift(d, prefix.len() as u32))
        .collect();
    session.scratch.set_text(&mut session.db).to(String::new());
    let errors = diags.iter().filter(|d| d.is_error()).count();
    for d in &diags {
        write!(out, "{}", render_human(d, INPUT_PATH, text, session.color))?;
    }
    if errors > 0 {
        file.set_text(&mut session.db).to(session_text(&game, &previous));
        return writeln!(out, "not added: {}", super::count(errors, "error"));
    }
    let mut items = kept;
    for p in &parsed.items {
        let Some(item) = &p.item else { continue };
        if matches!(item, Item::Game(_)) {
            continue;
        }
        let k = key(item);
        let what = match &k {
            Some((what, name)) => format!("{what} `{name}`"),
            None => "declaration".to_string(),
        };
        writeln!(out, "defined {what} in {game}")?;
        items.push(Defined { key: k, text: text[p.base as usize..p.end as usize].to_string() });
    }
    if replaced > 0 {
        writeln!(out, "(replacing the earlier definition)")?;
    }
    file.set_text(&mut session.db).to(session_text(&game, &items));
    session.defined[slot].2 = items;
    Ok(())
}

/// A diagnostic of the scratch file, moved back to spans in the typed input.
fn unshift(d: &Diagnostic, by: u32) -> Diagnostic {
    let back = |s: Span| Span { start: s.start.saturating_sub(by), end: s.end.saturating_sub(by) };
    let mut d = d.clone();
    d.span = back(d.span);
    for l in &mut d.extra {
        l.span = back(l.span);
    }
    d
}

impl Session {
    /// The index of the inline-definitions file for `game`, created when missing.
    fn defined_slot(&mut self, game: &str) -> usize {
        if let Some(i) = self.defined.iter().position(|d| d.0 == game) {
            return i;
        }
        let file = SourceFile::new(&self.db, format!("<session {game}>"), session_text(game, &[]));
        self.defined.push((game.to_string(), file, vec![]));
        self.sync_project();
        self.defined.len() - 1
    }
}
