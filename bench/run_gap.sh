#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The six GAP benchmark kernels (BFS, SSSP, PageRank, CC, BC, TC) on spgraph and on GAPBS (the
# hand-written GAP reference code, sbeamer/gapbs), on the same files by GAP's rules, with one
# table of time ratios spgraph / GAPBS per graph. GAPBS is optional and no GAPBS code enters this
# repository: build it elsewhere from its public source and name the build with GAPBS_DIR, e.g.
#   git clone https://github.com/sbeamer/gapbs /tmp/gapbs && make -C /tmp/gapbs
#   GAPBS_DIR=/tmp/gapbs bench/run_gap.sh build/release 2
# Without GAPBS_DIR spgraph runs alone (times and peak memory, no ratios), and the script says so.
#
# Graphs: Kronecker 18 and 20 (generate kron --scale S --edge-factor 16 --seed 1; SKIP_KRON20=1
# leaves 20 out), a uniform random graph of Kronecker 18's size (generate urand --n 2^18 --m
# 2^22 --seed 1), and ../shared/data's road/usroads.mtx, road/luxembourg_osm.mtx and
# suitesparse/NotreDame_www.mtx.gz when present (SHARED_DATA names another folder). Every
# conversion is cached under /tmp/spgraph-bench/gap: spgraph's .bin (the file's own numbering),
# a weighted copy for SSSP (convert --add-weights 255 --weight-seed 1: GAP's weights 1..255, the
# same on both arcs of an edge), a symmetrized one for TC (convert --undirected); GAPBS's .sg,
# .wsg and symmetrized .sg made by its converter from spgraph's edge lists of those same files
# (-s when the graph is undirected), so both engines see the same arcs and the same weights.
#
# Kernels and rules (T threads: OMP_NUM_THREADS and spgraph --threads; OMP_WAIT_POLICY unset as in
# run_gapbs.sh):
#   bfs   parents only (bfs --compute parents; GAPBS bfs -r S), from SOURCES sources per graph:
#         on an undirected graph the ones `spgraph bfs --sources N --seed 1` draws (vertices with
#         out-arcs), on a directed one N vertices of its largest strongly connected component
#         (bench/largest_scc_sources.py, seed 1). spgraph searches every source in one process
#         after an untimed warm-up search from the first (GAPBS builds its graph, inverse
#         included, before its timer starts; compare bfs warms up the same way).
#   sssp  the same sources on the weighted graph (sssp --source S, its own Δ rule; GAPBS sssp -r
#         S with -d for each Δ of GAPBS_DELTAS, default "1 2 33": the fastest Δ is the bar).
#   pr    to tolerance 1e-4, at most 100 iterations (pagerank --tolerance 1e-4 --iterations
#         100, its defaults: Jacobi steps in double; GAPBS pr and pr_spmv -t 1e-4 -i 100: the
#         faster is the bar; pr is Gauss-Seidel, pr_spmv Jacobi, both in float).
#   pr-gs the same bar for spgraph run as GAPBS's pr: --sweep gauss-seidel --precision float.
#   cc    connected components (cc, auto method; GAPBS cc, Afforest); weakly connected on a
#         directed graph.
#   bc    4 sources, the first 4 of the bfs/sssp sources on both engines (bc --source S x 4;
#         GAPBS bc -r S -i 1 per source, its time the sum of the 4 per-source median trials:
#         GAPBS's own pick, bc -i 4, draws other vertices, which on a directed graph may reach
#         far fewer): "absent" for spgraph while `spgraph bc --help` fails.
#   tc    on the symmetrized graph (tc on the .sym.bin; GAPBS tc on the symmetrized .sg).
# Time: the kernel alone, as each reports it, median of RUNS runs in one process on both sides:
# spgraph's "seconds" of --json with --repeat RUNS (bfs: RUNS processes, each searching every
# source after a warm-up search), GAPBS's "Trial Time" lines of -n RUNS trials (per source for
# bfs and sssp). One process each: a fresh process's first run pays for the first touch of its
# memory (on this VM sometimes a 4-8 ms stall), which GAPBS's median of trials leaves out. For bfs and sssp the row shows the median over sources of the
# per-source medians. Ratio: spgraph ms / GAPBS ms; targets: <= 0.8 on kron18, kron20 and urand,
# <= 1.0 on the road graphs and NotreDame. Peak memory: the maximum resident set (getrusage of
# the child) of one end-to-end run of each kernel on each engine (spgraph on its .bin, GAPBS on
# its .sg/.wsg), and their ratio spgraph / GAPBS.
# Output: one table per graph on stdout (progress on stderr), bench/results/gap_<graph>.json
# (bench/plot.py gap charts them: bench/charts/gap.svg).
# Measure on idle cores: with other processes on them, every fork/join of a GAPBS kernel can wait
# a scheduler tick (seen: a usroads BFS in 3.4 s with 2 threads on 2 busy cores, 3 ms with 1).
#
# Usage: [GAPBS_DIR=DIR] bench/run_gap.sh [build-dir] [threads]     (--help: this text)
# Environment: GAPBS_DIR; RUNS (default 3); SOURCES (bfs/sssp sources, default 8); GRAPHS (a
# subset of "kron18 kron20 urand usroads luxembourg_osm notredame", space-separated); KERNELS (a
# subset of "bfs sssp pr cc bc tc"); SKIP_KRON20=1; GAPBS_DELTAS (default "1 2 33");
# SHARED_DATA (default ../shared/data); NO_PLOT=1 skips the chart.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  sed -n '3,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
fi
cd "$(dirname "$0")/.."
build=${1:-build/release}
threads=${2:-2}
runs=${RUNS:-3}
nsources=${SOURCES:-8}
deltas=${GAPBS_DELTAS:-1 2 33}
kernels=${KERNELS:-bfs sssp pr pr-gs cc bc tc}
shared=${SHARED_DATA:-../shared/data}
bin=$build/spgraph
py=/usr/bin/python3
[ -x "$bin" ] || { echo "run_gap.sh: no $bin (cmake --build --preset release --target spgraph_cli)" >&2; exit 1; }
[ -x "$py" ] || { echo "run_gap.sh: needs $py" >&2; exit 1; }
for k in $kernels; do
  case $k in bfs | sssp | pr | pr-gs | cc | bc | tc) ;; *) echo "run_gap.sh: unknown kernel '$k' in KERNELS (bfs sssp pr pr-gs cc bc tc)" >&2; exit 2 ;; esac
