//! `cardscript check [PATHS...]`: diagnostics and one summary line.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::db::{file_diagnostics, item_counts};
use crate::diagnostic::render::{render_human, to_json};
use crate::diagnostic::{Code, Diagnostic};
use crate::workspace::Workspace;

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
        let mut reports: Vec<(String, String, Vec<Diagnostic>)> = vec![];
        for u in &ws.unreadable {
            reports.push((u.path.clone(), u.text.clone(), vec![u.diagnostic.clone()]));
        }
        let (mut cards, mut keywords) = (0, 0);
        for &file in &ws.user_files {
            let (c, k) = item_counts(&ws.db, file);
            cards += c;
            keywords += k;
            let diags = file_diagnostics(&ws.db, file);
            if !diags.is_empty() {
                reports.push((file.path(&ws.db).to_string(), file.text(&ws.db).to_string(), diags.clone()));
            }
        }
        let all = || reports.iter().flat_map(|r| &r.2);
        let errors = all().filter(|d| d.is_error()).count();
        let warnings = all().count() - errors;
        let files = ws.user_files.len() + ws.unreadable.len();
        CheckReport { files_with_diagnostics: reports, files, cards, keywords, decks: 0, errors, warnings }
    }

    /// Checks deck lists, (path, text) each, against the cards of their games in `ws` (FF 8.1.1, Trails 602), in the
    /// format each deck line names.
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
            self.files += 1;
            self.errors += diagnostics.iter().filter(|d| d.is_error()).count();
            self.warnings += diagnostics.iter().filter(|d| !d.is_error()).count();
            if !diagnostics.is_empty() {
                self.files_with_diagnostics.push((path.clone(), text.clone(), diagnostics));
            }
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
    let (decks, deck_errors) = deck_lists(paths);
    for e in ws.io_errors.iter().chain(&deck_errors) {
        let _ = writeln!(err, "error: {e}");
    }
    let mut report = CheckReport::new(&ws);
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

/// The deck lists (`.deck` files) under `paths`, as (path, text), and those that cannot be read.
fn deck_lists(paths: &[PathBuf]) -> (Vec<(String, String)>, Vec<String>) {
    let (files, mut errors) = crate::workspace::find_files(paths, crate::workspace::DECK_EXTENSION);
    let mut decks = vec![];
    // Missing paths are reported once, by the cards' search.
    errors.clear();
    let mut seen = std::collections::BTreeSet::new();
    // A deck list under two of the paths given is checked once.
    for file in files.iter().filter(|f| crate::workspace::is_deck(f) && seen.insert(f.canonicalize().unwrap_or_else(|_| f.to_path_buf()))) {
        match crate::workspace::read_text(file) {
            Ok(text) => decks.push((file.display().to_string(), text)),
            Err(e) => errors.push(e),
        }
    }
    (decks, errors)
}
