// SPDX-License-Identifier: Apache-2.0
// The CLI's finish (issue 33, point 10): result files in the layout their extension names
// (JSON parsed with nlohmann-json and checked against a breadth-first search written here and
// against the TSV of the same run), -o on every command that writes a file, "did you mean" for
// unknown commands and options (exit 2), no C++ names ("::") in any --help or provoked error,
// every default --help shows accepted by its own flag, counts of one in the singular, and the
// load progress line, read through a pseudo-terminal, with its two stages and no absurd rate.
// Nothing here depends on timing.
#include <gtest/gtest.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

using nlohmann::json;
using spgraph::testing::CliRun;
using spgraph::testing::read_file;
using spgraph::testing::run;
using spgraph::testing::shell_quote;
using spgraph::testing::TempDir;
using spgraph::testing::test_data;

const std::string karate = test_data("karate.mtx").string();

/// Karate's edges from the Matrix Market file (1-based, symmetric: each edge once).
std::vector<std::pair<int, int>> karate_edges(int& n) {
  std::istringstream in(read_file(karate));
  std::string line;
  bool header = false;
  std::vector<std::pair<int, int>> edges;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%') continue;
    std::istringstream f(line);
    if (!header) {
      int rows = 0, cols = 0, entries = 0;
      f >> rows >> cols >> entries;
      n = rows;
      header = true;
      continue;
    }
    int u = 0, v = 0;
    f >> u >> v;
    edges.emplace_back(u, v);
  }
  return edges;
}

/// Breadth-first levels from `source` (1-based), -1 for unreached: the oracle.
std::map<int, int> bfs_levels(int source) {
  int n = 0;
  const auto edges = karate_edges(n);
  std::vector<std::vector<int>> adj(std::size_t(n) + 1);
  for (auto [u, v] : edges) {
    adj[std::size_t(u)].push_back(v);
    adj[std::size_t(v)].push_back(u);
  }
  std::map<int, int> level;
  for (int v = 1; v <= n; ++v) level[v] = -1;
  std::deque<int> q{source};
  level[source] = 0;
  while (!q.empty()) {
    const int u = q.front();
    q.pop_front();
    for (int v : adj[std::size_t(u)])
      if (level[v] < 0) {
        level[v] = level[u] + 1;
        q.push_back(v);
      }
  }
  return level;
}

/// The rows of a TSV result file ("# col col" first), split at tabs.
std::vector<std::vector<std::string>> tsv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::string f;
    std::istringstream l(line);
    while (std::getline(l, f, '\t')) fields.push_back(f);
    rows.push_back(fields);
  }
  return rows;
}

TEST(PolishCli, JsonOutFollowsItsExtensionAndHoldsTheLevels) {
  TempDir tmp;
  const std::string out = tmp.file("levels.json");
  const CliRun r = run("bfs " + karate + " --source 1 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json j = json::parse(read_file(out));  // throws, failing the test, if not JSON
  ASSERT_TRUE(j.is_array());
  const std::map<int, int> want = bfs_levels(1);
  ASSERT_EQ(j.size(), want.size());
  for (const json& row : j) {
    ASSERT_TRUE(row["vertex"].is_number_integer()) << row.dump();
    ASSERT_TRUE(row["level"].is_number_integer()) << row.dump();
    EXPECT_EQ(row["level"].get<int>(), want.at(row["vertex"].get<int>())) << row.dump();
  }
}

TEST(PolishCli, JsonCsvAndTsvOfOneRunHoldTheSameValues) {
  TempDir tmp;
  for (const std::string ext : {"tsv", "json", "csv", "txt"})
    ASSERT_EQ(run("pagerank " + karate + " -q -o " + tmp.file("r." + ext)).exit_code, 0) << ext;
  const auto tsv = tsv_rows(read_file(tmp.file("r.tsv")));
  EXPECT_EQ(read_file(tmp.file("r.txt")), read_file(tmp.file("r.tsv")));
  const json j = json::parse(read_file(tmp.file("r.json")));
  ASSERT_EQ(j.size(), tsv.size());
  double sum = 0;
  for (std::size_t k = 0; k < tsv.size(); ++k) {
    EXPECT_EQ(j[k]["vertex"].get<long>(), std::stol(tsv[k][0]));
    EXPECT_EQ(j[k]["rank"].get<double>(), std::stod(tsv[k][1]));  // %.17g both ways
    sum += j[k]["rank"].get<double>();
  }
  EXPECT_NEAR(sum, 1.0, 1e-6);
  const std::string csv = read_file(tmp.file("r.csv"));
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "vertex,rank");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), long(tsv.size()) + 1);
}

