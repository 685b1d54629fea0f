//! cardscript: a declarative card-scripting language and rules engine for trading card games.

pub mod diagnostic;
pub mod span;
pub mod syntax;
