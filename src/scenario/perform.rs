//! A scenario's actions, performed through the engine: playing a card, using an ability,
//! attacking, passing, resolving, ending the turn, a game signal. A game with its own
//! procedures (FF-TCG: payment, attacks, phases) performs them; the others play without costs.


use crate::interp::engine::{push, resolve_all, resolve_top, settle};
use crate::interp::{abilities_of, announce, keyword_env, Ctx};
use crate::kernel::trigger::AbilityRef;
use crate::kernel::decision::Agent;
use crate::kernel::{Binding, Event, GameState, Illegal, ObjectId, Position};
use crate::vocab::AbilityClass;

use super::ast::{Action, ObjectRef, Side};
use super::run::Runner;
use super::setup::player;

impl Runner<'_> {
    /// Performs `action`; an illegal one leaves the game as it was (FF 14, Trails 1204.2l).
    pub(super) fn perform(&mut self, action: &Action) -> Result<(), Illegal> {
        let Runner { state, agent, rules, cast_zones, end_of_turn, procedures, .. } = self;
        let procedures = *procedures;
        let (rules, cast_zones) = (*rules, *cast_zones);
        if state.outcome.is_some() {
            return Err(Illegal("the game is over (FF 3.1)".into()));
        }
        state.attempt(|state| match action {
            Action::Play { player: side, card } => {
                // From the hand, or another zone the game plays cards from.
                let zones = procedures.map_or(&["hand"][..], |g| g.play_zones());
                let object = zones.iter().find_map(|z| find_in(state, card, Some(*side), Some(z)).ok()).map_or_else(|| find_in(state, card, Some(*side), Some("hand")), Ok)?;
                if let Some(game) = procedures {
                    return game.play(state, agent, player(*side), object);
                }
                play(state, agent, *side, object, cast_zones.map(|z| z.0))?;
                settle(state, agent, rules);
                Ok(())
            }
            Action::Use { player: side, card, ability } => {
                let object = find_in(state, card, Some(*side), None)?;
                let library = state.library.clone();
                let usable: Vec<_> = abilities_of(state, &library, object)
                    .into_iter()
                    .filter(|(_, a)| library.vocab.ability_kinds[a.kind.index()].class == AbilityClass::Activated)
                    .map(|(r, a)| (r, a.into_owned()))
                    .collect();
                let Some((reference, chosen)) = ability.checked_sub(1).and_then(|i| usable.get(i)) else {
                    return Err(Illegal(format!("{} has {} ability(ies) to use, not {ability}", state.name_of(object), usable.len())));
                };
                if let Some(game) = procedures {
                    return game.use_ability(state, agent, player(*side), object, reference.clone());
                }
                let env = with_x(keyword_env(state, &library, object, reference));
                push(state, agent, Some(object), player(*side), reference.clone(), env, chosen.body.clone(), chosen.condition.clone());
                settle(state, agent, rules);
                Ok(())
            }
            Action::Attack { player: side, attackers } => {
                let game = procedures.ok_or_else(|| Illegal(format!("{} has no attack procedure yet", state.library.vocab.game)))?;
                let attackers = attackers.iter().map(|a| find_in(state, a, Some(*side), Some("field"))).collect::<Result<Vec<_>, _>>()?;
                game.attack(state, agent, player(*side), &attackers)
            }
            Action::Support { player: side, target, supporter } => {
                let game = procedures.ok_or_else(|| Illegal(format!("{} has no support procedure", state.library.vocab.game)))?;
                let target = find_in(state, target, Some(*side), Some("field"))?;
                let supporter = find_in(state, supporter, Some(*side), Some("field"))?;
                game.support(state, agent, player(*side), target, supporter)
            }
            Action::NextTurn => {
                let game = procedures.ok_or_else(|| Illegal(format!("{} has no turn procedure yet", state.library.vocab.game)))?;
                game.next_turn(state, agent)
            }
            Action::NextPhase => {
                let game = procedures.ok_or_else(|| Illegal(format!("{} has no turn procedure yet", state.library.vocab.game)))?;
                game.next_phase(state, agent)
            }
            Action::Pass => {
                if state.stack.is_empty() {
                    return Err(Illegal("nothing waits to resolve".into()));
                }
                resolve_top(state, agent)?;
                settle(state, agent, rules);
                match procedures {
                    Some(game) => game.resolved(state, agent),
                    None => put_away(state, agent, cast_zones),
                }
            }
            Action::Resolve => match procedures {
                Some(game) => game.resolve(state, agent),
                None => {
                    resolve_all(state, agent, rules)?;
                    put_away(state, agent, cast_zones)
                }
            },
            Action::EndTurn => match procedures {
                Some(game) => game.end_turn(state, agent),
                None => {
                    announce(state, agent, end_of_turn.clone());
                    resolve_all(state, agent, rules)?;
                    state.end_durations("end_of_turn");
                    Ok(())
                }
            },
            Action::Signal { name, objects, by } => {
                let objects = objects.iter().map(|o| find_in(state, o, None, None)).collect::<Result<Vec<_>, _>>()?;
                announce(state, agent, Event::Signal { name: name.as_str().into(), objects, player: by.map(player), detail: None });
                settle(state, agent, rules);
                Ok(())
            }
        })
    }
}

