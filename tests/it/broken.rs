//! Broken scripts (tests/broken/, one error class per file) with their rendered diagnostics as
//! snapshots. The file name starts with the code it must produce.

use cardscript::cli::check::CheckReport;
use cardscript::workspace::Workspace;

use crate::support::{check_sources, repo};

#[test]
fn broken_scripts_render_their_diagnostics() {
    insta::glob!("../broken", "*.card", |path| {
        let text = std::fs::read_to_string(path).expect("read broken script");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let report = check_sources(&[(&name, &text)]);
        let expected_code = name.split('-').next().unwrap();
        let codes: Vec<String> = report.files_with_diagnostics.iter().flat_map(|f| &f.2).map(|d| d.code.as_str()).collect();
        assert!(codes.iter().any(|c| c == expected_code), "{name} should report {expected_code}, got {codes:?}");
        insta::assert_snapshot!(format!("----- SOURCE\n{text}\n----- DIAGNOSTICS\n{}", report.render_human(false)));
    });
}

#[test]
fn broken_deck_lists_render_their_diagnostics() {
    // FF 8.1.1, Trails 602: `cardscript check` checks a deck list against the cards of its game, in the format its deck
    // line names; every mistake is reported at its line.
    let workspace = Workspace::load(&[repo().join("cards")]);
    insta::glob!("../broken/decks", "*.deck", |path| {
        let text = std::fs::read_to_string(path).expect("read broken deck");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let mut report = CheckReport::new(&workspace);
        assert_eq!(report.errors, 0, "the repository's cards check clean");
        report.add_decks(&workspace, &[(name.clone(), text.clone())]);
        let expected_code = name.split('-').next().unwrap();
        let codes: Vec<String> = report.files_with_diagnostics.iter().flat_map(|f| &f.2).map(|d| d.code.as_str()).collect();
        assert!(!codes.is_empty() && codes.iter().all(|c| c == expected_code), "{name} should report {expected_code} only, got {codes:?}");
        insta::assert_snapshot!(format!("----- SOURCE\n{text}\n----- DIAGNOSTICS\n{}", report.render_human(false)));
    });
}

#[test]
fn a_broken_card_does_not_stop_the_others() {
    let text = std::fs::read_to_string(crate::support::repo().join("tests/broken/E0002-syntax-error-recovery.card")).unwrap();
    let report = check_sources(&[("recovery.card", &text)]);
    assert_eq!(report.cards, 3, "all three cards are items of the file");
    assert_eq!(report.errors, 2, "both broken cards are reported, the good one is not");
}
