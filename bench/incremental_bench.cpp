// SPDX-License-Identifier: Apache-2.0
// incremental_bench: maintained views (engine/maintained_view.hpp, issue 32) against
// recomputation, on one graph: for each view (cc, pagerank at the CLI's bound (what pagerank()'s
// defaults guarantee) and at L1 1e-4, bfs:S, sssp:S) and each batch size,
// batches of random updates (half inserts of uniform random pairs, half erases of arcs of the
// graph; weights 1..255) are applied with the view kept incrementally (ViewPolicy::Incremental),
// and each batch's "ready" time (apply + view update) is set against a full recomputation on the
// new snapshot (connected_components, pagerank GAP defaults, bfs, sssp: what '? cc', '? pagerank',
// '? bfs S', '? sssp S' run without a view). Medians over the batches, the ratio full / ready,
// the view's own update time, the crossover the writer measured (ViewStats) and the one seen
// (the smallest batch size where ready >= full). Then update throughput with no view against cc +
// pagerank maintained (ViewPolicy::Auto), and peak memory. Every view is checked against the
// recomputation after its last batch of each size (exit 3 when one differs).
// Usage: incremental_bench GRAPH [--batches 100,1000,10000] [--rounds 5] [--threads 2]
//        [--views cc,pagerank,pagerank-strict,bfs,sssp] [--directed]
// GRAPH: a graph file or kron:SCALE (stream_bench's loader); undirected unless --directed.
#include <omp.h>
#include <CLI/CLI.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <random>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "bench/stream_bench_util.hpp"
#include "engine/dynamic_graph.hpp"
#include "tools/cli/maintained_views.hpp"

