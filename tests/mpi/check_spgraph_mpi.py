#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""spgraph-mpi against single-node spgraph, whose answers it must equal: run under CTest once per
rank count.

For each graph (random directed edge lists with self-loops, repeats and isolated vertices; a
Kronecker graph in Matrix Market, binary and edge-list form; remapped sparse and string ids; the
bundled data/ graphs; and, when ../shared/data exists, real graphs from it) and each job:
  bfs      levels identical to `spgraph bfs --out`; parents a valid BFS tree (checked against
           the arcs), each the smallest-numbered in-neighbour one level up where every step was
           top-down or the grid is 1 x 1; push and pull step counts those of spgraph's direction
           rule (replayed here), for --method auto, push and pull and a rule tuned to switch
           both ways; --sources N picks spgraph's sources;
  tc       the triangle count, the self-loops ignored, and the per-vertex counts and local
           clustering coefficients (--out), identical; also on graphs that stress the blocked
           count's stages (empty blocks, only self-loops, repeats both ways, n below or not a
           multiple of the grid side, a hub in the last block);
  cc       the component labels (smallest id), identical;
  pagerank both variants: the iteration count identical, every rank within 1e-9 (relative);
  spmv     the checksum of y over five semirings, exact over int64, to 1e-12 over double, and a
           positional semiring refused clearly;
  closure  the pair count (R+ and R*) and --query answers, identical.
Then bad input placed in the part of the file a rank other than 0 reads: the same message as
spgraph (file, line, what), a non-zero exit, and no hang (every run has a timeout).
Exit status 0 when every check passed; failures are listed.
"""
import argparse
import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 120
failures = []
switched = []  # searches whose steps went both ways (the direction checks need one)


def fail(what):
    failures.append(what)
    print("FAIL:", what, flush=True)


def run(cmd, expect_ok=True):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        fail("timed out (a hang?): " + " ".join(cmd))
        return None
    if expect_ok and p.returncode != 0:
        fail("exit %d: %s\n%s" % (p.returncode, " ".join(cmd), p.stderr[-2000:]))
        return None
    return p


class Runner:
    def __init__(self, args):
        self.spgraph = args.spgraph
        self.mpi = [args.mpirun, "-np", str(args.np), "--oversubscribe"] + args.mpirun_arg + [
            args.spgraph_mpi]
        self.np = args.np
        self.work = args.workdir

    def single(self, *a, expect_ok=True):
        return run([self.spgraph] + list(a), expect_ok)

    def dist(self, *a, expect_ok=True):
        return run(self.mpi + list(a), expect_ok)


def read_table(path):
    """vertex -> list of fields from a result file (comments and the header skipped)."""
    rows = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            # Tab-separated: an empty field (a named graph's unreached parent) stays a field.
            parts = line.rstrip("\n").split("\t") if "\t" in line else line.split()
            if parts[0] == "vertex":
                continue
            rows[parts[0]] = parts[1:]
    return rows


def edges_of(r, graph, flags):
    """The graph's arcs in its own numbering, through `spgraph convert` to an edge list."""
    out = os.path.join(r.work, "arcs.txt")
    if r.single("convert", graph, out, *flags) is None:
        return None
    arcs = set()
    undirected = False
    with open(out) as f:
        for line in f:
            if line.startswith("#"):
                undirected = undirected or "undirected" in line
                continue
            p = line.split()
            if len(p) >= 2:
                arcs.add((p[0], p[1]))
                if undirected:
                    arcs.add((p[1], p[0]))
    return arcs


def expected_steps(levels, arcs, method, alpha, beta, q):
    """(push steps, pull steps) of a search whose levels are `levels` (vertex -> level, -1
    unreached) under spgraph's direction rule (algorithms/bfs/bfs_kernel.hpp, written out
    again here): push -> pull once the new frontier's out-arcs exceed the arcs not yet explored
    / alpha; pull -> push once the frontier shrinks to at most n / beta vertices. A grid whose
    vector pieces would be empty (n < q^2) runs top-down only."""
    n = len(levels)
    out = {}
    for u, _ in arcs:
        out[u] = out.get(u, 0) + 1
    by_level = {}
    for v, l in levels.items():
        if l >= 0:
            by_level.setdefault(l, []).append(v)
    depth = max(by_level)
    can_pull = n >= q * q
    if not can_pull or method == "push":
        return depth + 1, 0
    if method == "pull":
        return 0, depth + 1
    edges, pull, awake_prev, push_steps, pull_steps = len(arcs), False, 1, 0, 0
    for d in range(depth + 1):
        found = by_level.get(d + 1, [])
        scout = sum(out.get(v, 0) for v in found)
        if pull:
            pull_steps += 1
        else:
            push_steps += 1
        if not found:
            break
        if not pull:
            edges -= min(edges, scout)
            if scout > edges // alpha:
                pull, awake_prev = True, len(found)
        else:
            if len(found) < awake_prev and len(found) <= n // beta:
                pull = False
            awake_prev = len(found)
    return push_steps, pull_steps


