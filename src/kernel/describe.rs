//! The event log in words, for transcripts, the REPL and reports: one line per event.

use crate::kernel::continuous::{Change, Duration, Op};
use crate::kernel::event::Event;
use crate::kernel::value::{Amount, Selector, Value};
use crate::kernel::ids::{ObjectId, PlayerId, ZoneId};
use crate::kernel::state::GameState;
use crate::kernel::trigger::AbilityRef;

impl GameState {
    /// A card as people name it: `Cloud#12` (the number tells copies apart).
    pub fn name_of(&self, object: ObjectId) -> String {
        self.words_naming(&[], object, &[])
    }

    /// `before`, the object's name and `after` in one string, written without the formatting
    /// machinery (most decisions and payments are worded this way, several hundred a game).
    pub fn words_naming(&self, before: &[&str], object: ObjectId, after: &[&str]) -> String {
        let name = &self.library.card(self.object(object).card).name;
        let mut out = String::with_capacity(name.len() + 8 + before.iter().chain(after).map(|s| s.len()).sum::<usize>());
        before.iter().for_each(|s| out.push_str(s));
        out.push_str(name);
        out.push('#');
        push_number(&mut out, object.0 as u64);
        after.iter().for_each(|s| out.push_str(s));
        out
    }

    fn player_name(&self, p: PlayerId) -> &str {
        &self.players[p.index()].name
    }

    fn zone_name(&self, z: ZoneId) -> String {
        let zone = self.zone(z);
        match zone.owner {
            Some(p) => format!("{}'s {}", self.player_name(p), zone.name),
            None => zone.name.to_string(),
        }
    }

    fn names(&self, objects: &[ObjectId]) -> String {
        objects.iter().map(|o| self.name_of(*o)).collect::<Vec<_>>().join(", ")
    }

