// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph bc` and `spgraph compare bc`: scores written in the file's ids
// (Zachary's karate club against networkx's published betweenness; a 1-based path graph whose
// answer is known by hand, directed and undirected, weighted), the JSON report the benchmark
// script reads (seconds, sources), named and sampled sources, and the error paths (an unknown
// --source, --source with --sources, an exact run on a large graph without --exact). The
// compare job must verify on the bundled karate graph (skipped without GraphBLAS).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::CliRun;
using spgraph::testing::run;

const std::string karate = std::string(SPGRAPH_SOURCE_DIR) + "/tests/data/karate.mtx";

/// The "vertex betweenness" lines of an --out file, by vertex name.
std::map<std::string, double> read_scores(const fs::path& p) {
  std::ifstream in(p);
  std::map<std::string, double> m;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("vertex", 0) == 0) continue;
    std::istringstream s(line);
    std::string v;
    double x = 0;
    char sep = 0;
    s >> v;
    if (!v.empty() && v.back() == ',') v.pop_back();
    if (!(s >> x)) s.clear(), s >> sep >> x;
    m[v] = x;
  }
  return m;
}

TEST(BcCli, KarateScoresInFileIdsMatchNetworkx) {
  spgraph::testing::TempDir dir;
  const fs::path out = dir.path() / "bc.tsv";
  CliRun r = run("bc " + karate + " --out " + out.string() + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto s = read_scores(out);
  ASSERT_EQ(s.size(), 34u);
  // networkx.betweenness_centrality(karate_club_graph(), normalized=False): node 0 (file id 1)
  // 231.0714285714286, node 33 (file id 34) 160.5515873015873, node 11 (file id 12) 0.
  EXPECT_NEAR(s.at("1"), 231.0714285714286, 1e-9);
  EXPECT_NEAR(s.at("34"), 160.5515873015873, 1e-9);
  EXPECT_EQ(s.at("12"), 0.0);
  EXPECT_EQ(s.count("0"), 0u) << "ids are the file's (1-based)";
  CliRun n = run("bc " + karate + " --normalize --out " + out.string() + " --quiet");
  ASSERT_EQ(n.exit_code, 0) << n.output;
  EXPECT_NEAR(read_scores(out).at("1"), 0.43763528138528146, 1e-12);  // normalized=True
}

TEST(BcCli, PathGraphDirectedUndirectedAndWeighted) {
  spgraph::testing::TempDir dir;
  // 1 -> 2 -> 3 -> 4 and a shortcut 1 -> 4 of length 10 (weighted: the path is shorter).
  const fs::path mtx = dir.path() / "path.mtx";
  std::ofstream(mtx) << "%%MatrixMarket matrix coordinate real general\n4 4 4\n1 2 1\n2 3 1\n"
                        "3 4 1\n1 4 10\n";
  const fs::path out = dir.path() / "bc.tsv";
  ASSERT_EQ(run("bc " + mtx.string() + " --out " + out.string() + " --quiet").exit_code, 0);
  auto s = read_scores(out);  // unweighted: 1 -> 4 direct; 2 carries (1,3); 3 carries (2,4)
  EXPECT_EQ(s.at("1"), 0.0);
  EXPECT_EQ(s.at("2"), 1.0);
  EXPECT_EQ(s.at("3"), 1.0);
  ASSERT_EQ(run("bc " + mtx.string() + " --weighted --out " + out.string() + " --quiet").exit_code,
            0);
  s = read_scores(out);  // weighted: 1 -> 2 -> 3 -> 4 (3) beats 1 -> 4 (10)
  EXPECT_EQ(s.at("2"), 2.0);
  EXPECT_EQ(s.at("3"), 2.0);
  ASSERT_EQ(
      run("bc " + mtx.string() + " --undirected --out " + out.string() + " --quiet").exit_code, 0);
  s = read_scores(out);  // a 4-cycle: each vertex carries half of its opposite pair
  for (const char* v : {"1", "2", "3", "4"}) EXPECT_EQ(s.at(v), 0.5) << v;
}

TEST(BcCli, JsonReportsSecondsAndSources) {
  CliRun r = run("bc " + karate + " --sources 4 --seed 3 --threads 2 --json --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* key : {"\"seconds\": ", "\"source_count\": 4", "\"sources\": [{\"vertex\": ",
                          "\"seed\": 3", "\"scaling\": \"raw\"", "\"exact\": false"})
    EXPECT_NE(r.output.find(key), std::string::npos) << key << "\n" << r.output;
  EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << "one JSON line, no scores";
  CliRun again = run("bc " + karate + " --sources 4 --seed 3 --json");
  EXPECT_EQ(again.output.substr(again.output.find("\"sources\""), 60),
            r.output.substr(r.output.find("\"sources\""), 60))
      << "the same seed picks the same sources";
  CliRun named = run("bc " + karate + " --source 1 --source 34 --source 1 --json");
  ASSERT_EQ(named.exit_code, 0) << named.output;
  EXPECT_NE(named.output.find("\"sources\": [{\"vertex\": 1}, {\"vertex\": 34}]"),
            std::string::npos)
      << named.output;
}

