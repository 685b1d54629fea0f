//! CP and EP (Trails 300): the pools that empty at the end of every phase and step (302.1b),
//! paying CP and EP (1204.2f-1-2, 1318), and gaining EP by actioning a homebase card (1217).

use crate::interp::Ctx;
use crate::kernel::decision::{Agent, Answer, Question};
use crate::kernel::{Event, GameState, Illegal, ObjectId, PlayerId};

use super::setup::cards_in;

/// Trails 302.1b: CP and EP in the pools disappear at the end of each phase or step.
pub fn empty_pools(state: &mut GameState) {
    for p in 0..state.players.len() {
        let player = PlayerId(p as u8);
        for name in ["cp", "ep"] {
            crate::games::clear_resource(state, player, name);
        }
    }
}

/// The ready cards of a player's homebase, which can be actioned to gain EP (1217.2).
pub fn ep_sources(state: &GameState, player: PlayerId) -> Vec<ObjectId> {
    cards_in(state, "homebase", player).into_iter().filter(|o| !state.object(*o).flags.contains("actioned")).collect()
}

/// Trails 1217.2: the player actions one ready card of their homebase and gains 1 EP; it does not
/// wait in the Resolve Standby Zone (1217.4).
pub fn gain_ep(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, card: ObjectId) -> Result<(), Illegal> {
    if !ep_sources(state, player).contains(&card) {
        return Err(Illegal(format!("{} is not a ready card in the homebase (Trails 1217.2)", state.name_of(card))));
    }
    let mut ctx = Ctx::new(state, agent, None, player, vec![]);
    ctx.happen(Event::Flag { object: card, flag: crate::kernel::name!("actioned"), value: true, by: vec![] })?;
    ctx.happen(Event::Resource { player, name: crate::kernel::name!("ep"), delta: 1 })?;
    Ok(())
}

/// Trails 1204.2f-1-2, 1318: pays `amount` CP or EP from the player's pool; for EP the player may
/// first gain what is missing by actioning homebase cards (1217.3). A cost of zero or less is paid
/// (1203.5); a cost that cannot be paid makes the play illegal (1204.2h).
pub fn pay(state: &mut GameState, agent: &mut dyn Agent, player: PlayerId, resource: &str, amount: i64, what: &str) -> Result<(), Illegal> {
    if amount <= 0 {
        return Ok(());
    }
    let word = resource.to_uppercase();
    let mut pool = state.resource(player, resource);
    if pool < amount && resource == "ep" {
        let missing = (amount - pool) as usize;
        let sources = ep_sources(state, player);
        if sources.len() < missing {
            return Err(Illegal(format!("{what} costs {amount} EP; the pool holds {pool} and {} homebase card(s) are ready to gain EP (Trails 1217)", sources.len())));
        }
        let chosen = match state.ask(agent, player, Question::Objects { prompt: state.worded_or_blank(|| format!("action homebase cards to gain {missing} EP (Trails 1217)").into()), options: sources.clone(), min: missing, max: missing }) {
            Answer::Objects(list) if list.len() == missing => list,
            _ => sources[..missing].to_vec(),
        };
        for card in chosen {
            gain_ep(state, agent, player, card)?;
        }
        pool = state.resource(player, resource);
    }
    if pool < amount {
        return Err(Illegal(format!("{what} costs {amount} {word}; the pool holds {pool} (Trails 1204.2f, 302.1)")));
    }
    Ctx::new(state, agent, None, player, vec![]).happen(Event::Resource { player, name: resource.into(), delta: -amount })?;
    Ok(())
}
