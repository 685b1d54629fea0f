//! Trails TCG's procedures one action at a time, as scenarios and the REPL drive them: both
//! players pass in every priority processing, so the file (or the person) says what happens next.
//! `next phase` goes from one step or phase to the next (703.5-703.8, 704, 705).

use crate::games::Procedures;
use crate::kernel::decision::Agent;
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{Event, GameState, Illegal, ObjectId, PlayerId};

use super::play::{perform, put_away_resolved, standby_busy, Play};
use super::turn::{combat_begins, combat_ends, cure_phase, deployment_step, draw_step, homebase_step, initiative, mark_players, new_turn, preparation, Windows};
use super::Words;

/// Trails TCG driven action by action.
pub struct Driven;

impl Procedures for Driven {
    /// Trails 703-705: the Deployment Step first, where a scenario starts unless it names another.
    fn phases(&self) -> &'static [&'static str] {
        &["deployment", "preparation", "draw", "homebase", "combat", "cure"]
    }

    /// The scenario's turn player is the Initiative Player and, outside another player's step, the
    /// primary player (702.3); a player whose bond the scenario does not set has the 40 of the
    /// start of the game (the publisher's guide).
    fn turn_began(&self, state: &mut GameState) {
        let first = state.turn_player;
        mark_players(state, first, first);
        for p in 0..state.players.len() {
            let player = PlayerId(p as u8);
            if !state.players[p].resources.contains_key("bond") {
                state.apply(Event::Resource { player, name: crate::kernel::name!("bond"), delta: super::setup::STARTING_BOND });
            }
        }
    }

    /// Trails 1208.1, 1209.1: cards are played from the hand or face-down from the homebase.
    fn play_zones(&self) -> &'static [&'static str] {
        &["hand", "homebase"]
    }

    fn play(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId) -> Result<(), Illegal> {
        let w = Words::get(state);
        perform(state, agent, &w, player, &Play::Card(object))?;
        settle(state, agent);
        Ok(())
    }

    /// Trails 1210, 1213: an activated craft or an Arts ability waits in the Resolve Standby Zone
    /// with its targets chosen and its costs paid.
    fn use_ability(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, ability: AbilityRef) -> Result<(), Illegal> {
        super::ability::use_ability(state, agent, player, object, &ability)?;
        settle(state, agent);
        Ok(())
    }

    /// Trails 803-804: one combat sub step of `player`'s with one or more attacking UNITs (a SCLM
    /// Attack, 803.3b): the attack target is the next answer (803.5; none when only the opponent
    /// can be attacked, 803.5b), then the fight back target when several attack (804.11a-1).
    fn attack(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, attackers: &[ObjectId]) -> Result<(), Illegal> {
        if state.phase != "combat" {
            return Err(Illegal(format!("UNITs attack in the Combat Phase, not the {} phase (Trails 802.3)", state.phase)));
        }
        idle(state)?;
        let w = Words::get(state);
        // 803.7, 804.9, 804.12: the players act in the combat's priority windows when the
        // scenario says what they play (`answer play`); otherwise both pass.
        let windows = if agent.acts_in_windows() { Windows::Priority } else { Windows::Pass };
        super::combat::attack(state, agent, &w, windows, player, attackers)?;
        settle(state, agent);
        Ok(())
    }

    /// Trails 1219, 902.4g: SCLM Support with priority, nothing waiting to resolve.
    fn support(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, target: ObjectId, supporter: ObjectId) -> Result<(), Illegal> {
        let w = Words::get(state);
        super::combat::support(state, agent, &w, player, target, supporter)?;
        settle(state, agent);
        Ok(())
    }

    fn resolve(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        super::turn::open(Windows::Pass, state, agent, &Words::get(state));
        Ok(())
    }

    fn resolved(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        let w = Words::get(state);
        if put_away_resolved(state, agent, &w) {
            settle(state, agent);
        }
        Ok(())
    }

    /// The Cure Phase (705.1-705.8), from wherever the turn is.
    fn end_turn(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        idle(state)?;
        let w = Words::get(state);
        if state.phase == "combat" {
            combat_ends(state, agent, &w, Windows::Pass);
        }
        cure_phase(state, agent, &w, Windows::Pass);
        Ok(())
    }

    /// The next step or phase: the Initiative Player's Draw, Homebase and Deployment Steps, the
    /// other player's, the Combat Phase, the Cure Phase (701.1, 703.5).
    fn next_phase(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        idle(state)?;
        let w = Words::get(state);
        let (first, primary) = (initiative(state), state.turn_player);
        match state.phase.as_str() {
            "preparation" => draw_step(state, agent, &w, Windows::Pass, first),
            "draw" => homebase_step(state, agent, &w, Windows::Pass, primary),
            "homebase" => deployment_step(state, agent, &w, Windows::Pass, primary),
            "deployment" if primary == first => draw_step(state, agent, &w, Windows::Pass, state.opponent_of(first)),
            "deployment" => combat_begins(state, agent, &w, Windows::Pass),
            "combat" => {
                combat_ends(state, agent, &w, Windows::Pass);
                cure_phase(state, agent, &w, Windows::Pass);
            }
            other => return Err(Illegal(format!("the {other} phase has no next phase in this turn (Trails: preparation, draw, homebase, deployment, combat, cure); `next turn` begins the next turn"))),
        }
        Ok(())
    }

    /// The Cure Phase if the turn is not there yet, then the new turn (705.9) up to the Initiative
    /// Player's Draw Step, its triggers settled.
    fn next_turn(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        if state.phase != "cure" {
            self.end_turn(state, agent)?;
        }
        if state.outcome.is_some() {
            return Ok(());
        }
        let w = Words::get(state);
        new_turn(state);
        preparation(state, agent, &w, Windows::Pass);
        let first = initiative(state);
        draw_step(state, agent, &w, Windows::Pass, first);
        Ok(())
    }
}

/// Trails 902.5c: a phase or step ends when priority processing completes, with nothing in the
/// Resolve Standby Zone.
fn idle(state: &GameState) -> Result<(), Illegal> {
    if standby_busy(state) {
        return Err(Illegal("something waits in the Resolve Standby Zone: `resolve` first (Trails 902.5c)".into()));
    }
    Ok(())
}

/// Rule processes and triggered crafts settle (1002); nothing resolves until the file says so.
fn settle(state: &mut GameState, agent: &mut dyn Agent) {
    crate::interp::engine::settle(state, agent, &super::rules::RULES);
}
