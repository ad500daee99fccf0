// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph knn`, `spgraph compare knn`, `spgraph generate tfidf` and the
// stream's `? knn` query: answers on hand-checked graphs (expected values worked out here from
// the definitions of algorithms/knn/knn.hpp), a brute-force oracle written here on random
// graphs (self-loops, repeated arcs, isolated vertices), a star (one huge row and ties broken by
// the smaller id), an arc-less graph, feature kNN from a Matrix Market file and a CSV triplet
// file, the --out files (TSV, and a kNN graph that `info` loads), JSON, help texts and the error
// paths. The compare job must print "answers: identical" (skipped without GraphBLAS).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::temp_file;

/// One answer line "query rank vertex score".
struct Answer {
  std::uint64_t query = 0, rank = 0, vertex = 0;
  double score = 0;
};

/// The answer lines of a knn run's output (comment, summary and other lines skipped).
std::vector<Answer> answers_of(const std::string& output) {
  std::vector<Answer> out;
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || !std::isdigit(static_cast<unsigned char>(line[0]))) continue;
    std::istringstream f(line);
    Answer a;
    std::string rest;
    if (f >> a.query >> a.rank >> a.vertex >> a.score && !(f >> rest)) out.push_back(a);
  }
  return out;
}

/// The answers of one query as (vertex, score) pairs, best first.
std::vector<std::pair<std::uint64_t, double>> of_query(const std::vector<Answer>& all,
                                                       std::uint64_t q) {
  std::vector<std::pair<std::uint64_t, double>> r;
  for (const Answer& a : all)
    if (a.query == q) r.push_back({a.vertex, a.score});
  return r;
}

/// Runs `spgraph ARGS`, expects exit 0, returns its answers.
std::vector<Answer> knn_answers(const std::string& args) {
  CliRun r = run(args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
  return answers_of(r.output);
}

/// Expects the answers of query q to be exactly `want` (vertex, score), scores to 4 ulps.
void expect_answers(const std::vector<Answer>& all, std::uint64_t q,
                    const std::vector<std::pair<std::uint64_t, double>>& want) {
  SCOPED_TRACE("query " + std::to_string(q));
  const auto got = of_query(all, q);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].first, want[i].first) << "rank " << i + 1;
    EXPECT_DOUBLE_EQ(got[i].second, want[i].second) << "rank " << i + 1;
  }
}

/// A Matrix Market file of the undirected edges (1-based), "pattern" or "real", symmetric.
fs::path undirected_mtx(const std::string& name, std::uint64_t n,
                        const std::vector<std::tuple<int, int, double>>& edges, bool weighted) {
  std::ostringstream s;
  s << "%%MatrixMarket matrix coordinate " << (weighted ? "real" : "pattern") << " symmetric\n";
  s << n << ' ' << n << ' ' << edges.size() << '\n';
  for (const auto& [u, v, w] : edges) {
    s << std::max(u, v) << ' ' << std::min(u, v);  // lower triangle
    if (weighted) s << ' ' << w;
    s << '\n';
  }
  return temp_file(name, s.str());
}

/// 1-2, 1-3, 2-3, 2-4, 3-4, 4-5: N(1) = {2,3}, N(2) = {1,3,4}, N(3) = {1,2,4}, N(4) = {2,3,5},
/// N(5) = {4}. Weights for distances: 1-2 5, 1-3 1, 2-3 1, 2-4 1, 3-4 4, 4-5 1.
const std::vector<std::tuple<int, int, double>> kHandEdges = {{1, 2, 5}, {1, 3, 1}, {2, 3, 1},
                                                              {2, 4, 1}, {3, 4, 4}, {4, 5, 1}};

// ---------------------------------------------------------------------------------------------
// Help.

