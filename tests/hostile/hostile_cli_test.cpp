// SPDX-License-Identifier: Apache-2.0
// Label "hostile": every spgraph subcommand on every hostile input of tests/data/bad, as the
// table tests/hostile/HOSTILE.tsv says each must end. For each run: no signal, no hang (a
// per-run timeout), the table's exit code, the table's message fragment (or regex), the file's
// path (and "path:LINE:" when the table gives a line), no raw control bytes (ESC, NUL, ...) in
// the output, a bounded amount of output, and no output file left behind. Update streams
// (updates_*) run through `stream GOOD --updates FILE` with and without --strict. A FIFO with
// no writer, /dev/null, a directory and a missing path are rows too (names starting with '@'),
// and so are edgy but legal files (tests/hostile/accept/), which every subcommand must accept.
#include <regex.h>
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/test_data.hpp"

namespace spgraph::testing {
namespace {

namespace fs = std::filesystem;

constexpr int kTimeoutSeconds = 30;             // per run: a hang fails, it does not stall CI
constexpr std::size_t kMaxOutputBytes = 16384;  // an error is a line or two, never an echo

fs::path bad_dir() {
  return test_data("bad");
}
fs::path table_path() {
  return source_dir() / "tests" / "hostile" / "HOSTILE.tsv";
}
fs::path accept_dir() {
  return source_dir() / "tests" / "hostile" / "accept";
}
/// A valid graph that update streams are applied to.
fs::path good_graph() {
  return test_data("karate.mtx");
}

// ---- running the binary ------------------------------------------------------------------------

/// Runs SPGRAPH_CLI with `args` (no shell) as the table's runs all run: stdin on /dev/null,
/// stdout and stderr together, a small machine's memory budget (docs/cli.md: the corpus's gzip
/// bombs expand past half of it), and the child's process group killed after kTimeoutSeconds.
RunResult run_cli(const std::vector<std::string>& args) {
  RunOptions o;
  o.stderr_to = Stderr::Merge;
  o.timeout_seconds = kTimeoutSeconds;
  o.env = {{"SPGRAPH_MEMORY_LIMIT", "64M"}};
  o.keep_bytes = 1 << 20;
  return run_spgraph(args, o);
}

/// `s` with control bytes as \xNN, cut to `max` bytes, for failure messages.
std::string shown(const std::string& s, std::size_t max = 600) {
  std::string t;
  for (std::size_t i = 0; i < s.size() && t.size() < max; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      t += hex;
    } else {
      t += char(c);
    }
  }
  if (t.size() >= max) t += "...";
  return t;
}

/// The first control byte in `s` a terminal would act on (anything below 0x20 but newline and
/// tab, and DEL), or -1.
int first_control_byte(const std::string& s) {
  for (const char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return c;
  }
  return -1;
}

std::string joined(const std::vector<std::string>& args) {
  std::string s = "spgraph";
  for (const std::string& a : args) {
    s += ' ';
    s += shown(a, 200);
  }
  return s;
}

// ---- the table ---------------------------------------------------------------------------------

/// One row of HOSTILE.tsv: file, exit code, fragment ("re:" + regex, case-insensitive, or a
/// plain substring), line (empty: not checked), description.
struct Row {
  std::string file;
  int exit_code = 1;
  std::string fragment;
  long long line = -1;
  std::string what;
};

/// Names a row by its file in test output (instead of gtest's byte dump).
void PrintTo(const Row& r, std::ostream* os) {
  *os << r.file;
}

std::vector<Row> read_table() {
  std::vector<Row> rows;
  std::ifstream in(table_path());
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#' || text.starts_with("file\t")) continue;
    std::vector<std::string> f;
    std::stringstream ss(text);
    std::string cell;
    while (std::getline(ss, cell, '\t')) f.push_back(cell);
    Row r;
    if (f.size() < 3) {
      r.file = "MALFORMED_ROW:" + text;
      rows.push_back(r);
      continue;
    }
    r.file = f[0];
    r.exit_code = std::atoi(f[1].c_str());
    r.fragment = f[2];
    if (f.size() > 3 && !f[3].empty()) r.line = std::atoll(f[3].c_str());
    if (f.size() > 4) r.what = f[4];
    rows.push_back(r);
  }
  return rows;
}

const std::vector<Row>& table() {
  static const std::vector<Row> rows = read_table();
  return rows;
}

