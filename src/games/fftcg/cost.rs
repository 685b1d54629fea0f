//! Paying CP (FF 11.2): discarding a card makes 2 CP of its Element (never a Light or Dark card),
//! dulling a Backup makes 1 CP of its Element; the payment is exact, except that one excess CP
//! may come from paying only by discarding (SE14 11.7.2.1.1); a card needs at least one CP of its
//! Element (not Light or Dark).

use std::borrow::Cow;

use crate::kernel::decision::Agent;
use crate::kernel::{CardId, Event, GameState, Illegal, ObjectId, PlayerId, Position};

use smallvec::SmallVec;

use super::Words;

/// A CP cost: `total` CP, of which one CP of each listed Element (`{f}{f}{1}` is total 3, needs
/// fire twice; a Fire card of cost 3 is total 3, needs fire once).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CpCost {
    pub total: i64,
    /// Kept without allocating: a cost needs one or two Elements at most but for a rare few.
    pub needs: SmallVec<[u32; 4]>,
    /// Only CP of these Elements may pay it (FF 11.4.6.1: "You can only pay with Fire CP"; "with Fire CP, Ice CP, or
    /// Lightning CP", 10-129L Hein).
    pub only: Option<Elements>,
    /// Only CP from dulled Backups may pay it (FF 11.2.1.1: "only pay with Ice Backup CP").
    pub backups_only: bool,
    /// Only CP these cards produce by being dulled may pay it (FF 11.4, 11.2: "You can only pay with
    /// CP produced by Earth Backups", 12-060R Graham).
    pub producers: Option<Vec<ObjectId>>,
    /// CP of at least this many different Elements must pay it ("you must use CP of 2 or more different Elements to
    /// play Wol onto the field", 9-121L); 0 or 1: no such rule.
    pub different: u8,
}

impl CpCost {
    /// Whether CP from `group` may pay this cost at all.
    fn takes(&self, group: &Group) -> bool {
        (!self.backups_only || !group.discard())
            && self.producers.as_ref().is_none_or(|p| !group.discard() && group.objects.iter().all(|o| p.contains(o)))
            && self.only.as_ref().is_none_or(|only| group.elements.is_empty() || group.elements.iter().any(|e| only.contains(e)))
    }
}

/// A source's Elements: most cards have one or two, kept without allocating.
pub type Elements = SmallVec<[u32; 2]>;

/// Cards that can make CP now, grouped: copies of one card are interchangeable.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    objects: SmallVec<[ObjectId; 2]>,
    /// The card the objects are copies of.
    card: CardId,
    /// The Elements one CP of it may be; empty: any Element.
    elements: Elements,
    /// 2 for a discarded card (FF 11.2.1.1), 1 for a dulled Backup.
    amount: i64,
    /// The group of the same cards another way (`produces_any_cp`): a card pays through one of them, never both.
    shares: Option<usize>,
}

impl Group {
    fn discard(&self) -> bool {
        self.amount == 2
    }

    /// With the card's name, what the payment says it did.
    fn verb(&self) -> &'static str {
        match (self.shares, self.discard()) {
            (Some(_), _) => DULL_AND_BREAK,
            (None, true) => "discard",
            (None, false) => "dull",
        }
    }
}

/// One card that can make CP now, as `scan` reads it: grouped with its copies only for a payment search.
#[derive(Debug, Clone)]
struct Unit {
    object: ObjectId,
    card: CardId,
    /// The Elements one CP of it may be; empty: any Element.
    elements: Elements,
    /// 2 for a discarded card (FF 11.2.1.1), 1 for a dulled Backup.
    amount: i64,
}

/// A player's CP sources card by card, and the Backups among them (indices of `units`) that may also produce CP of
/// any Element (`produces_any_cp`).
struct Scan {
    units: SmallVec<[Unit; 12]>,
    any_cp: SmallVec<[usize; 2]>,
}

/// The CP sources `player` has, leaving out `exclude` (the card being played, a card that pays
/// another part of the cost).
fn groups(state: &GameState, w: &Words, player: PlayerId, exclude: &[ObjectId]) -> Vec<Group> {
    grouped(&scan(state, w, player, exclude))
}

