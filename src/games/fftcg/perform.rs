//! Carrying out a play (FF 11.3-11.7): a Character entering the field, a Summon cast onto the stack, an action or
//! special ability used, each with its cost paid first (FF 11.2, 11.3.7.1) and its targets chosen (FF 11.3.3).

use crate::interp::engine::push;
use crate::interp::{abilities_of, after_event, announce, has_tag, keyword_env, Ctx};
use crate::kernel::replacement::Replaced;
use crate::ir::{AbilityIr, CostIr};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{Binding, Event, GameState, Illegal, ObjectId, PlayerId, Position};
use crate::vocab::AbilityClass;

use super::ability_use::used_mark;
use super::card_cost::card_cost;
use super::cost::{discard, pay, PaidFor, Sources};
use super::play::{play_forbidden, special_discards, usable, Play, CARDS_CAST_THIS_TURN, CAST_THIS_TURN};
use super::{equip, Words};

/// The tracked lists of the cards the last ability used discarded, removed from the game, dulled and put from the
/// field into the Break Zone to pay its cost.
const PAID_DISCARDED: &str = "paid_discarded";
const PAID_REMOVED: &str = "paid_removed_from_game";
const PAID_DULLED: &str = "paid_dulled";
const PAID_INTO_BREAK_ZONE: &str = "paid_into_break_zone";

/// Makes a play (FF 11.3-11.7); the caller rewinds it if it turns out illegal (FF 14).
pub fn perform(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, play: &Play) -> Result<(), Illegal> {
    if let Play::Character(object) | Play::Summon(object) = play
        && let Some(why) = play_forbidden(state, w, player, *object)
    {
        return Err(Illegal(why));
    }
    match play {
        Play::Character(object) => play_character(state, agent, w, player, *object),
        Play::Summon(object) => cast_summon(state, agent, w, player, *object, Some(0)),
        Play::Item(object) => equip::play_item(state, agent, w, player, *object),
        Play::Formation(object) => equip::play_formation(state, agent, w, player, *object),
        Play::Ability(object, reference) => {
            use_ability(state, agent, w, player, *object, reference)?;
            super::mimic::announce_use(state, agent, player, *object);
            Ok(())
        }
    }
}

/// FF 11.4: pay, then the Character enters the field (a Backup enters dull, SE14 7.10.4); its
/// player's "plays" triggers see it (FF 11.4.7).
fn play_character(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, object: ObjectId) -> Result<(), Illegal> {
    let mut cost = card_cost(state, w, object);
    let chosen = super::options::play_options(state, agent, w, player, object, &mut cost)?;
    break_zone_before_paying(state, player, object);
    let paid = super::options::pay_chosen(state, agent, w, player, object, &cost, &chosen)?;
    super::options::use_up_next_card_reductions(state, object);
    state.apply(Event::Resource { player, name: crate::kernel::name!(CARDS_CAST_THIS_TURN), delta: 1 });
    // The states it enters with (SE14 15.2.9.3; dull ones by `arrival_states`).
    enter_field(state, agent, player, object, nth_cast(state, player), |new| super::options::paid_states(w, new, &chosen, &paid))?;
    Ok(())
}

/// The tracked list of the cards in a player's Break Zone just before they paid the cost of a card they played.
const BREAK_ZONE_BEFORE_PAYING: &str = "break_zone_before_paying_cost";

/// FF 11.3.7, 11.4: "If you have a total of 5 or more Card Name Ifrita and/or Card Name Ifrit in your Break Zone
/// (before paying the cost for Ifrita)" (9-002H): the cards in the player's Break Zone as the cost is about to be
/// paid (cards discarded for CP are not among them), kept only when the card played reads them.
fn break_zone_before_paying(state: &mut GameState, player: PlayerId, card: ObjectId) {
    if !crate::interp::card_reads(&state.library, state.object(card).card, BREAK_ZONE_BEFORE_PAYING) {
        return;
    }
    let objects = state.zone_id(crate::kernel::name!("break_zone"), Some(player)).map(|z| state.zone(z).objects.clone()).unwrap_or_default();
    state.apply(Event::Tracked { name: player.key_name(BREAK_ZONE_BEFORE_PAYING), objects });
}

