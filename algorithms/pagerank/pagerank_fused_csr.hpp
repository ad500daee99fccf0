// SPDX-License-Identifier: Apache-2.0
// The PageRank power iteration fused into one pull pass over CSR in-arcs, one parallel region
// for all steps (GAP benchmark spec, Beamer et al. 2015, "pr"; the kernel pagerank.cpp runs
// whenever the pull reads CSR). Per step and per vertex v, in the same loop:
//   sum   = Σ_{u -> v} w[u]                  (the pull SpMV, PLUS_SECOND, no y array)
//   r'[v] = teleport(v) + d · sum             (teleport weight (1 - d), + d · dangling: Standard)
//   Σ|r' - r| and Σ r' over sinks            (the convergence test and the next dangling sum)
//   w'[v] = r'[v] / outdeg(v)                (the next contribution, 0 for a sink)
// w and w' are two buffers that swap each step, so the only synchronisation is one barrier
// per step: each thread's partial sums go to a slot of a double-buffered array, and after the
// barrier every thread adds the slots in the same order and takes the same decision to stop.
// Rows are split once, before the first step, by the nnz-balanced rule of
// formats/csr/spmv_dense_cpu.hpp (entries + rows per thread, so hubs and runs of empty rows
// both count); a graph with less work than formats/csr/kernel_tuning.hpp's kMinParallelWork
// runs on one thread and starts no team.
//
// Gauss-Seidel (PageRankSweep::GaussSeidel, the GAP benchmark's own "pr"): one contribution
// buffer, each row's new contribution stored as soon as it is computed, so later rows of the
// same step already pull it. It converges in fewer steps on high-diameter graphs (14 against 34
// on usroads at 1e-4) and reaches the same fixed point, but threads read each other's rows
// while they change (relaxed atomics), so the last digits vary from run to run and with the
// thread count; Jacobi (the default) is deterministic.
//
// Scores are S: double (the default) or float (GAP's own choice; half the bytes gathered per
// arc); the sums of a step (delta, dangling) are always double.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <vector>

#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_setup.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"

