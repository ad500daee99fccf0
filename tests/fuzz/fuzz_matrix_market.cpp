// libFuzzer entry point: feeds arbitrary bytes to the MatrixMarket reader. Any spgraph::Error is an
// accepted outcome; crashes, sanitizer reports and other exceptions are bugs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/core/error.hpp"
#include "loaders/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  spgraph::LoadOptions options;
  options.format = spgraph::FileFormat::MatrixMarket;
  options.threads = 1;
  options.max_dimension = 1 << 16;
  // A fixed budget: the default follows MemAvailable, whose comparisons would feed different
  // values to the fuzzer from run to run (run_fuzz_target.sh wants the same runs every time).
  options.memory_limit = std::uint64_t(1) << 30;
  options.pattern_only = size & 1;  // the input size picks the option
  try {
    spgraph::load_matrix_from_buffer(
        "fuzz.mtx", std::string_view(reinterpret_cast<const char*>(data), size), options);
  } catch (const spgraph::Error&) {
  }
  return 0;
}
