//! The command line: `check` (summary line, exit codes, JSON output) and `test` finding the cards.

use crate::support::{cardscript, stdout};

#[test]
fn check_prints_a_summary_and_exits_1_on_errors() {
    let out = cardscript(&["check", "tests/broken/E0100-unknown-word.card"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let summary = text.lines().last().unwrap();
    assert!(summary.starts_with("checked 1 files (1 cards, 0 keywords): 2 errors, 0 warnings in "), "{summary}");
}

#[test]
fn check_checks_deck_lists_in_the_format_their_deck_line_names() {
    // FF 8.1.1.1: the constructed decks (50 cards) and the limited ones (`fftcg limited`, 40 and 42) check clean with
    // their game's cards (each once, though under two of the paths given); a broken list is an error, and a deck list
    // named on the command line is never read as cards.
    let out = cardscript(&["check", "cards/fftcg", "cards/fftcg/decks"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains(" keywords, 6 decks): 0 errors, 0 warnings in "), "{}", stdout(&out));
    let out = cardscript(&["check", "cards/fftcg", "tests/broken/decks/E0300-unknown-deck-format.deck"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("fftcg has no format `sealed`") && stdout(&out).contains(" 7 decks): 3 errors, "), "{}", stdout(&out));
}

#[test]
fn check_json_lists_diagnostics_with_positions() {
    let out = cardscript(&["check", "--format", "json", "tests/broken/E0100-unknown-word.card"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["errors"], 2);
    let first = &json["diagnostics"][0];
    assert_eq!(first["code"], "E0100");
    assert_eq!(first["file"], "tests/broken/E0100-unknown-word.card");
    assert_eq!(first["line"], 5);
    assert_eq!(first["column"], 29);
    assert_eq!(first["help"][0], "did you mean `field`?");
}

#[test]
fn output_has_no_colour_when_not_a_terminal() {
    let out = cardscript(&["check", "tests/broken/E0102-no-such-phrase.card"]);
    assert!(!stdout(&out).contains('\u{1b}'), "no ANSI escapes in piped output");
    let out = cardscript(&["check", "--color", "always", "tests/broken/E0102-no-such-phrase.card"]);
    assert!(stdout(&out).contains('\u{1b}'), "colour when asked");
}

/// A scenario written outside the project (no `cards/<game>` above it) runs with the cards above the
/// current directory; with none there either, the game line says where it looked.
#[test]
fn a_scenario_outside_the_project_finds_the_cards_of_the_current_directory() {
    let dir = std::env::temp_dir().join(format!("cardscript-outside-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("auron.scenario");
    std::fs::write(&scenario, "scenario \"Auron on the field\"\ngame fftcg\nturn 3 me main1\nme field: \"1-002R\"\nexpect me field = \"1-002R\"\n").unwrap();
    let path = scenario.to_str().unwrap();
    let out = cardscript(&["test", path]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardscript")).args(["test", path]).current_dir(&dir).output().unwrap();
    let said = format!("{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("no `cards/fftcg` folder above") && said.contains("auron.scenario:2:"), "{said}");
}
