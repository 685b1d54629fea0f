//! Resolution procedures over the kernel: rule processes and triggered abilities settle before a
//! player gets priority (FF 11.1.3-4, 12.3; Trails 1002; UFS E.2), abilities go on the stack with
//! their targets declared, and resolve with targets re-checked (FF 11.11.2, Trails 1205.1a).

use std::borrow::Cow;
use std::sync::Arc;

use crate::ir::Effect;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::trigger::{AbilityRef, StackEntry, Target};
use crate::kernel::{Binding, Env, Event, GameState, Illegal, ObjectId, PlayerId, Procedure, Retarget};

use super::Ctx;

/// A game's rule processes (state-based actions); returns whether any were performed.
pub trait RuleProcesses {
    fn run(&self, state: &mut GameState, agent: &mut dyn Agent) -> bool;

    /// Whether `event` may give the rule processes something to do, beyond changing the computed
    /// characteristics of cards they read: `settle` does not run them again after events they do
    /// not heed (`interp::quiet`). It is asked with the state as it is when they would next run, after
    /// the events since. Every event, unless the game says; an effect beginning or ending that it heeds is
    /// judged by its kind too (`heeds_effect`).
    fn heeds(&self, _state: &GameState, _event: &Event) -> bool {
        true
    }

    /// Whether an effect making `change` may give the rule processes something to do as it begins or ends, beyond
    /// changing the computed characteristics of cards they read (one ends that they heed only if one was in force
    /// when they last found nothing, `RulesQuiet::effects_heeded`). Every change, unless the game says.
    fn heeds_effect(&self, _change: &crate::kernel::Change) -> bool {
        true
    }

    /// The zone whose cards are the only ones whose computed characteristics the rule processes
    /// read; `None`: they run again after any change to any card's characteristics.
    fn watches(&self) -> Option<crate::kernel::Name> {
        None
    }
}

/// No rule processes (for tests of the kernel alone).
pub struct NoRuleProcesses;

impl RuleProcesses for NoRuleProcesses {
    fn run(&self, _: &mut GameState, _: &mut dyn Agent) -> bool {
        false
    }
}

/// Repeats rule processes and placing triggered abilities until neither happens (FF 12.3):
/// the turn player places theirs first, in the order they choose (FF 11.8.7).
pub fn settle(state: &mut GameState, agent: &mut dyn Agent, rules: &dyn RuleProcesses) {
    for _ in 0..10_000 {
        if state.outcome.is_some() {
            return;
        }
        let mut changed = run_rules(state, agent, rules);
        if !changed {
            // Trails 1002.1a-b: once no rule process is left, conditional triggers are checked.
            changed |= super::conditional::check_conditional_triggers(state, agent);
        }
        changed |= super::reveal::conceal(state);
        if !state.pending.is_empty() {
            place_pending(state, agent);
            changed = true;
        }
        if !changed {
            return;
        }
    }
    // Only an endless chain of mandatory actions gets here: a loop no player can stop (FF 13.1).
    state.apply(Event::GameEnded { outcome: crate::kernel::Outcome::Draw });
}

/// Performs the rule processes, unless they would find nothing: they read the state only, and
/// every change to it is an event in the log, so they run again once the game changed, unless
/// only by events they do not heed (`interp::quiet`; an audited game runs them then too, and
/// checks that they find nothing). Whether they did anything.
pub fn run_rules(state: &mut GameState, agent: &mut dyn Agent, rules: &dyn RuleProcesses) -> bool {
    let unchanged = state.rules_quiet.as_ref().is_some_and(|q| q.changes == state.changes);
    let unheeded = !unchanged && super::quiet::unheeded(state, rules);
    let quiet = unchanged || (unheeded && !state.audit);
    let changed = !quiet && rules.run(state, agent);
    assert!(!(changed && unheeded), "the rule processes acted after events they do not heed, up to {:?}", state.log.last());
    if !changed {
        super::quiet::record(state, rules, !quiet);
    }
    changed
}

