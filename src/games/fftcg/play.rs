//! Playing cards and abilities (FF 11.3-11.7): what a player with priority may do, carried out by `perform`.
//! Characters are a special action in the turn player's Main Phase with an empty stack (FF 9.3.1.5, 11.4.1);
//! Summons, action and special abilities in either player's Main or Attack Phase (FF 9.3.1.6-7), never in the End
//! Phase (FF 9.5.1.1) or the First Strike window (FF 15.2.3.3).

use crate::interp::engine::Plays;
use crate::interp::{abilities_in, class_of};
use crate::ir::AbilityIr;
use crate::kernel::decision::Agent;
use crate::kernel::trigger::AbilityRef;
use crate::kernel::{Event, GameState, Illegal, ObjectId, PlayerId, Value};
use crate::vocab::AbilityClass;

use super::ability_use::{use_text, SymbolCost, UseLimit};
use super::card_cost::card_cost;
use super::cost::Sources;
use super::elsewhere::{castable_elsewhere, may_cast_from_here};
use super::perform::perform;
use super::{equip, Words};

/// The mark on a Summon cast this turn, kept where it goes after resolving (FF 11.3.8).
pub const CAST_THIS_TURN: &str = "cast_this_turn";
/// How many cards each player cast this turn (a player resource the End Phase resets): Summons,
/// and from Opus XII on Characters played from the hand ("the number of cards you have cast this
/// turn", 12-039C Alexander).
pub const CARDS_CAST_THIS_TURN: &str = "cards_cast_this_turn";

/// One thing a player may do with priority.
#[derive(Debug, Clone, PartialEq)]
pub enum Play {
    /// Play a Character from the hand (FF 11.4).
    Character(ObjectId),
    /// Cast a Summon from the hand (FF 11.3).
    Summon(ObjectId),
    /// Play an Item from the hand, equipped to a Character chosen as it is played (SE14 11.4).
    Item(ObjectId),
    /// Play a Formation from the hand (SE14 11.5).
    Formation(ObjectId),
    /// Use an action or special ability (FF 11.6, 11.7).
    Ability(ObjectId, AbilityRef),
}

/// The phases in which Summons and abilities may be played (FF 9.3.1.6-7, 10.1).
fn summon_timing(phase: &str) -> bool {
    phase.starts_with("main") || phase == "attack"
}

/// Every play `player` may make now, with costs they could pay.
pub fn legal_plays(state: &GameState, w: &Words, player: PlayerId) -> Vec<Play> {
    let view = state.view();
    let listing = Listing::new(state, w, player, &view);
    listing.candidates().into_iter().filter(|c| listing.legal(c)).map(|c| c.play).collect()
}

/// One of `player`'s plays drawn by `pick` (`engine::Plays::draw`): a candidate drawn and refused by its test is set
/// aside and another drawn, until a legal one or passing (`None`) is; `excluded`: plays not offered.
fn draw(state: &GameState, w: &Words, player: PlayerId, excluded: &[Play], pick: &mut dyn FnMut(usize) -> usize) -> Option<Play> {
    let view = state.view();
    let listing = Listing::new(state, w, player, &view);
    let mut candidates = listing.candidates();
    candidates.retain(|c| !excluded.contains(&c.play));
    let mut refused = vec![];
    let drawn = loop {
        let i = pick(candidates.len() + 1);
        if i >= candidates.len() {
            break None;
        }
        let candidate = candidates.swap_remove(i);
        if listing.legal(&candidate) {
            break Some(candidate.play);
        }
        if state.audit {
            refused.push(candidate.play);
        }
    };
    // Audited games list the plays too: the one drawn is among them, the ones refused are not.
    if state.audit {
        let legal = legal_plays(state, w, player);
        if let Some(play) = &drawn {
            assert!(legal.contains(play), "{} was drawn, and is not a legal play", describe(state, play));
        }
        assert!(refused.iter().all(|p| !legal.contains(p)), "a legal play was refused when drawn: {refused:?} against {legal:?}");
    }
    drawn
}

/// A play that may be legal; an ability's carries the ability, which its test reads.
struct Candidate<'s> {
    play: Play,
    ability: Option<&'s AbilityIr>,
}