TEST(PolishCli, JsonKeepsNamesAsStringsAndInfinityAsNull) {
  TempDir tmp;
  // Two components, string ids, one name with a comma and a quote.
  const std::string g = tmp.write("named.csv",
                                  "src,dst,w\nGO:1,\"Smith, \"\"Ann\"\"\",2\nGO:1,GO:2,1\n"
                                  "X,Y,1\n");
  const CliRun r = run("sssp " + g + " --remap-ids --source GO:1 -o " + tmp.file("d.json") + " -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json j = json::parse(read_file(tmp.file("d.json")));
  std::map<std::string, json> dist;
  for (const json& row : j) dist[row["vertex"].get<std::string>()] = row["distance"];
  ASSERT_EQ(dist.size(), 5u);
  EXPECT_EQ(dist["GO:1"], 0);
  EXPECT_EQ(dist["Smith, \"Ann\""], 2);
  EXPECT_EQ(dist["GO:2"], 1);
  EXPECT_TRUE(dist["X"].is_null());
  EXPECT_TRUE(dist["Y"].is_null());
}

/// Rows of a JSON result table keyed by their "vertex" field, which must be a string.
std::map<std::string, json> rows_by_name(const std::string& path) {
  std::map<std::string, json> rows;
  for (const json& row : json::parse(read_file(path))) {
    EXPECT_TRUE(row["vertex"].is_string()) << row.dump();
    if (row["vertex"].is_string()) rows[row["vertex"].get<std::string>()] = row;
  }
  return rows;
}

TEST(PolishCli, JsonKeepsNamesThatLookLikeNumbersAsStrings) {
  TempDir tmp;
  // Two components: the path 1e3 - 1000 - 1.0 - 007, and -1 - true - null. As JSON numbers,
  // 1e3 and 1000 would read back as one vertex, and 1.0, true and null would change.
  const std::string g =
      tmp.write("n.csv", "src,dst\n1e3,1000\n1000,1.0\n1.0,007\n-1,true\ntrue,null\n");
  const std::set<std::string> names = {"1e3", "1000", "1.0", "007", "-1", "true", "null"};
  const std::string flags = " --remap-ids --undirected -q -o ";
  ASSERT_EQ(run("bfs " + g + " --source 1e3 --compute both" + flags + tmp.file("b.json")).exit_code,
            0);
  const auto bfs = rows_by_name(tmp.file("b.json"));
  const std::map<std::string, int> level = {{"1e3", 0}, {"1000", 1},  {"1.0", 2},  {"007", 3},
                                            {"-1", -1}, {"true", -1}, {"null", -1}};
  const std::map<std::string, std::string> parent = {
      {"1000", "1e3"}, {"1.0", "1000"}, {"007", "1.0"}};
  ASSERT_EQ(bfs.size(), names.size());
  for (const auto& [name, row] : bfs) {
    EXPECT_EQ(row["level"], level.at(name)) << row.dump();
    if (level.at(name) < 0) {
      EXPECT_TRUE(row["parent"].is_null()) << row.dump();  // "-1" is a name here
    } else {
      EXPECT_EQ(row["parent"], name == "1e3" ? "1e3" : parent.at(name)) << row.dump();
    }
  }
  for (const std::string cmd : {"cc", "scc"}) {
    ASSERT_EQ(run(cmd + " " + g + flags + tmp.file(cmd + ".json")).exit_code, 0) << cmd;
    const auto rows = rows_by_name(tmp.file(cmd + ".json"));
    ASSERT_EQ(rows.size(), names.size()) << cmd;
    const std::string column = cmd == "cc" ? "label" : "component";
    // The label of a component is one of its vertices' names, a string.
    for (const auto& [name, row] : rows) {
      ASSERT_TRUE(row[column].is_string()) << cmd << ": " << row.dump();
      EXPECT_EQ(names.count(row[column].get<std::string>()), 1u) << cmd << ": " << row.dump();
      const bool first = level.at(name) >= 0;
      EXPECT_EQ(row[column], rows.at(first ? "1e3" : "-1")[column]) << cmd << ": " << row.dump();
    }
    EXPECT_NE(rows.at("1e3")[column], rows.at("-1")[column]) << cmd;
  }
  ASSERT_EQ(run("pagerank " + g + flags + tmp.file("p.json")).exit_code, 0);
  const auto ranks = rows_by_name(tmp.file("p.json"));
  ASSERT_EQ(ranks.size(), names.size());
  double sum = 0;
  for (const auto& [name, row] : ranks) {
    ASSERT_TRUE(row["rank"].is_number()) << row.dump();
    sum += row["rank"].get<double>();
  }
  EXPECT_NEAR(sum, 1.0, 1e-6);
  // The path's ends have one neighbour, its middle two: the middle ranks higher.
  EXPECT_GT(ranks.at("1000")["rank"].get<double>(), ranks.at("1e3")["rank"].get<double>());
}

TEST(PolishCli, JsonWritesIntegerIdsAsNumbers) {
  TempDir tmp;
  // Integer ids, remapped (a sparse numbering) and not: vertices and labels are numbers.
  const std::string g = tmp.write("i.txt", "10 20\n20 30\n40 50\n");
  ASSERT_EQ(run("cc " + g + " --remap-ids -q -o " + tmp.file("c.json")).exit_code, 0);
  std::map<long, long> label;
  for (const json& row : json::parse(read_file(tmp.file("c.json")))) {
    ASSERT_TRUE(row["vertex"].is_number_integer()) << row.dump();
    ASSERT_TRUE(row["label"].is_number_integer()) << row.dump();
    label[row["vertex"].get<long>()] = row["label"].get<long>();
  }
  EXPECT_EQ(label, (std::map<long, long>{{10, 10}, {20, 10}, {30, 10}, {40, 40}, {50, 40}}));
  ASSERT_EQ(
      run("bfs " + karate + " --source 1 --compute parents -q -o " + tmp.file("p.json")).exit_code,
      0);
  for (const json& row : json::parse(read_file(tmp.file("p.json")))) {
    ASSERT_TRUE(row["vertex"].is_number_integer()) << row.dump();
    ASSERT_TRUE(row["parent"].is_number_integer()) << row.dump();
  }
}

TEST(PolishCli, EveryTableWriterTakesJson) {
  TempDir tmp;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"cc " + karate, "label"},
      {"tc " + karate, "triangles"},
      {"kcore " + karate, "core"},
      {"lcc " + karate, "lcc"},
      {"knn " + karate + " --vertex 1 --k 3", "score"},
      {"mxv " + karate + " --semiring plus_times", "value"},
      {"communities " + karate, "community"},
  };
  for (const auto& [args, column] : cases) {
    const std::string out = tmp.file("t.json");
    const CliRun r = run(args + " -q -o " + out);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.output;
    const json j = json::parse(read_file(out));
    ASSERT_TRUE(j.is_array() && !j.empty()) << args;
    EXPECT_TRUE(j[0].contains(column)) << args << ": " << j[0].dump();
    EXPECT_TRUE(j[0][column].is_number()) << args << ": " << j[0].dump();
  }
}

