//! The integration tests, in one binary: broken scripts, bad input, incremental checking, the
//! CLI, the repository's own cards, and the tidy checks.

mod bad_input;
mod broken;
mod cards;
mod cli;
mod incremental;
mod kernel;
mod support;
mod tidy;
