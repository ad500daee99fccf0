// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of `spgraph stream`: a base graph plus a random update file (inserts, erases,
// re-weights, new vertices, queries) through the binary, with every query answer checked
// against a std::set model at that point of the stream, and the final graph (--out) checked
// against the model's edge set; the final answers are also checked against the static commands
// (tc, bfs, cc) run on a graph loaded whole from the final edge set. The traversal queries
// (? pagerank, ? sssp s, ? cc) are checked against the model too: a dense power iteration,
// BFS levels (unit weights) and union-find. Malformed lines, --strict, standard input and
// --no-grow are covered too. Seeds are printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"

namespace {

using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::temp_file;
using Edge = std::pair<std::uint64_t, std::uint64_t>;

/// An undirected or directed graph as a set of arcs over ids 0..n-1.
struct Model {
  bool directed = false;
  std::uint64_t n = 0;
  std::set<Edge> arcs;
  void insert(std::uint64_t u, std::uint64_t v) {
    n = std::max(n, std::max(u, v) + 1);
    arcs.insert({u, v});
    if (!directed) arcs.insert({v, u});
  }
  void erase(std::uint64_t u, std::uint64_t v) {
    arcs.erase({u, v});
    if (!directed) arcs.erase({v, u});
  }
  std::uint64_t edges() const {
    std::uint64_t e = 0;
    for (const auto& [u, v] : arcs) e += directed || u <= v;
    return e;
  }
  std::uint64_t degree(std::uint64_t v) const {
    std::uint64_t d = 0;
    for (auto it = arcs.lower_bound({v, 0}); it != arcs.end() && it->first == v; ++it) ++d;
    return d;
  }
  std::uint64_t triangles() const {
    std::uint64_t t = 0;
    for (const auto& [u, v] : arcs)
      if (u < v)
        for (auto it = arcs.lower_bound({v, v + 1}); it != arcs.end() && it->first == v; ++it)
          if (arcs.count({u, it->second})) ++t;
    return t;
  }
  /// The number of (weakly) connected components and the size of the largest, by union-find.
  std::pair<std::uint64_t, std::uint64_t> components() const {
    std::vector<std::uint64_t> parent(n), size(n, 0);
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](std::uint64_t x) {
      while (parent[x] != x) x = parent[x] = parent[parent[x]];
      return x;
    };
    for (const auto& [u, v] : arcs) parent[find(u)] = find(v);
    std::uint64_t count = 0, largest = 0;
    for (std::uint64_t v = 0; v < n; ++v) {
      count += find(v) == v;
      largest = std::max(largest, ++size[find(v)]);
    }
    return {count, largest};
  }
  /// The core number of x and the largest core number of the graph taken as undirected without
  /// self-loops: vertices of least degree removed one at a time (Batagelj & Zaversnik's
  /// definition, read literally).
  std::pair<std::uint64_t, std::uint64_t> core(std::uint64_t x) const {
    std::vector<std::set<std::uint64_t>> adj(n);
    for (const auto& [u, v] : arcs)
      if (u != v) adj[u].insert(v), adj[v].insert(u);
    std::vector<std::uint64_t> core(n, 0);
    std::vector<bool> gone(n, false);
    std::uint64_t k = 0;
    for (std::uint64_t removed = 0; removed < n; ++removed) {
      std::uint64_t best = n;
      for (std::uint64_t v = 0; v < n; ++v)
        if (!gone[v] && (best == n || adj[v].size() < adj[best].size())) best = v;
      k = std::max<std::uint64_t>(k, adj[best].size());
      core[best] = k;
      gone[best] = true;
      for (std::uint64_t w : adj[best]) adj[w].erase(best);
      adj[best].clear();
    }
    return {core[x], n ? *std::max_element(core.begin(), core.end()) : 0};
  }
  /// GAP PageRank with spgraph's defaults (damping 0.85, stop when the L1 change < 1e-4, at
  /// most 100 steps): the steps run and the ranks.
  std::pair<int, std::vector<double>> pagerank() const {
    std::vector<double> outdeg(n, 0), r(n, 1.0 / double(n));
    for (const auto& [u, v] : arcs) outdeg[u] += 1;
    int steps = 0;
    while (steps < 100) {
      std::vector<double> next(n, 0.15 / double(n));
      for (const auto& [u, v] : arcs) next[v] += 0.85 * r[u] / outdeg[u];
      double delta = 0;
      for (std::uint64_t v = 0; v < n; ++v) delta += std::abs(next[v] - r[v]);
      r = next;
      ++steps;
      if (delta < 1e-4) break;
    }
    return {steps, r};
  }
  /// Vertices reached from s and the depth of the search.
  std::pair<std::uint64_t, std::uint64_t> bfs(std::uint64_t s) const {
    std::vector<std::int64_t> level(n, -1);
    std::deque<std::uint64_t> q{s};
    level[s] = 0;
    std::uint64_t reached = 1, depth = 0;
    while (!q.empty()) {
      const std::uint64_t u = q.front();
      q.pop_front();
      for (auto it = arcs.lower_bound({u, 0}); it != arcs.end() && it->first == u; ++it)
        if (level[it->second] < 0) {
          level[it->second] = level[u] + 1;
          depth = std::max<std::uint64_t>(depth, level[it->second]);
          ++reached;
          q.push_back(it->second);
        }
    }
    return {reached, depth};
  }
};