/// `player`'s plays now: the candidates, found by what rules most cards out at once (the timing, the card's kind,
/// whether it has an action or special ability used from where it is), and their tests (the costs, the limits, the
/// effects forbidding them), which read the player's CP sources, Backups and names in play once for all.
struct Listing<'s> {
    state: &'s GameState,
    w: &'s Words,
    player: PlayerId,
    view: &'s crate::kernel::continuous::View,
    sources: Sources<'s>,
    /// SE14 7.10.3: counted once, for every Backup in the hand.
    full_of_backups: std::cell::OnceCell<bool>,
    /// SE14 7.9.2: read once, for every Character in the hand.
    names: std::cell::OnceCell<Vec<std::borrow::Cow<'s, str>>>,
}

impl<'s> Listing<'s> {
    fn new(state: &'s GameState, w: &'s Words, player: PlayerId, view: &'s crate::kernel::continuous::View) -> Listing<'s> {
        Listing { state, w, player, view, sources: Sources::of(state, w, player), full_of_backups: std::cell::OnceCell::new(), names: std::cell::OnceCell::new() }
    }

    /// The plays that may be legal, in the order they are offered: the cards in the hand (and those an effect lets
    /// the player cast from elsewhere), then the abilities.
    fn candidates(&self) -> Vec<Candidate<'s>> {
        let (state, w, player, view) = (self.state, self.w, self.player, self.view);
        if !summon_timing(&state.phase) {
            return vec![];
        }
        let main_empty = state.phase.starts_with("main") && state.turn_player == player && state.stack.is_empty();
        let hand_zone = state.zone_id(crate::kernel::name!("hand"), Some(player));
        let hand: &[ObjectId] = hand_zone.map_or(&[], |h| &state.zone(h).objects);
        // Room for every card in the hand and a few abilities: grown rarely.
        let mut out = Vec::with_capacity(hand.len() + 4);
        if hand_zone.is_some() {
            let vocab = &state.library.vocab;
            for &object in hand.iter().chain(&castable_elsewhere(state, player)) {
                // The card's kinds, read once from the view.
                let Some(kinds) = view.get(object.index()).and_then(Option::as_deref).map(|c| &c.kinds) else { continue };
                let is = |kind: crate::vocab::KindId| vocab.is_of(kinds, kind);
                let play = if is(w.character) {
                    // FF 11.4.1.
                    if !main_empty && state.permits(object, "play_at_summon_timing", None, None) != Some(true) {
                        continue;
                    }
                    Play::Character(object)
                } else if is(w.summon) {
                    Play::Summon(object)
                } else if w.item.is_some_and(is) {
                    Play::Item(object)
                } else if w.formation.is_some_and(is) {
                    Play::Formation(object)
                } else {
                    continue;
                };
                out.push(Candidate { play, ability: None });
            }
        }
        let library = &state.library;
        // Abilities of the cards a player controls on the field, and of the cards in their hand
        // (SE14 15.2.11.4, 15.2.14.5: used from the hand); FF 11.6.1: an ability "each player can use"
        // (13-108L Llednar) of the other player's cards too, its cost paid by the player using it.
        let uses = super::ability_use::use_texts(library, w);
        let no_abilities_given = state.giving_abilities.is_empty();
        // The other player's field holds only cards they control (without an effect on control, each card's controller
        // is its owner), whose abilities are theirs alone to use unless a card of the game has one each player may use.
        let theirs_too = uses.each_player_in_game(state) || crate::games::control_changed(state);
        let field = crate::kernel::name!("field");
        let walked = |z: &&std::rc::Rc<crate::kernel::state::Zone>| theirs_too || z.owner == Some(player);
        let fields = state.zones.iter().filter(|z| z.name == field);
        if state.audit {
            let mut passed_over = fields.clone().filter(|z| !walked(z)).flat_map(|z| z.objects.iter());
            assert!(passed_over.all(|o| state.controller(*o) != player), "a card {} controls is on another player's field", state.players[player.index()].name);
        }
        for object in fields.filter(walked).flat_map(|z| z.objects.iter().copied()).chain(hand.iter().copied()) {
            // Without an effect giving abilities, a card has only its printed ones and its printed keywords': most have no
            // action or special ability used from where it is, and are passed over without reading their characteristics.
            let o = state.object(object);
            if no_abilities_given && !uses.activatable(o.card, Some(o.zone) == hand_zone) {
                continue;
            }
            let Some(chars) = view.get(object.index()).and_then(Option::as_deref) else { continue };
            let mine = chars.controller == player;
            // What the card's printed abilities and keywords say about using them, read once per library.
            let (printed_activated, each_player) = uses.card(o.card);
            if !mine && !each_player {
                continue;
            }
            // Most cards have no action or special ability, printed, of a keyword, or granted: nothing to list.
            if (chars.stripped || !printed_activated) && !chars.keywords.iter().any(|k| uses.keyword_activated(*k)) && chars.granted.is_empty() {
                continue;
            }
            for (reference, ability) in abilities_in(library, o.card, chars) {
                if class_of(library, ability) == AbilityClass::Activated {
                    out.push(Candidate { play: Play::Ability(object, reference), ability: Some(ability) });
                }
            }
        }
        out
    }

