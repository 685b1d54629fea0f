//! The `cardscript check` command line: summary line, exit codes, JSON output.

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
