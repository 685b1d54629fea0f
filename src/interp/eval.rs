//! Evaluating operands: which objects, players, zones and numbers an effect means right now.

use std::sync::Arc;

use crate::ir::{Call, Operand};
use crate::kernel::value::lookup;
use crate::kernel::{Binding, Illegal, ObjectId, PlayerId, ZoneId};
use crate::syntax::ast::ArithOp;
use crate::vocab::primitive::Primitive;
use crate::vocab::{Bound, BoundArg};

use super::Ctx;

/// The first primitive of a phrase's implementation (never empty: `Ctx::bounds` refuses an
/// empty one), shared with the vocabulary rather than copied.
pub struct FirstBound(Arc<Vec<Bound>>);

impl std::ops::Deref for FirstBound {
    type Target = Bound;

    fn deref(&self) -> &Bound {
        &self.0[0]
    }
}

impl Ctx<'_> {
    /// The primitives a phrase is bound to, or why it cannot run.
    pub fn bounds(&self, call: &Call) -> Result<Arc<Vec<Bound>>, Illegal> {
        let vocab = &self.state.library.vocab;
        let bounds = &vocab.templates[call.template.index()].implementation;
        if bounds.is_empty() {
            return Err(Illegal(format!("`{}` has no implementation in {}", vocab.signature(call.template), vocab.game)));
        }
        Ok(bounds.clone())
    }

    /// The first primitive of a phrase (values and durations use one).
    pub fn bound(&self, call: &Call) -> Result<FirstBound, Illegal> {
        Ok(FirstBound(self.bounds(call)?))
    }

    /// The operand a bound argument takes from the phrase's slot.
    pub fn slot<'c>(&self, call: &'c Call, arg: &BoundArg) -> Option<&'c Operand> {
        match arg {
            BoundArg::Slot(i) => call.args.get(*i).filter(|op| **op != Operand::Absent),
            _ => None,
        }
    }

    /// The game state a `game_state` binding asks about: its name, with the value it names if it has one
    /// (`has: n`, `kernel::value::state_with_value`).
    pub fn game_state_name(&self, call: &Call, bound: &Bound) -> Result<String, Illegal> {
        let name = self.word_arg(call, &bound.args[0])?;
        self.assert_kept(&name);
        let value = match bound.args.get(3) {
            None | Some(BoundArg::Absent) => return Ok(name),
            Some(arg) => match self.slot(call, arg) {
                Some(op) => self.state.show_value(&self.value(op)?),
                None => self.word_arg(call, arg)?,
            },
        };
        Ok(crate::kernel::value::state_with_value(&name, &value))
    }

    /// A word argument: a literal, or the text/enum value a slot holds.
    pub fn word_arg(&self, call: &Call, arg: &BoundArg) -> Result<String, Illegal> {
        match arg {
            BoundArg::Word(w) => Ok(w.clone()),
            BoundArg::Text(t) => Ok(t.clone()),
            BoundArg::Number(n) => Ok(n.to_string()),
            BoundArg::Slot(_) => match self.slot(call, arg) {
                Some(Operand::Text(t)) => Ok(t.clone()),
                Some(Operand::Variant(e, v)) => Ok(self.state.library.vocab.enums[e.index()].variants[*v as usize].clone()),
                other => Err(Illegal(format!("expected a word, found {other:?}"))),
            },
            BoundArg::Absent | BoundArg::Negated(_) => Err(Illegal("expected a word".into())),
        }
    }

    pub fn number_arg(&self, call: &Call, arg: &BoundArg) -> Result<i64, Illegal> {
        match arg {
            BoundArg::Number(n) => Ok(*n),
            BoundArg::Absent => Ok(0),
            BoundArg::Negated(i) => match call.args.get(*i) {
                Some(op) => Ok(-self.number(op)?),
                None => Err(Illegal("expected a number".into())),
            },
            _ => match self.slot(call, arg) {
                Some(op) => self.number(op),
                None => Err(Illegal("expected a number".into())),
            },
        }
    }

    pub fn player_arg(&self, call: &Call, arg: &BoundArg) -> Result<PlayerId, Illegal> {
        match arg {
            BoundArg::Word(w) => self.player_word(w),
            _ => match self.slot(call, arg) {
                Some(op) => self.player(op),
                None => Ok(self.controller),
            },
        }
    }

    pub fn objects_arg(&self, call: &Call, arg: &BoundArg) -> Result<Vec<ObjectId>, Illegal> {
        match self.slot(call, arg) {
            Some(op) => self.objects(op),
            None => Ok(vec![]),
        }
    }

    /// Audited games: what a phrase reads by `name` (a list, a state, a remembered value) is kept, as the game keeps it
    /// only for the cards of the game that read it (`game_reads`).
    pub fn assert_kept(&self, name: &str) {
        if self.state.audit {
            assert!(super::reach::game_reads(self.state, name), "`{name}` is read, but no card of the game reads it: the game does not keep it");
        }
    }

    /// The key of a tracked list: `name`, or `name@seat` for one player's.
    pub fn tracked_key(&self, call: &Call, bound: &Bound) -> Result<String, Illegal> {
        let name = self.word_arg(call, &bound.args[0])?;
        self.assert_kept(&name);
        Ok(match &bound.args[1] {
            BoundArg::Absent => name,
            arg => self.player_arg(call, arg)?.key(&name),
        })
    }

    pub fn property_arg(&self, call: &Call, arg: &BoundArg) -> Result<crate::vocab::PropId, Illegal> {
        let word = self.word_arg(call, arg)?;
        self.state.library.vocab.property(&word).ok_or_else(|| Illegal(format!("unknown property `{word}`")))
    }

    pub fn kind_arg(&self, call: &Call, arg: &BoundArg) -> Result<crate::vocab::KindId, Illegal> {
        let word = self.word_arg(call, arg)?;
        self.state.library.vocab.kind_plural(&word).ok_or_else(|| Illegal(format!("unknown kind `{word}`")))
    }

    /// The keyword an `ability` argument names.
    pub fn keyword_arg(&self, call: &Call, arg: &BoundArg) -> Result<crate::vocab::KeywordId, Illegal> {
        match self.slot(call, arg) {
            Some(Operand::Keyword { keyword, .. }) => Ok(*keyword),
            Some(Operand::Binding(name)) => match lookup(&self.env, name) {
                Some(Binding::Value(crate::kernel::Value::Keyword(k))) => Ok(*k),
                _ => Err(Illegal(format!("`{name}` is not a keyword"))),
            },
            other => Err(Illegal(format!("expected a keyword, found {other:?}"))),
        }
    }

    /// The zone name a bound argument names (a literal zone word or a zone slot).
    pub fn zone_name(&self, call: &Call, arg: &BoundArg) -> Result<String, Illegal> {
        match arg {
            BoundArg::Word(w) => Ok(w.clone()),
            _ => match self.slot(call, arg) {
                Some(Operand::Zone { zone, .. }) => Ok(zone.clone()),
                other => Err(Illegal(format!("expected a zone, found {other:?}"))),
            },
        }
    }

    /// The zone instance meant, for an object of `owner` when the zone names no player.
    pub fn zone_arg(&self, call: &Call, arg: &BoundArg, owner: PlayerId) -> Result<ZoneId, Illegal> {
        let (name, player) = match arg {
            BoundArg::Word(w) => (w.clone(), owner),
            _ => match self.slot(call, arg) {
                // "its owner's hand": the owner of the card being put there (FF 6.2.1, 7.3).
                Some(Operand::Zone { zone, owner: Some(who) }) if matches!(who.as_ref(), Operand::Player(w) if w == "owner") => (zone.clone(), owner),
                Some(Operand::Zone { zone, owner: Some(who) }) => (zone.clone(), self.player(who)?),
                Some(Operand::Zone { zone, owner: None }) => (zone.clone(), owner),
                other => return Err(Illegal(format!("expected a zone, found {other:?}"))),
            },
        };
        self.state.zone_id(&name, Some(player)).ok_or_else(|| Illegal(format!("no zone `{name}`")))
    }

    /// `you`, `opponent`, `owner`, `controller`, or a player the game declares.
    pub fn player_word(&self, word: &str) -> Result<PlayerId, Illegal> {
        match word {
            "you" => Ok(self.controller),
            "opponent" => Ok(self.state.opponent_of(self.controller)),
            "owner" => Ok(self.source.map_or(self.controller, |s| self.state.object(s).owner)),
            // The source's controller now, read from its characteristics only for this word.
            "controller" => Ok(self.source.map_or(self.controller, |s| self.state.characteristics(s).controller)),
            "turn_player" | "active_player" => Ok(self.state.turn_player),
            // Whoever makes the choice being made (`each player selects ... they control`).
            "chooser" => match lookup(&self.env, "chooser") {
                Some(Binding::Player(p)) => Ok(*p),
                _ => Ok(self.controller),
            },
            other => Err(Illegal(format!("the kernel does not know the player `{other}`"))),
        }
    }

    pub fn player(&self, op: &Operand) -> Result<PlayerId, Illegal> {
        match op {
            Operand::Player(w) => self.player_word(w),
            Operand::Binding(name) => match lookup(&self.env, name) {
                Some(Binding::Player(p)) => Ok(*p),
                _ => Err(Illegal(format!("`{name}` is not a player"))),
            },
            Operand::Value(call) => {
                let bound = self.bound(call)?;
                let objects = self.objects_arg(call, &bound.args[0])?;
                let first = objects.first().ok_or_else(|| Illegal("no card to read a player from".into()))?;
                match bound.primitive {
                    Primitive::Owner => Ok(self.state.object(*first).owner),
                    Primitive::Controller => Ok(self.state.controller(*first)),
                    p => Err(Illegal(format!("`{}` gives no player", p.name()))),
                }
            }
            other => Err(Illegal(format!("not a player: {other:?}"))),
        }
    }

    /// How many cards a card-set operand means now; a filter also counts the cards a player is
    /// treated as controlling (Trails 1329.1: "for each UNIT you control").
    pub fn count(&self, set: &Operand) -> Result<i64, Illegal> {
        let pretended = match set {
            Operand::Cards { .. } => self.state.pretended(&self.selector(set)?),
            _ => 0,
        };
        Ok(self.objects(set)?.len() as i64 + pretended)
    }

    /// The objects a card-set operand means now (all matching ones for a filter).
    pub fn objects(&self, op: &Operand) -> Result<Vec<ObjectId>, Illegal> {
        match op {
            Operand::This => Ok(self.as_it_was.get().or(self.source).into_iter().collect()),
            Operand::Binding(name) => match lookup(&self.env, name) {
                Some(Binding::Objects(list)) => Ok(list.clone()),
                _ => Err(Illegal(format!("`{name}` holds no cards"))),
            },
            Operand::Cards { .. } => {
                let selector = self.selector(op)?;
                let view = self.state.view();
                Ok(self.state.matching(&view, &selector, self.source))
            }
            Operand::List(items) => Ok(items.iter().map(|i| self.objects(i)).collect::<Result<Vec<_>, _>>()?.concat()),
            Operand::Value(call) => {
                let bound = self.bound(call)?;
                match bound.primitive {
                    Primitive::Tracked => {
                        let key = self.tracked_key(call, &bound)?;
                        // The lists the actions of this effect gave, all of them (`GameHooks::acted`), else the game's.
                        let here = format!("{}{key}", crate::kernel::state::TRACKED_IN_EFFECT);
                        let mut cards: Vec<ObjectId> = self.env.iter().filter(|(n, _)| *n == here).filter_map(|(_, b)| if let Binding::Objects(list) = b { Some(list.clone()) } else { None }).flatten().collect();
                        if cards.is_empty() {
                            cards = self.state.tracked.get(key.as_str()).cloned().unwrap_or_default();
                        }
                        if !matches!(bound.args[2], BoundArg::Absent) {
                            let property = self.property_arg(call, &bound.args[2])?;
                            let wanted = match self.slot(call, &bound.args[3]) {
                                Some(op) => self.value(op)?,
                                None => crate::kernel::Value::Text(self.word_arg(call, &bound.args[3])?),
                            };
                            let alternative = match self.slot(call, &bound.args[4]) {
                                Some(op) => Some(self.value(op)?),
                                None => None,
                            };
                            cards.retain(|o| {
                                let c = self.state.characteristics(*o);
                                c.holds(property, &wanted) || alternative.as_ref().is_some_and(|alt| c.holds(property, alt))
                            });
                        }
                        Ok(cards)
                    }
                    Primitive::Source => Ok(self.source.into_iter().collect()),
                    // Cards an ability of this card remembered ("each card removed by Lightning's ability").
                    Primitive::Remembered => match self.value(op)? {
                        crate::kernel::Value::Cards(selector) => {
                            let view = self.state.view();
                            Ok(self.state.matching(&view, &selector, self.source))
                        }
                        crate::kernel::Value::List(items) if items.is_empty() => Ok(vec![]),
                        other => Err(Illegal(format!("`remembered` holds {other:?}, not cards"))),
                    },
                    Primitive::Every => {
                        let selector = self.selector(op)?;
                        let view = self.state.view();
                        Ok(self.state.matching(&view, &selector, self.source))
                    }
                    p => Err(Illegal(format!("`{}` gives no cards", p.name()))),
                }
            }
            other => Err(Illegal(format!("not cards: {other:?}"))),
        }
    }

    pub fn number(&self, op: &Operand) -> Result<i64, Illegal> {
        Ok(match op {
            Operand::Number(n) => *n,
            Operand::Signed { negative, value } => {
                let v = self.number(value)?;
                if *negative { -v } else { v }
            }
            Operand::Binding(name) => match lookup(&self.env, name) {
                Some(Binding::Number(n)) => *n,
                Some(Binding::Objects(list)) => list.len() as i64,
                _ => return Err(Illegal(format!("`{name}` is not a number"))),
            },
            Operand::Count(set) => self.count(set)?,
            Operand::Property { property, of } => {
                let objects = self.objects(of)?;
                objects.iter().map(|o| self.state.characteristics(*o).number(*property)).sum()
            }
            Operand::Arith { left, op, right } => {
                let (l, r) = (self.number(left)?, self.number(right)?);
                match op {
                    ArithOp::Add => l + r,
                    ArithOp::Sub => l - r,
                    ArithOp::Mul => l * r,
                    ArithOp::Div => {
                        if r == 0 {
                            return Err(Illegal("division by zero".into()));
                        }
                        l / r
                    }
                }
            }
            Operand::Value(call) => {
                let bound = self.bound(call)?;
                match bound.primitive {
                    Primitive::ResourceOf => {
                        let who = self.player_arg(call, &bound.args[0])?;
                        self.state.resource(who, &self.word_arg(call, &bound.args[1])?)
                    }
                    Primitive::Number => self.number_arg(call, &bound.args[0])?,
                    Primitive::CountIn => {
                        let owner = match &bound.args[1] {
                            BoundArg::Absent => self.controller,
                            arg => self.player_arg(call, arg)?,
                        };
                        let zone = self.zone_arg(call, &bound.args[0], owner)?;
                        self.state.zone(zone).objects.len() as i64
                    }
                    Primitive::DamageOn => {
                        let of = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`damage_on` needs cards".into()))?;
                        self.objects(of)?.iter().map(|o| self.state.object(self.state.current(*o)).damage).sum()
                    }
                    // Cards as a value ("the number of Forwards you attacked with this turn"): how many.
                    Primitive::Tracked | Primitive::Source | Primitive::Every => self.objects(op)?.len() as i64,
                    // A value listing things ("the number of different Elements among them"): how many.
                    // "The total cost of them", "the number of different Elements among them", "the
                    // number of Growth Counters placed on Rydia": as an always-on effect reads them.
                    // Trails 1221, 1211.6b: the cards named are read as they are, or by their last
                    // known information if they have left their zone ("its organizations" of a card
                    // K.O.'d: as it was on the field).
                    Primitive::PropertyOf => {
                        let property = self.property_arg(call, &bound.args[1])?;
                        let of = self.slot(call, &bound.args[0]).ok_or_else(|| Illegal("`property_of` needs cards".into()))?;
                        let cards: Vec<_> = self.objects(of)?.into_iter().map(|o| self.state.characteristics(o)).collect();
                        match self.state.library.vocab.properties[property.index()].ty {
                            crate::vocab::Ty::Number | crate::vocab::Ty::Signed => cards.iter().map(|c| c.number(property)).sum(),
                            _ => {
                                let mut values: Vec<&crate::kernel::Value> = vec![];
                                for c in &cards {
                                    match c.get(property) {
                                        Some(crate::kernel::Value::List(items)) => values.extend(items),
                                        Some(v) => values.push(v),
                                        None => {}
                                    }
                                }
                                values.sort();
                                values.dedup();
                                values.len() as i64
                            }
                        }
                    }
                    Primitive::Counters => {
                        let amount = self.amount_expr(op)?;
                        self.state.amount(&self.state.view(), &amount, self.source)
                    }
                    Primitive::Remembered | Primitive::AbilitiesOf => match self.value(op)? {
                        crate::kernel::Value::Number(n) => n,
                        crate::kernel::Value::List(mut items) => {
                            items.sort_by_key(|v| format!("{v:?}"));
                            items.dedup();
                            items.len() as i64
                        }
                        other => return Err(Illegal(format!("`{}` gives no number ({other:?})", bound.primitive.name()))),
                    },
                    p => return Err(Illegal(format!("`{}` gives no number", p.name()))),
                }
            }
            other => return Err(Illegal(format!("not a number: {other:?}"))),
        })
    }
}
