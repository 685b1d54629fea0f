//! FF-TCG's own changes to damage as it is dealt (FF 11.12.5.2), read from rule hooks after the replacement effects:
//! damage that becomes a number, is reduced, halved, redirected to another Forward, or not received at all.

use crate::kernel::continuous::{Change, Characteristics};
use crate::kernel::{Event, GameState, Hook, ObjectId, Value};

use super::restrict::{by_what, summons_or_abilities};
use super::Words;

/// The damage `object` receives, changed by the damage replacements FF-TCG reads from rule hooks (FF 11.12.5.2), after
/// the replacement effects, and the damage that is dealt instead or as well (`Event::Damaged`, each through the
/// replacement effects in turn). Damage is never below 0.
/// - None from a card that deals no damage (`deal_damage`: 2-078R Vincent).
/// - FF 11.12.5: "the next damage dealt to the former is received by the latter instead" (`redirect_next_damage`,
///   8-121C Paladin): none to this card, the same damage to the other; "reduce it by 4000 instead and deal Cecil 4000
///   damage" (`redirect_reduced_damage`, 9-109H Cecil: the reduction is a replacement effect of its own): the card
///   named is dealt the number. Each is used by the next damage only.
/// - Damage of a number or more, of exactly a number, or of a number or less becomes a number (`damage_at_least_replaced`
///   and `damage_at_least_becomes`, "If Dark Elf is dealt 9000 damage or more, the damage becomes 0 instead", 14-068C;
///   `exact_damage_replaced`, 8-116R Shamonde P Grauche; `damage_at_most_replaced`, 9-072H Baigan).
/// - Damage from Summons or abilities (not battle damage, FF 10.1.4.2): see `from_summons_or_abilities`.
/// - Then a halving (`halve_damage_received`) rounds up to units of its value, as the card says (FF 4.2 would round
///   down).
pub fn damage_received(state: &mut GameState, object: ObjectId, amount: i64, source: Option<ObjectId>, battle: bool) -> (i64, Vec<Event>) {
    if source.is_some_and(|s| state.permits(s, "deal_damage", None, None) == Some(false)) {
        return (0, vec![]);
    }
    let c = state.characteristics(object);
    if c.allowed.is_empty() && c.forbidden.is_empty() && c.adjustments.is_empty() {
        return (amount, vec![]);
    }
    let mut further = vec![];
    if c.allowed.iter().any(|h| h.action == "redirect_next_damage")
        && let Some((_, receivers)) = used_once(state, object, "redirect_next_damage")
    {
        return (0, receivers.into_iter().map(|to| Event::Damaged { object: to, amount, source, battle }).collect());
    }
    if c.allowed.iter().any(|h| h.action == "redirect_reduced_damage")
        && let Some((effect, to)) = used_once(state, object, "redirect_reduced_damage")
    {
        let n = effect.1.value.as_ref().and_then(Value::number).unwrap_or(0);
        further.extend(to.into_iter().map(|o| Event::Damaged { object: o, amount: n, source: effect.0, battle: false }));
    }
    let mut amount = amount;
    let replaced = |name: &'static str| c.allowed.iter().filter(move |h| h.action == name).filter_map(|h| h.value.as_ref().and_then(Value::number));
    let becomes = |name: &str| c.adjustments.get(name).copied().unwrap_or(0);
    if replaced("damage_at_least_replaced").min().is_some_and(|t| amount >= t) {
        amount = becomes("damage_at_least_becomes");
    } else if replaced("exact_damage_replaced").any(|n| n == amount) {
        amount = becomes("exact_damage_becomes");
    } else if replaced("damage_at_most_replaced").max().is_some_and(|t| amount <= t) {
        amount = becomes("damage_at_most_becomes");
    }
    if !battle {
        match from_summons_or_abilities(state, &c, object, amount, source) {
            Some(n) => amount = n,
            None => return (0, further),
        }
    }
    if amount > 0
        && state.permits(object, "halve_damage_received", None, None) == Some(true)
        && let Some(unit) = c.allowed.iter().find(|h| h.action == "halve_damage_received").map(|h| h.value.as_ref().and_then(Value::number).unwrap_or(1).max(1))
    {
        amount = (amount / 2 + unit - 1) / unit * unit;
    }
    (amount.max(0), further)
}