done
gapbs=${GAPBS_DIR:-}
if [ -n "$gapbs" ]; then
  for k in bfs sssp pr pr_spmv cc bc tc converter; do
    [ -x "$gapbs/$k" ] || { echo "run_gap.sh: no $gapbs/$k (make -C \$GAPBS_DIR)" >&2; exit 1; }
  done
  gapbs_version=$(git -C "$gapbs" log -1 --format=%h 2>/dev/null || echo '?')
else
  echo "run_gap.sh: GAPBS_DIR is not set: spgraph runs alone, without ratios (see --help)" | tee /dev/stderr
  gapbs_version=
fi
has_bc=1
"$bin" bc --help > /dev/null 2>&1 || has_bc=0
export OMP_NUM_THREADS=$threads
# Both run under the OpenMP runtime's default waiting (see run_gapbs.sh).
unset OMP_WAIT_POLICY
work=/tmp/spgraph-bench/gap
out=bench/results
mkdir -p "$work" "$out"

log() { echo "run_gap.sh: $*" >&2; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR) print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# Median of the "Trial Time:" lines of a GAPBS run.
gapbs_median() { awk '/^Trial Time:/ {print $3}' | median; }
# The "seconds" field of one spgraph --json report on stdin.
sp_seconds() { "$py" -c 'import json,sys; print(json.load(sys.stdin)["seconds"])'; }
# Peak resident memory in KiB of one run of a command.
peak_kb() {
  "$py" -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
# spgraph's edge list of a file, without the header comments GAPBS's reader does not take.
edge_list() {
  "$bin" convert "$1" "$2.spgraph.el" --quiet
  grep -v '^#' "$2.spgraph.el" > "$2"
  rm "$2.spgraph.el"
}
# spgraph's median over RUNS runs of a command's kernel in one process (--repeat).
sp_time() { "$@" --repeat "$runs" --threads "$threads" --json --quiet | sp_seconds; }

# The graphs: name:file[:target].
all=(kron18 kron20 urand usroads luxembourg_osm notredame)
wanted=${GRAPHS:-${all[*]}}
graphs=()
for name in $wanted; do
  case $name in
    kron18 | kron20)
      [ "$name" = kron20 ] && [ "${SKIP_KRON20:-0}" = 1 ] && { log "SKIP_KRON20=1: skipping kron20"; continue; }
      f=$work/$name.bin
      [ -f "$f" ] || { log "generating $name"; "$bin" generate kron --scale "${name#kron}" --edge-factor 16 --seed 1 --out "$f" --quiet; }
      graphs+=("$name:$f:0.8") ;;
    urand)
      f=$work/urand.bin
      [ -f "$f" ] || { log "generating urand"; "$bin" generate urand --n 262144 --m 4194304 --seed 1 --out "$f" --quiet; }
      graphs+=("urand:$f:0.8") ;;
    usroads | luxembourg_osm | notredame)
      case $name in
        notredame) f=$shared/suitesparse/NotreDame_www.mtx.gz ;;
        *) f=$shared/road/$name.mtx ;;
      esac
      if [ -f "$f" ]; then graphs+=("$name:$f:1.0"); else log "no $f: skipping $name"; fi ;;
    *) echo "run_gap.sh: unknown graph '$name' in GRAPHS (${all[*]})" >&2; exit 2 ;;
  esac