TEST(KnnCli, HelpDocumentsFlagsDefaultsAndTies) {
  CliRun top = run("--help");
  EXPECT_NE(top.output.find("knn"), std::string::npos);
  CliRun h = run("knn --help");
  ASSERT_EQ(h.exit_code, 0);
  for (const char* f : {"--vertex",       "--all",          "--k",
                        "--measure",      "--neighborhood", "--include-neighbors",
                        "--include-self", "--features",     "--queries",
                        "--threshold",    "--out",          "--threads",
                        "--json",         "--quiet",        "smaller vertex",
                        "default 10",     "adamic-adar",    "resource-allocation",
                        "hops",           "distance"})
    EXPECT_NE(h.output.find(f), std::string::npos) << f;
  CliRun c = run("compare knn --help");
  ASSERT_EQ(c.exit_code, 0);
  for (const char* f : {"--runs", "--measure", "--features", "--all"})
    EXPECT_NE(c.output.find(f), std::string::npos) << f;
  CliRun g = run("generate --help");
  for (const char* f : {"tfidf", "--nnz-per-row", "--zipf"})
    EXPECT_NE(g.output.find(f), std::string::npos) << f;
}

// ---------------------------------------------------------------------------------------------
// Similarity on a hand-checked graph.

TEST(KnnCli, SimilarityMeasuresMatchHandComputedValues) {
  const fs::path g = undirected_mtx("knn_hand.mtx", 5, kHandEdges, false);
  const std::string f = "knn " + g.string();
  // Query 1: only 4 shares a neighbour and is not a neighbour: c = |{2,3}| = 2, d1 = 2, d4 = 3.
  const double ln3 = std::log(3.0);
  const std::map<std::string, double> want1 = {
      {"common", 2},
      {"jaccard", 2.0 / (2.0 + 3.0 - 2.0)},
      {"cosine", 2.0 / std::sqrt(2.0 * 3.0)},
      {"overlap", 2.0 / 2.0},
      {"adamic-adar", 1.0 / ln3 + 1.0 / ln3},  // cnt(2) = cnt(3) = 3
      {"resource-allocation", 1.0 / 3.0 + 1.0 / 3.0},
  };
  for (const auto& [m, score] : want1) {
    SCOPED_TRACE(m);
    const auto a = knn_answers(f + " --vertex 1 --measure " + m);
    expect_answers(a, 1, {{4, score}});
  }
  // Default measure is jaccard; query 5: N(5) = {4}; 2 and 3 share it (c = 1, d = 3): 1/3 each,
  // a tie broken by the smaller id; k = 1 keeps 2.
  expect_answers(knn_answers(f + " --vertex 5"), 5, {{2, 1.0 / 3}, {3, 1.0 / 3}});
  expect_answers(knn_answers(f + " --vertex 5 --k 1"), 5, {{2, 1.0 / 3}});
  // --include-neighbors: 2 and 3 (c = 1, union 4) tie behind 4; --include-self adds 1 (c = 2,
  // union 2) first.
  expect_answers(knn_answers(f + " --vertex 1 --include-neighbors"), 1,
                 {{4, 2.0 / 3}, {2, 0.25}, {3, 0.25}});
  expect_answers(knn_answers(f + " --vertex 1 --include-neighbors --include-self -k 2"), 1,
                 {{1, 1.0}, {4, 2.0 / 3}});
  expect_answers(knn_answers(f + " --vertex 1 --include-self"), 1, {{1, 1.0}, {4, 2.0 / 3}});
  // Several queries, in the order given, comma-separated or repeated.
  const auto several = knn_answers(f + " --vertex 5,1 --vertex 1");
  ASSERT_EQ(several.size(), 4u);
  EXPECT_EQ(several[0].query, 5u);
  EXPECT_EQ(several[2].query, 1u);
  EXPECT_EQ(several[3].query, 1u);
  fs::remove(g);
}

