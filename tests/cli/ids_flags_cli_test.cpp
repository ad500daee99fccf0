// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the file's ids in every vertex flag and in the outputs added with them:
// the one list syntax (comma-separated, CSV quoting) of bfs/bc --source, pagerank --personalize,
// knn --vertex, closure --query, sssp --source, --path-to and stream --maintain, names included;
// a vertex the file lacks named with the file (exit 1); `scc` (labels, count, largest), `sssp
// --paths / --path-to`, `bfs --path-to`, unreachable parents of a table of names, and convert's
// names file beside a Matrix Market output. Files: the same random graphs as a 0-based edge list,
// a 1-based Matrix Market file and a string-id file. Oracles: networkx 2.8 through
// /usr/bin/python3 (strongly_connected_components, shortest path lengths and Dijkstra distances;
// a path is valid when it starts at the source, ends at the vertex, every hop is an arc and its
// length equals the distance), skipped when networkx is absent; brute-force checks otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "loaders/load.hpp"
#include "loaders/vertex_ids.hpp"
#include "tests/support/process.hpp"
#include "tests/support/spgraph_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::shell_quote;
using spgraph::testing::TempDir;

/// A weighted directed graph on vertices 0..n-1 (no duplicate arcs), with a name per vertex.
struct TestGraph {
  int n = 0;
  std::map<std::pair<int, int>, int> arcs;  ///< (u, v) -> integer weight 1..9
  std::vector<std::string> names;           ///< names[v]: v's name in the string-id file
};

/// A random directed graph: cycles of several sizes (so components are not all singletons),
/// random arcs, a self-loop, and isolated vertices at the end. Names hold colons and one a comma.
TestGraph random_graph(unsigned seed, int n) {
  std::mt19937 rng(seed);
  TestGraph g;
  g.n = n;
  std::uniform_int_distribution<int> vertex(0, n - 4), weight(1, 9);
  for (int k = 0; k < 2 * n; ++k) {
    const int u = vertex(rng), v = vertex(rng);
    g.arcs.emplace(std::make_pair(u, v), weight(rng));
  }
  g.arcs.emplace(std::make_pair(1, 1), 2);
  for (int v = 0; v < n; ++v) g.names.push_back("GO:" + std::to_string(1000 + 7 * v));
  g.names[2] = "Smith, Ann";
  return g;
}

/// The arcs as "u v w" lines with the ids `id` gives each vertex, `sep` between fields.
template <class Id>
std::string arc_lines(const TestGraph& g, Id id, const std::string& sep) {
  std::string text;
  for (const auto& [uv, w] : g.arcs)
    text += id(uv.first) + sep + id(uv.second) + sep + std::to_string(w) + "\n";
  return text;
}

/// The three files of one graph: 0-based edge list, 1-based Matrix Market, string ids (CSV).
struct GraphFiles {
  std::string zero_based, one_based, named;  ///< paths, with the flags each needs
  std::string named_path;
};

GraphFiles write_files(const TestGraph& g, const TempDir& dir, const std::string& stem) {
  GraphFiles f;
  const fs::path el = dir.path() / (stem + ".txt");
  // The edge list has max id + 1 vertices; the Matrix Market file declares all n, so its last
  // vertices are isolated.
  std::ofstream(el) << arc_lines(
      g, [](int v) { return std::to_string(v); }, " ");
  const fs::path mtx = dir.path() / (stem + ".mtx");
  std::ofstream(mtx) << "%%MatrixMarket matrix coordinate integer general\n"
                     << g.n << " " << g.n << " " << g.arcs.size() << "\n"
                     << arc_lines(
                            g, [](int v) { return std::to_string(v + 1); }, " ");
  const fs::path csv = dir.path() / (stem + ".csv");
  std::ofstream(csv) << "from,to,weight\n"
                     << arc_lines(
                            g,
                            [&](int v) {
                              const std::string& s = g.names[v];
                              return s.find(',') == std::string::npos ? s : "\"" + s + "\"";
                            },
                            ",");
  f.zero_based = el.string() + " --base 0";
  f.one_based = mtx.string();
  f.named = csv.string() + " --remap-ids";
  f.named_path = csv.string();
  return f;
}

