// SPDX-License-Identifier: Apache-2.0
// Every spgraph subcommand, and every compare job, run with --json on small bundled files: stdout
// must parse as JSON (nlohmann-json, independent of the CLI's writer), hold the expected keys,
// and agree with brute-force answers computed here from the Matrix Market files (BFS reach,
// triangles, components, closure pairs). Also `--quiet`, which prints the result alone.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using spgraph::testing::bundled_data;
using spgraph::testing::run_shell;
using spgraph::testing::temp_file;
using spgraph::testing::test_data;

const std::string karate = test_data("karate.mtx").string();
const std::string west = test_data("west0067_jumbled.mtx").string();
const std::string email = bundled_data("email-Eu-core.csv").string();

/// stdout and stderr of one run, apart: JSON must be the whole of stdout.
struct SplitRun {
  int exit_code = -1;
  std::string out, err;
};

SplitRun run_split(const std::string& args) {
  const fs::path err = temp_file("json_cli_stderr");
  const auto r = run_shell(std::string(SPGRAPH_CLI) + " " + args + " 2>" + err.string());
  std::ifstream in(err);
  std::stringstream s;
  s << in.rdbuf();
  fs::remove(err);
  return {r.exit_code, r.output, s.str()};
}

/// Runs `spgraph ARGS --json`; expects exit code 0 and stdout one JSON object.
json run_json(const std::string& args) {
  const SplitRun r = run_split(args + " --json");
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  json j;
  try {
    j = json::parse(r.out);
  } catch (const json::parse_error& e) {
    ADD_FAILURE() << args << ": stdout is not one JSON value: " << e.what() << "\n" << r.out;
    return json::object();
  }
  EXPECT_TRUE(j.is_object()) << args << "\n" << r.out;
  return j;
}

/// Every key of `keys` is in the object.
void expect_keys(const json& j, const std::vector<std::string>& keys, const std::string& what) {
  for (const std::string& k : keys) EXPECT_TRUE(j.contains(k)) << what << " lacks \"" << k << "\"";
}

// --- Brute-force oracles on a Matrix Market file ---

struct Graph {
  int n = 0;
  std::vector<std::set<int>> out;  // distinct out-neighbours, 0-based
};

Graph read_mtx(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  const bool symmetric = line.find("symmetric") != std::string::npos;
  while (std::getline(in, line) && (line.empty() || line[0] == '%')) {
  }
  Graph g;
  int rows = 0, cols = 0;
  long nnz = 0;
  std::istringstream(line) >> rows >> cols >> nnz;
  g.n = rows;
  g.out.resize(std::size_t(rows));
  for (long k = 0; k < nnz && std::getline(in, line);) {
    if (line.empty() || line[0] == '%') continue;  // blank lines and comments among entries
    ++k;
    int i = 0, j = 0;
    std::istringstream(line) >> i >> j;
    g.out[std::size_t(i - 1)].insert(j - 1);
    if (symmetric) g.out[std::size_t(j - 1)].insert(i - 1);
  }
  return g;
}

/// Vertices reached from s (s included) and the depth of the search.
std::pair<int, int> bfs_reach(const Graph& g, int s) {
  std::vector<int> level(std::size_t(g.n), -1);
  std::queue<int> q;
  level[std::size_t(s)] = 0;
  q.push(s);
  int reached = 0, depth = 0;
  while (!q.empty()) {
    const int u = q.front();
    q.pop();
    ++reached;
    depth = std::max(depth, level[std::size_t(u)]);
    for (int v : g.out[std::size_t(u)])
      if (level[std::size_t(v)] < 0) {
        level[std::size_t(v)] = level[std::size_t(u)] + 1;
        q.push(v);
      }
  }
  return {reached, depth};
}

/// |R+|: pairs (u, v) joined by a path of at least one arc.
std::uint64_t closure_pairs(const Graph& g) {
  std::uint64_t pairs = 0;
  for (int u = 0; u < g.n; ++u) {
    std::vector<char> seen(std::size_t(g.n), 0);
    std::vector<int> stack(g.out[std::size_t(u)].begin(), g.out[std::size_t(u)].end());
    for (int v : stack) seen[std::size_t(v)] = 1;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      for (int w : g.out[std::size_t(v)])
        if (!seen[std::size_t(w)]) seen[std::size_t(w)] = 1, stack.push_back(w);
    }
    for (char c : seen) pairs += c;
  }
  return pairs;
}

