// SPDX-License-Identifier: Apache-2.0
// End-to-end runs of the spgraph binary: exit codes, key output lines and error messages.
// The binary's path comes from CMake (SPGRAPH_CLI); data come from data/ and temporary files.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "algorithms/bfs/bfs_verify.hpp"
#include "loaders/load.hpp"
#include "tests/support/spgraph_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::bundled_data;
using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::temp_file;

const std::string wiki = bundled_data("wiki-Vote.txt").string() + " --remap-ids";
const std::string email = bundled_data("email-Eu-core.csv").string();

TEST(Cli, HelpListsEverySubcommand) {
  CliRun r = run("--help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* sub : {"info", "convert", "generate", "bfs", "tc", "closure", "stream",
                          "compare", "mxv", "spmv", "pagerank", "sssp", "cc", "cdlp", "lcc"})
    EXPECT_NE(r.output.find(sub), std::string::npos) << sub;
  EXPECT_NE(r.output.find("Exit codes"), std::string::npos);
}

TEST(Cli, EverySubcommandHasHelp) {
  for (const char* sub : {"info",
                          "convert",
                          "generate",
                          "bfs",
                          "mxv",
                          "spmv",
                          "tc",
                          "closure",
                          "stream",
                          "pagerank",
                          "sssp",
                          "cc",
                          "cdlp",
                          "lcc",
                          "compare bfs",
                          "compare mxm",
                          "compare spmv",
                          "compare tc",
                          "compare closure",
                          "compare pagerank",
                          "compare sssp",
                          "compare cc",
                          "compare cdlp",
                          "compare lcc"}) {
    CliRun r = run(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.output.find("--threads"), std::string::npos) << sub;
  }
}

TEST(Cli, UnknownSubcommandIsAUsageError) {
  CliRun r = run("frobnicate");
  EXPECT_EQ(r.exit_code, 2) << r.output;
}

TEST(Cli, InfoReportsWikiVoteShape) {
  CliRun r = run("info " + wiki);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("shape:          7115 x 7115"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("103689 stored"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("directed:       yes"), std::string::npos) << r.output;
}

TEST(Cli, InfoJsonIsOneObject) {
  CliRun r = run("info --json " + email);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.front(), '{');
  EXPECT_NE(r.output.find("\"nrows\": 1005"), std::string::npos) << r.output;
}

TEST(Cli, MissingFileNamesTheFile) {
  CliRun r = run("info /nonexistent/graph.mtx");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("/nonexistent/graph.mtx"), std::string::npos) << r.output;
}

TEST(Cli, MalformedFileGivesFileAndLine) {
  fs::path bad =
      temp_file("bad.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 1\n1 x\n");
  CliRun r = run("info " + bad.string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find(bad.string() + ":4"), std::string::npos) << r.output;
  fs::remove(bad);
}