done

machine=$(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2; exit}')
written=()
for entry in "${graphs[@]}"; do
  IFS=: read -r name file target <<< "$entry"
  log "$name: preparing the files ($file)"
  # spgraph's files: the pattern .bin, the weighted copy, the symmetrized one.
  sp=$work/$name.bin
  [ -f "$sp" ] || "$bin" convert "$file" "$sp" --quiet
  wsp=$work/$name.w255.bin
  [ -f "$wsp" ] || "$bin" convert "$sp" "$wsp" --add-weights 255 --weight-seed 1 --quiet
  symmetric=$("$bin" info "$sp" --json --quiet | "$py" -c 'import json,sys; print(int(not json.load(sys.stdin)["directed"]))')
  ssp=$sp
  if [ "$symmetric" = 0 ]; then
    ssp=$work/$name.sym.bin
    [ -f "$ssp" ] || "$bin" convert "$sp" "$ssp" --undirected --quiet
  fi
  # GAPBS's files from spgraph's edge lists of the same files.
  el=$work/$name.el
  [ -f "$el" ] || edge_list "$sp" "$el"
  sym_flag=()
  [ "$symmetric" = 1 ] && sym_flag=(-s)
  if [ -n "$gapbs" ]; then
    sg=$work/$name.sg
    sgs=$work/$name.sym.sg
    wsg=$work/$name.w255.wsg
    [ -f "$sg" ] || "$gapbs/converter" -f "$el" "${sym_flag[@]}" -b "$sg" > /dev/null
    [ -f "$sgs" ] || "$gapbs/converter" -f "$el" -s -b "$sgs" > /dev/null
    if [ ! -f "$wsg" ]; then
      edge_list "$wsp" "$work/$name.w255.wel"
      "$gapbs/converter" -f "$work/$name.w255.wel" "${sym_flag[@]}" -w -b "$wsg" > /dev/null
      rm "$work/$name.w255.wel"
    fi
  fi
  # Sources, in the file's numbering, shared by bfs and sssp.
  sources=()
  if [ "$symmetric" = 1 ]; then
    while read -r s; do sources+=("$s"); done < <("$bin" bfs "$sp" --sources "$nsources" --seed 1 --json --quiet |
      "$py" -c 'import json,sys; [print(r["source"]) for r in json.load(sys.stdin)["searches"]]')
  else
    while read -r s; do sources+=("$s"); done < <("$py" bench/largest_scc_sources.py "$el" "$nsources" 1 2> /dev/null)
  fi
  log "$name: $( [ "$symmetric" = 1 ] && echo undirected || echo directed), sources ${sources[*]}"

  rows=$work/$name.rows.tsv
  : > "$rows"
  # One row: kernel, spgraph seconds, GAPBS seconds, GAPBS variant, spgraph KiB, GAPBS KiB
  # ("-" where absent).
  row() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$rows"; }
  pr_bar=""
  for kernel in $kernels; do
    log "$name: $kernel"
    sp_s=- gp_s=- variant=- sp_kb=- gp_kb=-
    case $kernel in
      bfs)
        # Per source: the median over RUNS processes, each searching every source after a warm-up.
        pick=(--source "${sources[0]}")
        for s in "${sources[@]}"; do pick+=(--source "$s"); done
        for _ in $(seq "$runs"); do
          "$bin" bfs "$sp" "${pick[@]}" --compute parents --threads "$threads" --json --quiet |
            "$py" -c 'import json,sys; [print(i, r["seconds"]) for i, r in enumerate(json.load(sys.stdin)["searches"][1:])]'
        done > "$work/$name.bfs.sp"
        sp_s=$(for i in "${!sources[@]}"; do awk -v i="$i" '$1 == i {print $2}' "$work/$name.bfs.sp" | median; done | median)
        sp_kb=$(peak_kb "$bin" bfs "$sp" --source "${sources[0]}" --compute parents --threads "$threads" --quiet)
        if [ -n "$gapbs" ]; then
          gp_s=$(for s in "${sources[@]}"; do "$gapbs/bfs" -f "$sg" -r "$s" -n "$runs" | gapbs_median; done | median)
          variant=bfs
          gp_kb=$(peak_kb "$gapbs/bfs" -f "$sg" -r "${sources[0]}" -n 1)
        fi ;;
      sssp)
        sp_s=$(for s in "${sources[@]}"; do sp_time "$bin" sssp "$wsp" --source "$s"; done | median)
        sp_kb=$(peak_kb "$bin" sssp "$wsp" --source "${sources[0]}" --threads "$threads" --quiet)
        if [ -n "$gapbs" ]; then
          best=
          for d in $deltas; do
            t=$(for s in "${sources[@]}"; do "$gapbs/sssp" -f "$wsg" -r "$s" -d "$d" -n "$runs" | gapbs_median; done | median)
            log "$name: GAPBS sssp -d $d: $t s"
            if [ -z "$best" ] || "$py" -c "import sys; sys.exit(not $t < $best)"; then best=$t variant="sssp -d $d" bestd=$d; fi
          done
          gp_s=$best
          gp_kb=$(peak_kb "$gapbs/sssp" -f "$wsg" -r "${sources[0]}" -d "$bestd" -n 1)
        fi ;;
      pr | pr-gs)
        pr_flags=(--tolerance 1e-4 --iterations 100)
        [ "$kernel" = pr-gs ] && pr_flags+=(--sweep gauss-seidel --precision float)
        sp_s=$(sp_time "$bin" pagerank "$sp" "${pr_flags[@]}")
        sp_kb=$(peak_kb "$bin" pagerank "$sp" "${pr_flags[@]}" --threads "$threads" --quiet)
        if [ -n "$gapbs" ] && [ -z "$pr_bar" ]; then  # one GAPBS measurement for both rows
          t1=$("$gapbs/pr" -f "$sg" -t 1e-4 -i 100 -n "$runs" | gapbs_median)
          t2=$("$gapbs/pr_spmv" -f "$sg" -t 1e-4 -i 100 -n "$runs" | gapbs_median)
          log "$name: GAPBS pr $t1 s, pr_spmv $t2 s"
          if "$py" -c "import sys; sys.exit(not $t1 <= $t2)"; then pr_bar="$t1 pr"; else pr_bar="$t2 pr_spmv"; fi
          pr_bar="$pr_bar $(peak_kb "$gapbs/${pr_bar#* }" -f "$sg" -t 1e-4 -i 100 -n 1)"
        fi
        if [ -n "$pr_bar" ]; then read -r gp_s variant gp_kb <<< "$pr_bar"; fi ;;
      cc)
        sp_s=$(sp_time "$bin" cc "$sp")
        sp_kb=$(peak_kb "$bin" cc "$sp" --threads "$threads" --quiet)
        if [ -n "$gapbs" ]; then
          gp_s=$("$gapbs/cc" -f "$sg" -n "$runs" | gapbs_median)
          variant="cc (Afforest)"
          gp_kb=$(peak_kb "$gapbs/cc" -f "$sg" -n 1)
        fi ;;
      bc)
        # The first 4 of the BFS/SSSP sources on both engines: GAPBS's own pick (bc -i 4) draws
        # other vertices, which on a directed graph may reach far fewer. GAPBS takes one source
        # per trial with -r, so its time is the sum over the 4 of each source's median trial.
        bc_sources=("${sources[@]:0:4}")
        if [ "$has_bc" = 1 ]; then
          bc_flags=()
          for s in "${bc_sources[@]}"; do bc_flags+=(--source "$s"); done
          sp_s=$(sp_time "$bin" bc "$sp" "${bc_flags[@]}")
          sp_kb=$(peak_kb "$bin" bc "$sp" "${bc_flags[@]}" --threads "$threads" --quiet)
        else
          sp_s=absent sp_kb=absent
        fi
        if [ -n "$gapbs" ]; then
          gp_s=$(for s in "${bc_sources[@]}"; do "$gapbs/bc" -f "$sg" -r "$s" -i 1 -n "$runs" | gapbs_median; done |
            "$py" -c 'import sys; print(sum(float(x) for x in sys.stdin))')
          variant="bc -r S, 4 summed"
          gp_kb=$(peak_kb "$gapbs/bc" -f "$sg" -r "${bc_sources[0]}" -i 1 -n 1)
        fi ;;
      tc)
        sp_s=$(sp_time "$bin" tc "$ssp")
        sp_kb=$(peak_kb "$bin" tc "$ssp" --threads "$threads" --quiet)
        if [ -n "$gapbs" ]; then
          gp_s=$("$gapbs/tc" -f "$sgs" -n "$runs" | gapbs_median)
          variant=tc
          gp_kb=$(peak_kb "$gapbs/tc" -f "$sgs" -n 1)
        fi ;;
    esac
    row "$kernel" "$sp_s" "$gp_s" "$variant" "$sp_kb" "$gp_kb"
  done

  # The table and the JSON report.
  json=$out/gap_$name.json
  "$py" - "$rows" "$json" "$name" "$file" "$target" "$machine" "$threads" "$runs" "${#sources[@]}" \
    "$gapbs_version" "$symmetric" "${sources[*]}" << 'EOF'
