//! Abilities in play: which abilities an object has and where they work, and triggered abilities
//! watching every event (FF 11.8); always-on ones are in always_on.rs (FF 11.9).

use std::borrow::Cow;
use std::sync::Arc;

use crate::ir::AbilityIr;
use crate::kernel::decision::Agent;
use crate::kernel::state::Library;
use crate::kernel::trigger::{AbilityRef, PendingTrigger};
use crate::kernel::{Binding, Duration, Event, GameState, ObjectId};
use crate::syntax::ast::TriggerWord;
use crate::vocab::AbilityClass;

use super::always_on::{end_always_on, register_granted_abilities, register_granted_keywords, register_static};
use super::Ctx;

/// The abilities an object has now: printed ones and those of its keywords (granted keywords
/// included), none when it has lost them; granted ones are copied (its characteristics are not
/// kept). `abilities_in` reads them in place.
pub fn abilities_of<'l>(state: &GameState, library: &'l Library, object: ObjectId) -> Vec<(AbilityRef, Cow<'l, AbilityIr>)> {
    let chars = state.characteristics(object);
    abilities_in(library, state.object(object).card, &chars)
        .map(|(r, a)| {
            let written = library.ability(&r).map_or_else(|| Cow::Owned(a.clone()), Cow::Borrowed);
            (r, written)
        })
        .collect()
}

/// `abilities_of`, read where they are written (in the library, and in `chars` for those effects
/// granted) with nothing collected or copied.
pub fn abilities_in<'a>(library: &'a Library, card: crate::kernel::CardId, chars: &'a crate::kernel::Characteristics) -> impl Iterator<Item = (AbilityRef, &'a AbilityIr)> + 'a {
    let printed = library.card(card).abilities.iter().enumerate().filter(|_| !chars.stripped).map(move |(index, a)| (AbilityRef::Printed { card, index }, a));
    let keywords = chars
        .keywords
        .iter()
        .filter_map(|k| Some((*k, library.keywords.get(k.index())?.as_ref()?)))
        .flat_map(|(keyword, def)| def.abilities.iter().enumerate().map(move |(index, a)| (AbilityRef::Keyword { keyword, index }, a)));
    let granted = chars.granted.iter().flat_map(|(effect, list)| list.iter().enumerate().map(move |(index, a)| (AbilityRef::Granted { effect: *effect, index }, a)));
    printed.chain(keywords).chain(granted)
}

/// The names a keyword's abilities use for its parameters, bound to the arguments the card gives
/// (`Breaker(2)`: `rating` is 2). Empty for other abilities.
pub fn keyword_env(state: &GameState, library: &Library, object: ObjectId, ability: &AbilityRef) -> crate::kernel::Env {
    let AbilityRef::Keyword { keyword, .. } = ability else { return vec![] };
    let card = library.card(state.object(object).card);
    let Some(used) = card.keywords.iter().find(|k| k.keyword == *keyword) else { return vec![] };
    let params = &library.vocab.keywords[keyword.index()].params;
    params
        .iter()
        .zip(&used.args)
        .filter_map(|((name, _), arg)| {
            let binding = match arg {
                crate::ir::Operand::Number(n) => Binding::Number(*n),
                crate::ir::Operand::Signed { negative, value } => match value.as_ref() {
                    crate::ir::Operand::Number(n) => Binding::Number(if *negative { -n } else { *n }),
                    _ => return None,
                },
                crate::ir::Operand::Symbols(symbols) => Binding::Value(crate::kernel::Value::Text(symbols.join(" "))),
                crate::ir::Operand::Abilities(list) => Binding::Abilities(Arc::new(list.clone())),
                other => Binding::Value(crate::kernel::Value::from_printed(other)?),
            };
            Some((crate::kernel::Name::new(name), binding))
        })
        .collect()
}

pub(super) fn triggered(library: &Library, ability: &AbilityIr) -> bool {
    ability.trigger.is_some() && class_of(library, ability) == AbilityClass::Triggered
}

fn keyword_triggers(library: &Library, keyword: crate::vocab::KeywordId) -> bool {
    library.keywords.get(keyword.index()).and_then(Option::as_ref).is_some_and(|d| d.abilities.iter().any(|a| triggered(library, a)))
}

