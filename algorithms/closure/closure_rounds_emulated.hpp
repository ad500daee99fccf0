// SPDX-License-Identifier: Apache-2.0
// Host emulation of the device closure's rounds (closure_rounds_cuda.cu): the same loop, with
// the device hash SpGEMM's host emulation (formats/csr/spgemm_hash_emulated.hpp) for each
// masked product and the merge lanes of closure_merge_lanes.hpp for T ∪ D. The CPU tests run
// it through the device's front end (transitive_closure_by_rounds) against the CPU closure. A
// test model: serial, not a kernel to call.
#pragma once

#include <utility>

#include "algorithms/closure/closure_merge_lanes.hpp"
#include "engine/core/semiring.hpp"
#include "formats/csr/spgemm_hash_emulated.hpp"

namespace spgraph {

/// As dag_closure_cuda (closure_rounds_cuda.hpp), on the host; `min_bin` forces the product's
/// bins as in spgemm_hash_emulated.
inline Csr<bool> dag_closure_emulated(const Csr<bool>& dag, Vertex& rounds, int min_bin = 0) {
  Csr<bool> t = dag, d = dag;
  rounds = 0;
  while (d.nnz() > 0) {
    d = spgemm_hash_emulated<LorLand<bool>>(d, dag, &t, true, false, min_bin);
    ++rounds;
    if (d.nnz() == 0) break;
    Csr<bool> u = Csr<bool>::empty(t.nrows, t.ncols, true);
    for (Vertex i = 0; i < t.nrows; ++i) u.row_ptr[i + 1] = t.row_ptr[i + 1] + d.row_ptr[i + 1];
    u.col.resize(u.row_ptr.back());
    for (Vertex i = 0; i < t.nrows; ++i)
      closure_merge_rows(t.col.data() + t.row_ptr[i], t.degree(i), d.col.data() + d.row_ptr[i],
                         d.degree(i), u.col.data() + u.row_ptr[i]);
    t = std::move(u);
  }
  return t;
}

}  // namespace spgraph
