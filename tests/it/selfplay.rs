//! Self-play (FF 8-12 end to end): seeded games between the repository's decks finish without a
//! panic, a hang or a broken invariant, replay identically, and bad deck lists are diagnostics.

use cardscript::diagnostic::Diagnostic;
use cardscript::games::deck::parse_deck;
use cardscript::games::fftcg;
use cardscript::kernel::{Event, Outcome};
use cardscript::games::fftcg::Format;
use cardscript::selfplay::{load, pairing, play_one, Lineup};

use crate::support::repo;

/// The FF-TCG cards with the decks under `folder`, checked for `format`.
fn lineup(folder: &str, format: Format) -> Result<Lineup, String> {
    load("fftcg", &[repo().join("cards/fftcg")], &[repo().join(folder)], format)
}

fn constructed() -> Lineup {
    lineup("cards/fftcg/decks", Format::Constructed).expect("the decks are legal")
}

/// `check_deck` with the FF-TCG cards and their codes.
fn check_deck(deck: &cardscript::games::deck::Deck, format: Format) -> Result<Vec<cardscript::kernel::CardId>, Vec<Diagnostic>> {
    let workspace = cardscript::workspace::Workspace::load(&[repo().join("cards/fftcg")]);
    let (library, codes) = workspace.library("fftcg").expect("the FF-TCG cards");
    fftcg::check_deck(deck, &library, &codes, format)
}

#[test]
fn seeded_games_finish_with_a_result_and_keep_every_card() {
    let lineup = constructed();
    assert!(lineup.decks.len() >= 4, "four constructed decks");
    for seed in 0..24 {
        let result = play_one(&lineup, pairing(seed, lineup.decks.len()), seed, false);
        assert_eq!(result.failure, None, "seed {seed}:\n{}", result.trace.unwrap_or_default());
        assert!(matches!(result.outcome, Some(Outcome::Winner(_) | Outcome::Draw)));
        assert!(result.decisions > 50, "seed {seed}: a whole game takes decisions");
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let lineup = constructed();
    let a = play_one(&lineup, [0, 1], 7, false);
    let b = play_one(&lineup, [0, 1], 7, false);
    assert_eq!((a.events, a.decisions, a.turns, &a.outcome), (b.events, b.decisions, b.turns, &b.outcome));
    let c = play_one(&lineup, [0, 1], 8, false);
    assert_ne!((a.events, a.decisions), (c.events, c.decisions), "another seed, another game");
}

#[test]
fn a_game_not_put_into_words_is_the_same_game() {
    // Self-play leaves the decisions' words (and the payments' "paid" details) out, and words a failing game again from
    // its seed (`GameState::worded`): the words change nothing in the game.
    struct Played {
        outcome: Option<Outcome>,
        /// The log without the words: each decision by whom, a payment's announcement without its detail.
        log: Vec<String>,
        /// The decisions in words once the first turn began (the setup's are made before `worded` is set).
        in_words: usize,
    }
    let lineup = constructed();
    let (library, decks) = (&lineup.library, &lineup.decks);
    let play = |seed: u64, worded: bool| {
        let pair = pairing(seed, decks.len());
        let mut state = fftcg::new_game(library.clone(), [&decks[pair[0]].cards, &decks[pair[1]].cards], seed, Format::Constructed);
        state.worded = worded;
        let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(seed) };
        let outcome = fftcg::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS);
        let log = state
            .log
            .iter()
            .map(|e| match e {
                Event::Decided { player, .. } => format!("{player:?} decided"),
                Event::Signal { name, player, .. } if *name == "paid" => format!("{player:?} paid"),
                other => format!("{other:?}"),
            })
            .collect();
        let in_play = state.log.iter().skip_while(|e| !matches!(e, Event::TurnBegan { .. }));
        Played { outcome, log, in_words: in_play.filter(|e| matches!(e, Event::Decided { answer, .. } if !answer.is_empty())).count() }
    };
    // A game that does not fail has no trace; the trace of its seed, worded, says what each player decided.
    assert_eq!(play_one(&lineup, [0, 1], 7, false).trace, None);
    let trace = cardscript::selfplay::trace(&lineup, [0, 1], 7, false);
    assert!(trace.contains(" decides priority: pass") && trace.contains(" decides priority: cast "), "{trace}");
    for seed in 0..4 {
        let (worded, unworded) = (play(seed, true), play(seed, false));
        // The first event that differs, shown with the one before it.
        if let Some(i) = (0..worded.log.len().max(unworded.log.len())).find(|i| worded.log.get(*i) != unworded.log.get(*i)) {
            let around = |log: &[String]| log[i.saturating_sub(1)..(i + 1).min(log.len())].to_vec();
            panic!("seed {seed}: event {i} differs: {:?} against {:?}", around(&worded.log), around(&unworded.log));
        }
        assert_eq!(worded.outcome, unworded.outcome, "seed {seed}");
        assert!(worded.in_words > 50 && unworded.in_words == 0, "seed {seed}: {} and {} decisions in words", worded.in_words, unworded.in_words);
    }
}

