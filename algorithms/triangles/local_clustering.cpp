// SPDX-License-Identifier: Apache-2.0
// Graphalytics' local clustering coefficient (algorithms/triangles/local_clustering.hpp; LDBC
// Graphalytics specification v1.0, §2.3.5): the weighted degree orientation of A ∪ A', then the
// arcs among each vertex's neighbours summed triangle by triangle (Schank & Wagner, WEA 2005).
#include "algorithms/triangles/local_clustering.hpp"

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <string>

#include "engine/core/error.hpp"

namespace spgraph {

namespace {

/// Graphs with fewer stored arcs than this run on the calling thread.
constexpr Offset kParallelArcs = Offset(1) << 14;

/// Calls f(w, m) for every neighbour w ≠ v of v in S = A ∪ A' without self-loops, in ascending
/// order, m being the number of arcs between v and w (1 or 2): a merge of v's rows of A and A'.
/// With in == nullptr, A is symmetric and every edge stands for two arcs.
template <class F>
void for_each_simple_neighbour(const AdjacencyView& out, const AdjacencyView* in, Vertex v, F&& f) {
  if (!in) {
    out.for_each_neighbor(v, [&](Vertex w) {
      if (w != v) f(w, std::uint8_t(2));
    });
    return;
  }
  const Vertex *a = out.col + out.row_ptr[v], *a_end = out.col + out.row_ptr[v + 1];
  const Vertex *b = in->col + in->row_ptr[v], *b_end = in->col + in->row_ptr[v + 1];
  while (a != a_end || b != b_end) {
    Vertex w;
    std::uint8_t m = 1;
    if (b == b_end || (a != a_end && *a < *b)) {
      w = *a++;
    } else if (a == a_end || *b < *a) {
      w = *b++;
    } else {
      w = *a++;
      ++b;
      m = 2;
    }
    if (w != v) f(w, m);
  }
}

/// S oriented from lower to higher (|S(v)|, v), each kept edge with its arc count m ∈ {1, 2}.
struct WeightedOrientation {
  std::vector<Offset> ptr;
  std::vector<Vertex> col;
  std::vector<std::uint8_t> arcs;
};

/// |S(v)| = |N(v)| for every vertex.
std::vector<Vertex> neighbourhood_sizes(const AdjacencyView& out, const AdjacencyView* in,
                                        bool parallel) {
  std::vector<Vertex> d(out.n);
#pragma omp parallel for schedule(dynamic, 1024) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(out.n); ++v) {
    Vertex k = 0;
    for_each_simple_neighbour(out, in, Vertex(v), [&](Vertex, std::uint8_t) { ++k; });
    d[v] = k;
  }
  return d;
}

/// U(v) = {w ∈ S(v) : (d(v), v) < (d(w), w)}, rows ascending, with each edge's arc count.
WeightedOrientation orient(const AdjacencyView& out, const AdjacencyView* in,
                           const std::vector<Vertex>& d, bool parallel) {
  const std::int64_t n = out.n;
  const auto above = [&d](Vertex v, Vertex w) { return d[w] > d[v] || (d[w] == d[v] && w > v); };
  WeightedOrientation u;
  u.ptr.assign(std::size_t(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024) if (parallel)
  for (std::int64_t v = 0; v < n; ++v) {
    Offset k = 0;
    for_each_simple_neighbour(out, in, Vertex(v),
                              [&](Vertex w, std::uint8_t) { k += above(Vertex(v), w); });
    u.ptr[v + 1] = k;
  }
  for (std::int64_t v = 0; v < n; ++v) u.ptr[v + 1] += u.ptr[v];
  u.col.resize(u.ptr[n]);
  u.arcs.resize(u.ptr[n]);
#pragma omp parallel for schedule(dynamic, 1024) if (parallel)
  for (std::int64_t v = 0; v < n; ++v) {
    Offset p = u.ptr[v];
    for_each_simple_neighbour(out, in, Vertex(v), [&](Vertex w, std::uint8_t m) {
      if (above(Vertex(v), w)) {
        u.col[p] = w;
        u.arcs[p++] = m;
      }
    });
  }
  return u;
}

void add_relaxed(std::uint64_t& target, std::uint64_t x) {
  std::atomic_ref<std::uint64_t>(target).fetch_add(x, std::memory_order_relaxed);
}

/// For every vertex, the arcs among its neighbours: each triangle x ≺ y ≺ z of S, found at
/// (x, y) as z ∈ U(x) ∩ U(y) with U(x) marked by arc count, adds m(y, z) to x, m(x, z) to y and
/// m(x, y) to z.
std::vector<std::uint64_t> arcs_among_neighbours(const WeightedOrientation& u, Vertex n,
                                                 bool parallel) {
  std::vector<std::uint64_t> sum(n, 0);
  const Offset* ptr = u.ptr.data();
  const Vertex* col = u.col.data();
  const std::uint8_t* arcs = u.arcs.data();
#pragma omp parallel if (parallel)
  {
    std::vector<std::uint8_t> mark(n, 0);  // m(x, z) for z ∈ U(x), else 0
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t x = 0; x < std::int64_t(n); ++x) {
      const Offset begin = ptr[x], end = ptr[x + 1];
      if (end - begin < 2) continue;  // a triangle at (x, y) needs two vertices above x
      for (Offset k = begin; k < end; ++k) mark[col[k]] = arcs[k];
      std::uint64_t at_x = 0;
      for (Offset k = begin; k < end; ++k) {
        const Vertex y = col[k];
        const std::uint8_t xy = arcs[k];
        std::uint64_t at_y = 0;
        for (Offset q = ptr[y]; q < ptr[y + 1]; ++q) {
          const std::uint8_t xz = mark[col[q]];
          if (xz == 0) continue;
          at_x += arcs[q];
          at_y += xz;
          add_relaxed(sum[col[q]], xy);
        }
        if (at_y) add_relaxed(sum[y], at_y);
      }
      if (at_x) add_relaxed(sum[x], at_x);
      for (Offset k = begin; k < end; ++k) mark[col[k]] = 0;
    }
  }
  return sum;
}

}  // namespace

