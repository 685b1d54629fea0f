//! FF-TCG's procedures one action at a time, as scenarios and the REPL drive them: both players
//! pass in every priority window, so the file (or the person) says what happens next.

use crate::games::Procedures;
use crate::kernel::decision::Agent;
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{GameState, Illegal, ObjectId, PlayerId};

use super::perform::perform;
use super::play::Play;
use super::turn::{begin_attack_phase, begin_main_phase_2, begin_turn, end_turn, Windows};
use super::Words;

/// FF-TCG driven action by action.
pub struct Driven;

impl Procedures for Driven {
    /// FF 9: the Main Phase 1 first, where a scenario starts unless it names another.
    fn phases(&self) -> &'static [&'static str] {
        &["main1", "attack", "main2", "end", "active", "draw"]
    }

    /// FF 11.3, 11.4: the hand; then the zones an effect may let a player cast from (the play
    /// procedure refuses a card there that no effect lets them cast).
    fn play_zones(&self) -> &'static [&'static str] {
        &["hand", "break_zone", "removed"]
    }

    fn play(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId) -> Result<(), Illegal> {
        let w = Words::get(state);
        let name = state.name_of(object);
        let play = if w.is(state, object, w.character) {
            // FF 11.4.1: the turn player's Main Phase, with the stack empty.
            let timing = state.phase.starts_with("main") && state.turn_player == player && state.stack.is_empty();
            if !timing && state.permits(object, "play_at_summon_timing", None, None) != Some(true) {
                return Err(Illegal(format!("{name} can be played only in its player's Main Phase with the stack empty (FF 11.4.1)")));
            }
            if w.is(state, object, w.backup) && super::play::backups(state, &w, player) >= 5 {
                return Err(Illegal(format!("{name} would be a sixth Backup (SE14 7.10.3)")));
            }
            if super::play::name_in_play(state, &w, player, object) {
                return Err(Illegal(format!("{name}: its player controls a Character of that name already (SE14 7.9.2)")));
            }
            Play::Character(object)
        } else if w.is(state, object, w.summon) {
            if !(state.phase.starts_with("main") || state.phase == "attack") {
                return Err(Illegal(format!("Summons are cast in the Main and Attack Phases, not the {} phase (FF 9.3.1.6)", state.phase)));
            }
            Play::Summon(object)
        } else if super::equip::is_item(state, &w, object) {
            super::equip::item_playable(state, &w, player, object)?;
            Play::Item(object)
        } else if super::equip::is_formation(state, &w, object) {
            super::equip::formation_playable(state, player, object)?;
            Play::Formation(object)
        } else {
            return Err(Illegal(format!("{name} is not a Character, a Summon, an Item or a Formation")));
        };
        perform(state, agent, &w, player, &play)?;
        self.settle(state, agent);
        Ok(())
    }

    fn use_ability(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, ability: AbilityRef) -> Result<(), Illegal> {
        let w = Words::get(state);
        if !(state.phase.starts_with("main") || state.phase == "attack") {
            return Err(Illegal(format!("abilities are used in the Main and Attack Phases, not the {} phase (FF 9.3.1.7)", state.phase)));
        }
        perform(state, agent, &w, player, &Play::Ability(object, ability))?;
        self.settle(state, agent);
        Ok(())
    }

    fn attack(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, attackers: &[ObjectId]) -> Result<(), Illegal> {
        let w = Words::get(state);
        if player != state.turn_player {
            return Err(Illegal("only the turn player attacks (FF 9.4.1)".into()));
        }
        if super::turn::skips_attack_phase(state) {
            return Err(Illegal("this turn's Attack Phase is skipped".into()));
        }
        if state.phase == "main1" || state.phase == "main" {
            begin_attack_phase(state, agent);
            Windows::Pass.open(state, agent, &w);
        } else if state.phase != "attack" {
            return Err(Illegal(format!("attacks are declared in the Attack Phase, not the {} phase (FF 10.1.2)", state.phase)));
        }
        // Inside the battle, a scenario that plays something there (`answer play "X"`) gets the priority windows
        // of FF 10.1.2.6, 10.1.3.2, 10.1.4.4; otherwise everyone passes.
        let windows = if agent.acts_in_windows() { Windows::Priority } else { Windows::Pass };
        super::attack(state, agent, &w, &windows, attackers)
    }

    fn resolve(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        Windows::Pass.open(state, agent, &Words::get(state));
        Ok(())
    }

    fn resolved(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        super::play::put_away_resolved(state, agent);
        Ok(())
    }

    fn end_turn(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        let w = Words::get(state);
        must_have_attacked(state, &w)?;
        end_turn(state, agent, &w, Windows::Pass);
        Ok(())
    }

    fn next_phase(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        let w = Words::get(state);
        if !state.stack.is_empty() {
            return Err(Illegal("a phase ends only with the stack empty (FF 9.3.1.3)".into()));
        }
        match state.phase.as_str() {
            "main" | "main1" if super::turn::skips_attack_phase(state) => {
                begin_main_phase_2(state, agent);
                Windows::Pass.open(state, agent, &w);
            }
            "main" | "main1" => {
                begin_attack_phase(state, agent);
                Windows::Pass.open(state, agent, &w);
            }
            "attack" => {
                must_have_attacked(state, &w)?;
                begin_main_phase_2(state, agent);
                Windows::Pass.open(state, agent, &w);
            }
            "main2" => end_turn(state, agent, &w, Windows::Pass),
            other => return Err(Illegal(format!("the {other} phase has no next phase this turn; `next turn` begins the next turn"))),
        }
        Ok(())
    }

    fn next_turn(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
        if state.phase != "end" {
            self.end_turn(state, agent)?;
        }
        super::turn::pass_the_turn(state);
        begin_turn(state, agent);
        self.settle(state, agent);
        Ok(())
    }
}

/// FF 10.1.2.1.3: the Attack Phase cannot end while a Forward must still attack.
fn must_have_attacked(state: &GameState, w: &Words) -> Result<(), Illegal> {
    if matches!(state.phase.as_str(), "main" | "main1" | "attack")
        && let Some(must) = super::attack::must_still_attack(state, w).first()
    {
        return Err(Illegal(format!("{} must attack this turn (FF 10.1.2.1.3)", state.name_of(*must))));
    }
    Ok(())
}

impl Driven {
    /// Rule processes and triggered abilities settle; nothing resolves until the file says so.
    fn settle(&self, state: &mut GameState, agent: &mut dyn Agent) {
        crate::interp::engine::settle(state, agent, &super::rules::RULES);
    }
}
