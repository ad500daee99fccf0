// SPDX-License-Identifier: Apache-2.0
// Memory per edge after rounds of random inserts (what slack and dead slots cost): every
// contender starts from the whole graph and takes 10 rounds, each one batch of 2% of the arcs as
// random new arcs (uniform endpoints, the same for all). Reported per contender, in a forked
// child: its own byte count (slots in use, including slack and dead space, plus metadata), the
// resident memory it added (RSS, which leaves out capacity never touched), and both per edge
// against CSR of the final graph (8 bytes per row pointer + 4 per column id; no values); an
// undirected contender against the CSR of its own, symmetric, final graph.
#include <cstdio>
#include <fstream>
#include <random>

#include "bench/stream_bench.hpp"
#include "bench/stream_contenders.hpp"

namespace spgraph::bench {

namespace {

constexpr int kRounds = 10;

struct MemRun {
  std::uint64_t bytes, rss, arcs;
  int verified;
};

/// Bytes of a pattern CSR with this many rows and arcs: 8 per row pointer, 4 per column id.
double csr_bytes(Vertex n, Offset arcs) {
  return 8.0 * (double(n) + 1) + 4.0 * double(arcs);
}

}  // namespace

int bench_memory(const StreamGraph& g, const BenchOptions& o) {
  const Offset per_round = std::max<Offset>(1, g.m() / 50);  // 2%
  const RandomArcs arcs = random_arcs(g.n(), per_round * kRounds, 11);
  const std::vector<Vertex>& rs = arcs.rows;
  const std::vector<Vertex>& cs = arcs.cols;
  std::vector<std::string> names = o.contenders.empty() ? contender_names() : o.contenders;
  std::printf(
      "memory after %d rounds of %llu random arcs (2%% each) on %s: n = %u, %llu arcs "
      "before\n",
      kRounds, (unsigned long long)per_round, g.name.c_str(), g.n(), (unsigned long long)g.m());
  std::printf("\n  %-15s %12s %12s %14s %14s %9s\n", "contender", "own MB", "RSS MB", "own B/arc",
              "own / CSR", "verified");
  int status = 0;
  std::string json = "{\"graph\": \"" + g.name + "\", \"contenders\": {";
  Offset arcs_after = 0;
  for (std::size_t k = 0; k < names.size(); ++k) {
    MemRun r{};
    const tools::ChildRun child = run_in_child(r, [&](MemRun& out) {
      const std::uint64_t rss0 = tools::current_rss_bytes();
      auto c = make_contender(names[k], g.all);
      for (int round = 0; round < kRounds; ++round) {
        const Offset off = Offset(round) * per_round;
        c->insert(arcs.batch<ArcBatch>(off, std::size_t(per_round)));
      }
      const std::uint64_t rss = tools::current_rss_bytes();
      out.rss = rss > rss0 ? rss - rss0 : 0;
      out.bytes = c->bytes();
      // Oracle (built here: the parent must not start OpenMP).
      Csr<bool> want = csr_of_arcs(g, 0, g.m(), rs, cs);
      if (c->undirected()) want = symmetric_closure(want);  // its own CSR: both arcs per edge
      out.arcs = want.nnz();
      out.verified = same_arcs(c->arcs(), want) ? 1 : -1;
    });
    const bool ok = child.ok();
    if (!ok || r.verified != 1) status = 3;
    arcs_after = r.arcs;
    const double csr = csr_bytes(g.n(), r.arcs);
    std::printf("  %-15s %12.1f %12.1f %14.2f %14.2f %9s\n", names[k].c_str(), mb(r.bytes),
                mb(r.rss), double(r.bytes) / double(r.arcs), double(r.bytes) / csr,
                ok && r.verified == 1 ? "yes" : "NO");
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%s\"%s\": {\"bytes\": %llu, \"rss_bytes\": %llu, \"ratio_to_csr\": %.4f}",
                  k ? ", " : "", names[k].c_str(), (unsigned long long)r.bytes,
                  (unsigned long long)r.rss, double(r.bytes) / csr);
    json += buf;
  }
  std::printf(
      "  CSR of the final graph: %.1f MB for %llu arcs (%.2f bytes/arc); target: dcsr "
      "<= 1.5x CSR\n",
      mb(std::uint64_t(csr_bytes(g.n(), arcs_after))), (unsigned long long)arcs_after,
      csr_bytes(g.n(), arcs_after) / double(arcs_after));
  json += "}, \"arcs_after\": " + std::to_string(arcs_after) +
          ", \"csr_bytes\": " + std::to_string(std::uint64_t(csr_bytes(g.n(), arcs_after))) + "}\n";
  if (!o.json.empty()) std::ofstream(o.json) << json;
  return status;
}

}  // namespace spgraph::bench
