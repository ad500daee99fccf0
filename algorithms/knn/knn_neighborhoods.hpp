// SPDX-License-Identifier: Apache-2.0
// The neighbourhood rows the similarity measures read (algorithms/knn/knn.hpp): row x of B is
// N(x) and row w of Bᵀ lists the x with w ∈ N(x). Out-neighbourhoods are A and Aᵀ, in-
// neighbourhoods Aᵀ and A, and "both" the symmetric union A ∪ Aᵀ, built here once per call
// (two parallel passes over the rows: count the merged lengths, then merge). An undirected
// graph (A symmetric) reads A for all three, and no transpose is built.
// Only the patterns are read; values are ignored.
#pragma once

#include <span>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "engine/core/types.hpp"
#include "engine/matrix.hpp"

namespace spgraph::detail {

/// Sorted rows without values: a view of a Csr's pattern, or of arrays owned elsewhere.
struct PatternRows {
  const Offset* ptr = nullptr;
  const Vertex* col = nullptr;
  Vertex n = 0;

  Offset degree(Vertex x) const { return ptr[x + 1] - ptr[x]; }
  std::span<const Vertex> row(Vertex x) const {
    return {col + ptr[x], std::size_t(ptr[x + 1] - ptr[x])};
  }
};

/// B and Bᵀ for one neighbourhood kind of A (square).
class NeighborhoodRows {
 public:
  template <class T>
  NeighborhoodRows(const Matrix<T>& a, Neighborhood kind, bool undirected) {
    const Csr<T>& out = a.csr();
    if (undirected || a.nrows() == 0) {
      b_ = view(out);
      bt_ = b_;
      return;
    }
    const Csr<T>& in = a.transposed();
    switch (kind) {
      case Neighborhood::Out:
        b_ = view(out);
        bt_ = view(in);
        break;
      case Neighborhood::In:
        b_ = view(in);
        bt_ = view(out);
        break;
      case Neighborhood::Both:
        merge(view(out), view(in));
        b_ = {union_ptr_.data(), union_col_.data(), a.nrows()};
        bt_ = b_;
        break;
    }
  }

  const PatternRows& b() const { return b_; }
  const PatternRows& bt() const { return bt_; }

 private:
  template <class T>
  static PatternRows view(const Csr<T>& c) {
    return {c.row_ptr.data(), c.col.data(), c.nrows};
  }
  void merge(const PatternRows& x, const PatternRows& y);

  PatternRows b_, bt_;
  std::vector<Offset> union_ptr_;
  std::vector<Vertex> union_col_;
};

}  // namespace spgraph::detail