/// X is declared when the cost is paid (FF 11.6.7); until payment exists, X is 0 unless set.
fn with_x(mut env: crate::kernel::Env) -> crate::kernel::Env {
    env.push((crate::kernel::name!("X"), Binding::Number(0)));
    env
}

/// Plays a card from the hand: a card with an effect (a Summon, an EVENT, an Action) puts that
/// effect where the game resolves things; any other card moves to the game's field.
fn play(state: &mut GameState, agent: &mut dyn Agent, side: Side, object: ObjectId, waiting: Option<&str>) -> Result<(), Illegal> {
    let library = state.library.clone();
    let card = state.object(object).card;
    let effect = library.card(card).abilities.iter().position(|a| library.vocab.ability_kinds[a.kind.index()].class == AbilityClass::Play);
    if let Some(index) = effect {
        let ability = &library.card(card).abilities[index];
        let mut object = object;
        if let Some(zone) = waiting.and_then(|z| state.zone_id(z, None)) {
            let event = state.move_event(object, zone, Some(crate::kernel::name!("play")), Position::Top);
            Ctx::new(state, agent, None, player(side), vec![]).happen(event)?;
            object = state.current(object);
        }
        push(state, agent, Some(object), player(side), AbilityRef::Printed { card, index }, with_x(vec![]), ability.body.clone(), ability.condition.clone());
        return Ok(());
    }
    let field = state.config.default_zone;
    let zone = state.zone_id(field, Some(player(side))).ok_or_else(|| Illegal(format!("there is no {field} to play onto")))?;
    let event = state.move_event(object, zone, Some(crate::kernel::name!("play")), Position::Top);
    Ctx::new(state, agent, None, player(side), vec![]).happen(event)?;
    Ok(())
}

/// Played cards whose effects have resolved go where the game puts them, for a game without
/// its own procedures.
fn put_away(state: &mut GameState, agent: &mut dyn Agent, cast_zones: Option<(&str, &str)>) -> Result<(), Illegal> {
    match cast_zones {
        Some(zones) => crate::games::put_away_resolved(state, agent, zones).map(|_| ()),
        None => Ok(()),
    }
}

/// The object a scenario names: a card of that name in the game now (in `zone` if given, of
/// `side`'s if given — or of the side the reference names). Cards in ability zones come first.
pub fn find_in(state: &GameState, card: &ObjectRef, side: Option<Side>, zone: Option<&str>) -> Result<ObjectId, Illegal> {
    let whose = card.player.or(side);
    let mut found: Vec<ObjectId> = state
        .live_objects()
        .filter(|o| super::agent::matches(state, *o, &ObjectRef { player: None, ..card.clone() }))
        .filter(|o| whose.is_none_or(|p| state.object(*o).owner == player(p) || state.controller(*o) == player(p)))
        .filter(|o| zone.is_none_or(|z| state.zone(state.object(*o).zone).name == z))
        .collect();
    found.sort_by_key(|o| !state.zone(state.object(*o).zone).name.is_in(&state.config.ability_zones));
    found.first().copied().ok_or_else(|| {
        let whose = whose.map(|p| format!("{}'s ", state.players[usize::from(p)].name)).unwrap_or_default();
        let place = zone.map_or_else(|| "the game".to_string(), |z| format!("{whose}{z}"));
        Illegal(format!("there is no \"{}\" in {place}", card.name))
    })
}
