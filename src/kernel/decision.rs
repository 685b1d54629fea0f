//! Decisions: every choice a player makes goes through one interface that lists the legal options.
//! A scripted agent (golden tests), a random agent (self-play) and a person (the REPL) all answer
//! the same questions.

use std::borrow::Cow;
use std::collections::VecDeque;

use serde::Serialize;

use crate::kernel::ids::{ObjectId, PlayerId};
use crate::kernel::rng::Rng;
use crate::kernel::state::GameState;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Question {
    /// Choose between `min` and `max` of these objects (targets, "select", payments).
    Objects { prompt: Cow<'static, str>, options: Vec<ObjectId>, min: usize, max: usize },
    /// Pick one option (a mode, a player, a value).
    One { prompt: Cow<'static, str>, options: Vec<String> },
    /// "You may ...".
    YesNo { prompt: Cow<'static, str> },
    /// Put these in order (simultaneous triggers, replacement effects).
    Order { prompt: Cow<'static, str>, items: Vec<String> },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Answer {
    Objects(Vec<ObjectId>),
    One(usize),
    Yes(bool),
    /// A permutation of the items' indices.
    Order(Vec<usize>),
}

impl Question {
    /// Whether `answer` is one of the legal answers.
    pub fn accepts(&self, answer: &Answer) -> bool {
        match (self, answer) {
            (Question::Objects { options, min, max, .. }, Answer::Objects(chosen)) => {
                let mut unique = chosen.clone();
                unique.sort();
                unique.dedup();
                unique.len() == chosen.len() && (*min..=*max).contains(&chosen.len()) && chosen.iter().all(|c| options.contains(c))
            }
            (Question::One { options, .. }, Answer::One(i)) => *i < options.len(),
            (Question::YesNo { .. }, Answer::Yes(_)) => true,
            (Question::Order { items, .. }, Answer::Order(order)) => {
                let mut sorted = order.clone();
                sorted.sort();
                sorted == (0..items.len()).collect::<Vec<_>>()
            }
            _ => false,
        }
    }

    pub fn prompt(&self) -> &str {
        match self {
            Question::Objects { prompt, .. } | Question::One { prompt, .. } | Question::YesNo { prompt } | Question::Order { prompt, .. } => prompt,
        }
    }

    /// The prompt, taken out of the question.
    fn into_prompt(self) -> Cow<'static, str> {
        match self {
            Question::Objects { prompt, .. } | Question::One { prompt, .. } | Question::YesNo { prompt } | Question::Order { prompt, .. } => prompt,
        }
    }
}

/// Whoever answers a player's questions.
pub trait Agent {
    fn decide(&mut self, state: &GameState, player: PlayerId, question: &Question) -> Answer;
    /// Whether this agent means to act in the priority windows inside a driven action (a
    /// scenario's `answer play`); otherwise a driven action passes them all.
    fn acts_in_windows(&self) -> bool {
        false
    }
    /// Whether this agent reads the options' words; one that does not (self-play's random
    /// agent) is asked with the options unworded, and only the chosen one is put into words.
    fn reads_options(&self) -> bool {
        true
    }
    /// Whether this agent picks one of `count` unworded options uniformly at random (`pick_one`): a
    /// game may then draw its pick among options it tests one by one as they are drawn (a drawn
    /// option that fails its test is set aside and another drawn), which picks each option that
    /// passes with the same chance as listing them all first (`engine::Plays::draw`).
    fn picks_uniformly(&self) -> bool {
        false
    }
    /// Picks one of `count` unworded options (asked only of an agent that does not read them).
    fn pick_one(&mut self, state: &GameState, player: PlayerId, prompt: &str, count: usize) -> usize {
        match self.decide(state, player, &Question::One { prompt: prompt.to_string().into(), options: vec![String::new(); count] }) {
            Answer::One(i) if i < count => i,
            _ => 0,
        }
    }
}

/// Answers from a script, in order; when the script runs out, the first legal answer. Records
/// the answers it could not use, for a test to report.
#[derive(Debug, Default)]
pub struct ScriptedAgent {
    pub answers: VecDeque<Answer>,
    pub rejected: Vec<(Question, Answer)>,
}

impl ScriptedAgent {
    pub fn new(answers: impl IntoIterator<Item = Answer>) -> Self {
        Self { answers: answers.into_iter().collect(), rejected: vec![] }
    }
}

impl Agent for ScriptedAgent {
    fn decide(&mut self, state: &GameState, player: PlayerId, question: &Question) -> Answer {
        if let Some(answer) = self.answers.pop_front() {
            if question.accepts(&answer) {
                return answer;
            }
            self.rejected.push((question.clone(), answer));
        }
        FirstOption.decide(state, player, question)
    }
}

/// The first legal answer: the fewest objects allowed, the first option, "yes", the given order.
pub struct FirstOption;

impl Agent for FirstOption {
    fn decide(&mut self, _: &GameState, _: PlayerId, question: &Question) -> Answer {
        match question {
            Question::Objects { options, min, .. } => Answer::Objects(options.iter().take(*min).copied().collect()),
            Question::One { .. } => Answer::One(0),
            Question::YesNo { .. } => Answer::Yes(true),
            Question::Order { items, .. } => Answer::Order((0..items.len()).collect()),
        }
    }
}

/// Uniformly random legal answers from its own seeded generator (self-play).
pub struct RandomAgent {
    pub rng: Rng,
}

impl Agent for RandomAgent {
    fn reads_options(&self) -> bool {
        false
    }

    fn picks_uniformly(&self) -> bool {
        true
    }

    fn pick_one(&mut self, _: &GameState, _: PlayerId, _: &str, count: usize) -> usize {
        self.rng.below(count.max(1) as u64) as usize
    }

    fn decide(&mut self, _: &GameState, _: PlayerId, question: &Question) -> Answer {
        match question {
            Question::Objects { options, min, max, .. } => {
                let mut pool = options.clone();
                self.rng.shuffle(&mut pool);
                let upper = (*max).min(pool.len());
                let count = *min + self.rng.below((upper.saturating_sub(*min) + 1) as u64) as usize;
                Answer::Objects(pool.into_iter().take(count.min(upper)).collect())
            }
            Question::One { options, .. } => Answer::One(self.rng.below(options.len().max(1) as u64) as usize),
            Question::YesNo { .. } => Answer::Yes(self.rng.below(2) == 1),
            Question::Order { items, .. } => {
                let mut order: Vec<usize> = (0..items.len()).collect();
                self.rng.shuffle(&mut order);
                Answer::Order(order)
            }
        }
    }
}

impl GameState {
    /// Asks `player` through `agent`, checks the answer is legal (falling back to the first legal
    /// one), and records the decision in the log.
    pub fn ask(&mut self, agent: &mut dyn Agent, player: PlayerId, question: Question) -> Answer {
        let mut answer = agent.decide(self, player, &question);
        if !question.accepts(&answer) {
            answer = FirstOption.decide(self, player, &question);
        }
        let said = self.worded_or_blank(|| self.say(&question, &answer).into());
        let prompt = if self.worded { question.into_prompt() } else { Cow::Borrowed("") };
        self.decided(player, prompt, said);
        answer
    }
}

impl GameState {
    /// Asks `player` to pick one of `count` options, worded by `word` only as far as the agent
    /// reads them (the one chosen is worded for the log while the game records words, `GameState::worded`).
    /// The prompt and the words are kept as they are given: a fixed prompt or answer ("priority",
    /// "pass": most decisions) is logged without being copied.
    pub fn ask_one(&mut self, agent: &mut dyn Agent, player: PlayerId, prompt: impl Into<Cow<'static, str>>, count: usize, word: impl Fn(&GameState, usize) -> Cow<'static, str>) -> usize {
        let prompt = prompt.into();
        if agent.reads_options() {
            let options = (0..count).map(|i| word(self, i).into_owned()).collect();
            return match self.ask(agent, player, Question::One { prompt, options }) {
                Answer::One(i) => i,
                _ => 0,
            };
        }
        let pick = agent.pick_one(self, player, &prompt, count);
        let said = if count == 0 { Cow::Borrowed("") } else { self.worded_or_blank(|| word(self, pick)) };
        self.decided(player, prompt, said);
        pick
    }

    /// `words()` while the game records decisions in words (`GameState::worded`); nothing otherwise.
    pub fn worded_or_blank(&self, words: impl FnOnce() -> Cow<'static, str>) -> Cow<'static, str> {
        if self.worded { words() } else { Cow::Borrowed("") }
    }

    /// Records a decision `player` made, for the log and a replay: the prompt and the answer in words.
    pub fn decided(&mut self, player: PlayerId, prompt: Cow<'static, str>, answer: Cow<'static, str>) {
        self.apply(crate::kernel::event::Event::Decided { player, question: prompt, answer });
    }

    /// An answer in words: the cards' names, the option, yes or no, the items in order.
    fn say(&self, question: &Question, answer: &Answer) -> String {
        match (question, answer) {
            (_, Answer::Objects(list)) if list.is_empty() => "nothing".into(),
            (_, Answer::Objects(list)) => list.iter().map(|o| self.name_of(*o)).collect::<Vec<_>>().join(", "),
            (Question::One { options, .. }, Answer::One(i)) => options.get(*i).cloned().unwrap_or_default(),
            (_, Answer::Yes(yes)) => (if *yes { "yes" } else { "no" }).into(),
            (Question::Order { items, .. }, Answer::Order(order)) => order.iter().filter_map(|i| items.get(*i).cloned()).collect::<Vec<_>>().join(", then "),
            (_, other) => format!("{other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_accept_only_legal_answers() {
        let q = Question::Objects { prompt: "t".into(), options: vec![ObjectId(1), ObjectId(2)], min: 1, max: 1 };
        assert!(q.accepts(&Answer::Objects(vec![ObjectId(2)])));
        assert!(!q.accepts(&Answer::Objects(vec![ObjectId(3)])));
        assert!(!q.accepts(&Answer::Objects(vec![ObjectId(1), ObjectId(2)])));
        let o = Question::Order { prompt: "o".into(), items: vec!["a".into(), "b".into()] };
        assert!(o.accepts(&Answer::Order(vec![1, 0])));
        assert!(!o.accepts(&Answer::Order(vec![0, 0])));
    }
}
