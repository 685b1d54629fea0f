//! The rule processes (FF 12.4; SE14 7.10.3, 12.4.8-12.4.10), performed together whenever a
//! player would get priority, until none applies (FF 12.3).

use crate::interp::engine::RuleProcesses;
use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Characteristics, Event, GameState, ObjectId, Outcome, PlayerId, Position};

use super::Words;

/// The mark on a Character that took damage this turn.
pub const DAMAGED_THIS_TURN: &str = "damaged_by_this_turn";

/// The mark on a player an effect made lose the game ("your opponent loses the game", 7-130L Sin).
pub const LOST_BY_EFFECT: &str = "lost_by_effect";

/// The marks a player loses by (FF 12.4.2-12.4.3: drawing or taking damage with an empty deck).
const DEFEATS: [&str; 3] = ["took_from_empty_deck", "damaged_with_empty_deck", LOST_BY_EFFECT];

/// A Character on the field as the rule processes read it: its controller, its characteristics unless it is generic
/// (for its name), and whether it is Light or Dark.
type FieldCharacter<'c> = (ObjectId, PlayerId, Option<&'c Characteristics>, bool);

/// FF-TCG's rule processes, for constructed and limited games alike (the damage that loses is each player's
/// `DAMAGE_TO_LOSE`).
pub struct FfRules;

/// The player resource holding how many cards in the player's Damage Zone lose the game, for a game that sets it (FF
/// 3.1.1: 6 in a limited game); unset, `CONSTRUCTED_DAMAGE_TO_LOSE`.
pub const DAMAGE_TO_LOSE: &str = "damage_to_lose";

/// FF 3.1.1: the damage that loses a constructed game.
const CONSTRUCTED_DAMAGE_TO_LOSE: usize = 7;

/// FF 3.1.1: the damage that loses a limited game.
pub const LIMITED_DAMAGE_TO_LOSE: i64 = 6;

/// The game's rule processes.
pub static RULES: FfRules = FfRules;

impl RuleProcesses for FfRules {
    /// Besides the characteristics of the cards on the field, the rule processes read what is on
    /// the field (moves to or from it), how many cards a Damage Zone holds (a move into one that now holds enough to
    /// lose by, FF 12.4.1, or a change to how many that is), damage dealt to Characters (not damage removed: less
    /// damage breaks nothing), the mark they set on those (taken off one still damaged), the marks a player loses by,
    /// effects on control and players' rules (`heeds_effect`), and equipping; not the turn, the phase, the stack, other
    /// zones, announcements, decisions, tracked cards, other marks or counts.
    fn heeds(&self, state: &GameState, event: &Event) -> bool {
        match event {
            Event::Moved { from, to, .. } => {
                // Interned names, compared by address.
                let (into, field) = (state.zone(*to), crate::kernel::name!("field"));
                state.zone(*from).name == field || into.name == field || (into.name == crate::kernel::name!("damage_zone") && into.owner.is_some_and(|p| into.objects.len() >= self.loses_at(state, p)))
            }
            Event::Resource { name, .. } => name == DAMAGE_TO_LOSE,
            Event::PlayerFlag { flag, .. } => DEFEATS.contains(&flag.as_str()),
            // The mark gone from a Character that still has damage: they mark it again. Marked, it asks nothing of them.
            Event::Flag { object, flag, value, .. } => !value && flag == DAMAGED_THIS_TURN && state.object(*object).damage > 0,
            Event::Decided { .. }
            | Event::Signal { .. }
            | Event::Revealed { .. }
            | Event::Cancelled { .. }
            | Event::PhaseBegan { .. }
            | Event::TurnBegan { .. }
            | Event::Primary { .. }
            | Event::Pushed { .. }
            | Event::Popped
            | Event::Simultaneous { .. }
            | Event::Retargeted { .. }
            | Event::Triggered { .. }
            | Event::TriggerTaken { .. }
            | Event::TriggerPlayed { .. }
            | Event::Tracked { .. }
            | Event::Remembered { .. }
            | Event::Shuffled { .. }
            | Event::Reordered { .. }
            | Event::DelayedCreated { .. }
            | Event::DelayedRemoved { .. }
            | Event::Counter { .. }
            | Event::DamageRemoved { .. }
            | Event::ReplacementBegan { .. }
            | Event::ReplacementEnded { .. } => false,
            _ => true,
        }
    }

    /// Effects on control (a card moves to its controller's field) and on players' rules (several Light or Dark
    /// Characters); other effects change only characteristics, which are watched.
    fn heeds_effect(&self, change: &crate::kernel::Change) -> bool {
        matches!(change, crate::kernel::Change::Controller(_) | crate::kernel::Change::PlayerRule { .. })
    }

