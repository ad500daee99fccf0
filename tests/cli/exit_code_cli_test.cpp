// SPDX-License-Identifier: Apache-2.0
// Every exit code docs/cli.md documents: 0 success; 1 error (bad input, invalid argument for this
// graph, I/O); 2 bad command line (unknown subcommand or option, missing or malformed flag,
// conflicting flags), each with one message line naming the problem; 128+N for a stream
// stopped by signal N. Also `--version` and the defaults `--help` shows. Exit code 3 (compare
// answers differ) cannot be reached from the command line: both engines agree on every input,
// and the binary has no hook to make one of them wrong.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "tests/support/spgraph_cli.hpp"
#include "tests/support/test_data.hpp"

namespace {

namespace fs = std::filesystem;
using spgraph::testing::CliRun;
using spgraph::testing::run;
using spgraph::testing::temp_file;
using spgraph::testing::test_data;

const std::string karate = test_data("karate.mtx").string();

TEST(ExitCodeCli, SuccessIsZero) {
  for (const std::string& args :
       std::vector<std::string>{"info " + karate, "bfs " + karate + " --source 1",
                                "closure " + karate + " -q", "--help", "bfs --help", "--version"}) {
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
  }
}

TEST(ExitCodeCli, BadInputOrArgumentForThisGraphIsOne) {
  const fs::path bad =
      temp_file("exit_bad.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 x\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"info /nonexistent/graph.mtx", "/nonexistent/graph.mtx"},
      {"info " + bad.string(), bad.string()},
      {"bfs " + karate + " --source 35", "out of range"},
      {"sssp " + karate + " --source 99", "out of range"},
      {"closure " + karate + " --query 1,99", "out of range"},
  };
  for (const auto& [args, message] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 1) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("spgraph: error: "), std::string::npos) << args << "\n" << r.output;
  }
  fs::remove(bad);
}

TEST(ExitCodeCli, BadCommandLineIsTwo) {
  const fs::path out = temp_file("exit_out.mtx");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "A subcommand is required"},
      {"frobnicate", "unknown subcommand 'frobnicate'"},
      {"bsf " + karate, "valid subcommands: info, convert, generate, bfs"},
      {"compare nope " + karate,
       "unknown subcommand 'nope'; valid subcommands of 'spgraph compare'"},
      {"compare", "A subcommand is required"},
      {"bfs " + karate + " --frobnicate", "--frobnicate"},
      {"bfs", "file is required"},
      {"bfs " + karate, "give --source S or --sources N"},  // missing required source
      {"sssp " + karate, "--source is required"},
      {"bfs " + karate + " --source -1", "--source must be a non-negative integer"},
      {"bfs " + karate + " --source 1 --source 2 --out " + out.string(), "exactly one source"},
      {"compare bfs " + karate + " --runs 0", "--runs must be"},
      {"closure " + karate + " --query 1-4", "--query must be U,V"},
      {"generate urand --out " + out.string(), "urand needs --n"},
      {"generate grid --rows 3 --out " + out.string(), "grid needs --rows and --cols"},
      {"knn " + karate, "give the query vertices with --vertex"},
      {"knn " + karate + " --all --vertex 1", "not both"},
      {"tc " + karate + " --method bogus", "--method"},
      {"bfs " + karate + " --source 1 --threads 100000", "--threads"},
  };
  for (const auto& [args, message] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("spgraph: error: "), std::string::npos) << args << "\n" << r.output;
  }
  EXPECT_FALSE(fs::exists(out));
}

TEST(ExitCodeCli, UnknownSubcommandListsTheValidOnes) {
  const CliRun r = run("frobnicate " + karate);
  EXPECT_EQ(r.exit_code, 2);
  for (const char* sub : {"info", "bfs", "closure", "stream", "compare", "knn"})
    EXPECT_NE(r.output.find(sub), std::string::npos) << sub << "\n" << r.output;
  EXPECT_EQ(r.output.find("A subcommand is required"), std::string::npos) << r.output;
}

