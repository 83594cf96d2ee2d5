"""Team Swiss events paired round by round by gacrux (C.04.6) with line-ups from rosters with
reserves, players absent (board forfeits), matches forfeited, teams away for a round (-u).
usage: pair_by_gacrux.py SEED T B R CODE OUT
The events here: CODE by SEED mod 8 from FIDE_TEAM_TYPEA_MP_GP, FIDE_TEAM_TYPEB_MP_GP,
FIDE_TEAM_MP_GP, FIDE_TEAM_TYPEA_GP_MP, FIDE_TEAM_TYPEA_MP, FIDE_TEAM_TYPEB_GP,
FIDE_TEAM_TYPEB_MP, FIDE_TEAM (a round that gacrux cannot pair ends the event). The
accelerated ones (aNN): teams 8 + 5*SEED mod 23, boards 2 + SEED mod 4, rounds 5 + SEED mod 5,
CODE by SEED mod 5 from FIDE_TEAM_TYPEA_MP_BAKU, FIDE_TEAM_TYPEB_MP_BAKU, FIDE_TEAM_MP_BAKU,
FIDE_TEAM_TYPEA_MP_GP_BAKU, FIDE_TEAM_BAKU."""
import random, subprocess, sys
seed, T, B, R, code, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
rnd = random.Random(seed)
import os
# FORBID=1: teams 1 and 2 may never meet, nor 3, 4 and 5 in rounds 2 to R-1 (TRF-26 260).
FORBID = os.environ.get("FORBID") == "1"
res = [rnd.randint(0, 2) for _ in range(T)]
roster, num = {}, 0
for t in range(1, T + 1):
    roster[t] = list(range(num + 1, num + B + res[t-1] + 1)); num += B + res[t-1]
n = num
rating = {p: 2500 - (p * 900 // n) + rnd.randint(-20, 20) for p in range(1, n + 1)}
cells = {p: [] for p in range(1, n + 1)}
init = "W" if seed % 2 == 0 else "B"
def render():
    lines = [f"012 gacrux-paired team Swiss {seed}", f"XXR {R}", f"142 {R}", f"152 {init}", f"192 {code}",
             "352 " + "".join("W" if k % 2 == 0 else "B" for k in range(B))]
    if FORBID:
        lines.append(f"260 {1:>3} {R:>3} {1:>4} {2:>4}")
        lines.append(f"260 {2:>3} {R-1:>3} {3:>4} {4:>4} {5:>4}")
    if code.endswith("_BAKU"):
        # C.04.7's Baku acceleration as 250 records: group A (the first 2*ceil(T/4) teams) a
        # won match's points in the first ceil(ceil(R/2)/2) rounds, a drawn one's to ceil(R/2).
        acc = (R + 1) // 2; full = (acc + 1) // 2; ga = 2 * ((T + 3) // 4)
        lines.append(f"250 {2.0:>4.1f} {0.0:>4.1f} {1:>3} {full:>3} {1:>4} {ga:>4}")
        if acc > full:
            lines.append(f"250 {1.0:>4.1f} {0.0:>4.1f} {full+1:>3} {acc:>3} {1:>4} {ga:>4}")
    val = {"1": 1, "+": 1, "U": 1, "=": 0.5}
    for p in range(1, n + 1):
        team = next(t for t in roster if p in roster[t])
        total = sum(val.get(c[-1], 0) for c in cells[p] if c)
        s = f"001 {p:>4}      {'Team%03d, Player%04d' % (team, p):<33} {rating[p]:>4}"
        s = s.ljust(80) + f"{total:>4.1f} {p:>4}"
        s = s.ljust(91) + "".join((c or "        ") + "  " for c in cells[p])
        lines.append(s.rstrip())
    for t in range(1, T + 1):
        players = " ".join(f"{p:>4}" for p in roster[t])
        lines.append(f"310 {t:>3} {'Team%03d' % t:<32} {'T%03d' % t:<5} {'':>6} {0.0:>6.1f} {0.0:>6.1f} {0:>3}  {players}")
    return "\n".join(lines) + "\n"
withdrawn = set()
for r in range(1, R + 1):
    open(out, "w").write(render())
    if r > 2 and rnd.random() < 0.2:
        withdrawn.add(rnd.randint(1, T))
    away = set(withdrawn) | {t for t in range(1, T + 1) if rnd.random() < 0.05}
    args = ["python3", "-m", "gacrux.pairingchecker", "-i", out, "-p", "-F", "TXT", "-N", str(R)]
    if away:
        args += ["-u"] + [str(t) for t in sorted(away)]
    p = subprocess.run(args, capture_output=True, text=True)
    rows = [l.split() for l in p.stdout.strip().splitlines()]
    if p.returncode != 0 or not rows or not rows[0] or not rows[0][0].isdigit():
        sys.stderr.write(f"{out} round {r}: gacrux gave no pairing: {p.stdout[-300:]} {p.stderr[-300:]}\n")
        break
    for pl in cells.values():
        pl.append(None)
    for w, b in (map(int, x) for x in rows[1:]):
        if b == 0:
            for q in roster[w][:B]:
                cells[q][-1] = "0000 - U"
            continue
        kind = rnd.random()
        lineups, gone = {}, {}
        for team in (w, b):
            present = [q for q in roster[team] if rnd.random() > 0.1]
            lineup = present[:B]
            missing = [q for q in roster[team] if q not in lineup]
            while len(lineup) < B:
                lineup.append(missing.pop(0))
            lineup.sort(key=roster[team].index)
            lineups[team] = lineup
            gone[team] = set(roster[team]) - set(present)
            if kind < 0.04 and team == b or kind > 0.985:
                gone[team] = set(roster[team])   # the match forfeited (both ways: > 0.985)
        for k in range(B):
            hp, ap = lineups[w][k], lineups[b][k]
            home_white = k % 2 == 0
            wp, bp = (hp, ap) if home_white else (ap, hp)
            wa = wp in gone[w if home_white else b]
            ba = bp in gone[b if home_white else w]
            if wa or ba:
                rw, rb = ("-" if wa else "+"), ("-" if ba else "+")
            else:
                x = rnd.random()
                rw, rb = ("=", "=") if x < 0.3 else ("1", "0") if x < 0.65 else ("0", "1")
            cells[wp][-1] = f"{bp:>4} w {rw}"
            cells[bp][-1] = f"{wp:>4} b {rb}"
open(out, "w").write(render())
