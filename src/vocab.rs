//! A game's vocabulary: its card kinds, properties, enums, zones, players, symbols, ability kinds,
//! keywords and phrase templates, all declared in the language (std-abilities/<game>/).
//!
//! The vocabulary is data. It knows nothing about how a phrase is checked or run.

pub mod build;
pub mod kinds;
pub mod primitive;

use serde::Serialize;

/// Typed indices into a vocabulary's tables.
macro_rules! id_type {
    ($($name:ident),*) => {$(
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize { self.0 as usize }
        }
    )*};
}
id_type!(EnumId, KindId, PropId, TemplateId, KeywordId, AbilityKindId);

/// The types of the language.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Ty {
    Number,
    /// A number written with its sign, as printed: `+1000`, `-X`.
    Signed,
    Text,
    Bool,
    /// One or more game objects (cards on the field, in a zone...).
    Cards,
    Player,
    Zone,
    Keyword,
    /// Abilities an effect grants: a keyword or an `ability { ... }` literal.
    Ability,
    /// `+X/+Y`: two signed numbers.
    Pair,
    /// A cost written in symbols: `{wind}{wind}{2}`.
    Cost,
    Enum(EnumId),
    Set(Box<Ty>),
    List(Box<Ty>),
}

impl Ty {
    /// The element type of a collection, or the type itself.
    pub fn element(&self) -> &Ty {
        match self {
            Ty::Set(t) | Ty::List(t) => t,
            t => t,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum TemplateKind {
    /// A one-shot effect: `deal N damage to T`.
    Action,
    /// A continuous effect or rule change: `T gains +N power`, `T cannot block`.
    Rule,
    /// Something that happens, for triggers: `T enters the field`.
    Event,
    /// A condition with a subject: `T is dull`.
    Predicate,
    /// A condition on the candidate of a filter: `dull`, `you control`.
    Filter,
    /// How long an effect lasts: `until end of turn`.
    Duration,
    /// A cost that is not an action: `(+N)`.
    Cost,
    /// A phrase that stands for a value: `owner of T`, `damage of P`.
    Value,
    /// An ability tag: `[once per turn]`.
    Tag,
}

impl TemplateKind {
    pub fn parse(word: &str) -> Option<Self> {
        Some(match word {
            "action" => Self::Action,
            "rule" => Self::Rule,
            "event" => Self::Event,
            "predicate" => Self::Predicate,
            "filter" => Self::Filter,
            "duration" => Self::Duration,
            "cost" => Self::Cost,
            "value" => Self::Value,
            "tag" => Self::Tag,
            _ => return None,
        })
    }

    pub fn noun(self) -> &'static str {
        match self {
            Self::Action => "action",
            Self::Rule => "rule",
            Self::Event => "event",
            Self::Predicate => "condition",
            Self::Filter => "filter condition",
            Self::Duration => "duration",
            Self::Cost => "cost",
            Self::Value => "value",
            Self::Tag => "tag",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Part {
    Word(String),
    Slot { name: String, ty: Ty },
    Optional(Vec<Part>),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Template {
    pub kind: TemplateKind,
    pub parts: Vec<Part>,
    /// Values the phrase provides: an event's `amount`, a value phrase's result.
    pub outputs: Vec<(String, Ty)>,
    pub docs: Vec<String>,
    /// Words that every match must contain (the non-optional words), for quick rejection.
    pub required_words: Vec<String>,
    /// The kernel primitives that implement the phrase (empty: not bound yet).
    /// Shared: the interpreter reads it each time the phrase runs.
    pub implementation: std::sync::Arc<Vec<Bound>>,
}

/// A template bound to a kernel primitive: one argument per primitive parameter, in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Bound {
    pub primitive: primitive::Primitive,
    pub args: Vec<BoundArg>,
}

impl Bound {
    /// Whether it calls the game's procedure `name` (`game(name, ...)`).
    pub fn calls_procedure(&self, name: &str) -> bool {
        self.primitive == primitive::Primitive::Game && matches!(self.args.first(), Some(BoundArg::Word(w)) if w == name)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum BoundArg {
    /// An optional parameter left out.
    Absent,
    /// The template's n-th slot (optional parts included, as in `Call::args`).
    Slot(usize),
    /// The n-th slot's number, negated.
    Negated(usize),
    Word(String),
    Number(i64),
    Text(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct EnumDef {
    pub name: String,
    pub variants: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct KindDef {
    pub name: String,
    pub supers: Vec<KindId>,
    pub docs: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PropertyDef {
    pub name: String,
    pub ty: Ty,
    pub docs: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct KeywordSig {
    pub name: String,
    pub params: Vec<(String, Ty)>,
    /// The kinds of card that may have it; empty means any.
    pub applies_to: Vec<KindId>,
    /// Every card of the `applies_to` kinds has it by rule (`for every unit`).
    pub by_rule: bool,
    pub docs: Vec<String>,
}

/// How an ability kind behaves in the kernel; the game names the kinds (`field`, `auto`, `enhance`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum AbilityClass {
    /// Always on: field abilities, continuous crafts.
    Static,
    /// Waits for an event: auto abilities, triggered crafts, responses.
    Triggered,
    /// Played for a cost: action and special abilities, activated crafts, enhances, forms.
    Activated,
    /// The effect of a card that is played and resolves: Summons, EVENTs, Actions.
    Play,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct AbilityKindDef {
    pub name: String,
    pub class: AbilityClass,
    pub docs: Vec<String>,
}

/// The slot types of a template, in order (optional parts included).
pub fn slots(parts: &[Part]) -> impl Iterator<Item = &Ty> {
    let mut out = vec![];
    fn walk<'a>(parts: &'a [Part], out: &mut Vec<&'a Ty>) {
        for p in parts {
            match p {
                Part::Slot { ty, .. } => out.push(ty),
                Part::Optional(inner) => walk(inner, out),
                Part::Word(_) => {}
            }
        }
    }
    walk(parts, &mut out);
    out.into_iter()
}

/// What a bare word names in a vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Name {
    Kind(KindId),
    Property(PropId),
    Variant(EnumId, u32),
    Keyword(KeywordId),
    Zone(u32),
    Player(u32),
    Symbol(u32),
    AbilityKind(AbilityKindId),
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Vocabulary {
    pub game: String,
    pub enums: Vec<EnumDef>,
    pub kinds: Vec<KindDef>,
    pub properties: Vec<PropertyDef>,
    pub templates: Vec<Template>,
    pub keywords: Vec<KeywordSig>,
    pub ability_kinds: Vec<AbilityKindDef>,
    pub zones: Vec<String>,
    pub players: Vec<String>,
    pub symbols: Vec<String>,
    /// The procedures the game's own code carries out (`procedure draw_cards`), which `game(...)` calls.
    pub procedures: Vec<String>,
    /// Bare names, several meanings allowed (`fire` the element and `fire` the symbol); looked up while games are played
    /// (a fast hash: the words are the vocabulary's own).
    pub names: rustc_hash::FxHashMap<String, Vec<Name>>,
    /// Every word used in any template.
    pub template_words: std::collections::BTreeSet<String>,
    #[serde(skip)]
    pub ancestry: KindAncestry,
}

/// `kind_is` for every pair of kinds, worked out on first use: derived from `kinds`, so not part of
/// the vocabulary's identity (always equal).
#[derive(Debug, Clone, Default)]
pub struct KindAncestry(std::sync::OnceLock<Ancestry>);

#[derive(Debug, Clone)]
struct Ancestry {
    /// Row `k`, column `ancestor`, in one flat table.
    table: Vec<bool>,
    /// For each kind, a bit for every kind that is it or descends from it (`Kinds`); none past 64 kinds.
    descendants: Vec<u64>,
}

impl PartialEq for KindAncestry {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KindAncestry {}

impl Vocabulary {
    pub fn lookup(&self, word: &str) -> &[Name] {
        self.names.get(word).map_or(&[], Vec::as_slice)
    }

    pub fn kind(&self, word: &str) -> Option<KindId> {
        self.lookup(word).iter().find_map(|n| match n {
            Name::Kind(k) => Some(*k),
            _ => None,
        })
    }

    /// A kind named by its singular or plural form (`forward`, `forwards`).
    pub fn kind_plural(&self, word: &str) -> Option<KindId> {
        self.kind(word).or_else(|| word.strip_suffix('s').and_then(|w| self.kind(w)))
    }

    pub fn property(&self, word: &str) -> Option<PropId> {
        self.lookup(word).iter().find_map(|n| match n {
            Name::Property(p) => Some(*p),
            _ => None,
        })
    }

    pub fn keyword(&self, word: &str) -> Option<KeywordId> {
        self.lookup(word).iter().find_map(|n| match n {
            Name::Keyword(k) => Some(*k),
            _ => None,
        })
    }

    pub fn variant(&self, word: &str, enum_id: EnumId) -> Option<u32> {
        self.lookup(word).iter().find_map(|n| match n {
            Name::Variant(e, v) if *e == enum_id => Some(*v),
            _ => None,
        })
    }

    pub fn enum_named(&self, word: &str) -> Option<EnumId> {
        self.enums.iter().position(|e| e.name == word).map(|i| EnumId(i as u32))
    }

    pub fn is_procedure(&self, word: &str) -> bool {
        self.procedures.iter().any(|p| p == word)
    }

    pub fn is_zone(&self, word: &str) -> bool {
        self.lookup(word).iter().any(|n| matches!(n, Name::Zone(_)))
    }

    pub fn is_player(&self, word: &str) -> bool {
        self.lookup(word).iter().any(|n| matches!(n, Name::Player(_)))
    }

    pub fn is_symbol(&self, word: &str) -> bool {
        self.lookup(word).iter().any(|n| matches!(n, Name::Symbol(_) | Name::Variant(..)))
    }

    pub fn ability_kind(&self, word: &str) -> Option<AbilityKindId> {
        self.lookup(word).iter().find_map(|n| match n {
            Name::AbilityKind(a) => Some(*a),
            _ => None,
        })
    }

    /// Whether any of `kinds` is `ancestor` or one of its subkinds (an object's kinds).
    #[inline]
    pub fn any_is(&self, kinds: &[KindId], ancestor: KindId) -> bool {
        kinds.iter().any(|k| self.kind_is(*k, ancestor))
    }

    /// Whether kind `k` is `ancestor` or one of its subkinds.
    #[inline]
    pub fn kind_is(&self, k: KindId, ancestor: KindId) -> bool {
        let n = self.kinds.len();
        match self.ancestry.0.get() {
            Some(a) if k.index() < n && ancestor.index() < n => a.table[k.index() * n + ancestor.index()],
            _ => self.kind_is_first(k, ancestor),
        }
    }

    /// `kind_is` before the table is made (once), or for a kind outside it.
    #[cold]
    fn kind_is_first(&self, k: KindId, ancestor: KindId) -> bool {
        let n = self.kinds.len();
        match (k.index() < n && ancestor.index() < n).then(|| self.ancestry_made().table[k.index() * n + ancestor.index()]) {
            Some(is) => is,
            None => self.kind_is_within(k, ancestor, n),
        }
    }

    /// The kinds' ancestry, made on first use.
    fn ancestry_made(&self) -> &Ancestry {
        self.ancestry.0.get_or_init(|| {
            let n = self.kinds.len();
            let table: Vec<bool> = (0..n * n).map(|i| self.kind_is_within(KindId((i / n) as u32), KindId((i % n) as u32), n)).collect();
            let descendants = if n <= 64 { (0..n).map(|a| (0..n).filter(|k| table[k * n + a]).fold(0, |bits, k| bits | 1 << k)).collect() } else { vec![] };
            Ancestry { table, descendants }
        })
    }

    /// `kind_is`, following at most `depth` super-kind links (a cycle is reported when the
    /// vocabulary is built; here it only ends the search).
    fn kind_is_within(&self, k: KindId, ancestor: KindId, depth: usize) -> bool {
        k == ancestor || (depth > 0 && self.kinds[k.index()].supers.iter().any(|s| self.kind_is_within(*s, ancestor, depth - 1)))
    }

    /// Whether a word means anything at all in this vocabulary.
    pub fn knows_word(&self, word: &str) -> bool {
        self.names.contains_key(word) || self.template_words.contains(word)
    }

    /// Every word a designer could mean, for "did you mean" suggestions.
    pub fn all_words(&self) -> impl Iterator<Item = &str> {
        self.names.keys().map(String::as_str).chain(self.template_words.iter().map(String::as_str))
    }

    pub fn type_name(&self, ty: &Ty) -> String {
        match ty {
            Ty::Number => "number".into(),
            Ty::Signed => "signed number".into(),
            Ty::Text => "text".into(),
            Ty::Bool => "bool".into(),
            Ty::Cards => "cards".into(),
            Ty::Player => "player".into(),
            Ty::Zone => "zone".into(),
            Ty::Keyword => "keyword".into(),
            Ty::Ability => "ability".into(),
            Ty::Pair => "pair".into(),
            Ty::Cost => "cost".into(),
            Ty::Enum(e) => self.enums[e.index()].name.clone(),
            Ty::Set(t) => format!("set of {}", self.type_name(t)),
            Ty::List(t) => format!("list of {}", self.type_name(t)),
        }
    }

    /// A template as a designer reads it: `deal <number> damage to <cards>`.
    pub fn signature(&self, id: TemplateId) -> String {
        let t = &self.templates[id.index()];
        let mut out = String::new();
        self.write_parts(&t.parts, &mut out);
        out.trim().to_string()
    }

    fn write_parts(&self, parts: &[Part], out: &mut String) {
        for part in parts {
            match part {
                Part::Word(w) => out.push_str(w),
                Part::Slot { ty, .. } => {
                    out.push('<');
                    out.push_str(&self.type_name(ty));
                    out.push('>');
                }
                Part::Optional(inner) => {
                    out.push('[');
                    self.write_parts(inner, out);
                    out.pop();
                    out.push(']');
                }
            }
            out.push(' ');
        }
    }
}
