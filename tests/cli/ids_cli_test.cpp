// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of vertex names in the CLI, so that names survive every command and output:
// string ids with --remap-ids, CSV with a header and columns by name, the edge type filter, names
// in text, JSON and result files (.csv results are CSV), names through convert (.csv, .bin) and the
// update stream, the phantom vertex warning, and refused vertex flags. Oracles: BFS levels worked
// out here by brute force on the same small graphs, and line counts of the Gene Ontology file
// (skipped when absent).
#include <gtest/gtest.h>

#include <deque>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

using spgraph::testing::run;
using spgraph::testing::temp_file;

/// Levels from `source` over `arcs`, by a plain queue (the oracle).
std::map<std::string, int> bfs_levels(const std::vector<std::pair<std::string, std::string>>& arcs,
                                      const std::string& source) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& [u, v] : arcs) out[u].push_back(v);
  std::map<std::string, int> level{{source, 0}};
  std::deque<std::string> q{source};
  while (!q.empty()) {
    const std::string u = q.front();
    q.pop_front();
    for (const std::string& v : out[u])
      if (level.emplace(v, level[u] + 1).second) q.push_back(v);
  }
  return level;
}

/// "name level" rows of a TSV levels file, or of a CSV one when `csv`.
std::map<std::string, int> read_levels(const std::string& path, bool csv) {
  std::ifstream in(path);
  std::string line;
  std::map<std::string, int> got;
  bool header = true;
  while (std::getline(in, line)) {
    if (header || line.empty() || line[0] == '#') {
      header = false;
      if (line.empty() || line[0] == '#' || csv) continue;
    }
    const char sep = csv ? ',' : '\t';
    std::string name;
    std::size_t k = 0;
    if (csv && line[0] == '"') {  // a quoted name: "" stands for one quote
      for (k = 1; k < line.size(); ++k) {
        if (line[k] == '"' && (k + 1 == line.size() || line[k + 1] != '"')) break;
        name += line[k];
        if (line[k] == '"') ++k;
      }
      ++k;
    } else {
      k = line.find(sep);
      name = line.substr(0, k);
    }
    const std::size_t end = line.find(sep, k + 1);
    const int level = std::stoi(line.substr(k + 1, end - k - 1));
    if (level >= 0) got[name] = level;
  }
  return got;
}

const std::vector<std::pair<std::string, std::string>> kArcs = {
    {"GO:1", "GO:2"},       {"GO:2", "GO:3"}, {"GO:1", "Smith, Ann"},
    {"Smith, Ann", "GO:4"}, {"GO:4", "GO:1"}, {"GO:5", "GO:6"}};

std::string csv_file() {
  std::string text = "weight,from,to\n";
  for (const auto& [u, v] : kArcs) {
    auto quoted = [](const std::string& s) {
      return s.find(',') == std::string::npos ? s : "\"" + s + "\"";
    };
    text += "1," + quoted(u) + "," + quoted(v) + "\n";
  }
  return text;
}

TEST(IdsCli, BfsFromAStringIdPrintsNames) {
  const auto f = temp_file("names.csv", csv_file());
  const auto out = temp_file("levels.csv");
  const auto r = run(f.string() + " --remap-ids --src from --dst to --weight weight");
  EXPECT_EQ(r.exit_code, 2) << r.output;  // no subcommand
  const auto b = run("bfs " + f.string() + " --remap-ids --src from --dst to --source GO:1 --out " +
                     out.string());
  ASSERT_EQ(b.exit_code, 0) << b.output;
  EXPECT_NE(b.output.find("GO:1"), std::string::npos) << b.output;
  EXPECT_EQ(read_levels(out.string(), true), bfs_levels(kArcs, "GO:1"));
  const auto j = run("bfs " + f.string() + " --remap-ids --src from --dst to --source GO:1 --json");
  ASSERT_EQ(j.exit_code, 0) << j.output;
  EXPECT_NE(j.output.find("\"source\": \"GO:1\""), std::string::npos) << j.output;
  EXPECT_NE(j.output.find("\"reached\": 5"), std::string::npos) << j.output;
  // A name the file lacks, and a negative number, are refused.
  EXPECT_EQ(run("bfs " + f.string() + " --remap-ids --src from --dst to --source GO:9").exit_code,
            1);
  EXPECT_EQ(run("bfs " + f.string() + " --remap-ids --source -1").exit_code, 2);
  std::filesystem::remove(f);
  std::filesystem::remove(out);
}

