//! The board pictures: the text board of each game as a snapshot, and the SVG well-formed and complete.

use std::collections::BTreeMap;
use std::sync::Arc;

use cardscript::board;
use cardscript::interp::announce;
use cardscript::kernel::trigger::{AbilityRef, StackEntry};
use cardscript::kernel::*;
use cardscript::workspace::Workspace;

use crate::support::repo;

const ME: PlayerId = PlayerId(0);
const YOU: PlayerId = PlayerId(1);

/// A game of `game` with the repository's cards and nothing on the table.
fn table(game: &str, players: &[&str]) -> (GameState, BTreeMap<String, CardId>) {
    let ws = Workspace::load(&[repo().join("cards").join(game), repo().join("std-abilities")]);
    let (library, names) = ws.library(game).expect("library");
    let config = cardscript::games::config(game, &library.vocab).expect("configuration");
    (GameState::new(Arc::new(library), Arc::new(config), players, 1), names)
}

/// Puts cards into `player`'s zone, announced so their field abilities start and arrivals trigger.
fn put(state: &mut GameState, names: &BTreeMap<String, CardId>, zone: &str, player: PlayerId, cards: &[&str]) -> Vec<ObjectId> {
    let zone = state.zone_id(zone, Some(player)).unwrap_or_else(|| panic!("no zone {zone}"));
    cards
        .iter()
        .map(|card| {
            let object = ObjectId(state.objects.len() as u32);
            let card = *names.get(*card).unwrap_or_else(|| panic!("no card {card}"));
            announce(state, &mut FirstOption, Event::Created { object, card, owner: player, zone });
            object
        })
        .collect()
}

fn flag(state: &mut GameState, object: ObjectId, flag: &str) {
    state.apply(Event::Flag { object, flag: flag.into(), value: true, by: vec![] });
}

fn deck(state: &mut GameState, names: &BTreeMap<String, CardId>, card: &str, n: usize) {
    for p in [ME, YOU] {
        let zone = state.zone_id("deck", Some(p)).unwrap();
        for _ in 0..n {
            state.create(names[card], p, zone);
        }
    }
}

/// An FF game mid-combat: my Cloud attacks (and is dull, and gets +2000 power from Tifa), your
/// Sephiroth blocks with damage on it, a Summon waits on the stack.
fn ff_state() -> GameState {
    let (mut state, names) = table("fftcg", &["me", "you"]);
    deck(&mut state, &names, "Red Mage", 10);
    let mine = put(&mut state, &names, "field", ME, &["1-009C", "1-016C", "Red Mage"]);
    let yours = put(&mut state, &names, "field", YOU, &["Sephiroth", "Garland"]);
    put(&mut state, &names, "hand", ME, &["Zack", "Shiva"]);
    put(&mut state, &names, "hand", YOU, &["Auron", "Tifa", "Firion"]);
    put(&mut state, &names, "break_zone", ME, &["Red Mage", "Red Mage", "Ifrit"]);
    put(&mut state, &names, "damage_zone", ME, &["Firion"]);
    put(&mut state, &names, "damage_zone", YOU, &["Chocobo Chick", "Squire"]);
    flag(&mut state, mine[0], "dull");
    flag(&mut state, mine[0], "attacking");
    flag(&mut state, yours[0], "blocking");
    flag(&mut state, mine[2], "dull");
    state.apply(Event::Damaged { object: yours[0], amount: 3000, source: Some(mine[0]), battle: false });
    state.apply(Event::Counter { object: yours[1], name: "crystal".into(), delta: 2 });
    state.apply(Event::Resource { player: ME, name: "cp".into(), delta: 3 });
    state.apply(Event::PlayerFlag { player: YOU, flag: "cannot_draw".into(), value: true });
    let shiva = put(&mut state, &names, "stack", ME, &["Shiva"])[0];
    let entry = StackEntry {
        source: Some(shiva),
        controller: ME,
        ability: AbilityRef::Printed { card: names["Shiva"], index: 0 },
        env: vec![],
        body: Arc::new(vec![]),
        condition: None,
        targets: vec![],
        id: state.log.len(),
    };
    state.apply(Event::Pushed { entry: std::rc::Rc::new(entry) });
    state
}

