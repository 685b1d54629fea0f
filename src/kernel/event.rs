//! The one closed type of game events, and the only code that changes the game state.
//!
//! Every change is an `Event` passed to `GameState::apply`, which records it in the log. Front
//! ends print the log; triggers watch it; rewinding restores a snapshot taken before an action.

use std::rc::Rc;

use serde::Serialize;

use crate::kernel::continuous::ContinuousEffect;
use crate::kernel::ids::*;
use crate::kernel::name::Name;
use crate::kernel::replacement::Replacement;
use crate::kernel::state::{GameState, Object, Outcome};
use crate::kernel::trigger::{DelayedTrigger, PendingTrigger};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event {
    /// A card put into a zone at setup (a deck, a scenario's board), or a proxy of one (Trails 1204.2i).
    Created { object: ObjectId, card: CardId, owner: PlayerId, zone: ZoneId },
    /// A card changed zones and became a new object (FF 7.4, Trails 502.3); `old` keeps its last
    /// known information. `same_object` is set for moves that keep identity (Trails 502.3a).
    /// `by`: the card whose ability moved it, if an ability did. `hidden`: the move itself puts it
    /// in a state that hides it (face-down, `GameConfig::hidden_flags`; Trails 1211.6a reads its
    /// triggers by it before its arrival states are set).
    Moved { old: ObjectId, new: ObjectId, from: ZoneId, to: ZoneId, reason: Option<Name>, position: Position, by: Option<ObjectId>, hidden: bool },
    /// An object ceases to exist without becoming another (Trails 1205.1c-2, 1324.1: a proxy
    /// removed from the Resolve Standby Zone); it keeps its last known information.
    Removed { object: ObjectId },
    /// A placement state set or cleared (dull, face_down, stunned, committed...); `by`: the card
    /// whose ability did it ("whenever this stuns a UNIT"), or every card that did it together
    /// (Trails 1222.4a: each UNIT of a SCLM Attack stunned the defender).
    Flag { object: ObjectId, flag: Name, value: bool, by: Vec<ObjectId> },
    /// `battle`: dealt by Forwards in a battle (FF 10.1.4), not by a Summon or an ability.
    Damaged { object: ObjectId, amount: i64, source: Option<ObjectId>, battle: bool },
    DamageRemoved { object: ObjectId },
    Counter { object: ObjectId, name: Name, delta: i64 },
    Resource { player: PlayerId, name: Name, delta: i64 },
    PlayerFlag { player: PlayerId, flag: Name, value: bool },
    Shuffled { zone: ZoneId, order: Vec<ObjectId> },
    /// A zone's cards put in an order a player chose ("return them to the bottom of your deck in any order").
    Reordered { zone: ZoneId, order: Vec<ObjectId> },
    Revealed { objects: Vec<ObjectId> },
    EffectBegan { effect: Box<ContinuousEffect> },
    EffectEnded { effect: EffectId },
    ReplacementBegan { replacement: Box<Replacement> },
    ReplacementEnded { effect: EffectId },
    DelayedCreated { trigger: Box<DelayedTrigger> },
    DelayedRemoved { index: usize },
    Triggered { trigger: Box<PendingTrigger> },
    /// One count of a pending trigger played (Trails 1211.4); it goes when its count reaches 0.
    TriggerPlayed { index: usize },
    TriggerTaken { index: usize },
    /// Something a game procedure announces: an attack, a block, a phase beginning. Its detail may
    /// name the card that caused it (`cause_word`: the card whose ability chose, FF 11.3.3).
    Signal { name: Name, objects: Vec<ObjectId>, player: Option<PlayerId>, detail: Option<String> },
    /// Put on the stack (or the game's equivalent), and taken off to resolve; the stack shares the entry with the log.
    Pushed { entry: Rc<crate::kernel::trigger::StackEntry> },
    Popped,
    /// The events up to the closing one happen at the same time (Trails 804.11a-2 and 804.11a-4:
    /// both UNITs stunned at once): an ability one of them makes inactive still triggers on the
    /// others.
    Simultaneous { open: bool },
    /// An entry taken off the stack without resolving (cancelled by an effect, FF 11.11).
    Unstacked { index: usize },
    /// A target of a stack entry (by index, and the target's index) is now these objects (FF
    /// 11.3.3: "You may choose another target instead", 11-109R Aemo).
    Retargeted { index: usize, target: usize, chosen: Vec<ObjectId> },
    /// An ability whose targets all became illegal, cancelled (FF 11.11.2).
    Cancelled { ability: crate::kernel::trigger::AbilityRef, reason: String },
    /// An object remembers a value for its abilities.
    Remembered { object: ObjectId, name: Name, value: crate::kernel::Value },
    /// A modification applied to an object's current state (UFS C.3.3.4.3).
    Latched { latch: Box<crate::kernel::state::Latch> },
    /// An object's current state refreshed: its latched modifications are gone (UFS C.3.3.4.2).
    Refreshed { object: ObjectId },
    /// The game's procedures name a set of cards (`current_attack`); empty to forget it.
    Tracked { name: Name, objects: Vec<ObjectId> },
    TurnBegan { turn: u32, player: PlayerId },
    /// The player the priority loop and rule checks start with changes within a turn (Trails
    /// 702.3: the player performing the current step, else the Initiative Player); kept as
    /// `turn_player`.
    Primary { player: PlayerId },
    /// A card attached to another (equipping), or detached (`to: None`).
    Attached { object: ObjectId, to: Option<ObjectId> },
    /// A phase or step of the turn begins (the game names it).
    PhaseBegan { name: Name },
    /// A player's decision, recorded so the same seed and decisions replay the same game.
    Decided { player: PlayerId, question: std::borrow::Cow<'static, str>, answer: std::borrow::Cow<'static, str> },
    GameEnded { outcome: Outcome },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Position {
    Top,
    Bottom,
}

impl GameState {
    /// Applies an event: the one place the state changes.
    pub fn apply(&mut self, event: Event) {
        // For an effect ending: the objects it could change (`touched_objects`), read before it ends.
        let mut ended = None;
        match &event {
            Event::Created { object, card, owner, zone } => {
                debug_assert_eq!(object.index(), self.objects.len());
                let entered = self.tick();
                self.objects.push(Rc::new(Object::new(*card, *owner, *zone, entered)));
                Rc::make_mut(&mut self.zones[zone.index()]).objects.push(*object);
            }
            Event::Moved { old, new, from, to, position, by, .. } => {
                // Last known information: the object as it was just before it left (FF 11.11.4).
                let last_known = self.leaving(*old);
                remove_from(&mut Rc::make_mut(&mut self.zones[from.index()]).objects, *old);
                let entered = self.tick();
                let (card, owner) = (self.objects[old.index()].card, self.objects[old.index()].owner);
                self.object_mut(*old).last_known = Some(last_known);
                if new != old {
                    debug_assert_eq!(new.index(), self.objects.len());
                    // A new object: no states, damage or counters carry over (FF 7.4).
                    self.objects.push(Rc::new(Object { previous: Some(*old), moved_by: *by, ..Object::new(card, owner, *to, entered) }));
                    self.object_mut(*old).left = Some(*new);
                } else {
                    // The same object in another zone (Trails 502.3a; a new controller's field,
                    // Trails 506.4, SE14 7.8.2) arrived there now (FF 10.1.2.1.1: not under its
                    // controller's control since the turn began).
                    let kept = self.object_mut(*old);
                    (kept.zone, kept.entered) = (*to, entered);
                }
                let zone = &mut Rc::make_mut(&mut self.zones[to.index()]).objects;
                match position {
                    Position::Top => zone.push(*new),
                    Position::Bottom => zone.insert(0, *new),
                }
            }
            Event::Removed { object } => {
                let last_known = self.leaving(*object);
                let zone = self.objects[object.index()].zone;
                remove_from(&mut Rc::make_mut(&mut self.zones[zone.index()]).objects, *object);
                let gone = self.object_mut(*object);
                // Gone with nothing after it: `left` names the object itself (`current` stops there).
                (gone.last_known, gone.left) = (Some(last_known), Some(*object));
            }
            Event::Flag { object, flag, value, .. } => {
                self.revealed_marks += usize::from(*value && flag == crate::kernel::REVEALED);
                set_flag(&mut self.object_mut(*object).flags, *flag, *value);
            }
            Event::Damaged { object, amount, .. } => self.object_mut(*object).damage += amount,
            Event::DamageRemoved { object } => self.object_mut(*object).damage = 0,
            Event::Counter { object, name, delta } => {
                *self.object_mut(*object).counters.entry(*name).or_insert(0) += delta;
            }
            Event::Resource { player, name, delta } => {
                *Rc::make_mut(&mut self.players[player.index()]).resources.entry(*name).or_insert(0) += delta;
            }
            Event::PlayerFlag { player, flag, value } => set_flag(&mut Rc::make_mut(&mut self.players[player.index()]).flags, *flag, *value),
            Event::Shuffled { zone, order } | Event::Reordered { zone, order } => Rc::make_mut(&mut self.zones[zone.index()]).objects = order.clone(),
            Event::EffectBegan { effect } => {
                let mut effect = (**effect).clone();
                effect.timestamp = self.tick();
                if let Some(gives) = effect.change.gives_abilities() {
                    self.giving_abilities.push((effect.id, gives));
                }
                Rc::make_mut(&mut self.effects).push(Rc::new(effect));
            }
            Event::EffectEnded { effect } => {
                // What the effect could change, read while it is still in force.
                ended = self.effects.iter().find(|e| e.id == *effect).map(|e| self.effect_touches(e, false));
                self.drop_effects(|e| e.id == *effect);
            }
            Event::ReplacementBegan { replacement } => {
                let mut replacement = (**replacement).clone();
                replacement.timestamp = self.tick();
                Rc::make_mut(&mut self.replacements).push(replacement);
            }
            Event::ReplacementEnded { effect } => Rc::make_mut(&mut self.replacements).retain(|r| r.id != *effect),
            Event::DelayedCreated { trigger } => Rc::make_mut(&mut self.delayed).push((**trigger).clone()),
            Event::DelayedRemoved { index } => {
                Rc::make_mut(&mut self.delayed).remove(*index);
            }
            Event::Triggered { trigger } => {
                // Trails 1211.3: another occurrence of a triggered craft raises its trigger count.
                let merge = self.config.procedure == crate::kernel::state::Procedure::OneAtATime;
                let same = self.pending.iter_mut().find(|p| merge && p.source == trigger.source && p.ability == trigger.ability);
                match same {
                    Some(existing) => existing.count += trigger.count,
                    None => self.pending.push((**trigger).clone()),
                }
            }
            Event::TriggerPlayed { index } => {
                let pending = &mut self.pending[*index];
                pending.count -= 1;
                if pending.count == 0 {
                    self.pending.remove(*index);
                }
            }
            Event::TriggerTaken { index } => {
                self.pending.remove(*index);
            }
            Event::Pushed { entry } => self.stack.push(entry.clone()),
            Event::Simultaneous { open } => self.simultaneous_since = open.then_some(self.log.len()),
            Event::Popped => self.resolving = self.stack.pop().map(|entry| entry.ability.clone()),
            Event::Remembered { object, name, value } => {
                self.object_mut(*object).memory.insert(*name, value.clone());
            }
            Event::Latched { latch } => self.latches.push((**latch).clone()),
            Event::Refreshed { object } => self.latches.retain(|l| l.object != *object),
            Event::Tracked { name, objects } => {
                if objects.is_empty() {
                    Rc::make_mut(&mut self.tracked).remove(name);
                } else {
                    Rc::make_mut(&mut self.tracked).insert(*name, objects.clone());
                }
            }
            Event::TurnBegan { turn, player } => {
                self.turn = *turn;
                self.turn_player = *player;
                self.turn_began = self.tick();
            }
            Event::PhaseBegan { name } => self.phase = *name,
            Event::Primary { player } => self.turn_player = *player,
            Event::Unstacked { index } => {
                self.stack.remove(*index);
            }
            Event::Retargeted { index, target, chosen } => {
                if let Some(t) = self.stack.get_mut(*index).and_then(|e| Rc::make_mut(e).targets.get_mut(*target)) {
                    t.chosen = chosen.clone();
                }
            }
            Event::Attached { object, to } => self.object_mut(*object).attached_to = *to,
            Event::GameEnded { outcome } => self.outcome = Some(outcome.clone()),
            Event::Revealed { .. } | Event::Signal { .. } | Event::Decided { .. } | Event::Cancelled { .. } => {}
        }
        // Computed characteristics stay valid across events that cannot change them: bookkeeping,
        // the game's end, placement states no effect in force reads, and players' states, resources,
        // tracked cards and the turn and phase (which players' states may be worked out from,
        // `GameHooks::player_states`) while no effect's condition reads players.
        let inert = matches!(
            event,
            Event::Decided { .. } | Event::Signal { .. } | Event::Revealed { .. } | Event::Cancelled { .. } | Event::Pushed { .. } | Event::Popped | Event::Simultaneous { .. } | Event::Retargeted { .. }
                | Event::Triggered { .. } | Event::TriggerTaken { .. } | Event::TriggerPlayed { .. } | Event::GameEnded { .. }
        ) || match event {
            // What an object remembers reaches a view only through the states a game answers from it.
            Event::Flag { .. } | Event::Remembered { .. } => !self.cache.reads(self.generation).flags,
            Event::Damaged { .. } | Event::DamageRemoved { .. } => !self.cache.reads(self.generation).damage,
            Event::Counter { .. } => !self.cache.reads(self.generation).counters,
            Event::Tracked { .. } | Event::Resource { .. } | Event::PlayerFlag { .. } | Event::PhaseBegan { .. } | Event::TurnBegan { .. } | Event::Primary { .. } => !self.cache.reads(self.generation).players,
            _ => false,
        };
        if !matches!(event, Event::Decided { .. } | Event::Signal { .. } | Event::Revealed { .. } | Event::Cancelled { .. }) {
            self.changes += 1;
        }
        if !inert {
            self.cache.advance(self.generation, ended.unwrap_or_else(|| self.touched_objects(&event)));
            self.generation += 1;
        }
        // Once the view has read the event: the effects lasting while an object that left stays where it was.
        if let Event::Moved { old, .. } | Event::Removed { object: old } = &event
            && self.objects[old.index()].left.is_some()
        {
            self.forget_effects_of(*old);
        }
        self.log.push(event);
    }

    /// Takes out of the effects in force those lasting while `gone` stays where it was or keeps a state (`WhileIn`,
    /// `WhileFlag`): it has left, for good (FF 7.4: a card that moves is another object; an object that left never
    /// comes back), so they will never apply again (`duration_holds`), and every reader of the effects (the view's
    /// patches, its conditions and amounts, the rule processes' tests) would walk past them for the rest of the
    /// game. Part of the event that made it leave: a replay or a rewind makes the same list.
    fn forget_effects_of(&mut self, gone: ObjectId) {
        use crate::kernel::continuous::Duration;
        let ends = |e: &ContinuousEffect| matches!(e.duration, Duration::WhileIn(o) | Duration::WhileFlag(o, _) if o == gone);
        if self.effects.iter().any(|e| ends(e)) {
            self.drop_effects(ends);
        }
    }

    /// Takes the effects `gone` picks out of the effects, and out of those giving abilities (`giving_abilities`).
    fn drop_effects(&mut self, gone: impl Fn(&ContinuousEffect) -> bool) {
        let effects = Rc::make_mut(&mut self.effects);
        effects.retain(|e| !gone(e));
        self.giving_abilities.retain(|(id, _)| effects.iter().any(|e| e.id == *id));
    }

    /// The event that moves `object` to `to`: as a new object, unless the game keeps identity for
    /// this pair of zones.
    pub fn move_event(&self, object: ObjectId, to: ZoneId, reason: Option<Name>, position: Position) -> Event {
        let from = self.object(object).zone;
        let new = if self.keeps_object(from, to) { object } else { ObjectId(self.objects.len() as u32) };
        Event::Moved { old: object, new, from, to, reason, position, by: None, hidden: false }
    }

    /// Puts a card into a zone (setup).
    pub fn create(&mut self, card: CardId, owner: PlayerId, zone: ZoneId) -> ObjectId {
        let object = ObjectId(self.objects.len() as u32);
        self.apply(Event::Created { object, card, owner, zone });
        object
    }

    pub fn next_effect_id(&self) -> EffectId {
        let used = self.effects.iter().map(|e| e.id.0).chain(self.replacements.iter().map(|r| r.id.0)).max();
        // Effect IDs only grow: take the largest ever issued from the log length as a floor.
        EffectId(used.map_or(0, |u| u + 1).max(self.log.len() as u32))
    }
}

/// Takes `object` out of a zone's list, keeping the order of the rest: looked for from the top, where most cards
/// leave from (a draw, damage, the card just played). A zone lists an object once.
fn remove_from(objects: &mut Vec<ObjectId>, object: ObjectId) {
    if let Some(at) = objects.iter().rposition(|o| *o == object) {
        objects.remove(at);
    }
}

fn set_flag(flags: &mut crate::kernel::NameSet, flag: Name, value: bool) {
    if value {
        flags.insert(flag);
    } else {
        flags.remove(&flag);
    }
}

/// The word a signal's detail names the card that caused it with (`#N`).
pub fn cause_word(object: ObjectId) -> String {
    format!("#{}", object.index())
}

/// The cards a signal's detail names as having caused it (`cause_word`); none when it names none.
pub fn causes(detail: &Option<String>) -> Option<Vec<ObjectId>> {
    let named: Vec<ObjectId> = detail.iter().flat_map(|d| d.split_whitespace()).filter_map(|w| w.strip_prefix('#')?.parse().ok()).map(ObjectId).collect();
    (!named.is_empty()).then_some(named)
}
