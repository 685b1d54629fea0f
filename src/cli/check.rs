//! `cardscript check [PATHS...]`: diagnostics and one summary line.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::db::{file_diagnostics, item_counts};
use crate::diagnostic::render::{render_human, to_json};
use crate::diagnostic::Diagnostic;
use crate::workspace::Workspace;

use super::{Format, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};

pub fn run_check(paths: &[PathBuf], format: Format, color: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let started = Instant::now();
    let ws = Workspace::load(paths);
    for e in &ws.io_errors {
        let _ = writeln!(err, "error: {e}");
    }
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
    let errors: usize = reports.iter().flat_map(|r| &r.2).filter(|d| d.is_error()).count();
    let warnings: usize = reports.iter().flat_map(|r| &r.2).filter(|d| !d.is_error()).count();
    let files = ws.user_files.len() + ws.unreadable.len();
    let elapsed = started.elapsed();
    match format {
        Format::Human => {
            for (path, text, diags) in &reports {
                for d in diags {
                    let _ = write!(out, "{}", render_human(d, path, text, color));
                }
            }
            let _ = writeln!(
                out,
                "checked {files} files ({cards} cards, {keywords} keywords): {errors} errors, {warnings} warnings in {:.0?}",
                elapsed
            );
        }
        Format::Json => {
            let records: Vec<_> = reports.iter().flat_map(|(p, t, ds)| ds.iter().map(move |d| to_json(d, p, t))).collect();
            let summary = serde_json::json!({
                "diagnostics": records,
                "files": files, "cards": cards, "keywords": keywords,
                "errors": errors, "warnings": warnings,
                "milliseconds": elapsed.as_millis() as u64,
            });
            let _ = writeln!(out, "{}", serde_json::to_string_pretty(&summary).expect("diagnostics serialize"));
        }
    }
    if !ws.io_errors.is_empty() {
        EXIT_USAGE
    } else if errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
