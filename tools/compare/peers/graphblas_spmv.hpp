// SPDX-License-Identifier: Apache-2.0
// The SuiteSparse:GraphBLAS side of `spgraph compare spmv`: w = A ⊕.⊗ x with GrB_mxv, as a
// GraphBLAS expert writes a dense SpMV (LAGraph has no SpMV routine; its power iterations,
// e.g. LAGr_PageRankGAP, call GrB_mxv(t, NULL, NULL, semiring, A, w, NULL) on a full w into a
// vector allocated once, which is what this does). The semiring is the built-in
// GxB_<ADD>_<MUL>_<TYPE> of the same name (graphblas_matrix.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers {

/// A prepared GrB_mxv: A (not owned), x as a full GrB_Vector, and the output vector w.
template <class T>
class GraphBlasSpmv {
 public:
  /// Builds x (full, from `x`) and w (size A.nrows); throws InvalidArgument for a semiring
  /// GraphBLAS does not have over T.
  GraphBlasSpmv(const GraphBlasMatrix& a, const std::string& semiring, const std::vector<T>& x);
  ~GraphBlasSpmv();
  GraphBlasSpmv(const GraphBlasSpmv&) = delete;
  GraphBlasSpmv& operator=(const GraphBlasSpmv&) = delete;

  /// One GrB_mxv(w, NULL, NULL, semiring, A, x, NULL) and GrB_wait(w); returns its seconds.
  double run();
  /// w's entries: present[i] says whether w(i) exists (rows of A with no entry have none).
  void result(std::vector<T>& values, std::vector<std::uint8_t>& present) const;
  /// Bytes GraphBLAS holds for x and w.
  std::size_t memory_bytes() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace spgraph::peers
