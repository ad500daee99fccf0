// SPDX-License-Identifier: Apache-2.0
// The whole-graph passes of the maintained PageRank view (pagerank_residual.hpp), in parallel:
// the out-degrees, the product with Pᵀ (a pull over in-arcs, or a scatter into one array per
// thread), the power step in residual form with a minimal-residual step length (Saad,
// "Iterative Methods for Sparse Linear Systems", 2nd ed., §5.3.2, applied to
// (I - d Pᵀ) pi = (1-d)/n), and, on an undirected graph, the net residual moved into the ranks
// along the degree vector, an eigenvector of Pᵀ for eigenvalue 1 ((Pᵀ k)[w] = Σ_{u -> w}
// k(u) / k(u) = in-degree(w) = k(w) when every arc has its reverse). Sums go by chunks of
// fixed size (vertex_chunks.hpp), so the passes are deterministic for a thread count.
#include <omp.h>

#include <algorithm>
#include <cmath>

#include "algorithms/pagerank/pagerank_residual.hpp"
#include "algorithms/pagerank/vertex_chunks.hpp"

namespace spgraph::detail {

void PageRankResidual::read_degrees(const ViewGraph& g) {
  const Vertex n = g.n();
  const std::int64_t chunks = chunk_count(n);
  bool copies = false;
#pragma omp parallel if (chunks > 8) reduction(|| : copies)
  {
#pragma omp single
    marks_.resize(std::size_t(omp_get_num_threads()));
    HeadMarks& marks = marks_[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t ch = 0; ch < chunks; ++ch)
      for (std::int64_t v = chunk_begin(ch), e = chunk_end(ch, n); v < e; ++v) {
        // A row read in ascending order has its copies side by side; others are marked.
        std::uint32_t distinct = 0;
        bool ascending = true;
        Vertex last = 0;
        g.out.for_each(Vertex(v), [&](Vertex w, Offset) {
          ascending = ascending && (distinct == 0 || w >= last);
          distinct += distinct == 0 || w != last;
          last = w;
        });
        if (!ascending) {
          distinct = 0;
          marks.for_each_distinct(g.out, Vertex(v), [&](Vertex) { ++distinct; });
        }
        cell_[std::size_t(v)].k = distinct;
        copies = copies || Offset(distinct) != g.out.degree(Vertex(v));
      }
  }
  copies_ = copies;
}

void PageRankResidual::transpose_product(const ViewGraph& g, const std::vector<double>& c,
                                         std::vector<double>& y) {
  const Vertex n = g.n();
  y.resize(n);
  const std::int64_t chunks = chunk_count(n);
  if (g.has_in && !copies_) {
    // Pull: each vertex sums over its in-arcs (the out-arcs of an undirected graph).
#pragma omp parallel for schedule(dynamic, 1) if (chunks > 8)
    for (std::int64_t ch = 0; ch < chunks; ++ch)
      for (std::int64_t w = chunk_begin(ch), e = chunk_end(ch, n); w < e; ++w) {
        double s = 0;
        g.in.for_each(Vertex(w), [&](Vertex u, Offset) { s += c[u]; });
        y[std::size_t(w)] = s;
      }
    return;
  }
  // Scatter over out-arcs into one array per thread (chunk ch goes to thread ch mod T), then
  // add the arrays in thread order.
#pragma omp parallel if (chunks > 8)
  {
    const int threads = omp_get_num_threads(), t = omp_get_thread_num();
#pragma omp single
    {
      scatter_.resize(std::size_t(threads));
      if (marks_.size() < std::size_t(threads)) marks_.resize(std::size_t(threads));
    }
    std::vector<double>& mine = scatter_[std::size_t(t)];
    mine.assign(n, 0.0);
    HeadMarks& marks = marks_[std::size_t(t)];
#pragma omp for schedule(static, 1)
    for (std::int64_t ch = 0; ch < chunks; ++ch)
      for (std::int64_t u = chunk_begin(ch), e = chunk_end(ch, n); u < e; ++u) {
        const double cu = c[std::size_t(u)];
        if (cu == 0) continue;
        if (copies_ && g.out.degree(Vertex(u)) != cell_[std::size_t(u)].k)
          marks.for_each_distinct(g.out, Vertex(u), [&](Vertex w) { mine[w] += cu; });
        else
          g.out.for_each(Vertex(u), [&](Vertex w, Offset) { mine[w] += cu; });
      }
#pragma omp for schedule(static)
    for (std::int64_t w = 0; w < std::int64_t(n); ++w) {
      double s = 0;
      for (int i = 0; i < threads; ++i) s += scatter_[std::size_t(i)][std::size_t(w)];
      y[std::size_t(w)] = s;
    }
  }
}

void PageRankResidual::sweep(const ViewGraph& g, bool plain) {
  const Vertex n = this->n();
  c_.resize(n);
  const std::int64_t sn = n;
#pragma omp parallel for schedule(static) if (sn >= 32768)
  for (std::int64_t v = 0; v < sn; ++v) {
    const Cell& cv = cell_[std::size_t(v)];
    c_[std::size_t(v)] = cv.k ? d_ * cv.r / double(cv.k) : 0.0;
  }
  transpose_product(g, c_, y_);  // y = d Pᵀ r
  // x += beta r turns r = b - x + d Pᵀ x into r' = (1 - beta) r + beta y: beta = 1 is the power
  // step, and the beta minimizing ||r'||₂ takes out the slowest mode's share of r.
  const auto [ry, yy] = chunked_sum<2>(n, [&](std::size_t v, std::array<double, 2>& s) {
    const double e = y_[v] - cell_[v].r;
    s[0] += cell_[v].r * e;
    s[1] += e * e;
  });
  const double beta = !plain && yy > 0 ? std::clamp(-ry / yy, 1 / (1 + d_), 1 / (1 - d_)) : 1.0;
  const auto [mass, sum, net, volume] =
      chunked_sum<4>(n, [&](std::size_t v, std::array<double, 4>& s) {
        Cell& c = cell_[v];
        x_[v] += beta * c.r;
        c.r = (1 - beta) * c.r + beta * y_[v];
        s[0] += std::fabs(c.r);
        s[1] += x_[v];
        if (c.k == 0) return;
        s[2] += c.r;
        s[3] += double(c.k);
      });
  mass_ = mass;
  sum_ = sum;
  pushes_ += n;
  all_dirty_ = true;
  absorb(g, net, volume);
}

bool PageRankResidual::absorb_degree_mode(const ViewGraph& g) {
  if (g.directed) return false;
  const auto [net, volume] = chunked_sum<2>(n(), [&](std::size_t v, std::array<double, 2>& s) {
    if (cell_[v].k == 0) return;
    s[0] += cell_[v].r;
    s[1] += double(cell_[v].k);
  });
  return absorb(g, net, volume);
}

bool PageRankResidual::absorb(const ViewGraph& g, double net, double volume) {
  if (g.directed || !(volume > 0)) return false;
  const double a = net / volume;
  const auto [after] = chunked_sum<1>(n(), [&](std::size_t v, std::array<double, 1>& s) {
    s[0] += std::fabs(cell_[v].r - a * double(cell_[v].k));
  });
  if (!(after < mass_)) return false;
  const double to_x = a / (1 - d_);
  const auto [mass, sum] = chunked_sum<2>(n(), [&](std::size_t v, std::array<double, 2>& s) {
    const double k = double(cell_[v].k);
    x_[v] += to_x * k;
    cell_[v].r -= a * k;
    s[0] += std::fabs(cell_[v].r);
    s[1] += x_[v];
  });
  mass_ = mass;
  sum_ = sum;
  all_dirty_ = true;
  return true;
}

}  // namespace spgraph::detail
