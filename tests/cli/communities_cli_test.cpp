// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph cdlp` and `spgraph lcc` and their compare jobs: the LDBC
// Graphalytics example graphs (tests/data/ldbc, written here as edge lists) give the published
// outputs in the file's ids, directed and (with --undirected) undirected, also under
// --remap-ids, where ties must still go to the smallest file id; the JSON and --quiet reports;
// the error paths (a missing or malformed file, a bad --iterations, an output naming the input).
// The compare jobs must verify (skipped without GraphBLAS).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::CliRun;
using spgraph::testing::run;

const fs::path ldbc = fs::path(SPGRAPH_SOURCE_DIR) / "tests" / "data" / "ldbc";

/// Writes the adjacency list `input` ("v n1 n2 ...") as an edge list of its pairs "v ni".
fs::path edge_list_of(const fs::path& input, const fs::path& dir) {
  std::ifstream in(input);
  const fs::path out = dir / (input.filename().string() + ".txt");
  std::ofstream el(out);
  for (std::string line; std::getline(in, line);) {
    std::istringstream f(line);
    std::string v, u;
    if (!(f >> v)) continue;
    while (f >> u) el << v << ' ' << u << '\n';
  }
  return out;
}

/// "vertex value" lines (a result file, or a Graphalytics output), by vertex name.
std::map<std::string, std::string> read_values(const fs::path& p) {
  std::ifstream in(p);
  std::map<std::string, std::string> m;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string v, x;
    if (f >> v >> x) m[v] = x;
  }
  return m;
}

/// Every vertex of `want` has the same label in `got`.
void expect_same_labels(const fs::path& got, const fs::path& want, const std::string& what) {
  const auto g = read_values(got), w = read_values(want);
  ASSERT_FALSE(w.empty()) << want;
  for (const auto& [v, label] : w) {
    ASSERT_TRUE(g.count(v)) << what << ": vertex " << v << " missing";
    EXPECT_EQ(g.at(v), label) << what << ": vertex " << v;
  }
}

TEST(CdlpCli, GraphalyticsExamplesInTheFilesIds) {
  spgraph::testing::TempDir dir;
  const fs::path directed = edge_list_of(ldbc / "example/example-directed-input", dir.path());
  const fs::path undirected = edge_list_of(ldbc / "example/example-undirected-input", dir.path());
  const fs::path out = dir.path() / "labels.tsv";
  struct Case {
    fs::path file;
    std::string flags;
    const char* expected;
  };
  // The undirected example lists each edge both ways and names vertices 2..10: --remap-ids
  // numbers them by first appearance, so ties must be resolved in the names' order.
  const Case cases[] = {
      {directed, "", "example/example-directed-CDLP"},
      {directed, " --remap-ids", "example/example-directed-CDLP"},
      {undirected, " --undirected", "example/example-undirected-CDLP"},
      {undirected, " --undirected --remap-ids", "example/example-undirected-CDLP"},
  };
  for (const Case& c : cases) {
    const CliRun r =
        run("cdlp " + c.file.string() + c.flags + " --iterations 2 --out " + out.string());
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("cdlp: 2 of 2 rounds"), std::string::npos) << r.output;
    expect_same_labels(out, ldbc / c.expected, c.file.filename().string() + c.flags);
  }
}

TEST(LccCli, GraphalyticsExamplesInTheFilesIds) {
  spgraph::testing::TempDir dir;
  const fs::path out = dir.path() / "lcc.csv";
  const std::pair<const char*, const char*> cases[] = {
      {"example/example-directed-input", "example/example-directed-LCC"},
      {"lcc/dir-input", "lcc/dir-output"},
      {"example/example-undirected-input", "example/example-undirected-LCC"},
      {"lcc/undir-input", "lcc/undir-output"}};
  for (const auto& [input, expected] : cases) {
    const fs::path file = edge_list_of(ldbc / input, dir.path());
    const std::string flags = std::string(input).find("undir") != std::string::npos
                                  ? " --undirected --remap-ids"
                                  : " --remap-ids";
    const CliRun r = run("lcc " + file.string() + flags + " --out " + out.string());
    ASSERT_EQ(r.exit_code, 0) << r.output;
    std::ifstream csv(out);
    std::string header;
    std::getline(csv, header);
    EXPECT_EQ(header, "vertex,lcc");
    std::map<std::string, double> got;
    for (std::string line; std::getline(csv, line);)
      got[line.substr(0, line.find(','))] = std::stod(line.substr(line.find(',') + 1));
    for (const auto& [v, x] : read_values(ldbc / expected)) {
      // Vertices on no line of the input (isolated) are not in the edge list; their value is 0.
      const double want = std::stod(x);
      EXPECT_NEAR(got.count(v) ? got[v] : 0.0, want, 1e-6) << input << ": vertex " << v;
    }
  }
}

