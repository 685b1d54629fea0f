//! The combat sub steps (Trails 802.3, 803.1-803.4): each primary player in turn proposes one or
//! more ready UNITs sharing an organization (803.3, 803.3b) or passes; two passes in succession
//! end them (803.4b).

use crate::interp::announce;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, ObjectId, PlayerId};

use super::super::turn::{initiative, mark_players, open, Windows};
use super::super::Words;
use super::legal::{attackers, share_an_organization};

/// Trails 803.3, 803.3b, 1326.3: the UNITs `player` proposes: one ready UNIT (a UNIT they must
/// attack with if there is one), then any more, one at a time, that share an organization with
/// all those chosen (a SCLM Attack). Empty: a pass.
fn propose(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId) -> Vec<ObjectId> {
    let options = attackers(state, w, player);
    if options.is_empty() {
        return vec![];
    }
    let forced: Vec<ObjectId> = options.iter().copied().filter(|u| state.permits(*u, "must_attack", None, None) == Some(true)).collect();
    let mut chosen = forced.clone();
    if chosen.is_empty() {
        let prompt = std::borrow::Cow::Borrowed("propose a UNIT to attack, or pass (Trails 803.3)");
        if let Answer::Objects(list) = state.ask(agent, player, Question::Objects { prompt, options: options.clone(), min: 0, max: 1 }) {
            chosen = list;
        }
    }
    while !chosen.is_empty() {
        let more: Vec<ObjectId> = options
            .iter()
            .copied()
            .filter(|u| !chosen.contains(u) && share_an_organization(state, w, &[chosen.clone(), vec![*u]].concat()))
            .collect();
        if more.is_empty() {
            break;
        }
        let prompt = std::borrow::Cow::Borrowed("another UNIT to join the SCLM Attack, or none (Trails 803.3b)");
        match state.ask(agent, player, Question::Objects { prompt, options: more, min: 0, max: 1 }) {
            Answer::Objects(list) if !list.is_empty() => chosen.extend(list),
            _ => break,
        }
    }
    chosen
}

/// Trails 802.3, 803: the combat sub steps: the Initiative Player first, then in turn, each
/// primary player may propose ready UNITs to attack or pass (803.3); two passes in succession
/// end them (803.4b). An illegal proposal is a pass.
pub fn sub_steps(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let mut primary = initiative(state);
    let mut passes = 0;
    for _ in 0..200 {
        if state.outcome.is_some() || passes >= 2 {
            return;
        }
        mark_players(state, initiative(state), primary);
        // 803.1-803.2: "at the start of the propose attacker step", priority processing.
        announce(state, agent, Event::Signal { name: crate::kernel::name!("propose_attacker_step_begins"), objects: vec![], player: Some(primary), detail: None });
        open(windows, state, agent, w);
        let chosen = propose(state, agent, w, primary);
        if !chosen.is_empty() && super::attack(state, agent, w, windows, primary, &chosen).is_ok() {
            passes = 0;
        } else {
            passes += 1;
        }
        primary = state.opponent_of(primary);
    }
}
