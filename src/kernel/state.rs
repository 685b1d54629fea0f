//! The game state: players, zones and objects in arenas with typed IDs, plus the effects in force.
//!
//! Nothing here changes except through `Event`s (event.rs). The state is plain data and cheap to
//! clone: card definitions are shared behind an `Arc`.

use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use serde::Serialize;

use crate::ir::{AbilityIr, CardIr, KeywordIr};
use crate::kernel::continuous::ContinuousEffect;
use crate::kernel::ids::*;
use crate::kernel::replacement::Replacement;
use crate::kernel::rng::Rng;
use crate::kernel::trigger::{DelayedTrigger, PendingTrigger, StackEntry};
use crate::vocab::{KeywordId, Vocabulary};

/// What the game is played with: the vocabulary, every card definition and keyword definition.
#[derive(Debug)]
pub struct Library {
    pub vocab: Vocabulary,
    pub cards: Vec<CardIr>,
    /// Keyword definitions by `KeywordId` (absent when the keyword has no checked definition).
    pub keywords: Vec<Option<KeywordIr>>,
    /// What a game works out from the library once and reads often (FF-TCG: its `Words`).
    pub derived: std::sync::OnceLock<Arc<dyn std::any::Any + Send + Sync>>,
    /// Which events can trigger each card's printed abilities and each keyword's (built on first use).
    pub trigger_reach: std::sync::OnceLock<crate::kernel::trigger::Reaches>,
    /// For each card, the names of what the game keeps that its printed abilities read (`interp::card_reads`), worked
    /// out the first time it is asked about.
    pub card_reads: std::sync::OnceLock<Vec<std::sync::OnceLock<NamesRead>>>,
}

/// The names of the lists, states and values a game keeps (`tracked(name)`, `game_state(name)`, `remembered(name)`)
/// that a card's printed abilities and keywords read.
pub type NamesRead = Box<[Box<str>]>;

impl Library {
    pub fn card(&self, id: CardId) -> &CardIr {
        &self.cards[id.index()]
    }

    /// A printed or keyword ability by its reference (`None` for others: granted, delayed...).
    pub fn ability(&self, r: &crate::kernel::trigger::AbilityRef) -> Option<&AbilityIr> {
        use crate::kernel::trigger::AbilityRef;
        match r {
            AbilityRef::Printed { card, index } => self.cards.get(card.index())?.abilities.get(*index),
            AbilityRef::Keyword { keyword, index } => self.keywords.get(keyword.index())?.as_ref()?.abilities.get(*index),
            _ => None,
        }
    }