/// The CP sources `player` has, card by card, leaving out `exclude`.
fn scan(state: &GameState, w: &Words, player: PlayerId, exclude: &[ObjectId]) -> Scan {
    let mut out = Scan { units: SmallVec::new(), any_cp: SmallVec::new() };
    // Backups producing CP of any Element (8-053H Sherlotta), from the library's table.
    let uses = super::ability_use::use_texts(&state.library, w);
    let view = state.view();
    let vocab = &state.library.vocab;
    // FF 11.2.1.1: dull an active Backup you control for 1 CP of its Element. Without an effect on control, the cards a
    // player controls are on their own field (FF 6.2.5; `games::control_changed`), and the other fields are passed over.
    let (field, walk_all) = (crate::kernel::name!("field"), crate::games::control_changed(state) || state.audit);
    let fields = state.zones.iter().filter(|z| z.name == field && (walk_all || z.owner == Some(player)));
    for object in fields.flat_map(|z| z.objects.iter().copied()).filter(|o| !exclude.contains(o)) {
        let Some(c) = view.get(object.index()).and_then(Option::as_deref) else { continue };
        if c.controller != player || !vocab.is_of(&c.kinds, w.backup) || state.object(object).flags.contains("dull") {
            continue;
        }
        // Most Backups have no permission about the CP they make: their Elements, read in place.
        let elements = if c.allowed.is_empty() {
            w.element_values(c).collect()
        } else if state.permits(object, "any_element_cp", None, None) == Some(true) {
            Elements::new()
        } else {
            with_elements_of_cards(state, w, object, w.element_values(c).collect())
        };
        let card = state.object(object).card;
        if !c.stripped && uses.produces_cp(card) {
            out.any_cp.push(out.units.len());
        }
        out.units.push(Unit { object, card, elements, amount: 1 });
    }
    // FF 11.2.1.1: discard a card for 2 CP of its Element, never a Light or Dark card unless an effect lets the player
    // ("You can discard Light and Dark Element cards from your hand to produce CP", 7-075R Tilika).
    if let Some(hand) = state.zone_id(crate::kernel::name!("hand"), Some(player)) {
        for &object in state.zone(hand).objects.iter().filter(|o| !exclude.contains(o)) {
            let Some(c) = view.get(object.index()).and_then(Option::as_deref) else { continue };
            let elements: Elements = w.element_values(c).collect();
            let allowed = || !c.allowed.is_empty() && state.permits(object, "discard_to_produce_cp", Some(player), None) == Some(true);
            if !elements.is_empty() && (!elements.iter().any(|e| w.light_or_dark(*e)) || allowed()) {
                out.units.push(Unit { object, card: state.object(object).card, elements, amount: 2 });
            }
        }
    }
    out
}

/// The sources grouped: copies of one card making the same CP together, Backups first, in the order they were read.
fn grouped(scan: &Scan) -> Vec<Group> {
    let mut out: Vec<Group> = vec![];
    for u in &scan.units {
        match out.iter_mut().find(|g| g.card == u.card && g.amount == u.amount && g.elements == u.elements) {
            Some(g) => g.objects.push(u.object),
            None => out.push(Group { objects: smallvec::smallvec![u.object], card: u.card, elements: u.elements.clone(), amount: u.amount, shares: None }),
        }
    }
    // "If you pay a CP, you may put Sherlotta into the Break Zone to produce 1 CP of any Element. (You can dull Sherlotta
    // to pay the CP.)" (8-053H): dulled and put into the Break Zone, 1 CP of any Element, in place of her own CP.
    for &Unit { object, card, .. } in scan.any_cp.iter().map(|i| &scan.units[*i]) {
        let plain = out.iter().position(|g| g.shares.is_none() && !g.discard() && g.objects.contains(&object));
        match out.iter_mut().find(|g| g.shares.is_some() && g.card == card) {
            Some(g) => g.objects.push(object),
            None => out.push(Group { objects: smallvec::smallvec![object], card, elements: Elements::new(), amount: 1, shares: plain }),
        }
    }
    out
}

