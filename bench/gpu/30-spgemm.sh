#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Issue 35's GPU benchmark, run by scripts/gpu_check.sh (its header lists BIN, SPGRAPH, WORK,
# OUT_FILE, BUDGET_S): on Kronecker graphs generated here,
#   - A·A (plus_times over the pattern) by spgraph's device hash SpGEMM against cusparseSpGEMM,
#     same process, answers checked, with each one's peak device memory (scales 18-20, edge
#     factor 4, so that A·A fits cuSPARSE's 32-bit indices and the device);
#   - triangle counting on the device against the CPU backend on 2 threads (scales 20-22, edge
#     factor 16), counts checked.
# Each job is skipped, saying so, when the budget left cannot cover it (a generous estimate from
# its scale). One line per job; exit 1 if any job failed (a mismatch included).
# gpu-check-weight: 2
set -uo pipefail
bench=$BIN/spgraph_spgemm_bench
start=$(date +%s)
left() { echo $((BUDGET_S - ($(date +%s) - start))); }
status=0
echo "# spgemm (A·A vs cusparseSpGEMM) and tc (device vs CPU, 2 threads); budget ${BUDGET_S} s"

# graph SCALE EDGE_FACTOR: generates (once per check) and prints the file's path.
graph() {
  local f=$WORK/kron$1-ef$2.bin
  [ -f "$f" ] || "$SPGRAPH" generate kron --scale "$1" --edge-factor "$2" --out "$f" --quiet >&2 ||
    return 1
  echo "$f"
}

# job NAME SCALE EDGE_FACTOR RUNS NEEDED_SECONDS
job() {
  if [ "$(left)" -lt "$5" ]; then
    echo "$1 kron$2: skipped ($(left) s left of ${BUDGET_S} s, needs about $5 s)"
    return
  fi
  local f
  f=$(graph "$2" "$3") || { echo "$1 kron$2: generate failed"; status=1; return; }
  timeout "$(left)" "$bench" "$1" "$f" "$4" || status=1
}

job spgemm 18 4 3 20
job tc 20 16 3 25
job spgemm 19 4 3 30
job tc 21 16 1 35
job spgemm 20 4 1 45
job tc 22 16 1 60
echo "# total $(($(date +%s) - start)) s"
exit $status
