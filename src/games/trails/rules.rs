//! The rule processes (Trails 1100), performed in a rule check (1002.1a) until none applies: loss condition processing (1102), a card on the field going to its controller's field (506.4), and a UNIT stunned or moved leaving the combat (804.7).

use crate::interp::engine::RuleProcesses;
use crate::kernel::decision::Agent;
use crate::kernel::{Event, GameState, Outcome, PlayerId};

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
        if crate::games::to_controllers_zone(state, agent, crate::kernel::name!("field")) {
            return true;
        }
        // Trails 804.7: a UNIT stunned or moved during the combat stops attacking or defending.
        if super::combat::leave_combat(state) {
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

