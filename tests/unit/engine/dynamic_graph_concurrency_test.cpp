// SPDX-License-Identifier: Apache-2.0
// DynamicGraph under concurrency (ctest label "concurrency"; CI also runs it under
// ThreadSanitizer): one writer streams a planned sequence of batches (inserts, erases, new
// vertices; thresholds set low so defragmentation and buffer growth happen mid-stream) while
// reader threads take snapshots and run BFS, degree sums and triangle queries on them. Every
// reader result is checked against the model of the exact version the snapshot reports, and
// snapshots held across many later batches are re-checked, so a reader that saw part of a
// batch, or memory the writer reused, fails. Nothing depends on timing: readers keep going until
// the writer is done and they have each checked a minimum number of snapshots.
#include <gtest/gtest.h>

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph {
namespace {

/// The graph after one version: sorted adjacency lists, arc count and triangles.
struct VersionModel {
  std::vector<std::vector<Vertex>> adj;
  Offset arcs = 0;
  std::uint64_t triangles = 0;
};

VersionModel model_of(const std::set<std::pair<Vertex, Vertex>>& edges, Vertex n) {
  VersionModel m;
  m.adj.assign(n, {});
  for (const auto& [u, v] : edges) {
    m.adj[u].push_back(v);
    if (u != v) m.adj[v].push_back(u);
  }
  for (auto& a : m.adj) std::sort(a.begin(), a.end());
  for (const auto& a : m.adj) m.arcs += a.size();
  for (Vertex u = 0; u < n; ++u)
    for (Vertex v : m.adj[u])
      if (v > u)
        for (Vertex w : m.adj[v])
          if (w > v && std::binary_search(m.adj[u].begin(), m.adj[u].end(), w)) ++m.triangles;
  return m;
}

std::vector<std::int64_t> serial_bfs(const VersionModel& m, Vertex s) {
  std::vector<std::int64_t> level(m.adj.size(), -1);
  std::deque<Vertex> q{s};
  level[s] = 0;
  while (!q.empty()) {
    const Vertex u = q.front();
    q.pop_front();
    for (Vertex v : m.adj[u])
      if (level[v] < 0) {
        level[v] = level[u] + 1;
        q.push_back(v);
      }
  }
  return level;
}

/// Checks one snapshot against the model of its version; returns a description of the first
/// difference, or an empty string.
std::string check(const GraphSnapshot<bool>& s, const std::vector<VersionModel>& models,
                  std::uint64_t salt) {
  const std::uint64_t v = s.version();
  if (v >= models.size()) return "version " + std::to_string(v) + " was never published";
  const VersionModel& m = models[v];
  const Vertex n = Vertex(m.adj.size());
  const std::string at = " at version " + std::to_string(v);
  if (s.num_vertices() != n) return "vertex count" + at;
  if (s.num_arcs() != m.arcs) return "arc count" + at;
  Offset degree_sum = 0;
  for (Vertex u = 0; u < n; ++u) degree_sum += s.degree(u);
  if (degree_sum != m.arcs) return "degree sum" + at;
  if (s.triangles() != std::optional<std::int64_t>(std::int64_t(m.triangles)))
    return "triangles" + at;
  const Vertex source = Vertex((salt * 7919 + v) % n);
  if (signed_copy(bfs(s, source).level) != serial_bfs(m, source))
    return "BFS levels from " + std::to_string(source) + at;
  return {};
}

TEST(DynamicGraphConcurrency, ReadersSeeExactlyTheVersionTheyHold) {
  // Kernels inside a batch or a BFS use OpenMP. ctest runs this test with OMP_NUM_THREADS=1
  // (tests/dynamic_tests.cmake), so that under ThreadSanitizer every OpenMP team has one thread
  // and the race detector checks the writer/reader protocol this test is about.
  omp_set_num_threads(1);
  const std::uint64_t seed = 77;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  Vertex n = 400;
  const int batches = 80;
  // Plan the stream and the model of every version.
  std::vector<UpdateBatch<bool>> plan(batches);
  std::vector<VersionModel> models;
  std::set<std::pair<Vertex, Vertex>> edges;
  models.push_back(model_of(edges, n));
  for (int b = 0; b < batches; ++b) {
    const int len = b % 9 == 0 ? 3000 : int(rng() % 300) + 1;
    const Vertex limit = n + (b % 11 == 5 ? 40 : 0);  // some batches add vertices
    for (int k = 0; k < len; ++k) {
      Vertex u = Vertex(rng() % limit), v = Vertex(rng() % limit);
      if (u > v) std::swap(u, v);
      if (rng() % 4 == 0 && !edges.empty()) {
        auto it = edges.lower_bound({Vertex(rng() % n), 0});
        if (it == edges.end()) it = edges.begin();
        plan[b].erase(it->second, it->first);
        edges.erase(it);
      } else {
        plan[b].insert(v, u);
        edges.insert({u, v});
        n = std::max(n, v + 1);
      }
    }
    models.push_back(model_of(edges, n));
  }

  DynamicGraphOptions o;
  o.triangle_counter = std::make_shared<IncrementalTriangles>();
  o.format.tombstone_threshold = 0.05;
  o.format.space_threshold = 0.2;
  o.format.growth = 1.0;
  o.format.max_segments = 2;
  DynamicGraph<bool> g(400, o);

  std::atomic<bool> done{false};
  std::mutex error_mutex;
  std::vector<std::string> errors;
  auto report = [&](const std::string& e) {
    std::lock_guard<std::mutex> lock(error_mutex);
    if (errors.size() < 10) errors.push_back(e);
  };
  std::atomic<int> defragmentations{0}, growths{0};
  std::thread writer([&] {
    for (int b = 0; b < batches; ++b) {
      const BatchSummary s = g.apply(plan[b]);
      defragmentations += s.defragmented;
      growths += s.grew;
      if (s.version != std::uint64_t(b + 1)) report("writer: version " + std::to_string(s.version));
    }
    done = true;
  });
  const int readers = 3, minimum_checks = 25;
  std::vector<int> checks(readers, 0);
  std::vector<std::thread> pool;
  for (int r = 0; r < readers; ++r)
    pool.emplace_back([&, r] {
      std::uint64_t last = 0;
      std::vector<GraphSnapshot<bool>> held;
      while (!done.load() || checks[r] < minimum_checks) {
        const GraphSnapshot<bool> s = g.snapshot();
        if (s.version() < last) report("reader saw the version go back");
        last = s.version();
        if (std::string e = check(s, models, std::uint64_t(r) * 31 + checks[r]); !e.empty())
          report("reader " + std::to_string(r) + ": " + e);
        ++checks[r];
        // Hold some snapshots across later batches and re-check them.
        if (checks[r] % 4 == 0) held.push_back(s);
        if (held.size() > 3) {
          if (std::string e = check(held.front(), models, 5); !e.empty())
            report("reader " + std::to_string(r) + " (held): " + e);
          held.erase(held.begin());
        }
      }
      for (const auto& s : held)
        if (std::string e = check(s, models, 9); !e.empty()) report("held at end: " + e);
    });
  writer.join();
  for (auto& t : pool) t.join();
  for (const std::string& e : errors) ADD_FAILURE() << e;
  EXPECT_EQ(g.snapshot().version(), std::uint64_t(batches));
  EXPECT_EQ(check(g.snapshot(), models, 1), "");
  // The stream must have exercised defragmentation and growth under the readers.
  EXPECT_GT(defragmentations.load() + growths.load(), 0);
  for (int r = 0; r < readers; ++r) EXPECT_GE(checks[r], minimum_checks);
}

}  // namespace
}  // namespace spgraph
