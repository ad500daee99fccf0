// GraphStore (engine/store/graph_store.hpp) against a map model: durability across reopen for
// every graph kind, versions across restarts, checkpoints (on demand, every N, on close, a
// crash between checkpoint and log truncation), torn tails dropped, corrupt records refused
// with their offset, invalid batches refused before logging, and injected faults (short
// writes, ENOSPC, a failed fsync) refused with a clear error and a consistent store.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "engine/store/graph_store.hpp"
#include "tests/unit/store/store_test_model.hpp"

namespace spgraph {
namespace {

namespace fsys = std::filesystem;

std::string fresh_dir(const std::string& name) {
  const std::string d =
      ::testing::TempDir() + "spgraph_store_" + name + "_" + std::to_string(::getpid());
  fsys::remove_all(d);
  return d;
}

std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void spill(const std::string& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

template <class T>
void expect_model(const GraphStore<T>& s, const testing::StoreModel& m, const std::string& where) {
  std::map<std::pair<Vertex, Vertex>, double> got;
  ASSERT_TRUE(testing::snapshot_edges(s.snapshot(), got)) << where;
  EXPECT_EQ(got, m.edges) << where;
  EXPECT_EQ(s.snapshot().num_vertices(), m.n) << where;
}

/// Creates a store on 64 isolated vertices, applies batches 1..count, checks the model.
template <class T>
std::unique_ptr<GraphStore<T>> fill(const std::string& dir, testing::StoreModel& m,
                                    std::uint64_t count, StoreOptions o = {}, bool directed = false,
                                    bool combine = false) {
  const bool weighted = !std::is_same_v<T, bool>;
  o.graph.directed = directed;
  o.graph.duplicates = combine ? DuplicatePolicy::Combine : DuplicatePolicy::IgnoreIfPresent;
  m.directed = directed;
  m.combine = combine;
  m.n = 64;
  auto s = GraphStore<T>::create(dir, Matrix<T>(64, 64), 0, o);
  for (std::uint64_t v = 1; v <= count; ++v) {
    const auto b = testing::store_test_batch<T>(7, v, weighted);
    EXPECT_EQ(s->apply(b).version, v);
    m.apply(b);
  }
  return s;
}

template <class T>
void reopen_round_trip(bool directed, bool combine) {
  const std::string dir = fresh_dir("roundtrip");
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;  // the reopen replays the log
  {
    auto s = fill<T>(dir, m, 30, o, directed, combine);
    expect_model(*s, m, "before close");
  }
  auto s = GraphStore<T>::open(dir, {});
  EXPECT_EQ(s->version(), 30u);
  EXPECT_EQ(s->recovery().checkpoint_version, 0u);
  EXPECT_EQ(s->recovery().replayed, 30u);
  EXPECT_EQ(s->recovery().torn_bytes, 0u);
  expect_model(*s, m, "after reopen");
  const StoreMeta meta = read_store_meta(dir);
  EXPECT_EQ(meta.directed, directed);
  EXPECT_EQ(meta.weighted, (!std::is_same_v<T, bool>));
  fsys::remove_all(dir);
}

TEST(GraphStore, UndirectedPatternSurvivesReopen) {
  reopen_round_trip<bool>(false, false);
}
TEST(GraphStore, DirectedPatternSurvivesReopen) {
  reopen_round_trip<bool>(true, false);
}
TEST(GraphStore, WeightedCombineSurvivesReopen) {
  reopen_round_trip<double>(false, true);
}
TEST(GraphStore, DirectedWeightedSurvivesReopen) {
  reopen_round_trip<double>(true, false);
}

TEST(GraphStore, VersionsGoOnAcrossRestartsAndCheckpoints) {
  const std::string dir = fresh_dir("versions");
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_every = 4;
  { auto s = fill<double>(dir, m, 10, o); }  // checkpoints at 4 and 8; close checkpoints 10
  {
    auto s = GraphStore<double>::open(dir, o);
    EXPECT_EQ(s->recovery().checkpoint_version, 10u);
    EXPECT_EQ(s->recovery().replayed, 0u);
    EXPECT_EQ(s->log_bytes(), 16u);  // the log was truncated to its header
    expect_model(*s, m, "after checkpoint on close");
    for (std::uint64_t v = 11; v <= 13; ++v) {
      const auto b = testing::store_test_batch<double>(7, v, true);
      EXPECT_EQ(s->apply(b).version, v);
      m.apply(b);
    }
    EXPECT_EQ(s->snapshot().version(), 13u);
  }
  int checkpoints = 0;
  for (const auto& e : fsys::directory_iterator(dir))
    checkpoints += e.path().filename().string().rfind("checkpoint-", 0) == 0;
  EXPECT_EQ(checkpoints, 1) << "older checkpoints are deleted";
  auto s = GraphStore<double>::open(dir, {});
  EXPECT_EQ(s->version(), 13u);
  expect_model(*s, m, "second reopen");
  fsys::remove_all(dir);
}

TEST(GraphStore, CrashBetweenCheckpointAndTruncationSkipsOldRecords) {
  const std::string dir = fresh_dir("skip");
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  std::string old_log;
  {
    auto s = fill<bool>(dir, m, 6, o);
    old_log = slurp(dir + "/wal.log");
    s->checkpoint();
  }
  spill(dir + "/wal.log", old_log);  // as if the crash came before the truncation
  auto s = GraphStore<bool>::open(dir, o);
  EXPECT_EQ(s->recovery().checkpoint_version, 6u);
  EXPECT_EQ(s->recovery().skipped, 6u);
  EXPECT_EQ(s->version(), 6u);
  expect_model(*s, m, "after skipping");
  const auto b = testing::store_test_batch<bool>(7, 7, false);
  EXPECT_EQ(s->apply(b).version, 7u);
  fsys::remove_all(dir);
}

TEST(GraphStore, TornTailIsDroppedAndTheStoreGoesOn) {
  const std::string dir = fresh_dir("torn");
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  std::string full;
  std::size_t five = 0;
  {
    auto s = fill<double>(dir, m, 5, o);
    five = slurp(dir + "/wal.log").size();
    s->apply(testing::store_test_batch<double>(7, 6, true));  // not in the model: torn below
    full = slurp(dir + "/wal.log");
  }
  // Every cut inside record 6, and a tail of zeros (a crash after the size grew).
  for (std::size_t cut = five + 1; cut < full.size(); cut += 7) {
    for (int zeros = 0; zeros < 2; ++zeros) {
      std::string torn = full.substr(0, cut);
      if (zeros) torn.append(full.size() - cut, '\0');
      spill(dir + "/wal.log", torn);
      auto s = GraphStore<double>::open(dir, o);
      EXPECT_EQ(s->version(), 5u) << "cut " << cut;
      EXPECT_EQ(s->recovery().torn_bytes, torn.size() - five) << "cut " << cut;
      expect_model(*s, m, "torn at " + std::to_string(cut));
    }
  }
  // After recovery the log goes on from the valid prefix.
  {
    auto s = GraphStore<double>::open(dir, o);
    const auto b = testing::store_test_batch<double>(7, 6, true);
    EXPECT_EQ(s->apply(b).version, 6u);
    m.apply(b);
  }
  auto s = GraphStore<double>::open(dir, o);
  EXPECT_EQ(s->recovery().torn_bytes, 0u);
  expect_model(*s, m, "after the torn tail");
  fsys::remove_all(dir);
}

TEST(GraphStore, CorruptRecordInTheMiddleNamesItsOffset) {
  const std::string dir = fresh_dir("corrupt");
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  { auto s = fill<bool>(dir, m, 4, o); }
  std::string log = slurp(dir + "/wal.log");
  log[16 + 25] ^= 0x40;  // a byte of the first record's payload
  spill(dir + "/wal.log", log);
  try {
    GraphStore<bool>::open(dir, o);
    FAIL() << "a corrupt record was accepted";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("wal.log at byte 16"), std::string::npos) << what;
    EXPECT_NE(what.find("checksum"), std::string::npos) << what;
  }
  // A bad magic with data after it is corruption too, not a torn tail.
  log = slurp(dir + "/wal.log");
  log[16 + 25] ^= 0x40;
  log[16] = 'X';
  spill(dir + "/wal.log", log);
  EXPECT_THROW(GraphStore<bool>::open(dir, o), StoreError);
  // A flipped bit in the first record's length field makes it seem to run past the end of the
  // log, as a torn tail does; the sound records after it show that it is corruption, and
  // dropping them would lose acknowledged batches.
  log = slurp(dir + "/wal.log");
  log[16] = 'S';
  log[16 + 7] ^= 0x10;  // the length's top byte: the record now claims 256 MiB more
  spill(dir + "/wal.log", log);
  try {
    GraphStore<bool>::open(dir, o);
    FAIL() << "a record whose length was corrupted was taken for a torn tail";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("wal.log at byte 16"), std::string::npos) << what;
    EXPECT_NE(what.find("past the end"), std::string::npos) << what;
  }
  fsys::remove_all(dir);
}

// A crash in the middle of writing a checkpoint leaves the atomic writer's hidden temporary
// file beside the store's files; opening the store deletes it and keeps everything else.
TEST(GraphStore, UnfinishedWritesAreDeletedOnOpen) {
  const std::string dir = fresh_dir("unfinished");
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  { auto s = fill<bool>(dir, m, 3, o); }
  const std::string leftover = dir + "/.checkpoint-00000000000000000004.spg.spgraph-Ab12Cd";
  spill(leftover, "half a checkpoint");
  auto s = GraphStore<bool>::open(dir, o);
  EXPECT_FALSE(fsys::exists(leftover));
  EXPECT_EQ(s->version(), 3u);
  expect_model(*s, m, "after deleting the leftover");
  s.reset();
  fsys::remove_all(dir);
}

TEST(GraphStore, CorruptCheckpointIsAnError) {
  const std::string dir = fresh_dir("badckpt");
  testing::StoreModel m;
  { auto s = fill<bool>(dir, m, 3); }
  for (const auto& e : fsys::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("checkpoint-", 0) != 0) continue;
    std::string bytes = slurp(e.path().string());
    bytes[bytes.size() / 2] ^= 1;
    spill(e.path().string(), bytes);
  }
  try {
    GraphStore<bool>::open(dir, {});
    FAIL() << "a corrupt checkpoint was accepted";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("checkpoint"), std::string::npos) << e.what();
  }
  fsys::remove_all(dir);
}

