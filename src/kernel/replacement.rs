//! Replacement effects: every "would" event passes through them before it happens (FF 11.12.5,
//! SE14 11.13.5, Trails 1216). Self-replacements first, then the affected player orders the rest;
//! each applies at most once to an event; a replaced event did not happen.

use std::sync::Arc;

use serde::Serialize;

use crate::ir::Effect;
use crate::kernel::continuous::Duration;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::event::Event;
use crate::kernel::ids::*;
use crate::kernel::state::GameState;
use crate::kernel::value::Selector;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replacement {
    pub id: EffectId,
    pub source: Option<ObjectId>,
    pub controller: PlayerId,
    pub timestamp: Timestamp,
    pub pattern: EventPattern,
    pub action: ReplacementAction,
    /// A self-replacement effect of the resolving ability (FF 11.12.5.6).
    pub self_replacement: bool,
    pub duration: Duration,
    /// How it reads in the log and in a choice of replacements.
    pub label: String,
    /// Applies to one event only, then ends ("the next damage dealt to X").
    pub once: bool,
}

/// Which events an effect waits for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum EventPattern {
    /// `player`: the zones moved between belong to that player ("enters your field").
    Move { subject: Selector, from: Option<String>, to: Option<String>, reason: Option<String>, player: Option<PlayerId>, by: Option<Selector> },
    /// `by`: only damage those cards deal; `battle`: only battle damage, or only other damage.
    Damage { subject: Selector, by: Option<Selector>, battle: Option<bool> },
    /// `value`: only when set (`Some(true)`) or cleared (`Some(false)`); `by`: only by those cards.
    Flag { subject: Selector, flag: String, value: Option<bool>, by: Option<Selector> },
    /// `sign`: only gains (1) or losses (-1).
    Resource { player: Option<PlayerId>, name: String, sign: Option<i8> },
    /// `zone`: the announcement names that zone, or that detail, in its detail ("play from your
    /// homebase", "your Main Phase 1": `first`).
    Signal { name: String, subject: Option<Selector>, player: Option<PlayerId>, zone: Option<String> },
    /// Any of these ("blocks or is blocked").
    Any(Vec<EventPattern>),
    /// Triggers only if the ability's controller chooses to use it as it would trigger.
    Asked(Box<EventPattern>),
    /// Matches only in a turn after `turn`, the one the pattern was made in ("at the end of your
    /// next turn", a delayed trigger made this turn).
    LaterTurn { turn: u32, pattern: Box<EventPattern> },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ReplacementAction {
    /// The event does not happen (prevention).
    Prevent,
    /// A moved object goes to another zone instead.
    Redirect { zone: String },
    /// Damage is set, multiplied, increased or reduced (SE14 11.13.5.8: setting first, then
    /// increases and decreases).
    Damage { set: Option<i64>, multiply: i64, delta: i64 },
    /// Other effects happen instead; the interpreter runs them.
    Instead(Arc<Vec<Effect>>),
}

/// What became of a proposed event.
#[derive(Debug, Clone, PartialEq)]
pub enum Replaced {
    /// The event, possibly modified, happens.
    Happens(Event),
    /// Nothing happens.
    Prevented,
    /// These effects happen instead, for this replacement's source and controller; `subject` is
    /// the object the replaced event was about.
    Instead { replacement: EffectId, effects: Arc<Vec<Effect>>, subject: Option<ObjectId> },
}

impl GameState {
    /// Whether `pattern` matches `event` as the state stands now.
    pub fn event_matches(&self, pattern: &EventPattern, event: &Event, source: Option<ObjectId>) -> bool {
        // The view is brought up to date only when a pattern of the event's kind reads cards.
        let view = std::cell::OnceCell::new();
        let subject = |sel: &Selector, object: ObjectId| self.selects(view.get_or_init(|| self.view()), sel, object, source);
        match (pattern, event) {
            (EventPattern::Move { subject: s, from, to, reason, player, by }, Event::Moved { old, new, from: f, to: t, reason: r, by: mover, .. }) => {
                let zone_of_player = |z: ZoneId| player.is_none_or(|p| self.zone(z).owner == Some(p));
                let named = if from.is_some() { *f } else { *t };
                // The zones and the reason first: most moves are told apart by them, without the
                // view the selectors read.
                zone_of_player(named)
                    // A card moving between two players' zones of one name (to its new controller's
                    // field, Trails 506.4) neither enters nor leaves that zone.
                    && crate::kernel::trigger::move_fits(from.as_deref(), to.as_deref(), &self.zone(*f).name, &self.zone(*t).name)
                    && reason.as_ref().is_none_or(|want| r.is_some_and(|r| r == *want))
                    && by.as_ref().is_none_or(|sel| mover.is_some_and(|m| subject(sel, m)))
                    // Entering is about the new object, leaving about the old one (FF 11.8.16).
                    && (subject(s, *old) || (new != old && new.index() < self.objects.len() && subject(s, *new)))
            }
            (EventPattern::Damage { subject: s, by, battle }, Event::Damaged { object, source, battle: b, .. }) => {
                battle.is_none_or(|want| want == *b) && subject(s, *object) && by.as_ref().is_none_or(|sel| source.is_some_and(|src| subject(sel, src)))
            }
            (EventPattern::Flag { subject: s, flag, value, by }, Event::Flag { object, flag: f, value: v, by: setter }) => {
                f == flag
                    && value.is_none_or(|want| want == *v)
                    && subject(s, *object)
                    && by.as_ref().is_none_or(|sel| setter.iter().any(|b| subject(sel, *b)))
            }
            (EventPattern::Resource { player, name, sign }, Event::Resource { player: p, name: n, delta }) => {
                n == name && player.is_none_or(|want| want == *p) && sign.is_none_or(|s| delta.signum() == i64::from(s))
            }
            (EventPattern::Signal { name, subject: s, player, zone }, Event::Signal { name: n, objects, player: p, detail }) => {
                n == name
                    && s.as_ref().is_none_or(|sel| objects.iter().any(|o| subject(sel, *o)))
                    && player.is_none_or(|want| *p == Some(want))
                    && zone.as_ref().is_none_or(|z| detail.as_ref().is_some_and(|d| d.split_whitespace().any(|w| w == z)))
            }
            (EventPattern::Any(patterns), event) => patterns.iter().any(|p| self.event_matches(p, event, source)),
            (EventPattern::Asked(inner), event) => self.event_matches(inner, event, source),
            (EventPattern::LaterTurn { turn, pattern }, event) => self.turn > *turn && self.event_matches(pattern, event, source),
            _ => false,
        }
    }

