// SPDX-License-Identifier: Apache-2.0
// Hostile input at the command line (no crash, no hang, no lost data, no silent garbage): flag
// values that are out of range give one clear line and exit code 2; outputs never overwrite an
// input and are written atomically; stream never grows the graph on an erase, guards growth, and
// stops gracefully on SIGINT/SIGTERM; generate checks its size first; values that --type would
// mangle are errors; error lines escape control bytes; every parallel loader gives the same graph
// with 1, 2, 3 and 8 threads on and off a terminal.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::bundled_data;
using spgraph::testing::Child;
using spgraph::testing::CliRun;
using spgraph::testing::read_file;
using spgraph::testing::read_until;
using spgraph::testing::run;
using spgraph::testing::run_shell;
using spgraph::testing::spawn_spgraph;
using spgraph::testing::temp_file;
using spgraph::testing::TempDir;
using spgraph::testing::wait_child;

const std::string email = bundled_data("email-Eu-core.csv").string();

std::size_t count_lines(const std::string& s) {
  return std::size_t(std::count(s.begin(), s.end(), '\n'));
}

/// A usage error: exit code 2, one line, naming the flag, without CLI11's 309-digit range or a
/// wrapped negative number.
void expect_usage_error(const std::string& args, const std::string& flag) {
  SCOPED_TRACE(args);
  const CliRun r = run(args);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(count_lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find(flag), std::string::npos) << r.output;
  EXPECT_FALSE(std::regex_search(r.output, std::regex("[0-9]{25}"))) << r.output;
  EXPECT_EQ(r.output.find("18446744073709551615"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("libgomp"), std::string::npos) << r.output;
}

/// The number after "KEY": in a JSON line ("" if absent).
std::string json_number(const std::string& out, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex("\"" + key + "\": (-?[0-9]+)"))) return "";
  return m[1].str();
}

const char* kSimpleMtx =
    "%%MatrixMarket matrix coordinate pattern general\n4 4 4\n1 2\n2 3\n3 1\n3 4\n";

// ---------------------------------------------------------------------------------------------
// Flag values: thread counts past the cap, ranges stated without 309-digit limits, bfs --source -1,
// --max-memory values that used to fall back to 80% of RAM in silence.

TEST(CliHostile, ThreadCountsOutsideTheCapAreOneClearUsageError) {
  for (const char* t :
       {"100000", "50000", "-1", "2147483647", "99999999999999999999", "abc", "1.5"})
    expect_usage_error("info " + email + " --threads " + std::string(t), "--threads");
  const CliRun r = run("info " + email + " --threads 100000");
  EXPECT_NE(r.output.find("is more than"), std::string::npos) << r.output;
  const CliRun neg = run("tc " + email + " -t -1");
  EXPECT_NE(neg.output.find("negative"), std::string::npos) << neg.output;
  // Every subcommand has the same check, before it reads anything.
  for (const char* sub : {"bfs", "tc", "closure", "mxv", "convert", "stream", "compare tc"})
    expect_usage_error(std::string(sub) + " /nonexistent --threads 100000", "--threads");
  // The cap itself is accepted (64 is always within it).
  EXPECT_EQ(run("info " + email + " --threads 64 -q").exit_code, 0);
}

