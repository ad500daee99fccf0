#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# k-selection benchmark (where each selector wins, for kNN's per-row top-k): AdHeap (formats/topk/)
# against nth_element, partial_sort, priority_queue, a FAISS-style binary heap and a full sort
# (bench/topk_bench.cpp).
#   a        the thesis batch k-selection (Liu 2015 §4.6.4): 2^25 32-bit random keys, lists of
#            2^11..2^21, k = 0.1 l, 2 threads (two invocations, each a few minutes)
#   b        one list of 1e6, 1e7, 1e8 keys, k = 1, 10, 100, 1000, one thread
#   bbatch   lists of 1e4 and 1e5 keys, 1e7 keys in all, k = 1..1000, 2 threads
#   ratio    batch AdHeap vs Reservoir over l and l/k (batch_select_auto's rule)
#   arity    AdHeap arity and ISA sweep (ad_heap_default_arity)
#   selector TopKSelector heap vs reservoir (kTopKHeapMaxK)
# Every invocation holds /tmp/spgraph-build.lock, so no build runs on the shared machine while
# it times. Writes the tables to bench/results/topk_tables.md and JSON per setup beside them.
# Usage: bench/run_topk.sh [build-dir] [reps] [setups...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
reps=${2:-5}
shift $(( $# > 2 ? 2 : $# ))
setups=("$@")
[ ${#setups[@]} -eq 0 ] && setups=(a b bbatch ratio arity selector)
bin=$build/bench/topk_bench
out=bench/results
mkdir -p "$out"
tables=$out/topk_tables.md
{
  echo "# topk_bench tables ($(date -u +%Y-%m-%d))"
  echo
  echo '```'
  lscpu | head -20
  echo '```'
} > "$tables"
run() {  # run NAME THREADS ARGS...
  local name=$1 threads=$2
  shift 2
  echo "== topk_bench $*" >&2
  flock /tmp/spgraph-build.lock env OMP_NUM_THREADS="$threads" OMP_WAIT_POLICY=passive \
    "$bin" "$@" --reps "$reps" --json "$out/topk_$name.json" | tee -a "$tables"
}
for s in "${setups[@]}"; do
  case $s in
    a)
      run a_small 2 --setup a --lmin 11 --lmax 16
      run a_large 2 --setup a --lmin 17 --lmax 21 ;;
    b) run b 1 --setup b ;;
    bbatch) run bbatch 2 --setup bbatch --total 10000000 ;;
    ratio) run ratio 2 --setup ratio --total 8388608 ;;
    arity) run arity 1 --setup arity --arity-n 2000000 ;;
    selector) run selector 1 --setup selector ;;
    *) echo "unknown setup $s" >&2; exit 2 ;;
  esac
done
