//! `:card NAME` and `:keyword NAME`: an item's script and its printed text, with did-you-mean.

use std::io::Write;

use crate::db::{file_game, parse_file, SourceFile};
use crate::diagnostic::render::line_col;
use crate::diagnostic::suggestions;
use crate::syntax::ast::Item;

use super::{Outcome, Session};

/// A card or keyword found in the session's files.
pub struct Found {
    pub name: String,
    pub code: Option<String>,
    pub game: String,
    /// `path:line` of the item.
    pub place: String,
    /// The `///` lines above it: a card's printed text, a keyword's rule and reminder text.
    pub docs: Vec<String>,
    /// The item's source without its doc comment.
    pub source: String,
}

impl Session {
    /// Every card (`want_cards`) or keyword definition in the session, in file order.
    pub fn find_items(&self, want_cards: bool) -> Vec<Found> {
        let mut files: Vec<SourceFile> = vec![];
        if !want_cards {
            files.extend(self.std_files.iter().copied());
        }
        files.extend(self.user_files());
        let db = &self.db;
        let mut out = vec![];
        for f in files {
            let text = f.text(db);
            let game = file_game(db, f).clone().unwrap_or_default();
            for p in &parse_file(db, f).items {
                let (name, code, docs) = match &p.item {
                    Some(Item::Card(c)) if want_cards => (c.name.node.clone(), c.code.as_ref().map(|c| c.node.clone()), c.docs.clone()),
                    Some(Item::Keyword(k)) if !want_cards => (k.name.node.clone(), None, k.docs.clone()),
                    _ => continue,
                };
                let chunk = &text[p.base as usize..p.end as usize];
                let doc_lines = chunk.lines().take_while(|l| l.trim_start().starts_with("///")).count();
                let source: Vec<&str> = chunk.lines().skip(doc_lines).collect();
                let place = format!("{}:{}", f.path(db), line_col(text, p.base as usize).0 + doc_lines);
                out.push(Found { name, code, game: game.clone(), place, docs, source: source.join("\n") });
            }
        }
        out
    }
}

fn unquote(args: &str) -> &str {
    let t = args.trim();
    t.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(t)
}

pub fn card_command(session: &mut Session, args: &str, out: &mut dyn Write) -> Outcome {
    show(session, args, true, out)
}

pub fn keyword_command(session: &mut Session, args: &str, out: &mut dyn Write) -> Outcome {
    show(session, args, false, out)
}

fn show(session: &Session, args: &str, cards: bool, out: &mut dyn Write) -> Outcome {
    let what = if cards { "card" } else { "keyword" };
    let name = unquote(args);
    if name.is_empty() {
        return writeln!(out, "usage: :{what} NAME");
    }
    let all = session.find_items(cards);
    let exact: Vec<&Found> = all.iter().filter(|f| f.name == name || f.code.as_deref() == Some(name)).collect();
    let found = if exact.is_empty() { all.iter().filter(|f| f.name.eq_ignore_ascii_case(name)).collect() } else { exact };
    if found.is_empty() {
        return not_found(what, name, &all, out);
    }
    for (i, f) in found.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let code = f.code.as_ref().map(|c| format!(" {c}")).unwrap_or_default();
        let name = if cards { format!("{:?}", f.name) } else { f.name.clone() };
        writeln!(out, "{what} {name}{code} ({}) — {}", f.game, f.place)?;
        let heading = if cards { "printed text" } else { "rule text" };
        if f.docs.is_empty() {
            writeln!(out, "{heading}: (none written above the {what})")?;
        } else {
            writeln!(out, "{heading}:")?;
            for d in &f.docs {
                writeln!(out, "  {d}")?;
            }
        }
        writeln!(out, "script:")?;
        for l in f.source.lines() {
            writeln!(out, "  {l}")?;
        }
    }
    Ok(())
}

fn not_found(what: &str, name: &str, all: &[Found], out: &mut dyn Write) -> Outcome {
    write!(out, "no {what} named `{name}`")?;
    let mut names: Vec<&str> = all.iter().map(|f| f.name.as_str()).collect();
    names.sort();
    names.dedup();
    let mut close: Vec<&str> = suggestions(name, names.iter().copied());
    if close.is_empty() {
        let lower = name.to_lowercase();
        close = names.iter().copied().filter(|n| n.to_lowercase().contains(&lower)).take(5).collect();
    }
    match close.as_slice() {
        [] if all.is_empty() && what == "card" => writeln!(out, " (no cards loaded: :load PATH...)"),
        [] => writeln!(out),
        [one] => writeln!(out, "; did you mean `{one}`?"),
        many => {
            let list: Vec<String> = many.iter().map(|n| format!("`{n}`")).collect();
            writeln!(out, "; did you mean one of {}?", list.join(", "))
        }
    }
}
