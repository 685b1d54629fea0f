//! Optional and alternative costs chosen while a cost is determined (FF 11.3.5, 11.4.4; SE14 11.2.6-7,
//! 11.3.4, and for Items and Formations 11.4.4, 11.5.4): War God puts a Character into the Break Zone
//! to reduce a Summon's cost (SE14 15.2.7), Combination removes named cards to reduce a card's cost
//! (SE14 15.2.17), Overdrive adds an additional cost (SE14 15.2.9), and a card may be played by
//! discarding, dulling or putting cards into a zone instead of paying its CP cost (FF 11.4.4).
//! Keywords and card texts grant these as rule hooks; nothing here names one.

use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, Hook, Illegal, ObjectId, PlayerId, Position, Value};

use super::cost::{CpCost, PaidFor};
use super::Words;

/// The permission `action` the object has now, if it has one.
fn hook(state: &GameState, object: ObjectId, action: &str) -> Option<Hook> {
    first_hook(state, object, &[action]).map(|(_, h)| h)
}

/// The first of the permissions `actions` the object has now, with its index among them: its characteristics read
/// once for all (most cards have no permission at all).
fn first_hook(state: &GameState, object: ObjectId, actions: &[&str]) -> Option<(usize, Hook)> {
    state.reading(object, |c| {
        if c.allowed.is_empty() {
            return None;
        }
        actions.iter().enumerate().find_map(|(i, action)| {
            let barred = c.forbidden.iter().any(|h| h.action == *action);
            (!barred).then(|| c.allowed.iter().find(|h| h.action == *action).map(|h| (i, h.clone()))).flatten()
        })
    })
}

/// Moves a card paid as a cost into `zone` (its owner's).
pub(super) fn put(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, object: ObjectId, zone: &str) -> Result<(), Illegal> {
    let owner = state.object(object).owner;
    let to = state.zone_id(zone, Some(owner)).ok_or_else(|| Illegal(format!("no {zone}")))?;
    let event = state.move_event(object, to, Some(crate::kernel::name!("cost")), Position::Top);
    Ctx::new(state, agent, None, player, vec![]).happen(event)?;
    Ok(())
}

/// The War God permission of a Summon in the hand, read before it moves to the stack.
pub fn summon_reduction(state: &GameState, summon: ObjectId) -> Option<Hook> {
    hook(state, summon, "cast_reduced_by_putting_card")
}

/// SE14 15.2.7.2-5: the player may put one Character the permission describes into its zone;
/// the Summon's cost is then reduced by that Character's cost, to no less than one.
pub fn reduce_summon_cost(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, summon: ObjectId, permission: Option<Hook>, cost: &mut CpCost) -> Result<(), Illegal> {
    let Some(permission) = permission else { return Ok(()) };
    let Some(selector) = &permission.with else { return Ok(()) };
    let view = state.view();
    let options: Vec<ObjectId> = state.live_objects().filter(|o| state.controller(*o) == player && state.selects(&view, selector, *o, Some(summon))).collect();
    if options.is_empty() {
        return Ok(());
    }
    let prompt = state.worded_or_blank(|| format!("put a Character into the Break Zone to reduce the cost of {}", state.name_of(summon)).into());
    let Answer::Objects(picked) = state.ask(agent, player, Question::Objects { prompt, options, min: 0, max: 1 }) else { return Ok(()) };
    let Some(&card) = picked.first() else { return Ok(()) };
    let reduction = state.characteristics(card).number(w.cost);
    put(state, agent, player, card, permission.zone.as_deref().unwrap_or("break_zone"))?;
    cost.total = (cost.total - reduction).max(1);
    Ok(())
}

/// What an alternative cost does to the cards that pay it instead of the CP cost (FF 11.4.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pay {
    /// Discarded from the hand ("You can discard 1 Job Class Zero Cadet", 9-010R King).
    Discard,
    /// Dulled: active Characters the player controls (FF 11.6.2.4; 9-043R Vaan, 13-123L Nine).
    Dull,
    /// Put into a zone: Characters the player controls (FF 11.6.2.4; 4-080L Kefka).
    Put(String),
}

impl Pay {
    fn verb(&self) -> String {
        match self {
            Pay::Discard => "discard".into(),
            Pay::Dull => "dull".into(),
            Pay::Put(zone) => format!("put into {zone}"),
        }
    }
}

