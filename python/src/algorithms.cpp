// SPDX-License-Identifier: Apache-2.0
// Graph algorithms for Python, with the CLI's names and options (docs/cli.md): bfs, triangles
// (tc), pagerank, sssp, cc and betweenness (the CLI's bc). Each releases the GIL while the kernel
// runs and returns a dict of numpy arrays (owning the C++ vectors, no copy) and scalars, which
// spgraph/__init__.py wraps.
#include "algorithms/bfs/bfs.hpp"
#include "algorithms/centrality/centrality.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "algorithms/triangles/triangle_count.hpp"
#include "engine/core/error.hpp"
#include "python/src/algorithms_common.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

BfsOptions bfs_options(const std::string& method, bool levels, bool parents, bool undirected) {
  BfsOptions o;
  if (method == "auto")
    o.method = BfsMethod::Auto;
  else if (method == "push")
    o.method = BfsMethod::Push;
  else if (method == "pull")
    o.method = BfsMethod::Pull;
  else
    throw InvalidArgument("method must be auto, push or pull, got '" + method + "'");
  o.levels = levels;
  o.parents = parents;
  o.undirected = undirected;
  return o;
}

py::dict bfs_dict(BfsResult&& r) {
  py::dict d;
  d["source"] = r.source;
  d["levels"] =
      r.level.empty() ? py::object(py::none()) : py::object(own_array(signed_copy(r.level)));
  d["parents"] =
      r.parent.empty() ? py::object(py::none()) : py::object(own_array(signed_copy(r.parent)));
  d["reached"] = r.reached;
  d["depth"] = r.depth;
  d["push_steps"] = r.push_steps;
  d["pull_steps"] = r.pull_steps;
  return d;
}

PageRankOptions pagerank_options(double damping, double tolerance, int iterations,
                                 const std::string& variant, std::vector<Vertex> personalize,
                                 const std::string& spmv, bool undirected,
                                 const std::string& precision, const std::string& sweep) {
  PageRankOptions o;
  if (!(damping >= 0 && damping < 1)) throw InvalidArgument("damping must be in [0, 1)");
  if (!(tolerance >= 0)) throw InvalidArgument("tolerance must be >= 0");
  if (iterations < 1) throw InvalidArgument("iterations must be >= 1");
  o.damping = damping;
  o.tolerance = tolerance;
  o.max_iterations = iterations;
  if (variant == "gap")
    o.variant = PageRankVariant::Gap;
  else if (variant == "standard")
    o.variant = PageRankVariant::Standard;
  else
    throw InvalidArgument("variant must be gap or standard, got '" + variant + "'");
  o.personalize = std::move(personalize);
  o.spmv = spmv_format_arg(spmv);
  o.undirected = undirected;
  if (precision == "double")
    o.precision = PageRankPrecision::Double;
  else if (precision == "float")
    o.precision = PageRankPrecision::Float;
  else
    throw InvalidArgument("precision must be double or float, got '" + precision + "'");
  if (sweep == "jacobi")
    o.sweep = PageRankSweep::Jacobi;
  else if (sweep == "gauss-seidel")
    o.sweep = PageRankSweep::GaussSeidel;
  else
    throw InvalidArgument("sweep must be jacobi or gauss-seidel, got '" + sweep + "'");
  return o;
}

SpmvFormat spmv_format_arg(const std::string& s) {
  if (s == "auto") return SpmvFormat::Auto;
  if (s == "csr") return SpmvFormat::Csr;
  if (s == "csr5") return SpmvFormat::Csr5;
  throw InvalidArgument("spmv must be auto, csr or csr5, got '" + s + "'");
}

py::dict pagerank_dict(PageRankResult&& r) {
  py::dict d;
  d["rank"] = own_array(std::move(r.rank));
  d["iterations"] = r.iterations;
  d["delta"] = r.delta;
  d["converged"] = r.converged;
  return d;
}

SsspOptions sssp_options(const std::string& method, double delta) {
  SsspOptions o;
  if (method == "auto")
    o.method = SsspMethod::Auto;
  else if (method == "delta")
    o.method = SsspMethod::Delta;
  else if (method == "bellman-ford")
    o.method = SsspMethod::BellmanFord;
  else
    throw InvalidArgument("method must be auto, delta or bellman-ford, got '" + method + "'");
  if (!(delta >= 0)) throw InvalidArgument("delta must be >= 0");
  o.delta = delta;
  return o;
}

py::dict sssp_dict(SsspResult&& r) {
  py::dict d;
  d["source"] = r.source;
  d["distance"] = own_array(std::move(r.distance));
  d["method"] = r.method == SsspMethod::BellmanFord ? "bellman-ford" : "delta";
  d["delta"] = r.delta;
  d["rounds"] = r.rounds;
  d["reached"] = r.reached;
  return d;
}