TEST(BcCli, BadSourcesAreClearErrors) {
  CliRun r = run("bc " + karate + " --source 35 2>&1");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("--source: vertex 35"), std::string::npos) << r.output;
  EXPECT_EQ(run("bc " + karate + " --source 0 2>&1").exit_code, 1) << "1-based file";
  EXPECT_EQ(run("bc " + karate + " --source 1 --sources 2 2>&1").exit_code, 2);
  EXPECT_EQ(run("bc " + karate + " --sources 0 2>&1").exit_code, 2);
  CliRun many = run("bc " + karate + " --sources 40 2>&1");
  EXPECT_EQ(many.exit_code, 1) << many.output;
  EXPECT_NE(many.output.find("40 sources asked for"), std::string::npos) << many.output;
}

TEST(BcCli, WeightedRefusesLengthsThatAreNotPositiveNamingFileAndArc) {
  spgraph::testing::TempDir dir;
  // File ids 5..8 (an edge list, remapped): the zero length is on arc 6 -> 7.
  const fs::path el = dir.path() / "lengths.txt";
  for (const char* bad : {"0", "-2.5"}) {
    SCOPED_TRACE(bad);
    std::ofstream(el) << "5 6 1\n6 7 " << bad << "\n7 8 1\n";
    CliRun r = run("bc " + el.string() + " --remap-ids --weighted 2>&1");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find(el.string()), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("arc 6 -> 7 has length " + std::string(bad)), std::string::npos)
        << r.output;
    // Unweighted, the values are ignored: the same file runs.
    EXPECT_EQ(run("bc " + el.string() + " --remap-ids --quiet").exit_code, 0);
  }
}

TEST(BcCli, ExactRunOnALargeGraphNeedsExactOrSources) {
  spgraph::testing::TempDir dir;
  const fs::path g = dir.path() / "kron.bin";
  ASSERT_EQ(run("generate kron --scale 17 --edge-factor 2 --out " + g.string() + " -q").exit_code,
            0);
  CliRun r = run("bc " + g.string() + " 2>&1");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--sources N"), std::string::npos) << r.output;
  CliRun s = run("bc " + g.string() + " --sources 2 --json --quiet");
  EXPECT_EQ(s.exit_code, 0) << s.output;
}

#ifdef SPGRAPH_HAVE_GRAPHBLAS
TEST(BcCli, CompareBcVerifiesOnKarate) {
  CliRun r = run("compare bc " + karate + " --runs 1 --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("verified: every score"), std::string::npos) << r.output;
  CliRun s = run("compare bc " + karate + " --sources 5 --seed 4 --normalize --runs 1 --json");
  ASSERT_EQ(s.exit_code, 0) << s.output;
  EXPECT_NE(s.output.find("\"verified\": true"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\"source_count\": 5"), std::string::npos) << s.output;
}
#endif

}  // namespace
