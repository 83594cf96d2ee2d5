"""Random team round robins in TRF-16 with 013 lines (for checking against gacrux)."""
import random, sys

def berger(n):
    """Rounds of (home, away) by team index 1..n (n even), FIDE Berger tables."""
    rounds = []
    m = n - 1
    for r in range(m):
        pairs = []
        # standard circle method, last fixed
        for i in range(n // 2):
            a = (r + i) % m + 1
            b = (r - i + m) % m + 1 if i else n
            if i == 0:
                pairs.append((a, b) if r % 2 == 0 else (b, a))
            else:
                pairs.append((a, b))
        rounds.append(pairs)
    return rounds

def swiss_table(rnd, T, rounds):
    """Rounds of random pairings without a repeated match (tie-breaks do not care how a Swiss
    paired), some teams absent (one round, or withdrawn for the rest), a bye (team, T + 1) for
    the one left over when the teams present are odd."""
    met = {t: set() for t in range(1, T + 1)}
    withdrawn = set()
    had_bye = set()
    table, absent = [], []
    for r in range(rounds):
        if r > 0 and rnd.random() < 0.25:
            withdrawn.add(rnd.randint(1, T))
        away = set(withdrawn) | {t for t in range(1, T + 1) if rnd.random() < 0.04}
        present = [t for t in range(1, T + 1) if t not in away]
        for _ in range(200):
            rnd.shuffle(present)
            pairs, left = [], list(present)
            if len(left) % 2:
                bye = next((t for t in left if t not in had_bye), left[-1])
                left.remove(bye)
                pairs.append((bye, T + 1))
            ok = True
            while left:
                a = left.pop()
                b = next((t for t in left if t not in met[a]), None)
                if b is None:
                    ok = False
                    break
                left.remove(b)
                pairs.append((a, b) if rnd.random() < 0.5 else (b, a))
            if ok:
                break
        else:
            raise SystemExit(f"no Swiss round {r + 1} without a repeated match: fewer rounds")
        for a, b in pairs:
            if b > T:
                had_bye.add(a)
            else:
                met[a].add(b)
                met[b].add(a)
        table.append(pairs)
        absent.append(sorted(away))
    return table, absent

def generate(seed, teams=None, boards=None, reserves=None, double=0, byes=0, swiss=0,
             out=sys.stdout):
    rnd = random.Random(seed)
    T = teams or rnd.randint(4, 10)
    B = boards or rnd.randint(2, 6)
    R = reserves if reserves is not None else rnd.randint(0, 2)
    n = T + (T % 2)
    absent_teams = None
    if swiss:
        table, absent_teams = swiss_table(rnd, T, swiss)
    else:
        table = berger(n)
    if double:
        table = table + [[(b, a) for a, b in r] for r in table]
    players = []  # (number, team, rating)
    roster = {}
    num = 0
    for t in range(1, T + 1):
        roster[t] = []
        for k in range(B + R):
            num += 1
            players.append(num)
            roster[t].append(num)
    rating = {p: 2400 - 7 * p + rnd.randint(-30, 30) for p in players}
    cells = {p: [] for p in players}  # per round strings
    for r, pairs in enumerate(table):
        for p in players:
            cells[p].append(None)
        # A team absent of its own will: nothing written, or each player's `Z` (byes=1).
        for team in (absent_teams[r] if absent_teams else []):
            if byes == 1:
                for p in roster[team]:
                    cells[p][r] = "0000 - Z"
        for home, away in pairs:
            if home > T or away > T:
                # The bye: nothing written (byes=0), each player's zero-point bye (1), or a
                # pairing-allocated bye of the first B players (`U`), worth a win each in
                # their totals (2) or nothing (3).
                if byes == 1:
                    for p in roster[min(home, away)]:
                        cells[p][r] = "0000 - Z"
                elif byes in (2, 3):
                    for p in roster[min(home, away)][:B]:
                        cells[p][r] = "0000 - U"
                continue
            forfeit_match = rnd.random() < 0.04
            lineups = {}
            absent = {}
            for team in (home, away):
                present = [p for p in roster[team] if rnd.random() > 0.12]
                # The line-up: B players in roster order; one who does not come is named and
                # loses by forfeit.
                lineup = present[:B]
                missing = [p for p in roster[team] if p not in lineup]
                while len(lineup) < B:
                    lineup.append(missing.pop(0))
                lineup.sort(key=roster[team].index)
                lineups[team] = lineup
                absent[team] = set(roster[team]) - set(present)
                if forfeit_match and team == away:
                    absent[team] = set(roster[team])
            for k in range(B):
                hp, ap = lineups[home][k], lineups[away][k]
                home_white = k % 2 == 0
                w, b = (hp, ap) if home_white else (ap, hp)
                x = rnd.random()
                wa, ba = w in absent[home if home_white else away], b in absent[away if home_white else home]
                if wa or ba:
                    rw, rb = ("-" if wa else "+"), ("-" if ba else "+")
                elif x < 0.04:
                    rw, rb = "+", "-"
                elif x < 0.08:
                    rw, rb = "-", "+"
                elif x < 0.09:
                    rw, rb = "-", "-"
                else:
                    d = (rating[w] - rating[b]) / 400
                    e = 1 / (1 + 10 ** (-d))
                    y = rnd.random()
                    if y < 0.3:
                        rw, rb = "=", "="
                    elif y < 0.3 + 0.7 * e:
                        rw, rb = "1", "0"
                    else:
                        rw, rb = "0", "1"
                cells[w][r] = f"{b:>4} w {rw}"
                cells[b][r] = f"{w:>4} b {rb}"
    pts = {"1": 1, "=": 0.5, "0": 0, "+": 1, "-": 0, "Z": 0, "U": 1 if byes == 2 else 0}
    kind = "Swiss" if swiss else "round robin"
    lines = [f"012 Random team {kind} {seed}", f"XXR {len(table)}"]
    if swiss:
        lines.append("092 CUSTOM_TEAM_SWISS")
    for p in players:
        total = sum(pts[c[-1]] for c in cells[p] if c)
        team = next(t for t in roster if p in roster[t])
        name = f"Team{team:02d}, Player{p:03d}"
        s = f"001 {p:>4}      {name:<33} {rating[p]:>4}"
        s = s.ljust(80) + f"{total:>4.1f} {p:>4}"
        s = s.ljust(91)
        for c in cells[p]:
            s += (c if c else "        ") + "  "
        lines.append(s.rstrip())
    for t in range(1, T + 1):
        s = f"013 {'Team ' + str(t):<32}" + " ".join(f"{p:>4}" for p in roster[t])
        lines.append(s)
    out.write("\n".join(lines) + "\n")

if __name__ == "__main__":
    seed = int(sys.argv[1])
    kw = {}
    for a in sys.argv[2:]:
        k, v = a.split("=")
        kw[k] = int(v)
    generate(seed, **kw)
