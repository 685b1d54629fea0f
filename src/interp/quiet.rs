//! Whether the rule processes would find nothing again: since they last found nothing, only events
//! they do not heed happened, and the cards they read kept their computed characteristics.

use std::rc::Rc;

use crate::kernel::{Change, Characteristics, Event, GameState, ObjectId, RulesQuiet};

use super::engine::RuleProcesses;

/// Whether the rule processes need not run: since they last found nothing (`GameState::rules_quiet`),
/// no event they heed happened (`RuleProcesses::heeds`), and either no card's characteristics
/// changed (the view's generation stands) or the cards in the zone they read
/// (`RuleProcesses::watches`) are the same, each with the very characteristics it had then.
pub(super) fn unheeded(state: &GameState, rules: &dyn RuleProcesses) -> bool {
    let Some(q) = &state.rules_quiet else { return false };
    if state.log.iter_from(q.events).any(|e| heeded(state, rules, q, e)) {
        return false;
    }
    if q.generation == state.generation {
        return true;
    }
    // A player's rules are read through conditions the cards' characteristics do not show.
    let player_rules = state.effects.iter().any(|e| matches!(e.change, Change::PlayerRule { .. }));
    match (&q.watched, rules.watches()) {
        (Some(before), Some(zone)) if !player_rules => {
            let view = state.view();
            let mut now = state.in_zones(zone);
            // The same pointer is the same characteristics: `before` keeps them alive.
            let same = |o: ObjectId, c: &Rc<Characteristics>| view.get(o.index()).and_then(Option::as_ref).is_some_and(|n| Rc::ptr_eq(c, n));
            before.iter().all(|(o, c)| now.next() == Some(*o) && same(*o, c)) && now.next().is_none()
        }
        _ => false,
    }
}

/// Whether `event` may give the rule processes something to do: as the game says (`RuleProcesses::heeds`), and for an
/// effect beginning or ending, by its kind too (`RuleProcesses::heeds_effect`; one they heed can end only if one was
/// in force when they last found nothing). The game's test first: most events it passes over.
fn heeded(state: &GameState, rules: &dyn RuleProcesses, q: &RulesQuiet, event: &Event) -> bool {
    rules.heeds(state, event)
        && match event {
            Event::EffectBegan { effect } => rules.heeds_effect(&effect.change),
            Event::EffectEnded { .. } => q.effects_heeded,
            _ => true,
        }
}

/// Records that the rule processes found nothing now; `ran`: they were run (not skipped), so the
/// cards they read are read again.
pub(super) fn record(state: &mut GameState, rules: &dyn RuleProcesses, ran: bool) {
    let (changes, generation, events) = (state.changes, state.generation, state.log.len());
    match &mut state.rules_quiet {
        // Skipped: no event they heed happened, so no effect they heed began (`effects_heeded` stands).
        Some(q) if !ran => (q.changes, q.generation, q.events) = (changes, generation, events),
        _ => {
            let last = state.rules_quiet.take().and_then(|q| q.watched);
            let watched = rules.watches().map(|zone| {
                // The list read last time is refilled in place (copied first while a copy of the state shares it: the
                // copy keeps capacity, and costs less than growing a new list).
                let mut list = last.unwrap_or_default();
                let refill = Rc::make_mut(&mut list);
                refill.clear();
                refill.extend(state.in_zones(zone).map(|o| (o, state.characteristics(o))));
                list
            });
            let effects_heeded = state.effects.iter().any(|e| rules.heeds_effect(&e.change));
            state.rules_quiet = Some(RulesQuiet { changes, generation, events, watched, effects_heeded });
        }
    }
}
