// SPDX-License-Identifier: Apache-2.0
// spgraph.Graph and spgraph.load: a sparse matrix of any value type with the file's vertex
// names, loaded by loaders/load.hpp or built from CSR arrays (scipy.sparse), and handed back to
// scipy as views of the engine's own arrays (no copy).
#include <pybind11/functional.h>

#include <limits>
#include <type_traits>
#include <variant>

#include "algorithms/closure/reachability.hpp"
#include "engine/core/error.hpp"
#include "loaders/load.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

// ---- Graph's derived views ---------------------------------------------------------------------

const Matrix<bool>& Graph::pattern() const {
  if (const auto* b = std::get_if<Matrix<bool>>(matrix.get()); b && b->is_pattern()) return *b;
  std::call_once(derived_->pattern_once,
                 [&] { derived_->pattern = std::make_unique<Matrix<bool>>(pattern_of(*matrix)); });
  return *derived_->pattern;
}

const Matrix<double>& Graph::weights() const {
  if (const auto* d = std::get_if<Matrix<double>>(matrix.get())) return *d;
  std::call_once(derived_->weights_once, [&] {
    derived_->weights = std::make_unique<Matrix<double>>(matrix_cast<double>(*matrix));
  });
  return *derived_->weights;
}

const ReachabilityIndex& Graph::reachability() const {
  std::call_once(derived_->reach_once,
                 [&] { derived_->reach = std::make_shared<ReachabilityIndex>(pattern()); });
  return *derived_->reach;
}

// ---- numpy helpers -----------------------------------------------------------------------------

