// SPDX-License-Identifier: Apache-2.0
// Communities and cores for Python, with the CLI's names and options (docs/cli.md): cdlp and
// lcc (LDBC Graphalytics' definitions, spec v1.0 §2.3.4-5). Each releases the GIL while the
// kernel runs and returns a dict of numpy arrays (owning the C++ vectors) and scalars, which
// spgraph/__init__.py wraps.
#include "algorithms/communities/communities.hpp"
#include "algorithms/triangles/local_clustering.hpp"
#include "engine/core/error.hpp"
#include "python/src/common.hpp"

namespace spgraph::python {

namespace {

/// The size of the largest group of equal labels (labels are vertex ids or community ids < n).
Vertex largest_group(const std::vector<Vertex>& label) {
  std::vector<Vertex> size(label.size(), 0);
  Vertex largest = 0;
  for (Vertex l : label) largest = std::max(largest, ++size[l]);
  return largest;
}

py::dict cdlp_py(const Graph& g, int iterations) {
  if (iterations < 0) throw InvalidArgument("iterations must be >= 0");
  CdlpOptions o;
  o.iterations = iterations;
  o.undirected = g.undirected;
  const Matrix<bool>& a = g.pattern();
  CdlpResult r;
  {
    py::gil_scoped_release nogil;
    r = cdlp(a, o);
  }
  py::dict d;
  d["largest"] = largest_group(r.label);
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
    py::gil_scoped_release nogil;
    c = local_clustering(a, g.undirected);
  }
  double sum = 0;
  for (double x : c) sum += x;
  py::dict d;
  d["mean"] = c.empty() ? 0.0 : sum / double(c.size());
  d["lcc"] = own_array(std::move(c));
  return d;
}

}  // namespace

void register_communities(py::module_& m) {
  m.def("_cdlp", &cdlp_py, py::arg("g"), py::arg("iterations") = 10);
  m.def("_lcc", &lcc_py, py::arg("g"));
}

}  // namespace spgraph::python
