// SPDX-License-Identifier: Apache-2.0
// The community methods' undirected graph built from a Matrix (community_graph.hpp): the checks
// of the weights, the symmetry test, A read in place when it is symmetric, A + A' merged row by
// row from A and its cached transpose when it is not, and the degrees.
#include "algorithms/communities/community_graph.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <type_traits>

#include "engine/core/error.hpp"

namespace spgraph::detail {

namespace {

constexpr std::int64_t kParallelRows = 4096;

/// Throws for the first entry (row order) whose weight is negative or not finite.
template <class T>
void check_weights(const Csr<T>& a) {
  if (a.pattern) return;
  std::atomic<Offset> first{a.nnz()};
#pragma omp parallel for schedule(static) if (a.nnz() >= Offset(1) << 16)
  for (std::int64_t k = 0; k < std::int64_t(a.nnz()); ++k) {
    const double w = double(a.value(Offset(k)));
    if (!(std::isfinite(w) && w >= 0)) {
      Offset cur = first.load(std::memory_order_relaxed);
      while (Offset(k) < cur && !first.compare_exchange_weak(cur, Offset(k))) {
      }
    }
  }
  const Offset k = first.load();
  if (k == a.nnz()) return;
  const Vertex row =
      Vertex(std::upper_bound(a.row_ptr.begin(), a.row_ptr.end(), k) - a.row_ptr.begin() - 1);
  throw InvalidArgument("communities: entry (" + std::to_string(row) + ", " +
                        std::to_string(a.col[k]) + ") has weight " +
                        std::to_string(double(a.value(k))) +
                        "; edge weights must be finite and non-negative");
}

/// True when every value equals its mirror's (the structure is known to be symmetric).
template <class T>
bool values_symmetric(const Csr<T>& a) {
  if (a.pattern) return true;
  std::atomic<bool> same{true};
#pragma omp parallel for schedule(dynamic, 1024) if (a.nrows >= kParallelRows)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r) {
    if (!same.load(std::memory_order_relaxed)) continue;
    const Vertex i = Vertex(r);
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      const Vertex j = a.col[k];
      if (j <= i) continue;
      const Vertex* b = a.col.data() + a.row_ptr[j];
      const Offset at =
          Offset(std::lower_bound(b, a.col.data() + a.row_ptr[j + 1], i) - a.col.data());
      if (!(a.value(at) == a.value(k))) same.store(false, std::memory_order_relaxed);
    }
  }
  return same.load();
}

/// The weights of A as doubles, owned by g.
template <class T>
void copy_weights(const Csr<T>& a, CommunityGraph& g) {
  g.own_weight.resize(a.nnz());
#pragma omp parallel for schedule(static) if (a.nnz() >= Offset(1) << 16)
  for (std::int64_t k = 0; k < std::int64_t(a.nnz()); ++k)
    g.own_weight[k] = double(a.value(Offset(k)));
  g.weight = g.own_weight.data();
}

/// Row u of A + A' (off the diagonal) with A's loop: the sorted merge of row u of A and of A'.
/// With `out` null only counts the entries.
template <class T>
Offset merge_row(const Csr<T>& a, const Csr<T>& at, Vertex u, Vertex* col, double* val) {
  Offset i = a.row_ptr[u], ie = a.row_ptr[u + 1];
  Offset j = at.row_ptr[u], je = at.row_ptr[u + 1];
  Offset out = 0;
  auto put = [&](Vertex c, double w) {
    if (col) {
      col[out] = c;
      val[out] = w;
    }
    ++out;
  };
  while (i < ie || j < je) {
    const Vertex ci = i < ie ? a.col[i] : kNoVertex;
    const Vertex cj = j < je ? at.col[j] : kNoVertex;
    if (ci < cj) {
      put(ci, double(a.value(i++)));
    } else if (cj < ci) {
      put(cj, double(at.value(j++)));
    } else if (ci == u) {  // the loop arc, in both rows: one loop of its weight
      put(ci, double(a.value(i++)));
      ++j;
    } else {
      put(ci, double(a.value(i++)) + double(at.value(j++)));
    }
  }
  return out;
}

