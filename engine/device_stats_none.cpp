// SPDX-License-Identifier: Apache-2.0
// device_stats() (formats/device/device_stats.hpp) in a build without the CUDA backend: no
// device memory is ever held or copied, so every counter is zero. The CUDA build defines them in
// formats/device/device_stats.cpp (library spgraph_cuda) instead; this file is compiled only
// when SPGRAPH_ENABLE_CUDA is off, so the CLI's report of the counters links in every build.
#include "formats/device/device_stats.hpp"

namespace spgraph {

DeviceStats device_stats() {
  return {};
}

void reset_device_stats() {}

}  // namespace spgraph