TEST(Cli, BfsWritesOneLinePerVertexWithTheSourceAtLevelZero) {
  fs::path out = temp_file("levels.txt");
  CliRun r = run("bfs " + email + " --source 0 --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(out);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "# vertex level parent");
  std::getline(in, line);
  EXPECT_EQ(line, "0\t0\t0");
  std::size_t lines = 1;
  while (std::getline(in, line)) ++lines;
  EXPECT_EQ(lines, 1005u);
  fs::remove(out);
}

// --alpha and --beta tune the direction heuristic (bench/RESULTS.md measures them): the levels
// do not change, and a value outside 1..2^20 is a usage error naming the flag.
TEST(Cli, BfsAlphaBetaChangeNoLevels) {
  fs::path a = temp_file("alpha_default.txt"), b = temp_file("alpha_1.txt");
  ASSERT_EQ(run("bfs " + email + " --source 7 --compute levels --out " + a.string()).exit_code, 0);
  CliRun r = run("bfs " + email + " --source 7 --compute levels --alpha 1 --beta 1000 --out " +
                 b.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream ia(a), ib(b);
  std::string sa((std::istreambuf_iterator<char>(ia)), {}),
      sb((std::istreambuf_iterator<char>(ib)), {});
  EXPECT_FALSE(sa.empty());
  EXPECT_EQ(sa, sb);
  r = run("bfs " + email + " --source 7 --alpha 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--alpha"), std::string::npos) << r.output;
  EXPECT_EQ(run("bfs " + email + " --source 7 --beta x").exit_code, 2);
  fs::remove(a);
  fs::remove(b);
}

// --compute picks the arrays: the file's columns are what was computed, and the parents written
// alone form a valid BFS tree for the levels written alone.
TEST(Cli, BfsComputeWritesLevelsOrParentsAlone) {
  fs::path lv = temp_file("levels_only.txt"), pa = temp_file("parents_only.txt");
  CliRun r = run("bfs " + email + " --source 7 --compute levels --out " + lv.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("computes: levels\n"), std::string::npos) << r.output;
  EXPECT_EQ(run("bfs " + email + " --source 7 --compute tree").exit_code, 2);
  r = run("bfs " + email + " --source 7 --compute parents --out " + pa.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("computes: parents\n"), std::string::npos) << r.output;
  r = run("bfs " + email + " --source 7 --compute both");
  EXPECT_NE(r.output.find("computes: levels + parents\n"), std::string::npos) << r.output;
  auto read = [](const fs::path& p, std::string& header) {
    std::ifstream in(p);
    std::getline(in, header);
    std::vector<long long> col;
    long long v = 0, x = 0;
    while (in >> v >> x) col.push_back(x);
    return col;
  };
  std::string h1, h2;
  const std::vector<long long> level = read(lv, h1), parent = read(pa, h2);
  EXPECT_EQ(h1, "# vertex level");
  EXPECT_EQ(h2, "# vertex parent");
  ASSERT_EQ(level.size(), 1005u);
  ASSERT_EQ(parent.size(), 1005u);
  const spgraph::Matrix<bool> g = spgraph::load_graph(email);
  const spgraph::Csr<bool>& a = g.csr();
  const std::vector<std::int64_t> l(level.begin(), level.end()), p(parent.begin(), parent.end());
  EXPECT_EQ(spgraph::check_bfs_tree(a, 7, l, p), "");
  EXPECT_GT(std::count_if(l.begin(), l.end(), [](auto x) { return x > 1; }), 0);
  EXPECT_EQ(run("bfs " + email + " --source 7 --compute both --parents").exit_code, 2);
  fs::remove(lv);
  fs::remove(pa);
}

TEST(Cli, BfsSourceOutOfRangeIsAnError) {
  CliRun r = run("bfs " + email + " --source 5000");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("out of range"), std::string::npos) << r.output;
}

TEST(Cli, BfsSourceUsesTheFilesOwnIds) {
  // 30 is a SNAP id in wiki-Vote; with --remap-ids the output names it as 30 too.
  CliRun r = run("bfs " + wiki + " --source 30 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"source\": 30"), std::string::npos) << r.output;
}

TEST(Cli, GenerateThenInfoRoundTrips) {
  fs::path g = temp_file("kron.mtx");
  CliRun r = run("generate kron --scale 8 --edge-factor 4 --seed 3 --out " + g.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  CliRun i = run("info --json " + g.string());
  ASSERT_EQ(i.exit_code, 0) << i.output;
  EXPECT_NE(i.output.find("\"nrows\": 256"), std::string::npos) << i.output;
  EXPECT_NE(i.output.find("\"directed\": false"), std::string::npos) << i.output;
  fs::remove(g);
}

TEST(Cli, ConvertToBinaryKeepsEveryEntry) {
  fs::path bin = temp_file("wiki.bin");
  ASSERT_EQ(run("convert " + wiki + " " + bin.string()).exit_code, 0);
  CliRun r = run("info --json " + bin.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"entries\": 103689"), std::string::npos) << r.output;
  fs::remove(bin);
}

