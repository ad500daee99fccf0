// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph communities` and of `compare louvain|leiden`: the --out file of a
// ring of cliques written with string names (each clique one community, named as the file names
// its vertices), the modularity printed against one computed here from the --out file by
// Newman's formula, the same file for the same seed whatever the thread count, the bundled
// email-Eu-core graph (directed, with self-loops) through both methods and both objectives,
// `--method cdlp` against the `cdlp` command's partition, the JSON keys, and the error paths (bad
// flags, a negative weight named in the file's numbering).
// The compare jobs must print "verified" (skipped without GraphBLAS and igraph).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::bundled_data;
using spgraph::testing::CliRun;
using spgraph::testing::read_file;
using spgraph::testing::run;
using spgraph::testing::temp_file;

const std::string email = bundled_data("email-Eu-core.csv").string();

double json_number(const std::string& json, const std::string& key) {
  const std::string k = "\"" + key + "\": ";
  const auto at = json.find(k);
  if (at == std::string::npos) return std::nan("");
  return std::stod(json.substr(at + k.size()));
}

/// The name of vertex i of clique c: c<c>v<i>.
std::string clique_vertex(int c, int i) {
  std::string n(1, 'c');  // appends: GCC 12 misreports "c" + string (-Wrestrict)
  n.append(std::to_string(c)).append(1, 'v').append(std::to_string(i));
  return n;
}

/// `k` cliques of `s` vertices (clique_vertex names), joined in a ring by one edge each: a
/// tab-separated edge list, each edge once.
std::string ring_of_cliques(int k, int s) {
  std::ostringstream out;
  const auto name = clique_vertex;
  for (int c = 0; c < k; ++c) {
    for (int i = 0; i < s; ++i)
      for (int j = i + 1; j < s; ++j) out << name(c, i) << '\t' << name(c, j) << '\n';
    out << name(c, 0) << '\t' << name((c + 1) % k, 1) << '\n';
  }
  return out.str();
}

/// The "vertex community" lines of an --out file (TSV, "# vertex community" first).
std::map<std::string, long> read_communities(const fs::path& path) {
  std::map<std::string, long> m;
  std::istringstream in(read_file(path));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string v;
    long c = -1;
    f >> v >> c;
    m[v] = c;
  }
  return m;
}

/// Newman's modularity of `community` on an undirected edge list of names (each edge once,
/// unit weights), written here from the definition: Σ_c [L_c/m − (d_c/2m)²].
double modularity_of(const std::string& edges, const std::map<std::string, long>& community) {
  std::istringstream in(edges);
  std::string u, v;
  double m = 0;
  std::map<long, double> inside, degree;
  while (in >> u >> v) {
    m += 1;
    degree[community.at(u)] += 1;
    degree[community.at(v)] += 1;
    if (community.at(u) == community.at(v)) inside[community.at(u)] += 1;
  }
  double q = 0;
  for (const auto& [c, d] : degree) q += inside[c] / m - (d / (2 * m)) * (d / (2 * m));
  return q;
}

TEST(LouvainLeidenCli, RingOfCliquesEachCliqueOneCommunityNamedAsTheFile) {
  const std::string edges = ring_of_cliques(12, 5);
  const fs::path file = temp_file("ring.tsv", edges);
  for (const char* method : {"louvain", "leiden"}) {
    const fs::path out = temp_file(std::string("ring_") + method + ".tsv");
    const CliRun r = run("communities " + file.string() + " --remap-ids --method " + method +
                         " --json --out " + out.string());
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(json_number(r.output, "communities"), 12) << r.output;
    EXPECT_EQ(json_number(r.output, "largest"), 5) << r.output;
    const auto community = read_communities(out);
    ASSERT_EQ(community.size(), 60u);
    std::set<long> seen;
    for (int c = 0; c < 12; ++c) {
      const long label = community.at(clique_vertex(c, 0));
      for (int i = 1; i < 5; ++i) EXPECT_EQ(community.at(clique_vertex(c, i)), label);
      EXPECT_TRUE(seen.insert(label).second) << "two cliques share community " << label;
    }
    EXPECT_NEAR(json_number(r.output, "modularity"), modularity_of(edges, community), 1e-12);
    EXPECT_EQ(read_file(out).rfind("# vertex community\n", 0), 0u) << read_file(out);
  }
}

