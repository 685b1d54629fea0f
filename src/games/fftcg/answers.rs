//! The `game_state(...)` questions FF-TCG answers: icons and power read from characteristics, cards put from the field into the Break Zone this turn, discards by Summons or abilities this turn, the Attack Phase; what a card moved by a Summon or an ability announces.

use crate::kernel::{Characteristics, Event, GameState, ObjectId, PlayerId};

use super::Words;

/// The mark on a card put from the field into a Break Zone this turn (FF 7.10, 6.2), and on the
/// player who controlled a Forward put there (`a forward you controlled has been put ...`).
pub const PUT_FROM_FIELD: &str = "put_from_field_into_break_zone_this_turn";
pub const FORWARD_PUT_FROM_FIELD: &str = "forward_put_from_field_into_break_zone_this_turn";

/// The marks on a player who discarded a card from their hand due to a Summon or an ability this turn
/// (FF 15.1.1.4, 11.3: "if your opponent has discarded a card from their hand due to the Summons or
/// abilities", 14-130H Cloud of Darkness), and due to one their opponent controlled ("... due to your
/// Summons or abilities", 15-023R Werei, 15-026C Kazusa: the cards read it of their opponent, so "your"
/// is the discarding player's opponent).
pub const DISCARDED_BY_EFFECT: &str = "discarded_by_summon_or_ability_this_turn";
pub const DISCARDED_BY_OPPONENT_EFFECT: &str = "discarded_by_your_summon_or_ability_this_turn";

/// The player state of the turn player (FF 6.1.3), of the turn player during their Attack Phase (FF 9.4, 10), and of
/// every player during any Attack Phase (`player_states`).
pub const YOUR_TURN: &str = "your_turn";
pub const ATTACK_PHASE: &str = "attack_phase";
pub const ANY_ATTACK_PHASE: &str = "any_attack_phase";

/// The state of a Character that has used a special ability of the name it names this turn (FF 11.7.3: "if
/// Bartz used [Spellblade] and [Dual-Wield] this turn", 7-059L Bartz; `game_state(..., has: n)`), read from the
/// entries it put on the stack this turn (`mimic::used_special_ability_this_turn`), not from characteristics: a
/// restriction on using an ability reads it when the ability is used; a continuous condition would not be read
/// again when an entry is put on the stack.
pub const USED_SPECIAL_ABILITY: &str = "used_special_ability_this_turn";

/// The states of a card played or cast whose CP paid included CP of an Element ("if the cost paid to play Red
/// Mage included Ice CP", 7-003C; `game_state(cp_paid_included, target, has: e)`), or was all of one Element
/// ("if the cost to play Styx was only paid with Water CP", 7-113R): read from the different Elements the card
/// remembers of the CP paid for it (FF 11.2, 5.2.1.3; `options::remember_cp_paid`).
pub const CP_PAID_INCLUDED: &str = "cp_paid_included";
pub const CP_PAID_ONLY_WITH: &str = "cp_paid_only_with";

/// The state of a card on the field for which no CP was paid (FF 11.4, 11.2: "If the Forward entered play without
/// paying for its CP cost", 10-052L Cid (FFBE)).
pub const ENTERED_WITHOUT_PAYING_COST: &str = "entered_without_paying_cost";

/// Whether the CP paid for `object` included CP of `element` (or, `only`, was all of it).
fn paid_with(state: &GameState, object: ObjectId, element: &str, only: bool) -> bool {
    let Some(crate::kernel::Value::List(paid)) = state.remembered(object, super::options::ELEMENTS_OF_CP_PAID) else { return false };
    let vocab = &state.library.vocab;
    let named = |v: &crate::kernel::Value| matches!(v, crate::kernel::Value::Variant(e, i) if vocab.enums[e.index()].variants.get(*i as usize).is_some_and(|n| n == element));
    if only { paid.len() == 1 && named(&paid[0]) } else { paid.iter().any(named) }
}

