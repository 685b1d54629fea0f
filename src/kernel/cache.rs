//! The caches behind computed characteristics: the view of one generation of the state (with
//! what its effects read of placement states, and the objects to compute again when only they
//! changed) and the printed characteristics of each card.

use std::collections::BTreeSet;
use std::rc::Rc;
use std::sync::Arc;

use crate::kernel::continuous::{Change, Characteristics, ContinuousEffect, Duration, View};
use crate::kernel::ids::{ObjectId, PlayerId};
use crate::kernel::state::{GameState, Library};
use crate::kernel::value::{Reads, Value};

/// Computed characteristics of every live object, for one generation of the state, with what
/// the effects behind it read of objects' placement states.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    pub(crate) view: std::cell::RefCell<Option<CachedView>>,
    /// What the cards in the game can trigger on (`interp::reach::game_reaches`).
    pub(crate) game_reach: std::cell::RefCell<Rc<crate::kernel::trigger::GameReach>>,
    /// How many objects `game_reach` has read: most new objects are of cards it has seen, so
    /// counting them leaves the shared reach uncopied.
    pub(crate) game_reach_upto: std::cell::Cell<usize>,
    /// How many patches had to copy the view because a reader still held it (`GameState::view_copies`).
    pub(crate) view_copies: std::cell::Cell<u32>,
}

#[derive(Debug, Clone)]
pub(crate) struct CachedView {
    pub(crate) generation: u64,
    pub(crate) view: Rc<View>,
    pub(crate) reads: Reads,
    /// Every effect in force judges each object by that object alone (`effects_are_local`).
    pub(crate) local: bool,
    /// Objects changed since the view was computed, to compute again before it is read.
    pub(crate) stale: Vec<ObjectId>,
    /// The effects' conditions and counted amounts may read differently since the view was
    /// computed (a player's state changed): they are read again before the view is.
    pub(crate) recheck: bool,
    /// The conditions and counted amounts of the effects behind the view, when it is local.
    pub(crate) globals: Vec<crate::kernel::patch::GlobalValue>,
}

impl CachedView {
    /// This view of an action that was rewound, for the state before it (`generation`, with
    /// `objects` objects): the objects the rewind `put_back` are computed again, the objects the
    /// action made are dropped (from what conditions counted too), and the conditions read again.
    pub(crate) fn rewound(mut self, generation: u64, objects: usize, put_back: Vec<ObjectId>) -> CachedView {
        Rc::make_mut(&mut self.view).truncate(objects);
        self.stale.retain(|o| o.index() < objects);
        self.stale.extend(put_back);
        self.globals.iter_mut().for_each(|g| g.forget_objects_from(objects));
        (self.generation, self.recheck) = (generation, true);
        self
    }
}

impl Cache {
    /// What the view of `generation` read; everything when there is no such view.
    pub(crate) fn reads(&self, generation: u64) -> Reads {
        match self.view.borrow().as_ref() {
            Some(c) if c.generation == generation => c.reads,
            _ => Reads::ALL,
        }
    }

    /// The state moves from `generation` to the next by an event that changed only `touched`
    /// (no object: only what the effects' conditions and amounts may read): the view stays, to be
    /// patched, when its effects are local. Otherwise it is left behind.
    pub(crate) fn advance(&self, generation: u64, touched: Option<Touched>) {
        let mut cached = self.view.borrow_mut();
        if let (Some(c), Some(touched)) = (cached.as_mut(), touched)
            && c.generation == generation
            && c.local
        {
            match touched {
                Touched::Two(two) => c.stale.extend(two.into_iter().flatten()),
                Touched::Many(many, reads) => {
                    c.stale.extend(many);
                    c.reads.flags |= reads.flags;
                    c.reads.damage |= reads.damage;
                    c.reads.counters |= reads.counters;
                    c.reads.players |= reads.players;
                }
            }
            c.recheck = true;
            c.generation = generation + 1;
        }
    }
}