#[test]
fn audited_games_find_the_kernel_shortcuts_equal_to_the_long_way() {
    // The kernel keeps the view across events that touch single objects (src/kernel/patch.rs) and
    // passes over cards an event cannot trigger (src/interp/reach.rs); audited games compare every
    // patched view with one computed from scratch, and look at every card for triggers, checking
    // that the reach would have kept each one that triggered and the quick test before a trigger's
    // pattern is compiled (`could_match`) each that matched; they also run the rule processes
    // after events the rules do not heed (`RuleProcesses::heeds`), checking that they find nothing;
    // and a card that left with its printed characteristics, no effect able to select it
    // (`GameState::leaving`), had those in the view; an object is live exactly when its zone
    // lists it.
    let lineup = constructed();
    let (library, decks) = (&lineup.library, &lineup.decks);
    for seed in 0..16 {
        let pair = pairing(seed, decks.len());
        let mut state = fftcg::new_game(library.clone(), [&decks[pair[0]].cards, &decks[pair[1]].cards], seed, Format::Constructed);
        state.audit = true;
        let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(seed) };
        assert!(fftcg::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS).is_some(), "seed {seed} ends");
        // No reader holds the view across a change, which would make the next patch copy it.
        assert_eq!(state.view_copies(), 0, "seed {seed}: the view was copied to be patched");
    }
    // Trails: links, homebase crafts and combat effects (one game: Trails self-play is slower).
    let trails = load("trails", &[repo().join("cards/trails")], &[repo().join("cards/trails/decks")], Format::Constructed).expect("the decks are legal");
    let mut state = cardscript::games::trails::new_game(trails.library, [&trails.decks[0].cards, &trails.decks[1].cards], 5).expect("trails is configured");
    state.audit = true;
    let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(5) };
    assert!(cardscript::games::trails::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS).is_some(), "the trails game ends");
}

#[test]
fn an_audited_attack_finds_its_battle_on_the_fields_whatever_order_the_zones_list_it_in() {
    // FF 10.1.4.5: the Forwards in the battle are read from the fields, in the order of the objects; audited games check
    // they are the same cards as among every card of the game. The game of seed 396 (the 296th of `selfplay --games 300
    // --seed 101 --audit`) ends an attack whose blocker, on the other field, is an older object than the attacker: the
    // zones list them in the other order, which the check once took for a card off the field.
    let lineup = constructed();
    let game = play_one(&lineup, pairing(295, lineup.decks.len()), 396, true);
    assert!(game.failure.is_none(), "{:?}", game.failure);
}

#[test]
fn a_game_starts_with_five_cards_each_and_the_first_player_draws_one() {
    // FF 8.2.1.3-8.2.1.5, 9.2.1.3.
    let lineup = constructed();
    let (library, decks) = (&lineup.library, &lineup.decks);
    let mut state = fftcg::new_game(library.clone(), [&decks[0].cards, &decks[1].cards], 3, Format::Constructed);
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
fn limited_decks_hold_forty_or_more_cards_and_constructed_decks_exactly_fifty() {
    // FF 8.1.1.1: the sealed decks (40 and 42 cards) are legal in a limited game and not in a constructed one; the
    // constructed decks (50) are legal in both; a deck of 39 is legal in neither.
    let limited = lineup("cards/fftcg/limited-decks", Format::Limited).expect("the limited decks are legal");
    let sizes: Vec<(&str, usize)> = limited.decks.iter().map(|d| (d.name.as_str(), d.cards.len())).collect();
    assert_eq!(sizes, [("Earth Lightning Sealed", 42), ("Fire Ice Sealed", 40)]);
    let refused = lineup("cards/fftcg/limited-decks", Format::Constructed).expect_err("a limited deck is not played in a constructed game");
    assert!(refused.contains("\"Fire Ice Sealed\" is a limited deck, and this is a constructed game (FF 8.1.1.1)") && refused.contains("\"Earth Lightning Sealed\" is a limited deck"), "{refused}");
    assert_eq!(lineup("cards/fftcg/decks", Format::Limited).expect("50 is 40 or more").decks.len(), 4);
    // Without its format word, a 40-card deck is read as a constructed one, 10 short, and told how to say it is not.
    let text = std::fs::read_to_string(repo().join("cards/fftcg/limited-decks/fire-ice-sealed.deck")).unwrap().replace(" fftcg limited\n", " fftcg\n");
    let problems = check_deck(&parse_deck(&text).0.expect("the deck parses"), Format::Constructed).expect_err("40 cards are too few");
    assert!(problems[0].help.iter().any(|h| h.contains("`deck \"Fire Ice Sealed\" fftcg limited`")), "{problems:?}");
}

#[test]
fn limited_games_are_lost_at_six_damage() {
    // FF 3.1.1, 12.4.1: in a limited game the 6th card in a Damage Zone loses; the same seeds played as constructed
    // games go on past it.
    let limited = lineup("cards/fftcg/limited-decks", Format::Limited).unwrap();
    let constructed = Lineup { format: Format::Constructed, ..limited.clone() };
    let (mut at_six, mut past_six) = (0, 0);
    for seed in 0..12 {
        for (lineup, most) in [(&limited, 6), (&constructed, 7)] {
            let result = play_one(lineup, [0, 1], seed, false);
            assert_eq!(result.failure, None, "seed {seed}:\n{}", result.trace.unwrap_or_default());
            let mut state = fftcg::new_game(lineup.library.clone(), [&lineup.decks[0].cards, &lineup.decks[1].cards], seed, lineup.format);
            let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15) };
            assert_eq!(fftcg::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS), result.outcome, "seed {seed}: the game play_one played");
            let damage = (0..2u8).map(|p| state.zone(state.zone_id("damage_zone", Some(cardscript::kernel::PlayerId(p))).unwrap()).objects.len()).max().unwrap();
            assert!(damage <= most, "seed {seed}: {damage} damage in a game lost at {most}");
            at_six += usize::from(most == 6 && damage == 6);
            past_six += usize::from(most == 7 && damage == 7);
        }
    }
    assert!(at_six > 0 && past_six > 0, "some limited games end at 6 damage ({at_six}), some constructed ones at 7 ({past_six})");
}