fn place_pending(state: &mut GameState, agent: &mut dyn Agent) {
    // Triggers of cards whose auto-abilities an effect stopped since they triggered are dropped.
    if let Some(hooks) = state.config.hooks {
        let stopped: Vec<usize> = (0..state.pending.len()).filter(|&i| !(hooks.allows)(state, state.pending[i].source, crate::kernel::Deed::Trigger { event: state.pending[i].event }, state.pending[i].controller, None)).collect();
        for index in stopped.into_iter().rev() {
            state.apply(Event::TriggerTaken { index });
        }
    }
    if state.pending.is_empty() {
        return;
    }
    match state.config.procedure {
        Procedure::Stack => place_all(state, agent),
        Procedure::OneAtATime => place_one(state, agent),
        Procedure::Immediate => {
            // UFS: fired effects happen at once, the active player's first (J.3.2.1.1).
            place_all(state, agent);
            while !state.stack.is_empty() && state.outcome.is_none() {
                if resolve_top(state, agent).is_err() {
                    break;
                }
            }
        }
    }
}

/// Trails 1002.1b-c, 1211.4: the primary player plays one triggered craft of their choice; the
/// other player only when the primary player has none.
fn place_one(state: &mut GameState, agent: &mut dyn Agent) {
    let primary = state.turn_player;
    let player = if state.pending.iter().any(|p| p.controller == primary) { primary } else { state.opponent_of(primary) };
    let mine: Vec<usize> = (0..state.pending.len()).filter(|&i| state.pending[i].controller == player).collect();
    let pick = if mine.len() > 1 {
        let options = mine.iter().map(|&i| format!("{} x{}", state.describe_ability(state.pending[i].source, &state.pending[i].ability), state.pending[i].count)).collect();
        match state.ask(agent, player, Question::One { prompt: "play a triggered craft".into(), options }) {
            Answer::One(k) => mine[k.min(mine.len() - 1)],
            _ => mine[0],
        }
    } else {
        mine[0]
    };
    let t = state.pending[pick].clone();
    state.apply(Event::TriggerPlayed { index: pick });
    push(state, agent, Some(t.source), t.controller, t.ability, t.env, t.body, t.condition);
}

fn place_all(state: &mut GameState, agent: &mut dyn Agent) {
    let players = [state.turn_player, state.opponent_of(state.turn_player)];
    for player in players {
        let mine: Vec<usize> = (0..state.pending.len()).filter(|&i| state.pending[i].controller == player).collect();
        if mine.is_empty() {
            continue;
        }
        let order: Vec<usize> = if mine.len() > 1 {
            let items = mine.iter().map(|&i| state.describe_ability(state.pending[i].source, &state.pending[i].ability)).collect();
            match state.ask(agent, player, Question::Order { prompt: "order your triggered abilities".into(), items }) {
                Answer::Order(order) => order,
                _ => (0..mine.len()).collect(),
            }
        } else {
            vec![0]
        };
        let taken: Vec<_> = order.iter().map(|&k| state.pending[mine[k]].clone()).collect();
        let mut indices = mine.clone();
        indices.sort_unstable_by(|a, b| b.cmp(a));
        for i in indices {
            state.apply(Event::TriggerTaken { index: i });
        }
        for t in taken {
            push(state, agent, Some(t.source), t.controller, t.ability, t.env, t.body, t.condition);
        }
    }
}