/// The owned rows of A + A' (see merge_row).
template <class T>
void build_symmetrised(const Matrix<T>& m, CommunityGraph& g) {
  const Csr<T>& a = m.csr();
  const Csr<T>& at = m.transposed();
  const Vertex n = a.nrows;
  g.own_row_ptr.assign(std::size_t(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024) if (n >= kParallelRows)
  for (std::int64_t u = 0; u < std::int64_t(n); ++u)
    g.own_row_ptr[u + 1] = merge_row(a, at, Vertex(u), nullptr, nullptr);
  for (Vertex u = 0; u < n; ++u) g.own_row_ptr[u + 1] += g.own_row_ptr[u];
  g.own_col.resize(g.own_row_ptr[n]);
  g.own_weight.resize(g.own_row_ptr[n]);
#pragma omp parallel for schedule(dynamic, 1024) if (n >= kParallelRows)
  for (std::int64_t u = 0; u < std::int64_t(n); ++u)
    merge_row(a, at, Vertex(u), g.own_col.data() + g.own_row_ptr[u],
              g.own_weight.data() + g.own_row_ptr[u]);
  g.adopt_owned();
}

}  // namespace

void CommunityGraph::adopt_owned() {
  row_ptr = own_row_ptr.data();
  col = own_col.data();
  weight = own_weight.empty() ? nullptr : own_weight.data();
}

double ordered_sum(const std::vector<double>& x) {
  constexpr std::size_t kBlock = 8192;
  const std::size_t blocks = (x.size() + kBlock - 1) / kBlock;
  std::vector<double> part(blocks, 0.0);
#pragma omp parallel for schedule(static) if (blocks >= 8)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    double s = 0;
    const std::size_t end = std::min(x.size(), std::size_t(b + 1) * kBlock);
    for (std::size_t i = std::size_t(b) * kBlock; i < end; ++i) s += x[i];
    part[b] = s;
  }
  double s = 0;
  for (double p : part) s += p;
  return s;
}

void compute_degrees(CommunityGraph& g) {
  g.loop.assign(g.n, 0.0);
  g.degree.assign(g.n, 0.0);
#pragma omp parallel for schedule(dynamic, 1024) if (g.n >= kParallelRows)
  for (std::int64_t r = 0; r < std::int64_t(g.n); ++r) {
    const Vertex v = Vertex(r);
    double sum = 0, loop = 0;
    for (Offset k = g.begin(v); k < g.end(v); ++k) {
      sum += g.w(k);
      if (g.col[k] == v) loop += g.w(k);
    }
    g.loop[v] = loop;
    g.degree[v] = sum + loop;
  }
  g.total = ordered_sum(g.degree);
}

template <class T>
CommunityGraph community_graph_of(const Matrix<T>& m, bool declared_undirected) {
  const Csr<T>& a = m.csr();
  if (a.nrows != a.ncols)
    throw DimensionMismatch("communities: the matrix must be square, got " +
                            std::to_string(a.nrows) + " x " + std::to_string(a.ncols));
  check_weights(a);
  CommunityGraph g;
  g.n = a.nrows;
  const bool symmetric = declared_undirected || (m.structure_symmetric() && values_symmetric(a));
  if (symmetric) {
    g.row_ptr = a.row_ptr.data();
    g.col = a.col.data();
    if constexpr (std::is_same_v<T, double>) {
      if (!a.pattern) g.weight = a.val.data();
    } else {
      if (!a.pattern) copy_weights(a, g);
    }
  } else {
    build_symmetrised(m, g);
  }
  compute_degrees(g);
  return g;
}

#define SPGRAPH_INSTANTIATE_COMMUNITY_GRAPH(T) \
  template CommunityGraph community_graph_of<T>(const Matrix<T>&, bool);
SPGRAPH_INSTANTIATE_COMMUNITY_GRAPH(bool)
SPGRAPH_INSTANTIATE_COMMUNITY_GRAPH(std::int32_t)
SPGRAPH_INSTANTIATE_COMMUNITY_GRAPH(std::int64_t)
SPGRAPH_INSTANTIATE_COMMUNITY_GRAPH(float)
SPGRAPH_INSTANTIATE_COMMUNITY_GRAPH(double)
#undef SPGRAPH_INSTANTIATE_COMMUNITY_GRAPH

}  // namespace spgraph::detail