/// Every stored value of `path`, as (row, col, value) tuples in row-major order.
std::vector<std::array<double, 3>> weighted_tuples(const std::string& path) {
  const spgraph::LoadedMatrix m = spgraph::load_matrix(path);
  const auto* d = std::get_if<spgraph::Matrix<double>>(&m.matrix);
  EXPECT_NE(d, nullptr) << path << " holds no real values";
  std::vector<std::array<double, 3>> out;
  if (!d) return out;
  std::vector<spgraph::Vertex> rows, cols;
  std::vector<double> vals;
  d->extract_tuples(rows, cols, vals);
  for (std::size_t k = 0; k < vals.size(); ++k)
    out.push_back({double(rows[k]), double(cols[k]), vals[k]});
  return out;
}

TEST(Cli, ConvertAddWeightsDrawsIntegersFromOneToMax) {
  const spgraph::testing::TempDir d;
  // The symmetric Kronecker graph, written as a pattern: --add-weights keeps it symmetric.
  const std::string g = d.file("g.mtx");
  ASSERT_EQ(run("generate kron --scale 7 --edge-factor 8 --seed 3 --out " + g).exit_code, 0);
  const std::string a = d.file("a.mtx"), b = d.file("b.bin"), c = d.file("c.mtx");
  CliRun r = run("convert " + g + " " + a + " --add-weights 5 --weight-seed 7");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(spgraph::testing::run_shell("head -1 " + a).output.find("symmetric"),
            std::string::npos);
  r = run("convert " + g + " " + b + " --add-weights 5 --weight-seed 7");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto ta = weighted_tuples(a), tb = weighted_tuples(b);
  ASSERT_GT(ta.size(), 1000u);
  EXPECT_EQ(ta, tb);  // the same seed, the same weights, whatever the format
  std::array<int, 6> seen{};
  for (const auto& [i, j, w] : ta) {
    ASSERT_GE(w, 1);
    ASSERT_LE(w, 5);
    ASSERT_EQ(w, double(int(w)));
    ++seen[int(w)];
  }
  for (int w = 1; w <= 5; ++w) EXPECT_GT(seen[w], int(ta.size()) / 10) << "weight " << w;
  // Both arcs of an edge alike: the weighted matrix equals its transpose.
  std::map<std::pair<double, double>, double> at;
  for (const auto& [i, j, w] : ta) at[{i, j}] = w;
  for (const auto& [i, j, w] : ta) ASSERT_EQ((at[{j, i}]), w) << i << " " << j;
  r = run("info --json " + b);
  EXPECT_NE(r.output.find("\"directed\": false"), std::string::npos) << r.output;
  // Another seed, other weights; existing weights are replaced (the input is weighted here).
  ASSERT_EQ(run("convert " + a + " " + c + " --add-weights 5 --weight-seed 8").exit_code, 0);
  const auto tc = weighted_tuples(c);
  ASSERT_EQ(tc.size(), ta.size());
  EXPECT_NE(tc, ta);
  ASSERT_EQ(run("convert " + a + " " + c + " --add-weights 255").exit_code, 0);
  for (const auto& [i, j, w] : weighted_tuples(c)) ASSERT_TRUE(w >= 1 && w <= 255);
}

TEST(Cli, ConvertAddWeightsRefusesABadMax) {
  const spgraph::testing::TempDir d;
  const std::string out = d.file("o.mtx");
  for (const std::string bad : {"0", "-1", "1073741825", "99999999999999999999", "x", "2.5", ""}) {
    SCOPED_TRACE(bad);
    const CliRun r = run("convert " + email + " " + out + " --add-weights '" + bad + "'");
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("--add-weights"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(out));
  }
  // --pattern drops values, --add-weights adds them: not both; a seed alone means nothing.
  CliRun r = run("convert " + email + " " + out + " --add-weights 3 --pattern");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = run("convert " + email + " " + out + " --weight-seed 3");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--add-weights"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
  r = run("convert --help");
  EXPECT_NE(r.output.find("replaces the file's weights"), std::string::npos) << r.output;
}

TEST(Cli, UnknownSemiringListsTheValidNames) {
  CliRun r = run("mxv " + email + " --semiring bogus");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("unknown semiring 'bogus'; valid: plus_times, min_plus"),
            std::string::npos)
      << r.output;
}

