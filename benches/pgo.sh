#!/usr/bin/env bash
# Self-play speed with profile-guided optimization (PGO): the `cardscript` binary is built
# instrumented, plays training games (seeds other than the bench's), and the bench and the binary
# are built again with that profile. Arguments go to the bench (`benches/pgo.sh fftcg`).
#
# Output: the bench's figures; target/pgo/use/release/cardscript is the optimized binary (for
# self-play at scale). Needs llvm-profdata (see below); about ten minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD/target/pgo"
host=$(rustc -vV | sed -n 's/^host: //p')
# The toolchain's own llvm-profdata, else one on the PATH: Debian's `llvm-19` package (`apt-get install llvm-19`)
# merges the raw profiles of rustc 1.95's LLVM 22 into a profile it reads (seen on this project's machines).
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    # The newest versioned one first: a plain llvm-profdata may be an older LLVM's (14 on Debian 12), which
    # refuses the raw profiles ("unsupported instrumentation profile format version").
    profdata=$(compgen -c llvm-profdata- | sort -t- -k3 -n | tail -1 || true)
    profdata=${profdata:-llvm-profdata}
fi
if ! command -v "$profdata" > /dev/null; then
    echo "llvm-profdata not found: run 'rustup component add llvm-tools', or install Debian's llvm-19" >&2
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
