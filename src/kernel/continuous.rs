//! Continuous effects and computed characteristics: printed values plus effects applied in the
//! game's layer order (FF 11.12.4.6; Trails 1215; UFS C.3.3), by timestamp, with dependencies
//! found by trying effects out rather than by tags (FF 11.12.4.12-13, Trails 1215.3a).

use std::collections::BTreeSet;
use std::rc::Rc;
use std::sync::Arc;

use serde::Serialize;

use crate::kernel::ids::*;
use crate::kernel::state::GameState;
use crate::kernel::value::{compare, Amount, Condition, Selector, Value};
use crate::vocab::{KeywordId, KindId, PropId};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ContinuousEffect {
    pub id: EffectId,
    pub source: Option<ObjectId>,
    pub controller: PlayerId,
    pub timestamp: Timestamp,
    /// `Objects` for effects of resolved abilities (locked, FF 11.12.4.2, Trails 1215.6); a live
    /// selector for field abilities, which also reach objects that arrive later (FF 11.12.4.5).
    pub affected: Selector,
    pub change: Change,
    pub duration: Duration,
    /// Applies only while this holds (conditional field abilities).
    pub condition: Option<Condition>,
    /// Begun by an always-on ability of this keyword of its source: applies only while the source
    /// has the keyword (a UNIT that loses Overkill, Trails 804.11a-3; FF "loses First Strike").
    pub keyword: Option<KeywordId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Op {
    Add,
    /// Add, but not below this (UFS "(minimum 1)").
    AddAtLeast(i64),
    Sub,
    /// Set the value, in timestamp order with the others.
    Set,
    /// Set the base value: applied before every other change of the property (FF 11.5.7, 11.3.10).
    SetBase,
    Double,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Change {
    Controller(PlayerId),
    Property { property: PropId, op: Op, amount: Amount },
    AddValue { property: PropId, value: Value },
    /// Add the values other objects have now, minus some ("Kimahri gains Elements of all the
    /// Characters opponent controls except Light and Dark", read as the layer applies, FF 11.9).
    AddValuesOf { property: PropId, of: Selector, except: Vec<Value> },
    RemoveValue { property: PropId, value: Value },
    AddKind(KindId),
    /// Every value of a property (a property test on it always holds).
    HasEvery(PropId),
    GrantKeyword(KeywordId),
    RemoveKeyword(KeywordId),
    /// Loses every ability (FF "loses all its abilities").
    StripAbilities,
    /// Gains abilities written in the granting effect (`ability { ... }`).
    GrantAbilities(Arc<Vec<crate::ir::AbilityIr>>),
    /// A prohibition, or a permission or requirement the game reads (`block`, `attack_on_arrival`).
    Forbid(Hook),
    Allow(Hook),
    /// A named amount the game adds up (`play_cost` -1), possibly counted (`for each`).
    Adjust { name: String, amount: Amount },
    /// A rule a player has while the effect lasts ("you can play 2 or more Light Characters").
    PlayerRule { player: PlayerId, name: String, value: Option<Value>, amount: i64 },
    /// Gives a state while the effect lasts (SE14 15.2.15 "in the junctioned state").
    GiveFlag(String),
    /// Takes another card's printed values (a copying definition effect, UFS C.3.3.2, I.3.8.2);
    /// with `blank_text`, none of its abilities.
    Copy { card: CardId, blank_text: bool },
    /// Joined values (Trails 1310 Link): an affected object with any of them has all of them, and
    /// the same controller's joins of the property that share a value merge (1310 example 2).
    Join { property: PropId, values: Vec<Value> },
    /// Set a list or enum property's value outright (`the element of X becomes fire`).
    SetValue { property: PropId, value: Value },
    /// The player is treated as controlling a card of this kind with this property value, in the
    /// game's default zone, where conditions count cards (Trails 1329.1); no object changes.
    Pretend { player: PlayerId, kind: crate::vocab::KindId, property: PropId, value: Value },
    /// The affected objects ignore every continuous effect applied before this one (earlier in
    /// timestamp order), whatever its layer (Trails 1325.1, 1325.1a-b).
    IgnoreEarlier,
}

impl Change {
    /// The property this change writes, if it changes one.
    pub fn property(&self) -> Option<PropId> {
        match self {
            Change::Property { property, .. }
            | Change::AddValue { property, .. }
            | Change::AddValuesOf { property, .. }
            | Change::RemoveValue { property, .. }
            | Change::SetValue { property, .. }
            | Change::Join { property, .. } => Some(*property),
            _ => None,
        }
    }

    /// Whether this change gives abilities: `Some(Some(k))` the keyword `k`, `Some(None)` abilities or a copy's.
    pub fn gives_abilities(&self) -> Option<Option<KeywordId>> {
        match self {
            Change::GrantKeyword(k) => Some(Some(*k)),
            Change::GrantAbilities(_) | Change::Copy { .. } => Some(None),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Duration {
    /// For the rest of the game (FF 11.12.4.1).
    Forever,
    /// Until the game's procedure announces this point (`end_of_turn`, `end_of_combat`).
    Until(String),
    /// While an object stays in its zone (field abilities, "while X is on the field").
    WhileIn(ObjectId),
    /// While an object has a state flag ("while combating").
    WhileFlag(ObjectId, String),
    /// While another continuous effect lasts: the always-on abilities an effect grants ("Terra
    /// gains 'If Terra deals damage to a Forward, double the damage' until the end of the turn").
    WhileEffect(EffectId),
}

/// Which layer each kind of change belongs to, in application order. A game supplies it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayerPlan {
    pub layers: Vec<Layer>,
    /// FF 11.12.4.7: within a layer, effects on their own source apply first.
    pub self_first: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Layer {
    Controller,
    Abilities,
    Kinds,
    /// These properties.
    Properties(Vec<PropId>),
    /// Every property not named by a `Properties` layer.
    OtherProperties,
    Rules,
}

/// The prohibition to gain a keyword (its `ability`), which the kernel applies as it computes the view: "Forwards
/// cannot gain Haste" (2-031C Edward), "cannot gain Brave" (14-087L Ravana).
pub const GAIN_ABILITY: &str = "gain_ability";

/// A rule hook: an action name, maybe only against one player, maybe only with certain cards
/// ("cannot be blocked by a Forward of cost 4 or more": `be_blocked` with those Forwards).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Hook {
    pub action: String,
    pub who: Option<PlayerId>,
    pub with: Option<Selector>,
    /// Only to or from this zone ("cannot be returned to hand").
    pub zone: Option<String>,
    /// Only with this keyword ("cannot be played using Reinforcement").
    pub ability: Option<KeywordId>,
    /// What else the rule names (a Combo's requirements).
    pub value: Option<Value>,
    /// How many cards of each set of cards the rule names, in order (`with`, then `value`):
    /// "by discarding 2 ..." is 2; 0 for a set without a number ("all ...").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counts: Vec<i64>,
}

impl Hook {
    pub fn plain(action: &str) -> Hook {
        Hook { action: action.to_string(), who: None, with: None, zone: None, ability: None, value: None, counts: vec![] }
    }

    fn is_plain(&self) -> bool {
        self.who.is_none() && self.with.is_none() && self.zone.is_none() && self.ability.is_none() && self.value.is_none()
    }
}

/// An object's characteristics after every continuous effect.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Characteristics {
    pub controller: PlayerId,
    pub kinds: crate::vocab::kinds::Kinds,
    pub properties: Vec<(PropId, Value)>,
    pub keywords: Vec<KeywordId>,
    pub stripped: bool,
    pub forbidden: BTreeSet<Hook>,
    pub allowed: BTreeSet<Hook>,
    /// Named amounts from `adjust` effects, summed.
    pub adjustments: std::collections::BTreeMap<String, i64>,
    /// Abilities granted by effects, with the effect that granted them.
    pub granted: Vec<(EffectId, Arc<Vec<crate::ir::AbilityIr>>)>,
    /// States continuous effects give (besides the object's own placement states).
    pub flags: BTreeSet<String>,
    /// Properties the object has every value of ("Bartz has all the jobs", 1-081R).
    pub every: BTreeSet<PropId>,
}

impl Characteristics {
    pub fn get(&self, p: PropId) -> Option<&Value> {
        self.properties.iter().find(|(q, _)| *q == p).map(|(_, v)| v)
    }

    pub fn number(&self, p: PropId) -> i64 {
        self.get(p).and_then(Value::number).unwrap_or(0)
    }

    /// Whether property `p` holds `value`; a keyword the object has (printed or granted) counts
    /// for a keyword-valued property ("a Kick card", UFS I).
    pub fn holds(&self, p: PropId, value: &Value) -> bool {
        if self.get(p).is_some_and(|v| v.has(value)) || (self.every.contains(&p) && matches!(value, Value::Text(_) | Value::List(_))) {
            return true;
        }
        match value {
            Value::Keyword(k) => self.keywords.contains(k),
            Value::List(items) => !items.is_empty() && items.iter().all(|i| matches!(i, Value::Keyword(_)) && self.holds(p, i)),
            _ => false,
        }
    }

    pub(super) fn set(&mut self, p: PropId, v: Value) {
        match self.properties.iter_mut().find(|(q, _)| *q == p) {
            Some((_, old)) => *old = v,
            None => self.properties.push((p, v)),
        }
    }

    /// Whether a rule hook with no player or cards applies: prohibitions win over permissions
    /// (FF 2.2, Trails 104.4, UFS K.1.2). `GameState::permits` answers the general question.
    pub fn may(&self, action: &str) -> Option<bool> {
        let plain = |hooks: &BTreeSet<Hook>| hooks.iter().any(|h| h.action == action && h.is_plain());
        if plain(&self.forbidden) {
            Some(false)
        } else if plain(&self.allowed) {
            Some(true)
        } else {
            None
        }
    }
}

/// Characteristics by object index (`None` for last known information and empty slots).
pub type View = Vec<Option<Rc<Characteristics>>>;

impl GameState {
    /// The computed characteristics of a live object; last known information for one that left.
    pub fn characteristics(&self, object: ObjectId) -> Rc<Characteristics> {
        // Read far more often than the game changes: the current view is looked at first.
        if let Some(c) = self.cache.view.borrow().as_ref().filter(|c| self.is_current(c))
            && let Some(Some(found)) = c.view.get(object.index())
        {
            return found.clone();
        }
        self.refresh_view();
        if let Some(c) = self.cache.view.borrow().as_ref().and_then(|c| c.view.get(object.index()).cloned().flatten()) {
            return c;
        }
        self.object(object).last_known.clone().unwrap_or_else(|| self.printed(object))
    }

    /// Whether the cached view is this generation's, with nothing left to read again: it may be read as it is.
    #[inline]
    fn is_current(&self, c: &crate::kernel::cache::CachedView) -> bool {
        c.generation == self.generation && !c.recheck
    }

    /// The characteristics of a live object as it leaves its zone (its last known information, FF 11.11.4): its
    /// printed ones when no effect in force may select it by its zone or identity (`may_select`), as a card in a
    /// deck or a hand mostly is, without bringing the view up to date for the events before.
    pub(super) fn leaving(&self, object: ObjectId) -> Rc<Characteristics> {
        let current = self.cache.view.borrow().as_ref().is_some_and(|c| self.is_current(c));
        if current || self.config.latch_modifications || self.effects.iter().any(|e| self.effect_active(e) && self.may_select(&e.affected, object, e.source)) {
            return self.characteristics(object);
        }
        let printed = self.printed(object);
        if self.audit {
            assert!(*printed == *self.characteristics(object), "{} left with other than its printed characteristics", self.name_of(object));
        }
        printed
    }

    /// `f` of the object's characteristics, read where the current view holds them: no reference
    /// taken (most reads want one field). `f` must not read characteristics through the state:
    /// the view is borrowed while it runs.
    #[inline]
    pub fn reading<T>(&self, object: ObjectId, f: impl FnOnce(&Characteristics) -> T) -> T {
        if let Some(c) = self.cache.view.borrow().as_ref().filter(|c| self.is_current(c))
            && let Some(Some(found)) = c.view.get(object.index())
        {
            return f(found);
        }
        f(&self.characteristics(object))
    }

    /// The object's controller now (as its characteristics say).
    #[inline]
    pub fn controller(&self, object: ObjectId) -> PlayerId {
        self.reading(object, |c| c.controller)
    }

    /// How many times the view was copied to be patched because a reader still held it (a
    /// `view()` kept across a change to the game): each copy takes a reference to every object's
    /// characteristics. FF self-play keeps it at 0 (tests/it/selfplay.rs).
    pub fn view_copies(&self) -> u32 {
        self.cache.view_copies.get()
    }

    /// Every live object's characteristics, computed once per generation. Not to be held across
    /// a change to the game (`view_copies`).
    pub fn view(&self) -> Rc<View> {
        self.refresh_view();
        self.cache.view.borrow().as_ref().map(|c| c.view.clone()).expect("a view was just computed")
    }

    /// Brings the cached view up to this generation: patched when only some objects changed
    /// under local effects (`patched`), computed from scratch otherwise.
    fn refresh_view(&self) {
        let mut cached = self.cache.view.borrow_mut();
        if let Some(c) = cached.as_mut()
            && c.generation == self.generation
        {
            if !c.recheck {
                return;
            }
            c.recheck = false;
            let mut stale = std::mem::take(&mut c.stale);
            stale.sort_unstable();
            stale.dedup();
            let globals = self.carried_globals(&c.view, &c.globals);
            let now = self.patched(&mut c.view, &stale, &globals);
            if let Some(now) = now {
                c.globals = now;
                if self.audit {
                    assert!(*c.view == self.compute_view(), "a patched view differs from the computed one after {:?}", self.log.last());
                }
                return;
            }
        }
        let view = Rc::new(self.compute_view());
        let local = self.effects_are_local();
        let globals = if local { self.global_values(&view) } else { vec![] };
        *cached = Some(crate::kernel::cache::CachedView { generation: self.generation, view, reads: self.effects_read(), local, stale: vec![], recheck: false, globals });
    }

    /// Printed characteristics, before any effect.
    pub fn printed(&self, object: ObjectId) -> Rc<Characteristics> {
        let o = self.object(object);
        crate::kernel::cache::printed(&self.library, self.players.len(), o.card, o.controller)
    }

    /// Whether `object` is in the state `name` now: a flag of its own, one an effect gives it, or
    /// one the game answers from its characteristics (`GameHooks::answers`).
    pub fn in_state(&self, object: ObjectId, name: &str) -> bool {
        self.has_state(object, &self.characteristics(object), name)
    }

    /// `in_state` with the characteristics the object has in the view being read.
    fn has_state(&self, object: ObjectId, c: &Characteristics, name: &str) -> bool {
        self.object(object).flags.contains(name) || c.flags.contains(name) || self.config.hooks.is_some_and(|h| (h.answers)(self, object, c, name))
    }

    /// Whether `object` may do `action` (against `player`, with `other`): prohibitions win over
    /// permissions (FF 2.2, Trails 104.4, UFS K.1.2); `None` when no hook speaks to it.
    pub fn permits(&self, object: ObjectId, action: &str, player: Option<PlayerId>, other: Option<ObjectId>) -> Option<bool> {
        // Most objects have no permission or prohibition: read in place.
        if self.reading(object, |c| c.forbidden.is_empty() && c.allowed.is_empty()) {
            return None;
        }
        let c = self.characteristics(object);
        let view = self.view();
        let applies = |h: &Hook| {
            h.action == action
                && h.who.is_none_or(|w| Some(w) == player)
                && h.with.as_ref().is_none_or(|sel| other.is_some_and(|o| self.selects(&view, sel, o, Some(object))))
        };
        if c.forbidden.iter().any(applies) {
            Some(false)
        } else if c.allowed.iter().any(applies) {
            Some(true)
        } else {
            None
        }
    }

    /// Trails 1329.1: how many of the cards players are treated as controlling `selector` matches,
    /// as far as it can tell from their kind, controller, zone and the one property value. Counted
    /// by conditions ("if you control") and counts ("for each UNIT you control"), never chosen:
    /// the rule makes a UNIT exist on the field, not a card an effect could act on.
    pub(crate) fn pretended(&self, selector: &Selector) -> i64 {
        self.effects.iter().filter(|e| matches!(e.change, Change::Pretend { .. }) && self.effect_active(e) && self.pretend_selects(&e.change, selector)).count() as i64
    }

    fn pretend_selects(&self, card: &Change, selector: &Selector) -> bool {
        let Change::Pretend { player, kind, property, value } = card else { return false };
        match selector {
            Selector::All | Selector::NotSource => true,
            Selector::Kind(k) => self.library.vocab.kind_is(*kind, *k),
            Selector::ControlledBy(p) => p == player,
            Selector::InZone(zone) => *zone == self.config.default_zone,
            Selector::Has { property: p, value: wanted } => p == property && value.has(wanted),
            Selector::Contains { property: p, text } => p == property && matches!(value, Value::Text(t) if t.contains(text.as_str())),
            Selector::Not(inner) => !self.pretend_selects(card, inner),
            Selector::And(all) => all.iter().all(|s| self.pretend_selects(card, s)),
            Selector::Or(any) => any.iter().any(|s| self.pretend_selects(card, s)),
            _ => false,
        }
    }

    pub(crate) fn amount(&self, view: &View, amount: &Amount, source: Option<ObjectId>) -> i64 {
        match amount {
            Amount::Fixed(n) => *n,
            Amount::PerMatch { each, selector } => {
                let n = self.count_matching(view, selector, source) as i64 + self.pretended(selector);
                each * n
            }
            Amount::Property { property, selector } => {
                self.matching(view, selector, source).into_iter().filter_map(|o| view[o.index()].as_ref().map(|c| c.number(*property))).sum()
            }
            Amount::Resource { player, name } => self.resource(*player, name),
            Amount::Distinct { property, selector } => {
                let mut values: Vec<&Value> = vec![];
                for c in self.matching(view, selector, source).into_iter().filter_map(|o| view[o.index()].as_ref()) {
                    match c.get(*property) {
                        Some(Value::List(items)) => values.extend(items),
                        Some(v) => values.push(v),
                        None => {}
                    }
                }
                values.sort();
                values.dedup();
                values.len() as i64
            }
            Amount::Counters { selector, name } => {
                self.matching(view, selector, source).into_iter().map(|o| self.object(o).counters.get(name.as_str()).copied().unwrap_or(0)).sum()
            }
            Amount::Tracked { key } => self.tracked.get(key.as_str()).map_or(0, |cards| cards.len() as i64),
            Amount::Arith { left, op, right } => {
                let (l, r) = (self.amount(view, left, source), self.amount(view, right, source));
                match op {
                    crate::syntax::ast::ArithOp::Add => l.saturating_add(r),
                    crate::syntax::ast::ArithOp::Sub => l.saturating_sub(r),
                    crate::syntax::ast::ArithOp::Mul => l.saturating_mul(r),
                    crate::syntax::ast::ArithOp::Div => l.checked_div(r).unwrap_or(0),
                }
            }
            Amount::InZone { player, zone } => self.zone_id(zone, Some(*player)).map_or(0, |z| self.zone(z).objects.len() as i64),
        }
    }

    /// Whether a player is in the state: one the game works out from the turn and phase
    /// (`GameHooks::player_states`), or a flag an event gave them.
    pub fn player_state(&self, player: PlayerId, name: &str) -> bool {
        self.config.hooks.and_then(|h| (h.player_states)(self, player, name)).unwrap_or_else(|| self.players[player.index()].flags.contains(name))
    }

    /// Whether a continuous condition holds in `view`.
    pub fn holds(&self, view: &View, condition: &Condition, source: Option<ObjectId>) -> bool {
        match condition {
            Condition::Count { selector, op, value } => {
                let n = self.count_matching(view, selector, source) as i64 + self.pretended(selector);
                compare(n, *op, *value)
            }
            Condition::Compare { left, op, right } => compare(self.amount(view, left, source), *op, self.amount(view, right, source)),
            Condition::PlayerFlag { player, name } => self.player_state(*player, name),
            Condition::Tracked { key, property, value } => self.tracked.get(key.as_str()).is_some_and(|cards| {
                cards.iter().any(|o| match (property, value) {
                    (Some(p), Some(v)) => view.get(o.index()).and_then(Option::as_ref).is_some_and(|c| c.holds(*p, v)),
                    _ => true,
                })
            }),
            Condition::Not(c) => !self.holds(view, c, source),
            Condition::All(cs) => cs.iter().all(|c| self.holds(view, c, source)),
            Condition::Any(cs) => cs.iter().any(|c| self.holds(view, c, source)),
        }
    }

    pub(super) fn affected(&self, view: &View, e: &ContinuousEffect) -> Vec<ObjectId> {
        let mut affected = self.matching(view, &e.affected, e.source);
        // Trails 1310: a join reaches the objects that have one of its (merged) values now.
        if let Change::Join { property, values } = &e.change {
            let joined = self.joined_values(e, *property, values);
            let has_one = |o: &ObjectId| match view[o.index()].as_ref().and_then(|c| c.get(*property)) {
                Some(Value::List(items)) => items.iter().any(|v| joined.contains(v)),
                Some(single) => joined.contains(single),
                None => false,
            };
            affected.retain(has_one);
        }
        affected
    }

    /// The live objects `selector` picks in `view` (looking only among the candidates it names).
    pub(crate) fn matching(&self, view: &View, selector: &Selector, source: Option<ObjectId>) -> Vec<ObjectId> {
        self.each_matching(view, selector, source).collect()
    }

    /// How many live objects match `selector` (`matching` without the list).
    fn count_matching(&self, view: &View, selector: &Selector, source: Option<ObjectId>) -> usize {
        self.each_matching(view, selector, source).count()
    }

    /// The live objects matching `selector`: among those it names, or among all.
    fn each_matching<'a>(&'a self, view: &'a View, selector: &'a Selector, source: Option<ObjectId>) -> impl Iterator<Item = ObjectId> + 'a {
        let named = self.candidates(selector, source);
        let all = named.is_none().then(|| self.live_objects());
        named.into_iter().flatten().chain(all.into_iter().flatten()).filter(move |o| self.selects(view, selector, *o, source))
    }

    /// The only live objects a selector can pick, when it names them (itself, a locked set, a
    /// zone), in the order `live_objects` gives them; `None` when any live object may match.
    pub(super) fn candidates(&self, selector: &Selector, source: Option<ObjectId>) -> Option<Vec<ObjectId>> {
        let live = |o: &ObjectId| self.objects.get(o.index()).is_some_and(|x| x.left.is_none());
        match selector {
            Selector::Source => Some(source.filter(live).into_iter().collect()),
            Selector::Objects(list) => {
                let mut found: Vec<ObjectId> = list.iter().copied().filter(live).collect();
                let place = |o: &ObjectId| {
                    let zone = self.object(*o).zone;
                    (zone, self.zone(zone).objects.iter().position(|x| x == o))
                };
                found.sort_by_cached_key(place);
                found.dedup();
                Some(found)
            }
            Selector::InZone(zone) => Some(self.in_zones(*zone).collect()),
            Selector::And(parts) => parts.iter().find_map(|p| self.candidates(p, source)),
            Selector::AsItWas(object) => Some(vec![*object]),
            _ => None,
        }
    }

    /// Whether `object` matches `selector` in `view`; `source` is the object the selector is about.
    pub fn selects(&self, view: &View, selector: &Selector, object: ObjectId, source: Option<ObjectId>) -> bool {
        // An object that left its zone is judged by its last known information (FF 11.11.4).
        let Some(c) = view.get(object.index()).and_then(Option::as_ref).or_else(|| self.object(object).last_known.as_ref()) else { return false };
        self.selects_read(view, selector, object, c, self.object(object), source)
    }

    /// `selects` with the object's characteristics `c` and its state `o` read once for the whole
    /// selector.
    fn selects_read(&self, view: &View, selector: &Selector, object: ObjectId, c: &Characteristics, o: &crate::kernel::state::Object, source: Option<ObjectId>) -> bool {
        match selector {
            Selector::All => true,
            Selector::Objects(list) => list.contains(&object),
            Selector::AsItWas(it) => *it == object,
            Selector::Kind(k) => self.library.vocab.is_of(&c.kinds, *k),
            Selector::ControlledBy(p) => c.controller == *p,
            Selector::OwnedBy(p) => o.owner == *p,
            Selector::InZone(name) => self.zone(o.zone).name == *name,
            Selector::Flag(f) => self.has_state(object, c, f),
            Selector::Related { name, with } => self.config.hooks.and_then(|h| (h.relates)(self, object, name, with)).unwrap_or_else(|| self.has_state(object, c, name)),
            Selector::Damaged => o.damage > 0,
            Selector::Several(p) => matches!(c.get(*p), Some(Value::List(items)) if items.len() >= 2),
            Selector::Counters { name, at_least } => o.counters.get(name.as_str()).copied().unwrap_or(0) >= *at_least,
            Selector::Compare { property, op, value } => compare(c.number(*property), *op, *value),
            Selector::Has { property, value } => c.holds(*property, value),
            Selector::Source => source == Some(object),
            Selector::HasKeyword(k) => c.keywords.contains(k),
            Selector::MovedBy(sources) => o.moved_by.is_some_and(|by| sources.iter().any(|s| self.current(*s) == self.current(by) || *s == by)),
            Selector::OnTop => self.zone(o.zone).objects.last() == Some(&object),
            Selector::Shares { property, with } => {
                let mine = c.get(*property);
                with.iter().any(|other| {
                    let theirs = view.get(other.index()).and_then(Option::as_ref).or_else(|| self.object(*other).last_known.as_ref()).and_then(|oc| oc.get(*property));
                    match (mine, theirs) {
                        (Some(Value::List(a)), Some(Value::List(b))) => a.iter().any(|v| b.contains(v)),
                        (Some(a), Some(b)) => a.has(b) || b.has(a),
                        _ => false,
                    }
                })
            }
            Selector::SharesKind(with) => with.iter().any(|other| {
                let theirs = view.get(other.index()).and_then(Option::as_ref).or_else(|| self.object(*other).last_known.as_ref());
                theirs.is_some_and(|oc| oc.kinds.iter().any(|k| c.kinds.contains(k)))
            }),
            Selector::Contains { property, text } => match c.get(*property) {
                Some(Value::Text(t)) => t.contains(text.as_str()),
                Some(Value::List(items)) => items.iter().any(|v| matches!(v, Value::Text(t) if t.contains(text.as_str()))),
                _ => false,
            },
            Selector::NotSource => source != Some(object),
            Selector::Extreme { property, highest, among } => {
                let mine = c.number(*property);
                self.selects(view, among, object, source)
                    && self.matching(view, among, source).into_iter().filter_map(|o| view.get(o.index()).and_then(Option::as_ref)).all(|oc| {
                        let theirs = oc.number(*property);
                        if *highest { theirs <= mine } else { theirs >= mine }
                    })
            }
            Selector::HostOfSource => source.is_some_and(|s| self.object(s).attached_to == Some(object)),
            Selector::Not(s) => !self.selects_read(view, s, object, c, o, source),
            Selector::And(all) => all.iter().all(|s| self.selects_read(view, s, object, c, o, source)),
            Selector::Or(any) => any.iter().any(|s| self.selects_read(view, s, object, c, o, source)),
        }
    }

    /// Whether the effect's duration still holds.
    #[inline]
    pub fn effect_active(&self, e: &ContinuousEffect) -> bool {
        self.duration_holds(&e.duration)
    }

    /// Whether an always-on ability's replacement comes from an object whose abilities do not
    /// work now (Trails 1202.2a). Its continuous effects carry that as their condition instead.
    pub(super) fn source_inactive(&self, source: Option<ObjectId>, duration: &Duration) -> bool {
        matches!((source, duration), (Some(s), Duration::WhileIn(o)) if s == *o && self.abilities_inactive(s))
    }

    /// UFS C.3.3.4.3: the modifications that now qualify for objects they have not yet applied
    /// to, as latch events (the game applies them after each event).
    pub fn new_latches(&self) -> Vec<crate::kernel::event::Event> {
        if !self.config.latch_modifications {
            return vec![];
        }
        let view = self.view();
        let mut out = vec![];
        for e in self.effects.iter().filter(|e| self.effect_active(e)) {
            if e.condition.as_ref().is_some_and(|c| !self.holds(&view, c, e.source)) {
                continue;
            }
            let amount = self.amount_of(&view, e).unwrap_or(0);
            for object in self.affected(&view, e) {
                if self.latches.iter().any(|l| l.effect == e.id && l.object == object) {
                    continue;
                }
                let latch = crate::kernel::state::Latch { effect: e.id, object, change: e.change.clone(), amount, timestamp: self.clock };
                out.push(crate::kernel::event::Event::Latched { latch: Box::new(latch) });
            }
        }
        out
    }

    /// The rules a player has from continuous effects in force: (name, value, amount).
    pub fn player_rules(&self, player: PlayerId) -> Vec<(String, Option<Value>, i64)> {
        // Most of the time no effect gives the player a rule: no view to bring up to date.
        if !self.effects.iter().any(|e| matches!(&e.change, Change::PlayerRule { player: p, .. } if *p == player)) {
            return vec![];
        }
        let view = self.view();
        self.effects
            .iter()
            .filter_map(|e| match &e.change {
                // The rule's own player first: conditions are read only for that player's rules.
                Change::PlayerRule { player: p, name, value, amount }
                    if *p == player && self.effect_active(e) && e.condition.as_ref().is_none_or(|c| self.holds(&view, c, e.source)) =>
                {
                    Some((name.clone(), value.clone(), *amount))
                }
                _ => None,
            })
            .collect()
    }

    /// Ends every effect and replacement that lasts until `point` (`end_of_turn`,
    /// `end_of_combat`), as the game's procedure reaches it (FF 9.5.1.4, Trails 705.7, 804.13).
    /// `point` may name one player's point as `point@seat` (`next_active_phase@0`).
    pub fn end_durations(&mut self, point: &str) {
        self.end_durations_begun_before(point, None);
    }

    /// `end_durations` for the effects that began before `before` only (FF: "until the end of
    /// the next turn" ends as a turn that began after the effect ends).
    pub fn end_durations_begun_before(&mut self, point: &str, before: Option<Timestamp>) {
        // Compared in place: most turns end no effect and allocate nothing.
        let ends = |d: &Duration, t: Timestamp| matches!(d, Duration::Until(p) if p == point) && before.is_none_or(|b| t < b);
        let ending: smallvec::SmallVec<[EffectId; 4]> = self.effects.iter().filter(|e| ends(&e.duration, e.timestamp)).map(|e| e.id).collect();
        for effect in ending {
            self.apply(crate::kernel::event::Event::EffectEnded { effect });
        }
        let ending: smallvec::SmallVec<[EffectId; 4]> = self.replacements.iter().filter(|r| ends(&r.duration, r.timestamp)).map(|r| r.id).collect();
        for effect in ending {
            self.apply(crate::kernel::event::Event::ReplacementEnded { effect });
        }
    }

    /// Whether a duration still holds: the object stayed, or still has its flag. The common
    /// durations are read in place (this runs for every effect at every refresh of the view).
    #[inline]
    pub fn duration_holds(&self, duration: &Duration) -> bool {
        match duration {
            Duration::WhileIn(object) => self.object(*object).left.is_none(),
            Duration::Forever | Duration::Until(_) => true,
            Duration::WhileFlag(..) | Duration::WhileEffect(_) => self.holds_while(duration),
        }
    }

    /// `duration_holds` for a state the object keeps, or an effect that stays in force.
    fn holds_while(&self, duration: &Duration) -> bool {
        match duration {
            Duration::WhileFlag(object, flag) => self.object(*object).left.is_none() && self.object(*object).flags.contains(flag.as_str()),
            Duration::WhileEffect(id) => self.effects.iter().any(|e| e.id == *id && self.duration_holds(&e.duration)),
            other => self.duration_holds(other),
        }
    }
}
