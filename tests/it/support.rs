//! Shared helpers: checking in-memory sources, running the binary, temporary directories.

use std::path::PathBuf;
use std::process::{Command, Output};

use cardscript::cli::CheckReport;
use cardscript::workspace::Workspace;

/// Checks in-memory files against the embedded standard library.
pub fn check_sources(files: &[(&str, &str)]) -> CheckReport {
    let sources = files.iter().map(|(p, t)| (p.to_string(), t.as_bytes().to_vec())).collect();
    CheckReport::new(&Workspace::from_sources(sources, vec![]))
}

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the `cardscript` binary.
pub fn cardscript(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardscript")).args(args).current_dir(repo()).output().expect("run cardscript")
}

/// A fresh, empty directory under the target directory, unique to `name`.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every file under `dir` whose name ends in `.{ext}`, sorted.
pub fn files_with_extension(dir: &std::path::Path, ext: &str) -> Vec<PathBuf> {
    let mut out = vec![];
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files_with_extension(&p, ext));
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
    out.sort();
    out
}
