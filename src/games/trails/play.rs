//! Playing cards (Trails 1204, 1206-1208): UNIT and ITEM cards from the hand in their player's
//! Deployment Step for their CP cost, EVENT cards from the hand or face-down from the homebase for
//! their EP cost, BASE cards face-down from the homebase up to their building level (1209,
//! 1204.2f-3); cards played by effects (1204); proxies of cards played from the homebase (1204.2i);
//! the plays a player with priority may make (902.4), crafts and Arts abilities (1210, 1213),
//! gaining EP (1217) and SCLM Support (1218) among them; cards that resolved put where they go (1205.1c).

use std::sync::Arc;

use crate::interp::engine::{push, Plays};
use crate::interp::{abilities_of, announce, Ctx};
use crate::kernel::decision::{Agent, Answer, FirstOption, Question};
use crate::kernel::trigger::{AbilityRef, StackEntry};
use crate::kernel::{Event, GameCall, GameState, Illegal, ObjectId, PlayerId, Position, Value};
use crate::vocab::AbilityClass;

use super::cost::{ep_sources, gain_ep, pay};
use super::setup::cards_in;
use super::Words;

/// What a player with priority may do (Trails 902.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Play {
    /// 902.4b, 902.4h: a card from the hand, or face-down from the homebase.
    Card(ObjectId),
    /// 902.4f: action a ready homebase card and gain 1 EP.
    GainEp(ObjectId),
    /// 902.4d-e: an activated craft or an Arts ability of a card.
    Ability(ObjectId, AbilityRef),
    /// 902.4g, 1218: SCLM Support: the target, then the UNIT actioned to support it.
    Support(ObjectId, ObjectId),
}

/// The zone a card is in, by name.
fn zone_of(state: &GameState, object: ObjectId) -> String {
    state.zone(state.object(object).zone).name.to_string()
}

/// Whether something waits in the Resolve Standby Zone: a card, or an ability (509.1).
pub fn standby_busy(state: &GameState) -> bool {
    !state.stack.is_empty() || state.in_zones(crate::kernel::name!("resolve_standby_zone")).next().is_some()
}

/// Trails 1206.1, 1207.1, 902.4h: a UNIT or ITEM is played from the hand by the Primary Player in
/// their Deployment Step with nothing in the Resolve Standby Zone; 1208.1: an EVENT from the hand
/// or face-down from the homebase, and 1209.1: a BASE face-down from the homebase if its building
/// level is at most the number of cards there (1204.2f-3), whenever its player has priority.
/// `Err` says why not.
pub fn playable(state: &GameState, w: &Words, player: PlayerId, object: ObjectId) -> Result<(), Illegal> {
    let name = state.name_of(object);
    let zone = zone_of(state, object);
    let mine = state.object(object).owner == player;
    if w.is(state, object, w.unit) || w.is(state, object, w.item) {
        let face_down = state.object(object).flags.contains("face_down");
        let from_homebase = zone == "homebase" && mine && face_down && may_be_played_face_down_from(state, object, &zone);
        if (zone != "hand" || !mine) && !from_homebase {
            return Err(Illegal(format!("{name} is played from its player's hand (Trails 1206.1, 1207.1)")));
        }
        if state.phase != "deployment" || state.turn_player != player {
            return Err(Illegal(format!("UNIT and ITEM cards are played in their player's Deployment Step, not the {} (Trails 1206.1, 1207.1)", state.phase)));
        }
        if standby_busy(state) {
            return Err(Illegal(format!("{name} can be played only with nothing in the Resolve Standby Zone (Trails 902.4h)")));
        }
        return Ok(());
    }
    if w.is(state, object, w.event) {
        let face_down = state.object(object).flags.contains("face_down");
        return match zone.as_str() {
            "hand" if mine => Ok(()),
            "homebase" if mine && face_down => Ok(()),
            "homebase" if mine => Err(Illegal(format!("{name} is face-up in the homebase and cannot be played (Trails 1208.1a)"))),
            _ => Err(Illegal(format!("{name} is played from its player's hand or face-down homebase (Trails 1208.1)"))),
        };
    }
    if w.is(state, object, w.base) {
        let (level, built) = (w.number(state, object, w.level), cards_in(state, "homebase", player).len() as i64);
        return match zone.as_str() {
            "homebase" if mine && !state.object(object).flags.contains("face_down") => Err(Illegal(format!("{name} is face-up in the homebase and cannot be played (Trails 1209.1a)"))),
            "homebase" if mine && level > built => Err(Illegal(format!("{name} has building level {level}; the homebase holds {built} card(s) (Trails 1204.2f-3)"))),
            "homebase" if mine => Ok(()),
            _ => Err(Illegal(format!("{name} is played face-down from its player's homebase (Trails 1209.1)"))),
        };
    }
    Err(Illegal(format!("{name} is not a UNIT, ITEM, EVENT or BASE card")))
}

