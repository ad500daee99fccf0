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
