//! Running a phrase through its primitive: one-shot actions as events (through replacement
//! effects), delayed effects as delayed triggers; rules are in `rule.rs`.

use std::sync::Arc;

use crate::ir::{Call, Effect, Operand, TriggerIr};
use crate::kernel::replacement::Replaced;
use crate::kernel::trigger::DelayedTrigger;
use crate::kernel::{Binding, Change, ContinuousEffect, Event, Illegal, ObjectId, Position, Selector};
use crate::vocab::primitive::Primitive;
use crate::vocab::{BoundArg, TemplateKind};

use super::Ctx;

impl Ctx<'_> {
    /// Runs one phrase statement.
    pub(super) fn perform(&mut self, call: &Call, for_each: Option<&Operand>, duration: Option<&Call>, binding: Option<&str>) -> Result<(), Illegal> {
        let kind = self.state.library.vocab.templates[call.template.index()].kind;
        let times = match for_each {
            Some(set) => self.count(set)?,
            None => 1,
        };
        match kind {
            TemplateKind::Rule => self.rule(call, times, duration),
            _ => {
                let before = self.state.log.len();
                let mut produced = vec![];
                self.game_value = None;
                for _ in 0..times {
                    produced.extend(self.action(call)?);
                }
                if let Some(name) = binding {
                    // The cards the action produced, or the value the game gave ("name a job as j").
                    let bound = match self.game_value.take() {
                        // Cards the game turned over or found ("reveal the top 5 cards of your deck as revealed").
                        Some(crate::kernel::Value::Cards(cards)) if produced.is_empty() => match *cards {
                            crate::kernel::Selector::Objects(list) => Binding::Objects(list),
                            other => Binding::Value(crate::kernel::Value::Cards(Box::new(other))),
                        },
                        // A number the game gave ("select 1 number as n") reads as a number.
                        Some(crate::kernel::Value::Number(n)) if produced.is_empty() => Binding::Number(n),
                        Some(value) if produced.is_empty() => Binding::Value(value),
                        _ => Binding::Objects(produced),
                    };
                    self.env.push((name.into(), bound));
                }
                // "If you do so": whether this action changed anything.
                let done = i64::from(self.state.log.len() > before);
                self.env.push(("done".into(), Binding::Number(done)));
                Ok(())
            }
        }
    }

    /// A one-shot action, each of its primitives in turn; returns the objects it produced.
    fn action(&mut self, call: &Call) -> Result<Vec<ObjectId>, Illegal> {
        let mut produced = vec![];
        for bound in self.bounds(call)?.iter() {
            produced.extend(self.action_one(call, bound)?);
        }
        Ok(produced)
    }

    fn action_one(&mut self, call: &Call, bound: &crate::vocab::Bound) -> Result<Vec<ObjectId>, Illegal> {
        let a = &bound.args;
        let mut produced = vec![];
        match bound.primitive {
            Primitive::Move => {
                let reason = self.optional_word(call, &a[2])?;
                let position = if self.optional_word(call, &a[3])?.as_deref() == Some("bottom") { Position::Bottom } else { Position::Top };
                let flags: Vec<String> = [&a[4], &a[5]].into_iter().filter_map(|arg| self.optional_word(call, arg).ok().flatten()).collect();
                for object in self.picked(call, &a[0], &a[6], &a[7])? {
                    let Some(object) = self.still_here(object) else { continue };
                    if !self.allowed(object, crate::kernel::Deed::Moved(reason.as_deref())) {
                        continue;
                    }
                    let to = self.zone_arg(call, &a[1], self.state.object(object).owner)?;
                    // FF 7.4: a card moves when it goes to another zone. One put into the zone it is already
                    // in stays where it is, with no event ("If you do so" does not hold), unless the zone keeps
                    // an order the move changes (a deck: put at its bottom, FF 7.9.2).
                    if self.state.object(object).zone == to && !self.state.zone(to).ordered {
                        continue;
                    }
                    produced.extend(self.move_to(object, to, reason.clone(), position, &flags)?);
                }
            }
            Primitive::MoveTop => {
                let who = self.player_arg(call, &a[0])?;
                let count = self.number_arg(call, &a[1])?;
                let from = self.zone_arg(call, &a[2], who)?;
                let to = self.zone_arg(call, &a[3], who)?;
                let reason = self.optional_word(call, &a[4])?;
                let flags: Vec<String> = [&a[5], &a[6]].into_iter().filter_map(|arg| self.optional_word(call, arg).ok().flatten()).collect();
                for _ in 0..count {
                    let Some(&top) = self.state.zone(from).objects.last() else {
                        // Drawing from an empty deck is a rule process the game checks (FF 12.4.2).
                        let zone = self.state.zone(from).name;
                        self.happen(Event::Signal { name: crate::kernel::name!("empty_zone"), objects: vec![], player: Some(who), detail: Some(zone.to_string()) })?;
                        self.happen(Event::PlayerFlag { player: who, flag: format!("took_from_empty_{zone}").into(), value: true })?;
                        break;
                    };
                    produced.extend(self.move_to(top, to, reason.clone(), Position::Top, &flags)?);
                }
            }
            Primitive::Damage => {
                let amount = self.number_arg(call, &a[1])?;
                for object in self.objects_arg(call, &a[0])? {
                    let object = self.state.current(object);
                    if self.allowed(object, crate::kernel::Deed::Damage(amount)) {
                        self.happen(Event::Damaged { object, amount, source: self.source, battle: false })?;
                    }
                }
            }
            Primitive::SetFlag => {
                let flag = self.word_arg(call, &a[1])?;
                let value = self.optional_word(call, &a[2])?.is_none_or(|v| v != "false");
                for object in self.picked(call, &a[0], &BoundArg::Absent, &a[3])? {
                    let object = self.state.current(object);
                    let deed = if value { crate::kernel::Deed::Flag(&flag) } else { crate::kernel::Deed::Cleared(&flag) };
                    // A card already in that state does not change (FF 15.1.1.1-2: only a dull card
                    // is activated, only an active one dulled): no event.
                    if self.state.object(object).flags.contains(flag.as_str()) != value && self.allowed(object, deed) {
                        self.happen(Event::Flag { object, flag: flag.as_str().into(), value, by: self.source.into_iter().collect() })?;
                    }
                }
            }
            Primitive::Resource => {
                let player = self.player_arg(call, &a[0])?;
                let name = self.word_arg(call, &a[1])?;
                let delta = self.number_arg(call, &a[2])?;
                self.happen(Event::Resource { player, name: name.as_str().into(), delta })?;
            }
            Primitive::Counter | Primitive::ClearCounters => {
                // Counter names as printed ("EXP Counter", "monster counter") are one name in any case.
                let name = self.word_arg(call, &a[1])?.to_lowercase();
                let delta = if bound.primitive == Primitive::Counter { Some(self.number_arg(call, &a[2])?) } else { None };
                for object in self.objects_arg(call, &a[0])? {
                    let object = self.state.current(object);
                    let held = self.state.object(object).counters.get(name.as_str()).copied().unwrap_or(0);
                    let delta = match delta {
                        Some(d) if d < 0 && held < -d && self.paying => {
                            return Err(Illegal(format!("{} has {held} {name} counter(s), not {}", self.state.name_of(object), -d)));
                        }
                        Some(d) => d.max(-held),
                        None => -held,
                    };
                    if delta != 0 {
                        self.happen(Event::Counter { object, name: name.as_str().into(), delta })?;
                    }
                }
            }
            Primitive::Shuffle => {
                let zone = self.zone_arg(call, &a[0], self.controller)?;
                let mut order = self.state.zone(zone).objects.clone();
                self.state.rng.shuffle(&mut order);
                self.happen(Event::Shuffled { zone, order })?;
            }
            Primitive::Reveal => {
                let objects = self.objects_arg(call, &a[0])?;
                self.happen(Event::Revealed { objects: objects.clone() })?;
                if self.state.config.mark_reveals {
                    for object in objects {
                        super::reveal::reveal_for(self.state, object, self.source);
                    }
                }
            }
            Primitive::Reassign => {
                let property = self.property_arg(call, &a[1])?;
                let crate::vocab::Ty::Enum(enum_id) = self.state.library.vocab.properties[property.index()].ty.element().clone() else {
                    return Err(Illegal("`reassign` needs an enum property".into()));
                };
                let variants = self.state.library.vocab.enums[enum_id.index()].variants.clone();
                for object in self.objects_arg(call, &a[0])? {
                    let current = self.state.characteristics(object).get(property).cloned();
                    let others: Vec<u32> = (0..variants.len() as u32)
                        .filter(|v| current.as_ref().is_none_or(|c| !c.has(&crate::kernel::Value::Variant(enum_id, *v))))
                        .collect();
                    if others.is_empty() {
                        continue;
                    }
                    let options = others.iter().map(|v| variants[*v as usize].clone()).collect();
                    let pick = match self.state.ask(self.agent, self.controller, crate::kernel::Question::One { prompt: "choose another value".into(), options }) {
                        crate::kernel::Answer::One(i) => others[i.min(others.len() - 1)],
                        _ => others[0],
                    };
                    let effect = ContinuousEffect {
                        id: self.state.next_effect_id(),
                        source: self.source,
                        controller: self.controller,
                        timestamp: Default::default(),
                        affected: Selector::Objects(vec![object]),
                        change: Change::SetValue { property, value: crate::kernel::Value::Variant(enum_id, pick) },
                        duration: crate::kernel::Duration::Forever,
                        condition: None,
                        keyword: None,
                    };
                    self.happen(Event::EffectBegan { effect: Box::new(effect) })?;
                }
            }
            // A rule started by an action, lasting to a named point (UFS J.5.3 "seal"), or copying.
            Primitive::Strip | Primitive::Copy => {
                let duration = match (bound.primitive, self.optional_word(call, &a[2])?) {
                    (Primitive::Strip, Some(point)) => crate::kernel::Duration::Until(point),
                    _ => crate::kernel::Duration::Forever,
                };
                for (affected, change) in self.changes_one(call, bound, 1, false)? {
                    self.begin_effect(affected, change, duration.clone())?;
                }
            }
            Primitive::Remember => {
                let object = self.source.ok_or_else(|| Illegal("nothing to remember with".into()))?;
                let value = match self.slot(call, &a[1]) {
                    Some(op) => self.value(op)?,
                    None => crate::kernel::Value::Text(self.word_arg(call, &a[1])?),
                };
                self.happen(Event::Remembered { object: self.state.current(object), name: crate::kernel::Name::new(&self.word_arg(call, &a[0])?), value })?;
            }
            Primitive::Run => {
                let op = self.slot(call, &a[0]).cloned().ok_or_else(|| Illegal("`run` needs abilities".into()))?;
                let (_, written) = self.granted(&op)?;
                for ability in written {
                    let env = self.env.clone();
                    // Part of the effect running them: announced with it as a whole (`run_whole`).
                    let mut ctx = super::Ctx::new(self.state, self.agent, self.source, self.controller, env);
                    ctx.began = self.began;
                    ctx.run(&ability.body)?;
                }
            }
            // Actions the game's own procedures carry out: announced for them to handle.
            Primitive::Game => {
                let name = self.word_arg(call, &a[0])?;
                let objects = self.in_any_zone(true, |ctx| ctx.objects_arg(call, &a[1])).unwrap_or_default();
                let player = match &a[2] {
                    BoundArg::Absent => self.controller,
                    arg => self.player_arg(call, arg)?,
                };
                let amount = match (&a[3], self.slot(call, &a[1])) {
                    // "search for up to 4 Forwards": the count the card names, for the game to keep to.
                    (BoundArg::Absent, Some(Operand::Cards { quantity: crate::ir::Quantity::UpTo(n) | crate::ir::Quantity::Exactly(n), .. })) => Some(self.number(n)?),
                    (BoundArg::Absent, _) => None,
                    (arg, _) => Some(self.number_arg(call, arg)?),
                };
                let zone = match &a[4] {
                    BoundArg::Absent => None,
                    arg => Some(self.zone_name(call, arg)?),
                };
                // "your opponent's deck": whose zone, when the phrase names a player's (not "its owner's").
                let zone_owner = match self.slot(call, &a[4]) {
                    Some(Operand::Zone { owner: Some(who), .. }) if !matches!(who.as_ref(), Operand::Player(w) if w == "owner") => Some(self.player(who)?),
                    _ => None,
                };
                let detail = [amount.map(|n| n.to_string()), zone.clone()].into_iter().flatten().collect::<Vec<_>>().join(" ");
                let key = [crate::kernel::DECLARED, &name].concat();
                if self.declaring {
                    // Trails 1204.2d: the ability is being played: the game makes its choice only.
                    if let Some(hooks) = self.state.config.hooks {
                        let call = crate::kernel::GameCall { name, objects, player, amount, zone, zone_owner, value: None, source: self.source, controller: self.controller, declaring: true, trigger: self.triggered_by() };
                        if let Some(value) = (hooks.actions)(self.state, self.agent, &call)? {
                            self.env.push((key.into(), Binding::Value(value)));
                        }
                    }
                    return Ok(produced);
                }
                let value = match crate::kernel::value::lookup(&self.env, &key) {
                    Some(Binding::Value(v)) => Some(v.clone()),
                    _ => None,
                };
                let signal = Event::Signal { name: name.as_str().into(), objects: objects.clone(), player: Some(player), detail: (!detail.is_empty()).then_some(detail) };
                // Announced first (replacement effects and triggers see it), then carried out by the game.
                if self.happen(signal)?.is_some()
                    && let Some(hooks) = self.state.config.hooks
                {
                    let call = crate::kernel::GameCall { name, objects, player, amount, zone, zone_owner, value, source: self.source, controller: self.controller, declaring: false, trigger: self.triggered_by() };
                    self.game_value = (hooks.actions)(self.state, self.agent, &call)?;
                }
            }
            Primitive::Pay => {
                let name = self.word_arg(call, &a[0])?;
                let amount = match &a[1] {
                    BoundArg::Absent => None,
                    arg => Some(self.number_arg(call, arg)?),
                };
                let value = match self.slot(call, &a[2]) {
                    // A printed cost (`{f}{2}`): its symbols, for the game's payment to read.
                    Some(Operand::Symbols(symbols)) => Some(crate::kernel::Value::Text(symbols.join(" "))),
                    Some(op) => Some(self.value(op)?),
                    None => None,
                };
                let parts: Vec<String> = [amount.map(|n| n.to_string()), value.as_ref().map(|v| self.state.show_value(v))].into_iter().flatten().collect();
                let detail = (!parts.is_empty()).then(|| parts.join(" "));
                let signal = Event::Signal { name: name.as_str().into(), objects: vec![], player: Some(self.controller), detail };
                // Announced, then paid by the game's payment procedure (FF 11.2).
                if self.happen(signal)?.is_some()
                    && let Some(hooks) = self.state.config.hooks
                {
                    let call = crate::kernel::GameCall { name: format!("pay_{name}"), objects: vec![], player: self.controller, amount, zone: None, zone_owner: None, value, source: self.source, controller: self.controller, declaring: false, trigger: self.triggered_by() };
                    (hooks.actions)(self.state, self.agent, &call)?;
                }
            }
            p => return Err(Illegal(format!("`{}` is not an action", p.name()))),
        }
        Ok(produced)
    }

    /// The log index of the event that triggered the ability running, if it is a triggered one.
    fn triggered_by(&self) -> Option<usize> {
        match crate::kernel::value::lookup(&self.env, crate::kernel::TRIGGERED_BY) {
            Some(Binding::Number(index)) => usize::try_from(*index).ok(),
            _ => None,
        }
    }

    /// Whether the game lets this effect do `deed` to `object` (no hooks: everything is allowed).
    fn allowed(&self, object: ObjectId, deed: crate::kernel::Deed) -> bool {
        self.state.config.hooks.is_none_or(|hooks| (hooks.allows)(self.state, object, deed, self.controller, self.source))
    }

    /// A body that begins by carrying out another ability's instructions (`resolve effect`, a
    /// keyword's parameter) with those instructions written in place, so that their targets are
    /// declared when the ability is played (FF 11.6.5, 11.7.5); otherwise the body as it is.
    pub fn inlined(&self, body: &[crate::ir::Effect]) -> Option<Vec<crate::ir::Effect>> {
        let (crate::ir::Effect::Do { call, for_each: None, duration: None, .. }, rest) = body.split_first()? else { return None };
        let bound = self.bound(call).ok()?;
        if bound.primitive != Primitive::Run {
            return None;
        }
        let (_, written) = self.granted(self.slot(call, &bound.args[0])?).ok()?;
        let [ability] = written.as_slice() else { return None };
        Some(ability.body.iter().chain(rest).cloned().collect())
    }

    /// The object a card an effect refers to is now: itself, or the new object its own effect
    /// made by moving it ("put it into your hand, then play it"). A card that something else
    /// moved is a new object the effect cannot follow (FF 7.4; SE14 15.2.6.5, 15.2.4.3), and so is
    /// one another ability of the same card moved before this effect began: 12-028C Bard triggered
    /// twice finds itself gone from the field once its first trigger put it into the Break Zone
    /// (FF 7.4, 11.11.7: the second trigger's "put Bard into the Break Zone" moves nothing, and "When
    /// you do so" does not hold).
    pub(super) fn still_here(&self, object: ObjectId) -> Option<ObjectId> {
        let now = self.state.current(object);
        if now == object {
            return Some(object);
        }
        // A card a trigger reads as it was before it moved is acted on where it is now (Trails 1211.6b).
        if matches!(crate::kernel::value::lookup(&self.env, crate::kernel::LOOKED_BACK), Some(Binding::Objects(list)) if list.contains(&object)) {
            return Some(now);
        }
        let mover = self.state.object(now).moved_by.map(|m| self.state.current(m));
        let by_this = (self.began..self.state.log.len()).rev().any(|i| matches!(self.state.log.get(i), Some(Event::Moved { new, .. }) if *new == now));
        (mover.is_some() && mover == self.source.map(|s| self.state.current(s)) && by_this).then_some(now)
    }

    /// Moves one card (through replacement effects) and puts the given states on it where it
    /// arrives ("onto the field dull"); the new object, if the move happened.
    fn move_to(&mut self, object: ObjectId, to: crate::kernel::ZoneId, reason: Option<String>, position: Position, flags: &[String]) -> Result<Option<ObjectId>, Illegal> {
        let mut event = self.state.move_event(object, to, reason.as_deref().map(crate::kernel::Name::new), position);
        if let Event::Moved { by, hidden, .. } = &mut event {
            *by = self.source;
            *hidden = flags.iter().any(|f| self.state.config.hidden_flags.contains(f));
        }
        let Some(Happened { moved: Some(new) }) = self.happen(event)? else { return Ok(None) };
        for flag in flags {
            self.happen(Event::Flag { object: new, flag: flag.into(), value: true, by: self.source.into_iter().collect() })?;
        }
        Ok(Some(new))
    }

    /// The cards an action acts on: a counted set ("discard 1 card") is chosen by the actor from
    /// the `from` zone; anything else is every card it names.
    fn picked(&mut self, call: &Call, what: &BoundArg, from: &BoundArg, by: &BoundArg) -> Result<Vec<ObjectId>, Illegal> {
        let actor = match by {
            BoundArg::Absent => self.actor.unwrap_or(self.controller),
            arg => self.player_arg(call, arg)?,
        };
        let Some(Operand::Cards { quantity, .. }) = self.slot(call, what) else { return self.objects_arg(call, what) };
        if matches!(quantity, crate::ir::Quantity::All) {
            return self.objects_arg(call, what);
        }
        let operand = self.slot(call, what).cloned().expect("matched above");
        let mut selector = self.selector(&operand)?;
        if !matches!(from, BoundArg::Absent) {
            let zone = self.zone_arg(call, from, actor)?;
            let (zone_name, owner) = (self.state.zone(zone).name.to_string(), self.state.zone(zone).owner.unwrap_or(actor));
            if let crate::kernel::Selector::And(parts) = &mut selector {
                parts.retain(|s| !matches!(s, crate::kernel::Selector::InZone(_)));
                parts.push(crate::kernel::Selector::InZone(zone_name.into()));
                parts.push(crate::kernel::Selector::OwnedBy(owner));
            }
        } else if !matches!(by, BoundArg::Absent) {
            // "each player commits 1 foundation", "opponent destroys 1 foundation": a player acting
            // on a counted set of cards picks among their own (UFS K.2.4).
            selector = crate::kernel::Selector::And(vec![selector, crate::kernel::Selector::ControlledBy(actor)]);
        }
        let view = self.state.view();
        let candidates: Vec<ObjectId> = self.state.matching(&view, &selector, self.source);
        let (min, max) = self.quantity_range(quantity, candidates.len())?;
        if min == candidates.len() && max == min {
            return Ok(candidates);
        }
        let question = crate::kernel::Question::Objects { prompt: self.state.worded_or_blank(|| format!("pick {min} to {max}").into()), options: candidates, min, max };
        match self.state.ask(self.agent, actor, question) {
            crate::kernel::Answer::Objects(list) => Ok(list),
            _ => Ok(vec![]),
        }
    }

    pub(super) fn optional_word(&self, call: &Call, arg: &BoundArg) -> Result<Option<String>, Illegal> {
        match arg {
            BoundArg::Absent => Ok(None),
            arg => self.word_arg(call, arg).map(Some),
        }
    }

    /// A proposed event, through replacement effects (FF 11.12.5); `None` when it did not happen as proposed
    /// (prevented, replaced, or damage reduced to nothing).
    pub fn happen(&mut self, event: Event) -> Result<Option<Happened>, Illegal> {
        let proposed = if let Event::Damaged { amount, .. } = &event { *amount } else { 0 };
        // Damage the game deals instead of or besides this (FF 11.12.5), after it.
        let mut further = vec![];
        match self.state.replace(event, self.agent) {
            Replaced::Happens(event) => {
                let event = match event {
                    // The game's own changes to damage, after the replacement effects (FF 11.12.5.2).
                    Event::Damaged { object, amount, source, battle } => {
                        let mut amount = amount;
                        if let Some(hooks) = self.state.config.hooks {
                            (amount, further) = (hooks.damage)(self.state, object, amount, source, battle);
                        }
                        // Damage that cannot be reduced, or dealt to a card whose damage cannot be
                        // (FF 11.12.5.2): no replacement or game change lowers or redirects it.
                        if amount < proposed && (self.unreducible || !self.allowed(object, crate::kernel::Deed::ReduceDamage)) {
                            (amount, further) = (proposed, vec![]);
                        }
                        // Damage reduced to nothing is not dealt (SE14 11.13.5.8.2; UFS: failed instructions make no event).
                        if amount == 0 {
                            for damage in further {
                                self.happen(damage)?;
                            }
                            return Ok(None);
                        }
                        Event::Damaged { object, amount, source, battle }
                    }
                    Event::Moved { old, new, from, to, reason, position, by: None, hidden } if self.cause_after_replacing.is_some() => {
                        Event::Moved { old, new, from, to, reason, position, by: self.cause_after_replacing, hidden }
                    }
                    event => event,
                };
                let happened = Happened { moved: if let Event::Moved { new, .. } = &event { Some(*new) } else { None } };
                self.state.apply(event);
                let index = self.state.log.len() - 1;
                // The game's arrival states are set before anything sees the card arrive; its
                // announcements (signals) come after the move's own triggers are collected.
                let mut announced = vec![];
                if let (Some(new), Some(hooks)) = (happened.moved, self.state.config.hooks) {
                    for arrival in (hooks.arrives)(self.state, new) {
                        if matches!(arrival, Event::Signal { .. }) {
                            announced.push(arrival);
                        } else {
                            self.state.apply(arrival);
                        }
                    }
                }
                super::abilities::after_event(self.state, self.agent, index);
                for signal in announced {
                    super::abilities::announce(self.state, self.agent, signal);
                }
                for damage in further {
                    self.happen(damage)?;
                }
                Ok(Some(happened))
            }
            Replaced::Prevented => Ok(None),
            Replaced::Instead { replacement, effects, subject } => {
                let r = self.state.replacements.iter().find(|r| r.id == replacement).cloned();
                let (source, controller) = r.map_or((self.source, self.controller), |r| (r.source, r.controller));
                // "instead": `it` is what the replaced event was about.
                let env = subject.map(|o| vec![(crate::kernel::name!("it"), Binding::Objects(vec![o]))]).unwrap_or_default();
                super::run_effects(self.state, self.agent, source, controller, env, &effects)?;
                Ok(None)
            }
        }
    }

    /// A delayed effect: a trigger that waits, with the names in scope now (FF 11.8.17).
    pub(super) fn delay(&mut self, trigger: &TriggerIr, duration: Option<&Call>, body: &[Effect]) -> Result<(), Illegal> {
        let pattern = self.pattern(&trigger.event)?;
        let duration_kind = self.duration(duration)?;
        let delayed = DelayedTrigger {
            id: self.state.log.len() as u32,
            source: self.source,
            controller: self.controller,
            pattern,
            effects: Arc::new(body.to_vec()),
            env: self.env.clone(),
            once: duration.is_none(),
            duration: duration_kind,
        };
        self.happen(Event::DelayedCreated { trigger: Box::new(delayed) })?;
        Ok(())
    }
}

/// What a proposed event came to once it happened (`Ctx::happen`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Happened {
    /// For a move, the object the card is where it went (a new one unless the game keeps it, FF 7.4).
    pub moved: Option<ObjectId>,
}
