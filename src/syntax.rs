//! Source text to AST: split into items, parse each, never stop at the first error.

pub mod ast;
pub mod lower;
pub mod parser;
pub mod recover;
pub mod split;

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use ast::Item;
use split::ChunkProblem;

/// Most syntax errors reported for one file; the rest are summarised in one line.
pub const MAX_ERRORS_PER_FILE: usize = 50;

/// One item of a file: where it starts, and its AST when it parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedItem {
    /// File offset of the item's first byte; the item's spans are relative to it.
    pub base: u32,
    /// File offset just past the item's last line.
    pub end: u32,
    pub item: Option<Item>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParsedSource {
    pub items: Vec<ParsedItem>,
    /// Syntax errors, with file-relative spans.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses a whole file. Every item is parsed independently; all syntax errors are reported.
pub fn parse_source(text: &str) -> ParsedSource {
    let mut out = ParsedSource::default();
    for chunk in split::split_items(text) {
        let (base, end) = (chunk.span.start, chunk.span.end);
        let chunk_text = &text[chunk.span.range()];
        let parsed = match &chunk.problem {
            Some(problem) => Err(bracket_error(problem.clone())),
            None => parser::parse_chunk(chunk_text).map_err(|d| d.shifted(base)),
        };
        match parsed {
            Ok(item) => out.items.push(ParsedItem { base, end, item: Some(item) }),
            Err(d) => {
                out.items.push(ParsedItem { base, end, item: None });
                // Report every broken ability of the item, and the item's own error if it lies
                // before its abilities (or no ability is broken on its own).
                let (ability_errors, first_ability) = match &chunk.problem {
                    None => recover::ability_errors(chunk_text),
                    Some(_) => (vec![], None),
                };
                let mut errors: Vec<Diagnostic> = ability_errors.into_iter().map(|e| e.shifted(base)).collect();
                let before_abilities = first_ability.is_none_or(|f| (d.span.start as usize) < base as usize + f);
                if errors.is_empty() || before_abilities {
                    errors.push(d);
                }
                errors.sort_by_key(|e| e.span.start);
                out.diagnostics.extend(errors);
            }
        }
    }
    if out.diagnostics.len() > MAX_ERRORS_PER_FILE {
        let hidden = out.diagnostics.len() - MAX_ERRORS_PER_FILE;
        out.diagnostics.truncate(MAX_ERRORS_PER_FILE);
        let last = out.diagnostics.last().map_or(Span::default(), |d| d.span);
        out.diagnostics.push(Diagnostic::new(
            Code::E0002,
            last,
            format!("{hidden} more syntax errors in this file are not shown"),
        ));
    }
    out
}

fn bracket_error(problem: ChunkProblem) -> Diagnostic {
    match problem {
        ChunkProblem::TooDeep(at) => Diagnostic::new(Code::E0003, Span::new(at, at + 1), "brackets nest too deeply")
            .label(format!("more than {} levels deep here", split::MAX_DEPTH))
            .help("split the effect into separate statements or abilities"),
        ChunkProblem::Unclosed(at) => {
            Diagnostic::new(Code::E0003, Span::new(at, at + 1), "this bracket is never closed").label("opened here")
        }
        ChunkProblem::Unopened(at) => {
            Diagnostic::new(Code::E0003, Span::new(at, at + 1), "this bracket closes nothing").label("no matching opening bracket")
        }
    }
}
