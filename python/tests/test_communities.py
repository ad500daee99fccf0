# SPDX-License-Identifier: Apache-2.0
"""Communities and cores against independent oracles: LDBC Graphalytics' CDLP and LCC against a
brute-force Python reading of their definitions and networkx's clustering, on random graphs
(directed and undirected, self-loops, isolated vertices, one huge row) and bundled graphs."""

from collections import Counter

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

import spgraph
from conftest import DATA, random_csr, to_nx


def neighbour_lists(a, directed):
    """Per vertex, the neighbours CDLP counts (in and out on a directed graph, self-loops
    dropped), with an arc in each direction listed twice."""
    n = a.shape[0]
    coo = a.tocoo()
    nbrs = [[] for _ in range(n)]
    for u, v in zip(coo.row.tolist(), coo.col.tolist()):
        if u == v:
            continue
        nbrs[u].append(v)
        if directed:
            nbrs[v].append(u)
    return nbrs


def brute_cdlp(a, directed, iterations):
    nbrs = neighbour_lists(a, directed)
    label = list(range(a.shape[0]))
    for _ in range(iterations):
        new = label[:]
        for v, ns in enumerate(nbrs):
            if ns:
                counts = Counter(label[u] for u in ns)
                best = max(counts.values())
                new[v] = min(l for l, c in counts.items() if c == best)
        label = new
    return label


def brute_lcc(a):
    """Graphalytics LCC: arcs among N(v) = in ∪ out \\ {v}, over |N|(|N|-1)."""
    n = a.shape[0]
    coo = a.tocoo()
    arcs = {(u, v) for u, v in zip(coo.row.tolist(), coo.col.tolist()) if u != v}
    nbr = [set() for _ in range(n)]
    for u, v in arcs:
        nbr[u].add(v)
        nbr[v].add(u)
    out = np.zeros(n)
    for v in range(n):
        d = len(nbr[v])
        if d >= 2:
            out[v] = sum((x, y) in arcs for x in nbr[v] for y in nbr[v] if x != y) / (d * (d - 1))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_cdlp_random_against_brute_force(seed):
    n = [1, 2, 30, 120, 400, 700][seed]
    directed = seed % 2 == 0
    a = random_csr(n, 3 * n, seed, directed=directed)
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=not directed)
    for iterations in (0, 1, 3, 10):
        r = spgraph.cdlp(g, iterations=iterations)
        assert r.labels.tolist() == brute_cdlp(a, directed, iterations)
        assert r.communities == len(set(r.labels.tolist()))
        assert r.largest == max(Counter(r.labels.tolist()).values())


def test_cdlp_hub_and_isolated():
    # a star of 3000 leaves (one huge row) and 5 isolated vertices
    n = 3006
    r = np.zeros(3000, dtype=np.int64)
    c = np.arange(1, 3001)
    a = sp.coo_array((np.ones(6000), (np.concatenate([r, c]), np.concatenate([c, r]))),
                     shape=(n, n)).tocsr()
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=True)
    got = spgraph.cdlp(g, iterations=4)
    assert got.labels.tolist() == brute_cdlp(a, False, 4)
    assert got.labels[3005] == 3005


@pytest.mark.parametrize("seed", range(5))
def test_lcc_random_against_brute_force(seed):
    n = [1, 3, 40, 150, 300][seed]
    directed = seed % 2 == 1
    a = random_csr(n, 4 * n, seed, directed=directed)
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=not directed)
    r = spgraph.lcc(g)
    assert np.allclose(r.lcc, brute_lcc(a), rtol=1e-12, atol=0)
    assert r.mean == pytest.approx(brute_lcc(a).mean() if n else 0)


def test_lcc_undirected_is_networkx_clustering():
    g = spgraph.load(DATA / "karate.mtx")
    h = to_nx(g)
    want = nx.clustering(h)
    r = spgraph.lcc(g)
    assert np.allclose(r.lcc, [want[v] for v in range(g.n)], rtol=1e-12)
    assert r.mean == pytest.approx(nx.average_clustering(h))


