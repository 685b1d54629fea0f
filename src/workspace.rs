//! Loading `.card` files from disk into the database, with the embedded standard library.
//!
//! This is the only module besides the binary that touches the file system.

use std::path::{Path, PathBuf};

use crate::db::{Database, Project, SourceFile};
use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;

include!(concat!(env!("OUT_DIR"), "/std_files.rs"));

/// A file that could not be checked as text, with the diagnostic that says why.
pub struct Unreadable {
    pub path: String,
    /// The file's bytes decoded lossily, for rendering the diagnostic.
    pub text: String,
    pub diagnostic: Diagnostic,
}

pub struct Workspace {
    pub db: Database,
    /// The files given on the command line, in order (the embedded library not included).
    pub user_files: Vec<SourceFile>,
    pub unreadable: Vec<Unreadable>,
    /// Paths that could not be read at all (missing, no permission): usage or I/O errors.
    pub io_errors: Vec<String>,
}

impl Workspace {
    /// Loads every `.card` file under `paths`, plus the embedded standard library for any
    /// std-abilities/ file not given on the command line.
    pub fn load(paths: &[PathBuf]) -> Workspace {
        let (files, mut io_errors) = find_files(paths, "card");
        // A deck list named on the command line is checked as one (`cli::check`), not as card text.
        let files: Vec<PathBuf> = files.into_iter().filter(|p| !is_deck(p)).collect();
        let found = read_all(&files, &mut io_errors);
        Self::from_sources(found, io_errors)
    }

    /// Builds a workspace from in-memory sources (path, bytes), adding the embedded library.
    pub fn from_sources(sources: Vec<(String, Vec<u8>)>, io_errors: Vec<String>) -> Workspace {
        let mut db = Database::default();
        let mut user_files = vec![];
        let mut unreadable = vec![];
        let mut std_overridden = vec![];
        for (path, bytes) in sources {
            if let Some(rel) = std_relative(&path) {
                std_overridden.push(rel);
            }
            match decode(&path, bytes) {
                Ok(text) => user_files.push(SourceFile::new(&db, path, text)),
                Err(u) => unreadable.push(*u),
            }
        }
        // The library comes first, so a user's declaration that repeats one is the one reported.
        let mut all = vec![];
        for (path, text) in STD_FILES {
            if !std_overridden.iter().any(|o| o == path) {
                all.push(SourceFile::builder(path.to_string(), text.to_string()).text_durability(salsa::Durability::HIGH).new(&db));
            }
        }
        let (std_on_disk, others): (Vec<SourceFile>, Vec<SourceFile>) =
            user_files.iter().partition(|f| std_relative(f.path(&db)).is_some());
        all.extend(std_on_disk);
        all.extend(others);
        Project::new(&db, all);
        let _ = &mut db;
        Workspace { db, user_files, unreadable, io_errors }
    }
}

/// The bytes of each of `files`, by path; a file that cannot be read is an entry of `io_errors`.
pub fn read_all(files: &[PathBuf], io_errors: &mut Vec<String>) -> Vec<(String, Vec<u8>)> {
    let mut found = vec![];
    for path in files {
        match std::fs::read(path) {
            Ok(bytes) => found.push((path.display().to_string(), bytes)),
            Err(e) => io_errors.push(format!("cannot read `{}`: {}", path.display(), io_reason(&e))),
        }
    }
    found
}

/// A file's bytes as text, or the diagnostic (E0001) that points at the first byte that is not UTF-8.
pub fn decode(path: &str, bytes: Vec<u8>) -> Result<String, Box<Unreadable>> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let lossy_at = String::from_utf8_lossy(&e.as_bytes()[..at]).len();
            let diagnostic = Diagnostic::new(Code::E0001, Span::new(lossy_at, lossy_at + char::REPLACEMENT_CHARACTER.len_utf8()), format!("not valid UTF-8 at byte {at}"))
                .label("this byte is not text")
                .help(".card and .deck files are UTF-8 text");
            Err(Box::new(Unreadable { path: path.to_string(), text, diagnostic }))
        }
    }
}

/// `std-abilities/fftcg/prelude.card` for any path ending in that, so a checked std file
/// replaces its embedded copy.
fn std_relative(path: &str) -> Option<String> {
    let normal = path.replace('\\', "/");
    let at = normal.rfind("std-abilities/")?;
    Some(normal[at..].to_string())
}

/// The extension of deck lists.
pub const DECK_EXTENSION: &str = "deck";

/// Whether `path` names a deck list.
pub fn is_deck(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == DECK_EXTENSION)
}

