//! The event log: append-only history whose full chunks are shared between copies of the game.
//!
//! Legality is found by trying plays on copies of the state (FF 14, Trails 1204.2l), so a copy must
//! not cost as much as the whole game so far: full chunks of `CHUNK` events are sealed behind an
//! `Rc` and only the open tail is cloned.

use crate::kernel::event::Event;

const CHUNK: usize = 256;

/// Every event applied to the game, in order.
#[derive(Clone, Default)]
pub struct EventLog {
    /// Full chunks, each a `Vec` of `CHUNK` events moved behind its `Rc` without copying.
    sealed: Vec<std::rc::Rc<Vec<Event>>>,
    tail: Vec<Event>,
}

impl EventLog {
    pub fn len(&self) -> usize {
        self.sealed.len() * CHUNK + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&mut self, event: Event) {
        self.tail.push(event);
        if self.tail.len() == CHUNK {
            let full = std::mem::replace(&mut self.tail, Vec::with_capacity(CHUNK));
            self.sealed.push(std::rc::Rc::new(full));
        }
    }

    pub fn get(&self, index: usize) -> Option<&Event> {
        match self.sealed.get(index / CHUNK) {
            Some(chunk) => chunk.get(index % CHUNK),
            None => self.tail.get(index - self.sealed.len() * CHUNK),
        }
    }

    pub fn last(&self) -> Option<&Event> {
        self.tail.last().or_else(|| self.sealed.last().and_then(|c| c.last()))
    }

    /// Oldest first; reversible.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Event> + '_ {
        self.sealed.iter().flat_map(|c| c.iter()).chain(self.tail.iter())
    }

    /// The events from `index` on.
    pub fn iter_from(&self, index: usize) -> impl Iterator<Item = &Event> + '_ {
        // Slice by slice: the chunk holding `index` from its place, the later ones whole, then the tail.
        let (chunk, at) = (index / CHUNK, index % CHUNK);
        let sealed = self.sealed.get(chunk..).unwrap_or_default();
        let first = sealed.first().map_or(&[][..], |c| &c[at..]);
        let tail = match chunk.checked_sub(self.sealed.len()) {
            Some(past) => self.tail.get(past * CHUNK + at..).unwrap_or_default(),
            None => &self.tail[..],
        };
        first.iter().chain(sealed.iter().skip(1).flat_map(|c| c.iter())).chain(tail)
    }

    /// Keeps the first `len` events (a rewind).
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        let chunks = len / CHUNK;
        if chunks < self.sealed.len() {
            self.tail = self.sealed[chunks].as_ref().clone();
            self.sealed.truncate(chunks);
        }
        self.tail.truncate(len - chunks * CHUNK);
    }
}

impl std::ops::Index<usize> for EventLog {
    type Output = Event;

    fn index(&self, index: usize) -> &Event {
        self.get(index).expect("an event index within the log")
    }
}

impl std::fmt::Debug for EventLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(n: u32) -> Event {
        Event::TurnBegan { turn: n, player: crate::kernel::PlayerId(0) }
    }

    #[test]
    fn pushes_indexes_and_truncates_across_chunks() {
        let mut log = EventLog::default();
        for n in 0..(CHUNK as u32 * 2 + 10) {
            log.push(turn(n));
        }
        let copy = log.clone();
        assert_eq!(log.len(), CHUNK * 2 + 10);
        assert_eq!(format!("{:?}", log[CHUNK + 3]), format!("{:?}", turn(CHUNK as u32 + 3)));
        log.truncate(CHUNK + 5);
        assert_eq!(log.len(), CHUNK + 5);
        assert_eq!(format!("{:?}", log.last()), format!("{:?}", Some(turn(CHUNK as u32 + 4))));
        log.push(turn(999));
        assert_eq!(log.iter().count(), CHUNK + 6);
        assert_eq!(log.iter_from(CHUNK + 5).count(), 1);
        for from in [0, 3, CHUNK - 1, CHUNK, CHUNK + 5, CHUNK + 6, CHUNK * 3] {
            let (slices, each): (Vec<_>, Vec<_>) = (log.iter_from(from).map(|e| format!("{e:?}")).collect(), log.iter().skip(from).map(|e| format!("{e:?}")).collect());
            assert_eq!(slices, each, "from {from}");
        }
        // The copy taken before is untouched by the rewind.
        assert_eq!(copy.len(), CHUNK * 2 + 10);
        assert_eq!(format!("{:?}", copy[CHUNK + 5]), format!("{:?}", turn(CHUNK as u32 + 5)));
    }
}
