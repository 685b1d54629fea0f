//! The REPL: session scripts in tests/repl/*.repl, fed line by line, transcripts snapshotted.
//!
//! A script is what a person would type, with harness lines between inputs: `!copy FROM TO`
//! copies a repository file into the script's scratch directory (`$TMP`), and
//! `!replace FILE OLD => NEW` edits a file there (for `:reload`).

use std::io::Write;
use std::process::{Command, Stdio};

use cardscript::repl::{Feeder, Session};

use crate::support::{repo, scratch_dir};

/// Runs one script through a fresh session; returns the transcript with `$TMP` for the scratch dir.
fn run_script(name: &str, script: &str) -> String {
    let tmp = scratch_dir(&format!("repl-{name}"));
    let tmp_text = tmp.display().to_string();
    let mut session = Session::new(None);
    let mut feeder = Feeder::default();
    let mut out: Vec<u8> = vec![];
    for line in script.lines() {
        if let Some(directive) = line.strip_prefix('!').filter(|_| !feeder.pending()) {
            writeln!(out, "! {directive}").unwrap();
            harness(directive, &tmp);
            continue;
        }
        if !feeder.push_line(&line.replace("$TMP", &tmp_text), &mut session, &mut out) {
            break;
        }
    }
    feeder.finish(&mut session, &mut out);
    String::from_utf8_lossy(&out).replace(&tmp_text, "$TMP")
}

fn harness(directive: &str, tmp: &std::path::Path) {
    let (verb, args) = directive.split_once(' ').unwrap_or((directive, ""));
    match verb {
        "copy" => {
            let (from, to) = args.split_once(' ').expect("!copy FROM TO");
            std::fs::copy(repo().join(from), tmp.join(to)).expect("copy into the scratch dir");
        }
        "replace" => {
            let (file, edit) = args.split_once(' ').expect("!replace FILE OLD => NEW");
            let (old, new) = edit.split_once(" => ").expect("!replace FILE OLD => NEW");
            let path = tmp.join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.contains(old), "`{old}` not in {file}");
            std::fs::write(&path, text.replacen(old, new, 1)).unwrap();
        }
        other => panic!("unknown harness directive !{other}"),
    }
}

#[test]
fn repl_sessions() {
    insta::glob!("../repl", "*.repl", |path| {
        let script = std::fs::read_to_string(path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(run_script(&name, &script));
    });
}

#[test]
fn repl_binary_survives_garbage_and_exits_0_at_end_of_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardscript"))
        .args(["repl", "cards/fftcg/1-003C-red-mage.card"])
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cardscript repl");
    let mut input: Vec<u8> = b":nonsense\n\x00\xff\xfe\x80 binary\n}}}\n((((\n:card Red Mage\ncard \"Open\" {\n".to_vec();
    input.extend(std::iter::repeat_n(b'{', 5000));
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    assert!(stdout.contains("unknown command `:nonsense`"), "{stdout}");
    assert!(stdout.contains("> :card Red Mage"), "{stdout}");
    assert!(stdout.contains("\"{f}{1}{D}: Choose 1 Forward. It cannot block this turn.\""), "{stdout}");
    assert!(!stdout.contains('\u{1b}'), "no colour on a pipe");
}

#[test]
fn repl_rejects_an_unknown_game() {
    let out = crate::support::cardscript(&["repl", "--game", "fftc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(crate::support::stderr(&out).contains("did you mean `fftcg`?"));
}
