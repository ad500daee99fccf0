// SPDX-License-Identifier: Apache-2.0
// The residual state of the maintained PageRank view (pagerank_residual.hpp): start, warm
// start, growth, and a tail's changed out-arcs (the degree-scaled update of Zhang, Lofgren &
// Goel, KDD 2016, applied to the global PageRank invariant of Ohsaka, Maehara &
// Kawarabayashi, KDD 2015).
#include "algorithms/pagerank/pagerank_residual.hpp"

#include <cmath>

#include "algorithms/pagerank/vertex_chunks.hpp"

namespace spgraph::detail {

void PageRankResidual::resize(Vertex n) {
  x_.resize(n, 0.0);
  cell_.resize(n);
}

void PageRankResidual::recount() {
  const auto [mass, sum] = chunked_sum<2>(n(), [&](std::size_t v, std::array<double, 2>& s) {
    s[0] += std::fabs(cell_[v].r);
    s[1] += x_[v];
  });
  mass_ = mass;
  sum_ = sum;
}

void PageRankResidual::start(const ViewGraph& g) {
  const Vertex n = g.n();
  resize(n);
  std::fill(x_.begin(), x_.end(), n ? 1.0 / double(n) : 0.0);
  warm_start(g);
}

void PageRankResidual::warm_start(const ViewGraph& g) {
  const Vertex n = g.n();
  resize(n);
  read_degrees(g);
  c_.resize(n);
  const std::int64_t sn = n;
#pragma omp parallel for schedule(static) if (sn >= 32768)
  for (std::int64_t v = 0; v < sn; ++v) {
    const std::uint32_t k = cell_[std::size_t(v)].k;
    c_[std::size_t(v)] = k ? d_ * x_[std::size_t(v)] / double(k) : 0.0;
  }
  transpose_product(g, c_, y_);  // y = d Pᵀ x
  const double teleport = n ? (1 - d_) / double(n) : 0.0;
#pragma omp parallel for schedule(static) if (sn >= 32768)
  for (std::int64_t v = 0; v < sn; ++v)
    cell_[std::size_t(v)].r = teleport - x_[std::size_t(v)] + y_[std::size_t(v)];
  recount();
  all_dirty_ = true;
}

void PageRankResidual::grow(Vertex n) {
  const Vertex old = this->n();
  if (n <= old) return;
  const double scale = double(old) / double(n);
  resize(n);
  const std::int64_t so = old;
#pragma omp parallel for schedule(static) if (so >= 32768)
  for (std::int64_t v = 0; v < so; ++v) {
    x_[std::size_t(v)] *= scale;
    cell_[std::size_t(v)].r *= scale;
  }
  const double teleport = (1 - d_) / double(n);
  for (Vertex v = old; v < n; ++v) {
    cell_[v].r = teleport;  // x = 0, k = 0 from resize
    cell_[v].touched = 1;
    touched_.push_back(v);
  }
  recount();
  all_dirty_ = true;
}

void PageRankResidual::mark_dirty(Vertex v) {
  if (all_dirty_ || cell_[v].dirty) return;
  cell_[v].dirty = 1;
  dirty_.push_back(v);
}

void PageRankResidual::change_out_arcs(Vertex u, std::span<const HeadChange> heads) {
  const std::uint32_t k_before = cell_[u].k;
  std::int64_t change = 0;
  for (const HeadChange& h : heads) change += h.copies;
  const auto k_after = std::uint32_t(std::int64_t(k_before) + change);
  const double xu = x_[u];
  if (k_before == 0) {
    // A former sink sends along its new arcs only (every arc it has is new).
    for (const HeadChange& h : heads)
      add_residual(h.head, d_ * xu * double(h.copies) / double(k_after));
  } else if (k_after == 0) {
    // A new sink withdraws what it sent (every arc it had is gone).
    for (const HeadChange& h : heads)
      add_residual(h.head, d_ * xu * double(h.copies) / double(k_before));
  } else {
    // x[u] scaled by k_after / k_before keeps d x[u] / k on the arcs that stayed; the residual
    // at u takes back the increase and each changed arc's head the change in what it receives.
    const double scaled = xu * double(k_after) / double(k_before);
    x_[u] = scaled;
    sum_ += scaled - xu;
    mark_dirty(u);
    add_residual(u, xu - scaled);
    for (const HeadChange& h : heads)
      add_residual(h.head, d_ * xu * double(h.copies) / double(k_before));
  }
  cell_[u].k = k_after;
}

void PageRankResidual::clear_changes() {
  for (Vertex v : dirty_) cell_[v].dirty = 0;
  for (Vertex v : touched_) cell_[v].touched = 0;
  dirty_.clear();
  touched_.clear();
  all_dirty_ = false;
  pushes_ = 0;
}

}  // namespace spgraph::detail
