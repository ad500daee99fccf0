// SPDX-License-Identifier: Apache-2.0
// Batch k-selection on a CUDA device: for each of many float lists, its k smallest keys in
// ascending order with their positions, ties by the smaller position (the CPU's batch
// k-selection, formats/topk/batch_select.hpp, returns the same keys; the tie rule is
// TopKSelector's). One thread block per list runs the block select of block_select_lanes.hpp
// (MSD radix select, then a bitonic sort in shared memory; kept sets above kBlockSortMax keys
// are sorted by cub::DeviceSegmentedRadixSort instead). Declared here without CUDA includes;
// defined in batch_select_cuda.cu (spgraph_cuda, built only with SPGRAPH_ENABLE_CUDA). The host
// emulation of the same block logic is block_select_emulated.hpp. A single long list has its
// own entry point (long_k_select_cuda): the same select run by a whole grid.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// The most kept keys per list a block sorts in shared memory; larger kept sets go to CUB.
inline constexpr std::uint32_t kBlockSortMax = 2048;

/// The answer of a batch k-selection: list i's kept keys (ascending, ties by position) are
/// keys[ptr[i], ptr[i+1]) and their positions in the list positions[ptr[i], ptr[i+1]).
struct BatchSelectResult {
  std::vector<Offset> ptr{0};
  std::vector<float> keys;
  std::vector<std::uint32_t> positions;
};

/// Checks a batch's input as the device entry points need it: list_ptr non-decreasing from 0
/// to at most keys.size(), every list shorter than 2^32 (positions are 32-bit), no key NaN
/// (the CPU's batch_k_select has no answer for NaN: its sort order is undefined). Throws
/// InvalidArgument naming the first violation.
inline void check_batch_select_input(std::span<const float> keys, std::span<const Offset> list_ptr,
                                     const char* who) {
  for (std::size_t i = 0; i + 1 < list_ptr.size(); ++i) {
    if (list_ptr[i] > list_ptr[i + 1] || list_ptr[i + 1] > keys.size())
      throw InvalidArgument(std::string(who) + ": list_ptr[" + std::to_string(i + 1) +
                            "] = " + std::to_string(list_ptr[i + 1]) +
                            " is below the previous offset or past the keys");
    if (list_ptr[i + 1] - list_ptr[i] > std::numeric_limits<std::uint32_t>::max())
      throw InvalidArgument(std::string(who) + ": list " + std::to_string(i) +
                            " has 2^32 keys or more (positions are 32-bit)");
  }
  if (!list_ptr.empty() && list_ptr[0] != 0)
    throw InvalidArgument(std::string(who) + ": list_ptr[0] must be 0");
  for (std::size_t e = 0; e < keys.size(); ++e)
    if (std::isnan(keys[e]))
      throw InvalidArgument(std::string(who) + ": key " + std::to_string(e) +
                            " is NaN (keys are ranked by value; NaN has no rank)");
}

/// Output offsets: a prefix sum of min(k, list length).
inline std::vector<Offset> batch_select_out_ptr(std::span<const Offset> list_ptr, std::size_t k) {
  const std::size_t lists = list_ptr.empty() ? 0 : list_ptr.size() - 1;
  std::vector<Offset> out(lists + 1, 0);
  for (std::size_t i = 0; i < lists; ++i) {
    const Offset len = list_ptr[i + 1] - list_ptr[i];
    out[i + 1] = out[i] + (len < k ? len : Offset(k));
  }
  return out;
}

/// The batch k-selection on the device, from host memory to host memory (checks the input,
/// uploads, selects, downloads). Throws BackendUnavailable without a device.
BatchSelectResult batch_k_select_cuda(std::span<const float> keys, std::span<const Offset> list_ptr,
                                      std::size_t k);

/// The same on device memory (what the benchmark times): keys and list_ptr (lists + 1 entries)
/// and out_ptr (batch_select_out_ptr, lists + 1 entries) on the device; writes out_keys and
/// out_positions (out_ptr[lists] entries each). The input must pass check_batch_select_input.
/// Asynchronous on the backend's stream.
void batch_k_select_device(const float* keys, const Offset* list_ptr, const Offset* out_ptr,
                           std::size_t lists, std::size_t k, float* out_keys,
                           std::uint32_t* out_positions);

/// The k smallest keys of one long list, ascending, ties by the smaller position: the same
/// select run by the whole grid (select_long_cuda.cu): every pass a kernel in which each block
/// counts its share of the list into shared buckets and adds them to global ones, one thread
/// picks the bucket, then every thread gathers its kept keys and cub::DeviceRadixSort sorts
/// them. The list must be shorter than 2^32 keys, none NaN (InvalidArgument otherwise).
BatchSelectResult long_k_select_cuda(std::span<const float> keys, std::size_t k);

/// The same on device memory (the benchmark): keys[0, n) on the device; writes min(k, n)
/// keys and positions. The input must pass check_batch_select_input. Asynchronous on the
/// backend's stream.
void long_k_select_device(const float* keys, std::size_t n, std::size_t k, float* out_keys,
                          std::uint32_t* out_positions);

}  // namespace spgraph
