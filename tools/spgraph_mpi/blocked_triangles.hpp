// SPDX-License-Identifier: Apache-2.0
// The triangle count on the 2-D blocks of the degree-oriented graph U (oriented_blocks.hpp),
// without forming a product: count = Σ_{(u,v) ∈ U} |U(u,:) ∩ U(v,:)|, each triangle u ≺ v ≺ w
// found once, at its edge (u, v) (LAGraph's SandiaDot, Σ((U·Uᵀ) ∘ U), as Wolf, Deveci, Berry,
// Hammond and Rajamanickam, "Fast linear algebra-based triangle counting with KokkosKernels",
// HPEC 2017, write it; Azad, Buluç and Gilbert, "Parallel triangle counting and
// enumeration using matrix algebra", IPDPSW 2015, for its distributed form).
//
// Rank P(i, j) counts the triangles whose edge (u, v) lies in its block U(i, j), the mask, in q
// stages of Sparse SUMMA (Buluç and Gilbert, SISC 2012): in stage k, U(i, k) (the
// rows u, restricted to block k's columns) is broadcast along processor row i from P(i, k), and
// U(j, k) (the rows v) along processor column j from P(k, j), which holds it as its partner's
// copy. Each mask entry (u, v) then intersects the two rows, the row of u marked in a bitmap of
// block k's width and the row of v probed against it (the single-node kernel's hash method,
// algorithms/triangles/triangle_count.hpp, phase 2). Only the sums travel; per rank the memory
// is two blocks of U, the two stage buffers, and O(n/q) words of index and bitmap.
#pragma once

#include <cstdint>
#include <vector>

#include "tools/spgraph_mpi/oriented_blocks.hpp"

namespace spgraph::mpi {

struct BlockedTriangles {
  std::uint64_t triangles = 0;         ///< on every rank
  std::vector<std::uint64_t> through;  ///< rank 0, when asked: triangles through each vertex
  std::vector<std::uint64_t> degree;   ///< rank 0, when asked: each vertex's degree
};

/// Counts the triangles of `g` (every rank of ctx calls it). With `per_vertex`, each triangle
/// also adds one to each of its corners, and rank 0 gets the sums and the degrees. (`g` is
/// not changed; the stage roots broadcast from its arrays.)
BlockedTriangles count_triangles_blocked(const MpiContext& ctx, OrientedGraph& g, bool per_vertex);

}  // namespace spgraph::mpi
