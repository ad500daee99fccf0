#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Dense SpMV benchmark (the data behind the CSR/CSR5 rule, and how near SpMV runs to the memory
# bandwidth): spgraph's CSR kernel, its CSR5 view and the rule's choice against GrB_mxv in
# SuiteSparse:GraphBLAS, through `spgraph compare spmv` (answers verified, A/B pairs in the same
# run), plus `spgraph spmv --stream` for the effective GB/s as a fraction of the STREAM triad
# measured in the same run. Graphs: Kronecker scale 20 and 21 (pattern, and scale 20 with weights
# 1..255), a 128^3 3-D 7-point grid (weighted), the road graphs, NotreDame_www and 10 SuiteSparse
# matrices. Writes JSON per (graph, format) to bench/results/.
# Usage: bench/run_spmv.sh [build-dir] [threads] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
runs=${3:-7}
bin=$build/spgraph
shared=../shared/data
out=bench/results
tmp=/tmp/spgraph-bench
mkdir -p "$out" "$tmp"
gen() { [ -f "$tmp/$1" ] || "$bin" generate "${@:2}" --seed 1 --out "$tmp/$1" --quiet; }
gen kron20.bin kron --scale 20
gen kron21.bin kron --scale 21
gen kron20w.bin kron --scale 20 --weights 255
gen grid3d128w.bin grid3d --rows 128 --cols 128 --depth 128 --weights 16
graphs=("$tmp/kron20.bin" "$tmp/kron21.bin" "$tmp/kron20w.bin" "$tmp/grid3d128w.bin")
for g in road/usroads.mtx road/luxembourg_osm.mtx suitesparse/NotreDame_www.mtx.gz \
         suitesparse/bcsstk33.mtx suitesparse/crack.mtx suitesparse/whitaker3.mtx \
         suitesparse/cage8.mtx suitesparse/add32.mtx suitesparse/dwt_992.mtx \
         suitesparse/bcspwr10.mtx suitesparse/Franz6_id1959_aug.mtx \
         suitesparse/Groebner_id2003_aug.mtx suitesparse/Erdos971.mtx; do
  [ -f "$shared/$g" ] && graphs+=("$shared/$g")
done
"$bin" spmv "$tmp/kron20w.bin" --stream --threads "$threads" --json --quiet |
  tee "$out/spmv_stream_kron20w.json"
for g in "${graphs[@]}"; do
  name=$(basename "$g"); name=${name%%.*}
  for f in csr csr5 auto; do
    echo "== $g ($f)"
    "$bin" compare spmv "$g" --spmv "$f" --runs "$runs" --iterations 10 --threads "$threads" \
      --json --quiet | tee "$out/spmv_${name}_$f.json"
  done
done
echo "JSON written to $out/"
