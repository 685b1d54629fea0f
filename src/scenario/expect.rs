//! A scenario's expectations, checked where they stand: a failure is a diagnostic at the line,
//! with the expected and the actual value.

use crate::diagnostic::{Code, Diagnostic};
use crate::kernel::{GameState, Outcome};
use crate::span::Span;

use super::ast::{Expectation, ObjectRef, Side};
use super::perform::find_in;
use super::run::Runner;
use super::setup::{unknown, zone_of};

impl Runner<'_> {
    pub(super) fn expect(&mut self, expectation: &Expectation, span: Span) {
        let line = self.line(span).to_string();
        let result = match expectation {
            Expectation::Illegal { action, because } => self.expect_illegal(action, because.as_deref()),
            other => actual(&self.state, other, span),
        };
        match result {
            Ok(Check { expected, found }) if expected == found => self.transcript.push_str(&format!("\n{line}  — ok\n")),
            Ok(Check { expected, found }) => {
                self.transcript.push_str(&format!("\n{line}  — FAILED: found {found}\n"));
                self.diagnostics.push(
                    Diagnostic::new(Code::E0203, span, "this expectation does not hold")
                        .label(format!("expected {expected}, found {found}")),
                );
            }
            Err(d) => {
                self.transcript.push_str(&format!("\n{line}  — error: {}\n", d.message));
                self.diagnostics.push(d);
            }
        }
    }

    /// Tries the action on a copy of the game: it must be illegal (for the reason given).
    fn expect_illegal(&mut self, action: &super::ast::Action, because: Option<&str>) -> Result<Check, Diagnostic> {
        let saved = self.state.clone();
        let result = self.perform(action);
        self.state = saved;
        self.agent.answers.clear();
        self.agent.problems.clear();
        self.agent.defaulted.clear();
        let expected = match because {
            Some(reason) => format!("illegal because \"{reason}\""),
            None => "illegal".to_string(),
        };
        if let Err(crate::kernel::Illegal(why)) = &result {
            self.transcript.push_str(&format!("\n  illegal: {why}"));
        }
        let found = match result {
            Err(crate::kernel::Illegal(why)) if because.is_none_or(|r| why.contains(r)) => expected.clone(),
            Err(crate::kernel::Illegal(why)) => format!("illegal because \"{why}\""),
            Ok(()) => "legal".to_string(),
        };
        Ok(Check { expected, found })
    }
}

pub(super) struct Check {
    expected: String,
    found: String,
}

fn check(expected: impl ToString, found: impl ToString) -> Result<Check, Diagnostic> {
    Ok(Check { expected: expected.to_string(), found: found.to_string() })
}