/// Rows of a TSV result file (the "# ..." header skipped), split on tabs.
std::vector<std::vector<std::string>> tsv_rows(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> row;
    std::size_t from = 0;
    while (true) {
      const std::size_t tab = line.find('\t', from);
      row.push_back(line.substr(from, tab == std::string::npos ? tab : tab - from));
      if (tab == std::string::npos) break;
      from = tab + 1;
    }
    rows.push_back(row);
  }
  return rows;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, sep)) out.push_back(part);
  return out;
}

/// Runs a networkx script with the graph's arcs ("u v w", 0-based) on stdin as DiGraph G with
/// n nodes; its stdout, or nullopt when networkx is absent (the caller skips).
std::optional<std::string> networkx(const TestGraph& g, const std::string& script) {
  if (!fs::exists("/usr/bin/python3")) return std::nullopt;
  spgraph::testing::RunOptions o;
  o.timeout_seconds = 120;
  o.input = std::to_string(g.n) + "\n" +
            arc_lines(
                g, [](int v) { return std::to_string(v); }, " ");
  const auto r = spgraph::testing::run_process(
      {"/usr/bin/python3", "-c",
       "import sys\ntry:\n import networkx as nx\nexcept ImportError:\n sys.exit(77)\n"
       "lines = sys.stdin.read().split('\\n')\nG = nx.DiGraph()\n"
       "G.add_nodes_from(range(int(lines[0])))\n"
       "for l in lines[1:]:\n if l:\n  u, v, w = map(int, l.split())\n"
       "  G.add_edge(u, v, weight=w)\n" +
           script},
      o);
  if (r.exit_code == 77) return std::nullopt;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

/// The id of vertex v (0-based) in each file: "0" for the edge list, "1" for the .mtx, a name.
std::string id_in(int which, const TestGraph& g, int v) {
  return which == 0 ? std::to_string(v) : which == 1 ? std::to_string(v + 1) : g.names[v];
}

/// The 0-based vertex of an id read back from a file of kind `which`.
int vertex_of(int which, const TestGraph& g, const std::string& id) {
  if (which == 0) return std::stoi(id);
  if (which == 1) return std::stoi(id) - 1;
  const auto it = std::find(g.names.begin(), g.names.end(), id);
  EXPECT_NE(it, g.names.end()) << "unknown name " << id;
  return int(it - g.names.begin());
}

/// `id` as a vertex flag's value: quoted (CSV) when it holds a comma, then for the shell.
std::string flag_value(const std::string& id) {
  return shell_quote(id.find(',') == std::string::npos ? id : "\"" + id + "\"");
}

TEST(IdsFlagsCli, SccMatchesNetworkxOnEveryNumbering) {
  const TestGraph g = random_graph(7, 40);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "scc");
  const auto oracle = networkx(
      g, "for c in nx.strongly_connected_components(G):\n print(' '.join(map(str, sorted(c))))\n");
  if (!oracle) GTEST_SKIP() << "networkx is not installed";
  std::set<std::set<int>> expected;
  for (const std::string& line : split(*oracle, '\n')) {
    std::set<int> c;
    for (const std::string& v : split(line, ' ')) c.insert(std::stoi(v));
    if (!c.empty()) expected.insert(c);
  }
  const std::string files[3] = {f.zero_based, f.one_based, f.named};
  for (int which = 0; which < 3; ++which) {
    const fs::path out = dir.path() / ("labels" + std::to_string(which) + ".tsv");
    const CliRun r = run("scc " + files[which] + " --out " + out.string() + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    // The edge list has no isolated tail (max id + 1 vertices): compare on its vertices.
    const auto rows = tsv_rows(out.string());
    std::map<std::string, std::set<int>> by_label;
    std::set<int> seen;
    for (const auto& row : rows) {
      ASSERT_EQ(row.size(), 2u);
      const int v = vertex_of(which, g, row[0]);
      by_label[row[1]].insert(v);
      seen.insert(v);
    }
    std::set<std::set<int>> got;
    for (const auto& [label, members] : by_label) {
      got.insert(members);
      const int rep = vertex_of(which, g, label);
      EXPECT_TRUE(members.count(rep)) << "label " << label << " is not in its component";
      if (which < 2) {
        EXPECT_EQ(rep, *members.begin()) << "the smallest id represents";
      }
    }
    std::set<std::set<int>> want;
    for (const auto& c : expected)
      if (seen.count(*c.begin())) want.insert(c);
    EXPECT_EQ(got, want) << files[which];
    EXPECT_NE(r.output.find("\"components\": " + std::to_string(want.size())), std::string::npos)
        << r.output;
    std::size_t largest = 0;
    for (const auto& c : want) largest = std::max(largest, c.size());
    EXPECT_NE(r.output.find("\"largest\": " + std::to_string(largest)), std::string::npos)
        << r.output;
  }
  const CliRun q = run("scc " + f.one_based + " --quiet");
  EXPECT_EQ(q.output, std::to_string(expected.size()) + "\n");
  EXPECT_EQ(run("scc --help").exit_code, 0);
  EXPECT_EQ(run("scc " + (dir.path() / "missing.mtx").string()).exit_code, 1);
}

/// Checks the paths of `rows` ("vertex distance path"): each is valid for distance `want`.
void check_paths(const TestGraph& g, int which, int source,
                 const std::vector<std::vector<std::string>>& rows,
                 const std::map<int, double>& want, const std::string& sep) {
  ASSERT_FALSE(rows.empty());
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 3u) << row[0];
    const int v = vertex_of(which, g, row[0]);
    const auto it = want.find(v);
    if (it == want.end()) {
      EXPECT_EQ(row[1], "inf") << row[0];
      EXPECT_EQ(row[2], "") << row[0];
      continue;
    }
    EXPECT_DOUBLE_EQ(std::stod(row[1]), it->second) << row[0];
    std::vector<int> path;
    std::size_t from = 0;
    while (true) {
      const std::size_t at = row[2].find(sep, from);
      path.push_back(vertex_of(which, g, row[2].substr(from, at - from)));
      if (at == std::string::npos) break;
      from = at + sep.size();
    }
    ASSERT_EQ(path.front(), source) << row[2];
    ASSERT_EQ(path.back(), v) << row[2];
    double length = 0;
    for (std::size_t k = 0; k + 1 < path.size(); ++k) {
      const auto arc = g.arcs.find({path[k], path[k + 1]});
      ASSERT_NE(arc, g.arcs.end()) << "no arc in the path " << row[2];
      length += arc->second;
    }
    EXPECT_DOUBLE_EQ(length, it->second) << row[2];
  }
}

