#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The device Dynamic CSR benchmark in the GPU check (scripts/gpu_check.sh gives BIN, SPGRAPH,
# WORK, OUT_FILE, BUDGET_S; this script's stdout is OUT_FILE). Issue 36's Dynamic CSR targets,
# by gpu_dcsr_bench (bench/gpu/dcsr_bench.cu), on a Kronecker graph generated here (Graph500
# initiator, weights 1..100; the same file bench/gpu/10-spmv.sh writes, reused when present):
#   - inserts, batches of 1M random arcs, arcs/s on the device against the CPU Dynamic CSR on
#     the same batches in the same run (target >= 5e8 arcs/s);
#   - SpMV on the fragmented form after 10 rounds of 2% inserts against the same kernel on the
#     compact (CSR-layout) copy, same run (target <= 1.3x);
#   - the peak device memory of each.
# Sized to the budget: Kronecker scale 22 from 90 s, else scale 20 with fewer batches.
# gpu-check-weight: 2
set -euo pipefail
budget=${BUDGET_S:-120}
scale=20
batches=5
if [ "$budget" -ge 90 ]; then
  scale=22
  batches=10
fi
file=$WORK/kron-$scale.bin
[ -f "$file" ] || "$SPGRAPH" generate kron --scale "$scale" --weights 100 --out "$file" -q >&2
echo "# bench/gpu/40-dcsr.sh: budget ${budget} s, Kronecker scale $scale, $batches batches"
"$BIN/gpu_dcsr_bench" "$file" --batch 1000000 --batches "$batches" --rounds 10 --iterations 20