/// Triangles of the simple undirected graph (arcs as edges, self-loops dropped).
std::uint64_t triangles(const Graph& g) {
  std::vector<std::set<int>> adj(std::size_t(g.n));
  for (int u = 0; u < g.n; ++u)
    for (int v : g.out[std::size_t(u)])
      if (u != v) adj[std::size_t(u)].insert(v), adj[std::size_t(v)].insert(u);
  std::uint64_t t = 0;
  for (int u = 0; u < g.n; ++u)
    for (int v : adj[std::size_t(u)])
      if (v > u)
        for (int w : adj[std::size_t(v)])
          if (w > v && adj[std::size_t(u)].count(w)) ++t;
  return t;
}

/// Weakly connected components.
int components(const Graph& g) {
  std::vector<int> parent(std::size_t(g.n));
  for (int v = 0; v < g.n; ++v) parent[std::size_t(v)] = v;
  auto find = [&](int v) {
    while (parent[std::size_t(v)] != v)
      v = parent[std::size_t(v)] = parent[std::size_t(parent[std::size_t(v)])];
    return v;
  };
  int count = g.n;
  for (int u = 0; u < g.n; ++u)
    for (int v : g.out[std::size_t(u)]) {
      const int a = find(u), b = find(v);
      if (a != b) parent[std::size_t(a)] = b, --count;
    }
  return count;
}

// --- The subcommands ---

TEST(JsonCli, InfoConvertAndGenerate) {
  const Graph k = read_mtx(karate);
  json info = run_json("info " + karate);
  expect_keys(info, {"file", "format", "nrows", "ncols", "entries", "edges", "directed"}, "info");
  EXPECT_EQ(info["nrows"], k.n);
  EXPECT_EQ(info["entries"], 156);
  EXPECT_EQ(info["directed"], false);

  const fs::path out = temp_file("json_convert.mtx");
  json conv = run_json("convert " + karate + " " + out.string());
  expect_keys(conv, {"in", "out", "entries", "load_seconds", "write_seconds"}, "convert");
  EXPECT_EQ(conv["entries"], 156);
  fs::remove(out);

  const fs::path gen = temp_file("json_generate.mtx");
  json urand = run_json("generate urand --n 50 --m 100 --seed 3 --out " + gen.string());
  expect_keys(urand, {"kind", "tuples", "generate_seconds", "out", "write_seconds"}, "generate");
  EXPECT_EQ(urand["kind"], "urand");
  EXPECT_EQ(urand["tuples"], 200);  // undirected: both arcs of each edge
  json tfidf = run_json("generate tfidf --rows 20 --cols 30 --nnz-per-row 5 --out " + gen.string());
  EXPECT_EQ(tfidf["kind"], "tfidf");
  EXPECT_EQ(tfidf["tuples"], 100);
  fs::remove(gen);
}

TEST(JsonCli, BfsReachedMatchesBruteForce) {
  for (const std::string& file : {karate, west}) {
    const Graph g = read_mtx(file);
    json j = run_json("bfs " + file + " --source 1 --source " + std::to_string(g.n));
    ASSERT_TRUE(j.contains("searches")) << j.dump();
    ASSERT_EQ(j["searches"].size(), 2u);
    for (const json& s : j["searches"]) {
      expect_keys(s, {"source", "depth", "reached", "seconds"}, "bfs search");
      const auto [reached, depth] = bfs_reach(g, s["source"].get<int>() - 1);
      EXPECT_EQ(s["reached"], reached) << file << " source " << s["source"];
      EXPECT_EQ(s["depth"], depth) << file << " source " << s["source"];
    }
  }
}

TEST(JsonCli, TrianglesComponentsAndShortestPathsOnKarate) {
  const Graph k = read_mtx(karate);
  json tc = run_json("tc " + karate + " --per-vertex");
  expect_keys(tc, {"triangles", "method", "mean_clustering"}, "tc");
  EXPECT_EQ(tc["triangles"], triangles(k));
  json tcw = run_json("tc " + west);
  EXPECT_EQ(tcw["triangles"], triangles(read_mtx(west)));

  json cc = run_json("cc " + karate);
  expect_keys(cc, {"components", "largest", "method"}, "cc");
  EXPECT_EQ(cc["components"], components(k));
  EXPECT_EQ(cc["largest"], 34);
  json ccw = run_json("cc " + west);
  EXPECT_EQ(ccw["components"], components(read_mtx(west)));

  json co = run_json("communities " + karate + " --method leiden");
  expect_keys(co, {"communities", "modularity", "largest", "levels", "iterations"}, "communities");
  EXPECT_EQ(co["communities"], 4);  // Zachary's karate club at its best modularity, 0.4198
  EXPECT_NEAR(co["modularity"].get<double>(), 0.4198, 1e-4);

  json sp = run_json("sssp " + karate + " --source 1");
  expect_keys(sp, {"source", "reached", "max_distance", "method"}, "sssp");
  const auto [reached, depth] = bfs_reach(k, 0);
  EXPECT_EQ(sp["reached"], reached);
  EXPECT_EQ(sp["max_distance"].get<double>(), double(depth));  // unit weights: hops
}

