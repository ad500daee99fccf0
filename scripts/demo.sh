#!/usr/bin/env bash
# The README's first command: install what is missing, build a release build, and run the
# main job on the bundled wiki-Vote graph: its shape, BFS from a few sources, and the
# side-by-side BFS comparison with SuiteSparse:GraphBLAS.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)" --target spgraph_cli
bin=build/release/spgraph
graph=data/wiki-Vote.txt
echo; echo "== spgraph info $graph --remap-ids"
$bin info "$graph" --remap-ids
echo; echo "== spgraph bfs $graph --remap-ids --source 30 --sources 3"
$bin bfs "$graph" --remap-ids --source 30 --sources 3
echo; echo "== spgraph compare bfs $graph --remap-ids --sources 16"
$bin compare bfs "$graph" --remap-ids --sources 16
