//! Playing activated crafts (Trails 1210) and Arts abilities (1213) with their costs paid
//! (1204.2f-4, 1204.2f-5), and the game's hooks into the interpreter: `pay N cp` and `pay N ep`
//! as costs and effects (1318), paid from the pools with EP gained from the homebase (1217.3).

use crate::interp::engine::push;
use crate::interp::{abilities_of, keyword_env, Ctx};
use crate::ir::{AbilityIr, CostIr, Operand};
use crate::kernel::decision::Agent;
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{Binding, Deed, Event, GameCall, GameState, Illegal, ObjectId, PlayerId, Position, Value};

use super::cost::pay;

/// The kind word of Arts abilities (prelude: `ability art activated`, 208.1).
const ARTS: &str = "art";

/// Trails 1204.2, 1210, 1213: an activated craft of a card its player controls on the field or in
/// the homebase, or an Arts ability of a card in their hand or face-down in their homebase
/// (1213.2, 1213.2a); a stunned UNIT's abilities are invalid (1306.2c). An Arts ability played from
/// the homebase turns its card face-up (1204.2a); a card still hidden (a face-down card's craft, an
/// Arts card in the hand) is revealed (1204.2b); the targets are chosen (1204.2d); the costs are paid in
/// the order written (1203.4): EP for an Arts ability, with the card put into the trail when it is
/// played from elsewhere than the homebase (1204.2f-5); `{action}` actions the ready card (1321).
pub fn use_ability(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, reference: &AbilityRef) -> Result<(), Illegal> {
    let library = state.library.clone();
    let name = state.name_of(object);
    let ability = usable(state, player, object, reference)?;
    let arts = library.vocab.ability_kinds[ability.kind.index()].name == ARTS;
    let zone = state.zone(state.object(object).zone).name;
    let face_down = state.object(object).flags.contains("face_down");
    if arts && zone == "homebase" && face_down {
        Ctx::new(state, agent, None, player, vec![]).happen(Event::Flag { object, flag: crate::kernel::name!("face_down"), value: false, by: vec![] })?;
    } else if (face_down || zone == "hand") && !state.object(object).flags.contains(crate::kernel::REVEALED) {
        // 1204.2b: a card hidden from a player (face-down, 503.2; in its owner's hand, 505.3) whose
        // ability is played is revealed; a craft does not turn its card face-up (1204.2a names
        // cards and Arts abilities only), and it stays hidden again once the craft is done.
        crate::interp::reveal(state, object);
    }
    let mut env = keyword_env(state, &library, object, reference);
    if costs_name_x(&ability) {
        // Trails 1305.2a, 1204.2c: X, which no method determines, is chosen now, before the
        // targets; at most what the player could pay (CP, or EP with the homebase's, 1217.3).
        let most = state.resource(player, "cp").max(state.resource(player, "ep") + super::cost::ep_sources(state, player).len() as i64);
        let x = crate::games::arrange::choose_number(state, agent, player, most, "choose X");
        env.push((crate::kernel::name!("X"), Binding::Number(x)));
    }
    let before = state.stack.len();
    push(state, agent, Some(object), player, reference.clone(), env.clone(), ability.body.clone(), ability.condition.clone());
    if state.stack.len() == before {
        return Err(Illegal(format!("{name}'s ability has no legal target (Trails 1204.2d)")));
    }
    for part in &ability.costs {
        match part {
            CostIr::Symbols(symbols) => {
                for symbol in symbols {
                    if state.object(object).flags.contains("actioned") {
                        return Err(Illegal(format!("{name} is not ready to pay {{{symbol}}} (Trails 1321)")));
                    }
                    Ctx::new(state, agent, Some(object), player, vec![]).happen(Event::Flag { object, flag: crate::kernel::name!("actioned"), value: true, by: vec![] })?;
                }
            }
            CostIr::Phrase(call) => {
                let effect = crate::ir::Effect::Do { call: call.clone(), for_each: None, duration: None, binding: None };
                let mut ctx = Ctx::new(state, agent, Some(object), player, env.clone());
                ctx.paying = true;
                ctx.run(std::slice::from_ref(&effect))?;
            }
        }
    }
    if arts && zone != "homebase" {
        let owner = state.object(object).owner;
        let trail = state.zone_id(crate::kernel::name!("trail"), Some(owner)).ok_or_else(|| Illegal("no trail".into()))?;
        let event = state.move_event(object, trail, Some(crate::kernel::name!("arts cost")), Position::Top);
        Ctx::new(state, agent, Some(object), player, vec![]).happen(event)?;
    }
    Ok(())
}

