// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the GraphBLAS peer's source files (not part of its public headers): the
// GraphBLAS type of a C++ value type; the build of a GrB_Matrix from spgraph CSR arrays with
// GrB_Matrix_build and GrB_wait, as docs/BENCHMARKING.md asks; new matrices held by row, A'
// and degree vectors (as LAGraph_Cached_AT and LAGraph_Cached_OutDegree compute them); memory
// and the extraction of a vector into a dense array; and the insides of GraphBlasMatrix and
// GraphBlasGraph, which the algorithms read.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "formats/csr/csr.hpp"
#include "tools/common/timing.hpp"
#include "tools/compare/peers/graphblas_graph.hpp"
#include "tools/compare/peers/graphblas_owner.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers::detail {

using tools::seconds_since;

/// The GraphBLAS type of T.
template <class T>
GrB_Type grb_type() {
  if constexpr (std::is_same_v<T, bool>)
    return GrB_BOOL;
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return GrB_INT32;
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return GrB_INT64;
  else if constexpr (std::is_same_v<T, float>)
    return GrB_FP32;
  else
    return GrB_FP64;
}

/// A new matrix of `type`, nrows × ncols, held by row.
inline GrbOwner<GrB_Matrix> new_matrix(GrB_Type type, GrB_Index nrows, GrB_Index ncols) {
  GrbOwner<GrB_Matrix> m;
  check(GrB_Matrix_new(m.out(), type, nrows, ncols), "GrB_Matrix_new");
  check(GxB_Matrix_Option_set(m, GxB_FORMAT, GxB_BY_ROW), "set by-row");
  return m;
}

/// A new GrB_Matrix of type T, held by row, built from `a` with GrB_Matrix_build (a pattern
/// builds every value as 1) and finished with GrB_wait.
template <class T>
GrbOwner<GrB_Matrix> grb_matrix_from_csr(const Csr<T>& a) {
  const Offset nnz = a.nnz();
  // GrB_Matrix_build rejects NULL arrays even with no entries: keep one slot for empty graphs.
  std::vector<GrB_Index> rows(std::max<Offset>(nnz, 1)), cols(std::max<Offset>(nnz, 1));
  for (Vertex i = 0; i < a.nrows; ++i)
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      rows[k] = i;
      cols[k] = a.col[k];
    }
  std::vector<T> vals(std::max<Offset>(nnz, 1));
  for (Offset k = 0; k < nnz; ++k) vals[k] = a.value(k);
  GrbOwner<GrB_Matrix> m = new_matrix(grb_type<T>(), a.nrows, a.ncols);
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<std::uint8_t> bytes(vals.begin(), vals.end());
    check(GrB_Matrix_build_BOOL(m, rows.data(), cols.data(),
                                reinterpret_cast<const bool*>(bytes.data()), nnz, GrB_LOR),
          "GrB_Matrix_build");
  } else if constexpr (std::is_same_v<T, std::int32_t>) {
    check(GrB_Matrix_build_INT32(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_INT32),
          "GrB_Matrix_build");
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    check(GrB_Matrix_build_INT64(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_INT64),
          "GrB_Matrix_build");
  } else if constexpr (std::is_same_v<T, float>) {
    check(GrB_Matrix_build_FP32(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_FP32),
          "GrB_Matrix_build");
  } else {
    check(GrB_Matrix_build_FP64(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_FP64),
          "GrB_Matrix_build");
  }
  check(GrB_Matrix_wait(m, GrB_MATERIALIZE), "GrB_wait");
  return m;
}

/// A' of `a` (n × n or any shape), held by row, of a's type, finished with GrB_wait.
inline GrbOwner<GrB_Matrix> transposed(GrB_Matrix a) {
  GrB_Type type = nullptr;
  GrB_Index nrows = 0, ncols = 0;
  check(GxB_Matrix_type(&type, a), "GxB_Matrix_type");
  check(GrB_Matrix_nrows(&nrows, a), "nrows");
  check(GrB_Matrix_ncols(&ncols, a), "ncols");
  GrbOwner<GrB_Matrix> t = new_matrix(type, ncols, nrows);
  check(GrB_transpose(t, nullptr, nullptr, a, nullptr), "GrB_transpose");
  check(GrB_Matrix_wait(t, GrB_MATERIALIZE), "GrB_wait(A')");
  return t;
}