/// Update streams are named updates_* (in tests/data/bad or tests/hostile/accept).
bool is_update_stream(const Row& r) {
  return fs::path(r.file).filename().string().starts_with("updates_");
}

std::vector<Row> graph_rows() {
  std::vector<Row> out;
  for (const Row& r : table())
    if (!is_update_stream(r)) out.push_back(r);
  return out;
}

std::vector<Row> update_rows() {
  std::vector<Row> out;
  for (const Row& r : table())
    if (is_update_stream(r)) out.push_back(r);
  return out;
}

std::string test_name(const ::testing::TestParamInfo<Row>& info) {
  std::string n;
  for (const char c : info.param.file) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n.empty() ? "row" + std::to_string(info.index) : n;
}

bool message_matches(const std::string& output, const std::string& fragment) {
  if (!fragment.starts_with("re:")) return output.find(fragment) != std::string::npos;
  // POSIX extended regex: std::regex trips GCC 12's -Wmaybe-uninitialized in ASan builds.
  regex_t re;
  if (regcomp(&re, fragment.c_str() + 3, REG_EXTENDED | REG_ICASE | REG_NOSUB) != 0) return false;
  const bool found = regexec(&re, output.c_str(), 0, nullptr, 0) == 0;
  regfree(&re);
  return found;
}

// ---- per-test scratch space --------------------------------------------------------------------

/// A fresh directory for one test: outputs go to out/, which must stay empty.
class Scratch {
 public:
  Scratch() {
    fs::create_directories(out());
    write_file(empty_updates(), "");
  }
  fs::path root() const { return dir_.path(); }
  fs::path out() const { return root() / "out"; }
  fs::path empty_updates() const { return root() / "empty_updates.txt"; }

  /// The names in out/, which is emptied for the next run.
  std::vector<std::string> take_outputs() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(out())) names.push_back(e.path().filename());
    for (const std::string& n : names) fs::remove_all(out() / n);
    return names;
  }

 private:
  TempDir dir_;
};

/// The file a row names: a file of tests/data/bad, or a special path for '@' rows.
fs::path input_path(const Row& r, const Scratch& s) {
  if (r.file == "@fifo") {
    const fs::path p = s.root() / "no_writer.fifo";
    if (!fs::exists(p)) mkfifo(p.c_str(), 0600);
    return p;
  }
  if (r.file == "@dev_null") return "/dev/null";
  if (r.file == "@directory") return s.root();
  if (r.file == "@missing") return s.root() / "no_such_graph.mtx";
  if (r.file.find('/') != std::string::npos) return source_dir() / "tests" / r.file;
  return bad_dir() / r.file;
}

// ---- the subcommands ---------------------------------------------------------------------------

struct Command {
  std::string name;
  std::vector<std::string> args;  ///< "{F}" input, "{O}" output dir, "{E}" empty update file
};

/// The compare jobs this binary runs, each with whether it takes --runs: `compare --help` lists
/// them, and a build without SuiteSparse:GraphBLAS says "unavailable" when one is run.
std::map<std::string, bool> compare_jobs() {
  static const std::map<std::string, bool> jobs = [] {
    std::map<std::string, bool> found;
    const RunResult help = run_cli({"compare", "--help"});
    if (help.exit_code != 0) return found;
    // The "Subcommands:" list: one "  NAME  description" line per job.
    std::istringstream lines(help.out);
    std::string line;
    while (std::getline(lines, line)) {
      std::istringstream words(line);
      std::string job;
      words >> job;
      if (line.starts_with("  ") && (job == "bfs" || job == "tc" || job == "closure" ||
                                     job == "mxm" || job == "pagerank" || job == "cc")) {
        const RunResult job_help = run_cli({"compare", job, "--help"});
        found[job] = job_help.out.find("--runs") != std::string::npos;
      }
    }
    const RunResult probe = run_cli({"compare", "tc", good_graph().string()});
    if (probe.out.find("unavailable") != std::string::npos) found.clear();
    return found;
  }();
  return jobs;
}

