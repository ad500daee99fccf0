#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# GAPBS as a peer (the fastest hand-written CPU code, the bar for BFS and TC): the hand-written GAP
# benchmark kernels `bfs` and `tc` (sbeamer/gapbs), timed on the same graphs and BFS sources as
# spgraph, per kernel and end to end (process start to exit). GAPBS is not in Debian and no GAPBS
# code enters this repository: build it elsewhere from its public source and name the build with
# GAPBS_DIR, e.g.
#   git clone https://github.com/sbeamer/gapbs /tmp/gapbs && make -C /tmp/gapbs bfs tc converter
#   GAPBS_DIR=/tmp/gapbs bench/run_gapbs.sh build/release 2
# Without GAPBS_DIR the script says so and exits 0 (the peer is optional).
#
# Per graph: spgraph converts it to an edge list in the file's own numbering (1-based for
# Matrix Market, so GAPBS's ids equal the file's and its vertex 0 is an extra isolated vertex),
# GAPBS's converter makes a .sg (symmetrized with -s when `spgraph info` finds the structure
# symmetric, and always for tc, which needs an undirected graph). BFS sources: on an
# undirected graph the ones `spgraph compare bfs --sources N` draws (sources with out-arcs,
# seed 1); on a directed one N vertices of its largest strongly connected component
# (bench/largest_scc_sources.py, seed 1). Each is run on both, RUNS trials, median per source.
# Like for like: both compute parents only (`compare bfs --compute parents`, verified against
# GraphBLAS). Peak memory: the maximum resident set of one end-to-end run of each (spgraph on
# the .bin file, GAPBS on its .sg), from getrusage.
# TC alone also runs on the social graphs of ../shared/data/snap (gapbs_tc_social.txt), timed on
# their .bin conversions.
# Output: bench/results/gapbs_*.txt and a table on stdout.
# Usage: GAPBS_DIR=DIR bench/run_gapbs.sh [build-dir] [threads] [sources] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
nsources=${3:-16}
runs=${4:-3}
bin=$build/spgraph
if [ -z "${GAPBS_DIR:-}" ]; then
  echo "run_gapbs.sh: GAPBS_DIR is not set: skipping the GAPBS peer (see this script's header)"
  exit 0
fi
for k in bfs tc converter; do
  [ -x "$GAPBS_DIR/$k" ] || { echo "run_gapbs.sh: no $GAPBS_DIR/$k (make -C \$GAPBS_DIR bfs tc converter)" >&2; exit 1; }
done
command -v python3 >/dev/null || { echo "run_gapbs.sh: needs python3" >&2; exit 1; }
export OMP_NUM_THREADS=$threads
# Both run under the OpenMP runtime's default waiting: OMP_WAIT_POLICY=passive (which the test
# suite sets) makes every per-level fork/join sleep, and costs GAPBS 8-10x on a road graph.
unset OMP_WAIT_POLICY
shared=../shared/data
out=bench/results
work=/tmp/spgraph-bench/gapbs
mkdir -p "$out" "$work"
kron=/tmp/spgraph-bench/kron18.bin
[ -f "$kron" ] || "$bin" generate kron --scale 18 --edge-factor 16 --seed 1 --out "$kron"
graphs=("kron18:$kron")
# Kronecker 20 (1 M vertices, 31 M arcs) unless SKIP_KRON20=1: GAPBS's tc takes seconds per run.
kron20=/tmp/spgraph-bench/kron20.bin
if [ "${SKIP_KRON20:-0}" != 1 ]; then
  [ -f "$kron20" ] || "$bin" generate kron --scale 20 --edge-factor 16 --seed 1 --out "$kron20"
  graphs+=("kron20:$kron20")
