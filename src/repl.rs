//! The interactive session: a database of loaded scripts, executing one complete input at a time.
//!
//! `Session` is plain data and writes to any `Write`, so it runs the same under a terminal, on
//! piped input and in tests. Commands (`:load`, `:card`...) are entries of `Session::commands`;
//! other input is offered to `Session::line_handlers` and otherwise checked as items of the language.

pub mod commands;
pub mod complete;
pub mod helper;
mod items;
mod load;
mod lookup;
mod play;

use std::io::Write;

use crate::db::{Database, Project, SourceFile};
use crate::diagnostic::suggestions;
use crate::workspace::Workspace;

pub use commands::{builtin_commands, Command, LineHandler};
pub use complete::{is_complete, Feeder};

/// What a handler returns: writing to the output is the only thing that can fail.
pub type Outcome = std::io::Result<()>;

/// One REPL session: the database with the standard library, the loaded files and the items
/// defined inline, and the game new definitions are checked in.
pub struct Session {
    pub db: Database,
    /// The game inline items are checked in (`--game`, `game X`, `:game X`).
    pub game: String,
    /// Colour in rendered diagnostics (a terminal).
    pub color: bool,
    /// The `:` commands, in `:help` order. Adding a command is one entry here.
    pub commands: Vec<Command>,
    /// Handlers offered every input that is not a command, before it is read as an item
    /// (scenario lines, actions); the first that claims it runs it.
    pub line_handlers: Vec<LineHandler>,
    /// The board played in the session (scenario lines) and what replaying them gave.
    pub play: play::Play,
    /// Set by `:quit`; the front ends stop reading.
    pub quit: bool,
    /// The embedded standard library files (those not replaced by a loaded copy).
    std_files: Vec<SourceFile>,
    /// Files loaded with `:load` (or on the command line), by the path they were given as.
    loaded: Vec<SourceFile>,
    /// The items defined inline, one file per game: (game, file, items' texts).
    defined: Vec<(String, SourceFile, Vec<items::Defined>)>,
    /// Holds the input being checked; empty between inputs.
    scratch: SourceFile,
}

/// `1 error`, `2 errors`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

pub const DEFAULT_GAME: &str = "fftcg";

impl Session {
    /// A session with the standard library loaded and nothing else.
    pub fn new(game: Option<String>) -> Session {
        let ws = Workspace::from_sources(vec![], vec![]);
        let db = ws.db;
        let std_files = Project::get(&db).files(&db).clone();
        let scratch = SourceFile::new(&db, "<input>".to_string(), String::new());
        let mut session = Session {
            db,
            game: DEFAULT_GAME.to_string(),
            color: false,
            commands: builtin_commands().into_iter().chain(play::commands()).collect(),
            line_handlers: vec![play::handler()],
            play: play::Play::default(),
            quit: false,
            std_files,
            loaded: vec![],
            defined: vec![],
            scratch,
        };
        session.sync_project();
        if let Some(g) = game {
            let mut sink = Vec::new();
            let _ = session.switch_game(&g, &mut sink);
        }
        session
    }

    /// Executes one complete input (a command, a handled line, or items); never panics on bad input.
    pub fn execute(&mut self, input: &str, out: &mut dyn Write) {
        let result = self.dispatch(input, out);
        if let Err(e) = result {
            let _ = writeln!(out, "error: cannot write output: {e}");
        }
    }

    fn dispatch(&mut self, input: &str, out: &mut dyn Write) -> Outcome {
        let trimmed = input.trim();
        if trimmed.is_empty() {
            return Ok(());
        }
        if let Some(rest) = trimmed.strip_prefix(':') {
            let (name, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            return self.run_command(name, args.trim(), out);
        }
        if let Some(h) = self.line_handlers.iter().find(|h| (h.claims)(self, trimmed)) {
            let run = h.run;
            return run(self, trimmed, out);
        }
        items::define(self, input, out)
    }

    fn run_command(&mut self, name: &str, args: &str, out: &mut dyn Write) -> Outcome {
        if let Some(c) = self.commands.iter().find(|c| c.name == name) {
            let run = c.run;
            return run(self, args, out);
        }
        let names: Vec<&str> = self.commands.iter().map(|c| c.name).collect();
        write!(out, "unknown command `:{name}`")?;
        match suggestions(name, names.iter().copied()).first() {
            Some(s) => writeln!(out, ", did you mean `:{s}`?")?,
            None => writeln!(out)?,
        }
        let list: Vec<String> = names.iter().map(|n| format!(":{n}")).collect();
        writeln!(out, "commands: {}", list.join(" "))
    }

    /// Adds a command (or replaces the one with the same name).
    pub fn add_command(&mut self, command: Command) {
        match self.commands.iter_mut().find(|c| c.name == command.name) {
            Some(c) => *c = command,
            None => self.commands.push(command),
        }
    }

    /// Switches the game inline items are checked in; explains an unknown game.
    pub fn switch_game(&mut self, game: &str, out: &mut dyn Write) -> Outcome {
        let known = crate::db::known_games(&self.db).clone();
        if known.iter().any(|g| g == game) {
            self.game = game.to_string();
            return writeln!(out, "game {game}");
        }
        write!(out, "unknown game `{game}` (known games: {})", known.join(", "))?;
        match suggestions(game, known.iter().map(String::as_str)).first() {
            Some(s) => writeln!(out, "; did you mean `{s}`?"),
            None => writeln!(out),
        }
    }

    /// The files loaded from disk, in load order.
    pub fn loaded_files(&self) -> &[SourceFile] {
        &self.loaded
    }

    /// Every user file: loaded ones, then one file per game of inline definitions.
    pub fn user_files(&self) -> Vec<SourceFile> {
        self.loaded.iter().copied().chain(self.defined.iter().map(|d| d.1)).collect()
    }

    /// The project's files, in the order `Workspace` uses: library, then loaded, then inline.
    fn sync_project(&mut self) {
        use salsa::Setter;
        let mut files = self.std_files.clone();
        let (std_like, others): (Vec<SourceFile>, Vec<SourceFile>) =
            self.loaded.iter().partition(|f| load::std_relative(f.path(&self.db)).is_some());
        files.extend(std_like);
        files.extend(others);
        files.extend(self.defined.iter().map(|d| d.1));
        files.push(self.scratch);
        if Project::get(&self.db).files(&self.db) != &files {
            Project::get(&self.db).set_files(&mut self.db).to(files);
        }
    }

    /// Words for completion: (card names, keyword names, vocabulary words of the session's game).
    pub fn completion_words(&self) -> helper::Words {
        helper::Words::of(self)
    }
}