TEST(KnnCli, DirectedNeighbourhoods) {
  // 1->3, 1->4, 2->3, 2->4, 5->1.
  const fs::path g = temp_file("knn_dir.mtx",
                               "%%MatrixMarket matrix coordinate pattern general\n5 5 5\n1 3\n1 "
                               "4\n2 3\n2 4\n5 1\n");
  const std::string f = "knn " + g.string();
  // Out: N(1) = N(2) = {3,4}: jaccard 1.
  expect_answers(knn_answers(f + " --vertex 1"), 1, {{2, 1.0}});
  // In: N(3) = N(4) = {1,2}; N(1) = {5} is nobody else's.
  expect_answers(knn_answers(f + " --vertex 3 --neighborhood in"), 3, {{4, 1.0}});
  expect_answers(knn_answers(f + " --vertex 1 --neighborhood in"), 1, {});
  // Both: N(1) = {3,4,5}, N(2) = {3,4}: 2 / (3 + 2 - 2).
  expect_answers(knn_answers(f + " --vertex 1 --neighborhood both"), 1, {{2, 2.0 / 3}});
  // As undirected: N(1) = {3,4,5} too.
  expect_answers(knn_answers(f + " --vertex 1 --undirected"), 1, {{2, 2.0 / 3}});
  fs::remove(g);
}

TEST(KnnCli, HopsAndDistances) {
  const fs::path g = undirected_mtx("knn_w.mtx", 5, kHandEdges, true);
  const std::string f = "knn " + g.string();
  // Hops from 1: 2 and 3 at 1, 4 at 2, 5 at 3.
  expect_answers(knn_answers(f + " --vertex 1 --k 3 --measure hops"), 1, {{2, 1}, {3, 1}, {4, 2}});
  expect_answers(knn_answers(f + " --vertex 1 --k 3 --measure hops --include-self"), 1,
                 {{1, 0}, {2, 1}, {3, 1}});
  // Weighted from 1: 3 at 1, 2 at 2 (via 3), 4 at 3 (via 2), 5 at 4.
  expect_answers(knn_answers(f + " --vertex 1 --measure distance"), 1,
                 {{3, 1}, {2, 2}, {4, 3}, {5, 4}});
  // Negative weights are refused, naming the arc in the file's numbering.
  const fs::path neg = temp_file(
      "knn_neg.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n2 3 -1\n");
  CliRun n = run("knn " + neg.string() + " --vertex 1 --measure distance");
  EXPECT_EQ(n.exit_code, 1) << n.output;
  EXPECT_NE(n.output.find("arc 2 -> 3 has negative weight -1"), std::string::npos) << n.output;
  fs::remove(g);
  fs::remove(neg);
}

TEST(KnnCli, StarTiesAndAnArclessGraph) {
  // A star: vertex 1 joined to 2..60 (one huge row). Any two leaves share 1: jaccard 1, so a
  // leaf's answers are the smallest other leaves.
  std::vector<std::tuple<int, int, double>> star;
  for (int v = 2; v <= 60; ++v) star.push_back({1, v, 1});
  const fs::path g = undirected_mtx("knn_star.mtx", 60, star, false);
  expect_answers(knn_answers("knn " + g.string() + " --vertex 7 --k 3"), 7,
                 {{2, 1.0}, {3, 1.0}, {4, 1.0}});
  // The hub shares no neighbour with anyone.
  expect_answers(knn_answers("knn " + g.string() + " --vertex 1"), 1, {});
  const fs::path empty =
      temp_file("knn_empty.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 0\n");
  CliRun e = run("knn " + empty.string() + " --all");
  ASSERT_EQ(e.exit_code, 0) << e.output;
  EXPECT_NE(e.output.find("3 queries, 0 answers"), std::string::npos) << e.output;
  fs::remove(g);
  fs::remove(empty);
}

// ---------------------------------------------------------------------------------------------
// Brute force on random graphs.

