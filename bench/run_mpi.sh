#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# spgraph-mpi (CombBLAS, for graphs past one machine) against single-node spgraph, measured in the
# same run: BFS (levels, from the same sources) and TC on one Kronecker graph, at P = 1 and 4 ranks,
# and PageRank (the default GAP variant) and CC on the same graph,
# ROUNDS rounds alternating the engines; prints each engine's median time as its own report states
# it (spgraph-mpi: the slowest rank's), the ratio spgraph-mpi / spgraph, and each rank's peak
# memory. On a 2-core machine 4 ranks share 2 cores: this is an overhead measurement, not scaling
# (docs/scale-out.md models scaling).
#   usage: [RANKS="1 4"] bench/run_mpi.sh [BUILD_DIR=build/release] [SCALE=18] [ROUNDS=5]
# RANKS lists the rank counts (squares: CombBLAS's grid is square, other counts leave ranks
# idle); past the machine's cores the ranks are oversubscribed, and the rows say so.
# (issue 37's table is Kronecker scale 18; peak memory per rank is printed for each job)
set -euo pipefail
build=${1:-build/release}
scale=${2:-18}
rounds=${3:-5}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
graph=$work/kron$scale.bin
"$build/spgraph" generate kron --scale "$scale" --out "$graph" >/dev/null
sources="--source 1 --source 2 --source 3 --source 4"
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
field() { /usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
bfs_sum='sum(s["seconds"] for s in d["searches"])'
echo "graph: Kronecker scale $scale; $rounds rounds; $(date -u +%F); $(nproc --all) cores"
cores=$(nproc --all)
for p in ${RANKS:-1 4}; do
  [ "$p" -le "$cores" ] || echo "P=$p: $p ranks on $cores cores (oversubscribed)"
  : >"$work/one_bfs" && : >"$work/mpi_bfs" && : >"$work/one_tc" && : >"$work/mpi_tc"
  for job in pagerank cc; do : >"$work/one_$job" && : >"$work/mpi_$job"; done
  for r in $(seq "$rounds"); do
    "$build/spgraph" bfs "$graph" $sources --json | field "$bfs_sum" >>"$work/one_bfs"
    mpirun -np "$p" --oversubscribe "$build/spgraph-mpi" bfs "$graph" $sources --json |
      field "$bfs_sum" >>"$work/mpi_bfs"
    "$build/spgraph" tc "$graph" --json | field 'd["seconds"]' >>"$work/one_tc"
    mpirun -np "$p" --oversubscribe "$build/spgraph-mpi" tc "$graph" --json |
      field 'd["seconds"]' >>"$work/mpi_tc"
    for job in pagerank cc; do
      "$build/spgraph" "$job" "$graph" --json | field 'd["seconds"]' >>"$work/one_$job"
      mpirun -np "$p" --oversubscribe "$build/spgraph-mpi" "$job" "$graph" --json |
        field 'd["seconds"]' >>"$work/mpi_$job"
    done
  done
  for job in bfs tc; do
    one=$(median <"$work/one_$job")
    mpi=$(median <"$work/mpi_$job")
    awk -v p="$p" -v j="$job" -v a="$one" -v b="$mpi" \
      'BEGIN {printf "P=%d %-4s spgraph %.4f s  spgraph-mpi %.4f s  ratio %.1f\n", p, j, a, b, b / a}'
  done
  for job in pagerank cc; do
    one=$(median <"$work/one_$job")
    mpi=$(median <"$work/mpi_$job")
    awk -v p="$p" -v j="$job" -v a="$one" -v b="$mpi" \
      'BEGIN {printf "P=%d %-8s spgraph %.4f s  spgraph-mpi %.4f s  ratio %.1f\n", p, j, a, b, b / a}'
  done
  mpirun -np "$p" --oversubscribe "$build/spgraph-mpi" --traffic bfs "$graph" --source 1 \
    2>&1 >/dev/null | awk -v p="$p" '/^memory:/ {printf "P=%d rank %s peak %.1f MB\n", p, $3, $6 / 1e6}'
  for job in tc pagerank cc; do
    mpirun -np "$p" --oversubscribe "$build/spgraph-mpi" --traffic "$job" "$graph" 2>&1 >/dev/null |
      awk -v p="$p" -v j="$job" '/^memory:/ {printf "P=%d %s rank %s peak %.1f MB\n", p, j, $3, $6 / 1e6}'
  done
done
