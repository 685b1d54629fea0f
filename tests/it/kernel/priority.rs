//! The priority procedure: passes in succession resolve; illegal plays rewind, not offered again if they asked nothing; plays drawn for a uniform agent.

use std::collections::VecDeque;

use cardscript::interp::engine::{priority, Plays};
use cardscript::kernel::*;

use super::table::{BreakDamaged, Table, ME, YOU};

/// Each player may cast one Boost on the first Forward, once; two other plays are always illegal, one of them
/// after asking its player something.
struct BoostOnce;

impl Plays for BoostOnce {
    type Play = String;

    fn options(&self, state: &GameState, player: PlayerId) -> Vec<String> {
        let cast = state.log.iter().any(|e| matches!(e, Event::Decided { player: p, answer, .. } if *p == player && answer == "cast Boost"));
        if cast { vec![] } else { vec!["cast Boost".into(), "cast something illegal".into(), "cast something asking".into()] }
    }

    fn describe(&self, _: &GameState, play: &String) -> String {
        play.clone()
    }

    fn play(&self, state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, play: &String) -> Result<(), Illegal> {
        if play == "cast something asking" {
            state.ask(agent, player, Question::YesNo { prompt: "pay the additional cost".into() });
            return Err(Illegal("too few cards left".into()));
        }
        if play != "cast Boost" {
            state.apply(Event::Resource { player, name: "cp".into(), delta: -3 });
            return Err(Illegal("not enough CP".into()));
        }
        let boost = state.library.cards.iter().position(|c| c.name == "Boost").unwrap();
        let card = CardId(boost as u32);
        let hand = state.zone_id("hand", Some(player)).unwrap();
        let source = state.create(card, player, hand);
        let body = state.library.card(card).abilities[0].body.clone();
        cardscript::interp::engine::push(state, agent, Some(source), player, trigger::AbilityRef::Printed { card, index: 0 }, vec![], body, None);
        Ok(())
    }
}

#[test]
fn both_players_pass_in_succession_to_resolve_and_the_stack_empties() {
    // FF 11.1.5-11.1.7: after both pass, the top resolves and the turn player gets priority again;
    // with an empty stack, two passes end the step.
    let mut t = Table::new();
    let soldier = t.field("Soldier", ME);
    // ME casts, keeps priority (FF 11.6.11) and passes; YOU casts; then passes resolve both.
    let answers = [Answer::One(0), Answer::One(0)];
    let mut agent = ScriptedAgent::new(answers);
    priority(&mut t.state, &mut agent, &BreakDamaged, &BoostOnce).unwrap();
    assert!(t.state.stack.is_empty());
    assert_eq!(t.power(soldier), 11000, "both Boosts resolved");
}

#[test]
fn an_illegal_play_is_rewound_and_the_player_keeps_priority() {
    // FF 14.1-14.4: the CP spent on an illegal play comes back, and the same player acts again.
    let mut t = Table::new();
    t.field("Soldier", ME);
    let mut agent = ScriptedAgent::new([Answer::One(1)]);
    priority(&mut t.state, &mut agent, &BreakDamaged, &BoostOnce).unwrap();
    assert_eq!(t.state.resource(ME, "cp"), 0, "the payment was rewound");
    let decided_by_me = t.state.log.iter().filter(|e| matches!(e, Event::Decided { player, .. } if *player == ME)).count();
    assert!(decided_by_me >= 2, "ME chose again after the rewind");
}

/// Makes the plays it is given, by their words, in order, then passes; keeps the plays each priority question offered.
struct Picks {
    plays: VecDeque<&'static str>,
    offered: Vec<Vec<String>>,
}

impl Agent for Picks {
    fn decide(&mut self, _: &GameState, _: PlayerId, question: &Question) -> Answer {
        match question {
            Question::One { prompt, options } if prompt == "priority" => {
                self.offered.push(options.clone());
                let play = self.plays.pop_front().unwrap_or("pass");
                Answer::One(options.iter().position(|o| o == play).expect("the play is offered"))
            }
            _ => Answer::Yes(true),
        }
    }
}

#[test]
fn a_play_that_failed_before_asking_anything_is_not_offered_again() {
    // FF 14.1, 14.4: the game is rewound to just before the illegal play and its player keeps priority; a play that
    // failed before its player was asked anything would fail the same way again, so it is not offered again. One
    // that asked may go otherwise with other answers: it still is.
    let mut t = Table::new();
    t.field("Soldier", ME);
    let mut agent = Picks { plays: ["cast something illegal", "cast something asking"].into(), offered: vec![] };
    priority(&mut t.state, &mut agent, &BreakDamaged, &BoostOnce).unwrap();
    let offered = |i: usize| agent.offered[i].iter().map(String::as_str).collect::<Vec<_>>();
    assert_eq!(offered(0), ["cast Boost", "cast something illegal", "cast something asking", "pass"]);
    assert_eq!(offered(1), ["cast Boost", "cast something asking", "pass"], "the play that failed without asking is gone");
    assert_eq!(offered(2), ["cast Boost", "cast something asking", "pass"], "the play that asked is offered again");
    assert_eq!(offered(3), ["cast Boost", "cast something illegal", "cast something asking", "pass"], "the other player is offered every play");
}

/// Picks uniformly without reading the options (as self-play's random agent does), by the indices it is given, then
/// passes; keeps how many options each pick was among.
struct Uniform {
    picks: VecDeque<usize>,
    counts: Vec<usize>,
}

impl Agent for Uniform {
    fn decide(&mut self, _: &GameState, _: PlayerId, _: &Question) -> Answer {
        Answer::Yes(true)
    }

    fn reads_options(&self) -> bool {
        false
    }

    fn picks_uniformly(&self) -> bool {
        true
    }

    fn pick_one(&mut self, _: &GameState, _: PlayerId, _: &str, count: usize) -> usize {
        self.counts.push(count);
        self.picks.pop_front().unwrap_or(count - 1)
    }
}

#[test]
fn an_agent_picking_uniformly_draws_among_the_plays_and_passing_and_its_picks_are_logged() {
    // FF 11.1.4, 14.4: the plays drawn for an agent that picks uniformly are the ones listed, and passing; a play
    // that failed before asking anything is not among them again, and each pick is logged as a decision in words.
    let mut t = Table::new();
    t.field("Soldier", ME);
    let mut agent = Uniform { picks: [1].into(), counts: vec![] };
    priority(&mut t.state, &mut agent, &BreakDamaged, &BoostOnce).unwrap();
    assert_eq!(agent.counts, [4, 3, 4], "three plays and passing; the failed play left out; the other player's");
    let said: Vec<(PlayerId, &str)> = t.state.log.iter().filter_map(|e| if let Event::Decided { player, answer, .. } = e { Some((*player, answer.as_ref())) } else { None }).collect();
    assert_eq!(said, [(ME, "cast something illegal"), (ME, "pass"), (YOU, "pass")]);
}