/// Whether an object has any triggered ability at all (printed, from a keyword, or granted).
pub(super) fn may_trigger(library: &Library, card: crate::kernel::CardId, chars: &crate::kernel::Characteristics) -> bool {
    !chars.granted.is_empty()
        || (!chars.stripped && library.card(card).abilities.iter().any(|a| triggered(library, a)))
        || chars.keywords.iter().any(|k| keyword_triggers(library, *k))
}

pub fn class_of(library: &Library, ability: &AbilityIr) -> AbilityClass {
    library.vocab.ability_kinds[ability.kind.index()].class
}

/// An ability's tags, each with the word it names if any (`[from your hand]`:
/// `("active_zone", Some("hand"))`, `[once per turn]`: `("once_per_turn", None)`); read where they
/// are written, nothing copied.
pub fn ability_tags<'a>(library: &'a Library, ability: &'a AbilityIr) -> impl Iterator<Item = (&'a str, Option<&'a str>)> + 'a {
    // A word written in the tag's binding, or the zone its slot holds (`[in homebase]`, Trails 1202.5).
    let word = |call: &'a crate::ir::Call, arg: Option<&'a crate::vocab::BoundArg>| match arg {
        Some(crate::vocab::BoundArg::Word(w)) => Some(w.as_str()),
        Some(crate::vocab::BoundArg::Slot(i)) => match call.args.get(*i) {
            Some(crate::ir::Operand::Zone { zone, .. }) => Some(zone.as_str()),
            _ => None,
        },
        _ => None,
    };
    ability
        .tags
        .iter()
        .flat_map(|call| library.vocab.templates[call.template.index()].implementation.iter().map(move |b| (call, b)))
        .filter(|(_, b)| b.primitive == crate::vocab::primitive::Primitive::Tag)
        .filter_map(move |(call, b)| Some((word(call, b.args.first())?, word(call, b.args.get(1)))))
}

/// Whether an ability has the tag `name`.
pub fn has_tag(library: &Library, ability: &AbilityIr, name: &str) -> bool {
    !ability.tags.is_empty() && ability_tags(library, ability).any(|(t, _)| t == name)
}

/// The zone an ability says it works in (`[from your hand]`: `tag(active_zone, hand)`), if any.
pub(super) fn active_zone<'a>(library: &'a Library, ability: &'a AbilityIr) -> Option<&'a str> {
    ability_tags(library, ability).find_map(|(t, zone)| if t == "active_zone" { zone } else { None })
}

/// Whether an object's ability works where the object is: the zone the ability names, or else
/// the game's ability zones (FF 11.9.1, SE14 11.10.1) narrowed to those of the object's kinds
/// (Trails 1202.2: a UNIT's crafts on the field; 1202.4: a BASE's in the homebase).
pub(super) fn works_in(state: &GameState, object: ObjectId, ability: &AbilityIr) -> bool {
    // An ability that works in every zone (`tag(every_zone)`: Trails 1212.2 Baseline Crafts).
    if has_tag(&state.library, ability, "every_zone") {
        return true;
    }
    let zone = &state.zone(state.object(object).zone).name;
    if let Some(named) = active_zone(&state.library, ability) {
        return named == *zone;
    }
    let kinds = &state.characteristics(object).kinds;
    let mut by_kind = state.config.kind_ability_zones.iter().filter(|(k, _)| state.library.vocab.is_of(kinds, *k)).peekable();
    match by_kind.peek() {
        Some(_) => by_kind.any(|(_, z)| z == zone),
        None => zone.is_in(&state.config.ability_zones),
    }
}

/// Whether a card that arrived outside the ability zones has always-on abilities that work where it is.
fn works_outside(state: &GameState, object: ObjectId) -> bool {
    let o = state.object(object);
    if o.left.is_some() {
        return false;
    }
    let zone = &state.zone(o.zone).name;
    let library = &state.library;
    let card = library.card(o.card);
    let named_here = |a: &AbilityIr| active_zone(library, a).is_some_and(|z| z == *zone);
    card.abilities.iter().any(|a| named_here(a) || has_tag(library, a, "every_zone"))
        || card.keywords.iter().any(|k| library.keywords.get(k.keyword.index()).and_then(Option::as_ref).is_some_and(|d| d.abilities.iter().any(named_here)))
}