/// FF 11.3.8, 11.4.7: the detail a cast or play announces when it is the player's second, third or fifth
/// card cast this turn ("When you cast the third card you've cast this turn", 14-057H Rosa; "when you cast
/// the second card you've cast", 15-051C Shikaree G).
fn nth_cast(state: &GameState, player: PlayerId) -> Option<String> {
    match state.resource(player, CARDS_CAST_THIS_TURN) {
        2 => Some("second_this_turn".into()),
        3 => Some("third_this_turn".into()),
        5 => Some("fifth_this_turn".into()),
        _ => None,
    }
}

/// A Character put onto the field, by a play or an effect, enters dull if it is a Backup (SE14
/// 7.10.4) or an effect says it does (FF 11.9.2: "All the Forwards other than Ultimecia enter the
/// field dull", read of the card as it is on the field). The announcements of a card a Summon or an
/// ability moved come last (`answers::moved_by_announcements`: the interpreter announces them once
/// the move's own triggers are collected).
pub fn arrival_states(state: &GameState, object: ObjectId) -> Vec<Event> {
    let Some(w) = Words::cached(&state.library) else { return vec![] };
    let mut out = super::answers::from_field_to_break_zone(state, w, object);
    if out.is_empty() {
        out = super::answers::discarded_by_effect(state, object);
    }
    if out.is_empty() {
        let on_field = state.zone(state.object(object).zone).name == "field";
        let dull = on_field && w.is(state, object, w.character) && (w.is(state, object, w.backup) || state.permits(object, "enter_field_dull", None, None) == Some(true));
        if dull && !state.object(object).flags.contains("dull") {
            out.push(Event::Flag { object, flag: crate::kernel::name!("dull"), value: true, by: vec![] });
        }
    }
    out.extend(super::answers::moved_by_announcements(state, w, object));
    out
}

/// The played card enters its player's field, with the states `states` gives the new object set
/// before anything sees it arrive; its player's "plays" triggers see it (FF 11.4.7, SE14 11.4.11,
/// 11.5.10). `None` when a replacement effect sent it elsewhere.
pub(super) fn enter_field(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, detail: Option<String>, states: impl FnOnce(ObjectId) -> Vec<Event>) -> Result<Option<ObjectId>, Illegal> {
    let field = state.zone_id(crate::kernel::name!("field"), Some(player)).ok_or_else(|| Illegal("no field".into()))?;
    let event = state.move_event(object, field, Some(crate::kernel::name!("play")), Position::Top);
    let new = match state.replace(event, agent) {
        Replaced::Happens(event @ Event::Moved { new, .. }) => {
            state.apply(event);
            let index = state.log.len() - 1;
            // FF 6.2.1: a card played by a player who does not own it (cast "as though you owned it", 14-127H
            // Zidane) is controlled by that player while it stays on the field.
            if state.object(new).owner != player {
                use crate::kernel::{Change, ContinuousEffect, Duration, Selector};
                let effect = ContinuousEffect { id: state.next_effect_id(), source: None, controller: player, timestamp: Default::default(), affected: Selector::Objects(vec![new]), change: Change::Controller(player), duration: Duration::WhileIn(new), condition: None, keyword: None };
                state.apply(Event::EffectBegan { effect: Box::new(effect) });
            }
            for event in arrival_states(state, new).into_iter().chain(states(new)) {
                state.apply(event);
            }
            after_event(state, agent, index);
            new
        }
        Replaced::Happens(other) => {
            Ctx::new(state, agent, None, player, vec![]).happen(other)?;
            return Ok(None);
        }
        // FF 11.12.5, SE14 11.13.5: effects happen instead; the card does not enter the field.
        Replaced::Instead { replacement, effects, subject } => {
            run_instead(state, agent, replacement, &effects, subject, (None, player))?;
            return Ok(None);
        }
        Replaced::Prevented => return Ok(None),
    };
    announce(state, agent, Event::Signal { name: crate::kernel::name!("play"), objects: vec![new], player: Some(player), detail });
    Ok(Some(new))
}