/// FF 5.2.1.3, 11.2.1.1: a Backup that can also produce CP of an Element ("Class Tenth Moogle can produce Lightning
/// CP", 9-074C: the permission `element_cp` with the Element), or of any Element some cards on the field have
/// ("Sherlotta can produce CP of any Element of the Forwards you control", 13-058C: the permission
/// `element_cp_of_cards` with those cards), their Elements read now, as the CP is produced.
fn with_elements_of_cards(state: &GameState, w: &Words, backup: ObjectId, mut elements: Elements) -> Elements {
    let c = state.characteristics(backup);
    let mut named = vec![];
    for hook in c.allowed.iter().filter(|h| h.action == "element_cp") {
        super::collect_variants(hook.value.as_ref(), w.element_enum, &mut named);
    }
    for e in named {
        if !elements.contains(&e) {
            elements.push(e);
        }
    }
    elements.sort_unstable();
    let hooks: Vec<&crate::kernel::Hook> = c.allowed.iter().filter(|h| h.action == "element_cp_of_cards" && h.with.is_some()).collect();
    if hooks.is_empty() {
        return elements;
    }
    let view = state.view();
    for object in state.in_zones(crate::kernel::name!("field")) {
        if hooks.iter().any(|h| h.with.as_ref().is_some_and(|sel| state.selects(&view, sel, object, Some(backup)))) {
            for e in w.elements(state, object) {
                if !elements.contains(&e) {
                    elements.push(e);
                }
            }
        }
    }
    elements.sort_unstable();
    elements
}

/// Whether the chosen CP (`counts[i]` of group `i`) can meet the Element needs: each source
/// makes CP of one of its Elements.
fn covers(groups: &[Group], counts: &[i64], needs: &[u32]) -> bool {
    if needs.is_empty() {
        return true;
    }
    let mut left: SmallVec<[u32; 8]> = needs.into();
    let mut flexible: SmallVec<[(&[u32], i64); 8]> = SmallVec::new();
    for (group, count) in groups.iter().zip(counts).filter(|(_, c)| **c > 0) {
        for _ in 0..*count {
            if group.elements.len() == 1 {
                for _ in 0..group.amount {
                    if let Some(i) = left.iter().position(|e| *e == group.elements[0]) {
                        left.swap_remove(i);
                    }
                }
            } else {
                flexible.push((&group.elements, group.amount));
            }
        }
    }
    assign(&left, &flexible)
}

/// Whether the chosen CP can be of `different` Elements or more: the Elements of the sources that make one, and one
/// more for each source that may make several.
fn different_enough(groups: &[Group], counts: &[i64], different: u8) -> bool {
    if different <= 1 {
        return true;
    }
    let mut single: SmallVec<[u32; 8]> = SmallVec::new();
    let mut flexible = 0;
    for (group, count) in groups.iter().zip(counts).filter(|(_, c)| **c > 0) {
        match group.elements.as_slice() {
            [e] if !single.contains(e) => single.push(*e),
            [_] => {}
            _ => flexible += count,
        }
    }
    single.len() as i64 + flexible >= i64::from(different)
}

/// Backtracking over the few sources that may make more than one Element.
fn assign(left: &[u32], flexible: &[(&[u32], i64)]) -> bool {
    let Some(((elements, amount), rest)) = flexible.split_first() else { return left.is_empty() };
    if left.is_empty() {
        return true;
    }
    let candidates = if elements.is_empty() { left } else { elements };
    candidates.iter().any(|e| {
        let mut next: SmallVec<[u32; 8]> = left.into();
        for _ in 0..*amount {
            if let Some(i) = next.iter().position(|x| x == e) {
                next.swap_remove(i);
            }
        }
        assign(&next, rest)
    })
}

/// Every legal payment of `cost` from `groups`, as counts per group, Backups first; at most
/// `limit` of them.
fn payments(groups: &[Group], cost: &CpCost, limit: usize) -> Vec<Vec<i64>> {
    let available: Vec<i64> = groups.iter().map(|g| g.objects.len() as i64).collect();
    payments_from(groups, &available, cost, limit)
}