TEST(PolishCli, TableFormatsSpgraphCannotWriteAreRefusedBeforeWork) {
  TempDir tmp;
  for (const std::string name : {"r.xlsx", "r.parquet", "r.npy"}) {
    const CliRun r = run("pagerank " + karate + " --out " + tmp.file(name));
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("does not write"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("PageRank"), std::string::npos) << "ran before refusing:\n" << r.output;
    EXPECT_TRUE(tmp.entries().empty());
  }
}

TEST(PolishCli, DashOIsOutOnEveryCommandThatWritesAFile) {
  TempDir tmp;
  ASSERT_EQ(run("tc " + karate + " -q -o " + tmp.file("tc.tsv")).exit_code, 0);
  ASSERT_EQ(run("tc " + karate + " -q --out " + tmp.file("tc2.tsv")).exit_code, 0);
  EXPECT_EQ(read_file(tmp.file("tc.tsv")), read_file(tmp.file("tc2.tsv")));
  EXPECT_FALSE(read_file(tmp.file("tc.tsv")).empty());
  ASSERT_EQ(run("closure " + karate + " -q -o " + tmp.file("c.mtx")).exit_code, 0);
  ASSERT_EQ(run("closure " + karate + " -q --out " + tmp.file("c2.mtx")).exit_code, 0);
  EXPECT_EQ(read_file(tmp.file("c.mtx")), read_file(tmp.file("c2.mtx")));
  // Every subcommand with an --out option lists -o beside it.
  const CliRun top = run("--help");
  std::regex command(R"(^  ([a-z]+)\s)");
  std::istringstream in(top.output);
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, command)) continue;
    const CliRun help = run(m[1].str() + " --help");
    if (help.output.find("--out") == std::string::npos) continue;
    ++checked;
    EXPECT_NE(help.output.find("-o,--out"), std::string::npos) << m[1] << "\n" << help.output;
  }
  EXPECT_GE(checked, 15);
}