/// Top-k by the definitions of knn.hpp over the neighbourhood sets, ids 0-based.
std::vector<std::vector<std::pair<std::uint64_t, double>>> oracle(
    const std::vector<std::set<std::uint64_t>>& nb, const std::string& measure, std::size_t k) {
  const std::size_t n = nb.size();
  std::vector<std::size_t> cnt(n, 0);
  for (const auto& s : nb)
    for (std::uint64_t w : s) ++cnt[w];
  std::vector<std::vector<std::pair<std::uint64_t, double>>> out(n);
  for (std::uint64_t u = 0; u < n; ++u) {
    std::vector<std::pair<std::uint64_t, double>> c;
    for (std::uint64_t v = 0; v < n; ++v) {
      if (v == u || nb[u].count(v)) continue;
      double common = 0, aa = 0;
      for (std::uint64_t w : nb[u])
        if (nb[v].count(w)) {
          common += 1;
          aa += cnt[w] > 1 ? 1.0 / std::log(double(cnt[w])) : 0.0;
        }
      if (common == 0) continue;
      const double du = double(nb[u].size()), dv = double(nb[v].size());
      const double score = measure == "jaccard"       ? common / (du + dv - common)
                           : measure == "cosine"      ? common / std::sqrt(du * dv)
                           : measure == "adamic-adar" ? aa
                                                      : common;
      c.push_back({v, score});
    }
    std::sort(c.begin(), c.end(), [](const auto& a, const auto& b) {
      return a.second > b.second || (a.second == b.second && a.first < b.first);
    });
    if (c.size() > k) c.resize(k);
    out[u] = c;
  }
  return out;
}

