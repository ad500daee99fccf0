// SPDX-License-Identifier: Apache-2.0
// `spgraph serve` end to end (docs/server.md): the real binary on a free port, driven by
// cpp-httplib's own client. Checked against independent oracles: the bundled wiki-Vote graph's
// known answers (data/README.md), and a brute-force set model of small random graphs (edges,
// degrees, BFS reach, Dijkstra distances) after text and JSON update bodies. Also: concurrent
// writers and readers (versions never go back, every reply is consistent with its version,
// the final graph equals the model, a query after an acknowledged update sees it), bad
// requests (400 naming the line, nothing applied), 404, 413, a clean SIGTERM exit, and a
// server killed with SIGKILL and restarted on its --store losing nothing it acknowledged.
// No sleeps: the port is read from the server's first line (with a deadline), and every
// check follows an acknowledged reply.
#include <httplib.h>
#include <poll.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <queue>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/cli/serve_process.hpp"
#include "tests/support/spgraph_cli.hpp"

namespace spgraph::testing {
namespace {

using Json = nlohmann::json;

Json get(httplib::Client& c, const std::string& path, int want = 200) {
  auto r = c.Get(path.c_str());
  EXPECT_TRUE(r) << path;
  if (!r) return {};
  EXPECT_EQ(r->status, want) << path << ": " << r->body;
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/json") << path;
  return Json::parse(r->body, nullptr, false);
}

Json post(httplib::Client& c, const std::string& body, int want = 200,
          const char* type = "text/plain") {
  auto r = c.Post("/updates", body, type);
  EXPECT_TRUE(r);
  if (!r) return {};
  EXPECT_EQ(r->status, want) << body.substr(0, 200) << ": " << r->body;
  return Json::parse(r->body, nullptr, false);
}

/// A brute-force graph: a set of edges ((min, max) when undirected) over n vertices, with
/// weights.
struct Model {
  bool directed = false;
  long n = 0;
  std::map<std::pair<long, long>, double> edges;

