// SPDX-License-Identifier: Apache-2.0
// The file's vertex ids for Python (vertex_names.hpp): arguments turned into positions the way
// the CLI turns its vertex flags into them (base subtracted, or looked up through the id map of
// loaders/vertex_ids.hpp), and positions turned back into ids as numpy arrays or lists of str.
#include "python/src/vertex_names.hpp"

#include <pybind11/numpy.h>

#include <climits>
#include <string>
#include <vector>

#include "engine/core/error.hpp"

namespace spgraph::python {

namespace py = pybind11;

namespace {

/// The integer value of `key` (anything with __index__), or nullopt when it lies outside
/// long long (no vertex has such an id).
std::optional<long long> integer_of(py::handle key) {
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(key.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0) return std::nullopt;
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

bool is_integer_array(py::handle v) {
  if (!py::isinstance<py::array>(v)) return false;
  const char kind = py::reinterpret_borrow<py::array>(v).dtype().kind();
  return kind == 'i' || kind == 'u';
}

bool is_one_key(py::handle v) {
  if (py::isinstance<py::str>(v) || py::isinstance<py::bytes>(v)) return true;
  if (py::isinstance<py::array>(v)) return py::reinterpret_borrow<py::array>(v).ndim() == 0;
  return PyIndex_Check(v.ptr()) != 0;
}

}  // namespace

VertexNames VertexNames::offset(int base) {
  VertexNames n;
  n.base_ = base;
  return n;
}

VertexNames VertexNames::from_load(const LoadInfo& info) {
  VertexNames n;
  n.ids_ = info.ids;
  n.base_ = info.ids ? info.ids->base() : info.index_base;
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
  if (strings()) {
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
  if (strings()) return py::str(ids_->name(v));
  return py::int_(ids_->integer_id(v));
}

std::optional<Vertex> VertexNames::find(py::handle key, Vertex n) const {
  std::optional<Vertex> v;
  if (remapped() && py::isinstance<py::str>(key)) {
    v = ids_->find(key.cast<std::string>());
  } else if (remapped() && py::isinstance<py::bytes>(key)) {
    v = ids_->find(std::string(key.cast<py::bytes>()));
  } else {
    const std::optional<long long> x = integer_of(key);  // an int: an id, or a name's digits
    if (!x || *x < 0) return std::nullopt;
    if (strings())
      v = ids_->find(std::to_string(*x));
    else if (remapped())
      v = ids_->find_integer(std::uint64_t(*x));
    else if (*x >= base() && *x - base() < static_cast<long long>(n))
      v = Vertex(*x - base());
  }
  if (v && *v >= n) return std::nullopt;
  return v;
}

std::string VertexNames::valid_ids(Vertex n) const {
  if (n == 0) return "(the graph has no vertices)";
  if (remapped())
    return "(not one of the file's vertex " + std::string(strings() ? "names)" : "ids)");
  return "(ids " + std::to_string(base()) + ".." + std::to_string(std::int64_t(n) - 1 + base()) +
         ")";
}

Vertex VertexNames::position(py::handle key, Vertex n, const char* what) const {
  if (const auto v = find(key, n)) return *v;
  throw IndexOutOfBounds(std::string(what) + " " + std::string(py::repr(key)) +
                         " is not in this graph " + valid_ids(n));
}

std::vector<Vertex> VertexNames::positions(py::handle keys, Vertex n, const char* what) const {
  if (is_one_key(keys)) return {position(keys, n, what)};
  std::vector<Vertex> out;
  if (!strings() && is_integer_array(keys)) {
    // The bulk path: an integer array, looked up without a Python object per id.
    auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(keys);
    if (!a) throw py::error_already_set();
    const std::int64_t* p = a.data();
    out.resize(std::size_t(a.size()));
    const std::int64_t b = base();
    for (std::size_t k = 0; k < out.size(); ++k) {
      std::optional<Vertex> v;
      if (remapped() && p[k] >= 0)
        v = ids_->find_integer(std::uint64_t(p[k]));
      else if (!remapped() && p[k] >= b && p[k] - b < std::int64_t(n))
        v = Vertex(p[k] - b);
      if (!v || *v >= n)
        throw IndexOutOfBounds(std::string(what) + " " + std::to_string(p[k]) +
                               " is not in this graph " + valid_ids(n));
      out[k] = *v;
    }
    return out;
  }
  for (py::handle x : keys) out.push_back(position(x, n, what));
  return out;
}

py::object VertexNames::names_of(py::handle positions, Vertex n) const {
  const bool scalar = is_one_key(positions) && !py::isinstance<py::str>(positions);
  auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(positions);
  if (!a) throw py::error_already_set();
  const std::int64_t* p = a.data();
  const std::size_t count = std::size_t(a.size());
  for (std::size_t k = 0; k < count; ++k)
    if (p[k] >= std::int64_t(n))
      throw IndexOutOfBounds("position " + std::to_string(p[k]) + " is outside the graph (" +
                             std::to_string(n) + " vertices)");
  if (strings()) {
    py::list items(count);
    for (std::size_t k = 0; k < count; ++k)
      items[k] = p[k] < 0 ? py::object(py::none()) : py::object(py::str(ids_->name(Vertex(p[k]))));
    if (scalar) return items[0];
    py::object out = py::module_::import("numpy").attr("empty")(count, "object");
    out.attr("__setitem__")(py::slice(0, py::ssize_t(count), 1), items);
    return out.attr("reshape")(a.attr("shape"));
  }
  py::array_t<std::int64_t> out{py::ssize_t(count)};
  std::int64_t* q = out.mutable_data();
  const std::int64_t b = base();
  for (std::size_t k = 0; k < count; ++k) {
    if (p[k] < 0)
      q[k] = -1;
    else
      q[k] = remapped() ? std::int64_t(ids_->integer_id(Vertex(p[k]))) : p[k] + b;
  }
  if (scalar) return py::int_(q[0]);
  return out.attr("reshape")(a.attr("shape"));
}

VertexNames VertexNames::with_map(std::shared_ptr<const VertexIds> map) const {
  VertexNames out = *this;
  out.ids_ = std::move(map);
  return out;
}

Vertex VertexNames::insert_into(VertexIds& map, py::handle key) {
  if (map.kind() == VertexIds::Kind::String) {
    if (py::isinstance<py::bytes>(key)) return map.insert(std::string(key.cast<py::bytes>()));
    if (py::isinstance<py::str>(key)) return map.insert(key.cast<std::string>());
  }
  const std::optional<long long> x = py::isinstance<py::str>(key) ? std::nullopt : integer_of(key);
  if (!x || *x < 0)
    throw IndexOutOfBounds("vertex " + std::string(py::repr(key)) +
                           " is not a valid id: this graph's ids are non-negative integers");
  return map.insert_integer(std::uint64_t(*x));
}

}  // namespace spgraph::python
