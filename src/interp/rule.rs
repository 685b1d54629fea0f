//! Rules as continuous effects: a `rule` phrase in a resolving effect becomes changes (modify,
//! grant, forbid, allow, adjust...) on the objects it names, for its duration (FF 11.12.4).

use crate::ir::{Call, Operand};
use crate::kernel::{Amount, Binding, Change, ContinuousEffect, Event, Illegal, Op, Selector};
use crate::vocab::primitive::Primitive;
use crate::vocab::BoundArg;

use super::Ctx;

impl Ctx<'_> {
    /// A rule in a resolving effect: a continuous effect on the objects it names now, locked
    /// (FF 11.12.4.2, Trails 1215.6), with variables fixed at resolution (FF 11.12.4.3).
    pub(super) fn rule(&mut self, call: &Call, times: i64, duration: Option<&Call>) -> Result<(), Illegal> {
        let duration = self.duration(duration)?;
        for bound in self.bounds(call)?.iter() {
            if matches!(bound.primitive, Primitive::AdjustDamage | Primitive::Redirect) {
                let replacement = self.damage_replacement(call, bound, false, duration.clone())?;
                self.happen(Event::ReplacementBegan { replacement: Box::new(replacement) })?;
            }
        }
        for (affected, change) in self.changes(call, times, false)? {
            self.begin_effect(affected, change, duration.clone())?;
        }
        Ok(())
    }

    /// Starts a continuous effect from this resolving effect; the kernel stamps its timestamp.
    pub(super) fn begin_effect(&mut self, affected: Selector, change: Change, duration: crate::kernel::Duration) -> Result<(), Illegal> {
        let effect = ContinuousEffect {
            id: self.state.next_effect_id(),
            source: self.source,
            controller: self.controller,
            timestamp: Default::default(),
            affected,
            change,
            duration,
            condition: None,
            keyword: None,
        };
        self.happen(Event::EffectBegan { effect: Box::new(effect) })?;
        Ok(())
    }

    /// The changes a rule phrase makes, with what they affect: a locked set of the objects named
    /// now, or (for always-on abilities, `live`) a selector that also reaches later arrivals.
    pub(super) fn changes(&self, call: &Call, times: i64, live: bool) -> Result<Vec<(Selector, Change)>, Illegal> {
        let mut out = vec![];
        for bound in self.bounds(call)?.iter().filter(|b| !matches!(b.primitive, Primitive::AdjustDamage | Primitive::Redirect)) {
            out.extend(self.changes_one(call, bound, times, live)?);
        }
        Ok(out)
    }

    /// Whether the values a rule takes come from cards of which one has every value of the
    /// property (`from: X`, or a value `the organizations of X`).
    fn has_every_from(&self, value: Option<&Operand>, from: Option<&Operand>, property: crate::vocab::PropId) -> Result<bool, Illegal> {
        let of = match (value, from) {
            (_, Some(from)) => Some(from),
            (Some(Operand::Value(call)), None) if self.bound(call)?.primitive == Primitive::PropertyOf => {
                let bound = self.bound(call)?;
                if self.property_arg(call, &bound.args[1])? != property {
                    return Ok(false);
                }
                self.slot(call, &bound.args[0])
            }
            (Some(Operand::Property { property: p, of }), None) if *p == property => Some(of.as_ref()),
            _ => None,
        };
        let Some(of) = of else { return Ok(false) };
        Ok(self.objects(of)?.iter().any(|o| self.state.characteristics(*o).every.contains(&property)))
    }

    pub(super) fn changes_one(&self, call: &Call, bound: &crate::vocab::Bound, times: i64, live: bool) -> Result<Vec<(Selector, Change)>, Illegal> {
        let a = &bound.args;
        if bound.primitive == Primitive::Pretend {
            let player = self.player_arg(call, &a[0])?;
            let value = self.slot(call, &a[3]).ok_or_else(|| Illegal("`pretend` needs a value".into()))?;
            let change = Change::Pretend { player, kind: self.kind_arg(call, &a[1])?, property: self.property_arg(call, &a[2])?, value: self.value(value)? };
            return Ok(vec![(Selector::Objects(vec![]), change)]);
        }
        if bound.primitive == Primitive::PlayerRule {
            let player = self.player_arg(call, &a[0])?;
            let value = match self.slot(call, &a[2]) {
                Some(op) => Some(self.value(op)?),
                None => None,
            };
            let amount = match &a[3] {
                BoundArg::Absent => 0,
                arg => self.number_arg(call, arg)? * times,
            };
            let change = Change::PlayerRule { player, name: self.word_arg(call, &a[1])?, value, amount };
            return Ok(vec![(Selector::Objects(vec![]), change)]);
        }
        if bound.primitive == Primitive::Join {
            let owner = self.player_arg(call, &a[0])?;
            let kind = self.kind_arg(call, &a[1])?;
            let property = self.property_arg(call, &a[2])?;
            let values = match self.slot(call, &a[3]).map(|op| self.value(op)).transpose()? {
                Some(crate::kernel::Value::List(items)) => items,
                Some(single) => vec![single],
                None => return Err(Illegal("`join` needs the values to join".into())),
            };
            return Ok(vec![(Selector::And(vec![Selector::Kind(kind), Selector::OwnedBy(owner)]), Change::Join { property, values })]);
        }
        // A cost change reaches the cards whose cost it changes wherever they are (in the hand).
        let affected = self.in_any_zone(bound.primitive == Primitive::Adjust, |ctx| match ctx.slot(call, &a[0]) {
            Some(op) if live || ctx.is_every(op) => ctx.selector(op),
            Some(Operand::This) => Ok(Selector::Objects(ctx.source.into_iter().collect())),
            // A card this effect itself moved is followed where it went ("Your opponent removes it from the game.
            // You can cast it ...", 14-127H Zidane; FF 7.4), as actions follow it (`still_here`).
            Some(op) => ctx.objects(op).map(|list| Selector::Objects(list.into_iter().map(|o| ctx.still_here(o).unwrap_or(o)).collect())),
            None => Err(Illegal("a rule needs cards to affect".into())),
        })?;
        let changes = match bound.primitive {
            Primitive::Modify if !matches!(self.property_type(call, &a[1])?, crate::vocab::Ty::Number) => {
                // A list or enum property: add, remove or set a value (`gains the element fire`),
                // or the values other cards have, minus some (`from`, `except`).
                let property = self.state.library.vocab.property(&self.word_arg(call, &a[1])?).expect("checked above");
                let flatten = |v: crate::kernel::Value| match v {
                    crate::kernel::Value::List(items) => items,
                    single => vec![single],
                };
                // An always-on ability reads the other cards' values as they are (FF 11.9).
                if let (true, None, Some(from), "add") = (live, self.slot(call, &a[3]), self.slot(call, &a[4]), self.word_arg(call, &a[2])?.as_str()) {
                    let except = match self.slot(call, &a[5]) {
                        Some(op) => flatten(self.value(op)?),
                        None => vec![],
                    };
                    return Ok(vec![(affected, Change::AddValuesOf { property, of: self.selector(from)?, except })]);
                }
                let mut values = match (self.slot(call, &a[3]), self.slot(call, &a[4])) {
                    (Some(op), _) => flatten(self.value(op)?),
                    (None, Some(from)) => flatten(self.value(&Operand::Property { property, of: Box::new(from.clone()) })?),
                    (None, None) => return Err(Illegal("`modify` of a list needs a value or `from`".into())),
                };
                if let Some(except) = self.slot(call, &a[5]) {
                    let excluded = flatten(self.value(except)?);
                    values.retain(|v| !excluded.contains(v));
                }
                // Gaining the values of a card that has every value gains every value too (Trails 1333.1 example 2).
                let every_from = self.has_every_from(self.slot(call, &a[3]), self.slot(call, &a[4]), property)?;
                match self.word_arg(call, &a[2])?.as_str() {
                    "add" => values.into_iter().map(|value| Change::AddValue { property, value }).chain(every_from.then_some(Change::HasEvery(property))).collect(),
                    "sub" => values.into_iter().map(|value| Change::RemoveValue { property, value }).collect(),
                    "set" | "set_base" => vec![Change::SetValue { property, value: crate::kernel::Value::List(values) }],
                    other => return Err(Illegal(format!("`{other}` does not apply to a list property"))),
                }
            }
            Primitive::Modify => {
                let property = self.property_arg(call, &a[1])?;
                let op = match self.word_arg(call, &a[2])?.as_str() {
                    "add" => Op::Add,
                    "sub" => Op::Sub,
                    "set" => Op::Set,
                    "set_base" => Op::SetBase,
                    "double" => Op::Double,
                    other => return Err(Illegal(format!("unknown operation `{other}`"))),
                };
                let each = match &a[3] {
                    BoundArg::Absent => 0,
                    arg => self.number_arg(call, arg)?,
                };
                let op = match (&a[6], op) {
                    (BoundArg::Absent, op) => op,
                    (arg, Op::Add) => Op::AddAtLeast(self.number_arg(call, arg)?),
                    _ => return Err(Illegal("`minimum` goes with `add`".into())),
                };
                // An always-on ability's amount counted from the board follows the board (FF 11.9:
                // "+2000 power for every 3 cards with EX Burst in your Damage Zone", 14-112L Larsa).
                let amount = match (live, self.slot(call, &a[3])) {
                    (true, Some(value)) => match self.amount_expr(value)? {
                        Amount::Fixed(_) => Amount::Fixed(each * times),
                        counted => counted,
                    },
                    _ => Amount::Fixed(each * times),
                };
                vec![Change::Property { property, op, amount }]
            }
            Primitive::Control => vec![Change::Controller(self.player_arg(call, &a[1])?)],
            Primitive::ModifyPair => {
                let vocab = &self.state.library.vocab;
                let first = vocab.property(&self.word_arg(call, &a[1])?).ok_or_else(|| Illegal("unknown property".into()))?;
                let second = vocab.property(&self.word_arg(call, &a[2])?).ok_or_else(|| Illegal("unknown property".into()))?;
                let Some(Operand::Pair(x, y)) = self.slot(call, &a[3]) else { return Err(Illegal("`modify_pair` needs a +X/+Y pair".into())) };
                let (x, y) = (self.number(x)? * times, self.number(y)? * times);
                vec![
                    Change::Property { property: first, op: Op::Add, amount: Amount::Fixed(x) },
                    Change::Property { property: second, op: Op::Add, amount: Amount::Fixed(y) },
                ]
            }
            Primitive::Grant | Primitive::Strip => {
                let grant = bound.primitive == Primitive::Grant;
                match self.slot(call, &a[1]) {
                    None => vec![Change::StripAbilities],
                    Some(op) => {
                        let (keywords, written) = self.granted(op)?;
                        let mut changes: Vec<Change> =
                            keywords.into_iter().map(|k| if grant { Change::GrantKeyword(k) } else { Change::RemoveKeyword(k) }).collect();
                        if !written.is_empty() {
                            if !grant {
                                return Err(Illegal("only keywords can be lost by name".into()));
                            }
                            changes.push(Change::GrantAbilities(std::sync::Arc::new(written)));
                        }
                        changes
                    }
                }
            }
            Primitive::Copy => {
                let from = self.objects_arg(call, &a[1])?;
                // Nothing to copy (no attack in progress): nothing changes.
                let Some(original) = from.first() else { return Ok(vec![]) };
                let card = self.state.object(*original).card;
                let blank_text = self.optional_word(call, &a[2])?.is_some_and(|v| v == "true");
                vec![Change::Copy { card, blank_text }]
            }
            Primitive::Forbid | Primitive::Allow => {
                let who = match &a[2] {
                    BoundArg::Absent => None,
                    arg => Some(self.player_arg(call, arg)?),
                };
                let with = match self.slot(call, &a[3]) {
                    // The hook is checked with the affected object as its source: `this` is the
                    // card whose ability made it ("it must block this").
                    Some(crate::ir::Operand::This) => self.source.map(|s| crate::kernel::Selector::Objects(vec![self.state.current(s)])),
                    Some(op) => Some(self.selector(op)?),
                    None => None,
                };
                let zone = match &a[4] {
                    BoundArg::Absent => None,
                    arg => Some(self.zone_name(call, arg)?),
                };
                let ability = match &a[5] {
                    BoundArg::Absent => None,
                    arg => Some(self.keyword_arg(call, arg)?),
                };
                let value = match self.slot(call, &a[6]) {
                    Some(op) => Some(self.value(op)?),
                    None => None,
                };
                // The quantities the named sets carry ("discarding 2 ..."), which a selector does not keep.
                let mut counts = vec![];
                for op in [self.slot(call, &a[3]), self.slot(call, &a[6])].into_iter().flatten() {
                    match op {
                        crate::ir::Operand::Cards { quantity: crate::ir::Quantity::Exactly(n), .. } => counts.push(self.number(n)?),
                        crate::ir::Operand::Cards { .. } => counts.push(0),
                        _ => {}
                    }
                }
                let forbid = bound.primitive == Primitive::Forbid;
                self.word_arg(call, &a[1])?
                    .split_whitespace()
                    .map(|w| {
                        let hook = crate::kernel::Hook { action: w.to_string(), who, with: with.clone(), zone: zone.clone(), ability, value: value.clone(), counts: counts.clone() };
                        if forbid { Change::Forbid(hook) } else { Change::Allow(hook) }
                    })
                    .collect()
            }
            Primitive::GiveFlag => vec![Change::GiveFlag(self.word_arg(call, &a[1])?)],
            Primitive::AddKind => vec![Change::AddKind(self.kind_arg(call, &a[1])?)],
            Primitive::HasEvery => vec![Change::HasEvery(self.property_arg(call, &a[1])?)],
            Primitive::IgnoreEffects => vec![Change::IgnoreEarlier],
            Primitive::Adjust => {
                let amount = Amount::Fixed(self.number_arg(call, &a[2])? * times);
                let mut name = self.word_arg(call, &a[1])?;
                if !matches!(a[3], BoundArg::Absent) {
                    name = self.player_arg(call, &a[3])?.key(&name);
                }
                vec![Change::Adjust { name, amount }]
            }
            p => return Err(Illegal(format!("`{}` is not a rule primitive the kernel applies to cards", p.name()))),
        };
        Ok(changes.into_iter().map(|c| (affected.clone(), c)).collect())
    }

    /// Damage to the cards a rule names, changed as it is dealt: a replacement effect
    /// (SE14 11.13.5.8), locked to the cards named now or (`live`) to all that match.
    pub(super) fn damage_replacement(&self, call: &Call, bound: &crate::vocab::Bound, live: bool, duration: crate::kernel::Duration) -> Result<crate::kernel::replacement::Replacement, Illegal> {
        use crate::kernel::replacement::{EventPattern, Replacement, ReplacementAction};
        let a = &bound.args;
        let subject = match self.slot(call, &a[0]) {
            Some(op) if live => self.selector(op)?,
            Some(Operand::This) => Selector::Objects(self.source.into_iter().collect()),
            Some(op) => Selector::Objects(self.objects(op)?),
            None => return Err(Illegal("`adjust_damage` needs cards".into())),
        };
        if bound.primitive == Primitive::Redirect {
            // FF 11.12.5: "put into X instead of Y" — cards that would go to `from` go to `to`.
            let from = self.zone_name(call, &a[1])?;
            let to = self.zone_name(call, &a[2])?;
            return Ok(Replacement {
                id: self.state.next_effect_id(),
                source: self.source,
                controller: self.controller,
                timestamp: Default::default(),
                pattern: EventPattern::Move { subject, from: None, to: Some(from), reason: None, player: None, by: None },
                action: ReplacementAction::Redirect { zone: to },
                self_replacement: false,
                duration,
                label: self.state.library.vocab.signature(call.template),
                once: false,
            });
        }
        let amount = match &a[2] {
            BoundArg::Absent => 0,
            arg => self.number_arg(call, arg)?,
        };
        let action = match self.word_arg(call, &a[1])?.as_str() {
            "set" => ReplacementAction::Damage { set: Some(amount), multiply: 1, delta: 0 },
            "add" => ReplacementAction::Damage { set: None, multiply: 1, delta: amount },
            "sub" => ReplacementAction::Damage { set: None, multiply: 1, delta: -amount },
            "double" => ReplacementAction::Damage { set: None, multiply: 2, delta: 0 },
            other => return Err(Illegal(format!("unknown damage operation `{other}`"))),
        };
        let once = self.optional_word(call, &a[3])?.is_some_and(|v| v == "true");
        let by = match self.slot(call, &a[4]) {
            Some(Operand::This) => Some(Selector::Objects(self.source.into_iter().collect())),
            Some(op) => Some(self.selector(op)?),
            None => None,
        };
        let battle = match self.optional_word(call, &a[5])?.as_deref() {
            Some("battle") => Some(true),
            Some(_) => Some(false),
            None => None,
        };
        Ok(Replacement {
            id: self.state.next_effect_id(),
            source: self.source,
            controller: self.controller,
            timestamp: Default::default(),
            pattern: EventPattern::Damage { subject, by, battle },
            action,
            self_replacement: false,
            duration,
            label: self.state.library.vocab.signature(call.template),
            once,
        })
    }

    /// Whether an operand is a live set (`every(...)`), which no resolving effect locks.
    fn is_every(&self, op: &Operand) -> bool {
        matches!(op, Operand::Value(call) if self.bound(call).is_ok_and(|b| b.primitive == Primitive::Every))
    }

    fn property_type(&self, call: &Call, arg: &BoundArg) -> Result<crate::vocab::Ty, Illegal> {
        let vocab = &self.state.library.vocab;
        let p = vocab.property(&self.word_arg(call, arg)?).ok_or_else(|| Illegal("unknown property".into()))?;
        Ok(vocab.properties[p.index()].ty.clone())
    }
}

