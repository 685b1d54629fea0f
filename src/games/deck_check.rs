//! A deck list checked against the construction rules of its game (FF 8.1.1, Trails 602, UFS A.2), in the format its
//! deck line names: what `cardscript check` says of a `.deck` file and what self-play plays.

use std::collections::BTreeMap;

use crate::diagnostic::{Code, Diagnostic};
use crate::ir::Operand;
use crate::kernel::{CardId, Library};

use super::deck::{Deck, Entry};
use super::{fftcg, trails, ufs};

/// `deck` checked against `library`, the cards of a game (`codes` names them by code): in the format its deck line
/// names, or the game's usual one, and also in the one a run plays when it asks for one (`asked`: FF-TCG's
/// constructed or limited games, FF 8.1.1.1). The cards, in list order; every problem a diagnostic at its line.
pub fn check_deck(deck: &Deck, library: &Library, codes: &BTreeMap<String, CardId>, asked: Option<fftcg::Format>) -> Result<Vec<CardId>, Vec<Diagnostic>> {
    let game = library.vocab.game.as_str();
    if deck.game != game {
        return Err(vec![Diagnostic::new(Code::E0300, deck.header, format!("\"{}\" is a {} deck, not a {game} deck", deck.name, deck.game)).label("the game of the deck")]);
    }
    match game {
        "fftcg" => {
            let (stated, unknown) = named(deck, fftcg::Format::named, &fftcg::Format::WORDS);
            if asked == Some(fftcg::Format::Constructed) && stated == Some(fftcg::Format::Limited) {
                let d = Diagnostic::new(Code::E0300, deck.header, format!("\"{}\" is a limited deck, and this is a constructed game (FF 8.1.1.1)", deck.name));
                return Err(vec![d.label("built for limited games").help("play it in a limited game (`cardscript selfplay --limited`)")]);
            }
            with(unknown, fftcg::check_deck(deck, library, codes, asked.or(stated).unwrap_or(fftcg::Format::Constructed)))
        }
        "trails" => {
            // Trails 602.2: the event says which rules are in force; a deck line without a mode is read by its size.
            let (stated, unknown) = named(deck, trails::Mode::named, &trails::Mode::WORDS);
            let by_size = if deck.size() == 40 { trails::Mode::BlitzShield } else { trails::Mode::Strategy };
            with(unknown, trails::check_deck(deck, library, stated.unwrap_or(by_size)))
        }
        // UFS A.2: one set of construction rules here (the alternate formats of L.2 are not checked); a format word is an error.
        "ufs" => with(named(deck, |_| None::<()>, &[]).1, ufs::check_deck(deck, library)),
        _ => Err(vec![Diagnostic::new(Code::E0300, deck.header, format!("cardscript has no deck construction rules for {game} yet")).label("the game of the deck")]),
    }
}

/// The format the deck line names, read by the game's own words (`read`, one of `known`), and a diagnostic when it
/// names one the game does not have: the deck is then checked in the game's usual format, so that its lines are
/// checked too.
fn named<F>(deck: &Deck, read: impl Fn(&str) -> Option<F>, known: &[&str]) -> (Option<F>, Option<Diagnostic>) {
    let Some(word) = deck.format.as_deref() else { return (None, None) };
    match read(word) {
        Some(format) => (Some(format), None),
        None if known.is_empty() => (None, Some(Diagnostic::new(Code::E0300, deck.header, format!("{} decks are checked by one set of rules: a deck line names no format", deck.game)).label("the deck's format").help("leave out the format word"))),
        None => (None, Some(Diagnostic::new(Code::E0300, deck.header, format!("{} has no format `{word}`", deck.game)).label("the deck's format").help(format!("write one of: {}", known.join(", "))))),
    }
}

/// A check's result with the diagnostic of an unknown format first.
fn with(unknown: Option<Diagnostic>, checked: Result<Vec<CardId>, Vec<Diagnostic>>) -> Result<Vec<CardId>, Vec<Diagnostic>> {
    match (unknown, checked) {
        (None, checked) => checked,
        (Some(d), Ok(_)) => Err(vec![d]),
        (Some(d), Err(more)) => Err(std::iter::once(d).chain(more).collect()),
    }
}

/// The printed name and sub-name (its `subname` property, if the game has one) of every card of the library: how a
/// deck line names the cards of a game without codes.
pub(super) fn names(library: &Library) -> Vec<(String, Option<String>)> {
    let subname = library.vocab.property("subname");
    library
        .cards
        .iter()
        .map(|c| {
            let sub = c.properties.iter().find(|(p, _)| Some(*p) == subname).and_then(|(_, v)| if let Operand::Text(t) = v { Some(t.clone()) } else { None });
            (c.name.clone(), sub)
        })
        .collect()
}

/// A card as a deck line names it: `Name`, or `Name [Sub-name]`.
pub(super) fn shown((name, sub): &(String, Option<String>)) -> String {
    sub.as_ref().map_or_else(|| name.clone(), |s| format!("{name} [{s}]"))
}

/// The card a deck line names in quotes, `Name` or `Name [Sub-name]` (Trails 201.1, 202.1; UFS B.6.1), among `all`
/// (`names`) of the game `game` (as its players write it); `example` is a deck line of that game.
pub(super) fn named_card(entry: &Entry, game: &str, all: &[(String, Option<String>)], example: &str) -> Result<CardId, Diagnostic> {
    if !entry.code.is_empty() {
        let form = if all.iter().any(|(_, sub)| sub.is_some()) { "Name [Sub-name]" } else { "Name" };
        return Err(Diagnostic::new(Code::E0300, entry.span, format!("{game} cards have no codes: a deck line names the card in quotes")).label(format!("expected `COUNT \"{form}\"`")).help(format!("write `{example}`")));
    }
    let (name, sub) = match entry.name.strip_suffix(']').and_then(|n| n.split_once(" [")) {
        Some((name, sub)) => (name, Some(sub)),
        None => (entry.name.as_str(), None),
    };
    let same: Vec<usize> = (0..all.len()).filter(|&i| all[i].0 == name && (sub.is_none() || all[i].1.as_deref() == sub)).collect();
    match same.as_slice() {
        [one] => Ok(CardId(*one as u32)),
        [] => {
            let every: Vec<String> = all.iter().map(shown).collect();
            let close: Vec<&str> = crate::diagnostic::suggestions(&entry.name, every.iter().map(String::as_str)).into_iter().take(3).collect();
            let mut d = Diagnostic::new(Code::E0300, entry.span, format!("there is no card \"{}\" in the {} cards", entry.name, game.to_lowercase())).label("unknown card");
            if !close.is_empty() {
                d = d.help(format!("did you mean \"{}\"?", close.join("\", \"")));
            }
            Err(d)
        }
        several => {
            let which: Vec<String> = several.iter().map(|&i| format!("\"{}\"", shown(&all[i]))).collect();
            Err(Diagnostic::new(Code::E0300, entry.span, format!("{} cards are named \"{name}\"", several.len())).label("which one?").help(format!("add the sub-name: {}", which.join(", "))))
        }
    }
}
