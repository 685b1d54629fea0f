//! Items and Formations (SE14 5.2.3.1.3-5.2.3.1.4, 7.12, 11.4, 11.5): who may equip an Item,
//! playing an Item equipped to a Character and a Formation whose condition holds (both special
//! actions in the turn player's Main Phase with an empty stack), and their rule processes
//! (SE14 12.4.8-12.4.10, 5.2.3.1.3.4, 5.2.3.1.3.6).
//!
//! Which Characters can equip an Item is its `equip` property (printed "[Item (Forward)]"); a
//! Formation's condition is the `only if` of its ability tagged `play_condition`. Neither names a card.

use crate::interp::{abilities_of, has_tag, keyword_env, Ctx};
use crate::kernel::decision::{Agent, Answer, FirstOption, Question};
use crate::kernel::{Event, GameState, Illegal, ObjectId, PlayerId, Position, Value};
use crate::vocab::KindId;

use super::options::{paid_states, pay_chosen, play_options};
use super::card_cost::card_cost;
use super::perform::enter_field;
use super::Words;

/// SE14 11.4.1, 11.5.1: Items and Formations are played by the turn player in their Main Phase
/// with the stack empty.
pub fn special_timing(state: &GameState, player: PlayerId) -> bool {
    state.phase.starts_with("main") && state.turn_player == player && state.stack.is_empty()
}

/// The Item types (Weapon, Armor, Accessory: the kinds below `item`) the card has (SE14 5.2.3.1.3.4).
fn item_types(state: &GameState, w: &Words, object: ObjectId) -> Vec<KindId> {
    let Some(item) = w.item else { return vec![] };
    let vocab = &state.library.vocab;
    state.characteristics(object).kinds.iter().copied().filter(|k| *k != item && vocab.kind_is(*k, item)).collect()
}

/// The Character an Item is equipped to, if it is on the field equipped to a Character on the field
/// (SE14 5.2.3.1.3.1, 12.4.8).
pub fn equipped_to(state: &GameState, w: &Words, item: ObjectId) -> Option<ObjectId> {
    let host = state.object(item).attached_to?;
    let o = state.object(host);
    let on_field = o.left.is_none() && state.zone(o.zone).name == "field";
    (on_field && w.is(state, host, w.character)).then_some(host)
}

/// SE14 5.2.3.1.3.2-3: whether `character` is of a card type the Item names in its `equip`
/// property (any Character when it names none), controlled by the Item's player.
fn can_equip(state: &GameState, w: &Words, player: PlayerId, item: ObjectId, character: ObjectId) -> bool {
    if state.controller(character) != player || !w.is(state, character, w.character) {
        return false;
    }
    let Some(types) = w.equip.and_then(|p| state.characteristics(item).get(p).cloned()) else { return true };
    let vocab = &state.library.vocab;
    let mut names = vec![];
    collect_variant_names(&types, vocab, &mut names);
    names.is_empty() || names.iter().any(|n| vocab.kind(n).is_some_and(|k| w.is(state, character, k)))
}

fn collect_variant_names(value: &Value, vocab: &crate::vocab::Vocabulary, out: &mut Vec<String>) {
    match value {
        Value::Variant(e, v) => {
            if let Some(name) = vocab.enums[e.index()].variants.get(*v as usize) {
                out.push(name.clone());
            }
        }
        Value::List(items) => items.iter().for_each(|i| collect_variant_names(i, vocab, out)),
        _ => {}
    }
}

/// The Items equipped to `character` now.
fn items_on(state: &GameState, w: &Words, character: ObjectId) -> Vec<ObjectId> {
    state.in_zones(crate::kernel::name!("field")).filter(|o| state.object(*o).attached_to == Some(character) && is_item(state, w, *o)).collect()
}

pub fn is_item(state: &GameState, w: &Words, object: ObjectId) -> bool {
    w.item.is_some_and(|k| w.is(state, object, k))
}

pub fn is_formation(state: &GameState, w: &Words, object: ObjectId) -> bool {
    w.formation.is_some_and(|k| w.is(state, object, k))
}

