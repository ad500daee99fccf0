// SPDX-License-Identifier: Apache-2.0
// GraphStore (store/graph_store.hpp) against a map model: durability across reopen for
// every graph kind, versions across restarts, checkpoints (on demand, every N, on close, a
// crash between checkpoint and log truncation), torn tails dropped, corrupt records refused
// with their offset (the last one too) or salvaged on request, a store without store.meta
// never wiped by create, an edited store.meta, a renamed checkpoint and another store's files
// refused, invalid batches refused before logging, and
// injected faults (short writes, ENOSPC, a failed fsync) refused with a clear error and a
// consistent store.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "store/graph_store.hpp"
#include "loaders/binary_format.hpp"
#include "tests/unit/store/store_test_files.hpp"
#include "tests/unit/store/store_test_model.hpp"

namespace spgraph {
namespace {

namespace fsys = std::filesystem;
using namespace store_test;  // expect_model, fill

template <class T>
void reopen_round_trip(bool directed, bool combine) {
  const std::string dir = testing::temp_file("roundtrip").string();
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
  const std::string dir = testing::temp_file("versions").string();
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
  const std::string dir = testing::temp_file("skip").string();
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  std::string old_log;
  {
    auto s = fill<bool>(dir, m, 6, o);
    old_log = testing::read_file(dir + "/wal.log");
    s->checkpoint();
  }
  testing::write_file(dir + "/wal.log", old_log);  // as if the crash came before the truncation
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
  const std::string dir = testing::temp_file("torn").string();
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  std::string full;
  std::size_t five = 0;
  {
    auto s = fill<double>(dir, m, 5, o);
    five = testing::read_file(dir + "/wal.log").size();
    s->apply(testing::store_test_batch<double>(7, 6, true));  // not in the model: torn below
    full = testing::read_file(dir + "/wal.log");
  }
  // Every cut inside record 6, and a tail of zeros (a crash after the size grew).
  for (std::size_t cut = five + 1; cut < full.size(); cut += 7) {
    for (int zeros = 0; zeros < 2; ++zeros) {
      std::string torn = full.substr(0, cut);
      if (zeros) torn.append(full.size() - cut, '\0');
      testing::write_file(dir + "/wal.log", torn);
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
  const std::string dir = testing::temp_file("corrupt").string();
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  { auto s = fill<bool>(dir, m, 4, o); }
  std::string log = testing::read_file(dir + "/wal.log");
  log[16 + 25] ^= 0x40;  // a byte of the first record's payload
  testing::write_file(dir + "/wal.log", log);
  try {
    GraphStore<bool>::open(dir, o);
    FAIL() << "a corrupt record was accepted";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("wal.log at byte 16"), std::string::npos) << what;
    EXPECT_NE(what.find("checksum"), std::string::npos) << what;
  }
  // A bad magic with data after it is corruption too, not a torn tail.
  log = testing::read_file(dir + "/wal.log");
  log[16 + 25] ^= 0x40;
  log[16] = 'X';
  testing::write_file(dir + "/wal.log", log);
  EXPECT_THROW(GraphStore<bool>::open(dir, o), StoreError);
  // A flipped bit in the first record's length field makes it seem to run past the end of the
  // log, as a torn tail does; the sound records after it show that it is corruption, and
  // dropping them would lose acknowledged batches.
  log = testing::read_file(dir + "/wal.log");
  log[16] = 'S';
  log[16 + 7] ^= 0x10;  // the length's top byte: the record now claims 256 MiB more
  testing::write_file(dir + "/wal.log", log);
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
  const std::string dir = testing::temp_file("unfinished").string();
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  { auto s = fill<bool>(dir, m, 3, o); }
  const std::string leftover = dir + "/.checkpoint-00000000000000000004.spg.spgraph-Ab12Cd";
  testing::write_file(leftover, "half a checkpoint");
  auto s = GraphStore<bool>::open(dir, o);
  EXPECT_FALSE(fsys::exists(leftover));
  EXPECT_EQ(s->version(), 3u);
  expect_model(*s, m, "after deleting the leftover");
  s.reset();
  fsys::remove_all(dir);
}

TEST(GraphStore, CorruptCheckpointIsAnError) {
  const std::string dir = testing::temp_file("badckpt").string();
  testing::StoreModel m;
  { auto s = fill<bool>(dir, m, 3); }
  for (const auto& e : fsys::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("checkpoint-", 0) != 0) continue;
    std::string bytes = testing::read_file(e.path().string());
    bytes[bytes.size() / 2] ^= 1;
    testing::write_file(e.path().string(), bytes);
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
  const std::string dir = testing::temp_file("invalid").string();
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
  const std::string dir = testing::temp_file("enospc").string();
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
  const std::string dir = testing::temp_file("fsync").string();
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
  const std::string dir = testing::temp_file("addv").string();
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
  const std::string dir = testing::temp_file("wrong").string();
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
  testing::write_file(dir + "/store.meta", "spgraph-store 1\ndirected 2\n");
  EXPECT_THROW(read_store_meta(dir), StoreError);
  fsys::remove_all(dir);
}

TEST(GraphStore, StartsFromAGraphWithIsolatedVerticesAndSelfLoops) {
  const std::string dir = testing::temp_file("base").string();
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

// A lost store.meta must not make create-or-open wipe a store's acknowledged batches: a store whose
// store.meta was lost is not "an unfinished create"; creating over it is refused, naming what is
// there, and its files stay as they were.
TEST(GraphStore, CreateRefusesTheFilesOfAStoreWithoutMeta) {
  const std::string dir = testing::temp_file("nometa").string();
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  { auto s = fill<bool>(dir, m, 12, o); }  // checkpoint 0 and 12 logged batches
  const std::string log = testing::read_file(dir + "/wal.log");
  fsys::remove(dir + "/store.meta");
  try {
    GraphStore<bool>::create(dir, Matrix<bool>(64, 64), 0, o);
    FAIL() << "create wiped a store whose store.meta was missing";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("no store.meta"), std::string::npos) << what;
    EXPECT_NE(what.find("wal.log (" + std::to_string(log.size()) + " bytes"), std::string::npos)
        << what;
    EXPECT_NE(what.find("Recovery"), std::string::npos) << what;
  }
  EXPECT_EQ(testing::read_file(dir + "/wal.log"), log);
  // A checkpoint past version 0 (the log since emptied) is refused the same way.
  testing::write_file(dir + "/store.meta",
                      "spgraph-store 1\ndirected 0\nweighted 0\nduplicates ignore\n"
                      "index_base 0\n");
  { auto s = GraphStore<bool>::open(dir, {}); }  // a clean close writes checkpoint 12
  fsys::remove(dir + "/store.meta");
  try {
    GraphStore<bool>::create(dir, Matrix<bool>(64, 64), 0, o);
    FAIL() << "create wiped checkpoint 12";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("(version 12)"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fsys::exists(dir + "/checkpoint-00000000000000000012.spg"));
  fsys::remove_all(dir);
  // What a create that died before store.meta leaves (checkpoint 0, an empty log) is replaced.
  { auto s = GraphStore<bool>::create(dir, Matrix<bool>(8, 8), 0, o); }
  fsys::remove(dir + "/store.meta");
  auto s = GraphStore<bool>::create(dir, Matrix<bool>(64, 64), 0, o);
  EXPECT_EQ(s->snapshot().num_vertices(), 64u);
  s.reset();
  fsys::remove_all(dir);
}

// One flipped byte in the last log record must not drop an acknowledged batch: any damaged byte of
// the last record, a whole record, is corruption, not a torn tail: the open is refused, naming the
// record's offset, and the log is left as it was. With salvage the records before it are kept and
// the damaged part is moved to a copy.
TEST(GraphStore, DamagedLastRecordIsRefusedAndCanBeSalvaged) {
  const std::string dir = testing::temp_file("lastrecord").string();
  testing::StoreModel m;
  StoreOptions o;
  o.checkpoint_on_close = false;
  std::size_t four = 0;
  {
    auto s = fill<double>(dir, m, 4, o);
    four = testing::read_file(dir + "/wal.log").size();
    s->apply(testing::store_test_batch<double>(7, 5, true));
  }
  const std::string log = testing::read_file(dir + "/wal.log");
  for (std::size_t at = four; at < log.size(); ++at) {
    for (const unsigned char flip : {0x01, 0x80, 0xff}) {
      std::string damaged = log;
      damaged[at] = char(damaged[at] ^ flip);
      testing::write_file(dir + "/wal.log", damaged);
      try {
        auto s = GraphStore<double>::open(dir, o);
        FAIL() << "byte " << at << " ^ " << int(flip) << " opened at version " << s->version();
      } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("wal.log at byte " + std::to_string(four)),
                  std::string::npos)
            << e.what();
      }
      EXPECT_EQ(testing::read_file(dir + "/wal.log"), damaged) << "byte " << at;
    }
  }
  // Salvage: version 4, the damaged record moved to wal.log.salvage-1, the log sound again.
  std::string damaged = log;
  damaged[four + 30] ^= 0x10;
  testing::write_file(dir + "/wal.log", damaged);
  StoreOptions salvage = o;
  salvage.salvage = true;
  {
    auto s = GraphStore<double>::open(dir, salvage);
    EXPECT_EQ(s->version(), 4u);
    EXPECT_EQ(s->recovery().salvaged_bytes, log.size() - four);
    EXPECT_EQ(s->recovery().salvage_file, dir + "/wal.log.salvage-1");
    EXPECT_NE(s->recovery().damage.find("checksum"), std::string::npos) << s->recovery().damage;
    expect_model(*s, m, "salvaged");
  }
  EXPECT_EQ(testing::read_file(dir + "/wal.log.salvage-1"), damaged.substr(four));
  EXPECT_EQ(testing::read_file(dir + "/wal.log"), log.substr(0, four));
  auto s = GraphStore<double>::open(dir, o);
  EXPECT_EQ(s->version(), 4u);
  EXPECT_EQ(s->recovery().salvaged_bytes, 0u);
  s.reset();
  fsys::remove_all(dir);
}

// An edited store.meta must not shift ids or turn an undirected graph directed: store.meta is
// checked against the checkpoint's header; an edited setting or a repeated key is refused, naming
// what disagrees.
TEST(GraphStore, EditedMetaIsRefused) {
  const std::string dir = testing::temp_file("editedmeta").string();
  { auto s = GraphStore<bool>::create(dir, Matrix<bool>(8, 8), 1, {}); }  // undirected
  const std::string meta = testing::read_file(dir + "/store.meta");
  const auto refused = [&](const std::string& edited, const std::string& expected) {
    testing::write_file(dir + "/store.meta", edited);
    try {
      GraphStore<bool>::open(dir, {});
      ADD_FAILURE() << "accepted:\n" << edited;
    } catch (const StoreError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  const auto edit = [&](const std::string& from, const std::string& to) {
    std::string m = meta;
    const std::size_t at = m.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return m.replace(at, from.size(), to);
  };
  refused(edit("index_base 1", "index_base 0"), "numbered from 1");
  refused(edit("directed 0", "directed 1"), "an undirected graph");
  refused(meta + "directed 1\n", "'directed' is given twice");
  refused(edit("index_base 1\n", ""), "'index_base' is missing");
  testing::write_file(dir + "/store.meta", meta);
  EXPECT_EQ(GraphStore<bool>::open(dir, {})->index_base(), 1);
  // A weighted store's metadata set to "weighted 0" (opened as a pattern graph) is refused too.
  const std::string wdir = testing::temp_file("editedmeta_w").string();
  StoreOptions directed;
  directed.graph.directed = true;
  { auto s = GraphStore<double>::create(wdir, Matrix<double>(8, 8), 0, directed); }
  std::string w = testing::read_file(wdir + "/store.meta");
  w.replace(w.find("weighted 1"), 10, "weighted 0");
  testing::write_file(wdir + "/store.meta", w);
  try {
    GraphStore<bool>::open(wdir, {});
    ADD_FAILURE() << "a weighted checkpoint opened as a pattern graph";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("a weighted graph"), std::string::npos) << e.what();
  }
  fsys::remove_all(dir);
  fsys::remove_all(wdir);
}

// A renamed or copied checkpoint must not skip logged batches: a checkpoint records its version and
// its store's id; a renamed checkpoint, one from another store, and another store's log are
// refused, naming the file. A store made before ids (no `id` in store.meta, unstamped checkpoints,
// tag 0 in the log) still opens.
TEST(GraphStore, RenamedOrForeignFilesAreRefused) {
  const std::string dir = testing::temp_file("stamp").string(),
                    other = testing::temp_file("stamp_other").string();
  testing::StoreModel m, mo;
  StoreOptions o;
  o.checkpoint_on_close = false;
  { auto s = fill<bool>(dir, m, 12, o); }
  { auto s = fill<bool>(other, mo, 3, o); }
  const std::string ck0 = dir + "/checkpoint-00000000000000000000.spg";
  const std::string ck99 = dir + "/checkpoint-00000000000000000099.spg";
  const auto refused = [&](const std::string& expected) {
    try {
      auto s = GraphStore<bool>::open(dir, o);
      ADD_FAILURE() << "opened at version " << s->version() << "; expected: " << expected;
    } catch (const StoreError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  fsys::rename(ck0, ck99);
  refused("the file name says version 99 but the checkpoint holds version 0");
  fsys::rename(ck99, ck0);
  const std::string own = testing::read_file(ck0);
  testing::write_file(ck0, testing::read_file(other + "/checkpoint-00000000000000000000.spg"));
  refused("a checkpoint of another store");
  testing::write_file(ck0, own);
  const std::string log = testing::read_file(dir + "/wal.log");
  testing::write_file(dir + "/wal.log", testing::read_file(other + "/wal.log"));
  refused("the log belongs to another store");
  testing::write_file(dir + "/wal.log", log);
  {
    auto s = GraphStore<bool>::open(dir, o);
    EXPECT_EQ(s->version(), 12u);
    expect_model(*s, m, "own files back");
  }
  // store.meta written again by hand without its id: the checkpoint's stamp still names the
  // store, so another store's log is still refused.
  std::string meta = testing::read_file(dir + "/store.meta");
  meta.erase(meta.find("id "));
  testing::write_file(dir + "/store.meta", meta);
  testing::write_file(dir + "/wal.log", testing::read_file(other + "/wal.log"));
  refused("the log belongs to another store");
  testing::write_file(dir + "/wal.log", log);
  EXPECT_EQ(GraphStore<bool>::open(dir, o)->version(), 12u);
  // A store made before ids: no id, no stamp, tag 0.
  LoadOptions lo;
  const LoadedMatrix ck = read_binary(ck0, own, lo);
  ASSERT_TRUE(ck.info.store_stamp.has_value());
  EXPECT_EQ(ck.info.store_stamp->version, 0u);
  testing::write_file(ck0, encode_binary(ck.matrix, true, 0));
  std::string old_log = log;
  old_log.replace(12, 4, std::string(4, '\0'));
  testing::write_file(dir + "/wal.log", old_log);
  auto s = GraphStore<bool>::open(dir, o);
  EXPECT_EQ(s->version(), 12u);
  expect_model(*s, m, "a store made before ids");
  s.reset();
  fsys::remove_all(dir);
  fsys::remove_all(other);
}

}  // namespace
}  // namespace spgraph
