//! The rule processes (Trails 1100), performed in a rule check (1002.1a) until none applies: loss condition processing (1102), and a card on the field going to its controller's field (506.4).

use crate::interp::engine::RuleProcesses;
use crate::interp::Ctx;
use crate::kernel::decision::Agent;
use crate::kernel::{Duration, Event, GameState, ObjectId, Outcome, PlayerId, Position};

/// The mark of a player who tried to draw from an empty deck (1102.1).
pub const DREW_FROM_EMPTY_DECK: &str = "drew_from_empty_deck";

/// Trails TCG's rule processes.
pub struct TrailsRules;

pub static RULES: TrailsRules = TrailsRules;

impl RuleProcesses for TrailsRules {
    fn run(&self, state: &mut GameState, agent: &mut dyn Agent) -> bool {
        if state.outcome.is_some() {
            return false;
        }
        if to_controllers_field(state, agent) {
            return true;
        }
        // Trails 1102.1: a player who tried to draw from an empty deck loses.
        let losers: Vec<PlayerId> = (0..state.players.len()).map(|p| PlayerId(p as u8)).filter(|p| state.players[p.index()].flags.contains(DREW_FROM_EMPTY_DECK)).collect();
        let outcome = match losers.as_slice() {
            [] => return false,
            [one] => Outcome::Winner(state.opponent_of(*one)),
            // Trails 103.3: both at once: the non-primary player wins.
            _ => Outcome::Winner(state.opponent_of(state.turn_player)),
        };
        state.apply(Event::GameEnded { outcome });
        true
    }
}

/// Trails 506.4, 105.3: a card on a field that another player now controls (an effect changed its
/// controller, or such an effect ended) moves to its controller's field, staying the same object;
/// its continuous crafts start again under the new controller (105.3b). Whether one moved.
fn to_controllers_field(state: &mut GameState, agent: &mut dyn Agent) -> bool {
    let misplaced: Vec<(ObjectId, PlayerId)> = state
        .in_zones("field")
        .map(|o| (o, state.characteristics(o).controller))
        .filter(|(o, controller)| state.zone(state.object(*o).zone).owner != Some(*controller))
        .collect();
    let mut moved = false;
    for &(object, controller) in &misplaced {
        let Some(field) = state.zone_id("field", Some(controller)) else { continue };
        let own: Vec<_> = state.effects.iter().filter(|e| e.source == Some(object) && e.duration == Duration::WhileIn(object)).map(|e| e.id).collect();
        for effect in own {
            state.apply(Event::EffectEnded { effect });
        }
        let event = state.move_event(object, field, Some("control".into()), Position::Top);
        moved |= matches!(Ctx::new(state, agent, None, controller, vec![]).happen(event), Ok(Some(_)));
    }
    moved
}
