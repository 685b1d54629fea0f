//! A card's CP cost as it is now (FF 5.2.1.2, 11.2, 11.4.4): adjustments, floors, players' rules,
//! the Element CP it needs, and the restrictions on what may pay it.

use crate::kernel::{GameState, ObjectId, Value};

use super::cost::CpCost;
use super::elsewhere::{CAST_AS_THOUGH_OWNED, CAST_WITHOUT_PAYING_COST};
use super::Words;

/// A card's CP cost now (FF 5.2.1.2, 11.2): its cost with the adjustments effects make, and one CP
/// of each of its Elements unless it is Light or Dark (FF 11.2.1.1).
pub fn card_cost(state: &GameState, w: &Words, object: ObjectId) -> CpCost {
    let c = state.characteristics(object);
    // FF 11.3, 15.1.1.7: cast from outside the hand without paying its cost (12-019R Amidatelion).
    if !c.allowed.is_empty() && c.allowed.iter().any(|h| h.action == CAST_WITHOUT_PAYING_COST) && state.zone(state.object(object).zone).name != "hand" {
        return CpCost::default();
    }
    // The names of the amounts effects adjust (`{adjustment}`, `{adjustment}_floor`, `{adjustment}_any_element`).
    let (adjustment, floor_key, any_element_key) =
        if state.library.vocab.is_of(&c.kinds, w.summon) { ("cast_cost", "cast_cost_floor", "cast_cost_any_element") } else { ("play_cost", "play_cost_floor", "play_cost_any_element") };
    // Changes for anyone, changes for this player only ("for opponent to cast"), and a floor
    // ("cannot become 0": at least 1 more than the floor).
    // The player casting it: its owner, or the player an effect lets cast it as though they owned it (FF 6.2.1).
    let owned_by = |h: &crate::kernel::Hook| (h.action == CAST_AS_THOUGH_OWNED).then_some(h.who).flatten();
    let player = c.allowed.iter().find_map(owned_by).filter(|_| state.zone(state.object(object).zone).name != "hand").unwrap_or(state.object(object).owner);
    let adjust = |name: &str| c.adjustments.get(name).copied().unwrap_or(0);
    let printed = c.number(w.cost);
    let mut total = printed.max(0);
    if !c.adjustments.is_empty() {
        total = (printed + adjust(adjustment) + adjust(&player.key(adjustment))).max(0);
        if let Some(floor) = c.adjustments.get(floor_key) {
            total = total.max((floor + 1).min(printed));
        }
    }
    // FF 11.4.4, 11.2: a rule of the player's reducing the cost of each Character they play, with a
    // floor ("reduced by 1 (it cannot become 0)", 11-073H Tilika: the rule's value).
    let (character_rule, next_card_rule) = cost_rules(state);
    if adjustment == "play_cost" && total > 0 && character_rule && state.library.vocab.is_of(&c.kinds, w.character) {
        for (rule, value, amount) in state.player_rules(player) {
            if rule == CHARACTER_PLAY_COST_REDUCTION {
                let floor = value.as_ref().and_then(Value::number).unwrap_or(0);
                total = (total - amount).max((floor + 1).min(total));
            }
        }
    }
    // "reduced by 2 for each Job Archfiend of different name put into your Break Zone" (2-109H Golbez): the amount
    // times the number of different names among the cards the hook names.
    for hook in c.allowed.iter().filter(|h| h.action == "play_cost_reduced_per_name") {
        let (Some(selector), Some(amount)) = (&hook.with, hook.value.as_ref().and_then(Value::number)) else { continue };
        let view = state.view();
        let mut names: Vec<String> = state.live_objects().filter(|o| state.selects(&view, selector, *o, Some(object))).map(|o| w.name_text(state, o)).collect();
        names.sort_unstable();
        names.dedup();
        total = (total - amount * names.len() as i64).max(0);
    }
    // "the cost for playing Yuffie onto the field becomes 0" (3-069C Yuffie): the least such number.
    if let Some(n) = c.allowed.iter().filter(|h| h.action == "play_cost_becomes").filter_map(|h| h.value.as_ref().and_then(Value::number)).min() {
        total = n.max(0);
    }
    // "the cost required to cast your next Job Knight Forward is reduced by 2" (12-103H Beatrix).
    let total = if next_card_rule { super::options::next_card_cost(state, object, printed, total) } else { total };
    let elements: smallvec::SmallVec<[u32; 4]> = w.element_values(&c).collect();
    // FF 11.2.1.1: a CP of the card's Element, when there is anything to pay; not for Light or Dark,
    // nor when CP of any Element may pay it ("can be paid with CP of any Element", 13-054C, 7-068H).
    // The permission is an amount of the cost (`play_cost_any_element`), so it reaches the card in the hand.
    let any_element = c.adjustments.get(any_element_key).is_some_and(|n| *n > 0);
    let needs = if total == 0 || any_element || elements.iter().any(|e| w.light_or_dark(*e)) { smallvec::SmallVec::new() } else { elements };
    let mut cost = CpCost { total, needs, ..Default::default() };
    if c.forbidden.is_empty() {
        return cost;
    }
    // FF 11.4.6.1, 11.2.1.1: restrictions on the CP that may pay to play the card, its player's
    // ("You can only pay with Fire CP", "... with Ice Backup CP"); the Element is the hook's value.
    for hook in c.forbidden.iter().filter(|h| h.who.is_none_or(|p| p == player)) {
        match hook.action.as_str() {
            "pay_play_cost_with_other_elements" => {
                let mut only = vec![];
                super::collect_variants(hook.value.as_ref(), w.element_enum, &mut only);
                cost.only = (!only.is_empty()).then(|| only.into_iter().collect());
            }
            // "you must use CP of 2 or more different Elements to play Wol onto the field" (9-121L).
            "play_with_fewer_different_elements" => cost.different = hook.value.as_ref().and_then(Value::number).unwrap_or(0).clamp(0, 8) as u8,
            // "You can only pay with CP produced by Backups to cast Raiden" (8-103C).
            "pay_play_cost_with_non_backup_cp" | "pay_cast_cost_with_non_backup_cp" => cost.backups_only = true,
            // FF 11.4, 11.2: only CP the named cards produce (12-060R Graham: "produced by Earth Backups").
            "pay_play_cost_with_cp_not_produced_by" => {
                let view = state.view();
                let producers = hook.with.as_ref().map(|s| state.in_zones(crate::kernel::name!("field")).filter(|o| state.selects(&view, s, *o, Some(object))).collect());
                cost.producers = Some(producers.unwrap_or_default());
            }
            _ => {}
        }
    }
    cost
}

/// The player rule reducing the cost of each Character its player plays ("reduced by 1 (it cannot become 0)", 11-073H).
const CHARACTER_PLAY_COST_REDUCTION: &str = "character_play_cost_reduction";

/// Whether an effect gives a player a rule reducing the cost of each Character they play (FF 11.4.4, 11.2:
/// `character_play_cost_reduction`), and one reducing the cost of their next card of a kind (FF 11.4, 11.3.7:
/// `options::NEXT_CARD_RULES`): read in one pass over the effects, which most of the time give neither.
fn cost_rules(state: &GameState) -> (bool, bool) {
    let (mut character, mut next_card) = (false, false);
    for effect in state.effects.iter() {
        if let crate::kernel::Change::PlayerRule { name, .. } = &effect.change {
            character |= name == CHARACTER_PLAY_COST_REDUCTION;
            next_card |= super::options::NEXT_CARD_RULES.contains(&name.as_str());
        }
    }
    (character, next_card)
}