/// The arcs of an edge list written by spgraph: an "undirected" header means each edge is
/// written once and stands for both arcs.
std::set<Edge> read_edge_list(const std::string& path) {
  std::set<Edge> arcs;
  std::ifstream in(path);
  std::string line;
  bool undirected = false;
  while (std::getline(in, line)) {
    if (line.rfind("# spgraph edge list:", 0) == 0)
      undirected = line.find(" undirected") != std::string::npos;
    if (line.empty() || line[0] == '#' || line[0] == '%') continue;
    std::istringstream ls(line);
    std::uint64_t u, v;
    if (ls >> u >> v) {
      arcs.insert({u, v});
      if (undirected) arcs.insert({v, u});
    }
  }
  return arcs;
}

/// Runs one random stream on a graph with `directed` arcs; checks every answer.
void check_random_stream(bool directed, std::uint64_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed) + (directed ? " directed" : " undirected"));
  std::mt19937_64 rng(seed);
  Model m;
  m.directed = directed;
  m.n = 30;
  std::ostringstream base;
  base << "# base graph, 0-based\n";
  for (int k = 0; k < 60; ++k) {
    const std::uint64_t u = rng() % 30, v = rng() % 30;
    m.insert(u, v);
    base << u << ' ' << v << '\n';
  }
  base << "29 29\n";  // vertex 29 exists
  m.insert(29, 29);
  std::ostringstream ups;
  std::vector<std::string> want;           // expected answer lines, in order, without the version
  std::vector<std::vector<double>> ranks;  // for a pagerank answer: the model's ranks
  for (int k = 0; k < 400; ++k) {
    const int r = int(rng() % 23);
    ranks.resize(want.size());
    const std::uint64_t limit = m.n + (rng() % 50 == 0 ? 3 : 0);
    const std::uint64_t u = rng() % limit, v = rng() % limit;
    if (r < 10) {
      ups << "+ " << u << ' ' << v << '\n';
      m.insert(u, v);
    } else if (r < 15) {
      ups << "-\t" << u << ' ' << v << "\r\n";
      m.erase(u, v);
    } else if (r < 16) {
      ups << "? edges\n";
      want.push_back("edges " + std::to_string(m.edges()));
    } else if (r < 17) {
      const std::uint64_t x = rng() % m.n;
      ups << "? degree " << x << '\n';
      want.push_back("degree vertex=" + std::to_string(x) +
                     " degree=" + std::to_string(m.degree(x)));
    } else if (r < 18 && !directed) {
      ups << "? triangles\n";
      want.push_back("triangles " + std::to_string(m.triangles()));
    } else if (r < 19) {
      const std::uint64_t x = rng() % m.n;
      ups << "? bfs " << x << '\n';
      const auto [reached, depth] = m.bfs(x);
      want.push_back("bfs source=" + std::to_string(x) + " reached=" + std::to_string(reached) +
                     " depth=" + std::to_string(depth));
    } else if (r == 20) {
      ups << "? cc\n";
      const auto [count, largest] = m.components();
      want.push_back("cc components=" + std::to_string(count) +
                     " largest=" + std::to_string(largest));
    } else if (r == 21) {
      const std::uint64_t x = rng() % m.n;
      ups << "? sssp " << x << '\n';
      const auto [reached, depth] = m.bfs(x);  // unit weights: distances are BFS levels
      want.push_back("sssp source=" + std::to_string(x) + " reached=" + std::to_string(reached) +
                     " max_distance=" + std::to_string(depth));
    } else if (r == 22) {
      ups << "? pagerank\n";
      auto [steps, rank] = m.pagerank();
      want.push_back("pagerank iterations=" + std::to_string(steps));
      ranks.resize(want.size());
      ranks.back() = std::move(rank);
    } else if (k % 2) {
      const std::uint64_t x = u % m.n;
      ups << "? kcore " << x << '\n';
      const auto [core, max_core] = m.core(x);
      want.push_back("kcore vertex=" + std::to_string(x) + " core=" + std::to_string(core) +
                     " max_core=" + std::to_string(max_core));
    } else {
      ups << "# a comment\n\n";
    }
  }
  ranks.resize(want.size());
  const std::string tag = std::to_string(seed) + (directed ? "d" : "u");
  const auto base_path = temp_file("base_" + tag + ".txt", base.str());
  const auto ups_path = temp_file("ups_" + tag + ".txt", ups.str());
  const auto out_path = temp_file("out_" + tag + ".txt");
  const std::string flags = " --base 0" + std::string(directed ? "" : " --undirected");
  CliRun r = run("stream " + base_path.string() + flags + " --updates " + ups_path.string() +
                 " --batch 7 --out " + out_path.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::istringstream lines(r.output);
  std::string line;
  std::size_t next = 0;
  while (std::getline(lines, line)) {
    const auto at = line.find(" version=");
    if (at == std::string::npos) continue;
    std::string answer = line.substr(0, at);
    answer = answer.substr(0, answer.find(" ms="));
    ASSERT_LT(next, want.size()) << line;
    if (!ranks[next].empty()) {
      // "pagerank iterations=K top=T rank=R": T has the largest rank of the model, R is its rank.
      const auto top_at = answer.find(" top=");
      EXPECT_EQ(answer.substr(0, top_at), want[next]) << "answer " << next;
      std::uint64_t top = 0;
      double rank = 0;
      ASSERT_EQ(std::sscanf(answer.c_str() + top_at, " top=%lu rank=%lf", &top, &rank), 2)
          << answer;
      const std::vector<double>& model = ranks[next];
      ASSERT_LT(top, model.size());
      EXPECT_NEAR(rank, model[top], 1e-9) << answer;
      EXPECT_GE(model[top], *std::max_element(model.begin(), model.end()) - 1e-12) << answer;
    } else {
      EXPECT_EQ(answer, want[next]) << "answer " << next;
    }
    ++next;
  }
  EXPECT_EQ(next, want.size());
  // The final graph, as written, against the model.
  EXPECT_EQ(read_edge_list(out_path.string()), m.arcs);
  // The final answers against the static commands on the final edge set loaded whole.
  std::ostringstream whole;
  for (const auto& [u, v] : m.arcs) whole << u << ' ' << v << '\n';
  const auto whole_path = temp_file("whole_" + tag + ".txt", whole.str());
  if (!directed) {
    CliRun tc = run("tc " + whole_path.string() + " --base 0 --undirected --json");
    ASSERT_EQ(tc.exit_code, 0) << tc.output;
    EXPECT_NE(tc.output.find("\"triangles\": " + std::to_string(m.triangles())), std::string::npos)
        << tc.output;
  }
  CliRun cc = run("cc " + whole_path.string() + flags + " --json");
  ASSERT_EQ(cc.exit_code, 0) << cc.output;
  EXPECT_NE(cc.output.find("\"components\": " + std::to_string(m.components().first)),
            std::string::npos)
      << cc.output;
  CliRun bfs = run("bfs " + whole_path.string() + flags + " --source 0 --json");
  ASSERT_EQ(bfs.exit_code, 0) << bfs.output;
  EXPECT_NE(bfs.output.find("\"reached\": " + std::to_string(m.bfs(0).first)), std::string::npos)
      << bfs.output;
  for (const auto& p : {base_path, ups_path, out_path, whole_path}) std::filesystem::remove(p);
}

