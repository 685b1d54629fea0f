//! Game actions of Opus XI-XV card text about the stack and counters: changing an ability's single target (FF 11.3.3) or its only choice to the card using the effect, doubling or adding to the counters of a selected type (FF 7.4), removing any number of counters as a cost (FF 11.6.2) or one selected counter.

use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use super::cancel::{choose_entry, entry_kind};
use crate::kernel::trigger::StackEntry;
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, Value};

/// FF 11.3.3, 11.8.9, 11.11.2.1 "Choose 1 auto-ability or action ability that has only one target.
/// You may choose another target instead. (The new target must be valid.)" (11-109R Aemo): the
/// effect's controller chooses among the auto- and action abilities on the stack that chose exactly
/// one target, then may choose another card its target description matches, among those the
/// ability's controller could choose (FF 11.3.3: "cannot be chosen" applies).
pub fn change_single_target(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let entries: Vec<usize> = (0..state.stack.len())
        .filter(|i| {
            let e = &state.stack[*i];
            e.targets.len() == 1 && e.targets[0].chosen.len() == 1 && matches!(entry_kind(state, e).as_deref(), Some("auto" | "action"))
        })
        .collect();
    if entries.is_empty() {
        return Ok(None);
    }
    let index = choose_entry(state, agent, call, &entries, "choose 1 ability with only one target");
    let entry = state.stack[index].clone();
    let target = &entry.targets[0];
    let view = state.view();
    let others: Vec<ObjectId> = state.live_objects().filter(|o| !target.chosen.contains(o) && state.object(*o).left.is_none() && state.selects(&view, &target.selector, *o, entry.source)).collect();
    let candidates = super::legal_targets(state, entry.controller, entry.source, others);
    if candidates.is_empty() {
        return Ok(None);
    }
    let question = Question::Objects { prompt: "choose another target instead".into(), options: candidates.clone(), min: 0, max: 1 };
    if let Answer::Objects(list) = state.ask(agent, call.controller, question)
        && let Some(&new) = list.first().filter(|o| candidates.contains(o))
    {
        state.apply(Event::Retargeted { index, target: 0, chosen: vec![new] });
    }
    Ok(None)
}

/// FF 11.3.3, 11.11.2 "Choose 1 Summon or ability that is choosing only 1 Wind Forward you control. The Summon
/// or ability is now choosing Edge instead, if possible." (15-045H Edge): the effect's controller chooses among the
/// Summons and abilities on the stack whose choices are exactly one card, one of the given cards (`call.objects`);
/// it then chooses the card this ability belongs to instead, if that card is still on the field, matches what
/// the choice was made as and its controller could choose it (FF 11.3.3: "cannot be chosen" applies).
pub fn redirect_only_choice_to_source(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let only_choice = |e: &StackEntry| -> Option<(usize, ObjectId)> {
        let mut choices = e.targets.iter().enumerate().flat_map(|(t, target)| target.chosen.iter().map(move |o| (t, *o)));
        let first = choices.next()?;
        choices.next().is_none().then_some(first)
    };
    let entries: Vec<usize> = (0..state.stack.len()).filter(|i| only_choice(&state.stack[*i]).is_some_and(|(_, o)| call.objects.contains(&o))).collect();
    if entries.is_empty() {
        return Ok(None);
    }
    let index = if entries.len() == 1 { entries[0] } else { choose_entry(state, agent, call, &entries, "choose 1 Summon or ability choosing only 1 of the cards") };
    let entry = state.stack[index].clone();
    let Some((target, chosen)) = only_choice(&entry) else { return Ok(None) };
    let Some(this) = call.source.map(|s| state.current(s)).filter(|s| state.object(*s).left.is_none() && *s != chosen) else { return Ok(None) };
    let view = state.view();
    let possible = state.selects(&view, &entry.targets[target].selector, this, entry.source) && !super::legal_targets(state, entry.controller, entry.source, vec![this]).is_empty();
    if possible {
        state.apply(Event::Retargeted { index, target, chosen: vec![this] });
    }
    Ok(None)
}

/// FF 7.4 "Select 1 Counter placed on it. Double all Counters of the same type as the selected
/// Counter on that Character." (14-050R Naja Salaheem): the effect's controller selects one type
/// among the counters on each card (without asking when there is one); the card gets as many more.
pub fn double_counters_of_selected_type(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    add_to_selected_type(state, agent, call, None)
}

/// FF 7.4 "Select 1 Counter placed on it, and place 1 additional Counter of the same type as the
/// selected Counter on that Monster" (11-026H Gestahlian Empire Cid): the type selected as for
/// doubling; the card gets the number the phrase says (1) more.
pub fn place_additional_counter_of_selected_type(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    add_to_selected_type(state, agent, call, Some(call.amount.unwrap_or(1)))
}

/// Counters of a type the effect's controller selects among those on each card, `more` of them
/// (or as many as it holds: doubled).
fn add_to_selected_type(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, more: Option<i64>) -> Result<Option<Value>, Illegal> {
    let cards: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none()).collect();
    for card in cards {
        let prompt = format!("select a counter on {}", state.name_of(card));
        let Some((name, n)) = select_counter(state, agent, call, card, prompt) else { continue };
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::Counter { object: card, name: name.as_str().into(), delta: more.unwrap_or(n) })?;
    }
    Ok(None)
}

