// SPDX-License-Identifier: Apache-2.0
// The per-vertex endpoints, the id options, the OpenAPI description and the status page of
// `spgraph serve` (docs/server.md), on the real binary through cpp-httplib's client. Oracles:
// a brute-force model of random graphs read from the same edge list (BFS levels by a plain
// queue, weakly connected components by union-find, out- and in-neighbours and weights from
// the arcs, the degree histogram by counting, PageRank by the GAP power iteration written out
// in full), for directed and undirected graphs with self-loops, duplicate lines and isolated
// vertices, numbered from 0 and from 1; a remapped file of string names (with characters that
// need URL encoding) and one of sparse integers, queried and grown by name; refused bodies
// naming new vertices (a bad later line, past --max-vertices), which must leave the vertex
// count and the name lookups as they were, and concurrent posters of new names, which must
// get distinct vertices (checked by each name's edges) and one vertex per shared name; and
// the route table, checked from outside: every path /openapi.json lists answers, every path
// the server answers is listed.
#include <httplib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <queue>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/cli/serve_process.hpp"
#include "tests/support/spgraph_cli.hpp"

namespace spgraph::testing {
namespace {

using Json = nlohmann::json;
using NeighborList = std::vector<std::pair<long, double>>;

Json get(httplib::Client& c, const std::string& path, int want = 200) {
  auto r = c.Get(path.c_str());
  EXPECT_TRUE(r) << path;
  if (!r) return {};
  EXPECT_EQ(r->status, want) << path << ": " << r->body;
  return Json::parse(r->body, nullptr, false);
}

Json post(httplib::Client& c, const std::string& body, int want = 200,
          const char* type = "text/plain") {
  auto r = c.Post("/updates", body, type);
  EXPECT_TRUE(r);
  if (!r) return {};
  EXPECT_EQ(r->status, want) << body << ": " << r->body;
  return Json::parse(r->body, nullptr, false);
}

/// Percent-encodes every byte but letters and digits (a query parameter's value).
std::string url_encode(const std::string& text) {
  std::string out;
  char hex[4];
  for (unsigned char ch : text) {
    if (std::isalnum(ch)) {
      out += char(ch);
    } else {
      std::snprintf(hex, sizeof hex, "%%%02X", ch);
      out += hex;
    }
  }
  return out;
}

/// A graph as the file gives it: n vertices (dense 0..n-1) and its distinct arcs with weights
/// (both directions of an undirected edge).
struct Arcs {
  long n = 0;
  bool directed = true;
  std::map<std::pair<long, long>, double> arc;

