// SPDX-License-Identifier: Apache-2.0
// The fuzz targets' shared oracle for what a reader accepts: the matrix it returns, written in
// the binary format (loaders/binary_format.hpp) and read back, must load (the binary reader
// checks the CSR structure: row offsets, sorted and distinct in-range columns, values without
// NaN) and must encode to the same bytes again. A reader that returned a malformed matrix, or
// values the binary reader refuses, fails here.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>

#include "engine/core/error.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/load.hpp"
#include "loaders/symmetry.hpp"

namespace spgraph::fuzz {

/// Aborts (a fuzzer failure) unless `m` survives the binary round trip unchanged; returns the
/// matrix read back.
inline LoadedMatrix check_binary_round_trip(const LoadedMatrix& m, std::uint64_t memory_limit) {
  // As save_matrix writes it: the symmetric flag only where values mirror too (a skew-symmetric
  // Matrix Market file has symmetric storage, not symmetric values).
  const bool symmetric =
      m.info.symmetric_storage &&
      std::visit([](const auto& x) { return is_symmetric(x.csr(), true); }, m.matrix);
  const std::string bin = encode_binary(m.matrix, symmetric, 0, m.info.ids.get());
  LoadOptions options;
  options.memory_limit = memory_limit;
  LoadedMatrix back;
  try {
    back = load_matrix_from_buffer("round-trip.spg", bin, options);
  } catch (const Error& e) {
    std::fprintf(stderr, "fuzz round trip: what loaded does not read back: %s\n", e.what());
    std::abort();
  }
  if (encode_binary(back.matrix, back.info.symmetric_storage, 0, back.info.ids.get()) != bin) {
    std::fprintf(stderr, "fuzz round trip: what loaded reads back differently\n");
    std::abort();
  }
  return back;
}

}  // namespace spgraph::fuzz
