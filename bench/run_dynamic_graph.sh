#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The update path users call (DynamicGraph), which should cost little over its format: DynamicGraph
# against the format beneath it and against HYB, on a generated Kronecker scale-20 graph and on
# NotreDame_www (when ../shared/data holds it): inserts at batches of 1K, 100K and 1M; SpMV and BFS
# on the fragmented structure against CSR; memory after random inserts; update latency with the
# defragmentation/growth batches tagged. Printed tables go to bench/results/dg_*.txt, JSON next to
# them. Usage: bench/run_dynamic_graph.sh [build-dir] [threads]. About 25 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/bench/stream_bench
out=bench/results
mkdir -p "$out"
graphs=("kron:20")
notredame=../shared/data/suitesparse/NotreDame_www.mtx.gz
[ -f "$notredame" ] && graphs+=("$notredame")
for g in "${graphs[@]}"; do
  name=$(basename "$g" | sed 's/kron:20/kron20/; s/\..*//')
  echo "== inserts $name"
  "$bin" inserts "$g" --threads "$threads" --runs 3 --batches 1000,100000,1000000 \
    --contenders dcsr-keep,dcsr-set,dynamic-graph,dynamic-graph-undirected,hyb \
    --json "$out/dg_inserts_${name}.json" | tee "$out/dg_inserts_${name}.txt"
  for mode in fragmented latency memory; do
    echo "== $mode $name"
    extra=()
    [ "$mode" = memory ] && extra=(--contenders dcsr-set,dynamic-graph,dynamic-graph-undirected,hyb)
    "$bin" "$mode" "$g" --threads "$threads" --runs 3 "${extra[@]}" \
      --json "$out/dg_${mode}_${name}.json" | tee "$out/dg_${mode}_${name}.txt"
  done
done