namespace detail {

std::vector<double> local_clustering_structure(const AdjacencyView& out, const AdjacencyView* in) {
  const Vertex n = out.n;
  const bool parallel = out.nnz() >= kParallelArcs;
  const std::vector<Vertex> d = neighbourhood_sizes(out, in, parallel);
  const std::vector<std::uint64_t> arcs =
      arcs_among_neighbours(orient(out, in, d, parallel), n, parallel);
  std::vector<double> lcc(n, 0.0);
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v)
    if (d[v] >= 2) lcc[v] = double(arcs[v]) / (double(d[v]) * double(d[v] - 1));
  return lcc;
}

}  // namespace detail

template <class T>
std::vector<double> local_clustering(const Matrix<T>& a, bool undirected) {
  if (a.nrows() != a.ncols())
    throw DimensionMismatch("local_clustering: the matrix must be square, got " +
                            std::to_string(a.nrows()) + " x " + std::to_string(a.ncols()));
  const AdjacencyView out = adjacency_of(a.csr());
  if (undirected) return detail::local_clustering_structure(out, nullptr);
  const AdjacencyView in = adjacency_of(a.transposed());
  return detail::local_clustering_structure(out, &in);
}

#define SPGRAPH_INSTANTIATE_LCC(T) \
  template std::vector<double> local_clustering<T>(const Matrix<T>&, bool);
SPGRAPH_INSTANTIATE_LCC(bool)
SPGRAPH_INSTANTIATE_LCC(std::int32_t)
SPGRAPH_INSTANTIATE_LCC(std::int64_t)
SPGRAPH_INSTANTIATE_LCC(float)
SPGRAPH_INSTANTIATE_LCC(double)
#undef SPGRAPH_INSTANTIATE_LCC

}  // namespace spgraph
