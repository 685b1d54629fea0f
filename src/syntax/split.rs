//! Cuts a source file into top-level item chunks, so each item is parsed on its own.
//!
//! The splitter is a linear scan that understands strings, comments and bracket depth. It never
//! recurses, so it is safe on any input; it also measures nesting, so that the recursive parser is
//! never handed input deep enough to exhaust the stack.

use crate::span::Span;

/// Deepest bracket nesting the parser accepts; real cards use fewer than ten levels.
pub const MAX_DEPTH: usize = 32;

/// One top-level item's source range, and what the scan already knows is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub span: Span,
    pub problem: Option<ChunkProblem>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChunkProblem {
    /// Brackets nest deeper than `MAX_DEPTH`, first at this file offset.
    TooDeep(usize),
    /// An opening bracket at this offset is never closed.
    Unclosed(usize),
    /// A closing bracket at this offset has no opening one.
    Unopened(usize),
}

/// Splits `text` into item chunks. Blank lines and plain comments between items belong to no chunk.
pub fn split_items(text: &str) -> Vec<Chunk> {
    let bytes = text.as_bytes();
    let mut chunks = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut start: Option<usize> = None;
    let mut docs_only = false;
    let mut problem: Option<ChunkProblem> = None;
    let mut line_start = 0;
    // End of the last line that belongs to the current chunk (blank lines and comments between
    // items belong to none).
    let mut last_end = 0;
    while line_start < bytes.len() {
        let line_end = memchr_newline(bytes, line_start);
        let line = &text[line_start..line_end];
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let is_doc = trimmed.starts_with("///");
        let is_blank = trimmed.is_empty() || (trimmed.starts_with("//") && !is_doc);
        if stack.is_empty() && !is_blank {
            let closed = start.is_some() && !docs_only;
            let continues = trimmed.starts_with('}') || trimmed.starts_with("else");
            if closed && !continues {
                chunks.push(Chunk { span: Span::new(start.unwrap(), last_end), problem: problem.take() });
                start = None;
            }
            if start.is_none() {
                start = Some(line_start + indent);
            }
            docs_only = is_doc;
        }
        if !is_blank || !stack.is_empty() {
            last_end = line_end;
        }
        if !is_doc {
            scan_line(bytes, line_start, line_end, &mut stack, &mut problem);
        }
        line_start = line_end + 1;
    }
    if let Some(s) = start {
        if problem.is_none()
            && let Some(&open) = stack.first() {
                problem = Some(ChunkProblem::Unclosed(open));
            }
        let end = if stack.is_empty() { last_end } else { bytes.len() };
        chunks.push(Chunk { span: Span::new(s, end.max(s)), problem });
    }
    chunks
}

fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| from + p)
}

/// Updates the bracket stack for one line, skipping strings and comments.
fn scan_line(bytes: &[u8], from: usize, to: usize, stack: &mut Vec<usize>, problem: &mut Option<ChunkProblem>) {
    let mut i = from;
    let mut in_string = false;
    while i < to {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'/' if bytes.get(i + 1) == Some(&b'/') => return,
                b'{' | b'(' | b'[' => {
                    stack.push(i);
                    if stack.len() > MAX_DEPTH && problem.is_none() {
                        *problem = Some(ChunkProblem::TooDeep(i));
                    }
                }
                b'}' | b')' | b']'
                    if stack.pop().is_none() && problem.is_none() => {
                        *problem = Some(ChunkProblem::Unopened(i));
                    }
                _ => {}
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<&str> {
        split_items(src).iter().map(|c| src[c.span.range()].trim_end()).collect()
    }

    #[test]
    fn splits_items_and_keeps_docs_with_them() {
        let src = "game fftcg\n\n/// doc\ncard \"A\" {\n  x\n}\n// note\nkind forward\n";
        assert_eq!(texts(src), ["game fftcg", "/// doc\ncard \"A\" {\n  x\n}", "kind forward"]);
    }

    #[test]
    fn braces_in_strings_and_comments_do_not_count() {
        let src = "card \"{\" { // }\n}\nkind x\n";
        assert_eq!(texts(src), ["card \"{\" { // }\n}", "kind x"]);
    }

    #[test]
    fn deep_nesting_is_flagged_without_recursion() {
        let src = "(".repeat(100_000);
        let chunks = split_items(&src);
        assert_eq!(chunks.len(), 1);
        assert_eq!(chunks[0].problem, Some(ChunkProblem::TooDeep(MAX_DEPTH)));
    }

    #[test]
    fn unclosed_and_unopened_brackets_are_flagged() {
        assert_eq!(split_items("card \"A\" {\n")[0].problem, Some(ChunkProblem::Unclosed(9)));
        assert_eq!(split_items("}\n")[0].problem, Some(ChunkProblem::Unopened(0)));
    }
}
