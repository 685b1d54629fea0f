//! Keeping the view across events that touch single objects: when every effect in force judges
//! each object by that object alone, only the objects an event touched are computed again.
//!
//! The invariant: a patched view equals `compute_view` of the same state. `GameState::audit`
//! checks it after every patch (the self-play tests turn it on).

use std::rc::Rc;

use crate::kernel::cache::Touched;
use crate::kernel::continuous::{Change, ContinuousEffect, Duration, View};
use crate::kernel::event::Event;
use crate::kernel::ids::ObjectId;
use crate::kernel::state::GameState;
use crate::kernel::value::{compare, Amount, Condition, Reads, Selector};
use crate::syntax::ast::CmpOp;

impl GameState {
    /// The objects an event changes, when the view of the others cannot change with it: a card
    /// moved or put into a zone, or one object's states, damage or counters; none for a change
    /// of a player's states, resources or tracked cards, or of the turn and phase (players' states
    /// may be worked out from them), which only effects' conditions and amounts read (selectors
    /// never do); with the objects the effects it anchors can select (`hangs_on`). `None` for events that may change anything (effects ending, attachments,
    /// order in a zone...).
    pub(super) fn touched_objects(&self, event: &Event) -> Option<Touched> {
        // `Some(by_flag)`: the effects it may anchor, those that hang on the objects touched, or
        // (`by_flag`) those lasting while one has a state.
        let (touched, anchoring) = match event {
            Event::EffectBegan { effect } => return self.effect_touches(effect, true),
            // No view reads the order of a zone while the effects are local (`Selector::OnTop`
            // is not), nor the delayed triggers.
            Event::Shuffled { .. } | Event::Reordered { .. } | Event::DelayedCreated { .. } => return Some(Touched::Two([None, None])),
            // An object an effect hangs on (its source, or what its duration watches) changes
            // which effects are in force for every object as it comes or goes.
            Event::Moved { old, new, .. } => ([Some(*old), Some(*new)], Some(false)),
            Event::Created { object, .. } | Event::Removed { object } => ([Some(*object), None], Some(false)),
            // A state of its own: only the effects lasting while it has a state.
            Event::Flag { object, .. } => ([Some(*object), None], Some(true)),
            // What an object remembers is read by abilities as they run, and by views only through its own states.
            Event::Damaged { object, .. } | Event::DamageRemoved { object } | Event::Counter { object, .. } | Event::Remembered { object, .. } => ([Some(*object), None], None),
            Event::PlayerFlag { .. } | Event::Resource { .. } | Event::Tracked { .. } | Event::PhaseBegan { .. } | Event::TurnBegan { .. } | Event::Primary { .. } => return Some(Touched::Two([None, None])),
            _ => return None,
        };
        let anchors = |e: &ContinuousEffect| {
            touched.iter().flatten().any(|&o| match anchoring {
                Some(false) => hangs_on(e, o),
                Some(true) => matches!(e.duration, Duration::WhileFlag(w, _) if w == o),
                None => false,
            })
        };
        if anchoring.is_none() || !self.effects.iter().map(Rc::as_ref).any(anchors) {
            return Some(Touched::Two(touched));
        }
        // The effects it anchors start or stop applying: the objects they can select change too,
        // when those are named (the effects' zones or cards); conditions and amounts are carried
        // (`carried_globals`).
        let mut stale: Vec<ObjectId> = touched.iter().flatten().copied().collect();
        for e in self.effects.iter().filter(|e| anchors(e)) {
            stale.extend(self.candidates(&e.affected, e.source)?);
        }
        let keywords = self.effects.iter().map(Rc::as_ref).filter(|e| anchors(e)).any(changes_keywords);
        (!keywords || !self.keyword_effects_of(&stale)).then_some(Touched::Many(stale, Reads::default()))
    }

    /// Whether an effect of a keyword some of `objects` have is in force: it lapses with the
    /// keyword (`layers::lapsed`), which a patch reads before it computes those objects again.
    fn keyword_effects_of(&self, objects: &[ObjectId]) -> bool {
        self.effects.iter().any(|e| e.keyword.is_some() && e.source.is_some_and(|s| objects.contains(&s)))
    }

