//! `cardscript test` and `cardscript render`: golden scenarios from the command line.

use std::io::Write;
use std::path::{Path, PathBuf};


use crate::diagnostic::render::render_human;
use crate::scenario::{run_file, Libraries};

/// Runs every scenario under `paths`; prints a pass/fail summary. Exit 0 when all pass.
pub fn run_tests(paths: &[PathBuf], transcript: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let (files, errors) = crate::workspace::find_files(paths, "scenario");
    for e in &errors {
        let _ = writeln!(err, "error: {e}");
    }
    if !errors.is_empty() {
        return super::EXIT_USAGE;
    }
    let mut libraries = Libraries::default();
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let shown = file.display().to_string();
        match run_file(file, &mut libraries, None) {
            Ok((text, report)) => {
                if transcript {
                    let _ = writeln!(out, "{}", report.transcript);
                }
                let ok = report.passed();
                let _ = writeln!(out, "{} {shown}", if ok { "pass" } else { "FAIL" });
                for d in &report.diagnostics {
                    let _ = write!(out, "{}", render_human(d, &shown, &text, false));
                }
                if ok { passed += 1 } else { failed += 1 }
            }
            Err(e) => {
                let _ = writeln!(out, "FAIL {e}");
                failed += 1;
            }
        }
    }
    let _ = writeln!(out, "{} scenarios: {passed} passed, {failed} failed", files.len());
    if failed == 0 { super::EXIT_OK } else { super::EXIT_ERRORS }
}

/// Draws a scenario's board at its end (or after `step` actions) into `svg`.
pub fn run_render(scenario: &Path, svg: &Path, step: Option<usize>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let (text, report) = match run_file(scenario, &mut Libraries::default(), step) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return super::EXIT_USAGE;
        }
    };
    let shown = scenario.display().to_string();
    for d in &report.diagnostics {
        let _ = write!(err, "{}", render_human(d, &shown, &text, false));
    }
    let Some(state) = &report.state else { return super::EXIT_ERRORS };
    if let Err(e) = std::fs::write(svg, crate::board::svg(state)) {
        let _ = writeln!(err, "error: cannot write {}: {e}", svg.display());
        return super::EXIT_USAGE;
    }
    let _ = writeln!(out, "wrote {}", svg.display());
    super::EXIT_OK
}