TEST(LouvainLeidenCli, SameSeedSameFileWhateverTheThreads) {
  for (const char* method : {"louvain", "leiden"}) {
    std::string first;
    for (const char* threads : {"1", "2"}) {
      const fs::path out = temp_file(std::string("email_") + method + threads + ".tsv");
      const CliRun r = run("communities " + email + " --method " + method + " --seed 7 --threads " +
                           threads + " --out " + out.string());
      ASSERT_EQ(r.exit_code, 0) << r.output;
      if (first.empty())
        first = read_file(out);
      else
        EXPECT_EQ(read_file(out), first) << method;
    }
  }
}

TEST(LouvainLeidenCli, EmailThroughBothMethodsAndObjectives) {
  // email-Eu-core is directed with self-loops: taken as A + A' (an edge per arc).
  const CliRun louvain = run("communities " + email + " --json");
  ASSERT_EQ(louvain.exit_code, 0) << louvain.output;
  for (const char* key :
       {"\"method\": \"louvain\"", "\"objective\": \"modularity\"", "\"communities\"",
        "\"modularity\"", "\"quality\"", "\"largest\"", "\"levels\"", "\"seconds\"", "\"runs\": 1"})
    EXPECT_NE(louvain.output.find(key), std::string::npos) << key << "\n" << louvain.output;
  // igraph and networkx reach about 0.43 on this graph (tests/unit/algorithms/communities).
  EXPECT_GT(json_number(louvain.output, "modularity"), 0.40) << louvain.output;
  const CliRun leiden = run("communities " + email + " --method leiden --iterations -1");
  ASSERT_EQ(leiden.exit_code, 0) << leiden.output;
  EXPECT_NE(leiden.output.find("leiden (modularity, resolution 1, seed 0)"), std::string::npos)
      << leiden.output;
  EXPECT_NE(leiden.output.find("communities: "), std::string::npos) << leiden.output;
  const CliRun cpm =
      run("communities " + email + " --method leiden --objective cpm --resolution 0.05");
  ASSERT_EQ(cpm.exit_code, 0) << cpm.output;
  EXPECT_NE(cpm.output.find("quality (cpm): "), std::string::npos) << cpm.output;
  const CliRun quiet = run("communities " + email + " --quiet --resolution 2");
  ASSERT_EQ(quiet.exit_code, 0) << quiet.output;
  std::istringstream q(quiet.output);
  long count = 0;
  double modularity = 0;
  EXPECT_TRUE(q >> count >> modularity) << quiet.output;
  EXPECT_GT(count, 1);
  // No edges: every vertex alone and a modularity of nan (null in JSON), as igraph.
  const fs::path empty =
      temp_file("empty.mtx", "%%MatrixMarket matrix coordinate pattern general\n4 4 0\n");
  const CliRun e = run("communities " + empty.string() + " --json");
  ASSERT_EQ(e.exit_code, 0) << e.output;
  EXPECT_NE(e.output.find("\"communities\": 4"), std::string::npos) << e.output;
  EXPECT_NE(e.output.find("\"modularity\": null"), std::string::npos) << e.output;
}

