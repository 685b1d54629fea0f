//! The resolution procedures a game configures: FF's stack, Trails' trigger counts and target
//! re-checks, identity-keeping moves, and loops.

use cardscript::kernel::*;

use super::table::{Table, ME, YOU};

#[test]
fn trails_trigger_counts_add_up_and_are_played_one_at_a_time() {
    // Trails 1211.3: each occurrence raises the craft's trigger count; 1211.4: it is played once per count.
    let mut t = Table::with_config(|c| c.procedure = Procedure::OneAtATime);
    t.field("Lookout", ME);
    t.play("Soldier", ME);
    t.play("Soldier", ME);
    assert_eq!(t.state.pending.len(), 1, "one triggered craft");
    assert_eq!(t.state.pending[0].count, 2, "with a trigger count of 2");
    t.settle(&mut FirstOption);
    assert_eq!(t.count("hand", ME), 2, "played twice");
}

#[test]
fn the_stack_keeps_one_trigger_per_occurrence() {
    // FF 11.8.6: each occurrence is its own triggered ability.
    let mut t = Table::new();
    t.field("Lookout", ME);
    t.play("Soldier", ME);
    t.play("Soldier", ME);
    assert_eq!(t.state.pending.len(), 2);
}

#[test]
fn trails_skips_only_the_parts_about_illegal_targets() {
    // Trails 1205.1a: an effect whose target became invalid is not cancelled; only the parts
    // about that target are skipped.
    let mut t = Table::with_config(|c| c.retarget = Retarget::SkipIllegalParts);
    let soldier = t.field("Soldier", YOU);
    t.put_on_stack("Bolt", ME, &mut FirstOption);
    t.relocate(soldier, "hand");
    t.settle(&mut FirstOption);
    assert!(!t.state.log.iter().any(|e| matches!(e, Event::Cancelled { .. })), "not cancelled");
    assert!(!t.state.log.iter().any(|e| matches!(e, Event::Damaged { .. })), "but the damage to the gone target is skipped");
}

#[test]
fn a_zone_change_makes_a_new_object_unless_the_game_keeps_it() {
    // FF 7.4: a card that moves is a new object. Trails 502.3a: moving between the field and
    // the homebase keeps the card (here: between field and removed, configured the same way).
    let mut t = Table::new();
    let soldier = t.field("Soldier", ME);
    let removed = t.state.zone_id("removed", Some(ME)).unwrap();
    let event = t.state.move_event(soldier, removed, None, Position::Top);
    t.state.apply(event);
    assert_ne!(t.state.current(soldier), soldier, "FF: a new object");

    let mut t = Table::with_config(|c| c.same_object_moves = vec![("field".into(), "removed".into())]);
    let soldier = t.field("Soldier", ME);
    let removed = t.state.zone_id("removed", Some(ME)).unwrap();
    t.state.apply(Event::Flag { object: soldier, flag: "dull".into(), value: true, by: vec![] });
    let event = t.state.move_event(soldier, removed, None, Position::Top);
    t.state.apply(event);
    assert_eq!(t.state.current(soldier), soldier, "the same object");
    assert!(t.state.object(soldier).flags.contains("dull"), "its state carries over");
}

#[test]
fn a_loop_no_player_can_stop_is_a_draw() {
    // FF 13.1, Trails 1501.1c: an infinite loop that no player can stop ends the game in a draw.
    let mut t = Table::new();
    t.field("Spring", ME);
    t.play("Yo-yo", ME);
    t.settle(&mut FirstOption);
    assert_eq!(t.state.outcome, Some(Outcome::Draw));
}

#[test]
fn ufs_current_state_keeps_a_modification_until_it_is_refreshed() {
    // UFS C.3.3.4.3: once applied to a card's current state, a modification is not re-applied,
    // un-applied or changed until the state is refreshed (C.3.3.4.2), even if its source leaves.
    let mut t = Table::with_config(|c| c.latch_modifications = true);
    let banner = t.field("Banner", ME);
    let soldier = t.field("Soldier", ME);
    assert_eq!(t.power(soldier), 6000, "the modification applied once");
    t.relocate(banner, "break_zone");
    assert_eq!(t.power(soldier), 6000, "it stays after Banner left");
    t.state.apply(Event::Refreshed { object: soldier });
    assert_eq!(t.power(soldier), 5000, "refreshed: back to its base values");
    let late = t.field("Soldier", ME);
    assert_eq!(t.power(late), 5000, "Banner is gone: nothing applies to a new card");
}