/// Whether the card is in a state FF-TCG reads from its characteristics (or, for `USED_SPECIAL_ABILITY`,
/// from the stack entries of the turn): the EX Burst icon (FF
/// 11.10.1) or the generic icon (FF 5.2.2.1) printed or given, a power an effect has increased
/// or decreased (FF 5.2.6, 11.12.4: computed power other than printed; an increase and a decrease
/// that cancel out read as no change), an even or odd CP cost, a special or action ability, having
/// entered the field this turn or without its CP cost paid, being in battle, or a card resolving as its EX Burst.
pub fn answers(state: &GameState, object: ObjectId, c: &Characteristics, name: &str) -> bool {
    if let Some(ability) = crate::kernel::value::state_value(name, USED_SPECIAL_ABILITY) {
        return super::mimic::used_special_ability_this_turn(state, object, ability);
    }
    if let Some(element) = crate::kernel::value::state_value(name, CP_PAID_INCLUDED) {
        return paid_with(state, object, element, false);
    }
    if let Some(element) = crate::kernel::value::state_value(name, CP_PAID_ONLY_WITH) {
        return paid_with(state, object, element, true);
    }
    // One match: a name FF does not answer costs nothing more (this runs for every state not marked on a card).
    let words = || Words::cached(&state.library);
    match name {
        "has_ex_burst_icon" => words().is_some_and(|w| w.exburst.and_then(|p| c.get(p)).is_some_and(Words::truthy)),
        "has_generic_icon" => words().is_some_and(|w| w.generic.and_then(|p| c.get(p)).is_some_and(Words::truthy)),
        "power_modified" => words().is_some_and(|w| c.get(w.power).is_some() && c.number(w.power) != state.printed(object).number(w.power)),
        // FF 5.2.1.2: "the revealed card's CP cost is an even / odd number" (11-035R Setzer, 9-117C Mog VI); 0 is even.
        "even_cost" | "odd_cost" => words().is_some_and(|w| c.get(w.cost).is_some() && (c.number(w.cost) % 2 == 0) == (name == "even_cost")),
        // FF 6.5.2.1, 11.10.2: "if Shiva results from an EX Burst" (7-031C; 11-131S Barret's auto ability): a
        // card's effect is used from the Damage Zone only as its EX Burst, when damage puts it there or an
        // effect triggers it there (13-002L Akstar); cast from the hand or on the field it is elsewhere.
        "resolving_as_ex_burst" => state.zone(state.object(object).zone).name == "damage_zone",
        // FF 11.4, 11.2: "If the Forward entered play without paying for its CP cost" (10-052L Cid (FFBE)): on the
        // field, and no CP was paid for it there (put there by an effect, or played for no CP).
        ENTERED_WITHOUT_PAYING_COST => {
            let o = state.object(object);
            state.zone(o.zone).name == "field" && !o.memory.contains(super::options::ELEMENTS_OF_CP_PAID)
        }
        // FF 10.1, 10.1.3: "when Rikku is in battle" (6-062R): the blocking Forward, or an attacking one once blocked.
        "in_battle" => {
            let flags = &state.object(object).flags;
            flags.contains("blocking") || (flags.contains("attacking") && state.in_zones(crate::kernel::name!("field")).any(|o| state.object(o).flags.contains("blocking")))
        }
        // FF 10.1.2.1.1: "that entered the field this turn" (10-102H Ramuh): on the field, arrived after the turn began.
        "entered_field_this_turn" => state.zone(state.object(object).zone).name == "field" && super::play::arrived_this_turn(state, object),
        // FF 11.6, 11.7: "has a special ability or an action ability" (3-133C Quina): one it can use, printed,
        // of a keyword or granted (special and action abilities are the activated ones).
        "has_special_or_action_ability" => {
            let library = &state.library;
            crate::interp::abilities_in(library, state.object(object).card, c).any(|(_, a)| crate::interp::class_of(library, a) == crate::vocab::AbilityClass::Activated)
        }
        _ => false,
    }
}