    /// Whether the candidate is a legal play now: an Item with a Character to equip and a Formation whose condition
    /// holds (SE14 11.4, 11.5), a card whose cost the player could pay and that nothing bars or forbids, an ability
    /// the player may use (`usable`; FF 11.6.1 refuses another player's ability unless each player may use it).
    fn legal(&self, candidate: &Candidate<'s>) -> bool {
        let (state, w, player) = (self.state, self.w, self.player);
        let object = match &candidate.play {
            Play::Ability(object, reference) => return candidate.ability.is_some_and(|ability| usable(state, w, &self.sources, player, *object, reference, ability, false).is_ok()),
            Play::Item(object) if equip::item_playable(state, w, player, *object).is_err() => return false,
            Play::Formation(object) if equip::formation_playable(state, player, *object).is_err() => return false,
            Play::Character(object) | Play::Summon(object) | Play::Item(object) | Play::Formation(object) => *object,
        };
        // FF 11.4.4, SE14 11.4.4: the CP cost, or an alternative cost the player can pay.
        let cost = card_cost(state, w, object);
        let (character, summon) = (matches!(candidate.play, Play::Character(_)), matches!(candidate.play, Play::Summon(_)));
        let payable = self.sources.can_pay(&cost, &[object])
            || super::options::alternative(state, player, object).is_some()
            || (summon && super::options::paid_reduction(state, w, object).is_some_and(|r| r.affordable(state, &self.sources, player, object, &cost)))
            || (character && super::options::removal_affordable(state, &self.sources, object, &cost));
        // SE14 7.10.3: no sixth Backup; SE14 7.9.2: no second Character of a name. Read once the card could be paid
        // for: most cannot, and the names in play are then not read.
        let barred = || {
            character
                && ((w.is(state, object, w.backup) && *self.full_of_backups.get_or_init(|| backups(state, w, player) >= 5))
                    || name_taken(state, w, object, self.names.get_or_init(|| names_in_play(state, w, self.view, player))))
        };
        payable && !barred() && play_forbidden(state, w, player, object).is_none()
    }
}

/// Whether the card is in `player`'s hand.
fn in_hand_of(state: &GameState, player: PlayerId, object: ObjectId) -> bool {
    let zone = state.zone(state.object(object).zone);
    zone.name == "hand" && zone.owner == Some(player)
}

/// SE14 7.9.2: a Character without the generic icon cannot be played while its player controls
/// a Character of the same name without it.
pub fn name_in_play(state: &GameState, w: &Words, player: PlayerId, object: ObjectId) -> bool {
    name_taken(state, w, object, &names_in_play(state, w, &state.view(), player))
}

/// The names of the Characters without the generic icon `player` controls (SE14 7.9.2), read
/// where they are in `view`.
fn names_in_play<'v>(state: &GameState, w: &Words, view: &'v crate::kernel::continuous::View, player: PlayerId) -> Vec<std::borrow::Cow<'v, str>> {
    let vocab = &state.library.vocab;
    state
        .in_zones(crate::kernel::name!("field"))
        .filter_map(|o| {
            let c = view.get(o.index())?.as_deref()?;
            (c.controller == player && vocab.is_of(&c.kinds, w.character) && !Words::has_icon(c, w.generic)).then(|| w.name_in(state, c, o))
        })
        .collect()
}

/// Whether `object`, unless generic, has one of `names` (SE14 7.9.2).
fn name_taken(state: &GameState, w: &Words, object: ObjectId, names: &[std::borrow::Cow<str>]) -> bool {
    if names.is_empty() {
        return false;
    }
    let chars = state.characteristics(object);
    if Words::has_icon(&chars, w.generic) {
        return false;
    }
    let name = w.name_in(state, &chars, object);
    names.contains(&name)
}

