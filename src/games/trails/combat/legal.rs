//! Who may attack what (Trails 803.3a-b, 803.5-803.6, 804.1, 1326): ready UNITs sharing an
//! organization, attack targets that are not stunned nor prohibited, the opponent only when no
//! UNIT of theirs can be attacked (803.5b, 803.6h), and the forced attacks of 1326.2-3.

use std::collections::BTreeSet;

use crate::kernel::{GameState, Illegal, ObjectId, PlayerId, Value};

use super::super::Words;
use super::Target;

/// Why a card is not a UNIT on the field on the right side (`own`: the player's, or else the
/// opponent's), if it is not (804.1a, 803.3, 803.5, 803.6a, 803.6f).
fn misplaced(state: &GameState, w: &Words, object: ObjectId, player: PlayerId, own: bool) -> Option<&'static str> {
    let o = state.object(object);
    if o.left.is_some() || state.zone(o.zone).name != "field" {
        Some("is not on the field (Trails 804.1a)")
    } else if (state.controller(object) == player) != own {
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
    state.in_zones(crate::kernel::name!("field")).filter(|o| cannot_attack(state, w, player, *o).is_none()).collect()
}

/// A UNIT's organizations; `None` when it has all of them (1333).
pub fn organizations(state: &GameState, w: &Words, object: ObjectId) -> Option<BTreeSet<String>> {
    let c = state.characteristics(object);
    if c.every.contains(&w.organization) || state.permits(object, "all_organizations", None, None) == Some(true) {
        return None;
    }
    let texts = |v: &Value| match v {
        Value::Text(t) => vec![t.clone()],
        Value::List(items) => items.iter().filter_map(|i| if let Value::Text(t) = i { Some(t.clone()) } else { None }).collect(),
        _ => vec![],
    };
    Some(c.get(w.organization).map(texts).unwrap_or_default().into_iter().collect())
}

/// Whether all these UNITs share at least one common organization (803.3b, 803.6d, 1218.2a).
pub fn share_an_organization(state: &GameState, w: &Words, units: &[ObjectId]) -> bool {
    let mut common: Option<BTreeSet<String>> = None;
    for unit in units {
        let Some(orgs) = organizations(state, w, *unit) else { continue };
        common = Some(match common {
            None => orgs,
            Some(c) => c.intersection(&orgs).cloned().collect(),
        });
    }
    common.is_none_or(|c| !c.is_empty())
}

/// Why these UNITs cannot attack together for `player`, if they cannot: each may attack
/// (803.3a, 803.6a-c), several share an organization (803.3b, 803.6d), and a UNIT the player
/// must "attack with" is among them when it may attack (1326.3).
pub fn cannot_attack_together(state: &GameState, w: &Words, player: PlayerId, units: &[ObjectId]) -> Option<String> {
    if units.is_empty() {
        return Some("no UNIT attacks (Trails 803.3)".into());
    }
    let mut seen = BTreeSet::new();
    if let Some(twice) = units.iter().find(|u| !seen.insert(**u)) {
        return Some(format!("{} is selected twice (Trails 803.3)", state.name_of(*twice)));
    }
    if let Some(why) = units.iter().find_map(|u| cannot_attack(state, w, player, *u)) {
        return Some(why);
    }
    if units.len() > 1 && !share_an_organization(state, w, units) {
        return Some("UNITs attacking together share no common organization (Trails 803.3b, 803.6d)".into());
    }
    let forced = attackers(state, w, player).into_iter().find(|u| state.permits(*u, "must_attack", None, None) == Some(true) && !units.contains(u));
    forced.map(|u| format!("{} must attack if able and is not selected (Trails 1326.3)", state.name_of(u)))
}

/// Why `attacker` may not attack the UNIT `target`, if it may not (803.5a, 803.6e-g; 【Covert】's
/// "can only attack" and "can only be attacked by", 1402; "cannot be attacked", 1326.1).
pub fn cannot_target(state: &GameState, w: &Words, attacker: ObjectId, target: ObjectId) -> Option<String> {
    let o = state.object(target);
    let reason = if let Some(why) = misplaced(state, w, target, state.controller(attacker), false) {
        why
    } else if o.flags.contains("stunned") {
        "is stunned (Trails 803.5a-1, 803.6g)"
    } else if state.permits(target, "be_attacked", None, Some(attacker)) == Some(false)
        || only(state, target, "be_attacked_only_by", attacker)
        || only(state, attacker, "attack_only", target)
    {
        "cannot be chosen as its attack target (Trails 803.5a-2, 803.6e, 1326.1)"
    } else {
        return None;
    };
    Some(format!("{} {reason}", state.name_of(target)))
}

/// Whether an "only" permission of `object`'s leaves `other` out: it has the hook and none of its
/// hooks allows `other` ("can only attack 【Covert】", "can only be attacked by 【Covert】", 1402).
pub fn only(state: &GameState, object: ObjectId, action: &str, other: ObjectId) -> bool {
    state.characteristics(object).allowed.iter().any(|h| h.action == action) && state.permits(object, action, None, Some(other)) != Some(true)
}

/// The opponent's UNITs that every one of `attackers` may attack (803.5a); when some of them
/// must be attacked if able (1326.2, 【Hate】 1407), only those.
pub fn targets(state: &GameState, w: &Words, player: PlayerId, attackers: &[ObjectId]) -> Vec<ObjectId> {
    let options: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|t| attackers.iter().all(|a| cannot_target(state, w, *a, *t).is_none())).collect();
    let forced: Vec<ObjectId> = options.iter().copied().filter(|t| state.permits(*t, "must_be_attacked", Some(player), None) == Some(true)).collect();
    if forced.is_empty() {
        options
    } else {
        forced
    }
}

/// Why `attacker` may not attack the player `defender` (803.6h): a UNIT of theirs it could
/// attack prevents it (a UNIT that "cannot be attacked" does not).
fn cannot_target_player(state: &GameState, w: &Words, attacker: ObjectId, defender: PlayerId) -> Option<String> {
    let blocking = state.in_zones(crate::kernel::name!("field")).find(|t| state.controller(*t) == defender && cannot_target(state, w, attacker, *t).is_none())?;
    Some(format!("{} cannot attack the player while it could attack {} (Trails 803.6h)", state.name_of(attacker), state.name_of(blocking)))
}

/// Why `attacker` may not attack `target` now, if it may not (803.6e-h).
pub fn cannot_attack_target(state: &GameState, w: &Words, attacker: ObjectId, target: Target) -> Option<String> {
    match target {
        Target::Unit(t) => cannot_target(state, w, attacker, t),
        Target::Player(p) => cannot_target_player(state, w, attacker, p),
    }
}

/// Whether the attack is legal now (803.6): the attackers may attack together and each may
/// attack the target.
pub fn check(state: &GameState, w: &Words, player: PlayerId, attackers: &[ObjectId], target: Target) -> Result<(), Illegal> {
    if let Some(why) = cannot_attack_together(state, w, player, attackers) {
        return Err(Illegal(why));
    }
    match attackers.iter().find_map(|a| cannot_attack_target(state, w, *a, target)) {
        Some(why) => Err(Illegal(why)),
        None => Ok(()),
    }
}