/// An alternative cost a card's permission offers and its player can pay now: what is done, and
/// for each group of cards the permission names, the cards that may pay and how many must.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    pub pay: Pay,
    pub groups: Vec<(Vec<ObjectId>, usize)>,
}

/// What the player chose while the cost of a card played from the hand was determined.
#[derive(Debug, Default)]
pub struct Chosen {
    /// SE14 15.2.9.3: the optional additional cost is paid with the card's cost.
    pub additional: bool,
    /// FF 11.4.4: the alternative cost chosen instead of the CP cost, and the cards that pay it.
    pub instead: Option<(Pay, Vec<ObjectId>)>,
}

/// The rule hooks that offer an alternative cost, and what each does to the cards.
const ALTERNATIVES: [&str; 4] = ["play_by_discarding_instead_of_cp", "play_by_dulling_instead_of_cp", "play_by_dulling_two_groups_instead_of_cp", "play_by_putting_cards_instead_of_cp"];

/// FF 11.4.4: the alternative cost `card`'s permission offers `player` instead of its CP cost, when
/// they can pay it now: discarding cards from the hand (9-010R King), dulling active Characters they
/// control (FF 11.6.2.4: 9-043R Vaan; two groups of them, different cards, 13-123L Nine), putting
/// Characters they control into a zone (4-080L Kefka). How many of each group: the number the text
/// gives ("discard 2 ...": 2), one when it gives none. `None` without such a permission or when too
/// few cards match (every group, and all groups together, with cards enough: Hall's condition,
/// exact for the one or two groups the cards name).
pub fn alternative(state: &GameState, player: PlayerId, card: ObjectId) -> Option<Alternative> {
    let (index, permission) = first_hook(state, card, &ALTERNATIVES)?;
    let pay = match index {
        0 => Pay::Discard,
        3 => Pay::Put(permission.zone.clone().unwrap_or_else(|| "break_zone".into())),
        _ => Pay::Dull,
    };
    let mut selectors = vec![permission.with.clone()?];
    if index == 2 {
        let Some(Value::Cards(second)) = &permission.value else { return None };
        selectors.push((**second).clone());
    }
    let view = state.view();
    let hand = state.zone_id(crate::kernel::name!("hand"), Some(player));
    let payable = |o: ObjectId| match pay {
        Pay::Discard => Some(state.object(o).zone) == hand,
        Pay::Dull => state.zone(state.object(o).zone).name == "field" && state.controller(o) == player && !state.object(o).flags.contains("dull"),
        Pay::Put(_) => state.zone(state.object(o).zone).name == "field" && state.controller(o) == player,
    };
    let mut groups = vec![];
    for (i, selector) in selectors.iter().enumerate() {
        let n = permission.counts.get(i).copied().filter(|n| *n > 0).unwrap_or(1) as usize;
        let options: Vec<ObjectId> = state.live_objects().filter(|o| *o != card && payable(*o) && state.selects(&view, selector, *o, Some(card))).collect();
        groups.push((options, n));
    }
    let mut all: Vec<ObjectId> = groups.iter().flat_map(|(o, _)| o.iter().copied()).collect();
    all.sort();
    all.dedup();
    let enough = groups.iter().all(|(o, n)| o.len() >= *n) && all.len() >= groups.iter().map(|(_, n)| n).sum::<usize>();
    enough.then_some(Alternative { pay, groups })
}

/// FF 11.4.4: the player chooses to pay the alternative cost or not; if they do, the cards of each
/// group in turn, none twice. Illegal when the cards chosen for one group leave too few for the next.
fn choose_alternative(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, card: ObjectId, alternative: Alternative) -> Result<Option<(Pay, Vec<ObjectId>)>, Illegal> {
    let n: usize = alternative.groups.iter().map(|(_, n)| n).sum();
    let prompt = state.worded_or_blank(|| format!("{} {n} card(s) instead of paying the CP cost of {}", alternative.pay.verb(), state.name_of(card)).into());
    if !matches!(state.ask(agent, player, Question::YesNo { prompt: prompt.clone() }), Answer::Yes(true)) {
        return Ok(None);
    }
    let mut picked: Vec<ObjectId> = vec![];
    for (options, n) in alternative.groups {
        let options: Vec<ObjectId> = options.into_iter().filter(|o| !picked.contains(o)).collect();
        if options.len() < n {
            return Err(Illegal(format!("too few cards left to {} for {}", alternative.pay.verb(), state.name_of(card))));
        }
        let chosen = match state.ask(agent, player, Question::Objects { prompt: prompt.clone(), options: options.clone(), min: n, max: n }) {
            Answer::Objects(list) if list.len() == n && list.iter().all(|o| options.contains(o)) => list,
            _ => options[..n].to_vec(),
        };
        picked.extend(chosen);
    }
    Ok(Some((alternative.pay, picked)))
}