    /// One event in words.
    pub fn describe(&self, event: &Event) -> String {
        match event {
            Event::Created { object, zone, .. } => format!("{} is put in {}", self.name_of(*object), self.zone_name(*zone)),
            Event::Removed { object } => format!("{} is removed from {}", self.name_of(*object), self.zone_name(self.object(*object).zone)),
            Event::Moved { old, from, to, reason, .. } => {
                let why = reason.as_ref().map(|r| format!(" ({r})")).unwrap_or_default();
                format!("{} moves from {} to {}{why}", self.name_of(*old), self.zone_name(*from), self.zone_name(*to))
            }
            Event::Flag { object, flag, value, .. } => format!("{} {} {flag}", self.name_of(*object), if *value { "becomes" } else { "is no longer" }),
            Event::Damaged { object, amount, source, .. } => match source {
                Some(s) => format!("{} deals {amount} damage to {}", self.name_of(*s), self.name_of(*object)),
                None => format!("{} is dealt {amount} damage", self.name_of(*object)),
            },
            Event::DamageRemoved { object } => format!("damage on {} is removed", self.name_of(*object)),
            Event::Counter { object, name, delta } => format!("{} gets {delta:+} {name} counter(s)", self.name_of(*object)),
            Event::Resource { player, name, delta } => format!("{} {} {} {name}", self.player_name(*player), if *delta >= 0 { "gains" } else { "loses" }, delta.abs()),
            Event::PlayerFlag { player, flag, value } => format!("{} {} {flag}", self.player_name(*player), if *value { "now has" } else { "no longer has" }),
            Event::Shuffled { zone, .. } => format!("{} is shuffled", self.zone_name(*zone)),
            Event::Reordered { zone, order } => format!("{} is put in order: {}", self.zone_name(*zone), self.names(&order.iter().rev().copied().collect::<Vec<_>>())),
            Event::Revealed { objects } => format!("revealed: {}", self.names(objects)),
            Event::EffectBegan { effect } => {
                let source = effect.source.map_or("the game".to_string(), |s| self.name_of(s));
                // A player's rule affects no card: it names none.
                let affected = match &effect.change {
                    Change::PlayerRule { .. } | Change::Pretend { .. } => String::new(),
                    _ => format!(" {}", self.describe_affected(&effect.affected, effect.source)),
                };
                format!("{source}: {}{affected}, {}", self.describe_change(&effect.change), self.describe_duration(&effect.duration))
            }
            Event::EffectEnded { effect } => format!("effect {} ends", effect.0),
            Event::ReplacementBegan { replacement } => format!("a replacement effect begins: {}", replacement.label),
            Event::ReplacementEnded { effect } => format!("replacement {} ends", effect.0),
            Event::DelayedCreated { .. } => "a delayed trigger waits".to_string(),
            Event::DelayedRemoved { .. } => "a delayed trigger is used".to_string(),
            Event::Triggered { trigger } => format!("{}'s ability triggers", self.name_of(trigger.source)),
            Event::TriggerTaken { .. } | Event::TriggerPlayed { .. } => "a triggered ability is placed".to_string(),
            Event::Pushed { entry } => match (&entry.ability, entry.source) {
                (AbilityRef::Action(name), Some(s)) => format!("{}'s {} waits to resolve", self.name_of(s), name.replace('_', " ")),
                (_, Some(s)) => format!("{}'s ability waits to resolve", self.name_of(s)),
                (_, None) => "an ability waits to resolve".to_string(),
            },
            Event::Popped => "the top ability resolves".to_string(),
            Event::Simultaneous { open: true } => "at the same time:".to_string(),
            Event::Simultaneous { open: false } => "(end of what happens at the same time)".to_string(),
            Event::Cancelled { reason, .. } => format!("an ability is cancelled: {reason}"),
            Event::Signal { name, objects, player, detail } => {
                let who = player.map(|p| format!("{}: ", self.player_name(p))).unwrap_or_default();
                let what = if objects.is_empty() { String::new() } else { format!(" {}", self.names(objects)) };
                let more = detail.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
                format!("{who}{name}{what}{more}")
            }
            Event::Remembered { object, name, value: Value::Cards(cards) } => match cards.as_ref() {
                crate::kernel::Selector::Objects(list) => format!("{} remembers {name}: {}", self.name_of(*object), self.names(list)),
                _ => format!("{} remembers {name}", self.name_of(*object)),
            },
            Event::Remembered { object, name, value } => format!("{} remembers {name}: {}", self.name_of(*object), self.show_value(value)),
            Event::Latched { latch } => format!("{}'s current state is modified", self.name_of(latch.object)),
            Event::Refreshed { object } => format!("{}'s current state is refreshed", self.name_of(*object)),
            Event::Tracked { name, objects } => format!("{name}: {}", self.names(objects)),
            Event::TurnBegan { turn, player } => format!("turn {turn} begins ({})", self.player_name(*player)),
            Event::PhaseBegan { name } => format!("{name} phase begins"),
            Event::Primary { player } => format!("{} is the primary player", self.player_name(*player)),
            Event::Unstacked { .. } => "an ability is taken off the stack: cancelled".to_string(),
            Event::Retargeted { chosen, .. } => format!("an ability on the stack targets {} instead", self.names(chosen)),
            Event::Attached { object, to: Some(host) } => format!("{} is attached to {}", self.name_of(*object), self.name_of(*host)),
            Event::Attached { object, to: None } => format!("{} is no longer attached", self.name_of(*object)),
            Event::Decided { player, question, answer } => format!("{} decides {question}: {answer}", self.player_name(*player)),
            Event::GameEnded { outcome } => format!("the game ends: {outcome:?}"),
        }
    }

    /// A characteristic's value as a designer writes it.
    pub fn show_value(&self, value: &Value) -> String {
        let vocab = &self.library.vocab;
        match value {
            Value::Number(n) => n.to_string(),
            Value::Text(t) => t.clone(),
            Value::Variant(e, v) => vocab.enums[e.index()].variants.get(*v as usize).cloned().unwrap_or_default(),
            Value::Keyword(k) => vocab.keywords[k.index()].name.clone(),
            Value::List(items) => items.iter().map(|v| self.show_value(v)).collect::<Vec<_>>().join(", "),
            Value::Cards(_) => "cards".into(),
        }
    }