import datetime, json, sys

rows, out, name, path, target, machine, threads, runs, nsources, gapbs, symmetric, sources = sys.argv[1:]
target = float(target)


def number(x):
    try:
        return float(x)
    except ValueError:
        return None


kernels = []
for line in open(rows):
    kernel, sp_s, gp_s, variant, sp_kb, gp_kb = line.rstrip("\n").split("\t")
    sp, gp, spk, gpk = number(sp_s), number(gp_s), number(sp_kb), number(gp_kb)
    kernels.append({
        "kernel": kernel,
        "spgraph_seconds": sp, "gapbs_seconds": gp,
        "gapbs_variant": variant if gp is not None else None,
        "ratio": sp / gp if sp and gp else None,
        "target": target,
        "spgraph_peak_mib": spk / 1024 if spk else None,
        "gapbs_peak_mib": gpk / 1024 if gpk else None,
        "peak_ratio": spk / gpk if spk and gpk else None,
        "spgraph": "absent" if sp_s == "absent" else None,
    })
    if kernels[-1]["spgraph"] is None:
        del kernels[-1]["spgraph"]
report = {
    "job": "gap", "graph": name, "file": path, "machine": machine,
    "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
    "threads": int(threads), "runs": int(runs), "sources": [int(s) if s.isdigit() else s for s in sources.split()],
    "directed": symmetric == "0", "gapbs": gapbs or None, "target": target, "kernels": kernels,
}
with open(out, "w") as f:
    json.dump(report, f, indent=1)
    f.write("\n")


