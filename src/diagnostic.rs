//! Diagnostics as plain data: a stable code, a severity, a message and labelled spans.
//!
//! Every stage reports problems with these; only `render` turns them into text.

use serde::Serialize;

use crate::span::Span;

pub mod render;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// Stable diagnostic codes. The code is part of the interface: tools and tests match on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
pub enum Code {
    /// Input that is not valid UTF-8, or cannot be read at all.
    E0001,
    /// Syntax error.
    E0002,
    /// Brackets nested too deeply or unbalanced.
    E0003,
    /// A file without a `game` line, or naming an unknown game.
    E0004,
    /// An unknown name (word, card, keyword, type, binding) with suggestions.
    E0100,
    /// A word that belongs to another game's vocabulary.
    E0101,
    /// A phrase that matches no declaration of the game's vocabulary.
    E0102,
    /// A value of the wrong type.
    E0103,
    /// A keyword used with the wrong number or types of arguments, or on the wrong kind of card.
    E0104,
    /// A declaration that is malformed, duplicated or conflicting.
    E0105,
    /// `choose` without a legal filter, or a filter that can match nothing.
    E0106,
    /// A misplaced construct (a trigger on an ability kind that takes none, a rule in a one-shot effect...).
    E0107,
    /// A card characteristic that is missing, repeated or out of place.
    E0108,
    /// A scenario names something that is not there: a card, an object, a zone, a property.
    E0200,
    /// A scenario action that is illegal at that point.
    E0201,
    /// A scenario answer that is not among the legal options, or that no question asked for.
    E0202,
    /// A scenario expectation that does not hold.
    E0203,
    /// A deck that does not parse, names an unknown card, or breaks the game's deck construction rules.
    E0300,
    /// An unused binding.
    W0001,
    /// A phrase that matches more than one declaration; the first is used.
    W0002,
    /// A scenario names a card several printed cards share; the first printing is used.
    W0200,
}

impl Code {
    pub fn severity(self) -> Severity {
        if format!("{self:?}").starts_with('W') { Severity::Warning } else { Severity::Error }
    }

    pub fn as_str(self) -> String {
        format!("{self:?}")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub span: Span,
    /// The primary label's text; empty when the message says it all.
    pub label: String,
    pub extra: Vec<Label>,
    pub help: Vec<String>,
}

impl Diagnostic {
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Self {
            code,
            severity: code.severity(),
            message: message.into(),
            span,
            label: String::new(),
            extra: Vec::new(),
            help: Vec::new(),
        }
    }

    pub fn label(mut self, text: impl Into<String>) -> Self {
        self.label = text.into();
        self
    }

    pub fn with_label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.extra.push(Label { span, message: text.into() });
        self
    }

    pub fn help(mut self, text: impl Into<String>) -> Self {
        self.help.push(text.into());
        self
    }

    /// The same diagnostic with every span moved by `base` bytes.
    pub fn shifted(mut self, base: u32) -> Self {
        self.span = self.span.shifted(base);
        for l in &mut self.extra {
            l.span = l.span.shifted(base);
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// "Did you mean" candidates: the known names closest to `name`, best first.
pub fn suggestions<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    let mut scored: Vec<(usize, &str)> = known
        .into_iter()
        .filter(|k| !k.is_empty() && *k != name)
        .map(|k| (edit_distance(&lower, &k.to_lowercase()), k))
        .filter(|(d, _)| *d <= limit)
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, k)| k).collect()
}

/// Edit distance over chars, counting a swap of two neighbours as one edit (optimal string alignment).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_first() {
        assert_eq!(suggestions("brak", ["break", "dull", "bake"]), ["break"]);
        assert_eq!(suggestions("feild", ["field", "fire"]), ["field"], "a swap of two letters is one edit");
        assert!(suggestions("zzzzzz", ["break"]).is_empty());
    }

    #[test]
    fn warnings_are_codes_starting_with_w() {
        assert_eq!(Code::W0001.severity(), Severity::Warning);
        assert_eq!(Code::E0102.severity(), Severity::Error);
    }
}
