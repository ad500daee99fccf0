// SPDX-License-Identifier: Apache-2.0
// GPU benchmark of issue 35 (run by bench/gpu/30-spgemm.sh through scripts/gpu_check.sh):
//   spgraph_spgemm_bench spgemm FILE RUNS   C = A·A over plus_times<double> (A's pattern, values
//       1), spgraph's device hash SpGEMM (formats/csr/spgemm_hash_resident_cuda.hpp) against
//       cusparseSpGEMM (tools/compare/peers/cusparse_spgemm_device.cuh), both on operands already
//       on the device, same process; the answers are checked (same pattern, same values: sums of
//       ones are exact); prints the median times, the ratio and each one's peak device memory
//       (device_stats(), which both allocate through).
//   spgraph_spgemm_bench tc FILE RUNS       the device triangle count against the CPU backend on
//       2 threads (bench_inputs.cpp), counts checked.
// One line per job: "job input ... key=value ...". Exit 1 on a mismatch or an error.
//
// STATUS: compiled, never run (written where no GPU was lent).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/gpu/bench_inputs.hpp"
#include "formats/csr/spgemm_hash_resident_cuda.hpp"
#include "formats/device/device_stats.hpp"
#include "tools/compare/peers/cusparse_spgemm_device.cuh"

namespace spgraph::bench {
namespace {

using peers::Csr32;
using peers::cusparse_spgemm;
using peers::to_csr32;

double mib(std::uint64_t bytes) {
  return double(bytes) / double(1 << 20);
}

/// Checks that C (spgraph, 64-bit offsets) and cuSPARSE's C32 hold the same product.
void check_same(const Csr<double>& c, const Csr32& c32) {
  const std::vector<std::int32_t> rp = c32.row_ptr.to_host();
  const std::vector<std::int32_t> col = c32.col.to_host();
  const std::vector<double> val = c32.val.to_host();
  if (Offset(c32.nnz) != c.nnz()) throw Error("entry counts differ from cusparseSpGEMM's");
  for (Vertex i = 0; i <= c.nrows; ++i)
    if (Offset(rp[i]) != c.row_ptr[i]) throw Error("row " + std::to_string(i) + " differs");
  for (Offset k = 0; k < c.nnz(); ++k)
    if (Vertex(col[k]) != c.col[k] || val[k] != c.val[k])
      throw Error("entry " + std::to_string(k) + " differs from cusparseSpGEMM's");
}

int run_spgemm(const std::string& path, int runs) {
  Csr<bool> p = load_pattern(path);
  Csr<double> a = Csr<double>::empty(p.nrows, p.ncols, false);
  a.row_ptr = std::move(p.row_ptr);
  a.col = std::move(p.col);
  a.val.assign(a.col.size(), 1.0);
  Offset products = 0;
  for (Offset k = 0; k < a.nnz(); ++k) products += a.degree(a.col[k]);
  const DeviceCsr<double> d = DeviceCsr<double>::upload(a);
  std::vector<double> ours, theirs;
  std::uint64_t our_peak = 0, their_peak = 0;
  Csr<double> c;
  for (int r = 0; r < runs; ++r) {
    reset_device_stats();
    auto t0 = std::chrono::steady_clock::now();
    DeviceCsr<double> dc = spgemm_hash_cuda_device<PlusTimes<double>>(d, d, nullptr, false, true);
    cuda_synchronize("spgemm_hash_cuda_device");
    ours.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    our_peak = device_stats().peak_bytes;
    if (r == 0) c = dc.download();
  }
  std::string peer = "ok";
  try {
    const Csr32 a32 = to_csr32(a);
    for (int r = 0; r < runs; ++r) {
      reset_device_stats();
      auto t0 = std::chrono::steady_clock::now();
      const Csr32 c32 = cusparse_spgemm(a32, a32);
      theirs.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      their_peak = device_stats().peak_bytes;
      if (r == 0) check_same(c, c32);
    }
  } catch (const OutOfMemory& e) {
    peer = std::string("out-of-memory: ") + e.what();
  }
  const double o = median(ours), t = median(theirs);
  std::printf(
      "spgemm %s products=%llu nnz_c=%llu spgraph_ms=%.3f cusparse_ms=%.3f "
      "speedup=%.2f spgraph_peak_mib=%.1f cusparse_peak_mib=%.1f cusparse=%s "
      "answers=checked\n",
      path.c_str(), (unsigned long long)products, (unsigned long long)c.nnz(), o * 1e3, t * 1e3,
      o > 0 && t > 0 ? t / o : 0.0, mib(our_peak), mib(their_peak), peer.c_str());
  return 0;
}

int run_tc(const std::string& path, int runs) {
  const TriangleTimes t = time_triangles(path, runs);
  std::printf(
      "tc %s triangles=%llu cuda_ms=%.3f cpu%d_ms=%.3f speedup=%.2f "
      "cuda_peak_mib=%.1f answers=checked\n",
      path.c_str(), (unsigned long long)t.triangles, t.device_s * 1e3, t.cpu_threads, t.cpu_s * 1e3,
      t.device_s > 0 ? t.cpu_s / t.device_s : 0.0, mib(t.device_peak_bytes));
  return 0;
}

}  // namespace
}  // namespace spgraph::bench

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s spgemm|tc FILE RUNS\n", argv[0]);
    return 2;
  }
  const std::string job = argv[1];
  const int runs = std::max(1, std::atoi(argv[3]));
  try {
    if (job == "spgemm") return spgraph::bench::run_spgemm(argv[2], runs);
    if (job == "tc") return spgraph::bench::run_tc(argv[2], runs);
    std::fprintf(stderr, "unknown job '%s'\n", job.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::printf("%s %s error: %s\n", job.c_str(), argv[2], e.what());
    return 1;
  }
}
