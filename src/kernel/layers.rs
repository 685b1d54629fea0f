//! Computing the view: printed characteristics, then each layer's effects in timestamp order
//! with dependencies found by trying effects out (FF 11.12.4.6-13, Trails 1215.3a, UFS C.3.3).

use std::rc::Rc;

use smallvec::SmallVec;

use crate::kernel::continuous::{Change, Characteristics, ContinuousEffect, Duration, Layer, Op, View, GAIN_ABILITY};
use crate::kernel::ids::*;
use crate::kernel::state::GameState;
use crate::kernel::value::{Amount, Condition, Selector, Value};
use crate::vocab::{KeywordId, PropId};

/// The objects that ignore earlier effects, with the order (timestamp, ID) of the effect that
/// makes them (Trails 1325.1).
type Ignoring = Vec<(ObjectId, (Timestamp, EffectId))>;

impl GameState {
    pub(super) fn compute_view(&self) -> View {
        let mut view: View = vec![None; self.objects.len()];
        for id in self.live_objects() {
            view[id.index()] = Some(self.printed(id));
        }
        let active: Vec<&ContinuousEffect> = self.effects.iter().map(Rc::as_ref).filter(|e| self.effect_active(e)).collect();
        // Copying comes before every layer: the copy's printed values are its base.
        for e in active.iter().filter(|e| matches!(e.change, Change::Copy { .. })) {
            let Change::Copy { card, blank_text } = e.change else { continue };
            for object in self.affected(&view, e) {
                let card_ir = self.library.card(card);
                if let Some(c) = view[object.index()].as_mut().map(Rc::make_mut) {
                    c.kinds = crate::vocab::kinds::Kinds::new(card_ir.kinds.clone());
                    c.properties = card_ir.properties.iter().filter_map(|(p, v)| Some((*p, Value::from_printed(v)?))).collect();
                    c.keywords = card_ir.keywords.iter().map(|k| k.keyword).collect();
                    c.stripped = blank_text;
                }
            }
        }
        // Trails 1325.1a: what each object ignores (the effects applied to it before an "ignore all
        // effects currently applied" effect on it, 1215.3 order), judged with the layers: first on
        // the printed view, then again on the view computed, until the judgement holds (an ignoring
        // effect whose affected cards or condition read a value an effect changes). Bounded: a
        // judgement that keeps changing (ignoring what made it ignore) stays with the last one.
        if !active.iter().any(|e| matches!(e.change, Change::IgnoreEarlier)) {
            return self.apply_layers(view, &active, &Ignoring::new());
        }
        let base = view;
        let mut ignoring = self.ignoring(&base, &active);
        let mut view = self.apply_layers(base.clone(), &active, &ignoring);
        for _ in 0..2 {
            let again = self.ignoring(&view, &active);
            if again == ignoring {
                break;
            }
            ignoring = again;
            view = self.apply_layers(base.clone(), &active, &ignoring);
        }
        view
    }

    /// Trails 1325.1: the objects the "ignore" effects in force affect in `view`, with the order of
    /// the effect each ignores from.
    fn ignoring(&self, view: &View, active: &[&ContinuousEffect]) -> Ignoring {
        active
            .iter()
            .filter(|e| matches!(e.change, Change::IgnoreEarlier))
            .filter(|e| e.condition.as_ref().is_none_or(|c| self.holds(view, c, e.source)))
            .flat_map(|e| self.affected(view, e).into_iter().map(move |o| (o, (e.timestamp, e.id))))
            .collect()
    }

    /// The layers of the game's plan applied in order to `view` (after copying).
    fn apply_layers(&self, mut view: View, active: &[&ContinuousEffect], ignoring: &Ignoring) -> View {
        for layer in 0..self.config.layers.layers.len() {
            // Conditions are read from the characteristics as they stand when the layer begins.
            let mut remaining: Vec<&ContinuousEffect> = active
                .iter()
                .copied()
                .filter(|e| self.layer_of(&e.change) == layer)
                .filter(|e| e.condition.as_ref().is_none_or(|c| self.holds(&view, c, e.source)))
                .filter(|e| !lapsed(&view, e))
                .collect();
            // Setting a base value comes before every other change (FF 11.5.7); then timestamps.
            remaining.sort_by_key(|e| (!self.sets_base(e), e.timestamp, e.id));
            if self.config.latch_modifications {
                // UFS C.3.3.4: only what has latched applies, with the amount it latched with.
                let mut latches: Vec<&crate::kernel::state::Latch> = self.latches.iter().filter(|l| self.layer_of(&l.change) == layer).collect();
                latches.sort_by_key(|l| l.timestamp);
                for l in latches {
                    if let Some(c) = view.get_mut(l.object.index()).and_then(Option::as_mut).map(Rc::make_mut) {
                        apply_change(c, &l.change, l.amount, l.effect);
                    }
                }
                continue;
            }
            for effect in self.dependency_order(&view, &remaining, ignoring) {
                self.apply_effect(&mut view, effect, ignoring);
            }
        }
        if active.iter().any(|e| forbids_gaining(&e.change)) {
            for (index, slot) in view.iter_mut().enumerate() {
                self.ungain(ObjectId(index as u32), slot);
            }
        }
        view
    }

