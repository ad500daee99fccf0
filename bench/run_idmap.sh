#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# String vertex ids against integer ids (string ids must cost at most 1.5x): idmap_bench loads one
# Kronecker edge list (64-bit scattered integer ids) with --remap-ids as integers and as strings, 5
# rounds each, and prints both medians, the ratio (target <= 1.5) and the peak memory.
# Output goes to bench/results/idmap_kron<scale>.txt.
# Usage: bench/run_idmap.sh [build-dir] [threads] [scale]. About 2 minutes at scale 20 on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
scale=${3:-20}
out=bench/results
mkdir -p "$out" /tmp/spgraph-bench
"$build/bench/idmap_bench" --scale "$scale" --edge-factor 16 --runs 5 --threads "$threads" \
  --file "/tmp/spgraph-bench/idmap_kron$scale.txt" | tee "$out/idmap_kron$scale.txt"
