//! Trails TCG's game procedures end to end (Trails 600-705): deck construction diagnostics, the
//! setup, and whole games with the random agent between Blitz Shield decks and between the two
//! Strategy decks of the designed set (cards/trails/decks/).

use cardscript::games::deck::parse_deck;
use cardscript::games::trails::{self, Mode};
use cardscript::kernel::decision::{FirstOption, RandomAgent};
use cardscript::kernel::rng::Rng;
use cardscript::kernel::{CardId, Event, Library, PlayerId};

use crate::support::repo;

fn library() -> Library {
    let workspace = cardscript::workspace::Workspace::load(&[repo().join("cards/trails")]);
    workspace.library("trails").expect("the Trails cards").0
}

fn check(text: &str, library: &Library, mode: Mode) -> Result<Vec<CardId>, Vec<cardscript::diagnostic::Diagnostic>> {
    let (deck, mut diagnostics) = parse_deck(text);
    match trails::check_deck(&deck.expect("the deck line parses"), library, mode) {
        Ok(cards) if diagnostics.is_empty() => Ok(cards),
        Ok(_) => Err(diagnostics),
        Err(more) => {
            diagnostics.extend(more);
            Err(diagnostics)
        }
    }
}

/// A Blitz Shield deck (602.3: 40 cards, any number of copies) of the printed UNITs, ITEMs and
/// EVENTs that the procedures play.
fn blitz(name: &str, cards: &[&str]) -> String {
    let mut text = format!("deck \"{name}\" trails\n");
    let each = 40 / cards.len();
    for (i, card) in cards.iter().enumerate() {
        let n = if i == 0 { 40 - each * (cards.len() - 1) } else { each };
        text.push_str(&format!("{n} \"{card}\"\n"));
    }
    text
}

const BRACERS: [&str; 5] = ["Estelle Bright [Junior Bracer]", "Tita Russell", "Zin Vathek", "Tear Balm", "Royal Army Soldier"];
const OUROBOROS: [&str; 5] = ["Renne", "Leonhardt", "Pater-Mater", "Flash Grenade", "ENIGMA"];

#[test]
fn bad_trails_deck_lists_are_diagnostics_with_their_lines() {
    // Trails 602.4a-602.4b-1: the count, the copies (not of "Common"), unknown and ambiguous names, codes.
    let path = repo().join("tests/broken/decks/E0300-trails-deck-construction.deck");
    let text = std::fs::read_to_string(&path).unwrap();
    let Err(diagnostics) = check(&text, &library(), Mode::Strategy) else { panic!("the deck is broken") };
    assert!(diagnostics.iter().all(|d| d.code == cardscript::diagnostic::Code::E0300));
    // The diagnostics themselves are a snapshot of `cardscript check` (tests/it/broken.rs).
    assert!(!diagnostics.iter().any(|d| d.message.contains("Royal Army Soldier")), "Common cards may be included in any quantity (602.4b-1)");
}

#[test]
fn blitz_shield_decks_take_any_copies_and_forty_cards() {
    // Trails 602.3a-602.3b: 40 cards, no limit on copies; the same list is no Strategy deck (602.4a).
    let library = library();
    let text = blitz("Bracers", &BRACERS);
    assert_eq!(check(&text, &library, Mode::BlitzShield).map(|c| c.len()), Ok(40));
    let Err(problems) = check(&text, &library, Mode::Strategy) else { panic!("40 cards and 8 copies are no Strategy deck") };
    assert!(problems.iter().any(|d| d.message.contains("602.4a")) && problems.iter().any(|d| d.message.contains("602.4b")));
    let short = text.replacen("\"Tita Russell\"", "\"Tita Russell\"\n// one short", 1).replacen("8 \"Zin Vathek\"", "7 \"Zin Vathek\"", 1);
    assert!(check(&short, &library, Mode::BlitzShield).is_err(), "39 cards");
}

#[test]
fn setup_draws_four_each_gives_40_bond_and_exchanges_in_order() {
    // Trails 603.1a-603.1e and the publisher's 40 bond.
    let library = std::sync::Arc::new(library());
    let bracers = check(&blitz("Bracers", &BRACERS), &library, Mode::BlitzShield).unwrap();
    let ouroboros = check(&blitz("Ouroboros", &OUROBOROS), &library, Mode::BlitzShield).unwrap();
    let mut state = trails::new_game(library, [&bracers, &ouroboros], 5).expect("the Trails configuration");
    trails::start(&mut state, &mut FirstOption);
    let first = state.turn_player;
    for p in [PlayerId(0), PlayerId(1)] {
        assert_eq!(state.zone(state.zone_id("hand", Some(p)).unwrap()).objects.len(), 4);
        assert_eq!(state.resource(p, "bond"), 40);
        assert_eq!(state.players[p.index()].flags.contains("initiative_player"), p == first);
    }
    let exchanges: Vec<PlayerId> = state.log.iter().filter_map(|e| if let Event::Decided { player, question, .. } = e { question.starts_with("hand exchange").then_some(*player) } else { None }).collect();
    assert_eq!(exchanges, vec![first, state.opponent_of(first)], "the Initiative Player exchanges first (603.1d)");
}

