//! The turn (FF 9): Active, Draw, Main 1, Attack, Main 2 and End phases, and whole games.

use crate::interp::engine::{priority, resolve_all, run_rules};
use crate::interp::{announce, Ctx};
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{name, Event, GameState, Name, ObjectId, Outcome, PlayerId};

use super::attack::{attack, declarations, must_still_attack};
use super::play::{put_away_resolved, FfPlays};
use super::rules::RULES;
use super::Words;

pub use crate::games::Windows;

impl Windows {
    /// A priority window (FF 11.1): rule processes and triggers settle, players play until both
    /// pass with the stack empty.
    pub fn open(&self, state: &mut GameState, agent: &mut dyn Agent, w: &Words) {
        match self {
            // Resolved Summons are put away after each resolution (`FfPlays::after_resolution`).
            Windows::Priority => {
                let _ = priority(state, agent, &RULES, &FfPlays { words: w.clone() });
            }
            Windows::Pass => {
                let _ = resolve_all(state, agent, &RULES);
                put_away_resolved(state, agent);
            }
        }
    }

    /// FF 15.2.3.3: after First Strike damage, rule processes are performed and the turn player
    /// gets priority, but no one may play, and triggered abilities wait until all damage is dealt.
    pub fn first_strike(&self, state: &mut GameState, agent: &mut dyn Agent) {
        for _ in 0..100 {
            if state.outcome.is_some() || !run_rules(state, agent, &RULES) {
                break;
            }
        }
    }
}

fn phase(state: &mut GameState, agent: &mut dyn Agent, name: Name, signal: Option<Name>) {
    state.apply(Event::PhaseBegan { name });
    if let Some(signal) = signal {
        let player = state.turn_player;
        // "Your first Main Phase" / "Main Phase 2" (extra Main Phases are Main 2, FF 9.3.1.1).
        let detail = match name.as_str() {
            "main1" => Some("first".to_string()),
            "main2" => Some("second".to_string()),
            // "At the end of that extra turn" (5-147L Eald'narche).
            "end" if state.players[player.index()].flags.contains(EXTRA_TURN) => Some(EXTRA_TURN.to_string()),
            _ => None,
        };
        announce(state, agent, Event::Signal { name: signal, objects: vec![], player: Some(player), detail });
    }
}

/// The player state of a player taking an extra turn ("Take 1 more turn after this one", 5-147L Eald'narche).
pub const EXTRA_TURN: &str = "extra_turn";
/// The extra turns a player is to take after this one.
pub const EXTRA_TURNS_DUE: &str = "extra_turns_due";
/// The player state of a player whose next turn has no Attack Phase ("Skip your opponent's Attack Phase in their
/// next turn", 6-127L Hraesvelgr), and of the player in that turn.
pub const SKIPS_NEXT_ATTACK_PHASE: &str = "skips_next_attack_phase";
pub const SKIPS_ATTACK_PHASE: &str = "skips_attack_phase";

/// FF 9.5.1.5: the turn ends and the other player's turn begins, unless the turn player is due an extra turn
/// (5-147L Eald'narche): then they take the next turn, an extra one.
pub fn pass_the_turn(state: &mut GameState) {
    let player = state.turn_player;
    let extra = state.resource(player, EXTRA_TURNS_DUE) > 0;
    let next = if extra {
        state.apply(Event::Resource { player, name: crate::kernel::name!(EXTRA_TURNS_DUE), delta: -1 });
        player
    } else {
        state.opponent_of(player)
    };
    for p in [player, next] {
        if state.players[p.index()].flags.contains(EXTRA_TURN) != (extra && p == next) {
            state.apply(Event::PlayerFlag { player: p, flag: crate::kernel::name!(EXTRA_TURN), value: extra && p == next });
        }
    }
    state.apply(Event::TurnBegan { turn: state.turn + 1, player: next });
    // "Skip ... Attack Phase in their next turn": this is that turn.
    if state.players[next.index()].flags.contains(SKIPS_NEXT_ATTACK_PHASE) {
        state.apply(Event::PlayerFlag { player: next, flag: crate::kernel::name!(SKIPS_NEXT_ATTACK_PHASE), value: false });
        state.apply(Event::PlayerFlag { player: next, flag: crate::kernel::name!(SKIPS_ATTACK_PHASE), value: true });
    }
}

/// Whether the turn player's Attack Phase is skipped this turn (6-127L Hraesvelgr).
pub fn skips_attack_phase(state: &GameState) -> bool {
    state.players[state.turn_player.index()].flags.contains(SKIPS_ATTACK_PHASE)
}