/// `payments` with `available[i]` of group `i`'s objects free to pay (the others left out).
fn payments_from(groups: &[Group], available: &[i64], cost: &CpCost, limit: usize) -> Vec<Vec<i64>> {
    struct Search<'a> {
        groups: &'a [Group],
        available: &'a [i64],
        cost: &'a CpCost,
        /// The most CP the groups from each index on can make toward the cost.
        reach: Vec<i64>,
        out: Vec<Vec<i64>>,
        limit: usize,
    }
    fn walk(s: &mut Search, i: usize, counts: &mut Vec<i64>, sum: i64) {
        if s.out.len() >= s.limit {
            return;
        }
        // FF 11.2.1.1, SE14 11.7.2.1.1: exact, or one CP over when paying only by discarding.
        let only_discarding = || s.groups.iter().zip(counts.iter()).filter(|(_, c)| **c > 0).all(|(g, _)| g.discard());
        if sum == s.cost.total || (sum == s.cost.total + 1 && only_discarding()) {
            if covers(s.groups, counts, &s.cost.needs) && different_enough(s.groups, counts, s.cost.different) {
                s.out.push(counts.clone());
            }
            return;
        }
        // Nothing left, too much already, or too little left to make the cost.
        if i == s.groups.len() || sum > s.cost.total || sum + s.reach[i] < s.cost.total {
            return;
        }
        let group = &s.groups[i];
        let most = if s.cost.takes(group) { s.available[i] - group.shares.map_or(0, |j| counts[j]) } else { 0 };
        for k in (0..=most).rev() {
            if sum + k * group.amount > s.cost.total + 1 {
                continue;
            }
            counts[i] = k;
            walk(s, i + 1, counts, sum + k * group.amount);
            counts[i] = 0;
        }
    }
    if cost.total <= 0 && cost.needs.is_empty() {
        return vec![vec![0; groups.len()]];
    }
    let mut reach = vec![0; groups.len() + 1];
    for (i, g) in groups.iter().enumerate().rev() {
        reach[i] = reach[i + 1] + if cost.takes(g) { available[i] * g.amount } else { 0 };
    }
    let mut search = Search { groups, available, cost, reach, out: vec![], limit };
    walk(&mut search, 0, &mut vec![0; groups.len()], 0);
    search.out
}

/// Whether a cost any CP may pay, with at most one Element it needs, can be paid from the sources `scan` read
/// but `exclude` (`None`: another kind of cost, for the payment search): only how many CP of the needed Element and
/// of others the Backups (1 each) and the discards (2 each) could make counts, not which cards make them. Some
/// number `d` of discards and `b = total - 2d` of Backups pays it exactly (or `2d = total + 1` from
/// discards alone, SE14 11.7.2.1.1), one of them making the needed Element.
fn payable_by_counting(scan: &Scan, exclude: &[ObjectId], cost: &CpCost) -> Option<bool> {
    if cost.needs.len() > 1 || cost.only.is_some() || cost.backups_only || cost.producers.is_some() || cost.different > 1 || !scan.any_cp.is_empty() {
        return None;
    }
    let need = cost.needs.first();
    // [Backups, discards]: (units making the needed Element, all units).
    let mut units = [(0i64, 0i64); 2];
    for u in scan.units.iter().filter(|u| !exclude.contains(&u.object)) {
        let kind = &mut units[usize::from(u.amount == 2)];
        kind.1 += 1;
        if need.is_none_or(|e| u.elements.is_empty() || u.elements.contains(e)) {
            kind.0 += 1;
        }
    }
    let ((backups_of, backups), (discards_of, discards)) = (units[0], units[1]);
    let total = cost.total;
    let makes_need = |b: i64, d: i64| need.is_none() || (b > 0 && backups_of > 0) || (d > 0 && discards_of > 0);
    let exact = (0..=discards.min(total / 2)).any(|d| {
        let b = total - 2 * d;
        b <= backups && makes_need(b, d)
    });
    let over = (total + 1) % 2 == 0 && (total + 1) / 2 <= discards && makes_need(0, (total + 1) / 2);
    Some(exact || over)
}

/// What a player could make CP with now, read once for several costs, and only once a cost asks; grouped only for a
/// payment search.
pub struct Sources<'a> {
    state: &'a GameState,
    w: &'a Words,
    player: PlayerId,
    scan: std::cell::OnceCell<Scan>,
    groups: std::cell::OnceCell<Vec<Group>>,
}

