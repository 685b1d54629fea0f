#!/usr/bin/env bash
# Instructions a self-play game executes: a figure that does not move with the machine's load, for comparing two
# versions of the engine (wall-clock games per second varied 1.8x between quiet and busy days for the same code,
# docs/known-gaps.md "Self-play speed"). Counts the release binary's instructions under callgrind in `play_seeded`
# (`play_one`'s game) over N FF-TCG games from seed 1 (default 30; the work done once per library, its tables, is in
# the first game).
# Needs valgrind; about a minute. Output: the instructions in all, and per game.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-30}
cargo build --release --quiet
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect='cardscript::selfplay::play_seeded*' \
    target/release/cardscript selfplay --game fftcg --games "$games" --seed 1 --jobs 1 > /dev/null 2> "$out/log"
total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/log")
if [ -z "$total" ]; then
    cat "$out/log" >&2
    exit 1
fi
echo "$total instructions in $games FF-TCG games from seed 1: $((total / games)) a game"
