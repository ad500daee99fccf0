# SPDX-License-Identifier: Apache-2.0
"""DynamicGraph: a random update stream against a Python set model, and snapshots queried from
threads while a writer inserts (checks are deterministic: each snapshot must be one of the
states the writer published, whatever the interleaving)."""

import threading

import networkx as nx
import numpy as np
import pytest

import spgraph
from conftest import DATA, to_nx


def model_edges(snap):
    n = snap.n
    out = set()
    for u in range(n):
        for v in snap.neighbors(u).tolist():
            out.add((u, v))
    return out


@pytest.mark.parametrize("directed", [False, True])
def test_random_stream_matches_set_model(directed):
    rng = np.random.default_rng(42 + directed)
    n0 = 50
    d = spgraph.DynamicGraph(n0, directed=directed, triangles=not directed)
    model = set()
    n = n0
    for step in range(60):
        k = int(rng.integers(1, 80))
        src = rng.integers(0, n + 5, k)  # some updates grow the graph
        dst = rng.integers(0, n + 5, k)
        kind = step % 3
        if kind == 0:
            d.insert(src, dst)
            for u, v in zip(src.tolist(), dst.tolist()):
                model.add((u, v))
                if not directed:
                    model.add((v, u))
                n = max(n, u + 1, v + 1)
        elif kind == 1:
            s = d.erase(src, dst)
            for u, v in zip(src.tolist(), dst.tolist()):
                # Any update naming a vertex past the end grows the graph, an erase too
                # (engine/dynamic_graph.hpp, VertexGrowth::Grow).
                n = max(n, u + 1, v + 1)
                model.discard((u, v))
                if not directed:
                    model.discard((v, u))
            assert s["erased"] + s["missing"] <= k
        else:
            ops = rng.choice(np.array(["+", "-"]), k)
            d.apply(ops, src, dst)
            for o, u, v in zip(ops.tolist(), src.tolist(), dst.tolist()):
                if o == "+":
                    model.add((u, v))
                    if not directed:
                        model.add((v, u))
                    n = max(n, u + 1, v + 1)
                else:
                    n = max(n, u + 1, v + 1)
                    model.discard((u, v))
                    if not directed:
                        model.discard((v, u))
        snap = d.snapshot()
        assert snap.version == step + 1
        assert snap.n == n
        if step % 10 == 9:
            assert model_edges(snap) == model
            us = rng.integers(0, n, 50)
            vs = rng.integers(0, n, 50)
            assert snap.has_edge(us, vs).tolist() == [(u, v) in model for u, v in zip(us.tolist(), vs.tolist())]
            deg = snap.degree(np.arange(n))
            assert deg.tolist() == [sum(1 for (a, _) in model if a == u) for u in range(n)]
    # final state against networkx
    h = nx.DiGraph() if directed else nx.Graph()
    h.add_nodes_from(range(n))
    h.add_edges_from(model)
    snap = d.snapshot()
    r = snap.bfs(0)
    want = nx.single_source_shortest_path_length(h, 0)
    assert {v: int(r.levels[v]) for v in range(n) if r.levels[v] >= 0} == want
    if not directed:
        hs = nx.Graph(h)
        hs.remove_edges_from(nx.selfloop_edges(hs))
        assert snap.triangles == sum(nx.triangles(hs).values()) // 3
        assert snap.count_triangles() == snap.triangles
        assert snap.cc().components == nx.number_connected_components(h)
    else:
        u, v = 1, 2
        assert snap.reachable(u, v) == (v in nx.descendants(h, u))
    g = snap.to_graph()
    assert g.n == n and g.nnz == len(model)


def test_weighted_structured_batch():
    d = spgraph.DynamicGraph(4, directed=True, weighted=True)
    batch = np.zeros(4, dtype=[("op", "U1"), ("src", "i8"), ("dst", "i8"), ("w", "f8")])
    batch[:] = [("+", 0, 1, 2.5), ("+", 1, 2, 1.0), ("=", 0, 1, 4.0), ("-", 1, 2, 0)]
    s = d.apply(batch)
    # The summary counts each edge's net change over the batch (engine/dynamic_graph.hpp,
    # BatchSummary): 1->2 was absent before and after, so it is neither inserted nor erased.
    assert (s["inserted"], s["assigned"], s["erased"]) == (1, 1, 0)
    snap = d.snapshot()
    assert snap.weight(0, 1) == 4.0 and snap.weight(1, 2) is None
    d.insert(2, 3, 1.5)
    assert d.snapshot().sssp(0).distance.tolist() == [0.0, 4.0, np.inf, np.inf]
    with pytest.raises(spgraph.InvalidArgument):
        spgraph.DynamicGraph(3).insert([0], [1], [2.0])  # unweighted
    with pytest.raises(IndexError):
        spgraph.DynamicGraph(3, grow=False).insert([0], [7])


def test_from_graph_keeps_edges():
    g = spgraph.load(DATA / "karate.mtx")
    d = spgraph.DynamicGraph(g, triangles=True)
    snap = d.snapshot()
    assert snap.triangles == 45 and snap.num_edges == 78 and not snap.directed
    h = to_nx(g)
    d.erase([1], [2])  # the file's ids (1-based): positions 0 and 1
    h.remove_edge(0, 1)
    assert d.snapshot().triangles == sum(nx.triangles(h).values()) // 3
    assert snap.triangles == 45  # the old snapshot is unchanged


def test_snapshots_from_threads_while_writer_inserts():
    """A writer inserts a path 0-1-2-...-N in batches; readers take snapshots meanwhile. A
    snapshot of version v must hold exactly the first v batches: its BFS from 0 reaches
    v * batch + 1 vertices, edges == v * batch, and it stays that way after the writer moves on."""
    batch, batches = 500, 40
    d = spgraph.DynamicGraph(1)
    errors, seen = [], []
    done = threading.Event()

    def reader():
        try:
            local = []
            while not done.is_set() or len(local) < 3:
                s = d.snapshot()
                v = s.version
                r = s.bfs(0)
                ok = (r.reached == v * batch + 1 and s.num_edges == v * batch and
                      r.depth == v * batch and bool(s.reachable(0, v * batch)) == (v > 0))
                local.append((v, ok, s))
            # older snapshots still answer as of their version
            for v, ok, s in local:
                if not ok or s.bfs(0).reached != v * batch + 1:
                    errors.append(v)
            seen.extend(v for v, _, _ in local)
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for b in range(batches):
        src = np.arange(b * batch, (b + 1) * batch)
        d.insert(src, src + 1)
    done.set()
    for t in threads:
        t.join()
    assert not errors
    assert d.snapshot().version == batches and d.snapshot().bfs(0).reached == batches * batch + 1
    assert seen and max(seen) <= batches