/// The optional and alternative costs of a card played from the hand (a Character, FF 11.4.4; an
/// Item, SE14 11.4.4; a Formation, SE14 11.5.4), chosen before its cost is paid.
/// FF 11.4.4: the player chooses between the CP cost and an alternative cost; the cards paying it are
/// discarded, dulled or moved when the cost is paid (SE14 11.4.10: the whole cost at once).
/// SE14 15.2.17.2-3: playing the card from the zone the permission names, the player may
/// remove up to one card of each listed name from the other zone; if they do, the cost is reduced.
/// SE14 15.2.9.2-4: an additional cost the player may pay with the card's cost, as one cost.
pub fn play_options(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, card: ObjectId, cost: &mut CpCost) -> Result<Chosen, Illegal> {
    let mut chosen = Chosen::default();
    if let Some(offered) = alternative(state, player, card) {
        chosen.instead = choose_alternative(state, agent, player, card, offered)?;
        if chosen.instead.is_some() {
            *cost = CpCost::default();
        }
    }
    let here = state.zone(state.object(card).zone).name;
    if chosen.instead.is_none()
        && let (Some(removing), Some(from)) = (hook(state, card, "play_removing_named_cards"), hook(state, card, "remove_named_cards_from"))
        && removing.zone.as_deref().is_none_or(|z| z == here)
    {
        let names: Vec<String> = match &removing.value {
            Some(Value::List(items)) => items.iter().filter_map(|v| if let Value::Text(t) = v { Some(t.clone()) } else { None }).collect(),
            _ => vec![],
        };
        let zone = from.zone.clone().unwrap_or_else(|| "break_zone".into());
        let mut removed = 0;
        for name in names {
            let Some(z) = state.zone_id(&zone, Some(player)) else { continue };
            let options: Vec<ObjectId> = state.zone(z).objects.iter().copied().filter(|o| w.name_text(state, *o) == name).collect();
            if options.is_empty() {
                continue;
            }
            let prompt = state.worded_or_blank(|| format!("remove a card named {name} from the game to reduce the cost of {}", state.name_of(card)).into());
            if let Answer::Objects(picked) = state.ask(agent, player, Question::Objects { prompt, options, min: 0, max: 1 })
                && let Some(&chosen) = picked.first()
            {
                put(state, agent, player, chosen, "removed")?;
                removed += 1;
            }
        }
        if removed > 0 {
            let reduction = state.characteristics(card).adjustments.get("removed_cards_cost_reduction").copied().unwrap_or(0);
            cost.total = (cost.total - reduction).max(0);
        }
    }
    if chosen.instead.is_none() {
        remove_to_reduce(state, agent, player, card, cost)?;
    }
    let Some(additional) = hook(state, card, "play_with_additional_cost") else { return Ok(chosen) };
    let prompt = state.worded_or_blank(|| format!("pay the additional cost of {}", state.name_of(card)).into());
    if !matches!(state.ask(agent, player, Question::YesNo { prompt }), Answer::Yes(true)) {
        return Ok(chosen);
    }
    let needs = w.element_list(additional.value.as_ref());
    let other = state.characteristics(card).adjustments.get("additional_cost_cp").copied().unwrap_or(0);
    cost.total += needs.len() as i64 + other;
    cost.needs.extend(needs);
    chosen.additional = true;
    Ok(chosen)
}

/// SE14 11.4.10, 11.5.8 (FF 11.4.6.1): the whole cost at once, the cards chosen for the alternative
/// cost discarded, dulled or moved, and the CP left paid (the different Elements of that CP come back).
pub fn pay_chosen(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, card: ObjectId, cost: &CpCost, chosen: &Chosen) -> Result<super::cost::Paid, Illegal> {
    if let Some((pay, cards)) = &chosen.instead {
        for &paid in cards {
            match pay {
                Pay::Discard => super::cost::discard(state, agent, paid)?,
                Pay::Dull => {
                    let event = Event::Flag { object: paid, flag: crate::kernel::name!("dull"), value: true, by: vec![] };
                    Ctx::new(state, agent, None, player, vec![]).happen(event)?;
                }
                Pay::Put(zone) => put(state, agent, player, paid, zone)?,
            }
        }
    }
    super::cost::pay(state, agent, w, player, cost, &[card], PaidFor::Card(card))
}

