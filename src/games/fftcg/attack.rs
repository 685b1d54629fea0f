//! The attack (FF 10.1.2-10.1.4): declaring an attacker or a party, blocking, and damage, with the
//! First Strike step (FF 15.2.3) and the blocker's damage divided among a party (FF 10.1.4.2.1).

use crate::interp::{announce, Ctx};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, Illegal, ObjectId, PlayerId};

use super::turn::Windows;
use super::Words;

/// How many times a Forward attacked this turn (FF 10.1.2.1.2: once, unless an effect allows more:
/// the `attacks` adjustment counts the attacks beyond the first).
pub const ATTACKS_THIS_TURN: &str = "attacks this turn";
/// The tracked list of the Forwards each player attacked with this turn (`@seat`), forgotten at the end of the turn.
pub const FORWARDS_ATTACKED_WITH: &str = "forwards_attacked_with_this_turn";
/// The player state of a player a Forward of whom formed a party this turn (FF 15.1.1.9: "if a
/// Forward you controlled formed a party this turn", 12-105L Yuna), forgotten as the turn ends.
pub const FORMED_PARTY_THIS_TURN: &str = "forward_formed_party_this_turn";

/// Why `object` cannot attack now, if it cannot (FF 10.1.2.1.1-2, 15.2.1.2, 15.2.2.2).
pub fn cannot_attack(state: &GameState, w: &Words, object: ObjectId) -> Option<String> {
    why_not_attack(state, w, object).map(|reason| format!("{} {reason}", state.name_of(object)))
}

/// The reason `object` cannot attack, without naming it (legal plays ask it of every Forward).
fn why_not_attack(state: &GameState, w: &Words, object: ObjectId) -> Option<&'static str> {
    let o = state.object(object);
    let reason = if o.left.is_some() || state.zone(o.zone).name != "field" {
        "is not on the field"
    } else if state.controller(object) != state.turn_player {
        "is not controlled by the turn player"
    } else if !w.is(state, object, w.forward) {
        "is not a Forward"
    } else if o.flags.contains("dull") {
        "is dull"
    } else if o.counters.get(ATTACKS_THIS_TURN).copied().unwrap_or(0) > state.reading(object, |c| c.adjustments.get("attacks").copied().unwrap_or(0)) {
        "has already attacked this turn"
    } else if super::play::arrived_this_turn(state, object) && state.permits(object, "attack_on_arrival", None, None) != Some(true) {
        "entered the field this turn"
    } else if state.permits(object, "attack", None, None) == Some(false) {
        "cannot attack"
    } else {
        return None;
    };
    Some(reason)
}

/// FF 10.1.2.1.3: the Forwards that must attack and still can; the Attack Phase cannot end
/// while there are any.
pub fn must_still_attack(state: &GameState, w: &Words) -> Vec<ObjectId> {
    state.in_zones(crate::kernel::name!("field")).filter(|o| state.permits(*o, "must_attack", None, None) == Some(true) && why_not_attack(state, w, *o).is_none()).collect()
}

/// FF 15.1.1.9.2: a party shares one Element, unless an effect lets its Forwards party anyway
/// (SE14 15.2.8.1).
fn can_party(state: &GameState, w: &Words, attackers: &[ObjectId]) -> bool {
    let first = w.elements(state, attackers[0]);
    let shared = first.iter().any(|e| attackers.iter().all(|a| w.elements(state, *a).contains(e)));
    shared
        || attackers.iter().all(|a| attackers.iter().all(|b| a == b || state.permits(*a, "party_regardless_of_element", None, Some(*b)) == Some(true)))
}

/// The parties and single attackers the turn player may declare now (FF 10.1.2.1): each eligible
/// Forward alone, and for each Element the eligible Forwards of it together.
pub fn declarations(state: &GameState, w: &Words) -> Vec<Vec<ObjectId>> {
    let eligible: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| why_not_attack(state, w, *o).is_none()).collect();
    let mut out: Vec<Vec<ObjectId>> = eligible.iter().map(|o| vec![*o]).collect();
    // A Forward that cannot form a party attacks alone.
    let eligible: Vec<ObjectId> = eligible.into_iter().filter(|o| state.permits(*o, "form_party", None, None) != Some(false)).collect();
    let mut elements: Vec<u32> = eligible.iter().flat_map(|o| w.elements(state, *o)).collect();
    elements.sort_unstable();
    elements.dedup();
    for e in elements {
        let party: Vec<ObjectId> = eligible.iter().copied().filter(|o| w.elements(state, *o).contains(&e)).collect();
        if party.len() > 1 && !out.contains(&party) {
            out.push(party);
        }
    }
    out
}

