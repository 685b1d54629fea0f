//! `:load` and `:reload`: files from disk into the session's database, re-checked through salsa.

use std::io::Write;
use std::path::PathBuf;

use salsa::Setter;

use crate::db::{file_diagnostics, item_counts, SourceFile};
use crate::diagnostic::render::render_human;
use crate::workspace::Workspace;

use super::{count, Outcome, Session};

/// `std-abilities/fftcg/prelude.card` for any path ending in that (a loaded copy replaces the
/// embedded one, as in `cardscript check`).
pub fn std_relative(path: &str) -> Option<String> {
    let normal = path.replace('\\', "/");
    let at = normal.rfind("std-abilities/")?;
    Some(normal[at..].to_string())
}

/// Splits command arguments at whitespace; double quotes group words (`"my cards/a.card"`).
pub fn split_args(args: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    let (mut quoted, mut any) = (false, false);
    for c in args.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

pub fn load_command(session: &mut Session, args: &str, out: &mut dyn Write) -> Outcome {
    let paths: Vec<PathBuf> = split_args(args).into_iter().map(PathBuf::from).collect();
    if paths.is_empty() {
        return writeln!(out, "usage: :load PATH...  (.card files or directories)");
    }
    session.load_paths(&paths, out)
}

impl Session {
    /// Loads every `.card` file under `paths` (a file loaded again is refreshed) and prints the
    /// diagnostics of the files loaded, with a summary line.
    pub fn load_paths(&mut self, paths: &[PathBuf], out: &mut dyn Write) -> Outcome {
        let ws = Workspace::load(paths);
        for e in &ws.io_errors {
            writeln!(out, "error: {e}")?;
        }
        for u in &ws.unreadable {
            write!(out, "{}", render_human(&u.diagnostic, &u.path, &u.text, self.color))?;
        }
        let mut touched = vec![];
        for f in &ws.user_files {
            let (path, text) = (f.path(&ws.db).to_string(), f.text(&ws.db).to_string());
            touched.push(self.put_file(path, text));
        }
        self.sync_project();
        if touched.is_empty() {
            return if ws.io_errors.is_empty() && ws.unreadable.is_empty() { writeln!(out, "no .card files found") } else { Ok(()) };
        }
        let (errors, warnings) = self.render_files(&touched, out)?;
        let (mut cards, mut keywords) = (0, 0);
        for f in &touched {
            let (c, k) = item_counts(&self.db, *f);
            cards += c;
            keywords += k;
        }
        let (files, cards, keywords) = (count(touched.len(), "file"), count(cards, "card"), count(keywords, "keyword"));
        writeln!(out, "loaded {files} ({cards}, {keywords}): {}, {}", count(errors, "error"), count(warnings, "warning"))
    }

    /// Adds a file, or sets the text of the loaded file with that path when it changed.
    fn put_file(&mut self, path: String, text: String) -> SourceFile {
        if let Some(&f) = self.loaded.iter().find(|f| f.path(&self.db) == path) {
            if f.text(&self.db) != text {
                f.set_text(&mut self.db).to(text);
            }
            return f;
        }
        if let Some(rel) = std_relative(&path) {
            let db = &self.db;
            self.std_files.retain(|f| f.path(db) != rel);
        }
        let f = SourceFile::new(&self.db, path, text);
        self.loaded.push(f);
        f
    }

    /// Prints the diagnostics of `files`; returns (errors, warnings).
    pub fn render_files(&self, files: &[SourceFile], out: &mut dyn Write) -> std::io::Result<(usize, usize)> {
        let (mut errors, mut warnings) = (0, 0);
        for &f in files {
            for d in file_diagnostics(&self.db, f) {
                if d.is_error() {
                    errors += 1;
                } else {
                    warnings += 1;
                }
                write!(out, "{}", render_human(d, f.path(&self.db), f.text(&self.db), self.color))?;
            }
        }
        Ok((errors, warnings))
    }
}

pub fn reload_command(session: &mut Session, _args: &str, out: &mut dyn Write) -> Outcome {
    if session.loaded.is_empty() {
        return writeln!(out, "nothing loaded yet (use :load PATH...)");
    }
    // Bring every query up to date first, so the count below is what this reload re-ran.
    for f in session.user_files() {
        file_diagnostics(&session.db, f);
    }
    session.db.take_executed();
    let mut changed = vec![];
    for f in session.loaded.clone() {
        let path = f.path(&session.db).to_string();
        let ws = Workspace::load(&[PathBuf::from(&path)]);
        for e in &ws.io_errors {
            writeln!(out, "error: {e} (keeping the text loaded before)")?;
        }
        for u in &ws.unreadable {
            write!(out, "{}", render_human(&u.diagnostic, &u.path, &u.text, session.color))?;
        }
        let Some(new) = ws.user_files.first() else { continue };
        let text = new.text(&ws.db);
        if text != f.text(&session.db) {
            f.set_text(&mut session.db).to(text.to_string());
            changed.push(f);
        }
    }
    if changed.is_empty() {
        return writeln!(out, "no files changed");
    }
    for f in &changed {
        writeln!(out, "changed: {}", f.path(&session.db))?;
    }
    for f in session.user_files() {
        file_diagnostics(&session.db, f);
    }
    let rechecked = session.db.take_executed().iter().filter(|q| q.starts_with("check_item_query(")).count();
    let (errors, warnings) = session.render_files(&changed, out)?;
    let (items, files) = (count(rechecked, "item"), count(changed.len(), "changed file"));
    writeln!(out, "re-checked {items} in {files}: {}, {}", count(errors, "error"), count(warnings, "warning"))
}