/// Waits (polling, with a generous deadline) until the file holds `text`.
bool wait_for_text(const std::string& path, const std::string& text) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (spgraph::testing::read_file(path).find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST(ExitCodeCli, StreamStoppedBySignalIs128PlusN) {
  for (int sig : {SIGINT, SIGTERM}) {
    const fs::path err = temp_file("exit_stream_err_" + std::to_string(sig));
    spgraph::testing::Child c = spgraph::testing::spawn_spgraph(
        {"stream", karate, "--updates", "-"}, "", err.string(), false, /*pipe_stdin=*/true);
    ASSERT_GT(c.pid, 0);
    // A malformed line is reported on stderr once the stream is being read, and so once the
    // graceful stop is armed; the signal comes after that, with stdin still open.
    const std::string line = "bogus line\n";
    ASSERT_EQ(write(c.stdin_fd, line.data(), line.size()), ssize_t(line.size()));
    ASSERT_TRUE(wait_for_text(err.string(), "line skipped")) << spgraph::testing::read_file(err);
    kill(c.pid, sig);
    const int status = spgraph::testing::wait_child(c);
    ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal, not an exit";
    EXPECT_EQ(WEXITSTATUS(status), 128 + sig);
    EXPECT_NE(spgraph::testing::read_file(err).find("stream stopped by"), std::string::npos)
        << spgraph::testing::read_file(err);
    fs::remove(err);
  }
}

// Every flag docs/cli.md gives a subcommand is one it takes (listed in its --help).
// --backend cuda (docs/cuda.md): where it cannot run (not built, or no device), or on a command
// with no CUDA path, it is an error naming the reason, exit 1, and nothing runs on the CPU in
// its place; --backend cpu is the default; another name is a usage error.
TEST(ExitCodeCli, BackendCudaIsRefusedWithItsReason) {
  const CliRun cpu = run("mxv " + karate + " --backend cpu");
  EXPECT_EQ(cpu.exit_code, 0) << cpu.output;
  EXPECT_NE(cpu.output.find("ms on cpu"), std::string::npos) << cpu.output;
  const CliRun cuda = run("mxv " + karate + " --backend cuda");
  if (cuda.exit_code == 0) GTEST_SKIP() << "the CUDA backend ran here: " << cuda.output;
  EXPECT_EQ(cuda.exit_code, 1) << cuda.output;
  EXPECT_NE(cuda.output.find("spgraph: error: cuda: "), std::string::npos) << cuda.output;
  EXPECT_EQ(cuda.output.find("ms on"), std::string::npos) << cuda.output;  // no result line
  // sssp has no CUDA path: refused naming the command where the backend runs, with the
  // backend's own reason where it does not.
  const CliRun sssp = run("sssp " + karate + " --source 1 --backend cuda");
  EXPECT_EQ(sssp.exit_code, 1) << sssp.output;
  EXPECT_NE(sssp.output.find("spgraph: error: cuda: "), std::string::npos) << sssp.output;
  EXPECT_EQ(sssp.output.find("distance"), std::string::npos) << sssp.output;
  const CliRun gpu = run("bfs " + karate + " --source 1 --backend gpu");
  EXPECT_EQ(gpu.exit_code, 2) << gpu.output;
  EXPECT_NE(gpu.output.find("--backend"), std::string::npos) << gpu.output;
}

// The traversals with a CUDA path (algorithms/bfs/bfs_cuda.hpp, algorithms/pagerank/
// pagerank_cuda.hpp) and their compare jobs: where the backend cannot run, the same refusal,
// exit 1, no result printed.
TEST(ExitCodeCli, BackendCudaTraversalsAreRefusedWithTheirReason) {
  const CliRun probe = run("bfs " + karate + " --source 1 --backend cuda");
  if (probe.exit_code == 0) GTEST_SKIP() << "the CUDA backend ran here: " << probe.output;
  for (const std::string& cmd :
       {"bfs " + karate + " --source 1 --backend cuda", "pagerank " + karate + " --backend cuda",
        "pagerank " + karate + " --backend cuda --json",
        "compare bfs " + karate + " --backend cuda",
        "compare pagerank " + karate + " --backend cuda"}) {
    const CliRun r = run(cmd);
    EXPECT_EQ(r.exit_code, 1) << cmd << "\n" << r.output;
    EXPECT_NE(r.output.find("spgraph: error: cuda: "), std::string::npos) << cmd << "\n"
                                                                          << r.output;
    EXPECT_EQ(r.output.find("reached"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("iterations"), std::string::npos) << r.output;
  }
}

// tc, closure and compare mxm (against cuSPARSE) have a CUDA path (issue 35); where it cannot
// run they refuse as mxv does, exit 1 with the reason and no result.
TEST(ExitCodeCli, TcClosureAndCompareMxmRefuseCudaWithItsReason) {
  const CliRun probe = run("tc " + karate + " --backend cuda");
  if (probe.exit_code == 0) GTEST_SKIP() << "the CUDA backend ran here: " << probe.output;
  for (const std::string& cmd :
       {"tc " + karate + " --backend cuda", "tc " + karate + " --per-vertex --backend cuda",
        "closure " + karate + " --backend cuda", "compare mxm " + karate + " --backend cuda"}) {
    const CliRun r = run(cmd);
    EXPECT_EQ(r.exit_code, 1) << cmd << ": " << r.output;
    EXPECT_NE(r.output.find("spgraph: error: cuda: "), std::string::npos)
        << cmd << ": " << r.output;
    EXPECT_EQ(r.output.find("triangles:"), std::string::npos) << cmd << ": " << r.output;
    EXPECT_EQ(r.output.find("pairs"), std::string::npos) << cmd << ": " << r.output;
  }
}

TEST(ExitCodeCli, EveryDocumentedFlagIsAccepted) {
  const std::string shared =
      " --threads --json --quiet --backend --format --base --remap-ids --undirected";
  const std::vector<std::pair<std::string, std::string>> documented = {
      {"info", shared},
      {"convert", "--to --pattern --add-weights --weight-seed" + shared},
      {"generate",
       "--out --weights --scale --edge-factor -A -B -C --seed --n --m --rows --cols --depth "
       "--directed --nnz-per-row --zipf --threads --json --quiet"},
      {"bfs", "--source --sources --method --compute --parents --out --seed --path-to" + shared},
      {"mxv", "--semiring --type --transpose --out" + shared},
      {"spmv", "--semiring --type --iterations --spmv --stream" + shared},
      {"tc", "--method --per-vertex --out" + shared},
      {"closure", "--method --reflexive --count --out --query --max-memory" + shared},
      {"pagerank",
       "--damping --tolerance --iterations --variant --personalize --spmv --out" + shared},
      {"sssp", "--source --method --delta --out --paths --path-to --path-separator" + shared},
      {"cc", "--method --out" + shared},
      {"scc", "--out --repeat" + shared},
      {"cdlp", "--iterations --out --repeat" + shared},
      {"lcc", "--out --repeat" + shared},
      {"kcore", "--k --out --repeat" + shared},
      {"ktruss", "--k --out --repeat" + shared},
      {"graphalytics",
       "--algorithm --source --iterations --damping --out --repeat --threads --json --quiet "
       "--backend"},
      {"communities",
       "--method --resolution --objective --seed --iterations --randomness --max-levels "
       "--unweighted --out" +
           shared},
      {"knn",
       "--vertex --all --k --measure --neighborhood --include-neighbors --include-self --out "
       "--features --queries --threshold" +
           shared},
      {"stream",
       "--updates --batch --strict --no-grow --weighted --duplicates --no-triangles --out" +
           shared},
      {"compare bfs", "--runs --sources --source --compute --seed" + shared},
      {"compare mxm",
       "--runs --semiring --type --mask --structural --complement --transpose-a --transpose-b" +
           shared},
      {"compare spmv", "--runs --semiring --type --spmv --iterations" + shared},
      {"compare tc", "--runs --method" + shared},
      {"compare closure", "--runs --method --no-boost --boost-memory" + shared},
      {"compare pagerank",
       "--runs --damping --tolerance --iterations --variant --personalize --spmv" + shared},
      {"compare sssp", "--runs --source --method --delta" + shared},
      {"compare cc", "--runs --method" + shared},
      {"compare cdlp", "--runs --iterations" + shared},
      {"compare lcc", "--runs" + shared},
#ifdef SPGRAPH_HAVE_IGRAPH
      {"compare louvain", "--runs --resolution --seed --max-levels --unweighted" + shared},
      {"compare leiden",
       "--runs --resolution --objective --seed --iterations --randomness --max-levels "
       "--unweighted" +
           shared},
#endif
      {"compare knn",
       "--runs --vertex --all --k --measure --neighborhood --include-neighbors --include-self "
       "--features --queries --threshold" +
           shared},
  };
  for (const auto& [sub, flags] : documented) {
    const CliRun help = run(sub + " --help");
    ASSERT_EQ(help.exit_code, 0) << sub;
    std::istringstream words(flags);
    std::string flag;
    while (words >> flag) {
      // Listed as "  --flag " or ",--flag " (after a short form; "--boost,--no-boost{false}"
      // for a negated flag), never as a prefix of another.
      const bool listed = help.output.find(" " + flag + " ") != std::string::npos ||
                          help.output.find("," + flag + "{") != std::string::npos ||
                          help.output.find("," + flag + " ") != std::string::npos ||
                          help.output.find(" " + flag + "\n") != std::string::npos ||
                          help.output.find("," + flag + "\n") != std::string::npos;
      EXPECT_TRUE(listed) << sub << " does not take the documented " << flag;
    }
  }
}

TEST(ExitCodeCli, VersionNamesVersionCommitAndBuildOptions) {
  const CliRun r = run("--version");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.rfind("spgraph ", 0), 0u) << r.output;
  for (const char* part : {"commit: ", "build type: ", "OpenMP", "GraphBLAS compare ",
                           "Boost.Graph ", "sanitizer ", "native ", "CUDA backend "})
    EXPECT_NE(r.output.find(part), std::string::npos) << part << "\n" << r.output;
}

TEST(ExitCodeCli, HelpShowsDefaults) {
  const CliRun bfs = run("bfs --help");
  ASSERT_EQ(bfs.exit_code, 0);
  EXPECT_NE(bfs.output.find("=auto"), std::string::npos) << bfs.output;  // --method
  const CliRun pr = run("pagerank --help");
  EXPECT_NE(pr.output.find("=0.85"), std::string::npos) << pr.output;   // --damping
  EXPECT_NE(pr.output.find("=100\n"), std::string::npos) << pr.output;  // --iterations
  const CliRun st = run("stream --help");
  EXPECT_NE(st.output.find("=10000"), std::string::npos) << st.output;  // --batch
}

}  // namespace