    /// The objects an effect that has just begun or is ending (`effect`, among the effects) can
    /// change, when the effects in force are local with it (its condition and amount are read
    /// as `carried_globals` says): the candidates its selector names (its zone, its cards). `None`
    /// when it may change more: its selector names no candidates, or it changes keywords that
    /// decide whether other effects of the cards it selects are in force (`layers::lapsed`). What
    /// it reads is added to what the view's effects read, so that events it reads are not inert.
    /// An effect ending cannot make local effects non-local: only one `begun` is checked for that.
    pub(super) fn effect_touches(&self, effect: &ContinuousEffect, begun: bool) -> Option<Touched> {
        if begun && !self.effects_are_local() {
            return None;
        }
        let stale = self.candidates(&effect.affected, effect.source)?;
        if changes_keywords(effect) && self.keyword_effects_of(&stale) {
            return None;
        }
        let mut reads = Reads::default();
        crate::kernel::cache::effect_reads(effect, &mut reads);
        Some(Touched::Many(stale, reads))
    }

    /// Whether every effect in force judges each object by that object alone, and no effect's
    /// condition or counted amount can read differently from one layer to the next: then an
    /// object's characteristics are its printed ones plus the effects that select it, in order,
    /// with the conditions and amounts of the effects as `global_values` records them.
    pub(super) fn effects_are_local(&self) -> bool {
        if self.config.latch_modifications {
            return false;
        }
        let active: Vec<&ContinuousEffect> = self.effects.iter().map(Rc::as_ref).filter(|e| self.effect_active(e)).collect();
        let each_local = active.iter().all(|e| local_selector(&e.affected) && !matches!(e.change, Change::AddValuesOf { .. } | Change::Copy { .. } | Change::StripAbilities | Change::Join { .. } | Change::IgnoreEarlier));
        each_local && !self.any_dependency_possible(&active)
    }

    /// Whether each effect in force with a condition or a counted amount applies, and with what
    /// amount, in `view`.
    pub(super) fn global_values(&self, view: &View) -> Vec<GlobalValue> {
        self.global_values_since(view, &[], &[])
    }

    fn global_value(&self, view: &View, e: &ContinuousEffect) -> GlobalValue {
        self.global_value_since(view, e, None, &[], self.pretending())
    }

    /// `global_value`; with `recorded`, its value before the objects `stale` changed: of the
    /// objects its count counted then, only those are read again.
    fn global_value_since(&self, view: &View, e: &ContinuousEffect, recorded: Option<&GlobalValue>, stale: &[ObjectId], pretending: bool) -> GlobalValue {
        // An amount of so much for each object judged alone ("+1000 power for each Backup you control") is counted as
        // the condition's count below.
        let per_match = per_match(e).filter(|(_, s)| !pretending && judged_alone(s));
        let (amount, amount_counted) = match per_match {
            Some((each, selector)) => {
                let counted = self.counted_since(view, selector, e.source, recorded.and_then(|g| g.amount_counted.as_ref()), stale);
                (Some(each * counted.len() as i64), Some(counted))
            }
            None => (self.amount_of(view, e), None),
        };
        let count = count_condition(e);
        // Whether its count judges objects alone, worked out once for the effect (it does not change).
        let alone = recorded.map_or_else(|| count.is_some_and(|(s, ..)| judged_alone(s)), |g| g.alone);
        let Some((selector, op, value)) = count.filter(|_| alone && !pretending) else {
            return GlobalValue { effect: e.id, holds: e.condition.as_ref().is_none_or(|c| self.holds(view, c, e.source)), amount, alone, counted: None, amount_counted };
        };
        let counted = self.counted_since(view, selector, e.source, recorded.and_then(|g| g.counted.as_ref()), stale);
        GlobalValue { effect: e.id, holds: compare(counted.len() as i64, op, value), amount, alone, counted: Some(counted), amount_counted }
    }

