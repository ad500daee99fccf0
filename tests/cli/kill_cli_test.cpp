// SPDX-License-Identifier: Apache-2.0
// Writers killed at random points, so that no kill leaves a half-written file that loads as valid:
// convert to .txt / .mtx / .bin / .mtx.gz, bfs --out and stream --out are started on a generated
// graph of about 16 MB (binary) and sent SIGKILL or SIGTERM after a random delay within the time an
// uninterrupted run takes. Afterwards the target must be absent (if it was), hold its old content
// (if it had one), or be complete: it loads, with the right number of entries. No other file may be
// left beside it, except the hidden temporary file that SIGKILL (which no process can catch) may
// leave. Every outcome of the race is accepted, so the test does not depend on timing; the seed is
// printed.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/spgraph_cli.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::Child;
using spgraph::testing::CliRun;
using spgraph::testing::read_file;
using spgraph::testing::run;
using spgraph::testing::spawn_spgraph;
using spgraph::testing::temp_file;
using spgraph::testing::wait_child;

const std::string kOld = "old content, not a graph\n";

/// The integer after "KEY": in JSON output, or -1.
long long json_int(const std::string& out, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex("\"" + key + "\": ([0-9]+)"))) return -1;
  return std::stoll(m[1].str());
}

struct Writer {
  std::string name;
  std::vector<std::string> args;  ///< "TARGET" stands for the output path
  std::string target;             ///< file name in the test directory
  /// True when the file at `path` is a complete output; `err` is the writer's stderr.
  std::function<bool(const std::string& path, const std::string& err)> complete;
};

class KillTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = temp_file("kill_dir");
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    src_ = (dir_ / "src.bin").string();
    const CliRun g = run("generate kron --scale 17 --edge-factor 16 --seed 5 --out " + src_);
    ASSERT_EQ(g.exit_code, 0) << g.output;
    const CliRun info = run("info --json " + src_);
    ASSERT_EQ(info.exit_code, 0) << info.output;
    entries_ = json_int(info.output, "entries");
    edges_ = json_int(info.output, "edges");
    n_ = json_int(info.output, "nrows");
    ASSERT_GT(entries_, 0);
    // 200,000 inserts for stream.
    std::mt19937_64 rng(7);
    std::string ups;
    for (int k = 0; k < 200000; ++k)
      ups += "+ " + std::to_string(rng() % n_) + " " + std::to_string(rng() % n_) + "\n";
    updates_ = (dir_ / "updates.txt").string();
    std::ofstream(updates_) << ups;
  }
  void TearDown() override { fs::remove_all(dir_); }

  bool loads_with_entries(const std::string& path, long long entries) const {
    const CliRun r = run("info --json " + path + " -q");
    return r.exit_code == 0 && json_int(r.output, "entries") == entries;
  }

  std::vector<Writer> writers() const {
    std::vector<Writer> w;
    auto graph_complete = [this](const std::string& path, const std::string&) {
      return loads_with_entries(path, entries_);
    };
    for (const char* ext : {"txt", "mtx", "bin", "mtx.gz"})
      w.push_back({std::string("convert to .") + ext,
                   {"convert", src_, "TARGET"},
                   std::string("out.") + ext,
                   graph_complete});
    w.push_back({"bfs --out",
                 {"bfs", src_, "--source", "0", "--out", "TARGET"},
                 "levels.txt",
                 [this](const std::string& path, const std::string&) {
                   const std::string text = read_file(path);
                   return text.rfind("# vertex level parent\n", 0) == 0 &&
                          std::count(text.begin(), text.end(), '\n') == n_ + 1 &&
                          text.back() == '\n';
                 }});
    w.push_back(
        {"stream --out",
         {"stream", src_, "--updates", updates_, "--out", "TARGET"},
         "streamed.bin",
         [this](const std::string& path, const std::string& err) {
           const CliRun r = run("info --json " + path + " -q");
           if (r.exit_code != 0) return false;
           const long long edges = json_int(r.output, "edges");
           // Only inserts: between the graph's edges and 200,000 more.
           if (edges < edges_ || edges > edges_ + 200000) return false;
           // When the summary was printed, the file holds exactly its edges.
           std::smatch m;
           if (std::regex_search(err, m, std::regex("graph: [0-9]+ vertices, ([0-9]+) edges")))
             return std::stoll(m[1].str()) == edges;
           return true;
         }});
    return w;
  }

  fs::path dir_;
  std::string src_, updates_;
  long long entries_ = 0, edges_ = 0, n_ = 0;
};

std::vector<std::string> substitute(std::vector<std::string> args, const std::string& target) {
  for (std::string& a : args)
    if (a == "TARGET") a = target;
  return args;
}

