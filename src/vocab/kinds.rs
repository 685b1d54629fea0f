//! An object's card kinds, kept as a list and as a set of bits, so that "is it a Forward?" is one test.

use serde::Serialize;

use super::{KindId, Vocabulary};

/// The kinds an object has now, in the order they were given: a list (read as a slice), and a bit for each kind of
/// the first 64 of its vocabulary, which `Vocabulary::is_of` tests against the kinds descending from one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Kinds {
    list: Vec<KindId>,
    bits: u64,
}

/// The bit of a kind among the first 64; none for a later one (then `is_of` reads the list).
fn bit(kind: KindId) -> u64 {
    if kind.0 < 64 { 1 << kind.0 } else { 0 }
}

impl Kinds {
    pub fn new(list: Vec<KindId>) -> Kinds {
        let bits = list.iter().fold(0, |bits, k| bits | bit(*k));
        Kinds { list, bits }
    }

    /// Adds a kind it does not have yet.
    pub fn add(&mut self, kind: KindId) {
        if !self.list.contains(&kind) {
            self.list.push(kind);
            self.bits |= bit(kind);
        }
    }
}

impl std::ops::Deref for Kinds {
    type Target = [KindId];

    fn deref(&self) -> &[KindId] {
        &self.list
    }
}

/// Written as the list alone: the bits follow from it.
impl Serialize for Kinds {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(serializer)
    }
}

impl Vocabulary {
    /// Whether any of `kinds` is `ancestor` or one of its subkinds: one test of bits when the vocabulary has at most
    /// 64 kinds (every kind then has its bit), `any_is` otherwise.
    #[inline]
    pub fn is_of(&self, kinds: &Kinds, ancestor: KindId) -> bool {
        match self.ancestry_made().descendants.get(ancestor.index()) {
            Some(descendants) => kinds.bits & descendants != 0,
            None => self.any_is(kinds, ancestor),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::KindDef;

    /// A vocabulary of `extra` unrelated kinds, then `character` and its subkinds `forward` and `backup`.
    fn vocabulary(extra: usize) -> Vocabulary {
        let def = |name: String, supers: Vec<KindId>| KindDef { name, supers, docs: vec![] };
        let mut kinds: Vec<KindDef> = (0..extra).map(|i| def(format!("other{i}"), vec![])).collect();
        let character = KindId(extra as u32);
        kinds.extend([def("character".into(), vec![]), def("forward".into(), vec![character]), def("backup".into(), vec![character])]);
        Vocabulary { kinds, ..Vocabulary::default() }
    }

    #[test]
    fn kinds_test_by_their_bits_as_by_the_list_and_past_64_kinds_by_the_list() {
        for extra in [0, 70] {
            let vocabulary = vocabulary(extra);
            let [character, forward, backup] = [0, 1, 2].map(|i| KindId((extra + i) as u32));
            let mut kinds = Kinds::new(vec![forward]);
            for ancestor in (0..vocabulary.kinds.len()).map(|i| KindId(i as u32)) {
                assert_eq!(vocabulary.is_of(&kinds, ancestor), vocabulary.any_is(&kinds, ancestor), "{ancestor:?} of {extra}");
            }
            assert!(vocabulary.is_of(&kinds, character) && vocabulary.is_of(&kinds, forward) && !vocabulary.is_of(&kinds, backup));
            kinds.add(backup);
            kinds.add(backup);
            assert_eq!(*kinds, [forward, backup]);
            assert!(vocabulary.is_of(&kinds, backup));
        }
    }
}