TEST(CliHostile, NumericFlagsSayWhatTheyTake) {
  const std::string g = temp_file("flags.mtx", kSimpleMtx).string();
  expect_usage_error("stream " + g + " --updates /dev/null --batch 0", "--batch");
  expect_usage_error("stream " + g + " --updates /dev/null --batch -5", "--batch");
  const CliRun batch = run("stream " + g + " --updates /dev/null --batch 0");
  EXPECT_NE(batch.output.find("--batch must be a positive integer"), std::string::npos)
      << batch.output;
  for (const char* m : {"0", "nan", "inf", "-inf", "1e-10", "1e-9", "-1", "x", "1e999"})
    expect_usage_error("closure " + g + " --max-memory " + std::string(m), "--max-memory");
  expect_usage_error("compare closure " + g + " --boost-memory 0", "--boost-memory");
  expect_usage_error("bfs " + g + " --source -1", "--source");
  const CliRun src = run("bfs " + g + " --source -1");
  EXPECT_NE(src.output.find("non-negative integer"), std::string::npos) << src.output;
  expect_usage_error("bfs " + g + " --sources -1", "--sources");
  expect_usage_error("bfs " + g + " --source 99999999999999999999", "--source");
  expect_usage_error("closure " + g + " --query -1,2", "--query");
  expect_usage_error("closure " + g + " --query 1", "--query");
  expect_usage_error("generate kron --scale 0 --out x.bin", "--scale");
  expect_usage_error("generate kron --scale 32 --out x.bin", "--scale");
  expect_usage_error("generate kron --edge-factor 0 --out x.bin", "--edge-factor");
  expect_usage_error("generate kron -A nan --out x.bin", "-A");
  expect_usage_error("generate urand --n -1 --out x.bin", "--n");
  expect_usage_error("generate grid --rows -1 --cols 2 --out x.bin", "--rows");
  expect_usage_error("compare tc " + g + " --runs 0", "--runs");
  fs::remove(g);
}

