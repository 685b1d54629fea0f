//! Trails 804.3: the actions required to attack (EP to pay, cards to discard, other cards to action), carried out after priority.

use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, ObjectId, PlayerId, Position};

use super::super::cost::{ep_sources, pay};
use super::super::setup::cards_in;

/// What the attackers' required actions add up to: their adjustments of one name.
fn total(state: &GameState, attackers: &[ObjectId], name: &str) -> i64 {
    attackers.iter().map(|a| state.characteristics(*a).adjustments.get(name).copied().unwrap_or(0)).sum::<i64>().max(0)
}

/// The other cards the player could action for the attack: their ready UNITs and ITEMs on the field
/// (a player's field holds the cards they control, 506.4), not stunned and not attacking.
fn to_action(state: &GameState, player: PlayerId, attackers: &[ObjectId]) -> Vec<ObjectId> {
    cards_in(state, "field", player)
        .into_iter()
        .filter(|o| !attackers.contains(o) && !["actioned", "stunned"].iter().any(|f| state.object(*o).flags.contains(f)))
        .collect()
}

/// The player chooses `n` of `options` (every one asked for, or the first ones).
fn choose(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, options: Vec<ObjectId>, n: usize, prompt: String) -> Vec<ObjectId> {
    match state.ask(agent, player, Question::Objects { prompt: prompt.into(), options: options.clone(), min: n, max: n }) {
        Answer::Objects(list) if list.len() == n && list.iter().all(|o| options.contains(o)) => list,
        _ => options[..n].to_vec(),
    }
}

/// Trails 804.3: "If any required actions to perform the attack exist, execute them now. If they
/// cannot be executed, the attack cannot proceed": EP to pay (`attack_ep_cost`, gained by actioning
/// homebase cards, 1217), cards from the hand to discard (`attack_discard_cost`, to the trail, 1314)
/// and other ready UNITs or ITEMs the player controls to action (`attack_action_cost`). Whether all
/// can be is judged before any is carried out, so an attack that cannot proceed costs nothing.
/// Whether the attack proceeds.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, attackers: &[ObjectId]) -> bool {
    let ep = total(state, attackers, "attack_ep_cost");
    let discard = total(state, attackers, "attack_discard_cost") as usize;
    let action = total(state, attackers, "attack_action_cost") as usize;
    let hand = cards_in(state, "hand", player);
    let others = to_action(state, player, attackers);
    let ep_possible = ep <= 0 || state.resource(player, "ep") + ep_sources(state, player).len() as i64 >= ep;
    if !ep_possible || hand.len() < discard || others.len() < action {
        return false;
    }
    if pay(state, agent, player, "ep", ep, "the attack (Trails 804.3)").is_err() {
        return false;
    }
    if discard > 0 {
        let Some(trail) = state.zone_id(crate::kernel::name!("trail"), Some(player)) else { return false };
        for card in choose(state, agent, player, hand, discard, format!("discard {discard} card(s) to attack (Trails 804.3)")) {
            let event = state.move_event(card, trail, Some(crate::kernel::name!("discard")), Position::Top);
            if Ctx::new(state, agent, None, player, vec![]).happen(event).is_err() {
                return false;
            }
        }
    }
    if action > 0 {
        for card in choose(state, agent, player, others, action, format!("action {action} other card(s) to attack (Trails 804.3)")) {
            let event = Event::Flag { object: card, flag: crate::kernel::name!("actioned"), value: true, by: vec![] };
            if Ctx::new(state, agent, None, player, vec![]).happen(event).is_err() {
                return false;
            }
        }
    }
    true
}
