#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A/B of two spgraph builds on the hot paths: BFS, triangle counting, PageRank, mxm, inserts.

Used when a change must not move performance (a refactor): both builds run the same command on
the same input, alternately (old, new, old, new, ...), so that machine noise hits both alike;
the table gives each build's median and the ratio new/old, with the spread of each side.

Usage: bench/ab_builds.py OLD_BUILD_DIR NEW_BUILD_DIR [--rounds N] [--threads T] [--only TEXT]
A build dir holds `spgraph` and `bench/stream_bench` (or both side by side, as in a copy of the
binaries). Inputs: a Kronecker graph generated into /tmp/spgraph-bench, and files from
../shared/data when present (skipped otherwise).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared", "data")
WORK = "/tmp/spgraph-bench"


def binary(build, name):
    for candidate in (os.path.join(build, name), os.path.join(build, "bench", name)):
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    sys.exit(f"ab_builds: no executable '{name}' in {build} or {build}/bench")


def run_json(cmd):
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def bfs_seconds(build, path, threads):
    r = run_json([binary(build, "spgraph"), "bfs", path, "--sources", "32", "--seed", "1",
                  "--json", "-q", "-t", str(threads)])
    return sum(s["seconds"] for s in r["searches"])


def tc_seconds(build, path, threads):
    r = run_json([binary(build, "spgraph"), "tc", path, "--json", "-q", "-t", str(threads)])
    return r["seconds"]


def pagerank_seconds(build, path, threads):
    r = run_json([binary(build, "spgraph"), "pagerank", path, "--json", "-q", "-t", str(threads)])
    return r["seconds"]


def mxm_seconds(build, path, threads):
    r = run_json([binary(build, "spgraph"), "compare", "mxm", path, "--runs", "3", "--json", "-q",
                  "-t", str(threads)])
    return r["spgraph_median_s"]


def insert_seconds_per_million(build, graph, threads, contender):
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        subprocess.run([binary(build, "stream_bench"), "inserts", graph, "--batches", "10000",
                        "--runs", "3", "--threads", str(threads), "--contenders", contender,
                        "--json", f.name], check=True, capture_output=True, text=True)
        with open(f.name) as g:
            r = json.load(g)
    rate = r["batches"][0]["contenders"][contender]["edges_per_s_median"]
    if rate <= 0:
        raise RuntimeError(f"stream_bench {contender} on {graph} failed")
    return 1e6 / rate  # seconds per million inserted edges: lower is better, like the others


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--only", default="", help="run only the jobs whose name contains this")
    a = ap.parse_args()
    os.makedirs(WORK, exist_ok=True)
    kron = os.path.join(WORK, "kron18.bin")
    if not os.path.exists(kron):
        subprocess.run([binary(a.new, "spgraph"), "generate", "kron", "--scale", "18",
                        "--edge-factor", "16", "--seed", "1", "--out", kron, "-q"], check=True)
    jobs = [("bfs kron18", bfs_seconds, kron)]
    for name, rel, fn in [("bfs luxembourg_osm", "road/luxembourg_osm.mtx", bfs_seconds),
                          ("tc NotreDame_www", "suitesparse/NotreDame_www.mtx.gz", tc_seconds),
                          ("tc kron18", None, tc_seconds),
                          ("pagerank kron18", None, pagerank_seconds),
                          ("mxm ca-GrQc", "snap/ca-GrQc.mtx", mxm_seconds),
                          ("mxm crack", "suitesparse/crack.mtx", mxm_seconds)]:
        path = kron if rel is None else os.path.join(SHARED, rel)
        if os.path.exists(path):
            jobs.append((name, fn, path))
        else:
            print(f"skip {name}: {path} not found", file=sys.stderr)
    for contender in ("dcsr-keep", "dynamic-graph"):
        jobs.append((f"inserts {contender} kron16 (s/M edges)",
                     lambda b, g, t, c=contender: insert_seconds_per_million(b, g, t, c), "kron:16"))

    print(f"A/B, {a.rounds} alternating rounds, {a.threads} threads; old={a.old} new={a.new}")
    print(f"{'job':44} {'old median s':>13} {'new median s':>13} {'new/old':>8}   "
          f"{'old min-max':>19} {'new min-max':>19}")
    for name, fn, path in [j for j in jobs if a.only in j[0]]:
        old, new = [], []
        for _ in range(a.rounds):
            old.append(fn(a.old, path, a.threads))
            new.append(fn(a.new, path, a.threads))
        mo, mn = statistics.median(old), statistics.median(new)
        print(f"{name:44} {mo:13.6f} {mn:13.6f} {mn / mo:8.3f}   "
              f"{min(old):9.6f}-{max(old):9.6f} {min(new):9.6f}-{max(new):9.6f}", flush=True)


if __name__ == "__main__":
    main()
