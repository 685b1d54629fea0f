//! Broken scripts (tests/broken/, one error class per file) with their rendered diagnostics as
//! snapshots. The file name starts with the code it must produce.

use crate::support::check_sources;

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
fn a_broken_card_does_not_stop_the_others() {
    let text = std::fs::read_to_string(crate::support::repo().join("tests/broken/E0002-syntax-error-recovery.card")).unwrap();
    let report = check_sources(&[("recovery.card", &text)]);
    assert_eq!(report.cards, 3, "all three cards are items of the file");
    assert_eq!(report.errors, 2, "both broken cards are reported, the good one is not");
}