TEST(GraphStore, InvalidBatchIsRefusedBeforeLogging) {
  const std::string dir = fresh_dir("invalid");
  testing::StoreModel m;
  auto s = fill<bool>(dir, m, 2);
  const std::uint64_t bytes = s->log_bytes();
  UpdateBatch<bool> b;
  b.insert(1, 2);
  b.assign(1, 2, true);  // a re-weight on a pattern graph
  EXPECT_THROW(s->apply(b), InvalidArgument);
  UpdateBatch<bool> far;
  far.insert(0, kMaxDimension);
  EXPECT_THROW(s->apply(far), IndexOutOfBounds);
  EXPECT_EQ(s->log_bytes(), bytes);
  EXPECT_EQ(s->version(), 2u);
  // In a group, the invalid batch is skipped and the others go through, in order.
  UpdateBatch<bool> ok1, ok2;
  ok1.insert(3, 4);
  ok2.erase(3, 4);
  ok2.insert(5, 6);
  const UpdateBatch<bool>* group[] = {&ok1, &b, &ok2};
  const auto out = s->apply_group(group);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(out[0].ok);
  EXPECT_FALSE(out[1].ok);
  EXPECT_NE(out[1].error.find("unweighted"), std::string::npos) << out[1].error;
  EXPECT_TRUE(out[2].ok);
  EXPECT_EQ(out[0].summary.version, 3u);
  EXPECT_EQ(out[2].summary.version, 4u);
  m.apply(ok1);
  m.apply(ok2);
  s.reset();
  auto r = GraphStore<bool>::open(dir, {});
  expect_model(*r, m, "after the group");
  fsys::remove_all(dir);
}

