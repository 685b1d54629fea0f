//! FF-TCG's restrictions on choosing and moving cards, as the interpreter asks for them: "cannot
//! be chosen by (opponent's) Summons or abilities", "must choose X if possible" (FF 11.3.3,
//! 11.6.5), "cannot be broken (by Summons or abilities)" (FF 15.1.1.3), "cannot become dull",
//! Characters entering the field that trigger nothing, the "chosen" event, cards played only while their player
//! controls enough of some cards (FF 11.4.1), and not while they control others (FF 7.7.3: the Light/Dark limit).

use crate::interp::announce;
use crate::kernel::decision::Agent;
use crate::kernel::{Deed, Event, GameState, ObjectId, PlayerId, Value};

use super::Words;


/// The word a restriction on `source`'s effects uses: a Summon's, or an ability's.
pub(super) fn by_what(state: &GameState, source: Option<ObjectId>) -> &'static str {
    let summon = source.zip(Words::cached(&state.library)).is_some_and(|(s, w)| w.is(state, s, w.summon));
    if summon { "summons" } else { "abilities" }
}

/// Of two things, the one for an effect of a Summon or the one for an ability's, as `by` (`by_what`) says: the hooks
/// a restriction is named by ("be_chosen_by_summons", "be_chosen_by_abilities").
pub(super) fn summons_or_abilities<T>(by: &str, summons: T, abilities: T) -> T {
    if by == "summons" { summons } else { abilities }
}

/// The candidates `chooser` may choose for an effect of `source`: not those that cannot be
/// chosen by it; only those that must be, if any must.
pub fn legal_targets(state: &GameState, chooser: PlayerId, source: Option<ObjectId>, candidates: Vec<ObjectId>) -> Vec<ObjectId> {
    let (forbidden, must) = summons_or_abilities(by_what(state, source), ("be_chosen_by_summons", "must_be_chosen_by_summons"), ("be_chosen_by_abilities", "must_be_chosen_by_abilities"));
    // FF 5.2.3.1.1.3: an ability of a Backup ("cannot be chosen by your opponent's Backup abilities", 3-050L Aerith);
    // FF 6.5.2.1: an EX Burst, the effect of a card in the Damage Zone ("cannot be chosen by Summons' EX Bursts or
    // Characters' EX Bursts", 5-075L Wol).
    let vocab = &state.library.vocab;
    let backup = source.zip(vocab.kind("backup")).is_some_and(|(s, b)| vocab.is_of(&state.characteristics(s).kinds, b));
    let ex_burst = source.is_some_and(|s| state.zone(state.object(s).zone).name == "damage_zone");
    // "cannot be chosen by Summons or abilities of the named Element" (2-023H Rubicante): only by those of that Element.
    let of_element = |o: ObjectId| {
        let barring = |h: &&crate::kernel::Hook| h.action == forbidden && h.who.is_none_or(|p| p == chooser) && h.with.is_none();
        state.characteristics(o).forbidden.iter().filter(barring).any(|h| super::damage::of_source_element(state, h, source))
    };
    let refuses = |o: ObjectId, action: &str| state.permits(o, action, Some(chooser), None) == Some(false);
    let may_choose = |o: ObjectId| {
        !(refuses(o, forbidden) && of_element(o) || backup && refuses(o, "be_chosen_by_backup_abilities") || ex_burst && refuses(o, "be_chosen_by_ex_bursts"))
    };
    let allowed: Vec<ObjectId> = candidates.into_iter().filter(|o| may_choose(*o)).collect();
    let forced: Vec<ObjectId> = allowed.iter().copied().filter(|o| state.permits(*o, must, Some(chooser), None) == Some(true)).collect();
    if forced.is_empty() { allowed } else { forced }
}

/// Announces the cards `chooser` chose for an effect of `source` ("when X is chosen by your
/// opponent's Summons or abilities"), with `summons` or `abilities` in its detail, and what only a
/// waiting trigger reads (`listened`).
pub fn announce_chosen(state: &mut GameState, agent: &mut dyn Agent, chooser: PlayerId, source: Option<ObjectId>, chosen: &[ObjectId]) {
    let by = by_what(state, source);
    let detail = Some(match source.map(|s| listened(state, s, by)) {
        Some(extra) if !extra.is_empty() => [by, &extra].concat(),
        _ => by.to_string(),
    });
    announce(state, agent, Event::Signal { name: crate::kernel::name!("chosen"), objects: chosen.to_vec(), player: Some(chooser), detail });
}

