// SPDX-License-Identifier: Apache-2.0
// The file's vertex names for Python (vertex_names.hpp): arguments looked up through the id
// map of loaders/vertex_ids.hpp, and names handed back as numpy arrays or lists of str.
#include "python/src/vertex_names.hpp"

#include <pybind11/numpy.h>

#include <string>
#include <vector>

namespace spgraph::python {

namespace py = pybind11;

VertexNames VertexNames::offset(int base) {
  VertexNames n;
  n.base_ = base;
  return n;
}

VertexNames VertexNames::from_load(const LoadInfo& info) {
  VertexNames n;
  n.ids_ = info.ids;
  n.base_ = info.ids ? info.ids->base() : 0;
  return n;
}

const char* VertexNames::kind() const {
  if (!ids_) return "offset";
  switch (ids_->kind()) {
    case VertexIds::Kind::Offset:
      return "offset";
    case VertexIds::Kind::Integer:
      return "integer";
    case VertexIds::Kind::String:
      return "string";
  }
  return "offset";
}

py::object VertexNames::all(Vertex n) const {
  if (remapped() && ids_->kind() == VertexIds::Kind::String) {
    py::list out(n);
    std::string s;
    for (Vertex v = 0; v < n; ++v) {
      s.clear();
      ids_->append_name(v, s);
      out[v] = py::str(s);
    }
    return out;
  }
  if (remapped()) {
    py::array_t<std::uint64_t> out(n);
    auto* p = out.mutable_data();
    for (Vertex v = 0; v < n; ++v) p[v] = ids_->integer_id(v);
    return out;
  }
  py::array_t<std::int64_t> out(n);
  auto* p = out.mutable_data();
  const int b = base();
  for (Vertex v = 0; v < n; ++v) p[v] = std::int64_t(v) + b;
  return out;
}

py::object VertexNames::name(Vertex v) const {
  if (!remapped()) return py::int_(std::int64_t(v) + base());
  if (ids_->kind() == VertexIds::Kind::String) return py::str(ids_->name(v));
  return py::int_(ids_->integer_id(v));
}

std::optional<Vertex> VertexNames::find(py::handle key, Vertex n) const {
  if (remapped()) {
    if (py::isinstance<py::str>(key)) return ids_->find(key.cast<std::string>());
    if (py::isinstance<py::bytes>(key)) return ids_->find(std::string(key.cast<py::bytes>()));
    // An integer: an integer id, or the decimal token of a string id.
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(key.ptr()));
    if (!index) throw py::error_already_set();
    if (ids_->kind() == VertexIds::Kind::String)
      return ids_->find(py::str(index).cast<std::string>());
    if (index.cast<py::int_>() < py::int_(0)) return std::nullopt;
    return ids_->find_integer(index.cast<std::uint64_t>());
  }
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(key.ptr()));
  if (!index) throw py::error_already_set();
  const long long v = index.cast<long long>();
  if (v < 0 || v >= static_cast<long long>(n)) return std::nullopt;
  return Vertex(v);
}

}  // namespace spgraph::python
