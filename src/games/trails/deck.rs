//! Game terms that look into a deck (Trails 1312 Search, 1323 Plan): the cards found, and the top of the deck put back in the order the player chooses.

use crate::games::arrange::{ask_order, pick, top};
use crate::kernel::decision::Agent;
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, Selector, Value, ZoneId};

/// The zone the call names (the deck unless told), of the player it names ("your deck").
fn zone(state: &GameState, call: &GameCall) -> Result<ZoneId, Illegal> {
    let name = call.zone.as_deref().unwrap_or("deck");
    state.zone_id(name, Some(call.player)).ok_or_else(|| Illegal(format!("no {name} for {}", state.players[call.player.index()].name)))
}

/// Trails 1312.2: "search your deck for up to N (cards)": the player looks at the zone and picks
/// up to N of the cards described that are there; they may pick none even when one matches. The
/// cards found are the effect's to reveal (1311, 1312.3) and move; the card's text says so.
pub fn search(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let zone = zone(state, call)?;
    let options: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).zone == zone).collect();
    let most = call.amount.unwrap_or(1).max(0) as usize;
    let found = if options.is_empty() { vec![] } else { pick(state, agent, call.controller, options, (0, most), "search for") };
    Ok(Some(Value::Cards(Box::new(Selector::Objects(found)))))
}

/// Trails 1323.1 Plan (value): the player looks at the top N cards of their deck, puts any number
/// of them on the bottom in any order and the rest on top in any order. The orders are asked top
/// first: the first card named lies highest.
pub fn plan(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<(), Illegal> {
    let deck = zone(state, call)?;
    let looked = top(state, deck, call.amount.unwrap_or(0).max(0) as usize);
    if looked.is_empty() {
        return Ok(());
    }
    let n = looked.len();
    let bottom = pick(state, agent, call.player, looked.clone(), (0, n), "put on the bottom of the deck");
    let rest: Vec<ObjectId> = looked.iter().copied().filter(|o| !bottom.contains(o)).collect();
    let bottom = ask_order(state, agent, call.player, &bottom, "put them on the bottom, top first");
    let rest = ask_order(state, agent, call.player, &rest, "put them on top, top first");
    // The zone lists its cards bottom first.
    let mut order: Vec<ObjectId> = bottom.into_iter().rev().collect();
    order.extend(state.zone(deck).objects.iter().copied().filter(|o| !looked.contains(o)));
    order.extend(rest.into_iter().rev());
    state.apply(Event::Reordered { zone: deck, order });
    Ok(())
}
