//! Searching a deck (FF 15.1.1.8, SE14 15.1.1.9): for one card or several of different Elements or costs, for two kinds at once, at the player's option, and putting the card found into a zone, on top of the deck, under its top card, or aside for the rest of the effect.

use crate::interp::{announce, Ctx};
use super::cards;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, PlayerId, Position, Value, ZoneId};

/// Carries out one of these actions; `None` when `call` is not one.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Option<Result<Option<Value>, Illegal>> {
    Some(match call.name.as_str() {
        "search" | "search_dull" => search(state, agent, call, &[]),
        "search_different_elements" | "search_different_elements_dull" => search(state, agent, call, &["element"]),
        "search_different_costs" => search(state, agent, call, &["cost"]),
        "search_different_elements_and_costs" => search(state, agent, call, &["element", "cost"]),
        "search_two_kinds_first" => {
            state.apply(Event::Tracked { name: crate::kernel::name!(SEARCH_FIRST), objects: call.objects.clone() });
            Ok(None)
        }
        "search_two_kinds" => search_two_kinds(state, agent, call),
        "search_optional" => search(state, agent, call, &[]),
        "search_top" => Ok(Some(cards(search_into_deck(state, agent, call, 0)))),
        "search_under_top" => Ok(Some(cards(search_into_deck(state, agent, call, 1)))),
        "search_reveal" => search_aside(state, agent, call),
        _ => return None,
    })
}

/// FF 15.1.1.8: search the deck for the cards described, reveal the one found, put it into the
/// zone (dull when asked), then shuffle the deck (`found_by_search`). "Each player may search for 1
/// Forward ... and add it to his/her hand" (10-081R Prishe, `search_optional`): the player the phrase
/// names searches their own deck.
fn search(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, different: &[&str]) -> Result<Option<Value>, Illegal> {
    let player = if call.name == "search_optional" { call.player } else { call.controller };
    let dull = call.name.ends_with("_dull");
    let Some((deck, picked)) = pick(state, agent, call, player, different) else { return Ok(None) };
    found_by_search(state, agent, call, player, deck, picked, dull)
}

/// The searching player picks cards the phrase describes in their deck, one at a time: one card, or
/// ("up to 4 Forwards ... each of a different Element") up to the number, each sharing no value of
/// those properties with the cards already picked. The player may find none (FF 15.1.1.8: a search
/// may fail). With the deck.
fn pick(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, player: PlayerId, different: &[&str]) -> Option<(ZoneId, Vec<ObjectId>)> {
    let deck = state.zone_id(crate::kernel::name!("deck"), Some(player))?;
    let mut found: Vec<ObjectId> = call.objects.iter().copied().filter(|o| state.object(*o).zone == deck).collect();
    let most = if different.is_empty() { 1 } else { call.amount.unwrap_or(i64::MAX).max(0) as usize };
    let properties: Vec<_> = different.iter().filter_map(|p| state.library.vocab.property(p)).collect();
    let mut picked: Vec<ObjectId> = vec![];
    while picked.len() < most && !found.is_empty() {
        let pick = match state.ask(agent, player, Question::Objects { prompt: "search for".into(), options: found.clone(), min: 0, max: 1 }) {
            Answer::Objects(list) => list,
            _ => vec![],
        };
        let Some(&card) = pick.first() else { break };
        picked.push(card);
        let values: Vec<Value> = properties.iter().filter_map(|p| state.characteristics(card).get(*p).cloned()).collect();
        found.retain(|o| *o != card && !properties.iter().zip(&values).any(|(p, v)| shares(&state.characteristics(*o).get(*p).cloned(), v)));
    }
    Some((deck, picked))
}

/// FF 15.1.1.8, 7.9 "search for 1 Summon and put it on top of your deck" (7-094R Seymour, 3-125C Ephemeral Summoner),
/// "... under the top card of your deck" (7-041C Yeul): the card found is revealed, the deck shuffled, and the
/// card is then its top card or its second card (`depth` cards above it). A search that found a card is announced.
fn search_into_deck(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, depth: usize) -> Vec<ObjectId> {
    let player = call.controller;
    let Some((deck, picked)) = pick(state, agent, call, player, &[]) else { return vec![] };
    if !picked.is_empty() {
        state.apply(Event::Revealed { objects: picked.clone() });
    }
    let mut order: Vec<ObjectId> = state.zone(deck).objects.iter().copied().filter(|o| !picked.contains(o)).collect();
    state.rng.shuffle(&mut order);
    // The top of a zone is its last object.
    let at = order.len().saturating_sub(depth);
    order.splice(at..at, picked.iter().copied());
    state.apply(Event::Shuffled { zone: deck, order });
    announce_search(state, agent, call, player, picked.len());
    picked
}

