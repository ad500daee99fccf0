#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# mxm benchmark: spgraph's hash SpGEMM vs SuiteSparse:GraphBLAS GrB_mxm through
# `spgraph compare mxm` (the code users run): C = A*A over plus_times (double) for square
# matrices, A*A' for rectangular ones, 7 A/B pairs each, results verified. Writes one JSON per
# matrix to bench/results/ and prints the tables. Usage: bench/run_mxm.sh [build-dir] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/spgraph
shared=../shared/data
out=bench/results
mkdir -p "$out"
[ -d "$shared" ] || { echo "run_mxm.sh: $shared not found; nothing to measure" >&2; exit 1; }
matrices=(
  metis/4elt.graph metis/copter2.graph.gz networkit/wing.graph networkit/fe_4elt2.graph
  networkit/airfoil1.graph suitesparse/crack.mtx suitesparse/whitaker3.mtx suitesparse/bcsstk33.mtx
  road/luxembourg_osm.mtx road/usroads.mtx road/minnesota.mtx
  networkit/astro-ph.graph networkit/hep-th.graph networkit/PGPgiantcompo.graph
  networkit/polblogs.graph snap/ca-GrQc.mtx cugraph/email-Eu-core.csv
  suitesparse/cage8.mtx suitesparse/add32.mtx suitesparse/bcspwr10.mtx suitesparse/dwt_992.mtx
  suitesparse/Groebner_id2003_aug.mtx suitesparse/Franz6_id1959_aug.mtx
)
for m in "${matrices[@]}"; do
  [ -f "$shared/$m" ] || continue
  name=$(basename "$m"); name=${name%%.*}
  echo "== $m"
  "$bin" compare mxm "$shared/$m" --runs 7 --threads "$threads" --json --quiet | tee "$out/mxm_$name.json"
done
echo "JSON written to $out/"