  std::pair<long, long> key(long u, long v) const {
    return directed ? std::pair{u, v} : std::pair{std::min(u, v), std::max(u, v)};
  }
  void insert(long u, long v, double w = 1) {
    n = std::max(n, std::max(u, v) + 1);
    edges.emplace(key(u, v), w);
  }
  void erase(long u, long v) { edges.erase(key(u, v)); }
  void assign(long u, long v, double w) {
    auto it = edges.find(key(u, v));
    if (it != edges.end()) it->second = w;
  }
  std::vector<std::vector<std::pair<long, double>>> adjacency() const {
    std::vector<std::vector<std::pair<long, double>>> adj(static_cast<std::size_t>(n));
    for (const auto& [e, w] : edges) {
      adj[std::size_t(e.first)].push_back({e.second, w});
      if (!directed && e.first != e.second) adj[std::size_t(e.second)].push_back({e.first, w});
    }
    return adj;
  }
  long degree(long u) const { return long(adjacency()[std::size_t(u)].size()); }
  long reached(long s) const {
    const auto adj = adjacency();
    std::vector<bool> seen(static_cast<std::size_t>(n));
    std::queue<long> q;
    q.push(s);
    seen[std::size_t(s)] = true;
    long count = 0;
    while (!q.empty()) {
      const long u = q.front();
      q.pop();
      ++count;
      for (const auto& [v, w] : adj[std::size_t(u)])
        if (!seen[std::size_t(v)]) seen[std::size_t(v)] = true, q.push(v);
    }
    return count;
  }
  /// The largest finite Dijkstra distance from s (brute force, O(n^2)).
  double max_distance(long s) const {
    const auto adj = adjacency();
    std::vector<double> d(static_cast<std::size_t>(n), 1e300);
    std::vector<bool> done(static_cast<std::size_t>(n));
    d[std::size_t(s)] = 0;
    for (long it = 0; it < n; ++it) {
      long u = -1;
      for (long x = 0; x < n; ++x)
        if (!done[std::size_t(x)] && (u < 0 || d[std::size_t(x)] < d[std::size_t(u)])) u = x;
      if (u < 0 || d[std::size_t(u)] >= 1e300) break;
      done[std::size_t(u)] = true;
      for (const auto& [v, w] : adj[std::size_t(u)])
        d[std::size_t(v)] = std::min(d[std::size_t(v)], d[std::size_t(u)] + w);
    }
    double m = 0;
    for (double x : d)
      if (x < 1e300) m = std::max(m, x);
    return m;
  }
};

TEST(ServeCli, BundledGraphHasItsKnownAnswers) {
  const std::string wiki = std::string(SPGRAPH_SOURCE_DIR) + "/data/wiki-Vote.txt";
  // Brute force from the file itself: its undirected edges and vertex count.
  Model m;
  {
    std::ifstream in(wiki);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream f(line);
      long u = 0, v = 0;
      f >> u >> v;
      m.insert(u, v);
    }
  }
  Server s = start_server({wiki, "--undirected", "--base", "0"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  const Json h = get(c, "/health");
  EXPECT_EQ(h["status"], "ok");
  EXPECT_EQ(h["version"], 0);
  const Json e = get(c, "/edges");
  EXPECT_EQ(e["edges"], m.edges.size());
  EXPECT_EQ(e["vertices"], m.n);
  EXPECT_EQ(e["directed"], false);
  EXPECT_EQ(get(c, "/triangles")["triangles"], 608389);  // data/README.md
  EXPECT_EQ(get(c, "/cc")["largest"], 7066);
  EXPECT_EQ(get(c, "/bfs?source=30")["reached"], m.reached(30));
  EXPECT_EQ(get(c, "/degree?vertex=30")["degree"], m.degree(30));
  // The triangle count is kept up to date once asked for: join two unlinked neighbours x, y
  // of vertex 30, which closes one triangle per common neighbour (brute force on the model).
  const auto adj = m.adjacency();
  std::vector<std::set<long>> nb(adj.size());
  for (std::size_t u = 0; u < adj.size(); ++u)
    for (const auto& [v, w] : adj[u]) nb[u].insert(v);
  long x = -1, y = -1;
  for (long a : nb[30])
    for (long b : nb[30])
      if (x < 0 && a < b && !nb[std::size_t(a)].count(b)) x = a, y = b;
  ASSERT_GE(x, 0);
  long common = 0;
  for (long z : nb[std::size_t(x)]) common += nb[std::size_t(y)].count(z);
  const std::string xy = std::to_string(x) + " " + std::to_string(y);
  const Json r = post(c, "+ " + xy + "\n- " + xy + "\n+ " + xy + "\n");
  EXPECT_EQ(r["version"], 1);  // in batch order: x-y present at the end
  const Json t = get(c, "/triangles");
  EXPECT_EQ(t["triangles"], 608389 + common);
  EXPECT_EQ(t["version"], 1);
  EXPECT_EQ(get(c, "/edges")["edges"], m.edges.size() + 1);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

// GET /knn with the common-neighbours measure against brute force on the model, after updates
// (so the answer is read from a snapshot of the dynamic graph, not from the file): each answer
// is neither the query nor one of its neighbours, its score is its common-neighbour count, and
// the scores are the k largest over every candidate. Bad parameters are 400.
TEST(ServeCli, KnnMatchesBruteForceCommonNeighbours) {
  const std::string karate = std::string(SPGRAPH_SOURCE_DIR) + "/tests/data/karate.mtx";
  Model m;  // 0-based; the server speaks karate's 1-based ids
  {
    std::ifstream in(karate);
    std::string line;
    bool size_line = true;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '%') continue;
      if (size_line) {
        size_line = false;
        continue;
      }
      std::istringstream f(line);
      long u = 0, v = 0;
      f >> u >> v;
      m.insert(u - 1, v - 1);
    }
  }
  Server s = start_server({karate});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  post(c, "+ 1 20\n- 1 2\n+ 5 30\n");
  m.insert(0, 19);
  m.erase(0, 1);
  m.insert(4, 29);
  const auto adj = m.adjacency();
  std::vector<std::set<long>> nb(adj.size());
  for (std::size_t u = 0; u < adj.size(); ++u)
    for (const auto& [v, w] : adj[u]) nb[u].insert(v);
  for (long q : {0L, 4L, 33L}) {
    SCOPED_TRACE("vertex " + std::to_string(q + 1));
    std::vector<long> scores;
    for (long x = 0; x < m.n; ++x) {
      if (x == q || nb[std::size_t(q)].count(x)) continue;
      long common = 0;
      for (long z : nb[std::size_t(x)]) common += nb[std::size_t(q)].count(z);
      if (common > 0) scores.push_back(common);
    }
    std::sort(scores.rbegin(), scores.rend());
    const Json r = get(c, "/knn?vertex=" + std::to_string(q + 1) + "&k=5&measure=common");
    EXPECT_EQ(r["version"], 1);
    ASSERT_EQ(r["found"], std::min<std::size_t>(5, scores.size()));
    for (std::size_t i = 0; i < r["neighbors"].size(); ++i) {
      const long x = r["neighbors"][i]["vertex"].get<long>() - 1;
      ASSERT_TRUE(x >= 0 && x < m.n && x != q && !nb[std::size_t(q)].count(x)) << x + 1;
      long common = 0;
      for (long z : nb[std::size_t(x)]) common += nb[std::size_t(q)].count(z);
      EXPECT_EQ(r["neighbors"][i]["score"].get<double>(), double(common)) << x + 1;
      EXPECT_EQ(common, scores[i]) << "rank " << i;
    }
  }
  get(c, "/knn?vertex=1&k=0", 400);
  get(c, "/knn?vertex=1&measure=nearest", 400);
  get(c, "/knn?vertex=35", 400);
  EXPECT_EQ(get(c, "/knn?vertex=1")["measure"], "jaccard");
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

// --json: the first line is a JSON object naming the port, which serves; after SIGTERM the
// last line is a JSON object saying how many batches were applied; the exit code is 0.
TEST(ServeCli, JsonFirstAndLastLinesParse) {
  const std::string karate = std::string(SPGRAPH_SOURCE_DIR) + "/tests/data/karate.mtx";
  std::vector<std::string> a{"serve", karate, "--port", "0", "--json"};
  Server s;
  s.log = temp_file("serve_json_err.txt").string();
  s.child = spawn_spgraph(a, "", s.log, true, false);
  s.first_line = read_line(s.child, 60);
  const Json first = Json::parse(s.first_line, nullptr, false);
  ASSERT_TRUE(first.is_object()) << s.first_line << read_file(s.log);
  ASSERT_TRUE(first["port"].is_number_unsigned()) << s.first_line;
  s.port = first["port"].get<int>();
  EXPECT_EQ(first["listening"], "http://127.0.0.1:" + std::to_string(s.port));
  EXPECT_EQ(first["vertices"], 34);
  EXPECT_EQ(first["edges"], 78);
  EXPECT_EQ(first["version"], 0);
  EXPECT_TRUE(first["store"].is_null());
  httplib::Client c("127.0.0.1", s.port);
  EXPECT_EQ(post(c, "+ 1 34\n")["version"], 1);
  kill(s.child.pid, SIGTERM);
  std::string rest;
  char buf[4096];
  for (ssize_t k; (k = read(s.child.stdout_fd, buf, sizeof buf)) > 0;)
    rest.append(buf, std::size_t(k));
  EXPECT_TRUE(exited_ok(wait_child(s.child))) << read_file(s.log);
  const Json last = Json::parse(rest, nullptr, false);
  ASSERT_TRUE(last.is_object()) << rest;
  EXPECT_EQ(last["version"], 1);
  EXPECT_EQ(last["batches_applied"], 1);
  EXPECT_EQ(last["batches_refused"], 0);
}

TEST(ServeCli, TextAndJsonBodiesOnASmallGraph) {
  const auto g = temp_file("serve_g.txt", "0 1\n1 2\n2 0\n3 4\n");
  Server s = start_server({g.string(), "--undirected"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  EXPECT_EQ(get(c, "/edges")["edges"], 4);
  EXPECT_EQ(get(c, "/triangles")["triangles"], 1);
  // Text body: a comment, inserts (one growing the graph), an erase; CRLF line ends.
  Json r = post(c, "# comment\r\n+ 2 3\r\n+ 0 3\n- 3 4\n+ 7 8\n");
  EXPECT_EQ(r["version"], 1);
  EXPECT_EQ(r["applied"], 4);
  EXPECT_EQ(r["inserted"], 3);
  EXPECT_EQ(r["erased"], 1);
  EXPECT_EQ(r["vertices"], 9);
  // JSON, recognised by its first character whatever the content type.
  r = post(
      c,
      R"( [{"op":"insert","u":1,"v":3},{"op":"erase","u":7,"v":8},{"op":"insert","u":3,"v":1}])");
  EXPECT_EQ(r["version"], 2);
  EXPECT_EQ(r["inserted"], 1);
  EXPECT_EQ(r["erased"], 1);
  EXPECT_EQ(r["ignored"], 1);
  // An erase naming vertices the graph does not have never grows it: counted as missing.
  r = post(c, "[{\"op\":\"erase\",\"u\":50,\"v\":60}]", 200, "application/json");
  EXPECT_EQ(r["missing"], 1);
  EXPECT_EQ(r["vertices"], 9);
  // A body of comments only applies nothing and makes no version.
  r = post(c, "# nothing\n\n");
  EXPECT_EQ(r["applied"], 0);
  EXPECT_EQ(r["version"], 3);
  // Edges: 01 12 20 23 03 13 = 6; triangles 012 023 123 013 = 4.
  const Json e = get(c, "/edges");
  EXPECT_EQ(e["edges"], 6);
  EXPECT_EQ(e["vertices"], 9);
  EXPECT_EQ(e["version"], 3);
  EXPECT_EQ(get(c, "/triangles")["triangles"], 4);
  EXPECT_EQ(get(c, "/degree?vertex=3")["degree"], 3);
  EXPECT_EQ(get(c, "/bfs?source=4")["reached"], 1);
  const Json b = get(c, "/bfs?source=0");
  EXPECT_EQ(b["reached"], 4);
  EXPECT_EQ(b["depth"], 1);
  EXPECT_EQ(b["version"], 3);
  const Json cc = get(c, "/cc");
  EXPECT_EQ(cc["largest"], 4);
  EXPECT_EQ(cc["components"], 6);  // {0,1,2,3} and 4, 5, 6, 7, 8 alone
  EXPECT_EQ(get(c, "/sssp?source=2")["reached"], 4);
  const Json pr = get(c, "/pagerank");
  EXPECT_TRUE(pr["top"].is_number());
  EXPECT_GT(pr["iterations"].get<long>(), 0);
  const Json st = get(c, "/stats");
  EXPECT_EQ(st["version"], 3);
  EXPECT_EQ(st["batches_applied"], 3);
  EXPECT_EQ(st["updates_applied"], 8);
  EXPECT_EQ(st["requests"]["/updates"], 4);
  EXPECT_EQ(st["requests"]["/triangles"], 2);
  EXPECT_EQ(st["format"]["live"], 12);  // 6 edges, both arcs
  EXPECT_TRUE(st["store"].is_null());
  EXPECT_GE(st["uptime_seconds"].get<double>(), 0.0);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

/// Random batches (text and JSON, inserts with self-loops and duplicates, erases of present
/// and absent edges, growth) against the model, on directed and undirected graphs numbered
/// from 0 and from 1.
TEST(ServeCli, RandomBatchesAgreeWithABruteForceModel) {
  for (const bool directed : {false, true}) {
    for (const int base : {0, 1}) {
      SCOPED_TRACE(std::string(directed ? "directed" : "undirected") + " base " +
                   std::to_string(base));
      std::mt19937 rng(7 + 2 * base + directed);
      Model m;
      m.directed = directed;
      std::string file;
      for (int k = 0; k < 40; ++k) {
        const long u = long(rng() % 30), v = long(rng() % 30);
        m.insert(u, v);
        file += std::to_string(u + base) + " " + std::to_string(v + base) + "\n";
      }
      m.n = 30;  // the file names vertex 29 (or 30): make sure of it
      file += std::to_string(29 + base) + " " + std::to_string(29 + base) + "\n";
      m.insert(29, 29);
      const auto g = temp_file("serve_rand.txt", file);
      std::vector<std::string> args{g.string(), "--base", std::to_string(base)};
      if (!directed) args.push_back("--undirected");
      Server s = start_server(args);
      ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
      httplib::Client c("127.0.0.1", s.port);
      ASSERT_EQ(get(c, "/edges")["edges"], m.edges.size());
      for (int batch = 1; batch <= 25; ++batch) {
        const bool json = batch % 2 == 0;
        Json arr = Json::array();
        std::string text;
        for (int k = 0; k < 12; ++k) {
          const long u = long(rng() % 36), v = long(rng() % 36);  // up to 6 new vertices
          const bool erase = rng() % 3 == 0;
          if (erase) {
            if (u < m.n && v < m.n) m.erase(u, v);  // else: missing, and no growth
          } else {
            m.insert(u, v);
          }
          const std::string op = erase ? "erase" : "insert";
          arr.push_back({{"op", op}, {"u", u + base}, {"v", v + base}});
          text += (erase ? "- " : "+ ") + std::to_string(u + base) + " " +
                  std::to_string(v + base) + "\n";
        }
        const Json r = json ? post(c, arr.dump(), 200, "application/json") : post(c, text);
        ASSERT_EQ(r["version"], batch);
        const Json e = get(c, "/edges");
        EXPECT_EQ(e["version"], batch);
        EXPECT_EQ(e["edges"], m.edges.size());
        EXPECT_EQ(e["vertices"], m.n);
        const long x = long(rng() % std::uint64_t(m.n));
        EXPECT_EQ(get(c, "/degree?vertex=" + std::to_string(x + base))["degree"], m.degree(x))
            << "vertex " << x + base;
        const Json b = get(c, "/bfs?source=" + std::to_string(x + base));
        EXPECT_EQ(b["reached"], m.reached(x)) << "source " << x + base;
        EXPECT_EQ(b["source"], x + base);
      }
      get(c, "/degree?vertex=" + std::to_string(m.n + base), 400);
      if (base == 1) get(c, "/degree?vertex=0", 400);
      EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
    }
  }
}

TEST(ServeCli, WeightedUpdatesAndShortestPaths) {
  const auto g = temp_file("serve_w.txt", "0 1 2.5\n1 2 1\n0 2 10\n");
  Server s = start_server({g.string(), "--undirected"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  Model m;
  m.insert(0, 1, 2.5);
  m.insert(1, 2, 1);
  m.insert(0, 2, 10);
  EXPECT_DOUBLE_EQ(get(c, "/sssp?source=0")["max_distance"].get<double>(), m.max_distance(0));
  Json r = post(c, "= 1 2 9\n+ 2 3 0.25\n= 5 6 1\n");
  EXPECT_EQ(r["assigned"], 1);
  EXPECT_EQ(r["missing"], 1);  // = 5 6: absent vertices, no growth
  EXPECT_EQ(r["vertices"], 4);
  m.assign(1, 2, 9);
  m.insert(2, 3, 0.25);
  r = post(c, R"([{"op":"assign","u":0,"v":2,"w":3},{"op":"insert","u":3,"v":4,"w":0.5}])", 200,
           "application/json");
  EXPECT_EQ(r["assigned"], 1);
  m.assign(0, 2, 3);
  m.insert(3, 4, 0.5);
  for (long src = 0; src < m.n; ++src) {
    const Json d = get(c, "/sssp?source=" + std::to_string(src));
    EXPECT_DOUBLE_EQ(d["max_distance"].get<double>(), m.max_distance(src)) << src;
    EXPECT_EQ(d["reached"], m.reached(src));
  }
  // A negative weight: sssp is refused with the reason.
  post(c, "+ 0 4 -1\n");
  EXPECT_TRUE(get(c, "/sssp?source=0", 400)["error"].is_string());
  EXPECT_EQ(get(c, "/stats")["weighted"], true);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

// --maintain: the maintained answers equal a brute-force model after each update, say
// "maintained": true (the others false), /stats lists the views, and with sssp maintained a
// batch giving a negative weight is refused whole (400) and changes nothing.
TEST(ServeCli, MaintainedViewsAnswerLikeTheModel) {
  const auto g = temp_file("serve_views.txt", "1 2 2.5\n2 3 1\n1 3 10\n");
  Server s = start_server({g.string(), "--undirected", "--maintain", "cc,bfs:1,sssp:1,pagerank"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  Model m;
  m.insert(0, 1, 2.5);
  m.insert(1, 2, 1);
  m.insert(0, 2, 10);
  const auto check = [&](const std::string& where) {
    SCOPED_TRACE(where);
    const Json d = get(c, "/sssp?source=1");
    EXPECT_EQ(d["maintained"], true);
    EXPECT_DOUBLE_EQ(d["max_distance"].get<double>(), m.max_distance(0));
    EXPECT_EQ(d["reached"], m.reached(0));
    const Json b = get(c, "/bfs?source=1");
    EXPECT_EQ(b["maintained"], true);
    EXPECT_EQ(b["reached"], m.reached(0));
    const Json cc = get(c, "/cc");
    EXPECT_EQ(cc["maintained"], true);
    EXPECT_EQ(get(c, "/pagerank")["maintained"], true);
    EXPECT_EQ(get(c, "/bfs?source=2")["maintained"], false);  // no view from 2
  };
  check("start");
  post(c, "+ 3 4 0.5\n- 1 2\n+ 5 6 1\n");
  m.insert(2, 3, 0.5);
  m.erase(0, 1);
  m.insert(4, 5, 1);
  check("after a batch");
  EXPECT_EQ(get(c, "/cc")["components"], 2);
  const Json refused = post(c, "+ 1 4 -1\n+ 1 5 1\n", 400);
  EXPECT_NE(refused["error"].get<std::string>().find("weights >= 0"), std::string::npos)
      << refused.dump();
  check("after a refused batch");
  const Json stats = get(c, "/stats");
  ASSERT_EQ(stats["views"].size(), 4u) << stats.dump();
  EXPECT_EQ(stats["views"][0]["name"], "cc");
  EXPECT_EQ(stats["views"][1]["name"], "bfs:1");  // the file's id, not the dense 0
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeCli, BadRequestsAre400AndChangeNothing) {
  const auto g = temp_file("serve_bad.txt", "0 1\n");
  Server s = start_server({g.string(), "--max-body", "1000", "--max-vertices", "100"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  // Each body has a good first update; the whole body is refused.
  const std::vector<std::pair<std::string, std::string>> bodies = {
      {"+ 1 2\n+ x 3\n", "line 2"},
      {"+ 1 2\n? bfs 1\n", "line 2"},
      {"+ 1 2\n\n+ 1\n", "line 3"},
      {"+ 1 2\n= 0 1 2.5\n", "line 2: a weight"},
      {"+ 1 2\n+ 1 2 0.5\n", "unweighted"},
      {"+ 1 2\n+ 1 500\n", "--max-vertices"},
      {"+ 1 2\n- 1 2 3\n", "line 2"},
      {"[{\"op\":\"insert\",\"u\":1,\"v\":2},{\"op\":\"insert\",\"u\":1}]", "element 1"},
      {"[{\"op\":\"move\",\"u\":1,\"v\":2}]", "element 0"},
      {"[1, 2]", "element 0"},
      {"[{\"op\":\"insert\",\"u\":-1,\"v\":2}]", "element 0"},
      {"[{\"op\":\"insert\",\"u\":1.5,\"v\":2}]", "element 0"},
      {"[{\"op\":\"insert\",\"u\":1,\"v\":2,\"x\":0}]", "unknown field"},
      {"[{\"op\":\"insert\",\"u\":1,\"v\":2}", "not valid JSON"},
      {"{\"op\":\"insert\"}", "array"},
      {"+ 1 2\n+ \xff 3\n", "line 2"},
      {"[{\"op\":\"\xff\",\"u\":1,\"v\":2}]", "not valid JSON"},
  };
  for (const auto& [body, reason] : bodies) {
    const bool json = body[0] == '[' || body[0] == '{';
    const Json r = post(c, body, 400, json ? "application/json" : "text/plain");
    ASSERT_TRUE(r["error"].is_string()) << body;
    EXPECT_NE(r["error"].get<std::string>().find(reason), std::string::npos)
        << body << " -> " << r["error"];
  }
  Json e = get(c, "/edges");
  EXPECT_EQ(e["version"], 0) << "a refused body applied something";
  EXPECT_EQ(e["edges"], 1);
  EXPECT_EQ(e["vertices"], 2);
  auto big = c.Post("/updates", std::string(5000, '#'), "text/plain");
  ASSERT_TRUE(big);
  EXPECT_EQ(big->status, 413);
  EXPECT_TRUE(Json::parse(big->body, nullptr, false)["error"].is_string());
  EXPECT_TRUE(get(c, "/nothing", 404)["error"].is_string());
  auto wrong_method = c.Get("/updates");
  ASSERT_TRUE(wrong_method);
  EXPECT_EQ(wrong_method->status, 405);  // /updates takes POST
  get(c, "/bfs", 400);
  get(c, "/bfs?source=abc", 400);
  get(c, "/bfs?source=-1", 400);
  EXPECT_TRUE(get(c, "/bfs?source=%FF", 400)["error"].is_string());  // not UTF-8, still JSON
  get(c, "/bfs?source=99999999999999999999999", 400);
  get(c, "/degree?vertex=2", 400);
  get(c, "/sssp", 400);
  get(c, "/triangles", 400);  // a directed graph
  e = get(c, "/edges");
  EXPECT_EQ(e["version"], 0);
  EXPECT_EQ(e["edges"], 1);
  // The graph still takes a good body, and the limit is exactly --max-vertices.
  EXPECT_EQ(post(c, "+ 1 99\n")["vertices"], 100);
  EXPECT_GE(get(c, "/stats")["bad_requests"], long(bodies.size()) + 10);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeCli, RefusesWhatItCannotServe) {
  CliRun r = run("serve --port 0");
  EXPECT_NE(r.exit_code, 0) << r.output;
  const std::string empty = temp_file("serve_empty_store").string();
  std::filesystem::remove_all(empty);
  r = run("serve --store " + empty + " --port 0");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("holds no store"), std::string::npos) << r.output;
  r = run("serve --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("authentication"), std::string::npos) << r.output;
}

TEST(ServeCli, ConcurrentWritersAndReaders) {
  const auto g = temp_file("serve_conc.txt", "0 1\n");
  Server s = start_server({g.string(), "--undirected"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  constexpr int kWriters = 4, kPosts = 25, kPerPost = 20;
  std::atomic<bool> writing{true};
  std::atomic<int> failures{0}, reads{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t)
    readers.emplace_back([&, t] {
      httplib::Client c("127.0.0.1", s.port);
      long last = -1;
      // At least 20 reads each, then until the writers are done.
      for (int k = 0; k < 20 || writing.load(); ++k) {
        const bool degree = t == 0;
        auto r = c.Get(degree ? "/degree?vertex=0" : "/edges");
        if (!r || r->status != 200) {
          ++failures;
          continue;
        }
        ++reads;
        const Json j = Json::parse(r->body);
        const long v = j["version"].get<long>();
        // Versions never go back; every batch adds kPerPost new edges (vertex 0 gets one edge
        // per batch), so a consistent reply satisfies these exactly.
        if (v < last) ++failures;
        if (!degree && j["edges"].get<long>() != 1 + kPerPost * v) ++failures;
        if (degree && j["degree"].get<long>() != 1 + v) ++failures;
        last = v;
      }
    });
  std::vector<std::thread> writers;
  std::vector<std::vector<long>> versions(kWriters);
  for (int t = 0; t < kWriters; ++t)
    writers.emplace_back([&, t] {
      httplib::Client c("127.0.0.1", s.port);
      for (int p = 0; p < kPosts; ++p) {
        Json arr = Json::array();
        std::string text;
        for (int k = 0; k < kPerPost; ++k) {
          const int id = (t * kPosts + p) * kPerPost + k;
          // The first edge of each batch touches vertex 0.
          const int u = k == 0 ? 0 : 10 + 2 * id, v = 11 + 2 * id;
          arr.push_back({{"op", "insert"}, {"u", u}, {"v", v}});
          text += "+ " + std::to_string(u) + " " + std::to_string(v) + "\n";
        }
        auto r = p % 2 ? c.Post("/updates", arr.dump(), "application/json")
                       : c.Post("/updates", text, "text/plain");
        if (!r || r->status != 200) {
          ++failures;
          continue;
        }
        const long v = Json::parse(r->body)["version"].get<long>();
        versions[std::size_t(t)].push_back(v);
        // A query after an acknowledged update sees it.
        auto q = c.Get("/edges");
        if (!q || Json::parse(q->body)["version"].get<long>() < v) ++failures;
      }
    });
  for (auto& w : writers) w.join();
  writing = false;
  for (auto& r : readers) r.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GE(reads.load(), 60);
  std::set<long> all;
  for (const auto& vs : versions) {
    EXPECT_EQ(vs.size(), std::size_t(kPosts));
    EXPECT_TRUE(std::is_sorted(vs.begin(), vs.end()));
    all.insert(vs.begin(), vs.end());
  }
  EXPECT_EQ(all.size(), std::size_t(kWriters * kPosts)) << "each batch has its own version";
  httplib::Client c("127.0.0.1", s.port);
  const Json e = get(c, "/edges");
  EXPECT_EQ(e["edges"], 1 + kWriters * kPosts * kPerPost);
  EXPECT_EQ(e["version"], kWriters * kPosts);
  EXPECT_EQ(get(c, "/degree?vertex=0")["degree"], 1 + kWriters * kPosts);
  const Json st = get(c, "/stats");
  EXPECT_EQ(st["batches_applied"], kWriters * kPosts);
  EXPECT_LE(st["commit_groups"].get<long>(), kWriters * kPosts);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeCli, AKilledServerRestartedOnItsStoreLosesNothingAcknowledged) {
  const auto g = temp_file("serve_store_g.txt", "1 2\n");  // numbered from 1
  const std::string dir = temp_file("serve_store").string();
  std::filesystem::remove_all(dir);
  Server s = start_server({g.string(), "--undirected", "--base", "1", "--store", dir});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  Model m;
  m.insert(1, 2);
  long acked = 0;
  // Concurrent clients, so that the writer commits groups of batches.
  {
    std::vector<std::thread> clients;
    std::mutex model_mutex;
    std::atomic<long> last{0};
    for (int t = 0; t < 3; ++t)
      clients.emplace_back([&, t] {
        httplib::Client c("127.0.0.1", s.port);
        for (int p = 0; p < 10; ++p) {
          const long u = 3 + 10 * t + p, v = 100 + 10 * t + p;
          const std::string body = "+ " + std::to_string(u) + " " + std::to_string(v) + "\n+ 1 " +
                                   std::to_string(u) + "\n";
          auto r = c.Post("/updates", body, "text/plain");
          if (!r || r->status != 200) continue;
          std::lock_guard<std::mutex> lock(model_mutex);
          m.insert(u, v);
          m.insert(1, u);
          last = std::max(last.load(), Json::parse(r->body)["version"].get<long>());
        }
      });
    for (auto& t : clients) t.join();
    acked = last.load();
  }
  ASSERT_EQ(acked, 30);
  {
    httplib::Client c("127.0.0.1", s.port);
    const Json st = get(c, "/stats");
    EXPECT_GT(st["store"]["log_bytes"].get<long>(), 0);
    EXPECT_EQ(post(c, "- 1 2\n")["erased"], 1);  // acknowledged, then the kill
    m.erase(1, 2);
    ++acked;
  }
  const int status = stop_server(s, SIGKILL);
  EXPECT_TRUE(WIFSIGNALED(status));
  // Restarted on the store alone; then again with the graph file too (it is ignored).
  for (const bool with_file : {false, true}) {
    std::vector<std::string> args{"--store", dir};
    if (with_file) args.insert(args.begin(), g.string());
    Server again = start_server(args);
    ASSERT_GT(again.port, 0) << again.first_line << read_file(again.log);
    httplib::Client c("127.0.0.1", again.port);
    const Json e = get(c, "/edges");
    EXPECT_EQ(e["version"], acked);
    EXPECT_EQ(e["edges"], m.edges.size());
    EXPECT_EQ(get(c, "/degree?vertex=1")["degree"], m.degree(1));
    EXPECT_EQ(get(c, "/bfs?source=1")["reached"], m.reached(1));
    get(c, "/degree?vertex=0", 400);  // the store keeps the numbering from 1
    EXPECT_EQ(get(c, "/stats")["store"]["directory"], dir);
    // It goes on taking updates after recovery; a clean stop keeps them too.
    const Json r = post(c, "+ 500 501\n");
    EXPECT_EQ(r["version"], acked + 1);
    m.insert(500, 501);
    ++acked;
    EXPECT_TRUE(exited_ok(stop_server(again))) << read_file(again.log);
    if (with_file) {
      EXPECT_NE(read_file(again.log).find("is ignored"), std::string::npos);
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace spgraph::testing