TEST(KnnCli, AllQueriesMatchABruteForceOracleOnRandomGraphs) {
  for (std::uint64_t seed : {1u, 2u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const std::uint64_t n = 40;
    std::mt19937_64 rng(seed);
    std::vector<std::set<std::uint64_t>> nb(n);
    std::ostringstream s;  // 0-based edge list, undirected (--undirected), with repeats
    for (int e = 0; e < 120; ++e) {
      const std::uint64_t u = rng() % (n - 5), v = rng() % (n - 5);  // 35..39 isolated
      s << u << ' ' << v << '\n';
      if (e % 17 == 0) s << u << ' ' << v << '\n';  // a repeated edge
      nb[u].insert(v);
      nb[v].insert(u);
    }
    s << n - 1 << ' ' << n - 1 << '\n';  // makes n certain: a self-loop on the last vertex
    nb[n - 1].insert(n - 1);
    const fs::path el = temp_file("knn_rand.txt", s.str());
    for (const std::string m : {"common", "jaccard", "cosine", "adamic-adar"}) {
      SCOPED_TRACE(m);
      const auto want = oracle(nb, m, 4);
      const auto got = knn_answers("knn " + el.string() + " --base 0 --undirected --all --k 4 " +
                                   "--measure " + m + " --threads 2");
      for (std::uint64_t u = 0; u < n; ++u) {
        const auto g = of_query(got, u);
        ASSERT_EQ(g.size(), want[u].size()) << "query " << u;
        for (std::size_t i = 0; i < g.size(); ++i) {
          EXPECT_NEAR(g[i].second, want[u][i].second, 1e-12) << "query " << u << " rank " << i;
          // Ids must agree unless the oracle's score sum has a near-tie here.
          const bool near_tie =
              (i > 0 && std::abs(want[u][i].second - want[u][i - 1].second) < 1e-9) ||
              (i + 1 < want[u].size() &&
               std::abs(want[u][i].second - want[u][i + 1].second) < 1e-9);
          if (m != "adamic-adar" || !near_tie) {
            EXPECT_EQ(g[i].first, want[u][i].first) << "query " << u << " rank " << i;
          }
        }
      }
    }
    fs::remove(el);
  }
}

// ---------------------------------------------------------------------------------------------
// Outputs.

TEST(KnnCli, OutWritesATsvOrAKnnGraphThatInfoLoads) {
  const fs::path g = undirected_mtx("knn_out_in.mtx", 5, kHandEdges, false);
  const fs::path tsv = temp_file("knn_out.tsv");
  CliRun t = run("knn " + g.string() + " --vertex 5 --out " + tsv.string());
  ASSERT_EQ(t.exit_code, 0) << t.output;
  EXPECT_NE(t.output.find("answers written to"), std::string::npos) << t.output;
  EXPECT_TRUE(answers_of(t.output).empty()) << t.output;  // the answers went to the file
  std::ifstream in(tsv);
  std::string header, l1, l2, extra;
  std::getline(in, header);
  std::getline(in, l1);
  std::getline(in, l2);
  EXPECT_EQ(header, "# query rank vertex score");  // every result table's TSV header
  EXPECT_EQ(l1, "5\t1\t2\t0.33333333333333331");
  EXPECT_EQ(l2, "5\t2\t3\t0.33333333333333331");
  EXPECT_FALSE(std::getline(in, extra));
  // --all --out: the kNN graph, row = query, column = answer, value = score.
  const fs::path mtx = temp_file("knn_graph.mtx");
  CliRun a = run("knn " + g.string() + " --all --k 2 --out " + mtx.string());
  ASSERT_EQ(a.exit_code, 0) << a.output;
  EXPECT_NE(a.output.find("kNN graph written to"), std::string::npos) << a.output;
  CliRun info = run("info " + mtx.string());
  ASSERT_EQ(info.exit_code, 0) << info.output;
  EXPECT_NE(info.output.find("5 x 5"), std::string::npos) << info.output;
  // The same answers as the single queries.
  std::ifstream m(mtx);
  std::string line;
  std::map<std::pair<int, int>, double> entries;
  bool size_line = true;
  while (std::getline(m, line)) {
    if (line.empty() || line[0] == '%') continue;
    if (std::exchange(size_line, false)) continue;
    std::istringstream f(line);
    int i, j;
    double x;
    f >> i >> j >> x;
    if (f) entries[{i, j}] = x;
  }
  // 1: {4}; 2: {5}; 3: {5}; 4: {1}; 5: {2, 3}.
  EXPECT_EQ(entries.size(), 6u);
  EXPECT_DOUBLE_EQ((entries[{4, 1}]), 2.0 / 3);
  EXPECT_DOUBLE_EQ((entries[{1, 4}]), 2.0 / 3);
  EXPECT_DOUBLE_EQ((entries[{5, 2}]), 1.0 / 3);
  EXPECT_DOUBLE_EQ((entries[{5, 3}]), 1.0 / 3);
  // An unknown extension is refused before any work.
  CliRun bad = run("knn " + g.string() + " --all --out " + temp_file("knn.weird").string());
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  fs::remove(g);
  fs::remove(tsv);
  fs::remove(mtx);
}

TEST(KnnCli, JsonAndQuiet) {
  const fs::path g = undirected_mtx("knn_json.mtx", 5, kHandEdges, false);
  CliRun j = run("knn " + g.string() + " --vertex 5 --json");
  ASSERT_EQ(j.exit_code, 0) << j.output;
  EXPECT_EQ(j.output.front(), '{');
  for (const char* key :
       {"\"measure\": \"jaccard\"", "\"k\": 10", "\"queries\": 1", "\"answer_count\": 2",
        "\"answers\": [{\"query\": 5, \"rank\": 1, "
        "\"vertex\": 2, \"score\": 0.3333333333333333}"})
    EXPECT_NE(j.output.find(key), std::string::npos) << key << "\n" << j.output;
  CliRun q = run("knn " + g.string() + " --vertex 5 --quiet");
  ASSERT_EQ(q.exit_code, 0) << q.output;
  EXPECT_EQ(q.output, "5 1 2 0.33333333333333331\n5 2 3 0.33333333333333331\n");
  fs::remove(g);
}

// --backend cuda (docs/cuda.md): where the backend cannot run (not built, no device) knn,
// knn --features and compare knn are refused with the reason, exit 1, and nothing runs on the
// CPU in their place; where it runs, the answers are the CPU's. The distance measures have no
// device kernel: refused either way. The CPU's report has the device fields as null.
TEST(KnnCli, BackendCudaIsRefusedOrAnswersAsTheCpu) {
  const fs::path g = undirected_mtx("knn_cuda.mtx", 5, kHandEdges, false);
  const CliRun cpu = run("knn " + g.string() + " --all --k 2 --quiet");
  ASSERT_EQ(cpu.exit_code, 0) << cpu.output;
  const CliRun json = run("knn " + g.string() + " --vertex 5 --json");
  EXPECT_NE(json.output.find("\"backend\": \"cpu\", \"device_h2d_bytes\": null"), std::string::npos)
      << json.output;
  const CliRun cuda = run("knn " + g.string() + " --all --k 2 --quiet --backend cuda");
  const CliRun hops = run("knn " + g.string() + " --vertex 1 --measure hops --backend cuda");
  EXPECT_EQ(hops.exit_code, 1) << hops.output;
  EXPECT_NE(hops.output.find("spgraph: error: cuda"), std::string::npos) << hops.output;
  if (cuda.exit_code == 0) {
    EXPECT_EQ(cuda.output, cpu.output);
  } else {
    EXPECT_EQ(cuda.exit_code, 1) << cuda.output;
    EXPECT_NE(cuda.output.find("spgraph: error: cuda: "), std::string::npos) << cuda.output;
    const CliRun features = run("knn --features " + g.string() + " --backend cuda");
    EXPECT_EQ(features.exit_code, 1) << features.output;
    EXPECT_NE(features.output.find("spgraph: error: cuda: "), std::string::npos) << features.output;
    const CliRun compare = run("compare knn " + g.string() + " --all --backend cuda");
    EXPECT_EQ(compare.exit_code, 1) << compare.output;
    EXPECT_NE(compare.output.find("spgraph: error: cuda: "), std::string::npos) << compare.output;
  }
  fs::remove(g);
}

// ---------------------------------------------------------------------------------------------
// Features.

TEST(KnnCli, FeatureKnnFromMatrixMarketAndTriplets) {
  // Rows (1,2,0), (0,1,0), (1,0,4): dots 1.2 = 2, 1.3 = 1, 2.3 = 0 (no shared feature).
  const fs::path csv = temp_file("knn_f.csv", "1,1,1.0\n1,2,2.0\n2,2,1.0\n3,1,1.0\n3,3,4\n");
  const fs::path mtx = temp_file("knn_f.mtx",
                                 "%%MatrixMarket matrix coordinate real general\n3 3 5\n1 1 1\n1 "
                                 "2 2\n2 2 1\n3 1 1\n3 3 4\n");
  for (const fs::path& x : {csv, mtx}) {
    SCOPED_TRACE(x.string());
    const auto dot = knn_answers("knn --features " + x.string() + " --measure dot --k 2");
    expect_answers(dot, 1, {{2, 2}, {3, 1}});
    expect_answers(dot, 2, {{1, 2}});
    expect_answers(dot, 3, {{1, 1}});
    // Cosine (the default): 2/sqrt(5), 1/sqrt(5*17); a threshold without --k has no limit.
    const double c12 = 2 / std::sqrt(5.0), c13 = 1 / std::sqrt(5.0 * 17.0);
    const auto cos = knn_answers("knn --features " + x.string() + " --threshold 0.1");
    expect_answers(cos, 1, {{2, c12}, {3, c13}});
    expect_answers(knn_answers("knn --features " + x.string() + " --threshold 0.5"), 3, {});
    // Separate queries: each row now finds itself first.
    const auto self = knn_answers("knn --features " + x.string() + " --queries " + x.string() +
                                  " --measure dot --k 1");
    expect_answers(self, 1, {{1, 5}});
    expect_answers(self, 3, {{3, 17}});
  }
  CliRun r = run("knn --features " + csv.string());
  EXPECT_NE(r.output.find("features: 3 rows x 3 columns, 5 entries"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("rows/s"), std::string::npos) << r.output;
  // --out: the kNN graph, queries by row.
  const fs::path out = temp_file("knn_f_out.mtx");
  ASSERT_EQ(run("knn --features " + mtx.string() + " --k 1 --out " + out.string()).exit_code, 0);
  CliRun info = run("info " + out.string());
  EXPECT_NE(info.output.find("3 x 3"), std::string::npos) << info.output;
  fs::remove(csv);
  fs::remove(mtx);
  fs::remove(out);
}

TEST(KnnCli, GenerateTfidfIsDeterministicAndShaped) {
  const fs::path a = temp_file("knn_tf_a.mtx"), b = temp_file("knn_tf_b.mtx");
  const std::string flags = " --rows 300 --cols 2000 --nnz-per-row 20 --seed 3 --threads ";
  ASSERT_EQ(run("generate tfidf" + flags + "1 --out " + a.string()).exit_code, 0);
  ASSERT_EQ(run("generate tfidf" + flags + "2 --out " + b.string()).exit_code, 0);
  std::ifstream fa(a), fb(b);
  const std::string ta((std::istreambuf_iterator<char>(fa)), {});
  const std::string tb((std::istreambuf_iterator<char>(fb)), {});
  EXPECT_EQ(ta, tb) << "the matrix depends on the thread count";
  CliRun info = run("info " + a.string());
  EXPECT_NE(info.output.find("300 x 2000"), std::string::npos) << info.output;
  EXPECT_NE(info.output.find("6000 stored"), std::string::npos) << info.output;
  // Every value is tf * idf >= 1.
  std::istringstream in(ta);
  std::string line;
  std::size_t entries = 0;
  bool size_line = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%') continue;
    if (std::exchange(size_line, false)) continue;
    std::istringstream f(line);
    double i, j, x;
    if (!(f >> i >> j >> x)) continue;
    ++entries;
    EXPECT_GE(x, 1.0) << line;
  }
  EXPECT_EQ(entries, 6000u);
  EXPECT_EQ(run("generate tfidf --rows 10 --out " + a.string()).exit_code, 2);  // usage
  fs::remove(a);
  fs::remove(b);
}

// ---------------------------------------------------------------------------------------------
// Errors.

TEST(KnnCli, ErrorsNameTheProblem) {
  const fs::path g = undirected_mtx("knn_err.mtx", 5, kHandEdges, false);
  const std::string f = "knn " + g.string();
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {f + " --vertex 1 --measure bogus", 2, "--measure: bogus not in"},
      {f + " --vertex 9", 1, "--vertex: vertex 9 is out of range: ids run from 1 to 5"},
      {f + " --vertex 0", 1, "vertex 0 is out of range"},
      {f + " --vertex 1 --k -1", 2, "--k must be a positive integer, got '-1'"},
      {f + " --vertex 1 --k 0", 2, "--k must be a positive integer"},
      {f, 2, "give the query vertices with --vertex"},
      {f + " --all --vertex 1", 2, "not both"},
      {f + " --vertex 1 --measure dot", 2, "--measure dot is for --features"},
      {f + " --vertex 1 --threshold 0.5", 2, "--threshold is for --features"},
      {f + " --vertex 1 --measure hops --include-neighbors", 2, "--include-neighbors is for"},
      {"knn --features " + g.string() + " --vertex 1", 2, "--vertex and --all are for graphs"},
      {"knn --features " + g.string() + " --measure jaccard", 2, "takes cosine or dot"},
      {"knn " + g.string() + " --features " + g.string(), 2, "not both"},
      {"knn --vertex 1", 2, "give a graph FILE"},
      {"knn /nonexistent/knn.mtx --vertex 1", 1, "/nonexistent/knn.mtx"},
      {"knn --features /nonexistent/x.mtx", 1, "/nonexistent/x.mtx"},
  };
  for (const auto& [args, code, message] : cases) {
    CliRun r = run(args);
    EXPECT_EQ(r.exit_code, code) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  }
  const fs::path rect =
      temp_file("knn_rect.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 3\n");
  CliRun r = run("knn " + rect.string() + " --vertex 1");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("must be square"), std::string::npos) << r.output;
  fs::remove(g);
  fs::remove(rect);
}

