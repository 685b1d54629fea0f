//! The abstract syntax tree: plain data, spans relative to the start of the item.
//!
//! The AST knows nothing about games or vocabulary: a phrase is a run of atoms, and what its
//! words mean is the checker's business.

use serde::Serialize;

use crate::span::Span;

/// A value with the source span it came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Self { node, span }
    }
}

pub type Ident = Spanned<String>;

/// One top-level item of a `.card` file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Item {
    Game(Ident),
    Card(CardItem),
    Keyword(KeywordItem),
    Enum(EnumDecl),
    Kind(KindDecl),
    Property(PropertyDecl),
    Vocab(VocabDecl),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct CardItem {
    pub docs: Vec<String>,
    pub name: Spanned<String>,
    pub code: Option<Spanned<String>>,
    pub attrs: Vec<Phrase>,
    pub abilities: Vec<Ability>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct KeywordItem {
    pub docs: Vec<String>,
    pub name: Ident,
    pub params: Vec<Param>,
    /// `for forward, backup`: the kinds of card that may have the keyword (empty: any).
    pub applies_to: Vec<Ident>,
    /// `for every unit`: every card of the `applies_to` kinds has the keyword by rule.
    pub every: bool,
    pub attrs: Vec<Phrase>,
    pub abilities: Vec<Ability>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Param {
    pub name: Ident,
    pub ty: TypeExpr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Collection {
    Set,
    List,
}

/// `number`, `cards`, `element`, `set of element`, `list of text`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct TypeExpr {
    pub collection: Option<Collection>,
    pub name: Ident,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct EnumDecl {
    pub docs: Vec<String>,
    pub name: Ident,
    pub variants: Vec<Ident>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct KindDecl {
    pub docs: Vec<String>,
    pub name: Ident,
    pub supers: Vec<Ident>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PropertyDecl {
    pub docs: Vec<String>,
    pub name: Ident,
    pub ty: TypeExpr,
    pub span: Span,
}

/// `action deal (amount: number) damage to (target: cards)` and the other vocabulary kinds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct VocabDecl {
    pub docs: Vec<String>,
    pub kind: Spanned<String>,
    pub parts: Vec<TemplatePart>,
    pub outputs: Vec<SlotDecl>,
    /// `= primitive(args); primitive(args)`: what the kernel does for this phrase.
    pub implementation: Vec<Implementation>,
    pub span: Span,
}

/// `move(target, break_zone, reason: break)`
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Implementation {
    pub primitive: Ident,
    pub args: Vec<ImplArg>,
    pub span: Span,
}

/// One argument of an implementation: positional or `name: value`; the value is a slot name, a
/// word, a number or a string.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ImplArg {
    pub name: Option<Ident>,
    pub value: Spanned<ImplValue>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum ImplValue {
    Word(String),
    /// `-slot`: a slot's value negated.
    Negated(String),
    Number(i64),
    Text(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum TemplatePart {
    Word(Ident),
    Slot(SlotDecl),
    Optional(Vec<TemplatePart>),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct SlotDecl {
    pub name: Ident,
    pub ty: TypeExpr,
}

/// `kind [tags] "name" trigger costs: body`
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Ability {
    pub docs: Vec<String>,
    pub kind: Ident,
    pub tags: Vec<Phrase>,
    pub name: Option<Spanned<String>>,
    pub trigger: Option<Trigger>,
    pub costs: Vec<Phrase>,
    /// `only if COND` in the header.
    pub condition: Option<Cond>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum TriggerWord {
    When,
    Whenever,
    At,
    After,
    /// UFS response conditions such as "Before your attack resolves".
    Before,
    InsteadOf,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Trigger {
    pub word: Spanned<TriggerWord>,
    pub phrase: Phrase,
}

/// How many modes a choice selects: a number, or an expression read as it resolves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum ModeCount {
    Fixed(i64),
    Computed(Box<Arith>),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Stmt {
    If { cond: Cond, then: Vec<Stmt>, otherwise: Vec<Stmt>, span: Span },
    ForEach { var: Ident, set: Phrase, body: Vec<Stmt>, span: Span },
    May { player: Ident, body: Vec<Stmt>, if_done: Vec<Stmt>, if_not: Vec<Stmt>, span: Span },
    /// `select N of { mode ... }`; N may be an expression (`select (n + 1) of`), and with
    /// `repeatable` a mode may be selected more than once.
    Modes { chooser: Ident, up_to: bool, count: Spanned<ModeCount>, repeatable: bool, modes: Vec<Mode>, span: Span },
    Let { name: Ident, value: Arith, span: Span },
    Delayed { trigger: Trigger, duration: Option<Phrase>, body: Vec<Stmt>, span: Span },
    Phrase(PhraseStmt),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Mode {
    pub label: Option<Spanned<String>>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// A phrase statement with its optional suffixes: `T gains +1000 power for each F until end of turn as x`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PhraseStmt {
    pub phrase: Phrase,
    pub for_each: Option<Phrase>,
    pub duration: Option<Phrase>,
    pub binding: Option<Ident>,
    pub span: Span,
}

/// A run of atoms whose meaning the vocabulary decides.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Phrase {
    pub atoms: Vec<Atom>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Atom {
    pub kind: AtomKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum AtomKind {
    /// A bare word; `possessive` when written `word's` (or `word'`).
    Word { text: String, possessive: bool },
    This,
    Number(i64),
    Signed { negative: bool, value: Box<Atom> },
    Str(String),
    /// `{fire}{2}{dull}`: one or more symbols written together.
    Symbols(Vec<Spanned<String>>),
    /// `forward(cost <= 3, you control)`
    Call { name: Ident, args: Vec<Cond> },
    /// `[fire, ice]`
    List(Vec<Cond>),
    /// `(2 * X)`
    Group(Box<Arith>),
    /// `+2/+0`: two signed numbers (Trails 1303.1 "+X/+Y").
    Pair(Box<Atom>, Box<Atom>),
    /// `ability { auto when this attacks: ... }`: abilities granted by an effect.
    Abilities(Vec<Ability>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// `a + b * c` kept flat, left to right, as written; the checker gives it precedence.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Arith {
    pub first: Phrase,
    pub rest: Vec<(ArithOp, Phrase)>,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Cond {
    Or(Vec<Cond>, Span),
    And(Vec<Cond>, Span),
    Not(Box<Cond>, Span),
    Cmp { left: Arith, op: CmpOp, right: Arith, span: Span },
    Plain(Arith),
}

impl Cond {
    pub fn span(&self) -> Span {
        match self {
            Cond::Or(_, s) | Cond::And(_, s) | Cond::Not(_, s) | Cond::Cmp { span: s, .. } => *s,
            Cond::Plain(a) => a.span,
        }
    }
}

impl Stmt {
    pub fn span(&self) -> Span {
        match self {
            Stmt::If { span, .. }
            | Stmt::ForEach { span, .. }
            | Stmt::May { span, .. }
            | Stmt::Modes { span, .. }
            | Stmt::Let { span, .. }
            | Stmt::Delayed { span, .. } => *span,
            Stmt::Phrase(p) => p.span,
        }
    }
}

impl Atom {
    /// The text of a plain (non-possessive) word.
    pub fn word(&self) -> Option<&str> {
        match &self.kind {
            AtomKind::Word { text, possessive: false } => Some(text),
            _ => None,
        }
    }
}