    /// A continuous change in words: `power +2000`, `gains Brave`, `cannot block`.
    pub fn describe_change(&self, change: &Change) -> String {
        let vocab = &self.library.vocab;
        let prop = |p: &crate::vocab::PropId| vocab.properties[p.index()].name.clone();
        match change {
            Change::Property { property, op, amount: Amount::Fixed(n) } => match op {
                Op::Add | Op::AddAtLeast(_) => format!("{} {n:+}", prop(property)),
                Op::Sub => format!("{} -{n}", prop(property)),
                Op::Set => format!("{} set to {n}", prop(property)),
                Op::SetBase => format!("base {} set to {n}", prop(property)),
                Op::Double => format!("{} doubled", prop(property)),
            },
            Change::Property { property, .. } => format!("{} changed by a counted amount", prop(property)),
            Change::AddValue { property, value } => format!("{} adds {}", prop(property), self.show_value(value)),
            Change::AddValuesOf { property, .. } => format!("{} adds those of other cards", prop(property)),
            Change::RemoveValue { property, value } => format!("{} loses {}", prop(property), self.show_value(value)),
            Change::SetValue { property, value } => format!("{} becomes {}", prop(property), self.show_value(value)),
            Change::GrantKeyword(k) => format!("gains {}", vocab.keywords[k.index()].name),
            Change::RemoveKeyword(k) => format!("loses {}", vocab.keywords[k.index()].name),
            Change::StripAbilities => "loses all abilities".into(),
            Change::GrantAbilities(list) => format!("gains {} ability(ies)", list.len()),
            Change::Forbid(hook) => format!("cannot {}", hook.action.replace('_', " ")),
            Change::Allow(hook) => format!("may {}", hook.action.replace('_', " ")),
            Change::Adjust { name, amount: Amount::Fixed(n) } => format!("{} {n:+}", name.replace('_', " ")),
            Change::Adjust { name, .. } => format!("{} adjusted by a counted amount", name.replace('_', " ")),
            Change::GiveFlag(flag) => format!("is {flag}"),
            Change::PlayerRule { player, name, .. } => format!("{} has the rule {}", self.player_name(*player), name.replace('_', " ")),
            Change::Controller(p) => format!("controlled by {}", self.player_name(*p)),
            Change::AddKind(k) => format!("is also a {}", vocab.kinds[k.index()].name),
            Change::Join { property, values } => format!("{} joins {}", prop(property), self.show_value(&Value::List(values.clone()))),
            Change::HasEvery(p) => format!("has every {}", vocab.properties[p.index()].name),
            Change::Copy { card, .. } => format!("copies {}", self.library.card(*card).name),
            Change::Pretend { player, kind, value, .. } => format!("{} is treated as controlling a {} {}", self.player_name(*player), vocab.kinds[kind.index()].name, self.show_value(value)),
            Change::IgnoreEarlier => "ignores the effects applied before".into(),
        }
    }

    fn describe_affected(&self, selector: &Selector, source: Option<ObjectId>) -> String {
        match selector {
            Selector::Source => format!("on {}", source.map_or("its source".to_string(), |s| self.name_of(s))),
            Selector::Objects(list) => format!("on {}", self.names(list)),
            _ => "on every card that matches".into(),
        }
    }

    pub fn describe_duration(&self, duration: &Duration) -> String {
        match duration {
            Duration::Forever => "for the rest of the game".into(),
            Duration::Until(point) => format!("until {}", point.replace('_', " ")),
            Duration::WhileIn(o) => format!("while {} stays", self.name_of(*o)),
            Duration::WhileFlag(o, flag) => format!("while {} is {flag}", self.name_of(*o)),
            Duration::WhileEffect(_) => "while it has the ability".to_string(),
        }
    }

    /// An ability as a player sees it when ordering or choosing: `Templar's Breaker`.
    pub fn describe_ability(&self, source: ObjectId, ability: &AbilityRef) -> String {
        let whose = |rest: &[&str]| self.words_naming(&[], source, rest);
        match ability {
            AbilityRef::Printed { card, index } => {
                let mut out = whose(&[": ", &self.library.card(*card).name, " ability "]);
                push_number(&mut out, *index as u64 + 1);
                out
            }
            AbilityRef::Keyword { keyword, .. } => whose(&[": ", &self.library.vocab.keywords[keyword.index()].name]),
            AbilityRef::Delayed(_) => whose(&[": a delayed trigger"]),
            AbilityRef::Granted { .. } => whose(&[": a granted ability"]),
            AbilityRef::Action(name) => whose(&[": ", &name.replace('_', " ")]),
        }
    }

    /// The whole log in words, one numbered line per event.
    pub fn transcript(&self) -> String {
        self.log.iter().enumerate().map(|(i, e)| format!("{i:>4} {}\n", self.describe(e))).collect()
    }
}

/// Appends `n` in decimal.
pub fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|d| char::from(*d)));
}
