//! Values of characteristics, and selectors: the kernel's small data language for "which objects".
//!
//! Selectors are data, not closures, so effects that hold them can be cloned, compared, digested,
//! and re-evaluated to detect dependencies between continuous effects.

use serde::Serialize;

use crate::ir::Operand;
use crate::kernel::ids::*;
use crate::syntax::ast::CmpOp;
use crate::vocab::{EnumId, KeywordId, KindId, PropId};

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Value {
    Number(i64),
    Text(String),
    Variant(EnumId, u32),
    Keyword(KeywordId),
    List(Vec<Value>),
    /// A description of cards, as a rule names them ("Light Characters", a Combo's requirements).
    Cards(Box<Selector>),
}

impl Value {
    /// A printed characteristic from the checked IR.
    pub fn from_printed(op: &Operand) -> Option<Value> {
        Some(match op {
            Operand::Number(n) => Value::Number(*n),
            Operand::Text(t) => Value::Text(t.clone()),
            Operand::Variant(e, v) => Value::Variant(*e, *v),
            Operand::Keyword { keyword, .. } => Value::Keyword(*keyword),
            Operand::List(items) => Value::List(items.iter().filter_map(Value::from_printed).collect()),
            _ => return None,
        })
    }

    pub fn number(&self) -> Option<i64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// Whether the value is, or (for a list) contains, `other`.
    pub fn has(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::List(items), Value::List(wanted)) => wanted.iter().all(|w| items.contains(w)),
            (Value::List(items), v) => items.contains(v),
            (a, b) => a == b,
        }
    }
}

/// Which objects an effect or a filter means, evaluated against computed characteristics.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Selector {
    All,
    /// These objects only (a locked set, FF 11.12.4.2).
    Objects(Vec<ObjectId>),
    Kind(KindId),
    ControlledBy(PlayerId),
    OwnedBy(PlayerId),
    /// In a zone of this name (anyone's).
    InZone(crate::kernel::Name),
    Flag(crate::kernel::Name),
    /// In a state that relates it to some of these objects, as the game answers it (`GameHooks::relates`: "the
    /// Forward blocked by Ninja", "a Summon targeting a Forward you control"); the plain state if the game does not.
    Related { name: crate::kernel::Name, with: Vec<ObjectId> },
    Damaged,
    /// Having two or more values of a property (a multi-Element card).
    Several(PropId),
    /// Holding at least this many counters of one name.
    Counters { name: crate::kernel::Name, at_least: i64 },
    Compare { property: PropId, op: CmpOp, value: i64 },
    Has { property: PropId, value: Value },
    /// The source of the effect itself, or everything but it.
    Source,
    /// This object also once it has left its zone, read by its last known information (FF 11.11.4,
    /// Trails 1221): in a triggered ability's condition, the card whose move off the field triggered it.
    AsItWas(ObjectId),
    NotSource,
    /// The object the source is attached to.
    HostOfSource,
    HasKeyword(KeywordId),
    /// Put where it is by an ability of one of these cards.
    MovedBy(Vec<ObjectId>),
    /// On top of its zone (the last card of an ordered zone).
    OnTop,
    /// Shares a value of a list property with one of these objects (an organization, a name).
    Shares { property: PropId, with: Vec<ObjectId> },
    /// Has one of the kinds one of these objects has (its kinds as listed: the most specific).
    SharesKind(Vec<ObjectId>),
    /// A text property contains this text.
    Contains { property: PropId, text: String },
    /// Picked by `among`, with the highest (or lowest) number `property` of all it picks; every one
    /// that shares that number ("the Forward of the highest cost opponent controls").
    Extreme { property: PropId, highest: bool, among: Box<Selector> },
    Not(Box<Selector>),
    And(Vec<Selector>),
    Or(Vec<Selector>),
}

/// A condition an always-on effect checks continuously ("if you control ...", FF 11.9).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Condition {
    /// The number of live objects matching `selector` compared to `value`.
    Count { selector: Selector, op: CmpOp, value: i64 },
    /// Two amounts compared ("if its power is 6000 or more").
    Compare { left: Amount, op: CmpOp, right: Amount },
    /// A player has a flag the game's procedures set (`your_turn`).
    PlayerFlag { player: PlayerId, name: String },
    /// Some card the game tracks under `key` (with the property value, if given).
    Tracked { key: String, property: Option<PropId>, value: Option<Value> },
    Not(Box<Condition>),
    All(Vec<Condition>),
    Any(Vec<Condition>),
}

