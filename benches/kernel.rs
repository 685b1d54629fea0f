//! Kernel speed: a characteristic query under N continuous effects, event dispatch with N
//! triggered abilities in play, and cloning a mid-game state.
//!
//! Run with `cargo bench --bench kernel`.

#[path = "../tests/it/kernel/table.rs"]
#[allow(dead_code)]
mod table;

use std::time::{Duration, Instant};

use cardscript::kernel::*;
use table::{Table, ME, YOU};

fn main() {
    for n in [10, 100, 1000] {
        let (t, soldier) = board_with_effects(n);
        let time = median(21, || {
            // A new generation: the view is recomputed from scratch, then queried.
            let mut state = t.state.clone();
            state.apply(Event::Resource { player: ME, name: "bench".into(), delta: 0 });
            let started = Instant::now();
            let c = state.characteristics(soldier);
            std::hint::black_box(c);
            started.elapsed()
        });
        println!("characteristic query under {n:>4} continuous effects: {:>9.1} µs (cold view)", us(time));
        let warm = median(101, || {
            let started = Instant::now();
            std::hint::black_box(t.state.characteristics(soldier));
            started.elapsed()
        });
        println!("characteristic query under {n:>4} continuous effects: {:>9.1} µs (cached view)", us(warm));
    }
    for n in [10, 100] {
        let mut t = Table::new();
        for _ in 0..n {
            t.field("Lookout", ME);
        }
        let time = median(21, || {
            let mut state = t.state.clone();
            let hand = state.zone_id("hand", Some(YOU)).unwrap();
            let card = t.names["Soldier"];
            let soldier = state.create(card, YOU, hand);
            let field = state.zone_id("field", Some(YOU)).unwrap();
            let event = state.move_event(soldier, field, None, Position::Top);
            let mut agent = FirstOption;
            let started = Instant::now();
            cardscript::interp::Ctx::new(&mut state, &mut agent, None, YOU, vec![]).happen(event).unwrap();
            let elapsed = started.elapsed();
            assert_eq!(state.pending.len(), n);
            elapsed
        });
        println!("event dispatch with {n:>4} triggered abilities in play: {:>9.1} µs", us(time));
    }
    let t = mid_game();
    let objects = t.state.objects.len();
    let time = median(101, || {
        let started = Instant::now();
        std::hint::black_box(t.state.clone());
        started.elapsed()
    });
    println!("cloning a mid-game state ({objects} objects, {} effects, {} log events): {:.1} µs", t.state.effects.len(), t.state.log.len(), us(time));
}

/// One Soldier and `n` field abilities giving Forwards +1000 power.
fn board_with_effects(n: usize) -> (Table, ObjectId) {
    let mut t = Table::new();
    let soldier = t.field("Soldier", ME);
    for _ in 0..n {
        t.field("Banner", ME);
    }
    (t, soldier)
}

/// A board after some turns: Forwards, Backups, effects, a hand and a break zone.
fn mid_game() -> Table {
    let mut t = Table::new();
    for p in [ME, YOU] {
        for card in ["Soldier", "Giant", "Banner", "Scout", "Lookout", "Martyr", "Ward"] {
            t.play(card, p);
        }
        for card in ["Bolt", "Boost", "Rally"] {
            t.hand(card, p);
        }
    }
    t.settle(&mut FirstOption);
    t.cast("Boost", ME, &mut FirstOption);
    t.cast("Rally", YOU, &mut FirstOption);
    t.cast("Bolt", ME, &mut FirstOption);
    t
}

fn median(runs: usize, mut f: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| f()).collect();
    times.sort();
    times[runs / 2]
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