/// FF 10.1.3, 11.3.3, 11.6.5: whether the card is in a state relating it to some of `with` (`Selector::Related`):
/// blocking one of them ("the Forward that blocks Ninja", 2-114C), attacking and blocked by one of them ("is
/// blocked by Ninja"; one attack at a time, FF 10.1.2), or a Summon or ability on the stack that chose one of them
/// ("1 Summon targeting a Character you control", 2-080C Carbuncle). `None` for another name.
pub fn relates(state: &GameState, object: ObjectId, name: &str, with: &[ObjectId]) -> Option<bool> {
    let has = |o: ObjectId, flag: &str| state.object(o).flags.contains(flag);
    Some(match name {
        "blocking" => has(object, "blocking") && with.iter().any(|w| has(*w, "attacking")),
        "blocked_by" => has(object, "attacking") && with.iter().any(|w| has(*w, "blocking")),
        "targeting" => state.stack.iter().any(|e| e.source == Some(object) && e.targets.iter().any(|t| t.chosen.iter().any(|c| with.contains(c)))),
        _ => return None,
    })
}

/// The marks a card that has just moved gets when it went from the field into a Break Zone (FF
/// 7.10, 6.2: whatever put it there, broken, a cost or an effect): on the card ("choose 1 Forward
/// put in your Break Zone from the field during this turn"), and for a Forward on the player who
/// controlled it there ("if a Forward you controlled has been put ..."), read of the card as it
/// was on the field. They are forgotten as the turn ends (`forget`). Each is set only when a card of the game reads it
/// (`interp::game_reads`), as are the marks below.
pub fn from_field_to_break_zone(state: &GameState, w: &Words, new: ObjectId) -> Vec<Event> {
    let o = state.object(new);
    let Some(old) = o.previous else { return vec![] };
    if state.zone(o.zone).name != "break_zone" || state.zone(state.object(old).zone).name != "field" {
        return vec![];
    }
    let read = |name| crate::interp::game_reads(state, name);
    let mut out = vec![];
    if read(PUT_FROM_FIELD) {
        out.push(Event::Flag { object: new, flag: crate::kernel::name!(PUT_FROM_FIELD), value: true, by: vec![] });
    }
    if !read(FORWARD_PUT_FROM_FIELD) {
        return out;
    }
    let was = state.characteristics(old);
    let player = was.controller;
    if state.library.vocab.is_of(&was.kinds, w.forward) && !state.players[player.index()].flags.contains(FORWARD_PUT_FROM_FIELD) {
        out.push(Event::PlayerFlag { player, flag: crate::kernel::name!(FORWARD_PUT_FROM_FIELD), value: true });
    }
    out
}

/// FF 11.8.16: what a card a Summon or an ability moved (`moved_by`) announces as it arrives:
/// entering the field (`enters_field_by`: "When The Emperor enters the field due to an ability",
/// 14-027R), with the player whose Summon or ability it was and the detail `summons` or `abilities`.
/// A Character played by the play procedure (FF 11.4.1) has no `moved_by`, and announces nothing.
/// FF 7.10, 11.12.5: a card put into a Break Zone from any zone by a Summon or an ability announces
/// `put_into_break_zone_by` the same way ("When Argy is put into the Break Zone in any situation by your
/// opponent's Summons or abilities", 12-074H); a card broken by the rule processes after damage a Summon or
/// an ability dealt was put there by it (FF 12.4.5), not one broken by battle damage (FF 10.1.4), nor a card
/// put there by another rule process or a discard paying a cost (those have no `moved_by`).
pub fn moved_by_announcements(state: &GameState, w: &Words, new: ObjectId) -> Vec<Event> {
    let o = state.object(new);
    let Some(by) = o.moved_by else { return vec![] };
    // The announcements due, each with the card it names: from the field, the card as it was there.
    let mut due: smallvec::SmallVec<[(&str, ObjectId); 2]> = smallvec::SmallVec::new();
    match state.zone(o.zone).name.as_str() {
        "field" => due.push(("enters_field_by", new)),
        "break_zone" if !broken_in_battle(state, o.previous) => {
            if super::acted::heard_by(state, "put_into_break_zone_by", &[new]) {
                due.push(("put_into_break_zone_by", new));
            }
            if let Some(old) = o.previous.filter(|old| state.zone(state.object(*old).zone).name == "field")
                && super::acted::heard_by(state, PUT_FROM_FIELD_BY, &[old])
            {
                due.push((PUT_FROM_FIELD_BY, old));
            }
        }
        _ => {}
    }
    if due.is_empty() {
        return vec![];
    }
    let c = state.characteristics(by);
    let detail = if state.library.vocab.is_of(&c.kinds, w.summon) { "summons" } else { "abilities" };
    due.into_iter().map(|(name, object)| Event::Signal { name: name.into(), objects: vec![object], player: Some(c.controller), detail: Some(detail.into()) }).collect()
}

