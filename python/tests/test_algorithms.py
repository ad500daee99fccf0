# SPDX-License-Identifier: Apache-2.0
"""Algorithms against independent oracles: networkx (BFS levels, triangles, clustering,
reachability, components, PageRank, Dijkstra, Jaccard) on random and bundled graphs, and on
real graphs from ../shared/data when present."""

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

import spgraph
from conftest import DATA, random_csr, shared, to_nx


def check_bfs(g, h, source):
    """BFS from the vertex at position `source` (h numbers vertices by position); the search
    is started from that vertex's id, and its parents come back as ids."""
    r = spgraph.bfs(g, g.name(source), parents=True)
    assert r.source == g.name(source)
    want = nx.single_source_shortest_path_length(h, source)
    levels = np.full(g.n, -1)
    for v, d in want.items():
        levels[v] = d
    assert np.array_equal(r.levels, levels)
    assert r.reached == len(want) and r.depth == max(want.values())
    # every parent is one level up and an arc parent -> v
    a = g.to_scipy()
    parents = r.positions.parents
    assert np.array_equal(g.names_of(parents), r.parents)
    for v in np.flatnonzero(levels > 0)[:500]:
        p = parents[v]
        assert levels[p] == levels[v] - 1 and a[p, v]
    assert parents[source] == source and r.parents[source] == g.name(source)
    assert np.all(parents[levels < 0] == -1) and np.all(r.parents[levels < 0] == -1)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("method", ["auto", "push", "pull"])
def test_bfs_random(seed, method):
    n = [1, 2, 50, 300, 1000, 2000][seed]
    a = random_csr(n, 3 * n, seed, directed=seed % 2 == 0)
    g = spgraph.Graph.from_scipy(a, pattern=True)
    h = to_nx(g, directed=True)
    for s in {0, n // 2, n - 1}:
        r = spgraph.bfs(g, s, method=method)
        want = nx.single_source_shortest_path_length(h, s)
        assert {v: int(r.levels[v]) for v in range(n) if r.levels[v] >= 0} == want
    check_bfs(g, h, 0)


def test_bfs_batch_and_karate():
    g = spgraph.load(DATA / "karate.mtx")
    h = to_nx(g)
    rs = spgraph.bfs(g, np.array([1, 6, 34]))  # the file's ids: 1-based
    assert [r.source for r in rs] == [1, 6, 34]
    assert [r.positions.source for r in rs] == [0, 5, 33]
    for r in rs:
        check_bfs(g, h, g.index(r.source))
    assert spgraph.bfs(g, [1, 6, 34])[2].levels.tolist() == rs[2].levels.tolist()


def test_bfs_self_loops_duplicates_huge_row():
    n = 3000
    rows = np.concatenate([np.zeros(n, dtype=np.int64), np.arange(n), [5, 5, 5]])
    cols = np.concatenate([np.arange(n), np.arange(n), [6, 6, 6]])  # a hub, self-loops, repeats
    a = sp.coo_array((np.ones(len(rows)), (rows, cols)), shape=(n, n))
    g = spgraph.Graph.from_scipy(a)
    r = spgraph.bfs(g, 0)
    assert r.reached == n and r.depth == 1
    r = spgraph.bfs(g, 5)
    assert r.reached == 2 and r.levels[6] == 1


@pytest.mark.parametrize("seed", range(4))
def test_triangles_random(seed):
    n = [30, 200, 600, 1500][seed]
    a = random_csr(n, 5 * n, seed, directed=False, self_loops=True)
    g = spgraph.Graph.from_scipy(a, pattern=True)
    h = to_nx(g, directed=False)
    h.remove_edges_from(nx.selfloop_edges(h))
    want = nx.triangles(h)
    assert spgraph.triangles(g) == sum(want.values()) // 3
    r = spgraph.triangles(g, per_vertex=True, clustering=True)
    assert r.per_vertex.tolist() == [want[v] for v in range(n)]
    cl = nx.clustering(h)
    assert np.allclose(r.clustering, [cl[v] for v in range(n)])
    for m in ("merge", "hash", "sandia-ll", "sandia-uu", "wedge"):
        assert spgraph.triangles(g, method=m) == r.count


def test_triangles_directed_is_symmetrized():
    a = random_csr(300, 2000, 11, directed=True)
    g = spgraph.Graph.from_scipy(a, pattern=True)
    h = nx.Graph(to_nx(g, directed=True))
    h.remove_edges_from(nx.selfloop_edges(h))
    r = spgraph.triangles(g, per_vertex=True)
    assert r.symmetrized and r.count == sum(nx.triangles(h).values()) // 3


def test_triangles_karate():
    g = spgraph.load(DATA / "karate.mtx")
    assert spgraph.triangles(g) == 45
    r = spgraph.triangles(g, clustering=True)
    assert np.isclose(r.clustering.mean(), nx.average_clustering(nx.karate_club_graph()))


@pytest.mark.parametrize("seed", range(4))
def test_reachability_and_closure_random(seed):
    n = [1, 40, 300, 800][seed]
    a = random_csr(n, int(1.3 * n), seed + 20, directed=True)
    g = spgraph.Graph.from_scipy(a, pattern=True)
    h = to_nx(g, directed=True)
    desc = {u: nx.descendants(h, u) for u in h}
    # R+: u reaches itself only on a cycle (or a self-loop)
    sccs = {v: c for c in nx.strongly_connected_components(h) for v in c}
    for u in h:
        if len(sccs[u]) > 1 or h.has_edge(u, u):
            desc[u] = desc[u] | {u}
    c = spgraph.closure(g)
    assert c.pairs == sum(len(d) for d in desc.values())
    rng = np.random.default_rng(seed)
    us, vs = rng.integers(0, n, 400), rng.integers(0, n, 400)
    want = np.array([v in desc[u] for u, v in zip(us.tolist(), vs.tolist())])
    assert np.array_equal(spgraph.reachable(g, us, vs), want)
    assert np.array_equal(spgraph.reachable(c, us, vs), want)
    assert spgraph.reachable(g, int(us[0]), int(vs[0])) == want[0]
    assert spgraph.reachable_count(g, us).tolist() == [len(desc[u]) for u in us.tolist()]
    assert spgraph.closure(g, count=True).pairs == c.pairs
    assert spgraph.closure(g, reflexive=True, method="seminaive").pairs == \
        sum(len(d | {u}) for u, d in desc.items())


def test_closure_memory_limit():
    a = random_csr(3000, 30000, 5, directed=True)
    g = spgraph.Graph.from_scipy(a, pattern=True)
    with pytest.raises(MemoryError) as e:
        spgraph.closure(g, max_memory=1e-5)
    assert isinstance(e.value, spgraph.OutOfMemory)


def test_cc_pagerank_sssp_knn_against_networkx():
    a = random_csr(500, 600, 9, directed=False, self_loops=False)
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=True)
    h = to_nx(g)
    r = spgraph.cc(g)
    assert r.components == nx.number_connected_components(h)
    for comp in nx.connected_components(h):
        assert {int(r.labels[v]) for v in comp} == {min(comp)}
    pr = spgraph.pagerank(g, variant="standard", tolerance=1e-12, iterations=1000)
    want = nx.pagerank(h, tol=1e-12, max_iter=1000)
    assert np.allclose(pr.rank, [want[v] for v in range(g.n)], atol=1e-8)
    # weighted shortest paths against Dijkstra
    rng = np.random.default_rng(1)
    w = a.astype(np.float64)
    w.data = rng.integers(1, 10, w.nnz).astype(np.float64)
    w = (w + w.T) / 2
    gw = spgraph.Graph.from_scipy(w)
    d = spgraph.sssp(gw, 0).distance
    hw = nx.from_scipy_sparse_array(w)
    want = nx.single_source_dijkstra_path_length(hw, 0)
    assert all(np.isclose(d[v], want[v]) for v in want)
    assert np.isinf(d[[v for v in range(g.n) if v not in want]]).all()
    bf = spgraph.sssp(gw, 0, method="bellman-ford").distance
    assert np.allclose(bf, d)
    # jaccard kNN: the scores networkx gives, best first
    k = spgraph.knn(g, [3, 7], k=5)
    for q in range(2):
        ids, scores = k.answers(q)
        u = [3, 7][q]
        cand = [v for v in range(g.n) if v != u and not h.has_edge(u, v)]
        jac = {v: s for _, v, s in nx.jaccard_coefficient(h, [(u, v) for v in cand]) if s > 0}
        best = sorted(jac.items(), key=lambda x: (-x[1], x[0]))[:5]
        assert ids.tolist() == [v for v, _ in best]
        assert np.allclose(scores, [s for _, s in best])