CcOptions cc_options(const std::string& method, bool undirected) {
  CcOptions o;
  if (method == "auto")
    o.method = CcMethod::Auto;
  else if (method == "labelprop")
    o.method = CcMethod::LabelProp;
  else if (method == "fastsv")
    o.method = CcMethod::FastSV;
  else if (method == "afforest")
    o.method = CcMethod::Afforest;
  else
    throw InvalidArgument("method must be auto, labelprop, fastsv or afforest, got '" + method +
                          "'");
  o.undirected = undirected;
  return o;
}

py::dict cc_dict(CcResult&& r) {
  static const char* names[] = {"auto", "labelprop", "fastsv", "afforest"};
  py::dict d;
  d["labels"] = own_array(std::move(r.label));
  d["components"] = r.components;
  d["method"] = names[static_cast<int>(r.method)];
  d["rounds"] = r.rounds;
  return d;
}

namespace {

py::object bfs_py(const Graph& g, py::handle source, const std::string& method, bool levels,
                  bool parents) {
  const Matrix<bool>& a = g.pattern();
  const BfsOptions o = bfs_options(method, levels, parents, g.undirected);
  const bool many = !is_scalar_arg(source);
  std::vector<Vertex> sources = vertices_arg(g, source, "source");
  std::vector<BfsResult> results;
  {
    KernelScope nogil(graph_work(g));
    results = bfs_batch(a, std::span<const Vertex>(sources), o);
  }
  if (!many) return bfs_dict(std::move(results.at(0)));
  py::list out;
  for (auto& r : results) out.append(bfs_dict(std::move(r)));
  return out;
}

py::dict triangles_py(const Graph& g, bool per_vertex, const std::string& method) {
  TriangleOptions o;
  o.method = parse_triangle_method(method);
  o.per_vertex = per_vertex;
  o.undirected = g.undirected;
  const Matrix<bool>& a = g.pattern();
  TriangleResult r;
  {
    KernelScope nogil(wedge_work(g));
    r = triangle_count(a, o);
  }
  py::dict d;
  d["count"] = r.triangles;
  d["per_vertex"] = r.per_vertex.empty() && !per_vertex
                        ? py::object(py::none())
                        : py::object(own_array(std::move(r.per_vertex)));
  d["clustering"] = r.clustering.empty() && !per_vertex
                        ? py::object(py::none())
                        : py::object(own_array(std::move(r.clustering)));
  d["symmetrized"] = r.symmetrized;
  d["self_loops"] = r.self_loops;
  d["method"] = triangle_method_name(r.method);
  return d;
}

/// The teleport vertices and their weights from pagerank()'s `personalize`: a mapping {vertex:
/// weight}, a float numpy array of one weight per position (its nonzero entries), or vertices
/// (an id, a list, an integer array: equal weights, `weights` left empty).
void personalization_arg(const Graph& g, const py::object& personalize,
                         std::vector<Vertex>& vertices, std::vector<double>& weights) {
  if (personalize.is_none()) return;
  if (py::hasattr(personalize, "keys") && !py::isinstance<py::str>(personalize)) {
    const py::list keys(personalize.attr("keys")());
    vertices = vertices_arg(g, keys, "personalize vertex");
    for (py::handle k : keys) weights.push_back(personalize[k].cast<double>());
    if (weights.empty()) throw InvalidArgument("personalize: the mapping is empty");
    return;
  }
  if (py::isinstance<py::array>(personalize) && py::array(personalize).dtype().kind() == 'f') {
    const auto w = py::array_t<double, py::array::c_style | py::array::forcecast>(personalize);
    const Vertex n = g.pattern().nrows();
    if (w.ndim() != 1 || py::ssize_t(n) != w.size())
      throw InvalidArgument("personalize: an array of weights needs one per vertex (" +
                            std::to_string(n) + "), got shape of size " + std::to_string(w.size()));
    for (Vertex v = 0; v < n; ++v)
      if (w.data()[v] != 0) {  // NaN and negatives kept, for pagerank() to refuse
        vertices.push_back(v);
        weights.push_back(w.data()[v]);
      }
    if (vertices.empty()) throw InvalidArgument("personalize: the weights are all 0");
    return;
  }
  vertices = vertices_arg(g, personalize, "personalize vertex");
}

py::dict pagerank_py(const Graph& g, double damping, double tolerance, int iterations,
                     const std::string& variant, const py::object& personalize,
                     const std::string& spmv, const std::string& precision,
                     const std::string& sweep, bool weight) {
  std::vector<Vertex> teleport;
  std::vector<double> teleport_weights;
  personalization_arg(g, personalize, teleport, teleport_weights);
  PageRankOptions o = pagerank_options(damping, tolerance, iterations, variant, std::move(teleport),
                                       spmv, g.undirected, precision, sweep);
  o.personalize_weights = std::move(teleport_weights);
  o.weighted = weight;
  PageRankResult r;
  if (weight) {
    const Matrix<double>& a = g.weights();
    KernelScope nogil(graph_work(g));
    r = pagerank(a, o);
  } else {
    const Matrix<bool>& a = g.pattern();
    KernelScope nogil(graph_work(g));
    r = pagerank(a, o);
  }
  return pagerank_dict(std::move(r));
}

py::dict sssp_py(const Graph& g, py::handle source, const std::string& method, double delta) {
  const Vertex s = vertex_arg(g, source, "source");
  const SsspOptions o = sssp_options(method, delta);
  SsspResult r;
  {
    KernelScope nogil(graph_work(g));
    r = sssp(g.weights(), s, o);
  }
  return sssp_dict(std::move(r));
}

py::dict cc_py(const Graph& g, const std::string& method) {
  const CcOptions o = cc_options(method, g.undirected);
  const Matrix<bool>& a = g.pattern();
  CcResult r;
  {
    KernelScope nogil(graph_work(g));
    r = connected_components(a, o);
  }
  return cc_dict(std::move(r));
}

const char* scaling_name(BcScaling s) {
  return s == BcScaling::Networkx             ? "networkx"
         : s == BcScaling::NetworkxNormalized ? "networkx-normalized"
         : s == BcScaling::SampledNormalized  ? "sampled-normalized"
                                              : "raw";
}

/// betweenness(): `sources` (vertex ids or names) or `k` sampled with `seed`, else exact.
py::dict betweenness_py(const Graph& g, const py::object& sources, const py::object& k,
                        std::uint64_t seed, bool normalized, bool weighted,
                        const std::string& method) {
  if (!sources.is_none() && !k.is_none()) throw InvalidArgument("give sources or k, not both");
  BcOptions o;
  o.normalize = normalized;
  o.weighted = weighted;
  o.undirected = g.undirected;
  if (method == "per-source")
    o.method = BcMethod::PerSource;
  else if (method == "batched")
    o.method = BcMethod::Batched;
  else if (method != "auto")
    throw InvalidArgument("method must be auto, per-source or batched, got '" + method + "'");
  if (!sources.is_none()) o.sources = vertices_arg(g, sources, "source");
  const Matrix<bool>& a = g.pattern();
  if (!k.is_none()) {
    const long long count = k.cast<long long>();
    if (count < 1 || count > (long long)a.nrows())
      throw InvalidArgument("k must be from 1 to the number of vertices");
    o.sources = sample_sources(a, Vertex(count), seed);
  }
  BcResult r;
  if (weighted) {
    const Matrix<double>& w = g.weights();
    KernelScope nogil(graph_work(g, double(o.sources.empty() ? g.nrows() : o.sources.size())));
    r = betweenness(w, o);
  } else {
    KernelScope nogil(graph_work(g, double(o.sources.empty() ? g.nrows() : o.sources.size())));
    r = betweenness(a, o);
  }
  py::dict d;
  d["score"] = own_array(std::move(r.score));
  d["sources"] = own_array(std::move(r.sources));
  d["scaling"] = scaling_name(r.scaling);
  d["batched"] = r.batched;
  return d;
}

}  // namespace

