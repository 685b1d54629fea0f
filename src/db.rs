//! The incremental database: source files are salsa inputs; parsing a file, building a game's
//! vocabulary and checking an item are tracked queries.
//!
//! Items are parsed with spans relative to their own start, so editing one item leaves the other
//! items of the file (and every other file) unchanged, and only the edited item is re-checked.

use std::sync::{Arc, Mutex};

use crate::check::{check_item, CheckedItem, ItemIr};
use crate::diagnostic::{suggestions, Code, Diagnostic};
use crate::span::Span;
use crate::syntax::ast::Item;
use crate::syntax::{parse_source, ParsedSource};
use crate::vocab::build::{build, DeclSource};
use crate::vocab::Vocabulary;

#[salsa::db]
pub trait Db: salsa::Database {}

/// The database, with a log of the queries that ran (for tests and benchmarks).
#[salsa::db]
#[derive(Clone)]
pub struct Database {
    storage: salsa::Storage<Self>,
    executed: Arc<Mutex<Vec<String>>>,
}

impl Default for Database {
    fn default() -> Self {
        let executed: Arc<Mutex<Vec<String>>> = Default::default();
        let sink = executed.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                sink.lock().expect("query log lock").push(format!("{database_key:?}"));
            }
        })));
        Self { storage, executed }
    }
}

#[salsa::db]
impl salsa::Database for Database {}
#[salsa::db]
impl Db for Database {}

impl Database {
    /// The queries that executed since the last call, as `name(Id(..))`.
    pub fn take_executed(&self) -> Vec<String> {
        std::mem::take(&mut *self.executed.lock().expect("query log lock"))
    }
}

#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(deref)]
    pub path: String,
    #[returns(deref)]
    pub text: String,
}

/// The set of files being checked (the standard library included).
#[salsa::input(singleton, debug)]
pub struct Project {
    #[returns(ref)]
    pub files: Vec<SourceFile>,
}

/// One top-level item of a file. Identity is (file, index); the AST is a tracked field, so an
/// unchanged item keeps its checked result when its file is edited elsewhere.
#[salsa::tracked(debug)]
pub struct ItemHandle<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub index: u32,
    #[tracked]
    #[returns(copy)]
    pub base: u32,
    #[tracked]
    #[returns(ref)]
    pub item: Option<Item>,
    #[tracked]
    #[returns(deref)]
    pub text: String,
}

#[salsa::tracked(returns(ref))]
pub fn parse_file(db: &dyn Db, file: SourceFile) -> ParsedSource {
    parse_source(file.text(db))
}

#[salsa::tracked(returns(ref))]
pub fn file_items<'db>(db: &'db dyn Db, file: SourceFile) -> Vec<ItemHandle<'db>> {
    let parsed = parse_file(db, file);
    let text = file.text(db);
    parsed
        .items
        .iter()
        .enumerate()
        .map(|(i, p)| ItemHandle::new(db, file, i as u32, p.base, p.item.clone(), text[p.base as usize..p.end as usize].to_string()))
        .collect()
}

/// The file's `game NAME` line: the game and its span, or the diagnostic explaining its absence.
#[salsa::tracked(returns(ref))]
pub fn file_game(db: &dyn Db, file: SourceFile) -> Result<String, Diagnostic> {
    let parsed = parse_file(db, file);
    let games: Vec<(u32, &crate::syntax::ast::Ident)> = parsed
        .items
        .iter()
        .filter_map(|p| match &p.item {
            Some(Item::Game(g)) => Some((p.base, g)),
            _ => None,
        })
        .collect();
    match games.as_slice() {
        [(_, g)] => Ok(g.node.clone()),
        [] => Err(Diagnostic::new(Code::E0004, Span::new(0, 0), "this file has no `game` line")
            .label("expected `game fftcg`, `game trails` or `game ufs` first")
            .help("every .card file starts with the game its cards belong to")),
        [_, (base, second), ..] => Err(Diagnostic::new(Code::E0004, second.span.shifted(*base), "a file belongs to one game only")
            .label("second `game` line")),
    }
}

/// The declarations of a file (keyword signatures without their bodies), with their offsets.
#[salsa::tracked(returns(ref))]
pub fn file_declarations(db: &dyn Db, file: SourceFile) -> Vec<(u32, Item)> {
    parse_file(db, file)
        .items
        .iter()
        .filter_map(|p| {
            let item = match p.item.as_ref()? {
                Item::Card(_) | Item::Game(_) => return None,
                Item::Keyword(k) => Item::Keyword(crate::syntax::ast::KeywordItem { abilities: vec![], attrs: vec![], ..k.clone() }),
                other => other.clone(),
            };
            Some((p.base, item))
        })
        .collect()
}

#[salsa::interned(debug)]
pub struct Game<'db> {
    #[returns(deref)]
    pub name: String,
}

