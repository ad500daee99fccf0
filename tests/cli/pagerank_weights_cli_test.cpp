// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph pagerank --weighted` and `--personalize-weights`: the --out file
// against a dense power iteration written here over the weighted transition matrix (random
// weighted Matrix Market files with sinks, zero-weight arcs and self-loops, both variants), a
// remapped file of string ids holding ':' personalized by name, the stderr note for a file whose
// weights an unweighted run ignores (and its absence on a pattern file, with --weighted, with
// --quiet), the JSON field, the leak note of the gap variant, and the usage and runtime errors
// (exit 2: counts that differ, a vertex named twice, all-zero or negative teleport weights,
// --weighted with csr5 or gauss-seidel; exit 1: a negative arc weight, named in the file's ids).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::run_spgraph;
using spgraph::testing::RunResult;
using spgraph::testing::temp_file;

struct Arc {
  std::uint64_t u, v;
  double w;
};

/// n vertices (0-based here, 1-based in the .mtx), distinct arcs; sources among the first 3/4
/// (the rest are sinks), one weight in eight 0 and vertex 0's arcs all 0, self-loops possible.
std::vector<Arc> random_arcs(std::uint64_t n, std::size_t m, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> w(0.1, 5.0);
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  std::vector<Arc> arcs;
  while (arcs.size() < m) {
    const std::uint64_t u = rng() % (n * 3 / 4), v = rng() % n;
    if (!seen.insert({u, v}).second) continue;
    arcs.push_back({u, v, (u == 0 || rng() % 8 == 0) ? 0.0 : w(rng)});
  }
  return arcs;
}

fs::path write_mtx(const std::string& name, std::uint64_t n, const std::vector<Arc>& arcs,
                   bool weighted) {
  std::ostringstream s;
  s.precision(17);
  s << "%%MatrixMarket matrix coordinate " << (weighted ? "real" : "pattern") << " general\n"
    << n << ' ' << n << ' ' << arcs.size() << '\n';
  for (const Arc& a : arcs) {
    s << a.u + 1 << ' ' << a.v + 1;
    if (weighted) s << ' ' << a.w;
    s << '\n';
  }
  return temp_file(name, s.str());
}

/// Dense power iteration, exactly `steps` steps from the teleport vector `tele`.
std::vector<double> oracle(std::uint64_t n, const std::vector<Arc>& arcs, bool weighted,
                           bool standard, int steps, const std::vector<double>& tele) {
  std::vector<std::vector<double>> a(n, std::vector<double>(n, 0.0));
  for (const Arc& e : arcs) a[e.u][e.v] = weighted ? e.w : 1.0;
  std::vector<double> out(n, 0.0);
  for (std::uint64_t u = 0; u < n; ++u)
    for (std::uint64_t v = 0; v < n; ++v) out[u] += a[u][v];
  std::vector<double> r = tele;
  for (int s = 0; s < steps; ++s) {
    double dangling = 0;
    for (std::uint64_t u = 0; u < n; ++u)
      if (out[u] == 0) dangling += r[u];
    const double tw = 0.15 + (standard ? 0.85 * dangling : 0.0);
    std::vector<double> next(n);
    for (std::uint64_t v = 0; v < n; ++v) {
      double sum = 0;
      for (std::uint64_t u = 0; u < n; ++u)
        if (out[u] > 0) sum += r[u] * a[u][v] / out[u];
      next[v] = tw * tele[v] + 0.85 * sum;
    }
    r = next;
  }
  return r;
}

/// "vertex rank" lines of an --out file, by the vertex as written.
std::map<std::string, double> read_ranks(const fs::path& p) {
  std::map<std::string, double> m;
  std::ifstream in(p);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t cut = line.find_last_of(" \t");
    m[line.substr(0, cut)] = std::stod(line.substr(cut + 1));
  }
  return m;
}

/// Runs `args` (no shell) and returns it, stderr captured apart.
RunResult spgraph_run(const std::vector<std::string>& args) {
  return run_spgraph(args);
}