/// The counter the effect's controller selects among those on `card`, of any name (without asking
/// when there is one name), with how many the card holds; none when it has none. The count of
/// attacks the attack procedure keeps is no counter.
fn select_counter(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, card: ObjectId, prompt: String) -> Option<(String, i64)> {
    let types: Vec<(String, i64)> = state.object(card).counters.iter().filter(|(k, n)| **n > 0 && k.as_str() != super::attack::ATTACKS_THIS_TURN).map(|(k, n)| (k.to_string(), *n)).collect();
    let chosen = match types.len() {
        0 => return None,
        1 => 0,
        _ => {
            let options = types.iter().map(|(k, n)| format!("{k} ({n})")).collect();
            match state.ask(agent, call.controller, Question::One { prompt: prompt.into(), options }) {
                Answer::One(k) => k.min(types.len() - 1),
                _ => 0,
            }
        }
    };
    types.into_iter().nth(chosen)
}

/// The player resource that keeps how many counters the last such cost removed ("If its cost is X").
pub const COUNTERS_REMOVED: &str = "counters_removed_to_pay_cost";

/// FF 11.6.2, 11.6.7: removing as many of a card's counters of one name as the player chooses, as a
/// cost ("{1}{D}, remove X Kingdom Counters from Leo: ... If its cost is X", 13-067L Leo; "X Arise
/// Counters", 12-109L Lenna): X from 0 up to the counters the card holds (names in any case), kept as
/// the player's `counters_removed_to_pay_cost` until their next such payment.
pub fn remove_any_number_of_counters(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, counter: &str) -> Result<Option<Value>, Illegal> {
    let target = call.objects.first().copied().ok_or_else(|| Illegal("no card to remove counters from".into()))?;
    let held = state.object(target).counters.iter().find(|(k, _)| k.eq_ignore_ascii_case(counter)).map(|(k, n)| (*k, *n));
    let most = held.as_ref().map_or(0, |(_, n)| *n);
    let x = crate::games::arrange::choose_number(state, agent, call.controller, most, format!("remove how many {counter} counters"));
    if let Some((name, _)) = held
        && x > 0
    {
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::Counter { object: target, name, delta: -x })?;
    }
    crate::games::clear_resource(state, call.controller, COUNTERS_REMOVED);
    if x > 0 {
        state.apply(Event::Resource { player: call.controller, name: crate::kernel::name!(COUNTERS_REMOVED), delta: x });
    }
    Ok(Some(Value::Number(x)))
}

/// Counters (not in the 2016 rules; FF 7.4): "Select 1 Counter placed on it, and remove the selected
/// Counter." (12-079C Cid (FFCC)): the effect's controller selects one counter among those on each card,
/// of any name (`select_counter`), and one counter of that name is removed; nothing happens to a card
/// with none.
pub fn remove_selected_counter(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let cards: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none()).collect();
    for card in cards {
        let prompt = format!("select a counter on {} to remove", state.name_of(card));
        let Some((name, _)) = select_counter(state, agent, call, card, prompt) else { continue };
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::Counter { object: card, name: name.as_str().into(), delta: -1 })?;
    }
    Ok(None)
}

/// The counter name a `remove_<name>_counters_...` action names (the action names it so no Rust
/// code names a card's word).
fn counter_name(action: &str, suffix: &str) -> Option<String> {
    Some(action.strip_prefix("remove_")?.strip_suffix(suffix)?.to_string())
}

/// FF 7.4, 11.6.2 Removing counters as a cost ("Remove 1 Bounty Counter from a Character:", 15-079R
/// Ba'Gamnan): `remove_<name>_counters_from_one` takes `amount` counters off one card the player picks
/// among the given cards on the field holding that many; `remove_<name>_counters_in_total` takes them
/// one at a time from any of them ("remove 4 Bounty Counters from any number of Characters"). A cost
/// is paid in full (FF 11.6.2): illegal when the cards hold too few. `None` for another action.
pub fn remove_counters_as_cost(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Option<Result<Option<Value>, Illegal>> {
    let (name, from_one) = match (counter_name(&call.name, "_counters_from_one"), counter_name(&call.name, "_counters_in_total")) {
        (Some(name), _) => (name, true),
        (None, Some(name)) => (name, false),
        _ => return None,
    };
    let amount = call.amount.unwrap_or(1).max(0);
    let holding = |state: &GameState, at_least: i64| -> Vec<ObjectId> {
        let on_field = |o: &ObjectId| state.object(*o).left.is_none() && state.zone(state.object(*o).zone).name == "field";
        let mut cards: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(on_field).collect();
        cards.dedup();
        cards.retain(|o| state.object(*o).counters.get(name.as_str()).copied().unwrap_or(0) >= at_least.max(1));
        cards
    };
    let take = |state: &mut GameState, agent: &mut dyn Agent, options: Vec<ObjectId>, n: i64| -> Result<(), Illegal> {
        let pick = match options.len() {
            0 => return Err(Illegal(format!("no card holds {n} {name} counter(s) to remove"))),
            1 => options[0],
            _ => match state.ask(agent, call.controller, Question::Objects { prompt: state.worded_or_blank(|| format!("remove {n} {name} counter(s) from").into()), options: options.clone(), min: 1, max: 1 }) {
                Answer::Objects(list) if list.len() == 1 && options.contains(&list[0]) => list[0],
                _ => options[0],
            },
        };
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::Counter { object: pick, name: name.as_str().into(), delta: -n })?;
        Ok(())
    };
    let result = if from_one {
        let options = holding(state, amount);
        take(state, agent, options, amount)
    } else {
        let total: i64 = holding(state, 1).iter().map(|o| state.object(*o).counters.get(name.as_str()).copied().unwrap_or(0)).sum();
        if total < amount {
            return Some(Err(Illegal(format!("the cards hold {total} {name} counter(s), not {amount}"))));
        }
        (0..amount).try_for_each(|_| {
            let options = holding(state, 1);
            take(state, agent, options, 1)
        })
    };
    Some(result.map(|()| None))
}