fn actual(state: &GameState, expectation: &Expectation, span: Span) -> Result<Check, Diagnostic> {
    match expectation {
        Expectation::Winner(side) => check(state.players[usize::from(*side)].name.clone(), outcome(state)),
        Expectation::Draw => check("a draw", outcome(state)),
        Expectation::ZoneIs { player, zone, names } => check(listing(&by_name(state, names)), listing(&zone_names(state, *player, zone, span)?)),
        Expectation::ZoneHas { player, zone, names } => {
            let names = &by_name(state, names);
            let mut present = zone_names(state, *player, zone, span)?;
            let missing: Vec<&String> = names.iter().filter(|n| match present.iter().position(|p| p.eq_ignore_ascii_case(n)) {
                Some(i) => { present.remove(i); false }
                None => true,
            }).collect();
            let found = if missing.is_empty() { names.join(", ") } else { format!("no {}", missing.iter().map(|m| format!("\"{m}\"")).collect::<Vec<_>>().join(", ")) };
            check(names.join(", "), found)
        }
        Expectation::ZoneCount { player, zone, count } => check(count, zone_names(state, *player, zone, span)?.len()),
        Expectation::Property { object, property, value } => {
            let id = object_id(state, object)?;
            let vocab = &state.library.vocab;
            let prop = vocab.property(property).ok_or_else(|| unknown("property", property, span, vocab.properties.iter().map(|p| p.name.as_str()).collect()))?;
            let found = state.characteristics(id).get(prop).map_or("nothing".to_string(), |v| state.show_value(v));
            check(value, found)
        }
        Expectation::Flag { object, flag, present } => {
            let id = object_id(state, object)?;
            // A placement state, or a state an effect gives (SE14 15.2.15.2).
            let has = state.object(id).flags.contains(flag.as_str()) || state.characteristics(id).flags.contains(flag);
            let say = |yes: bool| if yes { flag.clone() } else { format!("not {flag}") };
            check(say(*present), say(has))
        }
        Expectation::Keyword { object, keyword, present } => {
            let id = object_id(state, object)?;
            let vocab = &state.library.vocab;
            let k = vocab.keyword(keyword).ok_or_else(|| unknown("keyword", keyword, span, vocab.keywords.iter().map(|k| k.name.as_str()).collect()))?;
            let has = state.characteristics(id).keywords.contains(&k);
            let say = |yes: bool| if yes { keyword.clone() } else { format!("no {keyword}") };
            check(say(*present), say(has))
        }
        Expectation::Damage { object, damage } => check(damage, state.object(object_id(state, object)?).damage),
        Expectation::Counter { object, name, count } => check(count, state.object(object_id(state, object)?).counters.get(name.as_str()).copied().unwrap_or(0)),
        Expectation::Attached { object, host } => {
            let host = host.as_ref().map(|h| object_id(state, h)).transpose()?;
            let found = state.object(object_id(state, object)?).attached_to;
            let say = |o: Option<crate::kernel::ObjectId>| o.map_or("none".to_string(), |o| state.name_of(o));
            check(say(host), say(found))
        }
        Expectation::Resource { player: side, name, value } => check(value, state.players[usize::from(*side)].resources.get(name.as_str()).copied().unwrap_or(0)),
        Expectation::StackCount(n) => check(n, state.stack.len()),
        Expectation::Sees { player, object, sees } => {
            let id = object_id(state, object)?;
            let viewer = &state.players[usize::from(*player)].name;
            let say = |yes: bool| format!("{viewer} {} it", if yes { "sees" } else { "does not see" });
            check(say(*sees), say(state.sees(super::setup::player(*player), id)))
        }
        Expectation::Illegal { .. } => unreachable!("checked by the runner"),
    }
}

/// Cards by name, or "empty".
fn listing(names: &[String]) -> String {
    if names.is_empty() { "empty".into() } else { names.join(", ") }
}

fn outcome(state: &GameState) -> String {
    match &state.outcome {
        Some(Outcome::Winner(p)) => state.players[p.index()].name.clone(),
        Some(Outcome::Draw) => "a draw".into(),
        None => "no winner yet".into(),
    }
}

/// Expected cards by name: a code (`"10-137S"`) stands for its card's name.
fn by_name(state: &GameState, names: &[String]) -> Vec<String> {
    let library = &state.library;
    let name_of_code = |n: &String| library.cards.iter().find(|c| c.code.as_deref().is_some_and(|code| code.eq_ignore_ascii_case(n))).map(|c| c.name.clone());
    names.iter().map(|n| name_of_code(n).unwrap_or_else(|| n.clone())).collect()
}

fn zone_names(state: &GameState, side: Side, zone: &str, span: Span) -> Result<Vec<String>, Diagnostic> {
    let id = zone_of(state, side, zone, span)?;
    Ok(state.zone(id).objects.iter().map(|o| state.library.card(state.object(*o).card).name.clone()).collect())
}

fn object_id(state: &GameState, object: &ObjectRef) -> Result<crate::kernel::ObjectId, Diagnostic> {
    find_in(state, object, None, None).map_err(|crate::kernel::Illegal(why)| Diagnostic::new(Code::E0200, object.span, why).label("no such card in the game"))
}