TEST(PolishCli, UnknownCommandSuggestsTheNearestAndExitsTwo) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"pagernk " + karate, "unknown subcommand 'pagernk'; did you mean 'pagerank'?"},
      {"bsf " + karate, "did you mean 'bfs'?"},
      {"kcroe " + karate, "did you mean 'kcore'?"},
      {"compare pagernk " + karate, "did you mean 'pagerank'?"},
      {"bfs " + karate + " --sorce 1", "unknown option '--sorce'; did you mean '--source'?"},
      {"pagerank " + karate + " --dampng=0.9",
       "unknown option '--dampng'; did you mean '--damping'?"},
      {"tc " + karate + " --per-vertx", "did you mean '--per-vertex'?"},
  };
  for (const auto& [args, message] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  }
  // Nothing near: no suggestion, still the list and exit 2.
  const CliRun far = run("frobnicate " + karate);
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_EQ(far.output.find("did you mean"), std::string::npos) << far.output;
  EXPECT_NE(far.output.find("valid subcommands: info"), std::string::npos) << far.output;
  const CliRun far_option = run("bfs " + karate + " --source 1 --zzzzzzzz");
  EXPECT_EQ(far_option.exit_code, 2);
  EXPECT_NE(far_option.output.find("unknown option '--zzzzzzzz'"), std::string::npos)
      << far_option.output;
  EXPECT_EQ(far_option.output.find("did you mean"), std::string::npos) << far_option.output;
}

/// Every subcommand's name, from `spgraph --help`, and the compare jobs, as "compare JOB".
std::vector<std::string> every_command() {
  std::vector<std::string> names;
  std::regex command(R"(^  ([a-z]+)\s)");
  for (const std::string& parent : {std::string(), std::string("compare")}) {
    std::istringstream in(run(parent + " --help").output);
    std::string line;
    bool in_list = false;
    while (std::getline(in, line)) {
      if (line.rfind("Subcommands:", 0) == 0) in_list = true;
      std::smatch m;
      if (in_list && std::regex_search(line, m, command))
        names.push_back(parent.empty() ? m[1].str() : parent + " " + m[1].str());
    }
  }
  return names;
}

