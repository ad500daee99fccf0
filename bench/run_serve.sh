#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `spgraph serve` (what HTTP costs over the in-process API): updates/s through HTTP at batches of 1K
# and 100K (in memory, and with --store from 1 and 4 clients) against in-process DynamicGraph::apply
# of the same batches, and GET /degree and /bfs latency p50/p99 idle and under a concurrent update
# load (one client posting 1K batches back to back), on a Kronecker graph (default scale 18).
# Output: bench/results/serve_kron<scale>.txt. Usage: bench/run_serve.sh [build-dir] [scale].
# About 5 minutes at scale 18 on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
scale=${2:-18}
work=$(mktemp -d "$build/serve_bench.XXXXXX")  # on the build's disk: the store's fsyncs are real
trap 'rm -rf "$work"' EXIT
graph=$work/kron$scale.bin
"$build/spgraph" generate kron --scale "$scale" -o "$graph" --quiet
mkdir -p bench/results
OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} "$build/bench/serve_bench" "$graph" --spgraph "$build/spgraph" \
  --store-dir "$work" --runs 3 | tee "bench/results/serve_kron$scale.txt"
