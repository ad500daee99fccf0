// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point: feeds arbitrary bytes to the Metis reader; what loads must survive the
// binary round trip (round_trip.hpp). Any spgraph::Error is an accepted outcome; crashes,
// sanitizer reports, other exceptions and a failed round trip are bugs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/core/error.hpp"
#include "loaders/load.hpp"
#include "tests/fuzz/round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  spgraph::LoadOptions options;
  options.format = spgraph::FileFormat::Metis;
  options.threads = 1;
  options.max_dimension = 1 << 16;
  // A fixed budget: the default follows MemAvailable, whose comparisons would feed different
  // values to the fuzzer from run to run (run_fuzz_target.sh wants the same runs every time).
  options.memory_limit = std::uint64_t(1) << 30;
  try {
    const spgraph::LoadedMatrix m = spgraph::load_matrix_from_buffer(
        "fuzz.graph", std::string_view(reinterpret_cast<const char*>(data), size), options);
    spgraph::fuzz::check_binary_round_trip(m, options.memory_limit);
  } catch (const spgraph::Error&) {
  }
  return 0;
}
