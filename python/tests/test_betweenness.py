# SPDX-License-Identifier: Apache-2.0
"""spgraph.betweenness against networkx's betweenness_centrality (exact, normalized or not,
directed and undirected, weighted) and against networkx's per-source sums for named and
sampled sources; bad arguments."""

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

import spgraph
from conftest import DATA, random_csr, to_nx


def _nx_scores(h, n, **kw):
    d = nx.betweenness_centrality(h, **kw)
    return np.array([d[v] for v in range(n)])


@pytest.mark.parametrize("directed", [True, False])
@pytest.mark.parametrize("normalized", [False, True])
def test_exact_matches_networkx(directed, normalized):
    a = random_csr(120, 300, seed=7, directed=directed)
    g = spgraph.Graph.from_scipy(a, pattern=True, undirected=not directed)
    h = to_nx(g)
    h.remove_edges_from(nx.selfloop_edges(h))
    want = _nx_scores(h, g.n, normalized=normalized)
    for method in ("per-source", "batched"):
        r = spgraph.betweenness(g, normalized=normalized, method=method)
        assert len(r.sources) == g.n
        np.testing.assert_allclose(r.score, want, rtol=1e-9, atol=1e-12)
    assert want.max() > 0


def test_weighted_matches_networkx():
    rng = np.random.default_rng(3)
    n = 80
    r, c = rng.integers(0, n, 240), rng.integers(0, n, 240)
    keep = r != c
    r, c = r[keep], c[keep]
    w = sp.coo_array((rng.integers(1, 5, len(r)).astype(float), (r, c)), shape=(n, n)).tocsr()
    w.sum_duplicates()
    g = spgraph.Graph.from_scipy(w)
    h = nx.from_scipy_sparse_array(w, create_using=nx.DiGraph)
    want = _nx_scores(h, n, normalized=False, weight="weight")
    got = spgraph.betweenness(g, weighted=True).score
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12)
    unweighted = _nx_scores(h, n, normalized=False)
    assert not np.allclose(want, unweighted), "the weights must matter on this graph"


def test_sources_and_sampling_sum_single_source_runs():
    g = spgraph.load(str(DATA / "karate.mtx"))
    h = to_nx(g)
    sources = [0, 5, 33]  # positions; the call takes the file's (1-based) ids
    r = spgraph.betweenness(g, sources=[g.name(s) for s in sources])
    assert r.scaling == "raw"
    assert r.sources.tolist() == [1, 6, 34] and r.positions.sources.tolist() == sources
    want = np.zeros(g.n)
    for s in sources:
        # networkx's subset sums over the pairs (s, t) for every t; for an undirected graph it
        # halves, so double it back to the raw sum GAP and LAGraph report.
        d = nx.betweenness_centrality_subset(h, [s], list(h.nodes), normalized=False)
        want += 2 * np.array([d[v] for v in range(g.n)])
    np.testing.assert_allclose(r.score, want, rtol=1e-9, atol=1e-12)
    k = spgraph.betweenness(g, k=4, seed=9)
    assert len(set(k.sources.tolist())) == 4
    again = spgraph.betweenness(g, sources=k.sources.tolist())
    np.testing.assert_allclose(k.score, again.score, rtol=1e-12)
    norm = spgraph.betweenness(g, k=4, seed=9, normalized=True)
    n = g.n
    np.testing.assert_allclose(norm.score, k.score * n / (4 * (n - 1) * (n - 2)), rtol=1e-12)


def test_bad_arguments():
    g = spgraph.load(str(DATA / "karate.mtx"))
    with pytest.raises(spgraph.InvalidArgument):
        spgraph.betweenness(g, sources=[1], k=2)
    with pytest.raises(spgraph.InvalidArgument):
        spgraph.betweenness(g, k=0)
    with pytest.raises(spgraph.InvalidArgument):
        spgraph.betweenness(g, method="fast")
    with pytest.raises((spgraph.InvalidArgument, spgraph.IndexOutOfBounds)):
        spgraph.betweenness(g, sources=[10 ** 6])
