//! Error recovery inside an item: when a card or keyword does not parse, each of its abilities
//! is parsed on its own, so every broken ability is reported, not only the first.

use crate::diagnostic::Diagnostic;
use crate::syntax::parser::parse_ability;

/// Syntax errors of the abilities of an item that failed to parse, item-relative, and where the
/// first ability starts (errors before it are the item's own).
pub fn ability_errors(item: &str) -> (Vec<Diagnostic>, Option<usize>) {
    let ranges = ability_ranges(item);
    let errors = ranges
        .iter()
        .filter_map(|&(start, end)| parse_ability(&item[start..end]).err().map(|d| d.shifted(start as u32)))
        .collect();
    (errors, ranges.first().map(|r| r.0))
}

/// The byte ranges of an item's abilities: each starts at a header line (a line inside the item's
/// braces with a `:` outside strings and nested brackets) or the doc comment above it, and runs
/// to the next one or the item's closing brace. Only braces count for depth across lines, so an
/// unclosed parenthesis (a likely error) does not hide the abilities after it.
fn ability_ranges(item: &str) -> Vec<(usize, usize)> {
    let mut headers: Vec<usize> = vec![];
    let mut depth = 0usize;
    let mut offset = 0;
    let mut docs_start: Option<usize> = None;
    let mut close = item.len();
    for line in item.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if depth == 1 && trimmed.starts_with("///") {
            docs_start.get_or_insert(offset);
        } else if depth == 1 && has_top_level_colon(line) {
            headers.push(docs_start.take().unwrap_or(offset));
        } else if !trimmed.is_empty() {
            docs_start = None;
        }
        for (i, c) in code_chars(line) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        close = offset + i;
                    }
                }
                _ => {}
            }
        }
        offset += line.len();
    }
    let ends = headers.iter().skip(1).copied().chain(std::iter::once(close));
    headers.iter().copied().zip(ends).filter(|(s, e)| s < e).collect()
}

/// Whether a line has a `:` outside strings and brackets.
fn has_top_level_colon(line: &str) -> bool {
    let mut depth = 0i32;
    code_chars(line).any(|(_, c)| {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => depth -= 1,
            _ => {}
        }
        c == ':' && depth == 0
    })
}

/// The characters of a line that are code: not in a string, not in a comment.
fn code_chars(line: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut in_string = false;
    let mut escaped = false;
    let mut prev_slash = false;
    let mut comment = false;
    line.char_indices().filter(move |&(_, c)| {
        if comment {
            return false;
        }
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            return false;
        }
        if c == '/' && prev_slash {
            comment = true;
            return false;
        }
        prev_slash = c == '/';
        if c == '"' {
            in_string = true;
            return false;
        }
        true
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_broken_ability_is_reported() {
        let item = "card \"A\" {\n  forward\n  auto when this attacks:\n    draw \"1\n  field: this gains +1000 power\n  action {dull}: deal (1 damage\n}";
        let (errors, first) = ability_errors(item);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(first, item.find("  auto"));
    }

    #[test]
    fn headers_inside_granted_abilities_do_not_split() {
        let item = "card \"A\" {\n  field: this gains ability {\n    auto when this attacks: draw 1\n  }\n}";
        assert_eq!(ability_ranges(item).len(), 1);
    }
}
