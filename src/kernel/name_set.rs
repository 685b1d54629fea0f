//! A small set of names (an object's or a player's states): in the order of their texts, as a
//! `BTreeSet` keeps them, but looked up by a scan that tells most names apart by their lengths.
//!
//! An object has a few states at a time and they are read far more often than they change: a
//! tree compared every text it passed, a scan compares the texts only of names as long as the
//! one looked for.

use serde::Serialize;
use smallvec::SmallVec;

use crate::kernel::Name;

#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct NameSet(SmallVec<[Name; 4]>);

impl NameSet {
    /// Whether the set has the name with this text.
    #[inline]
    pub fn contains(&self, text: &str) -> bool {
        // A text comparison stops at once when the lengths differ, as most names' do.
        self.0.iter().any(|n| n.as_str() == text)
    }

    /// Adds the name; whether it was not there yet.
    pub fn insert(&mut self, name: Name) -> bool {
        match self.0.binary_search(&name) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, name);
                true
            }
        }
    }

    /// Takes the name out; whether it was there.
    pub fn remove(&mut self, name: &Name) -> bool {
        match self.0.iter().position(|n| n == name) {
            Some(at) => {
                self.0.remove(at);
                true
            }
            None => false,
        }
    }

    /// The names, in the order of their texts.
    pub fn iter(&self) -> std::slice::Iter<'_, Name> {
        self.0.iter()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl<'a> IntoIterator for &'a NameSet {
    type Item = &'a Name;
    type IntoIter = std::slice::Iter<'a, Name>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Written as a set of texts: logs and snapshots read as they did with a `BTreeSet`.
impl std::fmt::Debug for NameSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.0.iter()).finish()
    }
}

impl Serialize for NameSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::NameSet;
    use crate::kernel::Name;

    #[test]
    fn kept_in_the_order_of_the_texts_once_each() {
        let mut set = NameSet::default();
        for text in ["frozen", "dull", "attacked", "dull"] {
            set.insert(Name::new(text));
        }
        assert_eq!(set.iter().map(|n| n.as_str()).collect::<Vec<_>>(), ["attacked", "dull", "frozen"]);
        assert!(set.contains("dull") && !set.contains("dul") && !set.contains("blocking"));
        assert!(set.remove(&Name::new("dull")) && !set.remove(&Name::new("dull")));
        assert_eq!(format!("{set:?}"), r#"{"attacked", "frozen"}"#);
    }
}