/// A game's vocabulary, and the diagnostics of its declarations (file, file-relative diagnostic).
#[derive(Debug, PartialEq, Eq)]
pub struct GameVocabulary {
    pub vocab: Vocabulary,
    pub diagnostics: Vec<(SourceFile, Diagnostic)>,
}

#[salsa::tracked(returns(ref))]
pub fn vocabulary<'db>(db: &'db dyn Db, game: Game<'db>) -> GameVocabulary {
    let files: Vec<SourceFile> =
        Project::get(db).files(db).iter().copied().filter(|f| file_game(db, *f).as_ref().ok().map(String::as_str) == Some(game.name(db))).collect();
    let decls: Vec<DeclSource> = files
        .iter()
        .enumerate()
        .flat_map(|(i, f)| file_declarations(db, *f).iter().map(move |(base, item)| DeclSource { origin: i as u32, base: *base, item }))
        .collect();
    let (vocab, diags) = build(game.name(db), &decls);
    GameVocabulary { vocab, diagnostics: diags.into_iter().map(|(o, d)| (files[o as usize], d)).collect() }
}

/// The games that have a vocabulary: those with at least one declaration.
#[salsa::tracked(returns(ref))]
pub fn known_games(db: &dyn Db) -> Vec<String> {
    let mut games: Vec<String> = Project::get(db)
        .files(db)
        .iter()
        .filter(|f| !file_declarations(db, **f).is_empty())
        .filter_map(|f| file_game(db, *f).as_ref().ok().cloned())
        .collect();
    games.sort();
    games.dedup();
    games
}

#[salsa::tracked(returns(ref))]
pub fn check_item_query<'db>(db: &'db dyn Db, item: ItemHandle<'db>) -> CheckedItem {
    let Some(ast) = item.item(db) else {
        return CheckedItem { ir: None, diagnostics: vec![] };
    };
    let Ok(game) = file_game(db, item.file(db)) else {
        return CheckedItem { ir: None, diagnostics: vec![] };
    };
    if !known_games(db).contains(game) {
        return CheckedItem { ir: None, diagnostics: vec![] };
    }
    let vocab = &vocabulary(db, Game::new(db, game.clone())).vocab;
    let others: Vec<&Vocabulary> =
        known_games(db).iter().filter(|g| *g != game).map(|g| &vocabulary(db, Game::new(db, g.clone())).vocab).collect();
    check_item(vocab, &others, ast, item.text(db))
}

/// Everything wrong with one file, with file-relative spans, in source order.
#[salsa::tracked(returns(ref))]
pub fn file_diagnostics(db: &dyn Db, file: SourceFile) -> Vec<Diagnostic> {
    let mut out = parse_file(db, file).diagnostics.clone();
    match file_game(db, file) {
        Err(d) => out.push(d.clone()),
        Ok(game) if !known_games(db).contains(game) => {
            let span = game_span(db, file);
            let known = known_games(db);
            let mut d = Diagnostic::new(Code::E0004, span, format!("unknown game `{game}`"))
                .label(format!("known games: {}", known.join(", ")));
            if let Some(s) = suggestions(game, known.iter().map(String::as_str)).first() {
                d = d.help(format!("did you mean `{s}`?"));
            }
            out.push(d);
        }
        Ok(game) => {
            for item in file_items(db, file) {
                let base = item.base(db);
                out.extend(check_item_query(db, *item).diagnostics.iter().map(|d| d.clone().shifted(base)));
            }
            let vocab = vocabulary(db, Game::new(db, game.clone()));
            out.extend(vocab.diagnostics.iter().filter(|(f, _)| *f == file).map(|(_, d)| d.clone()));
        }
    }
    out.sort_by_key(|d| (d.span.start, d.code));
    out
}

fn game_span(db: &dyn Db, file: SourceFile) -> Span {
    parse_file(db, file)
        .items
        .iter()
        .find_map(|p| match &p.item {
            Some(Item::Game(g)) => Some(g.span.shifted(p.base)),
            _ => None,
        })
        .unwrap_or_default()
}

/// How many cards and keyword definitions a file holds, including those that do not parse.
pub fn item_counts(db: &dyn Db, file: SourceFile) -> (usize, usize) {
    let mut counts = (0, 0);
    for item in file_items(db, file) {
        let head = match item.item(db) {
            Some(Item::Card(_)) => "card",
            Some(Item::Keyword(_)) => "keyword",
            Some(_) => continue,
            // An item that does not parse is counted by its first word.
            None => item.text(db).lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with("//")).and_then(|l| l.split_whitespace().next()).unwrap_or(""),
        };
        match head {
            "card" => counts.0 += 1,
            "keyword" => counts.1 += 1,
            _ => {}
        }
    }
    counts
}

/// The checked IR of every item of a file that checked clean.
pub fn file_ir(db: &dyn Db, file: SourceFile) -> Vec<&ItemIr> {
    file_items(db, file).iter().filter_map(|i| check_item_query(db, *i).ir.as_ref()).collect()
}
