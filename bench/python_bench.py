#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The spgraph Python module against networkx, igraph (Debian's python3-igraph),
scipy.sparse.csgraph and (when importable) python-graphblas, on BFS, PageRank, connected
components, triangle counting and transitive closure, on the same graphs in the same process
(the module's targets: >= 50x networkx, >= 5x scipy.sparse.csgraph, >= 2x igraph); the cost of
Graph.from_networkx against nx.to_scipy_sparse_array (target: <= 0.3x); and the module's call
overhead: the time of a Python call against the kernel time the CLI reports (`--json`) for the
same job on the same file (target: <= 1.5x).

Each contender gets the graph in its native form, built before timing (not timed): an
spgraph.Graph, a networkx DiGraph/Graph, an igraph Graph, a scipy CSR matrix. Every answer is
checked against spgraph's before a time is printed. Times are medians of --runs runs after one
warm-up (one run for a contender slower than --slow seconds); the ratio is peer time / spgraph
time (so 50 means spgraph is 50x faster). What each peer runs, the way an expert would write it:
  - BFS: networkx single_source_shortest_path_length; scipy csgraph.breadth_first_order with
    predecessors (the scipy form the target is set against); igraph Graph.bfs (visit order,
    layers, parents); spgraph.bfs with levels and parents.
  - PageRank (damping 0.85, sinks spread evenly: spgraph's variant="standard"): networkx
    pagerank, igraph pagerank (PRPACK), spgraph and igraph at their default tolerance, networkx
    at the same stop as spgraph's (an L1 change below 1e-4: tol = 1e-4 / n, as its default
    n * 1e-6 stops too early on large graphs); ranks compared in L1 (<= 1e-2).
  - connected components (weak): networkx number_weakly_connected_components (or
    number_connected_components), scipy csgraph.connected_components, igraph
    connected_components(mode="weak"); spgraph.cc.
  - triangles: networkx sum(triangles().values())/3 on the undirected graph; igraph
    len(list_triangles()) on the simple undirected graph; scipy
    ((A @ A).multiply(A)).sum() / 6 on the symmetric pattern without self-loops (csgraph has no
    triangle count); spgraph.triangles.
  - closure (number of reachable pairs): scipy csgraph.connected_components(strong), then one
    breadth_first_order per component on the condensation (the scipy form the target is set
    against: components + reachability); networkx transitive_closure_dag on the condensation,
    likewise; igraph connected_components(mode="strong").cluster_graph(), then subcomponent per
    component, likewise; spgraph.closure.
Call overhead (--overhead, default the bundled wiki-Vote): BFS, PageRank, CC and triangles, each
timed as a Python call (median of --runs repeated calls, and the first call of a fresh process,
as each CLI run is) and as the CLI's own kernel time (the "seconds" of
`spgraph <job> FILE --json`, median of --runs invocations), at the same thread count (--threads,
default 1: set_num_threads for the module, OMP_NUM_THREADS for the CLI), on the file as both load
it without remapping. --cli names the program (default: build/release/spgraph).
Peak memory: the process's resident high-water mark after each graph (ru_maxrss), for the
whole process: the contenders share it, so it bounds each.

Usage: PYTHONPATH=build/release/python bench/python_bench.py [--runs 5] [--threads 1]
       [--json FILE] [--cli PATH] [--overhead FILE | --no-overhead] [GRAPH ...]
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse import csgraph

import igraph as ig
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


