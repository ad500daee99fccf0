// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for the streaming-insert benchmark (see graphblas_peer.hpp): a bool matrix
// updated batch by batch, either with GrB_Matrix_setElement per arc plus GrB_wait (SuiteSparse
// keeps new entries as pending tuples and assembles them at the wait), or with GrB_Matrix_build
// of the batch plus GrB_eWiseAdd into A (the "build, then add" idiom). Both leave A finished
// after each batch, as a reader of the matrix needs.
#include <cstring>

#include "engine/core/semiring.hpp"
#include "formats/coo/coo.hpp"
#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers {

using detail::check;

void GraphBlasStream::insert(const std::uint64_t* rows, const std::uint64_t* cols, std::size_t n) {
  const GrB_Matrix a = a_.impl().m;
  if (method_ == Method::SetElement) {
    for (std::size_t k = 0; k < n; ++k)
      check(GrB_Matrix_setElement_BOOL(a, true, rows[k], cols[k]), "GrB_Matrix_setElement");
  } else {
    GrB_Index nr = 0, nc = 0;
    check(GrB_Matrix_nrows(&nr, a), "nrows");
    check(GrB_Matrix_ncols(&nc, a), "ncols");
    if (ones_.size() < n) ones_.assign(n, 1);
    const GrbOwner<GrB_Matrix> t = detail::new_matrix(GrB_BOOL, nr, nc);
    check(GrB_Matrix_build_BOOL(t, rows, cols, reinterpret_cast<const bool*>(ones_.data()), n,
                                GrB_LOR),
          "GrB_Matrix_build");
    check(GrB_Matrix_eWiseAdd_BinaryOp(a, nullptr, nullptr, GrB_LOR, a, t, nullptr),
          "GrB_eWiseAdd");
  }
  check(GrB_Matrix_wait(a, GrB_MATERIALIZE), "GrB_wait");
}

std::uint64_t GraphBlasStream::nvals() const {
  GrB_Index nv = 0;
  check(GrB_Matrix_nvals(&nv, a_.impl().m), "nvals");
  return nv;
}

Csr<bool> GraphBlasStream::to_csr() const {
  const GrB_Matrix a = a_.impl().m;
  GrB_Index nr = 0, nc = 0, nv = 0;
  check(GrB_Matrix_nrows(&nr, a), "nrows");
  check(GrB_Matrix_ncols(&nc, a), "ncols");
  check(GrB_Matrix_nvals(&nv, a), "nvals");
  std::vector<GrB_Index> rows(nv), cols(nv);
  GrB_Index got = nv;
  check(GrB_Matrix_extractTuples_BOOL(rows.data(), cols.data(), nullptr, &got, a), "extractTuples");
  Coo<bool> coo{Vertex(nr), Vertex(nc), true, {}, {}, {}};
  coo.row.assign(rows.begin(), rows.begin() + std::ptrdiff_t(got));
  coo.col.assign(cols.begin(), cols.begin() + std::ptrdiff_t(got));
  return build_csr<bool, FirstOp<bool>>(std::move(coo), DuplicatePolicy::Reject);
}

}  // namespace spgraph::peers
