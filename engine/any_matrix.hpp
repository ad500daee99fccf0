// SPDX-License-Identifier: Apache-2.0
// AnyMatrix: a Matrix of any supported value type, for code (loaders, the CLI) that learns the
// type only at run time. A pattern graph is a Matrix<bool> with is_pattern() true.
#pragma once

#include <cstdint>
#include <variant>

#include "engine/matrix.hpp"

namespace spgraph {

using AnyMatrix = std::variant<Matrix<bool>, Matrix<std::int32_t>, Matrix<std::int64_t>,
                               Matrix<float>, Matrix<double>>;

/// The value type held (Pattern for a structure-only matrix).
inline ValueType value_type_of(const AnyMatrix& m) {
  return std::visit(
      [](const auto& x) {
        using T = typename std::decay_t<decltype(x)>::value_type;
        return x.is_pattern() ? ValueType::Pattern : spgraph::value_type_of<T>();
      },
      m);
}

/// Rows, columns and stored entries of any matrix.
inline Vertex nrows_of(const AnyMatrix& m) {
  return std::visit([](const auto& x) { return x.nrows(); }, m);
}
inline Vertex ncols_of(const AnyMatrix& m) {
  return std::visit([](const auto& x) { return x.ncols(); }, m);
}
inline Offset nvals_of(const AnyMatrix& m) {
  return std::visit([](const auto& x) { return x.nvals(); }, m);
}

/// The structure of `m` as a pattern matrix (shares nothing; copies row_ptr and col).
template <class T>
Matrix<bool> pattern_of(const Matrix<T>& m) {
  Csr<bool> c;
  c.nrows = m.nrows();
  c.ncols = m.ncols();
  c.pattern = true;
  c.row_ptr = m.csr().row_ptr;
  c.col = m.csr().col;
  return Matrix<bool>::trusted(std::move(c));
}

/// The structure of `m` as a pattern matrix (shares nothing; copies row_ptr and col).
inline Matrix<bool> pattern_of(const AnyMatrix& m) {
  return std::visit([](const auto& x) { return pattern_of(x); }, m);
}

/// A copy of `m` with its values converted to T (static_cast); a pattern stays a pattern.
template <class T>
Matrix<T> matrix_cast(const AnyMatrix& m) {
  return std::visit(
      [](const auto& x) {
        Csr<T> c;
        c.nrows = x.nrows();
        c.ncols = x.ncols();
        c.pattern = x.is_pattern();
        c.row_ptr = x.csr().row_ptr;
        c.col = x.csr().col;
        c.val.reserve(x.csr().val.size());
        for (const auto& v : x.csr().val) c.val.push_back(static_cast<T>(v));
        return Matrix<T>::trusted(std::move(c));
      },
      m);
}

}  // namespace spgraph