/// The number of entries in each row of `a` (in each column with `columns`): INT64, no entry
/// for an empty one; A * 1 (A' * 1) over GxB_PLUS_PAIR_INT64, as LAGraph_Cached_OutDegree
/// (LAGraph_Cached_InDegree) computes it.
inline GrbOwner<GrB_Vector> degrees(GrB_Matrix a, bool columns) {
  GrB_Index n = 0;
  check(columns ? GrB_Matrix_ncols(&n, a) : GrB_Matrix_nrows(&n, a), "dims");
  GrbOwner<GrB_Vector> ones, d;
  check(GrB_Vector_new(ones.out(), GrB_INT64, n), "GrB_Vector_new");
  check(GrB_Vector_assign_INT64(ones, nullptr, nullptr, 1, GrB_ALL, n, nullptr), "assign ones");
  check(GrB_Vector_new(d.out(), GrB_INT64, n), "GrB_Vector_new(degree)");
  check(GrB_mxv(d, nullptr, nullptr, GxB_PLUS_PAIR_INT64, a, ones, columns ? GrB_DESC_T0 : nullptr),
        "degree mxv");
  check(GrB_Vector_wait(d, GrB_MATERIALIZE), "GrB_wait(degree)");
  return d;
}

/// Bytes GraphBLAS holds for a matrix or vector (0 for none).
inline std::size_t grb_bytes(GrB_Matrix m) {
  std::size_t bytes = 0;
  if (m) check(GxB_Matrix_memoryUsage(&bytes, m), "GxB_Matrix_memoryUsage");
  return bytes;
}
inline std::size_t grb_bytes(GrB_Vector v) {
  std::size_t bytes = 0;
  if (v) check(GxB_Vector_memoryUsage(&bytes, v), "GxB_Vector_memoryUsage");
  return bytes;
}

/// The entries of `v` (INT64 or FP64) as a dense array of size n, `fill` where v has none.
template <class T>
std::vector<T> dense_vector(GrB_Vector v, GrB_Index n, T fill) {
  GrB_Index nv = 0;
  check(GrB_Vector_nvals(&nv, v), "nvals");
  std::vector<GrB_Index> idx(std::max<GrB_Index>(nv, 1));
  std::vector<T> val(idx.size());
  if constexpr (std::is_same_v<T, std::int64_t>)
    check(GrB_Vector_extractTuples_INT64(idx.data(), val.data(), &nv, v), "extractTuples");
  else
    check(GrB_Vector_extractTuples_FP64(idx.data(), val.data(), &nv, v), "extractTuples");
  std::vector<T> dense(n, fill);
  for (GrB_Index k = 0; k < nv; ++k) dense[idx[k]] = val[k];
  return dense;
}

}  // namespace spgraph::peers::detail

namespace spgraph::peers {

/// The GraphBLAS matrix behind a GraphBlasMatrix (null for an empty result slot).
struct GraphBlasMatrix::Impl {
  GrbOwner<GrB_Matrix> m;
};

/// What a GraphBlasGraph holds, as LAGraph_Graph holds it. The cached_* accessors give a
/// property to the algorithm named `who`, or throw InvalidArgument saying what to cache.
struct GraphBlasGraph::Impl {
  GraphBlasGraph::Kind kind = GraphBlasGraph::Kind::Directed;
  GrB_Index n = 0;
  GrB_Index nvals = 0;
  GrbOwner<GrB_Matrix> a;
  GrbOwner<GrB_Matrix> at;          ///< directed graphs only (A' is A when undirected)
  GrbOwner<GrB_Vector> out_degree;  ///< INT64
  GrbOwner<GrB_Vector> in_degree;   ///< INT64; directed graphs only
  std::optional<double> emin;

  bool undirected() const { return kind == GraphBlasGraph::Kind::Undirected; }
  /// A' (A itself when undirected).
  GrB_Matrix cached_at(const char* who) const;
  GrB_Vector cached_out_degree(const char* who) const;
  /// The in-degrees (the out-degrees when undirected).
  GrB_Vector cached_in_degree(const char* who) const;
  double cached_emin(const char* who) const;
  /// Throws InvalidArgument unless the graph is undirected.
  void require_undirected(const char* who) const;
};

}  // namespace spgraph::peers
