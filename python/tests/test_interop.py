# SPDX-License-Identifier: Apache-2.0
"""Graphs in and out of arrays, scipy, pandas and networkx (python/spgraph/_interop.py), checked
against independent oracles: networkx (to_scipy_sparse_array, from_pandas_edgelist,
graphs_equal), scipy.sparse, a Python dict model of load's duplicate rule, and spgraph.load
itself reading the same edges from a file. Random graphs with duplicates, self-loops and
isolated vertices; integer, string and non-contiguous ids; the empty graph."""

import networkx as nx
import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp

import spgraph

from conftest import DATA


def _random_edges(seed, n, m):
    rng = np.random.default_rng(seed)
    return rng.integers(0, n, m), rng.integers(0, n, m), rng.random(m).round(3) + 0.5


def _first_kept(src, dst, w, undirected=False):
    """The dict model of load's rule: the first value of a repeated arc wins; undirected adds
    every reverse arc after all the given ones (self-loops once)."""
    out = {}
    for s, d, x in zip(src, dst, w):
        out.setdefault((s, d), x)
    if undirected:
        for s, d, x in zip(src, dst, w):
            if s != d:
                out.setdefault((d, s), x)
    return out


def _dense(arcs, n, index=lambda v: v):
    a = np.zeros((n, n))
    for (s, d), x in arcs.items():
        a[index(s), index(d)] = x
    return a


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("undirected", [False, True])
def test_from_edges_integers_follow_the_first_value_rule(seed, undirected):
    n = [1, 7, 40, 200][seed]
    src, dst, w = _random_edges(seed, n, 3 * n)
    g = spgraph.Graph.from_edges(src, dst, weights=w, undirected=undirected)
    assert g.n == max(src.max(), dst.max()) + 1
    assert g.dtype == "double" and g.undirected == undirected
    np.testing.assert_array_equal(g.ids, np.arange(g.n))
    want = _dense(_first_kept(src.tolist(), dst.tolist(), w.tolist(), undirected), g.n)
    np.testing.assert_array_equal(g.to_scipy().toarray(), want)


@pytest.mark.parametrize("undirected", [False, True])
@pytest.mark.parametrize("names", ["int", "str"])
def test_from_edges_equals_load_of_the_same_file(tmp_path, undirected, names):
    src, dst, w = _random_edges(11, 30, 90)
    if names == "str":
        src = np.array(["v%d" % v for v in src], dtype=object)
        dst = np.array(["v%d" % v for v in dst], dtype=object)
    else:
        src, dst = src * 1000 + 7, dst * 1000 + 7  # sparse integer ids
    path = tmp_path / "edges.tsv"
    path.write_text("".join("%s\t%s\t%r\n" % e for e in zip(src, dst, w.tolist())))
    want = spgraph.load(path, remap_ids=True, undirected=undirected)
    got = spgraph.Graph.from_edges(src, dst, weights=w, undirected=undirected,
                                   remap_ids=names == "int")
    assert got == want
    assert got.undirected == want.undirected
    assert list(got) == list(want)


def test_from_edges_string_names_in_order_of_first_appearance():
    src = ["GO:3", "b", "GO:3", "z", "b"]
    dst = ["b", "a", "a", "z", "GO:3"]
    g = spgraph.Graph.from_edges(src, dst)
    assert g.ids == ["GO:3", "b", "a", "z"]
    assert g.id_kind == "string" and g.dtype == "pattern"
    h = nx.DiGraph(list(zip(src, dst)))
    for v in h:
        assert sorted(g.neighbors(v)) == sorted(h.successors(v))


def test_from_edges_ids_fix_the_order_and_add_isolated_vertices():
    g = spgraph.Graph.from_edges(["a", "c"], ["c", "a"], ids=["c", "x", "a"])
    assert g.ids == ["c", "x", "a"]
    np.testing.assert_array_equal(g.degree(), [1, 0, 1])
    assert g.has_edge("a", "c") and not g.has_edge("x", "a")
    h = spgraph.Graph.from_edges([30, 10], [10, 20], ids=[10, 20, 30, 40])
    np.testing.assert_array_equal(h.ids, [10, 20, 30, 40])
    assert h.has_edge(30, 10) and h.degree(40) == 0 and h.id_kind == "integer"
    k = spgraph.Graph.from_edges([0, 1], [1, 2], ids=range(5))
    assert k.id_kind == "offset" and k.n == 5
    with pytest.raises(spgraph.InvalidArgument, match="'q' is not in ids"):
        spgraph.Graph.from_edges(["a"], ["q"], ids=["a", "b"])
    with pytest.raises(spgraph.InvalidArgument, match="listed twice"):
        spgraph.Graph.from_edges(["a"], ["b"], ids=["a", "b", "a"])
    with pytest.raises(spgraph.InvalidArgument, match="7 is not in ids"):
        spgraph.Graph.from_edges([1], [7], ids=[1, 2, 3])