TEST(PageRankWeightsCli, WeightedRanksMatchADensePowerIteration) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::uint64_t n = 30 + 10 * seed;
    const std::vector<Arc> arcs = random_arcs(n, 4 * n, seed);
    const fs::path mtx = write_mtx("prw_" + std::to_string(seed) + ".mtx", n, arcs, true);
    const fs::path out = temp_file("prw_out.tsv");
    const std::vector<double> uniform(n, 1.0 / double(n));
    std::vector<double> tele(n, 0.0);  // --personalize 2,5 --personalize-weights 3,1 (1-based)
    tele[1] = 0.75;
    tele[4] = 0.25;
    struct Case {
      std::vector<std::string> flags;
      bool weighted, standard;
      const std::vector<double>* teleport;
    };
    const std::vector<Case> cases = {
        {{"--weighted"}, true, false, &uniform},
        {{"--weighted", "--variant", "standard"}, true, true, &uniform},
        {{"--weighted", "--personalize", "2,5", "--personalize-weights", "3,1"},
         true,
         false,
         &tele},
        {{"--variant", "standard", "--personalize", "2,5", "--personalize-weights", "3,1"},
         false,
         true,
         &tele},
        {{}, false, false, &uniform},
    };
    for (const Case& c : cases) {
      std::vector<std::string> args = {"pagerank",     mtx.string(), "--tolerance", "0",
                                       "--iterations", "30",         "--out",       out.string()};
      args.insert(args.end(), c.flags.begin(), c.flags.end());
      const RunResult r = spgraph_run(args);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const std::vector<double> want = oracle(n, arcs, c.weighted, c.standard, 30, *c.teleport);
      const auto got = read_ranks(out);
      ASSERT_EQ(got.size(), n);
      for (std::uint64_t v = 0; v < n; ++v)
        ASSERT_NEAR(got.at(std::to_string(v + 1)), want[v], 1e-13)
            << "seed " << seed << " vertex " << v + 1 << " flags " << c.flags.size();
      // The note: a weighted file run unweighted says its weights are ignored.
      const bool noted = r.err.find("has edge weights; PageRank ignores them (use --weighted)") !=
                         std::string::npos;
      EXPECT_EQ(noted, !c.weighted) << r.err;
    }
  }
}

