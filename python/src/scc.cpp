// SPDX-License-Identifier: Apache-2.0
// Strongly connected components for Python (the CLI's `scc`): Tarjan's components
// (algorithms/closure/strongly_connected_components.hpp) as one label per vertex, the position of
// the component's smallest-position vertex, with the count and the largest size; spgraph.scc()
// wraps the dict, giving the labels as the file's ids.
#include "algorithms/closure/strongly_connected_components.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

py::dict scc_py(const Graph& g) {
  const Matrix<bool>& a = g.pattern();
  if (a.nrows() != a.ncols())
    throw DimensionMismatch("scc: the matrix must be square, got " + std::to_string(a.nrows()) +
                            " x " + std::to_string(a.ncols()));
  SccLabels r;
  {
    KernelScope nogil(graph_work(g));
    r = scc_labels(adjacency_of(a.csr()));
  }
  py::dict d;
  d["labels"] = own_array(std::move(r.label));
  d["count"] = r.components;
  d["largest"] = r.largest;
  return d;
}

}  // namespace

void register_scc(py::module_& m) {
  m.def("_scc", &scc_py, py::arg("g"),
        "Strongly connected components: labels (uint32 positions of each component's "
        "smallest-position vertex), count, largest.");
}

}  // namespace spgraph::python
