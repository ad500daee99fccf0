#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The GPU SpMV benchmark in the GPU check (scripts/gpu_check.sh gives BIN, SPGRAPH, WORK,
# OUT_FILE, BUDGET_S; this script's stdout is OUT_FILE). Issue 34's SpMV targets, fp64
# plus_times, on graphs generated here with `spgraph generate` (integer weights 1..100, so
# every matrix stores values):
#   - a 3-D grid (7-point stencil pattern, regular rows) and a Kronecker graph (Graph500
#     initiator, power-law rows), sized to the budget: grid 128^3 and Kronecker scale 20 below
#     90 s, grid 160^3 and scale 22 from 90 s, and scale 24 too from 400 s;
#   - per graph, gpu_spmv_bench (bench/gpu/spmv_bench.cu): a device copy kernel's bandwidth,
#     spgraph's CSR5 and CSR-vector kernels and cusparseSpMV in the same run (ms, GB/s, fraction
#     of the copy kernel, cuSPARSE / spgraph), the GPU rule's inputs and choice against the
#     measured faster kernel, end to end, peak device memory;
#   - the CLI's device paths as a user runs them, on the grid: `spgraph spmv --backend cuda`
#     (end to end and device transfers) and `spgraph compare spmv --backend cuda` (spgraph
#     against cuSPARSE, verified).
# Graphs are written once to $WORK as binary files and reused by later scripts. A step that
# fails (a mismatch exits 3) is reported and the next one still runs; the script then exits with
# the last failure's status.
# gpu-check-weight: 3
set -uo pipefail
budget=${BUDGET_S:-120}
kron_scales=(20)
grid=128
if [ "$budget" -ge 90 ]; then
  kron_scales=(22)
  grid=160
fi
if [ "$budget" -ge 400 ]; then kron_scales=(22 24); fi
start=$(date +%s)
status=0
step() { # COMMAND...: runs it, noting a failure
  "$@" || {
    status=$?
    echo "FAILED (exit $status): $*"
  }
}
left() { echo $((budget - ($(date +%s) - start))); }

gen() { # NAME ARGS...: generate $WORK/NAME.bin unless it exists
  local name=$1
  shift
  [ -f "$WORK/$name.bin" ] || "$SPGRAPH" generate "$@" --weights 100 --out "$WORK/$name.bin" -q >&2 || return 1
  echo "$WORK/$name.bin"
}

echo "# bench/gpu/10-spmv.sh: budget ${budget} s, grid ${grid}^3, Kronecker scales ${kron_scales[*]}"
grid_file=$(gen "grid3d-$grid" grid3d --rows "$grid" --cols "$grid" --depth "$grid") || exit 1
step "$BIN/gpu_spmv_bench" --iterations 50 "$grid_file"
for s in "${kron_scales[@]}"; do
  if [ "$(left)" -lt 45 ]; then
    echo "kron scale $s: NOT RUN ($(left) s left of the budget)"
    continue
  fi
  kron_file=$(gen "kron-$s" kron --scale "$s") || exit 1
  step "$BIN/gpu_spmv_bench" --iterations 30 "$kron_file"
done
if [ "$(left)" -ge 20 ]; then
  echo "== the CLI on the grid"
  step "$SPGRAPH" spmv "$grid_file" --backend cuda --iterations 20
  # The GPU check's CLI is built without GraphBLAS (scripts/build_gpu_check.sh): no `compare`
  # there; gpu_spmv_bench above runs cuSPARSE itself.
  if "$SPGRAPH" compare --help >/dev/null 2>&1; then
    step "$SPGRAPH" compare spmv "$grid_file" --backend cuda --runs 3 --iterations 10
  else
    echo "compare spmv: not in this CLI (built with SPGRAPH_PEERS=OFF)"
  fi
else
  echo "the CLI runs: NOT RUN ($(left) s left of the budget)"
fi
exit "$status"