    /// Passes a proposed event through the replacement effects in force.
    pub fn replace(&mut self, event: Event, agent: &mut dyn Agent) -> Replaced {
        let mut event = event;
        let mut applied: Vec<EffectId> = vec![];
        loop {
            let candidates: Vec<Replacement> = self
                .replacements
                .iter()
                .filter(|r| !applied.contains(&r.id) && self.replacement_active(r) && self.event_matches(&r.pattern, &event, r.source))
                .cloned()
                .collect();
            if candidates.is_empty() {
                return Replaced::Happens(event);
            }
            let chosen = self.choose_replacement(&event, candidates, agent);
            applied.push(chosen.id);
            if chosen.once {
                self.apply(Event::ReplacementEnded { effect: chosen.id });
            }
            match &chosen.action {
                ReplacementAction::Prevent => return Replaced::Prevented,
                ReplacementAction::Instead(effects) => {
                    let subject = match &event {
                        Event::Moved { old: o, .. } | Event::Damaged { object: o, .. } | Event::Flag { object: o, .. } | Event::Counter { object: o, .. } => Some(*o),
                        _ => None,
                    };
                    return Replaced::Instead { replacement: chosen.id, effects: effects.clone(), subject };
                }
                ReplacementAction::Redirect { zone } => {
                    if let Event::Moved { to, .. } = &mut event {
                        let owner = self.zone(*to).owner;
                        if let Some(z) = self.zone_id(zone, owner) {
                            *to = z;
                        }
                    }
                }
                ReplacementAction::Damage { .. } => {}
            }
            if let (Event::Damaged { amount, .. }, ReplacementAction::Damage { .. }) = (&mut event, &chosen.action) {
                *amount = self.adjusted_damage(*amount, &chosen, &applied);
            }
        }
    }

    /// A replacement from a field ability works only while its object stays (FF 11.9.1).
    fn replacement_active(&self, r: &Replacement) -> bool {
        self.duration_holds(&r.duration) && !self.source_inactive(r.source, &r.duration)
    }

    /// SE14 11.13.5.8: damage changes that set the number apply before increases and decreases,
    /// and increases still apply to damage reduced to 0.
    fn adjusted_damage(&self, amount: i64, chosen: &Replacement, _applied: &[EffectId]) -> i64 {
        match chosen.action {
            ReplacementAction::Damage { set: Some(n), multiply, delta } => n * multiply + delta,
            ReplacementAction::Damage { set: None, multiply, delta } => amount * multiply + delta,
            _ => amount,
        }
        .max(0)
    }

    /// FF 11.12.5.6.1, SE14 11.13.5.7: self-replacements first; damage setters before adders
    /// (SE14 11.13.5.8); otherwise the affected player (the controller of the affected card, or the
    /// affected player) chooses.
    fn choose_replacement(&mut self, event: &Event, mut candidates: Vec<Replacement>, agent: &mut dyn Agent) -> Replacement {
        candidates.sort_by_key(|r| (!r.self_replacement, !matches!(r.action, ReplacementAction::Damage { set: Some(_), .. }), r.timestamp));
        let first = &candidates[0];
        let tied: Vec<&Replacement> = candidates
            .iter()
            .filter(|r| r.self_replacement == first.self_replacement && matches!(r.action, ReplacementAction::Damage { set: Some(_), .. }) == matches!(first.action, ReplacementAction::Damage { set: Some(_), .. }))
            .collect();
        if tied.len() == 1 {
            return candidates.swap_remove(0);
        }
        let chooser = self.affected_player(event);
        let question = Question::One { prompt: "which replacement effect applies first?".into(), options: tied.iter().map(|r| r.label.clone()).collect() };
        let pick = match self.ask(agent, chooser, question) {
            Answer::One(i) => i,
            _ => 0,
        };
        candidates.swap_remove(pick.min(tied.len() - 1))
    }

    /// The player an event happens to: the controller of the affected object, or the player.
    pub fn affected_player(&self, event: &Event) -> PlayerId {
        match event {
            Event::Moved { old: object, .. } | Event::Damaged { object, .. } | Event::Flag { object, .. } | Event::Counter { object, .. } => {
                self.controller(*object)
            }
            Event::Resource { player, .. } | Event::PlayerFlag { player, .. } => *player,
            _ => self.turn_player,
        }
    }
}