#[test]
fn the_fftcg_text_board() {
    insta::assert_snapshot!(board::text(&ff_state()));
}

/// A Trails game: units on the field and in the homebase, one actioned, one stunned.
fn trails_state() -> GameState {
    let (mut state, names) = table("trails", &["me", "you"]);
    deck(&mut state, &names, "Royal Army Soldier", 8);
    let mine = put(&mut state, &names, "field", ME, &["Estelle Bright", "Joshua Bright"]);
    put(&mut state, &names, "homebase", ME, &["Tita Russell"]);
    put(&mut state, &names, "field", YOU, &["Leonhardt"]);
    put(&mut state, &names, "hand", ME, &["Tear Balm", "Flash Grenade"]);
    put(&mut state, &names, "trail", YOU, &["Sneak Attack"]);
    flag(&mut state, mine[1], "actioned");
    flag(&mut state, mine[0], "stunned");
    state.apply(Event::Resource { player: ME, name: "bond".into(), delta: 2 });
    state.apply(Event::Resource { player: YOU, name: "ep".into(), delta: 1 });
    put(&mut state, &names, "resolve_standby_zone", YOU, &["Orbment Jamming"]);
    state
}

#[test]
fn the_trails_text_board() {
    insta::assert_snapshot!(board::text(&trails_state()));
}

/// A UFS game that I won: characters in the card pools, a committed foundation, momentum.
fn ufs_state() -> GameState {
    let (mut state, names) = table("ufs", &["me", "you"]);
    deck(&mut state, &names, "Fire Slam", 6);
    put(&mut state, &names, "card_pool", ME, &["Megaman"]);
    put(&mut state, &names, "card_pool", YOU, &["Protoman"]);
    let staged = put(&mut state, &names, "staging_area", ME, &["Chivalry", "Loyal Friend"]);
    put(&mut state, &names, "momentum", ME, &["Metal Blade"]);
    put(&mut state, &names, "discard_pile", YOU, &["Knight Wave", "Mega Arm"]);
    flag(&mut state, staged[0], "committed");
    state.apply(Event::Resource { player: ME, name: "vitality".into(), delta: 24 });
    state.apply(Event::Resource { player: YOU, name: "vitality".into(), delta: 20 });
    state.apply(Event::GameEnded { outcome: Outcome::Winner(ME) });
    state
}

#[test]
fn the_ufs_text_board() {
    insta::assert_snapshot!(board::text(&ufs_state()));
}

#[test]
fn the_svg_board_is_well_formed_and_names_every_card_in_play() {
    for (game, state) in [("trails", trails_state()), ("ufs", ufs_state())] {
        drawn(game, &state);
    }
    let state = ff_state();
    let svg = drawn("fftcg", &state);
    assert!(svg.contains("<title>"), "an SVG title");
    for object in state.in_zones("field") {
        let name = &state.library.card(state.object(object).card).name;
        assert!(svg.contains(&format!(">{name}<")) || svg.contains(&format!("{name} (")), "{name} is drawn");
    }
    assert!(svg.contains("ATTACKING") && svg.contains("BLOCKING"), "the attack in progress is marked");
    assert!(svg.contains("rotate(90"), "dull cards are drawn sideways");
}

/// The SVG board of `state`, checked well-formed and left under the target directory to look at.
fn drawn(game: &str, state: &GameState) -> String {
    let svg = board::svg(state);
    let _ = std::fs::write(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("board-{game}.svg")), &svg);
    if let Err(e) = well_formed(&svg) {
        panic!("{game}: {e}\n{svg}");
    }
    svg
}