/// The objects an event changed (`GameState::touched_objects`): at most two for most events; for
/// an effect that begins or ends, or a card effects hang on, the objects those effects can select,
/// with what a new effect reads.
pub(crate) enum Touched {
    Two([Option<ObjectId>; 2]),
    Many(Vec<ObjectId>, Reads),
}

impl Clone for Cache {
    /// A copy of the state starts with the same computed view (it is immutable and shared).
    fn clone(&self) -> Self {
        let view = self.view.borrow().clone();
        Cache { view: std::cell::RefCell::new(view), game_reach: self.game_reach.clone(), game_reach_upto: self.game_reach_upto.clone(), view_copies: self.view_copies.clone() }
    }
}

/// Printed characteristics by card and controller, built as they are first asked for, once for
/// every game a thread plays with the library (`printed`), and shared by every computed view: an
/// object no effect touches costs no allocation.
struct PrintedCache {
    /// The library they are of, compared by address: the weak reference keeps the address from being reused.
    library: std::sync::Weak<Library>,
    players: usize,
    cells: Vec<Option<Rc<Characteristics>>>,
}

/// How many libraries a thread keeps printed characteristics for (a test suite's threads play with several).
const LIBRARIES_KEPT: usize = 4;

thread_local! {
    /// The printed characteristics of the libraries this thread played with last. They are `Rc`, as the rest of a
    /// game's state is (ARCHITECTURE.md, "One game, one thread"), so they are kept per thread.
    static PRINTED: std::cell::RefCell<Vec<PrintedCache>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The printed characteristics of `card` under `controller` in a game of `players` played with `library`.
pub(crate) fn printed(library: &Arc<Library>, players: usize, card: crate::kernel::CardId, controller: PlayerId) -> Rc<Characteristics> {
    let build = || {
        let ir = library.card(card);
        Rc::new(Characteristics {
            controller,
            kinds: crate::vocab::kinds::Kinds::new(ir.kinds.clone()),
            properties: ir.properties.iter().filter_map(|(p, v)| Some((*p, Value::from_printed(v)?))).collect(),
            keywords: ir.keywords.iter().map(|k| k.keyword).collect(),
            stripped: false,
            forbidden: BTreeSet::new(),
            allowed: BTreeSet::new(),
            adjustments: Default::default(),
            granted: vec![],
            flags: BTreeSet::new(),
            every: BTreeSet::new(),
        })
    };
    if controller.index() >= players {
        return build();
    }
    PRINTED.with_borrow_mut(|caches| {
        let at = match caches.iter().position(|c| std::ptr::eq(c.library.as_ptr(), Arc::as_ptr(library)) && c.players == players) {
            Some(at) => at,
            None => {
                if caches.len() == LIBRARIES_KEPT {
                    caches.remove(0);
                }
                caches.push(PrintedCache { library: Arc::downgrade(library), players, cells: vec![None; library.cards.len() * players] });
                caches.len() - 1
            }
        };
        let cell = &mut caches[at].cells[card.index() * players + controller.index()];
        cell.get_or_insert_with(build).clone()
    })
}

impl GameState {
    /// What the effects in force read of placement states (UFS latching reads everything).
    pub(crate) fn effects_read(&self) -> Reads {
        let mut r = Reads::default();
        if self.config.latch_modifications {
            return Reads::ALL;
        }
        for e in self.effects.iter() {
            effect_reads(e, &mut r);
        }
        r
    }
}

/// What one effect reads of placement states: its selector, condition, amount and duration.
pub(crate) fn effect_reads(e: &ContinuousEffect, r: &mut Reads) {
    e.affected.reads(r);
    if let Some(c) = &e.condition {
        c.reads(r);
    }
    if let Change::Property { amount, .. } | Change::Adjust { amount, .. } = &e.change {
        amount.reads(r);
    }
    if matches!(e.duration, Duration::WhileFlag(..)) {
        r.flags = true;
    }
}
