//! The one place diagnostics become text: ariadne for people, JSON for tools.

use ariadne::{Config, IndexType, Label as AriadneLabel, Report, ReportKind, Source};
use serde::Serialize;

use super::{Diagnostic, Severity};

/// Renders one diagnostic against its file's text, with byte offsets; colour only when asked.
pub fn render_human(diag: &Diagnostic, path: &str, text: &str, color: bool) -> String {
    let clamp = |s: crate::span::Span| {
        let start = (s.start as usize).min(text.len());
        start..(s.end as usize).clamp(start, text.len())
    };
    let kind = match diag.severity {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
    };
    let path = path.to_string();
    let mut report = Report::build(kind, (path.clone(), clamp(diag.span)))
        .with_config(Config::default().with_color(color).with_index_type(IndexType::Byte))
        .with_code(diag.code.as_str())
        .with_message(&diag.message);
    let mut primary = AriadneLabel::new((path.clone(), clamp(diag.span))).with_order(0);
    if !diag.label.is_empty() {
        primary = primary.with_message(&diag.label);
    }
    report = report.with_label(primary);
    for (i, extra) in diag.extra.iter().enumerate() {
        report = report.with_label(
            AriadneLabel::new((path.clone(), clamp(extra.span))).with_message(&extra.message).with_order(i as i32 + 1),
        );
    }
    for help in &diag.help {
        report = report.with_help(help);
    }
    let mut out = Vec::new();
    report
        .finish()
        .write((path, Source::from(text)), &mut out)
        .expect("writing to a Vec cannot fail");
    String::from_utf8_lossy(&out).into_owned()
}

/// A diagnostic as a JSON record, with 1-based line and column (in chars) for editors.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic<'a> {
    pub file: &'a str,
    pub code: String,
    pub severity: Severity,
    pub message: &'a str,
    pub start: u32,
    pub end: u32,
    pub line: usize,
    pub column: usize,
    pub label: &'a str,
    pub help: &'a [String],
}

pub fn to_json<'a>(diag: &'a Diagnostic, path: &'a str, text: &str) -> JsonDiagnostic<'a> {
    let (line, column) = line_col(text, diag.span.start as usize);
    JsonDiagnostic {
        file: path,
        code: diag.code.as_str(),
        severity: diag.severity,
        message: &diag.message,
        start: diag.span.start,
        end: diag.span.end,
        line,
        column,
        label: &diag.label,
        help: &diag.help,
    }
}

/// 1-based line and char column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
