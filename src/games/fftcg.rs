//! Final Fantasy TCG over the kernel: setup (FF 8), the turn (FF 9), paying CP (FF 11.2),
//! playing cards and abilities (FF 11.3-11.7), the attack phase (FF 10), damage to players
//! (FF 6.5), Items and Formations (SE14 11.4-11.5) and the rule processes (FF 12.4; SE14 7.10.3,
//! 12.4.8-12.4.10).
//!
//! Keywords are not named here: Brave, Haste and First Strike reach these procedures as rule
//! hooks their std-abilities/ definitions grant (`attack_without_dulling`, `attack_on_arrival`,
//! `dull_cost_on_arrival`, `first_strike_damage`).

mod ability_use;
mod acted;
mod actions;
mod answers;
mod attack;
mod cancel;
mod card_actions;
mod card_cost;
mod choices;
mod cost;
mod damage;
mod deck;
mod drive;
mod elsewhere;
mod equip;
mod mimic;
mod options;
mod perform;
mod restrict;
mod play;
pub mod rules;
mod search;
mod setup;
mod sight;
mod stack_counters;
mod turn;

pub use attack::attack;
pub use cost::CpCost;
pub use drive::Driven;
pub use perform::{arrival_states, perform};
pub use play::{legal_plays, FfPlays, Play};
pub use rules::FfRules;
pub use sight::{hidden_flags, sight};
pub use setup::{check_deck, new_game, start, Format};
pub use turn::{begin_turn, end_turn, play_game, run_turn, Windows};

use crate::kernel::{GameState, ObjectId, Value};
use crate::vocab::{EnumId, KindId, PropId, Vocabulary};

pub use acted::acted;
pub use actions::carry_out;
pub use answers::{answers, player_states, relates};
pub use damage::damage_received;
pub use restrict::{allows, announce_chosen, legal_targets};

/// The words of the game's vocabulary the procedures read, looked up once per game.
#[derive(Debug, Clone)]
pub struct Words {
    pub power: PropId,
    pub cost: PropId,
    pub job: PropId,
    pub element: PropId,
    pub name: PropId,
    pub generic: Option<PropId>,
    pub exburst: Option<PropId>,
    pub forward: KindId,
    pub backup: KindId,
    pub character: KindId,
    pub summon: KindId,
    /// SE14 5.2.3.1.3-4: Items (Weapons, Armor, Accessories), Formations, and what may equip an Item.
    pub item: Option<KindId>,
    pub formation: Option<KindId>,
    pub equip: Option<PropId>,
    pub element_enum: EnumId,
    light: Option<u32>,
    dark: Option<u32>,
    /// What the library's abilities say about using them, read once (`ability_use`).
    uses: ability_use::SharedUseTexts,
}

impl Words {
    /// The words, or `None` when the vocabulary is not FF-TCG's.
    pub fn of(vocab: &Vocabulary) -> Option<Words> {
        let element_enum = vocab.enum_named("element")?;
        Some(Words {
            power: vocab.property("power")?,
            cost: vocab.property("cost")?,
            job: vocab.property("job")?,
            element: vocab.property("element")?,
            name: vocab.property("name")?,
            generic: vocab.property("generic"),
            exburst: vocab.property("exburst"),
            forward: vocab.kind("forward")?,
            backup: vocab.kind("backup")?,
            character: vocab.kind("character")?,
            summon: vocab.kind("summon")?,
            item: vocab.kind("item"),
            formation: vocab.kind("formation"),
            equip: vocab.property("equip"),
            element_enum,
            light: vocab.variant("light", element_enum),
            dark: vocab.variant("dark", element_enum),
            uses: Default::default(),
        })
    }

    /// The words of the game `state` plays.
    pub fn get(state: &GameState) -> Words {
        Words::cached(&state.library).cloned().expect("an FF-TCG vocabulary declares its card types and characteristics")
    }

    /// The words, looked up once per library; `None` for a library that is not FF-TCG's.
    pub fn cached(library: &crate::kernel::Library) -> Option<&Words> {
        let derived = library.derived.get_or_init(|| std::sync::Arc::new(Words::of(&library.vocab)));
        derived.downcast_ref::<Option<Words>>().and_then(Option::as_ref)
    }

