//! Kernel and interpreter tests, written against the rule text: each test cites its rule.

mod characteristics;
mod table;
mod triggers;