def check_bfs(r, graph, source, flags, name, remapped, method="auto", tuning=()):
    """Levels identical to spgraph's; parents a valid BFS tree, the smallest-numbered parent
    where every step was top-down (or the grid is 1 x 1: bottom-up steps scan a vertex's
    in-arcs in increasing order but stop at the first block, in the carousel's order, that has
    a parent); push and pull step counts those of spgraph's direction rule."""
    a, b = os.path.join(r.work, "one.txt"), os.path.join(r.work, "dist.txt")
    if r.single("bfs", graph, "--source", source, "--out", a, "--quiet", *flags) is None:
        return
    p = r.dist("bfs", graph, "--source", source, "--out", b, "--json", "--method", method,
               *tuning, *flags)
    if p is None:
        return
    rep = json.loads(p.stdout)
    what = "%s bfs --method %s %s from %s" % (name, method, " ".join(tuning), source)
    if rep.get("ranks") != r.np:
        fail("%s: report says ranks %s, expected %d" % (what, rep.get("ranks"), r.np))
    one, dist = read_table(a), read_table(b)
    if {v: x[0] for v, x in one.items()} != {v: x[0] for v, x in dist.items()}:
        fail("%s: levels differ from spgraph's" % what)
        return
    arcs = edges_of(r, graph, flags)
    if arcs is None:
        return
    q = int(r.np ** 0.5 + 1e-9)
    search = rep["searches"][0]
    got = (search["push_steps"], search["pull_steps"])
    tune = dict(zip(tuning[::2], tuning[1::2]))
    want = expected_steps({v: int(x[0]) for v, x in one.items()}, arcs, method,
                          int(tune.get("--alpha", 8)), int(tune.get("--beta", 18)), q)
    if got != want:
        fail("%s: (push, pull) steps %s, the direction rule gives %s" % (what, got, want))
    if got[0] and got[1]:
        switched.append(what)
    into = {}
    for u, v in arcs:
        into.setdefault(v, []).append(u)
    smallest = not remapped and (got[1] == 0 or q == 1)
    bad = 0
    for v, (level, parent) in dist.items():
        level = int(level)
        if level <= 0:
            if level == 0 and parent != v:
                bad += 1
            continue
        ups = [u for u in into.get(v, []) if int(dist[u][0]) == level - 1]
        if not ups or parent not in ups:
            bad += 1
        elif smallest and int(parent) != min(int(u) for u in ups):
            bad += 1  # not the smallest-numbered parent that MIN-SECOND picks
    if bad:
        fail("%s: %d vertices with an invalid parent" % (what, bad))


def check_bfs_directions(r, graph, source, flags, name, remapped):
    """Top-down only, bottom-up only, and the switching forced both ways (alpha 1 pulls as soon
    as a frontier has more out-arcs than the rest; beta 2 pushes again below n / 2)."""
    for method, tuning in (("push", ()), ("pull", ()), ("auto", ("--alpha", "1", "--beta", "2"))):
        check_bfs(r, graph, source, flags, name, remapped, method, tuning)


def check_tc(r, graph, flags, name):
    one, dist = os.path.join(r.work, "one_tc.txt"), os.path.join(r.work, "dist_tc.txt")
    a = r.single("tc", graph, "--json", "--out", one, *flags)
    b = r.dist("tc", graph, "--json", "--out", dist, *flags)
    if a is None or b is None:
        return
    x, y = json.loads(a.stdout), json.loads(b.stdout)
    for key in ("triangles", "self_loops_ignored", "n", "mean_clustering"):
        if x[key] != y[key]:
            fail("%s tc: %s %s (spgraph) vs %s (spgraph-mpi)" % (name, key, x[key], y[key]))
    if read_table(one) != read_table(dist):
        fail("%s tc: per-vertex triangles or clustering differ from spgraph's" % name)