/// FF 11.12.5, SE14 11.13.5: the effects a replacement puts in place of a move, for the replacement's source and
/// controller (`fallback` if it is gone), with `it` the card that would have moved.
pub(super) fn run_instead(state: &mut GameState, agent: &mut dyn Agent, replacement: crate::kernel::EffectId, effects: &[crate::ir::Effect], subject: Option<ObjectId>, fallback: (Option<ObjectId>, PlayerId)) -> Result<(), Illegal> {
    let (source, controller) = state.replacements.iter().find(|r| r.id == replacement).map_or(fallback, |r| (r.source, r.controller));
    let env = subject.map(|o| vec![(crate::kernel::name!("it"), Binding::Objects(vec![o]))]).unwrap_or_default();
    crate::interp::run_effects(state, agent, source, controller, env, effects)
}

/// FF 11.3: the Summon moves to the stack, its targets are chosen (it needs one to be cast,
/// FF 11.3.3), its cost is paid (`paying`: `Some(r)` lowered by an effect's `r`, not below 1; `None`:
/// an effect casts it without paying), and its player's "casts" triggers see it (FF 11.3.8).
pub(super) fn cast_summon(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, object: ObjectId, paying: Option<i64>) -> Result<(), Illegal> {
    let library = state.library.clone();
    let card = state.object(object).card;
    let mut cost = card_cost(state, w, object);
    // An effect's reduction, not below 1 (5-047C Mystic Knight).
    if let Some(r) = paying.filter(|r| *r > 0) {
        cost.total = (cost.total - r).max(1);
    }
    let paying = paying.is_some();
    if paying {
        super::options::use_up_next_card_reductions(state, object);
    }
    let reduction = super::options::summon_reduction(state, object);
    let paid_reduction = super::options::paid_reduction(state, w, object);
    let index = library.card(card).abilities.iter().position(|a| library.vocab.ability_kinds[a.kind.index()].class == AbilityClass::Play);
    let stack = state.zone_id(crate::kernel::name!("stack"), None).ok_or_else(|| Illegal("no stack".into()))?;
    let event = state.move_event(object, stack, Some(crate::kernel::name!("cast")), Position::Top);
    let Some(crate::interp::Happened { moved: Some(new) }) = Ctx::new(state, agent, None, player, vec![]).happen(event)? else { return Ok(()) };
    follow_the_cast(state, object, new);
    if let Some(index) = index {
        let ability = &library.card(card).abilities[index];
        push_checked(state, agent, new, player, AbilityRef::Printed { card, index }, vec![], ability, ability.condition.clone())?;
    }
    if paying {
        let mut cost = cost;
        if let Some(offer) = &paid_reduction {
            offer.offer(state, agent, w, player, new, &mut cost)?;
        }
        super::options::reduce_summon_cost(state, agent, w, player, new, reduction, &mut cost)?;
        break_zone_before_paying(state, player, new);
        let paid = pay(state, agent, w, player, &cost, &[new], PaidFor::Card(new))?;
        for event in super::options::remember_cp_paid(w, new, &paid) {
            state.apply(event);
        }
    }
    // FF 11.3.8: the game remembers what each player cast this turn ("if you have cast X this turn"), when a card of
    // the game reads it.
    if crate::interp::game_reads(state, CAST_THIS_TURN) {
        state.apply(Event::Flag { object: new, flag: crate::kernel::name!(CAST_THIS_TURN), value: true, by: vec![] });
    }
    state.apply(Event::Resource { player, name: crate::kernel::name!(CARDS_CAST_THIS_TURN), delta: 1 });
    let detail = nth_cast(state, player);
    announce(state, agent, Event::Signal { name: crate::kernel::name!("cast"), objects: vec![new], player: Some(player), detail });
    Ok(())
}

