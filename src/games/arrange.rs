//! What the games' procedures ask a player for, shared by both games: cards of the top of an ordered zone put in an order (FF 5.1, Trails 1312, 1323), a pick among cards, a number (FF 11.6.7, Trails 1305.2a).

use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{GameState, ObjectId, PlayerId, ZoneId};

/// The top `n` cards of a zone, the top one first (the last object is the top: FF 5.1, Trails 504.2).
pub fn top(state: &GameState, zone: ZoneId, n: usize) -> Vec<ObjectId> {
    state.zone(zone).objects.iter().rev().take(n).copied().collect()
}

/// The player puts `cards` in the order they choose; the first of the answer comes first.
pub fn ask_order(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, cards: &[ObjectId], prompt: impl Into<std::borrow::Cow<'static, str>>) -> Vec<ObjectId> {
    if cards.len() < 2 {
        return cards.to_vec();
    }
    let items = cards.iter().map(|c| state.name_of(*c)).collect();
    match state.ask(agent, player, Question::Order { prompt: prompt.into(), items }) {
        Answer::Order(order) => order.into_iter().map(|i| cards[i]).collect(),
        _ => cards.to_vec(),
    }
}

/// The player picks between `min` and `max` of `options` (at most as many as there are).
pub fn pick(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, options: Vec<ObjectId>, (min, max): (usize, usize), prompt: impl Into<std::borrow::Cow<'static, str>>) -> Vec<ObjectId> {
    let (min, max) = (min.min(options.len()), max.min(options.len()));
    match state.ask(agent, player, Question::Objects { prompt: prompt.into(), options, min, max }) {
        Answer::Objects(list) => list,
        _ => vec![],
    }
}

/// The player chooses a number from 0 to `most` (a variable cost's X).
pub fn choose_number(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, most: i64, prompt: impl Into<std::borrow::Cow<'static, str>>) -> i64 {
    let options: Vec<String> = (0..=most.max(0)).map(|n| n.to_string()).collect();
    match state.ask(agent, player, Question::One { prompt: prompt.into(), options }) {
        Answer::One(i) => i as i64,
        _ => 0,
    }
}