/// The start of a turn (FF 9.1-9.3): the Active Phase, the Draw Phase, and Main Phase 1 begun.
pub fn begin_turn(state: &mut GameState, agent: &mut dyn Agent) {
    let player = state.turn_player;
    announce(state, agent, Event::Signal { name: crate::kernel::name!("turn_begins"), objects: vec![], player: Some(player), detail: None });
    // FF 9.1: the turn player's dull Characters activate (not Frozen ones, FF 15.2.4.2); no priority.
    phase(state, agent, name!("active"), None);
    let dull: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| state.controller(*o) == player && state.object(*o).flags.contains("dull")).collect();
    for o in dull {
        if state.permits(o, "activate_in_active_phase", None, None) != Some(false) && !state.object(o).flags.contains("frozen") {
            let _ = Ctx::new(state, agent, None, player, vec![]).happen(Event::Flag { object: o, flag: crate::kernel::name!("dull"), value: false, by: vec![] });
        }
    }
    // FF 15.2.4.2: frozen Characters stayed dull in this Active Phase; the freeze is spent.
    let frozen: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| state.controller(*o) == player && state.object(*o).flags.contains("frozen")).collect();
    for o in frozen {
        state.apply(Event::Flag { object: o, flag: crate::kernel::name!("frozen"), value: false, by: vec![] });
    }
    state.end_durations(player.key_name("next_active_phase").as_str());
    // FF 9.2: two cards, one on the first player's first turn (FF 8.2.1.5, 9.2.1.3).
    phase(state, agent, name!("draw"), None);
    super::deck::draw(state, agent, player, if state.turn == 1 { 1 } else { 2 });
    // FF 9.3: Main Phase 1.
    phase(state, agent, name!("main1"), Some(name!("main_phase_begins")));
}

/// FF 10.1.1: the Attack Phase begins.
pub fn begin_attack_phase(state: &mut GameState, agent: &mut dyn Agent) {
    phase(state, agent, name!("attack"), Some(name!("attack_phase_begins")));
}

/// FF 9.3.1.1: Main Phase 2 begins.
pub fn begin_main_phase_2(state: &mut GameState, agent: &mut dyn Agent) {
    phase(state, agent, name!("main2"), Some(name!("main_phase_begins")));
}

/// One whole turn of the turn player, from the Active Phase to the End Phase.
pub fn run_turn(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let player = state.turn_player;
    begin_turn(state, agent);
    windows.open(state, agent, w);
    // FF 9.4, 10: the Attack Phase, attack after attack until the turn player stops (none when it is skipped).
    let attack_phase = !skips_attack_phase(state);
    if attack_phase {
        begin_attack_phase(state, agent);
        windows.open(state, agent, w);
    }
    while attack_phase && state.outcome.is_none() {
        let options = declarations(state, w);
        if options.is_empty() {
            break;
        }
        // FF 10.1.2.1.3: the phase cannot end while a Forward must still attack.
        let can_end = must_still_attack(state, w).is_empty();
        let offset = usize::from(can_end);
        let word = |s: &GameState, i: usize| -> std::borrow::Cow<'static, str> {
            match i.checked_sub(offset) {
                None => "end the attack phase".into(),
                Some(i) => format!("attack with {}", options[i].iter().map(|o| s.name_of(*o)).collect::<Vec<_>>().join(" and ")).into(),
            }
        };
        let pick = state.ask_one(agent, player, "attack", options.len() + offset, word);
        if can_end && pick == 0 {
            break;
        }
        let declared = &options[pick - usize::from(can_end)];
        if state.attempt(|s| attack(s, agent, w, &windows, declared)).is_err() && !can_end {
            break;
        }
    }
    // FF 9.3.1.1: Main Phase 2.
    if state.outcome.is_none() {
        begin_main_phase_2(state, agent);
        windows.open(state, agent, w);
    }
    if state.outcome.is_none() {
        end_turn(state, agent, w, windows);
    }
}

/// FF 9.5: the End Phase: "end of turn" triggers, the hand-size discard, then damage removed and
/// "until the end of the turn" effects ended, again while that triggers something (9.5.1.4).
pub fn end_turn(state: &mut GameState, agent: &mut dyn Agent, w: &Words, windows: Windows) {
    let player = state.turn_player;
    phase(state, agent, name!("end"), Some(name!("end_of_turn")));
    windows.open(state, agent, w);
    // FF 9.5.1.2: the hand size is five.
    if let Some(hand) = state.zone_id(crate::kernel::name!("hand"), Some(player)) {
        let cards = state.zone(hand).objects.clone();
        if cards.len() > 5 {
            let n = cards.len() - 5;
            let discarded = match state.ask(agent, player, Question::Objects { prompt: state.worded_or_blank(|| format!("discard {n} card(s) down to five").into()), options: cards.clone(), min: n, max: n }) {
                Answer::Objects(list) => list,
                _ => cards[..n].to_vec(),
            };
            for card in discarded {
                let _ = super::cost::discard(state, agent, card);
            }
        }
    }
    for _ in 0..100 {
        // FF 9.5.1.3: at the same time, damage is removed and "until the end of the turn" ends.
        let damaged: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| state.object(*o).damage > 0).collect();
        for o in damaged {
            state.apply(Event::DamageRemoved { object: o });
        }
        state.end_durations("end_of_turn");
        // "Until the end of the next turn" (11-065H Ardyn) ends with a turn that began after the
        // effect did; "until the end of your next turn" (15-018C Sabin) with such a turn of yours.
        let began = Some(state.turn_began);
        state.end_durations_begun_before("end_of_next_turn", began);
        state.end_durations_begun_before(state.turn_player.key_name("end_of_next_turn").as_str(), began);
        forget_this_turn(state);
        // FF 9.5.1.4: rule processes are performed (an Item whose Character stopped being able to
        // equip it, SE14 5.2.3.1.3.6), then triggers; repeat while any occurs.
        let ruled = state.outcome.is_none() && run_rules(state, agent, &RULES);
        if (!ruled && state.pending.is_empty()) || state.outcome.is_some() {
            break;
        }
        windows.open(state, agent, w);
    }
}

