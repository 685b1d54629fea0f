//! SCLM Support (Trails 1218-1220, 902.4g): a player with priority actions one ready UNIT they
//! control to give support to another UNIT they control sharing an organization with it
//! (1218.2a); 【Covert】's "can only give support to" / "can only be given support by" hooks keep
//! Covert and other UNITs apart (1218.2b-c). It waits in the Resolve Standby Zone (1219.2c); when it
//! resolves, the target gains the Support attribute (1220.1b, 1309.1): the keyword whose definition
//! stops Overkill against it (1309.1a).

use std::sync::Arc;

use crate::interp::{announce, Ctx};
use crate::ir::{Call, Effect, Operand};
use crate::kernel::decision::Agent;
use crate::kernel::trigger::{AbilityRef, StackEntry};
use crate::kernel::value::Selector;
use crate::kernel::{Binding, Change, ContinuousEffect, Duration, Event, GameState, Illegal, ObjectId, PlayerId};
use crate::vocab::primitive::Primitive;
use crate::vocab::{BoundArg, KeywordId, TemplateId};

use super::super::Words;
use super::legal::{only, share_an_organization};

/// Why `supporter` may not give support to `target` for `player`, if it may not (1219.2a-b).
pub fn cannot_support(state: &GameState, w: &Words, player: PlayerId, target: ObjectId, supporter: ObjectId) -> Option<String> {
    let on_field = |o: ObjectId| {
        let obj = state.object(o);
        obj.left.is_none() && state.zone(obj.zone).name == "field" && state.controller(o) == player && w.is(state, o, w.unit)
    };
    let reason = if !on_field(target) {
        format!("{} is not a UNIT {} controls on the field (Trails 1219.2a)", state.name_of(target), state.players[player.index()].name)
    } else if !on_field(supporter) {
        format!("{} is not a UNIT {} controls on the field (Trails 1219.2b)", state.name_of(supporter), state.players[player.index()].name)
    } else if supporter == target {
        format!("{} cannot support itself (Trails 1219.2b-1)", state.name_of(target))
    } else if state.object(supporter).flags.contains("actioned") || state.object(supporter).flags.contains("stunned") {
        format!("{} is not ready (Trails 1219.2b-2)", state.name_of(supporter))
    } else if !share_an_organization(state, w, &[target, supporter]) {
        format!("{} and {} share no organization (Trails 1218.2a, 1219.2b-3)", state.name_of(supporter), state.name_of(target))
    } else if only(state, supporter, "give_support_only_to", target) || only(state, target, "be_given_support_only_by", supporter) {
        format!("{} cannot give support to {} (Trails 1218.2b-c, 1219.2b-4/5)", state.name_of(supporter), state.name_of(target))
    } else {
        return None;
    };
    Some(reason)
}

/// Every (target, supporter) pair `player` may use for SCLM Support now.
pub fn supports(state: &GameState, w: &Words, player: PlayerId) -> Vec<(ObjectId, ObjectId)> {
    let mine: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| state.controller(*o) == player).collect();
    let mut out = vec![];
    for target in &mine {
        for supporter in &mine {
            if cannot_support(state, w, player, *target, *supporter).is_none() {
                out.push((*target, *supporter));
            }
        }
    }
    out
}

/// The Support attribute (1309): the keyword whose definition forbids Overkill in the combats
/// where its UNIT is attacked (1309.1a, the `overkill_when_attacked` hook).
fn support_attribute(state: &GameState) -> Option<KeywordId> {
    let library = &state.library;
    let forbids = |effect: &Effect| match effect {
        Effect::Do { call, .. } => library.vocab.templates[call.template.index()]
            .implementation
            .iter()
            .any(|b| b.primitive == Primitive::Forbid && b.args.iter().any(|a| matches!(a, BoundArg::Word(word) if word.split_whitespace().any(|h| h == "overkill_when_attacked")))),
        _ => false,
    };
    library.keywords.iter().position(|k| k.as_ref().is_some_and(|k| k.abilities.iter().any(|a| a.body.iter().any(forbids)))).map(|i| KeywordId(i as u32))
}

/// The name SCLM Support waits under in the Resolve Standby Zone (1219, 1220).
const SCLM_SUPPORT: &str = "SCLM_Support";

/// Trails 1219.2: SCLM Support is executed: the supporter is actioned (1219.2b) and the support
/// waits in the Resolve Standby Zone for the target (1219.2c), to resolve like a played card or
/// craft when both players pass (902.5c, 1220); only gaining EP skips the zone (1217.4). Its
/// resolution is the vocabulary's action bound to `game(gain_support, ...)`.
pub fn support(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, target: ObjectId, supporter: ObjectId) -> Result<(), Illegal> {
    if let Some(why) = cannot_support(state, w, player, target, supporter) {
        return Err(Illegal(why));
    }
    let template = gain_support_action(state).ok_or_else(|| Illegal("the game defines no action bound to game(gain_support, ...) (Trails 1220.1b)".into()))?;
    Ctx::new(state, agent, Some(supporter), player, vec![]).happen(Event::Flag { object: supporter, flag: crate::kernel::name!("actioned"), value: true, by: vec![] })?;
    let call = Call { template, args: vec![Operand::Binding(TARGET.into())], span: Default::default() };
    let body = vec![Effect::Do { call, for_each: None, duration: None, binding: None }];
    let env = vec![(crate::kernel::name!(TARGET), Binding::Objects(vec![target]))];
    let entry = StackEntry { source: Some(supporter), controller: player, ability: AbilityRef::Action(SCLM_SUPPORT.into()), env, body: Arc::new(body), condition: None, targets: vec![], id: state.log.len() };
    state.apply(Event::Pushed { entry: std::rc::Rc::new(entry) });
    Ok(())
}

/// The name the waiting support binds its target to.
const TARGET: &str = "target";

/// The action template whose implementation is `game(gain_support, ...)` (1220.1b).
fn gain_support_action(state: &GameState) -> Option<TemplateId> {
    let vocab = &state.library.vocab;
    vocab.templates.iter().position(|t| t.implementation.iter().any(|b| b.calls_procedure("gain_support"))).map(|i| TemplateId(i as u32))
}

/// Trails 1220: SCLM Support resolves: if the target is still a UNIT its player controls on the
/// field (1220.1a), it gains support for as long as it stays there (1220.1b) and "gains support"
/// triggers; otherwise nothing happens.
pub fn gain_support(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, target: ObjectId, source: Option<ObjectId>) -> Result<(), Illegal> {
    let obj = state.object(target);
    let valid = obj.left.is_none() && state.zone(obj.zone).name == "field" && state.controller(target) == player && w.is(state, target, w.unit);
    if !valid {
        return Ok(());
    }
    let attribute = support_attribute(state).ok_or_else(|| Illegal("the game defines no Support attribute (Trails 1309.1a)".into()))?;
    let effect = ContinuousEffect {
        id: state.next_effect_id(),
        source,
        controller: player,
        timestamp: Default::default(),
        affected: Selector::Objects(vec![target]),
        change: Change::GrantKeyword(attribute),
        duration: Duration::WhileIn(target),
        condition: None,
        keyword: None,
    };
    Ctx::new(state, agent, source, player, vec![]).happen(Event::EffectBegan { effect: Box::new(effect) })?;
    announce(state, agent, Event::Signal { name: crate::kernel::name!("support_gained"), objects: vec![target], player: Some(player), detail: None });
    Ok(())
}