TEST(Cli, SemiringOverTheWrongTypeIsAnError) {
  CliRun r = run("mxv " + email + " --semiring lor_land --type double");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("not defined over double"), std::string::npos) << r.output;
}

TEST(Cli, MxvComputesRowSumsAndRowMinima) {
  // A = [2.5 . 1; . -4 .; 0.5 . .]; A*1 over plus_times = (3.5, -4, 0.5); min_plus = (2, -3, 1.5).
  fs::path m = temp_file("m.mtx",
                         "%%MatrixMarket matrix coordinate real general\n3 3 4\n1 1 2.5\n1 3 1\n"
                         "2 2 -4\n3 1 0.5\n");
  fs::path w = temp_file("w.txt");
  ASSERT_EQ(run("mxv " + m.string() + " --out " + w.string()).exit_code, 0);
  std::ifstream in(w);
  std::stringstream got;
  got << in.rdbuf();
  EXPECT_EQ(got.str(), "# index value\n1\t3.5\n2\t-4\n3\t0.5\n");
  CliRun r = run("mxv --json " + m.string() + " --semiring min_plus");
  EXPECT_NE(r.output.find("\"min\": -3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"max\": 2"), std::string::npos) << r.output;
  fs::remove(m);
  fs::remove(w);
}

TEST(Cli, SpmvGivesTheSameAnswerOnEveryFormat) {
  // y = A x with the fixed pseudo-random x: CSR, CSR5 and the rule's choice agree to the last
  // digit on an integer matrix, and the report names the format and the effective bandwidth.
  std::string checksum;
  for (const char* format : {"csr", "csr5", "auto"}) {
    CliRun r = run("spmv --json " + email + " --type int64 --semiring plus_times --iterations 2 " +
                   "--spmv " + format);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const auto at = r.output.find("\"checksum\": ");
    ASSERT_NE(at, std::string::npos) << r.output;
    const std::string value = r.output.substr(at, r.output.find(',', at) - at);
    if (checksum.empty()) checksum = value;
    EXPECT_EQ(value, checksum) << format;
    EXPECT_NE(r.output.find("\"gbps\": "), std::string::npos) << r.output;
    if (std::string(format) != "auto") {
      EXPECT_NE(r.output.find(std::string("\"format\": \"") + format), std::string::npos)
          << r.output;
    }
  }
}

TEST(Cli, SpmvSumsAKnownMatrix) {
  // x is the command's fixed pseudo-random vector, recovered entry by entry from matrices with a
  // single entry A(0, i) = 1 (checksum Σy = x_i). Then A = [2 . 1; . 4 .; 3 . .] must give
  // Σy = 5 x0 + 4 x1 + x2 over plus_times and min(2 + x0, 1 + x2) + 4 + x1 + 3 + x0 over min_plus,
  // and the identity Σx.
  fs::path m = temp_file("s.mtx",
                         "%%MatrixMarket matrix coordinate integer general\n3 3 4\n1 1 2\n1 3 1\n"
                         "2 2 4\n3 1 3\n");
  fs::path id = temp_file("i.mtx",
                          "%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 1 1\n2 2 1\n"
                          "3 3 1\n");
  auto checksum = [](const CliRun& r) {
    const auto at = r.output.find("\"checksum\": ") + 12;
    return std::stod(r.output.substr(at));
  };
  // The identity's checksum is Σx; single-entry matrices recover each x_i.
  double x[3];
  for (int i = 0; i < 3; ++i) {
    fs::path e = temp_file("e" + std::to_string(i) + ".mtx",
                           "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 " +
                               std::to_string(i + 1) + " 1\n");
    CliRun r = run("spmv --json --type int64 --iterations 1 " + e.string());
    ASSERT_EQ(r.exit_code, 0) << r.output;
    x[i] = checksum(r);
    fs::remove(e);
  }
  CliRun ri = run("spmv --json --type int64 --iterations 1 " + id.string());
  EXPECT_EQ(checksum(ri), x[0] + x[1] + x[2]);
  CliRun rs = run("spmv --json --type int64 --iterations 1 " + m.string());
  EXPECT_EQ(checksum(rs), 2 * x[0] + x[2] + 4 * x[1] + 3 * x[0]);
  CliRun rm = run("spmv --json --type int64 --iterations 1 --semiring min_plus " + m.string());
  EXPECT_EQ(checksum(rm), std::min(2 + x[0], 1 + x[2]) + (4 + x[1]) + (3 + x[0]));
  fs::remove(m);
  fs::remove(id);
}