TEST(IdsFlagsCli, SsspPathsAreShortestPathsOnEveryNumbering) {
  const TestGraph g = random_graph(11, 36);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "sp");
  const int source = 3;
  const auto oracle = networkx(g,
                               "d = nx.single_source_dijkstra_path_length(G, 3)\n"
                               "for v, x in sorted(d.items()):\n print(v, x)\n");
  if (!oracle) GTEST_SKIP() << "networkx is not installed";
  std::map<int, double> want;
  for (const std::string& line : split(*oracle, '\n'))
    if (!line.empty()) want[std::stoi(line)] = std::stod(line.substr(line.find(' ') + 1));
  const std::string files[3] = {f.zero_based, f.one_based, f.named};
  for (int which = 0; which < 3; ++which) {
    for (const char* method : {"delta", "bellman-ford"}) {
      const fs::path out = dir.path() / "paths.tsv";
      const std::string sep = which == 2 ? " > " : " ";
      const CliRun r =
          run("sssp " + files[which] + " --source " + flag_value(id_in(which, g, source)) +
              " --method " + method + " --paths --path-separator " + shell_quote(sep) + " --out " +
              out.string());
      ASSERT_EQ(r.exit_code, 0) << r.output;
      check_paths(g, which, source, tsv_rows(out.string()), want, sep);
    }
    // --path-to: one path in JSON, its ids as the file names them; "no path" when unreachable.
    const int far = want.rbegin()->first;
    const CliRun j =
        run("sssp " + files[which] + " --source " + flag_value(id_in(which, g, source)) +
            " --path-to " + flag_value(id_in(which, g, far)) + " --json");
    ASSERT_EQ(j.exit_code, 0) << j.output;
    EXPECT_NE(j.output.find("\"path\": ["), std::string::npos) << j.output;
    const CliRun q =
        run("sssp " + files[which] + " --source " + flag_value(id_in(which, g, source)) +
            " --path-to " + flag_value(id_in(which, g, far)) + " --quiet");
    ASSERT_EQ(q.exit_code, 0) << q.output;
    const auto lines = split(q.output, '\n');
    ASSERT_GE(lines.size(), 1u);
    EXPECT_EQ(lines.front(), id_in(which, g, source));
    EXPECT_EQ(lines.back(), id_in(which, g, far));
  }
  // A vertex nothing reaches (the .mtx's isolated last vertex): "no path", exit 0, JSON null.
  const std::string last = std::to_string(g.n);
  const CliRun none = run("sssp " + f.one_based + " --source 4 --path-to " + last);
  EXPECT_EQ(none.exit_code, 0) << none.output;
  EXPECT_NE(none.output.find("no path from 4 to " + last), std::string::npos) << none.output;
  const CliRun none_json = run("sssp " + f.one_based + " --source 4 --path-to " + last + " --json");
  EXPECT_NE(none_json.output.find("\"path\": null"), std::string::npos) << none_json.output;
  EXPECT_EQ(run("sssp " + f.one_based + " --source 4 --paths").exit_code, 2) << "needs --out";
}

