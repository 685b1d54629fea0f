//! Kernel and interpreter tests, written against the rule text: each test cites its rule.

mod characteristics;
mod every_card;
mod hooks;
mod invariants;
mod priority;
mod procedures;
mod table;
mod triggers;
