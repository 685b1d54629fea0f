//! The actions card text leaves to the game (`game(...)` in std-abilities/fftcg/): damage to a player with EX Burst (FF 6.5), EX Bursts an effect triggers (FF 11.10), paying {X} and CP costs (FF 11.2), casting Summons and playing cards as effects allow (FF 11.3-11.4); the other families are dispatched to their modules.


use crate::interp::engine::{push, resolve_top};
use crate::interp::{announce, has_tag, Ctx};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, PlayerId, Position, Value};

use super::cost::PaidFor;
use super::Words;

/// Carries out a `game(...)` action; the ones not listed here are announced only (see
/// docs/known-gaps.md).
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    if let Some(result) = super::deck::carry_out(state, agent, call) {
        return result;
    }
    if let Some(result) = super::search::carry_out(state, agent, call) {
        return result;
    }
    if let Some(result) = super::card_actions::carry_out(state, agent, call) {
        return result;
    }
    if let Some(result) = super::cancel::carry_out(state, agent, call) {
        return result;
    }
    if let Some(result) = super::stack_counters::remove_counters_as_cost(state, agent, call) {
        return result;
    }
    let w = Words::get(state);
    if let Some(result) = super::choices::carry_out(state, agent, &w, call) {
        return result;
    }
    match call.name.as_str() {
        "player_damage" => damage_player(state, agent, &w, call.player, call.amount.unwrap_or(1), &call.source.into_iter().collect::<Vec<_>>())?,
        // FF 3.1, 12.3: a player an effect makes lose loses when the rule processes are next checked.
        "lose_game" => state.apply(Event::PlayerFlag { player: call.player, flag: crate::kernel::name!(super::rules::LOST_BY_EFFECT), value: true }),
        "double_counters_of_selected_type" => return super::stack_counters::double_counters_of_selected_type(state, agent, call),
        name if name.starts_with("remove_any_number_of_") && name.ends_with("_counters") => {
            let counter = &name["remove_any_number_of_".len()..name.len() - "_counters".len()];
            return super::stack_counters::remove_any_number_of_counters(state, agent, call, counter);
        }
        "remove_each_of_different_cost" => return remove_each_of_different_cost(state, agent, call),
        "remove_selected_counter" => return super::stack_counters::remove_selected_counter(state, agent, call),
        "trigger_ex_burst" => trigger_ex_burst(state, agent, call),
        "change_single_target" => return super::stack_counters::change_single_target(state, agent, call),
        "redirect_only_choice_to_source" => return super::stack_counters::redirect_only_choice_to_source(state, agent, call),
        "use_same_action_ability_without_cost" => return super::mimic::use_same_action_ability(state, agent, call),
        "use_special_ability_used_this_turn_without_cost" => return super::mimic::use_special_ability_used_this_turn(state, agent, call),
        "place_additional_counter_of_selected_type" => return super::stack_counters::place_additional_counter_of_selected_type(state, agent, call),
        "choose_with_total_cost" => return Ok(Some(choose_with_total_cost(state, agent, &w, call))),
        "divide_damage" => divide_damage(state, agent, call)?,
        "unreducible_damage" => unreducible_damage(state, agent, call)?,
        "cast_without_cost" => cast_from(state, agent, &w, call, None)?,
        "cast_paying_cost" => cast_from(state, agent, &w, call, Some(0))?,
        "cast_with_cost_reduced_not_below_one" => cast_from(state, agent, &w, call, Some(call.amount.unwrap_or(0)))?,
        "name_job" => return Ok(Some(name_job(state, agent, &w, call.controller))),
        "select_number" => return Ok(Some(Value::Number(select_number(state, agent, &w, call.player)))),
        "play_onto_field_of" => return play_onto_field_of(state, agent, call),
        // "Each player who revealed a Character may play it onto the field" (9-102H Ultimecia): the player named
        // decides, and plays it onto their own field.
        "optional_play" => {
            let cards: Vec<String> = call.objects.iter().map(|o| state.name_of(*o)).collect();
            let prompt = state.worded_or_blank(|| format!("play {} onto the field", cards.join(" and ")).into());
            if cards.is_empty() || !matches!(state.ask(agent, call.player, Question::YesNo { prompt }), Answer::Yes(true)) {
                return Ok(Some(super::cards(vec![])));
            }
            return play_onto_field_of(state, agent, call);
        }
        "pay_x" => return pay_x(state, agent, &w, call).map(|x| Some(Value::Number(x))),
        // FF 11.2: a CP cost a phrase names (`pay [wind, wind] and 2 cp of any element`, `pay {2}`).
        "pay_cp" => {
            let (mut cost, mut crystals) = (super::CpCost { total: call.amount.unwrap_or(0), ..Default::default() }, 0);
            cost.needs = w.element_list(call.value.as_ref()).into();
            cost.total += cost.needs.len() as i64;
            if let Some(Value::Text(text)) = &call.value {
                // Opus XV: "you may pay {C}" spends a Crystal (15-013L Firion).
                let (symbols, n) = super::cost::symbols(&w, &state.library.vocab, text).map_err(|s| Illegal(format!("the cost {{{s}}} cannot be paid here")))?;
                cost.total += symbols.total;
                cost.needs.extend(symbols.needs);
                crystals = n;
            }
            if !super::cost::has_crystals(state, call.controller, crystals) {
                return Err(Illegal(format!("{} has fewer than {crystals} Crystal(s)", state.players[call.controller.index()].name)));
            }
            super::cost::pay_tracked(state, agent, &w, call.controller, &cost, &call.source.into_iter().collect::<Vec<_>>(), PaidFor::Phrase(call.source, "a cost"))?;
            super::cost::pay_crystals(state, agent, call.controller, crystals)?
        }
        _ => {}
    }
    Ok(None)
}

