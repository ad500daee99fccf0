// Template front end of algorithms/bfs.hpp: checks arguments, picks the pull-side structure
// (A itself for an undirected graph, else the cached transpose) and calls the fused kernel.
#pragma once

#include <string>

#include "algorithms/bfs_kernel.hpp"
#include "engine/error.hpp"

namespace spgraph {

namespace detail {

template <class T>
void check_bfs_arguments(const Matrix<T>& a, Vertex source) {
  if (a.nrows() != a.ncols())
    throw DimensionMismatch("bfs: the matrix must be square, got " + std::to_string(a.nrows()) +
                            " x " + std::to_string(a.ncols()));
  if (source >= a.nrows())
    throw IndexOutOfBounds("bfs: source " + std::to_string(source) +
                           " is not a vertex (n = " + std::to_string(a.nrows()) + ")");
}

template <class T>
AdjacencyView pull_side(const Matrix<T>& a, const BfsOptions& options) {
  if (options.undirected || options.method == BfsMethod::Push) return adjacency_of(a.csr());
  return adjacency_of(a.transposed());
}

}  // namespace detail

template <class T>
BfsResult bfs(const Matrix<T>& a, Vertex source, const BfsOptions& options) {
  detail::check_bfs_arguments(a, source);
  detail::BfsWorkspace ws;
  BfsResult r;
  detail::bfs_traverse(adjacency_of(a.csr()), detail::pull_side(a, options), source, options, ws,
                       r);
  return r;
}

template <class T>
std::vector<BfsResult> bfs_batch(const Matrix<T>& a, std::span<const Vertex> sources,
                                 const BfsOptions& options) {
  for (Vertex s : sources) detail::check_bfs_arguments(a, s);
  detail::BfsWorkspace ws;
  const AdjacencyView out = adjacency_of(a.csr());
  const AdjacencyView in = detail::pull_side(a, options);
  std::vector<BfsResult> results(sources.size());
  for (std::size_t k = 0; k < sources.size(); ++k)
    detail::bfs_traverse(out, in, sources[k], options, ws, results[k]);
  return results;
}

template <class T>
BfsResult bfs(const DcsrView<T>& a, Vertex source, const BfsOptions& options) {
  return bfs_dcsr(a.adjacency(), a.ncols(), source, options);
}

}  // namespace spgraph
