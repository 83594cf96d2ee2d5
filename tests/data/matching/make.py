"""Reference matchings for src/tournament/swiss/blossom.rs: random graphs with many equal
weights (ties), matched by networkx's max_weight_matching (Van Rantwijk's method, the solver
the Dutch prototype was validated with). Vertices and edges are added in ascending order, so
networkx scans neighbours as our solver does and the mates must be the same, ties included.
Run: python3 make.py > networkx.txt"""
import random
import networkx as nx

rng = random.Random(2026)
print("# n; edges u-v:w ...; mates (one per vertex, - = unmatched). networkx", nx.__version__)
for case in range(300):
    n = rng.choice([2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 30, 40])
    density = rng.choice([0.2, 0.5, 0.9, 1.0])
    top = rng.choice([1, 2, 3, 5, 10, 1000])
    G = nx.Graph()
    G.add_nodes_from(range(n))
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                w = rng.randint(1, top)
                edges.append((u, v, w))
    G.add_weighted_edges_from(edges)
    mate = [None] * n
    for a, b in nx.max_weight_matching(G):
        mate[a], mate[b] = b, a
    print(n, ";", " ".join(f"{u}-{v}:{w}" for u, v, w in edges), ";",
          " ".join("-" if m is None else str(m) for m in mate))
