//! Combat (Trails 800): the combat sub steps, each a Propose Attacker Step (803) and a Combat
//! Resolution Step (804) with one attacking UNIT: fight back, stun with Stun Damage (1306),
//! Overkill Damage (804.11a-3, 804.11b) and the end of the combat's durations (804.13).

use crate::interp::{announce, Ctx};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, Illegal, ObjectId, PlayerId};

use super::turn::{initiative, mark_players, open, Windows};
use super::Words;

/// The flags of the UNITs in combat (804.5-6), cleared as the combat ends (804.13b-d).
const COMBAT: [&str; 4] = ["attacking", "attacking_alone", "defending", "combating"];

/// What a UNIT attacks (803.5): an opponent's UNIT, or the opponent when no UNIT can be chosen
/// (803.5b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Unit(ObjectId),
    Player(PlayerId),
}

/// Why a card is not a UNIT on the field on the right side (`own`: the player's, or else the
/// opponent's), if it is not (804.1a, 803.3, 803.5, 803.6a, 803.6f).
fn misplaced(state: &GameState, w: &Words, object: ObjectId, player: PlayerId, own: bool) -> Option<&'static str> {
    let o = state.object(object);
    if o.left.is_some() || state.zone(o.zone).name != "field" {
        Some("is not on the field (Trails 804.1a)")
    } else if (state.characteristics(object).controller == player) != own {
        Some(if own { "is not controlled by the primary player (Trails 803.3)" } else { "is not the opponent's (Trails 803.5)" })
    } else if !w.is(state, object, w.unit) {
        Some("is not a UNIT (Trails 803.6a, 803.6f)")
    } else {
        None
    }
}

/// Why `object` cannot attack for `player` now, if it cannot (803.3a, 803.6a-c).
pub fn cannot_attack(state: &GameState, w: &Words, player: PlayerId, object: ObjectId) -> Option<String> {
    let o = state.object(object);
    let reason = if let Some(why) = misplaced(state, w, object, player, true) {
        why
    } else if o.flags.contains("actioned") || o.flags.contains("stunned") {
        "is not ready (Trails 803.3a-1)"
    } else if state.permits(object, "attack", None, None) == Some(false) {
        "is prohibited from attacking (Trails 803.3a-2)"
    } else {
        return None;
    };
    Some(format!("{} {reason}", state.name_of(object)))
}

/// The UNITs `player` may propose as attackers now (803.3a).
pub fn attackers(state: &GameState, w: &Words, player: PlayerId) -> Vec<ObjectId> {
    state.in_zones("field").filter(|o| cannot_attack(state, w, player, *o).is_none()).collect()
}

/// Why `attacker` may not attack the UNIT `target`, if it may not (803.5a, 803.6e-g; 【Covert】's
/// "can only attack" and "can only be attacked by", 1402).
fn cannot_target(state: &GameState, w: &Words, attacker: ObjectId, target: ObjectId) -> Option<String> {
    let o = state.object(target);
    let reason = if let Some(why) = misplaced(state, w, target, state.characteristics(attacker).controller, false) {
        why
    } else if o.flags.contains("stunned") {
        "is stunned (Trails 803.5a-1, 803.6g)"
    } else if state.permits(target, "be_attacked", None, Some(attacker)) == Some(false)
        || only(state, target, "be_attacked_only_by", attacker)
        || only(state, attacker, "attack_only", target)
    {
        "cannot be chosen as its attack target (Trails 803.5a-2, 803.6e)"
    } else {
        return None;
    };
    Some(format!("{} {reason}", state.name_of(target)))
}

/// Whether an "only" permission of `object`'s leaves `other` out: it has the hook and none of its
/// hooks allows `other` ("can only attack 【Covert】", "can only be attacked by 【Covert】", 1402).
fn only(state: &GameState, object: ObjectId, action: &str, other: ObjectId) -> bool {
    state.characteristics(object).allowed.iter().any(|h| h.action == action) && state.permits(object, action, None, Some(other)) != Some(true)
}

/// Whether the attack is legal now (803.6): the attacker may attack and the target may be
/// attacked by it.
fn check(state: &GameState, w: &Words, player: PlayerId, attacker: ObjectId, target: Target) -> Result<(), Illegal> {
    if let Some(why) = cannot_attack(state, w, player, attacker) {
        return Err(Illegal(why));
    }
    match target {
        Target::Unit(t) => cannot_target(state, w, attacker, t).map_or(Ok(()), |why| Err(Illegal(why))),
        Target::Player(_) => Ok(()),
    }
}

