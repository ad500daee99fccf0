// SPDX-License-Identifier: Apache-2.0
// betweenness(): argument checks, the choice of kernel (bc_unweighted.cpp or bc_weighted.cpp),
// the sources (every vertex, or the caller's), and the scaling of centrality.hpp; and the
// source sampler.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <type_traits>

#include "algorithms/centrality/centrality.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

namespace {

/// Sources per search of BcMethod::Auto: one source per search measured faster than four
/// (LAGraph's batch) on Kronecker graphs, 10-15% at scale 18 on one thread (bench/RESULTS.md,
/// "Betweenness centrality"): the batch saves row scans but pays a lane loop per arc.
constexpr int kAutoLanes = 1;

/// Throws unless every length of `a` is positive and finite (naming the first bad arc).
template <class T>
void check_lengths(const Csr<T>& a) {
  for (Vertex i = 0; i < a.nrows; ++i)
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      const double w = double(a.value(k));
      if (!(w > 0) || !std::isfinite(w))
        throw InvalidArgument("betweenness: arc " + std::to_string(i) + " -> " +
                              std::to_string(a.col[k]) + " has length " + std::to_string(w) +
                              "; weighted betweenness needs positive, finite lengths");
    }
}

/// The lengths of `a` as doubles, one per arc: a double matrix's own values (no copy), else a
/// converted copy in `copy` (a pattern's unit lengths included).
template <class T>
const double* lengths_of(const Csr<T>& a, std::vector<double>& copy) {
  check_lengths(a);
  if constexpr (std::is_same_v<T, double>)
    if (!a.pattern) return a.val.data();
  copy.resize(a.nnz());
  for (Offset k = 0; k < a.nnz(); ++k) copy[k] = double(a.value(k));
  return copy.data();
}

}  // namespace

double bc_scale(BcScaling scaling, Vertex n, std::size_t k) {
  const double pairs = n > 2 ? double(n - 1) * double(n - 2) : 0.0;
  switch (scaling) {
    case BcScaling::Raw:
      return 1.0;
    case BcScaling::Networkx:
      return 0.5;
    case BcScaling::NetworkxNormalized:
      return pairs > 0 ? 1.0 / pairs : 1.0;
    case BcScaling::SampledNormalized:
      return pairs > 0 && k > 0 ? double(n) / (double(k) * pairs) : 1.0;
  }
  return 1.0;
}

template <class T>
BcResult betweenness(const Matrix<T>& a, const BcOptions& o) {
  const Vertex n = a.nrows();
  if (a.ncols() != n)
    throw DimensionMismatch("betweenness needs a square matrix, got " + std::to_string(n) + " x " +
                            std::to_string(a.ncols()));
  for (const Vertex s : o.sources)
    if (s >= n)
      throw IndexOutOfBounds("betweenness: source " + std::to_string(s) +
                             " is not a vertex (n = " + std::to_string(n) + ")");
  BcResult r;
  const bool exact = o.sources.empty();
  if (exact) {
    r.sources.resize(n);
    std::iota(r.sources.begin(), r.sources.end(), Vertex(0));
  } else {
    r.sources = o.sources;
  }
  r.scaling = exact ? (o.normalize    ? BcScaling::NetworkxNormalized
                       : o.undirected ? BcScaling::Networkx
                                      : BcScaling::Raw)
                    : (o.normalize ? BcScaling::SampledNormalized : BcScaling::Raw);
  r.score.assign(n, 0.0);
  if (o.weighted) {
    std::vector<double> copy;
    const double* len = lengths_of(a.csr(), copy);
    detail::bc_weighted_raw(adjacency_of(a.csr()), len, r.sources, r.score);
  } else {
    const int lanes = o.method == BcMethod::PerSource ? 1
                      : o.method == BcMethod::Batched ? 4
                                                      : kAutoLanes;
    r.batched = lanes > 1;
    const AdjacencyView out = adjacency_of(a.csr());
    const AdjacencyView in =
        o.undirected || a.structure_symmetric() ? out : adjacency_of(a.transposed());
    detail::bc_unweighted_raw(out, in, r.sources, lanes, r.score, r.push_steps, r.pull_steps);
  }
  const double scale = bc_scale(r.scaling, n, r.sources.size());
  if (scale != 1.0)
    for (double& x : r.score) x *= scale;
  return r;
}

template <class T>
std::vector<Vertex> sample_sources(const Matrix<T>& a, Vertex count, std::uint64_t seed) {
  const Csr<T>& c = a.csr();
  std::vector<Vertex> pool;
  for (Vertex v = 0; v < c.nrows; ++v) {
    const Offset d = c.degree(v);
    const bool loop_only = d == 1 && c.col[c.row_ptr[v]] == v;
    if (d > 0 && !loop_only) pool.push_back(v);
  }
  if (pool.size() < count)
    throw InvalidArgument("betweenness: " + std::to_string(count) +
                          " sources asked for, but only " + std::to_string(pool.size()) +
                          " vertices have an out-arc (other than a self-loop)");
  std::mt19937_64 rng(seed);
  for (Vertex i = 0; i < count; ++i) {
    const std::uint64_t left = pool.size() - i;
    const std::size_t j = i + std::size_t(rng() % left);
    std::swap(pool[i], pool[j]);
  }
  pool.resize(count);
  std::sort(pool.begin(), pool.end());
  return pool;
}

#define SPGRAPH_INSTANTIATE_BC(T)                                       \
  template BcResult betweenness<T>(const Matrix<T>&, const BcOptions&); \
  template std::vector<Vertex> sample_sources<T>(const Matrix<T>&, Vertex, std::uint64_t);
SPGRAPH_INSTANTIATE_BC(bool)
SPGRAPH_INSTANTIATE_BC(std::int32_t)
SPGRAPH_INSTANTIATE_BC(std::int64_t)
SPGRAPH_INSTANTIATE_BC(float)
SPGRAPH_INSTANTIATE_BC(double)
#undef SPGRAPH_INSTANTIATE_BC

}  // namespace spgraph
