# SPDX-License-Identifier: Apache-2.0
"""spgraph.Graph as a Python object (python/spgraph/_graph_object.py): len, iteration, `in`,
neighbors, has_edge, edges, degree against networkx built from the same edges; save() and
pickling round trips (pickle, copy, multiprocessing workers) with the ids kept, read back by
spgraph.load; == against graphs built other ways. Random graphs, self-loops, isolated vertices,
the empty graph, 1-based and string-id files."""

import copy
import multiprocessing
import operator
import os
import pickle

import networkx as nx
import numpy as np
import pytest
import scipy.io
import scipy.sparse as sp

import spgraph

from conftest import DATA


def _random_graph(seed, names):
    """(spgraph graph, networkx DiGraph) of the same random edges, with isolated vertices."""
    rng = np.random.default_rng(seed)
    n = [1, 9, 50][seed % 3]
    ids = rng.permutation(4 * n)[:n] * 3 + 1
    ids = ["v%d" % v for v in ids] if names == "str" else ids.tolist()
    m = 2 * n
    s, d = rng.integers(0, n, m), rng.integers(0, max(1, n // 2), m)  # last half isolated
    src, dst = [ids[i] for i in s], [ids[i] for i in d]
    g = spgraph.Graph.from_edges(src, dst, weights=rng.random(m), ids=ids)
    h = nx.DiGraph()
    h.add_nodes_from(ids)
    h.add_edges_from(zip(src, dst))
    return g, h


def _file_ids_contract():
    """True once a vertex argument is the file's id on a 1-based file (slice py-ids changes
    VertexNames::find to subtract the base)."""
    return spgraph.load(DATA / "karate.mtx").index(1) == 0


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("names", ["int", "str"])
def test_protocol_matches_networkx(seed, names):
    g, h = _random_graph(seed, names)
    assert len(g) == h.number_of_nodes()
    assert list(g) == list(h)
    for v in h:
        assert v in g
        assert sorted(g.neighbors(v).tolist()) == sorted(h.successors(v))
        assert g.degree(v) == h.out_degree(v)
        pos = g.neighbors(v, positions=True)
        assert pos.dtype == np.uint32 and not pos.flags.writeable
        assert [g.name(int(p)) for p in pos] == g.neighbors(v).tolist()
    for u in h:
        for v in h:
            assert g.has_edge(u, v) == h.has_edge(u, v)
    np.testing.assert_array_equal(g.degree(), [h.out_degree(v) for v in h])
    some = list(h)[::2]
    np.testing.assert_array_equal(g.degree(some), [h.out_degree(v) for v in some])
    src, dst = g.edges()
    assert sorted(zip(src.tolist(), dst.tolist())) == sorted(h.edges())
    ps, pd_, w = g.edges(data=True, positions=True)
    a = g.to_scipy()
    np.testing.assert_array_equal(w, a.data)
    np.testing.assert_array_equal(pd_, a.indices)
    np.testing.assert_array_equal(ps, np.repeat(np.arange(g.n), np.diff(a.indptr)))


def test_not_a_vertex():
    g, h = _random_graph(1, "str")
    for bad in ("nope", 3, None, 2.5, ("v1",), ["v1"], np.array(["v1"])):
        assert bad not in g
        assert not g.has_edge(bad, next(iter(g)))
    with pytest.raises(IndexError):
        g.neighbors("nope")
    with pytest.raises(IndexError):
        g.degree("nope")
    i, _ = _random_graph(1, "int")
    assert "v1" not in i and -1 not in i and 10**30 not in i and 2 not in i


def test_self_loops_isolated_and_undirected():
    g = spgraph.Graph.from_edges(["a", "b", "b"], ["a", "c", "b"], ids=["a", "b", "c", "d"],
                                 undirected=True)
    h = nx.Graph([("a", "a"), ("b", "c"), ("b", "b")])
    h.add_node("d")
    assert g.has_edge("a", "a") and g.has_edge("c", "b") and not g.has_edge("a", "d")
    # Out-degree counts stored arcs: a self-loop once (networkx's degree counts it twice).
    assert [g.degree(v) for v in "abcd"] == [len(set(h[v])) for v in "abcd"]
    assert g.neighbors("d").tolist() == []
    assert sorted(g.neighbors("b").tolist()) == ["b", "c"]
    src, dst = g.edges()
    assert len(src) == 4 and set(zip(src, dst)) == {("a", "a"), ("b", "b"), ("b", "c"), ("c", "b")}


def test_empty_graph():
    g = spgraph.Graph.from_edges([], [])
    assert len(g) == 0 and list(g) == [] and 0 not in g
    assert g.degree().tolist() == []
    assert [x.tolist() for x in g.edges(data=True)] == [[], [], []]
    assert pickle.loads(pickle.dumps(g)) == g
    assert spgraph.Graph.from_edges([], [], ids=["x"]) != g


def _karate_oracle():
    a = scipy.io.mmread(str(DATA / "karate.mtx")).tocsr()  # an independent reader
    return (a + a.T).tocsr()


def test_one_based_file_ids():
    g = spgraph.load(DATA / "karate.mtx")
    a = _karate_oracle()
    assert list(g) == list(range(1, 35))
    np.testing.assert_array_equal(g.degree(), np.diff(a.indptr))
    src, dst = g.edges()
    coo = a.tocoo()
    assert sorted(zip(src.tolist(), dst.tolist())) == sorted(zip((coo.row + 1).tolist(),
                                                                 (coo.col + 1).tolist()))


@pytest.mark.skipif(not _file_ids_contract(), reason="needs slice py-ids (vertex arguments are "
                    "the file's ids: VertexNames::find subtracting the base)")
def test_one_based_file_vertex_arguments():
    g = spgraph.load(DATA / "karate.mtx")
    a = _karate_oracle()
    for v in range(1, 35):
        want = a.indices[a.indptr[v - 1]:a.indptr[v]] + 1
        np.testing.assert_array_equal(np.sort(g.neighbors(v)), np.sort(want))
        assert g.degree(v) == len(want) and v in g
        assert all(g.has_edge(v, u) for u in want) and not g.has_edge(v, v)
    assert 0 not in g and 35 not in g
    assert g.has_edge(1, 2) and g.degree(1) == 16


def _string_file(tmp_path):
    path = tmp_path / "go.tsv"
    arcs = [("GO:1", "GO:2"), ("GO:2", "GO:3"), ("GO:1", "GO:3"), ("GO:3", "GO:3"),
            ("GO:9", "GO:1")]
    path.write_text("".join("%s\t%s\t%d\n" % (a, b, k + 1) for k, (a, b) in enumerate(arcs)))
    return path


def test_string_id_file(tmp_path):
    path = _string_file(tmp_path)
    g = spgraph.load(path, remap_ids=True)
    h = nx.read_edgelist(path, create_using=nx.DiGraph, delimiter="\t", data=[("w", int)])
    assert sorted(g) == sorted(h) and "GO:9" in g and "GO:4" not in g
    for v in h:
        assert sorted(g.neighbors(v).tolist()) == sorted(h.successors(v))
        assert g.degree(v) == h.out_degree(v)
    src, dst, w = g.edges(data=True)
    assert sorted(zip(src, dst, w.tolist())) == sorted((a, b, d["w"]) for a, b, d in
                                                         h.edges(data=True))


GRAPHS = {
    "karate": lambda tmp: spgraph.load(DATA / "karate.mtx"),
    "weighted": lambda tmp: spgraph.load(DATA / "west0067_jumbled.mtx"),
    "strings": lambda tmp: spgraph.load(_string_file(tmp), remap_ids=True),
    "integers": lambda tmp: spgraph.Graph.from_edges([10**15, 3], [3, 7], weights=[2, 5],
                                                     remap_ids=True),
    "memory": lambda tmp: spgraph.Graph.from_scipy(sp.random(20, 20, 0.2, format="csr",
                                                             random_state=1)),
    "undirected": lambda tmp: spgraph.Graph.from_edges([0, 1, 4], [1, 1, 2], undirected=True),
    "empty": lambda tmp: spgraph.Graph.from_edges([], [], n=3),
}


@pytest.mark.parametrize("which", sorted(GRAPHS))
def test_pickle_and_copy_keep_everything(tmp_path, which):
    g = GRAPHS[which](tmp_path)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(g, protocol=protocol))
        assert back == g and back is not g
        assert back.undirected == g.undirected and back.path == g.path
        assert back.id_kind == g.id_kind or not g.remapped
        assert list(back) == list(g) and back.base == g.base and back.dtype == g.dtype
        np.testing.assert_array_equal(back.to_scipy().toarray(), g.to_scipy().toarray())
    assert copy.copy(g) is g and copy.deepcopy([g])[0] is g


@pytest.mark.parametrize("which", sorted(GRAPHS))
def test_save_and_load_back(tmp_path, which):
    g = GRAPHS[which](tmp_path)
    out = tmp_path / "saved" / "g.bin"
    out.parent.mkdir()
    g.save(out)
    assert os.listdir(out.parent) == ["g.bin"]  # no temporary file left
    back = spgraph.load(out)
    assert back == g and list(back) == list(g)
    assert back.undirected == g.undirected
    assert spgraph.load(str(out)).dtype == g.dtype


def test_save_formats(tmp_path):
    k = spgraph.load(DATA / "karate.mtx")
    k.save(tmp_path / "k.mtx", format="auto")
    assert (tmp_path / "k.mtx").read_text().startswith("%%MatrixMarket")
    assert spgraph.load(tmp_path / "k.mtx") == k
    k.save(tmp_path / "k.mtx")  # the binary format whatever the name, over the old file
    assert (tmp_path / "k.mtx").read_bytes().startswith(b"SPGRAPH1")
    s = spgraph.load(_string_file(tmp_path), remap_ids=True)
    with pytest.raises(spgraph.InvalidArgument, match="cannot hold the graph's vertex names"):
        s.save(tmp_path / "s.mtx", format="mtx")
    assert not (tmp_path / "s.mtx").exists()
    s.save(tmp_path / "s.tsv", format="edgelist")
    assert spgraph.load(tmp_path / "s.tsv", remap_ids=True) == s
    with pytest.raises(spgraph.InvalidArgument, match="format must be"):
        s.save(tmp_path / "s.x", format="png")
    with pytest.raises(OSError):
        s.save(tmp_path / "missing-dir" / "s.bin")


def test_equality():
    a = sp.random(30, 30, 0.1, format="csr", random_state=4)
    g = spgraph.Graph.from_scipy(a)
    assert g == spgraph.Graph.from_scipy(a.copy()) and hash(g) == hash(spgraph.Graph.from_scipy(a))
    coo = a.tocoo()
    assert g == spgraph.Graph.from_edges(coo.row, coo.col, weights=coo.data, n=30)
    assert g != spgraph.Graph.from_scipy(a, pattern=True)  # value type
    b = a.copy()
    b.data[0] += 1
    assert g != spgraph.Graph.from_scipy(b)  # a value
    assert g != spgraph.Graph.from_scipy(a[:, :29].tocsr()) and g != a  # shape; not a Graph
    named = spgraph.Graph.from_edges(coo.row, coo.col, weights=coo.data, ids=range(30))
    renamed = spgraph.Graph.from_edges(coo.row + 100, coo.col + 100, weights=coo.data,
                                       ids=np.arange(30) + 100)
    assert named == g and renamed != g  # ids
    assert renamed.to_scipy().toarray().tolist() == g.to_scipy().toarray().tolist()
    k = spgraph.load(DATA / "karate.mtx")
    assert k == spgraph.Graph.from_edges(*k.edges(), ids=list(range(1, 35)))
    assert k != spgraph.Graph.from_scipy(k.to_scipy(), pattern=True)  # 1-based ids vs 0-based
    assert len({g, spgraph.Graph.from_scipy(a), k}) == 2


def _neighbour_count(g, v):
    return len(g.neighbors(v))


def test_multiprocessing_pool_map(tmp_path):
    # spawn: every graph crosses by pickle (and fork would copy libgomp's thread pool, which
    # the child cannot use).
    graphs = [GRAPHS[w](tmp_path) for w in ("karate", "strings", "weighted", "empty")]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        assert pool.map(len, graphs) == [len(g) for g in graphs]
        assert pool.map(copy.copy, graphs) == graphs  # graphs travel back too
        assert pool.map(operator.methodcaller("degree"), graphs)[0].tolist() == \
            graphs[0].degree().tolist()
        assert pool.map(spgraph.triangles, graphs[:1]) == [45]
        k = graphs[0]
        first = next(iter(k))
        assert pool.starmap(_neighbour_count, [(k, first)]) == [k.degree(first)]
        r = pool.starmap(spgraph.bfs, [(k, first)])[0]
        np.testing.assert_array_equal(r.levels, spgraph.bfs(k, first).levels)
