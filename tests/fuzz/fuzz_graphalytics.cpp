// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point: feeds arbitrary bytes to the Graphalytics dataset reader
// (loaders/graphalytics.hpp). An input is the dataset's three files joined by NUL bytes:
// the .properties text, the vertex file, the edge file (a missing part is empty). What loads must
// survive the binary round trip (round_trip.hpp) with its vertex names, its ids must ascend with
// the dense ids, and its arc count must be meta.edges (twice that when undirected). Any
// spgraph::Error is an accepted outcome; crashes, sanitizer reports, other exceptions and a
// broken invariant are bugs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/core/error.hpp"
#include "loaders/graphalytics.hpp"
#include "tests/fuzz/round_trip.hpp"

namespace {

/// The next NUL-separated part of `rest` (all of it when there is no NUL), consumed.
std::string_view next_part(std::string_view& rest) {
  const std::size_t nul = rest.find('\0');
  const std::string_view part = rest.substr(0, nul);
  rest = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);
  return part;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const std::string_view properties = next_part(rest);
  const std::string_view vertices = next_part(rest);
  const std::string_view edges = next_part(rest);
  spgraph::LoadOptions options;
  options.threads = 1;
  options.max_dimension = 1 << 16;
  // A fixed budget: the default follows MemAvailable, whose comparisons would feed different
  // values to the fuzzer from run to run (run_fuzz_target.sh wants the same runs every time).
  options.memory_limit = std::uint64_t(1) << 30;
  options.pattern_only = size & 1;
  try {
    spgraph::GraphalyticsProperties p = spgraph::GraphalyticsProperties::from(
        spgraph::PropertiesFile::parse("fuzz.properties", properties));
    const spgraph::GraphalyticsDataset d =
        spgraph::read_graphalytics(std::move(p), "fuzz.v", vertices, "fuzz.e", edges, options);
    const spgraph::LoadedMatrix& m = d.graph;
    const spgraph::VertexIds& ids = *m.info.ids;
    for (spgraph::Vertex v = 1; v < ids.size(); ++v)
      if (ids.integer_id(v - 1) >= ids.integer_id(v)) __builtin_trap();
    const std::uint64_t arcs = d.properties.meta_edges() * (d.properties.directed() ? 1 : 2);
    if (spgraph::nvals_of(m.matrix) != arcs) __builtin_trap();
    const spgraph::LoadedMatrix back =
        spgraph::fuzz::check_binary_round_trip(m, options.memory_limit);
    if (back.info.ids->size() != ids.size()) __builtin_trap();
  } catch (const spgraph::Error&) {
  }
  return 0;
}
