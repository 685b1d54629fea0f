//! The three games' configurations of the kernel: zones, layer order, resolution procedure,
//! retargeting policy and rule processes (FF 7, 11.12.4.6, 12; Trails 500, 1215, 1000; UFS C.3.3).
//!
//! Turn structure and combat come with each game; what is here is what every game needs to run
//! card effects. Zone and property names are the games' own words, declared in std-abilities/.

pub mod arrange;
pub mod deck;
pub mod deck_check;
pub mod fftcg;
pub mod trails;
pub mod ufs;

use crate::interp::engine::{NoRuleProcesses, RuleProcesses};
use crate::kernel::decision::Agent;
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{GameState, Illegal, Name, ObjectId, PlayerId, Position};
use crate::kernel::{Event, GameConfig, GameHooks, Layer, LayerPlan, Procedure, Retarget, Sight, Visibility, ZoneSpec};
use crate::vocab::Vocabulary;

/// The games cardscript runs.
pub const GAMES: [&str; 3] = ["fftcg", "trails", "ufs"];

fn zone(name: &str, per_player: bool, ordered: bool, visibility: Visibility) -> ZoneSpec {
    ZoneSpec { name: name.into(), per_player, ordered, visibility }
}

/// The kernel configuration of `game`, or `None` for a game cardscript does not know.
pub fn config(game: &str, vocab: &Vocabulary) -> Option<GameConfig> {
    match game {
        "fftcg" => Some(fftcg(vocab)),
        "trails" | "ufs" => Some(declared(game, vocab)),
        _ => None,
    }
}

/// FF 7: the zones; FF 11.12.4.6: the layers; FF 11.11.2: an effect whose targets are all illegal
/// is cancelled.
fn fftcg(vocab: &Vocabulary) -> GameConfig {
    let properties = |names: &[&str]| names.iter().filter_map(|n| vocab.property(n)).collect::<Vec<_>>();
    GameConfig {
        zones: vec![
            zone("deck", true, true, Visibility::Hidden),
            zone("hand", true, false, Visibility::Private),
            zone("field", true, false, Visibility::Public),
            // FF 7.10: no order is kept in a Break Zone (as FF 7.8.3 and 7.9.2 keep the Damage Zone's and the deck's).
            zone("break_zone", true, false, Visibility::Public),
            zone("damage_zone", true, true, Visibility::Public),
            zone("removed", true, false, Visibility::Public),
            zone("stack", false, true, Visibility::Public),
        ],
        layers: LayerPlan {
            layers: vec![
                Layer::Controller,
                Layer::Abilities,
                Layer::Kinds,
                Layer::Properties(properties(&["job"])),
                Layer::OtherProperties,
                Layer::Properties(properties(&["power"])),
                Layer::Rules,
            ],
            self_first: true,
        },
        // SE14 7.8.2: a card whose controller changes goes to its new controller's field, the same card.
        same_object_moves: vec![("field".into(), "field".into())],
        default_zone: crate::kernel::name!("field"),
        kind_zones: vec![],
        inactive_flags: vec![],
        // FF 7.6.2, 7.13: a card removed face down is seen by no one (12-018H Lani), unless an effect
        // lets a player look at it (src/games/fftcg/sight.rs).
        hidden_flags: fftcg::hidden_flags(),
        hidden_cards_lose_abilities: false,
        sight: fftcg::sight(),
        kind_ability_zones: vec![],
        ability_zones: vec!["field".into()],
        look_back_from: vec![],
        look_back_into_private: false,
        retarget: Retarget::CancelIfAllIllegal,
        procedure: Procedure::Stack,
        mark_reveals: false,
        latch_modifications: false,
        conditional_triggers_at_rule_check: false,
        trigger_signal: Some("auto_ability_triggered"),
        hooks: Some(GameHooks { actions: fftcg::carry_out, targets: fftcg::legal_targets, chosen: fftcg::announce_chosen, allows: fftcg::allows, arrives: fftcg::arrival_states, damage: fftcg::damage_received, answers: fftcg::answers, player_states: fftcg::player_states, relates: fftcg::relates, acted: fftcg::acted }),
    }
}