/// FF 11.2 "you may pay {X}. If you do so, search for 1 Card Name Lightning of cost X or less" (5-041H Snow, 8-141S
/// Yuffie, 7-088L Gilgamesh, 13-103L Materia, 11-129H Chaos): the player names X among the amounts they can pay
/// (FF 11.2.1.1: from any Element), pays it, and X is the phrase's number.
fn pay_x(state: &mut GameState, agent: &mut dyn Agent, w: &Words, call: &GameCall) -> Result<i64, Illegal> {
    let player = call.player;
    let exclude: Vec<ObjectId> = call.source.into_iter().collect();
    let sources = super::cost::Sources::of(state, w, player);
    let cost = |total| super::CpCost { total, ..Default::default() };
    let most = (0..=sources.most_cp(&exclude)).rev().find(|x| sources.can_pay(&cost(*x), &exclude)).unwrap_or(0);
    let x = crate::games::arrange::choose_number(state, agent, player, most, "pay X CP: X is").min(most);
    super::cost::pay_tracked(state, agent, w, player, &cost(x), &exclude, PaidFor::Phrase(call.source, "X"))?;
    Ok(x)
}

/// FF 11.3.3: "Select 1 number" (4-032C Arithmetician, 3-112H Exodus, 5-028C Arcanist): the player says a number,
/// nothing is targeted; offered from 0 to the highest cost of a card in the game (any greater number selects no card
/// of that cost).
fn select_number(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId) -> i64 {
    let highest = (0..state.objects.len()).map(|i| state.printed(ObjectId(i as u32)).number(w.cost)).max().unwrap_or(0);
    crate::games::arrange::choose_number(state, agent, player, highest, "select a number")
}

/// Naming a job: any job a card of the game has (the player says one; FF 6.6.3).
fn name_job(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId) -> Value {
    let mut jobs: Vec<String> = state.library.cards.iter().flat_map(|c| c.properties.iter().filter(|(p, _)| *p == w.job).filter_map(|(_, v)| Value::from_printed(v))).flat_map(|v| match v {
        Value::List(items) => items,
        single => vec![single],
    }).filter_map(|v| if let Value::Text(t) = v { Some(t) } else { None }).collect();
    jobs.sort();
    jobs.dedup();
    if jobs.is_empty() {
        return Value::Text(String::new());
    }
    let pick = match state.ask(agent, player, Question::One { prompt: "name a job".into(), options: jobs.clone() }) {
        Answer::One(i) => i.min(jobs.len() - 1),
        _ => 0,
    };
    Value::Text(jobs[pick].clone())
}

