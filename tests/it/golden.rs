//! Golden scenarios (tests/golden/<game>/*.scenario): each one's transcript is a snapshot, and
//! its expectations must hold. Broken scenarios (tests/broken/scenarios/) must report the code
//! their name starts with, at the line that is wrong.

use std::cell::RefCell;

use cardscript::diagnostic::render::render_human;
use cardscript::scenario::{run_file, Libraries};

fn rendered(path: &std::path::Path, text: &str, report: &cardscript::scenario::Report) -> String {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    report.diagnostics.iter().map(|d| render_human(d, &name, text, false)).collect()
}

#[test]
fn golden_scenarios_hold() {
    let libraries = RefCell::new(Libraries::default());
    insta::glob!("../golden", "**/*.scenario", |path| {
        let (text, report) = run_file(path, &mut libraries.borrow_mut(), None).expect("read scenario");
        let problems = rendered(path, &text, &report);
        assert!(report.passed(), "{}:\n{problems}", path.display());
        insta::assert_snapshot!(format!("{}{problems}", report.transcript));
    });
}

#[test]
fn broken_scenarios_report_their_mistakes() {
    let libraries = RefCell::new(Libraries::default());
    insta::glob!("../broken/scenarios", "*.scenario", |path| {
        let (text, report) = run_file(path, &mut libraries.borrow_mut(), None).expect("read scenario");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let expected_code = name.split('-').next().unwrap();
        let codes: Vec<String> = report.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert!(codes.iter().any(|c| c == expected_code), "{name} should report {expected_code}, got {codes:?}");
        insta::assert_snapshot!(format!("----- SOURCE\n{text}\n----- DIAGNOSTICS\n{}", rendered(path, &text, &report)));
    });
}

/// Known gaps (tests/gaps/<game>/): scenarios written to the rule book that the engine does not
/// meet yet. Each must still fail; one that passes belongs in tests/golden/ with its snapshot.
#[test]
fn known_gaps_still_fail() {
    let mut libraries = Libraries::default();
    let (files, errors) = cardscript::workspace::find_files(&[crate::support::repo().join("tests/gaps")], "scenario");
    assert!(errors.is_empty(), "{errors:?}");
    for path in files {
        let (_, report) = run_file(&path, &mut libraries, None).expect("read scenario");
        assert!(!report.passed(), "{} passes now: move it to tests/golden/ and accept its snapshot", path.display());
        assert!(report.diagnostics.iter().all(|d| d.code != cardscript::diagnostic::Code::E0002), "{} does not parse", path.display());
    }
}
