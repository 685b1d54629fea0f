//! Triggered abilities waiting to be placed, delayed triggers created by effects, and the
//! bookkeeping rules for how often something triggers (FF 11.8, Trails 1211).

use std::sync::Arc;

use serde::Serialize;

use crate::ir::{CondIr, Effect};
use crate::kernel::continuous::Duration;
use crate::kernel::ids::*;
use crate::kernel::replacement::EventPattern;
use crate::kernel::value::Env;
use crate::vocab::KeywordId;

/// Which events can trigger a card's printed abilities and keywords, worked out once per library
/// (`interp::abilities`): collecting triggers passes over a card the event cannot reach.
#[derive(Debug, Default, Clone)]
pub struct TriggerReach {
    /// Moves by the zones they name, from and to (`None`: any zone), and whether only the card's own
    /// move ("when this enters the field").
    pub moves: Vec<(Option<crate::kernel::Name>, Option<crate::kernel::Name>, bool)>,
    pub damaged: bool,
    /// States by name, or every state.
    pub flags: Vec<crate::kernel::Name>,
    pub every_flag: bool,
    pub resource: bool,
    /// Announcements by name, or every announcement.
    pub signals: Vec<crate::kernel::Name>,
    pub every_signal: bool,
    /// A state trigger (FF 11.8.18, Trails 1211.9): its condition is looked at after every event.
    pub always: bool,
}

/// The reach of every card's printed abilities and keywords (by `CardId`) and of every keyword's
/// own abilities (by `KeywordId`, for keywords effects grant).
#[derive(Debug, Default, Clone)]
pub struct Reaches {
    pub cards: Vec<TriggerReach>,
    pub keywords: Vec<TriggerReach>,
    /// Whether each card (by `CardId`) has a printed triggered ability that works in a zone it names
    /// (FF 11.9.1: "This effect will trigger only if Ghost is in the Break Zone", 9-036H), the zones they
    /// name, and what those abilities reach together: a card in such a zone outside the ability zones is
    /// looked at only for an event they may reach.
    pub from_zone: Vec<bool>,
    pub from_zones: Vec<crate::kernel::Name>,
    pub from_zone_reach: TriggerReach,
    /// What the game keeps that some keyword's own abilities read, by name (`interp::card_reads`): an effect may grant
    /// any keyword, so a game keeps it whatever its cards.
    pub keyword_reads: Vec<Box<str>>,
}

impl TriggerReach {
    /// Whether `event` may trigger one of the abilities (as `event_matches` would judge the zones
    /// and names a trigger's phrase fixes) of the card of `object` (`None`: of any card).
    pub fn reaches(&self, state: &crate::kernel::GameState, event: &crate::kernel::Event, object: Option<crate::kernel::ObjectId>) -> bool {
        use crate::kernel::Event;
        self.always
            || match event {
                Event::Moved { old, new, from, to, .. } => {
                    let (from, to) = (&state.zone(*from).name, &state.zone(*to).name);
                    let its_own = object.is_none_or(|o| o == *old || o == *new);
                    self.moves.iter().any(|(f, t, this)| move_fits(*f, *t, from, to) && (!this || its_own))
                }
                Event::Damaged { .. } => self.damaged,
                Event::Flag { flag, .. } => self.every_flag || self.flags.iter().any(|f| f == flag),
                Event::Resource { .. } => self.resource,
                Event::Signal { name, .. } => self.every_signal || self.signals.iter().any(|s| s == name),
                _ => false,
            }
    }

    /// Adds what `other` reaches (each zone pair, state and announcement once).
    pub fn merge(&mut self, other: &TriggerReach) {
        fn add<T: PartialEq + Clone>(to: &mut Vec<T>, from: &[T]) {
            for x in from {
                if !to.contains(x) {
                    to.push(x.clone());
                }
            }
        }
        add(&mut self.moves, &other.moves);
        add(&mut self.flags, &other.flags);
        add(&mut self.signals, &other.signals);
        self.damaged |= other.damaged;
        self.every_flag |= other.every_flag;
        self.resource |= other.resource;
        self.every_signal |= other.every_signal;
        self.always |= other.always;
    }
}

