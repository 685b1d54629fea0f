//! Rewinding an illegal action (FF 14, Trails 1204.2l): the objects an action changed are saved as
//! it first changes each, and put back if it turns out illegal; the rest of the state is copied.
//!
//! A game has a hundred objects or more and an action changes a few: copying all of them for every
//! attempt cost more than the attempts themselves. Every change to an object goes through
//! `GameState::object_mut` (in `kernel::event`), which saves the object once per attempt.
//!
//! The computed view is not shared with the copy either (sharing it made the action's first change
//! copy it): a rewind patches the action's view back, computing again the objects it put back.

use crate::kernel::ids::ObjectId;
use crate::kernel::state::{GameState, Object};
use crate::kernel::Illegal;

/// The objects saved by the attempts in progress, innermost last.
#[derive(Debug, Clone, Default)]
pub struct Undo {
    levels: Vec<Level>,
    /// Objects as they were before an attempt first changed them: (index, object).
    saved: Vec<(u32, std::rc::Rc<Object>)>,
    /// For each object, the attempt (by its serial) that saved it last.
    saved_by: Vec<u32>,
    serials: u32,
}

/// One attempt in progress.
#[derive(Debug, Clone, Copy)]
struct Level {
    serial: u32,
    /// How many objects there were when it began: later ones are new and simply dropped.
    objects: usize,
    /// Where its saved objects begin in `Undo::saved`.
    saved_from: usize,
}

impl GameState {
    /// Runs an action; if it turns out illegal, the game is rewound to just before it, with
    /// nothing left behind: payments undone, nothing triggered (FF 14.1-14.3, Trails 1204.2l).
    pub fn attempt<T>(&mut self, action: impl FnOnce(&mut GameState) -> Result<T, Illegal>) -> Result<T, Illegal> {
        // The log only grows: a rewind cuts it back. The objects are saved as they change; the rest
        // of the state is copied.
        let length = self.log.len();
        let before = self.audit.then(|| self.digest());
        let (log, objects, mut undo) = (std::mem::take(&mut self.log), std::mem::take(&mut self.objects), std::mem::take(&mut self.undo));
        let view = self.cache.view.take();
        let snapshot = self.clone();
        (self.log, self.objects) = (log, objects);
        *self.cache.view.get_mut() = view;
        undo.serials += 1;
        undo.levels.push(Level { serial: undo.serials, objects: self.objects.len(), saved_from: undo.saved.len() });
        self.undo = undo;
        let result = action(self);
        let level = self.undo.levels.pop().expect("the attempt's level");
        if result.is_err() {
            let (mut log, mut objects, mut undo) = (std::mem::take(&mut self.log), std::mem::take(&mut self.objects), std::mem::take(&mut self.undo));
            log.truncate(length);
            let mut put_back = vec![];
            for (index, object) in undo.saved.drain(level.saved_from..).rev() {
                objects[index as usize] = object;
                put_back.push(ObjectId(index));
            }
            objects.truncate(level.objects);
            let (view, effects, latches) = (self.cache.view.take(), self.effects.clone(), std::mem::take(&mut self.latches));
            let copies = self.view_copies();
            *self = snapshot;
            self.cache.view_copies.set(copies);
            (self.log, self.objects, self.undo) = (log, objects, undo);
            // The action's view, for the state before it: its objects put back are computed again
            // and its conditions read again; when an effect began or ended in the action, or a
            // modification was latched, it is computed from scratch.
            if let Some(c) = view
                && c.local
                && std::rc::Rc::ptr_eq(&effects, &self.effects)
                && latches == self.latches
            {
                *self.cache.view.get_mut() = Some(c.rewound(self.generation, self.objects.len(), put_back));
            }
            if let Some(before) = before {
                assert_eq!(self.digest(), before, "a rewind left something behind: {result:?}", result = result.as_ref().err());
            }
        } else if self.undo.levels.is_empty() {
            // Nothing left that could rewind: the saved objects are dropped.
            self.undo.saved.clear();
        }
        result
    }

    /// The object to change, saved first if an attempt in progress has not saved it yet.
    pub(crate) fn object_mut(&mut self, id: ObjectId) -> &mut Object {
        let index = id.index();
        if let Some(&Level { serial, objects, .. }) = self.undo.levels.last()
            && index < objects
        {
            let undo = &mut self.undo;
            if undo.saved_by.len() <= index {
                undo.saved_by.resize(self.objects.len().max(index + 1), 0);
            }
            if undo.saved_by[index] != serial {
                undo.saved_by[index] = serial;
                undo.saved.push((index as u32, self.objects[index].clone()));
            }
        }
        std::rc::Rc::make_mut(&mut self.objects[index])
    }
}