TEST(IdsFlagsCli, BfsPathToIsAShortestPath) {
  const TestGraph g = random_graph(5, 30);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "bfs");
  const auto oracle = networkx(g,
                               "d = nx.single_source_shortest_path_length(G, 0)\n"
                               "for v, x in sorted(d.items()):\n print(v, x)\n");
  if (!oracle) GTEST_SKIP() << "networkx is not installed";
  std::map<int, int> hops;
  for (const std::string& line : split(*oracle, '\n'))
    if (!line.empty()) hops[std::stoi(line)] = std::stoi(line.substr(line.find(' ') + 1));
  const std::string files[3] = {f.zero_based, f.one_based, f.named};
  for (int which = 0; which < 3; ++which)
    for (const auto& [v, h] : hops) {
      const CliRun r = run("bfs " + files[which] + " --source " + flag_value(id_in(which, g, 0)) +
                           " --path-to " + flag_value(id_in(which, g, v)) + " --quiet");
      ASSERT_EQ(r.exit_code, 0) << r.output;
      const auto ids = split(r.output, '\n');
      ASSERT_EQ(ids.size(), std::size_t(h + 1)) << r.output;
      for (std::size_t k = 0; k + 1 < ids.size(); ++k)
        EXPECT_TRUE(g.arcs.count({vertex_of(which, g, ids[k]), vertex_of(which, g, ids[k + 1])}))
            << r.output;
      EXPECT_EQ(vertex_of(which, g, ids.front()), 0);
      EXPECT_EQ(vertex_of(which, g, ids.back()), v);
    }
  const std::string last = std::to_string(g.n);
  const CliRun none = run("bfs " + f.one_based + " --source 1 --path-to " + last);
  EXPECT_EQ(none.exit_code, 0) << none.output;
  EXPECT_NE(none.output.find("no path"), std::string::npos) << none.output;
  const CliRun two = run("bfs " + f.one_based + " --source 1,2 --path-to 3");
  EXPECT_EQ(two.exit_code, 2) << two.output;
}

