// SPDX-License-Identifier: Apache-2.0
// Graphs built in memory with their vertex names (Graph.from_edges, from_pandas, from_networkx)
// and the symmetrization behind from_scipy(undirected=True). Names go through the id map of
// name_columns.hpp; arcs go through the COO build the edge list reader uses, with the same
// rules as spgraph.load: repeated arcs keep the first value (or are rejected), and
// undirected=True stores each edge in both directions (a self-loop once), an arc given both
// ways keeping its own value (loaders/symmetry.hpp's A + A'). The work runs without the GIL.
#include <algorithm>
#include <limits>
#include <optional>
#include <type_traits>

#include "engine/core/binary_ops.hpp"
#include "engine/core/error.hpp"
#include "loaders/symmetry.hpp"
#include "python/src/common.hpp"
#include "python/src/name_columns.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

template <class T>
struct TypeTag {
  using type = T;
};

/// Calls f(TypeTag<T>{}, pattern) for the value type named `dtype`.
template <class F>
Graph with_value_type(const std::string& dtype, F&& f) {
  if (dtype == "pattern") return f(TypeTag<bool>{}, true);
  if (dtype == "bool") return f(TypeTag<bool>{}, false);
  if (dtype == "int32") return f(TypeTag<std::int32_t>{}, false);
  if (dtype == "int64") return f(TypeTag<std::int64_t>{}, false);
  if (dtype == "float32") return f(TypeTag<float>{}, false);
  if (dtype == "float64") return f(TypeTag<double>{}, false);
  throw InvalidArgument("dtype must be pattern, bool, int32, int64, float32 or float64, got '" +
                        dtype + "'");
}

DuplicatePolicy duplicates_arg(const std::string& d) {
  if (d == "combine") return DuplicatePolicy::Combine;
  if (d == "reject") return DuplicatePolicy::Reject;
  throw InvalidArgument("duplicates must be combine or reject, got '" + d + "'");
}

/// The values of m arcs as T (NaN refused); empty for a pattern.
template <class T>
std::vector<stored_value_t<T>> arc_values(const py::object& weights, std::size_t m, bool pattern) {
  using S = stored_value_t<T>;
  std::vector<S> out;
  if (pattern) return out;
  auto a = py::array_t<S, py::array::c_style | py::array::forcecast>::ensure(weights);
  if (!a) throw py::error_already_set();
  if (std::size_t(a.size()) != m)
    throw InvalidArgument("weights has " + std::to_string(a.size()) + " values for " +
                          std::to_string(m) + " edges");
  out.assign(a.data(), a.data() + m);
  if constexpr (std::is_floating_point_v<S>)
    for (std::size_t k = 0; k < m; ++k)
      if (out[k] != out[k])
        throw InvalidArgument("weights: value " + std::to_string(k) + " is NaN");
  return out;
}

/// Arcs by dense id with their values.
template <class T>
struct Arcs {
  std::vector<Vertex> row, col;
  std::vector<stored_value_t<T>> val;
};

/// Each arc also as its reverse (self-loops once), after all the given arcs: the first copy
/// of a repeated arc is then the one given (as the edge list reader does).
template <class T>
void add_reverse_arcs(Arcs<T>& a) {
  const std::size_t m = a.row.size();
  a.row.reserve(2 * m);
  a.col.reserve(2 * m);
  if (!a.val.empty()) a.val.reserve(2 * m);
  for (std::size_t k = 0; k < m; ++k)
    if (a.row[k] != a.col[k]) {
      a.row.push_back(a.col[k]);
      a.col.push_back(a.row[k]);
      if (!a.val.empty()) a.val.push_back(a.val[k]);
    }
}

/// Throws InvalidArgument naming the first repeated arc (by the table's names).
[[noreturn]] void refuse_repeated(const std::vector<Vertex>& row, const std::vector<Vertex>& col,
                                  const VertexTable& table) {
  std::vector<std::uint64_t> keys(row.size());
  for (std::size_t k = 0; k < row.size(); ++k) keys[k] = std::uint64_t(row[k]) << 32 | col[k];
  std::sort(keys.begin(), keys.end());
  const auto it = std::adjacent_find(keys.begin(), keys.end());
  const std::string edge = it == keys.end() ? std::string("an edge")
                                            : "(" + table.describe(Vertex(*it >> 32)) + ", " +
                                                  table.describe(Vertex(*it & 0xffffffffu)) + ")";
  throw InvalidArgument("duplicates='reject': the edge " + edge + " is given twice");
}

/// The matrix of `arcs` over n vertices: repeated arcs keep the first value, or are refused.
template <class T>
Matrix<T> build_arcs(Arcs<T>&& arcs, bool pattern, Vertex n, DuplicatePolicy policy,
                     const VertexTable& table) {
  std::vector<Vertex> rows, cols;
  if (policy == DuplicatePolicy::Reject) rows = arcs.row, cols = arcs.col;
  const std::size_t given = arcs.row.size();
  Coo<T> coo{n, n, pattern, std::move(arcs.row), std::move(arcs.col), std::move(arcs.val)};
  Matrix<T> m = Matrix<T>::template from_coo<FirstOp<T>>(std::move(coo), DuplicatePolicy::Combine);
  if (policy == DuplicatePolicy::Reject && m.nvals() < given) refuse_repeated(rows, cols, table);
  return m;
}

