#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Maintained views against recomputation (issue 32): incremental_bench on Kronecker 20
# (undirected) and on NotreDame_www (directed, weakly connected components), batches of 100, 1K
# and 10K random updates; output in bench/results/incremental_*.txt.
# Usage: bench/run_incremental.sh [build-dir] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/bench/incremental_bench
out=bench/results
mkdir -p "$out"
"$bin" kron:20 --threads "$threads" | tee "$out/incremental_kron20.txt"
notredame=../shared/data/suitesparse/NotreDame_www.mtx.gz
if [ -f "$notredame" ]; then
  "$bin" "$notredame" --directed --threads "$threads" | tee "$out/incremental_notredame.txt"
fi
