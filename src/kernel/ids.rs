//! Typed indices into the game state's arenas.

use serde::Serialize;

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident($int:ty);)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        pub struct $name(pub $int);
        impl $name {
            pub fn index(self) -> usize { self.0 as usize }
        }
    )*};
}

id_type! {
    /// A game object: one card in one zone. A card that changes zones becomes a new object (FF 7.4).
    ObjectId(u32);
    /// A player, by seat.
    PlayerId(u8);
    /// A zone instance (one player's hand, the shared stack...).
    ZoneId(u16);
    /// A continuous or replacement effect.
    EffectId(u32);
    /// A card definition in the game's library.
    CardId(u32);
}

impl PlayerId {
    /// `name` for this player alone: `name@seat`, the key of a player's tracked list, cost
    /// adjustment or duration ("until the end of your next turn").
    pub fn key(self, name: &str) -> String {
        let mut key = String::with_capacity(name.len() + 2);
        key.push_str(name);
        key.push('@');
        key.push_str(&self.0.to_string());
        key
    }
}

/// A point in the game's history: when an object entered its zone, when an effect began (FF 11.12.4.8-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
pub struct Timestamp(pub u64);
