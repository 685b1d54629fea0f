//! Self-play (FF 8-12 end to end): seeded games between the repository's decks finish without a
//! panic, a hang or a broken invariant, replay identically, and bad deck lists are diagnostics.

use cardscript::games::deck::parse_deck;
use cardscript::games::fftcg;
use cardscript::kernel::{Event, Outcome};
use cardscript::selfplay::{load, pairing, play_one};

use crate::support::repo;

fn library_and_decks() -> (std::sync::Arc<cardscript::kernel::Library>, Vec<cardscript::selfplay::ReadyDeck>) {
    load("fftcg", &[repo().join("cards/fftcg")], &[repo().join("cards/fftcg/decks")]).expect("the decks are legal")
}

#[test]
fn seeded_games_finish_with_a_result_and_keep_every_card() {
    let (library, decks) = library_and_decks();
    assert!(decks.len() >= 4, "four constructed decks");
    for seed in 0..24 {
        let result = play_one(&library, &decks, pairing(seed, decks.len()), seed, false);
        assert_eq!(result.failure, None, "seed {seed}:\n{}", result.trace.unwrap_or_default());
        assert!(matches!(result.outcome, Some(Outcome::Winner(_) | Outcome::Draw)));
        assert!(result.decisions > 50, "seed {seed}: a whole game takes decisions");
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let (library, decks) = library_and_decks();
    let a = play_one(&library, &decks, [0, 1], 7, false);
    let b = play_one(&library, &decks, [0, 1], 7, false);
    assert_eq!((a.events, a.decisions, a.turns, &a.outcome), (b.events, b.decisions, b.turns, &b.outcome));
    let c = play_one(&library, &decks, [0, 1], 8, false);
    assert_ne!((a.events, a.decisions), (c.events, c.decisions), "another seed, another game");
}

#[test]
fn audited_games_find_the_kernel_shortcuts_equal_to_the_long_way() {
    // The kernel keeps the view across events that touch single objects (src/kernel/patch.rs) and
    // passes over cards an event cannot trigger (src/interp/reach.rs); audited games compare every
    // patched view with one computed from scratch, and look at every card for triggers, checking
    // that the reach would have kept each one that triggered; they also run the rule processes
    // after events the rules do not heed (`RuleProcesses::heeds`), checking that they find nothing;
    // and a card that left with its printed characteristics, no effect able to select it
    // (`GameState::leaving`), had those in the view.
    let (library, decks) = library_and_decks();
    for seed in 0..16 {
        let pair = pairing(seed, decks.len());
        let mut state = fftcg::new_game(library.clone(), [&decks[pair[0]].cards, &decks[pair[1]].cards], seed);
        state.audit = true;
        let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(seed) };
        assert!(fftcg::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS).is_some(), "seed {seed} ends");
        // No reader holds the view across a change, which would make the next patch copy it.
        assert_eq!(state.view_copies(), 0, "seed {seed}: the view was copied to be patched");
    }
    // Trails: links, homebase crafts and combat effects (one game: Trails self-play is slower).
    let (library, decks) = load("trails", &[repo().join("cards/trails")], &[repo().join("cards/trails/decks")]).expect("the decks are legal");
    let mut state = cardscript::games::trails::new_game(library, [&decks[0].cards, &decks[1].cards], 5).expect("trails is configured");
    state.audit = true;
    let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(5) };
    assert!(cardscript::games::trails::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS).is_some(), "the trails game ends");
}

#[test]
fn a_game_starts_with_five_cards_each_and_the_first_player_draws_one() {
    // FF 8.2.1.3-8.2.1.5, 9.2.1.3.
    let (library, decks) = library_and_decks();
    let mut state = fftcg::new_game(library, [&decks[0].cards, &decks[1].cards], 3);
    let mut agent = cardscript::kernel::FirstOption;
    fftcg::start(&mut state, &mut agent);
    for p in 0..2u8 {
        let hand = state.zone_id("hand", Some(cardscript::kernel::PlayerId(p))).unwrap();
        assert_eq!(state.zone(hand).objects.len(), 5);
    }
    let first = state.turn_player;
    fftcg::begin_turn(&mut state, &mut agent);
    let hand = state.zone_id("hand", Some(first)).unwrap();
    assert_eq!(state.zone(hand).objects.len(), 6, "one card on the first turn");
    assert!(state.log.iter().any(|e| matches!(e, Event::Decided { question, .. } if question == "take the first turn")));
}