/// Writes fail after `budget` more bytes (short write, then ENOSPC); fsync fails when asked.
class FaultyIo : public StoreIo {
 public:
  long budget = -1;  // -1: unlimited
  bool fail_sync = false;
  long write(int fd, const void* data, std::size_t n) override {
    if (budget < 0) return StoreIo::write(fd, data, n);
    if (budget == 0) {
      errno = ENOSPC;
      return -1;
    }
    const long w = StoreIo::write(fd, data, std::min<std::size_t>(n, std::size_t(budget)));
    if (w > 0) budget -= w;
    return w;
  }
  int sync(int fd) override {
    if (fail_sync) {
      errno = EIO;
      return -1;
    }
    return StoreIo::sync(fd);
  }
};

TEST(GraphStore, ShortWriteAndEnospcLeaveTheStoreConsistent) {
  const std::string dir = fresh_dir("enospc");
  testing::StoreModel m;
  auto io = std::make_shared<FaultyIo>();
  StoreOptions o;
  o.io = io;
  o.checkpoint_on_close = false;
  auto s = fill<double>(dir, m, 3, o);
  const std::uint64_t bytes = s->log_bytes();
  for (long budget : {0L, 1L, 19L, 30L}) {
    io->budget = budget;
    const auto b = testing::store_test_batch<double>(7, 4, true);
    try {
      s->apply(b);
      FAIL() << "a failed write was acknowledged";
    } catch (const StoreError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("No space left on device"), std::string::npos) << what;
      EXPECT_NE(what.find("wal.log"), std::string::npos) << what;
      EXPECT_NE(what.find("unchanged"), std::string::npos) << what;
    }
    EXPECT_EQ(s->version(), 3u);
    EXPECT_EQ(s->log_bytes(), bytes);
    EXPECT_EQ(fsys::file_size(dir + "/wal.log"), bytes) << "the partial record was truncated";
    expect_model(*s, m, "after a failed write");
  }
  io->budget = -1;
  const auto b = testing::store_test_batch<double>(7, 4, true);
  EXPECT_EQ(s->apply(b).version, 4u);
  m.apply(b);
  s.reset();
  auto r = GraphStore<double>::open(dir, {});
  EXPECT_EQ(r->recovery().torn_bytes, 0u);
  expect_model(*r, m, "reopened after faults");
  fsys::remove_all(dir);
}