/// SE14 11.4.7, 5.2.3.1.3.1-4: the Characters `player` controls that can equip `item` (even ones that
/// cannot be chosen by effects), leaving out those already equipping an Item of one of its types.
pub fn equippers(state: &GameState, w: &Words, player: PlayerId, item: ObjectId) -> Vec<ObjectId> {
    let types = item_types(state, w, item);
    state
        .in_zones(crate::kernel::name!("field"))
        .filter(|c| can_equip(state, w, player, item, *c))
        .filter(|c| !items_on(state, w, *c).iter().any(|other| item_types(state, w, *other).iter().any(|t| types.contains(t))))
        .collect()
}

/// SE14 11.4.1, 11.4.12: whether `player` may play the Item now, and if not why.
pub fn item_playable(state: &GameState, w: &Words, player: PlayerId, item: ObjectId) -> Result<(), Illegal> {
    let name = state.name_of(item);
    if !special_timing(state, player) {
        return Err(Illegal(format!("{name} can be played only in its player's Main Phase with the stack empty (SE14 11.4.1)")));
    }
    if equippers(state, w, player, item).is_empty() {
        return Err(Illegal(format!("no Character {} controls can equip {name} (SE14 5.2.3.1.3, 11.4.12)", state.players[player.index()].name)));
    }
    Ok(())
}

/// SE14 11.5.1, 7.12.1.3, 11.5.11: whether `player` may play the Formation now, and if not why.
/// The condition is read on a copy of the game, so looking changes nothing.
pub fn formation_playable(state: &GameState, player: PlayerId, formation: ObjectId) -> Result<(), Illegal> {
    let name = state.name_of(formation);
    if !special_timing(state, player) {
        return Err(Illegal(format!("{name} can be played only in its player's Main Phase with the stack empty (SE14 11.5.1)")));
    }
    let mut copy = state.clone();
    if !play_condition_holds(&mut copy, &mut FirstOption, player, formation)? {
        return Err(Illegal(format!("{name}: its Formation condition is not fulfilled (SE14 7.12.1.3)")));
    }
    Ok(())
}