/// Puts an ability on the stack, declaring the targets its leading `choose` statements name
/// (FF 11.8.9, 11.6.5). With no legal target, a triggered ability is removed at once (FF 11.8.4).
#[allow(clippy::too_many_arguments)]
pub fn push(
    state: &mut GameState,
    agent: &mut dyn Agent,
    source: Option<ObjectId>,
    controller: PlayerId,
    ability: AbilityRef,
    env: Env,
    body: Arc<Vec<Effect>>,
    condition: Option<crate::ir::CondIr>,
) {
    let mut ctx = Ctx::new(state, agent, source, controller, env);
    let body = ctx.inlined(&body).map_or(body, Arc::new);
    let mut targets = vec![];
    for effect in body.iter() {
        // Trails 1204.2d: a game action that chooses on use without naming what it chooses (the
        // craft `counter the craft of X` counters) declares its choice now; the choice is kept in
        // the entry's names for the action to act on when it resolves (1205.1a: if still there).
        if let Effect::Do { call, binding: None, for_each: None, duration: None } = effect
            && chosen_on_use(&ctx, call).is_some()
        {
            ctx.declaring = true;
            let done = ctx.run(std::slice::from_ref(effect));
            ctx.declaring = false;
            if done.is_err() {
                break;
            }
            let declared = ctx.env.iter().rev().find(|(n, _)| n.starts_with(crate::kernel::DECLARED)).map(|(_, b)| b.clone());
            if matches!(declared, Some(Binding::Value(crate::kernel::Value::List(ref l))) if l.is_empty()) {
                // Nothing to choose: no legal target (FF 11.8.4, Trails 1204.2d).
                ctx.state.apply(Event::Cancelled { ability, reason: "it has no legal target".into() });
                return;
            }
            continue;
        }
        let (what, binding) = match effect {
            Effect::Choose { targets: true, what, binding, .. } => (what, binding),
            // FF 11.6.5: a choice a game procedure makes, declared now too (`game(..., on_use: true)`).
            Effect::Do { call, binding: Some(binding), for_each: None, duration: None } => match chosen_on_use(&ctx, call) {
                Some(what) => (what, binding),
                None => break,
            },
            _ => break,
        };
        let Ok(selector) = ctx.selector(what) else { break };
        let before = ctx.env.len();
        if ctx.run(std::slice::from_ref(effect)).is_err() {
            break;
        }
        let chosen = match ctx.env.get(before) {
            Some((_, Binding::Objects(list))) => list.clone(),
            _ => vec![],
        };
        if chosen.is_empty() && matches!(effect, Effect::Choose { .. }) {
            // FF 11.8.4: a triggered ability with no legal target is removed. (A choice of "as many
            // as you want" may choose none; then nothing is left to resolve for.)
            ctx.state.apply(Event::Cancelled { ability, reason: "it has no legal target".into() });
            return;
        }
        targets.push(Target { name: binding.clone(), selector, chosen });
    }
    let env = ctx.env.clone();
    let id = state.log.len();
    state.apply(Event::Pushed { entry: std::rc::Rc::new(StackEntry { source, controller, ability, env, body, condition, targets, id }) });
}

/// The cards a game action that chooses on use (`on_use: true`, FF 11.6.5) chooses among.
fn chosen_on_use<'c>(ctx: &Ctx, call: &'c crate::ir::Call) -> Option<&'c crate::ir::Operand> {
    let bound = ctx.bound(call).ok()?;
    let on_use = bound.args.get(5).filter(|a| !matches!(a, crate::vocab::BoundArg::Absent))?;
    (bound.primitive == crate::vocab::primitive::Primitive::Game && ctx.word_arg(call, on_use).ok()? == "true").then(|| ctx.slot(call, &bound.args[1]))?
}

