# SPDX-License-Identifier: Apache-2.0
"""One numbering: vertex arguments and vertex-valued results in the file's ids (1-based Matrix
Market, 0-based edge lists with gaps, remapped integers and strings), result.positions,
to_dict / to_pandas against networkx and pandas, pickling, and DynamicGraph / Snapshot ids
(a brute-force set model of the arcs by id is the oracle for growth)."""

import pickle

import networkx as nx
import numpy as np
import pytest

import spgraph
from conftest import DATA, to_nx


@pytest.fixture
def karate():
    return spgraph.load(DATA / "karate.mtx")


@pytest.fixture
def go(tmp_path):
    p = tmp_path / "go.tsv"
    p.write_text("GO:1\tGO:2\nGO:2\tGO:3\nGO:4\tGO:1\nGO:5\tGO:5\n")
    return spgraph.load(p, remap_ids=True)


def nx_by_id(g):
    """networkx's graph of g with the file's ids as nodes."""
    h = to_nx(g)
    ids = g.ids if isinstance(g.ids, list) else g.ids.tolist()
    return nx.relabel_nodes(h, dict(enumerate(ids)))


def test_karate_ids_match_networkx_by_id(karate):
    h = nx_by_id(karate)  # nodes 1..34
    assert sorted(h) == list(range(1, 35))
    for s in (1, 34):
        r = spgraph.bfs(karate, s, parents=True)
        assert {v: d for v, d in r.to_dict().items() if d >= 0} == \
            nx.single_source_shortest_path_length(h, s)
        for v, p in r.to_dict("parents").items():
            assert p == s if v == s else h.has_edge(p, v)
    cc = spgraph.cc(karate)
    assert set(cc.to_dict().values()) == {1}
    assert cc.labels.dtype == np.int64 and cc.positions.labels.dtype == np.uint32
    assert spgraph.kcore(karate).to_dict() == nx.core_number(h)
    core = spgraph.kcore(karate, k=4)
    assert sorted(core.vertices.tolist()) == sorted(v for v, c in nx.core_number(h).items()
                                                    if c >= 4)
    assert np.array_equal(karate.names_of(core.positions.vertices), core.vertices)
    tr = spgraph.ktruss(karate)
    assert all(h.has_edge(u, v) for u, v in tr.to_dict())
    assert min(min(e) for e in tr.to_dict()) == 1  # ids, not positions


def test_gapped_zero_based_edge_list(tmp_path):
    p = tmp_path / "gaps.txt"
    p.write_text("0 5\n5 9\n9 0\n12 12\n")
    g = spgraph.load(p)
    assert g.base == 0 and g.n == 13 and g.index(9) == 9
    r = spgraph.bfs(g, 5, parents=True)
    assert r.to_dict()[0] == 2 and r.to_dict()[3] == -1 and r.to_dict("parents")[3] == -1
    assert spgraph.reachable(g, 0, 0) and not spgraph.reachable(g, 0, 12)
    assert spgraph.reachable_count(g, [0, 12]).tolist() == [3, 1]
    k = spgraph.knn(g, [0, 12], k=3, measure="hops")
    assert k.queries.tolist() == [0, 12]
    assert k.answers(0)[0].tolist() == [5, 9]  # answers(i): i indexes queries
    with pytest.raises(IndexError) as e:
        spgraph.sssp(g, 13)
    assert "(ids 0..12)" in str(e.value)


def test_string_ids_results_and_errors(go):
    r = spgraph.bfs(go, "GO:4", parents=True)
    assert r.source == "GO:4"
    assert r.to_dict("parents") == {"GO:1": "GO:4", "GO:2": "GO:1", "GO:3": "GO:2",
                                    "GO:4": "GO:4", "GO:5": None}
    assert r.parents.dtype == object and r.positions.parents.dtype == np.int64
    assert r.positions.parents.tolist() == [3, 0, 1, 3, -1]
    assert spgraph.cc(go).to_dict() == {"GO:1": "GO:1", "GO:2": "GO:1", "GO:3": "GO:1",
                                        "GO:4": "GO:1", "GO:5": "GO:5"}
    b = spgraph.betweenness(go, sources=["GO:4", "GO:1"])
    assert b.sources.tolist() == ["GO:4", "GO:1"]
    # raw sums over the two sources (brute force: 4->1->2->3 and 1->2->3)
    assert b.to_dict() == {"GO:1": 2.0, "GO:2": 2.0, "GO:3": 0.0, "GO:4": 0.0, "GO:5": 0.0}
    assert spgraph.reachable(go, ["GO:4", "GO:3"], ["GO:3", "GO:4"]).tolist() == [True, False]
    with pytest.raises(IndexError) as e:
        spgraph.bfs(go, "GO:6")
    assert "'GO:6' is not in this graph" in str(e.value)


