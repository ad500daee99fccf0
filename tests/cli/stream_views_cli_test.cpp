// SPDX-License-Identifier: Apache-2.0
// `spgraph stream --maintain` end to end: random streams (inserts, erases, re-weights, new
// vertices, queries) run twice through the binary, once with cc, pagerank, bfs:S, sssp:S and
// knn:V maintained and once without; every answer of the first says "(maintained)" and equals
// the recomputed answer of the second at the same line (PageRank: the top vertex's rank within
// the view's L1 tolerance), the summary names each view; also with --store (views computed
// again on the reopened store), --json, and the refusals: a bad view list (exit 2), a source
// the graph lacks (exit 1), a negative weight with sssp maintained (the batch's lines
// reported). Seeds are printed.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"

namespace {

using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::temp_file;

/// A random weighted base graph (ids 0..n-1, edge list) and an update stream with queries.
struct Inputs {
  std::filesystem::path base, updates;
};

Inputs random_inputs(std::uint64_t seed, const std::string& tag) {
  std::mt19937_64 rng(seed);
  const int n = 40;
  std::ostringstream base;
  for (int k = 0; k < 60; ++k)
    base << rng() % n << " " << rng() % n << " " << 1 + rng() % 9 << "\n";
  base << "0 1 1\n";  // vertex 0 has an edge
  std::ostringstream ups;
  for (int k = 0; k < 400; ++k) {
    const int kind = int(rng() % 20);
    const std::uint64_t u = rng() % (n + 5), v = rng() % (n + 5);
    if (kind < 8)
      ups << "+ " << u << " " << v << " " << 1 + rng() % 9 << "\n";
    else if (kind < 13)
      ups << "- " << u << " " << v << "\n";
    else if (kind < 14)
      ups << "= " << u << " " << v << " " << 1 + rng() % 9 << "\n";
    else if (kind < 15)
      ups << "? cc\n";
    else if (kind < 16)
      ups << "? pagerank\n";
    else if (kind < 17)
      ups << "? bfs 0\n";
    else if (kind < 18)
      ups << "? sssp 0\n";
    else
      ups << "? knn 3\n";
  }
  return {temp_file(tag + "_base.txt", base.str()), temp_file(tag + "_ups.txt", ups.str())};
}

std::vector<std::string> answer_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);)
    for (const char* q : {"cc ", "pagerank ", "bfs ", "sssp ", "knn "})
      if (line.rfind(q, 0) == 0) lines.push_back(line);
  return lines;
}

/// The line without its " ms=..." field and the "(maintained)" mark.
std::string without_timing(std::string line) {
  const std::size_t ms = line.find(" ms=");
  if (ms != std::string::npos) line.erase(ms, line.find(' ', ms + 1) - ms);
  const std::size_t mark = line.find(" (maintained)");
  if (mark != std::string::npos) line.erase(mark);
  return line;
}

double field(const std::string& line, const std::string& name) {
  const std::size_t at = line.find(" " + name + "=");
  return at == std::string::npos ? NAN : std::stod(line.substr(at + name.size() + 2));
}

void check_stream(std::uint64_t seed, bool directed, const std::string& extra) {
  SCOPED_TRACE("seed " + std::to_string(seed) + (directed ? " directed" : " undirected") + extra);
  const Inputs in = random_inputs(seed, "views" + std::to_string(seed));
  const std::string common = "stream " + in.base.string() + " --updates " + in.updates.string() +
                             " --batch 7 --weighted" + (directed ? "" : " --undirected");
  const CliRun plain = run(common);
  const CliRun kept = run(common + " --maintain cc,pagerank,bfs:0,sssp:0,knn:3" + extra);
  ASSERT_EQ(plain.exit_code, 0) << plain.output;
  ASSERT_EQ(kept.exit_code, 0) << kept.output;
  const auto a = answer_lines(plain.output), b = answer_lines(kept.output);
  ASSERT_EQ(a.size(), b.size()) << kept.output;
  ASSERT_GT(a.size(), 50u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_NE(b[i].find("(maintained)"), std::string::npos) << b[i];
    EXPECT_EQ(a[i].find("(maintained)"), std::string::npos) << a[i];
    if (a[i].rfind("pagerank ", 0) == 0) {
      EXPECT_NEAR(field(a[i], "rank"), field(b[i], "rank"), 1.2e-3) << a[i] << "\n" << b[i];
      EXPECT_EQ(field(a[i], "version"), field(b[i], "version"));
    } else {
      EXPECT_EQ(without_timing(a[i]), without_timing(b[i]));
    }
  }
  EXPECT_NE(kept.output.find("maintained views: cc ("), std::string::npos) << kept.output;
  std::filesystem::remove(in.base);
  std::filesystem::remove(in.updates);
}