py::array view_array(const void* data, std::size_t size, const py::dtype& dtype,
                     std::shared_ptr<const void> owner) {
  auto* keep = new std::shared_ptr<const void>(std::move(owner));
  py::capsule cap(keep, [](void* p) { delete static_cast<std::shared_ptr<const void>*>(p); });
  py::array a(dtype, {py::ssize_t(size)}, {py::ssize_t(dtype.itemsize())}, data, cap);
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

namespace {

/// Copies an integer numpy array into `out`, converting to Dst; values must lie in [0, limit].
template <class Dst>
void copy_indices(const py::array& src, std::vector<Dst>& out, std::uint64_t limit,
                  const char* what) {
  auto run = [&](auto tag) {
    using S = decltype(tag);
    auto a = py::array_t<S, py::array::c_style | py::array::forcecast>::ensure(src);
    if (!a) throw py::error_already_set();
    const S* p = a.data();
    const std::size_t n = std::size_t(a.size());
    out.resize(n);
    bool bad = false;
    {
      KernelScope nogil(static_cast<double>(n));
      for (std::size_t k = 0; k < n; ++k) {
        if constexpr (std::is_signed_v<S>) bad |= p[k] < 0;
        bad |= std::uint64_t(p[k]) > limit;
        out[k] = Dst(p[k]);
      }
    }
    if (bad)
      throw InvalidArgument(std::string(what) + ": a value is negative or too large (largest " +
                            std::to_string(limit) + ")");
  };
  const char kind = src.dtype().kind();
  const auto size = src.dtype().itemsize();
  if (kind == 'u' && size == 4)
    run(std::uint32_t{});
  else if (kind == 'u' && size == 8)
    run(std::uint64_t{});
  else if (kind == 'i' && size == 4)
    run(std::int32_t{});
  else if (kind == 'i' || kind == 'u')
    run(std::int64_t{});
  else
    throw InvalidArgument(std::string(what) + " must hold integers, got dtype " +
                          std::string(py::str(src.dtype())));
}

template <class T>
Graph graph_from_csr(Vertex nrows, Vertex ncols, const py::array& indptr, const py::array& indices,
                     const py::object& data, bool undirected) {
  Csr<T> c;
  c.nrows = nrows;
  c.ncols = ncols;
  c.pattern = data.is_none();
  copy_indices(indptr, c.row_ptr, std::numeric_limits<std::int64_t>::max(), "indptr");
  copy_indices(indices, c.col, std::uint64_t(ncols ? ncols - 1 : 0), "indices");
  if (!c.pattern) {
    using S = stored_value_t<T>;
    auto v = py::array_t<S, py::array::c_style | py::array::forcecast>::ensure(data);
    if (!v) throw py::error_already_set();
    c.val.assign(v.data(), v.data() + v.size());
  }
  if (c.row_ptr.size() != std::size_t(nrows) + 1)
    throw DimensionMismatch("indptr has " + std::to_string(c.row_ptr.size()) +
                            " entries; a matrix of " + std::to_string(nrows) + " rows needs " +
                            std::to_string(std::size_t(nrows) + 1));
  Matrix<T> m;
  {
    KernelScope nogil(graph_work(double(nrows), double(c.col.size())));
    m = Matrix<T>(std::move(c));  // checks the invariants (sorted unique columns, offsets)
  }
  return Graph(AnyMatrix(std::move(m)), VertexNames::offset(0), undirected);
}

Vertex dimension_arg(long long v, const char* what) {
  if (v < 0 || v > static_cast<long long>(kMaxDimension))
    throw InvalidArgument(std::string(what) + " must be in [0, " + std::to_string(kMaxDimension) +
                          "], got " + std::to_string(v));
  return Vertex(v);
}

/// Builds a Graph from CSR arrays (copied into the engine's arrays, converted as needed).
Graph from_csr(long long nrows, long long ncols, const py::array& indptr, const py::array& indices,
               const py::object& data, const std::string& dtype, bool undirected) {
  const Vertex r = dimension_arg(nrows, "nrows"), c = dimension_arg(ncols, "ncols");
  if (dtype == "pattern")
    return graph_from_csr<bool>(r, c, indptr, indices, py::none(), undirected);
  if (dtype == "bool") return graph_from_csr<bool>(r, c, indptr, indices, data, undirected);
  if (dtype == "int32")
    return graph_from_csr<std::int32_t>(r, c, indptr, indices, data, undirected);
  if (dtype == "int64")
    return graph_from_csr<std::int64_t>(r, c, indptr, indices, data, undirected);
  if (dtype == "float32") return graph_from_csr<float>(r, c, indptr, indices, data, undirected);
  if (dtype == "float64") return graph_from_csr<double>(r, c, indptr, indices, data, undirected);
  throw InvalidArgument("dtype must be pattern, bool, int32, int64, float32 or float64, got '" +
                        dtype + "'");
}

/// (indptr, indices, data or None): read-only views of the engine's arrays. indptr is int64
/// (the offsets are < 2^63), indices int32 when the columns fit (else uint32), data in the
/// matrix's own type (bool for bool); None for a pattern.
py::tuple csr_views(const Graph& g) {
  std::shared_ptr<const void> owner = g.matrix;
  return std::visit(
      [&](const auto& m) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        const auto& c = m.csr();
        py::array indptr =
            view_array(c.row_ptr.data(), c.row_ptr.size(), py::dtype::of<std::int64_t>(), owner);
        const bool narrow = c.ncols <= Vertex(std::numeric_limits<std::int32_t>::max());
        py::array indices = view_array(
            c.col.data(), c.col.size(),
            narrow ? py::dtype::of<std::int32_t>() : py::dtype::of<std::uint32_t>(), owner);
        py::object data = py::none();
        if (!m.is_pattern())
          data = view_array(c.val.data(), c.val.size(), py::dtype::of<T>(), owner);
        return py::make_tuple(indptr, indices, data);
      },
      *g.matrix);
}

std::string dtype_name(const Graph& g) {
  return std::string(value_type_name(value_type_of(*g.matrix)));
}

FileFormat format_arg(const std::string& f) {
  if (f == "auto") return FileFormat::Auto;
  if (f == "mtx") return FileFormat::MatrixMarket;
  if (f == "edgelist") return FileFormat::EdgeList;
  if (f == "metis") return FileFormat::Metis;
  if (f == "binary") return FileFormat::Binary;
  throw InvalidArgument("format must be auto, mtx, edgelist, metis or binary, got '" + f + "'");
}

/// A column given by name or 1-based number.
std::string column_arg(const py::object& c) {
  if (c.is_none()) return {};
  if (py::isinstance<py::str>(c)) return c.cast<std::string>();
  return std::to_string(c.cast<long long>());
}

std::vector<std::string> edge_types_arg(const py::object& edge_types);
char delimiter_arg(const py::object& delimiter);

/// Sets the header/column/type/delimiter options (loaders/load_options.hpp).
void set_loader_options(LoadOptions& o, int header, std::string src, std::string dst,
                        std::string weight, std::string type_column,
                        std::vector<std::string> edge_types, char delimiter) {
  o.header = header;
  o.src_column = std::move(src);
  o.dst_column = std::move(dst);
  o.weight_column = std::move(weight);
  o.type_column = std::move(type_column);
  o.edge_types = std::move(edge_types);
  o.delimiter = delimiter;
}

Graph load(const std::string& path, const std::string& format, const py::object& base,
           bool remap_ids, bool undirected, bool pattern, const std::string& duplicates,
           int threads, const py::object& header, const py::object& src, const py::object& dst,
           const py::object& weight, const py::object& edge_types, const py::object& type_column,
           const py::object& delimiter, std::uint64_t memory_limit) {
  LoadOptions o;
  o.format = format_arg(format);
  if (!base.is_none()) {
    const int b = base.cast<int>();
    if (b != 0 && b != 1) throw InvalidArgument("base must be 0 or 1, got " + std::to_string(b));
    o.index_base = b;
  }
  o.remap_ids = remap_ids;
  o.undirected = undirected;
  o.pattern_only = pattern;
  if (duplicates == "combine")
    o.duplicates = DuplicatePolicy::Combine;
  else if (duplicates == "reject")
    o.duplicates = DuplicatePolicy::Reject;
  else
    throw InvalidArgument("duplicates must be combine or reject, got '" + duplicates + "'");
  o.threads = threads;
  o.memory_limit = memory_limit;
  set_loader_options(o,
                     header.is_none()      ? -1
                     : header.cast<bool>() ? 1
                                           : 0,
                     column_arg(src), column_arg(dst), column_arg(weight), column_arg(type_column),
                     edge_types_arg(edge_types), delimiter_arg(delimiter));
  LoadedMatrix loaded;
  {
    KernelScope nogil(kUnsizedWork);
    loaded = load_matrix(path, o);
  }
  const bool und = undirected || loaded.info.symmetric_storage;
  VertexNames names = VertexNames::from_load(loaded.info);
  return Graph(std::move(loaded.matrix), std::move(names), und, path);
}

std::vector<std::string> edge_types_arg(const py::object& edge_types) {
  std::vector<std::string> out;
  if (!edge_types.is_none()) {
    if (py::isinstance<py::str>(edge_types)) {
      // "is_a,part_of" as on the command line
      const std::string s = edge_types.cast<std::string>();
      std::size_t at = 0;
      while (at <= s.size()) {
        const std::size_t comma = std::min(s.find(',', at), s.size());
        if (comma > at) out.push_back(s.substr(at, comma - at));
        at = comma + 1;
      }
    } else {
      for (py::handle t : edge_types) out.push_back(t.cast<std::string>());
    }
  }
  return out;
}

char delimiter_arg(const py::object& delimiter) {
  if (delimiter.is_none()) return 0;
  const std::string d = delimiter.cast<std::string>();
  if (d.size() != 1) throw InvalidArgument("delimiter must be one character");
  return d[0];
}

}  // namespace