def test_from_edges_options_and_errors():
    g = spgraph.Graph.from_edges([0, 2], [2, 0], n=6)
    assert g.n == 6 and g.nnz == 2
    with pytest.raises(spgraph.InvalidArgument, match="not below n"):
        spgraph.Graph.from_edges([0, 9], [1, 0], n=6)
    r = spgraph.Graph.from_edges([10**12, 5], [5, 10**12], remap_ids=True)
    np.testing.assert_array_equal(r.ids, [10**12, 5])
    with pytest.raises(spgraph.InvalidArgument, match=r"\('x', 'y'\) is given twice"):
        spgraph.Graph.from_edges(["x", "x"], ["y", "y"], duplicates="reject")
    with pytest.raises(spgraph.InvalidArgument, match="is given twice"):
        spgraph.Graph.from_edges([1, 2], [2, 1], undirected=True, duplicates="reject")
    with pytest.raises(spgraph.InvalidArgument, match="negative"):
        spgraph.Graph.from_edges([-1], [0])
    with pytest.raises(TypeError, match="integers or strings"):
        spgraph.Graph.from_edges([0.5], [1.0])
    with pytest.raises(spgraph.InvalidArgument, match="NaN"):
        spgraph.Graph.from_edges([0], [1], weights=[float("nan")])
    with pytest.raises(spgraph.InvalidArgument, match="2 values for 1 edges"):
        spgraph.Graph.from_edges([0], [1], weights=[1, 2])
    with pytest.raises(spgraph.InvalidArgument, match="differ|dst"):
        spgraph.Graph.from_edges([0, 1], [1])
    with pytest.raises(spgraph.InvalidArgument, match="past the limit"):
        spgraph.Graph.from_edges([2**40], [0])
    mixed = spgraph.Graph.from_edges([1, "a"], ["a", 2])
    assert mixed.ids == ["1", "a", "2"]


def test_from_edges_keeps_the_weight_dtype_and_the_empty_graph():
    for dtype, name in ((np.int32, "int32"), (np.int64, "int64"), (np.float32, "float"),
                        (np.bool_, "bool"), (np.uint8, "int64"), (np.float16, "double")):
        g = spgraph.Graph.from_edges([0, 1], [1, 0], weights=np.array([1, 0], dtype=dtype))
        assert g.dtype == name
        np.testing.assert_array_equal(g.edges(data=True)[2], [1, 0])
    e = spgraph.Graph.from_edges([], [])
    assert e.n == 0 and e.nnz == 0 and len(e) == 0
    assert spgraph.Graph.from_edges([], [], ids=["a", "b"]).ids == ["a", "b"]
    assert spgraph.Graph.from_edges([], [], n=3).n == 3


def test_from_scipy_undirected_stores_both_arcs():
    # The case: a one-way K4 (upper triangle) marked undirected.
    k4 = sp.triu(np.ones((4, 4)), k=1, format="csr")
    g = spgraph.Graph.from_scipy(k4, pattern=True, undirected=True)
    assert g.undirected and g.nnz == 12
    assert spgraph.triangles(g) == 4
    assert spgraph.bfs(g, 3).reached == 4
    assert spgraph.bfs(spgraph.Graph.from_scipy(k4, pattern=True), 3).reached == 1
    h = nx.Graph(nx.from_scipy_sparse_array(k4))
    assert sum(nx.triangles(h).values()) // 3 == 4
    coo = k4.tocoo()
    for e in (spgraph.Graph.from_edges(coo.row, coo.col, undirected=True),
              spgraph.Graph.from_pandas(pd.DataFrame({"source": coo.row, "target": coo.col}),
                                        undirected=True)):
        assert e == g and e.undirected
        assert spgraph.triangles(e) == 4 and spgraph.bfs(e, 3).reached == 4


