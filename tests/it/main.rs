//! The integration tests, in one binary: broken scripts, bad input, incremental checking, the
//! CLI, the repository's own cards, and the tidy checks.

mod bad_input;
mod board;
mod broken;
mod cards;
mod cli;
mod golden;
mod incremental;
mod kernel;
mod repl;
mod selfplay;
mod support;
mod tidy;
mod trails;
