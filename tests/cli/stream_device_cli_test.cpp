// SPDX-License-Identifier: Apache-2.0
// `spgraph stream --backend cuda` (the dynamic graph in device memory, docs/cuda.md): the flags
// it refuses (--store, --maintain, --out: a usage error, exit 2, naming the flag) in every build; where the
// backend cannot run (not built, no device) the BackendUnavailable error, exit 1, nothing
// answered; where it runs, the same answers as the CPU backend for '? edges', '? degree v' and
// '? bfs s' on a random stream, the other queries refused by name (skipped, or exit 1 under
// --strict), and the device counters in the summary.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::temp_file;
using spgraph::testing::test_data;

const std::string karate = test_data("karate.mtx").string();

/// A random stream over karate's 34 vertices (ids 1..40: some new), with edges, degree and bfs
/// queries between the updates.
std::string random_stream(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::ostringstream s;
  for (int i = 0; i < 400; ++i) {
    const unsigned u = 1 + rng() % 40, v = 1 + rng() % 40;
    const int what = int(rng() % 10);
    if (what < 5)
      s << "+ " << u << " " << v << "\n";
    else if (what < 8)
      s << "- " << u << " " << v << "\n";
    else if (what == 8)
      s << "? degree " << 1 + rng() % 34 << "\n";
    else
      s << (rng() % 2 ? "? edges\n" : "? bfs " + std::to_string(1 + rng() % 34) + "\n");
  }
  return s.str();
}

/// The answer lines of a run without their timings (" ms=...").
std::vector<std::string> answers(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("edges ", 0) && line.rfind("degree ", 0) && line.rfind("bfs ", 0)) continue;
    const std::size_t ms = line.find(" ms=");
    if (ms != std::string::npos) line.erase(ms, line.find(' ', ms + 1) - ms);
    lines.push_back(line);
  }
  return lines;
}

TEST(StreamDeviceCli, FlagsTheDeviceGraphLacksAreRefusedByName) {
  const std::string updates = temp_file("stream_device_flags.txt", "+ 1 2\n? edges\n").string();
  for (const std::string& flag : std::vector<std::string>{
           "--store " + temp_file("stream_device_store", "").string(), std::string("--maintain cc"),
           "--out " + temp_file("stream_device_out.mtx", "").string()}) {
    const CliRun r = run("stream " + karate + " --updates " + updates + " --backend cuda " + flag);
    EXPECT_EQ(r.exit_code, 2) << flag << "\n" << r.output;
    const std::string name = flag.substr(0, flag.find(' '));
    EXPECT_NE(r.output.find(name + " is not supported with --backend cuda"), std::string::npos)
        << r.output;
    EXPECT_EQ(r.output.find("edges "), std::string::npos) << r.output;  // nothing answered
  }
}

TEST(StreamDeviceCli, AnswersAsTheCpuBackendOrIsRefusedWithItsReason) {
  const std::string updates = temp_file("stream_device_random.txt", random_stream(7)).string();
  const CliRun cpu = run("stream " + karate + " --updates " + updates);
  ASSERT_EQ(cpu.exit_code, 0) << cpu.output;
  const CliRun cuda = run("stream " + karate + " --updates " + updates + " --backend cuda");
  if (cuda.exit_code != 0) {  // not built, or no device: the backend's reason, nothing answered
    EXPECT_EQ(cuda.exit_code, 1) << cuda.output;
    EXPECT_NE(cuda.output.find("spgraph: error: cuda: "), std::string::npos) << cuda.output;
    EXPECT_TRUE(answers(cuda.output).empty()) << cuda.output;
    return;
  }
  EXPECT_FALSE(answers(cpu.output).empty());
  EXPECT_EQ(answers(cuda.output), answers(cpu.output));
  EXPECT_NE(cuda.output.find("peak device memory"), std::string::npos) << cuda.output;
}

TEST(StreamDeviceCli, QueriesTheDeviceLacksAreRefusedByName) {
  const std::string updates =
      temp_file("stream_device_pagerank.txt", "+ 1 2\n? pagerank\n").string();
  const CliRun r = run("stream " + karate + " --updates " + updates + " --backend cuda");
  if (r.exit_code == 1 && r.output.find("spgraph: error: cuda: ") != std::string::npos)
    GTEST_SKIP() << "the CUDA backend cannot run here: " << r.output;
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("'? pagerank' is not answered with --backend cuda"), std::string::npos)
      << r.output;
  const CliRun strict =
      run("stream " + karate + " --updates " + updates + " --backend cuda --strict");
  EXPECT_EQ(strict.exit_code, 1) << strict.output;
}

}  // namespace
