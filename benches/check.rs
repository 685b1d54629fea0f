//! Check throughput: a cold check of 3,000 cards, and the incremental re-check of one edited card.
//!
//! Run with `cargo bench --bench check`. The corpus is every card under cards/, renamed and
//! repeated until it holds 3,000 cards; the standard library is checked along with it.

use std::path::Path;
use std::time::{Duration, Instant};

use cardscript::db::file_diagnostics;
use cardscript::workspace::Workspace;
use salsa::Setter;

const CORPUS_CARDS: usize = 3000;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut originals = vec![];
    collect(&root.join("cards"), &mut originals);
    // Only cards that check clean, so the figures measure checking, not error reporting.
    let probe = Workspace::from_sources(originals.iter().map(|(p, t)| (p.clone(), t.clone().into_bytes())).collect(), vec![]);
    let clean: Vec<bool> = probe.user_files.iter().map(|f| file_diagnostics(&probe.db, *f).is_empty()).collect();
    let originals: Vec<(String, String)> = originals.into_iter().zip(clean).filter_map(|(o, ok)| ok.then_some(o)).collect();
    assert!(!originals.is_empty(), "no clean cards to benchmark");
    let corpus = corpus(&originals);
    let cards = corpus.len();

    // Cold: a fresh database each time, every file parsed and checked.
    let cold = median(5, || {
        let ws = Workspace::from_sources(corpus.clone(), vec![]);
        let started = Instant::now();
        let errors: usize = ws.user_files.iter().map(|f| file_diagnostics(&ws.db, *f).len()).sum();
        assert_eq!(errors, 0, "the corpus checks clean");
        started.elapsed()
    });
    println!(
        "cold check: {cards} cards in {:.1} ms ({:.0} cards/s, one thread)",
        ms(cold),
        cards as f64 / cold.as_secs_f64()
    );

    // Incremental: one card's file edited, everything re-validated, only that card re-checked.
    let mut ws = Workspace::from_sources(corpus.clone(), vec![]);
    for f in &ws.user_files {
        file_diagnostics(&ws.db, *f);
    }
    let target = ws.user_files[cards / 2];
    let original = target.text(&ws.db).to_string();
    let mut round = 0;
    let incremental = median(21, || {
        round += 1;
        let edited = original.replacen("card \"", &format!("card \"w{round} "), 1);
        let started = Instant::now();
        target.set_text(&mut ws.db).to(edited);
        for f in &ws.user_files {
            file_diagnostics(&ws.db, *f);
        }
        started.elapsed()
    });
    println!("incremental re-validation of all {cards} cards after editing one: {:.2} ms", ms(incremental));

    // What an editor does: re-check the edited file only.
    let edited_only = median(21, || {
        round += 1;
        // Rename the card: its item changes, so it is parsed and checked again.
        let edited = original.replacen("card \"", &format!("card \"v{round} "), 1);
        let started = Instant::now();
        target.set_text(&mut ws.db).to(edited);
        file_diagnostics(&ws.db, target);
        started.elapsed()
    });
    println!("incremental re-check of the one edited card: {:.3} ms", ms(edited_only));
}

/// `n` copies of the real cards with distinct names, as (path, bytes).
fn corpus(originals: &[(String, String)]) -> Vec<(String, Vec<u8>)> {
    (0..CORPUS_CARDS)
        .map(|i| {
            let (path, text) = &originals[i % originals.len()];
            let copy = i / originals.len();
            let text = if copy == 0 { text.clone() } else { text.replacen("card \"", &format!("card \"#{copy} "), 1) };
            (format!("{path}#{copy}"), text.into_bytes())
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "card") {
            out.push((p.display().to_string(), std::fs::read_to_string(&p).unwrap()));
        }
    }
}

fn median(runs: usize, mut f: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| f()).collect();
    times.sort();
    times[runs / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
