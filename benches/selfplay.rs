//! Self-play speed (FF-TCG and Trails TCG): complete random games per second on one core,
//! decisions per game, time per decision, and the process's peak memory.
//!
//! Run with `cargo bench --bench selfplay` (both games) or `cargo bench --bench selfplay -- trails`.

use std::path::PathBuf;
use std::time::Instant;

use cardscript::games::fftcg::Format;
use cardscript::selfplay::{load, pairing, play_one};

/// The allocator the `cardscript` binary uses (src/main.rs), so that the figures are its figures.
#[global_allocator]
static ALLOCATOR: cardscript::allocator::Mimalloc = cardscript::allocator::Mimalloc;

fn main() {
    // `cargo bench --bench selfplay -- trails` measures one game only.
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    for (game, games) in [("fftcg", 1000u64), ("trails", 200)] {
        if only.is_empty() || only.iter().any(|o| o == game) {
            measure(game, games);
        }
    }
    if let Some(peak) = peak_memory_kib() {
        println!("peak memory (process):   {:>9.1} MiB", peak as f64 / 1024.0);
    }
}

/// Plays `games` seeded games of `game` between its decks on this thread and prints the figures.
fn measure(game: &str, games: u64) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let lineup = load(game, &[root.join("cards").join(game)], &[root.join("cards").join(game).join("decks")], Format::Constructed).expect("the decks load");
    let decks = lineup.decks.len();
    // Warm up, then measure.
    for seed in 0..games / 50 {
        std::hint::black_box(play_one(&lineup, pairing(seed, decks), seed, false));
    }
    let started = Instant::now();
    let (mut decisions, mut turns, mut events) = (0usize, 0u64, 0usize);
    for seed in 0..games {
        let result = play_one(&lineup, pairing(seed, decks), 1000 + seed, false);
        assert!(result.failure.is_none(), "seed {}: {:?}", 1000 + seed, result.failure);
        decisions += result.decisions;
        turns += u64::from(result.turns);
        events += result.events;
    }
    let seconds = started.elapsed().as_secs_f64();
    let n = games as f64;
    println!("{game} self-play, random agents, {games} games on one core");
    println!("  games per second:      {:>9.1}", n / seconds);
    println!("  time per game:         {:>9.2} ms", seconds * 1e3 / n);
    println!("  decisions per game:    {:>9.1}", decisions as f64 / n);
    println!("  time per decision:     {:>9.1} µs", seconds * 1e6 / decisions as f64);
    println!("  turns per game:        {:>9.1}", turns as f64 / n);
    println!("  events per game:       {:>9.1}", events as f64 / n);
}

/// The process's peak resident memory (Linux: VmHWM in /proc/self/status).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
