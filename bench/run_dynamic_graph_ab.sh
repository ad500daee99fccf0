#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A/B of the update path users call (each change to it measured as a pair in one run): DynamicGraph
# inserts (undirected, set semantics: the default) in this build against another build of
# stream_bench (say, the commit before a change), alternating A and B, on Kronecker scale 20 and on
# NotreDame_www (when ../shared/data holds it). Each run is its own process; A and B alternate
# within each round, and the medians over rounds are compared.
# Usage: bench/run_dynamic_graph_ab.sh OTHER_STREAM_BENCH [build-dir] [threads] [rounds]
#   e.g. git worktree add /tmp/base a67f1f4 && cmake -S /tmp/base -B /tmp/base/build
#        -DCMAKE_BUILD_TYPE=Release -DSPGRAPH_BUILD_TESTS=OFF &&
#        cmake --build /tmp/base/build --target stream_bench -j2 &&
#        bench/run_dynamic_graph_ab.sh /tmp/base/build/bench/stream_bench
# Output: bench/results/dg_ab.txt (one line per run, then the medians and B/A ratios).
set -euo pipefail
cd "$(dirname "$0")/.."
other=${1:?usage: run_dynamic_graph_ab.sh OTHER_STREAM_BENCH [build-dir] [threads] [rounds]}
build=${2:-build/release}
threads=${3:-2}
rounds=${4:-3}
this=$build/bench/stream_bench
out=bench/results/dg_ab.txt
mkdir -p bench/results
graphs=("kron:20")
notredame=../shared/data/suitesparse/NotreDame_www.mtx.gz
[ -f "$notredame" ] && graphs+=("$notredame")
: > "$out.raw"
for g in "${graphs[@]}"; do
  name=$(basename "$g" | sed 's/kron:20/kron20/; s/\..*//')
  for r in $(seq "$rounds"); do
    for side in A B; do
      bin=$this
      [ "$side" = B ] && bin=$other
      # Lines "  dynamic-graph-undirected  RATE ..." per batch size, after "batch N".
      "$bin" inserts "$g" --threads "$threads" --runs 1 --batches 1000,100000,1000000 \
        --contenders dynamic-graph-undirected |
        awk -v g="$name" -v s="$side" '/^batch/ {b=$2} /^  dynamic-graph-undirected / {print g, b, s, $2}' |
        tee -a "$out.raw"
    done
  done
done
{
  echo "# A = $this, B = $other; $threads threads; $rounds rounds; DynamicGraph undirected inserts, updates/s (arcs/s = 2x)"
  echo "graph batch A_median B_median A/B"
  for g in $(awk '{print $1}' "$out.raw" | sort -u); do
    for b in $(awk -v g="$g" '$1 == g {print $2}' "$out.raw" | sort -n -u); do
      med() { awk -v g="$g" -v b="$b" -v s="$1" '$1 == g && $2 == b && $3 == s {print $4}' "$out.raw" |
        sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
      a=$(med A); bb=$(med B)
      echo "$g $b $a $bb $(awk -v a="$a" -v b="$bb" 'BEGIN {printf "%.2f", a / b}')"
    done
  done
} | tee "$out"
