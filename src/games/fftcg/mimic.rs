//! Action and special abilities used (FF 11.6, 11.7): the `use_ability` announcement and the entry it was made for, the special abilities a Character used this turn, and using again, without paying the cost, an ability a Character has used this turn (15-028H Gogo).

use crate::interp::engine::push;
use crate::interp::{announce, keyword_env};
use crate::ir::AbilityIr;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::trigger::{AbilityRef, StackEntry};
use crate::kernel::{Binding, Event, GameCall, GameState, Illegal, ObjectId, PlayerId, Value};

use super::Words;

/// The ability a stack entry was put there for, as its definition says (printed, of a keyword, or
/// granted to its source), with the name of its kind (`action`, `special`, `auto`, `summon`...).
pub(super) fn entry_ability(state: &GameState, entry: &StackEntry) -> Option<(AbilityIr, String)> {
    let library = &state.library;
    let ability = match &entry.ability {
        AbilityRef::Printed { card, index } => library.card(*card).abilities.get(*index)?.clone(),
        AbilityRef::Keyword { keyword, index } => library.keywords.get(keyword.index())?.as_ref()?.abilities.get(*index)?.clone(),
        AbilityRef::Granted { effect, index } => match state.characteristics(entry.source?).granted.iter().find(|(e, _)| e == effect) {
            Some((_, granted)) => granted.get(*index)?.clone(),
            // FF 11.5.5: an ability used stays the ability it was once its source no longer has it (the
            // granting effect ended, or the card lost its abilities): read from the effect as it began.
            None => granted_when_begun(state, *effect)?.get(*index)?.clone(),
        },
        AbilityRef::Delayed(_) | AbilityRef::Action(_) => return None,
    };
    let kind = library.vocab.ability_kinds[ability.kind.index()].name.clone();
    Some((ability, kind))
}

/// The abilities an effect granted, as it began (the log keeps it after it ended).
fn granted_when_begun(state: &GameState, effect: crate::kernel::EffectId) -> Option<std::sync::Arc<Vec<AbilityIr>>> {
    state.log.iter().rev().find_map(|event| match event {
        Event::EffectBegan { effect: e } if e.id == effect => match &e.change {
            crate::kernel::Change::GrantAbilities(list) => Some(list.clone()),
            _ => None,
        },
        _ => None,
    })
}

/// FF 11.6.3, 11.7: `player` has used an ability of `object` (put on the stack, its cost paid):
/// announced as `use_ability` with the ability's kind as its detail ("When a Character opponent
/// controls uses an action ability", 5-090R Hill Gigas; "When a Forward or Monster you control uses an
/// action ability", 15-028H Gogo). Announced only while a card may hear it (its trigger reach, as
/// interp::reached judges it), so the games where none listens stay as they were.
pub fn announce_use(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId) {
    let Some(entry) = state.stack.last().filter(|e| e.source == Some(object)).cloned() else { return };
    let Some((_, kind)) = entry_ability(state, &entry) else { return };
    let signal = Event::Signal { name: crate::kernel::name!("use_ability"), objects: vec![object], player: Some(player), detail: Some(kind) };
    if super::acted::heard_among(state, &signal, state.live_objects()) {
        announce(state, agent, signal);
    }
}

/// The stack entry the `use_ability` announcement at log index `signal` was made for (FF 11.6.3,
/// 11.7.3: the ability its user put on the stack, its cost then paid): the latest entry put on the
/// stack with that user as its source before the announcement, since nothing resolves between a use
/// and its announcement (`announce_use`). The entry as it was put there; it may have left the stack
/// since (resolved or cancelled).
pub(super) fn announced_use(state: &GameState, signal: usize) -> Option<StackEntry> {
    let Some(Event::Signal { name, objects, .. }) = state.log.get(signal) else { return None };
    let user = *objects.first().filter(|_| name == "use_ability")?;
    (0..signal).rev().find_map(|i| match state.log.get(i) {
        Some(Event::Pushed { entry }) if entry.source == Some(user) => Some((**entry).clone()),
        _ => None,
    })
}

/// The stack entry whose declaration made the `chosen` announcement at log index `signal` ("When Illua is
/// chosen by your opponent's Summon or ability ..., cancel its effect", 5-099H Illua): a Summon or ability
/// chooses its targets as it is declared and is then put on the stack (FF 11.3.3, 11.6.5, 11.8.9:
/// `engine::push`), so the first entry put there after the announcement, if its targets hold the cards
/// chosen and its controller chose them. A choice made on resolution (FF 11.11.5.1) comes after its entry
/// left the stack (`Popped`), and one whose ability was removed for want of a target (`Cancelled`) was
/// never put there: neither has an entry left to cancel.
pub(super) fn entry_that_chose(state: &GameState, signal: usize) -> Option<StackEntry> {
    let Some(Event::Signal { name, objects, player, .. }) = state.log.get(signal) else { return None };
    if name != "chosen" || objects.is_empty() {
        return None;
    }
    (signal + 1..state.log.len()).find_map(|i| match state.log.get(i) {
        Some(Event::Pushed { entry }) => Some(Some(entry)),
        Some(Event::Popped | Event::Cancelled { .. }) => Some(None),
        _ => None,
    })?
    .filter(|entry| Some(entry.controller) == *player && entry.targets.iter().any(|t| objects.iter().all(|o| t.chosen.contains(o))))
    .map(|entry| (**entry).clone())
}

