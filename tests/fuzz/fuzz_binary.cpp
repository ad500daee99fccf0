// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point: feeds arbitrary bytes to the Binary reader; what loads must encode to
// a file that reads back the same (round_trip.hpp). Any spgraph::Error is an accepted outcome;
// crashes, sanitizer reports, other exceptions and a failed round trip are bugs.
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "engine/core/error.hpp"
#include "loaders/load.hpp"
#include "tests/fuzz/round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  spgraph::LoadOptions options;
  options.format = spgraph::FileFormat::Binary;
  options.threads = 1;
  options.max_dimension = 1 << 16;
  // A fixed budget: the default follows MemAvailable, whose comparisons would feed different
  // values to the fuzzer from run to run (run_fuzz_target.sh wants the same runs every time).
  options.memory_limit = std::uint64_t(1) << 30;
  // For even sizes, rewrite the trailing CRC-32 so mutations get past the checksum and reach
  // the structural checks; odd sizes keep the bytes as they are and exercise the checksum.
  std::string bytes(reinterpret_cast<const char*>(data), size);
  if (size % 2 == 0 && size >= 4) {
    const auto crc =
        std::uint32_t(crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), uInt(size - 4)));
    std::memcpy(bytes.data() + size - 4, &crc, 4);
  }
  try {
    const spgraph::LoadedMatrix m = spgraph::load_matrix_from_buffer("fuzz.spg", bytes, options);
    spgraph::fuzz::check_binary_round_trip(m, options.memory_limit);
  } catch (const spgraph::Error&) {
  }
  return 0;
}