// ---- vertex arguments --------------------------------------------------------------------------

Vertex vertex_arg(const Graph& g, py::handle v, const char* what) {
  return g.names.position(v, g.nrows(), what);
}

std::vector<Vertex> vertices_arg(const Graph& g, py::handle v, const char* what) {
  return g.names.positions(v, g.nrows(), what);
}

std::vector<Vertex> dense_ids(py::handle v, Vertex n, const char* what) {
  auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(v);
  if (!a) throw py::error_already_set();
  std::vector<Vertex> out(std::size_t(a.size()));
  const std::int64_t* p = a.data();
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (p[k] < 0 || p[k] >= std::int64_t(n))
      throw IndexOutOfBounds(std::string(what) + " " + std::to_string(p[k]) +
                             " is not a position of this graph " +
                             (n == 0 ? std::string("(it has no vertices)")
                                     : "(0.." + std::to_string(std::int64_t(n) - 1) + ")"));
    out[k] = Vertex(p[k]);
  }
  return out;
}

/// Graph.index: the position of one id (an int), or of a list / array of ids (int64 array).
py::object index_py(const Graph& g, py::handle ids) {
  std::vector<Vertex> pos = vertices_arg(g, ids, "vertex");
  if (is_scalar_arg(ids)) return py::int_(pos.at(0));
  std::vector<std::int64_t> out(pos.begin(), pos.end());
  return own_array(std::move(out));
}

// ---- registration ------------------------------------------------------------------------------