    /// Every ability a card has by its text and its keywords, with the keyword arguments they use.
    pub fn printed_abilities(&self, id: CardId) -> Vec<&AbilityIr> {
        let card = self.card(id);
        let mut out: Vec<&AbilityIr> = card.abilities.iter().collect();
        for k in &card.keywords {
            if let Some(Some(def)) = self.keywords.get(k.keyword.index()) {
                out.extend(def.abilities.iter());
            }
        }
        out
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Visibility {
    /// Everyone sees the cards (field, break zone).
    Public,
    /// Only the owner sees them (hand).
    Private,
    /// Nobody sees them (deck).
    Hidden,
}

/// What a game configures in the kernel: its zones, its layer order, and which zone changes keep
/// an object's identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameConfig {
    pub zones: Vec<ZoneSpec>,
    pub layers: crate::kernel::continuous::LayerPlan,
    /// Moves between these zones keep the object (Trails 502.3a: field and homebase); all other
    /// zone changes make a new object (FF 7.4).
    pub same_object_moves: Vec<(String, String)>,
    /// The zone a card kind means when no zone is named (FF card text; Trails 203.3): the field.
    pub default_zone: crate::kernel::Name,
    /// Kinds that mean another zone when named without one (Trails 203.4: EVENTs and BASEs are
    /// those in the homebase).
    pub kind_zones: Vec<(crate::vocab::KindId, crate::kernel::Name)>,
    /// Placement states under which an object's abilities do not work (Trails 1202.2a, 1306.2c:
    /// a stunned UNIT's crafts are invalid): its always-on abilities stop applying and its
    /// triggered abilities do not trigger, though it keeps them.
    pub inactive_flags: Vec<String>,
    /// Zones where the abilities of a kind work, narrowing `ability_zones` (Trails 1202.2: a
    /// UNIT's crafts on the field; 1202.4: a BASE's in the homebase).
    pub kind_ability_zones: Vec<(crate::vocab::KindId, String)>,
    /// Placement states that hide a card from a player (Trails 503.2, 1211.3a; FF 7.6.2: face-down);
    /// who still sees it is `sight`'s (`GameState::sees`).
    pub hidden_flags: Vec<String>,
    /// Trails 1202.2-4, 1211.3a-b: a hidden card's abilities that name no zone are not valid, and one
    /// that names its zone triggers only if the card is revealed. FF has no such rule: its only
    /// face-down cards are removed from the game (12-018H Lani), where no ability works (FF 11.9.1),
    /// and its always-on abilities then carry no condition on the card's states.
    pub hidden_cards_lose_abilities: bool,
    /// Who sees a hidden card, and the permission that lets a player look at one (`GameState::sees`).
    pub sight: crate::kernel::Sight,
    /// Zones where a card's abilities work (FF 11.9.1: the field).
    pub ability_zones: Vec<crate::kernel::Name>,
    /// A card leaving one of these zones is read as it was there by the triggers of its move
    /// (Trails 1211.6b, 1221: as it was on the field); any other move, as it is where it arrived
    /// (FF 11.8.16.1, Trails 1211.6c).
    pub look_back_from: Vec<crate::kernel::Name>,
    /// A card moving from a public zone into one that is not public is read as it was in the
    /// public zone by the triggers of its move (Trails 1211.6a: into the deck or the hand).
    pub look_back_into_private: bool,
    /// What happens to an ability whose targets became illegal.
    pub retarget: Retarget,
    /// How triggered abilities reach resolution.
    pub procedure: Procedure,
    /// Trails 1311.1: a card an effect reveals stays marked `revealed` until that effect has
    /// resolved or the card moves (`REVEALED_BY`); otherwise (FF, UFS) a reveal is only logged.
    pub mark_reveals: bool,
    /// UFS C.3.3.4: a modification, once applied to a card's current state, stays (and is not
    /// applied again) until the game refreshes that state, whatever happens to the effect.
    pub latch_modifications: bool,
    /// Conditional triggered abilities (Trails 1211.9) are checked only at a Rule Check, after
    /// its rule processes (Trails 1002.1, 1211.2), not after every event (FF 11.8.18).
    pub conditional_triggers_at_rule_check: bool,
    /// The announcement that an ability triggered, made for each ability that triggers (FF 11.8: "When your opponent's
    /// auto-ability triggers", 10-074C Suzuhisa), with the ability's source and controller; only while a card can
    /// hear it, and never for the abilities it triggers itself (they would announce again, without end).
    pub trigger_signal: Option<&'static str>,
    /// The game's own rules the interpreter consults (`game(...)` actions, target restrictions,
    /// move restrictions); `None`: actions are announced only, nothing is restricted.
    pub hooks: Option<GameHooks>,
}

/// A `game(...)` action as the interpreter hands it to the game: its name and arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameCall {
    pub name: String,
    pub objects: Vec<ObjectId>,
    pub player: PlayerId,
    pub amount: Option<i64>,
    pub zone: Option<String>,
    /// The player whose zone the phrase names, when it names one ("the top 2 cards of your opponent's deck");
    /// else the zone is `player`'s.
    pub zone_owner: Option<PlayerId>,
    /// What else it names (the Elements of a CP cost).
    pub value: Option<crate::kernel::Value>,
    /// The card whose ability asks for it, and that ability's controller.
    pub source: Option<ObjectId>,
    pub controller: PlayerId,
    /// The ability is being played: the game only makes the choice the action makes on use
    /// (`on_use: true`, Trails 1204.2d) and returns it; on resolution `value` holds it.
    pub declaring: bool,
    /// For a triggered ability, the log index of the event that triggered it (`TRIGGERED_BY`): what
    /// "its effect" or "the same ability" names is what that event was about (FF 11.8, 11.11).
    pub trigger: Option<usize>,
}

/// The name a game action's choice declared on use is kept under in its entry's names, followed by
/// the action's name (Trails 1204.2d).
pub const DECLARED: &str = "declared: ";

/// The name a list of cards one action of an effect gave (`GameHooks::acted`) is kept under in the
/// effect's names, followed by the list's name; `tracked(name)` reads them before the game's own list.
pub const TRACKED_IN_EFFECT: &str = "tracked in this effect: ";

