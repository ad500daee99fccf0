// SPDX-License-Identifier: Apache-2.0
// GPU benchmark of the batched k-selection (formats/topk/batch_select_cuda.hpp: one block per
// list, MSD radix select + bitonic sort, block_select_lanes.hpp) against its baseline in the
// same run: cub::DeviceSegmentedRadixSort::SortPairs of the same lists (keys and positions),
// from which the first k of each list are the answer. Lists of uniform random floats (fixed
// seed), generated on the host and uploaded once; each method runs once untimed, then `runs`
// times, timed with CUDA events on the backend's stream (median reported). The two answers are
// compared (positions of the first k of every list) before any time is printed.
// With --long N, also one list of N keys: the grid-wide select (long_k_select_device) against
// cub::DeviceRadixSort::SortPairs of the whole list.
//   usage: topk_bench --lists N --len L --k K [--k K2 ...] [--long N] [--runs R]
// Prints one line per k: both medians, the ratio CUB / ours (above 1: ours is faster), and the
// peak device memory of each method (device_stats(), formats/device/device_stats.hpp).
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/device/device_stats.hpp"
#include "formats/topk/batch_select_cuda.hpp"

namespace spgraph {
namespace {

struct Args {
  std::size_t lists = 10000, len = 10000;
  std::vector<std::size_t> ks;
  std::size_t long_len = 0;  ///< --long N: also one list of N keys
  int runs = 5;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string f = argv[i];
    const std::size_t v = std::strtoull(argv[i + 1], nullptr, 10);
    if (f == "--lists")
      a.lists = v;
    else if (f == "--len")
      a.len = v;
    else if (f == "--k")
      a.ks.push_back(v);
    else if (f == "--runs")
      a.runs = int(v);
    else if (f == "--long")
      a.long_len = v;
    else
      throw InvalidArgument("topk_bench: unknown flag " + f);
  }
  if (a.ks.empty()) a.ks = {10, 1000};
  return a;
}

/// Milliseconds of f() on the backend's stream: the median of `runs` after one warm-up.
template <class F>
double median_ms(int runs, F&& f) {
  const cudaStream_t st = cuda_stream();
  cudaEvent_t start, stop;
  cuda_check(cudaEventCreate(&start), "cudaEventCreate");
  cuda_check(cudaEventCreate(&stop), "cudaEventCreate");
  f();
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) {
    cuda_check(cudaEventRecord(start, st), "cudaEventRecord");
    f();
    cuda_check(cudaEventRecord(stop, st), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float t = 0;
    cuda_check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
    ms.push_back(t);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

/// One long list: long_k_select_device against cub::DeviceRadixSort::SortPairs of the whole
/// list (keys and positions), answers compared first; returns 3 on a mismatch.
int run_long(const Args& a) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  const std::size_t n = a.long_len;
  std::vector<float> keys(n);
  for (float& x : keys) x = unit(rng);
  std::vector<std::uint32_t> positions(n);
  for (std::size_t e = 0; e < n; ++e) positions[e] = std::uint32_t(e);
  const auto d_keys = DeviceBuffer<float>::from_host(keys);
  const auto d_pos = DeviceBuffer<std::uint32_t>::from_host(positions);
  std::printf("one list of %zu float keys\n", n);
  std::printf("%-8s %14s %14s %10s %16s %16s\n", "k", "ours_ms", "cub_sort_ms", "cub/ours",
              "ours_peak_bytes", "cub_peak_bytes");
  for (std::size_t k : a.ks) {
    const std::size_t keep = std::min(k, n);
    const std::uint64_t base = device_stats().bytes_in_use;
    reset_device_stats();
    DeviceBuffer<float> out_keys(keep);
    DeviceBuffer<std::uint32_t> out_pos(keep);
    const double ours = median_ms(a.runs, [&] {
      long_k_select_device(d_keys.data(), n, k, out_keys.data(), out_pos.data());
    });
    const std::uint64_t ours_peak = device_stats().peak_bytes - base;
    reset_device_stats();
    DeviceBuffer<float> sorted_keys(n);
    DeviceBuffer<std::uint32_t> sorted_pos(n);
    std::size_t temp_bytes = 0;
    cuda_check(
        cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, d_keys.data(), sorted_keys.data(),
                                        d_pos.data(), sorted_pos.data(), n, 0, 32, cuda_stream()),
        "cub::DeviceRadixSort::SortPairs (size query)");
    DeviceBuffer<std::uint8_t> temp(temp_bytes);
    const double cub = median_ms(a.runs, [&] {
      cuda_check(cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, d_keys.data(),
                                                 sorted_keys.data(), d_pos.data(),
                                                 sorted_pos.data(), n, 0, 32, cuda_stream()),
                 "cub::DeviceRadixSort::SortPairs");
    });
    const std::uint64_t cub_peak = device_stats().peak_bytes - base;
    const std::vector<std::uint32_t> ours_pos = out_pos.to_host();
    const std::vector<std::uint32_t> cub_pos = sorted_pos.to_host();
    for (std::size_t j = 0; j < keep; ++j)
      if (ours_pos[j] != cub_pos[j]) {
        std::printf("MISMATCH: long list, k %zu, rank %zu: ours position %u, CUB %u\n", k, j,
                    ours_pos[j], cub_pos[j]);
        return 3;
      }
    std::printf("%-8zu %14.3f %14.3f %10.2f %16llu %16llu\n", k, ours, cub, cub / ours,
                (unsigned long long)ours_peak, (unsigned long long)cub_peak);
  }
  return 0;
}

