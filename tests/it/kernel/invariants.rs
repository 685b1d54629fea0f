//! Property tests: random sequences of legal actions never break the state's invariants.

use cardscript::kernel::*;
use proptest::prelude::*;

use super::table::{Table, ME, YOU};

const PLAYABLE: [&str; 9] = ["Soldier", "Giant", "Banner", "Scout", "Ward", "Sanctuary", "Martyr", "Lookout", "Veteran"];
const SUMMONS: [&str; 6] = ["Rally", "Shrink", "Bolt", "Boost", "Doom", "Chains"];

/// Every card is in exactly one zone; no object is lost or duplicated; what left is in no zone;
/// damage is never negative; every computed characteristic exists.
fn check_invariants(t: &Table) {
    let s = &t.state;
    let mut seen = std::collections::BTreeSet::new();
    for (z, zone) in s.zones.iter().enumerate() {
        for id in &zone.objects {
            assert!(seen.insert(*id), "{id:?} is in two zones");
            let o = s.object(*id);
            assert_eq!(o.zone.index(), z, "{id:?} thinks it is elsewhere");
            assert!(o.left.is_none(), "{id:?} left but is still in a zone");
            assert!(o.damage >= 0);
        }
    }
    let created = s.log.iter().filter(|e| matches!(e, Event::Created { .. })).count();
    assert_eq!(seen.len(), created, "every card is somewhere, exactly once");
    let view = s.view();
    for id in &seen {
        assert!(view[id.index()].is_some(), "{id:?} has characteristics");
    }
}

fn step(t: &mut Table, op: u8, pick: u8, agent: &mut RandomAgent) {
    let player = if pick.is_multiple_of(2) { ME } else { YOU };
    match op % 5 {
        0 => {
            t.play(PLAYABLE[pick as usize % PLAYABLE.len()], player);
            t.settle(agent);
        }
        1 => t.cast(SUMMONS[pick as usize % SUMMONS.len()], player, agent),
        2 => {
            let field: Vec<ObjectId> = t.state.in_zones("field").collect();
            if let Some(&victim) = field.get(pick as usize % field.len().max(1)) {
                let owner = t.state.object(victim).owner;
                let zone = t.state.zone_id("break_zone", Some(owner)).unwrap();
                let event = t.state.move_event(victim, zone, Some("break".into()), Position::Top);
                cardscript::interp::Ctx::new(&mut t.state, agent, None, owner, vec![]).happen(event).unwrap();
                t.settle(agent);
            }
        }
        3 => t.end_turn(agent),
        _ => {
            let field: Vec<ObjectId> = t.state.in_zones("field").collect();
            if let Some(&attacker) = field.get(pick as usize % field.len().max(1)) {
                let signal = Event::Signal { name: "attack".into(), objects: vec![attacker], player: Some(player), detail: None };
                cardscript::interp::announce(&mut t.state, agent, signal);
                t.settle(agent);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_actions_keep_the_invariants(ops in proptest::collection::vec((any::<u8>(), any::<u8>()), 1..25), seed in any::<u64>()) {
        let mut t = Table::new();
        let mut agent = RandomAgent { rng: rng::Rng::new(seed) };
        for (op, pick) in ops {
            if t.state.outcome.is_some() {
                break;
            }
            step(&mut t, op, pick, &mut agent);
            check_invariants(&t);
        }
    }

    #[test]
    fn rewinding_restores_the_exact_state(ops in proptest::collection::vec((any::<u8>(), any::<u8>()), 1..10), seed in any::<u64>()) {
        // FF 14.1-14.3: whatever an attempted action did, a rewind leaves nothing behind.
        let mut t = Table::new();
        let mut agent = RandomAgent { rng: rng::Rng::new(seed) };
        t.field("Lookout", ME);
        let before = t.state.digest();
        let _ = t.state.attempt(|state| -> Result<(), Illegal> {
            let mut inner = Table { state: state.clone(), names: t.names.clone() };
            for (op, pick) in ops {
                step(&mut inner, op, pick, &mut agent);
            }
            *state = inner.state;
            Err(Illegal("the action turned out illegal".into()))
        });
        prop_assert_eq!(t.state.digest(), before);
    }
}
