//! The `cardscript` binary: a thin shell over `cardscript::cli`.

use std::io::IsTerminal;

/// mimalloc (`cardscript::allocator`; self-play: see benches/selfplay.rs).
#[global_allocator]
static ALLOCATOR: cardscript::allocator::Mimalloc = cardscript::allocator::Mimalloc;

fn main() {
    let is_tty = std::io::stdout().is_terminal();
    let code = cardscript::cli::run(std::env::args_os(), &mut std::io::stdout(), &mut std::io::stderr(), is_tty);
    std::process::exit(code);
}
