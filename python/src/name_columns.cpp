// SPDX-License-Identifier: Apache-2.0
// Vertex names from Python for graphs built in memory (name_columns.hpp): columns read from
// lists of str or integer numpy arrays, and the table that numbers them through the id map of
// loaders/vertex_ids.hpp.
#include "python/src/name_columns.hpp"

#include <pybind11/numpy.h>

#include <limits>
#include <type_traits>

#include "engine/core/error.hpp"

namespace spgraph::python {

namespace py = pybind11;

std::string NameColumn::describe(std::size_t k) const {
  return strings ? "'" + std::string(tokens[k]) + "'" : std::to_string(integers[k]);
}

namespace {

std::string_view token_of(py::handle item, const char* what) {
  Py_ssize_t len = 0;
  if (PyUnicode_Check(item.ptr())) {
    const char* p = PyUnicode_AsUTF8AndSize(item.ptr(), &len);
    if (!p) throw py::error_already_set();
    return {p, std::size_t(len)};
  }
  if (PyBytes_Check(item.ptr())) {
    char* p = nullptr;
    if (PyBytes_AsStringAndSize(item.ptr(), &p, &len) != 0) throw py::error_already_set();
    return {p, std::size_t(len)};
  }
  throw py::type_error(std::string(what) + ": a column of string names holds " +
                       std::string(py::repr(item)));
}

template <class S>
void copy_ids(const py::array& src, std::vector<std::uint64_t>& out, const char* what) {
  auto a = py::array_t<S, py::array::c_style | py::array::forcecast>::ensure(src);
  if (!a) throw py::error_already_set();
  const S* p = a.data();
  out.resize(std::size_t(a.size()));
  for (std::size_t k = 0; k < out.size(); ++k) {
    if constexpr (std::is_signed_v<S>)
      if (p[k] < 0)
        throw InvalidArgument(std::string(what) + ": vertex id " + std::to_string(p[k]) +
                              " is negative (integer ids are 0 or more; use strings for others)");
    out[k] = std::uint64_t(p[k]);
  }
}

}  // namespace

NameColumn name_column(py::handle obj, const char* what) {
  NameColumn c;
  if (py::isinstance<py::list>(obj)) {
    auto list = py::reinterpret_borrow<py::list>(obj);
    c.strings = true;
    c.tokens.reserve(list.size());
    for (py::handle item : list) c.tokens.push_back(token_of(item, what));
    return c;
  }
  auto a = py::reinterpret_borrow<py::array>(obj);
  if (a.ndim() != 1) throw InvalidArgument(std::string(what) + " must be one-dimensional");
  const char kind = a.dtype().kind();
  if (kind == 'u')
    copy_ids<std::uint64_t>(a, c.integers, what);
  else if (kind == 'i')
    copy_ids<std::int64_t>(a, c.integers, what);
  else
    throw py::type_error(std::string(what) + " must hold integers or strings, got dtype " +
                         std::string(py::str(a.dtype())));
  return c;
}

VertexTable::VertexTable(const NameColumn& ids) : fixed_(true), strings_(ids.strings) {
  const std::size_t n = ids.size();
  if (n > kMaxDimension)
    throw InvalidArgument("ids: " + std::to_string(n) + " vertices, more than the limit of " +
                          std::to_string(kMaxDimension));
  bool in_order = !ids.strings;
  for (std::size_t k = 0; in_order && k < n; ++k) in_order = ids.integers[k] == k;
  if (in_order) {
    positions_ = n_given_ = true;
    n_ = Vertex(n);
    return;
  }
  ids_ = VertexIds(ids.strings ? VertexIds::Kind::String : VertexIds::Kind::Integer);
  ids_.reserve(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Vertex before = ids_.size();
    if (ids.strings)
      ids_.insert(ids.tokens[k]);
    else
      ids_.insert_integer(ids.integers[k]);
    if (ids_.size() == before)
      throw InvalidArgument("ids: vertex " + ids.describe(k) + " is listed twice");
  }
}

VertexTable::VertexTable(bool strings, bool remap, std::optional<Vertex> n)
    : positions_(!strings && !remap),
      strings_(strings),
      n_(n.value_or(0)),
      n_given_(n.has_value()) {
  if (!positions_) ids_ = VertexIds(strings ? VertexIds::Kind::String : VertexIds::Kind::Integer);
}

Vertex VertexTable::operator()(const NameColumn& col, std::size_t k, const char* what) {
  if (col.strings != strings_)
    throw InvalidArgument(std::string(what) + " holds " + (col.strings ? "strings" : "integers") +
                          " but the vertex ids are " + (strings_ ? "strings" : "integers"));
  if (positions_) {
    const std::uint64_t id = col.integers[k];
    if (n_given_ && id >= n_)
      throw InvalidArgument(std::string(what) + ": vertex " + std::to_string(id) +
                            (fixed_ ? " is not in ids (0.." : " is not below n (0..") +
                            std::to_string(std::int64_t(n_) - 1) + ")");
    if (id >= kMaxDimension)
      throw InvalidArgument(std::string(what) + ": vertex " + std::to_string(id) +
                            " is past the limit of " + std::to_string(kMaxDimension) +
                            " vertices (use remap_ids=True for sparse integer ids)");
    if (id >= n_) n_ = Vertex(id + 1);
    return Vertex(id);
  }
  if (!fixed_)
    return col.strings ? ids_.insert(col.tokens[k]) : ids_.insert_integer(col.integers[k]);
  const auto found = col.strings ? ids_.find(col.tokens[k]) : ids_.find_integer(col.integers[k]);
  if (!found)
    throw InvalidArgument(std::string(what) + ": vertex " + col.describe(k) + " is not in ids");
  return *found;
}

Vertex VertexTable::size() const {
  return positions_ ? n_ : ids_.size();
}

std::string VertexTable::describe(Vertex v) const {
  if (positions_) return std::to_string(v);
  return strings_ ? "'" + ids_.name(v) + "'" : ids_.name(v);
}

std::shared_ptr<const VertexIds> VertexTable::finish() {
  if (positions_) return std::make_shared<const VertexIds>(VertexIds::offset(0, n_));
  return std::make_shared<const VertexIds>(std::move(ids_));
}

}  // namespace spgraph::python
