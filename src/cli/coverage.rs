//! `cardscript coverage [PATHS...]`: how many of the phrases the cards use the engine can run.
//!
//! A phrase runs when its vocabulary declaration binds it to a kernel primitive
//! (`= move(target, break_zone)`); the report lists the ones that do not yet, most used first.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use crate::check::ItemIr;
use crate::db::{file_game, file_ir, known_games, vocabulary, Game, Project};
use crate::workspace::Workspace;

use super::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE};

pub fn run_coverage(paths: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let ws = Workspace::load(paths);
    for e in &ws.io_errors {
        let _ = writeln!(err, "error: {e}");
    }
    if !ws.io_errors.is_empty() {
        return EXIT_USAGE;
    }
    let db = &ws.db;
    let mut missing_total = 0;
    for game in known_games(db) {
        let vocab = &vocabulary(db, Game::new(db, game.clone())).vocab;
        // Uses per template, over every card and keyword of the game.
        let mut uses: BTreeMap<usize, usize> = BTreeMap::new();
        for &file in Project::get(db).files(db) {
            if file_game(db, file).as_ref().ok() != Some(game) {
                continue;
            }
            for ir in file_ir(db, file) {
                let abilities: Vec<&crate::ir::AbilityIr> = match ir {
                    ItemIr::Card(c) => c.abilities.iter().collect(),
                    ItemIr::Keyword(k) => k.abilities.iter().collect(),
                    ItemIr::Declaration => vec![],
                };
                for ability in abilities {
                    ability.each_call(&mut |call| *uses.entry(call.template.index()).or_default() += 1);
                }
            }
        }
        let unbound: Vec<(usize, usize)> = uses.iter().filter(|(t, _)| vocab.templates[**t].implementation.is_empty()).map(|(t, n)| (*t, *n)).collect();
        let bound = uses.len() - unbound.len();
        let _ = writeln!(out, "{game}: {bound} of {} phrases used are bound to primitives ({} declared)", uses.len(), vocab.templates.len());
        let mut sorted = unbound.clone();
        sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (t, n) in sorted {
            let kind = vocab.templates[t].kind.noun();
            let _ = writeln!(out, "  unbound {kind} `{}` ({n} uses)", vocab.signature(crate::vocab::TemplateId(t as u32)));
        }
        missing_total += unbound.len();
    }
    if missing_total == 0 { EXIT_OK } else { EXIT_ERRORS }
}