// ---------------------------------------------------------------------------------------------
// Stream.

TEST(KnnCli, StreamKnnQueryAnswersOnTheCurrentSnapshot) {
  if (run("stream --help").output.find("? knn") == std::string::npos)
    GTEST_SKIP() << "this spgraph's stream has no '? knn' query";
  const fs::path g = undirected_mtx("knn_stream.mtx", 5, kHandEdges, false);
  const fs::path ups = temp_file("knn_ups.txt",
                                 "? knn 5\n? knn 1 2 common\n+ 1 4\n? knn 1\n? knn 1 2 hops\n? "
                                 "knn 1 2 bogus\n? knn 1 0\n");
  CliRun r = run("stream " + g.string() + " --updates " + ups.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* want :
       {"knn vertex=5 k=10 measure=jaccard found=2 answers=2:0.33333333333333331,3:"
        "0.33333333333333331 ms=",
        "knn vertex=1 k=2 measure=common found=1 answers=4:2 ms=",
        // After + 1 4, 4 is a neighbour of 1; 5 shares 4 with 1: c = 1, N(1) = {2,3,4}.
        "knn vertex=1 k=10 measure=jaccard found=1 answers=5:0.33333333333333331 ms=",
        "knn vertex=1 k=2 measure=hops found=2 answers=2:1,3:1 ms=",
        "knn_ups.txt:6: unknown knn measure 'bogus'", "knn_ups.txt:7: k '0' is not a positive"})
    EXPECT_NE(r.output.find(want), std::string::npos) << want << "\n" << r.output;
  fs::remove(g);
  fs::remove(ups);
}