TEST(StreamViewsCli, MaintainedAnswersEqualRecomputedOnes) {
  for (std::uint64_t seed : {11u, 12u}) {
    check_stream(seed, false, "");
    check_stream(seed, true, "");
  }
}

TEST(StreamViewsCli, ViewsAreComputedAgainOnAReopenedStore) {
  const std::string dir = temp_file("views_store").string();
  std::filesystem::remove_all(dir);
  const Inputs in = random_inputs(21, "views_store");
  const std::string first = "stream " + in.base.string() + " --undirected --weighted --store " +
                            dir + " --updates " + in.updates.string() + " --batch 5";
  ASSERT_EQ(run(first).exit_code, 0);
  // Reopened: the views are computed on the recovered graph and answer like a recomputation.
  const auto q = temp_file("views_store_q.txt", "? cc\n? sssp 0\n? bfs 0\n");
  const CliRun kept =
      run("stream --store " + dir + " --updates " + q.string() + " --maintain cc,sssp:0,bfs:0");
  const CliRun plain = run("stream --store " + dir + " --updates " + q.string());
  ASSERT_EQ(kept.exit_code, 0) << kept.output;
  ASSERT_EQ(plain.exit_code, 0) << plain.output;
  const auto a = answer_lines(plain.output), b = answer_lines(kept.output);
  ASSERT_EQ(a.size(), 3u) << plain.output;
  ASSERT_EQ(b.size(), 3u) << kept.output;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NE(b[i].find("(maintained)"), std::string::npos) << b[i];
    EXPECT_EQ(without_timing(a[i]), without_timing(b[i]));
  }
  std::filesystem::remove_all(dir);
  std::filesystem::remove(in.base);
  std::filesystem::remove(in.updates);
  std::filesystem::remove(q);
}

TEST(StreamViewsCli, JsonSaysMaintained) {
  const auto base = temp_file("vj_base.txt", "0 1\n1 2\n");
  const auto ups = temp_file("vj_ups.txt", "+ 2 3\n? cc\n? bfs 0\n");
  const CliRun r = run("stream " + base.string() + " --undirected --updates " + ups.string() +
                       " --maintain cc,bfs:0 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"query\": \"cc\", \"components\": 1, \"largest\": 4"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("\"reached\": 4, \"depth\": 3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"maintained\": true"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"name\": \"cc\", \"updated\": 1"), std::string::npos) << r.output;
  std::filesystem::remove(base);
  std::filesystem::remove(ups);
}

TEST(StreamViewsCli, BadViewsAreRefusedClearly) {
  const auto base = temp_file("vb_base.txt", "0 1 2\n1 2 3\n");
  const auto ups = temp_file("vb_ups.txt", "+ 0 2 -1\n+ 1 0 4\n? sssp 0\n? edges\n");
  const std::string common = "stream " + base.string() + " --updates " + ups.string();
  for (const char* bad : {"nosuch", "cc:1", "sssp", "knn:1:0", "knn:1:5:nosuch", "cc,cc", "cc,"}) {
    const CliRun r = run(common + " --maintain " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("maintain"), std::string::npos) << r.output;
  }
  const CliRun spaced = run(common + " --maintain 'sssp: 0'");
  EXPECT_EQ(spaced.exit_code, 1) << spaced.output;
  EXPECT_NE(spaced.output.find("is not a vertex id"), std::string::npos) << spaced.output;
  const CliRun missing = run(common + " --maintain sssp:99");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("99"), std::string::npos) << missing.output;
  // With sssp:0 maintained an update giving a negative weight is reported and skipped.
  const CliRun neg = run(common + " --maintain sssp:0 --batch 2");
  ASSERT_EQ(neg.exit_code, 0) << neg.output;
  EXPECT_NE(neg.output.find("needs weights >= 0"), std::string::npos) << neg.output;
  EXPECT_NE(neg.output.find("vb_ups.txt:1: a negative weight"), std::string::npos) << neg.output;
  EXPECT_NE(neg.output.find("edges 3 version="), std::string::npos) << neg.output;
  std::filesystem::remove(base);
  std::filesystem::remove(ups);
}

}  // namespace