impl<'a> Sources<'a> {
    pub fn of(state: &'a GameState, w: &'a Words, player: PlayerId) -> Sources<'a> {
        Sources { state, w, player, scan: std::cell::OnceCell::new(), groups: std::cell::OnceCell::new() }
    }

    fn scan(&self) -> &Scan {
        self.scan.get_or_init(|| scan(self.state, self.w, self.player, &[]))
    }

    fn groups(&self) -> &[Group] {
        self.groups.get_or_init(|| grouped(self.scan()))
    }

    /// The most CP these sources could make, leaving out `exclude`.
    pub fn most_cp(&self, exclude: &[ObjectId]) -> i64 {
        self.scan().units.iter().filter(|u| !exclude.contains(&u.object)).map(|u| u.amount).sum()
    }

    /// Whether `cost` could be paid from these sources, leaving out `exclude`.
    pub fn can_pay(&self, cost: &CpCost, exclude: &[ObjectId]) -> bool {
        if cost.total <= 0 && cost.needs.is_empty() {
            return true;
        }
        // Whether a group may pay depends on its objects only for CP of named producers: then the
        // groups are read without the excluded objects; otherwise only how many are left counts.
        if cost.producers.is_some() && !exclude.is_empty() {
            let left: Vec<Group> = self
                .groups()
                .iter()
                .map(|g| Group { objects: g.objects.iter().copied().filter(|o| !exclude.contains(o)).collect(), ..g.clone() })
                .filter(|g| !g.objects.is_empty())
                .collect();
            return !payments(&left, cost, 1).is_empty();
        }
        // Counted card by card; grouped and listed only for the payment search.
        let search = || {
            let groups = self.groups();
            let available: SmallVec<[i64; 16]> = groups.iter().map(|g| g.objects.iter().filter(|o| !exclude.contains(o)).count() as i64).collect();
            !payments_from(groups, &available, cost, 1).is_empty()
        };
        let Some(quick) = payable_by_counting(self.scan(), exclude, cost) else { return search() };
        if self.state.audit {
            assert_eq!(quick, search(), "counting CP disagrees with the payment search for {cost:?}");
        }
        quick
    }
}

/// The most payments offered as options in one question.
const MOST_PAYMENTS: usize = 64;

/// The tracked list of the cards that produced the CP a cost phrase paid (`pay_tracked`).
pub(super) const CP_PRODUCERS: &str = "cp_producers_paid_for_a_cost";

/// What a payment paid with: the different Elements of its CP (FF 5.2.1.3, sorted) and the cards that produced it.
#[derive(Debug, Default)]
pub struct Paid {
    pub elements: Elements,
    pub producers: Vec<ObjectId>,
    /// Whether the card paid for remembers what it was paid with (`options::remember_cp_paid`): some CP was paid, and
    /// a card of the game reads it.
    pub remembered: bool,
}

/// What a payment is for, put into words only when it is said: in a worded game's decision and announcement
/// (`GameState::worded`), or a refusal.
#[derive(Clone, Copy)]
pub enum PaidFor<'a> {
    /// A card played or cast.
    Card(ObjectId),
    /// An ability of a card used.
    Ability(ObjectId, &'a crate::kernel::trigger::AbilityRef),
    /// A cost phrase of an effect of a card, or of `otherwise` when it has no source.
    Phrase(Option<ObjectId>, &'static str),
    /// A payment to reduce the cost of a card (`options::PaidReduction`).
    Reducing(ObjectId),
}

impl PaidFor<'_> {
    fn words(self, state: &GameState) -> String {
        match self {
            PaidFor::Card(card) | PaidFor::Phrase(Some(card), _) => state.name_of(card),
            PaidFor::Phrase(None, otherwise) => otherwise.to_string(),
            PaidFor::Ability(card, ability) => [state.describe_ability(card, ability), " of ".into(), state.name_of(card)].concat(),
            PaidFor::Reducing(card) => ["reducing the cost of ".into(), state.name_of(card)].concat(),
        }
    }
}

