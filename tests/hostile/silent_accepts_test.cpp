// SPDX-License-Identifier: Apache-2.0
// Label "hostile": inputs once accepted in silence or answered with an unclear message, what the
// corpus of HOSTILE.tsv cannot say with one file run through every subcommand (a flag, an update
// stream, a feature file, a store, a name). Each test runs the real binary and checks its answer:
// exit code, the message and its line, the output left behind (or not), the numbers printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::bundled_data;
using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::run_shell;
using spgraph::testing::shell_quote;
using spgraph::testing::TempDir;

/// `ascii` as UTF-16 with its byte order mark (little- or big-endian).
std::string utf16(const std::string& ascii, bool big_endian) {
  std::string out = big_endian ? "\xfe\xff" : "\xff\xfe";
  for (const char c : ascii) {
    out += big_endian ? '\0' : c;
    out += big_endian ? c : '\0';
  }
  return out;
}

bool has(const CliRun& r, const std::string& fragment) {
  return r.output.find(fragment) != std::string::npos;
}

TEST(SilentAccepts, FeatureTripletsFollowTheHeaderRule) {
  const TempDir d("features");
  // "1 2 1O" on line 1 is data with a malformed value, not a header.
  const CliRun bad =
      run("knn --features " + shell_quote(d.write("x.txt", "0 0 1O\n0 1 1\n1 0 1\n1 1 1\n")));
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_TRUE(has(bad, "x.txt:1: weight '1O' is not a number")) << bad.output;
  // A real header still names the columns.
  const CliRun good =
      run("knn --features " +
          shell_quote(d.write("h.csv", "row,col,value\n0,0,1\n0,1,1\n1,0,1\n1,1,1\n")) +
          " --k 1 --json");
  EXPECT_EQ(good.exit_code, 0) << good.output;
  EXPECT_TRUE(has(good, "\"answer_count\": 2")) << good.output;
  EXPECT_TRUE(has(good, "\"score\": 0.99999999")) << good.output;  // cosine 1, rounded
}

TEST(SilentAccepts, CosineOfHugeAndTinyRowsHasItsAnswers) {
  const TempDir d("cosine");
  // Rows 0 and 1 are [1e200, 1e200]; rows 2 and 3 [5e-324, 5e-324]: each pair has cosine 1.
  const std::string x =
      shell_quote(d.write("x.txt",
                          "0 0 1e200\n0 1 1e200\n1 0 1e200\n1 1 1e200\n2 0 5e-324\n2 1 5e-324\n"
                          "3 0 5e-324\n3 1 5e-324\n"));
  const CliRun r = run("knn --features " + x + " --k 1 --measure cosine --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Every row has an answer, of cosine 1 (to rounding); before, none had any.
  EXPECT_TRUE(has(r, "\"answer_count\": 4")) << r.output;
  std::size_t ones = 0;
  for (std::size_t at = 0; (at = r.output.find("\"score\": 0.99999999", at)) != std::string::npos;
       ++at)
    ++ones;
  EXPECT_EQ(ones, 4u) << r.output;
}

TEST(SilentAccepts, MetisRefusesWeightsItCannotHold) {
  const TempDir d("metis");
  for (const char* w : {"inf", "-inf", "1e19", "-2", "2.5"}) {
    SCOPED_TRACE(w);
    const std::string in = shell_quote(d.write("in.txt", std::string("1 2 ") + w + "\n2 3 1\n"));
    const CliRun r =
        run("convert " + in + " " + shell_quote(d.file("out.graph")) + " --undirected");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_TRUE(has(r, "METIS edge weights are integers")) << r.output;
    EXPECT_EQ(d.entries(), std::vector<std::string>{"in.txt"}) << "no output file is left";
  }
  const std::string in = shell_quote(d.write("in.txt", "1 2 7\n2 3 1\n"));
  const CliRun ok =
      run("convert " + in + " " + shell_quote(d.file("out.graph")) + " --undirected -q");
  ASSERT_EQ(ok.exit_code, 0) << ok.output;
  std::ifstream f(d.path() / "out.graph");
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("2 7\n"), std::string::npos) << text;  // vertex 1: neighbour 2, weight 7
}

TEST(SilentAccepts, WideEncodingsAreRefusedByName) {
  const TempDir d("bom");
  const std::string upd = shell_quote(d.write("u.upd", utf16("+ 1 2\n", false)));
  const std::string g = shell_quote(d.write("g.txt", "1 2\n2 3\n"));
  for (const char* strict : {"", " --strict"}) {
    const CliRun r = run("stream " + g + " --updates " + upd + strict);
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_TRUE(has(r, "u.upd:1: the file is UTF-16LE text")) << r.output;
  }
  const CliRun f = run("knn --features " + shell_quote(d.write("f.txt", utf16("0 0 1\n", true))));
  EXPECT_EQ(f.exit_code, 1) << f.output;
  EXPECT_TRUE(has(f, "f.txt:1: the file is UTF-16BE text")) << f.output;
}