TEST(PolishCli, HelpNamesNoCppIdentifiersAndEveryShownDefaultIsAccepted) {
  const std::vector<std::string> commands = every_command();
  ASSERT_GE(commands.size(), 30u);
  // "  --damping FLOAT:a number from 0 to 1=0.85  ..." / "  -k,--k UINT=10 ...": the option's
  // long name, then its default after '=' in the type column (single spaces only: two or more
  // start the description, which may hold an '=' of its own).
  std::regex option(
      R"(^\s+(?:-[A-Za-z0-9],)?(--[a-z0-9-]+)(?:,-[A-Za-z0-9])? ((?:[^ ]| [^ ])*?)=(\S+)(?:\s|$))");
  int defaults = 0;
  for (const std::string& cmd : commands) {
    const CliRun help = run(cmd + " --help");
    ASSERT_EQ(help.exit_code, 0) << cmd;
    EXPECT_EQ(help.output.find("::"), std::string::npos) << cmd << "\n" << help.output;
    std::istringstream in(help.output);
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, option)) continue;
      const std::string flag = m[1].str(), value = m[3].str();
      if (flag == "--help") continue;
      ++defaults;
      // The default given back to its flag passes the flag's checks (--help then ends the run
      // with 0; a refused value would be a usage error first).
      const CliRun back = run(cmd + " " + flag + "=" + shell_quote(value) + " --help");
      EXPECT_EQ(back.exit_code, 0) << cmd << " " << flag << "=" << value << "\n" << back.output;
    }
  }
  EXPECT_GE(defaults, 100);
}

TEST(PolishCli, ProvokedErrorsNameNoCppIdentifiers) {
  TempDir tmp;
  const std::string named = tmp.write("named.txt", "a b\nb c\n");
  const std::string neg = tmp.write("neg.txt", "0 1 -2\n1 2 1\n");
  const std::string big = tmp.write("big.txt", "0 1\n1 99999999999\n");
  const std::vector<std::string> cases = {
      "info " + named,                               // string ids without --remap-ids
      "info " + big,                                 // an id too large without --remap-ids
      "sssp " + neg + " --source 0 --method delta",  // negative weights for delta-stepping
      "bfs " + karate + " --source 99",              // out of range
      "pagerank " + karate + " --damping 2",         // out of its range
      "generate kron --scale 40 -o " + tmp.file("k.mtx"),
      "convert " + karate + " " + tmp.file("x.docx"),
  };
  for (const std::string& args : cases) {
    const CliRun r = run(args);
    EXPECT_NE(r.exit_code, 0) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("spgraph: error"), std::string::npos) << args << "\n" << r.output;
    EXPECT_EQ(r.output.find("::"), std::string::npos) << args << "\n" << r.output;
  }
  const CliRun ids = run("info " + named);
  EXPECT_NE(ids.output.find("--remap-ids"), std::string::npos) << ids.output;
  const CliRun delta = run("sssp " + neg + " --source 0 --method delta");
  EXPECT_NE(delta.output.find("--method bellman-ford"), std::string::npos) << delta.output;
}

TEST(PolishCli, ACountOfOneTakesTheSingular) {
  const CliRun one = run("knn " + karate + " --vertex 1 --k 3");
  ASSERT_EQ(one.exit_code, 0) << one.output;
  EXPECT_NE(one.output.find(": 1 query,"), std::string::npos) << one.output;
  // A whole count of 1 (not the tail of a rate such as "19321 queries/s").
  const std::regex one_plural("(^|[^0-9.])1 queries");
  EXPECT_FALSE(std::regex_search(one.output, one_plural)) << one.output;
  const CliRun two = run("knn " + karate + " --vertex 1,2 --k 3");
  ASSERT_EQ(two.exit_code, 0) << two.output;
  EXPECT_NE(two.output.find(": 2 queries,"), std::string::npos) << two.output;
  TempDir tmp;
  const std::string g = tmp.write("one.txt", "0 1\n");
  const CliRun cc = run("cc " + g);
  ASSERT_EQ(cc.exit_code, 0) << cc.output;
  EXPECT_FALSE(std::regex_search(cc.output, std::regex("(^|[^0-9.])1 components"))) << cc.output;
}