#[test]
fn the_svg_board_escapes_names_and_widens_for_many_cards() {
    let (mut state, names) = table("fftcg", &["<me & co>", "\"you\""]);
    let narrow = board::svg(&state);
    put(&mut state, &names, "field", ME, &["1-009C"; 14]);
    let wide = board::svg(&state);
    well_formed(&wide).unwrap();
    assert!(wide.contains("&lt;me &amp; co&gt;") && wide.contains("&quot;you&quot;"));
    assert!(view_width(&wide) > view_width(&narrow) + 700.0, "{} vs {}", view_width(&wide), view_width(&narrow));
    for game in ["trails", "ufs"] {
        let (state, _) = table(game, &["me", "you"]);
        well_formed(&board::svg(&state)).unwrap();
    }
}

fn view_width(svg: &str) -> f64 {
    let at = svg.find("viewBox=\"0 0 ").unwrap() + 13;
    svg[at..].split(' ').next().unwrap().parse().unwrap()
}

/// A small XML checker: tags balanced and nested, attributes quoted, no bare `&` or `<` in text.
fn well_formed(xml: &str) -> Result<(), String> {
    let mut open: Vec<String> = vec![];
    let mut rest = match xml.strip_prefix("<?xml") {
        Some(r) => &r[r.find("?>").ok_or("unclosed declaration")? + 2..],
        None => xml,
    };
    let mut roots = 0;
    while !rest.is_empty() {
        let lt = rest.find('<').unwrap_or(rest.len());
        check_text(&rest[..lt])?;
        if !rest[..lt].trim().is_empty() && open.is_empty() {
            return Err(format!("text outside the root: {:?}", &rest[..lt]));
        }
        rest = &rest[lt..];
        if rest.is_empty() {
            break;
        }
        let gt = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let (body, selfclosing) = match tag.strip_suffix('/') {
            Some(b) => (b, true),
            None => (tag, false),
        };
        let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
        let name = &body[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == ':' || c == '-' || c == '_') {
            return Err(format!("bad tag name in <{tag}>"));
        }
        check_attributes(&body[name_end..]).map_err(|e| format!("<{tag}>: {e}"))?;
        if open.is_empty() {
            roots += 1;
        }
        if !selfclosing {
            open.push(name.to_string());
        }
    }
    match (open.is_empty(), roots) {
        (true, 1) => Ok(()),
        (false, _) => Err(format!("unclosed: {open:?}")),
        _ => Err(format!("{roots} root elements")),
    }
}

/// `name="value"` pairs, each name once, values without `<` and with only entity `&`s.
fn check_attributes(mut s: &str) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(());
        }
        let eq = s.find('=').ok_or("attribute without a value")?;
        let name = s[..eq].trim();
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == ':' || c == '-' || c == '_') {
            return Err(format!("bad attribute name {name:?}"));
        }
        if !seen.insert(name.to_string()) {
            return Err(format!("attribute {name} twice"));
        }
        let value = &s[eq + 1..];
        let quote = value.chars().next().filter(|c| *c == '"' || *c == '\'').ok_or(format!("unquoted value of {name}"))?;
        let end = value[1..].find(quote).ok_or(format!("unclosed value of {name}"))?;
        check_text(&value[1..1 + end])?;
        s = &value[end + 2..];
    }
}

/// No `<` and every `&` an entity.
fn check_text(s: &str) -> Result<(), String> {
    if s.contains('<') {
        return Err(format!("bare < in {s:?}"));
    }
    for (i, _) in s.match_indices('&') {
        let entity: String = s[i + 1..].chars().take_while(|c| *c != ';').collect();
        let ok = ["amp", "lt", "gt", "quot", "apos"].contains(&entity.as_str()) || entity.starts_with('#');
        if !ok || !s[i + 1..].contains(';') {
            return Err(format!("bare & in {s:?}"));
        }
    }
    Ok(())
}