/// A number an effect applies, possibly counted from the board ("+1000 for each Forward opponent controls").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Amount {
    Fixed(i64),
    PerMatch { each: i64, selector: Selector },
    /// The sum of a property over the matching objects.
    Property { property: PropId, selector: Selector },
    /// A player's resource.
    Resource { player: PlayerId, name: String },
    /// How many different values of a property the matching objects have, list items counted
    /// one by one ("the number of different Elements among them").
    Distinct { property: PropId, selector: Selector },
    /// How many counters of one name the matching objects hold.
    Counters { selector: Selector, name: String },
    /// How many cards the game tracks under `key` ("the number of Forwards you attacked with this turn").
    Tracked { key: String },
    /// The number of cards in a player's zone.
    InZone { player: PlayerId, zone: String },
    /// Two amounts combined as written ("+2000 power for every 3 cards": `count / 3 * 2000`; `+2X`
    /// of an X a method works out, Trails 1305.4); division rounds down, and by 0 gives 0.
    Arith { left: Box<Amount>, op: crate::syntax::ast::ArithOp, right: Box<Amount> },
}

pub fn compare(left: i64, op: CmpOp, right: i64) -> bool {
    match op {
        CmpOp::Lt => left < right,
        CmpOp::Le => left <= right,
        CmpOp::Gt => left > right,
        CmpOp::Ge => left >= right,
        CmpOp::Eq => left == right,
        CmpOp::Ne => left != right,
    }
}

/// What a name stands for while an effect runs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Binding {
    Objects(Vec<ObjectId>),
    /// Abilities to grant or run (a keyword's `ability` parameter).
    Abilities(std::sync::Arc<Vec<crate::ir::AbilityIr>>),
    Number(i64),
    Player(PlayerId),
    Players(Vec<PlayerId>),
    Value(Value),
}

/// Names in scope, most recent last.
pub type Env = Vec<(crate::kernel::Name, Binding)>;

/// The name of a game state that names a value (`game_state(name, what, has: value)`: "has used the
/// special ability X this turn"), as the game's `GameHooks::answers` is asked it.
pub fn state_with_value(name: &str, value: &str) -> String {
    format!("{name}: {value}")
}

/// The value a game state's name names, if it is `name`'s (`state_with_value`).
pub fn state_value<'a>(state: &'a str, name: &str) -> Option<&'a str> {
    state.strip_prefix(name)?.strip_prefix(": ")
}

/// The most recent binding of `name`.
pub fn lookup<'a>(env: &'a Env, name: &str) -> Option<&'a Binding> {
    env.iter().rev().find(|(n, _)| n == name).map(|(_, b)| b)
}

/// Which parts of an object's placement state a description reads: a view computed from
/// descriptions that read neither stays valid when only those change.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reads {
    pub flags: bool,
    pub damage: bool,
    pub counters: bool,
    /// Players' states, resources or the lists the game tracks.
    pub players: bool,
}

impl Reads {
    /// Everything: what is taken to be read when there is no view, or when the game latches.
    pub const ALL: Reads = Reads { flags: true, damage: true, counters: true, players: true };
}

impl Selector {
    pub fn reads(&self, r: &mut Reads) {
        match self {
            Selector::Flag(_) | Selector::Related { .. } => r.flags = true,
            Selector::Damaged => r.damage = true,
            Selector::Counters { .. } => r.counters = true,
            Selector::Not(s) => s.reads(r),
            Selector::And(all) | Selector::Or(all) => all.iter().for_each(|s| s.reads(r)),
            Selector::Has { value: Value::Cards(s), .. } => s.reads(r),
            _ => {}
        }
    }
}

impl Condition {
    pub fn reads(&self, r: &mut Reads) {
        match self {
            Condition::Count { selector, .. } => selector.reads(r),
            Condition::Compare { left, right, .. } => {
                left.reads(r);
                right.reads(r);
            }
            Condition::Not(c) => c.reads(r),
            Condition::All(all) | Condition::Any(all) => all.iter().for_each(|c| c.reads(r)),
            Condition::PlayerFlag { .. } | Condition::Tracked { .. } => r.players = true,
        }
    }
}

impl Amount {
    pub fn reads(&self, r: &mut Reads) {
        if let Amount::Arith { left, right, .. } = self {
            left.reads(r);
            right.reads(r);
        }
        if let Amount::PerMatch { selector, .. } | Amount::Property { selector, .. } | Amount::Distinct { selector, .. } | Amount::Counters { selector, .. } = self {
            selector.reads(r);
        }
        if matches!(self, Amount::Resource { .. } | Amount::Tracked { .. } | Amount::InZone { .. }) {
            r.players = true;
        }
        if matches!(self, Amount::Counters { .. }) {
            r.counters = true;
        }
    }
}