TEST(Cli, TcCountsTheUndirectedTrianglesOfADirectedGraph) {
  // SNAP's email-Eu-core page: 105461 triangles (the arcs taken as undirected edges).
  CliRun r = run("tc " + email + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "105461\n");
  CliRun v = run("tc " + email);
  EXPECT_NE(v.output.find("note: "), std::string::npos) << v.output;  // symmetrized, said so
}

TEST(Cli, TcPerVertexFileHasOneLinePerVertex) {
  fs::path out = temp_file("tc.txt");
  CliRun r = run("tc " + email + " --out " + out.string() + " --method hash");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(out);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "# vertex triangles clustering");
  std::size_t lines = 0;
  std::uint64_t sum = 0;
  while (std::getline(in, line)) {
    ++lines;
    std::istringstream f(line);
    std::uint64_t v, t;
    f >> v >> t;
    sum += t;
  }
  EXPECT_EQ(lines, 1005u);
  EXPECT_EQ(sum, 3u * 105461u);  // each triangle counted at its three corners
  fs::remove(out);
}

/// 1 -> 2 -> 3 -> 1 is a cycle and 3 -> 4 leaves it: R+ has 3 x 4 = 12 pairs.
fs::path closure_graph() {
  return temp_file("closure.mtx",
                   "%%MatrixMarket matrix coordinate pattern general\n4 4 4\n1 2\n2 3\n3 1\n3 4\n");
}

TEST(Cli, ClosureCountsListsAndAnswersQueries) {
  const fs::path g = closure_graph();
  EXPECT_EQ(run("closure " + g.string() + " --count").output, "12\n");
  EXPECT_EQ(run("closure " + g.string() + " --count --reflexive").output, "13\n");
  EXPECT_EQ(run("closure " + g.string() + " --count --method seminaive").output, "12\n");
  fs::path out = temp_file("pairs.txt");
  ASSERT_EQ(run("closure " + g.string() + " --out " + out.string()).exit_code, 0);
  std::ifstream in(out);
  std::string line;
  std::size_t pairs = 0;
  bool four_to_one = false;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ++pairs;
    four_to_one |= line == "4\t1";
  }
  EXPECT_EQ(pairs, 12u);
  EXPECT_FALSE(four_to_one);  // ids stay 1-based, and 4 reaches nothing
  CliRun q = run("closure " + g.string() + " --query 1,4 --query 4,1 --query 2,2");
  ASSERT_EQ(q.exit_code, 0) << q.output;
  EXPECT_NE(q.output.find("1 -> 4: reachable"), std::string::npos) << q.output;
  EXPECT_NE(q.output.find("4 -> 1: not reachable"), std::string::npos) << q.output;
  EXPECT_NE(q.output.find("2 -> 2: reachable"), std::string::npos) << q.output;  // on a cycle
  EXPECT_EQ(run("closure " + g.string() + " --query 1-4").exit_code, 2);         // not U,V: usage
  EXPECT_EQ(run("closure " + g.string() + " --query 1,9").exit_code, 1);
  fs::remove(g);
  fs::remove(out);
}