    /// A keyword an effect gave an object that a rule of it forbids it to gain ("Forwards cannot gain Haste", 2-031C
    /// Edward: the prohibition `GAIN_ABILITY` naming the keyword) is taken away again, unless the card has it printed:
    /// whatever the timestamps, the prohibition wins (FF 2.2).
    pub(super) fn ungain(&self, object: ObjectId, slot: &mut Option<Rc<Characteristics>>) {
        let Some(c) = slot.as_ref() else { return };
        let forbidden = |k: &KeywordId| c.forbidden.iter().any(|h| h.action == GAIN_ABILITY && h.ability == Some(*k));
        if !c.keywords.iter().any(forbidden) {
            return;
        }
        let printed = self.printed(object);
        let barred = |k: &KeywordId| !printed.keywords.contains(k) && forbidden(k);
        if c.keywords.iter().any(barred) {
            let kept: Vec<KeywordId> = c.keywords.iter().copied().filter(|k| !barred(k)).collect();
            if let Some(c) = slot.as_mut() {
                Rc::make_mut(c).keywords = kept;
            }
        }
    }

    /// FF 11.12.4.13, Trails 1215.3a: effects in timestamp order, except that an effect applies
    /// after the effects it depends on (unless they depend on each other). Dependencies are found
    /// by trying effects out, but only between pairs where one writes what the other reads, so a
    /// layer of independent effects costs no trials at all.
    fn dependency_order<'e>(&self, view: &View, sorted: &[&'e ContinuousEffect], ignoring: &Ignoring) -> Vec<&'e ContinuousEffect> {
        let reads: Vec<Aspects> = sorted.iter().map(|e| effect_reads(e)).collect();
        let writes: Vec<Aspects> = sorted.iter().map(|e| change_writes(&e.change)).collect();
        let n = sorted.len();
        let mut depends: Vec<Vec<usize>> = vec![vec![]; n];
        for a in 0..n {
            for b in 0..n {
                if a != b && overlap(&writes[b], &reads[a]) && self.depends_on(view, sorted[a], sorted[b], ignoring) {
                    depends[a].push(b);
                }
            }
        }
        // Mutual dependencies cancel out: those effects go by timestamp.
        let blocking: Vec<Vec<usize>> = (0..n).map(|a| depends[a].iter().copied().filter(|&b| !depends[b].contains(&a)).collect()).collect();
        let mut applied = vec![false; n];
        let mut order = Vec::with_capacity(n);
        while order.len() < n {
            let ready = (0..n).find(|&a| !applied[a] && blocking[a].iter().all(|&b| applied[b]));
            // A longer cycle: fall back to the earliest timestamp.
            let next = ready.unwrap_or_else(|| (0..n).find(|&a| !applied[a]).expect("an effect is left"));
            applied[next] = true;
            order.push(sorted[next]);
        }
        order
    }

    /// Whether some effect of `active` reads what another of its layer writes, so that their
    /// order might have to change (`dependency_order`), or its condition or amount reads what any
    /// of them writes, so that it might read differently as the layers go.
    pub(super) fn any_dependency_possible(&self, active: &[&ContinuousEffect]) -> bool {
        // Only the effects that write characteristics can be depended on: most grant or forbid, and write none.
        let writers: SmallVec<[(usize, Aspects, usize); 8]> = active
            .iter()
            .enumerate()
            .filter_map(|(j, e)| {
                let writes = change_writes(&e.change);
                (!writes.is_empty()).then(|| (j, writes, self.layer_of(&e.change)))
            })
            .collect();
        !writers.is_empty()
            && active.iter().enumerate().any(|(i, a)| {
                let global = global_reads(a);
                writers.iter().any(|(_, writes, _)| overlap(writes, &global)) || {
                    let reads = effect_reads(a);
                    !reads.is_empty() && {
                        let layer = self.layer_of(&a.change);
                        writers.iter().any(|(j, writes, l)| *j != i && *l == layer && overlap(writes, &reads))
                    }
                }
            })
    }

    pub(super) fn sets_base(&self, e: &ContinuousEffect) -> bool {
        matches!(e.change, Change::Property { op: Op::SetBase, .. })
    }

    /// Whether applying `b` first changes which objects `a` affects or what it does (FF 11.12.4.12).
    fn depends_on(&self, view: &View, a: &ContinuousEffect, b: &ContinuousEffect, ignoring: &Ignoring) -> bool {
        let before = (self.affected(view, a), self.amount_of(view, a));
        let mut trial = view.clone();
        self.apply_effect(&mut trial, b, ignoring);
        before != (self.affected(&trial, a), self.amount_of(&trial, a))
    }

    pub(super) fn amount_of(&self, view: &View, e: &ContinuousEffect) -> Option<i64> {
        match &e.change {
            Change::Property { amount, .. } | Change::Adjust { amount, .. } => Some(self.amount(view, amount, e.source)),
            _ => None,
        }
    }

    fn apply_effect(&self, view: &mut View, e: &ContinuousEffect, ignoring: &Ignoring) {
        let amount = self.amount_of(view, e);
        let mut targets = self.affected(view, e);
        // Trails 1325.1: an object ignores the effects applied to it before its "ignore" effect.
        targets.retain(|o| !ignoring.iter().any(|(ignorer, at)| ignorer == o && (e.timestamp, e.id) < *at));
        if self.config.layers.self_first {
            // FF 11.12.4.7 is about order within the layer; per object, the source's own effects come first.
            targets.sort_by_key(|o| Some(*o) != e.source);
        }
        // Values read from other objects as they stand now, then added like `AddValue`s.
        let changes = match &e.change {
            Change::AddValuesOf { property, of, except } => {
                let mut values: Vec<Value> = vec![];
                for o in self.matching(view, of, e.source) {
                    match view[o.index()].as_ref().and_then(|c| c.get(*property)) {
                        Some(Value::List(items)) => values.extend(items.iter().cloned()),
                        Some(v) => values.push(v.clone()),
                        None => {}
                    }
                }
                values.retain(|v| !except.contains(v));
                let mut changes: Vec<Change> = values.into_iter().map(|value| Change::AddValue { property: *property, value }).collect();
                // Gaining the values of a card that has every value gains every value too (Trails 1333.1 example 2).
                if except.is_empty() && self.live_objects().any(|o| self.selects(view, of, o, e.source) && view[o.index()].as_ref().is_some_and(|c| c.every.contains(property))) {
                    changes.push(Change::HasEvery(*property));
                }
                changes
            }
            // The objects with one of the joined values (`affected`) get them all.
            Change::Join { property, values } => self.joined_values(e, *property, values).into_iter().map(|value| Change::AddValue { property: *property, value }).collect(),
            other => vec![other.clone()],
        };
        for object in targets {
            let Some(c) = view[object.index()].as_mut().map(Rc::make_mut) else { continue };
            for change in &changes {
                apply_change(c, change, amount.unwrap_or(0), e.id);
            }
        }
    }

    /// Trails 1310 (example 2): the values of a join merged with the same controller's other
    /// joins of the property in force that share a value with them, transitively.
    pub(super) fn joined_values(&self, e: &ContinuousEffect, property: PropId, values: &[Value]) -> Vec<Value> {
        let groups: Vec<&Vec<Value>> = self
            .effects
            .iter()
            .filter(|other| other.controller == e.controller && self.effect_active(other))
            .filter_map(|other| match &other.change {
                Change::Join { property: p, values } if *p == property => Some(values),
                _ => None,
            })
            .collect();
        let mut joined = values.to_vec();
        let mut grown = true;
        while grown {
            grown = false;
            for group in &groups {
                if !group.iter().any(|v| joined.contains(v)) {
                    continue;
                }
                for value in group.iter() {
                    if !joined.contains(value) {
                        joined.push(value.clone());
                        grown = true;
                    }
                }
            }
        }
        joined
    }

    pub(super) fn layer_of(&self, change: &Change) -> usize {
        let plan = &self.config.layers.layers;
        let find = |want: &dyn Fn(&Layer) -> bool| plan.iter().position(want);
        let named = |p: &PropId| find(&|l| matches!(l, Layer::Properties(ps) if ps.contains(p)));
        let layer = match change {
            Change::Controller(_) => find(&|l| *l == Layer::Controller),
            Change::GrantKeyword(_) | Change::RemoveKeyword(_) | Change::StripAbilities | Change::GrantAbilities(_) => {
                find(&|l| *l == Layer::Abilities)
            }
            // Applied before the layers (compute_view); never in one.
            Change::Copy { .. } | Change::IgnoreEarlier => Some(usize::MAX),
            Change::AddKind(_) => find(&|l| *l == Layer::Kinds),
            Change::HasEvery(property)
            | Change::Property { property, .. }
            | Change::AddValue { property, .. }
            | Change::AddValuesOf { property, .. }
            | Change::RemoveValue { property, .. }
            | Change::SetValue { property, .. }
            | Change::Join { property, .. } => named(property).or_else(|| find(&|l| *l == Layer::OtherProperties)),
            Change::Forbid(_) | Change::Allow(_) | Change::Adjust { .. } | Change::PlayerRule { .. } | Change::GiveFlag(_) | Change::Pretend { .. } => {
                find(&|l| *l == Layer::Rules)
            }
        };
        layer.unwrap_or(plan.len().saturating_sub(1))
    }
}

