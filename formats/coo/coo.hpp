// SPDX-License-Identifier: Apache-2.0
// Coordinate (tuple) storage and its conversion to CSR.
// build_csr: (1) validate indices, (2) stable counting sort by row using per-thread histograms
// (formats/csr/counting_sort.hpp), (3) per-row stable sort by column, (4) combine or reject
// duplicates, (5) compact. Stability keeps input order among duplicates, so "first"/"second"
// combine ops match GrB_Matrix_build.
// Workspace: one copy of the tuples plus threads × nrows counters.
#pragma once

#include <vector>

#include "engine/core/duplicate_policy.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Tuples (row[k], col[k], val[k]); val is empty for a pattern (bool stored as bytes).
template <class T>
struct Coo {
  Vertex nrows = 0;
  Vertex ncols = 0;
  bool pattern = false;
  std::vector<Vertex> row;
  std::vector<Vertex> col;
  std::vector<stored_value_t<T>> val;
  Offset size() const { return row.size(); }
};

/// Sorts and compresses `coo` into CSR; repeated (row, col) tuples follow `policy` (Combine,
/// folded in input order with `DupOp`, or Reject; the other policies throw InvalidArgument).
/// Throws IndexOutOfBounds for an index outside the dimensions. Consumes `coo`.
template <class T, class DupOp>
Csr<T> build_csr(Coo<T>&& coo, DuplicatePolicy policy);

}  // namespace spgraph

#include "formats/coo/coo_build_impl.hpp"