    /// The objects `selector` (judging each object alone) matches now: with the list `before` it matched, only the
    /// objects `stale` that changed since are judged again.
    fn counted_since(&self, view: &View, selector: &Selector, source: Option<ObjectId>, before: Option<&Rc<Vec<ObjectId>>>, stale: &[ObjectId]) -> Rc<Vec<ObjectId>> {
        let Some(before) = before else { return Rc::new(self.matching(view, selector, source)) };
        let now: smallvec::SmallVec<[ObjectId; 4]> = stale.iter().copied().filter(|&o| self.listed(o) && self.selects(view, selector, o, source)).collect();
        // Most changes touch none of the objects counted: the list stands, shared.
        if now.is_empty() && !before.iter().any(|o| stale.contains(o)) {
            before.clone()
        } else {
            Rc::new(before.iter().copied().filter(|o| !stale.contains(o)).chain(now).collect())
        }
    }

    /// Trails 1329.1: whether pretended cards are counted too, by effects rather than objects
    /// (then no count is read from the objects that changed alone).
    fn pretending(&self) -> bool {
        self.effects.iter().any(|p| matches!(p.change, Change::Pretend { .. }))
    }

    /// Whether `object` is live and listed in its zone (not last known information).
    fn listed(&self, object: ObjectId) -> bool {
        // Every change of zone lists the new object and marks the old one left (`Event::Moved`, `Event::Removed`).
        let live = self.objects[object.index()].left.is_none();
        if self.audit {
            assert_eq!(live, self.zone(self.object(object).zone).objects.contains(&object), "{} is live but not listed in its zone, or listed but left", self.name_of(object));
        }
        live
    }

    /// `global_values` after the objects `stale` changed, from `recorded` (the values before):
    /// a count of objects judged alone reads only the changed objects again.
    fn global_values_since(&self, view: &View, recorded: &[GlobalValue], stale: &[ObjectId]) -> Vec<GlobalValue> {
        let pretending = self.pretending();
        self.effects
            .iter()
            .filter(|e| is_global(e) && self.effect_active(e))
            .map(|e| self.global_value_since(view, e, recorded.iter().find(|g| g.effect == e.id), stale, pretending))
            .collect()
    }

    /// The effects' conditions and amounts read again after the objects `stale` changed: `Ok` when
    /// they read as `recorded` (the view stands), `Err` with what they read now when they changed.
    pub(super) fn reread_globals(&self, view: &View, recorded: &[GlobalValue], stale: &[ObjectId]) -> Result<Vec<GlobalValue>, Vec<GlobalValue>> {
        let now = self.global_values_since(view, recorded, stale);
        let same = now.len() == recorded.len() && now.iter().zip(recorded).all(|(x, y)| x.effect == y.effect && x.reads_as(y));
        if same { Ok(now) } else { Err(now) }
    }

    /// The view brought up to date after the objects `stale` changed (none: only what the effects'
    /// conditions and amounts read changed), assuming they read as `globals`. When they read
    /// otherwise after it, the objects that the effects whose condition or amount changed can
    /// select are computed again with what they read now, once. `None` when that does not settle
    /// them (or such an effect names no candidates, or changes keywords): the view is then
    /// computed from scratch.
    pub(super) fn patched(&self, view: &mut Rc<View>, stale: &[ObjectId], globals: &[GlobalValue]) -> Option<Vec<GlobalValue>> {
        let first = if stale.is_empty() { self.reread_globals(view, globals, &[]) } else { self.patch_view(self.writable(view), stale, globals) };
        let read = match first {
            Ok(now) => return Some(now),
            Err(read) => read,
        };
        let mut again = stale.to_vec();
        for g in read.iter().filter(|g| !globals.iter().any(|before| before.effect == g.effect && before.reads_as(g))) {
            let e = self.effects.iter().find(|e| e.id == g.effect)?;
            if changes_keywords(e) {
                return None;
            }
            again.extend(self.candidates(&e.affected, e.source)?);
        }
        again.sort_unstable();
        again.dedup();
        self.patch_view(self.writable(view), &again, &read).ok()
    }