/// `o`'s characteristics in `view` when it is a Character named `name` (the names compared where
/// they are, not copied).
fn character_named<'v>(state: &GameState, w: &Words, view: &'v crate::kernel::continuous::View, o: ObjectId, name: &str) -> Option<&'v crate::kernel::Characteristics> {
    view.get(o.index()).and_then(Option::as_deref).filter(|c| state.library.vocab.is_of(&c.kinds, w.character) && w.name_in(state, c, o) == name)
}

/// The Backups `player` controls (SE14 7.10.3).
pub fn backups(state: &GameState, w: &Words, player: PlayerId) -> usize {
    let (view, vocab) = (state.view(), &state.library.vocab);
    let backup = |c: &crate::kernel::Characteristics| c.controller == player && vocab.is_of(&c.kinds, w.backup);
    state.in_zones(crate::kernel::name!("field")).filter(|o| view.get(o.index()).and_then(Option::as_deref).is_some_and(backup)).count()
}

/// Whether `player` may use `ability` of `object` now, and if not why (FF 11.6.2.3, 11.7.1-2);
/// the reason is put into words only when `explain` (legal plays ask of every ability).
#[allow(clippy::too_many_arguments)]
pub(super) fn usable(state: &GameState, w: &Words, sources: &Sources, player: PlayerId, object: ObjectId, reference: &AbilityRef, ability: &AbilityIr, explain: bool) -> Result<SymbolCost, Illegal> {
    let refuse = |why: &dyn Fn() -> String| Err(Illegal(if explain { why() } else { String::new() }));
    let text = use_text(&state.library, w, reference, ability);
    for limit in &text.limits {
        match limit {
            UseLimit::OwnTurnOnly if state.turn_player != player => return refuse(&|| "it can be used only on your turn".into()),
            UseLimit::OncePerTurn(mark) if state.object(object).flags.contains(mark.as_str()) => return refuse(&|| "it can be used only once per turn".into()),
            _ => {}
        }
    }
    // FF 11.2: an ability producing CP is used while paying a cost (`cost::produces_any_cp`), not on its own.
    if text.produces_cp {
        return refuse(&|| "it produces CP, which is done only while paying a cost (FF 11.2)".into());
    }
    // FF 11.6.1: a player uses the abilities of the cards they control, and those "each player can use".
    if state.controller(object) != player && !text.each_player {
        return refuse(&|| format!("{} is not controlled by {}", state.name_of(object), state.players[player.index()].name));
    }
    // FF 11.9.1, SE14 11.10.1: an ability works on the field unless it names another zone.
    let (zone, works_in) = (state.zone(state.object(object).zone).name, text.zone);
    if zone != works_in {
        return refuse(&|| format!("that ability of {} is used from the {works_in}, not the {zone}", state.name_of(object)));
    }
    // The cost, read once the ability can be used from here; copied only to be changed or returned (legal plays
    // ask of every ability whether it can be used, and most cannot).
    let mut cost = match free_use(state, player, ability) {
        Some(mark) => std::borrow::Cow::Owned(SymbolCost { free: Some(mark), ..SymbolCost::default() }),
        None => std::borrow::Cow::Borrowed(text.cost.as_ref().map_err(|e| Illegal(e.clone()))?),
    };
    // Legal plays' commonest refusal (a dull card whose ability dulls it, FF 11.6.2.3), found before the effects on the
    // card are read when no reason is asked for; with one, the refusals come in the order below.
    if !explain && cost.dull && state.object(object).flags.contains("dull") {
        return refuse(&String::new);
    }
    // "cannot use action abilities" / "special abilities" (14-045H Sin, 14-064R Kitone).
    let kind = &state.library.vocab.ability_kinds[ability.kind.index()].name;
    // FF 11.6.2.1 "You can only pay with Fire CP, Ice CP, or Lightning CP to use this ability" (10-129L Hein).
    if kind == "action" && cost.cp.total > 0 {
        let mut only = vec![];
        state.reading(object, |c| {
            for hook in c.forbidden.iter().filter(|h| h.action == "pay_ability_cost_with_other_elements" && h.who.is_none_or(|p| p == player)) {
                super::collect_variants(hook.value.as_ref(), w.element_enum, &mut only);
            }
        });
        if !only.is_empty() {
            cost.to_mut().cp.only = Some(only.into_iter().collect());
        }
    }
    let forbids_kind = |h: &crate::kernel::Hook| h.action.strip_prefix("use_").and_then(|a| a.strip_suffix("_abilities")) == Some(kind.as_str());
    // Whether an effect may forbid the kind, and whether the card is an Item on the field, read at once.
    let (forbidden, item) = state.reading(object, |c| (c.forbidden.iter().any(forbids_kind), zone == "field" && w.item.is_some_and(|k| state.library.vocab.is_of(&c.kinds, k))));
    if forbidden && state.permits(object, &format!("use_{kind}_abilities"), None, None) == Some(false) {
        return refuse(&|| format!("{} cannot use {kind} abilities (an effect forbids it)", state.name_of(object)));
    }
    // SE14 15.2.12.4, 5.2.3.1.3.1: an Item's abilities are used while it is equipped to a Character.
    if item && equip::equipped_to(state, w, object).is_none() {
        return refuse(&|| format!("{} is not equipped to a Character (SE14 15.2.12.4)", state.name_of(object)));
    }
    let mut exclude: smallvec::SmallVec<[ObjectId; 2]> = smallvec::SmallVec::new();
    if cost.dull {
        if state.object(object).flags.contains("dull") {
            return refuse(&|| format!("{} is dull", state.name_of(object)));
        }
        // FF 11.6.2.3, 15.2.2.3: {dull} needs control since the start of the turn, or Haste.
        if arrived_this_turn(state, object) && state.permits(object, "dull_cost_on_arrival", None, None) != Some(true) {
            return refuse(&|| format!("{} entered the field this turn", state.name_of(object)));
        }
        exclude.push(object);
    }
    if cost.special {
        let same = special_discards(state, w, player, object, 1);
        let Some(first) = same.first() else { return refuse(&|| format!("there is no card named {} in the hand to discard", w.name_text(state, object))) };
        exclude.push(*first);
    }
    if !sources.can_pay(&cost.cp, &exclude) {
        return refuse(&|| format!("{} cannot pay {} CP", state.players[player.index()].name, cost.cp.total));
    }
    if !super::cost::has_crystals(state, player, cost.crystals) {
        return refuse(&|| format!("{} has fewer than {} Crystal(s)", state.players[player.index()].name, cost.crystals));
    }
    Ok(cost.into_owned())
}