/// The states the chosen costs leave on the card that entered the field: the flag of the additional
/// cost paid (SE14 15.2.9.3), and what it remembers of the CP paid (`remember_cp_paid`).
pub fn paid_states(w: &Words, object: ObjectId, chosen: &Chosen, paid: &super::cost::Paid) -> Vec<Event> {
    let flag = Event::Flag { object, flag: crate::kernel::name!("additional_cost_paid"), value: true, by: vec![] };
    chosen.additional.then_some(flag).into_iter().chain(remember_cp_paid(w, object, paid)).collect()
}

/// The names under which a card played or cast remembers the different Elements of the CP paid for it,
/// and the cards that produced that CP.
pub const ELEMENTS_OF_CP_PAID: &str = "elements_of_cp_paid";
pub const CP_PRODUCERS_PAID: &str = "cp_producers_paid";

/// FF 11.2, 5.2.1.3: the card played or cast remembers the different Elements of the CP paid for it ("if the
/// cost paid to play Red Mage included Ice CP", 7-003C; "was only paid with Water CP", 7-113R Styx; "paid with
/// CP of 2 or more different Elements", 11-080C Monk; "for each CP of a different Element you paid to cast
/// Cactuar", 6-074C) and the cards that produced it ("if the CP paid to play Thancred was only produced by
/// Category XIV Backups", 7-092C): on the card itself, so a later payment does not answer for it. Nothing
/// for no CP, nor when no card of the game reads it (`Paid::remembered` says which).
pub fn remember_cp_paid(w: &Words, object: ObjectId, paid: &super::cost::Paid) -> Vec<Event> {
    if !paid.remembered {
        return vec![];
    }
    use crate::kernel::Value;
    let elements = Value::List(paid.elements.iter().map(|e| Value::Variant(w.element_enum, *e)).collect());
    let producers = Value::Cards(Box::new(crate::kernel::Selector::Objects(paid.producers.clone())));
    vec![
        Event::Remembered { object, name: crate::kernel::name!(ELEMENTS_OF_CP_PAID), value: elements },
        Event::Remembered { object, name: crate::kernel::name!(CP_PRODUCERS_PAID), value: producers },
    ]
}

/// Whether a card of the game reads what a card was paid with (`remember_cp_paid`): the Elements of its CP, the
/// cards that produced it, or whether it entered the field without its cost paid.
pub(super) fn cp_paid_read(state: &GameState) -> bool {
    use super::answers::{CP_PAID_INCLUDED, CP_PAID_ONLY_WITH, ENTERED_WITHOUT_PAYING_COST};
    [ELEMENTS_OF_CP_PAID, CP_PRODUCERS_PAID, CP_PAID_INCLUDED, CP_PAID_ONLY_WITH, ENTERED_WITHOUT_PAYING_COST].iter().any(|n| crate::interp::game_reads(state, n))
}

/// The player rules of a reduction of the cost of the next card of a kind its player casts, and of
/// the floor it stops above.
const NEXT_REDUCTION: &str = "next_card_cost_reduction";
const NEXT_FLOOR: &str = "next_card_cost_floor";
/// Both of them: without an effect giving one, no card's cost is changed as a next card (`card_cost::cost_rules`).
pub(super) const NEXT_CARD_RULES: [&str; 2] = [NEXT_REDUCTION, NEXT_FLOOR];

/// FF 11.4, 11.3.7, 11.2: the effects in force that reduce the cost of `object` as its player's next
/// card of a kind ("During this turn, the cost required to cast your next Job Knight Forward is
/// reduced by 2 (it cannot become 0)", 12-103H Beatrix): the player rules `next_card_cost_reduction`
/// and `next_card_cost_floor` naming cards `object` is among, with their effects.
fn next_card_rules(state: &GameState, object: ObjectId) -> Vec<(crate::kernel::EffectId, bool, i64)> {
    let player = state.object(object).owner;
    let named = |name: &str| name == NEXT_REDUCTION || name == NEXT_FLOOR;
    if !state.effects.iter().any(|e| matches!(&e.change, crate::kernel::Change::PlayerRule { name, .. } if named(name))) {
        return vec![];
    }
    let view = state.view();
    state
        .effects
        .iter()
        .filter(|e| state.effect_active(e))
        .filter_map(|e| match &e.change {
            crate::kernel::Change::PlayerRule { player: p, name, value: Some(Value::Cards(cards)), amount } if *p == player && named(name) && state.selects(&view, &anywhere(cards), object, e.source) => Some((e.id, name == NEXT_REDUCTION, *amount)),
            _ => None,
        })
        .collect()
}

