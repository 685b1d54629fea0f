//! `cardscript selfplay`: whole games with the random agent, and a report of how they went.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::games::fftcg::Format;
use crate::kernel::Outcome;
use crate::selfplay::{load, pairing, play_one, write_trace};

/// Plays `games` games from `seed` on, `jobs` at a time, `audit`ed or not, in FF-TCG's limited format or not; exit 0
/// when none failed.
#[allow(clippy::too_many_arguments)]
pub fn run_selfplay(game: &str, games: u64, seed: u64, decks: &[PathBuf], jobs: usize, audit: bool, limited: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let card_paths = vec![PathBuf::from("cards").join(game)];
    let format = if limited { Format::Limited } else { Format::Constructed };
    let default_decks = if limited { "limited-decks" } else { "decks" };
    let deck_paths = if decks.is_empty() { vec![PathBuf::from("cards").join(game).join(default_decks)] } else { decks.to_vec() };
    let lineup = match load(game, &card_paths, &deck_paths, format) {
        Ok(loaded) => loaded,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return super::EXIT_USAGE;
        }
    };
    let started = Instant::now();
    let decks = &lineup.decks;
    let mut wins = vec![0u64; decks.len()];
    let (mut draws, mut turns, mut decisions, mut failures) = (0u64, 0u64, 0u64, 0u64);
    let results = play_all(games, jobs, |i| play_one(&lineup, pairing(i, decks.len()), seed + i, audit));
    for (i, result) in results.into_iter().enumerate() {
        let pair = pairing(i as u64, decks.len());
        turns += u64::from(result.turns);
        decisions += result.decisions as u64;
        match (&result.failure, &result.outcome) {
            (Some(why), _) => {
                failures += 1;
                let written = write_trace(Path::new("selfplay-failures"), game, &lineup, &result);
                let _ = writeln!(out, "FAIL seed {}: {why} ({})", result.seed, written.map_or_else(|e| format!("trace not written: {e}"), |p| p.display().to_string()));
            }
            (None, Some(Outcome::Winner(p))) => wins[pair[p.index()]] += 1,
            (None, _) => draws += 1,
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    let threads = if jobs > 1 { format!(" on {jobs} threads") } else { String::new() };
    let _ = writeln!(out, "{games} games of {game} from seed {seed} in {elapsed:.2} s ({:.0} games/s{threads})", games as f64 / elapsed.max(1e-9));
    for (deck, w) in decks.iter().zip(&wins) {
        let _ = writeln!(out, "  {:<20} {w} wins", deck.name);
    }
    let _ = writeln!(out, "  draws {draws}, failures {failures}");
    let _ = writeln!(out, "  average {:.1} turns, {:.1} decisions per game, {:.1} µs per decision", turns as f64 / n, decisions as f64 / n, elapsed * 1e6 * jobs.max(1) as f64 / (decisions.max(1) as f64));
    if failures == 0 { super::EXIT_OK } else { super::EXIT_ERRORS }
}

/// `play(i)` for every game `i`, spread over `jobs` threads; the results in game order.
fn play_all<R: Send>(games: u64, jobs: usize, play: impl Fn(u64) -> R + Sync) -> Vec<R> {
    let jobs = jobs.clamp(1, games.max(1) as usize) as u64;
    let mut results: Vec<(u64, R)> = std::thread::scope(|scope| {
        let play = &play;
        let workers: Vec<_> = (0..jobs).map(|j| scope.spawn(move || (j..games).step_by(jobs as usize).map(|i| (i, play(i))).collect::<Vec<_>>())).collect();
        workers.into_iter().flat_map(|w| w.join().expect("play_one catches panics")).collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}