/// The name a triggered ability's names keep the log index of the event that triggered it under
/// (`Binding::Number`), for the game to read as `GameCall::trigger` (FF 11.8.16, Trails 1211).
pub const TRIGGERED_BY: &str = "the event that triggered it";

/// Marks on a card that last for the turn start with this ("used this turn: ..."): an ability
/// limited to once per turn records its use; the game clears them as the turn ends.
pub const USED_THIS_TURN: &str = "used this turn: ";

/// The mark of a hidden card revealed for its triggered ability while the ability waits (Trails
/// 1211.3a-c).
pub const REVEALED: &str = "revealed";

/// With `REVEALED`, what keeps a card revealed by an effect (Trails 1311.1): `revealed by: S in Z`,
/// the card S whose effect revealed it while it is in zone Z.
pub const REVEALED_BY: &str = "revealed by: ";

/// The name under which a trigger's environment keeps the cards it reads as they were before
/// they moved (`GameConfig::look_back_from`): its effects still act on where those cards are now.
pub const LOOKED_BACK: &str = "looked back at";

/// The name under which a trigger's environment keeps its source as it was before its own move off
/// an ability zone triggered it: the ability's condition reads that card by its last known
/// information, as it triggers and as it resolves (FF 11.8.13, 11.11.4; Trails 1221).
pub const AS_IT_WAS: &str = "as it was";

