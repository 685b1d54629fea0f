//! Game actions of card text on single cards and turns: damage negated (FF 9.5.1.3), a Forward removed from the battle (FF 10.1.3.3), cards removed from a hand at random (FF 15.1.1.5), an extra turn, an Attack Phase skipped, Backups of one Element dulled as a cost.

use crate::interp::Ctx;
use crate::kernel::decision::Agent;
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, Position, Value};

use super::cards;

/// Carries out one of these actions; `None` when `call` is not one.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Option<Result<Option<Value>, Illegal>> {
    Some(match call.name.as_str() {
        "negate_damage" => negate_damage(state, agent, call).map(|()| None),
        "remove_from_battle" => {
            remove_from_battle(state, call);
            Ok(None)
        }
        "remove_random_from_hand" => remove_random_from_hand(state, agent, call).map(Some),
        "dull_backups_of_same_element_or_with_source" => dull_backups_of_one_element(state, agent, call).map(|()| None),
        // "Take 1 more turn after this one" (5-147L Eald'narche): taken when this turn ends (`turn::pass_the_turn`).
        "extra_turn" => {
            state.apply(Event::Resource { player: call.player, name: crate::kernel::name!(super::turn::EXTRA_TURNS_DUE), delta: call.amount.unwrap_or(1).max(0) });
            Ok(None)
        }
        // "Skip your opponent's Attack Phase in their next turn" (6-127L Hraesvelgr): noted on the player until that turn.
        "skip_attack_phase" => {
            if !state.players[call.player.index()].flags.contains(super::turn::SKIPS_NEXT_ATTACK_PHASE) {
                state.apply(Event::PlayerFlag { player: call.player, flag: crate::kernel::name!(super::turn::SKIPS_NEXT_ATTACK_PHASE), value: true });
            }
            Ok(None)
        }
        _ => return None,
    })
}

/// The given cards still on the field.
fn on_field(state: &GameState, call: &GameCall) -> Vec<ObjectId> {
    call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none() && state.zone(state.object(*o).zone).name == "field").collect()
}

/// FF 9.5.1.3 "negate all damage dealt to it" (5-049C Asura, 9-119C Larsa): the damage the Forwards have
/// received this turn is removed, as the End Phase removes it; damage dealt after stays.
fn negate_damage(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<(), Illegal> {
    for object in on_field(state, call) {
        if state.object(object).damage > 0 {
            Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::DamageRemoved { object })?;
        }
    }
    Ok(())
}

/// FF 10.1.3.3 "Remove Rikku from the Battle" (6-062R Rikku): the Forward stops attacking or blocking (and leaves
/// its party); it deals and receives no battle damage in this attack. A blocked attack stays blocked.
fn remove_from_battle(state: &mut GameState, call: &GameCall) {
    for object in on_field(state, call) {
        for flag in super::attack::battle_flags() {
            if state.object(object).flags.contains(&flag) {
                state.apply(Event::Flag { object, flag, value: false, by: call.source.into_iter().collect() });
            }
        }
    }
}

/// FF 15.1.1.5 "your opponent randomly removes 1 card in his/her hand from the game" (6-130L Nidhogg): the named
/// player's cards are picked at random (FF 15.1.1.5.1: out of the game, in their owner's removed-from-play zone) (the game's seeded randomness), one at a time, and removed from the game.
/// Gives the cards removed.
fn remove_random_from_hand(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Value, Illegal> {
    let player = call.player;
    let mut removed = vec![];
    let Some(hand) = state.zone_id(crate::kernel::name!("hand"), Some(player)) else { return Ok(cards(removed)) };
    for _ in 0..call.amount.unwrap_or(1).max(0) {
        let cards = state.zone(hand).objects.clone();
        if cards.is_empty() {
            break;
        }
        let card = cards[state.rng.below(cards.len() as u64) as usize];
        let Some(removed_zone) = state.zone_id(crate::kernel::name!("removed"), Some(state.object(card).owner)) else { break };
        let event = state.move_event(card, removed_zone, Some(crate::kernel::name!("remove")), Position::Top);
        if let Some(crate::interp::Happened { moved: Some(new) }) = Ctx::new(state, agent, call.source, call.controller, vec![]).happen(event)? {
            removed.push(new);
        }
    }
    Ok(cards(removed))
}

/// FF 11.6.2, 5.2.1.3 "Dull a total of 3 active Backups of the same Element or 2 active Backups of the same Element and
/// Yuri" (7-128H Yuri), as a cost: the player picks one way to pay it among those they have (N active Backups they
/// control sharing an Element, or N - 1 of them and the card itself, active); the cards are dulled. Illegal when
/// there is none (FF 11.6.2: the ability cannot be used).
fn dull_backups_of_one_element(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<(), Illegal> {
    let w = super::Words::get(state);
    let n = call.amount.unwrap_or(3).max(1) as usize;
    let player = call.controller;
    let active = |state: &GameState, o: ObjectId| state.zone(state.object(o).zone).name == "field" && !state.object(o).flags.contains("dull");
    let backups: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| state.controller(*o) == player && w.is(state, *o, w.backup) && active(state, *o)).collect();
    let source = call.source.map(|s| state.current(s)).filter(|s| active(state, *s) && !backups.contains(s));
    let share = |group: &[ObjectId]| group.split_first().is_some_and(|(first, rest)| w.elements(state, *first).iter().any(|e| rest.iter().all(|o| w.elements(state, *o).contains(e))));
    let mut ways: Vec<Vec<ObjectId>> = subsets(&backups, n).into_iter().filter(|g| share(g)).collect();
    if let Some(source) = source {
        ways.extend(subsets(&backups, n - 1).into_iter().filter(|g| share(g)).map(|mut g| {
            g.push(source);
            g
        }));
    }
    if ways.is_empty() {
        return Err(Illegal(format!("{} has no {n} active Backups of one Element to dull", state.players[player.index()].name)));
    }
    let pick = match ways.len() {
        1 => 0,
        k => state.ask_one(agent, player, "dull", k, |s, i| ways[i].iter().map(|o| s.name_of(*o)).collect::<Vec<_>>().join(", ").into()),
    };
    for object in ways.swap_remove(pick) {
        Ctx::new(state, agent, call.source, player, vec![]).happen(Event::Flag { object, flag: crate::kernel::name!("dull"), value: true, by: vec![] })?;
    }
    Ok(())
}

/// The subsets of `k` of these cards, in order.
fn subsets(cards: &[ObjectId], k: usize) -> Vec<Vec<ObjectId>> {
    if k == 0 {
        return vec![vec![]];
    }
    (0..cards.len()).flat_map(|i| subsets(&cards[i + 1..], k - 1).into_iter().map(move |mut rest| {
        rest.insert(0, cards[i]);
        rest
    })).collect()
}
