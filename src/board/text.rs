//! The text board: one line per player and per non-empty zone, for the REPL and golden transcripts.

use crate::board::{card_view, TURNED, count_only, entry_label, outcome_words, player_name, player_zones, resource_words, shared_zones};
use crate::kernel::state::Zone;
use crate::kernel::{GameState, ObjectId, PlayerId};

/// The board in words: per player their resources, flags and zones (config order), then the shared
/// zones, what waits to resolve, the turn and the outcome. Deterministic, so it can be snapshotted.
///
/// ```text
/// me: cp 3
///   hand: Zack
///   field: Cloud (dull, 3 damage, cost 2, power 7000), Tifa (cost 2, power 5000)
///   deck: 10 cards
/// ```
pub fn text(state: &GameState) -> String {
    text_as(state, None)
}

/// The board as one player sees it (`GameState::sees`): a card they do not see is `face-down card` when
/// a state hides it (with the states that turn it sideways, which everyone sees) and `a card` otherwise
/// (the opponent's hand); a deck is still counted. FF 7.6, 7.11.2; Trails 503.2, 505.3, 507.4.
pub fn text_for(state: &GameState, viewer: PlayerId) -> String {
    text_as(state, Some(viewer))
}

/// The board as everyone's (`None`: the designer's view) or one player's.
fn text_as(state: &GameState, viewer: Option<PlayerId>) -> String {
    let mut out = String::new();
    for p in 0..state.players.len() {
        let p = PlayerId(p as u8);
        out.push_str(&player_line(state, p));
        out.push('\n');
        for zone in player_zones(state, p) {
            if let Some(line) = zone_line(state, zone, viewer) {
                out.push_str(&format!("  {line}\n"));
            }
        }
    }
    for zone in shared_zones(state) {
        if let Some(line) = zone_line(state, zone, viewer) {
            out.push_str(&format!("{line}\n"));
        }
    }
    if !state.stack.is_empty() {
        let entries: Vec<String> = (0..state.stack.len()).map(|i| entry_label(state, i)).collect();
        out.push_str(&format!("to resolve (last on top): {}\n", entries.join(", ")));
    }
    if !state.pending.is_empty() {
        let pending: Vec<String> = state
            .pending
            .iter()
            .map(|t| format!("{} ({})", state.library.card(state.object(t.source).card).name, player_name(state, t.controller)))
            .collect();
        out.push_str(&format!("triggered: {}\n", pending.join(", ")));
    }
    for (name, objects) in state.tracked.iter() {
        if !objects.is_empty() {
            out.push_str(&format!("{name}: {}\n", names(state, objects, viewer)));
        }
    }
    out.push_str(&format!("turn {}: {}\n", state.turn, player_name(state, state.turn_player)));
    if let Some(outcome) = outcome_words(state) {
        out.push_str(&format!("outcome: {outcome}\n"));
    }
    out
}

/// `me: bond 2, cp 3 [lost]`.
fn player_line(state: &GameState, p: PlayerId) -> String {
    let mut line = player_name(state, p).to_string();
    let resources = resource_words(state, p);
    if !resources.is_empty() {
        line.push_str(&format!(": {}", resources.join(", ")));
    }
    let flags = &state.players[p.index()].flags;
    if !flags.is_empty() {
        line.push_str(&format!(" [{}]", flags.iter().cloned().collect::<Vec<_>>().join(", ")));
    }
    line
}

/// `field: Cloud (dull), Tifa`, `deck: 10 cards`, or nothing for an empty zone.
fn zone_line(state: &GameState, zone: &Zone, viewer: Option<PlayerId>) -> Option<String> {
    let n = zone.objects.len();
    if n == 0 {
        return None;
    }
    if count_only(zone) {
        return Some(format!("{}: {n} card{}", zone.name, if n == 1 { "" } else { "s" }));
    }
    let labels: Vec<String> = zone.objects.iter().map(|o| unseen(state, *o, viewer).unwrap_or_else(|| card_view(state, *o).label())).collect();
    Some(format!("{}: {}", zone.name, runs(&labels).join(", ")))
}

/// Names of objects, in order: `Cloud, Tifa`.
fn names(state: &GameState, objects: &[ObjectId], viewer: Option<PlayerId>) -> String {
    let labels: Vec<String> = objects.iter().map(|o| unseen(state, *o, viewer).unwrap_or_else(|| state.library.card(state.object(*o).card).name.clone())).collect();
    labels.join(", ")
}

/// How a card the viewer does not see is shown: `face-down card (actioned)`, `a card`; `None` when they see it.
fn unseen(state: &GameState, object: ObjectId, viewer: Option<PlayerId>) -> Option<String> {
    let viewer = viewer?;
    if state.sees(viewer, object) {
        return None;
    }
    let o = state.object(object);
    if !state.hidden(object) {
        return Some("a card".into());
    }
    let turned: Vec<&str> = TURNED.iter().copied().filter(|f| o.flags.contains(f)).collect();
    Some(if turned.is_empty() { "face-down card".into() } else { format!("face-down card ({})", turned.join(", ")) })
}

/// Consecutive equal labels as one: `Soldier x3`.
fn runs(labels: &[String]) -> Vec<String> {
    let mut out: Vec<(String, usize)> = vec![];
    for l in labels {
        match out.last_mut() {
            Some((last, n)) if last == l => *n += 1,
            _ => out.push((l.clone(), 1)),
        }
    }
    out.into_iter().map(|(l, n)| if n == 1 { l } else { format!("{l} x{n}") }).collect()
}