/// FF 6.5.2-6.5.3: `amount` points of damage to `player`, one card at a time from the top of the
/// deck to the Damage Zone, each EX Burst resolved before the next card (FF 6.5.2.1). Damage with
/// an empty deck loses the game (FF 3.1.3, 12.4.3). `sources` are the cards dealing it.
pub fn damage_player(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, amount: i64, sources: &[ObjectId]) -> Result<(), Illegal> {
    let (Some(deck), Some(damage_zone)) = (state.zone_id(crate::kernel::name!("deck"), Some(player)), state.zone_id(crate::kernel::name!("damage_zone"), Some(player))) else {
        return Err(Illegal("no deck or Damage Zone".into()));
    };
    let dealer = sources.first().map_or(state.opponent_of(player), |s| state.controller(*s));
    // FF 6.5.1, 11.12.5.2: "If Cecil deals damage to your opponent, the damage becomes 2 instead" (15-073H
    // Cecil): the hook `player_damage_becomes` on the card dealing it, for that player, with the number.
    let becomes = sources.first().and_then(|s| {
        let c = state.characteristics(*s);
        c.allowed.iter().filter(|h| h.action == "player_damage_becomes" && h.who.is_none_or(|p| p == player)).filter_map(|h| h.value.as_ref().and_then(Value::number)).min()
    });
    // "doesn't deal any damage" (2-078R Vincent), "cannot deal damage to your opponent": no damage when every card
    // dealing it may not; "the damage X deals to your opponent is doubled" (a hook on the card dealing it).
    let forbidden = |s: &ObjectId| state.permits(*s, "deal_damage", None, None) == Some(false) || state.permits(*s, "deal_player_damage", Some(player), None) == Some(false);
    if !sources.is_empty() && sources.iter().all(forbidden) {
        return Ok(());
    }
    let doubled = sources.iter().any(|s| state.characteristics(*s).allowed.iter().any(|h| h.action == "double_damage_to_player" && h.who.is_none_or(|p| p == player)));
    let amount = becomes.unwrap_or(amount) * if doubled { 2 } else { 1 };
    announce(state, agent, Event::Signal { name: crate::kernel::name!("player_damaged_by"), objects: sources.to_vec(), player: Some(player), detail: Some(amount.to_string()) });
    for _ in 0..amount {
        if state.outcome.is_some() {
            break;
        }
        let Some(&top) = state.zone(deck).objects.last() else {
            state.apply(Event::PlayerFlag { player, flag: crate::kernel::name!("damaged_with_empty_deck"), value: true });
            break;
        };
        let mut event = state.move_event(top, damage_zone, Some(crate::kernel::name!("damage")), Position::Top);
        // The card dealing the damage put it there ("put into the Damage Zone due to X").
        if let Event::Moved { by, .. } = &mut event {
            *by = sources.first().copied();
        }
        let Some(crate::interp::Happened { moved: Some(new) }) = Ctx::new(state, agent, None, dealer, vec![]).happen(event)? else { continue };
        // "If you have received a point of damage this turn" (11-009L Shadow); forgotten as the turn ends.
        if !state.players[player.index()].flags.contains(DAMAGED_THIS_TURN) && crate::interp::game_reads(state, DAMAGED_THIS_TURN) {
            state.apply(Event::PlayerFlag { player, flag: crate::kernel::name!(DAMAGED_THIS_TURN), value: true });
        }
        ex_burst(state, agent, w, player, new)?;
    }
    Ok(())
}

/// The player state of a player who received a point of damage this turn.
pub const DAMAGED_THIS_TURN: &str = "player_damaged_this_turn";

/// FF 6.5.2.1: a card with the EX Burst icon put into the Damage Zone: its player may use its EX
/// Burst effect, which resolves at once (no player can respond).
fn ex_burst(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, card: ObjectId) -> Result<(), Illegal> {
    if !w.flag(state, card, w.exburst) || state.permits(card, "use_ex_burst", None, None) == Some(false) {
        return Ok(());
    }
    let library = state.library.clone();
    let id = state.object(card).card;
    let Some(index) = library.card(id).abilities.iter().position(|a| has_tag(&library, a, "exburst")) else { return Ok(()) };
    let prompt = state.worded_or_blank(|| format!("use the EX Burst of {}", state.name_of(card)).into());
    if !matches!(state.ask(agent, player, Question::YesNo { prompt }), Answer::Yes(true)) {
        return Ok(());
    }
    let ability = &library.card(id).abilities[index];
    let depth = state.stack.len();
    push(state, agent, Some(card), player, AbilityRef::Printed { card: id, index }, vec![], ability.body.clone(), ability.condition.clone());
    if state.stack.len() > depth {
        resolve_top(state, agent)?;
    }
    Ok(())
}

