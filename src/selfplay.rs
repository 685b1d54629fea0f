//! Self-play: whole games between decks with the random agent, with invariants checked after
//! every game and any failing seed written out as a replayable trace (FF-TCG and Trails TCG).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::render::render_human;
use crate::games::deck::parse_deck;
use crate::games::{fftcg, trails};
use crate::kernel::rng::Rng;
use crate::kernel::{CardId, Event, GameState, Library, Outcome, RandomAgent};

/// A deck ready to play: its name and its cards.
#[derive(Debug, Clone)]
pub struct ReadyDeck {
    pub name: String,
    pub cards: Vec<CardId>,
}

/// What self-play plays with: a game's cards, its checked decks, and the format (FF-TCG's constructed or limited; a
/// Trails deck's size says its mode, Trails 602.2).
#[derive(Debug, Clone)]
pub struct Lineup {
    pub library: Arc<Library>,
    pub decks: Vec<ReadyDeck>,
    pub format: fftcg::Format,
}

/// The cards of `game` (under `card_paths`, with the standard library) and the decks in
/// `deck_paths` (files or folders of `.deck` files), each checked for `format` (FF 8.1.1, Trails 602). Errors are
/// rendered.
pub fn load(game: &str, card_paths: &[PathBuf], deck_paths: &[PathBuf], format: fftcg::Format) -> Result<Lineup, String> {
    if game != "fftcg" && game != "trails" {
        return Err(format!("self-play supports fftcg and trails so far, not `{game}`"));
    }
    if game != "fftcg" && format == fftcg::Format::Limited {
        return Err(format!("the limited format is FF-TCG's (FF 8.1.1.1); a {game} deck's size says how it is played"));
    }
    let workspace = crate::workspace::Workspace::load(card_paths);
    let (library, codes) = workspace.library(game).ok_or_else(|| format!("no {game} cards under the given paths"))?;
    let (files, errors) = crate::workspace::find_files(deck_paths, "deck");
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    if files.is_empty() {
        return Err("no .deck files found".into());
    }
    let mut decks = vec![];
    let mut problems = String::new();
    for file in &files {
        let text = crate::workspace::read_text(file)?;
        let shown = file.display().to_string();
        let (deck, mut diagnostics) = parse_deck(&text);
        if let Some(deck) = &deck {
            let checked = crate::games::deck_check::check_deck(deck, &library, &codes, (game == "fftcg").then_some(format));
            match checked {
                Ok(cards) if diagnostics.is_empty() => decks.push(ReadyDeck { name: deck.name.clone(), cards }),
                Ok(_) => {}
                Err(more) => diagnostics.extend(more),
            }
        }
        for d in &diagnostics {
            problems.push_str(&render_human(d, &shown, &text, false));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Lineup { library: Arc::new(library), decks, format })
}

/// How one game went.
#[derive(Debug, Clone)]
pub struct GameResult {
    pub seed: u64,
    pub decks: [usize; 2],
    pub outcome: Option<Outcome>,
    pub turns: u32,
    pub decisions: usize,
    pub events: usize,
    /// A panic, a game that did not end, or a broken invariant.
    pub failure: Option<String>,
    /// The game's log in words, kept only when it failed.
    pub trace: Option<String>,
}

/// The most turns a game may take before it counts as hung.
pub const MAX_TURNS: u32 = 200;

/// Plays one game with the random agent: both the game and the agent are seeded by `seed`; `audit`:
/// with the kernel's shortcuts checked (`GameState::audit`), which plays the same game, slower.
/// Decisions are not put into words (`GameState::worded`) unless the game fails: it is then played
/// again from its seed, the same game, in words, for its trace.
pub fn play_one(lineup: &Lineup, pair: [usize; 2], seed: u64, audit: bool) -> GameResult {
    let mut result = play_seeded(lineup, pair, seed, audit, false);
    if result.failure.is_some() {
        result.trace = Some(trace(lineup, pair, seed, audit));
    }
    result
}

/// The game `play_one` plays from `seed`, as its log in words with every decision worded: a failing game's trace.
pub fn trace(lineup: &Lineup, pair: [usize; 2], seed: u64, audit: bool) -> String {
    play_seeded(lineup, pair, seed, audit, true).trace.unwrap_or_default()
}

/// `play_one`, with the decisions in words (and then the game's log in words, its trace) or not. Never inlined:
/// benches/instructions.sh counts the instructions run in it.
#[inline(never)]
fn play_seeded(lineup: &Lineup, pair: [usize; 2], seed: u64, audit: bool, worded: bool) -> GameResult {
    let Lineup { library, decks, format } = lineup;
    let mut result = GameResult { seed, decks: pair, outcome: None, turns: 0, decisions: 0, events: 0, failure: None, trace: None };
    let cards = [decks[pair[0]].cards.as_slice(), decks[pair[1]].cards.as_slice()];
    let trails_game = library.vocab.game == "trails";
    let new_game = if trails_game { trails::new_game(library.clone(), cards, seed) } else { Some(fftcg::new_game(library.clone(), cards, seed, *format)) };
    let Some(mut state) = new_game else {
        result.failure = Some("the game's configuration is missing".into());
        return result;
    };
    // The kernel's shortcuts checked against the long way (`GameState::audit`): a disagreement panics, and fails the game.
    state.audit = audit;
    state.worded = worded;
    let mut agent = RandomAgent { rng: Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15) };
    let played = catch_unwind(AssertUnwindSafe(|| if trails_game { trails::play_game(&mut state, &mut agent, MAX_TURNS) } else { fftcg::play_game(&mut state, &mut agent, MAX_TURNS) }));
    let cards = decks[pair[0]].cards.len() + decks[pair[1]].cards.len();
    result.turns = state.turn;
    result.decisions = state.log.iter().filter(|e| matches!(e, Event::Decided { .. })).count();
    result.events = state.log.len();
    result.failure = match played {
        Err(panic) => Some(format!("panic: {}", panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default())),
        Ok(None) => Some(format!("the game did not end in {MAX_TURNS} turns")),
        Ok(Some(outcome)) => {
            result.outcome = Some(outcome);
            broken_invariant(&state, cards)
        }
    };
    if worded {
        result.trace = Some(state.transcript());
    }
    result
}

