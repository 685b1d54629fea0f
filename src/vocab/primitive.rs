//! The kernel's instruction set: the generic primitives a vocabulary phrase is implemented with.
//!
//! `action break (target: cards) = move(target, break_zone, reason: break)` binds a game's phrase
//! to a primitive. The catalog is the contract between the vocabulary and the kernel: the
//! vocabulary builder checks bindings against it, the kernel implements every entry. No entry
//! names a game's word or a keyword; games supply those as arguments.

use serde::Serialize;

use crate::vocab::TemplateKind;

/// What an argument of a primitive must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ArgKind {
    /// A `cards` slot.
    Cards,
    /// A `player` slot, or a player word.
    Player,
    /// A `zone` slot, or a zone word.
    Zone,
    /// A `number` or `signed` slot, or a number.
    Number,
    /// A declared property's name (`power`).
    Property,
    /// Any word the game chooses: a state flag (`dull`), a reason (`break`), a resource (`bond`),
    /// a signal (`attack`), a hook (`no_dull_on_attack`), an operation (`add`).
    Word,
    /// An `ability` or `keyword` slot.
    Ability,
    /// A procedure the game declares (`procedure draw_cards`): an action its own code carries out.
    Procedure,
    /// Any slot, passed through (a value to compare, set or add).
    Value,
    /// One of these words exactly.
    Choice(&'static [&'static str]),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub kind: ArgKind,
    pub optional: bool,
}

const fn req(name: &'static str, kind: ArgKind) -> Param {
    Param { name, kind, optional: false }
}

const BOOL: ArgKind = ArgKind::Choice(&["true", "false"]);
const OPS: ArgKind = ArgKind::Choice(&["add", "sub", "set", "set_base", "double"]);
const COMPARISONS: ArgKind = ArgKind::Choice(&["lt", "le", "gt", "ge", "eq", "ne"]);

const fn opt(name: &'static str, kind: ArgKind) -> Param {
    Param { name, kind, optional: true }
}

