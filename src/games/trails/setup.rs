//! Game preparation (Trails 600): deck construction checks for the Blitz Shield and Strategy modes
//! (602.3-602.4), shuffled decks (603.1b), a random player who chooses the Initiative Player
//! (603.1a), four-card hands (603.1c), the hand exchange in order (603.1d), 40 bond each (the
//! publisher's how-to-play guide), the first turn (603.1e).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostic};
use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{CardId, Event, GameState, Library, ObjectId, PlayerId, Position};

use crate::games::deck::Deck;
use crate::games::deck_check::{named_card, names, shown};

/// The bond each player starts with (the publisher's how-to-play guide; 705.5 reads it).
pub const STARTING_BOND: i64 = 40;

/// The deck construction rules in force (602.2: the event says which).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// 602.3: 40 cards from five booster packs, any number of copies.
    BlitzShield,
    /// 602.4: exactly 50 cards, at most four of one name and sub-name ("Common" exempt).
    Strategy,
}

impl Mode {
    /// The words a deck line names the modes with (`deck "Sky" trails blitz_shield`).
    pub const WORDS: [&'static str; 2] = ["blitz_shield", "strategy"];

    pub fn named(word: &str) -> Option<Mode> {
        match word {
            "blitz_shield" => Some(Mode::BlitzShield),
            "strategy" => Some(Mode::Strategy),
            _ => None,
        }
    }
}

/// Trails 602: checks a deck list for `mode`: every card known (by name, with its sub-name where
/// two share a name), 40 cards in Blitz Shield mode (602.3a; any copies, 602.3b), exactly 50 in
/// Strategy mode (602.4a) with at most four of one name and sub-name (602.4b) unless the sub-name
/// is "Common" (602.4b-1). The cards, in list order. That it is a Trails deck is `games::deck_check`'s to check.
pub fn check_deck(deck: &Deck, library: &Library, mode: Mode) -> Result<Vec<CardId>, Vec<Diagnostic>> {
    let all = names(library);
    let mut problems = vec![];
    let mut cards = vec![];
    let mut copies: BTreeMap<CardId, u32> = BTreeMap::new();
    for entry in &deck.entries {
        let id = match named_card(entry, "Trails", &all, "4 \"Estelle Bright [Sky Bracer]\"") {
            Ok(id) => id,
            Err(d) => {
                problems.push(d);
                continue;
            }
        };
        let n = copies.entry(id).or_insert(0);
        *n += entry.count;
        let card = &all[id.index()];
        if mode == Mode::Strategy && *n > 4 && card.1.as_deref() != Some("Common") {
            problems.push(
                Diagnostic::new(Code::E0300, entry.span, format!("{n} copies of \"{}\": a Strategy deck holds at most 4 of one name and sub-name (Trails 602.4b)", shown(card)))
                    .label("too many copies")
                    .help("only cards with the sub-name \"Common\" may be included in any quantity (602.4b-1)"),
            );
        }
        cards.extend(std::iter::repeat_n(id, entry.count as usize));
    }
    let size = deck.size();
    match mode {
        Mode::BlitzShield if size != 40 => problems.push(Diagnostic::new(Code::E0300, deck.header, format!("a Blitz Shield deck has 40 cards; \"{}\" has {size} (Trails 602.3a)", deck.name)).label("the deck")),
        Mode::Strategy if size != 50 => problems.push(Diagnostic::new(Code::E0300, deck.header, format!("a Strategy deck has exactly 50 cards; \"{}\" has {size} (Trails 602.4a)", deck.name)).label("the deck")),
        _ => {}
    }
    if problems.is_empty() { Ok(cards) } else { Err(problems) }
}

/// A new game between two decks, each shuffled (603.1b), nothing drawn yet.
pub fn new_game(library: Arc<Library>, decks: [&[CardId]; 2], seed: u64) -> Option<GameState> {
    let config = crate::games::config("trails", &library.vocab)?;
    let mut state = GameState::new(library, Arc::new(config), &["p1", "p2"], seed);
    for (p, cards) in decks.iter().enumerate() {
        let player = PlayerId(p as u8);
        let zone = state.zone_id(crate::kernel::name!("deck"), Some(player))?;
        for &card in cards.iter() {
            state.create(card, player, zone);
        }
        let mut order = state.zone(zone).objects.clone();
        state.rng.shuffle(&mut order);
        state.apply(Event::Shuffled { zone, order });
    }
    Some(state)
}

/// Trails 603.1: a random player chooses the Initiative Player for the first turn (603.1a); each
/// player draws four (603.1c); the Initiative Player, then the other, may exchange any number of
/// cards (603.1d); each player has 40 bond; the first turn begins (603.1e).
pub fn start(state: &mut GameState, agent: &mut dyn Agent) {
    let chooser = PlayerId(state.rng.below(2) as u8);
    let initiative = match state.ask(agent, chooser, Question::YesNo { prompt: "be the Initiative Player of the first turn (Trails 603.1a)".into() }) {
        Answer::Yes(false) => state.opponent_of(chooser),
        _ => chooser,
    };
    let order = [initiative, state.opponent_of(initiative)];
    for player in order {
        state.apply(Event::Resource { player, name: crate::kernel::name!("bond"), delta: STARTING_BOND - state.resource(player, "bond") });
        draw(state, agent, player, 4);
    }
    for player in order {
        exchange(state, agent, player);
    }
    state.apply(Event::TurnBegan { turn: 1, player: initiative });
    super::turn::mark_players(state, initiative, initiative);
}

/// Trails 603.1d: the hand exchange: any number of cards from the hand to the bottom of the deck
/// (in the order chosen), then as many drawn from the top.
fn exchange(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId) {
    let (Some(hand), Some(deck)) = (state.zone_id(crate::kernel::name!("hand"), Some(player)), state.zone_id(crate::kernel::name!("deck"), Some(player))) else { return };
    let cards = state.zone(hand).objects.clone();
    let chosen = match state.ask(agent, player, Question::Objects { prompt: "hand exchange: cards to put on the bottom of your deck (Trails 603.1d)".into(), options: cards.clone(), min: 0, max: cards.len() }) {
        Answer::Objects(list) => list,
        _ => vec![],
    };
    for &card in &chosen {
        let event = state.move_event(card, deck, Some(crate::kernel::name!("hand exchange")), Position::Bottom);
        let _ = Ctx::new(state, agent, None, player, vec![]).happen(event);
    }
    draw(state, agent, player, chosen.len());
}

/// Trails 1313: draws `n` cards one at a time (504.3); a player who would draw from an empty deck
/// loses at the next rule processing (1102.1).
pub fn draw(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, n: usize) {
    crate::games::draw(state, agent, player, n, super::rules::DREW_FROM_EMPTY_DECK);
}

/// The cards of a zone of a player's.
pub fn cards_in(state: &GameState, zone: &str, player: PlayerId) -> Vec<ObjectId> {
    state.zone_id(zone, Some(player)).map(|z| state.zone(z).objects.clone()).unwrap_or_default()
}
