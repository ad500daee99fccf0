// SPDX-License-Identifier: Apache-2.0
// k-nearest neighbours for Python (algorithms/knn/knn.hpp), with the CLI's measures: the
// similarity measures (common, jaccard, cosine, overlap, adamic-adar, resource-allocation) over
// neighbourhoods, hops and weighted distance, and feature rows (dot, cosine). Results are CSR-like
// arrays: queries, ptr, ids and scores (numpy, owning the C++ vectors).
#include <limits>

#include "algorithms/knn/knn.hpp"
#include "engine/core/error.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

py::dict knn_dict(KnnResult&& r) {
  py::dict d;
  d["queries"] = own_array(std::move(r.queries));
  d["ptr"] = own_array(std::move(r.ptr));
  d["ids"] = own_array(std::move(r.ids));
  d["scores"] = own_array(std::move(r.scores));
  return d;
}

std::size_t k_arg(long long k) {
  if (k < 1) throw InvalidArgument("k must be a positive integer, got " + std::to_string(k));
  return std::size_t(k);
}

py::dict knn_py(const Graph& g, const py::object& vertices, long long k, const std::string& measure,
                const std::string& neighborhood, bool include_neighbors, bool include_self) {
  if (g.nrows() != g.ncols())
    throw InvalidArgument("knn: the graph must be square (use knn_features for items by row)");
  std::vector<Vertex> queries;
  const bool all = vertices.is_none();
  if (!all) queries = vertices_arg(g, vertices, "vertex");
  KnnResult r;
  if (measure == "hops" || measure == "distance") {
    if (all) throw InvalidArgument("knn: measure " + measure + " needs query vertices");
    if (include_neighbors)
      throw InvalidArgument("include_neighbors is for the similarity measures, not " + measure);
    if (neighborhood != "out")
      throw InvalidArgument("neighborhood is for the similarity measures, not " + measure);
    DistanceKnnOptions o;
    o.k = k_arg(k);
    o.kind = measure == "hops" ? DistanceKind::Hops : DistanceKind::Weighted;
    o.include_self = include_self;
    if (o.kind == DistanceKind::Hops) {
      const Matrix<bool>& a = g.pattern();
      KernelScope nogil(graph_work(g, double(queries.size())));
      r = distance_knn(a, std::span<const Vertex>(queries), o);
    } else {
      const Matrix<double>& a = g.weights();
      KernelScope nogil(graph_work(g, double(queries.size())));
      r = distance_knn(a, std::span<const Vertex>(queries), o);
    }
    return knn_dict(std::move(r));
  }
  SimilarityKnnOptions o;
  o.k = k_arg(k);
  if (measure == "common")
    o.measure = SimilarityMeasure::CommonNeighbors;
  else if (measure == "jaccard")
    o.measure = SimilarityMeasure::Jaccard;
  else if (measure == "cosine")
    o.measure = SimilarityMeasure::Cosine;
  else if (measure == "overlap")
    o.measure = SimilarityMeasure::Overlap;
  else if (measure == "adamic-adar")
    o.measure = SimilarityMeasure::AdamicAdar;
  else if (measure == "resource-allocation")
    o.measure = SimilarityMeasure::ResourceAllocation;
  else
    throw InvalidArgument(
        "measure must be common, jaccard, cosine, overlap, adamic-adar, "
        "resource-allocation, hops or distance, got '" +
        measure + "'");
  if (neighborhood == "out")
    o.neighborhood = Neighborhood::Out;
  else if (neighborhood == "in")
    o.neighborhood = Neighborhood::In;
  else if (neighborhood == "both")
    o.neighborhood = Neighborhood::Both;
  else
    throw InvalidArgument("neighborhood must be out, in or both, got '" + neighborhood + "'");
  o.include_neighbors = include_neighbors;
  o.include_self = include_self;
  o.undirected = g.undirected;
  const Matrix<bool>& a = g.pattern();
  {
    KernelScope nogil(wedge_work(g));
    r = all ? similarity_knn_all(a, o) : similarity_knn(a, std::span<const Vertex>(queries), o);
  }
  return knn_dict(std::move(r));
}

py::dict knn_features_py(const Graph& x, const std::shared_ptr<Graph>& q, const py::object& k,
                         const py::object& threshold, const std::string& measure,
                         bool include_self) {
  FeatureKnnOptions o;
  if (measure == "cosine")
    o.measure = FeatureMeasure::Cosine;
  else if (measure == "dot")
    o.measure = FeatureMeasure::Dot;
  else
    throw InvalidArgument("feature measure must be cosine or dot, got '" + measure + "'");
  if (!threshold.is_none()) o.threshold = threshold.cast<double>();
  o.k = k.is_none() ? (threshold.is_none() ? 10 : kAllNeighbors) : k_arg(k.cast<long long>());
  o.include_self = include_self;
  if (q && q->ncols() != x.ncols())
    throw DimensionMismatch("knn_features: X has " + std::to_string(x.ncols()) +
                            " columns but Q has " + std::to_string(q->ncols()));
  const Matrix<double>& xm = x.weights();
  const Matrix<double>* qm = q ? &q->weights() : nullptr;
  KnnResult r;
  {
    KernelScope nogil(wedge_work(x));
    r = feature_knn(xm, qm, o);
  }
  return knn_dict(std::move(r));
}

}  // namespace

void register_knn(py::module_& m) {
  m.def("_knn", &knn_py, py::arg("g"), py::arg("vertices"), py::arg("k") = 10,
        py::arg("measure") = "jaccard", py::arg("neighborhood") = "out",
        py::arg("include_neighbors") = false, py::arg("include_self") = false);
  m.def("_knn_features", &knn_features_py, py::arg("x"), py::arg("q") = nullptr,
        py::arg("k") = py::none(), py::arg("threshold") = py::none(), py::arg("measure") = "cosine",
        py::arg("include_self") = false);
}

}  // namespace spgraph::python
