# SPDX-License-Identifier: Apache-2.0
"""spgraph.scc, spgraph.shortest_paths and spgraph.path_to against networkx: the components
equal networkx.strongly_connected_components (labels are file ids of a member, the smallest
position), and every path is valid: it starts at the source, ends at the vertex, each hop is an
arc, and its length equals networkx's distance (BFS hops, Dijkstra weights). On graphs built in
memory (ids 0..n-1) and on a remapped string-id file (labels and paths in its names)."""

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

import spgraph


def random_weighted(n, m, seed):
    """A random directed graph with integer weights 1..9 as a scipy CSR array and networkx."""
    rng = np.random.default_rng(seed)
    rows, cols = rng.integers(0, n - 3, m), rng.integers(0, n - 3, m)
    w = rng.integers(1, 10, m).astype(np.float64)
    keep = {}
    for u, v, x in zip(rows.tolist(), cols.tolist(), w.tolist()):
        keep[(u, v)] = x
    src = np.array([u for u, _ in keep]), np.array([v for _, v in keep])
    a = sp.csr_array((np.array(list(keep.values())), src), shape=(n, n))
    h = nx.DiGraph()
    h.add_nodes_from(range(n))
    h.add_weighted_edges_from((u, v, x) for (u, v), x in keep.items())
    return a, h


def positions_of(r):
    """The Result with its vertex-valued fields as positions, where Result offers that."""
    return getattr(r, "positions", r)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scc_matches_networkx(seed):
    a, h = random_weighted(60, 120, seed)
    g = spgraph.Graph.from_scipy(a)
    r = spgraph.scc(g)
    labels = np.asarray(positions_of(r).labels, dtype=np.int64)
    want = {frozenset(c) for c in nx.strongly_connected_components(h)}
    got = {}
    for v, lab in enumerate(labels.tolist()):
        got.setdefault(lab, set()).add(v)
    assert {frozenset(c) for c in got.values()} == want
    for lab, members in got.items():
        assert lab == min(members)  # the smallest position represents
    assert r.count == len(want)
    assert r.largest == max(len(c) for c in want)


def test_scc_of_an_empty_and_a_string_id_graph(tmp_path):
    assert spgraph.scc(spgraph.Graph.from_scipy(sp.csr_array((0, 0)))).count == 0
    f = tmp_path / "names.tsv"
    f.write_text("GO:1\tGO:2\nGO:2\tGO:1\nGO:2\tGO:3\nGO:4\tGO:4\n")
    g = spgraph.load(str(f), remap_ids=True)
    r = spgraph.scc(g)
    assert r.count == 3 and r.largest == 2
    ids = list(g.ids)
    by_name = dict(zip(ids, list(r.labels)))
    assert by_name["GO:1"] == by_name["GO:2"] == "GO:1"
    assert by_name["GO:3"] == "GO:3" and by_name["GO:4"] == "GO:4"


@pytest.mark.parametrize("method", ["auto", "bellman-ford"])
def test_shortest_paths_are_valid(method):
    a, h = random_weighted(50, 150, 7)
    g = spgraph.Graph.from_scipy(a)
    r = spgraph.shortest_paths(g, 0, method=method)
    want = nx.single_source_dijkstra_path_length(h, 0)
    for v in range(g.n):
        path = spgraph.path_to(r, v)
        if v not in want:
            assert path == [] and np.isinf(r.distance[v])
            continue
        assert path[0] == 0 and path[-1] == v
        length = sum(h[u][x]["weight"] for u, x in zip(path, path[1:]))
        assert length == pytest.approx(want[v]) and r.distance[v] == pytest.approx(want[v])


def test_bfs_path_to_is_a_shortest_path():
    a, h = random_weighted(50, 120, 9)
    g = spgraph.Graph.from_scipy(a)
    r = spgraph.bfs(g, 0, parents=True)
    hops = nx.single_source_shortest_path_length(h, 0)
    for v in range(g.n):
        path = spgraph.path_to(r, v)
        if v not in hops:
            assert path == []
            continue
        assert len(path) == hops[v] + 1 and path[0] == 0 and path[-1] == v
        assert all(h.has_edge(u, x) for u, x in zip(path, path[1:]))
    with pytest.raises(spgraph.InvalidArgument):
        spgraph.path_to(spgraph.bfs(g, 0), 1)  # no parents computed


def test_paths_in_a_files_names(tmp_path):
    f = tmp_path / "names.tsv"
    f.write_text("a\tb\t1\nb\tc\t1\na\tc\t5\nd\ta\t1\n")
    g = spgraph.load(str(f), remap_ids=True)
    r = spgraph.shortest_paths(g, "a")
    assert spgraph.path_to(r, "c") == ["a", "b", "c"]
    assert spgraph.path_to(r, "a") == ["a"]
    assert spgraph.path_to(r, "d") == []
