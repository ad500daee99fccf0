// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph pagerank`, `sssp` and `cc` and of their compare jobs: each
// command's --out file against an oracle written here (dense power iteration, Dijkstra and
// Bellman-Ford, union-find) on hand-written and random small graphs (seeds fixed; isolated
// vertices, self-loops, duplicates, sinks, an arc-less graph), known answers on the bundled
// graphs, JSON keys, help texts and the error paths (bad flags, bad ids, negative weights, a
// negative cycle). The compare jobs must print "verified" (skipped without GraphBLAS).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <numeric>
#include <queue>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::bundled_data;
using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::temp_file;

const std::string email = bundled_data("email-Eu-core.csv").string();
const std::string wiki = bundled_data("wiki-Vote.txt").string() + " --remap-ids";
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Arc {
  std::uint64_t u, v;
  double w;
};

/// A graph over 0-based ids 0..n-1; arcs as written (duplicates possible).
struct Graph {
  std::uint64_t n = 0;
  std::vector<Arc> arcs;
  /// The distinct arcs (the first weight of a repeated arc is not used: tests avoid them
  /// for weighted graphs).
  std::set<std::pair<std::uint64_t, std::uint64_t>> distinct() const {
    std::set<std::pair<std::uint64_t, std::uint64_t>> s;
    for (const Arc& a : arcs) s.insert({a.u, a.v});
    return s;
  }
};

/// Writes a Matrix Market file (1-based), "pattern" or "real", general.
fs::path write_mtx(const std::string& name, const Graph& g, bool weighted) {
  std::ostringstream s;
  s << "%%MatrixMarket matrix coordinate " << (weighted ? "real" : "pattern") << " general\n";
  s << g.n << ' ' << g.n << ' ' << g.arcs.size() << '\n';
  s.precision(17);
  for (const Arc& a : g.arcs) {
    s << a.u + 1 << ' ' << a.v + 1;
    if (weighted) s << ' ' << a.w;
    s << '\n';
  }
  return temp_file(name, s.str());
}

/// "vertex value" lines of an --out file (comments skipped), by vertex.
std::map<std::uint64_t, std::string> read_out(const fs::path& p) {
  std::map<std::uint64_t, std::string> m;
  std::ifstream in(p);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::uint64_t v;
    std::string x;
    f >> v >> x;
    m[v] = x;
  }
  return m;
}

/// The first line of a file.
std::string first_line(const fs::path& p) {
  std::ifstream in(p);
  std::string line;
  std::getline(in, line);
  return line;
}

double as_double(const std::string& s) {
  return s == "inf" ? kInf : std::stod(s);
}

/// A random graph with `m` arcs over n vertices (self-loops possible, no repeated arcs),
/// weights uniform in [0.1, 10).
Graph random_graph(std::uint64_t n, std::size_t m, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> w(0.1, 10);
  Graph g;
  g.n = n;
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  while (g.arcs.size() < m) {
    const std::uint64_t u = rng() % n, v = rng() % n;
    if (seen.insert({u, v}).second) g.arcs.push_back({u, v, w(rng)});
  }
  return g;
}

// ---------------------------------------------------------------------------------------------
// Oracles.

/// PageRank by a dense power iteration of exactly `steps` steps (the commands run with
/// --tolerance 0), as pagerank.hpp defines both variants and personalization.
std::vector<double> oracle_pagerank(const Graph& g, double d, int steps, bool standard,
                                    const std::vector<std::uint64_t>& personalize) {
  const std::size_t n = g.n;
  const auto arcs = g.distinct();
  std::vector<double> outdeg(n, 0), tele(n, 0);
  for (const auto& [u, v] : arcs) outdeg[u] += 1;
  const std::set<std::uint64_t> p(personalize.begin(), personalize.end());
  for (std::size_t v = 0; v < n; ++v)
    tele[v] = p.empty() ? 1.0 / double(n) : (p.count(v) ? 1.0 / double(p.size()) : 0.0);
  std::vector<double> r = tele;
  for (int s = 0; s < steps; ++s) {
    double dangling = 0;
    for (std::size_t v = 0; v < n; ++v)
      if (outdeg[v] == 0) dangling += r[v];
    const double tw = (1 - d) + (standard ? d * dangling : 0.0);
    std::vector<double> next(n);
    for (std::size_t v = 0; v < n; ++v) next[v] = tw * tele[v];
    for (const auto& [u, v] : arcs) next[v] += d * r[u] / outdeg[u];
    r = next;
  }
  return r;
}

