//! Trails TCG over the kernel: game preparation (Trails 600), the turn (700: Preparation, Combat
//! and Cure phases, primary and initiative players), priority processing (900) through the
//! kernel's priority loop, CP and EP pools (302) with EP gained from the homebase (1217), playing
//! UNIT and ITEM cards for their CP cost (1204, 1206-1207), EVENT cards for their EP cost (1208),
//! BASE cards up to their building level (1209), activated crafts and Arts abilities with their
//! costs (1210, 1213), combat (800: single and SCLM Attacks, fight back, stun, Overkill, SCLM Support 1218-1220) and the rule
//! processes (1102).
//!
//! Cards waiting in the Resolve Standby Zone (509) are its cards; their effects, if any, wait on
//! the kernel's stack. A card with nothing to execute (a UNIT, most ITEMs) waits in the zone only,
//! and goes where it belongs (1205.1c) once nothing above it is left to resolve.

mod ability;
mod combat;
mod cost;
mod deck;
mod drive;
mod play;
pub mod rules;
mod setup;
mod terms;
mod turn;

pub use ability::{allows, announce_chosen, arrival_states, carry_out, legal_targets, use_ability};
pub use combat::{attack, stun, support, supports, Target};
pub use cost::{empty_pools, gain_ep, pay};
pub use drive::Driven;
pub use play::{legal_plays, perform, Play, TrailsPlays};
pub use setup::{check_deck, draw, new_game, start, Mode};
pub use turn::{play_game, run_turn, Windows};

use crate::kernel::{GameState, ObjectId, Value};
use crate::vocab::{KindId, PropId, Vocabulary};

/// The words of the game's vocabulary the procedures read, looked up once per game.
#[derive(Debug, Clone)]
pub struct Words {
    pub unit: KindId,
    pub item: KindId,
    pub event: KindId,
    pub base: KindId,
    /// Trails 204.1, 205.1, 206.1: CP cost, EP cost, building level.
    pub cp: PropId,
    pub ep: PropId,
    pub level: PropId,
    /// Trails 207.1, 208.1: STR and DEF.
    pub str: PropId,
    pub def: PropId,
    /// Trails 202.1: the sub-name.
    pub subname: PropId,
    /// Trails 211.1: the organizations (803.3b, 1218.2a: shared by attackers and supporters).
    pub organization: PropId,
}

impl Words {
    /// The words, or `None` when the vocabulary is not Trails TCG's.
    pub fn of(vocab: &Vocabulary) -> Option<Words> {
        Some(Words {
            unit: vocab.kind("unit")?,
            item: vocab.kind("item")?,
            event: vocab.kind("event")?,
            base: vocab.kind("base")?,
            cp: vocab.property("cp")?,
            ep: vocab.property("ep")?,
            level: vocab.property("level")?,
            str: vocab.property("str")?,
            def: vocab.property("def")?,
            subname: vocab.property("subname")?,
            organization: vocab.property("organization")?,
        })
    }

    /// The words of the game `state` plays.
    pub fn get(state: &GameState) -> Words {
        Words::of(&state.library.vocab).expect("a Trails vocabulary declares its card types and costs")
    }

    /// Whether the object is of `kind` now (an ITEM•UNIT is both, 203.2a).
    pub fn is(&self, state: &GameState, object: ObjectId, kind: KindId) -> bool {
        state.library.vocab.is_of(&state.characteristics(object).kinds, kind)
    }

    pub fn number(&self, state: &GameState, object: ObjectId, property: PropId) -> i64 {
        state.characteristics(object).number(property)
    }

    /// The printed sub-name of a card, if it has one (202.1).
    pub fn subname(&self, state: &GameState, object: ObjectId) -> Option<String> {
        match state.characteristics(object).get(self.subname) {
            Some(Value::Text(t)) => Some(t.clone()),
            _ => None,
        }
    }
}

/// The names of the two players' special states: Trails 702.3 (the Primary Player, the one the
/// priority loop starts with) and 705.9 (the Initiative Player), read by
/// `game_state(primary_player)` / `game_state(initiative_player)` conditions.
pub const PRIMARY: &str = "primary_player";
pub const INITIATIVE: &str = "initiative_player";
