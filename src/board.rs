//! Pictures of a game state for people: a compact text board and an SVG drawing (the designer's view).
//!
//! Both are omniscient (they show private cards too; `text_for` shows what one player sees) and deterministic: the same state always
//! gives the same text, so boards can go into golden transcripts. Zone names, flags, resources and
//! properties are the game's own words; the board only lays them out.

mod draw;
mod svg;
mod text;

pub use svg::svg;
pub use text::{text, text_for};

use crate::kernel::state::Zone;
use crate::vocab::{PropId, Ty};
use crate::kernel::{GameState, ObjectId, Outcome, PlayerId, Visibility};

/// Flags that turn a card sideways: FF dull, Trails actioned, UFS committed.
pub(crate) const TURNED: [&str; 3] = ["dull", "actioned", "committed"];

/// The flag of a card placed face down.
pub(crate) const FACE_DOWN: &str = "face_down";

/// Flags that mark the attack in progress, with the colour that shows them.
pub(crate) const COMBAT: [(&str, &str); 2] = [("attacking", "#d62828"), ("blocking", "#1d70d6")];

/// One card as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CardView {
    pub name: String,
    /// Its placement states and the states effects give it, sorted.
    pub flags: Vec<String>,
    pub damage: i64,
    pub counters: Vec<(String, i64)>,
    /// Computed numeric properties, in the vocabulary's order (only where abilities work).
    pub numbers: Vec<(String, i64)>,
}

impl CardView {
    pub fn has(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }

    pub fn turned(&self) -> bool {
        TURNED.iter().any(|f| self.has(f))
    }

    pub fn face_down(&self) -> bool {
        self.has(FACE_DOWN)
    }

    /// The attack flag it has (`attacking`, `blocking`) with its colour.
    pub fn combat(&self) -> Option<(&'static str, &'static str)> {
        COMBAT.iter().copied().find(|(f, _)| self.has(f))
    }

    /// Its state in words: `dull, 3 damage, 2 crystal counters, power 7000`.
    pub fn state_words(&self) -> Vec<String> {
        let mut out: Vec<String> = self.flags.clone();
        if self.damage > 0 {
            out.push(format!("{} damage", self.damage));
        }
        for (name, n) in &self.counters {
            out.push(format!("{n} {name} counter{}", if *n == 1 { "" } else { "s" }));
        }
        out.extend(self.numbers.iter().map(|(p, n)| format!("{p} {n}")));
        out
    }

    /// `Cloud (dull, 3 damage, power 7000)`, or just `Tifa`.
    pub fn label(&self) -> String {
        let words = self.state_words();
        if words.is_empty() { self.name.clone() } else { format!("{} ({})", self.name, words.join(", ")) }
    }
}

/// How the board sees an object: its state, and its numeric properties (not flags such as
/// `generic`) when it is where abilities work.
pub(crate) fn card_view(state: &GameState, object: ObjectId) -> CardView {
    let o = state.object(object);
    let c = state.characteristics(object);
    let mut flags: Vec<String> = o.flags.iter().map(|f| f.to_string()).chain(c.flags.iter().cloned()).collect();
    flags.sort();
    flags.dedup();
    if let Some(host) = o.attached_to {
        flags.push(format!("on {}", state.library.card(state.object(host).card).name));
    }
    let zone = state.zone(o.zone);
    let mut numbers = vec![];
    if zone.name.is_in(&state.config.ability_zones) {
        let vocab = &state.library.vocab;
        let numeric = |p: PropId| matches!(vocab.properties[p.index()].ty, Ty::Number | Ty::Signed);
        let mut props: Vec<_> = c.properties.iter().filter(|(p, _)| numeric(*p)).filter_map(|(p, v)| Some((*p, v.number()?))).collect();
        props.sort();
        numbers = props.into_iter().map(|(p, n)| (vocab.properties[p.index()].name.clone(), n)).collect();
    }
    let counters = o.counters.iter().filter(|(_, n)| **n != 0).map(|(k, n)| (k.to_string(), *n)).collect();
    CardView { name: state.library.card(o.card).name.clone(), flags, damage: o.damage, counters, numbers }
}

/// Whether the board shows only how many cards a zone holds (a deck: hidden, or long and unordered for play).
pub(crate) fn count_only(zone: &Zone) -> bool {
    zone.visibility == Visibility::Hidden || zone.name == "deck"
}

/// Whether a zone is a hand: private to its owner, or named so.
pub(crate) fn is_hand(zone: &Zone) -> bool {
    zone.visibility == Visibility::Private || zone.name == "hand"
}

/// The zones of `player`, in the game's configured order.
pub(crate) fn player_zones(state: &GameState, player: PlayerId) -> impl Iterator<Item = &Zone> {
    state.zones.iter().map(|z| &**z).filter(move |z| z.owner == Some(player))
}

/// The shared zones (the FF stack, the Trails Resolve Standby Zone).
pub(crate) fn shared_zones(state: &GameState) -> impl Iterator<Item = &Zone> {
    state.zones.iter().map(|z| &**z).filter(|z| z.owner.is_none())
}

/// A player's name.
pub(crate) fn player_name(state: &GameState, p: PlayerId) -> &str {
    &state.players[p.index()].name
}

/// A zone name for people: `break_zone` → `break zone`.
pub(crate) fn zone_title(name: &str) -> String {
    name.replace('_', " ")
}

/// A stack entry in words: `Shiva (you)`, with its chosen targets.
pub(crate) fn entry_label(state: &GameState, index: usize) -> String {
    let entry = &state.stack[index];
    let source = entry.source.map(|s| state.library.card(state.object(s).card).name.clone()).unwrap_or_else(|| "an ability".into());
    let mut out = format!("{source} ({})", player_name(state, entry.controller));
    let chosen: Vec<String> = entry
        .targets
        .iter()
        .flat_map(|t| t.chosen.iter())
        .map(|o| state.library.card(state.object(*o).card).name.clone())
        .collect();
    if !chosen.is_empty() {
        out.push_str(&format!(" -> {}", chosen.join(", ")));
    }
    out
}

/// The outcome in words, if the game ended.
pub(crate) fn outcome_words(state: &GameState) -> Option<String> {
    state.outcome.as_ref().map(|o| match o {
        Outcome::Winner(p) => format!("{} wins", player_name(state, *p)),
        Outcome::Draw => "a draw".to_string(),
    })
}

/// A player's resources in words: `bond 2, cp 3`.
pub(crate) fn resource_words(state: &GameState, p: PlayerId) -> Vec<String> {
    state.players[p.index()].resources.iter().filter(|(_, v)| **v != 0).map(|(k, v)| format!("{k} {v}")).collect()
}
