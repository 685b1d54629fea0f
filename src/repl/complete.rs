//! When typed input is a complete unit, and the line feeder that buffers piped input until it is.

use std::io::Write;

use super::Session;

/// Whether `buffer` is complete: a command (one line), or items whose brackets are balanced
/// (outside strings and comments), not only doc comments, and — for an item whose header line
/// ends with `:` — ended by a blank or unindented line.
pub fn is_complete(buffer: &str) -> bool {
    let lines: Vec<&str> = buffer.lines().collect();
    let significant: Vec<(usize, &str)> =
        lines.iter().copied().enumerate().filter(|(_, l)| !is_blank_or_comment(l)).collect();
    let Some(&(_, first)) = significant.first() else { return true };
    if first.trim_start().starts_with(':') {
        return true;
    }
    let depth: i64 = lines.iter().map(|l| bracket_delta(l)).sum();
    if depth > 0 {
        return false;
    }
    if depth < 0 {
        return true; // an unopened bracket: complete, and the checker says what is wrong
    }
    let Some(&(header_at, header)) = significant.iter().find(|(_, l)| !l.trim_start().starts_with("///")) else {
        return false; // only doc comments so far: the item follows
    };
    if code_part(header).trim_end().ends_with(':') {
        // The segment after the last newline: blank when the user pressed Enter on an empty line.
        let last = buffer.rsplit('\n').next().unwrap_or("");
        let ended_by_blank = buffer.contains('\n') && last.trim().is_empty();
        let unindented = lines.len() - 1 > header_at && !last.starts_with([' ', '\t']) && !last.trim().is_empty();
        return ended_by_blank || unindented;
    }
    true
}

fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || (t.starts_with("//") && !t.starts_with("///"))
}

/// The line without a trailing `//` comment (strings respected).
fn code_part(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// Opening minus closing brackets on one line, outside strings and comments; doc lines count 0.
fn bracket_delta(line: &str) -> i64 {
    if line.trim_start().starts_with("///") {
        return 0;
    }
    code_part(line).bytes().fold((0i64, false, false), |(d, in_string, escaped), b| match b {
        _ if escaped => (d, in_string, false),
        b'\\' if in_string => (d, true, true),
        b'"' => (d, !in_string, false),
        b'{' | b'(' | b'[' if !in_string => (d + 1, false, false),
        b'}' | b')' | b']' if !in_string => (d - 1, false, false),
        _ => (d, in_string, false),
    }).0
}

/// Buffers input lines until they form a complete input, then echoes it after a `> ` marker
/// (continuation lines after `. `) and executes it, so a piped transcript reads like a session.
/// A line starting with `:` is a command even in the middle of an unfinished item, which is then
/// executed (and reported) as it stands.
#[derive(Default)]
pub struct Feeder {
    buffer: String,
}

impl Feeder {
    /// Takes one line (without its newline). Returns false once the session has quit.
    pub fn push_line(&mut self, line: &str, session: &mut Session, out: &mut dyn Write) -> bool {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if self.buffer.is_empty() && line.trim().is_empty() {
            return true;
        }
        // A command at the start of a line ends an unfinished item: it is reported, not swallowed.
        if self.pending() && line.starts_with(':') {
            self.flush(session, out);
        }
        if !self.buffer.is_empty() {
            self.buffer.push('\n');
        }
        self.buffer.push_str(line);
        if is_complete(&self.buffer) {
            self.flush(session, out);
        }
        !session.quit
    }

    /// Whether part of an input is buffered, waiting for the rest.
    pub fn pending(&self) -> bool {
        !self.buffer.is_empty()
    }

    /// Executes whatever is buffered (input ended in the middle of an item).
    pub fn finish(&mut self, session: &mut Session, out: &mut dyn Write) {
        if !self.buffer.trim().is_empty() {
            self.flush(session, out);
        }
        self.buffer.clear();
    }

    fn flush(&mut self, session: &mut Session, out: &mut dyn Write) {
        let input = std::mem::take(&mut self.buffer);
        for (i, l) in input.trim_end().lines().enumerate() {
            let _ = writeln!(out, "{}{l}", if i == 0 { "> " } else { ". " });
        }
        session.execute(&input, out);
    }
}

#[cfg(test)]
mod tests {
    use super::is_complete;

    #[test]
    fn commands_and_one_line_items_are_complete() {
        assert!(is_complete(":help"));
        assert!(is_complete("game trails"));
        assert!(is_complete("action shout (target: cards)"));
        assert!(is_complete(""));
    }

    #[test]
    fn open_brackets_wait_outside_strings_and_comments() {
        assert!(!is_complete("card \"A\" {\n  forward"));
        assert!(is_complete("card \"A\" {\n  forward\n}"));
        assert!(is_complete("card \"{\" 1-1 { // {\n}"));
        assert!(!is_complete("/// printed text"));
        assert!(is_complete("}"));
    }

    #[test]
    fn a_colon_header_continues_while_indented() {
        assert!(!is_complete("field:\n  draw 1"));
        assert!(is_complete("field:\n  draw 1\n"));
        assert!(is_complete("field:\n  draw 1\nkind x"));
    }
}
