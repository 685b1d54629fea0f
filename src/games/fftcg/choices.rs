//! Game actions of Opus XIV-XV card text that choose, divide or pay in ways `choose` cannot say: cards of different names, groups an opponent selects from, discards of different card types, a CP cost lowered per card.

use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{GameCall, GameState, Illegal, ObjectId, Value};

use super::cost::PaidFor;
use super::{cards, Words};

/// Carries out one of these actions; `None` when `call` is not one.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, w: &Words, call: &GameCall) -> Option<Result<Option<Value>, Illegal>> {
    Some(match call.name.as_str() {
        "choose_with_different_names" => Ok(Some(choose_with_different_names(state, agent, w, call))),
        "divide_into_groups" => Ok(Some(divide_into_groups(state, agent, call))),
        "discard_each_of_different_card_type" => discard_different_types(state, agent, w, call).map(|()| None),
        "pay_cp_reduced_per_card" => pay_cp_reduced_per_card(state, agent, w, call).map(|()| None),
        _ => return None,
    })
}

/// The given cards still where they were, in `zone` when one is named.
fn present(state: &GameState, call: &GameCall, zone: Option<&str>) -> Vec<ObjectId> {
    let mut out: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none()).collect();
    out.retain(|o| zone.is_none_or(|z| state.zone(state.object(*o).zone).name == z));
    out.sort();
    out.dedup();
    out
}

/// FF 11.3.3, 11.11.6, 5.2.2.1 "choose any number of Job Member of the Turks with different names in your Break
/// Zone" (15-140S Rufus): the controller chooses one card at a time among the legal targets (restrictions on
/// being chosen apply) sharing no name with the cards already chosen, until they choose none; the cards chosen
/// are announced and given.
fn choose_with_different_names(state: &mut GameState, agent: &mut dyn Agent, w: &Words, call: &GameCall) -> Value {
    let candidates = present(state, call, None);
    let mut left = super::legal_targets(state, call.controller, call.source, candidates);
    let mut chosen: Vec<ObjectId> = vec![];
    loop {
        let names: Vec<String> = chosen.iter().map(|o| w.name_text(state, *o)).collect();
        left.retain(|o| !chosen.contains(o) && !names.contains(&w.name_text(state, *o)));
        if left.is_empty() {
            break;
        }
        let prompt = std::borrow::Cow::Borrowed("choose a card of a name not chosen yet (or none)");
        let pick = match state.ask(agent, call.controller, Question::Objects { prompt, options: left.clone(), min: 0, max: 1 }) {
            Answer::Objects(list) => list,
            _ => vec![],
        };
        let Some(&card) = pick.first().filter(|c| left.contains(c)) else { break };
        chosen.push(card);
    }
    if !chosen.is_empty() {
        super::announce_chosen(state, agent, call.controller, call.source, &chosen);
    }
    cards(chosen)
}

/// FF 11.11.6, 11.3 "Divide all the Forwards opponent controls into 3 groups (You can make a group of 0 Forwards).
/// Your opponent selects 1 group among them." (15-071H Kefka): the effect's controller puts each card into a
/// group, groups may be empty; the named player (`call.player`) selects one group; gives its cards (not chosen,
/// FF 11.3.3).
fn divide_into_groups(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Value {
    let n = call.amount.unwrap_or(2).max(1) as usize;
    let mut groups: Vec<Vec<ObjectId>> = vec![vec![]; n];
    for card in present(state, call, Some("field")) {
        let options: Vec<String> = (1..=n).map(|g| format!("group {g}")).collect();
        let prompt = state.worded_or_blank(|| format!("put {} into a group", state.name_of(card)).into());
        let g = match state.ask(agent, call.controller, Question::One { prompt, options }) {
            Answer::One(k) => k.min(n - 1),
            _ => 0,
        };
        groups[g].push(card);
    }
    let options: Vec<String> = groups.iter().enumerate().map(|(i, g)| format!("group {}: {}", i + 1, g.iter().map(|o| state.name_of(*o)).collect::<Vec<_>>().join(", "))).collect();
    let pick = match state.ask(agent, call.player, Question::One { prompt: "select 1 group".into(), options }) {
        Answer::One(k) => k.min(n - 1),
        _ => 0,
    };
    cards(groups.swap_remove(pick))
}

/// FF 11.6.2, 15.1.1.4, 5.2.3 "discard 3 cards, each of a different card type" (15-069C Cu Sith), as a cost: the
/// player discards the number of cards from their hand one at a time, each of a card type (Forward, Backup,
/// Summon, Monster) no card discarded before has; illegal when the hand cannot pay it in full (FF 11.6.2).
fn discard_different_types(state: &mut GameState, agent: &mut dyn Agent, w: &Words, call: &GameCall) -> Result<(), Illegal> {
    let n = call.amount.unwrap_or(1).max(0) as usize;
    let hand = state.zone_id(crate::kernel::name!("hand"), Some(call.controller));
    let types: Vec<crate::vocab::KindId> = [Some(w.forward), Some(w.backup), Some(w.summon), state.library.vocab.kind("monster")].into_iter().flatten().collect();
    let type_of = |state: &GameState, o: ObjectId| -> Vec<crate::vocab::KindId> { types.iter().copied().filter(|t| w.is(state, o, *t)).collect() };
    let mut left: Vec<ObjectId> = present(state, call, None).into_iter().filter(|o| Some(state.object(*o).zone) == hand).collect();
    let mut taken: Vec<crate::vocab::KindId> = vec![];
    let mut picked: Vec<ObjectId> = vec![];
    while picked.len() < n {
        left.retain(|o| !picked.contains(o) && type_of(state, *o).iter().all(|t| !taken.contains(t)));
        if left.is_empty() {
            return Err(Illegal(format!("the hand holds no {n} cards each of a different card type")));
        }
        let prompt = state.worded_or_blank(|| format!("discard a card of a card type not discarded yet ({} left)", n - picked.len()).into());
        let card = match state.ask(agent, call.controller, Question::Objects { prompt, options: left.clone(), min: 1, max: 1 }) {
            Answer::Objects(list) if list.len() == 1 && left.contains(&list[0]) => list[0],
            _ => left[0],
        };
        taken.extend(type_of(state, card));
        picked.push(card);
    }
    for card in picked {
        let event = state.move_event(card, state.zone_id(crate::kernel::name!("break_zone"), Some(state.object(card).owner)).ok_or_else(|| Illegal("no Break Zone".into()))?, Some(crate::kernel::name!("discard")), crate::kernel::Position::Top);
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(event)?;
    }
    Ok(())
}

/// FF 11.6.2, 11.2 "[5CP] (This cost is reduced by 1 for each Job Sky Pirate other than Penelo you control.)"
/// (15-115H Penelo): the amount of CP of any Element, less one for each of the given cards on the field, not
/// below 0, paid through the payment procedure.
fn pay_cp_reduced_per_card(state: &mut GameState, agent: &mut dyn Agent, w: &Words, call: &GameCall) -> Result<(), Illegal> {
    let count = present(state, call, Some("field")).len() as i64;
    let cost = super::CpCost { total: (call.amount.unwrap_or(0) - count).max(0), ..Default::default() };
    super::cost::pay_tracked(state, agent, w, call.controller, &cost, &call.source.into_iter().collect::<Vec<_>>(), PaidFor::Phrase(call.source, "a cost"))
}
