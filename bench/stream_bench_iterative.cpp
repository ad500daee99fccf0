// SPDX-License-Identifier: Apache-2.0
// Iterative updates plus SpMV (King et al. 2016, section IV.A, "iterative"): 50 iterations, each
// adding 0.2% of the arcs as random new arcs (uniform endpoints, the same for every contender)
// and then running 5 plus-times SpMVs. Contenders: Dynamic CSR (paper setting and set
// semantics), DynamicGraph, HYB and CSR rebuilt per batch. Each run is a forked child; the
// whole loop is timed (insert and SpMV time are also reported apart); runs alternate the
// contender order. The final arcs of every contender are verified against the engine's COO
// build of base + all random arcs.
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>

#include "bench/stream_bench.hpp"
#include "bench/stream_contenders.hpp"

namespace spgraph::bench {

namespace {

constexpr int kIterations = 50;
constexpr int kSpmvPerIteration = 5;

struct IterRun {
  double total, insert, spmv;
  std::uint64_t peak;
  int verified;
};

}  // namespace

int bench_iterative(const StreamGraph& g, const BenchOptions& o) {
  const Offset per_iter = std::max<Offset>(1, g.m() / 500);  // 0.2%
  const RandomArcs arcs = random_arcs(g.n(), per_iter * kIterations, 7);
  const std::vector<Vertex>& rs = arcs.rows;
  const std::vector<Vertex>& cs = arcs.cols;
  std::vector<std::string> names =
      o.contenders.empty() ? std::vector<std::string>{"dcsr-paper",    "dcsr-keep", "dcsr-set",
                                                      "dynamic-graph", "hyb",       "csr-rebuild"}
                           : o.contenders;
  std::printf(
      "iterative updates + SpMV on %s: n = %u, %llu arcs; %d iterations of %llu random "
      "arcs (0.2%%) then %d SpMVs; %d threads, %d runs\n",
      g.name.c_str(), g.n(), (unsigned long long)g.m(), kIterations, (unsigned long long)per_iter,
      kSpmvPerIteration, o.threads, o.runs);
  std::map<std::string, std::vector<double>> total, ins, mul;
  std::map<std::string, IterRun> first;
  int status = 0;
  for (int run = 0; run < o.runs; ++run) {
    std::vector<std::string> order = names;
    if (run % 2) std::reverse(order.begin(), order.end());
    for (const std::string& name : order) {
      IterRun r{};
      const tools::ChildRun child = run_in_child(r, [&](IterRun& out) {
        const std::uint64_t rss0 = tools::current_rss_bytes();
        tools::reset_peak_rss();
        auto c = make_contender(name, g.all);
        std::vector<double> x(g.n()), y(g.n());
        for (Vertex v = 0; v < g.n(); ++v) x[v] = double(v % 7 + 1);
        const auto t0 = std::chrono::steady_clock::now();
        for (int it = 0; it < kIterations; ++it) {
          const Offset off = Offset(it) * per_iter;
          const auto ti = std::chrono::steady_clock::now();
          c->insert(arcs.batch<ArcBatch>(off, std::size_t(per_iter)));
          out.insert += seconds_since(ti);
          const auto ts = std::chrono::steady_clock::now();
          for (int s = 0; s < kSpmvPerIteration; ++s) {
            c->spmv(x.data(), y.data());
            std::swap(x, y);
            // Keep the values bounded and integral (exact sums in any order).
            for (double& v : x) v = double(std::uint64_t(v) % 1009 + 1);
          }
          out.spmv += seconds_since(ts);
        }
        out.total = seconds_since(t0);
        out.peak = peak_since(rss0);
        // Oracle (built here: the parent must not start OpenMP): every arc plus the random ones.
        if (run == 0)
          out.verified = same_arcs(c->arcs(), csr_of_arcs(g, 0, g.m(), rs, cs)) ? 1 : -1;
      });
      const bool ok = child.ok();
      if (!ok || r.verified < 0) {
        std::printf("  %s: %s\n", name.c_str(), ok ? "MISMATCH against the oracle" : "FAILED");
        status = 3;
      }
      if (run == 0) first[name] = r;
      total[name].push_back(r.total);
      ins[name].push_back(r.insert);
      mul[name].push_back(r.spmv);
    }
  }
  std::printf("\n  %-15s %10s %21s %10s %10s %9s %9s\n", "contender", "total s", "(min - max)",
              "insert s", "spmv s", "peak MB", "verified");
  for (const std::string& name : names)
    std::printf("  %-15s %10.3f %10.3f - %-8.3f %10.3f %10.3f %9.1f %9s\n", name.c_str(),
                tools::median(total[name]), tools::min_of(total[name]), tools::max_of(total[name]),
                tools::median(ins[name]), tools::median(mul[name]), mb(first[name].peak),
                first[name].verified == 1 ? "yes" : "NO");
  const double dcsr = tools::median(total["dcsr-keep"]), set = tools::median(total["dcsr-set"]);
  if (total.count("csr-rebuild"))
    std::printf("  speedup over csr-rebuild: dcsr-keep %.2fx, dcsr-set %.2fx (target >= 2x)\n",
                tools::median(total["csr-rebuild"]) / dcsr,
                tools::median(total["csr-rebuild"]) / set);
  if (total.count("hyb"))
    std::printf("  speedup over hyb: dcsr-keep %.2fx, dcsr-set %.2fx (target > 1x)\n",
                tools::median(total["hyb"]) / dcsr, tools::median(total["hyb"]) / set);
  if (!o.json.empty()) {
    std::ofstream out(o.json);
    out << "{\"graph\": \"" << g.name << "\", \"n\": " << g.n() << ", \"arcs\": " << g.m()
        << ", \"threads\": " << o.threads << ", \"iterations\": " << kIterations
        << ", \"arcs_per_iteration\": " << per_iter << ", \"contenders\": {";
    for (std::size_t k = 0; k < names.size(); ++k)
      out << (k ? ", " : "") << "\"" << names[k]
          << "\": {\"total_s_median\": " << tools::median(total[names[k]])
          << ", \"min\": " << tools::min_of(total[names[k]])
          << ", \"max\": " << tools::max_of(total[names[k]])
          << ", \"insert_s\": " << tools::median(ins[names[k]])
          << ", \"spmv_s\": " << tools::median(mul[names[k]])
          << ", \"peak_bytes\": " << first[names[k]].peak
          << ", \"verified\": " << (first[names[k]].verified == 1 ? "true" : "false") << "}";
    out << "}}\n";
  }
  return status;
}

}  // namespace spgraph::bench
