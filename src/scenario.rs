//! Golden scenarios: a game set up mid-way, actions, the engine's decisions answered in order,
//! and expectations about the result. The runner's transcript is what insta keeps.

pub mod ast;
mod parse;

pub use parse::parse;
mod agent;
mod expect;
mod explain;
mod perform;
mod run;
mod setup;

pub use agent::{matches, options};
pub use explain::explain;
pub use run::{run, run_file, run_on, Report};
pub use setup::{Libraries, LoadedLibrary};
