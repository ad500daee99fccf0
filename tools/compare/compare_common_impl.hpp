// SPDX-License-Identifier: Apache-2.0
// Template bodies of tools/compare/compare_common.hpp.
#pragma once

#include <malloc.h>

#include "tools/common/process_memory.hpp"

namespace spgraph::cli {

template <class F>
std::uint64_t peak_rise(F&& f) {
  malloc_trim(0);
  tools::reset_peak_rss();
  const std::uint64_t base = tools::current_rss_bytes();
  f();
  const std::uint64_t peak = tools::peak_rss_bytes();
  return peak > base ? peak - base : 0;
}

}  // namespace spgraph::cli
