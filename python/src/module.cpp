// SPDX-License-Identifier: Apache-2.0
// The `_spgraph` extension module: registers every binding (python/src/*.cpp). The public
// package spgraph (python/spgraph/__init__.py) wraps it with Python-side conveniences.
// SPGRAPH_VERSION is the project's version, defined by python/CMakeLists.txt.
#include "python/src/common.hpp"

PYBIND11_MODULE(_spgraph, m) {
  m.doc() = "spgraph: graph algorithms on sparse linear algebra (C++ core)";
  using namespace spgraph::python;
  register_errors(m);
  register_graph(m);
  register_algorithms(m);
  register_closure(m);
  register_knn(m);
  register_mxm(m);
  register_mxv(m);
  register_dynamic(m);
  register_communities(m);
  register_graph_build(m);
  register_graph_protocol(m);
  register_graph_serialize(m);
  register_scc(m);
  register_paths(m);
  register_threads(m);
  m.attr("__version__") = SPGRAPH_VERSION;  // the project's version in CMakeLists.txt
}
