//! The terminal line editor's helper: completion, highlighting, hints and the multi-line validator.

use std::borrow::Cow;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Helper};

use crate::db::{vocabulary, Game};

use super::{is_complete, Session};

/// The structural words of the language (the grammar's, not any game's).
pub const LANGUAGE_WORDS: &[&str] = &[
    "game", "card", "keyword", "enum", "kind", "property", "zone", "player", "symbol", "procedure", "tag", "ability", "action", "rule",
    "event", "predicate", "filter", "duration", "cost", "value", "for", "each", "in", "if", "else", "then", "may", "let",
    "mode", "select", "choose", "chooses", "as", "until", "while", "during", "when", "whenever", "at", "after", "before",
    "instead", "of", "only", "and", "or", "not", "this", "do", "set", "list", "static", "triggered", "activated", "play",
];

/// What completion offers, refreshed from the session after every input.
#[derive(Default, Clone)]
pub struct Words {
    pub commands: Vec<String>,
    pub cards: Vec<String>,
    pub keywords: Vec<String>,
    /// The session game's words: template words, kinds, properties, enum values, zones, players.
    pub vocab: Vec<String>,
}

impl Words {
    pub fn of(session: &Session) -> Words {
        let mut cards: Vec<String> = session.find_items(true).into_iter().map(|f| f.name).collect();
        let mut keywords: Vec<String> = session.find_items(false).into_iter().map(|f| f.name).collect();
        let v = &vocabulary(&session.db, Game::new(&session.db, session.game.clone())).vocab;
        let mut vocab: Vec<String> = v.template_words.iter().cloned().collect();
        vocab.extend(v.kinds.iter().map(|k| k.name.clone()));
        vocab.extend(v.properties.iter().map(|p| p.name.clone()));
        vocab.extend(v.enums.iter().flat_map(|e| e.variants.iter().cloned()));
        vocab.extend(v.zones.iter().chain(&v.players).chain(&v.symbols).cloned());
        vocab.extend(v.ability_kinds.iter().map(|a| a.name.clone()));
        vocab.extend(LANGUAGE_WORDS.iter().map(|w| w.to_string()));
        for list in [&mut cards, &mut keywords, &mut vocab] {
            list.sort();
            list.dedup();
        }
        let commands = session.commands.iter().map(|c| c.name.to_string()).collect();
        Words { commands, cards, keywords, vocab }
    }
}

pub struct ReplHelper {
    pub words: Words,
    pub color: bool,
    hinter: HistoryHinter,
    files: FilenameCompleter,
}

impl ReplHelper {
    pub fn new(words: Words, color: bool) -> ReplHelper {
        ReplHelper { words, color, hinter: HistoryHinter::new(), files: FilenameCompleter::new() }
    }
}

fn pairs<'a>(prefix: &str, words: impl Iterator<Item = &'a String>, quote: bool) -> Vec<Pair> {
    words
        .filter(|w| w.starts_with(prefix) || (quote && w.to_lowercase().starts_with(&prefix.to_lowercase())))
        .map(|w| Pair { display: w.clone(), replacement: w.clone() })
        .collect()
}

impl Completer for ReplHelper {
    type Candidate = Pair;
    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        if let Some(cmd) = before.strip_prefix(':') {
            match cmd.split_once(' ') {
                None => return Ok((1, pairs(cmd, self.words.commands.iter(), false))),
                Some(("load", _)) => return self.files.complete(line, pos, ctx),
                Some((c @ ("card" | "keyword"), rest)) => {
                    let start = pos - rest.len();
                    let prefix = rest.trim_start_matches('"');
                    let list = if c == "card" { &self.words.cards } else { &self.words.keywords };
                    return Ok((start + (rest.len() - prefix.len()), pairs(prefix, list.iter(), true)));
                }
                Some(_) => return Ok((pos, vec![])),
            }
        }
        let start = before.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
        let prefix = &before[start..];
        if prefix.is_empty() {
            return Ok((pos, vec![]));
        }
        let mut found = pairs(prefix, self.words.vocab.iter().chain(&self.words.keywords), false);
        found.dedup_by(|a, b| a.replacement == b.replacement);
        Ok((start, found))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        self.hinter.hint(line, pos, ctx)
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if self.color { Cow::Owned(highlight(line)) } else { Cow::Borrowed(line) }
    }
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color { Cow::Owned(format!("\x1b[2m{hint}\x1b[0m")) } else { Cow::Borrowed(hint) }
    }
    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.color
    }
}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if is_complete(ctx.input()) { ValidationResult::Valid(None) } else { ValidationResult::Incomplete })
    }
}

impl Helper for ReplHelper {}

const KEYWORD: &str = "\x1b[1;34m";
const STRING: &str = "\x1b[33m";
const NUMBER: &str = "\x1b[36m";
const COMMENT: &str = "\x1b[2;32m";
const COMMAND: &str = "\x1b[1;35m";
const RESET: &str = "\x1b[0m";

/// ANSI-coloured input: the language's words, strings, numbers, comments and `:commands`.
pub fn highlight(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        highlight_line(line, &mut out);
    }
    out
}

fn highlight_line(line: &str, out: &mut String) {
    let paint = |out: &mut String, color: &str, s: &str| {
        out.push_str(color);
        out.push_str(s);
        out.push_str(RESET);
    };
    if line.trim_start().starts_with(':') {
        let start = line.len() - line.trim_start().len();
        let end = line[start..].find(char::is_whitespace).map_or(line.len(), |e| start + e);
        paint(out, COMMAND, &line[..end]);
        out.push_str(&line[end..]);
        return;
    }
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let len = if rest.starts_with("//") {
            paint(out, COMMENT, rest);
            rest.len()
        } else if c == '"' {
            let mut end = rest.len();
            let mut escaped = false;
            for (j, ch) in rest.char_indices().skip(1) {
                match ch {
                    _ if escaped => escaped = false,
                    '\\' => escaped = true,
                    '"' => {
                        end = j + 1;
                        break;
                    }
                    _ => {}
                }
            }
            paint(out, STRING, &rest[..end]);
            end
        } else if c.is_ascii_digit() {
            let end = rest.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(rest.len());
            paint(out, NUMBER, &rest[..end]);
            end
        } else if c.is_alphabetic() || c == '_' {
            let end = rest.find(|ch: char| !(ch.is_alphanumeric() || ch == '_')).unwrap_or(rest.len());
            let word = &rest[..end];
            if LANGUAGE_WORDS.contains(&word) { paint(out, KEYWORD, word) } else { out.push_str(word) }
            end
        } else {
            out.push(c);
            c.len_utf8()
        };
        rest = &rest[len..];
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn highlighting_keeps_the_text() {
        let src = "card \"A\" 1-001 { // note\n  auto when this attacks: draw 1\n}";
        let painted = super::highlight(src);
        let plain: String = painted.split('\x1b').enumerate().map(|(i, s)| if i == 0 { s } else { &s[s.find('m').unwrap() + 1..] }).collect();
        assert_eq!(plain, src);
        assert!(painted.contains("\x1b[33m\"A\""));
    }
}