/// `g` (directed: every arc; undirected: u < v) as a Graphalytics dataset NAME in the scratch
/// directory, vertices named 1..n, every algorithm listed, source 1; returns the .properties path.
std::string graphalytics_dataset(const Graph& g, const std::string& name, bool directed) {
  std::string v, e;
  std::uint64_t m = 0;
  for (int u = 0; u < g.n; ++u) {
    v += std::to_string(u + 1) + "\n";
    for (int w : g.out[std::size_t(u)])
      if (u != w && (directed || u < w))
        e += std::to_string(u + 1) + " " + std::to_string(w + 1) + "\n", ++m;
  }
  const std::string p = "graph." + name + ".";
  temp_file(name + ".v", v);
  temp_file(name + ".e", e);
  return temp_file(name + ".properties",
                   p + "vertex-file = " + name + ".v\n" + p + "edge-file = " + name + ".e\n" + p +
                       "meta.vertices = " + std::to_string(g.n) + "\n" + p +
                       "meta.edges = " + std::to_string(m) + "\n" + p +
                       "directed = " + (directed ? "true" : "false") + "\n" + p +
                       "algorithms = bfs, pr, wcc\n" + p + "bfs.source-vertex = 1\n" + p +
                       "pr.damping-factor = 0.85\n" + p + "pr.num-iterations = 30\n")
      .string();
}

TEST(JsonCli, GraphalyticsRunsOnKarateAsADataset) {
  const Graph k = read_mtx(karate);
  const std::string ds = graphalytics_dataset(k, "karate_ga", false);
  json bfs = run_json("graphalytics " + ds + " --algorithm bfs");
  expect_keys(bfs,
              {"dataset", "graph", "vertices", "edges", "directed", "load_seconds", "algorithm",
               "source", "reached", "depth", "seconds", "runs"},
              "graphalytics bfs");
  const auto [reached, depth] = bfs_reach(k, 0);
  EXPECT_EQ(bfs["reached"], reached);
  EXPECT_EQ(bfs["depth"], depth);
  EXPECT_EQ(bfs["vertices"], 34);
  EXPECT_EQ(bfs["edges"], 78);
  EXPECT_EQ(bfs["directed"], false);
  json wcc = run_json("graphalytics " + ds + " --algorithm wcc");
  EXPECT_EQ(wcc["components"], components(k));
  json pr = run_json("graphalytics " + ds + " --algorithm pr");
  expect_keys(pr, {"damping", "iterations", "sum"}, "graphalytics pr");
  EXPECT_EQ(pr["iterations"], 30);
  EXPECT_NEAR(pr["sum"].get<double>(), 1.0, 1e-12);  // Graphalytics' PageRank keeps the mass
  const Graph w = read_mtx(west);
  json wd = run_json("graphalytics " + graphalytics_dataset(w, "west_ga", true) + " -a wcc");
  EXPECT_EQ(wd["components"], components(w));
}

TEST(JsonCli, ClosureReportCountAndQueries) {
  const Graph w = read_mtx(west);
  const std::uint64_t pairs = closure_pairs(w);
  json c = run_json("closure " + west);
  expect_keys(c, {"pairs", "method", "components", "largest_component"}, "closure");
  EXPECT_EQ(c["pairs"], pairs);
  // --count with --json: the same JSON report, not a bare number.
  json count = run_json("closure " + west + " --count");
  EXPECT_EQ(count["pairs"], pairs);
  json q = run_json("closure " + karate + " --query 1,34 --query 34,1");
  ASSERT_TRUE(q.contains("queries")) << q.dump();
  ASSERT_EQ(q["queries"].size(), 2u);
  EXPECT_EQ(q["queries"][0]["from"], 1);
  EXPECT_EQ(q["queries"][0]["to"], 34);
  EXPECT_EQ(q["queries"][0]["reachable"], true);
  EXPECT_EQ(q["pairs"], 34 * 34);
}

