//! Tidy checks: the architecture's invariants (ARCHITECTURE.md), enforced.

use std::path::{Path, PathBuf};

use crate::support::{files_with_extension, repo};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    files_with_extension(dir, "rs")
}

/// Each `keyword` line of the standard library with the `///` lines above it: (file, docs, line).
fn std_keywords() -> Vec<(String, Vec<String>, String)> {
    let mut out = vec![];
    for f in files_with_extension(&repo().join("std-abilities"), "card") {
        let text = std::fs::read_to_string(&f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("keyword ") {
                let docs = lines[..i].iter().rev().take_while(|l| l.starts_with("///")).map(|l| l.to_string()).collect();
                out.push((rel(&f), docs, line.to_string()));
            }
        }
    }
    out
}

fn rel(p: &Path) -> String {
    p.strip_prefix(repo()).unwrap().to_string_lossy().replace('\\', "/")
}

#[test]
fn every_source_file_starts_with_a_one_line_module_doc() {
    let mut missing = vec![];
    for dir in ["src", "tests/it", "benches"] {
        for f in rust_files(&repo().join(dir)) {
            let text = std::fs::read_to_string(&f).unwrap();
            if !text.starts_with("//! ") {
                missing.push(rel(&f));
            }
        }
    }
    assert!(missing.is_empty(), "files without a `//!` first line: {missing:?}");
}

#[test]
fn source_files_stay_small() {
    let big: Vec<String> = rust_files(&repo().join("src"))
        .into_iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(&f).unwrap().lines().count();
            (n > 700).then(|| format!("{} ({n} lines)", rel(&f)))
        })
        .collect();
    assert!(big.is_empty(), "split these by concept: {big:?}");
}

/// Each stage knows only the stages before it: source → syntax → vocab → check → IR; the
/// database, workspace and CLI sit on top.
#[test]
fn modules_depend_only_on_earlier_stages() {
    let rules: &[(&str, &[&str])] = &[
        ("src/span.rs", &[]),
        ("src/allocator.rs", &[]),
        ("src/diagnostic", &["span", "diagnostic"]),
        ("src/syntax", &["span", "diagnostic", "syntax"]),
        ("src/vocab", &["span", "diagnostic", "syntax", "vocab"]),
        ("src/ir.rs", &["span", "syntax", "vocab"]),
        ("src/check", &["span", "diagnostic", "syntax", "vocab", "ir", "check"]),
        ("src/db.rs", &["span", "diagnostic", "syntax", "vocab", "ir", "check"]),
        ("src/kernel", &["syntax", "vocab", "ir", "kernel"]),
        ("src/interp", &["syntax", "vocab", "ir", "kernel", "interp"]),
        ("src/workspace.rs", &["span", "diagnostic", "db", "check", "ir", "kernel", "vocab"]),
        ("src/games", &["span", "diagnostic", "vocab", "ir", "kernel", "interp", "games"]),
        ("src/board", &["vocab", "kernel", "board"]),
        ("src/scenario", &["span", "diagnostic", "syntax", "vocab", "ir", "kernel", "interp", "games", "workspace", "board", "scenario"]),
    ];
    let mut violations = vec![];
    for f in rust_files(&repo().join("src")) {
        let path = rel(&f);
        let Some((_, allowed)) = rules.iter().find(|(prefix, _)| path.starts_with(prefix)) else { continue };
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let mut rest = line;
            while let Some(at) = rest.find("crate::") {
                let module: String = rest[at + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !allowed.contains(&module.as_str()) {
                    violations.push(format!("{path}:{}: uses crate::{module}", i + 1));
                }
                rest = &rest[at + 7..];
            }
        }
    }
    assert!(violations.is_empty(), "{violations:#?}");
}

/// `unsafe` is confined to the global allocator (ARCHITECTURE.md, `src/allocator.rs`).
#[test]
fn unsafe_code_stays_in_the_allocator() {
    let found: Vec<String> = rust_files(&repo().join("src"))
        .into_iter()
        .filter(|f| rel(f) != "src/allocator.rs" && std::fs::read_to_string(f).unwrap().lines().any(|l| l.contains("unsafe ") && !l.trim_start().starts_with("//")))
        .map(|f| rel(&f))
        .collect();
    assert!(found.is_empty(), "unsafe code outside src/allocator.rs: {found:?}");
}

