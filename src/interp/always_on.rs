//! Always-on abilities in play: they become continuous and replacement effects while their object is in an ability zone (FF 11.9, 11.12.4; Trails 1212), granted ones included.


use crate::ir::{AbilityIr, Effect};
use crate::kernel::decision::Agent;
use crate::kernel::replacement::{Replacement, ReplacementAction};
use crate::kernel::{Amount, Binding, Change, ContinuousEffect, Duration, Event, GameState, ObjectId};
use crate::syntax::ast::TriggerWord;
use crate::vocab::{AbilityClass, KeywordId};

use super::abilities::{abilities_in, active_zone, class_of, has_tag, in_ability_zones, keyword_env, works_in};
use super::Ctx;

/// Starts the always-on abilities of an object that arrived in an ability zone: they last while
/// it stays there, and reach objects that arrive later (FF 11.9.1-2, 11.12.4.4-5).
pub fn register_static(state: &mut GameState, agent: &mut dyn Agent, object: ObjectId) {
    let library = state.library.clone();
    let chars = state.characteristics(object);
    let controller = chars.controller;
    for (ability_ref, ability) in abilities_in(&library, state.object(object).card, &chars) {
        if class_of(&library, ability) != AbilityClass::Static || !works_in(state, object, ability) {
            continue;
        }
        let env = keyword_env(state, &library, object, &ability_ref);
        let mut ctx = Ctx::new(state, agent, Some(object), controller, env);
        let made = match &ability.trigger {
            Some(t) if t.word == TriggerWord::InsteadOf => ctx.replacement(ability, &t.event, object).map(|r| vec![Event::ReplacementBegan { replacement: Box::new(r) }]),
            _ => ctx.static_effects(ability, object).map(|events| of_keyword(events, ability_ref.keyword())),
        };
        // An always-on ability the kernel cannot run yet is announced, not silently dropped.
        let events = made.unwrap_or_else(|e| vec![Event::Signal { name: crate::kernel::name!("unsupported"), objects: vec![object], player: None, detail: Some(e.0) }]);
        for event in events {
            state.apply(event);
        }
    }
    for latch in state.new_latches() {
        state.apply(latch);
    }
}

/// The effects a keyword's always-on ability begins last only while their source has the keyword.
fn of_keyword(mut events: Vec<Event>, keyword: Option<KeywordId>) -> Vec<Event> {
    for event in &mut events {
        if let Event::EffectBegan { effect } = event {
            effect.keyword = keyword;
        }
    }
    events
}