#[test]
fn bad_deck_lists_are_diagnostics_with_their_lines() {
    // FF 8.1.1.1-8.1.1.2: the count, the copies, unknown cards and names, malformed lines.
    let path = repo().join("tests/broken/decks/E0300-deck-construction.deck");
    let text = std::fs::read_to_string(&path).unwrap();
    let (deck, mut diagnostics) = parse_deck(&text);
    let (library, _) = library_and_decks();
    let workspace = cardscript::workspace::Workspace::load(&[repo().join("cards/fftcg")]);
    let (_, codes) = workspace.library("fftcg").unwrap();
    if let Err(more) = fftcg::check_deck(&deck.expect("the deck line parses"), &library, &codes, false) {
        diagnostics.extend(more);
    }
    let rendered: String = diagnostics.iter().map(|d| cardscript::diagnostic::render::render_human(d, "E0300-deck-construction.deck", &text, false)).collect();
    assert!(diagnostics.iter().all(|d| d.code == cardscript::diagnostic::Code::E0300));
    insta::assert_snapshot!(rendered);
}

#[test]
fn selfplay_reports_results_from_the_command_line() {
    let out = crate::support::cardscript(&["selfplay", "--game", "fftcg", "--games", "4", "--seed", "11"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("4 games of fftcg") && text.contains("failures 0"), "{text}");
}

#[test]
fn audited_selfplay_plays_the_same_games_from_the_command_line() {
    // `--audit` checks the kernel's shortcuts against the long way as the games run
    // (`GameState::audit`); it only checks, so the games are the ones played without it, and none fails.
    let report = |audit: bool| {
        let mut args = vec!["selfplay", "--game", "fftcg", "--games", "4", "--seed", "11"];
        args.extend(audit.then_some("--audit"));
        let out = crate::support::cardscript(&args);
        assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).lines().skip(1).filter(|l| !l.contains("per decision")).collect::<Vec<_>>().join("\n")
    };
    let audited = report(true);
    assert!(audited.contains("failures 0"), "{audited}");
    assert_eq!(audited, report(false));
}

#[test]
fn selfplay_on_several_threads_plays_the_same_games() {
    // Each game depends only on its seed, so spreading the games over threads changes nothing but
    // the time taken.
    let report = |jobs: &str| {
        let out = crate::support::cardscript(&["selfplay", "--game", "fftcg", "--games", "6", "--seed", "3", "--jobs", jobs]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).lines().skip(1).filter(|l| !l.contains("per decision")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(report("1"), report("3"));
}

#[test]
fn items_and_formations_in_a_deck_are_played_by_self_play() {
    // SE14 11.4, 11.5: the random agent is offered Items and Formations (the designed test cards; no
    // printed card is one) in its Main Phase, equips Items to its Characters, and the games still end
    // with every card in one zone (SE14 12.4.8-12.4.10 put the Items that cannot stay away).
    let cards = [repo().join("cards/fftcg"), repo().join("tests/golden/fftcg/cards/items.card")];
    let (library, mut decks) = load("fftcg", &cards, &[repo().join("cards/fftcg/decks")]).expect("the decks are legal");
    let id = |name: &str| cardscript::kernel::CardId(library.cards.iter().position(|c| c.name == name).expect("a test card") as u32);
    let tests = ["Iron Sword", "Mythril Knife", "Bronze Shield", "Hermes Sandals", "Phalanx", "Rearguard"];
    let fire = decks.iter().position(|d| d.name == "Fire Wind").expect("a Fire deck");
    // The last 12 cards of the Fire deck become 2 of each test card.
    let n = decks[fire].cards.len();
    for (i, name) in tests.iter().enumerate() {
        decks[fire].cards[n - 12 + 2 * i] = id(name);
        decks[fire].cards[n - 11 + 2 * i] = id(name);
    }
    let (mut equipped, mut formations) = (0, 0);
    for seed in 0..12 {
        let other = (fire + 1 + seed as usize % (decks.len() - 1)) % decks.len();
        let result = play_one(&library, &decks, [fire, other], seed, false);
        assert_eq!(result.failure, None, "seed {seed}:\n{}", result.trace.unwrap_or_default());
        let mut state = fftcg::new_game(library.clone(), [&decks[fire].cards, &decks[other].cards], seed);
        let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15) };
        fftcg::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS);
        equipped += state.log.iter().filter(|e| matches!(e, Event::Attached { to: Some(_), .. })).count();
        formations += state.log.iter().filter(|e| matches!(e, Event::Moved { new, reason: Some(r), .. } if r == "play" && ["Phalanx", "Rearguard"].contains(&library.card(state.object(*new).card).name.as_str()))).count();
    }
    assert!(equipped > 0, "an Item was equipped in some game");
    assert!(formations > 0, "a Formation was played in some game");
}
