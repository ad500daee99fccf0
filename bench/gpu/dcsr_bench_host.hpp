// SPDX-License-Identifier: Apache-2.0
// The host side of the device Dynamic CSR benchmark (dcsr_bench.cu): the graph loaded as arcs,
// the random batches, and the CPU backend's insert rate on the same batches (the CPU Dynamic
// CSR, formats/dcsr/dcsr.hpp, on every thread of the machine), compiled by the host compiler
// with OpenMP.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/csr/csr.hpp"
#include "formats/dcsr/dcsr_params.hpp"

namespace spgraph::bench {

/// A batch of random arcs (uniform ends, weights 1..100).
struct ArcBatch {
  std::vector<Vertex> rows, cols;
  std::vector<double> vals;
};

/// The graph in `file` (any format the loaders read) as a weighted CSR of its arcs.
Csr<double> load_arcs(const std::string& file);

/// `count` batches of `size` random arcs over n vertices.
std::vector<ArcBatch> random_batches(Vertex n, std::size_t size, int count, std::uint64_t seed);

/// What the CPU backend did with the batches.
struct CpuInsertRun {
  double seconds = 0;  ///< applying them (after the build)
  std::uint64_t arcs = 0;
  int threads = 0;
  Offset inserted = 0;
};

/// The CPU Dynamic CSR built from `base` with `params`, then every batch inserted and timed.
CpuInsertRun cpu_insert(const Csr<double>& base, const std::vector<ArcBatch>& batches,
                        const DcsrParams& params);

}  // namespace spgraph::bench