TEST(LouvainLeidenCli, CdlpMethodGivesTheCdlpCommandsPartition) {
  // `communities --method cdlp` runs Graphalytics' CDLP and scores its partition: the same
  // partition as `spgraph cdlp --out` (whose labels are vertices, not numbers from 0).
  for (const char* rounds : {"", " --iterations 3"}) {
    const fs::path ours = temp_file("cdlp_method.tsv"), theirs = temp_file("cdlp_cmd.tsv");
    const CliRun r =
        run("communities " + email + " --method cdlp --json --out " + ours.string() + rounds);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    ASSERT_EQ(run("cdlp " + email + " --out " + theirs.string() + rounds).exit_code, 0);
    const auto a = read_communities(ours);
    std::map<std::string, std::string> b;  // vertex -> label, read as text
    std::istringstream in(read_file(theirs));
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream f(line);
      std::string v, l;
      f >> v >> l;
      b[v] = l;
    }
    ASSERT_EQ(a.size(), b.size());
    std::map<long, std::string> same_a;  // one CDLP label per community, and the converse
    std::map<std::string, long> same_b;
    for (const auto& [v, c] : a) {
      EXPECT_EQ(same_a.emplace(c, b.at(v)).first->second, b.at(v)) << v;
      EXPECT_EQ(same_b.emplace(b.at(v), c).first->second, c) << v;
    }
    EXPECT_EQ(json_number(r.output, "communities"), double(same_a.size())) << r.output;
  }
  EXPECT_EQ(run("communities " + email + " --method cdlp --iterations -1").exit_code, 1);
}

TEST(LouvainLeidenCli, RefusesBadFlagsAndNegativeWeights) {
  EXPECT_EQ(run("communities --help").exit_code, 0);
  for (const char* bad : {" --method cdlp2", " --resolution -1", " --resolution nan",
                          " --iterations 0", " --iterations -2", " --objective density",
                          " --randomness -0.1", " --seed -1", " --max-levels x"})
    EXPECT_EQ(run("communities " + email + bad).exit_code, 2) << bad;
  EXPECT_EQ(run("communities /nonexistent/file.mtx").exit_code, 1);
  const fs::path neg = temp_file("neg.mtx",
                                 "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n"
                                 "2 3 -1\n");
  const CliRun n = run("communities " + neg.string());
  EXPECT_EQ(n.exit_code, 1) << n.output;
  EXPECT_NE(n.output.find("arc 2 -> 3 has weight -1"), std::string::npos) << n.output;
  EXPECT_EQ(run("communities " + neg.string() + " --unweighted").exit_code, 0);
}

#if defined(SPGRAPH_HAVE_GRAPHBLAS) && defined(SPGRAPH_HAVE_IGRAPH)
TEST(LouvainLeidenCli, CompareLouvainAndLeidenVerifyAgainstIgraph) {
  const CliRun l = run("compare louvain " + email + " --runs 1 --threads 2");
  ASSERT_EQ(l.exit_code, 0) << l.output;
  EXPECT_NE(l.output.find("verified: spgraph's modularity >= igraph's - 0.005"), std::string::npos)
      << l.output;
  EXPECT_NE(l.output.find("median ratio spgraph/igraph"), std::string::npos) << l.output;
  const CliRun d = run("compare leiden " + email + " --runs 1 --json");
  ASSERT_EQ(d.exit_code, 0) << d.output;
  for (const char* key : {"\"verified\": true", "\"igraph_modularity\"", "\"igraph_communities\"",
                          "\"median_ratio_igraph\""})
    EXPECT_NE(d.output.find(key), std::string::npos) << key << "\n" << d.output;
  const CliRun c = run("compare leiden " + email + " --objective cpm --resolution 0.05 --runs 1");
  ASSERT_EQ(c.exit_code, 0) << c.output;
  EXPECT_NE(c.output.find("CPM quality (resolution 0.05): spgraph"), std::string::npos) << c.output;
  // A ring of cliques has one best partition: both engines find it.
  const fs::path ring = temp_file("cmp_ring.tsv", ring_of_cliques(10, 6));
  const CliRun r = run("compare louvain " + ring.string() + " --remap-ids --runs 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(json_number(r.output, "communities"), 10) << r.output;
  EXPECT_EQ(json_number(r.output, "igraph_communities"), 10) << r.output;
  EXPECT_EQ(run("compare louvain " + email + " --objective cpm").exit_code, 2);
}
#endif

}  // namespace