/// One attack (FF 10.1.2-10.1.4): declaration, block, damage. Illegal if an attacker cannot attack.
pub fn attack(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: &Windows, attackers: &[ObjectId]) -> Result<(), Illegal> {
    for a in attackers {
        if let Some(why) = cannot_attack(state, w, *a) {
            return Err(Illegal(why));
        }
    }
    if attackers.len() > 1 && !can_party(state, w, attackers) {
        return Err(Illegal("the Forwards of a party must share an Element (FF 15.1.1.9.2)".into()));
    }
    if attackers.len() > 1
        && let Some(alone) = attackers.iter().find(|a| state.permits(**a, "form_party", None, None) == Some(false))
    {
        return Err(Illegal(format!("{} cannot form a party", state.name_of(*alone))));
    }
    let player = state.turn_player;
    // FF 15.1.1.9, 10.1.2.1: the Forwards of a party form it as they are declared, before they dull ("The Forwards
    // forming a party you control gain Brave", 12-058C Gippal; "forming a party with this").
    if attackers.len() > 1 {
        for a in attackers {
            Ctx::new(state, agent, None, player, vec![]).happen(Event::Flag { object: *a, flag: crate::kernel::name!("in_party"), value: true, by: vec![] })?;
        }
    }
    // FF 10.1.2.2: attackers dull, unless a rule lets them attack without dulling (Brave).
    for a in attackers {
        let mut ctx = Ctx::new(state, agent, None, player, vec![]);
        if ctx.state.permits(*a, "attack_without_dulling", None, None) != Some(true) {
            ctx.happen(Event::Flag { object: *a, flag: crate::kernel::name!("dull"), value: true, by: vec![] })?;
        }
        ctx.happen(Event::Flag { object: *a, flag: crate::kernel::name!("attacking"), value: true, by: vec![] })?;
        // FF 10.1.2.1.2: how many times it attacked this turn ("already attacked", `why_not_attack`).
        ctx.happen(Event::Counter { object: *a, name: crate::kernel::name!(ATTACKS_THIS_TURN), delta: 1 })?;
    }
    state.apply(Event::Tracked { name: crate::kernel::name!("current_attack"), objects: attackers.to_vec() });
    // FF 15.1.1.9: a party was formed; its Forwards' controller (the turn player, FF 10.1.1) keeps it for the turn.
    if attackers.len() > 1 && !state.players[player.index()].flags.contains(FORMED_PARTY_THIS_TURN) && crate::interp::game_reads(state, FORMED_PARTY_THIS_TURN) {
        state.apply(Event::PlayerFlag { player, flag: crate::kernel::name!(FORMED_PARTY_THIS_TURN), value: true });
    }
    // "The number of Forwards you attacked with this turn" (10-137S Lightning): each Forward once; kept when a card of
    // the game reads it.
    if crate::interp::game_reads(state, FORWARDS_ATTACKED_WITH) {
        let key = player.key_name(FORWARDS_ATTACKED_WITH);
        let mut attacked = state.tracked.get(&key).cloned().unwrap_or_default();
        attacked.extend(attackers.iter().filter(|a| !attacked.contains(a)).collect::<Vec<_>>());
        state.apply(Event::Tracked { name: key, objects: attacked });
    }
    // FF 10.1.2.4-6: "attacks" triggers, then priority.
    announce(state, agent, Event::Signal { name: crate::kernel::name!("attack"), objects: attackers.to_vec(), player: Some(player), detail: None });
    // FF 15.1.1.9: a party's attack, announced once for the whole party ("When a party you control attacks", 12-058C
    // Gippal; "When Chocobo forms a party and attacks" hears it too).
    if attackers.len() > 1 {
        announce(state, agent, Event::Signal { name: crate::kernel::name!("party_attack"), objects: attackers.to_vec(), player: Some(player), detail: Some("whole_party".into()) });
    }
    windows.open(state, agent, w);
    let blocker = block(state, agent, w, windows)?;
    damage(state, agent, w, windows, blocker)?;
    // FF 10.1.4.5: the attack is over; the party disbands. Only Forwards on the field are in the battle (a card that
    // leaves it is another object, FF 7.4): the fields are read, in the order of the objects (audited games check
    // every card).
    let battle = battle_flags();
    let in_battle = |o: &ObjectId| battle.iter().any(|f| state.object(*o).flags.contains(f));
    let mut involved: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(in_battle).collect();
    involved.sort_unstable();
    if state.audit {
        // The same cards, whatever the order the zones list them in.
        let mut everywhere: Vec<ObjectId> = state.live_objects().filter(in_battle).collect();
        everywhere.sort_unstable();
        assert_eq!(involved, everywhere, "a card off the field is in the battle");
    }
    for o in involved {
        for flag in battle {
            if state.object(o).flags.contains(&flag) {
                state.apply(Event::Flag { object: o, flag, value: false, by: vec![] });
            }
        }
    }
    state.apply(Event::Tracked { name: crate::kernel::name!("current_attack"), objects: vec![] });
    // "During this attack" ends, and "at the end of this attack" triggers (2-078R Vincent: "breaks after the attack or
    // the block and doesn't deal any damage"), announced only when something hears it.
    state.end_durations(ATTACK_ENDS);
    if super::acted::heard_by(state, ATTACK_ENDS, &[]) {
        announce(state, agent, Event::Signal { name: crate::kernel::name!(ATTACK_ENDS), objects: vec![], player: Some(state.turn_player), detail: None });
    }
    Ok(())
}

