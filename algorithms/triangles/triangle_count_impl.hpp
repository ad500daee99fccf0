// SPDX-License-Identifier: Apache-2.0
// Template front end of algorithms/triangles/triangle_count.hpp: checks the shape, decides whether
// the structure is symmetric (Matrix::structure_symmetric, tested once without a transpose,
// unless the caller vouches for it), symmetrizes a directed input as A ∪ A', and calls the
// structure-only kernel.
#pragma once

#include <string>

#include "algorithms/triangles/triangle_count.hpp"
#include "engine/any_matrix.hpp"
#include "engine/core/error.hpp"
#include "engine/ops.hpp"

namespace spgraph {

namespace detail {

/// Throws DimensionMismatch unless `a` is square.
template <class T>
void check_square(const char* op, const Matrix<T>& a) {
  if (a.nrows() != a.ncols())
    throw DimensionMismatch(std::string(op) + ": the matrix must be square, got " +
                            std::to_string(a.nrows()) + " x " + std::to_string(a.ncols()));
}

/// The pattern of A ∪ A' (the values of A are irrelevant).
template <class T>
Matrix<bool> symmetric_pattern(const Matrix<T>& a) {
  Matrix<bool> s(a.nrows(), a.ncols(), true);
  Descriptor d;
  d.transpose_b = true;
  const Matrix<bool> p = pattern_of(a);
  ewise_add(s, nullptr, NoAccum{}, LorOp<bool>{}, p, p, d);
  return s;
}

}  // namespace detail

template <class T>
Matrix<bool> simple_undirected_pattern(const Matrix<T>& a) {
  detail::check_square("simple_undirected_pattern", a);
  const Matrix<bool> s = a.structure_symmetric() ? pattern_of(a) : detail::symmetric_pattern(a);
  Matrix<bool> out(s.nrows(), s.ncols(), true);
  select(out, nullptr, NoAccum{}, Offdiag{}, s, 0);
  return out;
}

template <class T>
TriangleResult triangle_count(const Matrix<T>& a, const TriangleOptions& options) {
  detail::check_square("triangle_count", a);
  if (options.undirected || a.structure_symmetric())
    return detail::triangle_count_symmetric(adjacency_of(a.csr()), options);
  TriangleResult r =
      detail::triangle_count_symmetric(adjacency_of(detail::symmetric_pattern(a).csr()), options);
  r.symmetrized = true;
  return r;
}

}  // namespace spgraph