/// Trails 803.5: the primary player chooses the attack target among the opponent's UNITs it may
/// attack; the opponent when there is none (803.5b).
fn choose_target(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, attacker: ObjectId) -> Target {
    // 803.5a: the opponent's UNITs it may attack.
    let options: Vec<ObjectId> = state.in_zones("field").filter(|t| cannot_target(state, w, attacker, *t).is_none()).collect();
    if options.is_empty() {
        return Target::Player(state.opponent_of(player));
    }
    let prompt = format!("the attack target of {} (Trails 803.5)", state.name_of(attacker));
    match state.ask(agent, player, Question::Objects { prompt, options: options.clone(), min: 1, max: 1 }) {
        Answer::Objects(list) if !list.is_empty() => Target::Unit(list[0]),
        _ => Target::Unit(options[0]),
    }
}

/// One combat sub step after the attacker is proposed (803.5-804.13): the target chosen, the
/// attack checked (803.6: an illegal attack changes nothing) and checked again (804.1), the
/// attacker actioned (804.4), "attacks" and "is attacked" triggers (804.8), fight back and
/// damage (804.11), the combat's durations ending (804.13).
pub fn attack(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows, player: PlayerId, attacker: ObjectId) -> Result<(), Illegal> {
    if let Some(why) = cannot_attack(state, w, player, attacker) {
        return Err(Illegal(why));
    }
    mark_players(state, initiative(state), player);
    let target = choose_target(state, agent, w, player, attacker);
    check(state, w, player, attacker, target)?;
    // 803.7: priority processing; 804.1-804.2: the attack is checked again.
    open(windows, state, agent, w);
    if state.outcome.is_some() || check(state, w, player, attacker, target).is_err() {
        return Ok(());
    }
    // 804.4-804.6: the attacker is actioned; attacking, defending, in combat.
    let mut ctx = Ctx::new(state, agent, None, player, vec![]);
    let _ = ctx.happen(Event::Flag { object: attacker, flag: "actioned".into(), value: true, by: None });
    for flag in ["attacking", "attacking_alone", "combating"] {
        let _ = ctx.happen(Event::Flag { object: attacker, flag: flag.into(), value: true, by: None });
    }
    if let Target::Unit(t) = target {
        for flag in ["defending", "combating"] {
            let _ = ctx.happen(Event::Flag { object: t, flag: flag.into(), value: true, by: None });
        }
    }
    // 804.8-804.9: triggers, then priority processing.
    announce(state, agent, Event::Signal { name: "attack".into(), objects: vec![attacker], player: Some(player), detail: None });
    announce(state, agent, Event::Signal { name: "attack_alone".into(), objects: vec![attacker], player: Some(player), detail: None });
    if let Target::Unit(t) = target {
        let defender = state.characteristics(t).controller;
        announce(state, agent, Event::Signal { name: "attacked".into(), objects: vec![t], player: Some(defender), detail: None });
    }
    open(windows, state, agent, w);
    // 804.7, 804.10-804.11: combat, if the attacker is still attacking and the target defending.
    let in_combat = |state: &GameState, o: ObjectId, flag: &str| state.object(o).left.is_none() && state.object(o).flags.contains(flag) && !state.object(o).flags.contains("stunned");
    if state.outcome.is_none() && in_combat(state, attacker, "attacking") {
        match target {
            Target::Unit(t) if in_combat(state, t, "defending") => fight(state, agent, w, attacker, t),
            Target::Unit(_) => {
                // 804.10: no defending UNIT: the attacker readies.
                let _ = Ctx::new(state, agent, None, player, vec![]).happen(Event::Flag { object: attacker, flag: "actioned".into(), value: false, by: None });
            }
            Target::Player(p) => {
                let str = w.number(state, attacker, w.str);
                overkill(state, agent, attacker, p, str, "overkill_against_player");
            }
        }
    }
    // 804.12-804.13: priority processing, then the combat ends.
    open(windows, state, agent, w);
    end_combat(state);
    Ok(())
}

/// Trails 804.11a: the defender fights back the attacker (804.11a-1: the only attacking UNIT);
/// the attacker's STR against the defender's DEF stuns it (804.11a-2) and Overkill Damage is the
/// excess (804.11a-3); the defender's STR against the attacker's DEF stuns the attacker (804.11a-4).
/// Both are compared before either is stunned.
fn fight(state: &mut GameState, agent: &mut dyn Agent, w: &Words, attacker: ObjectId, defender: ObjectId) {
    let (a_str, a_def) = (w.number(state, attacker, w.str), w.number(state, attacker, w.def));
    let (d_str, d_def) = (w.number(state, defender, w.str), w.number(state, defender, w.def));
    let fights_back = state.permits(attacker, "be_fight_back_target", None, Some(defender)) != Some(false);
    let defending_player = state.characteristics(defender).controller;
    if a_str >= d_def {
        stun(state, agent, defender, Some(attacker));
    }
    if a_str > d_def && state.permits(defender, "overkill_when_attacked", None, Some(attacker)) != Some(false) {
        overkill(state, agent, attacker, defending_player, a_str - d_def, "overkill_against_unit");
    }
    if fights_back && d_str >= a_def {
        stun(state, agent, attacker, Some(defender));
    }
}

