//! Deck lists (`.deck` files): a `deck "Name" game [format]` line, then `COUNT CODE Name...` lines (or
//! `COUNT "Name [Sub-name]"` for a game whose cards have no codes), with `//` comments.
//! Parsing reports every bad line; the games check their construction rules.

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;

/// A parsed deck list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    pub game: String,
    /// The format the deck is built for, when the deck line names one (`limited`): each game says which it knows.
    pub format: Option<String>,
    /// The `deck "Name" game` line.
    pub header: Span,
    pub entries: Vec<Entry>,
}

/// One line of a deck list: `3 1-001H Auron`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub count: u32,
    pub code: String,
    /// The card name written after the code (for readers; checked against the code), or the
    /// quoted name that identifies the card when `code` is empty.
    pub name: String,
    pub span: Span,
}

impl Deck {
    pub fn size(&self) -> u32 {
        self.entries.iter().map(|e| e.count).sum()
    }
}

/// Parses a deck list; every malformed line is a diagnostic.
pub fn parse_deck(text: &str) -> (Option<Deck>, Vec<Diagnostic>) {
    let mut header: Option<(String, String, Option<String>, Span)> = None;
    let mut entries = vec![];
    let mut diagnostics = vec![];
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.split("//").next().unwrap_or("").trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            continue;
        }
        let span = Span::new(start + (line.len() - trimmed.len()), start + line.len());
        if header.is_none() {
            match parse_header(trimmed) {
                Some((name, game, format)) => header = Some((name, game, format, span)),
                None => diagnostics.push(
                    Diagnostic::new(Code::E0300, span, "a deck list starts with `deck \"Name\" game`, and the format it is built for if the game has several")
                        .label("expected the deck line")
                        .help("write `deck \"Fire Wind\" fftcg`, or `deck \"Fire Ice Sealed\" fftcg limited`"),
                ),
            }
            continue;
        }
        // A game whose cards have no codes names them in quotes: `4 "Estelle Bright [Sky Bracer]"`.
        if let Some((count, rest)) = trimmed.split_once(char::is_whitespace)
            && let Some(quoted) = rest.trim_start().strip_prefix('"')
        {
            match (count.parse::<u32>(), quoted.strip_suffix('"')) {
                (Ok(count), Some(name)) if count > 0 && !name.is_empty() && !name.contains('"') => {
                    entries.push(Entry { count, code: String::new(), name: name.to_string(), span });
                }
                _ => diagnostics.push(Diagnostic::new(Code::E0300, span, "a deck line is a count and a card's name in quotes").label("expected `COUNT \"Name [Sub-name]\"`").help("write `4 \"Estelle Bright [Sky Bracer]\"`")),
            }
            continue;
        }
        let mut words = trimmed.split_whitespace();
        let count = words.next().and_then(|c| c.parse::<u32>().ok());
        let code = words.next();
        match (count, code) {
            (Some(count), Some(code)) if count > 0 => {
                let name = words.collect::<Vec<_>>().join(" ");
                entries.push(Entry { count, code: code.to_string(), name, span });
            }
            _ => diagnostics.push(Diagnostic::new(Code::E0300, span, "a deck line is a count, a card code and the card's name").label("expected `COUNT CODE Name`").help("write `3 1-001H Auron`")),
        }
    }
    let deck = header.map(|(name, game, format, header)| Deck { name, game, format, header, entries });
    if deck.is_none() && diagnostics.is_empty() {
        diagnostics.push(Diagnostic::new(Code::E0300, Span::new(0, 0), "the deck list is empty").help("start with `deck \"Name\" game`"));
    }
    (deck, diagnostics)
}

/// `deck "Name" game [format]`: the name, the game and the format word, if any.
fn parse_header(line: &str) -> Option<(String, String, Option<String>)> {
    let rest = line.strip_prefix("deck")?.trim_start().strip_prefix('"')?;
    let (name, words) = rest.split_once('"')?;
    match words.split_whitespace().collect::<Vec<_>>()[..] {
        [game] => Some((name.to_string(), game.to_string(), None)),
        [game, format] => Some((name.to_string(), game.to_string(), Some(format.to_string()))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_line_is_reported() {
        let (deck, diagnostics) = parse_deck("// c\ndeck \"D\" fftcg\n3 1-001H Auron\nthree 1-002R\n2\n");
        let deck = deck.unwrap();
        assert_eq!((deck.name.as_str(), deck.game.as_str(), deck.format.as_deref(), deck.size()), ("D", "fftcg", None, 3));
        assert_eq!(diagnostics.len(), 2);
    }

    #[test]
    fn the_deck_line_may_name_a_format() {
        let (deck, diagnostics) = parse_deck("deck \"S\" fftcg limited\n3 1-001H Auron\n");
        assert_eq!((deck.unwrap().format.as_deref(), diagnostics.len()), (Some("limited"), 0));
        let (deck, diagnostics) = parse_deck("deck \"S\" fftcg limited sealed\n");
        assert!(deck.is_none() && diagnostics.len() == 1, "three words after the name");
    }

    #[test]
    fn a_quoted_name_stands_for_a_code() {
        let (deck, diagnostics) = parse_deck("deck \"T\" trails\n4 \"Estelle Bright [Sky Bracer]\"\n2 \"Tear Balm\n");
        let deck = deck.unwrap();
        assert_eq!((deck.entries[0].code.as_str(), deck.entries[0].name.as_str(), deck.size()), ("", "Estelle Bright [Sky Bracer]", 4));
        assert_eq!(diagnostics.len(), 1, "the unclosed quote");
    }
}