/// Resolves the top of the stack.
pub fn resolve_top(state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal> {
    let Some(entry) = state.stack.last().cloned() else { return Ok(()) };
    state.apply(Event::Popped);
    let view = state.view();
    let mut env = entry.env.clone();
    let mut any_target_left = entry.targets.is_empty();
    for target in &entry.targets {
        // A target is still legal if it is the same object, still matching what it was chosen as.
        let legal: Vec<ObjectId> = target
            .chosen
            .iter()
            .copied()
            .filter(|o| state.object(*o).left.is_none() && state.selects(&view, &target.selector, *o, entry.source))
            .collect();
        any_target_left |= !legal.is_empty();
        env.push((crate::kernel::Name::new(&target.name), Binding::Objects(legal)));
    }
    // Not held while the body changes the game: the view's next patch would copy it.
    drop(view);
    if !any_target_left && state.config.retarget == Retarget::CancelIfAllIllegal {
        state.apply(Event::Cancelled { ability: entry.ability.clone(), reason: "its targets are gone".into() });
        return Ok(());
    }
    let skip = entry.targets.len();
    let mut ctx = Ctx::new(state, agent, entry.source, entry.controller, env);
    // FF 11.11.3: a conditional auto-ability checks its condition again.
    if let Some(cond) = &entry.condition
        && !ctx.trigger_condition(cond)? {
            ctx.state.apply(Event::Cancelled { ability: entry.ability.clone(), reason: "its condition no longer holds".into() });
            return Ok(());
        }
    ctx.run_whole(&entry.body[skip..])
}

/// Settles, then resolves everything on the stack (both players passing each time). A position
/// that comes back with no decision in between is a loop no player can stop: the game is a draw
/// (FF 13.1, Trails 1501.1c).
pub fn resolve_all(state: &mut GameState, agent: &mut dyn Agent, rules: &dyn RuleProcesses) -> Result<(), Illegal> {
    resolve_all_then(state, agent, rules, &mut |_, _| {})
}

/// `resolve_all`, the game doing `after` as each resolution ends, as `Plays::after_resolution` in
/// priority (Trails 1205.1c: a card that resolved goes where it goes before the next resolves).
pub fn resolve_all_then(state: &mut GameState, agent: &mut dyn Agent, rules: &dyn RuleProcesses, after: &mut dyn FnMut(&mut GameState, &mut dyn Agent)) -> Result<(), Illegal> {
    settle(state, agent, rules);
    let mut seen: Vec<(u64, usize)> = vec![];
    while !state.stack.is_empty() && state.outcome.is_none() {
        resolve_top(state, agent)?;
        after(state, agent);
        settle(state, agent, rules);
        // The events up to the last decision: equal when no decision came in between.
        let decisions = state.log.len() - state.log.iter().rev().position(|e| matches!(e, Event::Decided { .. })).unwrap_or(state.log.len());
        let position = state.position_digest();
        if seen.iter().any(|&(p, d)| p == position && d == decisions) {
            state.apply(Event::GameEnded { outcome: crate::kernel::Outcome::Draw });
            break;
        }
        seen.push((position, decisions));
    }
    Ok(())
}

/// What a player with priority could do now: a game supplies its legal plays (casting, playing
/// cards and abilities) and carries one out.
pub trait Plays {
    /// One play, as the game records it.
    type Play: PartialEq;
    /// The plays `player` may make now.
    fn options(&self, state: &GameState, player: PlayerId) -> Vec<Self::Play>;
    /// For an agent that picks uniformly (`Agent::picks_uniformly`): one of the plays `options` lists
    /// but `excluded`, or passing (`None`), each as likely, `pick(n)` picking one of `n`. By default
    /// the plays are listed first; a game whose plays cost much to test may draw among candidates
    /// and test only those it draws.
    fn draw(&self, state: &GameState, player: PlayerId, excluded: &[Self::Play], pick: &mut dyn FnMut(usize) -> usize) -> Option<Self::Play> {
        let mut options = offered(self, state, player, excluded);
        let i = pick(options.len() + 1);
        (i < options.len()).then(|| options.swap_remove(i))
    }
    /// A play in words, as the player is asked.
    fn describe(&self, state: &GameState, play: &Self::Play) -> String;
    /// Makes a play listed by `options`; an illegal play is rewound by the caller (FF 14).
    fn play(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, play: &Self::Play) -> Result<(), Illegal>;
    /// What the game does after something resolved (FF 11.11.10: a resolved Summon goes to the
    /// Break Zone).
    fn after_resolution(&self, _state: &mut GameState, _agent: &mut dyn Agent) {}
}

/// The plays `player` may make now but `excluded`, in the order the game lists them.
fn offered<P: Plays + ?Sized>(plays: &P, state: &GameState, player: PlayerId, excluded: &[P::Play]) -> Vec<P::Play> {
    let mut options = plays.options(state, player);
    options.retain(|p| !excluded.contains(p));
    options
}

/// A priority answer in words: the play, or passing (`None`).
fn in_words<P: Plays + ?Sized>(plays: &P, state: &GameState, play: Option<&P::Play>) -> Cow<'static, str> {
    play.map_or(Cow::Borrowed("pass"), |p| Cow::Owned(plays.describe(state, p)))
}