TEST(SilentAccepts, DuplicateHeaderNamesAreRefused) {
  const TempDir d("dupheader");
  const CliRun r =
      run("tc " + shell_quote(d.write("g.csv", "a,b,a\n1,2,x\n2,3,y\n")) + " --src a --dst b");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(has(r, "g.csv:1: the header names two columns 'a' (columns 1 and 3)")) << r.output;
}

TEST(SilentAccepts, ATypedLineWithoutItsTypeIsRefused) {
  const TempDir d("typed");
  const std::string g = shell_quote(d.write("g.txt", "1 2 5 friend\n2 3 7\n3 1 5 friend\n"));
  const CliRun r = run("tc " + g + " --edge-type friend");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(has(r, "g.txt:2: this line has 3 fields but the lines before it have 4")) << r.output;
  const CliRun ok =
      run("tc " + shell_quote(d.write("ok.txt", "1 2 5 friend\n2 3 7 friend\n3 1 5 friend\n")) +
          " --edge-type friend -q");
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  EXPECT_EQ(ok.output, "1\n");
}

TEST(SilentAccepts, DuplicateArcsAreNoted) {
  const TempDir d("dups");
  const std::string g = shell_quote(d.write("g.txt", "1 2 5\n1 2 7\n2 3 1\n"));
  const CliRun r = run("sssp " + g + " --source 1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(has(r, "1 repeated arc was merged, each keeping the weight of its first line"))
      << r.output;
  EXPECT_TRUE(has(r, "largest finite distance 6")) << r.output;  // 5 + 1: the first weight
  for (const char* quiet : {" -q", " --json"}) {
    const CliRun q = run("sssp " + g + " --source 1" + quiet);
    EXPECT_EQ(q.exit_code, 0) << q.output;
    EXPECT_FALSE(has(q, "repeated arcs")) << q.output;
  }
}

TEST(SilentAccepts, EmptyValuesAndNumberDelimitersAreUsageErrors) {
  const TempDir d("empty");
  const std::string g = shell_quote(d.write("g.txt", "1 2\n2 3\n3 1\n"));
  for (const std::string& args :
       {"bfs " + g + " --source 1 --out ''", "tc " + g + " --delimiter ''", "tc " + g + " --src ''",
        "pagerank " + g + " --out ''", "tc " + g + " --delimiter 1", "tc " + g + " --delimiter -",
        "tc " + g + " --delimiter .", "tc " + g + " --delimiter e",
        "pagerank " + g + " --damping 1"}) {
    SCOPED_TRACE(args);
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  }
  EXPECT_TRUE(has(run("tc " + g + " --src ''"), "--src needs a value, got an empty one"));
  EXPECT_TRUE(has(run("pagerank " + g + " --damping 1"), "--damping must be below 1"));
  EXPECT_EQ(d.entries(), std::vector<std::string>{"g.txt"});
  const CliRun ok = run("tc " + g + " --delimiter space -q");
  EXPECT_EQ(ok.output, "1\n");
}

TEST(SilentAccepts, StringIdsCanBeNamedInEveryListFlag) {
  const TempDir d("names");
  const std::string g = shell_quote(
      d.write("g.csv", "src,dst\n\"Smith, Ann\",Bob\nBob,Carl\nCarl,Dee\n\"Smith, Ann\",Dee\n"));
  const CliRun q = run("closure " + g + " --remap-ids --query '\"Smith, Ann\",Carl' --query " +
                       "'Carl,\"Smith, Ann\"'");
  ASSERT_EQ(q.exit_code, 0) << q.output;
  EXPECT_TRUE(has(q, "Smith, Ann -> Carl: reachable")) << q.output;
  EXPECT_TRUE(has(q, "Carl -> Smith, Ann: not reachable")) << q.output;
  // Out-neighbours: "Smith, Ann" {Bob, Dee}, Carl {Dee}: Jaccard 1/2.
  const CliRun k = run("knn " + g + " --remap-ids --vertex '\"Smith, Ann\"' --json");
  ASSERT_EQ(k.exit_code, 0) << k.output;
  EXPECT_TRUE(has(k, "\"Carl\"")) << k.output;
  EXPECT_TRUE(has(k, "\"score\": 0.5")) << k.output;
  const CliRun two = run("knn " + g + " --remap-ids --vertex '\"Smith, Ann\",Carl' --json");
  ASSERT_EQ(two.exit_code, 0) << two.output;
  EXPECT_TRUE(has(two, "\"Smith, Ann\"")) << two.output;
  const CliRun p = run("pagerank " + g + " --remap-ids --personalize '\"Smith, Ann\"' --json");
  ASSERT_EQ(p.exit_code, 0) << p.output;
  EXPECT_TRUE(has(p, "\"personalized\": 1")) << p.output;
  const CliRun bad = run("pagerank " + g + " --remap-ids --personalize Nobody");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_TRUE(has(bad, "--personalize: vertex Nobody is not in ")) << bad.output;
  EXPECT_EQ(run("knn " + g + " --remap-ids --vertex '\"Smith, Ann'").exit_code, 2);
}

TEST(SilentAccepts, AFailedCheckpointIsReported) {
  const TempDir d("store");
  const std::string store = shell_quote(d.file("s"));
  const std::string base = bundled_data("email-Eu-core.csv").string();
  const std::string upd = shell_quote(d.write("u.upd", "+ 1 2\n+ 2 3\n+ 3 4\n"));
  const std::string empty = shell_quote(d.write("e.upd", "# nothing\n"));
  ASSERT_EQ(run("stream " + base + " --store " + store + " --updates " + empty + " -q").exit_code,
            0);
  // A file size limit far below a checkpoint of the graph (its log records are tiny): every
  // checkpoint fails with EFBIG, the batches are still logged.
  const CliRun r =
      run_shell("trap '' XFSZ; ulimit -f 32; " + std::string(SPGRAPH_CLI) + " stream --store " +
                store + " --updates " + upd + " --batch 1 --checkpoint-every 2 --json 2>&1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(has(r, "a checkpoint failed")) << r.output;
  // Each attempt counts: after batch 2, again after batch 3 (the store retries while a
  // checkpoint is due), and the final one.
  EXPECT_TRUE(has(r, "\"checkpoint_failures\": 3")) << r.output;
  EXPECT_TRUE(has(r, "write failed: File too large")) << r.output;
  EXPECT_TRUE(has(r, "\"version\": 3")) << r.output;
  // Every batch survived in the log.
  const CliRun again = run("stream --store " + store + " --updates " + empty + " --json");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_TRUE(has(again, "\"version\": 3")) << again.output;
  EXPECT_TRUE(has(again, "\"checkpoint_failures\": 0")) << again.output;
}

TEST(SilentAccepts, LongOutputNamesWorkOrFailBeforeTheWork) {
  const TempDir d("longname");
  const std::string g = shell_quote(d.write("g.txt", "1 2\n2 3\n3 1\n"));
  const std::string name250 = std::string(246, 'n') + ".mtx";
  const CliRun ok = run("bfs " + g + " --source 1 --out " + shell_quote(d.file(name250)) + " -q");
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  EXPECT_TRUE(fs::is_regular_file(d.path() / name250));
  const std::string name256 = std::string(252, 'n') + ".mtx";
  const CliRun no = run("bfs " + g + " --source 1 --out " + shell_quote(d.file(name256)));
  EXPECT_EQ(no.exit_code, 1) << no.output;
  EXPECT_TRUE(has(no, "its file name is 256 bytes, and file names hold at most 255")) << no.output;
}

TEST(SilentAccepts, NamesAreEscapedInEveryMessage) {
  const TempDir d("escape");
  const std::string name = "g\x1b[31m\xff\xc2\x9b.txt";
  const std::string g = shell_quote(d.write(name, "1 2\n2 3\n"));
  const CliRun info = run("info " + g);
  ASSERT_EQ(info.exit_code, 0) << info.output;
  EXPECT_TRUE(has(info, "g\\x1b[31m\\xff\\xc2\\x9b.txt")) << info.output;
  const CliRun bad = run("info " + shell_quote(d.write("x\xfe.txt", "1 2 1O\n")));
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_TRUE(has(bad, "x\\xfe.txt:1:")) << bad.output;
  for (const CliRun* r : {&info, &bad})
    for (const char* raw : {"\x1b", "\xff", "\xfe", "\x9b"})
      EXPECT_EQ(r->output.find(raw), std::string::npos) << r->output;
}

#ifdef SPGRAPH_HAVE_GRAPHBLAS
TEST(SilentAccepts, CompareClosureChecksMemoryBeforeAnyEngineRuns) {
  const TempDir d("closure");
  // A 3,000-vertex path: 4.5 million closure pairs, about 140 MB for the job's engines.
  std::string path;
  for (int v = 1; v < 3000; ++v) path += std::to_string(v) + " " + std::to_string(v + 1) + "\n";
  const std::string g = shell_quote(d.write("path.txt", path));
  const CliRun r = run("compare closure " + g + " --max-memory 0.05 --runs 1");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(has(r, "compare closure")) << r.output;
  // spgraph closure alone, counting, fits the same limit.
  const CliRun alone = run("closure " + g + " --count --max-memory 0.05");
  EXPECT_EQ(alone.exit_code, 0) << alone.output;
  EXPECT_EQ(alone.output, "4498500\n");
}
#endif

}  // namespace
