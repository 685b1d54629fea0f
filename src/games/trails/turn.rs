//! The turn (Trails 700): the Preparation Phase with each player's Draw, Homebase and Deployment
//! Steps (703), the Combat Phase (704, 802; its sub steps in `combat.rs`), the Cure Phase (705); the primary and initiative players (702.3, 705.9);
//! priority processing (902) through the kernel's priority loop; whole games.

use crate::interp::engine::{priority, resolve_all_then};
use crate::interp::{announce, Ctx};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, ObjectId, Outcome, PlayerId, Position};

use super::cost::empty_pools;
use super::play::{put_away_resolved, TrailsPlays};
use super::rules::RULES;
use super::setup::{cards_in, draw};
use super::{Words, INITIATIVE, PRIMARY};

pub use crate::games::Windows;

/// Trails 902: priority processing until both players pass in succession with nothing in the
/// Resolve Standby Zone (the players play, or both pass at once when a scenario drives the game);
/// the most recently placed card or craft resolves (902.5c; a card with nothing to execute waits
/// in its place too), the card goes where it goes (1205.1c), and the primary player gets priority
/// again.
pub fn open(windows: Windows, state: &mut GameState, agent: &mut dyn Agent, w: &Words) {
    for _ in 0..1_000 {
        if state.outcome.is_some() {
            return;
        }
        let _ = match windows {
            Windows::Priority => priority(state, agent, &RULES, &TrailsPlays { words: w.clone() }),
            Windows::Pass => resolve_all_then(state, agent, &RULES, &mut |s, a| {
                put_away_resolved(s, a, w);
            }),
        };
        if !put_away_resolved(state, agent, w) {
            return;
        }
    }
}

/// Trails 702.3, 705.9: the Initiative Player and the Primary Player, as player states the
/// conditions read; the primary player is the one the priority loop starts with.
pub fn mark_players(state: &mut GameState, initiative: PlayerId, primary: PlayerId) {
    for p in 0..state.players.len() {
        let player = PlayerId(p as u8);
        for (flag, who) in [(INITIATIVE, initiative), (PRIMARY, primary)] {
            if state.players[p].flags.contains(flag) != (player == who) {
                state.apply(Event::PlayerFlag { player, flag: flag.into(), value: player == who });
            }
        }
    }
    if state.turn_player != primary {
        state.apply(Event::Primary { player: primary });
    }
}

/// The Initiative Player of the turn (705.9).
pub fn initiative(state: &GameState) -> PlayerId {
    (0..state.players.len()).map(|p| PlayerId(p as u8)).find(|p| state.players[p.index()].flags.contains(INITIATIVE)).unwrap_or(state.turn_player)
}

/// A phase or step begins: the pools of the one before empty (302.1b) and the primary player is
/// set (702.3).
fn begin(state: &mut GameState, name: &str, primary: PlayerId) {
    empty_pools(state);
    let first = initiative(state);
    mark_players(state, first, primary);
    state.apply(Event::PhaseBegan { name: name.into() });
}

/// Trigger conditions named `signal` occur, then priority processing.
fn then_priority(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows, signal: &str, player: PlayerId) {
    announce(state, agent, Event::Signal { name: signal.into(), objects: vec![], player: Some(player), detail: None });
    open(windows, state, agent, w);
}

/// Trails 703.1-703.4: the Preparation Phase begins: "at the start of the turn" and "at the start
/// of the preparation phase" trigger conditions, each followed by priority processing.
pub fn preparation(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let first = initiative(state);
    begin(state, "preparation", first);
    then_priority(state, agent, w, windows, "turn_begins", first);
    then_priority(state, agent, w, windows, "preparation_phase_begins", first);
}

/// Trails 703.6: the Draw Step: the primary player draws two cards, then "at the start of the
/// draw step" trigger conditions occur and priority processing follows.
pub fn draw_step(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows, player: PlayerId) {
    begin(state, "draw", player);
    draw(state, agent, player, 2);
    then_priority(state, agent, w, windows, "draw_step_begins", player);
}