/// The cards a rule names wherever they are: the field a card filter names by default (FF card text)
/// is left out, since the card cast is in the hand.
fn anywhere(cards: &crate::kernel::Selector) -> crate::kernel::Selector {
    match cards {
        crate::kernel::Selector::And(parts) => crate::kernel::Selector::And(parts.iter().filter(|p| !matches!(p, crate::kernel::Selector::InZone(_))).cloned().collect()),
        other => other.clone(),
    }
}

/// `total`, the cost of `object` so far (printed `printed`), less the reductions of its player's next
/// card of its kind, not down to their floor (at least 1 more than it, unless printed lower).
pub fn next_card_cost(state: &GameState, object: ObjectId, printed: i64, total: i64) -> i64 {
    let rules = next_card_rules(state, object);
    if rules.is_empty() {
        return total;
    }
    let reduced = (total - rules.iter().filter(|r| r.1).map(|r| r.2).sum::<i64>()).max(0);
    match rules.iter().filter(|r| !r.1).map(|r| r.2).max() {
        Some(floor) => reduced.max((floor + 1).min(printed)),
        None => reduced,
    }
}

/// The reductions of the next card of a kind are used up by the card cast (FF 11.4: "your next").
pub fn use_up_next_card_reductions(state: &mut GameState, object: ObjectId) {
    for (effect, _, _) in next_card_rules(state, object) {
        state.apply(Event::EffectEnded { effect });
    }
}

/// An optional payment before a Summon's cost is paid that lowers the cost (FF 11.3.7, 11.2; Opus XV:
/// "Before paying the cost to cast Titan, you can pay {C} to reduce the cost required to cast Titan by
/// 2", 15-076C Titan): what it asks (CP and Crystals) and by how much it lowers the cost.
#[derive(Debug, Clone)]
pub struct PaidReduction {
    price: CpCost,
    crystals: i64,
    by: i64,
}

/// The paid reduction `card`'s permission (`cast_reduced_by_paying`, its price the hook's value, its
/// amount `paid_extra_cost_reduction`) offers, read while the card is in the hand; `None` without one.
pub fn paid_reduction(state: &GameState, w: &Words, card: ObjectId) -> Option<PaidReduction> {
    let permission = hook(state, card, "cast_reduced_by_paying")?;
    let Some(Value::Text(text)) = &permission.value else { return None };
    let (price, crystals) = super::cost::symbols(w, &state.library.vocab, text).ok()?;
    let by = -state.characteristics(card).adjustments.get("paid_extra_cost_reduction").copied().unwrap_or(0);
    Some(PaidReduction { price, crystals, by })
}

impl PaidReduction {
    /// Whether `player` could pay the price and then `cost` lowered, from `sources` (the card excluded).
    pub fn affordable(&self, state: &GameState, sources: &super::cost::Sources, player: PlayerId, card: ObjectId, cost: &CpCost) -> bool {
        let mut both = lowered(cost, self.by);
        both.total += self.price.total;
        both.needs.extend(self.price.needs.iter().copied());
        super::cost::has_crystals(state, player, self.crystals) && sources.can_pay(&both, &[card])
    }

    /// FF 11.3.7: before the cost is paid the player may pay the price; if they do, `cost` is lowered.
    /// Not offered when they cannot pay it.
    pub fn offer(&self, state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, card: ObjectId, cost: &mut CpCost) -> Result<(), Illegal> {
        if !super::cost::has_crystals(state, player, self.crystals) || !super::cost::Sources::of(state, w, player).can_pay(&self.price, &[card]) {
            return Ok(());
        }
        let prompt = state.worded_or_blank(|| format!("pay before paying the cost of {} to reduce it by {}", state.name_of(card), self.by).into());
        if !matches!(state.ask(agent, player, Question::YesNo { prompt }), Answer::Yes(true)) {
            return Ok(());
        }
        super::cost::pay(state, agent, w, player, &self.price, &[card], PaidFor::Reducing(card))?;
        super::cost::pay_crystals(state, agent, player, self.crystals)?;
        *cost = lowered(cost, self.by);
        Ok(())
    }
}

