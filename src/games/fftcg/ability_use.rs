//! What an action or special ability's text says about using it (FF 11.6-11.7): its tags (your
//! turn only, once per turn, the zone it is used from, usable by each player) and its cost symbols,
//! read once per library for printed and keyword abilities rather than at every priority.

use std::borrow::Cow;
use std::sync::Arc;

use crate::interp::ability_tags;
use crate::ir::{AbilityIr, CostIr};
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{Library, USED_THIS_TURN};

use super::cost::CpCost;
use super::Words;

/// The tag of an ability each player may use (FF 11.6.1, 13-108L Llednar).
const EACH_PLAYER: &str = "usable_by_each_player";

/// What an ability's symbols ask for: CP, dulling the card ({dull}), a same-name card ({s}).
#[derive(Debug, Default, Clone)]
pub(super) struct SymbolCost {
    pub cp: CpCost,
    pub dull: bool,
    pub special: bool,
    /// {x}: X CP of any Element, X declared as the ability is used (FF 11.6.7).
    pub x: bool,
    /// {crystal}: one of the player's Crystals for each (Opus XV, `cost::CRYSTAL`).
    pub crystals: i64,
    /// Used without paying any cost: the mark that spends the permission (`play::free_use`).
    pub free: Option<String>,
}

/// A restriction a tag puts on using an ability, in the order the tags are written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum UseLimit {
    OwnTurnOnly,
    /// Once per turn: the mark its use sets on the card.
    OncePerTurn(String),
}

/// What an ability's text says about using it.
#[derive(Debug, Clone)]
pub(super) struct UseText {
    pub limits: Vec<UseLimit>,
    /// The zone it is used from (FF 11.9.1, SE14 11.10.1: the field unless it names another).
    pub zone: crate::kernel::Name,
    pub each_player: bool,
    /// It produces CP of any Element, used while paying a cost (FF 11.2, `cost::produces_any_cp`).
    pub produces_cp: bool,
    /// Its cost, or the symbol that cannot be paid yet.
    pub cost: Result<SymbolCost, String>,
}

impl UseText {
    pub fn of(library: &Library, w: &Words, ability: &AbilityIr) -> UseText {
        let (mut limits, mut zone, mut each_player) = (vec![], None, false);
        for (tag, value) in ability_tags(library, ability) {
            match tag {
                "own_turn_only" => limits.push(UseLimit::OwnTurnOnly),
                "once_per_turn" => limits.push(UseLimit::OncePerTurn(used_mark(ability))),
                "active_zone" => zone = value.or(zone),
                EACH_PLAYER => each_player = true,
                _ => {}
            }
        }
        let produces_cp = super::cost::produces_any_cp(library, ability);
        UseText { limits, zone: crate::kernel::Name::new(zone.unwrap_or("field")), each_player, produces_cp, cost: symbol_cost(library, w, ability) }
    }
}

/// The mark names the ability by where it is written in its card.
pub(super) fn used_mark(ability: &AbilityIr) -> String {
    format!("{USED_THIS_TURN}{}", ability.span.start)
}

fn symbol_cost(library: &Library, w: &Words, ability: &AbilityIr) -> Result<SymbolCost, String> {
    let mut cost = SymbolCost::default();
    for part in &ability.costs {
        let CostIr::Symbols(symbols) = part else { continue };
        for symbol in symbols {
            if let Ok(n) = symbol.parse::<i64>() {
                cost.cp.total += n;
            } else if let Some(e) = w.element_named(&library.vocab, symbol) {
                cost.cp.total += 1;
                cost.cp.needs.push(e);
            } else if symbol == "x" {
                cost.x = true;
            } else if symbol == "dull" {
                cost.dull = true;
            } else if symbol == "s" {
                cost.special = true;
            } else if symbol == super::cost::CRYSTAL {
                cost.crystals += 1;
            } else {
                return Err(format!("the cost {{{symbol}}} cannot be paid yet"));
            }
        }
    }
    Ok(cost)
}

/// The use texts of every printed and keyword ability of a library, by card (or keyword) and
/// ability index.
#[derive(Debug, Default)]
pub(super) struct UseTexts {
    printed: Vec<Vec<UseText>>,
    keywords: Vec<Vec<UseText>>,
    /// By card: whether it has a printed action or special ability, and one each player may use.
    cards: Vec<(bool, bool)>,
    /// The cards with an ability each player may use (13-108L Llednar): few.
    each_player: Vec<crate::kernel::CardId>,
    /// By card: whether a printed ability of it produces CP of any Element (`UseText::produces_cp`).
    producing_cp: Vec<bool>,
    /// By keyword: whether it brings an action or special ability.
    keyword_activated: Vec<bool>,
    /// By card: whether it has an action or special ability, printed or of a printed keyword, used from the field and
    /// used from the hand.
    activatable: Vec<[bool; 2]>,
}

