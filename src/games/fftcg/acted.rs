//! What one action of a Summon or an ability, and the whole Summon or ability, did (`GameHooks::acted`): the Characters it dulled (FF 15.1.1.2) or broke (FF 15.1.1.3), the cards it put into a Break Zone (FF 7.10) or dealt damage to (FF 6.5), the dull Characters it activated (FF 15.1.1.1), announced once for them all, and the cards it made a player discard (FF 15.1.1.4), announced once for them all and once for each.

use crate::kernel::state::Acted;
use crate::kernel::{Event, GameState, ObjectId, PlayerId};

/// The list of the Characters the resolving effect dulled ("draw 1 card for each Forward you have
/// dulled due to this ability", 12-093C Scholar; read as `tracked(dulled_by_this_effect)`).
pub const DULLED_BY_THIS_EFFECT: &str = "dulled_by_this_effect";
/// The list of the cards the resolving effect put into a Break Zone, from any zone (FF 7.10: "your opponent puts the
/// top 2 cards of his/her deck into the Break Zone. If both cards are of the same Element", 5-064R Nanaa Mihgo;
/// "When 5 or more Forwards are put from the field into the Break Zone by this effect", 14-062L Titan; a discard too,
/// 11-035R Setzer), as they are there.
pub const PUT_INTO_BREAK_ZONE_BY_THIS_EFFECT: &str = "put_into_break_zone_by_this_effect";
/// The list of the cards the resolving effect dealt damage to (FF 6.5, 11.11.4: "If a Forward damaged by this ability
/// is put into the Break Zone this turn", 4-083L Shantotto; not a card whose damage became 0: it was dealt none).
pub const DAMAGED_BY_THIS_EFFECT: &str = "damaged_by_this_effect";
/// The announcement of the dull Characters one Summon or ability activated, by the
/// player who controls it ("When 1 or more dull Backups you control is activated due to your Summons or
/// abilities", 12-114R Baralai).
pub const ACTIVATED_BY: &str = "activated_by_summons_or_abilities";
/// The detail of the one `discard` announcement for all the cards one Summon or ability
/// made a player discard, when the other player controls it ("When your opponent discards 1 or more cards
/// from their hand due to your Summons or abilities", 12-114R Baralai).
pub const DISCARDED_DUE_TO_YOUR: &str = "one_or_more_due_to_your_summons_or_abilities";
/// The announcement of each card one action of a Summon or an ability made a player discard, one for each card,
/// when the other player controls it ("When your opponent discards a card from their hand due to your Summons or
/// abilities", 7-026R Gremlin, 12-028C Bard, 6-044L Zidane, 13-034H Remedi), detail `due_to_your_summons_or_abilities`.
pub const DISCARDED_A_CARD: &str = "discard_a_card";
/// The announcement of a card a Summon or an ability broke (FF 15.1.1.3), by the player who controls it.
pub const BROKEN: &str = "broken";

