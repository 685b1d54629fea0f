//! Conditional triggered abilities (FF 11.8.18 state triggers, Trails 1211.9): when one triggers.


use crate::ir::AbilityIr;
use crate::kernel::decision::Agent;
use crate::kernel::trigger::{AbilityRef, PendingTrigger};
use crate::kernel::{Env, Event, GameState, ObjectId, PlayerId};
use crate::syntax::ast::TriggerWord;
use crate::vocab::AbilityClass;

use super::Ctx;
use super::abilities::{abilities_in, active_zone, class_of, in_ability_zones, keyword_env, may_trigger, works_in};

/// FF 11.8.18, Trails 1211.9: a conditional trigger of `object` triggers when its condition
/// holds, but not while it is already triggered (waiting, or found in this same check) or on the
/// stack; the log index `index` is the event it is checked after.
#[allow(clippy::too_many_arguments)]
pub(super) fn conditional_trigger(
    state: &mut GameState,
    agent: &mut dyn Agent,
    object: ObjectId,
    controller: PlayerId,
    ability_ref: AbilityRef,
    ability: &AbilityIr,
    params: Env,
    index: usize,
    found: &[PendingTrigger],
) -> Option<PendingTrigger> {
    let trigger = ability.trigger.as_ref()?;
    let waiting = state.pending.iter().any(|p| p.source == object && p.ability == ability_ref)
        || state.stack.iter().any(|e| e.source == Some(object) && e.ability == ability_ref)
        || found.iter().any(|p| p.source == object && p.ability == ability_ref);
    if waiting {
        return None;
    }
    let mut ctx = Ctx::new(state, agent, Some(object), controller, params.clone());
    if !ctx.condition(&crate::ir::CondIr::Pred(trigger.event.clone())).unwrap_or(false) {
        return None;
    }
    let (body, condition) = (ability.body.clone(), ability.condition.clone());
    Some(PendingTrigger { source: object, controller, ability: ability_ref, event: index, env: params, count: 1, body, condition })
}

/// Trails 1002.1, 1211.2, 1211.9: the conditional triggered crafts whose condition holds at a Rule
/// Check, once its rule processes are done, for a game that checks them only there
/// (`GameConfig::conditional_triggers_at_rule_check`); valid crafts only (1202: in their zone,
/// not stunned, not hidden). Whether any triggered.
pub fn check_conditional_triggers(state: &mut GameState, agent: &mut dyn Agent) -> bool {
    if !state.config.conditional_triggers_at_rule_check {
        return false;
    }
    let library = state.library.clone();
    let index = state.log.len().saturating_sub(1);
    // Only cards with a printed conditional trigger (or a printed keyword's) can have one, unless
    // effects give one: the others are passed over before anything is computed.
    let candidates: Vec<ObjectId> = {
        let reached = super::reach::reached(state, None);
        in_ability_zones(state).filter(|o| reached.as_ref().is_none_or(|r| r(*o)) && !state.abilities_inactive(*o)).collect()
    };
    if candidates.is_empty() {
        return false;
    }
    let mut found = vec![];
    for object in candidates {
        let chars = state.characteristics(object);
        if !may_trigger(&library, state.object(object).card, &chars) {
            continue;
        }
        let hidden = state.hidden_without_abilities(object);
        for (ability_ref, ability) in abilities_in(&library, state.object(object).card, &chars) {
            let Some(trigger) = &ability.trigger else { continue };
            if !trigger.state || trigger.word == TriggerWord::InsteadOf || class_of(&library, ability) != AbilityClass::Triggered || !works_in(state, object, ability) {
                continue;
            }
            if hidden && active_zone(&library, ability).is_none() {
                continue;
            }
            let params = keyword_env(state, &library, object, &ability_ref);
            if let Some(t) = conditional_trigger(state, agent, object, chars.controller, ability_ref, ability, params, index, &found) {
                found.push(t);
            }
        }
    }
    let any = !found.is_empty();
    for trigger in found {
        state.apply(Event::Triggered { trigger: Box::new(trigger) });
    }
    any
}