@pytest.mark.parametrize("seed", range(3))
def test_from_scipy_undirected_equals_load_undirected(tmp_path, seed):
    n = [5, 30, 90][seed]
    rng = np.random.default_rng(seed)
    a = sp.random(n, n, density=0.1, format="csr", random_state=seed)
    a.data = rng.integers(1, 9, a.nnz).astype(np.float64)
    g = spgraph.Graph.from_scipy(a, undirected=True)
    # Oracle 1: dense A where A has an entry, else A'.
    d = a.toarray()
    want = np.where(d != 0, d, d.T)
    np.testing.assert_array_equal(g.to_scipy().toarray(), want)
    # Oracle 2: spgraph.load(undirected=True) of the same arcs as a Matrix Market file.
    coo = a.tocoo()
    path = tmp_path / "a.mtx"
    path.write_text("%%%%MatrixMarket matrix coordinate real general\n%d %d %d\n" % (n, n, a.nnz) +
                    "".join("%d %d %r\n" % (r + 1, c + 1, v)
                            for r, c, v in zip(coo.row, coo.col, coo.data)))
    loaded = spgraph.load(path, undirected=True)
    np.testing.assert_array_equal(loaded.to_scipy().toarray(), g.to_scipy().toarray())
    # A symmetric matrix is unchanged.
    s = spgraph.Graph.from_scipy(g.to_scipy(), undirected=True)
    np.testing.assert_array_equal(s.to_scipy().toarray(), want)
    with pytest.raises(spgraph.InvalidArgument, match="square"):
        spgraph.Graph.from_scipy(sp.random(3, 4, density=0.5, format="csr"), undirected=True)


@pytest.mark.parametrize("seed", range(3))
def test_from_pandas_matches_networkx(seed):
    rng = np.random.default_rng(seed)
    n, m = [4, 25, 80][seed], [6, 60, 300][seed]
    pairs = {(int(s), int(d)) for s, d in zip(rng.integers(0, n, m), rng.integers(0, n, m))}
    df = pd.DataFrame({"from": ["n%d" % s for s, _ in pairs], "to": ["n%d" % d for _, d in pairs],
                       "w": rng.random(len(pairs))})
    g = spgraph.Graph.from_pandas(df, source="from", target="to", weight="w")
    h = nx.from_pandas_edgelist(df, "from", "to", edge_attr="w", create_using=nx.DiGraph)
    want = nx.to_scipy_sparse_array(h, nodelist=g.ids, weight="w")
    np.testing.assert_array_equal(g.to_scipy().toarray(), want.toarray())
    back = g.to_pandas()
    assert list(back.columns) == ["source", "target", "weight"]
    assert spgraph.Graph.from_pandas(back, weight="weight", ids=g.ids) == g
    u = spgraph.Graph.from_pandas(df, source="from", target="to", undirected=True)
    hu = nx.from_pandas_edgelist(df, "from", "to")
    assert u.nnz == 2 * hu.number_of_edges() - nx.number_of_selfloops(hu)
    assert spgraph.Graph.from_pandas(u.to_pandas(), undirected=True, ids=u.ids) == u


def test_to_pandas_names_and_pattern():
    g = spgraph.load(DATA / "karate.mtx")
    df = g.to_pandas()
    assert list(df.columns) == ["source", "target"] and len(df) == g.nnz
    assert df["source"].min() == 1 and df["target"].max() == 34  # the file's 1-based ids
    with pytest.raises(spgraph.InvalidArgument, match="no column 'x'"):
        spgraph.Graph.from_pandas(df, source="x")


def _nx_random(seed, kind, labels, all_weighted=False):
    rng = np.random.default_rng(seed)
    n = [0, 1, 12, 60][seed % 4]
    h = {"graph": nx.Graph, "digraph": nx.DiGraph, "multi": nx.MultiDiGraph,
         "multigraph": nx.MultiGraph}[kind]()
    names = rng.permutation(3 * n + 1)[:n] * 5 + 3  # non-contiguous, shuffled
    if labels == "str":
        names = ["node-%d" % v for v in names]
    else:
        names = names.tolist()
    h.add_nodes_from(names)  # isolated vertices stay
    for _ in range(2 * n):
        s, d = rng.integers(0, n, 2)
        attrs = {"weight": float(rng.integers(1, 9))} if all_weighted or rng.random() < 0.8 else {}
        h.add_edge(names[s], names[d], **attrs)
    if n:
        h.add_edge(names[0], names[0], weight=2.0)  # a self-loop
    return h


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["graph", "digraph", "multi", "multigraph"])
@pytest.mark.parametrize("labels", ["int", "str"])
def test_from_networkx_matches_to_scipy_sparse_array(seed, kind, labels):
    h = _nx_random(seed, kind, labels)
    g = spgraph.Graph.from_networkx(h)
    assert list(g) == list(h)
    assert g.undirected == (not h.is_directed())
    want = (nx.to_scipy_sparse_array(h, nodelist=list(h), weight="weight").toarray() if len(h)
            else np.zeros((0, 0)))  # networkx refuses a graph without nodes
    np.testing.assert_array_equal(g.to_scipy().toarray(), want)
    p = spgraph.Graph.from_networkx(h, weight=None)
    assert p.dtype == "pattern"
    np.testing.assert_array_equal(p.to_scipy().toarray(), want != 0)