def igraph_closure_pairs(g):
    """Reachable pairs with igraph: the condensation, then subcomponent per component."""
    scc = g.connected_components(mode="strong")
    size = np.bincount(np.asarray(scc.membership), minlength=len(scc))
    cond = scc.cluster_graph(combine_edges=False)
    loops = np.zeros(len(scc), dtype=bool)
    loops[[scc.membership[e.source] for e in g.es if e.source == e.target]] = True
    pairs = 0
    for comp in range(len(scc)):
        reach = cond.subcomponent(comp, mode="out")
        total = int(size[reach].sum())
        if size[comp] == 1 and not loops[comp] and not cond.are_connected(comp, comp):
            total -= 1
        pairs += int(size[comp]) * total
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
    coo = a.tocoo()
    igg = ig.Graph(n=g.n, edges=np.column_stack([coo.row, coo.col]).tolist(), directed=directed)
    ig_und = igg.as_undirected().simplify() if directed else igg.copy().simplify()
    name = os.path.basename(path)
    rows = []
    degrees = np.diff(a.indptr)
    source = int(np.argmax(degrees))  # a vertex that reaches much of the graph
    src_name = g.name(source)  # the file's id of that position

    # From networkx (the target: <= 0.3x of nx.to_scipy_sparse_array, the step a user
    # would otherwise take on the way to Graph.from_scipy)
    t_sp, conv = timed(lambda: spgraph.Graph.from_networkx(nxg), runs, slow)
    t_sc, conv_sc = timed(lambda: nx.to_scipy_sparse_array(nxg), runs, slow)
    assert conv.nnz == conv_sc.nnz, "from_networkx arcs differ"
    rows.append(("from_nx", t_sp, {"nx.to_scipy": t_sc}))

    # BFS
    t_sp, r = timed(lambda: spgraph.bfs(g, src_name, parents=True), runs, slow)
    want = {v: int(l) for v, l in enumerate(r.levels) if l >= 0}
    t_nx, got = timed(lambda: nx.single_source_shortest_path_length(nxg, source), runs, slow)
    assert dict(got) == want, "networkx BFS levels differ"
    t_sc, order = timed(lambda: csgraph.breadth_first_order(a, source, directed=True,
                                                           return_predecessors=True), runs, slow)
    assert set(order[0].tolist()) == set(want), "scipy BFS reaches other vertices"
    t_ig, visit = timed(lambda: igg.bfs(source, mode="out"), runs, slow)
    assert set(visit[0]) == set(want), "igraph BFS reaches other vertices"
    rows.append(("bfs", t_sp, {"networkx": t_nx, "igraph": t_ig, "scipy": t_sc}))

    # PageRank (sinks spread evenly, as networkx and igraph do)
    t_sp, pr = timed(lambda: spgraph.pagerank(g, variant="standard").rank, runs, slow)
    # networkx stops when the L1 change is below n * tol: tol = 1e-4 / n is spgraph's default
    # stop (L1 change below 1e-4); its own default (1e-6) stops at an L1 change of 0.13 on
    # usroads, 5e-2 away from the fixed point, which no check could accept.
    t_nx, pr_nx = timed(lambda: nx.pagerank(nxg, alpha=0.85, tol=1e-4 / max(g.n, 1),
                                            max_iter=1000), runs, slow)
    t_ig, pr_ig = timed(lambda: igg.pagerank(damping=0.85), runs, slow)
    for peer, ranks in (("networkx", [pr_nx[v] for v in range(g.n)]), ("igraph", pr_ig)):
        gap = float(np.abs(np.asarray(ranks) - pr).sum())
        assert gap <= 1e-2, f"{peer} PageRank differs by {gap:.2e} (L1)"
    rows.append(("pagerank", t_sp, {"networkx": t_nx, "igraph": t_ig}))

    # Connected components (weak)
    t_sp, ncc = timed(lambda: spgraph.cc(g).components, runs, slow)
    nx_cc = nx.number_weakly_connected_components if directed else nx.number_connected_components
    t_nx, ncc_nx = timed(lambda: nx_cc(nxg), runs, slow)
    t_sc, (ncc_sc, _) = timed(lambda: csgraph.connected_components(a, directed=True,
                                                                    connection="weak"), runs, slow)
    t_ig, ncc_ig = timed(lambda: len(igg.connected_components(mode="weak")), runs, slow)
    assert ncc == ncc_nx == ncc_sc == ncc_ig, f"components differ: {ncc} {ncc_nx} {ncc_sc} {ncc_ig}"
    rows.append(("cc", t_sp, {"networkx": t_nx, "igraph": t_ig, "scipy": t_sc}))

    # Triangles
    t_sp, tri = timed(lambda: spgraph.triangles(g), runs, slow)
    t_nx, tri_nx = timed(lambda: sum(nx.triangles(und).values()) // 3, runs, slow)
    t_sc, tri_sc = timed(lambda: int((sym @ sym).multiply(sym).sum()) // 6, runs, slow)
    t_ig, tri_ig = timed(lambda: len(ig_und.list_triangles()), runs, slow)
    assert tri == tri_nx == tri_sc == tri_ig, f"triangles differ: {tri} {tri_nx} {tri_sc} {tri_ig}"
    peers = {"networkx": t_nx, "igraph": t_ig, "scipy": t_sc}
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
        t_ig, c_ig = timed(lambda: igraph_closure_pairs(igg), runs, slow)
        assert c_ig == c, f"igraph closure {c_ig} != {c}"
        peers = {"igraph": t_ig, "scipy": t_sc}
        if g.n <= 50000:
            t_nx, c_nx = timed(lambda: nx_closure_pairs(nxg), 1, slow)
            assert c_nx == c, f"networkx closure {c_nx} != {c}"
            peers["networkx"] = t_nx
        assert c_sc == c, f"scipy closure {c_sc} != {c}"
        rows.append(("closure", t_sp, peers))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return name, g.n, a.nnz, rows, peak


def cli_kernel_seconds(cli, job, path, threads, extra=()):
    """The kernel time the CLI reports for one run of `job` on `path` (its --json "seconds")."""
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    out = subprocess.run([cli, job, path, "--json", *extra], env=env, capture_output=True,
                         text=True, check=True).stdout
    report = json.loads(out)
    return report["searches"][0]["seconds"] if job == "bfs" else report["seconds"]


FIRST_CALL = """
import sys, time, spgraph
spgraph.set_num_threads(int(sys.argv[2]))
g = spgraph.load(sys.argv[1])
call = {"bfs": lambda: spgraph.bfs(g, int(sys.argv[4])), "pagerank": lambda: spgraph.pagerank(g),
        "cc": lambda: spgraph.cc(g), "tc": lambda: spgraph.triangles(g)}[sys.argv[3]]
t0 = time.perf_counter()
call()
print(time.perf_counter() - t0)
"""


def python_first_call_seconds(job, path, threads, source):
    """The first call of `job` in a fresh interpreter, as the CLI's one run is a process's first."""
    out = subprocess.run([sys.executable, "-c", FIRST_CALL, path, str(threads), job, str(source)],
                         capture_output=True, text=True, check=True).stdout
    return float(out)


def call_overhead(path, cli, runs, threads, source):
    """(job, python median s, python first-call median s, CLI median kernel s) for BFS,
    PageRank, CC and triangles."""
    g = spgraph.load(path)  # as the CLI loads it: no remapping
    jobs = [
        ("bfs", lambda: spgraph.bfs(g, source), ["--source", str(source)]),
        ("pagerank", lambda: spgraph.pagerank(g), []),
        ("cc", lambda: spgraph.cc(g), []),
        ("tc", lambda: spgraph.triangles(g), []),
    ]
    rows = []
    for job, call, flags in jobs:
        t_py, _ = timed(call, runs, 5.0)
        t_first = statistics.median(python_first_call_seconds(job, path, threads, source)
                                    for _ in range(runs))
        t_cli = statistics.median(cli_kernel_seconds(cli, job, path, threads, flags)
                                  for _ in range(runs))
        rows.append((job, t_py, t_first, t_cli))
    return rows


def print_overhead(path, cli, runs, threads, results):
    name = os.path.basename(path)
    print(f"\ncall overhead on {name}, {threads} thread(s): a Python call against the CLI's "
          f"kernel time ({cli})")
    print("(python: median of repeated calls; first: a fresh process's first call, as each CLI "
          "run is; the ratio is first / cli)")
    print(f"{'job':10} {'python':>10} {'first':>10} {'cli kernel':>11} {'ratio':>7}  target")
    for job, t_py, t_first, t_cli in call_overhead(path, cli, runs, threads, source=30):
        ratio = t_first / t_cli
        print(f"{job:10} {t_py * 1e3:8.3f}ms {t_first * 1e3:8.3f}ms {t_cli * 1e3:9.3f}ms "
              f"{ratio:7.2f}  <= 1.5: " + ("met" if ratio <= 1.5 else "MISSED"))
        results.append({"job": "python-overhead-" + job, "graph": name, "threads": threads,
                        "python_median_s": t_py, "python_first_call_median_s": t_first,
                        "cli_kernel_median_s": t_cli, "overhead_ratio": ratio})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="*", help="graph files (default: bundled and shared ones)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default: %(default)s)")
    parser.add_argument("--slow", type=float, default=5.0,
                        help="a run slower than this many seconds is not repeated (default: %(default)s)")
    parser.add_argument("--json", default=None, help="write the results here (bench/plot.py reads them)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads for every contender that has a setting (default: 1; 0: "
                             "the module's default)")
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "release", "spgraph"),
                        help="the spgraph program for the call-overhead rows")
    parser.add_argument("--overhead", default=os.path.join(ROOT, "data", "wiki-Vote.txt"),
                        help="the graph of the call-overhead rows (default: wiki-Vote)")
    parser.add_argument("--no-overhead", action="store_true", help="leave the overhead rows out")
    args = parser.parse_args()
    spgraph.set_num_threads(args.threads)
    threads = spgraph.get_num_threads()
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
                target = {"networkx": 50, "scipy": 5, "igraph": 2, "nx.to_scipy": 1 / 0.3}.get(peer)
                mark = "" if target is None else (
                    f">= {target:.3g}: " + ("met" if ratio >= target else "MISSED"))
                print(f"{name:22} {n:8d} {arcs:9d} {job:10} {t_sp * 1e3:8.2f}ms {peer:10} "
                      f"{t * 1e3:8.1f}ms {ratio:8.1f}  {mark}")
                entry[f"{peer}_median_s"] = t
                # bench/plot.py draws spgraph / peer ratios (below 1: spgraph faster).
                entry[f"median_ratio_{peer}"] = t_sp / t
            results.append(entry)
        print(f"{name:22} peak RSS of the process so far: {peak / 2**20:.0f} MiB")
    if not args.no_overhead:
        if os.access(args.cli, os.X_OK):
            print_overhead(args.overhead, args.cli, args.runs, threads, results)
        else:
            print(f"{args.cli} is not built: the call-overhead rows are left out (--cli)",
                  file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
