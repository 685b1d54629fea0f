//! The repository's own scripts: `cardscript check cards std-abilities` is clean, its deck lists included, and the
//! card files follow the layout rules.

use crate::support::{cardscript, files_with_extension, repo, stdout};

#[test]
fn cards_and_std_abilities_check_clean() {
    let out = cardscript(&["check", "cards", "std-abilities"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains(": 0 errors, 0 warnings in "), "{text}");
    // FF 8.1.1, Trails 602, UFS A.2: every deck list under cards/ is checked, in its game's rules.
    let decks = files_with_extension(&repo().join("cards"), "deck").len();
    assert!(decks >= 9 && text.contains(&format!(" keywords, {decks} decks): ")), "{decks} decks: {text}");
}

/// Every card file holds one card, starts with `game`, documents its printed text, and is named
/// after the card.
#[test]
fn card_files_hold_one_documented_card_named_after_it() {
    let mut problems = vec![];
    for game_dir in std::fs::read_dir(repo().join("cards")).unwrap().flatten() {
        for entry in files_with_extension(&game_dir.path(), "card") {
            let text = std::fs::read_to_string(&entry).unwrap();
            let name = entry.file_name().unwrap().to_string_lossy().to_string();
            let cards = text.lines().filter(|l| l.starts_with("card ")).count();
            if cards != 1 {
                problems.push(format!("{name}: {cards} cards"));
            }
            if !text.starts_with("game ") {
                problems.push(format!("{name}: does not start with `game`"));
            }
            let card_line = text.lines().find(|l| l.starts_with("card ")).unwrap_or("");
            if !text.lines().take_while(|l| !l.starts_with("card ")).any(|l| l.starts_with("///")) {
                problems.push(format!("{name}: no doc comment with the printed text"));
            }
            if let Some(code) = card_line.split('"').nth(2).and_then(|rest| rest.split_whitespace().next()).filter(|c| *c != "{")
                && !name.starts_with(code) {
                    problems.push(format!("{name}: not named after its code {code}"));
                }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}