/// A use the player may make without paying any cost ("You can use this ability without paying any
/// cost but only once", 1-102H Kimahri): the player rule naming the ability, and the mark that
/// spends it, while it is not spent.
fn free_use(state: &GameState, player: PlayerId, ability: &AbilityIr) -> Option<String> {
    let name = ability.name.as_ref()?;
    let names = |v: &Option<Value>| match v {
        Some(Value::List(items)) => items.contains(&Value::Text(name.clone())),
        Some(Value::Text(t)) => t == name,
        _ => false,
    };
    let granted = state.player_rules(player).iter().any(|(rule, value, _)| rule == "use_without_paying_cost" && names(value));
    let mark = granted.then(|| format!("used without paying: {name}"))?;
    (!state.players[player.index()].flags.contains(mark.as_str())).then_some(mark)
}

/// FF 10.1.2.1.1: whether the object came under its controller's control after the turn began.
pub fn arrived_this_turn(state: &GameState, object: ObjectId) -> bool {
    state.object(object).entered > state.turn_began
}

/// FF 11.7.1: the cards `player` may discard to use a special ability of `object`: Character cards in the hand with the
/// same name, or those a rule of the card names instead ("You may use Duncan's special ability by discarding a Card
/// Name Sabin instead of discarding a Card Name Duncan", 8-014L: `special_ability_discard_instead`, with the cards);
/// the first `most` of them (legal plays ask only whether there is one).
pub(super) fn special_discards(state: &GameState, w: &Words, player: PlayerId, object: ObjectId, most: usize) -> Vec<ObjectId> {
    let Some(hand) = state.zone_id(crate::kernel::name!("hand"), Some(player)) else { return vec![] };
    let view = state.view();
    let chars = state.characteristics(object);
    let name = w.name_in(state, &chars, object);
    let instead: Vec<&crate::kernel::Selector> = chars.allowed.iter().filter(|h| h.action == "special_ability_discard_instead").filter_map(|h| h.with.as_ref()).collect();
    let allowed = |o: ObjectId| character_named(state, w, &view, o, &name).is_some() || instead.iter().any(|sel| state.selects(&view, sel, o, Some(object)));
    state.zone(hand).objects.iter().copied().filter(|o| *o != object && allowed(*o)).take(most).collect()
}