/// Trails and UFS: their declared zones. Trails 502.3a keeps a card moving between field and
/// homebase the same object, and 506.4 one moving to the field of its new controller; 1205.1a skips only the parts about illegal targets; 1211.4 plays
/// triggered crafts one at a time. UFS effects happen at once (J.3.2.1.1) and modifications latch
/// onto the card's current state (C.3.3.4).
fn declared(game: &str, vocab: &Vocabulary) -> GameConfig {
    let shared = ["resolve_standby_zone", "transitional_zone"];
    let trails = game == "trails";
    let (default_zone, ability_zones, procedure) = if trails {
        ("field", vec![Name::new("field"), Name::new("homebase")], Procedure::OneAtATime)
    } else {
        ("staging_area", vec![Name::new("staging_area"), Name::new("card_pool")], Procedure::Immediate)
    };
    GameConfig {
        zones: vocab.zones.iter().map(|z| zone(z, !shared.contains(&z.as_str()), true, visibility(trails, z))).collect(),
        layers: if trails { trails_layers(vocab) } else { LayerPlan { layers: vec![Layer::Controller, Layer::Abilities, Layer::Kinds, Layer::OtherProperties, Layer::Rules], self_first: false } },
        same_object_moves: if trails { vec![("field".into(), "homebase".into()), ("field".into(), "field".into())] } else { vec![] },
        default_zone: crate::kernel::Name::new(default_zone),
        // Trails 203.4: EVENTs and BASEs named without a zone are those in the homebase.
        kind_zones: if trails { ["event", "base"].iter().filter_map(|k| Some((vocab.kind(k)?, crate::kernel::name!("homebase")))).collect() } else { vec![] },
        ability_zones,
        // Trails 1211.6b, 1221: a card that left the field is read as it was there.
        look_back_from: if trails { vec!["field".into()] } else { vec![] },
        // Trails 1211.6a: a card moving from a public zone into the deck or a hand, as it was there.
        look_back_into_private: trails,
        // Trails 1202.2a, 1306.2c: all crafts of a stunned UNIT are invalid.
        inactive_flags: if trails { vec!["stunned".into()] } else { vec![] },
        // Trails 1211.3a: a face-down card is hidden from the opponent.
        hidden_flags: if trails { vec!["face_down".into()] } else { vec![] },
        hidden_cards_lose_abilities: trails,
        // Trails 507.4: a face-down card in the homebase is seen by its controller.
        sight: Sight { controller_sees_hidden_in: if trails { vec!["homebase".into()] } else { vec![] }, look: None },
        // Trails 1202.2, 1202.4: UNIT (and ITEM) crafts work on the field, BASE abilities in the homebase.
        kind_ability_zones: if trails { [("unit", "field"), ("item", "field"), ("base", "homebase")].iter().filter_map(|(k, z)| Some((vocab.kind(k)?, z.to_string()))).collect() } else { vec![] },
        retarget: Retarget::SkipIllegalParts,
        procedure,
        // Trails 1311.1: a revealed card stays revealed until the effect resolves or it moves.
        mark_reveals: trails,
        latch_modifications: !trails,
        // Trails 1211.2, 1211.9, 1002.1: conditional triggered crafts trigger at Rule Check.
        conditional_triggers_at_rule_check: trails,
        trigger_signal: None,
        hooks: trails.then_some(GameHooks { actions: self::trails::carry_out, targets: self::trails::legal_targets, chosen: self::trails::announce_chosen, allows: self::trails::allows, arrives: self::trails::arrival_states, damage: |_, _, amount, _, _| (amount, vec![]), answers: |_, _, _, _| false, player_states: |_, _, _| None, relates: |_, _, _, _| None, acted: |_, _, _, _, _| Default::default() }),
    }
}

/// Trails 502.2, 504.2, 505.3: the deck is a private zone no one sees, the hand one its owner
/// sees; every other Trails zone is public (506.2-510.2). UFS zones are public here.
fn visibility(trails: bool, zone: &str) -> Visibility {
    match zone {
        "deck" if trails => Visibility::Hidden,
        "hand" if trails => Visibility::Private,
        _ => Visibility::Public,
    }
}