std::vector<Command> graph_commands() {
  std::vector<Command> c = {
      {"info", {"info", "{F}"}},
      {"bfs", {"bfs", "{F}", "--source", "1", "--out", "{O}/bfs.txt"}},
      {"tc", {"tc", "{F}"}},
      {"closure", {"closure", "{F}", "--count"}},
      {"mxv", {"mxv", "{F}", "--out", "{O}/mxv.txt"}},
      {"convert", {"convert", "{F}", "{O}/converted.mtx"}},
      {"stream", {"stream", "{F}", "--updates", "{E}", "--out", "{O}/stream.mtx"}},
      {"pagerank", {"pagerank", "{F}", "--out", "{O}/pagerank.txt"}},
      {"sssp",
       {"sssp", "{F}", "--source", "1", "--method", "bellman-ford", "--out", "{O}/sssp.txt"}},
      {"cc", {"cc", "{F}", "--out", "{O}/cc.txt"}},
      {"cdlp", {"cdlp", "{F}", "--out", "{O}/cdlp.txt"}},
      {"lcc", {"lcc", "{F}", "--out", "{O}/lcc.txt"}},
  };
  for (const auto& [job, has_runs] : compare_jobs()) {
    Command cmd{"compare " + job, {"compare", job, "{F}"}};
    if (job == "bfs") cmd.args.insert(cmd.args.end(), {"--source", "1"});
    if (has_runs) cmd.args.insert(cmd.args.end(), {"--runs", "1"});
    c.push_back(cmd);
  }
  return c;
}

std::vector<std::string> expand(const std::vector<std::string>& args, const fs::path& file,
                                const Scratch& s) {
  std::vector<std::string> out;
  for (std::string a : args) {
    if (a == "{F}") a = file.string();
    if (a == "{E}") a = s.empty_updates().string();
    if (a.starts_with("{O}")) a = s.out().string() + a.substr(3);
    out.push_back(a);
  }
  return out;
}

/// Every check on one run; returns the problems found (empty: the run passed).
std::vector<std::string> check_run(const RunResult& o, int want_code, const std::string& fragment,
                                   const std::string& path, long long line,
                                   const std::vector<std::string>& left_behind) {
  std::vector<std::string> bad;
  if (!o.started) return {"could not start " SPGRAPH_CLI};
  if (o.timed_out) {
    bad.push_back("HANG: still running after " + std::to_string(kTimeoutSeconds) + " s (killed)");
    return bad;
  }
  if (o.signalled) {
    bad.push_back(std::string("CRASH: killed by signal ") + std::to_string(o.signal) + " (" +
                  strsignal(o.signal) + ")");
  } else if (o.exit_code != want_code) {
    bad.push_back("exit code " + std::to_string(o.exit_code) + ", expected " +
                  std::to_string(want_code));
  }
  if (fragment != "-") {
    if (!message_matches(o.out, fragment)) bad.push_back("message lacks '" + fragment + "'");
    if (o.out.find(path) == std::string::npos) {
      bad.push_back("message does not name the file " + path);
    } else if (line > 0) {
      const std::string at = path + ":" + std::to_string(line) + ":";
      if (o.out.find(at) == std::string::npos) bad.push_back("message lacks '" + at + "'");
    }
  }
  if (const int c = first_control_byte(o.out); c >= 0) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", c);
    bad.push_back(std::string("raw control byte ") + hex + " in the output");
  }
  if (o.out_bytes > kMaxOutputBytes)
    bad.push_back(std::to_string(o.out_bytes) + " bytes of output (limit " +
                  std::to_string(kMaxOutputBytes) + ")");
  if (want_code != 0)
    for (const std::string& f : left_behind) bad.push_back("left an output file behind: " + f);
  return bad;
}

void report(const std::vector<std::string>& args, const RunResult& o,
            const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  std::string all;
  for (const std::string& p : problems) all += "\n  - " + p;
  ADD_FAILURE() << joined(args) << all << "\n  output: " << shown(o.out);
}

/// The listing of tests/data/bad: no run may add to it.
std::set<std::string> bad_dir_listing() {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(bad_dir())) names.insert(e.path().filename());
  return names;
}

// ---- the tests ---------------------------------------------------------------------------------

class HostileGraph : public ::testing::TestWithParam<Row> {};

TEST_P(HostileGraph, EverySubcommandFailsCleanly) {
  const Row& row = GetParam();
  SCOPED_TRACE(row.file + (row.what.empty() ? "" : " (" + row.what + ")"));
  Scratch scratch;
  const fs::path file = input_path(row, scratch);
  ASSERT_TRUE(row.file.starts_with("@") || fs::exists(file)) << file << " is missing";
  EXPECT_TRUE(row.exit_code != 0 || row.fragment == "-")
      << "an accepted file's row has '-' for the message";
  const auto before = bad_dir_listing();
  for (const Command& cmd : graph_commands()) {
    const std::vector<std::string> args = expand(cmd.args, file, scratch);
    const RunResult o = run_cli(args);
    report(
        args, o,
        check_run(o, row.exit_code, row.fragment, file.string(), row.line, scratch.take_outputs()));
  }
  EXPECT_EQ(bad_dir_listing(), before) << "a run wrote into tests/data/bad";
}

