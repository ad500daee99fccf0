// SPDX-License-Identifier: Apache-2.0
// The GPU SpMV benchmark (issue 34's targets; bench/gpu/10-spmv.sh runs it in the GPU check): for
// each matrix file, y = A x over plus_times in fp64, in one process on one device:
//   - the bandwidth of a device copy kernel (read and write of a buffer several times the size
//     of the device's L2 cache, best of several runs): the roof SpMV is held to;
//   - spgraph's CSR5 kernel (formats/csr5/csr5_spmv_cuda.hpp, the paper's GPU tile shape) and
//     CSR-vector kernel (formats/csr/spmv_vector_cuda.hpp), and cuSPARSE's cusparseSpMV
//     (tools/compare/peers/cusparse_spmv.hpp), each the median of --iterations calls timed with
//     device events; the effective bandwidth by Liu & Vinter's byte count (ICS'15 §5: row
//     offsets, columns, values, one x and one y access per entry and row) and its fraction of
//     the copy kernel's; the ratios cuSPARSE / spgraph;
//   - the GPU rule's inputs (row-length CV, longest row) and its choice against the faster of
//     the two kernels measured here: the data that will set the rule's thresholds
//     (formats/csr5/csr5_gpu_rule.hpp, not yet measured);
//   - end to end, what a CLI user waits for: load, conversion and upload of A, upload of x, the
//     first kernel call, download of y;
//   - the peak device memory (device_stats(), cuSPARSE's copy included).
// Every result is checked against cuSPARSE's (within 1e-12 x row length x row magnitude); a
// mismatch exits 3. Prints one block per matrix.
//   usage: gpu_spmv_bench [--iterations N] FILE...
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/spmv_dense_cuda.hpp"
#include "formats/csr5/csr5_gpu_params.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/device/device_stats.hpp"
#include "loaders/load.hpp"
#include "tools/compare/peers/cusparse_spmv.hpp"

