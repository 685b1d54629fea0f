//! Interned names: the states, signals and marks the game's events name, one copy of each text.
//!
//! A `Name` is a shared `&'static str`: copied without allocating, compared by address, ordered
//! and hashed by its text (so sets and maps of names keep the order of their texts, and digests do
//! not depend on the order names were first seen). Every `Name` comes from `Name::new`, which
//! returns the one copy of a text: two names are equal exactly when their texts are.

use std::borrow::Borrow;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use serde::Serialize;

#[derive(Clone, Copy)]
pub struct Name(&'static str);

/// The `Name` of a fixed text (a literal or a `const`), looked up once per place it is written:
/// `kernel::name!("dull")`.
macro_rules! name {
    ($text:expr) => {{
        static NAME: ::std::sync::OnceLock<$crate::kernel::Name> = ::std::sync::OnceLock::new();
        const TEXT: &str = $text;
        *NAME.get_or_init(|| $crate::kernel::Name::new(TEXT))
    }};
}
pub(crate) use name;

/// Every text interned by any thread: one copy each, never freed (names are few and small).
fn shared() -> &'static Mutex<HashSet<&'static str>> {
    static SHARED: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    SHARED.get_or_init(Default::default)
}

thread_local! {
    /// This thread's copy of the names it has used: looked up without a lock.
    static LOCAL: RefCell<rustc_hash::FxHashSet<&'static str>> = RefCell::default();
    /// The names this thread last found, by the address of the text they were asked with: most texts named at run
    /// time are the same few strings of a card's script, asked again and again.
    static RECENT: [Cell<(usize, Name)>; RECENT_SLOTS] = const { [const { Cell::new((0, Name(""))) }; RECENT_SLOTS] };
}

/// How many look-ups `RECENT` keeps (a power of two).
const RECENT_SLOTS: usize = 64;

impl Name {
    /// The name with this text.
    pub fn new(text: &str) -> Name {
        // A text at an address asked before is found without hashing it, once it still reads the same.
        let address = text.as_ptr() as usize;
        let slot = (address >> 3) & (RECENT_SLOTS - 1);
        let (seen_at, seen) = RECENT.with(|recent| recent[slot].get());
        if seen_at == address && seen.0 == text {
            return seen;
        }
        let found = Name::looked_up(text);
        RECENT.with(|recent| recent[slot].set((address, found)));
        found
    }

    /// `new`, through this thread's names and then every thread's.
    fn looked_up(text: &str) -> Name {
        if let Some(found) = LOCAL.with(|local| local.borrow().get(text).copied()) {
            return Name(found);
        }
        let interned = {
            let mut all = shared().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match all.get(text) {
                Some(found) => *found,
                None => {
                    let leaked: &'static str = Box::leak(text.into());
                    all.insert(leaked);
                    leaked
                }
            }
        };
        LOCAL.with(|local| local.borrow_mut().insert(interned));
        Name(interned)
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// Whether a list of names (a game's configured zone names) has this name: compared by address.
    pub fn is_in(self, names: &[Name]) -> bool {
        names.contains(&self)
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Name {}

impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Name) -> std::cmp::Ordering {
        if self == other { std::cmp::Ordering::Equal } else { self.0.cmp(other.0) }
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

/// Sets and maps of names are looked up by text (`flags.contains("dull")`).
impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Name {
        Name::new(text)
    }
}

impl From<&String> for Name {
    fn from(text: &String) -> Name {
        Name::new(text)
    }
}

impl From<String> for Name {
    fn from(text: String) -> Name {
        Name::new(&text)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.0 == other.as_str()
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self == other.0
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        *self == other.0
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.0
    }
}

/// Written as its text: logs and snapshots read as they did when names were `String`s.
impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0, f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl Default for Name {
    fn default() -> Name {
        Name::new("")
    }
}

#[cfg(test)]
mod tests {
    use super::Name;

    #[test]
    fn one_copy_of_each_text_equal_exactly_when_the_texts_are() {
        let (a, b, c) = (Name::new("dull"), Name::new(&String::from("dull")), Name::new("frozen"));
        assert_eq!(a, b);
        assert!(std::ptr::eq(a.as_str(), b.as_str()));
        assert_ne!(a, c);
        assert!(a < c, "ordered by text");
        let other_thread = std::thread::spawn(|| Name::new("dull")).join().unwrap();
        assert_eq!(other_thread, a, "one copy across threads");
        assert_eq!(format!("{a:?}"), "\"dull\"");
    }
}
