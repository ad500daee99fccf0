// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph kcore`, `spgraph ktruss` and their compare jobs: Zachary's karate
// club against networkx's core_number and k_truss (largest core 4 held by 10 vertices; the
// 4-truss has 25 edges on 12 vertices, the 5-truss 14 edges on 6; largest truss 5), result files
// in the file's ids (1-based Matrix Market, remapped string ids), the K-core and K-truss written
// as edge lists that load back, the JSON report, a directed input's note, and the error paths
// (bad --k, an output format that does not exist, a missing file). The compare jobs must verify
// on karate (skipped without GraphBLAS and igraph).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::CliRun;
using spgraph::testing::run;

const std::string karate = std::string(SPGRAPH_SOURCE_DIR) + "/tests/data/karate.mtx";

/// The data rows of a TSV result file, split on tabs.
std::vector<std::vector<std::string>> rows_of(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream s(line);
    for (std::string f; std::getline(s, f, '\t');) fields.push_back(f);
    rows.push_back(fields);
  }
  return rows;
}

TEST(CoresCli, KcoreWritesCoreNumbersInFileIds) {
  spgraph::testing::TempDir dir;
  const fs::path out = dir.path() / "core.tsv";
  CliRun r = run("kcore " + karate + " --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("largest core number: 4"), std::string::npos) << r.output;
  std::map<std::string, std::string> core;
  for (const auto& row : rows_of(out)) core[row.at(0)] = row.at(1);
  ASSERT_EQ(core.size(), 34u);
  EXPECT_EQ(core.at("1"), "4");  // networkx: node 0 (file id 1) 4, node 11 (file id 12) 1
  EXPECT_EQ(core.at("12"), "1");
  EXPECT_EQ(core.at("34"), "4");
  EXPECT_EQ(core.count("0"), 0u) << "ids are the file's (1-based)";
  EXPECT_EQ(run("kcore " + karate + " --quiet").output, "4\n");
}

TEST(CoresCli, KcoreWithKWritesTheKCoreAsAnEdgeList) {
  spgraph::testing::TempDir dir;
  const fs::path out = dir.path() / "core4.txt";
  CliRun r = run("kcore " + karate + " --k 4 --out " + out.string() + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* key : {"\"max_core\": 4", "\"k\": 4", "\"k_core_vertices\": 10",
                          "\"vertices_per_core\": [{\"number\": 1, \"count\": 1}"})
    EXPECT_NE(r.output.find(key), std::string::npos) << key << "\n" << r.output;
  EXPECT_NE(r.output.find("\"k_core_edges\": 25"), std::string::npos)  // networkx.k_core
      << r.output;
  // The file loads back as the 4-core, in the 1-based numbering: its ten vertices have core 4.
  CliRun again = run("kcore " + out.string() + " --k 4 --quiet");
  EXPECT_EQ(again.output, "10\n") << again.output;
}

TEST(CoresCli, KtrussMatchesNetworkxOnKarate) {
  spgraph::testing::TempDir dir;
  const fs::path out = dir.path() / "truss.tsv";
  CliRun r = run("ktruss " + karate + " --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("edges: 78, triangles: 45"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("largest truss number: 5"), std::string::npos) << r.output;
  const auto rows = rows_of(out);
  ASSERT_EQ(rows.size(), 78u);
  std::map<int, int> at_least;  // edges of truss number >= k
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 3u);
    EXPECT_LT(std::stoi(row[0]), std::stoi(row[1]));
    for (int k = 2; k <= std::stoi(row[2]); ++k) ++at_least[k];
  }
  EXPECT_EQ(at_least[3], 67);  // networkx.k_truss(karate_club_graph(), 3): 67 edges
  EXPECT_EQ(at_least[4], 25);
  EXPECT_EQ(at_least[5], 14);
  CliRun k5 = run("ktruss " + karate + " --k 5 --json");
  EXPECT_NE(k5.output.find("\"k_truss_edges\": 14"), std::string::npos) << k5.output;
  EXPECT_NE(k5.output.find("\"k_truss_vertices\": 6"), std::string::npos) << k5.output;
  EXPECT_EQ(run("ktruss " + karate + " --k 4 --quiet").output, "25\n");
}

