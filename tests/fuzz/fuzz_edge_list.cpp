// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point: feeds arbitrary bytes to the EdgeList reader, both its fast path and
// its table path (headers, columns by name, quotes, a type filter, string ids). What loads must
// survive the binary round trip (round_trip.hpp) with every vertex name. Any spgraph::Error is
// an accepted outcome; crashes, sanitizer reports, other exceptions and a failed round trip are
// bugs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/core/error.hpp"
#include "loaders/load.hpp"
#include "tests/fuzz/round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  spgraph::LoadOptions options;
  options.format = spgraph::FileFormat::EdgeList;
  options.threads = 1;
  options.max_dimension = 1 << 16;
  // A fixed budget: the default follows MemAvailable, whose comparisons would feed different
  // values to the fuzzer from run to run (run_fuzz_target.sh wants the same runs every time).
  options.memory_limit = std::uint64_t(1) << 30;
  // The input size picks the options, so every combination gets exercised.
  options.remap_ids = size & 1;
  options.undirected = size & 2;
  options.index_base = int(size / 4 % 3) - 1;
  options.duplicates =
      size & 8 ? spgraph::DuplicatePolicy::Reject : spgraph::DuplicatePolicy::Combine;
  // The first byte, when there is one, picks the table path's options.
  const unsigned pick = size ? data[0] : 0;
  if (pick & 1) options.header = int(pick >> 1 & 1);
  if (pick & 4) options.edge_types = {"is_a", "b"};
  if (pick & 8) options.src_column = pick & 16 ? "src" : "2";
  if (pick & 32) options.weight_column = "3";
  if (pick & 64) options.delimiter = pick & 128 ? ',' : '\t';
  options.string_ids = options.remap_ids && (pick & 2);
  try {
    const spgraph::LoadedMatrix m = spgraph::load_matrix_from_buffer(
        "fuzz.txt", std::string_view(reinterpret_cast<const char*>(data), size), options);
    // What loaded writes and reads back (names and all) through memory-only encodings.
    const spgraph::LoadedMatrix back =
        spgraph::fuzz::check_binary_round_trip(m, options.memory_limit);
    if (back.info.ids->size() != m.info.ids->size()) __builtin_trap();
  } catch (const spgraph::Error&) {
  }
  return 0;
}
