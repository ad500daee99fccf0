// SPDX-License-Identifier: Apache-2.0
// Canonical labels, connected pieces, the result and the option checks of the community
// methods (community_labels.hpp).
#include "algorithms/communities/community_labels.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "algorithms/communities/modularity.hpp"
#include "engine/core/error.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph::detail {

namespace {

/// The root of x's class, halving the path on the way (parents only ever move to smaller
/// ancestors, so a stale halving is still a valid one).
Vertex find_root(std::vector<Vertex>& parent, Vertex x) {
  for (;;) {
    Vertex p = std::atomic_ref<Vertex>(parent[x]).load(std::memory_order_relaxed);
    if (p == x) return x;
    const Vertex gp = std::atomic_ref<Vertex>(parent[p]).load(std::memory_order_relaxed);
    if (gp != p)
      std::atomic_ref<Vertex>(parent[x]).compare_exchange_weak(p, gp, std::memory_order_relaxed);
    x = gp;
  }
}

/// Joins the classes of u and v, the larger root hooked under the smaller.
void link(std::vector<Vertex>& parent, Vertex u, Vertex v) {
  for (;;) {
    Vertex a = find_root(parent, u), b = find_root(parent, v);
    if (a == b) return;
    if (a < b) std::swap(a, b);
    Vertex expected = a;
    if (std::atomic_ref<Vertex>(parent[a]).compare_exchange_strong(expected, b)) return;
  }
}

/// Σ_c n_c² of a canonical membership.
std::uint64_t squared_sizes(const std::vector<Vertex>& membership) {
  std::vector<std::uint64_t> size;
  for (Vertex c : membership) {
    if (c >= size.size()) size.resize(std::size_t(c) + 1, 0);
    ++size[c];
  }
  std::uint64_t s = 0;
  for (std::uint64_t x : size) s += x * x;
  return s;
}

}  // namespace

std::vector<Vertex> canonical_labels(const std::vector<Vertex>& label) {
  const Vertex n = Vertex(label.size());
  Vertex bound = 0;
  for (Vertex l : label) bound = std::max(bound, l + 1);
  std::vector<Vertex> number(bound, kNoVertex), out(n);
  Vertex next = 0;
  for (Vertex v = 0; v < n; ++v) {
    Vertex& k = number[label[v]];
    if (k == kNoVertex) k = next++;
    out[v] = k;
  }
  return out;
}

std::vector<Vertex> connected_pieces(const CommunityGraph& g, const std::vector<Vertex>& label) {
  std::vector<Vertex> parent(g.n);
  std::iota(parent.begin(), parent.end(), Vertex(0));
#pragma omp parallel for schedule(dynamic, 1024) if (g.n + g.nnz() >= kMinParallelWork)
  for (std::int64_t r = 0; r < std::int64_t(g.n); ++r) {
    const Vertex u = Vertex(r);
    for (Offset k = g.begin(u); k < g.end(u); ++k) {
      const Vertex v = g.col[k];
      if (v < u && label[v] == label[u]) link(parent, u, v);
    }
  }
  std::vector<Vertex> root(g.n);
#pragma omp parallel for schedule(static) if (g.n >= kMinParallelWork)
  for (std::int64_t v = 0; v < std::int64_t(g.n); ++v) root[v] = find_root(parent, Vertex(v));
  return canonical_labels(root);
}

double gain_scale(const CommunityGraph& g, const CommunityOptions& options) {
  if (options.objective == CommunityObjective::Cpm) return options.resolution;
  return g.total > 0 ? options.resolution / g.total : 0.0;
}

std::vector<double> objective_node_weights(const CommunityGraph& g,
                                           const CommunityOptions& options) {
  if (options.objective == CommunityObjective::Cpm) return std::vector<double>(g.n, 1.0);
  return g.degree;
}

CommunityResult community_result(const CommunityGraph& g, std::vector<Vertex> membership,
                                 const CommunityOptions& options, int levels, int iterations) {
  CommunityResult r;
  r.membership = canonical_labels(membership);
  std::vector<Vertex> size;
  for (Vertex c : r.membership) {
    if (c >= size.size()) size.resize(std::size_t(c) + 1, 0);
    ++size[c];
  }
  r.communities = Vertex(size.size());
  r.largest = size.empty() ? 0 : *std::max_element(size.begin(), size.end());
  if (g.total > 0) {  // one pass over the edges for both figures
    const double inner = inner_weight(g, r.membership);
    const double squares = squared_community_weights(r.membership, g.degree);
    r.modularity = (inner - squares / g.total) / g.total;
    r.quality = options.objective == CommunityObjective::Cpm
                    ? (inner - options.resolution * double(squared_sizes(r.membership))) / g.total
                    : (inner - options.resolution * squares / g.total) / g.total;
  } else {
    r.modularity = r.quality = std::numeric_limits<double>::quiet_NaN();
  }
  r.levels = levels;
  r.iterations = iterations;
  return r;
}

void check_community_options(const char* who, const CommunityOptions& o) {
  auto fail = [who](const std::string& what) {
    throw InvalidArgument(std::string(who) + ": " + what);
  };
  if (!(std::isfinite(o.resolution) && o.resolution >= 0))
    fail("the resolution must be finite and >= 0, got " + std::to_string(o.resolution));
  if (o.max_levels < 0) fail("max_levels must be >= 0 (0: no limit)");
  if (o.max_rounds < 1) fail("max_rounds must be >= 1");
  if (o.iterations == 0 || o.iterations < -1)
    fail("iterations must be positive, or -1 (until an iteration changes nothing)");
  if (!(std::isfinite(o.randomness) && o.randomness >= 0))
    fail("the randomness must be finite and >= 0, got " + std::to_string(o.randomness));
}

}  // namespace spgraph::detail
