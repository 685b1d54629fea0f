//! Cancelling Summons and abilities on the stack (FF 11.11): the ones an effect names, the ones of the kinds the effect's controller chooses among, the ones choosing a card, or any number of them.

use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::trigger::{AbilityRef, StackEntry};
use crate::kernel::{Event, GameCall, GameState, Illegal, Selector, Value};

/// Carries out one of these actions; `None` when `call` is not one.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Option<Result<Option<Value>, Illegal>> {
    let kinds: &[&str] = match call.name.as_str() {
        "cancel" => {
            cancel_named(state, call);
            return Some(Ok(None));
        }
        "cancel_effects_choosing" => {
            cancel_choosing(state, call);
            return Some(Ok(None));
        }
        "cancel_any_number_of_summons_or_abilities" => {
            cancel_any_number(state, agent, call);
            return Some(Ok(None));
        }
        "cancel_auto_ability" => &["auto"],
        "cancel_action_ability" => &["action"],
        "cancel_special_or_auto_ability" => &["special", "auto"],
        "cancel_summon_or_auto_ability" => &["summon", "auto"],
        _ => return None,
    };
    Some(Ok(Some(cancel_of_kinds(state, agent, call, kinds))))
}

/// The kind of ability a stack entry is (`auto`, `action`, `special`, `summon`...), as its
/// definition says; a delayed trigger is an auto-ability (FF 11.8.17).
pub(super) fn entry_kind(state: &GameState, entry: &StackEntry) -> Option<String> {
    if matches!(entry.ability, AbilityRef::Delayed(_)) {
        return Some("auto".into());
    }
    super::mimic::entry_ability(state, entry).map(|(_, kind)| kind)
}

/// The effect's controller chooses one of these stack entries (by index; not empty).
pub(super) fn choose_entry(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, entries: &[usize], prompt: impl Into<std::borrow::Cow<'static, str>>) -> usize {
    let options: Vec<String> = entries.iter().map(|i| describe_entry(state, &state.stack[*i])).collect();
    match state.ask(agent, call.controller, Question::One { prompt: prompt.into(), options }) {
        Answer::One(k) => entries[k.min(entries.len() - 1)],
        _ => entries[0],
    }
}

fn describe_entry(state: &GameState, entry: &StackEntry) -> String {
    entry.source.map_or_else(|| "an ability".to_string(), |s| state.describe_ability(s, &entry.ability))
}

/// FF 11.11.10, 11.3.3 "Choose 1 auto-ability. Cancel its effect." (12-002H Amaterasu), "Choose 1 action
/// ability" (6-125R Leviathan, 5-135L Porom, 5-137C Green Mage), "special ability or auto ability" (3-057R
/// Seven), "Summon or auto-ability" (5-068L Y'shtola): the effect's controller chooses among the entries of those
/// kinds waiting on the stack; each chosen leaves the stack without resolving (a Summon then goes to the Break Zone
/// as a resolved one does). Gives the cards they came from ("If the cancelled auto-ability triggered from a
/// Forward").
fn cancel_of_kinds(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall, kinds: &[&str]) -> Value {
    let mut origins = vec![];
    let names: Vec<&str> = kinds.iter().map(|k| match *k {
        "auto" => "auto-ability",
        "action" => "action ability",
        "special" => "special ability",
        "summon" => "Summon",
        other => other,
    }).collect();
    let prompt = format!("choose 1 {} to cancel", names.join(" or "));
    for _ in 0..call.amount.unwrap_or(1).max(0) {
        let entries: Vec<usize> = (0..state.stack.len()).filter(|i| entry_kind(state, &state.stack[*i]).is_some_and(|k| kinds.contains(&k.as_str()))).collect();
        if entries.is_empty() {
            break;
        }
        let pick = choose_entry(state, agent, call, &entries, prompt.clone());
        origins.extend(state.stack[pick].source);
        state.apply(Event::Unstacked { index: pick });
    }
    Value::Cards(Box::new(Selector::Objects(origins)))
}

/// FF 11.11: the Summons or abilities on the stack that the effect names are cancelled: taken
/// off the stack unresolved (a cancelled Summon then goes to the Break Zone, FF 11.11.10).
fn cancel_named(state: &mut GameState, call: &GameCall) {
    for object in &call.objects {
        crate::games::unstack(state, *object, |_| true);
    }
    // "When a Character opponent controls uses an action ability, ... cancel its effect." (5-090R Hill
    // Gigas): naming no card, "its effect" is the entry whose use triggered the ability (FF 11.6.3: an
    // action ability used waits on the stack), taken off unresolved (FF 11.11) if it still waits there.
    // "When Illua is chosen by your opponent's Summon or ability ..., cancel its effect" (5-099H Illua,
    // 10-098L Feolthanos, 15-103R Regis, 14-032R Proto fal'Cie Adam): the Summon or ability that chose
    // the card as it was declared (FF 11.3.3, 11.6.5; a Summon cancelled goes to the Break Zone, FF 11.11.10).
    if call.objects.is_empty()
        && let Some(used) = call.trigger.and_then(|signal| super::mimic::announced_use(state, signal).or_else(|| super::mimic::entry_that_chose(state, signal)))
        && let Some(index) = state.stack.iter().position(|e| e.id == used.id)
    {
        state.apply(Event::Unstacked { index });
    }
}

/// FF 11.3.3, 11.11 "cancel all effects choosing Banon" (9-111H Banon): every Summon and ability waiting on the
/// stack that chose one of the cards (as it was declared) leaves the stack without resolving.
fn cancel_choosing(state: &mut GameState, call: &GameCall) {
    let cards: Vec<_> = call.objects.iter().map(|o| state.current(*o)).collect();
    while let Some(index) = state.stack.iter().rposition(|e| e.targets.iter().any(|t| t.chosen.iter().any(|c| cards.contains(&state.current(*c))))) {
        state.apply(Event::Unstacked { index });
    }
}

/// FF 11.11.10, 11.3 "Choose any number of Summons, auto-abilities, action abilities or special abilities. Cancel
/// their effects." (14-108H Jecht): the effect's controller picks Summons and abilities waiting on the stack one
/// at a time, until they pick none; each leaves the stack without resolving (a Summon then goes to the Break
/// Zone as a resolved one does, FF 11.11.10). The ability doing it has left the stack as it began to resolve.
fn cancel_any_number(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) {
    while !state.stack.is_empty() {
        let mut options: Vec<String> = state.stack.iter().map(|e| describe_entry(state, e)).collect();
        options.push("none".into());
        let pick = match state.ask(agent, call.controller, Question::One { prompt: "choose a Summon or ability to cancel".into(), options }) {
            Answer::One(k) => k,
            _ => state.stack.len(),
        };
        if pick >= state.stack.len() {
            return;
        }
        state.apply(Event::Unstacked { index: pick });
    }
}
