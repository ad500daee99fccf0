// SPDX-License-Identifier: Apache-2.0
// The lane logic of the CUDA BFS (bfs_cuda.cu) as host-and-device functions (SPGRAPH_HD), so
// that the CPU tests run it through the host emulation (bfs_emulated.hpp). It follows Beamer,
// Asanovic & Patterson, SC 2012, Algorithms 2-3 (top-down and bottom-up steps), with the GPU
// layout of Merrill, Garland & Grimshaw, "Scalable GPU Graph Traversal", PPoPP 2012, section 4
// (a warp gathers a frontier vertex's row; warp-aggregated queue appends: one atomic per warp and
// chunk, each lane's slot from a prefix count of the warp's ballot).
//   push (top-down): one warp per frontier vertex u. The warp reads row u in chunks of 32 arcs,
//     lane i taking arc 32·c + i of the chunk; a lane whose neighbour v is unvisited claims it by
//     setting v's visited bit (an atomic or: the first claim wins, so any parent). The lanes that
//     claimed form the ballot mask; the warp reserves popcount(mask) queue slots at once and
//     lane i writes v at the reservation's start + bfs_lane_slot(mask, i).
//   pull (bottom-up): one warp per 32-bit word of the visited bitmap, lane i owning vertex
//     32·w + i. An unvisited vertex scans its in-row in order and stops at the first neighbour in
//     the frontier bitmap (bfs_first_frontier_parent: the any monoid's early exit); the ballot of
//     the lanes that found one is the word of the next frontier, which the warp alone writes, so
//     no atomics are needed.
// Bitmaps hold 32-bit words (one word = one warp's lanes).
#pragma once

#include <cstdint>

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

inline constexpr int kBfsWarp = 32;

/// The bitmap word holding vertex v, and v's bit in it.
SPGRAPH_HD inline Offset bfs_word(Vertex v) {
  return Offset(v >> 5);
}
SPGRAPH_HD inline std::uint32_t bfs_bit(Vertex v) {
  return std::uint32_t(1) << (v & 31);
}
SPGRAPH_HD inline bool bfs_test(const std::uint32_t* bitmap, Vertex v) {
  return (bitmap[bfs_word(v)] & bfs_bit(v)) != 0;
}
/// 32-bit words of an n-bit bitmap.
SPGRAPH_HD inline Offset bfs_bitmap_words(Vertex n) {
  return (Offset(n) + 31) / 32;
}

/// The number of set bits (the device uses __popc; this is its host form).
SPGRAPH_HD inline int bfs_popcount(std::uint32_t x) {
#if defined(__CUDA_ARCH__)
  return __popc(x);
#else
  return __builtin_popcount(x);
#endif
}

/// Where lane `lane` writes in the warp's reservation: the lanes before it that claimed.
SPGRAPH_HD inline int bfs_lane_slot(std::uint32_t claimed_mask, int lane) {
  const std::uint32_t before = lane == 0 ? 0u : (claimed_mask & (0xffffffffu >> (32 - lane)));
  return bfs_popcount(before);
}

/// The arc a push lane reads in chunk `chunk` of row [begin, end), or end when it has none.
SPGRAPH_HD inline Offset bfs_push_arc(Offset begin, Offset end, Offset chunk, int lane) {
  const Offset k = begin + chunk * kBfsWarp + Offset(lane);
  return k < end ? k : end;
}

/// Chunks of 32 arcs in a row of `degree` arcs.
SPGRAPH_HD inline Offset bfs_push_chunks(Offset degree) {
  return (degree + kBfsWarp - 1) / kBfsWarp;
}

/// Pull for vertex v: the first in-neighbour (row v of the in-arcs, in order) in the frontier,
/// or kNoVertex.
SPGRAPH_HD inline Vertex bfs_first_frontier_parent(const Offset* in_rp, const Vertex* in_col,
                                                   const std::uint32_t* frontier, Vertex v) {
  for (Offset k = in_rp[v]; k < in_rp[v + 1]; ++k)
    if (bfs_test(frontier, in_col[k])) return in_col[k];
  return kNoVertex;
}

/// The bits of word w of an n-bit bitmap that stand for vertices.
SPGRAPH_HD inline std::uint32_t bfs_valid_bits(Offset w, Vertex n) {
  const Offset past = Offset(n) - w * 32;
  return past >= 32 ? 0xffffffffu : (std::uint32_t(1) << past) - 1;
}

/// Lane `lane` of the pull warp of word w: does its vertex look for a parent? (a vertex, and
/// not visited).
SPGRAPH_HD inline bool bfs_pull_lane_active(std::uint32_t visited_word, Offset w, Vertex n,
                                            int lane) {
  const std::uint32_t bit = std::uint32_t(1) << lane;
  return (bfs_valid_bits(w, n) & bit) && !(visited_word & bit);
}

}  // namespace spgraph