impl Ctx<'_> {
    fn replacement(&mut self, ability: &AbilityIr, event: &crate::ir::Call, object: ObjectId) -> Result<Replacement, crate::kernel::Illegal> {
        Ok(Replacement {
            id: self.state.next_effect_id(),
            source: Some(object),
            controller: self.controller,
            timestamp: Default::default(),
            pattern: self.pattern(event)?,
            action: ReplacementAction::Instead(ability.body.clone()),
            self_replacement: false,
            once: false,
            duration: Duration::WhileIn(object),
            label: {
                let card = &self.state.library.card(self.state.object(object).card).name;
                match &ability.name {
                    Some(name) => format!("{card}: {name}"),
                    None => format!("{card}: {}", self.state.library.vocab.signature(event.template)),
                }
            },
        })
    }

    /// The continuous effects of an always-on ability's rules, with live affected sets.
    fn static_effects(&mut self, ability: &AbilityIr, object: ObjectId) -> Result<Vec<Event>, crate::kernel::Illegal> {
        let mut out = vec![];
        let mut condition = match &ability.condition {
            Some(c) => Some(self.static_condition(c)?),
            None => None,
        };
        // Trails 1202.2a, 1306.2c: the effects apply only while the object's abilities work
        // (not stunned), unless the ability says it always works (an attribute, Trails 401); an
        // ability that names no zone works only while its card is not hidden (Trails 1202.2-4:
        // a face-down card's crafts are not valid).
        let config = &self.state.config;
        let hidden = if config.hidden_cards_lose_abilities && active_zone(&self.state.library, ability).is_none() { config.hidden_flags.as_slice() } else { &[] };
        let flags: Vec<&String> = config.inactive_flags.iter().chain(hidden).collect();
        if !flags.is_empty() && !has_tag(&self.state.library, ability, "always_active") {
            use crate::kernel::{Condition, Selector};
            let inactive = Selector::Or(flags.iter().map(|f| Selector::Flag(crate::kernel::Name::new(f))).collect());
            let works = Condition::Count { selector: Selector::And(vec![Selector::Source, Selector::Not(Box::new(inactive))]), op: crate::syntax::ast::CmpOp::Ge, value: 1 };
            condition = Some(match condition {
                Some(c) => Condition::All(vec![c, works]),
                None => works,
            });
        }
        self.collect_static(&ability.body, condition, object, &mut out)?;
        Ok(out)
    }

    fn collect_static(&mut self, body: &[Effect], condition: Option<crate::kernel::Condition>, object: ObjectId, out: &mut Vec<Event>) -> Result<(), crate::kernel::Illegal> {
        // Trails 1305.4: an indefinite value with a method (`let X = count card(in your homebase)`,
        // `let X = cards in your homebase`) is updated continuously: a live amount.
        let mut counted: Option<(String, Amount)> = None;
        for effect in body {
            match effect {
                Effect::Let { name, value } => {
                    let amount = match value {
                        crate::ir::Operand::Count(inner) => Amount::PerMatch { each: 1, selector: self.selector(inner)? },
                        // A number a phrase works out (`cards in your homebase`), live.
                        value @ (crate::ir::Operand::Value(_) | crate::ir::Operand::Property { .. }) if self.amount_expr(value).is_ok() => self.amount_expr(value)?,
                        // Cards, counted.
                        other => Amount::PerMatch { each: 1, selector: self.selector(other)? },
                    };
                    counted = Some((name.clone(), amount));
                }
                Effect::Do { call, .. } if counted.is_some() => {
                    let (name, amount) = counted.clone().unwrap_or_else(|| unreachable!());
                    self.collect_counted(effect, call, &name, amount, condition.clone(), object, out)?;
                }
                Effect::Do { call, for_each, duration, .. } => {
                    // "while combating": the ability's effect lasts only while that holds.
                    let lasting = match duration {
                        Some(d) => self.duration(Some(d))?,
                        None => Duration::WhileIn(object),
                    };
                    for bound in self.bounds(call)?.iter() {
                        if matches!(bound.primitive, crate::vocab::primitive::Primitive::AdjustDamage | crate::vocab::primitive::Primitive::Redirect) {
                            let r = self.damage_replacement(call, bound, true, Duration::WhileIn(object))?;
                            out.push(Event::ReplacementBegan { replacement: Box::new(r) });
                        }
                    }
                    for (affected, mut change) in self.changes(call, 1, true)? {
                        if let (Some(set), Change::Property { amount: amount @ Amount::Fixed(_), .. } | Change::Adjust { amount: amount @ Amount::Fixed(_), .. }) = (for_each, &mut change) {
                            let Amount::Fixed(each) = *amount else { unreachable!() };
                            *amount = Amount::PerMatch { each, selector: self.selector(set)? };
                        }
                        let began = self.began(object, affected, change, lasting.clone(), condition.clone(), out.len());
                        out.push(began);
                    }
                }
                Effect::If { cond, then, otherwise } => {
                    let c = self.static_condition(cond)?;
                    let both = |extra: crate::kernel::Condition| match &condition {
                        Some(outer) => crate::kernel::Condition::All(vec![outer.clone(), extra]),
                        None => extra,
                    };
                    self.collect_static(then, Some(both(c.clone())), object, out)?;
                    self.collect_static(otherwise, Some(both(crate::kernel::Condition::Not(Box::new(c)))), object, out)?;
                }
                other => return Err(crate::kernel::Illegal(format!("not an always-on effect: {other:?}"))),
            }
        }
        Ok(())
    }

    /// The `n`-th continuous effect an always-on ability of `object` begins.
    fn began(&self, object: ObjectId, affected: crate::kernel::Selector, change: Change, duration: Duration, condition: Option<crate::kernel::Condition>, n: usize) -> Event {
        let id = crate::kernel::EffectId(self.state.next_effect_id().0 + n as u32);
        Event::EffectBegan { effect: Box::new(ContinuousEffect { id, source: Some(object), controller: self.controller, timestamp: Default::default(), affected, change, duration, condition, keyword: None }) }
    }

    /// Trails 1305.4: an always-on effect that reads an X its method keeps working out: its
    /// changes worked out for X = 0 and X = 1, the difference applied X times, so X follows it.
    #[allow(clippy::too_many_arguments)]
    fn collect_counted(&mut self, effect: &Effect, call: &crate::ir::Call, name: &str, x: Amount, condition: Option<crate::kernel::Condition>, object: ObjectId, out: &mut Vec<Event>) -> Result<(), crate::kernel::Illegal> {
        let with = |this: &mut Self, x: i64| {
            this.env.push((name.into(), Binding::Number(x)));
            let changes = this.changes(call, 1, true);
            this.env.pop();
            changes
        };
        let (zero, one) = (with(self, 0)?, with(self, 1)?);
        let lasting = match effect {
            Effect::Do { duration: Some(d), .. } => self.duration(Some(d))?,
            _ => Duration::WhileIn(object),
        };
        for ((affected, mut change), (_, at_one)) in zero.into_iter().zip(one) {
            let amounts = match (&mut change, &at_one) {
                (Change::Property { amount, .. }, Change::Property { amount: Amount::Fixed(b), .. }) | (Change::Adjust { amount, .. }, Change::Adjust { amount: Amount::Fixed(b), .. }) => Some((amount, *b)),
                _ => None,
            };
            if let Some((amount, b)) = amounts {
                let Amount::Fixed(a) = *amount else { return Err(crate::kernel::Illegal("X with a counted amount".into())) };
                if a != 0 && b != a {
                    return Err(crate::kernel::Illegal("X added to a fixed amount is not carried out (Trails 1305.4)".into()));
                }
                if b != a {
                    *amount = times(&x, b - a);
                }
            }
            let began = self.began(object, affected, change, lasting.clone(), condition.clone(), out.len());
            out.push(began);
        }
        Ok(())
    }
}

