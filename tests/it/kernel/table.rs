//! A test table: an FF-TCG-like kernel configuration with the fixture cards loaded.

use std::collections::BTreeMap;
use std::sync::Arc;

use cardscript::interp::engine::{push, resolve_all, RuleProcesses};
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

fn zone(name: &str, per_player: bool, ordered: bool, visibility: Visibility) -> ZoneSpec {
    ZoneSpec { name: name.into(), per_player, ordered, visibility }
}

/// FF 7: the zones; FF 11.12.4.6: the layers.
pub fn ff_config(vocab: &cardscript::vocab::Vocabulary) -> GameConfig {
    let prop = |n: &str| vocab.property(n).expect("FF property");
    GameConfig {
        zones: vec![
            zone("deck", true, true, Visibility::Hidden),
            zone("hand", true, false, Visibility::Private),
            zone("field", true, false, Visibility::Public),
            zone("break_zone", true, true, Visibility::Public),
            zone("damage_zone", true, true, Visibility::Public),
            zone("removed", true, false, Visibility::Public),
            zone("stack", false, true, Visibility::Public),
        ],
        layers: LayerPlan {
            layers: vec![
                Layer::Controller,
                Layer::Abilities,
                Layer::Kinds,
                Layer::Properties(vec![prop("job")]),
                Layer::OtherProperties,
                Layer::Properties(vec![prop("power")]),
                Layer::Rules,
            ],
            self_first: true,
        },
        same_object_moves: vec![],
        default_zone: "field".into(),
        ability_zones: vec!["field".into()],
        retarget: Retarget::CancelIfAllIllegal,
        procedure: Procedure::Stack,
        latch_modifications: false,
    }
}

/// FF 12.4.5: a Forward with damage equal to or greater than its power is broken.
pub struct BreakDamaged;

impl RuleProcesses for BreakDamaged {
    fn run(&self, state: &mut GameState, agent: &mut dyn Agent) -> bool {
        let power = state.library.vocab.property("power").unwrap();
        let doomed: Vec<ObjectId> = state
            .in_zones("field")
            .filter(|o| {
                let c = state.characteristics(*o);
                c.get(power).is_some() && state.object(*o).damage >= c.number(power)
            })
            .collect();
        for object in &doomed {
            let owner = state.object(*object).owner;
            let zone = state.zone_id("break_zone", Some(owner)).unwrap();
            let event = state.move_event(*object, zone, Some("break".into()), Position::Top);
            Ctx::new(state, agent, None, owner, vec![]).happen(event).unwrap();
        }
        !doomed.is_empty()
    }
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
        push(&mut self.state, agent, Some(source), player, AbilityRef::Printed { card: id, index: 0 }, vec![], Arc::new(ability.body), None);
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
