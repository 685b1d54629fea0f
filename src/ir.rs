//! The checked, typed IR: what the checker hands to the engine.
//!
//! Every phrase is resolved to a template of the game's vocabulary and every operand is typed.
//! Names of bindings stay as strings; everything the vocabulary declares is a typed ID.

use serde::Serialize;

use crate::span::Span;
use crate::syntax::ast::{ArithOp, CmpOp, TriggerWord};
use crate::vocab::{AbilityKindId, EnumId, KeywordId, KindId, PropId, TemplateId};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct CardIr {
    pub name: String,
    pub code: Option<String>,
    pub kinds: Vec<KindId>,
    pub properties: Vec<(PropId, Operand)>,
    pub keywords: Vec<KeywordUse>,
    pub abilities: Vec<AbilityIr>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct KeywordIr {
    pub keyword: KeywordId,
    pub abilities: Vec<AbilityIr>,
    pub keywords: Vec<KeywordUse>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct KeywordUse {
    pub keyword: KeywordId,
    pub args: Vec<Operand>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct AbilityIr {
    pub kind: AbilityKindId,
    pub name: Option<String>,
    pub tags: Vec<Call>,
    pub trigger: Option<TriggerIr>,
    pub costs: Vec<CostIr>,
    /// `only if COND`: when the ability may be used, triggers, or applies.
    pub condition: Option<CondIr>,
    /// Shared with each stack entry and trigger made from it.
    pub body: std::sync::Arc<Vec<Effect>>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct TriggerIr {
    pub word: TriggerWord,
    /// An event template, or for a state trigger (FF 11.8.18, Trails 1211.9) a predicate.
    pub event: Call,
    /// Triggers when its predicate holds, not on an event.
    pub state: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum CostIr {
    /// `{fire}{2}{dull}`
    Symbols(Vec<String>),
    /// `discard 1 card`, `commit`, `(+3)`.
    Phrase(Call),
}

/// A phrase resolved to a template, with one operand per slot (absent optional slots are `Absent`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Call {
    pub template: TemplateId,
    pub args: Vec<Operand>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Effect {
    /// An action or rule, with its `for each` multiplier and duration.
    Do { call: Call, for_each: Option<Operand>, duration: Option<Call>, binding: Option<String> },
    /// FF 11.3.3: `choose` targets; `select` does not.
    Choose { chooser: Operand, targets: bool, quantity: Quantity, what: Operand, binding: String },
    If { cond: CondIr, then: Vec<Effect>, otherwise: Vec<Effect> },
    May { player: Operand, body: Vec<Effect>, if_done: Vec<Effect>, if_not: Vec<Effect> },
    ForEach { var: String, set: Operand, body: Vec<Effect> },
    /// `repeatable`: a mode may be selected more than once; then they run in the order selected.
    Modes { chooser: Operand, up_to: bool, count: Operand, repeatable: bool, modes: Vec<Vec<Effect>> },
    Let { name: String, value: Operand },
    Delayed { trigger: TriggerIr, duration: Option<Call>, body: Vec<Effect> },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Quantity {
    Exactly(Box<Operand>),
    UpTo(Box<Operand>),
    AnyNumber,
    All,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Operand {
    Absent,
    Number(i64),
    Signed { negative: bool, value: Box<Operand> },
    Text(String),
    This,
    Binding(String),
    Variant(EnumId, u32),
    List(Vec<Operand>),
    Player(String),
    /// Every player, each doing the same thing (`each player selects ...`).
    EachPlayer,
    Zone { owner: Option<Box<Operand>>, zone: String },
    Cards { quantity: Quantity, kind: KindId, filter: Vec<FilterIr> },
    Keyword { keyword: KeywordId, args: Vec<Operand> },
    Value(Box<Call>),
    Property { property: PropId, of: Box<Operand> },
    Count(Box<Operand>),
    Arith { left: Box<Operand>, op: ArithOp, right: Box<Operand> },
    /// `+2/+0`
    Pair(Box<Operand>, Box<Operand>),
    /// `{wind}{2}`
    Symbols(Vec<String>),
    /// Abilities granted by an effect.
    Abilities(Vec<AbilityIr>),
    /// Values of a property chosen from a list: `choose 2 organizations from ...`.
    PropertyChoice { property: PropId, from: Box<Operand> },
    /// An enum type named as the thing chosen: `choose 1 element from elements`.
    EnumChoice { enum_id: EnumId, from: Option<Box<Operand>> },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum FilterIr {
    Kind(KindId),
    Compare { property: PropId, op: CmpOp, value: Operand },
    Has { property: PropId, value: Operand },
    Pred(Call),
    Not(Box<FilterIr>),
    Or(Vec<FilterIr>),
    And(Vec<FilterIr>),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum CondIr {
    Compare { left: Operand, op: CmpOp, right: Operand },
    Pred(Call),
    Not(Box<CondIr>),
    Or(Vec<CondIr>),
    And(Vec<CondIr>),
}

impl Operand {
    /// Every binding name this operand reads.
    pub fn bindings_used<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Operand::Binding(name) => out.push(name),
            Operand::Signed { value, .. } => value.bindings_used(out),
            Operand::List(items) => items.iter().for_each(|i| i.bindings_used(out)),
            Operand::Zone { owner: Some(o), .. } => o.bindings_used(out),
            Operand::Cards { quantity, filter, .. } => {
                quantity.bindings_used(out);
                filter.iter().for_each(|f| f.bindings_used(out));
            }
            Operand::Keyword { args, .. } => args.iter().for_each(|a| a.bindings_used(out)),
            Operand::Value(call) => call.bindings_used(out),
            Operand::Property { of, .. } | Operand::Count(of) => of.bindings_used(out),
            Operand::Arith { left, right, .. } => {
                left.bindings_used(out);
                right.bindings_used(out);
            }
            Operand::EnumChoice { from: Some(f), .. } => f.bindings_used(out),
            Operand::PropertyChoice { from, .. } => from.bindings_used(out),
            Operand::Pair(a, b) => {
                a.bindings_used(out);
                b.bindings_used(out);
            }
            _ => {}
        }
    }
}

impl Quantity {
    fn bindings_used<'a>(&'a self, out: &mut Vec<&'a str>) {
        if let Quantity::Exactly(n) | Quantity::UpTo(n) = self {
            n.bindings_used(out);
        }
    }
}

impl Call {
    pub fn bindings_used<'a>(&'a self, out: &mut Vec<&'a str>) {
        self.args.iter().for_each(|a| a.bindings_used(out));
    }
}

impl FilterIr {
    fn bindings_used<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            FilterIr::Compare { value, .. } | FilterIr::Has { value, .. } => value.bindings_used(out),
            FilterIr::Pred(c) => c.bindings_used(out),
            FilterIr::Not(f) => f.bindings_used(out),
            FilterIr::Or(fs) | FilterIr::And(fs) => fs.iter().for_each(|f| f.bindings_used(out)),
            FilterIr::Kind(_) => {}
        }
    }
}

impl CondIr {
    pub fn bindings_used<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            CondIr::Compare { left, right, .. } => {
                left.bindings_used(out);
                right.bindings_used(out);
            }
            CondIr::Pred(c) => c.bindings_used(out),
            CondIr::Not(c) => c.bindings_used(out),
            CondIr::Or(cs) | CondIr::And(cs) => cs.iter().for_each(|c| c.bindings_used(out)),
        }
    }
}

pub mod visit;