/// Runs `spgraph ARGS` with stderr (and stdout) on a pseudo-terminal, so that the progress
/// line is drawn, and returns everything it wrote there.
std::string run_on_terminal(const std::vector<std::string>& args, int& exit_code) {
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) return "";
  if (pid == 0) {
    std::vector<char*> argv;
    std::string program = SPGRAPH_CLI;
    argv.push_back(program.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t k = read(master, buf, sizeof buf);
    if (k <= 0) break;  // EIO once the child closed the terminal
    out.append(buf, std::size_t(k));
  }
  int status = 0;
  waitpid(pid, &status, 0);
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  close(master);
  return out;
}

/// Every rate the progress line showed, in units per second ("3482.8 TB/s" -> 3.4828e15).
std::vector<double> shown_rates(const std::string& text) {
  std::vector<double> rates;
  std::regex rate(R"(([0-9]+(?:\.[0-9]+)?) (B|KB|MB|GB|TB)/s)");
  const std::map<std::string, double> scale = {
      {"B", 1}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}};
  for (std::sregex_iterator it(text.begin(), text.end(), rate), end; it != end; ++it)
    rates.push_back(std::stod((*it)[1].str()) * scale.at((*it)[2].str()));
  return rates;
}

TEST(PolishCli, LoadProgressShowsItsStagesAndNoAbsurdRate) {
  TempDir tmp;
  // Big enough for several parse chunks, small enough for a test.
  std::string text;
  for (int i = 0; i < 200000; ++i)
    text += std::to_string(i) + " " + std::to_string((i * 7919) % 200000) + "\n";
  const std::string g = tmp.write("g.txt", text);
  int code = -1;
  const std::string out = run_on_terminal({"info", g, "--threads", "2"}, code);
  ASSERT_EQ(code, 0) << out;
  EXPECT_NE(out.find("loading " + g), std::string::npos) << out;
  EXPECT_NE(out.find("building the graph"), std::string::npos) << out;
  for (double r : shown_rates(out)) EXPECT_LT(r, 1e11) << out;  // no disk reads 100 GB/s
  // The same through a pipe: no progress line at all.
  const CliRun piped = run("info " + g);
  EXPECT_EQ(piped.output.find("loading "), std::string::npos) << piped.output;
  EXPECT_EQ(piped.output.find('\r'), std::string::npos);
}

TEST(PolishCli, GenerateAndConvertShowTheirStages) {
  TempDir tmp;
  int code = -1;
  const std::string gen =
      run_on_terminal({"generate", "kron", "--scale", "8", "-o", tmp.file("k.mtx")}, code);
  ASSERT_EQ(code, 0) << gen;
  EXPECT_NE(gen.find("generate kron: drawing the edges"), std::string::npos) << gen;
  EXPECT_NE(gen.find("generate kron: writing " + tmp.file("k.mtx")), std::string::npos) << gen;
  const std::string conv = run_on_terminal({"convert", tmp.file("k.mtx"), tmp.file("k.bin")}, code);
  ASSERT_EQ(code, 0) << conv;
  EXPECT_NE(conv.find("convert: writing " + tmp.file("k.bin")), std::string::npos) << conv;
  for (double r : shown_rates(gen + conv)) EXPECT_LT(r, 1e11);
  const std::string quiet =
      run_on_terminal({"generate", "kron", "--scale", "8", "-q", "-o", tmp.file("q.mtx")}, code);
  EXPECT_EQ(quiet.find("drawing the edges"), std::string::npos) << quiet;
}

}  // namespace
