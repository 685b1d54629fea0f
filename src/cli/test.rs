//! `cardscript test` and `cardscript render`: golden scenarios from the command line.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs every scenario under `paths`; prints a pass/fail summary. Exit 0 when all pass.
pub fn run_tests(paths: &[PathBuf], transcript: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let _ = (paths, transcript, out);
    let _ = writeln!(err, "scenarios are not built yet");
    super::EXIT_USAGE
}

/// Draws a scenario's board at its end (or after `step` steps) into `svg`.
pub fn run_render(scenario: &Path, svg: &Path, step: Option<usize>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let _ = (scenario, svg, step, out);
    let _ = writeln!(err, "rendering is not built yet");
    super::EXIT_USAGE
}
