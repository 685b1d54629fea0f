//! cardscript: a declarative card-scripting language and rules engine for trading card games.

pub mod diagnostic;
pub mod span;
pub mod syntax;
pub mod check;
pub mod ir;
pub mod vocab;
pub mod db;
pub mod workspace;
pub mod cli;
pub mod kernel;
pub mod interp;
pub mod games;
pub mod scenario;
pub mod board;
pub mod repl;
pub mod selfplay;
pub mod allocator;
