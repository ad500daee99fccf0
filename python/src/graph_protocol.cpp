// SPDX-License-Identifier: Apache-2.0
// The read side of the Graph protocol (python/spgraph/_graph_object.py): a vertex's
// out-neighbours (a view of the CSR column array), edge tests by binary search in a sorted row,
// out-degrees, the row of every stored arc, and the file's ids of an array of positions. Vertex
// arguments go through vertex_arg (the file's ids, as every binding takes them).
#include <algorithm>
#include <limits>

#include "engine/core/error.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

/// The CSR structure of a Graph of any value type.
struct Structure {
  const Offset* row_ptr;
  const Vertex* col;
};

Structure structure_of(const Graph& g) {
  return std::visit(
      [](const auto& m) {
        const auto& c = m.csr();
        return Structure{c.row_ptr.data(), c.col.data()};
      },
      *g.matrix);
}

/// The positions of v's out-neighbours: a read-only uint32 view (no copy) of the matrix.
py::array neighbor_positions(const Graph& g, py::handle v) {
  const Vertex u = vertex_arg(g, v, "vertex");
  const Structure s = structure_of(g);
  const Offset begin = s.row_ptr[u], end = s.row_ptr[u + 1];
  return view_array(s.col + begin, std::size_t(end - begin), py::dtype::of<std::uint32_t>(),
                    g.matrix);
}

bool has_edge(const Graph& g, py::handle u, py::handle v) {
  const Vertex a = vertex_arg(g, u, "u"), b = vertex_arg(g, v, "v");
  if (b >= g.ncols()) return false;
  const Structure s = structure_of(g);
  return std::binary_search(s.col + s.row_ptr[a], s.col + s.row_ptr[a + 1], b);
}

/// Out-degree of one vertex (an int), of a list / array of them, or of every vertex (None).
py::object degree(const Graph& g, const py::object& v) {
  const Structure s = structure_of(g);
  auto of = [&](Vertex u) { return std::int64_t(s.row_ptr[u + 1] - s.row_ptr[u]); };
  if (!v.is_none() && is_scalar_arg(v)) return py::int_(of(vertex_arg(g, v, "vertex")));
  std::vector<std::int64_t> out;
  if (v.is_none()) {
    out.resize(g.nrows());
    for (Vertex u = 0; u < g.nrows(); ++u) out[u] = of(u);
  } else {
    for (Vertex u : vertices_arg(g, v, "vertex")) out.push_back(of(u));
  }
  return own_array(std::move(out));
}

/// The row (source position) of every stored arc, in CSR order.
py::array arc_rows(const Graph& g) {
  const Structure s = structure_of(g);
  std::vector<std::uint32_t> rows(std::size_t(g.nvals()));
  {
    KernelScope nogil(graph_work(g));
    for (Vertex u = 0; u < g.nrows(); ++u)
      std::fill(rows.begin() + std::ptrdiff_t(s.row_ptr[u]),
                rows.begin() + std::ptrdiff_t(s.row_ptr[u + 1]), u);
  }
  return own_array(std::move(rows));
}

/// A numpy object array of n None.
py::array object_array(std::size_t n) {
  return py::module_::import("numpy").attr("empty")(n, py::arg("dtype") = "object");
}

/// The file's ids of `positions` (any integer array; negative: "none"): int64 (uint64 when an
/// integer id passes 2^63 - 1) with -1 for none, or an object array of str with None for none.
py::array ids_at(const Graph& g, const py::array& positions) {
  auto p = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(positions);
  if (!p) throw py::error_already_set();
  const std::int64_t* pos = p.data();
  const std::size_t n = std::size_t(p.size());
  const std::int64_t limit = std::max(g.nrows(), g.ncols());
  for (std::size_t k = 0; k < n; ++k)
    if (pos[k] >= limit)
      throw IndexOutOfBounds("position " + std::to_string(pos[k]) + " is outside the graph (0.." +
                             std::to_string(limit - 1) + ")");
  const auto& ids = g.names.ids();
  if (g.names.remapped() && ids->kind() == VertexIds::Kind::String) {
    py::array out = object_array(n);
    auto** slot = static_cast<PyObject**>(out.mutable_data());
    for (std::size_t k = 0; k < n; ++k) {
      if (pos[k] < 0) continue;
      const std::string_view t = ids->token(Vertex(pos[k]));
      PyObject* s = PyUnicode_DecodeUTF8(t.data(), Py_ssize_t(t.size()), nullptr);
      if (!s) throw py::error_already_set();
      Py_DECREF(slot[k]);
      slot[k] = s;
    }
    return out;
  }
  std::vector<std::uint64_t> value(n);
  bool wide = false;
  const std::int64_t base = g.names.base();
  for (std::size_t k = 0; k < n; ++k) {
    if (pos[k] < 0) {
      value[k] = std::uint64_t(-1);
      continue;
    }
    value[k] = g.names.remapped() ? ids->integer_id(Vertex(pos[k])) : std::uint64_t(pos[k] + base);
    wide |= value[k] > std::uint64_t(std::numeric_limits<std::int64_t>::max());
  }
  if (!wide) {
    std::vector<std::int64_t> narrow(value.begin(), value.end());
    return own_array(std::move(narrow));
  }
  for (std::size_t k = 0; k < n; ++k)
    if (pos[k] < 0)
      throw InvalidArgument("ids_at: 'none' (-1) cannot be shown among ids of 2^63 and more");
  return own_array(std::move(value));
}

}  // namespace

void register_graph_protocol(py::module_& m) {
  m.def("_graph_neighbor_positions", &neighbor_positions, py::arg("graph"), py::arg("v"));
  m.def("_graph_has_edge", &has_edge, py::arg("graph"), py::arg("u"), py::arg("v"));
  m.def("_graph_degree", &degree, py::arg("graph"), py::arg("v") = py::none());
  m.def("_graph_arc_rows", &arc_rows, py::arg("graph"));
  m.def("_graph_ids_at", &ids_at, py::arg("graph"), py::arg("positions"));
}

}  // namespace spgraph::python
