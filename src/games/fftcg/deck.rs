//! Card text that turns over, looks at and rearranges cards of a deck or a hand (FF 5.1, 15.1.1.8):
//! "reveal the top 5 cards of your deck", "look at the top card", "return them to the bottom of
//! your deck in any order", "shuffle the other cards revealed", "randomly discard 1 card".

use crate::interp::Ctx;
use crate::games::arrange::{ask_order, pick, top};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, PlayerId, Position, Selector, Value, ZoneId};

/// Draws `n` cards one at a time, by the Draw Phase (FF 9.2) or an effect, into the hand (FF 7.11.1); drawing
/// from an empty deck loses the game (FF 3.1.2, 12.4.2). Each card drawn is announced ("when you
/// draw a card"), outside the Draw Phase with the detail `outside_draw_phase` ("When your opponent
/// draws a card outside of his/her Draw Phase", 5-036L The Emperor).
pub fn draw(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, n: usize) -> Vec<ObjectId> {
    let (Some(deck), Some(hand)) = (state.zone_id(crate::kernel::name!("deck"), Some(player)), state.zone_id(crate::kernel::name!("hand"), Some(player))) else { return vec![] };
    let mut drawn = Vec::with_capacity(n);
    for _ in 0..n {
        let Some(&card) = state.zone(deck).objects.last() else {
            state.apply(Event::PlayerFlag { player, flag: crate::kernel::name!("took_from_empty_deck"), value: true });
            break;
        };
        let event = state.move_event(card, hand, Some(crate::kernel::name!("draw")), Position::Top);
        let Ok(Some(crate::interp::Happened { moved: Some(new) })) = Ctx::new(state, agent, None, player, vec![]).happen(event) else { continue };
        drawn.push(new);
        // FF 7.9: "the number of cards you have drawn this turn" (14-130H Cloud of Darkness), forgotten as the turn ends;
        // kept when a card of the game reads it.
        if crate::interp::game_reads(state, DRAWN_THIS_TURN) {
            let key = player.key_name(DRAWN_THIS_TURN);
            let before = state.tracked.get(&key).map_or(&[][..], Vec::as_slice);
            let mut so_far = Vec::with_capacity(before.len() + 1);
            so_far.extend_from_slice(before);
            so_far.push(new);
            state.apply(Event::Tracked { name: key, objects: so_far });
        }
        let detail = (state.phase != "draw").then(|| "outside_draw_phase".to_string());
        crate::interp::announce(state, agent, Event::Signal { name: crate::kernel::name!("draw"), objects: vec![new], player: Some(player), detail });
    }
    drawn
}

/// The tracked list of the cards each player drew this turn (`name@player`).
pub const DRAWN_THIS_TURN: &str = "cards_drawn_this_turn";

/// The tracked lists the effect reads back ("the cards looked at", "the other cards revealed").
const REVEALED: &str = "cards revealed";
const LOOKED_AT: &str = "looked_at";

