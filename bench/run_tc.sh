#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Triangle counting benchmark: spgraph's fused count vs LAGraph's SandiaDot method in
# SuiteSparse:GraphBLAS through `spgraph compare tc`: a generated Kronecker scale-18 graph and
# the social graphs of ../shared/data, 7 A/B pairs each, counts verified. Writes one JSON per
# graph to bench/results/. Usage: bench/run_tc.sh [build-dir] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/spgraph
shared=../shared/data
out=bench/results
mkdir -p "$out" /tmp/spgraph-bench
kron=/tmp/spgraph-bench/kron18.bin
[ -f "$kron" ] || "$bin" generate kron --scale 18 --edge-factor 16 --seed 1 --out "$kron"
graphs=("$kron")
for g in networkit/astro-ph.graph networkit/hep-th.graph networkit/PGPgiantcompo.graph \
         networkit/MIT8.edgelist networkit/polblogs.graph networkit/jazz.graph \
         networkit/wiki-Vote.txt cugraph/email-Eu-core.csv cugraph/netscience.mtx \
         cugraph/polbooks.mtx cugraph/dolphins.mtx snap/ca-GrQc.mtx \
         suitesparse/NotreDame_www.mtx.gz; do
  [ -f "$shared/$g" ] && graphs+=("$shared/$g")
done
for g in "${graphs[@]}"; do
  name=$(basename "$g"); name=${name%%.*}
  echo "== $g"
  "$bin" compare tc "$g" --runs 7 --threads "$threads" --json --quiet | tee "$out/tc_$name.json"
done
echo "JSON written to $out/"
