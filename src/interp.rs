//! The interpreter: runs the checked IR — costs, choices, conditions, effects, durations, delayed
//! effects, replacements and keyword definitions — through the kernel.
//!
//! Every phrase runs through the primitive its vocabulary declaration binds it to; no Rust code
//! names a keyword or a game's word.

mod abilities;
mod always_on;
mod quiet;
mod reach;
mod compile;
mod conditional;
mod eval;
mod primitive;
mod reveal;
mod rule;

pub mod engine;

pub use conditional::check_conditional_triggers;
pub use abilities::{abilities_in, abilities_of, ability_tags, after_event, announce, ability_reads, card_reads, class_of, collect_triggers, has_tag, keyword_env};
pub use always_on::register_static;
pub use primitive::Happened;
pub use reach::{any_reached, card_in_game, game_reads, reached};
pub use reveal::reveal;

use crate::ir::{CondIr, Effect, Operand};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Binding, Env, GameState, Illegal, ObjectId, PlayerId};
use crate::vocab::primitive::Primitive;

/// Everything an effect runs with: the game, who decides, whose effect it is, and the names in scope.
pub struct Ctx<'a> {
    pub state: &'a mut GameState,
    pub agent: &'a mut dyn Agent,
    /// The object the ability belongs to (its last known information if it left).
    pub source: Option<ObjectId>,
    pub controller: PlayerId,
    pub env: Env,
    /// Descriptions of cards name them in any zone, not only the field (for the game's own
    /// procedures, which look where they look: a search looks in the deck).
    any_zone: std::cell::Cell<bool>,
    /// The value the last game action gave, for the name its phrase binds.
    game_value: Option<crate::kernel::Value>,
    /// Running a cost: what cannot be done in full cannot be paid (removing counters a card lacks).
    pub paying: bool,
    /// The player doing what "X may ..." lets them do, who picks the counted cards it names
    /// ("your opponent may play 1 Character Card from his/her hand", 1-060H Leon).
    pub actor: Option<PlayerId>,
    /// Playing the ability: a game action that chooses on use only declares its choice (Trails 1204.2d).
    pub declaring: bool,
    /// The damage this deals cannot be reduced (FF 11.12.5.2: "This damage cannot be reduced").
    pub unreducible: bool,
    /// A move the game makes on its own (a rule process) names this card as its cause once the replacement effects
    /// have seen it: they see no Summon or ability moving the card (FF 12.4.5, 4-109H Hildibrand), its triggers see
    /// the card whose damage broke it ("X breaks Y").
    pub cause_after_replacing: Option<ObjectId>,
    /// Checking a triggered ability's condition: `this` is the source as it was before its own move
    /// off the field triggered it (FF 11.11.4, Trails 1221; `AS_IT_WAS`).
    as_it_was: std::cell::Cell<Option<ObjectId>>,
    /// The log's length when this effect began to run: a card it moved since is one it follows (FF 7.4).
    began: usize,
}

impl<'a> Ctx<'a> {
    pub fn new(state: &'a mut GameState, agent: &'a mut dyn Agent, source: Option<ObjectId>, controller: PlayerId, env: Env) -> Self {
        let began = state.log.len();
        Ctx { state, agent, source, controller, env, any_zone: std::cell::Cell::new(false), game_value: None, paying: false, actor: None, declaring: false, unreducible: false, cause_after_replacing: None, as_it_was: std::cell::Cell::new(None), began }
    }

    /// `f` with card descriptions naming cards in any zone (when `anywhere`), not only the field.
    pub(crate) fn in_any_zone<T>(&self, anywhere: bool, f: impl FnOnce(&Self) -> T) -> T {
        self.any_zone.set(anywhere);
        let result = f(self);
        self.any_zone.set(false);
        result
    }

    /// Runs effects in order; names they bind stay in scope for the ones after.
    pub fn run(&mut self, effects: &[Effect]) -> Result<(), Illegal> {
        for effect in effects {
            if self.state.outcome.is_some() {
                break;
            }
            self.effect(effect)?;
        }
        Ok(())
    }

    fn scoped(&mut self, effects: &[Effect]) -> Result<(), Illegal> {
        let depth = self.env.len();
        let result = self.run(effects);
        self.env.truncate(depth);
        result
    }

