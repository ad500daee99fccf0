// SPDX-License-Identifier: Apache-2.0
// cusparse_spgemm_host (cusparse_spgemm.hpp): uploads A and B in cuSPARSE's 32-bit form, runs
// cusparseSpGEMM (cusparse_spgemm_device.cuh) and downloads C with 64-bit row offsets.
//
// STATUS: compiled, never run (written where no GPU was lent).
#include "tools/compare/peers/cusparse_spgemm.hpp"
#include "tools/compare/peers/cusparse_spgemm_device.cuh"

namespace spgraph::peers {

Csr<double> cusparse_spgemm_host(const Csr<double>& a, const Csr<double>& b) {
  require_cuda_device();
  const Csr32 da = to_csr32(a);
  const Csr32 db = &a == &b ? Csr32{} : to_csr32(b);
  const Csr32 dc = cusparse_spgemm(da, &a == &b ? da : db);
  const std::vector<std::int32_t> rp = dc.row_ptr.to_host();
  const std::vector<std::int32_t> col = dc.col.to_host();
  Csr<double> c = Csr<double>::empty(a.nrows, b.ncols, false);
  c.row_ptr.assign(rp.begin(), rp.end());
  c.col.assign(col.begin(), col.end());
  c.val = dc.val.to_host();
  return c;
}

}  // namespace spgraph::peers
