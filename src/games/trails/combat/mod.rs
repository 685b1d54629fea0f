//! Combat (Trails 800): the combat sub steps (`propose`), who may attack what (`legal`), one
//! Combat Resolution Step with one or more attacking UNITs (804, SCLM Attacks 804.5), combat
//! damage (`damage`: fight back, stun, Overkill) and SCLM Support (`support`, 1218-1220).

mod damage;
mod legal;
mod propose;
mod required;
mod support;

pub use damage::stun;
pub use propose::sub_steps;
pub use support::{gain_support, support, supports};

use crate::interp::{announce, Ctx};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, Illegal, ObjectId, PlayerId};

use super::turn::{initiative, mark_players, open, Windows};
use super::Words;

/// The flags of the UNITs in combat (804.5-6), cleared as the combat ends (804.13b-d).
const COMBAT: [&str; 5] = ["attacking", "attacking_alone", "sclm_attacking", "defending", "combating"];

/// What UNITs attack (803.5): an opponent's UNIT, or the opponent when no UNIT can be chosen
/// (803.5b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Unit(ObjectId),
    Player(PlayerId),
}

/// Trails 803.5, 1326.2: the primary player chooses the attack target among the opponent's UNITs
/// every attacker may attack (those that must be attacked if able, when there are any); the
/// opponent when there is none (803.5b).
fn choose_target(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, attackers: &[ObjectId]) -> Target {
    let options = legal::targets(state, w, player, attackers);
    if options.is_empty() {
        return Target::Player(state.opponent_of(player));
    }
    let names: Vec<String> = attackers.iter().map(|a| state.name_of(*a)).collect();
    let prompt = state.worded_or_blank(|| format!("the attack target of {} (Trails 803.5)", names.join(", ")).into());
    match state.ask(agent, player, Question::Objects { prompt, options: options.clone(), min: 1, max: 1 }) {
        Answer::Objects(list) if !list.is_empty() => Target::Unit(list[0]),
        _ => Target::Unit(options[0]),
    }
}

/// Sets `flags` of `object` through the replacement and trigger machinery.
fn mark(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, flags: &[&str], value: bool) {
    let mut ctx = Ctx::new(state, agent, None, player, vec![]);
    for flag in flags {
        let _ = ctx.happen(Event::Flag { object, flag: (*flag).into(), value, by: vec![] });
    }
}

/// Whether a UNIT is still in the combat with `flag` (804.7: not moved, not stunned).
fn in_combat(state: &GameState, object: ObjectId, flag: &str) -> bool {
    let o = state.object(object);
    o.left.is_none() && o.flags.contains(flag) && !o.flags.contains("stunned")
}

/// One combat sub step after the attackers are proposed (803.5-804.13): the target chosen, the
/// attack checked (803.6: an illegal attack changes nothing) and checked again for each UNIT
/// (804.1-804.2), the attackers actioned (804.4), alone or in a SCLM Attack (804.5), "attacks"
/// and "is attacked" triggers (804.8, once per attacking UNIT 1211.7), combat damage (804.11),
/// the combat's durations ending (804.13).
pub fn attack(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows, player: PlayerId, attackers: &[ObjectId]) -> Result<(), Illegal> {
    if let Some(why) = legal::cannot_attack_together(state, w, player, attackers) {
        return Err(Illegal(why));
    }
    mark_players(state, initiative(state), player);
    let target = choose_target(state, agent, w, player, attackers);
    legal::check(state, w, player, attackers, target)?;
    // 803.7: priority processing; 804.1: a UNIT that is no longer legal leaves the attack;
    // 804.2: without attackers or target the attack does not proceed.
    open(windows, state, agent, w);
    let attackers: Vec<ObjectId> = attackers.iter().copied().filter(|a| legal::cannot_attack(state, w, player, *a).is_none() && legal::cannot_attack_target(state, w, *a, target).is_none()).collect();
    let target_gone = matches!(target, Target::Unit(t) if state.object(t).left.is_some() || state.object(t).flags.contains("stunned"));
    if state.outcome.is_some() || attackers.is_empty() || target_gone {
        return Ok(());
    }
    // 804.3: the actions required to attack; if they cannot be, back to 803.3.
    if !required::carry_out(state, agent, player, &attackers) {
        return Ok(());
    }
    // 804.4-804.6: the attackers are actioned; attacking (alone or in a SCLM Attack), defending, in combat.
    let sclm = attackers.len() > 1;
    let together = if sclm { "sclm_attacking" } else { "attacking_alone" };
    for a in &attackers {
        mark(state, agent, player, *a, &["actioned", "attacking", together, "combating"], true);
    }
    if let Target::Unit(t) = target {
        mark(state, agent, player, t, &["defending", "combating"], true);
    }
    // 804.8-804.9: triggers, once per attacking UNIT (1211.7), then priority processing.
    let first = first_attack_of_turn(state, player);
    for a in &attackers {
        announce(state, agent, Event::Signal { name: crate::kernel::name!("attack"), objects: vec![*a], player: Some(player), detail: None });
        let how = if sclm { "sclm_attack" } else { "attack_alone" };
        announce(state, agent, Event::Signal { name: how.into(), objects: vec![*a], player: Some(player), detail: None });
    }
    // Trails 1404.1: the first attack the player's UNITs make this turn, all of them together.
    if first {
        announce(state, agent, Event::Signal { name: crate::kernel::name!("first_attack_of_turn"), objects: attackers.clone(), player: Some(player), detail: None });
    }
    if let Target::Unit(t) = target {
        let defender = state.controller(t);
        announce(state, agent, Event::Signal { name: crate::kernel::name!("attacked"), objects: vec![t], player: Some(defender), detail: None });
        if sclm {
            announce(state, agent, Event::Signal { name: crate::kernel::name!("sclm_attacked"), objects: vec![t], player: Some(defender), detail: None });
        }
    }
    open(windows, state, agent, w);
    // 804.10-804.11: combat with the UNITs still attacking and the target still defending.
    let attacking: Vec<ObjectId> = attackers.iter().copied().filter(|a| in_combat(state, *a, "attacking")).collect();
    if state.outcome.is_none() && !attacking.is_empty() {
        match target {
            Target::Unit(t) if in_combat(state, t, "defending") => damage::fight(state, agent, w, &attacking, t, sclm),
            // 804.10: no defending UNIT: the attackers ready.
            Target::Unit(_) => attacking.iter().for_each(|a| mark(state, agent, player, *a, &["actioned"], false)),
            // 804.11b: each attacking UNIT's STR is Overkill Damage, in a SCLM Attack too.
            Target::Player(p) => {
                for a in attacking {
                    let str = w.number(state, a, w.str);
                    damage::overkill(state, agent, a, p, str, "overkill_against_player");
                }
            }
        }
    }
    // 804.12-804.13: priority processing, then the combat ends; 804.13f: while rule processes or
    // triggers remain, priority processing again.
    for _ in 0..100 {
        open(windows, state, agent, w);
        end_combat(state);
        if state.pending.is_empty() || state.outcome.is_some() {
            break;
        }
    }
    Ok(())
}