    fn effect(&mut self, effect: &Effect) -> Result<(), Illegal> {
        match effect {
            Effect::Do { call, for_each, duration, binding } => {
                let from = self.state.log.len();
                self.perform(call, for_each.as_ref(), duration.as_ref(), binding.as_deref())?;
                self.acted(from, false);
                Ok(())
            }
            Effect::Choose { chooser, targets, quantity, what, binding } => {
                // `each player selects`: every player in turn order (FF 11.11.6), the union bound.
                let choosers = match chooser {
                    Operand::EachPlayer => {
                        let n = self.state.players.len();
                        (0..n).map(|k| PlayerId(((self.state.turn_player.index() + k) % n) as u8)).collect()
                    }
                    other => vec![self.player(other)?],
                };
                let mut chosen = vec![];
                for who in choosers {
                    self.env.push(("chooser".into(), Binding::Player(who)));
                    let result = self.choose_one(who, *targets, quantity, what, binding);
                    self.env.retain(|(n, _)| n != "chooser");
                    match result? {
                        Some(list) => chosen.extend(list),
                        None => return Ok(()),
                    }
                }
                self.env.push((crate::kernel::Name::new(binding), Binding::Objects(chosen)));
                Ok(())
            }
            Effect::If { cond, then, otherwise } => {
                if self.condition(cond)? {
                    self.scoped(then)
                } else {
                    self.scoped(otherwise)
                }
            }
            Effect::May { player, body, if_done, if_not } => {
                let who = self.player(player)?;
                let yes = matches!(self.state.ask(self.agent, who, Question::YesNo { prompt: "you may".into() }), Answer::Yes(true));
                if !yes {
                    return self.scoped(if_not);
                }
                // What the player cannot do (a cost they cannot pay), they do not do: the attempt
                // is rewound and the effect goes on as if they had declined (FF 14).
                let (source, controller, env, began) = (self.source, self.controller, self.env.clone(), self.began);
                let depth = env.len();
                let mut env_after = None;
                let Ctx { state, agent, .. } = self;
                let done = state.attempt(|s| {
                    let mut ctx = Ctx::new(s, &mut **agent, source, controller, env);
                    ctx.actor = Some(who);
                    ctx.began = began;
                    let result = ctx.run(body);
                    env_after = Some(ctx.env);
                    result
                });
                // "If you do so" holds only if the last action the player chose to do changed the game
                // (FF 7.4: a card already gone from where the ability looks for it is not put anywhere,
                // so 12-028C Bard's second trigger draws nothing).
                let undone = |env: &Env| env.get(depth..).and_then(|new| new.iter().rev().find(|(n, _)| n == "done")).is_some_and(|(_, b)| matches!(b, Binding::Number(0)));
                match (done, env_after) {
                    (Ok(()), Some(env)) if !undone(&env) => {
                        self.env = env;
                        self.scoped(if_done)
                    }
                    _ => self.scoped(if_not),
                }
            }
            Effect::ForEach { var, set, body } => {
                // Cards, or (`players`, `all_players()`) every player in turn order.
                let items: Vec<Binding> = match self.objects(set) {
                    Ok(objects) => objects.into_iter().map(|o| Binding::Objects(vec![o])).collect(),
                    Err(_) => {
                        let n = self.state.players.len();
                        let first = self.state.turn_player.index();
                        (0..n).map(|k| Binding::Player(PlayerId(((first + k) % n) as u8))).collect()
                    }
                };
                for item in items {
                    self.env.push((crate::kernel::Name::new(var), item));
                    self.scoped(body)?;
                    self.env.pop();
                }
                Ok(())
            }
            Effect::Modes { chooser, up_to, count, repeatable, modes } => {
                let who = self.player(chooser)?;
                let mut left: Vec<usize> = (0..modes.len()).collect();
                let count = self.number(count)?.max(0) as usize;
                let wanted = if *repeatable { count } else { count.min(modes.len()) };
                let mut picked = vec![];
                while picked.len() < wanted {
                    let mut options: Vec<String> = left.iter().map(|m| format!("mode {}", m + 1)).collect();
                    if *up_to {
                        options.push("no more".into());
                    }
                    let i = match self.state.ask(self.agent, who, Question::One { prompt: "select a mode".into(), options }) {
                        Answer::One(i) => i,
                        _ => 0,
                    };
                    if i >= left.len() {
                        break;
                    }
                    picked.push(if *repeatable { left[i] } else { left.remove(i) });
                }
                if !*repeatable {
                    picked.sort();
                }
                for m in picked {
                    self.scoped(&modes[m])?;
                }
                Ok(())
            }
            Effect::Let { name, value } => {
                let n = self.number(value)?;
                self.env.push((crate::kernel::Name::new(name), Binding::Number(n)));
                Ok(())
            }
            Effect::Delayed { trigger, duration, body } => self.delay(trigger, duration.as_ref(), body),
        }
    }