    /// Whether the object is of `kind` now (a Summon is a card, a Forward a Character).
    pub fn is(&self, state: &GameState, object: ObjectId, kind: KindId) -> bool {
        state.reading(object, |c| state.library.vocab.is_of(&c.kinds, kind))
    }

    /// The object's Elements now (FF 5.2.1.1).
    pub fn elements(&self, state: &GameState, object: ObjectId) -> cost::Elements {
        state.reading(object, |c| self.element_values(c).collect())
    }

    /// The Elements a value lists (`[wind, wind]`).
    pub fn element_list(&self, value: Option<&Value>) -> Vec<u32> {
        let mut out = vec![];
        collect_variants(value, self.element_enum, &mut out);
        out
    }

    pub fn light_or_dark(&self, element: u32) -> bool {
        Some(element) == self.light || Some(element) == self.dark
    }

    /// Whether a card with these characteristics is Light or Dark (FF 7.7.3, 12.4.7).
    pub fn is_light_or_dark(&self, c: &crate::kernel::Characteristics) -> bool {
        self.element_values(c).any(|e| self.light_or_dark(e))
    }

    /// The Element named `word` (`fire` in a cost's symbols).
    pub fn element_named(&self, vocab: &Vocabulary, word: &str) -> Option<u32> {
        // A few short names, compared in place: cheaper than the vocabulary's lookup of any name.
        vocab.enums[self.element_enum.index()].variants.iter().position(|v| v == word).map(|i| i as u32)
    }

    pub fn power(&self, state: &GameState, object: ObjectId) -> i64 {
        state.characteristics(object).number(self.power)
    }

    pub fn flag(&self, state: &GameState, object: ObjectId, property: Option<PropId>) -> bool {
        state.reading(object, |c| Words::has_icon(c, property))
    }

    /// Whether characteristics `c` have the icon `property` (`flag` without looking them up).
    pub fn has_icon(c: &crate::kernel::Characteristics, property: Option<PropId>) -> bool {
        property.is_some_and(|p| c.get(p).is_some_and(Words::truthy))
    }

    /// Whether an icon property's value says the card has it (not 0, not an empty list).
    pub fn truthy(value: &Value) -> bool {
        !matches!(value, Value::Number(0)) && !matches!(value, Value::List(items) if items.is_empty())
    }

    /// The Elements in computed characteristics, without collecting them.
    pub fn element_values<'c>(&self, c: &'c crate::kernel::Characteristics) -> impl Iterator<Item = u32> + 'c {
        let element_enum = self.element_enum;
        let (single, list) = match c.get(self.element) {
            Some(Value::List(items)) => (None, items.as_slice()),
            other => (other, &[][..]),
        };
        single.into_iter().chain(list).filter_map(move |v| match v {
            Value::Variant(e, v) if *e == element_enum => Some(*v),
            _ => None,
        })
    }

    pub fn name_text(&self, state: &GameState, object: ObjectId) -> String {
        self.name_in(state, &state.characteristics(object), object).into_owned()
    }

    /// The name in `object`'s characteristics `c`, where it is; a card without one goes by its card's.
    pub fn name_in<'c>(&self, state: &GameState, c: &'c crate::kernel::Characteristics, object: ObjectId) -> std::borrow::Cow<'c, str> {
        match c.get(self.name) {
            Some(Value::Text(t)) => std::borrow::Cow::Borrowed(t.as_str()),
            _ => std::borrow::Cow::Owned(state.name_of(object)),
        }
    }
}

fn collect_variants(value: Option<&Value>, enum_id: EnumId, out: &mut Vec<u32>) {
    match value {
        Some(Value::Variant(e, v)) if *e == enum_id => out.push(*v),
        Some(Value::List(items)) => items.iter().for_each(|i| collect_variants(Some(i), enum_id, out)),
        _ => {}
    }
}

/// The cards an action gives as its value (`Value::Cards` of exactly these objects).
pub(super) fn cards(list: Vec<ObjectId>) -> Value {
    Value::Cards(Box::new(crate::kernel::Selector::Objects(list)))
}