@pytest.mark.parametrize("rel", ["snap/ca-GrQc.mtx", "road/minnesota.mtx", "networkit/wiki-Vote.txt"])
def test_real_graphs(rel):
    p = shared(rel)
    g = spgraph.load(p)  # positions on both sides (to_nx(g) numbers vertices as g does)
    h = to_nx(g)
    for s in (0, g.n // 3):
        check_bfs(g, h, s)
    und = nx.Graph(h)
    und.remove_edges_from(nx.selfloop_edges(und))
    assert spgraph.triangles(g) == sum(nx.triangles(und).values()) // 3
    if not g.undirected:
        rng = np.random.default_rng(0)
        us = rng.integers(0, g.n, 20)
        for u in us.tolist():
            reach = spgraph.reachable(g, np.full(g.n, g.name(u)), g.ids)  # by id
            d = nx.descendants(h, u)
            assert set(np.flatnonzero(reach).tolist()) - {u} == d - {u}


def test_pagerank_float_precision_and_gauss_seidel_match_networkx():
    a = random_csr(400, 2400, 13, directed=True, self_loops=False)
    g = spgraph.Graph.from_scipy(a, pattern=True)
    want = nx.pagerank(to_nx(g), tol=1e-12, max_iter=1000)
    want = np.array([want[v] for v in range(g.n)])
    for kwargs, stop, tol in (({"precision": "float"}, 1e-6, 1e-5),
                              ({"sweep": "gauss-seidel"}, 1e-12, 1e-9),
                              ({"sweep": "gauss-seidel", "precision": "float"}, 1e-6, 1e-5)):
        pr = spgraph.pagerank(g, variant="standard", tolerance=stop, iterations=1000, **kwargs)
        assert pr.converged, kwargs
        assert np.allclose(pr.rank, want, atol=tol), kwargs
    with pytest.raises(ValueError):
        spgraph.pagerank(g, precision="half")
    with pytest.raises(ValueError):
        spgraph.pagerank(g, sweep="gauss-seidel", spmv="csr5")
