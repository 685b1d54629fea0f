//! The scenario's decisions: answers written in the file, matched against each question's legal
//! options when the engine asks it.

use std::collections::VecDeque;

use crate::diagnostic::{Code, Diagnostic};
use crate::kernel::decision::{Agent, Answer, FirstOption, Question};
use crate::kernel::{GameState, ObjectId, PlayerId};
use crate::span::Span;

use super::ast::{AnswerSpec, ObjectRef};

/// Answers in order; a question with no answer left gets the first legal option, noted.
#[derive(Default)]
pub struct ScenarioAgent {
    pub answers: VecDeque<(AnswerSpec, Span)>,
    pub problems: Vec<Diagnostic>,
    /// Questions answered by default, for the transcript.
    pub defaulted: Vec<String>,
}

impl Agent for ScenarioAgent {
    fn decide(&mut self, state: &GameState, player: PlayerId, question: &Question) -> Answer {
        if let Question::One { prompt, options } = question
            && prompt == "priority"
        {
            return self.priority(options);
        }
        let Some((spec, span)) = self.answers.pop_front() else {
            let answer = FirstOption.decide(state, player, question);
            self.defaulted.push(format!("{} was asked \"{}\" and took the first option; the legal options: {}", state.players[player.index()].name, question.prompt(), options(state, question)));
            return answer;
        };
        match answer_for(state, question, &spec) {
            Some(answer) if question.accepts(&answer) => answer,
            _ => {
                self.problems.push(
                    Diagnostic::new(Code::E0202, span, format!("this answer is not a legal answer to \"{}\"", question.prompt()))
                        .label("not among the legal options")
                        .help(format!("the legal options: {}", options(state, question))),
                );
                FirstOption.decide(state, player, question)
            }
        }
    }

    fn acts_in_windows(&self) -> bool {
        self.answers.iter().any(|(spec, _)| matches!(spec, AnswerSpec::Play(_)))
    }
}

impl ScenarioAgent {
    /// A priority question inside an action (Trails 902): the next answer, when it is `play "X"` and
    /// one of this player's options plays X or an ability of X's; otherwise pass (the last option),
    /// leaving the answer for the player or question it is for.
    fn priority(&mut self, options: &[String]) -> Answer {
        let pass = options.len().saturating_sub(1);
        let Some((AnswerSpec::Play(name), _)) = self.answers.front() else { return Answer::One(pass) };
        let name = name.to_lowercase();
        let names = |rest: &str| rest.strip_prefix(&name).is_some_and(|rest| rest.is_empty() || rest.starts_with(['#', '\'', ' ']));
        // "play X" (Trails), "cast X" and "use <ability> of X" (FF).
        let found = options[..pass].iter().position(|o| {
            let o = o.to_lowercase();
            ["play ", "cast "].iter().any(|verb| o.strip_prefix(verb).is_some_and(names)) || o.strip_prefix("use ").and_then(|rest| rest.rsplit_once(" of ")).is_some_and(|(_, card)| names(card))
        });
        match found {
            Some(i) => {
                self.answers.pop_front();
                Answer::One(i)
            }
            None => Answer::One(pass),
        }
    }
}

fn answer_for(state: &GameState, question: &Question, spec: &AnswerSpec) -> Option<Answer> {
    Some(match (question, spec) {
        (Question::YesNo { .. }, AnswerSpec::Yes(yes)) => Answer::Yes(*yes),
        (Question::One { .. }, AnswerSpec::Option(n)) => Answer::One(n.checked_sub(1)?),
        (Question::One { options, .. }, AnswerSpec::Mode(n)) => Answer::One(options.iter().position(|o| *o == format!("mode {n}"))?),
        (Question::Order { .. }, AnswerSpec::Order(list)) => Answer::Order(list.iter().map(|n| n.checked_sub(1)).collect::<Option<_>>()?),
        (Question::Objects { options, .. }, AnswerSpec::Objects(names)) => {
            let mut picked: Vec<ObjectId> = vec![];
            for name in names {
                let found = options.iter().find(|o| !picked.contains(o) && matches(state, **o, name))?;
                picked.push(*found);
            }
            Answer::Objects(picked)
        }
        _ => return None,
    })
}

/// Whether `object` is the card `name` refers to (and, if it says whose, controlled by them).
pub fn matches(state: &GameState, object: ObjectId, name: &ObjectRef) -> bool {
    let card = state.library.card(state.object(object).card);
    (card.name.eq_ignore_ascii_case(&name.name) || card.code.as_ref().is_some_and(|c| c.eq_ignore_ascii_case(&name.name))) && name.player.is_none_or(|p| state.controller(object).index() == usize::from(p))
}

/// The legal options of a question, in words (for messages and the REPL's `:options`).
pub fn options(state: &GameState, question: &Question) -> String {
    match question {
        Question::Objects { options, min, max, .. } => {
            let names: Vec<String> = options.iter().map(|o| format!("\"{}\"", state.name_of(*o))).collect();
            format!("{min} to {max} of {}", if names.is_empty() { "nothing".into() } else { names.join(", ") })
        }
        Question::One { options, .. } => options.iter().enumerate().map(|(i, o)| format!("option {} ({o})", i + 1)).collect::<Vec<_>>().join(", "),
        Question::YesNo { .. } => "yes, no".into(),
        Question::Order { items, .. } => format!("an order of 1..{} ({})", items.len(), items.join(", ")),
    }
}
