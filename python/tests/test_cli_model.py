# SPDX-License-Identifier: Apache-2.0
"""The CLI as the model of the Python module's numbering: for the same file and the same vertex,
`spgraph CMD FILE --source V --out T` and spgraph.CMD(load(FILE), V) give the same answer for
every vertex, keyed by the file's ids. Files: 0-based edge lists (wiki-Vote, the weighted
email-Eu-core, a random one with gaps, self-loops and repeats), a 1-based Matrix Market file
(karate), and remapped files (Gene-Ontology-like string ids, sparse 64-bit integers). The CLI
binary comes from SPGRAPH_CLI (set by ctest); the tests skip without it."""

import math
import os
import pathlib
import subprocess

import numpy as np
import pytest

import spgraph
from conftest import DATA, REPO

CLI = os.environ.get("SPGRAPH_CLI")
pytestmark = pytest.mark.skipif(not CLI or not pathlib.Path(CLI).exists(),
                                reason="SPGRAPH_CLI (the spgraph binary) is not set")


def run_cli(*args):
    """Runs the CLI; fails the test with its stderr when it does not exit 0."""
    p = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, "spgraph %s: exit %d\n%s" % (" ".join(map(str, args)),
                                                        p.returncode, p.stderr)
    return p


def read_table(path):
    """The rows of a TSV result file (comment lines skipped), as lists of strings."""
    rows = []
    for line in pathlib.Path(path).read_text().splitlines():
        if line and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


class Case:
    """A file as both sides load it: the CLI's load flags and spgraph.load's arguments."""

    def __init__(self, path, flags=(), **load_args):
        self.path, self.flags, self.load_args = path, list(flags), load_args
        self.graph = spgraph.load(path, **load_args)
        self.strings = self.graph.id_kind == "string"

    def key(self, text):
        """A vertex as the CLI wrote it, as the Python module names it."""
        return text if self.strings else int(text)

    def vertex_or_none(self, text):
        return None if text in ("-1", "") else self.key(text)

    def cli_table(self, tmp_path, cmd, *args):
        out = tmp_path / ("%s.tsv" % cmd)
        run_cli(cmd, self.path, *self.flags, *args, "--out", out)
        return read_table(out)

    def vertices(self):
        """Two vertices with out-arcs (the first and the busiest) and one without when any."""
        deg = self.graph.degrees()
        picks = [int(np.flatnonzero(deg > 0)[0]), int(np.argmax(deg))]
        if (deg == 0).any():
            picks.append(int(np.flatnonzero(deg == 0)[0]))
        return [self.graph.name(p) for p in dict.fromkeys(picks)]


def write_random_zero_based(path):
    """A 0-based edge list with gaps in the ids (isolated vertices), self-loops and repeats."""
    rng = np.random.default_rng(7)
    u, v = rng.integers(0, 80, 300), rng.integers(0, 80, 300)
    keep = (u % 9 != 4) & (v % 9 != 4)  # ids 4, 13, ... never appear
    lines = ["%d\t%d" % (a, b) for a, b in zip(u[keep].tolist(), v[keep].tolist())]
    lines += ["3\t3", "5\t6", "5\t6", "84\t2"]
    path.write_text("\n".join(lines) + "\n")


def write_go_like(path):
    """Gene-Ontology-like string ids: a DAG of GO terms, plus a term that points at nothing."""
    rng = np.random.default_rng(3)
    terms = ["GO:%07d" % (48300 + 7 * i) for i in range(40)]
    lines = []
    for i in range(1, len(terms)):
        for j in set(rng.integers(0, i, 2).tolist()):
            lines.append("%s\t%s" % (terms[i], terms[j]))
    lines.append("GO:0099999\tGO:0048300")
    path.write_text("\n".join(lines) + "\n")


def write_sparse_integers(path):
    """Remapped integer ids far apart (ids the CLI and Python must both look up)."""
    rng = np.random.default_rng(5)
    ids = (rng.choice(10 ** 6, 30, replace=False) * 1000003 + 11).tolist()
    lines = ["%d %d" % (ids[a], ids[b]) for a, b in rng.integers(0, 30, (90, 2)).tolist()]
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture(params=["zero-random", "wiki-vote", "email-weighted", "karate-1-based",
                        "go-strings", "sparse-integers"])
