//! Which events can reach a card's triggered abilities, worked out once per library from their
//! phrases: collecting triggers passes over the cards an event cannot trigger, and looks outside the ability zones only for cards whose abilities work there.

use crate::ir::AbilityIr;
use crate::kernel::state::Library;
use crate::kernel::trigger::{Reaches, TriggerReach};
use crate::kernel::{Change, Event, GameState, Name, ObjectId};

use super::abilities::{active_zone, triggered};

/// Which events can trigger each card's printed abilities and printed keywords, and each keyword's;
/// which cards have triggered abilities that work in a zone they name, and what those reach.
fn reaches(library: &Library) -> &Reaches {
    library.trigger_reach.get_or_init(|| {
        let keyword = |k: crate::vocab::KeywordId| keyword_abilities(library, k);
        let (mut from_zones, mut from_zone_reach) = (Vec::<Name>::new(), TriggerReach::default());
        let from_zone = library
            .cards
            .iter()
            .map(|card| {
                let named: Vec<&AbilityIr> = printed(library, card).filter(|a| triggered(library, a) && active_zone(library, a).is_some()).collect();
                for zone in named.iter().filter_map(|a| active_zone(library, a)) {
                    if !from_zones.iter().any(|z| z == zone) {
                        from_zones.push(Name::new(zone));
                    }
                }
                add_reaches(library, named.iter().copied(), &mut from_zone_reach);
                !named.is_empty()
            })
            .collect();
        Reaches {
            cards: library.cards.iter().map(|card| reach_of(library, printed(library, card))).collect(),
            keywords: (0..library.vocab.keywords.len()).map(|k| reach_of(library, keyword(crate::vocab::KeywordId(k as u32)))).collect(),
            from_zone,
            from_zones,
            from_zone_reach,
            keyword_reads: {
                let mut names = vec![];
                super::abilities::add_names_read(library, (0..library.vocab.keywords.len()).flat_map(|k| keyword(crate::vocab::KeywordId(k as u32))), &mut names);
                names
            },
        }
    })
}

/// A keyword's own abilities.
fn keyword_abilities(library: &Library, k: crate::vocab::KeywordId) -> impl Iterator<Item = &AbilityIr> {
    library.keywords.get(k.index()).and_then(Option::as_ref).map(|d| d.abilities.iter()).into_iter().flatten()
}

/// A card's printed abilities and its printed keywords'.
fn printed<'a>(library: &'a Library, card: &'a crate::ir::CardIr) -> impl Iterator<Item = &'a AbilityIr> {
    card.abilities.iter().chain(card.keywords.iter().flat_map(move |k| keyword_abilities(library, k.keyword)))
}

fn reach_of<'a>(library: &Library, abilities: impl Iterator<Item = &'a AbilityIr>) -> TriggerReach {
    let mut reach = TriggerReach::default();
    add_reaches(library, abilities, &mut reach);
    reach
}

fn add_reaches<'a>(library: &Library, abilities: impl Iterator<Item = &'a AbilityIr>, reach: &mut TriggerReach) {
    for trigger in abilities.filter(|a| triggered(library, a)).filter_map(|a| a.trigger.as_ref()) {
        reach.always |= trigger.state;
        add_reach(library, &trigger.event, reach);
    }
}

/// FF 11.9.1: the cards outside the ability zones whose triggered abilities work where they are ("This effect
/// will trigger only if Ghost is in the Break Zone", `[from your break zone]`), added to `candidates` (which the
/// reach and `works_in` then judge); the zones are looked at only for an event such abilities may reach.
pub(super) fn from_zone_candidates(state: &GameState, event: &Event, candidates: &mut super::abilities::Candidates) {
    let r = reaches(&state.library);
    if r.from_zones.is_empty() || !(state.audit || r.from_zone_reach.reaches(state, event, None)) {
        return;
    }
    for zone in state.zones.iter().filter(|z| z.name.is_in(&r.from_zones) && !z.name.is_in(&state.config.ability_zones)) {
        for &o in &zone.objects {
            let object = state.object(o);
            if object.left.is_none() && r.from_zone[object.card.index()] && !candidates.contains(&o) {
                candidates.push(o);
            }
        }
    }
}