/// The objects in the game's ability zones, zone by zone.
pub(super) fn in_ability_zones(state: &GameState) -> impl Iterator<Item = ObjectId> + '_ {
    state.zones.iter().filter(|z| z.name.is_in(&state.config.ability_zones)).flat_map(|z| z.objects.iter().copied()).filter(|o| state.object(*o).left.is_none())
}

fn in_ability_zone(state: &GameState, object: ObjectId) -> bool {
    let o = state.object(object);
    o.left.is_none() && state.zone(o.zone).name.is_in(&state.config.ability_zones)
}

/// Whether a printed ability or keyword of the card reads what the game keeps as `name`: a list it tracks
/// (`tracked(name)`), a state (`game_state(name)`) or a value a card remembers (`remembered(name)`). A game keeps what
/// costs events and lines in every transcript only for a card that reads it.
pub fn card_reads(library: &Library, card: crate::kernel::CardId, name: &str) -> bool {
    names_read_by(library, card).iter().any(|n| &**n == name)
}

/// The names `card_reads` answers for, worked out once per library.
pub(super) fn names_read_by(library: &Library, card: crate::kernel::CardId) -> &crate::kernel::state::NamesRead {
    let cards = library.card_reads.get_or_init(|| (0..library.cards.len()).map(|_| Default::default()).collect());
    cards[card.index()].get_or_init(|| {
        let mut names = vec![];
        add_names_read(library, library.printed_abilities(card), &mut names);
        names.into()
    })
}

/// Adds to `names` what the game keeps that `abilities` read (`names_read`), each name once.
pub(super) fn add_names_read<'a>(library: &Library, abilities: impl IntoIterator<Item = &'a AbilityIr>, names: &mut Vec<Box<str>>) {
    for ability in abilities {
        names_read(library, ability, &mut |n| add_name(names, n));
    }
}

/// Adds `name` to `names` unless it is there.
pub(super) fn add_name(names: &mut Vec<Box<str>>, name: &str) {
    if !names.iter().any(|x| &**x == name) {
        names.push(name.into());
    }
}

/// `card_reads` for one ability.
pub fn ability_reads(library: &Library, ability: &AbilityIr, name: &str) -> bool {
    let mut found = false;
    names_read(library, ability, &mut |n| found |= n == name);
    found
}

/// Calls `f` with the name of each tracked list, game state and remembered value the ability reads.
fn names_read(library: &Library, ability: &AbilityIr, f: &mut impl FnMut(&str)) {
    use crate::vocab::primitive::Primitive;
    let templates = &library.vocab.templates;
    ability.each_call(&mut |call| {
        for b in templates[call.template.index()].implementation.iter() {
            if let (Primitive::Tracked | Primitive::GameState | Primitive::Remembered, Some(crate::vocab::BoundArg::Word(w))) = (b.primitive, b.args.first()) {
                f(w);
            }
        }
    });
}

/// Whether cards described so come or go as their states change.
fn reads_flags(selector: &crate::kernel::Selector) -> bool {
    let mut reads = crate::kernel::value::Reads::default();
    selector.reads(&mut reads);
    reads.flags
}

/// Applies an event that a game procedure announces (a phase beginning, an attack) and collects
/// what it triggers. Events from effects go through `Ctx::happen`, which also applies replacements.
pub fn announce(state: &mut GameState, agent: &mut dyn Agent, event: Event) {
    state.apply(event);
    let index = state.log.len() - 1;
    after_event(state, agent, index);
}

