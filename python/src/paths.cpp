// SPDX-License-Identifier: Apache-2.0
// Paths for Python: the shortest-path tree of sssp() (SsspOptions::parents) and the walk from a
// tree of parents to one vertex (algorithms/sssp/parent_path.hpp), shared with the CLI's
// `bfs --path-to` and `sssp --path-to`. Positions in, positions out: spgraph/_paths.py names
// them with the file's ids.
#include <cstdint>

#include "algorithms/sssp/parent_path.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "engine/core/error.hpp"
#include "python/src/algorithms_common.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

/// sssp() with its shortest-path tree: the sssp dict plus "parents" (int64 positions,
/// parent[source] = source, -1 where unreachable).
py::dict sssp_paths_py(const Graph& g, py::handle source, const std::string& method, double delta) {
  const Vertex s = vertex_arg(g, source, "source");
  SsspOptions o = sssp_options(method, delta);
  o.parents = true;
  SsspResult r;
  {
    KernelScope nogil(graph_work(g));
    r = sssp(g.weights(), s, o);
  }
  std::vector<Vertex> parent = std::move(r.parent);
  py::dict d = sssp_dict(std::move(r));
  std::vector<std::int64_t> signed_parent(parent.size());
  for (std::size_t v = 0; v < parent.size(); ++v)
    signed_parent[v] = parent[v] == kNoVertex ? -1 : std::int64_t(parent[v]);
  d["parents"] = own_array(std::move(signed_parent));
  return d;
}

/// The positions on the tree path from the root to `target` (int64; empty when unreachable),
/// from parents as positions with -1 for "none".
py::array_t<std::int64_t> path_to_py(
    py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> parents,
    std::int64_t target) {
  if (parents.ndim() != 1) throw InvalidArgument("path_to: parents must be a 1-D array");
  const std::int64_t n = parents.shape(0);
  if (target < 0 || target >= n)
    throw IndexOutOfBounds("path_to: position " + std::to_string(target) +
                           " is not a vertex (n = " + std::to_string(n) + ")");
  std::vector<Vertex> parent(std::size_t(n), kNoVertex);
  const std::int64_t* p = parents.data();
  for (std::int64_t v = 0; v < n; ++v) {
    if (p[v] >= n)
      throw InvalidArgument("path_to: parent " + std::to_string(p[v]) + " of position " +
                            std::to_string(v) + " is not a vertex");
    if (p[v] >= 0) parent[std::size_t(v)] = Vertex(p[v]);
  }
  const std::vector<Vertex> path = parent_path(parent, Vertex(target));
  return own_array(std::vector<std::int64_t>(path.begin(), path.end()));
}

}  // namespace

void register_paths(py::module_& m) {
  m.def("_sssp_paths", &sssp_paths_py, py::arg("g"), py::arg("source"), py::arg("method") = "auto",
        py::arg("delta") = 0.0,
        "sssp() with parents: the vertex before each vertex on a shortest path (positions).");
  m.def("_path_to", &path_to_py, py::arg("parents"), py::arg("target"),
        "The positions on the path from the root of a tree of parents (positions, -1 = none) "
        "to `target`; empty when it has no parent.");
}

}  // namespace spgraph::python