TEST_F(KillTest, KilledWritersLeaveTheOldFileOrACompleteOne) {
  const unsigned seed = unsigned(std::chrono::steady_clock::now().time_since_epoch().count());
  std::printf("kill test seed %u\n", seed);
  std::mt19937 rng(seed);
  const std::string err_path = (dir_ / "err.txt").string();
  for (const Writer& w : writers()) {
    SCOPED_TRACE(w.name);
    const std::string target = (dir_ / w.target).string();
    // An uninterrupted run: it works, and how long it takes bounds the delays.
    fs::remove(target);
    const auto t0 = std::chrono::steady_clock::now();
    Child ref = spawn_spgraph(substitute(w.args, target), "", err_path);
    const int ref_status = wait_child(ref);
    const double ref_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ASSERT_TRUE(WIFEXITED(ref_status) && WEXITSTATUS(ref_status) == 0) << read_file(err_path);
    ASSERT_TRUE(w.complete(target, read_file(err_path))) << w.name << ": the reference run";
    struct Trial {
      int sig;
      bool old;
      double from, to;  ///< the delay's range, as fractions of the uninterrupted run
    };
    std::vector<Trial> trials = {{SIGKILL, false, 0, 1.2},
                                 {SIGTERM, true, 0, 1.2},
                                 {SIGKILL, true, 0, 1.2},
                                 {SIGTERM, false, 0, 1.2}};
    // stream: SIGTERM late in the run too, where it usually stops the stream gracefully.
    if (w.name == "stream --out")
      for (bool old : {false, true}) trials.push_back({SIGTERM, old, 0.6, 1.0});
    int absent = 0, old = 0, complete = 0, temps = 0, graceful_stops = 0;
    for (const Trial& trial : trials) {
      fs::remove(target);
      if (trial.old) std::ofstream(target) << kOld;
      const int delay_ms =
          int(std::uniform_real_distribution<double>(trial.from * ref_ms, trial.to * ref_ms)(rng));
      SCOPED_TRACE((trial.sig == SIGKILL ? "SIGKILL after " : "SIGTERM after ") +
                   std::to_string(delay_ms) + " ms, target " + (trial.old ? "present" : "absent") +
                   " before");
      Child c = spawn_spgraph(substitute(w.args, target), "", err_path);
      ASSERT_GT(c.pid, 0);
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      kill(c.pid, trial.sig);
      const int status = wait_child(c);
      const std::string err = read_file(err_path);
      // Finished first, stopped gracefully (stream: 128 + SIGTERM), or ended by the signal.
      const bool finished = WIFEXITED(status) && WEXITSTATUS(status) == 0;
      const bool graceful = WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM &&
                            trial.sig == SIGTERM && w.name == "stream --out";
      const bool killed = WIFSIGNALED(status) && WTERMSIG(status) == trial.sig;
      EXPECT_TRUE(finished || graceful || killed) << "status " << status << ": " << err;
      graceful_stops += graceful;
      if (graceful) {
        EXPECT_NE(err.find("stream stopped by SIGTERM"), std::string::npos) << err;
      }
      // Nothing beside the target but the inputs, and after SIGKILL the hidden temporary file.
      const std::regex temp("\\." + std::regex_replace(w.target, std::regex("\\."), "\\.") +
                            "\\.spgraph-[A-Za-z0-9]{6}");
      for (const auto& e : fs::directory_iterator(dir_)) {
        const std::string name = e.path().filename();
        if (name == "src.bin" || name == "updates.txt" || name == "err.txt" || name == w.target)
          continue;
        EXPECT_TRUE(trial.sig == SIGKILL && std::regex_match(name, temp)) << "left: " << name;
        ++temps;
        fs::remove(e.path());
      }
      // The target: absent, its old content, or complete.
      if (!fs::exists(target)) {
        ++absent;
        EXPECT_FALSE(trial.old) << "the old file was removed";
        EXPECT_FALSE(finished || graceful) << "a finished run left no output";
      } else if (read_file(target) == kOld) {
        ++old;
        EXPECT_TRUE(trial.old);
        EXPECT_FALSE(finished || graceful) << "a finished run left the old file";
      } else {
        ++complete;
        EXPECT_TRUE(w.complete(target, err)) << "a partial or wrong output at " << w.target;
      }
    }
    std::printf(
        "%-18s %6.0f ms uninterrupted; after the kills: %d absent, %d old, %d complete "
        "(%d graceful stops), %d temporary files left by SIGKILL\n",
        w.name.c_str(), ref_ms, absent, old, complete, graceful_stops, temps);
    fs::remove(target);
  }
}

}  // namespace