/// Cards a permission lets the player move before paying a card's cost to lower it (FF 11.3.7, 11.2, 15.1.1.5), in
/// batches of `batch` cards, at most `batches` of them, each lowering it by `per`.
struct CostMove {
    options: Vec<ObjectId>,
    per: i64,
    batch: usize,
    batches: usize,
    zone: String,
}

/// The cards on the field `card`'s permission lets its player move to lower its cost: "Before paying the cost to cast
/// Vayne, you can remove any number of active Backups you control from the game to reduce the cost required to cast
/// Vayne by 4 for each Backup you removed this way" (15-088H Vayne: `cast_reduced_by_removing_cards`, one at a time);
/// "you may put 1 active Lightning Backup you control into the Break Zone. If you do so, the cost for playing Kain onto
/// the field is reduced by 5" (9-084H Kain: `play_reduced_by_putting_card`, with the number and the zone, once).
fn cost_move(state: &GameState, card: ObjectId) -> Option<CostMove> {
    let (index, permission) = first_hook(state, card, &["cast_reduced_by_removing_cards", "play_reduced_by_putting_card"])?;
    let removing = index == 0;
    let per = permission.value.as_ref().and_then(Value::number).filter(|n| *n > 0)?;
    let selector = permission.with.as_ref()?;
    let view = state.view();
    let options: Vec<ObjectId> = state.in_zones(crate::kernel::name!("field")).filter(|o| *o != card && state.selects(&view, selector, *o, Some(card))).collect();
    let (batch, zone) = if removing { (1, "removed".to_string()) } else { (permission.counts.first().copied().filter(|n| *n > 0).unwrap_or(1) as usize, permission.zone.clone().unwrap_or_else(|| "break_zone".into())) };
    let batches = if removing { options.len() } else { 1 };
    (options.len() >= batch).then_some(CostMove { options, per, batch, batches, zone })
}

/// `cost` lowered by `by`, not below 0; nothing of an Element is asked of a cost of 0.
fn lowered(cost: &CpCost, by: i64) -> CpCost {
    let total = (cost.total - by).max(0);
    CpCost { total, needs: if total == 0 { smallvec::SmallVec::new() } else { cost.needs.clone() }, ..cost.clone() }
}

/// Whether moving some of the cards `card`'s permission names (`cost_move`) would let `player` pay its lowered cost
/// from `sources` (the cards moved no longer paying).
pub fn removal_affordable(state: &GameState, sources: &super::cost::Sources, card: ObjectId, cost: &CpCost) -> bool {
    let Some(m) = cost_move(state, card) else { return false };
    (1..=m.batches).any(|k| {
        let mut exclude = m.options[..k * m.batch].to_vec();
        exclude.push(card);
        sources.can_pay(&lowered(cost, m.per * k as i64), &exclude)
    })
}

/// FF 11.3.7: before the cost is paid the player may move cards the permission names (`cost_move`); the cost is
/// lowered by the amount for each batch moved.
fn remove_to_reduce(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, card: ObjectId, cost: &mut CpCost) -> Result<(), Illegal> {
    let Some(m) = cost_move(state, card) else { return Ok(()) };
    let prompt = state.worded_or_blank(|| match m.zone.as_str() {
        "removed" => format!("remove cards from the game to reduce the cost of {} by {} each", state.name_of(card), m.per).into(),
        zone => format!("put {} card(s) into the {zone} to reduce the cost of {} by {}", m.batch, state.name_of(card), m.per).into(),
    });
    let Answer::Objects(picked) = state.ask(agent, player, Question::Objects { prompt, options: m.options.clone(), min: 0, max: m.batch * m.batches }) else { return Ok(()) };
    let mut picked: Vec<ObjectId> = picked.into_iter().filter(|o| m.options.contains(o)).collect();
    picked.truncate(picked.len() / m.batch * m.batch);
    for &o in &picked {
        put(state, agent, player, o, &m.zone)?;
    }
    *cost = lowered(cost, m.per * (picked.len() / m.batch) as i64);
    Ok(())
}