namespace spgraph::bench {
namespace {

using Clock = std::chrono::steady_clock;
using SR = PlusTimes<double>;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

__global__ void copy_kernel(const double* __restrict__ in, double* __restrict__ out,
                            std::size_t n) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = in[i];
}

/// Median seconds of `reps` runs of launch(), each timed with device events.
template <class F>
double median_device_seconds(int reps, F&& launch) {
  const cudaStream_t s = cuda_stream();
  cudaEvent_t start, stop;
  cuda_check(cudaEventCreate(&start), "cudaEventCreate");
  cuda_check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> t;
  for (int k = 0; k < reps; ++k) {
    cuda_check(cudaEventRecord(start, s), "cudaEventRecord");
    launch();
    cuda_check(cudaEventRecord(stop, s), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    t.push_back(double(ms) / 1e3);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

/// The copy kernel's bandwidth in GB/s (bytes read + written), best of 10, over `bytes` per
/// buffer.
double copy_gbps(std::size_t bytes) {
  const std::size_t n = bytes / sizeof(double);
  DeviceBuffer<double> in(n), out(n);
  cuda_check(cudaMemsetAsync(in.data(), 0, in.bytes(), cuda_stream()), "cudaMemsetAsync");
  int sms = 0;
  cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "sm count");
  double best = 1e30;
  for (int k = 0; k < 10; ++k)
    best = std::min(best, median_device_seconds(1, [&] {
                      copy_kernel<<<unsigned(sms) * 8, 256, 0, cuda_stream()>>>(in.data(),
                                                                                out.data(), n);
                    }));
  cuda_check(cudaGetLastError(), "copy kernel launch");
  return 2.0 * double(n * sizeof(double)) / best / 1e9;
}

/// Bytes one SpMV moves by the papers' count (8-byte row offsets, 4-byte columns, fp64).
double spmv_bytes(const Csr<double>& a) {
  const double m = a.nrows, nnz = double(a.nnz());
  return (m + 1) * 8 + nnz * 4 + (a.pattern ? 0 : nnz * 8) + (nnz + m) * 8;
}

/// The largest difference of y from cuSPARSE's, in units of the row's tolerance (> 1 fails).
double worst_error(const Csr<double>& a, const std::vector<double>& x, const std::vector<double>& y,
                   const std::vector<double>& want) {
  double worst = 0;
  for (Vertex i = 0; i < a.nrows; ++i) {
    double mag = 0;
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
      mag += std::fabs((a.pattern ? 1.0 : a.val[k]) * x[a.col[k]]);
    const double tol =
        1e-12 * double(std::max<Offset>(a.row_ptr[i + 1] - a.row_ptr[i], 1)) * std::max(mag, 1.0);
    worst = std::max(worst, std::fabs(y[i] - want[i]) / tol);
  }
  return worst;
}

struct KernelResult {
  const char* name;
  double seconds = 0;
  double error = 0;  ///< worst_error against cuSPARSE
};

/// One of spgraph's kernels, forced by `format`: median of `iterations` calls, checked.
KernelResult time_ours(const char* name, const Matrix<double>& a, const std::vector<double>& x,
                       SpmvFormat format, int iterations, const std::vector<double>& want) {
  DeviceSpmv<SR, double> op(a, false, x.data(), format);
  op.run();
  KernelResult r{name};
  r.seconds = median_device_seconds(iterations, [&] { op.launch(); });
  std::vector<double> y(a.nrows());
  op.download(y.data());
  r.error = worst_error(a.csr(), x, y, want);
  return r;
}

/// End to end as the CLI runs it: a fresh load, the mirror built and uploaded, x, one call, y.
void end_to_end(const std::string& file, const std::vector<double>& x) {
  const auto t0 = Clock::now();
  const Matrix<double> a = matrix_cast<double>(load_matrix(file).matrix);
  const double load_s = seconds_since(t0);
  DeviceSpmv<SR, double> op(a, false, x.data());
  const double first_s = op.run();
  std::vector<double> y(a.nrows());
  const double down_s = op.download(y.data());
  std::printf(
      "end to end (%s): load %.1f ms, A converted and uploaded %.1f ms, x %.2f ms, first call "
      "%.2f ms, y %.2f ms: %.1f ms\n",
      op.choice().format == SpmvFormat::Csr5 ? "csr5" : "csr vector", load_s * 1e3,
      op.matrix_seconds() * 1e3, op.x_seconds() * 1e3, first_s * 1e3, down_s * 1e3,
      (load_s + op.matrix_seconds() + op.x_seconds() + first_s + down_s) * 1e3);
}

/// One matrix: every measurement of the header comment; returns false on a mismatch.
bool bench_file(const std::string& file, int iterations, double copy) {
  const auto t0 = Clock::now();
  const Matrix<double> a = matrix_cast<double>(load_matrix(file).matrix);
  const double load_s = seconds_since(t0);
  const Csr<double>& c = a.csr();
  std::vector<double> x(a.ncols());
  for (Vertex i = 0; i < a.ncols(); ++i) x[i] = 0.5 + double((i * 2654435761u) % 1000) / 1000;
  const GpuSpmvVerdict rule = gpu_spmv_choice(c);
  std::printf("== %s: %u rows, %llu entries (%s), loaded in %.1f s\n", file.c_str(), a.nrows(),
              (unsigned long long)a.nvals(), a.is_pattern() ? "pattern" : "valued", load_s);
  std::printf("rows: mean %.2f, CV %.3f, longest %llu; CSR5 sigma %d; rule: %s\n", rule.rows.mean,
              rule.rows.cv, (unsigned long long)rule.rows.max, csr5_gpu_sigma(a.nvals(), a.nrows()),
              rule.reason.c_str());
  reset_device_stats();
  peers::CusparseSpmv peer(c, x);
  const double cusparse_s = median_device_seconds(iterations, [&] { peer.launch(); });
  const std::vector<double> want = peer.result();
  const KernelResult csr5 = time_ours("csr5", a, x, SpmvFormat::Csr5, iterations, want);
  const KernelResult vec = time_ours("csr vector", a, x, SpmvFormat::Csr, iterations, want);
  const double bytes = spmv_bytes(c);
  std::printf("%-12s %10s %9s %9s %12s %s\n", "kernel", "ms", "GB/s", "of copy", "cuSPARSE/it",
              "check");
  bool ok = true;
  for (const KernelResult& k : {csr5, vec}) {
    const double gbps = bytes / k.seconds / 1e9;
    std::printf("%-12s %10.4f %9.1f %8.1f%% %12.3f %s (%.2g of tolerance)\n", k.name,
                k.seconds * 1e3, gbps, 100 * gbps / copy, cusparse_s / k.seconds,
                k.error <= 1 ? "ok" : "MISMATCH", k.error);
    ok = ok && k.error <= 1;
  }
  std::printf("%-12s %10.4f %9.1f %8.1f%% %12s %s\n", peer.version().c_str(), cusparse_s * 1e3,
              bytes / cusparse_s / 1e9, 100 * bytes / cusparse_s / 1e9 / copy, "1", "reference");
  const bool csr5_faster = csr5.seconds < vec.seconds;
  std::printf("rule picked %s; measured faster: %s (csr vector / csr5 = %.3f)\n",
              rule.use_csr5 ? "csr5" : "csr vector", csr5_faster ? "csr5" : "csr vector",
              vec.seconds / csr5.seconds);
  std::printf("peak device memory %.1f MiB (spgraph's mirrors and cuSPARSE's copy)\n",
              double(device_stats().peak_bytes) / (1 << 20));
  end_to_end(file, x);
  std::fflush(stdout);
  return ok;
}

}  // namespace
}  // namespace spgraph::bench

int main(int argc, char** argv) {
  using namespace spgraph;
  int iterations = 50;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--iterations" && i + 1 < argc)
      iterations = std::max(1, std::atoi(argv[++i]));
    else
      files.push_back(arg);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: gpu_spmv_bench [--iterations N] FILE...\n");
    return 2;
  }
  try {
    const CudaDeviceInfo& d = cuda_device_info();
    require_cuda_device();
    const double copy = bench::copy_gbps(std::size_t(1) << 30);
    std::printf("device: %s, sm_%d, %zu MiB; copy kernel %.1f GB/s (2 x 1 GiB, best of 10)\n",
                d.name.c_str(), d.compute_capability, d.memory_bytes >> 20, copy);
    bool ok = true;
    for (const std::string& f : files) ok = bench::bench_file(f, iterations, copy) && ok;
    return ok ? 0 : 3;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpu_spmv_bench: error: %s\n", e.what());
    return 1;
  }
}
