//! Revealed cards (Trails 1211.3a-c, 1204.2b, 1311.1): marked `revealed` while what revealed them waits.

use crate::kernel::{Event, GameState, ObjectId};

/// A hidden card is revealed while an ability of its waits (Trails 1211.3a, 1204.2b): it is
/// marked `revealed` until `conceal` finds nothing of its waiting.
pub fn reveal(state: &mut GameState, object: ObjectId) {
    state.apply(Event::Revealed { objects: vec![object] });
    state.apply(Event::Flag { object, flag: crate::kernel::name!(crate::kernel::REVEALED), value: true, by: vec![] });
}

/// Trails 1311.1: a card an effect of `source` reveals stays revealed until that effect has
/// resolved or the card moves: marked `revealed`, and `revealed by: S in Z` for `conceal`.
pub fn reveal_for(state: &mut GameState, object: ObjectId, source: Option<ObjectId>) {
    let o = state.object(object);
    if !o.flags.contains(crate::kernel::REVEALED) {
        state.apply(Event::Flag { object, flag: crate::kernel::name!(crate::kernel::REVEALED), value: true, by: vec![] });
    }
    if let Some(s) = source {
        let flag = format!("{}{} in {}", crate::kernel::REVEALED_BY, s.0, state.object(object).zone.0);
        if !state.object(object).flags.contains(flag.as_str()) {
            state.apply(Event::Flag { object, flag: flag.into(), value: true, by: vec![] });
        }
    }
}

/// Trails 1211.3c, 1311.1: a revealed card is hidden again once nothing of its waits to be played
/// or to resolve, nor anything of the card whose effect revealed it, unless it moved since
/// (`revealed by: S in Z`). Whether anything changed.
pub fn conceal(state: &mut GameState) -> bool {
    // Only a `Flag` event marks a card revealed, and each one is counted.
    if state.revealed_marks == 0 {
        return false;
    }
    let revealed: Vec<ObjectId> = state.live_objects().filter(|o| state.object(*o).flags.contains(crate::kernel::REVEALED)).collect();
    state.revealed_marks = revealed.len();
    let waits = |state: &GameState, o: ObjectId| state.pending.iter().any(|p| p.source == o) || state.stack.iter().any(|e| e.source == Some(o));
    let mut changed = false;
    for object in revealed {
        let o = state.object(object);
        let holds = |flag: &str| {
            let (source, zone) = flag.strip_prefix(crate::kernel::REVEALED_BY)?.split_once(" in ")?;
            Some(zone.parse::<u16>().ok()? == o.zone.0 && waits(state, ObjectId(source.parse().ok()?)))
        };
        let (held, ended): (Vec<&crate::kernel::Name>, Vec<&crate::kernel::Name>) = o.flags.iter().filter(|f| f.starts_with(crate::kernel::REVEALED_BY)).partition(|f| holds(f).unwrap_or(false));
        let ended: Vec<crate::kernel::Name> = ended.into_iter().copied().collect();
        let hidden_again = held.is_empty() && !waits(state, object);
        for flag in ended {
            state.apply(Event::Flag { object, flag, value: false, by: vec![] });
            changed = true;
        }
        if hidden_again {
            state.apply(Event::Flag { object, flag: crate::kernel::name!(crate::kernel::REVEALED), value: false, by: vec![] });
            changed = true;
        }
    }
    changed
}