    /// Runs the effects of a Summon or an ability as a whole: once they are done, the game announces
    /// what they did as a whole (`GameHooks::acted`: FF "when 1 or more ... due to your Summons or
    /// abilities" triggers once for one Summon or ability, however many of its actions acted).
    pub fn run_whole(&mut self, effects: &[Effect]) -> Result<(), Illegal> {
        let from = self.state.log.len();
        let result = self.run(effects);
        self.acted(from, true);
        result
    }

    /// What the game makes of the action just carried out, or (`whole`) of the whole effect
    /// (`GameHooks::acted`), not of a cost paid: the lists of cards the rest of the effect reads, and
    /// its announcements.
    fn acted(&mut self, from: usize, whole: bool) {
        let Some(hooks) = self.state.config.hooks else { return };
        if self.paying || self.declaring || self.state.log.len() == from {
            return;
        }
        let (signals, lists) = (hooks.acted)(self.state, from, self.source, self.controller, whole);
        for (name, objects) in lists {
            self.env.push(([crate::kernel::state::TRACKED_IN_EFFECT, &name].concat().into(), Binding::Objects(objects)));
        }
        for signal in signals {
            abilities::announce(self.state, self.agent, signal);
        }
    }

    /// One player's choice of cards; `None` when it was a choice of values (bound already).
    /// `choose` (targets) or `select`: the cards `who` picks; targets only among those the game
    /// lets them choose, announced once chosen (FF 11.3.3).
    fn choose_one(&mut self, who: PlayerId, targets: bool, quantity: &crate::ir::Quantity, what: &Operand, binding: &str) -> Result<Option<Vec<ObjectId>>, Illegal> {
        let mut candidates = match what {
            Operand::Cards { .. } => self.objects(what)?,
            other => {
                self.choose_value(who, quantity, other, binding)?;
                return Ok(None);
            }
        };
        let hooks = self.state.config.hooks.filter(|_| targets);
        if let Some(hooks) = hooks {
            candidates = (hooks.targets)(self.state, who, self.source, candidates);
        }
        let (min, max) = self.quantity_range(quantity, candidates.len())?;
        let chosen = if min == candidates.len() && max == candidates.len() {
            candidates
        } else {
            let prompt = self.state.worded_or_blank(|| format!("choose {}", if min == max { min.to_string() } else { format!("{min} to {max}") }).into());
            match self.state.ask(self.agent, who, Question::Objects { prompt, options: candidates, min, max }) {
                Answer::Objects(list) => list,
                _ => vec![],
            }
        };
        if let Some(hooks) = hooks
            && !chosen.is_empty()
        {
            (hooks.chosen)(self.state, self.agent, who, self.source, &chosen);
        }
        Ok(Some(chosen))
    }