/// The damage `object` receives from a Summon or an ability (FF 11.12.5.2), or `None` when it receives none:
/// - damage from abilities becomes a number (`damage_from_abilities_becomes`: "If Philia is dealt damage by an ability,
///   the damage becomes 0 instead", 13-129S), limited to one player's abilities (13-125R Yuzuki: `who`) or to the
///   abilities of some cards (`with`); several: the lowest;
/// - none from Summons or from abilities the card does not receive damage from (`receive_damage_from_summons`,
///   `..._abilities`), nor from abilities other than special abilities (`receive_damage_from_non_special_abilities`,
///   2-126R Ghis: the ability resolving is not a special ability);
/// - damage one player's Summons or abilities deal becomes a number (`damage_from_summons_and_abilities_becomes` for
///   that player: 15-083L Rydia; the least, when several say so), as does damage from those of an Element
///   (`damage_from_summons_and_abilities_of_element_becomes_zero`, the Element its value: 10-129L Hein); the first such
///   damage in a turn becomes a number (`first_damage_each_turn_from_summons_and_abilities_becomes`: 15-045H Edge, the
///   card marked `FIRST_DAMAGE_THIS_TURN` once it has been dealt it);
/// - a player's Summons and the abilities of their Characters deal more (`damage_from_summons_and_abilities_increases`
///   for that player: 14-006R Ifrit, Lord of the Inferno; increases add up), and reductions
///   (`damage_reduction_from_summons_and_abilities`) add up and subtract.
fn from_summons_or_abilities(state: &mut GameState, c: &Characteristics, object: ObjectId, mut amount: i64, source: Option<ObjectId>) -> Option<i64> {
    let controller = source.map(|s| state.object(s).controller);
    let by = by_what(state, source);
    let number = |h: &Hook| h.value.as_ref().and_then(Value::number);
    if by == "abilities"
        && let Some(s) = source
    {
        let view = state.view();
        let applies = |h: &&Hook| {
            h.action == "damage_from_abilities_becomes" && h.who.is_none_or(|p| Some(p) == controller) && h.with.as_ref().is_none_or(|sel| state.selects(&view, sel, s, Some(object)))
        };
        if let Some(n) = c.allowed.iter().filter(applies).filter_map(number).min() {
            amount = n;
        }
    }
    if state.permits(object, summons_or_abilities(by, "receive_damage_from_summons", "receive_damage_from_abilities"), controller, None) == Some(false) {
        return None;
    }
    let special = |state: &GameState| {
        let ability = state.resolving.as_ref().and_then(|r| state.library.ability(r));
        ability.is_some_and(|a| state.library.vocab.ability_kinds[a.kind.index()].name == "special")
    };
    if by == "abilities" && state.permits(object, "receive_damage_from_non_special_abilities", None, None) == Some(false) && !special(state) {
        return None;
    }
    let of_player = |name: &'static str| move |h: &&Hook| h.action == name && h.who.is_some_and(|p| Some(p) == controller);
    if let Some(n) = c.allowed.iter().filter(of_player("damage_from_summons_and_abilities_becomes")).filter_map(number).min() {
        amount = n;
    }
    if c.allowed.iter().any(|h| h.action == "damage_from_summons_and_abilities_of_element_becomes_zero" && of_source_element(state, h, source)) {
        amount = 0;
    }
    if let Some(n) = c.allowed.iter().filter(of_player("first_damage_each_turn_from_summons_and_abilities_becomes")).filter_map(number).min()
        && amount > 0
        && !state.object(object).flags.contains(FIRST_DAMAGE_THIS_TURN)
    {
        state.apply(Event::Flag { object, flag: crate::kernel::name!(FIRST_DAMAGE_THIS_TURN), value: true, by: vec![] });
        amount = n;
    }
    if amount > 0 && controller.is_some() {
        let increases = c.allowed.iter().filter(|h| h.action == "damage_from_summons_and_abilities_increases" && h.who.is_none_or(|p| Some(p) == controller));
        amount += increases.filter_map(number).sum::<i64>();
    }
    Some(amount - c.adjustments.get("damage_reduction_from_summons_and_abilities").copied().unwrap_or(0))
}

/// Whether a rule's Element (its value, when it names one) is one of the Elements of `source`, the Summon or the card
/// whose ability it is: "Summons or abilities of the named Element" (10-129L Hein, 2-023H Rubicante).
pub(super) fn of_source_element(state: &GameState, hook: &Hook, source: Option<ObjectId>) -> bool {
    let (Some(value), Some(w)) = (&hook.value, Words::cached(&state.library)) else { return true };
    source.is_some_and(|s| state.characteristics(s).get(w.element).is_some_and(|e| e.has(value)))
}

/// A rule's hook with the source of its effect.
type SourcedHook = (Option<ObjectId>, Hook);

/// Ends the first rule giving `object` the permission `action` (a rule for "the next damage" is used once), and gives
/// its source and hook with the cards on the field its hook names (`with`).
fn used_once(state: &mut GameState, object: ObjectId, action: &str) -> Option<(SourcedHook, Vec<ObjectId>)> {
    let view = state.view();
    let effect = state.effects.iter().find(|e| matches!(&e.change, Change::Allow(h) if h.action == action) && state.effect_active(e) && state.selects(&view, &e.affected, object, e.source))?;
    let Change::Allow(hook) = &effect.change else { return None };
    let (id, source, hook) = (effect.id, effect.source, hook.clone());
    let named = hook.with.as_ref().map(|sel| state.in_zones(crate::kernel::name!("field")).filter(|o| state.selects(&view, sel, *o, Some(object))).collect()).unwrap_or_default();
    drop(view);
    state.apply(Event::EffectEnded { effect: id });
    Some(((source, hook), named))
}

/// The mark on a card a first-damage-each-turn replacement has replaced damage for this turn (FF
/// 11.12.5.2, 15-045H Edge); forgotten as the turn ends.
pub const FIRST_DAMAGE_THIS_TURN: &str = "dealt_first_damage_by_summons_or_abilities_this_turn";