TEST(CdlpCli, JsonAndQuietReports) {
  const std::string karate = (fs::path(SPGRAPH_SOURCE_DIR) / "tests/data/karate.mtx").string();
  const CliRun j = run("cdlp " + karate + " --iterations 3 --json");
  ASSERT_EQ(j.exit_code, 0) << j.output;
  for (const char* key : {"\"iterations\": 3", "\"rounds\": 3",
                          "\"communities\":", "\"largest\":", "\"stable\": false", "\"seconds\":"})
    EXPECT_NE(j.output.find(key), std::string::npos) << key << "\n" << j.output;
  const CliRun q = run("lcc " + karate + " --quiet");
  ASSERT_EQ(q.exit_code, 0) << q.output;
  EXPECT_NEAR(std::stod(q.output), 0.5706384782076823, 1e-9);  // networkx average_clustering
  const CliRun l = run("lcc " + karate + " --json");
  EXPECT_NE(l.output.find("\"mean_lcc\": 0.5706384782076823"), std::string::npos) << l.output;
}

TEST(CdlpCli, BadInputAndFlags) {
  spgraph::testing::TempDir dir;
  const fs::path bad = dir.path() / "bad.mtx";
  std::ofstream(bad) << "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 x\n";
  for (const char* cmd : {"cdlp ", "lcc "}) {
    const CliRun missing = run(std::string(cmd) + "/nonexistent/graph.mtx");
    EXPECT_EQ(missing.exit_code, 1) << missing.output;
    EXPECT_NE(missing.output.find("/nonexistent/graph.mtx"), std::string::npos);
    const CliRun malformed = run(std::string(cmd) + bad.string());
    EXPECT_EQ(malformed.exit_code, 1) << malformed.output;
    EXPECT_NE(malformed.output.find(bad.string() + ":4"), std::string::npos) << malformed.output;
    const CliRun same = run(std::string(cmd) + bad.string() + " --out " + bad.string());
    EXPECT_EQ(same.exit_code, 1) << same.output;
    EXPECT_EQ(run(std::string(cmd) + "--help").exit_code, 0);
    EXPECT_EQ(run(std::string(cmd)).exit_code, 2);  // no file
  }
  for (const char* value : {"-1", "abc", "''", "99999999999"}) {
    const CliRun r = run("cdlp " + bad.string() + " --iterations " + value);
    EXPECT_EQ(r.exit_code, 2) << value << ": " << r.output;
    EXPECT_NE(r.output.find("--iterations"), std::string::npos) << r.output;
  }
}

#ifdef SPGRAPH_HAVE_GRAPHBLAS
TEST(CdlpCli, CompareJobsVerifyAgainstGraphBlas) {
  spgraph::testing::TempDir dir;
  const fs::path directed = edge_list_of(ldbc / "lcc/dir-input", dir.path());
  const std::string karate = (fs::path(SPGRAPH_SOURCE_DIR) / "tests/data/karate.mtx").string();
  for (const std::string& job :
       {"compare cdlp " + karate + " --iterations 4", "compare cdlp " + directed.string(),
        "compare lcc " + karate, "compare lcc " + directed.string()}) {
    const CliRun r = run(job + " --runs 1 --json");
    ASSERT_EQ(r.exit_code, 0) << job << "\n" << r.output;
    EXPECT_NE(r.output.find("\"verified\": true"), std::string::npos) << job << "\n" << r.output;
  }
}
#endif

}  // namespace