/// Whether a move from the zone named `from` to the one named `to` fits a phrase fixing the zones `want_from` and
/// `want_to` (`None`: any): a phrase that names a zone is about a change of zone (`event_matches`, and the quick tests
/// before it).
pub fn move_fits<Z: PartialEq<crate::kernel::Name>>(want_from: Option<Z>, want_to: Option<Z>, from: &crate::kernel::Name, to: &crate::kernel::Name) -> bool {
    let names_one = want_from.is_some() || want_to.is_some();
    want_from.is_none_or(|f| f == *from) && want_to.is_none_or(|t| t == *to) && (!names_one || from != to)
}

/// What the printed abilities and keywords of every card in one game reach: the cards of its
/// objects, merged as objects come into being (`Cache::game_reach_upto` of them so far). A rewound
/// game keeps it: reaching more than the cards do only looks at more cards.
#[derive(Debug, Default, Clone)]
pub struct GameReach {
    pub seen: Vec<bool>,
    pub reach: TriggerReach,
    /// What the game keeps that a printed ability or keyword of these cards reads, by name (`interp::card_reads`).
    pub reads: Vec<Box<str>>,
}

/// Which ability triggered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum AbilityRef {
    /// The `index`-th ability printed on a card.
    Printed { card: CardId, index: usize },
    /// The `index`-th ability of a keyword the card has.
    Keyword { keyword: KeywordId, index: usize },
    /// A delayed trigger, by its ID.
    Delayed(u32),
    /// The `index`-th ability an effect granted (`gains ability { ... }`).
    Granted { effect: EffectId, index: usize },
    /// An action the game's rules define that waits to resolve like an ability (Trails 1219-1220:
    /// SCLM Support), by the game's name for it.
    Action(String),
}

impl AbilityRef {
    /// The keyword whose ability this is.
    pub fn keyword(&self) -> Option<KeywordId> {
        match self {
            AbilityRef::Keyword { keyword, .. } => Some(*keyword),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PendingTrigger {
    /// The object whose ability triggered, as it was (it may have left its zone since).
    pub source: ObjectId,
    pub controller: PlayerId,
    pub ability: AbilityRef,
    /// The log index of the event that triggered it.
    pub event: usize,
    /// Values the trigger binds (`it`, the damage dealt, the delayed trigger's saved names).
    pub env: Env,
    /// How many times it triggered for this occurrence (Trails trigger counts, 1211.3).
    pub count: u32,
    /// What it does, and the condition it checks again on resolution (FF 11.8.13).
    pub body: Arc<Vec<Effect>>,
    pub condition: Option<CondIr>,
}

/// A Summon, ability or card waiting to resolve: the FF stack, the Trails Resolve Standby Zone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StackEntry {
    pub source: Option<ObjectId>,
    pub controller: PlayerId,
    pub ability: AbilityRef,
    pub env: Env,
    pub body: Arc<Vec<Effect>>,
    pub condition: Option<CondIr>,
    /// Targets declared when it was played, re-checked on resolution (FF 11.11.2, Trails 1205.1a).
    pub targets: Vec<Target>,
    /// Which entry it is: the index in the log of the event that put it there, so an effect can
    /// name it as a target while it waits (Trails 1204.2d, 1324.1: "counter target craft").
    pub id: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Target {
    pub name: String,
    pub selector: crate::kernel::Selector,
    pub chosen: Vec<ObjectId>,
}

/// A trigger an effect created (FF 11.8.17, Trails 1211.8).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DelayedTrigger {
    pub id: u32,
    pub source: Option<ObjectId>,
    pub controller: PlayerId,
    pub pattern: EventPattern,
    pub effects: Arc<Vec<Effect>>,
    /// The names the creating effect had, still valid when it triggers.
    pub env: Env,
    /// Triggers once (FF 11.8.17.2) unless it lasts for a duration.
    pub once: bool,
    pub duration: Duration,
}