/// Which objects `event` may trigger an ability of (`None`: a state trigger's condition, looked at
/// whatever happened), judged by their printed abilities and keywords before their
/// characteristics are worked out; `None` when any object may, because an effect gives abilities
/// the event may trigger (a granted keyword's, granted abilities, a copy).
pub fn reached<'a>(state: &'a GameState, event: Option<&'a Event>) -> Option<impl Fn(ObjectId) -> bool + 'a> {
    (!effects_give_reach(state, event)).then(|| {
        // When no card in the game can be reached (`game_reaches`), none is looked at.
        let any = event.is_none_or(|e| game_reaches(state, e));
        move |o: ObjectId| any && card_reached(state, event, o)
    })
}

/// Whether an effect gives abilities `event` may trigger (a granted keyword's, granted abilities, a
/// copy): then no card can be passed over by its printed abilities (`reached`).
pub fn effects_give_reach(state: &GameState, event: Option<&Event>) -> bool {
    if state.audit {
        let kept = state.giving_abilities.to_vec();
        let found: Vec<_> = state.effects.iter().filter_map(|e| Some((e.id, e.change.gives_abilities()?))).collect();
        assert_eq!(kept, found, "the effects giving abilities are not those kept");
    }
    // Asked at every event: most of the time no effect gives abilities.
    if state.giving_abilities.is_empty() {
        return false;
    }
    let reaches = reaches(&state.library);
    let gives = |keyword: Option<crate::vocab::KeywordId>| keyword.is_none_or(|k| may(state, &reaches.keywords[k.index()], event, None));
    state.giving_abilities.iter().any(|(_, keyword)| gives(*keyword))
}

/// Whether `event` may trigger a printed ability or keyword of `object`'s card (`reached`, when no
/// effect gives abilities).
pub fn card_reached(state: &GameState, event: Option<&Event>, object: ObjectId) -> bool {
    may(state, &reaches(&state.library).cards[state.object(object).card.index()], event, Some(object))
}

/// `reach` judged for `event` (of the card of `object`, or of any card); for a state trigger's condition (no
/// event), whether it has one.
fn may(state: &GameState, reach: &TriggerReach, event: Option<&Event>, object: Option<ObjectId>) -> bool {
    event.map_or(reach.always, |e| reach.reaches(state, e, object))
}

/// Whether `event` may trigger a printed ability or keyword of any card in the game (any object's
/// card): when not, and no effect gives abilities (`reached`), no card need be looked at.
pub fn game_reaches(state: &GameState, event: &Event) -> bool {
    game_reach(state).reach.reaches(state, event, None)
}

/// Whether one of `cards` may hear `event` (`reached`): none is looked at when no card of the game could.
pub fn any_reached(state: &GameState, event: &Event, mut cards: impl Iterator<Item = ObjectId>) -> bool {
    effects_give_reach(state, Some(event)) || (game_reaches(state, event) && cards.any(|o| card_reached(state, Some(event), o)))
}

/// Whether an object of `card` has been in the game (a card of a deck, or put into the game since): what a game asks
/// to pass over cards no card of the game could concern.
pub fn card_in_game(state: &GameState, card: crate::kernel::CardId) -> bool {
    game_reach(state).seen.get(card.index()).copied().unwrap_or(false)
}

/// Whether a card of the game reads what the game keeps as `name` (`card_reads`): a list, a mark or a value that only
/// card text reads (FF "the number of cards you have drawn this turn", 14-130H; "if a Forward you controlled was put
/// from the field into the Break Zone this turn") is not kept when no card reads it. Audited games assert, wherever a
/// phrase reads one, that the game keeps it.
pub fn game_reads(state: &GameState, name: &str) -> bool {
    game_reach(state).reads.iter().any(|n| &**n == name)
}

