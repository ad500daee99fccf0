// libFuzzer entry point: feeds arbitrary bytes to the EdgeList reader. Any spgraph::Error is an
// accepted outcome; crashes, sanitizer reports and other exceptions are bugs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/core/error.hpp"
#include "loaders/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  spgraph::LoadOptions options;
  options.format = spgraph::FileFormat::EdgeList;
  options.threads = 1;
  options.max_dimension = 1 << 16;
  // The input size picks the options, so every combination gets exercised.
  options.remap_ids = size & 1;
  options.undirected = size & 2;
  options.index_base = int(size / 4 % 3) - 1;
  options.duplicates =
      size & 8 ? spgraph::DuplicatePolicy::Reject : spgraph::DuplicatePolicy::Combine;
  try {
    spgraph::load_matrix_from_buffer(
        "fuzz.txt", std::string_view(reinterpret_cast<const char*>(data), size), options);
  } catch (const spgraph::Error&) {
  }
  return 0;
}
