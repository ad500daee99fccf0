// SPDX-License-Identifier: Apache-2.0
// Transitive closure and reachability for Python (algorithms/closure/): closure() returns the
// closure R+ (or R*) as a pattern Graph, or only its size; reachable() answers "is there a
// path u -> v?" from the condensed closure of a graph (built once per Graph and cached), from
// a closure's pair matrix, or from a ReachabilityIndex; arrays of pairs are answered at once.
#include "algorithms/closure/closure.hpp"
#include "engine/core/error.hpp"
#include "python/src/common.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

py::dict closure_py(const Graph& g, const std::string& method, bool reflexive, bool count,
                    double max_memory_gb) {
  ClosureOptions o;
  o.method = parse_closure_method(method);
  o.reflexive = reflexive;
  o.count_only = count;
  if (!(max_memory_gb >= 0)) throw InvalidArgument("max_memory must be >= 0 (GB)");
  o.memory_limit = std::uint64_t(max_memory_gb * 1e9);
  const Matrix<bool>& a = g.pattern();
  ClosureResult r;
  {
    KernelScope nogil(wedge_work(g));
    r = transitive_closure(a, o);
  }
  py::dict d;
  d["pairs"] = r.pairs;
  d["method"] = closure_method_name(r.method);
  d["iterations"] = r.iterations;
  d["components"] = r.components;
  d["largest_component"] = r.largest_component;
  d["estimated_pairs"] = r.estimated_pairs;
  if (count)
    d["matrix"] = py::none();
  else
    d["matrix"] = std::make_shared<Graph>(AnyMatrix(std::move(r.closure)), g.names, false, g.path);
  return d;
}

/// Answers reachability for pairs (u, v) given as scalars or equal-length arrays.
template <class Ask>
py::object answer_pairs(const Graph& g, py::handle u, py::handle v, Ask&& ask) {
  const std::vector<Vertex> us = vertices_arg(g, u, "u");
  const std::vector<Vertex> vs = vertices_arg(g, v, "v");
  if (us.size() != vs.size())
    throw DimensionMismatch("reachable: " + std::to_string(us.size()) + " sources but " +
                            std::to_string(vs.size()) + " targets");
  const bool scalar = is_scalar_arg(u) && is_scalar_arg(v);
  std::vector<std::uint8_t> out(us.size());
  {
    KernelScope nogil(double(us.size()));
    for (std::size_t k = 0; k < us.size(); ++k) out[k] = ask(us[k], vs[k]);
  }
  if (scalar && out.size() == 1) return py::bool_(out[0] != 0);
  py::array_t<bool> a(py::ssize_t(out.size()));
  std::copy(out.begin(), out.end(), a.mutable_data());
  return a;
}

/// reachable(g, u, v): a Graph (its cached condensed closure) or a closure's pair matrix.
py::object reachable_py(const Graph& g, py::handle u, py::handle v, bool is_closure) {
  if (is_closure) {
    const Matrix<bool>& c = g.pattern();
    return answer_pairs(g, u, v, [&c](Vertex a, Vertex b) {
      const auto& s = c.csr();
      return std::binary_search(s.col.begin() + s.row_ptr[a], s.col.begin() + s.row_ptr[a + 1], b);
    });
  }
  const ReachabilityIndex* index;
  {
    KernelScope nogil(wedge_work(g));
    index = &g.reachability();
  }
  return answer_pairs(g, u, v, [index](Vertex a, Vertex b) { return index->reachable(a, b); });
}

py::object reachable_count_py(const Graph& g, py::handle u) {
  const ReachabilityIndex* index;
  {
    KernelScope nogil(wedge_work(g));
    index = &g.reachability();
  }
  const std::vector<Vertex> us = vertices_arg(g, u, "u");
  if (is_scalar_arg(u)) return py::int_(index->reachable_count(us.at(0)));
  std::vector<std::int64_t> out(us.size());
  for (std::size_t k = 0; k < us.size(); ++k) out[k] = std::int64_t(index->reachable_count(us[k]));
  return own_array(std::move(out));
}

}  // namespace

void register_closure(py::module_& m) {
  m.def("_closure", &closure_py, py::arg("g"), py::arg("method") = "auto",
        py::arg("reflexive") = false, py::arg("count") = false, py::arg("max_memory") = 0.0);
  m.def("_reachable", &reachable_py, py::arg("g"), py::arg("u"), py::arg("v"),
        py::arg("is_closure") = false);
  m.def("_reachable_count", &reachable_count_py, py::arg("g"), py::arg("u"));
  m.def("_closure_pairs", [](const Graph& g) {
    const ReachabilityIndex* index;
    {
      KernelScope nogil(wedge_work(g));
      index = &g.reachability();
    }
    return index->pairs();
  });
}

}  // namespace spgraph::python