/// `pay`, keeping the cards that produced the CP in the tracked list `CP_PRODUCERS`: a cost phrase of an
/// ability (`pay {2}`), whose cards dulled to produce CP are not among the cards its cost dulled (`perform::record_paid`).
pub fn pay_tracked(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, cost: &CpCost, exclude: &[ObjectId], what: PaidFor) -> Result<(), Illegal> {
    let paid = pay(state, agent, w, player, cost, exclude, what)?;
    if !paid.producers.is_empty() {
        state.apply(Event::Tracked { name: crate::kernel::name!(CP_PRODUCERS), objects: paid.producers });
    }
    Ok(())
}

/// What a payment says of a card dulled and put into the Break Zone for 1 CP of any Element (`produces_any_cp`).
const DULL_AND_BREAK: &str = "dull and put into the Break Zone";

/// Whether the ability's effect is producing CP of any Element ("If you pay a CP, you may put Sherlotta into the Break
/// Zone to produce 1 CP of any Element", 8-053H: the game action `produce_cp_of_any_element`), which is used while
/// paying a cost (FF 11.2), not put on the stack; read once per library (`ability_use::UseTexts::produces_cp`).
pub fn produces_any_cp(library: &crate::kernel::Library, ability: &crate::ir::AbilityIr) -> bool {
    ability.body.iter().any(|effect| match effect {
        crate::ir::Effect::Do { call, .. } => library.vocab.templates[call.template.index()].implementation.iter().any(|b| b.calls_procedure("produce_cp_of_any_element")),
        _ => false,
    })
}

/// The tracked list of the cards discarded for CP by the last payment.
const DISCARDED_FOR_CP: &str = "discarded_to_pay_play_cost";

/// `player` pays `cost` (FF 11.2, 11.3.7.1: all at once): they pick one of the legal payments,
/// whose Backups are dulled and whose cards are discarded. Illegal when there is none. What it paid
/// with comes back: the different Elements of the CP (`named_elements`) and the cards that produced it.
pub fn pay(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, cost: &CpCost, exclude: &[ObjectId], what: PaidFor) -> Result<Paid, Illegal> {
    if cost.total <= 0 && cost.needs.is_empty() {
        return Ok(Paid::default());
    }
    let groups = groups(state, w, player, exclude);
    let options = payments(&groups, cost, MOST_PAYMENTS);
    let words = |state: &GameState, counts: &Vec<i64>| {
        let parts: Vec<String> = groups
            .iter()
            .zip(counts)
            .filter(|(_, c)| **c > 0)
            .map(|(g, c)| {
                let mut label = state.words_naming(&[g.verb(), " "], g.objects[0], &[]);
                if *c > 1 {
                    label.push_str(" x");
                    crate::kernel::describe::push_number(&mut label, *c as u64);
                }
                label
            })
            .collect();
        parts.join(", ")
    };
    // What the payment is for and the payment chosen are worded once each, for the decision and the announcement, and
    // only while the game records words (`GameState::worded`): no card reads them.
    let paying_for = state.worded.then(|| cp_for(cost.total, &what.words(state)));
    let chosen_words: std::cell::RefCell<Option<(usize, String)>> = std::cell::RefCell::new(None);
    let word = |s: &GameState, i: usize| {
        let said = words(s, &options[i]);
        *chosen_words.borrow_mut() = Some((i, said.clone()));
        said
    };
    let pick = match options.len() {
        0 => return Err(Illegal(format!("{} cannot pay {} CP for {}", state.players[player.index()].name, cost.total, what.words(state)))),
        1 => 0,
        n => {
            let prompt = paying_for.as_ref().map_or(Cow::Borrowed("pay"), |f| Cow::Owned(["pay ", f].concat()));
            state.ask_one(agent, player, prompt, n, |s, i| word(s, i).into())
        }
    };
    let elements = named_elements(state, agent, w, player, &groups, &options[pick], &cost.needs);
    let detail = paying_for.map(|f| {
        let said = chosen_words.into_inner().filter(|(i, _)| *i == pick).map_or_else(|| words(state, &options[pick]), |(_, said)| said);
        [f.as_str(), ": ", &said].concat()
    });
    state.apply(Event::Signal { name: crate::kernel::name!("paid"), objects: vec![], player: Some(player), detail });
    let paying = |g: &Group, count: i64| -> SmallVec<[ObjectId; 2]> {
        // A group sharing its cards with another pays with them from the other end (`Group::shares`).
        let n = count as usize;
        if g.shares.is_some() { g.objects.iter().rev().take(n).copied().collect() } else { g.objects.iter().take(n).copied().collect() }
    };
    let producers: Vec<ObjectId> = groups.iter().zip(&options[pick]).flat_map(|(g, c)| paying(g, *c)).collect();
    let mut discarded = vec![];
    for (group, count) in groups.iter().zip(&options[pick]) {
        for object in paying(group, *count) {
            if group.discard() {
                discard(state, agent, object)?;
                discarded.push(state.current(object));
                continue;
            }
            let event = Event::Flag { object, flag: crate::kernel::name!("dull"), value: true, by: vec![] };
            crate::interp::Ctx::new(state, agent, None, player, vec![]).happen(event)?;
            // Sherlotta's CP of any Element: dulled, then put into the Break Zone (`produces_any_cp`).
            if group.shares.is_some() {
                super::options::put(state, agent, player, object, "break_zone")?;
            }
        }
    }
    // FF 11.2.1.1: the cards discarded for CP, as they are now ("draw 1 card for each Summon you
    // discarded to cast Doga", 13-120H), kept when a card of the game reads them.
    if (!discarded.is_empty() || state.tracked.get(DISCARDED_FOR_CP).is_some_and(|t| !t.is_empty())) && crate::interp::game_reads(state, DISCARDED_FOR_CP) {
        state.apply(Event::Tracked { name: crate::kernel::name!(DISCARDED_FOR_CP), objects: discarded });
    }
    let remembered = !elements.is_empty() && super::options::cp_paid_read(state);
    Ok(Paid { elements, producers, remembered })
}

