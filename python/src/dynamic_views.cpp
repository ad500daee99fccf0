// SPDX-License-Identifier: Apache-2.0
// The maintained views of spgraph.DynamicGraph (declared in dynamic_views.hpp): the kinds and
// names of tools/cli/maintained_views.hpp, each view's answer as the dict its computed
// counterpart gives (iterations 0 and delta = the view's L1 bound for PageRank; method
// "maintained" for cc and sssp), so that a caller cannot tell the two apart by shape.
#include "python/src/dynamic_views.hpp"
#include "python/src/thread_scope.hpp"

#include <cmath>

#include "engine/core/error.hpp"
#include "tools/cli/maintained_views.hpp"

namespace spgraph::python {

namespace {

ViewPolicy view_policy(const std::string& p) {
  if (p == "auto") return ViewPolicy::Auto;
  if (p == "incremental") return ViewPolicy::Incremental;
  if (p == "recompute") return ViewPolicy::Recompute;
  throw InvalidArgument("policy must be auto, incremental or recompute, got '" + p + "'");
}

cli::ViewSpec view_spec(const std::string& kind, long long vertex, std::size_t k,
                        const std::string& measure, Vertex n) {
  cli::ViewSpec s = cli::parse_view_spec(kind == "bfs" || kind == "sssp" || kind == "knn"
                                             ? kind + ":" + std::to_string(vertex < 0 ? 0 : vertex)
                                             : kind);
  if (s.has_vertex() && (vertex < 0 || vertex >= (long long)n))
    throw IndexOutOfBounds("maintain('" + kind + "'): vertex " + std::to_string(vertex) +
                           " is not in the graph (n = " + std::to_string(n) + ")");
  if (!s.has_vertex() && vertex >= 0)
    throw InvalidArgument("maintain('" + kind + "') takes no vertex");
  if (s.kind == cli::ViewKind::Knn) {
    if (k == 0) throw InvalidArgument("maintain('knn'): k must be at least 1");
    s.k = k;
    if (!cli::similarity_measure_by_name(measure, s.measure))
      throw InvalidArgument("maintain('knn'): unknown similarity measure '" + measure +
                            "' (common, jaccard, cosine, overlap, adamic-adar, "
                            "resource-allocation)");
  }
  return s;
}

/// Distances as numpy floats (inf where unreachable), or BFS levels as int64 (-1 there).
py::dict distance_dict(const DistanceViewResult& d) {
  py::dict out;
  out["kind"] = d.hops ? "bfs" : "sssp";
  out["source"] = d.source;
  std::vector<double> dist = d.distance.to_vector();
  if (d.hops) {
    std::vector<std::int64_t> level(dist.size());
    for (std::size_t i = 0; i < dist.size(); ++i)
      level[i] = std::isinf(dist[i]) ? -1 : std::int64_t(dist[i]);
    out["levels"] = own_array(std::move(level));
    out["depth"] = std::int64_t(d.max_distance);
  } else {
    out["distance"] = own_array(std::move(dist));
    out["max_distance"] = d.max_distance;
  }
  out["reached"] = d.reached;
  return out;
}

}  // namespace

template <class T>
std::string maintain_view(DynamicGraph<T>& g, const std::string& kind, long long vertex,
                          std::size_t k, const std::string& measure, const std::string& policy) {
  const cli::ViewSpec s = view_spec(kind, vertex, k, measure, g.snapshot().num_vertices());
  const ViewPolicy p = view_policy(policy);
  const Vertex v = s.has_vertex() ? Vertex(vertex) : 0;
  std::shared_ptr<MaintainedView> view = cli::make_view(s, v);
  const std::string name = view->name();
  KernelScope nogil(kUnsizedWork);
  g.maintain(std::move(view), p);
  return name;
}

py::list view_stats_list(const std::vector<ViewStats>& stats) {
  py::list out;
  for (const ViewStats& v : stats) {
    py::dict d;
    d["name"] = v.name;
    d["updated"] = v.updates;
    d["recomputed"] = v.recomputes;
    d["recompute_seconds"] = v.recompute_seconds;
    d["seconds_per_change"] = v.seconds_per_change;
    d["crossover_changes"] = v.crossover_changes();
    out.append(d);
  }
  return out;
}

py::object view_dict(const std::shared_ptr<const ViewResult>& r) {
  if (!r) return py::none();
  if (const auto* c = dynamic_cast<const CcViewResult*>(r.get())) {
    py::dict d;
    d["kind"] = "cc";
    d["labels"] = own_array(c->labels());
    d["components"] = c->components;
    d["largest"] = c->largest;
    return d;
  }
  if (const auto* p = dynamic_cast<const PageRankViewResult*>(r.get())) {
    py::dict d;
    d["kind"] = "pagerank";
    d["rank"] = own_array(p->rank.to_vector());
    d["top"] = p->top;
    d["top_rank"] = p->top_rank;
    d["tolerance"] = p->tolerance;
    return d;
  }
  if (const auto* dv = dynamic_cast<const DistanceViewResult*>(r.get())) return distance_dict(*dv);
  if (const auto* k = dynamic_cast<const KnnViewResult*>(r.get())) {
    py::dict d;
    d["kind"] = "knn";
    d["vertex"] = k->vertex;
    d["k"] = k->k;
    d["measure"] = std::string(similarity_measure_name(k->measure));
    d["ids"] = own_array(std::vector<Vertex>(k->ids));
    d["scores"] = own_array(std::vector<double>(k->scores));
    d["refreshes"] = k->refreshes;
    return d;
  }
  throw InvalidArgument("a maintained view of an unknown kind");
}

template <class T>
py::object maintained_cc(const GraphSnapshot<T>& s) {
  const auto c = s.template maintained_as<CcViewResult>("cc");
  if (!c) return py::none();
  py::dict d;
  d["labels"] = own_array(c->labels());
  d["components"] = c->components;
  d["method"] = "maintained";
  d["rounds"] = 0;
  return d;
}

template <class T>
py::object maintained_pagerank(const GraphSnapshot<T>& s) {
  const auto p = s.template maintained_as<PageRankViewResult>("pagerank");
  if (!p) return py::none();
  py::dict d;
  d["rank"] = own_array(p->rank.to_vector());
  d["iterations"] = 0;
  d["delta"] = p->tolerance;  // the stated L1 bound to the exact ranks
  d["converged"] = true;
  return d;
}

template <class T>
py::object maintained_sssp(const GraphSnapshot<T>& s, Vertex source) {
  const auto v =
      s.template maintained_as<DistanceViewResult>(cli::view_name(cli::ViewKind::Sssp, source));
  if (!v) return py::none();
  py::dict d;
  d["source"] = source;
  d["distance"] = own_array(v->distance.to_vector());
  d["method"] = "maintained";
  d["max_distance"] = v->max_distance;
  d["delta"] = 0.0;
  d["rounds"] = 0;
  d["reached"] = v->reached;
  return d;
}

template <class T>
py::object maintained_bfs(const GraphSnapshot<T>& s, Vertex source) {
  const auto v =
      s.template maintained_as<DistanceViewResult>(cli::view_name(cli::ViewKind::Bfs, source));
  if (!v) return py::none();
  py::dict d = distance_dict(*v);
  d.attr("pop")("kind");
  d["parents"] = py::none();
  d["push_steps"] = 0;
  d["pull_steps"] = 0;
  return d;
}

#define SPGRAPH_PY_VIEWS(T)                                                                   \
  template std::string maintain_view<T>(DynamicGraph<T>&, const std::string&, long long,      \
                                        std::size_t, const std::string&, const std::string&); \
  template py::object maintained_cc<T>(const GraphSnapshot<T>&);                              \
  template py::object maintained_pagerank<T>(const GraphSnapshot<T>&);                        \
  template py::object maintained_sssp<T>(const GraphSnapshot<T>&, Vertex);                    \
  template py::object maintained_bfs<T>(const GraphSnapshot<T>&, Vertex);
SPGRAPH_PY_VIEWS(bool)
SPGRAPH_PY_VIEWS(double)
#undef SPGRAPH_PY_VIEWS

}  // namespace spgraph::python