fi
[ -f "$shared/suitesparse/NotreDame_www.mtx.gz" ] && graphs+=("notredame:$shared/suitesparse/NotreDame_www.mtx.gz")
[ -f "$shared/road/usroads.mtx" ] && graphs+=("usroads:$shared/road/usroads.mtx")
[ -f "$shared/road/luxembourg_osm.mtx" ] && graphs+=("luxembourg_osm:$shared/road/luxembourg_osm.mtx")

# Seconds since the epoch, to the nanosecond.
now() { date +%s.%N; }
# Median of the "Trial Time:" lines of a GAPBS run.
gapbs_median() { awk '/^Trial Time:/ {print $3}' | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# TC on one graph: the kernel's time as each tool reports it, median of RUNS, and the ratio.
tc_pair() {
  local name=$1 file=$2 sgs=$3 report=$4 sp_tc gp_tc
  sp_tc=$(for _ in $(seq "$runs"); do
    "$bin" tc "$file" --threads "$threads" --json --quiet |
      python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("seconds", d.get("count_seconds", 0)))'
  done | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')
  gp_tc=$("$GAPBS_DIR/tc" -f "$sgs" -n "$runs" | gapbs_median)
  echo "TC on $name: spgraph $(python3 -c "print(f'{$sp_tc*1e3:.2f}')") ms, GAPBS $(python3 -c "print(f'{$gp_tc*1e3:.2f}')") ms, ratio $(python3 -c "print(f'{$sp_tc/$gp_tc:.2f}')") (target <= 0.3)" | tee -a "$report"
}

machine=$(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2; exit}')
for entry in "${graphs[@]}"; do
  name=${entry%%:*}
  file=${entry#*:}
  report=$out/gapbs_$name.txt
  {
    echo "# $machine, $(date -u +%Y-%m-%d), $threads threads; GAPBS $(git -C "$GAPBS_DIR" log -1 --format=%h 2>/dev/null || echo '?')"
    echo "# $file"
  } > "$report"
  symmetric=$("$bin" info "$file" --json --quiet | python3 -c 'import json,sys; print(int(not json.load(sys.stdin)["directed"]))')
  # GAPBS's .el reader takes "u v" lines only: the header comment goes.
  el=$work/$name.el
  if [ ! -f "$el" ]; then
    "$bin" convert "$file" "$work/$name.spgraph.el" --quiet
    grep -v '^#' "$work/$name.spgraph.el" > "$el"
    rm "$work/$name.spgraph.el"
  fi
  sg=$work/$name.sg
  sgs=$work/$name.sym.sg
  sym_flag=()
  [ "$symmetric" = 1 ] && sym_flag=(-s)
  [ -f "$sg" ] || "$GAPBS_DIR/converter" -f "$el" "${sym_flag[@]}" -b "$sg" > /dev/null
  [ -f "$sgs" ] || "$GAPBS_DIR/converter" -f "$el" -s -b "$sgs" > /dev/null

  # BFS per source: spgraph's sources and medians, then GAPBS on each.
  json=$work/$name.bfs.json
  pick=(--sources "$nsources")
  if [ "$symmetric" = 0 ]; then
    pick=()
    while read -r s; do pick+=(--source "$s"); done < <(python3 bench/largest_scc_sources.py "$el" "$nsources" 1)
  fi
  "$bin" compare bfs "$file" "${pick[@]}" --compute parents --runs "$runs" --threads "$threads" \
    --json --quiet > "$json"
  python3 -c 'import json,sys; [print(r["source"], r["spgraph_s"]) for r in json.load(open(sys.argv[1]))["rows"]]' \
    "$json" > "$work/$name.sp"
  echo "BFS on $name ($( [ "$symmetric" = 1 ] && echo undirected || echo directed)), $nsources sources, median of $runs per source" | tee -a "$report"
  printf '  %-10s %12s %12s %8s\n' source spgraph_ms gapbs_ms ratio | tee -a "$report"
  ratios=()
  while read -r src sp; do
    gp=$("$GAPBS_DIR/bfs" -f "$sg" -r "$src" -n "$runs" | gapbs_median)
    ratio=$(python3 -c "print(f'{$sp/$gp:.2f}')")
    ratios+=("$ratio")
    printf '  %-10s %12.3f %12.3f %8s\n' "$src" "$(python3 -c "print($sp*1e3)")" \
      "$(python3 -c "print($gp*1e3)")" "$ratio" | tee -a "$report"
  done < "$work/$name.sp"
  med=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')
  echo "  median spgraph / GAPBS: $med (target <= 0.8)" | tee -a "$report"

  tc_pair "$name" "$file" "$sgs" "$report"

  # End to end: process start to exit, one source, median of RUNS.
  src=$(head -1 "$work/$name.sp" | cut -d' ' -f1)
  e2e() {
    for _ in $(seq "$runs"); do
      local t0
      t0=$(now)
      "$@" > /dev/null
      python3 -c "print($(now) - $t0)"
    done | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
  }
  binfile=$work/$name.bin
  [ -f "$binfile" ] || "$bin" convert "$file" "$binfile" --quiet
  echo "End to end (start to exit), seconds:" | tee -a "$report"
  for input in "$file" "$binfile"; do
    echo "  spgraph bfs $(basename "$input") --source $src: $(e2e "$bin" bfs "$input" --source "$src" --compute parents --threads "$threads" --quiet)" | tee -a "$report"
    echo "  spgraph tc $(basename "$input"): $(e2e "$bin" tc "$input" --threads "$threads" --quiet)" | tee -a "$report"
  done
  echo "  gapbs bfs $(basename "$sg") -r $src -n 1: $(e2e "$GAPBS_DIR/bfs" -f "$sg" -r "$src" -n 1)" | tee -a "$report"
  # Peak resident memory of one end-to-end BFS, parents only on both sides.
  peak_kb() { python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"; }
  sp_kb=$(peak_kb "$bin" bfs "$binfile" --source "$src" --compute parents --threads "$threads" --quiet)
  gp_kb=$(peak_kb "$GAPBS_DIR/bfs" -f "$sg" -r "$src" -n 1)
  echo "Peak memory of one BFS (max RSS): spgraph $((sp_kb / 1024)) MiB (.bin), GAPBS $((gp_kb / 1024)) MiB (.sg), ratio $(python3 -c "print(f'{$sp_kb/$gp_kb:.2f}')") (target <= 1)" | tee -a "$report"
  echo "  gapbs tc $(basename "$sgs") -n 1: $(e2e "$GAPBS_DIR/tc" -f "$sgs" -n 1)" | tee -a "$report"
done
# TC alone on the social graphs of ../shared/data/snap (TC's target there: <= 0.3x GAPBS's time),
# one report.
report=$out/gapbs_tc_social.txt
echo "# $machine, $(date -u +%Y-%m-%d), $threads threads; GAPBS $(git -C "$GAPBS_DIR" log -1 --format=%h 2>/dev/null || echo '?')" > "$report"
for g in email-enron.jlg astro-ph-cc1.jlg ca-condmat-cc1.jlg as-caida20071105.jlg ca-GrQc.mtx; do
  file=$shared/snap/$g
  [ -f "$file" ] || continue
  name=${g%.*}
  el=$work/$name.el
  if [ ! -f "$el" ]; then
    "$bin" convert "$file" "$work/$name.spgraph.el" --quiet
    grep -v '^#' "$work/$name.spgraph.el" > "$el"
    rm "$work/$name.spgraph.el"
  fi
  [ -f "$work/$name.sym.sg" ] || "$GAPBS_DIR/converter" -f "$el" -s -b "$work/$name.sym.sg" > /dev/null
  [ -f "$work/$name.bin" ] || "$bin" convert "$file" "$work/$name.bin" --quiet
  tc_pair "$name" "$work/$name.bin" "$work/$name.sym.sg" "$report"
done
echo "Reports written to $out/gapbs_*.txt"
