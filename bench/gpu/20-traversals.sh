#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# GPU check, issue 34: device BFS (parents, direction-optimizing) and PageRank (tolerance 1e-4)
# against the CPU backend in the same run, on graphs generated here: a Kronecker graph (Graph500,
# scale 22 to 24 as the budget and the device's memory allow) and a 2-D grid standing in for a
# road graph (long diameter, degree <= 4; GPUs are known to lose there). traversals_bench prints
# per-source BFS rows (GTEPS over the kernels, end to end with the download), the PageRank times
# (end to end and steps alone), both CPU times and ratios, and the peak device memory.
# Variables from scripts/gpu_check.sh: BIN, SPGRAPH, WORK, OUT_FILE (stdout goes there), BUDGET_S.
# gpu-check-weight: 3
set -uo pipefail
: "${BIN:?}" "${SPGRAPH:?}" "${WORK:?}" "${BUDGET_S:?}"
start=$(date +%s)
left() { echo $((BUDGET_S - ($(date +%s) - start))); }
mem_mib=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits 2>/dev/null | head -1)
mem_mib=${mem_mib:-0}
# Kronecker scale: 24 needs about 3 GB of device memory and a minute or more of generation and
# CPU runs on the host; 22 fits anything.
scale=22
if [ "$BUDGET_S" -ge 300 ] && [ "$mem_mib" -ge 40000 ]; then
  scale=24
elif [ "$BUDGET_S" -ge 180 ]; then
  scale=23
fi
echo "# 20-traversals: budget ${BUDGET_S} s, device memory ${mem_mib} MiB, Kronecker scale $scale"
status=0
run_graph() { # NAME GENERATE-ARGS... : generate once into $WORK, then benchmark
  local name=$1
  shift
  local file=$WORK/$name.bin
  if [ ! -f "$file" ]; then
    local t0=$(date +%s)
    "$SPGRAPH" generate "$@" --out "$file" --quiet || { echo "$name: generate failed"; return 1; }
    echo "$name: generated in $(($(date +%s) - t0)) s"
  fi
  "$BIN/traversals_bench" "$file" --sources "$SOURCES" --tolerance 1e-4
}
SOURCES=8
run_graph "kron$scale" kron --scale "$scale" --edge-factor 16 --seed 1 || status=1
echo
if [ "$(left)" -gt 40 ]; then
  SOURCES=4
  run_graph grid2000 grid --rows 2000 --cols 2000 || status=1
else
  echo "grid2000: NOT RUN ($(left) s left)"
  status=1
fi
echo "# 20-traversals: $(($(date +%s) - start)) s, status $status"
exit "$status"
