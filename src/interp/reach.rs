//! Which events can reach a card's triggered abilities, worked out once per library from their
//! phrases: collecting triggers passes over the cards an event cannot trigger.

use crate::kernel::state::Library;
use crate::kernel::trigger::TriggerReach;

use super::abilities::triggered;

/// Which events can trigger each card's printed abilities and printed keywords.
pub(super) fn reach(library: &Library) -> &[TriggerReach] {
    library.trigger_reach.get_or_init(|| {
        library
            .cards
            .iter()
            .map(|card| {
                let keywords = card.keywords.iter().filter_map(|k| library.keywords.get(k.keyword.index()).and_then(Option::as_ref));
                let abilities = card.abilities.iter().chain(keywords.flat_map(|d| d.abilities.iter()));
                let mut reach = TriggerReach::default();
                for trigger in abilities.filter(|a| triggered(library, a)).filter_map(|a| a.trigger.as_ref()) {
                    reach.always |= trigger.state;
                    add_reach(library, &trigger.event, &mut reach);
                }
                reach
            })
            .collect()
    })
}

/// The kinds of events a trigger's phrase can match, by its primitives (as `could_match` tests
/// them), with the zones and names it fixes in the text; anything else reaches every such event.
fn add_reach(library: &Library, call: &crate::ir::Call, reach: &mut TriggerReach) {
    use crate::ir::Operand;
    use crate::vocab::primitive::Primitive;
    use crate::vocab::BoundArg;
    // A zone or word fixed by the phrase, `None` for any.
    let fixed = |arg: Option<&BoundArg>| match arg {
        Some(BoundArg::Word(w)) => Some(w.clone()),
        Some(BoundArg::Slot(i)) => match call.args.get(*i) {
            Some(Operand::Zone { zone, .. }) => Some(zone.clone()),
            _ => None,
        },
        _ => None,
    };
    for bound in &library.vocab.templates[call.template.index()].implementation {
        match bound.primitive {
            Primitive::Moved => reach.moves.push((fixed(bound.args.get(1)), fixed(bound.args.get(2)))),
            Primitive::Damaged => reach.damaged = true,
            Primitive::FlagChanged => match bound.args.get(1) {
                Some(BoundArg::Word(w)) => reach.flags.push(w.clone()),
                _ => reach.every_flag = true,
            },
            Primitive::ResourceChanged => reach.resource = true,
            Primitive::Signal => match bound.args.first() {
                Some(BoundArg::Word(w)) => reach.signals.push(w.clone()),
                _ => reach.every_signal = true,
            },
            _ => {}
        }
    }
}

