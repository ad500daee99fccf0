// SPDX-License-Identifier: Apache-2.0
// csr5_bench: CSR5 (formats/csr5/, Liu & Vinter ICS'15) against plain CSR
// (formats/csr/spmv_dense_cpu.hpp) for dense-vector SpMV, plus_times over double, on a valued
// matrix (double values) and on the pattern of the same matrix (y = sum of x over the row).
// Prints per matrix: CSR ms, CSR5 ms per ISA (scalar = generic kernel, avx2 with ω = 4,
// avx512 with ω = 8), conversion ms and conversion / CSR-SpMV ratio, and a σ sweep. Each time is
// the median of --reps runs after one warm-up run.
//
// Usage: csr5_bench MATRIX [--reps N] [--sigmas 4,8,16,...]
//   MATRIX: a graph file read by loaders/load.hpp (its pattern; values are made up), or
//           band:N:W (N rows of W entries, columns r-W/2 .. r+W/2-1, clipped: a regular
//           stencil-like matrix built in memory).
// Run with OMP_NUM_THREADS and OMP_WAIT_POLICY=passive set as the measurement needs.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/semiring.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_build.hpp"
#include "formats/csr5/csr5_spmv_cpu.hpp"
#include "loaders/load.hpp"
#include "tools/common/timing.hpp"

namespace {

using namespace spgraph;

/// Median milliseconds of `reps` runs of f after one warm-up run (the minimum is printed too
/// where noted: on a shared 2-core machine it is the steadier figure).
double g_min_ms = 0;
double median_ms(int reps, const std::function<void()>& f) {
  f();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(1e3 * tools::seconds_since(t0));
  }
  std::sort(t.begin(), t.end());
  g_min_ms = t.front();
  return t[t.size() / 2];
}

Csr<bool> band_matrix(Vertex n, Vertex w) {
  Csr<bool> a = Csr<bool>::empty(n, n, true);
  a.col.reserve(std::size_t(n) * w);
  for (Vertex r = 0; r < n; ++r) {
    const std::int64_t lo = std::max<std::int64_t>(0, std::int64_t(r) - w / 2);
    const std::int64_t hi = std::min<std::int64_t>(n, lo + w);
    for (std::int64_t c = lo; c < hi; ++c) a.col.push_back(Vertex(c));
    a.row_ptr[r + 1] = a.col.size();
  }
  return a;
}

Csr<double> with_values(const Csr<bool>& p) {
  Csr<double> a;
  a.nrows = p.nrows;
  a.ncols = p.ncols;
  a.pattern = false;
  a.row_ptr = p.row_ptr;
  a.col = p.col;
  a.val.resize(p.col.size());
  for (std::size_t e = 0; e < a.val.size(); ++e)
    a.val[e] = 0.5 + double((e * 2654435761u) % 1000) / 1000.0;
  return a;
}

template <class T>
void run(const char* kind, const Csr<T>& a, int reps, const std::vector<int>& sigmas) {
  const std::vector<double> x(a.ncols, 1.0 / 3.0);
  std::vector<double> y(a.nrows), yref(a.nrows);
  const double csr_ms =
      median_ms(reps, [&] { csr_spmv_dense<PlusTimes<double>>(a, x.data(), yref.data()); });
  const double csr_min = g_min_ms;
  std::printf("%-8s csr_spmv_dense          %9.3f ms (min %.3f)\n", kind, csr_ms, csr_min);
  const Csr5Params def = csr5_default_params<T>();
  double conv_ms = 0;
  for (const int omega : {8, 4}) {
    const Csr5Params p{omega, def.sigma};
    conv_ms = median_ms(reps, [&] { (void)csr5_from_csr(a, p); });
    const Csr5<T> c = csr5_from_csr(a, p);
    std::printf("%-8s csr5 convert  w=%d s=%-3d %9.3f ms  = %.2f CSR SpMVs  (%.1f MB extra)\n",
                kind, omega, p.sigma, conv_ms, conv_ms / csr_ms,
                double(c.bytes() - a.col.size() * sizeof(Vertex) -
                       (a.pattern ? 0 : a.val.size() * sizeof(T))) /
                    1e6);
    for (const Csr5Isa isa : {Csr5Isa::Scalar, Csr5Isa::Avx2, Csr5Isa::Avx512}) {
      if (csr5_kernel_isa<PlusTimes<double>>(c, isa) != isa) continue;
      const double ms = median_ms(
          reps, [&] { csr5_spmv_dense_isa<PlusTimes<double>>(c, x.data(), y.data(), isa); });
      double err = 0;
      for (Vertex r = 0; r < a.nrows; ++r)
        err = std::max(err, std::abs(y[r] - yref[r]) / std::max(1.0, std::abs(yref[r])));
      std::printf(
          "%-8s csr5 spmv %-6s w=%d      %9.3f ms (min %.3f)  csr/csr5 = %.2f (min/min %.2f)  "
          "(max rel diff %.1e)\n",
          kind, csr5_isa_name(isa), omega, ms, g_min_ms, csr_ms / ms, csr_min / g_min_ms, err);
    }
  }
  for (const int s : sigmas) {
    for (const int omega : {8, 4}) {
      const Csr5Params p{omega, s};
      const double cms = median_ms(reps, [&] { (void)csr5_from_csr(a, p); });
      const Csr5<T> c = csr5_from_csr(a, p);
      const Csr5Isa isa = omega == 8 ? Csr5Isa::Avx512 : Csr5Isa::Avx2;
      const double ms = median_ms(
          reps, [&] { csr5_spmv_dense_isa<PlusTimes<double>>(c, x.data(), y.data(), isa); });
      std::printf("%-8s sigma %3d w=%d: spmv %9.3f ms  convert %9.3f ms\n", kind, s, omega, ms,
                  cms);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: csr5_bench MATRIX|band:N:W [--reps N] [--sigmas a,b,...]\n");
    return 2;
  }
  const std::string what = argv[1];
  int reps = 5;
  std::vector<int> sigmas;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string opt = argv[i];
    if (opt == "--reps") reps = std::atoi(argv[i + 1]);
    if (opt == "--sigmas") {
      std::string s = argv[i + 1];
      for (std::size_t p = 0; p < s.size();) {
        const std::size_t q = std::min(s.find(',', p), s.size());
        sigmas.push_back(std::atoi(s.substr(p, q - p).c_str()));
        p = q + 1;
      }
    }
  }
  Csr<bool> pattern;
  if (what.rfind("band:", 0) == 0) {
    const std::size_t c = what.find(':', 5);
    pattern = band_matrix(Vertex(std::stoul(what.substr(5, c - 5))),
                          Vertex(std::stoul(what.substr(c + 1))));
  } else {
    pattern = load_graph(what).csr();
  }
  std::printf("%s: %u x %u, %llu entries, %d threads, cpu isa %s\n", what.c_str(), pattern.nrows,
              pattern.ncols, static_cast<unsigned long long>(pattern.nnz()), omp_get_max_threads(),
              csr5_isa_name(csr5_cpu_isa()));
  run("pattern", pattern, reps, sigmas);
  run("valued", with_values(pattern), reps, sigmas);
  return 0;
}
