#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Dynamic CSR / streaming benchmarks (what each update structure costs in time, memory and reader
# speed): every mode of stream_bench on a generated Kronecker scale-20 graph and on NotreDame_www (a
# real web graph, shuffled), with JSON per mode and graph in bench/results/ and the printed tables
# in bench/results/stream_*.txt.
# Usage: bench/run_stream.sh [build-dir] [threads]. Takes about 40 minutes on 2 cores.
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
  for mode in inserts iterative fragmented memory latency convert; do
    runs=5
    [ "$mode" = iterative ] && runs=3
    echo "== $mode $name"
    "$bin" "$mode" "$g" --threads "$threads" --runs "$runs" --json "$out/stream_${mode}_${name}.json" \
      | tee "$out/stream_${mode}_${name}.txt"
  done
done