// ---------------------------------------------------------------------------------------------
// compare knn

#ifdef SPGRAPH_HAVE_GRAPHBLAS
TEST(KnnCli, CompareKnnFindsIdenticalAnswers) {
  const std::string karate = spgraph::testing::test_data("karate.mtx").string();
  for (const char* m :
       {"jaccard", "common", "cosine", "overlap", "adamic-adar", "resource-allocation"}) {
    CliRun r = run("compare knn " + karate + " --all --k 5 --runs 1 --threads 2 --measure " + m);
    ASSERT_EQ(r.exit_code, 0) << m << r.output;
    EXPECT_NE(r.output.find("answers: identical"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("peak memory"), std::string::npos) << r.output;
  }
  CliRun v = run("compare knn " + karate + " --vertex 1,34,12 --include-self --runs 1 --json");
  ASSERT_EQ(v.exit_code, 0) << v.output;
  EXPECT_NE(v.output.find("\"answers_identical\": true"), std::string::npos) << v.output;
  // Directed, each neighbourhood.
  const fs::path d = temp_file("knn_cmp_dir.mtx",
                               "%%MatrixMarket matrix coordinate pattern general\n6 6 7\n1 3\n1 "
                               "4\n2 3\n2 4\n5 1\n6 6\n3 2\n");
  for (const char* nb : {"out", "in", "both"}) {
    CliRun r = run("compare knn " + d.string() + " --all --runs 1 --neighborhood " + nb);
    ASSERT_EQ(r.exit_code, 0) << nb << r.output;
    EXPECT_NE(r.output.find("answers: identical"), std::string::npos) << r.output;
  }
  // Features.
  const fs::path x = temp_file("knn_cmp_tf.mtx");
  ASSERT_EQ(
      run("generate tfidf --rows 200 --cols 500 --nnz-per-row 10 --out " + x.string()).exit_code,
      0);
  for (const char* m : {"cosine", "dot"}) {
    CliRun r = run("compare knn --features " + x.string() + " --runs 1 --measure " + m);
    ASSERT_EQ(r.exit_code, 0) << m << r.output;
    EXPECT_NE(r.output.find("answers: identical"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("rows/s"), std::string::npos) << r.output;
  }
  CliRun h = run("compare knn " + karate + " --vertex 1 --measure hops --runs 1");
  EXPECT_EQ(h.exit_code, 1) << h.output;
  fs::remove(d);
  fs::remove(x);
}
#endif

}  // namespace