void register_graph(py::module_& m) {
  py::class_<Graph, std::shared_ptr<Graph>>(m, "Graph", R"doc(
A sparse graph (or matrix) held by the engine: immutable CSR arrays of one value type
(pattern, bool, int32, int64, float32, float64) plus the file's vertex names.

Build one with spgraph.load(path, ...) or spgraph.Graph.from_scipy(matrix). Vertex arguments
and vertex-valued results use the file's ids, as the CLI does: a 1-based Matrix Market file's
vertex 1 is position 0; remapped files use their names (ints or strings); a graph built in
memory is numbered from 0. Positions index per-vertex numpy arrays: .ids gives every id in
position order, .index(id) a position, .name(pos) / .names_of(positions) ids.)doc")
      .def_static("_from_csr", &from_csr, py::arg("nrows"), py::arg("ncols"), py::arg("indptr"),
                  py::arg("indices"), py::arg("data"), py::arg("dtype"),
                  py::arg("undirected") = false)
      .def("_csr_views", &csr_views)
      .def_property_readonly("n", &Graph::nrows, "Number of vertices (rows).")
      .def_property_readonly("nrows", &Graph::nrows)
      .def_property_readonly("ncols", &Graph::ncols)
      .def_property_readonly("nnz", &Graph::nvals, "Stored entries (arcs).")
      .def_property_readonly("shape",
                             [](const Graph& g) { return py::make_tuple(g.nrows(), g.ncols()); })
      .def_property_readonly("dtype", &dtype_name,
                             "Value type: pattern, bool, int32, int64, float32 or float64.")
      .def_property_readonly(
          "undirected", [](const Graph& g) { return g.undirected; },
          "True when the file stores an undirected graph (or undirected=True).")
      .def_property_readonly("remapped", [](const Graph& g) { return g.names.remapped(); })
      .def_property_readonly(
          "id_kind", [](const Graph& g) { return g.names.kind(); }, "offset, integer or string.")
      .def_property_readonly(
          "base", [](const Graph& g) { return g.names.base(); },
          "The file's first vertex id (1 for Matrix Market and METIS).")
      .def_property_readonly(
          "ids", [](const Graph& g) { return g.names.all(g.nrows()); },
          "Every vertex's id in the file, in position order: the original "
          "tokens when remapped (numpy uint64 array or list of str), else "
          "numpy arange(n) + base.")
      .def_property_readonly("path", [](const Graph& g) { return g.path; })
      .def(
          "name",
          [](const Graph& g, long long v) {
            if (v < 0 || v >= static_cast<long long>(g.nrows()))
              throw IndexOutOfBounds("position " + std::to_string(v) +
                                     " is outside the graph (positions 0.." +
                                     std::to_string(static_cast<long long>(g.nrows()) - 1) + ")");
            return g.names.name(Vertex(v));
          },
          py::arg("pos"), "The file's id of the vertex at position pos.")
      .def("index", &index_py, py::arg("id"),
           "The position of a vertex id (the file's id: an int, or a str for string ids); a "
           "list or array of ids gives an int64 array. IndexOutOfBounds names an id that is "
           "not in the graph and the valid range.")
      .def(
          "names_of",
          [](const Graph& g, py::handle positions) {
            return g.names.names_of(positions, g.nrows());
          },
          py::arg("positions"),
          "The file's ids of positions (an int or an integer array): numpy int64 with -1 "
          "where a position is negative (none), or for string ids an object array of str "
          "with None there.")
      .def(
          "degrees",
          [](const Graph& g) {
            const auto& rp = g.pattern().csr().row_ptr;
            std::vector<std::int64_t> d(rp.size() - 1);
            for (std::size_t i = 0; i + 1 < rp.size(); ++i) d[i] = std::int64_t(rp[i + 1] - rp[i]);
            return own_array(std::move(d));
          },
          "Out-degree (stored entries per row) of every vertex.")
      .def("memory_bytes", [](const Graph& g) {
        return std::visit([](const auto& x) { return x.memory_bytes(); }, *g.matrix);
      });

  m.def("_load", &load, py::arg("path"), py::arg("format") = "auto", py::arg("base") = py::none(),
        py::arg("remap_ids") = false, py::arg("undirected") = false, py::arg("pattern") = false,
        py::arg("duplicates") = "combine", py::arg("threads") = 0, py::arg("header") = py::none(),
        py::arg("src") = py::none(), py::arg("dst") = py::none(), py::arg("weight") = py::none(),
        py::arg("edge_types") = py::none(), py::arg("type_column") = py::none(),
        py::arg("delimiter") = py::none(), py::arg("memory_limit") = 0);
}

}  // namespace spgraph::python