TEST(IdsFlagsCli, EveryVertexFlagTakesNamesInOneListSyntax) {
  const TestGraph g = random_graph(3, 20);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "flags");
  const std::string a = g.names[0], b = g.names[1], comma = flag_value(g.names[2]);
  const std::string list = shell_quote(a + "," + b + ",\"" + g.names[2] + "\"");
  // Lists: bfs and bc --source, pagerank --personalize, knn --vertex.
  const CliRun bfs = run("bfs " + f.named + " --source " + list + " --json");
  ASSERT_EQ(bfs.exit_code, 0) << bfs.output;
  for (const std::string& name : {a, b, g.names[2]})
    EXPECT_NE(bfs.output.find("\"source\": \"" + name + "\""), std::string::npos) << bfs.output;
  const CliRun repeated = run("bfs " + f.named + " --source " + a + " --source " + comma);
  EXPECT_EQ(repeated.exit_code, 0) << repeated.output;  // repeating the flag still works
  EXPECT_EQ(run("bc " + f.named + " --source " + list).exit_code, 0);
  const CliRun pr = run("pagerank " + f.named + " --personalize " + list + " --json");
  EXPECT_EQ(pr.exit_code, 0) << pr.output;
  const CliRun knn = run("knn " + f.named + " --vertex " + list + " --json");
  EXPECT_EQ(knn.exit_code, 0) << knn.output;
  // One vertex: sssp --source, closure --query U,V (a pair), --path-to.
  EXPECT_EQ(run("sssp " + f.named + " --source " + comma).exit_code, 0);
  const CliRun q = run("closure " + f.named + " --query " +
                       shell_quote(a + ",\"" + g.names[2] + "\"") + " --json");
  EXPECT_EQ(q.exit_code, 0) << q.output;
  EXPECT_NE(q.output.find("\"to\": \"Smith, Ann\""), std::string::npos) << q.output;
  // "U:V" is no longer a pair (a name may hold a colon): a lone name is one vertex, not a pair.
  EXPECT_EQ(run("closure " + f.named + " --query " + a).exit_code, 2);
  // A name the file lacks: exit 1, naming the flag, the vertex and the file.
  for (const std::string& cmd :
       {"bfs " + f.named + " --source GO:9", "bc " + f.named + " --source GO:9",
        "pagerank " + f.named + " --personalize " + a + ",GO:9",
        "knn " + f.named + " --vertex GO:9", "sssp " + f.named + " --source GO:9",
        "closure " + f.named + " --query " + a + ",GO:9",
        "bfs " + f.named + " --source " + a + " --path-to GO:9"}) {
    const CliRun r = run(cmd);
    EXPECT_EQ(r.exit_code, 1) << cmd << "\n" << r.output;
    EXPECT_NE(r.output.find("vertex GO:9 is not in " + f.named_path), std::string::npos)
        << cmd << "\n"
        << r.output;
  }
  // Integer files: out of range names the file; a name is a usage error (exit 2).
  const CliRun range = run("bfs " + f.one_based + " --source 99");
  EXPECT_EQ(range.exit_code, 1) << range.output;
  EXPECT_NE(range.output.find("ids run from 1 to 20 in " + f.one_based), std::string::npos)
      << range.output;
  EXPECT_EQ(run("bfs " + f.one_based + " --source GO:1").exit_code, 2);
  EXPECT_EQ(run("bfs " + f.one_based + " --source '\"1'").exit_code, 2);  // unclosed quote
  EXPECT_EQ(run("sssp " + f.one_based + " --source 1,2").exit_code, 2);   // one vertex
}

TEST(IdsFlagsCli, MaintainTakesNamesWithColons) {
  const TestGraph g = random_graph(3, 20);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "maintain");
  const fs::path updates = dir.path() / "updates.txt";
  std::ofstream(updates) << "? bfs " << g.names[0] << "\n? knn " << g.names[0] << "\n";
  const std::string common = "stream " + f.named + " --updates " + updates.string();
  const CliRun kept = run(common + " --maintain " +
                          shell_quote("bfs:" + g.names[0] + ",knn:\"" + g.names[0] +
                                      "\":5,\"sssp:" + g.names[2] + "\""));
  ASSERT_EQ(kept.exit_code, 0) << kept.output;
  EXPECT_NE(kept.output.find("(maintained)"), std::string::npos) << kept.output;
  const CliRun missing = run(common + " --maintain bfs:GO:9");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("GO:9"), std::string::npos) << missing.output;
}

TEST(IdsFlagsCli, UnreachableParentsAreEmptyForNamesAndMinusOneForIntegers) {
  const TestGraph g = random_graph(9, 24);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "parents");
  const fs::path named = dir.path() / "named.tsv", numbered = dir.path() / "numbered.tsv";
  ASSERT_EQ(run("bfs " + f.named + " --source " + g.names[0] + " --parents --out " + named.string())
                .exit_code,
            0);
  ASSERT_EQ(
      run("bfs " + f.one_based + " --source 1 --parents --out " + numbered.string()).exit_code, 0);
  const auto by_name = tsv_rows(named.string()), by_number = tsv_rows(numbered.string());
  std::size_t unreachable = 0;
  for (const auto& row : by_name) {
    ASSERT_EQ(row.size(), 3u);
    if (row[1] == "-1") {
      ++unreachable;
      EXPECT_EQ(row[2], "") << row[0];
    } else {
      EXPECT_NE(row[2], "") << row[0];
    }
  }
  EXPECT_GT(unreachable, 0u);
  for (const auto& row : by_number) {
    if (row[1] == "-1") {
      EXPECT_EQ(row[2], "-1") << row[0];
    }
  }
}

