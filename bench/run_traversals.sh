#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Traversal benchmarks (the SpMV-based ones): PageRank, SSSP and connected components in spgraph
# against SuiteSparse:GraphBLAS written as LAGraph does (LAGr_PageRankGAP,
# LAGr_SingleSourceShortestPath, LG_CC_FastSV6) through `spgraph compare pagerank|sssp|cc` (answers
# verified, A/B pairs in the same run, peak memory). Graphs: Kronecker scale 20 (pattern; scale 18
# with weights 1..255 for SSSP) and the road graphs of ../shared/data. Writes JSON per (job, graph)
# to bench/results/.
# Usage: bench/run_traversals.sh [build-dir] [threads] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
runs=${3:-5}
bin=$build/spgraph
shared=../shared/data
out=bench/results
tmp=/tmp/spgraph-bench
mkdir -p "$out" "$tmp"
gen() { [ -f "$tmp/$1" ] || "$bin" generate "${@:2}" --seed 1 --out "$tmp/$1" --quiet; }
gen kron20.bin kron --scale 20
gen kron18w.bin kron --scale 18 --weights 255
roads=()
for g in road/usroads.mtx road/luxembourg_osm.mtx; do
  [ -f "$shared/$g" ] && roads+=("$shared/$g")
done
run() {  # job name file flags...
  local job=$1 name=$2 file=$3
  shift 3
  echo "== $job $file $*"
  "$bin" compare "$job" "$file" "$@" --runs "$runs" --threads "$threads" --json --quiet |
    tee "$out/${job}_$name.json"
}
run pagerank kron20 "$tmp/kron20.bin"
run cc kron20 "$tmp/kron20.bin"
run sssp kron18w "$tmp/kron18w.bin" --source 1
for g in "${roads[@]}"; do
  name=$(basename "$g"); name=${name%%.*}
  run pagerank "$name" "$g"
  run cc "$name" "$g"
  run sssp "$name" "$g" --source 1
done
echo "JSON written to $out/"