def check_random_sources(r, graph, flags, name):
    """--sources 3 --seed 7: the same sources as spgraph picks, with the same depth and reach."""
    a = r.single("bfs", graph, "--sources", "3", "--seed", "7", "--json", *flags)
    b = r.dist("bfs", graph, "--sources", "3", "--seed", "7", "--json", *flags)
    if a is None or b is None:
        return
    pick = lambda p: [(s["source"], s["depth"], s["reached"]) for s in json.loads(p.stdout)["searches"]]
    if pick(a) != pick(b):
        fail("%s bfs --sources: %s (spgraph) vs %s" % (name, pick(a), pick(b)))


def check_closure(r, graph, queries, flags, name):
    for extra in ([], ["--reflexive"]):
        a = r.single("closure", graph, "--json", "--method", "seminaive", *extra, *flags)
        b = r.dist("closure", graph, "--json", *extra, *flags)
        if a is None or b is None:
            return
        x, y = json.loads(a.stdout), json.loads(b.stdout)
        if x["pairs"] != y["pairs"]:
            fail("%s closure %s: %s pairs (spgraph) vs %s" % (name, extra, x["pairs"], y["pairs"]))
    one, dist = os.path.join(r.work, "one_pairs.txt"), os.path.join(r.work, "dist_pairs.txt")
    a = r.single("closure", graph, "--quiet", "--out", one, *flags)
    b = r.dist("closure", graph, "--quiet", "--out", dist, *flags)
    if a is not None and b is not None and open(one).read() != open(dist).read():
        fail("%s closure --out: the pair files differ" % name)
    if queries:
        qs = sum((["--query", q] for q in queries), [])
        a = r.single("closure", graph, "--json", *qs, *flags)
        b = r.dist("closure", graph, "--json", *qs, *flags)
        if a is None or b is None:
            return
        x, y = json.loads(a.stdout), json.loads(b.stdout)
        if [q["reachable"] for q in x["queries"]] != [q["reachable"] for q in y["queries"]]:
            fail("%s closure queries differ: %s vs %s" % (name, x["queries"], y["queries"]))


def check_cc(r, graph, flags, name):
    a, b = os.path.join(r.work, "one_cc.txt"), os.path.join(r.work, "dist_cc.txt")
    x = r.single("cc", graph, "--json", "--out", a, *flags)
    y = r.dist("cc", graph, "--json", "--out", b, *flags)
    if x is None or y is None:
        return
    one, dist = json.loads(x.stdout), json.loads(y.stdout)
    if one["components"] != dist["components"]:
        fail("%s cc: component counts differ" % name)
    if read_table(a) != read_table(b):
        fail("%s cc: labels differ from spgraph's" % name)
    # Below 4 ranks the grid is 1 x 1 (CombBLAS's is square; the other ranks idle): one slice
    # holds every vertex, so its union-find sees every arc and no round is needed.
    if r.np < 4 and dist["rounds"] != 0:
        fail("%s cc: %s rounds on a 1 x 1 grid (its union-find finds every component)"
             % (name, dist["rounds"]))


def check_pagerank(r, graph, flags, name):
    a, b = os.path.join(r.work, "one_pr.txt"), os.path.join(r.work, "dist_pr.txt")
    for variant in ("gap", "standard"):
        x = r.single("pagerank", graph, "--json", "--variant", variant, "--out", a, *flags)
        y = r.dist("pagerank", graph, "--json", "--variant", variant, "--out", b, *flags)
        if x is None or y is None:
            return
        if json.loads(x.stdout)["iterations"] != json.loads(y.stdout)["iterations"]:
            fail("%s pagerank %s: iteration counts differ" % (name, variant))
        one, dist = read_table(a), read_table(b)
        if one.keys() != dist.keys():
            fail("%s pagerank %s: different vertices" % (name, variant))
            continue
        worst = max((abs(float(one[v][0]) - float(dist[v][0])) / max(abs(float(one[v][0])), 1e-300)
                     for v in one), default=0.0)
        if worst > 1e-9:
            fail("%s pagerank %s: ranks differ by %.3g (relative)" % (name, variant, worst))