TEST(JsonCli, MxvSpmvAndPagerank) {
  json mxv = run_json("mxv " + karate);
  expect_keys(mxv, {"semiring", "type", "size", "nvals", "sum", "min", "max"}, "mxv");
  EXPECT_EQ(mxv["sum"].get<double>(), 156.0);  // plus_times of a pattern with u = 1: arcs
  EXPECT_EQ(mxv["nvals"], 34);

  json spmv = run_json("spmv " + karate + " --iterations 1");
  expect_keys(spmv, {"n", "nnz", "format", "seconds_per_call", "gbps", "checksum"}, "spmv");
  EXPECT_EQ(spmv["nnz"], 156);

  json pr = run_json("pagerank " + karate + " --variant standard");
  expect_keys(pr, {"iterations", "converged", "delta", "sum", "top"}, "pagerank");
  EXPECT_NEAR(pr["sum"].get<double>(), 1.0, 1e-6);  // standard: ranks sum to 1
  ASSERT_EQ(pr["top"].size(), 5u);
  EXPECT_EQ(pr["top"][0]["vertex"], 34);  // karate's best-connected members: 34, then 1
  EXPECT_EQ(pr["top"][1]["vertex"], 1);
}

TEST(JsonCli, KnnOnAGraphAndOnFeatures) {
  json k = run_json("knn " + karate + " --vertex 1 --k 3");
  expect_keys(k, {"measure", "answer_count", "answers"}, "knn");
  ASSERT_TRUE(k["answers"].is_array());
  EXPECT_LE(k["answers"].size(), 3u);
  for (const json& a : k["answers"]) {
    expect_keys(a, {"query", "rank", "vertex", "score"}, "knn answer");
    EXPECT_EQ(a["query"], 1);
  }
  const fs::path x = temp_file("json_knn_features.mtx");
  ASSERT_EQ(run_split("generate tfidf --rows 30 --cols 40 --nnz-per-row 4 -q --out " + x.string())
                .exit_code,
            0);
  json f = run_json("knn --features " + x.string() + " --k 2");
  expect_keys(f, {"measure", "answer_count", "answers"}, "knn --features");
  EXPECT_EQ(f["answers"].size(), f["answer_count"].get<std::size_t>());
  fs::remove(x);
}

/// Every JSON object in `j` (nested) that answers a stream query.
void collect_answers(const json& j, std::vector<json>& out) {
  if (j.is_object() && j.contains("query") && j.contains("version")) out.push_back(j);
  if (j.is_structured())
    for (const json& v : j) collect_answers(v, out);
}