TEST(GraphStore, FailedFsyncRefusesUpdatesUntilReopened) {
  const std::string dir = fresh_dir("fsync");
  testing::StoreModel m;
  auto io = std::make_shared<FaultyIo>();
  StoreOptions o;
  o.io = io;
  o.checkpoint_on_close = false;
  auto s = fill<bool>(dir, m, 2, o);
  io->fail_sync = true;
  const auto b3 = testing::store_test_batch<bool>(7, 3, false);
  EXPECT_THROW(s->apply(b3), StoreError);
  EXPECT_EQ(s->version(), 2u) << "a batch whose fsync failed is not applied";
  io->fail_sync = false;
  EXPECT_THROW(s->apply(b3), StoreError) << "the store refuses updates until reopened";
  s.reset();
  // The record reached the file (only fsync "failed"): the reopened store holds it, which is
  // allowed for a batch that was never acknowledged.
  auto r = GraphStore<bool>::open(dir, {});
  EXPECT_EQ(r->version(), 3u);
  m.apply(b3);
  expect_model(*r, m, "reopened after a failed fsync");
  fsys::remove_all(dir);
}

TEST(GraphStore, AddVerticesIsLogged) {
  const std::string dir = fresh_dir("addv");
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  {
    auto s = fill<bool>(dir, m, 1, o);
    EXPECT_EQ(s->add_vertices(100).vertices, m.n + 100);
  }
  auto s = GraphStore<bool>::open(dir, o);
  EXPECT_EQ(s->version(), 2u);
  EXPECT_EQ(s->snapshot().num_vertices(), m.n + 100);
  fsys::remove_all(dir);
}

TEST(GraphStore, WrongUseIsAClearError) {
  const std::string dir = fresh_dir("wrong");
  EXPECT_THROW(GraphStore<bool>::open(dir, {}), StoreError);  // no such store
  StoreOptions keep;
  keep.graph.directed = true;
  keep.graph.duplicates = DuplicatePolicy::Keep;
  EXPECT_THROW(GraphStore<bool>::create(dir, Matrix<bool>(4, 4), 0, keep), InvalidArgument);
  { auto s = GraphStore<bool>::create(dir, Matrix<bool>(4, 4), 1, {}); }
  EXPECT_THROW(GraphStore<bool>::create(dir, Matrix<bool>(4, 4), 0, {}), StoreError);
  try {
    GraphStore<double>::open(dir, {});
    FAIL();
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("GraphStore<bool>"), std::string::npos) << e.what();
  }
  EXPECT_EQ(GraphStore<bool>::open(dir, {})->index_base(), 1);
  {
    auto first = GraphStore<bool>::open(dir, {});
    try {
      GraphStore<bool>::open(dir, {});
      FAIL() << "a store was opened twice";
    } catch (const StoreError& e) {
      EXPECT_NE(std::string(e.what()).find("open in another process"), std::string::npos)
          << e.what();
    }
  }
  spill(dir + "/store.meta", "spgraph-store 1\ndirected 2\n");
  EXPECT_THROW(read_store_meta(dir), StoreError);
  fsys::remove_all(dir);
}

TEST(GraphStore, StartsFromAGraphWithIsolatedVerticesAndSelfLoops) {
  const std::string dir = fresh_dir("base");
  Coo<bool> coo{10, 10, true, {0, 1, 2, 3}, {1, 1, 3, 2}, {}};
  const Matrix<bool> base = Matrix<bool>::from_coo(std::move(coo));
  {
    auto s = GraphStore<bool>::create(dir, base, 0, {});
    EXPECT_EQ(s->snapshot().num_edges(), 3u);  // (0,1), the loop (1,1), (2,3)
  }
  auto s = GraphStore<bool>::open(dir, {});
  EXPECT_EQ(s->snapshot().num_vertices(), 10u);
  EXPECT_EQ(s->snapshot().num_edges(), 3u);
  EXPECT_EQ(s->snapshot().self_loops(), 1u);
  EXPECT_TRUE(s->snapshot().has_edge(3, 2));
  fsys::remove_all(dir);
}

}  // namespace
}  // namespace spgraph