/// FF 15.1.1.8, SE14 15.1.1.9.1 "search for 1 Water Summon ... and cast it without paying the cost. If you do
/// not cast it, put the Summon into the Break Zone" (3-152S Garnet; 2-142R Lenne, 3-012L Zack): the card found
/// is revealed and put aside while the rest of the effect says where it goes (it stays with the deck, on top,
/// set aside from the shuffle: `SET_ASIDE` names it, and casting it from there is allowed); the deck is
/// shuffled. A search that found a card is announced. Gives the card found.
fn search_aside(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let aside = search_into_deck(state, agent, call, 0);
    state.apply(Event::Tracked { name: crate::kernel::name!(SET_ASIDE), objects: aside.clone() });
    Ok(Some(cards(aside)))
}

/// The cards a search put aside for the rest of its effect (`search_aside`).
pub const SET_ASIDE: &str = "set_aside_by_search";

/// A search that found cards is announced, with the card whose ability searched and the number found
/// (`searched`: "When your opponent searches for 1 or more cards", 13-034H Remedi).
fn announce_search(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, player: PlayerId, found: usize) {
    if found > 0 {
        announce(state, agent, Event::Signal { name: crate::kernel::name!("searched"), objects: call.source.into_iter().collect(), player: Some(player), detail: Some(found.to_string()) });
    }
}

/// FF 15.1.1.8: the end of a search: the cards picked are revealed and put into the zone (dull when
/// asked), the deck is shuffled, and the search announced; the cards found are the value.
fn found_by_search(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, player: PlayerId, deck: ZoneId, picked: Vec<ObjectId>, dull: bool) -> Result<Option<Value>, Illegal> {
    let mut moved = vec![];
    if !picked.is_empty() {
        state.apply(Event::Revealed { objects: picked.clone() });
        let zone = call.zone.clone().unwrap_or_else(|| "hand".into());
        let to = state.zone_id(&zone, Some(player)).ok_or_else(|| Illegal(format!("no {zone}")))?;
        for card in picked {
            let event = state.move_event(card, to, Some(crate::kernel::name!("search")), Position::Top);
            if let Some(crate::interp::Happened { moved: Some(new) }) = Ctx::new(state, agent, call.source, player, vec![]).happen(event)? {
                moved.push(new);
                if dull {
                    Ctx::new(state, agent, call.source, player, vec![]).happen(Event::Flag { object: new, flag: crate::kernel::name!("dull"), value: true, by: call.source.into_iter().collect() })?;
                }
            }
        }
    }
    let mut order = state.zone(deck).objects.clone();
    state.rng.shuffle(&mut order);
    state.apply(Event::Shuffled { zone: deck, order });
    announce_search(state, agent, call, player, moved.len());
    Ok(Some(cards(moved)))
}

/// The first description of a search for two kinds of cards, until the search is made.
const SEARCH_FIRST: &str = "search_two_kinds_first";

/// FF 15.1.1.8: one search for up to one card of each of two descriptions ("search for up to 1 Fire
/// Job Knight ... and up to 1 Water Job Knight ... and add them to your hand", 12-126R Gawain): the
/// first description was named by `search_two_kinds_first`; the player picks up to one card for
/// each (a card of both descriptions may be taken for either), the cards found are revealed and put
/// into the zone, the deck is shuffled once, and the search is announced if it found a card.
fn search_two_kinds(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let player = call.controller;
    let Some(deck) = state.zone_id(crate::kernel::name!("deck"), Some(player)) else { return Ok(None) };
    let first: Vec<ObjectId> = state.tracked.get(SEARCH_FIRST).cloned().unwrap_or_default().into_iter().filter(|o| state.object(*o).zone == deck).collect();
    state.apply(Event::Tracked { name: crate::kernel::name!(SEARCH_FIRST), objects: vec![] });
    let mut picked: Vec<ObjectId> = vec![];
    for options in [first, call.objects.iter().copied().filter(|o| state.object(*o).zone == deck).collect::<Vec<_>>()] {
        let options: Vec<ObjectId> = options.into_iter().filter(|o| !picked.contains(o)).collect();
        if options.is_empty() {
            continue;
        }
        if let Answer::Objects(list) = state.ask(agent, player, Question::Objects { prompt: "search for".into(), options, min: 0, max: 1 }) {
            picked.extend(list.first());
        }
    }
    found_by_search(state, agent, call, player, deck, picked, false)
}

/// Whether two values of a property share one (a multi-Element card shares each of its Elements).
fn shares(a: &Option<Value>, b: &Value) -> bool {
    let items = |v: &Value| match v {
        Value::List(items) => items.clone(),
        other => vec![other.clone()],
    };
    a.as_ref().is_some_and(|a| items(a).iter().any(|x| items(b).contains(x)))
}