/// A replacement of where a card goes that an effect locked to the card before it was cast ("If you cast it,
/// remove that Summon from the game after use instead of putting it in the Break Zone", 12-061L Krile; 9-103R
/// Iedolas, 11-032C Black Mage, 13-110H Unei) names the card by that cast: on the stack it is a new object
/// (FF 7.4), which the replacement follows, so it reaches the Summon as it goes after use (FF 7.10.1, 11.12.5).
fn follow_the_cast(state: &mut GameState, old: ObjectId, new: ObjectId) {
    use crate::kernel::{replacement::EventPattern, Selector};
    let locked: Vec<_> = state
        .replacements
        .iter()
        .filter(|r| matches!(&r.pattern, EventPattern::Move { subject: Selector::Objects(list), .. } if list.contains(&old)))
        .cloned()
        .collect();
    for mut replacement in locked {
        if let EventPattern::Move { subject: Selector::Objects(list), .. } = &mut replacement.pattern {
            list.push(new);
        }
        state.apply(Event::ReplacementEnded { effect: replacement.id });
        state.apply(Event::ReplacementBegan { replacement: Box::new(replacement) });
    }
}

/// FF 11.6.3-11.6.11, 11.7: the ability goes on the stack with its targets, then its cost is paid
/// (the card dulled for {dull}, a same-name Character discarded for {s}, CP, other costs).
fn use_ability(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, object: ObjectId, reference: &AbilityRef) -> Result<(), Illegal> {
    let library = state.library.clone();
    let ability = abilities_of(state, &library, object)
        .into_iter()
        .find(|(r, _)| r == reference)
        .map(|(_, a)| a.into_owned())
        .ok_or_else(|| Illegal(format!("{} no longer has that ability", state.name_of(object))))?;
    let cost = usable(state, w, &Sources::of(state, w, player), player, object, reference, &ability, true)?;
    let mut env = keyword_env(state, &library, object, reference);
    let mut cost = cost;
    // FF 11.6.7: a variable cost's X is declared now, and the cost with it.
    let x = if cost.x { declare_x(state, agent, w, player, object) } else { 0 };
    cost.cp.total += x;
    env.push((crate::kernel::name!("X"), Binding::Number(x)));
    // "only if ...": a restriction on using the ability, checked now, not on resolution.
    if let Some(condition) = &ability.condition
        && !Ctx::new(state, agent, Some(object), player, env.clone()).condition(condition)?
    {
        return Err(Illegal(format!("{} can be used only when its condition holds", state.describe_ability(object, reference))));
    }
    push_checked(state, agent, object, player, reference.clone(), env.clone(), &ability, None)?;
    if has_tag(&library, &ability, "once_per_turn") {
        state.apply(Event::Flag { object, flag: used_mark(&ability).into(), value: true, by: vec![] });
    }
    let mut exclude = vec![];
    if cost.dull {
        Ctx::new(state, agent, Some(object), player, vec![]).happen(Event::Flag { object, flag: crate::kernel::name!("dull"), value: true, by: vec![] })?;
        exclude.push(object);
    }
    if cost.special {
        let same = special_discards(state, w, player, object, usize::MAX);
        let card = if same.len() > 1 {
            match state.ask(agent, player, Question::Objects { prompt: "discard a card of the same name".into(), options: same.clone(), min: 1, max: 1 }) {
                Answer::Objects(list) if !list.is_empty() => list[0],
                _ => same[0],
            }
        } else {
            *same.first().ok_or_else(|| Illegal("no card of the same name to discard".into()))?
        };
        discard(state, agent, card)?;
    }
    if let Some(mark) = cost.free.take() {
        state.apply(Event::PlayerFlag { player, flag: mark.into(), value: true });
        return Ok(());
    }
    pay(state, agent, w, player, &cost.cp, &exclude, PaidFor::Ability(object, reference))?;
    super::cost::pay_crystals(state, agent, player, cost.crystals)?;
    let paid_from = state.log.len();
    for part in &ability.costs {
        if let CostIr::Phrase(call) = part {
            let effect = crate::ir::Effect::Do { call: call.clone(), for_each: None, duration: None, binding: None };
            let mut ctx = Ctx::new(state, agent, Some(object), player, env.clone());
            ctx.paying = true;
            ctx.run(std::slice::from_ref(&effect))?;
        }
    }
    record_paid(state, paid_from, || crate::interp::ability_reads(&library, &ability, PAID_INTO_BREAK_ZONE));
    Ok(())
}

