//! IR to kernel data: filters to selectors, counts to amounts, events to patterns, conditions of
//! always-on abilities to kernel conditions, durations to kernel durations.

use crate::ir::{Call, CondIr, FilterIr, Operand, Quantity};
use crate::kernel::replacement::EventPattern;
use crate::kernel::{Amount, Condition, Duration, Illegal, Selector, Value};
use crate::syntax::ast::CmpOp;
use crate::vocab::primitive::Primitive;
use crate::vocab::BoundArg;

use super::Ctx;

impl Ctx<'_> {
    /// The selector for a card-set operand, with bindings resolved to the objects they hold.
    pub fn selector(&self, op: &Operand) -> Result<Selector, Illegal> {
        Ok(match op {
            Operand::This => self.as_it_was.get().map_or(Selector::Source, Selector::AsItWas),
            Operand::Value(call) if self.bound(call).is_ok_and(|b| b.primitive == Primitive::Every) => {
                let bound = self.bound(call)?;
                let mut all = vec![Selector::Kind(self.kind_arg(call, &bound.args[0])?)];
                if !matches!(bound.args[1], BoundArg::Absent) {
                    all.push(Selector::ControlledBy(self.player_arg(call, &bound.args[1])?));
                }
                if let (false, Some(has)) = (matches!(bound.args[2], BoundArg::Absent), self.slot(call, &bound.args[3])) {
                    let property = self.property_arg(call, &bound.args[2])?;
                    all.push(Selector::Has { property, value: self.value(has)? });
                }
                Selector::And(all)
            }
            Operand::Binding(_) | Operand::Value(_) => Selector::Objects(self.objects(op)?),
            Operand::Cards { kind, filter, .. } => {
                let mut all = vec![Selector::Kind(*kind)];
                for f in filter {
                    all.push(self.filter(f)?);
                }
                // A kind named without a zone means the field (Trails 203.3; FF card text), or the
                // zone the game gives that kind (Trails 203.4: EVENTs and BASEs in the homebase).
                if !all.iter().any(mentions_zone) && !self.any_zone.get() {
                    let config = &self.state.config;
                    let zone = config.kind_zones.iter().find(|(k, _)| k == kind).map_or(config.default_zone, |(_, z)| *z);
                    all.push(Selector::InZone(zone));
                }
                Selector::And(all)
            }
            other => return Err(Illegal(format!("not a set of cards: {other:?}"))),
        })
    }

    fn filter(&self, f: &FilterIr) -> Result<Selector, Illegal> {
        Ok(match f {
            FilterIr::Kind(k) => Selector::Kind(*k),
            FilterIr::Compare { property, op, value } => Selector::Compare { property: *property, op: *op, value: self.number(value)? },
            FilterIr::Has { property, value } => Selector::Has { property: *property, value: self.value(value)? },
            FilterIr::Not(inner) => Selector::Not(Box::new(self.filter(inner)?)),
            FilterIr::Or(fs) => Selector::Or(fs.iter().map(|f| self.filter(f)).collect::<Result<_, _>>()?),
            FilterIr::And(fs) => Selector::And(fs.iter().map(|f| self.filter(f)).collect::<Result<_, _>>()?),
            FilterIr::Pred(call) => self.filter_call(call)?,
        })
    }

    /// A `filter` phrase through its primitives (all must hold); the candidate is implicit.
    fn filter_call(&self, call: &Call) -> Result<Selector, Illegal> {
        let mut all = self.bounds(call)?.iter().map(|b| self.filter_one(call, b)).collect::<Result<Vec<_>, _>>()?;
        Ok(if all.len() == 1 { all.swap_remove(0) } else { Selector::And(all) })
    }

    fn filter_one(&self, call: &Call, bound: &crate::vocab::Bound) -> Result<Selector, Illegal> {
        let word = |i: usize| self.word_arg(call, &bound.args[i]);
        Ok(match bound.primitive {
            Primitive::HasFlag => {
                let flag = Selector::Flag(word(1)?.into());
                match &bound.args[2] {
                    BoundArg::Absent => flag,
                    arg if self.word_arg(call, arg)? == "false" => Selector::Not(Box::new(flag)),
                    _ => flag,
                }
            }
            Primitive::InZone => {
                let mut zone = Selector::InZone(self.zone_name(call, &bound.args[1])?.into());
                // "in your staging area": that player's zone, whose cards they control.
                if let Some(Operand::Zone { owner: Some(who), .. }) = self.slot(call, &bound.args[1]) {
                    zone = Selector::And(vec![zone, Selector::ControlledBy(self.player(who)?)]);
                }
                match &bound.args[2] {
                    BoundArg::Absent => zone,
                    _ => Selector::And(vec![zone, Selector::OnTop]),
                }
            }
            Primitive::MovedBy => Selector::MovedBy(self.movers(call, bound)?),
            Primitive::Controls => {
                let who = Selector::ControlledBy(self.player_arg(call, &bound.args[0])?);
                match &bound.args[2] {
                    BoundArg::Absent => who,
                    arg => Selector::And(vec![who, Selector::InZone(self.zone_name(call, arg)?.into())]),
                }
            }
            Primitive::Owns => Selector::OwnedBy(self.player_arg(call, &bound.args[0])?),
            Primitive::Other => match self.slot(call, &bound.args[0]) {
                Some(op) => Selector::Not(Box::new(Selector::Objects(self.objects(op)?))),
                None => Selector::NotSource,
            },
            Primitive::HasAbility => Selector::HasKeyword(self.keyword_arg(call, &bound.args[1])?),
            Primitive::Shares => {
                let property = self.property_arg(call, &bound.args[0])?;
                Selector::Shares { property, with: self.objects_arg(call, &bound.args[1])? }
            }
            Primitive::SharesKind => Selector::SharesKind(self.objects_arg(call, &bound.args[0])?),
            Primitive::Contains => {
                let property = self.property_arg(call, &bound.args[0])?;
                let text = match self.slot(call, &bound.args[1]) {
                    Some(op) => match self.value(op)? {
                        Value::Text(t) => t,
                        other => return Err(Illegal(format!("`contains` needs text, found {other:?}"))),
                    },
                    None => self.word_arg(call, &bound.args[1])?,
                };
                Selector::Contains { property, text }
            }
            Primitive::IsKind => Selector::Kind(self.kind_arg(call, &bound.args[1])?),
            Primitive::Among => Selector::Objects(self.objects_arg(call, &bound.args[0])?),
            Primitive::Extreme => {
                let property = self.property_arg(call, &bound.args[0])?;
                let among = self.slot(call, &bound.args[1]).ok_or_else(|| Illegal("`extreme` needs cards".into()))?;
                Selector::Extreme { property, highest: word(2)? == "highest", among: Box::new(self.selector(among)?) }
            }
            Primitive::Host => Selector::HostOfSource,
            Primitive::IsDamaged => Selector::Damaged,
            Primitive::HasSeveral => Selector::Several(self.property_arg(call, &bound.args[1])?),
            Primitive::HasCounters => {
                let at_least = if matches!(bound.args[2], BoundArg::Absent) { 1 } else { self.number_arg(call, &bound.args[2])? };
                Selector::Counters { name: word(1)?.to_lowercase().into(), at_least }
            }
            // A state the game's procedures keep as a flag (`attacking`, `blocking`); with cards, one relating the
            // candidate to them (`blocked by this`).
            Primitive::GameState => {
                let name = self.game_state_name(call, bound)?.into();
                match self.slot(call, &bound.args[1]) {
                    Some(what) => Selector::Related { name, with: self.objects(what)? },
                    None => Selector::Flag(name),
                }
            }
            p => return Err(Illegal(format!("`{}` cannot be a filter", p.name()))),
        })
    }

    /// A condition an always-on ability checks continuously.
    pub fn static_condition(&self, cond: &CondIr) -> Result<Condition, Illegal> {
        Ok(match cond {
            CondIr::Not(c) => Condition::Not(Box::new(self.static_condition(c)?)),
            CondIr::And(cs) => Condition::All(cs.iter().map(|c| self.static_condition(c)).collect::<Result<_, _>>()?),
            CondIr::Or(cs) => Condition::Any(cs.iter().map(|c| self.static_condition(c)).collect::<Result<_, _>>()?),
            CondIr::Compare { left: Operand::Count(set), op, right: right @ Operand::Number(_) } => {
                Condition::Count { selector: self.selector(set)?, op: *op, value: self.number(right)? }
            }
            CondIr::Compare { left, op, right } => Condition::Compare { left: self.amount_expr(left)?, op: *op, right: self.amount_expr(right)? },
            CondIr::Pred(call) => {
                let parts = self.bounds(call)?.iter().map(|b| self.condition_one(call, b)).collect::<Result<Vec<_>, _>>()?;
                if parts.len() == 1 { parts.into_iter().next().expect("one part") } else { Condition::All(parts) }
            }
        })
    }

    fn condition_one(&self, call: &Call, bound: &crate::vocab::Bound) -> Result<Condition, Illegal> {
        Ok({
            {
                match bound.primitive {
                    Primitive::Controls => {
                        let who = self.player_arg(call, &bound.args[0])?;
                        let what = self.slot(call, &bound.args[1]).ok_or_else(|| Illegal("`controls` needs cards".into()))?;
                        let mut parts = vec![self.selector(what)?, Selector::ControlledBy(who)];
                        if !matches!(bound.args[2], BoundArg::Absent) {
                            parts.push(Selector::InZone(self.zone_name(call, &bound.args[2])?.into()));
                        }
                        let selector = Selector::And(parts);
                        // "you control 2 Forwards": at least 2.
                        let value = match what {
                            Operand::Cards { quantity: crate::ir::Quantity::Exactly(n) | crate::ir::Quantity::UpTo(n), .. } => self.number(n)?.max(1),
                            _ => 1,
                        };
                        // `none: true`: "your opponent doesn't control Forwards" (3-142H Famed Mimic Gogo).
                        if !matches!(bound.args[3], BoundArg::Absent) && self.word_arg(call, &bound.args[3])? == "true" {
                            return Ok(Condition::Count { selector, op: CmpOp::Eq, value: 0 });
                        }
                        Condition::Count { selector, op: CmpOp::Ge, value }
                    }
                    Primitive::IsDamaged => {
                        let what = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`is_damaged` needs cards".into()))?;
                        Condition::Count { selector: Selector::And(vec![self.selector(what)?, Selector::Damaged]), op: CmpOp::Ge, value: 1 }
                    }
                    Primitive::HasFlag => {
                        let what = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`has_flag` needs cards".into()))?;
                        let mut flag = Selector::Flag(self.word_arg(call, &bound.args[1])?.into());
                        if !matches!(bound.args[2], BoundArg::Absent) && self.word_arg(call, &bound.args[2])? == "false" {
                            flag = Selector::Not(Box::new(flag));
                        }
                        // Every card named has it (none named: the condition fails).
                        let cards = self.selector(what)?;
                        let without = Selector::And(vec![cards.clone(), Selector::Not(Box::new(flag))]);
                        Condition::All(vec![
                            Condition::Count { selector: cards, op: CmpOp::Ge, value: 1 },
                            Condition::Count { selector: without, op: CmpOp::Eq, value: 0 },
                        ])
                    }
                    Primitive::IsKind | Primitive::HasAbility | Primitive::HasCounters | Primitive::HasSeveral => {
                        let what = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("needs cards".into()))?;
                        let test = self.filter_one(call, bound)?;
                        Condition::Count { selector: Selector::And(vec![self.selector(what)?, test]), op: CmpOp::Ge, value: 1 }
                    }
                    Primitive::InZone => {
                        let what = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`in_zone` needs cards".into()))?;
                        let selector = Selector::And(vec![self.selector(what)?, Selector::InZone(self.zone_name(call, &bound.args[1])?.into())]);
                        Condition::Count { selector, op: CmpOp::Ge, value: 1 }
                    }
                    Primitive::GameState => {
                        let name = self.game_state_name(call, bound)?;
                        match self.slot(call, &bound.args[1]) {
                            Some(what) => {
                                // With a player: a card of theirs the game marked, in any zone.
                                let marked_by_player = !matches!(bound.args[2], BoundArg::Absent);
                                let cards = self.in_any_zone(marked_by_player, |ctx| ctx.selector(what))?;
                                let mut parts = vec![cards, Selector::Flag(name.into())];
                                if marked_by_player {
                                    parts.push(Selector::ControlledBy(self.player_arg(call, &bound.args[2])?));
                                }
                                Condition::Count { selector: Selector::And(parts), op: CmpOp::Ge, value: 1 }
                            }
                            None => Condition::PlayerFlag { player: self.player_arg(call, &bound.args[2])?, name },
                        }
                    }
                    Primitive::Tracked => {
                        let key = self.tracked_key(call, bound)?;
                        let property = match &bound.args[2] {
                            BoundArg::Absent => None,
                            arg => Some(self.property_arg(call, arg)?),
                        };
                        let value = match self.slot(call, &bound.args[3]) {
                            Some(op) => Some(self.value(op)?),
                            None => None,
                        };
                        Condition::Tracked { key, property, value }
                    }
                    Primitive::ZoneCount => {
                        let (zone, player) = (self.zone_name(call, &bound.args[0])?, self.player_arg(call, &bound.args[1])?);
                        let op = compare_op(&self.word_arg(call, &bound.args[2])?);
                        let value = self.number_arg(call, &bound.args[3])?;
                        match &bound.args[4] {
                            BoundArg::Absent => Condition::Compare { left: Amount::InZone { player, zone }, op, right: Amount::Fixed(value) },
                            arg => {
                                let kind = self.kind_arg(call, arg)?;
                                let selector = Selector::And(vec![Selector::Kind(kind), Selector::InZone(zone.into()), Selector::OwnedBy(player)]);
                                Condition::Count { selector, op, value }
                            }
                        }
                    }
                    Primitive::MovedBy => {
                        let subject = self.slot(call, &bound.args[1]).ok_or_else(|| Illegal("`moved_by` as a condition needs its subject".into()))?;
                        let selector = Selector::And(vec![self.selector(subject)?, Selector::MovedBy(self.movers(call, bound)?)]);
                        Condition::Count { selector, op: CmpOp::Ge, value: 1 }
                    }
                    Primitive::Compare => {
                        let op = compare_op(&self.word_arg(call, &bound.args[1])?);
                        let side = |arg: &BoundArg| -> Result<Amount, Illegal> {
                            match self.slot(call, arg) {
                                Some(op) => self.amount_expr(op),
                                None => Ok(Amount::Fixed(self.number_arg(call, arg)?)),
                            }
                        };
                        Condition::Compare { left: side(&bound.args[0])?, op, right: side(&bound.args[2])? }
                    }
                    p => return Err(Illegal(format!("`{}` cannot be checked continuously yet", p.name()))),
                }
            }
        })
    }

    /// The cards whose Summon or ability caused an event: those `by` names, controlled by the
    /// player `by_player` names ("due to your Summons or abilities").
    fn by_cards_of(&self, call: &Call, by: &BoundArg, by_player: &BoundArg) -> Result<Option<Selector>, Illegal> {
        let cards = match self.slot(call, by) {
            Some(op) => Some(self.selector(op)?),
            None => None,
        };
        Ok(match (cards, by_player) {
            (cards, BoundArg::Absent) => cards,
            (None, arg) => Some(Selector::ControlledBy(self.player_arg(call, arg)?)),
            (Some(cards), arg) => Some(Selector::And(vec![cards, Selector::ControlledBy(self.player_arg(call, arg)?)])),
        })
    }

    /// The cards whose abilities a `moved_by` names: `what`, or this ability's card.
    fn movers(&self, call: &Call, bound: &crate::vocab::Bound) -> Result<Vec<crate::kernel::ObjectId>, Illegal> {
        match self.slot(call, &bound.args[0]) {
            Some(op) => self.objects(op),
            None => Ok(self.source.into_iter().collect()),
        }
    }

    /// A number an always-on condition keeps reading: counts, property sums, resources, constants.
    pub(crate) fn amount_expr(&self, op: &Operand) -> Result<Amount, Illegal> {
        Ok(match op {
            Operand::Count(set) => Amount::PerMatch { each: 1, selector: self.selector(set)? },
            Operand::Property { property, of } => Amount::Property { property: *property, selector: self.selector(of)? },
            Operand::Value(call) => {
                let bound = self.bound(call)?;
                match bound.primitive {
                    Primitive::ResourceOf => Amount::Resource { player: self.player_arg(call, &bound.args[0])?, name: self.word_arg(call, &bound.args[1])? },
                    // A number property sums ("the total cost of them", equal costs counted each
                    // time); any other counts different values ("the number of different Elements").
                    Primitive::PropertyOf => {
                        let property = self.property_arg(call, &bound.args[1])?;
                        let of = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`property_of` needs cards".into()))?;
                        let selector = self.selector(of)?;
                        match self.state.library.vocab.properties[property.index()].ty {
                            crate::vocab::Ty::Number | crate::vocab::Ty::Signed => Amount::Property { property, selector },
                            _ => Amount::Distinct { property, selector },
                        }
                    }
                    Primitive::Counters => {
                        let of = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`counters` needs cards".into()))?;
                        Amount::Counters { selector: self.selector(of)?, name: self.word_arg(call, &bound.args[1])?.to_lowercase() }
                    }
                    Primitive::Tracked if matches!(bound.args[2], BoundArg::Absent) => Amount::Tracked { key: self.tracked_key(call, &bound)? },
                    Primitive::CountIn => {
                        let (zone, mut player) = match self.slot(call, &bound.args[0]) {
                            Some(Operand::Zone { zone, owner: Some(who) }) => (zone.clone(), self.player(who)?),
                            _ => (self.zone_name(call, &bound.args[0])?, self.controller),
                        };
                        if !matches!(bound.args[1], BoundArg::Absent) {
                            player = self.player_arg(call, &bound.args[1])?;
                        }
                        Amount::InZone { player, zone }
                    }
                    _ => Amount::Fixed(self.number(op)?),
                }
            }
            // Arithmetic on a number that changes changes with it ("+2000 power for every 3 cards").
            Operand::Arith { left, op: arith, right } => match (self.amount_expr(left)?, self.amount_expr(right)?) {
                (Amount::Fixed(_), Amount::Fixed(_)) => Amount::Fixed(self.number(op)?),
                (left, right) => Amount::Arith { left: Box::new(left), op: *arith, right: Box::new(right) },
            },
            // Anything else is fixed when the ability starts (FF 11.12.4.3 for variables).
            other => Amount::Fixed(self.number(other)?),
        })
    }

    /// An event phrase as a pattern, for triggers and replacements; several primitives match
    /// any of their events ("blocks or is blocked").
    pub fn pattern(&self, call: &Call) -> Result<EventPattern, Illegal> {
        let mut any = self.bounds(call)?.iter().map(|b| self.pattern_one(call, b)).collect::<Result<Vec<_>, _>>()?;
        Ok(if any.len() == 1 { any.swap_remove(0) } else { EventPattern::Any(any) })
    }

    fn pattern_one(&self, call: &Call, bound: &crate::vocab::Bound) -> Result<EventPattern, Illegal> {
        let cards = |i: usize| -> Result<Selector, Illegal> {
            match self.slot(call, &bound.args[i]) {
                Some(op) => self.selector(op),
                None => Ok(Selector::All),
            }
        };
        let zone = |i: usize| -> Result<Option<String>, Illegal> {
            match &bound.args[i] {
                BoundArg::Absent => Ok(None),
                arg => self.zone_name(call, arg).map(Some),
            }
        };
        let word = |i: usize| -> Result<Option<String>, Illegal> {
            match &bound.args[i] {
                BoundArg::Absent => Ok(None),
                arg => self.word_arg(call, arg).map(Some),
            }
        };
        Ok(match bound.primitive {
            Primitive::Moved => {
                let player = match &bound.args[4] {
                    BoundArg::Absent => None,
                    arg => Some(self.player_arg(call, arg)?),
                };
                let by = self.by_cards_of(call, &bound.args[5], &bound.args[7])?;
                let pattern = EventPattern::Move { subject: cards(0)?, from: zone(1)?, to: zone(2)?, reason: word(3)?, player, by };
                if word(6)?.as_deref() == Some("true") { EventPattern::Asked(Box::new(pattern)) } else { pattern }
            }
            Primitive::Damaged => {
                let by = match self.slot(call, &bound.args[1]) {
                    Some(op) => Some(self.selector(op)?),
                    None => None,
                };
                // `battle: true`: only damage dealt in a battle (FF 10.1.4.2), not by Summons or abilities.
                EventPattern::Damage { subject: cards(0)?, by, battle: word(2)?.map(|v| v == "true") }
            }
            Primitive::FlagChanged => {
                let value = word(2)?.map(|v| v != "false");
                let by = self.by_cards_of(call, &bound.args[3], &bound.args[4])?;
                EventPattern::Flag { subject: cards(0)?, flag: self.word_arg(call, &bound.args[1])?, value, by }
            }
            Primitive::ResourceChanged => {
                let sign = match word(2)?.as_deref() {
                    Some("gain") => Some(1),
                    Some("lose") => Some(-1),
                    _ => None,
                };
                EventPattern::Resource { player: Some(self.player_arg(call, &bound.args[0])?), name: self.word_arg(call, &bound.args[1])?, sign }
            }
            Primitive::Signal => {
                // What a game announces names its cards wherever they are (a Summon on the stack).
                let subject = self.in_any_zone(true, |ctx| ctx.slot(call, &bound.args[1]).map(|op| ctx.selector(op)).transpose())?;
                let player = match &bound.args[2] {
                    BoundArg::Absent => None,
                    arg => Some(self.player_arg(call, arg)?),
                };
                // A detail the announcement must name (FF 9.3.1.1 "your Main Phase 1": `first`), or a zone.
                let detail = match word(3)? {
                    Some(d) => Some(d),
                    None => zone(4)?,
                };
                let pattern = EventPattern::Signal { name: self.word_arg(call, &bound.args[0])?, subject, player, zone: detail };
                if word(5)?.as_deref() == Some("true") { EventPattern::LaterTurn { turn: self.state.turn, pattern: Box::new(pattern) } } else { pattern }
            }
            p => return Err(Illegal(format!("`{}` is not an event", p.name()))),
        })
    }

    /// A duration phrase; none means for the rest of the game (FF 11.12.4.1).
    pub fn duration(&self, call: Option<&Call>) -> Result<Duration, Illegal> {
        let Some(call) = call else { return Ok(Duration::Forever) };
        let bound = self.bound(call)?;
        Ok(match bound.primitive {
            Primitive::Until => {
                let point = self.word_arg(call, &bound.args[0])?;
                Duration::Until(match &bound.args[1] {
                    BoundArg::Absent => point,
                    arg => self.player_arg(call, arg)?.key(&point),
                })
            }
            Primitive::WhileFlag => {
                let objects = self.objects_arg(call, &bound.args[0])?;
                let object = objects.first().copied().or(self.source).ok_or_else(|| Illegal("nothing to wait on".into()))?;
                Duration::WhileFlag(object, self.word_arg(call, &bound.args[1])?)
            }
            Primitive::WhileIn => {
                let what = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`while_in` needs cards".into()))?;
                let objects = match what {
                    Operand::This => self.source.into_iter().collect(),
                    other => self.objects(other)?,
                };
                let first = objects.first().copied().ok_or_else(|| Illegal("nothing to wait on".into()))?;
                // A card this effect just moved is waited on where it went ("while it remains
                // removed from the game"); one something else moved has already gone.
                Duration::WhileIn(self.still_here(first).unwrap_or(first))
            }
            p => return Err(Illegal(format!("`{}` is not a duration", p.name()))),
        })
    }

    /// How many a quantity allows: (min, max) out of `available`.
    pub fn quantity_range(&self, quantity: &Quantity, available: usize) -> Result<(usize, usize), Illegal> {
        Ok(match quantity {
            Quantity::Exactly(n) => {
                let n = self.number(n)?.max(0) as usize;
                (n.min(available), n.min(available))
            }
            Quantity::UpTo(n) => (0, (self.number(n)?.max(0) as usize).min(available)),
            Quantity::AnyNumber => (0, available),
            Quantity::All => (available, available),
        })
    }

    pub fn value(&self, op: &Operand) -> Result<Value, Illegal> {
        Ok(match op {
            Operand::Text(t) => Value::Text(t.clone()),
            // A printed cost (`{f}{2}`) as a value: its symbols, for the game's payment to read.
            Operand::Symbols(symbols) => Value::Text(symbols.join(" ")),
            Operand::Variant(e, v) => Value::Variant(*e, *v),
            Operand::Keyword { keyword, .. } => Value::Keyword(*keyword),
            Operand::Cards { .. } | Operand::This => Value::Cards(Box::new(self.selector(op)?)),
            Operand::List(items) => Value::List(items.iter().map(|i| self.value(i)).collect::<Result<_, _>>()?),
            Operand::Value(call) if self.bound(call)?.primitive == Primitive::Remembered => {
                let bound = self.bound(call)?;
                let name = self.word_arg(call, &bound.args[0])?;
                self.assert_kept(&name);
                let of = match self.slot(call, &bound.args[1]) {
                    Some(op) => self.objects(op)?.first().copied(),
                    None => self.source,
                };
                // Nothing remembered yet means none ("those organizations" before any were chosen), as does no card.
                of.and_then(|o| self.state.remembered(self.state.current(o), &name)).cloned().unwrap_or(Value::List(vec![]))
            }
            Operand::Value(call) if self.bound(call)?.primitive == Primitive::AbilitiesOf => {
                // Abilities as a value: their names, for a rule that names them.
                let bound = self.bound(call)?;
                let mut names = vec![];
                for object in self.objects_arg(call, &bound.args[0])? {
                    let card = self.state.library.card(self.state.object(object).card);
                    names.extend(card.abilities.iter().filter_map(|a| a.name.clone()).map(Value::Text));
                }
                Value::List(names)
            }
            Operand::Value(call) if self.bound(call)?.primitive == Primitive::PropertyOf => {
                let bound = self.bound(call)?;
                let property = self.property_arg(call, &bound.args[1])?;
                let of = self.slot(call, &bound.args[0]).cloned().ok_or_else(|| Illegal("`property_of` needs cards".into()))?;
                self.value(&Operand::Property { property, of: Box::new(of) })?
            }
            Operand::Property { property, of } => {
                // A list property of cards, gathered: `the organizations of unit(you control)`.
                let mut items = vec![];
                for o in self.objects(of)? {
                    match self.state.characteristics(o).get(*property) {
                        Some(Value::List(list)) => items.extend(list.iter().cloned()),
                        Some(v) => items.push(v.clone()),
                        None => {}
                    }
                }
                items.sort();
                items.dedup();
                Value::List(items)
            }
            Operand::Binding(name) => match crate::kernel::value::lookup(&self.env, name) {
                Some(crate::kernel::Binding::Value(v)) => v.clone(),
                Some(crate::kernel::Binding::Number(n)) => Value::Number(*n),
                // Cards as a value (to remember them): where they are now, after a move.
                Some(crate::kernel::Binding::Objects(list)) => {
                    Value::Cards(Box::new(Selector::Objects(list.iter().map(|o| self.state.current(*o)).collect())))
                }
                _ => return Err(Illegal(format!("`{name}` holds no value"))),
            },
            other => Value::Number(self.number(other)?),
        })
    }
}

pub fn compare_op(word: &str) -> CmpOp {
    match word {
        "lt" => CmpOp::Lt,
        "le" => CmpOp::Le,
        "gt" => CmpOp::Gt,
        "ge" => CmpOp::Ge,
        "ne" => CmpOp::Ne,
        _ => CmpOp::Eq,
    }
}

fn mentions_zone(s: &Selector) -> bool {
    match s {
        Selector::InZone(_) | Selector::Objects(_) | Selector::Source => true,
        Selector::And(all) | Selector::Or(all) => all.iter().any(mentions_zone),
        // "not among them", "not in the Break Zone": a negation does not say where the cards are.
        Selector::Not(_) => false,
        _ => false,
    }
}