void register_algorithms(py::module_& m) {
  m.def("_bfs", &bfs_py, py::arg("g"), py::arg("source"), py::arg("method") = "auto",
        py::arg("levels") = true, py::arg("parents") = false);
  m.def("_triangles", &triangles_py, py::arg("g"), py::arg("per_vertex") = false,
        py::arg("method") = "auto");
  m.def("_pagerank", &pagerank_py, py::arg("g"), py::arg("damping") = 0.85,
        py::arg("tolerance") = 1e-4, py::arg("iterations") = 100, py::arg("variant") = "gap",
        py::arg("personalize") = py::none(), py::arg("spmv") = "auto",
        py::arg("precision") = "double", py::arg("sweep") = "jacobi", py::arg("weight") = false);
  m.def("_sssp", &sssp_py, py::arg("g"), py::arg("source"), py::arg("method") = "auto",
        py::arg("delta") = 0.0);
  m.def("_cc", &cc_py, py::arg("g"), py::arg("method") = "auto");
  m.def("_betweenness", &betweenness_py, py::arg("g"), py::arg("sources") = py::none(),
        py::arg("k") = py::none(), py::arg("seed") = 1, py::arg("normalized") = false,
        py::arg("weighted") = false, py::arg("method") = "auto");
}

}  // namespace spgraph::python