def case(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("files")
    name = request.param
    if name == "zero-random":
        p = tmp / "zero.txt"
        write_random_zero_based(p)
        return Case(p)
    if name == "wiki-vote":
        return Case(REPO / "data" / "wiki-Vote.txt")
    if name == "email-weighted":
        return Case(REPO / "data" / "email-Eu-core.csv")
    if name == "karate-1-based":
        return Case(DATA / "karate.mtx")
    if name == "go-strings":
        p = tmp / "go.tsv"
        write_go_like(p)
        return Case(p, ["--remap-ids"], remap_ids=True)
    p = tmp / "sparse.txt"
    write_sparse_integers(p)
    return Case(p, ["--remap-ids"], remap_ids=True)


def assert_close_maps(got, want, what):
    assert got.keys() == want.keys(), what
    for k in want:
        a, b = got[k], want[k]
        if math.isinf(b):
            assert math.isinf(a), (what, k)
        else:
            assert a == pytest.approx(b, rel=1e-12, abs=1e-15), (what, k, a, b)


def test_ids_are_the_files(case):
    g = case.graph
    for v in case.vertices():
        assert g.name(g.index(v)) == v
    if g.id_kind == "offset":
        assert g.ids[0] == g.base and g.index(g.base) == 0


def test_bfs_levels_and_parents(case, tmp_path):
    g = case.graph
    for source in case.vertices():
        rows = case.cli_table(tmp_path, "bfs", "--source", source, "--compute", "both")
        r = spgraph.bfs(g, source, parents=True)
        assert r.source == source
        assert r.to_dict("levels") == {case.key(v): int(level) for v, level, _ in rows}
        want = {case.key(v): case.vertex_or_none(p) for v, _, p in rows}
        got = {k: (None if p == -1 else p) for k, p in r.to_dict("parents").items()}
        assert got == want
        assert r.reached == sum(1 for _, level, _ in rows if int(level) >= 0)


def test_bfs_issue_example_wiki_vote(tmp_path):
    """The issue's example: file vertex 30 of wiki-Vote reaches 2,316 vertices on both sides."""
    p = REPO / "data" / "wiki-Vote.txt"
    rows = read_table(run_cli_out(tmp_path, "bfs", p, "--source", 30))
    assert sum(1 for r in rows if int(r[1]) >= 0) == 2316
    assert spgraph.bfs(spgraph.load(p), 30).reached == 2316


def run_cli_out(tmp_path, cmd, *args):
    out = tmp_path / "out.tsv"
    run_cli(cmd, *args, "--out", out)
    return out


def test_pagerank(case, tmp_path):
    rows = case.cli_table(tmp_path, "pagerank")
    r = spgraph.pagerank(case.graph)
    assert_close_maps(r.to_dict(), {case.key(v): float(x) for v, x in rows}, "pagerank")


def test_cc_cdlp_kcore_lcc_triangles(case, tmp_path):
    g = case.graph
    for cmd, result, field in (("cc", spgraph.cc(g), "labels"),
                               ("cdlp", spgraph.cdlp(g), "labels")):
        rows = case.cli_table(tmp_path, cmd)
        assert result.to_dict(field) == {case.key(v): case.key(x) for v, x in rows}, cmd
    rows = case.cli_table(tmp_path, "kcore")
    assert spgraph.kcore(g).to_dict() == {case.key(v): int(c) for v, c in rows}
    rows = case.cli_table(tmp_path, "lcc")
    assert_close_maps(spgraph.lcc(g).to_dict(), {case.key(v): float(x) for v, x in rows}, "lcc")
    rows = case.cli_table(tmp_path, "tc", "--per-vertex")
    t = spgraph.triangles(g, per_vertex=True)
    assert t.to_dict("per_vertex") == {case.key(v): int(x) for v, x, _ in rows}


def test_sssp(case, tmp_path):
    for source in case.vertices():
        rows = case.cli_table(tmp_path, "sssp", "--source", source)
        r = spgraph.sssp(case.graph, source)
        assert r.source == source
        assert_close_maps(r.to_dict(), {case.key(v): float(d) for v, d in rows}, "sssp")


def test_knn(case, tmp_path):
    queries = case.vertices()
    args = []
    for q in queries:
        args += ["--vertex", q]
    rows = case.cli_table(tmp_path, "knn", *args, "--k", 5)
    want = {}
    for q, _, v, s in rows:
        want.setdefault(case.key(q), []).append((case.key(v), float(s)))
    r = spgraph.knn(case.graph, queries, k=5)
    got = {q: list(zip(ids.tolist(), scores.tolist())) for q, (ids, scores)
           in r.to_dict().items() if len(ids)}
    assert got.keys() == want.keys()
    for q in want:
        assert [v for v, _ in got[q]] == [v for v, _ in want[q]], q
        assert np.allclose([s for _, s in got[q]], [s for _, s in want[q]], rtol=1e-12)


def test_betweenness_with_sources(case, tmp_path):
    sources = case.vertices()[:2]
    args = []
    for s in sources:
        args += ["--source", s]
    rows = case.cli_table(tmp_path, "bc", *args)
    r = spgraph.betweenness(case.graph, sources=sources)
    assert r.sources.tolist() == sources
    assert_close_maps(r.to_dict(), {case.key(v): float(x) for v, x in rows}, "bc")


def test_reachable_and_closure_queries(case):
    g = case.graph
    s = case.vertices()[0]
    levels = spgraph.bfs(g, s).to_dict()
    others = list(levels)[:50]
    got = spgraph.reachable(g, [s] * len(others), others).tolist()
    # reachable counts paths of >= 1 arc: the source itself only on a cycle
    assert [x for v, x in zip(others, got) if v != s] == \
        [levels[v] >= 0 for v in others if v != s]
    assert spgraph.reachable_count(g, s) == sum(1 for v, d in levels.items() if d > 0) + \
        int(bool(spgraph.reachable(g, s, s)))


def test_closure_queries(case):
    """`closure --query U,V --json` against reachable() on the graph and on its Closure."""
    if case.path.name == "wiki-Vote.txt":
        pytest.skip("the closure of wiki-Vote is large; the other files cover the queries")
    import json

    g = case.graph
    rng = np.random.default_rng(2)
    ids = g.ids if isinstance(g.ids, list) else g.ids.tolist()
    pairs = [(ids[a], ids[b]) for a, b in rng.integers(0, g.n, (12, 2)).tolist()]
    args = []
    for u, v in pairs:
        args += ["--query", "%s,%s" % (u, v)]
    p = run_cli("closure", case.path, *case.flags, *args, "--json")
    want = [(case.key(str(q["from"])), case.key(str(q["to"])), q["reachable"])
            for q in json.loads(p.stdout)["queries"]]
    assert [(u, v) for u, v, _ in want] == pairs
    us, vs = [u for u, _ in pairs], [v for _, v in pairs]
    assert spgraph.reachable(g, us, vs).tolist() == [r for _, _, r in want]
    assert spgraph.reachable(spgraph.closure(g), us, vs).tolist() == [r for _, _, r in want]