/// Priority until both players pass in succession with nothing left to resolve (FF 11.1.4-11.1.7,
/// Trails 902, UFS H.2.3.2.4). Each time a player gets priority, rule processes and triggered
/// abilities settle first; the turn player gets priority after each resolution; an illegal play
/// is rewound and its player keeps priority (FF 14.4).
pub fn priority<P: Plays>(state: &mut GameState, agent: &mut dyn Agent, rules: &dyn RuleProcesses, plays: &P) -> Result<(), Illegal> {
    let mut holder = state.turn_player;
    let mut passes = 0;
    // The plays that failed before their player was asked anything, to whom they were offered and at
    // which change: an illegal play rewinds the game to just where it was offered
    // (`GameState::attempt`), where it would fail the same way (a "choose" with no legal target, FF
    // 11.3.3); it is not offered again there. One that asked may go otherwise, and stays.
    let mut failed: Option<(PlayerId, u64, Vec<P::Play>)> = None;
    while state.outcome.is_none() {
        settle(state, agent, rules);
        let excluded = match &failed {
            Some((player, changes, list)) if *player == holder && *changes == state.changes => list.as_slice(),
            _ => &[],
        };
        let chosen = if agent.picks_uniformly() {
            let drawn = plays.draw(state, holder, excluded, &mut |n| agent.pick_one(state, holder, "priority", n));
            let said = state.worded_or_blank(|| in_words(plays, state, drawn.as_ref()));
            state.decided(holder, Cow::Borrowed("priority"), said);
            drawn
        } else {
            let mut offered = offered(plays, state, holder, excluded);
            let pass = offered.len();
            let choice = state.ask_one(agent, holder, "priority", pass + 1, |s, i| in_words(plays, s, offered.get(i)));
            (choice < pass).then(|| offered.swap_remove(choice))
        };
        let Some(play) = chosen else {
            passes += 1;
            if passes < 2 {
                holder = state.opponent_of(holder);
                continue;
            }
            if state.stack.is_empty() {
                return Ok(());
            }
            resolve_top(state, agent)?;
            plays.after_resolution(state, agent);
            passes = 0;
            holder = state.turn_player;
            continue;
        };
        // FF 14.1, 14.4: an illegal play is rewound, and its player keeps priority.
        let from = state.log.len();
        let mut asked = false;
        let played = state.attempt(|s| {
            let played = plays.play(s, agent, holder, &play);
            asked = played.is_err() && s.log.iter_from(from).any(|e| matches!(e, Event::Decided { .. }));
            played
        });
        if played.is_ok() {
            passes = 0;
        } else if !asked {
            if state.audit {
                assert!(state.attempt(|s| plays.play(s, agent, holder, &play)).is_err(), "{} failed, then did not fail in the same game", plays.describe(state, &play));
            }
            match &mut failed {
                Some((player, changes, list)) if *player == holder && *changes == state.changes => list.push(play),
                _ => failed = Some((holder, state.changes, vec![play])),
            }
        }
    }
    Ok(())
}
