//! Check throughput: cold check of N cards, and the incremental re-check of one edited card.
fn main() {}
