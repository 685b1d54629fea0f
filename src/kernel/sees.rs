//! What each player sees (FF 7.6, 7.11.2, 7.13; Trails 503.2, 505.3, 507.4, 1211.3): `GameState::sees`.

use crate::kernel::{GameState, ObjectId, PlayerId, Visibility, REVEALED};

/// How a game hides cards from players beyond its zones' `Visibility` (with `GameConfig::hidden_flags`,
/// the states that hide a card: face-down).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sight {
    /// Zones where a card in a hidden state is still seen by its controller (Trails 507.4: a face-down
    /// card in the homebase); elsewhere a hidden card is seen by no one (Trails 503.2; FF 7.6.2).
    pub controller_sees_hidden_in: Vec<crate::kernel::Name>,
    /// The permission (`allow(target, HOOK, who: player)`) by which an effect lets a player look at a
    /// card they would not see (FF: "You can look at it", 12-018H Lani); the hook's name is the game's.
    pub look: Option<String>,
}

impl GameState {
    /// Whether the card is in a state that hides it (`GameConfig::hidden_flags`: face-down).
    pub fn hidden(&self, object: ObjectId) -> bool {
        let o = self.object(object);
        self.config.hidden_flags.iter().any(|f| o.flags.contains(f.as_str()))
    }

    /// Whether the card is hidden in a game where that takes its abilities away (Trails 1202.2-4,
    /// `GameConfig::hidden_cards_lose_abilities`).
    pub fn hidden_without_abilities(&self, object: ObjectId) -> bool {
        self.config.hidden_cards_lose_abilities && self.hidden(object)
    }

    /// Whether `player` sees the card `object`: it is revealed (Trails 1211.3a-c, 1311.1), an effect
    /// lets the player look at it (`Sight::look`), or, when it is in no hidden state
    /// (`GameConfig::hidden_flags`), its zone is public (FF 7.6.2, Trails 506.2) or private to the
    /// player (the hand: FF 7.11.2, Trails 505.3); a hidden card only where its controller sees it
    /// (`Sight::controller_sees_hidden_in`, Trails 507.4). Nobody sees a card in a hidden zone (the
    /// deck: FF 7.9.2, Trails 504.2) unless revealed or let look at. Reads the state only.
    pub fn sees(&self, player: PlayerId, object: ObjectId) -> bool {
        let o = self.object(object);
        if o.flags.contains(REVEALED) {
            return true;
        }
        let sight = &self.config.sight;
        if let Some(hook) = &sight.look
            && self.permits(object, hook, Some(player), None) == Some(true)
        {
            return true;
        }
        let zone = self.zone(o.zone);
        if self.hidden(object) {
            return zone.name.is_in(&sight.controller_sees_hidden_in) && self.controller(object) == player;
        }
        match zone.visibility {
            Visibility::Public => true,
            Visibility::Private => zone.owner.unwrap_or(o.owner) == player,
            Visibility::Hidden => false,
        }
    }
}