/// FF 6.5.2.1, 11.10: an effect triggers the EX Burst effect of cards in a zone other than by
/// damage ("choose 1 card with EX Burst in your Damage Zone. You may trigger its EX Burst effect.
/// (This effect is put on the stack.)", 13-002L Akstar): each card's EX Burst ability goes onto the
/// stack, controlled by the effect's player, its targets chosen now; it resolves as any ability does.
fn trigger_ex_burst(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) {
    let library = state.library.clone();
    for &card in &call.objects {
        let id = state.object(card).card;
        let Some(index) = library.card(id).abilities.iter().position(|a| has_tag(&library, a, "exburst")) else { continue };
        let ability = &library.card(id).abilities[index];
        push(state, agent, Some(card), call.controller, AbilityRef::Printed { card: id, index }, vec![], ability.body.clone(), ability.condition.clone());
    }
}

/// FF 15.1.1.5: "remove any number of Forwards in your Break Zone, each of a different cost, from the
/// game" (12-076R Exdeath): the effect's controller picks the cards one at a time (not chosen: no
/// targets, FF 11.3.3), each of a cost no card picked has, until they pick none; they are removed
/// from the game, and the cards removed are the value.
fn remove_each_of_different_cost(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let player = call.controller;
    let cost = state.library.vocab.property("cost");
    let cost_of = |state: &GameState, o: ObjectId| cost.map(|p| state.characteristics(o).number(p));
    let mut left: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(|o| state.object(*o).left.is_none()).collect();
    let mut picked: Vec<ObjectId> = vec![];
    while !left.is_empty() {
        let pick = match state.ask(agent, player, Question::Objects { prompt: "remove from the game (each of a different cost)".into(), options: left.clone(), min: 0, max: 1 }) {
            Answer::Objects(list) => list,
            _ => vec![],
        };
        let Some(&card) = pick.first() else { break };
        let taken = cost_of(state, card);
        picked.push(card);
        left.retain(|o| *o != card && cost_of(state, *o) != taken);
    }
    let mut removed = vec![];
    for card in picked {
        let Some(to) = state.zone_id(crate::kernel::name!("removed"), Some(state.object(card).owner)) else { continue };
        let event = state.move_event(card, to, Some(crate::kernel::name!("remove")), Position::Top);
        if let Some(crate::interp::Happened { moved: Some(new) }) = Ctx::new(state, agent, call.source, player, vec![]).happen(event)? {
            removed.push(new);
        }
    }
    Ok(Some(Value::Cards(Box::new(crate::kernel::Selector::Objects(removed)))))
}

/// FF 11.7.5, 11.8.9, 11.3.3: "choose as many ... as you want with a total cost of N or less": the
/// effect's controller chooses one card at a time among the legal targets (restrictions on being
/// chosen apply) whose cost still fits in what is left of the total, until they choose none; the
/// cards chosen are announced (FF "when X is chosen") and given as the phrase's value.
fn choose_with_total_cost(state: &mut GameState, agent: &mut dyn Agent, w: &Words, call: &GameCall) -> Value {
    // The Forwards on the field: a game action is given the cards of every zone (a search's deck).
    let on_field = |o: &ObjectId| state.object(*o).left.is_none() && state.zone(state.object(*o).zone).name == "field";
    let candidates: Vec<ObjectId> = call.objects.iter().map(|o| state.current(*o)).filter(on_field).collect();
    let mut left: Vec<ObjectId> = super::legal_targets(state, call.controller, call.source, candidates);
    let mut budget = call.amount.unwrap_or(0);
    let mut chosen: Vec<ObjectId> = vec![];
    loop {
        left.retain(|o| !chosen.contains(o) && state.characteristics(*o).number(w.cost) <= budget);
        if left.is_empty() {
            break;
        }
        let prompt = state.worded_or_blank(|| format!("choose (total cost {budget} or less left)").into());
        let pick = match state.ask(agent, call.controller, Question::Objects { prompt, options: left.clone(), min: 0, max: 1 }) {
            Answer::Objects(list) => list,
            _ => vec![],
        };
        let Some(&card) = pick.first().filter(|c| left.contains(c)) else { break };
        budget -= state.characteristics(card).number(w.cost);
        chosen.push(card);
    }
    if !chosen.is_empty() {
        super::announce_chosen(state, agent, call.controller, call.source, &chosen);
    }
    Value::Cards(Box::new(crate::kernel::Selector::Objects(chosen)))
}

