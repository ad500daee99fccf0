// Helpers shared by the GraphBLAS peer's source files (not part of its public header): error
// checks, RAII owners of GraphBLAS objects, the GraphBLAS type of a C++ value type, and the
// build of a GrB_Matrix from spgraph CSR arrays with GrB_Matrix_build and GrB_wait, as
// docs/BENCHMARKING.md asks.
#pragma once

extern "C" {
#include <GraphBLAS.h>
}

#include <chrono>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/core/error.hpp"
#include "formats/csr/csr.hpp"
#include "tools/common/timing.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers::detail {

/// Throws spgraph::Error naming the call when a GraphBLAS call fails.
inline void check(GrB_Info info, const char* what) {
  if (info != GrB_SUCCESS && info != GrB_NO_VALUE)
    throw Error(std::string("GraphBLAS: ") + what + " failed (GrB_Info " + std::to_string(info) +
                ")");
}

using tools::seconds_since;

// GrB_free is a C11 _Generic macro; C++ calls the typed functions.
inline void grb_free(GrB_Matrix* m) {
  GrB_Matrix_free(m);
}
inline void grb_free(GrB_Vector* v) {
  GrB_Vector_free(v);
}

/// Frees a GraphBLAS object on scope exit.
template <class T>
struct GrbOwner {
  T obj = nullptr;
  GrbOwner() = default;
  GrbOwner(const GrbOwner&) = delete;
  GrbOwner& operator=(const GrbOwner&) = delete;
  ~GrbOwner() {
    if (obj) grb_free(&obj);
  }
};

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

/// A new GrB_Matrix of type T, held by row, built from `a` with GrB_Matrix_build (a pattern
/// builds every value as 1) and finished with GrB_wait.
template <class T>
GrB_Matrix grb_matrix_from_csr(const Csr<T>& a) {
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
  GrB_Matrix m = nullptr;
  check(GrB_Matrix_new(&m, grb_type<T>(), a.nrows, a.ncols), "GrB_Matrix_new");
  check(GxB_Matrix_Option_set(m, GxB_FORMAT, GxB_BY_ROW), "set by-row");
  GrB_Info info;
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<std::uint8_t> bytes(vals.begin(), vals.end());
    info = GrB_Matrix_build_BOOL(m, rows.data(), cols.data(),
                                 reinterpret_cast<const bool*>(bytes.data()), nnz, GrB_LOR);
  } else if constexpr (std::is_same_v<T, std::int32_t>) {
    info = GrB_Matrix_build_INT32(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_INT32);
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    info = GrB_Matrix_build_INT64(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_INT64);
  } else if constexpr (std::is_same_v<T, float>) {
    info = GrB_Matrix_build_FP32(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_FP32);
  } else {
    info = GrB_Matrix_build_FP64(m, rows.data(), cols.data(), vals.data(), nnz, GrB_PLUS_FP64);
  }
  if (info != GrB_SUCCESS) GrB_Matrix_free(&m);
  check(info, "GrB_Matrix_build");
  check(GrB_Matrix_wait(m, GrB_MATERIALIZE), "GrB_wait");
  return m;
}

}  // namespace spgraph::peers::detail

namespace spgraph::peers {

/// The GraphBLAS matrix behind a GraphBlasMatrix (owned, freed with it).
struct GraphBlasMatrix::Impl {
  GrB_Matrix m = nullptr;
  ~Impl() {
    if (m) GrB_Matrix_free(&m);
  }
};

}  // namespace spgraph::peers