    fn watches(&self) -> Option<crate::kernel::Name> {
        Some(crate::kernel::name!("field"))
    }

    fn run(&self, state: &mut GameState, agent: &mut dyn Agent) -> bool {
        let library = state.library.clone();
        let Some(w) = Words::cached(&library) else { return false };
        if self.defeats(state) || crate::games::to_controllers_zone(state, agent, crate::kernel::name!("field")) {
            return true;
        }
        let mut doomed: smallvec::SmallVec<[(ObjectId, Option<&str>); 4]> = smallvec::SmallVec::new();
        // The Characters on the field, read once from one view: controller, characteristics (for
        // the name, unless generic), Light/Dark.
        let view = state.view();
        // A field rarely holds more than 16 Characters: kept without allocating.
        let mut characters: smallvec::SmallVec<[FieldCharacter; 16]> = smallvec::SmallVec::new();
        // Whether an Item or a Formation is on the field, for SE14 12.4.8-12.4.10 below, and
        // how many Backups each player controls, for SE14 7.10.3.
        let mut equipment = false;
        let mut backups = [0usize; 2];
        for o in state.in_zones(crate::kernel::name!("field")) {
            let Some(c) = view.get(o.index()).and_then(Option::as_deref) else { continue };
            let is = |kind| library.vocab.is_of(&c.kinds, kind);
            equipment |= w.item.is_some_and(is) || w.formation.is_some_and(is);
            if !is(w.character) {
                continue;
            }
            if is(w.backup)
                && let Some(n) = backups.get_mut(c.controller.index())
            {
                *n += 1;
            }
            if c.get(w.power).is_some() {
                let power = c.number(w.power);
                if power <= 0 {
                    // FF 12.4.4: put into the Break Zone (not broken).
                    doomed.push((o, None));
                } else if state.object(o).damage >= power && state.permits(o, "be_broken", None, None) != Some(false) {
                    // FF 12.4.5: broken.
                    doomed.push((o, Some("break")));
                }
            }
            let light_dark = w.is_light_or_dark(c);
            characters.push((o, c.controller, (!Words::has_icon(c, w.generic)).then_some(c), light_dark));
        }
        for player in [PlayerId(0), PlayerId(1)] {
            let mine = || characters.iter().filter(|c| c.1 == player);
            // FF 12.4.6: two or more Characters of one name without the generic icon (names side
            // by side once sorted).
            let mut names: smallvec::SmallVec<[(&crate::kernel::Value, ObjectId); 16]> = mine().filter_map(|c| Some((c.2?.get(w.name)?, c.0))).collect();
            // By length first: most names differ in length, told apart without reading them.
            let length = |v: &crate::kernel::Value| if let crate::kernel::Value::Text(t) = v { t.len() } else { 0 };
            names.sort_unstable_by(|a, b| length(a.0).cmp(&length(b.0)).then_with(|| a.cmp(b)));
            for pair in names.windows(2).filter(|pair| pair[0].0 == pair[1].0) {
                doomed.extend([(pair[0].1, None), (pair[1].1, None)]);
            }
            // FF 12.4.7: two or more Light and/or Dark Characters, unless a rule of the player lets
            // them have several of those ("you can play 2 or more Light Characters").
            if mine().filter(|c| c.3).count() > 1 {
                let several = several_light_or_dark(state, player);
                doomed.extend(mine().filter(|c| c.3 && !several.iter().any(|s| state.selects(&view, s, c.0, None))).map(|c| (c.0, None)));
            }
        }
        // The game remembers which Characters took damage this turn ("a Forward that took damage
        // this turn"), before any of them is broken, when a card of the game reads it.
        let mut damaged: smallvec::SmallVec<[ObjectId; 4]> = smallvec::SmallVec::new();
        if crate::interp::game_reads(state, DAMAGED_THIS_TURN) {
            damaged.extend(characters.iter().map(|c| c.0).filter(|o| state.object(*o).damage > 0 && !state.object(*o).flags.contains(DAMAGED_THIS_TURN)));
        }
        // Not held while the game changes: the view's next patch would copy it.
        drop(characters);
        drop(view);
        for o in damaged {
            state.apply(Event::Flag { object: o, flag: crate::kernel::name!(DAMAGED_THIS_TURN), value: true, by: vec![] });
        }
        // An Item an effect put onto the field is equipped first (the reading at `equip_arrivals`),
        // then SE14 12.4.8-12.4.10, 5.2.3.1.3.4, 5.2.3.1.3.6: Items and Formations that cannot stay.
        let equipped = equipment && super::equip::equip_arrivals(state, agent, w);
        if equipment {
            doomed.extend(super::equip::doomed(state, w).into_iter().map(|o| (o, None)));
        }
        doomed.sort_by_key(|d| d.0);
        doomed.dedup_by_key(|d| d.0);
        let mut changed = equipped || !doomed.is_empty();
        for (object, reason) in doomed {
            to_break_zone(state, agent, object, reason);
        }
        // SE14 7.10.3: only a player with six or more Backups chooses (counted again after the moves above).
        if changed || backups.iter().any(|n| *n > 5) {
            changed |= too_many_backups(state, agent, w);
        }
        changed
    }
}

