//! The rules kernel: game state, the closed event type, computed characteristics with layered
//! continuous effects, replacement effects, triggers, decisions, digests and rewinding — shared by
//! every game. Games configure it; the interpreter drives it.
//!
//! The kernel knows the IR only as payload (effects to run later); it never evaluates a phrase.

pub mod cache;
pub mod continuous;
pub mod decision;
pub mod describe;
pub mod digest;
mod layers;
pub(crate) mod patch;
pub mod event;
pub mod ids;
pub mod log;
pub mod replacement;
pub mod rng;
pub mod sees;
pub mod state;
pub mod trigger;
pub mod value;

pub use continuous::{Change, Characteristics, ContinuousEffect, Duration, Hook, Layer, LayerPlan, Op};
pub use decision::{Agent, Answer, FirstOption, Question, RandomAgent, ScriptedAgent};
pub use event::{Event, Position};
pub use ids::*;
pub use state::{Deed, GameCall, GameHooks, AS_IT_WAS, DECLARED, LOOKED_BACK, REVEALED, REVEALED_BY, TRIGGERED_BY, USED_THIS_TURN, GameConfig, GameState, Library, Outcome, Procedure, Retarget, RulesQuiet, Visibility, ZoneSpec};
pub use sees::Sight;
pub use value::{Amount, Binding, Condition, Env, Selector, Value};

/// An action that could not be completed legally (FF 14, Trails 1204.2l).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal action: {0}")]
pub struct Illegal(pub String);

impl GameState {
    /// Runs an action; if it turns out illegal, the game is rewound to just before it, with
    /// nothing left behind: payments undone, nothing triggered (FF 14.1-14.3, Trails 1204.2l).
    pub fn attempt<T>(&mut self, action: impl FnOnce(&mut GameState) -> Result<T, Illegal>) -> Result<T, Illegal> {
        // The log only grows: the snapshot leaves it out, and a rewind cuts it back.
        let length = self.log.len();
        let log = std::mem::take(&mut self.log);
        let snapshot = self.clone();
        self.log = log;
        let result = action(self);
        if result.is_err() {
            let mut log = std::mem::take(&mut self.log);
            log.truncate(length);
            *self = snapshot;
            self.log = log;
        }
        result
    }
}
