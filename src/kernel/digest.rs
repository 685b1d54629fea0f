//! Digests of the game state: the whole state (to prove a rewind left nothing behind) and the
//! position only (to recognise a loop, FF 13, Trails 1501).

use std::hash::{Hash, Hasher};

use crate::kernel::state::GameState;

/// FNV-1a: stable across runs and platforms, unlike the standard library's hasher.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn fnv() -> Fnv {
    Fnv(0xcbf2_9ce4_8422_2325)
}

impl GameState {
    /// Everything that makes up the game, the log included.
    pub fn digest(&self) -> u64 {
        let mut h = fnv();
        (&self.players, &self.zones, &self.objects, &self.effects).hash(&mut h);
        format!("{:?}{:?}{:?}{:?}", self.replacements, self.delayed, self.pending, self.log).hash(&mut h);
        (self.clock, self.turn, self.turn_player, self.turn_began, &self.phase, &self.rng, &self.outcome).hash(&mut h);
        h.finish()
    }

    /// The position: what is where and in what state, without history, IDs or timestamps. Two
    /// equal positions in one chain of mandatory actions are a loop.
    pub fn position_digest(&self) -> u64 {
        let mut h = fnv();
        for zone in &self.zones {
            (&zone.name, zone.owner).hash(&mut h);
            for id in &zone.objects {
                let o = self.object(*id);
                (o.card, o.owner, o.controller, &o.flags, &o.counters, o.damage).hash(&mut h);
            }
        }
        self.players.hash(&mut h);
        for e in self.effects.iter() {
            (&e.change, e.controller).hash(&mut h);
        }
        for p in &self.pending {
            (&p.ability, p.controller, p.count).hash(&mut h);
        }
        for s in &self.stack {
            (&s.ability, s.controller).hash(&mut h);
        }
        h.finish()
    }
}
