// SPDX-License-Identifier: Apache-2.0
// Update latency while queries run (issues "Dynamic CSR", section 3, and 14, section 1): a
// DynamicGraph (undirected, set semantics: the API's default) starts from the base half of the
// shuffled arcs; the writer inserts the stream in batches of 1,000 edges and records each
// insert_edges call (apply plus publish); meanwhile 0, 1 or 2 reader threads take the latest
// snapshot and run a BFS on it, again and again. Reported: p50 / p99 / max batch latency per
// scenario; the batches that defragmented or grew the buffers are tagged (BatchSummary), counted
// and reported apart (their median and max), with the p99 of the other batches; and the BFS
// queries completed. OpenMP is limited to one thread per std::thread, so the writer and each
// reader own a core of the two.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <thread>

#include "algorithms/bfs/bfs.hpp"
#include "bench/stream_bench.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph::bench {

namespace {

double percentile(std::vector<double> xs, double p) {
  if (xs.empty()) return 0;
  std::sort(xs.begin(), xs.end());
  return xs[std::min(xs.size() - 1, std::size_t(p * double(xs.size() - 1) + 0.5))];
}

}  // namespace

int bench_latency(const StreamGraph& g, const BenchOptions& o) {
  const std::size_t batch = 1000;
  const Offset first = g.m() / 2;
  const std::size_t batches = std::size_t(std::min<Offset>((g.m() - first) / batch, 3000));
  std::printf(
      "update latency on %s: batches of %zu edges (%zu batches) into an undirected "
      "DynamicGraph built from %llu arcs, with 0, 1 and 2 readers running BFS on snapshots\n",
      g.name.c_str(), batch, batches, (unsigned long long)first);
  std::printf("\n  %-8s %9s %9s %9s %15s %22s %11s %11s\n", "readers", "p50 ms", "p99 ms", "max ms",
              "p99 plain ms", "defrag/grow: n med max", "BFS queries", "queries/s");
  std::string json = "{\"graph\": \"" + g.name + "\", \"batch\": 1000, \"scenarios\": [";
  const Matrix<bool> base = Matrix<bool>::trusted(csr_of_arcs(g, 0, first));
  for (int readers = 0; readers <= 2; ++readers) {
    omp_set_num_threads(1);
    DynamicGraphOptions opt;
    opt.directed = false;
    DynamicGraph<bool> dg(base, opt);
    std::atomic<bool> done{false};
    std::atomic<std::uint64_t> queries{0};
    std::vector<std::thread> pool;
    for (int r = 0; r < readers; ++r)
      pool.emplace_back([&, r] {
        omp_set_num_threads(1);
        std::uint64_t k = std::uint64_t(r) * 7919;
        while (!done.load(std::memory_order_relaxed)) {
          const GraphSnapshot<bool> s = dg.snapshot();
          const Vertex src = Vertex((k++ * 2654435761u) % s.num_vertices());
          bfs(s, src);
          queries.fetch_add(1, std::memory_order_relaxed);
        }
      });
    std::vector<EdgeUpdate<bool>> edges(batch);
    std::vector<double> lat, plain, tagged;
    const auto t_all = std::chrono::steady_clock::now();
    for (std::size_t b = 0; b < batches; ++b) {
      const Offset off = first + Offset(b) * batch;
      for (std::size_t k = 0; k < batch; ++k)
        edges[k] = {UpdateKind::Insert, g.src[off + k], g.dst[off + k], true};
      const auto t0 = std::chrono::steady_clock::now();
      const BatchSummary sum = dg.insert_edges(edges);
      const double t = seconds_since(t0);
      lat.push_back(t);
      (sum.defragmented || sum.grew ? tagged : plain).push_back(t);
    }
    const double wall = seconds_since(t_all);
    done = true;
    for (auto& t : pool) t.join();
    std::printf("  %-8d %9.3f %9.3f %9.3f %15.3f %6zu %7.2f %7.2f %11llu %11.1f\n", readers,
                1e3 * percentile(lat, 0.5), 1e3 * percentile(lat, 0.99), 1e3 * percentile(lat, 1.0),
                1e3 * percentile(plain, 0.99), tagged.size(), 1e3 * percentile(tagged, 0.5),
                1e3 * percentile(tagged, 1.0), (unsigned long long)queries.load(),
                double(queries.load()) / wall);
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "%s{\"readers\": %d, \"p50_ms\": %.4f, \"p99_ms\": %.4f, \"max_ms\": %.4f, "
                  "\"p99_plain_ms\": %.4f, \"tagged_batches\": %zu, \"tagged_median_ms\": %.4f, "
                  "\"tagged_max_ms\": %.4f, \"bfs_queries\": %llu, \"seconds\": %.3f}",
                  readers ? ", " : "", readers, 1e3 * percentile(lat, 0.5),
                  1e3 * percentile(lat, 0.99), 1e3 * percentile(lat, 1.0),
                  1e3 * percentile(plain, 0.99), tagged.size(), 1e3 * percentile(tagged, 0.5),
                  1e3 * percentile(tagged, 1.0), (unsigned long long)queries.load(), wall);
    json += buf;
  }
  omp_set_num_threads(o.threads);
  json += "]}\n";
  if (!o.json.empty()) std::ofstream(o.json) << json;
  return 0;
}

}  // namespace spgraph::bench
