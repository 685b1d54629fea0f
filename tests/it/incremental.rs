//! Incremental checking: after one card is edited, only that card's queries re-run.

use cardscript::db::{file_diagnostics, SourceFile};
use cardscript::workspace::Workspace;
use salsa::Setter;

fn card(name: &str, power: u32) -> String {
    format!("game fftcg\ncard \"{name}\" 1-999C {{\n  forward fire cost 2 power {power}\n  auto when this attacks: draw 1\n}}\n")
}

fn workspace(files: &[(&str, String)]) -> Workspace {
    Workspace::from_sources(files.iter().map(|(p, t)| (p.to_string(), t.clone().into_bytes())).collect(), vec![])
}

fn check_all(ws: &Workspace) {
    for f in &ws.user_files {
        file_diagnostics(&ws.db, *f);
    }
}

fn count(executed: &[String], query: &str) -> usize {
    executed.iter().filter(|e| e.starts_with(&format!("{query}("))).count()
}

#[test]
fn editing_one_card_rechecks_only_that_card() {
    let mut ws = workspace(&[("a.card", card("A", 1000)), ("b.card", card("B", 2000)), ("c.card", card("C", 3000))]);
    check_all(&ws);
    let first = ws.db.take_executed();
    // Two items per file (the `game` line and the card), each checked once.
    assert_eq!(count(&first, "check_item_query"), 6, "{first:?}");
    assert!(count(&first, "vocabulary") >= 1);

    let b: SourceFile = ws.user_files[1];
    b.set_text(&mut ws.db).to(card("B", 2500));
    check_all(&ws);
    let second = ws.db.take_executed();
    assert_eq!(count(&second, "parse_file"), 1, "only the edited file is parsed again: {second:?}");
    assert_eq!(count(&second, "check_item_query"), 1, "only the edited card is checked again: {second:?}");
    assert_eq!(count(&second, "vocabulary"), 0, "the vocabulary is reused: {second:?}");
}

#[test]
fn editing_one_card_of_a_file_leaves_its_neighbours_alone() {
    let two = format!("{}\ncard \"Neighbour\" 1-998C {{\n  backup ice cost 1\n}}\n", card("A", 1000));
    let mut ws = workspace(&[("two.card", two.clone())]);
    check_all(&ws);
    ws.db.take_executed();
    // Grow the first card: the neighbour moves in the file but its own text is unchanged.
    let edited = two.replacen("power 1000", "power 10000", 1);
    ws.user_files[0].set_text(&mut ws.db).to(edited);
    check_all(&ws);
    let executed = ws.db.take_executed();
    assert_eq!(count(&executed, "check_item_query"), 1, "{executed:?}");
}

#[test]
fn an_unchanged_edit_reuses_everything_downstream() {
    let mut ws = workspace(&[("a.card", card("A", 1000))]);
    check_all(&ws);
    ws.db.take_executed();
    // Trailing blank lines: the file re-parses to an equal item, so nothing is re-checked.
    ws.user_files[0].set_text(&mut ws.db).to(card("A", 1000) + "\n\n");
    check_all(&ws);
    let executed = ws.db.take_executed();
    assert_eq!(count(&executed, "check_item_query"), 0, "{executed:?}");
}