/// The events of one action of `source`'s effect, or (`whole`) of the whole effect of the Summon or
/// ability (from the log index `from` on), read once it is done. Only a Summon or an ability does it (a
/// card with no source is a game procedure); a cost paid is not read (the interpreter does not ask). A card
/// already dull is not dulled again, nor an active one activated (the state does not change: no event), so
/// every `Flag` event read is a change. After one action: the Characters it dulled (the list the rest of the
/// effect reads) and each card it made the other player discard, announced as it is done (FF 15.1.1.4 "discards
/// a card"); after the whole Summon or ability: the Backups it activated and the cards it made the other player
/// discard, announced once for them all ("1 or more ... due to your Summons or abilities", 12-114R Baralai).
pub fn acted(state: &GameState, from: usize, source: Option<ObjectId>, controller: PlayerId, whole: bool) -> Acted {
    let Some(source) = source else { return Acted::default() };
    let (mut dulled, mut activated, mut put, mut damaged) = (vec![], vec![], vec![], vec![]);
    let mut discarded: Vec<(PlayerId, Vec<ObjectId>)> = vec![];
    let mut broken: Vec<ObjectId> = vec![];
    // The lists of the cards it put into a Break Zone or dealt damage to, only for a card whose text reads them (its
    // printed or keyword abilities: many effects do both, few read them).
    let reads = |name| crate::interp::card_reads(&state.library, state.object(source).card, name);
    let (read_put, read_damaged) = (reads(PUT_INTO_BREAK_ZONE_BY_THIS_EFFECT), reads(DAMAGED_BY_THIS_EFFECT));
    for event in state.log.iter_from(from) {
        if let Event::Moved { new, to, by: Some(by), .. } = event
            && read_put
            && *by == source
            && state.zone(*to).name == "break_zone"
        {
            put.push(*new);
        }
        if let Event::Moved { new, from: zone, reason: Some(reason), by: Some(by), .. } = event
            && !whole
            && reason == "break"
            && *by == source
            && state.zone(*zone).name == "field"
        {
            broken.push(*new);
        }
        match event {
            Event::Damaged { object, amount, source: Some(by), .. } if read_damaged && *by == source && *amount > 0 && !damaged.contains(object) => damaged.push(*object),
            // FF 15.1.1.2, 15.1.1.1: by this Summon or ability, not by one its effect set off.
            Event::Flag { object, flag, value, by } if flag == "dull" && by.contains(&source) => match (*value, whole) {
                (true, false) => dulled.push(*object),
                (false, true) => activated.push(*object),
                _ => {}
            },
            // FF 15.1.1.4: a card moved from a hand into a Break Zone by a discard this Summon or ability made.
            Event::Moved { new, from, to, reason: Some(reason), by: Some(by), .. } if reason == "discard" && *by == source => {
                let (from, to) = (state.zone(*from), state.zone(*to));
                if from.name != "hand" || to.name != "break_zone" {
                    continue;
                }
                let player = from.owner.unwrap_or(state.object(*new).owner);
                match discarded.iter_mut().find(|(p, _)| *p == player) {
                    Some((_, cards)) => cards.push(*new),
                    None => discarded.push((player, vec![*new])),
                }
            }
            _ => {}
        }
    }
    let mut signals = vec![];
    // FF 15.1.1.3: each card this action broke, announced with the player whose Summon or ability broke it ("When a
    // Backup you control is broken by your opponent's Summon or ability", 2-041H Doctor Cid).
    if !broken.is_empty() && heard(state, BROKEN) {
        signals.extend(broken.into_iter().map(|card| Event::Signal { name: crate::kernel::name!(BROKEN), objects: vec![card], player: Some(controller), detail: None }));
    }
    if !activated.is_empty() && heard(state, ACTIVATED_BY) {
        signals.push(Event::Signal { name: crate::kernel::name!(ACTIVATED_BY), objects: activated, player: Some(controller), detail: Some("one_or_more".into()) });
    }
    for (player, cards) in discarded {
        // "due to your Summons or abilities": the player the trigger reads as "your" is the one who controls them.
        if player == controller {
            continue;
        }
        if whole {
            if heard(state, "discard") {
                signals.push(Event::Signal { name: crate::kernel::name!("discard"), objects: cards, player: Some(player), detail: Some(DISCARDED_DUE_TO_YOUR.into()) });
            }
        } else if heard(state, DISCARDED_A_CARD) {
            // FF 15.1.1.4: "discards a card": one announcement for each card discarded, in the order they were.
            for card in cards {
                signals.push(Event::Signal { name: crate::kernel::name!(DISCARDED_A_CARD), objects: vec![card], player: Some(player), detail: Some("due_to_your_summons_or_abilities".into()) });
            }
        }
    }
    let lists = [(DULLED_BY_THIS_EFFECT, dulled), (PUT_INTO_BREAK_ZONE_BY_THIS_EFFECT, put), (DAMAGED_BY_THIS_EFFECT, damaged)].into_iter().filter(|(_, l)| !l.is_empty()).map(|(n, l)| (n.to_string(), l)).collect();
    (signals, lists)
}

/// Whether a card on the field has a triggered ability the announcement can reach (`interp::reached`), or a
/// delayed trigger waits for it: announced only then, so the transcripts of the other games stay as they are.
fn heard(state: &GameState, name: &str) -> bool {
    heard_by(state, name, &[])
}

/// `heard`, or one of `named` (the cards the announcement names, wherever they are) can hear it.
pub(super) fn heard_by(state: &GameState, name: &str, named: &[ObjectId]) -> bool {
    let probe = Event::Signal { name: name.into(), objects: vec![], player: None, detail: None };
    heard_among(state, &probe, named.iter().copied().chain(state.in_zones(crate::kernel::name!("field"))))
}

/// Whether one of `cards` has a triggered ability the announcement `signal` can reach, or a delayed
/// trigger waits for an announcement of its name.
pub(super) fn heard_among(state: &GameState, signal: &Event, cards: impl Iterator<Item = ObjectId>) -> bool {
    use crate::kernel::replacement::EventPattern;
    let Event::Signal { name, .. } = signal else { return true };
    crate::interp::any_reached(state, signal, cards) || state.delayed.iter().any(|d| matches!(&d.pattern, EventPattern::Signal { name: n, .. } if n == name))
}