TEST(IdsCli, NamesSurviveConvertToCsvAndBinary) {
  const auto f = temp_file("conv.csv", csv_file());
  for (const std::string ext : {".csv", ".bin", ".tsv"}) {
    const auto c = temp_file("conv_out" + ext);
    const auto levels = temp_file("conv_levels.tsv");
    std::filesystem::remove(c);
    ASSERT_EQ(run("convert " + f.string() + " " + c.string() + " --remap-ids --src from --dst to")
                  .exit_code,
              0)
        << ext;
    const auto b = run("bfs " + c.string() + " --source GO:1 --out " + levels.string());
    ASSERT_EQ(b.exit_code, 0) << ext << b.output;
    EXPECT_EQ(read_levels(levels.string(), false), bfs_levels(kArcs, "GO:1")) << ext;
    std::filesystem::remove(c);
    std::filesystem::remove(levels);
  }
  std::filesystem::remove(f);
}

TEST(IdsCli, EdgeTypeFilter) {
  const auto f = temp_file("typed.tsv", "a\tb\t1\tis_a\nb\tc\t1\tpart_of\nc\ta\t1\tis_a\n");
  const auto all = run("info " + f.string() + " --remap-ids --json");
  ASSERT_EQ(all.exit_code, 0) << all.output;
  EXPECT_NE(all.output.find("\"entries\": 3"), std::string::npos) << all.output;
  const auto is_a = run("info " + f.string() + " --remap-ids --edge-type is_a --json");
  ASSERT_EQ(is_a.exit_code, 0) << is_a.output;
  EXPECT_NE(is_a.output.find("\"entries\": 2"), std::string::npos) << is_a.output;
  const auto none = run("info " + f.string() + " --remap-ids --edge-type has_part");
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.output.find("is_a, part_of"), std::string::npos) << none.output;
  std::filesystem::remove(f);
}

TEST(IdsCli, GeneOntologyLoadsWithRemapAndFiltersIsA) {
  SPGRAPH_REQUIRE_SHARED(go, "gene_ontology/goGraph.txt");
  std::ifstream in(go);
  std::string line;
  std::set<std::pair<std::string, std::string>> is_a;
  std::set<std::string> names;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string a, b, w, t;
    f >> a >> b >> w >> t;
    names.insert(a);
    names.insert(b);
    if (t == "is_a") is_a.emplace(a, b);
  }
  const auto plain = run("info " + go.string());
  EXPECT_EQ(plain.exit_code, 1);
  EXPECT_NE(plain.output.find("--remap-ids"), std::string::npos) << plain.output;
  const auto r = run("info " + go.string() + " --remap-ids --edge-type is_a --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"entries\": " + std::to_string(is_a.size())), std::string::npos)
      << r.output;
}

TEST(IdsCli, StreamTakesNamedUpdates) {
  const auto f = temp_file("stream.tsv", "x\ty\ny\tz\n");
  const auto u = temp_file("stream_updates.txt", "+ z w\n? bfs x\n- x y\n? bfs x\n");
  const auto r = run("stream " + f.string() + " --remap-ids --updates " + u.string() + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"source\": \"x\""), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"reached\": 4"), std::string::npos) << r.output;  // x y z w
  EXPECT_NE(r.output.find("\"reached\": 1"), std::string::npos) << r.output;  // after - x y
  std::filesystem::remove(f);
  std::filesystem::remove(u);
}

TEST(IdsCli, PhantomVerticesWarn) {
  const auto f = temp_file("sparse.txt", "0 100\n100 200\n");
  const auto r = run("info " + f.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("198 of 201 vertices"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--remap-ids"), std::string::npos) << r.output;
  const auto q = run("info " + f.string() + " --quiet");
  EXPECT_EQ(q.output.find("warning"), std::string::npos) << q.output;
  const auto m = run("info " + f.string() + " --remap-ids");
  EXPECT_EQ(m.output.find("warning"), std::string::npos) << m.output;
  const auto wiki = spgraph::testing::bundled_data("wiki-Vote.txt");
  if (std::filesystem::exists(wiki)) {
    const auto w = run("info " + wiki.string());
    EXPECT_NE(w.output.find("1182 of 8297 vertices"), std::string::npos) << w.output;
  }
  std::filesystem::remove(f);
}

TEST(IdsCli, MetisWithACommentFirstIsDetected) {
  std::ifstream in(spgraph::testing::test_data("lesmis.graph"), std::ios::binary);
  const std::string metis((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto f = temp_file("lesmis_commented.txt", "% Les Miserables\n" + metis);
  const auto r = run("info " + f.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("metis"), std::string::npos) << r.output;
  std::filesystem::remove(f);
}

TEST(IdsCli, InfoWritesTheDegreeDistribution) {
  // out-degrees 3,1,0,0 and in-degrees 0,1,2,1, counted by hand.
  const auto f = temp_file("degrees_graph.txt", "0 1\n0 2\n0 3\n1 2\n");
  const auto out = temp_file("degrees.tsv");
  std::filesystem::remove(out);
  const auto r = run("info " + f.string() + " --degrees " + out.string() + " -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "# degree out_vertices in_vertices\n0\t2\t1\n1\t1\t2\n2\t0\t1\n3\t1\t0\n");
  std::filesystem::remove(f);
  std::filesystem::remove(out);
}

}  // namespace