/// Trails 1405.1, 1202.5: whether a rule lets the card be played face-down from `zone` (【Dispatch】
/// in the homebase: `can be played from your homebase when face down`).
fn may_be_played_face_down_from(state: &GameState, object: ObjectId, zone: &str) -> bool {
    let chars = state.characteristics(object);
    let allowed = chars.allowed.iter().any(|h| h.action == "be_played_face_down" && h.zone.as_deref() == Some(zone));
    allowed && !chars.forbidden.iter().any(|h| h.action == "be_played_face_down")
}

/// The CP or EP a card costs (1204.2f-1-2); a BASE costs nothing but its building level (1204.2f-3).
fn cost_of(state: &GameState, w: &Words, object: ObjectId) -> (&'static str, i64) {
    if w.is(state, object, w.unit) || w.is(state, object, w.item) {
        ("cp", w.number(state, object, w.cp))
    } else if w.is(state, object, w.event) {
        ("ep", w.number(state, object, w.ep))
    } else {
        ("cp", 0)
    }
}

/// The plays `player` may make now, as far as can be told without trying them.
pub fn legal_plays(state: &GameState, w: &Words, player: PlayerId) -> Vec<Play> {
    let mut plays = vec![];
    // Plays are tried on one copy of the game, rewound after each (1204.2l).
    let mut copy = state.clone();
    let ep_on_hand = state.resource(player, "ep") + ep_sources(state, player).len() as i64;
    for zone in ["hand", "homebase"] {
        for object in cards_in(state, zone, player) {
            if playable(state, w, player, object).is_err() {
                continue;
            }
            let (resource, amount) = cost_of(state, w, object);
            let affordable = if resource == "cp" { state.resource(player, "cp") >= amount } else { ep_on_hand >= amount };
            // Tried on a copy: an EVENT with no legal target cannot be played (1204.2d).
            if affordable && succeeds(&mut copy, |s| play_card(s, &mut FirstOption, w, player, object)) {
                plays.push(Play::Card(object));
            }
        }
    }
    if let Some(&first) = ep_sources(state, player).first() {
        plays.push(Play::GainEp(first));
    }
    // 902.4d-e: the crafts and Arts abilities whose play would succeed now, tried on a copy.
    let library = state.library.clone();
    for zone in ["field", "homebase", "hand"] {
        for object in cards_in(state, zone, player) {
            for (reference, ability) in abilities_of(state, &library, object) {
                if library.vocab.ability_kinds[ability.kind.index()].class != AbilityClass::Activated {
                    continue;
                }
                // What can be told without trying is told first: a try copies the game.
                let usable = super::ability::usable(state, player, object, &reference).is_ok();
                if usable && succeeds(&mut copy, |s| super::ability::use_ability(s, &mut FirstOption, player, object, &reference)) {
                    plays.push(Play::Ability(object, reference));
                }
            }
        }
    }
    // 902.4g: SCLM Support (1219), offered where it matters: for a defending UNIT (1309.1a), one
    // supporter each (any other pair is as legal, and `me support` in a scenario may name it).
    let mut supported = vec![];
    for (target, supporter) in super::combat::supports(state, w, player) {
        if state.object(target).flags.contains("defending") && !supported.contains(&target) {
            supported.push(target);
            plays.push(Play::Support(target, supporter));
        }
    }
    plays
}

/// Whether `action` would succeed now; the game is rewound either way.
fn succeeds(state: &mut GameState, action: impl FnOnce(&mut GameState) -> Result<(), Illegal>) -> bool {
    let mut done = false;
    let _ = state.attempt(|s| {
        action(s)?;
        done = true;
        Err::<(), _>(Illegal("tried only".into()))
    });
    done
}

pub fn describe(state: &GameState, play: &Play) -> String {
    match play {
        Play::Card(o) => format!("play {}", state.name_of(*o)),
        Play::GainEp(o) => format!("gain 1 EP by actioning {}", state.name_of(*o)),
        Play::Ability(o, reference) => format!("play {}", state.describe_ability(*o, reference)),
        Play::Support(target, supporter) => format!("SCLM Support: action {} to give {} support", state.name_of(*supporter), state.name_of(*target)),
    }
}