/// Trails 804.11a-3, 804.11b: Overkill Damage: the player loses `amount` bond, unless the UNIT
/// cannot cause Overkill (1319); its source is the UNIT (1222.3).
fn overkill(state: &mut GameState, agent: &mut dyn Agent, unit: ObjectId, player: PlayerId, amount: i64, hook: &str) {
    if amount <= 0 || state.permits(unit, hook, None, None) == Some(false) {
        return;
    }
    let controller = state.characteristics(unit).controller;
    let mut ctx = Ctx::new(state, agent, Some(unit), controller, vec![]);
    if ctx.happen(Event::Resource { player, name: "bond".into(), delta: -amount }).is_ok() {
        announce(state, agent, Event::Signal { name: "overkill_damage".into(), objects: vec![unit], player: Some(player), detail: Some(amount.to_string()) });
    }
}

/// Trails 1306: stuns a UNIT: it becomes stunned, face-down and actioned (1306.1-1306.2a; a stunned
/// UNIT is not stunned again, 1306.2d) and its controller loses bond equal to its CP cost (1306.3,
/// Stun Damage) unless they "don't take stun damage" (1307). `by` stunned it (1222.4a).
pub fn stun(state: &mut GameState, agent: &mut dyn Agent, unit: ObjectId, by: Option<ObjectId>) {
    if state.object(unit).flags.contains("stunned") || state.object(unit).left.is_some() {
        return;
    }
    let w = Words::get(state);
    let controller = state.characteristics(unit).controller;
    let cp = w.number(state, unit, w.cp);
    let mut ctx = Ctx::new(state, agent, by, controller, vec![]);
    if ctx.happen(Event::Flag { object: unit, flag: "stunned".into(), value: true, by }).is_err() {
        return;
    }
    for flag in ["face_down", "actioned"] {
        if !ctx.state.object(unit).flags.contains(flag) {
            let _ = ctx.happen(Event::Flag { object: unit, flag: flag.into(), value: true, by: None });
        }
    }
    let immune = ctx.state.player_rules(controller).iter().any(|(name, ..)| name == "no_stun_damage");
    if cp > 0 && !immune {
        let _ = ctx.happen(Event::Resource { player: controller, name: "bond".into(), delta: -cp });
    }
}

/// Trails 804.13: the combat ends: "during this combat / attack / defense" effects end (804.13a)
/// and no UNIT is attacking, defending or in combat any more (804.13b-e).
fn end_combat(state: &mut GameState) {
    state.end_durations("end_of_combat");
    let involved: Vec<ObjectId> = state.live_objects().filter(|o| COMBAT.iter().any(|f| state.object(*o).flags.contains(*f))).collect();
    for o in involved {
        for flag in COMBAT {
            if state.object(o).flags.contains(flag) {
                state.apply(Event::Flag { object: o, flag: flag.into(), value: false, by: None });
            }
        }
    }
}

/// Trails 802.3, 803: the combat sub steps: the Initiative Player first, then in turn, each
/// primary player may propose a ready UNIT to attack or pass (803.3); two passes in succession
/// end them (803.4b). An illegal proposal is a pass.
pub fn sub_steps(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let mut primary = initiative(state);
    let mut passes = 0;
    for _ in 0..200 {
        if state.outcome.is_some() || passes >= 2 {
            return;
        }
        mark_players(state, initiative(state), primary);
        // 803.1-803.2: "at the start of the propose attacker step", priority processing.
        announce(state, agent, Event::Signal { name: "propose_attacker_step_begins".into(), objects: vec![], player: Some(primary), detail: None });
        open(windows, state, agent, w);
        let options = attackers(state, w, primary);
        let chosen = if options.is_empty() {
            vec![]
        } else {
            match state.ask(agent, primary, Question::Objects { prompt: "propose a UNIT to attack, or pass (Trails 803.3)".into(), options, min: 0, max: 1 }) {
                Answer::Objects(list) => list,
                _ => vec![],
            }
        };
        match chosen.first() {
            Some(&unit) if attack(state, agent, w, windows, primary, unit).is_ok() => passes = 0,
            _ => passes += 1,
        }
        primary = state.opponent_of(primary);
    }
}