INSTANTIATE_TEST_SUITE_P(Table, HostileGraph, ::testing::ValuesIn(graph_rows()), test_name);

class HostileUpdates : public ::testing::TestWithParam<Row> {};

TEST_P(HostileUpdates, StrictStopsAndLenientSkipsTheLine) {
  const Row& row = GetParam();
  SCOPED_TRACE(row.file + (row.what.empty() ? "" : " (" + row.what + ")"));
  Scratch scratch;
  const fs::path file = input_path(row, scratch);
  ASSERT_TRUE(fs::exists(file)) << file << " is missing";
  const std::string graph = good_graph().string();
  {
    const std::vector<std::string> args = {
        "stream",      graph,      "--weighted", "--updates",
        file.string(), "--strict", "--out",      (scratch.out() / "g.mtx").string()};
    const RunResult o = run_cli(args);
    report(
        args, o,
        check_run(o, row.exit_code, row.fragment, file.string(), row.line, scratch.take_outputs()));
  }
  {
    const std::vector<std::string> args = {"stream", graph, "--weighted", "--updates",
                                           file.string()};
    const RunResult o = run_cli(args);
    std::vector<std::string> problems =
        check_run(o, 0, row.fragment, file.string(), row.line, scratch.take_outputs());
    const bool skipped = o.out.find("line skipped") != std::string::npos;
    if (row.exit_code != 0 && !skipped)
      problems.push_back("lenient run does not say 'line skipped'");
    if (row.exit_code == 0 && skipped) problems.push_back("an accepted stream had a line skipped");
    report(args, o, problems);
  }
}

INSTANTIATE_TEST_SUITE_P(Table, HostileUpdates, ::testing::ValuesIn(update_rows()), test_name);

TEST(HostileTable, ListsEveryBadFileAndOnlyFilesThatExist) {
  std::set<std::string> listed;
  for (const Row& r : table()) {
    EXPECT_FALSE(r.file.starts_with("MALFORMED_ROW:")) << r.file;
    EXPECT_TRUE(listed.insert(r.file).second) << r.file << " is listed twice";
    if (!r.file.starts_with("@")) {
      const fs::path p = r.file.find('/') != std::string::npos ? source_dir() / "tests" / r.file
                                                               : bad_dir() / r.file;
      EXPECT_TRUE(fs::exists(p)) << r.file << " is listed but missing";
    }
    EXPECT_FALSE(r.fragment.empty()) << r.file << " has no expected message";
  }
  for (const std::string& name : bad_dir_listing())
    if (name != "EXPECTED.tsv") {
      EXPECT_TRUE(listed.count(name)) << name << " is in tests/data/bad but not in HOSTILE.tsv";
    }
  for (const auto& e : fs::directory_iterator(accept_dir())) {
    const std::string name = "hostile/accept/" + e.path().filename().string();
    EXPECT_TRUE(listed.count(name)) << name << " is not in HOSTILE.tsv";
  }
  EXPECT_GE(listed.size(), 100u);
}

TEST(HostileTable, EveryFileIsSmall) {
  for (const fs::path& dir : {bad_dir(), accept_dir()})
    for (const auto& e : fs::directory_iterator(dir))
      EXPECT_LE(fs::file_size(e.path()), 100u * 1024) << e.path() << " is too big for the repo";
}

TEST(HostileCli, GoodGraphRunsCleanlyUnderTheSameHarness) {
  // The harness itself: a valid graph passes every subcommand with exit 0.
  Scratch scratch;
  for (const Command& cmd : graph_commands()) {
    const std::vector<std::string> args = expand(cmd.args, good_graph(), scratch);
    const RunResult o = run_cli(args);
    EXPECT_FALSE(o.signalled || o.timed_out) << joined(args) << "\n" << shown(o.out);
    EXPECT_EQ(o.exit_code, 0) << joined(args) << "\n" << shown(o.out);
    scratch.take_outputs();
  }
}

}  // namespace
}  // namespace spgraph::testing
