// SPDX-License-Identifier: Apache-2.0
// The weighted Brandes betweenness (centrality.hpp, `weighted`): Dijkstra from each source with
// a binary heap and lazy deletion, counting shortest paths as vertices settle (Brandes 2001,
// section 4: sigma(w) += sigma(v) when d(v) + len(v,w) == d(w), restarted when d(w) drops),
// then the dependencies in reverse settling order, in pull form over out-arcs (w is a
// successor of v exactly when d(v) + len(v,w) == d(w), the same comparison the forward pass
// made). Lengths are positive, so every successor settles after its predecessors and the
// settling order is Brandes' stack S. One source per search; sources run in parallel (a
// workspace and a score array per thread) when there are several and at least
// kParallelWork arcs of work in all, else on the calling thread with no OpenMP call.
#include <omp.h>

#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "algorithms/centrality/centrality.hpp"

namespace spgraph::detail {

namespace {

constexpr Offset kParallelWork = Offset(1) << 16;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct DijkstraWorkspace {
  explicit DijkstraWorkspace(Vertex n) : dist(n, kInf), sigma(n, 0.0), coef(n, 0.0) {}
  std::vector<double> dist, sigma, coef;
  std::vector<Vertex> order;  ///< settled vertices, in settling order
  using Item = std::pair<double, Vertex>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
};

/// The forward Dijkstra from s: dist, sigma and the settling order.
void forward(const AdjacencyView& g, const double* len, Vertex s, DijkstraWorkspace& ws) {
  ws.dist[s] = 0;
  ws.sigma[s] = 1;
  ws.heap.push({0.0, s});
  while (!ws.heap.empty()) {
    const auto [d, v] = ws.heap.top();
    ws.heap.pop();
    if (d > ws.dist[v]) continue;  // a stale entry
    ws.order.push_back(v);
    for (Offset k = g.row_ptr[v]; k < g.row_ptr[v + 1]; ++k) {
      const Vertex w = g.col[k];
      const double nd = d + len[k];
      if (nd < ws.dist[w]) {
        ws.dist[w] = nd;
        ws.sigma[w] = ws.sigma[v];
        ws.heap.push({nd, w});
      } else if (nd == ws.dist[w] && w != v) {
        ws.sigma[w] += ws.sigma[v];
      }
    }
  }
}

/// The backward sweep in reverse settling order; adds delta to score (not the source's).
void backward(const AdjacencyView& g, const double* len, DijkstraWorkspace& ws, double* score) {
  for (std::size_t q = ws.order.size(); q-- > 0;) {
    const Vertex v = ws.order[q];
    double acc = 0;
    for (Offset k = g.row_ptr[v]; k < g.row_ptr[v + 1]; ++k) {
      const Vertex w = g.col[k];
      if (w != v && ws.dist[v] + len[k] == ws.dist[w]) acc += ws.coef[w];
    }
    const double delta = ws.sigma[v] * acc;
    ws.coef[v] = (1.0 + delta) / ws.sigma[v];
    if (q > 0) score[v] += delta;  // order[0] is the source
  }
  for (const Vertex v : ws.order) ws.dist[v] = kInf, ws.sigma[v] = 0, ws.coef[v] = 0;
  ws.order.clear();
}

}  // namespace

void bc_weighted_raw(const AdjacencyView& g, const double* len, const std::vector<Vertex>& sources,
                     std::vector<double>& raw) {
  const Vertex n = g.n;
  const bool fork = omp_get_max_threads() > 1 && sources.size() >= 2 &&
                    Offset(sources.size()) * (g.nnz() + n) >= kParallelWork;
  if (!fork) {
    DijkstraWorkspace ws(n);
    for (const Vertex s : sources) {
      forward(g, len, s, ws);
      backward(g, len, ws, raw.data());
    }
    return;
  }
#pragma omp parallel
  {
    DijkstraWorkspace ws(n);
    std::vector<double> local(n, 0.0);
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t i = 0; i < sources.size(); ++i) {
      forward(g, len, sources[i], ws);
      backward(g, len, ws, local.data());
    }
#pragma omp critical(spgraph_bc_weighted_sum)
    for (Vertex v = 0; v < n; ++v) raw[v] += local[v];
  }
}

}  // namespace spgraph::detail
