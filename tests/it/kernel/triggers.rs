//! Triggers, replacement effects, last known information, rewinding.

use cardscript::kernel::*;

use super::table::{Table, ME, YOU};

#[test]
fn a_replacement_effect_replaces_the_event_which_does_not_happen() {
    // FF 11.12.5.1, 11.12.5.4: the replaced event is considered not to have happened, so
    // Martyr's "put into the Break Zone" trigger does not trigger (FF 11.8.15).
    let mut t = Table::new();
    t.field("Ward", ME);
    let martyr = t.field("Martyr", ME);
    t.cast("Bolt", YOU, &mut FirstOption);
    let _ = martyr;
    assert_eq!(t.count("removed", ME), 1, "removed from the game instead");
    assert_eq!(t.count("break_zone", ME), 0);
    assert_eq!(t.count("hand", ME), 0, "Martyr's trigger did not happen");
}

#[test]
fn the_affected_player_orders_replacements_and_each_applies_once() {
    // FF 11.12.5.6.1: the controller of the affected card chooses the order; FF 11.12.5.5: the same
    // replacement cannot apply again to its own result.
    let mut t = Table::new();
    t.field("Ward", ME);
    t.field("Sanctuary", ME);
    t.field("Soldier", ME);
    // Bolt's controller answers "which target" (the only one); ME then picks Sanctuary (option 1).
    let mut agent = ScriptedAgent::new([Answer::One(1)]);
    t.cast("Bolt", YOU, &mut agent);
    assert_eq!(t.count("hand", ME), 1, "Sanctuary applied: into the hand instead");
    assert_eq!(t.count("removed", ME), 0);
    let decided = t.state.log.iter().filter(|e| matches!(e, Event::Decided { question, .. } if question.contains("replacement"))).count();
    assert_eq!(decided, 1, "the affected player was asked once");
}

#[test]
fn zone_movement_triggers_read_last_known_information() {
    // FF 11.8.16, 11.11.4: Martyr's ability triggers from the Break Zone event and resolves with
    // Martyr no longer on the field.
    let mut t = Table::new();
    let martyr = t.field("Martyr", ME);
    // Bolt's 7000 damage breaks Martyr by the rule process (FF 12.4.5); its ability triggers.
    t.cast("Bolt", YOU, &mut FirstOption);
    assert_eq!(t.count("break_zone", ME), 1);
    assert_eq!(t.count("hand", ME), 1, "drew a card");
    let lki = t.state.characteristics(martyr);
    assert_eq!(lki.controller, ME, "its last known information stays readable");
}

#[test]
fn one_trigger_per_occurrence() {
    // FF 11.8.6: an auto-ability triggers once each time its event occurs.
    let mut t = Table::new();
    t.field("Lookout", ME);
    t.play("Soldier", ME);
    t.play("Soldier", YOU);
    t.settle(&mut FirstOption);
    assert_eq!(t.count("hand", ME), 2, "one card for each Forward that entered");
}

#[test]
fn delayed_triggers_wait_for_their_event_and_trigger_once() {
    // FF 11.8.17, 11.8.17.2: created by an effect, triggered once when its condition is met.
    let mut t = Table::new();
    t.field("Giant", YOU);
    t.cast("Doom", ME, &mut FirstOption);
    assert_eq!(t.count("field", YOU), 1, "not yet");
    t.end_turn(&mut FirstOption);
    assert_eq!(t.count("break_zone", YOU), 1, "broken at the end of the turn");
    assert!(t.state.delayed.is_empty(), "used up");
}

#[test]
fn conditional_triggers_check_their_condition_when_triggering_and_resolving() {
    // FF 11.8.13: the condition is checked as the ability triggers, and again on resolution.
    let mut t = Table::new();
    let veteran = t.field("Veteran", ME);
    let attack = |t: &mut Table| {
        let signal = Event::Signal { name: "attack".into(), objects: vec![veteran], player: Some(ME), detail: None };
        cardscript::interp::announce(&mut t.state, &mut FirstOption, signal);
    };
    attack(&mut t);
    assert!(t.state.pending.is_empty(), "no Forward of cost 5 or more: it does not trigger");
    let giant = t.field("Giant", ME);
    attack(&mut t);
    assert_eq!(t.state.pending.len(), 1, "now it triggers");
    // The Giant leaves before resolution: the condition fails and the effect is cancelled.
    let zone = t.state.zone_id("break_zone", Some(ME)).unwrap();
    let event = t.state.move_event(giant, zone, None, Position::Top);
    t.state.apply(event);
    t.settle(&mut FirstOption);
    assert_eq!(t.count("hand", ME), 0);
    assert!(t.state.log.iter().any(|e| matches!(e, Event::Cancelled { .. })));
}