TEST(CoresCli, KtrussKeepsStringIdsAndWritesTheKTruss) {
  spgraph::testing::TempDir dir;
  // Two 4-cliques {a b c d} and {c d e f} sharing the edge c-d, and a pendant edge f-g.
  const fs::path el = dir.path() / "cliques.txt";
  std::ofstream(el) << "a b\na c\na d\nb c\nb d\nc d\nc e\nc f\nd e\nd f\ne f\nf g\n";
  const fs::path out = dir.path() / "truss.tsv";
  CliRun r = run("ktruss " + el.string() + " --remap-ids --undirected --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::map<std::string, std::string> truss;
  for (const auto& row : rows_of(out)) truss[row.at(0) + "-" + row.at(1)] = row.at(2);
  ASSERT_EQ(truss.size(), 12u);
  EXPECT_EQ(truss.at("c-d"), "4");
  EXPECT_EQ(truss.at("a-b"), "4");
  EXPECT_EQ(truss.at("f-g"), "2");
  const fs::path sub = dir.path() / "k4.txt";
  ASSERT_EQ(run("ktruss " + el.string() + " --remap-ids --undirected --k 4 --out " + sub.string())
                .exit_code,
            0);
  std::ifstream in(sub);
  std::set<std::string> names;
  std::size_t lines = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    ++lines;
    std::istringstream s(line);
    for (std::string w; s >> w;) names.insert(w);
  }
  EXPECT_EQ(lines, 11u) << "each edge of the 4-truss once";
  EXPECT_EQ(names, (std::set<std::string>{"a", "b", "c", "d", "e", "f"}));
}

TEST(CoresCli, DirectedInputIsTakenAsUndirectedWithANote) {
  spgraph::testing::TempDir dir;
  const fs::path el = dir.path() / "triangle.txt";
  std::ofstream(el) << "0 1\n1 2\n2 0\n2 2\n";
  CliRun r = run("kcore " + el.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("note: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("largest core number: 2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("self-loops ignored: 1"), std::string::npos) << r.output;
  EXPECT_EQ(run("ktruss " + el.string() + " --quiet").output, "3\n");
}

TEST(CoresCli, BadArgumentsAreClearErrors) {
  EXPECT_EQ(run("kcore " + karate + " --k -1").exit_code, 2);
  EXPECT_EQ(run("ktruss " + karate + " --k many").exit_code, 2);
  EXPECT_EQ(run("kcore").exit_code, 2);
  CliRun missing = run("ktruss /no/such/graph.mtx");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("/no/such/graph.mtx"), std::string::npos) << missing.output;
  spgraph::testing::TempDir dir;
  CliRun format = run("kcore " + karate + " --k 2 --out " + (dir.path() / "x.weird").string());
  EXPECT_EQ(format.exit_code, 1) << format.output;
  EXPECT_EQ(run("kcore --help").exit_code, 0);
  EXPECT_EQ(run("ktruss --help").exit_code, 0);
}

#if defined(SPGRAPH_HAVE_GRAPHBLAS) && defined(SPGRAPH_HAVE_IGRAPH)
TEST(CoresCli, CompareJobsVerifyAgainstIgraph) {
  for (const char* job : {"kcore", "ktruss"}) {
    CliRun r = run(std::string("compare ") + job + " " + karate + " --runs 1 --json");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("\"verified\": true"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"igraph_median_s\": "), std::string::npos) << r.output;
    CliRun text = run(std::string("compare ") + job + " " + karate + " --runs 1");
    EXPECT_NE(text.output.find("igraph (ms)"), std::string::npos) << text.output;
  }
  spgraph::testing::TempDir dir;  // a graph with no edges, and a directed one with string ids
  const fs::path empty = dir.path() / "empty.mtx";
  std::ofstream(empty) << "%%MatrixMarket matrix coordinate pattern general\n4 4 0\n";
  const fs::path named = dir.path() / "named.txt";
  std::ofstream(named) << "x y\ny z\nz x\nz w\nw x\nw y\n";
  for (const char* job : {"kcore", "ktruss"}) {
    CliRun r = run(std::string("compare ") + job + " " + empty.string() + " --runs 1 --json");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    CliRun s = run(std::string("compare ") + job + " " + named.string() + " --remap-ids --runs 2");
    EXPECT_EQ(s.exit_code, 0) << s.output;
    EXPECT_NE(s.output.find(job == std::string("kcore") ? "the largest is 3" : "the largest is 4"),
              std::string::npos)
        << s.output;
  }
}
#endif

}  // namespace
