// SPDX-License-Identifier: Apache-2.0
// The CLI's device runs (docs/cuda.md): `spmv`, `mxv` and `compare spmv` with --backend cuda.
// In every build: where the backend cannot run (not built, or no device) each is refused with
// the reason, exit 1, and nothing runs on the CPU in its place; --stream with --backend cuda is
// a usage error (exit 2) before anything runs; CPU runs carry no device fields. Where a device
// is present (a CUDA build run on a GPU machine): the runs succeed, report the device's
// transfers and peak memory, mxv's integer answer equals the CPU's, and compare spmv verifies
// against cuSPARSE.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::test_data;

const std::string karate = test_data("karate.mtx").string();

/// True when --backend cuda runs here (a CUDA build on a machine with a device).
bool device_runs() {
  static const bool runs = run("mxv " + karate + " --backend cuda -q").exit_code == 0;
  return runs;
}

void expect_refused(const std::string& args) {
  const CliRun r = run(args);
  EXPECT_EQ(r.exit_code, 1) << args << "\n" << r.output;
  EXPECT_NE(r.output.find("spgraph: error: cuda: "), std::string::npos) << args << "\n" << r.output;
  EXPECT_EQ(r.output.find("ms"), std::string::npos) << "a result line: " << r.output;
}

TEST(DeviceCli, CudaRunsAreRefusedWithTheReasonWhereTheyCannotRun) {
  if (device_runs()) GTEST_SKIP() << "the CUDA backend runs here";
  expect_refused("spmv " + karate + " --backend cuda");
  expect_refused("spmv " + karate + " --backend cuda --spmv csr5 --iterations 2");
  expect_refused("mxv " + karate + " --backend cuda --json");
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  expect_refused("compare spmv " + karate + " --backend cuda --runs 1");
#endif
}

TEST(DeviceCli, StreamWithCudaIsAUsageErrorInEveryBuild) {
  const CliRun r = run("spmv " + karate + " --backend cuda --stream");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--stream"), std::string::npos) << r.output;
}

TEST(DeviceCli, CpuRunsCarryNoDeviceFields) {
  for (const std::string& args : {"spmv " + karate + " --json --iterations 2",
                                  "mxv " + karate + " --json", "mxv " + karate}) {
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
    EXPECT_EQ(r.output.find("device"), std::string::npos) << args << "\n" << r.output;
  }
}

TEST(DeviceCli, DeviceRunsReportTransfersAndMatchTheCpu) {
  if (!device_runs()) GTEST_SKIP() << "skipped: --backend cuda does not run here";
  for (const std::string& args :
       {"spmv " + karate + " --backend cuda --json --iterations 3",
        "spmv " + karate + " --backend cuda --spmv csr5 --json --iterations 3",
        "spmv " + karate + " --backend cuda --spmv csr --type int64 --semiring min_plus --json",
        "mxv " + karate + " --backend cuda --json"}) {
    const CliRun r = run(args);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.output;
    for (const char* field :
         {"\"device_h2d_bytes\"", "\"device_d2h_bytes\"", "\"device_peak_bytes\""})
      EXPECT_NE(r.output.find(field), std::string::npos) << args << "\n" << r.output;
  }
  // Integer sums are exact on both backends: the same summary line.
  const CliRun cpu = run("mxv " + karate + " --type int64 --semiring plus_times -q");
  const CliRun gpu = run("mxv " + karate + " --type int64 --semiring plus_times -q --backend cuda");
  ASSERT_EQ(cpu.exit_code, 0) << cpu.output;
  ASSERT_EQ(gpu.exit_code, 0) << gpu.output;
  // The line up to its time: "w = A * u over ...: N of M entries, sum S, min A, max B".
  const auto summary = [](const std::string& s) {
    return s.substr(0, s.rfind(',', s.find(" ms on")));
  };
  EXPECT_EQ(summary(gpu.output), summary(cpu.output));
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  const CliRun cmp = run("compare spmv " + karate + " --backend cuda --runs 2 --json");
  EXPECT_EQ(cmp.exit_code, 0) << cmp.output;
  EXPECT_NE(cmp.output.find("\"median_ratio_cusparse\""), std::string::npos) << cmp.output;
#endif
}

}  // namespace