def test_to_pandas_is_indexed_by_id(go, karate):
    pd = pytest.importorskip("pandas")
    df = spgraph.bfs(go, "GO:4", parents=True).to_pandas()
    assert df.index.name == "vertex" and df.index.tolist() == ["GO:1", "GO:2", "GO:3", "GO:4",
                                                               "GO:5"]
    assert df.loc["GO:3", "levels"] == 3 and df.loc["GO:3", "parents"] == "GO:2"
    pr = spgraph.pagerank(karate).to_pandas()
    assert isinstance(pr, pd.DataFrame) and pr.index[0] == 1 and len(pr) == 34
    k = spgraph.knn(karate, [1, 34], k=2).to_pandas()
    assert list(k.columns) == ["query", "rank", "vertex", "score"]
    assert k["query"].tolist() == [1, 1, 34, 34] and k["rank"].tolist() == [1, 2, 1, 2]


def plain(d):
    """A to_dict() with numpy arrays (knn's answers) as lists, for ==."""
    return {k: tuple(x.tolist() for x in v) if isinstance(v, tuple) else v for k, v in d.items()}


def test_results_pickle_with_their_ids(go, karate):
    for r in (spgraph.bfs(go, "GO:4", parents=True), spgraph.cc(karate),
              spgraph.knn(karate, [1, 2], k=3), spgraph.ktruss(karate, k=4)):
        back = pickle.loads(pickle.dumps(r))
        assert type(back) is type(r) and plain(back.to_dict()) == plain(r.to_dict())
        assert back.keys() == r.keys()
        for k in r.keys():
            a, b = getattr(r, k), getattr(back, k)
            assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b, k
        if "labels" in r.keys():
            assert np.array_equal(back.positions.labels, r.positions.labels)
    k = spgraph.knn(karate, [1], k=3)
    assert "lambda" not in repr(k) and "KnnResult(" in repr(k)


def test_dynamic_graph_from_one_based_graph(karate):
    h = nx_by_id(karate)
    d = spgraph.DynamicGraph(karate)
    d.insert([1], [40])  # a new vertex by id: position 39, the graph grows to 40 vertices
    h.add_edge(1, 40)
    s = d.snapshot()
    assert s.n == 40 and s.ids[-1] == 40 and s.index(40) == 39
    assert s.has_edge(1, 40) and s.has_edge(40, 1) and not s.has_edge(2, 40)
    assert sorted(s.neighbors(40).tolist()) == [1]
    assert s.neighbors(34).tolist() == sorted(h[34])
    assert s.degree(1) == h.degree(1)
    levels = s.bfs(40).to_dict()
    assert {v: x for v, x in levels.items() if x >= 0} == nx.single_source_shortest_path_length(
        h, 40)
    assert s.cc().to_dict()[40] == 1
    d.erase([1], [40])
    assert not d.snapshot().has_edge(1, 40) and s.has_edge(1, 40)
    with pytest.raises(IndexError):
        d.insert([0], [1])  # below the first id
    with pytest.raises(IndexError) as e:
        s.bfs(41)
    assert "(ids 1..40)" in str(e.value)
    assert s.to_graph().ids[0] == 1
    name = d.maintain("bfs", vertex=34)
    assert d.snapshot().bfs(34).to_dict() == spgraph.bfs(karate, 34).to_dict() | {
        v: -1 for v in range(35, 41)}
    d.unmaintain(name)
    knn_name = d.maintain("knn", vertex=34, k=3)
    d.maintain("cc")
    d.insert([2], [3])  # a batch, so that the views are published
    view = d.snapshot().view(knn_name)
    want = spgraph.knn(d.snapshot().to_graph(), 34, k=3)
    assert view["vertex"] == 34 and view["ids"].tolist() == want.ids.tolist()
    assert set(d.snapshot().view("cc")["labels"].tolist()) == {1} | set(range(35, 41))


