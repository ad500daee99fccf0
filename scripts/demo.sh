#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The README's first command: install what is missing, build a release build, and run the
# main job on the bundled wiki-Vote graph: its shape, BFS from a few sources, PageRank, connected
# components, triangles and the transitive closure, each compared side by side with
# SuiteSparse:GraphBLAS (and, for the closure, Boost.Graph), then a stream of edge updates and
# queries on the dynamic graph.
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
echo; echo "== spgraph pagerank $graph --remap-ids"
$bin pagerank "$graph" --remap-ids
echo; echo "== spgraph compare pagerank $graph --remap-ids"
$bin compare pagerank "$graph" --remap-ids
echo; echo "== spgraph cc $graph --remap-ids"
$bin cc "$graph" --remap-ids
echo; echo "== spgraph compare cc $graph --remap-ids"
$bin compare cc "$graph" --remap-ids
echo; echo "== spgraph knn $graph --remap-ids --vertex 30 --k 5 --measure jaccard"
$bin knn "$graph" --remap-ids --vertex 30 --k 5 --measure jaccard
echo; echo "== spgraph compare knn $graph --remap-ids --all --k 10 --runs 3"
$bin compare knn "$graph" --remap-ids --all --k 10 --runs 3
echo; echo "== spgraph tc $graph --remap-ids"
$bin tc "$graph" --remap-ids
echo; echo "== spgraph compare tc $graph --remap-ids"
$bin compare tc "$graph" --remap-ids
echo; echo "== spgraph closure $graph --remap-ids (then --query 30,8297 --query 8297,30)"
$bin closure "$graph" --remap-ids
$bin closure "$graph" --remap-ids --query 30,8297 --query 8297,30 --quiet
echo; echo "== spgraph compare closure $graph --remap-ids --runs 3"
$bin compare closure "$graph" --remap-ids --runs 3
echo; echo "== spgraph stream $graph --remap-ids --undirected --updates data/wiki-Vote-updates.txt --batch 500"
$bin stream "$graph" --remap-ids --undirected --updates data/wiki-Vote-updates.txt --batch 500