/// Trails 804.13: the combat ends: "during this combat / attack / defense" effects end (804.13a)
/// and no UNIT is attacking, defending or in combat any more (804.13b-e).
fn end_combat(state: &mut GameState) {
    state.end_durations("end_of_combat");
    let involved: Vec<ObjectId> = state.live_objects().filter(|o| COMBAT.iter().any(|f| state.object(*o).flags.contains(f))).collect();
    for o in involved {
        for flag in COMBAT {
            if state.object(o).flags.contains(flag) {
                state.apply(Event::Flag { object: o, flag: flag.into(), value: false, by: vec![] });
            }
        }
    }
}

/// Trails 804.7, 804.5a, 804.6a (a rule process): an attacking or defending UNIT that became
/// stunned, moved off the field (the same card in the homebase, 502.3a; another zone makes a new
/// object without the flags) or ceased to be a UNIT is no longer attacking, defending or in combat
/// at once, not only as the combat ends (804.13); the others keep theirs (804.5b). A UNIT whose
/// controller changed moved to the other player's field (506.4, the same object): it moved to another
/// zone too, so an attacking UNIT must be on the field of the player who attacks (the primary player
/// of the combat sub step, 804.14) and a defending one on the other's. Whether any left.
pub fn leave_combat(state: &mut GameState) -> bool {
    let involved: Vec<ObjectId> = state.live_objects().filter(|o| state.object(*o).flags.contains("combating")).collect();
    if involved.is_empty() {
        return false;
    }
    let Some(w) = Words::of(&state.library.vocab) else { return false };
    let attacker = state.turn_player;
    let out: Vec<ObjectId> = involved
        .into_iter()
        .filter(|o| {
            let obj = state.object(*o);
            let zone = state.zone(obj.zone);
            let moved_sides = (obj.flags.contains("attacking") && zone.owner != Some(attacker)) || (obj.flags.contains("defending") && zone.owner == Some(attacker));
            obj.flags.contains("stunned") || zone.name != "field" || moved_sides || !w.is(state, *o, w.unit)
        })
        .collect();
    for &o in &out {
        for flag in COMBAT {
            if state.object(o).flags.contains(flag) {
                state.apply(Event::Flag { object: o, flag: flag.into(), value: false, by: vec![] });
            }
        }
    }
    !out.is_empty()
}

/// Whether no UNIT of `player`'s has attacked yet this turn (Trails 1404.1 "first attack each
/// turn"): no attack announced for them since the turn began.
fn first_attack_of_turn(state: &GameState, player: PlayerId) -> bool {
    for event in state.log.iter().rev() {
        match event {
            Event::TurnBegan { .. } => return true,
            Event::Signal { name, player: Some(p), .. } if name == "attack" && *p == player => return false,
            _ => {}
        }
    }
    true
}
