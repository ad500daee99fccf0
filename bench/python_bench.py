#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The spgraph Python module against networkx, scipy.sparse.csgraph and (when importable)
python-graphblas, on BFS, triangle counting and transitive closure, on the same graphs in the
same process (the module's targets: >= 50x networkx, >= 5x scipy.sparse.csgraph).

Each contender gets the graph in its native form, built before timing (not timed): an
spgraph.Graph, a networkx DiGraph/Graph, a scipy CSR matrix. Every answer is checked against
spgraph's before a time is printed. Times are medians of --runs runs after one warm-up (one
run for a contender slower than --slow seconds); the ratio is peer time / spgraph time (so
50 means spgraph is 50x faster). What each peer runs, the way an expert would write it:
  - BFS: networkx single_source_shortest_path_length; scipy csgraph.breadth_first_order with
    predecessors (the scipy form the target is set against); spgraph.bfs with levels and parents.
  - triangles: networkx sum(triangles().values())/3 on the undirected graph; scipy
    ((A @ A).multiply(A)).sum() / 6 on the symmetric pattern without self-loops (csgraph has no
    triangle count); spgraph.triangles.
  - closure (number of reachable pairs): scipy csgraph.connected_components(strong), then one
    breadth_first_order per component on the condensation (the scipy form the target is set
    against: components + reachability); networkx transitive_closure_dag on the condensation,
    likewise; spgraph.closure.
Peak memory: the process's resident high-water mark after each graph (ru_maxrss), for the
whole process: the contenders share it, so it bounds each.