/// The checks of `use_ability` that change nothing: the ability, if `player` may play it from
/// where its card is (1210.2, 1213.2, 1306.2c) and its `{action}` can be paid (1321).
pub fn usable(state: &GameState, player: PlayerId, object: ObjectId, reference: &AbilityRef) -> Result<AbilityIr, Illegal> {
    let library = state.library.clone();
    // The name only for a refusal: legal plays ask this of every ability.
    let name = || state.name_of(object);
    let ability = abilities_of(state, &library, object).into_iter().find(|(r, _)| r == reference).map(|(_, a)| a.into_owned());
    let ability = ability.ok_or_else(|| Illegal(format!("{} no longer has that ability", name())))?;
    let arts = library.vocab.ability_kinds[ability.kind.index()].name == ARTS;
    let zone = state.zone(state.object(object).zone).name.as_str();
    let face_down = state.object(object).flags.contains("face_down");
    let controlled = state.controller(object) == player;
    match (arts, zone) {
        (true, "hand") if state.object(object).owner == player => {}
        (true, "homebase") if controlled && face_down => {}
        (true, _) => return Err(Illegal(format!("{}'s Arts ability is played from its player's hand or face-down homebase (Trails 1213.2)", name()))),
        (false, "field" | "homebase") if controlled => {}
        (false, _) => return Err(Illegal(format!("{}'s craft is played from a card its player controls (Trails 1210.2)", name()))),
    }
    if !arts && state.abilities_inactive(object) {
        return Err(Illegal(format!("{} is stunned: its abilities are invalid (Trails 1306.2c)", name())));
    }
    let pays_action = ability.costs.iter().any(|part| matches!(part, CostIr::Symbols(symbols) if !symbols.is_empty()));
    if pays_action && state.object(object).flags.contains("actioned") {
        return Err(Illegal(format!("{} is not ready to pay {{action}} (Trails 1321)", name())));
    }
    Ok(ability)
}

/// Carries out the Trails `game(...)` actions the procedures know: paying CP and EP (1318), stun
/// and cure (1306, 1308), search (1312), plan (1323), counter a card or a craft (1324), SCLM Support
/// resolving (1220), playing cards (1204) and discarding a hand (1314.2). The others are announced only.
pub fn carry_out(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let resource = match call.name.as_str() {
        "search" => return super::deck::search(state, agent, call),
        "play_card" | "play_card_without_paying_cost" => return super::play::play_by_effect(state, agent, call),
        "plan" => return super::deck::plan(state, agent, call).map(|()| None),
        "counter" => {
            for &object in &call.objects {
                super::terms::counter(state, agent, object, call.source, call.controller)?;
            }
            return Ok(None);
        }
        "counter_craft" => return Ok(counter_crafts(state, agent, call)),
        "pay_cp" => "cp",
        "pay_ep" => "ep",
        "stun" => {
            for &object in &call.objects {
                super::terms::stun_by_effect(state, agent, object, call.source);
            }
            return Ok(None);
        }
        "cure" => {
            super::terms::cure(state, agent, &call.objects, call.source);
            return Ok(None);
        }
        "gain_support" => {
            let w = super::Words::get(state);
            for &object in &call.objects {
                super::combat::gain_support(state, agent, &w, call.controller, object, call.source)?;
            }
            return Ok(None);
        }
        "discard_hand" => return super::terms::discard_hand(state, agent, call).map(|()| None),
        _ => return Ok(None),
    };
    let what = call.source.map_or_else(|| "the effect".to_string(), |s| state.name_of(s));
    pay(state, agent, call.player, resource, call.amount.unwrap_or(0), &what)?;
    Ok(None)
}

/// Every candidate may be chosen (Trails has no "cannot be chosen" rules yet).
pub fn legal_targets(_: &GameState, _: PlayerId, _: Option<ObjectId>, candidates: Vec<ObjectId>) -> Vec<ObjectId> {
    candidates
}

