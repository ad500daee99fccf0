// SPDX-License-Identifier: Apache-2.0
// The spgraph binary format read by ranges (no rank reads it all): every rank checks the header
// with the engine's reader (loaders/binary_format.hpp), takes an equal range of rows, and reads
// only its slices of row_ptr, col and the values; the CRC-32 is summed by byte ranges and
// combined on rank 0 (zlib's crc32_combine); the CSR checks run on each rank's rows; a file
// flagged symmetric is checked against its transpose after the arcs reach their owners.
#pragma once

#include <string>
#include <string_view>

#include "tools/spgraph_mpi/distributed_load.hpp"

namespace spgraph::mpi {

DistributedGraph load_binary_distributed(const MpiContext& ctx, const std::string& path,
                                         std::string_view bytes, const LoadOptions& options,
                                         bool with_values);

}  // namespace spgraph::mpi