/// The tracked lists of the cards the cost phrases of the ability just used discarded, removed from
/// the game and dulled (FF 11.6.7, 11.11.4: "the card discarded to pay the cost", 13-026C Tellah;
/// "each Summon removed by this ability's cost", 13-008R Vermilion Bird l'Cie Caetuna; "the power of
/// the dull Forward", 4-020R Marche), as they are now, and put from the field into the Break Zone ("the power of
/// the Forward put in the Break Zone", 3-013R Amarant), as they were on the field (FF 11.11.4); set at each use, so
/// the resolving ability reads the cards of the last payment (the last list only for an ability that reads it,
/// `reads_into_break_zone`, asked only when a cost put a card there: "put this into the Break Zone" pays many costs). Backups dulled to produce CP (a phrase
/// paying CP) are not among the cards dulled: they produced the CP paid.
fn record_paid(state: &mut GameState, from: usize, reads_into_break_zone: impl FnOnce() -> bool) {
    let (mut discarded, mut removed, mut dulled, mut into_break_zone, mut producers) = (vec![], vec![], vec![], vec![], vec![]);
    for event in state.log.iter_from(from) {
        match event {
            Event::Moved { new, reason, .. } if reason.as_deref() == Some("discard") => discarded.push(*new),
            Event::Moved { old, from, to, .. } if state.zone(*from).name == "field" && state.zone(*to).name == "break_zone" => into_break_zone.push(*old),
            Event::Moved { new, to, .. } if state.zone(*to).name == "removed" => removed.push(*new),
            Event::Flag { object, flag, value: true, .. } if flag == "dull" => dulled.push(*object),
            Event::Tracked { name, objects } if name == super::cost::CP_PRODUCERS => producers.extend(objects),
            _ => {}
        }
    }
    dulled.retain(|o| !producers.contains(o));
    if !into_break_zone.is_empty() && !reads_into_break_zone() {
        into_break_zone.clear();
    }
    for (name, objects) in [(PAID_DISCARDED, discarded), (PAID_REMOVED, removed), (PAID_DULLED, dulled), (PAID_INTO_BREAK_ZONE, into_break_zone)] {
        if state.tracked.get(name).is_some_and(|t| !t.is_empty()) || !objects.is_empty() {
            state.apply(Event::Tracked { name: name.into(), objects });
        }
    }
}

/// The X a player declares for a {x} cost: at most the CP their sources could make.
fn declare_x(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, object: ObjectId) -> i64 {
    let most = Sources::of(state, w, player).most_cp(&[object]);
    crate::games::arrange::choose_number(state, agent, player, most, "declare X")
}

/// Puts a played ability on the stack; "choose" with no legal target makes the play illegal
/// (FF 11.3.3, 11.6.5, 11.7.5).
#[allow(clippy::too_many_arguments)]
fn push_checked(state: &mut GameState, agent: &mut dyn Agent, source: ObjectId, player: PlayerId, reference: AbilityRef, env: crate::kernel::Env, ability: &AbilityIr, condition: Option<crate::ir::CondIr>) -> Result<(), Illegal> {
    push(state, agent, Some(source), player, reference, env, ability.body.clone(), condition);
    if matches!(state.log.last(), Some(Event::Cancelled { .. })) {
        return Err(Illegal("it needs a legal target to choose".into()));
    }
    Ok(())
}