def check_spmv(r, graph, flags, name):
    for semiring, vtype in (("plus_times", "int64"), ("min_plus", "int64"), ("max_second", "int64"),
                            ("plus_times", "double"), ("plus_pair", "int64")):
        args = ["--semiring", semiring, "--type", vtype, "--iterations", "1", "--json"] + flags
        x = r.single("spmv", graph, *args)
        y = r.dist("spmv", graph, *args)
        if x is None or y is None:
            return
        cx, cy = json.loads(x.stdout)["checksum"], json.loads(y.stdout)["checksum"]
        exact = vtype == "int64"
        if (cx != cy) if exact else abs(cx - cy) > 1e-12 * max(abs(cx), 1.0):
            fail("%s spmv %s %s: checksum %s (spgraph) vs %s" % (name, semiring, vtype, cx, cy))
    p = r.dist("spmv", graph, "--semiring", "min_secondi", "--type", "int64", *flags,
               expect_ok=False)
    if p is not None and (p.returncode == 0 or "multiplies by position" not in p.stderr):
        fail("%s spmv min_secondi: expected a clear refusal, got %d: %s" % (name, p.returncode,
                                                                           p.stderr[-300:]))


def all_jobs(r, graph, source, flags=(), name=None, closure=True, queries=(), spmv=False,
             remapped=False, directions=False):
    """`remapped`: the names are not the dense numbers' order (--remap-ids, or a file that
    says ids=external), so "smallest-numbered parent" is not checked on the names."""
    name = name or os.path.basename(graph)
    check_bfs(r, graph, source, list(flags), name, remapped or "--remap-ids" in flags)
    if directions:
        check_bfs_directions(r, graph, source, list(flags), name,
                             remapped or "--remap-ids" in flags)
    check_tc(r, graph, list(flags), name)
    check_random_sources(r, graph, list(flags), name)
    if closure:
        check_closure(r, graph, list(queries), list(flags), name)
    check_cc(r, graph, list(flags), name)
    check_pagerank(r, graph, list(flags), name)
    if spmv:
        check_spmv(r, graph, list(flags), name)


def blocked_tc_cases(r):
    """Graphs that stress the blocked triangle count's 2-D stages (and PageRank's and cc's
    partner swaps): blocks left empty, self-loops and repeats (both directions), n not a
    multiple of the grid side or smaller than it, one huge row in the last block, each
    against spgraph's count, per-vertex triangles and clustering, labels and ranks."""
    w = r.work
    rnd = random.Random(11)
    cases = {}
    # Edges among vertices 0-9 only, and a self-loop on vertex 199: every block but the first
    # holds no edge, and the last rows and columns are empty.
    lines = ["%d %d" % (u, v) for u in range(10) for v in range(u + 1, 10) if rnd.random() < 0.6]
    cases["corner"] = lines + ["199 199"]
    # A 7-clique written with every edge twice (both directions) and then again, self-loops on
    # each vertex: n = 7 is a multiple of no grid side above 1.
    clique = ["%d %d" % (u, v) for u in range(7) for v in range(7)]
    cases["clique7"] = clique + clique[::3]
    # Only self-loops (no triangle, every block's edges empty), and n smaller than the grid.
    cases["loops_only"] = ["0 0", "1 1", "2 2"]
    cases["one_vertex"] = ["0 0"]
    cases["two_vertices"] = ["0 1", "1 0", "1 0"]
    # A hub on the last vertex (one huge row in the last block) over a sparse random graph.
    n = 301
    lines = ["%d %d" % (rnd.randrange(n), rnd.randrange(n)) for _ in range(900)]
    lines += ["%d %d" % (n - 1, v) for v in range(0, n - 1, 2)]
    cases["hub_last"] = lines
    # Edges only between the first and last thirds: the off-diagonal blocks hold all of them.
    lines = ["%d %d" % (rnd.randrange(40), 80 + rnd.randrange(41)) for _ in range(500)]
    lines += ["%d %d" % (rnd.randrange(40), rnd.randrange(40)) for _ in range(60)]
    cases["bipartite_ish"] = lines
    for name, body in cases.items():
        path = os.path.join(w, "tc_%s.txt" % name)
        with open(path, "w") as f:
            f.write("\n".join(body) + "\n")
        check_tc(r, path, [], name)
        check_tc(r, path, ["--undirected"], name + " --undirected")
        check_cc(r, path, [], name)
        check_pagerank(r, path, [], name)