/// What happened this turn is forgotten as it ends: attacks made, Summons cast, abilities used,
/// damage taken, the cards cast and the Forwards attacked with.
fn forget_this_turn(state: &mut GameState) {
    // Interned names compare by address.
    let ended = [name!(super::play::CAST_THIS_TURN), name!(super::rules::DAMAGED_THIS_TURN), name!(super::damage::FIRST_DAMAGE_THIS_TURN)];
    let put_from_field = name!(super::answers::PUT_FROM_FIELD);
    let this_turn = |f: &Name| ended.contains(f) || f.starts_with(crate::kernel::USED_THIS_TURN);
    // One pass over the cards, most of which have neither flags nor counters; none in a deck has a mark of the turn
    // (a card put there is a new object, FF 7.4, and nothing marks a card while it is there).
    let mut marked: Vec<(ObjectId, Name)> = vec![];
    let mut counted: Vec<(ObjectId, i64)> = vec![];
    let mut put_away: Vec<ObjectId> = vec![];
    let deck = name!("deck");
    if state.audit {
        let marked_in_deck = state.in_zones(deck).find(|o| state.object(*o).flags.iter().any(this_turn) || state.object(*o).counters.contains_key(super::attack::ATTACKS_THIS_TURN));
        assert!(marked_in_deck.is_none(), "{} in a deck has a mark of the turn", marked_in_deck.map_or(String::new(), |o| state.name_of(o)));
    }
    for o in state.zones.iter().filter(|z| z.name != deck).flat_map(|z| z.objects.iter().copied()) {
        let object = state.object(o);
        if object.flags.is_empty() && object.counters.is_empty() {
            continue;
        }
        for &flag in &object.flags {
            if this_turn(&flag) {
                marked.push((o, flag));
            }
            if flag == put_from_field {
                put_away.push(o);
            }
        }
        if let Some(n) = object.counters.get(super::attack::ATTACKS_THIS_TURN).filter(|n| **n != 0) {
            counted.push((o, *n));
        }
    }
    for (o, flag) in marked {
        state.apply(Event::Flag { object: o, flag, value: false, by: vec![] });
    }
    for (o, n) in counted {
        state.apply(Event::Counter { object: o, name: crate::kernel::name!(super::attack::ATTACKS_THIS_TURN), delta: -n });
    }
    for p in 0..state.players.len() {
        let player = PlayerId(p as u8);
        for flag in [super::actions::DAMAGED_THIS_TURN, super::attack::FORMED_PARTY_THIS_TURN, SKIPS_ATTACK_PHASE] {
            if state.players[p].flags.contains(flag) {
                state.apply(Event::PlayerFlag { player, flag: flag.into(), value: false });
            }
        }
        crate::games::clear_resource(state, player, super::play::CARDS_CAST_THIS_TURN);
    }
    super::answers::forget(state, put_away);
    let tracked: Vec<crate::kernel::Name> = state.tracked.keys().filter(|k| k.starts_with(super::attack::FORWARDS_ATTACKED_WITH)).copied().collect();
    for name in tracked {
        state.apply(Event::Tracked { name, objects: vec![] });
    }
    // The cards drawn this turn (FF 7.9, 14-130H Cloud of Darkness) are forgotten.
    let drawn: Vec<crate::kernel::Name> = state.tracked.iter().filter(|(k, v)| k.starts_with(super::deck::DRAWN_THIS_TURN) && !v.is_empty()).map(|(k, _)| *k).collect();
    for name in drawn {
        state.apply(Event::Tracked { name, objects: vec![] });
    }
}

/// Plays turns until the game ends; `None` if it has not ended after `max_turns`.
pub fn play_game(state: &mut GameState, agent: &mut dyn Agent, max_turns: u32) -> Option<Outcome> {
    let w = Words::get(state);
    if state.turn == 1 && state.log.iter().all(|e| !matches!(e, Event::TurnBegan { .. })) {
        super::setup::start(state, agent);
    }
    while state.outcome.is_none() && state.turn <= max_turns {
        run_turn(state, agent, &w, Windows::Priority);
        if state.outcome.is_none() {
            pass_the_turn(state);
        }
    }
    state.outcome.clone()
}