impl UseTexts {
    fn of(library: &Library, w: &Words) -> UseTexts {
        let texts = |abilities: &[AbilityIr]| abilities.iter().map(|a| UseText::of(library, w, a)).collect::<Vec<_>>();
        let activated = |a: &AbilityIr| crate::interp::class_of(library, a) == crate::vocab::AbilityClass::Activated;
        let printed: Vec<Vec<UseText>> = library.cards.iter().map(|c| texts(&c.abilities)).collect();
        let cards: Vec<(bool, bool)> = library.cards.iter().zip(&printed).map(|(c, texts)| (c.abilities.iter().any(activated), texts.iter().any(|t| t.each_player))).collect();
        let producing_cp = printed.iter().map(|texts| texts.iter().any(|t| t.produces_cp)).collect();
        let keyword_activated: Vec<bool> = library.keywords.iter().map(|k| k.as_ref().is_some_and(|k| k.abilities.iter().any(activated))).collect();
        let keywords: Vec<Vec<UseText>> = library.keywords.iter().map(|k| k.as_ref().map_or(vec![], |k| texts(&k.abilities))).collect();
        // Where the activated ones among abilities (with their use texts) are used from: [the field, the hand].
        let (field, hand) = (crate::kernel::name!("field"), crate::kernel::name!("hand"));
        let either = |a: [bool; 2], b: [bool; 2]| [a[0] || b[0], a[1] || b[1]];
        let from = |abilities: &[AbilityIr], texts: &[UseText]| abilities.iter().zip(texts).filter(|(a, _)| activated(a)).fold([false; 2], |z, (_, t)| either(z, [t.zone == field, t.zone == hand]));
        let keyword_from: Vec<[bool; 2]> = library.keywords.iter().zip(&keywords).map(|(k, texts)| k.as_ref().map_or([false; 2], |k| from(&k.abilities, texts))).collect();
        let activatable = library
            .cards
            .iter()
            .zip(&printed)
            .map(|(c, texts)| c.keywords.iter().filter_map(|k| keyword_from.get(k.keyword.index())).fold(from(&c.abilities, texts), |z, k| either(z, *k)))
            .collect();
        let each_player = (0..cards.len()).filter(|&i| cards[i].1).map(|i| crate::kernel::CardId(i as u32)).collect();
        UseTexts { producing_cp, printed, keywords, cards, each_player, keyword_activated, activatable }
    }

    /// Whether the card has a printed action or special ability, and one each player may use.
    pub fn card(&self, card: crate::kernel::CardId) -> (bool, bool) {
        self.cards.get(card.index()).copied().unwrap_or_default()
    }

    /// Whether a card of the game has an ability each player may use (FF 11.6.1): without one, a player uses only the
    /// abilities of the cards they control.
    pub fn each_player_in_game(&self, state: &crate::kernel::GameState) -> bool {
        self.each_player.iter().any(|card| crate::interp::card_in_game(state, *card))
    }

    /// Whether a printed ability of the card produces CP of any Element (8-053H Sherlotta).
    pub fn produces_cp(&self, card: crate::kernel::CardId) -> bool {
        self.producing_cp.get(card.index()).copied().unwrap_or(false)
    }

    /// Whether the card has an action or special ability, printed or of a printed keyword, used from the field (or, with
    /// `from_hand`, from the hand; FF 11.9.1, SE14 11.10.1): a card without one has none there while no effect gives
    /// abilities (`GameState::giving_abilities`).
    pub fn activatable(&self, card: crate::kernel::CardId, from_hand: bool) -> bool {
        self.activatable.get(card.index()).is_some_and(|zones| zones[usize::from(from_hand)])
    }

    /// Whether the keyword brings an action or special ability.
    pub fn keyword_activated(&self, keyword: crate::vocab::KeywordId) -> bool {
        self.keyword_activated.get(keyword.index()).copied().unwrap_or(false)
    }
}

/// The use texts of a library (built the first time a game asks).
pub(super) fn use_texts<'a>(library: &Library, w: &'a Words) -> &'a UseTexts {
    w.uses.get_or_init(|| UseTexts::of(library, w))
}

/// The use texts of a library, built the first time a game asks.
pub(super) type SharedUseTexts = Arc<std::sync::OnceLock<UseTexts>>;

/// The use text of `ability`, which `reference` names: read from the library's table for a
/// printed or keyword ability, worked out now for one an effect granted.
pub(super) fn use_text<'a>(library: &Library, w: &'a Words, reference: &AbilityRef, ability: &AbilityIr) -> Cow<'a, UseText> {
    let table = use_texts(library, w);
    let found = match reference {
        AbilityRef::Printed { card, index } => table.printed.get(card.index()).and_then(|list| list.get(*index)),
        AbilityRef::Keyword { keyword, index } => table.keywords.get(keyword.index()).and_then(|list| list.get(*index)),
        _ => None,
    };
    found.map_or_else(|| Cow::Owned(UseText::of(library, w, ability)), Cow::Borrowed)
}
