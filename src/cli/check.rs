//! `cardscript check [PATHS...]`: diagnostics and one summary line.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::db::{file_diagnostics, item_counts};
use crate::diagnostic::render::{render_human, to_json};
use crate::diagnostic::{Code, Diagnostic};
use crate::workspace::{Unreadable, Workspace};

use super::{Format, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};

/// The diagnostics of every checked file, and the counts for the summary line.
pub struct CheckReport {
    /// (path, text, diagnostics) for each file with something to say, in command-line order.
    pub files_with_diagnostics: Vec<(String, String, Vec<Diagnostic>)>,
    pub files: usize,
    pub cards: usize,
    pub keywords: usize,
    /// The deck lists checked (`add_decks`).
    pub decks: usize,
    pub errors: usize,
    pub warnings: usize,
}

impl CheckReport {
    pub fn new(ws: &Workspace) -> CheckReport {
        let mut report = CheckReport { files_with_diagnostics: vec![], files: 0, cards: 0, keywords: 0, decks: 0, errors: 0, warnings: 0 };
        report.add_unreadable(&ws.unreadable);
        for &file in &ws.user_files {
            let (cards, keywords) = item_counts(&ws.db, file);
            report.cards += cards;
            report.keywords += keywords;
            report.add(file.path(&ws.db), file.text(&ws.db), file_diagnostics(&ws.db, file).clone());
        }
        report
    }

    /// One file checked, with what it has to say.
    fn add(&mut self, path: &str, text: &str, diagnostics: Vec<Diagnostic>) {
        self.files += 1;
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        self.errors += errors;
        self.warnings += diagnostics.len() - errors;
        if !diagnostics.is_empty() {
            self.files_with_diagnostics.push((path.to_string(), text.to_string(), diagnostics));
        }
    }

    /// Files that are not text, each with its diagnostic.
    fn add_unreadable(&mut self, files: &[Unreadable]) {
        for u in files {
            self.add(&u.path, &u.text, vec![u.diagnostic.clone()]);
        }
    }

    /// Checks deck lists, (path, text) each, against the cards of their games in `ws` (FF 8.1.1, Trails 602, UFS
    /// A.2), in the format each deck line names.
    pub fn add_decks(&mut self, ws: &Workspace, decks: &[(String, String)]) {
        let mut libraries = std::collections::BTreeMap::new();
        for (path, text) in decks {
            let (deck, mut diagnostics) = crate::games::deck::parse_deck(text);
            if let Some(deck) = &deck {
                let known = crate::games::GAMES.contains(&deck.game.as_str());
                match libraries.entry(deck.game.clone()).or_insert_with(|| known.then(|| ws.library(&deck.game)).flatten()) {
                    Some((library, codes)) => diagnostics.extend(crate::games::deck_check::check_deck(deck, library, codes, None).err().unwrap_or_default()),
                    None => diagnostics.push(Diagnostic::new(Code::E0300, deck.header, format!("cardscript knows no game `{}`", deck.game)).label("the game of the deck").help(format!("the games are {}", crate::games::GAMES.join(", ")))),
                }
            }
            self.decks += 1;
            self.add(path, text, diagnostics);
        }
    }

    /// Every diagnostic rendered for people.
    pub fn render_human(&self, color: bool) -> String {
        let mut out = String::new();
        for (path, text, diags) in &self.files_with_diagnostics {
            for d in diags {
                out.push_str(&render_human(d, path, text, color));
            }
        }
        out
    }

    pub fn render_json(&self, elapsed_ms: u64) -> String {
        let records: Vec<_> = self
            .files_with_diagnostics
            .iter()
            .flat_map(|(p, t, ds)| ds.iter().map(move |d| to_json(d, p, t)))
            .collect();
        let summary = serde_json::json!({
            "diagnostics": records,
            "files": self.files, "cards": self.cards, "keywords": self.keywords, "decks": self.decks,
            "errors": self.errors, "warnings": self.warnings,
            "milliseconds": elapsed_ms,
        });
        serde_json::to_string_pretty(&summary).expect("diagnostics serialize")
    }
}

pub fn run_check(paths: &[PathBuf], format: Format, color: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let started = Instant::now();
    let ws = Workspace::load(paths);
    let (decks, unreadable_decks, deck_errors) = deck_lists(paths);
    for e in ws.io_errors.iter().chain(&deck_errors) {
        let _ = writeln!(err, "error: {e}");
    }
    let mut report = CheckReport::new(&ws);
    report.add_unreadable(&unreadable_decks);
    report.add_decks(&ws, &decks);
    let elapsed = started.elapsed();
    let decks = if report.decks > 0 { format!(", {} decks", report.decks) } else { String::new() };
    let _ = match format {
        Format::Human => writeln!(
            out,
            "{}checked {} files ({} cards, {} keywords{decks}): {} errors, {} warnings in {:.0?}",
            report.render_human(color),
            report.files,
            report.cards,
            report.keywords,
            report.errors,
            report.warnings,
            elapsed
        ),
        Format::Json => writeln!(out, "{}", report.render_json(elapsed.as_millis() as u64)),
    };
    if !ws.io_errors.is_empty() || !deck_errors.is_empty() {
        EXIT_USAGE
    } else if report.errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}

/// The deck lists (`.deck` files) under `paths`, as (path, text), those that are not text, and those that cannot be
/// read.
fn deck_lists(paths: &[PathBuf]) -> (Vec<(String, String)>, Vec<Unreadable>, Vec<String>) {
    let (files, _) = crate::workspace::find_files(paths, crate::workspace::DECK_EXTENSION);
    // A deck list under two of the paths given is checked once; missing paths are reported once, by the cards' search.
    let mut seen = std::collections::BTreeSet::new();
    let files: Vec<PathBuf> = files.into_iter().filter(|f| crate::workspace::is_deck(f) && seen.insert(f.canonicalize().unwrap_or_else(|_| f.clone()))).collect();
    let (mut decks, mut unreadable, mut errors) = (vec![], vec![], vec![]);
    for (path, bytes) in crate::workspace::read_all(&files, &mut errors) {
        match crate::workspace::decode(&path, bytes) {
            Ok(text) => decks.push((path, text)),
            Err(u) => unreadable.push(*u),
        }
    }
    (decks, unreadable, errors)
}