def test_empty_graph():
    g = spgraph.Graph.from_scipy(sp.csr_array((0, 0), dtype=np.int64), pattern=True)
    assert spgraph.cdlp(g).labels.tolist() == []
    assert spgraph.lcc(g).lcc.tolist() == []
    with pytest.raises(spgraph.InvalidArgument):
        spgraph.cdlp(g, iterations=-1)


def brute_core(a):
    """Core numbers by repeatedly removing a vertex of minimum degree (A + A', no loops)."""
    h = nx.Graph()
    h.add_nodes_from(range(a.shape[0]))
    coo = a.tocoo()
    h.add_edges_from((u, v) for u, v in zip(coo.row.tolist(), coo.col.tolist()) if u != v)
    return nx.core_number(h), h


@pytest.mark.parametrize("seed", range(5))
def test_kcore_against_networkx(seed):
    n = [1, 10, 80, 300, 900][seed]
    directed = seed % 2 == 0
    a = random_csr(n, 4 * n, seed, directed=directed)
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=not directed)
    want, _ = brute_core(a)
    r = spgraph.kcore(g)
    assert r.core.tolist() == [want[v] for v in range(n)]
    assert r.max_core == max(want.values(), default=0)
    k = r.max_core
    assert r.core[spgraph.kcore(g, k=k).vertices].min(initial=k) >= k
    assert len(spgraph.kcore(g, k=k).vertices) == sum(1 for c in want.values() if c >= k)


def networkx_truss(h):
    """Truss number of every edge from networkx's k_truss (k = 2, 3, ...)."""
    truss = {}
    k = 2
    sub = h
    while sub.number_of_edges():
        sub = nx.k_truss(sub, k)
        for u, v in sub.edges():
            truss[(min(u, v), max(u, v))] = k
        k += 1
    return truss


@pytest.mark.parametrize("seed", range(4))
def test_ktruss_against_networkx(seed):
    n = [5, 30, 120, 300][seed]
    a = random_csr(n, 5 * n, seed, directed=seed % 2 == 0)
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=seed % 2 == 1)
    _, h = brute_core(a)
    want = networkx_truss(h)
    r = spgraph.ktruss(g)
    got = {(int(u), int(v)): int(t) for u, v, t in zip(r.src, r.dst, r.truss)}
    assert got == want
    assert r.max_truss == max(want.values(), default=0)
    assert r.triangles == sum(nx.triangles(h).values()) // 3
    top = spgraph.ktruss(g, k=r.max_truss)
    assert len(top.src) == sum(1 for t in want.values() if t >= r.max_truss)


def test_kcore_ktruss_karate_and_clique():
    g = spgraph.load(DATA / "karate.mtx")
    h = to_nx(g)
    assert spgraph.kcore(g).core.tolist() == [nx.core_number(h)[v] for v in range(g.n)]
    clique = sp.csr_array(np.ones((6, 6)) - np.eye(6))
    c = spgraph.Graph.from_scipy(clique, pattern=True, undirected=True)
    assert spgraph.kcore(c).core.tolist() == [5] * 6
    assert spgraph.ktruss(c).truss.tolist() == [6] * 15
    with pytest.raises(spgraph.InvalidArgument):
        spgraph.kcore(c, k=-1)


def ring_of_cliques(cliques, size):
    """`cliques` cliques of `size` vertices, each joined to the next by one edge."""
    rows, cols = [], []
    for c in range(cliques):
        base = c * size
        for u in range(size):
            for v in range(u + 1, size):
                rows.append(base + u), cols.append(base + v)
        rows.append(base), cols.append(((c + 1) % cliques) * size + 1)
    n = cliques * size
    a = sp.coo_array((np.ones(len(rows)), (rows, cols)), shape=(n, n)).tocsr()
    return (a + a.T).tocsr()


