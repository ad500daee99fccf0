#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# BFS per output mode, A/B against another build (what computing only the asked output saves):
# `spgraph bfs FILE --sources 16 --seed 1` with --compute levels, parents and both on this build,
# and levels and --parents on the other (an older build, whose kernel always computed parents),
# alternating, three rounds; prints each variant's per-round medians over sources and their median,
# in ms.
# The graphs are the .bin files bench/run_gapbs.sh leaves in /tmp/spgraph-bench/gapbs.
# Build the other side from an older commit outside this tree, e.g.:
#   git worktree add /tmp/old <commit> && (cd /tmp/old && cmake --preset release \
#     -DSPGRAPH_BUILD_TESTS=OFF -DSPGRAPH_PYTHON=OFF && cmake --build --preset release --target spgraph_cli)
# Usage: bench/run_bfs_modes_ab.sh OTHER_SPGRAPH [build-dir] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: bench/run_bfs_modes_ab.sh OTHER_SPGRAPH [build-dir] [threads]}
new=${2:-build/release}/spgraph
export OMP_NUM_THREADS=${3:-2} OMP_WAIT_POLICY=passive
work=/tmp/spgraph-bench/gapbs
out=$(mktemp)
for g in kron18 notredame usroads luxembourg_osm; do
  f=$work/$g.bin
  [ -f "$f" ] || { echo "no $f: run bench/run_gapbs.sh first" >&2; continue; }
  for _ in 1 2 3; do
    for v in "other-levels|$old|" "other-both|$old|--parents" "levels|$new|--compute levels" \
      "parents|$new|--compute parents" "both|$new|--compute both"; do
      IFS='|' read -r name bin flags <<< "$v"
      # shellcheck disable=SC2086
      "$bin" bfs "$f" $flags --sources 16 --seed 1 --json --quiet |
        python3 -c "import json,sys,statistics; t=[s['seconds'] for s in json.load(sys.stdin)['searches']]; print('$g', '$name', statistics.median(t)*1e3)"
    done
  done
done > "$out"
python3 - "$out" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    g, name, ms = line.split()
    runs[(g, name)].append(float(ms))
for (g, name), v in runs.items():
    print(f"{g:16} {name:14} median {statistics.median(v):8.3f} ms  rounds " + " ".join(f"{x:.3f}" for x in v))
PY
rm -f "$out"
