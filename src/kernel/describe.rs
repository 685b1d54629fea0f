//! The event log in words, for transcripts, the REPL and reports: one line per event.

use crate::kernel::event::Event;
use crate::kernel::ids::{ObjectId, PlayerId, ZoneId};
use crate::kernel::state::GameState;

impl GameState {
    /// A card as people name it: `Cloud#12` (the number tells copies apart).
    pub fn name_of(&self, object: ObjectId) -> String {
        format!("{}#{}", self.library.card(self.object(object).card).name, object.0)
    }

    fn player_name(&self, p: PlayerId) -> &str {
        &self.players[p.index()].name
    }

    fn zone_name(&self, z: ZoneId) -> String {
        let zone = self.zone(z);
        match zone.owner {
            Some(p) => format!("{}'s {}", self.player_name(p), zone.name),
            None => zone.name.clone(),
        }
    }

    fn names(&self, objects: &[ObjectId]) -> String {
        objects.iter().map(|o| self.name_of(*o)).collect::<Vec<_>>().join(", ")
    }

    /// One event in words.
    pub fn describe(&self, event: &Event) -> String {
        match event {
            Event::Created { object, zone, .. } => format!("{} is put in {}", self.name_of(*object), self.zone_name(*zone)),
            Event::Moved { old, from, to, reason, .. } => {
                let why = reason.as_ref().map(|r| format!(" ({r})")).unwrap_or_default();
                format!("{} moves from {} to {}{why}", self.name_of(*old), self.zone_name(*from), self.zone_name(*to))
            }
            Event::Flag { object, flag, value, .. } => format!("{} {} {flag}", self.name_of(*object), if *value { "becomes" } else { "is no longer" }),
            Event::Damaged { object, amount, source } => match source {
                Some(s) => format!("{} deals {amount} damage to {}", self.name_of(*s), self.name_of(*object)),
                None => format!("{} is dealt {amount} damage", self.name_of(*object)),
            },
            Event::DamageRemoved { object } => format!("damage on {} is removed", self.name_of(*object)),
            Event::Counter { object, name, delta } => format!("{} gets {delta:+} {name} counter(s)", self.name_of(*object)),
            Event::Resource { player, name, delta } => format!("{} {} {} {name}", self.player_name(*player), if *delta >= 0 { "gains" } else { "loses" }, delta.abs()),
            Event::PlayerFlag { player, flag, value } => format!("{} {} {flag}", self.player_name(*player), if *value { "now has" } else { "no longer has" }),
            Event::Shuffled { zone, .. } => format!("{} is shuffled", self.zone_name(*zone)),
            Event::Revealed { objects } => format!("revealed: {}", self.names(objects)),
            Event::EffectBegan { effect } => format!("an effect begins: {:?} on {:?}", effect.change, effect.affected),
            Event::EffectEnded { effect } => format!("effect {} ends", effect.0),
            Event::ReplacementBegan { replacement } => format!("a replacement effect begins: {}", replacement.label),
            Event::ReplacementEnded { effect } => format!("replacement {} ends", effect.0),
            Event::DelayedCreated { .. } => "a delayed trigger waits".to_string(),
            Event::DelayedRemoved { .. } => "a delayed trigger is used".to_string(),
            Event::Triggered { trigger } => format!("{}'s ability triggers", self.name_of(trigger.source)),
            Event::TriggerTaken { .. } | Event::TriggerPlayed { .. } => "a triggered ability is placed".to_string(),
            Event::Pushed { entry } => match entry.source {
                Some(s) => format!("{}'s ability waits to resolve", self.name_of(s)),
                None => "an ability waits to resolve".to_string(),
            },
            Event::Popped => "the top ability resolves".to_string(),
            Event::Cancelled { .. } => "an ability is cancelled: its targets are gone".to_string(),
            Event::Signal { name, objects, player, detail } => {
                let who = player.map(|p| format!("{}: ", self.player_name(p))).unwrap_or_default();
                let what = if objects.is_empty() { String::new() } else { format!(" {}", self.names(objects)) };
                let more = detail.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
                format!("{who}{name}{what}{more}")
            }
            Event::Remembered { object, name, .. } => format!("{} remembers {name}", self.name_of(*object)),
            Event::Latched { latch } => format!("{}'s current state is modified", self.name_of(latch.object)),
            Event::Refreshed { object } => format!("{}'s current state is refreshed", self.name_of(*object)),
            Event::Tracked { name, objects } => format!("{name}: {}", self.names(objects)),
            Event::TurnBegan { turn, player } => format!("turn {turn} begins ({})", self.player_name(*player)),
            Event::Decided { player, question, answer } => format!("{} decides {question}: {answer}", self.player_name(*player)),
            Event::GameEnded { outcome } => format!("the game ends: {outcome:?}"),
        }
    }

    /// The whole log in words, one numbered line per event.
    pub fn transcript(&self) -> String {
        self.log.iter().enumerate().map(|(i, e)| format!("{i:>4} {}\n", self.describe(e))).collect()
    }
}