/// The states of a Forward in the battle (FF 10.1.3.3: removed from the battle, it loses them; FF 10.1.4.5: the
/// end of the attack clears them).
pub(super) fn battle_flags() -> [crate::kernel::Name; 3] {
    [crate::kernel::name!("attacking"), crate::kernel::name!("blocking"), crate::kernel::name!("in_party")]
}

/// The end of an attack (FF 10.1.4.5): the point "during this attack" lasts until, and its announcement.
const ATTACK_ENDS: &str = "attack_ends";

/// The attacking Forwards still in the battle (FF 10.1.3.3).
fn attacking(state: &GameState) -> Vec<ObjectId> {
    let tracked = state.tracked.get("current_attack").cloned().unwrap_or_default();
    tracked.into_iter().filter(|o| state.object(*o).left.is_none() && state.object(*o).flags.contains("attacking")).collect()
}

/// FF 10.1.3: the other player may block with an active Forward that can block at least one of
/// the attackers (FF 15.1.1.9.6); a Forward that must block leaves no choice but which (10.1.3.1.3).
fn block(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: &Windows) -> Result<Option<ObjectId>, Illegal> {
    let attackers = attacking(state);
    if attackers.is_empty() || state.outcome.is_some() {
        return Ok(None);
    }
    let defender = state.opponent_of(state.turn_player);
    let able: Vec<ObjectId> = state
        .in_zones(crate::kernel::name!("field"))
        .filter(|o| state.controller(*o) == defender && w.is(state, *o, w.forward))
        .filter(|o| !state.object(*o).flags.contains("dull"))
        // FF 10.1.3.1.2, 15.1.1.9.6: it can block at least one attacker, by both cards' restrictions.
        .filter(|o| attackers.iter().any(|a| state.permits(*o, "block", None, Some(*a)) != Some(false) && state.permits(*a, "be_blocked", None, Some(*o)) != Some(false)))
        .collect();
    // "must block" may name the attacker it must block (`with`).
    let forced: Vec<ObjectId> = able.iter().copied().filter(|o| attackers.iter().any(|a| state.permits(*o, "must_block", None, Some(*a)) == Some(true))).collect();
    let (candidates, optional) = if forced.is_empty() { (able, true) } else { (forced, false) };
    if candidates.is_empty() {
        return Ok(None);
    }
    let prompt = state.worded_or_blank(|| format!("block {}", attackers.iter().map(|a| state.name_of(*a)).collect::<Vec<_>>().join(" and ")).into());
    let min = usize::from(!optional);
    let blocker = match state.ask(agent, defender, Question::Objects { prompt, options: candidates.clone(), min, max: 1 }) {
        Answer::Objects(list) if !list.is_empty() => list[0],
        _ if optional => return Ok(None),
        _ => candidates[0],
    };
    state.apply(Event::Flag { object: blocker, flag: crate::kernel::name!("blocking"), value: true, by: vec![] });
    announce(state, agent, Event::Signal { name: crate::kernel::name!("block"), objects: vec![blocker], player: Some(defender), detail: None });
    announce(state, agent, Event::Signal { name: crate::kernel::name!("blocked"), objects: attackers, player: Some(state.turn_player), detail: None });
    windows.open(state, agent, w);
    Ok(Some(blocker))
}