  void add(long u, long v, double w) {
    n = std::max(n, std::max(u, v) + 1);
    arc.emplace(std::pair{u, v}, w);
    if (!directed) arc.emplace(std::pair{v, u}, w);
  }
  std::vector<std::vector<long>> out() const {
    std::vector<std::vector<long>> adj(static_cast<std::size_t>(n));
    for (const auto& [e, w] : arc) adj[std::size_t(e.first)].push_back(e.second);
    return adj;
  }
  std::vector<long> levels(long s) const {
    const auto adj = out();
    std::vector<long> level(static_cast<std::size_t>(n), -1);
    std::queue<long> q;
    level[std::size_t(s)] = 0;
    q.push(s);
    while (!q.empty()) {
      const long u = q.front();
      q.pop();
      for (long v : adj[std::size_t(u)])
        if (level[std::size_t(v)] < 0) level[std::size_t(v)] = level[std::size_t(u)] + 1, q.push(v);
    }
    return level;
  }
  /// Weak components: each vertex's smallest vertex.
  std::vector<long> components() const {
    std::vector<long> parent(static_cast<std::size_t>(n));
    std::iota(parent.begin(), parent.end(), 0L);
    const auto find = [&](long x) {
      while (parent[std::size_t(x)] != x) x = parent[std::size_t(x)];
      return x;
    };
    for (const auto& [e, w] : arc) {
      const long a = find(e.first), b = find(e.second);
      parent[std::size_t(std::max(a, b))] = std::min(a, b);
    }
    std::vector<long> label(static_cast<std::size_t>(n));
    for (long v = 0; v < n; ++v) label[std::size_t(v)] = find(v);
    return label;
  }
  /// GAP PageRank (sinks leak): r0 = 1/n, r' = (1-d)/n + d sum r[u]/outdeg[u], until the L1
  /// change is below 1e-4 or 100 steps, as algorithms/pagerank/pagerank.hpp documents.
  std::vector<double> pagerank() const {
    const auto adj = out();
    std::vector<double> r(static_cast<std::size_t>(n), 1.0 / double(n)), next(r.size());
    for (int step = 0; step < 100; ++step) {
      std::fill(next.begin(), next.end(), 0.15 / double(n));
      for (long u = 0; u < n; ++u)
        for (long v : adj[std::size_t(u)])
          next[std::size_t(v)] += 0.85 * r[std::size_t(u)] / double(adj[std::size_t(u)].size());
      double change = 0;
      for (std::size_t k = 0; k < r.size(); ++k) change += std::abs(next[k] - r[k]);
      r.swap(next);
      if (change < 1e-4) break;
    }
    return r;
  }
};

/// A random edge list: self-loops, repeated lines, and vertices that appear in no edge (the
/// largest id is always used so that the vertex count is known).
std::string random_edges(std::mt19937& rng, long n, int edges, int base, bool weighted,
                         Arcs& model) {
  std::uniform_int_distribution<long> pick(0, n - 3);  // n-2 is isolated, n-1 in one edge
  std::uniform_int_distribution<int> weight(1, 9);
  std::string text = "# random test graph\n";
  const auto line = [&](long u, long v, int w) {
    text += std::to_string(u + base) + " " + std::to_string(v + base);
    if (weighted) text.append(" ").append(std::to_string(w));
    text += "\n";
    model.add(u, v, weighted ? w : 1);
  };
  for (int k = 0; k < edges; ++k) {
    const long u = pick(rng), v = k % 17 == 0 ? u : pick(rng);
    const int w = weight(rng);
    // Weighted: each edge once (how repeated weights combine is the loader's business).
    if (weighted && (model.arc.count({u, v}) || model.arc.count({v, u}))) continue;
    line(u, v, w);
    if (k % 13 == 0 && !weighted) line(u, v, w);  // a duplicate line
  }
  line(n - 1, 0, 1);
  return text;
}

/// Every page of /bfs?levels joined, in the order the server gives them.
std::map<long, long> all_levels(httplib::Client& c, long source, int base, long& total) {
  std::map<long, long> got;
  total = -1;
  for (long offset = 0;; offset += 7) {
    const Json r = get(c, "/bfs?source=" + std::to_string(source + base) +
                              "&levels=1&offset=" + std::to_string(offset) + "&limit=7");
    total = r["total"].get<long>();
    EXPECT_EQ(r["reached"], r["total"]);
    EXPECT_LE(r["levels"].size(), 7u);
    for (const Json& e : r["levels"]) {
      EXPECT_TRUE(got.empty() || got.rbegin()->first < e[0].get<long>() - base) << "vertex order";
      got[e[0].get<long>() - base] = e[1].get<long>();
    }
    if (r["levels"].size() < 7) break;
  }
  return got;
}

void check_against_model(httplib::Client& c, const Arcs& m, int base) {
  // BFS levels from several sources, paged.
  for (long s : {0L, 1L, m.n / 2, m.n - 2, m.n - 1}) {
    SCOPED_TRACE("bfs from " + std::to_string(s));
    const std::vector<long> want = m.levels(s);
    long total = 0;
    const std::map<long, long> got = all_levels(c, s, base, total);
    std::map<long, long> expected;
    for (long v = 0; v < m.n; ++v)
      if (want[std::size_t(v)] >= 0) expected[v] = want[std::size_t(v)];
    EXPECT_EQ(got, expected);
    EXPECT_EQ(total, long(expected.size()));
  }
  // Neighbours with weights, in-neighbours when directed.
  const std::vector<long> label = m.components();
  for (long v = 0; v < m.n; ++v) {
    SCOPED_TRACE("vertex " + std::to_string(v));
    const Json r = get(c, "/neighbors?v=" + std::to_string(v + base) + "&limit=100000");
    NeighborList out, in;
    for (const auto& [e, w] : m.arc) {
      if (e.first == v) out.emplace_back(e.second + base, w);
      if (e.second == v && m.directed) in.emplace_back(e.first + base, w);
    }
    EXPECT_EQ(r["out"].get<NeighborList>(), out);
    EXPECT_EQ(r["out_degree"], out.size());
    if (m.directed) {
      EXPECT_EQ(r["in"].get<NeighborList>(), in);
    } else {
      EXPECT_FALSE(r.contains("in"));
    }
    const Json cc = get(c, "/cc?v=" + std::to_string(v + base));
    EXPECT_EQ(cc["label"], label[std::size_t(v)] + base);
    EXPECT_EQ(cc["size"], std::count(label.begin(), label.end(), label[std::size_t(v)]));
  }
  // The degree histogram.
  std::map<long, long> hist;
  const auto adj = m.out();
  for (const auto& a : adj) ++hist[long(a.size())];
  const Json d = get(c, "/degrees");
  std::map<long, long> got;
  for (const Json& e : d["histogram"]) got[e[0].get<long>()] = e[1].get<long>();
  EXPECT_EQ(got, hist);
  // PageRank's top K against the power iteration.
  const std::vector<double> rank = m.pagerank();
  const Json pr = get(c, "/pagerank?top=5");
  ASSERT_EQ(pr["ranking"].size(), 5u);
  EXPECT_EQ(pr["ranking"][0][0], pr["top"]);
  double previous = 2, fifth = 0;
  std::set<long> listed;
  for (const Json& e : pr["ranking"]) {
    const long v = e[0].get<long>() - base;
    const double r = e[1].get<double>();
    EXPECT_NEAR(r, rank[std::size_t(v)], 1e-9) << v;
    EXPECT_LE(r, previous);
    previous = fifth = r;
    listed.insert(v);
  }
  for (long v = 0; v < m.n; ++v)
    if (!listed.count(v)) {
      EXPECT_LE(rank[std::size_t(v)], fifth + 1e-9) << v;
    }
}

TEST(ServeEndpoints, PerVertexAnswersMatchABruteForceModel) {
  std::mt19937 rng(33);
  for (bool directed : {true, false})
    for (int base : {0, 1})
      for (bool weighted : {false, true}) {
        SCOPED_TRACE(std::string(directed ? "directed" : "undirected") + ", base " +
                     std::to_string(base) + (weighted ? ", weighted" : ""));
        Arcs m;
        m.directed = directed;
        const std::string text = random_edges(rng, 40, 70, base, weighted, m);
        const auto file = temp_file("endpoints_" + std::to_string(directed) + std::to_string(base) +
                                        std::to_string(weighted) + ".txt",
                                    text);
        std::vector<std::string> args{file.string(), "--base", std::to_string(base)};
        if (!directed) args.push_back("--undirected");
        Server s = start_server(args);
        ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
        httplib::Client c("127.0.0.1", s.port);
        ASSERT_EQ(get(c, "/edges")["vertices"], m.n);
        check_against_model(c, m, base);
        // An update is seen by the next query: a new arc from the isolated vertex.
        post(c, "+ " + std::to_string(m.n - 2 + base) + " " + std::to_string(base) + "\n");
        m.add(m.n - 2, 0, 1);
        check_against_model(c, m, base);
        EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
      }
}

TEST(ServeEndpoints, ListsArePagedAndParametersChecked) {
  const auto g = temp_file("endpoints_star.txt", [] {
    std::string t;
    for (int v = 1; v <= 2500; ++v) t += "0 " + std::to_string(v) + "\n";
    return t;
  }());
  Server s = start_server({g.string(), "--base", "0"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  // The default page is 1000 entries; the total says how many there are.
  Json r = get(c, "/bfs?source=0&levels");
  EXPECT_EQ(r["levels"].size(), 1000u);
  EXPECT_EQ(r["total"], 2501);
  r = get(c, "/bfs?source=0&levels=true&offset=2500&limit=5");
  ASSERT_EQ(r["levels"].size(), 1u);
  EXPECT_EQ(r["levels"][0], Json::array({2500, 1}));
  EXPECT_FALSE(get(c, "/bfs?source=0&levels=0").contains("levels"));
  r = get(c, "/neighbors?v=0");
  EXPECT_EQ(r["out"].size(), 1000u);
  EXPECT_EQ(r["out_degree"], 2500);
  EXPECT_EQ(get(c, "/neighbors?v=0&offset=2499")["out"], Json::parse("[[2500, 1.0]]"));
  EXPECT_EQ(get(c, "/pagerank?top=100000")["ranking"].size(), 2501u);
  EXPECT_EQ(get(c, "/pagerank")["ranking"], nullptr);
  // Bad parameters name themselves.
  for (const char* bad : {"/bfs?source=0&levels=maybe", "/bfs?source=0&levels&limit=100001",
                          "/neighbors?v=0&offset=x", "/pagerank?top=0", "/pagerank?top=100001",
                          "/neighbors?v=-1", "/neighbors", "/bfs?levels=1"}) {
    SCOPED_TRACE(bad);
    const Json e = get(c, bad, 400);
    EXPECT_TRUE(e.contains("error"));
  }
  EXPECT_NE(get(c, "/cc?v=9999", 400)["error"].get<std::string>().find("not in the graph"),
            std::string::npos);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeEndpoints, RemappedNamesInParametersBodiesAndAnswers) {
  const auto g = temp_file("endpoints_names.txt",
                           "GO:0048308 GO:2\nGO:2 a&b=c\nzo\xC3\xAB GO:0048308\n"
                           "lonely_x lonely_y\n");
  Server s = start_server({g.string(), "--remap-ids"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  const std::string zoe = "zo\xC3\xAB";
  EXPECT_EQ(get(c, "/stats")["ids"], "names");
  Json r = get(c, "/neighbors?v=" + url_encode("GO:2"));
  EXPECT_EQ(r["vertex"], "GO:2");
  EXPECT_EQ(r["out"], Json::parse(R"([["a&b=c", 1.0]])"));
  EXPECT_EQ(r["in"], Json::parse(R"([["GO:0048308", 1.0]])"));
  r = get(c, "/bfs?source=" + url_encode(zoe) + "&levels=1");
  std::map<std::string, long> levels;
  for (const Json& e : r["levels"]) levels[e[0].get<std::string>()] = e[1].get<long>();
  EXPECT_EQ(levels,
            (std::map<std::string, long>{{zoe, 0}, {"GO:0048308", 1}, {"GO:2", 2}, {"a&b=c", 3}}));
  r = get(c, "/cc?v=lonely_y");
  EXPECT_EQ(r["label"], "lonely_x");  // the component's first vertex (first seen in the file)
  EXPECT_EQ(r["size"], 2);
  EXPECT_EQ(get(c, "/degree?vertex=" + url_encode("a&b=c"))["degree"], 0);
  EXPECT_NE(get(c, "/degree?vertex=nobody", 400)["error"].get<std::string>().find(
                "'nobody' is not in the graph"),
            std::string::npos);
  EXPECT_TRUE(get(c, "/pagerank?top=2")["ranking"][0][0].is_string());
  // Updates by name: a new name grows the graph; an erase of an unknown name is missing.
  const long n = get(c, "/edges")["vertices"].get<long>();
  r = post(c, "+ " + zoe + " newcomer\n- nobody GO:2\n");
  EXPECT_EQ(r["vertices"], n + 1);
  EXPECT_EQ(r["missing"], 1);
  EXPECT_EQ(get(c, "/neighbors?v=newcomer")["in"], Json::parse("[[\"" + zoe + "\", 1.0]]"));
  r = post(c, R"([{"op": "insert", "u": "second", "v": "GO:2"}])", 200, "application/json");
  EXPECT_EQ(r["vertices"], n + 2);
  EXPECT_EQ(get(c, "/neighbors?v=second")["out"], Json::parse(R"([["GO:2", 1.0]])"));
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeEndpoints, RemappedSparseIntegersAndRefusals) {
  const auto g = temp_file("endpoints_sparse.txt", "100 200\n200 300000\n");
  Server s = start_server({g.string(), "--remap-ids"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  EXPECT_EQ(get(c, "/stats")["ids"], "remapped integers");
  Json r = get(c, "/bfs?source=100&levels");
  EXPECT_EQ(r["levels"], Json::parse("[[100, 0], [200, 1], [300000, 2]]"));
  EXPECT_NE(get(c, "/degree?vertex=1", 400)["error"].get<std::string>().find("not in the graph"),
            std::string::npos);
  r = post(c, "+ 300000 7\n");
  EXPECT_EQ(r["vertices"], 4);
  EXPECT_EQ(get(c, "/neighbors?v=300000")["out"], Json::parse("[[7, 1.0]]"));
  post(c, "+ 7 x\n", 400);  // not an integer id
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
  // A store keeps integer ids only: refused with a reason.
  const std::string store = temp_file("endpoints_store").string();
  std::filesystem::remove_all(store);
  const CliRun run_store =
      run("serve " + g.string() + " --remap-ids --store " + store + " --port 0");
  EXPECT_EQ(run_store.exit_code, 1) << run_store.output;
  EXPECT_NE(run_store.output.find("integer vertex ids only"), std::string::npos)
      << run_store.output;
}

/// The error of a name lookup that must fail, or "" when it succeeds.
std::string lookup_error(httplib::Client& c, const std::string& name) {
  auto r = c.Get(("/degree?vertex=" + url_encode(name)).c_str());
  if (!r || r->status == 200) return "";
  return Json::parse(r->body, nullptr, false).value("error", "?");
}

TEST(ServeEndpoints, RefusedBodiesLeaveTheNamesAsTheyWere) {
  const auto g = temp_file("endpoints_refused_names.txt", "a b\nb c\n");
  Server s = start_server({g.string(), "--remap-ids", "--max-vertices", "6"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  // A bad later line, in text and JSON; too many new names; twice each with other names.
  post(c, "+ x y\n+ z\n", 400);
  post(c, "+ p q\n+ r\n", 400);
  post(c, R"([{"op": "insert", "u": "j1", "v": "j2"}, {"op": "bogus"}])", 400, "application/json");
  const Json past = post(c, "+ m1 m2\n+ m3 m4\n", 400);
  EXPECT_NE(past["error"].get<std::string>().find("line 2: vertex 'm4' would grow the graph past "
                                                  "--max-vertices (6"),
            std::string::npos)
      << past;
  EXPECT_EQ(get(c, "/stats")["vertices"], 3);
  for (const char* name : {"x", "y", "z", "p", "q", "j1", "j2", "m1", "m2", "m3"})
    EXPECT_NE(lookup_error(c, name).find("is not in the graph"), std::string::npos) << name;
  EXPECT_NE(get(c, "/cc?v=x", 400)["error"].get<std::string>().find("not in the graph"),
            std::string::npos);
  // Later inserts still grow the graph up to the limit exactly; a name inserted earlier in the
  // same body is known to the erase after it.
  Json r = post(c, "+ k l\n+ l k\n- k l\n");
  EXPECT_EQ(r["vertices"], 5);
  EXPECT_EQ(r["missing"], 0);
  EXPECT_EQ(get(c, "/neighbors?v=k")["in"], Json::parse(R"([["l", 1.0]])"));
  EXPECT_EQ(get(c, "/neighbors?v=k")["out"], Json::array());
  EXPECT_EQ(post(c, "+ a last\n")["vertices"], 6);
  EXPECT_NE(post(c, "+ c beyond\n", 400)["error"].get<std::string>().find("--max-vertices (6"),
            std::string::npos);
  EXPECT_EQ(post(c, "+ c a\n")["vertices"], 6);  // known names still insert at the limit
  const Json st = get(c, "/stats");
  EXPECT_EQ(st["vertices"], 6);
  EXPECT_EQ(st["edges"], 5);
  EXPECT_EQ(get(c, "/neighbors?v=last")["in"], Json::parse(R"([["a", 1.0]])"));
  EXPECT_NE(lookup_error(c, "beyond").find("is not in the graph"), std::string::npos);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

/// A name made of a prefix and numbers joined by '_' ("t3_7").
std::string numbered(const char* prefix, int a, int b = -1) {
  std::string out(prefix);
  out.append(std::to_string(a));
  if (b >= 0) out.append("_").append(std::to_string(b));
  return out;
}

TEST(ServeEndpoints, ConcurrentPostersOfNewNamesGetDistinctVertices) {
  const auto g = temp_file("endpoints_concurrent_names.txt", "a b\n");
  constexpr int kThreads = 8, kBatches = 12, kShared = 5;
  Server s = start_server({g.string(), "--remap-ids"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  std::vector<std::thread> posters;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t)
    posters.emplace_back([&, t] {
      httplib::Client c("127.0.0.1", s.port);
      for (int i = 0; i < kBatches; ++i) {
        const std::string body =
            "+ " + numbered("t", t, i) + " " + numbered("shared", i % kShared) + "\n";
        auto r = c.Post("/updates", body, "text/plain");
        failures[t] += !r || r->status != 200;
      }
    });
  for (std::thread& p : posters) p.join();
  EXPECT_EQ(std::accumulate(failures.begin(), failures.end(), 0), 0);
  httplib::Client c("127.0.0.1", s.port);
  EXPECT_EQ(get(c, "/stats")["vertices"], 2 + kThreads * kBatches + kShared);
  std::map<std::string, std::set<std::string>> into;  // shared name -> its in-neighbours
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < kBatches; ++i) {
      const std::string own = numbered("t", t, i), shared = numbered("shared", i % kShared);
      const Json r = get(c, "/neighbors?v=" + own);
      EXPECT_EQ(r["vertex"], own);
      EXPECT_EQ(r["out"], Json::array({Json::array({shared, 1.0})}));
      EXPECT_EQ(r["in"], Json::array()) << own;
      into[shared].insert(own);
    }
  for (const auto& [name, sources] : into) {
    std::set<std::string> seen;
    const Json r = get(c, "/neighbors?v=" + name);
    for (const Json& e : r["in"]) seen.insert(e[0].get<std::string>());
    EXPECT_EQ(seen, sources) << name;
  }
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeEndpoints, ConcurrentNewNamesStopExactlyAtMaxVertices) {
  const auto g = temp_file("endpoints_concurrent_limit.txt", "a b\nb c\n");
  constexpr int kThreads = 8;
  Server s = start_server({g.string(), "--remap-ids", "--max-vertices", "7"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  std::vector<std::thread> posters;
  std::vector<int> status(kThreads, 0);
  for (int t = 0; t < kThreads; ++t)
    posters.emplace_back([&, t] {
      httplib::Client c("127.0.0.1", s.port);
      auto r = c.Post("/updates", "+ a " + numbered("new", t) + "\n", "text/plain");
      status[t] = r ? r->status : -1;
    });
  for (std::thread& p : posters) p.join();
  httplib::Client c("127.0.0.1", s.port);
  EXPECT_EQ(std::count(status.begin(), status.end(), 200), 4);
  EXPECT_EQ(std::count(status.begin(), status.end(), 400), kThreads - 4);
  EXPECT_EQ(get(c, "/stats")["vertices"], 7);
  const Json out = get(c, "/neighbors?v=a")["out"];
  EXPECT_EQ(out.size(), 5u);  // b and the four accepted names
  for (int t = 0; t < kThreads; ++t) {
    const std::string name = numbered("new", t);
    EXPECT_EQ(lookup_error(c, name).empty(), status[t] == 200) << name;
  }
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeEndpoints, OpenApiListsExactlyTheRoutesTheServerAnswers) {
  const auto g = temp_file("endpoints_api.txt", "0 1\n1 2\n2 0\n");
  Server s = start_server({g.string(), "--base", "0", "--undirected"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  const Json api = get(c, "/openapi.json");
  EXPECT_EQ(api["openapi"], "3.0.3");
  std::set<std::string> listed;
  for (const auto& [path, ops] : api["paths"].items()) {
    listed.insert(path);
    for (const auto& [method, op] : ops.items()) {
      SCOPED_TRACE(method + " " + path);
      EXPECT_TRUE(method == "get" || method == "post");
      EXPECT_TRUE(op.contains("responses") && op.contains("summary"));
      // Every listed operation answers (not 404); without its required parameters it is 400.
      std::string query;
      for (const Json& p : op.value("parameters", Json::array())) {
        EXPECT_EQ(p["in"], "query");
        if (!p["required"].get<bool>()) continue;
        const Json e = get(c, path, 400);
        EXPECT_NE(e["error"].get<std::string>().find("missing query parameter"), std::string::npos);
        query.append(query.empty() ? "?" : "&").append(p["name"].get<std::string>()).append("=1");
      }
      auto r = method == "post" ? c.Post(path.c_str(), "+ 0 1\n", "text/plain")
                                : c.Get((path + query).c_str());
      ASSERT_TRUE(r);
      EXPECT_EQ(r->status, 200) << r->body;
    }
  }
  // And the other way: the server's own list of endpoints (its 404 message), and paths near the
  // listed ones, are exactly what /openapi.json lists.
  auto miss = c.Get("/no-such-endpoint");
  ASSERT_TRUE(miss);
  EXPECT_EQ(miss->status, 404);
  std::set<std::string> named;
  const std::string error = Json::parse(miss->body)["error"];
  const std::string msg = error.substr(error.find('(') + 1);
  for (std::size_t at = msg.find(" /"); at != std::string::npos; at = msg.find(" /", at + 1)) {
    const std::size_t end = msg.find_first_of(",;)", at);
    named.insert(msg.substr(at + 1, end - at - 1));
  }
  EXPECT_EQ(named, listed);
  for (const char* path : {"/openapi", "/index.html", "/neighbours", "/degrees/", "/update",
                           "/bfs/levels", "/status", "/api", "/OpenAPI.json"}) {
    auto r = c.Get(path);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 404) << path;
    EXPECT_FALSE(listed.count(path)) << path;
  }
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

TEST(ServeEndpoints, StatusPageIsSelfContainedHtml) {
  const auto g = temp_file("endpoints_page.txt", "0 1\n1 2\n");
  Server s = start_server({g.string(), "--base", "0"});
  ASSERT_GT(s.port, 0) << s.first_line << read_file(s.log);
  httplib::Client c("127.0.0.1", s.port);
  auto r = c.Get("/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type").rfind("text/html", 0), 0u);
  EXPECT_NE(r->get_header_value("Content-Security-Policy").find("default-src 'none'"),
            std::string::npos);
  const std::string& page = r->body;
  EXPECT_NE(page.find("<!DOCTYPE html>"), std::string::npos);
  EXPECT_NE(page.find("</html>"), std::string::npos);
  // Updates carry the token typed in a password field, in the header request_guard checks.
  EXPECT_NE(page.find("<input id=\"token\" type=\"password\""), std::string::npos);
  EXPECT_NE(page.find("headers[\"Authorization\"] = \"Bearer \" + $(\"token\").value"),
            std::string::npos);
  for (const char* stored : {"localStorage", "sessionStorage", "document.cookie"})
    EXPECT_EQ(page.find(stored), std::string::npos) << stored;
  // Nothing loaded from elsewhere: no script or style file, no link, no absolute URL fetched.
  for (const char* outside :
       {"<script src", "<link", "src=\"http", "href=\"http", "url(http", "fetch(\"http", "import "})
    EXPECT_EQ(page.find(outside), std::string::npos) << outside;
  // What the page reads exists: /stats carries the fields it shows.
  const Json st = get(c, "/stats");
  for (const char* field : {"vertices", "edges", "directed", "weighted", "version",
                            "spgraph_version", "uptime_seconds", "updates_applied", "ids"})
    EXPECT_TRUE(st.contains(field)) << field;
  EXPECT_GT(st["memory"]["rss_bytes"].get<double>(), 0);
  EXPECT_EQ(st["requests"]["/"], 1);
  EXPECT_TRUE(exited_ok(stop_server(s))) << read_file(s.log);
}

}  // namespace
}  // namespace spgraph::testing
