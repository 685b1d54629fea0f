//! Parses a scenario file line by line (grammar/scenario.pest): one bad line is reported and the
//! others still parse.

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;

use super::ast::*;

#[derive(Parser)]
#[grammar = "../grammar/scenario.pest"]
struct ScenarioParser;

/// The statements of `text`, with a diagnostic for every line that does not parse.
pub fn parse(text: &str) -> (Vec<Stmt>, Vec<Diagnostic>) {
    let mut stmts = vec![];
    let mut diagnostics = vec![];
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let base = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        match ScenarioParser::parse(Rule::statement, content) {
            Ok(mut pairs) => {
                let statement = pairs.next().expect("statement");
                if let Some(pair) = statement.into_inner().find(|p| p.as_rule() != Rule::EOI) {
                    stmts.push(Stmt { span: span(&pair, base), kind: statement_kind(pair, base) });
                }
            }
            Err(e) => {
                let at = match e.location {
                    pest::error::InputLocation::Pos(p) => p,
                    pest::error::InputLocation::Span((s, _)) => s,
                };
                let start = base + at;
                let end = (base + content.len()).max(start);
                diagnostics.push(
                    Diagnostic::new(Code::E0002, Span::new(start, end), "this scenario line does not parse")
                        .label(expected(&e))
                        .help("see docs/scenarios.md for the statements a scenario may use"),
                );
            }
        }
    }
    (stmts, diagnostics)
}

fn expected(e: &pest::error::Error<Rule>) -> String {
    match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let names: Vec<String> = positives.iter().map(|r| format!("{r:?}").replace('_', " ")).collect();
            format!("expected {}", names.join(", "))
        }
        _ => "unexpected text".into(),
    }
}

fn span(pair: &Pair<Rule>, base: usize) -> Span {
    let s = pair.as_span();
    Span::new(base + s.start(), base + s.end())
}

fn text(pair: Pair<Rule>) -> String {
    match pair.as_rule() {
        Rule::string => pair.into_inner().next().map(|p| p.as_str().to_string()).unwrap_or_default(),
        _ => pair.as_str().to_string(),
    }
}

fn number(pair: Pair<Rule>) -> i64 {
    // Digits only (the grammar says so); absurdly long ones saturate.
    pair.as_str().parse().unwrap_or(i64::MAX)
}

fn side(pair: Pair<Rule>) -> Side {
    u8::from(pair.as_str() == "you")
}

fn statement_kind(pair: Pair<Rule>, base: usize) -> StmtKind {
    let rule = pair.as_rule();
    let mut inner = pair.clone().into_inner();
    match rule {
        Rule::title => StmtKind::Title(text(inner.next().unwrap())),
        Rule::game => StmtKind::Game(text(inner.next().unwrap())),
        Rule::seed => StmtKind::Seed(number(inner.next().unwrap()) as u64),
        Rule::load => StmtKind::Load(inner.map(text).collect()),
        Rule::turn => StmtKind::Turn {
            number: number(inner.next().unwrap()).min(u32::MAX as i64) as u32,
            player: side(inner.next().unwrap()),
            phase: inner.next().map(text),
        },
        Rule::zone_line => StmtKind::Zone {
            player: side(inner.next().unwrap()),
            zone: text(inner.next().unwrap()),
            cards: inner.map(|p| placed(p, base)).collect(),
        },
        Rule::resource_line => StmtKind::Resource { player: side(inner.next().unwrap()), name: text(inner.next().unwrap()), value: number(inner.next().unwrap()) },
        Rule::action => StmtKind::Action(action(pair, base)),
        Rule::answer => StmtKind::Answer(answer(inner.next().unwrap(), base)),
        Rule::expect => StmtKind::Expect(expectation(inner.next().unwrap(), base)),
        Rule::board => StmtKind::Board(side(inner.next().unwrap())),
        other => unreachable!("not a statement: {other:?}"),
    }
}

fn int(pair: Pair<Rule>) -> i64 {
    pair.as_str().parse().unwrap_or(if pair.as_str().starts_with('-') { i64::MIN } else { i64::MAX })
}

fn placed(pair: Pair<Rule>, base: usize) -> Placed {
    let at = span(&pair, base);
    let mut p = Placed { count: 1, name: String::new(), damage: 0, counters: vec![], flags: vec![], attached_to: None, span: at };
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::number => p.count = number(part).min(1000) as u32,
            Rule::string => p.name = text(part),
            Rule::state => {
                let state = part.into_inner().next().unwrap();
                let rule = state.as_rule();
                let mut fields = state.clone().into_inner();
                match rule {
                    Rule::damage_state => p.damage = number(fields.next().unwrap()),
                    Rule::counter_state => p.counters.push((text(fields.next().unwrap()).to_lowercase(), number(fields.next().unwrap()))),
                    Rule::attached_state => p.attached_to = Some(object(fields.next().unwrap(), base)),
                    _ => p.flags.push(state.as_str().to_string()),
                }
            }
            _ => {}
        }
    }
    p
}