/// Carries out a deck or hand action; `None` when `call` is not one.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Option<Result<Option<Value>, Illegal>> {
    let amount = call.amount.unwrap_or(1).max(0) as usize;
    Some(match call.name.as_str() {
        "draw_cards" => Ok(Some(cards_value(draw(state, agent, call.player, amount)))),
        "reveal_top" => zone(state, call).map(|deck| {
            let cards = top(state, deck, amount);
            state.apply(Event::Revealed { objects: cards.clone() });
            track(state, REVEALED, &cards);
            Some(cards_value(cards))
        }),
        // The player alone sees them (the engine's agents see everything); the effect reads them back.
        "look_at_top" => zone(state, call).map(|deck| {
            let cards = top(state, deck, amount);
            track(state, LOOKED_AT, &cards);
            Some(cards_value(cards))
        }),
        "shuffle_revealed_to_bottom" => to_bottom_shuffled(state, call, REVEALED).map(|()| None),
        "shuffle_looked_at_to_bottom" => to_bottom_shuffled(state, call, LOOKED_AT).map(|()| None),
        "put_at_bottom_in_any_order" => place_in_order(state, agent, call, |_, _, _| Position::Bottom).map(|()| None),
        "put_on_top_or_bottom" | "put_on_top_or_bottom_in_any_order" => place_in_order(state, agent, call, top_or_bottom).map(|()| None),
        "reveal_until" => reveal_until(state, call).map(|found| Some(cards_value(found))),
        "put_under_top" => put_under_top(state, agent, call, amount).map(|()| None),
        "discard_random" => random_from_hand(state, call.player, amount).and_then(|cards| {
            cards.into_iter().try_for_each(|c| super::cost::discard_by(state, agent, c, call.source)).map(|()| None)
        }),
        "reveal_random_from_hand" => random_from_hand(state, call.player, amount).map(|cards| {
            state.apply(Event::Revealed { objects: cards.clone() });
            Some(cards_value(cards))
        }),
        "reveal_from_hand" => reveal_from_hand(state, agent, call.player, amount).map(|cards| Some(cards_value(cards))),
        _ => return None,
    })
}

fn cards_value(cards: Vec<ObjectId>) -> Value {
    Value::Cards(Box::new(Selector::Objects(cards)))
}

fn track(state: &mut GameState, name: &str, cards: &[ObjectId]) {
    state.apply(Event::Tracked { name: name.into(), objects: cards.to_vec() });
}

/// The zone the call names, of the player it names ("your deck").
fn zone(state: &GameState, call: &GameCall) -> Result<ZoneId, Illegal> {
    let name = call.zone.as_deref().unwrap_or("deck");
    // FF 5.1: "the top 2 cards of your opponent's deck" (15-120H Mind Flayer) is that player's deck.
    let owner = call.zone_owner.unwrap_or(call.player);
    state.zone_id(name, Some(owner)).ok_or_else(|| Illegal(format!("no {name} for {}", state.players[owner.index()].name)))
}

/// FF 5.1 "Shuffle the other cards revealed and return them to the bottom of your deck": the
/// tracked cards still in the zone, in a random order, under the others.
fn to_bottom_shuffled(state: &mut GameState, call: &GameCall, tracked: &str) -> Result<(), Illegal> {
    let deck = zone(state, call)?;
    let listed = state.tracked.get(tracked).cloned().unwrap_or_default();
    let mut moved: Vec<ObjectId> = state.zone(deck).objects.iter().copied().filter(|o| listed.contains(o)).collect();
    state.rng.shuffle(&mut moved);
    let mut order = moved.clone();
    order.extend(state.zone(deck).objects.iter().copied().filter(|o| !moved.contains(o)));
    state.apply(Event::Reordered { zone: deck, order });
    track(state, tracked, &[]);
    Ok(())
}

/// Asks whether a card goes on the top or the bottom (FF 5.1: "on the top or bottom of your deck").
fn top_or_bottom(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId) -> Position {
    let question = Question::One { prompt: "put it on the top or the bottom".into(), options: vec!["top".into(), "bottom".into()] };
    match state.ask(agent, player, question) {
        Answer::One(1) => Position::Bottom,
        _ => Position::Top,
    }
}

