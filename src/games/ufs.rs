//! The Universal Fighting System's deck construction (UFS A.2): what `cardscript check` says of a UFS deck list. The
//! game's turn and combat procedures are not carried out yet (docs/known-gaps.md).

use std::collections::BTreeMap;

use crate::diagnostic::{Code, Diagnostic};
use crate::kernel::{CardId, Library};

use super::deck::Deck;
use super::deck_check::{named_card, names};

/// A main deck's least size (A.2.1) and the most copies of one name (A.2.2).
const LEAST_CARDS: u32 = 60;
const MOST_COPIES: u32 = 4;

/// UFS A.2.1-A.2.2, E.1.1: a main deck of at least 60 cards including a character card (the starting character the
/// player searches their deck for), no more than four copies of a name; cards named in quotes. The cards, in list
/// order. (The sideboard of exactly 8, A.2.3, belongs to a match and is not listed.)
pub fn check_deck(deck: &Deck, library: &Library) -> Result<Vec<CardId>, Vec<Diagnostic>> {
    let all = names(library);
    let character = library.vocab.kind("character");
    let mut problems = vec![];
    let mut cards = vec![];
    let mut copies: BTreeMap<CardId, u32> = BTreeMap::new();
    for entry in &deck.entries {
        let id = match named_card(entry, "UFS", &all, "4 \"Megaman\"") {
            Ok(id) => id,
            Err(d) => {
                problems.push(d);
                continue;
            }
        };
        let n = copies.entry(id).or_insert(0);
        *n += entry.count;
        if *n > MOST_COPIES {
            problems.push(Diagnostic::new(Code::E0300, entry.span, format!("{n} copies of \"{}\": a deck holds no more than {MOST_COPIES} of one name (UFS A.2.2)", all[id.index()].0)).label("too many copies"));
        }
        cards.extend(std::iter::repeat_n(id, entry.count as usize));
    }
    let size = deck.size();
    if size < LEAST_CARDS {
        let d = Diagnostic::new(Code::E0300, deck.header, format!("a UFS main deck has at least {LEAST_CARDS} cards; \"{}\" has {size} (UFS A.2.1)", deck.name));
        problems.push(d.label(format!("{size} cards, {} short", LEAST_CARDS - size)));
    }
    let is_character = |id: &CardId| character.is_some_and(|k| library.vocab.any_is(&library.cards[id.index()].kinds, k));
    if !cards.is_empty() && !cards.iter().any(is_character) {
        let d = Diagnostic::new(Code::E0300, deck.header, format!("\"{}\" has no character card to start with (UFS A.2.1, E.1.1)", deck.name));
        problems.push(d.label("no starting character").help("add the character the deck is built around"));
    }
    if problems.is_empty() { Ok(cards) } else { Err(problems) }
}
