// SPDX-License-Identifier: Apache-2.0
// `spgraph stream --store DIR` end to end: a store created from a graph file keeps every update
// across runs (a second run needs no graph file), an answer printed by a run that is then killed
// with SIGKILL is never lost, a store that lost its store.meta is never wiped, and misuse is a
// clear error.
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/spgraph_cli.hpp"

namespace spgraph::testing {
namespace {

std::string fresh_store(const std::string& name) {
  const std::string d = temp_file(name).string();
  std::filesystem::remove_all(d);
  return d;
}

TEST(StoreCli, UpdatesSurviveAcrossRuns) {
  const auto g = temp_file("store_g.txt", "0 1\n1 2\n2 3\n");
  const auto u1 = temp_file("store_u1.txt", "+ 3 0\n+ 0 2\n- 1 2\n? edges\n? triangles\n");
  const auto u2 = temp_file("store_u2.txt", "? edges\n? degree 0\n+ 4 5\n? edges\n");
  const std::string dir = fresh_store("store_a");
  CliRun r = run("stream " + g.string() + " --undirected --store " + dir + " -u " + u1.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("edges 4 version=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("triangles 1 version=1"), std::string::npos) << r.output;
  // No graph file: the store holds the graph; versions go on.
  r = run("stream --store " + dir + " -u " + u2.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("edges 4 version=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("degree vertex=0 degree=3 version=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("edges 5 version=2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("opened store"), std::string::npos) << r.output;
  // A graph file next to an existing store is ignored, with a warning.
  r = run("stream " + g.string() + " --store " + dir + " -u " + u2.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("is ignored"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("edges 5 version=2"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

// A store keeps the numbering of the file it was made from: Matrix Market ids start at 1, in
// the run that creates the store and in every run that reopens it. Karate: vertex 1 has 16
// neighbours, 34 is not one of them.
TEST(StoreCli, AMatrixMarketStoreKeepsOneBasedIds) {
  const std::string karate = std::string(SPGRAPH_SOURCE_DIR) + "/tests/data/karate.mtx";
  const auto u1 = temp_file("store_mm_u1.txt", "? degree 1\n+ 1 34\n? degree 1\n? degree 34\n");
  const auto u2 = temp_file("store_mm_u2.txt", "? degree 1\n? degree 34\n? degree 0\n");
  const std::string dir = fresh_store("store_mm");
  CliRun r = run("stream " + karate + " --store " + dir + " -u " + u1.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("degree vertex=1 degree=16 version=0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("degree vertex=1 degree=17 version=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("degree vertex=34 degree=18 version=1"), std::string::npos) << r.output;
  r = run("stream --store " + dir + " -u " + u2.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("degree vertex=1 degree=17 version=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("degree vertex=34 degree=18 version=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("below the first id, 1"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

TEST(StoreCli, AnAnsweredQueryIsNeverLostToSigkill) {
  const auto g = temp_file("store_k.txt", "0 1\n");
  const std::string dir = fresh_store("store_kill");
  Child c = spawn_spgraph(
      {"stream", g.string(), "--undirected", "--store", dir, "-u", "-", "--batch", "1000"}, "", "",
      true, true);
  ASSERT_GT(c.pid, 0);
  std::string last;
  for (int k = 2; k < 30; ++k) {
    const std::string lines = "+ " + std::to_string(k) + " " + std::to_string(k + 1) + "\n+ 0 " +
                              std::to_string(k) + "\n? edges\n";
    ASSERT_EQ(write(c.stdin_fd, lines.data(), lines.size()), ssize_t(lines.size()));
    const std::string want = "edges " + std::to_string(1 + 2 * (k - 1));
    last = read_until(c, want);
    ASSERT_NE(last.find(want), std::string::npos) << last;
  }
  kill(c.pid, SIGKILL);
  wait_child(c);
  const auto q = temp_file("store_q.txt", "? edges\n? degree 0\n");
  const CliRun r = run("stream --store " + dir + " -u " + q.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("edges 57 version=28"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("degree vertex=0 degree=29"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

TEST(StoreCli, MisuseIsAClearError) {
  const std::string dir = fresh_store("store_bad");
  const auto u = temp_file("store_bu.txt", "? edges\n");
  CliRun r = run("stream --store " + dir + " -u " + u.string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("holds no store yet"), std::string::npos) << r.output;
  const auto g = temp_file("store_bg.txt", "0 1\n");
  r = run("stream " + g.string() + " --store " + dir + " --duplicates keep -u " + u.string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("multigraph"), std::string::npos) << r.output;
  const auto named = temp_file("store_names.csv", "a,b\nb,c\n");
  r = run("stream " + named.string() + " --string-ids --store " + dir + " -u " + u.string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("remapped ids"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

// A lost store.meta must not cost the acknowledged batches: with store.meta gone, "create from the
// graph file" must not wipe the store's checkpoint; --salvage (graph_store_test.cpp tests it) needs
// --store.
TEST(StoreCli, ADamagedStoreIsRefusedNotWiped) {
  const auto g = temp_file("store_dg.txt", "0 1\n1 2\n2 3\n");
  const auto u = temp_file("store_du.txt", "+ 3 0\n? edges\n+ 0 2\n? edges\n");
  const auto none = temp_file("store_dnone.txt", "? edges\n");
  const std::string dir = fresh_store("store_damaged");
  // The run's clean close leaves checkpoint 2 (the log emptied): a store, not a dead create.
  CliRun r = run("stream " + g.string() + " --store " + dir + " -u " + u.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::filesystem::remove(dir + "/store.meta");
  r = run("stream " + g.string() + " --store " + dir + " -u " + none.string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("no store.meta"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(version 2)"), std::string::npos) << r.output;
  EXPECT_TRUE(std::filesystem::exists(dir + "/checkpoint-00000000000000000002.spg"));
  std::filesystem::remove_all(dir);
  r = run("stream " + g.string() + " --salvage -u " + none.string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--store"), std::string::npos) << r.output;
}

// A damaged last record is corruption, not a torn tail to drop in silence, through the CLI: a whole
// log record with a wrong checksum is refused (exit 1, naming the log and the byte, the log
// unchanged); --salvage opens the store without it, moves it to wal.log.salvage-1 and says so, even
// with -q.
TEST(StoreCli, ADamagedLogRecordIsRefusedUntilSalvaged) {
  const auto g = temp_file("store_sg.txt", "0 1\n1 2\n2 3\n");
  const auto u = temp_file("store_su.txt", "+ 3 0\n? edges\n");
  const auto none = temp_file("store_snone.txt", "? edges\n");
  const std::string dir = fresh_store("store_salvage");
  CliRun r = run("stream " + g.string() + " --store " + dir + " -u " + u.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;  // checkpoint 1, the log only its 16-byte header
  const std::string log_path = dir + "/wal.log";
  std::string log = read_file(log_path);
  ASSERT_EQ(log.size(), 16u);
  // Record version 2 holding an empty batch (docs/store.md, "Log format"), whole, with a
  // checksum that cannot match: magic, payload bytes, version, type and 3 zero bytes, a u64
  // count of 0, then the CRC field.
  const char record[] =
      "SGWR\x08\0\0\0\x02\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0\0\0\0\0"
      "\xef\xbe\xad\xde";
  log.append(record, sizeof record - 1);
  std::ofstream(log_path, std::ios::binary | std::ios::trunc) << log;
  r = run("stream --store " + dir + " -u " + none.string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("wal.log at byte 16: corrupt record (checksum mismatch)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(read_file(log_path), log);
  r = run("stream --store " + dir + " --salvage -q -u " + none.string());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("--salvage: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("wal.log.salvage-1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("edges 4 version=1"), std::string::npos) << r.output;
  EXPECT_EQ(read_file(dir + "/wal.log.salvage-1"), log.substr(16));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace spgraph::testing
