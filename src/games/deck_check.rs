//! A deck list checked against the construction rules of its game (FF 8.1.1, Trails 602), in the format its deck
//! line names: what `cardscript check` says of a `.deck` file and what self-play plays.

use std::collections::BTreeMap;

use crate::diagnostic::{Code, Diagnostic};
use crate::kernel::{CardId, Library};

use super::deck::Deck;
use super::{fftcg, trails};

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
