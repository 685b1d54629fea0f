//! Runs a scenario: sets up the game, performs its actions with its answers, checks its
//! expectations as it goes, and writes the transcript (the event log and the final board).

use std::path::Path;
use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostic};
use crate::kernel::GameState;
use crate::span::Span;

use super::agent::ScenarioAgent;
use super::ast::{Action, Stmt, StmtKind};
use super::setup::{place, script_paths, Libraries, LoadedLibrary};

/// What running a scenario gave: its transcript, its problems, and the game as it ended.
pub struct Report {
    pub transcript: String,
    pub diagnostics: Vec<Diagnostic>,
    pub state: Option<GameState>,
}

impl Report {
    pub fn passed(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Runs one scenario file: its text and what running it gave.
pub fn run_file(path: &Path, libraries: &mut Libraries, steps: Option<usize>) -> Result<(String, Report), String> {
    let text = crate::workspace::read_text(path)?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let report = run(&text, folder, libraries, steps);
    Ok((text, report))
}

/// Runs the scenario `text` from the folder `folder`; with `steps`, stops after that many actions.
pub fn run(text: &str, folder: &Path, libraries: &mut Libraries, steps: Option<usize>) -> Report {
    run_on(text, steps, &mut |game, loads| match script_paths(game, loads, folder) {
        paths if paths.is_empty() => Err(format!("no `cards/{game}` folder above the scenario's folder or the current directory: name the scripts with a `load` line")),
        paths => libraries.get(game, paths),
    })
}

/// What gives a scenario its cards: the game and the `load` lines in, the checked library out.
pub type LibraryProvider<'a> = dyn FnMut(&str, &[String]) -> Result<LoadedLibrary, String> + 'a;

/// Runs the scenario `text` with the cards `library` gives for its game and `load` lines.
pub fn run_on(text: &str, steps: Option<usize>, library: &mut LibraryProvider) -> Report {
    let (stmts, mut diagnostics) = super::parse(text);
    let mut transcript = String::new();
    // The header lines: the first of each counts; `load` lines add up.
    let (mut title, mut game, mut seed, mut loads) = (None, None, None, vec![]);
    for stmt in &stmts {
        match &stmt.kind {
            StmtKind::Title(t) => _ = title.get_or_insert(t.clone()),
            StmtKind::Game(g) => _ = game.get_or_insert((g.clone(), stmt.span)),
            StmtKind::Seed(n) => _ = seed.get_or_insert(*n),
            StmtKind::Load(l) => loads.extend(l.iter().cloned()),
            _ => {}
        }
    }
    let seed = seed.unwrap_or(1);
    let Some((game, game_span)) = game else {
        diagnostics.push(Diagnostic::new(Code::E0004, Span::new(0, 0), "a scenario needs a `game` line").help("add `game fftcg`, `game trails` or `game ufs`"));
        return Report { transcript, diagnostics, state: None };
    };
    let loaded = match library(&game, &loads) {
        Ok(l) => l,
        Err(message) => {
            diagnostics.push(Diagnostic::new(Code::E0200, game_span, format!("cannot load the scripts: {message}")));
            return Report { transcript, diagnostics, state: None };
        }
    };
    let Some(config) = crate::games::config(&game, &loaded.library.vocab) else {
        diagnostics.push(super::setup::unknown("game", &game, game_span, crate::games::GAMES.to_vec()));
        return Report { transcript, diagnostics, state: None };
    };
    let state = GameState::new(loaded.library.clone(), Arc::new(config), &["me", "you"], seed);
    let rules = crate::games::rule_processes(&game);
    transcript.push_str(&format!("scenario: {}\ngame: {game}, seed {seed}\n", title.as_deref().unwrap_or("(untitled)")));
    let cast_zones = crate::games::cast_zones(&game);
    let end_of_turn = crate::games::end_of_turn_signal(&game);
    let procedures = crate::games::procedures(&game);
    let mut runner = Runner { state, agent: ScenarioAgent::default(), rules, cast_zones, end_of_turn, procedures, transcript, diagnostics, text };
    // The board first, then the actions in order with the answers that follow each.
    for stmt in &stmts {
        runner.setup(stmt, &loaded.names);
    }
    // The turn begins once the board is set: the cards on it were there since the turn began
    // (FF 10.1.2.1.1). Without a phase, the turn player's first Main Phase.
    let (turn, side, phase, span) = stmts.iter().find_map(|s| if let StmtKind::Turn { number, player, phase } = &s.kind { Some((*number, *player, phase.clone(), s.span)) } else { None }).unwrap_or((1, 0, None, Span::new(0, 0)));
    let phases = runner.procedures.map_or(&["main1"][..], |p| p.phases());
    let phase = match phase {
        Some(name) if runner.procedures.is_none() || phases.contains(&name.as_str()) => name,
        Some(name) => {
            let known = phases.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ");
            runner.diagnostics.push(
                Diagnostic::new(Code::E0200, span, format!("{game} has no phase or step named `{name}`"))
                    .label("unknown phase")
                    .help(format!("the turn starts in one of {known}; without a name, in `{}`", phases[0])),
            );
            phases[0].to_string()
        }
        None => phases[0].to_string(),
    };
    runner.state.apply(crate::kernel::Event::TurnBegan { turn, player: super::setup::player(side) });
    runner.state.apply(crate::kernel::Event::PhaseBegan { name: phase.as_str().into() });
    if let Some(game) = runner.procedures {
        game.turn_began(&mut runner.state);
    }
    runner.transcript.push_str(&format!("\n== board at start ==\n{}", crate::board::text(&runner.state)));
    let mut done = 0;
    for (i, stmt) in stmts.iter().enumerate() {
        if steps.is_some_and(|n| done >= n) {
            break;
        }
        match &stmt.kind {
            StmtKind::Action(action) => {
                let answers = stmts[i + 1..].iter().map_while(|s| if let StmtKind::Answer(a) = &s.kind { Some((a.clone(), s.span)) } else { None });
                runner.agent.answers = answers.collect();
                runner.act(action, stmt.span);
                done += 1;
            }
            StmtKind::Expect(expectation) => runner.expect(expectation, stmt.span),
            StmtKind::Board(side) => {
                let viewer = super::setup::player(*side);
                let name = &runner.state.players[viewer.index()].name;
                runner.transcript.push_str(&format!("\n== board as seen by {name} ==\n{}", crate::board::text_for(&runner.state, viewer)));
            }
            StmtKind::Answer(_) if !follows_action(&stmts[..i]) => runner.diagnostics.push(
                Diagnostic::new(Code::E0202, stmt.span, "this answer follows no action").label("unused answer").help("answers go right after the action that asks for them"),
            ),
            _ => {}
        }
    }
    runner.transcript.push_str(&format!("\n== board at end ==\n{}", crate::board::text(&runner.state)));
    let Runner { state, mut diagnostics, transcript, .. } = runner;
    diagnostics.sort_by_key(|d| d.span.start);
    Report { transcript, diagnostics, state: Some(state) }
}

/// Whether the statements before an answer end with an action (and its other answers).
fn follows_action(before: &[Stmt]) -> bool {
    matches!(before.iter().rev().find(|s| !matches!(s.kind, StmtKind::Answer(_))).map(|s| &s.kind), Some(StmtKind::Action(_)))
}

pub(super) struct Runner<'a> {
    pub state: GameState,
    pub agent: ScenarioAgent,
    pub rules: &'static dyn crate::interp::engine::RuleProcesses,
    /// Where played effects wait, and where their cards go after (`games::cast_zones`).
    pub cast_zones: Option<(&'static str, &'static str)>,
    /// What the game announces as the turn ends (`games::end_of_turn_signal`).
    pub end_of_turn: crate::kernel::Event,
    /// The game's own procedures (paying costs, attacking, the turn), where it has them.
    pub procedures: Option<&'static dyn crate::games::Procedures>,
    pub transcript: String,
    pub diagnostics: Vec<Diagnostic>,
    pub text: &'a str,
}

impl Runner<'_> {
    fn setup(&mut self, stmt: &Stmt, names: &std::collections::BTreeMap<String, crate::kernel::CardId>) {
        match &stmt.kind {
            StmtKind::Turn { number, phase: Some(phase), .. } => self.transcript.push_str(&format!("turn {number}, {phase} phase\n")),
            StmtKind::Zone { player, zone, cards } => {
                for placed in cards {
                    match place(&mut self.state, names, *player, zone, placed, stmt.span) {
                        Ok(warning) => self.diagnostics.extend(warning),
                        Err(d) => self.diagnostics.push(d),
                    }
                }
            }
            StmtKind::Resource { player, name, value } => {
                let player = super::setup::player(*player);
                self.state.apply(crate::kernel::Event::Resource { player, name: name.as_str().into(), delta: *value });
            }
            _ => {}
        }
    }