TEST(CliHostile, ClosureMemoryLimitAtItsMinimumStillGivesRealSizes) {
  const std::string out = temp_file("closure_min.txt").string();
  const CliRun r = run("closure " + email + " --out " + out + " --max-memory 0.001");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("pairs and need about"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("0 KB"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find(" 0 B"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
}

TEST(CliHostile, VectorFlagsTakeOneValuePerFlag) {
  const std::string g = temp_file("vec.mtx", kSimpleMtx).string();
  // The file after --source is the positional argument, not a second source.
  const CliRun one = run("bfs --source 1 " + g + " -q");
  EXPECT_EQ(one.exit_code, 0) << one.output;
  const CliRun two = run("bfs --source 1 --source 4 " + g + " --json");
  ASSERT_EQ(two.exit_code, 0) << two.output;
  EXPECT_NE(two.output.find("\"source\": 1"), std::string::npos) << two.output;
  EXPECT_NE(two.output.find("\"source\": 4"), std::string::npos) << two.output;
  const CliRun q = run("closure --query 1,4 " + g + " --query 4,1");
  ASSERT_EQ(q.exit_code, 0) << q.output;
  EXPECT_NE(q.output.find("1 -> 4: reachable"), std::string::npos) << q.output;
  EXPECT_NE(q.output.find("4 -> 1: not reachable"), std::string::npos) << q.output;
  // Ids are decimal: a leading zero is not octal.
  const CliRun dec = run("bfs --source 010 " + g + " --json");
  EXPECT_EQ(dec.exit_code, 1) << dec.output;
  EXPECT_NE(dec.output.find("vertex 10 is out of range"), std::string::npos) << dec.output;
  const CliRun four = run("bfs --source 04 " + g + " --json");
  EXPECT_NE(four.output.find("\"source\": 4"), std::string::npos) << four.output;
  // Two values after one flag: the second is not taken as a source.
  EXPECT_EQ(run("bfs " + g + " --source 1 2").exit_code, 2);
  fs::remove(g);
}

TEST(CliHostile, AVertexOfAnEmptyGraphIsReportedAsSuch) {
  const std::string g =
      temp_file("empty.mtx", "%%MatrixMarket matrix coordinate pattern general\n0 0 0\n").string();
  const CliRun r = run("bfs " + g + " --source 1");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("the graph has no vertices"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("to 0"), std::string::npos) << r.output;
  fs::remove(g);
}

// ---------------------------------------------------------------------------------------------
// Outputs: an output that is an input is refused before it can be destroyed; writes are atomic.

TEST(CliHostile, AnOutputThatIsAnInputIsRefusedBeforeLoading) {
  const TempDir d("same");
  // Not a valid graph: a refusal before loading gives the refusal, not a parse error.
  const std::string junk = d.write("junk.txt", "this is not a graph\n");
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string ups = d.write("u.txt", "+ 1 2\n");
  const std::string link = (d.path() / "link.mtx").string();
  const std::string hard = (d.path() / "hard.mtx").string();
  fs::create_symlink(g, link);
  fs::create_hard_link(g, hard);
  const std::vector<std::string> cases = {
      "convert " + junk + " " + junk,
      "convert " + g + " " + link,
      "convert " + link + " " + hard,
      "bfs " + g + " --source 1 --out " + g,
      "bfs " + junk + " --source 1 --out " + junk,
      "mxv " + g + " --out " + hard,
      "tc " + g + " --out " + g,
      "closure " + g + " --out " + g,
      "stream " + g + " --updates " + ups + " --out " + g,
      "stream " + g + " --updates " + ups + " --out " + ups,
  };
  for (const std::string& c : cases) {
    SCOPED_TRACE(c);
    const CliRun r = run(c);
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("is the input file"), std::string::npos) << r.output;
  }
  EXPECT_EQ(read_file(g), kSimpleMtx);
  EXPECT_EQ(read_file(junk), "this is not a graph\n");
  EXPECT_EQ(read_file(ups), "+ 1 2\n");
}

TEST(CliHostile, OutputsThatCannotBeReplacedAtomicallyAreRefused) {
  const std::string g = temp_file("dev.mtx", kSimpleMtx).string();
  for (const std::string& c : {"bfs " + g + " --source 1 --out /dev/null",
                               "convert " + g + " /dev/null", "mxv " + g + " --out /dev/zero"}) {
    SCOPED_TRACE(c);
    const CliRun r = run(c);
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("not a regular file"), std::string::npos) << r.output;
  }
  struct stat st {};
  ASSERT_EQ(stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  const CliRun dir = run("convert " + g + " " + fs::temp_directory_path().string());
  EXPECT_EQ(dir.exit_code, 1) << dir.output;
  EXPECT_NE(dir.output.find("is a directory"), std::string::npos) << dir.output;
  fs::remove(g);
}

TEST(CliHostile, EveryWriterLeavesOnlyItsTarget) {
  const TempDir d("writers");
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string ups = d.write("u.txt", "+ 1 4\n");
  ASSERT_EQ(run("bfs " + g + " --source 1 --out " + d.file("levels.txt")).exit_code, 0);
  ASSERT_EQ(run("mxv " + g + " --out " + d.file("w.txt")).exit_code, 0);
  ASSERT_EQ(run("tc " + g + " --out " + d.file("t.txt")).exit_code, 0);
  ASSERT_EQ(run("closure " + g + " --out " + d.file("c.txt")).exit_code, 0);
  ASSERT_EQ(run("stream " + g + " --updates " + ups + " --out " + d.file("s.bin")).exit_code, 0);
  ASSERT_EQ(run("convert " + g + " " + d.file("g.mtx.gz")).exit_code, 0);
  ASSERT_EQ(run("generate grid --rows 3 --cols 3 --out " + d.file("grid.txt")).exit_code, 0);
  const std::vector<std::string> expected = {"c.txt", "g.mtx", "g.mtx.gz", "grid.txt", "levels.txt",
                                             "s.bin", "t.txt", "u.txt",    "w.txt"};
  EXPECT_EQ(d.entries(), expected);
  EXPECT_EQ(read_file(d.file("levels.txt")),
            "# vertex level parent\n1\t0\t1\n2\t1\t1\n3\t2\t2\n4\t3\t3\n");
  // A failed write (unknown extension) leaves nothing.
  const CliRun bad = run("convert " + g + " " + d.file("x.unknown"));
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_EQ(d.entries(), expected);
}

// ---------------------------------------------------------------------------------------------
// stream: erases never grow the graph, growth is guarded, .bin files keep the symmetric flag that
// undirected graphs need.

TEST(CliHostile, StreamEraseOfAnAbsentVertexIsMissingAndNeverGrowsTheGraph) {
  const TempDir d("erase");
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string out = d.file("o.mtx");
  const std::string ups2 = d.write("u2.txt", "- 1 3000000000\n- 3000000000 1\n+ 2 4\n? edges\n");
  const CliRun s = run("stream " + g + " --updates " + ups2 + " --out " + out + " --json");
  ASSERT_EQ(s.exit_code, 0) << s.output;
  EXPECT_NE(s.output.find("\"vertices\": 4"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\"missing\": 2"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\"malformed\": 0"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\"edges\": 5"), std::string::npos) << s.output;
  const CliRun info = run("info --json " + out);
  ASSERT_EQ(info.exit_code, 0) << info.output;
  EXPECT_NE(info.output.find("\"nrows\": 4"), std::string::npos) << info.output;
  // A weighted graph: a re-weight of an absent vertex is missing too.
  const std::string w = d.write("w.mtx",
                                "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1.5\n"
                                "2 3 2.5\n");
  const std::string ups3 = d.write("u3.txt", "= 1 4000000000 2\n= 1 2 7\n");
  const CliRun a = run("stream " + w + " --updates " + ups3 + " --json");
  ASSERT_EQ(a.exit_code, 0) << a.output;
  EXPECT_NE(a.output.find("\"vertices\": 3"), std::string::npos) << a.output;
  EXPECT_NE(a.output.find("\"missing\": 1"), std::string::npos) << a.output;
  EXPECT_NE(a.output.find("\"assigned\": 1"), std::string::npos) << a.output;
  // --no-grow keeps its rule: any vertex outside the graph is a malformed line.
  const CliRun ng = run("stream " + g + " --updates " + ups2 + " --no-grow --json");
  EXPECT_NE(ng.output.find("\"malformed\": 2"), std::string::npos) << ng.output;
}

TEST(CliHostile, StreamGrowthIsGuardedLikeALoader) {
  const TempDir d("grow");
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string ups = d.write("u.txt", "+ 1 3000000000\n+ 1 5\n? edges\n");
  const CliRun r = run("stream " + g + " --updates " + ups + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find(ups + ":1: vertex 3000000000 would grow the graph"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("(line skipped)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"vertices\": 5"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"malformed\": 1"), std::string::npos) << r.output;
  const CliRun strict = run("stream " + g + " --updates " + ups + " --strict");
  EXPECT_EQ(strict.exit_code, 1) << strict.output;
  EXPECT_NE(strict.output.find(ups + ":1:"), std::string::npos) << strict.output;
  // Ids near 2^64 do not wrap around, in 1-based and 0-based numbering.
  const std::string el = d.write("el.txt", "0 1\n1 2\n");
  const std::string huge = d.write("h.txt", "+ 1 18446744073709551615\n+ 18446744073709551614 1\n");
  for (const std::string& base : {g, el}) {
    const CliRun h = run("stream " + base + " --updates " + huge + " --json");
    ASSERT_EQ(h.exit_code, 0) << h.output;
    EXPECT_NE(h.output.find("\"malformed\": 2"), std::string::npos) << h.output;
    EXPECT_NE(h.output.find("\"applied\": 0"), std::string::npos) << h.output;
    EXPECT_NE(h.output.find("largest dimension"), std::string::npos) << h.output;
  }
  // Growth within what the content justifies is fine: ids up to 2^24 need no justification.
  const std::string near = d.write("n.txt", "+ 1 16000000\n? edges\n");
  const CliRun n = run("stream " + g + " --updates " + near + " --json --no-triangles");
  ASSERT_EQ(n.exit_code, 0) << n.output;
  EXPECT_NE(n.output.find("\"vertices\": 16000000"), std::string::npos) << n.output;
}

TEST(CliHostile, BinaryFilesKeepTheSymmetryOfWhatTheyHold) {
  const TempDir d("sym");
  const std::string ups = d.write("u.txt", "? triangles\n? edges\n");
  // generate: kron and urand are undirected unless --directed, grid always.
  for (const std::string& gen :
       {std::string("kron --scale 6 --edge-factor 4"), std::string("urand --n 50 --m 200"),
        std::string("grid --rows 4 --cols 5")}) {
    SCOPED_TRACE(gen);
    const std::string bin = d.file("gen.bin");
    ASSERT_EQ(run("generate " + gen + " --out " + bin).exit_code, 0);
    const CliRun s = run("stream " + bin + " --updates " + ups + " --json");
    ASSERT_EQ(s.exit_code, 0) << s.output;
    EXPECT_NE(s.output.find("\"directed\": false"), std::string::npos) << s.output;
    EXPECT_NE(s.output.find("\"triangles\": "), std::string::npos) << s.output;
    // The same count as tc on the generated file.
    const CliRun tc = run("tc " + bin + " --json");
    ASSERT_EQ(tc.exit_code, 0) << tc.output;
    EXPECT_NE(json_number(s.output, "triangles"), "");
    EXPECT_EQ(json_number(s.output, "triangles"), json_number(tc.output, "triangles"));
  }
  // convert: a symmetric .mtx stays undirected in .bin; --undirected makes it so.
  const std::string sym = d.write("sym.mtx",
                                  "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n2 1\n"
                                  "3 1\n3 2\n");
  const std::string bin = d.file("sym.bin");
  ASSERT_EQ(run("convert " + sym + " " + bin).exit_code, 0);
  const CliRun s = run("stream " + bin + " --updates " + ups + " --json");
  ASSERT_EQ(s.exit_code, 0) << s.output;
  EXPECT_NE(s.output.find("\"triangles\": 1"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\"edges\": 3"), std::string::npos) << s.output;
  const std::string el = d.write("el.txt", "0 1\n1 2\n2 0\n");
  const std::string bin2 = d.file("el.bin");
  ASSERT_EQ(run("convert " + el + " " + bin2 + " --undirected").exit_code, 0);
  const CliRun s2 = run("stream " + bin2 + " --updates " + ups + " --json");
  ASSERT_EQ(s2.exit_code, 0) << s2.output;
  EXPECT_NE(s2.output.find("\"triangles\": 1"), std::string::npos) << s2.output;
}

TEST(CliHostile, StreamOutKeepsTheFilesNumbering) {
  const TempDir d("numbering");
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string ups = d.write("u.txt", "+ 4 1\n");
  const std::string out = d.file("o.txt");
  ASSERT_EQ(run("stream " + g + " --updates " + ups + " --out " + out).exit_code, 0);
  // Read back: the same ids, 1-based, and the same BFS from vertex 1.
  const CliRun b = run("bfs " + out + " --source 1 --json");
  ASSERT_EQ(b.exit_code, 0) << b.output;
  EXPECT_NE(b.output.find("\"source\": 1, \"depth\": 3, \"reached\": 4"), std::string::npos)
      << b.output;
  const std::string c = d.file("c.txt");
  ASSERT_EQ(run("closure " + g + " --out " + c).exit_code, 0);
  const CliRun cc = run("closure " + c + " --count");
  EXPECT_EQ(cc.exit_code, 0) << cc.output;
  const CliRun info = run("info --json " + c);
  EXPECT_NE(info.output.find("\"nrows\": 4"), std::string::npos) << info.output;
}

// ---------------------------------------------------------------------------------------------
// Loading: --type refuses values it would mangle, valued .bin for pattern commands, out-of-memory
// messages.

TEST(CliHostile, MxvTypeRefusesValuesItWouldMangle) {
  const TempDir d("exact");
  const std::string head = "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 2\n";
  for (const std::string& bad : {std::string("2 2 1.5\n"), std::string("2 2 1e300\n"),
                                 std::string("2 2 18446744073709551614\n")}) {
    SCOPED_TRACE(bad);
    const std::string m = d.write("m.mtx", head + bad);
    const CliRun r = run("mxv " + m + " --type int64");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find(m + ":4"), std::string::npos) << r.output;
  }
  const std::string two = d.write("two.mtx", head + "2 2 2\n");
  const CliRun b = run("mxv " + two + " --type bool --semiring lor_land");
  EXPECT_EQ(b.exit_code, 1) << b.output;
  EXPECT_NE(b.output.find(two + ":"), std::string::npos) << b.output;
  const std::string whole = d.write("whole.mtx", head + "2 2 -7\n");
  const CliRun ok = run("mxv " + whole + " --type int64 --json");
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  EXPECT_NE(ok.output.find("\"sum\": -5"), std::string::npos) << ok.output;
}

TEST(CliHostile, PatternCommandsReadValuedBinaryFiles) {
  const TempDir d("valued");
  const std::string m = d.write("m.mtx",
                                "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 0.5\n"
                                "2 3 2\n3 1 -1\n");
  const std::string bin = d.file("m.bin");
  ASSERT_EQ(run("convert " + m + " " + bin).exit_code, 0);
  for (const std::string& c : {"tc " + bin + " -q", "bfs " + bin + " --source 1",
                               "closure " + bin + " --count", "closure " + bin + " --query 1,3"}) {
    SCOPED_TRACE(c);
    const CliRun r = run(c);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(r.output.find("variant"), std::string::npos) << r.output;
  }
  EXPECT_EQ(run("tc " + bin + " -q").output, "1\n");
  EXPECT_EQ(run("closure " + bin + " --count").output, "9\n");
}

TEST(CliHostile, GenerateChecksItsSizeBeforeAllocating) {
  const TempDir d("gen");
  for (const std::string& c :
       {std::string("kron --scale 31"), std::string("kron --scale 20 --edge-factor 1048576"),
        std::string("urand --n 1000 --m 4611686018427387904"),
        std::string("grid --rows 4294967294 --cols 4294967294")}) {
    SCOPED_TRACE(c);
    const CliRun r = run("generate " + c + " --out " + d.file("g.bin"));
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_EQ(count_lines(r.output), 1u) << r.output;
    EXPECT_EQ(r.output.find("out of memory"), std::string::npos) << r.output;
  }
  const CliRun k = run("generate kron --scale 31 --out " + d.file("g.bin"));
  EXPECT_NE(k.output.find("generate kron --scale 31 --edge-factor 16 would make"),
            std::string::npos)
      << k.output;
  EXPECT_NE(k.output.find("GB"), std::string::npos) << k.output;
  EXPECT_TRUE(d.entries().empty());
  // An output format is checked before generating.
  const CliRun ext = run("generate kron --scale 4 --out " + d.file("g.xyz"));
  EXPECT_EQ(ext.exit_code, 1) << ext.output;
  EXPECT_TRUE(d.entries().empty());
}

TEST(CliHostile, RunningOutOfMemoryNamesWhatWasBeingDone) {
  const TempDir d("oom");
  const std::string g = d.file("g.bin");
  ASSERT_EQ(run("generate kron --scale 17 --edge-factor 16 --out " + g).exit_code, 0);
  const std::string txt = d.file("g.txt");
  ASSERT_EQ(run("convert " + g + " " + txt).exit_code, 0);
  // Address-space limits from tight to generous, until a run succeeds: each run cannot start
  // (127), fails with exit code 1, or succeeds; a run that fails while loading the 23 MB file
  // says it ran out of memory and names the file and its size. None crashes.
  bool saw_oom = false, succeeded = false;
  for (int mb = 100; mb <= 2000 && !succeeded; mb += 10) {
    const std::string cmd = "sh -c 'ulimit -v " + std::to_string(mb * 1024) + "; exec " +
                            std::string(SPGRAPH_CLI) + " info " + txt + " --threads 1 -q' 2>&1";
    const CliRun r = run_shell(cmd);
    const std::string& out = r.output;
    SCOPED_TRACE(std::to_string(mb) + " MB: " + out);
    ASSERT_NE(r.exit_code, -1);  // the shell started and exited normally
    int code = r.exit_code;
    if (code != 0) {
      // Just above what mapping the shared libraries takes, the process can fail before main
      // runs: the C++ runtime's static initializers (CLI11's validators) or libgomp's own
      // start-up cannot allocate. The binary cannot start at this limit, as with 127; that is
      // so only if `--version`, which does no work, fails too. A failure --version does not
      // share is spgraph's own and must be a clean one.
      const CliRun v = run_shell("sh -c 'ulimit -v " + std::to_string(mb * 1024) + "; exec " +
                                 std::string(SPGRAPH_CLI) + " --version' 2>&1");
      if (v.exit_code != 0) code = 127;
    }
    EXPECT_TRUE(code == 0 || code == 1 || code == 127);
    succeeded = code == 0;
    if (code == 1) {
      EXPECT_EQ(count_lines(out), 1u);
      EXPECT_NE(out.find(txt), std::string::npos);
    }
    if (code == 1 && out.find("out of memory") != std::string::npos) {
      saw_oom = true;
      EXPECT_NE(out.find("ran out of memory while loading " + txt + " (22.9 MB on disk)"),
                std::string::npos);
    }
  }
  EXPECT_TRUE(succeeded);
  EXPECT_TRUE(saw_oom);
}

// ---------------------------------------------------------------------------------------------
// Control bytes in messages.

TEST(CliHostile, ErrorLinesEscapeControlBytes) {
  const TempDir d("esc");
  const std::string missing = (d.path() / "no\x1b[31mfile\x07.txt").string();
  const CliRun r = run("info '" + missing + "'");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find('\x07'), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("no\\x1b[31mfile\\x07.txt"), std::string::npos) << r.output;
  const std::string bad = d.write("bad.txt", std::string("1 2\n3 \x1b[2J\x01\n", 12));
  const CliRun b = run("info " + bad);
  EXPECT_EQ(b.exit_code, 1) << b.output;
  EXPECT_EQ(b.output.find('\x1b'), std::string::npos) << b.output;
  EXPECT_EQ(b.output.find('\x01'), std::string::npos) << b.output;
  // stream's skipped lines use the same notation.
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string ups = d.write("u.txt", std::string("+ 1 \x1b[2J\n+ 1\x7f 2\n", 16));
  const CliRun s = run("stream " + g + " --updates " + ups);
  EXPECT_EQ(s.exit_code, 0) << s.output;
  EXPECT_EQ(s.output.find('\x1b'), std::string::npos) << s.output;
  EXPECT_EQ(s.output.find('\x7f'), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\\x1b[2J"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\\x7f"), std::string::npos) << s.output;
}

// ---------------------------------------------------------------------------------------------
// Signals: a stopped stream writes a complete --out or none.

TEST(CliHostile, StreamStopsGracefullyOnSigtermAndSigint) {
  for (const int sig : {SIGTERM, SIGINT}) {
    SCOPED_TRACE(sig);
    const TempDir d("graceful");
    const std::string g = d.write("g.mtx", kSimpleMtx);
    const std::string out = d.file("o.txt");
    const std::string err = d.file("err.txt");
    Child c = spawn_spgraph({"stream", g, "--updates", "-", "--out", out}, "", err, true, true);
    ASSERT_GT(c.pid, 0);
    // Two updates and a query, then a partial line: the answer shows they were applied; the
    // process is then blocked reading the rest.
    const std::string lines = "+ 4 1\n- 3 4\n? edges\n+ 2 ";
    ASSERT_EQ(write(c.stdin_fd, lines.data(), lines.size()), ssize_t(lines.size()));
    const std::string answer = read_until(c, "edges 4");
    EXPECT_NE(answer.find("edges 4 version=1"), std::string::npos) << answer;
    kill(c.pid, sig);
    const int status = wait_child(c);
    ASSERT_TRUE(WIFEXITED(status)) << status;
    EXPECT_EQ(WEXITSTATUS(status), 128 + sig);
    const std::string e = read_file(err);
    EXPECT_NE(e.find(std::string("stream stopped by ") + (sig == SIGTERM ? "SIGTERM" : "SIGINT") +
                     " after 3 lines"),
              std::string::npos)
        << e;
    EXPECT_NE(e.find("written to " + out), std::string::npos) << e;
    EXPECT_NE(e.find("applied 2 updates"), std::string::npos) << e;
    // The final graph: 1->2, 2->3, 3->1, 4->1 (3->4 erased; the cut line never applied).
    const CliRun info = run("info --json " + out);
    ASSERT_EQ(info.exit_code, 0) << info.output;
    EXPECT_NE(info.output.find("\"entries\": 4"), std::string::npos) << info.output;
    const CliRun b = run("bfs " + out + " --source 4 --json");
    EXPECT_NE(b.output.find("\"reached\": 4"), std::string::npos) << b.output;
    EXPECT_EQ(d.entries(), (std::vector<std::string>{"err.txt", "g.mtx", "o.txt"}));
  }
}

TEST(CliHostile, StreamJsonSaysWhetherItWasStopped) {
  const TempDir d("json_stop");
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string ups = d.write("u.txt", "+ 1 4\n# a comment\n");
  const CliRun r = run("stream " + g + " --updates " + ups + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"lines\": 2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"stopped_by\": null"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"out_written\": false"), std::string::npos) << r.output;
}