/// FF 5.2.1.3: the different Elements of the CP a payment (`counts[i]` of group `i`) produces. A card of
/// one Element makes CP of it; for a card of several (or a Backup that can produce CP of any Element,
/// here any but Light and Dark) its player names one as they pay, among the namings that still make the
/// Elements the cost needs (FF 11.2.1.1). Asked only when namings differ in the Elements they make.
fn named_elements(state: &mut GameState, agent: &mut dyn Agent, w: &Words, player: PlayerId, groups: &[Group], counts: &[i64], needs: &[u32]) -> Elements {
    let mut fixed: SmallVec<[(u32, i64); 8]> = SmallVec::new();
    let mut open: SmallVec<[(&[u32], i64); 4]> = SmallVec::new();
    for (group, count) in groups.iter().zip(counts) {
        for _ in 0..*count {
            match group.elements.as_slice() {
                [one] => fixed.push((*one, group.amount)),
                several => open.push((several, group.amount)),
            }
        }
    }
    if open.is_empty() {
        return distinct(&fixed);
    }
    let any: Vec<u32> = (0..state.library.vocab.enums[w.element_enum.index()].variants.len() as u32).filter(|e| !w.light_or_dark(*e)).collect();
    let mut namings: Vec<Elements> = vec![];
    let mut units = fixed;
    name_open(&open, &any, &mut units, needs, &mut namings);
    let pick = match namings.len() {
        0 => return Elements::new(),
        1 => 0,
        n => {
            let vocab = &state.library.vocab;
            let words: Vec<String> = namings.iter().map(|set| set.iter().map(|e| vocab.enums[w.element_enum.index()].variants[*e as usize].as_str()).collect::<Vec<_>>().join(", ")).collect();
            state.ask_one(agent, player, "name the Elements of the CP", n, |_, i| words[i].clone().into())
        }
    };
    namings.swap_remove(pick)
}

/// The different Elements of CP units (an Element, and how many CP of it), sorted.
fn distinct(units: &[(u32, i64)]) -> Elements {
    let mut set: Elements = units.iter().map(|(e, _)| *e).collect();
    set.sort_unstable();
    set.dedup();
    set
}

