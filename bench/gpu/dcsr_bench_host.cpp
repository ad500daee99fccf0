// SPDX-License-Identifier: Apache-2.0
// The host side of the device Dynamic CSR benchmark: see dcsr_bench_host.hpp.
#include "bench/gpu/dcsr_bench_host.hpp"

#include <omp.h>

#include <chrono>
#include <random>

#include "engine/any_matrix.hpp"
#include "formats/dcsr/dcsr.hpp"
#include "loaders/load.hpp"

namespace spgraph::bench {

Csr<double> load_arcs(const std::string& file) {
  return matrix_cast<double>(load_matrix(file).matrix).csr();
}

std::vector<ArcBatch> random_batches(Vertex n, std::size_t size, int count, std::uint64_t seed) {
  std::vector<ArcBatch> out(count);
  std::mt19937_64 rng(seed);
  for (ArcBatch& b : out) {
    b.rows.resize(size);
    b.cols.resize(size);
    b.vals.resize(size);
    for (std::size_t i = 0; i < size; ++i) {
      b.rows[i] = Vertex(rng() % n);
      b.cols[i] = Vertex(rng() % n);
      b.vals[i] = double(rng() % 100 + 1);
    }
  }
  return out;
}

CpuInsertRun cpu_insert(const Csr<double>& base, const std::vector<ArcBatch>& batches,
                        const DcsrParams& params) {
  Dcsr<double> d = Dcsr<double>::from_csr(base, params);
  CpuInsertRun run;
  run.threads = omp_get_max_threads();
  const auto t0 = std::chrono::steady_clock::now();
  for (const ArcBatch& b : batches) {
    run.inserted += d.insert(b.rows, b.cols, b.vals).inserted;
    run.arcs += b.rows.size();
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

}  // namespace spgraph::bench
