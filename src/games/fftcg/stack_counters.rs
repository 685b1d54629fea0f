//! Game actions of Opus XII-XV card text: cancelling a chosen auto-ability on the stack (FF 11.11.10), doubling the counters of a selected type and removing counters as a cost (FF 7.4).

use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::trigger::{AbilityRef, StackEntry};
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, Selector, Value};

/// The kind of ability a stack entry is (`auto`, `action`, `special`, `summon`...), as its
/// definition says; a delayed trigger is an auto-ability (FF 11.8.17).
fn entry_kind(state: &GameState, entry: &StackEntry) -> Option<String> {
    let library = &state.library;
    let kind = match &entry.ability {
        AbilityRef::Printed { card, index } => library.card(*card).abilities.get(*index)?.kind,
        AbilityRef::Keyword { keyword, index } => library.keywords.get(keyword.index())?.as_ref()?.abilities.get(*index)?.kind,
        AbilityRef::Granted { effect, index } => {
            let source = entry.source?;
            let c = state.characteristics(source);
            c.granted.iter().find(|(e, _)| e == effect)?.1.get(*index)?.kind
        }
        AbilityRef::Delayed(_) => return Some("auto".into()),
        AbilityRef::Action(_) => return None,
    };
    Some(library.vocab.ability_kinds[kind.index()].name.clone())
}

/// FF 11.11.10, 11.3.3 "Choose 1 auto-ability. Cancel its effect." (12-002H Amaterasu): the
/// effect's controller chooses among the auto-abilities waiting on the stack (not Summons, action
/// or special abilities); each chosen leaves the stack without resolving. Gives the cards they
/// triggered from ("If the cancelled auto-ability triggered from a Forward").
pub fn cancel_auto_ability(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let mut origins = vec![];
    for _ in 0..call.amount.unwrap_or(1).max(0) {
        let autos: Vec<usize> = (0..state.stack.len()).filter(|i| entry_kind(state, &state.stack[*i]).as_deref() == Some("auto")).collect();
        if autos.is_empty() {
            break;
        }
        let options: Vec<String> = autos.iter().map(|i| {
            let e = &state.stack[*i];
            e.source.map_or_else(|| "an auto-ability".to_string(), |s| state.describe_ability(s, &e.ability))
        }).collect();
        let pick = match state.ask(agent, call.controller, Question::One { prompt: "choose 1 auto-ability to cancel".into(), options }) {
            Answer::One(k) => autos[k.min(autos.len() - 1)],
            _ => autos[0],
        };
        origins.extend(state.stack[pick].source);
        state.apply(Event::Unstacked { index: pick });
    }
    Ok(Some(Value::Cards(Box::new(Selector::Objects(origins)))))
}

/// FF 7.4 "Select 1 Counter placed on it. Double all Counters of the same type as the selected
/// Counter on that Character." (14-050R Naja Salaheem): the effect's controller selects one type
/// among the counters on each card (without asking when there is one); the card gets as many more.
pub fn double_counters_of_selected_type(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let cards: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none()).collect();
    for card in cards {
        let types: Vec<(String, i64)> = state.object(card).counters.iter().filter(|(_, n)| **n > 0).map(|(k, n)| (k.clone(), *n)).collect();
        let chosen = match types.len() {
            0 => continue,
            1 => 0,
            _ => {
                let options = types.iter().map(|(k, n)| format!("{k} ({n})")).collect();
                match state.ask(agent, call.controller, Question::One { prompt: format!("select a counter on {}", state.name_of(card)), options }) {
                    Answer::One(k) => k.min(types.len() - 1),
                    _ => 0,
                }
            }
        };
        let (name, n) = types[chosen].clone();
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::Counter { object: card, name, delta: n })?;
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
        cards.retain(|o| state.object(*o).counters.get(&name).copied().unwrap_or(0) >= at_least.max(1));
        cards
    };
    let take = |state: &mut GameState, agent: &mut dyn Agent, options: Vec<ObjectId>, n: i64| -> Result<(), Illegal> {
        let pick = match options.len() {
            0 => return Err(Illegal(format!("no card holds {n} {name} counter(s) to remove"))),
            1 => options[0],
            _ => match state.ask(agent, call.controller, Question::Objects { prompt: format!("remove {n} {name} counter(s) from"), options: options.clone(), min: 1, max: 1 }) {
                Answer::Objects(list) if list.len() == 1 && options.contains(&list[0]) => list[0],
                _ => options[0],
            },
        };
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::Counter { object: pick, name: name.clone(), delta: -n })?;
        Ok(())
    };
    let result = if from_one {
        let options = holding(state, amount);
        take(state, agent, options, amount)
    } else {
        let total: i64 = holding(state, 1).iter().map(|o| state.object(*o).counters.get(&name).copied().unwrap_or(0)).sum();
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