/// Keywords are definitions in std-abilities/; the Rust side offers generic hooks only.
#[test]
fn no_rust_code_names_a_keyword() {
    let names: Vec<String> = std_keywords()
        .into_iter()
        .map(|(_, _, line)| line["keyword ".len()..].chars().take_while(|c| c.is_alphanumeric()).collect())
        .collect();
    assert!(names.len() >= 6, "the std library defines keywords: {names:?}");
    let mut found = vec![];
    for f in rust_files(&repo().join("src")) {
        let text = std::fs::read_to_string(&f).unwrap();
        for name in &names {
            if text.contains(&format!("\"{name}\"")) {
                found.push(format!("{} names `{name}`", rel(&f)));
            }
        }
    }
    assert!(found.is_empty(), "{found:?}");
}

/// Every keyword of the standard library documents its rule number and reminder text.
#[test]
fn every_keyword_cites_its_rule() {
    let undocumented: Vec<String> = std_keywords()
        .into_iter()
        .filter(|(_, docs, _)| !docs.iter().any(|d| ["FF ", "SE14 ", "Trails ", "UFS "].iter().any(|g| d.contains(g))))
        .map(|(file, _, line)| format!("{file}: {line}"))
        .collect();
    assert!(undocumented.is_empty(), "keywords without a rule citation: {undocumented:#?}");
}

/// The names FF phrases give the game (`game_state(name`, `tracked(name`, `resource_of(who, name`; or, `opens`
/// given, those), with the file that gives each.
fn ff_asked_names() -> Vec<(String, String)> {
    ff_names(&[("game_state(", false), ("tracked(", false), ("resource_of(", true)])
}

fn ff_names(opens: &[(&str, bool)]) -> Vec<(String, String)> {
    let mut out = vec![];
    for f in files_with_extension(&repo().join("std-abilities/fftcg"), "card") {
        let text = std::fs::read_to_string(&f).unwrap();
        for &(open, skip_first) in opens {
            for (at, _) in text.match_indices(open) {
                let mut args = text[at + open.len()..].split([',', ')']);
                let arg = if skip_first { args.nth(1) } else { args.next() };
                let name: String = arg.unwrap_or("").trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() && !out.iter().any(|(n, _)| *n == name) {
                    out.push((name, rel(&f)));
                }
            }
        }
    }
    out
}

/// The text of every source file under src/.
fn src_text() -> String {
    rust_files(&repo().join("src")).iter().map(|f| std::fs::read_to_string(f).unwrap()).collect()
}

/// Every name the FF phrases give (`named`, with its file) is `handled`, or in the `gaps` list; a name on the list that
/// is handled now (or no longer named) must leave it. `what` words the failures.
fn assert_handled_or_listed(named: &[(String, String)], handled: impl Fn(&str) -> bool, gaps: &[&str], what: (&str, &str)) {
    let missing: Vec<String> = named.iter().filter(|(n, _)| !handled(n) && !gaps.contains(&n.as_str())).map(|(n, f)| format!("{f}: {n}")).collect();
    assert!(missing.is_empty(), "{}: {missing:#?}", what.0);
    let listed: Vec<&str> = gaps.iter().copied().filter(|n| handled(n) || !named.iter().any(|(c, _)| c == n)).collect();
    assert!(listed.is_empty(), "{}: take them off the list: {listed:?}", what.1);
}

/// What the FF phrases ask the game is answered: every state, tracked list and resource named in std-abilities/fftcg
/// is written in the FF procedures (src/), so a card cannot read a state nothing sets (the audit of stop 22 found
/// thirty cards doing so). A name left unanswered for a while goes in the list, with its gap in docs/known-gaps.md;
/// one that is answered must leave it.
#[test]
fn ff_phrases_ask_only_what_the_game_answers() {
    const UNANSWERED: [&str; 0] = [];
    let src = src_text();
    let asked = ff_asked_names();
    assert!(asked.len() > 40, "the FF phrases ask about many names: {asked:?}");
    let answered = |name: &str| src.contains(&format!("\"{name}\"")) || src.contains(&format!("\"{name}:"));
    assert_handled_or_listed(&asked, answered, &UNANSWERED, ("phrases ask about names no FF procedure answers", "answered now (or no longer asked)"));
}