/// Whether the change forbids gaining a keyword (`GameState::ungain`).
pub(super) fn forbids_gaining(change: &Change) -> bool {
    matches!(change, Change::Forbid(h) if h.action == GAIN_ABILITY)
}

/// What a continuous effect can read or write among the characteristics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aspect {
    Controller,
    Kinds,
    Keywords,
    Property(PropId),
}

/// The aspects an effect reads or writes: a few, kept without allocating.
type Aspects = SmallVec<[Aspect; 4]>;

/// Whether one effect writes an aspect the other reads.
fn overlap(writes: &Aspects, reads: &Aspects) -> bool {
    writes.iter().any(|w| reads.contains(w))
}

fn selector_reads(s: &Selector, out: &mut Aspects) {
    match s {
        Selector::Kind(_) => out.push(Aspect::Kinds),
        Selector::ControlledBy(_) => out.push(Aspect::Controller),
        Selector::Compare { property, .. } | Selector::Has { property, .. } | Selector::Several(property) => out.push(Aspect::Property(*property)),
        Selector::Not(inner) => selector_reads(inner, out),
        Selector::Extreme { property, among, .. } => {
            out.push(Aspect::Property(*property));
            selector_reads(among, out);
        }
        Selector::And(all) | Selector::Or(all) => all.iter().for_each(|s| selector_reads(s, out)),
        _ => {}
    }
}