    /// Chooses values ("choose 1 Element", "choose 2 organizations from ..."): one question per
    /// value, each value at most once (as targets, Trails 1204.2d-2); several are bound as a list.
    fn choose_value(&mut self, who: PlayerId, quantity: &crate::ir::Quantity, what: &Operand, binding: &str) -> Result<(), Illegal> {
        let values: Vec<crate::kernel::Value> = match what {
            Operand::EnumChoice { from: Some(from), .. } => match self.value(from)? {
                crate::kernel::Value::List(items) => items,
                single => vec![single],
            },
            Operand::PropertyChoice { from, .. } => match self.value(from)? {
                crate::kernel::Value::List(items) => items,
                single => vec![single],
            },
            Operand::EnumChoice { enum_id, from: None } => {
                let n = self.state.library.vocab.enums[enum_id.index()].variants.len() as u32;
                (0..n).map(|v| crate::kernel::Value::Variant(*enum_id, v)).collect()
            }
            other => return Err(Illegal(format!("cannot choose from {other:?}"))),
        };
        if values.is_empty() {
            return Err(Illegal("nothing to choose from".into()));
        }
        let (min, max) = self.quantity_range(quantity, values.len())?;
        if max <= 1 && matches!(quantity, crate::ir::Quantity::Exactly(_)) {
            let options = values.iter().map(|v| format!("{v:?}")).collect();
            let i = match self.state.ask(self.agent, who, Question::One { prompt: "choose one".into(), options }) {
                Answer::One(i) => i,
                _ => 0,
            };
            self.env.push((binding.into(), Binding::Value(values[i.min(values.len() - 1)].clone())));
            return Ok(());
        }
        let (mut left, mut chosen) = (values, vec![]);
        while chosen.len() < max && !left.is_empty() {
            // After the fewest allowed, the last option stops choosing.
            let mut options: Vec<String> = left.iter().map(|v| format!("{v:?}")).collect();
            if chosen.len() >= min {
                options.push("no more".into());
            }
            let prompt = self.state.worded_or_blank(|| format!("choose {} of {}", chosen.len() + 1, if min == max { max.to_string() } else { format!("{min} to {max}") }).into());
            let i = match self.state.ask(self.agent, who, Question::One { prompt, options }) {
                Answer::One(i) => i,
                _ => 0,
            };
            if i >= left.len() {
                break;
            }
            chosen.push(left.remove(i));
        }
        self.env.push((binding.into(), Binding::Value(crate::kernel::Value::List(chosen))));
        Ok(())
    }

    /// Evaluates a triggered ability's condition, as it triggers and as it resolves (FF 11.8.13): a card
    /// whose own move off the field triggered it is read as it was there, by its last known information
    /// (FF 11.11.4, Trails 1221: "if a Brainwashing Counter is placed on Kain", 13-073H Kain).
    pub fn trigger_condition(&mut self, cond: &CondIr) -> Result<bool, Illegal> {
        let was = match crate::kernel::value::lookup(&self.env, crate::kernel::AS_IT_WAS) {
            Some(Binding::Objects(list)) => list.first().copied(),
            _ => None,
        };
        self.as_it_was.set(was);
        let holds = self.condition(cond);
        self.as_it_was.set(None);
        holds
    }

