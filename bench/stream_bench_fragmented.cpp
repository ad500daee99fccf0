// SpMV and BFS on fragmented and defragmented Dynamic CSR against CSR (issue "Dynamic CSR",
// section 3; the paper's Fig. 4 comparison). The fragmented matrix is the base half of the
// shuffled arcs plus the stream half inserted in batches of 10,000 (set semantics), so rows hold
// several segments and unsorted tails; the defragmented one is the same after defragment();
// CSR holds the same arcs. Same kernels on all three (dcsr_spmv_dense / csr_spmv_dense, the
// fused BFS), same thread count, A/B/C rotation per repetition; results verified equal.
// BFS is direction-optimizing when the graph is symmetric and push-only otherwise (a DCSR keeps
// no transpose, so CSR is given the same method).
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>

#include "algorithms/bfs.hpp"
#include "bench/stream_bench.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/dcsr/dcsr.hpp"
#include "formats/dcsr/dcsr_spmv_cpu.hpp"

namespace spgraph::bench {

namespace {

Dcsr<bool> fragmented_copy(const StreamGraph& g, const Csr<bool>& base) {
  Dcsr<bool> d =
      Dcsr<bool>::from_csr(base, DcsrParams{.duplicates = DcsrDuplicates::IgnoreIfPresent});
  for (Offset off = g.m() / 2; off < g.m(); off += 10000) {
    const std::size_t n = std::size_t(std::min<Offset>(10000, g.m() - off));
    d.insert(std::span(g.src.data() + off, n), std::span(g.dst.data() + off, n));
  }
  return d;
}

bool symmetric(const Csr<bool>& a) {
  const Csr<bool> t = transpose(a);
  return t.row_ptr == a.row_ptr && t.col == a.col;
}

}  // namespace

int bench_fragmented(const StreamGraph& g, const BenchOptions& o) {
  const Csr<bool> base = csr_of_arcs(g, 0, g.m() / 2);
  Dcsr<bool> frag = fragmented_copy(g, base);
  Dcsr<bool> defrag = fragmented_copy(g, base);
  defrag.defragment();
  const DcsrStats st = frag.stats();
  const Matrix<bool> csr = Matrix<bool>::trusted(Csr<bool>(g.all));
  const bool sym = symmetric(g.all);
  std::printf(
      "SpMV and BFS on %s: n = %u, %llu arcs; fragmented DCSR: %llu of %u rows with "
      "several segments, %.1f%% of slots dead or slack; %d threads\n",
      g.name.c_str(), g.n(), (unsigned long long)g.m(), (unsigned long long)st.multi_segment_rows,
      g.n(), 100.0 * double(st.allocated - st.live) / double(st.allocated), o.threads);
  const int reps = std::max(o.runs, 5) * 4;
  std::vector<double> x(g.n()), y[3];
  for (Vertex v = 0; v < g.n(); ++v) x[v] = double(v % 5 + 1);
  for (auto& yy : y) yy.assign(g.n(), 0);
  std::vector<double> t_spmv[3];
  const DcsrView<bool> vf = frag.view(), vd = defrag.view();
  auto spmv = [&](int which) {
    const auto t0 = std::chrono::steady_clock::now();
    if (which == 0) csr_spmv_dense<PlusTimes<double>>(csr.csr(), x.data(), y[0].data());
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
  int status = 0;
  if (y[1] != y[0] || y[2] != y[0]) {
    std::printf("  SpMV results differ\n");
    status = 3;
  }
  // BFS from 32 sources with out-arcs.
  std::vector<Vertex> sources;
  std::mt19937_64 rng(3);
  while (sources.size() < 32) {
    const Vertex s = Vertex(rng() % g.n());
    if (g.all.degree(s) > 0) sources.push_back(s);
  }
  BfsOptions bo;
  bo.undirected = sym;
  if (!sym) bo.method = BfsMethod::Push;
  std::vector<double> t_bfs[3];
  for (std::size_t si = 0; si < sources.size(); ++si) {
    BfsResult res[3];
    for (int k = 0; k < 3; ++k) {
      const int w = int(si + k) % 3;
      const auto t0 = std::chrono::steady_clock::now();
      res[w] = w == 0 ? bfs(csr, sources[si], bo) : bfs(w == 1 ? vf : vd, sources[si], bo);
      t_bfs[w].push_back(seconds_since(t0));
    }
    if (res[1].level != res[0].level || res[2].level != res[0].level) {
      std::printf("  BFS levels differ from source %u\n", sources[si]);
      status = 3;
    }
  }
  const char* names[3] = {"csr", "dcsr-fragmented", "dcsr-defragmented"};
  std::printf("\n  %-18s %12s %23s %12s %23s\n", "structure", "SpMV ms", "(min - max)", "BFS ms",
              "(min - max)");
  for (int w = 0; w < 3; ++w)
    std::printf("  %-18s %12.3f %10.3f - %-10.3f %12.3f %10.3f - %-10.3f\n", names[w],
                1e3 * tools::median(t_spmv[w]), 1e3 * tools::min_of(t_spmv[w]),
                1e3 * tools::max_of(t_spmv[w]), 1e3 * tools::median(t_bfs[w]),
                1e3 * tools::min_of(t_bfs[w]), 1e3 * tools::max_of(t_bfs[w]));
  const double sf = tools::median(t_spmv[1]) / tools::median(t_spmv[0]);
  const double sd = tools::median(t_spmv[2]) / tools::median(t_spmv[0]);
  const double bf = tools::median(t_bfs[1]) / tools::median(t_bfs[0]);
  const double bd = tools::median(t_bfs[2]) / tools::median(t_bfs[0]);
  std::printf(
      "  SpMV time / CSR: fragmented %.3f (target <= 1.15), defragmented %.3f (target "
      "<= 1.03)\n  BFS  time / CSR: fragmented %.3f (target <= 1.15), defragmented %.3f "
      "(target <= 1.03)\n  BFS: %s\n",
      sf, sd, bf, bd, sym ? "direction-optimizing (symmetric graph)" : "push-only");
  if (!o.json.empty()) {
    std::ofstream out(o.json);
    out << "{\"graph\": \"" << g.name << "\", \"n\": " << g.n() << ", \"arcs\": " << g.m()
        << ", \"threads\": " << o.threads << ", \"multi_segment_rows\": " << st.multi_segment_rows
        << ", \"spmv_ms\": {";
    for (int w = 0; w < 3; ++w)
      out << (w ? ", " : "") << "\"" << names[w] << "\": " << 1e3 * tools::median(t_spmv[w]);
    out << "}, \"bfs_ms\": {";
    for (int w = 0; w < 3; ++w)
      out << (w ? ", " : "") << "\"" << names[w] << "\": " << 1e3 * tools::median(t_bfs[w]);
    out << "}, \"spmv_ratio_fragmented\": " << sf << ", \"spmv_ratio_defragmented\": " << sd
        << ", \"bfs_ratio_fragmented\": " << bf << ", \"bfs_ratio_defragmented\": " << bd
        << ", \"bfs_method\": \"" << (sym ? "direction-optimizing" : "push") << "\"}\n";
  }
  return status;
}

}  // namespace spgraph::bench