    /// The view to patch in place; a reader still holding it makes the patch copy it (`view_copies`).
    fn writable<'v>(&self, view: &'v mut Rc<View>) -> &'v mut View {
        if Rc::strong_count(view) > 1 {
            self.cache.view_copies.set(self.cache.view_copies.get() + 1);
        }
        Rc::make_mut(view)
    }

    /// `global_values` as the view was computed or patched with them (`recorded`), for the
    /// effects in force now: an effect that began since is read in `view` (the view before the
    /// patch; `patch_view` then checks the patched view reads the same).
    pub(super) fn carried_globals(&self, view: &View, recorded: &[GlobalValue]) -> Vec<GlobalValue> {
        self.effects
            .iter()
            .filter(|e| is_global(e) && self.effect_active(e))
            .map(|e| recorded.iter().find(|g| g.effect == e.id).cloned().unwrap_or_else(|| self.global_value(view, e)))
            .collect()
    }

    /// The view with the characteristics of `stale` objects computed again, assuming the effects'
    /// conditions and amounts as `globals` recorded them, with those read now (`reread_globals`).
    fn patch_view(&self, view: &mut View, stale: &[ObjectId], globals: &[GlobalValue]) -> Result<Vec<GlobalValue>, Vec<GlobalValue>> {
        view.resize(self.objects.len(), None);
        let live: smallvec::SmallVec<[ObjectId; 4]> = stale.iter().copied().filter(|o| self.listed(*o)).collect();
        let recorded = |e: &ContinuousEffect| globals.iter().find(|g| g.effect == e.id);
        // Whether an effect whose duration holds is in force: not lapsed with its keyword, its condition as recorded.
        let holding = |e: &ContinuousEffect| !super::layers::lapsed(view, e) && recorded(e).is_none_or(|g| g.holds);
        // Only the effects that may select one of the objects by where it is or which it is (`may_select`).
        let mut active: Vec<(&ContinuousEffect, Option<i64>)> = self
            .effects
            .iter()
            .map(Rc::as_ref)
            .filter(|e| self.effect_active(e) && live.iter().any(|o| self.may_select(&e.affected, *o, e.source)) && holding(e))
            .map(|e| (e, recorded(e).map_or_else(|| self.amount_of(view, e), |g| g.amount)))
            .collect();
        // The order `compute_view` applies them in, with no dependencies to reorder them.
        active.sort_by_cached_key(|(e, _)| (self.layer_of(&e.change), !self.sets_base(e), e.timestamp, e.id));
        let ungaining = self.effects.iter().any(|e| super::layers::forbids_gaining(&e.change) && self.effect_active(e) && holding(e));
        for &object in stale {
            let listed = live.contains(&object);
            view[object.index()] = listed.then(|| self.printed(object));
            if !listed {
                continue;
            }
            for (e, amount) in &active {
                if self.selects(view, &e.affected, object, e.source)
                    && let Some(c) = view[object.index()].as_mut().map(Rc::make_mut)
                {
                    super::layers::apply_change(c, &e.change, amount.unwrap_or(0), e.id);
                }
            }
            if ungaining {
                self.ungain(object, &mut view[object.index()]);
            }
        }
        self.reread_globals(view, globals, stale)
    }

    /// Whether `selector` may select `object` at all, judged by what no effect changes: the zone it
    /// is in and which object it is (as `selects` judges those parts); `false`: it cannot, whatever
    /// its characteristics.
    pub(super) fn may_select(&self, selector: &Selector, object: ObjectId, source: Option<ObjectId>) -> bool {
        match selector {
            Selector::InZone(zone) => self.zone(self.object(object).zone).name == *zone,
            Selector::Source => source == Some(object),
            Selector::Objects(list) => list.contains(&object),
            Selector::AsItWas(it) => *it == object,
            Selector::And(parts) => parts.iter().all(|p| self.may_select(p, object, source)),
            _ => true,
        }
    }
}

/// The effect's condition when it counts objects (and its amount is fixed); when each is judged by
/// itself alone (`judged_alone`), only the objects that changed can change the count.
fn count_condition(e: &ContinuousEffect) -> Option<(&Selector, CmpOp, i64)> {
    let Some(Condition::Count { selector, op, value }) = &e.condition else { return None };
    let fixed = !matches!(&e.change, Change::Property { amount, .. } | Change::Adjust { amount, .. } if !matches!(amount, Amount::Fixed(_)));
    fixed.then_some((selector, *op, *value))
}