int run(const Args& a) {
  require_cuda_device();
  std::printf("device: %s\n", cuda_device_info().name.c_str());
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  const std::size_t n = a.lists * a.len;
  std::vector<float> keys(n);
  for (float& x : keys) x = unit(rng);
  std::vector<Offset> list_ptr(a.lists + 1);
  std::vector<std::uint32_t> positions(n);
  for (std::size_t i = 0; i <= a.lists; ++i) list_ptr[i] = i * a.len;
  for (std::size_t e = 0; e < n; ++e) positions[e] = std::uint32_t(e % a.len);
  const auto d_keys = DeviceBuffer<float>::from_host(keys);
  const auto d_ptr = DeviceBuffer<Offset>::from_host(list_ptr);
  const auto d_pos = DeviceBuffer<std::uint32_t>::from_host(positions);
  std::printf("lists %zu x %zu float keys\n", a.lists, a.len);
  std::printf("%-6s %14s %14s %10s %16s %16s\n", "k", "ours_ms", "cub_sort_ms", "cub/ours",
              "ours_peak_bytes", "cub_peak_bytes");
  for (std::size_t k : a.ks) {
    const std::vector<Offset> out_ptr = batch_select_out_ptr(list_ptr, k);
    const auto d_out_ptr = DeviceBuffer<Offset>::from_host(out_ptr);
    const std::uint64_t base = device_stats().bytes_in_use;
    reset_device_stats();
    DeviceBuffer<float> out_keys(out_ptr.back());
    DeviceBuffer<std::uint32_t> out_pos(out_ptr.back());
    const double ours = median_ms(a.runs, [&] {
      batch_k_select_device(d_keys.data(), d_ptr.data(), d_out_ptr.data(), a.lists, k,
                            out_keys.data(), out_pos.data());
    });
    const std::uint64_t ours_peak = device_stats().peak_bytes - base;
    reset_device_stats();
    DeviceBuffer<float> sorted_keys(n);
    DeviceBuffer<std::uint32_t> sorted_pos(n);
    std::size_t temp_bytes = 0;
    cuda_check(
        cub::DeviceSegmentedRadixSort::SortPairs(
            nullptr, temp_bytes, d_keys.data(), sorted_keys.data(), d_pos.data(), sorted_pos.data(),
            int(n), int(a.lists), d_ptr.data(), d_ptr.data() + 1, 0, 32, cuda_stream()),
        "cub::DeviceSegmentedRadixSort::SortPairs (size query)");
    DeviceBuffer<std::uint8_t> temp(temp_bytes);
    const double cub = median_ms(a.runs, [&] {
      cuda_check(cub::DeviceSegmentedRadixSort::SortPairs(
                     temp.data(), temp_bytes, d_keys.data(), sorted_keys.data(), d_pos.data(),
                     sorted_pos.data(), int(n), int(a.lists), d_ptr.data(), d_ptr.data() + 1, 0, 32,
                     cuda_stream()),
                 "cub::DeviceSegmentedRadixSort::SortPairs");
    });
    const std::uint64_t cub_peak = device_stats().peak_bytes - base;
    // The answers: the first k positions of each sorted list against ours.
    const std::vector<std::uint32_t> ours_pos = out_pos.to_host();
    const std::vector<std::uint32_t> cub_pos = sorted_pos.to_host();
    for (std::size_t i = 0; i < a.lists; ++i)
      for (Offset j = 0; j < out_ptr[i + 1] - out_ptr[i]; ++j)
        if (ours_pos[out_ptr[i] + j] != cub_pos[i * a.len + j]) {
          std::printf("MISMATCH: k %zu, list %zu, rank %llu: ours position %u, CUB %u\n", k, i,
                      (unsigned long long)j, ours_pos[out_ptr[i] + j], cub_pos[i * a.len + j]);
          return 3;
        }
    std::printf("%-6zu %14.3f %14.3f %10.2f %16llu %16llu\n", k, ours, cub, cub / ours,
                (unsigned long long)ours_peak, (unsigned long long)cub_peak);
  }
  return a.long_len > 0 ? run_long(a) : 0;
}

}  // namespace
}  // namespace spgraph

int main(int argc, char** argv) {
  try {
    return spgraph::run(spgraph::parse(argc, argv));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "topk_bench: %s\n", e.what());
    return 1;
  }
}
