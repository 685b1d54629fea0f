#!/usr/bin/env bash
# Self-play speed with profile-guided optimization (PGO): the `cardscript` binary is built
# instrumented, plays training games (seeds other than the bench's), and the bench and the binary
# are built again with that profile. Arguments go to the bench (`benches/pgo.sh fftcg`).
#
# Output: the bench's figures; target/pgo/use/release/cardscript is the optimized binary (for
# self-play at scale). Needs llvm-profdata (`rustup component add llvm-tools`); about seven minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD/target/pgo"
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    echo "llvm-profdata not found at $profdata: run 'rustup component add llvm-tools'" >&2
    exit 1
fi
rm -rf "$root/data"
mkdir -p "$root/data"
# Built as the bench builds it (its profile, its dev-dependencies' features), or the profile would
# not match the crate the bench links.
RUSTFLAGS="-Cprofile-generate=$root/data" cargo build --profile bench --bins --benches --target-dir "$root/train"
"$root/train/release/cardscript" selfplay --game fftcg --games 2000 --seed 500000 --jobs 2 > /dev/null
"$root/train/release/cardscript" selfplay --game trails --games 100 --seed 500000 --jobs 2 > /dev/null
"$profdata" merge -o "$root/merged.profdata" "$root/data"
RUSTFLAGS="-Cprofile-use=$root/merged.profdata" cargo bench --bench selfplay --target-dir "$root/use" -- "$@"
