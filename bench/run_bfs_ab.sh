#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# BFS A/B against another build of spgraph (each kernel change measured as a pair in one run):
# `spgraph bfs FILE.bin --sources 16 --seed 1 --compute MODE` on both builds, alternating which goes
# first, five rounds, under the OpenMP runtime's default waiting (as bench/run_gapbs.sh times
# GAPBS); prints per graph each build's per-round medians over sources, their median, and the ratio
# this / other per round.
# The graphs are the .bin files bench/run_gapbs.sh leaves in /tmp/spgraph-bench/gapbs. Build the
# other side from an older commit outside this tree, e.g.:
#   git worktree add /tmp/old <commit> && (cd /tmp/old && cmake --preset release \
#     -DSPGRAPH_BUILD_TESTS=OFF -DSPGRAPH_BUILD_BENCH=OFF && cmake --build --preset release --target spgraph_cli)
# Usage: bench/run_bfs_ab.sh OTHER_SPGRAPH [build-dir] [threads] [levels|parents|both] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: bench/run_bfs_ab.sh OTHER_SPGRAPH [build-dir] [threads] [levels|parents|both] [rounds]}
new=${2:-build/release}/spgraph
export OMP_NUM_THREADS=${3:-2}
unset OMP_WAIT_POLICY
mode=${4:-parents}
rounds=${5:-5}
work=/tmp/spgraph-bench/gapbs
out=$(mktemp)
for g in kron18 kron20 notredame usroads luxembourg_osm; do
  f=$work/$g.bin
  [ -f "$f" ] || { echo "no $f: run bench/run_gapbs.sh first" >&2; continue; }
  for r in $(seq "$rounds"); do
    sides=("other|$old" "this|$new")
    ((r % 2)) || sides=("this|$new" "other|$old")
    for side in "${sides[@]}"; do
      IFS='|' read -r name bin <<< "$side"
      "$bin" bfs "$f" --compute "$mode" --sources 16 --seed 1 --json --quiet |
        python3 -c "import json,sys,statistics; t=[s['seconds'] for s in json.load(sys.stdin)['searches']]; print('$g', '$name', $r, statistics.median(t)*1e3)"
    done
  done
done > "$out"
python3 - "$out" "$mode" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    g, name, r, ms = line.split()
    runs[g].setdefault(name, {})[int(r)] = float(ms)
print(f"BFS --compute {sys.argv[2]}, median over 16 sources per round (ms)")
for g, sides in runs.items():
    o, t = sides["other"], sides["this"]
    ratios = [t[r] / o[r] for r in sorted(t)]
    print(f"{g:16} other {statistics.median(o.values()):8.3f}  this {statistics.median(t.values()):8.3f}"
          f"  this/other median {statistics.median(ratios):.2f}  per round " + " ".join(f"{x:.2f}" for x in ratios))
PY
rm -f "$out"
