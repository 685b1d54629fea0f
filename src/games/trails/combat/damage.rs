//! Combat damage (Trails 804.11): fight back targets (804.11a-1, 1327), stun by STR against DEF
//! (804.11a-2, 804.11a-4; 1306 with Stun Damage, an ITEM destroyed instead 1306.5), Overkill
//! Damage against a UNIT (804.11a-3, none in a SCLM Attack) and against a player (804.11b).

use crate::interp::{announce, Ctx};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, ObjectId, PlayerId, Position};

use super::super::Words;

/// Trails 804.11a-1, 1327: the attacking UNITs the defender fights back: those that may be chosen
/// (not prohibited from being the fight back target); all of them if it "fights back multiple
/// targets" (1327.1); else one its controller selects, among those it must fight back if able
/// when there are any (1327.2).
fn fight_back_targets(state: &mut GameState, agent: &mut dyn Agent, attackers: &[ObjectId], defender: ObjectId) -> Vec<ObjectId> {
    let mut options: Vec<ObjectId> = attackers.iter().copied().filter(|a| state.permits(*a, "be_fight_back_target", None, Some(defender)) != Some(false)).collect();
    if options.len() <= 1 || state.permits(defender, "fight_back_all_targets", None, None) == Some(true) {
        return options;
    }
    let forced: Vec<ObjectId> = options.iter().copied().filter(|a| state.permits(defender, "must_fight_back", None, Some(*a)) == Some(true)).collect();
    if !forced.is_empty() {
        options = forced;
    }
    if options.len() == 1 {
        return options;
    }
    let controller = state.controller(defender);
    let prompt = state.worded_or_blank(|| format!("the fight back target of {} (Trails 804.11a-1)", state.name_of(defender)).into());
    match state.ask(agent, controller, Question::Objects { prompt, options: options.clone(), min: 1, max: 1 }) {
        Answer::Objects(list) if !list.is_empty() => list,
        _ => vec![options[0]],
    }
}

/// Trails 804.11a: the defender fights back (804.11a-1); the attackers' STR, added up in a SCLM
/// Attack, against the defender's DEF stuns it (804.11a-2); Overkill Damage is the excess, not in
/// a SCLM Attack (804.11a-3); the defender's STR against each fight back target's DEF stuns it
/// (804.11a-4). STR and DEF are compared before anyone is stunned.
pub fn fight(state: &mut GameState, agent: &mut dyn Agent, w: &Words, attackers: &[ObjectId], defender: ObjectId, sclm: bool) {
    let fought_back: Vec<(ObjectId, i64)> = fight_back_targets(state, agent, attackers, defender).into_iter().map(|a| (a, w.number(state, a, w.def))).collect();
    let total: i64 = attackers.iter().map(|a| w.number(state, *a, w.str)).sum();
    let (d_str, d_def) = (w.number(state, defender, w.str), w.number(state, defender, w.def));
    let defending_player = state.controller(defender);
    // 804.11a-2 to 804.11a-4 happen at the same time: a UNIT stunned here still triggers on the rest.
    state.apply(Event::Simultaneous { open: true });
    if total >= d_def {
        stun(state, agent, defender, attackers);
    }
    // 804.11a-3, 1309.1a: no Overkill in a SCLM Attack, nor against a UNIT with Support.
    if !sclm && total > d_def && state.permits(defender, "overkill_when_attacked", None, Some(attackers[0])) != Some(false) {
        overkill(state, agent, attackers[0], defending_player, total - d_def, "overkill_against_unit");
    }
    for (target, def) in fought_back {
        if d_str >= def {
            stun(state, agent, target, &[defender]);
        }
    }
    state.apply(Event::Simultaneous { open: false });
}

/// Trails 804.11a-3, 804.11b: Overkill Damage: the player loses `amount` bond if the UNIT's
/// Overkill (the keyword every UNIT has, std-abilities/trails/keywords.card) allows it by `hook`
/// and it is not forbidden (1319 "can't cause Overkill"); its source is the UNIT (1222.3).
pub fn overkill(state: &mut GameState, agent: &mut dyn Agent, unit: ObjectId, player: PlayerId, amount: i64, hook: &str) {
    if amount <= 0 || state.permits(unit, hook, None, None) != Some(true) {
        return;
    }
    let controller = state.controller(unit);
    let mut ctx = Ctx::new(state, agent, Some(unit), controller, vec![]);
    if ctx.happen(Event::Resource { player, name: crate::kernel::name!("bond"), delta: -amount }).is_ok() {
        announce(state, agent, Event::Signal { name: crate::kernel::name!("overkill_damage"), objects: vec![unit], player: Some(player), detail: Some(amount.to_string()) });
    }
}

/// Trails 1306: stuns a UNIT: it becomes stunned, face-down and actioned (1306.1-1306.2a; a stunned
/// UNIT is not stunned again, 1306.2d) and its controller loses bond equal to its CP cost (1306.3,
/// Stun Damage) unless they "don't take stun damage" (1307). An ITEM (an ITEM•UNIT) is destroyed
/// instead (1306.5). `by` stunned it: every attacking UNIT of a SCLM Attack (1222.4a).
pub fn stun(state: &mut GameState, agent: &mut dyn Agent, unit: ObjectId, by: &[ObjectId]) {
    if state.object(unit).flags.contains("stunned") || state.object(unit).left.is_some() {
        return;
    }
    let w = Words::get(state);
    let controller = state.controller(unit);
    if w.is(state, unit, w.item) {
        let owner = state.object(unit).owner;
        if let Some(trail) = state.zone_id(crate::kernel::name!("trail"), Some(owner)) {
            let event = state.move_event(unit, trail, Some(crate::kernel::name!("destroy")), Position::Top);
            let _ = Ctx::new(state, agent, by.first().copied(), controller, vec![]).happen(event);
        }
        return;
    }
    let cp = w.number(state, unit, w.cp);
    let mut ctx = Ctx::new(state, agent, by.first().copied(), controller, vec![]);
    if ctx.happen(Event::Flag { object: unit, flag: crate::kernel::name!("stunned"), value: true, by: by.to_vec() }).is_err() {
        return;
    }
    for flag in ["face_down", "actioned"] {
        if !ctx.state.object(unit).flags.contains(flag) {
            let _ = ctx.happen(Event::Flag { object: unit, flag: flag.into(), value: true, by: vec![] });
        }
    }
    let immune = ctx.state.player_rules(controller).iter().any(|(name, ..)| name == "no_stun_damage");
    if cp > 0 && !immune {
        let _ = ctx.happen(Event::Resource { player: controller, name: crate::kernel::name!("bond"), delta: -cp });
    }
}