TEST(StreamCli, RandomStreamsAnswerLikeAModelAndEndInTheModelGraph) {
  for (std::uint64_t seed : {3u, 4u}) {
    check_random_stream(false, seed);
    check_random_stream(true, seed);
  }
}

TEST(StreamCli, MalformedLinesAreReportedWithLineNumbersAndSkipped) {
  const auto base = temp_file("m_base.mtx",
                              "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 "
                              "2\n4 3\n");
  const auto ups = temp_file("m_ups.txt", "+ 1 3\n+ 2\n= 1 2 5\n? nosuch\n- 1 x\n? edges\n");
  CliRun r = run("stream " + base.string() + " --updates " + ups.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("m_ups.txt:2:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("m_ups.txt:3: a weight is given, but the graph is unweighted"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("m_ups.txt:4: unknown query 'nosuch'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("m_ups.txt:5:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("edges 4 version=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("4 malformed lines"), std::string::npos) << r.output;
  // --strict stops at the first one, naming it, and exits 1.
  CliRun s = run("stream " + base.string() + " --updates " + ups.string() + " --strict");
  EXPECT_EQ(s.exit_code, 1) << s.output;
  EXPECT_NE(s.output.find("m_ups.txt:2:"), std::string::npos) << s.output;
  EXPECT_EQ(s.output.find("edges 4"), std::string::npos) << s.output;
  std::filesystem::remove(base);
  std::filesystem::remove(ups);
}

TEST(StreamCli, TraversalQueriesReportMalformedRecordsAndNegativeWeights) {
  // 1 -> 2 (0.5), 2 -> 3 (1.5), directed and weighted; ids 1..3.
  const auto base = temp_file("t_base.mtx",
                              "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n2 3 "
                              "1.5\n");
  const auto ups = temp_file("t_ups.txt",
                             "? sssp\n? cc 1\n? pagerank now\n? sssp 1\n= 2 3 -1\n? sssp 1\n"
                             "? sssp 9\n? cc\n+ 3 1 2\n? pagerank\n");
  CliRun r = run("stream " + base.string() + " --updates " + ups.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* want :
       {"t_ups.txt:1: query 'sssp' expects 1 vertex id (the source), got 0",
        "t_ups.txt:2: query 'cc' takes no arguments, got 1",
        "t_ups.txt:3: query 'pagerank' takes no arguments, got 1",
        "sssp source=1 reached=3 max_distance=2 ms=",
        "t_ups.txt:6: sssp: arc 2 -> 3 has negative weight -1",
        "t_ups.txt:7: vertex 9 is not in the graph",
        "cc components=1 largest=3 ms=", "pagerank iterations=", "5 malformed lines"})
    EXPECT_NE(r.output.find(want), std::string::npos) << want << "\n" << r.output;
  // JSON: the answers are objects of the final report.
  CliRun j = run("stream " + base.string() + " --updates " + ups.string() + " --json");
  ASSERT_EQ(j.exit_code, 0) << j.output;
  for (const char* want :
       {"\"query\": \"sssp\"", "\"max_distance\": 2", "\"query\": \"cc\"", "\"components\": 1",
        "\"query\": \"pagerank\"", "\"top\": ", "\"iterations\": "})
    EXPECT_NE(j.output.find(want), std::string::npos) << want << "\n" << j.output;
  std::filesystem::remove(base);
  std::filesystem::remove(ups);
}

TEST(StreamCli, CommunitiesFollowTheStream) {
  // Two disjoint 5-cliques, then a third: Louvain finds the cliques, whose modularity is
  // 1 - c (1/c)^2 = 1 - 1/c for c equal disjoint cliques. Removing every edge leaves a graph
  // without edges, which has no modularity.
  std::ostringstream base, ups;
  auto clique = [](std::ostringstream& out, char op, int first) {
    for (int u = first; u < first + 5; ++u)
      for (int v = u + 1; v < first + 5; ++v)
        out << (op ? std::string(1, op) + " " : "") << u << ' ' << v << '\n';
  };
  clique(base, 0, 0);
  clique(base, 0, 5);
  ups << "? communities\n";
  clique(ups, '+', 10);
  ups << "? communities\n? communities now\n";
  clique(ups, '-', 0);
  clique(ups, '-', 5);
  clique(ups, '-', 10);
  ups << "? communities\n";
  const auto base_path = temp_file("c_base.txt", base.str());
  const auto ups_path = temp_file("c_ups.txt", ups.str());
  CliRun r =
      run("stream " + base_path.string() + " --base 0 --undirected --updates " + ups_path.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* want :
       {"communities method=louvain communities=2 modularity=0.500000 largest=5 ms=",
        "communities method=louvain communities=3 modularity=0.666667 largest=5 ms=",
        "c_ups.txt:13: query 'communities' takes no arguments, got 1",
        "communities method=louvain communities=15 modularity=none largest=1 ms="})
    EXPECT_NE(r.output.find(want), std::string::npos) << want << "\n" << r.output;
  CliRun j = run("stream " + base_path.string() + " --base 0 --undirected --json --updates " +
                 ups_path.string());
  ASSERT_EQ(j.exit_code, 0) << j.output;
  for (const char* want :
       {"\"query\": \"communities\"", "\"modularity\": 0.5", "\"modularity\": null"})
    EXPECT_NE(j.output.find(want), std::string::npos) << want << "\n" << j.output;
  std::filesystem::remove(base_path);
  std::filesystem::remove(ups_path);
}

TEST(StreamCli, ReadsStandardInputAndRefusesNewVerticesWithNoGrow) {
  const auto base = temp_file("s_base.mtx",
                              "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n2 3 "
                              "1.5\n");
  CliRun r = run("stream " + base.string() + " --updates - --json < /dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"edges\": 2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"directed\": true"), std::string::npos) << r.output;
  const auto ups = temp_file("s_ups.txt", "+ 1 7 2.5\n= 1 2 4\n? edges\n");
  CliRun grow = run("stream " + base.string() + " -u - < " + ups.string());
  ASSERT_EQ(grow.exit_code, 0) << grow.output;
  EXPECT_NE(grow.output.find("edges 3"), std::string::npos) << grow.output;
  EXPECT_NE(grow.output.find("7 vertices"), std::string::npos) << grow.output;
  CliRun fixed = run("stream " + base.string() + " -u - --no-grow < " + ups.string());
  ASSERT_EQ(fixed.exit_code, 0) << fixed.output;
  EXPECT_NE(fixed.output.find("<stdin>:1: vertex 7 is not in the graph"), std::string::npos)
      << fixed.output;
  EXPECT_NE(fixed.output.find("edges 2"), std::string::npos) << fixed.output;
  std::filesystem::remove(base);
  std::filesystem::remove(ups);
}

}  // namespace