/// An effect's condition and amount as they read in one view.
#[derive(Debug, Clone)]
pub(crate) struct GlobalValue {
    effect: crate::kernel::ids::EffectId,
    holds: bool,
    amount: Option<i64>,
    /// Whether its condition counts objects each judged alone (`count_condition`, `judged_alone`).
    alone: bool,
    /// The objects such a condition counted (none while cards are pretended, Trails 1329.1).
    counted: Option<Rc<Vec<ObjectId>>>,
    /// The objects its amount counted, when it is so much for each object judged alone (`per_match`).
    amount_counted: Option<Rc<Vec<ObjectId>>>,
}

impl GlobalValue {
    /// Whether the effect applies, and with the amount, as it did in `other`.
    fn reads_as(&self, other: &GlobalValue) -> bool {
        self.holds == other.holds && self.amount == other.amount
    }

    /// Leaves out of what it counted the objects from `len` on (made by an action that was rewound).
    pub(crate) fn forget_objects_from(&mut self, len: usize) {
        for counted in [&mut self.counted, &mut self.amount_counted].into_iter().flatten() {
            if counted.iter().any(|o| o.index() >= len) {
                Rc::make_mut(counted).retain(|o| o.index() < len);
            }
        }
    }
}

/// An effect's amount when it is so much for each object a selector matches: (so much, the selector).
fn per_match(e: &ContinuousEffect) -> Option<(i64, &Selector)> {
    match &e.change {
        Change::Property { amount: Amount::PerMatch { each, selector }, .. } | Change::Adjust { amount: Amount::PerMatch { each, selector }, .. } => Some((*each, selector)),
        _ => None,
    }
}

/// Whether an effect's condition or amount reads the board beyond the object it judges.
fn is_global(e: &ContinuousEffect) -> bool {
    e.condition.is_some() || matches!(&e.change, Change::Property { amount, .. } | Change::Adjust { amount, .. } if !matches!(amount, Amount::Fixed(_)))
}

/// Whether an effect gives or takes keywords.
fn changes_keywords(e: &ContinuousEffect) -> bool {
    matches!(e.change, Change::GrantKeyword(_) | Change::RemoveKeyword(_))
}

/// Whether the effect hangs on the object: its source, or what its duration watches.
fn hangs_on(e: &ContinuousEffect, o: ObjectId) -> bool {
    e.source == Some(o) || duration_object(&e.duration) == Some(o)
}

fn duration_object(duration: &Duration) -> Option<ObjectId> {
    match duration {
        Duration::WhileIn(o) | Duration::WhileFlag(o, _) => Some(*o),
        Duration::Forever | Duration::Until(_) | Duration::WhileEffect(_) => None,
    }
}

/// Whether a selector judges each object by what it is alone, so that only an event touching the
/// object changes whether it matches: a local selector, without states a game may answer from
/// elsewhere (`GameHooks::answers`) or last known information.
fn judged_alone(selector: &Selector) -> bool {
    match selector {
        Selector::Flag(_) | Selector::Related { .. } | Selector::AsItWas(_) => false,
        Selector::Not(s) => judged_alone(s),
        Selector::And(all) | Selector::Or(all) => all.iter().all(judged_alone),
        s => local_selector(s),
    }
}

/// Whether a selector reads only the object it judges (and fixed data).
fn local_selector(selector: &Selector) -> bool {
    match selector {
        Selector::MovedBy(_) | Selector::OnTop | Selector::Shares { .. } | Selector::SharesKind(_) | Selector::HostOfSource | Selector::Extreme { .. } => false,
        Selector::Not(s) => local_selector(s),
        Selector::And(all) | Selector::Or(all) => all.iter().all(local_selector),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewound_actions_objects_are_left_out_of_what_a_condition_counted() {
        let mut g = GlobalValue { effect: crate::kernel::ids::EffectId(0), holds: true, amount: None, alone: true, counted: Some(Rc::new(vec![ObjectId(3), ObjectId(40), ObjectId(7)])), amount_counted: None };
        g.forget_objects_from(10);
        assert_eq!(g.counted.as_deref(), Some(&vec![ObjectId(3), ObjectId(7)]));
    }
}
