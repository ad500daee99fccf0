// SPDX-License-Identifier: Apache-2.0
// Communities and cores for Python, with the CLI's names and options (docs/cli.md): cdlp and
// lcc (LDBC Graphalytics' definitions, spec v1.0 §2.3.4-5), kcore and ktruss
// (algorithms/cores/). Each releases the GIL while the kernel runs and returns a dict of numpy
// arrays (owning the C++ vectors) and scalars, which spgraph/__init__.py wraps.
#include "algorithms/communities/communities.hpp"
#include "algorithms/cores/cores.hpp"
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

py::dict kcore_py(const Graph& g) {
  CoreOptions o;
  o.undirected = g.undirected;
  const Matrix<bool>& a = g.pattern();
  KcoreResult r;
  {
    py::gil_scoped_release nogil;
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
    py::gil_scoped_release nogil;
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

}  // namespace

void register_communities(py::module_& m) {
  m.def("_cdlp", &cdlp_py, py::arg("g"), py::arg("iterations") = 10);
  m.def("_lcc", &lcc_py, py::arg("g"));
  m.def("_kcore", &kcore_py, py::arg("g"));
  m.def("_ktruss", &ktruss_py, py::arg("g"));
}

}  // namespace spgraph::python