Usage: PYTHONPATH=build/release/python bench/python_bench.py [--runs 5] [--json FILE] [GRAPH ...]
"""

import argparse
import json
import os
import resource
import statistics
import sys
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse import csgraph

import networkx as nx
import spgraph

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_GRAPHS = [
    os.path.join(ROOT, "data", "wiki-Vote.txt"),
    os.path.join(ROOT, "data", "email-Eu-core.csv"),
    os.path.join(ROOT, "..", "shared", "data", "snap", "ca-GrQc.mtx"),
    os.path.join(ROOT, "..", "shared", "data", "road", "usroads.mtx"),
    os.path.join(ROOT, "..", "shared", "data", "suitesparse", "NotreDame_www.mtx.gz"),
]


def timed(f, runs, slow):
    f()  # warm-up (and the answer)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t0)
        if times[-1] > slow:
            break
    return statistics.median(times), out


def scipy_closure_pairs(a):
    ncomp, labels = csgraph.connected_components(a, directed=True, connection="strong")
    size = np.bincount(labels, minlength=ncomp)
    coo = a.tocoo()
    c = sp.csr_matrix((np.ones(len(coo.row), dtype=np.int8), (labels[coo.row], labels[coo.col])),
                      shape=(ncomp, ncomp))
    self_loop = np.zeros(ncomp, dtype=bool)
    self_loop[labels[coo.row[coo.row == coo.col]]] = True
    pairs = 0
    for comp in range(ncomp):
        reach = csgraph.breadth_first_order(c, comp, directed=True, return_predecessors=False)
        total = int(size[reach].sum())
        if size[comp] == 1 and not self_loop[comp] and c[comp, comp] == 0:
            total -= 1  # a lone vertex without a cycle does not reach itself
        pairs += int(size[comp]) * total
    return pairs


def nx_closure_pairs(g):
    cond = nx.condensation(g)
    members = {c: len(cond.nodes[c]["members"]) for c in cond}
    loops = {u for u in g if g.has_edge(u, u)}
    pairs = 0
    tc = nx.transitive_closure_dag(cond)
    for c in cond:
        total = members[c] + sum(members[d] for d in tc.successors(c))
        if members[c] == 1 and not (cond.nodes[c]["members"] & loops):
            total -= 1
        pairs += members[c] * total
    return pairs


def bench_graph(path, runs, slow, gb):
    g = spgraph.load(path, remap_ids=path.endswith((".txt", ".csv")))
    a = g.to_scipy(matrix=True).astype(np.int8).tocsr()
    a.data[:] = 1
    directed = not g.undirected
    nxg = nx.from_scipy_sparse_array(a, create_using=nx.DiGraph if directed else nx.Graph)
    sym = ((a + a.T) > 0).astype(np.int64).tocsr()  # int64: A @ A counts paths
    sym = (sym - sp.diags(sym.diagonal())).tocsr()
    sym.eliminate_zeros()
    und = nx.Graph(nxg)
    und.remove_edges_from(nx.selfloop_edges(und))
    name = os.path.basename(path)
    rows = []
    degrees = np.diff(a.indptr)
    source = int(np.argmax(degrees))  # a vertex that reaches much of the graph
    src_name = g.name(source) if g.remapped else source

    # BFS
    t_sp, r = timed(lambda: spgraph.bfs(g, src_name, parents=True), runs, slow)
    want = {v: int(l) for v, l in enumerate(r.levels) if l >= 0}
    t_nx, got = timed(lambda: nx.single_source_shortest_path_length(nxg, source), runs, slow)
    assert dict(got) == want, "networkx BFS levels differ"
    t_sc, order = timed(lambda: csgraph.breadth_first_order(a, source, directed=True,
                                                           return_predecessors=True), runs, slow)
    assert set(order[0].tolist()) == set(want), "scipy BFS reaches other vertices"
    rows.append(("bfs", t_sp, {"networkx": t_nx, "scipy": t_sc}))

    # Triangles
    t_sp, tri = timed(lambda: spgraph.triangles(g), runs, slow)
    t_nx, tri_nx = timed(lambda: sum(nx.triangles(und).values()) // 3, runs, slow)
    t_sc, tri_sc = timed(lambda: int((sym @ sym).multiply(sym).sum()) // 6, runs, slow)
    assert tri == tri_nx == tri_sc, f"triangles differ: {tri} {tri_nx} {tri_sc}"
    peers = {"networkx": t_nx, "scipy": t_sc}
    if gb is not None:
        m = gb.Matrix.from_scipy_sparse(sym.astype(np.int64))
        lower = gb.select.tril(m, -1).new()

        def gb_tc():
            return int(lower.mxm(lower, gb.semiring.plus_pair).new(mask=lower.S).reduce_scalar().value)

        t_gb, tri_gb = timed(gb_tc, runs, slow)
        assert tri_gb == tri
        peers["graphblas"] = t_gb
    rows.append(("triangles", t_sp, peers))

    # Closure pairs
    if directed:
        t_sp, c = timed(lambda: spgraph.closure(g, count=True).pairs, runs, slow)
        t_sc, c_sc = timed(lambda: scipy_closure_pairs(a), runs, slow)
        peers = {"scipy": t_sc}
        if g.n <= 50000:
            t_nx, c_nx = timed(lambda: nx_closure_pairs(nxg), 1, slow)
            assert c_nx == c, f"networkx closure {c_nx} != {c}"
            peers["networkx"] = t_nx
        assert c_sc == c, f"scipy closure {c_sc} != {c}"
        rows.append(("closure", t_sp, peers))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return name, g.n, a.nnz, rows, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="*", help="graph files (default: bundled and shared ones)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default: %(default)s)")
    parser.add_argument("--slow", type=float, default=5.0,
                        help="a run slower than this many seconds is not repeated (default: %(default)s)")
    parser.add_argument("--json", default=None, help="write the results here (bench/plot.py reads them)")
    args = parser.parse_args()
    try:
        import graphblas as gb  # python-graphblas, where installed
    except ImportError:
        gb = None
        print("python-graphblas is not installed: its column is left out", file=sys.stderr)
    graphs = args.graphs or [p for p in DEFAULT_GRAPHS if os.path.exists(p)]
    results = []
    print(f"{'graph':22} {'n':>8} {'arcs':>9} {'job':10} {'spgraph':>10} {'peer':10} "
          f"{'peer time':>10} {'ratio':>8}  target")
    for path in graphs:
        name, n, arcs, rows, peak = bench_graph(path, args.runs, args.slow, gb)
        for job, t_sp, peers in rows:
            entry = {"job": "python-" + job, "graph": name, "n": n, "arcs": arcs,
                     "spgraph_median_s": t_sp, "peak_rss_bytes": peak}
            for peer, t in peers.items():
                ratio = t / t_sp
                target = {"networkx": 50, "scipy": 5}.get(peer)
                mark = "" if target is None else (f">= {target}: " + ("met" if ratio >= target else "MISSED"))
                print(f"{name:22} {n:8d} {arcs:9d} {job:10} {t_sp * 1e3:8.2f}ms {peer:10} "
                      f"{t * 1e3:8.1f}ms {ratio:8.1f}  {mark}")
                entry[f"{peer}_median_s"] = t
                # bench/plot.py draws spgraph / peer ratios (below 1: spgraph faster).
                entry[f"median_ratio_{peer}"] = t_sp / t
            results.append(entry)
        print(f"{name:22} peak RSS of the process so far: {peak / 2**20:.0f} MiB")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
