#!/usr/bin/env bash
# Atomic read-modify-write instructions a self-play game executes (an `Arc` clone or drop is one): invisible in
# instruction counts, about 3.5 ns each on the machines measured so far (docs/known-gaps.md, "Self-play speed").
# Counts the lock-prefixed instructions of the release binary under callgrind over 30 FF-TCG games.
# Needs valgrind, objdump and python3; about a minute. Output: atomic operations per game.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/cardscript
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$out/cg" --toggle-collect='cardscript::selfplay::play_one*' \
    "$bin" selfplay --game fftcg --games 30 --seed 1 --jobs 1 > /dev/null 2>&1
objdump -d --no-show-raw-insn "$bin" | awk '/\tlock / { sub(":", "", $1); print $1 }' > "$out/locks"
python3 - "$out/cg" "$out/locks" <<'PY'
import re, sys
locks = {int(a, 16) for a in open(sys.argv[2])}
objects, current, address, skip, count = {}, None, 0, False, 0
for line in open(sys.argv[1]):
    m = re.match(r'^(c?)ob=\((\d+)\)(?: (.*))?', line)
    if m:
        if m.group(3):
            objects[m.group(2)] = m.group(3).strip()
        if not m.group(1):
            current = objects.get(m.group(2))
        continue
    if line.startswith('calls='):
        skip = True  # the next line is the call's inclusive cost, not an instruction of this function
        continue
    parts = line.split()
    if not parts or '=' in parts[0]:
        continue
    a = parts[0]
    if a.startswith('0x'): address = int(a, 16)
    elif a[0] in '+-': address += int(a)
    elif a != '*': continue
    if skip:
        skip = False
        continue
    if len(parts) >= 3 and current and current.endswith('/cardscript') and address in locks:
        count += int(parts[2])
print(f"{count / 30:.0f} atomic operations a game (30 FF-TCG games from seed 1)")
PY