/// The Graph of finished arcs and their names.
template <class T>
Graph named_graph(Arcs<T>&& arcs, bool pattern, VertexTable& table, bool undirected,
                  bool add_reverse, DuplicatePolicy policy) {
  if (add_reverse) add_reverse_arcs(arcs);
  const Vertex n = table.size();
  Matrix<T> m = build_arcs<T>(std::move(arcs), pattern, n, policy, table);
  if (undirected) m.mark_structure_symmetric();
  LoadInfo info;
  info.ids = table.finish();
  return Graph(AnyMatrix(std::move(m)), VertexNames::from_load(info), undirected);
}

std::optional<Vertex> count_arg(const py::object& n) {
  if (n.is_none()) return std::nullopt;
  const long long v = n.cast<long long>();
  if (v < 0 || v > static_cast<long long>(kMaxDimension))
    throw InvalidArgument("n must be in [0, " + std::to_string(kMaxDimension) + "], got " +
                          std::to_string(v));
  return Vertex(v);
}

/// Graph.from_edges: arcs src[k] -> dst[k] named by integers or strings.
Graph from_edges(const py::object& src, const py::object& dst, const py::object& weights,
                 const std::string& dtype, const py::object& ids, const py::object& n,
                 bool undirected, bool remap, const std::string& duplicates) {
  const NameColumn s = name_column(src, "src"), d = name_column(dst, "dst");
  if (s.size() != d.size())
    throw InvalidArgument("src has " + std::to_string(s.size()) + " entries, dst " +
                          std::to_string(d.size()));
  std::optional<NameColumn> fixed;
  if (!ids.is_none()) fixed = name_column(ids, "ids");
  const std::optional<Vertex> count = count_arg(n);
  if (fixed && count && *count != fixed->size())
    throw InvalidArgument("n is " + std::to_string(*count) + " but ids names " +
                          std::to_string(fixed->size()) + " vertices");
  const DuplicatePolicy policy = duplicates_arg(duplicates);
  return with_value_type(dtype, [&](auto tag, bool pattern) {
    using T = typename decltype(tag)::type;
    Arcs<T> arcs;
    arcs.val = arc_values<T>(weights, s.size(), pattern);
    KernelScope nogil(double(s.size()));
    VertexTable table = fixed ? VertexTable(*fixed) : VertexTable(s.strings, remap, count);
    arcs.row.resize(s.size());
    arcs.col.resize(s.size());
    for (std::size_t k = 0; k < s.size(); ++k) {
      arcs.row[k] = table(s, k, "src");
      arcs.col[k] = table(d, k, "dst");
    }
    return named_graph<T>(std::move(arcs), pattern, table, undirected, undirected, policy);
  });
}

/// Graph.from_networkx: vertex ids[i] has degrees[i] neighbours, listed row after row in
/// `neighbours` (names); `undirected` says that the lists already hold both directions.
Graph from_adjacency(const py::object& ids, const py::array& degrees, const py::object& neighbours,
                     const py::object& weights, const std::string& dtype, bool undirected) {
  const NameColumn names = name_column(ids, "ids"), nb = name_column(neighbours, "neighbours");
  auto deg = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(degrees);
  if (!deg) throw py::error_already_set();
  if (std::size_t(deg.size()) != names.size())
    throw InvalidArgument("degrees has " + std::to_string(deg.size()) + " entries for " +
                          std::to_string(names.size()) + " vertices");
  const std::int64_t* dp = deg.data();
  return with_value_type(dtype, [&](auto tag, bool pattern) {
    using T = typename decltype(tag)::type;
    Arcs<T> arcs;
    arcs.val = arc_values<T>(weights, nb.size(), pattern);
    KernelScope nogil(double(nb.size()));
    VertexTable table(names);
    arcs.row.reserve(nb.size());
    for (std::size_t v = 0; v < names.size(); ++v) {
      if (dp[v] < 0 || arcs.row.size() + std::uint64_t(dp[v]) > nb.size())
        throw InvalidArgument("degrees do not add up to the neighbour count");
      arcs.row.insert(arcs.row.end(), std::size_t(dp[v]), Vertex(v));
    }
    if (arcs.row.size() != nb.size())
      throw InvalidArgument("degrees do not add up to the neighbour count");
    arcs.col.resize(nb.size());
    for (std::size_t k = 0; k < nb.size(); ++k) arcs.col[k] = table(nb, k, "neighbour");
    return named_graph<T>(std::move(arcs), pattern, table, undirected, false,
                          DuplicatePolicy::Combine);
  });
}

/// A + A' (the entry of A kept where both hold one), as load(undirected=True) stores a file.
Graph symmetrized(const Graph& g) {
  KernelScope nogil(graph_work(g));
  AnyMatrix m = std::visit(
      [](const auto& x) -> AnyMatrix {
        auto s = symmetrize(x);
        s.mark_structure_symmetric();
        return AnyMatrix(std::move(s));
      },
      *g.matrix);
  return Graph(std::move(m), g.names, true, g.path);
}

}  // namespace

void register_graph_build(py::module_& m) {
  m.def("_from_edges", &from_edges, py::arg("src"), py::arg("dst"), py::arg("weights"),
        py::arg("dtype"), py::arg("ids") = py::none(), py::arg("n") = py::none(),
        py::arg("undirected") = false, py::arg("remap_ids") = false,
        py::arg("duplicates") = "combine");
  m.def("_from_adjacency", &from_adjacency, py::arg("ids"), py::arg("degrees"),
        py::arg("neighbours"), py::arg("weights"), py::arg("dtype"), py::arg("undirected") = false);
  m.def("_symmetrized", &symmetrized, py::arg("graph"));
}

}  // namespace spgraph::python
