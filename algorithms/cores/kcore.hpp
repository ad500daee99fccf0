// SPDX-License-Identifier: Apache-2.0
// The parallel k-core peel behind kcore() (cores.hpp), on a simple undirected graph.
//
// Batagelj & Zaversnik ("An O(m) algorithm for cores decomposition of networks", 2003) peel one
// vertex at a time, always one of least remaining degree, from degree buckets. The parallel form
// here is level-synchronous, as in Dhulipala, Blelloch & Shun's Julienne (SPAA 2017, §5.1, k-core
// by bucketing) and Kabir & Madduri's PKC ("Parallel k-core decomposition on multicore
// platforms", IPDPSW 2017, Algorithm 2):
//   - a level k starts from the least degree among the vertices left; its frontier is every such
//     vertex (degree k), and each gets core number k;
//   - removing a vertex lowers by one the degree of each neighbour still above k (a relaxed
//     fetch_sub when several threads run); the thread that takes a degree from k + 1 to k
//     removes that neighbour too, at once, from its own stack (PKC's local buffer), and a
//     decrement that finds the degree already at k is undone, so no degree falls below its
//     level;
//   - the level ends when no thread has a vertex left to remove; the vertices left all have
//     degree > k. Within a level there is no barrier.
// So the degree array itself ends as the core numbers (each vertex's degree stops at the level
// that peels it), with one random access per arc read, and "degree > k" tells the vertices
// still unpeeled from the others. A level runs on the calling thread, with plain decrements,
// while its pending rows hold fewer than kParallelWork arcs, and on all threads from there on
// (one parallel region per such level). Each vertex is removed once and each arc read once
// when its tail is removed: O(n + m) work, plus a scan of the unpeeled vertices per level (a
// vertex of core number c is scanned at most c + 1 times, and c ≤ its degree). Workspace: the
// list of vertices left, the frontier and per-thread stacks (4 bytes per vertex each at most).
// The answer is unique, so it does not depend on the thread count.
#pragma once

#include "algorithms/cores/cores.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph::detail {

/// Core numbers of `g` (symmetric, rows sorted, no self-loops); fills core, max_core, levels and
/// parallel_levels.
KcoreResult core_numbers(const AdjacencyView& g);

}  // namespace spgraph::detail