fn object(pair: Pair<Rule>, base: usize) -> ObjectRef {
    let at = span(&pair, base);
    let mut player = None;
    let mut name = String::new();
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::player => player = Some(side(part)),
            _ => name = text(part),
        }
    }
    ObjectRef { player, name, span: at }
}

fn action(pair: Pair<Rule>, base: usize) -> Action {
    let inner = pair.into_inner().next().unwrap();
    let rule = inner.as_rule();
    let mut parts = inner.into_inner();
    match rule {
        Rule::play => Action::Play { player: side(parts.next().unwrap()), card: object(parts.next().unwrap(), base) },
        Rule::use_ability => Action::Use {
            player: side(parts.next().unwrap()),
            card: object(parts.next().unwrap(), base),
            ability: parts.next().map_or(1, |n| number(n).max(0) as usize),
        },
        Rule::resolve => Action::Resolve,
        Rule::pass => Action::Pass,
        Rule::end_turn => Action::EndTurn,
        Rule::next_turn => Action::NextTurn,
        Rule::next_phase => Action::NextPhase,
        Rule::support => Action::Support {
            player: side(parts.next().unwrap()),
            target: object(parts.next().unwrap(), base),
            supporter: object(parts.next().unwrap(), base),
        },
        Rule::attack => {
            let player = side(parts.next().unwrap());
            Action::Attack { player, attackers: parts.map(|p| object(p, base)).collect() }
        }
        _ => {
            let name = text(parts.next().unwrap());
            let (mut objects, mut by) = (vec![], None);
            for part in parts {
                match part.as_rule() {
                    Rule::player => by = Some(side(part)),
                    _ => objects.push(object(part, base)),
                }
            }
            Action::Signal { name, objects, by }
        }
    }
}

fn answer(pair: Pair<Rule>, base: usize) -> AnswerSpec {
    let rule = pair.as_rule();
    let parts = pair.into_inner();
    let numbers = |parts: pest::iterators::Pairs<Rule>| parts.map(|n| number(n).max(0) as usize).collect::<Vec<_>>();
    match rule {
        Rule::yes => AnswerSpec::Yes(true),
        Rule::no => AnswerSpec::Yes(false),
        Rule::pick => AnswerSpec::Option(numbers(parts)[0]),
        Rule::choice => AnswerSpec::Mode(numbers(parts)[0]),
        Rule::order => AnswerSpec::Order(numbers(parts)),
        Rule::play_answer => AnswerSpec::Play(parts.map(text).next().unwrap_or_default()),
        _ => AnswerSpec::Objects(parts.map(|o| object(o, base)).collect()),
    }
}

fn names(pair: Option<Pair<Rule>>) -> Vec<String> {
    pair.map(|p| p.into_inner().map(text).collect()).unwrap_or_default()
}

fn expectation(pair: Pair<Rule>, base: usize) -> Expectation {
    let rule = pair.as_rule();
    let mut parts = pair.into_inner();
    let mut next = || parts.next().unwrap();
    match rule {
        Rule::illegal => {
            let action = action(next(), base);
            Expectation::Illegal { action, because: parts.next().map(text) }
        }
        Rule::winner => Expectation::Winner(side(next())),
        Rule::draw => Expectation::Draw,
        Rule::zone_is => Expectation::ZoneIs { player: side(next()), zone: text(next()), names: names(parts.next()) },
        Rule::zone_has => Expectation::ZoneHas { player: side(next()), zone: text(next()), names: names(parts.next()) },
        Rule::zone_count => Expectation::ZoneCount { player: side(next()), zone: text(next()), count: number(next()) as usize },
        Rule::property_is => Expectation::Property { object: object(next(), base), property: text(next()), value: text(next().into_inner().next().unwrap()) },
        Rule::flag_is | Rule::keyword_is => {
            let object = object(next(), base);
            let first = next();
            let (present, word) = if first.as_rule() == Rule::negation { (false, text(next())) } else { (true, text(first)) };
            match rule {
                Rule::flag_is => Expectation::Flag { object, flag: word, present },
                _ => Expectation::Keyword { object, keyword: word, present },
            }
        }
        Rule::damage_is => Expectation::Damage { object: object(next(), base), damage: number(next()) },
        Rule::counter_is => Expectation::Counter { object: object(next(), base), name: next().as_str().to_lowercase(), count: number(next()) },
        Rule::attached_is => {
            let of = object(next(), base);
            let host = next();
            Expectation::Attached { object: of, host: (host.as_rule() == Rule::object).then(|| object(host, base)) }
        }
        Rule::sees => Expectation::Sees { player: side(next()), sees: next().as_rule() == Rule::sees_word, object: object(next(), base) },
        Rule::resource_is => Expectation::Resource { player: side(next()), name: text(next()), value: int(next()) },
        _ => Expectation::StackCount(number(next()) as usize),
    }
}
