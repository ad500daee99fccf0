# SPDX-License-Identifier: Apache-2.0
"""Weighted PageRank and personalization weights (pagerank(weight=True, personalize=...))
against independent oracles: networkx 2.8's pagerank(weight="weight", personalization=...),
python3-igraph's personalized_pagerank(weights=..., reset=...) and a dense numpy power iteration
(the gap variant, which neither library has), on random weighted graphs with sinks, zero-weight
arcs, self-loops and isolated vertices, directed and undirected; a remapped string-id file
(names as personalization keys); the CLI's --weighted / --personalize-weights on the same file;
and the errors. Fixed points are compared after running both sides to a 1e-13 tolerance:
ranks agree to 1e-9 (absolute; ranks here are about 1/n with n <= 200)."""

import os
import pathlib
import subprocess

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

import spgraph

# networkx 2.8's pagerank calls its deprecated pagerank_scipy: not this test's concern.
pytestmark = pytest.mark.filterwarnings("ignore:networkx.pagerank_scipy:DeprecationWarning")

TIGHT = dict(tolerance=1e-13, iterations=10000)
AGREE = 1e-9


def random_weighted(n, m, seed, directed=True, self_loops=True):
    """Arcs (u, v, w) without repeats: sources among the first 3/4 of the vertices, targets
    among the first 7/8 (the rest are sinks or isolated), one weight in eight 0, vertex 0's arcs
    all 0 (a sink with out-arcs). Undirected: each edge once (u <= v)."""
    rng = np.random.default_rng(seed)
    arcs = {}
    for _ in range(m):
        u, v = int(rng.integers(0, max(1, 3 * n // 4))), int(rng.integers(0, max(1, 7 * n // 8)))
        if u == v and not self_loops:
            continue
        if not directed and u > v:
            u, v = v, u
        w = 0.0 if (u == 0 or rng.random() < 0.125) else float(rng.uniform(0.1, 4.0))
        arcs[(u, v)] = w
    return [(u, v, w) for (u, v), w in sorted(arcs.items())]


def to_spgraph(n, arcs, directed=True):
    """The graph as spgraph sees it (0-based, built in memory: ids are positions)."""
    rows = [u for u, v, _ in arcs] + ([] if directed else [v for u, v, _ in arcs if u != v])
    cols = [v for u, v, _ in arcs] + ([] if directed else [u for u, v, _ in arcs if u != v])
    vals = [w for *_, w in arcs] + ([] if directed else [w for u, v, w in arcs if u != v])
    a = sp.csr_array((np.array(vals, dtype=float), (rows, cols)), shape=(n, n))
    return spgraph.Graph.from_scipy(a, undirected=not directed)


def to_networkx(n, arcs, directed=True):
    h = nx.DiGraph() if directed else nx.Graph()
    h.add_nodes_from(range(n))
    h.add_weighted_edges_from(arcs)
    return h


def dense_gap(n, arcs, directed, damping, tele, steps=3000):
    """The gap variant by a dense numpy power iteration (sinks leak)."""
    a = np.zeros((n, n))
    for u, v, w in arcs:
        a[u, v] = w
        if not directed:
            a[v, u] = w
    out = a.sum(axis=1)
    p = np.divide(a, out[:, None], out=np.zeros_like(a), where=out[:, None] > 0)
    r = tele.copy()
    for _ in range(steps):
        r = (1 - damping) * tele + damping * (r @ p)
    return r


def as_array(d, n):
    return np.array([d[v] for v in range(n)])


CASES = [(n, seed, directed) for seed, n in enumerate([12, 40, 90, 200])
         for directed in (True, False)]


@pytest.mark.parametrize("n,seed,directed", CASES)
def test_weighted_standard_matches_networkx(n, seed, directed):
    arcs = random_weighted(n, 4 * n, seed, directed)
    g, h = to_spgraph(n, arcs, directed), to_networkx(n, arcs, directed)
    got = spgraph.pagerank(g, variant="standard", weight=True, **TIGHT)
    want = as_array(nx.pagerank(h, weight="weight", tol=1e-14, max_iter=10000), n)
    assert np.max(np.abs(got.rank - want)) < AGREE
    assert abs(got.rank.sum() - 1) < 1e-12
    # Unweighted is networkx's weight=None (every arc counts 1, zero-weight ones included).
    plain = spgraph.pagerank(g, variant="standard", weight=False, **TIGHT)
    want = as_array(nx.pagerank(h, weight=None, tol=1e-14, max_iter=10000), n)
    assert np.max(np.abs(plain.rank - want)) < AGREE


@pytest.mark.parametrize("n,seed,directed", CASES)
def test_personalization_weights_match_networkx(n, seed, directed):
    arcs = random_weighted(n, 3 * n, seed + 10, directed)
    g, h = to_spgraph(n, arcs, directed), to_networkx(n, arcs, directed)
    pers = {1: 0.5, n - 1: 2.0, n // 2: 1.25}
    for weight in (True, False):
        got = spgraph.pagerank(g, variant="standard", weight=weight, personalize=pers, **TIGHT)
        want = as_array(nx.pagerank(h, weight="weight" if weight else None, personalization=pers,
                                    tol=1e-14, max_iter=10000), n)
        assert np.max(np.abs(got.rank - want)) < AGREE, weight
        # The same weights as a float array per position.
        dense = np.zeros(n)
        for v, w in pers.items():
            dense[v] = w
        again = spgraph.pagerank(g, variant="standard", weight=weight, personalize=dense, **TIGHT)
        assert np.max(np.abs(again.rank - got.rank)) < 1e-14
    # A list of vertices means equal weights, as networkx's {v: 1}.
    got = spgraph.pagerank(g, variant="standard", weight=True, personalize=[1, n - 1], **TIGHT)
    want = as_array(nx.pagerank(h, weight="weight", personalization={1: 1, n - 1: 1},
                                tol=1e-14, max_iter=10000), n)
    assert np.max(np.abs(got.rank - want)) < AGREE


@pytest.mark.parametrize("n,seed,directed", CASES)
def test_weighted_matches_igraph(n, seed, directed):
    import igraph as ig

    # igraph counts an undirected self-loop twice (networkx and spgraph once): none undirected.
    arcs = random_weighted(n, 4 * n, seed + 20, directed, self_loops=directed)
    g = to_spgraph(n, arcs, directed)
    h = ig.Graph(n=n, edges=[(u, v) for u, v, _ in arcs], directed=directed)
    h.es["weight"] = [w for *_, w in arcs]
    reset = np.zeros(n)
    reset[[0, 3, n - 2]] = [1.0, 0.5, 3.0]
    got = spgraph.pagerank(g, variant="standard", weight=True, personalize=reset, **TIGHT)
    want = np.array(h.personalized_pagerank(weights="weight", damping=0.85,
                                            reset=reset.tolist()))
    assert np.max(np.abs(got.rank - want)) < AGREE
    got = spgraph.pagerank(g, variant="standard", weight=True, **TIGHT)
    want = np.array(h.pagerank(weights="weight", damping=0.85))
    assert np.max(np.abs(got.rank - want)) < AGREE


@pytest.mark.parametrize("n,seed,directed", CASES)
def test_weighted_gap_matches_a_dense_power_iteration(n, seed, directed):
    arcs = random_weighted(n, 4 * n, seed + 30, directed)
    g = to_spgraph(n, arcs, directed)
    got = spgraph.pagerank(g, weight=True, **TIGHT)  # variant="gap", the default
    assert np.max(np.abs(got.rank - dense_gap(n, arcs, directed, 0.85, np.full(n, 1 / n)))) \
        < AGREE
    assert got.rank.sum() < 1  # vertex 0 and the last eighth are sinks: rank leaks
    tele = np.zeros(n)
    tele[[2, n - 1]] = [3.0, 1.0]
    got = spgraph.pagerank(g, weight=True, personalize={2: 3.0, n - 1: 1.0}, **TIGHT)
    want = dense_gap(n, arcs, directed, 0.85, tele / tele.sum())
    assert np.max(np.abs(got.rank - want)) < AGREE


@pytest.mark.parametrize("variant", ["gap", "standard"])
def test_undirected_edge_given_both_ways_with_two_weights(tmp_path, variant):
    # load(undirected=True) keeps each direction's own weight (1 -> 2 weighs 1, 2 -> 1 weighs
    # 9): the stored matrix is symmetric in structure only, and the in-arcs must come from its
    # transpose. Oracle: the same stored arcs run as a directed graph.
    path = tmp_path / "two-ways.txt"
    path.write_text("1 2 1\n2 1 9\n2 3 1\n3 1 1\n")
    g = spgraph.load(path, undirected=True)
    directed = spgraph.Graph.from_scipy(g.to_scipy())
    got = spgraph.pagerank(g, weight=True, variant=variant, **TIGHT).rank
    want = spgraph.pagerank(directed, weight=True, variant=variant, **TIGHT).rank
    assert np.max(np.abs(got - want)) < AGREE
    if variant == "standard":
        assert abs(got.sum() - 1) < 1e-9


def test_defaults_are_the_clis():
    """pagerank()'s defaults are the CLI's: gap, unweighted, damping 0.85, tolerance 1e-4."""
    arcs = random_weighted(50, 200, 3)
    g = to_spgraph(50, arcs)
    default = spgraph.pagerank(g)
    explicit = spgraph.pagerank(g, variant="gap", weight=False, damping=0.85, tolerance=1e-4,
                                iterations=100)
    assert np.array_equal(default.rank, explicit.rank)
    assert default.iterations == explicit.iterations


def test_pattern_graph_weighted_equals_unweighted():
    a = sp.random(80, 80, density=0.05, format="csr", random_state=4)
    g = spgraph.Graph.from_scipy(a, pattern=True)
    weighted = spgraph.pagerank(g, weight=True, **TIGHT).rank
    assert np.max(np.abs(weighted - spgraph.pagerank(g, weight=False, **TIGHT).rank)) < 1e-14


def test_bad_weights_and_personalization_are_refused():
    arcs = [(0, 1, 1.0), (1, 2, -2.0), (2, 0, 1.0)]
    g = to_spgraph(3, arcs)
    with pytest.raises(ValueError, match="weight"):
        spgraph.pagerank(g, weight=True)
    spgraph.pagerank(g)  # unweighted reads the structure only
    g = to_spgraph(3, [(0, 1, 1.0), (1, 2, np.inf)])
    with pytest.raises(ValueError):
        spgraph.pagerank(g, weight=True)
    g = to_spgraph(4, [(0, 1, 1.0), (1, 2, 1.0)])
    for bad in ({0: 0.0, 1: 0.0}, {0: -1.0}, {0: float("nan")}, np.zeros(4), np.ones(3),
                np.array([1.0, -1.0, 0.0, 0.0]), {}):
        with pytest.raises(ValueError):
            spgraph.pagerank(g, personalize=bad)
    with pytest.raises(ValueError):
        spgraph.pagerank(g, weight=True, spmv="csr5")
    with pytest.raises(ValueError):
        spgraph.pagerank(g, weight=True, sweep="gauss-seidel")


def test_isolated_self_loop_and_empty_edge_cases():
    # A vertex with only a self-loop keeps its own rank; isolated vertices get the teleport.
    g = to_spgraph(4, [(0, 0, 2.0), (1, 2, 1.0)])
    h = to_networkx(4, [(0, 0, 2.0), (1, 2, 1.0)])
    got = spgraph.pagerank(g, variant="standard", weight=True, **TIGHT)
    want = as_array(nx.pagerank(h, weight="weight", tol=1e-14, max_iter=10000), 4)
    assert np.max(np.abs(got.rank - want)) < AGREE
    empty = spgraph.Graph.from_scipy(sp.csr_array((0, 0), dtype=float))
    r = spgraph.pagerank(empty, weight=True)
    assert r.rank.size == 0 and r.converged


def write_named_csv(path, n, arcs):
    """An edge list with string names (':' inside, as GO terms) and a weight column."""
    with open(path, "w") as f:
        f.write("src,dst,weight\n")
        for u, v, w in arcs:
            f.write("GO:%04d,GO:%04d,%r\n" % (u, v, w))


def test_named_file_personalized_by_names(tmp_path):
    n = 60
    arcs = [(u, v, w) for u, v, w in random_weighted(n, 240, 7)]
    path = tmp_path / "named.csv"
    write_named_csv(path, n, arcs)
    g = spgraph.load(str(path), remap_ids=True)
    h = nx.DiGraph()
    h.add_weighted_edges_from(("GO:%04d" % u, "GO:%04d" % v, w) for u, v, w in arcs)
    names = list(g.ids)
    pers = {names[3]: 2.0, names[10]: 0.5}
    got = spgraph.pagerank(g, variant="standard", weight=True, personalize=pers, **TIGHT)
    want = nx.pagerank(h, weight="weight", personalization=pers, tol=1e-14, max_iter=10000)
    assert len(names) == h.number_of_nodes()
    assert max(abs(got.rank[pos] - want[name]) for pos, name in enumerate(names)) < AGREE


def cli_binary():
    """The spgraph program of this build tree (python/ sits beside tools/), or skip."""
    import spgraph._spgraph as native

    build = pathlib.Path(native.__file__).resolve().parents[2]
    for p in (build / "tools" / "spgraph" / "spgraph", build / "spgraph"):
        if p.exists() and os.access(p, os.X_OK):
            return p
    pytest.skip("the spgraph program is not built beside the module")


def test_cli_weighted_personalized_equals_python(tmp_path):
    """The CLI's --weighted --personalize --personalize-weights and Python's pagerank(weight=True,
    personalize={...}) give the same ranks on the same named file."""
    n = 50
    arcs = random_weighted(n, 200, 11)
    path = tmp_path / "named.csv"
    write_named_csv(path, n, arcs)
    g = spgraph.load(str(path), remap_ids=True)
    names = list(g.ids)
    out = tmp_path / "ranks.tsv"
    run = subprocess.run(
        [str(cli_binary()), "pagerank", str(path), "--remap-ids", "--weighted", "--variant",
         "standard", "--personalize", "%s,%s" % (names[4], names[9]), "--personalize-weights",
         "3,1", "--tolerance", "1e-13", "--iterations", "10000", "--out", str(out)],
        capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    cli = {}
    for line in out.read_text().splitlines():
        if not line.startswith("#"):
            name, rank = line.rsplit(None, 1) if "\t" not in line else line.split("\t")
            cli[name] = float(rank)
    py = spgraph.pagerank(g, variant="standard", weight=True,
                          personalize={names[4]: 3.0, names[9]: 1.0}, **TIGHT)
    assert max(abs(py.rank[pos] - cli[name]) for pos, name in enumerate(names)) < 1e-15