def test_dynamic_graph_remapped_grows_by_name(go):
    d = spgraph.DynamicGraph(go, directed=True)
    old = d.snapshot()
    d.insert(["GO:3", "GO:7"], ["GO:7", "GO:8"])
    s = d.snapshot()
    assert s.n == 7 and s.ids[5:] == ["GO:7", "GO:8"]
    assert s.has_edge("GO:3", "GO:7") and s.reachable("GO:4", "GO:8")
    assert s.neighbors("GO:7").tolist() == ["GO:8"]
    assert s.bfs("GO:4").to_dict()["GO:8"] == 5
    assert old.n == 5 and len(old.ids) == 5
    with pytest.raises(IndexError):
        old.bfs("GO:7")  # not in the old snapshot
    with pytest.raises(spgraph.InvalidArgument):
        d.add_vertices(2)
    d.apply(["-"], ["GO:3"], ["GO:7"])
    assert not d.snapshot().reachable("GO:4", "GO:8")
    fixed = spgraph.DynamicGraph(go, directed=True, grow=False)
    with pytest.raises(IndexError):
        fixed.insert(["GO:1"], ["GO:9"])
    assert fixed.snapshot().n == 5


def test_dynamic_graph_integer_remap_random_model(tmp_path):
    """Random batches of named arcs against a set of (id, id) pairs."""
    rng = np.random.default_rng(4)
    names = (rng.choice(10 ** 9, 40, replace=False) + 10 ** 10).tolist()
    p = tmp_path / "ints.txt"
    first = [(names[a], names[b]) for a, b in rng.integers(0, 20, (30, 2)).tolist()]
    p.write_text("".join("%d %d\n" % e for e in first))
    g = spgraph.load(p, remap_ids=True)
    d = spgraph.DynamicGraph(g, directed=True)
    arcs, seen = set(first), {x for e in first for x in e}
    for _ in range(8):
        u = [names[i] for i in rng.integers(0, 40, 10).tolist()]
        v = [names[i] for i in rng.integers(0, 40, 10).tolist()]
        d.insert(np.array(u, dtype=np.uint64), np.array(v, dtype=np.uint64))
        arcs |= set(zip(u, v))
        seen |= set(u) | set(v)
        gone = list(arcs)[:3]
        d.erase([a for a, _ in gone], [b for _, b in gone])
        arcs -= set(gone)
    s = d.snapshot()
    known = set(s.ids.tolist())
    assert known == seen
    for a in known:
        assert set(s.neighbors(a).tolist()) == {b for x, b in arcs if x == a}


@pytest.mark.parametrize("seed", range(3))
def test_cdlp_on_remapped_ids_breaks_ties_by_id(tmp_path, seed):
    """Graphalytics' CDLP labels by the file's ids: brute force on the graph renumbered in id
    order (so that the smallest position is the smallest id), mapped back to ids."""
    from test_communities import brute_cdlp

    rng = np.random.default_rng(seed)
    names = rng.permutation(np.arange(100, 160)).tolist()  # first appearance != id order
    edges = [(names[a], names[b]) for a, b in rng.integers(0, 60, (90, 2)).tolist()]
    p = tmp_path / "ints.txt"
    p.write_text("".join("%d %d\n" % e for e in edges))
    g = spgraph.load(p, remap_ids=True)
    ids = g.ids.tolist()
    assert ids != sorted(ids)
    order = np.argsort(ids)
    a = g.to_scipy()[order][:, order]
    want = [sorted(ids)[x] for x in brute_cdlp(a, True, 5)]
    got = spgraph.cdlp(g, iterations=5).to_dict()
    assert [got[v] for v in sorted(ids)] == want


def test_a_refused_dynamic_batch_leaves_no_names(go):
    dg = spgraph.DynamicGraph(go, weighted=True)
    n = dg.n
    with pytest.raises(spgraph.DimensionMismatch):
        dg.insert(["new1"], ["new2"], [1.0, 2.0])  # two weights for one edge: refused
    snap = dg.snapshot()
    assert snap.n == n and "new1" not in list(snap.ids)
    g = snap.to_graph()
    assert pickle.loads(pickle.dumps(g)) == g  # the id map still fits the matrix
    dg.insert(["new3"], ["GO:1"], [1.0])  # the next new name takes the next position
    snap = dg.snapshot()
    assert snap.n == n + 1 and snap.index("new3") == n and snap.has_edge("new3", "GO:1")


def test_path_to_on_an_unpickled_result(karate, go):
    r = spgraph.bfs(karate, 1, parents=True)
    back = pickle.loads(pickle.dumps(r))
    for v in (1, 5, 17, 34):
        assert back.path_to(v) == r.path_to(v)
        assert back.path_to(v)[0] == 1 and back.path_to(v)[-1] == v
    s = spgraph.bfs(go, "GO:4", parents=True)
    assert pickle.loads(pickle.dumps(s)).path_to("GO:3") == ["GO:4", "GO:1", "GO:2", "GO:3"]
    with pytest.raises(spgraph.IndexOutOfBounds):
        back.path_to(99)