/// After an event: start the always-on abilities of arrivals, latch modifications that now
/// apply (UFS C.3.3.4), then collect what triggered.
pub fn after_event(state: &mut GameState, agent: &mut dyn Agent, index: usize) {
    // What of the event matters here, read where it is logged (not copied).
    let (moved, arrived, remembered, began) = match &state.log[index] {
        Event::Moved { old, new, from, to, .. } => (Some((*old, *new, *from, *to)), Some(*new), None, None),
        Event::Created { object, .. } => (None, Some(*object), None, None),
        Event::Remembered { object, .. } => (None, None, Some(*object), None),
        Event::EffectBegan { effect } => match effect.change {
            crate::kernel::Change::GrantKeyword(_) => (None, None, None, Some((effect.id, Granted::Keyword))),
            crate::kernel::Change::GrantAbilities(_) => (None, None, None, Some((effect.id, Granted::Abilities))),
            _ => (None, None, None, None),
        },
        _ => (None, None, None, None),
    };
    // The same object in another zone (Trails 502.3a, 506.4): the effects its always-on abilities
    // began where it was stop; those valid where it is now begin again (Trails 1202.2: a UNIT's
    // continuous crafts work on the field, not in the homebase).
    if let Some((old, new, from, to)) = moved
        && old == new
    {
        // Into a zone of another name (field to homebase, not a control change), whatever lasts
        // while it stays in its zone ends too (support given to it, Trails 1220.1b).
        let other_zone = state.zone(from).name != state.zone(to).name;
        end_always_on(state, new, other_zone);
    }
    if let Some(object) = arrived
        && (in_ability_zone(state, object) || works_outside(state, object))
    {
        register_static(state, agent, object);
    }
    // What it remembered may change its always-on abilities ("link those organizations").
    if let Some(object) = remembered
        && in_ability_zone(state, object)
    {
        let own: Vec<crate::kernel::EffectId> = state.effects.iter().filter(|e| e.duration == Duration::WhileIn(object)).map(|e| e.id).collect();
        for effect in own {
            state.apply(Event::EffectEnded { effect });
        }
        register_static(state, agent, object);
    }
    // A keyword an effect in force grants to the cards in a state reaches a card that comes into it ("The Forwards
    // forming a party you control gain Brave", 12-058C Gippal): its always-on abilities start (FF 11.12.4, 15.2).
    if matches!(state.log[index], Event::Flag { .. }) && state.effects.iter().any(|e| matches!(e.change, crate::kernel::Change::GrantKeyword(_)) && reads_flags(&e.affected)) {
        register_granted_keywords(state, agent);
    }
    // A keyword granted by an effect brings its always-on abilities (FF 11.12.4, 15.2).
    match began {
        Some((_, Granted::Keyword)) => register_granted_keywords(state, agent),
        Some((id, Granted::Abilities)) => register_granted_abilities(state, agent, id),
        _ => {}
    }
    for latch in state.new_latches() {
        state.apply(latch);
    }
    collect_triggers(state, agent, index);
}

/// What an effect that began grants, for `after_event`.
enum Granted {
    Keyword,
    Abilities,
}

/// The objects an event may trigger: a game's ability zones hold a few dozen, kept without allocating.
pub(super) type Candidates = smallvec::SmallVec<[ObjectId; 32]>;

