#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# BFS benchmark: spgraph vs SuiteSparse:GraphBLAS through `spgraph compare bfs` (the same code
# users run), 32 sources per graph, A/B pairs, answers verified. Writes one JSON per graph to
# bench/results/ and prints the tables. Usage: bench/run_bfs.sh [build-dir] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/spgraph
shared=../shared/data
out=bench/results
mkdir -p "$out" /tmp/spgraph-bench
kron=/tmp/spgraph-bench/kron18.bin
[ -f "$kron" ] || "$bin" generate kron --scale 18 --edge-factor 16 --seed 1 --out "$kron"
run() {
  local name=$1; shift
  echo "== $name"
  "$bin" compare bfs "$@" --sources 32 --threads "$threads"
  "$bin" compare bfs "$@" --sources 32 --threads "$threads" --json --quiet > "$out/bfs_$name.json"
}
run kron18 "$kron"
[ -f "$shared/suitesparse/NotreDame_www.mtx.gz" ] && run notredame "$shared/suitesparse/NotreDame_www.mtx.gz"
[ -f "$shared/road/luxembourg_osm.mtx" ] && run luxembourg_osm "$shared/road/luxembourg_osm.mtx"
[ -f "$shared/road/usroads.mtx" ] && run usroads "$shared/road/usroads.mtx"
echo "JSON written to $out/"