TEST(Cli, ClosureTooLargeFailsWithTheEstimate) {
  const fs::path out = temp_file("closure_too_large.txt");
  CliRun r = run("closure " + email + " --out " + out.string() + " --max-memory 0.001");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("pairs and need about"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("nothing was allocated"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
}

#ifdef SPGRAPH_HAVE_GRAPHBLAS
TEST(Cli, CompareMxmTcAndClosureVerifyAgainstGraphBlas) {
  CliRun m = run("compare mxm " + email + " --runs 1 --threads 2");
  ASSERT_EQ(m.exit_code, 0) << m.output;
  EXPECT_NE(m.output.find("verified: identical pattern"), std::string::npos) << m.output;
  CliRun mm = run("compare mxm " + email + " --semiring min_plus --mask a --complement --runs 1");
  ASSERT_EQ(mm.exit_code, 0) << mm.output;
  CliRun t = run("compare tc " + email + " --runs 1 --json");
  ASSERT_EQ(t.exit_code, 0) << t.output;
  EXPECT_NE(t.output.find("\"triangles\": 105461"), std::string::npos) << t.output;
  CliRun c = run("compare closure " + closure_graph().string() + " --runs 1");
  ASSERT_EQ(c.exit_code, 0) << c.output;
  EXPECT_NE(c.output.find("closure R+: 12 pairs"), std::string::npos) << c.output;
  EXPECT_NE(c.output.find("verified: identical pair sets"), std::string::npos) << c.output;
}

TEST(Cli, CompareSpmvVerifiesAgainstGraphBlasOnCsrAndCsr5) {
  for (const char* format : {"csr", "csr5"}) {
    CliRun r =
        run("compare spmv " + email + " --runs 1 --iterations 2 --threads 2 --spmv " + format);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("verified: every y(i) equal"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("median ratio spgraph/GraphBLAS"), std::string::npos) << r.output;
  }
  CliRun m = run("compare spmv " + wiki + " --runs 1 --semiring min_plus --type int64 --json");
  ASSERT_EQ(m.exit_code, 0) << m.output;
  EXPECT_NE(m.output.find("\"verified\": true"), std::string::npos) << m.output;
}

TEST(Cli, CompareMxmRejectsASemiringGraphBlasLacks) {
  CliRun r = run("compare mxm " + email + " --semiring lor_land --type double --runs 1");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("not defined over double"), std::string::npos) << r.output;
}

TEST(Cli, CompareBfsVerifiesAgainstGraphBlas) {
  CliRun r = run("compare bfs " + email + " --sources 4 --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("verified: levels identical, parents valid, 4 sources"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("median ratio"), std::string::npos);
}

TEST(Cli, CompareBfsComputesParentsAloneLikeGapbs) {
  for (const char* what : {"parents", "levels"}) {
    CliRun r = run("compare bfs " + email + " --sources 3 --threads 2 --compute " + what);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const std::string verified =
        std::string(what) == "parents" ? "parents valid" : "levels identical";
    EXPECT_NE(r.output.find("verified: " + verified + ", 3 sources"), std::string::npos)
        << r.output;
  }
}

TEST(Cli, CompareBfsJsonSaysVerified) {
  CliRun r = run("compare bfs " + wiki + " --source 30 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"verified\": true"), std::string::npos) << r.output;
}
#endif

}  // namespace

namespace {

// `bfs` says where the undirected kind came from: the file's "symmetric" header (declared), a
// "general" file whose arcs all have their mirror (detected), or neither (a directed graph).
TEST(Cli, BfsSaysWhetherItsSymmetricStructureWasDeclaredOrDetected) {
  const auto general =
      temp_file("bfs_sym_general.mtx",
                "%%MatrixMarket matrix coordinate pattern general\n3 3 4\n1 2\n2 1\n2 3\n3 2\n");
  const auto directed =
      temp_file("bfs_sym_directed.mtx",
                "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n");
  const std::pair<std::string, std::string> cases[] = {
      {spgraph::testing::test_data("karate.mtx").string(),
       "undirected (symmetric structure: declared;"},
      {general.string(), "undirected (symmetric structure: detected;"},
      {directed.string(), "directed (symmetric structure: none;"}};
  for (const auto& [file, expect] : cases) {
    const CliRun r = run("bfs " + file + " --source 1");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find(expect), std::string::npos) << file << "\n" << r.output;
  }
  std::filesystem::remove(general);
  std::filesystem::remove(directed);
}

}  // namespace
