#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Communities, cores and the two Graphalytics kernels spgraph added in issue 31, each against its
# strongest peer in the same process through `spgraph compare JOB`:
#   cdlp, lcc        the GraphBLAS formulation (LAGraph's LAGraph_cdlp / LAGraph_lcc)
#   kcore, ktruss    igraph (igraph_coreness / igraph_trussness; serial C)
#   louvain, leiden  igraph (igraph_community_multilevel / igraph_community_leiden), modularity
#                    of both memberships computed by one function
# Graphs (as the issue names them): Kronecker 18 and 20 (generate kron --scale S --edge-factor 16
# --seed 1, cached under /tmp/spgraph-bench/gap as bench/run_gap.sh caches them; SKIP_KRON20=1
# leaves 20 out), and from ../shared/data (SHARED_DATA names another folder) NotreDame_www, the
# road graphs and the snap social graphs. Which job runs on which graph: JOB_GRAPHS below (the
# issue's targets: k-core/k-truss on kron20 and NotreDame; Louvain/Leiden on kron18, NotreDame,
# roads and snap; CDLP/LCC on all). Every input is taken as undirected.
# Writes one JSON per (job, graph) to bench/results/communities/ and prints the table
# (bench/summarize.py communities). Usage: bench/run_communities.sh [build-dir] [threads]
# Environment: RUNS (timed A/B pairs, default 5), JOBS (subset of "cdlp lcc kcore ktruss louvain
# leiden"), GRAPHS (subset of the graph names below).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
bin=$build/spgraph
shared=${SHARED_DATA:-../shared/data}
cache=/tmp/spgraph-bench/gap
out=bench/results/communities
runs=${RUNS:-5}
mkdir -p "$out" "$cache"
log() { echo "[run_communities] $*" >&2; }
[ -x "$bin" ] || { log "no $bin: build it first (cmake --build $build --target spgraph)"; exit 2; }

# name -> file (generated or from ../shared/data); absent ones are skipped with a note.
graph_file() {
  case "$1" in
    kron18 | kron20)
      local f=$cache/$1.bin
      if [ "$1" = kron20 ] && [ "${SKIP_KRON20:-0}" = 1 ]; then return 1; fi
      [ -f "$f" ] || { log "generating $1"; "$bin" generate kron --scale "${1#kron}" --edge-factor 16 --seed 1 --out "$f" --quiet; }
      echo "$f" ;;
    notredame) echo "$shared/suitesparse/NotreDame_www.mtx.gz" ;;
    usroads) echo "$shared/road/usroads.mtx" ;;
    luxembourg_osm) echo "$shared/road/luxembourg_osm.mtx" ;;
    minnesota) echo "$shared/road/minnesota.mtx" ;;
    email-enron) echo "$shared/snap/email-enron.jlg" ;;
    ca-condmat) echo "$shared/snap/ca-condmat-cc1.jlg" ;;
    astro-ph) echo "$shared/snap/astro-ph-cc1.jlg" ;;
    as-caida) echo "$shared/snap/as-caida20071105.jlg" ;;
    *) return 1 ;;
  esac
}

social="email-enron ca-condmat astro-ph as-caida"
roads="usroads luxembourg_osm minnesota"
# Where a peer cannot finish in minutes the pair is left out, and RESULTS.md says so: igraph's
# trussness on Kronecker graphs (63 s at scale 16; scale 20 did not finish) and GraphBLAS's LCC
# on Kronecker 20 (33 s at scale 18, each of the warm-up and the timed runs).
declare -A JOB_GRAPHS=(
  [cdlp]="kron18 kron20 notredame $roads $social"
  [lcc]="kron18 notredame $roads $social"
  [kcore]="kron18 kron20 notredame $roads $social"
  [ktruss]="notredame $roads $social"
  [louvain]="kron18 notredame $roads $social"
  [leiden]="kron18 notredame $roads $social"
)
# The jobs' own flags: CDLP runs Graphalytics' default 10 rounds; Louvain/Leiden seed 1.
declare -A JOB_FLAGS=(
  [cdlp]="--iterations 10" [lcc]="" [kcore]="" [ktruss]="" [louvain]="--seed 1" [leiden]="--seed 1"
)

for job in ${JOBS:-cdlp lcc kcore ktruss louvain leiden}; do
  for name in ${JOB_GRAPHS[$job]}; do
    if [ -n "${GRAPHS:-}" ] && [[ " $GRAPHS " != *" $name "* ]]; then continue; fi
    file=$(graph_file "$name") || { log "$job: skipping $name"; continue; }
    [ -f "$file" ] || { log "$job: $file absent, skipping $name"; continue; }
    log "$job on $name"
    # shellcheck disable=SC2086
    if ! "$bin" compare "$job" "$file" --undirected ${JOB_FLAGS[$job]} --runs "$runs" \
        --threads "$threads" --json --quiet >"$out/${job}_$name.json.tmp"; then
      log "$job on $name FAILED (exit $?): see $out/${job}_$name.json.tmp"
      continue
    fi
    mv "$out/${job}_$name.json.tmp" "$out/${job}_$name.json"
  done
done
/usr/bin/python3 bench/summarize.py communities "$out"
