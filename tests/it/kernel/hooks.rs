//! Rule hooks, redirects, damage changes, granted abilities and keyword parameters.

use cardscript::kernel::*;

use super::table::{Table, ME, YOU};

#[test]
fn a_hook_with_cards_holds_only_against_those_cards() {
    // FF 2.2: "cannot be blocked by a Forward of cost 4 or more" — a Forward of cost 2 still may.
    let mut t = Table::new();
    let elusive = t.field("Elusive", ME);
    let giant = t.field("Giant", YOU);
    let soldier = t.field("Soldier", YOU);
    assert_eq!(t.state.permits(elusive, "be_blocked", None, Some(giant)), Some(false));
    assert_eq!(t.state.permits(elusive, "be_blocked", None, Some(soldier)), None);
}

#[test]
fn a_redirect_sends_the_card_elsewhere_instead() {
    // FF 11.12.5.1: a Forward that would be put into the Break Zone is removed from the game instead.
    let mut t = Table::new();
    t.field("Void", ME);
    t.field("Soldier", ME);
    t.cast("Bolt", YOU, &mut FirstOption);
    assert_eq!(t.count("removed", ME), 1);
    assert_eq!(t.count("break_zone", ME), 0);
}

#[test]
fn damage_reduced_to_nothing_is_not_dealt() {
    // SE14 11.13.5.8.2: with no damage, "is dealt damage" does not trigger.
    let mut t = Table::new();
    t.field("Aegis", ME);
    t.field("Sentry", ME);
    t.cast("Bolt", YOU, &mut FirstOption);
    assert_eq!(t.count("hand", ME), 0, "Sentry did not trigger");
    assert!(!t.state.log.iter().any(|e| matches!(e, Event::Damaged { .. })));
    assert_eq!(t.count("field", ME), 2, "nothing was broken");
}

#[test]
fn counted_adjustments_follow_the_board() {
    // FF 11.12.4.4-5: a field ability's count follows the board as it changes.
    let mut t = Table::new();
    let horde = t.field("Horde", ME);
    let cost = |t: &Table| t.state.characteristics(horde).adjustments.get("play_cost").copied().unwrap_or(0);
    assert_eq!(cost(&t), -1, "itself");
    t.field("Soldier", ME);
    assert_eq!(cost(&t), -2);
}

#[test]
fn granted_abilities_trigger_until_they_end() {
    // FF 11.12.4.1: the Forward has the written ability until the end of the turn.
    let mut t = Table::new();
    let soldier = t.field("Soldier", ME);
    t.cast("Inspire", ME, &mut FirstOption);
    let attack = |t: &mut Table| {
        let signal = Event::Signal { name: "attack".into(), objects: vec![soldier], player: Some(ME), detail: None };
        cardscript::interp::announce(&mut t.state, &mut FirstOption, signal);
        t.settle(&mut FirstOption);
    };
    let draws = |t: &Table| t.state.log.iter().filter(|e| matches!(e, Event::Moved { reason: Some(r), .. } if r == "draw")).count();
    attack(&mut t);
    assert_eq!(draws(&t), 1, "the granted ability triggered");
    t.end_turn(&mut FirstOption);
    attack(&mut t);
    assert_eq!(draws(&t), 1, "not after the end of the turn");
}

#[test]
fn a_keywords_abilities_read_the_arguments_the_card_gives() {
    let mut t = Table::new();
    t.play("Tither", ME);
    t.settle(&mut FirstOption);
    assert_eq!(t.count("hand", ME), 2, "Tithe(2) draws 2");
}

#[test]
fn a_keyword_runs_the_instructions_it_is_given() {
    // SE14 15.2.6 Assist and similar keywords carry instructions as an argument.
    let mut t = Table::new();
    t.play("Echoer", ME);
    t.settle(&mut FirstOption);
    assert_eq!(t.count("hand", ME), 2);
}

#[test]
fn damage_one_card_deals_can_be_doubled_for_some_targets() {
    // FF 11.12.5.2, SE14 11.13.5.8: a replacement changes the damage as it is dealt — here only
    // damage Berserker deals, and only to a Forward of cost 4 or more.
    let mut t = Table::new();
    let berserker = t.field("Berserker", ME);
    let giant = t.field("Giant", YOU);
    let soldier = t.field("Soldier", YOU);
    let mut agent = FirstOption;
    for target in [giant, soldier] {
        let event = Event::Damaged { object: target, amount: 3000, source: Some(berserker), battle: false };
        cardscript::interp::Ctx::new(&mut t.state, &mut agent, None, ME, vec![]).happen(event).unwrap();
    }
    let other = Event::Damaged { object: giant, amount: 1000, source: None, battle: false };
    cardscript::interp::Ctx::new(&mut t.state, &mut agent, None, ME, vec![]).happen(other).unwrap();
    assert_eq!(t.state.object(giant).damage, 7000, "6000 from Berserker, 1000 from elsewhere");
    assert_eq!(t.state.object(soldier).damage, 3000, "cost 2: not doubled");
}
