//! Every scripted card's abilities run through the interpreter: played, activated and
//! triggered effects resolve, and always-on abilities start, on a board with cards to act on.

use std::sync::Arc;

use cardscript::interp::engine::{push, resolve_all, NoRuleProcesses};
use cardscript::interp::{announce, Ctx};
use cardscript::kernel::*;
use cardscript::vocab::AbilityClass;
use cardscript::workspace::Workspace;


/// Runs every ability of every card of `game`; returns the failures as "card: message".
fn run_every_card(game: &str) -> Vec<String> {
    let root = crate::support::repo();
    let ws = Workspace::load(&[root.join("cards").join(game), root.join("std-abilities")]);
    let (library, _) = ws.library(game).expect("library");
    let library = Arc::new(library);
    let config = Arc::new(cardscript::games::config(game, &library.vocab).expect("configuration"));
    let mut failures = vec![];
    for card in 0..library.cards.len() {
        let card = CardId(card as u32);
        // Phrases no primitive implements yet (in triggers, costs, replacements as well as effects).
        for ability in &library.card(card).abilities {
            ability.each_call(&mut |call| {
                if library.vocab.templates[call.template.index()].implementation.is_empty() {
                    let sig = library.vocab.signature(call.template);
                    failures.push(format!("{}: `{sig}` has no implementation in {game}", library.card(card).name));
                }
            });
        }
        for seed in 0..2u64 {
            let mut state = GameState::new(library.clone(), config.clone(), &["me", "you"], seed);
            let mut agent = RandomAgent { rng: rng::Rng::new(seed) };
            setup(&mut state, &mut agent, card);
            let me = PlayerId(0);
            let field = state.zone_id(config.default_zone, Some(me)).expect("default zone");
            let object = ObjectId(state.objects.len() as u32);
            announce(&mut state, &mut agent, Event::Created { object, card, owner: me, zone: field });
            // Always-on abilities of the card under test that could not start.
            for signal in state.log.iter().filter_map(|e| match e {
                Event::Signal { name, detail: Some(d), objects, .. } if name == "unsupported" && objects.contains(&object) => Some(d.clone()),
                _ => None,
            }) {
                failures.push(format!("{}: {signal}", library.card(card).name));
            }
            let abilities: Vec<_> = cardscript::interp::abilities_of(&state, &library, object).into_iter().map(|(r, a)| (r, a.into_owned())).collect();
            for (ability_ref, ability) in abilities {
                let class = library.vocab.ability_kinds[ability.kind.index()].class;
                if class == AbilityClass::Static {
                    continue;
                }
                let mut attempt = state.clone();
                let result = attempt.attempt(|s| {
                    // X is declared as the cost is paid (FF 11.6.7): here, 1. A triggered ability's
                    // `it` is what its event was about: here, a card on the other side.
                    let mut env = cardscript::interp::keyword_env(s, &library, object, &ability_ref);
                    env.push(("X".into(), Binding::Number(1)));
                    let theirs = s.zone_id(s.config.default_zone, Some(PlayerId(1))).and_then(|z| s.zone(z).objects.first().copied());
                    env.push(("it".into(), Binding::Objects(theirs.into_iter().collect())));
                    env.push(("them".into(), Binding::Objects(theirs.into_iter().collect())));
                    // What the trigger's event tells: cards (that card), numbers (1000).
                    if let Some(trigger) = &ability.trigger {
                        for (name, ty) in &library.vocab.templates[trigger.event.template.index()].outputs {
                            let value = match ty {
                                cardscript::vocab::Ty::Cards => Binding::Objects(theirs.into_iter().collect()),
                                _ => Binding::Number(1000),
                            };
                            env.push((name.into(), value));
                        }
                    }
                    push(s, &mut agent, Some(object), me, ability_ref.clone(), env, ability.body.clone(), ability.condition.clone());
                    resolve_all(s, &mut agent, &NoRuleProcesses)
                });
                if let Err(Illegal(message)) = result {
                    failures.push(format!("{}: {message}", library.card(card).name));
                }
            }
        }
    }
    // Keyword definitions' phrases too: every keyword of the game is code the engine runs.
    for (k, def) in library.keywords.iter().enumerate() {
        let Some(def) = def else { continue };
        for ability in &def.abilities {
            ability.each_call(&mut |call| {
                if library.vocab.templates[call.template.index()].implementation.is_empty() {
                    let sig = library.vocab.signature(call.template);
                    failures.push(format!("keyword {}: `{sig}` has no implementation in {game}", library.vocab.keywords[k].name));
                }
            });
        }
    }
    failures.sort();
    failures.dedup();
    failures
}

/// Both players get a few cards of every kind in the default zone, in hand and in the other zones.
fn setup(state: &mut GameState, agent: &mut dyn Agent, under_test: CardId) {
    let n = state.library.cards.len() as u32;
    let zones: Vec<String> = state.config.zones.iter().map(|z| z.name.clone()).collect();
    for p in 0..2u8 {
        let player = PlayerId(p);
        for (k, name) in zones.iter().enumerate() {
            let Some(zone) = state.zone_id(name, Some(player)) else { continue };
            let count = if *name == state.config.default_zone { 4 } else { 3 };
            for i in 0..count {
                let card = CardId((under_test.0 + 1 + (k as u32 * 7) + i * 13 + u32::from(p) * 5) % n);
                let object = ObjectId(state.objects.len() as u32);
                announce(state, agent, Event::Created { object, card, owner: player, zone });
            }
        }
    }
    let _ = Ctx::new;
    resolve_all(state, agent, &NoRuleProcesses).ok();
}

/// Every card's abilities and every keyword's phrases run; a failure lists each card and why.
fn assert_runs(game: &str) {
    let failures = run_every_card(game);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_fftcg_card_runs() {
    assert_runs("fftcg");
}

#[test]
fn every_trails_card_runs() {
    assert_runs("trails");
}

#[test]
fn every_ufs_card_runs() {
    assert_runs("ufs");
}
