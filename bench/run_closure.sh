#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Transitive closure benchmark: spgraph (SCC method, pairs stored) vs the GraphBLAS semi-naive
# loop and Boost.Graph's transitive_closure (in a child process limited to 8 GB) through
# `spgraph compare closure`, on the closure set of ../shared/data, 3 A/B pairs each (the
# GraphBLAS loop takes up to ~9 s per run), pair sets verified. Writes one JSON per graph to
# bench/results/. Usage: bench/run_closure.sh [build-dir] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/spgraph
shared=../shared/data/closure
out=bench/results
mkdir -p "$out"
[ -d "$shared" ] || { echo "run_closure.sh: $shared not found; nothing to measure" >&2; exit 1; }
for f in "$shared"/data_*.txt; do
  name=$(basename "$f" .txt)
  echo "== $f"
  "$bin" compare closure "$f" --runs 3 --threads "$threads" --json --quiet | tee "$out/closure_$name.json"
done
echo "JSON written to $out/"