/// Bellman-Ford distances over the arcs (negative weights allowed, no negative cycle).
std::vector<double> oracle_distances(const Graph& g, std::uint64_t s, bool undirected = false) {
  std::vector<double> dist(g.n, kInf);
  dist[s] = 0;
  for (std::uint64_t round = 0; round < g.n; ++round) {
    bool changed = false;
    for (const Arc& a : g.arcs)
      for (int dir = 0; dir < (undirected ? 2 : 1); ++dir) {
        const std::uint64_t u = dir ? a.v : a.u, v = dir ? a.u : a.v;
        if (dist[u] + a.w < dist[v]) {
          dist[v] = dist[u] + a.w;
          changed = true;
        }
      }
    if (!changed) break;
  }
  return dist;
}

/// The smallest vertex of each vertex's (weakly) connected component, by union-find.
std::vector<std::uint64_t> oracle_components(const Graph& g) {
  std::vector<std::uint64_t> parent(g.n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](std::uint64_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const Arc& a : g.arcs) {
    const std::uint64_t x = find(a.u), y = find(a.v);
    parent[std::max(x, y)] = std::min(x, y);
  }
  std::vector<std::uint64_t> label(g.n);
  for (std::uint64_t v = 0; v < g.n; ++v) label[v] = find(v);  // the root is the smallest
  return label;
}

/// Reads an edge list "u v [w]" (0-based) such as email-Eu-core.csv.
Graph read_edge_list(const std::string& path) {
  Graph g;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    Arc a{0, 0, 1};
    f >> a.u >> a.v;
    g.arcs.push_back(a);
    g.n = std::max(g.n, std::max(a.u, a.v) + 1);
  }
  return g;
}

/// The value of a numeric JSON key in one line of JSON output, or NaN.
double json_number(const std::string& json, const std::string& key) {
  const std::string k = "\"" + key + "\": ";
  const auto at = json.find(k);
  if (at == std::string::npos) return std::nan("");
  return std::stod(json.substr(at + k.size()));
}

/// A hand-written directed graph, 1-based in the file: 1 -> 2 -> 3 -> 1 cycle, 3 -> 4, 4 -> 4
/// (self-loop), 2 -> 5 (5 is a sink), 6 isolated. (Matrix Market refuses repeated entries: the
/// edge lists of the random tests repeat one.)
Graph small_graph() {
  Graph g;
  g.n = 6;
  g.arcs = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {2, 3, 1}, {3, 3, 1}, {1, 4, 1}};
  return g;
}

// ---------------------------------------------------------------------------------------------
// Help and registration.

TEST(TraversalCli, HelpListsTheCommandsAndEachHasHelp) {
  CliRun top = run("--help");
  EXPECT_EQ(top.exit_code, 0);
  for (const char* sub : {"pagerank", "sssp", "cc"})
    EXPECT_NE(top.output.find(sub), std::string::npos) << sub;
  const std::map<std::string, std::vector<std::string>> flags = {
      {"pagerank",
       {"--damping", "--tolerance", "--iterations", "--variant", "--personalize", "--spmv",
        "--out"}},
      {"sssp", {"--source", "--method", "--delta", "--out"}},
      {"cc", {"--method", "--out"}},
      {"compare pagerank", {"--runs", "--personalize", "--variant"}},
      {"compare sssp", {"--runs", "--source", "--delta"}},
      {"compare cc", {"--runs", "--method"}},
      {"stream", {"? pagerank", "? sssp s", "? cc", "? kcore v", "? communities"}},
  };
  for (const auto& [sub, want] : flags) {
    CliRun r = run(sub + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.output.find("--threads"), std::string::npos) << sub;
    for (const std::string& f : want) EXPECT_NE(r.output.find(f), std::string::npos) << sub << f;
  }
}