/// Nothing is announced when targets are chosen.
pub fn announce_chosen(_: &mut GameState, _: &mut dyn Agent, _: PlayerId, _: Option<ObjectId>, _: &[ObjectId]) {}

/// What effects may do to a card: a stunned UNIT is always face-down and actioned (1306.2a), so
/// no effect turns it face-up, and it does not ready (1306.2b), nor does a card that "does not
/// ready" (its `ready` prohibition); anything else the kernel's own rules allow. (Curing, 1306.4,
/// takes the stun off first, then turns it face-up: `terms::cure`.)
pub fn allows(state: &GameState, object: ObjectId, deed: Deed<'_>, _: PlayerId, _: Option<ObjectId>) -> bool {
    match deed {
        Deed::Cleared("actioned") => may_ready(state, object),
        Deed::Cleared("face_down") => !state.object(object).flags.contains("stunned"),
        _ => true,
    }
}

/// Trails 1306.2b, 1315.1: whether a card may ready: not while stunned, nor under "does not ready".
pub fn may_ready(state: &GameState, object: ObjectId) -> bool {
    !state.object(object).flags.contains("stunned") && state.characteristics(object).may("ready") != Some(false)
}

/// A card arrives as it moved: its states come from the move itself (face-down, 1204.2e).
pub fn arrival_states(_: &GameState, _: ObjectId) -> Vec<Event> {
    vec![]
}

/// Whether a cost of the ability names X (`pay X ep`, Trails 1305.1), which binds it (the checker).
fn costs_name_x(ability: &crate::ir::AbilityIr) -> bool {
    fn names_x(op: &Operand) -> bool {
        match op {
            Operand::Binding(name) => name == "X",
            Operand::Arith { left, right, .. } => names_x(left) || names_x(right),
            Operand::Signed { value, .. } => names_x(value),
            _ => false,
        }
    }
    ability.costs.iter().any(|c| matches!(c, CostIr::Phrase(call) if call.args.iter().any(names_x)))
}

/// Trails 1324.1-2 Counter an ability: a craft or Arts ability of each card waiting in the Resolve
/// Standby Zone (not the effect of the card itself, which `counter` counters) is removed from it and
/// does not resolve; the costs paid for it stay paid. The craft is a target (1204.2d): chosen when the
/// countering ability is played (`call.declaring`; with several of one card's waiting, its controller
/// chooses, the most recent first), the entries chosen returned; on resolution (`call.value`, those
/// entries) each is countered if it still waits (1205.1a). Called otherwise, it counts as chosen now.
fn counter_crafts(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Option<Value> {
    if !call.declaring
        && let Some(Value::List(chosen)) = &call.value
    {
        for id in chosen {
            let Value::Number(id) = id else { continue };
            if let Some(index) = state.stack.iter().position(|e| e.id as i64 == *id) {
                state.apply(Event::Unstacked { index });
            }
        }
        return None;
    }
    let library = state.library.clone();
    let card_effect = |e: &crate::kernel::trigger::StackEntry| super::play::card_entry(&library, e);
    let mut chosen = vec![];
    for &object in &call.objects {
        let current = state.current(object);
        let waiting: Vec<usize> = (0..state.stack.len()).rev().filter(|&i| state.stack[i].source.is_some_and(|s| state.current(s) == current) && !card_effect(&state.stack[i])).collect();
        let index = match waiting.as_slice() {
            [] => continue,
            [one] => *one,
            several => {
                let options = several.iter().map(|&i| state.describe_ability(current, &state.stack[i].ability)).collect();
                let prompt = state.worded_or_blank(|| format!("the craft of {} to counter (Trails 1324.1, 1204.2d)", state.name_of(current)).into());
                match state.ask(agent, call.controller, crate::kernel::Question::One { prompt, options }) {
                    crate::kernel::Answer::One(k) => several[k.min(several.len() - 1)],
                    _ => several[0],
                }
            }
        };
        chosen.push(state.stack[index].id);
    }
    if call.declaring {
        return Some(Value::List(chosen.into_iter().map(|id| Value::Number(id as i64)).collect()));
    }
    for id in chosen {
        if let Some(index) = state.stack.iter().position(|e| e.id == id) {
            state.apply(Event::Unstacked { index });
        }
    }
    None
}