/// Invariants a finished game must keep: every card in exactly one zone, nothing lost or made.
fn broken_invariant(state: &GameState, cards: usize) -> Option<String> {
    let placed: usize = state.zones.iter().map(|z| z.objects.len()).sum();
    if placed != cards {
        return Some(format!("{placed} cards in zones, {cards} in the decks"));
    }
    for (i, zone) in state.zones.iter().enumerate() {
        for o in &zone.objects {
            let object = state.object(*o);
            if object.left.is_some() || object.zone.index() != i {
                return Some(format!("{} is listed in {} but is not there", state.name_of(*o), zone.name));
            }
        }
    }
    None
}

/// The decks of game `i` of a run: every deck meets every other in turn.
pub fn pairing(i: u64, n: usize) -> [usize; 2] {
    if n < 2 {
        return [0, 0];
    }
    let a = (i % n as u64) as usize;
    let b = (a + 1 + ((i / n as u64) % (n as u64 - 1)) as usize) % n;
    [a, b]
}

/// Writes a failing game's trace; the file names the command that replays it, in the same format.
pub fn write_trace(folder: &Path, game: &str, lineup: &Lineup, result: &GameResult) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(folder)?;
    let path = folder.join(format!("{game}-seed-{}.trace", result.seed));
    let limited = if lineup.format == fftcg::Format::Limited { " --limited" } else { "" };
    let header = format!(
        "# {}\n# decks: {} vs {}\n# replay: cardscript selfplay --game {game}{limited} --games 1 --seed {} (with the same decks)\n",
        result.failure.as_deref().unwrap_or(""),
        lineup.decks[result.decks[0]].name,
        lineup.decks[result.decks[1]].name,
        result.seed
    );
    std::fs::write(&path, header + result.trace.as_deref().unwrap_or(""))?;
    Ok(path)
}