#[test]
fn a_failing_limited_game_is_written_out_to_replay_as_a_limited_game() {
    let limited = lineup("cards/fftcg/limited-decks", Format::Limited).unwrap();
    let mut result = play_one(&limited, [1, 0], 5, false);
    result.failure = Some("a broken invariant".into());
    result.trace = Some("the game's log\n".into());
    let folder = crate::support::scratch_dir("limited-trace");
    let path = cardscript::selfplay::write_trace(&folder, "fftcg", &limited, &result).expect("the trace is written");
    let written = std::fs::read_to_string(path).unwrap();
    assert!(written.contains("# decks: Fire Ice Sealed vs Earth Lightning Sealed\n"), "{written}");
    assert!(written.contains("# replay: cardscript selfplay --game fftcg --limited --games 1 --seed 5"), "{written}");
}

#[test]
fn selfplay_reports_results_from_the_command_line() {
    let out = crate::support::cardscript(&["selfplay", "--game", "fftcg", "--games", "4", "--seed", "11"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("4 games of fftcg") && text.contains("failures 0"), "{text}");
}

#[test]
fn limited_selfplay_plays_the_sealed_decks_from_the_command_line() {
    // FF 8.1.1.1: `--limited` plays the decks in cards/fftcg/limited-decks unless told otherwise; a Trails game has
    // no limited format.
    let out = crate::support::cardscript(&["selfplay", "--game", "fftcg", "--limited", "--games", "4", "--seed", "11"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Fire Ice Sealed") && text.contains("failures 0"), "{text}");
    let out = crate::support::cardscript(&["selfplay", "--game", "trails", "--limited", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the limited format is FF-TCG's"));
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
    let mut lineup = load("fftcg", &cards, &[repo().join("cards/fftcg/decks")], Format::Constructed).expect("the decks are legal");
    let library = lineup.library.clone();
    let id = |name: &str| cardscript::kernel::CardId(library.cards.iter().position(|c| c.name == name).expect("a test card") as u32);
    let tests = ["Iron Sword", "Mythril Knife", "Bronze Shield", "Hermes Sandals", "Phalanx", "Rearguard"];
    let fire = lineup.decks.iter().position(|d| d.name == "Fire Wind").expect("a Fire deck");
    // The last 12 cards of the Fire deck become 2 of each test card.
    let cards = &mut lineup.decks[fire].cards;
    let n = cards.len();
    for (i, name) in tests.iter().enumerate() {
        cards[n - 12 + 2 * i] = id(name);
        cards[n - 11 + 2 * i] = id(name);
    }
    let decks = &lineup.decks;
    let (mut equipped, mut formations) = (0, 0);
    for seed in 0..12 {
        let other = (fire + 1 + seed as usize % (decks.len() - 1)) % decks.len();
        let result = play_one(&lineup, [fire, other], seed, false);
        assert_eq!(result.failure, None, "seed {seed}:\n{}", result.trace.unwrap_or_default());
        let mut state = fftcg::new_game(library.clone(), [&decks[fire].cards, &decks[other].cards], seed, Format::Constructed);
        let mut agent = cardscript::kernel::RandomAgent { rng: cardscript::kernel::rng::Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15) };
        fftcg::play_game(&mut state, &mut agent, cardscript::selfplay::MAX_TURNS);
        equipped += state.log.iter().filter(|e| matches!(e, Event::Attached { to: Some(_), .. })).count();
        formations += state.log.iter().filter(|e| matches!(e, Event::Moved { new, reason: Some(r), .. } if r == "play" && ["Phalanx", "Rearguard"].contains(&library.card(state.object(*new).card).name.as_str()))).count();
    }
    assert!(equipped > 0, "an Item was equipped in some game");
    assert!(formations > 0, "a Formation was played in some game");
}