/// The action or special abilities (`kind`) Characters have used this turn, latest first: the
/// entries put on the stack since the turn began (the log keeps them, FF 11.6.4: "the ability's
/// effect on the stack"), each with the Character that used it.
fn used_this_turn(state: &GameState, w: &Words, kind: &str) -> Vec<(StackEntry, AbilityIr)> {
    let mut used = vec![];
    for event in state.log.iter().rev() {
        match event {
            Event::TurnBegan { .. } => break,
            Event::Pushed { entry } if entry.source.is_some_and(|s| w.is(state, s, w.character)) => {
                if let Some((ability, k)) = entry_ability(state, entry)
                    && k == kind
                {
                    used.push(((**entry).clone(), ability));
                }
            }
            _ => {}
        }
    }
    used
}

/// FF 11.7.3: whether `object` has used a special ability named `name` this turn (put it on the stack,
/// its cost paid: "if Bartz used [Spellblade] and [Dual-Wield] this turn", 7-059L Bartz), as the entries put
/// on the stack since the turn began say. A card that left the field and came back is a new object that
/// has used none (FF 7.4); a special ability another card used as its own (15-028H Gogo's Mimic) is that
/// card's use.
pub fn used_special_ability_this_turn(state: &GameState, object: ObjectId, name: &str) -> bool {
    for event in state.log.iter().rev() {
        match event {
            Event::TurnBegan { .. } => return false,
            Event::Pushed { entry } if entry.source == Some(object) => {
                if let Some((ability, kind)) = entry_ability(state, entry)
                    && kind == "special"
                    && ability.name.as_deref() == Some(name)
                {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// `user` uses, as its own, the ability `entry` was put on the stack for, without paying the cost
/// (FF 11.6.4: put on the stack with `user` as its source, its choices made anew by `player`; a
/// variable cost's X is 0), then announces the use.
fn use_again(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, user: ObjectId, entry: &StackEntry) {
    let library = state.library.clone();
    // A keyword's numbers are those of the card that used it.
    let mut env = entry.source.map(|s| keyword_env(state, &library, s, &entry.ability)).unwrap_or_default();
    env.push((crate::kernel::name!("X"), Binding::Number(0)));
    push(state, agent, Some(user), player, entry.ability.clone(), env, entry.body.clone(), None);
    announce_use(state, agent, player, user);
}

/// FF 11.6 "When a Forward or Monster you control uses an action ability, Gogo uses the same action
/// ability without paying the cost." (15-028H Gogo): the action ability whose use triggered this ability
/// (the `use_ability` announcement it triggered on, `GameCall::trigger`), even if that Character used
/// another since, is used again by the card this ability belongs to. Not triggered (no announcement to
/// read): the action ability the given Character (`it`) used last this turn.
pub fn use_same_action_ability(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let Some(user) = call.source.map(|s| state.current(s)).filter(|s| state.object(*s).left.is_none()) else { return Ok(None) };
    if let Some(entry) = call.trigger.and_then(|signal| announced_use(state, signal)) {
        use_again(state, agent, call.controller, user, &entry);
        return Ok(None);
    }
    let w = Words::get(state);
    let others: Vec<ObjectId> = call.objects.iter().flat_map(|o| [*o, state.current(*o)]).collect();
    let used = used_this_turn(state, &w, "action");
    if let Some((entry, _)) = used.iter().find(|(e, _)| e.source.is_some_and(|s| others.contains(&s))) {
        use_again(state, agent, call.controller, user, entry);
    }
    Ok(None)
}

/// The name a special ability's user remembers to leave out (`excluded_special_ability_name`).
const EXCLUDED: &str = "excluded_special_ability_name";

/// FF 11.7 "Use 1 special ability that a Character has used this turn other than Mimic without
/// paying the cost." (15-028H Gogo): the effect's controller picks one of the special abilities
/// Characters have used this turn (each once, however often it was used), other than those of the
/// name the ability remembered; the card this ability belongs to uses it.
pub fn use_special_ability_used_this_turn(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let Some(user) = call.source.map(|s| state.current(s)).filter(|s| state.object(*s).left.is_none()) else { return Ok(None) };
    let w = Words::get(state);
    let excluded = match state.object(user).memory.get(EXCLUDED) {
        Some(Value::Text(name)) => Some(name.clone()),
        _ => None,
    };
    let mut options: Vec<StackEntry> = vec![];
    for (entry, ability) in used_this_turn(state, &w, "special") {
        let named = ability.name.as_ref().is_some_and(|n| Some(n) == excluded.as_ref());
        if !named && !options.iter().any(|o| o.ability == entry.ability) {
            options.push(entry);
        }
    }
    let pick = match options.len() {
        0 => return Ok(None),
        1 => 0,
        _ => {
            let words = options.iter().map(|e| e.source.map_or_else(|| "a special ability".into(), |s| state.describe_ability(s, &e.ability))).collect();
            match state.ask(agent, call.controller, Question::One { prompt: "use 1 special ability used this turn".into(), options: words }) {
                Answer::One(k) => k.min(options.len() - 1),
                _ => 0,
            }
        }
    };
    use_again(state, agent, call.controller, user, &options[pick]);
    Ok(None)
}
