//! Game terms of section 1300 that the game carries out for effects: stun through an effect,
//! with an ITEM destroyed instead (1306.1, 1306.5), cure by effects and in the Cure Phase (1308, 1306.4), counter (1324),
//! discarding a whole hand (1314.2).

use crate::interp::Ctx;
use crate::kernel::decision::Agent;
use crate::kernel::{Event, GameState, Illegal, ObjectId, Position};

use super::Words;

/// Trails 1306.1, 1306.5: an effect stuns a UNIT (`combat::stun`: stunned, face-down, actioned,
/// Stun Damage); an ITEM it would stun (an ITEM•UNIT too, 203.2a) is destroyed instead (1317.2).
pub fn stun_by_effect(state: &mut GameState, agent: &mut dyn Agent, object: ObjectId, by: Option<ObjectId>) {
    let w = Words::get(state);
    if state.object(object).left.is_some() {
        return;
    }
    if !w.is(state, object, w.item) {
        super::combat::stun(state, agent, object, by.as_slice());
        return;
    }
    let owner = state.object(object).owner;
    let controller = state.controller(object);
    let Some(trail) = state.zone_id(crate::kernel::name!("trail"), Some(owner)) else { return };
    let event = state.move_event(object, trail, Some(crate::kernel::name!("destroy")), Position::Top);
    let _ = Ctx::new(state, agent, by, controller, vec![]).happen(event);
}

/// Trails 1308.1, 1306.4: stunned UNITs are cured, all at the same time (705.6: "both players
/// simultaneously cure"; an effect curing several): each ceases to be stunned and so becomes
/// face-up and actioned. The one way a UNIT is cured, by the Cure Phase (705.6) as by effects
/// (1308.1), so "is cured" triggers alike; a UNIT that is not stunned is left as it is.
pub fn cure(state: &mut GameState, agent: &mut dyn Agent, objects: &[ObjectId], by: Option<ObjectId>) {
    let stunned: Vec<ObjectId> = objects.iter().copied().filter(|o| state.object(*o).flags.contains("stunned") && state.object(*o).left.is_none()).collect();
    let together = stunned.len() > 1;
    if together {
        state.apply(Event::Simultaneous { open: true });
    }
    for object in stunned {
        let controller = state.controller(object);
        let mut ctx = Ctx::new(state, agent, by, controller, vec![]);
        for (flag, value) in [("stunned", false), ("face_down", false), ("actioned", true)] {
            if ctx.state.object(object).flags.contains(flag) != value {
                let _ = ctx.happen(Event::Flag { object, flag: flag.into(), value, by: by.into_iter().collect() });
            }
        }
    }
    if together {
        state.apply(Event::Simultaneous { open: false });
    }
}

/// Trails 1324.1-2 Counter: a card waiting in the Resolve Standby Zone is removed from it without
/// resolving (its effect leaves the stack, not the abilities it triggered, 1204.2j); a card that is
/// not a proxy goes to its owner's trail, a proxy is removed and its card stays in the homebase
/// (1204.2i). Costs paid stay paid.
pub fn counter(state: &mut GameState, agent: &mut dyn Agent, object: ObjectId, by: Option<ObjectId>, controller: crate::kernel::PlayerId) -> Result<(), Illegal> {
    let object = state.current(object);
    let library = state.library.clone();
    crate::games::unstack(state, object, |e| super::play::card_entry(&library, e));
    if state.zone(state.object(object).zone).name != "resolve_standby_zone" {
        return Ok(());
    }
    if state.object(object).flags.contains(super::play::PROXY) {
        return Ctx::new(state, agent, by, controller, vec![]).happen(Event::Removed { object }).map(|_| ());
    }
    let owner = state.object(object).owner;
    let trail = state.zone_id(crate::kernel::name!("trail"), Some(owner)).ok_or_else(|| Illegal("no trail".into()))?;
    let event = state.move_event(object, trail, Some(crate::kernel::name!("counter")), Position::Top);
    Ctx::new(state, agent, by, controller, vec![]).happen(event).map(|_| ())
}

/// Trails 1314.2 "discard all cards in hand": every card in the player's hand moves to their trail,
/// one after the other (1314.1); an empty hand is still considered discarded.
pub fn discard_hand(state: &mut GameState, agent: &mut dyn Agent, call: &crate::kernel::GameCall) -> Result<(), Illegal> {
    let player = call.player;
    let (Some(hand), Some(trail)) = (state.zone_id(crate::kernel::name!("hand"), Some(player)), state.zone_id(crate::kernel::name!("trail"), Some(player))) else { return Ok(()) };
    for object in state.zone(hand).objects.clone() {
        let event = state.move_event(object, trail, Some(crate::kernel::name!("discard")), Position::Top);
        Ctx::new(state, agent, call.source, call.controller, vec![]).happen(event)?;
    }
    Ok(())
}