/// What the FF phrases announce is announced: every `signal(name` of std-abilities/fftcg is announced by the FF
/// procedures (src/), or is in the list below (found at stop 23, docs/known-gaps.md), which may only shrink.
#[test]
fn ff_phrases_announce_only_what_the_game_announces() {
    const NOT_DONE: [&str; 0] = [];
    let src = src_text();
    let announced = |n: &str| src.contains(&format!("\"{n}\""));
    let called = ff_names(&[("signal(", false)]);
    assert!(called.len() > 20, "the FF phrases announce many names: {}", called.len());
    assert_handled_or_listed(&called, announced, &NOT_DONE, ("phrases announce what no FF procedure announces", "done now (or no longer called)"));
}

/// Every procedure a game declares (`procedure NAME` in std-abilities/<game>/, the only names the vocabulary lets a
/// phrase's `game(NAME, ...)` call) is carried out by the game's code: its name is written out in src/, or it is one
/// of FF's counter removals done by a pattern over names (`remove_<counter>_counters_from_one`,
/// `remove_any_number_of_<counter>_counters`), or it is in the list below, which may only shrink: UFS has the
/// kernel's configuration and no procedures of its own yet (docs/known-gaps.md, found at stop 26).
#[test]
fn declared_procedures_are_carried_out() {
    const NOT_CARRIED_OUT: [&str; 4] = ["add_to_attack_stack", "control_check", "discard_momentum_at_least", "play_as_reversal"];
    let src = src_text();
    let patterned = |n: &str| n.starts_with("remove_") && (n.ends_with("_counters") || n.ends_with("_counters_from_one") || n.ends_with("_counters_in_total"));
    let done = |n: &str| src.contains(&format!("\"{n}\"")) || patterned(n);
    let mut declared: Vec<(String, String)> = vec![];
    for (game, at_least) in [("fftcg", 60), ("trails", 10), ("ufs", 3)] {
        let before = declared.len();
        for f in files_with_extension(&repo().join("std-abilities").join(game), "card") {
            let text = std::fs::read_to_string(&f).unwrap();
            declared.extend(text.lines().filter_map(|l| Some((l.strip_prefix("procedure ")?.trim().to_string(), rel(&f)))));
        }
        assert!(declared.len() - before >= at_least, "{game} declares {} procedures", declared.len() - before);
    }
    assert_handled_or_listed(&declared, done, &NOT_CARRIED_OUT, ("procedures declared that no game code carries out", "carried out now (or no longer declared)"));
}

/// What the FF phrases allow or forbid is read: every `allow(cards, name` and `forbid(cards, name` of std-abilities/fftcg
/// names a permission an FF procedure asks about (src/, written out, or through the `format!` template listed), or is
/// in the list below (found at stop 24: rules that change nothing, docs/known-gaps.md), which may only shrink.
#[test]
fn ff_permissions_are_read_by_the_game() {
    const FORMATTED: [(&str, &str); 1] = [("use_action_abilities", "use_{kind}_abilities")];
    const NOT_READ: [&str; 0] = [];

    let src = src_text();
    for (_, template) in FORMATTED {
        assert!(src.contains(&format!("format!(\"{template}\")")), "no FF procedure reads the template {template}");
    }
    let read = |n: &str| src.contains(&format!("\"{n}\"")) || FORMATTED.iter().any(|(name, _)| *name == n);
    let named = ff_names(&[("allow(", true), ("forbid(", true)]);
    assert!(named.len() > 50, "the FF phrases name many permissions: {}", named.len());
    assert_handled_or_listed(&named, read, &NOT_READ, ("phrases allow or forbid what no FF procedure reads", "read now (or no longer named)"));
}