    /// The source line of a span, for the transcript.
    pub fn line(&self, span: Span) -> &str {
        self.text.get(span.range()).unwrap_or("").trim()
    }

    /// Performs an action; an illegal one is rewound and reported.
    fn act(&mut self, action: &Action, span: Span) {
        self.transcript.push_str(&format!("\n> {}\n", self.line(span)));
        let from = self.state.log.len();
        let result = self.perform(action);
        if let Err(crate::kernel::Illegal(why)) = result {
            self.diagnostics.push(Diagnostic::new(Code::E0201, span, format!("this action is illegal here: {why}")).label("illegal at this point"));
            self.transcript.push_str(&format!("  illegal: {why}\n"));
        }
        self.log_since(from);
        for (_, at) in std::mem::take(&mut self.agent.answers) {
            self.diagnostics.push(Diagnostic::new(Code::E0202, at, "no question was asked for this answer").label("unused answer").help("answers go right after the action that asks for them, in the order it asks"));
        }
        self.diagnostics.append(&mut self.agent.problems);
        for note in std::mem::take(&mut self.agent.defaulted) {
            self.transcript.push_str(&format!("  note: {note}\n"));
        }
    }

    fn log_since(&mut self, from: usize) {
        for event in self.state.log.iter_from(from) {
            self.transcript.push_str(&format!("  {}\n", self.state.describe(event)));
        }
    }
}
