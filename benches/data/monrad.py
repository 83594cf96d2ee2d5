"""A 2,000-player history for the festival benchmark when `trf generate` (which pairs every
round with the Dutch engine) takes too long: rounds paired Monrad-style (sorted by score, each
with the nearest player not met, colours by balance), results drawn with 30 % draws.
Usage: monrad.py PLAYERS ROUNDS SEED > out.trf"""
import random, sys
n, rounds, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
score = [0.0] * (n + 1)
met = [set() for _ in range(n + 1)]
cols = [[] for _ in range(n + 1)]
cells = [[] for _ in range(n + 1)]
for r in range(rounds):
    order = sorted(range(1, n + 1), key=lambda p: (-score[p], p))
    free = order[:]
    pairs = []
    while free:
        a = free.pop(0)
        k = next((i for i, b in enumerate(free) if b not in met[a]), None)
        if k is None:
            k = 0
        b = free.pop(k)
        pairs.append((a, b))
    for a, b in pairs:
        wa = cols[a].count('w') - cols[a].count('b')
        wb = cols[b].count('w') - cols[b].count('b')
        if wa < wb or (wa == wb and (cols[a][-1:] == ['b'])):
            w, bl = a, b
        else:
            w, bl = b, a
        x = rng.random()
        if x < 0.3:
            rw, rb = '=', '='
            score[w] += 0.5; score[bl] += 0.5
        elif x < 0.65 + (0.1 if w < bl else -0.1):
            rw, rb = '1', '0'; score[w] += 1
        else:
            rw, rb = '0', '1'; score[bl] += 1
        met[w].add(bl); met[bl].add(w)
        cols[w].append('w'); cols[bl].append('b')
        cells[w].append(f"{bl:>4} w {rw}")
        cells[bl].append(f"{w:>4} b {rb}")
print(f"012 Monrad-paired event {seed} ({n} players, seed {seed})")
print(f"XXR {rounds}")
print("XXC white1")
for p in range(1, n + 1):
    line = [" "] * (91 + 10 * rounds)
    def put(col, text):
        line[col - 1:col - 1 + len(text)] = list(text)
    put(1, "001"); put(5, f"{p:>4}"); put(15, f"Player{p:04}, Test")
    put(49, f"{2600 - p // 2:>4}"); put(81, f"{score[p]:>4.1f}"); put(86, f"{p:>4}")
    for r, c in enumerate(cells[p]):
        put(92 + 10 * r, c)
    print("".join(line).rstrip())