/// Trails 1305.4: `each` times a live X: a count's cards counted `each` times, the cards in a
/// player's zone as those cards (that player's, as `in your homebase` reads), any other X (a
/// resource, a sum of a property) multiplied as it is worked out (`Amount::Arith`).
fn times(x: &Amount, each: i64) -> Amount {
    use crate::kernel::Selector;
    match x {
        Amount::PerMatch { each: one, selector } => Amount::PerMatch { each: one * each, selector: selector.clone() },
        Amount::InZone { player, zone } => Amount::PerMatch { each, selector: Selector::And(vec![Selector::InZone(crate::kernel::Name::new(zone)), Selector::ControlledBy(*player)]) },
        Amount::Fixed(n) => Amount::Fixed(n * each),
        other if each == 1 => other.clone(),
        // A resource, a sum of a property...: that amount taken `each` times, live too.
        other => Amount::Arith { left: Box::new(Amount::Fixed(each)), op: crate::syntax::ast::ArithOp::Mul, right: Box::new(other.clone()) },
    }
}

/// Ends the continuous and replacement effects an object's always-on abilities began for as long
/// as it stays where it is (its `WhileIn`/`WhileFlag` effects of its own), and with `any_source`
/// every effect lasting as long as it stays where it is.
pub(super) fn end_always_on(state: &mut GameState, object: ObjectId, any_source: bool) {
    let own = |source: Option<ObjectId>, d: &Duration| (any_source || source == Some(object)) && matches!(d, Duration::WhileIn(o) | Duration::WhileFlag(o, _) if *o == object);
    let effects: Vec<Event> = state.effects.iter().filter(|e| own(e.source, &e.duration)).map(|e| Event::EffectEnded { effect: e.id }).collect();
    let replacements: Vec<Event> = state.replacements.iter().filter(|r| own(r.source, &r.duration)).map(|r| Event::ReplacementEnded { effect: r.id }).collect();
    for event in effects.into_iter().chain(replacements) {
        state.apply(event);
    }
}

/// Starts the always-on abilities of keywords that effects grant to objects in ability zones:
/// each lasts while the object has the keyword (and stays in its zone), once per keyword.
pub(super) fn register_granted_keywords(state: &mut GameState, agent: &mut dyn Agent) {
    let library = state.library.clone();
    let objects: Vec<ObjectId> = in_ability_zones(state).collect();
    for object in objects {
        let chars = state.characteristics(object);
        let printed = &library.card(state.object(object).card).keywords;
        for &keyword in chars.keywords.iter().filter(|k| !printed.iter().any(|p| p.keyword == **k)) {
            let started = state.effects.iter().any(|e| e.source == Some(object) && e.keyword == Some(keyword));
            let Some(Some(definition)) = library.keywords.get(keyword.index()) else { continue };
            if started {
                continue;
            }
            for ability in definition.abilities.iter().filter(|a| class_of(&library, a) == AbilityClass::Static && a.trigger.is_none()) {
                let mut ctx = Ctx::new(state, agent, Some(object), chars.controller, vec![]);
                let Ok(events) = ctx.static_effects(ability, object) else { continue };
                for event in of_keyword(events, Some(keyword)) {
                    state.apply(event);
                }
            }
        }
    }
}

/// Starts the always-on abilities an effect grants ("gains 'If Terra deals damage to a Forward,
/// double the damage'"), on each object in an ability zone that has them, for as long as the
/// granting effect lasts (FF 11.12.4).
pub(super) fn register_granted_abilities(state: &mut GameState, agent: &mut dyn Agent, grant: crate::kernel::EffectId) {
    let library = state.library.clone();
    let objects: Vec<ObjectId> = in_ability_zones(state).collect();
    for object in objects {
        let chars = state.characteristics(object);
        let Some((_, abilities)) = chars.granted.iter().find(|(e, _)| *e == grant) else { continue };
        for ability in abilities.iter().filter(|a| class_of(&library, a) == AbilityClass::Static && a.trigger.is_none()) {
            let mut ctx = Ctx::new(state, agent, Some(object), chars.controller, vec![]);
            let Ok(events) = ctx.static_effects(ability, object) else { continue };
            for mut event in events {
                match &mut event {
                    Event::EffectBegan { effect } => effect.duration = Duration::WhileEffect(grant),
                    Event::ReplacementBegan { replacement } => replacement.duration = Duration::WhileEffect(grant),
                    _ => {}
                }
                state.apply(event);
            }
        }
    }
}
