//! Playing activated crafts (Trails 1210) and Arts abilities (1213) with their costs paid
//! (1204.2f-4, 1204.2f-5), and the game's hooks into the interpreter: `pay N cp` and `pay N ep`
//! as costs and effects (1318), paid from the pools with EP gained from the homebase (1217.3).

use crate::interp::engine::push;
use crate::interp::{abilities_of, keyword_env, Ctx};
use crate::ir::CostIr;
use crate::kernel::decision::Agent;
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{Binding, Deed, Event, GameCall, GameState, Illegal, ObjectId, PlayerId, Position, Value};

use super::cost::pay;

/// The kind word of Arts abilities (prelude: `ability art activated`, 208.1).
const ARTS: &str = "art";

/// Trails 1204.2, 1210, 1213: an activated craft of a card its player controls on the field or in
/// the homebase, or an Arts ability of a card in their hand or face-down in their homebase
/// (1213.2, 1213.2a); a stunned UNIT's abilities are invalid (1306.2c). Played from the homebase,
/// the card is turned face-up (1204.2a); the targets are chosen (1204.2d); the costs are paid in
/// the order written (1203.4): EP for an Arts ability, with the card put into the trail when it is
/// played from elsewhere than the homebase (1204.2f-5); `{action}` actions the ready card (1321).
pub fn use_ability(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, reference: &AbilityRef) -> Result<(), Illegal> {
    let library = state.library.clone();
    let name = state.name_of(object);
    let ability = abilities_of(state, &library, object).into_iter().find(|(r, _)| r == reference).map(|(_, a)| a.into_owned());
    let ability = ability.ok_or_else(|| Illegal(format!("{name} no longer has that ability")))?;
    let arts = library.vocab.ability_kinds[ability.kind.index()].name == ARTS;
    let zone = state.zone(state.object(object).zone).name.clone();
    let face_down = state.object(object).flags.contains("face_down");
    let controlled = state.characteristics(object).controller == player;
    match (arts, zone.as_str()) {
        (true, "hand") if state.object(object).owner == player => {}
        (true, "homebase") if controlled && face_down => {}
        (true, _) => return Err(Illegal(format!("{name}'s Arts ability is played from its player's hand or face-down homebase (Trails 1213.2)"))),
        (false, "field" | "homebase") if controlled => {}
        (false, _) => return Err(Illegal(format!("{name}'s craft is played from a card its player controls (Trails 1210.2)"))),
    }
    if !arts && state.abilities_inactive(object) {
        return Err(Illegal(format!("{name} is stunned: its abilities are invalid (Trails 1306.2c)")));
    }
    if zone == "homebase" && face_down {
        Ctx::new(state, agent, None, player, vec![]).happen(Event::Flag { object, flag: "face_down".into(), value: false, by: vec![] })?;
    }
    let mut env = keyword_env(state, &library, object, reference);
    env.push(("X".to_string(), Binding::Number(0)));
    let before = state.stack.len();
    push(state, agent, Some(object), player, reference.clone(), env.clone(), std::sync::Arc::new(ability.body.clone()), ability.condition.clone());
    if state.stack.len() == before {
        return Err(Illegal(format!("{name}'s ability has no legal target (Trails 1204.2d)")));
    }
    for part in &ability.costs {
        match part {
            CostIr::Symbols(symbols) => {
                for symbol in symbols {
                    if state.object(object).flags.contains("actioned") {
                        return Err(Illegal(format!("{name} is not ready to pay {{{symbol}}} (Trails 1321)")));
                    }
                    Ctx::new(state, agent, Some(object), player, vec![]).happen(Event::Flag { object, flag: "actioned".into(), value: true, by: vec![] })?;
                }
            }
            CostIr::Phrase(call) => {
                let effect = crate::ir::Effect::Do { call: call.clone(), for_each: None, duration: None, binding: None };
                let mut ctx = Ctx::new(state, agent, Some(object), player, env.clone());
                ctx.paying = true;
                ctx.run(std::slice::from_ref(&effect))?;
            }
        }
    }
    if arts && zone != "homebase" {
        let owner = state.object(object).owner;
        let trail = state.zone_id("trail", Some(owner)).ok_or_else(|| Illegal("no trail".into()))?;
        let event = state.move_event(object, trail, Some("arts cost".into()), Position::Top);
        Ctx::new(state, agent, Some(object), player, vec![]).happen(event)?;
    }
    Ok(())
}

/// Carries out the Trails `game(...)` actions the procedures know: paying CP and EP (1318). The
/// others (search, plan, counter, play...) are announced only, as before there were procedures.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let resource = match call.name.as_str() {
        "pay_cp" => "cp",
        "pay_ep" => "ep",
        "stun" => {
            for &object in &call.objects {
                super::terms::stun_by_effect(state, agent, object, call.source);
            }
            return Ok(None);
        }
        "cure" => {
            for &object in &call.objects {
                super::terms::cure(state, agent, object, call.source);
            }
            return Ok(None);
        }
        _ => return Ok(None),
    };
    let what = call.source.map_or_else(|| "the effect".to_string(), |s| state.name_of(s));
    pay(state, agent, call.player, resource, call.amount.unwrap_or(0), &what)?;
    Ok(None)
}

/// Every candidate may be chosen (Trails has no "cannot be chosen" rules yet).
pub fn legal_targets(_: &GameState, _: PlayerId, _: Option<ObjectId>, candidates: Vec<ObjectId>) -> Vec<ObjectId> {
    candidates
}

/// Nothing is announced when targets are chosen.
pub fn announce_chosen(_: &mut GameState, _: &mut dyn Agent, _: PlayerId, _: Option<ObjectId>, _: &[ObjectId]) {}

/// Effects may do anything the kernel's own rules allow.
pub fn allows(_: &GameState, _: ObjectId, _: Deed<'_>, _: PlayerId, _: Option<ObjectId>) -> bool {
    true
}
