// SPDX-License-Identifier: Apache-2.0
// Typed views of a Graph for the semiring operations (ops_mxm.cpp, ops_mxv.cpp): its matrix
// as Matrix<T> (itself when it holds T, else a converted copy), a mask as Matrix<bool>, and the
// value types the Python operations dispatch over.
#pragma once

#include <optional>
#include <string>

#include "engine/any_matrix.hpp"
#include "engine/core/error.hpp"
#include "python/src/common.hpp"

namespace spgraph::python {

/// `g`'s matrix as Matrix<T>: a reference to it when it holds T, else a copy in `tmp`.
template <class T>
const Matrix<T>& matrix_as(const Graph& g, std::optional<Matrix<T>>& tmp) {
  if (const auto* m = std::get_if<Matrix<T>>(g.matrix.get())) return *m;
  tmp.emplace(matrix_cast<T>(*g.matrix));
  return *tmp;
}

/// The value type an operation runs in: `dtype` when given ("bool", "int64", "float64"), else
/// bool for lor_land, float64 when an operand holds floating-point values, else int64.
inline std::string op_dtype(const std::string& dtype, const std::string& semiring,
                            std::initializer_list<ValueType> inputs) {
  if (!dtype.empty()) {
    if (dtype != "bool" && dtype != "int64" && dtype != "float64")
      throw InvalidArgument("dtype must be bool, int64 or float64, got '" + dtype + "'");
    return dtype;
  }
  if (semiring == "lor_land") return "bool";
  for (ValueType t : inputs)
    if (t == ValueType::Float || t == ValueType::Double) return "float64";
  return "int64";
}

/// Calls f(T{}) for the value type named by op_dtype.
template <class F>
void with_dtype(const std::string& dtype, F&& f) {
  if (dtype == "bool")
    f(bool{});
  else if (dtype == "int64")
    f(std::int64_t{});
  else
    f(double{});
}

}  // namespace spgraph::python