@pytest.mark.parametrize("method", ["louvain", "leiden"])
def test_communities_find_a_ring_of_cliques(method):
    a = ring_of_cliques(8, 6)
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=True)
    r = spgraph.communities(g, method=method, seed=3)
    assert r.communities == 8 and r.largest == 6
    blocks = r.membership.reshape(8, 6)
    assert all(len(set(b.tolist())) == 1 for b in blocks)
    assert len(set(blocks[:, 0].tolist())) == 8
    h = to_nx(g)
    parts = [set(np.flatnonzero(r.membership == c).tolist()) for c in range(r.communities)]
    assert r.modularity == pytest.approx(nx.community.modularity(h, parts), abs=1e-12)
    assert r.quality == pytest.approx(r.modularity)
    # the same seed gives the same partition
    assert spgraph.communities(g, method=method, seed=3).membership.tolist() == r.membership.tolist()


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("resolution", [0.5, 1.0, 2.0])
def test_modularity_equals_networkx(seed, resolution):
    n = 60
    a = random_csr(n, 4 * n, seed, directed=False)
    rng = np.random.default_rng(seed)
    w = a.copy().astype(np.float64)
    w.data = rng.integers(1, 5, len(w.data)).astype(np.float64)
    w = ((w + w.T) / 2).tocsr()  # symmetric weights, self-loops kept
    g = spgraph.Graph.from_scipy(w, undirected=True)
    membership = rng.integers(0, 5, n)
    h = nx.Graph()
    h.add_nodes_from(range(n))
    coo = sp.triu(w).tocoo()
    h.add_weighted_edges_from(zip(coo.row.tolist(), coo.col.tolist(), coo.data.tolist()))
    parts = [set(np.flatnonzero(membership == c).tolist()) for c in range(5)]
    parts = [p for p in parts if p]
    want = nx.community.modularity(h, parts, weight="weight", resolution=resolution)
    assert spgraph.modularity(g, membership, resolution=resolution) == pytest.approx(want, abs=1e-12)
    unweighted = nx.community.modularity(h, parts, weight=None, resolution=resolution)
    assert spgraph.modularity(g, membership, resolution=resolution,
                              weighted=False) == pytest.approx(unweighted, abs=1e-12)


def test_communities_on_karate_match_networkx_and_igraph():
    g = spgraph.load(DATA / "karate.mtx")
    h = to_nx(g)
    nx_q = np.median([nx.community.modularity(h, nx.community.louvain_communities(h, seed=s))
                      for s in range(5)])
    for method in ("louvain", "leiden"):
        ours = [spgraph.communities(g, method=method, seed=s) for s in range(5)]
        assert np.median([r.modularity for r in ours]) >= nx_q - 0.005, method
        for r in ours:  # every community connected (Leiden guarantees it; Louvain here too)
            for c in range(r.communities):
                assert nx.is_connected(h.subgraph(np.flatnonzero(r.membership == c).tolist()))
    ig = pytest.importorskip("igraph")
    coo = sp.triu(g.to_scipy()).tocoo()
    t = ig.Graph(n=g.n, edges=list(zip(coo.row.tolist(), coo.col.tolist())))
    ig_q = t.modularity(t.community_multilevel())
    assert spgraph.communities(g, method="leiden", iterations=-1).modularity >= ig_q - 0.005


def test_communities_cdlp_cpm_and_bad_arguments():
    g = spgraph.load(DATA / "karate.mtx")
    c = spgraph.communities(g, method="cdlp", iterations=5)
    labels = spgraph.cdlp(g, iterations=5).labels
    # the same partition as cdlp(), numbered by first vertex
    assert len(set(zip(c.membership.tolist(), labels.tolist()))) == c.communities
    r = spgraph.communities(g, method="leiden", objective="cpm", resolution=0.1, seed=1)
    assert r.quality == pytest.approx(spgraph.modularity(g, r.membership, 0.1, "cpm"))
    for bad in (dict(method="girvan"), dict(objective="surprise"), dict(resolution=-1),
                dict(iterations=0)):
        with pytest.raises(spgraph.InvalidArgument):
            spgraph.communities(g, **bad)
    empty = spgraph.Graph.from_scipy(sp.csr_array((4, 4), dtype=np.int64), pattern=True)
    e = spgraph.communities(empty)
    assert e.communities == 4 and np.isnan(e.modularity)