TEST(CliHostile, SighupEndsStreamAndOtherSignalsEndEveryCommandByTheSignal) {
  const TempDir d("hup");
  const std::string g = d.write("g.mtx", kSimpleMtx);
  const std::string out = d.file("o.txt");
  Child c = spawn_spgraph({"stream", g, "--updates", "-", "--out", out}, "", "", true, true);
  ASSERT_GT(c.pid, 0);
  const std::string lines = "? edges\n";
  ASSERT_EQ(write(c.stdin_fd, lines.data(), lines.size()), ssize_t(lines.size()));
  read_until(c, "edges 4");
  kill(c.pid, SIGHUP);
  const int status = wait_child(c);
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  EXPECT_EQ(WTERMSIG(status), SIGHUP);
  EXPECT_EQ(d.entries(), (std::vector<std::string>{"g.mtx"}));
}

// ---------------------------------------------------------------------------------------------
// Every parallel loader, 1/2/3/8 threads, off and on a terminal: the chunk plan must not depend on
// whether progress is shown.

struct RingFiles {
  std::string metis, mtx, edges;
  static constexpr unsigned n = 300000;
};

RingFiles write_rings(const TempDir& d) {
  RingFiles r;
  std::string metis = std::to_string(RingFiles::n) + " " + std::to_string(RingFiles::n) + "\n";
  std::string mtx = "%%MatrixMarket matrix coordinate pattern general\n" +
                    std::to_string(RingFiles::n) + " " + std::to_string(RingFiles::n) + " " +
                    std::to_string(RingFiles::n) + "\n";
  std::string edges;
  for (unsigned v = 1; v <= RingFiles::n; ++v) {
    // METIS: vertex v's neighbours are v-1 and v+1 around the ring (1-based).
    const unsigned prev = (v + RingFiles::n - 2) % RingFiles::n + 1;
    const unsigned next = v % RingFiles::n + 1;
    metis += std::to_string(prev) + " " + std::to_string(next) + "\n";
    mtx += std::to_string(v) + " " + std::to_string(next) + "\n";
    edges += std::to_string(v) + "\t" + std::to_string(next) + "\n";
  }
  EXPECT_GT(metis.size(), std::size_t(1) << 20);
  EXPECT_GT(mtx.size(), std::size_t(1) << 20);
  EXPECT_GT(edges.size(), std::size_t(1) << 20);
  r.metis = d.write("ring.graph", metis);
  r.mtx = d.write("ring.mtx", mtx);
  r.edges = d.write("ring.txt", edges);
  return r;
}