/// FF 10.1.4: unblocked, the attack deals 1 point of damage to the player; blocked, the attackers
/// and the blocker deal their power to each other, First Strike first (FF 15.2.3).
fn damage(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: &Windows, blocker: Option<ObjectId>) -> Result<(), Illegal> {
    let attackers = attacking(state);
    if attackers.is_empty() || state.outcome.is_some() {
        return Ok(());
    }
    let defender = state.opponent_of(state.turn_player);
    let Some(blocker) = blocker else {
        super::actions::damage_player(state, agent, w, defender, 1, &attackers)?;
        windows.open(state, agent, w);
        return Ok(());
    };
    // FF 10.1.3.3: a blocked attack stays blocked; a blocker that left the battle deals and takes nothing.
    if state.object(blocker).left.is_some() || !state.object(blocker).flags.contains("blocking") {
        return Ok(());
    }
    let strikes = |s: &GameState, o: ObjectId| s.permits(o, "first_strike_damage", None, None) == Some(true);
    // FF 15.2.3.4: a party strikes first only if all of it has First Strike.
    let attackers_first = attackers.iter().all(|a| strikes(state, *a));
    let blocker_first = strikes(state, blocker);
    if attackers_first || blocker_first {
        state.apply(Event::PhaseBegan { name: crate::kernel::name!("first_strike") });
        exchange(state, agent, w, &attackers, blocker, attackers_first, blocker_first)?;
        // FF 15.2.3.3: rule processes, a priority window with no plays; triggers wait.
        windows.first_strike(state, agent);
        state.apply(Event::PhaseBegan { name: crate::kernel::name!("attack") });
    }
    let attackers = attacking(state);
    let blocker_left = state.object(blocker).left.is_some();
    if !attackers.is_empty() && !blocker_left {
        exchange(state, agent, w, &attackers, blocker, !attackers_first, !blocker_first)?;
    }
    windows.open(state, agent, w);
    Ok(())
}

/// The attackers and the blocker deal their damage: each attacker its power to the blocker, the
/// blocker its power to the attacker (divided among a party by its controller, FF 10.1.4.2.1).
#[allow(clippy::too_many_arguments)]
fn exchange(state: &mut GameState, agent: &mut dyn Agent, w: &Words, attackers: &[ObjectId], blocker: ObjectId, attackers_deal: bool, blocker_deals: bool) -> Result<(), Illegal> {
    let player = state.turn_player;
    let defender = state.opponent_of(player);
    let mut hits: Vec<(ObjectId, ObjectId, i64)> = vec![];
    if attackers_deal {
        hits.extend(attackers.iter().map(|a| (*a, blocker, w.power(state, *a))));
    }
    if blocker_deals {
        let power = w.power(state, blocker);
        for (a, amount) in divide(state, agent, defender, power, attackers) {
            hits.push((blocker, a, amount));
        }
    }
    for (source, target, amount) in hits {
        let controller = state.controller(source);
        if amount > 0 && state.object(target).left.is_none() && super::restrict::allows(state, target, crate::kernel::Deed::Damage(amount), controller, Some(source)) {
            Ctx::new(state, agent, Some(source), controller, vec![]).happen(Event::Damaged { object: target, amount, source: Some(source), battle: true })?;
        }
    }
    Ok(())
}

/// FF 10.1.4.2.1, 11.3.6: the blocker's damage divided among a party, in multiples of 1000.
fn divide(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, power: i64, attackers: &[ObjectId]) -> Vec<(ObjectId, i64)> {
    let Some((last, rest)) = attackers.split_last() else { return vec![] };
    let mut left = power.max(0);
    let mut out = vec![];
    for a in rest {
        let steps: Vec<i64> = (0..=left / 1000).map(|k| k * 1000).collect();
        if steps.len() < 2 {
            break;
        }
        let prompt = state.worded_or_blank(|| format!("damage to {} ({left} left)", state.name_of(*a)).into());
        let options = steps.iter().map(|n| n.to_string()).collect();
        let pick = match state.ask(agent, player, Question::One { prompt, options }) {
            Answer::One(i) => steps[i.min(steps.len() - 1)],
            _ => 0,
        };
        out.push((*a, pick));
        left -= pick;
    }
    out.push((*last, left));
    out
}