/// What the cards of the game reach, brought up to the objects there are now.
fn game_reach(state: &GameState) -> std::cell::RefMut<'_, std::rc::Rc<crate::kernel::trigger::GameReach>> {
    let mut cached = state.cache.game_reach.borrow_mut();
    let upto = state.cache.game_reach_upto.replace(state.objects.len());
    if upto != state.objects.len() {
        let reaches = reaches(&state.library);
        let fresh = &state.objects[upto.min(state.objects.len())..];
        // A new object of a card seen before (a card that moved) reaches nothing new: the reach,
        // shared with `attempt`'s snapshots, is not copied for it.
        if fresh.iter().any(|o| !cached.seen.get(o.card.index()).copied().unwrap_or(false)) {
            let game = std::rc::Rc::make_mut(&mut cached);
            game.seen.resize(reaches.cards.len(), false);
            if upto == 0 {
                game.reads.clone_from(&reaches.keyword_reads);
            }
            for object in fresh {
                let card = object.card.index();
                if !game.seen[card] {
                    game.seen[card] = true;
                    game.reach.merge(&reaches.cards[card]);
                    for name in super::abilities::names_read_by(&state.library, object.card).iter() {
                        super::abilities::add_name(&mut game.reads, name);
                    }
                }
            }
        }
    }
    cached
}

/// Whether a triggered ability of some card in the game, printed, of a keyword or given by an effect, listens for the
/// announcement `name` (by name, or every announcement; a state trigger, which looks after every event, does not):
/// what `GameConfig::trigger_signal` asks before it is announced.
pub fn game_listens_for(state: &GameState, name: &str) -> bool {
    let hears = |r: &TriggerReach| r.every_signal || r.signals.iter().any(|s| s == name);
    let reaches = reaches(&state.library);
    let given = state.effects.iter().any(|e| match &e.change {
        Change::GrantKeyword(k) => hears(&reaches.keywords[k.index()]),
        Change::GrantAbilities(list) => list.iter().filter_map(|a| a.trigger.as_ref()).any(|t| {
            let mut reach = TriggerReach::default();
            add_reach(&state.library, &t.event, &mut reach);
            hears(&reach)
        }),
        Change::Copy { card, .. } => hears(&reaches.cards[card.index()]),
        _ => false,
    });
    let probe = Event::Signal { name: Name::new(name), objects: vec![], player: None, detail: None };
    // Brings the game's reach up to date, then reads it.
    given || (game_reaches(state, &probe) && hears(&state.cache.game_reach.borrow().reach))
}

/// A zone (or word) a phrase's bound argument fixes in the text, `None` for any.
pub(super) fn fixed_zone<'c>(call: &'c crate::ir::Call, arg: Option<&'c crate::vocab::BoundArg>) -> Option<&'c str> {
    match arg {
        Some(crate::vocab::BoundArg::Word(w)) => Some(w),
        Some(crate::vocab::BoundArg::Slot(i)) => match call.args.get(*i) {
            Some(crate::ir::Operand::Zone { zone, .. }) => Some(zone),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a phrase's subject at `arg` is the card itself (`this`, which compiles to `Selector::Source`).
pub(super) fn about_this(call: &crate::ir::Call, arg: Option<&crate::vocab::BoundArg>) -> bool {
    matches!(arg, Some(crate::vocab::BoundArg::Slot(i)) if call.args.get(*i) == Some(&crate::ir::Operand::This))
}

/// The kinds of events a trigger's phrase can match, by its primitives (as `could_match` tests
/// them), with the zones and names it fixes in the text; anything else reaches every such event.
fn add_reach(library: &Library, call: &crate::ir::Call, reach: &mut TriggerReach) {
    use crate::vocab::primitive::Primitive;
    use crate::vocab::BoundArg;
    let fixed = |arg: Option<&BoundArg>| fixed_zone(call, arg).map(Name::new);
    for bound in library.vocab.templates[call.template.index()].implementation.iter() {
        match bound.primitive {
            Primitive::Moved => reach.moves.push((fixed(bound.args.get(1)), fixed(bound.args.get(2)), about_this(call, bound.args.first()))),
            Primitive::Damaged => reach.damaged = true,
            Primitive::FlagChanged => match bound.args.get(1) {
                Some(BoundArg::Word(w)) => reach.flags.push(Name::new(w)),
                _ => reach.every_flag = true,
            },
            Primitive::ResourceChanged => reach.resource = true,
            Primitive::Signal => match bound.args.first() {
                Some(BoundArg::Word(w)) => reach.signals.push(Name::new(w)),
                _ => reach.every_signal = true,
            },
            _ => {}
        }
    }
}