// ---------------------------------------------------------------------------------------------
// pagerank

/// Runs pagerank with --tolerance 0 --iterations `steps` and checks --out against the oracle.
void check_pagerank(const fs::path& file, const std::string& flags, const Graph& g, int steps,
                    bool standard, const std::vector<std::uint64_t>& personalize_internal,
                    std::uint64_t base, double tolerance = 1e-12) {
  SCOPED_TRACE(file.string() + flags);
  const fs::path out = temp_file("pr_out.txt");
  CliRun r = run("pagerank " + file.string() + flags + " --tolerance 0 --iterations " +
                 std::to_string(steps) + " --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find(std::to_string(steps) + " iterations"), std::string::npos) << r.output;
  EXPECT_EQ(first_line(out), "# vertex rank");
  const auto got = read_out(out);
  const std::vector<double> want = oracle_pagerank(g, 0.85, steps, standard, personalize_internal);
  ASSERT_EQ(got.size(), g.n);
  for (std::uint64_t v = 0; v < g.n; ++v) {
    ASSERT_TRUE(got.count(v + base)) << v;
    EXPECT_NEAR(std::stod(got.at(v + base)), want[v], tolerance) << "vertex " << v + base;
  }
  fs::remove(out);
}

TEST(TraversalCli, PageRankMatchesADensePowerIteration) {
  const Graph g = small_graph();
  const fs::path mtx = write_mtx("pr_small.mtx", g, false);
  check_pagerank(mtx, "", g, 30, false, {}, 1);
  check_pagerank(mtx, " --variant standard", g, 30, true, {}, 1);
  // Personalize 2 and 4 (file ids; 2 repeated), CSR and CSR5 kernels.
  check_pagerank(mtx, " --personalize 2,4,2 --spmv csr", g, 25, false, {1, 3}, 1);
  check_pagerank(mtx, " --personalize 4 --variant standard --spmv csr5", g, 25, true, {3}, 1);
  // Scores kept in float: single precision (ranks here are near 0.1).
  check_pagerank(mtx, " --precision float", g, 30, false, {}, 1, 1e-6);
  check_pagerank(mtx, " --precision float --variant standard --spmv csr5", g, 30, true, {}, 1,
                 1e-6);
  EXPECT_EQ(run("pagerank " + mtx.string() + " --precision half").exit_code, 2);
  // Gauss-Seidel: 200 sweeps sit on the fixed point, as do 200 power steps.
  check_pagerank(mtx, " --sweep gauss-seidel", g, 200, false, {}, 1, 1e-12);
  EXPECT_EQ(run("pagerank " + mtx.string() + " --sweep gauss-seidel --spmv csr5").exit_code, 2);
  // As an undirected graph (both directions of every arc).
  Graph u = g;
  for (const Arc& a : g.arcs) u.arcs.push_back({a.v, a.u, 1});
  check_pagerank(mtx, " --undirected", u, 20, false, {}, 1);
  // Random graphs, 0-based edge lists.
  for (std::uint64_t seed : {1u, 2u}) {
    const Graph rg = random_graph(50, 160, seed);
    std::ostringstream s;
    for (const Arc& a : rg.arcs) s << a.u << ' ' << a.v << '\n';
    s << rg.n - 1 << ' ' << rg.n - 1 << '\n';  // make n certain (a self-loop on the last id)
    s << rg.arcs[0].u << ' ' << rg.arcs[0].v << '\n';  // a repeated arc counts once
    Graph with_last = rg;
    with_last.arcs.push_back({rg.n - 1, rg.n - 1, 1});
    const fs::path el = temp_file("pr_rand.txt", s.str());
    check_pagerank(el, seed == 2 ? " --base 0 --variant standard" : " --base 0", with_last, 40,
                   seed == 2, {}, 0);
    fs::remove(el);
  }
  // No arcs: every vertex is a sink.
  const fs::path empty =
      temp_file("pr_empty.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 0\n");
  check_pagerank(empty, "", Graph{3, {}}, 5, false, {}, 1);
  check_pagerank(empty, " --variant standard", Graph{3, {}}, 5, true, {}, 1);
  fs::remove(mtx);
  fs::remove(empty);
}

TEST(TraversalCli, RepeatRunsTheKernelAgainWithTheSameAnswer) {
  const Graph g = small_graph();
  const fs::path mtx = write_mtx("repeat_small.mtx", g, false);
  for (const char* job : {"cc", "tc", "pagerank", "bc"}) {
    SCOPED_TRACE(job);
    const CliRun once = run(std::string(job) + " " + mtx.string() + " --quiet");
    const CliRun thrice = run(std::string(job) + " " + mtx.string() + " --repeat 3 --quiet");
    ASSERT_EQ(thrice.exit_code, 0) << thrice.output;
    EXPECT_EQ(thrice.output, once.output);
    const CliRun json = run(std::string(job) + " " + mtx.string() + " --repeat 3 --json");
    EXPECT_NE(json.output.find("\"runs\": 3"), std::string::npos) << json.output;
    EXPECT_EQ(run(std::string(job) + " " + mtx.string() + " --repeat 0").exit_code, 2);
  }
  const CliRun s = run("sssp " + mtx.string() + " --source 1 --repeat 2 --json");
  EXPECT_NE(s.output.find("\"runs\": 2"), std::string::npos) << s.output;
  fs::remove(mtx);
}

TEST(TraversalCli, PageRankReportsConvergenceTopVerticesAndJson) {
  CliRun t = run("pagerank " + email);
  ASSERT_EQ(t.exit_code, 0) << t.output;
  EXPECT_NE(t.output.find("converged: yes"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("top vertices:"), std::string::npos) << t.output;
  CliRun j =
      run("pagerank " + email + " --json --variant standard --tolerance 1e-9 --iterations 500");
  ASSERT_EQ(j.exit_code, 0) << j.output;
  EXPECT_EQ(j.output.front(), '{');
  for (const char* key : {"\"iterations\"", "\"converged\": true", "\"delta\"", "\"top\": [",
                          "\"vertex\"", "\"rank\"", "\"sum\"", "\"n\": 1005"})
    EXPECT_NE(j.output.find(key), std::string::npos) << key << "\n" << j.output;
  EXPECT_NEAR(json_number(j.output, "sum"), 1.0, 1e-9);  // standard: ranks sum to 1
  // The top vertex of the JSON is the largest rank of --out.
  const fs::path out = temp_file("pr_email.txt");
  ASSERT_EQ(run("pagerank " + email + " --out " + out.string()).exit_code, 0);
  double best = 0;
  std::uint64_t best_v = 0;
  for (const auto& [v, x] : read_out(out))
    if (std::stod(x) > best) best = std::stod(x), best_v = v;
  CliRun q = run("pagerank " + email + " --quiet");
  std::istringstream first(q.output);
  std::uint64_t place = 0, vertex = 0;
  first >> place >> vertex;
  EXPECT_EQ(place, 1u) << q.output;
  EXPECT_EQ(vertex, best_v) << q.output;
  fs::remove(out);
}

TEST(TraversalCli, PageRankRefusesBadFlagsAndUnknownPersonalizeIds) {
  const fs::path mtx = write_mtx("pr_bad.mtx", small_graph(), false);
  CliRun p = run("pagerank " + mtx.string() + " --personalize 2,99");
  EXPECT_EQ(p.exit_code, 1) << p.output;
  EXPECT_NE(p.output.find("--personalize: vertex 99 is out of range"), std::string::npos)
      << p.output;
  CliRun z = run("pagerank " + mtx.string() + " --personalize 0");  // ids are 1-based here
  EXPECT_EQ(z.exit_code, 1) << z.output;
  CliRun w = run("pagerank " + wiki + " --personalize 30,1");  // 1 is not a wiki-Vote id
  EXPECT_EQ(w.exit_code, 1) << w.output;
  EXPECT_NE(w.output.find("--personalize: vertex 1 is not in "), std::string::npos) << w.output;
  EXPECT_EQ(run("pagerank " + mtx.string() + " --personalize x").exit_code, 2);
  EXPECT_EQ(run("pagerank " + mtx.string() + " --variant bogus").exit_code, 2);
  EXPECT_EQ(run("pagerank " + mtx.string() + " --damping 2").exit_code, 2);
  EXPECT_EQ(run("pagerank " + mtx.string() + " --iterations 0").exit_code, 2);
  EXPECT_EQ(run("pagerank " + mtx.string() + " --spmv ell").exit_code, 2);
  // d = 1 cannot run: refused with the flags, not after the graph has been loaded for nothing.
  CliRun d = run("pagerank " + mtx.string() + " --damping 1");
  EXPECT_EQ(d.exit_code, 2) << d.output;
  EXPECT_NE(d.output.find("damping"), std::string::npos) << d.output;
  fs::remove(mtx);
}

// ---------------------------------------------------------------------------------------------
// sssp

/// A weighted graph, 1-based in the file: 1->2 2.5, 1->3 1, 3->2 1, 2->4 3, 4->5 0.5, 5->1 10;
/// 6 isolated. From 1: 0, 2, 1, 5, 5.5, inf.
Graph weighted_graph() {
  Graph g;
  g.n = 6;
  g.arcs = {{0, 1, 2.5}, {0, 2, 1}, {2, 1, 1}, {1, 3, 3}, {3, 4, 0.5}, {4, 0, 10}};
  return g;
}

void check_sssp(const fs::path& file, const std::string& flags, const std::vector<double>& want,
                std::uint64_t base) {
  SCOPED_TRACE(file.string() + flags);
  const fs::path out = temp_file("sssp_out.txt");
  CliRun r = run("sssp " + file.string() + flags + " --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(first_line(out), "# vertex distance");
  const auto got = read_out(out);
  ASSERT_EQ(got.size(), want.size());
  std::uint64_t reached = 0;
  for (std::uint64_t v = 0; v < want.size(); ++v) {
    ASSERT_TRUE(got.count(v + base)) << v;
    const double x = as_double(got.at(v + base));
    if (want[v] == kInf) {
      EXPECT_EQ(got.at(v + base), "inf") << v + base;
    } else {
      ++reached;
      EXPECT_NEAR(x, want[v], 1e-9 * std::max(1.0, std::abs(want[v]))) << "vertex " << v + base;
    }
  }
  const std::string noun = reached == 1 ? " vertex" : " vertices";  // "1 vertex reached"
  EXPECT_NE(r.output.find(std::to_string(reached) + noun + " reached"), std::string::npos)
      << r.output;
  fs::remove(out);
}

TEST(TraversalCli, SsspWritesDistancesLikeAnOracle) {
  const Graph g = weighted_graph();
  const fs::path mtx = write_mtx("sssp_small.mtx", g, true);
  const std::vector<double> want{0, 2, 1, 5, 5.5, kInf};
  ASSERT_EQ(oracle_distances(g, 0), want);
  for (const char* flags :
       {"", " --method delta", " --method delta --delta 0.7", " --method bellman-ford"})
    check_sssp(mtx, std::string(" --source 1") + flags, want, 1);
  // From 6 (isolated): only itself.
  check_sssp(mtx, " --source 6", {kInf, kInf, kInf, kInf, kInf, 0}, 1);
  // As an undirected graph.
  check_sssp(mtx, " --source 5 --undirected", oracle_distances(g, 4, true), 1);
  // Random weighted graphs, against Bellman-Ford in the test.
  for (std::uint64_t seed : {3u, 4u}) {
    const Graph rg = random_graph(60, 240, seed);
    const fs::path f = write_mtx("sssp_rand.mtx", rg, true);
    for (const char* m : {" --method delta", " --method bellman-ford", " --delta 3"})
      check_sssp(f, std::string(" --source 1") + m, oracle_distances(rg, 0), 1);
    fs::remove(f);
  }
  // A pattern file has unit weights: distances are BFS levels.
  const fs::path pattern = write_mtx("sssp_pattern.mtx", small_graph(), false);
  check_sssp(pattern, " --source 1", {0, 1, 2, 3, 2, kInf}, 1);
  fs::remove(mtx);
  fs::remove(pattern);
}

TEST(TraversalCli, SsspOnEmailEqualsBfsLevels) {
  const Graph g = read_edge_list(email);
  std::vector<double> level(g.n, kInf);
  std::vector<std::vector<std::uint64_t>> adj(g.n);
  for (const Arc& a : g.arcs) adj[a.u].push_back(a.v);
  std::queue<std::uint64_t> q;
  level[0] = 0;
  q.push(0);
  while (!q.empty()) {
    const std::uint64_t u = q.front();
    q.pop();
    for (std::uint64_t v : adj[u])
      if (level[v] == kInf) level[v] = level[u] + 1, q.push(v);
  }
  check_sssp(email, " --source 0", level, 0);
  CliRun j = run("sssp " + email + " --source 0 --json");
  ASSERT_EQ(j.exit_code, 0) << j.output;
  for (const char* key :
       {"\"reached\"", "\"max_distance\"", "\"method\": \"delta\"", "\"delta\"", "\"rounds\""})
    EXPECT_NE(j.output.find(key), std::string::npos) << key << "\n" << j.output;
  const double depth = *std::max_element(level.begin(), level.end(), [](double a, double b) {
    return (a == kInf ? -1 : a) < (b == kInf ? -1 : b);
  });
  EXPECT_EQ(json_number(j.output, "max_distance"), depth);
}

TEST(TraversalCli, SsspNegativeWeightsNeedBellmanFordAndNegativeCyclesFail) {
  // 1->2 4, 1->3 1, 3->2 -2, 2->4 1: from 1: 0, -1, 1, 0.
  const fs::path neg = temp_file("sssp_neg.mtx",
                                 "%%MatrixMarket matrix coordinate real general\n4 4 4\n1 2 4\n"
                                 "1 3 1\n3 2 -2\n2 4 1\n");
  CliRun r = run("sssp " + neg.string() + " --source 1");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("arc 3 -> 2 has negative weight -2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("bellman-ford"), std::string::npos) << r.output;
  check_sssp(neg, " --source 1 --method bellman-ford", {0, -1, 1, 0}, 1);
  const fs::path cycle = temp_file("sssp_cycle.mtx",
                                   "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1\n"
                                   "2 3 -2\n3 2 1\n");
  CliRun c = run("sssp " + cycle.string() + " --source 1 --method bellman-ford");
  EXPECT_EQ(c.exit_code, 1) << c.output;
  EXPECT_NE(c.output.find("negative cycle"), std::string::npos) << c.output;
  fs::remove(neg);
  fs::remove(cycle);
}

TEST(TraversalCli, SsspRefusesBadSourcesAndFlags) {
  const fs::path mtx = write_mtx("sssp_bad.mtx", weighted_graph(), true);
  CliRun zero = run("sssp " + mtx.string() + " --source 0");  // 1-based file
  EXPECT_EQ(zero.exit_code, 1) << zero.output;
  EXPECT_NE(zero.output.find("vertex 0 is out of range"), std::string::npos) << zero.output;
  CliRun big = run("sssp " + mtx.string() + " --source 77");
  EXPECT_EQ(big.exit_code, 1) << big.output;
  EXPECT_NE(big.output.find("vertex 77"), std::string::npos) << big.output;
  EXPECT_EQ(run("sssp " + mtx.string()).exit_code, 2);  // --source is required
  EXPECT_EQ(run("sssp " + mtx.string() + " --source 1 --method dijkstra").exit_code, 2);
  EXPECT_EQ(run("sssp " + mtx.string() + " --source 1 --delta -1").exit_code, 2);
  EXPECT_EQ(run("sssp " + mtx.string() + " --source x").exit_code, 2);
  fs::remove(mtx);
}

// ---------------------------------------------------------------------------------------------
// cc

void check_cc(const fs::path& file, const std::string& flags, const Graph& g, std::uint64_t base) {
  SCOPED_TRACE(file.string() + flags);
  const fs::path out = temp_file("cc_out.txt");
  CliRun r = run("cc " + file.string() + flags + " --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(first_line(out), "# vertex label");
  const auto got = read_out(out);
  const std::vector<std::uint64_t> want = oracle_components(g);
  ASSERT_EQ(got.size(), g.n);
  std::map<std::uint64_t, std::uint64_t> size;
  for (std::uint64_t v = 0; v < g.n; ++v) {
    ASSERT_TRUE(got.count(v + base)) << v;
    EXPECT_EQ(std::stoull(got.at(v + base)), want[v] + base) << "vertex " << v + base;
    ++size[want[v]];
  }
  std::uint64_t largest = 0;
  for (const auto& [l, s] : size) largest = std::max(largest, s);
  const std::string line = "components: " + std::to_string(size.size()) + ", the largest has " +
                           std::to_string(largest) + (largest == 1 ? " vertex" : " vertices");
  EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
  fs::remove(out);
}

TEST(TraversalCli, CcLabelsEveryVertexWithTheSmallestIdOfItsComponent) {
  const Graph g = small_graph();
  const fs::path mtx = write_mtx("cc_small.mtx", g, false);
  for (const char* m : {"", " --method labelprop", " --method fastsv", " --method afforest"}) {
    check_cc(mtx, m, g, 1);                                 // weakly connected (directed)
    check_cc(mtx, std::string(m) + " --undirected", g, 1);  // same partition
  }
  // Random sparse graphs with many components and isolated vertices; 0-based edge lists.
  for (std::uint64_t seed : {5u, 6u}) {
    Graph rg = random_graph(120, 70, seed);
    rg.arcs.push_back({rg.n - 1, rg.n - 1, 1});  // make n certain
    std::ostringstream s;
    for (const Arc& a : rg.arcs) s << a.u << ' ' << a.v << '\n';
    s << rg.arcs[3].u << ' ' << rg.arcs[3].v << '\n';  // a repeated arc
    const fs::path el = temp_file("cc_rand.txt", s.str());
    for (const char* m : {" --method labelprop", " --method fastsv", " --method afforest"})
      check_cc(el, std::string(" --base 0") + m, rg, 0);
    check_cc(el, " --base 0 --undirected", rg, 0);
    fs::remove(el);
  }
  // No arcs: every vertex alone.
  const fs::path empty =
      temp_file("cc_empty.mtx", "%%MatrixMarket matrix coordinate pattern general\n4 4 0\n");
  check_cc(empty, "", Graph{4, {}}, 1);
  fs::remove(mtx);
  fs::remove(empty);
}

TEST(TraversalCli, CcKnownAnswersAndJson) {
  // README of data/: wiki-Vote's largest weakly connected component has 7,066 vertices.
  CliRun w = run("cc " + wiki + " --json");
  ASSERT_EQ(w.exit_code, 0) << w.output;
  EXPECT_EQ(json_number(w.output, "largest"), 7066) << w.output;
  for (const char* key : {"\"components\"", "\"method\": \"afforest\"", "\"rounds\""})
    EXPECT_NE(w.output.find(key), std::string::npos) << key << "\n" << w.output;
  // email-Eu-core against union-find in the test.
  const Graph g = read_edge_list(email);
  check_cc(email, "", g, 0);
  CliRun q = run("cc " + email + " --quiet --method fastsv");
  std::set<std::uint64_t> roots;
  for (std::uint64_t l : oracle_components(g)) roots.insert(l);
  EXPECT_EQ(q.output, std::to_string(roots.size()) + "\n");
  EXPECT_EQ(run("cc " + email + " --method dfs").exit_code, 2);
}

// ---------------------------------------------------------------------------------------------
// compare jobs

#ifdef SPGRAPH_HAVE_GRAPHBLAS
TEST(TraversalCli, ComparePageRankVerifiesAgainstGraphBlas) {
  CliRun r = run("compare pagerank " + email + " --runs 1 --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("verified: steps"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("median ratio"), std::string::npos) << r.output;
  CliRun s = run("compare pagerank " + email +
                 " --variant standard --personalize 0,5 --undirected --runs 1 --json");
  ASSERT_EQ(s.exit_code, 0) << s.output;
  EXPECT_NE(s.output.find("\"verified\": true"), std::string::npos) << s.output;
  EXPECT_NE(s.output.find("\"personalized\": 2"), std::string::npos) << s.output;
  const fs::path mtx = write_mtx("cmp_pr.mtx", small_graph(), false);
  CliRun t = run("compare pagerank " + mtx.string() + " --variant standard --tolerance 0 --runs 1");
  ASSERT_EQ(t.exit_code, 0) << t.output;
  fs::remove(mtx);
}

TEST(TraversalCli, CompareSsspVerifiesAgainstGraphBlas) {
  CliRun r = run("compare sssp " + email + " --source 0 --runs 1 --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("verified: source 0 reaches"), std::string::npos) << r.output;
  const Graph rg = random_graph(300, 1500, 7);
  const fs::path f = write_mtx("cmp_sssp.mtx", rg, true);
  for (const char* m : {"", " --delta 0.5", " --method bellman-ford"}) {
    CliRun w = run("compare sssp " + f.string() + " --source 3 --runs 1 --json" + m);
    ASSERT_EQ(w.exit_code, 0) << m << w.output;
    EXPECT_NE(w.output.find("\"verified\": true"), std::string::npos) << w.output;
  }
  const fs::path neg = temp_file("cmp_neg.mtx",
                                 "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n"
                                 "2 3 -1\n");
  CliRun n = run("compare sssp " + neg.string() + " --source 1 --method bellman-ford --runs 1");
  EXPECT_EQ(n.exit_code, 1) << n.output;
  EXPECT_NE(n.output.find("arc 2 -> 3 has weight -1"), std::string::npos) << n.output;
  fs::remove(f);
  fs::remove(neg);
}

TEST(TraversalCli, CompareCcVerifiesAgainstGraphBlas) {
  for (const char* m : {"", " --method fastsv", " --method labelprop"}) {
    CliRun r = run("compare cc " + email + " --runs 1 --threads 2" + m);
    ASSERT_EQ(r.exit_code, 0) << m << r.output;
    EXPECT_NE(r.output.find("verified: identical partitions"), std::string::npos) << r.output;
  }
  // A Kronecker graph: skewed degrees, one giant component and many isolated vertices.
  const fs::path kron = temp_file("cmp_kron.mtx");
  ASSERT_EQ(
      run("generate kron --scale 11 --edge-factor 16 --seed 2 --out " + kron.string()).exit_code,
      0);
  CliRun k = run("compare cc " + kron.string() + " --runs 1 --json");
  ASSERT_EQ(k.exit_code, 0) << k.output;
  EXPECT_NE(k.output.find("\"verified\": true"), std::string::npos) << k.output;
  // Many small components.
  Graph rg = random_graph(400, 250, 8);
  const fs::path f = write_mtx("cmp_cc.mtx", rg, false);
  CliRun s = run("compare cc " + f.string() + " --runs 1");
  ASSERT_EQ(s.exit_code, 0) << s.output;
  fs::remove(kron);
  fs::remove(f);
}
#endif

}  // namespace