/// Trails 703.7: the Homebase Step: the primary player may place up to one card from their hand
/// face-down in their homebase (703.7a); trigger conditions; priority processing.
pub fn homebase_step(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows, player: PlayerId) {
    begin(state, "homebase", player);
    let hand = cards_in(state, "hand", player);
    let chosen = match state.ask(agent, player, Question::Objects { prompt: "place up to one card face-down in your homebase (Trails 703.7a)".into(), options: hand, min: 0, max: 1 }) {
        Answer::Objects(list) => list,
        _ => vec![],
    };
    if let (Some(&card), Some(homebase)) = (chosen.first(), state.zone_id(crate::kernel::name!("homebase"), Some(player))) {
        let event = state.move_event(card, homebase, Some(crate::kernel::name!("homebase step")), Position::Top);
        let mut ctx = Ctx::new(state, agent, None, player, vec![]);
        if let Ok(Some(crate::interp::Happened { moved: Some(new) })) = ctx.happen(event) {
            let _ = ctx.happen(Event::Flag { object: new, flag: crate::kernel::name!("face_down"), value: true, by: vec![] });
        }
    }
    then_priority(state, agent, w, windows, "homebase_step_begins", player);
}

/// Trails 703.8: the Deployment Step: the primary player gains 1 CP for each card in their
/// homebase (703.8a); trigger conditions; priority processing, in which they may play UNIT and
/// ITEM cards (703.8c-1, 902.4h).
pub fn deployment_step(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows, player: PlayerId) {
    begin(state, "deployment", player);
    let cp = cards_in(state, "homebase", player).len() as i64;
    if cp > 0 {
        let _ = Ctx::new(state, agent, None, player, vec![]).happen(Event::Resource { player, name: crate::kernel::name!("cp"), delta: cp });
    }
    then_priority(state, agent, w, windows, "deployment_step_begins", player);
}

/// Trails 704, 802: the Combat Phase: "at the start of the combat phase" (802.1) and priority
/// processing (802.2); the combat sub steps (802.3, 803-804); its end (802.4-802.5).
pub fn combat_phase(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    combat_begins(state, agent, w, windows);
    super::combat::sub_steps(state, agent, w, windows);
    combat_ends(state, agent, w, windows);
}

/// Trails 802.1-802.2: the Combat Phase begins: its trigger conditions, priority processing.
pub fn combat_begins(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let first = initiative(state);
    begin(state, "combat", first);
    then_priority(state, agent, w, windows, "combat_phase_begins", first);
}

/// Trails 802.4-802.5: "at the end of the combat phase", priority processing.
pub fn combat_ends(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let first = initiative(state);
    mark_players(state, first, first);
    then_priority(state, agent, w, windows, "combat_phase_ends", first);
}

/// Trails 705.1-705.8: the Cure Phase, up to the new turn (705.9, `new_turn`).
pub fn cure_phase(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let first = initiative(state);
    // 705.1-705.4: "at the start of the cure phase", "at the end of the turn", priority after each.
    begin(state, "cure", first);
    then_priority(state, agent, w, windows, "cure_phase_begins", first);
    announce(state, agent, crate::games::end_of_turn_signal("trails"));
    open(windows, state, agent, w);
    if state.outcome.is_some() {
        return;
    }
    // 705.5: bond 0 or less loses; both: the lower bond loses; equal: the Initiative Player.
    let second = state.opponent_of(first);
    let (a, b) = (state.resource(first, "bond"), state.resource(second, "bond"));
    let loser = match (a <= 0, b <= 0) {
        (true, false) => Some(first),
        (false, true) => Some(second),
        (true, true) if b < a => Some(second),
        (true, true) => Some(first),
        _ => None,
    };
    if let Some(loser) = loser {
        state.apply(Event::GameEnded { outcome: Outcome::Winner(state.opponent_of(loser)) });
        return;
    }
    cure_stunned(state, agent, [first, second]);
    // 705.7: "during the turn" effects end.
    state.end_durations("end_of_turn");
    // 705.8: every card on the field and in the homebase readies (a stunned UNIT does not, 1306.2b).
    let actioned: Vec<ObjectId> = ["field", "homebase"].iter().flat_map(|z| state.in_zones(*z).collect::<Vec<_>>()).filter(|o| state.object(*o).flags.contains("actioned") && super::ability::may_ready(state, *o)).collect();
    for object in actioned {
        let controller = state.controller(object);
        let _ = Ctx::new(state, agent, None, controller, vec![]).happen(Event::Flag { object, flag: crate::kernel::name!("actioned"), value: false, by: vec![] });
    }
    empty_pools(state);
}

