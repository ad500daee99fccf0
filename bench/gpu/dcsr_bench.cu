// SPDX-License-Identifier: Apache-2.0
// gpu_dcsr_bench FILE [--batch N] [--batches B] [--rounds R] [--iterations I]: the device
// Dynamic CSR (formats/dcsr/dcsr_cuda.hpp; King et al., "Dynamic-CSR", 2016) against its
// baselines in the same run, for issue 36's targets (bench/gpu/40-dcsr.sh drives it):
//   1. inserts: FILE's arcs as the base, then B batches of N random arcs (uniform ends, weights
//      1..100; IgnoreIfPresent, as a stream keeps a set; DynamicGraph's streaming parameters),
//      each applied whole (upload, radix sort, merge); arcs per second on the device against
//      the CPU Dynamic CSR on every thread of the machine given the same batches;
//   2. SpMV on the fragmented form: a fresh base, R rounds of inserts of 2% of its arcs with
//      the automatic defragmentation off, then plus_times SpMV (median of I calls, x and y on
//      the device) against the same warp-per-row kernel on a compact copy (one segment per
//      row, no slack: the CSR layout), with the share of rows holding several segments;
//   3. the peak device memory of each part (device_stats()).
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/gpu/dcsr_bench_host.hpp"
#include "formats/dcsr/dcsr_cuda.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/device/device_stats.hpp"
#include "tools/common/stats.hpp"