def random_edge_list(path, n, m, seed, base=0, weighted=False, comments=True):
    rnd = random.Random(seed)
    with open(path, "w") as f:
        if comments:
            f.write("# random directed graph: self-loops, repeated arcs, isolated vertices\n")
        for k in range(m):
            u, v = rnd.randrange(n - n // 10), rnd.randrange(n - n // 10)  # the last tenth isolated
            if k % 97 == 0:
                v = u  # a self-loop
            f.write("%d %d%s\n" % (u + base, v + base, " %d" % rnd.randint(1, 9) if weighted else ""))
            if k % 50 == 0:
                f.write("%d %d%s\n" % (u + base, v + base, " 1" if weighted else ""))  # a repeat
            if comments and k % 200 == 0:
                f.write("% a comment line inside the body\n")
        f.write("%d %d%s\n" % (n - 1 + base, n - 1 + base, " 1" if weighted else ""))


def same_error(r, path, name, flags=()):
    """Both engines refuse `path` with the same message; every rank exits non-zero, no hang."""
    a = r.single("bfs", path, "--source", "1", *flags, expect_ok=False)
    b = r.dist("bfs", path, "--source", "1", *flags, expect_ok=False)
    if a is None or b is None:
        return
    if a.returncode == 0:
        fail("%s: spgraph accepted the bad file" % name)
        return
    if b.returncode == 0:
        fail("%s: spgraph-mpi exited 0 on bad input" % name)
        return

    def message(text, tool):
        m = re.search(tool + r": error: (.*)", text)
        return m.group(1).strip() if m else text.strip()
    x, y = message(a.stderr, "spgraph"), message(b.stderr, "spgraph-mpi")
    if x != y:
        fail("%s: messages differ:\n  spgraph:     %s\n  spgraph-mpi: %s" % (name, x, y))
    if b.stderr.count("spgraph-mpi: error:") != 1:
        fail("%s: the error should be printed once, got:\n%s" % (name, b.stderr))


# Corpus files that spgraph-mpi refuses with its own message, by design (docs/cli.md): METIS
# and LightGraphs files, dense (array) Matrix Market files, rectangular matrices.
OWN_MESSAGE = re.compile(r"^(metis_|el_lightgraphs_|mm_array)")


def hostile_corpus(r, corpus):
    """Every file of tests/data/bad/: spgraph-mpi fails cleanly (one message, exit 1, no signal)
    and, where spgraph's refusal is the loader's, with spgraph's message."""
    for name in sorted(os.listdir(corpus)):
        if name == "EXPECTED.tsv":
            continue
        path = os.path.join(corpus, name)
        a = r.single("bfs", path, "--source", "1", expect_ok=False)
        b = r.dist("bfs", path, "--source", "1", expect_ok=False)
        if a is None or b is None:
            continue
        if a.returncode == 0:
            if b.returncode != 0:
                fail("corpus %s: spgraph accepts it, spgraph-mpi refuses: %s" % (name, b.stderr))
            continue
        if b.returncode == 0 or b.returncode >= 128 or "signal" in b.stderr:
            fail("corpus %s: spgraph-mpi did not fail cleanly (%d): %s" % (name, b.returncode,
                                                                          b.stderr[-500:]))
            continue
        if b.stderr.count("spgraph-mpi: error:") != 1:
            fail("corpus %s: expected one error line, got:\n%s" % (name, b.stderr[-800:]))
            continue
        x = re.search(r"spgraph: error: (.*)", a.stderr)
        y = re.search(r"spgraph-mpi: error: (.*)", b.stderr)
        if not OWN_MESSAGE.match(name) and x and y and x.group(1) != y.group(1):
            fail("corpus %s: messages differ:\n  spgraph:     %s\n  spgraph-mpi: %s" % (
                name, x.group(1), y.group(1)))


def bad_inputs(r):
    w = r.work
    lines = ["%d %d" % (k % 300 + 1, (k * 7) % 300 + 1) for k in range(3000)]

    def write(name, text, mode="w"):
        path = os.path.join(w, name)
        with open(path, mode) as f:
            f.write(text)
        return path

    # A bad entry near the end of a Matrix Market file: the last rank reads it.
    body = list(dict.fromkeys(lines))
    mm = ["%%MatrixMarket matrix coordinate pattern general", "300 300 %d" % len(body)] + body
    bad = list(mm)
    bad[-5] = "12 x7"
    same_error(r, write("bad_entry.mtx", "\n".join(bad) + "\n"), "bad entry near the end")
    bad = list(mm)
    bad[-3] = "12 301"
    same_error(r, write("out_of_range.mtx", "\n".join(bad) + "\n"), "index out of range")
    bad = list(mm)
    bad[-2] = bad[3]  # repeats an entry the first rank holds
    same_error(r, write("duplicate.mtx", "\n".join(bad) + "\n"), "duplicate entry across ranks")
    same_error(r, write("truncated.mtx", "\n".join(mm[:-40]) + "\n"), "truncated Matrix Market")
    same_error(r, write("extra.mtx", "\n".join(mm + ["1 1", "2 2"]) + "\n"), "extra entries")
    # Edge lists: a bad id late in the file, and a weight column that appears half way.
    el = list(lines)
    el[-7] = "5 banana"
    same_error(r, write("bad_id.txt", "\n".join(el) + "\n"), "bad id near the end")
    el = list(lines)
    el[len(el) // 2:] = [x + " 2.5" for x in el[len(el) // 2:]]
    same_error(r, write("mixed.txt", "\n".join(el) + "\n"), "mixed weight columns across ranks")
    same_error(r, write("comments.txt", "# nothing\n% here\n"), "a file with no edge")
    same_error(r, os.path.join(w, "does-not-exist.mtx"), "missing file")
    # A binary file with one flipped byte late in the column array: the checksum catches it.
    good = os.path.join(w, "good.bin")
    if r.single("convert", write("good.mtx", "\n".join(mm) + "\n"), good) is not None:
        data = bytearray(open(good, "rb").read())
        data[len(data) - 64] ^= 0x5A
        same_error(r, write("flipped.bin", bytes(data), "wb"), "binary with a flipped byte")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spgraph", required=True)
    ap.add_argument("--spgraph-mpi", required=True)
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--mpirun-arg", action="append", default=[])
    ap.add_argument("--np", type=int, required=True)
    ap.add_argument("--data", help="the repository's data/ folder")
    ap.add_argument("--shared-data", help="../shared/data, when present")
    ap.add_argument("--corpus", help="tests/data/bad: the hostile-input corpus (whole set only)")
    ap.add_argument("--workdir")
    ap.add_argument("--quick", action="store_true",
                    help="the random, tiny, named-column and remapped graphs and the bad inputs "
                         "only (CI runs the whole set with 4 ranks)")
    args = ap.parse_args()
    own_dir = args.workdir is None
    args.workdir = args.workdir or tempfile.mkdtemp(prefix="spgraph-mpi-np%d-" % args.np)
    os.makedirs(args.workdir, exist_ok=True)
    # Each run gets its own OpenMPI session directory. ctest -j runs two rank counts at once, and
    # two mpiexec creating the shared /tmp/ompi.HOST.UID race: the loser's mkdir fails with "File
    # exists" and its ranks never start (seen in CI). TMPDIR covers PMIx and later OpenMPI too.
    session_tmp = os.path.join(args.workdir, "ompi")
    os.makedirs(session_tmp, exist_ok=True)
    os.environ["OMPI_MCA_orte_tmpdir_base"] = session_tmp
    os.environ["TMPDIR"] = session_tmp
    r = Runner(args)
    w = args.workdir

    # Random directed graphs, 0- and 1-based, with and without weights.
    for seed, base, weighted in ((1, 0, False), (2, 1, False), (3, 0, True)):
        g = os.path.join(w, "random%d.txt" % seed)
        random_edge_list(g, 400, 3000, seed, base, weighted)
        all_jobs(r, g, str(5 + base), queries=["%d,%d" % (5 + base, 17 + base), "1,1"],
                 spmv=weighted, directions=True)
    # A file smaller than the rank count's pieces: some ranks get no line.
    tiny = os.path.join(w, "tiny.txt")
    with open(tiny, "w") as f:
        f.write("1 2\n2 3\n3 1\n")
    all_jobs(r, tiny, "1", queries=["3,2"], directions=True)
    # Column names on the first line: every rank must read past them.
    named = os.path.join(w, "named.csv")
    random_edge_list(os.path.join(w, "plain.txt"), 100, 600, 4, 0, False, comments=False)
    with open(named, "w") as f:
        f.write("source,target\n")
        for line in open(os.path.join(w, "plain.txt")):
            f.write(line.strip().replace(" ", ",") + "\n")
    all_jobs(r, named, "3")
    # --remap-ids: sparse integer ids and string ids, numbered by first appearance.
    sparse = os.path.join(w, "sparse_ids.txt")
    rnd = random.Random(5)
    ids = [rnd.randrange(10**12) for _ in range(150)]
    with open(sparse, "w") as f:
        for _ in range(900):
            f.write("%d %d\n" % (rnd.choice(ids), rnd.choice(ids)))
    all_jobs(r, sparse, str(ids[3]), flags=["--remap-ids"], queries=["%d,%d" % (ids[3], ids[4])])
    names = os.path.join(w, "names.tsv")
    with open(names, "w") as f:
        for _ in range(700):
            f.write("user-%d\titem-%d\n" % (rnd.randrange(90), rnd.randrange(60)))
    with open(names) as f:
        first = f.readline().split("\t")[0]
    # spgraph takes integer --query ids only: no queries here.
    all_jobs(r, names, first, flags=["--remap-ids"], directions=True)
    # spgraph's own edge list of a remapped graph ("ids=external" header: remapped without the
    # flag), and a gzip-compressed file (every rank inflates it, then parses its range).
    external = os.path.join(w, "external.txt")
    if r.single("convert", sparse, external, "--remap-ids") is not None:
        all_jobs(r, external, str(ids[3]), queries=["%d,%d" % (ids[3], ids[4])], remapped=True)
    packed = os.path.join(w, "random1.txt.gz")
    with open(os.path.join(w, "random1.txt"), "rb") as f, gzip.open(packed, "wb") as z:
        z.write(f.read())
    all_jobs(r, packed, "5", closure=False)
    blocked_tc_cases(r)
    if args.quick:
        return finish(r, args, own_dir, quick=True)
    # A Kronecker graph in three formats.
    kron = os.path.join(w, "kron.mtx")
    if r.single("generate", "kron", "--scale", "9", "--edge-factor", "8", "--out", kron) is not None:
        for ext in ("bin", "txt"):
            r.single("convert", kron, os.path.join(w, "kron." + ext))
        all_jobs(r, kron, "1", closure=False, spmv=True, directions=True)
        all_jobs(r, os.path.join(w, "kron.bin"), "1", closure=False)
        all_jobs(r, os.path.join(w, "kron.txt"), "1", closure=False)
    # The bundled graphs.
    if args.data:
        all_jobs(r, os.path.join(args.data, "wiki-Vote.txt"), "30", closure=False,
                 directions=True)
        all_jobs(r, os.path.join(args.data, "email-Eu-core.csv"), "0", queries=["0,5"], spmv=True)
    # Real graphs from the shared set, when it is there.
    if args.shared_data and os.path.isdir(args.shared_data):
        sd = args.shared_data
        for rel, src in (("lagraph/karate.mtx", "1"), ("snap/ca-GrQc.mtx", "1"),
                         ("suitesparse/bcspwr06.mtx", "1"), ("lagraph/A.mtx", "1"),
                         ("cugraph/dolphins.mtx", "1")):
            path = os.path.join(sd, rel)
            if os.path.exists(path):
                all_jobs(r, path, src, queries=["1,2"])
    if args.corpus:
        hostile_corpus(r, args.corpus)
    return finish(r, args, own_dir)


def finish(r, args, own_dir, quick=False):
    bad_inputs(r)
    if not switched:
        fail("no search switched direction: the direction checks did not exercise the rule")
    if own_dir:
        shutil.rmtree(args.workdir, ignore_errors=True)
    what = "%d ranks%s" % (args.np, ", quick set" if quick else "")
    if failures:
        print("%d check(s) failed with %s" % (len(failures), what))
        return 1
    print("all spgraph-mpi checks passed with %s" % what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
