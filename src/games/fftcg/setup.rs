//! Setting up a game (FF 8): deck construction checks (FF 8.1.1), shuffled decks, a random player
//! who chooses who goes first, five-card hands, the mulligan in order (FF 8.2.1).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostic};
use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{CardId, Event, GameState, Library, ObjectId, PlayerId, Position};

use crate::games::deck::Deck;

use super::rules::{DAMAGE_TO_LOSE, LIMITED_DAMAGE_TO_LOSE};

/// How a game is played (FF 8.1.1.1, 3.1.1): constructed, with decks of exactly 50 and 7 damage to lose, or limited,
/// with decks of 40 or more and 6 damage to lose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Constructed,
    Limited,
}

impl Format {
    /// The words a deck line names the formats with (`deck "Fire Ice Sealed" fftcg limited`).
    pub const WORDS: [&'static str; 2] = ["constructed", "limited"];

    pub fn named(word: &str) -> Option<Format> {
        match word {
            "constructed" => Some(Format::Constructed),
            "limited" => Some(Format::Limited),
            _ => None,
        }
    }
}

/// FF 8.1.1.1-8.1.1.2: exactly 50 cards (40 or more for a limited deck), at most three of one
/// card number, every card known and named as the code says. The cards, in list order. That it is an FF-TCG deck is
/// `games::deck_check`'s to check.
pub fn check_deck(deck: &Deck, library: &Library, codes: &BTreeMap<String, CardId>, format: Format) -> Result<Vec<CardId>, Vec<Diagnostic>> {
    let mut problems = vec![];
    let mut cards = vec![];
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for entry in &deck.entries {
        let Some(&id) = codes.get(&entry.code) else {
            let close: Vec<&String> = codes.keys().filter(|c| c.len() == entry.code.len() && c.chars().zip(entry.code.chars()).filter(|(a, b)| a != b).count() == 1).take(3).collect();
            let mut d = Diagnostic::new(Code::E0300, entry.span, format!("there is no card {} in the {} cards", entry.code, deck.game)).label("unknown card code");
            if !close.is_empty() {
                d = d.help(format!("did you mean {}?", close.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(", ")));
            }
            problems.push(d);
            continue;
        };
        let printed = &library.card(id).name;
        if !entry.name.is_empty() && entry.name != *printed {
            problems.push(Diagnostic::new(Code::E0300, entry.span, format!("{} is \"{printed}\", not \"{}\"", entry.code, entry.name)).label("name and code disagree"));
        }
        let copies = seen.entry(entry.code.as_str()).or_insert(0);
        *copies += entry.count;
        if *copies > 3 {
            problems.push(Diagnostic::new(Code::E0300, entry.span, format!("{} copies of {}: a deck may hold at most 3 of one card number (FF 8.1.1.2)", copies, entry.code)).label("too many copies"));
        }
        cards.extend(std::iter::repeat_n(id, entry.count as usize));
    }
    let size = deck.size();
    if format == Format::Limited && size < 40 {
        problems.push(Diagnostic::new(Code::E0300, deck.header, format!("a limited deck has 40 or more cards; \"{}\" has {size} (FF 8.1.1.1)", deck.name)).label(format!("{size} cards, {} short", 40 - size)));
    } else if format == Format::Constructed && size != 50 {
        let off = if size < 50 { format!("{} short", 50 - size) } else { format!("{} too many", size - 50) };
        let d = Diagnostic::new(Code::E0300, deck.header, format!("a constructed deck has exactly 50 cards; \"{}\" has {size} (FF 8.1.1.1)", deck.name)).label(format!("{size} cards, {off}"));
        // A deck of 40 or more built for limited games says so on its deck line.
        let limited = format!("a limited deck says so: `deck \"{}\" {} limited`", deck.name, deck.game);
        problems.push(if size >= 40 && deck.format.is_none() { d.help(limited) } else { d });
    }
    if problems.is_empty() { Ok(cards) } else { Err(problems) }
}

/// A new game between two decks in `format`, each shuffled (FF 8.2.1.1), nothing drawn yet; in a limited game each
/// player loses at 6 damage (FF 3.1.1, the player resource `DAMAGE_TO_LOSE`).
pub fn new_game(library: Arc<Library>, decks: [&[CardId]; 2], seed: u64, format: Format) -> GameState {
    let config = crate::games::config("fftcg", &library.vocab).expect("the FF-TCG configuration");
    let mut state = GameState::new(library, Arc::new(config), &["p1", "p2"], seed);
    for (p, cards) in decks.iter().enumerate() {
        let player = PlayerId(p as u8);
        if format == Format::Limited {
            state.apply(Event::Resource { player, name: crate::kernel::name!(DAMAGE_TO_LOSE), delta: LIMITED_DAMAGE_TO_LOSE });
        }
        let zone = state.zone_id(crate::kernel::name!("deck"), Some(player)).expect("every player has a deck");
        for &card in cards.iter() {
            let object = ObjectId(state.objects.len() as u32);
            state.apply(Event::Created { object, card, owner: player, zone });
        }
        let mut order = state.zone(zone).objects.clone();
        state.rng.shuffle(&mut order);
        state.apply(Event::Shuffled { zone, order });
    }
    state
}

/// FF 8.2.1.2-8.2.1.5: a random player chooses who goes first; each player draws five; the first
/// player, then the other, may put their five on the bottom in an order they choose and draw five
/// anew; the first turn begins.
pub fn start(state: &mut GameState, agent: &mut dyn Agent) {
    let chooser = PlayerId(state.rng.below(2) as u8);
    let first = match state.ask(agent, chooser, Question::YesNo { prompt: "take the first turn".into() }) {
        Answer::Yes(false) => state.opponent_of(chooser),
        _ => chooser,
    };
    for player in [first, state.opponent_of(first)] {
        draw(state, agent, player, 5);
    }
    for player in [first, state.opponent_of(first)] {
        if !matches!(state.ask(agent, player, Question::YesNo { prompt: "redraw your hand (mulligan)".into() }), Answer::Yes(true)) {
            continue;
        }
        let (Some(hand), Some(deck)) = (state.zone_id(crate::kernel::name!("hand"), Some(player)), state.zone_id(crate::kernel::name!("deck"), Some(player))) else { continue };
        let cards = state.zone(hand).objects.clone();
        let items = cards.iter().map(|o| state.name_of(*o)).collect();
        let order = match state.ask(agent, player, Question::Order { prompt: "order the cards put on the bottom (first is lowest)".into(), items }) {
            Answer::Order(order) => order,
            _ => (0..cards.len()).collect(),
        };
        for &i in order.iter().rev() {
            let event = state.move_event(cards[i], deck, Some(crate::kernel::name!("mulligan")), Position::Bottom);
            let _ = Ctx::new(state, agent, None, player, vec![]).happen(event);
        }
        draw(state, agent, player, 5);
    }
    state.apply(Event::TurnBegan { turn: 1, player: first });
}

/// Draws `n` cards; drawing from an empty deck loses the game (FF 3.1.2, 12.4.2).
pub fn draw(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, n: usize) {
    crate::games::draw(state, agent, player, n, "took_from_empty_deck");
}
