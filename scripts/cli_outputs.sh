#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a fixed set of spgraph commands (every --help, each job in text and JSON, result files,
# compare jobs, bad input) and writes what each printed, its exit code and its result files to
# OUTDIR, with run-to-run noise masked: decimal numbers (times, ratios, rates) become '#', and
# the lines that report memory or times keep only their words, and runs of spaces (a column's
# padding around a masked number) become one. A refactoring that must leave
# behaviour unchanged runs it before and after and diffs the two folders (`diff -r`).
set -uo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/cli_outputs.sh SPGRAPH OUTDIR
       scripts/cli_outputs.sh --help

SPGRAPH is the spgraph binary to run (e.g. build/release/spgraph); OUTDIR is created and must
not exist. Reads the bundled graphs in data/. Exits 0 when every command ran (whatever its exit
code, which is recorded), 2 on a bad command line.
USAGE
}

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
esac
[ $# -eq 2 ] || { usage >&2; exit 2; }
bin=$(realpath "$1")
out=$2
[ -x "$bin" ] || { echo "cli_outputs: $1 is not an executable" >&2; exit 2; }
[ -e "$out" ] && { echo "cli_outputs: $out exists; give a new folder" >&2; exit 2; }
mkdir -p "$out/files"
out=$(realpath "$out")
cd "$(dirname "$0")/.."
export OMP_NUM_THREADS=2

mask() {
  sed -E -e "s|$out/files/|FILES/|g" -e "s|$bin|spgraph|g" -e 's/[0-9]+(\.[0-9]+)?e[-+]?[0-9]+/#/g' \
    -e 's/[0-9]+\.[0-9]+/#/g' -e 's/[0-9]+ (queries|updates|edges|arcs)\/s/# \1\/s/g' \
    -e 's/("[a-z_]*(seconds|_s|_ms|time|ratio|peak|rss|memory|bytes|mib|gb_s|rate|per_s)[a-z_]*": )[-0-9.e+#]+/\1#/g' \
    -e 's/(peak|memory|RSS|MiB|KiB|GiB)[^"]*$/\1 .../' -e 's/ +/ /g'
}

n=0
run() {
  n=$((n + 1))
  local name
  name=$(printf '%03d' "$n")
  {
    echo "\$ spgraph $*"
    "$bin" "$@" 2>&1
    echo "[exit $?]"
  } | mask >"$out/$name.txt"
}

W=data/wiki-Vote.txt
E=data/email-Eu-core.csv
F=$out/files
run --help
for c in info convert generate bfs compare mxv spmv tc closure stream serve pagerank sssp cc knn bc \
  cdlp lcc kcore ktruss; do
  run "$c" --help
done
for c in bfs mxm spmv tc closure pagerank sssp cc knn bc cdlp lcc kcore ktruss; do
  run compare "$c" --help
done
run info $W
run info $W --json
run info $E --remap-ids
run bfs $W --source 30
run bfs $W --source 30 --json
run bfs $W --source 30 --parents --out "$F/bfs.tsv"
run cc $W --out "$F/cc.tsv"
run cc $W --json
run cdlp $W --iterations 5 --out "$F/cdlp.tsv"
run cdlp $E --remap-ids --json
run lcc $W --out "$F/lcc.tsv"
run lcc $W --json --undirected
run tc $W
run tc $W --json --undirected
run pagerank $W --out "$F/pr.tsv"
run pagerank $W --json --variant standard
run sssp $W --source 30 --out "$F/sssp.tsv"
run bc $W --sources 4 --seed 1 --out "$F/bc.tsv"
run bc $W --sources 4 --seed 1 --json --quiet
run closure $W
run knn $W --vertex 30 --k 5
run knn $W --vertex 30 --k 5 --json --measure cosine
run kcore $W --out "$F/kcore.tsv"
run kcore $W --k 10 --json --out "$F/kcore10.txt"
run ktruss $W --out "$F/ktruss.tsv"
run ktruss $W --k 5 --out "$F/ktruss5.txt"
run ktruss $E --remap-ids --json
run mxv $W --semiring min_plus
run generate kron --scale 8 --out "$F/kron.mtx"
run convert $W "$F/wiki.mtx"
run stream $W --updates data/wiki-Vote-updates.txt
run stream $W --updates data/wiki-Vote-updates.txt --json
run stream $W --undirected --updates data/wiki-Vote-updates.txt
for j in bfs tc cc pagerank closure; do
  run compare "$j" $W --runs 1 -q
  run compare "$j" $W --runs 1 --json
done
run compare bfs $W --sources 30 --runs 1
run compare sssp $W --source 30 --runs 1
run compare sssp $W --source 30 --runs 1 --json
run compare bc $W --sources 4 --seed 1 --runs 1
run compare spmv $W --runs 1
run compare spmv $W --runs 1 --json --spmv csr5
run compare mxm $W --runs 1
run compare mxm $W --runs 1 --json --semiring min_plus --mask a
run compare knn $W --vertex 30 --k 5 --runs 1
run compare knn $W --all --k 3 --runs 1 --json
run compare kcore $W --runs 1
run compare kcore $E --remap-ids --runs 1 --json
run compare ktruss $W --runs 1
run compare ktruss $W --runs 1 --json
run compare cc $E --remap-ids --runs 1
run compare pagerank $E --remap-ids --runs 1 --personalize 1,2
run compare cdlp $W --iterations 5 --runs 1
run compare cdlp $E --remap-ids --runs 1 --json
run compare lcc $W --runs 1
run compare lcc $W --undirected --runs 1 --json
run bfs data/no-such-file.txt --source 1
run compare bfs data/no-such-file.txt
run compare sssp $W --source 999999999
run compare mxm $W --semiring no_such_semiring
run compare tc $W --runs 0
run cdlp $W --iterations -1
run lcc data/no-such-file.txt
run bfs $W
run communities --help
run compare louvain --help
run compare leiden --help
run communities $W --out "$F/communities.tsv"
run communities $W --method leiden --json
run compare louvain $E --remap-ids --runs 1
run compare leiden $E --remap-ids --runs 1 --json
run pagerank $E
run pagerank $E --weighted --variant standard --personalize 1,2 --personalize-weights 3,1 \
  --out "$F/pr_weighted.tsv"
run pagerank $E --weighted --json
for f in "$F"/*; do
  [ -f "$f" ] && sha256sum "$f" | sed "s|$F/||" >>"$out/files.sha256"
done
rm -rf "$F"
echo "cli_outputs: $n commands, outputs in $out"
