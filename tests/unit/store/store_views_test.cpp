// SPDX-License-Identifier: Apache-2.0
// Maintained views over a durable store (store/graph_store.hpp, engine/maintained_view.hpp):
// batches applied with every view kind registered; the store then closed without a checkpoint
// (what a crash after the log's fsync leaves: the reopen replays the log) or after one; reopened
// and the views registered again. Each rebuilt view equals a recomputation on the recovered
// graph and the answer the views held before the close; a batch with a negative weight is
// refused before it reaches the log while an SSSP view is maintained.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/knn/knn.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "engine/core/error.hpp"
#include "tests/unit/store/store_test_files.hpp"
#include "tools/cli/maintained_views.hpp"

namespace spgraph {
namespace {

using namespace store_test;

void register_views(GraphStore<double>& s) {
  s.maintain(make_components_view());
  s.maintain(make_pagerank_view());
  s.maintain(make_bfs_view(3));
  s.maintain(make_sssp_view(3));
  s.maintain(make_knn_view(5, 4, SimilarityMeasure::Jaccard));
}

/// The views' answers, flattened, for comparing before and after a reopen.
struct Answers {
  std::vector<Vertex> labels;
  std::vector<double> rank, levels, distance, knn_scores;
  std::vector<Vertex> knn_ids;
};

Answers answers(const GraphSnapshot<double>& s) {
  Answers a;
  a.labels = s.maintained_as<CcViewResult>("cc")->labels();
  a.rank = s.maintained_as<PageRankViewResult>("pagerank")->rank.to_vector();
  a.levels = s.maintained_as<DistanceViewResult>("bfs:3")->distance.to_vector();
  a.distance = s.maintained_as<DistanceViewResult>("sssp:3")->distance.to_vector();
  const auto k = s.maintained_as<KnnViewResult>(knn_view_name(5, 4, SimilarityMeasure::Jaccard));
  a.knn_ids = k->ids;
  a.knn_scores = k->scores;
  return a;
}

/// Every view against a recomputation on the snapshot.
void expect_recomputed(const GraphSnapshot<double>& s, const std::string& where) {
  SCOPED_TRACE(where);
  const Answers a = answers(s);
  EXPECT_EQ(a.labels, connected_components(s).label);
  PageRankOptions po;
  po.tolerance = 1e-12;
  po.max_iterations = 2000;
  const std::vector<double> exact = pagerank(s, po).rank;
  double l1 = 0;
  for (std::size_t v = 0; v < exact.size(); ++v) l1 += std::abs(a.rank[v] - exact[v]);
  EXPECT_LE(l1, s.maintained_as<PageRankViewResult>("pagerank")->tolerance);
  const BfsResult b = bfs(s, 3);
  for (Vertex v = 0; v < s.num_vertices(); ++v)
    EXPECT_EQ(a.levels[v], b.level[v] == kUnreached ? kUnreachableDistance : double(b.level[v]));
  EXPECT_EQ(a.distance, sssp(s, 3).distance);
  SimilarityKnnOptions ko;
  ko.k = 4;
  ko.undirected = !s.directed();
  const Vertex q[1] = {5};
  const KnnResult r = similarity_knn(s.matrix(), q, ko);
  EXPECT_EQ(a.knn_ids, r.ids);
}

void reopen_with_views(bool directed, bool checkpoint) {
  SCOPED_TRACE(std::string(directed ? "directed" : "undirected") +
               (checkpoint ? ", checkpoint" : ", log replay"));
  const std::string dir = testing::temp_file("views_store").string();
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = checkpoint;
  Answers before;
  {
    auto s = fill<double>(dir, m, 10, o, directed);
    register_views(*s);
    for (std::uint64_t v = 11; v <= 40; ++v) {
      const auto b = testing::store_test_batch<double>(7, v, true);
      s->apply(b);
      m.apply(b);
      expect_recomputed(s->snapshot(), "batch " + std::to_string(v));
    }
    UpdateBatch<double> negative;
    negative.insert(1, 2, -1.0);
    EXPECT_THROW(s->apply(negative), InvalidArgument);  // refused before the log
    before = answers(s->snapshot());
  }
  auto s = GraphStore<double>::open(dir, {});
  EXPECT_EQ(s->version(), 40u);
  expect_model(*s, m, "after reopen");
  register_views(*s);
  expect_recomputed(s->snapshot(), "after reopen");
  const Answers after = answers(s->snapshot());
  EXPECT_EQ(after.labels, before.labels);
  EXPECT_EQ(after.levels, before.levels);
  EXPECT_EQ(after.distance, before.distance);
  EXPECT_EQ(after.knn_ids, before.knn_ids);
  std::filesystem::remove_all(dir);
}

TEST(StoreViews, RebuiltAfterLogReplayEqualRecomputation) {
  reopen_with_views(false, false);
  reopen_with_views(true, false);
}

TEST(StoreViews, RebuiltAfterCheckpointEqualRecomputation) {
  reopen_with_views(false, true);
}

}  // namespace
}  // namespace spgraph