/// What an effect would do to a card, for the game to allow or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deed<'a> {
    Moved(Option<&'a str>),
    Flag(&'a str),
    /// A state flag taken off it (Trails 1306.2b: readying, the `actioned` flag cleared).
    Cleared(&'a str),
    Damage(i64),
    /// Its auto-abilities trigger ("Their auto-abilities will not trigger", 1-135L Golbez); `event`:
    /// the log index of the event that triggered it.
    Trigger { event: usize },
    /// The damage it is dealt reduced by replacement effects or the game's own changes ("The
    /// damage dealt to Forwards opponent controls cannot be reduced", 11-004C Cu Chaspel).
    ReduceDamage,
}

/// How a game carries out one `game(...)` action; some give a value.
pub type GameAction = fn(&mut GameState, &mut dyn crate::kernel::decision::Agent, &GameCall) -> Result<Option<crate::kernel::Value>, crate::kernel::Illegal>;

/// The game's own rules that the interpreter consults (plain data: function pointers).
#[derive(Clone, Copy)]
pub struct GameHooks {
    /// Carries out a `game(...)` action (damage to a player, search, a CP payment); some give a
    /// value the phrase names ("name a job as j").
    pub actions: GameAction,
    /// Which of these candidates `chooser` may choose as targets for an ability of `source`
    /// (FF 11.3.3 "cannot be chosen", "must choose if possible").
    pub targets: fn(&GameState, PlayerId, Option<ObjectId>, Vec<ObjectId>) -> Vec<ObjectId>,
    /// Announces the targets just chosen (FF "when X is chosen").
    pub chosen: fn(&mut GameState, &mut dyn crate::kernel::decision::Agent, PlayerId, Option<ObjectId>, &[ObjectId]),
    /// Whether an effect of `source`'s controller may do this to the card: move it for a reason
    /// (`Moved("break")`: "cannot be broken"), give it a state (`Flag("dull")`: "cannot become
    /// dull"), deal it damage (`Damage(n)`: "does not receive damage less than its power").
    pub allows: fn(&GameState, ObjectId, Deed<'_>, PlayerId, Option<ObjectId>) -> bool,
    /// The states a card that has just moved has before anything sees it arrive (SE14 7.10.4:
    /// Backups are put on the field dull; FF 11.9.2 "enter the field dull"); signals among them are
    /// announced after the move's triggers are collected (FF 11.8.16 "enters the field due to an ability").
    pub arrives: fn(&GameState, ObjectId) -> Vec<crate::kernel::event::Event>,
    /// The damage `object` receives once the game's own rules have changed `amount`, dealt by
    /// `source` (in battle or not), after the replacement effects (FF 11.12.5.2: halving,
    /// reductions by the kind of source the game reads from rule hooks); it may mark the card (a
    /// replacement that applies only the first time in a turn); with the damage dealt instead or as well, each
    /// through the replacement effects in turn (FF 11.12.5: "the next damage dealt to the former is received by
    /// the latter instead").
    pub damage: DamageHook,
    /// Whether the object with these computed characteristics is in a state the game names
    /// (FF: the EX Burst icon, a modified power), for the states no procedure marks as a flag;
    /// read from the characteristics and the printed card only, so cached views stay valid.
    pub answers: fn(&GameState, ObjectId, &crate::kernel::continuous::Characteristics, &str) -> bool,
    /// Whether a player is in a state the game works out from the turn and the phase (FF 9.4: `your_turn`,
    /// `attack_phase`), not one it keeps as a player flag (`None`).
    pub player_states: fn(&GameState, PlayerId, &str) -> Option<bool>,
    /// Whether an object is in a state relating it to some of the given objects (`Selector::Related`); `None` when
    /// the game knows no such relation by that name (the object's plain state is read).
    pub relates: fn(&GameState, ObjectId, &str, &[ObjectId]) -> Option<bool>,
    /// What the game makes of what an effect of `source`'s (controlled by the player) has just carried
    /// out, its events from the log index on: after one action (`whole` false), signals about that action
    /// and lists of cards the rest of that effect reads as `tracked(name)` (FF "the cards dulled by this
    /// effect"); once the whole effect is done (`whole` true), signals announcing it as a whole (FF "when
    /// 1 or more ... due to your Summons or abilities": one for all the cards the Summon or ability acted on).
    pub acted: fn(&GameState, usize, Option<ObjectId>, PlayerId, bool) -> Acted,
}

/// The damage an object receives after the game's own rules and replacements (`GameHooks::damage`): the amount
/// received, with the damage dealt instead or as well.
pub type DamageHook = fn(&mut GameState, ObjectId, i64, Option<ObjectId>, bool) -> (i64, Vec<crate::kernel::event::Event>);

/// A game's reading of one action of an effect, or of the whole effect (`GameHooks::acted`).
pub type Acted = (Vec<crate::kernel::event::Event>, Vec<(String, Vec<ObjectId>)>);

impl std::fmt::Debug for GameHooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GameHooks")
    }
}

impl PartialEq for GameHooks {
    /// One game has one set of hooks: configurations compare by the rest of their data.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for GameHooks {}

/// A modification applied to one object's current state (UFS C.3.3.4.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Latch {
    pub effect: EffectId,
    pub object: ObjectId,
    pub change: crate::kernel::continuous::Change,
    /// The amount fixed when it applied.
    pub amount: i64,
    pub timestamp: Timestamp,
}

/// How a game places triggered abilities and resolves what is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Procedure {
    /// FF 11.8.7: the turn player puts all of theirs on the stack in the order they choose, then
    /// the other player; each occurrence is its own trigger (FF 11.8.6).
    Stack,
    /// Trails 1211.3-4, 1002: a craft's occurrences add to its trigger count; the primary player
    /// plays one triggered craft, the rule check runs again, and only when the primary player has
    /// none left does the other player play one.
    OneAtATime,
    /// UFS J.3.1.1: no stack: an effect happens as soon as it is played or fired.
    Immediate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retarget {
    /// FF 11.11.2: cancelled when every target is illegal; otherwise applies to the legal ones.
    CancelIfAllIllegal,
    /// Trails 1205.1a: only the parts about illegal targets are skipped.
    SkipIllegalParts,
}

/// How a game lays out one kind of zone.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ZoneSpec {
    pub name: String,
    /// One per player, or one shared by all (the FF stack, the Trails Resolve Standby Zone).
    pub per_player: bool,
    pub ordered: bool,
    pub visibility: Visibility,
}

#[derive(Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Zone {
    pub name: crate::kernel::Name,
    pub owner: Option<PlayerId>,
    pub ordered: bool,
    pub visibility: Visibility,
    /// Bottom first: the last object is the top of a deck or a stack.
    pub objects: Vec<ObjectId>,
}