/// Triggered abilities and delayed triggers that the event at `index` triggers; each becomes a
/// pending trigger (FF 11.8.3, 11.8.6; Trails 1211). Leaving-play triggers look back at the
/// object as it was (FF 11.8.16, Trails 1211.6).
pub fn collect_triggers(state: &mut GameState, agent: &mut dyn Agent, index: usize) {
    // Decisions and the bookkeeping of what waits to resolve trigger nothing.
    if matches!(
        state.log[index],
        Event::Decided { .. } | Event::PhaseBegan { .. } | Event::Primary { .. } | Event::Pushed { .. } | Event::Triggered { .. } | Event::TriggerTaken { .. } | Event::TriggerPlayed { .. } | Event::Cancelled { .. } | Event::Simultaneous { .. } | Event::Retargeted { .. }
    ) {
        return;
    }
    // Read where it is logged: copied only once some card or delayed trigger may hear it.
    let event = &state.log[index];
    // Most events can trigger no card in the game: then none is looked at (unless effects give
    // abilities, when `reached` cannot tell), and when no delayed trigger waits either, nothing is.
    let by_cards = !state.audit && !super::reach::effects_give_reach(state, Some(event));
    let no_card = by_cards && !super::reach::game_reaches(state, event);
    if no_card && state.delayed.is_empty() {
        return;
    }
    let library = state.library.clone();
    let mut candidates: Candidates = if no_card { Candidates::new() } else { in_ability_zones(state).collect() };
    let mut subject: smallvec::SmallVec<[ObjectId; 1]> = smallvec::SmallVec::new();
    // Trails 1211.6a-b, 1221: a card that left the field (or a public zone for a private one) is
    // read, by the triggers of its move, as it was there (its last known information); their
    // effects still act on where it is now.
    let mut looked_back = None;
    // Whether the game reads every card that moved as it was (Trails 1211.6), not only this event's.
    let game_looks_back = state.config.look_back_into_private || !state.config.look_back_from.is_empty();
    if let Event::Moved { old, new, from, to, hidden, .. } = event {
        let left_ability_zone = state.zone(*from).name.is_in(&state.config.ability_zones);
        if left_ability_zone && old != new {
            candidates.push(*old);
        }
        // Trails 1211.6a: from a public zone into a private one, or a card that arrives hidden in a
        // public zone (face-down in the homebase, 503.2), as it was in the public zone.
        let (was, now) = (state.zone(*from).visibility, state.zone(*to).visibility);
        let was_hidden = state.hidden(*old);
        let into_private = state.config.look_back_into_private && was == crate::kernel::Visibility::Public && !was_hidden && (now != crate::kernel::Visibility::Public || *hidden);
        if old != new && (into_private || state.zone(*from).name.is_in(&state.config.look_back_from)) {
            looked_back = Some(*old);
        }
        subject.push(if state.object(*new).left.is_none() && looked_back.is_none() { *new } else { *old });
    }
    if let Event::Damaged { object, .. } | Event::Flag { object, .. } = event {
        subject.push(*object);
    }
    // Most announcements name a card or two: kept without allocating.
    let signal_objects: smallvec::SmallVec<[ObjectId; 4]> = match event {
        Event::Signal { objects, .. } => objects.iter().copied().collect(),
        _ => smallvec::SmallVec::new(),
    };
    // A card announced as it was in an ability zone it has just left (a card played from there)
    // triggers on the announcement by what it was there (Trails 1211.6, 1202.5).
    for &o in &signal_objects {
        let old = state.object(o);
        if old.left.is_some() && state.zone(old.zone).name.is_in(&state.config.ability_zones) && !candidates.contains(&o) {
            candidates.push(o);
        }
    }
    // A card an announcement names triggers on it from outside the ability zones when its ability names the
    // zone it is in (FF 11.9.1: "When Argy is put into the Break Zone in any situation by ...", 12-074H, works
    // from the Break Zone it was put into): a candidate, which the reach and `works_in` below judge.
    for &o in &signal_objects {
        if state.object(o).left.is_none() && !candidates.contains(&o) && !in_ability_zone(state, o) {
            candidates.push(o);
        }
    }
    // FF 11.9.1: cards whose triggered abilities work outside the ability zones, where they are (9-036H Ghost's
    // "This effect will trigger only if Ghost is in the Break Zone"), for any event those abilities may reach.
    if !no_card {
        super::reach::from_zone_candidates(state, event, &mut candidates);
    }
    // The event that makes an object's abilities stop working still triggers them (it looks
    // back, as leaving-play triggers do), and so do the events at the same time; afterwards they
    // trigger nothing (Trails 1202.2a, 804.11a).
    // A card whose printed abilities and keywords cannot trigger on this kind of event is passed
    // over before its characteristics are worked out (unless effects give abilities it may trigger).
    if no_card {
        candidates.clear();
    } else if by_cards {
        candidates.retain(|o| super::reach::card_reached(state, Some(event), *o));
    }
    let since = state.simultaneous_since.unwrap_or(index).min(index);
    if !state.config.inactive_flags.is_empty() {
        candidates.retain(|o| !state.abilities_inactive(*o) || set_during(state, since, index, *o, &state.config.inactive_flags));
    }
    if candidates.is_empty() {
        // Only delayed triggers may hear it (most events that get this far): they read it where it is logged.
        if !state.delayed.is_empty() {
            collect_delayed(state, agent, index, &subject, looked_back, vec![]);
        }
        return;
    }
    // Copied: the cards' triggers may change the game as they are found.
    let event = event.clone();
    let mut found = vec![];
    for object in candidates {
        let chars = state.characteristics(object);
        if !may_trigger(&library, state.object(object).card, &chars) {
            continue;
        }
        let controller = chars.controller;
        for (ability_ref, ability) in abilities_in(&library, state.object(object).card, &chars) {
            let Some(trigger) = &ability.trigger else { continue };
            if trigger.word == TriggerWord::InsteadOf || class_of(&library, ability) != AbilityClass::Triggered {
                continue;
            }
            // Audited games compile every pattern, and check that the quick test kept each that matched.
            if (!trigger.state && !state.audit && !could_match(state, &trigger.event, &event, object)) || !works_in(state, object, ability) {
                continue;
            }
            // A hidden card's abilities that name no zone are not valid (Trails 1202.2-4).
            let hidden = state.hidden_without_abilities(object) && !set_during(state, since, index, object, &state.config.hidden_flags);
            if hidden && active_zone(&library, ability).is_none() {
                continue;
            }
            let params = keyword_env(state, &library, object, &ability_ref);
            if trigger.state {
                // FF 11.8.18, Trails 1211.9: a state trigger triggers while its condition holds,
                // after every event, or only at Rule Check if the game says so (`conditional`).
                if !state.config.conditional_triggers_at_rule_check
                    && let Some(t) = super::conditional::conditional_trigger(state, agent, object, controller, ability_ref, ability, params, index, &found)
                {
                    found.push(t);
                }
                continue;
            }
            let ctx = Ctx::new(state, agent, Some(object), controller, params.clone());
            let Ok(pattern) = ctx.pattern(&trigger.event) else { continue };
            if !state.event_matches(&pattern, &event, Some(object)) {
                continue;
            }
            if state.audit {
                assert!(could_match(state, &trigger.event, &event, object), "the quick test of {}'s trigger misses {event:?}", state.name_of(object));
            }
            // For an announced event, `it` is the other card involved ("whenever this stuns a
            // unit: KO it"), or the card itself when it is the only one.
            let subject = if signal_objects.is_empty() {
                subject.to_vec()
            } else {
                let others: Vec<ObjectId> = signal_objects.iter().copied().filter(|o| *o != object).collect();
                if others.is_empty() { signal_objects.to_vec() } else { others }
            };
            let mut env = params;
            env.extend(trigger_env(&library, &trigger.event, &event, &subject));
            if let Some(old) = looked_back {
                env.push((crate::kernel::name!(crate::kernel::LOOKED_BACK), Binding::Objects(vec![old])));
            }
            // FF 11.11.4, Trails 1221: its condition reads a card whose own move off the field
            // triggered it as it was there.
            if let Event::Moved { old, new, .. } = &event
                && *old == object
                && old != new
                && ability.condition.is_some()
            {
                env.push((crate::kernel::name!(crate::kernel::AS_IT_WAS), Binding::Objects(vec![*old])));
            }
            // SE14 15.2.6.3: an ability its controller chooses whether to use as it would trigger.
            if matches!(pattern, crate::kernel::replacement::EventPattern::Asked(_)) {
                let question = crate::kernel::Question::YesNo { prompt: "use this ability?".into() };
                if !matches!(state.ask(agent, controller, question), crate::kernel::Answer::Yes(true)) {
                    continue;
                }
            }
            // An ability that triggers once per turn (`tag(once_per_turn)`) does not trigger again.
            let once = has_tag(&library, ability, "once_per_turn").then(|| format!("{}{}", crate::kernel::USED_THIS_TURN, ability.span.start));
            if once.as_ref().is_some_and(|mark| state.object(object).flags.contains(mark.as_str())) {
                continue;
            }
            if let Some(mark) = once {
                state.apply(Event::Flag { object, flag: mark.into(), value: true, by: vec![] });
            }
            // FF 11.8.13: a conditional trigger checks its condition as it triggers.
            if let Some(cond) = &ability.condition {
                let mut ctx = Ctx::new(state, agent, Some(object), controller, env.clone());
                if !ctx.trigger_condition(cond).unwrap_or(false) {
                    continue;
                }
            }
            if !reveal_to_trigger(state, agent, object, controller, ability) {
                continue;
            }
            let (body, condition) = (ability.body.clone(), ability.condition.clone());
            // FF 11.8.16.1: a card's trigger on its own move looks for it where it moved to; so does
            // its trigger on an announcement naming it as it was before it moved ("When Ardyn is put
            // from the field into the Break Zone by ...", 11-065H), unless the game reads cards that
            // moved as they were (Trails 1211.6).
            let source = match &event {
                Event::Moved { old, new, .. } if *old == object && old != new && looked_back.is_none() => *new,
                Event::Signal { objects, .. } if !game_looks_back && objects.contains(&object) && state.object(object).left.is_some() => state.current(object),
                _ => object,
            };
            found.push(PendingTrigger { source, controller, ability: ability_ref, event: index, env, count: 1, body, condition });
        }
    }
    // Audited games look at every card and check that the reach would have kept each that triggered.
    if state.audit
        && let Some(reached) = super::reach::reached(state, Some(&event))
    {
        for p in &found {
            assert!(reached(p.source), "the trigger reach of {} misses {event:?}", state.name_of(p.source));
        }
    }
    collect_delayed(state, agent, index, &subject, looked_back, found);
}

