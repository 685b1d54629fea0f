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
pub mod name;
pub mod name_set;
pub mod replacement;
pub mod rng;
pub mod sees;
pub mod state;
pub mod trigger;
pub mod undo;
pub mod value;

pub use continuous::{Change, Characteristics, ContinuousEffect, Duration, Hook, Layer, LayerPlan, Op};
pub use decision::{Agent, Answer, FirstOption, Question, RandomAgent, ScriptedAgent};
pub use event::{Event, Position};
pub use name::Name;
pub use name_set::NameSet;
pub(crate) use name::name;
pub use ids::*;
pub use state::{Deed, GameCall, GameHooks, AS_IT_WAS, DECLARED, LOOKED_BACK, REVEALED, REVEALED_BY, TRIGGERED_BY, USED_THIS_TURN, GameConfig, GameState, Library, Outcome, Procedure, Retarget, RulesQuiet, Visibility, ZoneSpec};
pub use sees::Sight;
pub use value::{Amount, Binding, Condition, Env, Selector, Value};

/// An action that could not be completed legally (FF 14, Trails 1204.2l).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal action: {0}")]
pub struct Illegal(pub String);