/// Why an effect forbids `player` to play this card from the hand: "You cannot cast X" (a
/// Summon, or from Opus XII on any card from the hand, 12-015H Forza), "cannot play X onto the
/// field" (11-130L Sephiroth).
pub(super) fn play_forbidden(state: &GameState, w: &Words, player: PlayerId, object: ObjectId) -> Option<String> {
    // FF 11.3, 11.4: cards are cast from the hand, others only as an effect allows.
    if !in_hand_of(state, player, object) && !may_cast_from_here(state, player, object) {
        return Some(format!("{} is not in its player's hand, and no effect lets them cast it from where it is (FF 11.3, 11.4)", state.name_of(object)));
    }
    if state.permits(object, "be_cast", Some(player), None) == Some(false) {
        return Some(format!("{} cannot be cast (an effect forbids it)", state.name_of(object)));
    }
    if let Some(why) = super::restrict::too_few_controlled(state, player, object) {
        return Some(why);
    }
    let character = w.is(state, object, w.character);
    if character
        && let Some(why) = super::restrict::controlled_bars_play(state, w, player, object)
    {
        return Some(why);
    }
    // "You can only cast up to 2 cards per turn" (15-127H Ace; FF 11.3, 11.4: Summons cast and Characters
    // played from the hand, counted as the turn goes).
    let cast = state.resource(player, CARDS_CAST_THIS_TURN);
    if cast > 0
        && let Some(limit) = state.player_rules(player).iter().filter(|(rule, _, _)| rule == "max_casts_per_turn").map(|(_, _, n)| *n).min()
        && cast >= limit
    {
        return Some(format!("{} can only cast up to {limit} cards per turn (an effect limits it)", state.players[player.index()].name));
    }
    (character && state.permits(object, "play", Some(player), None) == Some(false)).then(|| format!("{} cannot be played onto the field (an effect forbids it)", state.name_of(object)))
}

/// The plays of FF-TCG for the kernel's priority loop.
pub struct FfPlays {
    pub words: Words,
}

impl Plays for FfPlays {
    type Play = Play;

    fn options(&self, state: &GameState, player: PlayerId) -> Vec<Play> {
        legal_plays(state, &self.words, player)
    }

    fn draw(&self, state: &GameState, player: PlayerId, excluded: &[Play], pick: &mut dyn FnMut(usize) -> usize) -> Option<Play> {
        draw(state, &self.words, player, excluded, pick)
    }

    fn describe(&self, state: &GameState, play: &Play) -> String {
        describe(state, play)
    }

    fn play(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, play: &Play) -> Result<(), Illegal> {
        perform(state, agent, &self.words, player, play)
    }

    fn after_resolution(&self, state: &mut GameState, agent: &mut dyn Agent) {
        put_away_resolved(state, agent);
    }
}

/// A play in words.
pub fn describe(state: &GameState, play: &Play) -> String {
    match play {
        Play::Character(o) | Play::Formation(o) => state.words_naming(&["play "], *o, &[]),
        Play::Summon(o) => state.words_naming(&["cast "], *o, &[]),
        Play::Item(o) => state.words_naming(&["equip "], *o, &[]),
        Play::Ability(o, r) => state.words_naming(&["use ", &state.describe_ability(*o, r), " of "], *o, &[]),
    }
}

/// FF 11.11.10 (SE14): a Summon that has resolved goes to its owner's Break Zone.
pub fn put_away_resolved(state: &mut GameState, agent: &mut dyn Agent) {
    let Ok(moved) = crate::games::put_away_resolved(state, agent, ("stack", "break_zone")) else { return };
    // A Summon cast this turn is still remembered where it went (FF 11.3.8).
    for (old, new) in moved {
        if state.object(old).flags.contains(CAST_THIS_TURN) {
            state.apply(Event::Flag { object: new, flag: crate::kernel::name!(CAST_THIS_TURN), value: true, by: vec![] });
        }
    }
}
