//! What each FF player sees (FF 7.6, 7.13): the face-down state and the permission to look at a face-down card.

use crate::kernel::Sight;

/// FF 7.6.2: the state of a card turned face down by a rule or an effect ("removes the top card of their
/// deck from the game face down", 12-018H Lani): no player sees it, though its zone is public.
pub const FACE_DOWN: &str = "face_down";

/// The permission an effect grants a player to look at a face-down card ("You can look at it", 12-018H Lani;
/// `can look at` in std-abilities/fftcg/vocab-cards-n.card).
pub const LOOK_AT_FACE_DOWN: &str = "look_at_face_down";

/// FF 7.6.2, 7.13: the states that hide a card (`GameConfig::hidden_flags`); a face-down card is in the
/// removed zone only, where no ability works anyway (FF 11.9.1): hiding takes no abilities away
/// (`GameConfig::hidden_cards_lose_abilities` is Trails').
pub fn hidden_flags() -> Vec<String> {
    vec![FACE_DOWN.into()]
}

/// FF 7.6.2: a face-down card is seen by no player, its controller included, unless an effect lets one look at it.
pub fn sight() -> Sight {
    Sight { controller_sees_hidden_in: vec![], look: Some(LOOK_AT_FACE_DOWN.into()) }
}
