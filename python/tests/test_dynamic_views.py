# SPDX-License-Identifier: Apache-2.0
"""DynamicGraph.maintain: random update streams (inserts, erases, re-weights, growth) with every
view kind maintained, each answer checked after every batch against networkx on the same edges
(components, BFS levels, Dijkstra distances, Jaccard neighbours) and a dense power iteration
(PageRank, GAP variant); the default-argument snapshot queries answer from the views; bad
arguments are clear errors."""

import math

import networkx as nx
import numpy as np
import pytest

import spgraph


def to_nx_graph(snap):
    g = nx.DiGraph() if snap.directed else nx.Graph()
    g.add_nodes_from(range(snap.n))
    for u in range(snap.n):
        for v in snap.neighbors(u).tolist():
            g.add_edge(u, v, weight=snap.weight(u, v))
    return g


def gap_pagerank(g, n, damping=0.85, iterations=300):
    """Dense GAP PageRank: sinks leak, r' = (1-d)/n + d * sum r[u]/outdeg[u]."""
    r = np.full(n, 1.0 / n)
    out = [list(g.successors(u)) if g.is_directed() else list(g.neighbors(u)) for u in range(n)]
    for _ in range(iterations):
        nxt = np.full(n, (1 - damping) / n)
        for u in range(n):
            for v in out[u]:
                nxt[v] += damping * r[u] / len(out[u])
        r = nxt
    return r


@pytest.mark.parametrize("directed", [False, True])
def test_views_follow_a_random_stream(directed):
    rng = np.random.default_rng(7 + directed)
    d = spgraph.DynamicGraph(30, directed=directed, weighted=True)
    names = [d.maintain("cc", policy="incremental"), d.maintain("pagerank"),
             d.maintain("bfs", 0), d.maintain("sssp", 0), d.maintain("knn", 1, k=5)]
    assert names == ["cc", "pagerank", "bfs:0", "sssp:0", "knn:1:5:jaccard"]
    for step in range(40):
        k = int(rng.integers(1, 25))
        src, dst = rng.integers(0, 34, k), rng.integers(0, 34, k)
        w = rng.integers(1, 9, k).astype(float)
        ops = rng.choice(np.array(["+", "+", "-", "="]), k)
        d.apply(ops, src, dst, w)
        s = d.snapshot()
        g = to_nx_graph(s)
        assert sorted(s.maintained) == sorted(names)
        cc = s.view("cc")
        comps = (nx.weakly_connected_components(g) if directed else nx.connected_components(g))
        expect = np.zeros(s.n, dtype=np.int64)
        for c in comps:
            expect[list(c)] = min(c)
        assert cc["labels"].tolist() == expect.tolist()
        assert cc["components"] == len(set(expect.tolist()))
        levels = nx.single_source_shortest_path_length(g, 0)
        bfs = s.view("bfs:0")
        assert bfs["levels"].tolist() == [levels.get(v, -1) for v in range(s.n)]
        dist = nx.single_source_dijkstra_path_length(g, 0)
        sssp = s.view("sssp:0")
        assert sssp["distance"].tolist() == [dist.get(v, math.inf) for v in range(s.n)]
        pr = s.view("pagerank")
        assert np.abs(pr["rank"] - gap_pagerank(g, s.n)).sum() <= pr["tolerance"] + 1e-9
        knn = s.view("knn:1:5:jaccard")
        if not directed:
            cand = [(p, v) for _, v, p in nx.jaccard_coefficient(
                g, [(1, v) for v in range(s.n) if v != 1 and not g.has_edge(1, v)]) if p > 0]
            cand.sort(key=lambda t: (-t[0], t[1]))
            assert knn["ids"].tolist() == [v for _, v in cand[:5]]
            assert np.allclose(knn["scores"], [p for p, _ in cand[:5]])
        # The default-argument queries answer from the views.
        assert s.cc().labels.tolist() == cc["labels"].tolist()
        assert s.cc().method == "maintained"
        assert s.sssp(0).distance.tolist() == sssp["distance"].tolist()
        assert s.bfs(0).levels.tolist() == bfs["levels"].tolist()
        assert s.pagerank().rank.tolist() == pr["rank"].tolist()
        assert s.cc(method="fastsv").labels.tolist() == cc["labels"].tolist()
    stats = d.view_stats()
    assert [v["name"] for v in stats] == names
    assert stats[0]["updated"] == 40 and stats[0]["recomputed"] == 1


def test_maintain_errors_and_unmaintain():
    d = spgraph.DynamicGraph(5, weighted=True)
    with pytest.raises(spgraph.InvalidArgument):
        d.maintain("nosuch")
    with pytest.raises(spgraph.IndexOutOfBounds):
        d.maintain("sssp", 9)
    with pytest.raises(spgraph.InvalidArgument):
        d.maintain("cc", 1)
    with pytest.raises(spgraph.InvalidArgument):
        d.maintain("knn", 1, measure="nosuch")
    with pytest.raises(spgraph.InvalidArgument):
        d.maintain("cc", policy="sometimes")
    assert d.maintain("sssp", 0) == "sssp:0"
    with pytest.raises(spgraph.InvalidArgument):
        d.maintain("sssp", 0)  # already maintained
    with pytest.raises(spgraph.InvalidArgument):
        d.insert([0], [1], [-2.0])  # the view refuses negative weights
    assert d.snapshot().num_edges == 0
    assert d.unmaintain("sssp:0") is True
    assert d.unmaintain("sssp:0") is False
    assert d.snapshot().view("sssp:0") is None
    d.insert([0], [1], [-2.0])
    assert d.snapshot().num_edges == 1
