#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# GPU benchmark of issue 36's k-selection and fused kNN, each with its baseline in the same run
# (scripts/gpu_check.sh runs it with BIN, SPGRAPH, WORK, OUT_FILE's stdout and BUDGET_S):
#   1. batched k-selection, lists of 10^4 random floats, k = 10 and 1000: the block radix
#      select (topk_bench) against cub::DeviceSegmentedRadixSort of the same lists, answers
#      compared first; 10^4 lists with a budget of 60 s or more, else 2000; then one long list
#      (10^8 keys, or 10^7) by the grid-wide select against cub::DeviceRadixSort of it;
#   2. all-rows top-10 Jaccard on a generated Kronecker graph (scale 16, or 17 with 120 s),
#      undirected: spgraph knn --backend cuda against --backend cpu --threads 2 (the issue's
#      baseline), answers compared (identical, else exit 3), and compare knn --backend cuda where the CLI has
#      `compare` (the GPU check's does not: it is built without GraphBLAS);
#   3. feature kNN, top-10 cosine, generate tfidf (20000 x 100000, or 50000 x 250000 with
#      120 s): the same pair.
# Each line gives both times and the ratio cpu / cuda; the kNN lines the device's peak memory.
# STATUS: written where no GPU was lent; never run.
# gpu-check-weight: 2
set -uo pipefail  # a failed step is noted (status) and the next one still runs
: "${BIN:?}" "${SPGRAPH:?}" "${WORK:?}" "${BUDGET_S:?}"
lists=2000 long=10000000 scale=16 rows=20000 cols=100000
if [ "$BUDGET_S" -ge 60 ]; then lists=10000 long=100000000; fi
if [ "$BUDGET_S" -ge 120 ]; then scale=17 rows=50000 cols=250000; fi
status=0
field() { grep -o "\"$1\": *[0-9.e+-]*" | head -1 | sed 's/.*: *//'; }

echo "## batched k-selection ($lists lists of 10^4 keys)"
"$BIN/topk_bench" --lists "$lists" --len 10000 --k 10 --k 1000 --long "$long" --runs 5 ||
  { echo "topk_bench FAILED (exit $?)"; status=1; }

echo "## all-rows top-10 Jaccard, kron scale $scale"
g=$WORK/topk-kron$scale.mtx
[ -f "$g" ] || "$SPGRAPH" generate kron --scale "$scale" --edge-factor 16 --out "$g" -q || status=1
gpu=$("$SPGRAPH" knn "$g" --undirected --all --k 10 --measure jaccard --backend cuda --json \
  --out "$WORK/knn-cuda.tsv") || { echo "knn --backend cuda FAILED"; status=1; }
cpu=$("$SPGRAPH" knn "$g" --undirected --all --k 10 --measure jaccard --threads 2 --json \
  --out "$WORK/knn-cpu.tsv") || { echo "knn --backend cpu FAILED"; status=1; }
tg=$(echo "$gpu" | field seconds) tc=$(echo "$cpu" | field seconds)
echo "jaccard: cuda ${tg} s, cpu (2 threads) ${tc} s, ratio cpu/cuda $(awk -v a="$tc" -v b="$tg" 'BEGIN{printf "%.2f", a/b}'), device peak $(echo "$gpu" | field device_peak_bytes) bytes, h2d $(echo "$gpu" | field device_h2d_bytes), d2h $(echo "$gpu" | field device_d2h_bytes)"
cmp -s "$WORK/knn-cuda.tsv" "$WORK/knn-cpu.tsv" && echo "jaccard: answers identical" \
  || { echo "jaccard: ANSWERS DIFFER"; status=3; }
# The GPU check's CLI is built without GraphBLAS (scripts/build_gpu_check.sh), so it may lack
# `compare`; where it has it, the compare job runs too.
if "$SPGRAPH" compare --help >/dev/null 2>&1; then
  "$SPGRAPH" compare knn "$g" --undirected --all --k 10 --measure jaccard --backend cuda --runs 1 -q \
    | sed 's/^/compare knn --backend cuda: median ratio cuda\/cpu /'
fi

echo "## feature kNN, top-10 cosine, tfidf $rows x $cols"
f=$WORK/topk-tfidf-$rows.mtx
[ -f "$f" ] || "$SPGRAPH" generate tfidf --rows "$rows" --cols "$cols" --out "$f" -q || status=1
gpu=$("$SPGRAPH" knn --features "$f" --k 10 --backend cuda --json --out "$WORK/feat-cuda.mtx") ||
  { echo "knn --features --backend cuda FAILED"; status=1; }
cpu=$("$SPGRAPH" knn --features "$f" --k 10 --threads 2 --json --out "$WORK/feat-cpu.mtx") ||
  { echo "knn --features --backend cpu FAILED"; status=1; }
tg=$(echo "$gpu" | field seconds) tc=$(echo "$cpu" | field seconds)
echo "features: cuda ${tg} s, cpu (2 threads) ${tc} s, ratio cpu/cuda $(awk -v a="$tc" -v b="$tg" 'BEGIN{printf "%.2f", a/b}'), device peak $(echo "$gpu" | field device_peak_bytes) bytes"
cmp -s "$WORK/feat-cuda.mtx" "$WORK/feat-cpu.mtx" && echo "features: answers identical" \
  || { echo "features: MISMATCH between the cuda and cpu kNN graphs"; status=3; }
exit "$status"