/// SE14 7.12.1.3: whether the `only if` condition of every ability of the card tagged `play_condition` holds.
fn play_condition_holds(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId) -> Result<bool, Illegal> {
    let library = state.library.clone();
    for (reference, ability) in abilities_of(state, &library, object) {
        let Some(condition) = ability.condition.as_ref().filter(|_| has_tag(&library, &ability, "play_condition")) else { continue };
        let env = keyword_env(state, &library, object, &reference);
        if !Ctx::new(state, agent, Some(object), player, env).condition(condition)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// SE14 11.4.7: the player chooses the Character that equips the Item among `options` (not empty).
fn choose_host(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, item: ObjectId, options: &[ObjectId]) -> ObjectId {
    let prompt = state.worded_or_blank(|| format!("choose the Character to equip {}", state.name_of(item)).into());
    match state.ask(agent, player, Question::Objects { prompt, options: options.to_vec(), min: 1, max: 1 }) {
        Answer::Objects(list) if list.len() == 1 && options.contains(&list[0]) => list[0],
        _ => options[0],
    }
}

/// SE14 11.4.2-11.4.11: its optional and alternative costs are chosen (11.4.4), the Character to
/// equip is chosen (11.4.7), the cost paid (11.4.9-10), then the Item enters the field equipped to
/// it; its enter-the-field abilities trigger.
pub fn play_item(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, item: ObjectId) -> Result<(), Illegal> {
    item_playable(state, w, player, item)?;
    let mut cost = card_cost(state, w, item);
    let chosen = play_options(state, agent, w, player, item, &mut cost)?;
    let host = choose_host(state, agent, player, item, &equippers(state, w, player, item));
    let paid = pay_chosen(state, agent, w, player, item, &cost, &chosen)?;
    enter_field(state, agent, player, item, None, |new| {
        let mut states = vec![Event::Attached { object: new, to: Some(host) }];
        states.extend(paid_states(w, new, &chosen, &paid));
        states
    })?;
    Ok(())
}

/// SE14 11.5.2-11.5.10: its optional and alternative costs are chosen (11.5.4), the cost is paid,
/// the Formation enters the field, then the Formation its
/// player had there returns to their hand, not through the stack (SE14 7.12.1.4, 11.5.9).
pub fn play_formation(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, formation: ObjectId) -> Result<(), Illegal> {
    formation_playable(state, player, formation)?;
    let mut cost = card_cost(state, w, formation);
    let chosen = play_options(state, agent, w, player, formation, &mut cost)?;
    let paid = pay_chosen(state, agent, w, player, formation, &cost, &chosen)?;
    let previous: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| is_formation(state, w, *o) && state.controller(*o) == player).collect();
    let Some(new) = enter_field(state, agent, player, formation, None, |new| paid_states(w, new, &chosen, &paid))? else { return Ok(()) };
    for old in previous.into_iter().filter(|o| *o != new) {
        if state.object(old).left.is_some() {
            continue;
        }
        let owner = state.object(old).owner;
        let hand = state.zone_id(crate::kernel::name!("hand"), Some(owner)).ok_or_else(|| Illegal("no hand".into()))?;
        let event = state.move_event(old, hand, Some(crate::kernel::name!("return")), Position::Top);
        Ctx::new(state, agent, None, player, vec![]).happen(event)?;
    }
    Ok(())
}

/// An Item an effect put onto the field ("play it onto the field") rather than its player playing it.
/// SE14 says no more than that Items are cards equipped to a Character their player controls
/// (5.2.3.1.3.1), that equipping is putting an Item on a Character (15.1.1.11.1), and that one not
/// equipped to a Character goes to the Break Zone (12.4.8). We read these as: such an Item is put on
/// a Character as it arrives, its controller choosing one of their Characters that can equip it
/// (5.2.3.1.3.2-4; like 11.4.7, even one that cannot be chosen by effects), before the rule processes
/// look for Items equipped to nothing; with none to choose, 12.4.8 puts it into the Break Zone. An
/// Item that was equipped and lost its Character (it left, or can no longer equip it: 5.2.3.1.3.6) is
/// not equipped again. Returns whether an Item was equipped.
pub fn equip_arrivals(state: &mut GameState, agent: &mut dyn Agent, w: &Words) -> bool {
    let arrived: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| is_item(state, w, *o) && state.object(*o).attached_to.is_none()).collect();
    let mut changed = false;
    for item in arrived {
        let player = state.controller(item);
        let options = equippers(state, w, player, item);
        if options.is_empty() || state.object(item).left.is_some() {
            continue;
        }
        let host = choose_host(state, agent, player, item, &options);
        changed |= Ctx::new(state, agent, None, player, vec![]).happen(Event::Attached { object: item, to: Some(host) }).is_ok();
    }
    changed
}

/// The Items and Formations the rule processes put into their owners' Break Zones now: Items not
/// equipped to a Character (SE14 12.4.8), equipped to one that cannot equip them (SE14 5.2.3.1.3.3,
/// 5.2.3.1.3.6), two or more Items of one type on a Character (SE14 12.4.9, 5.2.3.1.3.4), and two or
/// more Formations on a player's field (SE14 12.4.10, 7.12.1.2).
pub fn doomed(state: &GameState, w: &Words) -> Vec<ObjectId> {
    let mut out = vec![];
    let mut equipped: Vec<(ObjectId, ObjectId)> = vec![];
    let mut formations: Vec<(ObjectId, PlayerId)> = vec![];
    for o in state.in_zones(crate::kernel::name!("field")) {
        if is_formation(state, w, o) {
            formations.push((o, state.controller(o)));
        }
        if !is_item(state, w, o) {
            continue;
        }
        match equipped_to(state, w, o) {
            Some(host) if can_equip(state, w, state.controller(o), o, host) => equipped.push((o, host)),
            _ => out.push(o),
        }
    }
    for (item, host) in &equipped {
        let types = item_types(state, w, *item);
        let clash = equipped.iter().any(|(other, h)| other != item && h == host && item_types(state, w, *other).iter().any(|t| types.contains(t)));
        if clash {
            out.push(*item);
        }
    }
    for (formation, player) in &formations {
        if formations.iter().filter(|(_, p)| p == player).count() > 1 {
            out.push(*formation);
        }
    }
    out
}
