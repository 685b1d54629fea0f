//! `cardscript check [PATHS...]`: diagnostics and one summary line.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::db::{file_diagnostics, item_counts};
use crate::diagnostic::render::{render_human, to_json};
use crate::diagnostic::Diagnostic;
use crate::workspace::Workspace;

use super::{Format, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};

/// The diagnostics of every checked file, and the counts for the summary line.
pub struct CheckReport {
    /// (path, text, diagnostics) for each file with something to say, in command-line order.
    pub files_with_diagnostics: Vec<(String, String, Vec<Diagnostic>)>,
    pub files: usize,
    pub cards: usize,
    pub keywords: usize,
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
        CheckReport { files_with_diagnostics: reports, files, cards, keywords, errors, warnings }
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
            "files": self.files, "cards": self.cards, "keywords": self.keywords,
            "errors": self.errors, "warnings": self.warnings,
            "milliseconds": elapsed_ms,
        });
        serde_json::to_string_pretty(&summary).expect("diagnostics serialize")
    }
}

pub fn run_check(paths: &[PathBuf], format: Format, color: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let started = Instant::now();
    let ws = Workspace::load(paths);
    for e in &ws.io_errors {
        let _ = writeln!(err, "error: {e}");
    }
    let report = CheckReport::new(&ws);
    let elapsed = started.elapsed();
    let _ = match format {
        Format::Human => writeln!(
            out,
            "{}checked {} files ({} cards, {} keywords): {} errors, {} warnings in {:.0?}",
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
    if !ws.io_errors.is_empty() {
        EXIT_USAGE
    } else if report.errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