/// The files under `paths` whose extension is `ext` (directories searched recursively, in sorted
/// order; a file named directly is taken whatever its extension), and the paths that cannot be read.
pub fn find_files(paths: &[PathBuf], ext: &str) -> (Vec<PathBuf>, Vec<String>) {
    let mut files = vec![];
    let mut errors = vec![];
    for p in paths {
        walk(p, ext, &mut files, &mut errors);
    }
    (files, errors)
}

fn walk(path: &Path, ext: &str, out: &mut Vec<PathBuf>, errors: &mut Vec<String>) {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) => {
            errors.push(format!("cannot read `{}`: {}", path.display(), io_reason(&e)));
            return;
        }
    };
    if !meta.is_dir() {
        out.push(path.to_path_buf());
        return;
    }
    let entries = match std::fs::read_dir(path) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(format!("cannot read directory `{}`: {}", path.display(), io_reason(&e)));
            return;
        }
    };
    let mut children: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    children.sort();
    for child in children {
        if child.is_dir() || child.extension().is_some_and(|x| x == ext) {
            walk(&child, ext, out, errors);
        }
    }
}

/// A text file's contents, or why it cannot be read.
pub fn read_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read `{}`: {}", path.display(), io_reason(&e)))?;
    String::from_utf8(bytes).map_err(|e| format!("{}: not UTF-8 text (byte {})", path.display(), e.utf8_error().valid_up_to()))
}

/// The nearest directory `relative` inside `folder` or one of its ancestors (searched from the
/// folder's absolute path).
pub fn find_above(folder: &Path, relative: &Path) -> Option<PathBuf> {
    let start = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    start.ancestors().map(|d| d.join(relative)).find(|candidate| candidate.is_dir())
}

/// `find_above` from `folder`, or else from the current directory (a scenario written outside the
/// project, run from inside it).
pub fn find_above_or_here(folder: &Path, relative: &Path) -> Option<PathBuf> {
    find_above(folder, relative).or_else(|| std::env::current_dir().ok().and_then(|here| find_above(&here, relative)))
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

impl Workspace {
    /// The checked cards and keyword definitions of one game, for the engine. Cards with errors
    /// are left out; `names` maps each card's name (and code) to its ID.
    pub fn library(&self, game: &str) -> Option<(crate::kernel::Library, std::collections::BTreeMap<String, crate::kernel::CardId>)> {
        library_of(&self.db, game)
    }
}

/// The checked cards and keyword definitions of one game in a database (see `Workspace::library`).
pub fn library_of(db: &Database, game: &str) -> Option<(crate::kernel::Library, std::collections::BTreeMap<String, crate::kernel::CardId>)> {
    use crate::check::ItemIr;
    use crate::db::{file_game, file_ir, vocabulary, Game, Project};
    let vocab = vocabulary(db, Game::new(db, game.to_string())).vocab.clone();
    let mut cards = vec![];
    let mut names = std::collections::BTreeMap::new();
    let mut keywords: Vec<Option<crate::ir::KeywordIr>> = vec![None; vocab.keywords.len()];
    for &file in Project::get(db).files(db) {
        if file_game(db, file).as_ref().ok().map(String::as_str) != Some(game) {
            continue;
        }
        for ir in file_ir(db, file) {
            match ir {
                ItemIr::Card(card) => {
                    let id = crate::kernel::CardId(cards.len() as u32);
                    // A name several printings share names the first printing.
                    let earlier = |other: &crate::kernel::CardId| printing_order(cards.get(other.index()).and_then(|c: &crate::ir::CardIr| c.code.as_deref())) <= printing_order(card.code.as_deref());
                    if !names.get(&card.name).is_some_and(earlier) {
                        names.insert(card.name.clone(), id);
                    }
                    if let Some(code) = &card.code {
                        names.insert(code.clone(), id);
                    }
                    cards.push(card.clone());
                }
                ItemIr::Keyword(k) => keywords[k.keyword.index()] = Some(k.clone()),
                ItemIr::Declaration => {}
            }
        }
    }
    (!vocab.game.is_empty()).then_some((crate::kernel::Library { vocab, cards, keywords, derived: Default::default(), trigger_reach: Default::default(), card_reads: Default::default() }, names))
}

/// Card codes in printing order: the set's number, then the card's ("1-004C" before "2-012C"
/// before "10-001H"); codes of other forms after, in text order.
pub fn printing_order(code: Option<&str>) -> (u32, u32, String) {
    let code = code.unwrap_or("");
    let (set, rest) = code.split_once('-').unwrap_or((code, ""));
    let number: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (set.parse().unwrap_or(u32::MAX), number.parse().unwrap_or(u32::MAX), code.to_string())
}