/// Makes a play; the caller rewinds an illegal one (1204.2l).
pub fn perform(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, play: &Play) -> Result<(), Illegal> {
    match play {
        Play::GainEp(card) => gain_ep(state, agent, player, *card),
        Play::Card(object) => play_card(state, agent, w, player, *object),
        Play::Ability(object, reference) => super::ability::use_ability(state, agent, player, *object, reference),
        Play::Support(target, supporter) => super::combat::support(state, agent, w, player, *target, *supporter),
    }
}

/// A player with priority plays a card (902.4b-c, 902.4h): where and when it may be played, then
/// the steps of 1204.2 with its cost paid.
fn play_card(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, object: ObjectId) -> Result<(), Illegal> {
    playable(state, w, player, object)?;
    put_into_play(state, agent, w, player, object, true)
}

/// The placement state of a proxy: an object in the Resolve Standby Zone standing for a card
/// played from the homebase, which stays there (1204.2i).
pub const PROXY: &str = "proxy";

/// Trails 1204.2: a card played: turned face-up if from the homebase (1204.2a); put into the
/// Resolve Standby Zone from the hand, which reveals it (1204.2b: the zone is public, 509.2), or
/// from the homebase as a proxy while the card stays there face-up (1204.2i), unless it is a UNIT
/// or ITEM, which goes there itself (1204.2i exception: played from the homebase only by rules or
/// effects, 【Dispatch】 1405.1); its effect waits with its targets chosen (1204.2d); its cost paid
/// (1204.2f-h) unless an effect plays it without; then it is played (1204.2k).
fn put_into_play(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, object: ObjectId, paying: bool) -> Result<(), Illegal> {
    let what = state.name_of(object);
    let (resource, amount) = cost_of(state, w, object);
    let from = zone_of(state, object);
    let library = state.library.clone();
    let card = state.object(object).card;
    let standby = state.zone_id(crate::kernel::name!("resolve_standby_zone"), None).ok_or_else(|| Illegal("no Resolve Standby Zone".into()))?;
    if from == "homebase" {
        Ctx::new(state, agent, None, player, vec![]).happen(Event::Flag { object, flag: crate::kernel::name!("face_down"), value: false, by: vec![] })?;
    }
    let waiting = if from != "homebase" || w.is(state, object, w.unit) || w.is(state, object, w.item) {
        let event = state.move_event(object, standby, Some(crate::kernel::name!("play")), Position::Top);
        let Some(crate::interp::Happened { moved: Some(new) }) = Ctx::new(state, agent, None, player, vec![]).happen(event)? else {
            return Err(Illegal(format!("{what} could not be put into the Resolve Standby Zone")));
        };
        new
    } else {
        let proxy = state.create(card, state.object(object).owner, standby);
        state.apply(Event::Flag { object: proxy, flag: crate::kernel::name!(PROXY), value: true, by: vec![] });
        proxy
    };
    if let Some(index) = library.card(card).abilities.iter().position(|a| library.vocab.ability_kinds[a.kind.index()].class == AbilityClass::Play) {
        let ability = &library.card(card).abilities[index];
        let before = state.stack.len();
        push(state, agent, Some(waiting), player, AbilityRef::Printed { card, index }, vec![], ability.body.clone(), ability.condition.clone());
        if state.stack.len() == before {
            return Err(Illegal(format!("{what} has no legal target (Trails 1204.2d)")));
        }
    } else {
        // 902.5c: a card with nothing to execute still waits in its place among what was placed
        // (an entry with nothing to run), so it resolves when everything placed after it has.
        let entry = StackEntry { source: Some(waiting), controller: player, ability: AbilityRef::Action(PLAYED.into()), env: vec![], body: Arc::new(vec![]), condition: None, targets: vec![], id: state.log.len() };
        state.apply(Event::Pushed { entry: std::rc::Rc::new(entry) });
    }
    if paying {
        pay(state, agent, player, resource, amount, &what)?;
    }
    // A card played from the homebase is announced as it is there too, so its crafts valid there
    // see their own play (1202.5, 1211.6: 【Dispatch】's "if you do", a BASE's "when you play this").
    let objects = if from == "homebase" { vec![waiting, object] } else { vec![waiting] };
    announce(state, agent, Event::Signal { name: crate::kernel::name!("play"), objects, player: Some(player), detail: Some(from) });
    Ok(())
}

