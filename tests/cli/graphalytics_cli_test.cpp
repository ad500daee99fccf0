// SPDX-License-Identifier: Apache-2.0
// `spgraph graphalytics` end to end: every BFS, PR, SSSP and WCC row of LDBC Graphalytics'
// validation parameters (PARAMS.tsv) turned into a Graphalytics dataset (ldbc_datasets.hpp),
// run through the binary, and its output compared with LDBC's expected output under the row's
// tolerance: on the copies in tests/data/ldbc (always) and on ../shared/data/ldbc_graphalytics
// (skipped without it), plus the example graphs' weighted .v/.e files for every algorithm. Then
// the command's contract: parameters from the flags (checked against a PageRank and a BFS
// written here from the specification), the refusals (an algorithm the dataset does not list,
// a missing parameter, a flag the algorithm does not take, a source that is not a vertex, a
// negative SSSP weight), --json, --repeat, --out left untouched on failure, the dispatcher
// (other commands on a .properties file), and the hostile datasets of HOSTILE.tsv.
#include <regex.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/ldbc_datasets.hpp"
#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace spgraph::testing {
namespace {

namespace fs = std::filesystem;

/// PARAMS.tsv algorithms the command runs (all six), and their --algorithm names.
const std::map<std::string, std::string> kAlgorithms = {{"BFS", "bfs"},   {"PR", "pr"},
                                                        {"SSSP", "sssp"}, {"WCC", "wcc"},
                                                        {"CDLP", "cdlp"}, {"LCC", "lcc"}};

/// Runs `spgraph ARGS` (no shell), stdout and stderr together.
RunResult run_cli(const std::vector<std::string>& args) {
  RunOptions o;
  o.stderr_to = Stderr::Merge;
  o.timeout_seconds = 60;
  return run_spgraph(args, o);
}

/// Runs the dataset's algorithm into `out` and returns "" or what went wrong.
std::string run_and_compare(const LdbcParamsRow& c, const std::string& dataset,
                            const fs::path& root, const fs::path& out) {
  const RunResult r = run_cli(
      {"graphalytics", dataset, "--algorithm", kAlgorithms.at(c.algorithm), "--out", out.string()});
  if (r.exit_code != 0) return "exit code " + std::to_string(r.exit_code) + ": " + r.out;
  return compare_graphalytics_output(read_graphalytics_output(root / c.expected),
                                     read_graphalytics_output(out), c.tolerance);
}

/// Every row of `root`/PARAMS.tsv the command runs, each as a dataset from its input; returns
/// how many ran.
std::size_t run_every_case(const fs::path& root) {
  const TempDir dir;
  std::size_t ran = 0;
  for (const LdbcParamsRow& c : read_ldbc_params_rows(root / "PARAMS.tsv")) {
    if (!kAlgorithms.count(c.algorithm)) continue;
    SCOPED_TRACE(c.label());
    const auto [v, e] = c.vertex_edge_files();
    const LdbcDatasetFiles files =
        v.empty() ? adjacency_dataset(c, root) : weighted_dataset(root / v, root / e);
    const std::string name = "case" + std::to_string(ran);
    const std::string dataset = write_ldbc_dataset(c, files, dir, name);
    EXPECT_EQ(run_and_compare(c, dataset, root, dir.file(name + ".out")), "");
    ++ran;
  }
  return ran;
}

TEST(GraphalyticsCli, EveryValidationCaseMatchesOnTheBundledCopies) {
  EXPECT_EQ(run_every_case(test_data("ldbc")), 24u);
}

TEST(GraphalyticsCli, EveryValidationCaseMatchesOnTheSharedData) {
  SPGRAPH_REQUIRE_SHARED(params, "ldbc_graphalytics/PARAMS.tsv");
  EXPECT_EQ(run_every_case(params.parent_path()), 24u);
  // The bundled copies are LDBC's files, byte for byte.
  for (const auto& e : fs::recursive_directory_iterator(test_data("ldbc"))) {
    if (!e.is_regular_file() || e.path().filename() == "README.md") continue;
    const fs::path rel = fs::relative(e.path(), test_data("ldbc"));
    EXPECT_EQ(read_file(e.path()), read_file(params.parent_path() / rel)) << rel;
  }
}

TEST(GraphalyticsCli, TheExampleGraphsWeightedFilesGiveTheSameOutputs) {
  // example-directed.e / example-undirected.e are the -input graphs with weights: BFS, PR and
  // WCC must ignore the weights and give the -input rows' expected outputs.
  const fs::path root = test_data("ldbc");
  const TempDir dir;
  std::size_t ran = 0;
  for (const LdbcParamsRow& c : read_ldbc_params_rows(root / "PARAMS.tsv")) {
    if (!kAlgorithms.count(c.algorithm) || !c.input.starts_with("example/")) continue;
    SCOPED_TRACE(c.label());
    const std::string kind = c.directed ? "directed" : "undirected";
    const LdbcDatasetFiles files = weighted_dataset(root / ("example/example-" + kind + ".v"),
                                                    root / ("example/example-" + kind + ".e"));
    std::string name(1, 'w');  // appends: GCC 12 misreports "w" + string (-Wrestrict)
    name += std::to_string(ran++);
    const std::string dataset = write_ldbc_dataset(c, files, dir, name);
    EXPECT_EQ(run_and_compare(c, dataset, root, dir.file(name + ".out")), "");
  }
  EXPECT_EQ(ran, 12u);
}

// ---- the command's contract --------------------------------------------------------------------

/// The directed example (LDBC's example-directed) as a dataset listing every algorithm.
std::string example_dataset(const TempDir& dir, const std::string& extra = "",
                            const std::string& algorithms = "bfs, pr, sssp, wcc") {
  const fs::path root = test_data("ldbc/example");
  dir.write("ex.v", read_file(root / "example-directed.v"));
  dir.write("ex.e", read_file(root / "example-directed.e"));
  return dir.write("ex.properties",
                   "graph.ex.vertex-file = ex.v\n"
                   "graph.ex.edge-file = ex.e\n"
                   "graph.ex.meta.vertices = 10\n"
                   "graph.ex.meta.edges = 17\n"
                   "graph.ex.directed = true\n"
                   "graph.ex.edge-properties.names = weight\n"
                   "graph.ex.edge-properties.types = real\n"
                   "graph.ex.algorithms = " +
                       algorithms +
                       "\n"
                       "graph.ex.bfs.source-vertex = 1\n"
                       "graph.ex.pr.damping-factor = 0.85\n"
                       "graph.ex.pr.num-iterations = 2\n"
                       "graph.ex.sssp.weight-property = weight\n"
                       "graph.ex.sssp.source-vertex = 1\n" +
                       extra);
}

/// The example's arcs, read here from its edge file.
std::map<std::uint64_t, std::vector<std::uint64_t>> example_arcs() {
  std::map<std::uint64_t, std::vector<std::uint64_t>> out;
  for (const auto& row : read_rows(test_data("ldbc/example/example-directed.v")))
    out[std::stoull(row[0])];
  for (const auto& row : read_rows(test_data("ldbc/example/example-directed.e")))
    out[std::stoull(row[0])].push_back(std::stoull(row[1]));
  return out;
}

TEST(GraphalyticsCli, FlagsOverrideTheDatasetsParameters) {
  const TempDir dir;
  const std::string ds = example_dataset(dir);
  const auto arcs = example_arcs();
  // PageRank by the specification (§2.3.2), in long double: damping 0.5, 7 iterations.
  std::map<std::uint64_t, long double> rank;
  const long double n = arcs.size(), d = 0.5L;
  for (const auto& [v, out] : arcs) rank[v] = 1 / n;
  for (int it = 0; it < 7; ++it) {
    long double sinks = 0;
    std::map<std::uint64_t, long double> next;
    for (const auto& [v, out] : arcs) {
      next[v] += (1 - d) / n;
      if (out.empty()) sinks += rank[v];
      for (std::uint64_t u : out) next[u] += d * rank[v] / out.size();
    }
    for (auto& [v, r] : next) r += d * sinks / n;
    rank = next;
  }
  const RunResult pr = run_cli({"graphalytics", ds, "-a", "pr", "--damping", "0.5", "--iterations",
                                "7", "--out", dir.file("pr.out")});
  ASSERT_EQ(pr.exit_code, 0) << pr.out;
  for (const auto& [v, text] : read_graphalytics_output(dir.file("pr.out")))
    EXPECT_NEAR(std::stod(text), double(rank.at(v)), 1e-15) << v;
  // BFS from 5 instead of the dataset's 1, against a queue written here.
  std::map<std::uint64_t, std::int64_t> depth;
  std::deque<std::uint64_t> queue{5};
  depth[5] = 0;
  while (!queue.empty()) {
    const std::uint64_t v = queue.front();
    queue.pop_front();
    for (std::uint64_t u : arcs.at(v))
      if (!depth.count(u)) depth[u] = depth[v] + 1, queue.push_back(u);
  }
  const RunResult bfs =
      run_cli({"graphalytics", ds, "-a", "bfs", "--source", "5", "--out", dir.file("bfs.out")});
  ASSERT_EQ(bfs.exit_code, 0) << bfs.out;
  for (const auto& [v, text] : read_graphalytics_output(dir.file("bfs.out")))
    EXPECT_EQ(text, depth.count(v) ? std::to_string(depth[v]) : "9223372036854775807") << v;
}

TEST(GraphalyticsCli, DatasetPathMayOmitTheExtensionAndJsonNamesTheRun) {
  const TempDir dir;
  example_dataset(dir);
  const RunResult r =
      run_cli({"graphalytics", dir.file("ex"), "--algorithm", "wcc", "--json", "--repeat", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* key : {"\"dataset\": ", "\"graph\": \"ex\"", "\"vertices\": 10", "\"edges\": 17",
                          "\"directed\": true", "\"algorithm\": \"wcc\"", "\"components\": 1",
                          "\"seconds\": ", "\"runs\": 3"})
    EXPECT_NE(r.out.find(key), std::string::npos) << key << "\n" << r.out;
  const RunResult text = run_cli({"graphalytics", dir.file("ex.properties"), "-a", "sssp"});
  ASSERT_EQ(text.exit_code, 0) << text.out;
  EXPECT_NE(text.out.find("dataset ex: 10 vertices, 17 edges, directed"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("source 1, weights 'weight'"), std::string::npos) << text.out;
  const RunResult quiet = run_cli({"graphalytics", dir.file("ex"), "-a", "bfs", "-q"});
  ASSERT_EQ(quiet.exit_code, 0) << quiet.out;
  EXPECT_EQ(std::count(quiet.out.begin(), quiet.out.end(), '\n'), 1) << quiet.out;
}

TEST(GraphalyticsCli, RefusesWhatTheDatasetDoesNotAllow) {
  const TempDir dir;
  const std::string ds = example_dataset(dir, "", "bfs, wcc");
  const std::string out = dir.file("never.out");
  const auto expect = [&](const std::vector<std::string>& args, int code,
                          const std::string& fragment) {
    std::vector<std::string> full = {"graphalytics", ds};
    full.insert(full.end(), args.begin(), args.end());
    full.insert(full.end(), {"--out", out});
    const RunResult r = run_cli(full);
    EXPECT_EQ(r.exit_code, code) << r.out;
    EXPECT_NE(r.out.find(fragment), std::string::npos) << fragment << "\n" << r.out;
    EXPECT_FALSE(fs::exists(out)) << "an output was written";
  };
  expect({"-a", "pr"}, 1,
         ds + ":8: graph.ex.algorithms = bfs, wcc does not list pr: Graphalytics runs only");
  expect({"-a", "kcore"}, 2, "--algorithm");  // not a Graphalytics algorithm
  expect({"-a", "bfs", "--damping", "0.5"}, 2, "--damping does not apply to --algorithm bfs");
  expect({"-a", "bfs", "--source", "11"}, 1, "--source 11 is not a vertex of");
  expect({"-a", "bfs", "--source", "x"}, 2, "--source");
  // Without the dataset's BFS source, --source must give it.
  std::string text = read_file(ds);
  const std::string source_line = "graph.ex.bfs.source-vertex = 1\n";
  text.erase(text.find(source_line), source_line.size());
  write_file(ds, text);
  expect({"-a", "bfs"}, 1,
         "missing key graph.ex.bfs.source-vertex (a parameter of bfs): add it, or give --source");
  const RunResult given = run_cli({"graphalytics", ds, "-a", "bfs", "--source", "2"});
  EXPECT_EQ(given.exit_code, 0) << given.out;
}

TEST(GraphalyticsCli, SsspRefusesANegativeWeightAtItsLine) {
  const TempDir dir;
  const std::string ds = example_dataset(dir);
  std::string e = read_file(dir.file("ex.e"));
  e.replace(e.find("0.3"), 3, "-0.3");  // line 2: "1 5 0.3"
  write_file(dir.file("ex.e"), e);
  const RunResult r = run_cli({"graphalytics", ds, "-a", "sssp"});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find(dir.file("ex.e") + ":2: weight -0.29999999999999999 is negative"),
            std::string::npos)
      << r.out;
  // The other algorithms do not read the weights.
  EXPECT_EQ(run_cli({"graphalytics", ds, "-a", "bfs"}).exit_code, 0);
}

TEST(GraphalyticsCli, OtherCommandsReadADatasetByItsPropertiesFile) {
  const TempDir dir;
  const std::string ds = example_dataset(dir);
  const RunResult info = run_cli({"info", ds});
  ASSERT_EQ(info.exit_code, 0) << info.out;
  EXPECT_NE(info.out.find("graphalytics"), std::string::npos) << info.out;
  // bfs names vertices by the dataset's ids; its levels agree with the graphalytics command's.
  const RunResult bfs = run_cli({"bfs", ds, "--source", "1", "--out", dir.file("levels.tsv")});
  ASSERT_EQ(bfs.exit_code, 0) << bfs.out;
  const RunResult ga = run_cli({"graphalytics", ds, "-a", "bfs", "--out", dir.file("ga.out")});
  ASSERT_EQ(ga.exit_code, 0) << ga.out;
  const auto ga_levels = read_graphalytics_output(dir.file("ga.out"));
  for (const auto& row : read_rows(dir.file("levels.tsv"))) {
    const std::string want = ga_levels.at(std::stoull(row.at(0)));
    EXPECT_EQ(row.at(1) == "-1" ? "9223372036854775807" : row.at(1), want) << row[0];
  }
}

/// True when `output` holds `fragment`, or matches it as a POSIX extended regex ("re:...",
/// case-insensitive), as the hostile suite reads HOSTILE.tsv.
bool matches(const std::string& output, const std::string& fragment) {
  if (!fragment.starts_with("re:")) return output.find(fragment) != std::string::npos;
  regex_t re;
  if (regcomp(&re, fragment.c_str() + 3, REG_EXTENDED | REG_ICASE | REG_NOSUB) != 0) return false;
  const bool found = regexec(&re, output.c_str(), 0, nullptr, 0) == 0;
  regfree(&re);
  return found;
}

TEST(GraphalyticsCli, HostileDatasetsFailAsTheTableSays) {
  // The rows of HOSTILE.tsv for Graphalytics datasets (every other command runs them in the
  // hostile suite): the graphalytics command ends the same way.
  std::ifstream table(source_dir() / "tests" / "hostile" / "HOSTILE.tsv");
  std::set<std::string> listed;
  for (std::string line; std::getline(table, line);) {
    if (!line.starts_with("hostile/graphalytics/")) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
    const fs::path ds = source_dir() / "tests" / f.at(0);
    listed.insert(ds.filename().string());
    SCOPED_TRACE(f[0]);
    const RunResult r = run_cli({"graphalytics", ds.string(), "-a", "bfs"});
    EXPECT_EQ(r.exit_code, std::stoi(f.at(1))) << r.out;
    if (f[2] != "-") {
      EXPECT_TRUE(matches(r.out, f[2])) << f[2] << "\n" << r.out;
      EXPECT_NE(r.out.find(ds.string()), std::string::npos) << r.out;
    }
  }
  for (const auto& e :
       fs::directory_iterator(source_dir() / "tests" / "hostile" / "graphalytics")) {
    if (e.path().extension() == ".properties") {
      EXPECT_TRUE(listed.count(e.path().filename().string()))
          << e.path() << " has no row in HOSTILE.tsv";
    }
  }
  EXPECT_GE(listed.size(), 15u);
}

}  // namespace
}  // namespace spgraph::testing