/// FF 11.8.16, 12.4.5: the announcement of a card put from the field into a Break Zone by a player's Summon or
/// ability ("When Ardyn is put from the field into the Break Zone by your opponent's Summons or abilities",
/// 11-065H), naming it as it was on the field, so that its field abilities hear it; not for a card broken by
/// battle damage (FF 10.1.4: no Summon or ability broke it).
const PUT_FROM_FIELD_BY: &str = "put_from_field_into_break_zone_by";

/// FF 12.4.5, 10.1.4: whether the card was broken by the rule processes after battle damage: the last
/// damage dealt to it before it moved was a battle's (the break is recorded as by the Forward that dealt it).
fn broken_in_battle(state: &GameState, old: Option<ObjectId>) -> bool {
    let Some(old) = old else { return false };
    match state.log.last() {
        Some(Event::Moved { reason: Some(reason), .. }) if reason == "break" => super::rules::last_damage(state, old).is_some_and(|(_, battle)| battle),
        _ => false,
    }
}

/// The marks on the player whose card has just moved from their hand into a Break Zone by a discard
/// that an effect made (the move's `by` is the Summon or the card whose ability it is; a discard paying
/// a cost has none): `DISCARDED_BY_EFFECT`, and `DISCARDED_BY_OPPONENT_EFFECT` when another player
/// controlled that card. Forgotten as the turn ends (`forget`).
pub fn discarded_by_effect(state: &GameState, new: ObjectId) -> Vec<Event> {
    let Some(Event::Moved { from, to, reason: Some(reason), by: Some(by), new: moved, .. }) = state.log.last() else { return vec![] };
    if *moved != new || reason != "discard" || state.zone(*from).name != "hand" || state.zone(*to).name != "break_zone" {
        return vec![];
    }
    let player = state.zone(*from).owner.unwrap_or(state.object(new).owner);
    let mut flags = vec![DISCARDED_BY_EFFECT];
    if state.controller(*by) != player {
        flags.push(DISCARDED_BY_OPPONENT_EFFECT);
    }
    let has = |f: &str| state.players[player.index()].flags.contains(f);
    flags.into_iter().filter(|f| !has(f) && crate::interp::game_reads(state, f)).map(|f| Event::PlayerFlag { player, flag: f.into(), value: true }).collect()
}

/// The player states FF-TCG works out from the turn and the phase (`GameHooks::player_states`): FF 6.1.3, the turn
/// player has the `your_turn` state; FF 9.4, while an Attack Phase lasts (First Strike damage included), the turn
/// player has the `attack_phase` state ("During your opponent's Attack Phase", FF 10.1.1: only the turn player
/// attacks) and every player the `any_attack_phase` state ("During each Attack Phase").
pub fn player_states(state: &GameState, player: PlayerId, name: &str) -> Option<bool> {
    let attack = || matches!(state.phase.as_str(), "attack" | "first_strike");
    match name {
        YOUR_TURN => Some(player == state.turn_player),
        ATTACK_PHASE => Some(player == state.turn_player && attack()),
        ANY_ATTACK_PHASE => Some(attack()),
        _ => None,
    }
}

/// What the marks of this turn say is forgotten as the turn ends; `marked`: the cards marked as put from the field
/// into the Break Zone.
pub fn forget(state: &mut GameState, marked: Vec<ObjectId>) {
    for object in marked {
        state.apply(Event::Flag { object, flag: crate::kernel::name!(PUT_FROM_FIELD), value: false, by: vec![] });
    }
    for p in 0..state.players.len() {
        for flag in [FORWARD_PUT_FROM_FIELD, DISCARDED_BY_EFFECT, DISCARDED_BY_OPPONENT_EFFECT] {
            if state.players[p].flags.contains(flag) {
                state.apply(Event::PlayerFlag { player: PlayerId(p as u8), flag: flag.into(), value: false });
            }
        }
    }
}