fn effect_reads(e: &ContinuousEffect) -> Aspects {
    let mut out = Aspects::new();
    selector_reads(&e.affected, &mut out);
    fn counted(a: &Amount, out: &mut Aspects) {
        match a {
            Amount::PerMatch { selector, .. } | Amount::Property { selector, .. } => selector_reads(selector, out),
            Amount::Arith { left, right, .. } => [left, right].into_iter().for_each(|a| counted(a, out)),
            _ => {}
        }
    }
    if let Change::Property { amount, .. } | Change::Adjust { amount, .. } = &e.change {
        counted(amount, &mut out);
    }
    if let Change::Join { property, .. } = &e.change {
        out.push(Aspect::Property(*property));
    }
    if let Change::AddValuesOf { property, of, .. } = &e.change {
        selector_reads(of, &mut out);
        out.push(Aspect::Property(*property));
    }
    out
}

/// What an effect's condition and counted amount read of objects' characteristics.
fn global_reads(e: &ContinuousEffect) -> Aspects {
    fn condition(c: &Condition, out: &mut Aspects) {
        match c {
            Condition::Count { selector, .. } => selector_reads(selector, out),
            Condition::Compare { left, right, .. } => [left, right].into_iter().for_each(|a| amount(a, out)),
            Condition::Tracked { property, .. } => out.extend(property.map(Aspect::Property)),
            Condition::PlayerFlag { .. } => {}
            Condition::Not(inner) => condition(inner, out),
            Condition::All(all) | Condition::Any(all) => all.iter().for_each(|c| condition(c, out)),
        }
    }
    fn amount(a: &Amount, out: &mut Aspects) {
        match a {
            Amount::PerMatch { selector, .. } | Amount::Counters { selector, .. } => selector_reads(selector, out),
            Amount::Property { property, selector } | Amount::Distinct { property, selector } => {
                selector_reads(selector, out);
                out.push(Aspect::Property(*property));
            }
            Amount::Arith { left, right, .. } => {
                amount(left, out);
                amount(right, out);
            }
            Amount::Fixed(_) | Amount::Resource { .. } | Amount::Tracked { .. } | Amount::InZone { .. } => {}
        }
    }
    let mut out = Aspects::new();
    if let Some(c) = &e.condition {
        condition(c, &mut out);
    }
    if let Change::Property { amount: a, .. } | Change::Adjust { amount: a, .. } = &e.change {
        amount(a, &mut out);
    }
    out
}