/// The delayed triggers the event at `index` triggers, added to `found` (the cards' triggers); then all of them
/// wait to be put onto the stack, each announced while some card listens for that.
fn collect_delayed(state: &mut GameState, agent: &mut dyn Agent, index: usize, subject: &[ObjectId], looked_back: Option<ObjectId>, mut found: Vec<PendingTrigger>) {
    let event = &state.log[index];
    let mut used = vec![];
    for (i, d) in state.delayed.iter().enumerate() {
        if state.event_matches(&d.pattern, event, d.source) {
            let mut env = d.env.clone();
            if !subject.is_empty() {
                env.push((crate::kernel::name!("it"), Binding::Objects(subject.to_vec())));
            }
            if let Some(old) = looked_back {
                env.push((crate::kernel::name!(crate::kernel::LOOKED_BACK), Binding::Objects(vec![old])));
            }
            let source = d.source.unwrap_or(ObjectId(0));
            let body = d.effects.clone();
            found.push(PendingTrigger { source, controller: d.controller, ability: AbilityRef::Delayed(d.id), event: index, env, count: 1, body, condition: None });
            if d.once {
                used.push(i);
            }
        }
    }
    for i in used.into_iter().rev() {
        state.apply(Event::DelayedRemoved { index: i });
    }
    // FF 11.8: each ability that triggers is announced (`GameConfig::trigger_signal`) with its source and controller,
    // while some card listens for it; not when the event was that announcement (what it triggers is not announced again).
    let signal = state.config.trigger_signal.filter(|name| {
        !found.is_empty() && !matches!(&state.log[index], Event::Signal { name: n, .. } if n == name) && super::reach::game_listens_for(state, name)
    });
    let announced: Vec<Event> = signal.map_or_else(Vec::new, |name| {
        found.iter().map(|t| Event::Signal { name: crate::kernel::Name::new(name), objects: vec![t.source], player: Some(t.controller), detail: None }).collect()
    });
    for mut trigger in found {
        // What the game reads as the event that triggered it (`GameCall::trigger`).
        trigger.env.push((crate::kernel::name!(crate::kernel::TRIGGERED_BY), Binding::Number(trigger.event as i64)));
        state.apply(Event::Triggered { trigger: Box::new(trigger) });
    }
    for signal in announced {
        announce(state, agent, signal);
    }
}