/// A zone is copied as an event is about to change it (`Rc::make_mut`, while a copy of the state
/// shares it): with room for the cards about to come, not grown again by the first.
impl Clone for Zone {
    fn clone(&self) -> Zone {
        let mut objects = Vec::with_capacity(self.objects.len() + 8);
        objects.extend_from_slice(&self.objects);
        Zone { name: self.name, owner: self.owner, ordered: self.ordered, visibility: self.visibility, objects }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Player {
    pub name: String,
    /// Bond, vitality, CP, EP, momentum...: named by the game.
    pub resources: BTreeMap<crate::kernel::Name, i64>,
    /// Rule changes the player has beyond continuous effects (e.g. "lost").
    pub flags: crate::kernel::NameSet,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Object {
    pub card: CardId,
    pub owner: PlayerId,
    /// The controller before continuous effects (FF 6.2.5); effects may change it (layer 1).
    pub controller: PlayerId,
    pub zone: ZoneId,
    /// When it entered its zone (FF 11.12.4.10).
    pub entered: Timestamp,
    /// Placement states named by the game: dull, face_down, stunned, committed...
    pub flags: crate::kernel::NameSet,
    pub counters: BTreeMap<crate::kernel::Name, i64>,
    /// Values its own abilities remembered (choices made when it was played), and what the game
    /// remembers of how it was played (FF: the CP paid for it).
    pub memory: Memory,
    pub damage: i64,
    /// Set when the object left its zone: it remains only as last known information (FF 11.11.4,
    /// Trails 1221). The object it became, or itself when it ceased to exist (`Event::Removed`).
    pub left: Option<ObjectId>,
    /// The object it was before it changed zones.
    pub previous: Option<ObjectId>,
    /// The card whose ability put it where it is (FF "put in the Break Zone due to X").
    pub moved_by: Option<ObjectId>,
    /// The card it is attached to (an equipped Item, SE14 5.2.3.1.3; an ITEM on a UNIT).
    pub attached_to: Option<ObjectId>,
    /// Its characteristics as they were when it left its zone (FF 11.11.4, Trails 1221).
    pub last_known: Option<Rc<crate::kernel::continuous::Characteristics>>,
}

/// What an object remembers, by name: shared by the copies of the object (saved to rewind an attempt),
/// copied only when one of them remembers more. Most objects remember nothing, and hold nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Memory(Option<Rc<BTreeMap<crate::kernel::Name, crate::kernel::Value>>>);

impl Memory {
    pub fn get(&self, name: &str) -> Option<&crate::kernel::Value> {
        self.0.as_ref()?.get(name)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub fn insert(&mut self, name: crate::kernel::Name, value: crate::kernel::Value) {
        Rc::make_mut(self.0.get_or_insert_default()).insert(name, value);
    }
}

impl Object {
    /// A new object: no states, damage, counters or memory (FF 7.4, Trails 502.3).
    pub fn new(card: CardId, owner: PlayerId, zone: ZoneId, entered: Timestamp) -> Object {
        Object {
            card,
            owner,
            controller: owner,
            zone,
            entered,
            flags: Default::default(),
            counters: Default::default(),
            memory: Default::default(),
            damage: 0,
            left: None,
            previous: None,
            moved_by: None,
            attached_to: None,
            last_known: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    Winner(PlayerId),
    Draw,
}

/// How a zone is named when it is looked for: by text, or by `Name` (compared by address; the
/// hot paths pass `kernel::name!("field")`).
pub trait ZoneName: Copy {
    fn names(self, zone: crate::kernel::Name) -> bool;
}

impl ZoneName for &str {
    fn names(self, zone: crate::kernel::Name) -> bool {
        zone == self
    }
}

impl ZoneName for &String {
    fn names(self, zone: crate::kernel::Name) -> bool {
        zone == *self
    }
}

impl ZoneName for crate::kernel::Name {
    fn names(self, zone: crate::kernel::Name) -> bool {
        zone == self
    }
}

/// The whole game.
#[derive(Debug, Clone)]
pub struct GameState {
    pub library: Arc<Library>,
    pub config: Arc<GameConfig>,
    /// Players and zones: each shared between copies of the state (`attempt`'s snapshots) until
    /// an event changes it (`Rc::make_mut`, in `kernel::event` alone).
    pub players: Vec<Rc<Player>>,
    pub zones: Vec<Rc<Zone>>,
    /// Shared between copies of the state until an event changes one (`Rc::make_mut`).
    pub objects: Vec<Rc<Object>>,
    /// Effects, replacements and delayed triggers: shared between copies of the state (`attempt`'s
    /// snapshots) until an event changes them.
    pub effects: Rc<Vec<Rc<ContinuousEffect>>>,
    pub replacements: Rc<Vec<Replacement>>,
    pub delayed: Rc<Vec<DelayedTrigger>>,
    /// The effects among `effects` that give abilities, in their order: `Some` keyword for a granted keyword, `None`
    /// for granted abilities or a copy. Few at a time, and read for every event (`interp::reach`); kept as effects
    /// begin and end (`kernel::event`).
    pub giving_abilities: smallvec::SmallVec<[(crate::kernel::EffectId, Option<KeywordId>); 2]>,
    /// Triggered abilities waiting to be put where the game puts them (FF 11.8.7, Trails 1211).
    pub pending: Vec<PendingTrigger>,
    /// What waits to resolve, last on top.
    pub stack: Vec<Rc<StackEntry>>,
    /// The ability that left the stack last, resolving now or resolved last (FF 11.10): what a rule asks of the
    /// ability dealing damage ("damage from abilities other than special abilities", 2-126R Ghis).
    pub resolving: Option<crate::kernel::trigger::AbilityRef>,
    /// Modifications latched onto current states (only when the game latches them).
    pub latches: Vec<Latch>,
    /// Cards the game's procedures keep track of by name (the attack in progress, cards chosen
    /// earlier): read by the `tracked` value.
    pub tracked: Rc<BTreeMap<crate::kernel::Name, Vec<ObjectId>>>,
    pub clock: Timestamp,
    pub turn: u32,
    pub turn_player: PlayerId,
    /// When the current turn began: a card that entered its zone later arrived this turn (FF 10.1.2.1.1).
    pub turn_began: Timestamp,
    /// The phase or step the game's procedures announced last (`main1`, `attack`...).
    pub phase: crate::kernel::Name,
    pub rng: Rng,
    pub log: crate::kernel::log::EventLog,
    /// Where the events that happen at the same time began in the log, while they happen
    /// (`Event::Simultaneous`).
    pub simultaneous_since: Option<usize>,
    /// Bumped by every event that changes the game (not by decisions, announcements and
    /// cancellations, which only record): what reads the game alone reads the same between two.
    pub changes: u64,
    /// Where the game stood when the rule processes last found nothing to do
    /// (`interp::engine::settle`).
    pub rules_quiet: Option<RulesQuiet>,
    /// At least as many as the live cards marked `revealed`: counted up as the mark is set, and
    /// set to the number found by `interp::reveal::conceal`, which has nothing to do at 0.
    pub revealed_marks: usize,
    pub outcome: Option<Outcome>,
    /// Bumped by every event; computed characteristics are cached per generation.
    pub generation: u64,
    pub(crate) cache: crate::kernel::cache::Cache,
    /// Checks the kernel's shortcuts against the long way (tests; slow): every patched view against
    /// one computed from scratch, every trigger found against the reach that would have skipped it.
    pub audit: bool,
    /// Whether decisions are recorded in words (`Event::Decided`'s answer, a question's prompt made of words, "block
    /// X" or "choose 1 to 2", the prompt a payment would word, and the detail of a payment's "paid" announcement): text
    /// for people alone, which nothing in the game reads. Self-play, whose agents read no prompt, leaves it out and
    /// words a game again, from its seed, only when it fails (`selfplay::play_one`).
    pub worded: bool,
    /// The objects the attempts in progress changed, as they were (`GameState::attempt`).
    pub(crate) undo: crate::kernel::undo::Undo,
}

/// The game as the rule processes last found nothing to do in it: until it changes, or while only
/// events they do not heed happen and no card's characteristics change, they would find nothing
/// again (`interp::engine::settle`, `RuleProcesses::heeds`).
#[derive(Debug, Clone)]
pub struct RulesQuiet {
    /// `GameState::changes` then.
    pub changes: u64,
    /// `GameState::generation` then: while it stands, the computed characteristics stand.
    pub generation: u64,
    /// The log's length then: the events since are those the rule processes may heed.
    pub events: usize,
    /// The cards in the zone the rule processes read (`RuleProcesses::watches`), with their
    /// characteristics then.
    pub watched: Option<Watched>,
    /// Whether an effect of a kind the rule processes heed (`RuleProcesses::heeds_effect`) was in force then: only
    /// then may one ending give them something to do.
    pub effects_heeded: bool,
}

/// The cards the rule processes read, with their characteristics then (`RulesQuiet::watched`).
pub type Watched = Rc<Vec<(ObjectId, Rc<crate::kernel::continuous::Characteristics>)>>;

impl GameState {
    /// A game with its players and zones laid out, and nothing in them.
    pub fn new(library: Arc<Library>, config: Arc<GameConfig>, player_names: &[&str], seed: u64) -> GameState {
        let players: Vec<Rc<Player>> = player_names
            .iter()
            .map(|n| Rc::new(Player { name: n.to_string(), resources: BTreeMap::new(), flags: Default::default() }))
            .collect();
        let mut zone_list = vec![];
        for spec in &config.zones {
            let owners: Vec<Option<PlayerId>> =
                if spec.per_player { (0..players.len()).map(|p| Some(PlayerId(p as u8))).collect() } else { vec![None] };
            for owner in owners {
                zone_list.push(Rc::new(Zone { name: spec.name.as_str().into(), owner, ordered: spec.ordered, visibility: spec.visibility, objects: vec![] }));
            }
        }
        GameState {
            library,
            config,
            players,
            zones: zone_list,
            objects: vec![],
            effects: Default::default(),
            replacements: Default::default(),
            delayed: Default::default(),
            giving_abilities: Default::default(),
            pending: vec![],
            stack: vec![],
            tracked: Default::default(),
            latches: vec![],
            clock: Timestamp(0),
            turn: 1,
            turn_player: PlayerId(0),
            turn_began: Timestamp(0),
            phase: Default::default(),
            rng: Rng::new(seed),
            log: Default::default(),
            simultaneous_since: None,
            changes: 0,
            rules_quiet: None,
            resolving: None,
            undo: Default::default(),
            revealed_marks: 0,
            outcome: None,
            generation: 0,
            cache: Default::default(),
            audit: false,
            worded: true,
        }
    }

    pub fn object(&self, id: ObjectId) -> &Object {
        &self.objects[id.index()]
    }

    /// The zone named `name` of `owner` (or the shared one).
    pub fn zone_id(&self, name: impl ZoneName, owner: Option<PlayerId>) -> Option<ZoneId> {
        let found = self.zones.iter().position(|z| name.names(z.name) && (z.owner == owner || z.owner.is_none()));
        found.map(|i| ZoneId(i as u16))
    }

    pub fn zone(&self, id: ZoneId) -> &Zone {
        &self.zones[id.index()]
    }

    /// Objects currently in zones named `name` (every player's), bottom first.
    pub fn in_zones<'a>(&'a self, name: impl ZoneName + 'a) -> impl Iterator<Item = ObjectId> + 'a {
        self.zones.iter().filter(move |z| name.names(z.name)).flat_map(|z| z.objects.iter().copied())
    }

    /// Whether an object's abilities do not work now: it has one of the game's `inactive_flags`.
    pub fn abilities_inactive(&self, object: ObjectId) -> bool {
        let flags = &self.object(object).flags;
        self.config.inactive_flags.iter().any(|f| flags.contains(f.as_str()))
    }

    /// Every object that is in a zone now (not last known information).
    pub fn live_objects(&self) -> impl Iterator<Item = ObjectId> + '_ {
        self.zones.iter().flat_map(|z| z.objects.iter().copied())
    }

    /// What `object` remembers under `name`; a card that has just moved still remembers what its
    /// ability remembered where it was (13-081H Lightning: "when Lightning leaves the field, return each
    /// card removed by Lightning's ability"), but not from further back: a card that moves again is a new
    /// object (FF 7.4) that did not pay for itself ("the cost paid to play X" of a card put onto the field
    /// by an effect after it was once played reads nothing).
    pub fn remembered(&self, object: ObjectId, name: &str) -> Option<&crate::kernel::Value> {
        let o = self.object(object);
        o.memory.get(name).or_else(|| self.object(o.previous?).memory.get(name))
    }

    /// The object a card became after zone changes, following `left` links.
    pub fn current(&self, mut id: ObjectId) -> ObjectId {
        while let Some(next) = self.object(id).left.filter(|next| *next != id) {
            id = next;
        }
        id
    }

    pub fn opponent_of(&self, p: PlayerId) -> PlayerId {
        PlayerId(((p.0 as usize + 1) % self.players.len()) as u8)
    }

    pub fn resource(&self, p: PlayerId, name: &str) -> i64 {
        self.players[p.index()].resources.get(name).copied().unwrap_or(0)
    }

    /// Whether a move between these zones keeps the object (Trails 502.3a).
    pub fn keeps_object(&self, from: ZoneId, to: ZoneId) -> bool {
        let (a, b) = (&self.zone(from).name, &self.zone(to).name);
        self.config.same_object_moves.iter().any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    }

    /// A new timestamp, later than every earlier one.
    pub(crate) fn tick(&mut self) -> Timestamp {
        self.clock.0 += 1;
        self.clock
    }
}
