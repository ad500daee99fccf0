// SPDX-License-Identifier: Apache-2.0
// Communities and cores for Python, with the CLI's names and options (docs/cli.md): cdlp and
// lcc (LDBC Graphalytics' definitions, spec v1.0 §2.3.4-5), kcore and ktruss
// (algorithms/cores/), and communities (Louvain, Leiden: algorithms/communities/). Each releases
// the GIL while the kernel runs and returns a dict of numpy arrays (owning the C++ vectors) and
// scalars, which spgraph/__init__.py wraps.
#include <cmath>

#include "algorithms/communities/communities.hpp"
#include "algorithms/cores/cores.hpp"
#include "algorithms/triangles/local_clustering.hpp"
#include "engine/core/error.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/common/stats.hpp"

namespace spgraph::python {

namespace {

py::dict cdlp_py(const Graph& g, int iterations) {
  if (iterations < 0) throw InvalidArgument("iterations must be >= 0");
  CdlpOptions o;
  o.iterations = iterations;
  o.undirected = g.undirected;
  const Matrix<bool>& a = g.pattern();
  CdlpResult r;
  {
    KernelScope nogil(graph_work(g));
    r = cdlp(a, o);
  }
  py::dict d;
  d["largest"] = cli::largest_component(r.label);
  d["labels"] = own_array(std::move(r.label));
  d["communities"] = r.communities;
  d["iterations"] = r.iterations;
  d["stable"] = r.stable;
  return d;
}

py::dict lcc_py(const Graph& g) {
  const Matrix<bool>& a = g.pattern();
  std::vector<double> c;
  {
    KernelScope nogil(wedge_work(g));
    c = local_clustering(a, g.undirected);
  }
  py::dict d;
  d["mean"] = tools::mean(c);
  d["lcc"] = own_array(std::move(c));
  return d;
}

py::dict kcore_py(const Graph& g) {
  CoreOptions o;
  o.undirected = g.undirected;
  const Matrix<bool>& a = g.pattern();
  KcoreResult r;
  {
    KernelScope nogil(graph_work(g));
    r = kcore(a, o);
  }
  py::dict d;
  d["core"] = own_array(std::move(r.core));
  d["max_core"] = r.max_core;
  d["levels"] = r.levels;
  d["self_loops"] = r.self_loops;
  return d;
}

/// Truss numbers with each edge as (src, dst), src < dst, in the order ktruss() numbers them.
py::dict ktruss_py(const Graph& g) {
  CoreOptions o;
  o.undirected = g.undirected;
  const Matrix<bool>& a = g.pattern();
  KtrussResult r;
  std::vector<Vertex> src, dst;
  {
    KernelScope nogil(wedge_work(g));
    r = ktruss(a, o);
    const Csr<bool>& e = r.edges.csr();
    src.resize(e.col.size());
    dst.assign(e.col.begin(), e.col.end());
    for (Vertex u = 0; u < e.nrows; ++u)
      std::fill(src.begin() + std::ptrdiff_t(e.row_ptr[u]),
                src.begin() + std::ptrdiff_t(e.row_ptr[u + 1]), u);
  }
  py::dict d;
  d["src"] = own_array(std::move(src));
  d["dst"] = own_array(std::move(dst));
  d["truss"] = own_array(std::move(r.truss));
  d["max_truss"] = r.max_truss;
  d["triangles"] = r.triangles;
  d["self_loops"] = r.self_loops;
  return d;
}

CommunityOptions community_options(const Graph& g, const std::string& objective, double resolution,
                                   std::uint64_t seed, int iterations, double randomness,
                                   int max_levels) {
  CommunityOptions o;
  if (objective == "modularity")
    o.objective = CommunityObjective::Modularity;
  else if (objective == "cpm")
    o.objective = CommunityObjective::Cpm;
  else
    throw InvalidArgument("objective must be modularity or cpm, got '" + objective + "'");
  if (!(resolution >= 0) || !std::isfinite(resolution))
    throw InvalidArgument("resolution must be finite and >= 0");
  if (iterations < -1 || iterations == 0) throw InvalidArgument("iterations must be >= 1 or -1");
  if (!(randomness > 0) || !std::isfinite(randomness))
    throw InvalidArgument("randomness must be finite and > 0");
  if (max_levels < 0) throw InvalidArgument("max_levels must be >= 0");
  o.resolution = resolution;
  o.seed = seed;
  o.iterations = iterations;
  o.randomness = randomness;
  o.max_levels = max_levels;
  o.undirected = g.undirected;
  return o;
}

/// Louvain or Leiden (or CDLP's partition, scored as theirs) on the graph: its weights unless
/// `weighted` is false (or the graph is a pattern).
py::dict communities_py(const Graph& g, const std::string& method, const std::string& objective,
                        double resolution, std::uint64_t seed, int iterations, double randomness,
                        int max_levels, bool weighted) {
  if (method != "louvain" && method != "leiden" && method != "cdlp")
    throw InvalidArgument("method must be louvain, leiden or cdlp, got '" + method + "'");
  const CommunityOptions o = community_options(
      g, objective, resolution, seed, method == "cdlp" ? 1 : iterations, randomness, max_levels);
  const bool use_weights = weighted;  // a pattern reads 1: the same as unit weights
  CommunityResult r;
  {
    KernelScope nogil(graph_work(g));
    auto run = [&](const auto& a) {
      if (method == "leiden") return leiden(a, o);
      if (method == "louvain") return louvain(a, o);
      CdlpOptions c;
      c.iterations = iterations < 0 ? 10 : iterations;
      c.undirected = g.undirected;
      return score_partition(a, cdlp(a, c).label, o);
    };
    r = use_weights ? run(g.weights()) : run(g.pattern());
  }
  py::dict d;
  d["membership"] = own_array(std::move(r.membership));
  d["communities"] = r.communities;
  d["quality"] = r.quality;
  d["modularity"] = r.modularity;
  d["levels"] = r.levels;
  d["iterations"] = r.iterations;
  d["largest"] = r.largest;
  d["method"] = method;
  d["objective"] = objective;
  return d;
}

/// Modularity (or CPM quality) of any partition of the graph.
double modularity_py(const Graph& g, const std::vector<Vertex>& membership, double resolution,
                     const std::string& objective, bool weighted) {
  if (membership.size() != g.nrows())
    throw DimensionMismatch("membership has " + std::to_string(membership.size()) +
                            " entries for " + std::to_string(g.nrows()) + " vertices");
  const bool use_weights = weighted;  // a pattern reads 1: the same as unit weights
  KernelScope nogil(graph_work(g));
  auto score = [&](const auto& a) {
    if (objective == "cpm") return cpm_quality(a, membership, resolution);
    if (objective != "modularity")
      throw InvalidArgument("objective must be modularity or cpm, got '" + objective + "'");
    return modularity(a, membership, resolution);
  };
  return use_weights ? score(g.weights()) : score(g.pattern());
}

}  // namespace

void register_communities(py::module_& m) {
  m.def("_cdlp", &cdlp_py, py::arg("g"), py::arg("iterations") = 10);
  m.def("_lcc", &lcc_py, py::arg("g"));
  m.def("_kcore", &kcore_py, py::arg("g"));
  m.def("_ktruss", &ktruss_py, py::arg("g"));
  m.def("_communities", &communities_py, py::arg("g"), py::arg("method") = "louvain",
        py::arg("objective") = "modularity", py::arg("resolution") = 1.0, py::arg("seed") = 0,
        py::arg("iterations") = 2, py::arg("randomness") = 0.01, py::arg("max_levels") = 0,
        py::arg("weighted") = true);
  m.def("_modularity", &modularity_py, py::arg("g"), py::arg("membership"),
        py::arg("resolution") = 1.0, py::arg("objective") = "modularity",
        py::arg("weighted") = true);
}

}  // namespace spgraph::python