namespace {

using namespace spgraph;

struct Args {
  std::string file;
  std::size_t batch = 1000000;
  int batches = 10;
  int rounds = 10;
  int iterations = 20;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    const auto next = [&]() -> long long {
      if (i + 1 >= argc) throw InvalidArgument(s + " needs a value");
      return std::atoll(argv[++i]);
    };
    if (s == "--batch")
      a.batch = std::size_t(next());
    else if (s == "--batches")
      a.batches = int(next());
    else if (s == "--rounds")
      a.rounds = int(next());
    else if (s == "--iterations")
      a.iterations = int(next());
    else
      a.file = s;
  }
  if (a.file.empty())
    throw InvalidArgument(
        "usage: gpu_dcsr_bench FILE [--batch N] [--batches B] [--rounds R] [--iterations I]");
  return a;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

using tools::median;  // tools/common/stats.hpp

double mib(std::uint64_t bytes) {
  return double(bytes) / (1 << 20);
}

DcsrParams insert_params() {
  DcsrParams p = streaming_dcsr_params();
  p.duplicates = DuplicatePolicy::IgnoreIfPresent;
  return p;
}

void bench_inserts(const Csr<double>& base, const Args& a) {
  const std::vector<bench::ArcBatch> batches =
      bench::random_batches(base.nrows, a.batch, a.batches, 1);
  reset_device_stats();
  DcsrDevice<double> d = DcsrDevice<double>::from_csr(base, insert_params());
  std::vector<double> per_batch;
  Offset inserted = 0;
  for (const bench::ArcBatch& b : batches) {
    const auto t0 = std::chrono::steady_clock::now();
    inserted += d.apply({}, b.rows, b.cols, b.vals).counts.inserted;
    per_batch.push_back(seconds_since(t0));
  }
  double total = 0;
  for (const double s : per_batch) total += s;
  const double device_rate = double(a.batch) * a.batches / total;
  const DcsrStats st = d.stats();
  const std::uint64_t peak = device_stats().peak_bytes;
  const bench::CpuInsertRun cpu = bench::cpu_insert(base, batches, insert_params());
  const double cpu_rate = double(cpu.arcs) / cpu.seconds;
  std::printf(
      "inserts: %d batches of %zu random arcs: device %.3g arcs/s (median batch %.2f ms, %llu "
      "inserted, %llu defragmentations), CPU Dynamic CSR on %d threads %.3g arcs/s (%llu "
      "inserted); device / CPU = %.1fx; target >= 5e8 arcs/s: %s\n",
      a.batches, a.batch, device_rate, 1e3 * median(per_batch), (unsigned long long)inserted,
      (unsigned long long)st.defragmentations, cpu.threads, cpu_rate,
      (unsigned long long)cpu.inserted, device_rate / cpu_rate,
      device_rate >= 5e8 ? "met" : "NOT met");
  std::printf("inserts: peak device memory %.1f MiB (pool %llu slots, %llu allocated)\n", mib(peak),
              (unsigned long long)st.capacity, (unsigned long long)st.allocated);
  if (inserted != cpu.inserted) {
    std::printf("inserts: MISMATCH: the device inserted %llu arcs, the CPU %llu\n",
                (unsigned long long)inserted, (unsigned long long)cpu.inserted);
    std::exit(1);
  }
}

/// Median ms of `iterations` SpMV calls on the device (after one warm-up call).
double spmv_ms(const DcsrDevice<double>& d, const double* x, double* y, int iterations) {
  d.spmv_on_device<PlusTimes<double>>(x, y);
  std::vector<double> ms;
  for (int i = 0; i < iterations; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    d.spmv_on_device<PlusTimes<double>>(x, y);
    ms.push_back(1e3 * seconds_since(t0));
  }
  return median(ms);
}

void bench_spmv(const Csr<double>& base, const Args& a) {
  DcsrParams p = insert_params();
  p.space_threshold = 1e9;  // no automatic defragmentation: the form stays fragmented
  reset_device_stats();
  DcsrDevice<double> d = DcsrDevice<double>::from_csr(base, p);
  const std::size_t round = std::max<std::size_t>(1, base.nnz() / 50);
  for (const bench::ArcBatch& b : bench::random_batches(base.nrows, round, a.rounds, 2))
    d.apply({}, b.rows, b.cols, b.vals);
  const DcsrStats st = d.stats();
  const DcsrDevice<double> compact = d.freeze();
  std::vector<double> xh(base.ncols);
  for (std::size_t i = 0; i < xh.size(); ++i) xh[i] = double(i % 17) / 16;
  const DeviceBuffer<double> x = DeviceBuffer<double>::from_host(xh);
  DeviceBuffer<double> y(base.nrows), yc(base.nrows);
  const double frag = spmv_ms(d, x.data(), y.data(), a.iterations);
  const double flat = spmv_ms(compact, x.data(), yc.data(), a.iterations);
  const std::vector<double> a1 = y.to_host(), a2 = yc.to_host();
  double diff = 0;
  for (std::size_t i = 0; i < a1.size(); ++i)
    diff = std::max(diff, std::abs(a1[i] - a2[i]) / std::max(1.0, std::abs(a2[i])));
  std::printf(
      "spmv: after %d rounds of %zu inserted arcs (%llu arcs, %llu of %u rows in several "
      "segments): fragmented %.3f ms, compact (CSR layout, same kernel) %.3f ms; fragmented / "
      "compact = %.2f; target <= 1.3: %s; largest relative difference %.1e\n",
      a.rounds, round, (unsigned long long)d.nvals(), (unsigned long long)st.multi_segment_rows,
      base.nrows, frag, flat, frag / flat, frag <= 1.3 * flat ? "met" : "NOT met", diff);
  std::printf("spmv: peak device memory %.1f MiB (both copies)\n", mib(device_stats().peak_bytes));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Args a = parse(argc, argv);
    const auto t0 = std::chrono::steady_clock::now();
    const Csr<double> base = bench::load_arcs(a.file);
    std::printf("# gpu_dcsr_bench %s: %u vertices, %llu arcs (loaded in %.1f s); device %s\n",
                a.file.c_str(), base.nrows, (unsigned long long)base.nnz(), seconds_since(t0),
                cuda_device_info().name.c_str());
    bench_inserts(base, a);
    bench_spmv(base, a);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpu_dcsr_bench: %s\n", e.what());
    return 1;
  }
}