/// FF 11.3.6, 11.6.8: damage divided among the chosen Forwards by the effect's controller, at
/// least 1000 to each and in multiples of 1000.
fn divide_damage(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<(), Illegal> {
    let targets: Vec<ObjectId> = call.objects.iter().copied().filter(|o| state.object(*o).left.is_none()).collect();
    let mut left = call.amount.unwrap_or(0);
    let Some((last, first)) = targets.split_last() else { return Ok(()) };
    let mut shares = vec![];
    for (i, target) in first.iter().enumerate() {
        let still_to_give = 1000 * (first.len() - i) as i64;
        let most = (left - still_to_give) / 1000;
        let options: Vec<i64> = (1..=most.max(1)).map(|k| k * 1000).collect();
        let prompt = state.worded_or_blank(|| format!("damage to {} ({left} to divide)", state.name_of(*target)).into());
        let pick = match state.ask(agent, call.controller, Question::One { prompt, options: options.iter().map(i64::to_string).collect() }) {
            Answer::One(k) => options[k.min(options.len() - 1)],
            _ => options[0],
        };
        shares.push((*target, pick));
        left -= pick;
    }
    shares.push((*last, left));
    for (target, amount) in shares {
        if amount > 0 {
            Ctx::new(state, agent, call.source, call.controller, vec![]).happen(Event::Damaged { object: target, amount, source: call.source, battle: false })?;
        }
    }
    Ok(())
}

/// FF 6.5, 11.12.5.2: damage no effect reduces ("Deal it 10000 damage. This damage cannot be
/// reduced.", 11-015L Braska's Final Aeon): dealt as any damage (restrictions on receiving it
/// apply), but no replacement or game change lowers it.
fn unreducible_damage(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<(), Illegal> {
    let amount = call.amount.unwrap_or(0);
    for object in call.objects.iter().map(|o| state.current(*o)).collect::<Vec<_>>() {
        if amount > 0 && state.object(object).left.is_none() && super::restrict::allows(state, object, crate::kernel::Deed::Damage(amount), call.controller, call.source) {
            let mut ctx = Ctx::new(state, agent, call.source, call.controller, vec![]);
            ctx.unreducible = true;
            ctx.happen(Event::Damaged { object, amount, source: call.source, battle: false })?;
        }
    }
    Ok(())
}

/// Casting a Summon an effect allows (FF 11.3): from a zone (the hand unless named; a card a search put aside for
/// the rest of its effect, 3-152S Garnet), or the card named where it is ("Reveal the top card of your deck. If it
/// is a Summon, you may pay the cost and cast it", 7-127L Yuna: `cast_paying_cost`). `paying`: `None` without
/// paying its cost (FF 11.3 without 11.3.7); `Some(r)` paying it, lowered by `r` but not below 1 ("The cost required
/// to cast it is reduced by 1 (it cannot become 0)", 5-047C Mystic Knight, 6-113C Summoner), and then only a Summon
/// whose cost its player can pay is offered. The player picks one.
fn cast_from(state: &mut GameState, agent: &mut dyn Agent, w: &Words, call: &GameCall, paying: Option<i64>) -> Result<(), Illegal> {
    let player = call.controller;
    let zone = call.zone.clone().unwrap_or_else(|| "hand".into());
    let from = state.zone_id(&zone, Some(player));
    let aside = state.tracked.get(super::search::SET_ASIDE).cloned().unwrap_or_default();
    let where_it_is = call.name == "cast_paying_cost";
    let sources = super::cost::Sources::of(state, w, player);
    let payable = |o: ObjectId| {
        paying.is_none_or(|r| {
            let mut cost = super::card_cost::card_cost(state, w, o);
            cost.total = if r > 0 { (cost.total - r).max(1) } else { cost.total };
            sources.can_pay(&cost, &[o])
        })
    };
    let options: Vec<ObjectId> = call
        .objects
        .iter()
        .map(|o| state.current(*o))
        .filter(|o| state.object(*o).left.is_none() && (where_it_is || Some(state.object(*o).zone) == from || aside.contains(o)) && w.is(state, *o, w.summon) && payable(*o))
        .collect();
    if options.is_empty() {
        return Ok(());
    }
    let prompt = if paying.is_some() { "cast" } else { "cast without paying its cost" };
    let picked = match state.ask(agent, player, Question::Objects { prompt: prompt.into(), options: options.clone(), min: 1, max: 1 }) {
        Answer::Objects(list) if !list.is_empty() => list[0],
        _ => options[0],
    };
    super::perform::cast_summon(state, agent, w, player, picked, paying)
}

/// FF 11.4, 6.2.4, 6.2.5: an effect plays cards onto the field of the player it names ("play Kain from your Break
/// Zone onto your opponent's field", 13-073H Kain; "play it onto your field", 7-087H Exdeath): each card still
/// where it was moves to that player's field (by the effect's card, `by`) and that player controls it while it
/// stays there (a control effect begun before anything sees it arrive, so its auto-abilities and field
/// abilities are that player's); otherwise as any move onto the field (arrival states, then its announcements).
/// The cards played are the value.
fn play_onto_field_of(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    use crate::kernel::continuous::{ContinuousEffect, Duration};
    use crate::kernel::replacement::Replaced;
    let zone = call.zone.clone().unwrap_or_else(|| "field".into());
    let to = state.zone_id(&zone, Some(call.player)).ok_or_else(|| Illegal(format!("no {zone}")))?;
    let mut played = vec![];
    for &object in &call.objects {
        let here = state.object(object);
        if here.left.is_some() || state.zone(here.zone).name == zone || !super::restrict::allows(state, object, crate::kernel::Deed::Moved(Some("play")), call.controller, call.source) {
            continue;
        }
        let mut event = state.move_event(object, to, Some(crate::kernel::name!("play")), Position::Top);
        if let Event::Moved { by, .. } = &mut event {
            *by = call.source;
        }
        let new = match state.replace(event, agent) {
            Replaced::Happens(event @ Event::Moved { new, .. }) if event_to(&event) == Some(to) => {
                state.apply(event);
                let index = state.log.len() - 1;
                if state.object(new).owner != call.player {
                    let change = crate::kernel::Change::Controller(call.player);
                    let effect = ContinuousEffect { id: state.next_effect_id(), source: call.source, controller: call.controller, timestamp: Default::default(), affected: crate::kernel::Selector::Objects(vec![new]), change, duration: Duration::WhileIn(new), condition: None, keyword: None };
                    state.apply(Event::EffectBegan { effect: Box::new(effect) });
                }
                let (signals, states): (Vec<Event>, Vec<Event>) = super::perform::arrival_states(state, new).into_iter().partition(|e| matches!(e, Event::Signal { .. }));
                states.into_iter().for_each(|e| state.apply(e));
                crate::interp::after_event(state, agent, index);
                signals.into_iter().for_each(|e| announce(state, agent, e));
                new
            }
            // Replaced by another event or effects: as any effect's move (FF 11.12.5).
            Replaced::Happens(other) => {
                Ctx::new(state, agent, call.source, call.controller, vec![]).happen(other)?;
                continue;
            }
            Replaced::Instead { replacement, effects, subject } => {
                super::perform::run_instead(state, agent, replacement, &effects, subject, (call.source, call.controller))?;
                continue;
            }
            Replaced::Prevented => continue,
        };
        played.push(new);
    }
    Ok(Some(Value::Cards(Box::new(crate::kernel::Selector::Objects(played)))))
}

fn event_to(event: &Event) -> Option<crate::kernel::ZoneId> {
    if let Event::Moved { to, .. } = event { Some(*to) } else { None }
}
