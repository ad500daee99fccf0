// SPDX-License-Identifier: Apache-2.0
// The cuSPARSE peer of the GPU SpGEMM (`compare mxm --backend cuda`, cusparse_spgemm.cu, and the
// benchmark bench/gpu/spgemm_bench.cu): C = A·B over double by cusparseSpGEMM
// (CUSPARSE_SPGEMM_DEFAULT: work estimation, compute, copy), with 32-bit indices, on the
// backend's stream. Every buffer it needs (its two work buffers and C) comes from DeviceBuffer,
// so device_stats() measures its peak memory as it measures spgraph's. CUDA code only.
//
// STATUS: compiled, never run (written where no GPU was lent).
#pragma once

#include <cusparse.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "formats/device/device_mirrors.hpp"

namespace spgraph::peers {

inline void cusparse_check(cusparseStatus_t s, const char* what) {
  if (s != CUSPARSE_STATUS_SUCCESS)
    throw Error(std::string(what) + ": " + cusparseGetErrorString(s));
}

/// A CSR matrix with the 32-bit row offsets cuSPARSE takes (columns are the mirror's own).
struct Csr32 {
  std::int64_t rows = 0, cols = 0, nnz = 0;
  DeviceBuffer<std::int32_t> row_ptr;
  DeviceBuffer<std::int32_t> col;
  DeviceBuffer<double> val;
};

/// A's arrays in cuSPARSE's index types (not timed: the input as cuSPARSE wants it).
inline Csr32 to_csr32(const Csr<double>& a) {
  if (a.nnz() >= (Offset(1) << 31)) throw Error("cusparse peer: more than 2^31 entries");
  std::vector<std::int32_t> rp(a.row_ptr.begin(), a.row_ptr.end());
  std::vector<std::int32_t> col(a.col.begin(), a.col.end());
  Csr32 d;
  d.rows = a.nrows;
  d.cols = a.ncols;
  d.nnz = std::int64_t(a.nnz());
  d.row_ptr = DeviceBuffer<std::int32_t>::from_host(rp);
  d.col = DeviceBuffer<std::int32_t>::from_host(col);
  // A pattern (a file without values) holds no values: every entry is 1, as the engine reads it.
  d.val = a.pattern ? DeviceBuffer<double>::from_host(std::vector<double>(a.col.size(), 1.0))
                    : DeviceBuffer<double>::from_host(a.val);
  return d;
}

/// C = A·B by cusparseSpGEMM; returns C (device).
inline Csr32 cusparse_spgemm(const Csr32& a, const Csr32& b) {
  cusparseHandle_t h = nullptr;
  cusparse_check(cusparseCreate(&h), "cusparseCreate");
  cusparse_check(cusparseSetStream(h, cuda_stream()), "cusparseSetStream");
  auto describe = [](const Csr32& m, cusparseSpMatDescr_t& d) {
    cusparse_check(
        cusparseCreateCsr(&d, m.rows, m.cols, m.nnz, const_cast<std::int32_t*>(m.row_ptr.data()),
                          const_cast<std::int32_t*>(m.col.data()),
                          const_cast<double*>(m.val.data()), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
        "cusparseCreateCsr");
  };
  cusparseSpMatDescr_t ma = nullptr, mb = nullptr, mc = nullptr;
  describe(a, ma);
  describe(b, mb);
  Csr32 c;
  c.rows = a.rows;
  c.cols = b.cols;
  cusparse_check(
      cusparseCreateCsr(&mc, c.rows, c.cols, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I,
                        CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
      "cusparseCreateCsr(C)");
  cusparseSpGEMMDescr_t sd = nullptr;
  cusparse_check(cusparseSpGEMM_createDescr(&sd), "cusparseSpGEMM_createDescr");
  const double alpha = 1, beta = 0;
  const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  std::size_t bytes1 = 0, bytes2 = 0;
  cusparse_check(cusparseSpGEMM_workEstimation(h, op, op, &alpha, ma, mb, &beta, mc, CUDA_R_64F,
                                               CUSPARSE_SPGEMM_DEFAULT, sd, &bytes1, nullptr),
                 "cusparseSpGEMM_workEstimation (size)");
  DeviceBuffer<std::uint8_t> buffer1(bytes1);
  cusparse_check(
      cusparseSpGEMM_workEstimation(h, op, op, &alpha, ma, mb, &beta, mc, CUDA_R_64F,
                                    CUSPARSE_SPGEMM_DEFAULT, sd, &bytes1, buffer1.data()),
      "cusparseSpGEMM_workEstimation");
  cusparse_check(cusparseSpGEMM_compute(h, op, op, &alpha, ma, mb, &beta, mc, CUDA_R_64F,
                                        CUSPARSE_SPGEMM_DEFAULT, sd, &bytes2, nullptr),
                 "cusparseSpGEMM_compute (size)");
  DeviceBuffer<std::uint8_t> buffer2(bytes2);
  cusparse_check(cusparseSpGEMM_compute(h, op, op, &alpha, ma, mb, &beta, mc, CUDA_R_64F,
                                        CUSPARSE_SPGEMM_DEFAULT, sd, &bytes2, buffer2.data()),
                 "cusparseSpGEMM_compute");
  std::int64_t rows = 0, cols = 0, nnz = 0;
  cusparse_check(cusparseSpMatGetSize(mc, &rows, &cols, &nnz), "cusparseSpMatGetSize");
  c.nnz = nnz;
  c.row_ptr = DeviceBuffer<std::int32_t>(std::size_t(c.rows) + 1);
  c.col = DeviceBuffer<std::int32_t>(std::size_t(nnz));
  c.val = DeviceBuffer<double>(std::size_t(nnz));
  cusparse_check(cusparseCsrSetPointers(mc, c.row_ptr.data(), c.col.data(), c.val.data()),
                 "cusparseCsrSetPointers");
  cusparse_check(cusparseSpGEMM_copy(h, op, op, &alpha, ma, mb, &beta, mc, CUDA_R_64F,
                                     CUSPARSE_SPGEMM_DEFAULT, sd),
                 "cusparseSpGEMM_copy");
  cuda_synchronize("cusparseSpGEMM");
  cusparseSpGEMM_destroyDescr(sd);
  cusparseDestroySpMat(ma);
  cusparseDestroySpMat(mb);
  cusparseDestroySpMat(mc);
  cusparseDestroy(h);
  return c;
}

}  // namespace spgraph::peers
