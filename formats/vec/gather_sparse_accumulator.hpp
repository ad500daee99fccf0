// SPDX-License-Identifier: Apache-2.0
// The gather step of a sparse accumulator: turns the values a scatter left in a dense array
// (acc[r] for the outputs r marked touched) into a sparse vector in ascending index order.
// Shared by the push kernels of CSR (formats/csr/spmspv_cpu.hpp) and Dynamic CSR
// (formats/dcsr/dcsr_spmv_cpu.hpp).
//
// Phases: 1. order the touched outputs: sort the touched list, or, when more than 1/8 of the
// outputs were touched, rebuild it by a scan of the marks (cheaper than the sort); 2. copy their
// values. Workspace: the output lists. Cost O(t log t) for t touched outputs, or O(n) by scan.
//
// Source: Gustavson, "Two fast algorithms for sparse matrices", ACM TOMS 1978 (sparse
// accumulator).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// The entries of a sparse accumulator (values acc[r] for the outputs r marked touched) as a
/// sparse vector of size n.
template <class V>
SparseVector<V> gather_sparse_accumulator(Vertex n, std::vector<Vertex> touched,
                                          const std::vector<std::uint8_t>& touched_mark,
                                          const std::vector<V>& acc) {
  // Phase 1: order.
  if (touched.size() > n / 8) {
    touched.clear();
    for (Vertex r = 0; r < n; ++r)
      if (touched_mark[r]) touched.push_back(r);
  } else {
    std::sort(touched.begin(), touched.end());
  }
  // Phase 2: values.
  std::vector<V> vals(touched.size());
  for (std::size_t e = 0; e < touched.size(); ++e) vals[e] = acc[touched[e]];
  SparseVector<V> t(n);
  t.assign_sparse(std::move(touched), std::move(vals));
  return t;
}

}  // namespace spgraph
