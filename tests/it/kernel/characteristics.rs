//! Computed characteristics: layers, timestamps, dependencies, set-base, locked and live sets.

use cardscript::kernel::*;

use super::table::{Table, ME, YOU};

#[test]
fn field_abilities_reach_forwards_that_arrive_later() {
    // FF 11.12.4.4-5: a field ability applies while its card is on the field, also to later arrivals.
    let mut t = Table::new();
    t.field("Banner", ME);
    let late = t.field("Soldier", ME);
    assert_eq!(t.power(late), 6000);
    let theirs = t.field("Soldier", YOU);
    assert_eq!(t.power(theirs), 5000, "only Forwards you control");
}

#[test]
fn resolved_effects_lock_the_set_they_affect() {
    // FF 11.12.4.2: an ongoing effect of a resolved Summon affects only the cards there at the time.
    let mut t = Table::new();
    let early = t.field("Soldier", ME);
    t.cast("Rally", ME, &mut FirstOption);
    let late = t.field("Soldier", ME);
    assert_eq!(t.power(early), 7000);
    assert_eq!(t.power(late), 5000);
}

#[test]
fn until_end_of_turn_effects_end_with_the_turn() {
    // FF 9.5.1.4: "until the end of the turn" effects end in the End Phase.
    let mut t = Table::new();
    let soldier = t.field("Soldier", ME);
    t.cast("Boost", ME, &mut FirstOption);
    assert_eq!(t.power(soldier), 8000);
    t.end_turn(&mut FirstOption);
    assert_eq!(t.power(soldier), 5000);
}

#[test]
fn setting_power_changes_the_base_and_other_changes_stay_on_top() {
    // FF 11.5.7, 11.3.10: "becomes" sets the base power; other changes apply to the new base.
    let mut t = Table::new();
    t.field("Banner", ME);
    let soldier = t.field("Soldier", ME);
    assert_eq!(t.power(soldier), 6000);
    t.cast("Shrink", ME, &mut FirstOption);
    assert_eq!(t.power(soldier), 3000, "base 2000, then Banner's +1000");
}

#[test]
fn dependent_effects_apply_after_what_they_depend_on() {
    // FF 11.12.4.12-13: Scout's count of Forwards with power 6000 or more depends on Banner's
    // +1000, so Banner applies first even though Scout's effect is older.
    let mut t = Table::new();
    let scout = t.field("Scout", ME);
    let _soldier = t.field("Soldier", ME);
    assert_eq!(t.power(scout), 1000, "no Forward has 6000 yet");
    t.field("Banner", ME);
    // Banner makes the Soldier 6000 (and the Scout 2000): Scout counts the Soldier.
    assert_eq!(t.power(scout), 3000);
}

#[test]
fn effects_in_one_layer_apply_in_timestamp_order() {
    // FF 11.12.4.9-11: independent effects apply in timestamp order; set-base comes first regardless.
    let mut t = Table::new();
    let soldier = t.field("Soldier", ME);
    t.cast("Boost", ME, &mut FirstOption);
    t.cast("Shrink", ME, &mut FirstOption);
    assert_eq!(t.power(soldier), 5000, "base set to 2000, then the earlier +3000");
}

#[test]
fn prohibitions_win_over_permissions() {
    // FF 2.2: when a rule says a card cannot do something and another says it can (or must), it cannot.
    let mut t = Table::new();
    let soldier = t.field("Soldier", YOU);
    t.cast("Chains", ME, &mut FirstOption);
    let chars = t.state.characteristics(soldier);
    assert_eq!(chars.may("block"), Some(false));
}

#[test]
fn characteristics_are_cached_until_the_state_changes() {
    let mut t = Table::new();
    let soldier = t.field("Soldier", ME);
    let first = t.state.view();
    assert!(std::rc::Rc::ptr_eq(&first, &t.state.view()), "same generation, same computed view");
    t.field("Banner", ME);
    assert!(!std::rc::Rc::ptr_eq(&first, &t.state.view()), "a new event invalidates it");
    assert_eq!(t.power(soldier), 6000);
}