namespace spgraph::detail {

/// The in-arcs a step pulls over (CSR of A', or of A when A is symmetric) and A's row
/// pointers, whose differences are the out-degrees.
struct PullGraph {
  Vertex n = 0;
  const Offset* in_rp = nullptr;
  const Vertex* in_col = nullptr;
  const Offset* out_rp = nullptr;
};

/// w[u], read with a relaxed atomic load when other threads may be writing it (Gauss-Seidel).
template <bool InPlace, class S>
inline S read_contribution(const S* w, Vertex u) {
  if constexpr (InPlace)
    return std::atomic_ref<const S>(w[u]).load(std::memory_order_relaxed);
  else
    return w[u];
}

/// Σ w[in_col[s]] over one row's entries [s, e): four accumulators on long rows.
template <bool InPlace, class S>
inline S pull_row_sum(const Vertex* col, const S* w, Offset s, Offset e) {
  auto at = [w, col](Offset k) { return read_contribution<InPlace>(w, col[k]); };
  if (e - s < 16) {
    S acc = 0;
    for (; s < e; ++s) acc += at(s);
    return acc;
  }
  S a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (; s + 4 <= e; s += 4) {
    if (s + kSpmvPrefetch + 4 <= e) __builtin_prefetch(w + col[s + kSpmvPrefetch]);
    a0 += at(s);
    a1 += at(s + 1);
    a2 += at(s + 2);
    a3 += at(s + 3);
  }
  for (; s < e; ++s) a0 += at(s);
  return (a0 + a1) + (a2 + a3);
}

/// One thread's sums of a step, on a cache line of its own.
struct alignas(64) StepSums {
  double delta = 0, dangling = 0;
};

/// Runs the power iteration; rank gets the final scores (as double). InPlace: Gauss-Seidel
/// (PageRankSweep::GaussSeidel), one contribution buffer updated as rows are computed.
template <class S, bool InPlace>
PageRankResult pagerank_fused_csr_sweep(const PullGraph& g, const Teleport& tp,
                                        const PageRankOptions& o) {
  PageRankResult res;
  const Vertex n = g.n;
  if (n == 0) {
    res.converged = true;
    return res;
  }
  const double d = o.damping;
  const bool standard = o.variant == PageRankVariant::Standard;
  const bool personal = !tp.tele.empty();
  std::vector<S> r(n), wa(n), wb(InPlace ? 0 : n);
  const Offset work = Offset(n) + g.in_rp[n];
  const int threads = work >= kMinParallelWork ? omp_get_max_threads() : 1;
  std::vector<StepSums> sums(2 * std::size_t(threads));
  int iterations = 0;
  double last_delta = 0;
  bool converged = false;
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const Vertex r0 = first_row_with_work(g.in_rp, n, work * Offset(t) / Offset(nt));
    const Vertex r1 =
        t + 1 == nt ? n : first_row_with_work(g.in_rp, n, work * Offset(t + 1) / Offset(nt));
    // Both reductions are read only after the barrier that follows every thread's write.
    auto total = [&](int slot, double StepSums::*field) {
      double x = 0;
      for (int k = 0; k < nt; ++k) x += sums[std::size_t(slot) * nt + k].*field;
      return x;
    };
    S* w = wa.data();
    S* next = InPlace ? w : wb.data();
    double dangling_local = 0;
    for (Vertex v = r0; v < r1; ++v) {
      const double r0v = personal ? tp.tele[v] : tp.uniform;
      const Offset deg = g.out_rp[v + 1] - g.out_rp[v];
      r[v] = S(r0v);
      w[v] = deg ? S(r0v / double(deg)) : S(0);
      if (!deg) dangling_local += r0v;
    }
    sums[std::size_t(1) * nt + t].dangling = dangling_local;
#pragma omp barrier
    double dangling = total(1, &StepSums::dangling);
    for (int it = 1; it <= o.max_iterations; ++it) {
      const int slot = it & 1 ? 0 : 1;
      const double tw = (1 - d) + (standard ? d * dangling : 0.0);
      const double base = tw * tp.uniform;
      double delta = 0, dang = 0;
      for (Vertex v = r0; v < r1; ++v) {
        const S sum = pull_row_sum<InPlace>(g.in_col, w, g.in_rp[v], g.in_rp[v + 1]);
        const S nr = S((personal ? tw * tp.tele[v] : base) + d * double(sum));
        delta += std::fabs(double(nr) - double(r[v]));
        r[v] = nr;
        const Offset deg = g.out_rp[v + 1] - g.out_rp[v];
        // nr times 1 / deg rather than nr / deg: the reciprocal does not wait for nr, so the
        // chain from one row's sum to the next row's (Gauss-Seidel) holds a multiply, not a
        // divide.
        const S inv_deg = deg ? S(1) / S(deg) : S(0);
        const S contribution = nr * inv_deg;
        if constexpr (InPlace)
          std::atomic_ref<S>(w[v]).store(contribution, std::memory_order_relaxed);
        else
          next[v] = contribution;
        if (!deg) dang += double(nr);
      }
      sums[std::size_t(slot) * nt + t].delta = delta;
      sums[std::size_t(slot) * nt + t].dangling = dang;
#pragma omp barrier
      const double step_delta = total(slot, &StepSums::delta);
      dangling = total(slot, &StepSums::dangling);
      if constexpr (!InPlace) std::swap(w, next);
      if (t == 0) {
        iterations = it;
        last_delta = step_delta;
      }
      if (step_delta < o.tolerance) {
        if (t == 0) converged = true;
        break;
      }
    }
  }
  res.iterations = iterations;
  res.delta = last_delta;
  res.converged = converged;
  wa = {};
  wb = {};
  res.rank.assign(r.begin(), r.end());
  return res;
}

template <class S>
PageRankResult pagerank_fused_csr(const PullGraph& g, const Teleport& tp,
                                  const PageRankOptions& o) {
  return o.sweep == PageRankSweep::GaussSeidel ? pagerank_fused_csr_sweep<S, true>(g, tp, o)
                                               : pagerank_fused_csr_sweep<S, false>(g, tp, o);
}

}  // namespace spgraph::detail
