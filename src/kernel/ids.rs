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

    /// `key` as an interned name (a tracked list's), made once per text and player on a thread.
    pub fn key_name(self, name: &'static str) -> crate::kernel::Name {
        thread_local! {
            static KEYS: std::cell::RefCell<rustc_hash::FxHashMap<(usize, usize, u8), crate::kernel::Name>> = Default::default();
        }
        KEYS.with(|keys| *keys.borrow_mut().entry((name.as_ptr() as usize, name.len(), self.0)).or_insert_with(|| crate::kernel::Name::new(&self.key(name))))
    }
}

/// A point in the game's history: when an object entered its zone, when an effect began (FF 11.12.4.8-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
pub struct Timestamp(pub u64);