TEST(JsonCli, StreamAnswersParse) {
  const fs::path ups =
      temp_file("json_stream_updates.txt", "+ 1 2\n? edges\n? bfs 1\n- 1 2\n? edges\n");
  const SplitRun r = run_split("stream " + karate + " --updates " + ups.string() + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // One object, or one object per line (NDJSON): every non-empty line, or the whole, parses.
  std::vector<json> objects;
  try {
    objects.push_back(json::parse(r.out));
  } catch (const json::parse_error&) {
    std::istringstream lines(r.out);
    std::string line;
    while (std::getline(lines, line))
      if (!line.empty()) {
        EXPECT_NO_THROW(objects.push_back(json::parse(line))) << line;
      }
  }
  std::vector<json> answers;
  for (const json& o : objects) collect_answers(o, answers);
  ASSERT_EQ(answers.size(), 3u) << r.out;
  EXPECT_EQ(answers[0]["edges"], 78);  // 1-2 is already an edge: the insert is ignored
  EXPECT_EQ(answers[1]["reached"], 34);
  EXPECT_EQ(answers[2]["edges"], 77);
  fs::remove(ups);
}

TEST(JsonCli, QuietPrintsOnlyTheResult) {
  const Graph w = read_mtx(west);
  const SplitRun c = run_split("closure " + west + " -q");
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(c.out, std::to_string(closure_pairs(w)) + "\n");
  EXPECT_EQ(c.err, "");
  const SplitRun count = run_split("closure " + west + " --count");
  EXPECT_EQ(count.out, c.out);
  const SplitRun tc = run_split("tc " + karate + " -q");
  EXPECT_EQ(tc.out, "45\n");
  const SplitRun spmv = run_split("spmv " + karate + " --iterations 1 -q");
  EXPECT_EQ(std::count(spmv.out.begin(), spmv.out.end(), '\n'), 1) << spmv.out;  // ms GB/s
  EXPECT_EQ(std::count(spmv.out.begin(), spmv.out.end(), ' '), 1) << spmv.out;
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  for (const std::string& job : {"compare tc " + karate, "compare bfs " + karate + " --source 1"}) {
    const SplitRun c = run_split(job + " --runs 1 -q");  // the median ratio alone
    ASSERT_EQ(c.exit_code, 0) << job << "\n" << c.err;
    EXPECT_NO_THROW((void)std::stod(c.out)) << job << ": " << c.out;
    EXPECT_EQ(std::count(c.out.begin(), c.out.end(), '\n'), 1) << job << ": " << c.out;
  }
#endif
  const fs::path gen = temp_file("json_quiet.mtx");
  const SplitRun g = run_split("generate grid --rows 3 --cols 3 -q --out " + gen.string());
  EXPECT_EQ(g.exit_code, 0);
  EXPECT_EQ(g.out + g.err, "");
  fs::remove(gen);
}

#ifdef SPGRAPH_HAVE_GRAPHBLAS

/// The compare jobs with the flags each needs, on `file` (sources named when `sources`).
std::vector<std::string> compare_jobs(const std::string& file, const std::string& valued) {
  std::vector<std::string> jobs{"compare bfs " + file + " --source 1 --runs 1",
                                "compare mxm " + file + " --runs 1",
                                "compare spmv " + valued + " --runs 1 --iterations 1",
                                "compare tc " + file + " --runs 1",
                                "compare closure " + file + " --runs 1",
                                "compare pagerank " + file + " --runs 1",
                                "compare sssp " + valued + " --source 1 --runs 1",
                                "compare cc " + file + " --runs 1",
                                "compare knn " + file + " --vertex 1 --runs 1",
                                "compare bc " + file + " --source 1 --source 2 --runs 1",
                                "compare cdlp " + file + " --runs 1",
                                "compare lcc " + file + " --runs 1"};
#ifdef SPGRAPH_HAVE_IGRAPH
  jobs.push_back("compare louvain " + file + " --runs 1");
  jobs.push_back("compare leiden " + valued + " --runs 1");
#endif
  return jobs;
}

TEST(JsonCli, EveryCompareJobVerifiesAndReportsItsRuns) {
  const Graph k = read_mtx(karate);
  for (const std::string& job : compare_jobs(karate, karate)) {
    json j = run_json(job);
    expect_keys(j, {"job", "runs"}, job);
    EXPECT_EQ(j["runs"], 1) << job;
    if (j.contains("verified")) {
      EXPECT_NE(j["verified"], false) << job;
    }
  }
  json b = run_json("compare bfs " + karate + " --source 1 --runs 2");
  ASSERT_EQ(b["rows"].size(), 1u);
  EXPECT_EQ(b["rows"][0]["reached"], bfs_reach(k, 0).first);
  EXPECT_EQ(b["runs"], 2);
  json t = run_json("compare tc " + karate + " --runs 1");
  EXPECT_EQ(t["triangles"], triangles(k));
  json f = run_json("compare knn --features " + karate + " --runs 1");
  expect_keys(f, {"job", "runs", "answers_identical"}, "compare knn --features");
}

TEST(JsonCli, EveryCompareJobWorksOnAGraphWithNoEdges) {
  const fs::path empty =
      temp_file("json_no_edges.mtx", "%%MatrixMarket matrix coordinate pattern general\n4 4 0\n");
  const fs::path valued =
      temp_file("json_no_edges_real.mtx", "%%MatrixMarket matrix coordinate real general\n4 4 0\n");
  for (const std::string& job : compare_jobs(empty.string(), valued.string())) {
    json j = run_json(job);
    expect_keys(j, {"job", "runs"}, job);
  }
  json b = run_json("compare bfs " + empty.string() + " --source 2 --runs 1");
  EXPECT_EQ(b["rows"][0]["reached"], 1);
  json c = run_json("compare closure " + empty.string() + " --runs 1");
  EXPECT_EQ(c["pairs"], 0);
  json cc = run_json("compare cc " + empty.string() + " --runs 1");
  EXPECT_EQ(cc["components"], 4);
  fs::remove(empty);
  fs::remove(valued);
}

#endif

}  // namespace