TEST(CliHostile, ParallelLoadersGiveTheSameGraphOnAndOffATerminal) {
  const TempDir d("ring");
  const RingFiles r = write_rings(d);
  const bool have_script = std::system("command -v script > /dev/null 2>&1") == 0;
  const std::string shape = "shape:          300000 x 300000";
  for (const auto& [file, entries] :
       {std::pair{r.metis, 600000}, std::pair{r.mtx, 300000}, std::pair{r.edges, 300000}}) {
    for (int threads : {1, 2, 3, 8}) {
      const std::string args = "info " + file + " --threads " + std::to_string(threads);
      SCOPED_TRACE(args);
      const CliRun off = run(args + " < /dev/null");
      ASSERT_EQ(off.exit_code, 0) << off.output;
      EXPECT_NE(off.output.find(shape), std::string::npos) << off.output;
      EXPECT_NE(off.output.find("entries:        " + std::to_string(entries) + " stored"),
                std::string::npos)
          << off.output;
      if (!have_script) continue;
      // On a terminal: stderr is a TTY, so progress is set up (the case that crashed).
      const std::string cmd = "script -qec \"" + std::string(SPGRAPH_CLI) + " " + args +
                              "\" /dev/null < /dev/null 2>&1";
      const CliRun r = run_shell(cmd);
      const std::string& out = r.output;
      ASSERT_NE(r.exit_code, -1) << out;  // the shell started and exited normally
      EXPECT_EQ(r.exit_code, 0) << out;
      EXPECT_NE(out.find(shape), std::string::npos) << out;
      EXPECT_NE(out.find("entries:        " + std::to_string(entries) + " stored"),
                std::string::npos)
          << out;
    }
  }
  if (!have_script)
    GTEST_SKIP() << "util-linux 'script' is missing: the terminal runs were skipped";
}

}  // namespace