/// Trails 1215.1: printed information and Baseline Crafts first (1215.1a), then effects that grant
/// organizations (1215.1b), then abilities (1215.1c), then those that change non-numeric information
/// (1215.1d: kinds, names, sub-names), then those that modify numeric information (1215.1f: CP and EP
/// costs, building level, STR, DEF); within one, dependencies then timestamps (1215.3). Control
/// (105.3) and the rule hooks come before and after all of them.
fn trails_layers(vocab: &Vocabulary) -> LayerPlan {
    let properties = |names: &[&str]| names.iter().filter_map(|n| vocab.property(n)).collect::<Vec<_>>();
    LayerPlan {
        layers: vec![
            Layer::Controller,
            Layer::Properties(properties(&["organization"])),
            Layer::Abilities,
            Layer::Kinds,
            Layer::OtherProperties,
            Layer::Properties(properties(&["cp", "ep", "level", "str", "def"])),
            Layer::Rules,
        ],
        self_first: false,
    }
}

/// The rule processes of `game` that are in place so far.
pub fn rule_processes(game: &str) -> &'static dyn RuleProcesses {
    match game {
        "fftcg" => &fftcg::rules::RULES,
        "trails" => &trails::rules::RULES,
        _ => &NoRuleProcesses,
    }
}

/// Where a played card with an effect waits while it resolves, and where it goes after: FF 11.3,
/// 11.11.10 (the stack, then the Break Zone); Trails 509, 1205.1c-2 (the Resolve Standby Zone,
/// then the trail). UFS's play procedure comes with the UFS game.
pub fn cast_zones(game: &str) -> Option<(&'static str, &'static str)> {
    match game {
        "fftcg" => Some(("stack", "break_zone")),
        "trails" => Some(("resolve_standby_zone", "trail")),
        _ => None,
    }
}

/// Played cards whose effects have resolved (no longer on the stack) go from where they waited
/// to where the game puts them (FF 11.11.10, Trails 1205.1c-2): each card as it was and as it
/// arrived.
pub fn put_away_resolved(state: &mut GameState, agent: &mut dyn Agent, (waiting, after): (&str, &str)) -> Result<Vec<(ObjectId, ObjectId)>, Illegal> {
    let Some(zone) = state.zone_id(waiting, None) else { return Ok(vec![]) };
    let done: Vec<ObjectId> = state.zone(zone).objects.iter().copied().filter(|o| !state.stack.iter().any(|e| e.source == Some(*o))).collect();
    let mut moved = vec![];
    for object in done {
        let owner = state.object(object).owner;
        let Some(to) = state.zone_id(after, Some(owner)) else { continue };
        let event = state.move_event(object, to, Some(crate::kernel::name!("resolved")), Position::Top);
        if let Some(crate::interp::Happened { moved: Some(new) }) = crate::interp::Ctx::new(state, agent, None, owner, vec![]).happen(event)? {
            moved.push((object, new));
        }
    }
    Ok(moved)
}

/// FF 11.11, Trails 1324.2: the latest effect waiting on the stack with `object` as its source (and
/// that `which` accepts) is taken off unresolved (cancelled, countered); whether there was one.
pub fn unstack(state: &mut GameState, object: ObjectId, which: impl Fn(&crate::kernel::trigger::StackEntry) -> bool) -> bool {
    let current = state.current(object);
    let Some(index) = state.stack.iter().rposition(|e| e.source.is_some_and(|s| state.current(s) == current) && which(e)) else { return false };
    state.apply(Event::Unstacked { index });
    true
}

/// `player` draws `n` cards from the top of their deck (FF 9.2, Trails 703.6); with the deck
/// empty the game marks the player with `from_empty` for its rule processes (FF 3.1.2, 12.4.2;
/// Trails 1102.1) and stops.
pub fn draw(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, n: usize, from_empty: &str) {
    let (Some(deck), Some(hand)) = (state.zone_id(crate::kernel::name!("deck"), Some(player)), state.zone_id(crate::kernel::name!("hand"), Some(player))) else { return };
    for _ in 0..n {
        let Some(&top) = state.zone(deck).objects.last() else {
            state.apply(Event::PlayerFlag { player, flag: from_empty.into(), value: true });
            return;
        };
        let event = state.move_event(top, hand, Some(crate::kernel::name!("draw")), Position::Top);
        let _ = crate::interp::Ctx::new(state, agent, None, player, vec![]).happen(event);
    }
}

/// Sets a player's resource back to 0 (a pool emptied, a count for the turn forgotten).
pub fn clear_resource(state: &mut GameState, player: PlayerId, name: &str) {
    let left = state.resource(player, name);
    if left != 0 {
        state.apply(Event::Resource { player, name: name.into(), delta: -left });
    }
}