TEST(PageRankWeightsCli, NotesOnStderrOnlyWhereTheyApply) {
  const std::vector<Arc> arcs = random_arcs(20, 50, 9);
  const fs::path weighted = write_mtx("prw_note_w.mtx", 20, arcs, true);
  const fs::path pattern = write_mtx("prw_note_p.mtx", 20, arcs, false);
  const std::string ignored =
      "note: " + weighted.string() + " has edge weights; PageRank ignores them (use --weighted)\n";
  RunResult r = spgraph_run({"pagerank", weighted.string()});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, ignored);  // exactly one line
  EXPECT_EQ(spgraph_run({"pagerank", weighted.string(), "--weighted"}).err, "");
  EXPECT_EQ(spgraph_run({"pagerank", weighted.string(), "--quiet"}).err, "");
  EXPECT_EQ(spgraph_run({"pagerank", pattern.string()}).err, "");
  r = spgraph_run({"pagerank", pattern.string(), "--weighted"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find("has no edge weights; --weighted reads every arc as weight 1"),
            std::string::npos)
      << r.err;
  // An edge list with a weight column, loaded structure-only, still says so.
  const fs::path csv = temp_file("prw_note.csv", "1,2,0.5\n2,3,1.5\n3,1,2\n");
  r = spgraph_run({"pagerank", csv.string()});
  EXPECT_NE(r.err.find("has edge weights"), std::string::npos) << r.err;
  const fs::path plain = temp_file("prw_note.txt", "1 2\n2 3\n3 1\n");
  EXPECT_EQ(spgraph_run({"pagerank", plain.string()}).err, "");
  // The JSON report says which it ran; the text report names the leak of the gap variant.
  CliRun j = run("pagerank " + weighted.string() + " --weighted --json");
  EXPECT_NE(j.output.find("\"weighted\": true"), std::string::npos) << j.output;
  CliRun t = run("pagerank " + weighted.string() + " --weighted");
  EXPECT_NE(t.output.find("pagerank (gap, weighted, damping 0.85)"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("the rank of sinks leaks; --variant standard keeps the sum at 1"),
            std::string::npos)
      << t.output;
  t = run("pagerank " + weighted.string() + " --weighted --variant standard");
  EXPECT_EQ(t.output.find("leaks"), std::string::npos) << t.output;
}

TEST(PageRankWeightsCli, StringIdsWithColonsArePersonalizedByName) {
  // GO-like names hold ':'; weights are a separate flag, so the names need no escaping.
  const fs::path csv = temp_file("prw_go.csv",
                                 "src,dst,weight\n"
                                 "GO:0001,GO:0002,2\n"
                                 "GO:0002,GO:0003,1\n"
                                 "GO:0002,GO:0001,3\n"
                                 "GO:0003,GO:0004,1\n"
                                 "\"GO:00,05\",GO:0001,1\n");
  const fs::path out = temp_file("prw_go_out.tsv");
  const RunResult r =
      spgraph_run({"pagerank", csv.string(), "--remap-ids", "--weighted", "--variant", "standard",
                   "--personalize", "GO:0003,\"GO:00,05\"", "--personalize-weights", "1,3",
                   "--tolerance", "0", "--iterations", "40", "--out", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Dense ids in order of first appearance: GO:0001 0, GO:0002 1, GO:0003 2, GO:0004 3,
  // "GO:00,05" 4.
  const std::vector<Arc> arcs = {{0, 1, 2}, {1, 2, 1}, {1, 0, 3}, {2, 3, 1}, {4, 0, 1}};
  const std::vector<double> tele = {0, 0, 0.25, 0, 0.75};
  const std::vector<double> want = oracle(5, arcs, true, true, 40, tele);
  const auto got = read_ranks(out);
  const std::vector<std::string> names = {"GO:0001", "GO:0002", "GO:0003", "GO:0004",
                                          "\"GO:00,05\""};
  ASSERT_EQ(got.size(), 5u);
  for (std::size_t v = 0; v < 5; ++v) {
    const auto it = got.find(names[v]) != got.end() ? got.find(names[v]) : got.find("GO:00,05");
    ASSERT_NE(it, got.end()) << names[v];
    EXPECT_NEAR(it->second, want[v], 1e-13) << names[v];
  }
}

TEST(PageRankWeightsCli, BadFlagsAndWeightsAreRefused) {
  const std::vector<Arc> arcs = random_arcs(12, 30, 4);
  const std::string mtx = write_mtx("prw_bad.mtx", 12, arcs, true).string();
  struct Bad {
    std::string flags;
    int exit_code;
  };
  const std::vector<Bad> bad = {
      {"--personalize 2,3 --personalize-weights 1", 2},
      {"--personalize 2 --personalize-weights 1,2", 2},
      {"--personalize-weights 1", 2},
      {"--personalize 2,3,2 --personalize-weights 1,2,3", 2},
      {"--personalize 2,3 --personalize-weights 0,0", 2},
      {"--personalize 2,3 --personalize-weights 1,-1", 2},
      {"--personalize 2,3 --personalize-weights 1,x", 2},
      {"--personalize 2,3 --personalize-weights 1,nan", 2},
      {"--weighted --spmv csr5", 2},
      {"--weighted --sweep gauss-seidel", 2},
      {"--personalize 99 --personalize-weights 1", 1},
  };
  for (const Bad& b : bad) {
    const CliRun r = run("pagerank " + mtx + " " + b.flags);
    EXPECT_EQ(r.exit_code, b.exit_code) << b.flags << "\n" << r.output;
  }
  const fs::path negative = temp_file("prw_neg.csv", "a,b,1\nb,c,-2\nc,a,1\n");
  const CliRun r = run("pagerank " + negative.string() + " --remap-ids --weighted");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("arc b -> c has weight -2"), std::string::npos) << r.output;
  EXPECT_EQ(run("pagerank " + negative.string() + " --remap-ids").exit_code, 0);
  const CliRun help = run("pagerank --help");
  for (const char* flag : {"--weighted", "--personalize-weights"})
    EXPECT_NE(help.output.find(flag), std::string::npos) << flag;
}

}  // namespace