@pytest.mark.parametrize("kind", ["graph", "digraph"])
@pytest.mark.parametrize("labels", ["int", "str"])
def test_to_networkx_round_trip(kind, labels):
    h = _nx_random(3, kind, labels, all_weighted=True)
    g = spgraph.Graph.from_networkx(h)
    back = g.to_networkx()
    assert nx.utils.graphs_equal(back, h)
    assert spgraph.Graph.from_networkx(back) == g


def test_networkx_labels_pattern_and_loaded_files():
    h = nx.DiGraph([((0, 1), (1, 2)), ((1, 2), (0, 1))])
    with pytest.raises(TypeError, match="labels='str'"):
        spgraph.Graph.from_networkx(h)
    g = spgraph.Graph.from_networkx(h, labels="str")
    assert g.ids == ["(0, 1)", "(1, 2)"] and g.has_edge("(0, 1)", "(1, 2)")
    assert spgraph.Graph.from_networkx(nx.DiGraph([(0, 1)])).dtype == "pattern"
    assert spgraph.Graph.from_networkx(nx.Graph()).n == 0
    k = spgraph.load(DATA / "karate.mtx")
    kn = k.to_networkx()
    assert sorted(kn) == list(range(1, 35)) and kn.number_of_edges() == 78
    assert spgraph.Graph.from_networkx(kn, weight=None) == k


def test_from_networkx_weights_and_errors():
    h = nx.DiGraph()
    h.add_edge("a", "b", cost=3)
    h.add_edge("b", "c")
    g = spgraph.Graph.from_networkx(h, weight="cost")
    np.testing.assert_array_equal(g.edges(data=True)[2], [3.0, 1.0])
    h.add_edge("c", "a", cost="high")
    with pytest.raises(TypeError, match="'cost' must be a number"):
        spgraph.Graph.from_networkx(h, weight="cost")
    with pytest.raises(TypeError, match="2\\^63"):
        spgraph.Graph.from_networkx(nx.DiGraph([(-1, 2)]))
    assert list(spgraph.Graph.from_networkx(nx.DiGraph([(-1, 2)]), labels="str")) == ["-1", "2"]
    with pytest.raises(TypeError, match="expects a networkx graph"):
        spgraph.Graph.from_networkx({0: [1]})


def test_conversions_keep_file_ids_of_a_remapped_file(tmp_path):
    path = tmp_path / "go.tsv"
    arcs = [(5, 9), (9, 2), (5, 2), (2, 5), (9, 5)]
    path.write_text("".join("GO:%07d\tGO:%07d\t%d\n" % (a, b, w + 1)
                            for w, (a, b) in enumerate(arcs)))
    g = spgraph.load(path, remap_ids=True)
    h = g.to_networkx()
    assert sorted(h) == sorted(g.ids) and h["GO:0000005"]["GO:0000009"]["weight"] == 1.0
    assert spgraph.Graph.from_networkx(h) == g
    df = g.to_pandas()
    assert set(df["source"]) <= set(g.ids)
    assert spgraph.Graph.from_pandas(df, weight="weight", ids=g.ids) == g


def test_from_pandas_remaps_integer_ids_and_refuses_a_sparse_id_space():
    df = pd.DataFrame({"source": [10**9, 7, 10**9 + 5], "target": [7, 10**9 + 5, 3]})
    with pytest.raises(spgraph.InvalidArgument, match="remap_ids=True"):
        spgraph.Graph.from_pandas(df)
    g = spgraph.Graph.from_pandas(df, remap_ids=True)
    assert len(g) == 4 and g.nnz == 3
    assert g.has_edge(10**9, 7) and g.has_edge(7, 10**9 + 5) and not g.has_edge(7, 10**9)
    assert sorted(g.ids.tolist()) == [3, 7, 10**9, 10**9 + 5]
    small = spgraph.Graph.from_pandas(pd.DataFrame({"source": [0, 5000], "target": [5000, 1]}))
    assert len(small) == 5001  # a small id space is still numbered by position
