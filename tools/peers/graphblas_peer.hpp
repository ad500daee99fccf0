// The SuiteSparse:GraphBLAS side of `spgraph compare` and of the benchmarks: a RAII owner of a
// GraphBLAS graph (A, A' when directed, out-degrees) and the BFS a GraphBLAS expert writes.
// Built only when GraphBLAS is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "formats/csr/csr.hpp"

namespace spgraph::peers {

/// The library's version, e.g. "7.4.0".
std::string graphblas_version();

/// Starts GraphBLAS once per process (GrB_init) and sets its thread count.
void graphblas_init(int threads);

/// A graph held in GraphBLAS's native form, as LAGraph holds it: A by row, A' (only for a
/// directed graph) and the row-degree vector, all built and finished (GrB_wait) up front.
class GraphBlasGraph {
 public:
  /// Builds from CSR with GrB_Matrix_build (bool, iso true) and GrB_wait.
  GraphBlasGraph(const Csr<bool>& a, bool undirected);
  ~GraphBlasGraph();
  GraphBlasGraph(const GraphBlasGraph&) = delete;
  GraphBlasGraph& operator=(const GraphBlasGraph&) = delete;

  double build_seconds() const { return build_seconds_; }
  /// Seconds spent on the cached properties (A' and degrees), which LAGraph also caches.
  double properties_seconds() const { return properties_seconds_; }

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
  double build_seconds_ = 0;
  double properties_seconds_ = 0;
};

/// BFS levels and parents as dense arrays (-1 = unreached).
struct GraphBlasBfsResult {
  std::vector<std::int64_t> level;
  std::vector<std::int64_t> parent;
  double seconds = 0;  ///< time of the traversal alone (not the extraction into arrays)
};

/// Runs the push/pull BFS of LAGraph's LG_BreadthFirstSearch_SSGrB from `source`.
GraphBlasBfsResult graphblas_bfs(const GraphBlasGraph& g, std::uint32_t source, bool parents);

}  // namespace spgraph::peers