macro_rules! primitives {
    ($($(#[$doc:meta])* $variant:ident $name:literal [$($kind:ident),*] ($($param:expr),*);)*) => {
        /// A kernel primitive.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
        pub enum Primitive { $($(#[$doc])* $variant),* }

        impl Primitive {
            pub const ALL: &'static [Primitive] = &[$(Primitive::$variant),*];

            pub fn name(self) -> &'static str {
                match self { $(Primitive::$variant => $name),* }
            }

            /// The template kinds this primitive can implement.
            pub fn kinds(self) -> &'static [TemplateKind] {
                match self { $(Primitive::$variant => &[$(TemplateKind::$kind),*]),* }
            }

            pub fn params(self) -> &'static [Param] {
                match self { $(Primitive::$variant => const { &[$($param),*] }),* }
            }
        }
    };
}

use ArgKind::*;

primitives! {
    /// Move cards to a zone (a new object there, FF 7.4): `move(target, break_zone, reason: break)`.
    /// `from`: the zone the actor picks counted cards from ("discard 1 card": from the hand); `by`: the actor.
    Move "move" [Action, Cost] (req("what", Cards), req("to", Zone), opt("reason", Word), opt("position", Choice(&["top", "bottom"])), opt("face", Word), opt("state", Word), opt("from", Zone), opt("by", Player));
    /// Move the top N cards of a player's zone to another zone: `move_top(who, 1, deck, hand, reason: draw)`.
    MoveTop "move_top" [Action, Cost] (req("who", Player), req("count", Number), req("from", Zone), req("to", Zone), opt("reason", Word), opt("face", Word), opt("state", Word));
    /// Damage to cards: `damage(target, amount)`.
    Damage "damage" [Action] (req("what", Cards), req("amount", Number));
    /// Set or clear a state flag: `set_flag(target, dull, true)`.
    /// `by`: the player who acts, choosing counted cards ("commit 1 foundation").
    SetFlag "set_flag" [Action, Cost] (req("what", Cards), req("flag", Word), opt("value", BOOL), opt("by", Player));
    /// Change a player's resource: `resource(who, bond, -2)`.
    Resource "resource" [Action, Cost] (req("who", Player), req("name", Word), req("amount", Number));
    /// Change a counter on cards: `counter(target, charge, +1)`.
    /// Removing more than a card has: as a cost, it cannot be paid; as an effect, all it has.
    Counter "counter" [Action, Cost] (req("what", Cards), req("name", Word), req("amount", Number));
    /// Remove every counter of one name from cards: `clear_counters(target, weapon)`.
    ClearCounters "clear_counters" [Action, Cost] (req("what", Cards), req("name", Word));
    /// Shuffle a zone.
    Shuffle "shuffle" [Action] (req("zone", Zone));
    /// Reveal cards to every player.
    Reveal "reveal" [Action] (req("what", Cards));
    /// The controller chooses another value for an enum property of the cards, which then has it:
    /// `reassign(target, attack_zone)` ("change this attack's zone to any other").
    Reassign "reassign" [Action] (req("what", Cards), req("property", Property));
    /// The card the ability belongs to remembers a value for its other abilities: `remember(chosen, orgs)`.
    Remember "remember" [Action] (req("name", Word), req("value", Value));
    /// Run the effects of abilities: written ones, a keyword's instructions, or another card's.
    Run "run" [Action] (req("ability", Ability));
    /// An action the game's own procedures carry out (combat, casting...): `game(cancel, target)`.
    /// The game's procedure receives the cards, the player (default: the controller), the amount and the zone.
    /// `on_use: true`: a choice among `what` made when the ability is used or put on the stack, not as it
    /// resolves (FF 11.6.5, 11.8.9), declared with its targets like a leading `choose` when it leads the ability.
    Game "game" [Action, Cost] (req("name", Procedure), opt("what", Cards), opt("who", Player), opt("amount", Number), opt("zone", Zone), opt("on_use", BOOL));

    /// A continuous change to a property: `modify(target, power, add, delta)`; ops add, sub, set, set_base, double.
    /// `from`/`except`: a list property's values taken from other cards, minus some ("gains the
    /// Elements of X except Light").
    /// `minimum`: an `add` that does not go below it (UFS "(minimum 1)").
    Modify "modify" [Rule] (req("what", Cards), req("property", Property), req("op", OPS), opt("value", Value), opt("from", Cards), opt("except", Value), opt("minimum", Number));
    /// Cards take another card's printed values (UFS C.3.3.2 copying definition effects);
    /// `blank_text: true` leaves them without its abilities (UFS I.3.8.2).
    Copy "copy" [Rule, Action] (req("what", Cards), req("from", Cards), opt("blank_text", BOOL));
    /// Add a `+X/+Y` pair to two properties: `modify_pair(target, str, def, m)` (Trails 1303.1).
    ModifyPair "modify_pair" [Rule] (req("what", Cards), req("first", Property), req("second", Property), req("value", Value));
    /// Grant abilities or keywords: `grant(target, what)`.
    Grant "grant" [Rule] (req("what", Cards), req("ability", Ability));
    /// Remove abilities or keywords (all of them without `ability`). In an action, `until` says
    /// how long ("seal": no abilities for the rest of this turn, UFS J.5.3).
    Strip "strip" [Rule, Action] (req("what", Cards), opt("ability", Ability), opt("until", Word));
    /// A prohibition: `forbid(target, block)`, or several: `forbid(target, "attack block")`; with
    /// `who`, only against that player (`forbid(target, be_chosen, who: opponent)`).
    /// Prohibitions win over permissions (FF 2.2, Trails 104.4, UFS K.1.2).
    /// `zone`, `ability`, `value`: only to that zone, with that keyword, or with that value.
    Forbid "forbid" [Rule] (req("what", Cards), req("action", Word), opt("who", Player), opt("with", Cards), opt("zone", Zone), opt("ability", Ability), opt("value", Value));
    /// A permission or requirement the game reads: `allow(target, attack_on_arrival)`.
    Allow "allow" [Rule] (req("what", Cards), req("action", Word), opt("who", Player), opt("with", Cards), opt("zone", Zone), opt("ability", Ability), opt("value", Value));
    /// Where cards would go to one zone, they go to another instead (a replacement):
    /// `redirect(target, break_zone, removed)` (FF "removed from the game instead").
    Redirect "redirect" [Rule] (req("what", Cards), req("from", Zone), req("to", Zone));
    /// A state a card is in while the rule lasts: `give_flag(target, junctioned)`.
    GiveFlag "give_flag" [Rule] (req("what", Cards), req("flag", Word));
    /// The cards are also of this kind while the effect lasts: `add_kind(target, forward)`
    /// (FF "also becomes a Forward", SE14 5.2.3).
    AddKind "add_kind" [Rule] (req("what", Cards), req("kind", Word));
    /// The cards ignore the continuous effects applied to them before this one, in every layer
    /// (Trails 1325: "ignore all effects currently applied"): `ignore_effects(target)`.
    IgnoreEffects "ignore_effects" [Rule] (req("what", Cards));
    /// The player is treated as controlling a card of `kind` whose `property` is `value`, in the
    /// game's default zone, by conditions that count what the player controls (Trails 1329.1 "treat
    /// as though you control 'Joshua Bright'"): `pretend(who, unit, name, n)`.
    Pretend "pretend" [Rule] (req("who", Player), req("kind", Word), req("property", Property), req("value", Value));
    /// Every value of a property: `has_every(target, job)` ("Bartz has all the jobs").
    HasEvery "has_every" [Rule] (req("what", Cards), req("property", Property));
    /// Joined values of a list property (Trails 1310 Link): every card of `kind` the player owns,
    /// in every zone, that has any of the values has all of them; the player's joins of the same
    /// property merge where they share a value: `join(who, unit, organization, orgs)`.
    Join "join" [Rule] (req("who", Player), req("kind", Word), req("property", Property), req("value", Value));
    /// Cards come under a player's control while the effect lasts (Trails 105.3: control changes
    /// only through effects; "gain control of"): `control(target, you)`. Where a game keeps its
    /// players' cards in zones of their own, its rules move the card (Trails 506.4).
    Control "control" [Rule] (req("what", Cards), req("who", Player));
    /// A named amount the game's procedures add up: `adjust(target, play_cost, -1)`, `adjust(target, attacks, 1)`.
    /// `who`: only for that player ("the cost for your opponent to cast ...").
    Adjust "adjust" [Rule] (req("what", Cards), req("name", Word), req("amount", Number), opt("who", Player));
    /// Damage to cards changed as it is dealt (a replacement, SE14 11.13.5.8): op `set`, `add`, `sub`, `double`.
    /// `once: true`: only the next damage ("the next damage dealt to X becomes 0").
    /// `by`: only damage those cards deal.
    /// `from`: only battle damage (FF 10.1.4), or only damage from Summons and abilities (`effects`).
    AdjustDamage "adjust_damage" [Rule] (req("what", Cards), req("op", Choice(&["set", "add", "sub", "double"])), opt("amount", Number), opt("once", BOOL), opt("by", Cards), opt("from", Choice(&["battle", "effects"])));
    /// A rule change a player has: `player_rule(who, any_element_cp)`.
    /// `value`: what the rule names (organizations to link, cards allowed twice).
    PlayerRule "player_rule" [Rule] (req("who", Player), req("name", Word), opt("value", Value), opt("amount", Number));

    /// Cards moved between zones: `moved(subject, to: field)`.
    /// `who`: the zone left (if `from` is named) or entered belongs to that player ("enters your
    /// field", "is put from your field"); `by`: an ability of those cards moved it ("X breaks Y").
    /// `ask: true`: it triggers only if its controller chooses to use it then (SE14 15.2.6.3).
    /// `by_player`: moved by a Summon or an ability that player controls ("enters the field due to
    /// your Summons or abilities").
    Moved "moved" [Event] (req("what", Cards), opt("from", Zone), opt("to", Zone), opt("reason", Word), opt("who", Player), opt("by", Cards), opt("ask", BOOL), opt("by_player", Player));
    /// Cards dealt damage: `damaged(subject)`; the amount is the event's first output.
    /// `battle: true`: only damage dealt in a battle (FF 10.1.4.2; 15-089C Sky Soldier).
    Damaged "damaged" [Event] (req("what", Cards), opt("by", Cards), opt("battle", BOOL));
    /// A state flag changed: `flag_changed(subject, dull)`.
    /// `by`: only when an ability of those cards did it ("this stuns a unit").
    FlagChanged "flag_changed" [Event] (req("what", Cards), req("flag", Word), opt("value", BOOL), opt("by", Cards), opt("by_player", Player));
    /// A player's resource changed: `resource_changed(who, bond)`.
    /// `direction`: `gain` or `lose` (any change without it).
    ResourceChanged "resource_changed" [Event] (req("who", Player), req("name", Word), opt("direction", Choice(&["gain", "lose"])));
    /// Something a game procedure announces: `signal(attack, subject)`, `signal(phase_begins, who, name: main)`.
    /// `later_turn: true`: only in a turn after the one the trigger began waiting in (a delayed trigger
    /// "at the end of your next turn": not the end of the turn it was made in).
    Signal "signal" [Event] (req("name", Word), opt("what", Cards), opt("who", Player), opt("detail", Word), opt("zone", Zone), opt("later_turn", BOOL));

    /// Cards have a state flag: `has_flag(subject, dull)`; in a filter `has_flag(dull)`.
    /// `value: false` tests that the flag is off (`ready`, `face up`).
    HasFlag "has_flag" [Predicate, Filter] (opt("what", Cards), req("flag", Word), opt("value", BOOL));
    /// Cards are in a zone.
    /// `position: top`: on top of that zone.
    InZone "in_zone" [Predicate, Filter] (opt("what", Cards), req("zone", Zone), opt("position", Choice(&["top", "bottom"])));
    /// A player controls cards; in a filter, the candidate is controlled by the player.
    Controls "controls" [Predicate, Filter] (req("who", Player), opt("what", Cards), opt("zone", Zone), opt("none", BOOL));
    /// Cards are of a kind: `is_kind(subject, forward)`.
    IsKind "is_kind" [Predicate, Filter] (opt("what", Cards), req("kind", Word));
    /// The candidate was put where it is by an ability of these cards.
    /// As a predicate, `subject` was moved by an ability of `what` (default: this ability's card):
    /// "if it was put into the Break Zone by this effect".
    MovedBy "moved_by" [Filter, Predicate] (opt("what", Cards), opt("subject", Cards), opt("zone", Zone));
    /// The candidate is one of these cards.
    Among "among" [Filter] (req("what", Cards));
    /// The candidate is the card the source is attached to (the Character an Item equips, SE14 5.2.3.1.3).
    Host "host" [Filter] ();
    /// The candidate is owned by the player.
    Owns "owns" [Filter] (req("who", Player));
    /// The candidate is not the source of the ability (nor, with `what`, one of those cards).
    Other "other" [Filter] (opt("what", Cards));
    /// Cards have a keyword: `has_ability(subject, k)`; in a filter `has_ability(ability: k)`.
    HasAbility "has_ability" [Predicate, Filter] (opt("what", Cards), req("ability", Ability));
    /// The candidate shares a value of a list property with some of these cards (an organization).
    Shares "shares" [Filter] (req("property", Property), req("with", Cards));
    /// The candidate has one of the kinds some of these cards have, the most specific the cards
    /// list (FF 5.2.3 "of the same card type": a Forward, a Backup, a Monster, a Summon).
    SharesKind "shares_kind" [Filter] (req("with", Cards));
    /// The candidate's text property contains this text: `contains(name, t)`.
    Contains "contains" [Filter] (req("property", Property), req("value", Value));
    /// A value is in a list: `member(orgs, org)`.
    Member "member" [Predicate] (req("list", Value), req("value", Value));
    /// The candidate has received damage.
    IsDamaged "is_damaged" [Filter, Predicate] (opt("what", Cards));
    /// Cards with two or more values of a property: `has_several(property: element)` ("multi-Element").
    HasSeveral "has_several" [Filter, Predicate] (opt("what", Cards), req("property", Property));
    /// Cards are alike: two or more of them, and one value of the property every one of them has
    /// (`alike(cards, element)`: "if both cards are of the same Element"); `kind`: one kind they all have
    /// (`alike(cards, kind)`: "of the same type").
    Alike "alike" [Predicate] (req("what", Cards), req("property", Word));
    /// The candidate is among these cards and its number property is the highest (or lowest) among
    /// theirs, ties all included: `extreme(cost, group, highest)` ("the Forward of the highest cost
    /// opponent controls"), `extreme(power, group, lowest)`.
    Extreme "extreme" [Filter] (req("property", Property), req("among", Cards), req("which", Choice(&["highest", "lowest"])));
    /// Cards holding at least `at_least` (1 unless given) counters of one name: `has_counters(target, doom, at_least: 3)`.
    HasCounters "has_counters" [Filter, Predicate] (opt("what", Cards), req("name", Word), opt("at_least", Number));
    /// A question the game's procedures answer: `game_state(attacking)`, `game_state(your_turn, who)`.
    /// `has`: a state that names a value (`game_state(used_special_ability_this_turn, subject, has: n)`),
    /// asked as `value::state_with_value(name, value)`.
    GameState "game_state" [Predicate, Filter] (req("name", Word), opt("what", Cards), opt("who", Player), opt("has", Value));
    /// The number of cards in a player's zone compared: `zone_count(damage_zone, you, ge, n)`.
    /// `kind`: count only cards of that kind ("more than 10 foundations in their staging area").
    ZoneCount "zone_count" [Predicate] (req("zone", Zone), req("who", Player), req("op", COMPARISONS), req("value", Number), opt("kind", Word));
    /// The effect's previous action happened ("if you do so").
    Done "done" [Predicate] ();
    /// Compare two numbers: `compare(a, ge, b)`.
    Compare "compare" [Predicate] (req("left", Number), req("op", COMPARISONS), req("right", Number));

    /// Until a point of the game: `until(end_of_turn)`; points are signals of the game's procedures.
    /// With `who`, the point of that player's turn ("until your next Active Phase").
    Until "until" [Duration] (req("point", Word), opt("who", Player));
    /// While the cards stay where they are (usually the source on the field).
    WhileIn "while_in" [Duration] (req("what", Cards), req("zone", Zone));
    /// While the cards have a state flag ("while combating").
    WhileFlag "while_flag" [Duration] (req("what", Cards), req("flag", Word));

    /// The owner of cards.
    Owner "owner" [Value] (req("what", Cards));
    /// The controller of cards.
    Controller "controller" [Value] (req("what", Cards));
    /// A player's resource: `resource_of(who, bond)`.
    ResourceOf "resource_of" [Value] (req("who", Player), req("name", Word));
    /// How many counters of one name the cards hold: `counters(target, monster)`.
    Counters "counters" [Value] (req("what", Cards), req("name", Word));
    /// The number of cards in a zone.
    CountIn "count_in" [Value] (req("zone", Zone), opt("who", Player));
    /// The damage marked on cards, summed (FF 5.2.6.1: "the damage this has received", removed as
    /// the turn ends, FF 9.5.1.3.1).
    DamageOn "damage_on" [Value] (req("what", Cards));
    /// Cards the game's procedures keep track of by name: `tracked(current_attack)`.
    /// With `who`, the player's own list (`tracked(attack, who: you)` for "your attack").
    /// `property`/`has`: only those of the cards whose property has the value ("your Ranged attack").
    /// As a predicate: some such card is tracked ("your starting character is Ryu").
    Tracked "tracked" [Value, Predicate] (req("name", Word), opt("who", Player), opt("property", Property), opt("has", Value), opt("or_has", Value));
    /// The card the ability belongs to ("this card").
    Source "source" [Value] ();
    /// Every player.
    AllPlayers "all_players" [Value] ();
    /// A number as it is ("(minimum 1)" reads the 1).
    Number "number" [Value] (req("value", Number));
    /// Every card of a kind a player controls, now or later: a live set, so an effect on them
    /// also reaches those played afterwards ("all your attacks this turn", UFS detached effects).
    Every "every" [Value] (req("kind", Word), opt("who", Player), opt("property", Property), opt("has", Value));
    /// What the card the ability belongs to remembered: `remembered(chosen)` ("those organizations");
    /// with `of`, what that card remembered (the first of them). As a predicate: it remembered cards,
    /// with `only`, every one of them among those (`remembered(cp_producers_paid, of: target, only: what)`).
    Remembered "remembered" [Value, Predicate] (req("name", Word), opt("of", Cards), opt("only", Cards));
    /// The printed abilities of cards, of one ability kind if named: `abilities_of(source, special)`.
    AbilitiesOf "abilities_of" [Value] (req("what", Cards), opt("kind", Word));
    /// A property of cards, gathered over them: `property_of(target, organization)`.
    PropertyOf "property_of" [Value] (req("what", Cards), req("property", Property));

    /// A tag the game's procedures read (`[once per turn]` = `tag(once_per_turn)`).
    Tag "tag" [Tag] (req("name", Word), opt("value", Value));
    /// A cost paid in symbols or by the game: `pay(amount)`.
    /// `value`: what else the payment names (the elements of a CP cost).
    Pay "pay" [Cost, Action] (req("what", Word), opt("amount", Number), opt("value", Value));
}

impl Primitive {
    pub fn named(name: &str) -> Option<Primitive> {
        Primitive::ALL.iter().copied().find(|p| p.name() == name)
    }
}
