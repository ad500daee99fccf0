// SPDX-License-Identifier: Apache-2.0
// A Graph as bytes and files, and Graph equality: pickling goes through the spgraph binary
// format (loaders/binary_format.hpp: the arrays, the index base and the id map, checked by a
// CRC on the way back), save() through save_matrix (loaders/load.hpp: atomic writes through
// loaders/output_file.hpp, names kept by the formats that hold them), and == compares shape,
// value type, structure, values and the vertex ids.
#include <algorithm>

#include "engine/core/error.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/load.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

const VertexIds* remapped_ids(const Graph& g) {
  return g.names.remapped() ? g.names.ids().get() : nullptr;
}

/// The binary format's bytes of g (no symmetric flag: the caller keeps `undirected` itself, so
/// reading them back needs no symmetry check).
py::bytes to_bytes(const Graph& g) {
  std::string bytes;
  {
    KernelScope nogil(graph_work(g));
    bytes =
        encode_binary(*g.matrix, false, g.names.remapped() ? 0 : g.names.base(), remapped_ids(g));
  }
  return py::bytes(bytes);
}

/// The Graph of to_bytes's output (the checksum and the CSR invariants checked).
Graph from_bytes(const py::bytes& data, bool undirected, const std::string& path) {
  char* p = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(data.ptr(), &p, &size) != 0) throw py::error_already_set();
  LoadedMatrix loaded;
  {
    KernelScope nogil(kUnsizedWork);
    loaded = read_binary("pickled spgraph.Graph", std::string_view(p, std::size_t(size)), {});
  }
  if (!loaded.info.ids) {
    const Vertex n = std::max(nrows_of(loaded.matrix), ncols_of(loaded.matrix));
    loaded.info.ids =
        std::make_shared<const VertexIds>(VertexIds::offset(loaded.info.index_base, n));
  }
  VertexNames names = VertexNames::from_load(loaded.info);
  return Graph(std::move(loaded.matrix), std::move(names), undirected, path);
}

FileFormat save_format_arg(const std::string& f) {
  if (f == "binary") return FileFormat::Binary;
  if (f == "auto") return FileFormat::Auto;
  if (f == "mtx") return FileFormat::MatrixMarket;
  if (f == "edgelist") return FileFormat::EdgeList;
  if (f == "metis") return FileFormat::Metis;
  throw InvalidArgument("format must be binary, auto, mtx, edgelist or metis, got '" + f + "'");
}

/// Writes g to `path` (atomically); a format that cannot hold the vertex names is refused.
void save(const Graph& g, const std::string& path, const std::string& format) {
  SaveOptions o;
  o.format = save_format_arg(format);
  const FileFormat f = o.format == FileFormat::Auto ? output_format_for(path) : o.format;
  if (g.names.remapped()) {
    if (f == FileFormat::MatrixMarket || f == FileFormat::Metis)
      throw InvalidArgument(path + ": a " + format_name(f) +
                            " file cannot hold the graph's vertex names; save it as binary or "
                            "as an edge list");
    o.ids = g.names.ids();
  }
  o.base = g.names.remapped() ? 0 : g.names.base();
  o.symmetric = g.undirected;
  KernelScope nogil(graph_work(g));
  save_matrix(path, *g.matrix, o);
}

/// The integer id of dense vertex v (an Offset or Integer map).
std::uint64_t integer_name(const VertexNames& names, Vertex v) {
  return names.remapped() ? names.ids()->integer_id(v) : std::uint64_t(v) + names.base();
}

bool is_string_kind(const VertexNames& names) {
  return names.remapped() && names.ids()->kind() == VertexIds::Kind::String;
}

/// The same id for each of the n vertices (string ids never equal integer ones).
bool same_names(const VertexNames& a, const VertexNames& b, Vertex n) {
  if (!a.remapped() && !b.remapped()) return a.base() == b.base() || n == 0;
  if (is_string_kind(a) != is_string_kind(b)) return false;
  for (Vertex v = 0; v < n; ++v)
    if (is_string_kind(a) ? a.ids()->token(v) != b.ids()->token(v)
                          : integer_name(a, v) != integer_name(b, v))
      return false;
  return true;
}

template <class T>
bool same_arrays(const Csr<T>& a, const Csr<T>& b) {
  return a.row_ptr == b.row_ptr && a.col == b.col && a.val == b.val;
}

bool equal(const Graph& a, const Graph& b) {
  if (a.nrows() != b.nrows() || a.ncols() != b.ncols() || a.nvals() != b.nvals() ||
      value_type_of(*a.matrix) != value_type_of(*b.matrix))
    return false;
  KernelScope nogil(graph_work(a));
  const bool arrays = std::visit(
      [&](const auto& x) {
        using M = std::decay_t<decltype(x)>;
        return same_arrays(x.csr(), std::get<M>(*b.matrix).csr());
      },
      *a.matrix);
  return arrays && same_names(a.names, b.names, std::max(a.nrows(), a.ncols()));
}

}  // namespace

void register_graph_serialize(py::module_& m) {
  m.def("_graph_to_bytes", &to_bytes, py::arg("graph"));
  m.def("_graph_from_bytes", &from_bytes, py::arg("data"), py::arg("undirected"),
        py::arg("path") = "");
  m.def("_graph_save", &save, py::arg("graph"), py::arg("path"), py::arg("format") = "binary");
  m.def("_graph_equal", &equal, py::arg("a"), py::arg("b"));
}

}  // namespace spgraph::python