/// The names a trigger binds: `it` for the object the event is about, and the event's outputs.
fn trigger_env(library: &Library, call: &crate::ir::Call, event: &Event, subject: &[ObjectId]) -> crate::kernel::Env {
    let mut env = vec![];
    if !subject.is_empty() {
        env.push((crate::kernel::name!("it"), Binding::Objects(subject.to_vec())));
    }
    let outputs = &library.vocab.templates[call.template.index()].outputs;
    match (outputs.first(), event) {
        (Some((name, _)), Event::Damaged { amount, .. } | Event::Resource { delta: amount, .. }) => env.push((crate::kernel::Name::new(name), Binding::Number(*amount))),
        // An announced event's cards are its card output (Trails 1404.1: `them`, the UNITs that attacked),
        // or the card it names as its cause (`causes`: the card whose ability chose, FF 11.3.3).
        (Some((name, crate::vocab::Ty::Cards)), Event::Signal { objects, detail, .. }) if name != "it" => env.push((crate::kernel::Name::new(name), Binding::Objects(crate::kernel::event::causes(detail).unwrap_or_else(|| objects.clone())))),
        // An output the event does not carry names no cards, so the effect acts on nothing.
        // An output named `it` is the subject already bound (Trails "Whenever this card stuns a
        // UNIT, K.O. it": `it` is the stunned UNIT).
        (Some((name, crate::vocab::Ty::Cards)), _) if env.iter().any(|(bound, _)| *bound == *name) => {}
        (Some((name, crate::vocab::Ty::Cards)), _) => env.push((crate::kernel::Name::new(name), Binding::Objects(vec![]))),
        _ => {}
    }
    env
}