/// The signal a game announces as its turn ends, before "until end of turn" effects end: FF
/// 9.5.1 (end of turn), Trails 705.3 ("at the end of the turn"), UFS end phase.
pub fn end_of_turn_signal(game: &str) -> Event {
    let name = match game {
        "trails" => "turn_ending",
        "ufs" => "end_phase_begins",
        _ => "end_of_turn",
    };
    Event::Signal { name: name.into(), objects: vec![], player: None, detail: None }
}

/// What happens where the rules give players priority: the players play (self-play, the REPL),
/// or both pass at once so a scenario can drive the game action by action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Windows {
    Priority,
    Pass,
}

/// A game's own procedures, driven one action at a time (scenarios, the REPL): playing a card
/// with its cost paid, using an ability, attacking, resolving, ending the turn, the next turn.
pub trait Procedures: Sync {
    /// The phases and steps of a turn, by the names the procedures announce them; a scenario
    /// starts in the first one its `turn` line names, or else in `phases()[0]`.
    fn phases(&self) -> &'static [&'static str];
    /// The board is set and the turn has begun: the game marks whose turn it is, if it keeps that as marks (Trails
    /// 702.3's initiative and primary players; FF works it out when read, `GameHooks::player_states`).
    fn turn_began(&self, _state: &mut GameState) {}
    /// The zones a player plays cards from, in the order a scenario looks for the card named.
    fn play_zones(&self) -> &'static [&'static str] {
        &["hand"]
    }
    fn play(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId) -> Result<(), Illegal>;
    fn use_ability(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, ability: AbilityRef) -> Result<(), Illegal>;
    fn attack(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, attackers: &[ObjectId]) -> Result<(), Illegal>;
    /// Trails 1218-1220 SCLM Support: `supporter` is actioned to give `target` support.
    fn support(&self, state: &mut GameState, _agent: &mut dyn Agent, _player: PlayerId, _target: ObjectId, _supporter: ObjectId) -> Result<(), Illegal> {
        Err(Illegal(format!("{} has no SCLM Support", state.library.vocab.game)))
    }
    fn resolve(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal>;
    /// After one resolution: where resolved cards go (FF 11.11.10).
    fn resolved(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal>;
    fn end_turn(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal>;
    fn next_turn(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal>;
    /// The turn player's next phase, its beginning triggers settled.
    fn next_phase(&self, state: &mut GameState, agent: &mut dyn Agent) -> Result<(), Illegal>;
}

/// The procedures of `game`, for the games that have them so far.
pub fn procedures(game: &str) -> Option<&'static dyn Procedures> {
    match game {
        "fftcg" => Some(&fftcg::Driven),
        "trails" => Some(&trails::Driven),
        _ => None,
    }
}

/// Whether an effect on control is in force: without one, each card's controller is its owner (Trails 105.3a).
pub fn control_changed(state: &GameState) -> bool {
    state.effects.iter().any(|e| matches!(e.change, crate::kernel::Change::Controller(_)))
}

/// Trails 506.4, 105.3; SE14 7.8.2: a card in a player's `zone` (the field) that another player now
/// controls (an effect changed its controller, or such an effect ended) moves to its controller's
/// zone of that name, staying the same object (the game keeps it: `same_object_moves`); its
/// always-on abilities start again under the new controller (Trails 105.3b; `after_event` ends
/// and starts them for every same-object move). Whether one moved.
pub fn to_controllers_zone(state: &mut GameState, agent: &mut dyn Agent, zone: crate::kernel::Name) -> bool {
    let changed = control_changed(state);
    let controller = |o: ObjectId| if changed { state.controller(o) } else { state.object(o).owner };
    let mut misplaced: Vec<(ObjectId, PlayerId)> = vec![];
    for z in state.zones.iter().filter(|z| z.name == zone) {
        misplaced.extend(z.objects.iter().map(|&o| (o, controller(o))).filter(|(_, c)| z.owner != Some(*c)));
    }
    let mut moved = false;
    for &(object, controller) in &misplaced {
        let Some(to) = state.zone_id(zone, Some(controller)) else { continue };
        let event = state.move_event(object, to, Some(crate::kernel::name!("control")), Position::Top);
        moved |= matches!(crate::interp::Ctx::new(state, agent, None, controller, vec![]).happen(event), Ok(Some(_)));
    }
    moved
}
