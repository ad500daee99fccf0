// SPDX-License-Identifier: Apache-2.0
// Streaming inserts (how fast each structure takes updates): edges per second at each batch size,
// for every contender of stream_contenders.hpp, from the same base (the first half of the shuffled
// arcs) over the same stream (the second half). Each run of a contender is a forked child: it
// builds its structure from the base (untimed), then inserts batch after batch until the stream
// ends or the time budget is spent; only the insert calls are timed. Runs alternate the contender
// order (A B ... then ... B A). The first run of each contender is verified against the engine's
// COO build of base + the prefix it inserted. Peak memory is the child's VmHWM rise from before the
// structure was built.
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "bench/stream_bench.hpp"
#include "bench/stream_contenders.hpp"

namespace spgraph::bench {

namespace {

struct InsertRun {
  double seconds;
  std::uint64_t edges;
  std::uint64_t peak;
  std::uint64_t bytes;
  int verified;  // 1 same arcs, -1 different, 0 not checked
};

InsertRun run_inserts(const StreamGraph& g, const Csr<bool>& base, const std::string& name,
                      std::size_t batch, double budget, bool verify) {
  InsertRun r{};
  const tools::ChildRun child = run_in_child(r, [&](InsertRun& out) {
    const std::uint64_t rss0 = tools::current_rss_bytes();
    tools::reset_peak_rss();
    auto c = make_contender(name, base);
    const Offset first = g.m() / 2;
    for (Offset off = first; off < g.m() && out.seconds < budget; off += batch) {
      const std::size_t n = std::size_t(std::min<Offset>(batch, g.m() - off));
      const ArcBatch b{g.src.data() + off, g.dst.data() + off, g.src64.data() + off,
                       g.dst64.data() + off, n};
      const auto t0 = std::chrono::steady_clock::now();
      c->insert(b);
      out.seconds += seconds_since(t0);
      out.edges += n;
    }
    out.peak = peak_since(rss0);
    out.bytes = c->bytes();
    if (verify) {
      Csr<bool> want = csr_of_arcs(g, 0, first + out.edges);
      if (c->undirected()) want = symmetric_closure(want);
      out.verified = same_arcs(c->arcs(), want) ? 1 : -1;
    }
  });
  const bool ok = child.ok();
  if (!ok) r.verified = -2;
  return r;
}

}  // namespace

int bench_inserts(const StreamGraph& g, const BenchOptions& o) {
  const Csr<bool>& base = g.base;
  std::vector<std::string> names = o.contenders.empty() ? contender_names() : o.contenders;
  std::printf(
      "streaming inserts into %s: n = %u, base %llu arcs, stream %llu arcs, %d threads, "
      "%d runs of up to %.1f s per contender and batch size\n",
      g.name.c_str(), g.n(), (unsigned long long)base.nnz(),
      (unsigned long long)(g.m() - g.m() / 2), o.threads, o.runs, o.budget);
  std::string json = "{\"graph\": \"" + g.name + "\", \"n\": " + std::to_string(g.n()) +
                     ", \"arcs\": " + std::to_string(g.m()) +
                     ", \"threads\": " + std::to_string(o.threads) + ", \"batches\": [";
  int status = 0;
  for (std::size_t bi = 0; bi < o.batches.size(); ++bi) {
    const std::size_t batch = o.batches[bi];
    std::map<std::string, std::vector<double>> rates;
    std::map<std::string, InsertRun> first;
    for (int run = 0; run < o.runs; ++run) {
      std::vector<std::string> order = names;
      if (run % 2) std::reverse(order.begin(), order.end());
      for (const std::string& name : order) {
        const InsertRun r = run_inserts(g, base, name, batch, o.budget, run == 0);
        if (run == 0) first[name] = r;
        if (r.verified < 0 && r.verified != 0) {
          std::printf("  %s at batch %zu: %s\n", name.c_str(), batch,
                      r.verified == -2 ? "FAILED (child error)" : "MISMATCH against the oracle");
          status = 3;
        }
        if (r.seconds > 0) rates[name].push_back(double(r.edges) / r.seconds);
      }
    }
    std::printf("\nbatch %zu\n  %-15s %14s %25s %10s %10s %9s\n", batch, "contender", "edges/s",
                "(min - max)", "peak MB", "struct MB", "verified");
    double best_grb = 0;
    for (const std::string& name : names) {
      const auto& xs = rates[name];
      std::printf("  %-15s %14.4g %12.4g - %-10.4g %10.1f %10.1f %9s\n", name.c_str(),
                  tools::median(xs), tools::min_of(xs), tools::max_of(xs), mb(first[name].peak),
                  mb(first[name].bytes), first[name].verified == 1 ? "yes" : "NO");
      if (name.rfind("grb-", 0) == 0) best_grb = std::max(best_grb, tools::median(xs));
    }
    const double set = tools::median(rates["dcsr-set"]), keep = tools::median(rates["dcsr-keep"]);
    const double hyb = tools::median(rates["hyb"]), rebuild = tools::median(rates["csr-rebuild"]);
    if (best_grb > 0)
      std::printf("  dcsr-set / best GraphBLAS = %.1fx (target >= 5x at batch >= 1000)\n",
                  set / best_grb);
    if (hyb > 0) std::printf("  dcsr-keep / hyb = %.1fx (target >= 4x)\n", keep / hyb);
    if (rebuild > 0) std::printf("  dcsr-set / csr-rebuild = %.1fx\n", set / rebuild);
    // An undirected update writes two arcs (u->v and v->u): the targets count arcs.
    const double und = tools::median(rates["dynamic-graph-undirected"]);
    if (und > 0)
      std::printf(
          "  dynamic-graph-undirected: %.4g arcs/s (2 per update; target >= 10M at batch "
          "100K); arcs/s / hyb = %.1fx (target >= 2x)\n",
          2 * und, hyb > 0 ? 2 * und / hyb : 0.0);
    json += std::string(bi ? ", " : "") + "{\"batch\": " + std::to_string(batch) +
            ", \"contenders\": {";
    for (std::size_t k = 0; k < names.size(); ++k) {
      const auto& xs = rates[names[k]];
      char buf[512];
      std::snprintf(buf, sizeof buf,
                    "%s\"%s\": {\"edges_per_s_median\": %.6g, \"min\": %.6g, \"max\": %.6g, "
                    "\"runs\": %zu, \"peak_bytes\": %llu, \"structure_bytes\": %llu, "
                    "\"verified\": %s}",
                    k ? ", " : "", names[k].c_str(), tools::median(xs), tools::min_of(xs),
                    tools::max_of(xs), xs.size(), (unsigned long long)first[names[k]].peak,
                    (unsigned long long)first[names[k]].bytes,
                    first[names[k]].verified == 1 ? "true" : "false");
      json += buf;
    }
    json += "}}";
  }
  json += "]}\n";
  if (!o.json.empty()) std::ofstream(o.json) << json;
  return status;
}

}  // namespace spgraph::bench
