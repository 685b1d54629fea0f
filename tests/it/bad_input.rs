//! Bad input never panics, hangs or overflows the stack: it gets diagnostics (exit 1) or a
//! clear error (exit 2).

use proptest::prelude::*;

use crate::support::{cardscript, scratch_dir, stderr, stdout};

fn check_file(name: &str, bytes: &[u8]) -> std::process::Output {
    let dir = scratch_dir(&format!("bad-{name}"));
    let path = dir.join(format!("{name}.card"));
    std::fs::write(&path, bytes).unwrap();
    cardscript(&["check", path.to_str().unwrap()])
}

#[test]
fn binary_garbage_is_an_encoding_error() {
    let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let out = check_file("garbage", &bytes);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("E0001"), "{}", stdout(&out));
}

#[test]
fn a_deck_list_that_is_not_text_is_an_encoding_error() {
    let dir = scratch_dir("bad-deck");
    let path = dir.join("garbage.deck");
    std::fs::write(&path, b"deck \"G\" fftcg\n3 1-001H Auron\xff\n").unwrap();
    let out = cardscript(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("E0001") && stdout(&out).contains("not valid UTF-8 at byte 29"), "{}", stdout(&out));
}

#[test]
fn control_characters_are_syntax_errors() {
    let out = check_file("control", b"game fftcg\n\x00\x01\x02 card \x7f\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("E0002"), "{}", stdout(&out));
}

#[test]
fn invalid_utf8_points_at_the_byte() {
    let out = check_file("latin1", b"game fftcg\ncard \"Caf\xe9\" {}\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("not valid UTF-8 at byte 20"), "{}", stdout(&out));
}

#[test]
fn an_empty_file_has_no_game_line() {
    let out = check_file("empty", b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("E0004"), "{}", stdout(&out));
}

#[test]
fn a_ten_megabyte_file_is_checked() {
    let line = "this line is not a card at all, it is noise from a very long file ..........\n";
    let text = format!("game fftcg\n{}", line.repeat(10 * 1024 * 1024 / line.len()));
    let out = check_file("huge", text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("more syntax errors in this file are not shown"), "{}", stdout(&out));
}

#[test]
fn a_hundred_thousand_nested_brackets_do_not_overflow() {
    let text = format!("game fftcg\ncard \"Deep\" {{\n summon fire cost 1\n summon: draw {}1{}\n}}\n", "(".repeat(100_000), ")".repeat(100_000));
    let out = check_file("brackets", text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("brackets nest too deeply"), "{}", stdout(&out));
}

#[test]
fn a_hundred_thousand_nested_blocks_do_not_overflow() {
    let text = format!(
        "game fftcg\ncard \"Deep\" {{\n summon fire cost 1\n summon:\n {} draw 1 {}\n}}\n",
        "if you control forward {\n".repeat(100_000),
        "}\n".repeat(100_000)
    );
    let out = check_file("blocks", text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("brackets nest too deeply"), "{}", stdout(&out));
}

#[test]
fn a_missing_path_is_a_usage_error() {
    let out = cardscript(&["check", "no/such/dir"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read `no/such/dir`: no such file or directory"), "{}", stderr(&out));
}

#[test]
fn no_arguments_is_a_usage_error() {
    let out = cardscript(&["check"]);
    assert_eq!(out.status.code(), Some(2));
    let out = cardscript(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_directory_without_permission_is_an_io_error() {
    let dir = scratch_dir("noperm");
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::write(locked.join("a.card"), "game fftcg\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    // Root reads any directory, so drop to an unprivileged user when running as root.
    let bin = env!("CARGO_BIN_EXE_cardscript");
    let is_root = std::process::Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false);
    let out = if is_root {
        // The binary and the directory must be reachable by that user.
        let copy = dir.join("cardscript");
        std::fs::copy(bin, &copy).unwrap();
        for p in [&dir, &std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))] {
            let _ = std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755));
        }
        std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&copy)
            .args(["check", locked.to_str().unwrap()])
            .output()
            .unwrap()
    } else {
        std::process::Command::new(bin).args(["check", locked.to_str().unwrap()]).output().unwrap()
    };
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("permission denied"), "{}", stderr(&out));
}

/// The FF-TCG cards and their codes, loaded once for the deck lists.
fn ff_cards() -> &'static (cardscript::kernel::Library, std::collections::BTreeMap<String, cardscript::kernel::CardId>) {
    static CARDS: std::sync::OnceLock<(cardscript::kernel::Library, std::collections::BTreeMap<String, cardscript::kernel::CardId>)> = std::sync::OnceLock::new();
    CARDS.get_or_init(|| cardscript::workspace::Workspace::load(&[crate::support::repo().join("cards/fftcg")]).library("fftcg").expect("the FF-TCG cards"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any text built from the language's own characters parses and checks without panicking.
    #[test]
    fn arbitrary_scripts_never_panic(body in "[a-z{}()\\[\\]:,\"+/<=>0-9 \n\t]{0,200}") {
        let text = format!("game fftcg\ncard \"P\" {{\n{body}\n}}\n");
        let report = crate::support::check_sources(&[("p.card", &text)]);
        prop_assert!(report.cards <= 1);
    }

    /// Any deck list parses and checks against the FF-TCG cards without panicking; a list of cards is at least
    /// one diagnostic short of 50 cards unless it has 50.
    #[test]
    fn arbitrary_deck_lists_never_panic(lines in proptest::collection::vec("[0-9]{0,2} ?(1-0[0-9]{2}[CRHLS])? ?[A-Za-z \"]{0,12}", 0..8), format in "( limited| constructed| x)?") {
        let text = format!("deck \"P\" fftcg{format}\n{}\n", lines.join("\n"));
        let (deck, diagnostics) = cardscript::games::deck::parse_deck(&text);
        let deck = deck.expect("the deck line parses");
        let (library, codes) = ff_cards();
        let checked = cardscript::games::deck_check::check_deck(&deck, library, codes, None);
        prop_assert!(checked.is_err() || (diagnostics.is_empty() && deck.size() >= 40));
    }

    #[test]
    fn arbitrary_unicode_never_panics(body in "\\PC{0,100}") {
        let report = crate::support::check_sources(&[("u.card", &body)]);
        prop_assert!(report.errors + report.warnings >= usize::from(!body.trim().is_empty()));
    }
}