/// FF 11.3.3, 11.8: what a "chosen" announcement adds to its detail only while a triggered ability of a card on the
/// field listens for it (so the other games' transcripts stay as they are): `forward_abilities` when the source is a
/// Forward using an ability ("When Behemoth K is chosen by a Forward's ability", 13-079L), `source_cost_5_or_less`
/// when the Summon or the card whose ability it is costs 5 or less (10-098L Feolthanos), and the card that chose
/// as `#N`, which the trigger's card output reads ("break that Forward"; "break that Character", 3-088L Delita).
fn listened(state: &GameState, source: ObjectId, by: &str) -> String {
    use crate::vocab::{primitive::Primitive, BoundArg};
    let library = state.library.clone();
    let (mut details, mut chooser) = (vec![], false);
    // Only cards whose triggers the announcement can reach are looked at (interp::reached).
    let probe = Event::Signal { name: crate::kernel::name!("chosen"), objects: vec![], player: None, detail: None };
    let hears = crate::interp::reached(state, Some(&probe));
    for object in state.in_zones(crate::kernel::name!("field")).filter(|o| hears.as_ref().is_none_or(|h| h(*o))) {
        for (_, ability) in crate::interp::abilities_of(state, &library, object) {
            let Some(trigger) = &ability.trigger else { continue };
            let template = &library.vocab.templates[trigger.event.template.index()];
            for bound in template.implementation.iter().filter(|b| b.primitive == Primitive::Signal) {
                if matches!(bound.args.first(), Some(BoundArg::Word(w)) if w == "chosen") {
                    details.extend(bound.args.iter().skip(1).filter_map(|a| if let BoundArg::Word(w) = a { Some(w.clone()) } else { None }));
                    chooser |= !template.outputs.is_empty();
                }
            }
        }
    }
    let mut extra = String::new();
    let forward = Words::cached(&library).is_some_and(|w| w.is(state, source, w.forward));
    if by == "abilities" && forward && details.iter().any(|d| d == "forward_abilities") {
        extra.push_str(" forward_abilities");
    }
    // "When Feolthanos is chosen by your opponent's Summon of cost 5 or less or an ability of their Character of cost
    // 5 or less" (10-098L): the cost of the Summon, or of the card whose ability it is, as it is now.
    let cheap = || Words::cached(&library).is_some_and(|w| state.characteristics(source).number(w.cost) <= 5);
    if details.iter().any(|d| d == "source_cost_5_or_less") && cheap() {
        extra.push_str(" source_cost_5_or_less");
    }
    if chooser {
        extra.push_str(&format!(" {}", crate::kernel::event::cause_word(source)));
    }
    extra
}

/// Whether an effect of `controller`'s (from `source`) may do this to `object`: move it off the field
/// ("cannot leave the field due to ..."), break it ("cannot be broken (by Summons or abilities)"), dull it ("cannot become dull by ..."), or deal
/// it damage ("does not receive damage less than its power").
pub fn allows(state: &GameState, object: ObjectId, deed: Deed, controller: PlayerId, source: Option<ObjectId>) -> bool {
    let not = |action: &str| state.permits(object, action, Some(controller), None) == Some(false);
    // The hook a Summon's effect is refused by, or an ability's (`by_what`).
    let not_by = |by_summons: &str, by_abilities: &str| not(summons_or_abilities(by_what(state, source), by_summons, by_abilities));
    // FF 7.7, 15.1.1.3: "cannot leave the field due to your opponent's Summons or abilities" (B-001 Chaos) bars
    // every move off the field, whatever it is called (removed from the game, put into the Break Zone).
    let leaves = matches!(deed, Deed::Moved(_)) && state.zone(state.object(object).zone).name == "field";
    if leaves && not_by("leave_field_by_summons", "leave_field_by_abilities") {
        return false;
    }
    match deed {
        Deed::Moved(Some("break")) => !not("be_broken") && !not_by("be_broken_by_summons", "be_broken_by_abilities"),
        Deed::Moved(Some("return")) => !not_by("be_returned_by_summons", "be_returned_by_abilities"),
        Deed::Flag("dull") => !not_by("become_dull_by_summons", "become_dull_by_abilities"),
        Deed::Trigger { event } => !not("trigger_auto_abilities") && !entered_without_triggering(state, event),
        // FF 11.12.5.2: "The damage dealt to Forwards opponent controls cannot be reduced" (11-004C Cu Chaspel).
        Deed::ReduceDamage => !not("reduce_damage"),
        Deed::Damage(amount) => {
            let power = || state.library.vocab.property("power").map_or(0, |p| state.characteristics(object).number(p));
            !(not("receive_damage_below_power") && amount < power())
        }
        _ => true,
    }
}

