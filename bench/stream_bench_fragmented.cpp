// SPDX-License-Identifier: Apache-2.0
// SpMV and BFS on fragmented and defragmented Dynamic CSR against CSR (what fragmentation costs the
// readers; King et al., "Dynamic-CSR", 2016, Fig. 4 compares the same), in two scenarios: the
// paper's iterative workload (the whole graph, then 50 rounds of 0.2% random arcs) and a stress
// case (half the arcs streamed in batches of 10,000 on top of the other half), so rows hold several
// segments and unsorted tails. The defragmented matrix is the same after defragment(); CSR holds
// the same arcs. Same kernels on all three (dcsr_spmv_dense / csr_spmv_dense, the fused BFS), same
// thread count, A/B/C rotation per repetition; results verified equal.
// BFS is direction-optimizing when the graph is symmetric and push-only otherwise (a DCSR keeps
// no transpose, so CSR is given the same method).
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "algorithms/bfs/bfs.hpp"
#include "bench/stream_bench.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/dcsr/dcsr.hpp"
#include "formats/dcsr/dcsr_spmv_cpu.hpp"

namespace spgraph::bench {

namespace {

DcsrParams set_params() {
  DcsrParams p = streaming_dcsr_params();
  p.duplicates = DuplicatePolicy::IgnoreIfPresent;
  return p;
}

bool symmetric(const Csr<bool>& a) {
  const Csr<bool> t = transpose(a);
  return t.row_ptr == a.row_ptr && t.col == a.col;
}

/// One fragmentation scenario: the DCSR after its updates, a defragmented copy, and the CSR
/// holding the same arcs.
struct Scenario {
  std::string name;
  Dcsr<bool> frag, defrag;
  Matrix<bool> csr;
};

/// The paper's iterative workload: the whole graph, then 50 rounds of 0.2% random new arcs.
Scenario iterative_scenario(const StreamGraph& g) {
  auto build = [&] {
    Dcsr<bool> d = Dcsr<bool>::from_csr(g.all, set_params());
    std::mt19937_64 rng(7);
    const Offset per = std::max<Offset>(1, g.m() / 500);
    std::vector<Vertex> r(per), c(per);
    for (int it = 0; it < 50; ++it) {
      for (Offset k = 0; k < per; ++k) {
        r[k] = Vertex(rng() % g.n());
        c[k] = Vertex(rng() % g.n());
      }
      d.insert(r, c);
    }
    return d;
  };
  Scenario s{"after 50 x 0.2% random arcs", build(), build(), Matrix<bool>()};
  s.defrag.defragment();
  s.csr = Matrix<bool>::trusted(s.frag.view().to_csr<FirstOp<bool>>());
  return s;
}

/// A stress case: the base half of the shuffled arcs, then the other half in batches of 10,000.
Scenario streamed_scenario(const StreamGraph& g) {
  auto build = [&] {
    Dcsr<bool> d = Dcsr<bool>::from_csr(g.base, set_params());
    for (Offset off = g.m() / 2; off < g.m(); off += 10000) {
      const std::size_t n = std::size_t(std::min<Offset>(10000, g.m() - off));
      d.insert(std::span(g.src.data() + off, n), std::span(g.dst.data() + off, n));
    }
    return d;
  };
  Scenario s{"half the arcs streamed in batches of 10,000", build(), build(),
             Matrix<bool>::trusted(Csr<bool>(g.all))};
  s.defrag.defragment();
  return s;
}

struct Ratios {
  double spmv_frag, spmv_defrag, bfs_frag, bfs_defrag;
};

Ratios measure(const StreamGraph& g, Scenario& sc, const BenchOptions& o, bool sym, int& status,
               std::string& json) {
  const DcsrStats st = sc.frag.stats();
  std::printf("\n%s: %llu of %u rows with several segments, %.1f%% of slots slack or dead\n",
              sc.name.c_str(), (unsigned long long)st.multi_segment_rows, g.n(),
              100.0 * double(st.allocated - st.live) / double(st.allocated));
  const int reps = std::max(o.runs, 5) * 4;
  std::vector<double> x(g.n()), y[3];
  for (Vertex v = 0; v < g.n(); ++v) x[v] = double(v % 5 + 1);
  for (auto& yy : y) yy.assign(g.n(), 0);
  std::vector<double> t_spmv[3], t_bfs[3];
  const DcsrView<bool> vf = sc.frag.view(), vd = sc.defrag.view();
  auto spmv = [&](int which) {
    const auto t0 = std::chrono::steady_clock::now();
    if (which == 0) csr_spmv_dense<PlusTimes<double>>(sc.csr.csr(), x.data(), y[0].data());
    if (which == 1) dcsr_spmv_dense<PlusTimes<double>>(vf, x.data(), y[1].data());
    if (which == 2) dcsr_spmv_dense<PlusTimes<double>>(vd, x.data(), y[2].data());
    return seconds_since(t0);
  };
  for (int w = 0; w < 3; ++w) spmv(w);  // warm-up
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 3; ++k) {
      const int w = (r + k) % 3;
      t_spmv[w].push_back(spmv(w));
    }
  if (y[1] != y[0] || y[2] != y[0]) {
    std::printf("  SpMV results differ\n");
    status = 3;
  }
  std::vector<Vertex> sources;
  std::mt19937_64 rng(3);
  while (sources.size() < 32) {
    const Vertex s = Vertex(rng() % g.n());
    if (sc.csr.csr().degree(s) > 0) sources.push_back(s);
  }
  BfsOptions bo;
  bo.undirected = sym;
  if (!sym) bo.method = BfsMethod::Push;
  for (std::size_t si = 0; si < sources.size(); ++si) {
    BfsResult res[3];
    for (int k = 0; k < 3; ++k) {
      const int w = int(si + k) % 3;
      const auto t0 = std::chrono::steady_clock::now();
      res[w] = w == 0 ? bfs(sc.csr, sources[si], bo) : bfs(w == 1 ? vf : vd, sources[si], bo);
      t_bfs[w].push_back(seconds_since(t0));
    }
    if (res[1].level != res[0].level || res[2].level != res[0].level) {
      std::printf("  BFS levels differ from source %u\n", sources[si]);
      status = 3;
    }
  }
  const char* names[3] = {"csr", "dcsr-fragmented", "dcsr-defragmented"};
  std::printf("  %-18s %12s %23s %12s %23s\n", "structure", "SpMV ms", "(min - max)", "BFS ms",
              "(min - max)");
  for (int w = 0; w < 3; ++w)
    std::printf("  %-18s %12.3f %10.3f - %-10.3f %12.3f %10.3f - %-10.3f\n", names[w],
                1e3 * tools::median(t_spmv[w]), 1e3 * tools::min_of(t_spmv[w]),
                1e3 * tools::max_of(t_spmv[w]), 1e3 * tools::median(t_bfs[w]),
                1e3 * tools::min_of(t_bfs[w]), 1e3 * tools::max_of(t_bfs[w]));
  Ratios q{tools::median(t_spmv[1]) / tools::median(t_spmv[0]),
           tools::median(t_spmv[2]) / tools::median(t_spmv[0]),
           tools::median(t_bfs[1]) / tools::median(t_bfs[0]),
           tools::median(t_bfs[2]) / tools::median(t_bfs[0])};
  std::printf(
      "  SpMV time / CSR: fragmented %.3f (target <= 1.15), defragmented %.3f (target "
      "<= 1.03)\n  BFS  time / CSR: fragmented %.3f (target <= 1.15), defragmented %.3f "
      "(target <= 1.03)\n",
      q.spmv_frag, q.spmv_defrag, q.bfs_frag, q.bfs_defrag);
  char buf[768];
  std::snprintf(buf, sizeof buf,
                "{\"scenario\": \"%s\", \"multi_segment_rows\": %llu, \"spmv_ms\": {\"csr\": %.4f, "
                "\"fragmented\": %.4f, \"defragmented\": %.4f}, \"bfs_ms\": {\"csr\": %.4f, "
                "\"fragmented\": %.4f, \"defragmented\": %.4f}, \"spmv_ratio_fragmented\": %.4f, "
                "\"spmv_ratio_defragmented\": %.4f, \"bfs_ratio_fragmented\": %.4f, "
                "\"bfs_ratio_defragmented\": %.4f}",
                sc.name.c_str(), (unsigned long long)st.multi_segment_rows,
                1e3 * tools::median(t_spmv[0]), 1e3 * tools::median(t_spmv[1]),
                1e3 * tools::median(t_spmv[2]), 1e3 * tools::median(t_bfs[0]),
                1e3 * tools::median(t_bfs[1]), 1e3 * tools::median(t_bfs[2]), q.spmv_frag,
                q.spmv_defrag, q.bfs_frag, q.bfs_defrag);
  json += (json.empty() ? "" : ", ") + std::string(buf);
  return q;
}

}  // namespace

int bench_fragmented(const StreamGraph& g, const BenchOptions& o) {
  const bool sym = symmetric(g.all);
  std::printf("SpMV and BFS on %s: n = %u, %llu arcs; %d threads; BFS %s\n", g.name.c_str(), g.n(),
              (unsigned long long)g.m(), o.threads,
              sym ? "direction-optimizing (symmetric graph)" : "push-only (directed graph)");
  int status = 0;
  std::string json;
  {
    Scenario a = iterative_scenario(g);
    measure(g, a, o, sym, status, json);
  }
  {
    Scenario b = streamed_scenario(g);
    measure(g, b, o, sym, status, json);
  }
  if (!o.json.empty())
    std::ofstream(o.json) << "{\"graph\": \"" << g.name << "\", \"n\": " << g.n()
                          << ", \"arcs\": " << g.m() << ", \"threads\": " << o.threads
                          << ", \"bfs_method\": \"" << (sym ? "direction-optimizing" : "push")
                          << "\", \"scenarios\": [" << json << "]}\n";
  return status;
}

}  // namespace spgraph::bench