/// The controller puts the cards in the order they choose (the first of the order goes first), each
/// on the top or the bottom of the zone `place` says.
fn place_in_order(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, place: fn(&mut GameState, &mut dyn Agent, PlayerId) -> Position) -> Result<(), Illegal> {
    let cards: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none()).collect();
    let order = ask_order(state, agent, call.controller, &cards, "put them in order");
    // Cards already in the zone change place in a local order, written in one event before each
    // card that has to move there from elsewhere (and at the end).
    let mut pending: Option<(ZoneId, Vec<ObjectId>)> = None;
    for card in order {
        let owner = state.object(card).owner;
        let to = state.zone_id(call.zone.as_deref().unwrap_or("deck"), Some(owner)).ok_or_else(|| Illegal("no such zone".into()))?;
        let position = place(state, agent, call.controller);
        if state.object(card).zone == to {
            if pending.as_ref().is_some_and(|(zone, _)| *zone != to) {
                flush(state, &mut pending);
            }
            let (_, objects) = pending.get_or_insert_with(|| (to, state.zone(to).objects.clone()));
            objects.retain(|o| *o != card);
            match position {
                Position::Bottom => objects.insert(0, card),
                _ => objects.push(card),
            }
        } else {
            flush(state, &mut pending);
            let event = state.move_event(card, to, None, position);
            Ctx::new(state, agent, call.source, call.controller, vec![]).happen(event)?;
        }
    }
    flush(state, &mut pending);
    Ok(())
}

/// FF 7.9 "Put it under the top four cards of its owner's deck" (14-049H Typhon): each card goes
/// onto its owner's deck, then under the `n` cards that were on top (the bottom, if fewer).
fn put_under_top(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, n: usize) -> Result<(), Illegal> {
    let cards: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none()).collect();
    for card in cards {
        let owner = state.object(card).owner;
        let deck = state.zone_id(call.zone.as_deref().unwrap_or("deck"), Some(owner)).ok_or_else(|| Illegal("no such zone".into()))?;
        let event = state.move_event(card, deck, None, Position::Top);
        let Some(crate::interp::Happened { moved: Some(new) }) = Ctx::new(state, agent, call.source, call.controller, vec![]).happen(event)? else { continue };
        // The top of a zone is its last object.
        let mut order = state.zone(deck).objects.clone();
        if state.object(new).zone != deck || order.last() != Some(&new) {
            continue;
        }
        order.pop();
        order.insert(order.len().saturating_sub(n), new);
        state.apply(Event::Reordered { zone: deck, order });
    }
    Ok(())
}

/// Writes a zone's new order, if one is waiting.
fn flush(state: &mut GameState, pending: &mut Option<(ZoneId, Vec<ObjectId>)>) {
    if let Some((zone, order)) = pending.take() {
        state.apply(Event::Reordered { zone, order });
    }
}

/// "Turn over one card at a time from the top of your deck until you reveal X": the cards turned
/// over are revealed (and remembered for "the other cards revealed"); the first X is found.
fn reveal_until(state: &mut GameState, call: &GameCall) -> Result<Vec<ObjectId>, Illegal> {
    let deck = zone(state, call)?;
    let mut turned = vec![];
    let mut found = vec![];
    for card in top(state, deck, usize::MAX) {
        turned.push(card);
        if call.objects.contains(&card) {
            found.push(card);
            break;
        }
    }
    state.apply(Event::Revealed { objects: turned.clone() });
    track(state, REVEALED, &turned);
    Ok(found)
}

/// `n` cards of a player's hand picked at random with the game's seeded generator.
fn random_from_hand(state: &mut GameState, player: PlayerId, n: usize) -> Result<Vec<ObjectId>, Illegal> {
    let hand = state.zone_id(crate::kernel::name!("hand"), Some(player)).ok_or_else(|| Illegal("no hand".into()))?;
    let mut cards = state.zone(hand).objects.clone();
    state.rng.shuffle(&mut cards);
    cards.truncate(n);
    Ok(cards)
}

/// The player reveals `n` cards of their choice from their hand (as many as they have).
fn reveal_from_hand(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, n: usize) -> Result<Vec<ObjectId>, Illegal> {
    let hand = state.zone_id(crate::kernel::name!("hand"), Some(player)).ok_or_else(|| Illegal("no hand".into()))?;
    let options = state.zone(hand).objects.clone();
    let cards = pick(state, agent, player, options, (n, n), "reveal");
    state.apply(Event::Revealed { objects: cards.clone() });
    Ok(cards)
}