#[test]
fn whole_games_between_blitz_shield_decks_end_with_every_card_in_one_zone() {
    // Trails 700-705 end to end with the random agent, which plays cards, Arts and crafts (902.4).
    // The random agent proposes attackers in the combat sub steps, alone or in SCLM Attacks
    // (803.3, 803.3b), and gives SCLM Support with priority (902.4g); games end by bond
    // (705.5: Stun and Overkill Damage) or by drawing from an empty deck (1102.1).
    let library = std::sync::Arc::new(library());
    let bracers = check(&blitz("Bracers", &BRACERS), &library, Mode::BlitzShield).unwrap();
    let ouroboros = check(&blitz("Ouroboros", &OUROBOROS), &library, Mode::BlitzShield).unwrap();
    let (mut abilities, mut attacks, mut sclm, mut supports) = (0, 0, 0, 0);
    for seed in 1..=4 {
        let mut state = trails::new_game(library.clone(), [&bracers, &ouroboros], seed).unwrap();
        let mut agent = RandomAgent { rng: Rng::new(seed) };
        let outcome = trails::play_game(&mut state, &mut agent, 60);
        assert!(outcome.is_some(), "seed {seed}: the game ended\n{}", state.transcript());
        let placed: usize = state.zones.iter().map(|z| z.objects.len()).sum();
        assert_eq!(placed, 80, "seed {seed}: every card in exactly one zone");
        let played = state.log.iter().filter(|e| matches!(e, Event::Moved { to, reason, .. } if reason.as_deref() == Some("resolved") && state.zone(*to).name == "field")).count();
        assert!(played > 0, "seed {seed}: UNITs and ITEMs were played onto the field");
        abilities += state.log.iter().filter(|e| matches!(e, Event::Decided { question, answer, .. } if question == "priority" && answer.contains("ability"))).count();
        attacks += state.log.iter().filter(|e| matches!(e, Event::Signal { name, .. } if name == "attack")).count();
        sclm += state.log.iter().filter(|e| matches!(e, Event::Signal { name, .. } if name == "sclm_attack")).count();
        supports += state.log.iter().filter(|e| matches!(e, Event::Signal { name, .. } if name == "support_gained")).count();
    }
    assert!(abilities > 0, "Arts abilities were played (902.4e)");
    assert!(attacks > 0, "UNITs attacked (803-804)");
    assert!(sclm > 0, "UNITs sharing an organization attacked together (803.3b, 804.5)");
    assert!(supports > 0, "players gave SCLM Support (902.4g, 1218-1220)");
}

#[test]
fn selfplay_plays_trails_games_between_blitz_shield_decks_from_the_command_line() {
    // `cardscript selfplay --game trails`: a 40-card list is a Blitz Shield deck (602.3); games end
    // with every card in one zone (the decks of part 2 will go in cards/trails/decks/).
    let dir = crate::support::scratch_dir("trails-selfplay-decks");
    std::fs::write(dir.join("bracers.deck"), blitz("Bracers", &BRACERS)).unwrap();
    std::fs::write(dir.join("ouroboros.deck"), blitz("Ouroboros", &OUROBOROS)).unwrap();
    let out = crate::support::cardscript(&["selfplay", "--game", "trails", "--games", "3", "--seed", "2", "--decks", dir.to_str().unwrap()]);
    let text = crate::support::stdout(&out);
    assert!(out.status.success(), "{text}{}", crate::support::stderr(&out));
    assert!(text.contains("3 games of trails") && text.contains("failures 0"), "{text}");
}

#[test]
fn the_designed_strategy_decks_are_legal() {
    // Trails 602.4a-602.4b-1: both decks of cards/trails/decks/ hold exactly 50 cards, at most four
    // of one name and sub-name except "Common"; the set holds at least 60 cards.
    let library = library();
    assert!(library.cards.len() >= 60, "the designed set holds {} cards", library.cards.len());
    for name in ["liberl-bracers", "ouroboros-and-empire"] {
        let text = std::fs::read_to_string(repo().join(format!("cards/trails/decks/{name}.deck"))).unwrap();
        let cards = check(&text, &library, Mode::Strategy).unwrap_or_else(|d| panic!("{name}: {d:?}"));
        assert_eq!(cards.len(), 50, "{name}");
    }
}

#[test]
fn selfplay_plays_the_designed_strategy_decks_by_default() {
    // `cardscript selfplay --game trails` without --decks plays the decks of cards/trails/decks/:
    // a few seeded games end without a panic, a hang or a card outside exactly one zone.
    let out = crate::support::cardscript(&["selfplay", "--game", "trails", "--games", "3", "--seed", "7"]);
    let text = crate::support::stdout(&out);
    assert!(out.status.success(), "{text}{}", crate::support::stderr(&out));
    assert!(text.contains("3 games of trails") && text.contains("Liberl Bracers") && text.contains("Ouroboros and Empire") && text.contains("failures 0"), "{text}");
}