/// Trails 705.6: the Initiative Player, then the other, chooses up to one stunned UNIT of theirs;
/// both are cured at once, as effects cure (`terms::cure`: 1308, 1306.4 face-up and actioned); then
/// every other stunned UNIT goes to its owner's trail (one that cannot stays stunned on the field).
fn cure_stunned(state: &mut GameState, agent: &mut dyn Agent, order: [PlayerId; 2]) {
    let stunned = |state: &GameState, player: PlayerId| -> Vec<ObjectId> { state.in_zones(crate::kernel::name!("field")).filter(|o| state.object(*o).flags.contains("stunned") && state.controller(*o) == player).collect() };
    let mut cured = vec![];
    for player in order {
        let options = stunned(state, player);
        if options.is_empty() {
            continue;
        }
        if let Answer::Objects(list) = state.ask(agent, player, Question::Objects { prompt: "cure one of your stunned UNITs (Trails 705.6)".into(), options, min: 0, max: 1 }) {
            cured.extend(list.into_iter().take(1));
        }
    }
    super::terms::cure(state, agent, &cured, None);
    for player in order {
        for object in stunned(state, player) {
            let owner = state.object(object).owner;
            let Some(trail) = state.zone_id(crate::kernel::name!("trail"), Some(owner)) else { continue };
            let event = state.move_event(object, trail, Some(crate::kernel::name!("cure phase")), Position::Top);
            let _ = Ctx::new(state, agent, None, player, vec![]).happen(event);
        }
    }
}

/// Trails 705.9: the non-Initiative Player becomes the Initiative Player and a new turn begins.
pub fn new_turn(state: &mut GameState) {
    let next = state.opponent_of(initiative(state));
    state.apply(Event::TurnBegan { turn: state.turn + 1, player: next });
    mark_players(state, next, next);
}

/// One whole turn (701.1): Preparation, Combat and Cure phases.
pub fn run_turn(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    preparation(state, agent, w, windows);
    let first = initiative(state);
    for player in [first, state.opponent_of(first)] {
        type Step = fn(&mut GameState, &mut dyn Agent, &Words, Windows, PlayerId);
        for step in [draw_step as Step, homebase_step, deployment_step] {
            if state.outcome.is_none() {
                step(state, agent, w, windows, player);
            }
        }
    }
    if state.outcome.is_none() {
        combat_phase(state, agent, w, windows);
    }
    if state.outcome.is_none() {
        cure_phase(state, agent, w, windows);
    }
}

/// Plays turns until the game ends; `None` if it has not ended after `max_turns`.
pub fn play_game(state: &mut GameState, agent: &mut dyn Agent, max_turns: u32) -> Option<Outcome> {
    let w = Words::get(state);
    if state.log.iter().all(|e| !matches!(e, Event::TurnBegan { .. })) {
        super::setup::start(state, agent);
    }
    while state.outcome.is_none() && state.turn <= max_turns {
        run_turn(state, agent, &w, Windows::Priority);
        if state.outcome.is_none() {
            new_turn(state);
        }
    }
    state.outcome.clone()
}