    /// Evaluates a condition now.
    pub fn condition(&mut self, cond: &CondIr) -> Result<bool, Illegal> {
        Ok(match cond {
            CondIr::Not(c) => !self.condition(c)?,
            CondIr::And(cs) => {
                for c in cs {
                    if !self.condition(c)? {
                        return Ok(false);
                    }
                }
                true
            }
            CondIr::Or(cs) => {
                for c in cs {
                    if self.condition(c)? {
                        return Ok(true);
                    }
                }
                false
            }
            CondIr::Compare { left, op, right } => crate::kernel::value::compare(self.number(left)?, *op, self.number(right)?),
            CondIr::Pred(call) => {
                let bound = self.bound(call)?;
                match bound.primitive {
                    Primitive::Compare => {
                        let l = self.number_arg(call, &bound.args[0])?;
                        let r = self.number_arg(call, &bound.args[2])?;
                        let op = compile::compare_op(&self.word_arg(call, &bound.args[1])?);
                        crate::kernel::value::compare(l, op, r)
                    }
                    Primitive::Tracked => !self.objects(&Operand::Value(Box::new(call.clone())))?.is_empty(),
                    Primitive::Alike => {
                        let cards = self.objects_arg(call, &bound.args[0])?;
                        let word = self.word_arg(call, &bound.args[1])?;
                        let property = (word != "kind").then(|| self.state.library.vocab.property(&word).ok_or_else(|| Illegal(format!("unknown property `{word}`")))).transpose()?;
                        // What each card has: its kinds, or the values of the property (a list's items each).
                        let has: Vec<Vec<crate::kernel::Value>> = cards
                            .iter()
                            .map(|o| {
                                let c = self.state.characteristics(*o);
                                match property {
                                    None => c.kinds.iter().map(|k| crate::kernel::Value::Number(k.index() as i64)).collect(),
                                    Some(p) => match c.get(p) {
                                        Some(crate::kernel::Value::List(items)) => items.clone(),
                                        Some(v) => vec![v.clone()],
                                        None => vec![],
                                    },
                                }
                            })
                            .collect();
                        has.len() >= 2 && has[0].iter().any(|v| has[1..].iter().all(|other| other.contains(v)))
                    }
                    // "If the CP paid to play Thancred was only produced by Category XIV Backups" (7-092C): the cards
                    // remembered as they were named (a discarded card is not among the Backups on the field).
                    Primitive::Remembered => {
                        let remembered = match self.value(&Operand::Value(Box::new(call.clone())))? {
                            crate::kernel::Value::Cards(cards) => match *cards {
                                crate::kernel::Selector::Objects(list) => list,
                                selector => self.state.matching(&self.state.view(), &selector, self.source),
                            },
                            _ => vec![],
                        };
                        let only = self.slot(call, &bound.args[2]).map(|op| self.objects(op)).transpose()?;
                        !remembered.is_empty() && only.is_none_or(|only| remembered.iter().all(|o| only.contains(o)))
                    }
                    Primitive::Done => matches!(crate::kernel::value::lookup(&self.env, "done"), Some(Binding::Number(1))),
                    // "If it was put into the Break Zone by this effect": follow the card to where it went.
                    Primitive::MovedBy => {
                        let movers: Vec<ObjectId> = match self.slot(call, &bound.args[0]) {
                            Some(op) => self.objects(op)?,
                            None => self.source.into_iter().collect(),
                        };
                        let zone = match &bound.args[2] {
                            crate::vocab::BoundArg::Absent => None,
                            arg => Some(self.zone_name(call, arg)?),
                        };
                        let subjects = self.objects_arg(call, &bound.args[1])?;
                        !subjects.is_empty()
                            && subjects.iter().all(|s| {
                                let now = self.state.object(self.state.current(*s));
                                let by_them = now.moved_by.is_some_and(|m| movers.iter().any(|x| self.state.current(*x) == self.state.current(m) || *x == m));
                                by_them && zone.as_ref().is_none_or(|z| self.state.zone(now.zone).name == *z)
                            })
                    }
                    Primitive::Member => {
                        let list = self.slot(call, &bound.args[0]).map(|op| self.value(op)).transpose()?;
                        let value = self.slot(call, &bound.args[1]).map(|op| self.value(op)).transpose()?;
                        matches!((list, value), (Some(l), Some(v)) if l.has(&v))
                    }
                    Primitive::GameState => {
                        let name = self.game_state_name(call, &bound)?;
                        // Cards and a player: a card of theirs the game marked ("you have cast X
                        // this turn"), wherever the card is now.
                        if self.slot(call, &bound.args[1]).is_some() && !matches!(bound.args[2], crate::vocab::BoundArg::Absent) {
                            let who = self.player_arg(call, &bound.args[2])?;
                            let marked = |o: ObjectId| self.state.in_state(o, &name) && self.state.controller(o) == who;
                            // Cards described: the few the game marked are read by the description, not every
                            // card in every zone.
                            if let Some(op @ Operand::Cards { .. }) = self.slot(call, &bound.args[1]) {
                                let selector = self.in_any_zone(true, |ctx| ctx.selector(op))?;
                                let view = self.state.view();
                                return Ok(self.state.live_objects().any(|o| marked(o) && self.state.selects(&view, &selector, o, self.source)));
                            }
                            let objects = self.in_any_zone(true, |ctx| ctx.objects_arg(call, &bound.args[1]));
                            return Ok(objects?.into_iter().any(marked));
                        }
                        let objects = self.objects_arg(call, &bound.args[1])?;
                        match &bound.args[2] {
                            crate::vocab::BoundArg::Absent if !objects.is_empty() => objects.iter().all(|o| self.state.in_state(*o, &name)),
                            arg => {
                                let who = self.player_arg(call, arg)?;
                                self.state.player_state(who, &name)
                            }
                        }
                    }
                    _ => {
                        let condition = self.static_condition(cond)?;
                        let view = self.state.view();
                        self.state.holds(&view, &condition, self.source)
                    }
                }
            }
        })
    }
}

/// Runs effects for an ability of `source`, controlled by `controller`, as a whole (`Ctx::run_whole`).
pub fn run_effects(
    state: &mut GameState,
    agent: &mut dyn Agent,
    source: Option<ObjectId>,
    controller: PlayerId,
    env: Env,
    effects: &[Effect],
) -> Result<(), Illegal> {
    Ctx::new(state, agent, source, controller, env).run_whole(effects)
}