/// FF 11.8, 11.8.16: whether the event is Characters entering the field (their move, or the play
/// procedure's announcement of it) that trigger no auto-abilities, theirs or any other card's
/// ("Opposing Forwards entering the field will not trigger any auto-abilities", 13-022H Cid Randell:
/// `trigger_auto_abilities_by_entering` forbidden on every card that entered).
fn entered_without_triggering(state: &GameState, event: usize) -> bool {
    let entered = match state.log.get(event) {
        Some(Event::Moved { new, to, .. }) if state.zone(*to).name == "field" => std::slice::from_ref(new),
        Some(Event::Signal { name, objects, .. }) if name == "play" => objects.as_slice(),
        _ => return false,
    };
    !entered.is_empty() && entered.iter().all(|o| state.permits(*o, "trigger_auto_abilities_by_entering", None, None) == Some(false))
}

/// FF 11.4.1, 11.4.4: a card its player may play from the hand only while controlling enough of
/// some cards ("You must control 2 or more Forwards to cast Steiner", 14-109C Steiner: the hook
/// `play_while_controlling_fewer` with the cards and the number); why not, when they control fewer.
pub fn too_few_controlled(state: &GameState, player: PlayerId, object: ObjectId) -> Option<String> {
    let c = state.characteristics(object);
    let hook = c.forbidden.iter().find(|h| h.action == "play_while_controlling_fewer" && h.who.is_none_or(|p| p == player))?;
    let needed = hook.value.as_ref().and_then(Value::number).unwrap_or(1);
    let view = state.view();
    let have = match &hook.with {
        Some(selector) => state.in_zones(crate::kernel::name!("field")).filter(|o| state.controller(*o) == player && state.selects(&view, selector, *o, Some(object))).count() as i64,
        None => 0,
    };
    (have < needed).then(|| format!("{} needs its player to control {needed} or more of the cards named, not {have} (FF 11.4.1)", state.name_of(object)))
}

/// Why `player` cannot play the Character `object` because of Characters they control, if they cannot:
/// - FF 7.7.3, 12.4.7: not a Light or Dark Character while they control a Light or Dark Character, unless a rule of
///   theirs lets them have several of those ("You can play 2 or more Light Characters onto the field", 1-183H Cosmos:
///   `play_several`), or the card may be played even so ("Cosmos can be played onto the field even if you control
///   other Light Characters": `play_while_controlling` allowed, with the cards it may be played beside);
/// - not while they control a card a rule names ("You cannot play Hooded Man or Kain while already in control of
///   either Character", 11-054R: `play_while_controlling` forbidden, with the cards).
pub fn controlled_bars_play(state: &GameState, w: &Words, player: PlayerId, object: ObjectId) -> Option<String> {
    let light_dark = |o: ObjectId| state.reading(o, |c| w.is_light_or_dark(c));
    let barring = |h: &&crate::kernel::Hook| h.action == "play_while_controlling" && h.who.is_none_or(|p| p == player);
    let (forbids, limited) = (state.reading(object, |c| c.forbidden.iter().any(|h| barring(&h))), light_dark(object));
    if !forbids && !limited {
        return None;
    }
    let (c, view) = (state.characteristics(object), state.view());
    // Whether one of the rules names the card `o` (`with`).
    let names = |hooks: &std::collections::BTreeSet<crate::kernel::Hook>, o: ObjectId| hooks.iter().filter(barring).any(|h| h.with.as_ref().is_some_and(|sel| state.selects(&view, sel, o, Some(object))));
    let controlled = || state.in_zones(crate::kernel::name!("field")).filter(|o| *o != object && state.controller(*o) == player && w.is(state, *o, w.character));
    if forbids && let Some(o) = controlled().find(|o| names(&c.forbidden, *o)) {
        return Some(format!("{} cannot be played while its player controls {} (an effect forbids it)", state.name_of(object), state.name_of(o)));
    }
    let others: Vec<ObjectId> = controlled().filter(|o| light_dark(*o)).collect();
    if others.is_empty() || !limited {
        return None;
    }
    let several = super::rules::several_light_or_dark(state, player);
    let kept = |o: ObjectId| several.iter().any(|s| state.selects(&view, s, o, None));
    // The card played is read as the Character it will be, wherever it is played from.
    let kept_once_played = several.iter().any(|s| match s {
        crate::kernel::Selector::And(parts) => parts.iter().filter(|p| !matches!(p, crate::kernel::Selector::InZone(_))).all(|p| state.selects(&view, p, object, None)),
        s => state.selects(&view, s, object, None),
    });
    if (kept_once_played && others.iter().all(|o| kept(*o))) || others.iter().all(|o| names(&c.allowed, *o)) {
        return None;
    }
    Some(format!("{} is a Light or Dark Character and its player controls {} (FF 7.7.3, 12.4.7)", state.name_of(object), state.name_of(others[0])))
}