TEST(IdsFlagsCli, ConvertToMatrixMarketWritesTheNamesBeside) {
  const TestGraph g = random_graph(13, 20);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "conv");
  const fs::path mtx = dir.path() / "named.mtx";
  const CliRun r = run("convert " + f.named + " " + mtx.string() + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string ids_file = mtx.string() + ".ids";
  EXPECT_NE(r.output.find("\"ids_file\": \"" + ids_file + "\""), std::string::npos) << r.output;
  std::vector<std::string> names;
  {
    std::ifstream in(ids_file);
    for (std::string line; std::getline(in, line);) names.push_back(line);
  }
  // Every entry (i, j) of the .mtx, named through the names file, is an arc of the graph.
  std::set<std::pair<std::string, std::string>> got, want;
  std::ifstream in(mtx);
  std::string line;
  bool size_line = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%') continue;
    if (size_line) {
      size_line = false;
      continue;
    }
    std::istringstream fields(line);
    std::size_t i = 0, j = 0;
    fields >> i >> j;
    ASSERT_TRUE(i >= 1 && i <= names.size() && j >= 1 && j <= names.size()) << line;
    got.emplace(names[i - 1], names[j - 1]);
  }
  for (const auto& [uv, w] : g.arcs) want.emplace(g.names[uv.first], g.names[uv.second]);
  EXPECT_EQ(got, want);
  // Integer ids that are not remapped need no names file.
  const fs::path plain = dir.path() / "plain.mtx";
  ASSERT_EQ(run("convert " + f.one_based + " " + plain.string()).exit_code, 0);
  EXPECT_FALSE(fs::exists(plain.string() + ".ids"));
}

/// Writes a binary graph a -> "line\nbreak" -> c (a name a CSV file could not hold unquoted,
/// but a binary file written from Python can) to `path`.
void write_graph_with_line_break(const TempDir& dir, const std::string& path) {
  spgraph::LoadOptions o;
  o.remap_ids = true;
  const spgraph::LoadedMatrix g = spgraph::load_matrix(dir.write("abc.csv", "a,b\nb,c\n"), o);
  auto ids = std::make_shared<spgraph::VertexIds>(spgraph::VertexIds::Kind::String);
  for (const char* name : {"a", "line\nbreak", "c"}) ids->insert(name);
  spgraph::SaveOptions so = spgraph::save_options_for(g.info);
  so.ids = ids;
  spgraph::save_matrix(path, g.matrix, so);
}

TEST(IdsFlagsCli, ConvertRefusesANameWithALineBreakBeforeWritingEitherFile) {
  TempDir dir;
  const std::string bin = dir.file("broken.bin");
  write_graph_with_line_break(dir, bin);
  const std::string mtx = dir.file("out.mtx");
  const CliRun r = run("convert " + bin + " " + mtx);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("line break"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(mtx));
  EXPECT_FALSE(fs::exists(mtx + ".ids"));
  // An earlier OUT and its names stay as they were.
  const std::string old_mtx = dir.write("old.mtx", "old graph\n");
  const std::string old_ids = dir.write("old.mtx.ids", "old names\n");
  EXPECT_EQ(run("convert " + bin + " " + old_mtx).exit_code, 1);
  EXPECT_EQ(spgraph::testing::read_file(old_mtx), "old graph\n");
  EXPECT_EQ(spgraph::testing::read_file(old_ids), "old names\n");
  // No temporary file is left behind either.
  for (const std::string& entry : dir.entries())
    EXPECT_EQ(entry.find("spgraph-"), std::string::npos) << entry;
}

TEST(IdsFlagsCli, ConvertWithoutNamesRemovesAStaleNamesFile) {
  const TestGraph g = random_graph(17, 20);
  TempDir dir;
  const GraphFiles f = write_files(g, dir, "stale");
  const std::string mtx = dir.file("out.mtx");
  ASSERT_EQ(run("convert " + f.named + " " + mtx).exit_code, 0);
  ASSERT_TRUE(fs::exists(mtx + ".ids"));
  // The same OUT from a graph without names: the old names would misname its vertices.
  const CliRun r = run("convert " + f.one_based + " " + mtx + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"ids_file\": null"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(mtx));
  EXPECT_FALSE(fs::exists(mtx + ".ids"));
  // An edge list keeps the names in the file itself: a stale names file goes too.
  const std::string el = dir.file("out.tsv");
  dir.write("out.tsv.ids", "stale\n");
  ASSERT_EQ(run("convert " + f.named + " " + el).exit_code, 0);
  EXPECT_FALSE(fs::exists(el + ".ids"));
}

}  // namespace
