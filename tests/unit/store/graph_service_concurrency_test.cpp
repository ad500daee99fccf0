// SPDX-License-Identifier: Apache-2.0
// The writer thread of `spgraph serve` (tools/spgraph/serve/graph_service.hpp) over a durable
// store, under concurrency (label "concurrency", which CI also runs under ThreadSanitizer):
// several client threads submit batches and wait for their answers while reader threads take
// snapshots. Checked: every batch is answered with a distinct version, versions seen by a
// reader never go back, each snapshot's arcs agree with its own counts, and after the service
// closes, the reopened store equals a model that replays the acknowledged batches in version
// order.
#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "store/graph_store.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/unit/store/store_test_model.hpp"
#include "tools/spgraph/serve/graph_service.hpp"

namespace spgraph {
namespace {

TEST(GraphServiceConcurrency, WritersAndReadersOverAStore) {
  const testing::TempDir scratch;
  const std::string dir = scratch.file("store");
  constexpr int kWriters = 3, kReaders = 2, kBatchesPerWriter = 25;
  std::map<std::uint64_t, UpdateBatch<bool>> acknowledged;  // version -> batch
  std::mutex acknowledged_mutex;
  std::atomic<int> writers_done{0};
  std::atomic<std::uint64_t> snapshots_checked{0};
  {
    StoreOptions o;
    o.checkpoint_every = 10;  // checkpoints run while readers hold snapshots
    auto store = GraphStore<bool>::create(dir, Matrix<bool>(64, 64), 0, o);
    serve::GraphService<bool> service(nullptr, std::move(store));
    std::vector<std::thread> threads;
    for (int w = 0; w < kWriters; ++w)
      threads.emplace_back([&, w] {
        for (int b = 0; b < kBatchesPerWriter; ++b) {
          UpdateBatch<bool> batch =
              testing::store_test_batch<bool>(100 + std::uint64_t(w), std::uint64_t(b), false);
          const UpdateBatch<bool> sent = batch;
          const serve::SubmitResult r = service.submit(std::move(batch)).get();
          ASSERT_TRUE(r.ok) << r.error;
          std::lock_guard<std::mutex> lock(acknowledged_mutex);
          ASSERT_TRUE(acknowledged.emplace(r.summary.version, sent).second)
              << "version " << r.summary.version << " answered twice";
        }
        ++writers_done;
      });
    for (int r = 0; r < kReaders; ++r)
      threads.emplace_back([&] {
        std::uint64_t last = 0;
        while (writers_done.load() < kWriters) {
          const GraphSnapshot<bool> s = service.snapshot();
          ASSERT_GE(s.version(), last) << "a reader saw the version go back";
          last = s.version();
          Offset arcs = 0;
          for (Vertex u = 0; u < s.num_vertices(); ++u) arcs += s.degree(u);
          ASSERT_EQ(arcs, s.num_arcs()) << "version " << s.version();
          ++snapshots_checked;
        }
      });
    for (std::thread& t : threads) t.join();
    EXPECT_EQ(service.batches.load(), std::uint64_t(kWriters * kBatchesPerWriter));
    EXPECT_GT(snapshots_checked.load(), 0u);
  }
  ASSERT_EQ(acknowledged.size(), std::size_t(kWriters * kBatchesPerWriter));
  testing::StoreModel m;
  m.n = 64;
  std::uint64_t expect = 1;
  for (const auto& [version, batch] : acknowledged) {
    ASSERT_EQ(version, expect++) << "the versions answered have a gap";
    m.apply(batch);
  }
  auto reopened = GraphStore<bool>::open(dir, {});
  EXPECT_EQ(reopened->version(), acknowledged.size());
  std::map<std::pair<Vertex, Vertex>, double> got;
  ASSERT_TRUE(testing::snapshot_edges(reopened->snapshot(), got));
  EXPECT_EQ(got, m.edges);
  EXPECT_EQ(reopened->snapshot().num_vertices(), m.n);
  reopened.reset();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace spgraph