#[test]
fn an_ability_whose_targets_all_became_illegal_is_cancelled() {
    // FF 11.11.2: the target left the field before resolution, so the effect is cancelled.
    let mut t = Table::new();
    let soldier = t.field("Soldier", YOU);
    t.put_on_stack("Bolt", ME, &mut FirstOption);
    t.relocate(soldier, "hand");
    t.settle(&mut FirstOption);
    assert!(t.state.log.iter().any(|e| matches!(e, Event::Cancelled { .. })));
    assert!(!t.state.log.iter().any(|e| matches!(e, Event::Damaged { .. })));
}

#[test]
fn an_illegal_action_rewinds_the_game_leaving_nothing_behind() {
    // FF 14.1-14.3: rewound to just before the attempt; payments undone; nothing triggered.
    let mut t = Table::new();
    t.field("Lookout", ME);
    let before = t.state.digest();
    let soldier_card = t.names["Soldier"];
    let result: Result<(), Illegal> = t.state.attempt(|state| {
        let zone = state.zone_id("field", Some(ME)).unwrap();
        let object = ObjectId(state.objects.len() as u32);
        cardscript::interp::announce(state, &mut FirstOption, Event::Created { object, card: soldier_card, owner: ME, zone });
        Err(Illegal("cannot pay the cost".into()))
    });
    assert!(result.is_err());
    assert_eq!(t.state.digest(), before, "the state is exactly as before");
    assert!(t.state.pending.is_empty());
}

#[test]
fn the_same_seed_and_decisions_replay_the_same_game() {
    let play = |seed: u64| {
        let mut t = Table::new();
        t.state.rng = rng::Rng::new(seed);
        t.field("Lookout", ME);
        let deck = t.state.zone_id("deck", Some(ME)).unwrap();
        let mut order = t.state.zone(deck).objects.clone();
        t.state.rng.shuffle(&mut order);
        t.state.apply(Event::Shuffled { zone: deck, order });
        t.field("Soldier", ME);
        t.settle(&mut RandomAgent { rng: rng::Rng::new(seed) });
        t.state.digest()
    };
    assert_eq!(play(3), play(3));
}

#[test]
fn state_triggers_trigger_when_their_condition_holds_and_not_again_while_waiting() {
    // FF 11.8.18, Trails 1211.9: triggers as soon as the condition is met, and not again until resolved.
    let mut t = Table::new();
    let warlord = t.field("Warlord", ME);
    t.play("Soldier", ME);
    t.settle(&mut FirstOption);
    assert_eq!(t.count("break_zone", ME), 0, "two Forwards: not yet");
    t.play("Soldier", YOU);
    t.settle(&mut FirstOption);
    assert_eq!(t.count("break_zone", ME), 0, "the opponent's Forward does not count");
    t.play("Soldier", ME);
    let triggered = t.state.log.iter().filter(|e| matches!(e, Event::Triggered { .. })).count();
    assert_eq!(triggered, 1);
    t.settle(&mut FirstOption);
    assert_ne!(t.state.current(warlord), warlord, "it broke itself");
    assert_eq!(t.count("break_zone", ME), 1);
}

#[test]
fn the_log_reads_as_a_transcript() {
    let mut t = Table::new();
    t.field("Ward", ME);
    t.field("Soldier", ME);
    t.cast("Bolt", YOU, &mut FirstOption);
    let transcript = t.state.transcript();
    let tail: Vec<&str> = transcript.lines().filter(|l| !l.contains(" is put in ")).collect();
    insta::assert_snapshot!(tail.join("\n"));
}
