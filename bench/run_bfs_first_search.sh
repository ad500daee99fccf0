#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What a CLI user waits for on the first BFS of an undirected graph stored as a "general" Matrix
# Market file (both arcs of every edge listed, no "symmetric" header), which once paid for a
# transpose it did not need: Kronecker 18 written that way, `spgraph bfs --sources 3` three times,
# then one source searched five times in one process (first search against the median of the five),
# three times.
# Usage: bench/run_bfs_first_search.sh [build-dir] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/spgraph
export OMP_NUM_THREADS=$threads OMP_WAIT_POLICY=passive
work=/tmp/spgraph-bench
mkdir -p "$work"
kron=$work/kron18.bin
general=$work/k18-general.mtx
[ -f "$kron" ] || "$bin" generate kron --scale 18 --edge-factor 16 --seed 1 --out "$kron"
if [ ! -f "$general" ]; then
  # spgraph writes the symmetric graph as one triangle; list both arcs under a general header.
  "$bin" convert "$kron" "$work/k18-symmetric.mtx" --quiet
  awk '/^%/ {next}
       !size {n = $1; size = 1; next}
       {a[++m] = $1 " " $2; if ($1 != $2) a[++m] = $2 " " $1}
       END {print "%%MatrixMarket matrix coordinate pattern general"; print n, n, m;
            for (i = 1; i <= m; ++i) print a[i]}' "$work/k18-symmetric.mtx" > "$general"
  rm "$work/k18-symmetric.mtx"
fi
echo "== three sources, three runs"
for _ in 1 2 3; do "$bin" bfs "$general" --sources 3 --seed 1 --threads "$threads"; done
src=$("$bin" bfs "$general" --sources 1 --seed 1 --threads "$threads" --json --quiet |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["searches"][0]["source"])')
echo "== source $src five times in one process, three runs: first / median"
five=()
for _ in 1 2 3 4 5; do five+=(--source "$src"); done
for _ in 1 2 3; do
  "$bin" bfs "$general" "${five[@]}" --threads "$threads" --json --quiet |
    python3 -c 'import json,statistics,sys; t=[s["seconds"] for s in json.load(sys.stdin)["searches"]]; print(" ".join(f"{x*1e3:.2f}" for x in t), "ms; first / median", f"{t[0]/statistics.median(t):.2f}")'
done
