//! Casting a card from outside the hand (FF 11.3, 11.4, 15.1.1.7): from a Break Zone or from the cards removed from the game, as an effect lets a player, with or without paying, or as though they owned it (FF 6.2.1).

use crate::kernel::{GameState, ObjectId, PlayerId};

/// The hook letting a player cast a card from the zone it is in (FF 11.3, 11.4, 15.1.1.7: "You can
/// cast it this turn", 12-061L Krile), and the one letting them do so without paying its cost
/// ("you may cast it without paying the cost this turn", 12-019R Amidatelion).
pub const CAST_FROM_OUTSIDE_HAND: &str = "cast_from_outside_hand";
pub const CAST_WITHOUT_PAYING_COST: &str = "cast_without_paying_cost";
/// FF 6.2.1, 11.3: the hook letting a player cast a card another player owns from the zone it is in, as
/// though they owned it ("You can cast it as though you owned it this turn", 14-127H Zidane; 15-120H Mind
/// Flayer): as `CAST_FROM_OUTSIDE_HAND`, at the times they could cast it from their hand, paying its cost.
pub const CAST_AS_THOUGH_OWNED: &str = "cast_as_though_owned";

/// Whether an effect lets `player` cast the card from where it is (`CAST_FROM_OUTSIDE_HAND`, `CAST_AS_THOUGH_OWNED`).
pub(super) fn may_cast_from_here(state: &GameState, player: PlayerId, object: ObjectId) -> bool {
    [CAST_FROM_OUTSIDE_HAND, CAST_AS_THOUGH_OWNED].iter().any(|hook| state.permits(object, hook, Some(player), None) == Some(true))
}

/// The cards in a Break Zone or removed from the game that an effect lets `player` cast.
pub(super) fn castable_elsewhere(state: &GameState, player: PlayerId) -> Vec<ObjectId> {
    let granted = |e: &crate::kernel::ContinuousEffect| matches!(&e.change, crate::kernel::Change::Allow(h) if h.action == CAST_FROM_OUTSIDE_HAND || h.action == CAST_AS_THOUGH_OWNED);
    if !state.effects.iter().any(|e| granted(e)) {
        return vec![];
    }
    state
        .in_zones(crate::kernel::name!("break_zone"))
        .chain(state.in_zones(crate::kernel::name!("removed")))
        .filter(|o| !state.characteristics(*o).allowed.is_empty() && may_cast_from_here(state, player, *o))
        .collect()
}