/// Every naming of the `open` CP sources (each one Element of its own, or of `any`), added to `units`, that
/// makes the Elements `needs` lists, as the different Elements it makes; each set once, at most
/// `MOST_PAYMENTS` of them.
fn name_open(open: &[(&[u32], i64)], any: &[u32], units: &mut SmallVec<[(u32, i64); 8]>, needs: &[u32], out: &mut Vec<Elements>) {
    if out.len() >= MOST_PAYMENTS {
        return;
    }
    let Some(((elements, amount), rest)) = open.split_first() else {
        let mut left: SmallVec<[u32; 8]> = needs.into();
        for (e, amount) in units.iter() {
            for _ in 0..*amount {
                if let Some(i) = left.iter().position(|x| x == e) {
                    left.swap_remove(i);
                }
            }
        }
        let set = distinct(units);
        if left.is_empty() && !out.contains(&set) {
            out.push(set);
        }
        return;
    };
    for &e in if elements.is_empty() { any } else { elements } {
        units.push((e, *amount));
        name_open(rest, any, units, needs, out);
        units.pop();
    }
}

/// `N CP for what`, written without the formatting machinery (a payment or two a turn).
fn cp_for(total: i64, what: &str) -> String {
    let mut out = String::with_capacity(what.len() + 12);
    if total < 0 {
        out.push('-');
    }
    crate::kernel::describe::push_number(&mut out, total.unsigned_abs());
    out.push_str(" CP for ");
    out.push_str(what);
    out
}

/// Opus XV Crystals ({C}; no rule number, the nearest is FF 11.2): the player resource `gain {crystal}`
/// adds to and a {C} in a cost spends, one Crystal for each symbol.
pub const CRYSTAL: &str = "crystal";

/// Whether `player` has the `n` Crystals a cost asks for.
pub fn has_crystals(state: &GameState, player: PlayerId, n: i64) -> bool {
    n <= 0 || state.resource(player, CRYSTAL) >= n
}

/// `player` spends `n` Crystals; illegal when they have fewer (FF 11.6.2: a cost is paid in full).
pub fn pay_crystals(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, n: i64) -> Result<(), Illegal> {
    if n <= 0 {
        return Ok(());
    }
    if !has_crystals(state, player, n) {
        return Err(Illegal(format!("{} cannot pay {n} Crystal(s) (has {})", state.players[player.index()].name, state.resource(player, CRYSTAL))));
    }
    crate::interp::Ctx::new(state, agent, None, player, vec![]).happen(Event::Resource { player, name: crate::kernel::name!(CRYSTAL), delta: -n })?;
    Ok(())
}

/// A cost written in symbols (`{crystal}`, `{f}{2}`, as a `Value::Text` of the words): its CP and its
/// Crystals; `Err` names a symbol no payment knows.
pub fn symbols(w: &Words, vocab: &crate::vocab::Vocabulary, text: &str) -> Result<(CpCost, i64), String> {
    let (mut cost, mut crystals) = (CpCost::default(), 0);
    for symbol in text.split_whitespace() {
        match (symbol.parse::<i64>(), w.element_named(vocab, symbol)) {
            (Ok(n), _) => cost.total += n,
            (_, Some(e)) => {
                cost.total += 1;
                cost.needs.push(e);
            }
            _ if symbol == CRYSTAL => crystals += 1,
            _ => return Err(symbol.to_string()),
        }
    }
    Ok((cost, crystals))
}

/// FF 15.1.1.4: a card discarded from the hand goes to its owner's Break Zone.
pub fn discard(state: &mut GameState, agent: &mut dyn Agent, object: ObjectId) -> Result<(), Illegal> {
    discard_by(state, agent, object, None)
}

/// A discard; `by`: the Summon or the card whose ability made it, none for a cost ("discarded a card
/// from their hand due to the Summons or abilities", 14-130H Cloud of Darkness).
pub fn discard_by(state: &mut GameState, agent: &mut dyn Agent, object: ObjectId, by: Option<ObjectId>) -> Result<(), Illegal> {
    let owner = state.object(object).owner;
    let zone = state.zone_id(crate::kernel::name!("break_zone"), Some(owner)).ok_or_else(|| Illegal("no Break Zone".into()))?;
    let mut event = state.move_event(object, zone, Some(crate::kernel::name!("discard")), Position::Top);
    if let Event::Moved { by: mover, .. } = &mut event {
        *mover = by;
    }
    crate::interp::Ctx::new(state, agent, by, owner, vec![]).happen(event)?;
    Ok(())
}