fn change_writes(change: &Change) -> Aspects {
    match change {
        Change::Controller(_) => smallvec::smallvec![Aspect::Controller],
        Change::Property { .. } | Change::AddValue { .. } | Change::AddValuesOf { .. } | Change::RemoveValue { .. } | Change::SetValue { .. } | Change::Join { .. } => {
            change.property().map(Aspect::Property).into_iter().collect()
        }
        Change::HasEvery(p) => smallvec::smallvec![Aspect::Property(*p)],
        Change::AddKind(_) => smallvec::smallvec![Aspect::Kinds],
        Change::GrantKeyword(_) | Change::RemoveKeyword(_) | Change::StripAbilities | Change::GrantAbilities(_) => smallvec::smallvec![Aspect::Keywords],
        Change::Copy { .. } => smallvec::smallvec![Aspect::Kinds, Aspect::Keywords],
        Change::IgnoreEarlier => smallvec::smallvec![],
        Change::Forbid(_) | Change::Allow(_) | Change::Adjust { .. } | Change::PlayerRule { .. } | Change::GiveFlag(_) | Change::Pretend { .. } => smallvec::smallvec![],
    }
}

pub(super) fn apply_change(c: &mut Characteristics, change: &Change, amount: i64, effect: EffectId) {
    match change {
        Change::Controller(p) => c.controller = *p,
        Change::Property { property, op, .. } => {
            let current = c.number(*property);
            let new = match op {
                Op::Add => current + amount,
                Op::AddAtLeast(floor) => (current + amount).max(*floor),
                Op::Sub => current - amount,
                Op::Set | Op::SetBase => amount,
                Op::Double => current * 2,
            };
            c.set(*property, Value::Number(new));
        }
        Change::AddValue { property, value } => {
            let mut items = match c.get(*property) {
                Some(Value::List(items)) => items.clone(),
                Some(other) => vec![other.clone()],
                None => vec![],
            };
            if !items.contains(value) {
                items.push(value.clone());
            }
            c.set(*property, Value::List(items));
        }
        Change::AddValuesOf { .. } | Change::Join { .. } => {}
        Change::RemoveValue { property, value } => {
            if let Some(Value::List(items)) = c.get(*property) {
                let kept = items.iter().filter(|v| *v != value).cloned().collect();
                c.set(*property, Value::List(kept));
            }
        }
        Change::HasEvery(p) => {
            c.every.insert(*p);
        }
        Change::AddKind(k) => c.kinds.add(*k),
        Change::GrantKeyword(k) => {
            if !c.keywords.contains(k) {
                c.keywords.push(*k);
            }
        }
        Change::RemoveKeyword(k) => c.keywords.retain(|have| have != k),
        Change::StripAbilities => {
            c.stripped = true;
            c.keywords.clear();
            c.granted.clear();
        }
        Change::GrantAbilities(list) => c.granted.push((effect, list.clone())),
        Change::Copy { .. } | Change::IgnoreEarlier => {}
        Change::GiveFlag(f) => {
            c.flags.insert(f.clone());
        }
        Change::Forbid(a) => {
            c.forbidden.insert(a.clone());
        }
        Change::Allow(a) => {
            c.allowed.insert(a.clone());
        }
        Change::Adjust { name, .. } => *c.adjustments.entry(name.clone()).or_insert(0) += amount,
        // A player's rule affects no card's characteristics: `GameState::player_rules` reads it.
        Change::PlayerRule { .. } | Change::Pretend { .. } => {}
        Change::SetValue { property, value } => c.set(*property, value.clone()),
    }
}

/// Whether an always-on ability's effect no longer applies because its source lost the ability
/// (read in the view as the effect's layer begins): a card that lost its abilities (FF
/// 11.12.4.6), or the keyword whose ability began it (Trails 804.11a-3: a UNIT that loses Overkill).
pub(super) fn lapsed(view: &View, e: &ContinuousEffect) -> bool {
    let Some(source) = e.source.and_then(|s| view.get(s.index())).and_then(Option::as_ref) else { return false };
    let stripped = source.stripped && matches!(e.duration, Duration::WhileIn(o) if Some(o) == e.source);
    stripped || e.keyword.is_some_and(|k| !source.keywords.contains(&k))
}
