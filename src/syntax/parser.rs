//! The pest parser for one item chunk, and pest errors turned into diagnostics.

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest_derive::Parser;

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use crate::syntax::ast::Item;
use crate::syntax::lower;

#[derive(Parser)]
#[grammar = "grammar/cardscript.pest"]
pub struct CardScriptParser;

/// Parses one item chunk; spans in the result are relative to the chunk.
pub fn parse_chunk(text: &str) -> Result<Item, Diagnostic> {
    let mut pairs = CardScriptParser::parse(Rule::item_unit, text).map_err(|e| syntax_error(text, &e))?;
    let unit = pairs.next().expect("item_unit always yields one pair");
    let item = unit.into_inner().find(|p| p.as_rule() != Rule::EOI).expect("item_unit holds an item");
    lower::item(item)
}

/// Parses one ability on its own (error recovery); spans relative to `text`.
pub fn parse_ability(text: &str) -> Result<(), Diagnostic> {
    CardScriptParser::parse(Rule::ability_unit, text).map(|_| ()).map_err(|e| syntax_error(text, &e))
}

fn syntax_error(text: &str, e: &pest::error::Error<Rule>) -> Diagnostic {
    let (start, end) = match e.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, t)) => (s, t),
    };
    // Point at the whole offending token, not an empty position.
    let end = if end > start {
        end
    } else {
        let rest = &text[start..];
        start + rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len()).max(rest.chars().next().map_or(0, char::len_utf8))
    };
    let found = text[start..end].trim();
    // Unbalanced brackets explain most errors at the end of input or at a closing bracket.
    use crate::syntax::split::{split_items, ChunkProblem};
    for chunk in split_items(text) {
        match chunk.problem {
            Some(ChunkProblem::Unclosed(at)) if found.is_empty() => {
                return Diagnostic::new(Code::E0003, Span::new(at, at + 1), "this bracket is never closed").label("opened here");
            }
            Some(ChunkProblem::Unopened(at)) if at == start => {
                return Diagnostic::new(Code::E0003, Span::new(at, at + 1), "this bracket closes nothing").label("no matching opening bracket");
            }
            _ => {}
        }
    }
    let expected = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => describe_expected(positives),
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let message = if found.is_empty() {
        format!("unexpected end of item; expected {expected}")
    } else {
        format!("unexpected `{}`; expected {expected}", shorten(found))
    };
    Diagnostic::new(Code::E0002, Span::new(start, end), message).label(format!("expected {expected}"))
}

fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(24).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out.chars().map(|c| if c.is_control() { '�' } else { c }).collect()
}

fn describe_expected(positives: &[Rule]) -> String {
    let mut names: Vec<&str> = positives.iter().map(|r| rule_name(*r)).collect();
    names.sort();
    names.dedup();
    match names.len() {
        0 => "something else".to_string(),
        1 => names[0].to_string(),
        _ => {
            let last = names.pop().unwrap();
            format!("{} or {last}", names.join(", "))
        }
    }
}

/// What a designer calls each grammar rule.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::item | Rule::item_unit | Rule::ability_unit | Rule::docs => "an item (`card`, `keyword`, `game`, or a declaration)",
        Rule::card_item => "`card`",
        Rule::keyword_item => "`keyword`",
        Rule::game_decl => "`game`",
        Rule::ident | Rule::word | Rule::tword => "a name",
        Rule::number => "a number",
        Rule::signed => "a signed number like `+1000`",
        Rule::string => "a string",
        Rule::symbols | Rule::symbol => "a symbol like `{fire}`",
        Rule::pair => "a modifier like `+2/+0`",
        Rule::ability_lit => "an ability literal `ability { ... }`",
        Rule::atoms | Rule::catoms | Rule::atom | Rule::call | Rule::group | Rule::list | Rule::this_kw => "a phrase",
        Rule::cond | Rule::conj | Rule::neg | Rule::cmp | Rule::arith => "a condition",
        Rule::cmp_op => "a comparison",
        Rule::arith_op => "an operator",
        Rule::block => "a block `{ ... }`",
        Rule::ability | Rule::ability_head => "an ability",
        Rule::attr_line | Rule::attr => "a characteristic",
        Rule::card_code => "a card code like `1-015L`",
        Rule::type_expr => "a type",
        Rule::slot => "a slot `(name: type)`",
        Rule::template | Rule::opt_part => "a phrase template",
        Rule::vocab_kind => "a declaration",
        Rule::binding => "`as NAME`",
        Rule::duration | Rule::duration_kw => "a duration",
        Rule::trigger | Rule::trigger_word => "a trigger",
        Rule::costs | Rule::cost => "a cost",
        Rule::tags | Rule::tag => "a tag",
        Rule::params | Rule::param => "parameters",
        Rule::EOI => "end of item",
        _ => "more input",
    }
}
