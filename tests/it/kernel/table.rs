//! A test table: an FF-TCG-like kernel configuration with the fixture cards loaded.

use std::collections::BTreeMap;
use std::sync::Arc;

use cardscript::interp::engine::{push, resolve_all};
use cardscript::interp::{announce, Ctx};
use cardscript::kernel::trigger::AbilityRef;
use cardscript::kernel::*;
use cardscript::workspace::Workspace;

pub struct Table {
    pub state: GameState,
    pub names: BTreeMap<String, CardId>,
}

pub const ME: PlayerId = PlayerId(0);
pub const YOU: PlayerId = PlayerId(1);

pub use cardscript::games::fftcg::rules::RULES as BreakDamaged;

/// FF 7: the zones; FF 11.12.4.6: the layers.
pub fn ff_config(vocab: &cardscript::vocab::Vocabulary) -> GameConfig {
    cardscript::games::config("fftcg", vocab).expect("FF configuration")
}

impl Table {
    pub fn new() -> Table {
        Table::with_config(|_| {})
    }

    /// A table with the FF-like configuration changed (another game's procedure, say).
    pub fn with_config(change: impl FnOnce(&mut GameConfig)) -> Table {
        let fixtures = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernel/fixtures.card")).unwrap();
        let ws = Workspace::from_sources(vec![("fixtures.card".into(), fixtures)], vec![]);
        let report = cardscript::cli::CheckReport::new(&ws);
        assert_eq!(report.errors, 0, "{}", report.render_human(false));
        let (library, names) = ws.library("fftcg").expect("fftcg library");
        let mut config = ff_config(&library.vocab);
        change(&mut config);
        let mut state = GameState::new(Arc::new(library), Arc::new(config), &["me", "you"], 1);
        // Ten cards in each deck to draw from.
        for p in [ME, YOU] {
            let deck = state.zone_id("deck", Some(p)).unwrap();
            for _ in 0..10 {
                state.create(names["Soldier"], p, deck);
            }
        }
        Table { state, names }
    }

    /// Puts a card onto `player`'s field: its field abilities start (FF 11.9.2) and what its
    /// arrival triggers waits to be placed.
    pub fn field(&mut self, card: &str, player: PlayerId) -> ObjectId {
        let zone = self.state.zone_id("field", Some(player)).unwrap();
        let object = ObjectId(self.state.objects.len() as u32);
        announce(&mut self.state, &mut FirstOption, Event::Created { object, card: self.names[card], owner: player, zone });
        object
    }

    /// Plays a card from the hand onto the field: a zone change that triggers (FF 11.4, 11.8.16).
    pub fn play(&mut self, card: &str, player: PlayerId) -> ObjectId {
        let in_hand = self.hand(card, player);
        let zone = self.state.zone_id("field", Some(player)).unwrap();
        let event = self.state.move_event(in_hand, zone, Some("play".into()), Position::Top);
        let mut agent = FirstOption;
        Ctx::new(&mut self.state, &mut agent, None, player, vec![]).happen(event).unwrap();
        self.state.current(in_hand)
    }

    pub fn hand(&mut self, card: &str, player: PlayerId) -> ObjectId {
        let zone = self.state.zone_id("hand", Some(player)).unwrap();
        self.state.create(self.names[card], player, zone)
    }

    pub fn power(&self, object: ObjectId) -> i64 {
        let power = self.state.library.vocab.property("power").unwrap();
        self.state.characteristics(object).number(power)
    }

    /// Casts a Summon's effect: onto the stack with its targets, then resolved (FF 11.3).
    pub fn cast(&mut self, card: &str, player: PlayerId, agent: &mut dyn Agent) {
        self.put_on_stack(card, player, agent);
        resolve_all(&mut self.state, agent, &BreakDamaged).unwrap();
    }

    /// Puts a Summon's effect on the stack with its targets declared, without resolving it.
    pub fn put_on_stack(&mut self, card: &str, player: PlayerId, agent: &mut dyn Agent) {
        let id = self.names[card];
        let ability = self.state.library.card(id).abilities[0].clone();
        let source = self.hand(card, player);
        push(&mut self.state, agent, Some(source), player, AbilityRef::Printed { card: id, index: 0 }, vec![], ability.body, None);
    }

    /// Moves an object to one of its owner's zones directly (no replacement, no trigger).
    pub fn relocate(&mut self, object: ObjectId, zone: &str) {
        let owner = self.state.object(object).owner;
        let zone = self.state.zone_id(zone, Some(owner)).unwrap();
        let event = self.state.move_event(object, zone, None, Position::Top);
        self.state.apply(event);
    }

    /// Resolves whatever triggered, with `agent` answering.
    pub fn settle(&mut self, agent: &mut dyn Agent) {
        resolve_all(&mut self.state, agent, &BreakDamaged).unwrap();
    }

    pub fn count(&self, zone: &str, player: PlayerId) -> usize {
        self.state.zone(self.state.zone_id(zone, Some(player)).unwrap()).objects.len()
    }

    /// Ends the turn: "at the end of the turn" triggers resolve, then "until end of turn"
    /// effects end (FF 9.5.1.4).
    pub fn end_turn(&mut self, agent: &mut dyn Agent) {
        let signal = Event::Signal { name: "end_of_turn".into(), objects: vec![], player: None, detail: None };
        cardscript::interp::announce(&mut self.state, agent, signal);
        self.settle(agent);
        self.state.end_durations("end_of_turn");
    }
}
