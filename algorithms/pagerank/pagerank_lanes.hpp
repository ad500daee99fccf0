// SPDX-License-Identifier: Apache-2.0
// The lane logic of the CUDA PageRank (pagerank_cuda.cu) as host-and-device functions
// (SPGRAPH_HD), run on the CPU by the host emulation (pagerank_emulated.hpp). One power step is
// the fused step of the CPU kernel (pagerank_fused_csr.hpp; GAP benchmark spec, Beamer et al.
// 2015, "pr"; Graphalytics spec v1.0 section 2.3.2 for the dangling rank):
//   sum   = Σ_{u -> v} w[u]                   the pull SpMV over the in-arcs (PLUS_SECOND)
//   r'[v] = teleport(v) + d · sum              teleport weight (1 - d), + d · dangling: Standard
//   Σ|r' - r| and Σ r' over sinks             the convergence test and the next dangling rank
//   w'[v] = r'[v] · (1 / outdeg(v))            the next contribution, 0 for a sink
// The pull SpMV is CSR-vector (Bell & Garland, "Implementing Sparse Matrix-Vector Multiplication
// on Throughput-Oriented Processors", SC 2009, section 4.3): a group of `width` lanes of a warp
// per row, width the power of two (1 to 32) at or above the average row length, each lane
// folding every width-th entry and the group adding its lanes by an xor butterfly (the
// __shfl_xor_sync pattern). Rows longer than kPageRankLongRow entries (the hubs of a power-law
// graph) get a block of kPageRankBlock threads each: every warp's butterfly, then the warps'
// sums in warp order. Both orders of addition are fixed, so the host emulation reproduces the
// device's sums bit for bit up to floating-point contraction (nvcc may fuse t + d · sum).
#pragma once

#include <cmath>
#include <cstdint>

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

inline constexpr Offset kPageRankLongRow = 1024;
inline constexpr int kPageRankBlock = 256;
inline constexpr int kPageRankWarps = kPageRankBlock / 32;

/// Lanes per row: the power of two from 1 to 32 at or above the average row length.
SPGRAPH_HD inline int pagerank_group_width(Offset nnz, Vertex n) {
  const Offset average = n == 0 ? 0 : (nnz + n - 1) / n;
  int width = 1;
  while (width < 32 && Offset(width) < average) width *= 2;
  return width;
}

/// Lane `lane` of a group of `width`: Σ w[col[k]] over k = s + lane, s + lane + width, ... < e.
SPGRAPH_HD inline double pagerank_lane_sum(const Vertex* col, const double* w, Offset s, Offset e,
                                           int lane, int width) {
  double acc = 0;
  for (Offset k = s + Offset(lane); k < e; k += Offset(width)) acc += w[col[k]];
  return acc;
}

/// The host form of a group's xor butterfly over p[0, width): after it every p[i] holds the
/// group's sum, added in the order the device's shuffles add it.
inline void pagerank_butterfly(double* p, int width) {
  for (int offset = width / 2; offset > 0; offset /= 2) {
    double next[32];
    for (int i = 0; i < width; ++i) next[i] = p[i] + p[i ^ offset];
    for (int i = 0; i < width; ++i) p[i] = next[i];
  }
}

/// The weight of the teleport vector in a step: (1 - d), plus d · dangling for Standard.
SPGRAPH_HD inline double pagerank_teleport_weight(double damping, bool standard, double dangling) {
  return (1 - damping) + (standard ? damping * dangling : 0.0);
}

/// What a step needs besides the graph: the damping, this step's teleport weight, and the
/// teleport vector (`tele` null: uniform, each vertex `uniform`).
struct PageRankStepConstants {
  double damping = 0.85;
  double teleport_weight = 0;
  double uniform = 0;
  const double* tele = nullptr;
};

/// One vertex's part of a step.
struct PageRankVertexStep {
  double rank;          ///< r'[v]
  double contribution;  ///< w'[v]
  double delta;         ///< |r'[v] - r[v]|
  double dangling;      ///< r'[v] for a sink, else 0
};

SPGRAPH_HD inline PageRankVertexStep pagerank_vertex_step(const PageRankStepConstants& c, Vertex v,
                                                          double sum, double old_rank,
                                                          Offset out_degree) {
  const double teleport = c.teleport_weight * (c.tele ? c.tele[v] : c.uniform);
  const double rank = teleport + c.damping * sum;
  const double inv_degree = out_degree ? 1.0 / double(out_degree) : 0.0;
  return {rank, rank * inv_degree, fabs(rank - old_rank), out_degree ? 0.0 : rank};
}

/// The start: r0[v] = teleport(v), w0[v] = r0[v] / outdeg(v) (0 for a sink).
SPGRAPH_HD inline PageRankVertexStep pagerank_vertex_start(const PageRankStepConstants& c, Vertex v,
                                                           Offset out_degree) {
  const double rank = c.tele ? c.tele[v] : c.uniform;
  return {rank, out_degree ? rank / double(out_degree) : 0.0, 0.0, out_degree ? 0.0 : rank};
}

}  // namespace spgraph