def ms(x):
    return f"{x * 1e3:.2f}" if x is not None else "-"


print(f"\n{name} ({'directed' if symmetric == '0' else 'undirected'}; {path}), {threads} threads, "
      f"median of {runs}" + (f"; GAPBS {gapbs}" if gapbs else "; no GAPBS (GAPBS_DIR unset)"))
head = f"{'kernel':6} {'spgraph ms':>11} {'GAPBS ms':>11} {'(variant)':<18} {'ratio':>6} {'target':>7} {'peak MiB sp/GAPBS':>22}"
print(head)
print("-" * len(head))
for k in kernels:
    sp = "absent" if k.get("spgraph") == "absent" else ms(k["spgraph_seconds"])
    ratio = f"{k['ratio']:.2f}" if k["ratio"] is not None else "-"
    met = "" if k["ratio"] is None else (" ok" if k["ratio"] <= target else " MISS")
    if k["spgraph_peak_mib"] or k["gapbs_peak_mib"]:
        a = f"{k['spgraph_peak_mib']:.0f}" if k["spgraph_peak_mib"] else "-"
        b = f"{k['gapbs_peak_mib']:.0f}" if k["gapbs_peak_mib"] else "-"
        peak = f"{a}/{b}" + (f" ({k['peak_ratio']:.2f})" if k["peak_ratio"] else "")
    else:
        peak = "-"
    print(f"{k['kernel']:6} {sp:>11} {ms(k['gapbs_seconds']):>11} {k['gapbs_variant'] or '':<18} "
          f"{ratio:>6} {'<= ' + format(target, '.1f'):>7}{met:5} {peak:>17}")
EOF
  written+=("$json")
done
[ "${#written[@]}" -gt 0 ] || { echo "run_gap.sh: no graph to run" >&2; exit 1; }
echo
echo "Results: ${written[*]}"
if [ "${NO_PLOT:-0}" = 1 ]; then
  log "NO_PLOT=1: no chart"
elif [ -z "$gapbs" ]; then
  log "no GAPBS: no ratios to chart"
elif "$py" -c 'import matplotlib' 2> /dev/null; then
  "$py" bench/plot.py gap --results "$out" --out bench/charts
else
  echo "run_gap.sh: $py cannot import matplotlib (apt install python3-matplotlib): no chart" >&2
fi