/// The Light or Dark Characters `player` may have several of (FF 7.7.3, 12.4.7: "You can play 2 or more Light
/// Characters onto the field", 1-183H Cosmos: the player rule `play_several` with the cards).
pub(super) fn several_light_or_dark(state: &GameState, player: PlayerId) -> Vec<crate::kernel::Selector> {
    let rules = state.player_rules(player).into_iter();
    rules
        .filter_map(|(name, value, _)| match value {
            Some(crate::kernel::Value::Cards(selector)) if name == "play_several" => Some(*selector),
            _ => None,
        })
        .collect()
}

impl FfRules {
    /// FF 3.1.1, 12.4.1: how many cards in `player`'s Damage Zone lose the game (`DAMAGE_TO_LOSE`).
    fn loses_at(&self, state: &GameState, player: PlayerId) -> usize {
        usize::try_from(state.resource(player, DAMAGE_TO_LOSE)).ok().filter(|n| *n > 0).unwrap_or(CONSTRUCTED_DAMAGE_TO_LOSE)
    }

    /// FF 12.4.1-12.4.3, 3.2-3.3: the players who lose now; both losing is a draw.
    fn defeats(&self, state: &mut GameState) -> bool {
        let lost: Vec<PlayerId> = (0..state.players.len() as u8)
            .map(PlayerId)
            .filter(|p| {
                let flags = &state.players[p.index()].flags;
                let damage = state.zone_id(crate::kernel::name!("damage_zone"), Some(*p)).map_or(0, |z| state.zone(z).objects.len());
                (damage > 0 && damage >= self.loses_at(state, *p)) || DEFEATS.iter().any(|f| flags.contains(f))
            })
            .collect();
        let outcome = match lost.as_slice() {
            [] => return false,
            [loser] => Outcome::Winner(state.opponent_of(*loser)),
            _ => Outcome::Draw,
        };
        state.apply(Event::GameEnded { outcome });
        true
    }
}

fn to_break_zone(state: &mut GameState, agent: &mut dyn Agent, object: ObjectId, reason: Option<&str>) {
    if state.object(object).left.is_some() {
        return;
    }
    let owner = state.object(object).owner;
    let Some(zone) = state.zone_id(crate::kernel::name!("break_zone"), Some(owner)) else { return };
    let event = state.move_event(object, zone, reason.map(crate::kernel::Name::new), Position::Top);
    let mut ctx = Ctx::new(state, agent, None, owner, vec![]);
    // FF 12.4.5: the source of the damage just dealt is the card that broke it; no Summon or ability moved it.
    if reason == Some("break") {
        ctx.cause_after_replacing = last_damage(ctx.state, object).and_then(|(source, _)| source);
    }
    let _ = ctx.happen(event);
}

/// The last damage dealt to `object` among the latest events: the card that dealt it, and whether
/// a battle dealt it (FF 10.1.4).
pub(super) fn last_damage(state: &GameState, object: ObjectId) -> Option<(Option<ObjectId>, bool)> {
    state.log.iter().rev().take(64).find_map(|e| match e {
        Event::Damaged { object: o, source, battle, .. } if *o == object => Some((*source, *battle)),
        _ => None,
    })
}

/// SE14 7.10.3: a player with six or more Backups puts Backups of their choice into the Break
/// Zone until they have five.
fn too_many_backups(state: &mut GameState, agent: &mut dyn Agent, w: &Words) -> bool {
    let mut changed = false;
    for player in [PlayerId(0), PlayerId(1)] {
        let backups: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| state.controller(*o) == player && w.is(state, *o, w.backup)).collect();
        if backups.len() <= 5 {
            continue;
        }
        let n = backups.len() - 5;
        let prompt = state.worded_or_blank(|| format!("put {n} Backup(s) into the Break Zone").into());
        let chosen = match state.ask(agent, player, Question::Objects { prompt, options: backups.clone(), min: n, max: n }) {
            Answer::Objects(list) => list,
            _ => backups[..n].to_vec(),
        };
        for o in chosen {
            to_break_zone(state, agent, o, None);
        }
        changed = true;
    }
    changed
}