namespace spgraph::bench {
namespace {

using Graph = DynamicGraph<double>;

double arc_weight(Vertex u, Vertex v) {
  const std::uint64_t a = std::min(u, v), b = std::max(u, v);
  return double(1 + (a * 2654435761u + b * 40503u) % 255);
}

/// The graph of `g`'s arcs with weights 1..255 (symmetric for an undirected graph).
Matrix<double> weighted(const Csr<bool>& a) {
  Coo<double> coo{a.nrows, a.ncols, false, {}, {}, {}};
  for (Vertex r = 0; r < a.nrows; ++r)
    for (Offset k = a.row_ptr[r]; k < a.row_ptr[r + 1]; ++k) {
      coo.row.push_back(r);
      coo.col.push_back(a.col[k]);
      coo.val.push_back(arc_weight(r, a.col[k]));
    }
  return Matrix<double>::from_coo(std::move(coo));
}

/// Random batches: half inserts of uniform pairs, half erases of arcs drawn from the graph.
struct BatchSource {
  const StreamGraph& g;
  std::mt19937_64 rng{2026};
  UpdateBatch<double> next(std::size_t size) {
    UpdateBatch<double> b;
    for (std::size_t k = 0; k < size; ++k) {
      if (k % 2 == 0) {
        const Vertex u = Vertex(rng() % g.n()), v = Vertex(rng() % g.n());
        b.insert(u, v, arc_weight(u, v));
      } else {
        const Offset j = rng() % g.m();
        b.erase(g.src[j], g.dst[j]);
      }
    }
    return b;
  }
};

/// The recomputation a query runs without the view; returns seconds.
double recompute_seconds(const std::string& kind, const GraphSnapshot<double>& s, Vertex src) {
  const auto t0 = std::chrono::steady_clock::now();
  if (kind == "cc") {
    volatile Vertex c = connected_components(s).components;
    (void)c;
  } else if (kind.rfind("pagerank", 0) == 0) {
    volatile double r = pagerank(s).delta;
    (void)r;
  } else if (kind == "bfs") {
    BfsOptions o;  // as '? bfs S' runs it: counts only, no level or parent array
    o.levels = o.parents = false;
    volatile Vertex r = bfs(s, src, o).reached;
    (void)r;
  } else {
    volatile Vertex r = sssp(s, src).reached;
    (void)r;
  }
  return seconds_since(t0);
}

/// Whether the maintained answer equals a recomputation (PageRank: within its tolerance of a
/// run converged to 1e-12).
bool verify(const std::string& kind, const GraphSnapshot<double>& s, Vertex src) {
  if (kind == "cc") {
    const auto v = s.maintained_as<CcViewResult>("cc");
    return v && v->labels() == connected_components(s).label;
  }
  if (kind.rfind("pagerank", 0) == 0) {
    const auto v = s.maintained_as<PageRankViewResult>("pagerank");
    if (!v) return false;
    PageRankOptions o;
    o.tolerance = 1e-12;
    o.max_iterations = 1000;
    const std::vector<double> exact = pagerank(s, o).rank;
    double l1 = 0;
    for (std::size_t i = 0; i < exact.size(); ++i) l1 += std::abs(v->rank[i] - exact[i]);
    std::printf("    pagerank L1 distance to a run converged to 1e-12: %.3g (tolerance %.3g)\n", l1,
                v->tolerance);
    return l1 <= v->tolerance;
  }
  const auto v = s.maintained_as<DistanceViewResult>(kind + ":" + std::to_string(src));
  if (!v) return false;
  std::vector<double> expect;
  if (kind == "bfs") {
    const BfsResult r = bfs(s, src);
    for (Vertex l : r.level) expect.push_back(l == kUnreached ? kUnreachableDistance : double(l));
  } else {
    expect = sssp(s, src).distance;
  }
  return v->distance.to_vector() == expect;
}

std::shared_ptr<MaintainedView> make(const std::string& kind, Vertex src) {
  if (kind == "cc") return make_components_view();
  if (kind == "pagerank") return cli::make_view(cli::parse_view_spec("pagerank"));
  if (kind == "pagerank-strict") return make_pagerank_view();
  if (kind == "bfs") return make_bfs_view(src);
  return make_sssp_view(src);
}

struct Args {
  std::string graph;
  std::vector<std::size_t> batches{100, 1000, 10000};
  std::vector<std::string> views{"cc", "pagerank", "pagerank-strict", "bfs", "sssp"};
  int rounds = 5, threads = 2;
  bool directed = false;
};

/// One view at every batch size; returns false when an answer was wrong.
bool bench_view(Graph& dg, BatchSource& src_batches, const Args& a, const std::string& kind,
                Vertex src) {
  dg.maintain(make(kind, src), ViewPolicy::Incremental);
  const ViewStats reg = dg.view_stats().back();
  std::printf("%s: registration (first computation) %.3f s\n", kind.c_str(), reg.recompute_seconds);
  std::size_t seen_crossover = 0;
  bool ok = true;
  for (std::size_t b : a.batches) {
    std::vector<double> ready, update, full;
    for (int r = 0; r < a.rounds; ++r) {
      const UpdateBatch<double> batch = src_batches.next(b);
      const auto t0 = std::chrono::steady_clock::now();
      dg.apply(batch);
      ready.push_back(seconds_since(t0));
      update.push_back(dg.view_stats().back().last_seconds);
      full.push_back(recompute_seconds(kind, dg.snapshot(), src));
    }
    const double mr = tools::median(ready), mu = tools::median(update), mf = tools::median(full);
    if (!seen_crossover && mr >= mf) seen_crossover = b;
    const bool right = verify(kind, dg.snapshot(), src);
    ok = ok && right;
    const ViewStats st = dg.view_stats().back();
    std::printf(
        "  batch %6zu: ready %9.3f ms (view update %9.3f ms) | recompute %9.3f ms | "
        "recompute/ready %7.1fx | writer's crossover ~%.0f changed arcs | %s\n",
        b, 1e3 * mr, 1e3 * mu, 1e3 * mf, mf / mr, st.crossover_changes(),
        right ? "equal to recomputation" : "WRONG");
  }
  if (seen_crossover)
    std::printf("  measured: recomputation is cheaper from batches of %zu on\n", seen_crossover);
  else
    std::printf("  measured: the view stays cheaper than recomputation at every batch size\n");
  dg.unmaintain(dg.view_stats().back().name);
  return ok;
}

/// Updates per second over `batches` batches of `size`, with the views named maintained.
double throughput(Graph& dg, BatchSource& src, std::size_t size, int batches) {
  double t = 0;
  for (int k = 0; k < batches; ++k) {
    const UpdateBatch<double> b = src.next(size);
    const auto t0 = std::chrono::steady_clock::now();
    dg.apply(b);
    t += seconds_since(t0);
  }
  return double(size) * batches / t;
}

int run(const Args& a) {
  omp_set_num_threads(a.threads);
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::printf("# %s, %s, %d threads\n", cpu_model().c_str(), date, a.threads);
  const StreamGraph g = prepare_graph(a.graph, 42);
  DynamicGraphOptions o;
  o.directed = a.directed;
  o.weighted = true;
  Graph dg(weighted(g.all), o);
  Vertex src = 0;
  std::mt19937_64 rng(7);
  do src = Vertex(rng() % g.n());
  while (g.all.row_ptr[src + 1] == g.all.row_ptr[src]);
  std::printf("# %s: %u vertices, %llu arcs, %s; source %u; %d batches per size\n", g.name.c_str(),
              g.n(), (unsigned long long)g.m(), a.directed ? "directed" : "undirected", src,
              a.rounds);
  BatchSource batches{g};
  bool ok = true;
  for (const std::string& kind : a.views) ok = bench_view(dg, batches, a, kind, src) && ok;
  for (std::size_t size : {std::size_t(1000), std::size_t(10000)}) {
    const int n = size == 1000 ? 50 : 10;
    const double bare = throughput(dg, batches, size, n);
    dg.maintain(make_components_view());
    dg.maintain(make("pagerank", src));
    const double kept = throughput(dg, batches, size, n);
    const auto st = dg.view_stats();
    dg.unmaintain("cc");
    dg.unmaintain("pagerank");
    std::printf(
        "throughput, batches of %zu: %.0f updates/s with no view, %.0f with cc + "
        "pagerank maintained (auto): %.2fx\n",
        size, bare, kept, kept / bare);
    for (const ViewStats& v : st)
      std::printf(
          "  %s: %llu batches updated, %llu recomputed (registration included); one "
          "recomputation %.3f ms, %.3f us per changed arc: crossover ~%.0f changed arcs\n",
          v.name.c_str(), (unsigned long long)v.updates, (unsigned long long)v.recomputes,
          1e3 * v.recompute_seconds, 1e6 * v.seconds_per_change, v.crossover_changes());
  }
  std::printf("peak memory: %.1f MB\n", double(tools::peak_rss_bytes()) / 1e6);
  return ok ? 0 : 3;
}

}  // namespace
}  // namespace spgraph::bench

int main(int argc, char** argv) {
  spgraph::bench::Args a;
  CLI::App app{"incremental_bench: maintained views against recomputation"};
  app.add_option("graph", a.graph, "graph file, or kron:SCALE")->required();
  app.add_option("--batches", a.batches, "batch sizes")->delimiter(',');
  app.add_option("--views", a.views,
                 "views: cc, pagerank (the CLI's bound: what pagerank()'s defaults guarantee), "
                 "pagerank-strict (L1 1e-4 to the exact ranks), bfs, sssp")
      ->delimiter(',');
  app.add_option("--rounds", a.rounds, "batches per size (medians)");
  app.add_option("--threads", a.threads, "threads");
  app.add_flag("--directed", a.directed, "keep the graph directed (default: undirected)");
  CLI11_PARSE(app, argc, argv);
  return spgraph::bench::run(a);
}