impl Ctx<'_> {
    /// The keywords and written abilities an `ability` operand means.
    pub(super) fn granted(&self, op: &Operand) -> Result<(Vec<crate::vocab::KeywordId>, Vec<crate::ir::AbilityIr>), Illegal> {
        match op {
            Operand::Keyword { keyword, .. } => Ok((vec![*keyword], vec![])),
            Operand::Abilities(list) => Ok((vec![], list.clone())),
            Operand::List(items) => {
                let mut out = (vec![], vec![]);
                for item in items {
                    let (k, w) = self.granted(item)?;
                    out.0.extend(k);
                    out.1.extend(w);
                }
                Ok(out)
            }
            Operand::Binding(name) => match crate::kernel::value::lookup(&self.env, name) {
                Some(Binding::Abilities(list)) => Ok((vec![], list.as_ref().clone())),
                Some(Binding::Value(crate::kernel::Value::Keyword(k))) => Ok((vec![*k], vec![])),
                _ => Err(Illegal(format!("`{name}` holds no abilities"))),
            },
            Operand::Value(call) => {
                let bound = self.bound(call)?;
                if bound.primitive != Primitive::AbilitiesOf {
                    return Err(Illegal(format!("`{}` gives no abilities", bound.primitive.name())));
                }
                let kind = self.optional_word(call, &bound.args[1])?;
                let library = self.state.library.clone();
                let mut out = vec![];
                for object in self.objects_arg(call, &bound.args[0])? {
                    let card = library.card(self.state.object(object).card);
                    out.extend(
                        card.abilities
                            .iter()
                            .filter(|a| kind.as_ref().is_none_or(|k| library.vocab.ability_kinds[a.kind.index()].name == *k))
                            .cloned(),
                    );
                }
                Ok((vec![], out))
            }
            other => Err(Illegal(format!("not an ability: {other:?}"))),
        }
    }
}
