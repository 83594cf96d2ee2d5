#!/usr/bin/env bash
# The Russian engine against py-draughts 1.10.1, measured in the same run (README): py-draughts'
# perft(7) from the Russian start, then this program's perft(10) (every core, the table of known
# subtrees, the last ply counted in bulk). Prints both rates and their ratio.
# Needs network for `pip install` the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import draughts' 2>/dev/null || pip install -q py-draughts==1.10.1
cargo build --release -q
py=$(python3 - <<'PY'
import time, draughts
b = draughts.RussianBoard()
def perft(d):
    if d == 0: return 1
    moves = list(b.legal_moves)
    if d == 1: return len(moves)
    n = 0
    for m in moves:
        b.push(m); n += perft(d - 1); b.pop()
    return n
t = time.perf_counter(); n = perft(7); s = time.perf_counter() - t
assert n == 190146, n
print(n / s)
PY
)
ours=$(./target/release/shashki-arbiter perft --variant russian 10 --format json \
  | python3 -c 'import json,sys; d=json.load(sys.stdin)["depths"][-1]; assert d["leaves"]==22444032; print(d["leaves"]/d["seconds"])')
python3 -c "py=$py; ours=$ours; print(f'py-draughts perft(7): {py/1e3:.0f} K leaves/s; shashki-arbiter perft(10): {ours/1e6:.0f} M leaves/s; ratio {ours/py:.0f}x')"
