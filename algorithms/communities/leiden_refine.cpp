// SPDX-License-Identifier: Apache-2.0
// Leiden's refinement (leiden_refine.hpp says what it computes): each community of the
// partition refined by one thread, from singletons, in a random order drawn from the seed.
#include "algorithms/communities/leiden_refine.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "algorithms/communities/aggregation.hpp"
#include "algorithms/communities/community_random.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph::detail {

namespace {

/// E(v, S − v): the weight of v's edges to the rest of its community (loop left out). The
/// arrays are read through local pointers, as in local_moving.cpp.
template <bool Weighted>
double weight_inside(const CommunityGraph& g, const Vertex* community, Vertex v) {
  const Vertex* col = g.col;
  const double* weight = g.weight;
  const Vertex own = community[v];
  const Offset end = g.end(v);
  double e = 0;
  for (Offset k = g.begin(v); k < end; ++k) {
    const Vertex u = col[k];
    if (u != v && community[u] == own) e += Weighted ? weight[k] : 1.0;
  }
  return e;
}

/// v's edges inside its community gathered into acc by the refined community of their ends.
template <bool Weighted>
void gather_inside(const CommunityGraph& g, const Vertex* community, const Vertex* refined,
                   Vertex v, NeighbourWeights& acc) {
  const Vertex* col = g.col;
  const double* weight = g.weight;
  const Vertex own = community[v];
  const Offset end = g.end(v);
  acc.clear();
  for (Offset k = g.begin(v); k < end; ++k) {
    const Vertex u = col[k];
    if (u != v && community[u] == own) acc.add(refined[u], Weighted ? weight[k] : 1.0);
  }
}

/// The refinement's state: refined labels and, per refined community (named by a vertex of
/// it), its size, node weight and the weight of its edges to the rest of its community S.
struct Refiner {
  const CommunityGraph& g;
  const std::vector<double>& w;
  const std::vector<Vertex>& community;
  const RefineSettings& s;
  std::vector<Vertex> refined, size;
  std::vector<double> weight;
  /// E(C, S − C) per refined community and E(v, S − v) per vertex, written for the members of a
  /// community before they are read, so left uninitialised.
  std::unique_ptr<double[]> outside, to_rest;
  RandomStream visit_key{s.seed, 2 * s.stream};  ///< each vertex's place in the visiting order
  RandomStream draw{s.seed, 2 * s.stream + 1};   ///< each vertex's draw among its choices

  /// Refines the community whose members are `members[0, count)`.
  void refine(const Vertex* members, Vertex count, NeighbourWeights& acc,
              std::vector<std::pair<std::uint64_t, Vertex>>& order, std::vector<double>& delta);
  /// Where singleton v goes (v itself to stay alone); leaves k_{v,C} in acc (`delta` is
  /// scratch).
  Vertex choose(Vertex v, double total, NeighbourWeights& acc, std::vector<double>& delta) const;
};

void Refiner::refine(const Vertex* members, Vertex count, NeighbourWeights& acc,
                     std::vector<std::pair<std::uint64_t, Vertex>>& order,
                     std::vector<double>& delta) {
  double total = 0;
  order.clear();
  for (Vertex i = 0; i < count; ++i) {
    const Vertex v = members[i];
    total += w[v];
    const double e = g.weight ? weight_inside<true>(g, community.data(), v)
                              : weight_inside<false>(g, community.data(), v);
    to_rest[v] = outside[v] = e;
    order.emplace_back(visit_key(v), v);
  }
  std::sort(order.begin(), order.end());
  for (const auto& [key, v] : order) {
    if (refined[v] != v || size[v] != 1) continue;                // no longer alone
    if (to_rest[v] < s.lambda * w[v] * (total - w[v])) continue;  // not well connected to S
    const Vertex c = choose(v, total, acc, delta);
    if (c == v) continue;
    refined[v] = c;
    size[v] = 0;
    ++size[c];
    weight[c] += w[v];
    outside[c] += to_rest[v] - 2 * acc.get(c);
  }
}

Vertex Refiner::choose(Vertex v, double total, NeighbourWeights& acc,
                       std::vector<double>& delta) const {
  if (g.weight)
    gather_inside<true>(g, community.data(), refined.data(), v, acc);
  else
    gather_inside<false>(g, community.data(), refined.data(), v, acc);
  const double lambda_w = s.lambda * w[v];
  // ΔH of each choice, -1 when inadmissible (C not well connected); staying alone is 0.
  delta.resize(acc.size());
  double best = 0;
  Vertex best_c = v;
  for (std::size_t i = 0; i < acc.size(); ++i) {
    const Vertex c = acc.key(i);
    const double wc = weight[c];
    const double d =
        outside[c] < s.lambda * wc * (total - wc) ? -1.0 : acc.value(i) - lambda_w * wc;
    delta[i] = d;
    if (d > best || (d == best && d >= 0 && best_c != v && c < best_c)) {
      best = d;
      best_c = c;
    }
  }
  if (s.theta == 0 || best_c == v) return best_c;
  // Pr(C) ∝ exp(ΔH_C / θ), relative to the largest ΔH so nothing overflows; a choice whose
  // term is below e^-40 of the largest's (4e-18 of a sum >= 1) is left out, so when no other
  // choice comes that close the largest is taken without a draw.
  const double cut = best - 40 * s.theta;
  auto term = [&](double d) { return d < 0 || d < cut ? 0.0 : std::exp((d - best) / s.theta); };
  std::size_t close = 0 >= cut;
  for (double d : delta) close += d >= 0 && d >= cut;
  if (close == 1) return best_c;
  const double alone = term(0);
  double sum = alone;
  for (double d : delta) sum += term(d);
  double r = draw.uniform(v) * sum - alone;
  if (r < 0) return v;
  for (std::size_t i = 0; i < acc.size(); ++i) {
    r -= term(delta[i]);
    if (r < 0) return acc.key(i);
  }
  return best_c;  // rounding left r at the end: the last admissible choice is the likeliest
}

}  // namespace

std::vector<Vertex> refine_partition(const CommunityGraph& g,
                                     const std::vector<double>& node_weight,
                                     const std::vector<Vertex>& community,
                                     const RefineSettings& settings, ThreadWeights& workspace) {
  const Vertex n = g.n;
  Refiner r{g, node_weight, community, settings, {}, {}, {}, {}, {}};
  r.refined.resize(n);
  r.size.assign(n, 1);
  r.weight = node_weight;
  r.outside.reset(new double[n]);
  r.to_rest.reset(new double[n]);
  for (Vertex v = 0; v < n; ++v) r.refined[v] = v;
  const Grouping groups = group_by_label(community, n);
  workspace.reserve(n);
#pragma omp parallel if (Offset(n) + g.nnz() >= kMinParallelWork)
  {
    NeighbourWeights& acc = workspace.mine();
    std::vector<std::pair<std::uint64_t, Vertex>> order;
    std::vector<double> delta;
#pragma omp for schedule(dynamic, 16)
    for (std::int64_t c = 0; c < std::int64_t(groups.count); ++c) {
      const Offset first = groups.member_ptr[c];
      const Vertex count = Vertex(groups.member_ptr[c + 1] - first);
      if (count > 1) r.refine(groups.members.data() + first, count, acc, order, delta);
    }
  }
  return std::move(r.refined);
}

}  // namespace spgraph::detail
