// SPDX-License-Identifier: Apache-2.0
// The SuiteSparse:GraphBLAS side of `spgraph compare` and of the benchmarks: GraphBLAS's start,
// the general matrix GraphBlasMatrix, and each job written the way a GraphBLAS expert (LAGraph)
// writes it on the graph of graphblas_graph.hpp: BFS (graphblas_peer.cpp, LAGraph's
// LG_BreadthFirstSearch_SSGrB), mxm (graphblas_matrix.cpp), triangle counting (graphblas_tc.cpp,
// LAGr_TriangleCount), the semi-naive transitive closure and the streaming inserts. Built only
// when GraphBLAS is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/descriptor.hpp"
#include "formats/csr/csr.hpp"
#include "tools/compare/peers/graphblas_graph.hpp"

namespace spgraph::peers {

/// The library's version, e.g. "7.4.0".
std::string graphblas_version();

/// Starts GraphBLAS once per process (GrB_init) and sets its thread count.
void graphblas_init(int threads);

/// BFS levels and parents as dense arrays (-1 = unreached).
struct GraphBlasBfsResult {
  std::vector<std::int64_t> level;
  std::vector<std::int64_t> parent;
  double seconds = 0;  ///< time of the traversal alone (not the extraction into arrays)
};

/// Runs the push/pull BFS of LAGraph's LG_BreadthFirstSearch_SSGrB from `source`, computing
/// levels, parents or both (levels when neither is asked for, as they are then the mask).
/// Needs A' and the out-degrees cached.
GraphBlasBfsResult graphblas_bfs(const GraphBlasGraph& g, std::uint32_t source, bool levels,
                                 bool parents);

/// A matrix held by GraphBLAS (stored by row), of the GraphBLAS type matching T.
class GraphBlasMatrix {
 public:
  /// No matrix yet (a result slot for graphblas_mxm).
  GraphBlasMatrix();
  /// Builds from CSR with GrB_Matrix_build and GrB_wait (a pattern builds every value as 1).
  template <class T>
  explicit GraphBlasMatrix(const Csr<T>& a);
  GraphBlasMatrix(GraphBlasMatrix&&) noexcept;
  GraphBlasMatrix& operator=(GraphBlasMatrix&&) noexcept;
  ~GraphBlasMatrix();

  /// Seconds spent in GrB_Matrix_build + GrB_wait (0 for a result).
  double build_seconds() const { return build_seconds_; }
  /// Bytes GraphBLAS holds for the matrix (GxB_Matrix_memoryUsage).
  std::size_t memory_bytes() const;
  /// The entries, as CSR with sorted rows and values of type T.
  template <class T>
  Csr<T> to_csr() const;

  struct Impl;
  Impl& impl() { return *impl_; }
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
  double build_seconds_ = 0;
};

/// Names of spgraph semirings over T that GraphBLAS has built in (GxB_<ADD>_<MUL>_<TYPE>).
/// Throws InvalidArgument when `semiring` has no GraphBLAS counterpart over T.
template <class T>
void check_graphblas_semiring(const std::string& semiring);

/// C<mask> = A ⊕.⊗ B with GrB_mxm over the named semiring and type T, then GrB_wait(C), into a
/// new C (replacing what `c` held). Returns the seconds of GrB_Matrix_new + GrB_mxm + GrB_wait.
template <class T>
double graphblas_mxm(GraphBlasMatrix& c, const std::string& semiring, const GraphBlasMatrix* mask,
                     const GraphBlasMatrix& a, const GraphBlasMatrix& b, const Descriptor& d);

struct GraphBlasTriangleResult {
  std::uint64_t triangles = 0;
  bool presorted = false;  ///< LAGraph's AutoSort chose to permute by ascending degree
  double seconds = 0;      ///< the whole count, as LAGr_TriangleCount times it
};

/// LAGr_TriangleCount with method SandiaDot (sum((L*U') .* L), the masked dot product with
/// GxB_PLUS_PAIR_INT64) and presort AutoSort. Needs an undirected graph without self-edges and
/// its out-degrees cached.
GraphBlasTriangleResult graphblas_triangle_count(const GraphBlasGraph& g);

struct GraphBlasClosureResult {
  std::uint64_t pairs = 0;
  std::uint32_t iterations = 0;  ///< GrB_mxm calls (the last one finds nothing new)
  double seconds = 0;            ///< the whole loop, from copying A to the final GrB_wait
};

/// The semi-naive transitive closure in GraphBLAS: T = A, D = A; repeat D<!T, replace> = D*A
/// over GrB_LOR_LAND_SEMIRING_BOOL with a structural mask (GrB_DESC_RSC), T = T + D
/// (GrB_eWiseAdd with GrB_LOR), until D is empty. `a` must be bool. With `keep`, T is handed
/// over (for verification after the timing); otherwise it is freed.
GraphBlasClosureResult graphblas_closure(const GraphBlasMatrix& a, GraphBlasMatrix* keep);

/// A pattern graph held by GraphBLAS that takes batches of arc inserts, the two ways a GraphBLAS
/// user streams updates: the contenders of bench/stream_bench.cpp.
class GraphBlasStream {
 public:
  enum class Method {
    SetElement,  ///< GrB_Matrix_setElement per arc (pending tuples), then GrB_wait
    BuildAdd,    ///< GrB_Matrix_build of the batch (dup LOR), then GrB_eWiseAdd(A, A, T) + wait
  };
  /// Builds A (bool, held by row) from `base` with GrB_Matrix_build and GrB_wait.
  GraphBlasStream(const Csr<bool>& base, Method method) : a_(base), method_(method) {}

  /// Inserts the arcs (rows[k], cols[k]), k < n, given as GraphBLAS indices (its native input),
  /// and finishes A with GrB_wait, so the next batch or query sees a complete matrix.
  void insert(const std::uint64_t* rows, const std::uint64_t* cols, std::size_t n);
  std::uint64_t nvals() const;
  std::size_t memory_bytes() const { return a_.memory_bytes(); }
  /// The arcs, as CSR with sorted rows (for verification).
  Csr<bool> to_csr() const;

 private:
  GraphBlasMatrix a_;
  Method method_;
  std::vector<std::uint8_t> ones_;  ///< batch values for GrB_Matrix_build (bool true)
};

}  // namespace spgraph::peers