/// Trails 1204: an effect plays a card (`game(play_card, ...)`; `game(play_card_without_paying_cost, ...)`,
/// 1203.5): one of the cards it names that its player may play from the zone it names (the hand or
/// the homebase when it names none), chosen by that player. An effect is not bound by when cards
/// are played (1206.1, 1207.1 are about a player with priority), but by how: from the homebase the
/// card must be face-down (1204.2a), a BASE within its building level (1204.2f-3), an effect with
/// its targets (1204.2d). A play that cannot be completed does not happen (1204.2l).
pub fn play_by_effect(state: &mut GameState, agent: &mut dyn Agent, call: &GameCall) -> Result<Option<Value>, Illegal> {
    let w = Words::get(state);
    let player = call.player;
    let zones: Vec<&str> = call.zone.as_deref().map_or(vec!["hand", "homebase"], |z| vec![z]);
    let options: Vec<ObjectId> = call
        .objects
        .iter()
        .map(|o| state.current(*o))
        .filter(|o| state.object(*o).left.is_none() && zones.contains(&zone_of(state, *o).as_str()) && may_be_played_by_effect(state, &w, player, *o))
        .collect();
    let Some(&first) = options.first() else { return Ok(None) };
    let picked = if options.len() == 1 {
        first
    } else {
        match state.ask(agent, player, Question::Objects { prompt: "play one (Trails 1204)".into(), options: options.clone(), min: 1, max: 1 }) {
            Answer::Objects(list) => list.first().copied().unwrap_or(first),
            _ => first,
        }
    };
    let paying = call.name == "play_card";
    let _ = state.attempt(|s| put_into_play(s, agent, &w, player, picked, paying));
    Ok(None)
}

/// Whether an effect may have `player` play the card where it is (1204.2a, 1204.2f-3): from their
/// hand, or face-down from a homebase they control; a BASE only from the homebase.
fn may_be_played_by_effect(state: &GameState, w: &Words, player: PlayerId, object: ObjectId) -> bool {
    let obj = state.object(object);
    match zone_of(state, object).as_str() {
        "hand" => obj.owner == player && !w.is(state, object, w.base),
        "homebase" if w.is(state, object, w.base) => playable(state, w, player, object).is_ok(),
        "homebase" => state.controller(object) == player && obj.flags.contains("face_down"),
        _ => false,
    }
}

/// The name of what waits for a played card with nothing to execute (902.5c).
pub const PLAYED: &str = "play";

/// Whether a waiting entry is a played card's own (its effect, or its place when it has none), not
/// a craft of the card (1324).
pub fn card_entry(library: &crate::kernel::Library, entry: &StackEntry) -> bool {
    match &entry.ability {
        AbilityRef::Printed { card, index } => library.card(*card).abilities.get(*index).is_some_and(|a| library.vocab.ability_kinds[a.kind.index()].class == AbilityClass::Play),
        AbilityRef::Action(name) => name == PLAYED,
        _ => false,
    }
}

/// Trails 1205.1c, 902.5c: cards in the Resolve Standby Zone that resolved (nothing of theirs waits
/// any more: their effect, or the place of a card with none, resolved when everything placed after
/// it had): a UNIT or ITEM onto its controller's field (1205.1c-1, 506.1), an EVENT into its
/// controller's trail (1205.1c-2), a proxy removed (1205.1c-2, 1205.1c-3). Whether any card moved.
pub fn put_away_resolved(state: &mut GameState, agent: &mut dyn Agent, w: &Words) -> bool {
    let waiting: Vec<ObjectId> = state.in_zones(crate::kernel::name!("resolve_standby_zone")).collect();
    let mut moved = false;
    for object in waiting {
        if state.stack.iter().any(|e| e.source == Some(object)) {
            continue;
        }
        let controller = state.controller(object);
        if state.object(object).flags.contains(PROXY) {
            // 1205.1c-2, 1205.1c-3: a proxy is removed; its card stays in the homebase.
            moved |= Ctx::new(state, agent, None, controller, vec![]).happen(Event::Removed { object }).is_ok();
            continue;
        }
        let to = if w.is(state, object, w.unit) || w.is(state, object, w.item) { "field" } else { "trail" };
        let Some(zone) = state.zone_id(to, Some(controller)) else { continue };
        let event = state.move_event(object, zone, Some(crate::kernel::name!("resolved")), Position::Top);
        moved |= Ctx::new(state, agent, None, controller, vec![]).happen(event).is_ok();
    }
    moved
}

/// Trails' plays in the kernel's priority loop (902.4).
pub struct TrailsPlays {
    pub words: Words,
}

impl Plays for TrailsPlays {
    type Play = Play;

    fn options(&self, state: &GameState, player: PlayerId) -> Vec<Play> {
        legal_plays(state, &self.words, player)
    }

    fn describe(&self, state: &GameState, play: &Play) -> String {
        describe(state, play)
    }

    fn play(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, play: &Play) -> Result<(), Illegal> {
        perform(state, agent, &self.words, player, play)
    }

    fn after_resolution(&self, state: &mut GameState, agent: &mut dyn Agent) {
        put_away_resolved(state, agent, &self.words);
    }
}
