//! Scenario statements as plain data, each with the span of its line.

use crate::span::Span;

/// Who: the first player (`me`) or the second (`you`).
pub type Side = u8;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StmtKind {
    Title(String),
    Game(String),
    Seed(u64),
    Load(Vec<String>),
    Turn { number: u32, player: Side, phase: Option<String> },
    /// `me field: "Cloud" dull, 2 x "Moogle"`
    Zone { player: Side, zone: String, cards: Vec<Placed> },
    /// `me cp = 3`
    Resource { player: Side, name: String, value: i64 },
    Action(Action),
    Answer(AnswerSpec),
    Expect(Expectation),
    /// `board me`: the board as that player sees it, into the transcript.
    Board(Side),
}

/// A card to put in a zone, with its states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub count: u32,
    pub name: String,
    pub damage: i64,
    pub counters: Vec<(String, i64)>,
    pub flags: Vec<String>,
    /// The card it is attached to (placed earlier in the file).
    pub attached_to: Option<ObjectRef>,
    pub span: Span,
}

/// A card named in an action or expectation, maybe whose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectRef {
    pub player: Option<Side>,
    pub name: String,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Play a card from the hand: onto the field, or its effect onto the stack.
    Play { player: Side, card: ObjectRef },
    /// Use the n-th (1-based) activated ability of an object.
    Use { player: Side, card: ObjectRef, ability: usize },
    /// FF 10.1.2: declare an attack (two or more Forwards: a party); the block and damage follow.
    Attack { player: Side, attackers: Vec<ObjectRef> },
    /// Trails 1218-1220: SCLM Support: `supporter` is actioned and `target` gains support.
    Support { player: Side, target: ObjectRef, supporter: ObjectRef },
    /// Both players pass until everything waiting has resolved.
    Resolve,
    /// Both players pass once: the top of the stack resolves (FF 11.1.7), then triggers settle.
    Pass,
    /// End of turn: end-of-turn triggers, then "until end of turn" effects end (FF: the End Phase, 9.5).
    EndTurn,
    /// The End Phase if the turn has not ended, then the other player's turn up to its Main Phase 1.
    NextTurn,
    /// The turn player's next phase (FF 9: Main 1 -> Attack -> Main 2 -> End).
    NextPhase,
    /// A game event by name, about these cards, maybe by a player (`signal attack "Cloud" by me`).
    Signal { name: String, objects: Vec<ObjectRef>, by: Option<Side> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerSpec {
    Yes(bool),
    /// The n-th option (1-based) of a question with options.
    Option(usize),
    Mode(usize),
    /// An order of the items, 1-based.
    Order(Vec<usize>),
    Objects(Vec<ObjectRef>),
    /// A card or ability of this name played when its player next has priority inside an action
    /// (Trails 803.7, 804.9, 804.12); every other priority question is answered "pass".
    Play(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expectation {
    Illegal { action: Action, because: Option<String> },
    Winner(Side),
    Draw,
    /// Exactly these cards, in zone order.
    ZoneIs { player: Side, zone: String, names: Vec<String> },
    ZoneHas { player: Side, zone: String, names: Vec<String> },
    ZoneCount { player: Side, zone: String, count: usize },
    Property { object: ObjectRef, property: String, value: String },
    Flag { object: ObjectRef, flag: String, present: bool },
    Damage { object: ObjectRef, damage: i64 },
    /// How many counters of one name a card holds.
    Counter { object: ObjectRef, name: String, count: i64 },
    /// The card it is attached to, or none.
    Attached { object: ObjectRef, host: Option<ObjectRef> },
    /// The card has (or has not) this keyword now, printed or granted.
    Keyword { object: ObjectRef, keyword: String, present: bool },
    Resource { player: Side, name: String, value: i64 },
    StackCount(usize),
    /// The player sees (or does not see) the card (`GameState::sees`).
    Sees { player: Side, object: ObjectRef, sees: bool },
}