/// A quick test before the trigger of `object`'s ability is compiled: whether the phrase's
/// primitives can match this kind of event at all, with the zones, state or announcement the
/// text fixes (as `TriggerReach::reaches` judges a card's abilities together, and
/// `event_matches` the pattern), and the card itself when the phrase is about it ("when this
/// enters the field": `this` compiles to `Selector::Source`, which selects only `object`).
fn could_match(state: &GameState, call: &crate::ir::Call, event: &Event, object: ObjectId) -> bool {
    use crate::vocab::primitive::Primitive;
    use crate::vocab::BoundArg;
    // Whether the phrase's subject at `arg` may be what the event is about: anything may, unless the phrase says `this`
    // and the event is not about the card (`its_own`).
    let may_be = |arg: Option<&BoundArg>, its_own: bool| its_own || !super::reach::about_this(call, arg);
    state.library.vocab.templates[call.template.index()].implementation.iter().any(|bound| match (bound.primitive, event) {
        (Primitive::ResourceChanged, Event::Resource { .. }) => true,
        (Primitive::Damaged, Event::Damaged { object: o, .. }) => may_be(bound.args.first(), *o == object),
        (Primitive::Moved, Event::Moved { old, new, from, to, .. }) => {
            let (want_from, want_to) = (super::reach::fixed_zone(call, bound.args.get(1)), super::reach::fixed_zone(call, bound.args.get(2)));
            crate::kernel::trigger::move_fits(want_from, want_to, &state.zone(*from).name, &state.zone(*to).name) && may_be(bound.args.first(), *old == object || *new == object)
        }
        (Primitive::FlagChanged, Event::Flag { object: o, flag, .. }) => !matches!(bound.args.get(1), Some(BoundArg::Word(w)) if flag != w) && may_be(bound.args.first(), *o == object),
        (Primitive::Signal, Event::Signal { name, objects, .. }) => {
            !matches!(bound.args.first(), Some(BoundArg::Word(w)) if w != name) && may_be(bound.args.get(1), objects.contains(&object))
        }
        _ => false,
    })
}

/// Trails 1211.3a-b: a triggered ability valid on a hidden card (one that says where it works,
/// 1202.5: a face-down card in the homebase) triggers only if its controller reveals the card, at
/// most once per occurrence; the card stays revealed while the ability waits (1211.3c, `conceal`).
fn reveal_to_trigger(state: &mut GameState, agent: &mut dyn Agent, object: ObjectId, controller: crate::kernel::PlayerId, ability: &AbilityIr) -> bool {
    let o = state.object(object);
    let hidden = state.hidden_without_abilities(object) && !o.flags.contains(crate::kernel::REVEALED);
    if !hidden || active_zone(&state.library, ability).is_none() {
        return true;
    }
    let prompt = state.worded_or_blank(|| format!("reveal {} for its triggered ability (Trails 1211.3a-b)?", state.name_of(object)).into());
    if !matches!(state.ask(agent, controller, crate::kernel::Question::YesNo { prompt }), crate::kernel::Answer::Yes(true)) {
        return false;
    }
    super::reveal::reveal(state, object);
    true
}

/// Whether one of `flags` was set on an object by an event of the log from `since` to `until`.
fn set_during(state: &GameState, since: usize, until: usize, o: ObjectId, flags: &[String]) -> bool {
    state.log.iter_from(since).take(until + 1 - since).any(|e| matches!(e, Event::Flag { object, flag, value: true, .. } if *object == o && flags.iter().any(|f| f == flag)))
}
